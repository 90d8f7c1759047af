/*
 * The Tesla interpreter's fast path (issue 23): the same machine as
 * g80_exec.c's step(), executed from the decoded instructions of
 * g80_exec_decode.c instead of decoding each one where it runs, over the
 * lanes the warp has instead of all 32, and with the commonest forms
 * (moves and f32 add/mul/mad with register, immediate and direct c[]
 * sources into a full register) executed here without the per-lane
 * operand switch.  Everything else goes through the reference's own
 * g80_run_exec_lane / _tex / _control, so results, faults and their
 * messages are the reference's; NVSIM_REFERENCE=1 runs step() only, and
 * g80_exec_fast_test compares the two on random programs.
 */
#include <string.h>

#include "g80_exec_priv.h"
#include "g80_exec_fastf32.h"

enum g80_fast_op {
   FAST_NONE,
   FAST_MOV,            /* mov, ld c[]; LANES kept */
   FAST_ADD_F32,
   FAST_MUL_F32,
   FAST_MAD_F32,
   FAST_LOGIC,          /* and, or, xor, mov2 (b32), NOT0/NOT1 */
   FAST_SFU,            /* rcp .. preex2: ABS0, NEG0, SAT */
   FAST_SET_F32,
   FAST_MINMAX_F32,
   FAST_INTERP,         /* linterp, pinterp, interp flat (FP) */
};

static void
prepare_src(struct g80_src *s, const struct nvisa_g80_operand *o)
{
   s->kind = G80_SRC_SLOW;
   switch (o->file) {
   case G(FILE_GPR):
      if (o->size == 4) {
         s->kind = G80_SRC_GPR;
         s->reg = o->val % NREGS;
      }
      break;
   case G(FILE_IMM):
      s->kind = G80_SRC_IMM;
      s->val = o->val;
      break;
   case G(FILE_CONST):
      if (o->size >= 4 && o->buf < 16 && o->areg < NAREGS) {
         s->kind = o->areg ? G80_SRC_CONST_IND : G80_SRC_CONST;
         s->buf = o->buf;
         s->reg = o->areg;
         s->val = o->areg ? o->val : o->val & 0xffff;
      }
      break;
   case G(FILE_ATTR):
      if (o->size >= 4 && !o->areg) {
         s->kind = G80_SRC_ATTR;
         s->val = o->val & 0xffff;
      }
      break;
   case G(FILE_VAR):
      if (!o->areg) {
         s->kind = G80_SRC_VAR;
         s->val = o->val & 0xffff;
      }
      break;
   default:
      break;
   }
}

void
g80_fast_prepare(struct g80_decoded *d, enum g80_stage stage)
{
   const struct nvisa_g80_insn *insn = &d->insn;
   unsigned nsrc = 2, fast;

   switch (insn->op) {
   case G(OP_MOV_B32_S): case G(OP_MOV_B32_I): case G(OP_MOV_B32_L):
   case G(OP_LD_C_B32):
      fast = FAST_MOV;
      nsrc = 1;
      break;
   case G(OP_ADD_F32_S): case G(OP_ADD_F32_I): case G(OP_ADD_F32_L):
      fast = FAST_ADD_F32;
      break;
   case G(OP_MUL_F32_S): case G(OP_MUL_F32_I): case G(OP_MUL_F32_L):
      fast = FAST_MUL_F32;
      break;
   case G(OP_MAD_F32_S): case G(OP_MAD_F32_I): case G(OP_MAD_F32_L):
      fast = FAST_MAD_F32;
      nsrc = 3;
      break;
   case G(OP_AND_B32): case G(OP_OR_B32): case G(OP_XOR_B32):
   case G(OP_MOV2_B32): case G(OP_AND_B32_I): case G(OP_OR_B32_I):
   case G(OP_XOR_B32_I): case G(OP_MOV2_B32_I):
      fast = FAST_LOGIC;
      break;
   case G(OP_RCP_F32_S): case G(OP_RCP_F32): case G(OP_RSQ_F32):
   case G(OP_LG2_F32): case G(OP_SIN_F32): case G(OP_COS_F32):
   case G(OP_EX2_F32): case G(OP_PRESIN_F32): case G(OP_PREEX2_F32):
      fast = FAST_SFU;
      nsrc = 1;
      break;
   case G(OP_SET_F32):
      fast = FAST_SET_F32;
      break;
   case G(OP_MAX_F32): case G(OP_MIN_F32):
      fast = FAST_MINMAX_F32;
      break;
   case G(OP_LINTERP_S): case G(OP_LINTERP_L): case G(OP_LINTERP_CENT_L):
   case G(OP_INTERP_FLAT_S): case G(OP_INTERP_FLAT_L):
      fast = FAST_INTERP;
      nsrc = 1;
      break;
   case G(OP_PINTERP_S): case G(OP_PINTERP_L): case G(OP_PINTERP_CENT_L):
      fast = FAST_INTERP;
      break;
   default:
      return;
   }
   const struct nvisa_g80_operand *dst = &insn->opnd[0];
   if (dst->file == G(FILE_GPR) && dst->size == 4) {
      d->dst_kind = G80_DST_GPR;
      d->dst = dst->val % NREGS;
   } else if (dst->file == G(FILE_OUT) && dst->size == 4 && !dst->areg &&
              stage != G80_STAGE_FP) {
      d->dst_kind = G80_DST_OUT;
      d->dst = dst->val;
   } else {
      return;
   }
   for (unsigned i = 0; i < nsrc; i++) {
      prepare_src(&d->src[i], &insn->opnd[1 + i]);
      unsigned k = d->src[i].kind;
      /* v[] is the interpolation's own source, a[] the VP's and GP's */
      if (k == G80_SRC_SLOW ||
          (k == G80_SRC_VAR) != (fast == FAST_INTERP && i == 0) ||
          (fast == FAST_INTERP && stage != G80_STAGE_FP) ||
          (k == G80_SRC_ATTR && stage == G80_STAGE_FP))
         return;
   }
   d->nsrc = nsrc;
   d->fast = fast;
}

/* What every lane of one instruction reads from a source: a value the
 * same for all (immediate, direct c[]) or where the lanes' words are.
 * false when a read would fault for every lane (the reference then runs
 * the instruction and raises the fault as it does); a c[$a] read past
 * the buffer is found per lane. */
struct src_view {
   uint32_t uni;
   const uint32_t *words;       /* ATTR, VAR: lane l's at words[l * stride] */
   unsigned stride;
   const uint8_t *cb;           /* CONST_IND */
   uint32_t cb_bytes;
};

static bool
view_src(struct run *st, const struct g80_src *s, bool flat,
         struct src_view *v)
{
   const struct g80_shader_warp *w = st->warp;
   uint32_t bytes;
   switch (s->kind) {
   case G80_SRC_IMM:
      v->uni = s->val;
      return true;
   case G80_SRC_CONST: {
      /* looked up once a run (g80_run_const_buffer) */
      const uint8_t *cb = st->cbuf_known >> s->buf & 1 ? st->cbuf[s->buf] :
                          g80_run_const_buffer(st, s->buf, &bytes);
      bytes = st->cbuf_bytes[s->buf];
      if (!cb || s->val + 4 > bytes)
         return false;
      memcpy(&v->uni, cb + s->val, 4);   /* little-endian host (nvsim's rule) */
      return true;
   }
   case G80_SRC_CONST_IND:
      v->cb = g80_run_const_buffer(st, s->buf, &v->cb_bytes);
      return v->cb != NULL;
   case G80_SRC_ATTR:
      /* word_at: inside the lane's words, aligned */
      if (!w->in || s->val / 4 >= w->in_stride || (s->val & 3))
         return false;
      v->words = w->in + s->val / 4;
      v->stride = w->in_stride;
      return true;
   case G80_SRC_VAR: {
      if (s->val == G(VAR_ADDR_FACE) && w->face) {
         v->words = w->face;
         v->stride = 1;
         return true;
      }
      const uint32_t *base = flat && w->flat ? w->flat :
                             (const uint32_t *)w->interp;
      if (!base || s->val / 4 >= w->interp_stride || (s->val & 3))
         return false;
      v->words = base + s->val / 4;
      v->stride = w->interp_stride;
      return true;
   }
   default:
      return true;
   }
}

/* Lane l's value of a source; false: a c[$a] read the lane must fault. */
static inline bool
src_lane(const struct run *st, const struct g80_src *s,
         const struct src_view *v, unsigned lane, uint32_t *out)
{
   switch (s->kind) {
   case G80_SRC_GPR:
      *out = s->reg < st->nregs ? st->r[lane][s->reg] : 0;
      return true;
   case G80_SRC_ATTR:
   case G80_SRC_VAR:
      *out = v->words[(size_t)lane * v->stride];
      return true;
   case G80_SRC_CONST_IND: {
      uint32_t byte = (s->val + st->a[lane][s->reg]) & 0xffff;
      if (byte + 4 > v->cb_bytes)
         return false;
      memcpy(out, v->cb + byte, 4);
      return true;
   }
   default:
      *out = v->uni;
      return true;
   }
}

static uint32_t
sfu(unsigned op, uint32_t x)
{
   switch (op) {
   case G(OP_RCP_F32_S):
   case G(OP_RCP_F32):     return g80_sfu_rcp(x);
   case G(OP_RSQ_F32):     return g80_sfu_rsq(x);
   case G(OP_LG2_F32):     return g80_sfu_lg2(x);
   case G(OP_SIN_F32):     return g80_sfu_sincos(x, false);
   case G(OP_COS_F32):     return g80_sfu_sincos(x, true);
   case G(OP_EX2_F32):     return g80_sfu_ex2(x);
   case G(OP_PRESIN_F32):  return g80_sfu_presin(x);
   default:                return g80_sfu_preex2(x);
   }
}

static inline uint32_t
fneg_abs(uint32_t x, bool abs, bool neg)
{
   return (abs ? x & 0x7fffffff : x) ^ (neg ? 0x80000000u : 0);
}

/* A fast form for the taken lanes, as g80_run_exec_lane computes it lane
 * by lane; false: run it lane by lane instead. */
static bool
exec_fast(struct run *st, const struct g80_decoded *d, uint32_t taken)
{
   const struct nvisa_g80_insn *insn = &d->insn;
   const unsigned op = insn->op;
   struct g80_shader_warp *w = st->warp;
   struct src_view v[3];
   if (!taken)
      return true;   /* the reference reads no operand either */
   bool flat = op == G(OP_INTERP_FLAT_S) || op == G(OP_INTERP_FLAT_L);
   for (unsigned i = 0; i < d->nsrc; i++)
      if (!view_src(st, &d->src[i], flat, &v[i]))
         return false;
   uint32_t *out = NULL;
   if (d->dst_kind == G80_DST_OUT) {
      /* wr: $o inside the result words */
      if (!w->out || d->dst >= w->out_words)
         return false;
      out = w->out + d->dst;
   }

   bool write = d->dst_kind == G80_DST_OUT || d->dst < st->nregs;
   bool host_rn = st->host_rn;
   enum g80_rnd rnd = (enum g80_rnd)M(RND);
   uint32_t neg0 = M(NEG0) ? 0x80000000u : 0, neg1 = M(NEG1) ? 0x80000000u : 0;
   uint32_t neg2 = d->fast == FAST_MAD_F32 && M(NEG2) ? 0x80000000u : 0;
   bool sat = M(SAT) && (d->fast != FAST_MUL_F32 ||
                         (st->prog->isa_flags & G80_SHADER_MUL_SAT));
   /* mov's LANES (Mesa's quadop fix-ups): the quad lanes written */
   unsigned lanes_mod = op == G(OP_MOV_B32_L) ? M(LANES) : 0xf;
   for (uint32_t m = taken; m; m &= m - 1) {
      unsigned l = __builtin_ctz(m);
      uint32_t s[3] = { 0, 0, 0 }, r = 0, cc = 0;
      bool ok = true;
      for (unsigned i = 0; i < d->nsrc; i++)
         ok &= src_lane(st, &d->src[i], &v[i], l, &s[i]);
      if (!ok) {
         /* this lane's c[$a] read faults: the reference's lane, as is */
         cc = g80_run_exec_lane(st, insn, l);
         if (d->cc_wr)
            st->c[l][d->cc_dst] = cc;
         if (st->failed)
            return true;
         continue;
      }
      switch (d->fast) {
      case FAST_MOV:
         if (!(lanes_mod >> (l & 3) & 1)) {
            if (d->cc_wr)
               st->c[l][d->cc_dst] = 0;
            continue;
         }
         r = s[0];
         cc = (r ? 0 : G80_CC_Z) | (r >> 31 ? G80_CC_S : 0);  /* g80_int_cc */
         break;
      case FAST_ADD_F32:
         r = fast_add(host_rn, s[0] ^ neg0, s[1] ^ neg1, rnd);
         break;
      case FAST_MUL_F32:
         r = fast_mul(host_rn, s[0] ^ neg0 ^ neg1, s[1], rnd);
         break;
      case FAST_MAD_F32:
         r = fast_mad(host_rn, s[0] ^ neg0, s[1], s[2] ^ neg2);
         break;
      case FAST_LOGIC:
         if (M(NOT0))
            s[0] = ~s[0];
         if (M(NOT1))
            s[1] = ~s[1];
         r = op == G(OP_AND_B32) || op == G(OP_AND_B32_I) ? s[0] & s[1] :
             op == G(OP_OR_B32) || op == G(OP_OR_B32_I) ? s[0] | s[1] :
             op == G(OP_XOR_B32) || op == G(OP_XOR_B32_I) ? s[0] ^ s[1] :
             s[1];
         cc = (r ? 0 : G80_CC_Z) | (r >> 31 ? G80_CC_S : 0);
         break;
      case FAST_SFU:
         r = sfu(op, fneg_abs(s[0], M(ABS0), M(NEG0)));
         break;
      case FAST_SET_F32: {
         enum g80_cmp c = g80_f32_cmp(fneg_abs(s[0], M(ABS0), M(NEG0)),
                                      fneg_abs(s[1], M(ABS1), M(NEG1)));
         bool t = M(CMP) & c;
         cc = t ? G80_CC_S : G80_CC_Z;
         r = t ? 0xffffffff : 0;
         break;
      }
      case FAST_MINMAX_F32:
         r = g80_f32_minmax(fneg_abs(s[0], M(ABS0), M(NEG0)),
                            fneg_abs(s[1], M(ABS1), M(NEG1)),
                            op == G(OP_MIN_F32));
         cc = fast_f32_cc(r);
         break;
      default: /* FAST_INTERP: the word, times source 2 for pinterp */
         r = s[0];
         if (d->nsrc == 2)
            r = fast_mul(host_rn, r, s[1], G80_RND_RN) ^ neg0;
         break;
      }
      if (d->fast >= FAST_ADD_F32 && d->fast <= FAST_MAD_F32) {
         if (sat)
            r = fast_sat(r);
         cc = fast_f32_cc(r);
      } else if (d->fast == FAST_SFU) {
         if (M(SAT))
            r = fast_sat(r);
         cc = fast_f32_cc(r);
      }
      if (out)
         out[(size_t)l * w->out_stride] = r;
      else if (write)
         st->r[l][d->dst] = r;
      if (d->cc_wr)
         st->c[l][d->cc_dst] = cc;
   }
   return true;
}

/* The decoded instruction at the PC: its slot when the code words there
 * are still the slot's, else g80_decode_at (decode, faults). */
static inline const struct g80_decoded *
lookup(struct run *st)
{
   const struct g80_shader_program *p = st->prog;
   uint32_t pc = st->pc;
   if (!(pc & 3) && (uint64_t)pc + 8 <= p->code_size) {
      const struct g80_decoded *d =
         &st->cache->slot[(pc >> 2) % G80_DECODE_SLOTS];
      uint32_t w[2];
      memcpy(w, p->code + pc, 8);
      if (d->tag == pc + 1 && d->avail == 2 && d->w[0] == w[0] &&
          d->w[1] == w[1] && d->fault == G80_DEC_OK)
         return d;
   }
   return g80_decode_at(st);
}

bool
g80_run_step_fast(struct run *st)
{
   const struct g80_decoded *d = lookup(st);
   if (!d)
      return false;
   const struct nvisa_g80_insn *insn = &d->insn;
   st->next_pc = st->pc + d->n * 4;
   st->steps++;

   /* the lanes whose predicate holds */
   uint32_t taken = st->active;
   if (d->pred != G(COND_always)) {
      taken = 0;
      for (uint32_t m = st->active; m; m &= m - 1) {
         unsigned l = __builtin_ctz(m);
         if (g80_cond_test(d->pred, st->c[l][d->pred_c]))
            taken |= 1u << l;
      }
   }

   switch (d->kind) {
   case G80_DEC_CONTROL:
      if (!g80_run_exec_control(st, insn, taken))
         return false;
      st->pc = st->next_pc;
      return !st->failed;
   case G80_DEC_EMIT:
      if (!g80_run_exec_emit(st, insn, taken))
         return false;
      break;
   case G80_DEC_TEX:
      if (taken)
         g80_run_exec_tex(st, insn, taken);
      break;
   default:
      if (d->fast && exec_fast(st, d, taken))
         break;
      if (insn->op == G(OP_QUADOP)) {
         /* lanes read only from their own quad, and taken lanes are
          * below warp->lanes */
         unsigned quads = (st->warp->lanes + 3) & ~3u;
         for (unsigned l = 0; l < quads && l < WARP; l++)
            st->quad_src[l] = reg_get(st, l, insn->opnd[1].val);
      }
      for (uint32_t m = taken; m && !st->failed; m &= m - 1) {
         unsigned l = __builtin_ctz(m);
         unsigned cc = g80_run_exec_lane(st, insn, l);
         if (d->cc_wr)
            st->c[l][d->cc_dst] = cc;
      }
      break;
   }
   if (st->failed)
      return false;

   return g80_run_ctrl(st, d->ctrl);
}
