/*
 * Memory operands folded into the instructions that read them: a value
 * loaded from c[] (`ld b32 $r, cN[off]`) read through a long form's
 * source 2 or 3 (g80.xml operand kinds L1/L2: $r or c[]), and a VP
 * attribute (`mov b32 $r, a[off]`) read through source 1 (L0: $r or
 * a[]), as isa.rst's "Other fields" allows, instead of through a
 * register.  The load is left to nvc_g80_opt_dce when nothing else reads
 * it.  At most one a[] and one c[] per instruction: the source-type
 * combinations the hardware encodes are rrr, arr, rcr, acr, rrc and arc
 * (upstream's nv50 emitter, setSrcFileBits: read as fact), L1 and L2
 * sharing the CBUF and $a fields.  The offset must fit
 * the register field the operand's kind puts it in (a word index:
 * SRC0/SRC1/SRC2, 7 bits).  Half-register operands keep their registers.
 */
#include <stdlib.h>

#include "nvc_g80_ir.h"

#define G(x) NVISA_G80_##x

static bool
fits(unsigned field, uint32_t byte)
{
   return (byte & 3) == 0 && byte / 4 < (1u << nvisa_g80_fields[field].width);
}

void
nvc_g80_opt_fold_operands(struct nvc_g80_ir *ir)
{
   unsigned n = ir->num_values ? ir->num_values : 1;
   int *def = malloc(n * sizeof(int));
   if (!def)
      return;   /* nothing folded: still correct */
   for (unsigned v = 0; v < n; v++)
      def[v] = -1;

   for (unsigned i = 0; i < ir->num_insns; i++) {
      struct nvc_g80_insn *in = &ir->insns[i];
      const struct nvisa_form *form = nvisa_g80_form(in->hw.op);
      bool has_c = false, has_a = false;
      for (unsigned o = 1; o < form->nopnds; o++) {
         has_c |= in->hw.opnd[o].file == G(FILE_CONST);
         has_a |= in->hw.opnd[o].file == G(FILE_ATTR);
      }

      for (unsigned o = 1; o < form->nopnds; o++) {
         const struct nvisa_form_opnd *k = &form->opnd[o];
         if (!nvc_g80_is_value(in, o) || k->size != 4)
            continue;
         int d = def[in->hw.opnd[o].val];
         if (d < 0)
            continue;
         const struct nvc_g80_insn *ld = &ir->insns[d];
         const struct nvisa_g80_operand *m = &ld->hw.opnd[1];
         /* the load as it was selected: unpredicated, no $a */
         if (ld->hw.mod[G(MOD_PRED)] != G(COND_always) || m->areg)
            continue;
         bool c = !has_c && ld->hw.op == G(OP_LD_C_B32) && m->file == G(FILE_CONST) &&
                  (k->kind == G(OPND_L1) || k->kind == G(OPND_L2)) &&
                  fits(k->kind == G(OPND_L1) ? G(F_SRC1) : G(F_SRC2), m->val);
         bool a = !has_a && ld->hw.op == G(OP_MOV_B32_L) && m->file == G(FILE_ATTR) &&
                  k->kind == G(OPND_L0) && fits(G(F_SRC0), m->val);
         if (!c && !a)
            continue;
         in->hw.opnd[o] = *m;
         in->virt &= ~(1u << o);
         has_c |= c;
         has_a |= a;
      }
      if (nvc_g80_is_value(in, 0) && !in->redef)
         def[in->hw.opnd[0].val] = i;
   }
   free(def);
}
