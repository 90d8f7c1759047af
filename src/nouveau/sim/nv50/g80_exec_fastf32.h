/*
 * f32 add, mul, mad, sat and the $c flags of a float for the Tesla
 * interpreter's fast path (g80_exec_fast.c), equal bit for bit to the
 * reference functions of g80_exec_alu.c they fall back on
 * (g80_exec_fast_test checks them against each other on random and
 * special operands).
 */
#ifndef G80_EXEC_FASTF32_H
#define G80_EXEC_FASTF32_H

#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "g80_exec.h"
#include "../raster/nvsim_raster_math.h"   /* nvsim_u2f, nvsim_f2u */

/* Host float arithmetic rounds once to float only when it evaluates in
 * float (not in x87 extended precision, which would round twice). */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
#define G80_HOST_F32 true
#else
#define G80_HOST_F32 false
#endif

/* The reference functions (g80_exec_alu.c) round the exact result once;
 * so does an IEEE host in round-to-nearest for operands and results of
 * the normal range.  Outside it the G80 differs (denormal inputs are
 * zero, results below the normal range flush, every NaN is 0x7fffffff,
 * mad's zero operands), and so does a host with flush-to-zero or
 * denormals-are-zero set: there the reference functions run.  A result
 * of exponent 1 is left to them as well: a host rounds below 2^-126 at
 * the denormal position, the G80 at 24 bits before flushing, and the two
 * can meet at 2^-126 differently. */

static inline bool
f32_normal(uint32_t x)
{
   return ((x >> 23 & 0xff) - 1) < 0xfe;      /* exponent 1..254 */
}

static inline bool
f32_safe_result(uint32_t x)
{
   return ((x >> 23 & 0xff) - 2) < 0xfd;      /* exponent 2..254 */
}

static inline unsigned
f32_exp(uint32_t x)
{
   return x >> 23 & 0xff;
}

/* Zero and denormal operands are zeros of their sign (g80_f32_add):
 * 0 + b is b, exact, in any mode; two zeros are -0 only when both are
 * negative. */
static inline uint32_t
fast_add(bool host_rn, uint32_t a, uint32_t b, enum g80_rnd rnd)
{
   if (!f32_exp(a) && f32_exp(b) != 0xff)
      return f32_exp(b) ? b : (a & b & 0x80000000u);
   if (!f32_exp(b) && f32_exp(a) != 0xff)
      return a;
   if (G80_HOST_F32 && host_rn && rnd == G80_RND_RN && f32_normal(a) &&
       f32_normal(b)) {
      uint32_t r = nvsim_f2u(nvsim_u2f(a) + nvsim_u2f(b));
      if (f32_safe_result(r))
         return r;
   }
   return g80_f32_add(a, b, rnd);
}

/* a zero (or denormal) times a finite value: a zero of the product's
 * sign (g80_f32_mul; zero times Inf or NaN is NaN, left to it) */
static inline uint32_t
fast_mul(bool host_rn, uint32_t a, uint32_t b, enum g80_rnd rnd)
{
   if ((!f32_exp(a) && f32_exp(b) != 0xff) ||
       (!f32_exp(b) && f32_exp(a) != 0xff))
      return (a ^ b) & 0x80000000u;
   if (G80_HOST_F32 && host_rn && rnd == G80_RND_RN && f32_normal(a) &&
       f32_normal(b)) {
      uint32_t r = nvsim_f2u(nvsim_u2f(a) * nvsim_u2f(b));
      if (f32_safe_result(r))
         return r;
   }
   return g80_f32_mul(a, b, rnd);
}

/* mad (nvhw fp32_mad, g80_f32_mad): the product truncated to 24
 * significant bits, then one rounding of the sum.  The product of two
 * 24-bit significands is exact in a double; clearing the double's low
 * 29 fraction bits is that truncation (sign and magnitude); in the
 * float range it converts exactly, and the float add rounds the exact
 * sum once. */
static inline uint32_t
fast_mad(bool host_rn, uint32_t a, uint32_t b, uint32_t c)
{
   if (G80_HOST_F32 && host_rn && f32_normal(a) && f32_normal(b) &&
       f32_normal(c)) {
      double p = (double)nvsim_u2f(a) * (double)nvsim_u2f(b);
      uint64_t pb;
      memcpy(&pb, &p, 8);
      pb &= ~((1ull << 29) - 1);
      unsigned e = (pb >> 52 & 0x7ff) - 1023 + 127;
      if (e - 1 < 0xfe) {
         memcpy(&p, &pb, 8);
         uint32_t r = nvsim_f2u((float)p + nvsim_u2f(c));
         if (f32_safe_result(r))
            return r;
      }
   }
   /* a zero operand and nothing infinite or NaN: mul then add, both
    * rounded to nearest (g80_f32_mad) */
   if ((!f32_exp(a) || !f32_exp(b) || !f32_exp(c)) && f32_exp(a) != 0xff &&
       f32_exp(b) != 0xff && f32_exp(c) != 0xff)
      return fast_add(host_rn, fast_mul(host_rn, a, b, G80_RND_RN), c,
                      G80_RND_RN);
   return g80_f32_mad(a, b, c);
}

/* g80_f32_sat and g80_f32_cc, inline */
static inline uint32_t
fast_sat(uint32_t x)
{
   if ((x & 0x7fffffff) > 0x7f800000)
      return G80_F32_NAN;
   if (x >> 31)
      return 0;
   return x >= 0x3f800000 ? 0x3f800000 : x;
}

static inline unsigned
fast_f32_cc(uint32_t x)
{
   uint32_t m = x & 0x7fffffff;
   if (m > 0x7f800000)
      return G80_CC_Z | G80_CC_S;     /* NaN */
   if (m < 0x00800000)
      return G80_CC_Z;                /* zero or a denormal (flushed) */
   return x >> 31 ? G80_CC_S : 0;
}

#endif
