/*
 * The vertex program fast path (issue 23): the reference's decoded
 * instructions (nv40_vp_exec.c) compiled once per program and start slot
 * into a straight list, each source's place, swizzle and modifiers
 * resolved, and run with the four components of an operand as one
 * vector (GCC/Clang vector extensions: SSE2 on x86-64).
 *
 * Same bits as the reference: a fetch is moves and the sign bit (fabsf
 * and negation are exactly that), MOV / MIN / MAX are selections, and
 * MUL, ADD, MAD, DP3, DPH and DP4 are the reference's expressions, lane
 * by lane, in its order.  NaN: when both operands of a * b or a + b are
 * NaN, x86's SSE returns the first one, and which one comes first is the
 * compiler's choice, not the C source's (nv40_fp_quad.c has the same
 * note); so a result with a NaN in any component is computed again by
 * the reference's own nvsim_nv40_vp_exec_vec, the same code as the
 * reference runs.  Every other op, the scalar slot, the condition mask
 * and the rankine clip outputs are the reference's functions.
 *
 * Covered: programs without flow control (BRA, CAL, RET) and PUSHA/POPA
 * that reach an instruction with LAST from the start slot through valid
 * instructions; others run on the reference (nvsim_nv40_vp_run).
 */
#include <stdlib.h>
#include <string.h>

#include "nv40_vp_priv.h"

#define VP(x) NVISA_NV40_VP_##x

typedef float vf4 __attribute__((vector_size(16)));
typedef int32_t vi4 __attribute__((vector_size(16)));

/* The register files a run reads, by kind: the first three are one
 * array each, found once per run (vf_run's base[]). */
enum vf_kind {
   VF_ZERO,          /* no register file: reads 0 */
   VF_TEMP,
   VF_INPUT,         /* index checked at compile */
   VF_CONST,         /* index checked at compile */
   VF_INPUT_IDX,     /* index + A[addr_reg].addr_swz, checked per run */
   VF_CONST_IDX,
};

struct vf_src {
   uint8_t kind;
   bool ident;       /* swizzle xyzw */
   bool mod;         /* abs or neg */
   uint8_t swz[4];
   uint16_t index;   /* temp slot, input or constant (indexed: the base) */
   vi4 and_mask;     /* abs: clears the sign bits */
   vi4 xor_mask;     /* neg: flips them */
};

enum vf_vec {
   VF_VEC_NOP,
   VF_VEC_MOV,
   VF_VEC_MUL,
   VF_VEC_ADD,
   VF_VEC_MAD,
   VF_VEC_DP3,
   VF_VEC_DPH,
   VF_VEC_DP4,
   VF_VEC_MIN,
   VF_VEC_MAX,
   VF_VEC_REF,       /* the reference's nvsim_nv40_vp_exec_vec */
};

/* where a result goes, the reference's write_result resolved */
struct vf_dst {
   bool any;         /* something to do at all */
   bool simple;      /* no condition test, CC update, saturation or clip */
   uint8_t temp;     /* slot, or 0xff */
   uint8_t mask;     /* temp mask */
   uint8_t out;      /* output, or 0xff */
   uint8_t out_mask;
   vi4 lanes;        /* the temp mask as lanes of all ones */
   vi4 out_lanes;
};

struct vf_op {
   const struct nvsim_nv40_vp_op *op;
   uint8_t srcs;
   uint8_t vec;      /* enum vf_vec */
   bool sca;         /* a scalar op runs */
   bool cc_test;
   struct vf_dst dst[2];   /* [0] vector, [1] scalar */
   struct vf_src src[3];
};

struct nvsim_vp_fast {
   unsigned start;
   unsigned num;
   unsigned temp_slots;    /* temps a run clears: 0 .. the last one read */
   struct vf_op ops[];
};

static void
compile_src(struct vf_src *s, const struct nvisa_nv40_vp_insn *insn,
            unsigned i, unsigned *temps)
{
   const struct nvisa_src *src = &insn->src[i];

   memset(s, 0, sizeof(*s));
   s->kind = VF_ZERO;
   s->index = 0;
   switch (src->file) {
   case NVISA_FILE_TEMP:
      s->kind = VF_TEMP;
      s->index = src->index % NVSIM_VP_TEMP_SLOTS;
      if (s->index + 1u > *temps)
         *temps = s->index + 1u;
      break;
   case NVISA_FILE_INPUT:
      s->index = insn->input;
      if (insn->input_indexed)
         s->kind = VF_INPUT_IDX;
      else if (insn->input < VP(NUM_INPUTS))
         s->kind = VF_INPUT;
      else
         s->index = 0;
      break;
   case NVISA_FILE_CONST:
      s->index = insn->constant;
      if (insn->const_indexed)
         s->kind = VF_CONST_IDX;
      else if (insn->constant < VP(NUM_CONSTS))
         s->kind = VF_CONST;
      else
         s->index = 0;
      break;
   default:
      break;
   }
   s->ident = true;
   for (unsigned c = 0; c < 4; c++) {
      s->swz[c] = src->swz[c] & 3;
      if (s->swz[c] != c)
         s->ident = false;
   }
   s->mod = src->abs || src->neg;
   int32_t and_m = src->abs ? 0x7fffffff : -1;
   int32_t xor_m = src->neg ? (int32_t)0x80000000u : 0;
   s->and_mask = (vi4){ and_m, and_m, and_m, and_m };
   s->xor_mask = (vi4){ xor_m, xor_m, xor_m, xor_m };
}

static void
compile_dst(struct vf_dst *d, const struct nvsim_nv40_vp_op *op, bool vec)
{
   const struct nvisa_nv40_vp_insn *insn = &op->insn;
   uint8_t dst = vec ? insn->vec_dst : insn->sca_dst;

   d->mask = vec ? insn->vec_mask : insn->sca_mask;
   d->out_mask = op->out_mask[vec ? 0 : 1];
   d->temp = dst != VP(DST_NONE) && d->mask ? dst % NVSIM_VP_TEMP_SLOTS : 0xff;
   d->out = d->out_mask ? insn->out : 0xff;
   bool cc = insn->cc_update && insn->cc_update_vec == vec;
   d->simple = !insn->cc_test && !cc && !insn->sat && !op->clip;
   for (unsigned c = 0; c < 4; c++) {
      d->lanes[c] = (d->mask >> c & 1) ? -1 : 0;
      d->out_lanes[c] = (d->out_mask >> c & 1) ? -1 : 0;
   }
   d->any = d->temp != 0xff || d->out != 0xff || !d->simple;
}

void
nvsim_nv40_vp_compile_fast(struct nvsim_nv40_vp_prog *prog, unsigned start)
{
   free(prog->fast);
   prog->fast = NULL;
   if (!prog->ops)
      return;

   /* the straight run from start to LAST */
   unsigned n = 0;
   for (unsigned pc = start;; pc++) {
      if (pc >= prog->num_slots)
         return;
      const struct nvsim_nv40_vp_op *op = &prog->ops[pc];
      if (!op->valid)
         return;
      uint8_t sca = op->insn.sca_op;
      if ((nvisa_nv40_vp_sca_op_info[sca].flags & NVISA_OP_BRANCH) ||
          sca == VP(SCA_OP_PUSHA) || sca == VP(SCA_OP_POPA))
         return;
      n++;
      if (op->insn.last)
         break;
   }

   struct nvsim_vp_fast *f = aligned_alloc(16, (sizeof(*f) + n *
                                                sizeof(f->ops[0]) + 15) &
                                               ~(size_t)15);
   if (!f)
      return;   /* the reference runs */
   f->start = start;
   f->num = n;
   f->temp_slots = 0;
   for (unsigned i = 0; i < n; i++) {
      const struct nvsim_nv40_vp_op *op = &prog->ops[start + i];
      const struct nvisa_nv40_vp_insn *insn = &op->insn;
      struct vf_op *o = &f->ops[i];

      memset(o, 0, sizeof(*o));
      o->op = op;
      o->srcs = op->srcs;
      for (unsigned s = 0; s < 3; s++)
         if (op->srcs & (1u << s))
            compile_src(&o->src[s], insn, s, &f->temp_slots);
      switch (insn->vec_op) {
      case VP(VEC_OP_NOP): o->vec = VF_VEC_NOP; break;
      case VP(VEC_OP_MOV): o->vec = VF_VEC_MOV; break;
      case VP(VEC_OP_MUL): o->vec = VF_VEC_MUL; break;
      case VP(VEC_OP_ADD): o->vec = VF_VEC_ADD; break;
      case VP(VEC_OP_MAD): o->vec = VF_VEC_MAD; break;
      case VP(VEC_OP_DP3): o->vec = VF_VEC_DP3; break;
      case VP(VEC_OP_DPH): o->vec = VF_VEC_DPH; break;
      case VP(VEC_OP_DP4): o->vec = VF_VEC_DP4; break;
      case VP(VEC_OP_MIN): o->vec = VF_VEC_MIN; break;
      case VP(VEC_OP_MAX): o->vec = VF_VEC_MAX; break;
      default: o->vec = VF_VEC_REF; break;
      }
      o->sca = insn->sca_op != VP(SCA_OP_NOP);
      o->cc_test = insn->cc_test;
      compile_dst(&o->dst[0], op, true);
      compile_dst(&o->dst[1], op, false);
   }
   prog->fast = f;
}

/* zeros for the sources that read none: as many as an index may name */
static const float vf_zero[4];

static inline vi4
load_src(const struct vf_src *s, const float *const base[4],
         const struct nvsim_vp_state *st, const struct nvsim_nv40_vp_io *io,
         const struct nvisa_nv40_vp_insn *insn)
{
   const float *v;

   if (__builtin_expect(s->kind <= VF_CONST, 1)) {
      v = base[s->kind] + 4 * s->index;
   } else {
      /* out-of-range relative reads return 0 (the reference's fetch) */
      int idx = s->index + st->addr[insn->addr_reg & 1][insn->addr_swz & 3];
      v = vf_zero;
      if (s->kind == VF_INPUT_IDX) {
         if (idx >= 0 && idx < VP(NUM_INPUTS))
            v = io->attr[idx];
      } else {
         if (idx >= 0 && idx < VP(NUM_CONSTS))
            v = io->consts[idx];
      }
   }
   vi4 r;
   if (s->ident) {
      memcpy(&r, v, sizeof(r));
   } else {
      int32_t w[4];
      for (unsigned c = 0; c < 4; c++)
         memcpy(&w[c], &v[s->swz[c]], sizeof(w[c]));
      r = (vi4){ w[0], w[1], w[2], w[3] };
   }
   if (s->mod)
      r = (r & s->and_mask) ^ s->xor_mask;
   return r;
}

static inline vf4
as_f(vi4 v)
{
   vf4 f;
   memcpy(&f, &v, sizeof(f));
   return f;
}

static inline vi4
as_i(vf4 v)
{
   vi4 i;
   memcpy(&i, &v, sizeof(i));
   return i;
}

static inline bool
any_nan(vf4 v)
{
   vi4 m = v != v;
   return (m[0] | m[1] | m[2] | m[3]) != 0;
}

/* The vector slot; false if it writes nothing. */
static inline bool
run_vec(const struct vf_op *o, struct nvsim_vp_state *st, const vi4 s[3],
        vf4 *res)
{
   vf4 a = as_f(s[0]), b = as_f(s[1]), c = as_f(s[2]), r;
   float d;

   switch (o->vec) {
   case VF_VEC_NOP:
      return false;
   case VF_VEC_MOV:
      *res = a;
      return true;
   case VF_VEC_MIN: {
      vi4 m = a < b;
      *res = as_f((m & s[0]) | (~m & s[1]));
      return true;
   }
   case VF_VEC_MAX: {
      vi4 m = a > b;
      *res = as_f((m & s[0]) | (~m & s[1]));
      return true;
   }
   case VF_VEC_MUL:
      r = a * b;
      break;
   case VF_VEC_ADD:
      /* sources 0 and 2, as the reference */
      r = a + c;
      break;
   case VF_VEC_MAD:
      r = a * b + c;
      break;
   case VF_VEC_DP3:
      d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
      r = (vf4){ d, d, d, d };
      break;
   case VF_VEC_DPH:
      d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + b[3];
      r = (vf4){ d, d, d, d };
      break;
   case VF_VEC_DP4:
      d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
      r = (vf4){ d, d, d, d };
      break;
   default: {
      float f[3][4], out[4];
      memcpy(f, s, sizeof(f));
      bool w = nvsim_nv40_vp_exec_vec(st, &o->op->insn, f[0], f[1], f[2],
                                      out);
      memcpy(res, out, sizeof(out));
      return w;
   }
   }
   if (__builtin_expect(any_nan(r), 0)) {
      /* which NaN: the reference's own code decides */
      float f[3][4], out[4];
      memcpy(f, s, sizeof(f));
      nvsim_nv40_vp_exec_vec(st, &o->op->insn, f[0], f[1], f[2], out);
      memcpy(&r, out, sizeof(out));
   }
   *res = r;
   return true;
}

/* The reference's write_result without its conditions: no test, CC
 * update, saturation or clip output. */
static inline void
write_simple(const struct vf_dst *d, struct nvsim_vp_state *st,
             struct nvsim_nv40_vp_io *io, vf4 v)
{
   vi4 n = as_i(v);
   if (d->temp != 0xff) {
      float *t = st->temp[d->temp];
      vi4 o;
      memcpy(&o, t, sizeof(o));
      o = (o & ~d->lanes) | (n & d->lanes);
      memcpy(t, &o, sizeof(o));
   }
   if (d->out != 0xff) {
      float *t = io->out[d->out];
      vi4 o;
      memcpy(&o, t, sizeof(o));
      o = (o & ~d->out_lanes) | (n & d->out_lanes);
      memcpy(t, &o, sizeof(o));
      io->out_written |= 1u << d->out;
   }
}

static inline void
write_dst(const struct vf_op *o, unsigned k, struct nvsim_vp_state *st,
          struct nvsim_nv40_vp_io *io, vf4 v, uint8_t cmask)
{
   const struct vf_dst *d = &o->dst[k];
   if (!d->any)
      return;
   if (d->simple) {
      write_simple(d, st, io, v);
   } else {
      float f[4];
      memcpy(f, &v, sizeof(f));
      nvsim_nv40_vp_write_result(st, io, o->op, k == 0, f, cmask);
   }
}

int
nvsim_nv40_vp_run_fast(const struct nvsim_nv40_vp_prog *prog, unsigned start,
                       struct nvsim_nv40_vp_io *io)
{
   const struct nvsim_vp_fast *f = prog->fast;
   if (!f || f->start != start || !io->attr || !io->consts)
      return nvsim_nv40_vp_run(prog, start, io);

   struct nvsim_vp_state st;

   for (unsigned i = 0; i < VP(NUM_OUTPUTS); i++) {
      io->out[i][0] = io->out[i][1] = io->out[i][2] = 0.0f;
      io->out[i][3] = 1.0f;
   }
   io->out_written = 0;
   /* xf/isa.rst: temporaries are all-0 at the start of every program;
    * the ones the program never reads need not be */
   memset(st.temp, 0, f->temp_slots * sizeof(st.temp[0]));
   memset(st.addr, 0, sizeof(st.addr));
   memset(st.cc, NVISA_COND_EQ, sizeof(st.cc));
   st.io = io;
   const float *const base[4] = {
      [VF_ZERO] = vf_zero, [VF_TEMP] = &st.temp[0][0],
      [VF_INPUT] = &io->attr[0][0], [VF_CONST] = &io->consts[0][0],
   };

   for (unsigned i = 0; i < f->num; i++) {
      const struct vf_op *o = &f->ops[i];
      const struct nvisa_nv40_vp_insn *insn = &o->op->insn;
      uint8_t cmask = o->cc_test ? nvsim_nv40_vp_cond_mask(&st, insn) : 0xf;
      vi4 s[3] = { { 0 }, { 0 }, { 0 } };
      vf4 vr, sr;

      if (o->srcs & 1)
         s[0] = load_src(&o->src[0], base, &st, io, insn);
      if (o->srcs & 2)
         s[1] = load_src(&o->src[1], base, &st, io, insn);
      if (o->srcs & 4)
         s[2] = load_src(&o->src[2], base, &st, io, insn);

      bool vw = run_vec(o, &st, s, &vr);
      bool sw = false;
      if (o->sca) {
         float in[4], out[4];
         memcpy(in, &s[2], sizeof(in));
         sw = nvsim_nv40_vp_exec_sca(insn, in, out);
         memcpy(&sr, out, sizeof(out));
      }
      /* both slots read their sources before either writes */
      if (vw)
         write_dst(o, 0, &st, io, vr, cmask);
      if (sw)
         write_dst(o, 1, &st, io, sr, cmask);
   }
   io->steps = f->num;
   return 0;
}
