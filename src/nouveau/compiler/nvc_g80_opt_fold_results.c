/*
 * Results written where they go: `mov b32 $oN, v` (a VP result) or
 * `mov b32 $rN, v` into a reserved FP result register is removed when v
 * has no other reader and the instruction computing it can write there
 * itself: a VP result needs a destination that may be $o (g80.xml
 * operand kind REG_O: the OUT bit), an FP result register any register
 * destination.  Nothing else reads or writes those registers (the FP's
 * are reserved, $o is write-only here), so moving the write earlier
 * changes nothing else; a value written by a select's two predicated
 * moves keeps its copy.
 */
#include <stdlib.h>

#include "nvc_g80_ir.h"

#define G(x) NVISA_G80_##x

void
nvc_g80_opt_fold_results(struct nvc_g80_ir *ir)
{
   unsigned n = ir->num_values ? ir->num_values : 1;
   unsigned *uses = calloc(n, sizeof(unsigned));
   int *def = malloc(n * sizeof(int));
   bool *multi = calloc(n, sizeof(bool));
   if (!uses || !def || !multi) {
      free(uses);
      free(def);
      free(multi);
      return;   /* nothing folded: still correct */
   }
   for (unsigned v = 0; v < n; v++)
      def[v] = -1;
   for (unsigned i = 0; i < ir->num_insns; i++) {
      const struct nvc_g80_insn *in = &ir->insns[i];
      for (unsigned o = 1; o < NVISA_FORM_MAX_OPNDS; o++)
         if (nvc_g80_is_value(in, o))
            uses[in->hw.opnd[o].val]++;
      if (nvc_g80_is_value(in, 0)) {
         unsigned v = in->hw.opnd[0].val;
         if (in->redef)
            multi[v] = true;
         else if (def[v] < 0)
            def[v] = i;
      }
   }

   for (unsigned i = 0; i < ir->num_insns; i++) {
      struct nvc_g80_insn *mv = &ir->insns[i];
      const struct nvisa_g80_operand *dst = &mv->hw.opnd[0];
      bool out = dst->file == G(FILE_OUT);
      bool reserved = dst->file == G(FILE_GPR) && !nvc_g80_is_value(mv, 0) &&
                      dst->val < ir->reserved;
      if (mv->hw.op != G(OP_MOV_B32_L) || !nvc_g80_is_value(mv, 1) ||
          mv->hw.mod[G(MOD_PRED)] != G(COND_always) || (!out && !reserved))
         continue;
      unsigned v = mv->hw.opnd[1].val;
      /* one block: an earlier write in a branch or loop would reach
       * lanes and trips the copy does not (nvc_g80_ir.h) */
      if (uses[v] != 1 || multi[v] || def[v] < 0 ||
          !nvc_g80_ir_same_block(ir, def[v], i))
         continue;
      struct nvc_g80_insn *d = &ir->insns[def[v]];
      const struct nvisa_form *form = nvisa_g80_form(d->hw.op);
      if (d->side_effect || form->nopnds == 0 || form->opnd[0].size != 4 ||
          (out ? form->opnd[0].kind != G(OPND_REG_O) :
                 form->opnd[0].kind != G(OPND_REG) &&
                 form->opnd[0].kind != G(OPND_REG_O)))
         continue;
      d->hw.opnd[0] = *dst;
      d->virt &= ~1u;
      d->side_effect = true;
      def[v] = -1;
      mv->hw.op = G(OP__COUNT);   /* removed below */
   }
   unsigned k = 0;
   for (unsigned i = 0; i < ir->num_insns; i++)
      if (ir->insns[i].hw.op != G(OP__COUNT))
         ir->insns[k++] = ir->insns[i];
   ir->num_insns = k;
   free(uses);
   free(def);
   free(multi);
}
