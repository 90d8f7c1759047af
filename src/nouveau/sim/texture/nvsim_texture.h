/*
 * The texture sampling arithmetic every NVIDIA generation nvsim models
 * shares, written from the GL specification (wrap modes, filtering, LOD,
 * cube map face selection, sRGB decode, depth compare) and
 * EXT_texture_compression_s3tc (DXT block decode).  The generation's own
 * texture unit (curie: nv40/nv40_3d_texture.c, Tesla:
 * nv50/g80_3d_sampler.c) decodes its descriptors into these enums and
 * fetches its texels; the math here does not know any register layout.
 */
#ifndef NVSIM_TEXTURE_H
#define NVSIM_TEXTURE_H

#include <stdbool.h>
#include <stdint.h>

/* Wrap modes (GL 2.1 3.8.7 and EXT_texture_mirror_clamp). */
enum nvsim_tex_wrap {
   NVSIM_TEX_REPEAT,
   NVSIM_TEX_MIRRORED_REPEAT,
   NVSIM_TEX_CLAMP_TO_EDGE,
   NVSIM_TEX_CLAMP_TO_BORDER,
   NVSIM_TEX_CLAMP,                   /* GL's legacy CLAMP */
   NVSIM_TEX_MIRROR_CLAMP,
   NVSIM_TEX_MIRROR_CLAMP_TO_EDGE,
   NVSIM_TEX_MIRROR_CLAMP_TO_BORDER,
};

/* Depth compare functions: the texel passes when "r FUNC d" holds (GL 2.1
 * 3.8.14, r the reference, d the texel's depth). */
enum nvsim_tex_compare {
   NVSIM_TEX_NEVER,
   NVSIM_TEX_LESS,
   NVSIM_TEX_EQUAL,
   NVSIM_TEX_LEQUAL,
   NVSIM_TEX_GREATER,
   NVSIM_TEX_NOTEQUAL,
   NVSIM_TEX_GEQUAL,
   NVSIM_TEX_ALWAYS,
};

/* S3TC block kinds. */
enum nvsim_tex_dxt {
   NVSIM_TEX_DXT1,
   NVSIM_TEX_DXT3,
   NVSIM_TEX_DXT5,
};

/* Texel index i on a size-n axis under a wrap mode; -1 is the border. */
int nvsim_tex_wrap_index(enum nvsim_tex_wrap mode, int i, int n);

/* A texel-space coordinate x on a size-n axis before filtering: CLAMP
 * and MIRROR_CLAMP clamp it to [0, n] (linear) or [0, n - 0.5]
 * (nearest); other modes return x. */
float nvsim_tex_clamp_coord(enum nvsim_tex_wrap mode, float x, unsigned n,
                            bool linear);

/* EXT_texture_sRGB decode of one component in [0, 1]. */
float nvsim_tex_srgb_to_linear(float c);

/* Texel (x, y) (0..3) of a 4x4 S3TC block as R, G, B, A; blk points at
 * the block (8 bytes DXT1, 16 the others). */
void nvsim_tex_dxt_texel(enum nvsim_tex_dxt kind, const uint8_t *blk,
                         unsigned x, unsigned y, float rgba[4]);

/* One channel of texel (x, y) (0..3) of a 4x4 RGTC block (8 bytes:
 * ARB_texture_compression_rgtc; RGTC2 is two such blocks, red then
 * green), signed for the SIGNED formats. */
float nvsim_tex_rgtc_channel(const uint8_t *blk, bool is_signed, unsigned x,
                             unsigned y);

bool nvsim_tex_compare(enum nvsim_tex_compare func, float r, float d);

/* log2 to about 1e-4 (-128 for x <= 0 or NaN). */
float nvsim_tex_log2(float x);

/* Cube face (GL order +X -X +Y -Y +Z -Z) of direction c and its (s, t)
 * in [0, 1] (GL 2.1 table 3.21). */
unsigned nvsim_tex_cube_face(const float c[3], float *s, float *t);
/* Seamless cube map filtering (ARB_seamless_cube_map, GL 3.2 3.8.8
 * "Seamless Cube Map Filtering"): texel (x, y) of face f of an n x n
 * level, outside the face in x or in y (by one: a LINEAR footprint), is
 * the texel of the adjacent face that the direction through its centre
 * selects: its face is returned, its texel in *x2, *y2.  -1 when it is
 * outside in both (a corner, which has no such texel). */
int nvsim_tex_cube_adjacent(unsigned f, int x, int y, unsigned n, int *x2,
                            int *y2);
/* (s, t) of direction c projected on face f. */
void nvsim_tex_cube_face_st(const float c[3], unsigned f, float *s,
                            float *t);
/* The face-coordinate derivatives (ddx_st, ddy_st: s, t) of direction c
 * with direction derivatives ddx, ddy, on the face of c itself. */
void nvsim_tex_cube_derivs(const float c[3], const float ddx[3],
                           const float ddy[3], float ddx_st[2],
                           float ddy_st[2]);

/* The isotropic level of detail lambda of GL 2.1 3.8.8 with rho the
 * larger of the texel-space derivatives' largest components: ddx, ddy
 * are (s, t) derivatives, scaled by the level 0 size sw, sh. */
float nvsim_tex_lambda(const float ddx[2], const float ddy[2], float sw,
                       float sh);

/* Anisotropic filtering (nvsim_texture_aniso.c): EXT_texture_filter_
 * anisotropic's example footprint. */
struct nvsim_tex_aniso {
   unsigned n;          /* lookups: N rounded up to one of the rates */
   float lambda;        /* their level of detail, log2(Pmax / N) */
   bool major_y;        /* the major axis is window y (else x) */
};

/* The footprint of (s, t) derivatives ddx, ddy scaled by the level size
 * sw, sh, with at most max samples; rates: the ascending sample counts
 * the unit's anisotropy field names. */
void nvsim_tex_aniso_footprint(const float ddx[2], const float ddy[2],
                               float sw, float sh, unsigned max,
                               const uint8_t *rates, unsigned num_rates,
                               struct nvsim_tex_aniso *fp);

/* One lookup of the unit at coordinates c (s, t, r or a cube direction,
 * and the unit's fourth) and level of detail lambda. */
typedef void (*nvsim_tex_lookup_fn)(const void *ctx, const float c[4],
                                    float lambda, float out[4]);

/* The mean of n lookups at lambda, coordinates coord moved by
 * -1/2 + i / (n + 1) of axis (the coordinates' derivative along the
 * major axis), i = 1..n. */
void nvsim_tex_aniso_sample(nvsim_tex_lookup_fn lookup, const void *ctx,
                            const float coord[4], const float axis[3],
                            unsigned n, float lambda, float out[4]);

/* One texel (x, y, z) of a level, already wrapped or not: the texture
 * unit's fetch, wrap, border and compare; ctx is the unit's. */
typedef void (*nvsim_tex_texel_fn)(const void *ctx, int x, int y, int z,
                                   float out[4]);

/* The filters' blends: out = x + w (y - x) per channel, and the
 * bilinear blend of four texels (x along a, then y along b).  Compiled
 * once, out of line: a compiler may order the operands of + and * as it
 * likes, which decides which NaN comes out when both are NaN, so every
 * caller (the reference and the fast paths) calls this one copy to get
 * the same bits.  nvsim_tex_bilerp's out is none of its texels (so that
 * its four channels are computed as one vector). */
void nvsim_tex_lerp(const float x[4], const float y[4], float w,
                    float out[4]);
void nvsim_tex_bilerp(const float *restrict t00, const float *restrict t10,
                      const float *restrict t01, const float *restrict t11,
                      float a, float b, float *restrict out);

/* Bilinear (or linear for one_d) filter of slice z around texel-space
 * (fs, ft) already moved by -0.5 (GL 2.1 3.8.8, LINEAR). */
void nvsim_tex_bilinear(nvsim_tex_texel_fn texel, const void *ctx,
                        float fs, float ft, int z, bool one_d,
                        float out[4]);

/* A level's size and wrap modes for nvsim_tex_sample_level. */
struct nvsim_tex_level_desc {
   unsigned w, h, d;
   enum nvsim_tex_wrap wrap[3];
   bool one_d, three_d;
};

/* Samples a level at texel-space (s, t, r): CLAMP coordinates clamped,
 * then NEAREST (the texel containing it) or LINEAR (bi- or trilinear). */
void nvsim_tex_sample_level(nvsim_tex_texel_fn texel, const void *ctx,
                            const struct nvsim_tex_level_desc *lv, float s,
                            float t, float r, bool linear, float out[4]);

#endif
