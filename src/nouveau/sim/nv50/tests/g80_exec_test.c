/*
 * The Tesla shader interpreter (g80_exec*.c).  Programs are assembled
 * from decoded instructions through libnvisa's encoder (no hand-written
 * words); expected values are worked out by hand from envytools'
 * documentation (hw/graph/tesla/cuda/ *.rst) and the behaviour of
 * hwtest's bit-exact models (g80_fp.cc, g80_int.cc, g80_sfu.cc and
 * nvhw/fp.c): the reasoning is written next to each value.
 */
#include <math.h>
#include <stdlib.h>

#include "nvsim_test.h"
#include "g80_exec.h"
#include "g80_shader.h"
#include "nvisa_g80.h"

#define G(x) NVISA_G80_##x

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static float
bitsf(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* ---- a tiny assembler over nvisa_g80_encode ---- */

struct prog {
   uint32_t w[1024];
   unsigned n;          /* words */
   bool bad;
};

static struct nvisa_g80_operand
R(unsigned r)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 4, .val = r };
}

static struct nvisa_g80_operand
O(unsigned r)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_OUT), .size = 4, .val = r };
}

static struct nvisa_g80_operand
IMM(uint32_t v)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_IMM), .size = 4, .val = v };
}

/* c[buf][byte] */
static struct nvisa_g80_operand
C(unsigned buf, unsigned byte)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_CONST), .size = 4,
                                      .buf = buf, .val = byte };
}

static struct nvisa_g80_operand
A(unsigned byte)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_ATTR), .size = 4, .val = byte };
}

static struct nvisa_g80_operand
V(unsigned byte)
{
   return (struct nvisa_g80_operand){ .file = G(FILE_VAR), .size = 4, .val = byte };
}

static struct nvisa_g80_insn
I(unsigned op)
{
   struct nvisa_g80_insn insn;
   nvisa_g80_insn_init(&insn, op);
   return insn;
}

/* Appends insn; returns its byte address.  Long instructions sit on even
 * words (isa.rst): the tests only use them. */
static unsigned
emit(struct prog *p, struct nvisa_g80_insn insn)
{
   uint32_t w[NVISA_FORM_MAX_WORDS];
   unsigned at = p->n * 4;
   int n = nvisa_g80_encode(&insn, w);
   if (n < 0 || p->n + n > 1024) {
      fprintf(stderr, "cannot encode %s\n", nvisa_g80_form(insn.op)->name);
      p->bad = true;
      return at;
   }
   memcpy(p->w + p->n, w, n * 4);
   p->n += n;
   return at;
}

/* The branch target of the instruction at byte `at` set to `target`. */
static void
patch_target(struct prog *p, unsigned at, unsigned target)
{
   struct nvisa_g80_insn insn;
   CHECK(nvisa_g80_decode(p->w + at / 4, 2, &insn) == 2);
   insn.mod[G(MOD_TARGET)] = target / 4;
   uint32_t w[NVISA_FORM_MAX_WORDS];
   CHECK(nvisa_g80_encode(&insn, w) == 2);
   memcpy(p->w + at / 4, w, 8);
}

static struct nvisa_g80_insn
op2(unsigned op, struct nvisa_g80_operand d, struct nvisa_g80_operand a)
{
   struct nvisa_g80_insn i = I(op);
   i.opnd[0] = d;
   i.opnd[1] = a;
   return i;
}

static struct nvisa_g80_insn
op3(unsigned op, struct nvisa_g80_operand d, struct nvisa_g80_operand a,
    struct nvisa_g80_operand b)
{
   struct nvisa_g80_insn i = op2(op, d, a);
   i.opnd[2] = b;
   return i;
}

static struct nvisa_g80_insn
ctrl(unsigned op, unsigned target)
{
   struct nvisa_g80_insn i = I(op);
   i.mod[G(MOD_TARGET)] = target / 4;
   return i;
}

static struct nvisa_g80_insn
pred(struct nvisa_g80_insn i, unsigned cond, unsigned creg)
{
   i.mod[G(MOD_PRED)] = cond;
   i.mod[G(MOD_PRED_C)] = creg;
   return i;
}

static struct nvisa_g80_insn
nop_ctrl(unsigned ctrl_val)
{
   struct nvisa_g80_insn i = I(G(OP_NOP));
   i.mod[G(MOD_CTRL)] = ctrl_val;
   return i;
}

/* ---- running ---- */

#define LANES 32
#define IN_WORDS 16
#define OUT_WORDS 16

struct env {
   uint32_t in[LANES * IN_WORDS];
   float interp[LANES * IN_WORDS];
   uint32_t flat[LANES * IN_WORDS];
   uint32_t out[LANES * OUT_WORDS];
   uint32_t cb0[256];
   uint32_t cb15[256];
   const uint32_t *cbs[16];
   uint32_t cb_words[16];
   struct g80_shader_program prog;
   struct g80_shader_warp warp;
   struct g80_shader_fault fault;
   struct g80_shader_callbacks cb;
   unsigned gprs;       /* 0: 128 */
   uint32_t start;      /* the program's start address */
};

/* G80_EXEC_TEST_FAST=1 (meson test nvsim_g80_exec_fast_path): every run
 * through the fast path's cache (g80_exec_fast.c), one cache for all, so
 * that the same expected values check it too */
static struct g80_shader_cache *fast_cache;

static int
run(struct env *e, struct prog *p, enum g80_stage stage, uint32_t active)
{
   CHECK(!p->bad);
   e->cbs[0] = e->cb0;
   e->cb_words[0] = 256;
   e->cbs[15] = e->cb15;
   e->cb_words[15] = 256;
   e->prog.code = (const uint8_t *)p->w;
   e->prog.code_size = p->n * 4;
   e->prog.start = e->start;
   e->prog.gprs = e->gprs ? e->gprs : 128;
   e->prog.cb = e->cbs;
   e->prog.cb_words = e->cb_words;
   e->prog.num_cb = 16;
   e->prog.cache = fast_cache;
   e->warp.lanes = LANES;
   e->warp.active = active;
   e->warp.in = e->in;
   e->warp.in_stride = IN_WORDS;
   e->warp.interp = e->interp;
   e->warp.interp_stride = IN_WORDS;
   e->warp.out = e->out;
   e->warp.out_stride = OUT_WORDS;
   e->warp.out_words = OUT_WORDS;
   return g80_shader_run(stage, &e->prog, &e->warp, &e->cb, &e->fault);
}

static struct env *
env_new(void)
{
   return calloc(1, sizeof(struct env));
}

/* ---- f32 arithmetic (the pure functions) ---- */

static void
f32_add_rules(void)
{
   CHECK_EQ(g80_f32_add(fbits(1.5f), fbits(2.25f), G80_RND_RN), fbits(3.75f));
   /* 1 + 2^-24 is half an ulp of 1: rn ties to even (1), rp up */
   CHECK_EQ(g80_f32_add(0x3f800000, 0x33800000, G80_RND_RN), 0x3f800000);
   CHECK_EQ(g80_f32_add(0x3f800000, 0x33800000, G80_RND_RP), 0x3f800001);
   /* 1 + 1.5 * 2^-24 (0x33c00000) is 3/4 ulp: rn up, rz down */
   CHECK_EQ(g80_f32_add(0x3f800000, 0x33c00000, G80_RND_RN), 0x3f800001);
   CHECK_EQ(g80_f32_add(0x3f800000, 0x33c00000, G80_RND_RZ), 0x3f800000);
   /* -1 - 1.5 * 2^-24: rm goes away from zero, rp toward */
   CHECK_EQ(g80_f32_add(0xbf800000, 0xb3c00000, G80_RND_RM), 0xbf800001);
   CHECK_EQ(g80_f32_add(0xbf800000, 0xb3c00000, G80_RND_RP), 0xbf800000);
   /* denormals are zero: a denormal plus 0 is +0, min normal plus a
    * negative denormal is min normal */
   CHECK_EQ(g80_f32_add(0x00400000, 0x00000000, G80_RND_RN), 0);
   CHECK_EQ(g80_f32_add(0x00800000, 0x80000001, G80_RND_RN), 0x00800000);
   /* a result below the normal range is flushed, keeping its sign:
    * 1.5 * 2^-126 - 2^-126 = 2^-127 */
   CHECK_EQ(g80_f32_add(0x00c00000, 0x80800000, G80_RND_RN), 0);
   CHECK_EQ(g80_f32_add(0x80c00000, 0x00800000, G80_RND_RN), 0x80000000);
   /* 1.75 * 2^-126 - 2^-126 = 1.5 * 2^-127: not a denormal, 0 */
   CHECK_EQ(g80_f32_add(0x00e00000, 0x80800000, G80_RND_RN), 0);
   /* zeros: x + -x is +0 (any mode), -0 + -0 is -0 */
   CHECK_EQ(g80_f32_add(fbits(5.0f), fbits(-5.0f), G80_RND_RM), 0);
   CHECK_EQ(g80_f32_add(0x80000000, 0x80000000, G80_RND_RN), 0x80000000);
   /* NaN in: the canonical NaN out; inf - inf: NaN; inf + x: inf */
   CHECK_EQ(g80_f32_add(0xffc00001, fbits(1.0f), G80_RND_RN), 0x7fffffff);
   CHECK_EQ(g80_f32_add(0x7f800000, 0xff800000, G80_RND_RN), 0x7fffffff);
   CHECK_EQ(g80_f32_add(0xff800000, fbits(1e30f), G80_RND_RN), 0xff800000);
   /* overflow: max + max is inf (rn), max float (rz) */
   CHECK_EQ(g80_f32_add(0x7f7fffff, 0x7f7fffff, G80_RND_RN), 0x7f800000);
   CHECK_EQ(g80_f32_add(0x7f7fffff, 0x7f7fffff, G80_RND_RZ), 0x7f7fffff);
   /* far apart: 2^40 + 1 is 2^40 (rn), 2^40 + ulp (rp) */
   CHECK_EQ(g80_f32_add(0x53800000, 0x3f800000, G80_RND_RN), 0x53800000);
   CHECK_EQ(g80_f32_add(0x53800000, 0x3f800000, G80_RND_RP), 0x53800001);
}

static void
f32_mul_mad_rules(void)
{
   CHECK_EQ(g80_f32_mul(fbits(3.0f), fbits(0.5f), G80_RND_RN), fbits(1.5f));
   /* inf * 0 is NaN; a denormal is 0, so inf * denormal too */
   CHECK_EQ(g80_f32_mul(0x7f800000, 0, G80_RND_RN), 0x7fffffff);
   CHECK_EQ(g80_f32_mul(0x7f800000, 0x00000001, G80_RND_RN), 0x7fffffff);
   CHECK_EQ(g80_f32_mul(0xff800000, fbits(2.0f), G80_RND_RN), 0xff800000);
   /* 2^-100 * 2^-30 = 2^-130 is below the normal range: signed zero */
   CHECK_EQ(g80_f32_mul(0x0d800000, 0x30800000, G80_RND_RN), 0);
   CHECK_EQ(g80_f32_mul(0x8d800000, 0x30800000, G80_RND_RN), 0x80000000);
   /* 2^100 * 2^100 overflows: inf (rn), max float (rz) */
   CHECK_EQ(g80_f32_mul(0x71800000, 0x71800000, G80_RND_RN), 0x7f800000);
   CHECK_EQ(g80_f32_mul(0x71800000, 0x71800000, G80_RND_RZ), 0x7f7fffff);
   /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: rn 1 + 2^-22, rp one ulp more */
   CHECK_EQ(g80_f32_mul(0x3f800001, 0x3f800001, G80_RND_RN), 0x3f800002);
   CHECK_EQ(g80_f32_mul(0x3f800001, 0x3f800001, G80_RND_RP), 0x3f800003);

   /* mad truncates the product to 24 bits before adding (nvhw
    * fp32_mad): a = b = 1 + 2^-12 + 2^-23 (0x3f800801), a*b = 1 + 2^-11
    * + 2^-22 + 2^-24 + 2^-34 + 2^-46.  Truncated: 1 + 2^-11 + 2^-22;
    * minus 1: 2^-11 (1 + 2^-11) = 0x3a001000.  (Rounding the product
    * first would give 0x3a001800, a fused mad 0x3a001401.) */
   CHECK_EQ(g80_f32_mad(0x3f800801, 0x3f800801, 0xbf800000), 0x3a001000);
   /* a zero operand: mul then add: 0 * 5 + 3 = 3; -0 * 5 + -0 = -0 */
   CHECK_EQ(g80_f32_mad(0, fbits(5.0f), fbits(3.0f)), fbits(3.0f));
   CHECK_EQ(g80_f32_mad(0x80000000, fbits(5.0f), 0x80000000), 0x80000000);
   CHECK_EQ(g80_f32_mad(fbits(2.0f), fbits(3.0f), fbits(1.0f)), fbits(7.0f));
   CHECK_EQ(g80_f32_mad(0x7f800000, 0, fbits(1.0f)), 0x7fffffff);
   CHECK_EQ(g80_f32_mad(0x7f800000, fbits(1.0f), 0xff800000), 0x7fffffff);
   CHECK_EQ(g80_f32_mad(fbits(1.0f), fbits(1.0f), 0x7fc00000), 0x7fffffff);

   /* min/max (float.rst): the non-NaN operand; both NaN: NaN; -0 < +0 */
   CHECK_EQ(g80_f32_minmax(0x7fc00000, fbits(1.0f), false), fbits(1.0f));
   CHECK_EQ(g80_f32_minmax(fbits(1.0f), 0xffc00000, true), fbits(1.0f));
   CHECK_EQ(g80_f32_minmax(0x7fc00000, 0xffc00000, true), 0x7fffffff);
   CHECK_EQ(g80_f32_minmax(0x80000000, 0, true), 0x80000000);
   CHECK_EQ(g80_f32_minmax(0x80000000, 0, false), 0);
   CHECK_EQ(g80_f32_minmax(fbits(-3.0f), fbits(-2.0f), true), fbits(-3.0f));
   CHECK_EQ(g80_f32_minmax(fbits(-3.0f), fbits(-2.0f), false), fbits(-2.0f));
   /* compare: zeros equal, denormals are zero, NaN unordered */
   CHECK_EQ(g80_f32_cmp(0x80000000, 0), G80_CMP_EQ);
   CHECK_EQ(g80_f32_cmp(0x00000001, 0), G80_CMP_EQ);
   CHECK_EQ(g80_f32_cmp(fbits(-1.0f), fbits(2.0f)), G80_CMP_LT);
   CHECK_EQ(g80_f32_cmp(0x7fc00000, 0), G80_CMP_UN);
   /* sat: NaN stays NaN (G80), negative (and -0) to +0, above 1 to 1 */
   CHECK_EQ(g80_f32_sat(0xffc00000), 0x7fffffff);
   CHECK_EQ(g80_f32_sat(0x80000000), 0);
   CHECK_EQ(g80_f32_sat(fbits(-0.5f)), 0);
   CHECK_EQ(g80_f32_sat(fbits(2.0f)), fbits(1.0f));
   CHECK_EQ(g80_f32_sat(fbits(0.25f)), fbits(0.25f));
   /* flags (isa.rst): Z for 0 or NaN, S for negative or NaN */
   CHECK_EQ(g80_f32_cc(0x80000000), G80_CC_Z);
   CHECK_EQ(g80_f32_cc(fbits(-2.0f)), G80_CC_S);
   CHECK_EQ(g80_f32_cc(0x7fffffff), G80_CC_Z | G80_CC_S);
   CHECK_EQ(g80_f32_cc(fbits(2.0f)), 0);
}

static void
int_and_cvt_rules(void)
{
   unsigned cc;
   /* add: 0x7fffffff + 1 overflows (O, S); sat clamps it */
   CHECK_EQ(g80_int_add(true, 0, false, 0x7fffffff, 1, 0, &cc), 0x80000000);
   CHECK_EQ(cc, G80_CC_O | G80_CC_S);
   CHECK_EQ(g80_int_add(true, 0, true, 0x7fffffff, 1, 0, &cc), 0x7fffffff);
   /* 0xffffffff + 1: 0 with carry */
   CHECK_EQ(g80_int_add(true, 0, false, 0xffffffff, 1, 0, &cc), 0);
   CHECK_EQ(cc, G80_CC_Z | G80_CC_C);
   /* sub 3 - 5, subr 3 -> 5 - 3, addc with C: 3 + 5 + 1 */
   CHECK_EQ(g80_int_add(true, 1, false, 3, 5, 0, &cc), (uint32_t)-2);
   CHECK_EQ(g80_int_add(true, 2, false, 3, 5, 0, &cc), 2);
   CHECK_EQ(g80_int_add(true, 3, false, 3, 5, G80_CC_C, &cc), 9);
   /* 16 bits: 0xffff + 1 = 0, carry out of bit 15 */
   CHECK_EQ(g80_int_add(false, 0, false, 0xffff, 1, 0, &cc), 0);
   CHECK_EQ(cc, G80_CC_Z | G80_CC_C);
   /* mul24: the low 24 bits; signed 0xffffff is -1; high: bits 16-47 */
   CHECK_EQ(g80_int_mul24(0x12ffffff, 2, false, false), 0x1fffffe);
   CHECK_EQ(g80_int_mul24(0xffffff, 0xffffff, true, false), 1);
   CHECK_EQ(g80_int_mul24(0x800000, 0x800000, false, true), 0x40000000);
   CHECK_EQ(g80_int_mul16(0xffff, 2, true, false), (uint32_t)-2);
   CHECK_EQ(g80_int_mul16(0xffff, 2, false, false), 0x1fffe);

   /* cvt */
   struct g80_cvt c = { .src32 = true, .dst32 = true, .dsigned = true };
   c.rnd = G80_RND_RN;
   CHECK_EQ(g80_cvt_f2i(&c, fbits(2.5f), &cc), 2);          /* ties to even */
   CHECK_EQ(g80_cvt_f2i(&c, fbits(-3.5f), &cc), (uint32_t)-4);
   c.rnd = G80_RND_RM;
   CHECK_EQ(g80_cvt_f2i(&c, fbits(-2.5f), &cc), (uint32_t)-3);
   c.rnd = G80_RND_RZ;
   CHECK_EQ(g80_cvt_f2i(&c, fbits(3e9f), &cc), 0x7fffffff);  /* clamped */
   CHECK_EQ(g80_cvt_f2i(&c, fbits(-3e9f), &cc), 0x80000000);
   CHECK_EQ(g80_cvt_f2i(&c, 0x7fc00000, &cc), 0);            /* NaN */
   c.dsigned = false;
   CHECK_EQ(g80_cvt_f2i(&c, fbits(-2.0f), &cc), 0);          /* u32 */
   CHECK_EQ(g80_cvt_f2i(&c, fbits(3e9f), &cc), 3000000000u);
   /* i2f: 2^24 + 1 is not a float: rn 2^24, rp 2^24 + 2 */
   struct g80_cvt i = { .src32 = true, .dst32 = true, .ssigned = true };
   i.rnd = G80_RND_RN;
   CHECK_EQ(g80_cvt_i2f(&i, 16777217, &cc), 0x4b800000);
   i.rnd = G80_RND_RP;
   CHECK_EQ(g80_cvt_i2f(&i, 16777217, &cc), 0x4b800001);
   i.rnd = G80_RND_RN;
   CHECK_EQ(g80_cvt_i2f(&i, (uint32_t)-7, &cc), fbits(-7.0f));
   /* i2i: s16 -5 to s32; u32 70000 to u16 saturates; s32 to s8 */
   struct g80_cvt ii = { .ssigned = true, .dst32 = true, .dsigned = true };
   CHECK_EQ(g80_cvt_i2i(&ii, 0xfffb, &cc), (uint32_t)-5);
   struct g80_cvt iu = { .src32 = true };
   CHECK_EQ(g80_cvt_i2i(&iu, 70000, &cc), 0xffff);
   struct g80_cvt i8 = { .src32 = true, .ssigned = true, .dst32 = true,
                         .dsigned = true, .dst8 = true };
   CHECK_EQ(g80_cvt_i2i(&i8, (uint32_t)-300, &cc), (uint32_t)-128);
   /* f2f: rni 2.5 -> 2, rmi -0.5 -> -1, to f16: 1.0 is 0x3c00 */
   struct g80_cvt ff = { .src32 = true, .dst32 = true, .rint = true };
   ff.rnd = G80_RND_RN;
   CHECK_EQ(g80_cvt_f2f(&ff, fbits(2.5f), &cc), fbits(2.0f));
   ff.rnd = G80_RND_RM;
   CHECK_EQ(g80_cvt_f2f(&ff, fbits(-0.5f), &cc), fbits(-1.0f));
   struct g80_cvt fh = { .src32 = true };
   CHECK_EQ(g80_cvt_f2f(&fh, fbits(1.0f), &cc), 0x3c00);
   CHECK_EQ(g80_cvt_f2f(&fh, fbits(65536.0f), &cc), 0x7c00);  /* inf */
   struct g80_cvt hf = { .dst32 = true };
   CHECK_EQ(g80_cvt_f2f(&hf, 0x3555, &cc), 0x3eaaa000);      /* f16 1/3 */
}

static uint64_t
dbits(double d)
{
   uint64_t u;
   memcpy(&u, &d, 8);
   return u;
}

/* G200 doubles and the 64-bit cvt forms (hwtest g80_fp64.cc, nvhw/fp.c:
 * IEEE with denormals, fma fused, NaN operands passed through, f2i NaN
 * gives the smallest integer, conversions keep f32 denormals). */
static void
f64_rules(void)
{
   unsigned cc;
   /* fused: (1 + 2^-30)^2 - 1 = 2^-29 + 2^-60 exactly */
   CHECK_EQ(g80_f64_fma(dbits(1 + 0x1p-30), dbits(1 + 0x1p-30), dbits(-1.0),
                        G80_RND_RN), dbits(0x1p-29 + 0x1p-60));
   CHECK_EQ(g80_f64_add(dbits(1.0), dbits(0x1p-53), G80_RND_RN), dbits(1.0));
   CHECK_EQ(g80_f64_add(dbits(1.0), dbits(0x1p-53), G80_RND_RP),
            dbits(1 + 0x1p-52));
   CHECK_EQ(g80_f64_mul(dbits(0x1p-1000), dbits(0x1p-70), G80_RND_RN),
            dbits(0x1p-1070));                 /* a denormal, kept */
   CHECK_EQ(g80_f64_add(0x7ff0000000000000ull, 0xfff0000000000000ull,
                        G80_RND_RN), 0xfff8000000000000ull);
   CHECK_EQ(g80_f64_add(dbits(1.0), 0x7ff4000000000001ull, G80_RND_RN),
            0x7ff4000000000001ull);
   CHECK_EQ(g80_f64_minmax(dbits(-0.0), dbits(0.0), true), dbits(-0.0));
   CHECK_EQ(g80_f64_cmp(dbits(1.0), 0x7ff8000000000000ull), G80_CMP_UN);

   struct g80_cvt i2d = { .ssigned = true, .dst32 = true };
   CHECK_EQ(g80_cvt_wide(G80_CVT_I2F, &i2d, (uint32_t)-7, &cc), dbits(-7.0));
   CHECK_EQ(cc, G80_CC_S);
   struct g80_cvt d2i = { .src32 = true, .dsigned = true, .rnd = G80_RND_RZ };
   CHECK_EQ(g80_cvt_wide(G80_CVT_F2I, &d2i, dbits(-2.75), &cc),
            (uint32_t)-2);
   CHECK_EQ(g80_cvt_wide(G80_CVT_F2I, &d2i, dbits(3e10), &cc), 0x7fffffff);
   CHECK_EQ(cc, G80_CC_O);
   CHECK_EQ(g80_cvt_wide(G80_CVT_F2I, &d2i, 0x7ff8000000000000ull, &cc),
            0x80000000);
   struct g80_cvt d2f = { .src32 = true, .rnd = G80_RND_RN };
   CHECK_EQ(g80_cvt_wide(G80_CVT_F2F, &d2f, dbits(1.0 / 3), &cc), 0x3eaaaaab);
   d2f.rnd = G80_RND_RZ;
   CHECK_EQ(g80_cvt_wide(G80_CVT_F2F, &d2f, dbits(1.0 / 3), &cc), 0x3eaaaaaa);
   struct g80_cvt f2d = { .dst32 = true };
   CHECK_EQ(g80_cvt_wide(G80_CVT_F2F, &f2d, 0x00000001, &cc), dbits(0x1p-149));
   struct g80_cvt rint = { .src32 = true, .dst32 = true, .rint = true,
                           .rnd = G80_RND_RM };
   CHECK_EQ(g80_cvt_wide(G80_CVT_F2F, &rint, dbits(-1.5), &cc), dbits(-2.0));
}

/* ---- SFU ---- */

static double
ulp_of(double x)
{
   int e;
   frexp(fabs(x), &e);
   return ldexp(1.0, e - 24);
}

static void
sfu_rules(void)
{
   /* special values (nvhw sfu.c) */
   CHECK_EQ(g80_sfu_rcp(0), 0x7f800000);
   CHECK_EQ(g80_sfu_rcp(0x80000000), 0xff800000);
   CHECK_EQ(g80_sfu_rcp(0x00000001), 0x7f800000);   /* denormal is 0 */
   CHECK_EQ(g80_sfu_rcp(0xff800000), 0x80000000);
   CHECK_EQ(g80_sfu_rcp(fbits(4.0f)), fbits(0.25f));
   CHECK_EQ(g80_sfu_rcp(0x7f000000), 0);            /* 2^-127: flushed */
   CHECK_EQ(g80_sfu_rsq(0x80000000), 0xff800000);
   CHECK_EQ(g80_sfu_rsq(fbits(-4.0f)), 0x7fffffff);
   CHECK_EQ(g80_sfu_rsq(0x7f800000), 0);
   CHECK_EQ(g80_sfu_rsq(fbits(4.0f)), fbits(0.5f));
   CHECK_EQ(g80_sfu_lg2(0), 0xff800000);
   CHECK_EQ(g80_sfu_lg2(fbits(1.0f)), 0);
   CHECK_EQ(g80_sfu_lg2(fbits(-1.0f)), 0x7fffffff);
   CHECK_EQ(g80_sfu_lg2(0x7f800000), 0x7f800000);
   CHECK_EQ(g80_sfu_lg2(fbits(8.0f)), fbits(3.0f));
   /* preex2: sign | 7.23 fixed point; >= 128: the Inf marker */
   CHECK_EQ(g80_sfu_preex2(fbits(1.5f)), 0x00c00000);
   CHECK_EQ(g80_sfu_preex2(fbits(-2.0f)), 0x81000000);
   CHECK_EQ(g80_sfu_preex2(fbits(200.0f)), 0x40800000);
   CHECK_EQ(g80_sfu_preex2(0x7fc00000), 0x40000000);
   CHECK_EQ(g80_sfu_ex2(g80_sfu_preex2(fbits(3.0f))), fbits(8.0f));
   CHECK_EQ(g80_sfu_ex2(g80_sfu_preex2(fbits(-1.0f))), fbits(0.5f));
   CHECK_EQ(g80_sfu_ex2(g80_sfu_preex2(0xff800000)), 0);
   CHECK_EQ(g80_sfu_ex2(g80_sfu_preex2(0x7f800000)), 0x7f800000);
   CHECK_EQ(g80_sfu_ex2(g80_sfu_preex2(fbits(200.0f))), 0x7f800000);
   CHECK_EQ(g80_sfu_ex2(g80_sfu_preex2(0x7fc00000)), 0x7fffffff);
   CHECK_EQ(g80_sfu_ex2(g80_sfu_preex2(fbits(-200.0f))), 0);
   /* presin: x * 2/pi in quarter turns, 7.23 fixed, modulo 4 turns:
    * 0 stays 0; sin(0) = 0, cos(0) = 1; NaN and inf give NaN */
   CHECK_EQ(g80_sfu_presin(0), 0);
   CHECK_EQ(g80_sfu_sincos(g80_sfu_presin(0), false), 0);
   CHECK_EQ(g80_sfu_sincos(g80_sfu_presin(0), true), fbits(1.0f));
   CHECK_EQ(g80_sfu_sincos(g80_sfu_presin(0x7f800000), false), 0x7fffffff);
   CHECK_EQ(g80_sfu_sincos(g80_sfu_presin(0x7fc00000), true), 0x7fffffff);

   /* accuracy over a sweep, against the bounds NVIDIA documents for the
    * .approx instructions (PTX ISA): rcp, rsqrt 1 ulp; ex2 2 ulp; lg2
    * absolute 2^-22 near 1 (relative 2 ulp elsewhere); sin, cos
    * absolute 2^-20.5 for |x| <= 100 pi (the pre-op's 24-bit 2/pi grows
    * the error with |x|: only |x| <= pi is checked to 2^-20.5) */
   unsigned bad[6] = { 0 };
   for (unsigned k = 0; k < 4000; k++) {
      double x = ldexp(1.0 + k / 4000.0, (int)(k % 40) - 20);
      float xf = (float)x;
      double r = 1.0 / xf;
      if (fabs(bitsf(g80_sfu_rcp(fbits(xf))) - r) > ulp_of(r))
         bad[0]++;
      r = 1.0 / sqrt(xf);
      if (fabs(bitsf(g80_sfu_rsq(fbits(xf))) - r) > ulp_of(r))
         bad[1]++;
      r = log2(xf);
      double tol = fabs(r) < 1 ? ldexp(1.0, -22) : 2 * ulp_of(r);
      if (fabs(bitsf(g80_sfu_lg2(fbits(xf))) - r) > tol)
         bad[2]++;
      float e = (float)((k / 4000.0 - 0.5) * 60);   /* -30 .. 30 */
      r = exp2(e);
      if (fabs(bitsf(g80_sfu_ex2(g80_sfu_preex2(fbits(e)))) - r) >
          2 * ulp_of(r))
         bad[3]++;
      float a = (float)((k / 4000.0 - 0.5) * 2 * 3.14159265358979323846);   /* -pi .. pi */
      if (fabs(bitsf(g80_sfu_sincos(g80_sfu_presin(fbits(a)), false)) -
               sin(a)) > ldexp(1.0, -20.5))
         bad[4]++;
      if (fabs(bitsf(g80_sfu_sincos(g80_sfu_presin(fbits(a)), true)) -
               cos(a)) > ldexp(1.0, -20.5))
         bad[5]++;
   }
   for (unsigned f = 0; f < 6; f++)
      CHECK_EQ(bad[f], 0);
}

/* ---- programs ---- */

/* Arithmetic through the decoder: every lane computes from a[] and c[]
 * and writes o[] (VP). */
static void
prog_arith(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   /* $r0 = a[0] * c0[0] (2.0); $r1 = $r0 + a[4];
    * $r2 = mad($r0, c0[4] (0.5), $r1); o0..o2 = $r0..$r2;
    * o3 = rcp(a[0]); o4 = min(a[0], -a[4]) with flags to $c1;
    * o5 = (a[0] ge a[4]) all ones or 0 (set); o6 = cvt rzi s32 ($r2) */
   emit(&p, op3(G(OP_MUL_F32_L), R(0), A(0), C(0, 0)));
   emit(&p, op3(G(OP_ADD_F32_L), R(1), R(0), R(10)));
   emit(&p, op2(G(OP_MOV_B32_L), R(10), A(4)));
   emit(&p, op3(G(OP_ADD_F32_L), R(1), R(0), R(10)));
   struct nvisa_g80_insn mad = op3(G(OP_MAD_F32_L), R(2), R(0), C(0, 4));
   mad.opnd[3] = R(1);
   emit(&p, mad);
   emit(&p, op2(G(OP_MOV_B32_L), O(0), R(0)));
   emit(&p, op2(G(OP_MOV_B32_L), O(1), R(1)));
   emit(&p, op2(G(OP_MOV_B32_L), O(2), R(2)));
   emit(&p, op2(G(OP_RCP_F32), O(3), A(0)));
   struct nvisa_g80_insn mn = op3(G(OP_MIN_F32), O(4), A(0), R(10));
   mn.mod[G(MOD_NEG1)] = 1;
   mn.mod[G(MOD_CC_WR)] = 1;
   mn.mod[G(MOD_CC_DST)] = 1;
   emit(&p, mn);
   struct nvisa_g80_insn set = op3(G(OP_SET_F32), O(5), A(0), R(10));
   set.mod[G(MOD_CMP)] = G(COND_ge);
   emit(&p, set);
   struct nvisa_g80_insn cvt = op2(G(OP_CVT_F2I), O(6), R(2));
   cvt.mod[G(MOD_SRC32)] = 1;
   cvt.mod[G(MOD_DST32)] = 1;
   cvt.mod[G(MOD_DSIGNED)] = 1;
   cvt.mod[G(MOD_RND)] = G(RND_rz);
   emit(&p, cvt);
   /* o7 = $c1 (the min's flags) */
   struct nvisa_g80_insn mc = I(G(OP_MOV_FROM_C));
   mc.opnd[0] = R(3);
   mc.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_COND), .size = 4,
                                            .val = 1 };
   mc.mod[G(MOD_PRED_C)] = 1;
   emit(&p, mc);
   emit(&p, op2(G(OP_MOV_B32_L), O(7), R(3)));
   emit(&p, nop_ctrl(1));

   e->cb0[0] = fbits(2.0f);
   e->cb0[1] = fbits(0.5f);
   for (unsigned l = 0; l < LANES; l++) {
      e->in[l * IN_WORDS + 0] = fbits((float)l - 8.0f);
      e->in[l * IN_WORDS + 1] = fbits(3.0f);
   }
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 0xffffffff), 0);
   for (unsigned l = 0; l < LANES; l++) {
      float x = (float)l - 8.0f;
      uint32_t *o = &e->out[l * OUT_WORDS];
      CHECK_EQ(o[0], fbits(2 * x));
      CHECK_EQ(o[1], fbits(2 * x + 3));
      /* mad: 2x * 0.5 + (2x + 3) = 3x + 3, exact for these values */
      CHECK_EQ(o[2], fbits(3 * x + 3));
      /* rcp: 1/x; rcp(0) = +inf (lane 8) */
      CHECK_EQ(o[3], x == 0 ? 0x7f800000 : fbits(1.0f / x));
      CHECK_EQ(o[4], fbits(x < -3 ? x : -3.0f));
      CHECK_EQ(o[5], x >= 3 ? 0xffffffff : 0);
      CHECK_EQ(o[6], (uint32_t)(int32_t)(3 * x + 3));
      CHECK_EQ(o[7], G80_CC_S);   /* the min is negative */
   }
   free(e);
}

/* quadop in place: r2 = lane, then r2 = r2[lane ^ 1] - r2 (LANE 4, every
 * lane "sub"), o0 = r2.  The warp reads every lane's r2 before any lane
 * writes it: o0 = (lane ^ 1) - lane, +1 for even lanes, -1 for odd ones
 * (a lane-by-lane update would give an odd lane its neighbour's result). */
static void
prog_quadop_in_place(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_MOV_B32_L), R(2), A(0)));
   struct nvisa_g80_insn q = op3(G(OP_QUADOP), R(2), R(2), R(2));
   q.mod[G(MOD_LANE)] = 4;
   q.mod[G(MOD_QOP)] = 0xaa;
   emit(&p, q);
   emit(&p, op2(G(OP_MOV_B32_L), O(0), R(2)));
   emit(&p, nop_ctrl(1));
   for (unsigned l = 0; l < LANES; l++)
      e->in[l * IN_WORDS] = fbits((float)l);
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 0xffffffff), 0);
   CHECK(!e->fault.faulted);
   for (unsigned l = 0; l < LANES; l++)
      CHECK_EQ(e->out[l * OUT_WORDS], fbits(l & 1 ? -1.0f : 1.0f));
   free(e);
}

/* if (a[0] < 16) r2 = 1.0 else r2 = 2.0; then o0 = r2, o1 = r2 + r2
 * and o2 = (r2 of the lane's x neighbour) - r2 (quadop) after the join,
 * with joinat/bra/join.  Odd lanes take the else path, so every quad
 * holds both paths: the quadop sees the other path's r2 only if the
 * paths rejoined before it. */
static void
prog_divergent_if_else(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_MOV_B32_L), R(0), A(0)));
   struct nvisa_g80_insn set = op3(G(OP_SET_B32), R(1), R(0), C(0, 0));
   set.mod[G(MOD_CMP)] = G(COND_l);
   set.mod[G(MOD_CC_WR)] = 1;
   set.mod[G(MOD_CC_DST)] = 0;
   emit(&p, set);
   unsigned joinat = emit(&p, ctrl(G(OP_JOINAT), 0));
   /* set false leaves Z: @$c0.e bra else */
   unsigned bra_else = emit(&p, pred(ctrl(G(OP_BRA), 0), G(COND_e), 0));
   emit(&p, op2(G(OP_MOV_B32_I), R(2), IMM(fbits(1.0f))));
   unsigned bra_join = emit(&p, ctrl(G(OP_BRA), 0));
   unsigned l_else = emit(&p, op2(G(OP_MOV_B32_I), R(2), IMM(fbits(2.0f))));
   unsigned l_join = emit(&p, nop_ctrl(2));
   emit(&p, op2(G(OP_MOV_B32_L), O(0), R(2)));
   emit(&p, op3(G(OP_ADD_F32_L), O(1), R(2), R(2)));
   /* quadop: source 1 from lane ^ 1 (LANE 4, dx), every lane's op
    * "sub" (2): r2[lane ^ 1] - r2[lane] (misc.rst, hwtest fswz) */
   struct nvisa_g80_insn q = op3(G(OP_QUADOP), O(2), R(2), R(2));
   q.mod[G(MOD_LANE)] = 4;
   q.mod[G(MOD_QOP)] = 0xaa;
   emit(&p, q);
   emit(&p, nop_ctrl(1));
   patch_target(&p, joinat, l_join);
   patch_target(&p, bra_else, l_else);
   patch_target(&p, bra_join, l_join);

   e->cb0[0] = 16;
   for (unsigned l = 0; l < LANES; l++) {
      e->in[l * IN_WORDS] = l & 1 ? 20 : 3;
      e->out[l * OUT_WORDS] = 0xdead;
   }
   /* lane 31 does not run: its result stays */
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 0x7fffffff), 0);
   CHECK(!e->fault.faulted);
   for (unsigned l = 0; l < 31; l++) {
      float r2 = l & 1 ? 2.0f : 1.0f;
      CHECK_EQ(e->out[l * OUT_WORDS], fbits(r2));
      CHECK_EQ(e->out[l * OUT_WORDS + 1], fbits(2 * r2));
      if (l < 30)   /* lane 30's neighbour 31 never ran */
         CHECK_EQ(e->out[l * OUT_WORDS + 2], fbits(l & 1 ? -1.0f : 1.0f));
   }
   CHECK_EQ(e->out[31 * OUT_WORDS], 0xdead);
   free(e);
}

/* for (r1 = 0;;) { r1++; if (r1 >= a[0]) break; } o0 = r1 — each lane
 * leaves after its own count: max(lane, 1). */
static void
prog_loop_break(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_MOV_B32_L), R(0), A(0)));
   emit(&p, op2(G(OP_MOV_B32_I), R(1), IMM(0)));
   unsigned brk = emit(&p, ctrl(G(OP_BREAKADDR), 0));
   unsigned loop = emit(&p, op3(G(OP_ADD_B32_I), R(1), R(1), IMM(1)));
   struct nvisa_g80_insn set = op3(G(OP_SET_B32), R(2), R(1), R(0));
   set.mod[G(MOD_CMP)] = G(COND_ge);
   set.mod[G(MOD_CC_WR)] = 1;
   set.mod[G(MOD_CC_DST)] = 2;
   emit(&p, set);
   /* set true leaves S: @$c2.lg (not Z) break */
   emit(&p, pred(I(G(OP_BREAK)), G(COND_lg), 2));
   emit(&p, ctrl(G(OP_BRA), loop));
   unsigned end = emit(&p, op2(G(OP_MOV_B32_L), O(0), R(1)));
   emit(&p, nop_ctrl(1));
   patch_target(&p, brk, end);

   for (unsigned l = 0; l < LANES; l++)
      e->in[l * IN_WORDS] = l;
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 0xffffffff), 0);
   CHECK(!e->fault.faulted);
   for (unsigned l = 0; l < LANES; l++)
      CHECK_EQ(e->out[l * OUT_WORDS], l ? l : 1);
   free(e);
}

/* Divergence inside a loop, with the break inside one side of an
 * if/else: lane n runs i = 1, 2, ...; if (i + n) is odd acc += 10, else
 * { acc += 1; if (i >= n) break; }.  o0 = acc, o1 = i.  The expected
 * values come from running the same loop in C. */
static void
prog_loop_if_break(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_MOV_B32_L), R(0), A(0)));
   emit(&p, op2(G(OP_MOV_B32_I), R(1), IMM(0)));
   emit(&p, op2(G(OP_MOV_B32_I), R(2), IMM(0)));
   unsigned brk = emit(&p, ctrl(G(OP_BREAKADDR), 0));
   unsigned loop = emit(&p, op3(G(OP_ADD_B32_I), R(1), R(1), IMM(1)));
   unsigned joinat = emit(&p, ctrl(G(OP_JOINAT), 0));
   emit(&p, op3(G(OP_ADD_B32_L), R(3), R(1), R(0)));
   /* $c0 = flags of (i + n) & 1: Z when even */
   struct nvisa_g80_insn and1 = op3(G(OP_AND_B32), R(3), R(3), C(0, 0));
   and1.mod[G(MOD_CC_WR)] = 1;
   emit(&p, and1);
   unsigned bra_else = emit(&p, pred(ctrl(G(OP_BRA), 0), G(COND_e), 0));
   emit(&p, op3(G(OP_ADD_B32_I), R(2), R(2), IMM(10)));
   unsigned bra_join = emit(&p, ctrl(G(OP_BRA), 0));
   unsigned l_else = emit(&p, op3(G(OP_ADD_B32_I), R(2), R(2), IMM(1)));
   struct nvisa_g80_insn set = op3(G(OP_SET_B32), R(4), R(1), R(0));
   set.mod[G(MOD_CMP)] = G(COND_ge);
   set.mod[G(MOD_CC_WR)] = 1;
   set.mod[G(MOD_CC_DST)] = 1;
   emit(&p, set);
   emit(&p, pred(I(G(OP_BREAK)), G(COND_lg), 1));
   unsigned l_join = emit(&p, nop_ctrl(2));
   emit(&p, ctrl(G(OP_BRA), loop));
   unsigned end = emit(&p, op2(G(OP_MOV_B32_L), O(0), R(2)));
   emit(&p, op2(G(OP_MOV_B32_L), O(1), R(1)));
   emit(&p, nop_ctrl(1));
   patch_target(&p, brk, end);
   patch_target(&p, joinat, l_join);
   patch_target(&p, bra_else, l_else);
   patch_target(&p, bra_join, l_join);

   e->cb0[0] = 1;
   for (unsigned l = 0; l < LANES; l++)
      e->in[l * IN_WORDS] = l;
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 0xffffffff), 0);
   CHECK(!e->fault.faulted);
   for (unsigned n = 0; n < LANES; n++) {
      unsigned i = 0, acc = 0;
      for (;;) {
         i++;
         if ((i + n) & 1) {
            acc += 10;
         } else {
            acc += 1;
            if (i >= n)
               break;
         }
      }
      CHECK_EQ(e->out[n * OUT_WORDS], acc);
      CHECK_EQ(e->out[n * OUT_WORDS + 1], i);
   }
   free(e);
}

/* A program that does not start at 0: branch targets are addresses in
 * the code segment (isa.rst), so a loop at 0x40 jumps to 0x40 + ..., and
 * the junk before it never runs. */
static void
prog_start_offset(void)
{
   struct env *e = env_new();
   struct prog p = { .n = 16 };
   memset(p.w, 0xff, 16 * 4);
   emit(&p, op2(G(OP_MOV_B32_I), R(1), IMM(0)));
   unsigned brk = emit(&p, ctrl(G(OP_BREAKADDR), 0));
   unsigned loop = emit(&p, op3(G(OP_ADD_B32_I), R(1), R(1), IMM(1)));
   struct nvisa_g80_insn set = op3(G(OP_SET_B32), R(2), R(1), C(0, 0));
   set.mod[G(MOD_CMP)] = G(COND_ge);
   set.mod[G(MOD_CC_WR)] = 1;
   emit(&p, set);
   emit(&p, pred(I(G(OP_BREAK)), G(COND_lg), 0));
   emit(&p, ctrl(G(OP_BRA), loop));
   unsigned end = emit(&p, op2(G(OP_MOV_B32_L), O(0), R(1)));
   emit(&p, nop_ctrl(1));
   patch_target(&p, brk, end);
   CHECK_EQ(loop, 0x50);
   e->cb0[0] = 5;
   e->start = 0x40;
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 1), 0);
   CHECK_EQ(e->out[0], 5);
   /* a fault reports the code segment address */
   e->start = 0;
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 1), -1);
   CHECK_EQ(e->fault.pc, 0);
   free(e);
}

/* call/ret: o0 = f() where f sets $r0 = 7 for lanes with a[0] odd and 9
 * for the rest (a predicated ret in the middle). */
static void
prog_call_ret(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_MOV_B32_L), R(1), A(0)));
   unsigned call = emit(&p, ctrl(G(OP_CALL), 0));
   emit(&p, op2(G(OP_MOV_B32_L), O(0), R(0)));
   emit(&p, nop_ctrl(1));
   unsigned fn = emit(&p, op2(G(OP_MOV_B32_I), R(0), IMM(7)));
   /* $c0 = flags of (a[0] & 1): Z for even lanes */
   struct nvisa_g80_insn and1 = op3(G(OP_AND_B32), R(2), R(1), C(0, 0));
   and1.mod[G(MOD_CC_WR)] = 1;
   emit(&p, and1);
   emit(&p, pred(I(G(OP_RET)), G(COND_lg), 0));   /* odd: return 7 */
   emit(&p, op2(G(OP_MOV_B32_I), R(0), IMM(9)));
   emit(&p, I(G(OP_RET)));
   patch_target(&p, call, fn);

   e->cb0[0] = 1;
   for (unsigned l = 0; l < LANES; l++)
      e->in[l * IN_WORDS] = l;
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 0xffffffff), 0);
   for (unsigned l = 0; l < LANES; l++)
      CHECK_EQ(e->out[l * OUT_WORDS], (l & 1) ? 7 : 9);
   free(e);
}

/* FP: $r0 = linterp v[0]; kil where $r0 < 0.5; $r0 = $r0 * 2;
 * $r1 = pinterp v[4] * $r0; $r2 = flat v[8].  Results in $r0.. */
static void
prog_fp_kil_interp(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_LINTERP_L), R(0), V(0)));
   struct nvisa_g80_insn set = op3(G(OP_SET_F32), R(3), R(0), C(0, 0));
   set.mod[G(MOD_CMP)] = G(COND_l);
   set.mod[G(MOD_CC_WR)] = 1;
   set.mod[G(MOD_CC_DST)] = 1;
   emit(&p, set);
   emit(&p, pred(I(G(OP_KIL)), G(COND_lg), 1));
   emit(&p, op3(G(OP_MUL_F32_L), R(0), R(0), C(0, 4)));
   struct nvisa_g80_insn pi = op2(G(OP_PINTERP_L), R(1), V(4));
   pi.opnd[2] = R(0);
   emit(&p, pi);
   emit(&p, op2(G(OP_INTERP_FLAT_L), R(2), V(8)));
   emit(&p, nop_ctrl(1));

   e->cb0[0] = fbits(0.5f);
   e->cb0[1] = fbits(2.0f);
   for (unsigned l = 0; l < LANES; l++) {
      e->interp[l * IN_WORDS + 0] = l / 32.0f;
      e->interp[l * IN_WORDS + 1] = 3.0f;
      e->interp[l * IN_WORDS + 2] = 100.0f;
      e->flat[l * IN_WORDS + 2] = fbits(42.0f);
   }
   e->warp.flat = e->flat;
   CHECK_EQ(run(e, &p, G80_STAGE_FP, 0xffffffff), 0);
   /* lanes 0..15 have v < 0.5: discarded */
   CHECK_EQ(e->warp.discarded, 0x0000ffff);
   for (unsigned l = 16; l < LANES; l++) {
      float r0 = l / 32.0f * 2;
      CHECK_EQ(e->out[l * OUT_WORDS + 0], fbits(r0));
      CHECK_EQ(e->out[l * OUT_WORDS + 1], fbits(3.0f * r0));
      CHECK_EQ(e->out[l * OUT_WORDS + 2], fbits(42.0f));
   }
   free(e);
}

/* bra to itself: stopped by the budget, reported as a runaway. */
static void
prog_runaway(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_MOV_B32_I), R(0), IMM(1)));
   unsigned self = emit(&p, ctrl(G(OP_BRA), 0));
   patch_target(&p, self, self);
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 0xffffffff), -1);
   CHECK(e->fault.faulted);
   CHECK(e->fault.runaway);
   CHECK_EQ(e->fault.pc, self);
   CHECK_STR_HAS(e->fault.msg, "instruction limit");
   free(e);
}

/* Bad programs fault, never crash: an invalid word, running off the
 * end, an unbound c[] and a form of another chip. */
static void
prog_faults(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_MOV_B32_I), R(0), IMM(1)));   /* no exit */
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 1), -1);
   CHECK_STR_HAS(e->fault.msg, "outside the code");

   struct prog q = { 0 };
   emit(&q, op2(G(OP_LD_C_B32), R(0), C(3, 0)));
   emit(&q, nop_ctrl(1));
   CHECK_EQ(run(e, &q, G80_STAGE_VP, 1), -1);
   CHECK_STR_HAS(e->fault.msg, "c3[] is not bound");

   struct prog d = { 0 };
   struct nvisa_g80_insn add = I(G(OP_ADD_F64));
   add.opnd[0] = R(0); add.opnd[0].size = 8;
   add.opnd[1] = R(2); add.opnd[1].size = 8;
   add.opnd[2] = R(4); add.opnd[2].size = 8;
   emit(&d, add);
   emit(&d, nop_ctrl(1));
   CHECK_EQ(run(e, &d, G80_STAGE_VP, 1), -1);   /* no FP64 on this chip */
   CHECK_STR_HAS(e->fault.msg, "not an instruction of this chip");
   /* on G200 it runs: 1.5 + 2.25 in doubles */
   e->prog.isa_flags = G(FLAG_FP64);
   double a = 1.5, b = 2.25, r;
   uint64_t ab, bb;
   memcpy(&ab, &a, 8);
   memcpy(&bb, &b, 8);
   struct prog d2 = { 0 };
   emit(&d2, op2(G(OP_MOV_B32_I), R(2), IMM((uint32_t)ab)));
   emit(&d2, op2(G(OP_MOV_B32_I), R(3), IMM((uint32_t)(ab >> 32))));
   emit(&d2, op2(G(OP_MOV_B32_I), R(4), IMM((uint32_t)bb)));
   emit(&d2, op2(G(OP_MOV_B32_I), R(5), IMM((uint32_t)(bb >> 32))));
   emit(&d2, add);
   emit(&d2, op2(G(OP_MOV_B32_L), O(0), R(0)));
   emit(&d2, op2(G(OP_MOV_B32_L), O(1), R(1)));
   emit(&d2, nop_ctrl(1));
   memset(&e->prog, 0, sizeof(e->prog));
   e->prog.isa_flags = G(FLAG_FP64);
   CHECK_EQ(run(e, &d2, G80_STAGE_VP, 1), 0);
   uint64_t rb = e->out[0] | (uint64_t)e->out[1] << 32;
   memcpy(&r, &rb, 8);
   CHECK(r == 3.75);

   uint32_t junk[2] = { 0xffffffff, 0xffffffff };
   struct prog j = { .n = 2 };
   memcpy(j.w, junk, 8);
   memset(&e->prog, 0, sizeof(e->prog));
   CHECK_EQ(run(e, &j, G80_STAGE_VP, 1), -1);
   CHECK(e->fault.faulted);
   free(e);
}

/* Integer forms through the decoder (hwtest g80_int.cc's rules): shr
 * signed/unsigned, shl past the width, mul24 high, 16-bit add on half
 * registers, min signed. */
static void
prog_int_ops(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_MOV_B32_I), R(0), IMM((uint32_t)-16)));
   struct nvisa_g80_insn sh = op3(G(OP_SHR_B32_IMM), O(0), R(0), IMM(2));
   sh.mod[G(MOD_SIGNED)] = 1;
   emit(&p, sh);                                       /* -4 */
   emit(&p, op3(G(OP_SHR_B32_IMM), O(1), R(0), IMM(2))); /* 0x3ffffffc */
   emit(&p, op2(G(OP_MOV_B32_I), R(1), IMM(33)));
   emit(&p, op3(G(OP_SHL_B32), O(2), R(0), R(1)));     /* 0: count >= 32 */
   struct nvisa_g80_insn mn = op3(G(OP_MIN_B32), O(3), R(0), R(1));
   mn.mod[G(MOD_SIGNED)] = 1;
   emit(&p, mn);                                       /* -16 */
   emit(&p, op3(G(OP_MIN_B32), O(4), R(0), R(1)));     /* 33 unsigned */
   struct nvisa_g80_insn hi = op3(G(OP_MUL_24_L), O(5), R(2), R(2));
   hi.mod[G(MOD_HIGH)] = 1;
   emit(&p, op2(G(OP_MOV_B32_I), R(2), IMM(0x800000)));
   emit(&p, hi);                                       /* 0x40000000 */
   /* $r3h:$r3l = 0xffff:0x0001; add b16 $r4l = $r3l + $r3h = 0 */
   emit(&p, op2(G(OP_MOV_B32_I), R(3), IMM(0xffff0001)));
   emit(&p, op2(G(OP_MOV_B32_I), R(4), IMM(0xabcd1234)));
   struct nvisa_g80_insn h = I(G(OP_ADD_B16_L));
   h.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 2, .val = 8 };
   h.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 2, .val = 6 };
   h.opnd[2] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 2, .val = 7 };
   emit(&p, h);
   emit(&p, op2(G(OP_MOV_B32_L), O(6), R(4)));         /* 0xabcd0000 */
   emit(&p, nop_ctrl(1));
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 1), 0);
   CHECK_EQ(e->out[0], (uint32_t)-4);
   CHECK_EQ(e->out[1], 0x3ffffffc);
   CHECK_EQ(e->out[2], 0);
   CHECK_EQ(e->out[3], (uint32_t)-16);
   CHECK_EQ(e->out[4], 33);
   CHECK_EQ(e->out[5], 0x40000000);
   CHECK_EQ(e->out[6], 0xabcd0000);
   free(e);
}

/* l[]: each lane stores 4 words (lane * 10 + k) at l[0x10 + 4k], then
 * loads word (lane & 3) through $a1 = (lane & 3) * 4, a u8 and an s8 of
 * word 1 and a b64; an access past the space faults. */
static void
prog_local(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   struct nvisa_g80_operand lmem = { .file = G(FILE_LOCAL), .size = 4 };
   emit(&p, op2(G(OP_MOV_B32_L), R(0), A(0)));            /* lane */
   struct nvisa_g80_insn mul = op3(G(OP_MUL_24_L), R(1), R(0), C(0, 0));
   emit(&p, mul);                                          /* lane * 10 */
   for (unsigned k = 0; k < 4; k++) {
      struct nvisa_g80_insn st = I(G(OP_ST_L));
      st.opnd[0] = lmem;
      st.opnd[0].val = 0x10 + 4 * k;
      st.opnd[1] = R(1);
      st.mod[G(MOD_TYPE)] = G(LDST_TYPE_b32);
      emit(&p, st);
      emit(&p, op3(G(OP_ADD_B32_I), R(1), R(1), IMM(1)));
   }
   /* $a1 = (lane & 3) << 2 */
   emit(&p, op3(G(OP_AND_B32_I), R(2), R(0), IMM(3)));
   struct nvisa_g80_insn shl = I(G(OP_SHL_A));
   shl.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_ADDR), .val = 1 };
   shl.opnd[1] = R(2);
   shl.opnd[2] = IMM(2);
   emit(&p, shl);
   struct nvisa_g80_insn ld = I(G(OP_LD_L));
   ld.opnd[0] = R(3);
   ld.opnd[1] = lmem;
   ld.opnd[1].val = 0x10;
   ld.opnd[1].areg = 1;
   ld.mod[G(MOD_TYPE)] = G(LDST_TYPE_b32);
   emit(&p, ld);
   emit(&p, op2(G(OP_MOV_B32_L), O(0), R(3)));
   ld.opnd[1].areg = 0;
   ld.opnd[1].val = 0x14;
   ld.mod[G(MOD_TYPE)] = G(LDST_TYPE_u8);
   emit(&p, ld);
   emit(&p, op2(G(OP_MOV_B32_L), O(1), R(3)));
   ld.mod[G(MOD_TYPE)] = G(LDST_TYPE_s8);
   emit(&p, ld);
   emit(&p, op2(G(OP_MOV_B32_L), O(2), R(3)));
   ld.opnd[0] = R(4);
   ld.opnd[0].size = 8;
   ld.opnd[1].val = 0x18;
   ld.mod[G(MOD_TYPE)] = G(LDST_TYPE_b64);
   emit(&p, ld);
   emit(&p, op2(G(OP_MOV_B32_L), O(3), R(4)));
   emit(&p, op2(G(OP_MOV_B32_L), O(4), R(5)));
   emit(&p, nop_ctrl(1));

   e->cb0[0] = 10;
   e->prog.local_bytes = 0x20;
   for (unsigned l = 0; l < LANES; l++)
      e->in[l * IN_WORDS] = l;
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 0xffffffff), 0);
   if (e->fault.faulted)
      fprintf(stderr, "fault: %s\n", e->fault.msg);
   for (unsigned l = 0; l < LANES; l++) {
      uint32_t *o = &e->out[l * OUT_WORDS];
      CHECK_EQ(o[0], l * 10 + (l & 3));
      uint32_t w1 = l * 10 + 1;      /* low byte: u8, s8 */
      CHECK_EQ(o[1], w1 & 0xff);
      CHECK_EQ(o[2], (uint32_t)(int32_t)(int8_t)w1);
      CHECK_EQ(o[3], l * 10 + 2);
      CHECK_EQ(o[4], l * 10 + 3);
   }
   /* the same program with a 16-byte space: the stores past it fault */
   e->prog.local_bytes = 0x10;
   CHECK_EQ(g80_shader_run(G80_STAGE_VP, &e->prog, &e->warp, &e->cb,
                           &e->fault), -1);
   CHECK_STR_HAS(e->fault.msg, "outside the 16-byte local space");
   free(e);
}

/* isa.rst "Registers": with 4 registers enabled, $r4.. read 0 and
 * writes to them are lost. */
static void
prog_register_limit(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_MOV_B32_I), R(3), IMM(5)));
   emit(&p, op2(G(OP_MOV_B32_I), R(6), IMM(7)));
   emit(&p, op2(G(OP_MOV_B32_L), O(0), R(3)));
   emit(&p, op2(G(OP_MOV_B32_L), O(1), R(6)));
   emit(&p, nop_ctrl(1));
   e->gprs = 4;
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 1), 0);
   CHECK_EQ(e->out[0], 5);
   CHECK_EQ(e->out[1], 0);
   free(e);
}

/* ---- upstream-compiled programs (isa/tests/g80_upstream) ---- */

static unsigned
load_hex(const char *name, uint32_t *w, unsigned max)
{
   char path[512], line[1024];
   unsigned n = 0;
   snprintf(path, sizeof(path), "%s/%s", G80_UPSTREAM_DIR, name);
   FILE *f = fopen(path, "r");
   CHECK(f != NULL);
   if (!f)
      return 0;
   while (fgets(line, sizeof(line), f)) {
      if (line[0] == '#')
         continue;
      for (char *t = strtok(line, " \t\n"); t && n < max;
           t = strtok(NULL, " \t\n"))
         w[n++] = (uint32_t)strtoul(t, NULL, 16);
   }
   fclose(f);
   return n;
}

/* v1.hex: OUT[0] = CONST[0..3] * IN[0] (columns), ARL from IN[1].x,
 * OUT[1] = CONST[ADDR+4], OUT[2] = DP4(CONST[ADDR+4], IN[1]).  Inputs
 * sit in a[] in order (IN[0] at a[0x0], IN[1] at a[0x10]), outputs in
 * $o0.. in order (as upstream's compiler numbers them, see the
 * disassembly). */
static void
upstream_v1_transform(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   p.n = load_hex("v1.hex", p.w, 1024);
   CHECK(p.n == 60);
   /* a matrix with columns c0..c3 (c[0x0..0x3c]): column j, row i =
    * i + 4 j + 1; c[0x40..] rows 4.. : c4 = (1,2,3,4), c5 = (5,6,7,8) */
   for (unsigned k = 0; k < 16; k++)
      e->cb0[k] = fbits((float)(k + 1));
   for (unsigned k = 0; k < 8; k++)
      e->cb0[16 + k] = fbits((float)(k + 1));
   for (unsigned l = 0; l < LANES; l++) {
      uint32_t *in = &e->in[l * IN_WORDS];
      in[0] = fbits(1.0f); in[1] = fbits((float)l);
      in[2] = fbits(0.5f); in[3] = fbits(1.0f);
      /* IN[1]: x picks CONST[4] (x < 1: floor 0) or CONST[5] */
      in[4] = fbits(l & 1 ? 1.25f : 0.75f);
      in[5] = fbits(2.0f); in[6] = fbits(-1.0f); in[7] = fbits(0.5f);
      /* a[0x20..]: what an indexed a[$a1+0x10] would read when $a1 =
       * 16 (it must not: below) */
      in[8] = fbits(10.0f); in[9] = fbits(20.0f);
      in[10] = fbits(30.0f); in[11] = fbits(40.0f);
   }
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 0xffffffff), 0);
   CHECK(!e->fault.faulted);
   if (e->fault.faulted)
      fprintf(stderr, "fault: %s at 0x%x\n", e->fault.msg, e->fault.pc);
   for (unsigned l = 0; l < LANES; l++) {
      uint32_t *o = &e->out[l * OUT_WORDS];
      float in0[4] = { 1.0f, (float)l, 0.5f, 1.0f };
      for (unsigned i = 0; i < 4; i++) {
         /* row i: sum_j c[j][i] * in0[j], c[j][i] = 4 j + i + 1; every
          * product and sum is exact in f32 */
         float v = 0;
         for (unsigned j = 0; j < 4; j++)
            v += (4 * j + i + 1) * in0[j];
         CHECK_EQ(o[i], fbits(v));
      }
      unsigned idx = l & 1;       /* floor(IN[1].x) */
      for (unsigned i = 0; i < 4; i++)
         CHECK_EQ(o[4 + i], fbits((float)(4 * idx + i + 1)));
      /* DP4(CONST[ADDR+4], IN[1]), as the TGSI says: upstream emits
       * mul/mad a[0x10..0x1c], c0[$a1+0x40..], where $a1 indexes the
       * c[] source alone (an ALU's a[] source has no $a: envydis g80.c
       * samem_m / lamem_m, "For added fun, a[] behaves differently"):
       * idx 0: c4 . (0.75, 2, -1, 0.5) = 0.75 + 4 - 3 + 2 = 3.75;
       * idx 1: c5 . (1.25, 2, -1, 0.5) = 6.25 + 12 - 7 + 4 = 15.25 */
      float dp = idx ? 15.25f : 3.75f;
      for (unsigned i = 0; i < 4; i++)
         CHECK_EQ(o[8 + i], fbits(dp));
   }
   free(e);
}

/* A texture unit for f2.hex: texfetch returns (x * 3 + y, y, lod, 77)
 * of its integer coordinate words, texsize (64, 32, 1, 7). */
static unsigned tex_calls;

static void
fake_texture(void *ctx, enum g80_stage stage,
             const struct g80_tex_request *req, uint32_t out[32][4])
{
   (void)ctx;
   CHECK_EQ(stage, G80_STAGE_FP);
   tex_calls++;
   for (unsigned l = 0; l < 32; l++) {
      if (!(req->active >> l & 1))
         continue;
      const uint32_t *c = req->coord[l];
      if (req->op == G80_TEX_FETCH) {
         out[l][0] = c[0] * 3 + c[1];
         out[l][1] = c[1];
         out[l][2] = c[2];
         out[l][3] = 77;
      } else {
         CHECK_EQ(req->op, G80_TEX_QUERY);
         out[l][0] = 64;
         out[l][1] = 32;
         out[l][2] = 1;
         out[l][3] = 7;
      }
   }
}

/* f2.hex: the TGSI program in its comments (integer arithmetic, F2I,
 * TXF/TXQ under UIF, a loop with BRK, I2F/U2F), evaluated here by the
 * TGSI rules in C.  Upstream's code reads IN[0].x with v[0x0], the slot
 * it also takes 1/w from (linterp, rcp, pinterp): with v[0] = 2, w is
 * rcp(2) = 0.5 and IN[0] = (2 * 0.5, v[1] * 0.5, v[2] * 0.5, v[3] * 0.5),
 * all exact.  gprs 16: $r63 (upstream's zero) reads 0. */
static void
upstream_f2_integer(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   p.n = load_hex("f2.hex", p.w, 1024);
   CHECK(p.n > 0);
   for (unsigned l = 0; l < LANES; l++) {
      float *v = &e->interp[l * IN_WORDS];
      v[0] = 2.0f;
      v[1] = l * 1.7f - 20.0f;
      v[2] = l + 0.5f;
      v[3] = 3.9f - l / 4.0f;
   }
   e->cb.texture = fake_texture;
   e->gprs = 16;
   tex_calls = 0;
   CHECK_EQ(run(e, &p, G80_STAGE_FP, 0xffffffff), 0);
   if (e->fault.faulted)
      fprintf(stderr, "fault: %s at 0x%x\n", e->fault.msg, e->fault.pc);
   CHECK(tex_calls >= 1);
   for (unsigned l = 0; l < LANES; l++) {
      const float *v = &e->interp[l * IN_WORDS];
      uint32_t t0[4], t1[4], t2[4], t3[4], t4[4];
      const uint32_t imm0[4] = { 1, 2, 3, 0 };
      t0[0] = 1;
      for (unsigned c = 1; c < 4; c++)
         t0[c] = (uint32_t)(int32_t)(v[c] * 0.5f);  /* F2I: toward 0 */
      for (unsigned c = 0; c < 4; c++) {
         t1[c] = t0[c] + imm0[c];                   /* UADD */
         t2[c] = (t1[c] * t0[c]) << 2;              /* UMUL, SHL .y */
         t3[c] = (uint32_t)((int32_t)t2[c] >> 1);   /* ISHR .x */
      }
      t3[1] = t2[1] >> (t1[0] & 31);                /* USHR */
      for (unsigned c = 0; c < 4; c++) {
         t3[c] = ((t3[c] & t1[c]) | 3) ^ t0[c];     /* AND, OR, XOR */
         t4[c] = ~t3[c];                            /* NOT */
         t4[c] = (int32_t)t4[c] < (int32_t)t0[c] ? t4[c] : t0[c];
         t4[c] = t4[c] > t1[c] ? t4[c] : t1[c];     /* UMAX */
      }
      bool fetch = (int32_t)t4[0] < (int32_t)t0[0];  /* ISLT, UIF */
      if (fetch) {
         t1[0] = t4[0] * 3 + t4[1];
         t1[1] = t4[1];
         t1[2] = t4[3];                             /* the lod word */
         t1[3] = 77;
      } else {
         t1[0] = 64; t1[1] = 32; t1[2] = 1; t1[3] = 7;
      }
      do
         t0[0] += 1;                                /* UADD */
      while (!(t0[0] >= 3));                        /* USGE, BRK */
      for (unsigned c = 0; c < 4; c++)
         CHECK_EQ(e->out[l * OUT_WORDS + c],
                  fbits((float)(int32_t)t0[c] + (float)t1[c]));
   }
   free(e);
}

/* A texture unit for f1.hex: (s + k / 8, t, k ? lod/bias : 0.75, 0.5)
 * with k 0 for tex, 1 texbias, 2 texlod. */
static void
fake_texture_f1(void *ctx, enum g80_stage stage,
                const struct g80_tex_request *req, uint32_t out[32][4])
{
   (void)ctx;
   (void)stage;
   unsigned k = req->op == G80_TEX_SAMPLE_BIAS ? 1 :
                req->op == G80_TEX_SAMPLE_LOD ? 2 : 0;
   CHECK(req->op == G80_TEX_SAMPLE || k);
   tex_calls++;
   for (unsigned l = 0; l < 32; l++) {
      if (!(req->active >> l & 1))
         continue;
      out[l][0] = fbits(bitsf(req->coord[l][0]) + k / 8.0f);
      out[l][1] = req->coord[l][1];
      out[l][2] = k ? req->lod_or_bias[l] : fbits(0.75f);
      out[l][3] = fbits(0.5f);
   }
}

/* f1.hex: upstream's FP with perspective/flat/centroid inputs, TEX,
 * DDX/DDY (quadop), RCP/RSQ/EX2/LG2, SIN/COS (presin), FLR, KILL_IF,
 * MIN/MAX, TXB (its per-quad bias loop over $c flags) and TXL (its
 * quad-uniform LOD split: joinat, quadop compares, divergent bra, join),
 * MUL_SAT.  The TGSI in the file's comments, evaluated by hand:
 *   IN[0] = (v0, v1, v2, v3) * (1 / v0) with v0 = 1 (x = 1);
 *   T0 = tex = (1, y, 0.75, 0.5); T2.w = DDX(IN[0].w) (TR - TL);
 *   the KILL_IF tests SLT results (1 or 0), never below 0: no kill;
 *   OUT = sat(max(min(T0, 0.5), (sin IN2.x, cos IN2.y, floor IN2.z,
 *   T2.w)) * TXB) + TXL, TXB = (1.125, y, w, 0.5), TXL = (1.25, y, w,
 *   0.5).  Lanes 4q..4q+3 are a quad (TL, TR, BL, BR, g80_shader.h):
 *   IN[0].w = 3/4 l gives DDX 3/4. */
static void
upstream_f1_fragment(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   p.n = load_hex("f1.hex", p.w, 1024);
   CHECK(p.n > 0);
   for (unsigned l = 0; l < LANES; l++) {
      float *v = &e->interp[l * IN_WORDS];
      unsigned q = l / 4, px = l & 1, py = l >> 1 & 1;
      v[0] = 1.0f;
      v[1] = 0.25f * px + 0.5f * py + q;
      v[2] = 2.0f * px - py;
      v[3] = 0.75f * l;
      v[4] = 0.5f; v[5] = 1.5f; v[6] = 0.25f; v[7] = 1.0f;   /* flat */
      v[8] = 0.3f + 0.1f * l;
      v[9] = -1.2f + 0.05f * l;
      v[10] = 0.6f + 0.05f * l;
   }
   e->cb0[4] = fbits(2.0f); e->cb0[5] = fbits(0.5f);
   e->cb0[6] = fbits(1.0f); e->cb0[7] = fbits(3.0f);
   for (unsigned k = 8; k < 12; k++)
      e->cb0[k] = fbits(0.25f);
   e->cb.texture = fake_texture_f1;
   e->gprs = 32;
   tex_calls = 0;
   CHECK_EQ(run(e, &p, G80_STAGE_FP, 0xffffffff), 0);
   if (e->fault.faulted)
      fprintf(stderr, "fault: %s at 0x%x\n", e->fault.msg, e->fault.pc);
   CHECK_EQ(e->warp.discarded, 0);
   CHECK(tex_calls >= 3);
   for (unsigned l = 0; l < LANES; l++) {
      const float *v = &e->interp[l * IN_WORDS];
      float y = v[1], w = v[3];
      float m0 = fmaxf(0.5f, (float)sin(v[8]));
      float m1 = fmaxf(fminf(y, 0.5f), (float)cos(v[9]));
      float m2 = fmaxf(0.5f, floorf(v[10]));
      float m3 = fmaxf(0.5f, 0.75f);
      float sat0 = fminf(fmaxf(m0 * 1.125f, 0), 1);
      float sat1 = fminf(fmaxf(m1 * y, 0), 1);
      float sat2 = fminf(fmaxf(m2 * w, 0), 1);
      float sat3 = fminf(fmaxf(m3 * 0.5f, 0), 1);
      uint32_t *o = &e->out[l * OUT_WORDS];
      /* sin/cos: within the SFU's 2^-20.5 (times the 1.125 factor) */
      CHECK(fabsf(bitsf(o[0]) - (sat0 + 1.25f)) <= 0x1p-19f);
      CHECK(fabsf(bitsf(o[1]) - (sat1 + y)) <= 0x1p-19f * (1 + y));
      CHECK_EQ(o[2], fbits(sat2 + w));
      CHECK_EQ(o[3], fbits(sat3 + 0.5f));
   }
   free(e);
}

/* d1.hex (G200): F2D, DADD, DMUL, DMAD (fma), DMIN, DMAX, DSLT, D2F,
 * D2I, I2D, then IN[0] stored to an l[] array at ADDR = F2I(IN[0].y) and
 * element ADDR + 1 read back.  By hand, with IN[0] = (1, k, 3, 5)
 * (v0 = 2 gives w = 0.5): d = 1; d + d = 2; 2 * 1 = 2; 2 * 1 + 2 = 4;
 * min(4, 1) = 1; max(1, 4) = 4; 4 < 4 false; OUT = (4.0, 4, 0.0, l[])
 * (I2D of the false 0).  The element read back was never written:
 * undefined on a card, so .w is not checked. */
static void
upstream_d1_doubles(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   p.n = load_hex("d1.hex", p.w, 1024);
   CHECK(p.n > 0);
   for (unsigned l = 0; l < LANES; l++) {
      float *v = &e->interp[l * IN_WORDS];
      v[0] = 2.0f;
      v[1] = 2.0f * (l % 6);
      v[2] = 6.0f;
      v[3] = 10.0f;
   }
   e->gprs = 16;
   e->prog.isa_flags = G(FLAG_FP64) | G80_SHADER_MUL_SAT;
   e->prog.local_bytes = 0x80;
   CHECK_EQ(run(e, &p, G80_STAGE_FP, 0xffffffff), 0);
   if (e->fault.faulted)
      fprintf(stderr, "fault: %s at 0x%x\n", e->fault.msg, e->fault.pc);
   for (unsigned l = 0; l < LANES; l++) {
      uint32_t *o = &e->out[l * OUT_WORDS];
      CHECK_EQ(o[0], fbits(4.0f));
      CHECK_EQ(o[1], 4);
      CHECK_EQ(o[2], 0);
   }
   /* without FP64 (G80..G98, GT21x) the same words fault */
   e->prog.isa_flags = 0;
   CHECK_EQ(g80_shader_run(G80_STAGE_FP, &e->prog, &e->warp, &e->cb,
                           &e->fault), -1);
   free(e);
}

/* Geometry output recorded per lane. */
static struct {
   unsigned n[32];
   uint32_t v[32][8][8];
   unsigned restarts[32];
   unsigned restart_after[32];
} gp_rec;

static void
record_emit(void *ctx, uint32_t lanes, bool restart, const uint32_t *out,
            unsigned out_stride)
{
   (void)ctx;
   for (unsigned l = 0; l < 32; l++) {
      if (!(lanes >> l & 1))
         continue;
      if (restart) {
         gp_rec.restarts[l]++;
         gp_rec.restart_after[l] = gp_rec.n[l];
      } else if (gp_rec.n[l] < 8) {
         memcpy(gp_rec.v[l][gp_rec.n[l]++], out + l * out_stride, 32);
      }
   }
}

/* g1.hex: a GP looping over its triangle's 3 vertices: a[4 i] holds the
 * byte offset of vertex i in p[] (isa.rst), its words $vstride apart, OUT[0] = IN[i][0],
 * OUT[1] = IN[i][1] + (1, 0, 0, 0), EMIT; then ENDPRIM.  8 lanes, one
 * triangle each, vertices g = 3 lane + i of 8 words in p[]:
 * (g, g + 0.5, -g, 1) and (g / 4, 2, 3, 4). */
static void
upstream_g1_geometry(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   static uint32_t prim[24 * 8];
   p.n = load_hex("g1.hex", p.w, 1024);
   CHECK(p.n > 0);
   /* word k of a vertex is $vstride (0x20) bytes after word k - 1
    * (G80_SHADER_GP_VSTRIDE): blocks of 8 vertices side by side */
   for (unsigned g = 0; g < 24; g++) {
      uint32_t base = (g / 8) * 8 * 8 + g % 8;
      float w[8] = { (float)g, g + 0.5f, -(float)g, 1.0f,
                     g / 4.0f, 2.0f, 3.0f, 4.0f };
      for (unsigned k = 0; k < 8; k++)
         prim[base + k * 8] = fbits(w[k]);
   }
   for (unsigned l = 0; l < 8; l++)
      for (unsigned i = 0; i < 3; i++) {
         unsigned g = 3 * l + i;
         e->in[l * IN_WORDS + i] = (g / 8) * 8 * 32 + (g % 8) * 4;
      }
   e->warp.prim = prim;
   e->warp.prim_words = 24 * 8;
   e->cb.gp_emit = record_emit;
   e->gprs = 16;
   memset(&gp_rec, 0, sizeof(gp_rec));
   CHECK_EQ(run(e, &p, G80_STAGE_GP, 0xff), 0);
   if (e->fault.faulted)
      fprintf(stderr, "fault: %s at 0x%x\n", e->fault.msg, e->fault.pc);
   for (unsigned l = 0; l < 32; l++) {
      CHECK_EQ(gp_rec.n[l], l < 8 ? 3 : 0);
      CHECK_EQ(gp_rec.restarts[l], l < 8 ? 1 : 0);
      CHECK_EQ(gp_rec.restart_after[l], l < 8 ? 3 : 0);
      for (unsigned i = 0; i < gp_rec.n[l] && i < 3; i++) {
         unsigned g = 3 * l + i;
         uint32_t *o = gp_rec.v[l][i];
         CHECK_EQ(o[0], fbits((float)g));
         CHECK_EQ(o[1], fbits(g + 0.5f));
         CHECK_EQ(o[2], fbits(-(float)g));
         CHECK_EQ(o[3], fbits(1.0f));
         CHECK_EQ(o[4], fbits(g / 4.0f + 1.0f));
         CHECK_EQ(o[5], fbits(2.0f));
         CHECK_EQ(o[6], fbits(3.0f));
         CHECK_EQ(o[7], fbits(4.0f));
      }
   }
   /* p[] past the space faults */
   e->warp.prim_words = 8;
   CHECK_EQ(g80_shader_run(G80_STAGE_GP, &e->prog, &e->warp, &e->cb,
                           &e->fault), -1);
   CHECK_STR_HAS(e->fault.msg, "outside the primitive space");
   free(e);
}

/* misc.rst: emit "emits current contents of $o registers as the next
 * vertex ... and clears $o": $o0 = 2.0, emit, emit gives (2.0) then
 * (0.0); the $sr vstride reads G80_SHADER_GP_VSTRIDE (isa.rst 0x20). */
static void
gp_emit_clears_out(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   emit(&p, op2(G(OP_MOV_B32_I), R(0), IMM(fbits(2.0f))));
   emit(&p, op2(G(OP_MOV_B32_L), O(0), R(0)));
   emit(&p, I(G(OP_EMIT)));
   emit(&p, I(G(OP_EMIT)));
   struct nvisa_g80_insn sr = I(G(OP_MOV_FROM_SR));
   sr.opnd[0] = R(1);
   sr.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_SREG), .size = 4,
                                            .val = G(SREG_vstride) };
   emit(&p, sr);
   emit(&p, op2(G(OP_MOV_B32_L), O(1), R(1)));
   emit(&p, I(G(OP_EMIT)));
   emit(&p, nop_ctrl(1));
   e->cb.gp_emit = record_emit;
   e->gprs = 16;
   memset(&gp_rec, 0, sizeof(gp_rec));
   CHECK_EQ(run(e, &p, G80_STAGE_GP, 0x1), 0);
   CHECK_EQ(gp_rec.n[0], 3);
   CHECK_EQ(gp_rec.v[0][0][0], fbits(2.0f));
   CHECK_EQ(gp_rec.v[0][1][0], 0);
   CHECK_EQ(gp_rec.v[0][2][1], 0x20);
   free(e);
}

/* tex with and without the live flag: helper lanes (the invisible mask)
 * are left out of a live request only (isa.rst). */
static uint32_t last_tex_active[4];
static unsigned n_tex;

static void
note_texture(void *ctx, enum g80_stage stage,
             const struct g80_tex_request *req, uint32_t out[32][4])
{
   (void)ctx;
   (void)stage;
   (void)out;
   if (n_tex < 4)
      last_tex_active[n_tex] = req->active;
   n_tex++;
}

static void
prog_tex_live(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   struct nvisa_g80_insn t = I(G(OP_TEX_L));
   t.opnd[0] = R(0); t.opnd[0].size = 16;
   t.opnd[1] = R(0); t.opnd[1].size = 16;
   t.mod[G(MOD_MASK)] = 0xf;
   t.mod[G(MOD_ARGC)] = 1;
   emit(&p, t);
   t.mod[G(MOD_LIVE)] = 1;
   emit(&p, t);
   emit(&p, nop_ctrl(1));
   e->cb.texture = note_texture;
   e->warp.helper = 0x8;
   n_tex = 0;
   CHECK_EQ(run(e, &p, G80_STAGE_FP, 0xf), 0);
   CHECK_EQ(n_tex, 2);
   CHECK_EQ(last_tex_active[0], 0xf);
   CHECK_EQ(last_tex_active[1], 0x7);
   free(e);
}

/* v2.hex: vertex/instance ids (a[0x10], a[0x14] as upstream numbers
 * them after IN[0]), UMAD, IMUL_HI and UMUL_HI (lowered to 16-bit mads
 * whose carries chain through $c), INEG, ISSG, UDIV and MOD (lowered to
 * rcp, rz multiplies and corrections), U2F, POW (lg2, preex2, ex2).  The
 * TGSI by hand in C (64-bit products for the high halves, C's / and %
 * for UDIV and MOD, which truncate as TGSI does). */
static void
upstream_v2_integer_lowering(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   p.n = load_hex("v2.hex", p.w, 1024);
   CHECK(p.n > 0);
   for (unsigned l = 0; l < LANES; l++) {
      uint32_t *in = &e->in[l * IN_WORDS];
      in[0] = fbits(2.0f);
      in[1] = fbits(l / 8.0f);
      in[2] = fbits(-3.0f);
      in[3] = fbits(1.0f);
      /* ids with products past 2^32, signs of both kinds */
      in[4] = 0x12345678u + l * 0x1111111u;
      in[5] = (l & 1) ? 0x9abcu + l * 0x10001u : 0xfff00000u - l * 77u;
   }
   CHECK_EQ(run(e, &p, G80_STAGE_VP, 0xffffffff), 0);
   if (e->fault.faulted)
      fprintf(stderr, "fault: %s at 0x%x\n", e->fault.msg, e->fault.pc);
   for (unsigned l = 0; l < LANES; l++) {
      const uint32_t *in = &e->in[l * IN_WORDS];
      uint32_t *o = &e->out[l * OUT_WORDS];
      uint32_t vid = in[4], iid = in[5];
      uint32_t t1x = vid * 2 + iid;
      int32_t t1y = (int32_t)(((int64_t)(int32_t)vid * (int32_t)iid) >> 32);
      uint32_t t1z = (uint32_t)(((uint64_t)vid * iid) >> 32);
      uint32_t t2[4];
      t2[0] = (uint32_t)-t1y;
      t2[1] = (uint32_t)(t1y > 0 ? 1 : t1y < 0 ? -1 : 0);
      t2[2] = t1x / t1z;
      t2[3] = (uint32_t)((int32_t)t1x % (int32_t)t1z);
      CHECK_EQ(o[0], fbits(2.0f));
      CHECK_EQ(o[1], fbits(l / 8.0f));
      CHECK_EQ(o[2], fbits(-3.0f));
      /* pow(2, l/8) = ex2(l/8 * lg2 2): within ex2's 2 ulp */
      double pw = exp2(l / 8.0);
      CHECK(fabs(bitsf(o[3]) - pw) <= 2 * ulp_of(pw));
      for (unsigned c = 0; c < 4; c++)
         CHECK_EQ(o[4 + c], fbits((float)t2[c]));
      CHECK_EQ(o[8], fbits(1.5f));
   }
   free(e);
}

/* f3.hex's texture unit: texture 0 sampled (s, -(lane % 3), 0, 0.25)
 * with s 3 on odd lanes, texture 1 (-1, 1, 0.5, 0), texfetch
 * (10 + offset x, 20 + offset y, 30, 40). */
static void
fake_texture_f3(void *ctx, enum g80_stage stage,
                const struct g80_tex_request *req, uint32_t out[32][4])
{
   (void)ctx;
   (void)stage;
   for (unsigned l = 0; l < 32; l++) {
      if (!(req->active >> l & 1))
         continue;
      float v[4];
      if (req->op == G80_TEX_FETCH) {
         v[0] = 10.0f + req->offset[0];
         v[1] = 20.0f + req->offset[1];
         v[2] = 30.0f + req->offset[2];
         v[3] = 40.0f;
      } else if (req->tic == 0) {
         v[0] = (l & 1) ? 3.0f : 0.0f;
         v[1] = -(float)(l % 3);
         v[2] = 0.0f;
         v[3] = 0.25f;
      } else {
         v[0] = -1.0f; v[1] = 1.0f; v[2] = 0.5f; v[3] = 0.0f;
      }
      for (unsigned c = 0; c < 4; c++)
         out[l][c] = fbits(v[c]);
   }
}

/* f3.hex: TEX of a 2D array and a shadow texture, TXF with offsets
 * (1, -1, 0), KILL under IF FACE, a loop whose CONT is a divergent bra
 * back to its head and whose BRK is predicated, OUT[1].z = sat(depth).
 * By hand: t0 = tex0; loop { t0 += tex1; if (t0.x >= 1.5) continue;
 * if (t0.y >= 3) break; }; OUT[0] = t0 + texfetch. */
static void
upstream_f3_loop_continue(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   p.n = load_hex("f3.hex", p.w, 1024);
   CHECK(p.n > 0);
   for (unsigned l = 0; l < LANES; l++) {
      float *v = &e->interp[l * IN_WORDS];
      v[0] = 0.25f; v[1] = 1.0f; v[2] = 2.0f; v[3] = 1.0f;
      v[4] = (l % 5 == 0) ? 1.0f : 0.0f;     /* FACE (flat) */
      v[5] = l / 16.0f;                      /* depth */
   }
   e->cb0[0] = fbits(1.5f);
   e->cb0[1] = fbits(3.0f);
   e->cb.texture = fake_texture_f3;
   e->gprs = 16;
   CHECK_EQ(run(e, &p, G80_STAGE_FP, 0xffffffff), 0);
   if (e->fault.faulted)
      fprintf(stderr, "fault: %s at 0x%x\n", e->fault.msg, e->fault.pc);
   uint32_t killed = 0;
   for (unsigned l = 0; l < LANES; l++)
      if (l % 5 == 0)
         killed |= 1u << l;
   CHECK_EQ(e->warp.discarded, killed);
   for (unsigned l = 0; l < LANES; l++) {
      if (killed >> l & 1)
         continue;
      float t0[4] = { (l & 1) ? 3.0f : 0.0f, -(float)(l % 3), 0, 0.25f };
      const float t1[4] = { -1, 1, 0.5f, 0 }, t2[4] = { 11, 19, 30, 40 };
      for (;;) {
         for (unsigned c = 0; c < 4; c++)
            t0[c] += t1[c];
         if (t0[0] >= 1.5f)
            continue;
         if (t0[1] >= 3.0f)
            break;
      }
      uint32_t *o = &e->out[l * OUT_WORDS];
      for (unsigned c = 0; c < 4; c++)
         CHECK_EQ(o[c], fbits(t0[c] + t2[c]));
      CHECK_EQ(o[4], fbits(fminf(l / 16.0f, 1.0f)));
   }
   free(e);
}

/* t1.hex's texture unit.  Derivatives are what a texture unit takes from
 * a quad (TL, TR, BL, BR = lanes 4q..4q+3): ddx from the lane's row,
 * ddy from its column. */
static unsigned t1_deriv_calls;

static float
quad_coord(const struct g80_tex_request *req, unsigned lane, unsigned c)
{
   return bitsf(req->coord[lane][c]);
}

static void
fake_texture_t1(void *ctx, enum g80_stage stage,
                const struct g80_tex_request *req, uint32_t out[32][4])
{
   (void)ctx;
   (void)stage;
   if (req->deriv) {
      t1_deriv_calls++;
      /* upstream's TXD runs under quadon: every lane of the quads */
      CHECK_EQ(req->active & 0xf, 0xf);
   }
   for (unsigned l = 0; l < 32; l++) {
      if (!(req->active >> l & 1))
         continue;
      unsigned q = l & ~3u, row = q + (l & 2), col = q + (l & 1);
      float v[4] = { 0, 0, 0, 0 };
      if (req->op == G80_TEX_GATHER) {
         v[0] = 100; v[1] = 200; v[2] = 300; v[3] = 400;
      } else if (req->op == G80_TEX_QUERY_LOD) {
         out[l][0] = 384;                 /* 8.8 fixed point: 1.5 */
         out[l][1] = 512;
         out[l][2] = fbits(0.25f);
         out[l][3] = fbits(0.125f);
         continue;
      } else if (req->tic == 0 && req->deriv) {
         for (unsigned c = 0; c < 2; c++) {
            v[2 * c] = quad_coord(req, row + 1, c) - quad_coord(req, row, c);
            v[2 * c + 1] = quad_coord(req, col + 2, c) - quad_coord(req, col, c);
         }
      } else if (req->tic == 0) {
         v[0] = quad_coord(req, l, 0);    /* TXP: the projected s */
      } else if (req->tic == 1) {
         for (unsigned c = 0; c < 3; c++)
            v[c] = quad_coord(req, l, c);
         v[3] = 7;
      } else {
         v[0] = quad_coord(req, l, 3);    /* shadow cube: the reference */
      }
      for (unsigned c = 0; c < 4; c++)
         out[l][c] = fbits(v[c]);
   }
}

/* t1.hex (GT215): TG4, TXD (upstream: quadon, quadop broadcasts and
 * offsets per lane, tex deriv, lane-masked movs, quadpop), cube and
 * shadow cube TEX (its major-axis normalisation), LODQ (8.8 fixed point
 * scaled by 1/256), TXP.  IN[0] = (1, l / 4, 0.5 + 0.125 px, 2) (v0 = 1).
 * By hand: TG4 gives (., 200, 300, 400); TXD with ddx = IN.yxzw and
 * ddy = IN.zwxy gives (y, z, 1, 2) as the quad's differences; cube
 * (x, y, z) / max(|x|, |y|, |z|) and 7; shadow cube the reference w = 2;
 * LODQ (1.5, 2, 0.25, 0.125); TXP .x = 1 / 2.  Lane 3 does not run: the
 * quadon must enable it for quad 0's derivatives. */
static void
upstream_t1_gt215(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   p.n = load_hex("t1.hex", p.w, 1024);
   CHECK(p.n > 0);
   for (unsigned l = 0; l < LANES; l++) {
      float *v = &e->interp[l * IN_WORDS];
      v[0] = 1.0f;
      v[1] = l / 4.0f;
      v[2] = 0.5f + 0.125f * (l & 1);
      v[3] = 2.0f;
   }
   e->cb.texture = fake_texture_t1;
   e->gprs = 32;
   e->prog.isa_flags = G(FLAG_SM11) | G(FLAG_D3D10_1) | G80_SHADER_MUL_SAT;
   t1_deriv_calls = 0;
   CHECK_EQ(run(e, &p, G80_STAGE_FP, 0xfffffff7), 0);
   if (e->fault.faulted)
      fprintf(stderr, "fault: %s at 0x%x\n", e->fault.msg, e->fault.pc);
   CHECK_EQ(t1_deriv_calls, 4);
   for (unsigned l = 0; l < LANES; l++) {
      if (l == 3)
         continue;
      float y = l / 4.0f, z = 0.5f + 0.125f * (l & 1);
      float m = fmaxf(1.0f, fmaxf(y, z));
      float t0[4] = { 0.5f, 200, 300, 400 };
      float t1[4] = { y, z, 1, 2 };
      float t2[4] = { 1 / m, y / m, z / m, 7 };
      float t3[4] = { 2, 0, 0, 0 };
      float t4[4] = { 1.5f, 2, 0.25f, 0.125f };
      uint32_t *o = &e->out[l * OUT_WORDS];
      for (unsigned c = 0; c < 4; c++) {
         float r = (((t0[c] + t1[c]) + t2[c]) + t3[c]) + t4[c];
         /* the cube coordinates come through rcp: a few ulp of t2 */
         CHECK(fabsf(bitsf(o[c]) - r) <= 4e-7f * fabsf(r) + 1e-6f);
      }
   }
   free(e);
}

/* t2.hex's texture unit: the cube array sample returns its coordinate
 * words (s, t, r as floats, the layer an integer made float), the
 * multisample texfetch its integer coordinates made float and 9. */
static void
fake_texture_t2(void *ctx, enum g80_stage stage,
                const struct g80_tex_request *req, uint32_t out[32][4])
{
   (void)ctx;
   (void)stage;
   for (unsigned l = 0; l < 32; l++) {
      if (!(req->active >> l & 1))
         continue;
      const uint32_t *c = req->coord[l];
      if (req->op == G80_TEX_FETCH) {
         CHECK_EQ(req->tic, 1);
         out[l][0] = fbits((float)(int32_t)c[0]);
         out[l][1] = fbits((float)(int32_t)c[1]);
         out[l][2] = fbits((float)(int32_t)c[2]);
         out[l][3] = fbits(9.0f);
      } else {
         CHECK_EQ(req->target, 1);          /* cube */
         out[l][0] = c[0];
         out[l][1] = c[1];
         out[l][2] = c[2];
         out[l][3] = fbits((float)c[3]);
      }
   }
}

/* t2.hex (GT215): a cube array TEX (major-axis normalisation, the layer
 * rounded to an integer and clamped to 0x1ff), $sampleid through U2F, a
 * 2D_MSAA TXF whose sample position upstream reads from its driver
 * constants c15[] with $a: x = (px << c15[0x188]) + c15[$a1 + 0x280],
 * y = (py << c15[0x18c]) + c15[$a1 + 0x284], $a1 = 8 ((c15[0x188] +
 * c15[0x18c]) * 8 + sample).  With both shifts 1 and the table's entry
 * for sample s = (s & 1, s >> 1): (2 px + (s & 1), 2 py + (s >> 1), 0).
 * OUT = TEX + sample + TXF. */
static void
upstream_t2_msaa(void)
{
   struct env *e = env_new();
   struct prog p = { 0 };
   static uint32_t sid[32];
   p.n = load_hex("t2.hex", p.w, 1024);
   CHECK(p.n > 0);
   for (unsigned l = 0; l < LANES; l++) {
      float *v = &e->interp[l * IN_WORDS];
      v[0] = 1.0f + l * 0.125f; v[1] = -2.0f; v[2] = 0.5f; v[3] = l / 3.0f;
      v[4] = l + 0.5f; v[5] = 3.7f;              /* IN[1]: position */
      v[7] = 1.0f;                               /* 1/w */
      sid[l] = l & 3;
   }
   e->cb15[0x188 / 4] = 1;
   e->cb15[0x18c / 4] = 1;
   for (unsigned k = 0; k < 4; k++) {
      e->cb15[(0x280 + 8 * (16 + k)) / 4] = k & 1;
      e->cb15[(0x284 + 8 * (16 + k)) / 4] = k >> 1;
   }
   e->warp.sample_id = sid;
   e->cb.texture = fake_texture_t2;
   e->gprs = 16;
   e->prog.isa_flags = G(FLAG_SM11) | G(FLAG_D3D10_1) | G80_SHADER_MUL_SAT;
   CHECK_EQ(run(e, &p, G80_STAGE_FP, 0xffffffff), 0);
   if (e->fault.faulted)
      fprintf(stderr, "fault: %s at 0x%x\n", e->fault.msg, e->fault.pc);
   for (unsigned l = 0; l < LANES; l++) {
      float x = 1.0f + l * 0.125f, m = fmaxf(x, 2.0f);
      float layer = (float)(unsigned)nearbyintf(l / 3.0f);
      float t0[4] = { x / m, -2.0f / m, 0.5f / m, layer };
      float s = (float)(l & 3);
      float t3[4] = { (float)(2 * l + (l & 1)), (float)(6 + ((l & 3) >> 1)),
                      0, 9 };
      uint32_t *o = &e->out[l * OUT_WORDS];
      for (unsigned c = 0; c < 4; c++) {
         float r = (t0[c] + s) + t3[c];
         CHECK(fabsf(bitsf(o[c]) - r) <= 4e-7f * fabsf(r));
      }
   }
   free(e);
}

/* sweep.hex: one FP per TGSI operation (the file's header names them in
 * order), each ending at its exit.  Every one must run to its exit
 * without a fault; the operations whose TGSI meaning on the template's
 * sources is unambiguous (unary ones on IN[0], binary ones on IN[0] and
 * IN[1]) are checked by hand per component, with IN[0] = (1, a, b, c)
 * (v0 = 1 is also the 1/w slot) and IN[1] = (d, e, f, g). */
static float
sweep_ref(const char *op, float x, float y, bool *known)
{
   *known = true;
   if (!strcmp(op, "MOV")) return x;
   if (!strcmp(op, "FLR")) return floorf(x);
   if (!strcmp(op, "CEIL")) return ceilf(x);
   if (!strcmp(op, "TRUNC")) return truncf(x);
   if (!strcmp(op, "ROUND")) return nearbyintf(x);
   if (!strcmp(op, "FRC")) return x - floorf(x);
   if (!strcmp(op, "SSG")) return x > 0 ? 1.0f : x < 0 ? -1.0f : 0.0f;
   if (!strcmp(op, "ADD")) return x + y;
   if (!strcmp(op, "MUL")) return x * y;
   if (!strcmp(op, "MIN")) return fminf(x, y);
   if (!strcmp(op, "MAX")) return fmaxf(x, y);
   if (!strcmp(op, "SEQ")) return x == y ? 1.0f : 0.0f;
   if (!strcmp(op, "SNE")) return x != y ? 1.0f : 0.0f;
   if (!strcmp(op, "SLT")) return x < y ? 1.0f : 0.0f;
   if (!strcmp(op, "SGE")) return x >= y ? 1.0f : 0.0f;
   if (!strcmp(op, "SGT")) return x > y ? 1.0f : 0.0f;
   if (!strcmp(op, "SLE")) return x <= y ? 1.0f : 0.0f;
   *known = false;
   return 0;
}

/* Integer operations of the sweep: on F2I (truncation) of the sources,
 * the result's bits written as they are.  Shifts by a count outside
 * 0..31 are left out (TGSI masks the count, the hardware does not:
 * hwtest g80_int.cc gives 0 or the sign; upstream does not mask). */
static uint32_t
sweep_int_ref(const char *op, int32_t x, int32_t y, bool *known)
{
   uint32_t ux = x, uy = y;
   *known = true;
   if (!strcmp(op, "AND")) return ux & uy;
   if (!strcmp(op, "OR")) return ux | uy;
   if (!strcmp(op, "XOR")) return ux ^ uy;
   if (!strcmp(op, "NOT")) return ~ux;
   if (!strcmp(op, "INEG")) return -ux;
   if (!strcmp(op, "IABS")) return x < 0 ? -ux : ux;
   if (!strcmp(op, "UADD")) return ux + uy;
   if (!strcmp(op, "UMUL")) return ux * uy;
   if (!strcmp(op, "IMIN")) return x < y ? ux : uy;
   if (!strcmp(op, "IMAX")) return x > y ? ux : uy;
   if (!strcmp(op, "UMIN")) return ux < uy ? ux : uy;
   if (!strcmp(op, "UMAX")) return ux > uy ? ux : uy;
   if (!strcmp(op, "ISGE")) return x >= y ? ~0u : 0;
   if (!strcmp(op, "ISLT")) return x < y ? ~0u : 0;
   if (!strcmp(op, "USEQ")) return ux == uy ? ~0u : 0;
   if (!strcmp(op, "USNE")) return ux != uy ? ~0u : 0;
   if (!strcmp(op, "USGE")) return ux >= uy ? ~0u : 0;
   if (!strcmp(op, "USLT")) return ux < uy ? ~0u : 0;
   if (uy < 32) {
      if (!strcmp(op, "SHL")) return ux << uy;
      if (!strcmp(op, "USHR")) return ux >> uy;
      if (!strcmp(op, "ISHR")) return (uint32_t)(x >> uy);
   }
   *known = false;
   return 0;
}

static void
upstream_sweep(void)
{
   static uint32_t all[4096];
   char line[2048], names[128][16];
   unsigned nnames = 0, n = 0;
   char path[512];
   snprintf(path, sizeof(path), "%s/sweep.hex", G80_UPSTREAM_DIR);
   FILE *f = fopen(path, "r");
   CHECK(f != NULL);
   if (!f)
      return;
   while (fgets(line, sizeof(line), f)) {
      if (!strncmp(line, "#   ADD ", 8)) {
         for (char *t = strtok(line + 1, " \n"); t && nnames < 128;
              t = strtok(NULL, " \n"))
            snprintf(names[nnames++], 16, "%s", t);
         continue;
      }
      if (line[0] == '#')
         continue;
      for (char *t = strtok(line, " \t\n"); t && n < 4096;
           t = strtok(NULL, " \t\n"))
         all[n++] = (uint32_t)strtoul(t, NULL, 16);
   }
   fclose(f);
   CHECK_EQ(nnames, 80);

   struct env *e = env_new();
   for (unsigned l = 0; l < LANES; l++) {
      float *v = &e->interp[l * IN_WORDS];
      v[0] = 1.0f;
      v[1] = (float)l / 4 - 3.75f;     /* IN[0].y: -3.75 .. 4 */
      v[2] = 2.5f - (float)l / 8;
      v[3] = (l & 1) ? 0.5f : -1.25f;
      v[4] = (float)(l % 5) - 2;       /* IN[1] */
      v[5] = 0.25f * l - 4;
      v[6] = 2.5f - (float)l / 8;      /* equal to IN[0].z: SEQ true */
      v[7] = 3.0f;
   }
   for (unsigned k = 0; k < 64; k++)
      e->cb0[k] = fbits(0.5f * k);
   e->gprs = 32;
   unsigned start = 0, prog_index = 0, checked = 0;
   while (start < n && prog_index < nnames) {
      /* the program runs to the first instruction with exit */
      unsigned end = start;
      for (;;) {
         struct nvisa_g80_insn insn;
         int w = nvisa_g80_decode_ptype(all + end, n - end,
                                        NVISA_G80_PTYPE_FP, &insn);
         if (w < 0) {
            end = n;
            break;
         }
         end += w;
         if (insn.mod[G(MOD_CTRL)] == 1 || end >= n)
            break;
      }
      struct prog p = { .n = end - start };
      memcpy(p.w, all + start, p.n * 4);
      const char *op = names[prog_index];
      memset(e->out, 0, sizeof(e->out));
      int r = run(e, &p, G80_STAGE_FP, 0xffffffff);
      if (r)
         fprintf(stderr, "sweep %s: %s at 0x%x\n", op, e->fault.msg,
                 e->fault.pc);
      CHECK_EQ(r, 0);
      for (unsigned l = 0; l < LANES && !r; l++) {
         const float *v = &e->interp[l * IN_WORDS];
         float in0[4] = { 1.0f, v[1], v[2], v[3] };
         float in1[4] = { v[4], v[5], v[6], v[7] };
         for (unsigned c = 0; c < 4; c++) {
            bool known;
            uint32_t iref = sweep_int_ref(op, (int32_t)in0[c],
                                          (int32_t)in1[c], &known);
            if (known) {
               CHECK_EQ(e->out[l * OUT_WORDS + c], iref);
               checked++;
               continue;
            }
            float ref = sweep_ref(op, in0[c], in1[c], &known);
            if (!known)
               continue;
            if (e->out[l * OUT_WORDS + c] != fbits(ref))
               fprintf(stderr, "sweep %s lane %u .%u: %g, expected %g\n", op,
                       l, c, bitsf(e->out[l * OUT_WORDS + c]), ref);
            CHECK_EQ(e->out[l * OUT_WORDS + c], fbits(ref));
            checked++;
         }
      }
      start = end;
      prog_index++;
   }
   CHECK_EQ(prog_index, nnames);
   CHECK_EQ(start, n);
   /* 17 float and 18 integer operations on every lane and component,
    * the shifts on the lanes whose count is in range */
   CHECK(checked >= 35 * 32 * 4);
   free(e);
}

/* Random words (a fixed xorshift seed) and mutated upstream programs:
 * every run ends with 0 or a fault, within the budget, without touching
 * memory outside its arrays (run under ASan by make unit-asan). */
static void
fuzz_texture(void *ctx, enum g80_stage stage,
             const struct g80_tex_request *req, uint32_t out[32][4])
{
   (void)ctx;
   (void)stage;
   for (unsigned l = 0; l < 32; l++)
      if (req->active >> l & 1)
         out[l][0] = req->coord[l][0];
}

static void
prog_random_words(void)
{
   struct env *e = env_new();
   uint32_t x = 0x12345678;
   unsigned faults = 0, done = 0;
   struct prog base = { 0 };
   base.n = load_hex("f1.hex", base.w, 1024);
   e->cb.texture = fuzz_texture;
   for (unsigned k = 0; k < 400; k++) {
      struct prog p = { 0 };
      if (k & 1) {
         p = base;
         for (unsigned m = 0; m < 4; m++) {
            x ^= x << 13; x ^= x >> 17; x ^= x << 5;
            p.w[x % p.n] ^= 1u << (x >> 27);
         }
      } else {
         p.n = 64;
         for (unsigned i = 0; i < p.n; i++) {
            x ^= x << 13; x ^= x >> 17; x ^= x << 5;
            p.w[i] = x;
         }
      }
      e->prog.local_bytes = (k & 2) ? 0x100 : 0;
      int r = run(e, &p, k & 4 ? G80_STAGE_FP : G80_STAGE_VP, x | 1);
      CHECK(r == 0 || r == -1);
      CHECK_EQ(r == -1, e->fault.faulted);
      faults += r == -1;
      done += r == 0;
   }
   /* both outcomes occur */
   CHECK(faults > 0);
   CHECK(done > 0);
   free(e);
}

static const struct nvt_case cases[] = {
   { "f32_add_rules", f32_add_rules },
   { "f32_mul_mad_rules", f32_mul_mad_rules },
   { "int_and_cvt_rules", int_and_cvt_rules },
   { "f64_rules", f64_rules },
   { "sfu_rules", sfu_rules },
   { "prog_arith", prog_arith },
   { "prog_divergent_if_else", prog_divergent_if_else },
   { "prog_quadop_in_place", prog_quadop_in_place },
   { "prog_loop_break", prog_loop_break },
   { "prog_loop_if_break", prog_loop_if_break },
   { "prog_call_ret", prog_call_ret },
   { "prog_start_offset", prog_start_offset },
   { "prog_fp_kil_interp", prog_fp_kil_interp },
   { "prog_runaway", prog_runaway },
   { "prog_faults", prog_faults },
   { "prog_register_limit", prog_register_limit },
   { "prog_int_ops", prog_int_ops },
   { "prog_local", prog_local },
   { "prog_tex_live", prog_tex_live },
   { "prog_random_words", prog_random_words },
   { "upstream_v1_transform", upstream_v1_transform },
   { "upstream_f2_integer", upstream_f2_integer },
   { "upstream_f1_fragment", upstream_f1_fragment },
   { "upstream_d1_doubles", upstream_d1_doubles },
   { "upstream_g1_geometry", upstream_g1_geometry },
   { "gp_emit_clears_out", gp_emit_clears_out },
   { "upstream_v2_integer_lowering", upstream_v2_integer_lowering },
   { "upstream_f3_loop_continue", upstream_f3_loop_continue },
   { "upstream_t1_gt215", upstream_t1_gt215 },
   { "upstream_t2_msaa", upstream_t2_msaa },
   { "upstream_sweep", upstream_sweep },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   const char *fast = getenv("G80_EXEC_TEST_FAST");
   if (fast && *fast == '1') {
      fast_cache = g80_shader_cache_create();
      if (!fast_cache)
         return 1;
   }
   int ret = nvt_main(argc, argv, cases);
   g80_shader_cache_destroy(fast_cache);
   return ret;
}
