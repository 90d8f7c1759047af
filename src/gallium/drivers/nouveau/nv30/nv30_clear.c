/*
 * Clears.  pipe->clear uses the 3D engine's CLEAR_BUFFERS, which fills
 * the enabled buffers inside the scissor rectangle (rnndb nv30-40_3d.xml
 * CLEAR_DEPTH_VALUE / CLEAR_COLOR_VALUE / CLEAR_BUFFERS; upstream Mesa's
 * nv30 driver sets SCISSOR_* for partial clears and a full stencil write
 * mask first, facts).  Clearing an arbitrary surface is done by the CPU.
 */

#include "util/bitscan.h"
#include "util/format/u_format.h"
#include "util/u_pack_color.h"
#include "util/u_surface.h"

#include "nouveau/nouveau_debug.h"
#include "nv30_context.h"
#include "nv30_funcs.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"

/* Clear values are the pixel as stored in the target: ARGB8888 or
 * RGB565 for colour, Z24S8 (stencil in the low byte) or Z16. */
static uint32_t
nv30_clear_color_value(enum pipe_format format, const union pipe_color_union *c)
{
   union util_color uc;
   util_pack_color(c->f, format, &uc);
   return util_format_get_blocksize(format) == 2 ? uc.us : uc.ui[0];
}

void
nv30_clear(struct pipe_context *pipe, unsigned buffers,
           const struct pipe_scissor_state *scissor,
           const union pipe_color_union *color, double depth, unsigned stencil)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct pipe_framebuffer_state *fb = &nv30->framebuffer;
   struct nouveau_push *p = &nv30->push;
   uint32_t mode = 0, color_value = 0, zs_value = 0;
   unsigned x0 = 0, y0 = 0, x1 = fb->width, y1 = fb->height;
   struct pipe_surface *first = NULL;
   unsigned bound = 0, color_bufs;

   if (!nv30_render_condition_pass(nv30))
      return;

   if (scissor) {
      x0 = MIN2(scissor->minx, x1);
      y0 = MIN2(scissor->miny, y1);
      x1 = CLAMP(scissor->maxx, x0, x1);
      y1 = CLAMP(scissor->maxy, y0, y1);
   }

   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (!fb->cbufs[i])
         continue;
      bound |= PIPE_CLEAR_COLOR0 << i;
      if (!first)
         first = fb->cbufs[i];
   }
   color_bufs = buffers & bound;
   /* CLEAR_COLOR_VALUE is one 32-bit word: fp16/fp32 targets (8 or 16
    * bytes a pixel) take it in every channel (nvsim, after rnndb's one
    * CLEAR_COLOR_VALUE), which a colour with different channels is not:
    * those are cleared by the CPU. */
   if (color_bufs && util_format_get_blocksize(first->format) > 4) {
      u_foreach_bit(i, color_bufs / PIPE_CLEAR_COLOR0)
         nv30_clear_render_target(pipe, fb->cbufs[i], color, x0, y0,
                                  x1 - x0, y1 - y0, false);
      color_bufs = 0;
   }
   if (color_bufs && color_bufs != bound) {
      /* CLEAR_BUFFERS clears every buffer RT_ENABLE names (all bound
       * ones): a subset (glClearBuffer) is cleared one by one. */
      u_foreach_bit(i, color_bufs / PIPE_CLEAR_COLOR0)
         nv30_clear_render_target(pipe, fb->cbufs[i], color, x0, y0,
                                  x1 - x0, y1 - y0, false);
      color_bufs = 0;
   }
   if (color_bufs) {
      /* one format for all buffers (nv30_emit_framebuffer) */
      color_value = nv30_clear_color_value(first->format, color);
      mode |= NV30_3D_CLEAR_BUFFERS_COLOR_R(1) | NV30_3D_CLEAR_BUFFERS_COLOR_G(1) |
              NV30_3D_CLEAR_BUFFERS_COLOR_B(1) | NV30_3D_CLEAR_BUFFERS_COLOR_A(1);
   }
   if (fb->zsbuf) {
      zs_value = util_pack_z_stencil(fb->zsbuf->format, depth, stencil);
      if (buffers & PIPE_CLEAR_DEPTH)
         mode |= NV30_3D_CLEAR_BUFFERS_DEPTH(1);
      if ((buffers & PIPE_CLEAR_STENCIL) &&
          util_format_has_stencil(util_format_description(fb->zsbuf->format)))
         mode |= NV30_3D_CLEAR_BUFFERS_STENCIL(1);
   }
   if (!mode)
      return;

   /* The framebuffer must be current; the rest of the state is not used. */
   if (!nv30_push_begin(nv30, 128 + nv30_state_emit_words(nv30),
                        nv30_state_emit_relocs(nv30)))
      return;
   if (nv30->dirty & NV30_DIRTY_FRAMEBUFFER) {
      uint32_t others = nv30->dirty & ~NV30_DIRTY_FRAMEBUFFER;
      nv30->dirty = NV30_DIRTY_FRAMEBUFFER;
      nv30_state_emit(nv30);
      nv30->dirty = others;
   }

   /* (tracked methods, nv30_hwstate.h) */
   const uint32_t rect[] = {
      NV30_3D_SCISSOR_HORIZ_X(x0) | NV30_3D_SCISSOR_HORIZ_W(x1 - x0),
      NV30_3D_SCISSOR_VERT_Y(y0) | NV30_3D_SCISSOR_VERT_H(y1 - y0),
   };
   nv30_hw_set_group(nv30, NV30_3D_SCISSOR_HORIZ, rect, ARRAY_SIZE(rect));
   if (mode & NV30_3D_CLEAR_BUFFERS_STENCIL(1)) {
      /* the stencil write mask applies to clears */
      const uint32_t stencil[] = { 0, 0xff };
      nv30_hw_set_group(nv30, NV30_3D_STENCIL_ENABLE(0), stencil,
                        ARRAY_SIZE(stencil));
      nv30->dirty |= NV30_DIRTY_ZSA;
   }
   NV30_3D_MTHD(nv30, NV30_3D_CLEAR_DEPTH_VALUE, 3);
   nouveau_push_data(p, zs_value);
   nouveau_push_data(p, color_value);
   nouveau_push_data(p, mode);

   /* draws set their own scissor again */
   nv30->dirty |= NV30_DIRTY_SCISSOR;
}

void
nv30_clear_render_target(struct pipe_context *pipe, struct pipe_surface *dst,
                         const union pipe_color_union *color,
                         unsigned x, unsigned y, unsigned w, unsigned h,
                         bool render_condition_enabled)
{
   if (render_condition_enabled &&
       !nv30_render_condition_pass(nv30_context(pipe)))
      return;
   NOUVEAU_FALLBACK("clear_render_target on the CPU\n");
   util_clear_render_target(pipe, dst, color, x, y, w, h);
}

void
nv30_clear_depth_stencil(struct pipe_context *pipe, struct pipe_surface *dst,
                         unsigned flags, double depth, unsigned stencil,
                         unsigned x, unsigned y, unsigned w, unsigned h,
                         bool render_condition_enabled)
{
   if (render_condition_enabled &&
       !nv30_render_condition_pass(nv30_context(pipe)))
      return;
   NOUVEAU_FALLBACK("clear_depth_stencil on the CPU\n");
   util_clear_depth_stencil(pipe, dst, flags, depth, stencil, x, y, w, h);
}
