/*
 * After register allocation: moves whose source and destination got the
 * same register removed.  A phi's copies and a loop's back edge
 * (nvc_g80_isel_cf.c) often end up so, the value and its phi sharing a
 * register once their ranges do not overlap (nvc_g80_ra.c).  Such a
 * move does nothing, predicated or not (it writes what is there); one
 * that also writes $c (CC_WR) or joins is kept.
 */
#include "nvc_g80_ir.h"

#define G(x) NVISA_G80_##x

void
nvc_g80_opt_self_moves(struct nvc_g80_ir *ir)
{
   unsigned k = 0;
   for (unsigned i = 0; i < ir->num_insns; i++) {
      const struct nvc_g80_insn *in = &ir->insns[i];
      const struct nvisa_g80_operand *d = &in->hw.opnd[0], *s = &in->hw.opnd[1];
      bool self = in->hw.op == G(OP_MOV_B32_L) && !in->join && !in->label &&
                  !in->hw.mod[G(MOD_CC_WR)] &&
                  d->file == G(FILE_GPR) && s->file == G(FILE_GPR) &&
                  d->val == s->val && d->size == s->size;
      if (!self)
         ir->insns[k++] = *in;
   }
   ir->num_insns = k;
}
