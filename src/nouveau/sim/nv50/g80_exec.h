/*
 * The Tesla shader interpreter's arithmetic, shared by its files and its
 * unit tests: f32 arithmetic with the G80 rounding and denormal rules,
 * integer operations with their condition codes, conversions and the SFU.
 * Every function is pure (32-bit words in, words out).
 *
 * Facts (cited at each function): envytools docs hw/graph/tesla/cuda/
 * isa.rst ($c flags, predicates), float.rst, int.rst, trans.rst, and the
 * bit-exact models envytools' hwtest checks against the hardware
 * (hwtest/g80_fp.cc, g80_int.cc, g80_sfu.cc and the nvhw/fp.c, sfu.c they
 * call): read for their behaviour only; this is our own code.
 */
#ifndef G80_EXEC_H
#define G80_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* $c flags (isa.rst "condition code registers"): bit 0 Z, 1 S, 2 C, 3 O */
#define G80_CC_Z 0x1
#define G80_CC_S 0x2
#define G80_CC_C 0x4
#define G80_CC_O 0x8

/* The canonical NaN every f32 operation returns (nvhw FP32_CNAN). */
#define G80_F32_NAN 0x7fffffffu
#define G80_F16_NAN 0x7fffu

/* Rounding modes as the RND fields hold them (g80.xml enum RND). */
enum g80_rnd {
   G80_RND_RN = 0,
   G80_RND_RM = 1,
   G80_RND_RP = 2,
   G80_RND_RZ = 3,
};

/* Comparison outcome (set's condition bits: l 1, e 2, g 4, u 8). */
enum g80_cmp {
   G80_CMP_LT = 1,
   G80_CMP_EQ = 2,
   G80_CMP_GT = 4,
   G80_CMP_UN = 8,
};

/* Whether predicate `cond` (enum NVISA_G80_COND_*) holds for flags cc. */
bool g80_cond_test(unsigned cond, unsigned cc);

/* ---- f32 (g80_exec_alu.c) ---- */
uint32_t g80_f32_add(uint32_t a, uint32_t b, enum g80_rnd rnd);
uint32_t g80_f32_mul(uint32_t a, uint32_t b, enum g80_rnd rnd);
uint32_t g80_f32_mad(uint32_t a, uint32_t b, uint32_t c);
uint32_t g80_f32_minmax(uint32_t a, uint32_t b, bool min);
enum g80_cmp g80_f32_cmp(uint32_t a, uint32_t b);
uint32_t g80_f32_sat(uint32_t x);
uint32_t g80_f32_rint(uint32_t x, enum g80_rnd rnd);
/* The flags a float result leaves in $c: Z for 0 or NaN, S for negative
 * or NaN (isa.rst). */
unsigned g80_f32_cc(uint32_t x);
uint32_t g80_f16_to_f32(uint16_t h);
/* A host double rounded to f32 with rnd, flushed like every result. */
uint32_t g80_f32_from_double(double d, enum g80_rnd rnd);
uint16_t g80_f32_to_f16(uint32_t x, enum g80_rnd rnd, bool rint);

/* ---- integers (g80_exec_alu.c) ---- */
/* add, sub (s1 - s2), subr (s2 - s1), addc (+ C of cc_in): op 0..3 */
uint32_t g80_int_add(bool b32, unsigned op, bool sat, uint32_t s1,
                     uint32_t s2, unsigned cc_in, unsigned *cc);
uint32_t g80_int_mul16(uint32_t s1, uint32_t s2, bool signed1, bool signed2);
uint32_t g80_int_mul24(uint32_t s1, uint32_t s2, bool is_signed, bool high);
unsigned g80_int_cc(uint32_t v, bool b32);

/* ---- conversions (g80_exec_alu.c): the cvt modifiers ---- */
struct g80_cvt {
   bool src32, src8, ssigned, dst32, dsigned, dst8, sat, rint, abs, neg;
   enum g80_rnd rnd;
};
uint32_t g80_cvt_i2i(const struct g80_cvt *c, uint32_t s, unsigned *cc);
uint32_t g80_cvt_i2f(const struct g80_cvt *c, uint32_t s, unsigned *cc);
uint32_t g80_cvt_f2i(const struct g80_cvt *c, uint32_t s, unsigned *cc);
uint32_t g80_cvt_f2f(const struct g80_cvt *c, uint32_t s, unsigned *cc);
/* The G200 forms with WIDE: src32/dst32 mean 64 bits, else 32. */
enum { G80_CVT_I2F, G80_CVT_F2I, G80_CVT_F2F };
uint64_t g80_cvt_wide(unsigned kind, const struct g80_cvt *c, uint64_t s,
                      unsigned *cc);

/* ---- the SFU (g80_exec_sfu.c) ---- */
uint32_t g80_sfu_presin(uint32_t x);
uint32_t g80_sfu_preex2(uint32_t x);
uint32_t g80_sfu_rcp(uint32_t x);
uint32_t g80_sfu_rsq(uint32_t x);
uint32_t g80_sfu_lg2(uint32_t x);
uint32_t g80_sfu_sincos(uint32_t x, bool cos);
uint32_t g80_sfu_ex2(uint32_t x);

/* ---- f64 (G200 only, g80_exec_alu.c) ---- */
uint64_t g80_f64_add(uint64_t a, uint64_t b, enum g80_rnd rnd);
uint64_t g80_f64_mul(uint64_t a, uint64_t b, enum g80_rnd rnd);
uint64_t g80_f64_fma(uint64_t a, uint64_t b, uint64_t c, enum g80_rnd rnd);
uint64_t g80_f64_minmax(uint64_t a, uint64_t b, bool min);
enum g80_cmp g80_f64_cmp(uint64_t a, uint64_t b);

#ifdef __cplusplus
}
#endif

#endif
