/*
 * NV40 fragment program interpreter tests, one 2x2 quad per run.
 * Programs are built with the libnvisa packer; expected values are worked
 * out by hand from the NV_fragment_program pseudo-code.
 */
#include <stdlib.h>

#include "nv40_shader_exec.h"
#include "shader_test.h"

#define OP(x) NVISA_NV40_FP_OP_##x
#define BRA(x) NVISA_NV40_FP_BRA_##x
#define INP(x) NVISA_NV40_FP_INPUT_##x
#define XYZW NVISA_MASK_XYZW
#define MX NVISA_MASK_X
#define MY NVISA_MASK_Y
#define MZ NVISA_MASK_Z
#define MW NVISA_MASK_W

static uint32_t words[512];
static unsigned nwords;
static struct nvsim_nv40_fp_quad quad;

static void
reset(void)
{
   memset(words, 0, sizeof(words));
   nwords = 0;
   memset(&quad, 0, sizeof(quad));
   quad.mask = 0xf;
}

static void
set_in(unsigned f, unsigned input, float x, float y, float z, float w)
{
   quad.in[f][input][0] = x;
   quad.in[f][input][1] = y;
   quad.in[f][input][2] = z;
   quad.in[f][input][3] = w;
}

/* op dst(.mask), s0, s1, s2; out < 0: no destination register. */
static struct nvisa_nv40_fp_insn
alu(unsigned op, int out, bool half, uint8_t mask, struct nvisa_src s0,
    struct nvisa_src s1, struct nvisa_src s2)
{
   struct nvisa_nv40_fp_insn i;
   nvisa_nv40_fp_insn_init(&i);
   i.op = op;
   if (out < 0)
      i.out_none = true;
   else
      i.out_reg = out;
   i.out_half = half;
   i.mask = mask;
   i.src[0] = s0;
   i.src[1] = s1;
   i.src[2] = s2;
   return i;
}

static struct nvisa_nv40_fp_insn
with_input(struct nvisa_nv40_fp_insn i, unsigned input)
{
   i.input = input;
   return i;
}

/* Emits i (and k as its inline constant if it reads one); returns the
 * word offset of the instruction. */
static unsigned
emit_k(struct nvisa_nv40_fp_insn i, float x, float y, float z, float w)
{
   unsigned at = nwords;
   CHECK(nvisa_nv40_fp_encode(&i, words + nwords) == 0);
   nwords += 4;
   if (nvisa_nv40_fp_has_const(&i)) {
      float k[4] = { x, y, z, w };
      memcpy(words + nwords, k, sizeof(k));
      nwords += 4;
   }
   return at;
}

static unsigned
emit(struct nvisa_nv40_fp_insn i)
{
   return emit_k(i, 0, 0, 0, 0);
}

static struct nvisa_nv40_fp_insn
end(struct nvisa_nv40_fp_insn i)
{
   i.end = true;
   return i;
}

static int
run_env(const struct nvsim_nv40_fp_env *env, struct nvsim_nv40_fp_prog *out)
{
   struct nvsim_nv40_fp_prog prog = { 0 };
   char err[160];
   int ret;

   if (nvsim_nv40_fp_prepare(&prog, words, nwords, err, sizeof(err))) {
      fprintf(stderr, "prepare: %s\n", err);
      test_failures++;
      return -100;
   }
   ret = nvsim_nv40_fp_run_quad(&prog, &quad, env);
   if (out)
      *out = prog;
   else
      nvsim_nv40_fp_fini(&prog);
   return ret;
}

static int
run(void)
{
   return run_env(NULL, NULL);
}

/* MOVR R0, f[COL0]: colour 0 is R0, full precision. */
static void
test_mov(void)
{
   struct nvsim_nv40_fp_prog prog;
   reset();
   for (unsigned f = 0; f < 4; f++)
      set_in(f, INP(COL0), 0.1f * f, 1.0f / 3.0f, 2, -1);
   emit(end(with_input(alu(OP(MOV), 0, false, XYZW, IN(), IN(), IN()),
                       INP(COL0))));
   CHECK(run_env(NULL, &prog) == 0);
   CHECK(!prog.color_half && !prog.writes_depth && !prog.uses_kil);
   CHECK(prog.inputs_read == 1u << INP(COL0));
   nvsim_nv40_fp_fini(&prog);
   CHECK(quad.mask == 0xf);
   for (unsigned f = 0; f < 4; f++)
      CHECK_VEC(quad.color[0][f], 0.1f * f, 1.0f / 3.0f, 2, -1);
}

/* MOVH H0, f[COL0]: colour from H0 in fp16: 1/3 rounds to
 * 0x3555 = 1365/4096 = 0.333251953125; 65519 -> 65504 (largest half),
 * 65520 -> +INF (round to nearest even overflows). */
static void
test_half(void)
{
   struct nvsim_nv40_fp_prog prog;
   reset();
   for (unsigned f = 0; f < 4; f++)
      set_in(f, INP(COL0), 1.0f / 3.0f, 65519.0f, 65520.0f, 0.5f);
   emit(end(with_input(alu(OP(MOV), 0, true, XYZW, IN(), IN(), IN()),
                       INP(COL0))));
   CHECK(run_env(NULL, &prog) == 0);
   CHECK(prog.color_half);
   nvsim_nv40_fp_fini(&prog);
   CHECK_VEC(quad.color[0][2], 0.333251953125f, 65504.0f, INFINITY, 0.5f);

   /* H1 shares R0.z/R0.w's storage: writing H1 leaves H0 alone, and a
    * full-precision R0.x write changes H0.x and H0.y. */
   reset();
   emit_k(alu(OP(MOV), 0, true, XYZW, K(), IN(), IN()), 1, 2, 3, 4);
   emit_k(alu(OP(MOV), 1, true, XYZW, K(), IN(), IN()), 5, 6, 7, 8);
   emit(alu(OP(MOV), 2, false, XYZW, H(0), IN(), IN()));
   emit(alu(OP(MOV), 3, false, XYZW, H(1), IN(), IN()));
   /* R0.x = 1.0f = 0x3f800000: low half 0 (H0.x = 0), high half 0x3f80
    * (H0.y = 1.875) */
   emit_k(alu(OP(MOV), 0, false, MX, K(), IN(), IN()), 1, 0, 0, 0);
   emit(alu(OP(MOV), 4, false, XYZW, H(0), IN(), IN()));
   emit(end(alu(OP(MOV), 0, false, XYZW, T(2), IN(), IN())));
   CHECK(run() == 0);
   /* The program writes H0, so colour 0 is read as H0; the last write of
    * R0 is (1,2,3,4) in fp32, whose words 0x3f800000, 0x40000000 read as
    * halves (low half first) give H0 = (0, 1.875, 0, 2). */
   CHECK_VEC(quad.color[0][0], 0, 1.875f, 0, 2);
}

/* Inline constants follow their instruction: ADDR R0, f[TC0], {...}. */
static void
test_const(void)
{
   reset();
   for (unsigned f = 0; f < 4; f++)
      set_in(f, INP(TC0), f, 1, 2, 3);
   emit_k(end(with_input(alu(OP(ADD), 0, false, XYZW, IN(), K(), IN()),
                         INP(TC0))), 0.25f, 0.5f, 1, 2);
   CHECK(nwords == 8);
   CHECK(run() == 0);
   CHECK_VEC(quad.color[0][3], 3.25f, 1.5f, 3, 5);
}

/* KIL (LT.x) after MOVRC CC.x, f[TC0].x kills the negative ones. */
static void
test_kil(void)
{
   struct nvsim_nv40_fp_prog prog;
   const float x[4] = { -1, 1, 0, -0.5f };
   reset();
   for (unsigned f = 0; f < 4; f++)
      set_in(f, INP(TC0), x[f], 0, 0, 0);
   struct nvisa_nv40_fp_insn i =
      with_input(alu(OP(MOV), -1, false, MX, SW(IN(), "xxxx"), IN(), IN()),
                 INP(TC0));
   i.cc_update = true;
   emit(i);
   i = alu(OP(KIL), -1, false, 0, IN(), IN(), IN());
   i.cond = NVISA_COND_LT;
   memset(i.cc_swz, 0, 4);
   emit(i);
   emit_k(end(alu(OP(MOV), 0, false, XYZW, K(), IN(), IN())), 1, 1, 1, 1);
   CHECK(run_env(NULL, &prog) == 0);
   CHECK(prog.uses_kil);
   nvsim_nv40_fp_fini(&prog);
   CHECK(quad.mask == 0x6);

   /* fragments outside the covered mask stay out */
   reset();
   for (unsigned f = 0; f < 4; f++)
      set_in(f, INP(TC0), x[f], 0, 0, 0);
   quad.mask = 0x3;
   i = with_input(alu(OP(MOV), -1, false, MX, SW(IN(), "xxxx"), IN(), IN()),
                  INP(TC0));
   i.cc_update = true;
   emit(i);
   i = alu(OP(KIL), -1, false, 0, IN(), IN(), IN());
   i.cond = NVISA_COND_LT;
   memset(i.cc_swz, 0, 4);
   emit(end(i));
   CHECK(run() == 0);
   CHECK(quad.mask == 0x2);

   /* The condition code starts as EQ (NV_fragment_program 3.11.1.4):
    * KIL (NE) keeps everything, KIL (EQ.x) kills everything. */
   reset();
   i = alu(OP(KIL), -1, false, 0, IN(), IN(), IN());
   i.cond = NVISA_COND_NE;
   emit(i);
   emit(end(alu(OP(MOV), 0, false, XYZW, IN(), IN(), IN())));
   CHECK(run() == 0);
   CHECK(quad.mask == 0xf);
   reset();
   i.cond = NVISA_COND_EQ;
   emit(end(i));
   CHECK(run() == 0);
   CHECK(quad.mask == 0);
}

/* DDX/DDY difference the quad: TC0 = (1,2), (4,8) / (9,20), (16,40):
 * ddx row 0 = (3, 6), row 1 = (7, 20); ddy column 0 = (8, 18), column 1 =
 * (12, 32).  Only x and y are computed (z, w: 0). */
static void
test_derivatives(void)
{
   reset();
   set_in(0, INP(TC0), 1, 2, 5, 5);
   set_in(1, INP(TC0), 4, 8, 5, 5);
   set_in(2, INP(TC0), 9, 20, 5, 5);
   set_in(3, INP(TC0), 16, 40, 5, 5);
   quad.mask = 0x1;   /* the others are helpers: still differenced */
   emit(with_input(alu(OP(DDX), 2, false, XYZW, IN(), IN(), IN()), INP(TC0)));
   emit(with_input(alu(OP(DDY), 3, false, MX | MY, IN(), IN(), IN()), INP(TC0)));
   emit(alu(OP(MOV), 0, false, MX | MY, T(2), IN(), IN()));
   emit(end(alu(OP(MOV), 0, false, MZ | MW, SW(T(3), "xxxy"), IN(), IN())));
   CHECK(run() == 0);
   CHECK_VEC(quad.color[0][0], 3, 6, 8, 18);
   CHECK_VEC(quad.color[0][1], 3, 6, 12, 32);
   CHECK_VEC(quad.color[0][2], 7, 20, 8, 18);
   CHECK_VEC(quad.color[0][3], 7, 20, 12, 32);
   CHECK(quad.mask == 0x1);
}

struct tex_log {
   unsigned calls;
   struct nvsim_tex_request req;
};

/* returns coord * 2 + unit */
static void
fake_tex(void *data, const struct nvsim_tex_request *req, float res[4][4])
{
   struct tex_log *log = data;
   log->calls++;
   log->req = *req;
   for (unsigned f = 0; f < 4; f++)
      for (unsigned c = 0; c < 4; c++)
         res[f][c] = req->coord[f][c] * 2 + req->unit;
}

static void
test_tex(void)
{
   struct tex_log log = { 0 };
   struct nvsim_nv40_fp_env env = { fake_tex, &log };
   struct nvsim_nv40_fp_prog prog;

   reset();
   for (unsigned f = 0; f < 4; f++)
      set_in(f, INP(TC1), 2, 4, 6, 2 + f);
   struct nvisa_nv40_fp_insn i =
      with_input(alu(OP(TXP), 0, false, XYZW, IN(), IN(), IN()), INP(TC1));
   i.tex_unit = 3;
   emit(end(i));
   CHECK(run_env(&env, &prog) == 0);
   CHECK(prog.texunits_used == 1u << 3);
   CHECK(prog.uses_derivatives);
   nvsim_nv40_fp_fini(&prog);
   CHECK(log.calls == 1);
   CHECK(log.req.unit == 3 && log.req.op == OP(TXP) && log.req.mask == 0xf);
   /* TXP divides x, y, z by w: fragment 0 (2,4,6)/2, fragment 2 /4 */
   CHECK_VEC(log.req.coord[0], 1, 2, 3, 2);
   CHECK_VEC(log.req.coord[2], 0.5f, 1, 1.5f, 4);
   /* ddx of fragment 0 = coord[1] - coord[0] = (2/3 - 1, 4/3 - 2, 2 - 3, 1) */
   CHECK_NEAR(log.req.ddx[0][0], 2.0f / 3.0f - 1.0f, 1e-6f);
   CHECK_F(log.req.ddy[0][3], 2);
   CHECK_VEC(quad.color[0][0], 5, 7, 9, 7);

   /* no callback: (0, 0, 0, 1) */
   CHECK(run() == 0);
   CHECK_VEC(quad.color[0][1], 0, 0, 0, 1);

   /* TXL passes w as the lod */
   reset();
   for (unsigned f = 0; f < 4; f++)
      set_in(f, INP(TC1), 0, 0, 0, 3);
   i = with_input(alu(OP(TXL), 0, false, XYZW, IN(), IN(), IN()), INP(TC1));
   emit(end(i));
   CHECK(run_env(&env, NULL) == 0);
   CHECK(log.req.op == OP(TXL));
   CHECK_F(log.req.lod[1], 3);
}

/* IF (GT.x) after MOVRC CC.x, f[TC0].x: then R0 = (1,0,0,1), else
 * (0,1,0,1); after ENDIF R0.z += 0.25.  TC0.x = 1, -1, 2, 0. */
static void
test_if(void)
{
   const float x[4] = { 1, -1, 2, 0 };
   reset();
   for (unsigned f = 0; f < 4; f++)
      set_in(f, INP(TC0), x[f], 0, 0, 0);
   struct nvisa_nv40_fp_insn i =
      with_input(alu(OP(MOV), -1, false, MX, IN(), IN(), IN()), INP(TC0));
   i.cc_update = true;
   emit(i);                                              /* words 0-3 */
   struct nvisa_nv40_fp_insn br;
   nvisa_nv40_fp_insn_init(&br);
   br.is_branch = true;
   br.op = BRA(IF);
   br.cond = NVISA_COND_GT;
   memset(br.cc_swz, 0, 4);
   br.bra_target = 16;
   br.bra_end = 24;
   emit(br);                                             /* 4-7 */
   emit_k(alu(OP(MOV), 0, false, XYZW, K(), IN(), IN()), 1, 0, 0, 1); /* 8 */
   emit_k(alu(OP(MOV), 0, false, XYZW, K(), IN(), IN()), 0, 1, 0, 1); /* 16 */
   emit_k(end(alu(OP(ADD), 0, false, MZ, T(0), SW(K(), "xxxx"), IN())),
          0.25f, 0, 0, 0);
   CHECK(run() == 0);
   CHECK_VEC(quad.color[0][0], 1, 0, 0.25f, 1);
   CHECK_VEC(quad.color[0][1], 0, 1, 0.25f, 1);
   CHECK_VEC(quad.color[0][2], 1, 0, 0.25f, 1);
   CHECK_VEC(quad.color[0][3], 0, 1, 0.25f, 1);
}

/* REP 5 { R1.x += 1; CC = R1.x - TC0.x; BRK (GE.x) }  R0 = R1.x:
 * TC0.x = 3 -> 3, 10 -> 5 (the count ends it), 0.5 -> 1, -7 -> 1. */
static void
test_loop(void)
{
   const float x[4] = { 3, 10, 0.5f, -7 };
   reset();
   for (unsigned f = 0; f < 4; f++)
      set_in(f, INP(TC0), x[f], 0, 0, 0);
   struct nvisa_nv40_fp_insn br;
   nvisa_nv40_fp_insn_init(&br);
   br.is_branch = true;
   br.op = BRA(REP);
   br.loop_count = br.loop_init = br.loop_incr = 5;
   br.bra_end = 20;
   emit(br);                                                      /* 0 */
   emit_k(alu(OP(ADD), 1, false, MX, T(1), K(), IN()), 1, 0, 0, 0); /* 4 */
   struct nvisa_nv40_fp_insn i =
      with_input(alu(OP(ADD), -1, false, MX, T(1), NEG(IN()), IN()), INP(TC0));
   i.cc_update = true;
   emit(i);                                                       /* 12 */
   nvisa_nv40_fp_insn_init(&br);
   br.is_branch = true;
   br.op = BRA(BRK);
   br.cond = NVISA_COND_GE;
   memset(br.cc_swz, 0, 4);
   emit(br);                                                      /* 16 */
   emit(end(alu(OP(MOV), 0, false, XYZW, SW(T(1), "xxxx"), IN(), IN()))); /* 20 */
   CHECK(run() == 0);
   CHECK_F(quad.color[0][0][0], 3);
   CHECK_F(quad.color[0][1][0], 5);
   CHECK_F(quad.color[0][2][0], 1);
   CHECK_F(quad.color[0][3][0], 1);
}

/* CAL/RET: main calls the subroutine at word 12, which sets R3; RET from
 * main ends the program. */
static void
test_call(void)
{
   reset();
   struct nvisa_nv40_fp_insn br;
   nvisa_nv40_fp_insn_init(&br);
   br.is_branch = true;
   br.op = BRA(CAL);
   br.bra_target = 12;
   emit(br);                                                     /* 0 */
   emit(alu(OP(MOV), 0, false, XYZW, T(3), IN(), IN()));         /* 4 */
   nvisa_nv40_fp_insn_init(&br);
   br.is_branch = true;
   br.op = BRA(RET);
   emit(br);                                                     /* 8 */
   emit_k(alu(OP(MOV), 3, false, XYZW, K(), IN(), IN()), 0.5f, 1.5f, 2.5f, 3.5f);
   emit(end(br));                                                /* 20 */
   CHECK(run() == 0);
   CHECK_VEC(quad.color[0][2], 0.5f, 1.5f, 2.5f, 3.5f);
}

/* Depth is R1.z. */
static void
test_depth(void)
{
   struct nvsim_nv40_fp_prog prog;
   reset();
   for (unsigned f = 0; f < 4; f++)
      set_in(f, INP(TC0), 0.125f * f, 0, 0, 0);
   emit(with_input(alu(OP(MOV), 1, false, MZ, SW(IN(), "xxxx"), IN(), IN()),
                   INP(TC0)));
   emit(end(alu(OP(MOV), 0, false, XYZW, IN(), IN(), IN())));
   CHECK(run_env(NULL, &prog) == 0);
   CHECK(prog.writes_depth);
   nvsim_nv40_fp_fini(&prog);
   CHECK_F(quad.depth[3], 0.375f);
}

/* Precision, saturation, scale:
 *  ADDX R0.x, {1.5}, {1.5}: fx12 (s1.10) clamps 3 to 2047/1024;
 *  MOVR_SAT R0.y, {2} = 1;  MULR_d2 R0.z, {3}, {3} = 4.5;
 *  MOVH-precision (fp16) R0.w = 1/3 -> 0.333251953125. */
static void
test_precision(void)
{
   reset();
   struct nvisa_nv40_fp_insn i = alu(OP(ADD), 0, false, MX, K(), K(), IN());
   i.precision = NVISA_NV40_FP_PRECISION_FX12;
   emit_k(i, 1.5f, 0, 0, 0);
   i = alu(OP(MOV), 0, false, MY, SW(K(), "xxxx"), IN(), IN());
   i.sat = true;
   emit_k(i, 2, 0, 0, 0);
   i = alu(OP(MUL), 0, false, MZ, SW(K(), "xxxx"), SW(K(), "xxxx"), IN());
   i.scale = NVISA_NV40_FP_SCALE_INV_2X;
   emit_k(i, 3, 0, 0, 0);
   i = alu(OP(MOV), 0, false, MW, SW(K(), "xxxx"), IN(), IN());
   i.precision = NVISA_NV40_FP_PRECISION_FP16;
   emit_k(end(i), 1.0f / 3.0f, 0, 0, 0);
   CHECK(run() == 0);
   CHECK_VEC(quad.color[0][0], 2047.0f / 1024.0f, 1, 4.5f, 0.333251953125f);
}

/* Arithmetic: RCP 4, EX2 3, LG2 8, DP3, DP4, SLT, FRC, FLR, MAD, RCP 0. */
static void
test_alu(void)
{
   reset();
   emit_k(alu(OP(RCP), 2, false, MX, SW(K(), "xxxx"), IN(), IN()), 4, 0, 0, 0);
   emit_k(alu(OP(EX2), 2, false, MY, SW(K(), "xxxx"), IN(), IN()), 3, 0, 0, 0);
   emit_k(alu(OP(LG2), 2, false, MZ, SW(K(), "xxxx"), IN(), IN()), 8, 0, 0, 0);
   emit_k(alu(OP(RCP), 2, false, MW, SW(K(), "xxxx"), IN(), IN()), 0, 0, 0, 0);
   /* (1,2,3,4) . (1,2,3,4): DP3 = 14, DP4 = 30 */
   emit_k(alu(OP(MOV), 3, false, XYZW, K(), IN(), IN()), 1, 2, 3, 4);
   emit(alu(OP(DP3), 4, false, MX, T(3), T(3), IN()));
   emit(alu(OP(DP4), 4, false, MY, T(3), T(3), IN()));
   /* MAD (1,2,3,4) * 2 + (1,2,3,4).wzyx -> z = 3*2 + 2 = 8 */
   emit_k(alu(OP(MAD), 4, false, MZ, T(3), K(), SW(T(3), "wzyx")), 2, 2, 2, 2);
   /* SLT (1,2,3,4) < 2.5: w = 0 */
   emit_k(alu(OP(SLT), 4, false, MW, T(3), K(), IN()), 2.5f, 2.5f, 2.5f, 2.5f);
   emit_k(alu(OP(SLT), 5, false, XYZW, T(3), K(), IN()), 2.5f, 2.5f, 2.5f, NAN);
   emit_k(alu(OP(FRC), 6, false, XYZW, K(), IN(), IN()), 1.25f, -1.25f, 2, -0.5f);
   emit_k(alu(OP(FLR), 7, false, XYZW, K(), IN(), IN()), 1.25f, -1.25f, 2, -0.5f);
   emit(end(alu(OP(MOV), 0, false, XYZW, T(2), IN(), IN())));
   CHECK(run() == 0);
   /* no direct access to R4-R7: re-run with R0 = each in turn */
   CHECK_VEC(quad.color[0][0], 0.25f, 8, 3, INFINITY);

   words[nwords - 4 + 1] = 0;   /* patch the last MOV's source register */
   struct nvisa_nv40_fp_insn last;
   const uint8_t regs[4] = { 4, 5, 6, 7 };
   const float expect[4][4] = {
      { 14, 30, 8, 0 },
      { 1, 1, 0, 0 },        /* SLT with NaN gives 0 */
      { 0.25f, 0.75f, 0, 0.5f },
      { 1, -2, 2, -1 },
   };
   for (unsigned r = 0; r < 4; r++) {
      last = end(alu(OP(MOV), 0, false, XYZW, T(regs[r]), IN(), IN()));
      nvisa_nv40_fp_encode(&last, words + nwords - 4);
      memset(&quad, 0, sizeof(quad));
      quad.mask = 0xf;
      CHECK(run() == 0);
      CHECK_VEC(quad.color[0][1], expect[r][0], expect[r][1], expect[r][2],
                expect[r][3]);
   }
}

/* MIN/MAX/SGE/SEQ/SNE (a NaN operand: 0, SNE 1), DIV by .x, DP2A,
 * COS/SIN at 0, PK2H/UP2H and PK4UB/UP4UB round trips. */
static void
test_alu2(void)
{
   const uint8_t regs[6] = { 4, 5, 6, 7, 8, 9 };
   const float expect[6][4] = {
      { 1, 2, 2, 2 },           /* MIN((1,2,3,4), 2) */
      { 2, 2, 3, 4 },           /* MAX */
      { 0, 1, 1, 0 },           /* SGE with w = NaN: 0 */
      { 0, 1, 0, 1 },           /* SEQ x, y; SNE z, w (w NaN: 1) */
      { 0.5f, 1, 1.5f, 2 },     /* DIV (1,2,3,4) / 2 */
      { 1, 0, 1 + 4 + 3, 1 },   /* COS 0, SIN 0, DP2A (1,2).(1,2) + 3 */
   };

   reset();
   emit_k(alu(OP(MOV), 3, false, XYZW, K(), IN(), IN()), 1, 2, 3, NAN);
   emit_k(alu(OP(MOV), 3, false, MW, SW(K(), "xxxx"), IN(), IN()), 4, 0, 0, 0);
   emit_k(alu(OP(MIN), 4, false, XYZW, T(3), SW(K(), "xxxx"), IN()), 2, 0, 0, 0);
   emit_k(alu(OP(MAX), 5, false, XYZW, T(3), SW(K(), "xxxx"), IN()), 2, 0, 0, 0);
   emit_k(alu(OP(SGE), 6, false, XYZW, T(3), K(), IN()), 2, 2, 2, NAN);
   emit_k(alu(OP(SEQ), 7, false, MX | MY, T(3), K(), IN()), 2, 2, 2, NAN);
   emit_k(alu(OP(SNE), 7, false, MZ | MW, T(3), K(), IN()), 2, 2, 3, NAN);
   emit_k(alu(OP(DIV), 8, false, XYZW, T(3), K(), IN()), 2, 0, 0, 0);
   emit_k(alu(OP(COS), 9, false, MX | MW, K(), IN(), IN()), 0, 0, 0, 0);
   emit_k(alu(OP(SIN), 9, false, MY, K(), IN(), IN()), 0, 0, 0, 0);
   emit_k(alu(OP(DP2A), 9, false, MZ, T(3), T(3), SW(K(), "xxxx")), 3, 0, 0, 0);
   /* pack/unpack: PK2H (0.5, -2) then UP2H; PK4UB (0, 1, 0.5, 2) then
    * UP4UB: 0.5 -> 128/255 (round to nearest), 2 clamps to 1 */
   emit_k(alu(OP(PK2H), 10, false, MX, K(), IN(), IN()), 0.5f, -2, 0, 0);
   emit(alu(OP(UP2H), 11, false, XYZW, T(10), IN(), IN()));
   emit_k(alu(OP(PK4UB), 10, false, MY, K(), IN(), IN()), 0, 1, 0.5f, 2);
   emit(alu(OP(UP4UB), 12, false, XYZW, SW(T(10), "yyyy"), IN(), IN()));
   emit(end(alu(OP(MOV), 0, false, XYZW, T(4), IN(), IN())));

   for (unsigned r = 0; r < 6; r++) {
      struct nvisa_nv40_fp_insn last =
         end(alu(OP(MOV), 0, false, XYZW, T(regs[r]), IN(), IN()));
      nvisa_nv40_fp_encode(&last, words + nwords - 4);
      memset(&quad, 0, sizeof(quad));
      quad.mask = 0xf;
      CHECK(run() == 0);
      CHECK_VEC(quad.color[0][0], expect[r][0], expect[r][1], expect[r][2],
                expect[r][3]);
   }
   struct nvisa_nv40_fp_insn last =
      end(alu(OP(MOV), 0, false, XYZW, T(11), IN(), IN()));
   nvisa_nv40_fp_encode(&last, words + nwords - 4);
   CHECK(run() == 0);
   CHECK_VEC(quad.color[0][3], 0.5f, -2, 0.5f, -2);
   last = end(alu(OP(MOV), 0, false, XYZW, T(12), IN(), IN()));
   nvisa_nv40_fp_encode(&last, words + nwords - 4);
   CHECK(run() == 0);
   CHECK_VEC(quad.color[0][3], 0, 1, 128.0f / 255.0f, 1);
}

/* Upstream's NV40 sequences (nvfx_fragprog.c): RSQ as LG2_d2 + EX2 of
 * the negation: 16 -> 2^(-0.5 * 4) = 0.25; LIT (0.5, 0.25, -, 2) as
 * MAX/LG2/MUL/LITEX2 -> (1, 0.5, 0.25^2, 1). */
static void
test_upstream_sequences(void)
{
   reset();
   struct nvisa_nv40_fp_insn i =
      alu(OP(LG2), 1, false, MX, ABS(SW(K(), "xxxx")), IN(), IN());
   i.scale = NVISA_NV40_FP_SCALE_INV_2X;
   emit_k(i, -16, 0, 0, 0);
   emit(alu(OP(EX2), 0, false, MX, NEG(SW(T(1), "xxxx")), IN(), IN()));
   /* LIT: tmp.yw = max(src.xxxy, 0.xxyy) (y: diffuse, w: specular);
    * tmp.w = lg2(tmp.w); tmp.w *= src.w; dst = LITEX2(tmp.yyww) */
   emit_k(alu(OP(MOV), 2, false, XYZW, K(), IN(), IN()), 0.5f, 0.25f, 0, 2);
   emit_k(alu(OP(MAX), 3, false, MY | MW, SW(T(2), "xxxy"), K(), IN()),
          0, 0, 0, 0);
   emit(alu(OP(LG2), 3, false, MW, SW(T(3), "wwww"), IN(), IN()));
   emit(alu(OP(MUL), 3, false, MW, SW(T(3), "wwww"), SW(T(2), "wwww"), IN()));
   emit(alu(OP(LITEX2), 4, false, XYZW, SW(T(3), "yyww"), IN(), IN()));
   emit(end(alu(OP(MOV), 0, false, MY | MZ | MW, SW(T(4), "xyzw"), IN(), IN())));
   CHECK(run() == 0);
   CHECK_F(quad.color[0][0][0], 0.25f);
   CHECK_VEC(quad.color[0][1], 0.25f, 0.5f, 0.0625f, 1);
}

/* Bad programs give errors from prepare, never a crash. */
static void
test_errors(void)
{
   struct nvsim_nv40_fp_prog prog = { 0 };
   char err[160];
   struct nvisa_nv40_fp_insn br;

   /* no END */
   reset();
   emit(alu(OP(MOV), 0, false, XYZW, IN(), IN(), IN()));
   CHECK(nvsim_nv40_fp_prepare(&prog, words, nwords, err, sizeof(err)) < 0);
   CHECK(strstr(err, "END") != NULL);
   /* constant cut off */
   reset();
   emit_k(end(alu(OP(MOV), 0, false, XYZW, K(), IN(), IN())), 1, 2, 3, 4);
   CHECK(nvsim_nv40_fp_prepare(&prog, words, 6, err, sizeof(err)) < 0);
   CHECK(nvsim_nv40_fp_prepare(&prog, words, 8, err, sizeof(err)) == 0);
   nvsim_nv40_fp_fini(&prog);
   /* IF whose else offset points into an inline constant */
   reset();
   nvisa_nv40_fp_insn_init(&br);
   br.is_branch = true;
   br.op = BRA(IF);
   br.bra_target = 8;
   br.bra_end = 12;
   emit(br);
   emit_k(end(alu(OP(MOV), 0, false, XYZW, K(), IN(), IN())), 1, 2, 3, 4);
   CHECK(nvsim_nv40_fp_prepare(&prog, words, nwords, err, sizeof(err)) < 0);
   /* REP whose end is before it */
   reset();
   emit(alu(OP(MOV), 0, false, XYZW, IN(), IN(), IN()));
   nvisa_nv40_fp_insn_init(&br);
   br.is_branch = true;
   br.op = BRA(REP);
   br.loop_count = 1;
   br.bra_end = 0;
   emit(end(br));
   CHECK(nvsim_nv40_fp_prepare(&prog, words, nwords, err, sizeof(err)) < 0);
   /* unknown opcode */
   reset();
   words[0] = 0x3fu << 24 | 1;
   CHECK(nvsim_nv40_fp_prepare(&prog, words, 4, err, sizeof(err)) < 0);
   /* running an unprepared program */
   memset(&prog, 0, sizeof(prog));
   CHECK(nvsim_nv40_fp_run_quad(&prog, &quad, NULL) < 0);
   CHECK(quad.mask == 0);
}

/* fp16 conversion corner cases (IEEE binary16). */
static void
test_half_conversion(void)
{
   CHECK(nvsim_float_to_half(1.0f) == 0x3c00);
   CHECK(nvsim_float_to_half(-2.0f) == 0xc000);
   CHECK(nvsim_float_to_half(65504.0f) == 0x7bff);
   CHECK(nvsim_float_to_half(1e6f) == 0x7c00);
   CHECK(nvsim_float_to_half(0x1p-24f) == 0x0001);   /* smallest denormal */
   CHECK(nvsim_float_to_half(0x1p-26f) == 0x0000);
   CHECK_F(nvsim_half_to_float(0x0001), 0x1p-24f);
   CHECK_F(nvsim_half_to_float(0x3555), 0.333251953125f);
   CHECK(isnan(nvsim_half_to_float(nvsim_float_to_half(NAN))));
}

int
main(void)
{
   test_mov();
   test_half();
   test_const();
   test_kil();
   test_derivatives();
   test_tex();
   test_if();
   test_loop();
   test_call();
   test_depth();
   test_precision();
   test_alu();
   test_alu2();
   test_upstream_sequences();
   test_errors();
   test_half_conversion();
   return TEST_RESULT();
}
