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
   FAST_MOV,
   FAST_ADD_F32,
   FAST_MUL_F32,
   FAST_MAD_F32,
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
      if (!o->areg && o->size >= 4 && o->buf < 16) {
         s->kind = G80_SRC_CONST;
         s->buf = o->buf;
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
   unsigned nsrc = 0, fast = FAST_NONE;

   switch (insn->op) {
   case G(OP_MOV_B32_L):
      /* LANES: quad lanes written; all four is a plain mov */
      if (M(LANES) != 0xf)
         return;
      /* fallthrough */
   case G(OP_MOV_B32_S):
   case G(OP_MOV_B32_I):
      fast = FAST_MOV;
      nsrc = 1;
      break;
   case G(OP_ADD_F32_S):
   case G(OP_ADD_F32_I):
   case G(OP_ADD_F32_L):
      fast = FAST_ADD_F32;
      nsrc = 2;
      break;
   case G(OP_MUL_F32_S):
   case G(OP_MUL_F32_I):
   case G(OP_MUL_F32_L):
      fast = FAST_MUL_F32;
      nsrc = 2;
      break;
   case G(OP_MAD_F32_S):
   case G(OP_MAD_F32_I):
   case G(OP_MAD_F32_L):
      fast = FAST_MAD_F32;
      nsrc = 3;
      break;
   default:
      return;
   }
   const struct nvisa_g80_operand *dst = &insn->opnd[0];
   if (dst->file != G(FILE_GPR) || dst->size != 4)
      return;
   for (unsigned i = 0; i < nsrc; i++) {
      prepare_src(&d->src[i], &insn->opnd[1 + i]);
      if (d->src[i].kind == G80_SRC_SLOW)
         return;
   }
   d->dst_reg = dst->val % NREGS;
   d->fast = fast;
}

/* Values of the sources every lane reads alike (immediates and direct
 * c[]), or false when a c[] read would fault: the reference then runs
 * the instruction and raises the fault as it does. */
static bool
uniform_src(struct run *st, const struct g80_src *s, uint32_t *v)
{
   if (s->kind == G80_SRC_IMM) {
      *v = s->val;
      return true;
   }
   uint32_t bytes;
   const uint8_t *cb = g80_run_const_buffer(st, s->buf, &bytes);
   if (!cb || s->val + 4 > bytes)
      return false;
   memcpy(v, cb + s->val, 4);   /* little-endian host (nvsim's rule) */
   return true;
}

static inline uint32_t
src_lane(const struct run *st, const struct g80_src *s, uint32_t uni,
         unsigned lane)
{
   if (s->kind != G80_SRC_GPR)
      return uni;
   return s->reg < st->nregs ? st->r[lane][s->reg] : 0;
}

/* A fast form for the taken lanes; false: run it lane by lane instead. */
static bool
exec_fast(struct run *st, const struct g80_decoded *d, uint32_t taken)
{
   const struct nvisa_g80_insn *insn = &d->insn;
   uint32_t uni[3] = { 0, 0, 0 };
   if (!taken)
      return true;   /* the reference reads no operand either */
   unsigned nsrc = d->fast == FAST_MOV ? 1 : d->fast == FAST_MAD_F32 ? 3 : 2;
   for (unsigned i = 0; i < nsrc; i++)
      if (d->src[i].kind != G80_SRC_GPR &&
          !uniform_src(st, &d->src[i], &uni[i]))
         return false;

   bool write = d->dst_reg < st->nregs, host_rn = st->host_rn;
   enum g80_rnd rnd = (enum g80_rnd)M(RND);
   uint32_t neg0 = M(NEG0) ? 0x80000000u : 0, neg1 = M(NEG1) ? 0x80000000u : 0;
   uint32_t neg2 = d->fast == FAST_MAD_F32 && M(NEG2) ? 0x80000000u : 0;
   bool sat = M(SAT) && (d->fast != FAST_MUL_F32 ||
                         (st->prog->isa_flags & G80_SHADER_MUL_SAT));
   for (uint32_t m = taken; m; m &= m - 1) {
      unsigned l = __builtin_ctz(m);
      uint32_t s1 = src_lane(st, &d->src[0], uni[0], l), r, cc = 0;
      switch (d->fast) {
      case FAST_MOV:
         r = s1;
         cc = (r ? 0 : G80_CC_Z) | (r >> 31 ? G80_CC_S : 0);  /* g80_int_cc */
         break;
      case FAST_ADD_F32:
         r = fast_add(host_rn, s1 ^ neg0,
                      src_lane(st, &d->src[1], uni[1], l) ^ neg1, rnd);
         break;
      case FAST_MUL_F32:
         r = fast_mul(host_rn, s1 ^ neg0 ^ neg1,
                      src_lane(st, &d->src[1], uni[1], l), rnd);
         break;
      default:
         r = fast_mad(host_rn, s1 ^ neg0, src_lane(st, &d->src[1], uni[1], l),
                      src_lane(st, &d->src[2], uni[2], l) ^ neg2);
         break;
      }
      if (d->fast != FAST_MOV) {
         if (sat)
            r = fast_sat(r);
         cc = fast_f32_cc(r);
      }
      if (write)
         st->r[l][d->dst_reg] = r;
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

   /* CTRL: 1 exit, 2 join after the instruction (isa.rst, envydis) */
   switch (d->ctrl) {
   case 1:
      st->exited |= st->active;
      st->active = 0;
      if (!g80_run_resume(st))
         return false;
      break;
   case 2:
      if (!g80_run_join(st, st->pc))
         return false;
      break;
   default:
      break;
   }
   st->pc = st->next_pc;
   return !st->failed && st->active;
}
