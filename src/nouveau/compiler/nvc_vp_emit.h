/*
 * Vertex program encoding, split between what both VP ISAs share
 * (nvc_vp_emit.c: IR -> machine instructions in curie's form, the
 * constant file, dual issue) and the per-ISA encoders (nv40_vp_emit.c,
 * nv30_vp_emit.c).
 */
#ifndef NVC_VP_EMIT_H
#define NVC_VP_EMIT_H

#include "nvc_ir.h"
#include "nvc_isel.h"
#include "nvisa_nv40_vp.h"

/* A vertex program as machine instructions in curie's form: branch
 * targets are indices in hw[]; no LAST bit yet. */
struct nvc_vp_code {
   struct nvisa_nv40_vp_insn *hw;   /* malloc()ed */
   unsigned num;
};

/* Lowers allocated IR into code and the constants into out (consts,
 * num_consts, const_end).  false + p->error on failure (code->hw NULL). */
bool nvc_vp_lower_code(struct nvc_prog *p, unsigned const_base,
                       struct nvc_vp_binary *out, struct nvc_vp_code *code);

/* Dual issue: merges vector-only and scalar-only instructions in place
 * where that keeps the program's meaning (never in a program with
 * branches); returns the new count.  one_dst: both ops must write the one
 * temporary of a rankine instruction. */
unsigned nvc_vp_pair(struct nvc_prog *p, struct nvisa_nv40_vp_insn *hw,
                     unsigned num, bool one_dst);

/* false + an error naming the target's limit if num instructions do not
 * fit in the target's VP slots. */
bool nvc_vp_check_length(struct nvc_prog *p, unsigned num);

/* Packs one instruction of curie's form into its ISA's four words;
 * false + p->error if it has no encoding there. */
typedef bool (*nvc_vp_encode_fn)(struct nvc_prog *p,
                                 const struct nvisa_nv40_vp_insn *hw,
                                 uint32_t words[4]);

/* What both encoders do around their ISA's packing: lowers p
 * (nvc_vp_lower_code), pairs it (nvc_vp_pair, one_dst as there), checks
 * its length, sets LAST on the last instruction and packs each with
 * encode into out->insns (num_insns).  false + p->error on failure. */
bool nvc_vp_assemble(struct nvc_prog *p, unsigned const_base, bool one_dst,
                     nvc_vp_encode_fn encode, struct nvc_vp_binary *out);

/* The encoders: fill out (insns, num_insns, consts).  false + p->error on
 * failure. */
bool nv40_vp_emit(struct nvc_prog *p, const struct nvc_isel_info *info,
                  unsigned const_base, struct nvc_vp_binary *out);
bool nv30_vp_emit(struct nvc_prog *p, const struct nvc_isel_info *info,
                  unsigned const_base, struct nvc_vp_binary *out);

#endif
