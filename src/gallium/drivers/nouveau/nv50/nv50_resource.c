/*
 * Tesla buffers and textures.  Buffers are pitch memory (storage type
 * PITCH).  Textures are blocklinear (nv50_layout.c) unless
 * PIPE_BIND_LINEAR asks for pitch; zeta buffers are always blocklinear
 * (the 3D class's ZETA_* have no pitch mode, g80-surface.rst).  Each
 * level is laid out on its own, with the smallest block that covers it
 * (what the texture unit's auto-sizing would pick), the levels of a layer
 * one after the other, layers at layer_stride.
 */

#include <nouveau.h>

#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_format.h"
#include "nv50_msaa.h"
#include "nv50_resource.h"
#include "nv50_screen.h"
#include "g80_defs.xml.h"

/* Pitch surfaces: rows aligned to a gob's width (64 bytes), which is
 * what RT_HORIZ's pitch and the 2D engine take. */
#define NV50_PITCH_ALIGN NV50_GOB_WIDTH

static uint64_t
nv50_resource_layout(struct nv50_resource *res)
{
   const struct pipe_resource *t = &res->base;
   const unsigned cpp = util_format_get_blocksize(t->format);
   uint64_t offset = 0, layer_align = NV50_GOB_BYTES;

   for (unsigned l = 0; l <= t->last_level; l++) {
      struct nv50_level *lv = &res->level[l];
      uint32_t w = util_format_get_nblocksx(t->format, u_minify(t->width0, l))
                   << res->ms_x;
      uint32_t h = util_format_get_nblocksy(t->format, u_minify(t->height0, l))
                   << res->ms_y;
      uint32_t d = t->target == PIPE_TEXTURE_3D ? u_minify(t->depth0, l) : 1;

      lv->offset = offset;
      if (res->linear) {
         lv->pitch = align(w * cpp, NV50_PITCH_ALIGN);
         offset += (uint64_t)lv->pitch * h * d;
      } else {
         lv->pitch = align(w * cpp, NV50_GOB_WIDTH);
         lv->block_h = nv50_layout_block_log2(h, NV50_GOB_HEIGHT);
         lv->block_d = nv50_layout_block_log2(d, 1);
         if (l == 0)
            layer_align = (uint64_t)NV50_GOB_BYTES << (lv->block_h + lv->block_d);
         offset += nv50_layout_size(lv->pitch, h, d, lv->block_h, lv->block_d);
      }
      /* each level starts on a gob (g80-surface.rst: blocklinear
       * addresses are gob-aligned) */
      offset = align64(offset, NV50_GOB_BYTES);
   }
   /* layers start on a whole level-0 block */
   res->layer_stride = align64(offset, layer_align);
   return res->layer_stride * (t->target == PIPE_TEXTURE_3D ? 1 : t->array_size);
}

struct pipe_resource *
nv50_resource_create(struct pipe_screen *pscreen,
                     const struct pipe_resource *templ)
{
   struct nouveau_screen *screen = nouveau_screen(pscreen);
   struct nv50_resource *res = CALLOC_STRUCT(nv50_resource);
   union nouveau_bo_config cfg = { .nv50 = { .memtype = 0 } };
   uint64_t size;
   uint32_t flags = NOUVEAU_BO_MAP;

   if (!res)
      return NULL;
   res->base = *templ;
   pipe_reference_init(&res->base.reference, 1);
   res->base.screen = pscreen;

   if (templ->target == PIPE_BUFFER) {
      res->linear = true;
      size = templ->width0;
      res->domain = (templ->usage == PIPE_USAGE_STAGING ||
                     templ->usage == PIPE_USAGE_STREAM) ? NOUVEAU_BO_GART
                                                        : NOUVEAU_BO_VRAM;
   } else {
      const struct nv50_format *fmt = nv50_format(templ->format);
      struct nv50_ms ms;

      /* a multisampled surface is its stored surface, of the mode's
       * blocks, with the single-sampled layout and storage type
       * (g80-surface.rst, nv50_msaa.c) */
      if (!nv50_ms_mode(templ->nr_samples, &ms)) {
         FREE(res);
         return NULL;
      }
      res->ms_x = ms.log2_x;
      res->ms_y = ms.log2_y;
      res->linear = (templ->bind & PIPE_BIND_LINEAR) && !fmt->zeta;
      size = nv50_resource_layout(res);
      res->domain = NOUVEAU_BO_VRAM;
      if (!res->linear) {
         /* the storage type of the format; others (textures the driver
          * does not render to yet) take plain BLOCKLINEAR, the colour
          * type of 1-8 byte elements, or the 16-byte one */
         cfg.nv50.memtype = fmt->storage ? fmt->storage :
            util_format_get_blocksize(templ->format) == 16 ?
               G80_STORAGE_TYPE_BLOCKLINEAR_128 : G80_STORAGE_TYPE_BLOCKLINEAR;
         /* libdrm passes tile_mode >> 4 to the kernel: the block height
          * at bits 4..7 as RT_BLOCK_DIMENSIONS has it */
         cfg.nv50.tile_mode = (res->level[0].block_h << 4) |
                              (res->level[0].block_d << 8);
      }
   }

   if (nouveau_screen_bo_new_config(screen, &res->domain, flags, 1 << 16,
                                    MAX2(size, 1), &cfg, &res->bo)) {
      FREE(res);
      return NULL;
   }
   return &res->base;
}

void
nv50_resource_destroy(struct pipe_screen *pscreen, struct pipe_resource *pres)
{
   struct nv50_resource *res = nv50_resource(pres);

   nouveau_bo_ref(NULL, &res->bo);
   FREE(res);
}

uint64_t
nv50_resource_address(const struct nv50_resource *res, unsigned level,
                      unsigned layer)
{
   return res->bo->offset + res->layer_stride * layer +
          res->level[level].offset;
}
