/*
 * Resources (buffers, textures, render targets), their CPU access and the
 * surfaces that name one image of them.
 */

#include <nouveau.h>

#include "frontend/winsys_handle.h"
#include "util/format/u_format.h"
#include "util/u_box.h"
#include "util/u_inlines.h"
#include "drm-uapi/drm_fourcc.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/u_transfer.h"

#include "nouveau/nouveau_debug.h"
#include "nouveau/nouveau_libdrm.h"
#include "nv30_context.h"
#include "nv30_funcs.h"
#include "nv30_msaa.h"
#include "nv30_resource.h"
#include "nv30_screen.h"
#include "nv30_texture.h"

/* Render target and zeta pitches must be multiples of 64 bytes, offsets
 * too (the hardware ignores the low 6 bits; upstream nv30 driver, fact). */
#define NV30_PITCH_ALIGN   64
#define NV30_OFFSET_ALIGN  NV30_RT_OFFSET_ALIGN

static void
nv30_layout(struct nv30_resource *res)
{
   struct pipe_resource *pt = &res->base;
   enum pipe_format format = pt->format;
   /* One pitch for every level, the levels one after the other: the
    * layout the texture units read with TEX_FORMAT LINEAR (TEX_SIZE1
    * PITCH). */
   /* a multisampled target stores its sample blocks (nv30_msaa.h) */
   uint32_t pitch = align(util_format_get_stride(format,
                                                 pt->width0 << nv30_ms_x(pt)),
                          NV30_PITCH_ALIGN);
   uint32_t offset = 0;

   for (unsigned l = 0; l <= pt->last_level; l++) {
      unsigned h = u_minify(pt->height0, l) << nv30_ms_y(pt);
      unsigned d = pt->target == PIPE_TEXTURE_3D ? u_minify(pt->depth0, l) : 1;

      res->level[l].offset = offset;
      res->level[l].pitch = pitch;
      /* pitch is a multiple of 64, so is every offset */
      res->level[l].slice_stride = pitch * util_format_get_nblocksy(format, h);
      offset += res->level[l].slice_stride * d;
   }
   res->layer_stride = align(offset, NV30_OFFSET_ALIGN);
   /* a cube's faces are rows of one rectangle when it is not a
    * power of two (nv30_tex_npot.c): its layer stride whole rows too
    * (a multiple of the pitch is one of NV30_OFFSET_ALIGN's, the pitch
    * being one) */
   if (pt->target == PIPE_TEXTURE_CUBE)
      res->layer_stride = DIV_ROUND_UP(res->layer_stride, pitch) * pitch;
}

/* Rankine's texture units read a cube's faces 128-byte aligned when
 * they are not rectangles (nvsim's nv40_3d_texture.c, after upstream's
 * nv30_miptree.c, fact). */
#define NV30_PACKED_FACE_ALIGN 128

/* The swizzled target an unaligned small level is drawn through
 * (nv30_swizzled_target): 16x2 texels, upstream's choice (fact). */
#define NV30_RT_SMALL_W 16
#define NV30_RT_SMALL_H 2

/* Whether a rankine texture is stored as the texture units read a
 * power-of-two image (packed levels), rather than as a rectangle or a
 * linear render target: every sampled power-of-two texture but those
 * shared with others (scanout, a handle: linear by the winsys'
 * convention), multisampled targets (nv30_msaa.h) and formats that have
 * no power-of-two code (nv30_texture_format_packed). */
static bool
nv30_layout_is_packed(const struct nvhwdb_chip *chip,
                      const struct pipe_resource *pt)
{
   return nv30_texture_format_packed(chip, pt->format) &&
          pt->target != PIPE_BUFFER && pt->target != PIPE_TEXTURE_RECT &&
          pt->nr_samples <= 1 &&
          !(pt->bind & (PIPE_BIND_SCANOUT | PIPE_BIND_SHARED |
                        PIPE_BIND_LINEAR | PIPE_BIND_DISPLAY_TARGET)) &&
          util_is_power_of_two_nonzero(pt->width0) &&
          util_is_power_of_two_nonzero(pt->height0) &&
          util_is_power_of_two_nonzero(pt->depth0);
}

/* Rankine's power-of-two layout (hwdb nv30-40_3d.xml TEX_FORMAT
 * BASE_SIZE/MIPMAP; nvsim's nv40_3d_texture.c sums it up): levels one
 * after the other, each its own rows of blocks with no padding, its
 * texels swizzled (S3TC: rows of 4x4 blocks); a cube's faces each the
 * chain of the resource's levels, 128-byte aligned (upstream's
 * nv30_miptree.c, which ran on the hardware).  The unit finds face n
 * from the levels it reads (nvsim: up to the MAX_LOD clamp), so a cube's
 * MAX_LOD must reach its last level (nv30_emit_textures). */
static void
nv30_layout_packed(struct nv30_resource *res)
{
   struct pipe_resource *pt = &res->base;
   enum pipe_format format = pt->format;
   uint32_t offset = 0;

   res->packed = true;
   res->swizzled = !util_format_is_compressed(format);
   for (unsigned l = 0; l <= pt->last_level; l++) {
      unsigned w = u_minify(pt->width0, l), h = u_minify(pt->height0, l);
      unsigned d = pt->target == PIPE_TEXTURE_3D ? u_minify(pt->depth0, l) : 1;
      uint32_t pitch = util_format_get_stride(format, w);
      uint32_t slice = pitch * util_format_get_nblocksy(format, h);

      res->level[l].offset = offset;
      res->level[l].pitch = pitch;
      res->level[l].slice_stride = slice;
      offset += slice * d;
   }
   res->layer_stride = align(offset, NV30_PACKED_FACE_ALIGN);
}

struct pipe_resource *
nv30_resource_create(struct pipe_screen *pscreen,
                     const struct pipe_resource *templ)
{
   struct nouveau_screen *screen = nouveau_screen(pscreen);
   struct nv30_resource *res = CALLOC_STRUCT(nv30_resource);
   uint32_t domain;
   uint64_t size;
   int ret;

   if (!res)
      return NULL;
   res->base = *templ;
   pipe_reference_init(&res->base.reference, 1);
   res->base.screen = pscreen;
   /* a companion decodes it once before its first sampling */
   res->serial = 1;

   if (templ->target == PIPE_BUFFER) {
      size = templ->width0;
      if (templ->bind == PIPE_BIND_CONSTANT_BUFFER) {
         /* Read by the CPU only (VP_UPLOAD_CONST, FP patching). */
         res->data = align_malloc(MAX2(size, 1), 64);
         if (!res->data) {
            FREE(res);
            return NULL;
         }
         return &res->base;
      }
      domain = NOUVEAU_BO_GART;
   } else if (nv30_layout_is_packed(nv30_screen(pscreen)->chip, templ)) {
      nv30_layout_packed(res);
      size = (uint64_t)res->layer_stride * templ->array_size;
      domain = NOUVEAU_BO_VRAM;
   } else {
      nv30_layout(res);
      size = (uint64_t)res->layer_stride * templ->array_size;
      domain = NOUVEAU_BO_VRAM;
   }

   /* Falls back to GART, and waits for the GPU, before giving up; NULL
    * here is GL_OUT_OF_MEMORY in st/mesa. */
   ret = nouveau_screen_bo_new(screen, &domain, NOUVEAU_BO_MAP, 4096,
                               MAX2(size, 1), &res->bo);
   if (ret) {
      FREE(res);
      return NULL;
   }
   /* Textures and render targets are made in VRAM (the kernel evicts
    * idle buffers to GART to make room) but listed with both domains:
    * before NV50 the kernel leaves a buffer so listed where it is
    * (nouveau_gem_set_domain), so one evicted under pressure is used from
    * GART (the relocations pick the DMA object) instead of needing room
    * in VRAM again, which a card whose GART is full too cannot give. */
   res->domain = templ->target == PIPE_BUFFER ? domain :
                 NOUVEAU_BO_VRAM | NOUVEAU_BO_GART;
   return &res->base;
}

void
nv30_resource_destroy(struct pipe_screen *pscreen, struct pipe_resource *pres)
{
   struct nv30_resource *res = nv30_resource(pres);

   pipe_resource_reference(&res->companion, NULL);
   nouveau_bo_ref(NULL, &res->bo);
   align_free(res->data);
   FREE(res);
}

struct pipe_resource *
nv30_resource_from_handle(struct pipe_screen *pscreen,
                          const struct pipe_resource *templ,
                          struct winsys_handle *whandle, unsigned usage)
{
   struct nouveau_screen *screen = nouveau_screen(pscreen);
   struct nv30_resource *res;
   int ret;

   if (templ->target == PIPE_BUFFER || templ->last_level != 0 ||
       templ->array_size > 1 || templ->depth0 > 1)
      return NULL;
   res = CALLOC_STRUCT(nv30_resource);
   if (!res)
      return NULL;
   ret = nouveau_screen_import_handle(screen, templ, whandle, &res->base,
                                      &res->bo);
   if (ret || (whandle->stride % NV30_PITCH_ALIGN) ||
       (whandle->offset % NV30_OFFSET_ALIGN)) {
      nouveau_bo_ref(NULL, &res->bo);
      FREE(res);
      return NULL;
   }
   res->domain = res->bo->flags & NOUVEAU_BO_APER;
   if (!res->domain)
      res->domain = NOUVEAU_BO_VRAM;
   res->level[0].offset = whandle->offset;
   res->level[0].pitch = whandle->stride;
   res->level[0].slice_stride = whandle->stride *
      util_format_get_nblocksy(templ->format, templ->height0);
   res->layer_stride = res->level[0].slice_stride;
   return &res->base;
}

bool
nv30_resource_get_handle(struct pipe_screen *pscreen, struct pipe_context *ctx,
                         struct pipe_resource *pres,
                         struct winsys_handle *whandle, unsigned usage)
{
   struct nv30_resource *res = nv30_resource(pres);

   /* rankine's packed layout has no modifier others know: not shared */
   if (!res->bo || res->packed)
      return false;
   whandle->stride = res->level[0].pitch;
   whandle->offset = res->level[0].offset;
   whandle->modifier = DRM_FORMAT_MOD_LINEAR;
   return nouveau_screen_bo_get_handle(res->bo, whandle);
}

/* -------------------------------------------------------------------- */
/* CPU access                                                            */

static uint32_t
nv30_map_access(unsigned usage)
{
   uint32_t access = 0;

   if (usage & PIPE_MAP_UNSYNCHRONIZED)
      return 0;
   if (usage & PIPE_MAP_READ)
      access |= NOUVEAU_BO_RD;
   if (usage & PIPE_MAP_WRITE)
      access |= NOUVEAU_BO_WR;
   if (usage & PIPE_MAP_DONTBLOCK)
      access |= NOUVEAU_BO_NOBLOCK;
   return access;
}

/* A transfer; a swizzled texture's goes through a linear copy of the
 * box (staging), swizzled back on unmap. */
struct nv30_transfer {
   struct pipe_transfer base;
   uint8_t *staging;
};

/* Copies a box of a swizzled level between its storage (map: the
 * buffer's mapping) and a linear image (lin, with the transfer's
 * strides), one block at a time: to_lin reads the texture, else writes
 * it. */
static void
nv30_swizzle_copy(struct nv30_resource *res, uint8_t *map,
                  const struct pipe_transfer *xfer, uint8_t *lin, bool to_lin)
{
   struct pipe_resource *pt = &res->base;
   const struct pipe_box *box = &xfer->box;
   unsigned level = xfer->level;
   unsigned bpp = util_format_get_blocksize(pt->format);
   unsigned w = u_minify(pt->width0, level), h = u_minify(pt->height0, level);
   bool is_3d = pt->target == PIPE_TEXTURE_3D;
   unsigned d = is_3d ? u_minify(pt->depth0, level) : 1;

   for (int k = 0; k < box->depth; k++) {
      /* a 3D level's slices are swizzled with its rows; layers and cube
       * faces follow each other */
      unsigned z = is_3d ? box->z + k : 0;
      uint8_t *base = map + nv30_resource_offset(res, level,
                                                 is_3d ? 0 : box->z + k);
      uint8_t *row = lin + (size_t)k * xfer->layer_stride;

      for (int y = 0; y < box->height; y++, row += xfer->stride) {
         for (int x = 0; x < box->width; x++) {
            uint8_t *t = base + (size_t)bpp *
               nv30_swizzle_index(box->x + x, box->y + y, z, w, h, d);

            if (to_lin)
               memcpy(row + x * bpp, t, bpp);
            else
               memcpy(t, row + x * bpp, bpp);
         }
      }
   }
}

/* Replaces a busy buffer's storage when its old contents are not wanted,
 * so that the CPU need not wait for the GPU. */
static void
nv30_buffer_discard(struct nv30_context *nv30, struct nv30_resource *res)
{
   struct nouveau_bo *bo = NULL;

   if (nouveau_bo_wait(res->bo, NOUVEAU_BO_RDWR | NOUVEAU_BO_NOBLOCK,
                       nv30->client) == 0)
      return;
   /* no room for new storage: wait for the old one instead */
   if (nouveau_bo_new(res->bo->device, res->domain | NOUVEAU_BO_MAP, 4096,
                      res->bo->size, NULL, &bo))
      return;
   nouveau_bo_ref(bo, &res->bo);
   nouveau_bo_ref(NULL, &bo);
   /* Vertex buffers name the storage in the pushbuffer. */
   nv30->dirty |= NV30_DIRTY_VERTEX;
}

void *
nv30_transfer_map(struct pipe_context *pipe, struct pipe_resource *pres,
                  unsigned level, unsigned usage, const struct pipe_box *box,
                  struct pipe_transfer **ptransfer)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_resource *res = nv30_resource(pres);
   enum pipe_format format = pres->format;
   struct nv30_transfer *tx;
   struct pipe_transfer *xfer;
   uint8_t *base;
   uint32_t offset;

   if (pres->nr_samples > 1)
      return nv30_ms_transfer_map(pipe, pres, level, usage, box, ptransfer);
   if (nv30->lost && !(usage & PIPE_MAP_UNSYNCHRONIZED) && res->bo &&
       (usage & PIPE_MAP_READ))
      NOUVEAU_FALLBACK("reading a resource after the channel was lost\n");

   /* what was drawn through a shadow (a 3D slice, a depth buffer in its
    * colour buffer's layout) */
   if (pres->target != PIPE_BUFFER)
      nv30_writeback_bound(pipe, pres);
   /* written: bumped again at unmap (a draw between the two may decode
    * a companion from what is there so far) */
   if (usage & PIPE_MAP_WRITE)
      res->serial++;

   STATIC_ASSERT(sizeof(struct nv30_transfer) <= 256); /* the slab's */
   tx = slab_zalloc(&nv30->transfer_pool);
   if (!tx)
      return NULL;
   xfer = &tx->base;
   pipe_resource_reference(&xfer->resource, pres);
   xfer->level = level;
   xfer->usage = usage;
   xfer->box = *box;

   if (res->data) {
      xfer->stride = 0;
      xfer->layer_stride = 0;
      *ptransfer = xfer;
      return res->data + box->x;
   }

   if (pres->target == PIPE_BUFFER &&
       (usage & PIPE_MAP_DISCARD_WHOLE_RESOURCE) &&
       !(usage & (PIPE_MAP_UNSYNCHRONIZED | PIPE_MAP_PERSISTENT)))
      nv30_buffer_discard(nv30, res);

   if (nouveau_bo_map_shared(res->bo, nv30_map_access(usage), nv30->client)) {
      pipe_resource_reference(&xfer->resource, NULL);
      slab_free(&nv30->transfer_pool, xfer);
      return NULL;
   }
   base = res->bo->map;

   if (pres->target == PIPE_BUFFER) {
      *ptransfer = xfer;
      return base + box->x;
   }

   if (res->swizzled) {
      /* the box as a linear image (swizzled formats are not compressed:
       * blocks are texels) */
      if (usage & PIPE_MAP_DIRECTLY)
         goto fail;
      xfer->stride = util_format_get_stride(format, box->width);
      xfer->layer_stride = xfer->stride * box->height;
      tx->staging = malloc(MAX2((size_t)xfer->layer_stride * box->depth, 1));
      if (!tx->staging)
         goto fail;
      if (!(usage & (PIPE_MAP_DISCARD_RANGE |
                     PIPE_MAP_DISCARD_WHOLE_RESOURCE)))
         nv30_swizzle_copy(res, base, xfer, tx->staging, true);
      *ptransfer = xfer;
      return tx->staging;
   }

   xfer->stride = res->level[level].pitch;
   xfer->layer_stride = pres->target == PIPE_TEXTURE_3D ?
                        res->level[level].slice_stride : res->layer_stride;
   offset = nv30_resource_offset(res, level, box->z) +
            util_format_get_nblocksy(format, box->y) * xfer->stride +
            util_format_get_stride(format, box->x);
   *ptransfer = xfer;
   return base + offset;

fail:
   pipe_resource_reference(&xfer->resource, NULL);
   slab_free(&nv30->transfer_pool, tx);
   return NULL;
}

void
nv30_transfer_unmap(struct pipe_context *pipe, struct pipe_transfer *xfer)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_resource *res = nv30_resource(xfer->resource);
   struct nv30_transfer *tx = (struct nv30_transfer *)xfer;

   if (xfer->resource->nr_samples > 1) {
      nv30_ms_transfer_unmap(pipe, xfer);
      return;
   }
   /* Constant buffers are read at draw time: pick up what was written. */
   if (res->data && (xfer->usage & PIPE_MAP_WRITE))
      nv30->dirty |= NV30_DIRTY_VERTCONST | NV30_DIRTY_FRAGCONST;
   if (xfer->usage & PIPE_MAP_WRITE)
      res->serial++;
   /* a swizzled texture's box goes back (the buffer is still mapped:
    * libdrm keeps a buffer's mapping until it is freed) */
   if (tx->staging) {
      if (xfer->usage & PIPE_MAP_WRITE)
         nv30_swizzle_copy(res, res->bo->map, xfer, tx->staging, false);
      free(tx->staging);
   }
   /* a bound surface drawn through a shadow draws on what was written */
   if ((xfer->usage & PIPE_MAP_WRITE) && !nv30->shadow_copying &&
       xfer->resource->target != PIPE_BUFFER)
      nv30_fill_bound(pipe, xfer->resource);
   pipe_resource_reference(&xfer->resource, NULL);
   slab_free(&nv30->transfer_pool, xfer);
}

void
nv30_transfer_flush_region(struct pipe_context *pipe,
                           struct pipe_transfer *xfer,
                           const struct pipe_box *box)
{
   /* Maps are of the real storage, write-combined or cached: nothing to
    * copy. */
}

const void *
nv30_buffer_map_read(struct pipe_context *pipe, struct pipe_resource *pres,
                     unsigned offset)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_resource *res = nv30_resource(pres);

   if (res->data)
      return res->data + offset;
   if (nouveau_bo_map_shared(res->bo, NOUVEAU_BO_RD, nv30->client))
      return NULL;
   return (const uint8_t *)res->bo->map + offset;
}

/* -------------------------------------------------------------------- */
/* Surfaces                                                              */

/* Whether a swizzled level starting at offset can be a render target
 * as it is.  The hardware rounds a target's offset down to 64 bytes
 * (NV30_RT_OFFSET_ALIGN; upstream nv30_state_validate.c, fact), so an
 * unaligned level is drawn as the 16x2 swizzled target at the rounded
 * offset with the window moved x = (offset & 63) / (2 * bpp) to the right
 * (nv30_emit_framebuffer): right only where every texel of the level
 * then lands on its own byte, as for the 1x1 level after a 2x2 one at 32
 * bpp; a 1D chain's small levels (4x1 at 32 bytes, 2x1 at 48, ...) do
 * not. */
static bool
nv30_rt_level_reachable(const struct nv30_resource *res, unsigned level,
                        uint32_t offset)
{
   const struct pipe_resource *pt = &res->base;
   unsigned rem = offset & (NV30_RT_OFFSET_ALIGN - 1);
   unsigned bpp = util_format_get_blocksize(pt->format);
   unsigned w = u_minify(pt->width0, level), h = u_minify(pt->height0, level);
   unsigned rw, rh, x0;

   if (!nv30_swizzled_target(pt->format, w, h, offset, &rw, &rh, &x0))
      return true;
   if (rem % (2 * bpp) || x0 + w > rw || h > rh)
      return false;
   for (unsigned y = 0; y < h; y++) {
      for (unsigned x = 0; x < w; x++) {
         if (nv30_swizzle_index(x0 + x, y, 0, rw, rh, 1) * bpp !=
             rem + nv30_swizzle_index(x, y, 0, w, h, 1) * bpp)
            return false;
      }
   }
   return true;
}

struct pipe_surface *
nv30_surface_create(struct pipe_context *pipe, struct pipe_resource *pres,
                    const struct pipe_surface *templ)
{
   struct nv30_resource *res = nv30_resource(pres);
   struct nv30_surface *sf;
   unsigned level = templ->u.tex.level;

   if (pres->target == PIPE_BUFFER)
      return NULL;
   sf = CALLOC_STRUCT(nv30_surface);
   if (!sf)
      return NULL;
   pipe_reference_init(&sf->base.reference, 1);
   pipe_resource_reference(&sf->base.texture, pres);
   sf->base.context = pipe;
   sf->base.format = templ->format;
   sf->base.u.tex = templ->u.tex;
   sf->base.width = u_minify(pres->width0, level);
   sf->base.height = u_minify(pres->height0, level);
   sf->offset = nv30_resource_offset(res, level, templ->u.tex.first_layer);
   sf->pitch = res->level[level].pitch;
   sf->swizzled = res->swizzled;
   /* a depth surface's copy, if any, is chosen when it is bound, with
    * its colour buffer (nv30_surface_match_zeta) */
   if (res->swizzled && !util_format_is_depth_or_stencil(pres->format) &&
       (pres->target == PIPE_TEXTURE_3D ||
        !nv30_rt_level_reachable(res, level, sf->offset))) {
      /* the slice's (or the small level's) 2D copy, with its texels
       * (blending, partial clears) */
      struct pipe_resource t = {
         .target = PIPE_TEXTURE_2D, .format = pres->format,
         .width0 = sf->base.width, .height0 = sf->base.height,
         .depth0 = 1, .array_size = 1,
         .bind = PIPE_BIND_RENDER_TARGET,
      };
      struct nv30_resource *shadow;

      /* filled when bound (nv30_set_framebuffer_state) */
      NOUVEAU_FALLBACK("%s drawn through a 2D copy\n",
                       pres->target == PIPE_TEXTURE_3D ?
                       "a 3D texture's slice" : "a small level off 64 bytes");
      sf->shadow = pipe->screen->resource_create(pipe->screen, &t);
      if (!sf->shadow) {
         nv30_surface_destroy(pipe, &sf->base);
         return NULL;
      }
      shadow = nv30_resource(sf->shadow);
      sf->offset = nv30_resource_offset(shadow, 0, 0);
      sf->pitch = shadow->level[0].pitch;
      sf->swizzled = shadow->swizzled;
   }
   return &sf->base;
}

/* What a shadow holds of its surface, at (shadow_x, 0) in the shadow: all
 * of it, or what fits (a depth buffer larger than its colour buffer: the
 * common area that is drawn, and more). */
static void
nv30_surface_shadow_box(const struct nv30_surface *sf, struct pipe_box *box)
{
   u_box_3d(sf->shadow_x, 0, 0,
            MIN2(sf->base.width, sf->shadow->width0 - sf->shadow_x),
            MIN2(sf->base.height, sf->shadow->height0), 1, box);
}

void
nv30_surface_writeback(struct pipe_context *pipe, struct nv30_surface *sf)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct pipe_box box;

   if (!sf || !sf->shadow || !sf->shadow_dirty)
      return;
   /* first: the copy maps the texture, which writes back what is dirty */
   sf->shadow_dirty = false;
   nv30_surface_shadow_box(sf, &box);
   nv30->shadow_copying = true;
   pipe->resource_copy_region(pipe, sf->base.texture, sf->base.u.tex.level,
                              0, 0, sf->base.u.tex.first_layer, sf->shadow, 0,
                              &box);
   nv30->shadow_copying = false;
   /* the framebuffer's emission marks its shadows drawn into
    * (nv30_emit_framebuffer): the next draw to it sends it again */
   nv30->dirty |= NV30_DIRTY_FRAMEBUFFER;
}

void
nv30_surface_fill(struct pipe_context *pipe, struct nv30_surface *sf)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct pipe_box box;

   if (!sf || !sf->shadow)
      return;
   /* the texture's own mapping writes back what was drawn first */
   nv30_surface_writeback(pipe, sf);
   nv30_surface_shadow_box(sf, &box);
   box.x = 0;
   box.z = sf->base.u.tex.first_layer;
   nv30->shadow_copying = true;
   pipe->resource_copy_region(pipe, sf->shadow, 0, sf->shadow_x, 0, 0,
                              sf->base.texture, sf->base.u.tex.level, &box);
   nv30->shadow_copying = false;
}

bool
nv30_swizzled_target(enum pipe_format format, unsigned w, unsigned h,
                     uint32_t offset, unsigned *rw, unsigned *rh,
                     unsigned *origin_x)
{
   *rw = w;
   *rh = h;
   *origin_x = 0;
   /* The hardware rounds a target's offset down to 64 bytes (upstream
    * nv30_state_validate.c, fact): a level smaller than that (1x1 at 32
    * bpp, 2x2 at 16 bpp) that does not start on 64 bytes is drawn as the
    * 16x2 swizzled target at the rounded offset, the window moved onto it
    * by VIEWPORT_TX_ORIGIN (upstream does the same; nvsim's
    * nv40_3d_surface.c models it): byte b of that target is swizzled
    * texel b / bpp, at x = b / (2 * bpp) on row 0 for these sizes. */
   if (!(offset & (NV30_RT_OFFSET_ALIGN - 1)))
      return false;
   *origin_x = (offset & (NV30_RT_OFFSET_ALIGN - 1)) /
               (2 * util_format_get_blocksize(format));
   *rw = NV30_RT_SMALL_W;
   *rh = NV30_RT_SMALL_H;
   return true;
}

/* Draws a depth surface into its texture again (after its shadow's
 * contents went back). */
static void
nv30_surface_unshadow(struct pipe_context *pipe, struct nv30_surface *zs)
{
   struct nv30_resource *res = nv30_resource(zs->base.texture);
   unsigned level = zs->base.u.tex.level;

   if (!zs->shadow)
      return;
   nv30_surface_writeback(pipe, zs);
   pipe_resource_reference(&zs->shadow, NULL);
   zs->offset = nv30_resource_offset(res, level, zs->base.u.tex.first_layer);
   zs->pitch = res->level[level].pitch;
   zs->swizzled = res->swizzled;
   zs->shadow_x = 0;
}

/* Rankine: one RT_FORMAT type for colour and zeta, and for swizzled
 * targets one size (LOG2_WIDTH/HEIGHT: a texel's address depends on
 * it); the pitches are apart (COLOR0_PITCH's COLOR0 and ZETA fields),
 * so linear targets of any sizes are drawn as they are.  A zeta that
 * differs from its colour buffer in layout or swizzled size (st/mesa
 * makes renderbuffers PIPE_TEXTURE_RECT where NPOT textures are missing,
 * linear here, so a power-of-two colour texture often comes with a
 * linear depth renderbuffer; ARB_framebuffer_object allows any sizes) is
 * drawn through a shadow in the colour's layout and size, as a 3D slice
 * is (nv30_resource.h): copied in here, written back when the
 * framebuffer lets go of it or the texture is mapped.  Only the common
 * area is drawn (st/mesa's framebuffer size, RT_HORIZ/VERT and the clip
 * rectangle), so the shadow holds what of the depth buffer fits in the
 * colour's size.  A depth level that is no target as it is (a 3D slice,
 * a small level the 16x2 target cannot place) gets one too, alone in
 * its own size.  Called with the new framebuffer bound, after the old
 * one's shadows were written back. */
void
nv30_surface_match_zeta(struct pipe_context *pipe)
{
   struct pipe_framebuffer_state *fb = &nv30_context(pipe)->framebuffer;
   struct nv30_surface *zs = fb->zsbuf ? nv30_surface(fb->zsbuf) : NULL;
   struct nv30_surface *cs = NULL;
   struct nv30_resource *res, *shadow;
   unsigned level, first_layer;
   unsigned sw, sh, sx = 0;       /* the shadow wanted, and the origin */
   bool swizzled, natural;
   uint32_t offset;

   for (unsigned i = 0; i < fb->nr_cbufs && !cs; i++)
      cs = fb->cbufs[i] ? nv30_surface(fb->cbufs[i]) : NULL;
   if (!zs)
      return;
   res = nv30_resource(zs->base.texture);
   level = zs->base.u.tex.level;
   first_layer = zs->base.u.tex.first_layer;
   offset = nv30_resource_offset(res, level, first_layer);
   sw = zs->base.width;
   sh = zs->base.height;
   /* a swizzled 3D slice or a small level off 64 bytes that the 16x2
    * target cannot place is never a target as it is (nv30_surface_create
    * says why) */
   natural = !res->swizzled ||
             (res->base.target != PIPE_TEXTURE_3D &&
              nv30_rt_level_reachable(res, level, offset));

   if (cs && cs->swizzled) {
      unsigned zw, zh, zx;

      swizzled = true;
      nv30_swizzled_target(cs->base.format, cs->base.width,
                           cs->base.height, cs->offset, &sw, &sh, &sx);
      nv30_swizzled_target(zs->base.format, zs->base.width,
                           zs->base.height, offset, &zw, &zh, &zx);
      natural &= res->swizzled && zw == sw && zh == sh && zx == sx;
   } else if (cs) {
      swizzled = false;
      natural &= !res->swizzled;
   } else {
      swizzled = res->swizzled;   /* alone: a 2D copy if it must */
   }

   if (natural) {
      nv30_surface_unshadow(pipe, zs);
      return;
   }
   /* a shadow kept from an earlier binding is filled again: the depth
    * buffer may have been drawn or written since (another framebuffer,
    * a transfer) */
   if (!zs->shadow || zs->swizzled != swizzled ||
       zs->shadow->width0 != sw || zs->shadow->height0 != sh ||
       zs->shadow_x != sx) {
      struct pipe_resource t = {
         .target = PIPE_TEXTURE_2D, .format = zs->base.format,
         .width0 = sw, .height0 = sh, .depth0 = 1, .array_size = 1,
         .bind = PIPE_BIND_DEPTH_STENCIL |
                 (swizzled ? 0 : PIPE_BIND_LINEAR),
      };

      nv30_surface_unshadow(pipe, zs);
      zs->shadow = pipe->screen->resource_create(pipe->screen, &t);
      /* none: drawn as it is, wrongly (out of memory) */
      if (zs->shadow && nv30_resource(zs->shadow)->swizzled != swizzled)
         pipe_resource_reference(&zs->shadow, NULL);
      if (!zs->shadow)
         return;
   }
   shadow = nv30_resource(zs->shadow);
   NOUVEAU_FALLBACK("a %ux%u depth buffer drawn through a %ux%u %s copy\n",
                    zs->base.width, zs->base.height, sw, sh,
                    swizzled ? "swizzled" : "linear");
   zs->shadow_x = sx;
   nv30_surface_fill(pipe, zs);
   zs->offset = nv30_resource_offset(shadow, 0, 0);
   zs->pitch = shadow->level[0].pitch;
   zs->swizzled = shadow->swizzled;
}

void
nv30_writeback_bound(struct pipe_context *pipe, struct pipe_resource *pres)
{
   struct pipe_framebuffer_state *fb = &nv30_context(pipe)->framebuffer;

   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (fb->cbufs[i] && fb->cbufs[i]->texture == pres)
         nv30_surface_writeback(pipe, nv30_surface(fb->cbufs[i]));
   }
   if (fb->zsbuf && fb->zsbuf->texture == pres)
      nv30_surface_writeback(pipe, nv30_surface(fb->zsbuf));
}

void
nv30_fill_bound(struct pipe_context *pipe, struct pipe_resource *pres)
{
   struct pipe_framebuffer_state *fb = &nv30_context(pipe)->framebuffer;

   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (fb->cbufs[i] && fb->cbufs[i]->texture == pres)
         nv30_surface_fill(pipe, nv30_surface(fb->cbufs[i]));
   }
   if (fb->zsbuf && fb->zsbuf->texture == pres)
      nv30_surface_fill(pipe, nv30_surface(fb->zsbuf));
}

void
nv30_surface_destroy(struct pipe_context *pipe, struct pipe_surface *psf)
{
   nv30_surface_writeback(pipe, nv30_surface(psf));
   pipe_resource_reference(&nv30_surface(psf)->shadow, NULL);
   pipe_resource_reference(&psf->texture, NULL);
   FREE(psf);
}
