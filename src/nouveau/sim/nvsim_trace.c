/*
 * The trace writer behind NVSIM_TRACE (format: docs/trace.md).
 *
 * Events come from two sides: the API functions (buffers, channels,
 * objects, submissions: any application thread) and the GPU thread
 * (executions and their methods, in sequence order).  One mutex per traced
 * device keeps lines whole.  A submission's relocations and pushes are
 * kept, per channel, from nvsim_submit until the GPU thread executes it, so
 * that every method word read from a relocated pushbuffer word is written
 * with the buffer it points into.
 *
 * Lock order: this file never takes dev->lock while holding a trace lock.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nvsim_priv.h"
#include "nvsim_trace.h"

#define TRACE_VERSION 1
#define TRACE_MAX_DEVICES 8
/* bytes per "data" line */
#define TRACE_DATA_CHUNK 64

int nvsim_trace_count;

struct trace_bo {
   const struct nvsim_bo *bo;   /* NULL: empty; TOMB: removed */
   uint32_t id;
   bool dumped;
   uint64_t hash;               /* of the contents last recorded */
};
#define TOMB ((const struct nvsim_bo *)(uintptr_t)1)

struct trace_reloc {
   enum nvsim_domain domain;
   uint64_t addr;               /* of the relocated word, in its aperture */
   uint32_t target;             /* trace id of the buffer pointed into */
   uint32_t flags;              /* NVSIM_TRACE_RELOC_* */
   uint32_t data;
   uint32_t or_bits;            /* vor or tor, whichever applies */
};

struct trace_submit {
   struct trace_submit *next;
   unsigned num_pushes;
   struct nvsim_push *pushes;
   unsigned num_relocs;
   struct trace_reloc *relocs;  /* sorted by (domain, addr) */
};

struct trace_chan {
   struct trace_submit *head, *tail;
   /* relocations given before the next submit */
   struct trace_reloc *pending;
   unsigned num_pending, cap_pending;
};

struct nvsim_trace {
   struct nvsim_device *dev;
   FILE *f;
   unsigned flags;
   pthread_mutex_t lock;
   uint32_t next_bo_id;
   struct trace_bo *bos;
   unsigned bo_cap, bo_used;
   struct trace_chan chans[NVSIM_MAX_CHANNELS];
   struct trace_submit *cur;    /* being executed */
};

static struct nvsim_trace *traces[TRACE_MAX_DEVICES];
static pthread_mutex_t traces_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned traces_opened;

static struct nvsim_trace *
trace_of(const struct nvsim_device *dev)
{
   for (unsigned i = 0; i < TRACE_MAX_DEVICES; i++) {
      struct nvsim_trace *t = __atomic_load_n(&traces[i], __ATOMIC_ACQUIRE);
      if (t && t->dev == dev)
         return t;
   }
   return NULL;
}

static const char *
domain_str(enum nvsim_domain d)
{
   return d == NVSIM_DOMAIN_VRAM ? "vram" : "gart";
}

/* --- buffer ids: pointer -> id, open addressing --- */

static unsigned
ptr_hash(const void *p)
{
   uint64_t h = (uintptr_t)p;
   h ^= h >> 33;
   h *= 0xff51afd7ed558ccdull;
   h ^= h >> 33;
   return (unsigned)h;
}

static struct trace_bo *
bo_find(struct nvsim_trace *t, const struct nvsim_bo *bo)
{
   if (!t->bo_cap)
      return NULL;
   unsigned mask = t->bo_cap - 1;
   for (unsigned i = ptr_hash(bo) & mask, n = 0; n < t->bo_cap;
        i = (i + 1) & mask, n++) {
      if (!t->bos[i].bo)
         return NULL;
      if (t->bos[i].bo == bo)
         return &t->bos[i];
   }
   return NULL;
}

static struct trace_bo *bo_insert(struct nvsim_trace *t,
                                  const struct nvsim_bo *bo);

static bool
bo_grow(struct nvsim_trace *t)
{
   struct trace_bo *old = t->bos;
   unsigned old_cap = t->bo_cap;
   unsigned cap = old_cap ? old_cap * 2 : 256;
   struct trace_bo *bos = calloc(cap, sizeof(*bos));
   if (!bos)
      return false;
   t->bos = bos;
   t->bo_cap = cap;
   t->bo_used = 0;
   for (unsigned i = 0; i < old_cap; i++) {
      if (old[i].bo && old[i].bo != TOMB)
         *bo_insert(t, old[i].bo) = old[i];
   }
   free(old);
   return true;
}

static struct trace_bo *
bo_insert(struct nvsim_trace *t, const struct nvsim_bo *bo)
{
   if ((t->bo_used + 1) * 4 > t->bo_cap * 3 && !bo_grow(t))
      return NULL;
   unsigned mask = t->bo_cap - 1;
   unsigned i = ptr_hash(bo) & mask;
   while (t->bos[i].bo && t->bos[i].bo != TOMB)
      i = (i + 1) & mask;
   if (!t->bos[i].bo)
      t->bo_used++;
   memset(&t->bos[i], 0, sizeof(t->bos[i]));
   t->bos[i].bo = bo;
   return &t->bos[i];
}

/* The id of a buffer; one not seen yet (created before tracing began) is
 * announced now.  0 when out of memory. */
static uint32_t
bo_id(struct nvsim_trace *t, const struct nvsim_bo *bo)
{
   struct trace_bo *e = bo_find(t, bo);
   if (e)
      return e->id;
   e = bo_insert(t, bo);
   if (!e)
      return 0;
   e->id = ++t->next_bo_id;
   fprintf(t->f, "bo %u %s 0x%llx 0x%llx\n", e->id, domain_str(bo->domain),
           (unsigned long long)bo->offset, (unsigned long long)bo->size);
   return e->id;
}

/* --- open / close --- */

static int
trace_open_locked(struct nvsim_device *dev, const char *path, unsigned flags)
{
   unsigned slot = 0;
   while (slot < TRACE_MAX_DEVICES && traces[slot])
      slot++;
   if (slot == TRACE_MAX_DEVICES) {
      fprintf(stderr, "nvsim: trace: more than %u devices traced at once\n",
              TRACE_MAX_DEVICES);
      return -ENOSPC;
   }
   struct nvsim_trace *t = calloc(1, sizeof(*t));
   if (!t)
      return -ENOMEM;
   t->f = fopen(path, "w");
   if (!t->f) {
      int err = errno;
      fprintf(stderr, "nvsim: trace: cannot write %s: %s\n", path,
              strerror(err));
      free(t);
      return -err;
   }
   /* methods come by the million: write in large blocks */
   setvbuf(t->f, NULL, _IOFBF, 1 << 20);
   t->dev = dev;
   t->flags = flags;
   pthread_mutex_init(&t->lock, NULL);
   fprintf(t->f, "nvsim-trace %u\n", TRACE_VERSION);
   fprintf(t->f, "device 0x%02x %s vram=0x%llx gart=0x%llx\n",
           dev->info.chipset, dev->info.name ? dev->info.name : "?",
           (unsigned long long)dev->info.vram_size,
           (unsigned long long)dev->info.gart_size);
   __atomic_store_n(&traces[slot], t, __ATOMIC_RELEASE);
   __atomic_add_fetch(&nvsim_trace_count, 1, __ATOMIC_RELEASE);
   return 0;
}

int
nvsim_trace_open(struct nvsim_device *dev, const char *path, unsigned flags)
{
   if (!dev || !path || !*path)
      return -EINVAL;
   pthread_mutex_lock(&traces_lock);
   int ret = trace_of(dev) ? -EBUSY : trace_open_locked(dev, path, flags);
   pthread_mutex_unlock(&traces_lock);
   return ret;
}

static void
submit_free(struct trace_submit *s)
{
   if (!s)
      return;
   free(s->pushes);
   free(s->relocs);
   free(s);
}

void
nvsim_trace_close(struct nvsim_device *dev)
{
   pthread_mutex_lock(&traces_lock);
   struct nvsim_trace *t = NULL;
   for (unsigned i = 0; i < TRACE_MAX_DEVICES; i++) {
      if (traces[i] && traces[i]->dev == dev) {
         t = traces[i];
         __atomic_store_n(&traces[i], NULL, __ATOMIC_RELEASE);
         __atomic_sub_fetch(&nvsim_trace_count, 1, __ATOMIC_RELEASE);
         break;
      }
   }
   pthread_mutex_unlock(&traces_lock);
   if (!t)
      return;
   /* the device is going: no other thread uses it any more */
   fclose(t->f);
   for (unsigned c = 0; c < NVSIM_MAX_CHANNELS; c++) {
      struct trace_submit *s = t->chans[c].head;
      while (s) {
         struct trace_submit *next = s->next;
         submit_free(s);
         s = next;
      }
      free(t->chans[c].pending);
   }
   submit_free(t->cur);
   free(t->bos);
   pthread_mutex_destroy(&t->lock);
   free(t);
}

/* NVSIM_TRACE with "%p" replaced by the pid, and ".N" added for the N-th
 * further device of the process. */
static bool
trace_path(const char *tmpl, unsigned nth, char *buf, size_t n)
{
   size_t len = 0;
   for (const char *s = tmpl; *s; s++) {
      int w;
      if (s[0] == '%' && s[1] == 'p') {
         w = snprintf(buf + len, n - len, "%ld", (long)getpid());
         s++;
      } else {
         w = snprintf(buf + len, n - len, "%c", *s);
      }
      if (w < 0 || (size_t)w >= n - len)
         return false;
      len += (size_t)w;
   }
   if (nth) {
      int w = snprintf(buf + len, n - len, ".%u", nth);
      if (w < 0 || (size_t)w >= n - len)
         return false;
   }
   return true;
}

void
nvsim_trace_device_create(struct nvsim_device *dev)
{
   const char *tmpl = getenv("NVSIM_TRACE");
   if (!tmpl || !*tmpl || !dev)
      return;
   const char *data = getenv("NVSIM_TRACE_DATA");
   unsigned flags = data && *data && strcmp(data, "0") ? NVSIM_TRACE_DATA : 0;
   char path[4096];

   pthread_mutex_lock(&traces_lock);
   if (!trace_path(tmpl, traces_opened, path, sizeof(path))) {
      fprintf(stderr, "nvsim: trace: NVSIM_TRACE path too long\n");
   } else if (!trace_of(dev) && trace_open_locked(dev, path, flags) == 0) {
      traces_opened++;
   }
   pthread_mutex_unlock(&traces_lock);
}

void
nvsim_trace_device_destroy_(struct nvsim_device *dev)
{
   nvsim_trace_close(dev);
}

/* --- API-side events --- */

#define TRACE_BEGIN(t, dev) \
   struct nvsim_trace *t = trace_of(dev); \
   if (!t) \
      return; \
   pthread_mutex_lock(&t->lock)
/* Events other than methods are flushed at once, and methods at the end of
 * each job: a program that aborts (no stdio flush) still leaves a trace up
 * to its last finished job. */
#define TRACE_END(t) \
   do { \
      fflush(t->f); \
      pthread_mutex_unlock(&t->lock); \
   } while (0)

void
nvsim_trace_bo_create_(struct nvsim_bo *bo)
{
   if (!bo)
      return;
   TRACE_BEGIN(t, bo->dev);
   bo_id(t, bo);
   TRACE_END(t);
}

void
nvsim_trace_bo_map_(struct nvsim_bo *bo)
{
   if (!bo)
      return;
   TRACE_BEGIN(t, bo->dev);
   fprintf(t->f, "map %u\n", bo_id(t, bo));
   TRACE_END(t);
}

void
nvsim_trace_bo_destroy_(struct nvsim_bo *bo)
{
   if (!bo)
      return;
   struct nvsim_device *dev = bo->dev;
   /* jobs up to this one may still read the buffer (nvsim_bo_destroy) */
   pthread_mutex_lock(&dev->lock);
   int64_t last = dev->last_seq;
   pthread_mutex_unlock(&dev->lock);

   TRACE_BEGIN(t, dev);
   struct trace_bo *e = bo_find(t, bo);
   if (e) {
      fprintf(t->f, "free %u %lld\n", e->id, (long long)last);
      e->bo = TOMB;
   }
   TRACE_END(t);
}

void
nvsim_trace_bo_move_(struct nvsim_bo *bo, enum nvsim_domain old_domain,
                     uint64_t old_offset)
{
   if (!bo)
      return;
   TRACE_BEGIN(t, bo->dev);
   struct trace_bo *e = bo_find(t, bo);
   /* Format version 1 has no record for a moved buffer and its readers
    * (tools/nvtrace_read.c) refuse unknown records: say it in a comment
    * until the format learns one.  Addresses after this line are the new
    * ones. */
   if (e)
      fprintf(t->f, "# move %u %s 0x%llx -> %s 0x%llx\n", e->id,
              domain_str(old_domain), (unsigned long long)old_offset,
              domain_str(bo->domain), (unsigned long long)bo->offset);
   TRACE_END(t);
}

void
nvsim_trace_channel_create_(struct nvsim_channel *chan)
{
   if (!chan)
      return;
   TRACE_BEGIN(t, chan->dev);
   uint32_t ntfy = chan->notifier_bo ? bo_id(t, chan->notifier_bo) : 0;
   fprintf(t->f, "channel %u notifier=%u\n", chan->id, ntfy);
   TRACE_END(t);
}

void
nvsim_trace_channel_destroy_(struct nvsim_channel *chan)
{
   if (!chan)
      return;
   TRACE_BEGIN(t, chan->dev);
   fprintf(t->f, "channel_free %u\n", chan->id);
   TRACE_END(t);
}

void
nvsim_trace_object_create_(struct nvsim_channel *chan, uint32_t handle,
                           uint32_t oclass, int ret)
{
   if (!chan || ret)
      return;
   TRACE_BEGIN(t, chan->dev);
   fprintf(t->f, "object %u 0x%08x 0x%04x\n", chan->id, handle, oclass);
   TRACE_END(t);
}

void
nvsim_trace_dma_create_(struct nvsim_channel *chan, uint32_t handle,
                        uint32_t oclass, enum nvsim_domain domain,
                        uint64_t base, uint64_t size, int ret)
{
   if (!chan || ret)
      return;
   TRACE_BEGIN(t, chan->dev);
   fprintf(t->f, "dma %u 0x%08x 0x%04x %s 0x%llx 0x%llx\n", chan->id, handle,
           oclass, domain_str(domain), (unsigned long long)base,
           (unsigned long long)size);
   TRACE_END(t);
}

void
nvsim_trace_object_destroy_(struct nvsim_channel *chan, uint32_t handle,
                            int ret)
{
   if (!chan || ret)
      return;
   TRACE_BEGIN(t, chan->dev);
   fprintf(t->f, "object_free %u 0x%08x\n", chan->id, handle);
   TRACE_END(t);
}

void
nvsim_trace_reloc_(struct nvsim_channel *chan, struct nvsim_bo *const *bos,
                   unsigned num_bos, uint32_t container, uint32_t offset,
                   uint32_t target, uint32_t flags, uint32_t data,
                   uint32_t vor, uint32_t tor)
{
   if (!chan || !bos || container >= num_bos || target >= num_bos ||
       !bos[container] || !bos[target] || chan->id >= NVSIM_MAX_CHANNELS)
      return;
   const struct nvsim_bo *c = bos[container], *b = bos[target];
   if ((uint64_t)offset + 4 > c->size)
      return;
   TRACE_BEGIN(t, chan->dev);
   struct trace_chan *tc = &t->chans[chan->id];
   if (tc->num_pending == tc->cap_pending) {
      unsigned cap = tc->cap_pending ? tc->cap_pending * 2 : 64;
      void *n = realloc(tc->pending, cap * sizeof(*tc->pending));
      if (!n) {
         TRACE_END(t);
         return;
      }
      tc->pending = n;
      tc->cap_pending = cap;
   }
   tc->pending[tc->num_pending++] = (struct trace_reloc) {
      .domain = c->domain,
      .addr = c->offset + offset,
      .target = bo_id(t, b),
      .flags = flags,
      .data = data,
      .or_bits = !(flags & NVSIM_TRACE_RELOC_OR) ? 0 :
                 b->domain == NVSIM_DOMAIN_GART ? tor : vor,
   };
   TRACE_END(t);
}

static int
reloc_cmp(const void *a, const void *b)
{
   const struct trace_reloc *x = a, *y = b;
   if (x->domain != y->domain)
      return x->domain < y->domain ? -1 : 1;
   return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static uint64_t
fnv1a(const uint8_t *p, uint64_t n)
{
   uint64_t h = 0xcbf29ce484222325ull;
   for (uint64_t i = 0; i < n; i++) {
      h ^= p[i];
      h *= 0x100000001b3ull;
   }
   return h;
}

static void
dump_contents(struct nvsim_trace *t, const struct nvsim_bo *bo)
{
   struct trace_bo *e = bo_find(t, bo);
   if (!e) {
      bo_id(t, bo);
      e = bo_find(t, bo);
      if (!e)
         return;
   }
   uint64_t h = fnv1a(bo->map, bo->size);
   if (e->dumped && e->hash == h)
      return;
   e->dumped = true;
   e->hash = h;
   fprintf(t->f, "contents %u 0x%llx\n", e->id, (unsigned long long)bo->size);
   static const uint8_t zero[TRACE_DATA_CHUNK];
   for (uint64_t off = 0; off < bo->size; off += TRACE_DATA_CHUNK) {
      uint64_t n = bo->size - off < TRACE_DATA_CHUNK ? bo->size - off
                                                      : TRACE_DATA_CHUNK;
      if (!memcmp(bo->map + off, zero, n))
         continue;
      fprintf(t->f, "data %u 0x%llx ", e->id, (unsigned long long)off);
      for (uint64_t i = 0; i < n; i++)
         fprintf(t->f, "%02x", bo->map[off + i]);
      fputc('\n', t->f);
   }
}

static bool
is_push_bo(const struct nvsim_push *pushes, unsigned num,
           const struct nvsim_bo *bo)
{
   for (unsigned i = 0; i < num; i++) {
      if (pushes[i].bo == bo)
         return true;
   }
   return false;
}

void
nvsim_trace_submit_(struct nvsim_channel *chan,
                    const struct nvsim_push *pushes, unsigned num_pushes,
                    struct nvsim_bo *const *bos, unsigned num_bos)
{
   if (!chan || chan->id >= NVSIM_MAX_CHANNELS)
      return;
   TRACE_BEGIN(t, chan->dev);
   struct trace_chan *tc = &t->chans[chan->id];
   struct trace_submit *s = calloc(1, sizeof(*s));
   if (s && num_pushes) {
      s->pushes = malloc(num_pushes * sizeof(*pushes));
      if (s->pushes) {
         memcpy(s->pushes, pushes, num_pushes * sizeof(*pushes));
         s->num_pushes = num_pushes;
      }
   }

   fprintf(t->f, "submit %u %u", chan->id, num_pushes);
   for (unsigned i = 0; i < num_pushes; i++)
      fprintf(t->f, " %u:0x%llx:0x%x", bo_id(t, pushes[i].bo),
              (unsigned long long)pushes[i].offset, pushes[i].length);
   fputc('\n', t->f);

   /* the relocations given for this submission, for the method lines;
    * ones in buffers that are not pushed here cannot be method words */
   unsigned kept = 0;
   for (unsigned i = 0; i < tc->num_pending; i++) {
      struct trace_reloc *r = &tc->pending[i];
      bool in_push = false;
      for (unsigned p = 0; p < num_pushes && !in_push; p++) {
         const struct nvsim_bo *pb = pushes[p].bo;
         in_push = pb->domain == r->domain && r->addr >= pb->offset &&
                   r->addr < pb->offset + pb->size;
      }
      if (in_push)
         tc->pending[kept++] = *r;
   }
   if (s && kept) {
      qsort(tc->pending, kept, sizeof(*tc->pending), reloc_cmp);
      s->relocs = tc->pending;
      s->num_relocs = kept;
      tc->pending = NULL;
      tc->cap_pending = 0;
   }
   tc->num_pending = 0;

   if (t->flags & NVSIM_TRACE_DATA) {
      for (unsigned i = 0; i < num_bos; i++) {
         if (bos[i] && !is_push_bo(pushes, num_pushes, bos[i]))
            dump_contents(t, bos[i]);
      }
   }

   if (s) {
      if (tc->tail)
         tc->tail->next = s;
      else
         tc->head = s;
      tc->tail = s;
   }
   TRACE_END(t);
}

/* --- GPU-thread events --- */

static bool
same_pushes(const struct trace_submit *s, const struct nvsim_push *pushes,
            unsigned num)
{
   if (s->num_pushes != num)
      return false;
   for (unsigned i = 0; i < num; i++) {
      if (s->pushes[i].bo != pushes[i].bo ||
          s->pushes[i].offset != pushes[i].offset ||
          s->pushes[i].length != pushes[i].length)
         return false;
   }
   return true;
}

void
nvsim_trace_exec_(struct nvsim_channel *chan, const struct nvsim_push *pushes,
                  unsigned num_pushes)
{
   if (!chan || chan->id >= NVSIM_MAX_CHANNELS)
      return;
   struct nvsim_device *dev = chan->dev;
   /* jobs execute one at a time in sequence order, each completing before
    * the next starts (nvsim_thread.c): this one is completed + 1 */
   pthread_mutex_lock(&dev->lock);
   int64_t seq = dev->completed_seq + 1;
   pthread_mutex_unlock(&dev->lock);

   TRACE_BEGIN(t, dev);
   struct trace_chan *tc = &t->chans[chan->id];
   submit_free(t->cur);
   t->cur = NULL;
   /* the channel's submissions execute in the order they were made;
    * records of ones that never ran (refused) are dropped on the way */
   while (tc->head) {
      struct trace_submit *s = tc->head;
      tc->head = s->next;
      if (!tc->head)
         tc->tail = NULL;
      if (same_pushes(s, pushes, num_pushes)) {
         t->cur = s;
         break;
      }
      submit_free(s);
   }
   fprintf(t->f, "exec %u %lld\n", chan->id, (long long)seq);
   TRACE_END(t);
}

static const struct trace_reloc *
reloc_at(const struct trace_submit *s, enum nvsim_domain domain,
         uint64_t addr)
{
   /* bsearch's array may not be NULL, even when empty (UBSan) */
   if (!s || !s->num_relocs)
      return NULL;
   struct trace_reloc key = { .domain = domain, .addr = addr };
   return bsearch(&key, s->relocs, s->num_relocs, sizeof(key), reloc_cmp);
}

void
nvsim_trace_method_(struct nvsim_channel *chan, unsigned subc, uint32_t mthd,
                    uint32_t data, enum nvsim_domain domain, uint64_t addr)
{
   if (!chan)
      return;
   /* the class the method goes to; for a bind, the class being bound */
   const struct nvsim_object *obj = subc < 8 ? chan->fifo.subc_obj[subc]
                                             : NULL;
   if (mthd == NV4_SUBCHAN_OBJECT)
      obj = nvsim_lookup(chan, data);

   TRACE_BEGIN(t, chan->dev);
   if (obj)
      fprintf(t->f, "m %u %u 0x%04x 0x%04x 0x%08x", chan->id, subc,
              obj->oclass, mthd, data);
   else
      fprintf(t->f, "m %u %u - 0x%04x 0x%08x", chan->id, subc, mthd, data);
   const struct trace_reloc *r = reloc_at(t->cur, domain, addr);
   if (r) {
      const char *kind = (r->flags & NVSIM_TRACE_RELOC_LOW) ? "low" :
                         (r->flags & NVSIM_TRACE_RELOC_HIGH) ? "high" : "none";
      fprintf(t->f, " @%u:%s:0x%x:0x%x", r->target, kind, r->data,
              r->or_bits);
   }
   fputc('\n', t->f);
   pthread_mutex_unlock(&t->lock);
}

void
nvsim_trace_exec_end_(struct nvsim_channel *chan)
{
   if (!chan)
      return;
   TRACE_BEGIN(t, chan->dev);
   TRACE_END(t);
}

void
nvsim_trace_trap_(struct nvsim_channel *chan, const char *msg)
{
   if (!chan)
      return;
   TRACE_BEGIN(t, chan->dev);
   fprintf(t->f, "trap %u ", chan->id);
   /* one line: the message may not break the format */
   for (const char *s = msg ? msg : "?"; *s; s++)
      fputc(*s == '\n' || *s == '\r' ? ' ' : *s, t->f);
   fputc('\n', t->f);
   TRACE_END(t);
}
