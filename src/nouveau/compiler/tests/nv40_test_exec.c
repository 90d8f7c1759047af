/*
 * Reference executor for the compiler tests (see nv40_test_exec.h).
 * Semantics from the GL specs in /work/shared/reference/gl-specs/NV:
 * NV_vertex_program2 (vector/scalar ops, condition codes: CC updated from
 * the result, tests LT/EQ/GT/NE..., swizzled by the condition swizzle),
 * NV_fragment_program (same ops in the FP, KIL with a condition).
 */
#include "nv40_test_exec.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nvisa_nv40_fp.h"
#include "nvisa_nv40_vp.h"

static void
read_src(const struct nvisa_src *s, const float *reg, float out[4])
{
   for (unsigned i = 0; i < 4; i++) {
      float v = reg[s->swz[i] & 3];
      if (s->abs)
         v = fabsf(v);
      if (s->neg)
         v = -v;
      out[i] = v;
   }
}

static bool
cond_pass(unsigned cond, float v)
{
   if (isnan(v))
      return cond == NVISA_COND_NE || cond == NVISA_COND_TR;
   bool lt = v < 0, eq = v == 0, gt = v > 0;
   return ((cond & 1) && lt) || ((cond & 2) && eq) || ((cond & 4) && gt);
}

/* Vector ops shared by VP and FP (by name, so both opcode sets map). */
static bool
vec_op(const char *name, const float a[4], const float b[4], const float c[4],
       float r[4])
{
   if (!strcmp(name, "MOV")) {
      memcpy(r, a, 16);
   } else if (!strcmp(name, "MUL")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] * b[i];
   } else if (!strcmp(name, "ADD")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] + b[i];
   } else if (!strcmp(name, "MAD")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] * b[i] + c[i];
   } else if (!strcmp(name, "DP3")) {
      float d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
      for (int i = 0; i < 4; i++) r[i] = d;
   } else if (!strcmp(name, "DP4")) {
      float d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
      for (int i = 0; i < 4; i++) r[i] = d;
   } else if (!strcmp(name, "MIN")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] < b[i] ? a[i] : b[i];
   } else if (!strcmp(name, "MAX")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] > b[i] ? a[i] : b[i];
   } else if (!strcmp(name, "SLT")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] < b[i];
   } else if (!strcmp(name, "SGE")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] >= b[i];
   } else if (!strcmp(name, "SEQ")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] == b[i];
   } else if (!strcmp(name, "SNE")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] != b[i];
   } else if (!strcmp(name, "SGT")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] > b[i];
   } else if (!strcmp(name, "SLE")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] <= b[i];
   } else if (!strcmp(name, "FRC")) {
      for (int i = 0; i < 4; i++) r[i] = a[i] - floorf(a[i]);
   } else if (!strcmp(name, "FLR")) {
      for (int i = 0; i < 4; i++) r[i] = floorf(a[i]);
   } else {
      return false;
   }
   return true;
}

static bool
sca_op(const char *name, float x, float *r)
{
   if (!strcmp(name, "MOV")) *r = x;
   else if (!strcmp(name, "RCP")) *r = 1.0f / x;
   else if (!strcmp(name, "RSQ")) *r = 1.0f / sqrtf(fabsf(x));
   else if (!strcmp(name, "EX2")) *r = exp2f(x);
   else if (!strcmp(name, "LG2")) *r = log2f(x);
   else if (!strcmp(name, "SIN")) *r = sinf(x);
   else if (!strcmp(name, "COS")) *r = cosf(x);
   else return false;
   return true;
}

static float
sat(float v)
{
   return v < 0 ? 0 : v > 1 ? 1 : v;
}

bool
nv40_test_vp_run(const uint32_t *insns, unsigned num_insns,
                 struct nv40_test_vp_state *st, char *err, unsigned errlen)
{
   float temp[64][4];
   float cc[4] = { 0 };
   /* address registers A0, A1 (NV_vertex_program2: integers, ARL's
    * floor of its operand) */
   int addr[2][4] = { { 0 } };
   unsigned steps = 0;
   memset(temp, 0, sizeof(temp));

   for (unsigned pc = 0; pc < num_insns; pc++) {
      struct nvisa_nv40_vp_insn in;
      if (nvisa_nv40_vp_decode(&insns[pc * 4], &in) != 0) {
         snprintf(err, errlen, "VP %u: undecodable", pc);
         return false;
      }
      if (++steps > 1000000) {
         snprintf(err, errlen, "VP runs away (a million instructions)");
         return false;
      }
      /* BRA (NV_vertex_program2): taken when the condition passes for
       * any component; nothing else in the instruction is executed. */
      if (in.sca_op == NVISA_NV40_VP_SCA_OP_BRA) {
         bool taken = !in.cc_test;
         for (int i = 0; i < 4; i++)
            taken |= in.cc_test && cond_pass(in.cond, cc[in.cc_swz[i] & 3]);
         if (taken) {
            if (in.branch_target >= num_insns) {
               snprintf(err, errlen, "VP %u: branch to %u", pc,
                        in.branch_target);
               return false;
            }
            pc = in.branch_target - 1u;
         }
         if (in.last && !taken)
            return true;
         continue;
      }
      float s[3][4];
      for (unsigned i = 0; i < 3; i++) {
         const float *reg;
         switch (in.src[i].file) {
         case NVISA_FILE_TEMP: reg = temp[in.src[i].index & 63]; break;
         case NVISA_FILE_INPUT: reg = st->in[in.input & 15]; break;
         case NVISA_FILE_CONST: {
            /* c[A.swz + n] when indexed (nv40_vp.xml CONST_INDEXED) */
            int k = in.constant;
            if (in.const_indexed)
               k += addr[in.addr_reg & 1][in.addr_swz & 3];
            if (k < 0 || k >= 468) {
               snprintf(err, errlen, "VP %u: constant %d", pc, k);
               return false;
            }
            reg = st->c[k];
            break;
         }
         default: reg = temp[0]; break;
         }
         read_src(&in.src[i], reg, s[i]);
      }
      /* Sources by the slots each op reads (nv40_vp.xml srcs=). */
      float vr[4] = { 0 }, sr = 0;
      if (in.vec_op == NVISA_NV40_VP_VEC_OP_ARL) {
         /* ARL A[vec_dst], s0: floor, into the address register only */
         for (int i = 0; i < 4; i++)
            if (in.vec_mask & (1 << i))
               addr[in.vec_dst & 1][i] = (int)floorf(s[0][i]);
         if (in.sca_op != NVISA_NV40_VP_SCA_OP_NOP || in.last) {
            if (in.last)
               return true;
            snprintf(err, errlen, "VP %u: ARL paired", pc);
            return false;
         }
         continue;
      }
      bool vec = in.vec_op != NVISA_NV40_VP_VEC_OP_NOP;
      bool sca = in.sca_op != NVISA_NV40_VP_SCA_OP_NOP;
      if (vec) {
         const struct nvisa_op_info *oi = &nvisa_nv40_vp_vec_op_info[in.vec_op & 31];
         const float *ops[3];
         unsigned n = 0;
         for (unsigned i = 0; i < 3; i++)
            if (oi->srcs & (1u << i))
               ops[n++] = s[i];
         static const float zero[4];
         while (n < 3)
            ops[n++] = zero;
         if (!oi->name || !vec_op(oi->name, ops[0], ops[1], ops[2], vr)) {
            snprintf(err, errlen, "VP %u: vector op %u not modelled", pc, in.vec_op);
            return false;
         }
      }
      if (sca) {
         const struct nvisa_op_info *oi = &nvisa_nv40_vp_sca_op_info[in.sca_op & 31];
         if (!oi->name || !sca_op(oi->name, s[2][0], &sr)) {
            snprintf(err, errlen, "VP %u: scalar op %u not modelled", pc, in.sca_op);
            return false;
         }
      }
      if (in.sat) {
         for (int i = 0; i < 4; i++)
            vr[i] = sat(vr[i]);
         sr = sat(sr);
      }
      bool pass[4];
      for (int i = 0; i < 4; i++)
         pass[i] = !in.cc_test || cond_pass(in.cond, cc[in.cc_swz[i] & 3]);
      float newcc[4];
      memcpy(newcc, cc, sizeof(cc));
      for (int i = 0; i < 4; i++) {
         if (vec && (in.vec_mask & (1 << i)) && pass[i]) {
            if (in.vec_dst != NVISA_NV40_VP_DST_NONE)
               temp[in.vec_dst & 63][i] = vr[i];
            if (in.out != NVISA_NV40_VP_OUT_NONE && in.out_is_vec && in.out < 17)
               st->out[in.out][i] = vr[i];
            if (in.cc_update && in.cc_update_vec)
               newcc[i] = vr[i];
         }
         if (sca && (in.sca_mask & (1 << i)) && pass[i]) {
            if (in.sca_dst != NVISA_NV40_VP_DST_NONE)
               temp[in.sca_dst & 63][i] = sr;
            if (in.out != NVISA_NV40_VP_OUT_NONE && !in.out_is_vec && in.out < 17)
               st->out[in.out][i] = sr;
            if (in.cc_update && !in.cc_update_vec)
               newcc[i] = sr;
         }
      }
      memcpy(cc, newcc, sizeof(cc));
      if (in.last)
         return true;
   }
   snprintf(err, errlen, "VP ran past its end (no LAST)");
   return false;
}

static void
fake_texture(unsigned op_tex_kind, unsigned unit, bool is_3d, const float c[4],
             float r[4])
{
   float q = 1.0f;
   if (op_tex_kind == NVISA_NV40_FP_OP_TXP)
      q = c[3];
   r[0] = c[0] / q;
   r[1] = c[1] / q;
   r[2] = is_3d ? c[2] / q : 0.0f;
   r[3] = (float)unit;
   if (op_tex_kind == NVISA_NV40_FP_OP_TXB || op_tex_kind == NVISA_NV40_FP_OP_TXL)
      r[3] += c[3];
}

bool
nv40_test_fp_run(const uint32_t *words, unsigned num_words,
                 struct nv40_test_fp_state *st, char *err, unsigned errlen)
{
   float cc[4] = { 0 };
   unsigned w = 0;
   /* Branches, for one fragment (NV_fragment_program2 section 2.14.x
    * semantics as nv40_fp.xml encodes them): open IFs and REPs. */
   struct { bool loop, else_part; unsigned else_w, end_w, start_w; int count; }
      frame[32];
   unsigned sp = 0, steps = 0;
   while (w + 4 <= num_words) {
      if (sp) {
         if (!frame[sp - 1].loop && !frame[sp - 1].else_part &&
             w == frame[sp - 1].else_w) {
            w = frame[sp - 1].end_w;      /* then part done: skip else */
            sp--;
            continue;
         }
         if (!frame[sp - 1].loop && w == frame[sp - 1].end_w) {
            sp--;
            continue;
         }
         if (frame[sp - 1].loop && w == frame[sp - 1].end_w) {
            if (--frame[sp - 1].count > 0)
               w = frame[sp - 1].start_w;
            else
               sp--;
            continue;
         }
      }
      if (++steps > 1000000) {
         snprintf(err, errlen, "FP runs away (a million instructions)");
         return false;
      }
      struct nvisa_nv40_fp_insn in;
      if (nvisa_nv40_fp_decode(&words[w], &in) != 0) {
         snprintf(err, errlen, "FP word %u: undecodable", w);
         return false;
      }
      if (in.is_branch) {
         bool pass = in.cond == NVISA_COND_TR ||
                     cond_pass(in.cond, cc[in.cc_swz[0] & 3]);
         if (in.op == NVISA_NV40_FP_BRA_IF || in.op == NVISA_NV40_FP_BRA_REP) {
            if (sp == 32 || in.bra_end <= w || in.bra_end > num_words ||
                (in.op == NVISA_NV40_FP_BRA_IF &&
                 (in.bra_target <= w || in.bra_target > in.bra_end))) {
               snprintf(err, errlen, "FP word %u: bad branch", w);
               return false;
            }
            bool rep = in.op == NVISA_NV40_FP_BRA_REP;
            if (rep && !in.loop_count) {
               w = in.bra_end;
               continue;
            }
            frame[sp].loop = rep;
            frame[sp].else_part = !rep && !pass;
            frame[sp].else_w = in.bra_target;
            frame[sp].end_w = in.bra_end;
            frame[sp].start_w = w + 4;
            frame[sp].count = in.loop_count;
            sp++;
            w = rep || pass ? w + 4 : in.bra_target;
            continue;
         }
         if (in.op == NVISA_NV40_FP_BRA_BRK) {
            if (!pass) {
               w += 4;
               continue;
            }
            while (sp && !frame[sp - 1].loop)
               sp--;
            if (!sp) {
               snprintf(err, errlen, "FP word %u: BRK outside a loop", w);
               return false;
            }
            w = frame[--sp].end_w;
            continue;
         }
         snprintf(err, errlen, "FP word %u: branch %u not modelled", w, in.op);
         return false;
      }
      float k[4] = { 0 };
      bool has_const = nvisa_nv40_fp_has_const(&in);
      if (has_const) {
         if (w + 8 > num_words) {
            snprintf(err, errlen, "FP word %u: constant past the end", w);
            return false;
         }
         memcpy(k, &words[w + 4], 16);
      }
      float s[3][4];
      for (unsigned i = 0; i < 3; i++) {
         const float *reg;
         switch (in.src[i].file) {
         case NVISA_FILE_TEMP:
            reg = st->r[(in.src[i].half ? in.src[i].index / 2 : in.src[i].index) & 63];
            break;
         case NVISA_FILE_INPUT: reg = st->in[in.input < 15 ? in.input : 0]; break;
         case NVISA_FILE_CONST: reg = k; break;
         default: reg = k; break;
         }
         read_src(&in.src[i], reg, s[i]);
      }
      if (in.is_branch) {
         snprintf(err, errlen, "FP word %u: branch not modelled", w);
         return false;
      }
      float r[4] = { 0 };
      bool writes = true;
      const char *name = nvisa_nv40_fp_op_info[in.op & 63].name;
      if (in.op == NVISA_NV40_FP_OP_NOP) {
         writes = false;
      } else if (in.op == NVISA_NV40_FP_OP_KIL) {
         bool kill = false;
         for (int i = 0; i < 4; i++)
            kill |= cond_pass(in.cond, cc[in.cc_swz[i] & 3]);
         if (kill)
            st->killed = true;
         writes = false;
      } else if (in.op == NVISA_NV40_FP_OP_TEX || in.op == NVISA_NV40_FP_OP_TXP ||
                 in.op == NVISA_NV40_FP_OP_TXB || in.op == NVISA_NV40_FP_OP_TXL) {
         fake_texture(in.op, in.tex_unit, st->tex_3d[in.tex_unit & 15], s[0], r);
      } else if (name && vec_op(name, s[0], s[1], s[2], r)) {
         /* done */
      } else if (name && sca_op(name, s[0][0], &r[0])) {
         r[1] = r[2] = r[3] = r[0];
      } else {
         snprintf(err, errlen, "FP word %u: op %u not modelled", w, in.op);
         return false;
      }
      if (writes) {
         if (in.sat)
            for (int i = 0; i < 4; i++)
               r[i] = sat(r[i]);
         for (int i = 0; i < 4; i++) {
            if (!(in.mask & (1 << i)))
               continue;
            if (in.cond != NVISA_COND_TR && !cond_pass(in.cond, cc[in.cc_swz[i] & 3]))
               continue;
            if (!in.out_none) {
               unsigned reg = in.out_half ? in.out_reg / 2 : in.out_reg;
               st->r[reg & 63][i] = r[i];
            }
         }
         if (in.cc_update)
            for (int i = 0; i < 4; i++)
               if (in.mask & (1 << i))
                  cc[i] = r[i];
      }
      if (in.end)
         return true;
      w += has_const ? 8 : 4;
   }
   snprintf(err, errlen, "FP ran past its end (no END)");
   return false;
}
