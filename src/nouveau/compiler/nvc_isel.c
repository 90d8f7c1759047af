/*
 * Instruction selection: lowered NIR (float-only vector ALU,
 * load_input/store_output, load_uniform/load_ubo, tex; the ifs and loops
 * NIR kept) -> NV40 IR.
 *
 * Each SSA def becomes an operand: a value for results of instructions,
 * or directly an input register or constant for loads, which the
 * hardware can read as sources without a move.
 */
#include "nvc_isel.h"

#include <stdlib.h>
#include <string.h>

#include "compiler/nir/nir.h"
#include "nvisa_nv40_fp.h"
#include "nvisa_nv40_vp.h"

#include "nv30-40_3d.xml.h"

struct isel {
   struct nvc_prog *p;
   nir_shader *s;
   const struct nvc_vp_key *key;
   struct nvc_isel_info *info;
   struct nvc_src *ssa;   /* operand of each SSA def, by index */
   /* VP: what the user clip planes are evaluated against. */
   struct nvc_src pos, clip_vertex;
   bool have_pos, have_clip_vertex;
   bool *ssa_set;
   unsigned num_ssa;
};

/* ------------------------------------------------------------------ */

static bool
is_routed_varying(unsigned slot)
{
   return (slot >= VARYING_SLOT_TEX0 && slot <= VARYING_SLOT_TEX7) ||
          slot == VARYING_SLOT_PNTC ||
          (slot >= VARYING_SLOT_VAR0 && slot < 64);
}

bool
nvc_route_texcoords(uint64_t slots, unsigned num,
                    uint8_t out[NVC_MAX_TEXCOORDS])
{
   memset(out, NVC_VARYING_NONE, NVC_MAX_TEXCOORDS);
   for (unsigned n = 0; n < 8; n++) {
      if (slots & BITFIELD64_BIT(VARYING_SLOT_TEX0 + n)) {
         out[n] = VARYING_SLOT_TEX0 + n;
         slots &= ~BITFIELD64_BIT(VARYING_SLOT_TEX0 + n);
      }
   }
   while (slots) {
      unsigned slot = u_bit_scan64(&slots);
      unsigned n;
      for (n = 0; n < num; n++)
         if (out[n] == NVC_VARYING_NONE)
            break;
      if (n == num)
         return false;
      out[n] = slot;
   }
   return true;
}

static int
texcoord_of(const uint8_t route[NVC_MAX_TEXCOORDS], unsigned slot)
{
   for (unsigned n = 0; n < NVC_MAX_TEXCOORDS; n++)
      if (route[n] == slot)
         return n;
   return -1;
}

/* A constant index source (I/O offset, UBO offset or block).  After
 * nir_lower_int_to_float every integer constant holds its value as a
 * float, so read it as one; -1 if it is not a small whole number. */
static int
const_index(nir_src src)
{
   float f = nir_src_as_float(src);
   if (!(f >= 0.0f && f < 65536.0f) || f != (float)(int)f)
      return -1;
   return (int)f;
}

/* ------------------------------------------------------------------ */

static void
set_ssa(struct isel *c, nir_ssa_def *def, struct nvc_src src)
{
   if (def->index < c->num_ssa) {
      c->ssa[def->index] = src;
      c->ssa_set[def->index] = true;
   }
}

static struct nvc_src
get_ssa(struct isel *c, nir_src *src)
{
   if (!src->is_ssa || src->ssa->index >= c->num_ssa ||
       !c->ssa_set[src->ssa->index]) {
      nvc_prog_error(c->p, "source is not an SSA value we produced");
      return nvc_src_none();
   }
   return c->ssa[src->ssa->index];
}

/* A fresh value for an SSA def, set as its operand. */
static unsigned
def_value(struct isel *c, nir_ssa_def *def)
{
   unsigned v = nvc_new_value(c->p, def->num_components);
   set_ssa(c, def, nvc_src_value(v));
   return v;
}

/* Operand for ALU source i: the SSA operand composed with the NIR
 * swizzle and modifiers. */
static struct nvc_src
alu_src(struct isel *c, nir_alu_instr *alu, unsigned i)
{
   struct nvc_src base = get_ssa(c, &alu->src[i].src);
   struct nvc_src s = base;
   for (unsigned k = 0; k < 4; k++)
      s.swz[k] = base.swz[alu->src[i].swizzle[k] & 3];
   if (alu->src[i].abs) {
      s.abs = true;
      s.neg = false;
   }
   if (alu->src[i].negate)
      s.neg = !s.neg;
   return s;
}

static struct nvc_src
swizzle_src(struct nvc_src s, unsigned x, unsigned y, unsigned z, unsigned w)
{
   struct nvc_src r = s;
   r.swz[0] = s.swz[x];
   r.swz[1] = s.swz[y];
   r.swz[2] = s.swz[z];
   r.swz[3] = s.swz[w];
   return r;
}

static struct nvc_src
imm_src(struct isel *c, float v)
{
   struct nvc_constv k = { .num_comps = 1 };
   k.c[0].value = v;
   struct nvc_src s = nvc_src_none();
   s.file = NVC_FILE_CONST;
   s.index = nvc_new_const(c->p, &k);
   memset(s.swz, 0, 4);
   return s;
}

static void
emit_alu1(struct isel *c, unsigned op, unsigned dst, uint8_t mask, bool sat,
          struct nvc_src a)
{
   struct nvc_insn *insn = nvc_emit(c->p, op);
   insn->dst = nvc_dst_value(c->p, dst);
   insn->dst.mask &= mask;
   insn->sat = sat;
   insn->src[0] = a;
}

static void
emit_alu(struct isel *c, unsigned op, unsigned dst, uint8_t mask, bool sat,
         struct nvc_src a, struct nvc_src b, struct nvc_src d)
{
   struct nvc_insn *insn = nvc_emit(c->p, op);
   insn->dst = nvc_dst_value(c->p, dst);
   insn->dst.mask &= mask;
   insn->sat = sat;
   insn->src[0] = a;
   insn->src[1] = b;
   insn->src[2] = d;
}

/* Moves, negations and absolute values of an operand, and vectors
 * gathered from one operand, are just that operand with other swizzle/
 * modifiers: no instruction.  Returns false if alu is none of those. */
static bool
isel_alu_as_operand(struct isel *c, nir_alu_instr *alu)
{
   nir_ssa_def *def = &alu->dest.dest.ssa;
   if (alu->op == nir_op_mov || alu->op == nir_op_fneg ||
       alu->op == nir_op_fabs) {
      struct nvc_src a = alu_src(c, alu, 0);
      if (alu->op == nir_op_fabs) {
         a.abs = true;
         a.neg = false;
      } else if (alu->op == nir_op_fneg) {
         a.neg = !a.neg;
      }
      set_ssa(c, def, a);
      return true;
   }
   if (nir_op_is_vec(alu->op)) {
      unsigned n = nir_op_infos[alu->op].num_inputs;
      struct nvc_src a = alu_src(c, alu, 0);
      bool same = true;
      for (unsigned i = 1; i < n && same; i++) {
         struct nvc_src b = alu_src(c, alu, i);
         same = b.file == a.file && b.index == a.index && b.neg == a.neg &&
                b.abs == a.abs;
         a.swz[i] = b.swz[0];
      }
      if (same && a.file != NVC_FILE_NONE) {
         for (unsigned i = n; i < 4; i++)
            a.swz[i] = a.swz[n - 1];
         set_ssa(c, def, a);
         return true;
      }
   }
   return false;
}

/* The IR op computing a NIR ALU op by itself, operands in order;
 * NVC_OP_COUNT when it takes more than that. */
static unsigned
simple_alu_op(nir_op op)
{
   switch (op) {
   case nir_op_mov:    return NVC_OP_MOV;
   case nir_op_fadd:   return NVC_OP_ADD;
   case nir_op_fmul:   return NVC_OP_MUL;
   case nir_op_ffma:   return NVC_OP_MAD;
   case nir_op_fmin:   return NVC_OP_MIN;
   case nir_op_fmax:   return NVC_OP_MAX;
   case nir_op_slt:    return NVC_OP_SLT;
   case nir_op_sge:    return NVC_OP_SGE;
   case nir_op_seq:    return NVC_OP_SEQ;
   case nir_op_sne:    return NVC_OP_SNE;
   case nir_op_ffloor: return NVC_OP_FLR;
   case nir_op_ffract: return NVC_OP_FRC;
   case nir_op_frcp:   return NVC_OP_RCP;
   case nir_op_fexp2:  return NVC_OP_EX2;
   case nir_op_flog2:  return NVC_OP_LG2;
   case nir_op_fsin:   return NVC_OP_SIN;
   case nir_op_fcos:   return NVC_OP_COS;
   case nir_op_fcsel:  return NVC_OP_SEL;
   case nir_op_fdot3:
   case nir_op_fdot3_replicated:
      return NVC_OP_DP3;
   case nir_op_fdot4:
   case nir_op_fdot4_replicated:
      return NVC_OP_DP4;
   default:
      return NVC_OP_COUNT;
   }
}

/* fddx/fddy and their fine/coarse forms. */
static bool
isel_alu_derivative(struct isel *c, nir_alu_instr *alu, bool sat)
{
   nir_ssa_def *def = &alu->dest.dest.ssa;
   if (!c->p->is_fp) {
      nvc_prog_error(c->p, "derivatives in a vertex program");
      return false;
   }
   bool is_x = alu->op == nir_op_fddx || alu->op == nir_op_fddx_fine ||
               alu->op == nir_op_fddx_coarse;
   /* DDX/DDY produce x and y only (nvfx_shader.h), so do two
    * components at a time into x/y-only values and gather them. */
   unsigned v = def_value(c, def);
   struct nvc_src a = alu_src(c, alu, 0);
   for (unsigned first = 0; first < def->num_components; first += 2) {
      unsigned n = MIN2(2, def->num_components - first);
      unsigned t = nvc_new_value(c->p, n);
      c->p->values[t].flags |= NVC_VALUE_XY_ONLY;
      struct nvc_src part = swizzle_src(a, first, MIN2(first + 1, 3),
                                        MIN2(first + 1, 3),
                                        MIN2(first + 1, 3));
      emit_alu1(c, is_x ? NVC_OP_DDX : NVC_OP_DDY, t, 0xf, false, part);
      struct nvc_src ts = nvc_src_value(t);
      struct nvc_insn *mov = nvc_emit(c->p, NVC_OP_MOV);
      mov->dst = nvc_dst_value(c->p, v);
      mov->dst.mask = ((1u << n) - 1) << first;
      mov->sat = sat;
      for (unsigned k = 0; k < n; k++)
         ts.swz[first + k] = k;
      mov->src[0] = ts;
   }
   return true;
}

/* frsq, fsqrt */
static bool
isel_alu_rsq(struct isel *c, nir_alu_instr *alu, uint8_t mask, bool sat)
{
   nir_ssa_def *def = &alu->dest.dest.ssa;
   unsigned v = def_value(c, def);
   struct nvc_src a = alu_src(c, alu, 0);
   bool sqrt = alu->op == nir_op_fsqrt;
   if (!c->p->is_fp || c->p->target->fp.rsq) {
      /* sqrt(x) = 1 / rsq(x): 0 -> rcp(inf) = 0 exactly, where
       * x * rsq(x) would give NaN (NV_vertex_program RSQ/RCP rules). */
      if (!sqrt) {
         emit_alu1(c, NVC_OP_RSQ, v, mask, sat, a);
      } else {
         unsigned t = nvc_new_value(c->p, 1);
         emit_alu1(c, NVC_OP_RSQ, t, 1, false, a);
         emit_alu1(c, NVC_OP_RCP, v, mask, sat, nvc_src_value(t));
      }
      return true;
   }
   /* An FP without RSQ (NV40's, nvfx_shader.h: RSQ is NV30-only;
    * nvc_target.fp.rsq): x^(-+1/2) = EX2(-+0.5 * LG2(|x|)). */
   unsigned t = nvc_new_value(c->p, 1);
   unsigned u = nvc_new_value(c->p, 1);
   a.abs = true;
   a.neg = false;
   emit_alu1(c, NVC_OP_LG2, t, 1, false, a);
   emit_alu(c, NVC_OP_MUL, u, 1, false, nvc_src_value(t),
            imm_src(c, sqrt ? 0.5f : -0.5f), nvc_src_none());
   emit_alu1(c, NVC_OP_EX2, v, mask, sat, nvc_src_value(u));
   return true;
}

/* fpow and flrp, which NIR keeps only where nvc_nir_options says the
 * target's FP has POW and LRP (NV_fragment_program: POW scalar,
 * LRP = s0 * s1 + (1 - s0) * s2 per component).  Anywhere else (a
 * vertex program, a shader built with another target's options) they are
 * expanded: pow = EX2(y * LG2(x)), lrp(x, y, a) = x + a * (y - x). */
static bool
isel_alu_pow_lrp(struct isel *c, nir_alu_instr *alu, uint8_t mask, bool sat)
{
   const struct nvc_target *t = c->p->target;
   unsigned v = def_value(c, &alu->dest.dest.ssa);
   struct nvc_src a = alu_src(c, alu, 0), b = alu_src(c, alu, 1);

   if (alu->op == nir_op_fpow) {
      if (c->p->is_fp && t->fp.pow) {
         emit_alu(c, NVC_OP_POW, v, mask, sat, a, b, nvc_src_none());
         return true;
      }
      unsigned l = nvc_new_value(c->p, 1), m = nvc_new_value(c->p, 1);
      emit_alu1(c, NVC_OP_LG2, l, 1, false, a);
      emit_alu(c, NVC_OP_MUL, m, 1, false, nvc_src_value(l), b,
               nvc_src_none());
      emit_alu1(c, NVC_OP_EX2, v, mask, sat, nvc_src_value(m));
      return true;
   }
   /* flrp(x, y, a) = x * (1 - a) + y * a */
   struct nvc_src f = alu_src(c, alu, 2);
   if (c->p->is_fp && t->fp.lrp) {
      emit_alu(c, NVC_OP_LRP, v, mask, sat, f, b, a);
      return true;
   }
   unsigned d = nvc_new_value(c->p, alu->dest.dest.ssa.num_components);
   struct nvc_src na = a;
   na.neg = !na.neg;
   emit_alu(c, NVC_OP_ADD, d, mask, false, b, na, nvc_src_none());
   emit_alu(c, NVC_OP_MAD, v, mask, sat, f, nvc_src_value(d), a);
   return true;
}

/* vec2/3/4 of several operands: one MOV per distinct operand. */
static bool
isel_alu_vec(struct isel *c, nir_alu_instr *alu, bool sat)
{
   nir_ssa_def *def = &alu->dest.dest.ssa;
   unsigned v = def_value(c, def);
   unsigned n = nir_op_infos[alu->op].num_inputs;
   bool done[4] = { false };
   /* One MOV per distinct source operand. */
   for (unsigned i = 0; i < n; i++) {
      if (done[i])
         continue;
      struct nvc_src a = alu_src(c, alu, i);
      struct nvc_src m = a;
      uint8_t wm = 0;
      for (unsigned j = i; j < n; j++) {
         if (done[j])
            continue;
         struct nvc_src b = alu_src(c, alu, j);
         if (b.file != a.file || b.index != a.index || b.neg != a.neg ||
             b.abs != a.abs)
            continue;
         m.swz[j] = b.swz[0];
         wm |= 1u << j;
         done[j] = true;
      }
      emit_alu1(c, NVC_OP_MOV, v, wm, sat, m);
   }
   return true;
}

static bool
isel_alu(struct isel *c, nir_alu_instr *alu)
{
   nir_ssa_def *def = &alu->dest.dest.ssa;
   if (!alu->dest.dest.is_ssa) {
      nvc_prog_error(c->p, "ALU writes a register, not SSA");
      return false;
   }
   if (def->bit_size != 32 && def->bit_size != 1) {
      nvc_prog_error(c->p, "%u-bit ALU op %s not supported",
                     def->bit_size, nir_op_infos[alu->op].name);
      return false;
   }
   bool sat = alu->dest.saturate;
   uint8_t mask = (1u << def->num_components) - 1;

   if (!sat && isel_alu_as_operand(c, alu))
      return true;

   unsigned simple_op = simple_alu_op(alu->op);
   if (simple_op != NVC_OP_COUNT) {
      unsigned v = def_value(c, def);
      unsigned nsrc = nir_op_infos[alu->op].num_inputs;
      struct nvc_insn *insn = nvc_emit(c->p, simple_op);
      insn->dst = nvc_dst_value(c->p, v);
      insn->dst.mask &= mask;
      insn->sat = sat;
      for (unsigned i = 0; i < nsrc && i < 3; i++)
         insn->src[i] = alu_src(c, alu, i);
      return true;
   }

   switch (alu->op) {
   case nir_op_fneg: {
      unsigned v = def_value(c, def);
      struct nvc_src a = alu_src(c, alu, 0);
      a.neg = !a.neg;
      emit_alu1(c, NVC_OP_MOV, v, mask, sat, a);
      return true;
   }
   case nir_op_fabs: {
      unsigned v = def_value(c, def);
      struct nvc_src a = alu_src(c, alu, 0);
      a.abs = true;
      a.neg = false;
      emit_alu1(c, NVC_OP_MOV, v, mask, sat, a);
      return true;
   }
   case nir_op_fsat: {
      unsigned v = def_value(c, def);
      emit_alu1(c, NVC_OP_MOV, v, mask, true, alu_src(c, alu, 0));
      return true;
   }
   case nir_op_fsub: {
      /* from nir_lower_int_to_float's isub: a + -b */
      unsigned v = def_value(c, def);
      struct nvc_src bsrc = alu_src(c, alu, 1);
      bsrc.neg = !bsrc.neg;
      emit_alu(c, NVC_OP_ADD, v, mask, sat, alu_src(c, alu, 0), bsrc,
               nvc_src_none());
      return true;
   }
   case nir_op_fddx:
   case nir_op_fddx_fine:
   case nir_op_fddx_coarse:
   case nir_op_fddy:
   case nir_op_fddy_fine:
   case nir_op_fddy_coarse:
      return isel_alu_derivative(c, alu, sat);
   case nir_op_frsq:
   case nir_op_fsqrt:
      return isel_alu_rsq(c, alu, mask, sat);
   case nir_op_fpow:
   case nir_op_flrp:
      return isel_alu_pow_lrp(c, alu, mask, sat);
   case nir_op_fdot2:
   case nir_op_fdot2_replicated: {
      unsigned v = def_value(c, def);
      unsigned t = nvc_new_value(c->p, 2);
      emit_alu(c, NVC_OP_MUL, t, 3, false, alu_src(c, alu, 0),
               alu_src(c, alu, 1), nvc_src_none());
      struct nvc_src tx = nvc_src_value(t), ty = nvc_src_value(t);
      memset(tx.swz, 0, 4);
      memset(ty.swz, 1, 4);
      emit_alu(c, NVC_OP_ADD, v, mask, sat, tx, ty, nvc_src_none());
      return true;
   }
   case nir_op_vec2:
   case nir_op_vec3:
   case nir_op_vec4:
      return isel_alu_vec(c, alu, sat);
   default:
      nvc_prog_error(c->p, "unsupported NIR ALU op %s",
                     nir_op_infos[alu->op].name);
      return false;
   }
}

/* ------------------------------------------------------------------ */

static struct nvc_src
const_operand(struct isel *c, const struct nvc_constv *k)
{
   struct nvc_src s = nvc_src_none();
   s.file = NVC_FILE_CONST;
   s.index = nvc_new_const(c->p, k);
   return s;
}

static bool
isel_load_const(struct isel *c, nir_load_const_instr *lc)
{
   if (lc->def.bit_size != 32 && lc->def.bit_size != 1) {
      nvc_prog_error(c->p, "%u-bit constant", lc->def.bit_size);
      return false;
   }
   struct nvc_constv k = { .num_comps = lc->def.num_components };
   for (unsigned i = 0; i < lc->def.num_components; i++)
      k.c[i].value = lc->def.bit_size == 1 ? (lc->value[i].b ? 1.0f : 0.0f)
                                           : lc->value[i].f32;
   set_ssa(c, &lc->def, const_operand(c, &k));
   return true;
}

static bool
isel_uniform(struct isel *c, nir_intrinsic_instr *intr, unsigned slot,
             unsigned comp)
{
   struct nvc_constv k = { .num_comps = intr->dest.ssa.num_components };
   /* constant buffer 0, or the texture parameters past it
    * (NVC_FP_TEX_PARAM_SLOT, FP only) */
   bool param = c->p->is_fp && slot >= NVC_FP_TEX_PARAM_SLOT0 &&
                slot < NVC_FP_TEX_PARAM_SLOT(NVC_MAX_TEX_UNITS, 0);
   if ((slot >= NVC_FP_TEX_PARAM_SLOT0 && !param) || comp + k.num_comps > 4) {
      nvc_prog_error(c->p, "uniform load outside one vec4 slot "
                     "(slot %u, component %u)", slot, comp);
      return false;
   }
   for (unsigned i = 0; i < k.num_comps; i++) {
      k.c[i].is_uniform = true;
      k.c[i].uniform_dword = slot * 4 + comp + i;
   }
   set_ssa(c, &intr->dest.ssa, const_operand(c, &k));
   return true;
}

/* A uniform array element at a run-time index (VP, target
 * vp.const_indexing): LDC of the array's first slot, indexed by the
 * offset; the range (nir_intrinsic_range, vec4 slots; unknown: to the
 * end of the uniforms) is what the emitter places in consecutive
 * constant registers. */
static bool
isel_indexed_uniform(struct isel *c, nir_intrinsic_instr *intr)
{
   struct nvc_prog *p = c->p;
   unsigned base = nir_intrinsic_base(intr);
   unsigned range = nir_intrinsic_range(intr);
   unsigned total = DIV_ROUND_UP(c->s->num_uniforms, 4);
   if (range == ~0u || range == 0)
      range = total > base ? total - base : 0;
   unsigned nc = intr->dest.ssa.num_components;
   if (range == 0 || range > p->target->vp.num_consts || nc > 4) {
      nvc_prog_error(p, "indirect uniform access outside the uniforms");
      return false;
   }
   struct nvc_constv k = { .num_comps = nc, .index_range = range };
   for (unsigned i = 0; i < nc; i++) {
      k.c[i].is_uniform = true;
      k.c[i].uniform_dword = base * 4 + i;
   }
   unsigned v = def_value(c, &intr->dest.ssa);
   struct nvc_insn *insn = nvc_emit(p, NVC_OP_LDC);
   insn->dst = nvc_dst_value(p, v);
   insn->src[0] = const_operand(c, &k);
   insn->src[1] = get_ssa(c, &intr->src[0]);
   for (unsigned i = 1; i < 4; i++)
      insn->src[1].swz[i] = insn->src[1].swz[0];
   return true;
}

/* VP_RESULT_EN bits of texcoord n and of user clip distance i: hwdb
 * (nv30-40_3d.xml VP_RESULT_EN) has CLP0..CLP5 and TC0..TC7 on consecutive
 * bits, and TC8, TC9 apart. */
static uint32_t
result_en_tc(unsigned n)
{
   return n < 8 ? (uint32_t)NV40_3D_VP_RESULT_EN_TC0 << n
                : (uint32_t)NV40_3D_VP_RESULT_EN_TC8 << (n - 8);
}

static uint32_t
result_en_clp(unsigned i)
{
   return (uint32_t)NV40_3D_VP_RESULT_EN_CLP0 << i;
}

/* VP output register and VP_RESULT_EN bit of a varying slot; -1 if the
 * output is dropped (not read by the FP). */
static int
vp_output(struct isel *c, unsigned slot, uint32_t *en)
{
   *en = 0;
   switch (slot) {
   case VARYING_SLOT_POS:  return NVISA_NV40_VP_OUT_HPOS;
   case VARYING_SLOT_COL0: *en = NV40_3D_VP_RESULT_EN_COL0; return NVISA_NV40_VP_OUT_COL0;
   case VARYING_SLOT_COL1: *en = NV40_3D_VP_RESULT_EN_COL1; return NVISA_NV40_VP_OUT_COL1;
   case VARYING_SLOT_BFC0: *en = NV40_3D_VP_RESULT_EN_BFC0; return NVISA_NV40_VP_OUT_BFC0;
   case VARYING_SLOT_BFC1: *en = NV40_3D_VP_RESULT_EN_BFC1; return NVISA_NV40_VP_OUT_BFC1;
   case VARYING_SLOT_FOGC: *en = NV40_3D_VP_RESULT_EN_FOGC; return NVISA_NV40_VP_OUT_FOGC;
   case VARYING_SLOT_PSIZ: *en = NV40_3D_VP_RESULT_EN_PSZ; return NVISA_NV40_VP_OUT_PSZ;
   default:
      break;
   }
   if (is_routed_varying(slot)) {
      int n = texcoord_of(c->info->texcoord_varying, slot);
      if (n < 0)
         return -1;
      *en = result_en_tc(n);
      /* TCn is output register 7 + n, n < 10 (nv40_vertprog.h
       * NV40_VP_INST_DEST_TC(n)). */
      return NVISA_NV40_VP_OUT_TC0 + n;
   }
   return -2;
}

/* A VP output register as a value the allocator leaves where it is. */
static unsigned
vp_output_value(struct nvc_prog *p, unsigned reg)
{
   unsigned o = nvc_new_value(p, 4);
   struct nvc_value *ov = &p->values[o];
   ov->flags |= NVC_VALUE_PRECOLORED;
   ov->loc_file = NVC_LOC_OUTPUT;
   ov->reg = reg;
   for (unsigned i = 0; i < 4; i++)
      ov->chan[i] = i;
   return o;
}

/* The face for an FP that reads it from COL1 (nvc_vp_key::
 * facing_in_col1): COL1 = 1 for front faces, BFC1 = 0 for back ones,
 * which VERTEX_TWO_SIDE_ENABLE selects (rnndb NV_vertex_program: BFC0/
 * BFC1 are the back-facing colours). */
static void
emit_facing_colours(struct isel *c)
{
   struct nvc_prog *p = c->p;
   static const struct { unsigned reg; float value; uint32_t en; } out[] = {
      { NVISA_NV40_VP_OUT_COL1, 1.0f, NV40_3D_VP_RESULT_EN_COL1 },
      { NVISA_NV40_VP_OUT_BFC1, 0.0f, NV40_3D_VP_RESULT_EN_BFC1 },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(out); i++) {
      struct nvc_insn *insn = nvc_emit(p, NVC_OP_MOV);
      insn->dst.file = NVC_FILE_VALUE;
      insn->dst.index = vp_output_value(p, out[i].reg);
      insn->dst.mask = 0xf;
      insn->src[0] = imm_src(c, out[i].value);
      memset(insn->src[0].swz, 0, 4);
      c->info->result_en |= out[i].en;
   }
}

static bool
isel_store_output(struct isel *c, nir_intrinsic_instr *intr)
{
   struct nvc_prog *p = c->p;
   nir_io_semantics sem = nir_intrinsic_io_semantics(intr);
   unsigned comp = nir_intrinsic_component(intr);
   unsigned wm = nir_intrinsic_write_mask(intr);
   nir_src *offset = &intr->src[1];
   int off = nir_src_is_const(*offset) ? const_index(*offset) : -1;
   if (off < 0) {
      nvc_prog_error(p, "indirect output store not supported");
      return false;
   }
   unsigned slot = sem.location + off;
   struct nvc_src val = get_ssa(c, &intr->src[0]);

   unsigned o = nvc_new_value(p, 4);
   struct nvc_value *ov = &p->values[o];
   ov->flags |= NVC_VALUE_PRECOLORED;
   for (unsigned i = 0; i < 4; i++)
      ov->chan[i] = i;

   if (!p->is_fp && (slot == VARYING_SLOT_CLIP_VERTEX ||
                     (slot == VARYING_SLOT_POS && wm == 0xf && comp == 0))) {
      if (slot == VARYING_SLOT_POS) {
         c->pos = val;
         c->have_pos = true;
      } else {
         c->clip_vertex = val;
         c->have_clip_vertex = true;
         return true;
      }
   }

   if (!p->is_fp) {
      uint32_t en;
      int out = vp_output(c, slot, &en);
      if (out == -1 || slot == VARYING_SLOT_EDGE)
         return true;
      if (c->key && c->key->facing_in_col1) {
         /* COL1/BFC1 carry the face (emit_facing_colours); without the
          * user's two-sided colours BFC0 repeats COL0, so that the
          * selection that gives the face leaves the colour alone. */
         if (slot == VARYING_SLOT_COL1 || slot == VARYING_SLOT_BFC1 ||
             (slot == VARYING_SLOT_BFC0 && !c->key->two_side))
            return true;
         if (slot == VARYING_SLOT_COL0 && !c->key->two_side) {
            struct nvc_insn *insn = nvc_emit(p, NVC_OP_MOV);
            insn->dst.file = NVC_FILE_VALUE;
            insn->dst.index = vp_output_value(p, NVISA_NV40_VP_OUT_BFC0);
            insn->dst.mask = (wm << comp) & 0xf;
            insn->src[0] = val;
            for (unsigned i = 0; i < 4; i++) {
               unsigned k = i >= comp ? i - comp : 0;
               insn->src[0].swz[i] = val.swz[MIN2(k, 3)];
            }
            c->info->result_en |= NV40_3D_VP_RESULT_EN_BFC0;
         }
      }
      if (out < 0) {
         nvc_prog_error(p, "vertex output %s not supported",
                        gl_varying_slot_name_for_stage(slot, MESA_SHADER_VERTEX));
         return false;
      }
      if ((slot == VARYING_SLOT_FOGC || slot == VARYING_SLOT_PSIZ) &&
          ((wm << comp) & ~1u)) {
         /* .yzw of these registers are the clip distances. */
         wm &= 1;
      }
      ov->loc_file = NVC_LOC_OUTPUT;
      ov->reg = out;
      c->info->result_en |= en;
      c->info->outputs_written |= BITFIELD64_BIT(slot);
      if (slot == VARYING_SLOT_PSIZ)
         c->info->writes_psize = true;
      if (slot == VARYING_SLOT_FOGC)
         c->info->writes_fog = true;
   } else {
      if (slot == FRAG_RESULT_DEPTH) {
         /* result.depth is R1.z (nvfx_shader.h). */
         ov->loc_file = NVC_LOC_TEMP;
         ov->reg = 1;
         ov->chan[0] = 2;
         ov->num_comps = 1;
         wm &= 1;
         comp = 0;
         c->info->writes_depth = true;
      } else if (slot == FRAG_RESULT_COLOR ||
                 (slot >= FRAG_RESULT_DATA0 && slot < FRAG_RESULT_DATA0 + 4)) {
         unsigned rt = slot == FRAG_RESULT_COLOR ? 0 : slot - FRAG_RESULT_DATA0;
         if (rt >= p->target->fp.render_targets) {
            nvc_prog_error(p, "colour output %u: this chip has %u render "
                           "target%s", rt, p->target->fp.render_targets,
                           p->target->fp.render_targets == 1 ? "" : "s");
            return false;
         }
         /* Colour results: H0, H4, H6, H8 = halves of R0, R2, R3, R4
          * (nvfx_fragprog.c, output declarations). */
         static const uint8_t full_reg[4] = { 0, 2, 3, 4 };
         ov->loc_file = NVC_LOC_HALF;
         ov->reg = full_reg[rt] * 2;
         p->reserved_regs |= 1ull << full_reg[rt];
         c->info->color_outputs |= 1u << rt;
      } else {
         nvc_prog_error(p, "fragment output %s not supported",
                        gl_frag_result_name(slot));
         return false;
      }
   }

   struct nvc_insn *insn = nvc_emit(p, NVC_OP_MOV);
   insn->dst.file = NVC_FILE_VALUE;
   insn->dst.index = o;
   insn->dst.mask = (wm << comp) & ((1u << p->values[o].num_comps) - 1);
   insn->src[0] = val;
   for (unsigned i = 0; i < 4; i++) {
      unsigned k = i >= comp ? i - comp : 0;
      insn->src[0].swz[i] = val.swz[MIN2(k, 3)];
   }
   return true;
}

/* The input register of a varying slot, numbered as the target's ISA
 * does (nvc_target.fp.input); -1 if there is none. */
static int
fp_input(struct isel *c, unsigned slot)
{
   const struct nvc_target *t = c->p->target;
   switch (slot) {
   case VARYING_SLOT_POS:  return t->fp.input.pos;
   case VARYING_SLOT_COL0: return t->fp.input.col0;
   case VARYING_SLOT_COL1:
      c->info->reads_col1 = true;
      return t->fp.input.col1;
   case VARYING_SLOT_FOGC: return t->fp.input.fogc;
   case VARYING_SLOT_FACE:
      return t->fp.input.facing == NVC_FP_INPUT_NONE ? -1 : t->fp.input.facing;
   default:
      break;
   }
   if (is_routed_varying(slot)) {
      int n = texcoord_of(c->info->texcoord_varying, slot);
      if (n < 0)
         return -1;
      c->info->texcoords_used |= 1u << n;
      c->info->result_en |= result_en_tc(n);
      return t->fp.input.tc0 + n;
   }
   return -1;
}

/* gl_FrontFacing as 1.0 (front) or 0.0 (back) into value v.  From the
 * facing input, positive for front faces (TGSI FACE, as upstream feeds
 * it from NV40_FP_OP_INPUT_SRC_FACING); without one, from COL1.x, which
 * the VP makes 1 on front faces and two-sided colour selection 0 on back
 * ones (nvc_vp_key::facing_in_col1). */
static void
emit_front_facing(struct isel *c, unsigned v)
{
   struct nvc_prog *p = c->p;
   struct nvc_src f = nvc_src_none();
   f.file = NVC_FILE_INPUT;
   memset(f.swz, 0, 4);
   float threshold = 0.0f;
   if (p->target->fp.facing) {
      f.index = p->target->fp.input.facing;
   } else {
      f.index = p->target->fp.input.col1;
      threshold = 0.5f;
      c->info->facing_in_col1 = true;
   }
   c->info->inputs_read |= 1u << f.index;
   emit_alu(c, NVC_OP_SGT, v, 1, false, f, imm_src(c, threshold),
            nvc_src_none());
}

static bool
isel_load_input(struct isel *c, nir_intrinsic_instr *intr)
{
   struct nvc_prog *p = c->p;
   unsigned comp = nir_intrinsic_component(intr);
   nir_src *offset = &intr->src[0];
   int off = nir_src_is_const(*offset) ? const_index(*offset) : -1;
   if (off < 0) {
      nvc_prog_error(p, "indirect input load not supported");
      return false;
   }
   struct nvc_src s = nvc_src_none();
   s.file = NVC_FILE_INPUT;
   if (!p->is_fp) {
      unsigned attr = nir_intrinsic_base(intr) + off;
      if (attr >= p->target->vp.num_attribs) {
         nvc_prog_error(p, "vertex attribute %u out of range", attr);
         return false;
      }
      s.index = attr;
      c->info->attrib_en |= 1u << attr;
   } else {
      nir_io_semantics sem = nir_intrinsic_io_semantics(intr);
      unsigned slot = sem.location + off;
      int in = fp_input(c, slot);
      if (slot == VARYING_SLOT_FACE &&
          nir_alu_type_get_base_type(nir_intrinsic_dest_type(intr)) ==
             nir_type_bool) {
         /* gl_FrontFacing as a bool input (st/mesa): 1.0 or 0.0, the
          * booleans of nir_lower_bool_to_float */
         emit_front_facing(c, def_value(c, &intr->dest.ssa));
         return true;
      }
      if (in < 0 && slot == VARYING_SLOT_FACE) {
         /* TGSI FACE: positive for front faces, negative for back ones:
          * 2 * facing - 1 */
         unsigned f = nvc_new_value(p, 1);
         emit_front_facing(c, f);
         unsigned v = def_value(c, &intr->dest.ssa);
         struct nvc_src fs = nvc_src_value(f);
         memset(fs.swz, 0, 4);
         emit_alu(c, NVC_OP_MAD, v,
                  (1u << intr->dest.ssa.num_components) - 1, false,
                  fs, imm_src(c, 2.0f), imm_src(c, -1.0f));
         return true;
      }
      if (in < 0) {
         nvc_prog_error(p, "fragment input %s not supported",
                        gl_varying_slot_name_for_stage(slot, MESA_SHADER_FRAGMENT));
         return false;
      }
      s.index = in;
      c->info->inputs_read |= 1u << in;
   }
   for (unsigned i = 0; i < 4; i++)
      s.swz[i] = MIN2(comp + i, 3);
   set_ssa(c, &intr->dest.ssa, s);
   return true;
}

static bool
isel_intrinsic(struct isel *c, nir_intrinsic_instr *intr)
{
   struct nvc_prog *p = c->p;

   switch (intr->intrinsic) {
   case nir_intrinsic_load_input:
      return isel_load_input(c, intr);
   case nir_intrinsic_store_output:
      return isel_store_output(c, intr);
   case nir_intrinsic_load_uniform: {
      int off = nir_src_is_const(intr->src[0]) ? const_index(intr->src[0]) : -1;
      if (off < 0 && !p->is_fp && p->target->vp.const_indexing)
         return isel_indexed_uniform(c, intr);
      if (off < 0) {
         nvc_prog_error(p, "indirect uniform access not supported");
         return false;
      }
      return isel_uniform(c, intr, nir_intrinsic_base(intr) + off, 0);
   }
   case nir_intrinsic_load_ubo:
   case nir_intrinsic_load_ubo_vec4: {
      if (!nir_src_is_const(intr->src[0]) || const_index(intr->src[0]) != 0) {
         nvc_prog_error(p, "only constant buffer 0 is supported");
         return false;
      }
      int off = nir_src_is_const(intr->src[1]) ? const_index(intr->src[1]) : -1;
      if (off < 0) {
         nvc_prog_error(p, "indirect uniform access not supported");
         return false;
      }
      if (intr->intrinsic == nir_intrinsic_load_ubo_vec4)
         return isel_uniform(c, intr, nir_intrinsic_base(intr) + off,
                             nir_intrinsic_component(intr));
      if (off % 4) {
         nvc_prog_error(p, "unaligned uniform load");
         return false;
      }
      return isel_uniform(c, intr, off / 16, (off % 16) / 4);
   }
   case nir_intrinsic_load_front_face: {
      if (!p->is_fp)
         break;
      emit_front_facing(c, def_value(c, &intr->dest.ssa));
      return true;
   }
   case nir_intrinsic_load_frag_coord: {
      if (!p->is_fp)
         break;
      struct nvc_src f = nvc_src_none();
      f.file = NVC_FILE_INPUT;
      f.index = p->target->fp.input.pos;
      c->info->inputs_read |= 1u << f.index;
      set_ssa(c, &intr->dest.ssa, f);
      return true;
   }
   case nir_intrinsic_discard:
   case nir_intrinsic_terminate:
   case nir_intrinsic_demote:
   case nir_intrinsic_discard_if:
   case nir_intrinsic_terminate_if:
   case nir_intrinsic_demote_if: {
      if (!p->is_fp)
         break;
      struct nvc_src cond = nvc_src_none();
      if (intr->intrinsic == nir_intrinsic_discard_if ||
          intr->intrinsic == nir_intrinsic_terminate_if ||
          intr->intrinsic == nir_intrinsic_demote_if) {
         cond = get_ssa(c, &intr->src[0]);
         memset(cond.swz, cond.swz[0], 4);
      }
      struct nvc_insn *insn = nvc_emit(p, NVC_OP_KIL);
      insn->src[0] = cond;
      c->info->uses_kil = true;
      return true;
   }
   default:
      break;
   }
   nvc_prog_error(p, "unsupported intrinsic %s in a %s program",
                  nir_intrinsic_infos[intr->intrinsic].name,
                  p->is_fp ? "fragment" : "vertex");
   return false;
}

/* ------------------------------------------------------------------ */

static bool
isel_tex(struct isel *c, nir_tex_instr *tex)
{
   struct nvc_prog *p = c->p;
   if (!p->is_fp) {
      /* NV30 VPs have no texture units at all (NV_vertex_program2);
       * NV40's (NV_vertex_program3) are not compiled for yet. */
      if (!p->target->vp.tex_units)
         nvc_prog_error(p, "texture lookups in vertex programs: this chip "
                        "has no vertex texture units");
      else
         nvc_prog_error(p, "texture lookups in vertex programs not "
                        "supported yet");
      return false;
   }
   unsigned op;
   switch (tex->op) {
   case nir_texop_tex: op = NVC_OP_TEX; break;
   case nir_texop_txb: op = NVC_OP_TXB; break;
   case nir_texop_txl:
      if (!p->target->fp.txl) {
         nvc_prog_error(p, "explicit-lod texture lookups (TXL) do not "
                        "exist on this chip");
         return false;
      }
      op = NVC_OP_TXL;
      break;
   default:
      nvc_prog_error(p, "texture op %d not supported", tex->op);
      return false;
   }
   if (tex->texture_index >= p->target->fp.tex_units) {
      nvc_prog_error(p, "texture unit %u out of range", tex->texture_index);
      return false;
   }

   struct nvc_src coord = nvc_src_none(), extra = nvc_src_none(),
                  cmp = nvc_src_none();
   bool have_coord = false, have_extra = false, have_cmp = false;
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      switch (tex->src[i].src_type) {
      case nir_tex_src_coord:
         coord = get_ssa(c, &tex->src[i].src);
         have_coord = true;
         break;
      case nir_tex_src_projector:
         extra = get_ssa(c, &tex->src[i].src);
         have_extra = true;
         op = NVC_OP_TXP;
         break;
      case nir_tex_src_bias:
      case nir_tex_src_lod:
         extra = get_ssa(c, &tex->src[i].src);
         have_extra = true;
         break;
      case nir_tex_src_comparator:
         cmp = get_ssa(c, &tex->src[i].src);
         have_cmp = true;
         break;
      case nir_tex_src_texture_offset:
      case nir_tex_src_sampler_offset:
      case nir_tex_src_texture_deref:
      case nir_tex_src_sampler_deref:
      default:
         nvc_prog_error(p, "texture source type %d not supported",
                        tex->src[i].src_type);
         return false;
      }
   }
   if (!have_coord) {
      nvc_prog_error(p, "texture lookup without coordinates");
      return false;
   }
   if ((op == NVC_OP_TXP && (tex->op != nir_texop_tex || have_cmp)) ||
       tex->coord_components > 3 || (have_cmp && tex->coord_components > 2)) {
      nvc_prog_error(p, "texture lookup form not supported");
      return false;
   }

   unsigned ncoord = tex->coord_components;
   struct nvc_src s = coord;
   /* Pieces that are all components of one operand (texture2DProj(tc)
    * reads tc.xyw): swizzle them together instead of copying. */
   bool one_operand = true;
   if (have_extra)
      one_operand &= extra.file == coord.file && extra.index == coord.index &&
                     extra.neg == coord.neg && extra.abs == coord.abs;
   if (have_cmp)
      one_operand &= cmp.file == coord.file && cmp.index == coord.index &&
                     cmp.neg == coord.neg && cmp.abs == coord.abs;
   if ((have_extra || have_cmp) && one_operand && coord.file != NVC_FILE_NONE) {
      for (unsigned i = ncoord; i < 4; i++)
         s.swz[i] = coord.swz[ncoord - 1];
      if (have_cmp)
         s.swz[2] = cmp.swz[0];
      if (have_extra)
         s.swz[3] = extra.swz[0];
   } else if (have_extra || have_cmp) {
      /* Gather coordinates in .xyz, the comparison reference in .z and
       * bias/lod/projector in .w (NV_fragment_program TXB/TXL/TXP). */
      unsigned t = nvc_new_value(p, 4);
      emit_alu1(c, NVC_OP_MOV, t, (1u << ncoord) - 1, false, coord);
      if (have_cmp) {
         struct nvc_src k = cmp;
         memset(k.swz, cmp.swz[0], 4);
         emit_alu1(c, NVC_OP_MOV, t, 1u << 2, false, k);
      }
      if (have_extra) {
         struct nvc_src k = extra;
         memset(k.swz, extra.swz[0], 4);
         emit_alu1(c, NVC_OP_MOV, t, 1u << 3, false, k);
      }
      s = nvc_src_value(t);
   } else {
      for (unsigned i = ncoord; i < 4; i++)
         s.swz[i] = coord.swz[ncoord - 1];
   }

   unsigned v = def_value(c, &tex->dest.ssa);
   c->p->values[v].flags |= NVC_VALUE_IDENTITY;
   struct nvc_insn *insn = nvc_emit(p, op);
   insn->dst = nvc_dst_value(p, v);
   insn->src[0] = s;
   insn->tex_unit = tex->texture_index;
   c->info->samplers_used |= 1u << tex->texture_index;
   return true;
}

/* User clip planes: distance i = dot(clip vertex or position, plane i),
 * the planes being constant registers 0..5, written to FOGC.y/z/w
 * (planes 0-2) and PSZ.y/z/w (3-5), VP_RESULT_EN bit 6 + i (upstream
 * nvfx_vertprog.c, "Insert code to handle user clip planes"). */
static bool
emit_clip_planes(struct isel *c)
{
   struct nvc_prog *p = c->p;
   struct nvc_src v = c->have_clip_vertex ? c->clip_vertex : c->pos;
   if (!c->have_clip_vertex && !c->have_pos) {
      nvc_prog_error(p, "clip planes enabled but no position written");
      return false;
   }
   for (unsigned i = 0; i < 6; i++) {
      if (!(c->key->ucp_enable & (1u << i)))
         continue;
      struct nvc_constv k = { .num_comps = 4, .hw_fixed = true, .hw_slot = i };
      struct nvc_src plane = const_operand(c, &k);
      unsigned o = nvc_new_value(p, 4);
      struct nvc_value *ov = &p->values[o];
      ov->flags |= NVC_VALUE_PRECOLORED;
      ov->loc_file = NVC_LOC_OUTPUT;
      ov->reg = i < 3 ? NVISA_NV40_VP_OUT_FOGC : NVISA_NV40_VP_OUT_PSZ;
      for (unsigned ch = 0; ch < 4; ch++)
         ov->chan[ch] = ch;
      struct nvc_insn *insn = nvc_emit(p, NVC_OP_DP4);
      insn->dst.file = NVC_FILE_VALUE;
      insn->dst.index = o;
      insn->dst.mask = 1u << (1 + i % 3);
      insn->src[0] = v;
      insn->src[1] = plane;
      c->info->result_en |= result_en_clp(i);
   }
   return true;
}

/* ------------------------------------------------------------------ */

static void
collect_varyings(nir_function_impl *impl, bool is_fs, uint64_t *slots)
{
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         /* A FS's varyings are its inputs (its outputs are FRAG_RESULT_*
          * slots), a VS's its outputs. */
         if (intr->intrinsic != (is_fs ? nir_intrinsic_load_input
                                       : nir_intrinsic_store_output))
            continue;
         nir_io_semantics sem = nir_intrinsic_io_semantics(intr);
         unsigned n = MAX2(sem.num_slots, 1);
         for (unsigned i = 0; i < n; i++)
            if (sem.location + i < 64 && is_routed_varying(sem.location + i))
               *slots |= BITFIELD64_BIT(sem.location + i);
      }
   }
}

/* ------------------------------------------------------------------ */
/* Control flow: NIR's structured ifs and loops become the
 * NVC_OP_IF..BRK markers in program order.  A phi becomes one value,
 * written at the end of each predecessor block; every predecessor first
 * copies all its phi sources to temporaries and then those to the phis,
 * so that phis reading each other (a loop's swapped values) see the
 * old values, as phis read in parallel. */

/* The value of a phi, made when first needed (a predecessor may come
 * before the phi's block in program order: the block before a loop). */
static unsigned
phi_value(struct isel *c, nir_phi_instr *phi)
{
   nir_ssa_def *def = &phi->dest.ssa;
   if (def->index < c->num_ssa && c->ssa_set[def->index])
      return c->ssa[def->index].index;
   return def_value(c, def);
}

static void
emit_copy(struct isel *c, unsigned dst, unsigned num_comps, struct nvc_src src)
{
   struct nvc_insn *insn = nvc_emit(c->p, NVC_OP_MOV);
   insn->dst = nvc_dst_value(c->p, dst);
   insn->dst.mask &= (1u << num_comps) - 1;
   insn->src[0] = src;
}

static void
emit_phi_copies(struct isel *c, nir_block *block)
{
   for (unsigned si = 0; si < 2; si++) {
      nir_block *succ = block->successors[si];
      if (!succ)
         continue;
      unsigned n = 0;
      nir_foreach_instr(instr, succ) {
         if (instr->type != nir_instr_type_phi)
            break;
         if (nir_phi_get_src_from_block(nir_instr_as_phi(instr), block))
            n++;
      }
      if (!n)
         continue;
      unsigned *tmp = malloc(n * sizeof(*tmp));
      nir_phi_instr **phis = malloc(n * sizeof(*phis));
      if (!tmp || !phis) {
         free(tmp);
         free(phis);
         nvc_prog_error(c->p, "out of memory");
         return;
      }
      unsigned k = 0;
      nir_foreach_instr(instr, succ) {
         if (instr->type != nir_instr_type_phi)
            break;
         nir_phi_instr *phi = nir_instr_as_phi(instr);
         nir_phi_src *ps = nir_phi_get_src_from_block(phi, block);
         if (!ps)
            continue;
         unsigned nc = phi->dest.ssa.num_components;
         tmp[k] = nvc_new_value(c->p, nc);
         emit_copy(c, tmp[k], nc, get_ssa(c, &ps->src));
         phis[k++] = phi;
      }
      for (k = 0; k < n; k++)
         emit_copy(c, phi_value(c, phis[k]), phis[k]->dest.ssa.num_components,
                   nvc_src_value(tmp[k]));
      free(tmp);
      free(phis);
   }
}

/* An if or a loop NIR could not flatten or unroll needs branches: refused
 * where the target's ISA has none (NV_fragment_program: no branching),
 * rather than run wrong. */
static bool
can_branch(struct isel *c, bool loop, const char *what)
{
   const struct nvc_target *t = c->p->target;
   bool branching = c->p->is_fp ? t->fp.branching : t->vp.branching;
   bool loops = c->p->is_fp ? t->fp.loops : t->vp.loops;
   if (branching && (!loop || loops))
      return true;
   nvc_prog_error(c->p, "%s programs cannot branch%s on this chip, and "
                  "this one has %s that could not be flattened",
                  c->p->is_fp ? "fragment" : "vertex",
                  branching ? " backwards" : "", what);
   return false;
}

static void
emit_cf(struct isel *c, unsigned op)
{
   struct nvc_insn *insn = nvc_emit(c->p, op);
   insn->dst.file = NVC_FILE_NONE;
   c->p->has_cf = true;
}

static bool
isel_block(struct isel *c, nir_block *block)
{
   struct nvc_prog *p = c->p;
   bool ok = true;

   nir_foreach_instr(instr, block) {
      switch (instr->type) {
      case nir_instr_type_alu:
         ok = isel_alu(c, nir_instr_as_alu(instr));
         break;
      case nir_instr_type_load_const:
         ok = isel_load_const(c, nir_instr_as_load_const(instr));
         break;
      case nir_instr_type_ssa_undef: {
         nir_ssa_undef_instr *u = nir_instr_as_ssa_undef(instr);
         struct nvc_constv k = { .num_comps = u->def.num_components };
         set_ssa(c, &u->def, const_operand(c, &k));
         break;
      }
      case nir_instr_type_intrinsic:
         ok = isel_intrinsic(c, nir_instr_as_intrinsic(instr));
         break;
      case nir_instr_type_tex:
         ok = isel_tex(c, nir_instr_as_tex(instr));
         break;
      case nir_instr_type_phi:
         phi_value(c, nir_instr_as_phi(instr));
         break;
      case nir_instr_type_jump: {
         nir_jump_type t = nir_instr_as_jump(instr)->type;
         /* A return at the end of main (one before it is lowered away
          * by nir_lower_returns, nvc_nir_lower) */
         if (t == nir_jump_return && !nir_instr_next(instr) &&
             block->cf_node.parent->type == nir_cf_node_function &&
             nir_cf_node_is_last(&block->cf_node))
            break;
         if (t == nir_jump_break) {
            /* the copies into the phis after the loop, then leave it */
            emit_phi_copies(c, block);
            emit_cf(c, NVC_OP_BRK);
            return !p->error;
         }
         nvc_prog_error(p, "unsupported jump %d", t);
         return false;
      }
      default:
         nvc_prog_error(p, "unsupported NIR instruction type %d",
                        instr->type);
         ok = false;
         break;
      }
      if (!ok || p->error)
         return false;
   }
   emit_phi_copies(c, block);
   return !p->error;
}

static bool
isel_cf_list(struct isel *c, struct exec_list *list)
{
   foreach_list_typed(nir_cf_node, node, node, list) {
      switch (node->type) {
      case nir_cf_node_block:
         if (!isel_block(c, nir_cf_node_as_block(node)))
            return false;
         break;
      case nir_cf_node_if: {
         nir_if *nif = nir_cf_node_as_if(node);
         /* booleans are 0.0/1.0 floats (nir_lower_bool_to_float) */
         struct nvc_src cond = get_ssa(c, &nif->condition);
         if (!can_branch(c, false, "an if"))
            return false;
         emit_cf(c, NVC_OP_IF);
         c->p->insns[c->p->num_insns - 1].src[0] =
            swizzle_src(cond, 0, 0, 0, 0);
         if (!isel_cf_list(c, &nif->then_list))
            return false;
         emit_cf(c, NVC_OP_ELSE);
         if (!isel_cf_list(c, &nif->else_list))
            return false;
         emit_cf(c, NVC_OP_ENDIF);
         break;
      }
      case nir_cf_node_loop: {
         nir_loop *loop = nir_cf_node_as_loop(node);
         if (!can_branch(c, true, "a loop"))
            return false;
         emit_cf(c, NVC_OP_LOOP);
         if (!isel_cf_list(c, &loop->body))
            return false;
         emit_cf(c, NVC_OP_ENDLOOP);
         break;
      }
      default:
         nvc_prog_error(c->p, "unsupported control flow node");
         return false;
      }
   }
   return !c->p->error;
}

bool
nvc_isel(struct nvc_prog *p, nir_shader *s, const struct nvc_vp_key *key,
         struct nvc_isel_info *info)
{
   struct isel c = { .p = p, .s = s, .key = key, .info = info };
   nir_function_impl *impl = nir_shader_get_entrypoint(s);

   memset(info, 0, sizeof(*info));
   if (!impl) {
      nvc_prog_error(p, "shader has no entry point");
      return false;
   }

   /* Texcoord routing: the FP routes what it reads; the VP follows the
    * key, or routes what it writes with the same rule. */
   if (key && !p->is_fp) {
      memcpy(info->texcoord_varying, key->texcoord_varying,
             NVC_MAX_TEXCOORDS);
   } else {
      uint64_t slots = 0;
      collect_varyings(impl, p->is_fp, &slots);
      if (!nvc_route_texcoords(slots, p->target->fp.num_texcoords,
                               info->texcoord_varying)) {
         nvc_prog_error(p, "more than %u texcoord/generic varyings",
                        p->target->fp.num_texcoords);
         return false;
      }
   }

   nir_index_ssa_defs(impl);
   c.num_ssa = impl->ssa_alloc;
   c.ssa = calloc(MAX2(c.num_ssa, 1), sizeof(*c.ssa));
   c.ssa_set = calloc(MAX2(c.num_ssa, 1), sizeof(*c.ssa_set));
   if (!c.ssa || !c.ssa_set) {
      free(c.ssa);
      free(c.ssa_set);
      nvc_prog_error(p, "out of memory");
      return false;
   }

   bool ok = isel_cf_list(&c, &impl->body);
   if (!ok || p->error)
      goto out;

   if (p->is_fp && info->facing_in_col1 && info->reads_col1) {
      nvc_prog_error(p, "gl_FrontFacing with the secondary colour: this "
                     "chip has no facing input and carries the face in the "
                     "secondary colour");
      ok = false;
      goto out;
   }
   if (!p->is_fp && key && key->facing_in_col1)
      emit_facing_colours(&c);
   if (!p->is_fp && key && key->ucp_enable)
      ok = emit_clip_planes(&c);

out:
   free(c.ssa);
   free(c.ssa_set);
   return ok && !p->error;
}
