/*
 * Rasterizer state: the rasterizer CSO's methods (worked out at create,
 * nv50_hwstate.h), the viewports' scissors and the polygon stipple.
 *
 * Hardware facts (hwdb g80_3d.xml from rnndb graph/g80_3d.xml; what
 * upstream's nv50 driver sends read for the values the hardware wants):
 * polygon modes, faces, cull faces and the shade model take GL's tokens;
 * POLYGON_OFFSET_UNITS counts steps of the depth buffer (upstream nvc0
 * sends a D3D9 bias, a plain depth difference, times 2^24 to it) and GL's
 * r is two steps, as upstream's nv30, nv50 and nvc0 and llvmpipe make it
 * (docs/fidelity.md "Polygon offset units"); LINE_WIDTH and POINT_SIZE are
 * floats; LINE_STIPPLE holds GL's factor - 1 (FACTOR_M1, which is
 * Gallium's line_stipple_factor) and pattern; the polygon stipple rows
 * have window x = 0 in bit 31 (upstream byte-swaps GL's rows, whose
 * first byte holds x = 0..7 from its top bit); VIEW_VOLUME_CLIP_CTRL
 * DEPTH_CLAMP_NEAR/FAR turn the near and far clip planes into a clamp of
 * the depth to the depth range (ARB_depth_clamp; upstream sets UNK12 to
 * UNK1 with them); SCISSOR_HORIZ/VERT hold MIN and MAX (exclusive) in
 * window coordinates, which st/mesa's scissor already is.
 *
 * Clears: CLEAR_FLAGS CLEAR_RECT SCISSOR (nv50_context.c) makes
 * CLEAR_BUFFERS honour scissor 0 when it is enabled.  A clear is
 * scissored by what st/mesa passes (nv50_clear.c narrows
 * SCREEN_SCISSOR), not by the draw's scissor, which may be stale (a
 * clear does not validate the rasterizer): each clear turns scissor 0
 * off first (nv50_scissor_off), and the next draw puts it back.
 */

#include "util/u_math.h"
#include "util/u_memory.h"

#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_hwstate.h"

static uint32_t
nv50_polygon_mode(unsigned m)
{
   /* the front and back methods share gl_polygon_mode */
   switch (m) {
   case PIPE_POLYGON_MODE_POINT: return G80_3D_POLYGON_MODE_FRONT_POINT;
   case PIPE_POLYGON_MODE_LINE: return G80_3D_POLYGON_MODE_FRONT_LINE;
   default: return G80_3D_POLYGON_MODE_FRONT_FILL;
   }
}

/* FRAG_COLOR_CLAMP_EN: one bit a target (fields 0..7) */
static uint32_t
nv50_frag_clamp_all(void)
{
   const unsigned step = G80_3D_FRAG_COLOR_CLAMP_EN_1__SHIFT -
                         G80_3D_FRAG_COLOR_CLAMP_EN_0__SHIFT;
   uint32_t v = 0;

   for (unsigned i = 0; i < G80_3D_BLEND_ENABLE__LEN; i++)
      v |= 1u << (G80_3D_FRAG_COLOR_CLAMP_EN_0__SHIFT + i * step);
   return v;
}

/* GL clamps widths and sizes to the range the screen reports (GL 2.1
 * 3.3, 3.4); the hardware takes any float. */
static float
nv50_clamp_cap(struct pipe_screen *screen, float v, enum pipe_capf lo,
               enum pipe_capf hi)
{
   return CLAMP(v, screen->get_paramf(screen, lo), screen->get_paramf(screen, hi));
}

void *
nv50_create_rasterizer(struct pipe_context *p,
                       const struct pipe_rasterizer_state *s)
{
   struct nv50_rast_cso *so = CALLOC_STRUCT(nv50_rast_cso);
   struct nv50_hwlist *l;
   const bool aa_line = s->line_smooth, aa_point = s->point_smooth;

   if (!so)
      return NULL;
   so->pipe = *s;
   l = &so->hw;

   /* faces and culling */
   nv50_hwlist_add(l, G80_3D_FRONT_FACE, s->front_ccw ? G80_3D_FRONT_FACE_CCW
                                                      : G80_3D_FRONT_FACE_CW);
   nv50_hwlist_add(l, G80_3D_CULL_FACE_ENABLE, s->cull_face != PIPE_FACE_NONE);
   nv50_hwlist_add(l, G80_3D_CULL_FACE,
                   s->cull_face == PIPE_FACE_FRONT ? G80_3D_CULL_FACE_FRONT :
                   s->cull_face == PIPE_FACE_FRONT_AND_BACK ?
                   G80_3D_CULL_FACE_FRONT_AND_BACK : G80_3D_CULL_FACE_BACK);
   nv50_hwlist_add(l, G80_3D_POLYGON_MODE_FRONT,
                   nv50_polygon_mode(s->fill_front));
   nv50_hwlist_add(l, G80_3D_POLYGON_MODE_BACK,
                   nv50_polygon_mode(s->fill_back));
   nv50_hwlist_add(l, G80_3D_POLYGON_SMOOTH_ENABLE, s->poly_smooth);
   nv50_hwlist_add(l, G80_3D_POLYGON_STIPPLE_ENABLE, s->poly_stipple_enable);

   /* multisample rasterization (st/mesa: GL_MULTISAMPLE with a
    * multisampled framebuffer); with it off every sample takes the
    * pixel centre's coverage (docs/tesla.md "Multisampling") */
   nv50_hwlist_add(l, G80_3D_MULTISAMPLE_ENABLE, s->multisample);

   /* polygon offset */
   nv50_hwlist_add(l, G80_3D_POLYGON_OFFSET_POINT_ENABLE, s->offset_point);
   nv50_hwlist_add(l, G80_3D_POLYGON_OFFSET_LINE_ENABLE, s->offset_line);
   nv50_hwlist_add(l, G80_3D_POLYGON_OFFSET_FILL_ENABLE, s->offset_tri);
   if (s->offset_point || s->offset_line || s->offset_tri) {
      nv50_hwlist_add(l, G80_3D_POLYGON_OFFSET_FACTOR, fui(s->offset_scale));
      nv50_hwlist_add(l, G80_3D_POLYGON_OFFSET_UNITS,
                      fui(s->offset_units * 2.0f));
      nv50_hwlist_add(l, G80_3D_POLYGON_OFFSET_CLAMP, fui(s->offset_clamp));
   }

   /* shading: flat colours from the first or last vertex (SHADE_MODEL
    * depends on the FP too: nv50_linkage.c); back faces take the back
    * colours the linkage puts in SEMANTIC_COLOR */
   nv50_hwlist_add(l, G80_3D_PROVOKING_VERTEX_LAST, !s->flatshade_first);
   nv50_hwlist_add(l, G80_3D_VERTEX_TWO_SIDE_ENABLE, s->light_twoside);
   nv50_hwlist_add(l, G80_3D_FRAG_COLOR_CLAMP_EN,
                   s->clamp_fragment_color ? nv50_frag_clamp_all() : 0);

   /* lines and points */
   nv50_hwlist_add(l, G80_3D_LINE_WIDTH,
                   fui(nv50_clamp_cap(p->screen, s->line_width,
                                      aa_line ? PIPE_CAPF_MIN_LINE_WIDTH_AA :
                                                PIPE_CAPF_MIN_LINE_WIDTH,
                                      aa_line ? PIPE_CAPF_MAX_LINE_WIDTH_AA :
                                                PIPE_CAPF_MAX_LINE_WIDTH)));
   nv50_hwlist_add(l, G80_3D_LINE_SMOOTH_ENABLE, s->line_smooth);
   nv50_hwlist_add(l, G80_3D_LINE_STIPPLE_ENABLE, s->line_stipple_enable);
   if (s->line_stipple_enable)
      nv50_hwlist_add(l, G80_3D_LINE_STIPPLE,
                      G80_3D_LINE_STIPPLE_FACTOR_M1(s->line_stipple_factor) |
                      G80_3D_LINE_STIPPLE_PATTERN(s->line_stipple_pattern));
   /* the size of points unless SEMANTIC_PTSZ names the VP's
    * gl_PointSize (nv50_linkage.c) */
   nv50_hwlist_add(l, G80_3D_POINT_SIZE,
                   fui(nv50_clamp_cap(p->screen, s->point_size,
                                      aa_point ? PIPE_CAPF_MIN_POINT_SIZE_AA :
                                                 PIPE_CAPF_MIN_POINT_SIZE,
                                      aa_point ? PIPE_CAPF_MAX_POINT_SIZE_AA :
                                                 PIPE_CAPF_MAX_POINT_SIZE)));
   nv50_hwlist_add(l, G80_3D_POINT_SMOOTH_ENABLE, s->point_smooth);
   nv50_hwlist_add(l, G80_3D_POINT_SPRITE_ENABLE, s->point_quad_rasterization);

   /* depth: clipped by near and far, or clamped to the depth range */
   nv50_hwlist_add(l, G80_3D_VIEW_VOLUME_CLIP_CTRL,
                   s->depth_clip_near ? 0 :
                   G80_3D_VIEW_VOLUME_CLIP_CTRL_DEPTH_CLAMP_NEAR |
                   G80_3D_VIEW_VOLUME_CLIP_CTRL_DEPTH_CLAMP_FAR |
                   G80_3D_VIEW_VOLUME_CLIP_CTRL_UNK12_UNK1);
   nv50_hwlist_add(l, G80_3D_DEPTH_CLIP_NEGATIVE_Z, s->clip_halfz);
   nv50_hwlist_add(l, G80_3D_PIXEL_CENTER_INTEGER, !s->half_pixel_center);
   /* GL_RASTERIZER_DISCARD: the VP (and transform feedback) run, no
    * primitive reaches the rasterizer */
   nv50_hwlist_add(l, G80_3D_RASTERIZE_ENABLE, !s->rasterizer_discard);
   return so;
}

void
nv50_bind_rasterizer(struct pipe_context *p, void *cso)
{
   struct nv50_context *nv50 = nv50_context(p);

   nv50->rast = cso;
   /* the scissor enable is the rasterizer's */
   nv50->dirty |= NV50_DIRTY_RAST | NV50_DIRTY_SCISSOR;
}

void
nv50_set_scissor_states(struct pipe_context *p, unsigned start, unsigned num,
                        const struct pipe_scissor_state *s)
{
   struct nv50_context *nv50 = nv50_context(p);

   /* one a viewport (PIPE_CAP_MAX_VIEWPORTS) */
   for (unsigned i = 0; i < num && start + i < NV50_MAX_VIEWPORTS; i++)
      nv50->scissor[start + i] = s[i];
   nv50->dirty |= NV50_DIRTY_SCISSOR;
}

void
nv50_set_polygon_stipple(struct pipe_context *p,
                         const struct pipe_poly_stipple *s)
{
   struct nv50_context *nv50 = nv50_context(p);

   nv50->stipple = *s;
   nv50->dirty |= NV50_DIRTY_STIPPLE;
}

void
nv50_scissor_off(struct nv50_context *nv50)
{
   const unsigned w = G80_3D_SCISSOR_ENABLE(0) / 4;

   if (BITSET_TEST(nv50->hw_known, w) && !nv50->hw_value[w])
      return;
   nv50_hw_put(nv50, G80_3D_SCISSOR_ENABLE(0), 0);
   nv50->dirty |= NV50_DIRTY_SCISSOR;
}

bool
nv50_rasterizer_validate(struct nv50_context *nv50)
{
   if ((nv50->dirty & NV50_DIRTY_RAST) && nv50->rast) {
      if (!nv50_hw_put_list(nv50, &nv50->rast->hw))
         return false;
      nv50->dirty &= ~NV50_DIRTY_RAST;
   }
   if ((nv50->dirty & NV50_DIRTY_SCISSOR) && nv50->rast) {
      /* the rasterizer's enable holds for every viewport's scissor
       * (GL_SCISSOR_TEST is per viewport in GL, but st/mesa gives
       * Gallium one enable; a viewport whose test is off gets a scissor
       * of the whole bounds from st/mesa); the rectangles while
       * enabled */
      const bool on = nv50->rast->pipe.scissor;

      if (!nv50_push_begin(nv50, 6 * NV50_MAX_VIEWPORTS))
         return false;
      for (unsigned i = 0; i < NV50_MAX_VIEWPORTS; i++) {
         const struct pipe_scissor_state *s = &nv50->scissor[i];

         nv50_hw_put(nv50, G80_3D_SCISSOR_ENABLE(i), on);
         if (!on)
            continue;
         nv50_hw_put(nv50, G80_3D_SCISSOR_HORIZ(i),
                     G80_3D_SCISSOR_HORIZ_MIN(s->minx) |
                     G80_3D_SCISSOR_HORIZ_MAX(s->maxx));
         nv50_hw_put(nv50, G80_3D_SCISSOR_VERT(i),
                     G80_3D_SCISSOR_VERT_MIN(s->miny) |
                     G80_3D_SCISSOR_VERT_MAX(s->maxy));
      }
      nv50->dirty &= ~NV50_DIRTY_SCISSOR;
   }
   if (nv50->dirty & NV50_DIRTY_STIPPLE) {
      if (!nv50_push_begin(nv50, 2 * G80_3D_POLYGON_STIPPLE_PATTERN__LEN))
         return false;
      for (unsigned i = 0; i < G80_3D_POLYGON_STIPPLE_PATTERN__LEN; i++)
         nv50_hw_put(nv50, G80_3D_POLYGON_STIPPLE_PATTERN(i),
                     util_bswap32(nv50->stipple.stipple[i]));
      nv50->dirty &= ~NV50_DIRTY_STIPPLE;
   }
   return nv50->rast != NULL;
}
