/*
 * Internals of the NV40 vertex program interpreter shared by the
 * reference (nv40_vp_exec.c) and the fast path (nv40_vp_fast.c): the
 * run state, and the reference's own steps, which the fast path calls
 * for what it does not compute itself so that both give the same bits.
 */
#ifndef NV40_VP_PRIV_H
#define NV40_VP_PRIV_H

#include "nv40_shader_exec.h"
#include "nv40_shader_priv.h"

/* Temps: the 6-bit register fields can name 64; NV40 has 32, the rest is
 * scratch so that no index can leave the array. */
#define NVSIM_VP_TEMP_SLOTS 64

struct nvsim_vp_state {
   float temp[NVSIM_VP_TEMP_SLOTS][4];
   int addr[2][4];
   uint8_t cc[2][4];
   const struct nvsim_nv40_vp_io *io;
};

/* Source s of insn after swizzle, absolute value and negation. */
void nvsim_nv40_vp_fetch(const struct nvsim_vp_state *st,
                         const struct nvisa_nv40_vp_insn *insn, unsigned s,
                         float r[4]);
/* The vector op on the fetched sources; false if it writes nothing (NOP,
 * the address ops, which write st->addr). */
bool nvsim_nv40_vp_exec_vec(struct nvsim_vp_state *st,
                            const struct nvisa_nv40_vp_insn *insn,
                            const float s0[4], const float s1[4],
                            const float s2[4], float r[4]);
/* The scalar op on source 2; false if it writes nothing. */
bool nvsim_nv40_vp_exec_sca(const struct nvisa_nv40_vp_insn *insn,
                            const float s2[4], float r[4]);
/* The components the condition lets through (0xf without a test). */
uint8_t nvsim_nv40_vp_cond_mask(const struct nvsim_vp_state *st,
                                const struct nvisa_nv40_vp_insn *insn);
/* Writes the vector (vec) or scalar result: temp, output, condition. */
void nvsim_nv40_vp_write_result(struct nvsim_vp_state *st,
                                struct nvsim_nv40_vp_io *io,
                                const struct nvsim_nv40_vp_op *op, bool vec,
                                const float res[4], uint8_t cmask);

/* One slot's decoded form out of its four words (curie's, rankine's
 * encoding): what nvsim_nv40_vp_prepare / nvsim_nv30_vp_prepare do for
 * each slot. */
void nvsim_nv40_vp_decode_slot(struct nvsim_nv40_vp_op *op,
                               const uint32_t w[4]);
void nvsim_nv30_vp_decode_slot(struct nvsim_nv40_vp_op *op,
                               const uint32_t w[4]);

#endif
