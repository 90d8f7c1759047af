/*
 * Instruction selection for Tesla: scalar NIR (nvc_g80_nir.c) to the
 * Tesla IR, one SSA value per NIR def component, every instruction a
 * long form of g80.xml.  Facts (envytools docs hw/graph/tesla/cuda/
 * isa.rst, float.rst, int.rst, trans.rst; upstream's nv50 driver read for
 * what the hardware needs, never translated):
 *  - VP inputs are a[] words: the VP_ATTR_EN components packed in
 *    attribute order; VP results are $o words, mapped to the rasteriser's
 *    slots by VP_RESULT_MAP (slots 0..3 the clip position, so the
 *    position is $o0..3 here);
 *  - FP inputs are v[] words: the FP_INTERPOLANT_CTRL UMASK position
 *    components (x, y, z, 1/w) first, then the map slots the FP reads.
 *    Non-flat slots arrive as v/w linear in window space: a perspective
 *    input is `pinterp v[n], w` with w = rcp(linterp v[1/w]) computed once
 *    at the top, a noperspective one `linterp v[n]` (NOPERSPECTIVE_BITMAP
 *    makes the slot v itself), a flat one `interp flat v[n]`;
 *  - FP results are registers at exit: colour i in $r4i..$r4i+3, depth
 *    after the colours (FP_RESULT_COUNT, FP_CONTROL EXPORTS_Z); those
 *    registers are reserved, never allocated to values;
 *  - sin/cos/ex2 take the SFU's pre-op first (presin, preex2: trans.rst,
 *    "the pre-operation"; presin takes radians, ex2's input is preex2's
 *    fixed-point form); rcp, rsqrt, lg2 take the value as it is;
 *  - `set` writes 0 or ~0 (isa.rst), which is NIR's 32-bit boolean; a
 *    select tests it into $c0 (`and b32 $c0 _, c, c`: Z when false) and
 *    two moves predicated on $c0.e / $c0.lg write the result;
 *  - discard is `kil`, discard_if a kil predicated on $c0.lg after the
 *    same test as a select's;
 *  - f32 add/mul/mad negate sources (NEG modifiers), min/max/set and the
 *    SFU ops also take absolute values; otherwise fneg/fabs/fsat are
 *    `cvt f32 f32` with NEG/ABS/SAT.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/nir/nir.h"
#include "g80_3d.xml.h"
#include "nvc_g80_isel.h"
#include "nvc_g80_isel_tex.h"

#define G(x) NVISA_G80_##x
#define NO_VALUE NVC_G80_NO_VALUE

/* g80.xml enum RND / RINT */
#define RND_RN G(RND_rn)

struct isel {
   const struct nvc_g80_target *t;
   nir_shader *s;
   struct nvc_g80_ir *ir;
   struct nvc_g80_program *prog;
   const uint8_t *interp;
   char **err;
   bool failed;
   unsigned *vals;          /* def index * 4 + component -> value */
   unsigned w;              /* FP: the fragment's w */
   /* VP: a[] word of attribute/comp; FP: v[] word of driver loc/comp */
   int in_word[NVC_G80_MAX_IO][4];
   uint8_t in_interp[NVC_G80_MAX_IO];
   uint8_t in_slot[NVC_G80_MAX_IO];
   int pos_word[4];         /* FP: v[] word of the position components */
   int vertex_id_word, instance_id_word;   /* VP: a[] words, -1: unused */
   /* VP: $o of varying slot/comp */
   int out_word[VARYING_SLOT_MAX][4];
   /* GP: p[] word of varying slot/comp; the vertices read (bit i: vertex
    * i's pointer is in $a(i + 1)); the primitive id read */
   int gp_in_word[VARYING_SLOT_MAX][4];
   unsigned gp_vertices;
   bool gp_prim_id;
};

static bool
fail(struct isel *c, const char *fmt, ...)
{
   if (c->failed)
      return false;
   c->failed = true;
   char msg[200];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   size_t n = strlen(c->t->name) + strlen(msg) + 3;
   *c->err = malloc(n);
   if (*c->err)
      snprintf(*c->err, n, "%s: %s", c->t->name, msg);
   return false;
}

static struct nvc_g80_insn *
add(struct isel *c, unsigned op)
{
   struct nvc_g80_insn *i = nvc_g80_ir_add(c->ir, op);
   if (!i)
      fail(c, "out of memory");
   return i;
}

/* dst = op(...) as a new value */
static struct nvc_g80_insn *
def_insn(struct isel *c, unsigned op, unsigned *dst)
{
   struct nvc_g80_insn *i = add(c, op);
   if (!i)
      return NULL;
   *dst = nvc_g80_ir_value(c->ir);
   nvc_g80_set_value(i, 0, *dst);
   return i;
}

static unsigned
imm(struct isel *c, uint32_t v)
{
   unsigned d;
   struct nvc_g80_insn *i = def_insn(c, G(OP_MOV_B32_I), &d);
   if (i) {
      i->hw.opnd[1].file = G(FILE_IMM);
      i->hw.opnd[1].val = v;
   }
   return d;
}

static unsigned
ssa_val(struct isel *c, const nir_src *src, unsigned comp)
{
   unsigned v = c->vals[src->ssa->index * 4 + comp];
   if (v == NO_VALUE)
      fail(c, "internal error: a value read before it is defined");
   return v;
}

/* A float source with the fneg/fabs around it as modifiers. */
struct fsrc {
   unsigned v;
   bool neg, abs;
};

static struct fsrc
fsrc(struct isel *c, nir_alu_instr *alu, unsigned n)
{
   struct fsrc r = { 0, false, false };
   nir_src src = alu->src[n].src;
   unsigned comp = alu->src[n].swizzle[0];
   for (;;) {
      nir_instr *p = src.ssa->parent_instr;
      if (p->type != nir_instr_type_alu)
         break;
      nir_alu_instr *a = nir_instr_as_alu(p);
      if (a->op == nir_op_fneg) {
         if (!r.abs)
            r.neg = !r.neg;
      } else if (a->op == nir_op_fabs) {
         r.abs = true;
      } else {
         break;
      }
      comp = a->src[0].swizzle[comp];
      src = a->src[0].src;
   }
   r.v = ssa_val(c, &src, comp);
   return r;
}

/* s as a plain value: what the modifiers say applied by a cvt */
static unsigned
fsrc_plain(struct isel *c, struct fsrc s, bool abs_ok)
{
   if (!s.abs || abs_ok)
      return s.v;
   unsigned d;
   struct nvc_g80_insn *i = def_insn(c, G(OP_CVT_F2F), &d);
   if (!i)
      return 0;
   i->hw.mod[G(MOD_SRC32)] = 1;
   i->hw.mod[G(MOD_DST32)] = 1;
   i->hw.mod[G(MOD_ABS0)] = 1;
   nvc_g80_set_value(i, 1, s.v);
   return d;
}

static void
set_src(struct nvc_g80_insn *i, unsigned n, unsigned v)
{
   nvc_g80_set_value(i, n, v);
}

/* f32 op with NEG (and ABS where the form has it) on operands 1.. */
static unsigned
float_op(struct isel *c, nir_alu_instr *alu, unsigned op, unsigned nsrc,
         const unsigned *negmod, const unsigned *absmod)
{
   struct fsrc s[3];
   for (unsigned k = 0; k < nsrc; k++) {
      s[k] = fsrc(c, alu, k);
      if (s[k].abs && !absmod[k]) {
         s[k].v = fsrc_plain(c, s[k], false);
         s[k].abs = false;
      }
   }
   unsigned d;
   struct nvc_g80_insn *i = def_insn(c, op, &d);
   if (!i)
      return 0;
   for (unsigned k = 0; k < nsrc; k++) {
      set_src(i, k + 1, s[k].v);
      if (s[k].neg)
         i->hw.mod[negmod[k]] ^= 1;
      if (s[k].abs)
         i->hw.mod[absmod[k]] = 1;
   }
   return d;
}

static unsigned
sfu(struct isel *c, nir_alu_instr *alu, unsigned pre, unsigned op)
{
   struct fsrc s = fsrc(c, alu, 0);
   unsigned d;
   struct nvc_g80_insn *i;
   if (pre != G(OP__COUNT)) {
      unsigned p;
      i = def_insn(c, pre, &p);
      if (!i)
         return 0;
      set_src(i, 1, s.v);
      i->hw.mod[G(MOD_NEG0)] = s.neg;
      i->hw.mod[G(MOD_ABS0)] = s.abs;
      s.v = p;
      s.neg = s.abs = false;
   }
   i = def_insn(c, op, &d);
   if (!i)
      return 0;
   set_src(i, 1, s.v);
   i->hw.mod[G(MOD_NEG0)] = s.neg;
   i->hw.mod[G(MOD_ABS0)] = s.abs;
   return d;
}

static unsigned
int_op(struct isel *c, nir_alu_instr *alu, unsigned op, unsigned nsrc)
{
   unsigned d;
   unsigned v[3];
   for (unsigned k = 0; k < nsrc; k++)
      v[k] = ssa_val(c, &alu->src[k].src, alu->src[k].swizzle[0]);
   struct nvc_g80_insn *i = def_insn(c, op, &d);
   if (!i)
      return 0;
   for (unsigned k = 0; k < nsrc; k++)
      set_src(i, k + 1, v[k]);
   return d;
}

static unsigned
cvt(struct isel *c, nir_alu_instr *alu, unsigned op, bool ssigned,
    bool dsigned, unsigned rnd, bool rint)
{
   unsigned d = int_op(c, alu, op, 1);
   struct nvc_g80_insn *i = &c->ir->insns[c->ir->num_insns - 1];
   if (c->failed)
      return 0;
   i->hw.mod[G(MOD_SRC32)] = 1;
   i->hw.mod[G(MOD_DST32)] = 1;
   i->hw.mod[G(MOD_SSIGNED)] = ssigned;
   if (op == G(OP_CVT_F2F))
      i->hw.mod[G(MOD_RINT)] = rint;
   else if (op != G(OP_CVT_I2F))
      i->hw.mod[G(MOD_DSIGNED)] = dsigned;
   i->hw.mod[G(MOD_RND)] = rnd;
   return d;
}

static unsigned
fcmp(struct isel *c, nir_alu_instr *alu, unsigned cond)
{
   static const unsigned neg[] = { G(MOD_NEG0), G(MOD_NEG1) };
   static const unsigned abs[] = { G(MOD_ABS0), G(MOD_ABS1) };
   unsigned d = float_op(c, alu, G(OP_SET_F32), 2, neg, abs);
   if (!c->failed)
      c->ir->insns[c->ir->num_insns - 1].hw.mod[G(MOD_CMP)] = cond;
   return d;
}

static unsigned
icmp(struct isel *c, nir_alu_instr *alu, unsigned cond, bool is_signed)
{
   unsigned d = int_op(c, alu, G(OP_SET_B32), 2);
   if (!c->failed) {
      struct nvc_g80_insn *i = &c->ir->insns[c->ir->num_insns - 1];
      i->hw.mod[G(MOD_CMP)] = cond;
      i->hw.mod[G(MOD_SIGNED)] = is_signed;
   }
   return d;
}

/* bool ? a : b: $c0 from the boolean, then two predicated moves */
static unsigned
select_value(struct isel *c, unsigned cond, unsigned a, unsigned b)
{
   struct nvc_g80_insn *t = add(c, G(OP_AND_B32));
   if (!t)
      return 0;
   t->hw.opnd[0].file = G(FILE_NONE);
   set_src(t, 1, cond);
   set_src(t, 2, cond);
   t->hw.mod[G(MOD_CC_WR)] = 1;
   t->hw.mod[G(MOD_CC_DST)] = 0;
   t->side_effect = true;
   unsigned d;
   struct nvc_g80_insn *i = def_insn(c, G(OP_MOV_B32_L), &d);
   if (!i)
      return 0;
   set_src(i, 1, b);
   i->hw.mod[G(MOD_PRED)] = G(COND_e);
   i->hw.mod[G(MOD_PRED_C)] = 0;
   i = add(c, G(OP_MOV_B32_L));
   if (!i)
      return 0;
   nvc_g80_set_value(i, 0, d);
   i->redef = true;
   set_src(i, 1, a);
   i->hw.mod[G(MOD_PRED)] = G(COND_lg);
   i->hw.mod[G(MOD_PRED_C)] = 0;
   return d;
}

/* a op b with a 32-bit immediate b */
static unsigned
int_imm(struct isel *c, unsigned op, unsigned a, uint32_t b)
{
   unsigned k = imm(c, b), d;
   struct nvc_g80_insn *i = def_insn(c, op, &d);
   if (!i)
      return 0;
   set_src(i, 1, a);
   set_src(i, 2, k);
   return d;
}

/* The low 32 bits of a 32x32 product from the 16-bit multiplier (int.rst:
 * mul and mad take 16- or 24-bit sources): a.lo * b.lo +
 * ((a.hi * b.lo + a.lo * b.hi) << 16), the cross terms' own high halves
 * falling off the top.  Half registers are $rNl / $rNh (isa.rst). */
static unsigned
imul(struct isel *c, nir_alu_instr *alu)
{
   unsigned a = ssa_val(c, &alu->src[0].src, alu->src[0].swizzle[0]);
   unsigned b = ssa_val(c, &alu->src[1].src, alu->src[1].swizzle[0]);
   unsigned lo, cross, d;
   struct nvc_g80_insn *i = def_insn(c, G(OP_MUL_16_L), &lo);
   if (!i)
      return 0;
   nvc_g80_set_half(i, 1, a, false);
   nvc_g80_set_half(i, 2, b, false);
   unsigned ahbl;
   i = def_insn(c, G(OP_MUL_16_L), &ahbl);
   if (!i)
      return 0;
   nvc_g80_set_half(i, 1, a, true);
   nvc_g80_set_half(i, 2, b, false);
   i = def_insn(c, G(OP_MAD_U16_L), &cross);
   if (!i)
      return 0;
   nvc_g80_set_half(i, 1, a, false);
   nvc_g80_set_half(i, 2, b, true);
   set_src(i, 3, ahbl);
   unsigned sh = imm(c, 16), hi;
   i = def_insn(c, G(OP_SHL_B32), &hi);
   if (!i)
      return 0;
   set_src(i, 1, cross);
   set_src(i, 2, sh);
   i = def_insn(c, G(OP_ADD_B32_L), &d);
   if (!i)
      return 0;
   set_src(i, 1, lo);
   set_src(i, 2, hi);
   return d;
}

/* Derivatives by quadop (FP only): each lane takes source 1 from a lane
 * of its 2x2 quad (lanes top-left, top-right, bottom-left, bottom-right)
 * and adds or subtracts its own source 3 (g80.xml QUADOP, enums
 * QUADOP_LANE and QUADOP_OP; hwtest
 * g80_fp.cc fswz; envytools misc.rst "quadop": srclane l0..l3 anywhere,
 * "dox" lane ^ 1 and "doy" lane ^ 2 in FPs).  The op of lane n is QOP
 * bits 7-2n..6-2n: 0 add, 1 = self - the other (subr), 2 = the other
 * - self (sub), 3 = self (mov2).
 *
 * Fine (ARB_derivative_control: "the current fragment and its immediate
 * neighbor(s)"; also GL's plain dFdx / dFdy): source lane dox = across x
 * (lane ^ 1), doy = across y (lane ^ 2); sub for the left / top lanes, subr
 * for the right / bottom ones: 0x99 for x, 0xa5 for y (upstream's nv50
 * emitter uses the same pair).
 *
 * Coarse (dFdxCoarse / dFdyCoarse: "fewer unique locations", one a quad
 * here): every lane gets lane 1 - lane 0 (x) or lane 2 - lane 0 (y), the
 * quad's top row and left column, by two quadops: t = self - lane 0
 * (source 1 from l0, subr in every lane), then t of lane 1 (or 2) in
 * every lane (source 1 from l1 / l2, added to 0).
 *
 * d/dy is bottom minus top in the quad's lane order; which way window y
 * goes is the driver's (a y-flipped framebuffer negates it). */
#define QUAD_QOP_DX NVC_G80_QOP(G(QUADOP_OP_sub), G(QUADOP_OP_subr), \
                                G(QUADOP_OP_sub), G(QUADOP_OP_subr))
#define QUAD_QOP_DY NVC_G80_QOP(G(QUADOP_OP_sub), G(QUADOP_OP_sub), \
                                G(QUADOP_OP_subr), G(QUADOP_OP_subr))
#define QUAD_QOP_ALL(op) NVC_G80_QOP(G(op), G(op), G(op), G(op))

static unsigned
quadop(struct isel *c, unsigned a, unsigned b, unsigned lane, unsigned qop)
{
   unsigned d;
   struct nvc_g80_insn *i = def_insn(c, G(OP_QUADOP), &d);
   if (!i)
      return 0;
   set_src(i, 1, a);
   set_src(i, 2, b);
   i->hw.mod[G(MOD_LANE)] = lane;
   i->hw.mod[G(MOD_QOP)] = qop;
   return d;
}

static unsigned
derivative(struct isel *c, nir_alu_instr *alu, bool y)
{
   if (c->s->info.stage != MESA_SHADER_FRAGMENT) {
      fail(c, "derivatives outside a fragment program");
      return 0;
   }
   unsigned v = ssa_val(c, &alu->src[0].src, alu->src[0].swizzle[0]);
   if (alu->op == nir_op_fddx_coarse || alu->op == nir_op_fddy_coarse) {
      unsigned t = quadop(c, v, v, G(QUADOP_LANE_l0),
                          QUAD_QOP_ALL(QUADOP_OP_subr));
      return quadop(c, t, imm(c, 0),
                    y ? G(QUADOP_LANE_l2) : G(QUADOP_LANE_l1),
                    QUAD_QOP_ALL(QUADOP_OP_add));
   }
   return quadop(c, v, v, y ? G(QUADOP_LANE_doy) : G(QUADOP_LANE_dox),
                 y ? QUAD_QOP_DY : QUAD_QOP_DX);
}

/* NIR's shifts take the count modulo 32 (nir_opcodes.py); Tesla's give
 * 0 (or the sign) for counts of 32 or more (hwtest g80_int.cc, as nvsim
 * models them), so the count is masked first: a constant here, else by
 * an and. */
static unsigned
shift(struct isel *c, nir_alu_instr *alu, unsigned op, bool is_signed)
{
   unsigned a = ssa_val(c, &alu->src[0].src, alu->src[0].swizzle[0]);
   unsigned n, d;
   if (nir_src_is_const(alu->src[1].src)) {
      n = imm(c, nir_src_comp_as_uint(alu->src[1].src,
                                      alu->src[1].swizzle[0]) & 31);
   } else {
      n = int_imm(c, G(OP_AND_B32),
                  ssa_val(c, &alu->src[1].src, alu->src[1].swizzle[0]), 31);
   }
   struct nvc_g80_insn *i = def_insn(c, op, &d);
   if (!i)
      return 0;
   set_src(i, 1, a);
   set_src(i, 2, n);
   i->hw.mod[G(MOD_SIGNED)] = is_signed;
   return d;
}

static bool
emit_alu(struct isel *c, nir_alu_instr *alu)
{
   static const unsigned neg_add[] = { G(MOD_NEG0), G(MOD_NEG1) };
   static const unsigned neg_mad[] = { G(MOD_NEG0), G(MOD_NEG0), G(MOD_NEG2) };
   static const unsigned no_abs[] = { 0, 0, 0 };
   static const unsigned abs2[] = { G(MOD_ABS0), G(MOD_ABS1) };
   unsigned *dst = &c->vals[alu->dest.dest.ssa.index * 4];
   unsigned d = 0;

   if (!alu->dest.dest.is_ssa)
      return fail(c, "internal error: a NIR register left");

   switch (alu->op) {
   case nir_op_vec2:
   case nir_op_vec3:
   case nir_op_vec4:
      for (unsigned k = 0; k < nir_op_infos[alu->op].num_inputs; k++)
         dst[k] = ssa_val(c, &alu->src[k].src, alu->src[k].swizzle[0]);
      return !c->failed;
   case nir_op_mov:
      for (unsigned k = 0; k < alu->dest.dest.ssa.num_components; k++)
         dst[k] = ssa_val(c, &alu->src[0].src, alu->src[0].swizzle[k]);
      return !c->failed;
   default:
      break;
   }
   if (alu->dest.dest.ssa.num_components != 1)
      return fail(c, "internal error: a vector %s after scalarisation",
                  nir_op_infos[alu->op].name);
   if (alu->dest.dest.ssa.bit_size != 32)
      return fail(c, "%u-bit %s is not supported yet",
                  alu->dest.dest.ssa.bit_size, nir_op_infos[alu->op].name);

   switch (alu->op) {
   case nir_op_fadd:
      d = float_op(c, alu, G(OP_ADD_F32_L), 2, neg_add, no_abs);
      break;
   case nir_op_fmul:
      d = float_op(c, alu, G(OP_MUL_F32_L), 2, neg_add, no_abs);
      break;
   case nir_op_ffma:
      /* mad negates the product (NEG0) and the addend (NEG2) */
      d = float_op(c, alu, G(OP_MAD_F32_L), 3, neg_mad, no_abs);
      break;
   case nir_op_fmin:
      d = float_op(c, alu, G(OP_MIN_F32), 2, neg_add, abs2);
      break;
   case nir_op_fmax:
      d = float_op(c, alu, G(OP_MAX_F32), 2, neg_add, abs2);
      break;
   case nir_op_fneg:
   case nir_op_fabs:
   case nir_op_fsat: {
      /* a cvt with the modifiers fsrc found; unused when every reader
       * takes them as modifiers (nvc_g80_opt_dce) */
      struct fsrc s = fsrc(c, alu, 0);
      /* the hardware takes |x| before the negation: an fneg outside an
       * fabs fsrc folded still negates (-abs(x)); only one inside it
       * (abs(-x)) is dropped, which fsrc does */
      if (alu->op == nir_op_fneg)
         s.neg = !s.neg;
      if (alu->op == nir_op_fabs) {
         s.abs = true;
         s.neg = false;
      }
      struct nvc_g80_insn *i = def_insn(c, G(OP_CVT_F2F), &d);
      if (!i)
         return false;
      set_src(i, 1, s.v);
      i->hw.mod[G(MOD_SRC32)] = 1;
      i->hw.mod[G(MOD_DST32)] = 1;
      i->hw.mod[G(MOD_NEG0)] = s.neg;
      i->hw.mod[G(MOD_ABS0)] = s.abs;
      i->hw.mod[G(MOD_SAT)] = alu->op == nir_op_fsat;
      break;
   }
   case nir_op_frcp:  d = sfu(c, alu, G(OP__COUNT), G(OP_RCP_F32)); break;
   case nir_op_frsq:  d = sfu(c, alu, G(OP__COUNT), G(OP_RSQ_F32)); break;
   case nir_op_flog2: d = sfu(c, alu, G(OP__COUNT), G(OP_LG2_F32)); break;
   case nir_op_fexp2: d = sfu(c, alu, G(OP_PREEX2_F32), G(OP_EX2_F32)); break;
   case nir_op_fsin:  d = sfu(c, alu, G(OP_PRESIN_F32), G(OP_SIN_F32)); break;
   case nir_op_fcos:  d = sfu(c, alu, G(OP_PRESIN_F32), G(OP_COS_F32)); break;

   case nir_op_ffloor:
      d = cvt(c, alu, G(OP_CVT_F2F), false, false, G(RINT_rmi), true);
      break;
   case nir_op_fceil:
      d = cvt(c, alu, G(OP_CVT_F2F), false, false, G(RINT_rpi), true);
      break;
   case nir_op_ftrunc:
      d = cvt(c, alu, G(OP_CVT_F2F), false, false, G(RINT_rzi), true);
      break;
   case nir_op_fround_even:
      d = cvt(c, alu, G(OP_CVT_F2F), false, false, G(RINT_rni), true);
      break;
   case nir_op_i2f32:
      d = cvt(c, alu, G(OP_CVT_I2F), true, false, RND_RN, false);
      break;
   case nir_op_u2f32:
      d = cvt(c, alu, G(OP_CVT_I2F), false, false, RND_RN, false);
      break;
   case nir_op_f2i32:   /* GLSL: towards zero */
      d = cvt(c, alu, G(OP_CVT_F2I), false, true, G(RND_rz), false);
      break;
   case nir_op_f2u32:
      d = cvt(c, alu, G(OP_CVT_F2I), false, false, G(RND_rz), false);
      break;

   /* set's conditions (g80.xml enum COND): not-equal is "less, greater
    * or unordered" for floats (GLSL's != is true on NaN) */
   case nir_op_flt32: d = fcmp(c, alu, G(COND_l)); break;
   case nir_op_fge32: d = fcmp(c, alu, G(COND_ge)); break;
   case nir_op_feq32: d = fcmp(c, alu, G(COND_e)); break;
   case nir_op_fneu32: d = fcmp(c, alu, G(COND_lgu)); break;
   /* a float as a boolean (NIR: a != 0.0, true on NaN; nir_lower_bitmap's
    * discard condition): set lgu against 0.0, -0.0 compares equal; an
    * fneg / fabs around the source changes nothing, so fsrc drops it */
   case nir_op_f2b32: {
      struct fsrc s = fsrc(c, alu, 0);
      d = int_imm(c, G(OP_SET_F32), s.v, 0);
      if (!c->failed)
         c->ir->insns[c->ir->num_insns - 1].hw.mod[G(MOD_CMP)] = G(COND_lgu);
      break;
   }
   case nir_op_ilt32: d = icmp(c, alu, G(COND_l), true); break;
   case nir_op_ige32: d = icmp(c, alu, G(COND_ge), true); break;
   case nir_op_ult32: d = icmp(c, alu, G(COND_l), false); break;
   case nir_op_uge32: d = icmp(c, alu, G(COND_ge), false); break;
   case nir_op_ieq32: d = icmp(c, alu, G(COND_e), false); break;
   case nir_op_ine32: d = icmp(c, alu, G(COND_lg), false); break;

   case nir_op_b32csel:
      d = select_value(c, ssa_val(c, &alu->src[0].src, alu->src[0].swizzle[0]),
                 ssa_val(c, &alu->src[1].src, alu->src[1].swizzle[0]),
                 ssa_val(c, &alu->src[2].src, alu->src[2].swizzle[0]));
      break;
   /* a 32-bit boolean is 0 or ~0: and with the true value */
   case nir_op_b2f32:
      d = int_imm(c, G(OP_AND_B32),
                  ssa_val(c, &alu->src[0].src, alu->src[0].swizzle[0]),
                  0x3f800000u);
      break;
   case nir_op_b2i32:
      d = int_imm(c, G(OP_AND_B32),
                  ssa_val(c, &alu->src[0].src, alu->src[0].swizzle[0]), 1);
      break;
   /* an integer as a boolean (GLSL's bools in uniform blocks are
    * 32-bit words, any non-zero true): set ne against 0 */
   case nir_op_i2b32:
      d = int_imm(c, G(OP_SET_B32),
                  ssa_val(c, &alu->src[0].src, alu->src[0].swizzle[0]), 0);
      if (!c->failed)
         c->ir->insns[c->ir->num_insns - 1].hw.mod[G(MOD_CMP)] = G(COND_lg);
      break;

   case nir_op_iadd: d = int_op(c, alu, G(OP_ADD_B32_L), 2); break;
   case nir_op_isub:
      d = int_op(c, alu, G(OP_ADD_B32_L), 2);
      if (!c->failed)   /* NEG1: s1 - s2 (tabaddop "sub") */
         c->ir->insns[c->ir->num_insns - 1].hw.mod[G(MOD_NEG1)] = 1;
      break;
   case nir_op_ineg: {
      unsigned z = imm(c, 0);
      struct nvc_g80_insn *i = def_insn(c, G(OP_ADD_B32_L), &d);
      if (!i)
         return false;
      set_src(i, 1, z);
      set_src(i, 2, ssa_val(c, &alu->src[0].src, alu->src[0].swizzle[0]));
      i->hw.mod[G(MOD_NEG1)] = 1;
      break;
   }
   case nir_op_fddx: case nir_op_fddx_fine: case nir_op_fddx_coarse:
      d = derivative(c, alu, false);
      break;
   case nir_op_fddy: case nir_op_fddy_fine: case nir_op_fddy_coarse:
      d = derivative(c, alu, true);
      break;
   case nir_op_imul: d = imul(c, alu); break;
   case nir_op_iand: d = int_op(c, alu, G(OP_AND_B32), 2); break;
   case nir_op_ior:  d = int_op(c, alu, G(OP_OR_B32), 2); break;
   case nir_op_ixor: d = int_op(c, alu, G(OP_XOR_B32), 2); break;
   case nir_op_inot: {
      /* mov2 returns source 2, NOT1 inverts it */
      unsigned v = ssa_val(c, &alu->src[0].src, alu->src[0].swizzle[0]);
      struct nvc_g80_insn *i = def_insn(c, G(OP_MOV2_B32), &d);
      if (!i)
         return false;
      set_src(i, 1, v);
      set_src(i, 2, v);
      i->hw.mod[G(MOD_NOT1)] = 1;
      break;
   }
   case nir_op_ishl: d = shift(c, alu, G(OP_SHL_B32), false); break;
   case nir_op_ushr: d = shift(c, alu, G(OP_SHR_B32), false); break;
   case nir_op_ishr: d = shift(c, alu, G(OP_SHR_B32), true); break;
   case nir_op_imin: case nir_op_imax: case nir_op_umin: case nir_op_umax:
      d = int_op(c, alu, alu->op == nir_op_imin || alu->op == nir_op_umin ?
                            G(OP_MIN_B32) : G(OP_MAX_B32), 2);
      if (!c->failed)
         c->ir->insns[c->ir->num_insns - 1].hw.mod[G(MOD_SIGNED)] =
            alu->op == nir_op_imin || alu->op == nir_op_imax;
      break;
   default:
      return fail(c, "NIR op %s is not supported yet by the Tesla backend",
                  nir_op_infos[alu->op].name);
   }
   dst[0] = d;
   return !c->failed;
}

/* ---------------------------------------------------------------- I/O */

static unsigned
io_offset(struct isel *c, nir_intrinsic_instr *in, unsigned src)
{
   if (!nir_src_is_const(in->src[src])) {
      fail(c, "indirect %s is not supported yet",
           nir_intrinsic_infos[in->intrinsic].name);
      return 0;
   }
   return nir_src_as_uint(in->src[src]);
}

/*
 * A variable offset into a constant buffer: `shl $aK, $r, shift`
 * (g80.xml SHL_A) makes it bytes in an address register, and the loads
 * right after read c[$aK + offset] (isa.rst "memory operands": an
 * indirect operand's address is $aX + offset * factor; the const spaces
 * are 16-bit byte-addressed, so $a's 16 bits cover one).  The load reads
 * $aK before any later shl: the selected instructions keep their order
 * and operand folding leaves $a operands alone.  $a1 in a VP or FP; a GP
 * takes the first of $a1..$a4 (isa.rst's per-thread ones) that holds no
 * vertex pointer (gp_prologue).  Returns K, 0 after a failure.
 */
static unsigned
const_index_areg(struct isel *c, unsigned v, unsigned shift)
{
   unsigned k = 1;
   if (c->s->info.stage == MESA_SHADER_GEOMETRY) {
      while (k <= 4 && (c->gp_vertices >> (k - 1) & 1))
         k++;
      if (k > 4) {
         fail(c, "no address register left for a variable constant offset "
              "beside the GP's vertex pointers");
         return 0;
      }
   }
   struct nvc_g80_insn *i = add(c, G(OP_SHL_A));
   if (!i)
      return 0;
   i->hw.opnd[0].file = G(FILE_ADDR);
   i->hw.opnd[0].val = k;
   set_src(i, 1, v);
   i->hw.opnd[2].file = G(FILE_IMM);
   i->hw.opnd[2].val = shift;
   i->side_effect = true;
   return c->failed ? 0 : k;
}

static void
add_io(struct isel *c, unsigned slot, unsigned comp, unsigned word,
       unsigned interp)
{
   struct nvc_g80_program *p = c->prog;
   if (p->num_inputs + p->num_outputs >= NVC_G80_MAX_IO) {
      fail(c, "more than %u input and output components", NVC_G80_MAX_IO);
      return;
   }
   struct nvc_g80_io *e = &p->io[p->num_inputs + p->num_outputs];
   e->slot = slot;
   e->comp = comp;
   e->word = word;
   e->interp = interp;
}

/* ---------------------------------------------------------- GP I/O */

/*
 * A geometry program runs once per input primitive (isa.rst).  Its
 * inputs are the VP's results that VP_RESULT_MAP routes into p[] words
 * (nvsim g80_3d_gp.c; rnndb g80_3d.xml VP_RESULT_MAP_SIZE): vertex i's
 * p[] pointer is a[4 i] (g80.xml GP_ATTR_ADDR), so the program moves it
 * into $a(i + 1) once (`shl $a, a[4 i], 0`, g80.xml SHL_A) and reads
 * word k of the vertex as p[$a + 4 k] (the offset counts words,
 * $vstride apart: isa.rst).  The vertex index must be constant (NIR
 * unrolls loops over gl_in[]); $a1..$a6 are the six vertices a triangle
 * with adjacency has (GL 3.2 2.12.1) and nothing else uses $a.  Results
 * are $o words as a VP's; `emit` makes them one vertex and clears them
 * (misc.rst), `restart` ends the strip.
 */
#define GP_MAX_VERTICES_IN 6

static void
gp_plan_input(struct isel *c, nir_intrinsic_instr *in)
{
   unsigned vtx = io_offset(c, in, 0);
   unsigned loc = nir_intrinsic_io_semantics(in).location +
                  io_offset(c, in, 1);
   unsigned comp = nir_intrinsic_component(in);
   if (c->failed)
      return;
   if (vtx >= GP_MAX_VERTICES_IN || vtx >= c->s->info.gs.vertices_in) {
      fail(c, "GP input vertex %u past the primitive's %u", vtx,
           c->s->info.gs.vertices_in);
      return;
   }
   if (loc >= VARYING_SLOT_MAX) {
      fail(c, "GP input slot %u is not a varying", loc);
      return;
   }
   c->gp_vertices |= 1u << vtx;
   unsigned read = nir_ssa_def_components_read(&in->dest.ssa) << comp;
   for (unsigned k = 0; k < 4; k++)
      if (read >> k & 1)
         c->gp_in_word[loc][k] = 0;   /* numbered by gp_plan */
}

/* p[] words in slot order (VP_RESULT_MAP_SIZE of them), the primitive
 * id, what the driver sets up for the GP. */
static void
gp_plan(struct isel *c)
{
   struct nvc_g80_program *p = c->prog;
   const struct shader_info *info = &c->s->info;
   unsigned word = 0;
   for (unsigned s = 0; s < VARYING_SLOT_MAX; s++) {
      for (unsigned k = 0; k < 4; k++) {
         if (c->gp_in_word[s][k] < 0)
            continue;
         c->gp_in_word[s][k] = word;
         add_io(c, s, k, word++, 0);
         p->num_inputs++;
      }
   }
   if (word > c->t->vp_max_results)
      fail(c, "%u GP input words, more than the %u of VP_RESULT_MAP", word,
           c->t->vp_max_results);
   p->gp_num_inputs = word;
   if (c->gp_prim_id)
      p->vp_builtin_en |= G80_3D_VP_GP_BUILTIN_ATTR_EN_PRIMITIVE_ID;
   p->gp_vertices_in = info->gs.vertices_in;
   p->gp_max_vertices = info->gs.vertices_out;
   switch (info->gs.output_primitive) {
   case SHADER_PRIM_POINTS:
      p->gp_output_prim = G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_POINTS;
      break;
   case SHADER_PRIM_LINE_STRIP:
      p->gp_output_prim = G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_LINE_STRIP;
      break;
   case SHADER_PRIM_TRIANGLE_STRIP:
      p->gp_output_prim = G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_TRIANGLE_STRIP;
      break;
   default:
      fail(c, "GP output primitive %u is not points, line strip or "
           "triangle strip", info->gs.output_primitive);
      break;
   }
   if (info->gs.invocations > 1)
      fail(c, "GP with %u invocations (one per primitive on Tesla)",
           info->gs.invocations);
}

/* The vertices' p[] pointers into $a1.. before anything reads them. */
static void
gp_prologue(struct isel *c)
{
   for (unsigned v = 0; v < GP_MAX_VERTICES_IN; v++) {
      if (!(c->gp_vertices >> v & 1))
         continue;
      struct nvc_g80_insn *i = add(c, G(OP_SHL_A));
      if (!i)
         return;
      i->hw.opnd[0].file = G(FILE_ADDR);
      i->hw.opnd[0].val = v + 1;
      i->hw.opnd[1].file = G(FILE_ATTR);
      i->hw.opnd[1].size = 4;
      i->hw.opnd[1].val = v * G(GP_ATTR_ADDR_VERTEX_PTR_STRIDE);
      i->hw.opnd[2].file = G(FILE_IMM);
      i->hw.opnd[2].val = 0;
      i->side_effect = true;
   }
}

static bool
gp_intrinsic(struct isel *c, nir_intrinsic_instr *in, unsigned *dst)
{
   switch (in->intrinsic) {
   case nir_intrinsic_load_per_vertex_input: {
      unsigned vtx = io_offset(c, in, 0);
      unsigned loc = nir_intrinsic_io_semantics(in).location +
                     io_offset(c, in, 1);
      unsigned comp = nir_intrinsic_component(in);
      unsigned read = nir_ssa_def_components_read(&in->dest.ssa);
      for (unsigned k = 0; k < in->dest.ssa.num_components; k++) {
         if (!(read >> k & 1))
            continue;
         struct nvc_g80_insn *i = def_insn(c, G(OP_MOV_B32_L), &dst[k]);
         if (!i)
            return false;
         i->hw.opnd[1].file = G(FILE_PRIM);
         i->hw.opnd[1].size = 4;
         i->hw.opnd[1].val = c->gp_in_word[loc][comp + k] * 4;
         i->hw.opnd[1].areg = vtx + 1;
      }
      return !c->failed;
   }
   case nir_intrinsic_load_primitive_id: {
      /* ld (not mov): the a[] operands of ALU forms are not folded in a
       * GP, where a long immediate's memory source is p[] (g80.xml) */
      struct nvc_g80_insn *i = def_insn(c, G(OP_LD_A), &dst[0]);
      if (!i)
         return false;
      i->hw.opnd[1].file = G(FILE_ATTR);
      i->hw.opnd[1].size = 4;
      i->hw.opnd[1].val = G(GP_ATTR_ADDR_PRIMITIVE_ID);
      return true;
   }
   case nir_intrinsic_set_vertex_and_primitive_count:
      /* nir_lower_gs_intrinsics' count for drivers that size the
       * output: GP_VERTEX_OUTPUT_COUNT is max_vertices (nvc_g80_nir.c) */
      return true;
   case nir_intrinsic_emit_vertex:
   case nir_intrinsic_end_primitive:
   case nir_intrinsic_emit_vertex_with_counter:
   case nir_intrinsic_end_primitive_with_counter: {
      if (nir_intrinsic_stream_id(in) != 0)
         return fail(c, "GP vertex stream %u (Tesla has stream 0 only)",
                     nir_intrinsic_stream_id(in));
      const bool emit = in->intrinsic == nir_intrinsic_emit_vertex ||
                        in->intrinsic == nir_intrinsic_emit_vertex_with_counter;
      struct nvc_g80_insn *i = add(c, emit ? G(OP_EMIT) : G(OP_RESTART));
      if (!i)
         return false;
      i->side_effect = true;
      return true;
   }
   default:
      return fail(c, "internal error: %s is not a GP intrinsic",
                  nir_intrinsic_infos[in->intrinsic].name);
   }
}

/* The colour result (registers $r4i..) of an FP colour store at loc:
 * gl_FragColor and DATA0 are colour 0, DATAi colour i, and the second
 * source of dual-source blending (ARB_blend_func_extended's index 1, only
 * at location 0) colour 1: how upstream's nv50 lays it out, the evidence
 * of where the hardware's blender takes it (nvsim g80_3d_rop.c; rnndb
 * names only the SRC1 factors), with FP_CONTROL MULTIPLE_RESULTS. */
static unsigned
fp_color_index(nir_intrinsic_instr *in, unsigned loc)
{
   if (nir_intrinsic_io_semantics(in).dual_source_blend_index)
      return 1;
   return loc == FRAG_RESULT_COLOR ? 0 : loc - FRAG_RESULT_DATA0;
}

/* Assigns a[] / v[] / $o / result register words before selection. */
static void
plan_io(struct isel *c, nir_function_impl *impl)
{
   struct nvc_g80_program *p = c->prog;
   bool fp = c->s->info.stage == MESA_SHADER_FRAGMENT;
   uint8_t in_mask[NVC_G80_MAX_IO] = { 0 };
   uint8_t out_mask[VARYING_SLOT_MAX] = { 0 };
   unsigned pos_mask = 0, colors = 0;
   bool depth = false, data = false;
   /* a dual-source output; outputs for draw buffers past 0 */
   bool dual = false, second = false;

   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *in = nir_instr_as_intrinsic(instr);
         switch (in->intrinsic) {
         case nir_intrinsic_load_input: {
            unsigned b = nir_intrinsic_base(in) + io_offset(c, in, 0);
            unsigned comp = nir_intrinsic_component(in);
            unsigned loc = nir_intrinsic_io_semantics(in).location;
            if (fp && loc == VARYING_SLOT_POS) {
               pos_mask |= nir_ssa_def_components_read(&in->dest.ssa) << comp;
               break;
            }
            if (b >= NVC_G80_MAX_IO ||
                (!fp && b >= c->t->vp_max_attribs)) {
               fail(c, "input %u past the %u the VP has", b,
                    c->t->vp_max_attribs);
               return;
            }
            in_mask[b] |= nir_ssa_def_components_read(&in->dest.ssa) << comp;
            /* an array's element: the variable's first slot plus the
             * (constant) offset, the slot the driver routes it from */
            c->in_slot[b] = loc + io_offset(c, in, 0);
            break;
         }
         case nir_intrinsic_load_frag_coord:
            pos_mask |= nir_ssa_def_components_read(&in->dest.ssa);
            break;
         case nir_intrinsic_load_per_vertex_input:
            gp_plan_input(c, in);
            break;
         case nir_intrinsic_load_primitive_id:
            c->gp_prim_id = true;
            break;
         case nir_intrinsic_load_vertex_id:
            c->vertex_id_word = 0;
            break;
         case nir_intrinsic_load_instance_id:
            c->instance_id_word = 0;
            break;
         case nir_intrinsic_store_output: {
            unsigned loc = nir_intrinsic_io_semantics(in).location +
                           io_offset(c, in, 1);
            unsigned mask = nir_intrinsic_write_mask(in) <<
                            nir_intrinsic_component(in);
            if (!fp) {
               if (loc < VARYING_SLOT_MAX)
                  out_mask[loc] |= mask;
            } else if (loc == FRAG_RESULT_DEPTH) {
               depth = true;
            } else if (nir_intrinsic_io_semantics(in).dual_source_blend_index) {
               /* the second source of dual-source blending: colour
                * result 1 (fp_color_index) */
               colors = MAX2(colors, 2);
               data = dual = true;
            } else if (loc == FRAG_RESULT_COLOR) {
               colors = MAX2(colors, 1);
            } else if (loc >= FRAG_RESULT_DATA0) {
               colors = MAX2(colors, loc - FRAG_RESULT_DATA0 + 1);
               data |= loc > FRAG_RESULT_DATA0;
               second |= loc > FRAG_RESULT_DATA0;
            } else {
               fail(c, "fragment output %s is not supported yet",
                    gl_frag_result_name(loc));
               return;
            }
            break;
         }
         default:
            break;
         }
      }
   }
   if (dual && second)
      fail(c, "a dual-source output with outputs for more than one draw "
           "buffer (GL: MAX_DUAL_SOURCE_DRAW_BUFFERS is 1)");
   if (c->failed)
      return;

   unsigned word = 0;
   if (c->s->info.stage == MESA_SHADER_GEOMETRY)
      gp_plan(c);
   if (!fp) {
      /* a[]: the enabled components packed (VP_ATTR_EN) */
      for (unsigned a = 0; a < c->t->vp_max_attribs; a++) {
         p->vp_attr_en[a / 8] |= (uint32_t)in_mask[a] << (a % 8) * 4;
         for (unsigned k = 0; k < 4; k++) {
            if (!(in_mask[a] >> k & 1))
               continue;
            c->in_word[a][k] = word;
            add_io(c, a, k, word++, 0);
            p->num_inputs++;
         }
      }
      /* the builtins after the attributes (VP_GP_BUILTIN_ATTR_EN; GL's
       * gl_VertexID counts from the draw's first vertex: ADD_START) */
      if (c->vertex_id_word >= 0) {
         c->vertex_id_word = word++;
         p->vp_builtin_en |= G80_3D_VP_GP_BUILTIN_ATTR_EN_VERTEX_ID |
            G80_3D_VP_GP_BUILTIN_ATTR_EN_VERTEX_ID_DRAW_ARRAYS_ADD_START;
      }
      if (c->instance_id_word >= 0) {
         c->instance_id_word = word++;
         p->vp_builtin_en |= G80_3D_VP_GP_BUILTIN_ATTR_EN_INSTANCE_ID;
      }
      /* $o: the position first (map slots 0..3), the rest by slot */
      word = 4;
      for (unsigned s = 0; s < VARYING_SLOT_MAX; s++) {
         for (unsigned k = 0; k < 4; k++) {
            if (s == VARYING_SLOT_POS) {
               c->out_word[s][k] = k;
            } else if (out_mask[s] >> k & 1) {
               c->out_word[s][k] = word++;
            } else {
               continue;
            }
            if (s == VARYING_SLOT_POS && !(out_mask[s] >> k & 1))
               continue;
            add_io(c, s, k, c->out_word[s][k], 0);
            p->num_outputs++;
         }
      }
      if (word > c->t->vp_max_results)
         fail(c, "%u result words, more than the %u of %s", word,
              c->t->vp_max_results,
              c->s->info.stage == MESA_SHADER_GEOMETRY ? "GP_RESULT_MAP" :
                                                         "VP_RESULT_MAP");
      p->vp_num_results = word;
      return;
   }

   /* FP: the w of perspective inputs comes from the position's 1/w */
   for (unsigned b = 0; b < NVC_G80_MAX_IO; b++) {
      unsigned m = c->interp[b];
      c->in_interp[b] = m == INTERP_MODE_FLAT ? NVC_G80_INTERP_FLAT :
                        m == INTERP_MODE_NOPERSPECTIVE ? NVC_G80_INTERP_LINEAR :
                                                         NVC_G80_INTERP_PERSPECTIVE;
      if (in_mask[b] && c->in_interp[b] == NVC_G80_INTERP_PERSPECTIVE)
         pos_mask |= 1u << 3;
   }
   for (unsigned k = 0; k < 4; k++)
      if (pos_mask >> k & 1)
         c->pos_word[k] = word++;
   unsigned first = word;
   /* the non-flat slots first (COUNT_NONFLAT), then the flat ones */
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned b = 0; b < NVC_G80_MAX_IO; b++) {
         if ((c->in_interp[b] == NVC_G80_INTERP_FLAT) != (pass == 1))
            continue;
         for (unsigned k = 0; k < 4; k++) {
            if (!(in_mask[b] >> k & 1))
               continue;
            c->in_word[b][k] = word;
            add_io(c, c->in_slot[b], k, word++, c->in_interp[b]);
            p->num_inputs++;
         }
      }
      if (pass == 0)
         p->fp_interp_ctrl |= (word - first) <<
                              G80_3D_FP_INTERPOLANT_CTRL_COUNT_NONFLAT__SHIFT;
   }
   p->fp_num_inputs = word - first;
   p->fp_interp_ctrl |=
      pos_mask << G80_3D_FP_INTERPOLANT_CTRL_UMASK__SHIFT |
      p->fp_num_inputs << G80_3D_FP_INTERPOLANT_CTRL_COUNT__SHIFT;

   /* results: colour i in $r4i.., depth after them */
   p->fp_result_count = colors * 4 + (depth ? 1 : 0);
   p->fp_control = (data ? G80_3D_FP_CONTROL_MULTIPLE_RESULTS : 0) |
                   (depth ? G80_3D_FP_CONTROL_EXPORTS_Z : 0);
   c->ir->reserved = p->fp_result_count;
}

static unsigned
fp_interp(struct isel *c, unsigned mode, unsigned word)
{
   unsigned d;
   unsigned op = mode == NVC_G80_INTERP_FLAT ? G(OP_INTERP_FLAT_L) :
                 mode == NVC_G80_INTERP_LINEAR ? G(OP_LINTERP_L) :
                                                 G(OP_PINTERP_L);
   struct nvc_g80_insn *i = def_insn(c, op, &d);
   if (!i)
      return 0;
   i->hw.opnd[1].file = G(FILE_VAR);
   i->hw.opnd[1].size = 4;
   i->hw.opnd[1].val = word * 4;
   if (mode == NVC_G80_INTERP_PERSPECTIVE)
      set_src(i, 2, c->w);
   return d;
}

static bool
emit_intrinsic(struct isel *c, nir_intrinsic_instr *in)
{
   bool fp = c->s->info.stage == MESA_SHADER_FRAGMENT;
   unsigned *dst = nir_intrinsic_infos[in->intrinsic].has_dest ?
                   &c->vals[in->dest.ssa.index * 4] : NULL;

   switch (in->intrinsic) {
   case nir_intrinsic_load_input: {
      unsigned b = nir_intrinsic_base(in) + io_offset(c, in, 0);
      unsigned comp = nir_intrinsic_component(in);
      bool pos = fp && nir_intrinsic_io_semantics(in).location ==
                       VARYING_SLOT_POS;
      unsigned read = nir_ssa_def_components_read(&in->dest.ssa);
      for (unsigned k = 0; k < in->dest.ssa.num_components; k++) {
         if (!(read >> k & 1))
            continue;
         if (pos) {
            dst[k] = fp_interp(c, NVC_G80_INTERP_LINEAR,
                               c->pos_word[comp + k]);
         } else if (fp) {
            dst[k] = fp_interp(c, c->in_interp[b],
                               c->in_word[b][comp + k]);
         } else {
            struct nvc_g80_insn *i = def_insn(c, G(OP_MOV_B32_L), &dst[k]);
            if (!i)
               return false;
            i->hw.opnd[1].file = G(FILE_ATTR);
            i->hw.opnd[1].size = 4;
            i->hw.opnd[1].val = c->in_word[b][comp + k] * 4;
         }
      }
      return !c->failed;
   }
   case nir_intrinsic_load_vertex_id:
   case nir_intrinsic_load_instance_id: {
      struct nvc_g80_insn *i = def_insn(c, G(OP_MOV_B32_L), &dst[0]);
      if (!i)
         return false;
      i->hw.opnd[1].file = G(FILE_ATTR);
      i->hw.opnd[1].size = 4;
      i->hw.opnd[1].val = 4 * (in->intrinsic == nir_intrinsic_load_vertex_id ?
                               c->vertex_id_word : c->instance_id_word);
      return true;
   }
   case nir_intrinsic_load_per_vertex_input:
   case nir_intrinsic_load_primitive_id:
   case nir_intrinsic_emit_vertex:
   case nir_intrinsic_end_primitive:
   case nir_intrinsic_emit_vertex_with_counter:
   case nir_intrinsic_end_primitive_with_counter:
   case nir_intrinsic_set_vertex_and_primitive_count:
      return gp_intrinsic(c, in, dst);
   case nir_intrinsic_load_frag_coord: {
      /* gl_FragCoord: window x, y, z and 1/w as the rasteriser gives
       * them (GL 3.3 15.2.2: w is 1/w_c) */
      unsigned read = nir_ssa_def_components_read(&in->dest.ssa);
      for (unsigned k = 0; k < 4; k++)
         if (read >> k & 1)
            dst[k] = fp_interp(c, NVC_G80_INTERP_LINEAR, c->pos_word[k]);
      return !c->failed;
   }
   case nir_intrinsic_store_output: {
      unsigned loc = nir_intrinsic_io_semantics(in).location +
                     io_offset(c, in, 1);
      unsigned comp = nir_intrinsic_component(in);
      unsigned mask = nir_intrinsic_write_mask(in);
      for (unsigned k = 0; k < in->src[0].ssa->num_components; k++) {
         if (!(mask >> k & 1))
            continue;
         unsigned v = ssa_val(c, &in->src[0], k);
         struct nvc_g80_insn *i = add(c, G(OP_MOV_B32_L));
         if (!i)
            return false;
         set_src(i, 1, v);
         i->side_effect = true;
         if (!fp) {
            i->hw.opnd[0].file = G(FILE_OUT);
            i->hw.opnd[0].val = c->out_word[loc][comp + k];
         } else {
            unsigned r = loc == FRAG_RESULT_DEPTH ? c->prog->fp_result_count - 1
                         : fp_color_index(in, loc) * 4 + comp + k;
            i->hw.opnd[0].file = G(FILE_GPR);
            i->hw.opnd[0].val = r;
         }
      }
      return !c->failed;
   }
   case nir_intrinsic_load_front_face: {
      /* v[FACE] (g80.xml VAR_ADDR: not an interpolant) holds all ones
       * for a front face and 0 for a back face: NIR's 32-bit boolean
       * as it is, read flat */
      if (!fp)
         return fail(c, "gl_FrontFacing outside an FP");
      unsigned d;
      struct nvc_g80_insn *i = def_insn(c, G(OP_INTERP_FLAT_L), &d);
      if (!i)
         return false;
      i->hw.opnd[1].file = G(FILE_VAR);
      i->hw.opnd[1].size = 4;
      i->hw.opnd[1].val = G(VAR_ADDR_FACE);
      dst[0] = d;
      return true;
   }
   case nir_intrinsic_load_ubo:
   case nir_intrinsic_load_ubo_vec4:
   case nir_intrinsic_load_uniform: {
      /* the offset source in bytes (load_ubo) or vec4 slots */
      unsigned buf, off, osrc, oshift;
      if (in->intrinsic == nir_intrinsic_load_ubo) {
         buf = io_offset(c, in, 0);
         osrc = 1;
         oshift = 0;
         off = 0;
      } else if (in->intrinsic == nir_intrinsic_load_ubo_vec4) {
         /* st/mesa's uniforms without PIPE_CAP_PACKED_UNIFORMS
          * (nir_lower_uniforms_to_ubo with load_vec4): the offset in
          * vec4 slots plus the constant slot BASE (st/mesa's state
          * uniforms after the user's, e.g. gl_FragCoord's y transform),
          * then the first component */
         buf = io_offset(c, in, 0);
         osrc = 1;
         oshift = 4;
         off = nir_intrinsic_base(in) * 16 + nir_intrinsic_component(in) * 4;
      } else {
         /* nir_lower_io's vec4 slots of the default uniform block, which
          * the driver puts in c0[] */
         buf = 0;
         osrc = 0;
         oshift = 4;
         off = nir_intrinsic_base(in) * 16;
      }
      if (c->failed)
         return false;
      if (buf >= c->t->num_cbufs)
         return fail(c, "constant buffer %u past c%u[]", buf,
                     c->t->num_cbufs - 1);
      unsigned areg = 0;
      if (nir_src_is_const(in->src[osrc])) {
         off += nir_src_as_uint(in->src[osrc]) << oshift;
      } else {
         areg = const_index_areg(c, ssa_val(c, &in->src[osrc], 0), oshift);
         if (!areg)
            return false;
      }
      for (unsigned k = 0; k < in->dest.ssa.num_components; k++) {
         struct nvc_g80_insn *i = def_insn(c, G(OP_LD_C_B32), &dst[k]);
         if (!i)
            return false;
         i->hw.opnd[1].file = G(FILE_CONST);
         i->hw.opnd[1].size = 4;
         i->hw.opnd[1].buf = buf;
         i->hw.opnd[1].val = off + 4 * k;
         i->hw.opnd[1].areg = areg;
      }
      return true;
   }
   case nir_intrinsic_discard:
   case nir_intrinsic_terminate:
   case nir_intrinsic_discard_if:
   case nir_intrinsic_terminate_if: {
      /* kil ends the lane and drops its pixel (isa.rst "discard"; the 3D
       * class wants FP_CONTROL USES_KIL); discard_if tests the boolean
       * into $c0 and predicates the kil on it */
      bool cond = in->intrinsic == nir_intrinsic_discard_if ||
                  in->intrinsic == nir_intrinsic_terminate_if;
      if (cond) {
         struct nvc_g80_insn *t = add(c, G(OP_AND_B32));
         if (!t)
            return false;
         unsigned v = ssa_val(c, &in->src[0], 0);
         t->hw.opnd[0].file = G(FILE_NONE);
         set_src(t, 1, v);
         set_src(t, 2, v);
         t->hw.mod[G(MOD_CC_WR)] = 1;
         t->side_effect = true;
      }
      struct nvc_g80_insn *k = add(c, G(OP_KIL));
      if (!k)
         return false;
      k->side_effect = true;
      if (cond)
         k->hw.mod[G(MOD_PRED)] = G(COND_lg);
      c->prog->fp_control |= G80_3D_FP_CONTROL_USES_KIL;
      return true;
   }
   default:
      return fail(c, "NIR intrinsic %s is not supported yet by the Tesla "
                  "backend", nir_intrinsic_infos[in->intrinsic].name);
   }
}

/* One instruction of a block (nvc_g80_isel_cf.c walks the blocks). */
static bool
select_instr(void *isel, nir_instr *instr)
{
   struct isel *c = isel;
   switch (instr->type) {
   case nir_instr_type_alu:
      emit_alu(c, nir_instr_as_alu(instr));
      break;
   case nir_instr_type_load_const: {
      nir_load_const_instr *k = nir_instr_as_load_const(instr);
      if (k->def.bit_size != 32 && k->def.bit_size != 1) {
         fail(c, "%u-bit constants are not supported yet", k->def.bit_size);
         break;
      }
      for (unsigned n = 0; n < k->def.num_components; n++)
         c->vals[k->def.index * 4 + n] = imm(c, k->value[n].u32);
      break;
   }
   case nir_instr_type_ssa_undef: {
      nir_ssa_undef_instr *u = nir_instr_as_ssa_undef(instr);
      for (unsigned n = 0; n < u->def.num_components; n++)
         c->vals[u->def.index * 4 + n] = imm(c, 0);
      break;
   }
   case nir_instr_type_intrinsic:
      emit_intrinsic(c, nir_instr_as_intrinsic(instr));
      break;
   case nir_instr_type_tex: {
      nir_tex_instr *tex = nir_instr_as_tex(instr);
      char msg[NVC_G80_TEX_MSG];
      /* texgather is one of GT215_3D's D3D10.1 forms (g80.xml TXG_L) */
      if (tex->op == nir_texop_tg4 && !c->t->tex_gather) {
         fail(c, "textureGather needs texgather, which only GT215_3D on "
              "runs (g80.xml D3D10_1)");
         break;
      }
      if (nvc_g80_isel_tex(c->ir, tex, c->vals,
                           &c->vals[tex->dest.ssa.index * 4], msg))
         fail(c, "%s", msg);
      break;
   }
   default:
      fail(c, "NIR instruction type %u is not supported yet", instr->type);
      break;
   }
   return !c->failed;
}

bool
nvc_g80_isel(const struct nvc_g80_target *t, nir_shader *s,
             const uint8_t interp[NVC_G80_MAX_IO], struct nvc_g80_ir *ir,
             struct nvc_g80_program *prog, char **err)
{
   struct isel c = { .t = t, .s = s, .ir = ir, .prog = prog,
                     .interp = interp, .err = err };
   nir_function_impl *impl = nir_shader_get_entrypoint(s);

   if (s->info.stage != MESA_SHADER_VERTEX &&
       s->info.stage != MESA_SHADER_GEOMETRY &&
       s->info.stage != MESA_SHADER_FRAGMENT)
      return fail(&c, "%s programs are not supported yet (VP, GP and FP only)",
                  _mesa_shader_stage_to_string(s->info.stage));
   c.vals = malloc(impl->ssa_alloc * 4 * sizeof(unsigned) + 1);
   if (!c.vals)
      return fail(&c, "out of memory");
   for (unsigned i = 0; i < impl->ssa_alloc * 4; i++)
      c.vals[i] = NO_VALUE;
   memset(c.in_word, -1, sizeof(c.in_word));
   memset(c.out_word, -1, sizeof(c.out_word));
   memset(c.gp_in_word, -1, sizeof(c.gp_in_word));
   memset(c.pos_word, -1, sizeof(c.pos_word));
   c.vertex_id_word = c.instance_id_word = -1;

   plan_io(&c, impl);
   if (!c.failed && s->info.stage == MESA_SHADER_GEOMETRY)
      gp_prologue(&c);

   /* FP: w = 1 / (1/w), once, for the perspective inputs */
   if (!c.failed && s->info.stage == MESA_SHADER_FRAGMENT &&
       c.pos_word[3] >= 0) {
      unsigned inv = fp_interp(&c, NVC_G80_INTERP_LINEAR, c.pos_word[3]);
      struct nvc_g80_insn *i = def_insn(&c, G(OP_RCP_F32), &c.w);
      if (i)
         set_src(i, 1, inv);
   }

   struct nvc_g80_isel_cf cf = { .ir = ir, .vals = c.vals, .chip = t->name,
                                 .err = err, .select = select_instr,
                                 .isel = &c };
   if (!c.failed && !nvc_g80_isel_cf(&cf, impl))
      c.failed = true;

   /* FP outputs: the result registers, colour by colour */
   if (!c.failed && s->info.stage == MESA_SHADER_FRAGMENT) {
      for (unsigned r = 0; r < prog->fp_result_count; r++) {
         bool is_depth = (prog->fp_control & G80_3D_FP_CONTROL_EXPORTS_Z) &&
                         r == prog->fp_result_count - 1;
         add_io(&c, is_depth ? FRAG_RESULT_DEPTH : FRAG_RESULT_DATA0 + r / 4,
                is_depth ? 0 : r % 4, r, 0);
         prog->num_outputs++;
      }
   }
   free(c.vals);
   return !c.failed;
}
