/*
 * Derives the rasterizer/ROP state from the stored methods when a
 * primitive begins.  The GL-valued methods take GL's enums (rnndb
 * graph/nv_3ddefs.xml gl_comparison_op, gl_blend_factor, ...: the values
 * upstream's nvgl_* helpers write).
 */
#include <string.h>

#include "nv40_3d.h"
#include "nvsim_raster_math.h"

static bool
map_func(uint32_t v, enum nvsim_raster_func *out)
{
   /* gl_comparison_op: NEVER .. ALWAYS are consecutive, in GL's order */
   if (v < NV30_3D_DEPTH_FUNC_NEVER || v > NV30_3D_DEPTH_FUNC_ALWAYS)
      return false;
   *out = (enum nvsim_raster_func)(v - NV30_3D_DEPTH_FUNC_NEVER);
   return true;
}

static bool
map_blend_factor(uint32_t v, enum nvsim_raster_blend_factor *out)
{
   static const struct {
      uint32_t hw;
      enum nvsim_raster_blend_factor f;
   } map[] = {
      { NV30_3D_BLEND_FUNC_SRC_RGB_ZERO, NVSIM_RASTER_BF_ZERO },
      { NV30_3D_BLEND_FUNC_SRC_RGB_ONE, NVSIM_RASTER_BF_ONE },
      { NV30_3D_BLEND_FUNC_SRC_RGB_SRC_COLOR, NVSIM_RASTER_BF_SRC_COLOR },
      { NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_SRC_COLOR, NVSIM_RASTER_BF_ONE_MINUS_SRC_COLOR },
      { NV30_3D_BLEND_FUNC_SRC_RGB_SRC_ALPHA, NVSIM_RASTER_BF_SRC_ALPHA },
      { NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_SRC_ALPHA, NVSIM_RASTER_BF_ONE_MINUS_SRC_ALPHA },
      { NV30_3D_BLEND_FUNC_SRC_RGB_DST_ALPHA, NVSIM_RASTER_BF_DST_ALPHA },
      { NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_DST_ALPHA, NVSIM_RASTER_BF_ONE_MINUS_DST_ALPHA },
      { NV30_3D_BLEND_FUNC_SRC_RGB_DST_COLOR, NVSIM_RASTER_BF_DST_COLOR },
      { NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_DST_COLOR, NVSIM_RASTER_BF_ONE_MINUS_DST_COLOR },
      { NV30_3D_BLEND_FUNC_SRC_RGB_SRC_ALPHA_SATURATE, NVSIM_RASTER_BF_SRC_ALPHA_SATURATE },
      { NV30_3D_BLEND_FUNC_SRC_RGB_CONSTANT_COLOR, NVSIM_RASTER_BF_CONSTANT_COLOR },
      { NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_CONSTANT_COLOR, NVSIM_RASTER_BF_ONE_MINUS_CONSTANT_COLOR },
      { NV30_3D_BLEND_FUNC_SRC_RGB_CONSTANT_ALPHA, NVSIM_RASTER_BF_CONSTANT_ALPHA },
      { NV30_3D_BLEND_FUNC_SRC_RGB_ONE_MINUS_CONSTANT_ALPHA, NVSIM_RASTER_BF_ONE_MINUS_CONSTANT_ALPHA },
   };
   for (unsigned i = 0; i < sizeof(map) / sizeof(map[0]); i++)
      if (map[i].hw == v) {
         *out = map[i].f;
         return true;
      }
   return false;
}

static bool
map_blend_eq(uint32_t v, enum nvsim_raster_blend_eq *out)
{
   switch (v) {
   case NV40_3D_BLEND_EQUATION_RGB_FUNC_ADD: *out = NVSIM_RASTER_BEQ_ADD; return true;
   case NV40_3D_BLEND_EQUATION_RGB_FUNC_SUBTRACT: *out = NVSIM_RASTER_BEQ_SUBTRACT; return true;
   case NV40_3D_BLEND_EQUATION_RGB_FUNC_REVERSE_SUBTRACT: *out = NVSIM_RASTER_BEQ_REVERSE_SUBTRACT; return true;
   case NV40_3D_BLEND_EQUATION_RGB_MIN: *out = NVSIM_RASTER_BEQ_MIN; return true;
   case NV40_3D_BLEND_EQUATION_RGB_MAX: *out = NVSIM_RASTER_BEQ_MAX; return true;
   default: return false;
   }
}

static bool
map_stencil_op(uint32_t v, enum nvsim_raster_stencil_op *out)
{
   switch (v) {
   case NV30_3D_STENCIL_OP_FAIL_KEEP: *out = NVSIM_RASTER_SOP_KEEP; return true;
   case NV30_3D_STENCIL_OP_FAIL_ZERO: *out = NVSIM_RASTER_SOP_ZERO; return true;
   case NV30_3D_STENCIL_OP_FAIL_REPLACE: *out = NVSIM_RASTER_SOP_REPLACE; return true;
   case NV30_3D_STENCIL_OP_FAIL_INCR: *out = NVSIM_RASTER_SOP_INCR; return true;
   case NV30_3D_STENCIL_OP_FAIL_DECR: *out = NVSIM_RASTER_SOP_DECR; return true;
   case NV30_3D_STENCIL_OP_FAIL_INVERT: *out = NVSIM_RASTER_SOP_INVERT; return true;
   case NV30_3D_STENCIL_OP_FAIL_INCR_WRAP: *out = NVSIM_RASTER_SOP_INCR_WRAP; return true;
   case NV30_3D_STENCIL_OP_FAIL_DECR_WRAP: *out = NVSIM_RASTER_SOP_DECR_WRAP; return true;
   default: return false;
   }
}

/* The enum methods read here were checked against hwdb's values when they
 * executed (nv40_3d_class.c enum_checked_mthds): a refused value was
 * dropped and never reaches a draw.  A value that fails to map here is
 * one hwdb names and this model does not know, which is our gap. */
static enum nvsim_status
bad_value(struct nv40_3d *ctx, const char *what, uint32_t v)
{
   return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                       "%s: 0x%x is named by hwdb but not modelled", what, v);
}

static enum nvsim_status
validate_stencil(struct nv40_3d *ctx, unsigned i, struct nvsim_raster_stencil *s)
{
   s->enable = nv40_3d_reg(ctx, NV30_3D_STENCIL_ENABLE(i)) != 0;
   if (!s->enable)
      return NVSIM_OK;
   s->write_mask = nv40_3d_reg(ctx, NV30_3D_STENCIL_MASK(i)) & 0xff;
   s->ref = nv40_3d_reg(ctx, NV30_3D_STENCIL_FUNC_REF(i)) & 0xff;
   s->func_mask = nv40_3d_reg(ctx, NV30_3D_STENCIL_FUNC_MASK(i)) & 0xff;
   if (!map_func(nv40_3d_reg(ctx, NV30_3D_STENCIL_FUNC_FUNC(i)), &s->func))
      return bad_value(ctx, "STENCIL_FUNC_FUNC",
                       nv40_3d_reg(ctx, NV30_3D_STENCIL_FUNC_FUNC(i)));
   if (!map_stencil_op(nv40_3d_reg(ctx, NV30_3D_STENCIL_OP_FAIL(i)), &s->op_fail) ||
       !map_stencil_op(nv40_3d_reg(ctx, NV30_3D_STENCIL_OP_ZFAIL(i)), &s->op_zfail) ||
       !map_stencil_op(nv40_3d_reg(ctx, NV30_3D_STENCIL_OP_ZPASS(i)), &s->op_zpass))
      return bad_value(ctx, "STENCIL_OP", nv40_3d_reg(ctx, NV30_3D_STENCIL_OP_FAIL(i)));
   return NVSIM_OK;
}

static enum nvsim_status
validate_depth(struct nv40_3d *ctx, struct nvsim_raster_state *rs)
{
   uint32_t v;

   rs->depth_test = nv40_3d_reg(ctx, NV30_3D_DEPTH_TEST_ENABLE) != 0;
   rs->depth_write = nv40_3d_reg(ctx, NV30_3D_DEPTH_WRITE_ENABLE) != 0;
   rs->depth_func = NVSIM_RASTER_ALWAYS;
   if (rs->depth_test) {
      v = nv40_3d_reg(ctx, NV30_3D_DEPTH_FUNC);
      if (!map_func(v, &rs->depth_func))
         return bad_value(ctx, "DEPTH_FUNC", v);
   }
   rs->depth_bounds = nv40_3d_reg(ctx, NV35_3D_DEPTH_BOUNDS_TEST_ENABLE) != 0;
   rs->depth_bounds_min = nv40_3d_regf(ctx, NV35_3D_DEPTH_BOUNDS_TEST_ZMIN);
   rs->depth_bounds_max = nv40_3d_regf(ctx, NV35_3D_DEPTH_BOUNDS_TEST_ZMAX);
   /* DEPTH_CONTROL CLAMP (0x10 without depth clipping: upstream's
    * nv30_state.c): fragments' depth is clamped to the depth range
    * before the depth test (NV_depth_clamp, section 4.1.5), whose
    * bounds DEPTH_RANGE_NEAR/FAR already hold as min and max (upstream
    * nv30_state_validate.c: translate.z -/+ |scale.z|) */
   rs->depth_clamp = !ctx->rankine &&   /* CLAMP is curie's (hwdb) */
                     (nv40_3d_reg(ctx, NV30_3D_DEPTH_CONTROL) &
                      NV40_3D_DEPTH_CONTROL_CLAMP) != 0;
   if (rs->depth_clamp) {
      float zn = nv40_3d_regf(ctx, NV30_3D_DEPTH_RANGE_NEAR);
      float zf = nv40_3d_regf(ctx, NV30_3D_DEPTH_RANGE_FAR);
      rs->depth_clamp_min = nvsim_minf(zn, zf);
      rs->depth_clamp_max = nvsim_maxf(zn, zf);
   }
   rs->offset_factor = nv40_3d_regf(ctx, NV30_3D_POLYGON_OFFSET_FACTOR);
   rs->offset_units = nv40_3d_regf(ctx, NV30_3D_POLYGON_OFFSET_UNITS);
   return NVSIM_OK;
}

/* alpha test: the reference is an 8-bit value (float_to_ubyte) */
static enum nvsim_status
validate_alpha_test(struct nv40_3d *ctx, struct nvsim_raster_state *rs)
{
   rs->alpha_test = nv40_3d_reg(ctx, NV30_3D_ALPHA_FUNC_ENABLE) != 0;
   if (rs->alpha_test) {
      uint32_t v = nv40_3d_reg(ctx, NV30_3D_ALPHA_FUNC_FUNC);
      if (!map_func(v, &rs->alpha_func))
         return bad_value(ctx, "ALPHA_FUNC_FUNC", v);
      rs->alpha_ref = nv40_3d_reg(ctx, NV30_3D_ALPHA_FUNC_REF) & 0xff;
   }
   return NVSIM_OK;
}

static enum nvsim_status
validate_blend(struct nv40_3d *ctx, struct nvsim_raster_state *rs)
{
   rs->blend = nv40_3d_reg(ctx, NV30_3D_BLEND_FUNC_ENABLE) != 0;
   /* MRT_BLEND_ENABLE: bit i enables blending on render target i, 1-3
    * (nv30_state.c: 0xe when target 0 blends and blending is not
    * independent) */
   rs->blend_mrt = ctx->rankine ? 0 :   /* rankine's 0x036c is FOG_ENABLE */
                   nv40_3d_reg(ctx, NV40_3D_MRT_BLEND_ENABLE) &
                   (NV40_3D_MRT_BLEND_ENABLE_COLOR1 |
                    NV40_3D_MRT_BLEND_ENABLE_COLOR2 |
                    NV40_3D_MRT_BLEND_ENABLE_COLOR3);
   if (!rs->blend && !rs->blend_mrt)
      return NVSIM_OK;

   uint32_t src = nv40_3d_reg(ctx, NV30_3D_BLEND_FUNC_SRC);
   uint32_t dst = nv40_3d_reg(ctx, NV30_3D_BLEND_FUNC_DST);
   uint32_t eq = nv40_3d_reg(ctx, NV40_3D_BLEND_EQUATION);
   if (!map_blend_factor(NV40_3D_FIELD(src, NV30_3D_BLEND_FUNC_SRC_RGB), &rs->src_rgb) ||
       !map_blend_factor(NV40_3D_FIELD(src, NV30_3D_BLEND_FUNC_SRC_ALPHA), &rs->src_a))
      return bad_value(ctx, "BLEND_FUNC_SRC", src);
   if (!map_blend_factor(NV40_3D_FIELD(dst, NV30_3D_BLEND_FUNC_DST_RGB), &rs->dst_rgb) ||
       !map_blend_factor(NV40_3D_FIELD(dst, NV30_3D_BLEND_FUNC_DST_ALPHA), &rs->dst_a))
      return bad_value(ctx, "BLEND_FUNC_DST", dst);
   /* never 0: set_defaults starts it at ADD, and 0 is refused at the
    * method (not a gl_blend_equation) */
   if (ctx->rankine) {
      /* one equation for colour and alpha, a GL enum (hwdb
       * BLEND_EQUATION of rankine, gl_blend_equation) */
      if (!map_blend_eq(eq, &rs->eq_rgb))
         return bad_value(ctx, "BLEND_EQUATION", eq);
      rs->eq_a = rs->eq_rgb;
   } else if (!map_blend_eq(NV40_3D_FIELD(eq, NV40_3D_BLEND_EQUATION_RGB), &rs->eq_rgb) ||
              !map_blend_eq(NV40_3D_FIELD(eq, NV40_3D_BLEND_EQUATION_ALPHA), &rs->eq_a)) {
      return bad_value(ctx, "BLEND_EQUATION", eq);
   }
   uint32_t bc = nv40_3d_reg(ctx, NV30_3D_BLEND_COLOR);
   rs->blend_color[2] = NV40_3D_FIELD(bc, NV30_3D_BLEND_COLOR_B) / 255.0f;
   rs->blend_color[1] = NV40_3D_FIELD(bc, NV30_3D_BLEND_COLOR_G) / 255.0f;
   rs->blend_color[0] = NV40_3D_FIELD(bc, NV30_3D_BLEND_COLOR_R) / 255.0f;
   rs->blend_color[3] = NV40_3D_FIELD(bc, NV30_3D_BLEND_COLOR_A) / 255.0f;
   return NVSIM_OK;
}

/* logic op: gl_logic_op CLEAR .. SET are consecutive */
static enum nvsim_status
validate_logic_op(struct nv40_3d *ctx, struct nvsim_raster_state *rs)
{
   rs->logic_op_enable = nv40_3d_reg(ctx, NV30_3D_COLOR_LOGIC_OP_ENABLE) != 0;
   if (rs->logic_op_enable) {
      uint32_t v = nv40_3d_reg(ctx, NV30_3D_COLOR_LOGIC_OP_OP);
      if (v < NV30_3D_COLOR_LOGIC_OP_OP_CLEAR || v > NV30_3D_COLOR_LOGIC_OP_OP_SET)
         return bad_value(ctx, "COLOR_LOGIC_OP_OP", v);
      rs->logic_op = (enum nvsim_raster_logic_op)(v - NV30_3D_COLOR_LOGIC_OP_OP_CLEAR);
   }
   return NVSIM_OK;
}

/* colour masks: COLOR_MASK for buffer 0 (a byte per channel),
 * MRT_COLOR_MASK for buffers 1-3 (A R G B bits per buffer, from
 * BUFFER1_A) */
static void
validate_color_masks(struct nv40_3d *ctx, struct nvsim_raster_state *rs)
{
   uint32_t v = nv40_3d_reg(ctx, NV30_3D_COLOR_MASK);
   rs->color_mask[0] = ((v & NV30_3D_COLOR_MASK_R__MASK) ? NVSIM_RASTER_MASK_R : 0) |
                       ((v & NV30_3D_COLOR_MASK_G__MASK) ? NVSIM_RASTER_MASK_G : 0) |
                       ((v & NV30_3D_COLOR_MASK_B__MASK) ? NVSIM_RASTER_MASK_B : 0) |
                       ((v & NV30_3D_COLOR_MASK_A__MASK) ? NVSIM_RASTER_MASK_A : 0);
   /* rankine has COLOR_MASK only (0x0370 is its FOG_COLOR) */
   v = ctx->rankine ? 0 : nv40_3d_reg(ctx, NV40_3D_MRT_COLOR_MASK);
   /* the chip's 4 colour buffers (the rasteriser holds Tesla's 8) */
   for (unsigned i = 1; i < NVSIM_NV40_FP_NUM_RT && ctx->rankine; i++)
      rs->color_mask[i] = rs->color_mask[0];
   for (unsigned i = 1; i < NVSIM_NV40_FP_NUM_RT && !ctx->rankine; i++) {
      unsigned sh = 4 * (i - 1);
      rs->color_mask[i] =
         ((v & (NV40_3D_MRT_COLOR_MASK_BUFFER1_R << sh)) ? NVSIM_RASTER_MASK_R : 0) |
         ((v & (NV40_3D_MRT_COLOR_MASK_BUFFER1_G << sh)) ? NVSIM_RASTER_MASK_G : 0) |
         ((v & (NV40_3D_MRT_COLOR_MASK_BUFFER1_B << sh)) ? NVSIM_RASTER_MASK_B : 0) |
         ((v & (NV40_3D_MRT_COLOR_MASK_BUFFER1_A << sh)) ? NVSIM_RASTER_MASK_A : 0);
   }
}

/* line and polygon stipple, line smoothing */
static void
validate_stipple(struct nv40_3d *ctx, struct nvsim_raster_state *rs)
{
   /* LINE_STIPPLE_PATTERN: PATTERN in the high half, FACTOR low.
    * Upstream writes Gallium's line_stipple_factor there, which is GL's
    * factor minus one (st_atom_rasterizer.c), and upstream's driver is
    * right on hardware, so the unit takes FACTOR + 1. */
   uint32_t lsp = nv40_3d_reg(ctx, NV30_3D_LINE_STIPPLE_PATTERN);
   rs->line_stipple = nv40_3d_reg(ctx, NV30_3D_LINE_STIPPLE_ENABLE) != 0;
   rs->line_smooth = nv40_3d_reg(ctx, NV30_3D_LINE_SMOOTH_ENABLE) != 0;
   rs->line_stipple_pattern =
      (uint16_t)NV40_3D_FIELD(lsp, NV30_3D_LINE_STIPPLE_PATTERN_PATTERN);
   rs->line_stipple_factor =
      NV40_3D_FIELD(lsp, NV30_3D_LINE_STIPPLE_PATTERN_FACTOR) + 1;

   rs->stipple = nv40_3d_reg(ctx, NV30_3D_POLYGON_STIPPLE_ENABLE) != 0;
   for (unsigned i = 0; i < NV30_3D_POLYGON_STIPPLE_PATTERN__LEN; i++)
      rs->stipple_pattern[i] =
         nv40_3d_reg(ctx, NV30_3D_POLYGON_STIPPLE_PATTERN(i));
}

/* fragment position conventions (COORD_CONVENTIONS) */
static void
validate_coord_conventions(struct nv40_3d *ctx, struct nvsim_raster_state *rs)
{
   uint32_t v = nv40_3d_reg(ctx, NV30_3D_COORD_CONVENTIONS);
   rs->height = NV40_3D_FIELD(v, NV30_3D_COORD_CONVENTIONS_HEIGHT);
   rs->origin_inverted = v & NV30_3D_COORD_CONVENTIONS_ORIGIN_INVERTED;
   rs->center_integer = v & NV30_3D_COORD_CONVENTIONS_CENTER_INTEGER;
   rs->pos_slot = NVISA_NV40_FP_INPUT_POS;
   rs->face_slot = NVISA_NV40_FP_INPUT_FACING;
}

/* The first part that holds a value this model does not know fails the
 * draw (bad_value); the parts after it are left as they were. */
enum nvsim_status
nv40_3d_validate(struct nv40_3d *ctx)
{
   struct nvsim_raster_state *rs = &ctx->rs;
   enum nvsim_status st;

   if ((st = nv40_3d_validate_surfaces(ctx)) ||
       (st = validate_depth(ctx, rs)))
      return st;

   /* stencil: STENCIL(1) is the back face set, used when enabled
    * (nv30_state.c two-sided stencil) */
   if ((st = validate_stencil(ctx, 0, &rs->stencil[0])) ||
       (st = validate_stencil(ctx, 1, &rs->stencil[1])))
      return st;
   rs->two_sided_stencil = rs->stencil[1].enable;

   if ((st = validate_alpha_test(ctx, rs)) ||
       (st = validate_blend(ctx, rs)) ||
       (st = validate_logic_op(ctx, rs)))
      return st;

   validate_color_masks(ctx, rs);
   validate_stipple(ctx, rs);
   validate_coord_conventions(ctx, rs);
   return NVSIM_OK;
}
