/*
 * The fragment program fast path (issue 23): the compact form of
 * nv40_fp_decode.c run on the quad's four fragments together.
 *
 * The register file is the reference's (raw 32-bit words, H2n and H2n+1
 * the halves of Rn: nv40_fp_exec.c), laid out [slot][component][fragment]
 * so that each component of an operand is one vector of four words, one
 * per fragment (GCC/Clang vector extensions: SSE2 on x86-64), and so are
 * the inputs the program reads, transposed once per quad.  Every operation is the reference's, in the
 * same order and precision, so each fragment gets the same bits: the
 * arithmetic below is exec_alu's expressions over four lanes, fp16 goes
 * through nv40_fp16.h (the reference conversions' bits by integer
 * operations), and the rarer ops call the reference's own arithmetic
 * (nvsim_nv40_fp_alu) fragment by fragment.  Fragments outside the
 * executing mask are computed too (no side effect) but never written.
 *
 * NaN: when both operands of a commutative operation (a * b, a + b) are
 * NaN, x86's SSE returns the first one, and which one comes first is the
 * compiler's choice, not the C source's; the reference's code and this
 * file's may be compiled either way.  Any other result is the same
 * whatever the order.  So a fragment whose result of MUL, ADD, MAD, DP2A,
 * DP3, DP4 or LRP is a NaN in any component (rare) is computed again by
 * the reference's own arithmetic (nvsim_nv40_fp_alu): the same code, so
 * the same bits.
 */
#include <math.h>
#include <string.h>

#include "nv40_fp16.h"
#include "nv40_fp_priv.h"
#include "nv40_shader_priv.h"

#define FP(x) NVISA_NV40_FP_##x
/* Lanes of a and b picked by constant indices (b's from 4): GCC 12 and
 * clang both have __builtin_shufflevector; clang, whose libFuzzer builds
 * the fuzz targets, has no __builtin_shuffle. */
#define FQ_SHUF(a, b, i, j, k, l) __builtin_shufflevector(a, b, i, j, k, l)

typedef fp16_f4 f4;
typedef fp16_i4 i4;

/* a quad's operand or result: one vector per component, lane f the
 * fragment f */
typedef f4 fq_vec[4];

struct fq_state {
   i4 reg[NVSIM_FP_REG_SLOTS][4];          /* [slot][comp], lane: frag */
   f4 in[NVISA_NV40_FP_NUM_INPUTS][4];     /* the inputs read, transposed */
   uint8_t cc[4][4];                       /* [comp][frag] */
};

/* lane f all ones where bit f of the index is set */
static const i4 lane_mask[16] = {
#define L(m) { -((m) & 1), -(((m) >> 1) & 1), -(((m) >> 2) & 1), \
               -(((m) >> 3) & 1) }
   L(0), L(1), L(2), L(3), L(4), L(5), L(6), L(7),
   L(8), L(9), L(10), L(11), L(12), L(13), L(14), L(15),
#undef L
};

static inline f4
splat(float x)
{
   return (f4){ x, x, x, x };
}

/* the bits of lanes (bit f: lane f) whose mask lane is all ones */
static inline unsigned
lanes_of(i4 m)
{
   return (m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8);
}

static inline f4
select_f4(i4 m, f4 a, f4 b)
{
   return (f4)fp16_select(m, (i4)a, (i4)b);
}

static void
fq_fetch(const struct fq_state *st, const struct nvsim_fp_fsrc *s, fq_vec r)
{
   switch (s->kind) {
   case FSRC_R32:
      for (unsigned c = 0; c < 4; c++)
         r[c] = (f4)st->reg[s->slot][s->comp[c]];
      break;
   case FSRC_H16:
      for (unsigned c = 0; c < 4; c++)
         r[c] = (f4)fp16v_to_fp32_bits(
            (st->reg[s->slot][s->comp[c]] >> s->shift[c]) & 0xffff);
      break;
   case FSRC_INPUT:
      for (unsigned c = 0; c < 4; c++)
         r[c] = st->in[s->input][s->comp[c]];
      break;
   default:   /* FSRC_CONST: abs and neg are in k already */
      for (unsigned c = 0; c < 4; c++)
         r[c] = splat(s->k[c]);
      return;
   }
   if (s->mods)
      for (unsigned c = 0; c < 4; c++)
         r[c] = (f4)(((i4)r[c] & (int32_t)s->abs_and) ^ (int32_t)s->neg_xor);
}

/* Fragments (bit f) for which the condition passes on component c. */
static unsigned
fq_cc_lanes(const struct fq_state *st, const struct nvsim_fp_fop *op,
            unsigned c)
{
   if (op->cond == NVISA_COND_TR)
      return 0xf;
   unsigned m = 0;
   for (unsigned f = 0; f < 4; f++)
      if (nvsim_cc_test(op->cond, st->cc[op->cc_swz[c]][f]))
         m |= 1u << f;
   return m;
}

/* Fragments of mask for which the condition passes on any component
 * (the reference's cond_any). */
static unsigned
fq_cond_any(const struct fq_state *st, const struct nvsim_fp_fop *op,
            unsigned mask)
{
   unsigned any = 0;
   for (unsigned c = 0; c < 4; c++)
      any |= fq_cc_lanes(st, op, c);
   return any & mask;
}

static inline void
fq_store(i4 *dst, i4 v, unsigned lanes)
{
   *dst = lanes == 0xf ? v : fp16_select(lane_mask[lanes], v, *dst);
}

/* The reference's write_result, for the fragments of active. */
static void
fq_write(struct fq_state *st, const struct nvsim_fp_fop *op, fq_vec res,
         unsigned active)
{
   if (op->plain) {
      for (unsigned c = 0; c < 4; c++)
         if (op->mask & (1u << c))
            fq_store(&st->reg[op->slot][c], (i4)res[c], active);
      return;
   }

   unsigned lanes[4];
   for (unsigned c = 0; c < 4; c++)
      lanes[c] = op->mask & (1u << c) ? active & fq_cc_lanes(st, op, c) : 0;

   /* scale (none at 1x: packed values keep their bits), precision,
    * saturation */
   for (unsigned c = 0; c < 4; c++) {
      if (!lanes[c])
         continue;
      f4 x = op->scaled ? res[c] * op->scale : res[c];
      switch (op->precision) {
      case FP(PRECISION_FP32):
         break;
      case FP(PRECISION_FP16):
         x = (f4)fp16v_round_fp32_bits((i4)x);
         break;
      default:
         for (unsigned f = 0; f < 4; f++)
            x[f] = nvsim_nv40_fp_quantize(x[f], op->precision);
         break;
      }
      if (op->sat) {
         /* nvsim_sat: NaN and <= 0 give +0, > 1 gives 1 */
         x = (f4)((i4)x & (x > 0.0f));
         x = select_f4(x > 1.0f, splat(1.0f), x);
      }
      res[c] = x;
   }

   if (!op->out_none && !op->out_half) {
      for (unsigned c = 0; c < 4; c++)
         if (lanes[c])
            fq_store(&st->reg[op->slot][c], (i4)res[c], lanes[c]);
   } else if (!op->out_none) {
      for (unsigned c = 0; c < 4; c++) {
         if (!lanes[c])
            continue;
         i4 *w = &st->reg[op->slot][op->hbase + c / 2];
         int sh = (c & 1) * 16;
         fp16_u4 h = (fp16_u4)fp16v_from_fp32_bits((i4)res[c]);
         i4 nw = (i4)(((fp16_u4)*w & ~(0xffffu << sh)) | (h << sh));
         fq_store(w, nw, lanes[c]);
      }
   }
   if (op->cc_update) {
      /* the code follows the value as written: fp16 in an H register */
      bool h = op->out_half && !op->out_none;
      for (unsigned c = 0; c < 4; c++) {
         if (!lanes[c])
            continue;
         f4 x = h ? (f4)fp16v_round_fp32_bits((i4)res[c]) : res[c];
         for (unsigned f = 0; f < 4; f++)
            if (lanes[c] & (1u << f))
               st->cc[c][f] = nvsim_cc_code(x[f]);
      }
   }
}

static inline f4
fq_min(f4 a, f4 b)
{
   return select_f4(a < b, a, b);
}

static inline f4
fq_max(f4 a, f4 b)
{
   return select_f4(a > b, a, b);
}

static inline f4
fq_set(i4 m)
{
   return (f4)(m & (i4)splat(1.0f));
}

/* exec_alu's arithmetic over the four fragments. */
static void
fq_alu(unsigned op, fq_vec a, fq_vec b, fq_vec d, fq_vec r)
{
   f4 v;

   switch (op) {
   case FP(OP_MOV):
      memcpy(r, a, sizeof(fq_vec));
      return;
   case FP(OP_MUL):
      for (unsigned c = 0; c < 4; c++) r[c] = a[c] * b[c];
      return;
   case FP(OP_ADD):
      for (unsigned c = 0; c < 4; c++) r[c] = a[c] + b[c];
      return;
   case FP(OP_MAD):
      for (unsigned c = 0; c < 4; c++) r[c] = a[c] * b[c] + d[c];
      return;
   case FP(OP_DP3):
      v = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
      break;
   case FP(OP_DP4):
      v = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
      break;
   case FP(OP_DP2A):
      v = a[0] * b[0] + a[1] * b[1] + d[0];
      break;
   case FP(OP_MIN):
      for (unsigned c = 0; c < 4; c++) r[c] = fq_min(a[c], b[c]);
      return;
   case FP(OP_MAX):
      for (unsigned c = 0; c < 4; c++) r[c] = fq_max(a[c], b[c]);
      return;
   case FP(OP_SLT): for (unsigned c = 0; c < 4; c++) r[c] = fq_set(a[c] < b[c]); return;
   case FP(OP_SGE): for (unsigned c = 0; c < 4; c++) r[c] = fq_set(a[c] >= b[c]); return;
   case FP(OP_SLE): for (unsigned c = 0; c < 4; c++) r[c] = fq_set(a[c] <= b[c]); return;
   case FP(OP_SGT): for (unsigned c = 0; c < 4; c++) r[c] = fq_set(a[c] > b[c]); return;
   case FP(OP_SNE): for (unsigned c = 0; c < 4; c++) r[c] = fq_set(a[c] != b[c]); return;
   case FP(OP_SEQ): for (unsigned c = 0; c < 4; c++) r[c] = fq_set(a[c] == b[c]); return;
   case FP(OP_FRC):
      for (unsigned c = 0; c < 4; c++)
         for (unsigned f = 0; f < 4; f++) {
            float x = a[c][f] - floorf(a[c][f]);
            r[c][f] = x == 0.0f ? 0.0f : x;
         }
      return;
   case FP(OP_FLR):
      for (unsigned c = 0; c < 4; c++)
         for (unsigned f = 0; f < 4; f++)
            r[c][f] = floorf(a[c][f]);
      return;
   case FP(OP_RCP):
      v = splat(1.0f) / a[0];
      break;
   case FP(OP_RSQ):
      for (unsigned f = 0; f < 4; f++)
         v[f] = 1.0f / sqrtf(fabsf(a[0][f]));
      break;
   case FP(OP_DIV):
      for (unsigned c = 0; c < 4; c++) r[c] = a[c] / b[0];
      return;
   case FP(OP_LRP):
      for (unsigned c = 0; c < 4; c++)
         r[c] = a[c] * b[c] + (splat(1.0f) - a[c]) * d[c];
      return;
   default:
      return;
   }
   r[0] = r[1] = r[2] = r[3] = v;
}

/* The fragments of active whose result has a NaN component. */
static unsigned
fq_nan_lanes(fq_vec r, unsigned active)
{
   i4 m = (r[0] != r[0]) | (r[1] != r[1]) | (r[2] != r[2]) | (r[3] != r[3]);
   return lanes_of(m) & active;
}

/* The other ops, and the NaN fragments of some: the reference's
 * arithmetic, fragment by fragment, for the fragments of lanes. */
static void
fq_alu_ref(unsigned op, fq_vec a, fq_vec b, fq_vec d, fq_vec r,
           unsigned lanes)
{
   for (unsigned f = 0; f < 4; f++) {
      float s0[4], s1[4], s2[4], v[4];
      if (!(lanes & (1u << f)))
         continue;
      for (unsigned c = 0; c < 4; c++) {
         s0[c] = a[c][f];
         s1[c] = b[c][f];
         s2[c] = d[c][f];
      }
      nvsim_nv40_fp_alu(op, s0, s1, s2, v);
      for (unsigned c = 0; c < 4; c++)
         r[c][f] = v[c];
   }
}

/* The reference's exec_tex: the same request, the same call. */
static void
fq_tex(struct fq_state *st, const struct nvsim_fp_fop *op,
       const struct nvsim_nv40_fp_env *env, unsigned active)
{
   struct nvsim_tex_request req;
   float res[4][4];
   fq_vec s, r;

   memset(res, 0, sizeof(res));   /* the fragments not sampled */
   memset(&req, 0, sizeof(req));
   req.unit = op->tex_unit;
   req.op = op->op;
   req.mask = active;
   fq_fetch(st, &op->src[0], s);
   if (op->op == FP(OP_TXP))
      for (unsigned c = 0; c < 3; c++)
         s[c] /= s[3];
   for (unsigned f = 0; f < 4; f++)
      for (unsigned c = 0; c < 4; c++)
         req.coord[f][c] = s[c][f];
   if (op->op == FP(OP_TXB) || op->op == FP(OP_TXL))
      for (unsigned f = 0; f < 4; f++)
         req.lod[f] = s[3][f];
   if (op->op == FP(OP_TXD)) {
      fq_vec dx, dy;
      fq_fetch(st, &op->src[1], dx);
      fq_fetch(st, &op->src[2], dy);
      for (unsigned f = 0; f < 4; f++)
         for (unsigned c = 0; c < 4; c++) {
            req.ddx[f][c] = dx[c][f];
            req.ddy[f][c] = dy[c][f];
         }
   } else {
      for (unsigned c = 0; c < 4; c++) {
         /* x: right minus left of each row; y: bottom minus top of
          * each column (fragments 0 1 / 2 3) */
         f4 dx = FQ_SHUF(s[c], s[c], 1, 1, 3, 3) -
                 FQ_SHUF(s[c], s[c], 0, 0, 2, 2);
         f4 dy = FQ_SHUF(s[c], s[c], 2, 3, 2, 3) -
                 FQ_SHUF(s[c], s[c], 0, 1, 0, 1);
         for (unsigned f = 0; f < 4; f++) {
            req.ddx[f][c] = dx[f];
            req.ddy[f][c] = dy[f];
         }
      }
   }
   if (env && env->tex) {
      env->tex(env->tex_data, &req, res);
   } else {
      for (unsigned f = 0; f < 4; f++) {
         res[f][0] = res[f][1] = res[f][2] = 0.0f;
         res[f][3] = 1.0f;
      }
   }
   for (unsigned c = 0; c < 4; c++)
      r[c] = (f4){ res[0][c], res[1][c], res[2][c], res[3][c] };
   fq_write(st, op, r, active);
}

/* DDX / DDY: x and y differenced, z and w 0 (the reference's
 * exec_derivative, nvfx_shader.h "can only write XY"). */
static void
fq_deriv(struct fq_state *st, const struct nvsim_fp_fop *op,
         unsigned active)
{
   fq_vec s, r;

   fq_fetch(st, &op->src[0], s);
   for (unsigned c = 0; c < 2; c++) {
      if (op->op == FP(OP_DDX))
         r[c] = FQ_SHUF(s[c], s[c], 1, 1, 3, 3) -
                FQ_SHUF(s[c], s[c], 0, 0, 2, 2);
      else
         r[c] = FQ_SHUF(s[c], s[c], 2, 3, 2, 3) -
                FQ_SHUF(s[c], s[c], 0, 1, 0, 1);
   }
   r[2] = splat(0.0f);
   r[3] = splat(0.0f);
   fq_write(st, op, r, active);
}

/* m[0..3] <- its transpose (rows become columns) */
static inline void
fq_transpose(f4 m[4])
{
   f4 t0 = FQ_SHUF(m[0], m[1], 0, 4, 1, 5);
   f4 t1 = FQ_SHUF(m[0], m[1], 2, 6, 3, 7);
   f4 t2 = FQ_SHUF(m[2], m[3], 0, 4, 1, 5);
   f4 t3 = FQ_SHUF(m[2], m[3], 2, 6, 3, 7);
   m[0] = FQ_SHUF(t0, t2, 0, 1, 4, 5);
   m[1] = FQ_SHUF(t0, t2, 2, 3, 6, 7);
   m[2] = FQ_SHUF(t1, t3, 0, 1, 4, 5);
   m[3] = FQ_SHUF(t1, t3, 2, 3, 6, 7);
}

static void
fq_read_outputs(const struct fq_state *st,
                const struct nvsim_nv40_fp_prog *prog,
                struct nvsim_nv40_fp_io *io)
{
   unsigned num_rt = io->num_rt < NVSIM_NV40_FP_NUM_RT ? io->num_rt :
                                                         NVSIM_NV40_FP_NUM_RT;
   for (unsigned rt = 0; rt < num_rt; rt++) {
      fq_vec v;
      /* colour 0: H0 or R0; render targets 1-3: H4, H6, H8 */
      if (rt == 0 && !prog->color_half) {
         for (unsigned c = 0; c < 4; c++)
            v[c] = (f4)st->reg[0][c];
      } else {
         unsigned slot = rt == 0 ? 0 : rt + 1;
         for (unsigned c = 0; c < 4; c++)
            v[c] = (f4)fp16v_to_fp32_bits(
               (st->reg[slot][c / 2] >> ((c & 1) * 16)) & 0xffff);
      }
      fq_transpose(v);   /* [frag][comp] */
      for (unsigned f = 0; f < 4; f++)
         memcpy(io->color + f * io->color_stride + rt * io->color_rt_stride,
                &v[f], sizeof(v[f]));
   }
   f4 depth = (f4)st->reg[1][2];
   memcpy(io->depth, &depth, sizeof(io->depth));
}

/* The reference run of io's quad (programs with flow control). */
static int
fq_run_reference(const struct nvsim_nv40_fp_prog *prog,
                 struct nvsim_nv40_fp_io *io,
                 const struct nvsim_nv40_fp_env *env)
{
   struct nvsim_nv40_fp_quad q;

   for (unsigned f = 0; f < 4; f++)
      for (unsigned i = 0; i < FP(NUM_INPUTS); i++)
         memcpy(q.in[f][i], io->in + f * io->in_stride + 4 * i,
                sizeof(q.in[f][i]));
   q.mask = io->mask;
   int r = nvsim_nv40_fp_run_quad(prog, &q, env);
   io->mask = q.mask;
   io->steps = q.steps;
   if (r < 0)
      return r;   /* outputs untouched, as the caller's reference path */
   for (unsigned f = 0; f < 4; f++) {
      for (unsigned rt = 0; rt < NVSIM_NV40_FP_NUM_RT && rt < io->num_rt; rt++)
         memcpy(io->color + f * io->color_stride + rt * io->color_rt_stride,
                q.color[rt][f], sizeof(q.color[rt][f]));
      io->depth[f] = q.depth[f];
   }
   return r;
}

int
nvsim_nv40_fp_run_quad_fast(const struct nvsim_nv40_fp_prog *prog,
                            struct nvsim_nv40_fp_io *io,
                            const struct nvsim_nv40_fp_env *env)
{
   const struct nvsim_fp_fast *fast = prog->fast;
   struct fq_state st;
   unsigned active = 0xf;    /* helpers run too, for derivatives */
   unsigned killed = 0;

   if (!fast || prog->reg_slots > NVSIM_FP_REG_SLOTS)
      return fq_run_reference(prog, io, env);

   /* registers start at 0, the condition code at EQ (as the reference:
    * only the registers the program can reach are cleared) */
   memset(st.reg, 0, prog->reg_slots * sizeof(st.reg[0]));
   memset(st.cc, NVISA_COND_EQ, sizeof(st.cc));
   for (uint32_t m = fast->inputs; m; m &= m - 1) {
      unsigned i = __builtin_ctz(m);
      for (unsigned f = 0; f < 4; f++)
         memcpy(&st.in[i][f], io->in + f * io->in_stride + 4 * i,
                sizeof(st.in[i][f]));
      fq_transpose(st.in[i]);   /* [comp], lane: frag */
   }

   for (unsigned i = 0; i < fast->num_ops && active; i++) {
      const struct nvsim_fp_fop *op = &fast->ops[i];
      fq_vec s[3], r;

      switch (op->kind) {
      case FOP_NOP:
         break;
      case FOP_KIL: {
         unsigned k = fq_cond_any(&st, op, active);
         killed |= k;
         active &= ~k;
         break;
      }
      case FOP_TEX:
         fq_tex(&st, op, env, active);
         break;
      case FOP_DERIV:
         fq_deriv(&st, op, active);
         break;
      default:
         for (unsigned k = 0; k < 3; k++) {
            if (op->srcs & (1u << k))
               fq_fetch(&st, &op->src[k], s[k]);
            else
               memset(s[k], 0, sizeof(s[k]));
         }
         if (op->kind == FOP_ALU) {
            fq_alu(op->op, s[0], s[1], s[2], r);
            unsigned nan = op->nan_check ? fq_nan_lanes(r, active) : 0;
            if (nan)
               fq_alu_ref(op->op, s[0], s[1], s[2], r, nan);
         } else {
            memset(r, 0, sizeof(r));   /* the lanes not computed */
            fq_alu_ref(op->op, s[0], s[1], s[2], r, active);
         }
         fq_write(&st, op, r, active);
         break;
      }
   }
   io->steps = fast->num_ops;
   fq_read_outputs(&st, prog, io);
   io->mask &= ~killed;
   return 0;
}
