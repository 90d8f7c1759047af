/*
 * Curie's texture fetch, fast path (issue 23): the same texels, filters
 * and texture cache as the reference in nv40_3d_texture.c, with the work
 * that depends only on the unit's state done once per draw
 * (nv40_3d_tex_fast_setup) instead of once per texel:
 * - the format, TEX_SWIZZLE, SIGNED_* and GAMMA_DECREASE_FILTER become,
 *   per output R G B A, a bit field of the texel and a table of its
 *   values (the reference's own arithmetic, b / 255.0f, max(b / 127.0f,
 *   -1) and the sRGB decode, evaluated once for every field value);
 * - the wrap and the level's address (swizzled or pitch) are inline
 *   here rather than reached through the shared filters' texel
 *   callback, split by axis so that a bilinear footprint computes two
 *   columns and two rows;
 * - TEX_FILTER's decode and the MIN/MAX_LOD level range of the
 *   reference's sample_one are done once (nv40_3d_tex_fast_sample is
 *   sample_one with them);
 * - the texture cache is looked up as the reference does (the same
 *   lines, filled in the same order, so stale texels stay stale until
 *   TEX_CACHE_CTL INVALIDATE), with the unit's line bounds precomputed.
 * The blends are the reference's own out-of-line copies (nvsim_tex_lerp,
 * nvsim_tex_bilerp), for the same NaNs; the LOD (lambda, the
 * anisotropic footprint) is the reference's for every format.
 *
 * What the fast path does not cover (S3TC, 3D textures, the depth
 * formats with their compare, levels above 2^12) is sampled by the
 * reference.
 * NVSIM_REFERENCE=1 (u->reference) turns the fast path off.  Tested
 * against the reference on random states, texels and coordinates by
 * nv40/tests/nv40_3d_texture_fast_test.c.
 */
#include <pthread.h>
#include <string.h>

#include "nv40_3d.h"
#include "nv40_3d_texture.h"
#include "nvsim_raster.h"
#include "nvsim_raster_math.h"
#include "nvsim_texture.h"

/* ---- field value tables ---- */

/* unsigned n-bit fields (n = 1, 4, 5, 6, 8) and signed bytes, plain and
 * sRGB decoded; the two constants and their sRGB decodes. */
enum table_kind {
   T_U1, T_U4, T_U5, T_U6, T_U8, T_S8, T_ZERO, T_ONE, T_KINDS
};
static const unsigned table_size[T_KINDS] = { 2, 16, 32, 64, 256, 256, 1, 1 };
static float tables[2][T_KINDS][256];
/* nvsim_raster_spread_bits of every coordinate below the largest level
 * size, 2^(levels - 1) (nv40_3d_tex_fast_setup leaves larger ones to the
 * reference) */
#define SPREAD_SIZE (1u << (NV40_3D_TEX_MAX_LEVELS - 1))
static uint32_t spread[SPREAD_SIZE];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* The reference's expressions (nv40_3d_tex_decode), value by value. */
static float
field_value(enum table_kind k, unsigned v)
{
   switch (k) {
   case T_U1: return (float)v;
   case T_U4: return v / 15.0f;
   case T_U5: return v / 31.0f;
   case T_U6: return v / 63.0f;
   case T_U8: return v / 255.0f;
   case T_S8: return nvsim_maxf((int8_t)v / 127.0f, -1.0f);
   case T_ZERO: return 0.0f;
   default: return 1.0f;
   }
}

static void
init_tables(void)
{
   for (unsigned k = 0; k < T_KINDS; k++)
      for (unsigned v = 0; v < table_size[k]; v++) {
         tables[0][k][v] = field_value(k, v);
         tables[1][k][v] = nvsim_tex_srgb_to_linear(tables[0][k][v]);
      }
   for (unsigned v = 0; v < SPREAD_SIZE; v++)
      spread[v] = nvsim_raster_spread_bits(v);
}

/* ---- formats ---- */

/* Channels X Y Z W of a format as bit fields (the reference's decode):
 * kind, shift; and which SIGNED_* bit (0: none) makes the field signed. */
struct field {
   uint8_t kind, shift;
   uint32_t signed_bit;
};

/* The formats decoded by fields; false for the others. */
static bool
format_fields(uint32_t format, struct field f[4])
{
   static const struct field zero = { T_ZERO, 0, 0 }, one = { T_ONE, 0, 0 };
   f[0] = f[1] = f[2] = zero;
   f[3] = one;
   switch (format) {
   case NV40_3D_TEX_FORMAT_FORMAT_L8:
      f[0] = (struct field){ T_U8, 0, NV30_3D_TEX_FILTER_SIGNED_BLUE };
      return true;
   case NV40_3D_TEX_FORMAT_FORMAT_A1R5G5B5:
      f[0] = (struct field){ T_U5, 0, 0 };
      f[1] = (struct field){ T_U5, 5, 0 };
      f[2] = (struct field){ T_U5, 10, 0 };
      f[3] = (struct field){ T_U1, 15, 0 };
      return true;
   case NV40_3D_TEX_FORMAT_FORMAT_A4R4G4B4:
      for (unsigned c = 0; c < 4; c++)
         f[c] = (struct field){ T_U4, 4 * c, 0 };
      return true;
   case NV40_3D_TEX_FORMAT_FORMAT_R5G6B5:
      f[0] = (struct field){ T_U5, 0, 0 };
      f[1] = (struct field){ T_U6, 5, 0 };
      f[2] = (struct field){ T_U5, 11, 0 };
      return true;
   case NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8:
      /* SIGNED_BLUE .. SIGNED_ALPHA: channel X .. W */
      for (unsigned c = 0; c < 4; c++)
         f[c] = (struct field){ T_U8, 8 * c,
                                (uint32_t)NV30_3D_TEX_FILTER_SIGNED_BLUE << c };
      return true;
   case NV40_3D_TEX_FORMAT_FORMAT_A8L8:
      f[0] = (struct field){ T_U8, 0, NV30_3D_TEX_FILTER_SIGNED_BLUE };
      f[3] = (struct field){ T_U8, 8, NV30_3D_TEX_FILTER_SIGNED_ALPHA };
      return true;
   default:
      return false;
   }
}

/* sRGB decode of channel c (X Y Z: GAMMA_DECREASE_FILTER BLUE GREEN
 * RED; never W), as the reference's srgb_decode. */
static bool
srgb_channel(const struct nv40_3d_tex_unit *u, unsigned c)
{
   static const uint32_t bit[4] = {
      NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_BLUE,
      NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_GREEN,
      NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_RED,
      0,
   };
   return u->srgb_bits & bit[c];
}

/* ---- decoders ---- */

/* Four floats in one vector (GCC / Clang vector extensions): the
 * decoded texel is built in registers and stored whole (the blend's
 * loads then forward from one store). */
typedef float v4sf __attribute__((vector_size(16)));

static inline v4sf
fields(const struct nv40_3d_tex_fast *f, uint32_t v)
{
   return (v4sf){ f->tab[0][(v >> f->shift[0]) & f->mask[0]],
                  f->tab[1][(v >> f->shift[1]) & f->mask[1]],
                  f->tab[2][(v >> f->shift[2]) & f->mask[2]],
                  f->tab[3][(v >> f->shift[3]) & f->mask[3]] };
}

/* The other formats (A16, A16L16, RGBA16F, RGBA32F): the reference's
 * decode, then TEX_SWIZZLE. */
static v4sf
decode_reference(const struct nv40_3d_tex_unit *u, const uint8_t *p)
{
   float ch[6];
   nv40_3d_tex_decode(u, p, ch);
   ch[4] = 0.0f;
   ch[5] = 1.0f;
   const uint8_t *sel = u->fast.sel;
   return (v4sf){ ch[sel[0]], ch[sel[1]], ch[sel[2]], ch[sel[3]] };
}

static inline v4sf
decode(const struct nv40_3d_tex_unit *u, const uint8_t *p)
{
   const struct nv40_3d_tex_fast *f = &u->fast;
   uint32_t v32;
   uint16_t v16;
   switch (f->decode) {
   case NV40_3D_TEX_DECODE_FIELDS32:
      memcpy(&v32, p, 4);
      return fields(f, v32);
   case NV40_3D_TEX_DECODE_FIELDS16:
      memcpy(&v16, p, 2);
      return fields(f, v16);
   case NV40_3D_TEX_DECODE_FIELDS8:
      return fields(f, p[0]);
   default:
      return decode_reference(u, p);
   }
}

enum { MIP_NONE, MIP_NEAREST, MIP_LINEAR };

static bool
is_pow2(unsigned v)
{
   return v && !(v & (v - 1));
}

void
nv40_3d_tex_fast_setup(struct nv40_3d_tex_unit *u)
{
   struct nv40_3d_tex_fast *f = &u->fast;
   struct field fld[4];

   memset(f, 0, sizeof(*f));
   /* S3TC, 3D and the depth formats (compare before TEX_SWIZZLE) stay
    * with the reference */
   if (u->reference || u->three_d ||
       u->format == NV40_3D_TEX_FORMAT_FORMAT_DXT1 ||
       u->format == NV40_3D_TEX_FORMAT_FORMAT_DXT3 ||
       u->format == NV40_3D_TEX_FORMAT_FORMAT_DXT5 ||
       u->format == NV40_3D_TEX_FORMAT_FORMAT_Z16 ||
       u->format == NV40_3D_TEX_FORMAT_FORMAT_Z24)
      return;
   pthread_once(&tables_once, init_tables);

   for (unsigned c = 0; c < 4; c++)
      f->sel[c] = nv40_3d_tex_swizzle_source(u->swz, c);
   if (format_fields(u->format, fld)) {
      for (unsigned c = 0; c < 4; c++) {
         /* output c reads channel sel (or a constant) */
         unsigned ch = f->sel[c];
         struct field x = ch < 4 ? fld[ch]
                        : (struct field){ ch == 4 ? T_ZERO : T_ONE, 0, 0 };
         if (x.signed_bit && (u->signed_bits & x.signed_bit))
            x.kind = T_S8;
         bool srgb = ch < 4 && srgb_channel(u, ch);
         f->tab[c] = tables[srgb][x.kind];
         f->shift[c] = x.shift;
         f->mask[c] = table_size[x.kind] - 1;
      }
      f->decode = u->bpp == 1 ? NV40_3D_TEX_DECODE_FIELDS8 :
                  u->bpp == 2 ? NV40_3D_TEX_DECODE_FIELDS16 :
                                NV40_3D_TEX_DECODE_FIELDS32;
   } else {
      f->decode = NV40_3D_TEX_DECODE_REFERENCE;
   }

   /* sample_one's filter decode */
   f->linear_mag = u->mag == NV30_3D_TEX_FILTER_MAG_LINEAR;
   f->linear_min = u->min == NV30_3D_TEX_FILTER_MIN_LINEAR ||
                   u->min == NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_NEAREST ||
                   u->min == NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_LINEAR;
   f->mip = u->min == NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_NEAREST ||
            u->min == NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_NEAREST
               ? MIP_NEAREST
            : u->min == NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_LINEAR ||
              u->min == NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_LINEAR
               ? MIP_LINEAR : MIP_NONE;
   if (u->point_only) {
      f->linear_mag = f->linear_min = false;
      if (f->mip == MIP_LINEAR)
         f->mip = MIP_NEAREST;
   }
   float maxlvl = (float)(u->num_levels - 1);
   f->lo = nvsim_minf(u->min_lod, maxlvl);
   f->hi = nvsim_minf(nvsim_maxf(u->max_lod, f->lo), maxlvl);
   f->max_level = (unsigned)maxlvl;
   bool mipmapped = u->min != NV30_3D_TEX_FILTER_MIN_NEAREST &&
                    u->min != NV30_3D_TEX_FILTER_MIN_LINEAR;
   f->base_level = mipmapped ? (unsigned)f->lo : 0;

   f->pow2 = true;
   for (unsigned l = 0; l < u->num_levels; l++)
      f->pow2 &= is_pow2(u->level[l].w) && is_pow2(u->level[l].h);
   if (u->level[0].w > SPREAD_SIZE || u->level[0].h > SPREAD_SIZE)
      return;

   /* whole lines: from the first line boundary at or after host to the
    * last at or before host + size (nv40_3d_texture.c cache_bytes) */
   unsigned head = (unsigned)(u->cache_addr % NV40_3D_TEX_CACHE_LINE);
   uint64_t first = head ? NV40_3D_TEX_CACHE_LINE - head : 0;
   uint64_t end = u->size + head;
   end -= end % NV40_3D_TEX_CACHE_LINE;
   f->delta = u->cache_addr - (uint64_t)(uintptr_t)u->host;
   f->full_lo = u->host + first;
   f->full_hi = end > head ? u->host + (end - head) : f->full_lo;
   f->on = true;
}

/* ---- texels ---- */

/* nvsim_tex_wrap_index, with the power-of-two REPEAT and CLAMP_TO_EDGE
 * (the common modes) inline: i % n wrapped to [0, n) is i & (n - 1) for
 * a power of two n, negative i included. */
static inline int
wrap(enum nvsim_tex_wrap mode, int i, int n, bool pow2)
{
   if (mode == NVSIM_TEX_REPEAT && pow2)
      return i & (n - 1);
   if (mode == NVSIM_TEX_CLAMP_TO_EDGE)
      return i < 0 ? 0 : i >= n ? n - 1 : i;
   return nvsim_tex_wrap_index(mode, i, n);
}

/* nvsim_tex_clamp_coord, which changes x under CLAMP and MIRROR_CLAMP
 * only, called for those only. */
static inline float
clamp_coord(enum nvsim_tex_wrap mode, float x, unsigned n, bool linear)
{
   if (mode != NVSIM_TEX_CLAMP && mode != NVSIM_TEX_MIRROR_CLAMP)
      return x;
   return nvsim_tex_clamp_coord(mode, x, n, linear);
}

/* The texture cache lookup of nv40_3d_tex_cache_read for a texel within
 * one whole line; the reference's function otherwise. */
static inline const uint8_t *
cached(const struct nv40_3d_tex_unit *u, const uint8_t *p, uint8_t tmp[16])
{
   const struct nv40_3d_tex_fast *f = &u->fast;
   uint64_t addr = (uint64_t)(uintptr_t)p + f->delta;
   unsigned in = (unsigned)(addr % NV40_3D_TEX_CACHE_LINE);
   if (p < f->full_lo || p + u->bpp > f->full_hi ||
       in + u->bpp > NV40_3D_TEX_CACHE_LINE)
      return nv40_3d_tex_cache_read(u, p, u->bpp, tmp);
   struct nv40_3d_tex_cache *c = u->cache;
   uint64_t line = addr / NV40_3D_TEX_CACHE_LINE;
   unsigned i = (unsigned)(line ^ (line >> 10)) % NV40_3D_TEX_CACHE_LINES;
   if (c->tag[i] != line + 1) {
      memcpy(c->data[i], p - in, NV40_3D_TEX_CACHE_LINE);
      c->tag[i] = line + 1;
   }
   return c->data[i] + in;
}

/* A level's texel addressing, split by axis: the byte offset of texel
 * (x, y) is col(x) + row(y) (nvsim_raster_pixel_offset: the swizzled
 * index is the bits of x and y interleaved up to the smaller size's,
 * the larger's remaining bits above; a pitch layout's rows and columns
 * add). */
struct level_addr {
   const uint8_t *map;
   bool swizzled;
   unsigned k, bpp;
   uint32_t km, nx;
   uint32_t pitch;
};

static inline size_t
col(const struct level_addr *a, int x)
{
   if (!a->swizzled)
      return (size_t)x * a->bpp;
   uint32_t m = spread[(uint32_t)x & a->km] +
                (((uint32_t)x >> a->k) << (2 * a->k));
   return (size_t)m * a->bpp;
}

static inline size_t
row(const struct level_addr *a, int y)
{
   if (!a->swizzled)
      return (size_t)y * a->pitch;
   uint32_t m = (spread[(uint32_t)y & a->km] << 1) +
                ((((uint32_t)y >> a->k) * a->nx) << (2 * a->k));
   return (size_t)m * a->bpp;
}

/* Texel (ix, iy), already wrapped (negative: the border), decoded and
 * through TEX_SWIZZLE (the reference's texel() for the formats here). */
static inline __attribute__((always_inline)) v4sf
texel(const struct nv40_3d_tex_unit *u, const struct level_addr *a, int ix,
      int iy, size_t cx, size_t ry)
{
   if (ix < 0 || iy < 0) {
      v4sf border;
      memcpy(&border, u->border, sizeof(border));
      return border;
   }
   uint8_t tmp[16];
   return decode(u, cached(u, a->map + (cx + ry), tmp));
}

static void
sample_level(const struct nv40_3d_tex_unit *u, unsigned lvl,
             const uint8_t *layer0, float s, float t, bool linear,
             float out[4])
{
   const struct nv40_3d_tex_level *lv = &u->level[lvl];
   const bool pow2 = u->fast.pow2;
   struct level_addr la;
   la.map = layer0 + (lv->map - u->level[0].map);
   la.swizzled = u->swizzled;
   la.bpp = u->bpp;
   la.pitch = lv->pitch;
   la.k = lv->log2w < lv->log2h ? lv->log2w : lv->log2h;
   la.km = (1u << la.k) - 1;
   la.nx = 1u << (lv->log2w - la.k);

   /* nvsim_tex_sample_level and nvsim_tex_bilinear, the same arithmetic
    * in the same order, each texel's wrap and address by axis */
   s = clamp_coord(u->wrap[0], s, lv->w, linear);
   if (!u->one_d)
      t = clamp_coord(u->wrap[1], t, lv->h, linear);
   v4sf r;
   if (!linear) {
      int ix = wrap(u->wrap[0], (int)nvsim_floor(s), (int)lv->w, pow2);
      int iy = u->one_d ? 0 : wrap(u->wrap[1], (int)nvsim_floor(t),
                                   (int)lv->h, pow2);
      r = texel(u, &la, ix, iy, ix < 0 ? 0 : col(&la, ix),
                iy < 0 ? 0 : row(&la, iy));
      memcpy(out, &r, sizeof(r));
      return;
   }
   float fs = s - 0.5f, ft = t - 0.5f;
   int x0 = (int)nvsim_floor(fs), y0 = (int)nvsim_floor(ft);
   float a = fs - x0, b = ft - y0;
   int ix0 = wrap(u->wrap[0], x0, (int)lv->w, pow2);
   int ix1 = wrap(u->wrap[0], x0 + 1, (int)lv->w, pow2);
   size_t c0 = ix0 < 0 ? 0 : col(&la, ix0);
   size_t c1 = ix1 < 0 ? 0 : col(&la, ix1);
   if (u->one_d) {
      float t00[4], t10[4];
      r = texel(u, &la, ix0, 0, c0, 0);
      memcpy(t00, &r, sizeof(r));
      r = texel(u, &la, ix1, 0, c1, 0);
      memcpy(t10, &r, sizeof(r));
      nvsim_tex_lerp(t00, t10, a, out);
      return;
   }
   int iy0 = wrap(u->wrap[1], y0, (int)lv->h, pow2);
   int iy1 = wrap(u->wrap[1], y0 + 1, (int)lv->h, pow2);
   size_t r0 = iy0 < 0 ? 0 : row(&la, iy0);
   size_t r1 = iy1 < 0 ? 0 : row(&la, iy1);
   /* the reference's order of lookups (the cache's fills depend on it) */
   v4sf tx[4];
   tx[0] = texel(u, &la, ix0, iy0, c0, r0);
   tx[1] = texel(u, &la, ix1, iy0, c1, r0);
   tx[2] = texel(u, &la, ix0, iy1, c0, r1);
   tx[3] = texel(u, &la, ix1, iy1, c1, r1);
   /* the shared blend (nvsim_texture.h says why) */
   nvsim_tex_bilerp((const float *)&tx[0], (const float *)&tx[1],
                    (const float *)&tx[2], (const float *)&tx[3], a, b,
                    out);
}

/* The reference's sample_one (nv40_3d_texture.c) with its filter and
 * level range decode done by nv40_3d_tex_fast_setup. */
void
nv40_3d_tex_fast_sample(const struct nv40_3d_tex_unit *u,
                        const float coord[4], float lambda, float out[4])
{
   const struct nv40_3d_tex_fast *f = &u->fast;
   const uint8_t *layer0 = u->level[0].map;
   float s = coord[0], t = coord[1];

   if (u->cube) {
      unsigned face = nvsim_tex_cube_face(coord, &s, &t);
      layer0 += u->layer_size * face;
   }

   bool mag = lambda <= 0.0f;
   bool linear = mag ? f->linear_mag : f->linear_min;
   unsigned l0 = f->base_level, l1 = l0;
   float lf = 0.0f;
   if (!mag && f->mip == MIP_NEAREST) {
      float l = nvsim_minf(nvsim_maxf(lambda, f->lo), f->hi);
      l0 = (unsigned)nvsim_round(l);
   } else if (!mag && f->mip == MIP_LINEAR) {
      float l = nvsim_minf(nvsim_maxf(lambda, f->lo), f->hi);
      l0 = (unsigned)nvsim_floor(l);
      l1 = l0 + 1 <= f->max_level ? l0 + 1 : l0;
      lf = l - (float)l0;
   }

   float out0[4];
   for (unsigned pass = 0; pass < (lf > 0.0f ? 2u : 1u); pass++) {
      unsigned lvl = pass ? l1 : l0;
      const struct nv40_3d_tex_level *lv = &u->level[lvl];
      float ss, tt;
      if (u->rect) {
         ss = s / (float)(1u << lvl);
         tt = t / (float)(1u << lvl);
      } else {
         ss = s * (float)lv->w;
         tt = t * (float)lv->h;
      }
      sample_level(u, lvl, layer0, ss, tt, linear, pass ? out : out0);
   }
   if (lf > 0.0f) {
      nvsim_tex_lerp(out0, out, lf, out);
   } else {
      memcpy(out, out0, sizeof(out0));
   }
}
