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
 *    max_lod]; rho the larger length of the texel-space derivatives,
 *    from DDX/DDY: nv30_fp.xml; magnification when lambda <= 0, c = 0
 *    without mipmaps); both filters are computed and one selected, the
 *    FP having no branches.
 *
 * Shadow lookups keep their reference in every tap: the unit compares
 * each texel and the weights blend the results (GL 2.1 section 3.8.14
 * leaves LINEAR's combination of comparisons to the implementation).
 * Projective lookups are divided by q first.  Mipmapped NPOT textures
 * are not emulated here (the driver keeps the cap off; see the README's
 * "NPOT textures on rankine").
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

unsigned
nvc_tex_npot_hw_wrap(const struct nvc_fp_tex_key *k, unsigned wrap)
{
   if (!k || k->npot != NVC_TEX_NPOT_FILTER)
      return wrap;
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
   return k && k->npot == NVC_TEX_NPOT_FILTER ? false : linear;
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

static nir_ssa_def *
texel_centre(nir_builder *b, nir_ssa_def *i, nir_ssa_def *j)
{
   return nir_fadd(b, nir_vec2(b, i, j), nir_imm_float(b, 0.5f));
}

/* The filtered value at texel coordinates (u, v); 1D: j fixed to row 0. */
static nir_ssa_def *
filter(nir_builder *b, const nir_tex_instr *tex,
       const struct nvc_fp_tex_key *k, bool linear, nir_ssa_def *u,
       nir_ssa_def *v, nir_ssa_def *size, nir_ssa_def *cmp, bool one_d)
{
   nir_ssa_def *w = nir_channel(b, size, 0), *h = nir_channel(b, size, 1);
   nir_ssa_def *rw = nir_channel(b, size, 2), *rh = nir_channel(b, size, 3);
   nir_ssa_def *zero = nir_imm_float(b, 0.0f);

   u = clamp_coord(b, k->wrap_s, u, w);
   if (!one_d)
      v = clamp_coord(b, k->wrap_t, v, h);
   if (!linear) {
      nir_ssa_def *i = nearest_index(b, k->wrap_s, u, w, rw);
      nir_ssa_def *j = one_d ? zero : nearest_index(b, k->wrap_t, v, h, rh);
      return rect_tap(b, tex, texel_centre(b, i, j), cmp);
   }

   nir_ssa_def *half = nir_imm_float(b, 0.5f), *one = nir_imm_float(b, 1.0f);
   nir_ssa_def *a = nir_fsub(b, u, half);
   nir_ssa_def *i0f = nir_ffloor(b, a);
   nir_ssa_def *alpha = nir_fsub(b, a, i0f);
   nir_ssa_def *i0 = wrap_index(b, k->wrap_s, i0f, w, rw);
   nir_ssa_def *i1 = wrap_index(b, k->wrap_s, nir_fadd(b, i0f, one), w, rw);
   if (one_d) {
      nir_ssa_def *t0 = rect_tap(b, tex, texel_centre(b, i0, zero), cmp);
      nir_ssa_def *t1 = rect_tap(b, tex, texel_centre(b, i1, zero), cmp);
      return nir_flrp(b, t0, t1, alpha);
   }
   nir_ssa_def *c = nir_fsub(b, v, half);
   nir_ssa_def *j0f = nir_ffloor(b, c);
   nir_ssa_def *beta = nir_fsub(b, c, j0f);
   nir_ssa_def *j0 = wrap_index(b, k->wrap_t, j0f, h, rh);
   nir_ssa_def *j1 = wrap_index(b, k->wrap_t, nir_fadd(b, j0f, one), h, rh);
   nir_ssa_def *t00 = rect_tap(b, tex, texel_centre(b, i0, j0), cmp);
   nir_ssa_def *t10 = rect_tap(b, tex, texel_centre(b, i1, j0), cmp);
   nir_ssa_def *t01 = rect_tap(b, tex, texel_centre(b, i0, j1), cmp);
   nir_ssa_def *t11 = rect_tap(b, tex, texel_centre(b, i1, j1), cmp);
   return nir_flrp(b, nir_flrp(b, t00, t10, alpha),
                   nir_flrp(b, t01, t11, alpha), beta);
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
   if (k->npot == NVC_TEX_NPOT_NONE ||
       (tex->op != nir_texop_tex && tex->op != nir_texop_txb &&
        tex->op != nir_texop_txl) ||
       (tex->sampler_dim != GLSL_SAMPLER_DIM_1D &&
        tex->sampler_dim != GLSL_SAMPLER_DIM_2D) || tex->is_array)
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
   nir_ssa_def *u = nir_fmul(b, nir_channel(b, coord, 0),
                             nir_channel(b, size, 0));
   /* a 1D texture is a rectangle one texel high: its row's centre */
   nir_ssa_def *v = one_d ? nir_imm_float(b, 0.5f) :
                    nir_fmul(b, nir_channel(b, coord, 1),
                             nir_channel(b, size, 1));

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
   if (!!k->min_linear == !!k->mag_linear) {
      result = filter(b, tex, k, k->mag_linear, u, v, size, cmp, one_d);
   } else {
      /* lambda (GL 2.1 section 3.8.8): the explicit lod, or log2 of rho
       * = max(|d(u,v)/dx|, |d(u,v)/dy|) = log2(rho^2) / 2; plus the
       * sampler's bias and the lookup's, clamped to [min_lod, max_lod] */
      nir_ssa_def *lod = tex_param(b, tex->texture_index,
                                   NVC_FP_TEX_PARAM_LOD);
      nir_ssa_def *lambda;
      if (tex->op == nir_texop_txl && li >= 0) {
         lambda = nir_ssa_for_src(b, tex->src[li].src, 1);
      } else {
         nir_ssa_def *uv = nir_vec2(b, u, v);
         nir_ssa_def *dx = nir_fddx(b, uv), *dy = nir_fddy(b, uv);
         if (one_d) {
            dx = nir_channel(b, dx, 0);
            dy = nir_channel(b, dy, 0);
         }
         nir_ssa_def *rho2 = one_d ?
            nir_fmax(b, nir_fmul(b, dx, dx), nir_fmul(b, dy, dy)) :
            nir_fmax(b, nir_fdot(b, dx, dx), nir_fdot(b, dy, dy));
         lambda = nir_fmul(b, nir_flog2(b, rho2), nir_imm_float(b, 0.5f));
      }
      lambda = nir_fadd(b, lambda, nir_channel(b, lod, 0));
      if (bi >= 0)
         lambda = nir_fadd(b, lambda, nir_ssa_for_src(b, tex->src[bi].src, 1));
      lambda = nir_fmin(b, nir_fmax(b, lambda, nir_channel(b, lod, 1)),
                        nir_channel(b, lod, 2));
      nir_ssa_def *mag = filter(b, tex, k, k->mag_linear, u, v, size, cmp,
                                one_d);
      nir_ssa_def *min = filter(b, tex, k, k->min_linear, u, v, size, cmp,
                                one_d);
      /* c = 0: no mipmaps */
      result = nir_bcsel(b, nir_fge(b, nir_imm_float(b, 0.0f), lambda),
                         mag, min);
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
