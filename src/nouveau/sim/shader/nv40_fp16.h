/*
 * fp16 (NV_half_float "s.e5.m10", IEEE 754 binary16) by integer
 * operations on the fp32 bits, for the fragment program fast path
 * (nv40_fp_quad.c).  Each gives the very bits of the reference
 * conversions of nv40_shader_util.c (nvsim_float_to_half,
 * nvsim_half_to_float; round to nearest even, overflow to infinity, a NaN
 * keeps its sign and the top 9 bits of its payload and becomes quiet);
 * tests/nv40_fp_fast_test.c compares them on every half and on the fp32
 * values around each rounding and range boundary.  Written without
 * branches that depend on the value so that loops over a quad vectorise.
 */
#ifndef NV40_FP16_H
#define NV40_FP16_H

#include <stdint.h>
#include <string.h>

#include "../raster/nvsim_raster_math.h"   /* nvsim_u2f, nvsim_f2u */

/* binary16 h (low 16 bits) -> the bits of the fp32 of the same value. */
static inline uint32_t
fp16_to_fp32_bits(uint32_t h)
{
   uint32_t sign = (h & 0x8000u) << 16;
   uint32_t em = h & 0x7fffu;
   /* exponent 0x1f: infinity or NaN, the payload moved up */
   uint32_t infnan = (em << 13) | 0x7f800000u;
   /* normal: rebias the exponent from 15 to 127 */
   uint32_t normal = (em << 13) + ((127u - 15u) << 23);
   /* zero and subnormals: em * 2^-24, exact in fp32 */
   uint32_t sub = nvsim_f2u((float)(int32_t)em * 0x1p-24f);
   return sign | (em >= 0x7c00u ? infnan : em >= 0x400u ? normal : sub);
}

/* The bits of fp32 x -> binary16. */
static inline uint32_t
fp16_from_fp32_bits(uint32_t x)
{
   uint32_t sign = (x >> 16) & 0x8000u;
   uint32_t a = x & 0x7fffffffu;
   uint32_t nan = 0x7e00u | ((a & 0x7fffffu) >> 13);
   /* a normal half (fp32 exponent >= 113): rebias, round at bit 13 to
    * nearest even; a carry may reach the exponent, up to infinity */
   uint32_t normal = (a - 0x38000000u + 0xfffu + ((a >> 13) & 1u)) >> 13;
   /* below 2^-14: a multiple of 2^-24, rounded to nearest even by the
    * float addition at 2^23 (whose ulp is 1); other values are not
    * converted (out of an unsigned's range) */
   float t = nvsim_u2f(a < 0x38800000u ? a : 0) * 0x1p24f;
   uint32_t sub = (uint32_t)((t + 0x1p23f) - 0x1p23f);
   uint32_t h = a > 0x7f800000u ? nan :
                a >= 0x47800000u ? 0x7c00u :
                a >= 0x38800000u ? normal :
                sub;
   return sign | h;
}

/* The bits of fp32 x rounded to fp16 and back (fp16 precision, an H
 * register's condition code), without the 16-bit form. */
static inline uint32_t
fp16_round_fp32_bits(uint32_t x)
{
   uint32_t sign = x & 0x80000000u;
   uint32_t a = x & 0x7fffffffu;
   uint32_t nan = (a & 0xffffe000u) | 0x400000u;
   uint32_t normal = (a + 0xfffu + ((a >> 13) & 1u)) & 0xffffe000u;
   float t = nvsim_u2f(a < 0x38800000u ? a : 0) * 0x1p24f;
   float sub = ((t + 0x1p23f) - 0x1p23f) * 0x1p-24f;
   uint32_t r = a > 0x7f800000u ? nan :
                a >= 0x38800000u ? (normal >= 0x47800000u ? 0x7f800000u
                                                          : normal) :
                nvsim_f2u(sub);
   return sign | r;
}

/* ---- the same on four values at once (GCC/Clang vector extensions,
 * SSE2 on x86-64): lane i of each result is the scalar function of lane
 * i, bit for bit (tests/nv40_fp_fast_test.c). ---- */

typedef float fp16_f4 __attribute__((vector_size(16)));
typedef int32_t fp16_i4 __attribute__((vector_size(16)));
typedef uint32_t fp16_u4 __attribute__((vector_size(16)));

/* a where m is all ones, else b */
static inline fp16_i4
fp16_select(fp16_i4 m, fp16_i4 a, fp16_i4 b)
{
   return (a & m) | (b & ~m);
}

/* fp16_to_fp32_bits of each lane's low 16 bits (the rest must be 0). */
static inline fp16_i4
fp16v_to_fp32_bits(fp16_i4 h)
{
   fp16_i4 sign = (fp16_i4)(((fp16_u4)h & 0x8000u) << 16);
   fp16_i4 em = h & 0x7fff;
   fp16_i4 infnan = (em << 13) | 0x7f800000;
   fp16_i4 normal = (em << 13) + ((127 - 15) << 23);
   fp16_f4 subf = __builtin_convertvector(em, fp16_f4) * 0x1p-24f;
   fp16_i4 sub = (fp16_i4)subf;
   fp16_i4 r = fp16_select(em >= 0x7c00, infnan,
                           fp16_select(em >= 0x400, normal, sub));
   return sign | r;
}

/* fp16_from_fp32_bits of each lane. */
static inline fp16_i4
fp16v_from_fp32_bits(fp16_i4 x)
{
   fp16_i4 sign = (x >> 16) & 0x8000;
   fp16_i4 a = x & 0x7fffffff;
   fp16_i4 nan = 0x7e00 | ((a & 0x7fffff) >> 13);
   fp16_u4 ua = (fp16_u4)a;
   fp16_i4 normal = (fp16_i4)((ua - 0x38000000u + 0xfffu + ((ua >> 13) & 1u)) >>
                              13);
   fp16_i4 small = a < 0x38800000;
   fp16_f4 t = (fp16_f4)(a & small) * 0x1p24f;
   fp16_i4 sub = __builtin_convertvector((t + 0x1p23f) - 0x1p23f, fp16_i4);
   fp16_i4 h = fp16_select(a > 0x7f800000, nan,
               fp16_select(a >= 0x47800000, (fp16_i4){ 0x7c00, 0x7c00,
                                                       0x7c00, 0x7c00 },
               fp16_select(small, sub, normal)));
   return sign | h;
}

/* fp16_round_fp32_bits of each lane. */
static inline fp16_i4
fp16v_round_fp32_bits(fp16_i4 x)
{
   fp16_i4 sign = x & (int32_t)0x80000000u;
   fp16_i4 a = x & 0x7fffffff;
   fp16_i4 nan = (a & (int32_t)0xffffe000u) | 0x400000;
   /* (unsigned: a NaN's sum, not used, may pass 2^31) */
   fp16_i4 normal = (fp16_i4)(((fp16_u4)a + 0xfffu + ((fp16_u4)a >> 13 & 1u)) &
                              0xffffe000u);
   fp16_i4 small = a < 0x38800000;
   fp16_f4 t = (fp16_f4)(a & small) * 0x1p24f;
   fp16_i4 sub = (fp16_i4)(((t + 0x1p23f) - 0x1p23f) * 0x1p-24f);
   fp16_i4 r = fp16_select(a > 0x7f800000, nan,
               fp16_select(small, sub,
               fp16_select(normal >= 0x47800000, (fp16_i4){ 0x7f800000,
                                    0x7f800000, 0x7f800000, 0x7f800000 },
                           normal)));
   return sign | r;
}

#endif
