/*
 * The colour and zeta formats of Tesla's render targets and 2D engine
 * (hwdb g80_defs.xml G80_SURFACE_FORMAT, G80_ZETA_FORMAT): bytes per
 * pixel, packing of a clear value, and G80_2D's conversion of a pixel
 * from one format to another.
 *
 * Component order: envytools-docs hw/memory/g80-surface.rst lists each
 * colour format's element size and components; which component sits in
 * which bits follows the format's name from the low bits up, the order in
 * which upstream's nv50 driver pairs them with Gallium formats
 * (nv50_formats.c: B8G8R8A8_UNORM <-> BGRA8_UNORM, R10G10B10A2 <->
 * RGB10_A2, B5G6R5 <-> B5G6R5, Z24_UNORM_S8_UINT <-> Z24_S8_UNORM,
 * S8_UINT_Z24_UNORM <-> S8_Z24_UNORM, Z32_FLOAT_S8X24_UINT <->
 * Z32_S8_X24_FLOAT), Gallium naming components from bit 0 up.
 *
 * Assumptions (not documented): the X bits of the RGBX/BGRX formats are
 * left as they are by clears; integer formats take the CLEAR_COLOR words
 * as integers (upstream's nv50_clear writes the clear colour union's bits)
 * clamped to the component's range; UNORM/SNORM values are rounded to
 * nearest; sRGB formats are encoded with GL's linear-to-sRGB function
 * when FRAMEBUFFER_SRGB is set.
 *
 * Conversions (G80_2D blits between formats): envytools-docs
 * hw/graph/2d/intro.rst lists "color format conversions" and leaves their
 * section "todo", so GL's rules are assumed (GL 3.3 spec 2.1.6, 4.3.1):
 * a pixel is unpacked to R, G, B, A, then packed as a clear value is.
 * UNORM c of b bits -> c / (2^b - 1) as a float (exact: one IEEE
 * division); SNORM -> max(c / (2^(b-1) - 1), -1); float16 and the 11/10-bit
 * floats -> their value as a float32; float -> UNORM/SNORM clamped and
 * rounded to nearest, -> float16 / 11/10-bit rounded to nearest even.
 * Components a format lacks read as 0 (R, G, B) and 1 (A), as GL's
 * conversion to RGBA; the X bits of RGBX formats are not a component and
 * are written 0.  sRGB formats convert as UNORM, with no decoding or
 * encoding (assumption: a 2D copy keeps the stored values).  Integer
 * formats convert to integer formats only, their values clamped to the
 * destination's range; between integer and normalized/float formats
 * nothing is converted (the hardware's behaviour is not known).
 */
#include <math.h>
#include <string.h>

#include "g80_surface_format.h"
#include "g80_defs.xml.h"

enum comp_type {
   T_UNORM, T_SNORM, T_UINT, T_SINT, T_FLOAT, T_SRGB,
};

#define X (-1)   /* bits that belong to no component */

struct format_desc {
   uint32_t format;
   uint8_t type;
   uint8_t bits[4];      /* component widths from bit 0 up, 0 = none */
   int8_t comp[4];       /* which of R, G, B, A (0..3) each is, or X */
};

#define F(f, t, b0, b1, b2, b3, c0, c1, c2, c3) \
   { G80_SURFACE_FORMAT_##f, T_##t, { b0, b1, b2, b3 }, { c0, c1, c2, c3 } }

static const struct format_desc formats[] = {
   F(RGBA32_FLOAT, FLOAT, 32, 32, 32, 32, 0, 1, 2, 3),
   F(RGBA32_SINT, SINT, 32, 32, 32, 32, 0, 1, 2, 3),
   F(RGBA32_UINT, UINT, 32, 32, 32, 32, 0, 1, 2, 3),
   F(RGBX32_FLOAT, FLOAT, 32, 32, 32, 32, 0, 1, 2, X),
   F(RGBX32_SINT, SINT, 32, 32, 32, 32, 0, 1, 2, X),
   F(RGBX32_UINT, UINT, 32, 32, 32, 32, 0, 1, 2, X),
   F(RGBA16_UNORM, UNORM, 16, 16, 16, 16, 0, 1, 2, 3),
   F(RGBA16_SNORM, SNORM, 16, 16, 16, 16, 0, 1, 2, 3),
   F(RGBA16_SINT, SINT, 16, 16, 16, 16, 0, 1, 2, 3),
   F(RGBA16_UINT, UINT, 16, 16, 16, 16, 0, 1, 2, 3),
   F(RGBA16_FLOAT, FLOAT, 16, 16, 16, 16, 0, 1, 2, 3),
   F(RG32_FLOAT, FLOAT, 32, 32, 0, 0, 0, 1, X, X),
   F(RG32_SINT, SINT, 32, 32, 0, 0, 0, 1, X, X),
   F(RG32_UINT, UINT, 32, 32, 0, 0, 0, 1, X, X),
   F(RGBX16_FLOAT, FLOAT, 16, 16, 16, 16, 0, 1, 2, X),
   F(BGRA8_UNORM, UNORM, 8, 8, 8, 8, 2, 1, 0, 3),
   F(BGRA8_SRGB, SRGB, 8, 8, 8, 8, 2, 1, 0, 3),
   F(RGB10_A2_UNORM, UNORM, 10, 10, 10, 2, 0, 1, 2, 3),
   F(RGB10_A2_UINT, UINT, 10, 10, 10, 2, 0, 1, 2, 3),
   F(RGBA8_UNORM, UNORM, 8, 8, 8, 8, 0, 1, 2, 3),
   F(RGBA8_SRGB, SRGB, 8, 8, 8, 8, 0, 1, 2, 3),
   F(RGBA8_SNORM, SNORM, 8, 8, 8, 8, 0, 1, 2, 3),
   F(RGBA8_SINT, SINT, 8, 8, 8, 8, 0, 1, 2, 3),
   F(RGBA8_UINT, UINT, 8, 8, 8, 8, 0, 1, 2, 3),
   F(RG16_UNORM, UNORM, 16, 16, 0, 0, 0, 1, X, X),
   F(RG16_SNORM, SNORM, 16, 16, 0, 0, 0, 1, X, X),
   F(RG16_SINT, SINT, 16, 16, 0, 0, 0, 1, X, X),
   F(RG16_UINT, UINT, 16, 16, 0, 0, 0, 1, X, X),
   F(RG16_FLOAT, FLOAT, 16, 16, 0, 0, 0, 1, X, X),
   F(BGR10_A2_UNORM, UNORM, 10, 10, 10, 2, 2, 1, 0, 3),
   F(R11G11B10_FLOAT, FLOAT, 11, 11, 10, 0, 0, 1, 2, X),
   F(R32_SINT, SINT, 32, 0, 0, 0, 0, X, X, X),
   F(R32_UINT, UINT, 32, 0, 0, 0, 0, X, X, X),
   F(R32_FLOAT, FLOAT, 32, 0, 0, 0, 0, X, X, X),
   F(BGRX8_UNORM, UNORM, 8, 8, 8, 8, 2, 1, 0, X),
   F(BGRX8_SRGB, SRGB, 8, 8, 8, 8, 2, 1, 0, X),
   F(B5G6R5_UNORM, UNORM, 5, 6, 5, 0, 2, 1, 0, X),
   F(BGR5_A1_UNORM, UNORM, 5, 5, 5, 1, 2, 1, 0, 3),
   F(RG8_UNORM, UNORM, 8, 8, 0, 0, 0, 1, X, X),
   F(RG8_SNORM, SNORM, 8, 8, 0, 0, 0, 1, X, X),
   F(RG8_SINT, SINT, 8, 8, 0, 0, 0, 1, X, X),
   F(RG8_UINT, UINT, 8, 8, 0, 0, 0, 1, X, X),
   F(R16_UNORM, UNORM, 16, 0, 0, 0, 0, X, X, X),
   F(R16_SNORM, SNORM, 16, 0, 0, 0, 0, X, X, X),
   F(R16_SINT, SINT, 16, 0, 0, 0, 0, X, X, X),
   F(R16_UINT, UINT, 16, 0, 0, 0, 0, X, X, X),
   F(R16_FLOAT, FLOAT, 16, 0, 0, 0, 0, X, X, X),
   F(R8_UNORM, UNORM, 8, 0, 0, 0, 0, X, X, X),
   F(R8_SNORM, SNORM, 8, 0, 0, 0, 0, X, X, X),
   F(R8_SINT, SINT, 8, 0, 0, 0, 0, X, X, X),
   F(R8_UINT, UINT, 8, 0, 0, 0, 0, X, X, X),
   F(A8_UNORM, UNORM, 8, 0, 0, 0, 3, X, X, X),
   F(BGR5_X1_UNORM, UNORM, 5, 5, 5, 1, 2, 1, 0, X),
   F(RGBX8_UNORM, UNORM, 8, 8, 8, 8, 0, 1, 2, X),
   F(RGBX8_SRGB, SRGB, 8, 8, 8, 8, 0, 1, 2, X),
};

static const struct format_desc *
find_format(uint32_t format)
{
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
      if (formats[i].format == format)
         return &formats[i];
   return NULL;
}

unsigned
g80_surface_format_cpp(uint32_t format)
{
   const struct format_desc *d = find_format(format);
   if (!d)
      return 0;
   return (d->bits[0] + d->bits[1] + d->bits[2] + d->bits[3]) / 8;
}

/* Sets `bits` bits of px from bit `off` on to v (and of mask to 1 when
 * `own`), little-endian; a byte at a time. */
static void
put_bits(uint8_t *px, uint8_t *mask, unsigned off, unsigned bits, uint64_t v,
         bool own)
{
   for (unsigned b = off; b < off + bits;) {
      unsigned lo = b % 8;
      unsigned n = 8 - lo < off + bits - b ? 8 - lo : off + bits - b;
      uint8_t m = (uint8_t)(((1u << n) - 1) << lo);
      px[b / 8] = (uint8_t)((px[b / 8] & ~m) |
                            (((v >> (b - off)) << lo) & m));
      if (own)
         mask[b / 8] |= m;
      b += n;
   }
}

static float
as_float(uint32_t w)
{
   float f;
   memcpy(&f, &w, 4);
   return f;
}

static uint32_t
as_bits(float f)
{
   uint32_t w;
   memcpy(&w, &f, 4);
   return w;
}

static uint32_t
unorm(float f, unsigned bits)
{
   double max = (double)((1ull << bits) - 1);
   if (!(f > 0.0f))            /* also NaN */
      return 0;
   if (f >= 1.0f)
      return (uint32_t)max;
   return (uint32_t)floor(f * max + 0.5);
}

static uint32_t
snorm(float f, unsigned bits)
{
   double max = (double)((1ull << (bits - 1)) - 1);
   double v = f != f ? 0.0 : f < -1.0f ? -1.0 : f > 1.0f ? 1.0 : f;
   int64_t i = (int64_t)floor(v * max + 0.5);
   return (uint32_t)i & (uint32_t)((1ull << bits) - 1);
}

/* A float with a 5-bit exponent and `mbits` of mantissa, signed (half) or
 * not (the 11- and 10-bit floats of R11G11B10), rounded to nearest even
 * (GL 3.3 spec 2.1.2 "Unsigned 11-Bit/10-Bit Floating-Point Numbers":
 * negative values become 0). */
static uint32_t
small_float(float f, unsigned mbits, bool has_sign)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   uint32_t sign = u >> 31, exp = (u >> 23) & 0xff, man = u & 0x7fffff;
   const uint32_t inf = 0x1fu << mbits;
   if (exp == 0xff && man)
      return inf | 1u << (mbits - 1);             /* NaN */
   if (!has_sign && sign)
      return 0;
   uint32_t out_sign = has_sign ? sign << (5 + mbits) : 0;
   if (exp == 0xff)
      return out_sign | inf;
   int e = (int)exp - 127 + 15;
   if (e >= 31)
      return out_sign | inf;
   uint32_t r, rem, half;
   if (e <= 0) {
      if (!exp)
         return out_sign;                          /* float denormals */
      unsigned shift = 23 - mbits + 1 - e;
      if (shift >= 32)
         return out_sign;
      uint32_t m = man | 0x800000;
      r = m >> shift;
      rem = m & ((1u << shift) - 1);
      half = 1u << (shift - 1);
   } else {
      unsigned shift = 23 - mbits;
      r = (uint32_t)e << mbits | man >> shift;
      rem = man & ((1u << shift) - 1);
      half = 1u << (shift - 1);
   }
   if (rem > half || (rem == half && (r & 1)))
      r++;
   return out_sign | r;
}

float
g80_srgb_encode(float c)
{
   /* GL 3.3 spec 4.1.8 "sRGB Conversion" */
   if (!(c > 0.0f))
      return 0.0f;
   if (c >= 1.0f)
      return 1.0f;
   if (c < 0.0031308f)
      return 12.92f * c;
   return 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

float
g80_srgb_decode(float c)
{
   /* GL 3.3 spec 3.8.15 "sRGB Texture Color Conversion", which 4.1.8
    * applies to sRGB destination colours before blending */
   if (c <= 0.04045f)
      return c / 12.92f;
   return powf((c + 0.055f) / 1.055f, 2.4f);
}

static uint64_t
pack_comp(const struct format_desc *d, unsigned bits, unsigned comp,
          uint32_t w, bool srgb)
{
   switch (d->type) {
   case T_UNORM:
      return unorm(as_float(w), bits);
   case T_SRGB:
      return unorm(comp < 3 && srgb ? g80_srgb_encode(as_float(w)) :
                   as_float(w), bits);
   case T_SNORM:
      return snorm(as_float(w), bits);
   case T_UINT: {
      uint64_t max = (1ull << bits) - 1;
      return w > max ? max : w;
   }
   case T_SINT: {
      int64_t max = (int64_t)((1ull << (bits - 1)) - 1), min = -max - 1;
      int64_t v = (int32_t)w;
      v = v > max ? max : v < min ? min : v;
      return (uint64_t)v & ((1ull << bits) - 1);
   }
   case T_FLOAT:
   default:
      if (bits == 32)
         return w;
      if (bits == 16)
         return small_float(as_float(w), 10, true);
      return small_float(as_float(w), bits - 5, false);
   }
}

bool
g80_surface_format_pack(uint32_t format, const uint32_t color[4], bool srgb,
                        unsigned rgba_mask, uint8_t *px, uint8_t *mask)
{
   const struct format_desc *d = find_format(format);
   if (!d)
      return false;
   unsigned cpp = g80_surface_format_cpp(format);
   memset(px, 0, cpp);
   memset(mask, 0, cpp);
   unsigned off = 0;
   for (unsigned i = 0; i < 4 && d->bits[i]; i++) {
      int c = d->comp[i];
      if (c != X)
         put_bits(px, mask, off, d->bits[i],
                  pack_comp(d, d->bits[i], c, color[c], srgb),
                  rgba_mask & (1u << c));
      off += d->bits[i];
   }
   return true;
}

/* Zeta formats (g80-surface.rst "Zeta surface format"): where Z and S
 * are, in bits from bit 0; s_bits 0 for the formats without stencil.  The
 * coverage (C) formats are not modelled (CSAA). */
struct zeta_desc {
   uint32_t format;
   uint8_t cpp;
   uint8_t z_off, z_bits;
   bool z_float;
   uint8_t s_off, s_bits;
};

static const struct zeta_desc zetas[] = {
   { G80_ZETA_FORMAT_Z16_UNORM, 2, 0, 16, false, 0, 0 },
   { G80_ZETA_FORMAT_Z32_FLOAT, 4, 0, 32, true, 0, 0 },
   { G80_ZETA_FORMAT_Z24_X8_UNORM, 4, 0, 24, false, 0, 0 },
   { G80_ZETA_FORMAT_Z24_S8_UNORM, 4, 0, 24, false, 24, 8 },
   { G80_ZETA_FORMAT_S8_Z24_UNORM, 4, 8, 24, false, 0, 8 },
   { G80_ZETA_FORMAT_Z32_S8_X24_FLOAT, 8, 0, 32, true, 32, 8 },
};

static const struct zeta_desc *
find_zeta(uint32_t format)
{
   for (unsigned i = 0; i < sizeof(zetas) / sizeof(zetas[0]); i++)
      if (zetas[i].format == format)
         return &zetas[i];
   return NULL;
}

unsigned
g80_zeta_format_cpp(uint32_t format)
{
   const struct zeta_desc *d = find_zeta(format);
   return d ? d->cpp : 0;
}

bool
g80_zeta_format_layout(uint32_t format, struct g80_zeta_layout *l)
{
   const struct zeta_desc *d = find_zeta(format);
   if (!d)
      return false;
   *l = (struct g80_zeta_layout){ d->cpp, d->z_off, d->z_bits, d->z_float,
                                  d->s_off, d->s_bits };
   return true;
}

void
g80_zeta_format_pack(uint32_t format, float depth, uint8_t stencil,
                     bool write_z, bool write_s, uint8_t *px, uint8_t *mask)
{
   const struct zeta_desc *d = find_zeta(format);
   if (!d)
      return;
   memset(px, 0, d->cpp);
   memset(mask, 0, d->cpp);
   uint32_t z;
   if (d->z_float)
      memcpy(&z, &depth, 4);
   else
      z = unorm(depth, d->z_bits);
   put_bits(px, mask, d->z_off, d->z_bits, z, write_z);
   if (d->s_bits)
      put_bits(px, mask, d->s_off, d->s_bits, stencil, write_s);
}

/* ---- conversion (G80_2D) ---- */

static uint64_t
get_bits(const uint8_t *px, unsigned off, unsigned bits)
{
   uint64_t v = 0;
   for (unsigned b = off; b < off + bits;) {
      unsigned lo = b % 8;
      unsigned n = 8 - lo < off + bits - b ? 8 - lo : off + bits - b;
      v |= (uint64_t)((px[b / 8] >> lo) & ((1u << n) - 1)) << (b - off);
      b += n;
   }
   return v;
}

/* A float with a 5-bit exponent (bias 15) and mbits of mantissa, signed
 * when has_sign, as a float32 (GL 3.3 2.1.2 "16-Bit Floating-Point
 * Numbers", "Unsigned 11-Bit/10-Bit Floating-Point Numbers"). */
static float
small_float_value(uint32_t v, unsigned mbits, bool has_sign)
{
   uint32_t man = v & ((1u << mbits) - 1);
   uint32_t exp = (v >> mbits) & 0x1f;
   bool neg = has_sign && ((v >> (mbits + 5)) & 1);
   float f;
   if (exp == 0x1f)
      f = man ? NAN : INFINITY;
   else if (exp == 0)
      f = ldexpf((float)man, -14 - (int)mbits);
   else
      f = ldexpf((float)(man | 1u << mbits), (int)exp - 15 - (int)mbits);
   return neg ? -f : f;
}

static bool
is_integer(const struct format_desc *d)
{
   return d->type == T_UINT || d->type == T_SINT;
}

static int64_t
sign_extend(uint64_t v, unsigned bits)
{
   uint64_t sign = 1ull << (bits - 1);
   return (int64_t)((v ^ sign) - sign);
}

/* R, G, B, A of a pixel: float bits, or integers for integer formats. */
static void
unpack(const struct format_desc *d, const uint8_t *px, uint32_t color[4])
{
   bool integer = is_integer(d);
   color[0] = color[1] = color[2] = integer ? 0 : as_bits(0.0f);
   color[3] = integer ? 1 : as_bits(1.0f);
   unsigned off = 0;
   for (unsigned i = 0; i < 4 && d->bits[i]; i++) {
      unsigned bits = d->bits[i];
      int c = d->comp[i];
      uint64_t v = get_bits(px, off, bits);
      off += bits;
      if (c == X)
         continue;
      switch (d->type) {
      case T_UNORM:
      case T_SRGB:
         color[c] = as_bits((float)v / (float)((1ull << bits) - 1));
         break;
      case T_SNORM: {
         float f = (float)sign_extend(v, bits) /
                   (float)((1ull << (bits - 1)) - 1);
         color[c] = as_bits(f < -1.0f ? -1.0f : f);
         break;
      }
      case T_UINT:
         color[c] = (uint32_t)v;
         break;
      case T_SINT:
         color[c] = (uint32_t)(int32_t)sign_extend(v, bits);
         break;
      case T_FLOAT:
      default:
         if (bits == 32)
            color[c] = (uint32_t)v;
         else if (bits == 16)
            color[c] = as_bits(small_float_value((uint32_t)v, 10, true));
         else
            color[c] = as_bits(small_float_value((uint32_t)v, bits - 5,
                                                 false));
         break;
      }
   }
}

bool
g80_surface_format_can_convert(uint32_t src_format, uint32_t dst_format)
{
   const struct format_desc *s = find_format(src_format);
   const struct format_desc *d = find_format(dst_format);
   return s && d && is_integer(s) == is_integer(d);
}

bool
g80_surface_format_is_float(uint32_t format)
{
   const struct format_desc *d = find_format(format);
   return d && d->type == T_FLOAT;
}

bool
g80_surface_format_is_snorm(uint32_t format)
{
   const struct format_desc *d = find_format(format);
   return d && d->type == T_SNORM;
}

bool
g80_surface_format_is_srgb(uint32_t format)
{
   const struct format_desc *d = find_format(format);
   return d && d->type == T_SRGB;
}

bool
g80_surface_format_is_integer(uint32_t format)
{
   const struct format_desc *d = find_format(format);
   return d && is_integer(d);
}

bool
g80_surface_format_is_sint(uint32_t format)
{
   const struct format_desc *d = find_format(format);
   return d && d->type == T_SINT;
}

bool
g80_surface_format_convert(uint32_t src_format, const uint8_t *src,
                           uint32_t dst_format, uint8_t *dst)
{
   if (!g80_surface_format_can_convert(src_format, dst_format))
      return false;
   const struct format_desc *s = find_format(src_format);
   uint32_t color[4];
   uint8_t mask[16];
   unpack(s, src, color);
   return g80_surface_format_pack(dst_format, color, false, 0xf, dst, mask);
}
