/*
 * The few float helpers the rasterizer and the class models need, inline,
 * so that libnvsim does not depend on libm (its users link it without).
 */
#ifndef NVSIM_RASTER_MATH_H
#define NVSIM_RASTER_MATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline float
nvsim_minf(float a, float b)
{
   return a < b ? a : b;
}

static inline float
nvsim_maxf(float a, float b)
{
   return a > b ? a : b;
}

/* Rounds to the nearest integer, halves away from zero; |v| < 2^62. */
static inline int64_t
nvsim_round(double v)
{
   return v >= 0 ? (int64_t)(v + 0.5) : -(int64_t)(-v + 0.5);
}

static inline int64_t
nvsim_floor(double v)
{
   int64_t i = (int64_t)v;
   /* -Inf and values below -2^63 convert to INT64_MIN on x86-64, whose
    * i - 1 would overflow: wrapped in unsigned, the value the machine
    * gave (INT64_MAX), without the undefined behaviour */
   return (double)i > v ? (int64_t)((uint64_t)i - 1) : i;
}

static inline int64_t
nvsim_ceil(double v)
{
   int64_t i = (int64_t)v;
   return (double)i < v ? i + 1 : i;
}

static inline float
nvsim_u2f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static inline uint32_t
nvsim_f2u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* IEEE half -> float (exact). */
static inline float
nvsim_raster_half_to_float(uint16_t h)
{
   uint32_t s = (uint32_t)(h >> 15) << 31;
   uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
   if (e == 0) {
      /* zero or denormal: m * 2^-24 */
      float v = (float)m * (1.0f / 16777216.0f);
      return s ? -v : v;
   }
   if (e == 31)
      return nvsim_u2f(s | 0x7f800000u | (m << 13));
   return nvsim_u2f(s | ((e + 112) << 23) | (m << 13));
}

/* An unsigned float of 5 exponent bits (bias 15) and mbits of mantissa
 * -> float (exact): GL 3.3 2.1.3 / 2.1.4, "Unsigned 11-Bit / 10-Bit
 * Floating-Point Numbers" (EXT_packed_float): exponent 0 denormal,
 * m * 2^(-14 - mbits); 31 infinity or NaN. */
static inline float
nvsim_raster_ufloat_to_float(uint32_t v, unsigned mbits)
{
   uint32_t e = (v >> mbits) & 0x1f, m = v & ((1u << mbits) - 1);
   if (e == 31)
      return nvsim_u2f(0x7f800000u | (m << (23 - mbits)));
   if (e == 0)
      return ldexpf((float)m, -14 - (int)mbits);
   return ldexpf(1.0f + (float)m / (float)(1u << mbits), (int)e - 15);
}

/* float -> IEEE half, round to nearest even. */
static inline uint16_t
nvsim_raster_float_to_half(float f)
{
   uint32_t x = nvsim_f2u(f);
   uint16_t sign = (x >> 16) & 0x8000;
   uint32_t e = (x >> 23) & 0xff, m = x & 0x7fffff;
   if (e == 0xff)
      return sign | 0x7c00 | (m ? 0x200 : 0);
   int32_t he = (int32_t)e - 127 + 15;
   if (he >= 31)
      return sign | 0x7c00;
   if (he <= 0) {
      if (he < -10)
         return sign;
      m |= 0x800000;
      unsigned shift = (unsigned)(14 - he);
      uint32_t hm = m >> shift, rem = m & ((1u << shift) - 1);
      uint32_t half = 1u << (shift - 1);
      if (rem > half || (rem == half && (hm & 1)))
         hm++;
      return sign | (uint16_t)hm;
   }
   uint32_t hm = m >> 13, rem = m & 0x1fff;
   uint32_t v = ((uint32_t)he << 10) | hm;
   if (rem > 0x1000 || (rem == 0x1000 && (hm & 1)))
      v++;   /* may carry into the exponent: still correct, up to inf */
   return sign | (uint16_t)v;
}

#endif
