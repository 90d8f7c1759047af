/*
 * Sends dirty state to the 3D object.  Every function here writes whole
 * method groups; the caller (nv30_state_emit) has reserved the space.
 */

#include <nouveau.h>

#include "util/format/u_format.h"
#include "util/u_math.h"

#include "nv30_context.h"
#include "nv30_format.h"
#include "nv30_msaa.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nv30_resource.h"

/* Scissor and viewport fields are 16 bits, but the 3D engine's
 * coordinates stop at 4096 (NV40 maximum render target size). */
#define NV30_MAX_COORD 4096

/* Colour buffers 1..3 (curie): their address and pitch methods and
 * RT_ENABLE bits (rnndb nv30-40_3d.xml COLOR1_OFFSET/PITCH, NV40
 * COLOR2/3_OFFSET/PITCH).  Buffer 0 is set with the zeta buffer. */
static const struct {
   uint32_t dma, offset, pitch, enable;
} nv30_mrt[] = {
   { NV30_3D_DMA_COLOR1, NV30_3D_COLOR1_OFFSET, NV30_3D_COLOR1_PITCH,
     NV30_3D_RT_ENABLE_COLOR1 },
   { NV40_3D_DMA_COLOR2, NV40_3D_COLOR2_OFFSET, NV40_3D_COLOR2_PITCH,
     NV40_3D_RT_ENABLE_COLOR2 },
   { NV40_3D_DMA_COLOR3, NV40_3D_COLOR3_OFFSET, NV40_3D_COLOR3_PITCH,
     NV40_3D_RT_ENABLE_COLOR3 },
};

/* A surface's DMA object: the channel's VRAM or GART object, whichever
 * holds the buffer in this submission (a relocation ORing in one handle
 * or the other, as the address methods' OFFSET means an offset inside the
 * object of its DMA method, rnndb nv30-40_3d.xml DMA_COLOR0..). */
static void
nv30_emit_surface_dma(struct nv30_context *nv30, uint32_t mthd,
                      struct nv30_resource *res)
{
   NV30_3D_MTHD(nv30, mthd, 1);
   nouveau_push_reloc(&nv30->push, res->bo, 0,
                      NOUVEAU_BO_OR | NOUVEAU_BO_RDWR | res->domain,
                      NV30_HANDLE_DMA_VRAM, NV30_HANDLE_DMA_GART);
}

static void
nv30_emit_framebuffer(struct nv30_context *nv30)
{
   struct pipe_framebuffer_state *fb = &nv30->framebuffer;
   struct nouveau_push *p = &nv30->push;
   struct nv30_surface *color[1 + ARRAY_SIZE(nv30_mrt)] = { NULL };
   struct nv30_surface *cs = NULL;   /* the first bound colour buffer */
   struct nv30_surface *zs = fb->zsbuf ? nv30_surface(fb->zsbuf) : NULL;
   unsigned num_color = MIN2(fb->nr_cbufs, nv30->chip->render_targets);
   uint32_t format = 0, rt_enable = 0;
   unsigned w = fb->width, h = fb->height;
   unsigned origin_x = 0;   /* VIEWPORT_TX_ORIGIN (small swizzled levels) */

   /* One RT_FORMAT for all: st/mesa gives them one format
    * (PIPE_CAP_MIXED_COLORBUFFER_FORMATS is off). */
   for (unsigned i = 0; i < MIN2(num_color, ARRAY_SIZE(color)); i++) {
      color[i] = fb->cbufs[i] ? nv30_surface(fb->cbufs[i]) : NULL;
      if (color[i] && !cs)
         cs = color[i];
   }

   if (cs) {
      format |= nv30_format_info(cs->base.format)->rt_color;
   } else {
      /* The unused half must still be a valid combination. */
      format |= (zs && util_format_get_blocksize(zs->base.format) == 4) ?
                NV30_3D_RT_FORMAT_COLOR_A8R8G8B8 : NV30_3D_RT_FORMAT_COLOR_R5G6B5;
   }
   if (zs) {
      format |= nv30_format_info(zs->base.format)->rt_zeta;
   } else {
      format |= (cs && util_format_get_blocksize(cs->base.format) == 2) ?
                NV30_3D_RT_FORMAT_ZETA_Z16 : NV30_3D_RT_FORMAT_ZETA_Z24S8;
   }
   /* A swizzled target (rankine's power-of-two textures,
    * nv30_resource.c) covers 2^LOG2_WIDTH x 2^LOG2_HEIGHT pixels (hwdb
    * RT_FORMAT); colour and zeta share the type and size, so a zeta
    * that differs in either is drawn through a shadow in the colour's
    * (nv30_surface_match_zeta). */
   if ((cs ? cs : zs) && (cs ? cs : zs)->swizzled) {
      struct nv30_surface *s = cs ? cs : zs;
      unsigned rw, rh;

      /* a small level drawn as the 16x2 target: the window is all of it,
       * the clip rectangle below keeps drawing on the level */
      if (nv30_swizzled_target(s->base.format, s->base.width,
                               s->base.height, s->offset, &rw, &rh,
                               &origin_x)) {
         w = rw;
         h = rh;
      }
      format |= NV30_3D_RT_FORMAT_TYPE_SWIZZLED |
                NV30_3D_RT_FORMAT_LOG2_WIDTH(util_logbase2(rw)) |
                NV30_3D_RT_FORMAT_LOG2_HEIGHT(util_logbase2(rh));
   } else {
      format |= NV30_3D_RT_FORMAT_TYPE_LINEAR;
   }
   /* st/mesa binds targets of one sample count together (a complete
    * framebuffer) */
   if (cs || zs)
      format |= nv30_ms_mode((cs ? cs : zs)->base.texture);

   const uint32_t rt[] = {
      NV30_3D_RT_HORIZ_X(0) | NV30_3D_RT_HORIZ_W(w),
      NV30_3D_RT_VERT_Y(0) | NV30_3D_RT_VERT_H(h),
      format,
   };
   nv30_hw_set_group(nv30, NV30_3D_RT_HORIZ, rt, ARRAY_SIZE(rt));

   /* the window clip rectangle (in target coordinates): the window */
   const uint32_t clip[] = {
      NV30_3D_VIEWPORT_TX_ORIGIN_X(origin_x) | NV30_3D_VIEWPORT_TX_ORIGIN_Y(0),
      0, /* VIEWPORT_CLIP_MODE: inclusive rectangle */
      NV30_3D_VIEWPORT_CLIP_HORIZ_L(origin_x) |
      NV30_3D_VIEWPORT_CLIP_HORIZ_R(origin_x + MAX2(fb->width, 1) - 1),
      NV30_3D_VIEWPORT_CLIP_VERT_T(0) |
      NV30_3D_VIEWPORT_CLIP_VERT_D(MAX2(fb->height, 1) - 1),
   };
   nv30_hw_set_group(nv30, NV30_3D_VIEWPORT_TX_ORIGIN, clip, ARRAY_SIZE(clip));

   if (cs || zs) {
      /* Both address slots must hold a valid buffer even when only one
       * target is bound (RT_ENABLE / depth test decide what is used). */
      struct nv30_surface *c = color[0] ? color[0] : cs ? cs : zs;
      struct nv30_surface *z = zs ? zs : cs;
      struct nv30_resource *cres = nv30_surface_storage(c);
      struct nv30_resource *zres = nv30_surface_storage(z);

      /* curie: colour and zeta pitches apart; rankine: one method */
      if (nv30->chip->mixed_fb_sizes) {
         nv30_hw_set(nv30, NV40_3D_ZETA_PITCH, z->pitch);
         nv30_hw_set(nv30, NV40_3D_COLOR0_PITCH, c->pitch);
      } else {
         nv30_hw_set(nv30, NV30_3D_COLOR0_PITCH,
                     NV30_3D_COLOR0_PITCH_COLOR0(c->pitch) |
                     NV30_3D_COLOR0_PITCH_ZETA(z->pitch));
      }
      nv30_emit_surface_dma(nv30, NV30_3D_DMA_COLOR0, cres);
      nv30_emit_surface_dma(nv30, NV30_3D_DMA_ZETA, zres);
      NV30_3D_MTHD(nv30, NV30_3D_COLOR0_OFFSET, 2);
      nouveau_push_reloc(p, cres->bo, c->offset,
                         NOUVEAU_BO_LOW | NOUVEAU_BO_RDWR | cres->domain, 0, 0);
      nouveau_push_reloc(p, zres->bo, z->offset,
                         NOUVEAU_BO_LOW | NOUVEAU_BO_RDWR | zres->domain, 0, 0);
   }

   /* draws from now on go to the bound slices' shadows */
   for (unsigned i = 0; i < ARRAY_SIZE(color); i++) {
      if (color[i])
         color[i]->shadow_dirty |= color[i]->shadow != NULL;
   }
   if (zs)
      zs->shadow_dirty |= zs->shadow != NULL;
   if (color[0])
      rt_enable |= NV30_3D_RT_ENABLE_COLOR0;
   for (unsigned i = 0; i < ARRAY_SIZE(nv30_mrt); i++) {
      struct nv30_surface *sf = color[1 + i];
      struct nv30_resource *res;

      if (!sf)
         continue;
      res = nv30_surface_storage(sf);
      nv30_emit_surface_dma(nv30, nv30_mrt[i].dma, res);
      NV30_3D_MTHD(nv30, nv30_mrt[i].offset, 1);
      nouveau_push_reloc(p, res->bo, sf->offset,
                         NOUVEAU_BO_LOW | NOUVEAU_BO_RDWR | res->domain, 0, 0);
      nv30_hw_set(nv30, nv30_mrt[i].pitch, sf->pitch);
      rt_enable |= nv30_mrt[i].enable;
   }
   /* MRT: each buffer takes its own FP result; upstream sets it whenever
    * a buffer other than 0 is enabled (fact) */
   if (rt_enable & ~NV30_3D_RT_ENABLE_COLOR0)
      rt_enable |= NV30_3D_RT_ENABLE_MRT;
   nv30_hw_set(nv30, NV30_3D_RT_ENABLE, rt_enable);
   /* Window y runs down from the first row in memory; pixel centres at
    * half-integers, as in GL. */
   nv30_hw_set(nv30, NV30_3D_COORD_CONVENTIONS,
               NV30_3D_COORD_CONVENTIONS_HEIGHT(fb->height) |
               NV30_3D_COORD_CONVENTIONS_ORIGIN_NORMAL |
               NV30_3D_COORD_CONVENTIONS_CENTER_HALF_INTEGER);
}

static void
nv30_emit_blend(struct nv30_context *nv30)
{
   struct nv30_blend_state *so = nv30->blend;
   const uint32_t logic[] = { so->logic_enable, so->logic_op };
   const uint32_t func[] = { so->blend_enable, so->func_src, so->func_dst };

   nv30_hw_set_group(nv30, NV30_3D_COLOR_LOGIC_OP_ENABLE, logic,
                     ARRAY_SIZE(logic));
   nv30_hw_set(nv30, NV30_3D_DITHER_ENABLE, so->dither);
   nv30_hw_set_group(nv30, NV30_3D_BLEND_FUNC_ENABLE, func, ARRAY_SIZE(func));
   /* one method, two layouts (rankine: one enum; curie: RGB | ALPHA) */
   nv30_hw_set(nv30, NV30_3D_BLEND_EQUATION, so->equation);
   nv30_hw_set(nv30, NV30_3D_COLOR_MASK, so->color_mask);
   /* MRT_BLEND_ENABLE: curie only (hwdb variants) */
   if (nv30->chip->generation == NVHWDB_GEN_CURIE) {
      const uint32_t mrt[] = { so->mrt_blend_enable, so->mrt_color_mask };
      nv30_hw_set_group(nv30, NV40_3D_MRT_BLEND_ENABLE, mrt, ARRAY_SIZE(mrt));
   }
}

/* MULTISAMPLE_CONTROL (hwdb; upstream's nv30_validate_multisample): the
 * sample mask, alpha-to-coverage / alpha-to-one from the blend state,
 * multisample rasterization from the rasterizer's.  On a single-sampled
 * target the hardware has no samples to mask. */
static void
nv30_emit_multisample(struct nv30_context *nv30)
{
   uint32_t ctrl = NV30_3D_MULTISAMPLE_CONTROL_SAMPLE_COVERAGE(nv30->sample_mask);

   if (nv30->blend && nv30->blend->pipe.alpha_to_coverage)
      ctrl |= NV30_3D_MULTISAMPLE_CONTROL_SAMPLE_ALPHA_TO_COVERAGE;
   if (nv30->blend && nv30->blend->pipe.alpha_to_one)
      ctrl |= NV30_3D_MULTISAMPLE_CONTROL_SAMPLE_ALPHA_TO_ONE;
   if (nv30->rast && nv30->rast->pipe.multisample)
      ctrl |= NV30_3D_MULTISAMPLE_CONTROL_ENABLE;
   nv30_hw_set(nv30, NV30_3D_MULTISAMPLE_CONTROL, ctrl);
}

static void
nv30_emit_blend_color(struct nv30_context *nv30)
{
   const float *c = nv30->blend_color.color;

   nv30_hw_set(nv30, NV30_3D_BLEND_COLOR,
               NV30_3D_BLEND_COLOR_R(float_to_ubyte(c[0])) |
               NV30_3D_BLEND_COLOR_G(float_to_ubyte(c[1])) |
               NV30_3D_BLEND_COLOR_B(float_to_ubyte(c[2])) |
               NV30_3D_BLEND_COLOR_A(float_to_ubyte(c[3])));
}

static void
nv30_emit_zsa(struct nv30_context *nv30)
{
   struct nv30_zsa_state *so = nv30->zsa;
   const uint32_t depth[] = { so->depth_func, so->depth_write, so->depth_test };

   nv30_hw_set_group(nv30, NV30_3D_DEPTH_FUNC, depth, ARRAY_SIZE(depth));
   for (unsigned i = 0; i < 2; i++) {
      const uint32_t stencil[] = {
         so->stencil[i].enable, so->stencil[i].mask, so->stencil[i].func,
         nv30->stencil_ref.ref_value[i], so->stencil[i].func_mask,
         so->stencil[i].fail, so->stencil[i].zfail, so->stencil[i].zpass,
      };
      nv30_hw_set_group(nv30, NV30_3D_STENCIL_ENABLE(i), stencil,
                        ARRAY_SIZE(stencil));
   }
   const uint32_t alpha[] = { so->alpha_enable, so->alpha_func, so->alpha_ref };
   nv30_hw_set_group(nv30, NV30_3D_ALPHA_FUNC_ENABLE, alpha, ARRAY_SIZE(alpha));

   /* EXT_depth_bounds_test: the unit tests the depth already stored at
    * the pixel against [ZMIN, ZMAX], in the [0, 1] depth range */
   if (nv30->chip->depth_bounds) {
      const uint32_t bounds[] = {
         so->pipe.depth_bounds_test, fui(so->pipe.depth_bounds_min),
         fui(so->pipe.depth_bounds_max),
      };
      nv30_hw_set_group(nv30, NV35_3D_DEPTH_BOUNDS_TEST_ENABLE, bounds,
                        ARRAY_SIZE(bounds));
   }
}

static void
nv30_emit_rasterizer(struct nv30_context *nv30)
{
   struct nv30_rasterizer_state *so = nv30->rast;
   const uint32_t poly[] = {
      so->polygon_mode_front, so->polygon_mode_back, so->cull_face,
      so->front_face, so->poly_smooth, so->cull_enable,
   };
   const uint32_t offset_en[] = {
      so->offset_point, so->offset_line, so->offset_fill,
   };
   const uint32_t offset[] = { fui(so->offset_factor), fui(so->offset_units) };
   const uint32_t line[] = { so->line_width, so->line_smooth };
   const uint32_t stipple[] = {
      so->pipe.line_stipple_enable,
      NV30_3D_LINE_STIPPLE_PATTERN_FACTOR(so->pipe.line_stipple_factor) |
      NV30_3D_LINE_STIPPLE_PATTERN_PATTERN(so->pipe.line_stipple_pattern),
   };

   nv30_hw_set(nv30, NV30_3D_SHADE_MODEL, so->shade_model);
   nv30_hw_set_group(nv30, NV30_3D_POLYGON_MODE_FRONT, poly, ARRAY_SIZE(poly));
   nv30_hw_set_group(nv30, NV30_3D_POLYGON_OFFSET_POINT_ENABLE, offset_en,
                     ARRAY_SIZE(offset_en));
   nv30_hw_set_group(nv30, NV30_3D_POLYGON_OFFSET_FACTOR, offset,
                     ARRAY_SIZE(offset));
   nv30_hw_set_group(nv30, NV30_3D_LINE_WIDTH, line, ARRAY_SIZE(line));
   nv30_hw_set_group(nv30, NV30_3D_LINE_STIPPLE_ENABLE, stipple,
                     ARRAY_SIZE(stipple));
   nv30_hw_set(nv30, NV30_3D_POLYGON_STIPPLE_ENABLE, so->stipple_enable);
   nv30_hw_set(nv30, NV30_3D_POINT_SIZE, fui(so->point_size));
   nv30_hw_set(nv30, NV30_3D_FLATSHADE_FIRST, so->pipe.flatshade_first);
   nv30_hw_set(nv30, NV30_3D_DEPTH_CONTROL, so->depth_control);
}

/* Two-sided colours: the user's (light_twoside), or the face of an FP
 * that reads gl_FrontFacing from COL1 on rankine, which has no facing
 * input (nvc_fp_binary::facing_in_col1: the VP then writes COL1 = 1,
 * BFC1 = 0 and BFC0 = COL0). */
static void
nv30_emit_two_side(struct nv30_context *nv30)
{
   const struct nv30_fragprog *fp = nv30->fp_run;
   bool facing = fp && fp->compiled && fp->bin.facing_in_col1;

   nv30_hw_set(nv30, NV30_3D_VERTEX_TWO_SIDE_ENABLE,
               nv30->rast->two_side || facing);
}

static void
nv30_emit_stipple(struct nv30_context *nv30)
{
   nv30_hw_set_group(nv30, NV30_3D_POLYGON_STIPPLE_PATTERN(0),
                     nv30->stipple.stipple, ARRAY_SIZE(nv30->stipple.stipple));
}

static void
nv30_emit_scissor(struct nv30_context *nv30)
{
   unsigned x0 = 0, y0 = 0, x1 = NV30_MAX_COORD, y1 = NV30_MAX_COORD;

   if (nv30->rast && nv30->rast->pipe.scissor) {
      x0 = MIN2(nv30->scissor.minx, NV30_MAX_COORD);
      y0 = MIN2(nv30->scissor.miny, NV30_MAX_COORD);
      x1 = CLAMP(nv30->scissor.maxx, x0, NV30_MAX_COORD);
      y1 = CLAMP(nv30->scissor.maxy, y0, NV30_MAX_COORD);
   }
   const uint32_t scissor[] = {
      NV30_3D_SCISSOR_HORIZ_X(x0) | NV30_3D_SCISSOR_HORIZ_W(x1 - x0),
      NV30_3D_SCISSOR_VERT_Y(y0) | NV30_3D_SCISSOR_VERT_H(y1 - y0),
   };
   nv30_hw_set_group(nv30, NV30_3D_SCISSOR_HORIZ, scissor, ARRAY_SIZE(scissor));
}

static void
nv30_emit_viewport(struct nv30_context *nv30)
{
   const struct pipe_viewport_state *vp = &nv30->viewport;
   float zmin = vp->translate[2] - fabsf(vp->scale[2]);
   float zmax = vp->translate[2] + fabsf(vp->scale[2]);
   float x = vp->translate[0] - fabsf(vp->scale[0]);
   float y = vp->translate[1] - fabsf(vp->scale[1]);
   float w = 2.0f * fabsf(vp->scale[0]);
   float h = 2.0f * fabsf(vp->scale[1]);

   /* window = ndc * SCALE + TRANSLATE (rnndb VIEWPORT_TRANSLATE_X..W then
    * VIEWPORT_SCALE_X..W, consecutive methods); W is unused */
   const uint32_t xform[8] = {
      fui(vp->translate[0]), fui(vp->translate[1]), fui(vp->translate[2]),
      fui(0.0f),
      fui(vp->scale[0]), fui(vp->scale[1]), fui(vp->scale[2]), fui(0.0f),
   };
   const uint32_t depth_range[2] = { fui(zmin), fui(zmax) };
   /* the clip rectangle of the viewport, whole pixels */
   const uint32_t rect[2] = {
      NV30_3D_VIEWPORT_HORIZ_X((unsigned)CLAMP(x, 0.0f, NV30_MAX_COORD - 1)) |
      NV30_3D_VIEWPORT_HORIZ_W((unsigned)CLAMP(w, 0.0f, NV30_MAX_COORD)),
      NV30_3D_VIEWPORT_VERT_Y((unsigned)CLAMP(y, 0.0f, NV30_MAX_COORD - 1)) |
      NV30_3D_VIEWPORT_VERT_H((unsigned)CLAMP(h, 0.0f, NV30_MAX_COORD)),
   };

   nv30_hw_set_group(nv30, NV30_3D_VIEWPORT_TRANSLATE_X, xform,
                     ARRAY_SIZE(xform));
   nv30_hw_set_group(nv30, NV30_3D_DEPTH_RANGE_NEAR, depth_range,
                     ARRAY_SIZE(depth_range));
   nv30_hw_set_group(nv30, NV30_3D_VIEWPORT_HORIZ, rect, ARRAY_SIZE(rect));
}

/* Reads what emission needs from buffers, before any pushbuffer space
 * is reserved (mapping may submit our own pushbuffer). */
bool
nv30_state_prepare(struct nv30_context *nv30)
{
   struct nv30_vertex_state *vs = nv30->vertex;

   if ((nv30->dirty & NV30_DIRTY_VERTEX) && vs) {
      for (unsigned i = 0; i < vs->num_elements; i++) {
         const struct nv30_vertex_element *ve = &vs->element[i];
         const struct pipe_vertex_buffer *vb =
            &nv30->vtxbuf[ve->pipe.vertex_buffer_index];
         const void *src;

         if (vb->stride || !vb->buffer.resource)
            continue;
         if (vb->is_user_buffer)
            src = (const uint8_t *)vb->buffer.user + vb->buffer_offset +
                  ve->pipe.src_offset;
         else
            src = nv30_buffer_map_read(&nv30->base, vb->buffer.resource,
                                       vb->buffer_offset + ve->pipe.src_offset);
         if (!src)
            return false;
         nv30->vtx_const[i][0] = 0.0f;
         nv30->vtx_const[i][1] = 0.0f;
         nv30->vtx_const[i][2] = 0.0f;
         nv30->vtx_const[i][3] = 1.0f;
         util_format_unpack_rgba(ve->pipe.src_format, nv30->vtx_const[i], src, 1);
      }
   }
   /* NPOT compressed textures' companions, every draw: a write to a
    * texture dirties no state (their buffers mapped) */
   if (nv30->views_companion)
      nv30_companions_prepare(nv30);
   /* nothing the programs depend on changed (nv30_shader_prepare's
    * conditions; it would only check that they can draw) */
   if (!(nv30->dirty & (NV30_DIRTY_VERTPROG | NV30_DIRTY_FRAGPROG |
                        NV30_DIRTY_VERTCONST | NV30_DIRTY_FRAGCONST |
                        NV30_DIRTY_RASTERIZER | NV30_DIRTY_CLIP |
                        NV30_DIRTY_TEXTURES)) &&
       !(nouveau_debug & NOUVEAU_DEBUG_FALLBACK) &&
       nv30->vertprog && nv30->fp_run && nv30->fp_run->compiled)
      return true;
   return nv30_shader_prepare(nv30);
}

/* Vertex fetch: one VTXFMT/VTXBUF pair per vertex element; element i
 * feeds vertex program attribute i. */
static bool
nv30_emit_vertex(struct nv30_context *nv30)
{
   struct nv30_vertex_state *vs = nv30->vertex;
   struct nouveau_push *p = &nv30->push;
   unsigned n = vs ? vs->num_elements : 0;
   unsigned count = MAX2(n, nv30->hw_vtxfmt_count);

   if (count) {
      uint32_t fmt[NV30_3D_VTXFMT__LEN];

      for (unsigned i = 0; i < count; i++) {
         const struct nv30_vertex_element *ve = i < n ? &vs->element[i] : NULL;
         const struct pipe_vertex_buffer *vb =
            ve ? &nv30->vtxbuf[ve->pipe.vertex_buffer_index] : NULL;

         if (!ve || !vb->buffer.resource || vb->stride == 0) {
            /* SIZE 0: not fetched; the attribute keeps its current
             * value (VTX_ATTR_*), set below for stride-0 elements. */
            fmt[i] = NV30_3D_VTXFMT_TYPE_V32_FLOAT;
            continue;
         }
         fmt[i] = ve->hw_type | NV30_3D_VTXFMT_SIZE(ve->components) |
                  NV30_3D_VTXFMT_STRIDE(vb->stride);
      }
      nv30_hw_set_group(nv30, NV30_3D_VTXFMT(0), fmt, count);
   }
   nv30->hw_vtxfmt_count = n;

   for (unsigned i = 0; i < n; i++) {
      const struct nv30_vertex_element *ve = &vs->element[i];
      const struct pipe_vertex_buffer *vb =
         &nv30->vtxbuf[ve->pipe.vertex_buffer_index];
      struct nv30_resource *res;
      uint32_t offset;

      if (!vb->buffer.resource)
         continue;
      if (vb->is_user_buffer && vb->stride) {
         /* copied for this draw by nv30_draw.c */
         if (!nv30->user_vb[ve->pipe.vertex_buffer_index].res)
            continue;
         res = nv30_resource(nv30->user_vb[ve->pipe.vertex_buffer_index].res);
         offset = nv30->user_vb[ve->pipe.vertex_buffer_index].offset +
                  ve->pipe.src_offset;
      } else {
         res = nv30_resource(vb->buffer.resource);
         offset = vb->buffer_offset + ve->pipe.src_offset +
                  nv30->vtx_shift * vb->stride;
      }

      if (vb->stride == 0) {
         /* One value for all vertices: the current attribute, read by
          * nv30_state_prepare. */
         NV30_3D_MTHD(nv30, NV30_3D_VTX_ATTR_4F_X(i), 4);
         nouveau_push_datap(p, nv30->vtx_const[i], 4);
         continue;
      }
      if (!res->bo)
         continue;
      /* (listed by nv30_state_reference) */
      NV30_3D_MTHD(nv30, NV30_3D_VTXBUF(i), 1);
      nouveau_push_reloc_listed(p, res->bo, offset,
                         NOUVEAU_BO_LOW | NOUVEAU_BO_OR | NOUVEAU_BO_RD |
                         res->domain,
                         0, NV30_3D_VTXBUF_DMA1(1));
   }
   return true;
}

/* The vertex cache keeps vertex buffer bytes across draws and
 * submissions and does not see memory change (rnndb VTX_CACHE_INVALIDATE;
 * nvsim's model in nv40_3d_vertex.c).  The CPU writes buffers without
 * telling us (persistent maps: st/mesa's glBegin/glEnd buffer), but only
 * while no submission that draws with what it writes has run: all of a
 * submission's commands are made before it is submitted.  So one
 * invalidate before the first draw of each submission is enough; the
 * cache is tagged by address, so new VTXBUF values need none. */
static void
nv30_emit_vtx_cache(struct nv30_context *nv30)
{
   if (!nv30->vtx_cache_stale)
      return;
   /* Rankine has no VTX_CACHE_INVALIDATE; the write to 0x1710 that
    * upstream sends on both generations as its "VTX_CACHE_INVALIDATE_1710"
    * is there (hwdb UNK1710 says so; nvsim invalidates on either). */
   if (nv30->chip->generation == NVHWDB_GEN_CURIE)
      NV30_3D_1(nv30, NV40_3D_VTX_CACHE_INVALIDATE, 0);
   else
      NV30_3D_1(nv30, NV30_3D_UNK1710, 0);
   nv30->vtx_cache_stale = false;
}

static void
nv30_emit_clip(struct nv30_context *nv30)
{
   unsigned enable = nv30->rast ? nv30->rast->pipe.clip_plane_enable : 0;
   uint32_t hw = 0;

   /* Planes live in VP constants 0..5, where the compiled VP reads them
    * (nvc_compiler.h, nvc_target.vp.first_free_const). */
   for (unsigned i = 0; i < 6; i++) {
      if (!(enable & (1 << i)))
         continue;
      nv30_vp_upload_const(nv30, i, nv30->clip.ucp[i]);
      hw |= NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE0(1) << (4 * i);
   }
   nv30_hw_set(nv30, NV30_3D_VP_CLIP_PLANES_ENABLE, hw);
}

/* Point sprites: ENABLE makes points squares with sprite coordinates,
 * COORD_REPLACE_n gives them to texture coordinate n (rnndb
 * nv30-40_3d.xml POINT_SPRITE; upstream sets ENABLE exactly for
 * point_quad_rasterization, fact).  sprite_coord_enable names generic
 * varyings (VARYING_SLOT_VAR0 + k as bit k: st/mesa without
 * PIPE_CAP_TGSI_TEXCOORD, gl_TexCoord[k] and gl_PointCoord included);
 * the FP says which texture coordinate carries each. */
static void
nv30_emit_point_sprite(struct nv30_context *nv30)
{
   static const uint32_t replace[] = {
      NV30_3D_POINT_SPRITE_COORD_REPLACE_0, NV30_3D_POINT_SPRITE_COORD_REPLACE_1,
      NV30_3D_POINT_SPRITE_COORD_REPLACE_2, NV30_3D_POINT_SPRITE_COORD_REPLACE_3,
      NV30_3D_POINT_SPRITE_COORD_REPLACE_4, NV30_3D_POINT_SPRITE_COORD_REPLACE_5,
      NV30_3D_POINT_SPRITE_COORD_REPLACE_6, NV30_3D_POINT_SPRITE_COORD_REPLACE_7,
   };
   const struct pipe_rasterizer_state *r = &nv30->rast->pipe;
   const struct nv30_fragprog *fp = nv30->fp_run;
   uint32_t hw = 0;

   if (r->point_quad_rasterization) {
      hw |= NV30_3D_POINT_SPRITE_ENABLE;
      for (unsigned n = 0; fp && fp->compiled && n < ARRAY_SIZE(replace) &&
                           n < nv30->target->fp.num_texcoords; n++) {
         unsigned slot = fp->bin.texcoord_varying[n];
         if (slot >= VARYING_SLOT_VAR0 && slot < VARYING_SLOT_VAR0 + 32 &&
             (r->sprite_coord_enable & BITFIELD_BIT(slot - VARYING_SLOT_VAR0)))
            hw |= replace[n];
      }
   }
   nv30_hw_set(nv30, NV30_3D_POINT_SPRITE, hw);
}

unsigned
nv30_state_emit_words(struct nv30_context *nv30)
{
   /* (nv30_hw_set_group: two words a method at most) */
   unsigned words = 768 + NV30_TEXTURE_EMIT_WORDS;

   if ((nv30->dirty & (NV30_DIRTY_VERTPROG | NV30_DIRTY_VERTCONST)) ||
       (nv30->vertprog && nv30->vertprog->res_epoch != nv30->vp_epoch)) {
      /* program upload (5 words per instruction) and constants (6 per) */
      words += nv30->target->vp.max_insns * 5 +
               nv30->target->vp.num_consts * 6;
   }
   return words;
}

unsigned
nv30_state_emit_relocs(const struct nv30_context *nv30)
{
   uint32_t dirty = nv30->dirty;
   unsigned relocs = 0;

   /* DMA_COLOR0, DMA_ZETA, COLOR0_OFFSET, ZETA_OFFSET; DMA and OFFSET
    * of each other colour buffer */
   if (dirty & NV30_DIRTY_FRAMEBUFFER)
      relocs += 4 + 2 * ARRAY_SIZE(nv30_mrt);
   /* FP_ACTIVE_PROGRAM */
   if (dirty & (NV30_DIRTY_FRAGPROG | NV30_DIRTY_FRAGCONST))
      relocs += 1;
   /* TEX_OFFSET and TEX_FORMAT of each unit */
   if (dirty & (NV30_DIRTY_TEXTURES | NV30_DIRTY_FRAGPROG))
      relocs += 2 * NV30_MAX_TEX_UNITS;
   /* VTXBUF of each element */
   if ((dirty & NV30_DIRTY_VERTEX) && nv30->vertex)
      relocs += nv30->vertex->num_elements;
   return relocs;
}

/* Adds a buffer with its access and domain to a reference list. */
static void
nv30_ref_add(struct nouveau_pushbuf_refn *refs, unsigned *n,
             struct nouveau_bo *bo, uint32_t flags)
{
   if (bo) {
      refs[*n].bo = bo;
      refs[*n].flags = flags;
      (*n)++;
   }
}

/* The buffer vertex element i reads, or NULL (a constant, or none). */
static inline struct nouveau_bo *
nv30_vertex_bo(const struct nv30_context *nv30, unsigned i)
{
   unsigned b = nv30->vertex->element[i].pipe.vertex_buffer_index;
   const struct pipe_vertex_buffer *vb = &nv30->vtxbuf[b];
   struct pipe_resource *pres = vb->is_user_buffer ? nv30->user_vb[b].res :
                                                     vb->buffer.resource;

   return pres && vb->stride ? nv30_resource(pres)->bo : NULL;
}

/* Were all the vertex buffers listed in this submission already? */
static bool
nv30_vertex_listed(const struct nv30_context *nv30)
{
   for (unsigned i = 0; nv30->vertex && i < nv30->vertex->num_elements; i++) {
      struct nouveau_bo *bo = nv30_vertex_bo(nv30, i);
      unsigned k;

      if (!bo)
         continue;
      for (k = 0; k < NV30_VB_LISTED && nv30->vb_listed[k] != bo; k++)
         ;
      if (k == NV30_VB_LISTED)
         return false;
   }
   return true;
}

/* The buffers of the state groups in dirty into refs. */
static unsigned
nv30_state_refs(struct nv30_context *nv30, uint32_t dirty,
                struct nouveau_pushbuf_refn *refs)
{
   struct pipe_framebuffer_state *fb = &nv30->framebuffer;
   struct nv30_vertex_state *vs = nv30->vertex;
   unsigned n = 0;

   if (dirty & NV30_DIRTY_FRAMEBUFFER) {
      for (unsigned i = 0; i < fb->nr_cbufs && i < PIPE_MAX_COLOR_BUFS; i++) {
         if (fb->cbufs[i]) {
            struct nv30_resource *res = nv30_resource(fb->cbufs[i]->texture);
            nv30_ref_add(refs, &n, res->bo, NOUVEAU_BO_RDWR | res->domain);
         }
      }
      if (fb->zsbuf) {
         struct nv30_resource *res = nv30_resource(fb->zsbuf->texture);
         nv30_ref_add(refs, &n, res->bo, NOUVEAU_BO_RDWR | res->domain);
      }
   }
   if (dirty & NV30_DIRTY_VERTEX) {
      for (unsigned i = 0; vs && i < vs->num_elements; i++) {
         unsigned b = vs->element[i].pipe.vertex_buffer_index;
         const struct pipe_vertex_buffer *vb = &nv30->vtxbuf[b];
         struct pipe_resource *pres = vb->is_user_buffer ?
                                      nv30->user_vb[b].res :
                                      vb->buffer.resource;

         if (pres && vb->stride)
            nv30_ref_add(refs, &n, nv30_resource(pres)->bo,
                         NOUVEAU_BO_RD | nv30_resource(pres)->domain);
      }
   }
   if (dirty & (NV30_DIRTY_TEXTURES | NV30_DIRTY_FRAGPROG)) {
      uint32_t bound = nv30->views_bound;

      while (bound) {
         unsigned i = u_bit_scan(&bound);
         if (nv30->views[i]->texture) {
            struct nv30_resource *res =
               nv30_resource_sampled(nv30->views[i]->texture);
            nv30_ref_add(refs, &n, res->bo, NOUVEAU_BO_RD | res->domain);
         }
      }
   }
   if (nv30->draw_idx)
      nv30_ref_add(refs, &n, nv30->draw_idx->bo,
                   NOUVEAU_BO_RD | nv30->draw_idx->domain);
   if ((dirty & (NV30_DIRTY_FRAGPROG | NV30_DIRTY_FRAGCONST)) && nv30->fp_ring)
      nv30_ref_add(refs, &n, nv30->fp_ring,
                   NOUVEAU_BO_RD | (nv30->fp_ring->flags & NOUVEAU_BO_APER));
   return n;
}

/*
 * Puts every buffer the next draw uses on the submission's list before
 * any method is written.  libdrm submits when a buffer does not fit the
 * list (NOUVEAU_GEM_MAX_BUFFERS, or its share of VRAM/GART): done inside
 * the relocation of a method group, that would end the submission
 * between a method header and its data, and libdrm starts the next with
 * words of its own.  Here a submission only happens before the group
 * (and libdrm names the bound state's buffers in the next one, their
 * bins).  False when even an empty submission cannot hold them all.
 *
 * Within a submission the list only grows: the buffers of the groups
 * that are not dirty were listed by an earlier draw of the same
 * submission (refs_listed, false after a submission: the first draw of
 * one lists every group's), so only the dirty groups' and the index
 * buffer are listed then.
 */
static bool
nv30_state_reference(struct nv30_context *nv30)
{
   struct nouveau_pushbuf_refn refs[PIPE_MAX_COLOR_BUFS + 1 +
                                    PIPE_MAX_ATTRIBS + NV30_MAX_TEX_UNITS + 2];
   uint32_t dirty = nv30->refs_listed ? nv30->dirty : NV30_DIRTY_ALL;
   struct nouveau_bo *idx = nv30->draw_idx ? nv30->draw_idx->bo : NULL;

   if (nv30->refs_listed && (!idx || idx == nv30->refs_idx_bo) &&
       (!(dirty & NV30_DIRTY_BUFFERS) ||
        ((dirty & NV30_DIRTY_BUFFERS) == NV30_DIRTY_VERTEX &&
         nv30_vertex_listed(nv30))))
      return true;
   for (;;) {
      uint32_t submission = nv30->submission;
      unsigned n = nv30_state_refs(nv30, dirty, refs);

      if (nouveau_pushbuf_refn(nv30->pushbuf, refs, n)) {
         NOUVEAU_ERR("a draw uses more memory than a submission may name\n");
         return false;
      }
      /* a submission made for them: was it refused? */
      if (!nv30_check_kick(nv30))
         return false;
      /* libdrm lists what did not fit in the next submission; the
       * groups that were not dirty are not in it: list all */
      if (submission != nv30->submission && dirty != NV30_DIRTY_ALL) {
         dirty = NV30_DIRTY_ALL;
         continue;
      }
      break;
   }
   nv30->refs_listed = true;
   nv30->refs_idx_bo = idx;
   /* (all were listed with the same access and domains: nv30_state_refs) */
   for (unsigned i = 0; (dirty & NV30_DIRTY_VERTEX) && nv30->vertex &&
                        i < nv30->vertex->num_elements; i++) {
      struct nouveau_bo *bo = nv30_vertex_bo(nv30, i);

      if (bo) {
         nv30->vb_listed[nv30->vb_listed_next] = bo;
         nv30->vb_listed_next = (nv30->vb_listed_next + 1) % NV30_VB_LISTED;
      }
   }
   return true;
}

bool
nv30_state_emit(struct nv30_context *nv30)
{
   uint32_t dirty;

   if (nv30->lost || !nv30_state_reference(nv30))
      return false;
   dirty = nv30->dirty;

   /* what names buffers records them in its bin (nouveau_push_bin) */
   if (dirty & NV30_DIRTY_FRAMEBUFFER) {
      nouveau_push_bin(&nv30->push, NV30_BIN_FRAMEBUFFER);
      nv30_emit_framebuffer(nv30);
   }
   if ((dirty & NV30_DIRTY_BLEND) && nv30->blend)
      nv30_emit_blend(nv30);
   if (dirty & NV30_DIRTY_BLEND_COLOR)
      nv30_emit_blend_color(nv30);
   if (dirty & (NV30_DIRTY_BLEND | NV30_DIRTY_RASTERIZER |
                NV30_DIRTY_SAMPLE_MASK))
      nv30_emit_multisample(nv30);
   if ((dirty & (NV30_DIRTY_ZSA | NV30_DIRTY_STENCIL_REF)) && nv30->zsa)
      nv30_emit_zsa(nv30);
   if ((dirty & NV30_DIRTY_RASTERIZER) && nv30->rast)
      nv30_emit_rasterizer(nv30);
   if (dirty & NV30_DIRTY_STIPPLE)
      nv30_emit_stipple(nv30);
   if (dirty & (NV30_DIRTY_SCISSOR | NV30_DIRTY_RASTERIZER))
      nv30_emit_scissor(nv30);
   if (dirty & NV30_DIRTY_VIEWPORT)
      nv30_emit_viewport(nv30);
   if (dirty & (NV30_DIRTY_CLIP | NV30_DIRTY_RASTERIZER))
      nv30_emit_clip(nv30);
   if ((dirty & (NV30_DIRTY_RASTERIZER | NV30_DIRTY_FRAGPROG)) && nv30->rast) {
      nv30_emit_point_sprite(nv30);
      nv30_emit_two_side(nv30);
   }
   if (((dirty & (NV30_DIRTY_VERTPROG | NV30_DIRTY_FRAGPROG)) &&
        nv30_emit_vertprog(nv30)) ||
       (dirty & (NV30_DIRTY_VERTCONST | NV30_DIRTY_VERTPROG)))
      nv30_emit_vertconst(nv30);
   if (dirty & (NV30_DIRTY_FRAGPROG | NV30_DIRTY_FRAGCONST)) {
      nouveau_push_bin(&nv30->push, NV30_BIN_FRAGPROG);
      nv30_emit_fragprog(nv30);
   }
   /* (each unit records its relocations in its own bin) */
   if (dirty & (NV30_DIRTY_TEXTURES | NV30_DIRTY_FRAGPROG))
      nv30_emit_textures(nv30);
   if (dirty & NV30_DIRTY_VERTEX) {
      nouveau_push_bin(&nv30->push, NV30_BIN_VERTEX);
      if (!nv30_emit_vertex(nv30)) {
         nv30->push.bin = -1;
         return false;
      }
   }
   nv30->push.bin = -1;
   nv30_emit_vtx_cache(nv30);
   /* the first draw of a submission with units enabled (nv30_texture.c) */
   if (nv30->tex_cache_stale && nv30->hw_tex_enabled)
      nv30_texture_cache_invalidate(nv30);
   nv30->dirty &= ~dirty;
   return !nv30->lost;
}
