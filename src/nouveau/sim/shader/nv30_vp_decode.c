/*
 * Rankine (NV30) vertex programs for the vertex program interpreter
 * (nv40_vp_exec.c): each instruction is decoded with the NV30 tables
 * (nvisa_nv30_vp.h) and put in the interpreter's form.
 *
 * Facts (envytools-docs/hw/graph/xf/isa.rst, "Rankine" column;
 * NV_vertex_program2 for the semantics):
 * - the opcodes rankine has carry curie's numbers (checked below, name by
 *   name); rankine has no TXL, PUSHA or POPA (isa.rst: "Rankine has the
 *   opcodes up to ARA and up to COS"), so those values decode as unknown;
 * - one temporary DST for both results, each with its own write mask;
 *   one output OUT_ADDR, each result with its own output mask; a DST of
 *   16 or more names no temporary (16 temps, isa.rst XFREG);
 * - OUT_TARGET clear sends the output to XFCTX, which only vertex state
 *   programs may write (isa.rst, program kinds): a plain vertex program's
 *   XFCTX write is dropped here;
 * - output numbers (nv30_vp.xml OUT): COL0/BFC0 in another order than
 *   curie, dedicated user clip distances CLP0-5 whose .x is the distance
 *   (upstream nvfx_vertprog.c writes CLPn with mask X on nv3x);
 * - one condition register, no saturation, no input indexing.  Which
 *   result updates the condition register when CDST_WM is set is not
 *   given (isa.rst has "?" for CDST_IS_VEC on rankine): the vector one,
 *   or the scalar one if the vector op is NOP (NV_vertex_program2 has one
 *   op per instruction, so both readings agree on its programs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv40_shader_exec.h"
#include "nv40_shader_priv.h"
#include "nv40_vp_priv.h"
#include "nvisa_nv30_vp.h"

#define VP30(x) NVISA_NV30_VP_##x
#define VP40(x) NVISA_NV40_VP_##x

#define SAME_OP(kind, name) \
   _Static_assert((int)VP30(kind##_OP_##name) == (int)VP40(kind##_OP_##name), \
                  #kind " op " #name " differs between rankine and curie")
SAME_OP(VEC, NOP); SAME_OP(VEC, MOV); SAME_OP(VEC, MUL); SAME_OP(VEC, ADD);
SAME_OP(VEC, MAD); SAME_OP(VEC, DP3); SAME_OP(VEC, DPH); SAME_OP(VEC, DP4);
SAME_OP(VEC, DST); SAME_OP(VEC, MIN); SAME_OP(VEC, MAX); SAME_OP(VEC, SLT);
SAME_OP(VEC, SGE); SAME_OP(VEC, ARL); SAME_OP(VEC, FRC); SAME_OP(VEC, FLR);
SAME_OP(VEC, SEQ); SAME_OP(VEC, SFL); SAME_OP(VEC, SGT); SAME_OP(VEC, SLE);
SAME_OP(VEC, SNE); SAME_OP(VEC, STR); SAME_OP(VEC, SSG); SAME_OP(VEC, ARR);
SAME_OP(VEC, ARA);
SAME_OP(SCA, NOP); SAME_OP(SCA, MOV); SAME_OP(SCA, RCP); SAME_OP(SCA, RCC);
SAME_OP(SCA, RSQ); SAME_OP(SCA, EXP); SAME_OP(SCA, LOG); SAME_OP(SCA, LIT);
SAME_OP(SCA, BRA); SAME_OP(SCA, CAL); SAME_OP(SCA, RET); SAME_OP(SCA, LG2);
SAME_OP(SCA, EX2); SAME_OP(SCA, SIN); SAME_OP(SCA, COS);
#undef SAME_OP

/* rankine output register -> the interpreter's (curie's) output */
static const uint8_t out_map[] = {
   [VP30(OUT_HPOS)] = VP40(OUT_HPOS),
   [VP30(OUT_BFC0)] = VP40(OUT_BFC0),
   [VP30(OUT_BFC1)] = VP40(OUT_BFC1),
   [VP30(OUT_COL0)] = VP40(OUT_COL0),
   [VP30(OUT_COL1)] = VP40(OUT_COL1),
   [VP30(OUT_FOGC)] = VP40(OUT_FOGC),
   [VP30(OUT_PSZ)] = VP40(OUT_PSZ),
   [VP30(OUT_TC0)] = VP40(OUT_TC0), [VP30(OUT_TC1)] = VP40(OUT_TC1),
   [VP30(OUT_TC2)] = VP40(OUT_TC2), [VP30(OUT_TC3)] = VP40(OUT_TC3),
   [VP30(OUT_TC4)] = VP40(OUT_TC4), [VP30(OUT_TC5)] = VP40(OUT_TC5),
   [VP30(OUT_TC6)] = VP40(OUT_TC6), [VP30(OUT_TC7)] = VP40(OUT_TC7),
};
/* out_map's holes (numbers nv30_vp.xml names no output for) read as
 * HPOS: only the named ones are outputs */
static bool
out_exists(unsigned o)
{
   return o < sizeof(out_map) / sizeof(out_map[0]) &&
          nvisa_nv30_vp_out_names[o] != NULL;
}

static void
translate(const struct nvisa_nv30_vp_insn *in, struct nvsim_nv40_vp_op *op)
{
   struct nvisa_nv40_vp_insn *o = &op->insn;
   bool addr_op = nvisa_nv30_vp_vec_op_info[in->vec_op].flags & NVISA_OP_ADDR;

   nvisa_nv40_vp_insn_init(o);
   o->vec_op = in->vec_op;
   o->sca_op = in->sca_op;
   if (addr_op)
      o->vec_dst = in->dst & 1;
   else if (in->dst < VP30(NUM_TEMPS))
      o->vec_dst = in->dst;
   o->sca_dst = in->dst < VP30(NUM_TEMPS) ? in->dst : VP40(DST_NONE);
   o->vec_mask = in->vec_mask;
   o->sca_mask = in->sca_mask;
   memcpy(o->src, in->src, sizeof(o->src));
   o->input = in->input;
   o->constant = in->constant;
   o->const_indexed = in->const_indexed;
   o->addr_reg = in->addr_reg;
   o->addr_swz = in->addr_swz;
   o->cc_test = in->cc_test;
   o->cond = in->cond;
   memcpy(o->cc_swz, in->cc_swz, sizeof(o->cc_swz));
   o->cc_update = in->cc_update;
   o->cc_update_vec = in->vec_op != VP30(VEC_OP_NOP);
   o->cc_reg = 0;
   o->branch_target = in->branch_target;
   o->last = in->last;

   if (in->out_target && in->out >= VP30(OUT_CLP0) && in->out <= VP30(OUT_CLP5)) {
      o->out = VP40(OUT_FOGC);
      op->clip = 1 + in->out - VP30(OUT_CLP0);
   } else if (in->out_target && out_exists(in->out)) {
      o->out = out_map[in->out];
   }
   if (o->out != VP40(OUT_NONE)) {
      op->out_mask[0] = in->out_vec_mask;
      op->out_mask[1] = in->out_sca_mask;
   }
}

int
nvsim_nv30_vp_prepare(struct nvsim_nv40_vp_prog *prog,
                      const uint32_t (*slots)[4], unsigned num_slots,
                      char *err, size_t errlen)
{
   nvsim_nv40_vp_fini(prog);
   if (num_slots > NVSIM_NV40_VP_SLOTS) {
      snprintf(err, errlen, "vertex program: %u slots, at most %u",
               num_slots, NVSIM_NV40_VP_SLOTS);
      return -1;
   }
   prog->ops = calloc(num_slots ? num_slots : 1, sizeof(*prog->ops));
   if (!prog->ops) {
      snprintf(err, errlen, "vertex program: out of memory");
      return -1;
   }
   for (unsigned i = 0; i < num_slots; i++)
      nvsim_nv30_vp_decode_slot(&prog->ops[i], slots[i]);
   prog->num_slots = num_slots;
   return 0;
}

void
nvsim_nv30_vp_decode_slot(struct nvsim_nv40_vp_op *op, const uint32_t w[4])
{
   struct nvisa_nv30_vp_insn in;

   memset(op, 0, sizeof(*op));
   bool known = nvisa_nv30_vp_decode(w, &in) == 0;
   translate(&in, op);
   op->valid = known;
   op->srcs = nvisa_nv30_vp_vec_op_info[in.vec_op].srcs |
              nvisa_nv30_vp_sca_op_info[in.sca_op].srcs;
}
