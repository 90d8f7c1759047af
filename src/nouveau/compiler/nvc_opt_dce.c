/*
 * IR pass: instructions whose results nobody reads are removed (results
 * placed by instruction selection, precoloured, always stay), until none
 * is left.
 */
#include "nvc_ir.h"

void
nvc_opt_dce(struct nvc_prog *p)
{
   bool progress;
   do {
      progress = false;
      nvc_count_uses(p);
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
