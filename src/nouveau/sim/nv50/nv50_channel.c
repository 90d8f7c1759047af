/*
 * What a Tesla channel has beyond the generic one (nvsim_channel.c): its
 * VM, the notifier block and IB ring mapped into it, and DMA objects that
 * address the VM.
 *
 * The nouveau kernel's Tesla channels (nouveau_chan.c nouveau_channel_init
 * for families below Fermi) get their VRAM and GART DMA objects as
 * NV_DMA_IN_MEMORY of target VM over the whole address space, from 0 to
 * the VMM's limit: on Tesla both handles name the same window, and a
 * buffer's VM address is its offset in either.  The abi16 notifier block
 * is mapped into the client's VM (nouveau_abi16.c, ntfy_vma) and each
 * notifier is a DMA object over its range there.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nv50_priv.h"

struct nvsim_vm *
nvsim_channel_vm(struct nvsim_channel *chan)
{
   return chan && nv50_chan(chan) ? nv50_chan(chan)->vm : NULL;
}

uint64_t
nv50_channel_notifier_va(const struct nvsim_channel *chan)
{
   return nv50_chan(chan) ? nv50_chan(chan)->ntfy_va : 0;
}

unsigned
nvsim_ib_entries(void)
{
   return NV50_IB_ENTRIES;
}

int
nv50_channel_init(struct nvsim_channel *chan, struct nvsim_channel_info *info,
                  uint32_t vram_handle, uint32_t gart_handle)
{
   struct nvsim_device *dev = chan->dev;
   struct nv50_channel *t = calloc(1, sizeof(*t));
   if (!t)
      return -ENOMEM;
   pthread_mutex_init(&t->lock, NULL);
   chan->gen_state = t;

   if (info->vm) {
      t->vm = info->vm;
      nv50_vm_ref(t->vm);
   } else if (!(t->vm = nvsim_vm_create(dev))) {
      return -ENOMEM;
   }

   /* the IB ring: nvsim's own memory in GART, read through the VM like
    * the kernel's ring in the channel's push buffer */
   t->ib_bo = nvsim_bo_create(dev, NV50_IB_ENTRIES * NV50_IB_ENTRY_SIZE,
                              NVSIM_DOMAIN_GART, NULL);
   if (!t->ib_bo || nvsim_vm_map(t->vm, t->ib_bo, 0, 0, &t->ib_va))
      return -ENOMEM;
   nvsim_bo_set_pinned(t->ib_bo, true);
   if (nvsim_vm_map(t->vm, chan->notifier_bo, 0, 0, &t->ntfy_va))
      return -ENOMEM;

   uint64_t size = nv50_vm_size();
   int ret = nvsim_dma_create(chan, vram_handle, NV3_DMA_IN_MEMORY_CLASS,
                              NVSIM_DOMAIN_VM, 0, size);
   if (!ret)
      ret = nvsim_dma_create(chan, gart_handle, NV3_DMA_IN_MEMORY_CLASS,
                             NVSIM_DOMAIN_VM, 0, size);
   return ret;
}

void
nv50_channel_fini(struct nvsim_channel *chan)
{
   struct nv50_channel *t = nv50_chan(chan);
   if (!t)
      return;
   if (t->vm) {
      if (t->ib_bo)
         nvsim_vm_unmap(t->vm, t->ib_va);
      if (t->ntfy_va)
         nvsim_vm_unmap(t->vm, t->ntfy_va);
   }
   if (t->ib_bo)
      nvsim_bo_destroy(t->ib_bo);
   nvsim_vm_unref(t->vm);
   pthread_mutex_destroy(&t->lock);
   free(t);
   chan->gen_state = NULL;
}

int64_t
nvsim_submit_ib(struct nvsim_channel *chan, const uint32_t *entries,
                unsigned num, struct nvsim_bo *const *bos, unsigned num_bos)
{
   if (!chan || !nv50_chan(chan) || (num && !entries) ||
       num > NV50_IB_ENTRIES)
      return -EINVAL;
   if (nvsim_chan_dead(chan))
      return -ENODEV;
   struct nv50_channel *t = nv50_chan(chan);

   pthread_mutex_lock(&t->lock);
   /* IB_GET wraps at 2^ib_order: entries past the end go to the start
    * once the pusher has read everything queued (the kernel waits for
    * ring space the same way) */
   if (t->ib_put + num > NV50_IB_ENTRIES) {
      nvsim_wait_seq(chan->dev, chan->last_seq);
      t->ib_put = 0;
   }
   uint32_t *ring = nvsim_bo_map(t->ib_bo);
   memcpy(ring + t->ib_put * 2, entries, num * NV50_IB_ENTRY_SIZE);
   __atomic_thread_fence(__ATOMIC_RELEASE);
   struct nvsim_push push = {
      .bo = t->ib_bo,
      .offset = (uint64_t)t->ib_put * NV50_IB_ENTRY_SIZE,
      .length = num * NV50_IB_ENTRY_SIZE,
   };
   /* IB_PUT: the job reads [ib_get, ib_put) of the ring */
   int64_t seq = nvsim_submit(chan, &push, num ? 1 : 0, bos, num_bos);
   if (seq > 0)
      t->ib_put += num;
   pthread_mutex_unlock(&t->lock);
   return seq;
}
