/*
 * Buffers and the two apertures (VRAM, GART).
 *
 * Each aperture is an address range of the chip's size with a sorted table
 * of the buffers placed in it; an allocation takes the first gap that fits,
 * at a 4 KiB-aligned offset (the page size of the NV04-NV40 GART and of
 * nouveau's buffer placement).  A buffer's bytes are host memory (caller's
 * backing or calloc'ed), so the aperture itself costs nothing, and a
 * buffer that moves between apertures keeps its bytes and host mapping:
 * only its offset and domain change.
 *
 * Under pressure VRAM makes room as the kernel's TTM does
 * (ttm_bo_mem_space, ttm_mem_evict_first): a buffer is first placed
 * without evicting anything, in each allowed domain in turn (VRAM first);
 * then, if VRAM is allowed, VRAM buffers are evicted to GART, least
 * recently used first, until the new one fits.  Buffers that are pinned
 * or listed by a submission being validated are never evicted; busy ones
 * are waited for (TTM waits for their fences), as are destroyed buffers
 * whose space the GPU still holds.  The kernel can also swap GART buffers
 * out to system memory; nvsim has no third place, so VRAM + GART is the
 * total a program can have, and "full" means that.  A GART buffer moving
 * into a VRAM full of idle buffers while GART is full too exchanges
 * places with them (swap_into_vram_locked), which the kernel's swap-out
 * would otherwise make possible.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nvsim_priv.h"

#define NVSIM_PAGE 4096ull

static uint64_t
align_up(uint64_t v, uint64_t a)
{
   return (v + a - 1) & ~(a - 1);
}

const char *
nvsim_domain_name(enum nvsim_domain d)
{
   return d == NVSIM_DOMAIN_VRAM ? "VRAM" : d == NVSIM_DOMAIN_GART ? "GART" :
          d == NVSIM_DOMAIN_VM ? "VM" : "?";
}

static struct nvsim_aperture *
aperture_of(struct nvsim_device *dev, enum nvsim_domain d)
{
   if (d == NVSIM_DOMAIN_VRAM)
      return &dev->vram;
   if (d == NVSIM_DOMAIN_GART)
      return &dev->gart;
   return NULL;
}

/* Index of the last entry with offset <= addr, or -1. */
static int
aperture_search(const struct nvsim_aperture *ap, uint64_t addr)
{
   int lo = 0, hi = (int)ap->num - 1, found = -1;
   while (lo <= hi) {
      int mid = lo + (hi - lo) / 2;
      if (ap->entries[mid].offset <= addr) {
         found = mid;
         lo = mid + 1;
      } else {
         hi = mid - 1;
      }
   }
   return found;
}

/* Enters bo at entry index pos, [offset, offset + need). */
static bool
aperture_insert(struct nvsim_aperture *ap, unsigned pos, uint64_t offset,
                uint64_t need, struct nvsim_bo *bo)
{
   if (ap->num == ap->cap) {
      unsigned cap = ap->cap ? ap->cap * 2 : 64;
      void *e = realloc(ap->entries, cap * sizeof(*ap->entries));
      if (!e)
         return false;
      ap->entries = e;
      ap->cap = cap;
   }
   memmove(&ap->entries[pos + 1], &ap->entries[pos],
           (ap->num - pos) * sizeof(*ap->entries));
   ap->entries[pos] = (struct nvsim_aperture_entry) {
      .offset = offset, .size = need, .bo = bo,
   };
   ap->num++;
   ap->used += need;
   bo->offset = offset;
   bo->domain = ap->domain;
   return true;
}

static bool
aperture_alloc(struct nvsim_aperture *ap, uint64_t size, uint64_t align,
               struct nvsim_bo *bo)
{
   uint64_t need = align_up(size, NVSIM_PAGE);
   if (need < size || need > ap->size)
      return false;

   uint64_t cursor = 0;
   unsigned pos = 0;
   for (; pos <= ap->num; pos++) {
      uint64_t end = pos < ap->num ? ap->entries[pos].offset : ap->size;
      if (end >= cursor && end - cursor >= need)
         break;
      if (pos < ap->num)
         cursor = align_up(ap->entries[pos].offset + ap->entries[pos].size,
                           align);
   }
   if (pos > ap->num)
      return false;

   return aperture_insert(ap, pos, cursor, need, bo);
}

/* Puts bo back at `offset`, a range known to be free (undoing a move). */
static bool
aperture_insert_at(struct nvsim_aperture *ap, struct nvsim_bo *bo,
                   uint64_t offset)
{
   return aperture_insert(ap, (unsigned)(aperture_search(ap, offset) + 1),
                          offset, align_up(bo->size, NVSIM_PAGE), bo);
}

/* Takes bo's entry at `offset` out of the aperture. */
static void
aperture_remove_at(struct nvsim_aperture *ap, struct nvsim_bo *bo,
                   uint64_t offset)
{
   int i = aperture_search(ap, offset);
   if (i < 0 || ap->entries[i].bo != bo)
      return;
   ap->used -= ap->entries[i].size;
   memmove(&ap->entries[i], &ap->entries[i + 1],
           (ap->num - i - 1) * sizeof(*ap->entries));
   ap->num--;
}

static void
aperture_remove(struct nvsim_aperture *ap, struct nvsim_bo *bo)
{
   aperture_remove_at(ap, bo, bo->offset);
}

struct nvsim_bo *
nvsim_aperture_find(struct nvsim_device *dev, enum nvsim_domain domain,
                    uint64_t addr, uint64_t len)
{
   struct nvsim_aperture *ap = aperture_of(dev, domain);
   if (!ap)
      return NULL;
   int i = aperture_search(ap, addr);
   if (i < 0)
      return NULL;
   struct nvsim_bo *bo = ap->entries[i].bo;
   /* Only the buffer's own bytes count, not the page padding after it. */
   uint64_t rel = addr - bo->offset;
   if (rel >= bo->size || len > bo->size - rel)
      return NULL;
   return bo;
}

void *
nvsim_aperture_ptr(struct nvsim_device *dev, enum nvsim_domain domain,
                   uint64_t addr, uint64_t len)
{
   void *ptr = NULL;
   pthread_mutex_lock(&dev->lock);
   struct nvsim_bo *bo = nvsim_aperture_find(dev, domain, addr, len ? len : 1);
   if (bo)
      ptr = bo->map + (addr - bo->offset);
   pthread_mutex_unlock(&dev->lock);
   return ptr;
}

static void
bo_free(struct nvsim_bo *bo)
{
   if (bo->own_backing)
      free(bo->map);
   if (bo->release)
      bo->release(bo->release_data);
   free(bo);
}

/* Takes the zombies the GPU is done with out of their apertures; returns
 * them as a list to free outside the lock (release callbacks may call
 * back into nvsim). */
static struct nvsim_bo *
reap_locked(struct nvsim_device *dev, int64_t done_seq)
{
   struct nvsim_bo *done = NULL, **p = &dev->zombies;
   while (*p) {
      struct nvsim_bo *bo = *p;
      if (bo->free_after <= done_seq) {
         *p = bo->next_zombie;
         aperture_remove(aperture_of(dev, bo->domain), bo);
         bo->next_zombie = done;
         done = bo;
      } else {
         p = &bo->next_zombie;
      }
   }
   return done;
}

static void
free_list(struct nvsim_bo *list)
{
   while (list) {
      struct nvsim_bo *next = list->next_zombie;
      bo_free(list);
      list = next;
   }
}

void
nvsim_reap_zombies_locked(struct nvsim_device *dev, int64_t done)
{
   /* Called by the GPU thread after a job; release callbacks run with the
    * lock dropped. */
   struct nvsim_bo *list = reap_locked(dev, done);
   if (list) {
      pthread_mutex_unlock(&dev->lock);
      free_list(list);
      pthread_mutex_lock(&dev->lock);
   }
}

static void stats_watch(struct nvsim_device *dev);

/* Creation order, the last tie-break of the LRU order (under dev->lock). */
static uint64_t nvsim_bo_serial;

static bool
bo_busy_locked(const struct nvsim_device *dev, const struct nvsim_bo *bo)
{
   return dev->completed_seq < bo->last_seq;
}

/* May this buffer leave VRAM to make room for another?  Not if pinned,
 * listed by a submission being validated, or destroyed (its space comes
 * back when the GPU is done with it). */
static bool
bo_evictable_locked(const struct nvsim_bo *bo)
{
   return !bo->pinned && !bo->reserved && !bo->zombie;
}

static int64_t
bo_lru_seq(const struct nvsim_bo *bo)
{
   return bo->last_seq > bo->placed_seq ? bo->last_seq : bo->placed_seq;
}

static int
bo_lru_cmp(const void *pa, const void *pb)
{
   const struct nvsim_bo *a = *(struct nvsim_bo *const *)pa;
   const struct nvsim_bo *b = *(struct nvsim_bo *const *)pb;
   int64_t sa = bo_lru_seq(a), sb = bo_lru_seq(b);

   if (sa != sb)
      return sa < sb ? -1 : 1;
   return a->serial < b->serial ? -1 : a->serial > b->serial;
}

/* Moves an idle VRAM buffer to GART, keeping its bytes and mapping
 * (nouveau_bo_evict_flags: VRAM evicts to TT).  False if GART has no
 * room for it. */
static bool
evict_to_gart_locked(struct nvsim_device *dev, struct nvsim_bo *bo)
{
   uint64_t old_offset = bo->offset;

   if (!aperture_alloc(&dev->gart, bo->size, bo->align, bo))
      return false;
   aperture_remove_at(&dev->vram, bo, old_offset);
   bo->placed_seq = dev->last_seq;
   dev->vram.evictions++;
   dev->vram.evicted_bytes += align_up(bo->size, NVSIM_PAGE);
   nvsim_trace_bo_move(bo, NVSIM_DOMAIN_VRAM, old_offset);
   return true;
}

/*
 * Places `bo` in `ap`, making room: idle VRAM buffers go to GART, least
 * recently used first, until bo fits; when no idle one helps, waits for
 * the oldest submission whose end could (a busy candidate becomes idle,
 * or a destroyed buffer's space is freed) and tries again.  GART only
 * gets the space of destroyed buffers back.  False when nothing left can
 * make room.  May drop and retake dev->lock while waiting; buffers
 * reaped meanwhile are added to *reaped for the caller to free.
 */
static bool
place_evicting_locked(struct nvsim_device *dev, struct nvsim_aperture *ap,
                      struct nvsim_bo *bo, struct nvsim_bo **reaped)
{
   for (;;) {
      struct nvsim_bo *done = reap_locked(dev, dev->completed_seq);
      while (done) {
         struct nvsim_bo *next = done->next_zombie;
         done->next_zombie = *reaped;
         *reaped = done;
         done = next;
      }
      if (aperture_alloc(ap, bo->size, bo->align, bo))
         return true;

      int64_t wait_for = INT64_MAX;
      for (struct nvsim_bo *z = dev->zombies; z; z = z->next_zombie) {
         if (z->domain == ap->domain && z->free_after < wait_for)
            wait_for = z->free_after;
      }

      if (ap->domain == NVSIM_DOMAIN_VRAM && ap->num) {
         struct nvsim_bo **idle = malloc(ap->num * sizeof(*idle));
         unsigned num_idle = 0;
         if (!idle)
            return false;
         for (unsigned i = 0; i < ap->num; i++) {
            struct nvsim_bo *c = ap->entries[i].bo;
            if (c == bo || !bo_evictable_locked(c))
               continue;
            if (!bo_busy_locked(dev, c))
               idle[num_idle++] = c;
            else if (c->last_seq < wait_for)
               wait_for = c->last_seq;
         }
         qsort(idle, num_idle, sizeof(*idle), bo_lru_cmp);
         bool placed = false;
         for (unsigned i = 0; i < num_idle && !placed; i++) {
            if (evict_to_gart_locked(dev, idle[i]))
               placed = aperture_alloc(ap, bo->size, bo->align, bo);
         }
         free(idle);
         if (placed)
            return true;
      }

      if (wait_for == INT64_MAX || wait_for > dev->last_seq)
         return false;
      while (dev->completed_seq < wait_for)
         pthread_cond_wait(&dev->done_cond, &dev->lock);
   }
}

/*
 * Moves a GART buffer into a VRAM full of idle buffers while GART is full
 * too: the buffer leaves GART first, so the buffers evicted for it can
 * take its place there.  (The kernel would rather swap GART buffers out
 * to system memory; with nvsim's two apertures this exchange is what
 * keeps such a submission possible.)  All or nothing: if bo still does
 * not fit, every buffer goes back where it was.  No waiting.
 */
static bool
swap_into_vram_locked(struct nvsim_device *dev, struct nvsim_bo *bo)
{
   struct nvsim_aperture *vram = &dev->vram, *gart = &dev->gart;
   uint64_t bo_old = bo->offset;
   bool placed = false;

   if (bo->domain != NVSIM_DOMAIN_GART || !vram->num)
      return false;
   struct nvsim_bo **idle = malloc(vram->num * sizeof(*idle));
   uint64_t *from = malloc(vram->num * sizeof(*from));
   unsigned num_idle = 0, num_moved = 0;
   if (!idle || !from) {
      free(idle);
      free(from);
      return false;
   }
   for (unsigned i = 0; i < vram->num; i++) {
      struct nvsim_bo *c = vram->entries[i].bo;
      if (bo_evictable_locked(c) && !bo_busy_locked(dev, c))
         idle[num_idle++] = c;
   }
   qsort(idle, num_idle, sizeof(*idle), bo_lru_cmp);

   aperture_remove_at(gart, bo, bo_old);
   for (unsigned i = 0; i < num_idle && !placed; i++) {
      uint64_t at = idle[i]->offset;
      if (!aperture_alloc(gart, idle[i]->size, idle[i]->align, idle[i]))
         continue;
      aperture_remove_at(vram, idle[i], at);
      from[num_moved] = at;
      idle[num_moved++] = idle[i];
      placed = aperture_alloc(vram, bo->size, bo->align, bo);
   }
   if (placed) {
      for (unsigned i = 0; i < num_moved; i++) {
         idle[i]->placed_seq = dev->last_seq;
         vram->evictions++;
         vram->evicted_bytes += align_up(idle[i]->size, NVSIM_PAGE);
         nvsim_trace_bo_move(idle[i], NVSIM_DOMAIN_VRAM, from[i]);
      }
   } else {
      /* exactly as before: each range given back is still free, and
       * every aperture has had an entry removed for each one put back */
      while (num_moved--) {
         struct nvsim_bo *c = idle[num_moved];
         aperture_remove_at(gart, c, c->offset);
         aperture_insert_at(vram, c, from[num_moved]);
      }
      aperture_insert_at(gart, bo, bo_old);
   }
   free(idle);
   free(from);
   return placed;
}

struct nvsim_bo *
nvsim_bo_create(struct nvsim_device *dev, uint64_t size, uint32_t domains,
                void *backing)
{
   return nvsim_bo_create_aligned(dev, size, domains, backing, 0);
}

struct nvsim_bo *
nvsim_bo_create_aligned(struct nvsim_device *dev, uint64_t size,
                        uint32_t domains, void *backing, uint64_t align)
{
   if (align < NVSIM_PAGE)
      align = NVSIM_PAGE;
   if (align & (align - 1)) {
      fprintf(stderr, "nvsim: buffer alignment 0x%llx is not a power of two\n",
              (unsigned long long)align);
      return NULL;
   }
   if (!dev || !size) {
      fprintf(stderr, "nvsim: buffer of size 0 refused\n");
      return NULL;
   }
   if (!(domains & (NVSIM_DOMAIN_VRAM | NVSIM_DOMAIN_GART))) {
      fprintf(stderr, "nvsim: buffer domains 0x%x name neither VRAM nor GART\n",
              domains);
      return NULL;
   }
   /* larger than every allowed aperture: refuse before allocating */
   uint64_t room = 0;
   if ((domains & NVSIM_DOMAIN_VRAM) && dev->vram.size > room)
      room = dev->vram.size;
   if ((domains & NVSIM_DOMAIN_GART) && dev->gart.size > room)
      room = dev->gart.size;
   if (size > room)
      return NULL;

   struct nvsim_bo *bo = calloc(1, sizeof(*bo));
   if (!bo)
      return NULL;
   bo->dev = dev;
   bo->size = size;
   bo->align = align;
   if (backing) {
      bo->map = backing;
   } else {
      if (size > SIZE_MAX || !(bo->map = calloc(1, (size_t)size))) {
         free(bo);
         return NULL;
      }
      bo->own_backing = true;
   }

   pthread_mutex_lock(&dev->lock);
   struct nvsim_bo *reaped = reap_locked(dev, dev->completed_seq);
   bool ok = false;
   /* VRAM preferred when allowed, as the kernel places buffers: every
    * allowed domain without evicting, then with (ttm_bo_mem_space). */
   if (domains & NVSIM_DOMAIN_VRAM)
      ok = aperture_alloc(&dev->vram, size, align, bo);
   if (!ok && (domains & NVSIM_DOMAIN_GART))
      ok = aperture_alloc(&dev->gart, size, align, bo);
   if (!ok && (domains & NVSIM_DOMAIN_VRAM))
      ok = place_evicting_locked(dev, &dev->vram, bo, &reaped);
   if (!ok && (domains & NVSIM_DOMAIN_GART))
      ok = place_evicting_locked(dev, &dev->gart, bo, &reaped);
   if (ok) {
      bo->serial = ++nvsim_bo_serial;
      bo->placed_seq = dev->last_seq;
   }
   pthread_mutex_unlock(&dev->lock);
   free_list(reaped);
   if (bo->serial == 1)
      stats_watch(dev);

   if (!ok) {
      if (bo->own_backing)
         free(bo->map);
      free(bo);
      return NULL;
   }
   nvsim_trace_bo_create(bo);
   return bo;
}

void
nvsim_bo_set_release(struct nvsim_bo *bo, void (*release)(void *data),
                     void *data)
{
   if (!bo)
      return;
   pthread_mutex_lock(&bo->dev->lock);
   bo->release = release;
   bo->release_data = data;
   pthread_mutex_unlock(&bo->dev->lock);
}

void
nvsim_bo_destroy(struct nvsim_bo *bo)
{
   if (!bo)
      return;
   struct nvsim_device *dev = bo->dev;
   nvsim_trace_bo_destroy(bo);

   pthread_mutex_lock(&dev->lock);
   /* Any job submitted so far may reach the buffer through a DMA object,
    * listed or not: keep it until all of them are done. */
   bo->zombie = true;
   bo->free_after = dev->last_seq;
   bo->next_zombie = dev->zombies;
   dev->zombies = bo;
   bool caller_memory = !bo->own_backing && !bo->release;
   int64_t free_after = bo->free_after;
   if (caller_memory) {
      /* nobody to tell later: wait here until nvsim is done with it (the
       * GPU thread may reap and free `bo` meanwhile: don't touch it) */
      while (dev->completed_seq < free_after)
         pthread_cond_wait(&dev->done_cond, &dev->lock);
   }
   struct nvsim_bo *reaped = reap_locked(dev, dev->completed_seq);
   pthread_mutex_unlock(&dev->lock);
   free_list(reaped);
}

int
nvsim_bo_move(struct nvsim_bo *bo, enum nvsim_domain domain)
{
   if (!bo)
      return -EINVAL;
   struct nvsim_device *dev = bo->dev;
   struct nvsim_aperture *to = aperture_of(dev, domain);
   if (!to)
      return -EINVAL;

   pthread_mutex_lock(&dev->lock);
   if (bo->zombie) {
      pthread_mutex_unlock(&dev->lock);
      return -EINVAL;
   }
   if (bo->domain == domain) {
      pthread_mutex_unlock(&dev->lock);
      return 0;
   }
   /* The kernel's move is ordered after the fences of the submissions
    * that use the buffer (TTM waits for, or pipelines behind, them): those
    * still reach it at its old address.  Jobs execute in order, so once
    * the last one listing it is done nothing queued uses that address. */
   while (dev->completed_seq < bo->last_seq)
      pthread_cond_wait(&dev->done_cond, &dev->lock);
   struct nvsim_bo *reaped = reap_locked(dev, dev->completed_seq);

   struct nvsim_aperture *from = aperture_of(dev, bo->domain);
   uint64_t old_offset = bo->offset;
   enum nvsim_domain old_domain = bo->domain;
   int ret = 0;
   /* the new place first: on failure the buffer stays where it was (and
    * is not evicted to make room for itself) */
   bo->reserved++;
   bool swapped = false;
   bool ok = aperture_alloc(to, bo->size, bo->align, bo) ||
             place_evicting_locked(dev, to, bo, &reaped);
   if (!ok && domain == NVSIM_DOMAIN_VRAM)
      ok = swapped = swap_into_vram_locked(dev, bo);
   bo->reserved--;
   if (ok) {
      if (!swapped)
         aperture_remove_at(from, bo, old_offset);
      bo->placed_seq = dev->last_seq;
      nvsim_trace_bo_move(bo, old_domain, old_offset);
   } else {
      bo->offset = old_offset;
      bo->domain = old_domain;
      ret = -ENOSPC;
   }
   pthread_mutex_unlock(&dev->lock);
   free_list(reaped);
   return ret;
}

void
nvsim_bo_set_pinned(struct nvsim_bo *bo, bool pinned)
{
   if (!bo)
      return;
   pthread_mutex_lock(&bo->dev->lock);
   bo->pinned = pinned;
   pthread_mutex_unlock(&bo->dev->lock);
}

void
nvsim_bo_reserve(struct nvsim_bo *bo)
{
   if (!bo)
      return;
   pthread_mutex_lock(&bo->dev->lock);
   bo->reserved++;
   pthread_mutex_unlock(&bo->dev->lock);
}

void
nvsim_bo_unreserve(struct nvsim_bo *bo)
{
   if (!bo)
      return;
   pthread_mutex_lock(&bo->dev->lock);
   if (bo->reserved)
      bo->reserved--;
   pthread_mutex_unlock(&bo->dev->lock);
}

void
nvsim_mem_stats(struct nvsim_device *dev, struct nvsim_mem_stats *stats)
{
   memset(stats, 0, sizeof(*stats));
   if (!dev)
      return;
   pthread_mutex_lock(&dev->lock);
   stats->vram_size = dev->vram.size;
   stats->vram_used = dev->vram.used;
   stats->gart_size = dev->gart.size;
   stats->gart_used = dev->gart.used;
   stats->evictions = dev->vram.evictions;
   stats->evicted_bytes = dev->vram.evicted_bytes;
   pthread_mutex_unlock(&dev->lock);
}

uint64_t
nvsim_bo_size(const struct nvsim_bo *bo)
{
   return bo->size;
}

uint64_t
nvsim_bo_offset(const struct nvsim_bo *bo)
{
   return bo->offset;
}

enum nvsim_domain
nvsim_bo_domain(const struct nvsim_bo *bo)
{
   return bo->domain;
}

void *
nvsim_bo_map(struct nvsim_bo *bo)
{
   nvsim_trace_bo_map(bo);
   return bo->map;
}

/* CLOCK_REALTIME (pthread_cond_timedwait's clock) timeout_ns from now */
static void
wait_deadline(struct timespec *ts, int64_t timeout_ns)
{
   clock_gettime(CLOCK_REALTIME, ts);
   uint64_t ns = (uint64_t)ts->tv_nsec + (uint64_t)timeout_ns;
   ts->tv_sec += ns / 1000000000ull;
   ts->tv_nsec = ns % 1000000000ull;
}

int
nvsim_bo_wait(struct nvsim_bo *bo, int64_t timeout_ns)
{
   struct nvsim_device *dev = bo->dev;
   int ret = 0;

   pthread_mutex_lock(&dev->lock);
   if (timeout_ns < 0) {
      while (dev->completed_seq < bo->last_seq)
         pthread_cond_wait(&dev->done_cond, &dev->lock);
   } else if (dev->completed_seq < bo->last_seq) {
      /* The timeout is the kernel's bound on a GPU that stopped (a hang:
       * nouveau_gem_ioctl_cpu_prep waits 30 s).  A real GPU does a frame's
       * work in milliseconds; nvsim may take minutes over it on a loaded
       * host, and a wall-clock bound would then fail waits on a GPU that
       * is still working (upstream's nv50 answered glReadPixels with
       * GL_OUT_OF_MEMORY: its map's CPU_PREP got -EBUSY).  So the time
       * counts only while the GPU takes no method: the deadline starts
       * again whenever the puller has taken one since it was set. */
      uint64_t seen = __atomic_load_n(&dev->methods_taken, __ATOMIC_RELAXED);
      struct timespec ts;
      wait_deadline(&ts, timeout_ns);
      while (dev->completed_seq < bo->last_seq) {
         if (timeout_ns == 0)
            break;
         if (pthread_cond_timedwait(&dev->done_cond, &dev->lock, &ts) !=
             ETIMEDOUT)
            continue;
         uint64_t now = __atomic_load_n(&dev->methods_taken,
                                        __ATOMIC_RELAXED);
         if (now == seen)
            break;      /* no method for timeout_ns: the GPU stopped */
         seen = now;
         wait_deadline(&ts, timeout_ns);
      }
      if (dev->completed_seq < bo->last_seq)
         ret = -EBUSY;
   }
   pthread_mutex_unlock(&dev->lock);
   return ret;
}

/* NVSIM_MEM_STATS=1: what eviction did, on stderr when the device goes
 * or the process ends (the shim keeps its device to the end), for tests
 * and docs. */
static struct nvsim_device *stats_dev;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static void
print_stats_locked(void)
{
   struct nvsim_device *dev = stats_dev;
   if (!dev)
      return;
   stats_dev = NULL;
   fprintf(stderr, "nvsim: memory: VRAM %llu of %llu KiB used, GART %llu "
           "of %llu KiB used; %llu buffers (%llu KiB) evicted from VRAM to "
           "GART\n",
           (unsigned long long)dev->vram.used / 1024,
           (unsigned long long)dev->vram.size / 1024,
           (unsigned long long)dev->gart.used / 1024,
           (unsigned long long)dev->gart.size / 1024,
           (unsigned long long)dev->vram.evictions,
           (unsigned long long)dev->vram.evicted_bytes / 1024);
}

static void
print_stats_at_exit(void)
{
   pthread_mutex_lock(&stats_lock);
   print_stats_locked();
   pthread_mutex_unlock(&stats_lock);
}

static void
stats_watch(struct nvsim_device *dev)
{
   static bool registered;
   const char *env = getenv("NVSIM_MEM_STATS");
   if (!env || !*env || !strcmp(env, "0"))
      return;
   pthread_mutex_lock(&stats_lock);
   if (!stats_dev)
      stats_dev = dev;
   if (!registered)
      registered = atexit(print_stats_at_exit) == 0;
   pthread_mutex_unlock(&stats_lock);
}

void
nvsim_mem_fini(struct nvsim_device *dev)
{
   pthread_mutex_lock(&stats_lock);
   if (stats_dev == dev)
      print_stats_locked();
   pthread_mutex_unlock(&stats_lock);
   /* Device teardown: the GPU thread is gone, everything can go. */
   struct nvsim_bo *list = NULL;
   struct nvsim_aperture *aps[] = { &dev->vram, &dev->gart };
   for (unsigned a = 0; a < 2; a++) {
      for (unsigned i = 0; i < aps[a]->num; i++) {
         struct nvsim_bo *bo = aps[a]->entries[i].bo;
         bo->next_zombie = list;
         list = bo;
      }
      free(aps[a]->entries);
      aps[a]->entries = NULL;
      aps[a]->num = aps[a]->cap = 0;
   }
   dev->zombies = NULL;
   free_list(list);
}
