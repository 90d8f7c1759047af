/*
 * Register allocation for the Tesla backend: linear scan over the
 * straight-line program.  A value lives from the instruction that defines
 * it to its last reader; at each instruction the sources read for the
 * last time give their registers back before the destination takes one
 * (an instruction reads all its sources before it writes, isa.rst), so
 * `add $r0, $r0, $r1` is allowed.  The two predicated moves of a select
 * write one value: it is live from the first, so neither source of the
 * second can share its register.  Registers from ir->reserved up are
 * used, the lowest free first; the limit is the target's (the ISA's DST
 * field), and a program needing more is refused (nothing spills yet).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvc_g80_ir.h"

#define NO_REG 0xffffffffu

static unsigned
fail(char **err, const char *chip, unsigned max)
{
   if (err) {
      *err = malloc(160);
      if (*err)
         snprintf(*err, 160, "%s: the program needs more than the %u "
                  "registers a thread may have (no spilling yet)",
                  chip, max);
   }
   return 0;
}

unsigned
nvc_g80_ra(struct nvc_g80_ir *ir, unsigned max_gprs, const char *chip,
           char **err)
{
   unsigned n = ir->num_values;
   unsigned *last = calloc(n ? n : 1, sizeof(unsigned));
   unsigned *reg = malloc((n ? n : 1) * sizeof(unsigned));
   bool *busy = calloc(max_gprs, sizeof(bool));
   unsigned used = ir->reserved;

   if (!last || !reg || !busy) {
      free(last);
      free(reg);
      free(busy);
      return fail(err, chip, max_gprs);
   }
   for (unsigned v = 0; v < n; v++)
      reg[v] = NO_REG;

   /* last reader (or the definition, for a value nobody reads) */
   for (unsigned i = 0; i < ir->num_insns; i++) {
      const struct nvc_g80_insn *in = &ir->insns[i];
      for (unsigned o = 0; o < NVISA_FORM_MAX_OPNDS; o++)
         if (nvc_g80_is_value(in, o))
            last[in->hw.opnd[o].val] = i;
   }

   for (unsigned i = 0; i < ir->num_insns; i++) {
      struct nvc_g80_insn *in = &ir->insns[i];
      /* sources read for the last time */
      for (unsigned o = 1; o < NVISA_FORM_MAX_OPNDS; o++) {
         if (!nvc_g80_is_value(in, o))
            continue;
         unsigned v = in->hw.opnd[o].val;
         if (last[v] == i && reg[v] != NO_REG)
            busy[reg[v]] = false;
      }
      /* the destination */
      if (nvc_g80_is_value(in, 0) && !in->redef) {
         unsigned v = in->hw.opnd[0].val;
         unsigned r = ir->reserved;
         while (r < max_gprs && busy[r])
            r++;
         if (r == max_gprs) {
            free(last);
            free(reg);
            free(busy);
            return fail(err, chip, max_gprs);
         }
         reg[v] = r;
         busy[r] = true;
         if (r + 1 > used)
            used = r + 1;
         if (last[v] == i)
            busy[r] = false;
      }
      /* rewrite the operands */
      for (unsigned o = 0; o < NVISA_FORM_MAX_OPNDS; o++) {
         if (!nvc_g80_is_value(in, o))
            continue;
         unsigned v = in->hw.opnd[o].val;
         in->hw.opnd[o].val = reg[v];
      }
      in->virt = 0;
      /* a value whose last reader is this instruction and which it also
       * defines again (the second move of a select) stays busy until
       * here: free it now */
      if (in->redef) {
         for (unsigned v = 0; v < n; v++)
            if (last[v] == i && reg[v] == in->hw.opnd[0].val)
               busy[reg[v]] = false;
      }
   }
   free(last);
   free(reg);
   free(busy);
   return used;
}
