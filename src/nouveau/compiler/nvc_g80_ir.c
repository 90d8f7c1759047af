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
   free(ir->loops);
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

unsigned
nvc_g80_ir_new_label(struct nvc_g80_ir *ir)
{
   return ++ir->num_labels;
}

bool
nvc_g80_ir_add_label(struct nvc_g80_ir *ir, unsigned label)
{
   struct nvc_g80_insn *i = nvc_g80_ir_add(ir, NVISA_G80_OP_NOP);
   if (!i)
      return false;
   i->label = label;
   i->side_effect = true;
   return true;
}

bool
nvc_g80_ir_add_loop(struct nvc_g80_ir *ir, unsigned head, unsigned exit)
{
   if (ir->num_loops == ir->loops_cap) {
      unsigned cap = ir->loops_cap ? ir->loops_cap * 2 : 8;
      struct nvc_g80_loop *n = realloc(ir->loops, cap * sizeof(*n));
      if (!n)
         return false;
      ir->loops = n;
      ir->loops_cap = cap;
   }
   ir->loops[ir->num_loops++] = (struct nvc_g80_loop){ head, exit };
   return true;
}

bool
nvc_g80_is_control(unsigned op)
{
   switch (op) {
   case NVISA_G80_OP_KIL: case NVISA_G80_OP_BRA: case NVISA_G80_OP_RET:
   case NVISA_G80_OP_BREAK: case NVISA_G80_OP_BRKPT: case NVISA_G80_OP_CALL:
   case NVISA_G80_OP_BREAKADDR: case NVISA_G80_OP_QUADON:
   case NVISA_G80_OP_QUADPOP: case NVISA_G80_OP_TRAP: case NVISA_G80_OP_BAR:
   case NVISA_G80_OP_BAR_ALL: case NVISA_G80_OP_BRA_C:
   case NVISA_G80_OP_JOINAT: case NVISA_G80_OP_PRERET:
      return true;
   default:
      return false;
   }
}

bool
nvc_g80_ir_same_block(const struct nvc_g80_ir *ir, unsigned a, unsigned b)
{
   for (unsigned i = a + 1; i < b; i++)
      if (ir->insns[i].label || ir->insns[i].join ||
          nvc_g80_is_control(ir->insns[i].hw.op) ||
          /* a GP's emit takes $o as it is and clears it (misc.rst): a
           * result write moved across it would be lost */
          ir->insns[i].hw.op == NVISA_G80_OP_EMIT ||
          ir->insns[i].hw.op == NVISA_G80_OP_RESTART)
         return false;
   return true;
}
