/*
 * The Tesla shader interpreter: one warp (up to 32 threads) runs a
 * program of the VP, GP or FP type (g80_shader.h).  Instructions are
 * decoded through libnvisa (nvisa_g80_decode_ptype: the forms of g80.xml)
 * and executed per lane; the operation semantics are g80_exec_alu.c and
 * g80_exec_sfu.c.
 *
 * Thread state (envytools hw/graph/tesla/cuda/isa.rst "Registers", "Other
 * execution state"): per lane 128 $r (half views $rNl/$rNh: low/high 16
 * bits), $a1..$a7 (16 bits; $a0 reads 0), $c0..$c3 (4 flag bits); per
 * warp a PC, the active mask and a control stack whose entries hold a PC,
 * a thread mask and a type.
 *
 * Control flow (control.rst):
 * - bra: the taken lanes branch; when only some do, one path runs and
 *   the other waits on the stack (an entry of type branch) until the
 *   running path exits or reaches its join;
 * - joinat pushes (target, active mask); the join modifier (word 1 CTRL 2)
 *   after an instruction switches to a waiting path of the same level or,
 *   when none is left, pops the joinat entry and continues with the lanes
 *   that rejoined;
 * - breakaddr pushes (target, mask); break takes its lanes out until the
 *   entry pops (when no lane is left running above it), then they all go
 *   on at the target; call/ret the same with the return address;
 * - exit (CTRL 1) ends the active lanes; kil ends and discards them (FP).
 * Assumptions, because control.rst leaves them open: the taken path of a
 * divergent bra runs first; the exit and join modifiers are not
 * predicated (upstream ends programs with "nop exit" whose predicate
 * field is never) and do nothing on control instructions; the stack
 * holds G80_EXEC_STACK entries (the hardware spills; nvsim faults).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g80_exec.h"
#include "g80_shader.h"
#include "nvisa_g80.h"
#include "g80_exec_priv.h"

static void
vfail(struct run *st, const char *fmt, va_list ap)
{
   if (st->failed)
      return;
   st->failed = true;
   if (st->fault) {
      st->fault->faulted = true;
      st->fault->pc = st->pc;
      vsnprintf(st->fault->msg, sizeof(st->fault->msg), fmt, ap);
   }
}

static void __attribute__((format(printf, 2, 3)))
fail(struct run *st, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vfail(st, fmt, ap);
   va_end(ap);
}

void
g80_run_fail(struct run *st, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vfail(st, fmt, ap);
   va_end(ap);
}

/* ---- operands ---- */

const uint8_t *
g80_run_const_buffer(struct run *st, unsigned idx, uint32_t *bytes)
{
   if (idx >= 16)
      return NULL;
   if (!(st->cbuf_known >> idx & 1)) {
      st->cbuf_known |= 1u << idx;
      const struct g80_shader_program *p = st->prog;
      if (p->cb) {
         if (idx < p->num_cb && p->cb[idx]) {
            st->cbuf[idx] = (const uint8_t *)p->cb[idx];
            st->cbuf_bytes[idx] = p->cb_words[idx] * 4;
         }
      } else if (st->cb && st->cb->const_buffer) {
         const uint8_t *d;
         uint32_t size;
         if (st->cb->const_buffer(st->cb->ctx, st->stage, idx, &d, &size)) {
            st->cbuf[idx] = d;
            st->cbuf_bytes[idx] = size;
         }
      }
   }
   *bytes = st->cbuf_bytes[idx];
   return st->cbuf[idx];
}

/* Little-endian bytes of a word array. */
static uint32_t
bytes_at(const uint8_t *p, unsigned size)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < size; i++)
      v |= (uint32_t)p[i] << (8 * i);
   return v;
}

/* A 32-bit word of a per-lane word array at a byte address, or a fault. */
static bool
word_at(struct run *st, const uint32_t *base, unsigned stride, unsigned lane,
        uint32_t byte, unsigned size, const char *what, uint32_t *v)
{
   if (!base || byte / 4 >= stride || (byte & 3) + size > 4) {
      fail(st, "%s read outside the inputs", what);
      return false;
   }
   uint32_t w = base[(size_t)lane * stride + byte / 4];
   *v = size >= 4 ? w : (w >> (8 * (byte & 3))) & ((1u << (8 * size)) - 1);
   return true;
}

static uint32_t
read_sreg(struct run *st, unsigned lane, unsigned sr)
{
   switch (sr) {
   case G(SREG_physid):
      /* isa.rst: the lane in bits 0-7, the warp in 8-15 (a compute
       * warp's index in its block); which MP/TPC is nvsim's choice: 0 */
      return lane | (st->stage == G80_STAGE_CP ?
                     (st->warp->warp_index & 0xff) << 8 : 0);
   case G(SREG_clock):
      return (uint32_t)st->steps;
   case G(SREG_sampleid):
      return st->warp->sample_id ? st->warp->sample_id[lane] : 0;
   case G(SREG_vstride):
      /* isa.rst $vstride: the spacing of a vertex's attributes in p[]
       * (geometry programs) */
      return st->stage == G80_STAGE_GP ? G80_SHADER_GP_VSTRIDE : 0;
   default:
      /* the performance counters: 0 */
      return 0;
   }
}

/* Reads operand o for a lane: up to 32 bits (size 1, 2, 4). */
static uint32_t
rd(struct run *st, const struct nvisa_g80_operand *o, unsigned lane)
{
   uint32_t v = 0, bytes;
   switch (o->file) {
   case G(FILE_GPR):
      if (o->size == 2) {
         uint32_t r = reg_get(st, lane, o->val >> 1);
         return o->val & 1 ? r >> 16 : r & 0xffff;
      }
      return reg_get(st, lane, o->val);
   case G(FILE_IMM):
      return o->val;
   case G(FILE_ADDR):
      return addr_reg(st, lane, o->val);
   case G(FILE_COND):
      return st->c[lane][o->val % NCREGS];
   case G(FILE_SREG):
      return read_sreg(st, lane, o->val);
   case G(FILE_ATTR): {
      if (st->stage == G80_STAGE_FP) {
         fail(st, "%s in a fragment program", "a[]");
         return 0;
      }
      uint32_t byte = (o->val + addr_reg(st, lane, o->areg)) & 0xffff;
      word_at(st, st->warp->in, st->warp->in_stride, lane, byte,
              o->size < 4 ? o->size : 4, "a[]", &v);
      return v;
   }
   case G(FILE_VAR): {
      if (st->stage != G80_STAGE_FP) {
         fail(st, "%s outside a fragment program", "v[]");
         return 0;
      }
      uint32_t byte = (o->val + addr_reg(st, lane, o->areg)) & 0xffff;
      if (byte == G(VAR_ADDR_FACE) && st->warp->face)
         return st->warp->face[lane];
      word_at(st, (const uint32_t *)st->warp->interp,
              st->warp->interp_stride, lane, byte, 4, "v[]", &v);
      return v;
   }
   case G(FILE_CONST): {
      const uint8_t *cb = g80_run_const_buffer(st, o->buf, &bytes);
      uint32_t byte = (o->val + addr_reg(st, lane, o->areg)) & 0xffff;
      unsigned size = o->size < 4 ? o->size : 4;
      if (!cb) {
         fail(st, "c%u[] is not bound", o->buf);
         return 0;
      }
      if (byte + size > bytes) {
         fail(st, "%s read past the buffer's size", "c[]");
         return 0;
      }
      return bytes_at(cb + byte, size);
   }
   case G(FILE_PRIM): {
      /* isa.rst: p[] is read in 32-bit units, geometry programs only;
       * the instruction's offset counts attributes, $vstride bytes apart
       * (G80_SHADER_GP_VSTRIDE), the address register bytes */
      const struct g80_shader_warp *w = st->warp;
      uint32_t byte = (o->val / 4 * G80_SHADER_GP_VSTRIDE +
                       addr_reg(st, lane, o->areg)) & 0xffff;
      if (st->stage != G80_STAGE_GP) {
         fail(st, "%s outside a geometry program", "p[]");
         return 0;
      }
      if (!w->prim || byte / 4 >= w->prim_words || (byte & 3)) {
         fail(st, "p[0x%x] outside the primitive space", byte);
         return 0;
      }
      return w->prim[byte / 4];
   }
   case G(FILE_SHARED):
      /* isa.rst "Shared memory access": b32 is not valid for a 16-bit
       * source (ILLEGAL_MEMORY_SIZE) */
      if (o->size == 2 && o->buf == NVISA_G80_SMODE_B32) {
         fail(st, "%s: a b32 s[] access as a 16-bit source", "s[]");
         return 0;
      }
      return g80_run_shared_rd(st, o, lane);
   default:
      fail(st, "operand file %u not modelled (g[])", o->file);
      return 0;
   }
}

/* A 64-bit register pair $rN:$rN+1 (low word first, isa.rst). */
static uint64_t
rd64(struct run *st, const struct nvisa_g80_operand *o, unsigned lane)
{
   return reg_get(st, lane, o->val) |
          (uint64_t)reg_get(st, lane, o->val + 1) << 32;
}

static void
wr(struct run *st, const struct nvisa_g80_operand *o, unsigned lane,
   uint32_t v)
{
   switch (o->file) {
   case G(FILE_NONE):
      return;
   case G(FILE_GPR):
      if (o->size == 2) {
         uint32_t r = reg_get(st, lane, o->val >> 1);
         if (o->val & 1)
            r = (r & 0xffff) | v << 16;
         else
            r = (r & 0xffff0000) | (v & 0xffff);
         reg_set(st, lane, o->val >> 1, r);
      } else if (o->size == 8) {
         fail(st, "%s: a 64-bit destination written as 32 bits", "$r");
      } else {
         reg_set(st, lane, o->val, v);
      }
      return;
   case G(FILE_OUT): {
      /* $o and o[]: result words (isa.rst "o[]: output space") */
      struct g80_shader_warp *w = st->warp;
      if (st->stage == G80_STAGE_FP) {
         fail(st, "%s in a fragment program", "$o/o[]");
         return;
      }
      uint32_t word = o->size == 2 ? o->val >> 1 : o->val;
      word += addr_reg(st, lane, o->areg) / 4;
      if (!w->out || word >= w->out_words) {
         fail(st, "%s write past the result words", "o[]");
         return;
      }
      w->out[(size_t)lane * w->out_stride + word] = v;
      return;
   }
   case G(FILE_ADDR):
      if (o->val && o->val < NAREGS)
         st->a[lane][o->val] = v;   /* 16 bits (isa.rst) */
      return;
   case G(FILE_COND):
      st->c[lane][o->val % NCREGS] = v & 0xf;
      return;
   default:
      fail(st, "destination file %s not modelled", "(l[], g[])");
      return;
   }
}

static void
wr64(struct run *st, const struct nvisa_g80_operand *o, unsigned lane,
     uint64_t v)
{
   if (o->file != G(FILE_GPR)) {
      if (o->file != G(FILE_NONE))
         fail(st, "%s: a 64-bit result outside $r", "f64");
      return;
   }
   reg_set(st, lane, o->val, (uint32_t)v);
   reg_set(st, lane, o->val + 1, (uint32_t)(v >> 32));
}

/* ---- per-lane operations ---- */

static uint32_t
fneg_abs(uint32_t x, bool abs, bool neg)
{
   if (abs)
      x &= 0x7fffffff;
   if (neg)
      x ^= 0x80000000;
   return x;
}

static uint64_t
dneg_abs(uint64_t x, bool abs, bool neg)
{
   if (abs)
      x &= ~(1ull << 63);
   if (neg)
      x ^= 1ull << 63;
   return x;
}

static uint32_t
set_result(unsigned cmp_bits, enum g80_cmp outcome, unsigned *cc)
{
   bool t = cmp_bits & outcome;
   *cc = t ? G80_CC_S : G80_CC_Z;
   return t ? 0xffffffff : 0;
}

/* Integer set/min/max compare (hwtest g80_int.cc icmp/imax): 16-bit
 * values compare in the high half, signed ones with the sign flipped. */
static void
int_order(uint32_t *s1, uint32_t *s2, bool b32, bool is_signed)
{
   if (!b32) {
      *s1 <<= 16;
      *s2 <<= 16;
   }
   if (is_signed) {
      *s1 ^= 1u << 31;
      *s2 ^= 1u << 31;
   }
}

static uint32_t
int_shift(bool b32, bool right, bool is_signed, uint32_t s1, uint32_t n,
          unsigned *cc)
{
   unsigned bits = b32 ? 32 : 16;
   uint32_t r;
   unsigned f;
   if (!b32) {
      s1 &= 0xffff;
      n &= 0xffff;
   }
   if (!right) {
      r = n >= 32 ? 0 : s1 << n;
      f = (n && n < bits && (s1 >> (bits - n) & 1)) ? G80_CC_C : 0;
   } else {
      if (is_signed && (s1 >> (bits - 1) & 1)) {
         int32_t sv = b32 ? (int32_t)s1 : (int32_t)(int16_t)s1;
         r = n >= 32 ? 0xffffffff : (uint32_t)(sv >> n);
      } else {
         r = n >= 32 ? 0 : s1 >> n;
      }
      f = (n && n < bits && (s1 >> (n - 1) & 1)) ? G80_CC_C : 0;
   }
   if (!b32)
      r &= 0xffff;
   f |= g80_int_cc(r, b32);
   if ((r >> (bits - 1) & 1) != (s1 >> (bits - 1) & 1) && n == 1)
      f |= G80_CC_O;
   *cc = f;
   return r;
}

/* add op from the NEG modifiers: NEG1 sub, NEG0 subr, both addc */
static unsigned
add_op(const struct nvisa_g80_insn *insn)
{
   return (M(NEG1) ? 1 : 0) | (M(NEG0) ? 2 : 0);
}

bool
g80_run_form_has_mod(const struct nvisa_form *form, unsigned mod)
{
   for (unsigned i = 0; i < form->nmods; i++)
      if (form->mod[i].mod == mod)
         return true;
   return false;
}

static unsigned
interp_word(struct run *st, const struct nvisa_g80_insn *insn,
            unsigned lane, bool flat, uint32_t *v)
{
   const struct nvisa_g80_operand *o = &insn->opnd[1];
   uint32_t byte = (o->val + addr_reg(st, lane, o->areg)) & 0xffff;
   const struct g80_shader_warp *w = st->warp;
   if (byte == G(VAR_ADDR_FACE) && w->face) {
      *v = w->face[lane];
      return true;
   }
   const uint32_t *base = flat && w->flat ? w->flat :
                          (const uint32_t *)w->interp;
   return word_at(st, base, w->interp_stride, lane, byte, 4, "v[]", v);
}

static unsigned exec_local(struct run *st, const struct nvisa_g80_insn *insn,
                           unsigned lane);

/* Executes insn for one lane whose predicate holds.  Returns the $c
 * flags the result leaves (for CC_WR). */
unsigned
g80_run_exec_lane(struct run *st, const struct nvisa_g80_insn *insn,
                  unsigned lane)
{
   const struct nvisa_g80_operand *d = &insn->opnd[0];
   const struct nvisa_g80_operand *s = insn->opnd;
   unsigned cc = 0;
   uint32_t r = 0;
   bool b32 = true;
   unsigned cc_in = st->c[lane][M(PRED_C) % NCREGS];
   uint32_t s1, s2, s3;
   struct g80_cvt cvt;

   switch (insn->op) {
   /* moves and loads */
   case G(OP_MOV_B16_L):
   case G(OP_MOV_B32_L):
   case G(OP_LD_A):
      /* LANES: quad lanes written (Mesa's quadop fix-ups) */
      if (!(M(LANES) >> (lane & 3) & 1))
         return 0;
      /* fallthrough */
   case G(OP_MOV_B16_S):
   case G(OP_MOV_B32_S):
   case G(OP_MOV_B16_I):
   case G(OP_MOV_B32_I):
   case G(OP_LD_C_B32):
   case G(OP_MOV_FROM_C):
   case G(OP_MOV_FROM_A):
   case G(OP_MOV_FROM_SR):
   case G(OP_MOV_TO_C):
   case G(OP_ST_O):
      r = rd(st, &s[1], lane);
      wr(st, d, lane, r);
      return g80_int_cc(r, d->size != 2);
   case G(OP_SHL_A):
      wr(st, d, lane, (rd(st, &s[1], lane) << rd(st, &s[2], lane)) & 0xffff);
      return 0;
   case G(OP_ADD_A):
      wr(st, d, lane, (rd(st, &s[1], lane) + rd(st, &s[2], lane)) & 0xffff);
      return 0;

   /* integer add */
   case G(OP_ADD_B16_S):
   case G(OP_ADD_B16_I):
   case G(OP_ADD_B16_L):
      b32 = false;
      /* fallthrough */
   case G(OP_ADD_B32_S):
   case G(OP_ADD_B32_I):
   case G(OP_ADD_B32_L):
      r = g80_int_add(b32, add_op(insn), M(SAT), rd(st, &s[1], lane),
                      rd(st, &s[2], lane), cc_in, &cc);
      wr(st, d, lane, r);
      return cc;

   /* integer compare, min, max */
   case G(OP_SET_B16):
      b32 = false;
      /* fallthrough */
   case G(OP_SET_B32):
      s1 = rd(st, &s[1], lane);
      s2 = rd(st, &s[2], lane);
      int_order(&s1, &s2, b32, M(SIGNED));
      r = set_result(M(CMP), s1 < s2 ? G80_CMP_LT : s1 == s2 ? G80_CMP_EQ :
                     G80_CMP_GT, &cc);
      wr(st, d, lane, b32 ? r : r & 0xffff);
      return cc;
   case G(OP_MAX_B16):
   case G(OP_MIN_B16):
      b32 = false;
      /* fallthrough */
   case G(OP_MAX_B32):
   case G(OP_MIN_B32): {
      bool min = insn->op == G(OP_MIN_B16) || insn->op == G(OP_MIN_B32);
      s1 = rd(st, &s[1], lane);
      s2 = rd(st, &s[2], lane);
      int_order(&s1, &s2, b32, M(SIGNED));
      r = ((s1 > s2) ^ min) ? s1 : s2;
      if (M(SIGNED))
         r ^= 1u << 31;
      if (!b32)
         r >>= 16;
      wr(st, d, lane, r);
      return g80_int_cc(r, b32);
   }

   /* shifts: the count is source 2 or the immediate */
   case G(OP_SHL_B16):
   case G(OP_SHL_B16_IMM):
   case G(OP_SHR_B16):
   case G(OP_SHR_B16_IMM):
      b32 = false;
      /* fallthrough */
   case G(OP_SHL_B32):
   case G(OP_SHL_B32_IMM):
   case G(OP_SHR_B32):
   case G(OP_SHR_B32_IMM): {
      bool right = insn->op == G(OP_SHR_B16) || insn->op == G(OP_SHR_B32) ||
                   insn->op == G(OP_SHR_B16_IMM) ||
                   insn->op == G(OP_SHR_B32_IMM);
      r = int_shift(b32, right, right && M(SIGNED), rd(st, &s[1], lane),
                    rd(st, &s[2], lane), &cc);
      wr(st, d, lane, r);
      return cc;
   }

   /* integer multiply, sad, mad */
   case G(OP_MUL_16_S):
   case G(OP_MUL_16_I):
   case G(OP_MUL_16_L):
      r = g80_int_mul16(rd(st, &s[1], lane), rd(st, &s[2], lane),
                        M(SIGNED0), M(SIGNED1));
      wr(st, d, lane, r);
      return g80_int_cc(r, true);
   case G(OP_MUL_24_S):
   case G(OP_MUL_24_I):
   case G(OP_MUL_24_L):
      r = g80_int_mul24(rd(st, &s[1], lane), rd(st, &s[2], lane),
                        M(SIGNED), M(HIGH));
      wr(st, d, lane, r);
      return g80_int_cc(r, true);
   case G(OP_SAD_B16_S):
   case G(OP_SAD_B16_L):
      b32 = false;
      /* fallthrough */
   case G(OP_SAD_B32_S):
   case G(OP_SAD_B32_L):
      s1 = rd(st, &s[1], lane);
      s2 = rd(st, &s[2], lane);
      s3 = rd(st, &s[3], lane);
      int_order(&s1, &s2, b32, M(SIGNED));
      s1 = s1 > s2 ? s1 - s2 : s2 - s1;
      if (!b32)
         s1 >>= 16;
      r = g80_int_add(true, 0, false, s1, s3, 0, &cc);
      wr(st, d, lane, r);
      return cc;
   case G(OP_MAD_U16_S): case G(OP_MAD_U16_I): case G(OP_MAD_U16_L):
   case G(OP_MAD_S16_S): case G(OP_MAD_S16_I): case G(OP_MAD_S16_L):
   case G(OP_MAD_SAT_S16_S): case G(OP_MAD_SAT_S16_I):
   case G(OP_MAD_SAT_S16_L):
   case G(OP_MAD_U24_S): case G(OP_MAD_U24_I): case G(OP_MAD_U24_L):
   case G(OP_MAD_U24_7_L):
   case G(OP_MAD_S24_L): case G(OP_MAD_SAT_S24_L):
   case G(OP_MAD_HI_U24_L): case G(OP_MAD_HI_S24_L):
   case G(OP_MAD_HI_SAT_S24_L): {
      unsigned op = insn->op;
      bool sat = op == G(OP_MAD_SAT_S16_S) || op == G(OP_MAD_SAT_S16_I) ||
                 op == G(OP_MAD_SAT_S16_L) || op == G(OP_MAD_SAT_S24_L) ||
                 op == G(OP_MAD_HI_SAT_S24_L);
      bool s16 = op == G(OP_MAD_S16_S) || op == G(OP_MAD_S16_I) ||
                 op == G(OP_MAD_S16_L) || op == G(OP_MAD_SAT_S16_S) ||
                 op == G(OP_MAD_SAT_S16_I) || op == G(OP_MAD_SAT_S16_L);
      bool u16 = op == G(OP_MAD_U16_S) || op == G(OP_MAD_U16_I) ||
                 op == G(OP_MAD_U16_L);
      bool sgn24 = op == G(OP_MAD_S24_L) || op == G(OP_MAD_SAT_S24_L) ||
                   op == G(OP_MAD_HI_S24_L) || op == G(OP_MAD_HI_SAT_S24_L);
      bool high = op == G(OP_MAD_HI_U24_L) || op == G(OP_MAD_HI_S24_L) ||
                  op == G(OP_MAD_HI_SAT_S24_L);
      s1 = rd(st, &s[1], lane);
      s2 = rd(st, &s[2], lane);
      s3 = rd(st, &s[3], lane);
      uint32_t p = (u16 || s16) ? g80_int_mul16(s1, s2, s16, s16) :
                   g80_int_mul24(s1, s2, sgn24, high);
      unsigned aop = g80_run_form_has_mod(nvisa_g80_form(op), G(MOD_ADDOP)) ?
                     M(ADDOP) : add_op(insn);
      r = g80_int_add(true, aop, sat, p, s3, cc_in, &cc);
      wr(st, d, lane, r);
      return cc;
   }

   /* conversions */
   case G(OP_CVT_I2I):
   case G(OP_CVT_I2F):
   case G(OP_CVT_F2I):
   case G(OP_CVT_F2F):
      memset(&cvt, 0, sizeof(cvt));
      cvt.src32 = M(SRC32);
      cvt.src8 = M(SRC8);
      cvt.ssigned = M(SSIGNED);
      cvt.dst32 = M(DST32);
      cvt.dsigned = M(DSIGNED);
      cvt.dst8 = M(DST8);
      cvt.sat = M(SAT);
      cvt.rint = M(RINT);
      cvt.abs = M(ABS0);
      cvt.neg = M(NEG0);
      cvt.rnd = M(RND);
      if (M(WIDE)) {
         /* G200 (the form's FP64 chips): 32/64-bit operands */
         if (!(st->prog->isa_flags & G(FLAG_FP64)) ||
             insn->op == G(OP_CVT_I2I)) {
            fail(st, "%s: 64-bit cvt not modelled on this chip / i2i",
                 "cvt");
            return 0;
         }
         uint64_t in = s[1].size == 8 ? rd64(st, &s[1], lane) :
                                        rd(st, &s[1], lane);
         uint64_t out = g80_cvt_wide(insn->op == G(OP_CVT_I2F) ?
                                     G80_CVT_I2F :
                                     insn->op == G(OP_CVT_F2I) ?
                                     G80_CVT_F2I : G80_CVT_F2F,
                                     &cvt, in, &cc);
         if (d->size == 8)
            wr64(st, d, lane, out);
         else
            wr(st, d, lane, (uint32_t)out);
         return cc;
      }
      s1 = rd(st, &s[1], lane);
      switch (insn->op) {
      case G(OP_CVT_I2I): r = g80_cvt_i2i(&cvt, s1, &cc); break;
      case G(OP_CVT_I2F): r = g80_cvt_i2f(&cvt, s1, &cc); break;
      case G(OP_CVT_F2I): r = g80_cvt_f2i(&cvt, s1, &cc); break;
      default:            r = g80_cvt_f2f(&cvt, s1, &cc); break;
      }
      wr(st, d, lane, r);
      return cc;

   /* f32 */
   case G(OP_ADD_F32_S):
   case G(OP_ADD_F32_I):
   case G(OP_ADD_F32_L):
      r = g80_f32_add(fneg_abs(rd(st, &s[1], lane), false, M(NEG0)),
                      fneg_abs(rd(st, &s[2], lane), false, M(NEG1)),
                      (enum g80_rnd)M(RND));
      if (M(SAT))
         r = g80_f32_sat(r);
      wr(st, d, lane, r);
      return g80_f32_cc(r);
   case G(OP_MUL_F32_S):
   case G(OP_MUL_F32_I):
   case G(OP_MUL_F32_L):
      r = g80_f32_mul(fneg_abs(rd(st, &s[1], lane), false,
                               M(NEG0) ^ M(NEG1)),
                      rd(st, &s[2], lane), (enum g80_rnd)M(RND));
      if (M(SAT) && (st->prog->isa_flags & G80_SHADER_MUL_SAT))
         r = g80_f32_sat(r);
      wr(st, d, lane, r);
      return g80_f32_cc(r);
   case G(OP_MAD_F32_S):
   case G(OP_MAD_F32_I):
   case G(OP_MAD_F32_L):
      r = g80_f32_mad(fneg_abs(rd(st, &s[1], lane), false, M(NEG0)),
                      rd(st, &s[2], lane),
                      fneg_abs(rd(st, &s[3], lane), false, M(NEG2)));
      if (M(SAT))
         r = g80_f32_sat(r);
      wr(st, d, lane, r);
      return g80_f32_cc(r);
   case G(OP_SET_F32):
   case G(OP_MAX_F32):
   case G(OP_MIN_F32):
      s1 = fneg_abs(rd(st, &s[1], lane), M(ABS0), M(NEG0));
      s2 = fneg_abs(rd(st, &s[2], lane), M(ABS1), M(NEG1));
      if (insn->op == G(OP_SET_F32))
         r = set_result(M(CMP), g80_f32_cmp(s1, s2), &cc);
      else
         cc = g80_f32_cc(r = g80_f32_minmax(s1, s2,
                                            insn->op == G(OP_MIN_F32)));
      wr(st, d, lane, r);
      return cc;
   case G(OP_SLCT_F32): {
      enum g80_cmp c;
      s3 = fneg_abs(rd(st, &s[3], lane), false, M(NEG2));
      c = g80_f32_cmp(s3, 0);
      r = (c == G80_CMP_GT || c == G80_CMP_EQ) ? rd(st, &s[1], lane) :
                                                 rd(st, &s[2], lane);
      wr(st, d, lane, r);
      /* hwtest: Z for either zero, else S from the sign bit */
      return (r & 0x7fffffff) == 0 ? G80_CC_Z : (r >> 31 ? G80_CC_S : 0);
   }
   case G(OP_QUADOP): {
      /* hwtest fswz: source 1 from another lane of the quad, the op of
       * this lane from QOP */
      unsigned l = M(LANE), q = lane & ~3u, from;
      from = l < 4 ? q | l : (l & 1) ? lane ^ 2 : lane ^ 1;
      s1 = st->quad_src[from];
      s3 = rd(st, &s[2], lane);
      switch (M(QOP) >> (6 - 2 * (lane & 3)) & 3) {
      case 0: r = g80_f32_add(s1, s3, G80_RND_RN); break;
      case 1: r = g80_f32_add(s1 ^ 0x80000000, s3, G80_RND_RN); break;
      case 2: r = g80_f32_add(s1, s3 ^ 0x80000000, G80_RND_RN); break;
      default: r = g80_f32_add(s3, 0, G80_RND_RN); break;
      }
      wr(st, d, lane, r);
      return g80_f32_cc(r);
   }

   /* logic */
   case G(OP_AND_B16): case G(OP_OR_B16): case G(OP_XOR_B16):
   case G(OP_MOV2_B16):
      b32 = false;
      /* fallthrough */
   case G(OP_AND_B32): case G(OP_OR_B32): case G(OP_XOR_B32):
   case G(OP_MOV2_B32):
   case G(OP_AND_B32_I): case G(OP_OR_B32_I): case G(OP_XOR_B32_I):
   case G(OP_MOV2_B32_I): {
      unsigned op = insn->op;
      s1 = rd(st, &s[1], lane);
      s2 = rd(st, &s[2], lane);
      if (M(NOT0))
         s1 = ~s1;
      if (M(NOT1))
         s2 = ~s2;
      if (op == G(OP_AND_B16) || op == G(OP_AND_B32) || op == G(OP_AND_B32_I))
         r = s1 & s2;
      else if (op == G(OP_OR_B16) || op == G(OP_OR_B32) ||
               op == G(OP_OR_B32_I))
         r = s1 | s2;
      else if (op == G(OP_XOR_B16) || op == G(OP_XOR_B32) ||
               op == G(OP_XOR_B32_I))
         r = s1 ^ s2;
      else
         r = s2;
      if (!b32)
         r &= 0xffff;
      wr(st, d, lane, r);
      return g80_int_cc(r, b32);
   }

   /* interpolation (FP): v[] as the 3D class interpolated it */
   case G(OP_LINTERP_S):
   case G(OP_LINTERP_L):
   case G(OP_LINTERP_CENT_L):
   case G(OP_INTERP_FLAT_S):
   case G(OP_INTERP_FLAT_L):
      if (interp_word(st, insn, lane, insn->op == G(OP_INTERP_FLAT_S) ||
                      insn->op == G(OP_INTERP_FLAT_L), &r))
         wr(st, d, lane, r);
      return 0;
   case G(OP_PINTERP_S):
   case G(OP_PINTERP_L):
   case G(OP_PINTERP_CENT_L):
      /* the interpolated value times source 2 (upstream: the fragment's
       * w, 1 / the interpolated 1/w) */
      if (interp_word(st, insn, lane, false, &r)) {
         r = g80_f32_mul(r, rd(st, &s[2], lane), G80_RND_RN);
         wr(st, d, lane, fneg_abs(r, false, M(NEG0)));
      }
      return 0;

   /* SFU: abs, neg, the function, sat */
   case G(OP_RCP_F32_S):
   case G(OP_RCP_F32):
   case G(OP_RSQ_F32):
   case G(OP_LG2_F32):
   case G(OP_SIN_F32):
   case G(OP_COS_F32):
   case G(OP_EX2_F32):
   case G(OP_PRESIN_F32):
   case G(OP_PREEX2_F32):
      s1 = fneg_abs(rd(st, &s[1], lane), M(ABS0), M(NEG0));
      switch (insn->op) {
      case G(OP_RCP_F32_S):
      case G(OP_RCP_F32):     r = g80_sfu_rcp(s1); break;
      case G(OP_RSQ_F32):     r = g80_sfu_rsq(s1); break;
      case G(OP_LG2_F32):     r = g80_sfu_lg2(s1); break;
      case G(OP_SIN_F32):     r = g80_sfu_sincos(s1, false); break;
      case G(OP_COS_F32):     r = g80_sfu_sincos(s1, true); break;
      case G(OP_EX2_F32):     r = g80_sfu_ex2(s1); break;
      case G(OP_PRESIN_F32):  r = g80_sfu_presin(s1); break;
      default:                r = g80_sfu_preex2(s1); break;
      }
      if (M(SAT))
         r = g80_f32_sat(r);
      wr(st, d, lane, r);
      return g80_f32_cc(r);

   /* f64 (G200) */
   case G(OP_ADD_F64):
      wr64(st, d, lane, g80_f64_add(dneg_abs(rd64(st, &s[1], lane), false,
                                             M(NEG0)),
                                    dneg_abs(rd64(st, &s[2], lane), false,
                                             M(NEG1)),
                                    (enum g80_rnd)M(RND)));
      return 0;
   case G(OP_MUL_F64):
      /* NEG1 (bit 59) does nothing by hwtest's model (README) */
      wr64(st, d, lane, g80_f64_mul(dneg_abs(rd64(st, &s[1], lane), false,
                                             M(NEG0)),
                                    rd64(st, &s[2], lane),
                                    (enum g80_rnd)M(RND)));
      return 0;
   case G(OP_FMA_F64):
      wr64(st, d, lane, g80_f64_fma(dneg_abs(rd64(st, &s[1], lane), false,
                                             M(NEG0)),
                                    rd64(st, &s[2], lane),
                                    dneg_abs(rd64(st, &s[3], lane), false,
                                             M(NEG2)),
                                    (enum g80_rnd)M(RND)));
      return 0;
   case G(OP_MIN_F64):
   case G(OP_MAX_F64):
   case G(OP_SET_F64): {
      uint64_t a = dneg_abs(rd64(st, &s[1], lane), M(ABS0), M(NEG0));
      uint64_t b = dneg_abs(rd64(st, &s[2], lane), M(ABS1), M(NEG1));
      if (insn->op == G(OP_SET_F64)) {
         r = set_result(M(CMP), g80_f64_cmp(a, b), &cc);
         wr(st, d, lane, r);
         return cc;
      }
      wr64(st, d, lane, g80_f64_minmax(a, b, insn->op == G(OP_MIN_F64)));
      return 0;
   }

   case G(OP_LD_L):
   case G(OP_ST_L):
      return exec_local(st, insn, lane);

   case G(OP_NOP):
   case G(OP_BRKPT):
   case G(OP_BRKPT_S):
      return 0;
   case G(OP_BAR):
   case G(OP_BAR_ALL):
      /* outside compute programs a barrier has nobody to wait for;
       * compute runs stop at it in step() */
      return 0;
   default:
      if (g80_run_is_cp_op(insn->op))
         return g80_run_exec_cp(st, insn, lane);
      fail(st, "%s not modelled", nvisa_g80_form(insn->op)->asm_name);
      return 0;
   }
}

/* ---- l[] (isa.rst "l[]: local space"): per thread, 8 to 128-bit units;
 * an access must be aligned to its size and inside the space ---- */

unsigned
g80_run_ldst_bytes(unsigned type)
{
   switch (type) {
   case G(LDST_TYPE_u8): case G(LDST_TYPE_s8):   return 1;
   case G(LDST_TYPE_u16): case G(LDST_TYPE_s16): return 2;
   case G(LDST_TYPE_b64):                        return 8;
   case G(LDST_TYPE_b128):                       return 16;
   default:                                      return 4;
   }
}

static uint8_t *
local_at(struct run *st, const struct nvisa_g80_operand *o, unsigned lane,
         unsigned size)
{
   uint32_t byte = (o->val + addr_reg(st, lane, o->areg)) & 0xffff;
   if ((byte & (size - 1)) || byte + size > st->local_bytes) {
      fail(st, "l[0x%x] (%u bytes) outside the %u-byte local space or "
           "unaligned", byte, size, st->local_bytes);
      return NULL;
   }
   return st->local + (size_t)lane * st->local_bytes + byte;
}

/* ld l[] / st l[] for one lane; returns the flags of a loaded word */
static unsigned
exec_local(struct run *st, const struct nvisa_g80_insn *insn, unsigned lane)
{
   unsigned type = M(TYPE), size = g80_run_ldst_bytes(type);
   bool load = insn->op == G(OP_LD_L);
   const struct nvisa_g80_operand *mem = &insn->opnd[load ? 1 : 0];
   unsigned reg = insn->opnd[load ? 0 : 1].val;
   uint8_t *p = local_at(st, mem, lane, size);
   if (!p)
      return 0;
   if (!load) {
      if (size >= 4) {
         for (unsigned i = 0; i < size / 4; i++) {
            uint32_t v = reg_get(st, lane, reg + i);
            memcpy(p + 4 * i, &v, 4);
         }
      } else {
         uint32_t v = reg_get(st, lane, reg);
         memcpy(p, &v, size);   /* little-endian host (nvsim's rule) */
      }
      return 0;
   }
   uint32_t v = 0;
   if (size >= 4) {
      for (unsigned i = 0; i < size / 4; i++) {
         memcpy(&v, p + 4 * i, 4);
         reg_set(st, lane, reg + i, v);
      }
      memcpy(&v, p, 4);
      return g80_int_cc(v, true);
   }
   memcpy(&v, p, size);
   if (type == G(LDST_TYPE_s8))
      v = (uint32_t)(int32_t)(int8_t)v;
   else if (type == G(LDST_TYPE_s16))
      v = (uint32_t)(int32_t)(int16_t)v;
   reg_set(st, lane, reg, v);
   return g80_int_cc(v, true);
}

/* ---- texture instructions: one request for the warp ---- */

void
g80_run_exec_tex(struct run *st, const struct nvisa_g80_insn *insn,
                 uint32_t lanes)
{
   struct g80_tex_request *rq = &st->tex_req;
   uint32_t (*out)[4] = st->tex_out;
   unsigned op = insn->op;
   unsigned base = insn->opnd[0].val % NREGS;
   unsigned argc = M(ARGC) + 1;
   unsigned mask = g80_run_form_has_mod(nvisa_g80_form(op), G(MOD_MASK)) ?
                   M(MASK) : 0xf;

   if (!st->cb || !st->cb->texture) {
      fail(st, "%s: no texture unit", nvisa_g80_form(op)->asm_name);
      return;
   }
   memset(rq, 0, sizeof(*rq));
   switch (op) {
   case G(OP_TXB_L): rq->op = G80_TEX_SAMPLE_BIAS; break;
   case G(OP_TXL_L): rq->op = G80_TEX_SAMPLE_LOD; break;
   case G(OP_TXF_S):
   case G(OP_TXF_L): rq->op = G80_TEX_FETCH; break;
   case G(OP_TXQ_L): rq->op = G80_TEX_QUERY; argc = 1; break;
   case G(OP_TEX_S):
   case G(OP_TEX_L): rq->op = G80_TEX_SAMPLE; break;
   case G(OP_TXG_L): rq->op = G80_TEX_GATHER; break;
   case G(OP_TXLQ_L): rq->op = G80_TEX_QUERY_LOD; break;
   case G(OP_TEXPREP_L): rq->op = G80_TEX_PREP_CUBE; break;
   default:
      fail(st, "%s not modelled", nvisa_g80_form(op)->asm_name);
      return;
   }
   /* isa.rst: "texture instructions with 'live' flag set won't be run"
    * for invisible (helper) lanes */
   if (g80_run_form_has_mod(nvisa_g80_form(op), G(MOD_LIVE)) && M(LIVE))
      lanes &= ~st->warp->helper;
   if (!lanes)
      return;
   rq->tic = M(TEX);
   rq->tsc = M(SAMP);
   rq->target = M(CUBE);
   rq->deriv = M(DERIV);
   rq->active = lanes;
   for (unsigned i = 0; i < 3; i++)
      rq->offset[i] = (int8_t)((M(OFFSET) >> (8 - 4 * i) & 0xf) << 4) >> 4;
   if (argc > 5)
      argc = 5;
   rq->argc = argc;
   for (unsigned l = 0; l < WARP; l++) {
      if (!(lanes >> l & 1))
         continue;
      for (unsigned i = 0; i < argc; i++)
         rq->coord[l][i] = reg_get(st, l, base + i);
      /* texbias/texlod: the bias or LOD is the last source word (Mesa
       * emitTEX puts it after the coordinates) */
      rq->lod_or_bias[l] = rq->coord[l][argc - 1];
   }
   memset(st->tex_out, 0, sizeof(st->tex_out));
   st->cb->texture(st->cb->ctx, st->stage, rq, out);
   for (unsigned l = 0; l < WARP; l++) {
      if (!(lanes >> l & 1))
         continue;
      unsigned n = 0;
      for (unsigned c = 0; c < 4; c++)
         if (mask >> c & 1)
            reg_set(st, l, base + n++, out[l][c]);
   }
}

/* ---- control flow ---- */

static bool
push(struct run *st, enum stack_type type, uint32_t pc, uint32_t mask)
{
   if (st->sp >= G80_EXEC_STACK) {
      fail(st, "%s: control stack overflow", "g80 shader");
      return false;
   }
   st->stack[st->sp++] = (struct stack_entry){ type, pc, mask };
   return true;
}

/* The size of the instruction at pc (bytes), 0 past the code. */
static unsigned
insn_bytes_at(struct run *st, uint32_t pc)
{
   const struct g80_shader_program *p = st->prog;
   uint64_t at = pc;
   if (at + 4 > p->code_size)
      return 0;
   return (p->code[at] & 1) ? 8 : 4;
}

/* No lane left running: resume a waiting path.  false: the warp is done. */
bool
g80_run_resume(struct run *st)
{
   while (st->sp) {
      struct stack_entry e = st->stack[--st->sp];
      uint32_t live = e.mask & ~st->exited;
      switch (e.type) {
      case ST_BRANCH:
         live &= ~(st->broke | st->returned);
         if (live) {
            st->active = live;
            st->next_pc = e.pc;
            return true;
         }
         break;
      case ST_JOIN:
         live &= ~(st->broke | st->returned);
         if (live) {
            /* the lanes waiting at the join executed it already */
            st->active = live;
            st->next_pc = e.pc + insn_bytes_at(st, e.pc);
            return true;
         }
         break;
      case ST_BREAK:
         live &= ~st->returned;
         st->broke &= ~e.mask;
         if (live) {
            st->active = live;
            st->next_pc = e.pc;
            return true;
         }
         break;
      case ST_CALL:
         st->returned &= ~e.mask;
         st->broke &= ~e.mask;   /* a break cannot leave a function */
         if (live) {
            st->active = live;
            st->next_pc = e.pc;
            return true;
         }
         break;
      case ST_QUAD:
         break;
      }
   }
   st->active = 0;
   return false;
}

/* The join modifier: switch to a waiting path of this level, or rejoin. */
bool
g80_run_join(struct run *st, uint32_t pc)
{
   if (!st->sp)
      return true;   /* no joinat: nothing to join (assumed a no-op) */
   struct stack_entry *e = &st->stack[st->sp - 1];
   if (e->type == ST_BRANCH) {
      /* the current lanes wait in the join entry below */
      st->active = 0;
      return g80_run_resume(st);
   }
   if (e->type == ST_JOIN) {
      uint32_t live = e->mask & ~(st->exited | st->broke | st->returned);
      uint32_t target = e->pc;
      st->sp--;
      if (!live)
         return g80_run_resume(st);
      st->active = live;
      st->next_pc = pc == target ? st->next_pc :
                    target + insn_bytes_at(st, target);
      return true;
   }
   return true;
}

/* An instruction's CTRL, after it ran: 1 exits the active lanes, 2 joins
 * (isa.rst, envydis); then the next instruction.  Shared by the reference
 * step and the fast one (g80_exec_fast.c).  Whether lanes still run. */
bool
g80_run_ctrl(struct run *st, unsigned ctrl)
{
   switch (ctrl) {
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

/* Control instructions (long control forms).  Returns false when the
 * warp is done. */
bool
g80_run_exec_control(struct run *st, const struct nvisa_g80_insn *insn,
             uint32_t taken)
{
   uint32_t target = M(TARGET) * 4;
   switch (insn->op) {
   case G(OP_BRA):
      if (!taken)
         return true;
      if (taken != st->active) {
         if (!push(st, ST_BRANCH, st->next_pc, st->active & ~taken))
            return false;
         st->active = taken;
      }
      st->next_pc = target;
      return true;
   case G(OP_JOINAT):
      return push(st, ST_JOIN, target, st->active);
   case G(OP_BREAKADDR):
      return push(st, ST_BREAK, target, st->active);
   case G(OP_CALL):
      if (!push(st, ST_CALL, st->next_pc, st->active))
         return false;
      st->next_pc = target;
      return true;
   case G(OP_BREAK):
   case G(OP_RET):
   case G(OP_KIL):
      if (insn->op == G(OP_BREAK))
         st->broke |= taken;
      else if (insn->op == G(OP_RET))
         st->returned |= taken;
      else {
         st->warp->discarded |= taken;
         st->exited |= taken;
      }
      st->active &= ~taken;
      return st->active ? true : g80_run_resume(st);
   case G(OP_QUADON): {
      uint32_t quads = 0, all = st->warp->lanes >= WARP ? 0xffffffffu :
                                (1u << st->warp->lanes) - 1;
      for (unsigned q = 0; q < WARP; q += 4)
         if (st->active >> q & 0xf)
            quads |= 0xfu << q;
      if (!push(st, ST_QUAD, 0, st->active))
         return false;
      st->active = quads & all;
      return true;
   }
   case G(OP_QUADPOP):
      if (!st->sp || st->stack[st->sp - 1].type != ST_QUAD) {
         fail(st, "%s without quadon", "quadpop");
         return false;
      }
      st->active = st->stack[--st->sp].mask & ~st->exited;
      return st->active ? true : g80_run_resume(st);
   case G(OP_TRAP):
   case G(OP_TRAP_S):
      fail(st, "%s instruction", "trap");
      return false;
   default:
      fail(st, "%s not modelled", nvisa_g80_form(insn->op)->asm_name);
      return false;
   }
}

bool
g80_run_is_control(unsigned op)
{
   switch (op) {
   case G(OP_BRA): case G(OP_JOINAT): case G(OP_BREAKADDR):
   case G(OP_CALL): case G(OP_BREAK): case G(OP_RET): case G(OP_KIL):
   case G(OP_QUADON): case G(OP_QUADPOP): case G(OP_TRAP):
   case G(OP_TRAP_S): case G(OP_BRA_C): case G(OP_PRERET):
      return true;
   default:
      return false;
   }
}

bool
g80_run_is_tex(unsigned op)
{
   switch (op) {
   case G(OP_TEX_S): case G(OP_TXF_S): case G(OP_TEX_L): case G(OP_TXF_L):
   case G(OP_TXB_L): case G(OP_TXL_L): case G(OP_TEXPREP_L):
   case G(OP_TXLQ_L): case G(OP_TXG_L): case G(OP_TXQ_L):
      return true;
   default:
      return false;
   }
}

/* emit / restart (GP) for the taken lanes */
bool
g80_run_exec_emit(struct run *st, const struct nvisa_g80_insn *insn,
                  uint32_t taken)
{
   if (!st->cb || !st->cb->gp_emit) {
      fail(st, "%s: no geometry output", nvisa_g80_form(insn->op)->asm_name);
      return false;
   }
   if (taken)
      st->cb->gp_emit(st->cb->ctx, taken, insn->op == G(OP_RESTART),
                      st->warp->out, st->warp->out_stride);
   /* misc.rst: emit "clears $o" of the lanes that emitted */
   for (unsigned l = 0; l < WARP && insn->op == G(OP_EMIT); l++)
      if ((taken >> l & 1) && st->warp->out)
         memset(&st->warp->out[l * st->warp->out_stride], 0,
                st->warp->out_words * sizeof(uint32_t));
   return true;
}

static const enum nvisa_g80_ptype stage_ptype[] = {
   [G80_STAGE_VP] = NVISA_G80_PTYPE_VP,
   [G80_STAGE_GP] = NVISA_G80_PTYPE_GP,
   [G80_STAGE_FP] = NVISA_G80_PTYPE_FP,
   [G80_STAGE_CP] = NVISA_G80_PTYPE_CP,
};

/* g80.xml marks no form compute-only: a form limited to VP, GP or FP is
 * not a compute program's */
static const uint32_t stage_flag[] = {
   [G80_STAGE_VP] = NVISA_G80_FLAG_VP,
   [G80_STAGE_GP] = NVISA_G80_FLAG_GP,
   [G80_STAGE_FP] = NVISA_G80_FLAG_FP,
   [G80_STAGE_CP] = 0,
};

/* One instruction at st->pc.  false: the warp is done or failed. */
static bool
step(struct run *st)
{
   const struct g80_shader_program *p = st->prog;
   struct nvisa_g80_insn insn;
   uint32_t w[2] = { 0, 0 };
   uint64_t at = st->pc;

   if ((st->pc & 3) || at + 4 > p->code_size) {
      fail(st, "%s: PC outside the code segment", "g80 shader");
      return false;
   }
   unsigned avail = at + 8 <= p->code_size ? 2 : 1;
   memcpy(w, p->code + at, avail * 4);
   int n = nvisa_g80_decode_ptype(w, avail, stage_ptype[st->stage], &insn);
   const struct nvisa_form *form = nvisa_g80_form(insn.op);
   if (n < 0 || (form->flags & G(FLAG_INVALID))) {
      fail(st, "invalid instruction (%s)", form->asm_name);
      return false;
   }
   /* isa.rst: a long instruction starts on an even word */
   if (n == 2 && (st->pc & 4)) {
      fail(st, "%s: a long instruction at an odd word", form->asm_name);
      return false;
   }
   uint32_t chip = G(FLAG_SM11) | G(FLAG_SM12) | G(FLAG_FP64) |
                   G(FLAG_D3D10_1);
   if ((form->flags & chip & ~p->isa_flags) ||
       ((form->flags & (G(FLAG_VP) | G(FLAG_GP) | G(FLAG_FP))) &&
        !(form->flags & stage_flag[st->stage]))) {
      fail(st, "%s: not an instruction of this chip or program type",
           form->asm_name);
      return false;
   }
   st->next_pc = st->pc + n * 4;
   st->steps++;

   /* the lanes whose predicate holds */
   struct nvisa_g80_insn *ip = &insn;
   uint32_t taken = 0;
   for (unsigned l = 0; l < WARP; l++)
      if ((st->active >> l & 1) &&
          g80_cond_test(ip->mod[G(MOD_PRED)],
                        st->c[l][ip->mod[G(MOD_PRED_C)] % NCREGS]))
         taken |= 1u << l;

   if ((insn.op == G(OP_BAR) || insn.op == G(OP_BAR_ALL)) &&
       st->stage == G80_STAGE_CP) {
      /* isa.rst: a barrier counts warps (not lanes); the class decides
       * when the warp goes on.  The warp count of a BAR with COUNT
       * threads is not documented: only BAR_ALL (upstream's emitBAR) is
       * modelled. */
      if (insn.op == G(OP_BAR)) {
         fail(st, "bar with a thread count not modelled (bar all is)");
         return false;
      }
      st->bar.hit = true;
      st->bar.id = ip->mod[G(MOD_BAR)];
      st->bar.inc = ip->mod[G(MOD_INC)];
      st->bar.wait = ip->mod[G(MOD_WAIT)];
      st->pc = st->next_pc;
      return false;
   }
   if (g80_run_is_control(insn.op)) {
      if (!g80_run_exec_control(st, &insn, taken))
         return false;
      st->pc = st->next_pc;
      return !st->failed;
   }
   if (insn.op == G(OP_EMIT) || insn.op == G(OP_RESTART)) {
      if (!g80_run_exec_emit(st, &insn, taken))
         return false;
   } else if (g80_run_is_tex(insn.op)) {
      if (taken)
         g80_run_exec_tex(st, &insn, taken);
   } else {
      /* mov $c has CC_WR but writes its own destination */
      bool cc_wr = ip->mod[G(MOD_CC_WR)] &&
                   g80_run_form_has_mod(form, G(MOD_CC_DST));
      unsigned cc_dst = ip->mod[G(MOD_CC_DST)] % NCREGS;
      if (insn.op == G(OP_QUADOP))
         for (unsigned l = 0; l < WARP; l++)
            st->quad_src[l] = reg_get(st, l, insn.opnd[1].val);
      for (unsigned l = 0; l < WARP && !st->failed; l++) {
         if (!(taken >> l & 1))
            continue;
         unsigned cc = g80_run_exec_lane(st, &insn, l);
         if (cc_wr)
            st->c[l][cc_dst] = cc;
      }
   }
   if (st->failed)
      return false;

   return g80_run_ctrl(st, ip->mod[G(MOD_CTRL)]);
}

/* A run's state set up: the fast path's state lives in its cache (no
 * allocation, and only what a run reads is cleared: g80_exec_priv.h),
 * the reference's is allocated.  NULL (fault filled in) when out of
 * memory. */
static struct run *
run_begin(enum g80_stage stage, const struct g80_shader_program *prog,
          struct g80_shader_warp *warp, const struct g80_shader_callbacks *cb,
          struct g80_shader_fault *fault)
{
   /* compute programs (barriers stop and resume a run, several warps of
    * a block live at once) run on the reference path */
   struct g80_shader_cache *cache = prog->cache && !prog->cache->busy &&
                                    stage != G80_STAGE_CP ?
                                    prog->cache : NULL;
   struct run *st;
   if (cache) {
      cache->busy = true;
      st = &cache->run;
      memset(st, 0, offsetof(struct run, stack));
      st->cache = cache;
   } else {
      st = calloc(1, sizeof(*st));
   }
   if (fault)
      memset(fault, 0, sizeof(*fault));
   if (!st) {
      if (fault) {
         fault->faulted = true;
         snprintf(fault->msg, sizeof(fault->msg), "out of memory");
      }
      return NULL;
   }
   st->stage = stage;
   st->prog = prog;
   st->warp = warp;
   st->cb = cb;
   st->fault = fault;
   st->nregs = prog->gprs && prog->gprs < NREGS ? prog->gprs : NREGS;
   if (cache) {
      /* registers start 0; a lane reads its own only, or its quad's
       * (quadop) */
      unsigned quads = warp->lanes < WARP ? (warp->lanes + 3) & ~3u : WARP;
      for (unsigned l = 0; l < quads; l++)
         memset(st->r[l], 0, st->nregs * sizeof(uint32_t));
   }
   warp->discarded = 0;
   uint32_t all = warp->lanes >= WARP ? 0xffffffffu :
                  (1u << warp->lanes) - 1;
   st->active = warp->active & all;
   st->pc = prog->start;
   if (cache)
      g80_decode_begin(st);
   /* compute: $r0 holds the thread's index in its block (hwdb G80_CP_TID,
    * from upstream's code generator) */
   if (stage == G80_STAGE_CP && warp->tid)
      for (unsigned l = 0; l < WARP && l < warp->lanes; l++)
         reg_set(st, l, 0, warp->tid[l]);

   if (prog->local_bytes && prog->local) {
      /* the caller's memory, local_bytes a lane as given (g80_shader.h) */
      st->local_bytes = prog->local_bytes;
      st->local = prog->local;
   } else if (prog->local_bytes) {
      st->local_bytes = prog->local_bytes <= 0x10000 ? prog->local_bytes :
                                                       0x10000;
      st->local = calloc(WARP, st->local_bytes);
      if (!st->local) {
         fail(st, "%s: out of memory for l[]", "g80 shader");
         if (cache)
            cache->busy = false;
         else
            free(st);
         return NULL;
      }
   }
   return st;
}

static const char *const stage_name[] = {
   [G80_STAGE_VP] = "vertex program",
   [G80_STAGE_GP] = "geometry program",
   [G80_STAGE_FP] = "fragment program",
   [G80_STAGE_CP] = "compute program",
};

/* Runs to the exit, a fault, or (compute) a barrier. */
static void
run_loop(struct run *st)
{
   bool running = st->active != 0 && !st->failed;
   st->bar.hit = false;
   while (running) {
      if (st->steps >= G80_SHADER_MAX_STEPS) {
         fail(st, "%s: instruction limit reached (runaway loop?)",
              stage_name[st->stage]);
         if (st->fault)
            st->fault->runaway = true;
         break;
      }
      running = st->cache ? g80_run_step_fast(st) : step(st);
   }
}

static int
run_end(struct run *st)
{
   const struct g80_shader_program *prog = st->prog;
   struct g80_shader_warp *warp = st->warp;
   uint32_t all = warp->lanes >= WARP ? 0xffffffffu :
                  (1u << warp->lanes) - 1;
   /* FP results: the registers from $r0 up (g80_shader.h) */
   if (!st->failed && st->stage == G80_STAGE_FP && warp->out) {
      for (unsigned l = 0; l < WARP; l++) {
         if (!((warp->active & all) >> l & 1))
            continue;
         for (unsigned i = 0; i < warp->out_words && i < NREGS; i++)
            warp->out[(size_t)l * warp->out_stride + i] = reg_get(st, l, i);
      }
   }
   int ret = st->failed ? -1 : 0;
   if (st->local != prog->local)
      free(st->local);
   if (st->cache)
      st->cache->busy = false;
   else
      free(st);
   return ret;
}

int
g80_shader_run(enum g80_stage stage, const struct g80_shader_program *prog,
               struct g80_shader_warp *warp,
               const struct g80_shader_callbacks *cb,
               struct g80_shader_fault *fault)
{
   struct run *st = run_begin(stage, prog, warp, cb, fault);
   if (!st)
      return -1;
   run_loop(st);
   if (st->bar.hit && !st->failed)
      fail(st, "%s: a barrier in a run that cannot stop (use "
           "g80_shader_start)", stage_name[stage]);
   return run_end(st);
}

struct g80_shader_thread {
   struct run *st;
};

static int
thread_step(struct g80_shader_thread *t, struct g80_shader_barrier *bar)
{
   run_loop(t->st);
   if (t->st->bar.hit && !t->st->failed) {
      if (bar)
         *bar = t->st->bar;
      return 1;
   }
   if (bar)
      memset(bar, 0, sizeof(*bar));
   int ret = run_end(t->st);
   t->st = NULL;
   return ret;
}

int
g80_shader_start(const struct g80_shader_program *prog,
                 struct g80_shader_warp *warp,
                 const struct g80_shader_callbacks *cb,
                 struct g80_shader_fault *fault,
                 struct g80_shader_thread **t,
                 struct g80_shader_barrier *bar)
{
   *t = calloc(1, sizeof(**t));
   if (!*t) {
      if (fault) {
         memset(fault, 0, sizeof(*fault));
         fault->faulted = true;
         snprintf(fault->msg, sizeof(fault->msg), "out of memory");
      }
      return -1;
   }
   (*t)->st = run_begin(G80_STAGE_CP, prog, warp, cb, fault);
   if (!(*t)->st)
      return -1;
   return thread_step(*t, bar);
}

int
g80_shader_resume(struct g80_shader_thread *t, struct g80_shader_barrier *bar)
{
   if (!t || !t->st)
      return -1;
   return thread_step(t, bar);
}

void
g80_shader_thread_free(struct g80_shader_thread *t)
{
   if (!t)
      return;
   if (t->st)
      run_end(t->st);
   free(t);
}
