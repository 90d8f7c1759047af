/*
 * Fragment program encoding for both FP ISAs: allocated IR -> struct
 * nvisa_nv40_fp_insn (the decoded form NV30 and NV40 share) -> words,
 * through the target's packer (nvc_target.fp.encode: nvisa_nv40_fp.h or
 * nvisa_nv30_fp.h).  What differs between the ISAs comes from the
 * target: the packer, the opcodes the ISA has (fp.ops), the input
 * numbering (isel), branching (fp.branching: rankine's
 * NV_fragment_program has none, so a program reaching here with control
 * flow for such a target is an internal error, isel having refused it)
 * and the FP_CONTROL format (fp.control).
 *
 * Facts (nv40_fp.xml, nv30_fp.xml, from upstream nvfx_shader.h /
 * nvfx_fragprog.c):
 * 4-word instructions, each followed by its 4-word inline constant when a
 * source reads the constant file; one input register per instruction;
 * colour results in H0/H4/H6/H8, depth in R1.z; the last instruction has
 * END; KIL kills the fragment when its condition test passes;
 * FP_CONTROL holds the register count (TEMP_COUNT) and a KIL flag.
 * Branches (IS_BRANCH, NV_fragment_program2's IF/REP/BRK): IF tests the
 * condition codes like any conditional instruction, its TARGET is the
 * word where the else part starts and its END the word after the endif;
 * REP's END is the word after the loop body, its COUNT the iterations
 * (INIT and INCR equal to COUNT for REP, nvisa_nv40_fp.h); offsets are
 * absolute words from the program start.
 */
#include <stdlib.h>
#include <string.h>

#include "nvc_fp_emit.h"
#include "nvisa_nv40_fp.h"

/* Open ifs and loops the encoder can track: the most the ISA allows
 * (nv40_fp.xml); the target's fp.max_if_depth/max_loop_depth, at most
 * these, are checked. */
#define FP_CF_DEPTH (NVISA_NV40_FP_MAX_IF_DEPTH + NVISA_NV40_FP_MAX_LOOP_DEPTH)

struct fp_emit {
   struct nvc_prog *p;
   struct nvc_fp_binary *out;
   unsigned cap_words, cap_patches;
   unsigned last_insn_word;
   /* open IFs and loops: the word of their branch instruction */
   unsigned cf_word[FP_CF_DEPTH];
   bool cf_else[FP_CF_DEPTH];
   bool cf_loop[FP_CF_DEPTH];
   unsigned cf_depth, if_depth, loop_depth;
};

static bool
reserve_words(struct fp_emit *e, unsigned n)
{
   struct nvc_fp_binary *out = e->out;
   if (out->num_words + n <= e->cap_words)
      return true;
   unsigned ncap = e->cap_words ? e->cap_words * 2 : 64;
   while (ncap < out->num_words + n)
      ncap *= 2;
   uint32_t *w = realloc(out->insns, ncap * sizeof(uint32_t));
   if (!w) {
      nvc_prog_error(e->p, "out of memory");
      return false;
   }
   out->insns = w;
   e->cap_words = ncap;
   return true;
}

static bool
add_patch(struct fp_emit *e, uint32_t word, uint32_t dword)
{
   struct nvc_fp_binary *out = e->out;
   if (out->num_patches == e->cap_patches) {
      unsigned ncap = e->cap_patches ? e->cap_patches * 2 : 16;
      struct nvc_fp_patch *n = realloc(out->patches, ncap * sizeof(*n));
      if (!n) {
         nvc_prog_error(e->p, "out of memory");
         return false;
      }
      out->patches = n;
      e->cap_patches = ncap;
   }
   out->patches[out->num_patches].word = word;
   out->patches[out->num_patches].uniform_dword = dword;
   out->num_patches++;
   return true;
}

static unsigned
hw_op(unsigned op)
{
   switch (op) {
   case NVC_OP_MOV: return NVISA_NV40_FP_OP_MOV;
   case NVC_OP_MUL: return NVISA_NV40_FP_OP_MUL;
   case NVC_OP_ADD: return NVISA_NV40_FP_OP_ADD;
   case NVC_OP_MAD: return NVISA_NV40_FP_OP_MAD;
   case NVC_OP_DP3: return NVISA_NV40_FP_OP_DP3;
   case NVC_OP_DP4: return NVISA_NV40_FP_OP_DP4;
   case NVC_OP_MIN: return NVISA_NV40_FP_OP_MIN;
   case NVC_OP_MAX: return NVISA_NV40_FP_OP_MAX;
   case NVC_OP_SLT: return NVISA_NV40_FP_OP_SLT;
   case NVC_OP_SGE: return NVISA_NV40_FP_OP_SGE;
   case NVC_OP_SEQ: return NVISA_NV40_FP_OP_SEQ;
   case NVC_OP_SNE: return NVISA_NV40_FP_OP_SNE;
   case NVC_OP_SGT: return NVISA_NV40_FP_OP_SGT;
   case NVC_OP_SLE: return NVISA_NV40_FP_OP_SLE;
   case NVC_OP_FRC: return NVISA_NV40_FP_OP_FRC;
   case NVC_OP_FLR: return NVISA_NV40_FP_OP_FLR;
   case NVC_OP_RCP: return NVISA_NV40_FP_OP_RCP;
   case NVC_OP_RSQ: return NVISA_NV40_FP_OP_RSQ;
   case NVC_OP_LRP: return NVISA_NV40_FP_OP_LRP;
   case NVC_OP_POW: return NVISA_NV40_FP_OP_POW;
   case NVC_OP_EX2: return NVISA_NV40_FP_OP_EX2;
   case NVC_OP_LG2: return NVISA_NV40_FP_OP_LG2;
   case NVC_OP_SIN: return NVISA_NV40_FP_OP_SIN;
   case NVC_OP_COS: return NVISA_NV40_FP_OP_COS;
   case NVC_OP_DDX: return NVISA_NV40_FP_OP_DDX;
   case NVC_OP_DDY: return NVISA_NV40_FP_OP_DDY;
   case NVC_OP_TEX: return NVISA_NV40_FP_OP_TEX;
   case NVC_OP_TXP: return NVISA_NV40_FP_OP_TXP;
   case NVC_OP_TXB: return NVISA_NV40_FP_OP_TXB;
   case NVC_OP_TXL: return NVISA_NV40_FP_OP_TXL;
   case NVC_OP_KIL: return NVISA_NV40_FP_OP_KIL;
   default: return ~0u;
   }
}

/* Two constant components are the same inline constant word. */
static bool
same_const_comp(const struct nvc_const_comp *a, const struct nvc_const_comp *b)
{
   return a->is_uniform == b->is_uniform &&
          (b->is_uniform ? a->uniform_dword == b->uniform_dword
                         : !memcmp(&a->value, &b->value, 4));
}

/* The inline constant: every constant component the instruction reads,
 * <= 4 (ensured by nvc_legalize_operands), into kc[0..*nk). */
static bool
gather_inline_const(struct fp_emit *e, const struct nvc_insn *fake,
                    const struct nvc_src *srcs, unsigned nsrcs,
                    struct nvc_const_comp kc[4], unsigned *nk,
                    bool *has_const)
{
   uint8_t positions = nvc_positions_read(fake);
   *nk = 0;
   *has_const = false;
   for (unsigned s = 0; s < nsrcs; s++) {
      const struct nvc_src *src = &srcs[s];
      if (src->file != NVC_FILE_CONST)
         continue;
      *has_const = true;
      const struct nvc_constv *k = &e->p->consts[src->index];
      for (unsigned pos = 0; pos < 4; pos++) {
         if (!(positions & (1u << pos)))
            continue;
         unsigned comp = src->swz[pos] & 3;
         struct nvc_const_comp cc = { 0 };
         if (comp < k->num_comps)
            cc = k->c[comp];
         bool have = false;
         for (unsigned q = 0; q < *nk; q++)
            have |= same_const_comp(&kc[q], &cc);
         if (!have) {
            if (*nk == 4) {
               nvc_prog_error(e->p,
                              "internal error: inline constant overflow");
               return false;
            }
            kc[(*nk)++] = cc;
         }
      }
   }
   return true;
}

/* The hardware sources: registers, the input register, the inline
 * constant's components; unused ones read the input file. */
static bool
encode_sources(struct fp_emit *e, struct nvisa_nv40_fp_insn *hw,
               const struct nvc_insn *fake, const struct nvc_src *srcs,
               unsigned nsrcs, const struct nvc_const_comp *kc, unsigned nk)
{
   struct nvc_prog *p = e->p;
   for (unsigned s = 0; s < nsrcs; s++) {
      const struct nvc_src *src = &srcs[s];
      struct nvisa_src *hs = &hw->src[s];
      uint8_t comp_chan[4] = { 0, 1, 2, 3 };
      switch (src->file) {
      case NVC_FILE_VALUE: {
         const struct nvc_value *v = &p->values[src->index];
         hs->file = NVISA_FILE_TEMP;
         hs->index = v->reg;
         hs->half = v->loc_file == NVC_LOC_HALF;
         memcpy(comp_chan, v->chan, 4);
         break;
      }
      case NVC_FILE_INPUT:
         hs->file = NVISA_FILE_INPUT;
         hw->input = src->index;
         break;
      case NVC_FILE_CONST: {
         const struct nvc_constv *k = &p->consts[src->index];
         hs->file = NVISA_FILE_CONST;
         for (unsigned c = 0; c < 4; c++) {
            struct nvc_const_comp cc = { 0 };
            if (c < k->num_comps)
               cc = k->c[c];
            for (unsigned q = 0; q < nk; q++)
               if (same_const_comp(&kc[q], &cc))
                  comp_chan[c] = q;
         }
         break;
      }
      default:
         nvc_prog_error(p, "internal error: missing source");
         return false;
      }
      nvc_phys_swizzle(p, fake, src, comp_chan, hs->swz);
      hs->neg = src->neg;
      hs->abs = src->abs;
   }
   /* Unused sources: a harmless identity read of the input file, as the
    * hardware decodes every source field (upstream encodes NONE sources
    * the same way). */
   for (unsigned s = nsrcs; s < 3; s++) {
      hw->src[s].file = NVISA_FILE_INPUT;
      for (unsigned i = 0; i < 4; i++)
         hw->src[s].swz[i] = i;
   }
   return true;
}

/* Appends the instruction's words, then its inline constant (uniform
 * components as patches the driver fills). */
static bool
append_insn(struct fp_emit *e, const struct nvisa_nv40_fp_insn *hw,
            bool has_const, const struct nvc_const_comp *kc, unsigned nk)
{
   struct nvc_prog *p = e->p;
   struct nvc_fp_binary *out = e->out;
   if (!reserve_words(e, has_const ? 8 : 4))
      return false;
   uint32_t base = out->num_words;
   if (p->target->fp.encode(hw, &out->insns[base]) != 0) {
      nvc_prog_error(p, "internal error: FP field overflow");
      return false;
   }
   out->num_words += 4;
   e->last_insn_word = base;
   out->num_insns++;
   if (has_const) {
      for (unsigned q = 0; q < 4; q++) {
         uint32_t w = 0;
         if (q < nk) {
            if (kc[q].is_uniform) {
               if (!add_patch(e, base + 4 + q, kc[q].uniform_dword))
                  return false;
            } else {
               memcpy(&w, &kc[q].value, 4);
            }
         }
         out->insns[base + 4 + q] = w;
      }
      out->num_words += 4;
   }
   return true;
}

static bool
emit_one(struct fp_emit *e, const struct nvc_insn *ir, unsigned op,
         const struct nvc_dst *dst, const struct nvc_src *srcs,
         unsigned nsrcs, bool sat, bool cc_update, unsigned cond,
         const uint8_t *cc_swz)
{
   struct nvc_prog *p = e->p;
   struct nvc_fp_binary *out = e->out;
   struct nvisa_nv40_fp_insn hw;
   nvisa_nv40_fp_insn_init(&hw);

   struct nvc_insn fake = nvc_insn_as(ir, op, dst, srcs, nsrcs);

   /* The opcode, if the target's ISA has it (fp.ops, e.g. no TXL on
    * rankine, no RSQ/LRP/POW on curie: isel chose by the same facts). */
   unsigned code = hw_op(op);
   if (code == ~0u || !nvc_target_fp_has_op(p->target, code)) {
      nvc_prog_error(p, "%s has no fragment program encoding on this chip",
                     nvc_op_info[op].name);
      return false;
   }
   if (out->num_insns >= p->target->fp.max_insns) {
      nvc_prog_error(p, "fragment program longer than %u instructions",
                     p->target->fp.max_insns);
      return false;
   }
   hw.op = code;
   hw.sat = sat;
   hw.precision = NVISA_NV40_FP_PRECISION_FP32;
   hw.cc_update = cc_update;
   hw.cond = cond;
   for (unsigned i = 0; i < 4; i++)
      hw.cc_swz[i] = cc_swz ? cc_swz[i] : i;
   if (nvc_op_info[op].kind == NVC_KIND_TEX)
      hw.tex_unit = ir->tex_unit;

   if (dst->file == NVC_FILE_VALUE) {
      const struct nvc_value *v = &p->values[dst->index];
      hw.out_reg = v->reg;
      hw.out_half = v->loc_file == NVC_LOC_HALF;
      hw.mask = nvc_dst_phys_mask(p, &fake);
   } else {
      hw.out_none = true;
      hw.mask = dst->mask;
   }

   struct nvc_const_comp kc[4];
   unsigned nk;
   bool has_const;
   return gather_inline_const(e, &fake, srcs, nsrcs, kc, &nk, &has_const) &&
          encode_sources(e, &hw, &fake, srcs, nsrcs, kc, nk) &&
          append_insn(e, &hw, has_const, kc, nk);
}

/* REP's count: NIR's loops run until a BRK, the hardware's at most
 * this many times (the 8-bit COUNT field; MAX_PROGRAM_LOOP_COUNT_NV is
 * at least 255, NV_fragment_program2). */
#define FP_LOOP_MAX_COUNT 255

static bool
emit_branch(struct fp_emit *e, unsigned bra, unsigned cond,
            const uint8_t *cc_swz)
{
   struct nvc_fp_binary *out = e->out;
   struct nvisa_nv40_fp_insn hw;

   if (out->num_insns >= e->p->target->fp.max_insns) {
      nvc_prog_error(e->p, "fragment program longer than %u "
                     "instructions", e->p->target->fp.max_insns);
      return false;
   }
   if (!e->p->target->fp.branching) {
      nvc_prog_error(e->p, "internal error: a branch for a fragment unit "
                     "that cannot branch");
      return false;
   }
   if (!reserve_words(e, 4))
      return false;
   nvisa_nv40_fp_insn_init(&hw);
   hw.is_branch = true;
   hw.op = bra;
   hw.cond = cond;
   for (unsigned i = 0; i < 4; i++)
      hw.cc_swz[i] = cc_swz ? cc_swz[i] : i;
   if (bra == NVISA_NV40_FP_BRA_REP)
      hw.loop_count = hw.loop_init = hw.loop_incr = FP_LOOP_MAX_COUNT;
   if (e->p->target->fp.encode(&hw, &out->insns[out->num_words]) != 0) {
      nvc_prog_error(e->p, "internal error: FP branch field overflow");
      return false;
   }
   e->last_insn_word = out->num_words;
   out->num_words += 4;
   out->num_insns++;
   return true;
}

/* Sets TARGET (target) or END of the branch at word w to here. */
static void
patch_branch(struct fp_emit *e, unsigned w, bool target)
{
   const struct nvc_target *t = e->p->target;
   struct nvisa_nv40_fp_insn hw;
   t->fp.decode(&e->out->insns[w], &hw);
   if (target)
      hw.bra_target = e->out->num_words;
   else
      hw.bra_end = e->out->num_words;
   t->fp.encode(&hw, &e->out->insns[w]);
}

/* Does another if (or loop) fit the target's nesting limit (and the
 * encoder's tracking, sized for the ISA's)? */
static bool
cf_fits(struct fp_emit *e, unsigned op)
{
   const struct nvc_target *t = e->p->target;
   bool is_if = op == NVC_OP_IF;
   unsigned limit = is_if ? MIN2(t->fp.max_if_depth,
                                 NVISA_NV40_FP_MAX_IF_DEPTH)
                          : MIN2(t->fp.max_loop_depth,
                                 NVISA_NV40_FP_MAX_LOOP_DEPTH);
   if ((is_if ? e->if_depth : e->loop_depth) < limit)
      return true;
   nvc_prog_error(e->p, "%s nested deeper than the %u the fragment unit "
                  "takes", is_if ? "ifs" : "loops", limit);
   return false;
}

static bool
emit_cf(struct fp_emit *e, const struct nvc_insn *ir)
{
   struct nvc_prog *p = e->p;

   switch (ir->op) {
   case NVC_OP_IF:
   case NVC_OP_LOOP:
      if (!cf_fits(e, ir->op))
         return false;
      if (ir->op == NVC_OP_IF) {
         /* cc.x = cond; the then part where cc.x != 0 */
         struct nvc_dst ccx = { .file = NVC_FILE_NONE, .mask = NVISA_MASK_X };
         static const uint8_t xxxx[4] = { 0, 0, 0, 0 };
         if (!emit_one(e, ir, NVC_OP_MOV, &ccx, &ir->src[0], 1, false, true,
                       NVISA_COND_TR, NULL))
            return false;
         e->cf_word[e->cf_depth] = e->out->num_words;
         if (!emit_branch(e, NVISA_NV40_FP_BRA_IF, NVISA_COND_NE, xxxx))
            return false;
      } else {
         e->cf_word[e->cf_depth] = e->out->num_words;
         if (!emit_branch(e, NVISA_NV40_FP_BRA_REP, NVISA_COND_TR, NULL))
            return false;
      }
      e->cf_else[e->cf_depth] = false;
      e->cf_loop[e->cf_depth] = ir->op == NVC_OP_LOOP;
      if (ir->op == NVC_OP_LOOP)
         e->loop_depth++;
      else
         e->if_depth++;
      e->cf_depth++;
      return true;
   case NVC_OP_ELSE:
      if (!e->cf_depth || e->cf_loop[e->cf_depth - 1])
         break;
      patch_branch(e, e->cf_word[e->cf_depth - 1], true);
      e->cf_else[e->cf_depth - 1] = true;
      return true;
   case NVC_OP_ENDIF:
   case NVC_OP_ENDLOOP:
      if (!e->cf_depth ||
          e->cf_loop[e->cf_depth - 1] != (ir->op == NVC_OP_ENDLOOP))
         break;
      e->cf_depth--;
      if (ir->op == NVC_OP_ENDLOOP)
         e->loop_depth--;
      else
         e->if_depth--;
      if (ir->op == NVC_OP_ENDIF && !e->cf_else[e->cf_depth])
         patch_branch(e, e->cf_word[e->cf_depth], true);
      patch_branch(e, e->cf_word[e->cf_depth], false);
      return true;
   case NVC_OP_BRK:
      if (!e->loop_depth)
         break;
      return emit_branch(e, NVISA_NV40_FP_BRA_BRK, NVISA_COND_TR, NULL);
   default:
      break;
   }
   nvc_prog_error(p, "internal error: unbalanced control flow");
   return false;
}

bool
nvc_fp_emit(struct nvc_prog *p, const struct nvc_isel_info *info,
            struct nvc_fp_binary *out)
{
   struct fp_emit e = { .p = p, .out = out };
   bool ok = true;

   for (unsigned i = 0; i < p->num_insns && ok; i++) {
      const struct nvc_insn *ir = &p->insns[i];
      if (nvc_op_is_cf(ir->op)) {
         ok = emit_cf(&e, ir);
         continue;
      }
      if (ir->op == NVC_OP_SEL) {
         struct nvc_dst none = { .file = NVC_FILE_NONE,
                                  .mask = nvc_dst_phys_mask(p, ir) };
         struct nvc_src cs = nvc_sel_cond_src(p, ir);
         uint8_t ccswz[4] = { 0, 1, 2, 3 };
         if (ir->cond_in_cc)
            nvc_cond_cc_swizzle(p, ir, ccswz);
         else
            ok = emit_one(&e, ir, NVC_OP_MOV, &none, &cs, 1, false, true,
                          NVISA_COND_TR, NULL);
         ok = ok &&
              emit_one(&e, ir, NVC_OP_MOV, &ir->dst, &ir->src[2], 1, ir->sat,
                       false, NVISA_COND_TR, NULL) &&
              emit_one(&e, ir, NVC_OP_MOV, &ir->dst, &ir->src[1], 1, ir->sat,
                       false, NVISA_COND_NE, ccswz);
         continue;
      }
      if (ir->op == NVC_OP_KIL) {
         struct nvc_dst none = { .file = NVC_FILE_NONE, .mask = 0 };
         if (ir->src[0].file == NVC_FILE_NONE) {
            ok = emit_one(&e, ir, NVC_OP_KIL, &none, NULL, 0, false, false,
                          NVISA_COND_TR, NULL);
         } else {
            /* cc.x = cond; KIL if cc.x != 0 (nvfx_fragprog.c KILL_IF
             * pattern, with our 0/1 booleans). */
            struct nvc_dst ccx = { .file = NVC_FILE_NONE, .mask = NVISA_MASK_X };
            uint8_t ccswz[4] = { 0, 0, 0, 0 };
            if (ir->cond_in_cc)
               nvc_cond_cc_swizzle(p, ir, ccswz);
            else
               ok = emit_one(&e, ir, NVC_OP_MOV, &ccx, &ir->src[0], 1, false,
                             true, NVISA_COND_TR, NULL);
            ok = ok && emit_one(&e, ir, NVC_OP_KIL, &none, NULL, 0, false,
                                false, NVISA_COND_NE, ccswz);
         }
         continue;
      }
      ok = emit_one(&e, ir, ir->op, &ir->dst, ir->src,
                    nvc_op_info[ir->op].num_srcs, ir->sat, ir->cc_update,
                    NVISA_COND_TR, NULL);
   }
   if (!ok)
      return false;
   if (e.cf_depth) {
      nvc_prog_error(p, "internal error: unbalanced control flow");
      return false;
   }

   if (out->num_insns == 0 || p->has_cf) {
      /* An empty program still needs one instruction to carry END; so
       * does one whose last instruction may be a branch or sit in a
       * block some fragments skip. */
      struct nvisa_nv40_fp_insn nop;
      nvisa_nv40_fp_insn_init(&nop);
      if (!reserve_words(&e, 4))
         return false;
      p->target->fp.encode(&nop, &out->insns[out->num_words]);
      e.last_insn_word = out->num_words;
      out->num_words += 4;
      out->num_insns++;
   }
   struct nvisa_nv40_fp_insn last;
   p->target->fp.decode(&out->insns[e.last_insn_word], &last);
   last.end = true;
   p->target->fp.encode(&last, &out->insns[e.last_insn_word]);

   /* Registers: allocated temps and the result registers. */
   unsigned regs = MAX2(p->num_temps, 2);
   for (unsigned r = 0; r < 64; r++)
      if (p->reserved_regs & (1ull << r))
         regs = MAX2(regs, r + 1);
   out->num_temps = regs;
   out->uses_kil = info->uses_kil;
   out->writes_depth = info->writes_depth;
   out->fp_control = p->target->fp.control(regs, info->uses_kil,
                                           info->writes_depth);
   return true;
}
