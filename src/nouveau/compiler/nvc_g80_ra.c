/*
 * Register allocation for the Tesla backend: linear scan over the list,
 * on the live ranges nvc_g80_live.c computes (first to last instruction
 * naming a value, stretched over the loops whose back edge reads it
 * again).  At each instruction the values whose range ends there give
 * their registers back before the destination takes one (an instruction
 * reads all its sources before it writes, isa.rst), so
 * `add $r0, $r0, $r1` is allowed.  A value written by several
 * instructions (a select's two predicated moves, a phi's copies, a
 * loop's break flag) takes its register at the first and keeps it to
 * its range's end, so no source of a later write can share it.
 * Registers from ir->reserved up are used, the lowest free first; the
 * limit is the target's (the ISA's DST field), and a program needing
 * more is refused (nothing spills yet).
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

static void
free_all(unsigned *a, unsigned *b, unsigned *c, bool *d, unsigned *e,
         unsigned *f)
{
   free(a);
   free(b);
   free(c);
   free(d);
   free(e);
   free(f);
}

unsigned
nvc_g80_ra(struct nvc_g80_ir *ir, unsigned max_gprs, const char *chip,
           char **err)
{
   unsigned n = ir->num_values ? ir->num_values : 1;
   unsigned *start = malloc(n * sizeof(unsigned));
   unsigned *end = malloc(n * sizeof(unsigned));
   unsigned *reg = malloc(n * sizeof(unsigned));
   /* the registers each value may take: max_gprs, fewer for halves */
   unsigned *limit = malloc(n * sizeof(unsigned));
   /* values by the end of their range: ending[first_end[i]..] */
   unsigned *order = malloc(n * sizeof(unsigned));
   bool *busy = calloc(max_gprs, sizeof(bool));
   unsigned first = ir->reserved + ir->tex_regs;
   unsigned used = first;

   if (!start || !end || !reg || !busy || !limit || !order ||
       !nvc_g80_live(ir, start, end)) {
      free_all(start, end, reg, busy, limit, order);
      return fail(err, chip, max_gprs, false);
   }
   for (unsigned v = 0; v < ir->num_values; v++) {
      reg[v] = NO_REG;
      limit[v] = max_gprs;
   }

   for (unsigned i = 0; i < ir->num_insns; i++) {
      const struct nvc_g80_insn *in = &ir->insns[i];
      const struct nvisa_form *form = nvisa_g80_form(in->hw.op);
      for (unsigned o = 0; o < NVISA_FORM_MAX_OPNDS && o < form->nopnds;
           o++) {
         if (!nvc_g80_is_value(in, o))
            continue;
         unsigned v = in->hw.opnd[o].val;
         /* the register field's reach: halves count twice */
         unsigned regs =
            1u << nvisa_g80_fields[reg_field(&form->opnd[o])].width;
         if (form->opnd[o].size == 2)
            regs /= 2;
         if (regs < limit[v])
            limit[v] = regs;
      }
   }

   /* the values sorted by the end of their range (counting sort) */
   unsigned *first_end = calloc(ir->num_insns + 1, sizeof(unsigned));
   if (!first_end) {
      free_all(start, end, reg, busy, limit, order);
      return fail(err, chip, max_gprs, false);
   }
   for (unsigned v = 0; v < ir->num_values; v++)
      if (start[v] != NO_REG)
         first_end[end[v] + 1]++;
   for (unsigned i = 0; i < ir->num_insns; i++)
      first_end[i + 1] += first_end[i];
   {
      unsigned *fill = calloc(ir->num_insns + 1, sizeof(unsigned));
      if (!fill) {
         free(first_end);
         free_all(start, end, reg, busy, limit, order);
         return fail(err, chip, max_gprs, false);
      }
      for (unsigned v = 0; v < ir->num_values; v++)
         if (start[v] != NO_REG)
            order[first_end[end[v]] + fill[end[v]]++] = v;
      free(fill);
   }

   for (unsigned i = 0; i < ir->num_insns; i++) {
      struct nvc_g80_insn *in = &ir->insns[i];
      bool defines = nvc_g80_is_value(in, 0) && !in->redef;
      unsigned dst = defines ? in->hw.opnd[0].val : NO_REG;
      /* ranges ending here, but the one this instruction starts */
      for (unsigned k = first_end[i]; k < first_end[i + 1]; k++) {
         unsigned v = order[k];
         if (v != dst && reg[v] != NO_REG)
            busy[reg[v]] = false;
      }
      /* the destination */
      if (defines && reg[dst] == NO_REG) {
         unsigned r = first;
         while (r < limit[dst] && busy[r])
            r++;
         if (r >= limit[dst]) {
            unsigned l = limit[dst];
            free(first_end);
            free_all(start, end, reg, busy, limit, order);
            return fail(err, chip, l, l < max_gprs);
         }
         reg[dst] = r;
         busy[r] = true;
         if (r + 1 > used)
            used = r + 1;
         if (end[dst] == i)
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
   }
   free(first_end);
   free_all(start, end, reg, busy, limit, order);
   return used;
}
