/*
 * DMA objects as the class models see them: bounds-checked host pointers,
 * and the notifier structure PGRAPH writes through them.
 */
#include <string.h>
#include <time.h>

#include "nvsim_priv.h"
#include "nvsim_gen.h"

enum nvsim_status
nvsim_bind_dma(struct nvsim_object *obj, struct nvsim_object **slot,
               uint32_t handle)
{
   struct nvsim_object *dma = nvsim_lookup(obj->chan, handle);
   if (dma && dma->cls == &nvsim_null_class) {
      *slot = NULL;
      return NVSIM_OK;
   }
   if (!dma || !dma->is_dma) {
      nvsim_trap_detail(obj, "0x%08x is not a DMA object", handle);
      return NVSIM_INVALID_OBJECT;
   }
   *slot = dma;
   return NVSIM_OK;
}

void *
nvsim_dma_ptr(struct nvsim_object *dma, uint64_t offset, uint64_t len)
{
   if (!dma || !dma->is_dma)
      return NULL;
   /* The DMA object's window first (its limit), then the buffer that
    * backs those aperture bytes. */
   if (offset > dma->dma_limit || len > dma->dma_limit - offset)
      return NULL;
   if (!len && offset == dma->dma_limit)
      return NULL;
   if (dma->dma_domain == NVSIM_DOMAIN_VM) {
      const struct nvsim_gen *gen = dma->chan->dev->chip->gen;
      return gen->vm_size ? gen->vm_ptr(dma->chan, dma->dma_base + offset,
                                        len) : NULL;
   }
   return nvsim_aperture_ptr(dma->chan->dev, dma->dma_domain,
                             dma->dma_base + offset, len);
}

uint64_t
nvsim_ptimer_ns(void)
{
   /* PTIMER counts nanoseconds (envytools-docs/hw/bus/ptimer.rst); any
    * monotonic clock gives notifiers a plausible, increasing timestamp. */
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

enum nvsim_status
nvsim_notify_write(struct nvsim_object *obj, unsigned index)
{
   if (!obj->notify_dma) {
      nvsim_trap_detail(obj, "notifier write without a DMA_NOTIFY object");
      return NVSIM_INVALID_STATE;
   }
   uint64_t off = (uint64_t)index * NV_NOTIFY__SIZE;
   uint8_t *p = nvsim_dma_ptr(obj->notify_dma, off, NV_NOTIFY__SIZE);
   if (!p) {
      nvsim_trap_detail(obj, "notifier %u (bytes 0x%llx..0x%llx) is outside "
                        "DMA object 0x%08x of 0x%llx bytes", index,
                        (unsigned long long)off,
                        (unsigned long long)off + NV_NOTIFY__SIZE - 1,
                        obj->notify_dma->handle,
                        (unsigned long long)obj->notify_dma->dma_limit);
      return NVSIM_DMA_ERROR;
   }
   /* intro.rst "Notifiers": timestamp, then 0 at +0x8, and the status word
    * at +0xc last, so that a poller seeing it 0 sees the whole structure. */
   uint64_t t = nvsim_ptimer_ns();
   nvsim_put32(p + NV_NOTIFY_TIME_LOW, (uint32_t)t);
   nvsim_put32(p + NV_NOTIFY_TIME_HIGH, (uint32_t)(t >> 32));
   nvsim_put32(p + NV_NOTIFY_RETURN_VALUE, 0);
   __atomic_thread_fence(__ATOMIC_RELEASE);
   nvsim_put32(p + NV_NOTIFY_STATUS, 0);
   return NVSIM_OK;
}
