/*
 * Rankine (NV30) vertex and fragment programs on the shader interpreters:
 * programs packed with the NV30 encoders (nvisa_nv30_vp.h, nvisa_nv30_fp.h),
 * run through nvsim_nv30_vp_prepare / nvsim_nv30_fp_prepare.  Expected
 * values from NV_vertex_program2 / NV_fragment_program (gl-specs/NV) and
 * hand computation, written next to each check.
 */
#include <stdlib.h>
#include <string.h>

#include "nv40_shader_exec.h"
#include "nvisa_nv30_fp.h"
#include "nvisa_nv30_vp.h"
#include "shader_test.h"

#define VOP(x) NVISA_NV30_VP_VEC_OP_##x
#define SOP(x) NVISA_NV30_VP_SCA_OP_##x
#define OUT30(x) NVISA_NV30_VP_OUT_##x
#define OUT40(x) NVISA_NV40_VP_OUT_##x
#define XYZW NVISA_MASK_XYZW
#define MX NVISA_MASK_X
#define MW NVISA_MASK_W
#define NO_TEMP 0x1f
#define CHECK_EQ_MASK(a, b) do { \
   if ((a) != (b)) { \
      fprintf(stderr, "%s:%d: mask %#x, expected %#x\n", __FILE__, __LINE__, \
              (unsigned)(a), (unsigned)(b)); \
      test_failures++; \
   } \
} while (0)

static uint32_t code[64][4];
static unsigned ncode;
static float attr[16][4];
static float consts[NVISA_NV40_VP_NUM_CONSTS][4];

static void
reset(void)
{
   memset(code, 0, sizeof(code));
   ncode = 0;
   memset(attr, 0, sizeof(attr));
   memset(consts, 0, sizeof(consts));
}

static void
set4(float *v, float x, float y, float z, float w)
{
   v[0] = x; v[1] = y; v[2] = z; v[3] = w;
}

static struct nvisa_src
V(unsigned input)
{
   (void)input;
   return IN();
}

static struct nvisa_src
C(void)
{
   return src_file(NVISA_FILE_CONST, 0);
}

static struct nvisa_src
swz(struct nvisa_src s, unsigned x, unsigned y, unsigned z, unsigned w)
{
   s.swz[0] = x; s.swz[1] = y; s.swz[2] = z; s.swz[3] = w;
   return s;
}

static struct nvisa_nv30_vp_insn
insn(void)
{
   struct nvisa_nv30_vp_insn i;
   nvisa_nv30_vp_insn_init(&i);
   return i;
}

/* A vector op writing output `out` (outmask) and/or temp dst (mask). */
static struct nvisa_nv30_vp_insn
vec(unsigned op, unsigned dst, uint8_t mask, int out, uint8_t outmask,
    struct nvisa_src s0, struct nvisa_src s1, struct nvisa_src s2)
{
   struct nvisa_nv30_vp_insn i = insn();
   i.vec_op = op;
   i.dst = dst;
   i.vec_mask = mask;
   if (out >= 0) {
      i.out = out;
      i.out_target = true;
      i.out_vec_mask = outmask;
   }
   i.src[0] = s0;
   i.src[1] = s1;
   i.src[2] = s2;
   return i;
}

static void
emit(struct nvisa_nv30_vp_insn i, bool last)
{
   i.last = last;
   CHECK(nvisa_nv30_vp_encode(&i, code[ncode]) == 0);
   ncode++;
}

static int
run(struct nvsim_nv40_vp_io *io)
{
   struct nvsim_nv40_vp_prog prog = { 0 };
   char err[128];
   int ret;
   CHECK(nvsim_nv30_vp_prepare(&prog, (const uint32_t (*)[4])code, 64, err,
                               sizeof(err)) == 0);
   memset(io, 0, sizeof(*io));
   io->attr = (const float (*)[4])attr;
   io->consts = (const float (*)[4])consts;
   ret = nvsim_nv40_vp_run(&prog, 0, io);
   nvsim_nv40_vp_fini(&prog);
   return ret;
}

/* The encoding against envytools' "Rankine" column (xf/isa.rst): bit n
 * of the 128-bit instruction is bit n % 32 of word 3 - n / 32.  END 0,
 * OUT_ADDR 2-10, OUT_TARGET 11, OUT_WM_VEC 12-15 and DST_WM_VEC 20-23
 * with X the high bit, OP_VEC 87-91, OP_SCA 92-96, DST 112-116, IBUF_ADDR
 * 73-76. */
static void
test_encoding(void)
{
   struct nvisa_nv30_vp_insn i = vec(VOP(MOV), 5, NVISA_MASK_X, OUT30(COL0),
                                     NVISA_MASK_X, V(0), IN(), IN());
   uint32_t w[4];
   i.input = 3;
   i.sca_op = SOP(RCP);
   i.last = true;
   CHECK(nvisa_nv30_vp_encode(&i, w) == 0);
   CHECK((w[3] & 1) == 1);                          /* END */
   CHECK(((w[3] >> 2) & 0x1ff) == 3);               /* OUT_ADDR = COL0 */
   CHECK(((w[3] >> 11) & 1) == 1);                  /* OUT_TARGET */
   CHECK(((w[3] >> 12) & 0xf) == 0x8);              /* OUT_WM_VEC: X */
   CHECK(((w[3] >> 20) & 0xf) == 0x8);              /* DST_WM_VEC: X */
   CHECK(((w[1] >> 23) & 0x1f) == VOP(MOV));        /* OP_VEC, bits 87-91 */
   /* OP_SCA bits 92-96: 4 low bits at word 1 bits 28-31, the high bit at
    * word 0 bit 0 */
   CHECK(((w[1] >> 28) | ((w[0] & 1) << 4)) == SOP(RCP));
   CHECK(((w[0] >> 16) & 0x1f) == 5);               /* DST, bits 112-116 */
   CHECK(((w[1] >> 9) & 0xf) == 3);                 /* IBUF_ADDR 73-76 */

   struct nvisa_nv30_vp_insn back;
   CHECK(nvisa_nv30_vp_decode(w, &back) == 0);
   CHECK(back.vec_op == VOP(MOV) && back.sca_op == SOP(RCP));
   CHECK(back.dst == 5 && back.vec_mask == NVISA_MASK_X);
   CHECK(back.out == OUT30(COL0) && back.out_target && back.last);
   CHECK(back.out_vec_mask == NVISA_MASK_X && back.input == 3);

   /* a value too wide for its field is reported */
   i.dst = 32;
   CHECK(nvisa_nv30_vp_encode(&i, w) < 0);
}

/* Position = M v with four DP4s into o[HPOS].x/y/z/w, colour from v[3]
 * into rankine's COL0 (register 3, curie's 1).  M rows (2,0,0,1),
 * (0,3,0,2), (0,0,4,3), (0,0,0,1), v = (1,1,1,1): (3, 5, 7, 1). */
static void
test_transform(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(attr[0], 1, 1, 1, 1);
   set4(attr[3], 0.25f, 0.5f, 0.75f, 1);
   set4(consts[0], 2, 0, 0, 1);
   set4(consts[1], 0, 3, 0, 2);
   set4(consts[2], 0, 0, 4, 3);
   set4(consts[3], 0, 0, 0, 1);
   for (unsigned r = 0; r < 4; r++) {
      struct nvisa_nv30_vp_insn i = vec(VOP(DP4), NO_TEMP, 0, OUT30(HPOS),
                                        1u << r, V(0), C(), IN());
      i.constant = r;
      emit(i, false);
   }
   struct nvisa_nv30_vp_insn i = vec(VOP(MOV), NO_TEMP, 0, OUT30(COL0), XYZW,
                                     V(3), IN(), IN());
   i.input = 3;
   emit(i, true);
   CHECK(run(&io) == 0);
   CHECK_VEC(io.out[OUT40(HPOS)], 3, 5, 7, 1);
   CHECK_VEC(io.out[OUT40(COL0)], 0.25f, 0.5f, 0.75f, 1);
   CHECK(io.out_written & (1u << OUT40(COL0)));
   /* BFC0 (curie's 3) untouched */
   CHECK_VEC(io.out[OUT40(BFC0)], 0, 0, 0, 1);
}

/* One instruction, both ops, one DST: MUL R1.xy = v0 * c0 and
 * RCP R1.w = 1 / v0.x; v0 = (2, 4, 6, 8), c0 = (3, 5, 7, 9):
 * R1 = (6, 20, 0, 0.5) (z untouched, temps start at 0).  Then both ops
 * write one output: MOV o[TC0].xyz = R1 and RCP o[TC0].w = 1 / R1.y. */
static void
test_shared_dst(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(attr[0], 2, 4, 6, 8);
   set4(consts[0], 3, 5, 7, 9);
   struct nvisa_nv30_vp_insn i = vec(VOP(MUL), 1, NVISA_MASK_X | NVISA_MASK_Y,
                                     -1, 0, V(0), C(), V(0));
   i.sca_op = SOP(RCP);
   i.sca_mask = MW;
   emit(i, false);
   i = vec(VOP(MOV), NO_TEMP, 0, OUT30(TC0),
           NVISA_MASK_X | NVISA_MASK_Y | NVISA_MASK_Z, T(1), IN(),
           swz(T(1), 1, 1, 1, 1));
   i.sca_op = SOP(RCP);
   i.out_sca_mask = MW;
   emit(i, true);
   CHECK(run(&io) == 0);
   CHECK_VEC(io.out[OUT40(TC0)], 6, 20, 0, 0.05f);
}

/* DST 15 is a temporary (16 of them, isa.rst), DST 16 and up none:
 * MOV R15 = v0; MOV R(31) = c0 (no temp); MOV o[HPOS] = R15. */
static void
test_dst_range(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(attr[0], 1, 2, 3, 4);
   set4(consts[0], 9, 9, 9, 9);
   emit(vec(VOP(MOV), 15, XYZW, -1, 0, V(0), IN(), IN()), false);
   emit(vec(VOP(MOV), NO_TEMP, XYZW, -1, 0, C(), IN(), IN()), false);
   emit(vec(VOP(MOV), NO_TEMP, 0, OUT30(HPOS), XYZW, T(15), IN(), IN()), true);
   CHECK(run(&io) == 0);
   CHECK_VEC(io.out[OUT40(HPOS)], 1, 2, 3, 4);
}

/* User clip distances: DP4 CLP0.x and CLP4.x (upstream's nv3x clip code)
 * land in the interpreter's FOGC.y and PSZ.z; fog itself stays. */
static void
test_clip_outputs(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(attr[0], 1, 2, 3, 1);
   set4(consts[0], 1, 0, 0, 0);     /* distance x = 1 */
   set4(consts[1], 0, 1, 0, -5);    /* distance y - 5 = -3 */
   struct nvisa_nv30_vp_insn i = vec(VOP(DP4), NO_TEMP, 0, OUT30(CLP0), MX,
                                     V(0), C(), IN());
   emit(i, false);
   i = vec(VOP(DP4), NO_TEMP, 0, OUT30(CLP4), MX, V(0), C(), IN());
   i.constant = 1;
   emit(i, false);
   emit(vec(VOP(MOV), NO_TEMP, 0, OUT30(FOGC), MX, swz(V(0), 2, 2, 2, 2),
            IN(), IN()), true);
   CHECK(run(&io) == 0);
   CHECK_F(io.out[OUT40(FOGC)][0], 3);
   CHECK_F(io.out[OUT40(FOGC)][1], 1);
   CHECK_F(io.out[OUT40(PSZ)][2], -3);
}

/* OUT_TARGET clear: the result goes to XFCTX, not to the vertex; an
 * output number rankine does not have goes nowhere. */
static void
test_xfctx_target(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(attr[0], 5, 6, 7, 8);
   struct nvisa_nv30_vp_insn i = vec(VOP(MOV), NO_TEMP, 0, OUT30(HPOS), XYZW,
                                     V(0), IN(), IN());
   i.out_target = false;
   emit(i, true);
   CHECK(run(&io) == 0);
   CHECK_VEC(io.out[OUT40(HPOS)], 0, 0, 0, 1);
   CHECK(io.out_written == 0);

   /* output register 7 is none rankine names (nv30_vp.xml OUT): it
    * reaches no output */
   reset();
   set4(attr[0], 5, 6, 7, 8);
   emit(vec(VOP(MOV), NO_TEMP, 0, 7, XYZW, V(0), IN(), IN()), true);
   CHECK(run(&io) == 0);
   CHECK(io.out_written == 0);
}

/* ARL A0.x = floor(v0.x) = 2 (v0.x = 2.7); MOV o[COL0] = c[A0.x + 1] =
 * c[3] (NV_vertex_program2 relative addressing). */
static void
test_address(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(attr[0], 2.7f, 0, 0, 0);
   set4(consts[3], 0.5f, 0.25f, 0.125f, 1);
   emit(vec(VOP(ARL), 0, MX, -1, 0, V(0), IN(), IN()), false);
   struct nvisa_nv30_vp_insn i = vec(VOP(MOV), NO_TEMP, 0, OUT30(COL0), XYZW,
                                     C(), IN(), IN());
   i.constant = 1;
   i.const_indexed = true;
   i.addr_reg = 0;
   i.addr_swz = 0;
   emit(i, true);
   CHECK(run(&io) == 0);
   CHECK_VEC(io.out[OUT40(COL0)], 0.5f, 0.25f, 0.125f, 1);
}

/* Condition codes and branches (NV_vertex_program2): MOVC CC = v0 - with
 * v0 = (-1, 0, 2, 0); MOV o[COL0] (GT.xyzw) = c0 writes z only; BRA (LT.x)
 * to 4 skips slot 3; slot 3 would write TC0; slot 4 CAL 6; slot 5 END;
 * slot 6 MOV o[TC1] = c0, RET. */
static void
test_condition_branch(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(attr[0], -1, 0, 2, 0);
   set4(consts[0], 7, 7, 7, 7);
   /* the condition register is written where the temp mask says, with
    * or without a temporary */
   struct nvisa_nv30_vp_insn i = vec(VOP(MOV), NO_TEMP, XYZW, -1, 0, V(0),
                                     IN(), IN());
   i.cc_update = true;
   emit(i, false);                                           /* 0 */
   i = vec(VOP(MOV), NO_TEMP, 0, OUT30(COL0), XYZW, C(), IN(), IN());
   i.cc_test = true;
   i.cond = NVISA_COND_GT;
   emit(i, false);                                           /* 1 */
   i = insn();
   i.sca_op = SOP(BRA);
   i.branch_target = 4;
   i.cc_test = true;
   i.cond = NVISA_COND_LT;
   i.cc_swz[1] = i.cc_swz[2] = i.cc_swz[3] = 0;   /* .xxxx */
   emit(i, false);                                           /* 2 */
   emit(vec(VOP(MOV), NO_TEMP, 0, OUT30(TC0), XYZW, C(), IN(), IN()), false);
   i = insn();
   i.sca_op = SOP(CAL);
   i.branch_target = 6;
   emit(i, false);                                           /* 4 */
   emit(insn(), true);                                       /* 5 */
   emit(vec(VOP(MOV), NO_TEMP, 0, OUT30(TC1), XYZW, C(), IN(), IN()), false);
   i = insn();
   i.sca_op = SOP(RET);
   emit(i, false);                                           /* 7 */
   CHECK(run(&io) == 0);
   CHECK_VEC(io.out[OUT40(COL0)], 0, 0, 7, 1);
   CHECK_VEC(io.out[OUT40(TC0)], 0, 0, 0, 1);
   CHECK_VEC(io.out[OUT40(TC1)], 7, 7, 7, 7);
}

/* Rankine has no TXL (vector 0x19) and no PUSHA (scalar 0x13): running
 * into either is a bad program (isa.rst: rankine's opcodes end at ARA and
 * COS). */
static void
test_unknown_ops(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   struct nvisa_nv30_vp_insn i = insn();
   i.vec_op = 0x19;
   emit(i, true);
   CHECK(run(&io) < 0);
   reset();
   i = insn();
   i.sca_op = 0x13;
   emit(i, true);
   CHECK(run(&io) < 0);
}

/* Every rankine opcode through the NV30 encoding, one instruction each
 * into o[TC0]: sources v[0] = a, c[0] = b (sources 0 and 1; source 2 is
 * c[0] too, which ADD sums and scalar ops read).  a = (1.5, -2, 0.25, 4),
 * b = (2, 3, 0.25, -1); expected values from NV_vertex_program2's
 * definitions (section 2.14.1.10), worked by hand. */
static void
test_every_op(void)
{
   static const struct {
      bool sca;
      unsigned op;
      float r[4];
      float eps;
   } cases[] = {
      { false, VOP(MOV), { 1.5f, -2, 0.25f, 4 } },
      { false, VOP(MUL), { 3, -6, 0.0625f, -4 } },
      { false, VOP(ADD), { 3.5f, 1, 0.5f, 3 } },
      { false, VOP(MAD), { 5, -3, 0.3125f, -5 } },
      { false, VOP(DP3), { -2.9375f, -2.9375f, -2.9375f, -2.9375f } },
      { false, VOP(DPH), { -3.9375f, -3.9375f, -3.9375f, -3.9375f } },
      { false, VOP(DP4), { -6.9375f, -6.9375f, -6.9375f, -6.9375f } },
      { false, VOP(DST), { 1, -6, 0.25f, -1 } },
      { false, VOP(MIN), { 1.5f, -2, 0.25f, -1 } },
      { false, VOP(MAX), { 2, 3, 0.25f, 4 } },
      { false, VOP(SLT), { 1, 1, 0, 0 } },
      { false, VOP(SGE), { 0, 0, 1, 1 } },
      { false, VOP(SEQ), { 0, 0, 1, 0 } },
      { false, VOP(SGT), { 0, 0, 0, 1 } },
      { false, VOP(SLE), { 1, 1, 1, 0 } },
      { false, VOP(SNE), { 1, 1, 0, 1 } },
      { false, VOP(SFL), { 0, 0, 0, 0 } },
      { false, VOP(STR), { 1, 1, 1, 1 } },
      { false, VOP(FRC), { 0.5f, 0, 0.25f, 0 } },
      { false, VOP(FLR), { 1, -2, 0, 4 } },
      { false, VOP(SSG), { 1, -1, 1, 1 } },
      /* scalar ops read b.x = 2 (LIT reads b.x, b.y and b.w) */
      { true, SOP(MOV), { 2, 2, 2, 2 } },
      { true, SOP(RCP), { 0.5f, 0.5f, 0.5f, 0.5f } },
      { true, SOP(RCC), { 0.5f, 0.5f, 0.5f, 0.5f } },
      { true, SOP(RSQ), { 0.70710678f, 0.70710678f, 0.70710678f, 0.70710678f },
        1e-6f },
      /* EXP: (2^floor(x), x - floor(x), 2^x, 1); LOG: (floor(log2 |x|),
       * |x| / 2^floor(log2 |x|), log2 |x|, 1) */
      { true, SOP(EXP), { 4, 0, 4, 1 } },
      { true, SOP(LOG), { 1, 1, 1, 1 } },
      /* LIT (2, 3, -, -1): (1, 2, 3^-1, 1) */
      { true, SOP(LIT), { 1, 2, 1.0f / 3.0f, 1 }, 1e-6f },
      { true, SOP(LG2), { 1, 1, 1, 1 } },
      { true, SOP(EX2), { 4, 4, 4, 4 } },
      { true, SOP(SIN), { 0.90929743f, 0.90929743f, 0.90929743f, 0.90929743f },
        1e-6f },
      { true, SOP(COS), { -0.41614684f, -0.41614684f, -0.41614684f,
                          -0.41614684f }, 1e-6f },
   };
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      struct nvsim_nv40_vp_io io;
      reset();
      set4(attr[0], 1.5f, -2, 0.25f, 4);
      set4(consts[0], 2, 3, 0.25f, -1);
      struct nvisa_nv30_vp_insn i = insn();
      i.out = OUT30(TC0);
      i.out_target = true;
      i.dst = NO_TEMP;
      i.src[0] = V(0);
      i.src[1] = C();
      i.src[2] = cases[k].sca && cases[k].op != SOP(LIT) ?
                 swz(C(), 0, 0, 0, 0) : C();
      if (cases[k].sca) {
         i.sca_op = cases[k].op;
         i.out_sca_mask = XYZW;
      } else {
         i.vec_op = cases[k].op;
         i.out_vec_mask = XYZW;
      }
      emit(i, true);
      CHECK(run(&io) == 0);
      for (unsigned c = 0; c < 4; c++) {
         if (fabsf(io.out[OUT40(TC0)][c] - cases[k].r[c]) > cases[k].eps) {
            fprintf(stderr, "%s op 0x%02x: TC0.%c = %.9g, expected %.9g\n",
                    cases[k].sca ? "scalar" : "vector", cases[k].op,
                    "xyzw"[c], io.out[OUT40(TC0)][c], cases[k].r[c]);
            test_failures++;
         }
      }
   }
}

/* ---- fragment programs ---- */

static uint32_t fwords[(NVSIM_NV30_FP_MAX_INSNS + 2) * 4];

static struct nvisa_nv40_fp_insn
fp_mov_input(unsigned input, uint8_t precision)
{
   struct nvisa_nv40_fp_insn i;
   nvisa_nv40_fp_insn_init(&i);
   i.op = NVISA_NV30_FP_OP_MOV;
   i.out_reg = 0;
   i.mask = XYZW;
   i.precision = precision;
   i.src[0] = src_file(NVISA_FILE_INPUT, 0);
   i.input = input;
   return i;
}

static int
fp_run(unsigned nwords, struct nvsim_nv40_fp_quad *q)
{
   struct nvsim_nv40_fp_prog prog = { 0 };
   struct nvsim_nv40_fp_env env = { NULL, NULL };
   char err[160];
   if (nvsim_nv30_fp_prepare(&prog, fwords, nwords, err, sizeof(err)) != 0)
      return -100;
   int r = nvsim_nv40_fp_run_quad(&prog, q, &env);
   nvsim_nv40_fp_fini(&prog);
   return r;
}

/* Precision (NV_fragment_program 3.11.4.1): fx12 clamps to
 * [-2048/1024, 2047/1024], fp16 rounds 1/3 to 0x3555 = 0.333251953125,
 * fp32 keeps it. */
static void
test_fp_precision(void)
{
   static const uint8_t prec[3] = { NVISA_NV30_FP_PRECISION_FX12,
                                    NVISA_NV30_FP_PRECISION_FP16,
                                    NVISA_NV30_FP_PRECISION_FP32 };
   for (unsigned p = 0; p < 3; p++) {
      struct nvsim_nv40_fp_quad q;
      memset(&q, 0, sizeof(q));
      q.mask = 0xf;
      for (unsigned f = 0; f < 4; f++) {
         q.in[f][NVISA_NV30_FP_INPUT_COL0][0] = 3.0f;
         q.in[f][NVISA_NV30_FP_INPUT_COL0][1] = -5.0f;
         q.in[f][NVISA_NV30_FP_INPUT_COL0][2] = 1.0f / 3.0f;
      }
      struct nvisa_nv40_fp_insn i = fp_mov_input(NVISA_NV30_FP_INPUT_COL0,
                                                 prec[p]);
      i.end = true;
      CHECK(nvisa_nv30_fp_encode(&i, fwords) == 0);
      CHECK(fp_run(4, &q) == 0);
      if (p == 0) {
         CHECK_F(q.color[0][0][0], 2047.0f / 1024.0f);
         CHECK_F(q.color[0][0][1], -2.0f);
         CHECK_F(q.color[0][0][2], 341.0f / 1024.0f);
      } else if (p == 1) {
         CHECK_F(q.color[0][0][0], 3.0f);
         CHECK_F(q.color[0][0][2], 0.333251953125f);
      } else {
         CHECK_F(q.color[0][0][2], 1.0f / 3.0f);
      }
   }
}

/* NV_fragment_program: no flow control, and a program longer than 1024
 * instructions fails to load (section 3.11.3); NV40's TXL (0x2f) and
 * LITEX2 (0x3c) are not rankine opcodes, nor FACING a rankine input. */
static void
test_fp_limits(void)
{
   struct nvsim_nv40_fp_quad q;
   struct nvisa_nv40_fp_insn i = fp_mov_input(NVISA_NV30_FP_INPUT_COL0,
                                              NVISA_NV30_FP_PRECISION_FP32);
   for (unsigned n = 0; n < NVSIM_NV30_FP_MAX_INSNS + 1; n++) {
      i.end = n == NVSIM_NV30_FP_MAX_INSNS - 1;
      CHECK(nvisa_nv30_fp_encode(&i, fwords + 4 * n) == 0);
   }
   memset(&q, 0, sizeof(q));
   q.mask = 0xf;
   CHECK(fp_run(4 * NVSIM_NV30_FP_MAX_INSNS, &q) == 0);
   /* the same with END one instruction later */
   i.end = false;
   CHECK(nvisa_nv30_fp_encode(&i, fwords + 4 * (NVSIM_NV30_FP_MAX_INSNS - 1)) == 0);
   i.end = true;
   CHECK(nvisa_nv30_fp_encode(&i, fwords + 4 * NVSIM_NV30_FP_MAX_INSNS) == 0);
   CHECK(fp_run(4 * (NVSIM_NV30_FP_MAX_INSNS + 1), &q) == -100);

   /* NV40's FACING (input 14) is no rankine input */
   struct nvisa_nv40_fp_insn f = fp_mov_input(14, NVISA_NV30_FP_PRECISION_FP32);
   f.end = true;
   CHECK(nvisa_nv30_fp_encode(&f, fwords) == 0);
   CHECK(fp_run(4, &q) == -100);
   f = fp_mov_input(NVISA_NV30_FP_INPUT_TC7, NVISA_NV30_FP_PRECISION_FP32);
   f.end = true;
   CHECK(nvisa_nv30_fp_encode(&f, fwords) == 0);
   CHECK(fp_run(4, &q) == 0);

   /* an opcode rankine does not have, put in the OPCODE field by hand
    * (bits 24-29 of word 0, nv30_fp.xml) */
   static const uint32_t nv40_only[] = { 0x2f, 0x3c };
   for (unsigned k = 0; k < 2; k++) {
      i.end = true;
      CHECK(nvisa_nv30_fp_encode(&i, fwords) == 0);
      fwords[0] = (fwords[0] & ~(0x3fu << 24)) | nv40_only[k] << 24;
      CHECK(fp_run(4, &q) == -100);
   }
}

/* FP builders: op R0, f[COL0], {b} (inline constant), R1; R1 holds
 * f[TC0] = c from a first MOV.  FOP(x): the rankine opcode. */
#define FOP(x) NVISA_NV30_FP_OP_##x
static const float fa[4] = { 1.5f, -2, 0.25f, 4 };
static const float fb[4] = { 2, 3, 0.25f, -1 };
static const float fc[4] = { 0.5f, 0.5f, 0.5f, 0.5f };

static unsigned
fp_emit(unsigned w, struct nvisa_nv40_fp_insn i, const float *imm)
{
   CHECK(nvisa_nv30_fp_encode(&i, fwords + w) == 0);
   w += 4;
   if (imm) {
      memcpy(fwords + w, imm, 16);
      w += 4;
   }
   return w;
}

static struct nvisa_nv40_fp_insn
fp_alu(unsigned op, unsigned out, struct nvisa_src s0, struct nvisa_src s1,
       struct nvisa_src s2, unsigned input)
{
   struct nvisa_nv40_fp_insn i;
   nvisa_nv40_fp_insn_init(&i);
   i.op = op;
   i.out_reg = out;
   i.mask = XYZW;
   i.src[0] = s0;
   i.src[1] = s1;
   i.src[2] = s2;
   i.input = input;
   return i;
}

static void
fp_quad_init(struct nvsim_nv40_fp_quad *q)
{
   memset(q, 0, sizeof(*q));
   q->mask = 0xf;
   for (unsigned f = 0; f < 4; f++) {
      memcpy(q->in[f][NVISA_NV30_FP_INPUT_COL0], fa, sizeof(fa));
      memcpy(q->in[f][NVISA_NV30_FP_INPUT_TC0], fc, sizeof(fc));
   }
}

/* Every NV_fragment_program arithmetic opcode of rankine's table, values
 * from the extension's definitions (section 3.11.5), worked by hand:
 * a = f[COL0] = (1.5, -2, 0.25, 4), b = the inline constant (2, 3, 0.25,
 * -1), c = R1 = (0.5, 0.5, 0.5, 0.5).  Scalar ops read a.x = 1.5. */
static void
test_fp_every_op(void)
{
   static const struct {
      unsigned op;
      float r[4];
      float eps;
      bool xyz;      /* w undefined by the spec */
   } cases[] = {
      { FOP(MOV), { 1.5f, -2, 0.25f, 4 } },
      { FOP(MUL), { 3, -6, 0.0625f, -4 } },
      { FOP(ADD), { 3.5f, 1, 0.5f, 3 } },
      { FOP(MAD), { 3.5f, -5.5f, 0.5625f, -3.5f } },
      { FOP(DP3), { -2.9375f, -2.9375f, -2.9375f, -2.9375f } },
      { FOP(DP4), { -6.9375f, -6.9375f, -6.9375f, -6.9375f } },
      { FOP(DST), { 1, -6, 0.25f, -1 } },
      { FOP(MIN), { 1.5f, -2, 0.25f, -1 } },
      { FOP(MAX), { 2, 3, 0.25f, 4 } },
      { FOP(SLT), { 1, 1, 0, 0 } },
      { FOP(SGE), { 0, 0, 1, 1 } },
      { FOP(SLE), { 1, 1, 1, 0 } },
      { FOP(SGT), { 0, 0, 0, 1 } },
      { FOP(SNE), { 1, 1, 0, 1 } },
      { FOP(SEQ), { 0, 0, 1, 0 } },
      { FOP(STR), { 1, 1, 1, 1 } },
      { FOP(SFL), { 0, 0, 0, 0 } },
      { FOP(FRC), { 0.5f, 0, 0.25f, 0 } },
      { FOP(FLR), { 1, -2, 0, 4 } },
      { FOP(RCP), { 2.0f / 3.0f, 2.0f / 3.0f, 2.0f / 3.0f, 2.0f / 3.0f }, 1e-6f },
      { FOP(RSQ), { 0.81649658f, 0.81649658f, 0.81649658f, 0.81649658f }, 1e-6f },
      { FOP(EX2), { 2.82842712f, 2.82842712f, 2.82842712f, 2.82842712f }, 1e-5f },
      { FOP(LG2), { 0.58496250f, 0.58496250f, 0.58496250f, 0.58496250f }, 1e-6f },
      { FOP(SIN), { 0.99749499f, 0.99749499f, 0.99749499f, 0.99749499f }, 1e-6f },
      { FOP(COS), { 0.07073720f, 0.07073720f, 0.07073720f, 0.07073720f }, 1e-6f },
      /* LIT (1.5, -2, -, 4): (1, 1.5, 0 (y <= 0), 1) */
      { FOP(LIT), { 1, 1.5f, 0, 1 } },
      /* LRP: a * b + (1 - a) * c */
      { FOP(LRP), { 2.75f, -4.5f, 0.4375f, -5.5f } },
      /* POW: a.x ^ b.x = 1.5^2 */
      { FOP(POW), { 2.25f, 2.25f, 2.25f, 2.25f }, 1e-5f },
      /* RFL: 2 (a.b) / (a.a) a - b over xyz: a.b = -2.9375,
       * a.a = 6.3125 */
      { FOP(RFL), { -3.39603960f, -1.13861386f, -0.48267327f, 0 }, 1e-5f, true },
   };
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      struct nvsim_nv40_fp_quad q;
      fp_quad_init(&q);
      unsigned w = fp_emit(0, fp_alu(FOP(MOV), 1, src_file(NVISA_FILE_INPUT, 0),
                                     T(0), T(0), NVISA_NV30_FP_INPUT_TC0), NULL);
      struct nvisa_nv40_fp_insn i =
         fp_alu(cases[k].op, 0, src_file(NVISA_FILE_INPUT, 0),
                src_file(NVISA_FILE_CONST, 0), T(1), NVISA_NV30_FP_INPUT_COL0);
      i.end = true;
      w = fp_emit(w, i, fb);
      CHECK(fp_run(w, &q) == 0);
      for (unsigned c = 0; c < (cases[k].xyz ? 3u : 4u); c++) {
         float got = q.color[0][0][c];
         if (!(fabsf(got - cases[k].r[c]) <= cases[k].eps)) {
            fprintf(stderr, "FP op 0x%02x: R0.%c = %.9g, expected %.9g\n",
                    cases[k].op, "xyzw"[c], got, cases[k].r[c]);
            test_failures++;
         }
      }
   }
}

/* Pack/unpack round trips with exactly representable values
 * (NV_fragment_program PK2H/UP2H fp16 halves, PK2US/UP2US 16-bit and
 * PK4UB/UP4UB 8-bit unsigned [0, 1], PK4B/UP4B 8-bit signed [-1, 1]):
 * UP2* give (x, y, x, y). */
static void
test_fp_pack(void)
{
   static const struct {
      unsigned pk, up;
      float in[4], out[4];
   } cases[] = {
      { FOP(PK2H), FOP(UP2H), { 1.5f, -2, 9, 9 }, { 1.5f, -2, 1.5f, -2 } },
      { FOP(PK2US), FOP(UP2US), { 0, 1, 9, 9 }, { 0, 1, 0, 1 } },
      { FOP(PK4UB), FOP(UP4UB), { 0, 1, 1, 0 }, { 0, 1, 1, 0 } },
      { FOP(PK4B), FOP(UP4B), { 0, 1, -1, 0 }, { 0, 1, -1, 0 } },
   };
   for (unsigned k = 0; k < 4; k++) {
      struct nvsim_nv40_fp_quad q;
      fp_quad_init(&q);
      for (unsigned f = 0; f < 4; f++)
         memcpy(q.in[f][NVISA_NV30_FP_INPUT_COL0], cases[k].in, 16);
      unsigned w = fp_emit(0, fp_alu(cases[k].pk, 1, src_file(NVISA_FILE_INPUT, 0),
                                     T(0), T(0), NVISA_NV30_FP_INPUT_COL0), NULL);
      struct nvisa_nv40_fp_insn i = fp_alu(cases[k].up, 0, T(1), T(0), T(0), 0);
      i.end = true;
      w = fp_emit(w, i, NULL);
      CHECK(fp_run(w, &q) == 0);
      CHECK_VEC(q.color[0][0], cases[k].out[0], cases[k].out[1],
                cases[k].out[2], cases[k].out[3]);
   }
}

/* DDX/DDY: COL0 = (fragment x, fragment y, 0, 0) over the quad (fragment
 * 1 is x + 1, fragment 2 y + 1): the derivatives are (1, 0, 0, 0) and
 * (0, 1, 0, 0) in every fragment.  KIL kills the fragments where its
 * condition passes (NV_fragment_program): after MOVC of COL0, KIL LT.x
 * kills none (x >= 0), GT.x fragments 1 and 3, GT.y fragments 2 and 3,
 * TR all. */
static void
test_fp_derivatives_kil(void)
{
   for (unsigned d = 0; d < 2; d++) {
      struct nvsim_nv40_fp_quad q;
      fp_quad_init(&q);
      for (unsigned f = 0; f < 4; f++) {
         float v[4] = { (float)(f & 1), (float)(f >> 1), 0, 0 };
         memcpy(q.in[f][NVISA_NV30_FP_INPUT_COL0], v, 16);
      }
      struct nvisa_nv40_fp_insn i = fp_alu(d ? FOP(DDY) : FOP(DDX), 0,
                                           src_file(NVISA_FILE_INPUT, 0),
                                           T(0), T(0), NVISA_NV30_FP_INPUT_COL0);
      i.end = true;
      CHECK(fp_run(fp_emit(0, i, NULL), &q) == 0);
      for (unsigned f = 0; f < 4; f++)
         CHECK_VEC(q.color[0][f], d ? 0 : 1, d ? 1 : 0, 0, 0);
   }

   static const struct {
      uint8_t cond, comp;
      unsigned survivors;
   } kil[] = {
      { NVISA_COND_LT, 0, 0xf },
      { NVISA_COND_GT, 0, 0x5 },
      { NVISA_COND_GT, 1, 0x3 },
      { NVISA_COND_TR, 0, 0x0 },
   };
   for (unsigned k = 0; k < 4; k++) {
      struct nvsim_nv40_fp_quad q;
      fp_quad_init(&q);
      for (unsigned f = 0; f < 4; f++) {
         float v[4] = { (float)(f & 1), (float)(f >> 1), 0, 0 };
         memcpy(q.in[f][NVISA_NV30_FP_INPUT_COL0], v, 16);
      }
      struct nvisa_nv40_fp_insn m = fp_alu(FOP(MOV), 1, src_file(NVISA_FILE_INPUT, 0),
                                           T(0), T(0), NVISA_NV30_FP_INPUT_COL0);
      m.cc_update = true;
      unsigned w = fp_emit(0, m, NULL);
      struct nvisa_nv40_fp_insn i;
      nvisa_nv40_fp_insn_init(&i);
      i.op = FOP(KIL);
      i.out_none = true;
      i.cond = kil[k].cond;
      for (unsigned c = 0; c < 4; c++)
         i.cc_swz[c] = kil[k].comp;
      w = fp_emit(w, i, NULL);
      struct nvisa_nv40_fp_insn e = fp_alu(FOP(MOV), 0, T(1), T(0), T(0), 0);
      e.end = true;
      w = fp_emit(w, e, NULL);
      CHECK(fp_run(w, &q) == 0);
      CHECK_EQ_MASK(q.mask, kil[k].survivors);
   }
}

/* Texture lookups hand the interpreter's sampler what rankine asks: TEX
 * the coordinate, TXP the coordinate divided by q (NV_fragment_program
 * TXP), TXB the bias in .w, TXD the derivatives from sources 1 and 2. */
static void
tex_echo(void *data, const struct nvsim_tex_request *req, float result[4][4])
{
   (void)data;
   for (unsigned f = 0; f < 4; f++) {
      if (!(req->mask & (1u << f)))
         continue;
      result[f][0] = req->coord[f][0];
      result[f][1] = req->coord[f][1];
      result[f][2] = req->op == FOP(TXB) ? req->lod[f] : req->ddx[f][0];
      result[f][3] = req->op == FOP(TXD) ? req->ddy[f][1] : (float)req->unit;
   }
}

static void
test_fp_tex(void)
{
   static const struct {
      unsigned op;
      float r[4];
   } cases[] = {
      { FOP(TEX), { 1.5f, -2, 0, 3 } },
      { FOP(TXP), { 0.375f, -0.5f, 0, 3 } },
      { FOP(TXB), { 1.5f, -2, 4, 3 } },
      { FOP(TXD), { 1.5f, -2, 2, 0.5f } },
   };
   for (unsigned k = 0; k < 4; k++) {
      struct nvsim_nv40_fp_prog prog = { 0 };
      struct nvsim_nv40_fp_env env = { tex_echo, NULL };
      struct nvsim_nv40_fp_quad q;
      char err[160];
      fp_quad_init(&q);
      /* the echo returns (s, t, TXB's bias or ddx.x, TXD's ddy.y or the
       * unit): TXD's ddx is source 1 = b (.x 2), its ddy source 2 = R1
       * = c (.y 0.5); the others' ddx of a constant coordinate is 0 */
      unsigned w = fp_emit(0, fp_alu(FOP(MOV), 1, src_file(NVISA_FILE_INPUT, 0),
                                     T(0), T(0), NVISA_NV30_FP_INPUT_TC0), NULL);
      struct nvisa_nv40_fp_insn i =
         fp_alu(cases[k].op, 0, src_file(NVISA_FILE_INPUT, 0),
                src_file(NVISA_FILE_CONST, 0), T(1), NVISA_NV30_FP_INPUT_COL0);
      i.tex_unit = 3;
      i.end = true;
      w = fp_emit(w, i, fb);
      CHECK(nvsim_nv30_fp_prepare(&prog, fwords, w, err, sizeof(err)) == 0);
      CHECK(nvsim_nv40_fp_run_quad(&prog, &q, &env) == 0);
      nvsim_nv40_fp_fini(&prog);
      CHECK_VEC(q.color[0][0], cases[k].r[0], cases[k].r[1], cases[k].r[2],
                cases[k].r[3]);
   }
}

int
main(void)
{
   test_encoding();
   test_transform();
   test_shared_dst();
   test_dst_range();
   test_clip_outputs();
   test_xfctx_target();
   test_address();
   test_condition_branch();
   test_unknown_ops();
   test_every_op();
   test_fp_precision();
   test_fp_limits();
   test_fp_every_op();
   test_fp_pack();
   test_fp_derivatives_kil();
   test_fp_tex();
   return TEST_RESULT();
}
