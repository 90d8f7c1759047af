/*
 * Shared texture sampling arithmetic (nvsim_texture.h).  Moved here from
 * curie's texture unit (nv40_3d_texture.c) unchanged in its arithmetic,
 * so that curie's pictures stay bit for bit what they were, and used by
 * Tesla's (g80_3d_sampler.c).
 */
#include <math.h>

#include "nvsim_texture.h"
#include "nvsim_raster.h"
#include "nvsim_raster_math.h"

int
nvsim_tex_wrap_index(enum nvsim_tex_wrap mode, int i, int n)
{
   switch (mode) {
   case NVSIM_TEX_REPEAT: {
      int r = i % n;
      return r < 0 ? r + n : r;
   }
   case NVSIM_TEX_MIRRORED_REPEAT: {
      int p = i % (2 * n);
      if (p < 0)
         p += 2 * n;
      return p < n ? p : 2 * n - 1 - p;
   }
   case NVSIM_TEX_CLAMP_TO_BORDER:
   case NVSIM_TEX_MIRROR_CLAMP_TO_BORDER:
      if (mode == NVSIM_TEX_MIRROR_CLAMP_TO_BORDER && i < 0)
         i = -(i + 1);   /* -i - 1, without overflow at INT_MIN */
      return i < 0 || i >= n ? -1 : i;
   case NVSIM_TEX_MIRROR_CLAMP_TO_EDGE:
      if (i < 0)
         i = -(i + 1);
      return i >= n ? n - 1 : i;
   case NVSIM_TEX_CLAMP:
   case NVSIM_TEX_MIRROR_CLAMP:
      /* the coordinate was clamped to the edge of the texture
       * (nvsim_tex_clamp_coord): what lies beyond is the border, which a
       * linear filter blends in at the edge (GL 2.1 section 3.8.8, CLAMP;
       * EXT_texture_mirror_clamp, MIRROR_CLAMP_EXT mirrors first) */
      if (mode == NVSIM_TEX_MIRROR_CLAMP && i < 0)
         i = -(i + 1);
      return i < 0 || i >= n ? -1 : i;
   default:   /* CLAMP_TO_EDGE */
      return i < 0 ? 0 : i >= n ? n - 1 : i;
   }
}

/* CLAMP clamps s to [0, 1] and MIRROR_CLAMP |s| (GL 2.1 section 3.8.7,
 * EXT_texture_mirror_clamp), i.e. x to [0, n]; a nearest lookup then
 * never reaches the border (x = n is texel n - 1), a linear one blends it
 * in half a texel from the edge. */
float
nvsim_tex_clamp_coord(enum nvsim_tex_wrap mode, float x, unsigned n,
                      bool linear)
{
   if (mode == NVSIM_TEX_MIRROR_CLAMP)
      x = fabsf(x);
   else if (mode != NVSIM_TEX_CLAMP)
      return x;
   return nvsim_minf(nvsim_maxf(x, 0.0f), linear ? (float)n : n - 0.5f);
}

float
nvsim_tex_srgb_to_linear(float c)
{
   /* EXT_texture_sRGB decode; powf-free: the exponent 2.4 as a square of
    * x^1.2 = x * x^0.2, x^0.2 by Newton steps on y^5 = x */
   if (c <= 0.04045f)
      return c / 12.92f;
   float x = (c + 0.055f) / 1.055f;
   float y = 0.5f + 0.5f * x;       /* start for the fifth root */
   for (int i = 0; i < 8; i++) {
      float y2 = y * y, y4 = y2 * y2;
      y = y - (y4 * y - x) / (5.0f * y4);
   }
   float p12 = x * y;
   return p12 * p12;
}

static void
rgb565(uint16_t c, float *rgb)
{
   rgb[0] = (c >> 11) / 31.0f;
   rgb[1] = ((c >> 5) & 0x3f) / 63.0f;
   rgb[2] = (c & 0x1f) / 31.0f;
}

void
nvsim_tex_dxt_texel(enum nvsim_tex_dxt kind, const uint8_t *blk, unsigned x,
                    unsigned y, float rgba[4])
{
   unsigned i = 4 * y + x;
   const uint8_t *cb = kind == NVSIM_TEX_DXT1 ? blk : blk + 8;
   uint16_t c0 = cb[0] | cb[1] << 8, c1 = cb[2] | cb[3] << 8;
   uint32_t bits = cb[4] | cb[5] << 8 | cb[6] << 16 | (uint32_t)cb[7] << 24;
   unsigned code = (bits >> (2 * i)) & 3;
   float a0[3], a1[3], rgb[3], alpha = 1.0f;
   rgb565(c0, a0);
   rgb565(c1, a1);
   bool four = kind != NVSIM_TEX_DXT1 || c0 > c1;
   for (unsigned c = 0; c < 3; c++) {
      switch (code) {
      case 0: rgb[c] = a0[c]; break;
      case 1: rgb[c] = a1[c]; break;
      case 2: rgb[c] = four ? (2 * a0[c] + a1[c]) / 3 : (a0[c] + a1[c]) / 2; break;
      default: rgb[c] = four ? (a0[c] + 2 * a1[c]) / 3 : 0.0f; break;
      }
   }
   if (kind == NVSIM_TEX_DXT1 && !four && code == 3)
      alpha = 0.0f;
   if (kind == NVSIM_TEX_DXT3) {
      unsigned a = (blk[i / 2] >> (4 * (i & 1))) & 0xf;
      alpha = a / 15.0f;
   } else if (kind == NVSIM_TEX_DXT5) {
      float e0 = blk[0] / 255.0f, e1 = blk[1] / 255.0f;
      uint64_t ab = 0;
      for (unsigned k = 0; k < 6; k++)
         ab |= (uint64_t)blk[2 + k] << (8 * k);
      unsigned ac = (ab >> (3 * i)) & 7;
      if (ac == 0)
         alpha = e0;
      else if (ac == 1)
         alpha = e1;
      else if (blk[0] > blk[1])
         alpha = ((8 - ac) * e0 + (ac - 1) * e1) / 7.0f;
      else if (ac < 6)
         alpha = ((6 - ac) * e0 + (ac - 1) * e1) / 5.0f;
      else
         alpha = ac == 6 ? 0.0f : 1.0f;
   }
   rgba[0] = rgb[0];
   rgba[1] = rgb[1];
   rgba[2] = rgb[2];
   rgba[3] = alpha;
}

bool
nvsim_tex_compare(enum nvsim_tex_compare func, float r, float d)
{
   /* both enums in GL's order (NEVER .. ALWAYS) */
   return nvsim_raster_compare_f((enum nvsim_raster_func)func, r, d);
}

/* log2 without libm: exponent plus a polynomial of the mantissa in
 * [1, 2). */
float
nvsim_tex_log2(float x)
{
   if (!(x > 0.0f))
      return -128.0f;
   uint32_t u = nvsim_f2u(x);
   int e = (int)((u >> 23) & 0xff) - 127;
   float m = nvsim_u2f((u & 0x7fffff) | 0x3f800000u);
   float r = m - 1.0f;
   /* log2(1 + r) ~ r (1.4425 - 0.7213 r + 0.4808 r^2 - 0.3606 r^3 +
    * 0.2885 r^4 - 0.2404 r^5 + 0.2061 r^6 - 0.1803 r^7 + ...), folded */
   float p = r * (1.44269504f + r * (-0.72134752f + r * (0.48089835f +
             r * (-0.36067376f + r * (0.28853901f + r * (-0.24044917f +
             r * (0.20609929f + r * (-0.18033688f))))))));
   return (float)e + p;
}

unsigned
nvsim_tex_cube_face(const float c[3], float *s, float *t)
{
   float ax = fabsf(c[0]), ay = fabsf(c[1]), az = fabsf(c[2]);
   float sc, tc, ma;
   unsigned f;
   if (ax >= ay && ax >= az) {
      ma = ax;
      f = c[0] >= 0 ? 0 : 1;
      sc = c[0] >= 0 ? -c[2] : c[2];
      tc = -c[1];
   } else if (ay >= az) {
      ma = ay;
      f = c[1] >= 0 ? 2 : 3;
      sc = c[0];
      tc = c[1] >= 0 ? c[2] : -c[2];
   } else {
      ma = az;
      f = c[2] >= 0 ? 4 : 5;
      sc = c[2] >= 0 ? c[0] : -c[0];
      tc = -c[1];
   }
   if (ma == 0.0f)
      ma = 1.0f;
   *s = 0.5f * (sc / ma + 1.0f);
   *t = 0.5f * (tc / ma + 1.0f);
   return f;
}

void
nvsim_tex_cube_face_st(const float c[3], unsigned f, float *s, float *t)
{
   float sc, tc, ma;
   switch (f) {
   case 0: ma = c[0]; sc = -c[2]; tc = -c[1]; break;
   case 1: ma = -c[0]; sc = c[2]; tc = -c[1]; break;
   case 2: ma = c[1]; sc = c[0]; tc = c[2]; break;
   case 3: ma = -c[1]; sc = c[0]; tc = -c[2]; break;
   case 4: ma = c[2]; sc = c[0]; tc = -c[1]; break;
   default: ma = -c[2]; sc = -c[0]; tc = -c[1]; break;
   }
   if (ma == 0.0f)
      ma = 1.0f;
   *s = 0.5f * (sc / ma + 1.0f);
   *t = 0.5f * (tc / ma + 1.0f);
}

/* In integers, so that large levels map exactly: with the face's texel
 * centres at X = 2x + 1 - n, Y = 2y + 1 - n (n times the face
 * coordinates sc, tc of GL 2.1 table 3.21, major axis n), the direction
 * is the table read backwards; its new major axis ma picks the face and
 * the texel is floor((sc' / ma + 1) / 2 * n) (clamped to the face). */
int
nvsim_tex_cube_adjacent(unsigned f, int x, int y, unsigned n, int *x2,
                        int *y2)
{
   const int64_t nn = n, X = 2 * (int64_t)x + 1 - nn, Y = 2 * (int64_t)y + 1 - nn;
   bool out_x = x < 0 || x >= (int)n, out_y = y < 0 || y >= (int)n;
   int64_t c[3], sc, tc, ma;
   unsigned g;
   if (out_x == out_y)
      return -1;
   switch (f) {
   case 0: c[0] = nn; c[1] = -Y; c[2] = -X; break;
   case 1: c[0] = -nn; c[1] = -Y; c[2] = X; break;
   case 2: c[0] = X; c[1] = nn; c[2] = Y; break;
   case 3: c[0] = X; c[1] = -nn; c[2] = -Y; break;
   case 4: c[0] = X; c[1] = -Y; c[2] = nn; break;
   default: c[0] = -X; c[1] = -Y; c[2] = -nn; break;
   }
   int64_t ax = c[0] < 0 ? -c[0] : c[0], ay = c[1] < 0 ? -c[1] : c[1],
           az = c[2] < 0 ? -c[2] : c[2];
   if (ax >= ay && ax >= az) {
      ma = ax;
      g = c[0] >= 0 ? 0 : 1;
      sc = c[0] >= 0 ? -c[2] : c[2];
      tc = -c[1];
   } else if (ay >= az) {
      ma = ay;
      g = c[1] >= 0 ? 2 : 3;
      sc = c[0];
      tc = c[1] >= 0 ? c[2] : -c[2];
   } else {
      ma = az;
      g = c[2] >= 0 ? 4 : 5;
      sc = c[2] >= 0 ? c[0] : -c[0];
      tc = -c[1];
   }
   int64_t i = (sc + ma) * nn / (2 * ma), j = (tc + ma) * nn / (2 * ma);
   *x2 = (int)(i < 0 ? 0 : i >= nn ? nn - 1 : i);
   *y2 = (int)(j < 0 ? 0 : j >= nn ? nn - 1 : j);
   return (int)g;
}

/* A cube map's s and t are the face coordinates (sc / |ma| + 1) / 2 (GL
 * 2.1 section 3.8.6, cube map texture selection), not the direction:
 * differentiate those, on the face of the fragment's own direction. */
void
nvsim_tex_cube_derivs(const float c[3], const float ddx[3],
                      const float ddy[3], float ddx_st[2], float ddy_st[2])
{
   float s0, t0, s1, t1, s2, t2, cx[3], cy[3], ignore_s, ignore_t;
   unsigned face = nvsim_tex_cube_face(c, &ignore_s, &ignore_t);
   for (unsigned k = 0; k < 3; k++) {
      cx[k] = c[k] + ddx[k];
      cy[k] = c[k] + ddy[k];
   }
   nvsim_tex_cube_face_st(c, face, &s0, &t0);
   nvsim_tex_cube_face_st(cx, face, &s1, &t1);
   nvsim_tex_cube_face_st(cy, face, &s2, &t2);
   ddx_st[0] = s1 - s0;
   ddx_st[1] = t1 - t0;
   ddy_st[0] = s2 - s0;
   ddy_st[1] = t2 - t0;
}

float
nvsim_tex_lambda(const float ddx[2], const float ddy[2], float sw, float sh)
{
   float dx = nvsim_maxf(fabsf(ddx[0] * sw), fabsf(ddx[1] * sh));
   float dy = nvsim_maxf(fabsf(ddy[0] * sw), fabsf(ddy[1] * sh));
   return nvsim_tex_log2(nvsim_maxf(dx, dy));
}

__attribute__((noinline)) void
nvsim_tex_lerp(const float x[4], const float y[4], float w, float out[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = x[c] + w * (y[c] - x[c]);
}

__attribute__((noinline)) void
nvsim_tex_bilerp(const float *restrict t00, const float *restrict t10,
                 const float *restrict t01, const float *restrict t11,
                 float a, float b, float *restrict out)
{
   for (unsigned c = 0; c < 4; c++) {
      float top = t00[c] + a * (t10[c] - t00[c]);
      float bot = t01[c] + a * (t11[c] - t01[c]);
      out[c] = top + b * (bot - top);
   }
}

void
nvsim_tex_bilinear(nvsim_tex_texel_fn texel, const void *ctx, float fs,
                   float ft, int z, bool one_d, float out[4])
{
   int x0 = (int)nvsim_floor(fs), y0 = (int)nvsim_floor(ft);
   float a = fs - x0, b = ft - y0;
   float t00[4], t10[4], t01[4], t11[4];
   texel(ctx, x0, y0, z, t00);
   texel(ctx, x0 + 1, y0, z, t10);
   if (one_d) {
      nvsim_tex_lerp(t00, t10, a, out);
      return;
   }
   texel(ctx, x0, y0 + 1, z, t01);
   texel(ctx, x0 + 1, y0 + 1, z, t11);
   nvsim_tex_bilerp(t00, t10, t01, t11, a, b, out);
}

void
nvsim_tex_sample_level(nvsim_tex_texel_fn texel, const void *ctx,
                       const struct nvsim_tex_level_desc *lv, float s,
                       float t, float r, bool linear, float out[4])
{
   s = nvsim_tex_clamp_coord(lv->wrap[0], s, lv->w, linear);
   if (!lv->one_d)
      t = nvsim_tex_clamp_coord(lv->wrap[1], t, lv->h, linear);
   if (lv->three_d)
      r = nvsim_tex_clamp_coord(lv->wrap[2], r, lv->d, linear);
   if (!linear) {
      texel(ctx, (int)nvsim_floor(s), (int)nvsim_floor(t),
            (int)nvsim_floor(r), out);
      return;
   }
   if (!lv->three_d) {
      nvsim_tex_bilinear(texel, ctx, s - 0.5f, t - 0.5f, 0, lv->one_d, out);
      return;
   }
   float fr = r - 0.5f, o0[4], o1[4];
   int z0 = (int)nvsim_floor(fr);
   float g = fr - z0;
   nvsim_tex_bilinear(texel, ctx, s - 0.5f, t - 0.5f, z0, lv->one_d, o0);
   nvsim_tex_bilinear(texel, ctx, s - 0.5f, t - 0.5f, z0 + 1, lv->one_d, o1);
   for (unsigned c = 0; c < 4; c++)
      out[c] = o0[c] + g * (o1[c] - o0[c]);
}
