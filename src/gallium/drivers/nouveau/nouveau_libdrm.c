/*
 * libdrm_nouveau calls that need a lock libdrm does not take
 * (nouveau_libdrm.h).
 */

#include <nouveau.h>

#include "c11/threads.h"

#include "nouveau_libdrm.h"

static mtx_t nouveau_map_lock = _MTX_INITIALIZER_NP;

int
nouveau_bo_map_shared(struct nouveau_bo *bo, uint32_t access,
                      struct nouveau_client *client)
{
   /* bo->map is written once, under the lock, and never cleared while
    * the buffer lives. */
   if (!__atomic_load_n(&bo->map, __ATOMIC_ACQUIRE)) {
      int ret = 0;

      mtx_lock(&nouveau_map_lock);
      /* access 0: map only, no wait (nouveau_bo_wait returns at once) */
      if (!bo->map)
         ret = nouveau_bo_map(bo, 0, client);
      mtx_unlock(&nouveau_map_lock);
      if (ret)
         return ret;
   }
   return nouveau_bo_map(bo, access, client);
}
