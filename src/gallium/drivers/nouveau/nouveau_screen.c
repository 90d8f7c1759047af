/*
 * Common screen code: the device, the chipset dispatch, fences.
 */

#include <errno.h>
#include <string.h>

#include <nouveau.h>
#include <nouveau_drm.h>

#include "util/os_time.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_screen.h"

#include "nouveau_debug.h"
#include "nouveau_screen.h"
#include "nv30/nv30_screen.h"

struct nouveau_screen *
nouveau_screen_create(struct nouveau_drm *drm, struct nouveau_device *dev)
{
   nouveau_debug_init();

   /* NV3x/NV4x/C51/MCP6x share one driver (nv30/); which chipsets carry
    * which 3D class is in nv30_chipset.c.
    */
   if (nv30_chipset_find(dev->chipset))
      return nv30_screen_create(drm, dev);

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

void
nouveau_screen_fini(struct nouveau_screen *screen)
{
   struct nouveau_device *dev = screen->device;
   struct nouveau_drm *drm = screen->drm;

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
