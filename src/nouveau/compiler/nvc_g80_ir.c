/* The Tesla backend's IR container (nvc_g80_ir.h). */
#include <stdlib.h>
#include <string.h>

#include "nvc_g80_ir.h"

void
nvc_g80_ir_init(struct nvc_g80_ir *ir)
{
   memset(ir, 0, sizeof(*ir));
}

void
nvc_g80_ir_fini(struct nvc_g80_ir *ir)
{
   free(ir->insns);
   memset(ir, 0, sizeof(*ir));
}

unsigned
nvc_g80_ir_value(struct nvc_g80_ir *ir)
{
   return ir->num_values++;
}

struct nvc_g80_insn *
nvc_g80_ir_add(struct nvc_g80_ir *ir, unsigned op)
{
   if (ir->num_insns == ir->cap) {
      unsigned cap = ir->cap ? ir->cap * 2 : 64;
      struct nvc_g80_insn *n = realloc(ir->insns, cap * sizeof(*n));
      if (!n)
         return NULL;
      ir->insns = n;
      ir->cap = cap;
   }
   struct nvc_g80_insn *i = &ir->insns[ir->num_insns++];
   memset(i, 0, sizeof(*i));
   nvisa_g80_insn_init(&i->hw, op);
   return i;
}
