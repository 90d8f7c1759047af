/*
 * NV30 (rankine) vertex program instructions: decoded form, packer and
 * unpacker.  Bit positions come from nv30_vp.xml through the generated
 * nvisa_nv30_vp_gen.h.
 *
 * Also a disassembler (nvisa_nv30_vp_disasm).
 *
 * Rankine differs from curie in the shape of an instruction
 * (envytools-docs/hw/graph/xf/isa.rst, "Rankine" column): the vector and
 * the scalar op share one temporary register DST, each with its own
 * write mask, and share one output register OUT_ADDR, again each with its
 * own output write mask (OUT_WM_VEC / OUT_WM_SCA); there is one condition
 * register, no saturation and no input indexing.
 */
#ifndef NVISA_NV30_VP_H
#define NVISA_NV30_VP_H

#include "nvisa_common.h"
#include "nvisa_nv30_vp_gen.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nvisa_nv30_vp_insn {
   uint8_t vec_op;         /* enum nvisa_nv30_vp_vec_op */
   uint8_t sca_op;         /* enum nvisa_nv30_vp_sca_op */

   /* The temporary both results may write (DST).  Values from
    * NVISA_NV30_VP_NUM_TEMPS up name no temporary: upstream Mesa writes
    * 0x1f there for output-only instructions (nvfx_vertprog.c).  ARL, ARR
    * and ARA write address register dst & 1 instead. */
   uint8_t dst;
   uint8_t vec_mask;       /* NVISA_MASK_*: temp write of the vector result */
   uint8_t sca_mask;       /* ...of the scalar result */

   /* Output register (enum nvisa_nv30_vp_out) and its write masks for
    * the vector and the scalar result; out_target set = the output
    * buffer (TBUF), clear = XFCTX (vertex state programs only). */
   uint16_t out;
   bool out_target;
   uint8_t out_vec_mask;
   uint8_t out_sca_mask;

   struct nvisa_src src[3];
   uint8_t input;          /* IBUF slot read by NVISA_FILE_INPUT sources */
   uint16_t constant;      /* XFCTX slot read by NVISA_FILE_CONST sources */
   bool const_indexed;     /* constant += A[addr_reg].addr_swz */
   uint8_t addr_reg;       /* ASRC: 0 = A0, 1 = A1 */
   uint8_t addr_swz;

   bool cc_test;           /* COND_ENABLE: writes masked by the condition */
   uint8_t cond;           /* enum nvisa_cond */
   uint8_t cc_swz[4];
   bool cc_update;         /* CDST_WM: the result updates the condition */

   uint16_t branch_target; /* BRA/CAL: IADDR (overlaps source 2) */
   bool last;
};

/* Fills insn with a NOP: no op, no temporary, no output, identity
 * swizzles. */
void nvisa_nv30_vp_insn_init(struct nvisa_nv30_vp_insn *insn);

/* Packs insn into out[4] (word 0 first, as VP_UPLOAD_INST(0..3) takes
 * them).  Returns 0, or -1 if a value does not fit its field (the words
 * are still written, truncated). */
int nvisa_nv30_vp_encode(const struct nvisa_nv30_vp_insn *insn,
                         uint32_t out[4]);

/* Unpacks in[4].  Returns 0, or -1 if an opcode is not one rankine has
 * (the struct is still filled). */
int nvisa_nv30_vp_decode(const uint32_t in[4],
                         struct nvisa_nv30_vp_insn *insn);

/* One line of assembly for in[4], e.g. "MUL R1.xy, v[0], c[0]; RCP
 * R1.w, c[0].xxxx;" or "DP4 o[HPOS].x, v[0], c[0];" (no newline), into
 * buf (NUL-terminated if n > 0).  Returns the length it wanted to write,
 * like snprintf. */
int nvisa_nv30_vp_disasm(const uint32_t in[4], char *buf, size_t n);

#ifdef __cplusplus
}
#endif

#endif
