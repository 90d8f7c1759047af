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

/* OUT_TARGET clear: the result goes to XFCTX, not to the vertex. */
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
 * LITEX2 (0x3c) are not rankine opcodes. */
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
   test_fp_precision();
   test_fp_limits();
   return TEST_RESULT();
}
