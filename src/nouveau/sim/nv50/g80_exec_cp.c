/*
 * The Tesla shader interpreter's compute instructions: s[] (a block's
 * shared space), g[] (the global spaces) and their atomics, for programs
 * of type G80_STAGE_CP (the compute class, g80_compute.c).  The barrier
 * is g80_exec.c's (a run stops there, g80_shader.h).
 *
 * Facts: envytools-docs hw/graph/tesla/cuda/isa.rst ("s[]: shared space.
 * 16-bit byte-oriented addressing ... accessible in 8, 16, and 32-bit
 * units", "g0[]-g15[]: global spaces. 32-bit byte-oriented addressing ...
 * 8, 16, 32, 64, and 128-bit units", "Shared memory access" for the
 * modes, "Variants": g[] atomics from G84, 64-bit atomic add from G200);
 * the encodings are isa/g80.xml's.  What the operations compute, where
 * the docs say nothing (data.rst leaves ld/st g[] and the atomics
 * "todo"): the PTX ISA's definitions of atom.{add,exch,cas,inc,dec,min,
 * max,and,or,xor} for 32-bit operands, which these instructions are the
 * compiler's target of (upstream's nv50 emitATOM maps GL's atomics onto
 * them one to one).
 *
 * Accesses outside s[] or a global space's window, or not aligned to
 * their size, fault the program (the class traps the channel saying
 * where): nothing is read or written outside the memory given.
 */
#include <string.h>

#include "g80_exec_priv.h"

static bool
in_compute(struct run *st, const char *what)
{
   if (st->stage == G80_STAGE_CP)
      return true;
   g80_run_fail(st, "%s outside a compute program", what);
   return false;
}

/* s[] byte `byte` (already wrapped to 16 bits) for `size` bytes */
static uint8_t *
shared_at(struct run *st, uint32_t byte, unsigned size)
{
   const struct g80_shader_warp *w = st->warp;
   if (!in_compute(st, "s[]"))
      return NULL;
   if ((byte & (size - 1)) || !w->shared ||
       (uint64_t)byte + size > w->shared_bytes) {
      g80_run_fail(st, "s[0x%x] (%u bytes) outside the block's 0x%x-byte "
                   "shared space or unaligned", byte, size, w->shared_bytes);
      return NULL;
   }
   return w->shared + byte;
}

static uint32_t
shared_byte(struct run *st, const struct nvisa_g80_operand *o, unsigned lane)
{
   return (o->val + addr_reg(st, lane, o->areg)) & 0xffff;
}

uint32_t
g80_run_shared_rd(struct run *st, const struct nvisa_g80_operand *o,
                  unsigned lane)
{
   unsigned size = nvisa_g80_smode_bytes(o->buf);
   const uint8_t *p = shared_at(st, shared_byte(st, o, lane), size);
   uint32_t v = 0;
   if (!p)
      return 0;
   memcpy(&v, p, size);   /* little-endian host (nvsim's rule) */
   if (o->buf == NVISA_G80_SMODE_S16)
      v = (uint32_t)(int32_t)(int16_t)v;
   return v;
}

/* g[space][$r] for `size` bytes through the class's windows */
static uint8_t *
global_at(struct run *st, const struct nvisa_g80_operand *o, unsigned lane,
          unsigned size)
{
   char why[96] = "";
   if (!in_compute(st, "g[]"))
      return NULL;
   uint32_t addr = reg_get(st, lane, o->val);
   if (addr & (size - 1)) {
      g80_run_fail(st, "g%u[0x%x]: a %u-byte access not aligned to its size",
                   o->buf, addr, size);
      return NULL;
   }
   uint8_t *p = st->cb && st->cb->global ?
                st->cb->global(st->cb->ctx, o->buf, addr, size, why) : NULL;
   if (!p)
      g80_run_fail(st, "g%u[0x%x] (%u bytes): %s", o->buf, addr, size,
                   why[0] ? why : "no global memory");
   return p;
}

/* The PTX ISA's atom operations on 32-bit words (the header). */
static uint32_t
atom_op(unsigned op, bool is_signed, uint32_t old, uint32_t b, uint32_t c,
        bool *ok)
{
   *ok = true;
   switch (op) {
   case G(ATOM_OP_add):  return old + b;
   case G(ATOM_OP_exch): return b;
   case G(ATOM_OP_cas):  return old == b ? c : old;
   case G(ATOM_OP_inc):  return old >= b ? 0 : old + 1;
   case G(ATOM_OP_dec):  return old == 0 || old > b ? b : old - 1;
   case G(ATOM_OP_max):
      if (is_signed)
         return (int32_t)old > (int32_t)b ? old : b;
      return old > b ? old : b;
   case G(ATOM_OP_min):
      if (is_signed)
         return (int32_t)old < (int32_t)b ? old : b;
      return old < b ? old : b;
   case G(ATOM_OP_and):  return old & b;
   case G(ATOM_OP_or):   return old | b;
   case G(ATOM_OP_xor):  return old ^ b;
   default:
      *ok = false;
      return old;
   }
}

/* The signed form of a 32-bit atomic: LDST_TYPE b32 with the signed bit
 * (Mesa emitATOM: 0x00c00000, "isSignedType ... 1 << 21" in word 1, i.e.
 * the type field 6 or 7). */
#define ATOM_TYPE_U32 G(LDST_TYPE_b32)
#define ATOM_TYPE_S32 (G(LDST_TYPE_b32) | 1)

static unsigned
exec_atom(struct run *st, const struct nvisa_g80_insn *insn, unsigned lane)
{
   bool red = insn->op == G(OP_RED_G);
   unsigned type = M(TYPE), op = M(AOP);
   if (type != ATOM_TYPE_U32 && type != ATOM_TYPE_S32) {
      /* 64-bit add (G200) and narrower types: not modelled */
      g80_run_fail(st, "%s with type %u not modelled",
                   red ? "red g[]" : "atom g[]", type);
      return 0;
   }
   const struct nvisa_g80_operand *mem = &insn->opnd[red ? 0 : 1];
   uint32_t b = reg_get(st, lane, insn->opnd[red ? 1 : 2].val);
   uint32_t c = red ? 0 : reg_get(st, lane, insn->opnd[3].val);
   if (red && (op == G(ATOM_OP_cas) || op == G(ATOM_OP_exch))) {
      g80_run_fail(st, "red g[] with operation %u", op);
      return 0;
   }
   uint8_t *p = global_at(st, mem, lane, 4);
   if (!p)
      return 0;
   uint32_t old, v;
   bool ok;
   memcpy(&old, p, 4);
   v = atom_op(op, type == ATOM_TYPE_S32, old, b, c, &ok);
   if (!ok) {
      g80_run_fail(st, "g[] atomic operation %u not known", op);
      return 0;
   }
   memcpy(p, &v, 4);
   if (!red)
      reg_set(st, lane, insn->opnd[0].val, old);
   return 0;
}

static unsigned
exec_global(struct run *st, const struct nvisa_g80_insn *insn, unsigned lane)
{
   unsigned type = M(TYPE), size = g80_run_ldst_bytes(type);
   bool load = insn->op == G(OP_LD_G);
   const struct nvisa_g80_operand *mem = &insn->opnd[load ? 1 : 0];
   unsigned reg = insn->opnd[load ? 0 : 1].val;
   uint8_t *p = global_at(st, mem, lane, size);
   uint32_t v = 0;
   if (!p)
      return 0;
   if (!load) {
      for (unsigned i = 0; i < (size + 3) / 4; i++) {
         v = reg_get(st, lane, reg + i);
         memcpy(p + 4 * i, &v, size < 4 ? size : 4);
      }
      return 0;
   }
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

/* st s[]: the low bytes of the source (a half register for u8/u16) */
static void
exec_st_shared(struct run *st, const struct nvisa_g80_insn *insn,
               unsigned lane)
{
   const struct nvisa_g80_operand *mem = &insn->opnd[0];
   const struct nvisa_g80_operand *src = &insn->opnd[1];
   unsigned size = nvisa_g80_smode_bytes(mem->buf);
   uint8_t *p = shared_at(st, shared_byte(st, mem, lane), size);
   if (!p)
      return;
   uint32_t r = reg_get(st, lane, src->size == 2 ? src->val >> 1 : src->val);
   uint32_t v = src->size == 2 && (src->val & 1) ? r >> 16 : r;
   memcpy(p, &v, size);
}

/*
 * Lockable s[] (G200 on; isa.rst: "every warp can have one locked location
 * in s[] ... Load with lock and store with unlock instructions can thus be
 * used to implement atomic operations"; data.rst: "mov lock CDST DST s[]:
 * Tries to lock a word of s[] memory and load a word from it. CDST tells
 * you if it was successfully locked+loaded", "mov unlock s[] SRC: Stores
 * a word to previously-locked s[] word and unlocks it").  What CDST holds
 * is upstream's evidence: its G80 fallback writes flags 2 (S) as
 * "locked" and its loop branches on LT.  A failed lock leaves the
 * destination and writes flags 0.  Assumed (no document): a word locked
 * by one lane cannot be locked by another lane of the same warp either
 * (the lanes take the instruction in lane order), so upstream's retry
 * loop serialises them; an unlock by a thread that does not hold the word
 * faults.
 */
static unsigned
exec_lock(struct run *st, const struct nvisa_g80_insn *insn, unsigned lane)
{
   bool load = insn->op == G(OP_LD_S_B32_LOCK);
   const struct nvisa_g80_operand *mem = &insn->opnd[load ? 1 : 0];
   uint32_t byte = shared_byte(st, mem, lane);
   uint8_t *p = shared_at(st, byte, 4);
   uint32_t *lock = st->warp->shared_lock;
   uint32_t me = 1 + st->warp->warp_index * WARP + lane;
   if (!p)
      return 0;
   if (!lock) {
      g80_run_fail(st, "%s: no s[] locks", "ld lock s[]");
      return 0;
   }
   if (load) {
      if (lock[byte / 4] && lock[byte / 4] != me)
         return 0;
      uint32_t v;
      memcpy(&v, p, 4);
      lock[byte / 4] = me;
      reg_set(st, lane, insn->opnd[0].val, v);
      return G80_CC_S;
   }
   if (lock[byte / 4] != me) {
      g80_run_fail(st, "st unlock s[0x%x]: the thread holds no lock on it",
                   byte);
      return 0;
   }
   uint32_t v = reg_get(st, lane, insn->opnd[1].val);
   memcpy(p, &v, 4);
   lock[byte / 4] = 0;
   return 0;
}

bool
g80_run_is_cp_op(unsigned op)
{
   switch (op) {
   case G(OP_LD_S_B32_LOCK): case G(OP_ST_S_B32_UNLOCK):
   case G(OP_LD_S_U8_H): case G(OP_LD_S_U16_H): case G(OP_LD_S_S16_H):
   case G(OP_LD_S_U8): case G(OP_LD_S_U16): case G(OP_LD_S_S16):
   case G(OP_LD_S_B32):
   case G(OP_ST_S_U8): case G(OP_ST_S_U16): case G(OP_ST_S_B32):
   case G(OP_LD_G): case G(OP_ST_G): case G(OP_RED_G): case G(OP_ATOM_G):
      return true;
   default:
      return false;
   }
}

unsigned
g80_run_exec_cp(struct run *st, const struct nvisa_g80_insn *insn,
                unsigned lane)
{
   switch (insn->op) {
   case G(OP_LD_S_B32_LOCK):
   case G(OP_ST_S_B32_UNLOCK):
      return exec_lock(st, insn, lane);
   case G(OP_LD_G):
   case G(OP_ST_G):
      return exec_global(st, insn, lane);
   case G(OP_RED_G):
   case G(OP_ATOM_G):
      return exec_atom(st, insn, lane);
   case G(OP_ST_S_U8):
   case G(OP_ST_S_U16):
   case G(OP_ST_S_B32):
      exec_st_shared(st, insn, lane);
      return 0;
   default: {
      /* ld s[]: the mode is the memory operand's; a half destination
       * takes the low 16 bits (u8/u16/s16 are 16-bit values then) */
      const struct nvisa_g80_operand *mem = &insn->opnd[1];
      struct nvisa_g80_operand m = *mem;
      if (insn->op == G(OP_LD_S_S16_H) || insn->op == G(OP_LD_S_S16))
         m.buf = NVISA_G80_SMODE_S16;
      uint32_t v = g80_run_shared_rd(st, &m, lane);
      if (st->failed)
         return 0;
      const struct nvisa_g80_operand *d = &insn->opnd[0];
      if (d->file == G(FILE_GPR) && d->size == 2) {
         uint32_t r = reg_get(st, lane, d->val >> 1);
         r = d->val & 1 ? (r & 0xffff) | v << 16 :
                          (r & 0xffff0000) | (v & 0xffff);
         reg_set(st, lane, d->val >> 1, r);
      } else if (d->file == G(FILE_GPR)) {
         reg_set(st, lane, d->val, v);
      } else if (d->file != G(FILE_NONE)) {
         g80_run_fail(st, "ld s[] into %s", "$o");
      }
      return 0;
   }
   }
}
