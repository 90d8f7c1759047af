/*
 * nvdiff: compare the methods of two nvsim traces (docs/trace.md).
 *
 *   nvdiff [-c PAT] [-m PAT] [-s RANGE] [-x PAT]... A B
 *
 * The method streams are aligned (longest common subsequence, Myers'
 * O(ND) algorithm) on what a method means rather than on its raw bits: a
 * relocated word compares as the buffer (domain, size) and offset it
 * points at, a handle as the object it names (class and creation order),
 * so that buffer placement and handle choices do not show as differences.
 * What is left is printed as methods whose value changed (the same method
 * of the same class in the same place of both streams) and methods that
 * appear in one trace only.  -c, -m and -s select methods as in nvdump;
 * -x PAT drops methods whose name matches PAT (e.g. a fence counter).
 *
 * Beyond 3000 differences (memory: D^2) the alignment falls back to a
 * greedy walk that resynchronises within 32 methods, and says so.
 *
 * Exit status: 0 the same, 1 different, 2 trouble (bad input, with the
 * line).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   /* FNM_CASEFOLD */
#endif
#include <fnmatch.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "nvhwdb_names.h"
#include "nvtrace_read.h"

/* Beyond this many differences the alignment's memory (D^2 words) is not
 * worth it: narrow the comparison down instead. */
#define NVDIFF_MAX_D 3000
#define NVDIFF_MAX_EXCLUDE 16

struct item {
   int64_t seq;
   unsigned line;
   uint32_t ch, subc, oclass, mthd, data;
   bool has_class;
   char *norm;                /* normalised value, NULL: the raw value */
   uint64_t key;
};

struct stream {
   const char *path;
   struct item *items;
   size_t num, cap;
};

struct opts {
   struct nvtrace_filter filter;
   const char *exclude[NVDIFF_MAX_EXCLUDE];
   unsigned num_exclude;
};

static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
   const uint8_t *b = p;
   for (size_t i = 0; i < n; i++) {
      h ^= b[i];
      h *= 0x100000001b3ull;
   }
   return h;
}

static bool
excluded(const struct opts *o, const struct nvtrace_event *ev)
{
   if (!o->num_exclude)
      return false;
   char name[96];
   nvhwdb_method_name(ev->has_class ? ev->oclass : 0, ev->mthd, name,
                      sizeof(name));
   for (unsigned i = 0; i < o->num_exclude; i++) {
      if (!fnmatch(o->exclude[i], name, FNM_CASEFOLD))
         return true;
   }
   return false;
}

static int
load(const char *path, const struct opts *o, struct stream *s)
{
   char err[512];
   struct nvtrace_reader *r = nvtrace_open(path, err, sizeof(err));
   s->path = path;
   if (!r) {
      fprintf(stderr, "nvdiff: %s\n", err);
      return -1;
   }
   struct nvtrace_event ev;
   int ret;
   while ((ret = nvtrace_next(r, &ev)) > 0) {
      if (ev.kind != NVTRACE_METHOD || !nvtrace_filter_match(&o->filter, &ev) ||
          excluded(o, &ev))
         continue;
      if (s->num == s->cap) {
         size_t cap = s->cap ? s->cap * 2 : 4096;
         void *n = realloc(s->items, cap * sizeof(*s->items));
         if (!n) {
            fprintf(stderr, "nvdiff: %s: out of memory\n", path);
            ret = -2;
            break;
         }
         s->items = n;
         s->cap = cap;
      }
      struct item *it = &s->items[s->num++];
      char norm[160];
      memset(it, 0, sizeof(*it));
      it->seq = ev.seq;
      it->line = ev.line;
      it->ch = ev.ch;
      it->subc = ev.subc;
      it->has_class = ev.has_class;
      it->oclass = ev.has_class ? ev.oclass : 0;
      it->mthd = ev.mthd;
      it->data = ev.data;
      if (nvtrace_value_norm(r, &ev, norm, sizeof(norm)))
         it->norm = strdup(norm);
      /* what is compared: channel, class, method, meaning of the value
       * (not the subchannel: two drivers may bind differently) */
      uint64_t h = 0xcbf29ce484222325ull;
      h = fnv(h, &it->ch, sizeof(it->ch));
      h = fnv(h, &it->has_class, sizeof(it->has_class));
      h = fnv(h, &it->oclass, sizeof(it->oclass));
      h = fnv(h, &it->mthd, sizeof(it->mthd));
      if (it->norm)
         h = fnv(h, it->norm, strlen(it->norm));
      else
         h = fnv(h, &it->data, sizeof(it->data));
      it->key = h;
   }
   if (ret == -1)
      fprintf(stderr, "nvdiff: %s\n", nvtrace_error(r));
   nvtrace_close(r);
   return ret < 0 ? -1 : 0;
}

static bool
same_method(const struct item *a, const struct item *b)
{
   return a->ch == b->ch && a->has_class == b->has_class &&
          a->oclass == b->oclass && a->mthd == b->mthd;
}

static bool
equal(const struct item *a, const struct item *b)
{
   if (a->key != b->key || !same_method(a, b))
      return false;
   if (a->norm || b->norm)
      return a->norm && b->norm && !strcmp(a->norm, b->norm);
   return a->data == b->data;
}

enum op { OP_EQ, OP_DEL, OP_INS };

struct edit {
   enum op op;
   size_t a, b;
};

/* Myers' greedy LCS over a[0..n) and b[0..m); fills *edits in order.  -1
 * when more than NVDIFF_MAX_D differences or out of memory. */
static int
align(const struct item *a, size_t n, const struct item *b, size_t m,
      struct edit **edits, size_t *num_edits)
{
   size_t max = n + m;
   size_t dlim = max < NVDIFF_MAX_D ? max : NVDIFF_MAX_D;
   long **vs = calloc(dlim + 1, sizeof(*vs));
   long found = -1;
   if (!vs)
      return -1;

   for (size_t d = 0; d <= dlim && found < 0; d++) {
      long *v = malloc((2 * d + 1) * sizeof(long));
      if (!v)
         break;
      vs[d] = v;
      long *pv = d ? vs[d - 1] : NULL;
      for (long k = -(long)d; k <= (long)d; k += 2) {
         long x;
         if (d == 0)
            x = 0;
         else if (k == -(long)d ||
                  (k != (long)d && pv[k - 1 + (long)d - 1] <
                                   pv[k + 1 + (long)d - 1]))
            x = pv[k + 1 + (long)d - 1];          /* from above: insert */
         else
            x = pv[k - 1 + (long)d - 1] + 1;      /* from the left: delete */
         long y = x - k;
         while ((size_t)x < n && (size_t)y < m && y >= 0 &&
                equal(&a[x], &b[y])) {
            x++;
            y++;
         }
         v[k + (long)d] = x;
         if ((size_t)x >= n && (size_t)y >= m) {
            found = (long)d;
            break;
         }
      }
   }

   int ret = -1;
   if (found >= 0) {
      /* walk back from (n, m), collecting the edits in reverse */
      size_t cap = n + m + 1, num = 0;
      struct edit *e = malloc(cap * sizeof(*e));
      if (e) {
         long x = (long)n, y = (long)m;
         for (long d = found; d > 0; d--) {
            long k = x - y;
            long *pv = vs[d - 1];
            bool down = k == -d || (k != d && pv[k - 1 + d - 1] <
                                                pv[k + 1 + d - 1]);
            long pk = down ? k + 1 : k - 1;
            long px = pv[pk + d - 1], py = px - pk;
            long sx = down ? px : px + 1;      /* where the snake starts */
            while (x > sx) {
               x--;
               y--;
               e[num++] = (struct edit) { OP_EQ, (size_t)x, (size_t)y };
            }
            if (down)
               e[num++] = (struct edit) { OP_INS, (size_t)px, (size_t)py };
            else
               e[num++] = (struct edit) { OP_DEL, (size_t)px, (size_t)py };
            x = px;
            y = py;
         }
         while (x > 0) {
            x--;
            y--;
            e[num++] = (struct edit) { OP_EQ, (size_t)x, (size_t)y };
         }
         for (size_t i = 0; i < num / 2; i++) {
            struct edit t = e[i];
            e[i] = e[num - 1 - i];
            e[num - 1 - i] = t;
         }
         *edits = e;
         *num_edits = num;
         ret = 0;
      }
   }
   for (size_t d = 0; d <= dlim; d++)
      free(vs[d]);
   free(vs);
   return ret;
}

/* Alignment when Myers gives up: walk both streams, and at a mismatch
 * take the nearest point (within NVDIFF_WINDOW items on each side) where
 * they agree again for two items; without one, call the two items a
 * change.  Linear in the length, and good enough for long runs that
 * differ in bulk (one trace has more frames). */
#define NVDIFF_WINDOW 32

static bool
resyncs(const struct item *a, size_t n, const struct item *b, size_t m,
        size_t i, size_t j)
{
   if (i >= n || j >= m || !equal(&a[i], &b[j]))
      return false;
   return i + 1 == n || j + 1 == m || equal(&a[i + 1], &b[j + 1]);
}

static int
align_greedy(const struct item *a, size_t n, const struct item *b, size_t m,
             struct edit **edits, size_t *num_edits)
{
   struct edit *e = malloc((n + m + 1) * sizeof(*e));
   size_t num = 0, i = 0, j = 0;
   if (!e)
      return -1;
   while (i < n && j < m) {
      if (equal(&a[i], &b[j])) {
         e[num++] = (struct edit) { OP_EQ, i++, j++ };
         continue;
      }
      size_t di = 0, dj = 0;
      bool found = false;
      for (size_t sum = 1; sum <= 2 * NVDIFF_WINDOW && !found; sum++) {
         for (size_t x = 0; x <= sum && !found; x++) {
            if (x > NVDIFF_WINDOW || sum - x > NVDIFF_WINDOW)
               continue;
            if (resyncs(a, n, b, m, i + x, j + sum - x)) {
               di = x;
               dj = sum - x;
               found = true;
            }
         }
      }
      if (!found)
         di = dj = 1;
      for (size_t k = 0; k < di; k++)
         e[num++] = (struct edit) { OP_DEL, i++, j };
      for (size_t k = 0; k < dj; k++)
         e[num++] = (struct edit) { OP_INS, i, j++ };
   }
   while (i < n)
      e[num++] = (struct edit) { OP_DEL, i++, j };
   while (j < m)
      e[num++] = (struct edit) { OP_INS, i, j++ };
   *edits = e;
   *num_edits = num;
   return 0;
}

static void
describe(const struct item *it, char *buf, size_t n)
{
   char text[512], cname[32];
   nvhwdb_method_decode(it->has_class ? it->oclass : 0, it->mthd, it->data,
                        text, sizeof(text));
   snprintf(buf, n, "%s %s%s%s", it->has_class ?
            nvtrace_class_name(it->oclass, cname, sizeof(cname)) :
            "(unbound)", text, it->norm ? "  -> " : "",
            it->norm ? it->norm : "");
}

static void
where(const struct item *it, char *buf, size_t n)
{
   snprintf(buf, n, "line %u, exec %" PRId64 ", ch %u", it->line, it->seq,
            it->ch);
}

static void
usage(FILE *f)
{
   fprintf(f,
      "usage: nvdiff [options] A B\n"
      "  -c, --class PAT     only methods of classes matching PAT\n"
      "  -m, --method PAT    only methods whose name matches PAT\n"
      "  -s, --submit RANGE  only executions N, N-M or N- (both traces)\n"
      "  -x, --exclude PAT   ignore methods whose name matches PAT\n"
      "exit status: 0 same, 1 different, 2 trouble\n");
}

int
main(int argc, char **argv)
{
   static const struct option lopts[] = {
      { "class", required_argument, NULL, 'c' },
      { "method", required_argument, NULL, 'm' },
      { "submit", required_argument, NULL, 's' },
      { "exclude", required_argument, NULL, 'x' },
      { "help", no_argument, NULL, 'h' },
      { NULL, 0, NULL, 0 },
   };
   struct opts o = { 0 };
   nvtrace_filter_init(&o.filter);
   int c;
   while ((c = getopt_long(argc, argv, "c:m:s:x:h", lopts, NULL)) != -1) {
      switch (c) {
      case 'c': o.filter.class_pat = optarg; break;
      case 'm': o.filter.method_pat = optarg; break;
      case 's':
         if (!nvtrace_filter_range(&o.filter, optarg)) {
            fprintf(stderr, "nvdiff: bad range '%s' (want N, N-M or N-)\n",
                    optarg);
            return 2;
         }
         break;
      case 'x':
         if (o.num_exclude == NVDIFF_MAX_EXCLUDE) {
            fprintf(stderr, "nvdiff: at most %u -x patterns\n",
                    NVDIFF_MAX_EXCLUDE);
            return 2;
         }
         o.exclude[o.num_exclude++] = optarg;
         break;
      case 'h': usage(stdout); return 0;
      default: usage(stderr); return 2;
      }
   }
   if (optind != argc - 2) {
      usage(stderr);
      return 2;
   }

   struct stream sa = { 0 }, sb = { 0 };
   if (load(argv[optind], &o, &sa) || load(argv[optind + 1], &o, &sb))
      return 2;

   /* the common head and tail need no alignment */
   size_t pre = 0;
   while (pre < sa.num && pre < sb.num &&
          equal(&sa.items[pre], &sb.items[pre]))
      pre++;
   size_t suf = 0;
   while (suf < sa.num - pre && suf < sb.num - pre &&
          equal(&sa.items[sa.num - 1 - suf], &sb.items[sb.num - 1 - suf]))
      suf++;

   struct edit *edits = NULL;
   size_t num_edits = 0;
   bool greedy = false;
   if (align(sa.items + pre, sa.num - pre - suf, sb.items + pre,
             sb.num - pre - suf, &edits, &num_edits)) {
      greedy = true;
      if (align_greedy(sa.items + pre, sa.num - pre - suf, sb.items + pre,
                       sb.num - pre - suf, &edits, &num_edits)) {
         fprintf(stderr, "nvdiff: out of memory\n");
         return 2;
      }
   }

   unsigned changed = 0, only_a = 0, only_b = 0;
   char d1[768], d2[768], w1[96], w2[96];
   for (size_t i = 0; i < num_edits;) {
      if (edits[i].op == OP_EQ) {
         i++;
         continue;
      }
      /* a hunk: consecutive deletions and insertions */
      size_t end = i;
      while (end < num_edits && edits[end].op != OP_EQ)
         end++;
      bool *used = calloc(end - i, sizeof(bool));
      if (!used)
         return 2;
      printf("@@ %s: line %u | %s: line %u\n", sa.path,
             pre + edits[i].a < sa.num ? sa.items[pre + edits[i].a].line : 0,
             sb.path,
             pre + edits[i].b < sb.num ? sb.items[pre + edits[i].b].line : 0);
      for (size_t j = i; j < end; j++) {
         if (edits[j].op != OP_DEL)
            continue;
         const struct item *x = &sa.items[pre + edits[j].a];
         size_t match = end;
         for (size_t k = i; k < end && match == end; k++) {
            if (edits[k].op == OP_INS && !used[k - i] &&
                same_method(x, &sb.items[pre + edits[k].b]))
               match = k;
         }
         describe(x, d1, sizeof(d1));
         where(x, w1, sizeof(w1));
         if (match < end) {
            const struct item *y = &sb.items[pre + edits[match].b];
            used[match - i] = true;
            used[j - i] = true;
            describe(y, d2, sizeof(d2));
            where(y, w2, sizeof(w2));
            printf("changed:\n  a: %s   (%s)\n  b: %s   (%s)\n", d1, w1, d2,
                   w2);
            changed++;
         }
      }
      for (size_t j = i; j < end; j++) {
         if (used[j - i])
            continue;
         const struct item *x = edits[j].op == OP_DEL ?
            &sa.items[pre + edits[j].a] : &sb.items[pre + edits[j].b];
         describe(x, d1, sizeof(d1));
         where(x, w1, sizeof(w1));
         printf("only in %s: %s   (%s)\n", edits[j].op == OP_DEL ? "a" : "b",
                d1, w1);
         if (edits[j].op == OP_DEL)
            only_a++;
         else
            only_b++;
      }
      free(used);
      i = end;
   }
   if (greedy)
      printf("(more than %u differences: aligned approximately; narrow the "
             "comparison with -c, -m, -s or -x for an exact one)\n",
             NVDIFF_MAX_D);
   printf("%u changed, %u only in a, %u only in b (%zu and %zu methods "
          "compared)\n", changed, only_a, only_b, sa.num, sb.num);

   free(edits);
   for (size_t i = 0; i < sa.num; i++)
      free(sa.items[i].norm);
   for (size_t i = 0; i < sb.num; i++)
      free(sb.items[i].norm);
   free(sa.items);
   free(sb.items);
   return changed || only_a || only_b ? 1 : 0;
}
