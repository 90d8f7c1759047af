#ifndef NOUVEAU_SCREEN_H
#define NOUVEAU_SCREEN_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "util/slab.h"

struct nouveau_drm;
struct nouveau_device;
struct nouveau_client;
struct nouveau_bo;
union nouveau_bo_config;
struct winsys_handle;

/* What every nouveau pipe_screen holds, whatever the generation.  By
 * design the screen owns only the device and what is shared between
 * contexts (buffers); channels, clients and pushbuffers belong to the
 * contexts, so contexts on different threads never share a pushbuffer.
 */
struct nouveau_screen {
   struct pipe_screen base;

   struct nouveau_drm *drm;
   struct nouveau_device *device;
   /* For CPU waits and maps made outside any context (fence_finish,
    * resource_get_handle); it has no pushbuffer, so using it never kicks
    * a context's channel from a foreign thread.
    */
   struct nouveau_client *client;
   mtx_t client_lock;
   /* Every context's fence buffer, which each of its submissions writes:
    * waiting for them all waits for all submitted work, when memory runs
    * out (nouveau_screen_bo_new).  Under client_lock. */
   struct nouveau_bo **fence_bos;
   unsigned num_fence_bos, cap_fence_bos;

   uint32_t chipset;
   char name[64];

   /* Winsys bookkeeping (nouveau_drm_winsys.c). */
   int fd;
   unsigned winsys_refcount;
   void (*winsys_destroy)(struct pipe_screen *);

   struct slab_parent_pool transfer_pool;
};

static inline struct nouveau_screen *
nouveau_screen(struct pipe_screen *pscreen)
{
   return (struct nouveau_screen *)pscreen;
}

/* Picks the pipe driver for the device's chipset.  NULL (with a message)
 * for chipsets we have no driver for.
 */
struct nouveau_screen *
nouveau_screen_create(struct nouveau_drm *drm, struct nouveau_device *dev);

/* Common part of screen setup/teardown, called by the generation's
 * screen constructor and destructor.
 */
bool nouveau_screen_init(struct nouveau_screen *screen,
                         struct nouveau_drm *drm, struct nouveau_device *dev);
void nouveau_screen_fini(struct nouveau_screen *screen);

/*
 * A buffer object for a resource, placed in *domain (NOUVEAU_BO_VRAM or
 * NOUVEAU_BO_GART) if there is room, with the fallbacks a full card
 * needs: VRAM (the kernel evicts idle buffers to GART to make room), then
 * GART, then the same again once every context's submitted work is done
 * (destroyed buffers the GPU still used free their memory then).  The
 * driver keeps no buffer cache of its own, so there is none to release.
 * *domain says where it went.  0, or the kernel's error (-ENOMEM) when
 * VRAM and GART are truly full: the caller reports GL_OUT_OF_MEMORY.
 */
int nouveau_screen_bo_new(struct nouveau_screen *screen, uint32_t *domain,
                          uint32_t flags, uint32_t align, uint64_t size,
                          struct nouveau_bo **pbo);
/* The same, with the buffer's layout for the kernel (NV50: the VM
 * storage type and block dimensions, union nouveau_bo_config's nv50
 * part; NULL: none, as above). */
int nouveau_screen_bo_new_config(struct nouveau_screen *screen,
                                 uint32_t *domain, uint32_t flags,
                                 uint32_t align, uint64_t size,
                                 union nouveau_bo_config *config,
                                 struct nouveau_bo **pbo);
/* Winsys handles (GEM flink names, dma-buf fds, KMS handles) of buffer
 * objects, through libdrm's nouveau_bo_* helpers; each generation's
 * resource_from_handle / resource_get_handle adds the layout around
 * them.  From a handle: the resource's base made from templ (one
 * reference, on this screen), and 0 with a reference to the buffer in
 * *pbo, or the error (-EINVAL for a handle type there is none of). */
int nouveau_screen_import_handle(struct nouveau_screen *screen,
                                 const struct pipe_resource *templ,
                                 const struct winsys_handle *whandle,
                                 struct pipe_resource *base,
                                 struct nouveau_bo **pbo);
/* To a handle: whandle->handle of whandle->type for bo; false when the
 * kernel gives none. */
bool nouveau_screen_bo_get_handle(struct nouveau_bo *bo,
                                  struct winsys_handle *whandle);
/* A context's fence buffer joins / leaves the list waited for above. */
bool nouveau_screen_add_fence_bo(struct nouveau_screen *screen,
                                 struct nouveau_bo *bo);
void nouveau_screen_remove_fence_bo(struct nouveau_screen *screen,
                                    struct nouveau_bo *bo);

/* pipe_screen::query_memory_info (GL_NVX_gpu_memory_info,
 * GL_ATI_meminfo). */
void nouveau_screen_query_memory_info(struct pipe_screen *pscreen,
                                      struct pipe_memory_info *info);

/* pipe_screen::get_timestamp: the GPU's time in nanoseconds. */
uint64_t nouveau_screen_get_timestamp(struct pipe_screen *pscreen);

/* Fences: a fence is a buffer that the flush which created it wrote; the
 * fence has signalled when the kernel says that buffer is idle.  (This
 * waits for at least that submission, perhaps a little longer.)
 */
struct nouveau_fence {
   struct pipe_reference reference;
   struct nouveau_bo *bo;
};

struct nouveau_fence *nouveau_fence_create(struct nouveau_bo *bo);
void nouveau_screen_init_fences(struct pipe_screen *pscreen);

#endif
