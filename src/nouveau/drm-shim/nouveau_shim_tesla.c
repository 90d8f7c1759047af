/*
 * The Tesla (NV50 family) side of the abi16 ABI, as the nouveau kernel
 * serves it to libdrm 2.4.114 on chipsets 0x50..0xaf:
 *  - every DRM file (client) has its own GPU virtual address space; a
 *    buffer is mapped into it at GEM_NEW and GEM_INFO's `offset` is that
 *    VM address (nouveau_gem_info: vma->addr on NV50+), which does not
 *    change when the buffer moves.  libdrm copies it into bo->offset and
 *    the nv50 driver writes it into the command stream directly;
 *  - GEM_PUSHBUF never rewrites presumed offsets and applies no
 *    relocations on Tesla (validate_list only checks them below Tesla);
 *  - each push becomes one IB entry on the channel's IB ring
 *    (nouveau_gem.c: nv50_dma_push(chan, vma->addr + push->offset,
 *    push->length, no_prefetch)), and the suffix libdrm appends is 0.
 * CHANNEL_ALLOC maps the notifier block into the file's VM, and notifiers
 * are DMA objects over its VM range (nouveau_abi16.c ntfy_vma).
 *
 * The kernel's fence after each submission (G84 on): nouveau_accel_init
 * picks nv84_fence for G82_CHANNEL_GPFIFO channels (every Tesla chip but
 * G80, whose NV50_CHANNEL_GPFIFO gets nv50_fence), and
 * nouveau_gem_ioctl_pushbuf emits a fence after the pushes, which
 * nv84_fence_emit32 writes as SET_CONTEXT_DMA_SEMAPHORE = chan->vram (the
 * channel's VRAM DMA object, fb_ctxdma_handle: on Tesla the whole VM,
 * nouveau_channel_init), then a semaphore release of the fence's
 * sequence number at the kernel's fence buffer (SEMAPHOREA..D) and
 * NON_STALLED_INTERRUPT.  Userspace sees only the DMA_SEMAPHORE part:
 * its own semaphore methods rewrite the address, sequence and operation
 * before each use (upstream's nv84_hw_query_fifo_wait does), and the
 * fence buffer is the kernel's.  So the shim appends, after each
 * submission's pushes, one IB entry of its own buffer (kernel memory in
 * the file's VM, pinned) holding that method; the release itself is left
 * out (the shim tracks completion with nvsim's sequence numbers).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "nouveau_shim.h"
/* after nouveau_shim.h: the kernel header needs <stdint.h> first */
#include "nouveau_drm.h"
#include "nvsim_vm.h"
#include "g80_fifo.xml.h"
#include "fifo.xml.h"
#include "chips.xml.h"

/* GEM_PUSHBUF push lengths: NOUVEAU_GEM_PUSHBUF_NO_PREFETCH is bit 23
 * (libdrm's nouveau_drm.h); the length proper is below it. */
#define NOUVEAU_SHIM_PUSH_NO_PREFETCH (1u << 23)
#define NOUVEAU_SHIM_PUSH_LENGTH (NOUVEAU_SHIM_PUSH_NO_PREFETCH - 1)
/* The fence push: one method header and its handle; its buffer is the
 * least nvsim allocates. */
#define NOUVEAU_SHIM_FENCE_PUSH_WORDS 2
#define NOUVEAU_SHIM_FENCE_PUSH_BYTES 4096

bool
nouveau_shim_is_tesla(void)
{
   /* from G80 on the kernel restricts buffer domains, lets push buffers
    * live in VRAM and answers GRAPH_UNITS */
   return nouveau_shim.hw && nouveau_shim.hw->generation == NVHWDB_GEN_TESLA;
}

/* The file's address space, made on first use. */
static struct nvsim_vm *
nouveau_shim_file_vm(struct nouveau_shim_file *file)
{
   struct nvsim_vm *vm = __atomic_load_n(&file->vm, __ATOMIC_ACQUIRE);
   if (vm)
      return vm;
   struct nvsim_vm *fresh = nvsim_vm_create(nouveau_shim.dev);
   if (!fresh)
      return NULL;
   if (!__atomic_compare_exchange_n(&file->vm, &vm, fresh, false,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      nvsim_vm_unref(fresh);
      return vm;
   }
   return fresh;
}

int
nouveau_shim_tesla_map(int fd, struct nouveau_shim_mem *mem)
{
   struct nouveau_shim_file *file = nouveau_shim_file_get(fd);
   struct nvsim_vm *vm = file ? nouveau_shim_file_vm(file) : NULL;
   if (!vm)
      return -ENOMEM;
   /* The kernel's nouveau_bo_alloc on Tesla: the storage kind is
    * tile_flags' layout byte (NOUVEAU_GEM_TILE_LAYOUT_MASK, 7 bits used),
    * the compression mode NOUVEAU_GEM_TILE_COMP; kept as libdrm's nv50
    * memtype packs them (kind | comp << 7, abi16_bo_info).  tile_mode is
    * the block dimensions >> 4.  The kernel also refuses kinds its MMU
    * table does not list; nvsim has no such table yet and accepts all. */
   const uint32_t kind_mask = NOUVEAU_GEM_TILE_LAYOUT_MASK & 0x7f00;
   uint32_t kind = (mem->tile_flags & kind_mask) >> __builtin_ctz(kind_mask);
   uint32_t comp = (mem->tile_flags & NOUVEAU_GEM_TILE_COMP) >>
                   __builtin_ctz(NOUVEAU_GEM_TILE_COMP);
   uint32_t memtype = kind | comp << 7;
   int ret = nvsim_vm_map(vm, mem->sim, memtype, mem->tile_mode, &mem->va);
   if (ret)
      return ret;
   nvsim_vm_ref(vm);
   mem->vm = vm;
   return 0;
}

void
nouveau_shim_tesla_unmap(struct nouveau_shim_mem *mem)
{
   if (!mem->vm)
      return;
   nvsim_vm_unmap(mem->vm, mem->va);
   nvsim_vm_unref(mem->vm);
   mem->vm = NULL;
}

void
nouveau_shim_tesla_file_fini(struct nouveau_shim_file *file)
{
   /* mappings and channels hold references of their own */
   nvsim_vm_unref(file->vm);
   file->vm = NULL;
}

struct nvsim_vm *
nouveau_shim_tesla_vm(int fd)
{
   struct nouveau_shim_file *file = nouveau_shim_file_get(fd);
   return file ? nouveau_shim_file_vm(file) : NULL;
}

int
nouveau_shim_tesla_notifier(struct nouveau_shim_channel *chan,
                            uint32_t handle, uint32_t offset, uint32_t size)
{
   return nvsim_dma_create(chan->sim, handle, NV3_DMA_IN_MEMORY_CLASS,
                           NVSIM_DOMAIN_VM, chan->ntfy_mem->va + offset, size);
}

int
nouveau_shim_tesla_fence_init(int fd, struct nouveau_shim_channel *chan,
                              uint32_t vram_ctxdma)
{
   if (nouveau_shim.hw->chipset == CHIPSET_G80)
      return 0;                 /* nv50_fence: no DMA_SEMAPHORE per fence */
   struct nvsim_vm *vm = nouveau_shim_tesla_vm(fd);
   if (!vm)
      return -ENOMEM;
   struct nvsim_bo *bo = nvsim_bo_create(nouveau_shim.dev,
                                         NOUVEAU_SHIM_FENCE_PUSH_BYTES,
                                         NVSIM_DOMAIN_VRAM |
                                         NVSIM_DOMAIN_GART, NULL);
   if (!bo)
      return -ENOMEM;
   nvsim_bo_set_pinned(bo, true);
   uint64_t va;
   if (nvsim_vm_map(vm, bo, 0, 0, &va)) {
      nvsim_bo_destroy(bo);
      return -ENOMEM;
   }
   uint32_t *w = nvsim_bo_map(bo);
   /* SET_CONTEXT_DMA_SEMAPHORE on subchannel 0, as nv84_fence_emit32 */
   w[0] = NV4_DMA_CMD_TYPE_INCREASING | NV4_DMA_CMD_COUNT(1) |
          NV4_DMA_CMD_SUBC(0) | NV4_DMA_CMD_METHOD(NV1A_SUBCHAN_DMA_SEMAPHORE);
   w[1] = vram_ctxdma;
   nvsim_vm_ref(vm);
   chan->fence_vm = vm;
   chan->fence_bo = bo;
   chan->fence_va = va;
   return 0;
}

void
nouveau_shim_tesla_fence_fini(struct nouveau_shim_channel *chan)
{
   if (!chan->fence_bo)
      return;
   nvsim_vm_unmap(chan->fence_vm, chan->fence_va);
   nvsim_vm_unref(chan->fence_vm);
   nvsim_bo_destroy(chan->fence_bo);
   chan->fence_bo = NULL;
}

int64_t
nouveau_shim_tesla_submit(struct nouveau_shim_channel *chan,
                          const struct drm_nouveau_gem_pushbuf_push *pushes,
                          unsigned nr_push, struct nouveau_shim_mem **mems,
                          struct nvsim_bo **bos, unsigned nr_buffers)
{
   uint32_t *entries = calloc(nr_push + 1, 2 * sizeof(uint32_t));
   if (!entries)
      return -ENOMEM;
   for (unsigned i = 0; i < nr_push; i++) {
      const struct drm_nouveau_gem_pushbuf_push *p = &pushes[i];
      const struct nouveau_shim_mem *mem = mems[p->bo_index];
      uint64_t va = mem->va + p->offset;
      uint32_t words = (p->length & NOUVEAU_SHIM_PUSH_LENGTH) / 4;
      entries[2 * i] = G80_IB_ENTRY_LOW_ADDRESS_LOW(va);
      entries[2 * i + 1] = G80_IB_ENTRY_HIGH_ADDRESS_HIGH(va >> 32) |
                           G80_IB_ENTRY_HIGH_SIZE(words) |
                           G80_IB_ENTRY_HIGH_NO_PREFETCH(
                              !!(p->length & NOUVEAU_SHIM_PUSH_NO_PREFETCH));
   }
   unsigned n = nr_push;
   if (chan->fence_bo) {
      /* the kernel's fence: DMA_SEMAPHORE (above) */
      entries[2 * n] = G80_IB_ENTRY_LOW_ADDRESS_LOW(chan->fence_va);
      entries[2 * n + 1] =
         G80_IB_ENTRY_HIGH_ADDRESS_HIGH(chan->fence_va >> 32) |
         G80_IB_ENTRY_HIGH_SIZE(NOUVEAU_SHIM_FENCE_PUSH_WORDS);
      n++;
   }
   int64_t seq = nvsim_submit_ib(chan->sim, entries, n, bos, nr_buffers);
   free(entries);
   return seq;
}
