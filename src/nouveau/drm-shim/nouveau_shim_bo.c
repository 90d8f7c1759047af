/*
 * GEM objects: GEM_NEW, GEM_INFO, GEM_CPU_PREP, GEM_CPU_FINI and the release
 * of a BO when its last handle closes (the core's GEM_CLOSE).
 *
 * A BO's bytes live in the core's memfd at bo->mem_addr, which is what the
 * application maps (map_handle is that offset).  We map the same range once
 * more for ourselves and give it to nvsim as the buffer's backing, so the CPU
 * and the simulated GPU see the same memory, as with a coherent mapping.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "util/hash_table.h"
#include "util/u_atomic.h"
#include "nouveau_shim.h"
/* after nouveau_shim.h: the kernel header needs <stdint.h> first */
#include "nouveau_drm.h"

/* GEM_CPU_PREP waits at most this long before answering -EBUSY, as the
 * kernel's nouveau_gem_ioctl_cpu_prep does (30 * HZ). */
#define NOUVEAU_SHIM_CPU_PREP_TIMEOUT_NS (30ll * 1000 * 1000 * 1000)

static void
nouveau_shim_mem_destroy(struct nouveau_shim_mem *mem)
{
   /* Without a release callback nvsim_bo_destroy() returns once the GPU
    * is done with the bytes; only then may they go, because the core hands
    * the memfd range to the next BO at once. */
   nouveau_shim_tesla_unmap(mem);   /* Tesla: before the buffer goes */
   if (mem->sim)
      nvsim_bo_destroy(mem->sim);
   if (mem->map)
      munmap(mem->map, mem->size);
   if (mem->kept_size) {
      mtx_lock(&shim_device.mem_lock);
      util_vma_heap_free(&shim_device.mem_heap, mem->kept_addr,
                         mem->kept_size);
      mtx_unlock(&shim_device.mem_lock);
   }
   free(mem);
}

void
nouveau_shim_mem_unref(struct nouveau_shim_mem *mem)
{
   if (mem && p_atomic_dec_zero(&mem->refcount))
      nouveau_shim_mem_destroy(mem);
}

/* The BO behind a GEM handle of this fd, with a reference the caller drops
 * with nouveau_shim_mem_unref(); NULL if the handle names nothing. */
struct nouveau_shim_mem *
nouveau_shim_mem_lookup(int fd, uint32_t handle)
{
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   struct nouveau_shim_mem *mem = NULL;

   if (!shim_fd || !handle)
      return NULL;

   mtx_lock(&shim_fd->handle_lock);
   struct hash_entry *entry =
      _mesa_hash_table_search(shim_fd->handles, (void *)(uintptr_t)handle);
   if (entry) {
      struct nouveau_shim_bo *bo = entry->data;
      if (bo->kind == NOUVEAU_SHIM_BO_GEM && bo->mem) {
         mem = bo->mem;
         p_atomic_inc(&mem->refcount);
      }
   }
   mtx_unlock(&shim_fd->handle_lock);
   return mem;
}

/*
 * The last GEM handle is gone but the memory is still used: the channel
 * that owns a notifier block (the kernel's abi16 channel holds its own
 * reference; upstream's nv30_screen_destroy closes the block's handle
 * before it frees the channel), or a submission in another thread.  The
 * core returns bo's memfd range to its heap right after this callback
 * (drm_shim_bo_put), and its reference count cannot hold more than two
 * references, so the range is handed over instead: the memory keeps it,
 * and the core frees a one-page range taken for the purpose.  Without a
 * spare page the range goes back as before.  Lookups cannot race with
 * this: the handle left the table before the core called us.
 */
static void
nouveau_shim_keep_range(struct nouveau_shim_bo *bo)
{
   struct nouveau_shim_mem *mem = bo->mem;
   uint64_t page = sysconf(_SC_PAGE_SIZE);

   if (!mem || p_atomic_read(&mem->refcount) <= 1)
      return;
   mtx_lock(&shim_device.mem_lock);
   uint64_t spare = util_vma_heap_alloc(&shim_device.mem_heap, page, page);
   mtx_unlock(&shim_device.mem_lock);
   if (!spare)
      return;
   mem->kept_addr = bo->base.mem_addr;
   mem->kept_size = bo->base.size;
   bo->base.mem_addr = spare;
   bo->base.size = page;
}

/* shim_device.driver_bo_free: the core drops the BO (last handle closed, or
 * the file closed).  The core free()s `bo` itself afterwards. */
void
nouveau_shim_bo_free(struct shim_bo *base)
{
   struct nouveau_shim_bo *bo = (struct nouveau_shim_bo *)base;

   switch (bo->kind) {
   case NOUVEAU_SHIM_BO_GEM:
      nouveau_shim_keep_range(bo);
      nouveau_shim_mem_unref(bo->mem);
      bo->mem = NULL;
      break;
   case NOUVEAU_SHIM_BO_FILE:
      nouveau_shim_file_destroy(bo->file);
      bo->file = NULL;
      break;
   }
}

/* GEM_CLOSE done from inside the shim (the core's handler is private). */
void
nouveau_shim_bo_close_handle(int fd, uint32_t handle)
{
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);

   if (!shim_fd || !handle)
      return;
   mtx_lock(&shim_fd->handle_lock);
   struct hash_entry *entry =
      _mesa_hash_table_search(shim_fd->handles, (void *)(uintptr_t)handle);
   if (entry) {
      struct shim_bo *bo = entry->data;
      _mesa_hash_table_remove(shim_fd->handles, entry);
      drm_shim_bo_put(bo);
   }
   mtx_unlock(&shim_fd->handle_lock);
}

static void
nouveau_shim_fill_info(struct drm_nouveau_gem_info *info,
                       struct nouveau_shim_mem *mem)
{
   /* Where the buffer is, as the kernel's nouveau_gem_info() reports it:
    * the one domain it sits in and its offset there. */
   info->domain = nvsim_bo_domain(mem->sim) == NVSIM_DOMAIN_VRAM ?
                  NOUVEAU_GEM_DOMAIN_VRAM : NOUVEAU_GEM_DOMAIN_GART;
   info->offset = nvsim_bo_offset(mem->sim);
   /* Tesla: the buffer's address in the client's VM (nouveau_gem_info) */
   if (mem->vm)
      info->offset = mem->va;
   info->size = mem->size;
   info->tile_mode = mem->tile_mode;
   info->tile_flags = mem->tile_flags;
}

/*
 * A new GEM object reads as zeros, as the kernel's do: TTM allocates the
 * pages of every user-visible buffer with TTM_TT_FLAG_ZERO_ALLOC, and the
 * abi16 notifier block (a GART buffer) is one of them.  The core's memfd
 * heap hands out the range of a freed BO as it was left: the channel of a
 * second screen in the same process then found the previous screen's
 * fence sequence at offset 0 of its notifier block, and upstream's
 * nouveau_fence.c took "1 already written" for acknowledged before its
 * fence 1 was emitted, then spun forever at context destroy (docs/
 * fidelity.md, exit hang).  VRAM is not cleared by the kernel
 * (nouveau_bo_move places a new buffer without a copy); nvsim zeroes it
 * too, so that no buffer ever shows what another one held.  Punching a
 * hole gives zero pages back lazily and frees the old ones.
 */
static void
nouveau_shim_bo_zero(struct nouveau_shim_bo *bo, struct nouveau_shim_mem *mem)
{
   if (fallocate(shim_device.mem_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
                 bo->base.mem_addr, mem->size) != 0)
      memset(mem->map, 0, mem->size);
}

/* Makes a GEM object on this fd: a handle for the application, the shim
 * memory behind it, and the nvsim buffer over that memory.  With pmem, the
 * caller gets a reference of its own on the memory. */
int
nouveau_shim_bo_create(int fd, uint64_t size, uint32_t domain,
                       uint32_t align, struct drm_nouveau_gem_info *info,
                       struct nouveau_shim_mem **pmem)
{
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   const uint32_t placement = NOUVEAU_GEM_DOMAIN_VRAM |
                              NOUVEAU_GEM_DOMAIN_GART;
   uint64_t page = sysconf(_SC_PAGE_SIZE);
   int ret;

   if (!shim_fd)
      return -EBADF;
   /* The kernel refuses empty buffers and buffers with no place to go. */
   if (size == 0 || !(domain & placement))
      return -EINVAL;
   /* The core keeps BO sizes in 32 bits. */
   if (size > UINT32_MAX - page)
      return -ENOMEM;
   /* The kernel rounds buffers up to whole pages and reports that size. */
   size = (size + page - 1) & ~(page - 1);

   struct nouveau_shim_bo *bo = calloc(1, sizeof(*bo));
   struct nouveau_shim_mem *mem = calloc(1, sizeof(*mem));
   if (!bo || !mem) {
      free(bo);
      free(mem);
      return -ENOMEM;
   }
   bo->kind = NOUVEAU_SHIM_BO_GEM;
   mem->refcount = 1;
   mem->size = size;
   mem->domain = domain & placement;
   /* nouveau_gem_new: "we restrict allowed domains on nv50+ to only the
    * types that were requested at creation time.  not possibly on earlier
    * chips without busting the ABI." */
   mem->valid_domains = nouveau_shim_is_tesla() ?
                        mem->domain : placement;
   mem->tile_mode = info->tile_mode;
   mem->tile_flags = info->tile_flags;

   ret = drm_shim_bo_init(&bo->base, size);
   if (ret) {
      free(bo);
      free(mem);
      return ret;
   }

   mem->map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED,
                   shim_device.mem_fd, bo->base.mem_addr);
   if (mem->map == MAP_FAILED) {
      mem->map = NULL;
      ret = -ENOMEM;
      goto fail;
   }
   nouveau_shim_bo_zero(bo, mem);

   /* NOUVEAU_GEM_DOMAIN_VRAM/GART and NVSIM_DOMAIN_VRAM/GART are the same
    * bits (nvsim.h names them after the ABI). */
   mem->sim = nvsim_bo_create(nouveau_shim.dev, size, mem->domain, mem->map);
   if (!mem->sim) {
      ret = -ENOMEM;
      goto fail;
   }
   /* Tesla: mapped into the file's VM (nouveau_gem_object_open) */
   if (nouveau_shim_is_tesla() && (ret = nouveau_shim_tesla_map(fd, mem))) {
      nvsim_bo_destroy(mem->sim);
      goto fail;
   }
   /* (Tesla: the address the GPU sees is the VM address) */
   uint64_t placed = mem->vm ? mem->va : nvsim_bo_offset(mem->sim);
   if (align > 1 && (placed % align)) {
      static bool warned;
      if (!warned) {
         warned = true;
         fprintf(stderr, "nouveau drm-shim: nvsim placed a buffer at 0x%llx, "
                 "not aligned to the %u bytes asked for\n",
                 (unsigned long long)placed, align);
      }
   }

   bo->mem = mem;
   if (pmem) {
      p_atomic_inc(&mem->refcount);
      *pmem = mem;
   }
   nouveau_shim_fill_info(info, mem);
   info->handle = drm_shim_bo_get_handle(shim_fd, &bo->base);
   info->map_handle = drm_shim_bo_get_mmap_offset(shim_fd, &bo->base);
   /* Drop the creation reference: the handle holds the BO now (the core
    * counts "references - 1", see drm_shim_bo_put). */
   drm_shim_bo_put(&bo->base);
   return 0;

fail:
   /* Never published: undo by hand (the core's put would free bo). */
   if (mem->map)
      munmap(mem->map, size);
   free(mem);
   mtx_lock(&shim_device.mem_lock);
   util_vma_heap_free(&shim_device.mem_heap, bo->base.mem_addr, size);
   mtx_unlock(&shim_device.mem_lock);
   free(bo);
   return ret;
}

int
nouveau_shim_ioctl_gem_new(int fd, void *arg)
{
   struct drm_nouveau_gem_new *req = arg;

   return nouveau_shim_bo_create(fd, req->info.size, req->info.domain,
                                 req->align, &req->info, NULL);
}

int
nouveau_shim_ioctl_gem_info(int fd, void *arg)
{
   struct drm_nouveau_gem_info *info = arg;
   struct shim_fd *shim_fd = drm_shim_fd_lookup(fd);
   struct nouveau_shim_mem *mem = nouveau_shim_mem_lookup(fd, info->handle);

   if (!mem)
      return -ENOENT;

   nouveau_shim_fill_info(info, mem);

   /* The map offset belongs to the shim_bo; find it again for this handle. */
   mtx_lock(&shim_fd->handle_lock);
   struct hash_entry *entry =
      _mesa_hash_table_search(shim_fd->handles,
                              (void *)(uintptr_t)info->handle);
   struct shim_bo *bo = entry ? entry->data : NULL;
   mtx_unlock(&shim_fd->handle_lock);
   info->map_handle = bo ? drm_shim_bo_get_mmap_offset(shim_fd, bo) : 0;

   nouveau_shim_mem_unref(mem);
   return 0;
}

int
nouveau_shim_ioctl_gem_cpu_prep(int fd, void *arg)
{
   struct drm_nouveau_gem_cpu_prep *req = arg;
   struct nouveau_shim_mem *mem = nouveau_shim_mem_lookup(fd, req->handle);
   int ret;

   if (!mem)
      return -ENOENT;

   /* NOWAIT polls; otherwise wait like the kernel, -EBUSY on timeout.
    * WRITE only matters to the kernel's choice of fences; nvsim's wait
    * covers every use of the buffer, reads and writes. */
   ret = nvsim_bo_wait(mem->sim, (req->flags & NOUVEAU_GEM_CPU_PREP_NOWAIT) ?
                       0 : NOUVEAU_SHIM_CPU_PREP_TIMEOUT_NS);
   nouveau_shim_mem_unref(mem);
   return ret ? -EBUSY : 0;
}

int
nouveau_shim_ioctl_gem_cpu_fini(int fd, void *arg)
{
   struct drm_nouveau_gem_cpu_fini *req = arg;
   struct nouveau_shim_mem *mem = nouveau_shim_mem_lookup(fd, req->handle);

   if (!mem)
      return -ENOENT;
   /* Mappings are coherent: nothing to flush. */
   nouveau_shim_mem_unref(mem);
   return 0;
}
