/*
 * The Tesla draw ROP: the shared rasteriser's per-fragment state from the
 * 3D methods, the FP run through the stage seam (g80_3d.h), and the
 * render targets and zeta buffer staged for the rasteriser.
 *
 * Staging: the rasteriser writes pitch surfaces in its own formats, the
 * targets are block-linear (or pitch) in G80_SURFACE_FORMAT /
 * G80_ZETA_FORMAT.  Each draw (one VERTEX_BEGIN_GL..END_GL run) copies the
 * pixels of its clip rectangle that its primitives can touch (their
 * bounds, g80_3d_draw.c; the rest cannot change) into RGBA32 float (colour: through
 * g80_surface_format_convert, GL 3.3 2.1.6 conversions) and a 32-bit
 * S8Z24 word (zeta: depth bits at 8..31, stencil 0..7, the rasteriser's
 * Z24S8), Z16, or a float and a stencil byte (the float formats, the
 * rasteriser's Z32F_S8: ARB_depth_buffer_float's float depth), draws, and writes back the pixels that changed, through
 * nv50_layout (g80_3d_surface_ptr).  For a UNORM target the source
 * colour is clamped to [0, 1], for an SNORM one to [-1, 1] (GL 3.3 4.1.8
 * "If the color buffer is fixed-point, the components of the source and
 * destination values and blend factors are each clamped to [0, 1] or
 * [-1, 1] respectively for an unsigned normalized or signed normalized
 * color buffer"); the write back rounds to
 * the format (GL 3.3 2.1.6).
 *
 * Facts (hwdb g80_3d.xml from rnndb): the enums (GL tokens for
 * comparisons, stencil ops and blend equations, G80_BLEND_FACTOR);
 * BLEND_ENABLE(i) per target (all take BLEND_ENABLE(0) with
 * BLEND_ENABLE_COMMON), BLEND_* shared unless BLEND_INDEPENDENT
 * (GT215_3D on: IBLEND(i)); COLOR_MASK(i) R, G, B, A fields, all targets
 * take COLOR_MASK(0) with COLOR_MASK_COMMON; RT_CONTROL COUNT and MAPi
 * (FP colour i goes to render target slot MAPi); without FP_CONTROL
 * MULTIPLE_RESULTS colour 0 goes to every target (upstream sets the bit
 * when the program writes more than one colour, nv50_program.c).
 *
 * Integer targets (UINT/SINT formats) take the FP's words as they are
 * (converted to the format's components, clamped as in clears: assumed,
 * GL leaves values out of range undefined), without blending (GL 3.3
 * 4.1.8) or clamping.
 *
 * Not modelled (trap): more targets than the rasteriser's
 * NVSIM_RASTER_MAX_RT, coverage (CSAA) zeta formats, the multisample
 * modes g80_3d_msaa.c does not model, dual-source blend factors without
 * FP_CONTROL MULTIPLE_RESULTS or with more than one target (undocumented).
 * Dual-source blending (the SRC1 factors): the second source colour is
 * the FP's colour result 1 (upstream's interface; the setup below says
 * why).  Per-target blend functions (GT215_3D's IBLEND) go to
 * the rasteriser one a target.  Draws go to the layer and use the
 * viewport's scissor and depth range that g80_3d_layer.c gives (LAYER
 * IDX and viewport 0 unless the GP selects them); the draw begins a ROP
 * for each run of primitives with the same pair.  Assumptions: a draw
 * touches pixels inside SCREEN_SCISSOR, the viewport's scissor when
 * enabled and every bound surface; the sample counters (QUERY_GET) are
 * not fed.
 *
 * Multisampled targets (g80_3d_msaa.c): the clip rectangle is in
 * pixels, the staging copies hold its stored pixels (each pixel's block
 * of samples), and the rasteriser covers, tests and writes each sample.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "g80_3d_rop.h"
#include "g80_3d_msaa.h"
#include "g80_defs.xml.h"

#define MAX_FP_OUT 64

struct staged_rt {
   uint32_t layer;              /* of s (g80_3d_surface_layer) */
   struct g80_3d_surface s;
   float *px, *orig;            /* RGBA32F, the clip rectangle's stored
                                 * pixels (only the staged ones filled) */
   bool clamp;                  /* fixed point: clamped to [lo, 1] */
   float lo;                    /* -1 for SNORM, else 0 */
   bool srgb;                   /* R, G, B staged linear (sRGB target) */
   /* the staging format: RGBA32_FLOAT, or for an integer target
    * RGBA32_UINT / RGBA32_SINT, whose words the rasteriser moves as the
    * bits of floats (it does no arithmetic on them: no blending) */
   uint32_t stage_format;
   /* the logic op's targets (not float): the pixels the rasteriser wrote
    * (sw x sh bytes, nvsim_raster_surface written) and the colour mask */
   uint8_t *written;
   unsigned rgba_mask;
};

struct g80_3d_rop {
   struct g80_3d *ctx;
   struct nvsim_raster_state rs;
   int x0, y0, x1, y1;          /* the clip rectangle, window pixels */
   unsigned sw, sh;             /* its size */
   struct g80_3d_ms ms;         /* MULTISAMPLE_MODE */
   /* the clip rectangle in stored pixels (x0 << ms.log2_x ...): the
    * staging copies' (ux1 - ux0) x (uy1 - uy0) */
   int ux0, uy0, ux1, uy1;
   unsigned usw;
   /* the layer and viewport of the draw's primitives (g80_3d_layer.c):
    * each surface's layer (2D array layer or 3D slice, as RT_ARRAY_MODE
    * lays them out) is its staged_rt's / zlayer; the viewport's scissor
    * and depth range apply */
   struct g80_3d_target target;
   uint32_t zlayer;
   /* the staged rectangle, in staging pixels (g80_3d_rop_stage): the
    * pixels the draw can touch; the copies' other pixels are never
    * addressed */
   int bx0, by0, bx1, by1;
   unsigned nrt;
   struct staged_rt rt[NVSIM_RASTER_MAX_RT];
   bool zeta;
   struct g80_3d_surface zs;
   struct g80_zeta_layout zl;
   uint8_t *zpx, *zorig;
   unsigned zbpp;
   bool failed;
   /* FP layout, from the methods */
   uint32_t interp, fp_control;
   unsigned fp_results;
   bool logic;                  /* LOGIC_OP_ENABLE (g80_3d_logic.c) */
   /* a blend factor of a blended target reads the second source colour
    * (SRC1_*): the FP's colour 1 (shade_quad) */
   bool dual;
   struct g80_3d_sprite sprite; /* point sprites (g80_3d_sprite.c) */
   enum nvsim_raster_logic_op logic_op;
};

static float
regf(const struct g80_3d *ctx, uint32_t mthd)
{
   float f;
   uint32_t u = g80_3d_reg(ctx, mthd);
   memcpy(&f, &u, 4);
   return f;
}

bool
g80_3d_slot_flat(const struct g80_3d *ctx, unsigned m)
{
   uint32_t i = g80_3d_reg(ctx, G80_3D_FP_INTERPOLANT_CTRL);
   unsigned off = G80_3D_FIELD(i, G80_3D_FP_INTERPOLANT_CTRL_OFFSET);
   unsigned count = G80_3D_FIELD(i, G80_3D_FP_INTERPOLANT_CTRL_COUNT);
   unsigned nonflat = G80_3D_FIELD(i, G80_3D_FP_INTERPOLANT_CTRL_COUNT_NONFLAT);
   return m >= off + nonflat && m < off + count;
}

bool
g80_3d_slot_linear(const struct g80_3d *ctx, unsigned m)
{
   return (g80_3d_reg(ctx, G80_3D_NOPERSPECTIVE_BITMAP(m / 32)) >> (m % 32)) & 1;
}

/* gl_comparison_op: GL's tokens NEVER 0x200 .. ALWAYS 0x207, the
 * rasteriser's enum is their order */
static bool
cmp_func(uint32_t v, enum nvsim_raster_func *f)
{
   if (v < G80_3D_DEPTH_TEST_FUNC_NEVER || v > G80_3D_DEPTH_TEST_FUNC_ALWAYS)
      return false;
   *f = (enum nvsim_raster_func)(v - G80_3D_DEPTH_TEST_FUNC_NEVER);
   return true;
}

static bool
stencil_op(uint32_t v, enum nvsim_raster_stencil_op *op)
{
   switch (v) {
   case G80_3D_STENCIL_FRONT_OP_FAIL_KEEP: *op = NVSIM_RASTER_SOP_KEEP; return true;
   case G80_3D_STENCIL_FRONT_OP_FAIL_ZERO: *op = NVSIM_RASTER_SOP_ZERO; return true;
   case G80_3D_STENCIL_FRONT_OP_FAIL_REPLACE: *op = NVSIM_RASTER_SOP_REPLACE; return true;
   case G80_3D_STENCIL_FRONT_OP_FAIL_INCR: *op = NVSIM_RASTER_SOP_INCR; return true;
   case G80_3D_STENCIL_FRONT_OP_FAIL_DECR: *op = NVSIM_RASTER_SOP_DECR; return true;
   case G80_3D_STENCIL_FRONT_OP_FAIL_INVERT: *op = NVSIM_RASTER_SOP_INVERT; return true;
   case G80_3D_STENCIL_FRONT_OP_FAIL_INCR_WRAP: *op = NVSIM_RASTER_SOP_INCR_WRAP; return true;
   case G80_3D_STENCIL_FRONT_OP_FAIL_DECR_WRAP: *op = NVSIM_RASTER_SOP_DECR_WRAP; return true;
   default: return false;
   }
}

static bool
blend_factor(uint32_t v, enum nvsim_raster_blend_factor *f)
{
   static const struct { uint32_t hw; enum nvsim_raster_blend_factor f; } t[] = {
      { G80_BLEND_FACTOR_ZERO, NVSIM_RASTER_BF_ZERO },
      { G80_BLEND_FACTOR_ONE, NVSIM_RASTER_BF_ONE },
      { G80_BLEND_FACTOR_SRC_COLOR, NVSIM_RASTER_BF_SRC_COLOR },
      { G80_BLEND_FACTOR_ONE_MINUS_SRC_COLOR, NVSIM_RASTER_BF_ONE_MINUS_SRC_COLOR },
      { G80_BLEND_FACTOR_SRC_ALPHA, NVSIM_RASTER_BF_SRC_ALPHA },
      { G80_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA, NVSIM_RASTER_BF_ONE_MINUS_SRC_ALPHA },
      { G80_BLEND_FACTOR_DST_ALPHA, NVSIM_RASTER_BF_DST_ALPHA },
      { G80_BLEND_FACTOR_ONE_MINUS_DST_ALPHA, NVSIM_RASTER_BF_ONE_MINUS_DST_ALPHA },
      { G80_BLEND_FACTOR_DST_COLOR, NVSIM_RASTER_BF_DST_COLOR },
      { G80_BLEND_FACTOR_ONE_MINUS_DST_COLOR, NVSIM_RASTER_BF_ONE_MINUS_DST_COLOR },
      { G80_BLEND_FACTOR_SRC_ALPHA_SATURATE, NVSIM_RASTER_BF_SRC_ALPHA_SATURATE },
      { G80_BLEND_FACTOR_CONSTANT_COLOR, NVSIM_RASTER_BF_CONSTANT_COLOR },
      { G80_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR, NVSIM_RASTER_BF_ONE_MINUS_CONSTANT_COLOR },
      { G80_BLEND_FACTOR_CONSTANT_ALPHA, NVSIM_RASTER_BF_CONSTANT_ALPHA },
      { G80_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA, NVSIM_RASTER_BF_ONE_MINUS_CONSTANT_ALPHA },
      /* dual-source blending: rnndb nv_3ddefs.xml SRC1_* (0xc900..) */
      { G80_BLEND_FACTOR_SRC1_COLOR, NVSIM_RASTER_BF_SRC1_COLOR },
      { G80_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR, NVSIM_RASTER_BF_ONE_MINUS_SRC1_COLOR },
      { G80_BLEND_FACTOR_SRC1_ALPHA, NVSIM_RASTER_BF_SRC1_ALPHA },
      { G80_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA, NVSIM_RASTER_BF_ONE_MINUS_SRC1_ALPHA },
   };
   for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++)
      if (t[i].hw == v) {
         *f = t[i].f;
         return true;
      }
   return false;
}

static bool
blend_eq(uint32_t v, enum nvsim_raster_blend_eq *eq)
{
   switch (v) {
   case G80_3D_BLEND_EQUATION_RGB_FUNC_ADD: *eq = NVSIM_RASTER_BEQ_ADD; return true;
   case G80_3D_BLEND_EQUATION_RGB_FUNC_SUBTRACT: *eq = NVSIM_RASTER_BEQ_SUBTRACT; return true;
   case G80_3D_BLEND_EQUATION_RGB_FUNC_REVERSE_SUBTRACT: *eq = NVSIM_RASTER_BEQ_REVERSE_SUBTRACT; return true;
   case G80_3D_BLEND_EQUATION_RGB_MIN: *eq = NVSIM_RASTER_BEQ_MIN; return true;
   case G80_3D_BLEND_EQUATION_RGB_MAX: *eq = NVSIM_RASTER_BEQ_MAX; return true;
   default: return false;
   }
}

/* The blend function registers of target rt: the shared BLEND_* ones,
 * or IBLEND(rt) with BLEND_INDEPENDENT (GT215_3D on). */
struct blend_regs {
   uint32_t eq_rgb, src_rgb, dst_rgb, eq_a, src_a, dst_a;
};

static struct blend_regs
blend_regs(const struct g80_3d *ctx, unsigned rt)
{
   struct blend_regs b;
   if (ctx->obj->oclass >= GT215_3D_CLASS &&
       g80_3d_reg(ctx, G80_3D_BLEND_INDEPENDENT)) {
      bool sep = g80_3d_reg(ctx, GT215_3D_IBLEND_SEPARATE_ALPHA(rt));
      b.eq_rgb = g80_3d_reg(ctx, GT215_3D_IBLEND_EQUATION_RGB(rt));
      b.src_rgb = g80_3d_reg(ctx, GT215_3D_IBLEND_FUNC_SRC_RGB(rt));
      b.dst_rgb = g80_3d_reg(ctx, GT215_3D_IBLEND_FUNC_DST_RGB(rt));
      b.eq_a = sep ? g80_3d_reg(ctx, GT215_3D_IBLEND_EQUATION_ALPHA(rt)) : b.eq_rgb;
      b.src_a = sep ? g80_3d_reg(ctx, GT215_3D_IBLEND_FUNC_SRC_ALPHA(rt)) : b.src_rgb;
      b.dst_a = sep ? g80_3d_reg(ctx, GT215_3D_IBLEND_FUNC_DST_ALPHA(rt)) : b.dst_rgb;
      return b;
   }
   bool sep = g80_3d_reg(ctx, G80_3D_BLEND_SEPARATE_ALPHA);
   b.eq_rgb = g80_3d_reg(ctx, G80_3D_BLEND_EQUATION_RGB);
   b.src_rgb = g80_3d_reg(ctx, G80_3D_BLEND_FUNC_SRC_RGB);
   b.dst_rgb = g80_3d_reg(ctx, G80_3D_BLEND_FUNC_DST_RGB);
   b.eq_a = sep ? g80_3d_reg(ctx, G80_3D_BLEND_EQUATION_ALPHA) : b.eq_rgb;
   b.src_a = sep ? g80_3d_reg(ctx, G80_3D_BLEND_FUNC_SRC_ALPHA) : b.src_rgb;
   b.dst_a = sep ? g80_3d_reg(ctx, G80_3D_BLEND_FUNC_DST_ALPHA) : b.dst_rgb;
   return b;
}

/* The rasteriser's form of a target's blend function registers. */
static bool
blend_func(const struct blend_regs *b, struct nvsim_raster_blend_func *f)
{
   return blend_eq(b->eq_rgb, &f->eq_rgb) && blend_eq(b->eq_a, &f->eq_a) &&
          blend_factor(b->src_rgb, &f->src_rgb) &&
          blend_factor(b->dst_rgb, &f->dst_rgb) &&
          blend_factor(b->src_a, &f->src_a) &&
          blend_factor(b->dst_a, &f->dst_a);
}

static bool
is_src1(enum nvsim_raster_blend_factor f)
{
   return f >= NVSIM_RASTER_BF_SRC1_COLOR &&
          f <= NVSIM_RASTER_BF_ONE_MINUS_SRC1_ALPHA;
}

/* Whether function f reads the second source colour.  (MIN and MAX take
 * no factors, GL 3.3 table 4.1, but the rasteriser's factors are not
 * read then either: it counts as dual all the same.) */
static bool
blend_func_dual(const struct nvsim_raster_blend_func *f)
{
   return is_src1(f->src_rgb) || is_src1(f->dst_rgb) ||
          is_src1(f->src_a) || is_src1(f->dst_a);
}

/* Blending per target: BLEND_ENABLE(slot) and the target's function
 * (blend_regs).  Targets can differ only through GT215_3D's IBLEND (the
 * other classes have one set); then the rasteriser takes one function a
 * target (ARB_draw_buffers_blend / GL 4.0 4.1.8: BlendFunci and
 * BlendEquationi set draw buffer i's). */
static enum nvsim_status
set_blend(struct g80_3d *ctx, struct g80_3d_rop *rop, const unsigned *slot)
{
   struct nvsim_raster_state *rs = &rop->rs;
   bool have = false;
   struct blend_regs first = { 0 };
   /* BLEND_ENABLE_COMMON: every target takes BLEND_ENABLE(0), as
    * COLOR_MASK_COMMON does COLOR_MASK(0) (rnndb names both, documents
    * neither; upstream writes COMMON with only BLEND_ENABLE(0) for GL's
    * one glEnable(GL_BLEND), which GL 3.3 4.1.8 applies to every draw
    * buffer) */
   const bool common = g80_3d_reg(ctx, G80_3D_BLEND_ENABLE_COMMON);
   for (unsigned i = 0; i < rop->nrt; i++) {
      /* GL 3.3 4.1.8: "Blending applies only if the color buffer has a
       * fixed-point or floating-point format" */
      if (!g80_3d_reg(ctx, G80_3D_BLEND_ENABLE(common ? 0 : slot[i])) ||
          rop->rt[i].stage_format != G80_SURFACE_FORMAT_RGBA32_FLOAT)
         continue;
      struct blend_regs b = blend_regs(ctx, slot[i]);
      if (!blend_func(&b, &rs->blend_rt[i]))
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                            "blend equation or factor not modelled (target "
                            "%u: equation 0x%x/0x%x, factors 0x%x 0x%x 0x%x "
                            "0x%x)", slot[i], b.eq_rgb, b.eq_a, b.src_rgb,
                            b.dst_rgb, b.src_a, b.dst_a);
      rop->dual |= blend_func_dual(&rs->blend_rt[i]);
      if (have && memcmp(&b, &first, sizeof(b)))
         rs->blend_per_rt = true;
      if (!have) {
         first = b;
         have = true;
         rs->src_rgb = rs->blend_rt[i].src_rgb;
         rs->dst_rgb = rs->blend_rt[i].dst_rgb;
         rs->src_a = rs->blend_rt[i].src_a;
         rs->dst_a = rs->blend_rt[i].dst_a;
         rs->eq_rgb = rs->blend_rt[i].eq_rgb;
         rs->eq_a = rs->blend_rt[i].eq_a;
      }
      if (i == 0)
         rs->blend = true;
      else
         rs->blend_mrt |= 1u << i;
   }
   if (!have)
      return NVSIM_OK;
   bool clamp = rop->rt[0].clamp;
   for (unsigned c = 0; c < 4; c++) {
      float v = regf(ctx, G80_3D_BLEND_COLOR(c));
      rs->blend_color[c] = clamp ? fminf(fmaxf(v, rop->rt[0].lo), 1.0f) : v;
   }
   return NVSIM_OK;
}

static enum nvsim_status
set_stencil(struct g80_3d *ctx, struct nvsim_raster_stencil *s, bool back)
{
   uint32_t fail = back ? G80_3D_STENCIL_BACK_OP_FAIL : G80_3D_STENCIL_FRONT_OP_FAIL;
   uint32_t zfail = back ? G80_3D_STENCIL_BACK_OP_ZFAIL : G80_3D_STENCIL_FRONT_OP_ZFAIL;
   uint32_t zpass = back ? G80_3D_STENCIL_BACK_OP_ZPASS : G80_3D_STENCIL_FRONT_OP_ZPASS;
   uint32_t func = back ? G80_3D_STENCIL_BACK_FUNC_FUNC : G80_3D_STENCIL_FRONT_FUNC_FUNC;
   s->enable = true;
   s->ref = g80_3d_reg(ctx, back ? G80_3D_STENCIL_BACK_FUNC_REF
                                 : G80_3D_STENCIL_FRONT_FUNC_REF);
   s->func_mask = g80_3d_reg(ctx, back ? G80_3D_STENCIL_BACK_FUNC_MASK
                                       : G80_3D_STENCIL_FRONT_FUNC_MASK);
   s->write_mask = g80_3d_reg(ctx, back ? G80_3D_STENCIL_BACK_MASK
                                        : G80_3D_STENCIL_FRONT_MASK);
   if (!cmp_func(g80_3d_reg(ctx, func), &s->func) ||
       !stencil_op(g80_3d_reg(ctx, fail), &s->op_fail) ||
       !stencil_op(g80_3d_reg(ctx, zfail), &s->op_zfail) ||
       !stencil_op(g80_3d_reg(ctx, zpass), &s->op_zpass))
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "stencil function or operation not modelled");
   return NVSIM_OK;
}

/* ---- the FP ---- */

static void
shade_quad(void *data, struct nvsim_raster_quad *q)
{
   struct g80_3d_rop *rop = data;
   struct g80_3d *ctx = rop->ctx;
   if (rop->failed) {
      q->mask = 0;
      return;
   }
   uint32_t umask = G80_3D_FIELD(rop->interp, G80_3D_FP_INTERPOLANT_CTRL_UMASK);
   unsigned off = G80_3D_FIELD(rop->interp, G80_3D_FP_INTERPOLANT_CTRL_OFFSET);
   unsigned count = G80_3D_FIELD(rop->interp, G80_3D_FP_INTERPOLANT_CTRL_COUNT);
   unsigned nonflat = G80_3D_FIELD(rop->interp,
                                   G80_3D_FP_INTERPOLANT_CTRL_COUNT_NONFLAT);
   uint32_t in[4][4 + G80_3D_MAP_SLOTS];
   uint32_t out[4][MAX_FP_OUT];
   unsigned n = 0;

   for (unsigned f = 0; f < 4; f++) {
      const float (*a)[4] = (const float (*)[4])q->in[f];
      float pos[4];
      memcpy(pos, a[G80_3D_RASTER_POS_SLOT], sizeof(pos));
      pos[0] += (float)rop->x0;     /* staging -> window coordinates */
      pos[1] += (float)rop->y0;
      n = 0;
      for (unsigned c = 0; c < 4; c++)
         if (umask & (1u << c))
            memcpy(&in[f][n++], &pos[c], 4);
      for (unsigned j = 0; j < count; j++) {
         unsigned m = off + j;
         float v = m < G80_3D_MAP_SLOTS && m / 4 < NVSIM_RASTER_MAX_ATTRIBS
                      ? a[m / 4][m % 4] : 0.0f;
         if (q->sprite && rop->sprite.any &&
             g80_3d_sprite_value(&rop->sprite, m, q->sprite_st[f], &v)) {
            /* the program reads the sprite coordinate as it is: a
             * perspective slot's pinterp multiplies by w (g80_3d_sprite.c) */
            if (j < nonflat && !g80_3d_slot_linear(ctx, m))
               v *= pos[3];
         } else if (j < nonflat) {
            /* the rasteriser interpolated v perspective-correctly; the FP
             * reads v/w linear in window space (its pinterp multiplies by
             * w): times the interpolated 1/w (g80_3d.h, the seam) */
            v *= pos[3];
         }
         memcpy(&in[f][n++], &v, 4);
      }
   }
   memset(out, 0, sizeof(out));
   struct g80_stage_batch b = {
      /* the whole quad runs, its uncovered pixels as helpers, so that
       * texture instructions have the quad's derivatives (isa.rst:
       * invisible threads) */
      .stage = G80_STAGE_FP, .count = 4, .active = 0xf,
      .helper = ~q->mask & 0xf,
      .in = &in[0][0], .in_stride = 4 + G80_3D_MAP_SLOTS, .in_words = n,
      .out = &out[0][0], .out_stride = MAX_FP_OUT,
      .out_words = rop->fp_results,
      /* gl_FrontFacing (GL 3.3 3.9.2): the polygon's facing, points
       * and lines front-facing, as the rasteriser's q->front has it */
      .face = q->front ? ~0u : 0u,
   };
   /* FP_PIXELS (g80_3d_counter.c): the quad's covered pixels */
   g80_3d_count(ctx, G80_3D_QUERY_GET_COUNTER_SELECT_FP_PIXELS,
                __builtin_popcount(q->mask & 0xf));
   if (!ctx->stages->run(ctx->stages->priv, ctx, &b)) {
      rop->failed = true;
      q->mask = 0;
      return;
   }
   q->mask &= ~b.killed;
   bool multi = rop->fp_control & G80_3D_FP_CONTROL_MULTIPLE_RESULTS;
   /* FRAG_COLOR_CLAMP_EN: bit 4i (rnndb fields 0..7) clamps target i's
    * colour to [0, 1] (ARB_color_buffer_float's CLAMP_FRAGMENT_COLOR,
    * which upstream writes as 0x11111111 or 0); assumed: i counts the
    * RT_CONTROL targets, the clamp of GL 3.3 3.9.2 ("clamped to the range
    * [0, 1]", NaN here as 0), before the target's own clamp */
   uint32_t clamp_en = g80_3d_reg(ctx, G80_3D_FRAG_COLOR_CLAMP_EN);
   for (unsigned f = 0; f < 4; f++) {
      for (unsigned rt = 0; rt < rop->nrt; rt++) {
         unsigned src = multi ? rt : 0;
         bool frag_clamp = clamp_en >> (rt * (G80_3D_FRAG_COLOR_CLAMP_EN_1__SHIFT -
                                              G80_3D_FRAG_COLOR_CLAMP_EN_0__SHIFT)) & 1;
         for (unsigned c = 0; c < 4; c++) {
            float v = 0.0f;
            if (4 * src + c < rop->fp_results)
               memcpy(&v, &out[f][4 * src + c], 4);
            if (frag_clamp && rop->rt[rt].stage_format ==
                              G80_SURFACE_FORMAT_RGBA32_FLOAT)
               v = isnan(v) ? 0.0f : fminf(fmaxf(v, 0.0f), 1.0f);
            if (rop->rt[rt].clamp)
               v = isnan(v) ? 0.0f : fminf(fmaxf(v, rop->rt[rt].lo), 1.0f);
            q->color[f][rt][c] = v;
         }
      }
      /* the second source colour (dual-source blending, see the FP's
       * setup): colour result 1, clamped as target 0's colour */
      for (unsigned c = 0; rop->dual && c < 4; c++) {
         float v = 0.0f;
         if (4 + c < rop->fp_results)
            memcpy(&v, &out[f][4 + c], 4);
         if (clamp_en & G80_3D_FRAG_COLOR_CLAMP_EN_0)
            v = isnan(v) ? 0.0f : fminf(fmaxf(v, 0.0f), 1.0f);
         if (rop->rt[0].clamp)
            v = isnan(v) ? 0.0f : fminf(fmaxf(v, rop->rt[0].lo), 1.0f);
         q->color1[f][c] = v;
      }
      if (rop->fp_control & G80_3D_FP_CONTROL_EXPORTS_Z)
         memcpy(&q->depth[f], &out[f][rop->fp_results - 1], 4);
   }
   q->depth_written = (rop->fp_control & G80_3D_FP_CONTROL_EXPORTS_Z) != 0;
}

/* ---- staging ---- */

/* The staging format of a target, its clamp (GL 3.3 4.1.8) and sRGB. */
static enum nvsim_status
setup_rt(struct g80_3d *ctx, struct staged_rt *r)
{
   r->stage_format = !g80_surface_format_is_integer(r->s.format) ?
                     G80_SURFACE_FORMAT_RGBA32_FLOAT :
                     g80_surface_format_is_sint(r->s.format) ?
                     G80_SURFACE_FORMAT_RGBA32_SINT :
                     G80_SURFACE_FORMAT_RGBA32_UINT;
   if (!g80_surface_format_can_convert(r->s.format, r->stage_format))
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "drawing into render target format 0x%x is not "
                         "modelled (unknown)", r->s.format);
   r->clamp = !g80_surface_format_is_float(r->s.format) &&
              !g80_surface_format_is_integer(r->s.format);
   r->lo = g80_surface_format_is_snorm(r->s.format) ? -1.0f : 0.0f;
   /* GL 3.3 4.1.8: with FRAMEBUFFER_SRGB and an sRGB destination, its R,
    * G, B "are considered to be encoded for the sRGB color space and
    * hence must be linearized prior to their use in blending", and the
    * blended values are encoded again (g80_3d_rop_end) */
   r->srgb = g80_surface_format_is_srgb(r->s.format) &&
             g80_3d_reg(ctx, G80_3D_FRAMEBUFFER_SRGB);
   return NVSIM_OK;
}

/* The staged rectangle in stored pixels, relative to (ux0, uy0). */
static void
staged_stored(const struct g80_3d_rop *rop, int *x0, int *y0, int *x1,
              int *y1)
{
   *x0 = rop->bx0 << rop->ms.log2_x;
   *y0 = rop->by0 << rop->ms.log2_y;
   *x1 = rop->bx1 << rop->ms.log2_x;
   *y1 = rop->by1 << rop->ms.log2_y;
}

static enum nvsim_status
stage_rt(struct g80_3d *ctx, struct g80_3d_rop *rop, struct staged_rt *r)
{
   /* not zeroed: only the staged rectangle is filled and addressed */
   size_t n = (size_t)rop->usw * (rop->uy1 - rop->uy0) * 4;
   r->px = malloc((n + 4) * sizeof(float));
   r->orig = malloc((n + 4) * sizeof(float));
   if (!r->px || !r->orig)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "out of memory");
   int x0, y0, x1, y1;
   staged_stored(rop, &x0, &y0, &x1, &y1);
   for (int y = y0; y < y1; y++) {
      for (int x = x0; x < x1; x++) {
         const uint8_t *p = g80_3d_surface_ptr(ctx, &r->s, rop->ux0 + x,
                                               rop->uy0 + y, r->layer,
                                               r->s.cpp);
         if (!p)
            return NVSIM_DMA_ERROR;
         float *d = &r->px[((size_t)y * rop->usw + x) * 4];
         g80_surface_format_convert(r->s.format, p, r->stage_format,
                                    (uint8_t *)d);
         for (unsigned c = 0; r->srgb && c < 3; c++)
            d[c] = g80_srgb_decode(d[c]);
      }
      size_t k = ((size_t)y * rop->usw + x0) * 4;
      memcpy(&r->orig[k], &r->px[k], (size_t)(x1 - x0) * 4 * sizeof(float));
   }
   return NVSIM_OK;
}

static uint32_t
zbits(const uint8_t *p, unsigned off, unsigned bits)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < 8 && i * 8 < off + bits; i++)
      v |= (uint64_t)p[i] << (8 * i);
   return (uint32_t)((v >> off) & ((1ull << bits) - 1));
}

static void
put_zbits(uint8_t *p, unsigned off, unsigned bits, uint32_t val)
{
   for (unsigned b = 0; b < bits; b++) {
      unsigned bit = off + b;
      p[bit / 8] = (uint8_t)((p[bit / 8] & ~(1u << (bit % 8))) |
                             (((val >> b) & 1) << (bit % 8)));
   }
}

/* The staged zeta pixel: Z16 as is, 24-bit depth as the rasteriser's
 * Z24S8 (depth << 8 | stencil), float depth (Z32_FLOAT, Z32_S8_X24_FLOAT)
 * as its Z32F_S8 (the float's bits, then the stencil byte). */
static enum nvsim_status
setup_zeta(struct g80_3d *ctx, struct g80_3d_rop *rop)
{
   struct g80_zeta_layout *l = &rop->zl;
   if (!g80_zeta_format_layout(rop->zs.format, l) ||
       (l->z_float ? l->z_bits != 32 : l->z_bits != 16 && l->z_bits != 24))
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "drawing with zeta format 0x%x is not modelled",
                         rop->zs.format);
   bool z16 = l->z_bits == 16;
   rop->zbpp = l->z_float ? 8 : z16 ? 2 : 4;
   rop->rs.zeta.format = l->z_float ? NVSIM_RASTER_FMT_Z32F_S8 :
                         z16 ? NVSIM_RASTER_FMT_Z16 : NVSIM_RASTER_FMT_Z24S8;
   rop->rs.zeta.pitch = rop->usw * rop->zbpp;
   g80_3d_ms_surface(&rop->ms, &rop->rs.zeta);
   return NVSIM_OK;
}

static enum nvsim_status
stage_zeta(struct g80_3d *ctx, struct g80_3d_rop *rop)
{
   const struct g80_zeta_layout *l = &rop->zl;
   size_t n = (size_t)rop->usw * (rop->uy1 - rop->uy0) * rop->zbpp;
   /* not zeroed: only the staged rectangle is filled and addressed */
   rop->zpx = malloc(n + 4);
   rop->zorig = malloc(n + 4);
   if (!rop->zpx || !rop->zorig)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "out of memory");
   int x0, y0, x1, y1;
   staged_stored(rop, &x0, &y0, &x1, &y1);
   for (int y = y0; y < y1; y++) {
      for (int x = x0; x < x1; x++) {
         const uint8_t *p = g80_3d_surface_ptr(ctx, &rop->zs, rop->ux0 + x,
                                               rop->uy0 + y, rop->zlayer,
                                               l->cpp);
         if (!p)
            return NVSIM_DMA_ERROR;
         uint8_t *d = rop->zpx + ((size_t)y * rop->usw + x) * rop->zbpp;
         uint32_t z = zbits(p, l->z_off, l->z_bits);
         if (l->z_float) {
            memcpy(d, &z, 4);
            d[4] = l->s_bits ? (uint8_t)zbits(p, l->s_off, 8) : 0;
            memset(d + 5, 0, 3);         /* Z32F_S8's padding bytes */
         } else if (rop->zbpp == 2) {
            uint16_t w = (uint16_t)z;
            memcpy(d, &w, 2);
         } else {
            uint32_t w = z << 8 | (l->s_bits ? zbits(p, l->s_off, 8) : 0);
            memcpy(d, &w, 4);
         }
      }
      size_t k = ((size_t)y * rop->usw + x0) * rop->zbpp;
      memcpy(rop->zorig + k, rop->zpx + k, (size_t)(x1 - x0) * rop->zbpp);
   }
   rop->rs.zeta.map = rop->zpx;
   return NVSIM_OK;
}

static void
cut(struct g80_3d_rop *rop, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
   if (x0 > rop->x0) rop->x0 = (int)x0;
   if (y0 > rop->y0) rop->y0 = (int)y0;
   if (x1 < rop->x1) rop->x1 = (int)x1;
   if (y1 < rop->y1) rop->y1 = (int)y1;
}

static enum nvsim_status
begin(struct g80_3d *ctx, struct g80_3d_rop *rop)
{
   struct nvsim_raster_state *rs = &rop->rs;
   enum nvsim_status st;

   if ((st = g80_3d_ms_mode(ctx, &rop->ms)))
      return st;
   const unsigned lx = rop->ms.log2_x, ly = rop->ms.log2_y;
   /* the layer: LAYER IDX (rnndb LAYER; upstream's nv50_blit_3d draws
    * each layer of a 2D array or 3D target with LAYER IDX = the layer, as
    * CLEAR_BUFFERS LAYER does) or the GP's (USE_GP), g80_3d_layer.c */
   if (g80_3d_reg(ctx, G80_3D_LOGIC_OP_ENABLE)) {
      /* gl_logic_op: GL's tokens, CLEAR .. SET consecutive, in the order
       * of nvsim_raster_logic_op */
      uint32_t op = g80_3d_reg(ctx, G80_3D_LOGIC_OP);
      if (op < G80_3D_LOGIC_OP_CLEAR || op > G80_3D_LOGIC_OP_SET)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "LOGIC_OP 0x%x is not "
                            "one of gl_logic_op", op);
      rop->logic = true;
      rop->logic_op = (enum nvsim_raster_logic_op)(op - G80_3D_LOGIC_OP_CLEAR);
   }

   uint32_t ctl = g80_3d_reg(ctx, G80_3D_RT_CONTROL);
   rop->nrt = G80_3D_FIELD(ctl, G80_3D_RT_CONTROL_COUNT);
   if (rop->nrt > NVSIM_RASTER_MAX_RT)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "%u render targets: the rasteriser models %u",
                         rop->nrt, NVSIM_RASTER_MAX_RT);
   unsigned slot[NVSIM_RASTER_MAX_RT];
   for (unsigned i = 0; i < rop->nrt; i++) {
      /* MAPi fields are 3 bits apart from MAP0 */
      unsigned sh = G80_3D_RT_CONTROL_MAP0__SHIFT +
                    i * (G80_3D_RT_CONTROL_MAP1__SHIFT -
                         G80_3D_RT_CONTROL_MAP0__SHIFT);
      slot[i] = (ctl >> sh) & (G80_3D_RT_CONTROL_MAP0__MASK >>
                               G80_3D_RT_CONTROL_MAP0__SHIFT);
      st = g80_3d_rt_surface(ctx, slot[i], &rop->rt[i].s);
      if (st)
         return st;
   }
   rop->zeta = g80_3d_reg(ctx, G80_3D_ZETA_ENABLE) != 0;
   if (rop->zeta) {
      st = g80_3d_zeta_surface(ctx, &rop->zs);
      if (st)
         return st;
   }

   /* the clip rectangle */
   uint32_t sh = g80_3d_reg(ctx, G80_3D_SCREEN_SCISSOR_HORIZ);
   uint32_t sv = g80_3d_reg(ctx, G80_3D_SCREEN_SCISSOR_VERT);
   int64_t sx = G80_3D_FIELD(sh, G80_3D_SCREEN_SCISSOR_HORIZ_X);
   int64_t sy = G80_3D_FIELD(sv, G80_3D_SCREEN_SCISSOR_VERT_Y);
   rop->x0 = 0;
   rop->y0 = 0;
   rop->x1 = INT32_MAX;
   rop->y1 = INT32_MAX;
   cut(rop, sx, sy, sx + G80_3D_FIELD(sh, G80_3D_SCREEN_SCISSOR_HORIZ_W),
       sy + G80_3D_FIELD(sv, G80_3D_SCREEN_SCISSOR_VERT_H));
   unsigned vp = rop->target.viewport;
   if (g80_3d_reg(ctx, G80_3D_SCISSOR_ENABLE(vp))) {
      uint32_t h = g80_3d_reg(ctx, G80_3D_SCISSOR_HORIZ(vp));
      uint32_t v = g80_3d_reg(ctx, G80_3D_SCISSOR_VERT(vp));
      cut(rop, G80_3D_FIELD(h, G80_3D_SCISSOR_HORIZ_MIN),
          G80_3D_FIELD(v, G80_3D_SCISSOR_VERT_MIN),
          G80_3D_FIELD(h, G80_3D_SCISSOR_HORIZ_MAX),
          G80_3D_FIELD(v, G80_3D_SCISSOR_VERT_MAX));
   }
   /* surfaces are in stored pixels, the blocks of samples */
   for (unsigned i = 0; i < rop->nrt; i++)
      cut(rop, 0, 0, rop->rt[i].s.width >> lx, rop->rt[i].s.height >> ly);
   if (rop->zeta)
      cut(rop, 0, 0, rop->zs.width >> lx, rop->zs.height >> ly);
   if (rop->x1 == INT32_MAX || rop->y1 == INT32_MAX || rop->x0 >= rop->x1 ||
       rop->y0 >= rop->y1) {
      /* nothing bound or an empty rectangle: nothing is drawn */
      rop->x0 = rop->y0 = rop->x1 = rop->y1 = 0;
   }
   /* the staging copies hold the pixels from (0, 0) to the clip
    * rectangle's far corner: bounded by GL 3.3's largest target on Tesla
    * (8192 x 8192, upstream's PIPE_CAP_MAX_TEXTURE_2D_SIZE) */
   rop->sw = (unsigned)(rop->x1 - rop->x0);
   rop->sh = (unsigned)(rop->y1 - rop->y0);
   rop->ux0 = rop->x0 << lx;
   rop->uy0 = rop->y0 << ly;
   rop->ux1 = rop->x1 << lx;
   rop->uy1 = rop->y1 << ly;
   rop->usw = rop->sw << lx;
   if ((uint64_t)rop->usw * (rop->sh << ly) > 8192ull * 8192ull)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "drawing into %u x %u stored pixels is past the "
                         "8192 x 8192 modelled", rop->usw, rop->sh << ly);
   /* each surface's layer; past its LAYERS: g80_3d_surface_layer */
   for (unsigned i = 0; i < rop->nrt; i++)
      if ((st = g80_3d_surface_layer(ctx, &rop->rt[i].s, &rop->target,
                                     "a render target", &rop->rt[i].layer)))
         return st;
   if (rop->zeta && (st = g80_3d_surface_layer(ctx, &rop->zs, &rop->target,
                                               "the zeta surface",
                                               &rop->zlayer)))
      return st;
   /* the clip rectangle's corners must be in mapped memory before
    * anything is staged: the staging copies are then bounded by the
    * memory the surfaces occupy */
   for (unsigned i = 0; i < rop->nrt && rop->sw; i++)
      if (!g80_3d_surface_ptr(ctx, &rop->rt[i].s, rop->ux0, rop->uy0,
                              rop->rt[i].layer, 1) ||
          !g80_3d_surface_ptr(ctx, &rop->rt[i].s, rop->ux1 - 1, rop->uy1 - 1,
                              rop->rt[i].layer, rop->rt[i].s.cpp))
         return NVSIM_DMA_ERROR;
   if (rop->zeta && rop->sw &&
       (!g80_3d_surface_ptr(ctx, &rop->zs, rop->ux0, rop->uy0, rop->zlayer,
                            1) ||
        !g80_3d_surface_ptr(ctx, &rop->zs, rop->ux1 - 1, rop->uy1 - 1,
                            rop->zlayer, 1)))
      return NVSIM_DMA_ERROR;
   /* the rasteriser draws in staging coordinates: the rectangle moved to
    * (0, 0) (g80_3d_draw.c subtracts the origin from window positions,
    * shade_quad adds it back to the FP's position input) */
   rs->clip_x0 = 0;
   rs->clip_y0 = 0;
   rs->clip_x1 = (int)rop->sw;
   rs->clip_y1 = (int)rop->sh;

   for (unsigned i = 0; i < rop->nrt; i++) {
      st = setup_rt(ctx, &rop->rt[i]);
      if (st)
         return st;
      rs->color[i].pitch = rop->usw * 16;
      rs->color[i].format = NVSIM_RASTER_FMT_RGBA32F;
      g80_3d_ms_surface(&rop->ms, &rs->color[i]);
      uint32_t cm = g80_3d_reg(ctx, G80_3D_COLOR_MASK(
         g80_3d_reg(ctx, G80_3D_COLOR_MASK_COMMON) ? 0 : slot[i]));
      rs->color_mask[i] =
         (cm & G80_3D_COLOR_MASK_R__MASK ? NVSIM_RASTER_MASK_R : 0) |
         (cm & G80_3D_COLOR_MASK_G__MASK ? NVSIM_RASTER_MASK_G : 0) |
         (cm & G80_3D_COLOR_MASK_B__MASK ? NVSIM_RASTER_MASK_B : 0) |
         (cm & G80_3D_COLOR_MASK_A__MASK ? NVSIM_RASTER_MASK_A : 0);
      /* the logic op on a target that is not float: the pixels written
       * are combined with the memory at write back (g80_3d_logic.c) */
      if (rop->logic && !g80_surface_format_is_float(rop->rt[i].s.format)) {
         rop->rt[i].written = calloc((size_t)rop->usw *
                                     (rop->uy1 - rop->uy0) + 1, 1);
         if (!rop->rt[i].written)
            return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "out of memory");
         rop->rt[i].rgba_mask = rs->color_mask[i];
         rs->color[i].written = rop->rt[i].written;
         rs->color[i].written_pitch = rop->usw;
      }
   }
   /* GL 3.3 4.1.10: with the logic op enabled "it is as if blending were
    * disabled", float targets included */
   st = rop->logic ? NVSIM_OK : set_blend(ctx, rop, slot);
   if (st)
      return st;

   if (rop->zeta) {
      st = setup_zeta(ctx, rop);
      if (st)
         return st;
      rs->depth_test = g80_3d_reg(ctx, G80_3D_DEPTH_TEST_ENABLE) != 0;
      rs->depth_write = rs->depth_test &&
                        g80_3d_reg(ctx, G80_3D_DEPTH_WRITE_ENABLE) != 0;
      if (rs->depth_test &&
          !cmp_func(g80_3d_reg(ctx, G80_3D_DEPTH_TEST_FUNC), &rs->depth_func))
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                            "DEPTH_TEST_FUNC 0x%x is not modelled",
                            g80_3d_reg(ctx, G80_3D_DEPTH_TEST_FUNC));
      if (g80_3d_reg(ctx, G80_3D_STENCIL_ENABLE) && rop->zl.s_bits) {
         st = set_stencil(ctx, &rs->stencil[0], false);
         if (!st && g80_3d_reg(ctx, G80_3D_STENCIL_TWO_SIDE_ENABLE)) {
            rs->two_sided_stencil = true;
            st = set_stencil(ctx, &rs->stencil[1], true);
         }
         if (st)
            return st;
      }
   }
   if (g80_3d_reg(ctx, G80_3D_ALPHA_TEST_ENABLE)) {
      rs->alpha_test = true;
      if (!cmp_func(g80_3d_reg(ctx, G80_3D_ALPHA_TEST_FUNC), &rs->alpha_func))
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                            "ALPHA_TEST_FUNC is not modelled");
      float ref = fminf(fmaxf(regf(ctx, G80_3D_ALPHA_TEST_REF), 0.0f), 1.0f);
      rs->alpha_ref = (uint8_t)lrintf(ref * 255.0f);
   }
   uint32_t vv = g80_3d_reg(ctx, G80_3D_VIEW_VOLUME_CLIP_CTRL);
   if (vv & (G80_3D_VIEW_VOLUME_CLIP_CTRL_DEPTH_CLAMP_NEAR |
             G80_3D_VIEW_VOLUME_CLIP_CTRL_DEPTH_CLAMP_FAR)) {
      float n = regf(ctx, G80_3D_DEPTH_RANGE_NEAR(vp));
      float f = regf(ctx, G80_3D_DEPTH_RANGE_FAR(vp));
      rs->depth_clamp = true;
      rs->depth_clamp_min = fminf(n, f);
      rs->depth_clamp_max = fmaxf(n, f);
   }
   rs->offset_factor = regf(ctx, G80_3D_POLYGON_OFFSET_FACTOR);
   rs->offset_units = regf(ctx, G80_3D_POLYGON_OFFSET_UNITS);
   rs->offset_clamp = regf(ctx, G80_3D_POLYGON_OFFSET_CLAMP);
   if (g80_3d_reg(ctx, G80_3D_POLYGON_STIPPLE_ENABLE)) {
      rs->stipple = true;
      for (unsigned i = 0; i < 32; i++)
      {
         /* the pattern follows window positions: rotated to staging
          * coordinates (row y is window row y + y0, bit 31 - x % 32) */
         uint32_t v = g80_3d_reg(ctx, G80_3D_POLYGON_STIPPLE_PATTERN(
            (i + (unsigned)rop->y0) % 32));
         unsigned r = (unsigned)rop->x0 % 32;
         rs->stipple_pattern[i] = r ? v << r | v >> (32 - r) : v;
      }
   }
   if (g80_3d_reg(ctx, G80_3D_LINE_STIPPLE_ENABLE)) {
      uint32_t ls = g80_3d_reg(ctx, G80_3D_LINE_STIPPLE);
      rs->line_stipple = true;
      rs->line_stipple_pattern = G80_3D_FIELD(ls, G80_3D_LINE_STIPPLE_PATTERN);
      rs->line_stipple_factor = G80_3D_FIELD(ls, G80_3D_LINE_STIPPLE_FACTOR_M1) + 1;
   }
   /* antialiased lines and points: GL's coverage (nvsim_raster.h);
    * LINE_SMOOTH_BLUR and COVERAGE_LUT have no documented meaning
    * (rnndb names only) and are not modelled */
   rs->line_smooth = g80_3d_reg(ctx, G80_3D_LINE_SMOOTH_ENABLE) != 0;
   rs->point_smooth = g80_3d_reg(ctx, G80_3D_POINT_SMOOTH_ENABLE) != 0;
   g80_3d_sprite_setup(ctx, &rop->sprite, rs);

   /* the FP and its inputs: every result map slot is interpolated
    * (attribute k holds slots 4k..4k+3), position in attribute 0 */
   rop->interp = g80_3d_reg(ctx, G80_3D_FP_INTERPOLANT_CTRL);
   rop->fp_control = g80_3d_reg(ctx, G80_3D_FP_CONTROL);
   rop->fp_results = g80_3d_reg(ctx, G80_3D_FP_RESULT_COUNT);
   if (rop->fp_results > MAX_FP_OUT)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "FP_RESULT_COUNT %u is past the %u words modelled",
                         rop->fp_results, MAX_FP_OUT);
   if ((rop->fp_control & G80_3D_FP_CONTROL_EXPORTS_Z) && !rop->fp_results)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "FP_CONTROL EXPORTS_Z with no result words");
   /* Dual-source blending: rnndb names the SRC1 factors but not where the
    * second source comes from.  Upstream's nv50 (the evidence of the
    * interface) writes a dual-source program's second output as colour
    * result 1 (words 4..7), sets MULTIPLE_RESULTS for a program of more
    * than one colour and draws with one target (its
    * MAX_DUAL_SOURCE_RENDER_TARGETS is 1): source 1 is colour result 1
    * there.  What the hardware does without MULTIPLE_RESULTS, or with
    * colour 1 also going to a second target, is not documented. */
   if (rop->dual && !(rop->fp_control & G80_3D_FP_CONTROL_MULTIPLE_RESULTS))
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "dual-source blend factor without FP_CONTROL "
                         "MULTIPLE_RESULTS is not modelled (undocumented)");
   if (rop->dual && rop->nrt > 1)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "dual-source blend factor with %u render targets "
                         "is not modelled (undocumented)", rop->nrt);
   unsigned slots = g80_3d_result_slots(ctx);
   unsigned attrs = (slots + 3) / 4;
   if (attrs > NVSIM_RASTER_MAX_ATTRIBS)
      attrs = NVSIM_RASTER_MAX_ATTRIBS;
   rs->attr_mask = (attrs ? (1u << attrs) - 1 : 0) |
                   (1u << G80_3D_RASTER_POS_SLOT);
   rs->pos_slot = G80_3D_RASTER_POS_SLOT;
   rs->face_slot = 31;          /* no facing input: outside attr_mask */
   rs->height = rop->sh;
   if ((st = g80_3d_ms_raster(ctx, &rop->ms, rs)))
      return st;
   rs->count_samples = g80_3d_reg(ctx, G80_3D_SAMPLECNT_ENABLE) != 0;
   rs->shade_quad = shade_quad;
   rs->shade_ctx = rop;
   rs->shader_may_kill = (rop->fp_control & G80_3D_FP_CONTROL_USES_KIL) != 0;
   rs->shader_writes_depth = (rop->fp_control & G80_3D_FP_CONTROL_EXPORTS_Z) != 0;
   return NVSIM_OK;
}

static void
rop_free(struct g80_3d_rop *rop)
{
   for (unsigned i = 0; i < NVSIM_RASTER_MAX_RT; i++) {
      free(rop->rt[i].px);
      free(rop->rt[i].orig);
      free(rop->rt[i].written);
   }
   free(rop->zpx);
   free(rop->zorig);
   free(rop);
}

enum nvsim_status
g80_3d_rop_begin(struct g80_3d *ctx, const struct g80_3d_target *target,
                 struct g80_3d_rop **out, struct nvsim_raster_state **rs)
{
   struct g80_3d_rop *rop = calloc(1, sizeof(*rop));
   if (!rop)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "out of memory");
   rop->ctx = ctx;
   rop->target = *target;
   enum nvsim_status st = begin(ctx, rop);
   if (st) {
      rop_free(rop);
      return st;
   }
   *out = rop;
   *rs = &rop->rs;
   return NVSIM_OK;
}

enum nvsim_status
g80_3d_rop_stage(struct g80_3d *ctx, struct g80_3d_rop *rop, int x0, int y0,
                 int x1, int y1)
{
   rop->bx0 = x0 < 0 ? 0 : x0;
   rop->by0 = y0 < 0 ? 0 : y0;
   rop->bx1 = x1 > (int)rop->sw ? (int)rop->sw : x1;
   rop->by1 = y1 > (int)rop->sh ? (int)rop->sh : y1;
   if (rop->bx0 >= rop->bx1 || rop->by0 >= rop->by1)
      rop->bx0 = rop->by0 = rop->bx1 = rop->by1 = 0;
   /* the rasteriser addresses no pixel outside its clip rectangle */
   rop->rs.clip_x0 = rop->bx0;
   rop->rs.clip_y0 = rop->by0;
   rop->rs.clip_x1 = rop->bx1;
   rop->rs.clip_y1 = rop->by1;
   enum nvsim_status st = NVSIM_OK;
   for (unsigned i = 0; i < rop->nrt && !st; i++) {
      st = stage_rt(ctx, rop, &rop->rt[i]);
      rop->rs.color[i].map = (uint8_t *)rop->rt[i].px;
   }
   if (!st && rop->zeta)
      st = stage_zeta(ctx, rop);
   if (st)
      rop_free(rop);
   return st;
}

void
g80_3d_rop_origin(const struct g80_3d_rop *rop, int *x0, int *y0)
{
   *x0 = rop->x0;
   *y0 = rop->y0;
}

bool
g80_3d_rop_failed(const struct g80_3d_rop *rop)
{
   return rop->failed;
}

enum nvsim_status
g80_3d_rop_end(struct g80_3d *ctx, struct g80_3d_rop *rop)
{
   enum nvsim_status st = NVSIM_OK;
   int x0, y0, x1, y1;
   staged_stored(rop, &x0, &y0, &x1, &y1);
   /* what was drawn before a fault stays (docs/reliability.md "Traps") */
   for (unsigned i = 0; i < rop->nrt && !st; i++) {
      struct staged_rt *r = &rop->rt[i];
      for (int y = y0; y < y1 && !st; y++)
         for (int x = x0; x < x1; x++) {
            size_t at = (size_t)y * rop->usw + x;
            size_t k = at * 4;
            if (r->written ? !r->written[at]
                           : !memcmp(&r->px[k], &r->orig[k], 16))
               continue;
            uint8_t *p = g80_3d_surface_ptr(ctx, &r->s, rop->ux0 + x,
                                            rop->uy0 + y, r->layer,
                                            r->s.cpp);
            if (!p) {
               st = NVSIM_DMA_ERROR;
               break;
            }
            float v[4];
            memcpy(v, &r->px[k], sizeof(v));
            for (unsigned c = 0; r->srgb && c < 3; c++)
               v[c] = g80_srgb_encode(v[c]);
            if (r->written) {
               uint8_t src[16];
               if (r->s.cpp <= sizeof(src) &&
                   g80_surface_format_convert(r->stage_format,
                                              (const uint8_t *)v,
                                              r->s.format, src))
                  g80_3d_logic_pixel(r->s.format, rop->logic_op,
                                     r->rgba_mask, src, p);
               continue;
            }
            g80_surface_format_convert(r->stage_format, (const uint8_t *)v,
                                       r->s.format, p);
         }
   }
   if (rop->zeta && rop->zpx) {
      const struct g80_zeta_layout *l = &rop->zl;
      for (int y = y0; y < y1 && !st; y++)
         for (int x = x0; x < x1; x++) {
            size_t k = ((size_t)y * rop->usw + x) * rop->zbpp;
            if (!memcmp(rop->zpx + k, rop->zorig + k, rop->zbpp))
               continue;
            uint8_t *p = g80_3d_surface_ptr(ctx, &rop->zs, rop->ux0 + x,
                                            rop->uy0 + y, rop->zlayer,
                                            l->cpp);
            if (!p) {
               st = NVSIM_DMA_ERROR;
               break;
            }
            if (rop->zbpp == 8) {
               uint32_t w;
               memcpy(&w, rop->zpx + k, 4);
               put_zbits(p, l->z_off, l->z_bits, w);
               if (l->s_bits)
                  put_zbits(p, l->s_off, 8, rop->zpx[k + 4]);
            } else if (rop->zbpp == 2) {
               uint16_t w;
               memcpy(&w, rop->zpx + k, 2);
               put_zbits(p, l->z_off, l->z_bits, w);
            } else {
               uint32_t w;
               memcpy(&w, rop->zpx + k, 4);
               put_zbits(p, l->z_off, l->z_bits, w >> 8);
               if (l->s_bits)
                  put_zbits(p, l->s_off, 8, w & 0xff);
            }
         }
   }
   ctx->samplecnt += rop->rs.samples_passed;   /* drawn, even on a fault */
   bool failed = rop->failed;
   rop_free(rop);
   if (failed && !st)
      st = NVSIM_INVALID_STATE;   /* the FP's runner set the detail */
   return st;
}
