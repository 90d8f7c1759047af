/*
 * Per-fragment operations (the ROP): alpha test, stencil test, depth test,
 * blending, logic op, colour mask and the write in the target's format, in
 * the order of the OpenGL 2.1 specification, chapter 4.1.
 */
#include <math.h>
#include <string.h>

#include "nvsim_raster.h"
#include "nvsim_raster_math.h"
#include "nvsim_raster_pixel.h"

static inline float
clamp01(float v)
{
   return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
}

static uint8_t
stencil_apply(enum nvsim_raster_stencil_op op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case NVSIM_RASTER_SOP_ZERO:      return 0;
   case NVSIM_RASTER_SOP_REPLACE:   return ref;
   case NVSIM_RASTER_SOP_INCR:      return s == 0xff ? s : s + 1;
   case NVSIM_RASTER_SOP_DECR:      return s == 0 ? s : s - 1;
   case NVSIM_RASTER_SOP_INVERT:    return ~s;
   case NVSIM_RASTER_SOP_INCR_WRAP: return s + 1;
   case NVSIM_RASTER_SOP_DECR_WRAP: return s - 1;
   default:                         return s;
   }
}

/*
 * Depth and stencil tests on a float depth buffer (Z32F_S8).
 * ARB_depth_buffer_float: z_w is kept as a float ("Conversion is not
 * applied for floating-point depth buffers", 3.11.2; 2.11.1), so the
 * fragment's depth is not rounded to a fixed-point grid; it is still
 * clamped to [0, 1] (3.5.5: "Fragment depth values are clamped when the
 * depth buffer uses a floating-point representation") and compared with
 * the stored float as a float.
 */
static bool
depth_stencil_float(struct nvsim_raster_state *st, uint8_t *p, bool front,
                    float z)
{
   float zbuf;
   memcpy(&zbuf, p, 4);
   uint8_t sval = p[4], snew = sval;
   float zfrag = clamp01(z);

   const struct nvsim_raster_stencil *s =
      st->two_sided_stencil && !front ? &st->stencil[1] : &st->stencil[0];
   bool pass = true;
   if (s->enable) {
      pass = nvsim_raster_compare(s->func, s->ref & s->func_mask,
                                  sval & s->func_mask);
      if (!pass)
         snew = stencil_apply(s->op_fail, sval, s->ref);
   }
   if (pass && st->depth_test) {
      pass = nvsim_raster_compare_f(st->depth_func, zfrag, zbuf);
      if (s->enable)
         snew = stencil_apply(pass ? s->op_zpass : s->op_zfail, sval, s->ref);
   } else if (pass && s->enable) {
      snew = stencil_apply(s->op_zpass, sval, s->ref);
   }
   if (s->enable)
      p[4] = (uint8_t)((sval & ~s->write_mask) | (snew & s->write_mask));
   if (pass && st->depth_test && st->depth_write)
      memcpy(p, &zfrag, 4);
   return pass;
}

/* Depth and stencil tests with their updates on the zeta pixel at p, of
 * format zfmt (not NONE); false when the fragment is discarded.  Inline:
 * the fast path runs it with the format a constant. */
static inline __attribute__((always_inline)) bool
depth_stencil_at(struct nvsim_raster_state *st, uint8_t *p,
                 enum nvsim_raster_format zfmt, bool front, float z)
{
   bool z16 = zfmt == NVSIM_RASTER_FMT_Z16;
   uint32_t word, zbuf, zfrag;
   uint8_t sval = 0, snew;

   if (st->depth_clamp)
      z = nvsim_minf(nvsim_maxf(z, st->depth_clamp_min), st->depth_clamp_max);
   if (zfmt == NVSIM_RASTER_FMT_Z32F_S8)
      return depth_stencil_float(st, p, front, z);
   if (z16) {
      uint16_t h;
      memcpy(&h, p, 2);
      word = h;
      zbuf = h;
      zfrag = (uint32_t)nvsim_round(clamp01(z) * 65535.0);
   } else {
      memcpy(&word, p, 4);
      zbuf = word >> 8;
      sval = word & 0xff;
      zfrag = (uint32_t)nvsim_round((double)clamp01(z) * 16777215.0);
   }

   const struct nvsim_raster_stencil *s =
      st->two_sided_stencil && !front ? &st->stencil[1] : &st->stencil[0];
   bool use_stencil = s->enable && !z16;
   bool pass = true;
   snew = sval;

   if (use_stencil) {
      pass = nvsim_raster_compare(s->func, s->ref & s->func_mask,
                                  sval & s->func_mask);
      if (!pass)
         snew = stencil_apply(s->op_fail, sval, s->ref);
   }
   if (pass && st->depth_test) {
      pass = nvsim_raster_compare(st->depth_func, zfrag, zbuf);
      if (use_stencil)
         snew = stencil_apply(pass ? s->op_zpass : s->op_zfail, sval, s->ref);
   } else if (pass && use_stencil) {
      snew = stencil_apply(s->op_zpass, sval, s->ref);
   }

   uint32_t nw = word;
   if (use_stencil)
      nw = (nw & ~(uint32_t)s->write_mask) | (snew & s->write_mask);
   if (pass && st->depth_test && st->depth_write)
      nw = z16 ? zfrag : ((zfrag << 8) | (nw & 0xff));
   if (nw != word) {
      if (z16) {
         uint16_t h = (uint16_t)nw;
         memcpy(p, &h, 2);
      } else {
         memcpy(p, &nw, 4);
      }
   }
   return pass;
}

/* Depth and stencil tests with their updates; false when the fragment is
 * discarded. */
static bool
depth_stencil(struct nvsim_raster_state *st, int x, int y, bool front, float z)
{
   const struct nvsim_raster_surface *zs = &st->zeta;
   if (zs->format == NVSIM_RASTER_FMT_NONE)
      return true;
   return depth_stencil_at(st, nvsim_raster_pixel(zs, x, y,
                                                  nvsim_raster_format_bpp(zs->format)),
                           zs->format, front, z);
}

static bool
depth_bounds(const struct nvsim_raster_state *st, int x, int y)
{
   const struct nvsim_raster_surface *zs = &st->zeta;
   if (!st->depth_bounds || zs->format == NVSIM_RASTER_FMT_NONE)
      return true;
   const uint8_t *p = nvsim_raster_pixel(zs, x, y,
                                         nvsim_raster_format_bpp(zs->format));
   /* EXT_depth_bounds_test ("At what precision ..."): the bounds are
    * converted to fixed point as though they were written to the depth
    * buffer, and the stored value is compared with those */
   uint32_t z, zmin, zmax;
   if (zs->format == NVSIM_RASTER_FMT_Z32F_S8) {
      /* ARB_depth_buffer_float, EXT_depth_bounds_test: for floating-point
       * depth buffers the bounds are clamped to [0, 1], and the stored
       * float compared with them */
      float zf;
      memcpy(&zf, p, 4);
      return zf >= clamp01(st->depth_bounds_min) &&
             zf <= clamp01(st->depth_bounds_max);
   }
   if (zs->format == NVSIM_RASTER_FMT_Z16) {
      uint16_t h;
      memcpy(&h, p, 2);
      z = h;
      zmin = (uint32_t)nvsim_round(clamp01(st->depth_bounds_min) * 65535.0);
      zmax = (uint32_t)nvsim_round(clamp01(st->depth_bounds_max) * 65535.0);
   } else {
      uint32_t w;
      memcpy(&w, p, 4);
      z = w >> 8;
      zmin = (uint32_t)nvsim_round((double)clamp01(st->depth_bounds_min) *
                                   16777215.0);
      zmax = (uint32_t)nvsim_round((double)clamp01(st->depth_bounds_max) *
                                   16777215.0);
   }
   return z >= zmin && z <= zmax;
}

/* GL 3.3 4.1.8 table 4.2; src1 is the second source colour of
 * dual-source blending (the SRC1 factors).  factor and equation, out
 * of line, are one copy of the arithmetic for the reference and the
 * fast path's float targets, so that a sum or product of two NaNs keeps
 * the same operand's payload both ways (inlined, GCC orders commutative
 * operands per copy: nvsim_raster_fast's random blends then differ).
 * The fast path inlines factor_of/equation_of for fixed-point targets
 * only: there every NaN becomes 0 (unorm's clamp), whatever its
 * payload, and sums and products of other values do not depend on the
 * order of their operands. */
static inline __attribute__((always_inline)) float
factor_of(enum nvsim_raster_blend_factor f, const float *src,
          const float *src1, const float *dst, const float *cc, unsigned c)
{
   switch (f) {
   case NVSIM_RASTER_BF_ZERO: return 0.0f;
   case NVSIM_RASTER_BF_ONE: return 1.0f;
   case NVSIM_RASTER_BF_SRC_COLOR: return src[c];
   case NVSIM_RASTER_BF_ONE_MINUS_SRC_COLOR: return 1.0f - src[c];
   case NVSIM_RASTER_BF_SRC_ALPHA: return src[3];
   case NVSIM_RASTER_BF_ONE_MINUS_SRC_ALPHA: return 1.0f - src[3];
   case NVSIM_RASTER_BF_DST_ALPHA: return dst[3];
   case NVSIM_RASTER_BF_ONE_MINUS_DST_ALPHA: return 1.0f - dst[3];
   case NVSIM_RASTER_BF_DST_COLOR: return dst[c];
   case NVSIM_RASTER_BF_ONE_MINUS_DST_COLOR: return 1.0f - dst[c];
   case NVSIM_RASTER_BF_SRC_ALPHA_SATURATE:
      if (c == 3)
         return 1.0f;
      return nvsim_minf(src[3], 1.0f - dst[3]);
   case NVSIM_RASTER_BF_CONSTANT_COLOR: return cc[c];
   case NVSIM_RASTER_BF_ONE_MINUS_CONSTANT_COLOR: return 1.0f - cc[c];
   case NVSIM_RASTER_BF_CONSTANT_ALPHA: return cc[3];
   case NVSIM_RASTER_BF_ONE_MINUS_CONSTANT_ALPHA: return 1.0f - cc[3];
   case NVSIM_RASTER_BF_SRC1_COLOR: return src1[c];
   case NVSIM_RASTER_BF_ONE_MINUS_SRC1_COLOR: return 1.0f - src1[c];
   case NVSIM_RASTER_BF_SRC1_ALPHA: return src1[3];
   case NVSIM_RASTER_BF_ONE_MINUS_SRC1_ALPHA: return 1.0f - src1[3];
   }
   return 0.0f;
}

static inline __attribute__((always_inline)) float
equation_of(enum nvsim_raster_blend_eq eq, float s, float sf, float d,
            float df)
{
   switch (eq) {
   case NVSIM_RASTER_BEQ_SUBTRACT: return s * sf - d * df;
   case NVSIM_RASTER_BEQ_REVERSE_SUBTRACT: return d * df - s * sf;
   case NVSIM_RASTER_BEQ_MIN: return nvsim_minf(s, d);
   case NVSIM_RASTER_BEQ_MAX: return nvsim_maxf(s, d);
   default: return s * sf + d * df;
   }
}

static __attribute__((noinline)) float
factor(enum nvsim_raster_blend_factor f, const float *src, const float *src1,
       const float *dst, const float *cc, unsigned c)
{
   return factor_of(f, src, src1, dst, cc, c);
}

static __attribute__((noinline)) float
equation(enum nvsim_raster_blend_eq eq, float s, float sf, float d, float df)
{
   return equation_of(eq, s, sf, d, df);
}

uint32_t
nvsim_raster_logic(enum nvsim_raster_logic_op op, uint32_t s, uint32_t d)
{
   switch (op) {
   case NVSIM_RASTER_LOP_CLEAR: return 0;
   case NVSIM_RASTER_LOP_AND: return s & d;
   case NVSIM_RASTER_LOP_AND_REVERSE: return s & ~d;
   case NVSIM_RASTER_LOP_COPY: return s;
   case NVSIM_RASTER_LOP_AND_INVERTED: return ~s & d;
   case NVSIM_RASTER_LOP_NOOP: return d;
   case NVSIM_RASTER_LOP_XOR: return s ^ d;
   case NVSIM_RASTER_LOP_OR: return s | d;
   case NVSIM_RASTER_LOP_NOR: return ~(s | d);
   case NVSIM_RASTER_LOP_EQUIV: return ~(s ^ d);
   case NVSIM_RASTER_LOP_INVERT: return ~d;
   case NVSIM_RASTER_LOP_OR_REVERSE: return s | ~d;
   case NVSIM_RASTER_LOP_COPY_INVERTED: return ~s;
   case NVSIM_RASTER_LOP_OR_INVERTED: return ~s | d;
   case NVSIM_RASTER_LOP_NAND: return ~(s & d);
   default: return ~0u;
   }
}

static bool
is_float_format(enum nvsim_raster_format f)
{
   return f == NVSIM_RASTER_FMT_RGBA16F || f == NVSIM_RASTER_FMT_RGBA32F ||
          f == NVSIM_RASTER_FMT_R32F;
}

/* Target rt's blend function into *f; false when it does not blend. */
static inline bool
blend_func(const struct nvsim_raster_state *st, unsigned rt,
           struct nvsim_raster_blend_func *f)
{
   if (!(rt == 0 ? st->blend : (st->blend_mrt >> rt) & 1))
      return false;
   if (st->blend_per_rt) {
      *f = st->blend_rt[rt];
   } else {
      *f = (struct nvsim_raster_blend_func){
         st->src_rgb, st->src_a, st->dst_rgb, st->dst_a, st->eq_rgb, st->eq_a,
      };
   }
   return true;
}

/* The end of write_rt, after the clamp and the logic op: blends src
 * (src1 the second source) with the pixel at p of format fmt when f is
 * given, writes the channels of mask.  Inline: the fast path runs it
 * with the format a constant. */
static inline __attribute__((always_inline)) void
blend_write(const struct nvsim_raster_state *st, enum nvsim_raster_format fmt,
            uint8_t *p, const struct nvsim_raster_blend_func *f,
            const float *src, const float *src1, unsigned mask, bool inl)
{
   float dst[4], out[4];

   if (!f) {
      nvsim_raster_px_write(fmt, p, src, mask);
      return;
   }
   nvsim_raster_px_read(fmt, p, dst);
   const float *cc = st->blend_color;
   if (inl) {
      for (unsigned c = 0; c < 3; c++)
         out[c] = equation_of(f->eq_rgb, src[c],
                              factor_of(f->src_rgb, src, src1, dst, cc, c),
                              dst[c],
                              factor_of(f->dst_rgb, src, src1, dst, cc, c));
      out[3] = equation_of(f->eq_a, src[3],
                           factor_of(f->src_a, src, src1, dst, cc, 3), dst[3],
                           factor_of(f->dst_a, src, src1, dst, cc, 3));
   } else {
      for (unsigned c = 0; c < 3; c++)
         out[c] = equation(f->eq_rgb, src[c],
                           factor(f->src_rgb, src, src1, dst, cc, c), dst[c],
                           factor(f->dst_rgb, src, src1, dst, cc, c));
      out[3] = equation(f->eq_a, src[3],
                        factor(f->src_a, src, src1, dst, cc, 3), dst[3],
                        factor(f->dst_a, src, src1, dst, cc, 3));
   }
   nvsim_raster_px_write(fmt, p, out, mask);
}

/* in1: the fragment's second source colour (dual-source blending) */
static void
write_rt(struct nvsim_raster_state *st, unsigned rt, int x, int y,
         const float *in, const float *in1)
{
   const struct nvsim_raster_surface *s = &st->color[rt];
   unsigned mask = st->color_mask[rt];
   float src[4], src1[4], out[4];
   bool fl = is_float_format(s->format);

   if (!mask)
      return;
   if (s->written)
      s->written[(size_t)y * s->written_pitch + x] = 1;
   /* GL 3.3 4.1.8: for a fixed-point buffer the source values and the
    * blend factors (so the second source's too) are clamped to [0, 1] */
   for (unsigned c = 0; c < 4; c++) {
      src[c] = fl ? in[c] : clamp01(in[c]);
      src1[c] = fl ? in1[c] : clamp01(in1[c]);
   }

   if (st->logic_op_enable && !fl) {
      /* logic op on the stored bits: pack the source into a scratch pixel
       * of the same format, then combine */
      unsigned bpp = nvsim_raster_format_bpp(s->format);
      uint8_t tmp[4] = { 0 };
      struct nvsim_raster_surface t = { tmp, 4, s->format, false, 0, 0 };
      uint8_t *p = nvsim_raster_pixel(s, x, y, bpp);
      uint32_t sv = 0, dv = 0, rv;
      nvsim_raster_write_color(&t, 0, 0, src, NVSIM_RASTER_MASK_RGBA);
      memcpy(&sv, tmp, bpp);
      memcpy(&dv, p, bpp);
      rv = nvsim_raster_logic(st->logic_op, sv, dv);
      /* channel mask: write the result into a copy and read it back */
      memcpy(tmp, &rv, bpp);
      nvsim_raster_read_color(&t, 0, 0, out);
      nvsim_raster_write_color(s, x, y, out, mask);
      return;
   }

   struct nvsim_raster_blend_func bf;
   bool blend = blend_func(st, rt, &bf);
   blend_write(st, s->format,
               nvsim_raster_pixel(s, x, y, nvsim_raster_format_bpp(s->format)),
               blend ? &bf : NULL, src, src1, mask, false);
}

/* The samples of a fragment that its coverage and the sample mask keep
 * (GL 2.1 section 4.1.3: the sample mask is ANDed with the coverage);
 * fills zs with z for a fragment that names none (lines, points). */
static unsigned
frag_samples(const struct nvsim_raster_state *st, unsigned smask, float *zs,
             float z)
{
   unsigned n = st->samples > 1 ? st->samples : 1;
   unsigned all = (1u << n) - 1;

   if (!smask) {
      for (unsigned s = 0; s < n; s++)
         zs[s] = z;
      smask = all;
   }
   smask &= all;
   if (n > 1)
      smask &= st->sample_mask;
   return smask;
}

/* Depth bounds (bounds) and depth/stencil (ds) on the samples in mask
 * of pixel (x, y), each at its own depth; the ones that pass. */
static inline __attribute__((always_inline)) unsigned
test_samples(struct nvsim_raster_state *st, int x, int y, bool front,
             unsigned mask, const float *zs, bool bounds, bool ds)
{
   if (st->samples <= 1) {
      /* one sample: the pixel itself (the common case, kept short) */
      if (!mask || (bounds && !depth_bounds(st, x, y)) ||
          (ds && !depth_stencil(st, x, y, front, zs[0])))
         return 0;
      return mask;
   }
   for (unsigned m = mask; m; m &= m - 1) {
      unsigned s = __builtin_ctz(m);
      int sx, sy;
      nvsim_raster_sample_xy(&st->zeta, x, y, s, &sx, &sy);
      if ((bounds && !depth_bounds(st, sx, sy)) ||
          (ds && !depth_stencil(st, sx, sy, front, zs[s])))
         mask &= ~(1u << s);
   }
   return mask;
}

/* Depth and stencil can run before the fragment program only when
 * nothing after it can drop the fragment or a sample of it. */
static bool
early_tests(const struct nvsim_raster_state *st)
{
   return !st->shader_may_kill && !st->shader_writes_depth &&
          !st->alpha_test &&
          !(st->samples > 1 && st->multisample && st->alpha_to_coverage);
}

/* After the fragment program: the multisample fragment operations, the
 * alpha test, depth/stencil unless early, the writes of each sample. */
static void
finish_fragment(struct nvsim_raster_state *st, int x, int y, bool front,
                unsigned mask, float (*color)[4], float *color1,
                const float *zs, bool depth_written, float depth, bool early)
{
   /* antialiasing: coverage multiplies alpha before the per-fragment
    * operations (GL 2.1 section 3.12) */
   if (st->coverage_active)
      for (unsigned rt = 0; rt < NVSIM_RASTER_MAX_RT; rt++)
         color[rt][3] *= st->coverage;

   /* GL 2.1 section 4.1.3, with MULTISAMPLE on a multisampled target:
    * alpha-to-coverage from the first colour's alpha, then alpha-to-one */
   if (st->samples > 1 && st->multisample) {
      if (st->alpha_to_coverage)
         mask &= nvsim_raster_alpha_coverage(st->samples,
                                             clamp01(color[0][3]));
      if (st->alpha_to_one) {
         /* "each alpha value is replaced": the second source colour's of
          * dual-source blending too (GL 3.3 4.1.3) */
         for (unsigned rt = 0; rt < NVSIM_RASTER_MAX_RT; rt++)
            color[rt][3] = 1.0f;
         color1[3] = 1.0f;
      }
   }
   if (!mask)
      return;

   if (st->alpha_test) {
      uint32_t a = (uint32_t)nvsim_round(clamp01(color[0][3]) * 255.0);
      if (!nvsim_raster_compare(st->alpha_func, a, st->alpha_ref))
         return;
   }

   if (!early) {
      float zw[NVSIM_RASTER_MAX_SAMPLES];
      for (unsigned s = 0; s < NVSIM_RASTER_MAX_SAMPLES; s++)
         zw[s] = depth_written ? depth : zs[s];
      mask = test_samples(st, x, y, front, mask, zw, false, true);
      if (!mask)
         return;
   }

   if (st->count_samples)
      st->samples_passed += (unsigned)__builtin_popcount(mask);
   for (unsigned rt = 0; rt < NVSIM_RASTER_MAX_RT; rt++) {
      const struct nvsim_raster_surface *cs = &st->color[rt];
      if (cs->format == NVSIM_RASTER_FMT_NONE)
         continue;
      for (unsigned m = mask; m; m &= m - 1) {
         int sx, sy;
         nvsim_raster_sample_xy(cs, x, y, __builtin_ctz(m), &sx, &sy);
         write_rt(st, rt, sx, sy, color[rt], color1);
      }
   }
}

void
nvsim_raster_fragment(struct nvsim_raster_state *st,
                      struct nvsim_raster_frag *f)
{
   bool early = early_tests(st);
   unsigned mask = frag_samples(st, f->smask, f->zs, f->z);

   mask = test_samples(st, f->x, f->y, f->front, mask, f->zs, true, early);
   if (!mask)
      return;

   f->depth_written = false;
   /* a program that writes no second colour leaves it 0 */
   memset(f->color1, 0, sizeof(f->color1));
   if (st->shade) {
      if (!st->shade(st->shade_ctx, f))
         return;
   } else {
      /* no program: the primary colour goes through (tests) */
      for (unsigned rt = 0; rt < NVSIM_RASTER_MAX_RT; rt++)
         memcpy(f->color[rt], f->in[1], sizeof(f->color[rt]));
   }
   finish_fragment(st, f->x, f->y, f->front, mask, f->color, f->color1,
                   f->zs, f->depth_written, f->depth, early);
}

void
nvsim_raster_quad_ops(struct nvsim_raster_state *st,
                      struct nvsim_raster_quad *q, unsigned covered)
{
   bool early = early_tests(st);
   unsigned smask[4], mask = 0;

   for (unsigned i = 0; i < 4; i++) {
      if (!(covered & (1u << i)))
         continue;
      smask[i] = frag_samples(st, q->smask[i], q->zs[i], q->z[i]);
      smask[i] = test_samples(st, q->x + (i & 1), q->y + (i >> 1), q->front,
                              smask[i], q->zs[i], true, early);
      if (smask[i])
         mask |= 1u << i;
   }
   if (!mask)
      return;

   q->mask = mask;
   q->depth_written = false;
   memset(q->color1, 0, sizeof(q->color1));
   st->shade_quad(st->shade_ctx, q);
   mask &= q->mask;

   for (unsigned i = 0; i < 4; i++)
      if (mask & (1u << i))
         finish_fragment(st, q->x + (i & 1), q->y + (i >> 1), q->front,
                         smask[i], q->color[i], q->color1[i], q->zs[i],
                         q->depth_written, q->depth[i], early);
}

/* ---- the fast path (issue 23): the same operations as quad_ops and
 * finish_fragment above for one sample per pixel without antialiasing
 * coverage, with the targets' formats, pixel sizes and blend functions
 * found once per primitive (nvsim_raster_rop_plan) and each format's
 * conversion and blend compiled for that format (blend_write,
 * depth_stencil_at with a constant format).  A logic op goes through
 * write_rt itself. ---- */

bool
nvsim_raster_rop_plan(const struct nvsim_raster_state *st,
                      struct nvsim_raster_rop_plan *plan)
{
   if (!st->fast || st->samples > 1 || st->coverage_active)
      return false;
   plan->early = early_tests(st);
   plan->nrt = 0;
   for (unsigned rt = 0; rt < NVSIM_RASTER_MAX_RT; rt++) {
      const struct nvsim_raster_surface *cs = &st->color[rt];
      /* write_rt writes nothing with an empty colour mask */
      if (cs->format == NVSIM_RASTER_FMT_NONE || !st->color_mask[rt])
         continue;
      /* finish_fragment writes sample 0's stored pixel: the pixel
       * itself only for a one-sample layout */
      if (cs->ms_x || cs->ms_y || cs->sample_store)
         return false;
      unsigned j = plan->nrt++;
      plan->rt[j] = (uint8_t)rt;
      plan->bpp[j] = (uint8_t)nvsim_raster_format_bpp(cs->format);
      plan->blend[j] = blend_func(st, rt, &plan->func[j]);
   }
   plan->zbpp = (uint8_t)nvsim_raster_format_bpp(st->zeta.format);
   return true;
}

/* depth_stencil with the zeta's pixel size planned and its common
 * formats compiled apart */
static inline bool
depth_stencil_fast(struct nvsim_raster_state *st,
                   const struct nvsim_raster_rop_plan *plan, int x, int y,
                   bool front, float z)
{
   enum nvsim_raster_format zfmt = st->zeta.format;
   if (zfmt == NVSIM_RASTER_FMT_NONE)
      return true;
   uint8_t *p = nvsim_raster_pixel(&st->zeta, x, y, plan->zbpp);
   switch (zfmt) {
   case NVSIM_RASTER_FMT_Z24S8:
      return depth_stencil_at(st, p, NVSIM_RASTER_FMT_Z24S8, front, z);
   case NVSIM_RASTER_FMT_Z16:
      return depth_stencil_at(st, p, NVSIM_RASTER_FMT_Z16, front, z);
   default:
      return depth_stencil_at(st, p, zfmt, front, z);
   }
}

/* write_rt for the plan's j-th target */
static inline void
write_rt_fast(struct nvsim_raster_state *st,
              const struct nvsim_raster_rop_plan *plan, unsigned j, int x,
              int y, const float *in, const float *in1)
{
   unsigned rt = plan->rt[j];
   const struct nvsim_raster_surface *s = &st->color[rt];
   enum nvsim_raster_format fmt = s->format;
   bool fl = is_float_format(fmt);
   float src[4], src1[4];

   if (st->logic_op_enable && !fl) {
      write_rt(st, rt, x, y, in, in1);
      return;
   }
   if (s->written)
      s->written[(size_t)y * s->written_pitch + x] = 1;
   for (unsigned c = 0; c < 4; c++) {
      src[c] = fl ? in[c] : clamp01(in[c]);
      src1[c] = fl ? in1[c] : clamp01(in1[c]);
   }
   uint8_t *p = nvsim_raster_pixel(s, x, y, plan->bpp[j]);
   const struct nvsim_raster_blend_func *f =
      plan->blend[j] ? &plan->func[j] : NULL;
   unsigned mask = st->color_mask[rt];
   switch (fmt) {
   case NVSIM_RASTER_FMT_B8G8R8A8:
      blend_write(st, NVSIM_RASTER_FMT_B8G8R8A8, p, f, src, src1, mask, true);
      break;
   case NVSIM_RASTER_FMT_B8G8R8X8:
      blend_write(st, NVSIM_RASTER_FMT_B8G8R8X8, p, f, src, src1, mask, true);
      break;
   case NVSIM_RASTER_FMT_R8G8B8A8:
      blend_write(st, NVSIM_RASTER_FMT_R8G8B8A8, p, f, src, src1, mask, true);
      break;
   case NVSIM_RASTER_FMT_B5G6R5:
      blend_write(st, NVSIM_RASTER_FMT_B5G6R5, p, f, src, src1, mask, true);
      break;
   case NVSIM_RASTER_FMT_RGBA16F:
      blend_write(st, NVSIM_RASTER_FMT_RGBA16F, p, f, src, src1, mask,
                  false);
      break;
   default:
      blend_write(st, fmt, p, f, src, src1, mask, false);
      break;
   }
}

void
nvsim_raster_quad_ops_fast(struct nvsim_raster_state *st,
                           const struct nvsim_raster_rop_plan *plan,
                           struct nvsim_raster_quad *q, unsigned covered)
{
   unsigned mask = 0;

   /* frag_samples and test_samples of one sample: its depth is the
    * fragment's */
   for (unsigned m = covered; m; m &= m - 1) {
      unsigned i = __builtin_ctz(m);
      int x = q->x + (int)(i & 1), y = q->y + (int)(i >> 1);
      q->zs[i][0] = q->z[i];
      if (st->depth_bounds && !depth_bounds(st, x, y))
         continue;
      if (plan->early &&
          !depth_stencil_fast(st, plan, x, y, q->front, q->z[i]))
         continue;
      mask |= 1u << i;
   }
   if (!mask)
      return;

   q->mask = mask;
   q->depth_written = false;
   memset(q->color1, 0, sizeof(q->color1));
   st->shade_quad(st->shade_ctx, q);
   mask &= q->mask;

   /* finish_fragment of one sample, no coverage */
   for (unsigned m = mask; m; m &= m - 1) {
      unsigned i = __builtin_ctz(m);
      int x = q->x + (int)(i & 1), y = q->y + (int)(i >> 1);
      if (st->alpha_test) {
         uint32_t a = (uint32_t)nvsim_round(clamp01(q->color[i][0][3]) * 255.0);
         if (!nvsim_raster_compare(st->alpha_func, a, st->alpha_ref))
            continue;
      }
      if (!plan->early &&
          !depth_stencil_fast(st, plan, x, y, q->front,
                              q->depth_written ? q->depth[i] : q->zs[i][0]))
         continue;
      if (st->count_samples)
         st->samples_passed++;
      for (unsigned j = 0; j < plan->nrt; j++)
         write_rt_fast(st, plan, j, x, y, q->color[i][plan->rt[j]],
                       q->color1[i]);
   }
}
