/*
 * IR pass: the operand rules of the hardware: one input register per
 * instruction (the input index is a single instruction field in both the
 * VP and the FP, nvfx_shader.h / nv40_vertprog.h INPUT_SRC), and one
 * constant: the VP has a single CONST_SRC index, the FP a single inline
 * vec4 after the instruction (nvfx_shader.h: "Constants are inserted
 * directly after the instruction that uses them").  Offending operands
 * are copied to a temporary first.
 */
#include "nvc_ir.h"

#include <string.h>

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

/* Adds the components a source reads of constant k to the instruction's
 * set of distinct constant components (at most 4: the one vec4 that an
 * instruction's constants share).  false, and the set unchanged, when
 * they do not fit. */
static bool
add_const_keys(uint64_t keys[4], unsigned *nkeys, const struct nvc_src *s,
               const struct nvc_constv *k, uint8_t pos_mask)
{
   uint64_t nk[4];
   unsigned nn = *nkeys;
   memcpy(nk, keys, sizeof(nk));
   for (unsigned pos = 0; pos < 4; pos++) {
      if (!(pos_mask & (1u << pos)))
         continue;
      unsigned comp = s->swz[pos] & 3;
      uint64_t key = comp < k->num_comps ? const_comp_key(&k->c[comp]) : 0;
      bool found = false;
      for (unsigned q = 0; q < nn; q++)
         found |= nk[q] == key;
      if (!found) {
         if (nn == 4)
            return false;
         nk[nn++] = key;
      }
   }
   memcpy(keys, nk, sizeof(nk));
   *nkeys = nn;
   return true;
}

void
nvc_legalize_operands(struct nvc_prog *p)
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
       * its own when expanded; so does LDC (the index by the ARL, the
       * array by the indexed read). */
      if (insn->op == NVC_OP_SEL || insn->op == NVC_OP_KIL ||
          insn->op == NVC_OP_LDC)
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
               fits = vp_uniform_slot < 0 &&
                      add_const_keys(keys, &nkeys, s, k, pos_mask);
               if (fits)
                  vp_have_imm = true;
            }
            if (!fits)
               move_to_temp(p, &i, si);
            continue;
         }

         /* FP: all constant components of the instruction share one
          * inline vec4. */
         if (!add_const_keys(keys, &nkeys, s, k, pos_mask))
            move_to_temp(p, &i, si);
      }
   }
}
