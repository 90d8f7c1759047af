/*
 * Live ranges for the Tesla register allocator (nvc_g80_ra.c), following
 * the control flow of the list (nvc_g80_isel_cf.c lays NIR's structured
 * ifs and loops out in program order: an if's then side, else side and
 * join one after the other, a loop's body between its head label and
 * its back edge).
 *
 * A value's range is first to last instruction naming it (a definition
 * or a read; the several writes of a phi's value or a loop's break flag
 * included).  On that order ifs need nothing more: a lane runs the then
 * side or the else side (registers are per lane, isa.rst "Registers"),
 * and a value one side reads is kept over the other as well, which costs
 * a register at most.  Loops do: a value defined before a loop and read
 * inside it (a phi of the loop head: its copies before the loop and on
 * the back edge) is read again on the next trip, so its range runs to the
 * loop's back edge, the last instruction before the exit label.  A
 * value defined inside the loop and read after it needs nothing: NIR's
 * SSA form puts its definition on every path to the loop's exit, so each
 * trip writes it again before it can leave.  Loops are stretched
 * innermost first (ir->loops lists an inner loop after its outer one:
 * walked backwards), so a range an inner loop stretches is then seen by
 * the outer one.
 */
#include <stdlib.h>

#include "nvc_g80_ir.h"

#define NONE 0xffffffffu

bool
nvc_g80_live(const struct nvc_g80_ir *ir, unsigned *start, unsigned *end)
{
   unsigned *at = calloc(ir->num_labels + 1, sizeof(unsigned));
   if (!at)
      return false;
   for (unsigned v = 0; v < ir->num_values; v++) {
      start[v] = NONE;
      end[v] = 0;
   }
   for (unsigned i = 0; i < ir->num_insns; i++) {
      const struct nvc_g80_insn *in = &ir->insns[i];
      if (in->label)
         at[in->label] = i;
      for (unsigned o = 0; o < NVISA_FORM_MAX_OPNDS; o++) {
         if (!nvc_g80_is_value(in, o))
            continue;
         unsigned v = in->hw.opnd[o].val;
         if (start[v] == NONE)
            start[v] = i;
         end[v] = i;
      }
   }
   for (unsigned l = ir->num_loops; l-- > 0;) {
      unsigned head = at[ir->loops[l].head], exit = at[ir->loops[l].exit];
      for (unsigned v = 0; v < ir->num_values; v++)
         if (start[v] != NONE && start[v] < head && end[v] >= head &&
             end[v] < exit)
            end[v] = exit - 1;
   }
   free(at);
   return true;
}
