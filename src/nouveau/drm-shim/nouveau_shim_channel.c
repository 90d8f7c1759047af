/*
 * Channels and the objects on them: CHANNEL_ALLOC/FREE, GROBJ_ALLOC,
 * NOTIFIEROBJ_ALLOC, GPUOBJ_FREE.  Channels belong to the file that made
 * them; an id another file owns is as unknown as one nobody owns (-ENOENT,
 * like the kernel's abi16 channel lookup).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nouveau_shim.h"
/* after nouveau_shim.h: the kernel header needs <stdint.h> first */
#include "nouveau_drm.h"
#include "fifo.xml.h"

/* The kernel's abi16 notifier block is one page (PAGE_SIZE: 4 KiB on x86),
 * carved by a heap without extra alignment; Mesa's nv30 driver sizes its
 * three notifiers to fill it (32 + 32 + 4096 - 128 bytes). */
#define NOUVEAU_SHIM_NOTIFIER_BLOCK 4096u


/* The abi16 way to ask for a Kepler engine instead of DMA objects. */
#define NOUVEAU_SHIM_NO_CTXDMA 0xffffffffu

/* The kernel keeps one FIFO channel for itself: nouveau_accel_init makes
 * drm->channel (its buffer moves) at load, before any client.  So a
 * process gets one channel fewer than the chip has; past that,
 * nvkm_chan_new_ finds no id ("!chids") and CHANNEL_ALLOC fails with
 * -ENOSPC. */
#define NOUVEAU_SHIM_KERNEL_CHANNELS 1
static int nouveau_shim_channels_used;

static bool
nouveau_shim_channel_id_get(void)
{
   int max = (int)nouveau_shim.info->channels - NOUVEAU_SHIM_KERNEL_CHANNELS;
   int used = __atomic_load_n(&nouveau_shim_channels_used, __ATOMIC_RELAXED);

   do {
      if (used >= max) {
         static bool warned;
         if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
            fprintf(stderr, "nouveau drm-shim: CHANNEL_ALLOC: the %d "
                    "channels of the %s that the kernel gives out are all "
                    "in use (it keeps %d of %u for itself): -ENOSPC\n", max,
                    nouveau_shim.info->name, NOUVEAU_SHIM_KERNEL_CHANNELS,
                    nouveau_shim.info->channels);
         return false;
      }
   } while (!__atomic_compare_exchange_n(&nouveau_shim_channels_used, &used,
                                         used + 1, false, __ATOMIC_ACQ_REL,
                                         __ATOMIC_RELAXED));
   return true;
}

int
nouveau_shim_ioctl_channel_alloc(int fd, void *arg)
{
   struct drm_nouveau_channel_alloc *req = arg;
   struct nouveau_shim_file *file = nouveau_shim_file_get(fd);
   struct nvsim_channel_info info = { 0 };

   if (!file)
      return -ENOMEM;
   if (req->fb_ctxdma_handle == NOUVEAU_SHIM_NO_CTXDMA ||
       req->tt_ctxdma_handle == NOUVEAU_SHIM_NO_CTXDMA)
      return -ENODEV;

   if (!nouveau_shim_channel_id_get())
      return -ENOSPC;
   struct nouveau_shim_channel *chan = calloc(1, sizeof(*chan));
   if (!chan) {
      __atomic_sub_fetch(&nouveau_shim_channels_used, 1, __ATOMIC_ACQ_REL);
      return -ENOMEM;
   }
   chan->refcount = 1;
   mtx_init(&chan->submit_lock, mtx_plain);

   /* The notifier block lives in GART like the kernel's, as a GEM object
    * of this file: libdrm hands its handle (nv04_fifo.notify) to the
    * driver, which maps it to read fences and query results. */
   struct drm_nouveau_gem_info ntfy_info = { 0 };
   int ret = nouveau_shim_bo_create(fd, NOUVEAU_SHIM_NOTIFIER_BLOCK,
                                    NOUVEAU_GEM_DOMAIN_GART, 0, &ntfy_info,
                                    &chan->ntfy_mem);
   if (ret) {
      nouveau_shim_channel_unref(chan);
      return ret;
   }
   chan->ntfy_mem->pinned = true;
   /* the kernel's abi16 pins it too: it never moves to make room */
   nvsim_bo_set_pinned(chan->ntfy_mem->sim, true);

   /* libdrm picks the handles of the channel's VRAM and GART DMA objects
    * (struct nv04_fifo vram/gart); nvsim makes the objects under them. */
   info.vram_ctxdma = req->fb_ctxdma_handle;
   info.gart_ctxdma = req->tt_ctxdma_handle;
   /* Tesla: the channel runs in the file's VM (nouveau_shim_tesla.c) */
   if (nouveau_shim_is_tesla())
      info.vm = nouveau_shim_tesla_vm(fd);
   chan->sim = nvsim_channel_create(nouveau_shim.dev, &info);
   if (!chan->sim) {
      nouveau_shim_bo_close_handle(fd, ntfy_info.handle);
      nouveau_shim_channel_unref(chan);
      return -ENOSPC;
   }
   if ((req->fb_ctxdma_handle && info.vram_ctxdma != req->fb_ctxdma_handle) ||
       (req->tt_ctxdma_handle && info.gart_ctxdma != req->tt_ctxdma_handle)) {
      fprintf(stderr, "nouveau drm-shim: nvsim made the channel's DMA "
              "objects as 0x%08x/0x%08x, not the 0x%08x/0x%08x asked for\n",
              info.vram_ctxdma, info.gart_ctxdma,
              req->fb_ctxdma_handle, req->tt_ctxdma_handle);
   }
   chan->id = info.id;
   if (nouveau_shim_is_tesla()) {
      ret = nouveau_shim_tesla_fence_init(fd, chan, info.vram_ctxdma);
      if (ret) {
         nouveau_shim_bo_close_handle(fd, ntfy_info.handle);
         nouveau_shim_channel_unref(chan);
         return ret;
      }
   }

   req->channel = chan->id;
   /* From G80 on the kernel lets push buffers live in either aperture;
    * before, the channel's push buffer sits in GART
    * (nouveau_abi16_ioctl_channel_alloc with the default
    * nouveau.vram_pushbuf=0). */
   req->pushbuf_domains = nouveau_shim_is_tesla() ?
      NOUVEAU_GEM_DOMAIN_VRAM | NOUVEAU_GEM_DOMAIN_GART :
      NOUVEAU_GEM_DOMAIN_GART;
   req->notifier_handle = ntfy_info.handle;
   /* No subchannel is reserved by the "kernel". */
   req->nr_subchan = 0;

   mtx_lock(&file->lock);
   chan->next = file->channels;
   file->channels = chan;
   mtx_unlock(&file->lock);
   return 0;
}

int
nouveau_shim_ioctl_channel_free(int fd, void *arg)
{
   struct drm_nouveau_channel_free *req = arg;
   struct nouveau_shim_file *file = nouveau_shim_file_get(fd);
   struct nouveau_shim_channel *chan = NULL;

   if (!file)
      return -ENOMEM;

   mtx_lock(&file->lock);
   for (struct nouveau_shim_channel **p = &file->channels; *p;
        p = &(*p)->next) {
      if ((*p)->id == req->channel) {
         chan = *p;
         *p = chan->next;
         break;
      }
   }
   mtx_unlock(&file->lock);
   if (chan)
      nouveau_shim_channel_unref(chan);

   return chan ? 0 : -ENOENT;
}

void
nouveau_shim_channel_unref(struct nouveau_shim_channel *chan)
{
   if (__atomic_sub_fetch(&chan->refcount, 1, __ATOMIC_ACQ_REL))
      return;
   mtx_destroy(&chan->submit_lock);
   /* (both NULL-safe: a CHANNEL_ALLOC that failed half-way ends here) */
   nvsim_channel_destroy(chan->sim);
   nouveau_shim_tesla_fence_fini(chan);
   /* The block's GEM handle, if the application kept it, holds its own
    * reference. */
   nouveau_shim_mem_unref(chan->ntfy_mem);
   free(chan->ntfy);
   free(chan);
   __atomic_sub_fetch(&nouveau_shim_channels_used, 1, __ATOMIC_ACQ_REL);
}

int
nouveau_shim_ioctl_grobj_alloc(int fd, void *arg)
{
   struct drm_nouveau_grobj_alloc *req = arg;
   struct nouveau_shim_file *file = nouveau_shim_file_get(fd);
   int ret;

   if (!file)
      return -ENOMEM;
   /* ~0 is the kernel's reserved handle. */
   if (req->handle == ~0u)
      return -EINVAL;

   mtx_lock(&file->lock);
   struct nouveau_shim_channel *chan =
      nouveau_shim_channel_find(file, req->channel);
   ret = chan ? nvsim_object_create(chan->sim, req->handle, req->class)
              : -ENOENT;
   mtx_unlock(&file->lock);
   return ret;
}

/* First fit in the notifier block; the index to insert at through *pos. */
static bool
nouveau_shim_notifier_fit(const struct nouveau_shim_channel *chan,
                          uint32_t size, uint32_t *offset, unsigned *pos)
{
   uint32_t cursor = 0;
   unsigned i;

   for (i = 0; i <= chan->num_ntfy; i++) {
      uint32_t end = i < chan->num_ntfy ? chan->ntfy[i].offset
                                        : NOUVEAU_SHIM_NOTIFIER_BLOCK;
      if (end - cursor >= size)
         break;
      if (i < chan->num_ntfy)
         cursor = chan->ntfy[i].offset + chan->ntfy[i].size;
   }
   if (i > chan->num_ntfy)
      return false;
   *offset = cursor;
   *pos = i;
   return true;
}

static int
nouveau_shim_notifier_alloc(struct nouveau_shim_channel *chan,
                            uint32_t handle, uint32_t size, uint32_t *offset)
{
   unsigned pos;
   int ret;

   if (size == 0 || size > NOUVEAU_SHIM_NOTIFIER_BLOCK)
      return -EINVAL;
   if (!nouveau_shim_notifier_fit(chan, size, offset, &pos))
      return -ENOMEM;

   if (chan->num_ntfy == chan->cap_ntfy) {
      unsigned cap = chan->cap_ntfy ? chan->cap_ntfy * 2 : 8;
      void *n = realloc(chan->ntfy, cap * sizeof(*chan->ntfy));
      if (!n)
         return -ENOMEM;
      chan->ntfy = n;
      chan->cap_ntfy = cap;
   }

   /* What the kernel makes for a notifier: an NV_DMA_IN_MEMORY object over
    * the range, in the aperture the block sits in. */
   struct nvsim_bo *block = chan->ntfy_mem->sim;
   ret = nouveau_shim_is_tesla() ?
      nouveau_shim_tesla_notifier(chan, handle, *offset, size) :
      nvsim_dma_create(chan->sim, handle, NV3_DMA_IN_MEMORY_CLASS,
                       nvsim_bo_domain(block),
                       nvsim_bo_offset(block) + *offset, size);
   if (ret)
      return ret;

   memmove(&chan->ntfy[pos + 1], &chan->ntfy[pos],
           (chan->num_ntfy - pos) * sizeof(*chan->ntfy));
   chan->ntfy[pos] = (struct nouveau_shim_notifier) {
      .handle = handle, .offset = *offset, .size = size,
   };
   chan->num_ntfy++;
   return 0;
}

int
nouveau_shim_ioctl_notifierobj_alloc(int fd, void *arg)
{
   struct drm_nouveau_notifierobj_alloc *req = arg;
   struct nouveau_shim_file *file = nouveau_shim_file_get(fd);
   uint32_t offset = 0;
   int ret;

   if (!file)
      return -ENOMEM;

   mtx_lock(&file->lock);
   struct nouveau_shim_channel *chan =
      nouveau_shim_channel_find(file, req->channel);
   ret = chan ? nouveau_shim_notifier_alloc(chan, req->handle, req->size,
                                            &offset)
              : -ENOENT;
   mtx_unlock(&file->lock);

   if (ret == 0)
      req->offset = offset;
   return ret;
}

int
nouveau_shim_ioctl_gpuobj_free(int fd, void *arg)
{
   struct drm_nouveau_gpuobj_free *req = arg;
   struct nouveau_shim_file *file = nouveau_shim_file_get(fd);
   int ret;

   if (!file)
      return -ENOMEM;

   mtx_lock(&file->lock);
   struct nouveau_shim_channel *chan =
      nouveau_shim_channel_find(file, req->channel);
   ret = chan ? nvsim_object_destroy(chan->sim, req->handle) : -ENOENT;
   if (ret == 0) {
      /* A notifier's range goes back to the block. */
      for (unsigned i = 0; i < chan->num_ntfy; i++) {
         if (chan->ntfy[i].handle == req->handle) {
            memmove(&chan->ntfy[i], &chan->ntfy[i + 1],
                    (chan->num_ntfy - i - 1) * sizeof(*chan->ntfy));
            chan->num_ntfy--;
            break;
         }
      }
   }
   mtx_unlock(&file->lock);
   return ret;
}
