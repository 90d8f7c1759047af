/*
 * GEM_PUSHBUF: validate the buffer list, fix up relocations, submit the
 * pushes to nvsim.
 *
 * The steps and their errors are those of Linux's
 * nouveau_gem_ioctl_pushbuf() (drivers/gpu/drm/nouveau/nouveau_gem.c):
 *  - unknown channel: -ENOENT; a channel killed by a trap: -ENODEV (libdrm's
 *    nouveau_check_dead_channel() tests exactly this, with nr_push 0).
 *    A trap kills a channel under NVSIM_STRICT=1 only: by default it drops
 *    the method and the channel goes on, as with the real kernel (nvsim's
 *    nvsim_trap.c), so the channel keeps taking submissions;
 *  - vram_available/gart_available are always reported, and nr_push 0 stops
 *    there (libdrm's nouveau_pushbuf_new() does this to learn the suffix);
 *  - more than NOUVEAU_GEM_MAX_PUSH/_BUFFERS/_RELOCS entries: -EINVAL;
 *  - every buffer: known handle (-ENOENT), listed once (-EINVAL), and
 *    valid_domains & the buffer's valid domains & (write or read domains)
 *    not empty (-EINVAL); a buffer's valid domains are VRAM and GART before
 *    Tesla, its creation domains from NV50 on (nouveau_gem_new);
 *  - every listed buffer is reserved while the list is validated (the
 *    kernel's ww_mutex reservation), so that placing one never evicts
 *    another; reservations end once the submission is queued, when the
 *    buffers are busy and eviction waits for them;
 *  - a buffer in none of those domains moves (nouveau_gem_set_domain: VRAM
 *    preferred, else GART), keeping its contents and mapping; moving into
 *    a full VRAM evicts idle unlisted buffers to GART (nvsim_mem.c);
 *  - a buffer whose presumed domain/offset is stale (moved buffers
 *    included) gets the real ones written back with presumed.valid = 0,
 *    and only then are relocations applied, and only those whose target
 *    buffer was stale;
 *  - a relocation writes one dword into its container after waiting for the
 *    container to be idle: LOW = offset + data, HIGH = (offset + data) >> 32,
 *    else data; OR adds tor for a GART target, vor otherwise.
 * nvsim buffers move only here and when evicted to make room, so the
 * presumed offsets libdrm sends are mostly right and relocations are
 * needed only after a move.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nouveau_shim.h"
/* after nouveau_shim.h: the kernel header needs <stdint.h> first */
#include "nouveau_drm.h"
#include "nvsim_trace.h"

/* The kernel waits up to 15 s for a relocation's container to go idle. */
#define NOUVEAU_SHIM_RELOC_WAIT_NS (15ll * 1000 * 1000 * 1000)

/* Push lengths carry flags above bit 22 (bit 23: NO_PREFETCH on IB
 * channels); libdrm's pushbuf_dump() masks the length with 0x7fffff. */
#define NOUVEAU_SHIM_PUSH_LENGTH_MASK 0x7fffffu

static uint32_t
nouveau_shim_domain_of(const struct nouveau_shim_mem *mem)
{
   return nvsim_bo_domain(mem->sim) == NVSIM_DOMAIN_VRAM ?
          NOUVEAU_GEM_DOMAIN_VRAM : NOUVEAU_GEM_DOMAIN_GART;
}

/* The domains a listed buffer may be in for this submission (the kernel's
 * nouveau_gem_set_domain); 0 refuses it. */
static uint32_t
nouveau_shim_wanted_domains(const struct drm_nouveau_gem_pushbuf_bo *b,
                            const struct nouveau_shim_mem *mem)
{
   const uint32_t placement = NOUVEAU_GEM_DOMAIN_VRAM |
                              NOUVEAU_GEM_DOMAIN_GART;

   return b->valid_domains & mem->valid_domains &
          (b->write_domains ? b->write_domains : b->read_domains) &
          placement;
}

/* Looks the buffers up and checks them, as the kernel's validate_init
 * does for all of them before anything moves; then moves those that are
 * in none of their domains and writes back stale presumed placements
 * (validate_list).  *stale counts the buffers whose presumed placement
 * was wrong. */
static int
nouveau_shim_validate(int fd, struct nouveau_shim_channel *chan,
                      struct drm_nouveau_gem_pushbuf_bo *buffers,
                      unsigned nr_buffers, struct nouveau_shim_mem **mems,
                      unsigned *stale, bool *reserved)
{
   *stale = 0;
   for (unsigned i = 0; i < nr_buffers; i++) {
      struct drm_nouveau_gem_pushbuf_bo *b = &buffers[i];
      struct nouveau_shim_mem *mem = nouveau_shim_mem_lookup(fd, b->handle);

      if (!mem)
         return -ENOENT;
      mems[i] = mem;
      for (unsigned j = 0; j < i; j++) {
         if (mems[j] == mem)
            return -EINVAL;
      }
      if (!nouveau_shim_wanted_domains(b, mem))
         return -EINVAL;
   }
   for (unsigned i = 0; i < nr_buffers; i++)
      nvsim_bo_reserve(mems[i]->sim);
   *reserved = true;

   for (unsigned i = 0; i < nr_buffers; i++) {
      struct drm_nouveau_gem_pushbuf_bo *b = &buffers[i];
      struct nouveau_shim_mem *mem = mems[i];
      uint32_t domains = nouveau_shim_wanted_domains(b, mem);
      uint32_t domain = nouveau_shim_domain_of(mem);

      if (!(domains & domain)) {
         /* nouveau_gem_set_domain: where it is if allowed, else VRAM if
          * allowed, else GART; ttm_bo_validate then moves it (after the
          * submissions using it: nvsim_bo_move waits for them). */
         uint32_t to = (domains & NOUVEAU_GEM_DOMAIN_VRAM) ?
                       NOUVEAU_GEM_DOMAIN_VRAM : NOUVEAU_GEM_DOMAIN_GART;
         /* NOUVEAU_GEM_DOMAIN_VRAM/GART are nvsim's domain bits */
         int ret = mem->pinned ? -EINVAL : nvsim_bo_move(mem->sim, to);
         if (ret) {
            if (!chan->warned_placement) {
               chan->warned_placement = true;
               fprintf(stderr, "nouveau drm-shim: cannot move a buffer "
                       "into domain 0x%x for a submission (%s)\n", to,
                       mem->pinned ? "the notifier block is pinned" :
                                     "the aperture is full");
            }
            /* a pinned buffer cannot leave its placement; a full
             * aperture is what ttm_bo_validate reports as -ENOMEM when
             * nothing can be evicted */
            return mem->pinned ? -EINVAL : -ENOMEM;
         }
         domain = to;
      }

      /* Tesla: VM addresses never go stale; the kernel leaves presumed
       * alone and applies no relocations (validate_list) */
      if (nouveau_shim_is_tesla())
         continue;
      uint64_t offset = nvsim_bo_offset(mem->sim);
      if (b->presumed.offset == offset && (b->presumed.domain & domain))
         continue;
      b->presumed.domain = domain;
      b->presumed.offset = offset;
      b->presumed.valid = 0;
      (*stale)++;
   }
   return 0;
}

static int
nouveau_shim_apply_relocs(const struct drm_nouveau_gem_pushbuf *req,
                          const struct drm_nouveau_gem_pushbuf_bo *buffers,
                          const struct drm_nouveau_gem_pushbuf_reloc *relocs,
                          struct nouveau_shim_mem **mems)
{
   for (unsigned i = 0; i < req->nr_relocs; i++) {
      const struct drm_nouveau_gem_pushbuf_reloc *r = &relocs[i];

      if (r->bo_index >= req->nr_buffers)
         return -EINVAL;
      const struct drm_nouveau_gem_pushbuf_bo *b = &buffers[r->bo_index];
      if (b->presumed.valid)
         continue;

      if (r->reloc_bo_index >= req->nr_buffers)
         return -EINVAL;
      struct nouveau_shim_mem *container = mems[r->reloc_bo_index];
      if ((uint64_t)r->reloc_bo_offset + 4 > container->size)
         return -EINVAL;

      uint32_t data;
      if (r->flags & NOUVEAU_GEM_RELOC_LOW)
         data = b->presumed.offset + r->data;
      else if (r->flags & NOUVEAU_GEM_RELOC_HIGH)
         data = (b->presumed.offset + r->data) >> 32;
      else
         data = r->data;

      if (r->flags & NOUVEAU_GEM_RELOC_OR) {
         if (b->presumed.domain == NOUVEAU_GEM_DOMAIN_GART)
            data |= r->tor;
         else
            data |= r->vor;
      }

      if (nvsim_bo_wait(container->sim, NOUVEAU_SHIM_RELOC_WAIT_NS))
         return -EBUSY;
      ((uint32_t *)container->map)[r->reloc_bo_offset >> 2] = data;
   }
   return 0;
}

static int
nouveau_shim_submit(int fd, struct nouveau_shim_channel *chan,
                    struct drm_nouveau_gem_pushbuf *req, bool sync)
{
   struct drm_nouveau_gem_pushbuf_bo *buffers =
      (void *)(uintptr_t)req->buffers;
   const struct drm_nouveau_gem_pushbuf_reloc *relocs =
      (const void *)(uintptr_t)req->relocs;
   const struct drm_nouveau_gem_pushbuf_push *pushes =
      (const void *)(uintptr_t)req->push;
   unsigned nr_buffers = req->nr_buffers;
   unsigned stale;
   bool reserved = false;
   int ret;

   if ((nr_buffers && !buffers) || (req->nr_relocs && !relocs) || !pushes)
      return -EFAULT;

   struct nouveau_shim_mem **mems = calloc(nr_buffers ? nr_buffers : 1,
                                           sizeof(*mems));
   struct nvsim_bo **sim_bos = calloc(nr_buffers ? nr_buffers : 1,
                                      sizeof(*sim_bos));
   struct nvsim_push *sim_pushes = calloc(req->nr_push, sizeof(*sim_pushes));
   if (!mems || !sim_bos || !sim_pushes) {
      ret = -ENOMEM;
      goto out;
   }

   ret = nouveau_shim_validate(fd, chan, buffers, nr_buffers, mems, &stale,
                               &reserved);
   if (ret)
      goto out;

   for (unsigned i = 0; i < req->nr_push; i++) {
      const struct drm_nouveau_gem_pushbuf_push *p = &pushes[i];
      uint64_t length = p->length & NOUVEAU_SHIM_PUSH_LENGTH_MASK;

      if (p->bo_index >= nr_buffers) {
         ret = -EINVAL;
         goto out;
      }
      struct nouveau_shim_mem *mem = mems[p->bo_index];
      /* Command words are dwords, and a push stays inside its buffer. */
      if ((p->offset & 3) || (length & 3) || p->offset > mem->size ||
          length > mem->size - p->offset) {
         ret = -EINVAL;
         goto out;
      }
      sim_pushes[i].bo = mem->sim;
      sim_pushes[i].offset = p->offset;
      sim_pushes[i].length = length;
   }

   if (stale) {
      ret = nouveau_shim_apply_relocs(req, buffers, relocs, mems);
      if (ret)
         goto out;
   }

   for (unsigned i = 0; i < nr_buffers; i++)
      sim_bos[i] = mems[i]->sim;
   /* NVSIM_TRACE: which pushed words are addresses (flags: the kernel's
    * NOUVEAU_GEM_RELOC_* bits, as nvsim_trace.h takes them) */
   for (unsigned i = 0; nvsim_trace_enabled() && i < req->nr_relocs; i++)
      nvsim_trace_reloc(chan->sim, sim_bos, nr_buffers,
                        relocs[i].reloc_bo_index, relocs[i].reloc_bo_offset,
                        relocs[i].bo_index, relocs[i].flags, relocs[i].data,
                        relocs[i].vor, relocs[i].tor);

   /* Tesla: one IB entry per push (nouveau_shim_tesla.c) */
   int64_t seq = nouveau_shim_is_tesla() ?
      nouveau_shim_tesla_submit(chan, pushes, req->nr_push, mems, sim_bos,
                                nr_buffers) :
      nvsim_submit(chan->sim, sim_pushes, req->nr_push, sim_bos, nr_buffers);
   if (seq < 0) {
      ret = seq;
      goto out;
   }
   if (sync) {
      nvsim_wait_seq(nouveau_shim.dev, seq);
      if (nvsim_channel_dead(chan->sim))
         ret = -ENODEV;
   }

out:
   if (mems) {
      for (unsigned i = 0; i < nr_buffers; i++) {
         if (reserved)
            nvsim_bo_unreserve(mems[i]->sim);
         nouveau_shim_mem_unref(mems[i]);
      }
   }
   free(mems);
   free(sim_bos);
   free(sim_pushes);
   return ret;
}

int
nouveau_shim_ioctl_gem_pushbuf(int fd, void *arg)
{
   struct drm_nouveau_gem_pushbuf *req = arg;
   struct nouveau_shim_file *file = nouveau_shim_file_get(fd);
   /* The SYNC request rides in vram_available on the way in. */
   bool sync = req->vram_available & NOUVEAU_GEM_PUSHBUF_SYNC;
   int ret;

   if (!file)
      return -ENOMEM;

   mtx_lock(&file->lock);
   struct nouveau_shim_channel *chan =
      nouveau_shim_channel_find(file, req->channel);
   if (chan)
      __atomic_add_fetch(&chan->refcount, 1, __ATOMIC_ACQ_REL);
   mtx_unlock(&file->lock);
   if (!chan)
      return -ENOENT;

   mtx_lock(&chan->submit_lock);
   if (nvsim_channel_dead(chan->sim)) {
      ret = -ENODEV;
      goto out;
   }

   req->vram_available = nouveau_shim.info->vram_size;
   req->gart_available = nouveau_shim.info->gart_size;
   /* The kernel's suffix is the "return to the ring" it needs after each
    * push on DMA (non-IB) channels.  nvsim runs each push as a bounded
    * segment, like the kernel's IB mode, so libdrm appends nothing. */
   req->suffix0 = 0;
   req->suffix1 = 0;

   if (req->nr_push == 0) {
      ret = 0;
      goto out;
   }
   if (req->nr_push > NOUVEAU_GEM_MAX_PUSH ||
       req->nr_buffers > NOUVEAU_GEM_MAX_BUFFERS ||
       req->nr_relocs > NOUVEAU_GEM_MAX_RELOCS) {
      ret = -EINVAL;
      goto out;
   }

   ret = nouveau_shim_submit(fd, chan, req, sync);

out:
   mtx_unlock(&chan->submit_lock);
   nouveau_shim_channel_unref(chan);
   return ret;
}
