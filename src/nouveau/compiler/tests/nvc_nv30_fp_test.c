/*
 * Tests of the compiler's NV30 (rankine) fragment programs: shaders built
 * with nir_builder the way st/mesa hands them over, compiled for the
 * NV30's target (its row of the chip table) and run by nvsim's rankine
 * FP interpreter (nvsim_nv30_fp_prepare: NV30 encoding, no branches,
 * inputs up to TC7).  Expected values are worked out by hand from
 * NV_fragment_program (../shared/reference/gl-specs) and GLSL, never from
 * the compiler's or nvsim's output.  Plus what NV_fragment_program cannot
 * do, which must be refused with a message naming the chip.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl_types.h"
#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

#include "nv30-40_3d.xml.h"
#include "nv40_shader_exec.h"
#include "nvc_compiler.h"
#include "nvc_test_util.h"
#include "nvhwdb_chips.h"
#include "nvisa_nv30_fp.h"

static struct nvc_target nv30;

/* ------------------------------------------------------------------ */

static nir_ssa_def *
load_in(nir_builder *b, unsigned slot, unsigned loc)
{
   char name[32];
   snprintf(name, sizeof(name), "in%u", slot);
   return nir_load_var(b, nvc_test_var(b->shader, nir_var_shader_in,
                                       glsl_vec4_type(), slot, loc, name));
}

static void
store_color(nir_builder *b, nir_ssa_def *v)
{
   nir_store_var(b, nvc_test_out_vec4(b->shader, FRAG_RESULT_COLOR, 0, "color"),
                 v, 0xf);
}

static nir_ssa_def *
build_tex(nir_builder *b, nir_texop op, unsigned unit, nir_ssa_def *coord,
          nir_tex_src_type extra_type, nir_ssa_def *extra)
{
   nir_tex_instr *tex = nir_tex_instr_create(b->shader, extra ? 2 : 1);
   tex->op = op;
   tex->sampler_dim = GLSL_SAMPLER_DIM_2D;
   tex->dest_type = nir_type_float32;
   tex->coord_components = 2;
   tex->texture_index = unit;
   tex->sampler_index = unit;
   tex->src[0].src_type = nir_tex_src_coord;
   tex->src[0].src = nir_src_for_ssa(coord);
   if (extra) {
      tex->src[1].src_type = extra_type;
      tex->src[1].src = nir_src_for_ssa(extra);
   }
   nir_ssa_dest_init(&tex->instr, &tex->dest, 4, 32, NULL);
   nir_builder_instr_insert(b, &tex->instr);
   return &tex->dest.ssa;
}

/* A fake texture: (s, t, 0, unit + lod) of the (projected) lookup, so a
 * test sees which unit, coordinates and bias a lookup used. */
static void
fake_tex(void *data, const struct nvsim_tex_request *req, float result[4][4])
{
   (void)data;
   for (unsigned f = 0; f < 4; f++) {
      if (!(req->mask & (1u << f)))
         continue;
      result[f][0] = req->coord[f][0];
      result[f][1] = req->coord[f][1];
      result[f][2] = 0.0f;
      result[f][3] = (float)req->unit + req->lod[f];
   }
}

/* The texture lookups of run(): fake_tex unless a test sets another. */
static nvsim_tex_fn run_tex;

/* Inputs by varying slot. */
struct fp_inputs {
   float col0[4], col1[4], fogc[4], pos[4];
   float tc[8][4];
};

struct fp_result {
   float color[4];
   float depth;
   bool killed;
};

static bool
has_op(const struct nvc_fp_binary *bin, unsigned op)
{
   for (unsigned w = 0; w + 4 <= bin->num_words;) {
      struct nvisa_nv40_fp_insn insn;
      if (nvisa_nv30_fp_decode(&bin->insns[w], &insn) != 0)
         return false;
      if (insn.op == op)
         return true;
      w += nvisa_nv40_fp_has_const(&insn) ? 8 : 4;
   }
   return false;
}

/* Compiles s for NV30 (freeing it) with key (NULL: none), keeps the
 * binary in *bin. */
static bool
compile_key(nir_shader *s, const struct nvc_fp_key *key,
            struct nvc_fp_binary *bin, const char *what)
{
   return nvc_test_compile_fs(s, key, bin, what);
}

static bool
compile(nir_shader *s, struct nvc_fp_binary *bin, const char *what)
{
   return compile_key(s, NULL, bin, what);
}

/* Runs bin on nvsim's rankine interpreter, all four fragments of the
 * quad with the same inputs (derivatives 0), fragment 0 covered. */
static bool
run(const struct nvc_fp_binary *bin, const struct fp_inputs *in,
    const float *uniform_dwords, unsigned num_dwords, struct fp_result *r,
    const char *what)
{
   uint32_t *words = malloc(bin->num_words * sizeof(uint32_t));
   memcpy(words, bin->insns, bin->num_words * sizeof(uint32_t));
   for (unsigned i = 0; i < bin->num_patches; i++) {
      bool fits = bin->patches[i].word < bin->num_words &&
                  bin->patches[i].uniform_dword < num_dwords;
      CHECK(fits, "%s: patch %u", what, i);
      if (fits)
         memcpy(&words[bin->patches[i].word],
                &uniform_dwords[bin->patches[i].uniform_dword], 4);
   }

   struct nvsim_nv40_fp_prog prog = { 0 };
   char msg[160];
   if (nvsim_nv30_fp_prepare(&prog, words, bin->num_words, msg,
                             sizeof(msg)) != 0) {
      CHECK(false, "%s: nvsim refuses the program: %s", what, msg);
      free(words);
      return false;
   }
   struct nvsim_nv40_fp_quad q;
   memset(&q, 0, sizeof(q));
   for (unsigned f = 0; f < 4; f++) {
      memcpy(q.in[f][NVISA_NV30_FP_INPUT_POS], in->pos, 16);
      memcpy(q.in[f][NVISA_NV30_FP_INPUT_COL0], in->col0, 16);
      memcpy(q.in[f][NVISA_NV30_FP_INPUT_COL1], in->col1, 16);
      memcpy(q.in[f][NVISA_NV30_FP_INPUT_FOGC], in->fogc, 16);
      for (unsigned n = 0; n < 8; n++)
         memcpy(q.in[f][NVISA_NV30_FP_INPUT_TC0 + n], in->tc[n], 16);
   }
   q.mask = 1;
   struct nvsim_nv40_fp_env env = { .tex = run_tex ? run_tex : fake_tex };
   int e = nvsim_nv40_fp_run_quad(&prog, &q, &env);
   nvsim_nv40_fp_fini(&prog);
   free(words);
   CHECK(e == 0, "%s: nvsim: %s", what, nvsim_nv40_shader_strerror(e));
   if (e)
      return false;
   memcpy(r->color, q.color[0][0], 16);
   r->depth = q.depth[0];
   r->killed = !(q.mask & 1);
   return true;
}

/* Compiles and runs; the colour checked against (x, y, z, w). */
static void
check_color(nir_shader *s, const struct fp_inputs *in, float x, float y,
            float z, float w, float tol, const char *what)
{
   struct nvc_fp_binary bin;
   struct fp_result r;
   if (!compile(s, &bin, what))
      return;
   if (run(&bin, in, NULL, 0, &r, what)) {
      CHECK(!r.killed, "%s: killed", what);
      CHECK_VEC4_AS(what, r.color, x, y, z, w, tol);
   }
   nvc_fp_binary_free(&bin);
}

/* The texture parameter dwords of the NPOT tests (NVC_FP_TEX_PARAM_*) */
#define NPOT_NUM_DWORDS \
   (NVC_FP_TEX_PARAM_DWORD0 + NVC_MAX_TEX_UNITS * NVC_FP_TEX_PARAMS * 4)

/* Runs bin (freeing it) with those dwords (NULL: none), lookups by tex
 * (NULL: fake_tex); the colour checked against (x, y, z, w). */
static void
run_check(struct nvc_fp_binary *bin, const struct fp_inputs *in,
          const float *dwords, nvsim_tex_fn tex, float x, float y, float z,
          float w, float tol, const char *what)
{
   struct fp_result r;
   run_tex = tex;
   if (run(bin, in, dwords, dwords ? NPOT_NUM_DWORDS : 0, &r, what))
      CHECK_VEC4_AS(what, r.color, x, y, z, w, tol);
   run_tex = NULL;
   nvc_fp_binary_free(bin);
}

/* a = tc0, b = tc1, c = tc2 in most tests */
static const struct fp_inputs std_in = {
   .col0 = { 0.25f, 0.5f, 0.75f, 1.0f },
   .col1 = { 0.125f, 0.375f, 0.625f, 0.875f },
   .fogc = { 0.3125f, 0, 0, 1 },
   .pos = { 12.5f, 7.5f, 0.25f, 1.0f },
   .tc = {
      { 1.5f, -2.25f, 3.75f, -1.25f },
      { 2.0f, -3.0f, 4.0f, 0.5f },
      { 4.0f, 3.0f, 8.0f, 0.0f },
      { 2049.0f, 0.0f, 0.0f, 0.0f },
      { 0 }, { 0 }, { 0 },
      { 5.0f, 6.5f, 7.0f, 8.0f },
   },
};

/* ------------------------------------------------------------------ */

/* ADD MUL MIN MAX; comparisons (booleans as 0/1); FLR FRC. */
static void
test_alu(void)
{
   nir_builder b = nvc_test_fs_builder("alu");
   nir_ssa_def *a = load_in(&b, VARYING_SLOT_TEX0, 0);
   nir_ssa_def *c = load_in(&b, VARYING_SLOT_TEX1, 1);
   store_color(&b, nir_vec4(&b,
      nir_fadd(&b, nir_channel(&b, a, 0), nir_channel(&b, c, 0)),
      nir_fmul(&b, nir_channel(&b, a, 1), nir_channel(&b, c, 1)),
      nir_fmin(&b, nir_channel(&b, a, 2), nir_channel(&b, c, 2)),
      nir_fmax(&b, nir_channel(&b, a, 3), nir_channel(&b, c, 3))));
   /* 1.5 + 2, -2.25 * -3, min(3.75, 4), max(-1.25, 0.5) */
   check_color(b.shader, &std_in, 3.5f, 6.75f, 3.75f, 0.5f, 1e-3f, "alu");

   b = nvc_test_fs_builder("compare");
   a = load_in(&b, VARYING_SLOT_TEX0, 0);
   c = load_in(&b, VARYING_SLOT_TEX1, 1);
   store_color(&b, nir_vec4(&b,
      nir_b2f32(&b, nir_flt(&b, nir_channel(&b, a, 0), nir_channel(&b, c, 0))),
      nir_b2f32(&b, nir_flt(&b, nir_channel(&b, a, 1), nir_channel(&b, c, 1))),
      nir_b2f32(&b, nir_feq(&b, nir_channel(&b, a, 2),
                            nir_imm_float(&b, 3.75f))),
      nir_b2f32(&b, nir_fneu(&b, nir_channel(&b, a, 3),
                             nir_imm_float(&b, -1.25f)))));
   /* 1.5 < 2, -2.25 < -3 (no), 3.75 == 3.75, -1.25 != -1.25 (no) */
   check_color(b.shader, &std_in, 1, 0, 1, 0, 1e-3f, "compare");

   b = nvc_test_fs_builder("floor");
   a = load_in(&b, VARYING_SLOT_TEX0, 0);
   store_color(&b, nir_vec4(&b,
      nir_ffract(&b, nir_channel(&b, a, 0)),
      nir_ffloor(&b, nir_channel(&b, a, 1)),
      nir_ffloor(&b, nir_channel(&b, a, 2)),
      nir_ffract(&b, nir_channel(&b, a, 3))));
   /* FRC x - floor(x): 0.5, floor -3, 3, -1.25 - (-2) = 0.75 */
   check_color(b.shader, &std_in, 0.5f, -3, 3, 0.75f, 1e-3f, "floor/fract");
}

/* MAD, DP3, DP4, LRP and POW; LRP and POW are rankine opcodes
 * (NV_fragment_program) and must be used, not NIR's expansions. */
static void
test_mad_dp_lrp_pow(void)
{
   nir_builder b = nvc_test_fs_builder("mad-dp");
   nir_ssa_def *a = load_in(&b, VARYING_SLOT_TEX0, 0);
   nir_ssa_def *c = load_in(&b, VARYING_SLOT_TEX1, 1);
   nir_ssa_def *d = load_in(&b, VARYING_SLOT_TEX2, 2);
   store_color(&b, nir_vec4(&b,
      nir_ffma(&b, nir_channel(&b, a, 0), nir_channel(&b, c, 0),
               nir_channel(&b, d, 0)),
      nir_fdot3(&b, nir_channels(&b, a, 7), nir_channels(&b, c, 7)),
      nir_fdot4(&b, a, c),
      nir_fmul(&b, nir_channel(&b, d, 1), nir_channel(&b, d, 2))));
   /* 1.5 * 2 + 4; 3 + 6.75 + 15; 24.75 - 0.625; 3 * 8 */
   check_color(b.shader, &std_in, 7, 24.75f, 24.125f, 24, 1e-3f, "mad/dp");

   b = nvc_test_fs_builder("lrp-pow");
   a = load_in(&b, VARYING_SLOT_TEX0, 0);
   c = load_in(&b, VARYING_SLOT_TEX1, 1);
   d = load_in(&b, VARYING_SLOT_TEX2, 2);
   nir_ssa_def *col = load_in(&b, VARYING_SLOT_COL0, 3);
   /* mix(x, y, t) = x * (1 - t) + y * t, pow(x, y) */
   store_color(&b, nir_vec4(&b,
      nir_flrp(&b, nir_channel(&b, c, 0), nir_channel(&b, d, 2),
               nir_channel(&b, col, 0)),
      nir_flrp(&b, nir_channel(&b, a, 2), nir_channel(&b, c, 1),
               nir_channel(&b, col, 1)),
      nir_fpow(&b, nir_channel(&b, c, 0), nir_channel(&b, d, 1)),
      nir_fpow(&b, nir_channel(&b, d, 0), nir_channel(&b, c, 3))));
   struct nvc_fp_binary bin;
   if (compile(b.shader, &bin, "lrp/pow")) {
      CHECK(has_op(&bin, NVISA_NV30_FP_OP_LRP), "lrp/pow: no LRP");
      CHECK(has_op(&bin, NVISA_NV30_FP_OP_POW), "lrp/pow: no POW");
      /* mix(2, 8, 0.25) = 3.5; mix(3.75, -3, 0.5) = 0.375;
       * pow(2, 3) = 8; pow(4, 0.5) = 2 */
      run_check(&bin, &std_in, NULL, NULL, 3.5f, 0.375f, 8, 2, 1e-3f,
                "lrp/pow");
   }
}

/* The scalar ops: RCP, RSQ (rankine has it), EX2, LG2, SIN, COS, and
 * sqrt as RCP(RSQ). */
static void
test_scalar(void)
{
   nir_builder b = nvc_test_fs_builder("scalar");
   nir_ssa_def *d = load_in(&b, VARYING_SLOT_TEX2, 0);
   store_color(&b, nir_vec4(&b,
      nir_frcp(&b, nir_channel(&b, d, 0)),
      nir_frsq(&b, nir_channel(&b, d, 0)),
      nir_fexp2(&b, nir_channel(&b, d, 1)),
      nir_flog2(&b, nir_channel(&b, d, 2))));
   struct nvc_fp_binary bin;
   if (compile(b.shader, &bin, "scalar")) {
      CHECK(has_op(&bin, NVISA_NV30_FP_OP_RSQ), "scalar: no RSQ");
      /* 1/4, 1/sqrt(4), 2^3, log2(8) */
      run_check(&bin, &std_in, NULL, NULL, 0.25f, 0.5f, 8, 3, 1e-3f, "scalar");
   }

   b = nvc_test_fs_builder("trig");
   d = load_in(&b, VARYING_SLOT_TEX2, 0);
   store_color(&b, nir_vec4(&b,
      nir_fsin(&b, nir_channel(&b, d, 3)),
      nir_fcos(&b, nir_channel(&b, d, 3)),
      nir_fsqrt(&b, nir_channel(&b, d, 0)),
      nir_fcos(&b, nir_fmul_imm(&b, nir_channel(&b, d, 1),
                                (float)M_PI / 3.0f))));
   /* sin 0, cos 0, sqrt 4, cos(3 * pi / 3) = -1 */
   check_color(b.shader, &std_in, 0, 1, 2, -1, 1e-3f, "trig/sqrt");
}

/* TEX, TXP (texture2DProj: coordinates divided by q), TXB (bias), on the
 * units named. */
static void
test_texture(void)
{
   nir_builder b = nvc_test_fs_builder("tex");
   nir_ssa_def *t = load_in(&b, VARYING_SLOT_TEX7, 0);
   store_color(&b, build_tex(&b, nir_texop_tex, 3, nir_channels(&b, t, 3),
                             0, NULL));
   struct nvc_fp_binary bin;
   if (compile(b.shader, &bin, "TEX")) {
      CHECK(bin.samplers_used == 1u << 3, "TEX: samplers 0x%x",
            bin.samplers_used);
      CHECK(has_op(&bin, NVISA_NV30_FP_OP_TEX), "TEX: no TEX");
      /* the texel of (5, 6.5) on unit 3 */
      run_check(&bin, &std_in, NULL, NULL, 5, 6.5f, 0, 3, 1e-3f, "TEX");
   }

   b = nvc_test_fs_builder("txp");
   t = load_in(&b, VARYING_SLOT_TEX2, 0);
   store_color(&b, build_tex(&b, nir_texop_tex, 1, nir_channels(&b, t, 3),
                             nir_tex_src_projector, nir_channel(&b, t, 1)));
   if (compile(b.shader, &bin, "TXP")) {
      CHECK(has_op(&bin, NVISA_NV30_FP_OP_TXP), "TXP: no TXP");
      /* (4, 3) / 3 on unit 1 */
      run_check(&bin, &std_in, NULL, NULL, 4.0f / 3.0f, 1, 0, 1, 1e-3f, "TXP");
   }

   b = nvc_test_fs_builder("txb");
   t = load_in(&b, VARYING_SLOT_TEX1, 0);
   store_color(&b, build_tex(&b, nir_texop_txb, 2, nir_channels(&b, t, 3),
                             nir_tex_src_bias, nir_channel(&b, t, 3)));
   if (compile(b.shader, &bin, "TXB")) {
      CHECK(has_op(&bin, NVISA_NV30_FP_OP_TXB), "TXB: no TXB");
      /* (2, -3) on unit 2 with bias 0.5 */
      run_check(&bin, &std_in, NULL, NULL, 2, -3, 0, 2.5f, 1e-3f, "TXB");
   }
}

/* if (col0.x < tc0.x) discard; colour = col0 */
static void
test_kil(void)
{
   nir_builder b = nvc_test_fs_builder("kil");
   nir_ssa_def *c = load_in(&b, VARYING_SLOT_COL0, 0);
   nir_ssa_def *t = load_in(&b, VARYING_SLOT_TEX0, 1);
   nir_push_if(&b, nir_flt(&b, nir_channel(&b, c, 0), nir_channel(&b, t, 0)));
   nir_discard(&b);
   nir_pop_if(&b, NULL);
   store_color(&b, c);
   struct nvc_fp_binary bin;
   struct fp_result r;
   if (!compile(b.shader, &bin, "KIL"))
      return;
   CHECK(bin.uses_kil && (bin.fp_control & NV30_3D_FP_CONTROL_USES_KIL),
         "KIL: uses_kil %d fp_control 0x%x", bin.uses_kil, bin.fp_control);
   struct fp_inputs in = std_in;
   in.tc[0][0] = 0.5f;   /* 0.25 < 0.5: killed */
   if (run(&bin, &in, NULL, 0, &r, "KIL taken"))
      CHECK(r.killed, "KIL: 0.25 < 0.5 not killed");
   in.tc[0][0] = 0.125f; /* 0.25 >= 0.125: kept */
   if (run(&bin, &in, NULL, 0, &r, "KIL not taken")) {
      CHECK(!r.killed, "KIL: 0.25 >= 0.125 killed");
      CHECK_VEC4_AS("KIL not taken", r.color, 0.25f, 0.5f, 0.75f, 1, 1e-3f);
   }
   nvc_fp_binary_free(&bin);
}

/* Each input register: colours, fog, texcoord 7, gl_FragCoord; read
 * from rankine's numbering (nv30_fp.xml INPUT). */
static void
test_inputs(void)
{
   nir_builder b = nvc_test_fs_builder("inputs");
   nir_ssa_def *c0 = load_in(&b, VARYING_SLOT_COL0, 0);
   nir_ssa_def *c1 = load_in(&b, VARYING_SLOT_COL1, 1);
   nir_ssa_def *fog = load_in(&b, VARYING_SLOT_FOGC, 2);
   nir_ssa_def *t7 = load_in(&b, VARYING_SLOT_TEX7, 3);
   nir_ssa_def *pos = nir_load_frag_coord(&b);
   store_color(&b, nir_vec4(&b,
      nir_fadd(&b, nir_channel(&b, c0, 1), nir_channel(&b, c1, 3)),
      nir_channel(&b, fog, 0),
      nir_channel(&b, t7, 1),
      nir_fadd(&b, nir_channel(&b, pos, 0), nir_channel(&b, pos, 1))));
   struct nvc_fp_binary bin;
   if (!compile(b.shader, &bin, "inputs"))
      return;
   uint32_t want = 1u << NVISA_NV30_FP_INPUT_COL0 |
                   1u << NVISA_NV30_FP_INPUT_COL1 |
                   1u << NVISA_NV30_FP_INPUT_FOGC |
                   1u << NVISA_NV30_FP_INPUT_TC7 |
                   1u << NVISA_NV30_FP_INPUT_POS;
   CHECK(bin.inputs_read == want, "inputs: read 0x%x, want 0x%x",
         bin.inputs_read, want);
   CHECK(bin.texcoords_used == 1u << 7, "inputs: texcoords 0x%x",
         bin.texcoords_used);
   CHECK(bin.vp_result_en == 0, "inputs: VP_RESULT_EN bits 0x%x on rankine, "
         "which has no such register", bin.vp_result_en);
   /* 0.5 + 0.875, fog 0.3125, tc7.y 6.5, x + y of the centre 12.5 + 7.5 */
   run_check(&bin, &std_in, NULL, NULL, 1.375f, 0.3125f, 6.5f, 20, 1e-3f,
             "inputs");
}

/* result.depth (R1.z) and the colour; FP_CONTROL's rankine fields; a
 * second render target does not exist on rankine. */
static void
test_outputs(void)
{
   nir_builder b = nvc_test_fs_builder("depth");
   nir_ssa_def *c = load_in(&b, VARYING_SLOT_COL0, 0);
   store_color(&b, nir_fmul_imm(&b, c, 2));
   nir_store_var(&b,
                 nvc_test_var(b.shader, nir_var_shader_out, glsl_float_type(),
                              FRAG_RESULT_DEPTH, 1, "depth"),
                 nir_channel(&b, c, 2), 0x1);
   struct nvc_fp_binary bin;
   struct fp_result r;
   if (compile(b.shader, &bin, "depth")) {
      CHECK(bin.writes_depth, "depth: writes_depth");
      CHECK((bin.fp_control & NV30_3D_FP_CONTROL_DEPTH_REPLACE) ==
            NV30_3D_FP_CONTROL_DEPTH_REPLACE, "depth: fp_control 0x%x",
            bin.fp_control);
      CHECK(!(bin.fp_control & NV30_3D_FP_CONTROL_USES_KIL),
            "depth: fp_control 0x%x", bin.fp_control);
      if (run(&bin, &std_in, NULL, 0, &r, "depth")) {
         CHECK(nvc_test_near(r.depth, 0.75f, 1e-6f), "depth: %g", r.depth);
         CHECK_VEC4_AS("depth colour", r.color, 0.5f, 1, 1.5f, 2, 1e-3f);
      }
      nvc_fp_binary_free(&bin);
   }

   /* USED_REGS_MINUS1_DIV2 = (registers - 1) / 2 (hwdb, rankine) */
   b = nvc_test_fs_builder("regs");
   store_color(&b, load_in(&b, VARYING_SLOT_COL1, 0));
   if (compile(b.shader, &bin, "regs")) {
      CHECK(bin.num_temps >= 2, "regs: %u", bin.num_temps);
      CHECK(bin.fp_control ==
            NV30_3D_FP_CONTROL_USED_REGS_MINUS1_DIV2((bin.num_temps - 1) / 2),
            "regs: fp_control 0x%x for %u registers", bin.fp_control,
            bin.num_temps);
      CHECK(!(bin.fp_control & NV40_3D_FP_CONTROL_TEMP_COUNT__MASK),
            "regs: curie's TEMP_COUNT in 0x%x", bin.fp_control);
      run_check(&bin, &std_in, NULL, NULL, 0.125f, 0.375f, 0.625f, 0.875f,
                1e-3f, "regs");
   }

   b = nvc_test_fs_builder("mrt");
   nir_store_var(&b, nvc_test_out_vec4(b.shader, FRAG_RESULT_DATA1, 0, "data1"),
                 load_in(&b, VARYING_SLOT_COL0, 0), 0xf);
   char *err = NULL;
   bool ok = nvc_compile_fs(&nv30, b.shader, &bin, &err);
   CHECK(!ok && err && strstr(err, "NV30") && strstr(err, "render target"),
         "mrt: %s", err ? err : "(compiled)");
   if (ok)
      nvc_fp_binary_free(&bin);
   free(err);
   ralloc_free(b.shader);
}

/* clamp() to [0, 1] as the saturating destination; the colour result is
 * H0, a half-precision register (NV_fragment_program: s10e5), so 2049
 * reads back as 2048 (round to nearest even) and 1/3 as 0x3555. */
static void
test_saturate_precision(void)
{
   nir_builder b = nvc_test_fs_builder("sat");
   nir_ssa_def *a = load_in(&b, VARYING_SLOT_TEX0, 0);
   store_color(&b, nir_fsat(&b, nir_fmul_imm(&b, a, 0.5f)));
   /* (0.75, -1.125, 1.875, -0.625) clamped */
   check_color(b.shader, &std_in, 0.75f, 0, 1, 0, 1e-6f, "saturate");

   b = nvc_test_fs_builder("half");
   nir_ssa_def *t3 = load_in(&b, VARYING_SLOT_TEX3, 0);
   nir_ssa_def *d = load_in(&b, VARYING_SLOT_TEX2, 1);
   store_color(&b, nir_vec4(&b, nir_channel(&b, t3, 0),
                            nir_frcp(&b, nir_channel(&b, d, 1)),
                            nir_fadd_imm(&b, nir_channel(&b, t3, 0), 1.0f),
                            nir_imm_float(&b, 1)));
   /* 2049 -> 2048; 1/3 -> 1365/4096 (0x3555); 2050 exactly */
   check_color(b.shader, &std_in, 2048, 1365.0f / 4096.0f, 2050, 1, 0,
               "half-precision colour");
}

/* An if NIR flattens (peephole select) into a conditional move: no
 * branch on rankine, both paths right. */
static void
test_flattened_if(void)
{
   nir_builder b = nvc_test_fs_builder("if");
   nir_ssa_def *a = load_in(&b, VARYING_SLOT_TEX0, 0);
   nir_ssa_def *c = load_in(&b, VARYING_SLOT_COL0, 1);
   nir_variable *o = nir_local_variable_create(b.impl, glsl_vec4_type(), "o");
   nir_push_if(&b, nir_flt(&b, nir_imm_float(&b, 1.0f), nir_channel(&b, a, 0)));
   nir_store_var(&b, o, nir_fmul(&b, c, a), 0xf);
   nir_push_else(&b, NULL);
   nir_store_var(&b, o, nir_fadd_imm(&b, c, 1.0f), 0xf);
   nir_pop_if(&b, NULL);
   store_color(&b, nir_load_var(&b, o));
   struct nvc_fp_binary bin;
   struct fp_result r;
   if (!compile(b.shader, &bin, "if"))
      return;
   struct fp_inputs in = std_in;
   /* 1 < 1.5: col0 * tc0 */
   if (run(&bin, &in, NULL, 0, &r, "if taken"))
      CHECK_VEC4_AS("if taken", r.color, 0.375f, -1.125f, 2.8125f, -1.25f,
                    1e-3f);
   in.tc[0][0] = 0.5f;   /* 1 < 0.5 no: col0 + 1 */
   run_check(&bin, &in, NULL, NULL, 1.25f, 1.5f, 1.75f, 2, 1e-3f,
             "if not taken");
}

/* for (i = 0; i < 4; i++) acc = acc * 2 + col0: unrolled, 15 * col0. */
static void
test_unrolled_loop(void)
{
   nir_builder b = nvc_test_fs_builder("loop");
   nir_ssa_def *c = load_in(&b, VARYING_SLOT_COL0, 0);
   nir_variable *acc = nir_local_variable_create(b.impl, glsl_vec4_type(),
                                                 "acc");
   nir_variable *i = nir_local_variable_create(b.impl, glsl_float_type(), "i");
   nir_store_var(&b, acc, nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
   nir_store_var(&b, i, nir_imm_float(&b, 0), 0x1);
   nir_push_loop(&b);
   {
      nir_push_if(&b, nir_fge(&b, nir_load_var(&b, i), nir_imm_float(&b, 4)));
      nir_jump(&b, nir_jump_break);
      nir_pop_if(&b, NULL);
      nir_store_var(&b, acc, nir_ffma(&b, nir_load_var(&b, acc),
                                      nir_imm_float(&b, 2), c), 0xf);
      nir_store_var(&b, i, nir_fadd_imm(&b, nir_load_var(&b, i), 1), 0x1);
   }
   nir_pop_loop(&b, NULL);
   store_color(&b, nir_load_var(&b, acc));
   check_color(b.shader, &std_in, 3.75f, 7.5f, 11.25f, 15, 1e-3f,
               "unrolled loop");
}

/* acc = acc * tc0.x + col0.x, n times: n - 1 MADs (the first folds to
 * col0.x) and the move to the colour. */
static nir_shader *
mad_chain(unsigned n)
{
   nir_builder b = nvc_test_fs_builder("chain");
   nir_ssa_def *t = nir_channel(&b, load_in(&b, VARYING_SLOT_TEX0, 0), 0);
   nir_ssa_def *c = nir_channel(&b, load_in(&b, VARYING_SLOT_COL0, 1), 0);
   nir_ssa_def *acc = nir_imm_float(&b, 0);
   for (unsigned i = 0; i < n; i++)
      acc = nir_ffma(&b, acc, t, c);
   store_color(&b, nir_vec4(&b, acc, acc, acc, acc));
   return b.shader;
}

/* NV_fragment_program's program length: rankine runs 1024 instructions
 * (chips.xml fp-slots; a longer program fails to load, NV_fragment_program
 * section 3.11.3, which nvsim enforces too); a longer one is refused. */
static void
test_length(void)
{
   struct nvc_fp_binary bin;
   struct fp_inputs in = std_in;
   in.tc[0][0] = 1.0f;
   in.col0[0] = 1.0f / 512.0f;
   if (compile(mad_chain(1000), &bin, "1000 MADs")) {
      CHECK(bin.num_insns <= 1024, "1000 MADs: %u instructions",
            bin.num_insns);
      /* 1000 / 512, exact in fp16 (1 + 61/64) */
      run_check(&bin, &in, NULL, NULL, 1.953125f, 1.953125f, 1.953125f,
                1.953125f, 0, "1000 MADs");
   }
   char *err = NULL;
   nir_shader *s = mad_chain(1100);
   bool ok = nvc_compile_fs(&nv30, s, &bin, &err);
   CHECK(!ok && err && strstr(err, "NV30") && strstr(err, "1024"),
         "1100 MADs: %s", err ? err : "(compiled)");
   if (ok)
      nvc_fp_binary_free(&bin);
   free(err);
   ralloc_free(s);
}

/* What rankine cannot do: refused, the chip and the reason named. */
static void
check_refused(nir_shader *s, const char *want, const char *what)
{
   struct nvc_fp_binary bin;
   char *err = NULL;
   bool ok = nvc_compile_fs(&nv30, s, &bin, &err);
   CHECK(!ok && err && strstr(err, "NV30") && strstr(err, want),
         "%s: %s", what, err ? err : "(compiled)");
   if (ok)
      nvc_fp_binary_free(&bin);
   free(err);
   ralloc_free(s);
}

static void
test_refused(void)
{
   /* gl_FrontFacing comes through COL1: the secondary colour cannot
    * come too */
   nir_builder b = nvc_test_fs_builder("facing-col1");
   store_color(&b, nir_fadd(&b, load_in(&b, VARYING_SLOT_COL1, 0),
                            nir_b2f32(&b, nir_load_front_face(&b, 1))));
   check_refused(b.shader, "secondary colour", "gl_FrontFacing with COL1");

   b = nvc_test_fs_builder("txl");
   nir_ssa_def *t = load_in(&b, VARYING_SLOT_TEX0, 0);
   store_color(&b, build_tex(&b, nir_texop_txl, 0, nir_channels(&b, t, 3),
                             nir_tex_src_lod, nir_channel(&b, t, 3)));
   check_refused(b.shader, "TXL", "TXL");

   /* acc += 0.125 until acc.x >= col0.x: the trip count comes from an
    * input, so NIR cannot unroll it and rankine cannot branch. */
   b = nvc_test_fs_builder("data-loop");
   nir_ssa_def *c = load_in(&b, VARYING_SLOT_COL0, 0);
   nir_variable *acc = nir_local_variable_create(b.impl, glsl_vec4_type(),
                                                 "acc");
   nir_store_var(&b, acc, nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
   nir_push_loop(&b);
   {
      nir_ssa_def *v = nir_fadd_imm(&b, nir_load_var(&b, acc), 0.125f);
      nir_store_var(&b, acc, v, 0xf);
      nir_push_if(&b, nir_fge(&b, nir_channel(&b, v, 0), nir_channel(&b, c, 0)));
      nir_jump(&b, nir_jump_break);
      nir_pop_if(&b, NULL);
   }
   nir_pop_loop(&b, NULL);
   store_color(&b, nir_load_var(&b, acc));
   check_refused(b.shader, "cannot branch", "loop NIR cannot unroll");
}

/* gl_FrontFacing on rankine, which has no facing input (nv30_fp.xml):
 * read from COL1, which the VP makes 1 on front faces and two-sided
 * colour selection 0 on back ones (nvc_vp_key::facing_in_col1), as
 * front = COL1.x > 0.5.  GLSL: gl_FrontFacing is true on front faces; as
 * a bool input (st/mesa) it is 1.0/0.0 after nir_lower_bool_to_float; a
 * float FACE input (TGSI) is positive on front faces, negative on back
 * ones. */
static void
test_facing(void)
{
   static const struct { const char *what; float col1; float want; } face[] = {
      { "front", 1.0f, 1.0f }, { "back", 0.0f, 0.0f },
   };
   for (unsigned kind = 0; kind < 3; kind++) {
      nir_builder b = nvc_test_fs_builder("facing");
      nir_ssa_def *f;
      if (kind == 0) {
         f = nir_b2f32(&b, nir_load_front_face(&b, 1));
      } else if (kind == 1) {
         nir_variable *v = nvc_test_var(b.shader, nir_var_shader_in,
                                        glsl_bool_type(), VARYING_SLOT_FACE,
                                        0, "gl_FrontFacing");
         f = nir_b2f32(&b, nir_load_var(&b, v));
      } else {
         f = nir_channel(&b, load_in(&b, VARYING_SLOT_FACE, 0), 0);
      }
      store_color(&b, nir_vec4(&b, f, nir_imm_float(&b, 0.5f),
                               nir_channel(&b, load_in(&b, VARYING_SLOT_COL0,
                                                       1), 2),
                               nir_imm_float(&b, 1)));
      struct nvc_fp_binary bin;
      if (!compile(b.shader, &bin, "facing"))
         continue;
      CHECK(bin.facing_in_col1, "facing %u: facing_in_col1 not set", kind);
      CHECK(bin.inputs_read & (1u << NVISA_NV30_FP_INPUT_COL1),
            "facing %u: COL1 not read (inputs 0x%x)", kind, bin.inputs_read);
      for (unsigned i = 0; i < ARRAY_SIZE(face); i++) {
         struct fp_inputs in = std_in;
         for (unsigned c = 0; c < 4; c++)
            in.col1[c] = face[i].col1;
         struct fp_result r;
         if (!run(&bin, &in, NULL, 0, &r, face[i].what))
            continue;
         /* TGSI's FACE: +1 / -1 */
         float want = kind == 2 ? face[i].want * 2 - 1 : face[i].want;
         CHECK_VEC4_AS(face[i].what, r.color, want, 0.5f, 0.75f, 1, 0);
      }
      nvc_fp_binary_free(&bin);
   }
}

/* ---------------------------------------- NPOT textures (emulated) */

/* A 3x2 image as rankine's unit reads it through a *_RECT format with
 * NEAREST filtering (NV_texture_rectangle: unnormalized coordinates, the
 * texel at (floor(x), floor(y))), under the wrap modes the driver gives
 * an emulated unit (nvc_tex_npot_hw_wrap): CLAMP_TO_EDGE clamps to the
 * edge texel, CLAMP_TO_BORDER reads the border colour (0, 0, 0, 0)
 * outside.  Texel (i, j) = (a[i], b[j], a[i] * b[j], 1): values no blend
 * of other texels gives. */
static const float npot_a[3] = { 1, 2, 4 }, npot_b[2] = { 1, 8 };
static unsigned npot_hw_wrap[2];
static unsigned npot_taps;

static void
npot_rect_tex(void *data, const struct nvsim_tex_request *req,
              float result[4][4])
{
   (void)data;
   const int n[2] = { 3, 2 };
   npot_taps++;
   for (unsigned f = 0; f < 4; f++) {
      if (!(req->mask & (1u << f)))
         continue;
      int idx[2];
      bool border = req->op != NVISA_NV30_FP_OP_TEX; /* taps are TEX */
      for (unsigned a = 0; a < 2; a++) {
         idx[a] = (int)floorf(req->coord[f][a]);
         if (npot_hw_wrap[a] == PIPE_TEX_WRAP_CLAMP_TO_EDGE)
            idx[a] = idx[a] < 0 ? 0 : idx[a] >= n[a] ? n[a] - 1 : idx[a];
         else if (idx[a] < 0 || idx[a] >= n[a])
            border = true;
      }
      if (border) {
         memset(result[f], 0, 16);
         continue;
      }
      result[f][0] = npot_a[idx[0]];
      result[f][1] = npot_b[idx[1]];
      result[f][2] = npot_a[idx[0]] * npot_b[idx[1]];
      result[f][3] = 1.0f;
   }
}

/* texture2D(unit 2, tc0.xy) (texture2DProj(unit 2, tc0.xyw) with proj)
 * of the 3x2 image, unit 2 emulated as key says, with lod parameters
 * (bias, min_lod, max_lod); the colour against (x, y, z, w) worked out
 * from GL 2.1 sections 3.8.7 and 3.8.8. */
static void
check_npot(struct nvc_fp_tex_key k, float s, float t, bool proj,
           const float lod[3], float x, float y, float z, float w,
           const char *what)
{
   nir_builder b = nvc_test_fs_builder("npot");
   nir_ssa_def *tc = load_in(&b, VARYING_SLOT_TEX0, 0);
   nir_ssa_def *r = proj ?
      build_tex(&b, nir_texop_tex, 2, nir_channels(&b, tc, 0x3),
                nir_tex_src_projector, nir_channel(&b, tc, 3)) :
      build_tex(&b, nir_texop_tex, 2, nir_channels(&b, tc, 0x3), 0, NULL);
   store_color(&b, r);

   struct nvc_fp_key key;
   memset(&key, 0, sizeof(key));
   key.tex[2] = k;
   struct nvc_fp_binary bin;
   if (!compile_key(b.shader, &key, &bin, what))
      return;

   static float dwords[NPOT_NUM_DWORDS];
   float *size = &dwords[NVC_FP_TEX_PARAM_SLOT(2, NVC_FP_TEX_PARAM_SIZE) * 4];
   float *lods = &dwords[NVC_FP_TEX_PARAM_SLOT(2, NVC_FP_TEX_PARAM_LOD) * 4];
   size[0] = 3.0f, size[1] = 2.0f, size[2] = 1.0f / 3.0f, size[3] = 0.5f;
   memcpy(lods, lod, 3 * sizeof(float));
   for (unsigned a = 0; a < 2; a++)
      npot_hw_wrap[a] = nvc_tex_npot_hw_wrap(&k, a ? k.wrap_t : k.wrap_s);
   CHECK(!nvc_tex_npot_hw_linear(&k, true), "%s: the unit filters", what);

   struct fp_inputs in = std_in;
   float q = proj ? 2.0f : 1.0f;
   in.tc[0][0] = s * q, in.tc[0][1] = t * q, in.tc[0][3] = q;
   npot_taps = 0;
   run_check(&bin, &in, dwords, npot_rect_tex, x, y, z, w, 1e-5f, what);
}

#define NPOT_KEY(ws, wt, min, mag) \
   ((struct nvc_fp_tex_key){ NVC_TEX_NPOT_FILTER, PIPE_TEX_WRAP_##ws, \
                             PIPE_TEX_WRAP_##wt, min, mag })

/* The wrap modes and filters done in the shader on a 3x2 image (w = 3,
 * h = 2; u = s * 3, v = t * 2), each value by hand (GL 2.1 3.8.7/3.8.8). */
static void
test_npot_filter(void)
{
   static const float lod0[3] = { 0, -1000, 1000 };
   /* NEAREST REPEAT: u = -0.3 -> i = -1 -> 2; v = 2.6 -> j = 2 -> 0 */
   check_npot(NPOT_KEY(REPEAT, REPEAT, 0, 0), -0.1f, 1.3f, false, lod0,
              4, 1, 4, 1, "NPOT nearest repeat");
   /* NEAREST MIRRORED_REPEAT: s = 1.2 mirrors to 0.8, u = 2.4, i = 2;
    * t = -0.3 mirrors to 0.3, v = 0.6, j = 0 */
   check_npot(NPOT_KEY(MIRROR_REPEAT, MIRROR_REPEAT, 0, 0), 1.2f, -0.3f,
              false, lod0, 4, 1, 4, 1, "NPOT nearest mirrored repeat");
   /* LINEAR REPEAT across the s seam: u = 0 -> u - 1/2 = -0.5, i0 = -1
    * -> 2, i1 = 0, alpha = 0.5; v = 0.5 -> j0 = 0, beta = 0:
    * (4 + 1) / 2 (the unit's clamping filter would give texel 0's 1) */
   check_npot(NPOT_KEY(REPEAT, REPEAT, 1, 1), 0.0f, 0.25f, false, lod0,
              2.5f, 1, 2.5f, 1, "NPOT linear repeat, s seam");
   /* ... and the t seam: u = 1.5 (i0 = 1, alpha 0); v = 0 -> j0 = -1
    * -> 1, j1 = 0, beta = 0.5: (T(1,1) + T(1,0)) / 2 = (2, 4.5, 9, 1) */
   check_npot(NPOT_KEY(REPEAT, REPEAT, 1, 1), 0.5f, 0.0f, false, lod0,
              2, 4.5f, 9, 1, "NPOT linear repeat, t seam");
   /* LINEAR MIRRORED_REPEAT: s = 1.25 (mirrored 0.75: u = 2.25, i0 = 1,
    * i1 = 2, alpha = 0.75): 0.25 * 2 + 0.75 * 4 = 3.5; t = 0.25 */
   check_npot(NPOT_KEY(MIRROR_REPEAT, REPEAT, 1, 1), 1.25f, 0.25f, false,
              lod0, 3.5f, 1, 3.5f, 1, "NPOT linear mirrored repeat");
   /* projective: (s q, t q, q) with q = 2 is the same lookup */
   check_npot(NPOT_KEY(REPEAT, REPEAT, 1, 1), 0.0f, 0.25f, true, lod0,
              2.5f, 1, 2.5f, 1, "NPOT linear repeat, projective");
   /* CLAMP (s): s = -0.5 clamps to 0, u = 0, i0 = -1 is the border
    * (0, 0, 0, 0), alpha = 0.5: half of T(0, 0) */
   check_npot(NPOT_KEY(CLAMP, REPEAT, 1, 1), -0.5f, 0.25f, false, lod0,
              0.5f, 0.5f, 0.5f, 0.5f, "NPOT linear clamp");
   /* CLAMP_TO_EDGE (s): s = 1.2, u = 3.6, i0 = 3, i1 = 4 both clamp to
    * 2: T(2, 0) */
   check_npot(NPOT_KEY(CLAMP_TO_EDGE, REPEAT, 1, 1), 1.2f, 0.25f, false,
              lod0, 4, 1, 4, 1, "NPOT linear clamp to edge");
   /* CLAMP_TO_BORDER (s): s = 1, u = 3, i0 = 2, i1 = 3 the border,
    * alpha = 0.5 */
   check_npot(NPOT_KEY(CLAMP_TO_BORDER, REPEAT, 1, 1), 1.0f, 0.25f, false,
              lod0, 2, 0.5f, 2, 0.5f, "NPOT linear clamp to border");
   /* NEAREST CLAMP at s = 1 exactly: the last texel (GL's s = 1 case) */
   check_npot(NPOT_KEY(CLAMP, REPEAT, 0, 0), 1.0f, 0.25f, false, lod0,
              4, 1, 4, 1, "NPOT nearest clamp, s = 1");
   /* min LINEAR, mag NEAREST: the quad's fragments share their inputs,
    * rho = 0, lambda = -inf + bias clamped to min_lod: -1000 is
    * magnification (NEAREST: u = 0 -> texel 0, 1); min_lod 0.5 makes it
    * minification (LINEAR as above: 2.5) */
   check_npot(NPOT_KEY(REPEAT, REPEAT, 1, 0), 0.0f, 0.25f, false, lod0,
              1, 1, 1, 1, "NPOT min linear, mag nearest: magnified");
   static const float lod_min[3] = { 0, 0.5f, 1000 };
   check_npot(NPOT_KEY(REPEAT, REPEAT, 1, 0), 0.0f, 0.25f, false, lod_min,
              2.5f, 1, 2.5f, 1, "NPOT min linear, mag nearest: minified");
   /* the sampler's bias alone makes it minification (lambda = -inf + 2
    * is still -inf: min_lod decides); a max_lod below 0 keeps it
    * magnified even with min_lod above */
   static const float lod_max[3] = { 0, 0.5f, -0.25f };
   check_npot(NPOT_KEY(REPEAT, REPEAT, 1, 0), 0.0f, 0.25f, false, lod_max,
              1, 1, 1, 1, "NPOT min linear, mag nearest: max_lod");
}

/* SCALE: the lookup stays the hardware's, on the rectangle, at s * w,
 * t * h (fake_tex returns the coordinates it was given); one TEX. */
static void
test_npot_scale(void)
{
   nir_builder b = nvc_test_fs_builder("npot scale");
   nir_ssa_def *tc = load_in(&b, VARYING_SLOT_TEX0, 0);
   store_color(&b, build_tex(&b, nir_texop_tex, 1, nir_channels(&b, tc, 0x3),
                             0, NULL));
   struct nvc_fp_key key;
   memset(&key, 0, sizeof(key));
   key.tex[1].npot = NVC_TEX_NPOT_SCALE;
   CHECK(nvc_tex_npot_hw_wrap(&key.tex[1], PIPE_TEX_WRAP_CLAMP) ==
         PIPE_TEX_WRAP_CLAMP && nvc_tex_npot_hw_linear(&key.tex[1], true),
         "SCALE keeps the sampler's wrap and filter");
   struct nvc_fp_binary bin;
   if (!compile_key(b.shader, &key, &bin, "NPOT scale"))
      return;
   static float dwords[NPOT_NUM_DWORDS];
   float *size = &dwords[NVC_FP_TEX_PARAM_SLOT(1, NVC_FP_TEX_PARAM_SIZE) * 4];
   size[0] = 5.0f, size[1] = 3.0f, size[2] = 0.2f, size[3] = 1.0f / 3.0f;
   struct fp_inputs in = std_in;
   in.tc[0][0] = 0.5f, in.tc[0][1] = 0.25f;
   run_check(&bin, &in, dwords, NULL, 2.5f, 0.75f, 0, 1, 1e-6f, "NPOT scale");
}

/* The texel (i, j) fragment f of req reads from a w x h rectangle with
 * NEAREST filtering and CLAMP_TO_EDGE (NV_texture_rectangle:
 * unnormalized coordinates, the texel at (floor(x), floor(y))). */
static void
edge_texel(const struct nvsim_tex_request *req, unsigned f, int w, int h,
           int *i, int *j)
{
   int x = (int)floorf(req->coord[f][0]), y = (int)floorf(req->coord[f][1]);
   *i = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
   *j = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
}

/* MIPMAP: the 3x2 image's two levels in one rectangle 3 wide: level 0
 * in rows 0-1, level 1 (1x1, texel (7, 7, 7, 1)) at row 2, column 0; the
 * rest of row 2 (99, ...) belongs to no level and must never be read.
 * The unit clamps to the rectangle's edge (nvc_tex_npot_hw_wrap). */
static void
npot_atlas_tex(void *data, const struct nvsim_tex_request *req,
               float result[4][4])
{
   (void)data;
   for (unsigned f = 0; f < 4; f++) {
      if (!(req->mask & (1u << f)))
         continue;
      int i, j;
      edge_texel(req, f, 3, 3, &i, &j);
      if (j == 2) {
         float v = i == 0 ? 7.0f : 99.0f;
         result[f][0] = result[f][1] = result[f][2] = v;
         result[f][3] = i == 0 ? 1.0f : 99.0f;
         continue;
      }
      result[f][0] = npot_a[i];
      result[f][1] = npot_b[j];
      result[f][2] = npot_a[i] * npot_b[j];
      result[f][3] = 1.0f;
   }
}

/* texture2D(unit 2, (s, t)) of that atlas with key k (MIPMAP, 2
 * levels); lambda = lod[1] (min_lod: the quad's derivatives are 0, so
 * lambda is -inf clamped to it); border (0.5, 0.25, 0.125, 1). */
static void
check_npot_mip(struct nvc_fp_tex_key k, float s, float t, const float lod[3],
               float x, float y, float z, float w, const char *what)
{
   nir_builder b = nvc_test_fs_builder("npot mip");
   nir_ssa_def *tc = load_in(&b, VARYING_SLOT_TEX0, 0);
   store_color(&b, build_tex(&b, nir_texop_tex, 2, nir_channels(&b, tc, 0x3),
                             0, NULL));
   struct nvc_fp_key key;
   memset(&key, 0, sizeof(key));
   key.tex[2] = k;
   struct nvc_fp_binary bin;
   if (!compile_key(b.shader, &key, &bin, what))
      return;
   static float dwords[NPOT_NUM_DWORDS];
#define P(n) (&dwords[NVC_FP_TEX_PARAM_SLOT(2, n) * 4])
   memcpy(P(NVC_FP_TEX_PARAM_SIZE), (float[4]){ 3, 2, 1.0f / 3, 0.5f }, 16);
   memcpy(P(NVC_FP_TEX_PARAM_LOD), lod, 12);
   memcpy(P(NVC_FP_TEX_PARAM_BORDER), (float[4]){ 0.5f, 0.25f, 0.125f, 1 }, 16);
   memcpy(P(NVC_FP_TEX_PARAM_LEVEL(0)), (float[4]){ 3, 2, 0, 0 }, 16);
   memcpy(P(NVC_FP_TEX_PARAM_LEVEL(1)), (float[4]){ 1, 1, 2, 0 }, 16);
#undef P
   CHECK(nvc_tex_npot_hw_wrap(&k, PIPE_TEX_WRAP_CLAMP) ==
         PIPE_TEX_WRAP_CLAMP_TO_EDGE && !nvc_tex_npot_hw_linear(&k, true),
         "%s: the unit's state", what);
   struct fp_inputs in = std_in;
   in.tc[0][0] = s, in.tc[0][1] = t;
   run_check(&bin, &in, dwords, npot_atlas_tex, x, y, z, w, 1e-5f, what);
}

#define MIP_KEY(ws, wt, min, mag, mip) \
   ((struct nvc_fp_tex_key){ NVC_TEX_NPOT_MIPMAP, PIPE_TEX_WRAP_##ws, \
                             PIPE_TEX_WRAP_##wt, min, mag, mip, 2 })

/* Level selection and trilinear filtering (GL 2.1 section 3.8.8), by
 * hand: level 0 as in test_npot_filter, level 1 the one texel 7. */
static void
test_npot_mipmap(void)
{
   /* LINEAR_MIPMAP_LINEAR, lambda 0.75: levels 0 and 1 blended 1/4,
    * 3/4: 0.25 * (2.5, 1, 2.5, 1) + 0.75 * (7, 7, 7, 1) */
   check_npot_mip(MIP_KEY(REPEAT, REPEAT, 1, 1, 1), 0.0f, 0.25f,
                  (float[3]){ 0, 0.75f, 1000 }, 5.875f, 5.5f, 5.875f, 1,
                  "NPOT trilinear, lambda 0.75");
   /* NEAREST_MIPMAP_NEAREST (mag NEAREST, c = 0): lambda 0.4 is level
    * ceil(0.9) - 1 = 0, texel (0, 0); lambda 0.6 level 1 */
   check_npot_mip(MIP_KEY(REPEAT, REPEAT, 0, 0, 0), 0.0f, 0.25f,
                  (float[3]){ 0, 0.4f, 1000 }, 1, 1, 1, 1,
                  "NPOT mipmap nearest, lambda 0.4");
   check_npot_mip(MIP_KEY(REPEAT, REPEAT, 0, 0, 0), 0.0f, 0.25f,
                  (float[3]){ 0, 0.6f, 1000 }, 7, 7, 7, 1,
                  "NPOT mipmap nearest, lambda 0.6");
   /* mag LINEAR with NEAREST_MIPMAP_NEAREST: c = 1/2, lambda 0.4 is
    * magnification: LINEAR on level 0 across the seam */
   check_npot_mip(MIP_KEY(REPEAT, REPEAT, 0, 1, 0), 0.0f, 0.25f,
                  (float[3]){ 0, 0.4f, 1000 }, 2.5f, 1, 2.5f, 1,
                  "NPOT mipmap, c = 1/2");
   /* CLAMP_TO_BORDER in the shader: lambda 0 magnifies (c = 0), s = 1:
    * texel 2 and the border half each */
   check_npot_mip(MIP_KEY(CLAMP_TO_BORDER, CLAMP_TO_BORDER, 1, 1, 1), 1.0f,
                  0.25f, (float[3]){ 0, 0, 0 }, 2.25f, 0.625f, 2.0625f, 1,
                  "NPOT mipmap, border");
   /* CLAMP_TO_EDGE at the level's last row: t = 1, rows 1 and 2 clamp
    * to row 1 (row 2 is level 1) */
   check_npot_mip(MIP_KEY(CLAMP_TO_EDGE, CLAMP_TO_EDGE, 1, 1, 1), 0.5f,
                  1.0f, (float[3]){ 0, 0, 0 }, 2, 8, 16, 1,
                  "NPOT mipmap, edge row of level 0");
   /* lambda 5 beyond q = 1: level 1 alone, its one texel */
   check_npot_mip(MIP_KEY(CLAMP_TO_EDGE, CLAMP_TO_EDGE, 1, 1, 1), 0.9f,
                  0.25f, (float[3]){ 0, 5, 1000 }, 7, 7, 7, 1,
                  "NPOT mipmap, lambda past the last level");
}

/* 3D: a 2x1x3 texture's slices as rows 0-2 of a rectangle 2 wide,
 * texel (i, slice k) = (i + 1, 10 (k + 1), 0, 1); the unit clamps to the
 * rectangle's edge. */
static void
npot_3d_tex(void *data, const struct nvsim_tex_request *req,
            float result[4][4])
{
   (void)data;
   for (unsigned f = 0; f < 4; f++) {
      if (!(req->mask & (1u << f)))
         continue;
      int i, j;
      edge_texel(req, f, 2, 3, &i, &j);
      result[f][0] = (float)(i + 1);
      result[f][1] = 10.0f * (j + 1);
      result[f][2] = 0.0f;
      result[f][3] = 1.0f;
   }
}

static void
check_npot_3d(unsigned wrap_r, bool linear, float s, float t, float r,
              float x, float y, float z, float w, const char *what)
{
   nir_builder b = nvc_test_fs_builder("npot 3d");
   nir_ssa_def *tc = load_in(&b, VARYING_SLOT_TEX0, 0);
   nir_tex_instr *tex = nir_tex_instr_create(b.shader, 1);
   tex->op = nir_texop_tex;
   tex->sampler_dim = GLSL_SAMPLER_DIM_3D;
   tex->dest_type = nir_type_float32;
   tex->coord_components = 3;
   tex->texture_index = tex->sampler_index = 2;
   tex->src[0].src_type = nir_tex_src_coord;
   tex->src[0].src = nir_src_for_ssa(nir_channels(&b, tc, 0x7));
   nir_ssa_dest_init(&tex->instr, &tex->dest, 4, 32, NULL);
   nir_builder_instr_insert(&b, &tex->instr);
   store_color(&b, &tex->dest.ssa);

   struct nvc_fp_key key;
   memset(&key, 0, sizeof(key));
   key.tex[2] = (struct nvc_fp_tex_key){
      NVC_TEX_NPOT_MIPMAP, PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_REPEAT,
      linear, linear, 0, 1, wrap_r, 1 };
   struct nvc_fp_binary bin;
   if (!compile_key(b.shader, &key, &bin, what))
      return;
   static float dwords[NPOT_NUM_DWORDS];
#define P(n) (&dwords[NVC_FP_TEX_PARAM_SLOT(2, n) * 4])
   memcpy(P(NVC_FP_TEX_PARAM_SIZE), (float[4]){ 2, 1, 0.5f, 1 }, 16);
   memcpy(P(NVC_FP_TEX_PARAM_LOD), (float[4]){ 0, -1000, 1000, 0 }, 16);
   memcpy(P(NVC_FP_TEX_PARAM_BORDER), (float[4]){ 0.5f, 0.25f, 0.125f, 1 }, 16);
   memcpy(P(NVC_FP_TEX_PARAM_LEVEL(0)), (float[4]){ 2, 1, 0, 3 }, 16);
#undef P
   struct fp_inputs in = std_in;
   in.tc[0][0] = s, in.tc[0][1] = t, in.tc[0][2] = r;
   run_check(&bin, &in, dwords, npot_3d_tex, x, y, z, w, 1e-5f, what);
}

/* 3D slices (GL 2.1 section 3.8.8, w = r * 3) */
static void
test_npot_3d(void)
{
   /* LINEAR, REPEAT r = 0: w - 1/2 = -0.5, slices 2 and 0 half each;
    * s = 0.25: u = 0.5, texel 0 alone */
   check_npot_3d(PIPE_TEX_WRAP_REPEAT, true, 0.25f, 0.5f, 0.0f, 1, 20, 0, 1,
                 "NPOT 3D linear repeat across slices");
   /* NEAREST MIRRORED_REPEAT r = 1.2: w = 3.6, slice 3 mirrors to 2;
    * s = 0.75: texel 1 */
   check_npot_3d(PIPE_TEX_WRAP_MIRROR_REPEAT, false, 0.75f, 0.5f, 1.2f, 2, 30,
                 0, 1, "NPOT 3D nearest mirrored repeat");
   /* NEAREST CLAMP_TO_BORDER r = 1.2: slice 3 is the border */
   check_npot_3d(PIPE_TEX_WRAP_CLAMP_TO_BORDER, false, 0.75f, 0.5f, 1.2f,
                 0.5f, 0.25f, 0.125f, 1, "NPOT 3D border");
   /* LINEAR CLAMP_TO_EDGE r = 0.5: w = 1.5, slice 1 alone */
   check_npot_3d(PIPE_TEX_WRAP_CLAMP_TO_EDGE, true, 0.25f, 0.5f, 0.5f, 1, 20,
                 0, 1, "NPOT 3D clamp to edge, middle slice");
}

/* Cube: six 2x2 faces in a rectangle 2 wide, face f's rows at 3f and
 * 3f + 1 (a face stride of 3 rows: row 3f + 2 stands for the rest of a
 * face's chain and must never be read); texel (i, row y) = (i + 1, y, 0,
 * 1), so the row read says the face and t's texel. */
static void
npot_cube_tex(void *data, const struct nvsim_tex_request *req,
              float result[4][4])
{
   (void)data;
   for (unsigned f = 0; f < 4; f++) {
      if (!(req->mask & (1u << f)))
         continue;
      int i, j;
      edge_texel(req, f, 2, 18, &i, &j);
      result[f][0] = (float)(i + 1);
      result[f][1] = (float)j;
      result[f][2] = 0.0f;
      result[f][3] = 1.0f;
   }
}

static void
check_npot_cube(bool linear, float rx, float ry, float rz, float x, float y,
                const char *what)
{
   nir_builder b = nvc_test_fs_builder("npot cube");
   nir_ssa_def *tc = load_in(&b, VARYING_SLOT_TEX0, 0);
   nir_tex_instr *tex = nir_tex_instr_create(b.shader, 1);
   tex->op = nir_texop_tex;
   tex->sampler_dim = GLSL_SAMPLER_DIM_CUBE;
   tex->dest_type = nir_type_float32;
   tex->coord_components = 3;
   tex->texture_index = tex->sampler_index = 2;
   tex->src[0].src_type = nir_tex_src_coord;
   tex->src[0].src = nir_src_for_ssa(nir_channels(&b, tc, 0x7));
   nir_ssa_dest_init(&tex->instr, &tex->dest, 4, 32, NULL);
   nir_builder_instr_insert(&b, &tex->instr);
   store_color(&b, &tex->dest.ssa);

   struct nvc_fp_key key;
   memset(&key, 0, sizeof(key));
   key.tex[2] = (struct nvc_fp_tex_key){
      NVC_TEX_NPOT_MIPMAP, PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      PIPE_TEX_WRAP_CLAMP_TO_EDGE, linear, linear, 0, 1,
      PIPE_TEX_WRAP_CLAMP_TO_EDGE, 1 };
   struct nvc_fp_binary bin;
   if (!compile_key(b.shader, &key, &bin, what))
      return;
   static float dwords[NPOT_NUM_DWORDS];
#define P(n) (&dwords[NVC_FP_TEX_PARAM_SLOT(2, n) * 4])
   memcpy(P(NVC_FP_TEX_PARAM_SIZE), (float[4]){ 2, 2, 0.5f, 0.5f }, 16);
   memcpy(P(NVC_FP_TEX_PARAM_LOD), (float[4]){ 0, -1000, 1000, 0 }, 16);
   memcpy(P(NVC_FP_TEX_PARAM_BORDER), (float[4]){ 0.5f, 0.25f, 0.125f, 1 }, 16);
   memcpy(P(NVC_FP_TEX_PARAM_LEVEL(0)), (float[4]){ 2, 2, 0, 3 }, 16);
#undef P
   struct fp_inputs in = std_in;
   in.tc[0][0] = rx, in.tc[0][1] = ry, in.tc[0][2] = rz;
   /* the face coordinates go through DP3 and RCP, which rankine's FP
    * (nvsim's model of it) does not round exactly: 1e-3 is still far
    * below one texel or row of difference */
   run_check(&bin, &in, dwords, npot_cube_tex, x, y, 0, 1, 1e-3f, what);
}

/* Cube faces and their (s, t) (GL 2.1 section 3.8.6: the major axis,
 * s = (sc / |ma| + 1) / 2, t = (tc / |ma| + 1) / 2), u = 2s, v = 2t */
static void
test_npot_cube(void)
{
   /* +X: sc = -rz, tc = -ry: s = 0.25, t = 0.75: texel (0, 1), row 1 */
   check_npot_cube(false, 1.0f, -0.5f, 0.5f, 1, 1, "NPOT cube +X");
   /* -X: sc = rz, tc = -ry: s = 0.7, t = 0.6; LINEAR: u - 1/2 = 0.9,
    * v - 1/2 = 0.7: texels 0, 1 and rows 3, 4 */
   check_npot_cube(true, -1.0f, -0.2f, 0.4f, 1.9f, 3.7f, "NPOT cube -X linear");
   /* +Y: sc = rx, tc = rz: s = 0.55, t = 0.6: texel (1, 1), row 7 */
   check_npot_cube(false, 0.1f, 1.0f, 0.2f, 2, 7, "NPOT cube +Y");
   /* -Y: sc = rx, tc = -rz: s = 0.8, t = 0.6: texel (1, 1), row 10 */
   check_npot_cube(false, 0.6f, -1.0f, -0.2f, 2, 10, "NPOT cube -Y");
   /* +Z: sc = rx, tc = -ry: s = 0.5, t = 0.975; LINEAR: u - 1/2 = 0.5,
    * v - 1/2 = 1.45: row 1 and its CLAMP_TO_EDGE clamp, row 13 (never
    * row 14, past the face) */
   check_npot_cube(true, 0.0f, -0.95f, 1.0f, 1.5f, 13,
                   "NPOT cube +Z linear, clamped to the face");
   /* -Z: sc = -rx, tc = -ry: s = 0.375, t = 0.4375: texel (0, 0), row 15 */
   check_npot_cube(false, 0.2f, 0.1f, -0.8f, 1, 15, "NPOT cube -Z");
}

int
main(void)
{
   if (!nvc_test_begin(&nv30, 0x30))
      return 1;

   test_alu();
   test_mad_dp_lrp_pow();
   test_scalar();
   test_texture();
   test_npot_filter();
   test_npot_scale();
   test_npot_mipmap();
   test_npot_3d();
   test_npot_cube();
   test_kil();
   test_inputs();
   test_outputs();
   test_saturate_precision();
   test_flattened_if();
   test_unrolled_loop();
   test_length();
   test_refused();
   test_facing();

   return nvc_test_end("nv30 fragment program tests passed");
}
