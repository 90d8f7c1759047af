/*
 * The Tesla SFU: presin/preex2 and rcp, rsqrt, lg2, sin, cos, ex2
 * (envytools trans.rst: sin/cos and ex2 take an argument prepared by
 * pre).
 *
 * The pre-ops are modelled bit for bit after the behaviour of hwtest's
 * model (nvhw/sfu.c sfu_pre): the result is sign | a 7.23 fixed-point
 * magnitude; presin first multiplies by 2/pi to 24 bits (0xa2f983 / 2^24)
 * and keeps the angle modulo 4 quarter turns (25 bits), preex2 saturates
 * at 2^7 to the Inf marker 0x40800000; NaN becomes 0x40000000; denormals
 * are zero.
 *
 * The functions themselves: the hardware interpolates quadratically in
 * tables (nvhw/sfu_tab.c) that nvsim does not carry.  nvsim computes the
 * function in double precision and rounds (rcp, rsqrt, lg2, ex2 to
 * nearest; sin/cos toward zero, as the model's last step does), with the
 * model's special values (below) exact.  The difference from the
 * hardware is inside the accuracy NVIDIA documents for these units (PTX
 * ISA, rcp.approx.f32 / rsqrt / lg2 / ex2 / sin / cos .approx: at most
 * about 1 ulp for rcp and rsqrt, 2 ulp for ex2, absolute 2^-22 for lg2
 * and 2^-20.5 for sin/cos); the unit tests check those bounds.
 */
#include <math.h>

#include "g80_exec.h"

/* pi / 2: sin takes quarter turns */
#define HALF_PI 1.57079632679489661923

#define F32_SIGN 0x80000000u
#define PRE_NAN 0x40000000u
#define PRE_INF 0x40800000u

static bool
is_nan(uint32_t x)
{
   return (x >> 23 & 0xff) == 0xff && (x & 0x7fffff);
}

static bool
is_inf(uint32_t x)
{
   return (x & 0x7fffffff) == 0x7f800000;
}

/* 0 (or a flushed denormal) */
static bool
is_zero(uint32_t x)
{
   return !(x >> 23 & 0xff);
}

/* The 24-bit significand and unbiased exponent of a normal x. */
static uint32_t
sfu_significand(uint32_t x, int *e)
{
   *e = (int)(x >> 23 & 0xff) - 127;
   return (x & 0x7fffff) | 0x800000;
}

uint32_t
g80_sfu_presin(uint32_t x)
{
   uint32_t sign = x & F32_SIGN;
   if (is_nan(x))
      return sign | PRE_NAN;
   if (is_inf(x))
      return sign | PRE_INF;
   if (is_zero(x))
      return sign;
   int e;
   uint64_t m = sfu_significand(x, &e);
   /* x * 2/pi as a 1.31 number times 2^(e - 8), then 7.23 */
   m = m * 0xa2f983 >> 16;
   e -= 8;
   uint32_t f;
   if (e >= 32)
      f = 0;
   else if (e >= 0)
      f = (uint32_t)(m << e);
   else
      f = -e >= 64 ? 0 : (uint32_t)(m >> -e);
   return sign | (f & 0x1ffffff);
}

uint32_t
g80_sfu_preex2(uint32_t x)
{
   uint32_t sign = x & F32_SIGN;
   if (is_nan(x))
      return sign | PRE_NAN;
   if (is_inf(x))
      return sign | PRE_INF;
   if (is_zero(x))
      return sign;
   int e;
   uint32_t m = sfu_significand(x, &e);
   if (e >= 7)
      return sign | PRE_INF;    /* |x| >= 128: overflows either way */
   return sign | (e >= 0 ? m << e : (-e >= 32 ? 0 : m >> -e));
}

uint32_t
g80_sfu_rcp(uint32_t x)
{
   uint32_t sign = x & F32_SIGN;
   if (is_nan(x))
      return G80_F32_NAN;
   if (is_inf(x))
      return sign;
   if (is_zero(x))
      return sign | 0x7f800000;
   int e;
   double m = sfu_significand(x, &e);
   return g80_f32_from_double(sign ? -1.0 / ldexp(m, e - 23) :
                              1.0 / ldexp(m, e - 23), G80_RND_RN);
}

uint32_t
g80_sfu_rsq(uint32_t x)
{
   uint32_t sign = x & F32_SIGN;
   if (is_nan(x))
      return G80_F32_NAN;
   if (is_zero(x))
      return sign | 0x7f800000;   /* rsqrt(-0) = -inf */
   if (sign)
      return G80_F32_NAN;
   if (is_inf(x))
      return 0;
   int e;
   double m = sfu_significand(x, &e);
   return g80_f32_from_double(1.0 / sqrt(ldexp(m, e - 23)), G80_RND_RN);
}

uint32_t
g80_sfu_lg2(uint32_t x)
{
   if (is_nan(x))
      return G80_F32_NAN;
   if (is_zero(x))
      return 0xff800000;          /* -inf, for either zero */
   if (x & F32_SIGN)
      return G80_F32_NAN;
   if (is_inf(x))
      return x;
   if (x == 0x3f800000)
      return 0;                   /* exactly 0 (the model's special case) */
   int e;
   double m = sfu_significand(x, &e);
   return g80_f32_from_double(log2(ldexp(m, e - 23)), G80_RND_RN);
}

uint32_t
g80_sfu_sincos(uint32_t x, bool cos)
{
   unsigned q = x >> 23 & 0xff;
   uint32_t f = x & 0x7fffff;
   bool neg = x >> 31;
   if (q & 0x80)
      return G80_F32_NAN;         /* NaN and Inf markers */
   if (cos) {
      /* cos(t) = sin(t + 1 quarter), even */
      q++;
      neg = false;
   }
   /* the quadrant: odd ones run the fraction backwards, the upper two
    * negate */
   double frac = (q & 1) ? (double)(0x800000 - f) / 0x800000 :
                           (double)f / 0x800000;
   if (q >> 1 & 1)
      neg = !neg;
   double r = sin(frac * HALF_PI);
   return g80_f32_from_double(neg ? -r : r, G80_RND_RZ);
}

uint32_t
g80_sfu_ex2(uint32_t x)
{
   bool neg = x >> 31;
   unsigned e = x >> 23 & 0xff;
   if (e & 0x80) {
      if (e & 1)
         return neg ? 0 : 0x7f800000;   /* the Inf marker */
      return G80_F32_NAN;
   }
   double v = ldexp((double)(x & 0x3fffffff), -23);
   return g80_f32_from_double(exp2(neg ? -v : v), G80_RND_RN);
}
