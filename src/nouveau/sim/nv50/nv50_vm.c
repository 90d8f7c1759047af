/*
 * GPU virtual address spaces of Tesla (envytools-docs/hw/memory/
 * g80-vm.rst): 40-bit spaces in which buffers are mapped whole.  A mapping
 * points at the nvsim buffer, not at an aperture offset, so a buffer that
 * moves between VRAM and GART keeps its address, as page tables rewritten
 * by the kernel's move keep it on hardware.
 *
 * Lifetime: an unmapped range stays visible to the jobs submitted before
 * the unmap (the kernel tears a mapping down only after the buffer's
 * fences), i.e. to jobs with seq <= unmapped_after.  Jobs execute in
 * sequence order one at a time, so the executing job is completed_seq + 1.
 * The buffer itself lives that long too (nvsim_bo_destroy keeps destroyed
 * buffers until the jobs before it are done) as long as the caller unmaps
 * before destroying, which the drm-shim does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nv50_priv.h"

struct nv50_vm_map {
   uint64_t va, size;
   struct nvsim_bo *bo;
   uint32_t memtype, tile_mode;
   int64_t unmapped_after;        /* -1 while mapped */
};

struct nvsim_vm {
   struct nvsim_device *dev;
   int refcount;
   pthread_mutex_t lock;
   struct nv50_vm_map *maps;      /* sorted by va */
   unsigned num, cap;
};

/* Addresses start past the first large page, so that address 0 (and any
 * small offset from it) is never mapped and faults. */
#define NV50_VM_FIRST G80_VM_LARGE_PAGE

uint64_t
nv50_vm_size(void)
{
   return 1ull << G80_VM_ADDRESS_BITS;
}

struct nvsim_vm *
nvsim_vm_create(struct nvsim_device *dev)
{
   if (!dev || dev->chip->gen != &nv50_gen)
      return NULL;
   struct nvsim_vm *vm = calloc(1, sizeof(*vm));
   if (!vm)
      return NULL;
   vm->dev = dev;
   vm->refcount = 1;
   pthread_mutex_init(&vm->lock, NULL);
   return vm;
}

void
nv50_vm_ref(struct nvsim_vm *vm)
{
   __atomic_add_fetch(&vm->refcount, 1, __ATOMIC_ACQ_REL);
}

void
nvsim_vm_ref(struct nvsim_vm *vm)
{
   if (vm)
      nv50_vm_ref(vm);
}

void
nvsim_vm_unref(struct nvsim_vm *vm)
{
   if (!vm || __atomic_sub_fetch(&vm->refcount, 1, __ATOMIC_ACQ_REL))
      return;
   pthread_mutex_destroy(&vm->lock);
   free(vm->maps);
   free(vm);
}

static int64_t
completed(struct nvsim_device *dev)
{
   pthread_mutex_lock(&dev->lock);
   int64_t c = dev->completed_seq;
   pthread_mutex_unlock(&dev->lock);
   return c;
}

/* Drops the unmapped ranges no job can see any more; vm->lock held. */
static void
reap_locked(struct nvsim_vm *vm, int64_t done)
{
   unsigned j = 0;
   for (unsigned i = 0; i < vm->num; i++) {
      const struct nv50_vm_map *m = &vm->maps[i];
      if (m->unmapped_after >= 0 && m->unmapped_after <= done)
         continue;
      vm->maps[j++] = *m;
   }
   vm->num = j;
}

int
nvsim_vm_map(struct nvsim_vm *vm, struct nvsim_bo *bo, uint32_t memtype,
             uint32_t tile_mode, uint64_t *va)
{
   if (!vm || !bo || !va)
      return -EINVAL;
   const uint64_t align = G80_VM_LARGE_PAGE;
   uint64_t size = (nvsim_bo_size(bo) + G80_VM_SMALL_PAGE - 1) &
                   ~(uint64_t)(G80_VM_SMALL_PAGE - 1);
   int64_t done = completed(vm->dev);

   pthread_mutex_lock(&vm->lock);
   reap_locked(vm, done);
   /* first fit between the mappings (unmapped ones still in use count) */
   uint64_t cursor = NV50_VM_FIRST;
   unsigned pos = 0;
   for (; pos < vm->num; pos++) {
      if (cursor + size <= vm->maps[pos].va)
         break;
      uint64_t end = vm->maps[pos].va + vm->maps[pos].size;
      cursor = (end + align - 1) & ~(align - 1);
   }
   int ret = 0;
   if (cursor + size > nv50_vm_size() || cursor + size < cursor) {
      ret = -ENOMEM;
   } else if (vm->num == vm->cap) {
      unsigned cap = vm->cap ? vm->cap * 2 : 64;
      void *n = realloc(vm->maps, cap * sizeof(*vm->maps));
      if (!n) {
         ret = -ENOMEM;
      } else {
         vm->maps = n;
         vm->cap = cap;
      }
   }
   if (!ret) {
      memmove(&vm->maps[pos + 1], &vm->maps[pos],
              (vm->num - pos) * sizeof(*vm->maps));
      vm->maps[pos] = (struct nv50_vm_map) {
         .va = cursor, .size = size, .bo = bo, .memtype = memtype,
         .tile_mode = tile_mode, .unmapped_after = -1,
      };
      vm->num++;
      *va = cursor;
   }
   pthread_mutex_unlock(&vm->lock);
   return ret;
}

int
nvsim_vm_unmap(struct nvsim_vm *vm, uint64_t va)
{
   if (!vm)
      return -EINVAL;
   struct nvsim_device *dev = vm->dev;
   pthread_mutex_lock(&dev->lock);
   int64_t last = dev->last_seq, done = dev->completed_seq;
   pthread_mutex_unlock(&dev->lock);

   int ret = -ENOENT;
   pthread_mutex_lock(&vm->lock);
   for (unsigned i = 0; i < vm->num; i++) {
      struct nv50_vm_map *m = &vm->maps[i];
      if (m->va == va && m->unmapped_after < 0) {
         m->unmapped_after = last;
         ret = 0;
         break;
      }
   }
   reap_locked(vm, done);
   pthread_mutex_unlock(&vm->lock);
   return ret;
}

/* The mapping covering va that `seq` may see; vm->lock held. */
static const struct nv50_vm_map *
find_locked(struct nvsim_vm *vm, uint64_t va, int64_t seq)
{
   unsigned lo = 0, hi = vm->num;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      if (vm->maps[mid].va <= va)
         lo = mid + 1;
      else
         hi = mid;
   }
   /* maps[lo - 1] is the last starting at or below va; unmapped ranges may
    * be followed by a new mapping of the same space, so look back over
    * the ones that start at or below va */
   for (unsigned i = lo; i-- > 0;) {
      const struct nv50_vm_map *m = &vm->maps[i];
      if (va - m->va >= m->size)
         continue;
      if (m->unmapped_after < 0 || seq <= m->unmapped_after)
         return m;
   }
   return NULL;
}

struct nvsim_bo *
nvsim_vm_lookup(struct nvsim_vm *vm, uint64_t va, uint32_t *memtype,
                uint32_t *tile_mode)
{
   if (!vm)
      return NULL;
   int64_t seq = completed(vm->dev) + 1;
   pthread_mutex_lock(&vm->lock);
   const struct nv50_vm_map *m = find_locked(vm, va, seq);
   struct nvsim_bo *bo = m ? m->bo : NULL;
   if (m && memtype)
      *memtype = m->memtype;
   if (m && tile_mode)
      *tile_mode = m->tile_mode;
   pthread_mutex_unlock(&vm->lock);
   return bo;
}

bool
nv50_vm_window(struct nvsim_vm *vm, uint64_t va, uint64_t *base,
               uint64_t *end, const uint8_t **map)
{
   int64_t seq = completed(vm->dev) + 1;
   bool ok = false;
   pthread_mutex_lock(&vm->lock);
   const struct nv50_vm_map *m = find_locked(vm, va, seq);
   if (m) {
      /* the buffer's bytes, not the page-rounded mapping: the rest of the
       * last page has no backing in nvsim */
      uint64_t bytes = nvsim_bo_size(m->bo);
      *base = m->va;
      *end = m->va + (bytes < m->size ? bytes : m->size);
      *map = nvsim_bo_map(m->bo);
      ok = *map && va < *end;
   }
   pthread_mutex_unlock(&vm->lock);
   return ok;
}

void *
nv50_vm_ptr(struct nvsim_vm *vm, uint64_t va, uint64_t len)
{
   uint64_t base, end;
   const uint8_t *map;
   if (!vm || !nv50_vm_window(vm, va, &base, &end, &map))
      return NULL;
   if (len > end - va || (!len && va == end))
      return NULL;
   return (void *)(map + (va - base));
}
