/*
 * Internals of the NV40 fragment program interpreters (not for other
 * layers): the reference interpreter's decoded instruction
 * (nv40_fp_exec.c) and the fast path's compact form, made from it once
 * per prepared program (nv40_fp_decode.c) and run a quad at a time
 * (nv40_fp_quad.c).
 */
#ifndef NV40_FP_PRIV_H
#define NV40_FP_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "nv40_shader_exec.h"

#define NVSIM_FP_REG_SLOTS 64      /* the 6-bit field can name R0-R63 */

/* A decoded instruction as the reference interpreter runs it. */
struct nvsim_nv40_fp_op {
   struct nvisa_nv40_fp_insn insn;
   float imm[4];
   uint8_t plain_src;        /* bit s: source s is a temp read as is */
   uint8_t plain_input;      /* bit s: source s is the input read as is */
   bool plain_dst;           /* result written as is (no scale, precision,
                              * saturation, condition or CC update) */
   unsigned target;          /* op index: IF else part, CAL subroutine */
   unsigned end;             /* op index: IF endif, LOOP/REP end */
};

/* The reference's arithmetic of one fragment (exec_alu): false for an
 * opcode it does not know.  The fast path calls it for the ops it does
 * not compute itself, so that both give the same bits by construction. */
bool nvsim_nv40_fp_alu(unsigned op, const float s0[4], const float s1[4],
                       const float s2[4], float r[4]);

/* The reference's rounding of a result to the op's precision (quantize). */
float nvsim_nv40_fp_quantize(float v, uint8_t precision);

/* The result multiplier of each enum nvisa_nv40_fp_scale value. */
extern const float nvsim_nv40_fp_scale_factor[8];

/* ---- the fast path's compact form ---- */

enum nvsim_fp_fsrc_kind {
   FSRC_R32,      /* an fp32 R register: comp[c] is the component read */
   FSRC_H16,      /* an fp16 H register: comp[c] the word of R(slot)
                   * holding it, shift[c] 0 or 16 */
   FSRC_INPUT,    /* the instruction's input, comp[c] its component */
   FSRC_CONST,    /* k: the inline constant (or 0 for other files),
                   * swizzled, abs and neg applied */
};

struct nvsim_fp_fsrc {
   uint8_t kind;
   uint8_t slot;
   uint8_t input;
   bool identity;            /* comp[c] == c, no abs, no neg */
   bool mods;                /* abs or neg (not FSRC_CONST: in k) */
   uint8_t comp[4];
   uint8_t shift[4];
   uint32_t abs_and;         /* 0x7fffffff with abs, else all ones */
   uint32_t neg_xor;         /* 0x80000000 with neg, else 0 */
   float k[4];
};

enum nvsim_fp_fop_kind {
   FOP_NOP,
   FOP_ALU,                  /* computed in nv40_fp_quad.c */
   FOP_ALU_REF,              /* each fragment by nvsim_nv40_fp_alu */
   FOP_TEX,
   FOP_DERIV,                /* DDX, DDY */
   FOP_KIL,
};

/* One instruction, everything the run needs resolved. */
struct nvsim_fp_fop {
   uint8_t kind;             /* enum nvsim_fp_fop_kind */
   uint8_t op;               /* enum nvisa_nv40_fp_op */
   uint8_t srcs;             /* bit s: source s is read */
   bool nan_check;           /* FOP_ALU: a NaN result is the reference's
                              * to compute (nv40_fp_quad.c) */
   struct nvsim_fp_fsrc src[3];
   /* destination */
   bool plain;               /* an R register, the result as is */
   bool out_none;
   bool out_half;
   uint8_t slot;             /* R(slot), or the R holding H(out_reg) */
   uint8_t hbase;            /* H: its first word in R(slot), 0 or 2 */
   uint8_t mask;             /* NVISA_MASK_* */
   uint8_t precision;
   bool sat;
   bool scaled;
   float scale;
   uint8_t cond;             /* enum nvisa_cond; TR: unconditional */
   uint8_t cc_swz[4];
   bool cc_update;
   uint8_t tex_unit;
};

struct nvsim_fp_fast {
   struct nvsim_fp_fop *ops;
   unsigned num_ops;
   uint32_t inputs;          /* bit i: some FSRC_INPUT reads input i */
};

/* Builds prog->fast from prog->ops, or leaves it NULL where the fast
 * path does not serve the program (flow control: the reference runs it).
 * Returns -1 only when out of memory. */
int nvsim_nv40_fp_build_fast(struct nvsim_nv40_fp_prog *prog);

void nvsim_nv40_fp_free_fast(struct nvsim_nv40_fp_prog *prog);

#endif
