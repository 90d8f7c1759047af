/*
 * NIR pass: lookups of non-power-of-two textures on units that read them
 * only as rectangles (rankine), emulated in the shader.
 *
 * Facts: rankine's units read a power-of-two image swizzled, with
 * mipmaps and every wrap mode, and an image of any size only through a
 * *_RECT format: linear, one level, unnormalized texel coordinates
 * ([0, w] x [0, h]) and only the CLAMP, CLAMP_TO_EDGE and
 * CLAMP_TO_BORDER wrap modes, which clamp s to [0, w], [0.5, w - 0.5]
 * and [-0.5, w + 0.5] (NV_texture_rectangle, "Texture coordinates are
 * clamped differently for rectangular textures"; hwdb nv30-40_3d.xml;
 * nvsim's nv30_3d_texture.c).  Those are GL's clamps of s to [0, 1],
 * [1/2w, 1 - 1/2w] and [-1/2w, 1 + 1/2w] (GL 2.1 section 3.8.7) with s
 * scaled by w, so:
 *
 *  - NVC_TEX_NPOT_SCALE (every wrap a clamp mode, one level): the
 *    lookup is the hardware's on the rectangle with s, t multiplied by
 *    the level's size (a driver-provided uniform; the FP has no constant
 *    registers, the driver patches it into the inline constants); the
 *    unit filters (NEAREST, LINEAR, its own min/mag choice from the
 *    derivatives of the texel coordinates, which is GL's lambda) and
 *    clamps exactly as GL would on a power-of-two texture.
 *
 *  - NVC_TEX_NPOT_FILTER (a REPEAT or MIRRORED_REPEAT axis): the unit's
 *    LINEAR filter would clamp where GL wraps (the taps at a seam come
 *    from both edges), so the shader does GL 2.1 section 3.8.8 itself:
 *    u = s * w (s first clamped to [0, 1] under CLAMP), and
 *      NEAREST: i = floor(u) (w - 1 where u = w: GL's "s = 1" case),
 *      LINEAR:  i0 = floor(u - 1/2), i1 = i0 + 1, alpha = frac(u - 1/2),
 *               tau = (1-alpha)(1-beta) T[i0,j0] + alpha (1-beta) T[i1,j0]
 *                     + (1-alpha) beta T[i0,j1] + alpha beta T[i1,j1];
 *    each index wrapped as its axis says (REPEAT i mod w, MIRRORED_REPEAT
 *    GL's mirror of i mod 2w, CLAMP_TO_EDGE clamped to [0, w-1]); every
 *    tap is a hardware NEAREST lookup of the rectangle at the texel's
 *    centre.  An index outside the image under CLAMP / CLAMP_TO_BORDER
 *    (-1 or w) is left there: the unit, given CLAMP_TO_BORDER, reads the
 *    border colour for it, in the texture's format as for any other
 *    lookup (nvc_tex_npot_hw_wrap says which mode the driver sets).
 *    Where the min and mag filters differ, lambda decides (GL 2.1
 *    section 3.8.8: lambda = log2(rho) + bias, clamped to [min_lod,
 *    max_lod]; rho the largest absolute texel-space derivative (rho_box),
 *    from DDX/DDY: nv30_fp.xml; magnification when lambda <= 0, c = 0
 *    without mipmaps); both filters are computed and one selected, the
 *    FP having no branches.
 *
 *  - NVC_TEX_NPOT_MIPMAP (a mipmap filter and levels below the view's
 *    first): one rectangle holds every level, their rows one after the
 *    other at one pitch (the driver's linear layout is that already),
 *    level k's size and first row driver parameters selected by k
 *    (compile-time count of levels).  GL 2.1 section 3.8.8 in the
 *    shader: lambda from DDX/DDY of the texel coordinates of the view's
 *    first level, plus the biases, clamped to [min_lod, max_lod]; lambda
 *    <= c magnifies (c = 1/2 for a LINEAR mag and NEAREST_MIPMAP_* min
 *    filter, section 3.8.9), *_MIPMAP_NEAREST reads level ceil(lambda +
 *    1/2) - 1, *_MIPMAP_LINEAR blends levels floor(lambda) and the next
 *    by frac(lambda), all clamped to the last level; each level filtered
 *    as FILTER does, but every wrap, CLAMP_TO_EDGE included, in the
 *    shader (the unit's clamps would reach the neighbouring levels'
 *    rows), and a tap outside the level under CLAMP / CLAMP_TO_BORDER is
 *    the sampler's border colour (a parameter) rather than a texel.
 *
 *  - Cube maps (always MIPMAP): GL 2.1 section 3.8.6 picks the face and
 *    its (s, t) from the direction (cube_select), the face's level is
 *    its number of face strides further down the rectangle, filtered as
 *    a 2D level with CLAMP_TO_EDGE (the key's wraps: a face is filtered
 *    on its own); lambda from the face coordinates' derivatives.
 *
 * Shadow lookups keep their reference in every tap: the unit compares
 * each texel and the weights blend the results (GL 2.1 section 3.8.14
 * leaves LINEAR's combination of comparisons to the implementation).
 * Projective lookups are divided by q first.
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

unsigned
nvc_tex_npot_hw_wrap(const struct nvc_fp_tex_key *k, unsigned wrap)
{
   if (!k || (k->npot != NVC_TEX_NPOT_FILTER &&
              k->npot != NVC_TEX_NPOT_MIPMAP))
      return wrap;
   /* an atlas' taps are inside their level, the border the shader's */
   if (k->npot == NVC_TEX_NPOT_MIPMAP)
      return PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   switch (wrap) {
   case PIPE_TEX_WRAP_CLAMP:
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
      /* the shader clamps s itself; taps past the edge are the border */
      return PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   default:
      /* the shader's indices lie inside the image */
      return PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   }
}

bool
nvc_tex_npot_hw_linear(const struct nvc_fp_tex_key *k, bool linear)
{
   return k && (k->npot == NVC_TEX_NPOT_FILTER ||
                k->npot == NVC_TEX_NPOT_MIPMAP) ? false : linear;
}

struct npot_ctx {
   const struct nvc_fp_key *key;
};

static nir_ssa_def *
tex_param(nir_builder *b, unsigned unit, enum nvc_fp_tex_param param)
{
   return nir_load_uniform(b, 4, 32, nir_imm_int(b, 0),
                           .base = NVC_FP_TEX_PARAM_SLOT(unit, param),
                           .range = 1, .dest_type = nir_type_float32);
}

/* A hardware NEAREST lookup of the rectangle at texel coordinates xy. */
static nir_ssa_def *
rect_tap(nir_builder *b, const nir_tex_instr *orig, nir_ssa_def *xy,
         nir_ssa_def *cmp)
{
   nir_tex_instr *t = nir_tex_instr_create(b->shader, cmp ? 2 : 1);
   t->op = nir_texop_tex;
   t->sampler_dim = GLSL_SAMPLER_DIM_RECT;
   t->dest_type = orig->dest_type;
   t->coord_components = 2;
   t->is_shadow = orig->is_shadow;
   t->is_new_style_shadow = orig->is_new_style_shadow;
   t->texture_index = orig->texture_index;
   t->sampler_index = orig->sampler_index;
   t->src[0].src_type = nir_tex_src_coord;
   t->src[0].src = nir_src_for_ssa(xy);
   if (cmp) {
      t->src[1].src_type = nir_tex_src_comparator;
      t->src[1].src = nir_src_for_ssa(cmp);
   }
   nir_ssa_dest_init(&t->instr, &t->dest, orig->dest.ssa.num_components,
                     orig->dest.ssa.bit_size, NULL);
   nir_builder_instr_insert(b, &t->instr);
   return &t->dest.ssa;
}

/* Texel index i (a whole number) of an axis of n texels (rn = 1/n)
 * wrapped as GL 2.1 section 3.8.8 says for REPEAT, MIRRORED_REPEAT and
 * CLAMP_TO_EDGE; CLAMP and CLAMP_TO_BORDER keep it (border outside). */
static nir_ssa_def *
wrap_index(nir_builder *b, unsigned wrap, nir_ssa_def *i, nir_ssa_def *n,
           nir_ssa_def *rn)
{
   /* floor((i + 1/2) / n): i + 1/2 is never a multiple of n, so the
    * rounding of the product by 1/n cannot cross a whole number */
   nir_ssa_def *half = nir_imm_float(b, 0.5f);
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT:
      return nir_fsub(b, i, nir_fmul(b, n,
                      nir_ffloor(b, nir_fmul(b, nir_fadd(b, i, half), rn))));
   case PIPE_TEX_WRAP_MIRROR_REPEAT: {
      /* m = i mod 2n; mirror(m) = m < n ? m : 2n - 1 - m */
      nir_ssa_def *n2 = nir_fadd(b, n, n);
      nir_ssa_def *m = nir_fsub(b, i, nir_fmul(b, n2,
                       nir_ffloor(b, nir_fmul(b, nir_fadd(b, i, half),
                                              nir_fmul(b, rn, half)))));
      nir_ssa_def *back = nir_fsub(b, nir_fadd(b, n2, nir_imm_float(b, -1.0f)),
                                   m);
      return nir_bcsel(b, nir_fge(b, m, n), back, m);
   }
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE:
      return nir_fmin(b, nir_fmax(b, i, nir_imm_float(b, 0.0f)),
                      nir_fadd(b, n, nir_imm_float(b, -1.0f)));
   default:
      return i;
   }
}

/* u (texels) as the axis' wrap mode gives it to the filter: CLAMP
 * clamps s to [0, 1], i.e. u to [0, n]. */
static nir_ssa_def *
clamp_coord(nir_builder *b, unsigned wrap, nir_ssa_def *u, nir_ssa_def *n)
{
   if (wrap != PIPE_TEX_WRAP_CLAMP)
      return u;
   return nir_fmin(b, nir_fmax(b, u, nir_imm_float(b, 0.0f)), n);
}

/* NEAREST: i = floor(u), w - 1 where u = w (GL 2.1 section 3.8.8 takes
 * the last texel at s = 1). */
static nir_ssa_def *
nearest_index(nir_builder *b, unsigned wrap, nir_ssa_def *u, nir_ssa_def *n,
              nir_ssa_def *rn)
{
   nir_ssa_def *i = nir_ffloor(b, u);
   i = nir_bcsel(b, nir_feq(b, u, n),
                 nir_fadd(b, n, nir_imm_float(b, -1.0f)), i);
   return wrap_index(b, wrap, i, n, rn);
}

/* The level a filter reads: its size, and for an atlas (MIPMAP) its
 * first row and the border colour (y0 NULL: the rectangle is the level,
 * the unit's clamps give the border). */
struct npot_level {
   nir_ssa_def *w, *h, *rw, *rh;
   nir_ssa_def *y0, *border;
   nir_ssa_def *d, *rd;       /* 3D: depth */
};

/* One NEAREST tap at texel (i, j) of the level.  In an atlas a texel
 * outside the level under CLAMP / CLAMP_TO_BORDER is the border colour
 * (the neighbouring rows are other levels). */
static nir_ssa_def *
tap(nir_builder *b, const nir_tex_instr *tex, const struct nvc_fp_tex_key *k,
    const struct npot_level *l, nir_ssa_def *i, nir_ssa_def *j,
    nir_ssa_def *kk, nir_ssa_def *cmp, bool one_d)
{
   nir_ssa_def *half = nir_imm_float(b, 0.5f);
   if (!l->y0)
      return rect_tap(b, tex, nir_fadd(b, nir_vec2(b, i, j), half), cmp);

   nir_ssa_def *zero = nir_imm_float(b, 0.0f), *one = nir_imm_float(b, 1.0f);
   nir_ssa_def *out = NULL;
   const unsigned wraps[3] = { k->wrap_s, one_d ? PIPE_TEX_WRAP_CLAMP_TO_EDGE
                                                : k->wrap_t, k->wrap_r };
   nir_ssa_def *idx[3] = { i, j, kk }, *n[3] = { l->w, l->h, l->d };
   for (unsigned a = 0; a < (kk ? 3 : 2); a++) {
      if (wraps[a] != PIPE_TEX_WRAP_CLAMP &&
          wraps[a] != PIPE_TEX_WRAP_CLAMP_TO_BORDER)
         continue;
      nir_ssa_def *o = nir_ior(b, nir_flt(b, idx[a], zero),
                               nir_fge(b, idx[a], n[a]));
      out = out ? nir_ior(b, out, o) : o;
      idx[a] = nir_fmin(b, nir_fmax(b, idx[a], zero), nir_fsub(b, n[a], one));
   }
   /* a 3D level's slice kk is h rows further on */
   nir_ssa_def *row = nir_fadd(b, idx[1], l->y0);
   if (kk)
      row = nir_fadd(b, row, nir_fmul(b, idx[2], l->h));
   nir_ssa_def *xy = nir_vec2(b, nir_fadd(b, idx[0], half),
                              nir_fadd(b, row, half));
   nir_ssa_def *t = rect_tap(b, tex, xy, cmp);
   if (!out)
      return t;
   nir_ssa_def *border = nir_channels(b, l->border,
                                      (1u << t->num_components) - 1);
   return nir_bcsel(b, out, border, t);
}

/* The bilinear (or nearest) value of level l at normalized (s, t) in
 * slice kk (NULL: not 3D); 1D: row 0. */
static nir_ssa_def *
filter2(nir_builder *b, const nir_tex_instr *tex,
        const struct nvc_fp_tex_key *k, bool linear, nir_ssa_def *s,
        nir_ssa_def *t, nir_ssa_def *kk, const struct npot_level *l,
        nir_ssa_def *cmp, bool one_d)
{
   nir_ssa_def *zero = nir_imm_float(b, 0.0f);
   nir_ssa_def *u = nir_fmul(b, s, l->w);
   nir_ssa_def *v = one_d ? NULL : nir_fmul(b, t, l->h);

   u = clamp_coord(b, k->wrap_s, u, l->w);
   if (!one_d)
      v = clamp_coord(b, k->wrap_t, v, l->h);
   if (!linear) {
      nir_ssa_def *i = nearest_index(b, k->wrap_s, u, l->w, l->rw);
      nir_ssa_def *j = one_d ? zero : nearest_index(b, k->wrap_t, v, l->h, l->rh);
      return tap(b, tex, k, l, i, j, kk, cmp, one_d);
   }

   nir_ssa_def *half = nir_imm_float(b, 0.5f), *one = nir_imm_float(b, 1.0f);
   nir_ssa_def *a = nir_fsub(b, u, half);
   nir_ssa_def *i0f = nir_ffloor(b, a);
   nir_ssa_def *alpha = nir_fsub(b, a, i0f);
   nir_ssa_def *i0 = wrap_index(b, k->wrap_s, i0f, l->w, l->rw);
   nir_ssa_def *i1 = wrap_index(b, k->wrap_s, nir_fadd(b, i0f, one), l->w, l->rw);
   if (one_d) {
      nir_ssa_def *t0 = tap(b, tex, k, l, i0, zero, kk, cmp, one_d);
      nir_ssa_def *t1 = tap(b, tex, k, l, i1, zero, kk, cmp, one_d);
      return nir_flrp(b, t0, t1, alpha);
   }
   nir_ssa_def *c = nir_fsub(b, v, half);
   nir_ssa_def *j0f = nir_ffloor(b, c);
   nir_ssa_def *beta = nir_fsub(b, c, j0f);
   nir_ssa_def *j0 = wrap_index(b, k->wrap_t, j0f, l->h, l->rh);
   nir_ssa_def *j1 = wrap_index(b, k->wrap_t, nir_fadd(b, j0f, one), l->h, l->rh);
   nir_ssa_def *t00 = tap(b, tex, k, l, i0, j0, kk, cmp, one_d);
   nir_ssa_def *t10 = tap(b, tex, k, l, i1, j0, kk, cmp, one_d);
   nir_ssa_def *t01 = tap(b, tex, k, l, i0, j1, kk, cmp, one_d);
   nir_ssa_def *t11 = tap(b, tex, k, l, i1, j1, kk, cmp, one_d);
   return nir_flrp(b, nir_flrp(b, t00, t10, alpha),
                   nir_flrp(b, t01, t11, alpha), beta);
}

/* The filtered value of level l at normalized (s, t, r); r NULL but for
 * 3D, where LINEAR blends two slices (GL 2.1 section 3.8.8: k0 =
 * floor(w - 1/2), gamma = frac(w - 1/2), w = r * depth). */
static nir_ssa_def *
filter(nir_builder *b, const nir_tex_instr *tex,
       const struct nvc_fp_tex_key *k, bool linear, nir_ssa_def *s,
       nir_ssa_def *t, nir_ssa_def *r, const struct npot_level *l,
       nir_ssa_def *cmp, bool one_d)
{
   if (!r)
      return filter2(b, tex, k, linear, s, t, NULL, l, cmp, one_d);
   nir_ssa_def *p = clamp_coord(b, k->wrap_r, nir_fmul(b, r, l->d), l->d);
   if (!linear)
      return filter2(b, tex, k, false, s, t,
                     nearest_index(b, k->wrap_r, p, l->d, l->rd), l, cmp,
                     one_d);
   nir_ssa_def *one = nir_imm_float(b, 1.0f);
   nir_ssa_def *c = nir_fsub(b, p, nir_imm_float(b, 0.5f));
   nir_ssa_def *k0f = nir_ffloor(b, c);
   nir_ssa_def *gamma = nir_fsub(b, c, k0f);
   nir_ssa_def *k0 = wrap_index(b, k->wrap_r, k0f, l->d, l->rd);
   nir_ssa_def *k1 = wrap_index(b, k->wrap_r, nir_fadd(b, k0f, one), l->d,
                                l->rd);
   return nir_flrp(b, filter2(b, tex, k, true, s, t, k0, l, cmp, one_d),
                   filter2(b, tex, k, true, s, t, k1, l, cmp, one_d), gamma);
}

/* Level d (a whole number below k->levels) of a MIPMAP unit's atlas:
 * its parameters by a select over the levels the view has. */
static struct npot_level
atlas_level(nir_builder *b, unsigned unit, const struct nvc_fp_tex_key *k,
            nir_ssa_def *d, nir_ssa_def *border, nir_ssa_def *face)
{
   nir_ssa_def *p = tex_param(b, unit, NVC_FP_TEX_PARAM_LEVEL(0));
   for (unsigned i = 1; i < k->levels && i < NVC_TEX_NPOT_MAX_LEVELS; i++)
      p = nir_bcsel(b, nir_feq(b, d, nir_imm_float(b, (float)i)),
                    tex_param(b, unit, NVC_FP_TEX_PARAM_LEVEL(i)), p);
   struct npot_level l = {
      .w = nir_channel(b, p, 0), .h = nir_channel(b, p, 1),
      .y0 = nir_channel(b, p, 2), .border = border,
      .d = nir_channel(b, p, 3),
   };
   l.rw = nir_frcp(b, l.w);
   l.rh = nir_frcp(b, l.h);
   l.rd = nir_frcp(b, l.d);
   /* a cube's face n is n face strides (LEVEL.w rows) further on */
   if (face)
      l.y0 = nir_fadd(b, l.y0, nir_fmul(b, face, l.d));
   return l;
}

/* GL 2.1 section 3.8.8 over the atlas of k->levels levels (q =
 * levels - 1, counted from the view's first level):
 *  - lambda <= c is magnification: the mag filter on level 0, where c =
 *    1/2 for a LINEAR mag filter and a NEAREST_MIPMAP_* min filter, else
 *    0 (section 3.8.9);
 *  - *_MIPMAP_NEAREST: level d = ceil(lambda + 1/2) - 1 (0 up to
 *    lambda = 1/2), at most q;
 *  - *_MIPMAP_LINEAR: levels d1 = floor(lambda), d2 = d1 + 1 (both q
 *    from lambda = q on), blended by frac(lambda). */
static nir_ssa_def *
mipmap(nir_builder *b, const nir_tex_instr *tex,
       const struct nvc_fp_tex_key *k, nir_ssa_def *lambda, nir_ssa_def *s,
       nir_ssa_def *t, nir_ssa_def *r, nir_ssa_def *face, nir_ssa_def *cmp,
       bool one_d)
{
   unsigned unit = tex->texture_index;
   nir_ssa_def *border = tex_param(b, unit, NVC_FP_TEX_PARAM_BORDER);
   nir_ssa_def *zero = nir_imm_float(b, 0.0f), *one = nir_imm_float(b, 1.0f);
   nir_ssa_def *q = nir_imm_float(b, (float)(MIN2(k->levels,
                                                  NVC_TEX_NPOT_MAX_LEVELS) - 1));
   float c = k->mag_linear && !k->min_linear && !k->no_mip ? 0.5f : 0.0f;

   struct npot_level l0 = atlas_level(b, unit, k, zero, border, face);
   nir_ssa_def *mag = filter(b, tex, k, k->mag_linear, s, t, r, &l0, cmp, one_d);
   nir_ssa_def *min;
   if (!k->mip_linear) {
      /* ceil(x) = -floor(-x) */
      nir_ssa_def *d = nir_fsub(b, nir_fneg(b, nir_ffloor(b,
                                nir_fneg(b, nir_fadd(b, lambda,
                                                     nir_imm_float(b, 0.5f))))),
                                one);
      d = nir_fmin(b, nir_fmax(b, d, zero), q);
      struct npot_level l = atlas_level(b, unit, k, d, border, face);
      min = filter(b, tex, k, k->min_linear, s, t, r, &l, cmp, one_d);
   } else {
      nir_ssa_def *lp = nir_fmax(b, lambda, zero);
      nir_ssa_def *d1 = nir_ffloor(b, lp);
      nir_ssa_def *f = nir_fsub(b, lp, d1);
      d1 = nir_fmin(b, d1, q);
      nir_ssa_def *d2 = nir_fmin(b, nir_fadd(b, d1, one), q);
      struct npot_level l1 = atlas_level(b, unit, k, d1, border, face);
      struct npot_level l2 = atlas_level(b, unit, k, d2, border, face);
      nir_ssa_def *t1 = filter(b, tex, k, k->min_linear, s, t, r, &l1, cmp,
                                one_d);
      nir_ssa_def *t2 = filter(b, tex, k, k->min_linear, s, t, r, &l2, cmp,
                                one_d);
      min = nir_flrp(b, t1, t2, f);
   }
   return nir_bcsel(b, nir_fge(b, nir_imm_float(b, c), lambda), mag, min);
}

/* rho of GL 2.1 section 3.8.8 from the texel-space derivatives dx, dy
 * (any number of components) as the unit computes it for a texture it
 * filters itself: the largest of their absolute components (nvsim's
 * nvsim_tex_lambda, shared by rankine's and curie's units).  The
 * section allows it (max{|du/dx|, |du/dy|} <= m_u, max(m_u, m_v, m_w)
 * <= f(x, y)); the exact lengths would give a lambda up to log2(sqrt 2)
 * = 1/2 larger along diagonals than the same chip's power-of-two
 * textures get, and a mipmapped NPOT texture would pick other levels
 * than a POT one drawn alike. */
static nir_ssa_def *
rho_box(nir_builder *b, nir_ssa_def *dx, nir_ssa_def *dy)
{
   nir_ssa_def *m = nir_fmax(b, nir_fabs(b, dx), nir_fabs(b, dy));
   nir_ssa_def *r = nir_channel(b, m, 0);
   for (unsigned c = 1; c < m->num_components; c++)
      r = nir_fmax(b, r, nir_channel(b, m, c));
   return r;
}

/* A cube map lookup's face (GL 2.1 section 3.8.6, cube map texture
 * selection): the major axis of the direction and its sign, faces in
 * GL's order +X -X +Y -Y +Z -Z, and the vectors whose dot products with
 * a direction are that face's ma, sc and tc (the section's table:
 * +X sc = -rz tc = -ry, -X sc = rz tc = -ry, +Y sc = rx tc = rz,
 * -Y sc = rx tc = -rz, +Z sc = rx tc = -ry, -Z sc = -rx tc = -ry).
 * The spec leaves ties of |rx|, |ry|, |rz| open: x before y before z,
 * as curie's unit (nvsim's nv40_3d_texture.c cube_face). */
struct cube_sel {
   nir_ssa_def *face;
   nir_ssa_def *ma, *sc, *tc;
};

static struct cube_sel
cube_select(nir_builder *b, nir_ssa_def *dir)
{
   nir_ssa_def *zero = nir_imm_float(b, 0.0f), *one = nir_imm_float(b, 1.0f);
   nir_ssa_def *mone = nir_imm_float(b, -1.0f);
   nir_ssa_def *r[3], *a[3], *sg[3], *neg[3];
   for (unsigned i = 0; i < 3; i++) {
      r[i] = nir_channel(b, dir, i);
      a[i] = nir_fabs(b, r[i]);
      nir_ssa_def *pos = nir_fge(b, r[i], zero);
      sg[i] = nir_bcsel(b, pos, one, mone);
      neg[i] = nir_bcsel(b, pos, zero, one);
   }
   nir_ssa_def *x = nir_iand(b, nir_fge(b, a[0], a[1]), nir_fge(b, a[0], a[2]));
   nir_ssa_def *y = nir_fge(b, a[1], a[2]);   /* when not x */
   struct cube_sel c;
   c.face = nir_bcsel(b, x, neg[0],
                      nir_bcsel(b, y, nir_fadd(b, neg[1], nir_imm_float(b, 2.0f)),
                                nir_fadd(b, neg[2], nir_imm_float(b, 4.0f))));
   c.ma = nir_vec3(b, nir_bcsel(b, x, sg[0], zero),
                   nir_bcsel(b, x, zero, nir_bcsel(b, y, sg[1], zero)),
                   nir_bcsel(b, x, zero, nir_bcsel(b, y, zero, sg[2])));
   c.sc = nir_vec3(b, nir_bcsel(b, x, zero, nir_bcsel(b, y, one, sg[2])),
                   zero, nir_bcsel(b, x, nir_fneg(b, sg[0]), zero));
   c.tc = nir_vec3(b, zero, nir_bcsel(b, x, mone, nir_bcsel(b, y, zero, mone)),
                   nir_bcsel(b, x, zero, nir_bcsel(b, y, sg[1], zero)));
   return c;
}

/* (s, t) of direction dir on the selected face: (sc / |ma| + 1) / 2 and
 * (tc / |ma| + 1) / 2 (|ma| = dot(dir, c->ma) on the face's own side). */
static nir_ssa_def *
cube_st(nir_builder *b, const struct cube_sel *c, nir_ssa_def *dir)
{
   nir_ssa_def *rma = nir_frcp(b, nir_fdot(b, dir, c->ma));
   nir_ssa_def *sctc = nir_vec2(b, nir_fdot(b, dir, c->sc),
                                nir_fdot(b, dir, c->tc));
   return nir_fmul(b, nir_fadd(b, nir_fmul(b, sctc, rma),
                               nir_imm_float(b, 1.0f)),
                   nir_imm_float(b, 0.5f));
}

static bool
lower_tex_npot_instr(nir_builder *b, nir_instr *instr, void *data)
{
   const struct npot_ctx *ctx = data;

   if (instr->type != nir_instr_type_tex)
      return false;
   nir_tex_instr *tex = nir_instr_as_tex(instr);
   if (tex->texture_index >= NVC_MAX_TEX_UNITS)
      return false;
   const struct nvc_fp_tex_key *k = &ctx->key->tex[tex->texture_index];
   bool three_d = tex->sampler_dim == GLSL_SAMPLER_DIM_3D;
   bool cube = tex->sampler_dim == GLSL_SAMPLER_DIM_CUBE;
   if (k->npot == NVC_TEX_NPOT_NONE ||
       (tex->op != nir_texop_tex && tex->op != nir_texop_txb &&
        tex->op != nir_texop_txl) ||
       (tex->sampler_dim != GLSL_SAMPLER_DIM_1D &&
        tex->sampler_dim != GLSL_SAMPLER_DIM_2D && !three_d && !cube) ||
       ((three_d || cube) && k->npot != NVC_TEX_NPOT_MIPMAP) || tex->is_array)
      return false;
   bool one_d = tex->sampler_dim == GLSL_SAMPLER_DIM_1D;

   b->cursor = nir_before_instr(instr);
   int ci = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   int pi = nir_tex_instr_src_index(tex, nir_tex_src_projector);
   int ri = nir_tex_instr_src_index(tex, nir_tex_src_comparator);
   int bi = nir_tex_instr_src_index(tex, nir_tex_src_bias);
   int li = nir_tex_instr_src_index(tex, nir_tex_src_lod);
   if (ci < 0)
      return false;
   nir_ssa_def *coord = nir_ssa_for_src(b, tex->src[ci].src,
                                        tex->coord_components);
   nir_ssa_def *cmp = ri >= 0 ? nir_ssa_for_src(b, tex->src[ri].src, 1) : NULL;
   if (pi >= 0) {
      nir_ssa_def *rq = nir_frcp(b, nir_ssa_for_src(b, tex->src[pi].src, 1));
      coord = nir_fmul(b, coord, rq);
      if (cmp)
         cmp = nir_fmul(b, cmp, rq);
   }
   nir_ssa_def *size = tex_param(b, tex->texture_index, NVC_FP_TEX_PARAM_SIZE);
   nir_ssa_def *s = nir_channel(b, coord, 0);
   nir_ssa_def *t = one_d ? NULL : nir_channel(b, coord, 1);
   /* a cube map: the face's (s, t), the face's rows in the atlas
    * (atlas_level), filtered within the face as CLAMP_TO_EDGE (the key's
    * wraps: GL 2.1 filters a face on its own) */
   struct cube_sel cs = { NULL };
   nir_ssa_def *dir = NULL;
   if (cube) {
      dir = nir_channels(b, coord, 0x7);
      cs = cube_select(b, dir);
      nir_ssa_def *st = cube_st(b, &cs, dir);
      s = nir_channel(b, st, 0);
      t = nir_channel(b, st, 1);
   }
   nir_ssa_def *r = three_d ? nir_channel(b, coord, 2) : NULL;
   nir_ssa_def *u = nir_fmul(b, s, nir_channel(b, size, 0));
   /* a 1D texture is a rectangle one texel high: its row's centre */
   nir_ssa_def *v = one_d ? nir_imm_float(b, 0.5f) :
                    nir_fmul(b, t, nir_channel(b, size, 1));
   struct npot_level base = {
      .w = nir_channel(b, size, 0), .h = nir_channel(b, size, 1),
      .rw = nir_channel(b, size, 2), .rh = nir_channel(b, size, 3),
   };

   if (k->npot == NVC_TEX_NPOT_SCALE) {
      /* the same lookup, on the rectangle at texel coordinates; the
       * projector is already divided, the bias kept for TXB */
      nir_instr_rewrite_src(instr, &tex->src[ci].src,
                            nir_src_for_ssa(nir_vec2(b, u, v)));
      if (cmp)
         nir_instr_rewrite_src(instr, &tex->src[ri].src, nir_src_for_ssa(cmp));
      tex->coord_components = 2;
      tex->sampler_dim = GLSL_SAMPLER_DIM_RECT;
      if (pi >= 0)
         nir_tex_instr_remove_src(tex, pi);
      return true;
   }

   nir_ssa_def *result;
   bool mip = k->npot == NVC_TEX_NPOT_MIPMAP;
   if (mip && k->no_mip && !!k->min_linear == !!k->mag_linear) {
      /* one level of an atlas (3D), one filter */
      struct npot_level l0 = atlas_level(b, tex->texture_index, k,
                                         nir_imm_float(b, 0.0f),
                                         tex_param(b, tex->texture_index,
                                                   NVC_FP_TEX_PARAM_BORDER),
                                         cs.face);
      result = filter(b, tex, k, k->mag_linear, s, t, r, &l0, cmp, one_d);
   } else if (!mip && !!k->min_linear == !!k->mag_linear) {
      result = filter(b, tex, k, k->mag_linear, s, t, NULL, &base, cmp, one_d);
   } else {
      /* lambda (GL 2.1 section 3.8.8): the explicit lod, or log2 of rho
       * (rho_box, as the unit's own); plus the
       * sampler's bias and the lookup's, clamped to [min_lod, max_lod] */
      nir_ssa_def *lod = tex_param(b, tex->texture_index,
                                   NVC_FP_TEX_PARAM_LOD);
      nir_ssa_def *lambda;
      if (tex->op == nir_texop_txl && li >= 0) {
         lambda = nir_ssa_for_src(b, tex->src[li].src, 1);
      } else if (cube) {
         /* the derivatives of the face's (s, t) in texels (GL 2.1
          * section 3.8.8 on section 3.8.6's s and t): the directions of
          * the neighbouring fragments projected on this fragment's face,
          * as curie's unit does (nvsim's nv40_3d_texture.c) */
         nir_ssa_def *wh = nir_channels(b, size, 0x3);
         nir_ssa_def *st = nir_vec2(b, s, t);
         nir_ssa_def *dx = nir_fmul(b, nir_fsub(b, cube_st(b, &cs,
                                    nir_fadd(b, dir, nir_fddx(b, dir))), st), wh);
         nir_ssa_def *dy = nir_fmul(b, nir_fsub(b, cube_st(b, &cs,
                                    nir_fadd(b, dir, nir_fddy(b, dir))), st), wh);
         lambda = nir_flog2(b, rho_box(b, dx, dy));
      } else {
         /* 3D: w = r * depth of level 0 (LEVEL(0).w) too */
         nir_ssa_def *uv = three_d ?
            nir_vec3(b, u, v, nir_fmul(b, r, nir_channel(b,
                     tex_param(b, tex->texture_index,
                               NVC_FP_TEX_PARAM_LEVEL(0)), 3))) :
            nir_vec2(b, u, v);
         nir_ssa_def *dx = nir_fddx(b, uv), *dy = nir_fddy(b, uv);
         if (one_d) {
            dx = nir_channel(b, dx, 0);
            dy = nir_channel(b, dy, 0);
         }
         lambda = nir_flog2(b, rho_box(b, dx, dy));
      }
      lambda = nir_fadd(b, lambda, nir_channel(b, lod, 0));
      if (bi >= 0)
         lambda = nir_fadd(b, lambda, nir_ssa_for_src(b, tex->src[bi].src, 1));
      lambda = nir_fmin(b, nir_fmax(b, lambda, nir_channel(b, lod, 1)),
                        nir_channel(b, lod, 2));
      if (!mip) {
         nir_ssa_def *mag = filter(b, tex, k, k->mag_linear, s, t, NULL,
                                   &base, cmp, one_d);
         nir_ssa_def *min = filter(b, tex, k, k->min_linear, s, t, NULL,
                                   &base, cmp, one_d);
         /* c = 0: no mipmaps */
         result = nir_bcsel(b, nir_fge(b, nir_imm_float(b, 0.0f), lambda),
                            mag, min);
      } else {
         result = mipmap(b, tex, k, lambda, s, t, r, cs.face, cmp, one_d);
      }
   }
   nir_ssa_def_rewrite_uses(&tex->dest.ssa, result);
   nir_instr_remove(instr);
   return true;
}

bool
nvc_lower_tex_npot(nir_shader *s, const struct nvc_fp_key *key)
{
   if (!key || s->info.stage != MESA_SHADER_FRAGMENT)
      return false;
   bool any = false;
   for (unsigned i = 0; i < NVC_MAX_TEX_UNITS; i++)
      any |= key->tex[i].npot != NVC_TEX_NPOT_NONE;
   if (!any)
      return false;
   struct npot_ctx ctx = { .key = key };
   return nir_shader_instructions_pass(s, lower_tex_npot_instr,
                                       nir_metadata_block_index |
                                       nir_metadata_dominance, &ctx);
}
