/*
 * IR pass: "MOV D, S" folded into the instructions computing S when S has
 * no other use: both units can write results directly (VP output
 * registers, FP H0/R1 result registers) and vectors are built in place.
 */
#include "nvc_ir.h"

#include <string.h>

static bool
same_location(const struct nvc_value *a, const struct nvc_value *b)
{
   return a->loc_file == b->loc_file && a->reg == b->reg;
}

/* Does instruction k touch value d (or, for result registers, the same
 * hardware register)?  `reads` / `writes` report how. */
static void
touches(const struct nvc_prog *p, const struct nvc_insn *k, unsigned d,
        bool *reads, bool *writes)
{
   const struct nvc_value *dv = &p->values[d];
   *reads = *writes = false;
   for (unsigned s = 0; s < nvc_op_info[k->op].num_srcs; s++)
      if (k->src[s].file == NVC_FILE_VALUE && k->src[s].index == d)
         *reads = true;
   if (k->dst.file == NVC_FILE_VALUE) {
      const struct nvc_value *kv = &p->values[k->dst.index];
      if (k->dst.index == d ||
          ((dv->flags & NVC_VALUE_PRECOLORED) &&
           (kv->flags & NVC_VALUE_PRECOLORED) && same_location(kv, dv)))
         *writes = true;
   }
}

/* Tries to make the instructions defining S write D directly, for the
 * copy `MOV D.mask, S.swz` at position i (S has no other use). */
static bool
fold_one(struct nvc_prog *p, unsigned i)
{
   struct nvc_insn *mov = &p->insns[i];
   unsigned d = mov->dst.index;
   struct nvc_src *src = &mov->src[0];
   unsigned sv = src->index;
   struct nvc_value *dv = &p->values[d];
   struct nvc_value *s = &p->values[sv];

   int defs[4];
   unsigned ndefs = 0;
   for (unsigned j = 0; j < i; j++) {
      if (p->insns[j].dst.file == NVC_FILE_VALUE && p->insns[j].dst.index == sv) {
         if (ndefs == 4)
            return false;
         defs[ndefs++] = j;
      }
   }
   if (!ndefs)
      return false;

   /* Between the first definition and the copy, nothing may read D or
    * write it (its other components are fine for plain values: the copy
    * writes only its mask, so earlier partial writes stay ordered). */
   for (unsigned j = defs[0] + 1; j < i; j++) {
      bool r, w;
      touches(p, &p->insns[j], d, &r, &w);
      if (r)
         return false;
      if (w) {
         bool is_def = false;
         for (unsigned q = 0; q < ndefs; q++)
            is_def |= defs[q] == (int)j;
         if (is_def)
            continue;
         if ((dv->flags & NVC_VALUE_PRECOLORED) ||
             (p->insns[j].dst.mask & mov->dst.mask))
            return false;
      }
   }

   /* New masks and swizzles for every definition. */
   uint8_t nmask[4];
   uint8_t nswz[4][3][4];
   bool tex = false;
   for (unsigned q = 0; q < ndefs; q++) {
      const struct nvc_insn *def = &p->insns[defs[q]];
      const struct nvc_op_info *info = &nvc_op_info[def->op];
      if (info->kind == NVC_KIND_NONE)
         return false;
      nmask[q] = 0;
      for (unsigned si = 0; si < 3; si++)
         memcpy(nswz[q][si], def->src[si].swz, 4);
      for (unsigned m = 0; m < dv->num_comps; m++) {
         if (!(mov->dst.mask & (1u << m)))
            continue;
         unsigned comp = src->swz[m] & 3;
         if (comp >= s->num_comps)
            return false;
         if (!(def->dst.mask & (1u << comp)))
            continue;
         nmask[q] |= 1u << m;
         if (info->kind == NVC_KIND_COMPONENT) {
            for (unsigned si = 0; si < info->num_srcs; si++)
               nswz[q][si][m] = def->src[si].swz[comp];
         } else if (info->kind == NVC_KIND_TEX) {
            /* texture results land on their own channels */
            if (comp != m)
               return false;
            tex = true;
         }
      }
      if (!nmask[q])
         return false;
   }
   /* Every component the copy writes must come from some definition. */
   uint8_t covered = 0;
   for (unsigned q = 0; q < ndefs; q++)
      covered |= nmask[q];
   if (covered != (mov->dst.mask & ((1u << dv->num_comps) - 1)))
      return false;
   if (tex || (s->flags & NVC_VALUE_IDENTITY)) {
      if (dv->flags & NVC_VALUE_PRECOLORED) {
         for (unsigned m = 0; m < dv->num_comps; m++)
            if ((mov->dst.mask & (1u << m)) && dv->chan[m] != m)
               return false;
      }
   }

   for (unsigned q = 0; q < ndefs; q++) {
      struct nvc_insn *def = &p->insns[defs[q]];
      for (unsigned si = 0; si < 3; si++)
         memcpy(def->src[si].swz, nswz[q][si], 4);
      def->dst.index = d;
      def->dst.mask = nmask[q];
      def->sat |= mov->sat;
   }
   if (tex || (s->flags & NVC_VALUE_IDENTITY))
      dv->flags |= NVC_VALUE_IDENTITY;
   memmove(&p->insns[i], &p->insns[i + 1],
           (p->num_insns - i - 1) * sizeof(*p->insns));
   p->num_insns--;
   return true;
}

void
nvc_opt_fold_moves(struct nvc_prog *p)
{
   /* Folding moves a definition to where the copy was: with control
    * flow the two may lie in different blocks (the copies into phis),
    * so copies stay. */
   if (p->has_cf)
      return;
   nvc_count_uses(p);

   for (unsigned i = 0; i < p->num_insns; i++) {
      struct nvc_insn *mov = &p->insns[i];
      if (mov->op != NVC_OP_MOV || mov->dst.file != NVC_FILE_VALUE)
         continue;
      struct nvc_src *src = &mov->src[0];
      if (src->file != NVC_FILE_VALUE || src->neg || src->abs ||
          src->index == mov->dst.index)
         continue;
      struct nvc_value *s = &p->values[src->index];
      struct nvc_value *dv = &p->values[mov->dst.index];
      if (s->uses != 1 ||
          (s->flags & (NVC_VALUE_PRECOLORED | NVC_VALUE_XY_ONLY)) ||
          (dv->flags & NVC_VALUE_XY_ONLY))
         continue;
      /* A saturating copy can only fold into definitions it covers. */
      if (fold_one(p, i))
         i--;
   }
}
