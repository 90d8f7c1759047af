/*
 * CPU access to resources.  Pitch memory (buffers, linear textures) is
 * mapped directly.  A blocklinear texture goes through a linear staging
 * buffer in GART, filled from and written back to the surface by M2MF
 * (nv50_m2mf.c).  If no staging buffer can be had, the CPU does it with
 * the blocklinear function (nv50_layout.c) on a copy in system memory:
 * through the VM the CPU sees only the high-level rearrangement, gobs and
 * blocks, the storage type hides the rest (g80-surface.rst);
 * NV_DEBUG=fallback says when.
 */

#include <errno.h>

#include <nouveau.h>

#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_transfer.h"

#include "nouveau/nouveau_debug.h"
#include "nouveau/nouveau_libdrm.h"
#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_resource.h"

struct nv50_transfer {
   struct pipe_transfer base;
   /* blocklinear only: the staging buffer M2MF copies through, or (no
    * room for one) the CPU's copy */
   struct nouveau_bo *staging_bo;
   uint8_t *staging;
};

/* Maps the whole buffer for access (0: without waiting). */
static uint8_t *
nv50_map_bo(struct nv50_context *nv50, struct nv50_resource *res,
            uint32_t access)
{
   if (access)
      nv50_kick_if_referenced(nv50, res->bo);
   if (nouveau_bo_map_shared(res->bo, access, nv50->client))
      return NULL;
   return res->bo->map;
}

/* Copies the box between the surface and the staging copy, row by row
 * and gob row by gob row (64 contiguous bytes at most). */
static void
nv50_swizzle_box(struct nv50_resource *res, unsigned level, uint8_t *surf,
                 struct nv50_transfer *tx, bool to_surface)
{
   const struct pipe_box *box = &tx->base.box;
   const struct pipe_resource *t = &res->base;
   const struct nv50_level *lv = &res->level[level];
   const unsigned cpp = util_format_get_blocksize(t->format);
   const uint32_t rows = util_format_get_nblocksy(t->format,
                                                  u_minify(t->height0, level))
                         << res->ms_y;
   const uint32_t bx = box->x / util_format_get_blockwidth(t->format);
   const uint32_t by = box->y / util_format_get_blockheight(t->format);
   const uint32_t nbx = util_format_get_nblocksx(t->format, box->width);
   const uint32_t nby = util_format_get_nblocksy(t->format, box->height);
   const bool is3d = t->target == PIPE_TEXTURE_3D;

   for (int z = 0; z < box->depth; z++) {
      uint8_t *layer = surf + (is3d ? 0 : res->layer_stride * (box->z + z)) +
                       lv->offset;
      uint32_t sz = is3d ? box->z + z : 0;
      for (uint32_t y = 0; y < nby; y++) {
         uint8_t *row = tx->staging + z * tx->base.layer_stride +
                        y * tx->base.stride;
         uint32_t x0 = bx * cpp, x1 = (bx + nbx) * cpp;
         for (uint32_t xb = x0; xb < x1;) {
            uint32_t run = MIN2(x1 - xb, NV50_GOB_WIDTH - xb % NV50_GOB_WIDTH);
            uint8_t *p = layer + nv50_layout_offset(lv->pitch, rows,
                                                    lv->block_h, lv->block_d,
                                                    xb, by + y, sz);
            if (to_surface)
               memcpy(p, row + (xb - x0), run);
            else
               memcpy(row + (xb - x0), p, run);
            xb += run;
         }
      }
   }
}

void *
nv50_transfer_map(struct pipe_context *pipe, struct pipe_resource *pres,
                  unsigned level, unsigned usage, const struct pipe_box *box,
                  struct pipe_transfer **ptransfer)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nv50_resource *res = nv50_resource(pres);
   struct nv50_transfer *tx = slab_zalloc(&nv50->transfer_pool);
   uint32_t access = 0;
   uint8_t *map;

   if (!tx)
      return NULL;
   pipe_resource_reference(&tx->base.resource, pres);
   tx->base.level = level;
   tx->base.usage = usage;
   tx->base.box = *box;

   if (!(usage & PIPE_MAP_UNSYNCHRONIZED)) {
      if (usage & PIPE_MAP_READ)
         access |= NOUVEAU_BO_RD;
      if (usage & PIPE_MAP_WRITE)
         access |= NOUVEAU_BO_WR;
   }

   if (res->linear) {
      map = nv50_map_bo(nv50, res, access);
      if (!map)
         goto fail;
      if (pres->target == PIPE_BUFFER) {
         /* any buffer may be a vertex array, now or at a later bind;
          * unsynchronized writes too (st/mesa's uploads of glBegin/End
          * vertices) */
         if (usage & PIPE_MAP_WRITE)
            nv50->vertex_flush = true;
         *ptransfer = &tx->base;
         return map + box->x;
      }
      const struct nv50_level *lv = &res->level[level];
      const bool is3d = pres->target == PIPE_TEXTURE_3D;
      uint64_t rows = util_format_get_nblocksy(pres->format,
                                               u_minify(pres->height0, level));
      tx->base.stride = lv->pitch;
      tx->base.layer_stride = is3d ? lv->pitch * rows : res->layer_stride;
      *ptransfer = &tx->base;
      return map + lv->offset + tx->base.layer_stride * box->z +
             (uint64_t)util_format_get_nblocksy(pres->format, box->y) * lv->pitch +
             util_format_get_stride(pres->format, box->x);
   }

   tx->base.stride = util_format_get_stride(pres->format, box->width);
   tx->base.layer_stride = util_format_get_2d_size(pres->format,
                                                   tx->base.stride,
                                                   box->height);
   {
      uint32_t domain = NOUVEAU_BO_GART;
      if (nouveau_screen_bo_new(&nv50->screen->base, &domain, NOUVEAU_BO_MAP,
                                0, (uint64_t)tx->base.layer_stride * box->depth,
                                &tx->staging_bo) == 0 &&
          domain != NOUVEAU_BO_GART)
         nouveau_bo_ref(NULL, &tx->staging_bo);
   }
   if (tx->staging_bo) {
      /* what the caller does not discard is copied first, so that a
       * write of part of the box keeps the rest */
      if (!(usage & (PIPE_MAP_DISCARD_RANGE |
                     PIPE_MAP_DISCARD_WHOLE_RESOURCE))) {
         if (!nv50_m2mf_copy_box(nv50, res, level, box, tx->staging_bo,
                                 tx->base.stride, tx->base.layer_stride,
                                 false))
            goto fail;
         nv50_context_kick(nv50);
      }
      if (nouveau_bo_map_shared(tx->staging_bo, NOUVEAU_BO_RDWR, nv50->client))
         goto fail;
      *ptransfer = &tx->base;
      return tx->staging_bo->map;
   }

   NOUVEAU_FALLBACK("CPU swizzle of a %ux%ux%u box of a blocklinear %s\n",
                    box->width, box->height, box->depth,
                    util_format_short_name(pres->format));
   tx->staging = MALLOC((size_t)tx->base.layer_stride * box->depth);
   if (!tx->staging)
      goto fail;
   /* what the caller does not discard is read first, so that a write
    * of part of the box keeps the rest */
   if (!(usage & PIPE_MAP_DISCARD_RANGE) &&
       !(usage & PIPE_MAP_DISCARD_WHOLE_RESOURCE)) {
      map = nv50_map_bo(nv50, res, access ? NOUVEAU_BO_RD : 0);
      if (!map)
         goto fail;
      nv50_swizzle_box(res, level, map, tx, false);
   }
   *ptransfer = &tx->base;
   return tx->staging;

fail:
   nouveau_bo_ref(NULL, &tx->staging_bo);
   FREE(tx->staging);
   pipe_resource_reference(&tx->base.resource, NULL);
   slab_free(&nv50->transfer_pool, tx);
   return NULL;
}

void
nv50_transfer_unmap(struct pipe_context *pipe, struct pipe_transfer *ptx)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nv50_transfer *tx = (struct nv50_transfer *)ptx;
   struct nv50_resource *res = nv50_resource(ptx->resource);

   if (tx->staging_bo) {
      /* submitted at once: the staging buffer goes with the transfer,
       * and the kernel keeps a buffer a submission lists until it is
       * done */
      if ((ptx->usage & PIPE_MAP_WRITE) &&
          nv50_m2mf_copy_box(nv50, res, ptx->level, &ptx->box,
                             tx->staging_bo, ptx->stride, ptx->layer_stride,
                             true))
         nv50_context_kick(nv50);
      nouveau_bo_ref(NULL, &tx->staging_bo);
   } else if (tx->staging) {
      if (ptx->usage & PIPE_MAP_WRITE) {
         uint8_t *map = nv50_map_bo(nv50, res,
                                    (ptx->usage & PIPE_MAP_UNSYNCHRONIZED) ?
                                       0 : NOUVEAU_BO_WR);
         if (map)
            nv50_swizzle_box(res, ptx->level, map, tx, true);
      }
      FREE(tx->staging);
   }
   pipe_resource_reference(&ptx->resource, NULL);
   slab_free(&nv50->transfer_pool, tx);
}

void
nv50_transfer_flush_region(struct pipe_context *pipe,
                           struct pipe_transfer *ptx,
                           const struct pipe_box *box)
{
   /* maps are coherent (the CPU writes the buffer itself); a staging
    * copy is written back whole at unmap */
}

