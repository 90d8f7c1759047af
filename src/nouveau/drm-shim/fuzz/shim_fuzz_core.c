/*
 * A stand-in for the part of Mesa's drm-shim core (src/drm-shim/device.c)
 * that the nouveau shim's ioctl handlers use, compiled only into the shim
 * fuzz harness.
 *
 * Why not the real core: it is an LD_PRELOAD library whose symbols
 * replace open(), ioctl(), mmap() and friends of the whole process, which
 * libFuzzer and the sanitizers use too, and it needs a device node to be
 * opened.  The handlers need much less: a file (shim_fd) with its GEM
 * handle table, the memfd and address heap that BOs are carved from, and
 * the BO reference counting.  This file provides exactly that, with the
 * core's behaviour (a BO's refcount starts at 0 for one reference,
 * drm_shim_bo_put calls driver_bo_free and frees it unless the count
 * drops to exactly 0; handles count up from 1; the mmap offset is the
 * BO's address in the memfd), and GEM_CLOSE, which the core implements
 * for the driver.  Mesa's util (hash tables, the VMA heap, c11 threads)
 * is linked as the shim links it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "drm-shim/drm_shim.h"
#include "util/u_atomic.h"
#include "shim_fuzz_core.h"

struct shim_device shim_device;
int render_node_minor = 128;

/* The address space BOs are carved from (the core uses 4 GiB of memfd,
 * all sparse until written). */
#define SHIM_FUZZ_MEM_SIZE (1ull << 32)

static struct shim_fd *fuzz_fd;      /* the one open file */
static const int fuzz_fd_number = 1000;

void
shim_fuzz_core_init(void)
{
   uint64_t page = sysconf(_SC_PAGE_SIZE);

   mtx_init(&shim_device.mem_lock, mtx_plain);
   shim_device.mem_fd = memfd_create("shim_fuzz", MFD_CLOEXEC);
   if (shim_device.mem_fd < 0 ||
       ftruncate(shim_device.mem_fd, SHIM_FUZZ_MEM_SIZE) != 0)
      abort();
   /* from one page up: address 0 means "no memory" to drm_shim_bo_init */
   util_vma_heap_init(&shim_device.mem_heap, page, SHIM_FUZZ_MEM_SIZE - page);
}

int
shim_fuzz_open(void)
{
   struct shim_fd *f = calloc(1, sizeof(*f));
   if (!f)
      abort();
   f->fd = fuzz_fd_number;
   f->refcount = 1;
   mtx_init(&f->handle_lock, mtx_plain);
   f->handles = _mesa_hash_table_create(NULL, _mesa_hash_pointer,
                                        _mesa_key_pointer_equal);
   fuzz_fd = f;
   return fuzz_fd_number;
}

static void
release_handle(struct hash_entry *entry)
{
   drm_shim_bo_put(entry->data);
}

/* The last close of the file: every handle (and the nouveau shim's file
 * sentinel among them) is released. */
void
shim_fuzz_close(int fd)
{
   struct shim_fd *f = drm_shim_fd_lookup(fd);
   if (!f)
      return;
   fuzz_fd = NULL;
   _mesa_hash_table_destroy(f->handles, release_handle);
   mtx_destroy(&f->handle_lock);
   free(f);
}

int
shim_fuzz_gem_close(int fd, uint32_t handle)
{
   struct shim_fd *f = drm_shim_fd_lookup(fd);
   if (!f)
      return -EBADF;
   if (!handle)
      return 0;
   mtx_lock(&f->handle_lock);
   struct hash_entry *entry =
      _mesa_hash_table_search(f->handles, (void *)(uintptr_t)handle);
   if (!entry) {
      mtx_unlock(&f->handle_lock);
      return -EINVAL;
   }
   struct shim_bo *bo = entry->data;
   _mesa_hash_table_remove(f->handles, entry);
   drm_shim_bo_put(bo);
   mtx_unlock(&f->handle_lock);
   return 0;
}

struct shim_fd *
drm_shim_fd_lookup(int fd)
{
   return fd == fuzz_fd_number ? fuzz_fd : NULL;
}

void
drm_shim_override_file(const char *contents, const char *path_format, ...)
{
   /* sysfs files are for libdrm's probing: nothing probes here */
}

int
drm_shim_bo_init(struct shim_bo *bo, size_t size)
{
   mtx_lock(&shim_device.mem_lock);
   bo->mem_addr = util_vma_heap_alloc(&shim_device.mem_heap, size,
                                      sysconf(_SC_PAGE_SIZE));
   mtx_unlock(&shim_device.mem_lock);
   if (!bo->mem_addr)
      return -ENOMEM;
   bo->size = size;
   return 0;
}

void
drm_shim_bo_get(struct shim_bo *bo)
{
   p_atomic_inc(&bo->refcount);
}

/* As the core does it: the BO goes unless the count reaches exactly 0
 * (calloc'ed 0 is one reference; the shim never holds more than two). */
void
drm_shim_bo_put(struct shim_bo *bo)
{
   if (p_atomic_dec_return(&bo->refcount) == 0)
      return;
   if (shim_device.driver_bo_free)
      shim_device.driver_bo_free(bo);
   mtx_lock(&shim_device.mem_lock);
   util_vma_heap_free(&shim_device.mem_heap, bo->mem_addr, bo->size);
   mtx_unlock(&shim_device.mem_lock);
   free(bo);
}

int
drm_shim_bo_get_handle(struct shim_fd *shim_fd, struct shim_bo *bo)
{
   mtx_lock(&shim_fd->handle_lock);
   uint32_t handle = 1;
   while (_mesa_hash_table_search(shim_fd->handles,
                                  (void *)(uintptr_t)handle))
      handle++;
   drm_shim_bo_get(bo);
   _mesa_hash_table_insert(shim_fd->handles, (void *)(uintptr_t)handle, bo);
   mtx_unlock(&shim_fd->handle_lock);
   return handle;
}

uint64_t
drm_shim_bo_get_mmap_offset(struct shim_fd *shim_fd, struct shim_bo *bo)
{
   return bo->mem_addr;
}

void *
shim_fuzz_map(uint64_t map_handle, uint64_t size)
{
   void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED,
                  shim_device.mem_fd, map_handle);
   return p == MAP_FAILED ? NULL : p;
}
