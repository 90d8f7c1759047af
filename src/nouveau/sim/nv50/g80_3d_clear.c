/*
 * CLEAR_BUFFERS (hwdb g80_3d.xml): writes CLEAR_COLOR into the components
 * R, G, B, A it names of render target RT, and CLEAR_DEPTH / CLEAR_STENCIL
 * into the zeta buffer (Z, S), in layer LAYER, over a rectangle.
 *
 * The rectangle is SCREEN_SCISSOR (X, W / Y, H) cut by the rectangle
 * CLEAR_FLAGS CLEAR_RECT names: VIEWPORT_HORIZ/VERT(0) (X, W / Y, H) for
 * VIEWPORT, SCISSOR_HORIZ/VERT(0) (MIN, MAX) when SCISSOR_ENABLE(0) for
 * SCISSOR (rnndb names the choice only; upstream's nv50_validate_fb sets
 * viewport 0 to the framebuffer "which is used for clears", and nv50_clear
 * bounds a scissored clear with SCREEN_SCISSOR), and by the surface.
 * COLOR_MASK does not apply (upstream nv50_clear: "COLOR_MASK doesn't
 * affect CLEAR_BUFFERS"); the component bits do.
 *
 * Assumptions (not documented): RT counts from the render target slots,
 * and a target at or past RT_CONTROL COUNT is not written; Z/S are not
 * written when ZETA_ENABLE is 0; a LAYER at or past the surface's layers is
 * not written.  COND_MODE decides whether the clear happens (g80_cond.c).
 * Not modelled (trap): the multisample modes g80_3d_msaa.c does not
 * model, a WINDOW_OFFSET, CLEAR_FLAGS STENCIL_MASK.
 *
 * Multisampled targets (g80_3d_msaa.c): the rectangle is in pixels and
 * every sample of its pixels is written, the block of stored pixels
 * each pixel is (g80-surface.rst, "Multisampled surfaces").
 */
#include <string.h>

#include "g80_3d.h"
#include "g80_3d_msaa.h"
#include "g80_cond.h"

struct rect {
   int64_t x0, y0, x1, y1;
};

static void
cut(struct rect *r, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
   if (x0 > r->x0)
      r->x0 = x0;
   if (y0 > r->y0)
      r->y0 = y0;
   if (x1 < r->x1)
      r->x1 = x1;
   if (y1 < r->y1)
      r->y1 = y1;
}

static struct rect
clear_rect(const struct g80_3d *ctx)
{
   uint32_t sh = g80_3d_reg(ctx, G80_3D_SCREEN_SCISSOR_HORIZ);
   uint32_t sv = g80_3d_reg(ctx, G80_3D_SCREEN_SCISSOR_VERT);
   int64_t sx = G80_3D_FIELD(sh, G80_3D_SCREEN_SCISSOR_HORIZ_X);
   int64_t sy = G80_3D_FIELD(sv, G80_3D_SCREEN_SCISSOR_VERT_Y);
   struct rect r = {
      sx, sy, sx + G80_3D_FIELD(sh, G80_3D_SCREEN_SCISSOR_HORIZ_W),
      sy + G80_3D_FIELD(sv, G80_3D_SCREEN_SCISSOR_VERT_H),
   };
   uint32_t flags = g80_3d_reg(ctx, G80_3D_CLEAR_FLAGS);
   if ((flags & G80_3D_CLEAR_FLAGS_CLEAR_RECT__MASK) ==
       G80_3D_CLEAR_FLAGS_CLEAR_RECT_VIEWPORT) {
      uint32_t vh = g80_3d_reg(ctx, G80_3D_VIEWPORT_HORIZ(0));
      uint32_t vv = g80_3d_reg(ctx, G80_3D_VIEWPORT_VERT(0));
      int64_t vx = G80_3D_FIELD(vh, G80_3D_VIEWPORT_HORIZ_X);
      int64_t vy = G80_3D_FIELD(vv, G80_3D_VIEWPORT_VERT_Y);
      cut(&r, vx, vy, vx + G80_3D_FIELD(vh, G80_3D_VIEWPORT_HORIZ_W),
          vy + G80_3D_FIELD(vv, G80_3D_VIEWPORT_VERT_H));
   } else if (g80_3d_reg(ctx, G80_3D_SCISSOR_ENABLE(0))) {
      uint32_t h = g80_3d_reg(ctx, G80_3D_SCISSOR_HORIZ(0));
      uint32_t v = g80_3d_reg(ctx, G80_3D_SCISSOR_VERT(0));
      cut(&r, G80_3D_FIELD(h, G80_3D_SCISSOR_HORIZ_MIN),
          G80_3D_FIELD(v, G80_3D_SCISSOR_VERT_MIN),
          G80_3D_FIELD(h, G80_3D_SCISSOR_HORIZ_MAX),
          G80_3D_FIELD(v, G80_3D_SCISSOR_VERT_MAX));
   }
   return r;
}

/* Writes px under mask into every pixel of r in `layer` of s. */
static enum nvsim_status
fill(struct g80_3d *ctx, const struct g80_3d_surface *s, struct rect r,
     uint32_t layer, const uint8_t *px, const uint8_t *mask)
{
   cut(&r, 0, 0, s->width, s->height);
   if (r.x0 >= r.x1 || r.y0 >= r.y1 || layer >= s->layers)
      return NVSIM_OK;
   if (!nvsim_copy_steps_ok(ctx->obj, r.y1 - r.y0, r.x1 - r.x0))
      return NVSIM_INVALID_STATE;
   const unsigned cpp = s->cpp;
   for (int64_t y = r.y0; y < r.y1; y++) {
      int64_t x = r.x0;
      while (x < r.x1) {
         /* the pixels contiguous in memory from x on: to the end of the
          * gob's row (block-linear) or of the rectangle (pitch) */
         uint64_t run = nv50_layout_run(&s->layout, (uint32_t)x * cpp) / cpp;
         if (run == 0)
            run = 1;
         if (run > (uint64_t)(r.x1 - x))
            run = r.x1 - x;
         uint8_t *p = g80_3d_surface_ptr(ctx, s, x, y, layer, run * cpp);
         if (!p)
            return NVSIM_DMA_ERROR;
         for (uint64_t i = 0; i < run; i++, p += cpp)
            for (unsigned b = 0; b < cpp; b++)
               p[b] = (p[b] & ~mask[b]) | (px[b] & mask[b]);
         x += run;
      }
   }
   return NVSIM_OK;
}

static enum nvsim_status
check_modelled(struct g80_3d *ctx, uint32_t data, bool *skip)
{
   /* COND_MODE gates clears (g80_cond.c; upstream brackets the clears
    * GL does not make conditional with COND_MODE ALWAYS) */
   bool render;
   enum nvsim_status st = g80_3d_cond_render(ctx, "clear", &render);
   *skip = !render;
   if (st || !render)
      return st;
   if (g80_3d_reg(ctx, G80_3D_WINDOW_OFFSET_X) ||
       g80_3d_reg(ctx, G80_3D_WINDOW_OFFSET_Y))
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "WINDOW_OFFSET is not "
                         "modelled");
   if ((data & G80_3D_CLEAR_BUFFERS_S) &&
       (g80_3d_reg(ctx, G80_3D_CLEAR_FLAGS) & G80_3D_CLEAR_FLAGS_STENCIL_MASK))
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "stencil clear with "
                         "CLEAR_FLAGS STENCIL_MASK is not modelled");
   return NVSIM_OK;
}

enum nvsim_status
g80_3d_clear(struct g80_3d *ctx, uint32_t data)
{
   bool skip;
   enum nvsim_status st = check_modelled(ctx, data, &skip);
   if (st || skip)
      return st;
   const uint32_t layer = G80_3D_FIELD(data, G80_3D_CLEAR_BUFFERS_LAYER);
   struct g80_3d_ms ms;
   if ((st = g80_3d_ms_mode(ctx, &ms)))
      return st;
   struct rect r = clear_rect(ctx);
   /* pixels to stored pixels: each pixel's block of samples */
   r.x0 <<= ms.log2_x;
   r.x1 <<= ms.log2_x;
   r.y0 <<= ms.log2_y;
   r.y1 <<= ms.log2_y;
   const unsigned rgba = (data & (G80_3D_CLEAR_BUFFERS_R |
                                  G80_3D_CLEAR_BUFFERS_G |
                                  G80_3D_CLEAR_BUFFERS_B |
                                  G80_3D_CLEAR_BUFFERS_A)) >>
                         G80_3D_CLEAR_BUFFERS_R__SHIFT;
   const bool zs = data & (G80_3D_CLEAR_BUFFERS_Z | G80_3D_CLEAR_BUFFERS_S);
   const unsigned rt = G80_3D_FIELD(data, G80_3D_CLEAR_BUFFERS_RT);
   const unsigned count = G80_3D_FIELD(g80_3d_reg(ctx, G80_3D_RT_CONTROL),
                                       G80_3D_RT_CONTROL_COUNT);

   /* both surfaces are resolved before anything is written */
   struct g80_3d_surface color, zeta;
   uint8_t cpx[16], cmask[16], zpx[8], zmask[8];
   bool do_color = rgba && rt < count && rt < G80_3D_RT_FORMAT__LEN;
   bool do_zeta = zs && g80_3d_reg(ctx, G80_3D_ZETA_ENABLE);
   if (do_color) {
      if ((st = g80_3d_rt_surface(ctx, rt, &color)))
         return st;
      uint32_t cc[4];
      for (unsigned i = 0; i < 4; i++)
         cc[i] = g80_3d_reg(ctx, G80_3D_CLEAR_COLOR(i));
      g80_surface_format_pack(color.format, cc,
                              g80_3d_reg(ctx, G80_3D_FRAMEBUFFER_SRGB) != 0,
                              rgba, cpx, cmask);
   }
   if (do_zeta) {
      if ((st = g80_3d_zeta_surface(ctx, &zeta)))
         return st;
      uint32_t d = g80_3d_reg(ctx, G80_3D_CLEAR_DEPTH);
      float depth;
      memcpy(&depth, &d, 4);
      g80_zeta_format_pack(zeta.format, depth,
                           (uint8_t)g80_3d_reg(ctx, G80_3D_CLEAR_STENCIL),
                           data & G80_3D_CLEAR_BUFFERS_Z,
                           data & G80_3D_CLEAR_BUFFERS_S, zpx, zmask);
   }
   if (do_color && (st = fill(ctx, &color, r, layer, cpx, cmask)))
      return st;
   if (do_zeta && (st = fill(ctx, &zeta, r, layer, zpx, zmask)))
      return st;
   return NVSIM_OK;
}
