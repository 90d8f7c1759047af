/*
 * The nvsim trace reader (docs/trace.md).  Every line is checked: a wrong
 * field count, a number that does not parse, an event about a buffer or a
 * byte range that does not exist, or a last line cut short is an error
 * naming the file and line.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   /* FNM_CASEFOLD */
#endif
#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fifo.xml.h"
#include "nvhwdb_names.h"
#include "nvtrace_read.h"

#define NVTRACE_VERSION 1
#define MAX_FIELDS 16

struct nvtrace_reader {
   FILE *f;
   char *path;
   unsigned line;
   char *buf;
   size_t cap;
   char err[512];
   bool header;
   uint32_t chipset;
   uint64_t vram_size, gart_size;

   struct nvtrace_bo *bos;    /* bos[id - 1] */
   unsigned num_bos, cap_bos;
   struct nvtrace_object *objs;
   unsigned num_objs, cap_objs;

   bool in_exec;
   uint32_t exec_ch;
   int64_t seq;
};

static int
fail(struct nvtrace_reader *r, const char *fmt, ...)
{
   int len = snprintf(r->err, sizeof(r->err), "%s:%u: error: ", r->path,
                      r->line);
   va_list ap;
   va_start(ap, fmt);
   if (len >= 0 && (size_t)len < sizeof(r->err))
      vsnprintf(r->err + len, sizeof(r->err) - len, fmt, ap);
   va_end(ap);
   return -1;
}

struct nvtrace_reader *
nvtrace_open(const char *path, char *err, size_t n)
{
   struct nvtrace_reader *r = calloc(1, sizeof(*r));
   if (r)
      r->path = strdup(path);
   if (!r || !r->path) {
      snprintf(err, n, "%s: out of memory", path);
      free(r);
      return NULL;
   }
   r->f = fopen(path, "r");
   if (!r->f) {
      snprintf(err, n, "%s: %s", path, strerror(errno));
      free(r->path);
      free(r);
      return NULL;
   }
   return r;
}

void
nvtrace_close(struct nvtrace_reader *r)
{
   if (!r)
      return;
   for (unsigned i = 0; i < r->num_bos; i++)
      free(r->bos[i].contents);
   free(r->bos);
   free(r->objs);
   free(r->buf);
   free(r->path);
   if (r->f)
      fclose(r->f);
   free(r);
}

const char *
nvtrace_error(const struct nvtrace_reader *r)
{
   return r->err;
}

uint32_t
nvtrace_chipset(const struct nvtrace_reader *r)
{
   return r->chipset;
}

const struct nvtrace_bo *
nvtrace_bo(const struct nvtrace_reader *r, uint32_t id)
{
   return id >= 1 && id <= r->num_bos ? &r->bos[id - 1] : NULL;
}

const struct nvtrace_object *
nvtrace_object(const struct nvtrace_reader *r, uint32_t ch, uint32_t handle)
{
   for (unsigned i = r->num_objs; i-- > 0;) {
      const struct nvtrace_object *o = &r->objs[i];
      if (o->ch == ch && o->handle == handle && !o->freed)
         return o;
   }
   return NULL;
}

const struct nvtrace_bo *
nvtrace_bo_at(const struct nvtrace_reader *r, enum nvtrace_domain domain,
              uint64_t addr, uint64_t len, int64_t seq)
{
   /* newest first: an offset is only reused after the old buffer's jobs
    * are done */
   for (unsigned i = r->num_bos; i-- > 0;) {
      const struct nvtrace_bo *b = &r->bos[i];
      if (b->domain != domain || addr < b->offset ||
          addr - b->offset >= b->size || len > b->size - (addr - b->offset))
         continue;
      if (b->freed && b->free_after < seq)
         continue;
      return b;
   }
   return NULL;
}

const char *
nvtrace_class_name(uint32_t oclass, char *buf, size_t n)
{
   const char *name = nvhwdb_class_name(oclass);
   if (name)
      return name;
   snprintf(buf, n, "class 0x%04x", oclass);
   return buf;
}

bool
nvtrace_method_is_handle(uint32_t mthd)
{
   /* envytools-docs/hw/fifo/puller.rst: OBJECT binds by handle, the
    * DMA_SEMAPHORE parameter is a handle, and on NV4:GF100 the puller
    * looks up the parameter of 0x180..0x1fc in RAMHT */
   return mthd == NV4_SUBCHAN_OBJECT || mthd == NV1A_SUBCHAN_DMA_SEMAPHORE ||
          (mthd >= NV4_PULLER_OBJECT_MTHD_FIRST &&
           mthd < NV4_PULLER_OBJECT_MTHD_END);
}

/* --- parsing helpers --- */

static bool
parse_u64(const char *s, uint64_t *v)
{
   if (!*s || *s == '-' || *s == '+' || *s == ' ')
      return false;
   char *end;
   errno = 0;
   unsigned long long x = strtoull(s, &end, 0);
   if (*end || errno)
      return false;
   *v = x;
   return true;
}

static bool
parse_u32(const char *s, uint32_t *v)
{
   uint64_t x;
   if (!parse_u64(s, &x) || x > UINT32_MAX)
      return false;
   *v = (uint32_t)x;
   return true;
}

static bool
parse_i64(const char *s, int64_t *v)
{
   char *end;
   if (!*s)
      return false;
   errno = 0;
   long long x = strtoll(s, &end, 0);
   if (*end || errno)
      return false;
   *v = x;
   return true;
}

#define NUM(type, tok, out, what) \
   do { \
      if (!parse_##type(tok, out)) \
         return fail(r, "%s: bad %s '%s'", f[0], what, tok); \
   } while (0)

static bool
parse_domain(const char *s, enum nvtrace_domain *d)
{
   if (!strcmp(s, "vram"))
      *d = NVTRACE_VRAM;
   else if (!strcmp(s, "gart"))
      *d = NVTRACE_GART;
   else
      return false;
   return true;
}

static struct nvtrace_bo *
bo_get(struct nvtrace_reader *r, uint32_t id)
{
   return id >= 1 && id <= r->num_bos ? &r->bos[id - 1] : NULL;
}

static int
need(struct nvtrace_reader *r, char **f, unsigned nf, unsigned want_min,
     unsigned want_max)
{
   if (nf < want_min || nf > want_max) {
      if (want_min == want_max)
         return fail(r, "'%s' needs %u fields, found %u", f[0], want_min,
                     nf);
      return fail(r, "'%s' needs %u to %u fields, found %u", f[0], want_min,
                  want_max, nf);
   }
   return 0;
}

static int
add_object(struct nvtrace_reader *r, const struct nvtrace_object *o)
{
   if (r->num_objs == r->cap_objs) {
      unsigned cap = r->cap_objs ? r->cap_objs * 2 : 64;
      void *n = realloc(r->objs, cap * sizeof(*r->objs));
      if (!n)
         return fail(r, "out of memory");
      r->objs = n;
      r->cap_objs = cap;
   }
   struct nvtrace_object obj = *o;
   obj.ordinal = 0;
   for (unsigned i = 0; i < r->num_objs; i++) {
      if (r->objs[i].ch == o->ch && r->objs[i].is_dma == o->is_dma &&
          (o->is_dma || r->objs[i].oclass == o->oclass))
         obj.ordinal++;
   }
   r->objs[r->num_objs++] = obj;
   return 0;
}

static int
hexval(char c)
{
   if (c >= '0' && c <= '9')
      return c - '0';
   if (c >= 'a' && c <= 'f')
      return c - 'a' + 10;
   if (c >= 'A' && c <= 'F')
      return c - 'A' + 10;
   return -1;
}

/* --- events --- */

static int
parse_method(struct nvtrace_reader *r, char **f, unsigned nf,
             struct nvtrace_event *ev)
{
   ev->kind = NVTRACE_METHOD;
   if (need(r, f, nf, 6, 7))
      return -1;
   if (!r->in_exec)
      return fail(r, "method outside an 'exec'");
   NUM(u32, f[1], &ev->ch, "channel");
   NUM(u32, f[2], &ev->subc, "subchannel");
   if (ev->subc > 7)
      return fail(r, "m: subchannel %u is not 0..7", ev->subc);
   if (strcmp(f[3], "-")) {
      NUM(u32, f[3], &ev->oclass, "class");
      ev->has_class = true;
   }
   NUM(u32, f[4], &ev->mthd, "method");
   NUM(u32, f[5], &ev->data, "value");
   if (ev->mthd & 3)
      return fail(r, "m: method 0x%x is not a multiple of 4", ev->mthd);
   ev->seq = r->seq;
   if (nf == 7) {
      /* @bo:kind:data:or */
      char *s = f[6], *parts[4];
      unsigned np = 0;
      if (*s != '@')
         return fail(r, "m: relocation '%s' does not start with '@'", s);
      s++;
      while (np < 4) {
         parts[np++] = s;
         char *c = strchr(s, ':');
         if (!c)
            break;
         *c = 0;
         s = c + 1;
      }
      if (np != 4 || strchr(parts[3], ':'))
         return fail(r, "m: relocation needs @bo:kind:data:or");
      NUM(u32, parts[0], &ev->reloc_bo, "relocation buffer");
      if (!bo_get(r, ev->reloc_bo))
         return fail(r, "m: relocation to unknown buffer %u", ev->reloc_bo);
      if (!strcmp(parts[1], "low"))
         ev->reloc_kind = NVTRACE_RELOC_LOW;
      else if (!strcmp(parts[1], "high"))
         ev->reloc_kind = NVTRACE_RELOC_HIGH;
      else if (!strcmp(parts[1], "none"))
         ev->reloc_kind = NVTRACE_RELOC_NONE;
      else
         return fail(r, "m: relocation kind '%s' is not low/high/none",
                     parts[1]);
      NUM(u32, parts[2], &ev->reloc_data, "relocation data");
      NUM(u32, parts[3], &ev->reloc_or, "relocation or");
      ev->has_reloc = true;
   }
   return 1;
}

/* One parser per record kind (docs/trace.md).  Each checks its field
 * count and numbers, and keeps the reader's tables of buffers, objects and
 * the current exec up to date so later lines can be checked against them. */

static int
parse_device(struct nvtrace_reader *r, char **f, unsigned nf,
             struct nvtrace_event *ev)
{
   ev->kind = NVTRACE_DEVICE;
   if (need(r, f, nf, 5, 5))
      return -1;
   NUM(u32, f[1], &r->chipset, "chipset");
   if (strncmp(f[3], "vram=", 5) || strncmp(f[4], "gart=", 5))
      return fail(r, "device: want vram=<size> gart=<size>");
   NUM(u64, f[3] + 5, &r->vram_size, "VRAM size");
   NUM(u64, f[4] + 5, &r->gart_size, "GART size");
   return 1;
}

static int
parse_bo(struct nvtrace_reader *r, char **f, unsigned nf,
         struct nvtrace_event *ev)
{
   struct nvtrace_bo b = { 0 };
   ev->kind = NVTRACE_BO;
   if (need(r, f, nf, 5, 5))
      return -1;
   NUM(u32, f[1], &b.id, "buffer id");
   if (b.id != r->num_bos + 1)
      return fail(r, "bo: id %u out of order (expected %u)", b.id,
                  r->num_bos + 1);
   if (!parse_domain(f[2], &b.domain))
      return fail(r, "bo: domain '%s' is not vram or gart", f[2]);
   NUM(u64, f[3], &b.offset, "offset");
   NUM(u64, f[4], &b.size, "size");
   uint64_t ap = b.domain == NVTRACE_VRAM ? r->vram_size : r->gart_size;
   if (!b.size || b.offset + b.size < b.offset)
      return fail(r, "bo: size 0x%" PRIx64 " at 0x%" PRIx64
                  " is not a range", b.size, b.offset);
   /* inside its aperture, once the device line gave the sizes (this
    * also bounds what a 'contents' line may make us allocate) */
   if (ap && (b.offset > ap || b.size > ap - b.offset))
      return fail(r, "bo: 0x%" PRIx64 "+0x%" PRIx64 " is outside the "
                  "0x%" PRIx64 "-byte %s aperture", b.offset, b.size, ap,
                  f[2]);
   if (r->num_bos == r->cap_bos) {
      unsigned cap = r->cap_bos ? r->cap_bos * 2 : 64;
      void *n = realloc(r->bos, cap * sizeof(*r->bos));
      if (!n)
         return fail(r, "out of memory");
      r->bos = n;
      r->cap_bos = cap;
   }
   r->bos[r->num_bos++] = b;
   ev->bo = b.id;
   return 1;
}

/* 'map' and 'free' name a buffer; 'free' also says after which sequence
 * number its memory may be reused */
static int
parse_map_free(struct nvtrace_reader *r, char **f, unsigned nf,
               struct nvtrace_event *ev)
{
   const char *k = f[0];
   bool is_free = k[0] == 'f';
   ev->kind = is_free ? NVTRACE_FREE : NVTRACE_MAP;
   if (need(r, f, nf, is_free ? 3 : 2, is_free ? 3 : 2))
      return -1;
   NUM(u32, f[1], &ev->bo, "buffer id");
   struct nvtrace_bo *b = bo_get(r, ev->bo);
   if (!b)
      return fail(r, "%s: unknown buffer %u", k, ev->bo);
   if (is_free) {
      if (b->freed)
         return fail(r, "free: buffer %u freed twice", ev->bo);
      NUM(i64, f[2], &b->free_after, "sequence number");
      b->freed = true;
   }
   return 1;
}

static int
parse_channel(struct nvtrace_reader *r, char **f, unsigned nf,
              struct nvtrace_event *ev)
{
   ev->kind = NVTRACE_CHANNEL;
   if (need(r, f, nf, 3, 3))
      return -1;
   NUM(u32, f[1], &ev->ch, "channel");
   if (strncmp(f[2], "notifier=", 9))
      return fail(r, "channel: want notifier=<buffer id>");
   NUM(u32, f[2] + 9, &ev->bo, "buffer id");
   return 1;
}

/* freeing a channel frees every object on it */
static int
parse_channel_free(struct nvtrace_reader *r, char **f, unsigned nf,
                   struct nvtrace_event *ev)
{
   ev->kind = NVTRACE_CHANNEL_FREE;
   if (need(r, f, nf, 2, 2))
      return -1;
   NUM(u32, f[1], &ev->ch, "channel");
   for (unsigned i = 0; i < r->num_objs; i++) {
      if (r->objs[i].ch == ev->ch)
         r->objs[i].freed = true;
   }
   return 1;
}

/* 'object' and 'dma' create a handle on a channel; a DMA object also
 * names the memory range it gives access to */
static int
parse_object(struct nvtrace_reader *r, char **f, unsigned nf,
             struct nvtrace_event *ev)
{
   const char *k = f[0];
   struct nvtrace_object o = { 0 };
   o.is_dma = k[0] == 'd';
   ev->kind = o.is_dma ? NVTRACE_DMA : NVTRACE_OBJECT;
   if (need(r, f, nf, o.is_dma ? 7 : 4, o.is_dma ? 7 : 4))
      return -1;
   NUM(u32, f[1], &o.ch, "channel");
   NUM(u32, f[2], &o.handle, "handle");
   NUM(u32, f[3], &o.oclass, "class");
   if (o.is_dma) {
      if (!parse_domain(f[4], &o.domain))
         return fail(r, "dma: domain '%s' is not vram or gart", f[4]);
      NUM(u64, f[5], &o.base, "base");
      NUM(u64, f[6], &o.size, "size");
   }
   /* a handle is unique on its channel (nvsim refuses a taken one) */
   if (nvtrace_object(r, o.ch, o.handle))
      return fail(r, "%s: handle 0x%08x already exists on channel %u", k,
                  o.handle, o.ch);
   ev->ch = o.ch;
   ev->handle = o.handle;
   ev->oclass = o.oclass;
   return add_object(r, &o) ? -1 : 1;
}

static int
parse_object_free(struct nvtrace_reader *r, char **f, unsigned nf,
                  struct nvtrace_event *ev)
{
   ev->kind = NVTRACE_OBJECT_FREE;
   if (need(r, f, nf, 3, 3))
      return -1;
   NUM(u32, f[1], &ev->ch, "channel");
   NUM(u32, f[2], &ev->handle, "handle");
   const struct nvtrace_object *o = nvtrace_object(r, ev->ch, ev->handle);
   if (!o)
      return fail(r, "object_free: no handle 0x%08x on channel %u",
                  ev->handle, ev->ch);
   ((struct nvtrace_object *)o)->freed = true;
   return 1;
}

/* only the push list's shape is checked here: each push is bo:offset:length
 * from a known buffer */
static int
parse_submit(struct nvtrace_reader *r, char **f, unsigned nf,
             struct nvtrace_event *ev)
{
   uint32_t np;
   ev->kind = NVTRACE_SUBMIT;
   if (nf < 3)
      return fail(r, "submit: needs a channel and a push count");
   NUM(u32, f[1], &ev->ch, "channel");
   NUM(u32, f[2], &np, "push count");
   if (nf != 3 + np)
      return fail(r, "submit: %u pushes announced, %u given", np, nf - 3);
   for (unsigned i = 0; i < np; i++) {
      uint32_t id;
      char *c = strchr(f[3 + i], ':');
      if (!c)
         return fail(r, "submit: push '%s' is not bo:offset:length",
                     f[3 + i]);
      *c = 0;
      NUM(u32, f[3 + i], &id, "push buffer");
      if (!bo_get(r, id))
         return fail(r, "submit: push from unknown buffer %u", id);
      *c = ':';
   }
   return 1;
}

/* 'contents' starts a snapshot of a buffer: it is zeroed, and the 'data'
 * lines that follow fill in its non-zero bytes */
static int
parse_contents(struct nvtrace_reader *r, char **f, unsigned nf,
               struct nvtrace_event *ev)
{
   uint64_t size;
   ev->kind = NVTRACE_CONTENTS;
   if (need(r, f, nf, 3, 3))
      return -1;
   NUM(u32, f[1], &ev->bo, "buffer id");
   NUM(u64, f[2], &size, "size");
   struct nvtrace_bo *b = bo_get(r, ev->bo);
   if (!b)
      return fail(r, "contents: unknown buffer %u", ev->bo);
   if (size != b->size)
      return fail(r, "contents: size 0x%" PRIx64 " but buffer %u has 0x%"
                  PRIx64 " bytes", size, ev->bo, b->size);
   if (!r->vram_size)
      return fail(r, "contents: no 'device' line before");
   if (!b->contents) {
      b->contents = size <= SIZE_MAX ? malloc((size_t)size) : NULL;
      if (!b->contents)
         return fail(r, "no memory for the 0x%" PRIx64 " bytes of buffer "
                     "%u", size, ev->bo);
   }
   memset(b->contents, 0, (size_t)size);
   return 1;
}

static int
parse_data(struct nvtrace_reader *r, char **f, unsigned nf,
           struct nvtrace_event *ev)
{
   uint64_t off;
   ev->kind = NVTRACE_DATA;
   if (need(r, f, nf, 4, 4))
      return -1;
   NUM(u32, f[1], &ev->bo, "buffer id");
   NUM(u64, f[2], &off, "offset");
   struct nvtrace_bo *b = bo_get(r, ev->bo);
   if (!b || !b->contents)
      return fail(r, "data: buffer %u has no 'contents' line before",
                  ev->bo);
   size_t len = strlen(f[3]);
   if (len % 2)
      return fail(r, "data: odd number of hex digits");
   if (off > b->size || len / 2 > b->size - off)
      return fail(r, "data: bytes 0x%" PRIx64 "+0x%zx are outside buffer "
                  "%u (0x%" PRIx64 " bytes)", off, len / 2, ev->bo,
                  b->size);
   for (size_t i = 0; i < len; i += 2) {
      int hi = hexval(f[3][i]), lo = hexval(f[3][i + 1]);
      if (hi < 0 || lo < 0)
         return fail(r, "data: '%c%c' is not a hex byte", f[3][i],
                     f[3][i + 1]);
      b->contents[off + i / 2] = (uint8_t)(hi << 4 | lo);
   }
   return 1;
}

/* the methods that follow an 'exec' belong to its channel and sequence
 * number */
static int
parse_exec(struct nvtrace_reader *r, char **f, unsigned nf,
           struct nvtrace_event *ev)
{
   ev->kind = NVTRACE_EXEC;
   if (need(r, f, nf, 3, 3))
      return -1;
   NUM(u32, f[1], &ev->ch, "channel");
   NUM(i64, f[2], &ev->seq, "sequence number");
   r->in_exec = true;
   r->exec_ch = ev->ch;
   r->seq = ev->seq;
   return 1;
}

/* the trap message is free text: split_fields leaves it in 'rest' */
static int
parse_trap(struct nvtrace_reader *r, char **f, unsigned nf, char *rest,
           struct nvtrace_event *ev)
{
   ev->kind = NVTRACE_TRAP;
   if (nf < 2)
      return fail(r, "trap: needs a channel");
   NUM(u32, f[1], &ev->ch, "channel");
   ev->text = rest ? rest : "";
   ev->seq = r->seq;
   return 1;
}

/* Splits a line on spaces into at most MAX_FIELDS fields, in place.  A
 * trap's message keeps its spaces: after the channel, the rest of the line
 * is returned in *rest. */
static unsigned
split_fields(char *line, char **f, char **rest)
{
   unsigned nf = 0;

   *rest = NULL;
   for (char *s = line; *s && nf < MAX_FIELDS;) {
      while (*s == ' ')
         s++;
      if (!*s)
         break;
      if (nf == 2 && !strcmp(f[0], "trap")) {
         *rest = s;
         break;
      }
      f[nf++] = s;
      while (*s && *s != ' ')
         s++;
      if (*s)
         *s++ = 0;
   }
   return nf;
}

/* the first line names the format and its version */
static int
parse_header(struct nvtrace_reader *r, char **f, unsigned nf)
{
   uint32_t v;
   if (nf != 2 || strcmp(f[0], "nvsim-trace") || !parse_u32(f[1], &v))
      return fail(r, "not an nvsim trace (the first line must be "
                  "'nvsim-trace %u')", NVTRACE_VERSION);
   if (v != NVTRACE_VERSION)
      return fail(r, "trace format version %u, this tool reads %u", v,
                  NVTRACE_VERSION);
   r->header = true;
   return 0;
}

static const struct {
   const char *name;
   int (*parse)(struct nvtrace_reader *r, char **f, unsigned nf,
                struct nvtrace_event *ev);
} record_parsers[] = {
   { "m", parse_method },
   { "device", parse_device },
   { "bo", parse_bo },
   { "map", parse_map_free },
   { "free", parse_map_free },
   { "channel", parse_channel },
   { "channel_free", parse_channel_free },
   { "object", parse_object },
   { "dma", parse_object },
   { "object_free", parse_object_free },
   { "submit", parse_submit },
   { "contents", parse_contents },
   { "data", parse_data },
   { "exec", parse_exec },
};

/* Returns 1 for an event, 0 for the header line, -1 on an error. */
static int
parse_line(struct nvtrace_reader *r, char *line, struct nvtrace_event *ev)
{
   char *f[MAX_FIELDS];
   char *rest;
   unsigned nf = split_fields(line, f, &rest);

   if (!nf)
      return fail(r, "empty line");

   memset(ev, 0, sizeof(*ev));
   ev->line = r->line;

   if (!r->header)
      return parse_header(r, f, nf);

   /* a trap also takes the free text after its channel */
   const char *k = f[0];
   if (!strcmp(k, "trap"))
      return parse_trap(r, f, nf, rest, ev);
   for (unsigned i = 0;
        i < sizeof(record_parsers) / sizeof(record_parsers[0]); i++) {
      if (!strcmp(k, record_parsers[i].name))
         return record_parsers[i].parse(r, f, nf, ev);
   }
   return fail(r, "unknown record '%s'", k);
}

int
nvtrace_next(struct nvtrace_reader *r, struct nvtrace_event *ev)
{
   for (;;) {
      if (r->err[0])
         return -1;
      errno = 0;
      ssize_t len = getline(&r->buf, &r->cap, r->f);
      if (len < 0) {
         if (ferror(r->f))
            return fail(r, "read error: %s", strerror(errno));
         if (!r->header) {
            r->line++;
            return fail(r, "empty file, not an nvsim trace");
         }
         return 0;
      }
      r->line++;
      if (r->buf[len - 1] != '\n')
         return fail(r, "truncated: the last line has no end");
      r->buf[--len] = 0;
      if (strlen(r->buf) != (size_t)len)
         return fail(r, "line holds a NUL byte (corrupt trace)");
      if (len && r->buf[0] == '#')
         continue;
      int ret = parse_line(r, r->buf, ev);
      if (ret)
         return ret;
   }
}

/* --- normalised values --- */

static const char *
domain_name(enum nvtrace_domain d)
{
   return d == NVTRACE_VRAM ? "vram" : "gart";
}

bool
nvtrace_value_norm(const struct nvtrace_reader *r,
                   const struct nvtrace_event *ev, char *buf, size_t n)
{
   if (ev->has_reloc && ev->reloc_kind != NVTRACE_RELOC_NONE) {
      const struct nvtrace_bo *b = nvtrace_bo(r, ev->reloc_bo);
      snprintf(buf, n, "%s(%s buffer of 0x%" PRIx64 " bytes)+0x%x|0x%x",
               ev->reloc_kind == NVTRACE_RELOC_HIGH ? "high" : "address",
               b ? domain_name(b->domain) : "?", b ? b->size : 0,
               ev->reloc_data, ev->reloc_or);
      return true;
   }
   if (nvtrace_method_is_handle(ev->mthd)) {
      const struct nvtrace_object *o = nvtrace_object(r, ev->ch, ev->data);
      char cbuf[32];
      if (o && !o->is_dma) {
         snprintf(buf, n, "%s#%u",
                  nvtrace_class_name(o->oclass, cbuf, sizeof(cbuf)),
                  o->ordinal);
         return true;
      }
      if (o) {
         uint64_t ap = o->domain == NVTRACE_VRAM ? r->vram_size
                                                 : r->gart_size;
         const struct nvtrace_bo *b =
            nvtrace_bo_at(r, o->domain, o->base, o->size, ev->seq);
         if (o->base == 0 && o->size == ap)
            snprintf(buf, n, "DMA(%s all)", domain_name(o->domain));
         else if (b)
            snprintf(buf, n, "DMA(%s buffer of 0x%" PRIx64 " bytes+0x%"
                     PRIx64 ", 0x%" PRIx64 " bytes)", domain_name(o->domain),
                     b->size, o->base - b->offset, o->size);
         else
            snprintf(buf, n, "DMA(%s 0x%" PRIx64 ", 0x%" PRIx64 " bytes)",
                     domain_name(o->domain), o->base, o->size);
         return true;
      }
   }
   snprintf(buf, n, "0x%08x", ev->data);
   return false;
}

/* --- filters --- */

void
nvtrace_filter_init(struct nvtrace_filter *f)
{
   memset(f, 0, sizeof(*f));
   f->seq_first = INT64_MIN;
   f->seq_last = INT64_MAX;
}

bool
nvtrace_filter_range(struct nvtrace_filter *f, const char *arg)
{
   char tmp[64];
   if (strlen(arg) >= sizeof(tmp))
      return false;
   strcpy(tmp, arg);
   char *dash = strchr(tmp, '-');
   int64_t a, b;
   if (!dash) {
      if (!parse_i64(tmp, &a))
         return false;
      f->seq_first = f->seq_last = a;
      return true;
   }
   *dash = 0;
   if (!parse_i64(tmp, &a))
      return false;
   if (!dash[1])
      b = INT64_MAX;
   else if (!parse_i64(dash + 1, &b))
      return false;
   if (b < a)
      return false;
   f->seq_first = a;
   f->seq_last = b;
   return true;
}

bool
nvtrace_filter_match(const struct nvtrace_filter *f,
                     const struct nvtrace_event *ev)
{
   if (ev->kind == NVTRACE_EXEC || ev->kind == NVTRACE_METHOD ||
       ev->kind == NVTRACE_TRAP) {
      if (ev->seq < f->seq_first || ev->seq > f->seq_last)
         return false;
   }
   if (ev->kind != NVTRACE_METHOD)
      return !f->class_pat && !f->method_pat;
   if (f->class_pat) {
      uint32_t want;
      if (parse_u32(f->class_pat, &want)) {
         if (!ev->has_class || ev->oclass != want)
            return false;
      } else {
         const char *name = ev->has_class ? nvhwdb_class_name(ev->oclass)
                                          : NULL;
         if (!name || fnmatch(f->class_pat, name, FNM_CASEFOLD))
            return false;
      }
   }
   if (f->method_pat) {
      char name[96];
      nvhwdb_method_name(ev->has_class ? ev->oclass : 0, ev->mthd, name,
                         sizeof(name));
      if (fnmatch(f->method_pat, name, FNM_CASEFOLD))
         return false;
   }
   return true;
}
