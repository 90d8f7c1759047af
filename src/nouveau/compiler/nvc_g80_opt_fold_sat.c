/*
 * Saturation folded into the instruction computing its source: f32 add
 * and mad have a SAT modifier (g80.xml ADD_F32_L, MAD_F32_L; Mesa's
 * nv50 emitter sets the same bit), f32 mul only from G200 on (hwtest
 * g80_fp.cc: G80..G98 ignore it; the target's mul_sat), so instruction
 * selection emits fsat as
 * `cvt f32 f32 sat` and this pass moves the SAT into the add or mad
 * when the cvt is the value's only reader and no modifier of the cvt
 * would be lost: the add then writes the cvt's value and the cvt goes.
 */
#include <stdlib.h>

#include "nvc_g80_ir.h"

#define G(x) NVISA_G80_##x

void
nvc_g80_opt_fold_sat(struct nvc_g80_ir *ir, bool mul_sat)
{
   unsigned n = ir->num_values ? ir->num_values : 1;
   unsigned *uses = calloc(n, sizeof(unsigned));
   int *def = malloc(n * sizeof(int));
   if (!uses || !def) {
      free(uses);
      free(def);
      return;
   }
   for (unsigned v = 0; v < n; v++)
      def[v] = -1;
   for (unsigned i = 0; i < ir->num_insns; i++) {
      const struct nvc_g80_insn *in = &ir->insns[i];
      for (unsigned o = 1; o < NVISA_FORM_MAX_OPNDS; o++)
         if (nvc_g80_is_value(in, o))
            uses[in->hw.opnd[o].val]++;
      if (nvc_g80_is_value(in, 0) && !in->redef && def[in->hw.opnd[0].val] < 0)
         def[in->hw.opnd[0].val] = i;
   }

   for (unsigned i = 0; i < ir->num_insns; i++) {
      struct nvc_g80_insn *in = &ir->insns[i];
      const uint32_t *m = in->hw.mod;
      if (in->hw.op != G(OP_CVT_F2F) || !m[G(MOD_SAT)] || m[G(MOD_ABS0)] ||
          m[G(MOD_NEG0)] || m[G(MOD_RINT)] || !nvc_g80_is_value(in, 1) ||
          !nvc_g80_is_value(in, 0) || in->side_effect)
         continue;
      unsigned src = in->hw.opnd[1].val;
      if (uses[src] != 1 || def[src] < 0)
         continue;
      struct nvc_g80_insn *d = &ir->insns[def[src]];
      if ((d->hw.op != G(OP_ADD_F32_L) && d->hw.op != G(OP_MAD_F32_L) &&
           (d->hw.op != G(OP_MUL_F32_L) || !mul_sat)) ||
          d->side_effect)
         continue;
      /* the add now writes the saturated value under the cvt's name */
      unsigned dst = in->hw.opnd[0].val;
      d->hw.mod[G(MOD_SAT)] = 1;
      d->hw.opnd[0].val = dst;
      def[dst] = def[src];
      def[src] = -1;
      in->side_effect = true;   /* marks it removed, below */
      in->hw.op = G(OP__COUNT);
   }
   unsigned out = 0;
   for (unsigned i = 0; i < ir->num_insns; i++)
      if (ir->insns[i].hw.op != G(OP__COUNT))
         ir->insns[out++] = ir->insns[i];
   ir->num_insns = out;
   free(uses);
   free(def);
}
