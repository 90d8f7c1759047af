/*
 * NV40 vertex program interpreter.
 *
 * Semantics: NV_vertex_program2/3 (gl-specs/NV) pseudo-code for every op;
 * execution model (dual issue of a vector and a scalar op reading the same
 * sources, temps cleared to 0 for every vertex, 8-deep call stack, two
 * 4-component address registers clamped to [-512, 511]) from
 * envytools-docs/hw/graph/xf/isa.rst.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv40_shader_exec.h"
#include "nv40_shader_priv.h"
#include "nv40_vp_priv.h"

#define VP(x) NVISA_NV40_VP_##x
#define VP_STACK_DEPTH 8   /* xf/isa.rst: "an 8-slot call/return stack" */

int
nvsim_nv40_vp_prepare(struct nvsim_nv40_vp_prog *prog,
                      const uint32_t (*slots)[4], unsigned num_slots,
                      char *err, size_t errlen)
{
   nvsim_nv40_vp_fini(prog);
   if (num_slots > NVSIM_NV40_VP_SLOTS) {
      snprintf(err, errlen, "vertex program: %u slots, the hardware has %u",
               num_slots, NVSIM_NV40_VP_SLOTS);
      return -1;
   }
   prog->ops = calloc(num_slots ? num_slots : 1, sizeof(*prog->ops));
   if (!prog->ops) {
      snprintf(err, errlen, "vertex program: out of memory");
      return -1;
   }
   for (unsigned i = 0; i < num_slots; i++)
      nvsim_nv40_vp_decode_slot(&prog->ops[i], slots[i]);
   prog->num_slots = num_slots;
   return 0;
}

void
nvsim_nv40_vp_decode_slot(struct nvsim_nv40_vp_op *op, const uint32_t w[4])
{
   memset(op, 0, sizeof(*op));
   op->valid = nvisa_nv40_vp_decode(w, &op->insn) == 0;
   op->srcs = nvisa_nv40_vp_vec_op_info[op->insn.vec_op].srcs |
              nvisa_nv40_vp_sca_op_info[op->insn.sca_op].srcs;
   /* curie writes the output with the mask of the result it takes */
   if (op->insn.out != VP(OUT_NONE) && op->insn.out < VP(NUM_OUTPUTS))
      op->out_mask[op->insn.out_is_vec ? 0 : 1] =
         op->insn.out_is_vec ? op->insn.vec_mask : op->insn.sca_mask;
}

int
nvsim_nv40_vp_reprepare(struct nvsim_nv40_vp_prog *prog, bool rankine,
                        const uint32_t (*slots)[4], const uint32_t (*old)[4],
                        unsigned num_slots, char *err, size_t errlen)
{
   if (!prog->ops || prog->num_slots != num_slots)
      return rankine ?
         nvsim_nv30_vp_prepare(prog, slots, num_slots, err, errlen) :
         nvsim_nv40_vp_prepare(prog, slots, num_slots, err, errlen);
   /* each slot's form depends on its own words only */
   int changed = 0;
   for (unsigned i = 0; i < num_slots; i++) {
      if (!memcmp(slots[i], old[i], sizeof(slots[i])))
         continue;
      if (rankine)
         nvsim_nv30_vp_decode_slot(&prog->ops[i], slots[i]);
      else
         nvsim_nv40_vp_decode_slot(&prog->ops[i], slots[i]);
      changed++;
   }
   if (changed) {
      free(prog->fast);
      prog->fast = NULL;
   }
   return changed;
}

void
nvsim_nv40_vp_fini(struct nvsim_nv40_vp_prog *prog)
{
   free(prog->ops);
   free(prog->fast);
   prog->ops = NULL;
   prog->fast = NULL;
   prog->num_slots = 0;
}

static int
addr_value(const struct nvsim_vp_state *st, const struct nvisa_nv40_vp_insn *insn)
{
   return st->addr[insn->addr_reg & 1][insn->addr_swz & 3];
}

void
nvsim_nv40_vp_fetch(const struct nvsim_vp_state *st,
                    const struct nvisa_nv40_vp_insn *insn, unsigned s,
                    float r[4])
{
   static const float zero[4];
   const struct nvisa_src *src = &insn->src[s];
   const float *v = zero;

   switch (src->file) {
   case NVISA_FILE_TEMP:
      v = st->temp[src->index % NVSIM_VP_TEMP_SLOTS];
      break;
   case NVISA_FILE_INPUT: {
      int idx = insn->input;
      if (insn->input_indexed)
         idx += addr_value(st, insn);
      /* Out-of-range relative reads return 0 (NV_vertex_program2, relative
       * addressing "out of bounds" reads). */
      if (idx >= 0 && idx < VP(NUM_INPUTS) && st->io->attr)
         v = st->io->attr[idx];
      break;
   }
   case NVISA_FILE_CONST: {
      int idx = insn->constant;
      if (insn->const_indexed)
         idx += addr_value(st, insn);
      if (idx >= 0 && idx < VP(NUM_CONSTS) && st->io->consts)
         v = st->io->consts[idx];
      break;
   }
   default:
      break;
   }
   for (unsigned c = 0; c < 4; c++)
      r[c] = v[src->swz[c]];
   if (src->abs)
      for (unsigned c = 0; c < 4; c++)
         r[c] = fabsf(r[c]);
   if (src->neg)
      for (unsigned c = 0; c < 4; c++)
         r[c] = -r[c];
}

static float
set_on(bool nan, bool pass)
{
   /* NV_vertex_program2: comparisons with a NaN operand produce NaN. */
   if (nan)
      return NAN;
   return pass ? 1.0f : 0.0f;
}

static int
clamp_addr(float f)
{
   if (!(f >= -512.0f))
      return -512;
   if (f > 511.0f)
      return 511;
   return (int)f;
}

static void
vp_tex(const struct nvsim_vp_state *st, const float coord[4], unsigned unit,
       float r[4])
{
   const struct nvsim_nv40_vp_io *io = st->io;
   if (!io->tex) {
      r[0] = r[1] = r[2] = 0.0f;
      r[3] = 1.0f;
      return;
   }
   struct nvsim_tex_request req;
   float res[4][4];
   memset(&req, 0, sizeof(req));
   req.unit = unit;
   req.op = VP(VEC_OP_TXL);
   req.vertex = true;
   req.mask = 1;
   memcpy(req.coord[0], coord, sizeof(req.coord[0]));
   req.lod[0] = coord[3];
   io->tex(io->tex_data, &req, res);
   memcpy(r, res[0], 4 * sizeof(float));
}

/* Vector op; returns false if it writes nothing (NOP, address ops). */
bool
nvsim_nv40_vp_exec_vec(struct nvsim_vp_state *st,
                       const struct nvisa_nv40_vp_insn *insn,
                       const float s0[4], const float s1[4],
                       const float s2[4], float r[4])
{
   switch (insn->vec_op) {
   case VP(VEC_OP_NOP):
      return false;
   case VP(VEC_OP_MOV):
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c];
      break;
   case VP(VEC_OP_MUL):
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] * s1[c];
      break;
   case VP(VEC_OP_ADD):
      /* ADD sums sources 0 and 2 (nvfx_vertprog.c emits it so). */
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] + s2[c];
      break;
   case VP(VEC_OP_MAD):
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] * s1[c] + s2[c];
      break;
   case VP(VEC_OP_DP3):
      r[0] = s0[0] * s1[0] + s0[1] * s1[1] + s0[2] * s1[2];
      r[1] = r[2] = r[3] = r[0];
      break;
   case VP(VEC_OP_DPH):
      r[0] = s0[0] * s1[0] + s0[1] * s1[1] + s0[2] * s1[2] + s1[3];
      r[1] = r[2] = r[3] = r[0];
      break;
   case VP(VEC_OP_DP4):
      r[0] = s0[0] * s1[0] + s0[1] * s1[1] + s0[2] * s1[2] + s0[3] * s1[3];
      r[1] = r[2] = r[3] = r[0];
      break;
   case VP(VEC_OP_DST):
      r[0] = 1.0f;
      r[1] = s0[1] * s1[1];
      r[2] = s0[2];
      r[3] = s1[3];
      break;
   case VP(VEC_OP_MIN):
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] < s1[c] ? s0[c] : s1[c];
      break;
   case VP(VEC_OP_MAX):
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] > s1[c] ? s0[c] : s1[c];
      break;
#define SET_ON(op, expr) \
   case VP(VEC_OP_##op): \
      for (unsigned c = 0; c < 4; c++) { \
         float a = s0[c], b = s1[c]; \
         r[c] = set_on(isnan(a) || isnan(b), expr); \
      } \
      break;
   SET_ON(SLT, a < b)
   SET_ON(SGE, a >= b)
   SET_ON(SEQ, a == b)
   SET_ON(SGT, a > b)
   SET_ON(SLE, a <= b)
   SET_ON(SNE, a != b)
#undef SET_ON
   /* SFL/STR are not in the spec's NaN list: constants whatever the
    * operands. */
   case VP(VEC_OP_SFL):
   case VP(VEC_OP_STR): {
      float v = insn->vec_op == VP(VEC_OP_STR) ? 1.0f : 0.0f;
      r[0] = r[1] = r[2] = r[3] = v;
      break;
   }
   case VP(VEC_OP_SSG):
      for (unsigned c = 0; c < 4; c++)
         r[c] = isnan(s0[c]) ? s0[c] :
                s0[c] > 0.0f ? 1.0f : s0[c] < 0.0f ? -1.0f : 0.0f;
      break;
   case VP(VEC_OP_FRC):
      for (unsigned c = 0; c < 4; c++) {
         float f = s0[c] - floorf(s0[c]);
         r[c] = f == 0.0f ? 0.0f : f;   /* fraction(+/-0.0) = +0.0 */
      }
      break;
   case VP(VEC_OP_FLR):
      for (unsigned c = 0; c < 4; c++) r[c] = floorf(s0[c]);
      break;
   case VP(VEC_OP_ARL):
   case VP(VEC_OP_ARR):
   case VP(VEC_OP_ARA): {
      /* Address ops write the address register named by the vector temp
       * field (nv30_vertprog.h: "the destination ... is set to TEMP <n>
       * (the temp isn't actually written)"). */
      int *a = st->addr[insn->vec_dst & 1];
      int v[4];
      for (unsigned c = 0; c < 4; c++) {
         if (insn->vec_op == VP(VEC_OP_ARL))
            v[c] = clamp_addr(floorf(s0[c]));
         else if (insn->vec_op == VP(VEC_OP_ARR))
            v[c] = clamp_addr(rintf(s0[c]));
         else
            v[c] = a[c];
      }
      if (insn->vec_op == VP(VEC_OP_ARA)) {
         /* NV_vertex_program2 ARA: xy + zw, without swizzle. */
         int x = a[0] + a[2], y = a[1] + a[3];
         v[0] = v[2] = clamp_addr((float)x);
         v[1] = v[3] = clamp_addr((float)y);
      }
      for (unsigned c = 0; c < 4; c++)
         if (insn->vec_mask & (1 << c))
            a[c] = v[c];
      return false;
   }
   case VP(VEC_OP_TXL):
      /* Vertex texture units 0-3 (xf/isa.rst XFTEX).  Which field selects
       * the unit is not documented anywhere we have: unit 0 until it is
       * (upstream Mesa never emits TXL, nv40_verttex.c only binds). */
      vp_tex(st, s0, 0, r);
      break;
   default:
      return false;
   }
   return true;
}

static float
approx_exp2(float x)
{
   return exp2f(x);
}

bool
nvsim_nv40_vp_exec_sca(const struct nvisa_nv40_vp_insn *insn,
                       const float s2[4], float r[4])
{
   float x = s2[0];   /* ScalarLoad: the first component after swizzle */
   float v;

   switch (insn->sca_op) {
   case VP(SCA_OP_NOP):
      return false;
   case VP(SCA_OP_MOV):
      v = x;
      break;
   case VP(SCA_OP_RCP):
      v = 1.0f / x;    /* RCP(+/-0) = +/-INF, RCP(+/-INF) = +/-0 */
      break;
   case VP(SCA_OP_RCC): {
      /* ClampApproxReciprocal: magnitude clamped to [2^-64, 2^64]. */
      const float lo = 0x1p-64f, hi = 0x1p64f;
      if (isnan(x)) {
         v = x;
         break;
      }
      v = 1.0f / x;
      bool negative = signbit(v);
      float m = fabsf(v);
      if (m < lo) m = lo;
      if (m > hi) m = hi;
      v = negative ? -m : m;
      break;
   }
   case VP(SCA_OP_RSQ):
      v = 1.0f / sqrtf(x);   /* RSQ(-0) = -INF, negative: NaN */
      break;
   case VP(SCA_OP_EX2):
      v = approx_exp2(x);
      break;
   case VP(SCA_OP_LG2):
      v = log2f(x);          /* LG2(0) = -INF, negative: NaN */
      break;
   case VP(SCA_OP_SIN):
      v = sinf(x);
      break;
   case VP(SCA_OP_COS):
      v = cosf(x);
      break;
   case VP(SCA_OP_EXP): {
      float f = floorf(x);
      r[0] = approx_exp2(f);
      r[1] = x - f;
      r[2] = approx_exp2(x);
      r[3] = 1.0f;
      return true;
   }
   case VP(SCA_OP_LOG): {
      float a = fabsf(x);
      if (a == 0.0f) {
         /* log2(0) = -INF; the mantissa of 0 taken as 0. */
         r[0] = r[2] = -INFINITY;
         r[1] = 0.0f;
      } else if (isinf(a) || isnan(a)) {
         r[0] = r[2] = a;
         r[1] = a;
      } else {
         int e;
         float m = frexpf(a, &e);   /* a = m * 2^e, m in [0.5, 1) */
         r[0] = (float)(e - 1);
         r[1] = m * 2.0f;
         r[2] = log2f(a);
      }
      r[3] = 1.0f;
      return true;
   }
   case VP(SCA_OP_LIT): {
      /* LIT reads the vector x, y and w of source 2. */
      float dx = s2[0] > 0.0f ? s2[0] : 0.0f;
      float dy = s2[1] > 0.0f ? s2[1] : 0.0f;
      float w = s2[3];
      const float lim = 128.0f - 1.0f / 256.0f;
      if (w < -lim) w = -lim;
      if (w > lim) w = lim;
      r[0] = 1.0f;
      r[1] = dx;
      /* NV_vertex_program 2.14.1.10.17: "taking any base to the power
       * of 0.0 will yield 1.0" - also 0^0, where EXP(0 * LOG(0)) would
       * give NaN */
      if (dx <= 0.0f)
         r[2] = 0.0f;
      else if (w == 0.0f)
         r[2] = 1.0f;
      else
         r[2] = approx_exp2(w * log2f(dy));
      r[3] = 1.0f;
      return true;
   }
   default:
      return false;
   }
   r[0] = r[1] = r[2] = r[3] = v;
   return true;
}

void
nvsim_nv40_vp_write_result(struct nvsim_vp_state *st,
                           struct nvsim_nv40_vp_io *io,
                           const struct nvsim_nv40_vp_op *op, bool vec,
                           const float res[4], uint8_t cmask)
{
   const struct nvisa_nv40_vp_insn *insn = &op->insn;
   uint8_t mask = (vec ? insn->vec_mask : insn->sca_mask) & cmask;
   uint8_t out_mask = op->out_mask[vec ? 0 : 1] & cmask;
   uint8_t dst = vec ? insn->vec_dst : insn->sca_dst;
   float v[4];

   for (unsigned c = 0; c < 4; c++)
      v[c] = insn->sat ? nvsim_sat(res[c]) : res[c];

   if (dst != VP(DST_NONE)) {
      for (unsigned c = 0; c < 4; c++)
         if (mask & (1 << c))
            st->temp[dst % NVSIM_VP_TEMP_SLOTS][c] = v[c];
   }
   if (op->clip && out_mask) {
      /* rankine's CLPn.x (nvsim_nv30_vp_prepare) */
      unsigned n = op->clip - 1;
      unsigned o = n < 3 ? VP(OUT_FOGC) : VP(OUT_PSZ);
      /* CLPn is a register of its own: FOGC / PSZ are not written */
      if (out_mask & NVISA_MASK_X)
         io->out[o][1 + n % 3] = v[0];
   } else if (out_mask) {
      for (unsigned c = 0; c < 4; c++)
         if (out_mask & (1 << c))
            io->out[insn->out][c] = v[c];
      io->out_written |= 1u << insn->out;
   }
   if (insn->cc_update && insn->cc_update_vec == vec) {
      for (unsigned c = 0; c < 4; c++)
         if (mask & (1 << c))
            st->cc[insn->cc_reg & 1][c] = nvsim_cc_code(v[c]);
   }
}

uint8_t
nvsim_nv40_vp_cond_mask(const struct nvsim_vp_state *st,
                        const struct nvisa_nv40_vp_insn *insn)
{
   if (!insn->cc_test)
      return 0xf;
   uint8_t m = 0;
   for (unsigned c = 0; c < 4; c++)
      if (nvsim_cc_test(insn->cond, st->cc[insn->cc_reg & 1][insn->cc_swz[c]]))
         m |= 1 << c;
   return m;
}

int
nvsim_nv40_vp_run(const struct nvsim_nv40_vp_prog *prog, unsigned start,
                  struct nvsim_nv40_vp_io *io)
{
   struct nvsim_vp_state st;
   int stack[VP_STACK_DEPTH];
   int addr_stack[VP_STACK_DEPTH][4];
   unsigned sp = 0, asp = 0;
   unsigned pc = start;

   for (unsigned i = 0; i < VP(NUM_OUTPUTS); i++) {
      io->out[i][0] = io->out[i][1] = io->out[i][2] = 0.0f;
      io->out[i][3] = 1.0f;
   }
   io->out_written = 0;
   io->steps = 0;
   if (!prog->ops)
      return NVSIM_SHADER_ERR_NOPROG;

   /* xf/isa.rst: temporaries are all-0 at the start of every program. */
   memset(&st, 0, sizeof(st));
   /* NV_vertex_program2 2.14.1.x: the condition code starts as EQ. */
   memset(st.cc, NVISA_COND_EQ, sizeof(st.cc));
   st.io = io;

   for (;;) {
      if (pc >= prog->num_slots)
         return NVSIM_SHADER_ERR_PC;
      if (++io->steps > NVSIM_NV40_VP_MAX_STEPS)
         return NVSIM_SHADER_ERR_STEPS;

      const struct nvsim_nv40_vp_op *op = &prog->ops[pc];
      const struct nvisa_nv40_vp_insn *insn = &op->insn;
      if (!op->valid)
         return NVSIM_SHADER_ERR_OPCODE;

      unsigned next = pc + 1;
      uint8_t cmask = nvsim_nv40_vp_cond_mask(&st, insn);
      const struct nvisa_op_info *sinfo =
         &nvisa_nv40_vp_sca_op_info[insn->sca_op];

      if (sinfo->flags & NVISA_OP_BRANCH) {
         /* Taken if the condition passes for any component (TR when the
          * test is disabled). */
         bool taken = cmask != 0;
         switch (insn->sca_op) {
         case VP(SCA_OP_BRA):
            if (taken)
               next = insn->branch_target;
            break;
         case VP(SCA_OP_CAL):
            if (taken) {
               if (sp == VP_STACK_DEPTH)
                  return NVSIM_SHADER_ERR_STACK;
               stack[sp++] = pc + 1;
               next = insn->branch_target;
            }
            break;
         case VP(SCA_OP_RET):
            if (taken) {
               /* A return with an empty stack ends the program. */
               if (sp == 0)
                  return 0;
               next = stack[--sp];
            }
            break;
         }
      }

      float s0[4] = { 0 }, s1[4] = { 0 }, s2[4] = { 0 }, vr[4], sr[4];
      if (op->srcs & 1)
         nvsim_nv40_vp_fetch(&st, insn, 0, s0);
      if (op->srcs & 2)
         nvsim_nv40_vp_fetch(&st, insn, 1, s1);
      if (op->srcs & 4)
         nvsim_nv40_vp_fetch(&st, insn, 2, s2);

      bool vw = nvsim_nv40_vp_exec_vec(&st, insn, s0, s1, s2, vr);
      bool sw = !(sinfo->flags & NVISA_OP_BRANCH) &&
                nvsim_nv40_vp_exec_sca(insn, s2, sr);

      if (insn->sca_op == VP(SCA_OP_PUSHA)) {
         if (asp == VP_STACK_DEPTH)
            return NVSIM_SHADER_ERR_STACK;
         memcpy(addr_stack[asp++], st.addr[insn->addr_reg & 1],
                sizeof(addr_stack[0]));
      } else if (insn->sca_op == VP(SCA_OP_POPA)) {
         if (asp == 0)
            return NVSIM_SHADER_ERR_STACK;
         memcpy(st.addr[insn->addr_reg & 1], addr_stack[--asp],
                sizeof(addr_stack[0]));
      }

      /* Both slots read their sources before either writes. */
      if (vw)
         nvsim_nv40_vp_write_result(&st, io, op, true, vr, cmask);
      if (sw)
         nvsim_nv40_vp_write_result(&st, io, op, false, sr, cmask);

      if (insn->last)
         return 0;
      pc = next;
   }
}
