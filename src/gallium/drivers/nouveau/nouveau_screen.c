/*
 * Common screen code: the device, the chipset dispatch, fences, buffer
 * allocation under memory pressure, memory figures.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nouveau.h>
#include <nouveau_drm.h>

#include "frontend/winsys_handle.h"
#include "nouveau/nouveau_drm_ext.h"
#include "util/os_time.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_screen.h"

#include "nouveau_debug.h"
#include "nouveau_screen.h"
#include "nv30/nv30_screen.h"
#include "nv50/nv50_screen.h"
#include "nvhwdb_chips.h"

struct nouveau_screen *
nouveau_screen_create(struct nouveau_drm *drm, struct nouveau_device *dev)
{
   nouveau_debug_init();

   /* The chip's row of hwdb's chip table, looked up once: its "driver"
    * column says which generation folder drives it (chips.xml). */
   const struct nvhwdb_chip *chip = nvhwdb_chip_find(dev->chipset);

   if (chip && chip->driver == NVHWDB_DRIVER_NV30)
      return nv30_screen_create(drm, dev, chip);
   if (chip && chip->driver == NVHWDB_DRIVER_NV50)
      return nv50_screen_create(drm, dev, chip);

   if (chip)
      NOUVEAU_ERR("no driver for chipset 0x%02x (%s, %s) yet\n",
                  dev->chipset, chip->codename,
                  nvhwdb_generation_name(chip->generation));
   else
      NOUVEAU_ERR("no driver for chipset 0x%02x yet\n", dev->chipset);
   return NULL;
}

/* The GPU's clock, that of query reports' times: PTIMER, in nanoseconds
 * (hwdb NV30_QUERY_REPORT), read through the kernel (GETPARAM
 * PTIMER_TIME) each time, so no offset to the CPU's clock has to be kept
 * or drifts.  If the kernel cannot read it, the CPU's monotonic clock
 * stands in. */
uint64_t
nouveau_screen_get_timestamp(struct pipe_screen *pscreen)
{
   uint64_t ns;

   if (nouveau_getparam(nouveau_screen(pscreen)->device,
                        NOUVEAU_GETPARAM_PTIMER_TIME, &ns) == 0)
      return ns;
   return os_time_get_nano();
}

bool
nouveau_screen_init(struct nouveau_screen *screen, struct nouveau_drm *drm,
                    struct nouveau_device *dev)
{
   screen->drm = drm;
   screen->device = dev;
   screen->chipset = dev->chipset;
   if (nouveau_client_new(dev, &screen->client))
      return false;
   (void)mtx_init(&screen->client_lock, mtx_plain);
   slab_create_parent(&screen->transfer_pool, 256, 16);
   nouveau_screen_init_fences(&screen->base);
   return true;
}

int
nouveau_screen_import_handle(struct nouveau_screen *screen,
                             const struct pipe_resource *templ,
                             const struct winsys_handle *whandle,
                             struct pipe_resource *base,
                             struct nouveau_bo **pbo)
{
   *base = *templ;
   pipe_reference_init(&base->reference, 1);
   base->screen = &screen->base;

   switch (whandle->type) {
   case WINSYS_HANDLE_TYPE_SHARED:
      return nouveau_bo_name_ref(screen->device, whandle->handle, pbo);
   case WINSYS_HANDLE_TYPE_FD:
      return nouveau_bo_prime_handle_ref(screen->device, whandle->handle,
                                         pbo);
   case WINSYS_HANDLE_TYPE_KMS:
      return nouveau_bo_wrap(screen->device, whandle->handle, pbo);
   default:
      return -EINVAL;
   }
}

bool
nouveau_screen_bo_get_handle(struct nouveau_bo *bo,
                             struct winsys_handle *whandle)
{
   int fd;

   switch (whandle->type) {
   case WINSYS_HANDLE_TYPE_SHARED:
      return nouveau_bo_name_get(bo, &whandle->handle) == 0;
   case WINSYS_HANDLE_TYPE_KMS:
      whandle->handle = bo->handle;
      return true;
   case WINSYS_HANDLE_TYPE_FD:
      if (nouveau_bo_set_prime(bo, &fd))
         return false;
      whandle->handle = fd;
      return true;
   default:
      return false;
   }
}

bool
nouveau_screen_add_fence_bo(struct nouveau_screen *screen,
                            struct nouveau_bo *bo)
{
   bool ok = true;

   mtx_lock(&screen->client_lock);
   if (screen->num_fence_bos == screen->cap_fence_bos) {
      unsigned cap = MAX2(4, 2 * screen->cap_fence_bos);
      struct nouveau_bo **bos = realloc(screen->fence_bos,
                                        cap * sizeof(*bos));
      if (bos) {
         screen->fence_bos = bos;
         screen->cap_fence_bos = cap;
      } else {
         ok = false;
      }
   }
   if (ok) {
      screen->fence_bos[screen->num_fence_bos] = NULL;
      nouveau_bo_ref(bo, &screen->fence_bos[screen->num_fence_bos++]);
   }
   mtx_unlock(&screen->client_lock);
   return ok;
}

void
nouveau_screen_remove_fence_bo(struct nouveau_screen *screen,
                               struct nouveau_bo *bo)
{
   mtx_lock(&screen->client_lock);
   for (unsigned i = 0; i < screen->num_fence_bos; i++) {
      if (screen->fence_bos[i] == bo) {
         nouveau_bo_ref(NULL, &screen->fence_bos[i]);
         screen->fence_bos[i] = screen->fence_bos[--screen->num_fence_bos];
         break;
      }
   }
   mtx_unlock(&screen->client_lock);
}

/* Waits until every context's submitted work is done.  The screen's
 * client has no pushbuffer: this kicks nothing of another thread's. */
static void
nouveau_screen_wait_idle(struct nouveau_screen *screen)
{
   mtx_lock(&screen->client_lock);
   for (unsigned i = 0; i < screen->num_fence_bos; i++)
      nouveau_bo_wait(screen->fence_bos[i], NOUVEAU_BO_RDWR, screen->client);
   mtx_unlock(&screen->client_lock);
}

static int
nouveau_screen_bo_try(struct nouveau_screen *screen, uint32_t *domain,
                      uint32_t flags, uint32_t align, uint64_t size,
                      union nouveau_bo_config *config,
                      struct nouveau_bo **pbo)
{
   int ret = nouveau_bo_new(screen->device, *domain | flags, align, size,
                            config, pbo);

   /* VRAM full even after the kernel's eviction: the 3D engine reads and
    * writes GART too (DMA1, the relocation's GART DMA object). */
   if (ret && *domain == NOUVEAU_BO_VRAM) {
      ret = nouveau_bo_new(screen->device, NOUVEAU_BO_GART | flags, align,
                           size, config, pbo);
      if (ret == 0)
         *domain = NOUVEAU_BO_GART;
   }
   return ret;
}

int
nouveau_screen_bo_new(struct nouveau_screen *screen, uint32_t *domain,
                      uint32_t flags, uint32_t align, uint64_t size,
                      struct nouveau_bo **pbo)
{
   return nouveau_screen_bo_new_config(screen, domain, flags, align, size,
                                       NULL, pbo);
}

int
nouveau_screen_bo_new_config(struct nouveau_screen *screen, uint32_t *domain,
                             uint32_t flags, uint32_t align, uint64_t size,
                             union nouveau_bo_config *config,
                             struct nouveau_bo **pbo)
{
   uint32_t want = *domain;
   int ret = nouveau_screen_bo_try(screen, domain, flags, align, size,
                                   config, pbo);

   if (ret) {
      *domain = want;
      nouveau_screen_wait_idle(screen);
      ret = nouveau_screen_bo_try(screen, domain, flags, align, size,
                                  config, pbo);
   }
   if (ret && (nouveau_debug & NOUVEAU_DEBUG_FALLBACK))
      fprintf(stderr, "nouveau: no room for a %llu-byte buffer (%d)\n",
              (unsigned long long)size, ret);
   return ret;
}

/* The sizes are the kernel's (FB_SIZE, AGP_SIZE).  Free VRAM is what it
 * says is used (GETPARAM VRAM_USED, Linux 6.8+ and the shim); an older
 * kernel does not say, and all of it is reported free.  No kernel says
 * how much GART is used, nor how much it evicted. */
void
nouveau_screen_query_memory_info(struct pipe_screen *pscreen,
                                 struct pipe_memory_info *info)
{
   struct nouveau_device *dev = nouveau_screen(pscreen)->device;
   uint64_t used = 0;

   memset(info, 0, sizeof(*info));
   info->total_device_memory = dev->vram_size / 1024;
   info->total_staging_memory = dev->gart_size / 1024;
   if (nouveau_getparam(dev, NOUVEAU_GETPARAM_VRAM_USED, &used))
      used = 0;
   info->avail_device_memory = (dev->vram_size - MIN2(used, dev->vram_size)) /
                               1024;
   info->avail_staging_memory = dev->gart_size / 1024;
}

void
nouveau_screen_fini(struct nouveau_screen *screen)
{
   struct nouveau_device *dev = screen->device;
   struct nouveau_drm *drm = screen->drm;

   for (unsigned i = 0; i < screen->num_fence_bos; i++)
      nouveau_bo_ref(NULL, &screen->fence_bos[i]);
   free(screen->fence_bos);

   slab_destroy_parent(&screen->transfer_pool);
   nouveau_client_del(&screen->client);
   mtx_destroy(&screen->client_lock);
   nouveau_device_del(&dev);
   nouveau_drm_del(&drm);
}

struct nouveau_fence *
nouveau_fence_create(struct nouveau_bo *bo)
{
   struct nouveau_fence *fence = CALLOC_STRUCT(nouveau_fence);
   if (!fence)
      return NULL;
   pipe_reference_init(&fence->reference, 1);
   nouveau_bo_ref(bo, &fence->bo);
   return fence;
}

static void
nouveau_fence_reference(struct pipe_screen *pscreen,
                        struct pipe_fence_handle **ptr,
                        struct pipe_fence_handle *pfence)
{
   struct nouveau_fence *old = (struct nouveau_fence *)*ptr;
   struct nouveau_fence *fence = (struct nouveau_fence *)pfence;

   if (pipe_reference(old ? &old->reference : NULL,
                      fence ? &fence->reference : NULL)) {
      nouveau_bo_ref(NULL, &old->bo);
      FREE(old);
   }
   *ptr = pfence;
}

static bool
nouveau_fence_finish(struct pipe_screen *pscreen, struct pipe_context *ctx,
                     struct pipe_fence_handle *pfence, uint64_t timeout)
{
   struct nouveau_screen *screen = nouveau_screen(pscreen);
   struct nouveau_fence *fence = (struct nouveau_fence *)pfence;
   int64_t deadline = os_time_get_absolute_timeout(timeout);
   int ret;

   if (!fence->bo)
      return true;

   /* The kernel waits either forever or not at all: a finite timeout
    * polls.
    */
   for (;;) {
      uint32_t access = NOUVEAU_BO_RDWR;
      if (timeout != PIPE_TIMEOUT_INFINITE)
         access |= NOUVEAU_BO_NOBLOCK;
      mtx_lock(&screen->client_lock);
      ret = nouveau_bo_wait(fence->bo, access, screen->client);
      mtx_unlock(&screen->client_lock);
      if (ret != -EBUSY || timeout == 0 || os_time_timeout(0, deadline, os_time_get_nano()))
         return ret == 0;
      os_time_sleep(100);
   }
}

void
nouveau_screen_init_fences(struct pipe_screen *pscreen)
{
   pscreen->fence_reference = nouveau_fence_reference;
   pscreen->fence_finish = nouveau_fence_finish;
}
