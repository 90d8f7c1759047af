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
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "nouveau_shim.h"
/* after nouveau_shim.h: the kernel header needs <stdint.h> first */
#include "nouveau_drm.h"
#include "nvsim_vm.h"
#include "g80_fifo.xml.h"

/* GEM_PUSHBUF push lengths: NOUVEAU_GEM_PUSHBUF_NO_PREFETCH is bit 23
 * (libdrm's nouveau_drm.h); the length proper is below it. */
#define NOUVEAU_SHIM_PUSH_NO_PREFETCH (1u << 23)
#define NOUVEAU_SHIM_PUSH_LENGTH (NOUVEAU_SHIM_PUSH_NO_PREFETCH - 1)

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

int64_t
nouveau_shim_tesla_submit(struct nouveau_shim_channel *chan,
                          const struct drm_nouveau_gem_pushbuf_push *pushes,
                          unsigned nr_push, struct nouveau_shim_mem **mems,
                          struct nvsim_bo **bos, unsigned nr_buffers)
{
   uint32_t *entries = calloc(nr_push ? nr_push : 1, 2 * sizeof(uint32_t));
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
   int64_t seq = nvsim_submit_ib(chan->sim, entries, nr_push, bos, nr_buffers);
   free(entries);
   return seq;
}
