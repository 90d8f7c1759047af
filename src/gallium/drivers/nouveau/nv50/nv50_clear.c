/*
 * The framebuffer (RT_*, ZETA_*) and clears (CLEAR_COLOR / CLEAR_DEPTH /
 * CLEAR_STENCIL, then CLEAR_BUFFERS per target).  Methods and fields are
 * hwdb's (g80_3d.xml); the clear rectangle is SCREEN_SCISSOR (cut by
 * scissor 0 when enabled: CLEAR_FLAGS CLEAR_RECT SCISSOR,
 * nv50_context_init_hw; each clear turns the draws' scissor 0 off,
 * nv50_rasterizer.c), so a scissored clear narrows SCREEN_SCISSOR.
 * COLOR_MASK does not apply to CLEAR_BUFFERS (its R/G/B/A bits choose
 * the components; docs/tesla.md "Clears").
 */

#include <nouveau.h>

#include "util/format/u_format.h"
#include "util/u_framebuffer.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_surface.h"

#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_format.h"
#include "nv50_msaa.h"
#include "nv50_resource.h"
#include "g80_3d.xml.h"

#define NV50_CLEAR_RGBA (G80_3D_CLEAR_BUFFERS_R__MASK | \
                         G80_3D_CLEAR_BUFFERS_G__MASK | \
                         G80_3D_CLEAR_BUFFERS_B__MASK | \
                         G80_3D_CLEAR_BUFFERS_A__MASK)

/* A target's first byte.  Layers of arrays and cubes are LAYER_STRIDE
 * apart; a 3D texture's slices are not: slice z lies inside the level's
 * blocks (g80-surface.rst: blocks and a block's gobs stored x, y, then
 * z; nv50_layout.c).  A slice drawn alone is a 2D target starting at its
 * first byte with the level's block dimensions, the gobs of the other
 * slices of its blocks skipped by the block's size (upstream's nv50
 * addresses a slice of a 3D render target so, a fact of its use).  A
 * layered 3D target starts at its first slice and is drawn in
 * RT_ARRAY_MODE MODE 3D (nv50_emit_fb). */
static uint64_t
nv50_surface_address(const struct pipe_surface *sf)
{
   struct nv50_resource *res = nv50_resource(sf->texture);
   const struct pipe_resource *t = &res->base;
   const unsigned level = sf->u.tex.level;
   const unsigned z = sf->u.tex.first_layer;

   if (t->target != PIPE_TEXTURE_3D)
      return nv50_resource_address(res, level, z);

   const struct nv50_level *lv = &res->level[level];
   const uint32_t rows = util_format_get_nblocksy(t->format,
                                                  u_minify(t->height0, level));
   return nv50_resource_address(res, level, 0) +
          (res->linear ? (uint64_t)lv->pitch * rows * z :
                         nv50_layout_offset(lv->pitch, rows, lv->block_h,
                                            lv->block_d, 0, 0, z));
}

/* RT_ADDRESS_HIGH .. RT_LAYER_STRIDE, RT_HORIZ/VERT of target i. */
static void
nv50_emit_rt(struct nv50_context *nv50, unsigned i, struct pipe_surface *sf)
{
   struct nouveau_push *p = &nv50->push;
   struct nv50_resource *res = nv50_resource(sf->texture);
   const unsigned level = sf->u.tex.level;
   const struct nv50_level *lv = &res->level[level];
   uint64_t addr = nv50_surface_address(sf);

   NV50_3D_MTHD(nv50, G80_3D_RT_ADDRESS_HIGH(i), 5);
   nouveau_push_data(p, addr >> 32);
   nouveau_push_data(p, addr);
   nouveau_push_data(p, nv50_format(sf->format)->rt);
   nouveau_push_data(p, G80_3D_RT_BLOCK_DIMENSIONS_HEIGHT(lv->block_h) |
                        G80_3D_RT_BLOCK_DIMENSIONS_DEPTH(lv->block_d));
   nouveau_push_data(p, res->layer_stride >> G80_3D_RT_LAYER_STRIDE__SHR);
   NV50_3D_MTHD(nv50, G80_3D_RT_HORIZ(i), 2);
   /* pitch targets: RT_HORIZ is the pitch in bytes (docs/tesla.md);
    * multisampled ones are in stored pixels (nv50_msaa.c) */
   nouveau_push_data(p, res->linear ? G80_3D_RT_HORIZ_LAYOUT_PITCH | lv->pitch
                                    : G80_3D_RT_HORIZ_WIDTH(sf->width <<
                                                            res->ms_x));
   nouveau_push_data(p, sf->height << res->ms_y);
   nv50_push_ref(nv50, res->bo, res->domain | NOUVEAU_BO_RDWR);
}

static void
nv50_emit_zeta(struct nv50_context *nv50, struct pipe_surface *sf,
               unsigned layers)
{
   struct nouveau_push *p = &nv50->push;
   struct nv50_resource *res = nv50_resource(sf->texture);
   const unsigned level = sf->u.tex.level;
   const struct nv50_level *lv = &res->level[level];
   uint64_t addr = nv50_surface_address(sf);

   NV50_3D_MTHD(nv50, G80_3D_ZETA_ADDRESS_HIGH, 5);
   nouveau_push_data(p, addr >> 32);
   nouveau_push_data(p, addr);
   nouveau_push_data(p, nv50_format(sf->format)->zeta);
   nouveau_push_data(p, G80_3D_ZETA_BLOCK_DIMENSIONS_HEIGHT(lv->block_h) |
                        G80_3D_ZETA_BLOCK_DIMENSIONS_DEPTH(lv->block_d));
   nouveau_push_data(p, res->layer_stride >> G80_3D_ZETA_LAYER_STRIDE__SHR);
   NV50_3D_MTHD(nv50, G80_3D_ZETA_HORIZ, 3);
   nouveau_push_data(p, sf->width << res->ms_x);
   nouveau_push_data(p, sf->height << res->ms_y);
   nouveau_push_data(p, G80_3D_ZETA_ARRAY_MODE_LAYERS(layers));
   NV50_3D_1(nv50, G80_3D_ZETA_ENABLE, 1);
   nv50_push_ref(nv50, res->bo, res->domain | NOUVEAU_BO_RDWR);
}

/* The targets of fb (colour i at RT i); SCREEN_SCISSOR the whole
 * framebuffer.  A layered framebuffer (GL 3.2 4.4.7: a whole array
 * attached) has LAYERS layers LAYER_STRIDE apart from the first, or, of
 * a 3D texture, its slices (RT_ARRAY_MODE MODE 3D: the layer is the z of
 * the 3D blocklinear target, g80_3d.xml; GL 3.2 4.4.7 requires every
 * colour attachment of a layered framebuffer to be of one texture
 * target); a GP's gl_Layer selects one (LAYER USE_GP, nv50_gp.c);
 * otherwise 1. */
static void
nv50_emit_fb(struct nv50_context *nv50, const struct pipe_framebuffer_state *fb)
{
   uint32_t control = G80_3D_RT_CONTROL_COUNT(fb->nr_cbufs);

   /* RT_CONTROL MAPi: target i gets FP colour output i */
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      control |= i << (G80_3D_RT_CONTROL_MAP0__SHIFT +
                       i * (G80_3D_RT_CONTROL_MAP1__SHIFT -
                            G80_3D_RT_CONTROL_MAP0__SHIFT));
      if (fb->cbufs[i]) {
         nv50_emit_rt(nv50, i, fb->cbufs[i]);
      } else {
         /* no surface: format 0, which the 3D class takes as none
          * (docs/tesla.md "Methods": upstream's null target) */
         NV50_3D_1(nv50, G80_3D_RT_FORMAT(i), 0);
      }
   }
   NV50_3D_1(nv50, G80_3D_RT_CONTROL, control);
   /* the targets' sample count (every attachment has the same, GL 3.0
    * 4.4.4); the rectangles below stay in pixels */
   NV50_3D_1(nv50, G80_3D_MULTISAMPLE_MODE, nv50_ms_fb_mode(fb));
   unsigned layers = util_framebuffer_get_num_layers(fb);
   uint32_t array_mode = G80_3D_RT_ARRAY_MODE_LAYERS(layers);
   if (layers > 1 && fb->nr_cbufs && fb->cbufs[0] &&
       fb->cbufs[0]->texture->target == PIPE_TEXTURE_3D)
      array_mode |= G80_3D_RT_ARRAY_MODE_MODE_3D;
   NV50_3D_1(nv50, G80_3D_RT_ARRAY_MODE, array_mode);
   if (fb->zsbuf)
      nv50_emit_zeta(nv50, fb->zsbuf, layers);
   else
      NV50_3D_1(nv50, G80_3D_ZETA_ENABLE, 0);
   NV50_3D_1(nv50, G80_3D_SCREEN_SCISSOR_HORIZ,
             G80_3D_SCREEN_SCISSOR_HORIZ_W(fb->width));
   NV50_3D_1(nv50, G80_3D_SCREEN_SCISSOR_VERT,
             G80_3D_SCREEN_SCISSOR_VERT_H(fb->height));
}

/* The framebuffer's buffers are listed in every submission that uses
 * them: each clear and draw lists them in its bin, which every later
 * submission lists too (one made in the middle of a draw carries the
 * rest of it; the state itself stays in the 3D object). */
static void
nv50_ref_fb(struct nv50_context *nv50)
{
   const struct pipe_framebuffer_state *fb = &nv50->framebuffer;

   nv50_bin_reset(nv50, NV50_BIN_FRAMEBUFFER);
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (fb->cbufs[i]) {
         struct nv50_resource *res = nv50_resource(fb->cbufs[i]->texture);
         nv50_bin_ref(nv50, NV50_BIN_FRAMEBUFFER, res->bo,
                      res->domain | NOUVEAU_BO_RDWR);
      }
   }
   if (fb->zsbuf) {
      struct nv50_resource *res = nv50_resource(fb->zsbuf->texture);
      nv50_bin_ref(nv50, NV50_BIN_FRAMEBUFFER, res->bo,
                   res->domain | NOUVEAU_BO_RDWR);
   }
}

void
nv50_emit_framebuffer(struct nv50_context *nv50)
{
   if (nv50->dirty & NV50_DIRTY_FRAMEBUFFER) {
      nv50_emit_fb(nv50, &nv50->framebuffer);
      nv50->dirty &= ~NV50_DIRTY_FRAMEBUFFER;
   }
   nv50_ref_fb(nv50);
}

static void
nv50_push_clear_values(struct nv50_context *nv50, unsigned buffers,
                       const union pipe_color_union *color, double depth,
                       unsigned stencil)
{
   struct nouveau_push *p = &nv50->push;

   if (buffers & PIPE_CLEAR_COLOR) {
      /* the union's words as they are: floats for float and normalized
       * targets, the integers for integer ones (nvsim, docs/tesla.md
       * "Clears"), never passed through a float */
      NV50_3D_MTHD(nv50, G80_3D_CLEAR_COLOR(0), 4);
      for (unsigned c = 0; c < 4; c++)
         nouveau_push_data(p, color->ui[c]);
   }
   if (buffers & PIPE_CLEAR_DEPTH)
      NV50_3D_1(nv50, G80_3D_CLEAR_DEPTH, fui((float)depth));
   if (buffers & PIPE_CLEAR_STENCIL)
      NV50_3D_1(nv50, G80_3D_CLEAR_STENCIL, stencil & 0xff);
}

void
nv50_clear(struct pipe_context *pipe, unsigned buffers,
           const struct pipe_scissor_state *scissor,
           const union pipe_color_union *color, double depth,
           unsigned stencil)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   const struct pipe_framebuffer_state *fb = &nv50->framebuffer;
   uint32_t zs = 0;

   if (!nv50_render_condition_pass(nv50, true))
      return;
   if (!nv50_push_begin(nv50, 128 + 16 * fb->nr_cbufs))
      return;
   nv50_emit_framebuffer(nv50);
   nv50_scissor_off(nv50);
   if (scissor) {
      unsigned x0 = MIN2(scissor->minx, fb->width);
      unsigned y0 = MIN2(scissor->miny, fb->height);
      unsigned x1 = MIN2(scissor->maxx, fb->width);
      unsigned y1 = MIN2(scissor->maxy, fb->height);
      NV50_3D_1(nv50, G80_3D_SCREEN_SCISSOR_HORIZ,
                G80_3D_SCREEN_SCISSOR_HORIZ_X(x0) |
                G80_3D_SCREEN_SCISSOR_HORIZ_W(MAX2(x1, x0) - x0));
      NV50_3D_1(nv50, G80_3D_SCREEN_SCISSOR_VERT,
                G80_3D_SCREEN_SCISSOR_VERT_Y(y0) |
                G80_3D_SCREEN_SCISSOR_VERT_H(MAX2(y1, y0) - y0));
      nv50->dirty |= NV50_DIRTY_FRAMEBUFFER;
   }
   nv50_push_clear_values(nv50, buffers, color, depth, stencil);
   if (fb->zsbuf) {
      if (buffers & PIPE_CLEAR_DEPTH)
         zs |= G80_3D_CLEAR_BUFFERS_Z__MASK;
      if ((buffers & PIPE_CLEAR_STENCIL) &&
          util_format_has_stencil(util_format_description(fb->zsbuf->format)))
         zs |= G80_3D_CLEAR_BUFFERS_S__MASK;
   }
   /* one CLEAR_BUFFERS per colour target, Z/S with the first; per
    * layer of a layered framebuffer (CLEAR_BUFFERS LAYER: GL 3.2 4.4.7,
    * a clear of a layered framebuffer clears every layer) */
   unsigned layers = util_framebuffer_get_num_layers(fb);
   for (unsigned l = 0; l < layers; l++) {
      uint32_t zs_l = zs;
      if (!nv50_push_begin(nv50, 8 + 2 * fb->nr_cbufs))
         return;
      for (unsigned i = 0; i < fb->nr_cbufs; i++) {
         if (!fb->cbufs[i] || !(buffers & (PIPE_CLEAR_COLOR0 << i)))
            continue;
         NV50_3D_1(nv50, G80_3D_CLEAR_BUFFERS,
                   zs_l | NV50_CLEAR_RGBA | G80_3D_CLEAR_BUFFERS_RT(i) |
                   G80_3D_CLEAR_BUFFERS_LAYER(l));
         zs_l = 0;
      }
      if (zs_l)
         NV50_3D_1(nv50, G80_3D_CLEAR_BUFFERS,
                   zs_l | G80_3D_CLEAR_BUFFERS_LAYER(l));
   }
}

/* Clears a rectangle of one surface: the framebuffer becomes that
 * surface alone for the clear, then is sent again. */
static void
nv50_clear_surface(struct nv50_context *nv50, struct pipe_surface *sf,
                   bool zeta, unsigned buffers,
                   const union pipe_color_union *color, double depth,
                   unsigned stencil, unsigned x, unsigned y, unsigned w,
                   unsigned h)
{
   struct pipe_framebuffer_state fb = {
      .width = sf->width, .height = sf->height, .layers = 1,
   };
   uint32_t mode;

   if (zeta) {
      fb.zsbuf = sf;
      mode = 0;
      if (buffers & PIPE_CLEAR_DEPTH)
         mode |= G80_3D_CLEAR_BUFFERS_Z__MASK;
      if (buffers & PIPE_CLEAR_STENCIL)
         mode |= G80_3D_CLEAR_BUFFERS_S__MASK;
   } else {
      fb.nr_cbufs = 1;
      fb.cbufs[0] = sf;
      mode = NV50_CLEAR_RGBA | G80_3D_CLEAR_BUFFERS_RT(0);
   }
   if (!nv50_push_begin(nv50, 128))
      return;
   nv50_emit_fb(nv50, &fb);
   nv50_scissor_off(nv50);
   NV50_3D_1(nv50, G80_3D_SCREEN_SCISSOR_HORIZ,
             G80_3D_SCREEN_SCISSOR_HORIZ_X(x) | G80_3D_SCREEN_SCISSOR_HORIZ_W(w));
   NV50_3D_1(nv50, G80_3D_SCREEN_SCISSOR_VERT,
             G80_3D_SCREEN_SCISSOR_VERT_Y(y) | G80_3D_SCREEN_SCISSOR_VERT_H(h));
   nv50_push_clear_values(nv50, zeta ? buffers : PIPE_CLEAR_COLOR, color,
                          depth, stencil);
   NV50_3D_1(nv50, G80_3D_CLEAR_BUFFERS, mode);
   nv50->dirty |= NV50_DIRTY_FRAMEBUFFER;
}

/* A surface clear the render condition covers or (its caller says) not:
 * COND_MODE gates CLEAR_BUFFERS, so it is set aside for the latter. */
static void
nv50_clear_surface_cond(struct nv50_context *nv50, bool cond,
                        struct pipe_surface *sf, bool zeta, unsigned buffers,
                        const union pipe_color_union *color, double depth,
                        unsigned stencil, unsigned x, unsigned y, unsigned w,
                        unsigned h)
{
   if (cond && !nv50_render_condition_pass(nv50, true))
      return;
   if (!cond)
      nv50_render_condition_suspend(nv50, true);
   nv50_clear_surface(nv50, sf, zeta, buffers, color, depth, stencil, x, y,
                      w, h);
   if (!cond)
      nv50_render_condition_suspend(nv50, false);
}

void
nv50_clear_render_target(struct pipe_context *pipe, struct pipe_surface *dst,
                         const union pipe_color_union *color, unsigned x,
                         unsigned y, unsigned w, unsigned h,
                         bool render_condition_enabled)
{
   nv50_clear_surface_cond(nv50_context(pipe), render_condition_enabled, dst,
                           false, PIPE_CLEAR_COLOR, color, 0, 0, x, y, w, h);
}

void
nv50_clear_depth_stencil(struct pipe_context *pipe, struct pipe_surface *dst,
                         unsigned flags, double depth, unsigned stencil,
                         unsigned x, unsigned y, unsigned w, unsigned h,
                         bool render_condition_enabled)
{
   nv50_clear_surface_cond(nv50_context(pipe), render_condition_enabled, dst,
                           true, flags, NULL, depth, stencil, x, y, w, h);
}

/* ARB_clear_texture (pipe clear_texture): a box of one level, the value
 * one element of the texture's format.  Formats the 3D engine renders
 * are cleared there, a surface a layer (or 3D slice) with the box's
 * rectangle as SCREEN_SCISSOR, as glClear would clear an FBO of that
 * level (the value unpacked to RGBA in GL's terms, as glClear's colour
 * is; integers as integers); sRGB textures through their linear format,
 * so that the bytes given are the bytes stored (ClearTexImage does no
 * conversion: ARB_clear_texture).  Not affected by the render condition
 * (ARB_clear_texture names no interaction; st/mesa's other drivers clear
 * unconditionally).  Other formats on the CPU through transfers (Mesa's
 * util_clear_texture). */
void
nv50_clear_texture(struct pipe_context *pipe, struct pipe_resource *res,
                   unsigned level, const struct pipe_box *box,
                   const void *data)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   const enum pipe_format format = util_format_linear(res->format);
   const struct nv50_format *fmt = nv50_format(format);
   const struct util_format_description *d = util_format_description(format);
   const bool zeta = util_format_is_depth_or_stencil(format);
   union pipe_color_union color = { 0 };
   unsigned buffers = 0;
   float depth = 0;
   uint8_t stencil = 0;

   if (res->target == PIPE_BUFFER || (zeta ? !fmt->zeta : !fmt->rt)) {
      util_clear_texture(pipe, res, level, box, data);
      return;
   }
   if (zeta) {
      if (util_format_has_depth(d)) {
         buffers |= PIPE_CLEAR_DEPTH;
         util_format_unpack_z_float(format, &depth, data, 1);
      }
      if (util_format_has_stencil(d)) {
         buffers |= PIPE_CLEAR_STENCIL;
         util_format_unpack_s_8uint(format, &stencil, data, 1);
      }
   } else {
      util_format_unpack_rgba(format, color.ui, data, 1);
   }
   for (int z = box->z; z < box->z + box->depth; z++) {
      struct pipe_surface templ = {
         .format = format,
         .u.tex = { .level = level, .first_layer = z, .last_layer = z },
      };
      struct pipe_surface *sf = pipe->create_surface(pipe, res, &templ);
      if (!sf)
         return;
      nv50_clear_surface_cond(nv50, false, sf, zeta, buffers, &color, depth,
                              stencil, box->x, box->y, box->width,
                              box->height);
      pipe_surface_reference(&sf, NULL);
   }
}
