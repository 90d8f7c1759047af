/*
 * State objects and parameters: each CSO turns the pipe state into the
 * hardware words once, at create time; nv30_emit.c sends them.
 *
 * The blend, comparison, stencil, logic-op, polygon-mode and face enums
 * of the 3D object take the OpenGL token values (rnndb nv_3ddefs.xml
 * gl_* enums); the names below are those of our hwdb headers.
 */

#include "util/u_helpers.h"
#include "util/u_inlines.h"
#include "util/u_framebuffer.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/format/u_format.h"

#include "nv30_context.h"
#include "nv30_funcs.h"
#include "nv30_format.h"
#include "nv30_resource.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"

static uint32_t
nv30_blend_factor(enum pipe_blendfactor f)
{
   switch (f) {
   case PIPE_BLENDFACTOR_ONE: return NV30_3D_BLEND_FUNC_SRC_RGB_ONE;
   case PIPE_BLENDFACTOR_SRC_COLOR: return NV30_3D_BLEND_FUNC_SRC_RGB_SRC_COLOR;
   case PIPE_BLENDFACTOR_SRC_ALPHA: return NV30_3D_BLEND_FUNC_SRC_RGB_SRC_ALPHA;
   case PIPE_BLENDFACTOR_DST_ALPHA: return NV30_3D_BLEND_FUNC_SRC_RGB_DST_ALPHA;
   case PIPE_BLENDFACTOR_DST_COLOR: return NV30_3D_BLEND_FUNC_SRC_RGB_DST_COLOR;
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE:
      return NV30_3D_BLEND_FUNC_SRC_RGB_SRC_ALPHA_SATURATE;
   case PIPE_BLENDFACTOR_CONST_COLOR:
      return NV30_3D_BLEND_FUNC_SRC_RGB_CONSTANT_COLOR;
   case PIPE_BLENDFACTOR_CONST_ALPHA:
      return NV30_3D_BLEND_FUNC_SRC_RGB_CONSTANT_ALPHA;
   case PIPE_BLENDFACTOR_INV_SRC_COLOR:
      return NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_SRC_COLOR;
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA:
      return NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_SRC_ALPHA;
   case PIPE_BLENDFACTOR_INV_DST_ALPHA:
      return NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_DST_ALPHA;
   case PIPE_BLENDFACTOR_INV_DST_COLOR:
      return NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_DST_COLOR;
   case PIPE_BLENDFACTOR_INV_CONST_COLOR:
      return NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_CONSTANT_COLOR;
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA:
      return NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_CONSTANT_ALPHA;
   case PIPE_BLENDFACTOR_ZERO:
   default:
      /* dual-source factors are not advertised */
      return NV30_3D_BLEND_FUNC_SRC_RGB_ZERO;
   }
}

static uint32_t
nv30_blend_equation(enum pipe_blend_func f)
{
   switch (f) {
   case PIPE_BLEND_SUBTRACT: return NV40_3D_BLEND_EQUATION_RGB_FUNC_SUBTRACT;
   case PIPE_BLEND_REVERSE_SUBTRACT:
      return NV40_3D_BLEND_EQUATION_RGB_FUNC_REVERSE_SUBTRACT;
   case PIPE_BLEND_MIN: return NV40_3D_BLEND_EQUATION_RGB_MIN;
   case PIPE_BLEND_MAX: return NV40_3D_BLEND_EQUATION_RGB_MAX;
   case PIPE_BLEND_ADD:
   default:
      return NV40_3D_BLEND_EQUATION_RGB_FUNC_ADD;
   }
}

/* gl_comparison_op: the same codes for depth, stencil and alpha. */
static uint32_t
nv30_compare(enum pipe_compare_func f)
{
   switch (f) {
   case PIPE_FUNC_NEVER: return NV30_3D_DEPTH_FUNC_NEVER;
   case PIPE_FUNC_LESS: return NV30_3D_DEPTH_FUNC_LESS;
   case PIPE_FUNC_EQUAL: return NV30_3D_DEPTH_FUNC_EQUAL;
   case PIPE_FUNC_LEQUAL: return NV30_3D_DEPTH_FUNC_LEQUAL;
   case PIPE_FUNC_GREATER: return NV30_3D_DEPTH_FUNC_GREATER;
   case PIPE_FUNC_NOTEQUAL: return NV30_3D_DEPTH_FUNC_NOTEQUAL;
   case PIPE_FUNC_GEQUAL: return NV30_3D_DEPTH_FUNC_GEQUAL;
   case PIPE_FUNC_ALWAYS:
   default:
      return NV30_3D_DEPTH_FUNC_ALWAYS;
   }
}

static uint32_t
nv30_stencil_op(enum pipe_stencil_op op)
{
   switch (op) {
   case PIPE_STENCIL_OP_ZERO: return NV30_3D_STENCIL_OP_FAIL_ZERO;
   case PIPE_STENCIL_OP_REPLACE: return NV30_3D_STENCIL_OP_FAIL_REPLACE;
   case PIPE_STENCIL_OP_INCR: return NV30_3D_STENCIL_OP_FAIL_INCR;
   case PIPE_STENCIL_OP_DECR: return NV30_3D_STENCIL_OP_FAIL_DECR;
   case PIPE_STENCIL_OP_INCR_WRAP: return NV30_3D_STENCIL_OP_FAIL_INCR_WRAP;
   case PIPE_STENCIL_OP_DECR_WRAP: return NV30_3D_STENCIL_OP_FAIL_DECR_WRAP;
   case PIPE_STENCIL_OP_INVERT: return NV30_3D_STENCIL_OP_FAIL_INVERT;
   case PIPE_STENCIL_OP_KEEP:
   default:
      return NV30_3D_STENCIL_OP_FAIL_KEEP;
   }
}

static uint32_t
nv30_logic_op(enum pipe_logicop op)
{
   /* PIPE_LOGICOP_* follow GL's order: CLEAR=0 ... SET=15, and the
    * gl_logic_op codes are consecutive from CLEAR (rnndb nv_3ddefs.xml). */
   static const uint32_t ops[16] = {
      NV30_3D_COLOR_LOGIC_OP_OP_CLEAR, NV30_3D_COLOR_LOGIC_OP_OP_NOR,
      NV30_3D_COLOR_LOGIC_OP_OP_AND_INVERTED, NV30_3D_COLOR_LOGIC_OP_OP_COPY_INVERTED,
      NV30_3D_COLOR_LOGIC_OP_OP_AND_REVERSE, NV30_3D_COLOR_LOGIC_OP_OP_INVERT,
      NV30_3D_COLOR_LOGIC_OP_OP_XOR, NV30_3D_COLOR_LOGIC_OP_OP_NAND,
      NV30_3D_COLOR_LOGIC_OP_OP_AND, NV30_3D_COLOR_LOGIC_OP_OP_EQUIV,
      NV30_3D_COLOR_LOGIC_OP_OP_NOOP, NV30_3D_COLOR_LOGIC_OP_OP_OR_INVERTED,
      NV30_3D_COLOR_LOGIC_OP_OP_COPY, NV30_3D_COLOR_LOGIC_OP_OP_OR_REVERSE,
      NV30_3D_COLOR_LOGIC_OP_OP_OR, NV30_3D_COLOR_LOGIC_OP_OP_SET,
   };
   return ops[op & 15];
}

static uint32_t
nv30_polygon_mode(unsigned mode)
{
   switch (mode) {
   case PIPE_POLYGON_MODE_POINT: return NV30_3D_POLYGON_MODE_FRONT_POINT;
   case PIPE_POLYGON_MODE_LINE: return NV30_3D_POLYGON_MODE_FRONT_LINE;
   default: return NV30_3D_POLYGON_MODE_FRONT_FILL;
   }
}

/* ---------------------------------------------------------------- blend */

/* MRT_BLEND_ENABLE and MRT_COLOR_MASK (R, G, B, A) bits of colour
 * buffers 1..3 (rnndb nv30-40_3d.xml; buffer 0 has BLEND_FUNC_ENABLE and
 * COLOR_MASK). */
static const struct {
   uint32_t blend;
   uint32_t mask[4];
} nv30_mrt_bits[] = {
   [1] = { NV40_3D_MRT_BLEND_ENABLE_COLOR1,
           { NV40_3D_MRT_COLOR_MASK_BUFFER1_R, NV40_3D_MRT_COLOR_MASK_BUFFER1_G,
             NV40_3D_MRT_COLOR_MASK_BUFFER1_B, NV40_3D_MRT_COLOR_MASK_BUFFER1_A } },
   [2] = { NV40_3D_MRT_BLEND_ENABLE_COLOR2,
           { NV40_3D_MRT_COLOR_MASK_BUFFER2_R, NV40_3D_MRT_COLOR_MASK_BUFFER2_G,
             NV40_3D_MRT_COLOR_MASK_BUFFER2_B, NV40_3D_MRT_COLOR_MASK_BUFFER2_A } },
   [3] = { NV40_3D_MRT_BLEND_ENABLE_COLOR3,
           { NV40_3D_MRT_COLOR_MASK_BUFFER3_R, NV40_3D_MRT_COLOR_MASK_BUFFER3_G,
             NV40_3D_MRT_COLOR_MASK_BUFFER3_B, NV40_3D_MRT_COLOR_MASK_BUFFER3_A } },
};

void *
nv30_blend_state_create(struct pipe_context *pipe,
                        const struct pipe_blend_state *cso)
{
   struct nv30_blend_state *so = CALLOC_STRUCT(nv30_blend_state);
   const struct pipe_rt_blend_state *rt = &cso->rt[0];

   if (!so)
      return NULL;
   so->pipe = *cso;
   so->blend_enable = rt->blend_enable;
   so->func_src =
      NV30_3D_BLEND_FUNC_SRC_ALPHA(nv30_blend_factor(rt->alpha_src_factor)) |
      NV30_3D_BLEND_FUNC_SRC_RGB(nv30_blend_factor(rt->rgb_src_factor));
   so->func_dst =
      NV30_3D_BLEND_FUNC_DST_ALPHA(nv30_blend_factor(rt->alpha_dst_factor)) |
      NV30_3D_BLEND_FUNC_DST_RGB(nv30_blend_factor(rt->rgb_dst_factor));
   if (nv30_context(pipe)->chip->blend_equation_separate) {
      /* BLEND_EQUATION.ALPHA is bits 16..31 (rnndb, curie variant) */
      so->equation = (nv30_blend_equation(rt->alpha_func)
                      << NV40_3D_BLEND_EQUATION_ALPHA__SHIFT) |
                     nv30_blend_equation(rt->rgb_func);
   } else {
      /* Rankine's BLEND_EQUATION is one GL enum for all four channels
       * (rnndb, rankine variant): where only alpha is written the alpha
       * equation decides; unequal ones with both written take two
       * passes (nv30_blend_split.c). */
      const unsigned rgb = PIPE_MASK_R | PIPE_MASK_G | PIPE_MASK_B;

      so->eq_rgb = nv30_blend_equation(rt->rgb_func);
      so->eq_alpha = nv30_blend_equation(rt->alpha_func);
      so->equation = (rt->colormask & rgb) ? so->eq_rgb : so->eq_alpha;
      so->split = rt->blend_enable && so->eq_rgb != so->eq_alpha &&
                  (rt->colormask & rgb) && (rt->colormask & PIPE_MASK_A);
   }
   so->color_mask =
      NV30_3D_COLOR_MASK_A(!!(rt->colormask & PIPE_MASK_A)) |
      NV30_3D_COLOR_MASK_R(!!(rt->colormask & PIPE_MASK_R)) |
      NV30_3D_COLOR_MASK_G(!!(rt->colormask & PIPE_MASK_G)) |
      NV30_3D_COLOR_MASK_B(!!(rt->colormask & PIPE_MASK_B));
   so->mask_rgb = so->color_mask & ~NV30_3D_COLOR_MASK_A__MASK;
   so->mask_alpha = so->color_mask & NV30_3D_COLOR_MASK_A__MASK;
   /* Buffers 1..3: MRT_BLEND_ENABLE and MRT_COLOR_MASK take one bit per
    * buffer (and channel); the blend functions are buffer 0's.  Without
    * independent blending (not advertised) rt[0] holds for all. */
   for (unsigned i = 1; i < ARRAY_SIZE(nv30_mrt_bits); i++) {
      const struct pipe_rt_blend_state *rti =
         cso->independent_blend_enable ? &cso->rt[i] : rt;

      if (rti->blend_enable)
         so->mrt_blend_enable |= nv30_mrt_bits[i].blend;
      for (unsigned c = 0; c < 4; c++) {
         if (rti->colormask & (PIPE_MASK_R << c))
            so->mrt_color_mask |= nv30_mrt_bits[i].mask[c];
      }
   }
   so->logic_enable = cso->logicop_enable;
   so->logic_op = nv30_logic_op(cso->logicop_func);
   so->dither = cso->dither;
   return so;
}

void
nv30_blend_state_bind(struct pipe_context *pipe, void *so)
{
   nv30_mark_dirty(pipe, NV30_DIRTY_BLEND)->blend = so;
}

/* ------------------------------------------------ depth, stencil, alpha */

void *
nv30_zsa_state_create(struct pipe_context *pipe,
                      const struct pipe_depth_stencil_alpha_state *cso)
{
   struct nv30_zsa_state *so = CALLOC_STRUCT(nv30_zsa_state);

   if (!so)
      return NULL;
   so->pipe = *cso;
   so->depth_test = cso->depth_enabled;
   so->depth_write = cso->depth_enabled && cso->depth_writemask;
   so->depth_func = nv30_compare(cso->depth_enabled ? cso->depth_func :
                                 PIPE_FUNC_ALWAYS);
   for (unsigned i = 0; i < 2; i++) {
      const struct pipe_stencil_state *s = &cso->stencil[i];
      so->stencil[i].enable = s->enabled;
      so->stencil[i].mask = s->writemask;
      so->stencil[i].func = nv30_compare(s->func);
      so->stencil[i].func_mask = s->valuemask;
      so->stencil[i].fail = nv30_stencil_op(s->fail_op);
      so->stencil[i].zfail = nv30_stencil_op(s->zfail_op);
      so->stencil[i].zpass = nv30_stencil_op(s->zpass_op);
   }
   so->alpha_enable = cso->alpha_enabled;
   so->alpha_func = nv30_compare(cso->alpha_func);
   /* ALPHA_FUNC_REF: an 8-bit unsigned normalised value */
   so->alpha_ref = float_to_ubyte(cso->alpha_ref_value);
   return so;
}

void
nv30_zsa_state_bind(struct pipe_context *pipe, void *so)
{
   nv30_mark_dirty(pipe, NV30_DIRTY_ZSA)->zsa = so;
}

/* ----------------------------------------------------------- rasterizer */

void *
nv30_rasterizer_state_create(struct pipe_context *pipe,
                             const struct pipe_rasterizer_state *cso)
{
   struct nv30_rasterizer_state *so = CALLOC_STRUCT(nv30_rasterizer_state);

   if (!so)
      return NULL;
   so->pipe = *cso;
   so->shade_model = cso->flatshade ? NV30_3D_SHADE_MODEL_FLAT :
                                      NV30_3D_SHADE_MODEL_SMOOTH;
   so->polygon_mode_front = nv30_polygon_mode(cso->fill_front);
   so->polygon_mode_back = nv30_polygon_mode(cso->fill_back);
   switch (cso->cull_face) {
   case PIPE_FACE_FRONT: so->cull_face = NV30_3D_CULL_FACE_FRONT; break;
   case PIPE_FACE_FRONT_AND_BACK:
      so->cull_face = NV30_3D_CULL_FACE_FRONT_AND_BACK; break;
   default: so->cull_face = NV30_3D_CULL_FACE_BACK; break;
   }
   so->cull_enable = cso->cull_face != PIPE_FACE_NONE;
   so->front_face = cso->front_ccw ? NV30_3D_FRONT_FACE_CCW :
                                     NV30_3D_FRONT_FACE_CW;
   so->poly_smooth = cso->poly_smooth;
   so->offset_point = cso->offset_point;
   so->offset_line = cso->offset_line;
   so->offset_fill = cso->offset_tri;
   so->offset_factor = cso->offset_scale;
   /* POLYGON_OFFSET_UNITS counts steps of the depth buffer (2^-24 of
    * Z24S8, 2^-16 of Z16); GL's r, the smallest difference guaranteed to
    * resolve (GL 2.1 3.5.5, implementation-defined), is two steps here
    * as in upstream's nv30 and in llvmpipe (docs/fidelity.md "Polygon
    * offset units"). */
   so->offset_units = cso->offset_units * 2.0f;
   /* LINE_WIDTH: 1/8 pixel units, 8 bits (see get_paramf) */
   so->line_width = MIN2(util_iround(cso->line_width * 8.0f), 255);
   so->line_smooth = cso->line_smooth;
   so->stipple_enable = cso->poly_stipple_enable;
   so->two_side = cso->light_twoside;
   so->point_size = cso->point_size;
   /* ARB_depth_clamp: without depth clipping there is no near or far
    * plane and fragments' depth is clamped to the depth range (upstream
    * writes 0x1 or 0x10, the CLIP bit or CLAMP field: hwdb
    * DEPTH_CONTROL; nvsim models both).  Near and far are one switch
    * (no PIPE_CAP_DEPTH_CLIP_DISABLE_SEPARATE). */
   so->depth_control = cso->depth_clip_near ? NV30_3D_DEPTH_CONTROL_CLIP :
                                              NV40_3D_DEPTH_CONTROL_CLAMP(1);
   return so;
}

void
nv30_rasterizer_state_bind(struct pipe_context *pipe, void *so)
{
   /* the scissor enable is part of the rasterizer state */
   nv30_mark_dirty(pipe, NV30_DIRTY_RASTERIZER | NV30_DIRTY_SCISSOR)->rast = so;
}

/* ------------------------------------------------------- vertex elements */

void *
nv30_vertex_state_create(struct pipe_context *pipe, unsigned count,
                         const struct pipe_vertex_element *elements)
{
   struct nv30_vertex_state *so;

   if (count > PIPE_MAX_ATTRIBS)
      return NULL;
   so = CALLOC_STRUCT(nv30_vertex_state);
   if (!so)
      return NULL;
   so->num_elements = count;
   for (unsigned i = 0; i < count; i++) {
      const struct nv30_format_info *info =
         nv30_format_info(elements[i].src_format);
      so->element[i].pipe = elements[i];
      /* is_format_supported refused everything else, so st/mesa (u_vbuf)
       * has converted it already */
      so->element[i].hw_type = info->vtx_type;
      so->element[i].components =
         util_format_get_nr_components(elements[i].src_format);
   }
   return so;
}

void
nv30_vertex_state_bind(struct pipe_context *pipe, void *so)
{
   /* VP_ATTRIB_EN follows the elements */
   nv30_mark_dirty(pipe, NV30_DIRTY_VERTEX | NV30_DIRTY_VERTPROG)->vertex = so;
}

/* ------------------------------------------------------------ parameters */

/* Every plain state object is one malloc'ed struct. */
void
nv30_cso_delete(struct pipe_context *pipe, void *so)
{
   FREE(so);
}

void
nv30_set_blend_color(struct pipe_context *pipe,
                     const struct pipe_blend_color *color)
{
   nv30_mark_dirty(pipe, NV30_DIRTY_BLEND_COLOR)->blend_color = *color;
}

void
nv30_set_stencil_ref(struct pipe_context *pipe, const struct pipe_stencil_ref ref)
{
   nv30_mark_dirty(pipe, NV30_DIRTY_STENCIL_REF)->stencil_ref = ref;
}

void
nv30_set_clip_state(struct pipe_context *pipe,
                    const struct pipe_clip_state *clip)
{
   nv30_mark_dirty(pipe, NV30_DIRTY_CLIP)->clip = *clip;
}

void
nv30_set_polygon_stipple(struct pipe_context *pipe,
                         const struct pipe_poly_stipple *stipple)
{
   nv30_mark_dirty(pipe, NV30_DIRTY_STIPPLE)->stipple = *stipple;
}

/* One viewport and one scissor rectangle (PIPE_CAP_MAX_VIEWPORTS 1). */
void
nv30_set_scissor_states(struct pipe_context *pipe, unsigned start,
                        unsigned count, const struct pipe_scissor_state *s)
{
   if (start == 0 && count)
      nv30_mark_dirty(pipe, NV30_DIRTY_SCISSOR)->scissor = s[0];
}

void
nv30_set_viewport_states(struct pipe_context *pipe, unsigned start,
                         unsigned count, const struct pipe_viewport_state *vp)
{
   if (start == 0 && count)
      nv30_mark_dirty(pipe, NV30_DIRTY_VIEWPORT)->viewport = vp[0];
}

void
nv30_set_sample_mask(struct pipe_context *pipe, unsigned mask)
{
   nv30_mark_dirty(pipe, NV30_DIRTY_SAMPLE_MASK)->sample_mask = mask;
}

void
nv30_set_min_samples(struct pipe_context *pipe, unsigned min_samples)
{
}

void
nv30_set_framebuffer_state(struct pipe_context *pipe,
                           const struct pipe_framebuffer_state *fb)
{
   /* the scissor and viewport rectangles are clamped to the targets;
    * the fragment program is sent again with them */
   struct nv30_context *nv30 =
      nv30_mark_dirty(pipe, NV30_DIRTY_FRAMEBUFFER | NV30_DIRTY_SCISSOR |
                            NV30_DIRTY_VIEWPORT | NV30_DIRTY_FRAGPROG);

   /* slices drawn through a shadow (nv30_resource.h) get what was drawn */
   for (unsigned i = 0; i < nv30->framebuffer.nr_cbufs; i++) {
      if (nv30->framebuffer.cbufs[i])
         nv30_surface_writeback(pipe, nv30_surface(nv30->framebuffer.cbufs[i]));
   }
   if (nv30->framebuffer.zsbuf)
      nv30_surface_writeback(pipe, nv30_surface(nv30->framebuffer.zsbuf));
   util_copy_framebuffer_state(&nv30->framebuffer, fb);
   /* the texture may have been drawn or written since a shadow was
    * last filled (another framebuffer, a blit) */
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (fb->cbufs[i])
         nv30_surface_fill(pipe, nv30_surface(fb->cbufs[i]));
   }
   nv30_surface_match_zeta(pipe);
}

void
nv30_set_constant_buffer(struct pipe_context *pipe, enum pipe_shader_type shader,
                         uint index, bool take_ownership,
                         const struct pipe_constant_buffer *cb)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct pipe_constant_buffer *slot;

   if (index != 0 || shader >= PIPE_SHADER_TYPES)
      return;
   slot = &nv30->constbuf[shader];
   if (cb) {
      if (take_ownership) {
         pipe_resource_reference(&slot->buffer, NULL);
         slot->buffer = cb->buffer;
      } else {
         pipe_resource_reference(&slot->buffer, cb->buffer);
      }
      slot->buffer_offset = cb->buffer_offset;
      slot->buffer_size = cb->buffer_size;
      slot->user_buffer = NULL;
      if (cb->user_buffer) {
         /* Only valid during this call: keep a copy for draw time. */
         void *copy = realloc(nv30->constdata[shader], MAX2(cb->buffer_size, 1));
         if (copy) {
            memcpy(copy, cb->user_buffer, cb->buffer_size);
            nv30->constdata[shader] = copy;
            slot->user_buffer = copy;
         } else {
            slot->buffer_size = 0;
         }
      }
   } else {
      pipe_resource_reference(&slot->buffer, NULL);
      slot->user_buffer = NULL;
      slot->buffer_size = 0;
   }
   nv30->dirty |= shader == PIPE_SHADER_VERTEX ? NV30_DIRTY_VERTCONST :
                                                 NV30_DIRTY_FRAGCONST;
}

void
nv30_set_vertex_buffers(struct pipe_context *pipe, unsigned start, unsigned count,
                        unsigned unbind_trailing, bool take_ownership,
                        const struct pipe_vertex_buffer *vb)
{
   struct nv30_context *nv30 = nv30_mark_dirty(pipe, NV30_DIRTY_VERTEX);

   util_set_vertex_buffers_count(nv30->vtxbuf, &nv30->num_vtxbufs, vb, start,
                                 count, unbind_trailing, take_ownership);
}
