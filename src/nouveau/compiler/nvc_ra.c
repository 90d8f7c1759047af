/*
 * Register allocation: a linear scan over live intervals in order of
 * definition, placing each value on free channels of the lowest-numbered
 * register that has enough.  Intervals are exact for straight-line code.
 * With control flow they are widened where program order is not
 * execution order: a value live into a loop, or read in a loop before its
 * definition there (the previous iteration's), lives through the whole
 * loop.  An if's two parts need nothing: each fragment runs one of them.
 *
 * Values are placed per channel: the hardware's source swizzles and
 * destination write masks let any instruction read and write any channels
 * (NV_vertex_program "swizzle"/"write mask"; NV_fragment_program same), so
 * a scalar and a vec3 can share one register.  Exceptions: texture
 * results come back as rgba in xyzw (identity placement), DDX/DDY write x
 * and y only (nvfx_shader.h).
 *
 * Register budget: VP 32 temporaries (nv40_vertprog.h: "a total of 32
 * temporary registers"); FP 48 (nvfx_fragprog.c max_temps on nv4x), minus
 * the result registers the FP uses (R0 colour, R1 depth, R2-R4 MRT).
 */
#include "nvc_ir.h"

#include "util/macros.h"

#include <stdlib.h>
#include <string.h>

static void extend_over_loops(struct nvc_prog *p, const int *first_read);

static void
compute_liveness(struct nvc_prog *p)
{
   int *first_read = malloc(MAX2(p->num_values, 1) * sizeof(int));
   for (unsigned v = 0; v < p->num_values; v++) {
      p->values[v].start = -1;
      p->values[v].end = -1;
      if (first_read)
         first_read[v] = -1;
   }
   for (unsigned i = 0; i < p->num_insns; i++) {
      const struct nvc_insn *insn = &p->insns[i];
      const struct nvc_op_info *info = &nvc_op_info[insn->op];
      /* SEL writes its destination before reading its last operand. */
      int read_at = insn->op == NVC_OP_SEL ? 2 * i + 1 : 2 * i;
      for (unsigned s = 0; s < info->num_srcs; s++) {
         if (insn->src[s].file != NVC_FILE_VALUE)
            continue;
         struct nvc_value *v = &p->values[insn->src[s].index];
         if (read_at > v->end)
            v->end = read_at;
         if (first_read && first_read[insn->src[s].index] < 0)
            first_read[insn->src[s].index] = read_at;
      }
      if (insn->dst.file == NVC_FILE_VALUE) {
         struct nvc_value *v = &p->values[insn->dst.index];
         int def_at = 2 * i + 1;
         if (v->start < 0)
            v->start = def_at;
         if (def_at > v->end)
            v->end = def_at;
      }
   }
   if (p->has_cf) {
      if (first_read)
         extend_over_loops(p, first_read);
      else
         nvc_prog_error(p, "out of memory");
   }
   free(first_read);
}

static void
extend_over_loops(struct nvc_prog *p, const int *first_read)
{
   bool progress;
   do {
      progress = false;
      int stack[64];
      unsigned sp = 0;
      for (unsigned i = 0; i < p->num_insns; i++) {
         if (p->insns[i].op == NVC_OP_LOOP) {
            if (sp < ARRAY_SIZE(stack))
               stack[sp] = i;
            sp++;
            continue;
         }
         if (p->insns[i].op != NVC_OP_ENDLOOP || !sp)
            continue;
         sp--;
         if (sp >= ARRAY_SIZE(stack))
            continue;
         int l0 = 2 * stack[sp], l1 = 2 * (int)i + 1;
         for (unsigned v = 0; v < p->num_values; v++) {
            struct nvc_value *val = &p->values[v];
            if (val->start < 0)
               continue;
            bool live_in = val->start < l0 && val->end > l0;
            bool carried = val->start > l0 && val->start < l1 &&
                           first_read[v] > l0 && first_read[v] < val->start;
            if (carried && val->start != l0) {
               val->start = l0;
               progress = true;
            }
            if ((live_in || carried) && val->end < l1) {
               val->end = l1;
               progress = true;
            }
         }
      }
   } while (progress);
}

/* Stable insertion sort of value ids by start point (ids are mostly in
 * order already: only temporaries made by nvc_legalize_operands come late). */
static void
sort_by_start(const struct nvc_prog *p, unsigned *order, unsigned n)
{
   for (unsigned i = 1; i < n; i++) {
      unsigned v = order[i];
      unsigned j = i;
      while (j > 0 && p->values[order[j - 1]].start > p->values[v].start) {
         order[j] = order[j - 1];
         j--;
      }
      order[j] = v;
   }
}

bool
nvc_ra(struct nvc_prog *p)
{
   compute_liveness(p);

   /* Result registers the FP writes are not available. */
   uint64_t reserved = p->reserved_regs;
   for (unsigned v = 0; v < p->num_values; v++) {
      const struct nvc_value *val = &p->values[v];
      if ((val->flags & NVC_VALUE_PRECOLORED) && val->start >= 0 &&
          val->loc_file == NVC_LOC_TEMP)
         reserved |= 1ull << val->reg;
   }
   p->reserved_regs = reserved;

   unsigned *order = malloc(MAX2(p->num_values, 1) * sizeof(unsigned));
   if (!order) {
      nvc_prog_error(p, "out of memory");
      return false;
   }
   unsigned n = 0;
   for (unsigned v = 0; v < p->num_values; v++)
      if (!(p->values[v].flags & NVC_VALUE_PRECOLORED) && p->values[v].start >= 0)
         order[n++] = v;
   sort_by_start(p, order, n);

   int busy[64][4];
   for (unsigned r = 0; r < 64; r++)
      for (unsigned c = 0; c < 4; c++)
         busy[r][c] = -1;

   unsigned used = 0;
   bool ok = true;
   for (unsigned k = 0; k < n && ok; k++) {
      struct nvc_value *v = &p->values[order[k]];
      bool placed = false;
      for (unsigned r = 0; r < p->max_temps && !placed; r++) {
         if (reserved & (1ull << r))
            continue;
         uint8_t chans[4];
         unsigned got = 0;
         if (v->flags & NVC_VALUE_IDENTITY) {
            for (unsigned c = 0; c < v->num_comps; c++)
               if (busy[r][c] < v->start)
                  chans[got++] = c;
            if (got < v->num_comps)
               continue;
         } else {
            unsigned limit = (v->flags & NVC_VALUE_XY_ONLY) ? 2 : 4;
            for (unsigned c = 0; c < limit && got < v->num_comps; c++)
               if (busy[r][c] < v->start)
                  chans[got++] = c;
            if (got < v->num_comps)
               continue;
         }
         v->loc_file = NVC_LOC_TEMP;
         v->reg = r;
         for (unsigned c = 0; c < v->num_comps; c++) {
            v->chan[c] = chans[c];
            busy[r][chans[c]] = v->end;
         }
         if (r + 1 > used)
            used = r + 1;
         placed = true;
      }
      if (!placed) {
         nvc_prog_error(p, "program needs more than the %u temporary "
                        "registers the %s has", p->max_temps,
                        p->is_fp ? "fragment unit" : "vertex unit");
         p->out_of_temps = true;
         ok = false;
      }
   }
   free(order);
   p->num_temps = used;
   return ok;
}
