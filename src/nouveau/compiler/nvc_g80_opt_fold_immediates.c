/*
 * Immediates folded into the long-immediate forms (g80.xml "long
 * immediate", isa.rst: a 32-bit immediate in place of source 2): an f32
 * add or mul, an integer add, and/or/xor one of whose sources is a value
 * of `mov b32 $r, imm` becomes the form with the immediate, saving the
 * move and its register.  Those forms have 6-bit register fields (SDST,
 * SSRC0: $r0..$r63) and no predicate, $c write or rounding mode, so
 * only unpredicated instructions without them are changed, and the
 * allocator keeps their values in the registers the fields reach (the
 * compile retries without this pass when that does not fit).  The
 * commutative ones take the immediate from either side.
 */
#include <stdlib.h>

#include "nvc_g80_ir.h"

#define G(x) NVISA_G80_##x

/* long form -> immediate form; NEG0/NEG1 where the long form has them */
static unsigned
imm_form(unsigned op)
{
   switch (op) {
   case G(OP_ADD_F32_L): return G(OP_ADD_F32_I);
   case G(OP_MUL_F32_L): return G(OP_MUL_F32_I);
   case G(OP_ADD_B32_L): return G(OP_ADD_B32_I);
   case G(OP_AND_B32): return G(OP_AND_B32_I);
   case G(OP_OR_B32): return G(OP_OR_B32_I);
   case G(OP_XOR_B32): return G(OP_XOR_B32_I);
   default: return G(OP__COUNT);
   }
}

void
nvc_g80_opt_fold_immediates(struct nvc_g80_ir *ir)
{
   unsigned n = ir->num_values ? ir->num_values : 1;
   int *def = malloc(n * sizeof(int));
   if (!def)
      return;   /* nothing folded: still correct */
   for (unsigned v = 0; v < n; v++)
      def[v] = -1;

   for (unsigned i = 0; i < ir->num_insns; i++) {
      struct nvc_g80_insn *in = &ir->insns[i];
      const uint32_t *m = in->hw.mod;
      unsigned op = imm_form(in->hw.op);
      if (op != G(OP__COUNT) && m[G(MOD_PRED)] == G(COND_always) &&
          !m[G(MOD_CC_WR)] && !m[G(MOD_RND)] && !m[G(MOD_NOT0)] &&
          !m[G(MOD_NOT1)] && !in->redef && !in->side_effect &&
          nvc_g80_is_value(in, 0) && nvc_g80_is_value(in, 1) &&
          nvc_g80_is_value(in, 2)) {
         /* which source is an immediate: the second preferred */
         int k = -1;
         for (int s = 2; s >= 1 && k < 0; s--) {
            int d = def[in->hw.opnd[s].val];
            if (d >= 0 && ir->insns[d].hw.op == G(OP_MOV_B32_I) &&
                ir->insns[d].hw.mod[G(MOD_PRED)] == G(COND_always))
               k = s;
         }
         if (k > 0) {
            uint32_t val = ir->insns[def[in->hw.opnd[k].val]].hw.opnd[1].val;
            unsigned other = in->hw.opnd[3 - k].val;
            bool neg_other = k == 2 ? m[G(MOD_NEG0)] : m[G(MOD_NEG1)];
            bool neg_imm = k == 2 ? m[G(MOD_NEG1)] : m[G(MOD_NEG0)];
            bool sat = m[G(MOD_SAT)];
            unsigned dst = in->hw.opnd[0].val;
            struct nvc_g80_insn ni = { 0 };
            nvisa_g80_insn_init(&ni.hw, op);
            nvc_g80_set_value(&ni, 0, dst);
            nvc_g80_set_value(&ni, 1, other);
            ni.hw.opnd[2].file = G(FILE_IMM);
            ni.hw.opnd[2].val = val;
            ni.hw.mod[G(MOD_NEG0)] = neg_other;
            ni.hw.mod[G(MOD_NEG1)] = neg_imm;
            ni.hw.mod[G(MOD_SAT)] = sat;
            *in = ni;
         }
      }
      if (nvc_g80_is_value(in, 0) && !in->redef)
         def[in->hw.opnd[0].val] = i;
   }
   free(def);
}
