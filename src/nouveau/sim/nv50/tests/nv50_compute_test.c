/*
 * nvsim's Tesla compute class (g80_compute*.c, g80_exec_cp.c): grids
 * launched through the FIFO as upstream's nv50_launch_grid sends them,
 * programs hand-assembled through libnvisa, every expected value worked
 * out by hand from the thread and block numbers (the s[] layout and $r0
 * from hwdb G80_CP_SHARED / G80_CP_TID, the atomics' definitions in
 * g80_exec_cp.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "nv50_tfx.h"
#include "g80_compute.xml.h"
#include "fifo.xml.h"
#include "nvisa_g80.h"

#define G(x) NVISA_G80_##x
#define CP_SUBC 6
#define CP_HANDLE 0xbeef50c0

/* ---- a tiny assembler over nvisa_g80_encode (every form long) ---- */

struct prog {
   uint32_t w[256];
   unsigned n;
   bool bad;
};

static struct nvisa_g80_operand
R(unsigned r)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 4, .val = r };
}

static struct nvisa_g80_operand
IMM(uint32_t v)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_IMM), .size = 4, .val = v };
}

static struct nvisa_g80_operand
ADDR(unsigned a)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_ADDR), .size = 4, .val = a };
}

/* s[$a + byte] in mode m */
static struct nvisa_g80_operand
S(unsigned m, unsigned byte, unsigned areg)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_SHARED),
                                      .size = m == G(SMODE_U8) ? 1 :
                                              m == G(SMODE_B32) ? 4 : 2,
                                      .buf = m, .val = byte, .areg = areg };
}

/* g[space][$r] */
static struct nvisa_g80_operand
GL(unsigned space, unsigned r)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_GLOBAL), .size = 4,
                                      .buf = space, .val = r };
}

static struct nvisa_g80_insn
I(unsigned op)
{
   struct nvisa_g80_insn insn;
   nvisa_g80_insn_init(&insn, op);
   return insn;
}

static struct nvisa_g80_insn
op(unsigned o, struct nvisa_g80_operand a, struct nvisa_g80_operand b,
   struct nvisa_g80_operand c)
{
   struct nvisa_g80_insn i = I(o);
   i.opnd[0] = a;
   i.opnd[1] = b;
   i.opnd[2] = c;
   return i;
}

static void
emit(struct prog *p, struct nvisa_g80_insn insn)
{
   uint32_t w[NVISA_FORM_MAX_WORDS];
   int n = nvisa_g80_encode(&insn, w);
   if (n != 2 || p->n + n > 256) {
      fprintf(stderr, "cannot encode %s\n", nvisa_g80_form(insn.op)->name);
      p->bad = true;
      return;
   }
   memcpy(p->w + p->n, w, 8);
   p->n += 2;
}

static struct nvisa_g80_insn
ldst(unsigned o, unsigned type, struct nvisa_g80_operand a,
     struct nvisa_g80_operand b)
{
   struct nvisa_g80_insn i = op(o, a, b, (struct nvisa_g80_operand){ 0 });
   i.mod[G(MOD_TYPE)] = type;
   return i;
}

static void
emit_exit(struct prog *p)
{
   struct nvisa_g80_insn i = I(G(OP_NOP));
   i.mod[G(MOD_CTRL)] = 1;
   emit(p, i);
}

/* ---- the setup: a GT215 (or G80) channel with 3D and compute ---- */

struct cfx {
   struct tfx t;
   struct surf2d code, buf[2];
};

static void
mcp(struct tfx *t, uint32_t mthd, uint32_t data)
{
   out(t, nvt_inc(CP_SUBC, mthd, 1));
   out(t, data);
}

/* The code buffer is the FP code segment (upstream: compute programs
 * live there, CP_START_ID their offset); g[space] windows buf[space]
 * linearly, limit bytes - 1. */
static bool
cfx_init(struct cfx *c, uint32_t chipset, uint32_t class3d, uint32_t classcp,
         const struct prog *p, unsigned buf_bytes)
{
   memset(c, 0, sizeof(*c));
   if (!tfx_init(&c->t, chipset))
      return false;
   struct tfx *t = &c->t;
   t3d_bind(t, class3d);
   surf2d_new(t, &c->code, 0x10000);
   memcpy(c->code.map + 0x100, p->w, p->n * 4);
   m3d(t, G80_3D_DMA_CODE_CB, t->info.vram_ctxdma);
   m3d(t, G80_3D_FP_ADDRESS_HIGH, c->code.va >> 32);
   m3d(t, G80_3D_FP_ADDRESS_LOW, (uint32_t)c->code.va);
   CHECK_EQ(nvsim_object_create(t->chan, CP_HANDLE, classcp), 0);
   out(t, nvt_inc(CP_SUBC, 0, 1));
   out(t, CP_HANDLE);
   mcp(t, G80_COMPUTE_DMA_GLOBAL, t->info.vram_ctxdma);
   for (unsigned i = 0; i < 2; i++) {
      surf2d_new(t, &c->buf[i], buf_bytes);
      memset(c->buf[i].map, 0, buf_bytes);
      mcp(t, G80_COMPUTE_GLOBAL_ADDRESS_HIGH(i), c->buf[i].va >> 32);
      mcp(t, G80_COMPUTE_GLOBAL_ADDRESS_LOW(i), (uint32_t)c->buf[i].va);
      mcp(t, G80_COMPUTE_GLOBAL_LIMIT(i), buf_bytes - 1);
      mcp(t, G80_COMPUTE_GLOBAL_MODE(i), G80_COMPUTE_GLOBAL_MODE_LINEAR);
   }
   mcp(t, G80_COMPUTE_CP_START_ID, 0x100);
   mcp(t, G80_COMPUTE_CP_REG_ALLOC_TEMP, 16);
   mcp(t, G80_COMPUTE_LANES32_ENABLE, 1);
   mcp(t, G80_COMPUTE_UNK0384, 0x100);
   mcp(t, G80_COMPUTE_GRIDID, 1);
   return !p->bad;
}

/* upstream's launch sequence (nv50_launch_grid) with its values */
static void
cfx_launch(struct cfx *c, unsigned bx, unsigned by, unsigned bz, unsigned gx,
           unsigned gy, unsigned shared, const uint32_t *params,
           unsigned num_params)
{
   struct tfx *t = &c->t;
   mcp(t, G80_COMPUTE_USER_PARAM_COUNT,
       G80_COMPUTE_USER_PARAM_COUNT_COUNT(num_params));
   for (unsigned i = 0; i < num_params; i++)
      mcp(t, G80_COMPUTE_USER_PARAM(i), params[i]);
   mcp(t, G80_COMPUTE_SHARED_SIZE, shared);
   mcp(t, G80_COMPUTE_BLOCKDIM_XY, G80_COMPUTE_BLOCKDIM_XY_X(bx) |
                                   G80_COMPUTE_BLOCKDIM_XY_Y(by));
   mcp(t, G80_COMPUTE_BLOCKDIM_Z, bz);
   mcp(t, G80_COMPUTE_BLOCK_ALLOC, G80_COMPUTE_BLOCK_ALLOC_THREADS(bx * by * bz) |
                                   G80_COMPUTE_BLOCK_ALLOC_BARRIERS(1));
   mcp(t, G80_COMPUTE_BLOCKDIM_LATCH, 1);
   mcp(t, G80_COMPUTE_GRIDDIM, G80_COMPUTE_GRIDDIM_X(gx) |
                               G80_COMPUTE_GRIDDIM_Y(gy));
   mcp(t, G80_COMPUTE_LAUNCH, 0);
   tfx_submit(t, NULL, 0);
}

static void
cfx_fini(struct cfx *c)
{
   if (c->code.bo)
      surf2d_free(&c->t, &c->code);
   for (unsigned i = 0; i < 2; i++)
      if (c->buf[i].bo)
         surf2d_free(&c->t, &c->buf[i]);
   tfx_fini(&c->t);
}

static uint32_t
word(const struct surf2d *s, unsigned i)
{
   uint32_t v;
   memcpy(&v, s->map + 4 * i, 4);
   return v;
}

/*
 * Every thread of a 3 x 2 grid of 5 x 1 x 1 blocks writes user parameter 0
 * plus its tid.x to word ctaid.y * 16 + ctaid.x * ntid.x + tid.x of g0[]:
 * $r0 (tid), ld u16 s[] (ctaid, ntid) and an add reading s[] b32 as its
 * source (the parameter at s[0x10]), mul 24, shl, st g[].
 */
static void
cp_grid(void)
{
   struct prog p = { 0 };
   emit(&p, op(G(OP_AND_B32_I), R(1), R(0), IMM(0xffff)));          /* tid.x */
   emit(&p, op(G(OP_LD_S_U16), R(2), S(G(SMODE_U16), G80_CP_SHARED_CTAID_X, 0),
               (struct nvisa_g80_operand){ 0 }));
   emit(&p, op(G(OP_LD_S_U16), R(3), S(G(SMODE_U16), G80_CP_SHARED_NTID_X, 0),
               (struct nvisa_g80_operand){ 0 }));
   emit(&p, op(G(OP_LD_S_U16), R(7), S(G(SMODE_U16), G80_CP_SHARED_CTAID_Y, 0),
               (struct nvisa_g80_operand){ 0 }));
   emit(&p, op(G(OP_MUL_24_L), R(4), R(2), R(3)));
   emit(&p, op(G(OP_ADD_B32_L), R(4), R(4), R(1)));
   emit(&p, op(G(OP_SHL_B32_IMM), R(7), R(7), IMM(4)));
   emit(&p, op(G(OP_ADD_B32_L), R(4), R(4), R(7)));
   emit(&p, op(G(OP_SHL_B32_IMM), R(5), R(4), IMM(2)));
   emit(&p, op(G(OP_ADD_B32_L), R(6), S(G(SMODE_B32), G80_CP_SHARED_USER_PARAM, 0),
               R(1)));
   emit(&p, ldst(G(OP_ST_G), G(LDST_TYPE_b32), GL(0, 5), R(6)));
   emit_exit(&p);

   struct cfx c;
   const uint32_t param = 0x1000;
   if (!cfx_init(&c, 0xa3, GT215_3D_CLASS, GT215_COMPUTE_CLASS, &p, 0x100))
      goto out;
   memset(c.buf[0].map, 0xee, 0x100);
   cfx_launch(&c, 5, 1, 1, 3, 2, 0x40, &param, 1);
   CHECK(nvsim_channel_last_trap(c.t.chan) == NULL);
   for (unsigned i = 0; i < 0x40; i++) {
      unsigned y = i / 16, x = i % 16 / 5, tx = i % 16 % 5;
      bool written = y < 2 && i % 16 < 15;
      CHECK_EQ(word(&c.buf[0], i), written ? param + tx : 0xeeeeeeeeu);
      (void)x;
   }
out:
   cfx_fini(&c);
}

/*
 * 64 threads (two warps) store tid.x at s[0x40 + 4 tid], meet at a
 * barrier, then each reads its mirror's word s[0x40 + 4 (tid ^ 63)],
 * written by the other warp, and stores it at g0[4 tid]: 63 - tid (tid ^
 * 63).  Without the barrier warp 0 would read warp 1's zeroed words.
 */
static void
cp_barrier_shared(void)
{
   struct prog p = { 0 };
   emit(&p, op(G(OP_AND_B32_I), R(1), R(0), IMM(0xffff)));
   emit(&p, op(G(OP_SHL_A), ADDR(1), R(1), IMM(2)));
   emit(&p, op(G(OP_ST_S_B32), S(G(SMODE_B32), 0x40, 1), R(1),
               (struct nvisa_g80_operand){ 0 }));
   struct nvisa_g80_insn bar = I(G(OP_BAR_ALL));
   bar.mod[G(MOD_INC)] = 1;
   bar.mod[G(MOD_WAIT)] = 1;
   emit(&p, bar);
   emit(&p, op(G(OP_XOR_B32_I), R(2), R(1), IMM(63)));
   emit(&p, op(G(OP_SHL_A), ADDR(2), R(2), IMM(2)));
   emit(&p, op(G(OP_LD_S_B32), R(3), S(G(SMODE_B32), 0x40, 2),
               (struct nvisa_g80_operand){ 0 }));
   emit(&p, op(G(OP_SHL_B32_IMM), R(4), R(1), IMM(2)));
   emit(&p, ldst(G(OP_ST_G), G(LDST_TYPE_b32), GL(0, 4), R(3)));
   emit_exit(&p);

   struct cfx c;
   if (!cfx_init(&c, 0xa3, GT215_3D_CLASS, GT215_COMPUTE_CLASS, &p, 0x100))
      goto out;
   cfx_launch(&c, 64, 1, 1, 1, 1, 0x140, NULL, 0);
   CHECK(nvsim_channel_last_trap(c.t.chan) == NULL);
   for (unsigned i = 0; i < 64; i++)
      CHECK_EQ(word(&c.buf[0], i), 63 - i);
out:
   cfx_fini(&c);
}

/*
 * 40 threads (a full warp and 8 lanes) on g0[] words 0..4: atom add 1
 * (the old values to g1[4 tid]: each of 0..39 once), red add 3, atom inc
 * with bound 6 (40 increments from 0 wrap at 7: 40 % 7 = 5), atom min
 * signed of tid - 20 (-20), atom max unsigned of tid (39).
 */
static void
cp_atomics(void)
{
   struct prog p = { 0 };
   emit(&p, op(G(OP_AND_B32_I), R(1), R(0), IMM(0xffff)));
   emit(&p, op(G(OP_MOV_B32_I), R(2), IMM(0), (struct nvisa_g80_operand){ 0 }));
   emit(&p, op(G(OP_MOV_B32_I), R(3), IMM(1), (struct nvisa_g80_operand){ 0 }));
   struct nvisa_g80_insn a = op(G(OP_ATOM_G), R(4), GL(0, 2), R(3));
   a.opnd[3] = R(3);
   a.mod[G(MOD_TYPE)] = G(LDST_TYPE_b32);
   a.mod[G(MOD_AOP)] = G(ATOM_OP_add);
   emit(&p, a);
   emit(&p, op(G(OP_SHL_B32_IMM), R(5), R(1), IMM(2)));
   emit(&p, ldst(G(OP_ST_G), G(LDST_TYPE_b32), GL(1, 5), R(4)));
   /* red add 3 at word 1 */
   emit(&p, op(G(OP_MOV_B32_I), R(2), IMM(4), (struct nvisa_g80_operand){ 0 }));
   emit(&p, op(G(OP_MOV_B32_I), R(6), IMM(3), (struct nvisa_g80_operand){ 0 }));
   struct nvisa_g80_insn r = ldst(G(OP_RED_G), G(LDST_TYPE_b32), GL(0, 2), R(6));
   r.mod[G(MOD_AOP)] = G(ATOM_OP_add);
   emit(&p, r);
   /* inc with bound 6 at word 2 */
   emit(&p, op(G(OP_MOV_B32_I), R(2), IMM(8), (struct nvisa_g80_operand){ 0 }));
   emit(&p, op(G(OP_MOV_B32_I), R(6), IMM(6), (struct nvisa_g80_operand){ 0 }));
   a = op(G(OP_ATOM_G), R(7), GL(0, 2), R(6));
   a.opnd[3] = R(6);
   a.mod[G(MOD_TYPE)] = G(LDST_TYPE_b32);
   a.mod[G(MOD_AOP)] = G(ATOM_OP_inc);
   emit(&p, a);
   /* min signed of tid - 20 at word 3 */
   emit(&p, op(G(OP_MOV_B32_I), R(2), IMM(12), (struct nvisa_g80_operand){ 0 }));
   emit(&p, op(G(OP_ADD_B32_I), R(6), R(1), IMM((uint32_t)-20)));
   a = op(G(OP_ATOM_G), R(7), GL(0, 2), R(6));
   a.opnd[3] = R(6);
   a.mod[G(MOD_TYPE)] = G(LDST_TYPE_b32) | 1;
   a.mod[G(MOD_AOP)] = G(ATOM_OP_min);
   emit(&p, a);
   /* max unsigned of tid at word 4 */
   emit(&p, op(G(OP_MOV_B32_I), R(2), IMM(16), (struct nvisa_g80_operand){ 0 }));
   a = op(G(OP_ATOM_G), R(7), GL(0, 2), R(1));
   a.opnd[3] = R(1);
   a.mod[G(MOD_TYPE)] = G(LDST_TYPE_b32);
   a.mod[G(MOD_AOP)] = G(ATOM_OP_max);
   emit(&p, a);
   emit_exit(&p);

   struct cfx c;
   if (!cfx_init(&c, 0xa3, GT215_3D_CLASS, GT215_COMPUTE_CLASS, &p, 0x100))
      goto out;
   cfx_launch(&c, 40, 1, 1, 1, 1, 0x40, NULL, 0);
   CHECK(nvsim_channel_last_trap(c.t.chan) == NULL);
   CHECK_EQ(word(&c.buf[0], 0), 40);
   CHECK_EQ(word(&c.buf[0], 1), 120);
   CHECK_EQ(word(&c.buf[0], 2), 5);
   CHECK_EQ(word(&c.buf[0], 3), (uint32_t)-20);
   CHECK_EQ(word(&c.buf[0], 4), 39);
   uint64_t seen = 0;
   for (unsigned i = 0; i < 40; i++)
      if (word(&c.buf[1], i) < 40)
         seen |= 1ull << word(&c.buf[1], i);
   CHECK_EQ(seen, (1ull << 40) - 1);
out:
   cfx_fini(&c);
}

/* A store one word past g0[]'s limit traps and writes nothing; so does a
 * barrier warp 1 never reaches (it exits first), and s[] past
 * SHARED_SIZE. */
static void
cp_traps(void)
{
   struct prog p = { 0 };
   emit(&p, op(G(OP_MOV_B32_I), R(1), IMM(0x100), (struct nvisa_g80_operand){ 0 }));
   emit(&p, ldst(G(OP_ST_G), G(LDST_TYPE_b32), GL(0, 1), R(1)));
   emit_exit(&p);
   struct cfx c;
   if (!cfx_init(&c, 0xa3, GT215_3D_CLASS, GT215_COMPUTE_CLASS, &p, 0x100))
      goto out;
   cfx_launch(&c, 1, 1, 1, 1, 1, 0x40, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(c.t.chan), "past the window's limit");
out:
   cfx_fini(&c);

   /* warp 0 waits at the barrier, warp 1 (tid >= 32: set gives all
    * ones, $c0 not Z) branches to the exit past it first */
   struct prog q = { 0 };
   emit(&q, op(G(OP_AND_B32_I), R(1), R(0), IMM(0xffff)));
   emit(&q, op(G(OP_MOV_B32_I), R(3), IMM(32), (struct nvisa_g80_operand){ 0 }));
   struct nvisa_g80_insn set = op(G(OP_SET_B32), R(2), R(1), R(3));
   set.mod[G(MOD_CMP)] = G(COND_ge);
   set.mod[G(MOD_CC_WR)] = 1;
   emit(&q, set);
   struct nvisa_g80_insn bra = I(G(OP_BRA));
   bra.mod[G(MOD_PRED)] = G(COND_lg);
   bra.mod[G(MOD_TARGET)] = (0x100 + 5 * 8) / 4;
   emit(&q, bra);
   struct nvisa_g80_insn bar = I(G(OP_BAR_ALL));
   bar.mod[G(MOD_INC)] = 1;
   bar.mod[G(MOD_WAIT)] = 1;
   emit(&q, bar);
   emit_exit(&q);
   if (!cfx_init(&c, 0xa3, GT215_3D_CLASS, GT215_COMPUTE_CLASS, &q, 0x100))
      goto out2;
   cfx_launch(&c, 64, 1, 1, 1, 1, 0x40, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(c.t.chan), "can never complete");
out2:
   cfx_fini(&c);

   struct prog s = { 0 };
   emit(&s, op(G(OP_MOV_B32_I), R(1), IMM(7), (struct nvisa_g80_operand){ 0 }));
   emit(&s, op(G(OP_ST_S_B32), S(G(SMODE_B32), 0x40, 0), R(1),
               (struct nvisa_g80_operand){ 0 }));
   emit_exit(&s);
   if (!cfx_init(&c, 0xa3, GT215_3D_CLASS, GT215_COMPUTE_CLASS, &s, 0x100))
      goto out3;
   cfx_launch(&c, 1, 1, 1, 1, 1, 0x40, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(c.t.chan), "shared space");
out3:
   cfx_fini(&c);
}

/* G80_COMPUTE on the G80: the methods, a launch; atomics are G84's
 * (isa.rst "Variants"): on the G80 the form faults. */
static void
cp_g80(void)
{
   struct prog p = { 0 };
   emit(&p, op(G(OP_AND_B32_I), R(1), R(0), IMM(0xffff)));
   emit(&p, op(G(OP_SHL_B32_IMM), R(5), R(1), IMM(2)));
   emit(&p, ldst(G(OP_ST_G), G(LDST_TYPE_b32), GL(0, 5), R(1)));
   struct nvisa_g80_insn a = op(G(OP_ATOM_G), R(4), GL(1, 5), R(1));
   a.opnd[3] = R(1);
   a.mod[G(MOD_TYPE)] = G(LDST_TYPE_b32);
   emit(&p, a);
   emit_exit(&p);
   struct cfx c;
   if (!cfx_init(&c, 0x50, G80_3D_CLASS, G80_COMPUTE_CLASS, &p, 0x100))
      goto out;
   cfx_launch(&c, 3, 1, 1, 1, 1, 0x40, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(c.t.chan), "not an instruction of "
                 "this chip");
   for (unsigned i = 0; i < 3; i++)
      CHECK_EQ(word(&c.buf[0], i), i);
out:
   cfx_fini(&c);
}

/*
 * Constant buffer 5 defined, filled and bound as c0[] through the compute
 * class's own CB_DEF_SET, CB_ADDR/CB_DATA and SET_PROGRAM_CB (upstream's
 * compute user uniforms): the program copies c0[0x4] to g0[0].
 */
static void
cp_const_buffer(void)
{
   struct prog p = { 0 };
   struct nvisa_g80_insn ld = I(G(OP_LD_C_B32));
   ld.opnd[0] = R(1);
   ld.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_CONST), .size = 4,
                                            .buf = 0, .val = 4 };
   emit(&p, ld);
   emit(&p, op(G(OP_MOV_B32_I), R(2), IMM(0), (struct nvisa_g80_operand){ 0 }));
   emit(&p, ldst(G(OP_ST_G), G(LDST_TYPE_b32), GL(0, 2), R(1)));
   emit_exit(&p);
   struct cfx c;
   struct surf2d cb = { 0 };
   if (!cfx_init(&c, 0xa3, GT215_3D_CLASS, GT215_COMPUTE_CLASS, &p, 0x100))
      goto out;
   surf2d_new(&c.t, &cb, 0x100);
   mcp(&c.t, G80_COMPUTE_CB_DEF_ADDRESS_HIGH, cb.va >> 32);
   mcp(&c.t, G80_COMPUTE_CB_DEF_ADDRESS_LOW, (uint32_t)cb.va);
   mcp(&c.t, G80_COMPUTE_CB_DEF_SET, G80_COMPUTE_CB_DEF_SET_BUFFER(5) |
                                     G80_COMPUTE_CB_DEF_SET_SIZE(0x100));
   mcp(&c.t, G80_COMPUTE_CB_ADDR, G80_COMPUTE_CB_ADDR_BUFFER(5) |
                                  G80_COMPUTE_CB_ADDR_ID(1));
   mcp(&c.t, G80_COMPUTE_CB_DATA(0), 0xcafe);
   mcp(&c.t, G80_COMPUTE_SET_PROGRAM_CB, G80_COMPUTE_SET_PROGRAM_CB_BUFFER(5) |
                                         G80_COMPUTE_SET_PROGRAM_CB_INDEX(0) |
                                         G80_COMPUTE_SET_PROGRAM_CB_VALID(1));
   cfx_launch(&c, 1, 1, 1, 1, 1, 0x40, NULL, 0);
   CHECK(nvsim_channel_last_trap(c.t.chan) == NULL);
   CHECK_EQ(word(&c.buf[0], 0), 0xcafe);
   CHECK_EQ(word(&cb, 1), 0xcafe);
   surf2d_free(&c.t, &cb);
out:
   cfx_fini(&c);
}

/*
 * 64 threads add 1 to s[0x40] through upstream's lock loop (ld lock, a
 * branch on LT to the add and st unlock, else back to the lock) and store
 * their new value at g0[4 tid]: with the word locked by one lane at a
 * time every value 1..64 appears once (a lost update would repeat one).
 */
static void
cp_shared_lock(void)
{
   struct prog p = { 0 };
   emit(&p, op(G(OP_AND_B32_I), R(1), R(0), IMM(0xffff)));
   struct nvisa_g80_insn ld = op(G(OP_LD_S_B32_LOCK), R(2),
                                 S(G(SMODE_B32), 0x40, 0),
                                 (struct nvisa_g80_operand){ 0 });
   ld.mod[G(MOD_CC_WR)] = 1;
   emit(&p, ld);                                          /* 0x108 */
   struct nvisa_g80_insn bra = I(G(OP_BRA));
   bra.mod[G(MOD_PRED)] = G(COND_l);
   bra.mod[G(MOD_TARGET)] = (0x100 + 4 * 8) / 4;
   emit(&p, bra);
   bra = I(G(OP_BRA));
   bra.mod[G(MOD_TARGET)] = (0x100 + 1 * 8) / 4;
   emit(&p, bra);
   emit(&p, op(G(OP_ADD_B32_I), R(2), R(2), IMM(1)));    /* 0x120 */
   emit(&p, op(G(OP_ST_S_B32_UNLOCK), S(G(SMODE_B32), 0x40, 0), R(2),
               (struct nvisa_g80_operand){ 0 }));
   emit(&p, op(G(OP_SHL_B32_IMM), R(3), R(1), IMM(2)));
   emit(&p, ldst(G(OP_ST_G), G(LDST_TYPE_b32), GL(0, 3), R(2)));
   emit_exit(&p);
   struct cfx c;
   if (!cfx_init(&c, 0xa3, GT215_3D_CLASS, GT215_COMPUTE_CLASS, &p, 0x100))
      goto out;
   cfx_launch(&c, 64, 1, 1, 1, 1, 0x80, NULL, 0);
   CHECK(nvsim_channel_last_trap(c.t.chan) == NULL);
   uint64_t seen = 0;
   for (unsigned i = 0; i < 64; i++)
      if (word(&c.buf[0], i) >= 1 && word(&c.buf[0], i) <= 64)
         seen |= 1ull << (word(&c.buf[0], i) - 1);
   CHECK_EQ(seen, ~0ull);
out:
   cfx_fini(&c);
}

static const struct nvt_case cases[] = {
   { "cp_shared_lock", cp_shared_lock },
   { "cp_const_buffer", cp_const_buffer },
   { "cp_grid", cp_grid },
   { "cp_barrier_shared", cp_barrier_shared },
   { "cp_atomics", cp_atomics },
   { "cp_traps", cp_traps },
   { "cp_g80", cp_g80 },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   (void)t3d_clear_color;   /* nv50_tfx.h's, unused here */
   return nvt_main(argc, argv, cases);
}
