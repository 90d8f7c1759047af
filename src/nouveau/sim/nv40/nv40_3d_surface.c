/*
 * Render targets and clears.
 *
 * Facts (upstream nv30_state_validate.c nv30_validate_fb, nv30_clear.c;
 * rnndb graph/nv30-40_3d.xml):
 * - RT_HORIZ/RT_VERT give the target's size (W, H); RT_FORMAT its colour
 *   and zeta formats and the layout (LINEAR = pitch, SWIZZLED).
 * - colour buffer i is at COLORi_OFFSET in DMA_COLORi with COLORi_PITCH;
 *   RT_ENABLE selects the colour buffers written.
 * - the zeta buffer is at ZETA_OFFSET in DMA_ZETA with ZETA_PITCH; it has
 *   no enable bit (upstream points it at the colour buffer when there is
 *   none), so it is touched only when depth or stencil is in use.
 * - drawing and clears are limited to the scissor (SCISSOR_HORIZ/VERT,
 *   X/W and Y/H; upstream's "off" value is x 0, w 4096) and the viewport
 *   clip rectangle (VIEWPORT_CLIP_HORIZ/VERT(0): inclusive L..R, T..D).
 * - CLEAR_BUFFERS clears with CLEAR_COLOR_VALUE (a pixel of the colour
 *   format) on the channels named by its COLOR_R/G/B/A bits, and with
 *   CLEAR_DEPTH_VALUE (Z24S8: depth << 8 | stencil; Z16: depth) on depth
 *   and/or stencil; upstream sets STENCIL_MASK(0) to 0xff before a stencil
 *   clear, so the stencil write mask applies.
 * - RT_FORMAT MULTISAMPLE (upstream nv30_miptree.c ms_mode, hwdb
 *   nv30_rt_multisample): 2X stores the 2 samples of a pixel side by
 *   side, 4X the 4 as a 2x2 block, so the colour and zeta surfaces are
 *   2x wide (and 2x high) while RT_HORIZ/VERT, the scissor and the
 *   viewport stay in pixels; upstream makes such targets linear only.
 *   Clears write every sample.
 */
#include <string.h>

#include "nv40_3d.h"
#include "nv30_3d.h"
#include "nvsim_priv.h"

static const struct {
   uint32_t hw;
   enum nvsim_raster_format fmt;
} color_formats[] = {
   { NV30_3D_RT_FORMAT_COLOR_X1R5G5B5, NVSIM_RASTER_FMT_B5G5R5X1 },
   { NV30_3D_RT_FORMAT_COLOR_R5G6B5, NVSIM_RASTER_FMT_B5G6R5 },
   { NV30_3D_RT_FORMAT_COLOR_X8R8G8B8, NVSIM_RASTER_FMT_B8G8R8X8 },
   { NV30_3D_RT_FORMAT_COLOR_A8R8G8B8, NVSIM_RASTER_FMT_B8G8R8A8 },
   { NV30_3D_RT_FORMAT_COLOR_B8, NVSIM_RASTER_FMT_B8 },
   { NV30_3D_RT_FORMAT_COLOR_A16B16G16R16_FLOAT, NVSIM_RASTER_FMT_RGBA16F },
   { NV30_3D_RT_FORMAT_COLOR_A32B32G32R32_FLOAT, NVSIM_RASTER_FMT_RGBA32F },
   { NV30_3D_RT_FORMAT_COLOR_R32_FLOAT, NVSIM_RASTER_FMT_R32F },
   { NV30_3D_RT_FORMAT_COLOR_X8B8G8R8, NVSIM_RASTER_FMT_R8G8B8X8 },
   { NV30_3D_RT_FORMAT_COLOR_A8B8G8R8, NVSIM_RASTER_FMT_R8G8B8A8 },
};

static const struct {
   uint32_t dma, offset, pitch, enable;
} color_bufs[NVSIM_RASTER_MAX_RT] = {
   { NV30_3D_DMA_COLOR0, NV30_3D_COLOR0_OFFSET, NV40_3D_COLOR0_PITCH,
     NV30_3D_RT_ENABLE_COLOR0 },
   { NV30_3D_DMA_COLOR1, NV30_3D_COLOR1_OFFSET, NV30_3D_COLOR1_PITCH,
     NV30_3D_RT_ENABLE_COLOR1 },
   { NV40_3D_DMA_COLOR2, NV40_3D_COLOR2_OFFSET, NV40_3D_COLOR2_PITCH,
     NV40_3D_RT_ENABLE_COLOR2 },
   { NV40_3D_DMA_COLOR3, NV40_3D_COLOR3_OFFSET, NV40_3D_COLOR3_PITCH,
     NV40_3D_RT_ENABLE_COLOR3 },
};

/* Maps one surface: the bytes of an h-row, w-pixel surface must all be
 * inside the DMA object. */
static enum nvsim_status
map_surface(struct nv40_3d *ctx, const char *what, uint32_t dma_mthd,
            uint32_t offset, uint32_t pitch, unsigned w, unsigned h,
            unsigned ms_x, unsigned ms_y, enum nvsim_raster_format fmt,
            struct nvsim_raster_surface *s)
{
   unsigned bpp = nvsim_raster_format_bpp(fmt);
   uint32_t handle = nv40_3d_reg(ctx, dma_mthd);
   struct nvsim_object *dma = nvsim_lookup(ctx->obj->chan, handle);
   uint32_t rtf = nv40_3d_reg(ctx, NV30_3D_RT_FORMAT);
   bool swizzled = (rtf & NV30_3D_RT_FORMAT_TYPE__MASK) ==
                   NV30_3D_RT_FORMAT_TYPE_SWIZZLED;
   unsigned lw = NV40_3D_FIELD(rtf, NV30_3D_RT_FORMAT_LOG2_WIDTH);
   unsigned lh = NV40_3D_FIELD(rtf, NV30_3D_RT_FORMAT_LOG2_HEIGHT);
   uint64_t len;

   s->format = NVSIM_RASTER_FMT_NONE;
   if (!w || !h)
      return NVSIM_OK;
   /* a multisampled surface holds the sample blocks of w x h pixels */
   w <<= ms_x;
   h <<= ms_y;
   if (!dma || !dma->is_dma)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                          "%s: no DMA object bound (handle 0x%08x)", what,
                          handle);
   if (swizzled) {
      /* the layout covers 2^LOG2_WIDTH x 2^LOG2_HEIGHT pixels (RT_FORMAT,
       * set by nv30_validate_fb for swizzled targets) */
      if (lw > 12 || lh > 12)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "%s: swizzled size 2^%u x 2^%u is too large",
                             what, lw, lh);
      len = ((uint64_t)bpp << lw) << lh;
   } else {
      if (pitch < (uint64_t)w * bpp)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "%s: pitch %u is less than %u pixels of %u "
                             "bytes", what, pitch, w, bpp);
      len = (uint64_t)pitch * (h - 1) + (uint64_t)w * bpp;
   }
   /* the hardware rounds surface offsets down to 64 bytes
    * (nv30_state_validate.c nv30_validate_fb) */
   offset &= ~63u;
   void *p = nvsim_dma_ptr(dma, offset, len);
   if (!p)
      return nv40_3d_fail(ctx, NVSIM_DMA_ERROR,
                          "%s: %ux%u surface at 0x%x, pitch %u, ends past "
                          "its DMA object or buffer", what, w, h, offset,
                          pitch);
   s->map = p;
   s->pitch = pitch;
   s->format = fmt;
   s->swizzled = swizzled;
   s->log2w = lw;
   s->log2h = lh;
   s->ms_x = ms_x;
   s->ms_y = ms_y;
   if (swizzled) {
      /* never outside the swizzled square's extent */
      if (ctx->rs.clip_x1 > (1 << lw))
         ctx->rs.clip_x1 = 1 << lw;
      if (ctx->rs.clip_y1 > (1 << lh))
         ctx->rs.clip_y1 = 1 << lh;
   }
   return NVSIM_OK;
}

/* Size of the render target and the clip rectangle into ctx->rs. */
static void
compute_clip(struct nv40_3d *ctx, unsigned *w, unsigned *h)
{
   uint32_t horiz = nv40_3d_reg(ctx, NV30_3D_RT_HORIZ);
   uint32_t vert = nv40_3d_reg(ctx, NV30_3D_RT_VERT);
   int x0 = NV40_3D_FIELD(horiz, NV30_3D_RT_HORIZ_X);
   int y0 = NV40_3D_FIELD(vert, NV30_3D_RT_VERT_Y);
   int x1 = x0 + (int)NV40_3D_FIELD(horiz, NV30_3D_RT_HORIZ_W);
   int y1 = y0 + (int)NV40_3D_FIELD(vert, NV30_3D_RT_VERT_H);
   *w = x1;
   *h = y1;

   /* The scissor is in window coordinates, like the viewport: the window
    * sits at VIEWPORT_TX_ORIGIN on the surface, so the origin moves the
    * scissor, and with it a clear, as it moves the primitives.  The
    * window clip rectangle VIEWPORT_CLIP below is in surface coordinates
    * (the clip list of the windows on a shared surface) and stays.
    * Upstream's nv30_validate_fb relies on this: a 1x1 (32 bpp) or 2x2
    * (16 bpp) level whose offset is not 64-byte aligned is rendered as a
    * 16x2 swizzled surface at the aligned offset below it with the
    * origin moved onto the level ("hardware rounds down render target
    * offset to 64 bytes"); a clear of that level must then leave the
    * smaller level before it, at x 0..1 of the same 16x2 block, alone
    * (piglit fbo-clear-formats, level 2x2). */
   uint32_t org = nv40_3d_reg(ctx, NV30_3D_VIEWPORT_TX_ORIGIN);
   uint32_t sh = nv40_3d_reg(ctx, NV30_3D_SCISSOR_HORIZ);
   uint32_t sv = nv40_3d_reg(ctx, NV30_3D_SCISSOR_VERT);
   int sx0 = NV40_3D_FIELD(sh, NV30_3D_SCISSOR_HORIZ_X) +
             (int)NV40_3D_FIELD(org, NV30_3D_VIEWPORT_TX_ORIGIN_X);
   int sy0 = NV40_3D_FIELD(sv, NV30_3D_SCISSOR_VERT_Y) +
             (int)NV40_3D_FIELD(org, NV30_3D_VIEWPORT_TX_ORIGIN_Y);
   int sx1 = sx0 + (int)NV40_3D_FIELD(sh, NV30_3D_SCISSOR_HORIZ_W);
   int sy1 = sy0 + (int)NV40_3D_FIELD(sv, NV30_3D_SCISSOR_VERT_H);

   uint32_t ch = nv40_3d_reg(ctx, NV30_3D_VIEWPORT_CLIP_HORIZ(0));
   uint32_t cv = nv40_3d_reg(ctx, NV30_3D_VIEWPORT_CLIP_VERT(0));
   int cx0 = NV40_3D_FIELD(ch, NV30_3D_VIEWPORT_CLIP_HORIZ_L);
   int cx1 = NV40_3D_FIELD(ch, NV30_3D_VIEWPORT_CLIP_HORIZ_R) + 1;
   int cy0 = NV40_3D_FIELD(cv, NV30_3D_VIEWPORT_CLIP_VERT_T);
   int cy1 = NV40_3D_FIELD(cv, NV30_3D_VIEWPORT_CLIP_VERT_D) + 1;

#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define MIN2(a, b) ((a) < (b) ? (a) : (b))
   ctx->rs.clip_x0 = MAX2(MAX2(x0, sx0), cx0);
   ctx->rs.clip_y0 = MAX2(MAX2(y0, sy0), cy0);
   ctx->rs.clip_x1 = MIN2(MIN2(x1, sx1), cx1);
   ctx->rs.clip_y1 = MIN2(MIN2(y1, sy1), cy1);
}

static bool
zeta_in_use(const struct nv40_3d *ctx)
{
   return nv40_3d_reg(ctx, NV30_3D_DEPTH_TEST_ENABLE) ||
          nv40_3d_reg(ctx, NV35_3D_DEPTH_BOUNDS_TEST_ENABLE) ||
          nv40_3d_reg(ctx, NV30_3D_STENCIL_ENABLE(0)) ||
          nv40_3d_reg(ctx, NV30_3D_STENCIL_ENABLE(1));
}

/* Maps the colour buffers (and the zeta buffer if need_zeta). */
static enum nvsim_status
map_targets(struct nv40_3d *ctx, bool need_color, bool need_zeta)
{
   uint32_t fmt = nv40_3d_reg(ctx, NV30_3D_RT_FORMAT);
   uint32_t enable = nv40_3d_reg(ctx, NV30_3D_RT_ENABLE);
   uint32_t type = fmt & NV30_3D_RT_FORMAT_TYPE__MASK;
   unsigned w, h;
   enum nvsim_status st;

   compute_clip(ctx, &w, &h);
   /* samples per pixel and their block (upstream nv30_miptree.c) */
   unsigned ms_x = 0, ms_y = 0;
   switch (fmt & NV30_3D_RT_FORMAT_MULTISAMPLE__MASK) {
   case NV30_3D_RT_FORMAT_MULTISAMPLE_OFF:
      break;
   case NV30_3D_RT_FORMAT_MULTISAMPLE_2X:
      ms_x = 1;
      break;
   case NV30_3D_RT_FORMAT_MULTISAMPLE_4X:
      ms_x = ms_y = 1;
      break;
   default:
      return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                          "RT_FORMAT multisample mode %u is not 2X or 4X",
                          NV40_3D_FIELD(fmt, NV30_3D_RT_FORMAT_MULTISAMPLE));
   }
   if ((ms_x || ms_y) && type == NV30_3D_RT_FORMAT_TYPE_SWIZZLED)
      /* upstream never makes one; how the hardware would lay it out is
       * not known */
      return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                          "multisampled swizzled render targets are not "
                          "modelled");
   ctx->rs.samples = 1u << (ms_x + ms_y);
   for (unsigned i = 0; i < NVSIM_RASTER_MAX_RT; i++)
      ctx->rs.color[i].format = NVSIM_RASTER_FMT_NONE;
   ctx->rs.zeta.format = NVSIM_RASTER_FMT_NONE;

   /* The layout matters only for a surface that is touched: with no
    * colour buffer enabled and no depth/stencil in use, upstream's
    * nv30_validate_fb leaves TYPE 0 (glDrawBuffer(GL_NONE) without a
    * depth buffer: nr_cbufs 0, no zsbuf) and the hardware draws
    * nothing. */
   bool color_used = false;
   for (unsigned i = 0; i < NVSIM_RASTER_MAX_RT; i++)
      color_used |= need_color && (enable & color_bufs[i].enable);
   if (type != NV30_3D_RT_FORMAT_TYPE_LINEAR &&
       type != NV30_3D_RT_FORMAT_TYPE_SWIZZLED && (color_used || need_zeta))
      return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                          "render target type %u is neither linear nor "
                          "swizzled",
                          NV40_3D_FIELD(fmt, NV30_3D_RT_FORMAT_TYPE));

   if (need_color) {
      uint32_t cf = fmt & NV30_3D_RT_FORMAT_COLOR__MASK;
      enum nvsim_raster_format rf = NVSIM_RASTER_FMT_NONE;
      for (unsigned i = 0; i < sizeof(color_formats) / sizeof(color_formats[0]); i++)
         if (color_formats[i].hw == cf)
            rf = color_formats[i].fmt;
      for (unsigned i = 0; i < NVSIM_RASTER_MAX_RT; i++) {
         if (!(enable & color_bufs[i].enable))
            continue;
         if (rf == NVSIM_RASTER_FMT_NONE)
            return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                                "colour format 0x%x is not a render target "
                                "format", cf);
         static const char *names[] = { "colour 0", "colour 1", "colour 2",
                                        "colour 3" };
         st = map_surface(ctx, names[i], color_bufs[i].dma,
                          nv40_3d_reg(ctx, color_bufs[i].offset),
                          nv30_3d_surface_pitch(ctx, color_bufs[i].pitch), w, h, ms_x,
                          ms_y, rf, &ctx->rs.color[i]);
         if (st)
            return st;
      }
   }

   if (need_zeta) {
      uint32_t zf = fmt & NV30_3D_RT_FORMAT_ZETA__MASK;
      enum nvsim_raster_format rf;
      if (zf == NV30_3D_RT_FORMAT_ZETA_Z16)
         rf = NVSIM_RASTER_FMT_Z16;
      else if (zf == NV30_3D_RT_FORMAT_ZETA_Z24S8)
         rf = NVSIM_RASTER_FMT_Z24S8;
      else
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "zeta format %u is not a depth format",
                             NV40_3D_FIELD(fmt, NV30_3D_RT_FORMAT_ZETA));
      st = map_surface(ctx, "zeta", NV30_3D_DMA_ZETA,
                       nv40_3d_reg(ctx, NV30_3D_ZETA_OFFSET),
                       nv30_3d_surface_pitch(ctx, NV40_3D_ZETA_PITCH), w, h, ms_x,
                       ms_y, rf, &ctx->rs.zeta);
      if (st)
         return st;
   }
   return NVSIM_OK;
}

enum nvsim_status
nv40_3d_validate_surfaces(struct nv40_3d *ctx)
{
   enum nvsim_status st = map_targets(ctx, true, zeta_in_use(ctx));
   if (st)
      return st;

   /* MULTISAMPLE_CONTROL (hwdb: upstream's nv30_validate_multisample) */
   uint32_t msc = nv40_3d_reg(ctx, NV30_3D_MULTISAMPLE_CONTROL);
   ctx->rs.multisample = msc & NV30_3D_MULTISAMPLE_CONTROL_ENABLE;
   ctx->rs.alpha_to_coverage =
      msc & NV30_3D_MULTISAMPLE_CONTROL_SAMPLE_ALPHA_TO_COVERAGE;
   ctx->rs.alpha_to_one = msc & NV30_3D_MULTISAMPLE_CONTROL_SAMPLE_ALPHA_TO_ONE;
   ctx->rs.sample_mask =
      NV40_3D_FIELD(msc, NV30_3D_MULTISAMPLE_CONTROL_SAMPLE_COVERAGE);

   /* Primitives (not clears) end at the viewport rectangle: GL clips
    * them to the view volume, whose image is the viewport (GL 2.1
    * sections 2.11.1, 2.12), while nvsim clips x and y only at a guard
    * band far outside it.  VIEWPORT_HORIZ/VERT is the rectangle both
    * upstream's nv30_validate_viewport and our driver send with every
    * viewport (translate -/+ |scale|); the scale and translate methods
    * alone place the primitives, so this rectangle is what bounds them.
    * It is part of the viewport transform, so VIEWPORT_TX_ORIGIN moves
    * it with the primitives (upstream's blits into 1x1 and 2x2 levels
    * reach them through that origin: nv30_state_validate.c). */
   uint32_t vh = nv40_3d_reg(ctx, NV30_3D_VIEWPORT_HORIZ);
   uint32_t vv = nv40_3d_reg(ctx, NV30_3D_VIEWPORT_VERT);
   uint32_t org = nv40_3d_reg(ctx, NV30_3D_VIEWPORT_TX_ORIGIN);
   int vx0 = NV40_3D_FIELD(vh, NV30_3D_VIEWPORT_HORIZ_X) +
             (int)NV40_3D_FIELD(org, NV30_3D_VIEWPORT_TX_ORIGIN_X);
   int vy0 = NV40_3D_FIELD(vv, NV30_3D_VIEWPORT_VERT_Y) +
             (int)NV40_3D_FIELD(org, NV30_3D_VIEWPORT_TX_ORIGIN_Y);
   int vx1 = vx0 + (int)NV40_3D_FIELD(vh, NV30_3D_VIEWPORT_HORIZ_W);
   int vy1 = vy0 + (int)NV40_3D_FIELD(vv, NV30_3D_VIEWPORT_VERT_H);
   if (ctx->rs.clip_x0 < vx0)
      ctx->rs.clip_x0 = vx0;
   if (ctx->rs.clip_y0 < vy0)
      ctx->rs.clip_y0 = vy0;
   if (ctx->rs.clip_x1 > vx1)
      ctx->rs.clip_x1 = vx1;
   if (ctx->rs.clip_y1 > vy1)
      ctx->rs.clip_y1 = vy1;
   return NVSIM_OK;
}

enum nvsim_status
nv40_3d_clear(struct nv40_3d *ctx, uint32_t buffers)
{
   unsigned mask = 0;
   uint32_t zbits = 0;
   enum nvsim_status st;

   if (buffers & NV30_3D_CLEAR_BUFFERS_COLOR_R) mask |= NVSIM_RASTER_MASK_R;
   if (buffers & NV30_3D_CLEAR_BUFFERS_COLOR_G) mask |= NVSIM_RASTER_MASK_G;
   if (buffers & NV30_3D_CLEAR_BUFFERS_COLOR_B) mask |= NVSIM_RASTER_MASK_B;
   if (buffers & NV30_3D_CLEAR_BUFFERS_COLOR_A) mask |= NVSIM_RASTER_MASK_A;
   bool depth = buffers & NV30_3D_CLEAR_BUFFERS_DEPTH;
   bool stencil = buffers & NV30_3D_CLEAR_BUFFERS_STENCIL;

   st = map_targets(ctx, mask != 0, depth || stencil);
   if (st)
      return st;

   if (ctx->rs.zeta.format == NVSIM_RASTER_FMT_Z16) {
      zbits = depth ? 0xffff : 0;
   } else if (ctx->rs.zeta.format == NVSIM_RASTER_FMT_Z24S8) {
      zbits = depth ? 0xffffff00u : 0;
      if (stencil)
         zbits |= nv40_3d_reg(ctx, NV30_3D_STENCIL_MASK(0)) & 0xff;
   }
   /* NVSIM_REFERENCE=1: the reference's clear, pixel by pixel */
   ctx->rs.fast = !ctx->obj->chan->dev->reference;
   nvsim_raster_clear(&ctx->rs, ctx->rs.clip_x0, ctx->rs.clip_y0,
                      ctx->rs.clip_x1, ctx->rs.clip_y1,
                      nv40_3d_reg(ctx, NV30_3D_CLEAR_COLOR_VALUE), mask,
                      nv40_3d_reg(ctx, NV30_3D_CLEAR_DEPTH_VALUE), zbits);
   return NVSIM_OK;
}
