/*
 * NV40 (curie) fragment program instructions: decoded form, packer,
 * unpacker and disassembler.  Bit positions come from nv40_fp.xml through
 * the generated nvisa_nv40_fp_gen.h.
 *
 * Memory layout (nv40_fp.xml): 4-word instructions, each one that has a
 * source of file NVISA_FILE_CONST followed by 4 words holding that
 * constant (fp32 x, y, z, w).  Words are stored as little-endian 32-bit
 * words, no half-word swap (Mesa swaps halves only on big-endian hosts).
 * Branch targets (IF/ELSE/ENDIF, CAL, LOOP/REP end) are absolute offsets in
 * words from the program start.
 *
 * Registers: R0-R47 (fp32) and H0-H63 (fp16) share storage, H2n and H2n+1
 * being the two halves of Rn.  Colour results are H0 (or R0 when written in
 * full precision), H4, H6, H8 for render targets 1-3; depth is R1.z
 * (nvfx_fragprog.c).
 */
#ifndef NVISA_NV40_FP_H
#define NVISA_NV40_FP_H

#include "nvisa_common.h"
#include "nvisa_nv40_fp_gen.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nvisa_nv40_fp_insn {
   uint8_t op;             /* enum nvisa_nv40_fp_op, or enum nvisa_nv40_fp_bra
                            * if is_branch */
   bool is_branch;
   bool end;               /* last instruction of the program */

   /* Destination. */
   bool out_none;          /* no register written (condition codes may be) */
   uint8_t out_reg;        /* R index, or H index if out_half */
   bool out_half;
   uint8_t mask;           /* NVISA_MASK_* */
   bool sat;               /* clamp to [0, 1] */
   uint8_t precision;      /* enum nvisa_nv40_fp_precision: of the operation */
   uint8_t scale;          /* enum nvisa_nv40_fp_scale: result multiplier */

   /* Condition codes (NV_fragment_program). */
   bool cc_update;
   uint8_t cond;           /* enum nvisa_cond, TR = unconditional */
   uint8_t cc_swz[4];

   struct nvisa_src src[3];
   uint8_t input;          /* enum nvisa_nv40_fp_input: read by INPUT sources */
   uint8_t tex_unit;       /* texture image unit of TEX/TXP/TXB/TXL/TXD */
   bool index_input;       /* input indexed by the loop counter */
   uint16_t addr_disp;     /* ...plus this displacement */
   bool no_persp;          /* interpolate the input without perspective */

   /* Branches (is_branch): offsets in words from the program start. */
   uint32_t bra_target;    /* IF: else part; CAL: subroutine */
   uint32_t bra_end;       /* IF: after endif; LOOP/REP: after the loop */
   uint8_t loop_count;     /* LOOP/REP: iterations */
   uint8_t loop_init;      /* LOOP: initial counter (REP: = count) */
   uint8_t loop_incr;      /* LOOP: counter increment (REP: = count) */
};

int nvisa_nv40_fp_encode(const struct nvisa_nv40_fp_insn *insn,
                         uint32_t out[4]);
int nvisa_nv40_fp_decode(const uint32_t in[4],
                         struct nvisa_nv40_fp_insn *insn);

/* True if insn reads the inline constant (the 4 words after it). */
bool nvisa_nv40_fp_has_const(const struct nvisa_nv40_fp_insn *insn);

/* Number of words the instruction at in[] occupies: 4, or 8 with its
 * inline constant. */
unsigned nvisa_nv40_fp_insn_words(const uint32_t in[4]);

/* Disassembles the instruction at in[0..avail-1] (its inline constant
 * too) into buf, e.g. "MULR R0.xy, f[TEX0], {1, 2, 3, 4}.x;".  Returns the
 * number of words consumed (4 or 8), or -1 if avail is too small (buf then
 * holds an error text). */
int nvisa_nv40_fp_disasm(const uint32_t *in, unsigned avail, char *buf,
                         size_t n);

void nvisa_nv40_fp_insn_init(struct nvisa_nv40_fp_insn *insn);

#ifdef __cplusplus
}
#endif

#endif
