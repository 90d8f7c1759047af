/*
 * Vertex program lowering shared by the NV30 and NV40 encoders: allocated
 * IR -> VP machine instructions (struct nvisa_nv40_vp_insn, curie's form,
 * of which rankine's instruction is a restriction: envytools-docs
 * hw/graph/xf/isa.rst, whose "combined" ISA is "more or less a sum of
 * Rankine and Curie") plus the constant file; then dual issue.  Only the
 * final encoding is per ISA: nv40_vp_emit.c and nv30_vp_emit.c.
 *
 * Facts (nv40_vp.xml, nv30_vp.xml, from envytools xf/isa.rst and
 * upstream nvfx_vertprog.c): each instruction has a vector and a scalar
 * slot; the vector op reads the sources its opcode table entry lists (ADD
 * reads sources 0 and 2), scalar ops read source 2; one input index and
 * one constant index per instruction; results go to a temp or, with the
 * output field, to an output register; the last instruction carries LAST.
 * Condition codes: an instruction can update the condition register and
 * mask its writes with a test (NV_vertex_program2 "condition codes").
 * Control flow: BRA jumps to an absolute instruction slot (IADDR) when
 * its condition passes for any component (NV_vertex_program2 section
 * 2.14.1.x, BRA); the driver loads programs at slot 0, so slots are
 * indices here.  IF is "cc.x = cond; BRA (EQ.x) else; ...; BRA endif;
 * else: ...; endif:", a loop "top: ...; BRA top; end:" with BRK as
 * "BRA end".  Programs with branches are not paired (dual issue moves
 * instructions, which would move the labels).  A uniform array read at a
 * run-time index (LDC) is "ARL A0.x, index; MOV dst, c[A0.x + first]"
 * (NV_vertex_program2 ARL and relative addressing).  Only condition register 0
 * is used (rankine has one, isa.rst CREG), no saturation is emitted for
 * rankine (it has none: nvc_nir_options lowers fsat there).
 */
#include <stdlib.h>
#include <string.h>

#include "nvc_vp_emit.h"
#include "nvisa_nv30_vp.h"
#include "nvisa_nv40_vp.h"

struct vp_emit {
   struct nvc_prog *p;
   struct nvc_vp_binary *out;
   unsigned const_base;
   unsigned cap_consts;
   /* Instructions before pairing and encoding. */
   struct nvisa_nv40_vp_insn *hw;
   unsigned num_hw, cap_hw;
   /* uniform slot -> hw slot + 1 (the whole file the encoding addresses;
    * the target's vp.num_consts is at most that) */
   int uniform_hw[NVISA_NV40_VP_NUM_CONSTS];
   /* Immediate registers: index into out->consts, and components used. */
   uint8_t imm_used[NVISA_NV40_VP_NUM_CONSTS];
   /* Control flow: label slots, branches to point at them, open blocks
    * (their two labels: else/endif or top/end). */
   unsigned *label_pos;
   unsigned num_labels;
   struct { unsigned hw, label; } *fix;
   unsigned num_fix;
   struct { bool loop, had_else; unsigned a, b; } *cf;
   unsigned cf_depth;
};

static bool
push_insn(struct vp_emit *e, const struct nvisa_nv40_vp_insn *hw)
{
   /* Bound the work on absurd programs; the real limit is checked after
    * pairing. */
   if (e->num_hw >= 4 * e->p->target->vp.max_insns) {
      nvc_prog_error(e->p, "vertex program longer than the %u "
                     "instructions the hardware holds",
                     e->p->target->vp.max_insns);
      return false;
   }
   if (e->num_hw == e->cap_hw) {
      unsigned ncap = e->cap_hw ? e->cap_hw * 2 : 32;
      struct nvisa_nv40_vp_insn *n = realloc(e->hw, ncap * sizeof(*n));
      if (!n) {
         nvc_prog_error(e->p, "out of memory");
         return false;
      }
      e->hw = n;
      e->cap_hw = ncap;
   }
   e->hw[e->num_hw++] = *hw;
   return true;
}

/* Uses the address register (writes it, or reads a constant through
 * it): never paired nor moved, as nothing else tracks A0. */
static bool
uses_addr(const struct nvisa_nv40_vp_insn *in)
{
   return in->vec_op == NVISA_NV40_VP_VEC_OP_ARL || in->const_indexed ||
          in->input_indexed;
}

/* Register file reads of one source slot of an instruction. */
static bool
reads_temp(const struct nvisa_nv40_vp_insn *in, unsigned slot, unsigned reg)
{
   return in->src[slot].file == NVISA_FILE_TEMP && in->src[slot].index == reg;
}

/* Dual issue: each instruction carries a vector and a scalar op that read
 * the same source fields and the one input/constant index (nv40_vp.xml;
 * envytools xf/isa.rst "Curie": both ops issue together, the scalar op
 * reads source 2).  Merges a vector-only instruction with an adjacent
 * scalar-only one when that keeps the program's meaning.  one_dst:
 * rankine's shape, where both ops write the one temporary DST (each with
 * its own mask; isa.rst "Rankine" column, nv30_vp.xml DST). */
static bool
try_pair(struct nvisa_nv40_vp_insn *a, const struct nvisa_nv40_vp_insn *b,
         bool one_dst)
{
   const struct nvisa_nv40_vp_insn *v, *s;
   bool a_vec = a->vec_op != NVISA_NV40_VP_VEC_OP_NOP;
   bool a_sca = a->sca_op != NVISA_NV40_VP_SCA_OP_NOP;
   bool b_vec = b->vec_op != NVISA_NV40_VP_VEC_OP_NOP;
   bool b_sca = b->sca_op != NVISA_NV40_VP_SCA_OP_NOP;
   if (a_vec && !a_sca && b_sca && !b_vec) {
      v = a;
      s = b;
   } else if (a_sca && !a_vec && b_vec && !b_sca) {
      v = b;
      s = a;
   } else {
      return false;
   }
   /* condition codes and addressing stay unpaired */
   if (a->cc_test || b->cc_test || a->cc_update || b->cc_update ||
       uses_addr(a) || uses_addr(b) || a->sat != b->sat)
      return false;
   /* the vector op must leave source 2 to the scalar op */
   if (nvisa_nv40_vp_vec_op_info[v->vec_op & 31].srcs & (1u << 2))
      return false;
   /* one output register */
   if (v->out != NVISA_NV40_VP_OUT_NONE && s->out != NVISA_NV40_VP_OUT_NONE)
      return false;
   /* shared input and constant indices */
   bool v_in = false, v_k = false, s_in, s_k;
   for (unsigned i = 0; i < 2; i++) {
      v_in |= v->src[i].file == NVISA_FILE_INPUT;
      v_k |= v->src[i].file == NVISA_FILE_CONST;
   }
   s_in = s->src[2].file == NVISA_FILE_INPUT;
   s_k = s->src[2].file == NVISA_FILE_CONST;
   if ((v_in && s_in && v->input != s->input) ||
       (v_k && s_k && v->constant != s->constant))
      return false;
   /* b must not read what a writes (they would read together), and two
    * writes of one temp must not overlap */
   unsigned a_dst = a == v ? v->vec_dst : s->sca_dst;
   uint8_t a_mask = a == v ? v->vec_mask : s->sca_mask;
   unsigned b_dst = b == v ? v->vec_dst : s->sca_dst;
   uint8_t b_mask = b == v ? v->vec_mask : s->sca_mask;
   if (a_dst != NVISA_NV40_VP_DST_NONE) {
      for (unsigned i = 0; i < 3; i++)
         if (reads_temp(b, i, a_dst))
            return false;
   }
   if (a_dst != NVISA_NV40_VP_DST_NONE && a_dst == b_dst && (a_mask & b_mask))
      return false;
   if (one_dst && a_dst != NVISA_NV40_VP_DST_NONE &&
       b_dst != NVISA_NV40_VP_DST_NONE && a_dst != b_dst)
      return false;

   struct nvisa_nv40_vp_insn m = *v;
   m.sca_op = s->sca_op;
   m.sca_dst = s->sca_dst;
   m.sca_mask = s->sca_mask;
   m.src[2] = s->src[2];
   if (s_in)
      m.input = s->input;
   if (s_k)
      m.constant = s->constant;
   if (s->out != NVISA_NV40_VP_OUT_NONE) {
      m.out = s->out;
      m.out_is_vec = false;
   }
   *a = m;
   return true;
}

/* Temp register written by one unit of an instruction, and its mask. */
static void
unit_dst(const struct nvisa_nv40_vp_insn *in, bool vec, unsigned *reg,
         uint8_t *mask)
{
   bool active = vec ? in->vec_op != NVISA_NV40_VP_VEC_OP_NOP
                     : in->sca_op != NVISA_NV40_VP_SCA_OP_NOP;
   *reg = active ? (vec ? in->vec_dst : in->sca_dst) : NVISA_NV40_VP_DST_NONE;
   *mask = vec ? in->vec_mask : in->sca_mask;
}

/* May instruction j move up across instruction k (k before j)? */
static bool
can_cross(const struct nvisa_nv40_vp_insn *k, const struct nvisa_nv40_vp_insn *j)
{
   /* (an instruction using A0 is never moved: try_pair refuses it) */
   if (j->cc_test || j->cc_update || k->cc_update)
      return false;
   for (unsigned u = 0; u < 2; u++) {
      unsigned kr, jr;
      uint8_t km, jm;
      unit_dst(k, u == 0, &kr, &km);
      /* j must not read what k writes */
      if (kr != NVISA_NV40_VP_DST_NONE)
         for (unsigned s = 0; s < 3; s++)
            if (reads_temp(j, s, kr))
               return false;
      for (unsigned w = 0; w < 2; w++) {
         unit_dst(j, w == 0, &jr, &jm);
         if (jr == NVISA_NV40_VP_DST_NONE)
            continue;
         /* nor write what k reads or writes */
         for (unsigned s = 0; s < 3; s++)
            if (reads_temp(k, s, jr))
               return false;
         if (jr == kr && (jm & km))
            return false;
      }
   }
   if (j->out != NVISA_NV40_VP_OUT_NONE && j->out == k->out)
      return false;
   return true;
}

unsigned
nvc_vp_pair(struct nvc_prog *p, struct nvisa_nv40_vp_insn *hw, unsigned num,
            bool one_dst)
{
   /* Pair each single-op instruction with a later one of the other unit
    * that can move up to it (a short window keeps this linear). */
   if (p->has_cf || num < 2)
      return num;
   bool *gone = calloc(num, sizeof(bool));
   if (!gone) {
      nvc_prog_error(p, "out of memory");
      return num;
   }
   for (unsigned i = 0; i < num; i++) {
      if (gone[i])
         continue;
      for (unsigned j = i + 1; j < num && j <= i + 8; j++) {
         if (gone[j])
            continue;
         bool movable = true;
         for (unsigned k = i + 1; k < j && movable; k++)
            if (!gone[k])
               movable = can_cross(&hw[k], &hw[j]);
         if (movable && try_pair(&hw[i], &hw[j], one_dst)) {
            gone[j] = true;
            break;
         }
         /* an instruction that cannot pass j blocks everything after */
      }
   }
   unsigned n = 0;
   for (unsigned i = 0; i < num; i++)
      if (!gone[i])
         hw[n++] = hw[i];
   free(gone);
   return n;
}

bool
nvc_vp_check_length(struct nvc_prog *p, unsigned num)
{
   if (num > p->target->vp.max_insns) {
      nvc_prog_error(p, "vertex program longer than the %u "
                     "instructions the hardware holds (%u)",
                     p->target->vp.max_insns, num);
      return false;
   }
   return true;
}

static bool find_relocs(struct nvc_prog *p,
                        const struct nvisa_nv40_vp_insn *hw, unsigned n,
                        unsigned const_base, struct nvc_vp_binary *out);

bool
nvc_vp_assemble(struct nvc_prog *p, unsigned const_base, bool one_dst,
                nvc_vp_encode_fn encode, struct nvc_vp_binary *out)
{
   struct nvc_vp_code code;
   if (!nvc_vp_lower_code(p, const_base, out, &code))
      return false;
   unsigned n = nvc_vp_pair(p, code.hw, code.num, one_dst);
   bool ok = !p->error && nvc_vp_check_length(p, n);
   if (ok) {
      code.hw[n - 1].last = true;
      out->insns = malloc(n * 4 * sizeof(uint32_t));
      if (!out->insns) {
         nvc_prog_error(p, "out of memory");
         ok = false;
      }
   }
   for (unsigned i = 0; ok && i < n; i++)
      ok = encode(p, &code.hw[i], &out->insns[i * 4]);
   if (ok)
      out->num_insns = n;
   out->const_base = const_base;
   if (ok)
      ok = find_relocs(p, code.hw, n, const_base, out);
   free(code.hw);
   return ok;
}

/* The fields that depend on where the program is loaded: BRA and CAL
 * jump to an absolute slot (IADDR; RET takes its slot from the call
 * stack), and an instruction with a constant source reads the absolute
 * register XFCTX_ADDR (plus an address register if indexed), which is
 * one of the program's when it is at const_base or above (below: a user
 * clip plane, nvc_target.vp.first_free_const). */
static bool
find_relocs(struct nvc_prog *p, const struct nvisa_nv40_vp_insn *hw,
            unsigned n, unsigned const_base, struct nvc_vp_binary *out)
{
   /* (one at most an instruction) */
   struct nvc_vp_reloc *r = malloc((n + 1) * sizeof(*r));
   unsigned num = 0;

   if (!r) {
      nvc_prog_error(p, "out of memory");
      return false;
   }
   for (unsigned i = 0; i < n; i++) {
      bool reads_const = false;

      if (hw[i].sca_op == NVISA_NV40_VP_SCA_OP_BRA ||
          hw[i].sca_op == NVISA_NV40_VP_SCA_OP_CAL) {
         r[num++] = (struct nvc_vp_reloc){ i, NVC_VP_RELOC_IADDR };
         /* source 2 holds the target (nv40_vp.xml IADDR) */
         continue;
      }
      for (unsigned s = 0; s < 3; s++)
         reads_const |= hw[i].src[s].file == NVISA_FILE_CONST;
      if (reads_const && hw[i].constant >= const_base)
         r[num++] = (struct nvc_vp_reloc){ i, NVC_VP_RELOC_CONST };
   }
   out->relocs = r;
   out->num_relocs = num;
   return true;
}

void
nvc_vp_relocate(const struct nvc_target *target,
                const struct nvc_vp_binary *bin, unsigned insn_base,
                unsigned const_base, uint32_t *words)
{
   const bool rankine = target->isa == NVHWDB_ISA_NV30;

   memcpy(words, bin->insns, bin->num_insns * 4 * sizeof(uint32_t));
   for (unsigned i = 0; i < bin->num_relocs; i++) {
      uint32_t *w = &words[bin->relocs[i].insn * 4];

      if (bin->relocs[i].kind == NVC_VP_RELOC_IADDR) {
         if (rankine)
            nvisa_nv30_vp_set_iaddr(w, nvisa_nv30_vp_get_iaddr(w) + insn_base);
         else
            nvisa_nv40_vp_set_iaddr(w, nvisa_nv40_vp_get_iaddr(w) + insn_base);
      } else {
         unsigned delta = const_base - bin->const_base;
         if (rankine)
            nvisa_nv30_vp_set_xfctx_addr(w, nvisa_nv30_vp_get_xfctx_addr(w) +
                                            delta);
         else
            nvisa_nv40_vp_set_xfctx_addr(w, nvisa_nv40_vp_get_xfctx_addr(w) +
                                            delta);
      }
   }
}

static int
new_const(struct vp_emit *e)
{
   struct nvc_vp_binary *out = e->out;
   unsigned slot = e->const_base + out->num_consts;
   if (slot >= e->p->target->vp.num_consts) {
      nvc_prog_error(e->p, "vertex program needs more than the %u "
                     "constant registers the hardware has",
                     e->p->target->vp.num_consts - e->const_base);
      return -1;
   }
   if (out->num_consts == e->cap_consts) {
      unsigned ncap = e->cap_consts ? e->cap_consts * 2 : 16;
      struct nvc_vp_const *n = realloc(out->consts, ncap * sizeof(*n));
      if (!n) {
         nvc_prog_error(e->p, "out of memory");
         return -1;
      }
      out->consts = n;
      e->cap_consts = ncap;
   }
   struct nvc_vp_const *k = &out->consts[out->num_consts];
   memset(k, 0, sizeof(*k));
   k->hw_slot = slot;
   k->uniform_slot = -1;
   out->const_end = slot + 1;
   return out->num_consts++;
}

static int
uniform_slot(struct vp_emit *e, unsigned slot)
{
   if (slot >= e->p->target->vp.num_consts) {
      nvc_prog_error(e->p, "uniform slot %u out of range", slot);
      return -1;
   }
   if (!e->uniform_hw[slot]) {
      int k = new_const(e);
      if (k < 0)
         return -1;
      e->out->consts[k].uniform_slot = slot;
      e->uniform_hw[slot] = e->out->consts[k].hw_slot + 1;
   }
   return e->uniform_hw[slot] - 1;
}

/* The uniform slots LDC reads through the address register must sit in
 * consecutive constant registers, in order: placed first, before any
 * other constant, each run of overlapping ranges at once. */
static bool
place_indexed_ranges(struct vp_emit *e)
{
   struct nvc_prog *p = e->p;
   unsigned n = p->target->vp.num_consts;
   uint8_t *want = calloc(n + 1, 1);
   if (!want) {
      nvc_prog_error(p, "out of memory");
      return false;
   }
   for (unsigned i = 0; i < p->num_insns; i++) {
      const struct nvc_insn *ir = &p->insns[i];
      if (ir->op != NVC_OP_LDC || ir->src[0].file != NVC_FILE_CONST)
         continue;
      const struct nvc_constv *k = &p->consts[ir->src[0].index];
      unsigned first = k->c[0].uniform_dword / 4;
      for (unsigned s = first; s < first + k->index_range && s < n; s++)
         want[s] = 1;
   }
   bool ok = true;
   for (unsigned s = 0; s < n && ok; s++)
      if (want[s])
         ok = uniform_slot(e, s) >= 0;
   free(want);
   return ok;
}

/* Places the immediate values vals[0..n-1] in one constant register;
 * returns its hw slot and, in pos[], where each value is. */
static int
place_immediates(struct vp_emit *e, const float *vals, unsigned n, uint8_t *pos)
{
   struct nvc_vp_binary *out = e->out;
   for (unsigned k = 0; k <= out->num_consts; k++) {
      int idx = k;
      if (k == out->num_consts) {
         idx = new_const(e);
         if (idx < 0)
            return -1;
      }
      struct nvc_vp_const *c = &out->consts[idx];
      if (c->uniform_slot >= 0)
         continue;
      uint8_t *used = &e->imm_used[idx];
      uint8_t trial = *used;
      float value[4];
      memcpy(value, c->value, sizeof(value));
      bool ok = true;
      for (unsigned i = 0; i < n && ok; i++) {
         int found = -1;
         for (unsigned q = 0; q < 4; q++)
            if ((trial & (1u << q)) && !memcmp(&value[q], &vals[i], 4))
               found = q;
         if (found < 0) {
            for (unsigned q = 0; q < 4 && found < 0; q++)
               if (!(trial & (1u << q)))
                  found = q;
            if (found < 0) {
               ok = false;
               break;
            }
            value[found] = vals[i];
            trial |= 1u << found;
         }
         pos[i] = found;
      }
      if (!ok)
         continue;
      memcpy(c->value, value, sizeof(value));
      *used = trial;
      return c->hw_slot;
   }
   return -1;
}

static bool
is_sca(unsigned op)
{
   return nvc_op_info[op].kind == NVC_KIND_SCALAR;
}

static unsigned
hw_op(unsigned op)
{
   switch (op) {
   case NVC_OP_MOV: return NVISA_NV40_VP_VEC_OP_MOV;
   case NVC_OP_MUL: return NVISA_NV40_VP_VEC_OP_MUL;
   case NVC_OP_ADD: return NVISA_NV40_VP_VEC_OP_ADD;
   case NVC_OP_MAD: return NVISA_NV40_VP_VEC_OP_MAD;
   case NVC_OP_DP3: return NVISA_NV40_VP_VEC_OP_DP3;
   case NVC_OP_DP4: return NVISA_NV40_VP_VEC_OP_DP4;
   case NVC_OP_MIN: return NVISA_NV40_VP_VEC_OP_MIN;
   case NVC_OP_MAX: return NVISA_NV40_VP_VEC_OP_MAX;
   case NVC_OP_SLT: return NVISA_NV40_VP_VEC_OP_SLT;
   case NVC_OP_SGE: return NVISA_NV40_VP_VEC_OP_SGE;
   case NVC_OP_SEQ: return NVISA_NV40_VP_VEC_OP_SEQ;
   case NVC_OP_SNE: return NVISA_NV40_VP_VEC_OP_SNE;
   case NVC_OP_SGT: return NVISA_NV40_VP_VEC_OP_SGT;
   case NVC_OP_SLE: return NVISA_NV40_VP_VEC_OP_SLE;
   case NVC_OP_FRC: return NVISA_NV40_VP_VEC_OP_FRC;
   case NVC_OP_FLR: return NVISA_NV40_VP_VEC_OP_FLR;
   case NVC_OP_RCP: return NVISA_NV40_VP_SCA_OP_RCP;
   case NVC_OP_RSQ: return NVISA_NV40_VP_SCA_OP_RSQ;
   case NVC_OP_EX2: return NVISA_NV40_VP_SCA_OP_EX2;
   case NVC_OP_LG2: return NVISA_NV40_VP_SCA_OP_LG2;
   case NVC_OP_SIN: return NVISA_NV40_VP_SCA_OP_SIN;
   case NVC_OP_COS: return NVISA_NV40_VP_SCA_OP_COS;
   default: return ~0u;
   }
}

/* The immediates one instruction reads, placed together in one
 * constant register: their values, the channel each landed on. */
struct vp_imm {
   float vals[4];
   unsigned num;
   uint8_t pos[4];
   int slot;
};

static bool
gather_immediates(struct vp_emit *e, const struct nvc_insn *fake,
                  const struct nvc_src *srcs, unsigned nsrcs,
                  struct vp_imm *imm)
{
   unsigned nimm = 0;
   uint8_t positions = nvc_positions_read(fake);
   for (unsigned s = 0; s < nsrcs; s++) {
      const struct nvc_src *src = &srcs[s];
      if (src->file != NVC_FILE_CONST)
         continue;
      const struct nvc_constv *k = &e->p->consts[src->index];
      if (k->hw_fixed || (k->num_comps && k->c[0].is_uniform))
         continue;
      for (unsigned pos = 0; pos < 4; pos++) {
         if (!(positions & (1u << pos)))
            continue;
         unsigned comp = src->swz[pos] & 3;
         float val = comp < k->num_comps ? k->c[comp].value : 0.0f;
         bool have = false;
         for (unsigned q = 0; q < nimm; q++)
            have |= !memcmp(&imm->vals[q], &val, 4);
         if (!have) {
            if (nimm == 4) {
               nvc_prog_error(e->p, "internal error: too many immediates");
               return false;
            }
            imm->vals[nimm++] = val;
         }
      }
   }
   imm->num = nimm;
   imm->slot = -1;
   memset(imm->pos, 0, sizeof(imm->pos));
   if (nimm) {
      imm->slot = place_immediates(e, imm->vals, nimm, imm->pos);
      if (imm->slot < 0) {
         nvc_prog_error(e->p, "out of constant registers");
         return false;
      }
   }
   return true;
}

/* Maps the IR sources onto the hardware source slots the op reads
 * (oi->srcs): registers, the input register, a constant register
 * (fixed, a uniform's, or the immediates'). */
static bool
encode_sources(struct vp_emit *e, struct nvisa_nv40_vp_insn *hw,
               const struct nvisa_op_info *oi, const struct nvc_insn *fake,
               const struct nvc_src *srcs, unsigned nsrcs,
               const struct vp_imm *imm)
{
   struct nvc_prog *p = e->p;
   unsigned slot = 0;
   for (unsigned s = 0; s < nsrcs; s++) {
      while (slot < 3 && !(oi->srcs & (1u << slot)))
         slot++;
      if (slot >= 3) {
         nvc_prog_error(p, "internal error: too many sources for %s",
                        nvc_op_info[fake->op].name);
         return false;
      }
      const struct nvc_src *src = &srcs[s];
      struct nvisa_src *hs = &hw->src[slot];
      uint8_t comp_chan[4] = { 0, 1, 2, 3 };
      switch (src->file) {
      case NVC_FILE_VALUE: {
         const struct nvc_value *v = &p->values[src->index];
         hs->file = NVISA_FILE_TEMP;
         hs->index = v->reg;
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
         if (k->hw_fixed) {
            hw->constant = k->hw_slot;
         } else if (k->num_comps && k->c[0].is_uniform) {
            int hs_slot = uniform_slot(e, k->c[0].uniform_dword / 4);
            if (hs_slot < 0)
               return false;
            hw->constant = hs_slot;
            for (unsigned c = 0; c < k->num_comps; c++)
               comp_chan[c] = k->c[c].uniform_dword % 4;
         } else {
            hw->constant = imm->slot;
            for (unsigned c = 0; c < 4; c++) {
               float val = c < k->num_comps ? k->c[c].value : 0.0f;
               for (unsigned q = 0; q < imm->num; q++)
                  if (!memcmp(&imm->vals[q], &val, 4))
                     comp_chan[c] = imm->pos[q];
            }
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
      slot++;
   }
   return true;
}

/* Encodes one hardware instruction for IR instruction `ir` (whose op may
 * be overridden by `op`, e.g. for SEL's moves), with the given IR
 * sources, and destination `dst` (NONE: condition-code-only). */
static bool
emit_one(struct vp_emit *e, const struct nvc_insn *ir, unsigned op,
         const struct nvc_dst *dst, const struct nvc_src *srcs,
         unsigned nsrcs, bool sat, bool cc_update, unsigned cond,
         const uint8_t *cc_swz)
{
   struct nvc_prog *p = e->p;
   struct nvisa_nv40_vp_insn hw;
   nvisa_nv40_vp_insn_init(&hw);

   struct nvc_insn fake = nvc_insn_as(ir, op, dst, srcs, nsrcs);

   unsigned code = hw_op(op);
   bool sca = is_sca(op);
   if (code == ~0u) {
      nvc_prog_error(p, "%s has no vertex program encoding",
                     nvc_op_info[op].name);
      return false;
   }
   const struct nvisa_op_info *oi = sca ? &nvisa_nv40_vp_sca_op_info[code]
                                        : &nvisa_nv40_vp_vec_op_info[code];
   if (sca)
      hw.sca_op = code;
   else
      hw.vec_op = code;
   hw.sat = sat;

   uint8_t mask = nvc_dst_phys_mask(p, &fake);
   if (dst->file == NVC_FILE_VALUE) {
      const struct nvc_value *v = &p->values[dst->index];
      if (v->loc_file == NVC_LOC_OUTPUT) {
         hw.out = v->reg;
         hw.out_is_vec = !sca;
      } else if (sca) {
         hw.sca_dst = v->reg;
      } else {
         hw.vec_dst = v->reg;
      }
   }
   if (sca)
      hw.sca_mask = mask;
   else
      hw.vec_mask = mask;

   if (cc_update) {
      hw.cc_update = true;
      hw.cc_update_vec = !sca;
   }
   if (cond != NVISA_COND_TR) {
      hw.cc_test = true;
      hw.cond = cond;
      for (unsigned i = 0; i < 4; i++)
         hw.cc_swz[i] = cc_swz ? cc_swz[i] : i;
   }

   struct vp_imm imm;
   return gather_immediates(e, &fake, srcs, nsrcs, &imm) &&
          encode_sources(e, &hw, oi, &fake, srcs, nsrcs, &imm) &&
          push_insn(e, &hw);
}

static bool
emit_bra(struct vp_emit *e, unsigned cond, unsigned label)
{
   struct nvisa_nv40_vp_insn hw;
   nvisa_nv40_vp_insn_init(&hw);
   hw.sca_op = NVISA_NV40_VP_SCA_OP_BRA;
   if (cond != NVISA_COND_TR) {
      hw.cc_test = true;
      hw.cond = cond;
      for (unsigned i = 0; i < 4; i++)
         hw.cc_swz[i] = 0;      /* the condition is in cc.x */
   }
   e->fix[e->num_fix].hw = e->num_hw;
   e->fix[e->num_fix].label = label;
   e->num_fix++;
   return push_insn(e, &hw);
}

static bool
emit_cf(struct vp_emit *e, const struct nvc_insn *ir)
{
   struct nvc_prog *p = e->p;
   unsigned d = e->cf_depth;

   switch (ir->op) {
   case NVC_OP_IF:
   case NVC_OP_LOOP:
      e->cf[d].loop = ir->op == NVC_OP_LOOP;
      e->cf[d].had_else = false;
      e->cf[d].a = e->num_labels++;
      e->cf[d].b = e->num_labels++;
      e->cf_depth++;
      if (ir->op == NVC_OP_LOOP) {
         e->label_pos[e->cf[d].a] = e->num_hw;
         return true;
      }
      /* cc.x = cond; to the else part where it is 0 */
      struct nvc_dst ccx = { .file = NVC_FILE_NONE, .mask = NVISA_MASK_X };
      return emit_one(e, ir, NVC_OP_MOV, &ccx, &ir->src[0], 1, false, true,
                      NVISA_COND_TR, NULL) &&
             emit_bra(e, NVISA_COND_EQ, e->cf[d].a);
   case NVC_OP_ELSE:
      if (!d || e->cf[d - 1].loop)
         break;
      e->cf[d - 1].had_else = true;
      if (!emit_bra(e, NVISA_COND_TR, e->cf[d - 1].b))
         return false;
      e->label_pos[e->cf[d - 1].a] = e->num_hw;
      return true;
   case NVC_OP_ENDIF:
      if (!d || e->cf[d - 1].loop)
         break;
      if (!e->cf[d - 1].had_else)
         e->label_pos[e->cf[d - 1].a] = e->num_hw;
      e->label_pos[e->cf[d - 1].b] = e->num_hw;
      e->cf_depth--;
      return true;
   case NVC_OP_ENDLOOP:
      if (!d || !e->cf[d - 1].loop)
         break;
      if (!emit_bra(e, NVISA_COND_TR, e->cf[d - 1].a))
         return false;
      e->label_pos[e->cf[d - 1].b] = e->num_hw;
      e->cf_depth--;
      return true;
   case NVC_OP_BRK:
      for (unsigned k = d; k--;)
         if (e->cf[k].loop)
            return emit_bra(e, NVISA_COND_TR, e->cf[k].b);
      break;
   default:
      break;
   }
   nvc_prog_error(p, "internal error: unbalanced control flow");
   return false;
}

bool
nvc_vp_lower_code(struct nvc_prog *p, unsigned const_base,
                  struct nvc_vp_binary *out, struct nvc_vp_code *code)
{
   code->hw = NULL;
   code->num = 0;
   struct vp_emit *e = calloc(1, sizeof(*e));
   if (!e) {
      nvc_prog_error(p, "out of memory");
      return false;
   }
   e->p = p;
   e->out = out;
   e->const_base = const_base;
   out->const_end = const_base;

   bool ok = true;
   if (p->has_cf) {
      /* at most two labels and one branch per control flow op */
      e->label_pos = calloc(2 * p->num_insns + 1, sizeof(*e->label_pos));
      e->fix = calloc(p->num_insns + 1, sizeof(*e->fix));
      e->cf = calloc(p->num_insns + 1, sizeof(*e->cf));
      if (!e->label_pos || !e->fix || !e->cf) {
         nvc_prog_error(p, "out of memory");
         ok = false;
      }
   }
   ok = ok && place_indexed_ranges(e);
   for (unsigned i = 0; i < p->num_insns && ok; i++) {
      const struct nvc_insn *ir = &p->insns[i];
      if (nvc_op_is_cf(ir->op)) {
         ok = emit_cf(e, ir);
         continue;
      }
      if (ir->op == NVC_OP_SEL) {
         /* cc = cond; dst = b; dst(NE) = a */
         struct nvc_dst none = { .file = NVC_FILE_NONE,
                                  .mask = nvc_dst_phys_mask(p, ir) };
         struct nvc_src cs = nvc_sel_cond_src(p, ir);
         uint8_t ccswz[4] = { 0, 1, 2, 3 };
         if (ir->cond_in_cc)
            nvc_cond_cc_swizzle(p, ir, ccswz);
         else
            ok = emit_one(e, ir, NVC_OP_MOV, &none, &cs, 1, false, true,
                          NVISA_COND_TR, NULL);
         ok = ok &&
              emit_one(e, ir, NVC_OP_MOV, &ir->dst, &ir->src[2], 1, ir->sat,
                       false, NVISA_COND_TR, NULL) &&
              emit_one(e, ir, NVC_OP_MOV, &ir->dst, &ir->src[1], 1, ir->sat,
                       false, NVISA_COND_NE, ccswz);
         continue;
      }
      if (ir->op == NVC_OP_LDC) {
         /* ARL A0.x, index; dst = c[A0.x + first slot] (NV_vertex_program2
          * ARL: the floor of the operand; nv30_vp.xml / nv40_vp.xml
          * CONST_INDEXED with ASRC 0 and ASRC_SWZ x) */
         struct nvc_dst a0x = { .file = NVC_FILE_NONE, .mask = NVISA_MASK_X };
         ok = emit_one(e, ir, NVC_OP_MOV, &a0x, &ir->src[1], 1, false, false,
                       NVISA_COND_TR, NULL);
         if (ok) {
            e->hw[e->num_hw - 1].vec_op = NVISA_NV40_VP_VEC_OP_ARL;
            e->hw[e->num_hw - 1].vec_dst = 0;   /* A0 */
         }
         ok = ok && emit_one(e, ir, NVC_OP_MOV, &ir->dst, &ir->src[0], 1,
                             ir->sat, ir->cc_update, NVISA_COND_TR, NULL);
         if (ok) {
            struct nvisa_nv40_vp_insn *rd = &e->hw[e->num_hw - 1];
            rd->const_indexed = true;
            rd->addr_reg = 0;
            rd->addr_swz = 0;
         }
         continue;
      }
      if (ir->op == NVC_OP_KIL || nvc_op_info[ir->op].kind == NVC_KIND_TEX) {
         nvc_prog_error(p, "%s in a vertex program",
                        nvc_op_info[ir->op].name);
         ok = false;
         break;
      }
      ok = emit_one(e, ir, ir->op, &ir->dst, ir->src,
                    nvc_op_info[ir->op].num_srcs, ir->sat, ir->cc_update,
                    NVISA_COND_TR, NULL);
   }

   if (ok && e->cf_depth) {
      nvc_prog_error(p, "internal error: unbalanced control flow");
      ok = false;
   }
   /* room for the NOP of an empty program; with branches, the slot the
    * labels at the end point at */
   if (ok && (e->num_hw == 0 || p->has_cf)) {
      struct nvisa_nv40_vp_insn nop;
      nvisa_nv40_vp_insn_init(&nop);
      ok = push_insn(e, &nop);
   }
   if (ok) {
      /* labels are instruction indices (nothing is paired in a program
       * with branches) */
      for (unsigned f = 0; f < e->num_fix; f++)
         e->hw[e->fix[f].hw].branch_target = e->label_pos[e->fix[f].label];
      code->hw = e->hw;
      code->num = e->num_hw;
   } else {
      free(e->hw);
   }
   free(e->label_pos);
   free(e->fix);
   free(e->cf);
   free(e);
   return ok;
}
