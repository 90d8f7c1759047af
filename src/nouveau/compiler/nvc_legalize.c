/*
 * IR clean-up before register allocation:
 *  - fold "MOV output, value" into the instruction computing the value
 *    when it has no other use (both units can write results directly:
 *    VP output registers, FP H0/R1 result registers);
 *  - enforce the operand rules of the hardware: one input register per
 *    instruction (the input index is a single instruction field in both
 *    the VP and the FP, nvfx_shader.h / nv40_vertprog.h INPUT_SRC), and
 *    one constant: the VP has a single CONST_SRC index, the FP a single
 *    inline vec4 after the instruction (nvfx_shader.h: "Constants are
 *    inserted directly after the instruction that uses them").
 *    Offending operands are copied to a temporary first.
 */
#include "nvc_ir.h"

#include <string.h>

static void
count_uses(struct nvc_prog *p)
{
   for (unsigned v = 0; v < p->num_values; v++)
      p->values[v].uses = 0;
   for (unsigned i = 0; i < p->num_insns; i++) {
      struct nvc_insn *insn = &p->insns[i];
      for (unsigned s = 0; s < 3; s++)
         if (insn->src[s].file == NVC_FILE_VALUE)
            p->values[insn->src[s].index].uses++;
   }
}

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
nvc_opt_dce(struct nvc_prog *p)
{
   bool progress;
   do {
      progress = false;
      count_uses(p);
      unsigned n = 0;
      for (unsigned i = 0; i < p->num_insns; i++) {
         const struct nvc_insn *insn = &p->insns[i];
         bool dead = insn->dst.file == NVC_FILE_VALUE &&
                     !(p->values[insn->dst.index].flags & NVC_VALUE_PRECOLORED) &&
                     p->values[insn->dst.index].uses == 0;
         if (dead) {
            progress = true;
            continue;
         }
         p->insns[n++] = *insn;
      }
      p->num_insns = n;
   } while (progress);
}

static bool
writes_cc(const struct nvc_insn *insn)
{
   /* IF updates them with its condition when emitted */
   return insn->cc_update || insn->op == NVC_OP_IF ||
          (insn->op == NVC_OP_SEL && !insn->cond_in_cc) ||
          (insn->op == NVC_OP_KIL && insn->src[0].file != NVC_FILE_NONE &&
           !insn->cond_in_cc);
}

void
nvc_opt_fuse_cc(struct nvc_prog *p)
{
   count_uses(p);
   for (unsigned i = 0; i < p->num_insns; i++) {
      struct nvc_insn *use = &p->insns[i];
      if ((use->op != NVC_OP_SEL && use->op != NVC_OP_KIL) ||
          use->src[0].file != NVC_FILE_VALUE)
         continue;
      unsigned v = use->src[0].index;
      if (p->values[v].uses != 1)
         continue;
      /* its single definition, with no condition-code writer between */
      int def = -1;
      unsigned ndefs = 0;
      for (unsigned j = 0; j < i; j++)
         if (p->insns[j].dst.file == NVC_FILE_VALUE && p->insns[j].dst.index == v) {
            def = j;
            ndefs++;
         }
      if (ndefs != 1)
         continue;
      /* nor a block boundary: the two may run for other fragments */
      bool clobber = false;
      for (unsigned j = def + 1; j < i; j++)
         clobber |= writes_cc(&p->insns[j]) || nvc_op_is_cf(p->insns[j].op);
      const struct nvc_insn *d = &p->insns[def];
      if (clobber || d->op == NVC_OP_SEL || d->cc_update ||
          nvc_op_info[d->op].kind == NVC_KIND_TEX)
         continue;
      /* The condition is tested != 0, which neither negation nor
       * absolute value of the operand changes. */
      p->insns[def].cc_update = true;
      use->cond_in_cc = true;
   }
}

void
nvc_opt_fold_moves(struct nvc_prog *p)
{
   /* Folding moves a definition to where the copy was: with control
    * flow the two may lie in different blocks (the copies into phis),
    * so copies stay. */
   if (p->has_cf)
      return;
   count_uses(p);

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

uint8_t
nvc_positions_read(const struct nvc_insn *insn)
{
   const struct nvc_op_info *info = &nvc_op_info[insn->op];
   switch (info->kind) {
   case NVC_KIND_REDUCE:
      return insn->op == NVC_OP_DP3 ? 0x7 : 0xf;
   case NVC_KIND_SCALAR:
   case NVC_KIND_NONE:
      return 0x1;
   case NVC_KIND_TEX:
      return 0xf;
   default:
      return insn->dst.mask ? insn->dst.mask : 0x1;
   }
}

/* Copies source si of instruction *pos into a new temporary, inserted
 * before it. */
static unsigned
move_to_temp(struct nvc_prog *p, unsigned *pos, unsigned si)
{
   struct nvc_src orig = p->insns[*pos].src[si];
   unsigned ncomp = 4;
   if (orig.file == NVC_FILE_CONST)
      ncomp = p->consts[orig.index].num_comps ? p->consts[orig.index].num_comps : 1;
   unsigned t = nvc_new_value(p, ncomp);
   struct nvc_insn *mov = nvc_insert(p, *pos, NVC_OP_MOV);
   mov->dst = nvc_dst_value(p, t);
   mov->src[0] = orig;
   mov->src[0].neg = mov->src[0].abs = false;
   for (unsigned k = 0; k < 4; k++)
      mov->src[0].swz[k] = k;
   (*pos)++;
   struct nvc_src *s = &p->insns[*pos].src[si];
   s->file = NVC_FILE_VALUE;
   s->index = t;
   return t;
}

/* Constant component identity for the FP's "≤ 4 distinct components". */
static uint64_t
const_comp_key(const struct nvc_const_comp *c)
{
   if (c->is_uniform)
      return (1ull << 32) | c->uniform_dword;
   uint32_t bits;
   memcpy(&bits, &c->value, 4);
   return bits;
}

void
nvc_legalize(struct nvc_prog *p)
{
   unsigned input_copy[16] = { 0 };   /* value id + 1 */
   for (unsigned i = 0; i < p->num_insns; i++) {
      struct nvc_insn *insn = &p->insns[i];
      const struct nvc_op_info *info = &nvc_op_info[insn->op];
      /* A copy of an input made in one block may not have run for the
       * fragments reaching the next. */
      if (nvc_op_is_cf(insn->op))
         memset(input_copy, 0, sizeof(input_copy));
      /* SEL and a conditional KIL read each operand in an instruction of
       * its own when expanded. */
      if (insn->op == NVC_OP_SEL || insn->op == NVC_OP_KIL)
         continue;

      uint8_t pos_mask = nvc_positions_read(insn);
      int input = -1;
      int vp_uniform_slot = -1;
      bool vp_have_imm = false;
      uint64_t keys[4];
      unsigned nkeys = 0;

      for (unsigned si = 0; si < info->num_srcs; si++) {
         struct nvc_src *s = &p->insns[i].src[si];
         if (s->file == NVC_FILE_INPUT) {
            if (input < 0 || input == s->index) {
               input = s->index;
               continue;
            }
            /* Inputs never change: one copy serves every later use. */
            unsigned in = s->index;
            if (in < 16 && input_copy[in]) {
               s->file = NVC_FILE_VALUE;
               s->index = input_copy[in] - 1;
               continue;
            }
            unsigned t = move_to_temp(p, &i, si);
            if (in < 16)
               input_copy[in] = t + 1;
            continue;
         }
         if (s->file != NVC_FILE_CONST)
            continue;

         const struct nvc_constv *k = &p->consts[s->index];
         if (!p->is_fp) {
            /* One constant register: a uniform slot, or immediates
             * packed into one register by the emitter (≤ 4 values). */
            bool uniform = k->hw_fixed || (k->num_comps && k->c[0].is_uniform);
            bool fits;
            if (uniform) {
               int slot = k->hw_fixed ? 0x10000 + k->hw_slot
                                      : (int)(k->c[0].uniform_dword / 4);
               fits = !vp_have_imm && (vp_uniform_slot < 0 || vp_uniform_slot == slot);
               if (fits)
                  vp_uniform_slot = slot;
            } else {
               fits = vp_uniform_slot < 0;
               if (fits) {
                  uint64_t nk[4];
                  unsigned nn = nkeys;
                  memcpy(nk, keys, sizeof(keys));
                  for (unsigned pos = 0; pos < 4 && fits; pos++) {
                     if (!(pos_mask & (1u << pos)))
                        continue;
                     unsigned comp = s->swz[pos] & 3;
                     uint64_t key = comp < k->num_comps ? const_comp_key(&k->c[comp]) : 0;
                     bool found = false;
                     for (unsigned q = 0; q < nn; q++)
                        found |= nk[q] == key;
                     if (!found) {
                        if (nn == 4)
                           fits = false;
                        else
                           nk[nn++] = key;
                     }
                  }
                  if (fits) {
                     memcpy(keys, nk, sizeof(keys));
                     nkeys = nn;
                     vp_have_imm = true;
                  }
               }
            }
            if (!fits)
               move_to_temp(p, &i, si);
            continue;
         }

         /* FP: all constant components of the instruction share one
          * inline vec4. */
         uint64_t nk[4];
         unsigned nn = nkeys;
         bool fits = true;
         memcpy(nk, keys, sizeof(keys));
         for (unsigned pos = 0; pos < 4 && fits; pos++) {
            if (!(pos_mask & (1u << pos)))
               continue;
            unsigned comp = s->swz[pos] & 3;
            uint64_t key = comp < k->num_comps ? const_comp_key(&k->c[comp]) : 0;
            bool found = false;
            for (unsigned q = 0; q < nn; q++)
               found |= nk[q] == key;
            if (!found) {
               if (nn == 4)
                  fits = false;
               else
                  nk[nn++] = key;
            }
         }
         if (fits) {
            memcpy(keys, nk, sizeof(keys));
            nkeys = nn;
         } else {
            move_to_temp(p, &i, si);
         }
      }
   }
}
