/*
 * NV40 vertex program interpreter tests.  Programs are built with the
 * libnvisa packer (tested on its own in isa/tests); every expected value is
 * worked out by hand from the NV_vertex_program2 pseudo-code quoted next to
 * it.
 */
#include <stdlib.h>

#include "nv40_shader_exec.h"
#include "shader_test.h"

#define OUT(x) NVISA_NV40_VP_OUT_##x
#define VOP(x) NVISA_NV40_VP_VEC_OP_##x
#define SOP(x) NVISA_NV40_VP_SCA_OP_##x

static uint32_t code[NVSIM_NV40_VP_SLOTS][4];
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

/* A vector-op instruction; dst < 0: no temp; out < 0: no output. */
static struct nvisa_nv40_vp_insn
vec(unsigned op, int dst, int out, uint8_t mask, struct nvisa_src s0,
    struct nvisa_src s1, struct nvisa_src s2)
{
   struct nvisa_nv40_vp_insn i;
   nvisa_nv40_vp_insn_init(&i);
   i.vec_op = op;
   i.vec_dst = dst < 0 ? NVISA_NV40_VP_DST_NONE : dst;
   i.vec_mask = mask;
   if (out >= 0) {
      i.out = out;
      i.out_is_vec = true;
   }
   i.src[0] = s0;
   i.src[1] = s1;
   i.src[2] = s2;
   return i;
}

static struct nvisa_nv40_vp_insn
sca(unsigned op, int dst, int out, uint8_t mask, struct nvisa_src s2)
{
   struct nvisa_nv40_vp_insn i;
   nvisa_nv40_vp_insn_init(&i);
   i.sca_op = op;
   i.sca_dst = dst < 0 ? NVISA_NV40_VP_DST_NONE : dst;
   i.sca_mask = mask;
   if (out >= 0)
      i.out = out;
   i.src[2] = s2;
   return i;
}

static void
emit(struct nvisa_nv40_vp_insn i)
{
   CHECK(nvisa_nv40_vp_encode(&i, code[ncode]) == 0);
   ncode++;
}

static void
emit_last(struct nvisa_nv40_vp_insn i)
{
   i.last = true;
   emit(i);
}

static struct nvisa_nv40_vp_insn
with_in(struct nvisa_nv40_vp_insn i, unsigned input)
{
   i.input = input;
   return i;
}

static struct nvisa_nv40_vp_insn
with_c(struct nvisa_nv40_vp_insn i, unsigned c)
{
   i.constant = c;
   return i;
}

static int
run(struct nvsim_nv40_vp_io *io, unsigned start)
{
   struct nvsim_nv40_vp_prog prog = { 0 };
   char err[128];
   int ret;

   CHECK(nvsim_nv40_vp_prepare(&prog, (const uint32_t (*)[4])code,
                               NVSIM_NV40_VP_SLOTS, err, sizeof(err)) == 0);
   memset(io, 0, sizeof(*io));
   io->attr = (const float (*)[4])attr;
   io->consts = (const float (*)[4])consts;
   ret = nvsim_nv40_vp_run(&prog, start, io);
   nvsim_nv40_vp_fini(&prog);
   return ret;
}

#define XYZW NVISA_MASK_XYZW
#define MX NVISA_MASK_X
#define MY NVISA_MASK_Y
#define MZ NVISA_MASK_Z
#define MW NVISA_MASK_W

/* Position = M * v[0] with four DP4s: M rows (2,0,0,1), (0,3,0,2),
 * (0,0,4,3), (0,0,0,1) and v = (1,1,1,1) give (3, 5, 7, 1). */
static void
test_transform(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(consts[0], 2, 0, 0, 1);
   set4(consts[1], 0, 3, 0, 2);
   set4(consts[2], 0, 0, 4, 3);
   set4(consts[3], 0, 0, 0, 1);
   set4(attr[0], 1, 1, 1, 1);
   const uint8_t m[4] = { MX, MY, MZ, MW };
   for (unsigned r = 0; r < 4; r++) {
      struct nvisa_nv40_vp_insn i =
         with_c(with_in(vec(VOP(DP4), -1, OUT(HPOS), m[r], IN(), K(), IN()),
                        0), r);
      if (r == 3)
         emit_last(i);
      else
         emit(i);
   }
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(HPOS)], 3, 5, 7, 1);
   CHECK(io.out_written == 1u << OUT(HPOS));
   /* unwritten results read (0, 0, 0, 1) */
   CHECK_VEC(io.out[OUT(COL0)], 0, 0, 0, 1);
   CHECK(io.steps == 4);
}

/* MOV R0, v[1] = (1,2,3,4); MUL R1, R0, c[4] (2) = (2,4,6,8);
 * ADD R2, R1, R0 (ADD sums sources 0 and 2) = (3,6,9,12);
 * MAD o[COL0], R0, c[5] (0.5), R2 = (3.5, 7, 10.5, 14). */
static void
test_arith(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(attr[1], 1, 2, 3, 4);
   set4(consts[4], 2, 2, 2, 2);
   set4(consts[5], 0.5f, 0.5f, 0.5f, 0.5f);
   emit(with_in(vec(VOP(MOV), 0, -1, XYZW, IN(), IN(), IN()), 1));
   emit(with_c(vec(VOP(MUL), 1, -1, XYZW, T(0), K(), IN()), 4));
   emit(vec(VOP(ADD), 2, -1, XYZW, T(1), IN(), T(0)));
   emit_last(with_c(vec(VOP(MAD), -1, OUT(COL0), XYZW, T(0), K(), T(2)), 5));
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(COL0)], 3.5f, 7, 10.5f, 14);
}

/* Scalar ops read source 2's first swizzled component and replicate:
 * c[7] = (16, 8, 3, 0): RSQ 16 = 0.25, LG2 8 = 3, EX2 3 = 8,
 * RCP 0 = +INF (ApproxReciprocal(+0.0) = +INF). */
static void
test_scalar(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(consts[7], 16, 8, 3, 0);
   emit(with_c(sca(SOP(RSQ), -1, OUT(TC1), MX, SW(K(), "xxxx")), 7));
   emit(with_c(sca(SOP(LG2), -1, OUT(TC1), MY, SW(K(), "yyyy")), 7));
   emit(with_c(sca(SOP(EX2), -1, OUT(TC1), MZ, SW(K(), "zzzz")), 7));
   emit(with_c(sca(SOP(RCP), -1, OUT(TC1), MW, SW(K(), "wwww")), 7));
   /* RCP of -0 is -INF, RSQ of a negative number NaN, LG2(0) = -INF,
    * MOV of 3: into TC2 */
   emit(with_c(sca(SOP(RCP), -1, OUT(TC2), MX, NEG(SW(K(), "wwww"))), 7));
   emit(with_c(sca(SOP(RSQ), -1, OUT(TC2), MY, NEG(SW(K(), "xxxx"))), 7));
   emit(with_c(sca(SOP(LG2), -1, OUT(TC2), MZ, SW(K(), "wwww")), 7));
   emit_last(with_c(sca(SOP(MOV), -1, OUT(TC2), MW, SW(K(), "zzzz")), 7));
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(TC1)], 0.25f, 3, 8, INFINITY);
   CHECK_VEC(io.out[OUT(TC2)], -INFINITY, NAN, -INFINITY, 3);
}

/* One slot: MOV R3, v[0] (vector, source 0) and RCP R4.x, c[6].x
 * (scalar, source 2) together; then both written out. */
static void
test_dual_issue(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(attr[0], 1, 2, 3, 4);
   set4(consts[6], 4, 0, 0, 0);
   struct nvisa_nv40_vp_insn i =
      vec(VOP(MOV), 3, -1, XYZW, IN(), IN(), SW(K(), "xxxx"));
   i.sca_op = SOP(RCP);
   i.sca_dst = 4;
   i.sca_mask = MX;
   i.constant = 6;
   emit(i);
   emit(vec(VOP(MOV), -1, OUT(TC0), XYZW, T(3), IN(), IN()));
   emit_last(vec(VOP(MOV), -1, OUT(TC1), XYZW, T(4), IN(), IN()));
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(TC0)], 1, 2, 3, 4);
   CHECK_VEC(io.out[OUT(TC1)], 0.25f, 0, 0, 0);   /* temps start at 0 */
}

/* SLT/SGE: R0 = (1,2,3,4) against c[9] = 2: SLT (1,0,0,0), SGE (0,1,1,1).
 * FRC/FLR of (1.25, -1.25, 2, -0.5): (0.25, 0.75, 0, 0.5), (1, -2, 2, -1).
 * MIN/MAX of R0 and -c[9] (-2): (-2,-2,-2,-2) and (1,2,3,4).
 * SSG of (1.25, -1.25, 0, -0.5) ... FRC source: (1, -1, 1, -1). */
static void
test_compare_round(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(consts[8], 1, 2, 3, 4);
   set4(consts[9], 2, 2, 2, 2);
   set4(consts[10], 1.25f, -1.25f, 2.0f, -0.5f);
   emit(with_c(vec(VOP(MOV), 0, -1, XYZW, K(), IN(), IN()), 8));
   emit(with_c(vec(VOP(SLT), -1, OUT(TC2), XYZW, T(0), K(), IN()), 9));
   emit(with_c(vec(VOP(SGE), -1, OUT(TC3), XYZW, T(0), K(), IN()), 9));
   emit(with_c(vec(VOP(FRC), -1, OUT(TC4), XYZW, K(), IN(), IN()), 10));
   emit(with_c(vec(VOP(FLR), -1, OUT(TC5), XYZW, K(), IN(), IN()), 10));
   emit(with_c(vec(VOP(MIN), -1, OUT(TC6), XYZW, T(0), NEG(K()), IN()), 9));
   emit(with_c(vec(VOP(MAX), -1, OUT(TC7), XYZW, T(0), NEG(K()), IN()), 9));
   emit_last(with_c(vec(VOP(SSG), -1, OUT(COL1), XYZW, K(), IN(), IN()), 10));
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(TC2)], 1, 0, 0, 0);
   CHECK_VEC(io.out[OUT(TC3)], 0, 1, 1, 1);
   CHECK_VEC(io.out[OUT(TC4)], 0.25f, 0.75f, 0, 0.5f);
   CHECK_VEC(io.out[OUT(TC5)], 1, -2, 2, -1);
   CHECK_VEC(io.out[OUT(TC6)], -2, -2, -2, -2);
   CHECK_VEC(io.out[OUT(TC7)], 1, 2, 3, 4);
   CHECK_VEC(io.out[OUT(COL1)], 1, -1, 1, -1);
}

/* ARL A0.x = floor(2.7) = 2 then c[A0.x + 12] = c[14];
 * ARL A1.y = floor(-0.5) = -1 then c[A1.y + 15] = c[14];
 * v[A0.x + 20] is outside the 16 inputs: reads 0. */
static void
test_relative(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(consts[11], 2.7f, -0.5f, 0, 0);
   set4(consts[14], 9, 8, 7, 6);
   set4(attr[5], 1, 1, 1, 1);
   emit(with_c(vec(VOP(ARL), 0, -1, MX, K(), IN(), IN()), 11));
   emit(with_c(vec(VOP(ARL), 1, -1, MY, K(), IN(), IN()), 11));
   struct nvisa_nv40_vp_insn i =
      with_c(vec(VOP(MOV), -1, OUT(TC0), XYZW, K(), IN(), IN()), 12);
   i.const_indexed = true;
   emit(i);
   i = with_c(vec(VOP(MOV), -1, OUT(TC1), XYZW, K(), IN(), IN()), 15);
   i.const_indexed = true;
   i.addr_reg = 1;
   i.addr_swz = 1;
   emit(i);
   i = with_in(vec(VOP(MOV), -1, OUT(TC2), XYZW, IN(), IN(), IN()), 20 - 16);
   i.input = 14;   /* 14 + 2 = 16: one past the last input */
   i.input_indexed = true;
   emit_last(i);
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(TC0)], 9, 8, 7, 6);
   CHECK_VEC(io.out[OUT(TC1)], 9, 8, 7, 6);
   CHECK_VEC(io.out[OUT(TC2)], 0, 0, 0, 0);
   CHECK(io.out_written & (1u << OUT(TC2)));
}

/* Condition codes: MOVC R0, c[19] = (-1, 0, 2, NaN) sets (LT,EQ,GT,UN);
 * MOV o[COL0] (GE), c[20] = 5 writes y, z (UN fails all but NE/TR);
 * MOV o[COL1] (NE), c[20] writes x, z, w. */
static void
test_condition(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(consts[19], -1, 0, 2, NAN);
   set4(consts[20], 5, 5, 5, 5);
   struct nvisa_nv40_vp_insn i =
      with_c(vec(VOP(MOV), 0, -1, XYZW, K(), IN(), IN()), 19);
   i.cc_update = true;
   i.cc_update_vec = true;
   emit(i);
   i = with_c(vec(VOP(MOV), -1, OUT(COL0), XYZW, K(), IN(), IN()), 20);
   i.cc_test = true;
   i.cond = NVISA_COND_GE;
   emit(i);
   i.out = OUT(COL1);
   i.cond = NVISA_COND_NE;
   emit_last(i);
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(COL0)], 0, 5, 5, 1);
   CHECK_VEC(io.out[OUT(COL1)], 5, 0, 5, 5);

   /* The condition code starts as (EQ,EQ,EQ,EQ) (NV_vertex_program2):
    * (EQ) writes, (NE) does not. */
   reset();
   set4(consts[20], 5, 5, 5, 5);
   i = with_c(vec(VOP(MOV), -1, OUT(COL0), XYZW, K(), IN(), IN()), 20);
   i.cc_test = true;
   i.cond = NVISA_COND_EQ;
   emit(i);
   i.out = OUT(COL1);
   i.cond = NVISA_COND_NE;
   emit_last(i);
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(COL0)], 5, 5, 5, 5);
   CHECK_VEC(io.out[OUT(COL1)], 0, 0, 0, 1);
}

/* BRA over an instruction when CC.x is LT; CAL/RET into a subroutine. */
static void
test_branch(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(consts[16], -1, 0, 0, 0);
   set4(consts[17], 7, 7, 7, 7);
   set4(consts[18], 1, 2, 3, 4);
   /* 0 */ struct nvisa_nv40_vp_insn i =
      with_c(vec(VOP(MOV), 0, -1, MX, K(), IN(), IN()), 16);
   i.cc_update = true;
   i.cc_update_vec = true;
   emit(i);
   /* 1 */ i = sca(SOP(BRA), -1, -1, 0, IN());
   i.branch_target = 3;
   i.cc_test = true;
   i.cond = NVISA_COND_LT;
   memset(i.cc_swz, 0, 4);
   emit(i);
   /* 2 */ emit(with_c(vec(VOP(MOV), -1, OUT(COL1), XYZW, K(), IN(), IN()), 17));
   /* 3 */ i = sca(SOP(CAL), -1, -1, 0, IN());
   i.branch_target = 6;
   emit(i);
   /* 4 */ emit_last(vec(VOP(MOV), -1, OUT(COL0), XYZW, T(5), IN(), IN()));
   /* 5 */ emit_last(vec(VOP(MOV), -1, OUT(BFC0), XYZW, K(), IN(), IN()));
   /* 6 */ emit(with_c(vec(VOP(MOV), 5, -1, XYZW, K(), IN(), IN()), 18));
   /* 7 */ emit(sca(SOP(RET), -1, -1, 0, IN()));
   CHECK(run(&io, 0) == 0);
   CHECK(!(io.out_written & (1u << OUT(COL1))));
   CHECK_VEC(io.out[OUT(COL1)], 0, 0, 0, 1);
   CHECK_VEC(io.out[OUT(COL0)], 1, 2, 3, 4);
   CHECK(!(io.out_written & (1u << OUT(BFC0))));
   CHECK(io.steps == 6);   /* 0, 1, 3, 6, 7, 4 */

   /* The same program with CC.x = GT falls through the BRA. */
   set4(consts[16], 1, 0, 0, 0);
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(COL1)], 7, 7, 7, 7);
}

/* LIT (0.5, 0.25, -, 2) = (1, 0.5, 0.25^2, 1); DST (1,2,3,4), (5,6,7,8) =
 * (1, 12, 3, 8); EXP 2.5 = (2^2, 0.5, 2^2.5, 1); LOG 10 = (3, 1.25,
 * log2 10, 1); MOV_SAT (-1, 0.5, 2, NaN) = (0, 0.5, 1, 0). */
static void
test_special(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(consts[21], 0.5f, 0.25f, 0, 2);
   set4(consts[22], 5, 6, 7, 8);
   set4(consts[23], 2.5f, 10, 0, 0);
   set4(consts[24], -1, 0.5f, 2, NAN);
   set4(attr[2], 1, 2, 3, 4);
   emit(with_c(sca(SOP(LIT), -1, OUT(TC5), XYZW, K()), 21));
   emit(with_in(with_c(vec(VOP(DST), -1, OUT(TC6), XYZW, IN(), K(), IN()),
                       22), 2));
   emit(with_c(sca(SOP(EXP), -1, OUT(TC7), XYZW, SW(K(), "xxxx")), 23));
   emit(with_c(sca(SOP(LOG), -1, OUT(BFC1), XYZW, SW(K(), "yyyy")), 23));
   struct nvisa_nv40_vp_insn i =
      with_c(vec(VOP(MOV), -1, OUT(FOGC), XYZW, K(), IN(), IN()), 24);
   i.sat = true;
   emit_last(i);
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(TC5)], 1, 0.5f, 0.0625f, 1);
   CHECK_VEC(io.out[OUT(TC6)], 1, 12, 3, 8);
   CHECK_F(io.out[OUT(TC7)][0], 4);
   CHECK_F(io.out[OUT(TC7)][1], 0.5f);
   /* RoughApprox2ToX: within 2^floor(x) / 2^11 */
   CHECK_NEAR(io.out[OUT(TC7)][2], 5.656854f, 4.0f / 2048);
   CHECK_F(io.out[OUT(TC7)][3], 1);
   CHECK_F(io.out[OUT(BFC1)][0], 3);
   CHECK_F(io.out[OUT(BFC1)][1], 1.25f);
   CHECK_NEAR(io.out[OUT(BFC1)][2], 3.321928f, 1.0f / 2048);
   CHECK_F(io.out[OUT(BFC1)][3], 1);
   CHECK_VEC(io.out[OUT(FOGC)], 0, 0.5f, 1, 0);
}

/* Regression (spec, found while triaging gl-1.0-spot-light): LIT with
 * a specular power of 0 gives z = 1 for any base, 0 included
 * (NV_vertex_program 2.14.1.10.17: "taking any base to the power of 0.0
 * will yield 1.0"): LIT (0.5, 0, -, 0) = (1, 0.5, 1, 1); with x <= 0 z
 * stays 0: LIT (-1, 0, -, 0) = (1, 0, 0, 1). */
static void
test_lit_zero_power(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(consts[21], 0.5f, 0.0f, 0, 0);
   set4(consts[22], -1.0f, 0.0f, 0, 0);
   emit(with_c(sca(SOP(LIT), -1, OUT(TC5), XYZW, K()), 21));
   emit_last(with_c(sca(SOP(LIT), -1, OUT(TC6), XYZW, K()), 22));
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(TC5)], 1, 0.5f, 1, 1);
   CHECK_VEC(io.out[OUT(TC6)], 1, 0, 0, 1);
}

/* DPH (1,2,3,-) . (4,5,6) + 10 = 42; SEQ/SNE/SGT/SLE of (1, 2, NaN, 4)
 * against 2: NaN operands give NaN (NV_vertex_program2 issue on NaN);
 * SFL 0, STR 1; RCC clamps to 2^64 / 2^-64; ARR rounds 1.6 -> 2, then ARA
 * (x + z, y + w) and PUSHA/POPA restore. */
static void
test_more_ops(void)
{
   struct nvsim_nv40_vp_io io;
   reset();
   set4(attr[3], 1, 2, 3, 99);
   set4(consts[30], 4, 5, 6, 10);
   set4(consts[31], 1, 2, NAN, 4);
   set4(consts[32], 2, 2, 2, 2);
   set4(consts[33], 0, 0x1p70f, -0.0f, 1.6f);
   set4(consts[34], 1.6f, -2.4f, 3, 4);
   set4(consts[40], 40, 40, 40, 40);
   set4(consts[41], 41, 41, 41, 41);
   set4(consts[45], 45, 45, 45, 45);
   emit(with_in(with_c(vec(VOP(DPH), -1, OUT(TC0), XYZW, IN(), K(), IN()), 30),
                3));
   emit(with_c(vec(VOP(MOV), 0, -1, XYZW, K(), IN(), IN()), 31));
   emit(with_c(vec(VOP(SEQ), -1, OUT(TC1), XYZW, T(0), K(), IN()), 32));
   emit(with_c(vec(VOP(SNE), -1, OUT(TC2), XYZW, T(0), K(), IN()), 32));
   emit(with_c(vec(VOP(SGT), -1, OUT(TC3), XYZW, T(0), K(), IN()), 32));
   emit(with_c(vec(VOP(SLE), -1, OUT(TC4), XYZW, T(0), K(), IN()), 32));
   emit(with_c(vec(VOP(SFL), -1, OUT(TC5), MX | MY, T(0), K(), IN()), 32));
   emit(with_c(vec(VOP(STR), -1, OUT(TC5), MZ | MW, T(0), K(), IN()), 32));
   emit(with_c(sca(SOP(RCC), -1, OUT(TC6), MX, SW(K(), "xxxx")), 33));
   emit(with_c(sca(SOP(RCC), -1, OUT(TC6), MY, SW(K(), "yyyy")), 33));
   emit(with_c(sca(SOP(RCC), -1, OUT(TC6), MZ, SW(K(), "zzzz")), 33));
   emit(with_c(sca(SOP(RCC), -1, OUT(TC6), MW, SW(K(), "wwww")), 33));
   /* A0 = round(1.6, -2.4, 3, 4) = (2, -2, 3, 4); PUSHA A0; ARA A0 =
    * (2+3, -2+4, 5, 2) = (5, 2, 5, 2); c[A0.x + 35] = c[40];
    * POPA A0 -> (2, -2, 3, 4): c[A0.y + 43] = c[41]. */
   emit(with_c(vec(VOP(ARR), 0, -1, XYZW, K(), IN(), IN()), 34));
   struct nvisa_nv40_vp_insn i = sca(SOP(PUSHA), -1, -1, 0, IN());
   emit(i);
   emit(vec(VOP(ARA), 0, -1, XYZW, IN(), IN(), IN()));
   i = with_c(vec(VOP(MOV), -1, OUT(TC7), XYZW, K(), IN(), IN()), 35);
   i.const_indexed = true;
   emit(i);
   emit(sca(SOP(POPA), -1, -1, 0, IN()));
   i = with_c(vec(VOP(MOV), -1, OUT(COL1), XYZW, K(), IN(), IN()), 43);
   i.const_indexed = true;
   i.addr_swz = 1;
   emit_last(i);
   CHECK(run(&io, 0) == 0);
   CHECK_VEC(io.out[OUT(TC0)], 42, 42, 42, 42);
   CHECK_VEC(io.out[OUT(TC1)], 0, 1, NAN, 0);
   CHECK_VEC(io.out[OUT(TC2)], 1, 0, NAN, 1);
   CHECK_VEC(io.out[OUT(TC3)], 0, 0, NAN, 1);
   CHECK_VEC(io.out[OUT(TC4)], 1, 1, NAN, 0);
   CHECK_VEC(io.out[OUT(TC5)], 0, 0, 1, 1);
   CHECK_VEC(io.out[OUT(TC6)], 0x1p64f, 0x1p-64f, -0x1p64f, 1.0f / 1.6f);
   CHECK_VEC(io.out[OUT(TC7)], 40, 40, 40, 40);
   CHECK_VEC(io.out[OUT(COL1)], 41, 41, 41, 41);
}

/* Bad programs: a start slot past the program, a branch loop, an
 * unknown opcode: errors, never a crash. */
static void
test_errors(void)
{
   struct nvsim_nv40_vp_io io;
   struct nvsim_nv40_vp_prog prog = { 0 };
   char err[128];

   reset();
   emit_last(vec(VOP(MOV), -1, OUT(HPOS), XYZW, IN(), IN(), IN()));
   CHECK(nvsim_nv40_vp_prepare(&prog, (const uint32_t (*)[4])code, 1, err,
                               sizeof(err)) == 0);
   memset(&io, 0, sizeof(io));
   io.attr = (const float (*)[4])attr;
   io.consts = (const float (*)[4])consts;
   CHECK(nvsim_nv40_vp_run(&prog, 1, &io) < 0);
   CHECK(nvsim_nv40_vp_run(&prog, 0, &io) == 0);
   nvsim_nv40_vp_fini(&prog);
   CHECK(nvsim_nv40_vp_prepare(&prog, (const uint32_t (*)[4])code,
                               NVSIM_NV40_VP_SLOTS + 1, err, sizeof(err)) < 0);

   reset();
   struct nvisa_nv40_vp_insn i = sca(SOP(BRA), -1, -1, 0, IN());
   i.branch_target = 0;
   emit(i);
   CHECK(run(&io, 0) < 0);
   CHECK(io.steps == NVSIM_NV40_VP_MAX_STEPS + 1);

   reset();
   code[0][1] = 0x1fu << 22;    /* vector opcode 0x1f: not an opcode */
   CHECK(run(&io, 0) < 0);

   reset();
   i = sca(SOP(BRA), -1, -1, 0, IN());
   i.branch_target = 511;       /* past the 1 slot prepared below */
   emit(i);
   CHECK(nvsim_nv40_vp_prepare(&prog, (const uint32_t (*)[4])code, 1, err,
                               sizeof(err)) == 0);
   CHECK(nvsim_nv40_vp_run(&prog, 0, &io) < 0);
   nvsim_nv40_vp_fini(&prog);
   CHECK(strlen(nvsim_nv40_shader_strerror(-1)) > 0);
}

int
main(void)
{
   test_transform();
   test_arith();
   test_scalar();
   test_dual_issue();
   test_compare_round();
   test_relative();
   test_condition();
   test_branch();
   test_special();
   test_lit_zero_power();
   test_more_ops();
   test_errors();
   return TEST_RESULT();
}
