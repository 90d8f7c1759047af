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
 * A value is kept where every field naming it reaches: a half register
 * ($rNl/$rNh, isa.rst, numbered 2N or 2N+1) in the lower half of the
 * registers, an operand of a 6-bit field (the immediate forms' SDST,
 * SSRC0) in $r0..$r63.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvc_g80_ir.h"

#define NO_REG 0xffffffffu

/* The field holding a register operand's number: L0/L1/L2 name theirs
 * by kind (g80.xml enum OPND "fields"), REG and REG_O by argument. */
static unsigned
reg_field(const struct nvisa_form_opnd *k)
{
   switch (k->kind) {
   case NVISA_G80_OPND_S0: return NVISA_G80_F_SSRC0;
   case NVISA_G80_OPND_S1: return NVISA_G80_F_SSRC1;
   case NVISA_G80_OPND_L0: return NVISA_G80_F_SRC0;
   case NVISA_G80_OPND_L1: return NVISA_G80_F_SRC1;
   case NVISA_G80_OPND_L2: return NVISA_G80_F_SRC2;
   default: return k->field;
   }
}

static unsigned
fail(char **err, const char *chip, unsigned max, bool half)
{
   if (err) {
      *err = malloc(200);
      if (*err)
         snprintf(*err, 200, "%s: the program needs more than the %u "
                  "registers a thread may have%s (no spilling yet)",
                  chip, max, half ? " for a value a short register field names"
                  : "");
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
   /* the registers each value may take: max_gprs, fewer for halves */
   unsigned *limit = malloc((n ? n : 1) * sizeof(unsigned));
   bool *busy = calloc(max_gprs, sizeof(bool));
   unsigned used = ir->reserved;

   if (!last || !reg || !busy || !limit) {
      free(last);
      free(reg);
      free(busy);
      free(limit);
      return fail(err, chip, max_gprs, false);
   }
   for (unsigned v = 0; v < n; v++) {
      reg[v] = NO_REG;
      limit[v] = max_gprs;
   }

   /* last reader (or the definition, for a value nobody reads) */
   for (unsigned i = 0; i < ir->num_insns; i++) {
      const struct nvc_g80_insn *in = &ir->insns[i];
      const struct nvisa_form *form = nvisa_g80_form(in->hw.op);
      for (unsigned o = 0; o < NVISA_FORM_MAX_OPNDS; o++) {
         if (!nvc_g80_is_value(in, o))
            continue;
         unsigned v = in->hw.opnd[o].val;
         last[v] = i;
         if (o < form->nopnds) {
            /* the register field's reach: halves count twice */
            unsigned regs =
               1u << nvisa_g80_fields[reg_field(&form->opnd[o])].width;
            if (form->opnd[o].size == 2)
               regs /= 2;
            if (regs < limit[v])
               limit[v] = regs;
         }
      }
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
         while (r < limit[v] && busy[r])
            r++;
         if (r >= limit[v]) {
            unsigned l = limit[v];
            free(last);
            free(reg);
            free(busy);
            free(limit);
            return fail(err, chip, l, l < max_gprs);
         }
         reg[v] = r;
         busy[r] = true;
         if (r + 1 > used)
            used = r + 1;
         if (last[v] == i)
            busy[r] = false;
      }
      /* rewrite the operands: a half register is numbered 2N + high */
      const struct nvisa_form *form = nvisa_g80_form(in->hw.op);
      for (unsigned o = 0; o < NVISA_FORM_MAX_OPNDS; o++) {
         if (!nvc_g80_is_value(in, o))
            continue;
         unsigned v = in->hw.opnd[o].val;
         if (o < form->nopnds && form->opnd[o].size == 2)
            in->hw.opnd[o].val = reg[v] * 2 + ((in->hi >> o) & 1);
         else
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
   free(limit);
   return used;
}
