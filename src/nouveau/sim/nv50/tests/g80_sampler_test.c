/*
 * The Tesla texture unit (g80_sampler.c) without Mesa: TIC and TSC words
 * built from hwdb's names (g80_texture.xml), decoded by g80_tic_decode /
 * g80_tsc_decode, a texture in host memory laid out by hand from
 * g80-surface.rst, and requests as the interpreter forms them.  Every
 * expected value is worked out here from the GL 3.3 specification
 * (3.8.8-3.8.11 wrap, filtering, LOD and level selection; 3.8.16 depth
 * compare), EXT_texture_compression_s3tc and GL 3.3 2.1.6 (UNORM), not
 * taken from the unit's output.
 */
#include <math.h>
#include <stdlib.h>

#include "nvsim_test.h"
#include "g80_sampler.h"
#include "g80_texture.xml.h"

#define CHECK_F(a, b) do { \
   float _a = (a), _b = (b); \
   if (!(fabsf(_a - _b) <= 1e-6f)) { \
      fprintf(stderr, "%s:%d: CHECK_F failed: %s = %.9g, %s = %.9g\n", \
              __FILE__, __LINE__, #a, _a, #b, _b); \
      nvt_failures++; \
   } } while (0)

static float
f32(uint32_t w)
{
   float f;
   memcpy(&f, &w, 4);
   return f;
}

static uint32_t
bits(float f)
{
   uint32_t w;
   memcpy(&w, &f, 4);
   return w;
}

struct tic_desc {
   uint32_t cs;             /* G80_TIC_0_COMPONENTS_SIZES_* */
   uint32_t type;           /* G80_TIC_TYPE_*, all four components */
   uint32_t src[4];         /* G80_TIC_SOURCE_* */
   uint32_t tex_type;       /* G80_TIC_2_TEXTURE_TYPE_* */
   bool pitch;
   uint32_t pitch_bytes;
   uint32_t w, h, d, last_level;
   uint32_t gobs_h;         /* G80_TIC_2_GOBS_PER_BLOCK_HEIGHT value */
   bool srgb;
};

static void
tic_words(const struct tic_desc *d, uint32_t w[8])
{
   memset(w, 0, 8 * sizeof(uint32_t));
   w[0] = d->cs |
          d->type << G80_TIC_0_R_DATA_TYPE__SHIFT |
          d->type << G80_TIC_0_G_DATA_TYPE__SHIFT |
          d->type << G80_TIC_0_B_DATA_TYPE__SHIFT |
          d->type << G80_TIC_0_A_DATA_TYPE__SHIFT |
          d->src[0] << G80_TIC_0_X_SOURCE__SHIFT |
          d->src[1] << G80_TIC_0_Y_SOURCE__SHIFT |
          d->src[2] << G80_TIC_0_Z_SOURCE__SHIFT |
          d->src[3] << G80_TIC_0_W_SOURCE__SHIFT;
   w[1] = 0x10000;          /* OFFSET_LOWER: the unit does not read it */
   w[2] = d->tex_type | G80_TIC_2_NORMALIZED_COORDS |
          G80_TIC_2_BORDER_SOURCE_COLOR |
          d->gobs_h << G80_TIC_2_GOBS_PER_BLOCK_HEIGHT__SHIFT;
   if (d->pitch)
      w[2] |= G80_TIC_2_LAYOUT_PITCH;
   if (d->srgb)
      w[2] |= G80_TIC_2_SRGB_CONVERSION;
   w[3] = d->pitch_bytes << G80_TIC_3_PITCH__SHIFT;
   w[4] = d->w << G80_TIC_4_WIDTH__SHIFT;
   w[5] = d->h << G80_TIC_5_HEIGHT__SHIFT | d->d << G80_TIC_5_DEPTH__SHIFT |
          d->last_level << G80_TIC_5_MAP_MIP_LEVEL__SHIFT;
   /* G84 word 7: the view's levels 0..last */
   w[7] = d->last_level << G84_TIC_7_RES_VIEW_MAX_MIP_LEVEL__SHIFT;
}

struct tsc_desc {
   uint32_t wrap;           /* G80_TSC_WRAP_* for U, V, P */
   bool linear;             /* MAG and MIN LINEAR, else NEAREST */
   uint32_t mip;            /* G80_TSC_1_MIP_FILTER_* */
   float max_lod;           /* 0: 15 */
   bool compare;
   uint32_t func;           /* G80_TSC_0_DEPTH_COMPARE_FUNC_* */
   float border[4];
   uint32_t aniso;          /* G80_TSC_0_MAX_ANISOTROPY_* */
};

static void
tsc_words(const struct tsc_desc *d, uint32_t w[8])
{
   memset(w, 0, 8 * sizeof(uint32_t));
   w[0] = d->wrap << G80_TSC_0_ADDRESS_U__SHIFT |
          d->wrap << G80_TSC_0_ADDRESS_V__SHIFT |
          d->wrap << G80_TSC_0_ADDRESS_P__SHIFT | d->aniso;
   if (d->compare)
      w[0] |= G80_TSC_0_DEPTH_COMPARE | d->func;
   w[1] = (d->linear ? G80_TSC_1_MAG_FILTER_LINEAR | G80_TSC_1_MIN_FILTER_LINEAR
                     : G80_TSC_1_MAG_FILTER_NEAREST | G80_TSC_1_MIN_FILTER_NEAREST) |
          (d->mip ? d->mip : G80_TSC_1_MIP_FILTER_NONE);
   /* MIN_LOD_CLAMP 0, MAX_LOD_CLAMP in radix 8 (rnndb) */
   uint32_t max = (uint32_t)((d->max_lod ? d->max_lod : 15.0f) * 256.0f);
   w[2] = max << G80_TSC_2_MAX_LOD_CLAMP__SHIFT;
   for (unsigned i = 0; i < 4; i++)
      w[4 + i] = bits(d->border[i]);
}

static bool
setup(struct g80_sampler_texture *t, const struct tic_desc *td,
      const struct tsc_desc *sd, const uint8_t *mem)
{
   uint32_t tw[8], sw[8];
   struct g80_tic tic;
   struct g80_tsc tsc;
   const char *why = NULL;
   tic_words(td, tw);
   tsc_words(sd, sw);
   if (!g80_tic_decode(tw, true, &tic, &why) ||
       !g80_tsc_decode(sw, &tsc, &why)) {
      fprintf(stderr, "decode: %s\n", why);
      return false;
   }
   why = g80_sampler_setup(t, &tic, &tsc, true);
   if (why) {
      fprintf(stderr, "setup: %s\n", why);
      return false;
   }
   t->mem = mem;
   return true;
}

/* One lane (lane 0) sampled at (s, t, r) with op and LOD/bias word. */
static void
sample1(const struct g80_sampler_texture *t, enum g80_tex_op op, float s,
        float tt, float r, float lod, float out[4])
{
   struct g80_tex_request rq = { .op = op, .active = 1, .argc = 4 };
   rq.coord[0][0] = bits(s);
   rq.coord[0][1] = bits(tt);
   rq.coord[0][2] = bits(r);
   rq.coord[0][3] = bits(lod);
   rq.lod_or_bias[0] = bits(lod);
   uint32_t o[32][4] = { { 0 } };
   const char *why = g80_sampler_run(t, G80_STAGE_FP, &rq, o);
   CHECK(why == NULL);
   for (unsigned i = 0; i < 4; i++)
      out[i] = f32(o[0][i]);
}

/* ---- filtering, pitch layout, swizzle ---- */

/* 4 x 4 RGBA8 pitch texture (PITCH 32: rows 32 bytes apart), texel (x, y)
 * = (16x + y, 100 + x, 200 + y, 255 - x); sources B, G, R, A. */
static void
sampler_nearest_pitch(void)
{
   uint8_t mem[32 * 4];
   memset(mem, 0xee, sizeof(mem));
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         uint8_t *p = mem + 32 * y + 4 * x;
         p[0] = 16 * x + y;
         p[1] = 100 + x;
         p[2] = 200 + y;
         p[3] = 255 - x;
      }
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_B, G80_TIC_SOURCE_G, G80_TIC_SOURCE_R,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D_NO_MIPMAP, .pitch = true,
      .pitch_bytes = 32, .w = 4, .h = 4, .d = 1,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   CHECK_EQ(t.bytes, 32 * 4);
   float o[4];
   /* s = 1.5 / 4, t = 2.5 / 4: the centre of texel (1, 2) */
   sample1(&t, G80_TEX_SAMPLE, 1.5f / 4, 2.5f / 4, 0, 0, o);
   CHECK_F(o[0], 202 / 255.0f);     /* X from B */
   CHECK_F(o[1], 101 / 255.0f);
   CHECK_F(o[2], 18 / 255.0f);      /* Z from R */
   CHECK_F(o[3], 254 / 255.0f);
   /* just inside texel (3, 0) */
   sample1(&t, G80_TEX_SAMPLE, 0.99f, 0.01f, 0, 0, o);
   CHECK_F(o[2], 48 / 255.0f);
}

/* LINEAR between two texels of a 2 x 1 R8 texture (0 and 255): at s =
 * 3/8, u = 0.75, u - 1/2 = 0.25: 0.25 of the way (GL 3.3 3.8.8). */
static void
sampler_linear(void)
{
   uint8_t mem[256] = { 0, 255 };
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_ZERO, G80_TIC_SOURCE_ZERO,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 2, .h = 1, .d = 1,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE, .linear = true };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   float o[4];
   sample1(&t, G80_TEX_SAMPLE, 0.375f, 0.5f, 0, 0, o);
   CHECK_F(o[0], 0.25f);
   CHECK_F(o[1], 0.0f);
   CHECK_F(o[3], 1.0f);
   /* at the centre of the texture: half */
   sample1(&t, G80_TEX_SAMPLE, 0.5f, 0.5f, 0, 0, o);
   CHECK_F(o[0], 0.5f);
   /* past the right texel's centre: clamped to the edge texel */
   sample1(&t, G80_TEX_SAMPLE, 0.9f, 0.5f, 0, 0, o);
   CHECK_F(o[0], 1.0f);
}

/* Wrap modes on a 4 x 1 R8 texture of 0, 64, 128, 255, NEAREST.  At s =
 * 1.125, u = 4.5, texel i = 4; at s = -0.125, i = -1 (GL 3.3 3.8.8,
 * table 3.22 and EXT_texture_mirror_clamp). */
static void
sampler_wrap(void)
{
   uint8_t mem[256] = { 0, 64, 128, 255 };
   static const struct {
      uint32_t wrap;
      float right, left;       /* expected R at i = 4 and i = -1 */
   } cases[] = {
      { G80_TSC_WRAP_WRAP, 0.0f, 1.0f },                 /* 4 % 4, -1 + 4 */
      { G80_TSC_WRAP_MIRROR, 1.0f, 0.0f },               /* 2n-1-4 = 3, 0 */
      { G80_TSC_WRAP_CLAMP_TO_EDGE, 1.0f, 0.0f },
      { G80_TSC_WRAP_BORDER, 0.5f, 0.5f },               /* the border */
      { G80_TSC_WRAP_MIRROR_ONCE_CLAMP_TO_EDGE, 1.0f, 0.0f }, /* -1 -> 0 */
      { G80_TSC_WRAP_MIRROR_ONCE_BORDER, 0.5f, 0.0f },   /* -1 -> 0; 4 out */
   };
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_ZERO, G80_TIC_SOURCE_ZERO,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_ONE_D, .w = 4, .h = 1, .d = 1,
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct tsc_desc sd = { .wrap = cases[i].wrap,
                             .border = { 0.5f, 0.25f, 0.125f, 1.0f } };
      struct g80_sampler_texture t;
      CHECK(setup(&t, &td, &sd, mem));
      float o[4];
      sample1(&t, G80_TEX_SAMPLE, 1.125f, 0, 0, 0, o);
      if (fabsf(o[0] - cases[i].right) > 1e-6f)
         fprintf(stderr, "wrap %u right\n", cases[i].wrap);
      CHECK_F(o[0], cases[i].right);
      sample1(&t, G80_TEX_SAMPLE, -0.125f, 0, 0, 0, o);
      if (fabsf(o[0] - cases[i].left) > 1e-6f)
         fprintf(stderr, "wrap %u left\n", cases[i].wrap);
      CHECK_F(o[0], cases[i].left);
   }
   /* the border comes back past SOURCE: its G is 0.25 though Y reads 0 */
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_BORDER,
                          .border = { 0.5f, 0.25f, 0.125f, 1.0f } };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   float o[4];
   sample1(&t, G80_TEX_SAMPLE, 1.125f, 0, 0, 0, o);
   CHECK_F(o[1], 0.25f);
}

/* ---- block-linear, levels, LOD ---- */

/* A 16 x 8 RGBA8 block-linear texture with GOBS_PER_BLOCK_HEIGHT FOUR
 * (16 rows): auto-sized to TWO (8 rows, g80-surface.rst), so one block of
 * 64 bytes x 8 rows, two gobs of 256 bytes: texel (x, y) at (y / 4) *
 * 256 + (y % 4) * 64 + 4x.  Texel (5, 6): 256 + 128 + 20 = 404. */
static void
sampler_blocklinear(void)
{
   uint8_t *mem = calloc(1, 512);
   mem[404] = 77;
   mem[4 * 5 + 64 * 2] = 33;     /* texel (5, 2): the first gob */
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 16, .h = 8, .d = 1,
      .gobs_h = 2,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   CHECK_EQ(t.bytes, 512);
   float o[4];
   sample1(&t, G80_TEX_SAMPLE, 5.5f / 16, 6.5f / 8, 0, 0, o);
   CHECK_F(o[0], 77 / 255.0f);
   sample1(&t, G80_TEX_SAMPLE, 5.5f / 16, 2.5f / 8, 0, 0, o);
   CHECK_F(o[0], 33 / 255.0f);
   free(mem);
}

/* An 8 x 8 RGBA8 texture with levels 0..3 (8, 4, 2, 1 texels wide), one
 * gob per block: level 0 is 32 bytes x 8 rows, one gob wide, two tall
 * (512 bytes); levels 1, 2, 3 one gob each (256): offsets 0, 512, 768,
 * 1024 (g80-surface.rst: each level right after the previous).  Level l
 * is filled with R = 40 (l + 1). */
static void
fill_levels(uint8_t *mem)
{
   static const unsigned off[5] = { 0, 512, 768, 1024, 1280 };
   for (unsigned l = 0; l < 4; l++)
      for (unsigned b = off[l]; b < off[l + 1]; b += 4)
         mem[b] = 40 * (l + 1);
}

static void
sampler_mip_levels(void)
{
   uint8_t *mem = calloc(1, 1280);
   fill_levels(mem);
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 8, .h = 8, .d = 1,
      .last_level = 3,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_WRAP,
                          .mip = G80_TSC_1_MIP_FILTER_NEAREST };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   CHECK_EQ(t.bytes, 1280);
   float o[4];
   /* texlod: lambda 1 -> level 1; 1.6: ceil(1.6 + 0.5) - 1 = 2; 0.4:
    * lambda <= 1/2 -> level 0 (GL 3.3 (3.24)); 9: the last level */
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 1.0f, o);
   CHECK_F(o[0], 80 / 255.0f);
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 1.6f, o);
   CHECK_F(o[0], 120 / 255.0f);
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 0.4f, o);
   CHECK_F(o[0], 40 / 255.0f);
   /* 0.6: past 1/2, ceil(1.1) - 1 = 1 */
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 0.6f, o);
   CHECK_F(o[0], 80 / 255.0f);
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 9.0f, o);
   CHECK_F(o[0], 160 / 255.0f);

   /* MIP_FILTER LINEAR: lambda 1.25 blends levels 1 and 2, 3 : 1 */
   sd.mip = G80_TSC_1_MIP_FILTER_LINEAR;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 1.25f, o);
   CHECK_F(o[0], 0.75f * (80 / 255.0f) + 0.25f * (120 / 255.0f));

   /* MAX_LOD_CLAMP 1: lambda 3 is clamped to 1 */
   sd.max_lod = 1.0f;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 3.0f, o);
   CHECK_F(o[0], 80 / 255.0f);

   /* implicit LOD from the quad: s steps 1/4 a pixel to the right, t
    * 1/4 down: rho = 8 / 4 = 2, lambda 1: level 1 (MIP NEAREST); with
    * texbias 1, lambda 2: level 2 */
   sd.max_lod = 0;
   sd.mip = G80_TSC_1_MIP_FILTER_NEAREST;
   CHECK(setup(&t, &td, &sd, mem));
   for (unsigned bias = 0; bias < 2; bias++) {
      struct g80_tex_request rq = {
         .op = bias ? G80_TEX_SAMPLE_BIAS : G80_TEX_SAMPLE, .active = 0xf,
         .argc = 3,
      };
      for (unsigned l = 0; l < 4; l++) {
         rq.coord[l][0] = bits(0.125f + 0.25f * (l & 1));
         rq.coord[l][1] = bits(0.125f + 0.25f * (l >> 1));
         rq.lod_or_bias[l] = bits(1.0f);
      }
      uint32_t out[32][4] = { { 0 } };
      CHECK(g80_sampler_run(&t, G80_STAGE_FP, &rq, out) == NULL);
      for (unsigned l = 0; l < 4; l++)
         CHECK_F(f32(out[l][0]), (bias ? 120 : 80) / 255.0f);
   }
   /* a VP has no derivatives (texture.rst): level 0 */
   {
      struct g80_tex_request rq = { .op = G80_TEX_SAMPLE, .active = 0xf,
                                    .argc = 2 };
      for (unsigned l = 0; l < 4; l++) {
         rq.coord[l][0] = bits(0.125f + 0.25f * (l & 1));
         rq.coord[l][1] = bits(0.125f + 0.25f * (l >> 1));
      }
      uint32_t out[32][4] = { { 0 } };
      CHECK(g80_sampler_run(&t, G80_STAGE_VP, &rq, out) == NULL);
      CHECK_F(f32(out[0][0]), 40 / 255.0f);
   }

   /* texsize at LOD 1: 4 x 4, 4 levels; texfetch (1, 1) of level 2 */
   struct g80_tex_request q = { .op = G80_TEX_QUERY, .active = 1, .argc = 1 };
   q.coord[0][0] = 1;
   uint32_t out[32][4] = { { 0 } };
   CHECK(g80_sampler_run(&t, G80_STAGE_FP, &q, out) == NULL);
   CHECK_EQ(out[0][0], 4);
   CHECK_EQ(out[0][1], 4);
   CHECK_EQ(out[0][3], 4);
   struct g80_tex_request f = { .op = G80_TEX_FETCH, .active = 1, .argc = 3 };
   f.coord[0][0] = 1;
   f.coord[0][1] = 1;
   f.coord[0][2] = 2;
   f.lod_or_bias[0] = 2;
   CHECK(g80_sampler_run(&t, G80_STAGE_FP, &f, out) == NULL);
   CHECK_F(f32(out[0][0]), 120 / 255.0f);
   free(mem);
}

/* Views that start above level 0 or end before the last level (G84 on:
 * TIC word 7 RES_VIEW_MIN/MAX_MIP_LEVEL, rnndb "min/max LOD for texture
 * resource views"), over fill_levels' texture (MAP_MIP_LEVEL 3, level l
 * has R = 40 (l + 1)).  GL 3.3 3.8.9-3.8.11 with level_base the view's
 * first level and q its last: rho scales by level_base's size, d =
 * level_base + lambda, clamped to q. */
static bool
setup_view(struct g80_sampler_texture *t, const struct tic_desc *td,
           const struct tsc_desc *sd, const uint8_t *mem, unsigned first,
           unsigned last)
{
   uint32_t tw[8], sw[8];
   struct g80_tic tic;
   struct g80_tsc tsc;
   const char *why = NULL;
   tic_words(td, tw);
   tsc_words(sd, sw);
   tw[7] = first << G84_TIC_7_RES_VIEW_MIN_MIP_LEVEL__SHIFT |
           last << G84_TIC_7_RES_VIEW_MAX_MIP_LEVEL__SHIFT;
   if (!g80_tic_decode(tw, true, &tic, &why) ||
       !g80_tsc_decode(sw, &tsc, &why) ||
       (why = g80_sampler_setup(t, &tic, &tsc, true))) {
      fprintf(stderr, "setup: %s\n", why);
      return false;
   }
   t->mem = mem;
   return true;
}

/* Lane 0's R of an FP quad whose s and t step by `step` a pixel. */
static float
sample_quad(const struct g80_sampler_texture *t, float step)
{
   struct g80_tex_request rq = { .op = G80_TEX_SAMPLE, .active = 0xf,
                                 .argc = 2 };
   for (unsigned l = 0; l < 4; l++) {
      rq.coord[l][0] = bits(0.125f + step * (l & 1));
      rq.coord[l][1] = bits(0.125f + step * (l >> 1));
   }
   uint32_t out[32][4] = { { 0 } };
   CHECK(g80_sampler_run(t, G80_STAGE_FP, &rq, out) == NULL);
   return f32(out[0][0]);
}

static void
sampler_view_levels(void)
{
   uint8_t *mem = calloc(1, 1280);
   fill_levels(mem);
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 8, .h = 8, .d = 1,
      .last_level = 3,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_WRAP,
                          .mip = G80_TSC_1_MIP_FILTER_NEAREST };
   struct g80_sampler_texture t;
   float o[4];

   /* view 1..3: level_base 1 is 4 x 4.  s, t step 1/4 a pixel: rho = 4 /
    * 4 = 1, lambda 0: magnification, level_base 1 (R 80; scaled by level
    * 0's 8 texels it would be lambda 1 and level 2).  Step 1/2: rho 2,
    * lambda 1, d = 2: ceil(2.5) - 1 = level 2 (R 120; not level 3). */
   CHECK(setup_view(&t, &td, &sd, mem, 1, 3));
   CHECK_F(sample_quad(&t, 0.25f), 80 / 255.0f);
   CHECK_F(sample_quad(&t, 0.5f), 120 / 255.0f);
   /* texlod 1 from level_base 1: d = 2, level 2 */
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 1.0f, o);
   CHECK_F(o[0], 120 / 255.0f);

   /* view 0..0 (a single-level view of level 0): every lambda reads
    * level 0 (q = level_base), however large */
   CHECK(setup_view(&t, &td, &sd, mem, 0, 0));
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 1.0f, o);
   CHECK_F(o[0], 40 / 255.0f);
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 3.0f, o);
   CHECK_F(o[0], 40 / 255.0f);
   CHECK_F(sample_quad(&t, 0.5f), 40 / 255.0f);
   sd.mip = G80_TSC_1_MIP_FILTER_LINEAR;
   CHECK(setup_view(&t, &td, &sd, mem, 0, 0));
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 1.5f, o);
   CHECK_F(o[0], 40 / 255.0f);
   /* texsize at LOD 0: 8 wide, one level in the view */
   struct g80_tex_request q = { .op = G80_TEX_QUERY, .active = 1, .argc = 1 };
   uint32_t out[32][4] = { { 0 } };
   CHECK(g80_sampler_run(&t, G80_STAGE_FP, &q, out) == NULL);
   CHECK_EQ(out[0][0], 8);
   CHECK_EQ(out[0][3], 1);

   /* view 2..2 of the 8 x 8 texture: level 2 (2 x 2) only */
   CHECK(setup_view(&t, &td, &sd, mem, 2, 2));
   sample1(&t, G80_TEX_SAMPLE_LOD, 0.3f, 0.3f, 0, 0.0f, o);
   CHECK_F(o[0], 120 / 255.0f);
   free(mem);
}

/* ---- anisotropic filtering ---- */

/* Lane 0's R of an FP quad at (s0, t0) whose s steps sx a pixel right
 * and t steps ty a pixel down. */
static float
sample_quad_st(const struct g80_sampler_texture *t, float s0, float t0,
               float sx, float ty)
{
   struct g80_tex_request rq = { .op = G80_TEX_SAMPLE, .active = 0xf,
                                 .argc = 2 };
   for (unsigned l = 0; l < 4; l++) {
      rq.coord[l][0] = bits(s0 + sx * (l & 1));
      rq.coord[l][1] = bits(t0 + ty * (l >> 1));
   }
   uint32_t out[32][4] = { { 0 } };
   CHECK(g80_sampler_run(t, G80_STAGE_FP, &rq, out) == NULL);
   return f32(out[0][0]);
}

/* TSC MAX_ANISOTROPY with EXT_texture_filter_anisotropic's example
 * footprint.  A quad whose s steps 1/2 a pixel right and t 1/8 down on
 * an 8 x 8 texture: Px = 4, Py = 1 texels. */
static void
sampler_anisotropic(void)
{
   uint8_t *mem = calloc(1, 1280);
   fill_levels(mem);
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 8, .h = 8, .d = 1,
      .last_level = 3,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_WRAP,
                          .mip = G80_TSC_1_MIP_FILTER_NEAREST };
   struct g80_sampler_texture t;
   /* the level (fill_levels: level l has R 40 (l + 1)).  1_TO_1
    * (isotropic, GL 3.3 (3.19)): rho = 4, lambda 2, level 2 (R 120).
    * 2_TO_1: N = min(ceil(4 / 1), 2) = 2, lambda = log2(4 / 2) = 1,
    * level 1 (R 80).  4_TO_1 and 16_TO_1: N = 4, lambda 0:
    * magnification, level 0 (R 40). */
   static const struct { uint32_t aniso; unsigned r; } lv[] = {
      { G80_TSC_0_MAX_ANISOTROPY_1_TO_1, 120 },
      { G80_TSC_0_MAX_ANISOTROPY_2_TO_1, 80 },
      { G80_TSC_0_MAX_ANISOTROPY_4_TO_1, 40 },
      { G80_TSC_0_MAX_ANISOTROPY_16_TO_1, 40 },
   };
   for (unsigned i = 0; i < sizeof(lv) / sizeof(lv[0]); i++) {
      sd.aniso = lv[i].aniso;
      CHECK(setup(&t, &td, &sd, mem));
      CHECK_F(sample_quad_st(&t, 0.3f, 0.3f, 0.5f, 0.125f),
              lv[i].r / 255.0f);
   }

   /* the lookups: one level whose texel columns alternate R 0 (even x)
    * and 255 (odd x), LINEAR.  Lane 0 at u = 4.5 (texel 4's centre): 1
    * lookup reads R 0.  4_TO_1: N = 4 lookups at lambda 0
    * (magnification, LINEAR) moved along ds/dx = 1/2 (4 texels) by
    * -1/2 + i / 5, i = 1..4: u = 3.3, 4.1, 4.9, 5.7, u - 1/2 = 2.8, 3.6,
    * 4.4, 5.2 (GL 3.3 3.8.8 LINEAR): 0.8, 0.4, 0.4, 0.8 of 255, mean
    * 0.6. */
   memset(mem, 0, 1280);
   for (unsigned b = 0; b < 512; b += 4)
      mem[b] = (b % 64 / 4) & 1 ? 255 : 0;   /* a gob row is 64 bytes */
   td.last_level = 0;
   sd = (struct tsc_desc){ .wrap = G80_TSC_WRAP_WRAP, .linear = true };
   CHECK(setup(&t, &td, &sd, mem));
   CHECK(fabsf(sample_quad_st(&t, 4.5f / 8, 4.5f / 8, 0.5f, 0.125f)) < 1e-5f);
   sd.aniso = G80_TSC_0_MAX_ANISOTROPY_4_TO_1;
   CHECK(setup(&t, &td, &sd, mem));
   CHECK(fabsf(sample_quad_st(&t, 4.5f / 8, 4.5f / 8, 0.5f, 0.125f) - 0.6f) <
         1e-4f);
   /* the same footprint along y (t steps 1/2 down, s 1/8 right): the
    * lookups move along t, down a column of one value (R 0) */
   CHECK(fabsf(sample_quad_st(&t, 4.5f / 8, 4.5f / 8, 0.125f, 0.5f)) < 1e-5f);
   free(mem);
}

/* ---- cube faces ---- */

/* A cube of 1 x 1 RGBA8 faces: each face one gob (256 bytes), the
 * subtexture aligned to level 0's block (256): face f at 256 f, filled
 * with R = 30 (f + 1).  Faces in GL order +X -X +Y -Y +Z -Z (GL 3.3
 * table 3.21: the major axis). */
static void
sampler_cube(void)
{
   uint8_t *mem = calloc(1, 6 * 256);
   for (unsigned f = 0; f < 6; f++)
      mem[256 * f] = 30 * (f + 1);
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_CUBEMAP, .w = 1, .h = 1, .d = 1,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   CHECK_EQ(t.bytes, 6 * 256);
   static const struct { float d[3]; unsigned face; } dirs[] = {
      { { 1.0f, 0.2f, 0.3f }, 0 }, { { -1.0f, 0.2f, 0.3f }, 1 },
      { { 0.1f, 0.9f, -0.3f }, 2 }, { { 0.1f, -0.9f, 0.3f }, 3 },
      { { 0.1f, 0.2f, 0.7f }, 4 }, { { 0.1f, 0.2f, -0.9f }, 5 },
   };
   for (unsigned i = 0; i < 6; i++) {
      float o[4];
      sample1(&t, G80_TEX_SAMPLE, dirs[i].d[0], dirs[i].d[1], dirs[i].d[2],
              0, o);
      CHECK_F(o[0], 30 * (dirs[i].face + 1) / 255.0f);
   }
   free(mem);
}

/* Seamless filtering (G200_3D's TEX_MISC SEAMLESS_CUBE_MAP, which the
 * class hands over as t.seamless; GL 3.2 3.8.8 "Seamless Cube Map
 * Filtering").  A cube of 2 x 2 RGBA8 faces (one gob each, texel (x, y)
 * at 64 y + 4 x), R only: +X all 16, +Y 64 + 8x + 4y, +Z 128 + 8x + 4y,
 * -Z 200 + 10x + 20y, the others 0; LINEAR, CLAMP_TO_EDGE.  By hand
 * (GL 3.3 3.8.8 bilinear weights; the faces of GL table 3.21):
 * - direction (1, 0, -0.75): +X at s = 0.875, t = 0.5, u = 1.75, v = 1:
 *   texels i 1 and 2 (weights 0.75, 0.25), j 0 and 1 (0.5 each).  i = 2
 *   is past +X's s = 1 edge, where -Z's s = 0 column (-Z's sc = -x, x =
 *   1) meets it, rows alike (both tc = -y): 200 and 220.  Seamless 0.75 *
 *   16 + 0.25 * 210 = 64.5; clamped to the edge 16.
 * - direction (1, 0.75, 0.75): +X at s = t = 0.125, u = v = 0.25: i, j
 *   -1 and 0 (weights 0.25, 0.75).  (0, -1) is past t = 0, on +Y (tc =
 *   z: its row 1, sc = x: column 1): 76; (-1, 0) past s = 0, on +Z
 *   (column 1, row 0): 136; (-1, -1) the corner: the average of +X's
 *   (0, 0), +Y's and +Z's (16 + 76 + 136) / 3 = 76 (assumed: g80_sampler.c).
 *   0.0625 * 76 + 0.1875 * 76 + 0.1875 * 136 + 0.5625 * 16 = 53.5;
 *   clamped 16. */
static void
sampler_cube_seamless(void)
{
   uint8_t *mem = calloc(1, 6 * 256);
   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 2; x++) {
         unsigned o = 64 * y + 4 * x;
         mem[256 * 0 + o] = 16;
         mem[256 * 2 + o] = 64 + 8 * x + 4 * y;
         mem[256 * 4 + o] = 128 + 8 * x + 4 * y;
         mem[256 * 5 + o] = 200 + 10 * x + 20 * y;
      }
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_CUBEMAP, .w = 2, .h = 2, .d = 1,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE, .linear = true };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   CHECK_EQ(t.bytes, 6 * 256);
   for (unsigned seamless = 0; seamless < 2; seamless++) {
      float o[4];
      t.seamless = seamless;
      sample1(&t, G80_TEX_SAMPLE, 1.0f, 0.0f, -0.75f, 0, o);
      CHECK_F(o[0], (seamless ? 64.5f : 16.0f) / 255.0f);
      sample1(&t, G80_TEX_SAMPLE, 1.0f, 0.75f, 0.75f, 0, o);
      CHECK_F(o[0], (seamless ? 53.5f : 16.0f) / 255.0f);
   }
   free(mem);
}

/* ---- formats ---- */

static void
sampler_formats(void)
{
   uint8_t mem[256];
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   struct g80_sampler_texture t;
   float o[4];
   struct tic_desc td = {
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D_NO_MIPMAP, .pitch = true,
      .pitch_bytes = 64, .w = 1, .h = 1, .d = 1,
   };

   /* B5G6R5 UNORM: R bits 0-4 = 31, G bits 5-10 = 32, B bits 11-15 = 0:
    * 0x041f; A is not in the format: 1 */
   memset(mem, 0, sizeof(mem));
   mem[0] = 0x1f;
   mem[1] = 0x04;
   td.cs = G80_TIC_0_COMPONENTS_SIZES_B5G6R5;
   td.type = G80_TIC_TYPE_UNORM;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_SAMPLE, 0.5f, 0.5f, 0, 0, o);
   CHECK_F(o[0], 1.0f);
   CHECK_F(o[1], 32 / 63.0f);
   CHECK_F(o[2], 0.0f);
   CHECK_F(o[3], 1.0f);

   /* R32_G32_B32_A32 FLOAT: the words as they are */
   float fv[4] = { -3.5f, 1e20f, 0.1f, 2.0f };
   memcpy(mem, fv, 16);
   td.cs = G80_TIC_0_COMPONENTS_SIZES_R32_G32_B32_A32;
   td.type = G80_TIC_TYPE_FLOAT;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_SAMPLE, 0.5f, 0.5f, 0, 0, o);
   for (unsigned i = 0; i < 4; i++)
      CHECK_EQ(bits(o[i]), bits(fv[i]));

   /* R16_G16_B16_A16 FLOAT: halves 0x3c00 1.0, 0xc000 -2.0, 0x3800 0.5,
    * 0x0000 0 */
   uint16_t hv[4] = { 0x3c00, 0xc000, 0x3800, 0x0000 };
   memcpy(mem, hv, 8);
   td.cs = G80_TIC_0_COMPONENTS_SIZES_R16_G16_B16_A16;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_SAMPLE, 0.5f, 0.5f, 0, 0, o);
   CHECK_F(o[0], 1.0f);
   CHECK_F(o[1], -2.0f);
   CHECK_F(o[2], 0.5f);
   CHECK_F(o[3], 0.0f);

   /* A8B8G8R8 SNORM: 0x81 -> max(-127 / 127, -1) = -1, 0x80 -> -1
    * (clamped), 0x40 -> 64 / 127 (GL 3.3 2.1.6) */
   mem[0] = 0x81;
   mem[1] = 0x80;
   mem[2] = 0x40;
   mem[3] = 0x7f;
   td.cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8;
   td.type = G80_TIC_TYPE_SNORM;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_SAMPLE, 0.5f, 0.5f, 0, 0, o);
   CHECK_F(o[0], -1.0f);
   CHECK_F(o[1], -1.0f);
   CHECK_F(o[2], 64 / 127.0f);
   CHECK_F(o[3], 1.0f);

   /* A8B8G8R8 UINT through ONE_INT: integers */
   td.type = G80_TIC_TYPE_UINT;
   td.src[3] = G80_TIC_SOURCE_ONE_INT;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_SAMPLE, 0.5f, 0.5f, 0, 0, o);
   CHECK_EQ(bits(o[0]), 0x81);
   CHECK_EQ(bits(o[2]), 0x40);
   CHECK_EQ(bits(o[3]), 1);
   td.src[3] = G80_TIC_SOURCE_A;

   /* sRGB A8B8G8R8: 0x80 decodes to ((128/255 + 0.055) / 1.055)^2.4 =
    * 0.2158605 (EXT_texture_sRGB); alpha stays linear */
   mem[0] = 0x80;
   mem[3] = 0x80;
   td.type = G80_TIC_TYPE_UNORM;
   td.srgb = true;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_SAMPLE, 0.5f, 0.5f, 0, 0, o);
   CHECK(fabsf(o[0] - 0.2158605f) < 1e-5f);
   CHECK_F(o[3], 128 / 255.0f);
   td.srgb = false;
}

/* DXT1 (block-linear, 4 x 4 texels = one 8-byte block): colour 0 =
 * 0xf800 (red), colour 1 = 0x001f (blue), c0 > c1: four colours; codes
 * of texels 0, 1, 2, 3 = 0, 1, 2, 3: red, blue, (2 red + blue) / 3,
 * (red + 2 blue) / 3 (EXT_texture_compression_s3tc). */
static void
sampler_dxt1(void)
{
   uint8_t *mem = calloc(1, 256);
   mem[0] = 0x00; mem[1] = 0xf8;
   mem[2] = 0x1f; mem[3] = 0x00;
   mem[4] = 0xe4;            /* texels 0-3: codes 0, 1, 2, 3 */
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_DXT1, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 4, .h = 4, .d = 1,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   CHECK_EQ(t.bytes, 256);
   float o[4];
   sample1(&t, G80_TEX_SAMPLE, 0.5f / 4, 0.5f / 4, 0, 0, o);
   CHECK_F(o[0], 1.0f);
   CHECK_F(o[2], 0.0f);
   sample1(&t, G80_TEX_SAMPLE, 1.5f / 4, 0.5f / 4, 0, 0, o);
   CHECK_F(o[0], 0.0f);
   CHECK_F(o[2], 1.0f);
   sample1(&t, G80_TEX_SAMPLE, 2.5f / 4, 0.5f / 4, 0, 0, o);
   CHECK_F(o[0], 2.0f / 3.0f);
   CHECK_F(o[2], 1.0f / 3.0f);
   CHECK_F(o[3], 1.0f);
   free(mem);
}

/* RGTC (ARB_texture_compression_rgtc, by hand from its appendix), 4 x 4
 * block-linear textures of one block.  DXN1 UNORM: red0 200 > red1 100,
 * codes of texels 0..3 = 0, 1, 2, 7: 200/255, 100/255, (6 200 + 100) /
 * (7 255), (200 + 6 100) / (7 255), read (R, 0, 0, 1).  DXN2 SNORM: red
 * block red0 -128 (-1.0) <= red1 127 (1.0), codes 6, 2, 7: MINRED -1,
 * (4 (-1) + 1) / 5 = -0.6, MAXRED 1; green block red0 64 > red1 -64,
 * codes 0, 3, 0: 64/127, (5 64 - 2 64) / (7 127), 64/127; read (R, G, 0,
 * 1). */
static void
sampler_rgtc(void)
{
   uint8_t *mem = calloc(1, 512);
   mem[0] = 200; mem[1] = 100;
   mem[2] = 0x88; mem[3] = 0x0e;       /* 0 | 1 << 3 | 2 << 6 | 7 << 9 */
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_DXN1, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 4, .h = 4, .d = 1,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   struct g80_sampler_texture t;
   float o[4];
   static const float red1[4] = {
      200 / 255.0f, 100 / 255.0f, 1300 / 1785.0f, 800 / 1785.0f,
   };
   CHECK(setup(&t, &td, &sd, mem));
   for (unsigned i = 0; i < 4; i++) {
      sample1(&t, G80_TEX_SAMPLE, (i + 0.5f) / 4, 0.5f / 4, 0, 0, o);
      CHECK(fabsf(o[0] - red1[i]) < 1e-6f);
      CHECK_F(o[1], 0.0f);
      CHECK_F(o[2], 0.0f);
      CHECK_F(o[3], 1.0f);
   }
   memset(mem, 0, 512);
   mem[0] = 0x80; mem[1] = 0x7f;
   mem[2] = 0xd6; mem[3] = 0x01;       /* 6 | 2 << 3 | 7 << 6 */
   mem[8] = 64; mem[9] = 0xc0;
   mem[10] = 0x18;                     /* 0 | 3 << 3 | 0 << 6 */
   td.cs = G80_TIC_0_COMPONENTS_SIZES_DXN2;
   td.type = G80_TIC_TYPE_SNORM;
   static const float r2[3] = { -1.0f, -0.6f, 1.0f };
   static const float g2[3] = { 64 / 127.0f, 192 / 889.0f, 64 / 127.0f };
   CHECK(setup(&t, &td, &sd, mem));
   for (unsigned i = 0; i < 3; i++) {
      sample1(&t, G80_TEX_SAMPLE, (i + 0.5f) / 4, 0.5f / 4, 0, 0, o);
      CHECK(fabsf(o[0] - r2[i]) < 1e-6f);
      CHECK(fabsf(o[1] - g2[i]) < 1e-6f);
      CHECK_F(o[2], 0.0f);
      CHECK_F(o[3], 1.0f);
   }
   free(mem);
}

/* Depth compare on Z24S8 (R = S8 UINT, G = Z24 UNORM as upstream types
 * them; sources G, G, G, ONE_FLOAT): texels of depth 0x400000 (0.25) and
 * 0xc00000 (0.75); LEQUAL ref 0.5: 0.5 <= 0.25 fails, 0.5 <= 0.75 passes;
 * LINEAR half-way averages the results (GL 3.3 3.8.16): 0.5. */
static void
sampler_depth_compare(void)
{
   uint8_t *mem = calloc(1, 256);
   uint32_t z0 = 0x400000u << 8 | 0x11, z1 = 0xc00000u << 8 | 0x22;
   memcpy(mem, &z0, 4);
   memcpy(mem + 4, &z1, 4);
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_Z24S8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_G, G80_TIC_SOURCE_G, G80_TIC_SOURCE_G,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 2, .h = 1, .d = 1,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE, .compare = true,
                          .func = G80_TSC_0_DEPTH_COMPARE_FUNC_LEQUAL };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   float o[4];
   /* 2D shadow: s, t, then the reference */
   sample1(&t, G80_TEX_SAMPLE, 0.25f, 0.5f, 0.5f, 0, o);
   CHECK_F(o[0], 0.0f);
   sample1(&t, G80_TEX_SAMPLE, 0.75f, 0.5f, 0.5f, 0, o);
   CHECK_F(o[0], 1.0f);
   CHECK_F(o[3], 1.0f);
   sd.linear = true;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_SAMPLE, 0.5f, 0.5f, 0.5f, 0, o);
   CHECK_F(o[0], 0.5f);
   /* GREATER: the other way round */
   sd.linear = false;
   sd.func = G80_TSC_0_DEPTH_COMPARE_FUNC_GREATER;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_SAMPLE, 0.25f, 0.5f, 0.5f, 0, o);
   CHECK_F(o[0], 1.0f);
   free(mem);
}

/* TIC word 5 HEIGHT 0 (rnndb: "Set to 0 for height of 65536").  A
 * ONE_D_BUFFER as upstream's nv50_tex.c writes a buffer texture (PITCH,
 * word 3 and word 5 all 0: HEIGHT 0) has no height: texfetch x reads byte
 * x of the buffer, and past WIDTH reads 0 (GL 3.3 2.11.7: out of range
 * texelFetch on a buffer texture is undefined; nvsim reads 0).  A
 * TWO_D_NO_MIPMAP pitch texture of HEIGHT 0 has 65536 rows: nearest
 * sampling at t = 65535.5 / 65536 reads row 65535 (GL 3.3 3.8.8/3.8.10),
 * where a height of 1 would clamp to row 0. */
static void
sampler_height_zero(void)
{
   uint8_t *mem = calloc(1, 64 * 65536);
   for (unsigned i = 0; i < 8; i++)
      mem[i] = (uint8_t)(10 * (i + 1));
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_ONE_D_BUFFER, .pitch = true,
      .w = 8, .h = 0, .d = 0,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   struct g80_tex_request f = { .op = G80_TEX_FETCH, .active = 3, .argc = 1 };
   f.coord[0][0] = 5;
   f.coord[1][0] = 8;
   uint32_t out[32][4] = { { 0 } };
   CHECK(g80_sampler_run(&t, G80_STAGE_FP, &f, out) == NULL);
   CHECK_F(f32(out[0][0]), 60 / 255.0f);
   CHECK_F(f32(out[1][0]), 0.0f);

   mem[65535 * 64 + 1] = 200;
   td.tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D_NO_MIPMAP;
   td.pitch_bytes = 64;
   td.w = 4;
   td.d = 1;
   CHECK(setup(&t, &td, &sd, mem));
   float o[4];
   sample1(&t, G80_TEX_SAMPLE, 1.5f / 4, 65535.5f / 65536, 0, 0, o);
   CHECK_F(o[0], 200 / 255.0f);
   free(mem);
}

/* Descriptors the unit refuses, with the reason. */
static void
sampler_refuses(void)
{
   uint8_t mem[256] = { 0 };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   struct g80_sampler_texture t;
   uint32_t tw[8], sw[8];
   struct g80_tic tic;
   struct g80_tsc tsc;
   const char *why;
   /* a pitch 3D texture (g80-surface.rst: pitch surfaces have no depth) */
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_THREE_D, .pitch = true,
      .pitch_bytes = 64, .w = 4, .h = 4, .d = 4,
   };
   tic_words(&td, tw);
   tsc_words(&sd, sw);
   CHECK(g80_tic_decode(tw, true, &tic, &why));
   CHECK(g80_tsc_decode(sw, &tsc, &why));
   CHECK_STR_HAS(g80_sampler_setup(&t, &tic, &tsc, true), "pitch");
   /* Z16 is a G200 format */
   td.cs = G200_TIC_0_COMPONENTS_SIZES_Z16;
   td.tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D;
   td.pitch = false;
   tic_words(&td, tw);
   CHECK(g80_tic_decode(tw, true, &tic, &why));
   CHECK_STR_HAS(g80_sampler_setup(&t, &tic, &tsc, false), "COMPONENTS_SIZES");
   CHECK(g80_sampler_setup(&t, &tic, &tsc, true) == NULL);
   /* texquerylod is not modelled */
   td.cs = G80_TIC_0_COMPONENTS_SIZES_R8;
   CHECK(setup(&t, &td, &sd, mem));
   struct g80_tex_request rq = { .op = G80_TEX_QUERY_LOD, .active = 1 };
   uint32_t out[32][4];
   CHECK_STR_HAS(g80_sampler_run(&t, G80_STAGE_FP, &rq, out), "texquerylod");
}

/* texgather on a 4 x 4 R8G8 texture, texel (x, y) = (x + 4y, 100 + x),
 * NEAREST (a gather ignores the filter): ARB_texture_gather's four
 * texels (i0, j1), (i1, j1), (i1, j0), (i0, j0) of GL 3.3 3.8.8's LINEAR
 * footprint, i0 = floor(u - 1/2), j0 = floor(v - 1/2), of the component
 * the TIC's X source routes. */
static void
sampler_gather(void)
{
   uint8_t mem[256];
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         mem[2 * (4 * y + x)] = x + 4 * y;
         mem[2 * (4 * y + x) + 1] = 100 + x;
      }
   struct tic_desc td = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_ZERO,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D_NO_MIPMAP, .pitch = true,
      .pitch_bytes = 8, .w = 4, .h = 4, .d = 1,
   };
   struct tsc_desc sd = { .wrap = G80_TSC_WRAP_WRAP };
   struct g80_sampler_texture t;
   CHECK(setup(&t, &td, &sd, mem));
   float o[4];
   /* s = 1/2, t = 1/4: u = 2, v = 1, i0 = 1, j0 = 0 */
   sample1(&t, G80_TEX_GATHER, 0.5f, 0.25f, 0, 0, o);
   CHECK_F(o[0], 5 / 255.0f);     /* (1, 1) */
   CHECK_F(o[1], 6 / 255.0f);     /* (2, 1) */
   CHECK_F(o[2], 2 / 255.0f);     /* (2, 0) */
   CHECK_F(o[3], 1 / 255.0f);     /* (1, 0) */
   /* at (0, 0) with REPEAT: i0 = j0 = -1, which wrap to 3 */
   sample1(&t, G80_TEX_GATHER, 0, 0, 0, 0, o);
   CHECK_F(o[0], 3 / 255.0f);     /* (3, 0) */
   CHECK_F(o[1], 0.0f);           /* (0, 0) */
   CHECK_F(o[2], 12 / 255.0f);    /* (0, 3) */
   CHECK_F(o[3], 15 / 255.0f);    /* (3, 3) */
   /* a texel offset (1, 0) moves the footprint: i0 = 2 */
   struct g80_tex_request rq = { .op = G80_TEX_GATHER, .active = 1,
                                 .argc = 2, .offset = { 1, 0, 0 } };
   rq.coord[0][0] = bits(0.5f);
   rq.coord[0][1] = bits(0.25f);
   uint32_t out[32][4] = { { 0 } };
   CHECK(g80_sampler_run(&t, G80_STAGE_FP, &rq, out) == NULL);
   CHECK_F(f32(out[0][0]), 6 / 255.0f);
   CHECK_F(f32(out[0][1]), 7 / 255.0f);
   CHECK_F(f32(out[0][2]), 3 / 255.0f);
   CHECK_F(f32(out[0][3]), 2 / 255.0f);
   /* the X source from G: GL's swizzle picks the gathered component */
   td.src[0] = G80_TIC_SOURCE_G;
   CHECK(setup(&t, &td, &sd, mem));
   sample1(&t, G80_TEX_GATHER, 0.5f, 0.25f, 0, 0, o);
   CHECK_F(o[0], 101 / 255.0f);
   CHECK_F(o[1], 102 / 255.0f);
   CHECK_F(o[2], 102 / 255.0f);
   CHECK_F(o[3], 101 / 255.0f);
}

static const struct nvt_case cases[] = {
   { "sampler_nearest_pitch", sampler_nearest_pitch },
   { "sampler_linear", sampler_linear },
   { "sampler_wrap", sampler_wrap },
   { "sampler_blocklinear", sampler_blocklinear },
   { "sampler_mip_levels", sampler_mip_levels },
   { "sampler_view_levels", sampler_view_levels },
   { "sampler_anisotropic", sampler_anisotropic },
   { "sampler_cube", sampler_cube },
   { "sampler_cube_seamless", sampler_cube_seamless },
   { "sampler_formats", sampler_formats },
   { "sampler_dxt1", sampler_dxt1 },
   { "sampler_rgtc", sampler_rgtc },
   { "sampler_depth_compare", sampler_depth_compare },
   { "sampler_height_zero", sampler_height_zero },
   { "sampler_refuses", sampler_refuses },
   { "sampler_gather", sampler_gather },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
