/*
 * NV40 (curie) vertex program instructions: decoded form, packer,
 * unpacker and disassembler.  Bit positions come from nv40_vp.xml through
 * the generated nvisa_nv40_vp_gen.h.
 *
 * An instruction is 4 words, word 0 first, in the order they are given to
 * the VP_UPLOAD_INST(0..3) methods.  Each instruction issues one vector op
 * (sources 0, 1, 2) and one scalar op (source 2) together; both may write
 * a temporary (separate temp index and mask), and one of the two results
 * (out_is_vec) may also be written to an output register with that op's
 * mask.
 */
#ifndef NVISA_NV40_VP_H
#define NVISA_NV40_VP_H

#include "nvisa_common.h"
#include "nvisa_nv40_vp_gen.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nvisa_nv40_vp_insn {
   uint8_t vec_op;         /* enum nvisa_nv40_vp_vec_op */
   uint8_t sca_op;         /* enum nvisa_nv40_vp_sca_op */

   /* Temporaries written: index, NVISA_NV40_VP_DST_NONE for none.  ARL,
    * ARR and ARA write address register vec_dst (0 or 1) instead. */
   uint8_t vec_dst;
   uint8_t sca_dst;
   uint8_t vec_mask;       /* NVISA_MASK_*; also masks the output write */
   uint8_t sca_mask;

   /* Output register (enum nvisa_nv40_vp_out), NVISA_NV40_VP_OUT_NONE for
    * none, written with the vector result if out_is_vec, else the scalar
    * result.  FOGC.yzw hold clip distances 0-2, PSZ.yzw 3-5. */
   uint8_t out;
   bool out_is_vec;
   bool out_indexed;
   bool sat;               /* clamp results to [0, 1] */

   struct nvisa_src src[3];
   uint8_t input;          /* attribute read by NVISA_FILE_INPUT sources */
   uint16_t constant;      /* constant read by NVISA_FILE_CONST sources */
   bool input_indexed;     /* input += A[addr_reg].addr_swz */
   bool const_indexed;     /* constant += A[addr_reg].addr_swz */
   uint8_t addr_reg;       /* 0 = A0, 1 = A1 */
   uint8_t addr_swz;       /* component of the address register */

   /* Condition codes (NV_vertex_program2/3). */
   bool cc_test;           /* writes are masked by the condition */
   uint8_t cond;           /* enum nvisa_cond */
   uint8_t cc_swz[4];
   bool cc_update;         /* the result updates the condition register */
   bool cc_update_vec;     /* ...with the vector (true) or scalar result */
   uint8_t cc_reg;         /* condition register tested and written: 0/1 */

   uint16_t branch_target; /* BRA/CAL: instruction slot (overlaps src[2]) */
   bool last;              /* last instruction of the program */
};

/* Packs insn into out[4].  Returns 0, or -1 if a value does not fit its
 * field (the words are still written, with the value truncated). */
int nvisa_nv40_vp_encode(const struct nvisa_nv40_vp_insn *insn,
                         uint32_t out[4]);

/* Unpacks in[4].  Returns 0, or -1 if an opcode is not a known one (the
 * struct is still filled). */
int nvisa_nv40_vp_decode(const uint32_t in[4],
                         struct nvisa_nv40_vp_insn *insn);

/* Writes one line of assembly for in[4], e.g.
 * "MAD R0.xyz, v[3], c[4].xxxx, R1; RCP R2.w, R1.x;" (no newline) into buf
 * (always NUL-terminated if n > 0).  Returns the length it wanted to write,
 * like snprintf. */
int nvisa_nv40_vp_disasm(const uint32_t in[4], char *buf, size_t n);

/* Fills insn with a NOP: no op, no destination, identity swizzles. */
void nvisa_nv40_vp_insn_init(struct nvisa_nv40_vp_insn *insn);

#ifdef __cplusplus
}
#endif

#endif
