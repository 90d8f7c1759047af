/*
 * NIR pass: seamless cube map filtering in the program, for the Tesla
 * chips whose 3D class has no TEX_MISC SEAMLESS_CUBE_MAP (rnndb
 * g80_3d.xml: the bit exists from G200_3D on; G80..G98 filter each face
 * on its own with the sampler's wrap modes).
 *
 * GL 3.2 section 3.8.8 "Seamless Cube Map Filtering" (and
 * ARB_seamless_cube_map): with TEXTURE_CUBE_MAP_SEAMLESS, a LINEAR tap
 * (i, j) outside the selected face is the texel of the adjacent face
 * that the direction through the tap's centre selects, and a tap outside
 * in both i and j (a corner) is the average of the three texels that
 * meet there: the face's own corner texel and its two neighbours across
 * the edges.  Mipmapped minification does the same on each level.
 *
 * So each lowered lookup is done in the program:
 *  - the face and its (s, t) from the direction (GL 3.2 table 3.19),
 *    the major axis chosen in x, y, z order on ties as nvsim does
 *    (nvsim_tex_cube_face; GL leaves ties to the implementation);
 *  - lambda (GL 3.2 3.8.9): in an FP from the derivatives of the face
 *    coordinates of the fragment's own face (the direction's DDX/DDY
 *    projected on that face), rho = the largest of |ds| n, |dt| n over x
 *    and y (n: the view's first level's size), elsewhere 0; plus the
 *    instruction's bias and the sampler's lod_bias, clamped to the
 *    sampler's min_lod, max_lod (the key: the driver's sampler state);
 *    explicit lod (txl) as given;
 *  - magnification when lambda <= c (c = 1/2 for a LINEAR mag filter and
 *    a NEAREST_MIPMAP_* min filter, else 0, GL 3.2 3.8.11); the level(s)
 *    as GL 3.2 3.8.10 says for the key's mip filter, within the view's
 *    levels (texquery; on G80 a layered view's TIC holds every level of
 *    the resource, so the key gives the view's first and last and the
 *    fetches add the first);
 *  - the filter of that side (the key's min/mag LINEAR): LINEAR taps
 *    i0 = floor(u - 1/2), i0 + 1 (u = s n_level), weights as GL's
 *    (3.8.9); NEAREST one tap floor(u), which is on the face;
 *  - each tap a texfetch of (x, y, face, level): the direction through
 *    the tap's centre (on the face's plane, |ma| = 1) re-selects the
 *    face, whose texel it falls in is the adjacent face's; corners
 *    average three such fetches.
 * Shadow lookups (new-style: one result) compare each fetched depth with
 * the reference by the key's function before weighting, as the unit
 * does (GL 3.2 3.8.16 leaves LINEAR's combination to the
 * implementation; per tap is what the hardware's filter does).
 *
 * Only cube lookups of the units in the key's mask are rewritten: the
 * driver sets a unit's bit when its sampler is seamless and filters
 * LINEAR on some side; NEAREST needs nothing (one texel, on one face).
 */
#include "nvc_g80.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "pipe/p_defines.h"

/* Face number (GL's order, +X -X +Y -Y +Z -Z, as an integer), s, t
 * (GL 3.2 table 3.19) of direction d. */
static void
cube_select(nir_builder *b, nir_ssa_def *d, nir_ssa_def **face,
            nir_ssa_def **s, nir_ssa_def **t)
{
   nir_ssa_def *x = nir_channel(b, d, 0), *y = nir_channel(b, d, 1),
               *z = nir_channel(b, d, 2);
   nir_ssa_def *ax = nir_fabs(b, x), *ay = nir_fabs(b, y),
               *az = nir_fabs(b, z);
   nir_ssa_def *is_x = nir_iand(b, nir_fge(b, ax, ay), nir_fge(b, ax, az));
   nir_ssa_def *is_y = nir_iand(b, nir_inot(b, is_x), nir_fge(b, ay, az));
   nir_ssa_def *zero = nir_imm_float(b, 0.0f);
   nir_ssa_def *px = nir_fge(b, x, zero), *py = nir_fge(b, y, zero),
               *pz = nir_fge(b, z, zero);

   nir_ssa_def *ma = nir_bcsel(b, is_x, ax, nir_bcsel(b, is_y, ay, az));
   nir_ssa_def *sc = nir_bcsel(b, is_x, nir_bcsel(b, px, nir_fneg(b, z), z),
                               nir_bcsel(b, is_y, x,
                                         nir_bcsel(b, pz, x, nir_fneg(b, x))));
   nir_ssa_def *tc = nir_bcsel(b, is_y, nir_bcsel(b, py, z, nir_fneg(b, z)),
                               nir_fneg(b, y));
   *face = nir_bcsel(b, is_x, nir_bcsel(b, px, nir_imm_int(b, 0),
                                        nir_imm_int(b, 1)),
                     nir_bcsel(b, is_y,
                               nir_bcsel(b, py, nir_imm_int(b, 2),
                                         nir_imm_int(b, 3)),
                               nir_bcsel(b, pz, nir_imm_int(b, 4),
                                         nir_imm_int(b, 5))));
   /* a zero direction: GL gives no face; any, without dividing by 0 */
   nir_ssa_def *rma = nir_frcp(b, nir_bcsel(b, nir_feq(b, ma, zero),
                                            nir_imm_float(b, 1.0f), ma));
   *s = nir_fmul_imm(b, nir_fadd_imm(b, nir_fmul(b, sc, rma), 1.0f), 0.5f);
   *t = nir_fmul_imm(b, nir_fadd_imm(b, nir_fmul(b, tc, rma), 1.0f), 0.5f);
}

/* The direction to (sc, tc) on face f's plane (the inverse of table
 * 3.19 with |ma| = 1). */
static nir_ssa_def *
face_dir(nir_builder *b, nir_ssa_def *f, nir_ssa_def *sc, nir_ssa_def *tc)
{
   nir_ssa_def *one = nir_imm_float(b, 1.0f), *mone = nir_imm_float(b, -1.0f);
   nir_ssa_def *nsc = nir_fneg(b, sc), *ntc = nir_fneg(b, tc);
   /* per face: x, y, z */
   nir_ssa_def *v[6][3] = {
      { one, ntc, nsc },   /* +X: sc = -z, tc = -y */
      { mone, ntc, sc },   /* -X: sc = z, tc = -y */
      { sc, one, tc },     /* +Y: sc = x, tc = z */
      { sc, mone, ntc },   /* -Y: sc = x, tc = -z */
      { sc, ntc, one },    /* +Z: sc = x, tc = -y */
      { nsc, ntc, mone },  /* -Z: sc = -x, tc = -y */
   };
   nir_ssa_def *c[3];
   for (unsigned k = 0; k < 3; k++) {
      c[k] = v[5][k];
      for (int i = 4; i >= 0; i--)
         c[k] = nir_bcsel(b, nir_ieq_imm(b, f, i), v[i][k], c[k]);
   }
   return nir_vec3(b, c[0], c[1], c[2]);
}

/* a + (b - a) w: the backend takes no flrp */
static nir_ssa_def *
lerp(nir_builder *b, nir_ssa_def *x, nir_ssa_def *y, nir_ssa_def *w)
{
   return nir_fadd(b, x, nir_fmul(b, nir_fsub(b, y, x), w));
}

static nir_tex_instr *
new_tex(nir_builder *b, const nir_tex_instr *orig, nir_texop op,
        unsigned nsrc)
{
   nir_tex_instr *t = nir_tex_instr_create(b->shader, nsrc);
   t->op = op;
   t->texture_index = orig->texture_index;
   t->sampler_index = orig->sampler_index;
   return t;
}

/* texquery: the size (one side) of level lod of the view, and its level
 * count */
static nir_ssa_def *
face_size(nir_builder *b, const nir_tex_instr *orig, nir_ssa_def *lod)
{
   nir_tex_instr *t = new_tex(b, orig, nir_texop_txs, 1);
   t->sampler_dim = GLSL_SAMPLER_DIM_CUBE;
   t->dest_type = nir_type_int32;
   t->src[0].src_type = nir_tex_src_lod;
   t->src[0].src = nir_src_for_ssa(lod);
   nir_ssa_dest_init(&t->instr, &t->dest, 2, 32, NULL);
   nir_builder_instr_insert(b, &t->instr);
   return nir_channel(b, &t->dest.ssa, 0);
}

static nir_ssa_def *
view_levels(nir_builder *b, const nir_tex_instr *orig)
{
   nir_tex_instr *t = new_tex(b, orig, nir_texop_query_levels, 0);
   t->sampler_dim = GLSL_SAMPLER_DIM_CUBE;
   t->dest_type = nir_type_int32;
   nir_ssa_dest_init(&t->instr, &t->dest, 1, 32, NULL);
   nir_builder_instr_insert(b, &t->instr);
   return &t->dest.ssa;
}

/* texfetch of texel (x, y) of face f (layer f of the cube, as texfetch
 * addresses a cube's faces) at level lod, all integers */
static nir_ssa_def *
fetch(nir_builder *b, const nir_tex_instr *orig, nir_ssa_def *x,
      nir_ssa_def *y, nir_ssa_def *f, nir_ssa_def *lod)
{
   nir_tex_instr *t = new_tex(b, orig, nir_texop_txf, 2);
   t->sampler_dim = GLSL_SAMPLER_DIM_2D;
   t->is_array = true;
   t->coord_components = 3;
   t->dest_type = orig->dest_type;
   t->src[0].src_type = nir_tex_src_coord;
   t->src[0].src = nir_src_for_ssa(nir_vec3(b, x, y, f));
   t->src[1].src_type = nir_tex_src_lod;
   t->src[1].src = nir_src_for_ssa(lod);
   nir_ssa_dest_init(&t->instr, &t->dest, 4, 32, NULL);
   nir_builder_instr_insert(b, &t->instr);
   return &t->dest.ssa;
}

/* The texel whose centre's direction is at texel position (x, y) (whole
 * numbers, at most one of them outside [0, n - 1]) of face f: the face
 * itself inside, the adjacent face's texel outside. */
static nir_ssa_def *
fetch_dir(nir_builder *b, const nir_tex_instr *orig, nir_ssa_def *f,
          nir_ssa_def *x, nir_ssa_def *y, nir_ssa_def *n, nir_ssa_def *lod)
{
   nir_ssa_def *rn2 = nir_fdiv(b, nir_imm_float(b, 2.0f), n);
   nir_ssa_def *sc = nir_fadd_imm(b, nir_fmul(b, nir_fadd_imm(b, x, 0.5f),
                                              rn2), -1.0f);
   nir_ssa_def *tc = nir_fadd_imm(b, nir_fmul(b, nir_fadd_imm(b, y, 0.5f),
                                              rn2), -1.0f);
   nir_ssa_def *f2, *s2, *t2;
   cube_select(b, face_dir(b, f, sc, tc), &f2, &s2, &t2);
   nir_ssa_def *last = nir_fadd_imm(b, n, -1.0f);
   nir_ssa_def *zero = nir_imm_float(b, 0.0f);
   nir_ssa_def *xi = nir_fmin(b, nir_fmax(b, nir_ffloor(b, nir_fmul(b, s2, n)),
                                          zero), last);
   nir_ssa_def *yi = nir_fmin(b, nir_fmax(b, nir_ffloor(b, nir_fmul(b, t2, n)),
                                          zero), last);
   return fetch(b, orig, nir_f2i32(b, xi), nir_f2i32(b, yi), f2, lod);
}

static nir_ssa_def *
compare(nir_builder *b, unsigned func, nir_ssa_def *ref, nir_ssa_def *d)
{
   /* GL 3.2 3.8.16: the result is 1 when "r FUNC D" holds */
   switch (func) {
   case PIPE_FUNC_NEVER: return nir_imm_float(b, 0.0f);
   case PIPE_FUNC_LESS: return nir_b2f32(b, nir_flt(b, ref, d));
   case PIPE_FUNC_EQUAL: return nir_b2f32(b, nir_feq(b, ref, d));
   case PIPE_FUNC_LEQUAL: return nir_b2f32(b, nir_fge(b, d, ref));
   case PIPE_FUNC_GREATER: return nir_b2f32(b, nir_flt(b, d, ref));
   case PIPE_FUNC_NOTEQUAL: return nir_b2f32(b, nir_fneu(b, ref, d));
   case PIPE_FUNC_GEQUAL: return nir_b2f32(b, nir_fge(b, ref, d));
   default: return nir_imm_float(b, 1.0f);
   }
}

/* One tap (i, j) of face f of a level of size n: the texel, the adjacent
 * face's outside an edge, the average of three at a corner (compared
 * first for a shadow lookup) */
static nir_ssa_def *
tap(nir_builder *b, const nir_tex_instr *orig,
    const struct nvc_g80_seamless_unit *u, nir_ssa_def *ref,
    nir_ssa_def *f, nir_ssa_def *i, nir_ssa_def *j, nir_ssa_def *n,
    nir_ssa_def *lod)
{
   nir_ssa_def *zero = nir_imm_float(b, 0.0f);
   nir_ssa_def *last = nir_fadd_imm(b, n, -1.0f);
   nir_ssa_def *ic = nir_fmin(b, nir_fmax(b, i, zero), last);
   nir_ssa_def *jc = nir_fmin(b, nir_fmax(b, j, zero), last);
   nir_ssa_def *out_i = nir_fneu(b, i, ic), *out_j = nir_fneu(b, j, jc);
   nir_ssa_def *t0 = fetch(b, orig, nir_f2i32(b, ic), nir_f2i32(b, jc), f,
                           lod);
   nir_ssa_def *t1 = fetch_dir(b, orig, f, i, jc, n, lod);
   nir_ssa_def *t2 = fetch_dir(b, orig, f, ic, j, n, lod);
   if (ref) {
      t0 = compare(b, u->compare_func, ref, nir_channel(b, t0, 0));
      t1 = compare(b, u->compare_func, ref, nir_channel(b, t1, 0));
      t2 = compare(b, u->compare_func, ref, nir_channel(b, t2, 0));
   }
   nir_ssa_def *avg = nir_fmul_imm(b, nir_fadd(b, nir_fadd(b, t0, t1), t2),
                                   1.0f / 3.0f);
   return nir_bcsel(b, nir_iand(b, out_i, out_j), avg,
                    nir_bcsel(b, out_i, t1, nir_bcsel(b, out_j, t2, t0)));
}

/* Level lod (an integer) of face f filtered at (s, t): LINEAR's four taps
 * or NEAREST's one */
static nir_ssa_def *
filter_level(nir_builder *b, const nir_tex_instr *orig,
             const struct nvc_g80_seamless_unit *u, nir_ssa_def *ref,
             nir_ssa_def *f, nir_ssa_def *s, nir_ssa_def *t,
             nir_ssa_def *linear, nir_ssa_def *lod)
{
   lod = nir_iadd_imm(b, lod, u->level_base);
   nir_ssa_def *n = nir_i2f32(b, face_size(b, orig, lod));
   nir_ssa_def *us = nir_fmul(b, s, n), *ut = nir_fmul(b, t, n);
   /* NEAREST: i = floor(u) (n - 1 at u = n), alpha = beta = 0; LINEAR:
    * i = floor(u - 1/2), alpha = frac(u - 1/2) */
   nir_ssa_def *half = nir_bcsel(b, linear, nir_imm_float(b, 0.5f),
                                 nir_imm_float(b, 0.0f));
   nir_ssa_def *vs = nir_fsub(b, us, half), *vt = nir_fsub(b, ut, half);
   nir_ssa_def *i0 = nir_ffloor(b, vs), *j0 = nir_ffloor(b, vt);
   nir_ssa_def *zero = nir_imm_float(b, 0.0f);
   nir_ssa_def *a = nir_bcsel(b, linear, nir_fsub(b, vs, i0), zero);
   nir_ssa_def *be = nir_bcsel(b, linear, nir_fsub(b, vt, j0), zero);
   nir_ssa_def *last = nir_fadd_imm(b, n, -1.0f);
   i0 = nir_bcsel(b, linear, i0, nir_fmin(b, i0, last));
   j0 = nir_bcsel(b, linear, j0, nir_fmin(b, j0, last));
   nir_ssa_def *i1 = nir_fadd_imm(b, i0, 1.0f), *j1 = nir_fadd_imm(b, j0, 1.0f);

   nir_ssa_def *t00 = tap(b, orig, u, ref, f, i0, j0, n, lod);
   nir_ssa_def *t10 = tap(b, orig, u, ref, f, i1, j0, n, lod);
   nir_ssa_def *t01 = tap(b, orig, u, ref, f, i0, j1, n, lod);
   nir_ssa_def *t11 = tap(b, orig, u, ref, f, i1, j1, n, lod);
   nir_ssa_def *r0 = lerp(b, t00, t10, a);
   nir_ssa_def *r1 = lerp(b, t01, t11, a);
   return lerp(b, r0, r1, be);
}

static bool
lower_tex(nir_builder *b, nir_tex_instr *tex,
          const struct nvc_g80_seamless_unit *u)
{
   int ci = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   int bi = nir_tex_instr_src_index(tex, nir_tex_src_bias);
   int li = nir_tex_instr_src_index(tex, nir_tex_src_lod);
   int ri = nir_tex_instr_src_index(tex, nir_tex_src_comparator);
   int pi = nir_tex_instr_src_index(tex, nir_tex_src_projector);
   if (ci < 0)
      return false;
   /* an old-style shadow result (depth texture modes route it) stays the
    * unit's */
   if (ri >= 0 && nir_dest_num_components(tex->dest) != 1)
      return false;

   b->cursor = nir_before_instr(&tex->instr);
   nir_ssa_def *d = tex->src[ci].src.ssa;
   nir_ssa_def *ref = ri >= 0 ? tex->src[ri].src.ssa : NULL;
   /* projected (st/mesa's fixed function and ARB programs project every
    * unit): the direction and reference divided by q, as the backend
    * does for the unit's own lookup (nvc_g80_isel_tex.c) */
   if (pi >= 0) {
      nir_ssa_def *rq = nir_frcp(b, tex->src[pi].src.ssa);
      d = nir_fmul(b, d, rq);
      if (ref)
         ref = nir_fmul(b, ref, rq);
   }
   nir_ssa_def *f, *s, *t;
   cube_select(b, d, &f, &s, &t);

   nir_ssa_def *lambda;
   if (li >= 0) {
      lambda = tex->src[li].src.ssa;
   } else {
      nir_ssa_def *n0 = nir_i2f32(b, face_size(b, tex,
                                               nir_imm_int(b, u->level_base)));
      if (b->shader->info.stage == MESA_SHADER_FRAGMENT) {
         /* the face coordinates of d + ddx(d), d + ddy(d) on d's face */
         nir_ssa_def *dd[2] = { nir_fddx(b, d), nir_fddy(b, d) };
         nir_ssa_def *rho = nir_imm_float(b, 0.0f);
         for (unsigned k = 0; k < 2; k++) {
            nir_ssa_def *e = nir_fadd(b, d, dd[k]);
            nir_ssa_def *ma_e, *sc_e, *tc_e;
            /* project e on face f: its components per table 3.19 */
            nir_ssa_def *ex = nir_channel(b, e, 0), *ey = nir_channel(b, e, 1),
                        *ez = nir_channel(b, e, 2);
            nir_ssa_def *v[6][3] = {
               { ex, nir_fneg(b, ez), nir_fneg(b, ey) },
               { nir_fneg(b, ex), ez, nir_fneg(b, ey) },
               { ey, ex, ez },
               { nir_fneg(b, ey), ex, nir_fneg(b, ez) },
               { ez, ex, nir_fneg(b, ey) },
               { nir_fneg(b, ez), nir_fneg(b, ex), nir_fneg(b, ey) },
            };
            nir_ssa_def *c[3];
            for (unsigned m = 0; m < 3; m++) {
               c[m] = v[5][m];
               for (int i = 4; i >= 0; i--)
                  c[m] = nir_bcsel(b, nir_ieq_imm(b, f, i), v[i][m], c[m]);
            }
            ma_e = c[0];
            sc_e = c[1];
            tc_e = c[2];
            nir_ssa_def *rma = nir_frcp(b, ma_e);
            nir_ssa_def *se = nir_fmul_imm(b, nir_fadd_imm(b, nir_fmul(b, sc_e, rma), 1.0f), 0.5f);
            nir_ssa_def *te = nir_fmul_imm(b, nir_fadd_imm(b, nir_fmul(b, tc_e, rma), 1.0f), 0.5f);
            rho = nir_fmax(b, rho, nir_fabs(b, nir_fmul(b, nir_fsub(b, se, s), n0)));
            rho = nir_fmax(b, rho, nir_fabs(b, nir_fmul(b, nir_fsub(b, te, t), n0)));
         }
         lambda = nir_flog2(b, rho);
      } else {
         lambda = nir_imm_float(b, 0.0f);
      }
      if (bi >= 0)
         lambda = nir_fadd(b, lambda, tex->src[bi].src.ssa);
      lambda = nir_fadd_imm(b, lambda, u->lod_bias);
      lambda = nir_fmin(b, nir_fmax(b, lambda, nir_imm_float(b, u->min_lod)),
                        nir_imm_float(b, u->max_lod));
   }

   /* GL 3.2 3.8.11: c = 1/2 for LINEAR magnification and a
    * NEAREST_MIPMAP_* minification, else 0 */
   float c = u->mag_linear && !u->min_linear && u->mip != 0 ? 0.5f : 0.0f;
   nir_ssa_def *mag = nir_fge(b, nir_imm_float(b, c), lambda);
   nir_ssa_def *linear = nir_bcsel(b, mag, nir_imm_bool(b, u->mag_linear),
                                   nir_imm_bool(b, u->min_linear));
   nir_ssa_def *top = u->level_top >= 0 ?
      nir_imm_float(b, (float)(u->level_top - u->level_base)) :
      nir_i2f32(b, nir_iadd_imm(b, view_levels(b, tex), -1));
   nir_ssa_def *zero = nir_imm_float(b, 0.0f);
   nir_ssa_def *l0 = zero, *lf = NULL;
   if (u->mip == 1) {
      /* GL 3.2 (3.22): level_base if lambda <= 1/2, else
       * ceil(lambda + 1/2) - 1, at most q */
      nir_ssa_def *l = nir_fmin(b, nir_fadd_imm(b, nir_fceil(b,
                                   nir_fadd_imm(b, lambda, 0.5f)), -1.0f), top);
      l0 = nir_bcsel(b, nir_fge(b, nir_imm_float(b, 0.5f), lambda), zero,
                     nir_fmax(b, l, zero));
      l0 = nir_bcsel(b, mag, zero, l0);
   } else if (u->mip == 2) {
      /* GL 3.2 3.8.10: q past lambda's level, else floor(lambda) and the
       * next blended by frac(lambda) */
      nir_ssa_def *lc = nir_fmax(b, lambda, zero);
      nir_ssa_def *at_top = nir_fge(b, lc, top);
      l0 = nir_bcsel(b, at_top, top, nir_ffloor(b, lc));
      lf = nir_bcsel(b, nir_ior(b, at_top, mag), zero, nir_ffract(b, lc));
      l0 = nir_bcsel(b, mag, zero, l0);
   }

   nir_ssa_def *r = filter_level(b, tex, u, ref, f, s, t, linear,
                                 nir_f2i32(b, l0));
   if (lf) {
      nir_ssa_def *l1 = nir_fmin(b, nir_fadd_imm(b, l0, 1.0f), top);
      nir_ssa_def *r1 = filter_level(b, tex, u, ref, f, s, t, linear,
                                     nir_f2i32(b, l1));
      r = lerp(b, r, r1, lf);
   }
   if (ref)
      r = nir_channel(b, r, 0);
   else
      r = nir_channels(b, r, nir_component_mask(nir_dest_num_components(tex->dest)));
   nir_ssa_def_rewrite_uses(&tex->dest.ssa, r);
   nir_instr_remove(&tex->instr);
   return true;
}

bool
nvc_g80_lower_cube_seamless(nir_shader *nir,
                            const struct nvc_g80_seamless_key *key)
{
   bool progress = false;
   nir_foreach_function(func, nir) {
      if (!func->impl)
         continue;
      nir_builder b;
      nir_builder_init(&b, func->impl);
      nir_foreach_block_safe(block, func->impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != nir_instr_type_tex)
               continue;
            nir_tex_instr *tex = nir_instr_as_tex(instr);
            if (tex->sampler_dim != GLSL_SAMPLER_DIM_CUBE || tex->is_array ||
                tex->sampler_index >= 32 ||
                !(key->mask >> tex->sampler_index & 1) ||
                (tex->op != nir_texop_tex && tex->op != nir_texop_txb &&
                 tex->op != nir_texop_txl) ||
                nir_alu_type_get_base_type(tex->dest_type) != nir_type_float)
               continue;
            progress |= lower_tex(&b, tex, &key->unit[tex->sampler_index]);
         }
      }
      nir_metadata_preserve(func->impl, progress ? nir_metadata_none
                                                 : nir_metadata_all);
   }
   return progress;
}

uint32_t
nvc_g80_cube_units(const nir_shader *nir)
{
   uint32_t mask = 0;
   nir_foreach_function(func, nir) {
      if (!func->impl)
         continue;
      nir_foreach_block(block, func->impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_tex)
               continue;
            nir_tex_instr *tex = nir_instr_as_tex(instr);
            if (tex->sampler_dim == GLSL_SAMPLER_DIM_CUBE && !tex->is_array &&
                tex->sampler_index < 32)
               mask |= 1u << tex->sampler_index;
         }
      }
   }
   return mask;
}
