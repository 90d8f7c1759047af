/*
 * Sharing resources with other processes and APIs (GBM, EGL images,
 * DRI buffers): winsys handles of the buffer object (GEM flink names,
 * KMS handles, dma-buf fds: nouveau_screen_import_handle and
 * nouveau_screen_bo_get_handle, shared with nv30/), and back.
 *
 * The layout travels with the buffer: on Tesla the kernel keeps each
 * buffer's storage type and block height (GEM_NEW tile_flags/tile_mode,
 * given back by GEM_INFO, which libdrm reads into bo->config.nv50 as
 * memtype and tile_mode << 4, abi16_bo_info).  Storage type 0 is pitch
 * memory (nv50_resource.c creates pitch resources so); any other is
 * blocklinear with the block height (and depth) in tile_mode bits 4..7
 * (and 8..11), as nv50_resource_create puts them.  The row pitch is the
 * handle's stride.  Blocklinear layouts have no DRM modifier here: they
 * are exported as DRM_FORMAT_MOD_INVALID (the kernel's tiling is
 * implicit), pitch ones as DRM_FORMAT_MOD_LINEAR.
 */

#include <nouveau.h>

#include "drm-uapi/drm_fourcc.h"
#include "frontend/winsys_handle.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_format.h"
#include "nv50_resource.h"
#include "nv50_screen.h"

/* bo->config.nv50.tile_mode: the block height log2 at bits 4..7, depth
 * at 8..11 (nv50_resource_create, RT_BLOCK_DIMENSIONS' fields) */
#define NV50_TILE_MODE_H(t) (((t) >> 4) & 0xf)
#define NV50_TILE_MODE_D(t) (((t) >> 8) & 0xf)

struct pipe_resource *
nv50_resource_from_handle(struct pipe_screen *pscreen,
                          const struct pipe_resource *templ,
                          struct winsys_handle *whandle, unsigned usage)
{
   struct nouveau_screen *screen = nouveau_screen(pscreen);
   struct nv50_resource *res;
   int ret;

   /* one level of one layer of one plane (what a window system shares);
    * a modifier other than the two this file exports names a layout the
    * driver cannot read */
   if (templ->last_level != 0 || templ->array_size > 1 ||
       templ->depth0 > 1 || whandle->plane > 0 ||
       (whandle->modifier != DRM_FORMAT_MOD_INVALID &&
        whandle->modifier != DRM_FORMAT_MOD_LINEAR))
      return NULL;
   res = CALLOC_STRUCT(nv50_resource);
   if (!res)
      return NULL;
   ret = nouveau_screen_import_handle(screen, templ, whandle, &res->base,
                                      &res->bo);
   if (ret)
      goto fail;

   struct nv50_level *lv = &res->level[0];
   const unsigned rows = util_format_get_nblocksy(templ->format,
                                                  templ->height0);
   uint64_t size;

   res->linear = templ->target == PIPE_BUFFER ||
                 res->bo->config.nv50.memtype == 0;
   /* LINEAR said of a buffer the kernel knows as blocklinear: one of
    * the two is wrong, and the pixels would be read in the wrong order */
   if (!res->linear && whandle->modifier == DRM_FORMAT_MOD_LINEAR)
      goto fail;
   lv->offset = whandle->offset;
   lv->pitch = whandle->stride;
   if (templ->target == PIPE_BUFFER) {
      size = templ->width0;
   } else if (res->linear) {
      /* zeta surfaces are blocklinear only (nv50_resource.c) */
      if (nv50_format(templ->format)->zeta ||
          lv->pitch < util_format_get_stride(templ->format, templ->width0))
         goto fail;
      size = (uint64_t)lv->pitch * rows;
   } else {
      lv->block_h = NV50_TILE_MODE_H(res->bo->config.nv50.tile_mode);
      lv->block_d = NV50_TILE_MODE_D(res->bo->config.nv50.tile_mode);
      if (lv->pitch % NV50_GOB_WIDTH ||
          lv->pitch < util_format_get_stride(templ->format, templ->width0))
         goto fail;
      size = nv50_layout_size(lv->pitch, rows, 1, lv->block_h, lv->block_d);
   }
   if (lv->offset + size > res->bo->size)
      goto fail;
   res->layer_stride = size;
   res->domain = res->bo->flags & NOUVEAU_BO_APER;
   if (!res->domain)
      res->domain = NOUVEAU_BO_VRAM;
   return &res->base;

fail:
   NOUVEAU_ERR("cannot import a handle of type %u (stride %u)\n",
               whandle->type, whandle->stride);
   nouveau_bo_ref(NULL, &res->bo);
   FREE(res);
   return NULL;
}

bool
nv50_resource_get_handle(struct pipe_screen *pscreen,
                         struct pipe_context *ctx,
                         struct pipe_resource *pres,
                         struct winsys_handle *whandle, unsigned usage)
{
   struct nv50_resource *res = nv50_resource(pres);

   if (!res->bo)
      return false;
   whandle->stride = pres->target == PIPE_BUFFER ? pres->width0
                                                 : res->level[0].pitch;
   whandle->offset = res->level[0].offset;
   whandle->modifier = res->linear ? DRM_FORMAT_MOD_LINEAR
                                   : DRM_FORMAT_MOD_INVALID;
   return nouveau_screen_bo_get_handle(res->bo, whandle);
}

bool
nv50_resource_get_param(struct pipe_screen *pscreen, struct pipe_context *ctx,
                        struct pipe_resource *pres, unsigned plane,
                        unsigned layer, unsigned level,
                        enum pipe_resource_param param, unsigned usage,
                        uint64_t *value)
{
   struct nv50_resource *res = nv50_resource(pres);
   struct winsys_handle wh = { 0 };

   switch (param) {
   case PIPE_RESOURCE_PARAM_NPLANES:
      *value = 1;
      return true;
   case PIPE_RESOURCE_PARAM_STRIDE:
      *value = pres->target == PIPE_BUFFER ? pres->width0
                                           : res->level[level].pitch;
      return true;
   case PIPE_RESOURCE_PARAM_OFFSET:
      *value = res->level[level].offset + res->layer_stride * layer;
      return true;
   case PIPE_RESOURCE_PARAM_LAYER_STRIDE:
      *value = res->layer_stride;
      return true;
   case PIPE_RESOURCE_PARAM_MODIFIER:
      *value = res->linear ? DRM_FORMAT_MOD_LINEAR : DRM_FORMAT_MOD_INVALID;
      return true;
   case PIPE_RESOURCE_PARAM_HANDLE_TYPE_SHARED:
      wh.type = WINSYS_HANDLE_TYPE_SHARED;
      break;
   case PIPE_RESOURCE_PARAM_HANDLE_TYPE_KMS:
      wh.type = WINSYS_HANDLE_TYPE_KMS;
      break;
   case PIPE_RESOURCE_PARAM_HANDLE_TYPE_FD:
      wh.type = WINSYS_HANDLE_TYPE_FD;
      break;
   default:
      return false;
   }
   if (!nv50_resource_get_handle(pscreen, ctx, pres, &wh, usage))
      return false;
   *value = wh.handle;
   return true;
}
