/*
 * Rankine (NV30) vertex program encoder: the shared lowering
 * (nvc_vp_emit.c) produces curie's instruction form; this pairs it under
 * rankine's rules, puts each instruction in rankine's shape and packs it
 * (nvisa_nv30_vp.h).
 *
 * What differs from curie (envytools-docs hw/graph/xf/isa.rst "Rankine"
 * column, nv30_vp.xml):
 *  - the vector and the scalar op write one temporary DST, each with its
 *    own mask, and one output register OUT_ADDR, each with its own output
 *    mask (OUT_WM_VEC / OUT_WM_SCA); an output write is not a temp write;
 *  - the output registers are numbered otherwise (nv30_vp.xml OUT: COL0
 *    and BFC0 swapped places, TCn at 8 + n) and the user clip distances
 *    are registers of their own, CLP0-5, the distance in .x (upstream
 *    nvfx_vertprog.c writes NV30_VP_INST_DEST_CLP(n) with mask X; curie
 *    carries them in FOGC.yzw / PSZ.yzw, which is how instruction
 *    selection writes them);
 *  - one condition register, no saturation (nvc_nir_options lowers fsat
 *    for rankine), no input indexing: the shared lowering emits none of
 *    these; anything else is an internal error, never a wrong program.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "nvc_vp_emit.h"
#include "nvisa_nv30_vp.h"

#define VP30(x) NVISA_NV30_VP_##x
#define VP40(x) NVISA_NV40_VP_##x

/* The ops the shared lowering emits, curie's code -> rankine's (both
 * from the ISA tables; isa.rst gives them the same numbers, but nothing
 * here relies on it). */
static int
vec_op(unsigned op)
{
   switch (op) {
   case VP40(VEC_OP_NOP): return VP30(VEC_OP_NOP);
   case VP40(VEC_OP_MOV): return VP30(VEC_OP_MOV);
   case VP40(VEC_OP_MUL): return VP30(VEC_OP_MUL);
   case VP40(VEC_OP_ADD): return VP30(VEC_OP_ADD);
   case VP40(VEC_OP_MAD): return VP30(VEC_OP_MAD);
   case VP40(VEC_OP_DP3): return VP30(VEC_OP_DP3);
   case VP40(VEC_OP_DP4): return VP30(VEC_OP_DP4);
   case VP40(VEC_OP_MIN): return VP30(VEC_OP_MIN);
   case VP40(VEC_OP_MAX): return VP30(VEC_OP_MAX);
   case VP40(VEC_OP_SLT): return VP30(VEC_OP_SLT);
   case VP40(VEC_OP_SGE): return VP30(VEC_OP_SGE);
   case VP40(VEC_OP_SEQ): return VP30(VEC_OP_SEQ);
   case VP40(VEC_OP_SNE): return VP30(VEC_OP_SNE);
   case VP40(VEC_OP_SGT): return VP30(VEC_OP_SGT);
   case VP40(VEC_OP_SLE): return VP30(VEC_OP_SLE);
   case VP40(VEC_OP_FRC): return VP30(VEC_OP_FRC);
   case VP40(VEC_OP_FLR): return VP30(VEC_OP_FLR);
   case VP40(VEC_OP_ARL): return VP30(VEC_OP_ARL);
   default: return -1;
   }
}

static int
sca_op(unsigned op)
{
   switch (op) {
   case VP40(SCA_OP_NOP): return VP30(SCA_OP_NOP);
   case VP40(SCA_OP_MOV): return VP30(SCA_OP_MOV);
   case VP40(SCA_OP_RCP): return VP30(SCA_OP_RCP);
   case VP40(SCA_OP_RSQ): return VP30(SCA_OP_RSQ);
   case VP40(SCA_OP_EX2): return VP30(SCA_OP_EX2);
   case VP40(SCA_OP_LG2): return VP30(SCA_OP_LG2);
   case VP40(SCA_OP_SIN): return VP30(SCA_OP_SIN);
   case VP40(SCA_OP_COS): return VP30(SCA_OP_COS);
   case VP40(SCA_OP_BRA): return VP30(SCA_OP_BRA);
   default: return -1;
   }
}

/* Curie's output register -> rankine's (nv30_vp.xml OUT), -1 for none
 * (curie's TC8/TC9: the NV30 target routes 8 texcoords). */
static int
out_reg(unsigned out)
{
   switch (out) {
   case VP40(OUT_HPOS): return VP30(OUT_HPOS);
   case VP40(OUT_COL0): return VP30(OUT_COL0);
   case VP40(OUT_COL1): return VP30(OUT_COL1);
   case VP40(OUT_BFC0): return VP30(OUT_BFC0);
   case VP40(OUT_BFC1): return VP30(OUT_BFC1);
   case VP40(OUT_FOGC): return VP30(OUT_FOGC);
   case VP40(OUT_PSZ): return VP30(OUT_PSZ);
   default:
      if (out >= VP40(OUT_TC0) &&
          out - VP40(OUT_TC0) <= VP30(OUT_TC7) - VP30(OUT_TC0))
         return VP30(OUT_TC0) + (out - VP40(OUT_TC0));
      return -1;
   }
}

/* A vector op whose channel c is computed from source component swz[c]
 * (not a dot product, whose result is the same in every channel). */
static bool
vec_op_componentwise(unsigned op)
{
   return op != VP40(VEC_OP_DP3) && op != VP40(VEC_OP_DP4) &&
          op != VP40(VEC_OP_DPH);
}

static bool
translate(struct nvc_prog *p, const struct nvisa_nv40_vp_insn *c,
          struct nvisa_nv30_vp_insn *r)
{
   nvisa_nv30_vp_insn_init(r);
   int vop = vec_op(c->vec_op), sop = sca_op(c->sca_op);
   bool vec = c->vec_op != VP40(VEC_OP_NOP);
   bool sca = c->sca_op != VP40(SCA_OP_NOP);
   if (vop < 0 || sop < 0 || c->sat || c->input_indexed || c->out_indexed ||
       c->cc_reg != 0 || (c->cc_update && vec && sca)) {
      nvc_prog_error(p, "internal error: a vertex instruction rankine "
                     "cannot express");
      return false;
   }
   r->vec_op = vop;
   r->sca_op = sop;
   memcpy(r->src, c->src, sizeof(r->src));

   /* temporaries: one DST for both ops */
   uint8_t vmask = c->vec_mask, smask = c->sca_mask;
   bool vec_out = c->out != VP40(OUT_NONE) && c->out_is_vec;
   bool sca_out = c->out != VP40(OUT_NONE) && !c->out_is_vec;
   unsigned vdst = vec && !vec_out ? c->vec_dst : VP40(DST_NONE);
   unsigned sdst = sca && !sca_out ? c->sca_dst : VP40(DST_NONE);
   if (vdst != VP40(DST_NONE) && sdst != VP40(DST_NONE) && vdst != sdst) {
      nvc_prog_error(p, "internal error: two temporaries in one rankine "
                     "vertex instruction");
      return false;
   }
   /* (ARL's vec_dst is its address register: DST & 1 on rankine,
    * nv30_vp.xml; upstream's nvfx_vertprog.c puts A0/A1 there too) */
   if (vdst != VP40(DST_NONE) || sdst != VP40(DST_NONE))
      r->dst = vdst != VP40(DST_NONE) ? vdst : sdst;
   /* The masks stay on a result that goes to no temporary (DST names
    * none): they are also the channels a condition-code update writes
    * (NV_vertex_program2 section 2.14.2.2: the write mask selects the
    * components of the register and of the condition code); a result
    * that goes to the output register must not reach DST. */
   r->vec_mask = vec && !vec_out ? vmask : 0;
   r->sca_mask = sca && !sca_out ? smask : 0;

   /* the output register */
   if (c->out != VP40(OUT_NONE)) {
      uint8_t omask = vec_out ? vmask : smask;
      int o = out_reg(c->out);
      bool clip_reg = c->out == VP40(OUT_FOGC) || c->out == VP40(OUT_PSZ);
      if (clip_reg && (omask & ~NVISA_MASK_X)) {
         /* a clip distance: FOGC.y/z/w are CLP0-2, PSZ.y/z/w CLP3-5; one
          * per instruction (instruction selection writes each with its
          * own DP4) */
         unsigned ch = ffs(omask) - 1;
         if (omask != (1u << ch)) {
            nvc_prog_error(p, "internal error: a rankine clip distance "
                           "written with another channel");
            return false;
         }
         o = VP30(OUT_CLP0) + (c->out == VP40(OUT_PSZ) ? 3 : 0) + ch - 1;
         omask = NVISA_MASK_X;
         /* the value computed for channel ch must be the one in .x: a
          * dot product or a scalar op, whose result is in every channel */
         if (vec_out && vec_op_componentwise(c->vec_op)) {
            nvc_prog_error(p, "internal error: a rankine clip distance "
                           "from a per-component op");
            return false;
         }
      }
      if (o < 0) {
         nvc_prog_error(p, "internal error: curie output %u has no "
                        "rankine register", c->out);
         return false;
      }
      r->out = o;
      r->out_target = true;
      if (vec_out)
         r->out_vec_mask = omask;
      else
         r->out_sca_mask = omask;
   }

   r->input = c->input;
   r->constant = c->constant;
   r->const_indexed = c->const_indexed;
   r->addr_reg = c->addr_reg;
   r->addr_swz = c->addr_swz;
   r->cc_test = c->cc_test;
   r->cond = c->cond;
   memcpy(r->cc_swz, c->cc_swz, sizeof(r->cc_swz));
   r->cc_update = c->cc_update;
   r->branch_target = c->branch_target;
   r->last = c->last;
   return true;
}

static bool
encode(struct nvc_prog *p, const struct nvisa_nv40_vp_insn *hw,
       uint32_t words[4])
{
   struct nvisa_nv30_vp_insn r;
   if (!translate(p, hw, &r))
      return false;
   if (nvisa_nv30_vp_encode(&r, words) != 0) {
      nvc_prog_error(p, "internal error: VP field overflow");
      return false;
   }
   return true;
}

bool
nv30_vp_emit(struct nvc_prog *p, const struct nvc_isel_info *info,
             unsigned const_base, struct nvc_vp_binary *out)
{
   (void)info;
   /* Dual issue where the one DST allows it (see nvc_vp_pair) */
   return nvc_vp_assemble(p, const_base, true, encode, out);
}
