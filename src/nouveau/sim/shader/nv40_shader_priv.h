/*
 * Internals shared by the NV40 shader interpreters (not for other layers).
 */
#ifndef NV40_SHADER_PRIV_H
#define NV40_SHADER_PRIV_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "nvisa_common.h"
#include "nvisa_nv40_vp.h"

/* A decoded vertex program instruction as the interpreter runs it
 * (nv40_vp_exec.c): curie's fields, filled from curie's encoding, or from
 * rankine's by nvsim_nv30_vp_prepare (nv30_vp_decode.c). */
struct nvsim_nv40_vp_op {
   struct nvisa_nv40_vp_insn insn;
   bool valid;        /* both opcodes known */
   uint8_t srcs;      /* sources either op reads (bit i: source i) */
   /* output write mask of the vector [0] and the scalar [1] result in
    * insn.out (curie: one of them, rankine: both may write) */
   uint8_t out_mask[2];
   /* rankine: 1 + n when the output is user clip distance CLPn, whose .x
    * goes to the interpreter's clip slot FOGC.yzw / PSZ.yzw */
   uint8_t clip;
};

#define NVSIM_SHADER_ERR_PC      (-1)
#define NVSIM_SHADER_ERR_OPCODE  (-2)
#define NVSIM_SHADER_ERR_STACK   (-3)
#define NVSIM_SHADER_ERR_STEPS   (-4)
#define NVSIM_SHADER_ERR_NOPROG  (-5)

/* Condition code of one component: LT/EQ/GT bits as in enum nvisa_cond,
 * 0 = unordered (NaN).  NV_vertex_program2 / NV_fragment_program: "LT" if
 * negative, "EQ" if zero, "GT" if positive, "UN" if NaN. */
static inline uint8_t
nvsim_cc_code(float v)
{
   if (v < 0.0f)
      return NVISA_COND_LT;
   if (v > 0.0f)
      return NVISA_COND_GT;
   if (v == 0.0f)
      return NVISA_COND_EQ;
   return 0;
}

/* A test passes if its bit for the code is set; unordered codes pass only
 * NE and TR (NV_vertex_program2, "ccMaskRule"). */
static inline bool
nvsim_cc_test(uint8_t cond, uint8_t code)
{
   if (!code)
      return cond == NVISA_COND_NE || cond == NVISA_COND_TR;
   return (cond & code) != 0;
}

static inline float
nvsim_sat(float v)
{
   /* NaN saturates to 0 (NV_fragment_program, "clamped to [0,1]";
    * the comparisons below send NaN to the first branch). */
   if (!(v > 0.0f))
      return 0.0f;
   return v > 1.0f ? 1.0f : v;
}

#endif
