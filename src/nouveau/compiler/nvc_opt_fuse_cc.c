/*
 * IR pass: a comparison feeding a SEL or a conditional KIL updates the
 * condition codes itself, saving the separate condition-code move.
 */
#include "nvc_ir.h"

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
   nvc_count_uses(p);
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
