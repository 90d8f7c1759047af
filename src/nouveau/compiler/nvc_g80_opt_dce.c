/*
 * Dead code elimination for the Tesla backend: an instruction whose only
 * effect is a value nobody reads is removed (a select's predicated moves
 * together with it), repeated until nothing changes.  Instruction
 * selection leaves such values behind on purpose: an fneg or fabs folded
 * into every reader as a modifier, a saturation folded into the add
 * (nvc_g80_opt_fold_sat.c).
 */
#include <stdlib.h>

#include "nvc_g80_ir.h"

void
nvc_g80_opt_dce(struct nvc_g80_ir *ir)
{
   unsigned *uses = calloc(ir->num_values ? ir->num_values : 1,
                           sizeof(unsigned));
   if (!uses)
      return;   /* nothing removed: still correct */

   bool progress = true;
   while (progress) {
      progress = false;
      for (unsigned v = 0; v < ir->num_values; v++)
         uses[v] = 0;
      for (unsigned i = 0; i < ir->num_insns; i++)
         for (unsigned o = 1; o < NVISA_FORM_MAX_OPNDS; o++)
            if (nvc_g80_is_value(&ir->insns[i], o))
               uses[ir->insns[i].hw.opnd[o].val]++;

      unsigned out = 0;
      for (unsigned i = 0; i < ir->num_insns; i++) {
         const struct nvc_g80_insn *in = &ir->insns[i];
         bool dead = !in->side_effect && nvc_g80_is_value(in, 0) &&
                     uses[in->hw.opnd[0].val] == 0;
         if (dead) {
            progress = true;
            continue;
         }
         ir->insns[out++] = *in;
      }
      ir->num_insns = out;
   }
   free(uses);
}
