/*
 * Tests of the NV30 (rankine) vertex program encoder: shaders built with
 * nir_builder, compiled for the NV30's row of the chip table, executed by
 * nvsim's vertex program interpreter through its rankine decoder
 * (sim/shader/nv30_vp_decode.c: nvsim_nv30_vp_prepare), the results
 * checked against values computed here by hand from NV_vertex_program2
 * and GLSL; the words are also decoded with the ISA tables
 * (nvisa_nv30_vp.h) to check what rankine's encoding must hold (its own
 * output register numbers, the clip distance registers, branches,
 * condition codes, LAST); and the limits must give errors naming the chip.
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
#include "nvc_vp_emit.h"
#include "nvhwdb_chips.h"
#include "nvisa_nv30_vp.h"

static struct nvc_target nv30;

/* The interpreter's results are by curie's output numbering
 * (nv40_shader_exec.h: rankine's CLPn land in FOGC.yzw / PSZ.yzw). */
#define OUT(x) NVISA_NV40_VP_OUT_##x

struct vp_run {
   float in[16][4];
   float c[NVISA_NV30_VP_NUM_CONSTS][4];
   struct nvsim_nv40_vp_io io;
};

static bool
compile(nir_builder *b, const struct nvc_vp_key *key,
        struct nvc_vp_binary *bin)
{
   return nvc_test_compile_vs(b->shader, key, bin, NULL);
}

/* Runs bin loaded from slot insn_base with its constants from register
 * const_base (nvc_vp_relocate) on nvsim, r's constants moved with them;
 * io gets the results. */
static bool
run_at(const struct nvc_vp_binary *bin, unsigned insn_base,
       unsigned const_base, const struct vp_run *r,
       struct nvsim_nv40_vp_io *io)
{
   static float c[NVISA_NV30_VP_NUM_CONSTS][4];
   unsigned slots = insn_base + bin->num_insns;
   uint32_t (*insns)[4] = calloc(slots, sizeof(*insns));
   struct nvsim_nv40_vp_prog prog = { 0 };
   char msg[128];

   if (!insns)
      return false;
   nvc_vp_relocate(&nv30, bin, insn_base, const_base, insns[insn_base]);
   memset(c, 0, sizeof(c));
   for (unsigned k = 0; k < NVISA_NV30_VP_NUM_CONSTS; k++) {
      unsigned to = k < bin->const_base ? k : k - bin->const_base + const_base;
      if (to < NVISA_NV30_VP_NUM_CONSTS)
         memcpy(c[to], r->c[k], sizeof(c[to]));
   }
   memset(io, 0, sizeof(*io));
   if (nvsim_nv30_vp_prepare(&prog, (const uint32_t (*)[4])insns, slots,
                             msg, sizeof(msg)) != 0) {
      CHECK(false, "prepare: %s", msg);
      free(insns);
      return false;
   }
   io->attr = (const float (*)[4])r->in;
   io->consts = (const float (*)[4])c;
   int rc = nvsim_nv40_vp_run(&prog, insn_base, io);
   nvsim_nv40_vp_fini(&prog);
   free(insns);
   CHECK(rc == 0, "run at slot %u: %s", insn_base,
         nvsim_nv40_shader_strerror(rc));
   return rc == 0;
}

/* Uploads the binary's constants (uniform vec4 slots from `uniforms`)
 * and runs one vertex on nvsim; the same loaded at other slots and
 * constant registers (the driver keeps several programs resident, each
 * at its own, nvc_vp_relocate) must give every output bit for bit. */
static bool
run(const struct nvc_vp_binary *bin, const float (*uniforms)[4],
    struct vp_run *r)
{
   for (unsigned i = 0; i < bin->num_consts; i++) {
      const struct nvc_vp_const *k = &bin->consts[i];
      memcpy(r->c[k->hw_slot],
             k->uniform_slot >= 0 ? uniforms[k->uniform_slot] : k->value, 16);
   }
   if (!run_at(bin, 0, bin->const_base, r, &r->io))
      return false;

   unsigned used = bin->const_end > bin->const_base ?
                   bin->const_end - bin->const_base : 0;
   const unsigned at[2][2] = {
      { nv30.vp.max_insns - bin->num_insns, nv30.vp.num_consts - used },
      { 1, bin->const_base + 1 },
   };
   for (unsigned k = 0; k < 2; k++) {
      struct nvsim_nv40_vp_io moved;
      if (!run_at(bin, at[k][0], at[k][1], r, &moved))
         return false;
      CHECK(moved.out_written == r->io.out_written &&
            !memcmp(moved.out, r->io.out, sizeof(moved.out)),
            "the program at slot %u, constants from %u, gives other "
            "results than at slot 0", at[k][0], at[k][1]);
   }
   return true;
}

/* Decodes every instruction: all must be rankine's, LAST on the final
 * one only.  Returns the decoded instructions (caller frees). */
static struct nvisa_nv30_vp_insn *
decode_all(const struct nvc_vp_binary *bin)
{
   struct nvisa_nv30_vp_insn *d = calloc(bin->num_insns, sizeof(*d));
   for (unsigned i = 0; i < bin->num_insns; i++) {
      CHECK(nvisa_nv30_vp_decode(&bin->insns[i * 4], &d[i]) == 0,
            "instruction %u is not rankine's", i);
      CHECK(d[i].last == (i + 1 == bin->num_insns), "LAST on %u of %u", i,
            bin->num_insns);
   }
   return d;
}

/* Output register o written (OUT_TARGET) with mask bits under `mask`. */
static bool
writes_out(const struct nvisa_nv30_vp_insn *d, unsigned n, unsigned o,
           uint8_t mask)
{
   for (unsigned i = 0; i < n; i++)
      if (d[i].out_target && d[i].out == o &&
          ((d[i].out_vec_mask | d[i].out_sca_mask) & mask))
         return true;
   return false;
}

/* ------------------------------------------------------------------ */

/* gl_Position = M * v (columns u0..u3), texcoord0 = a1 * 2 + 0.5, front
 * colour = a1.zyxw. */
static void
test_transform(void)
{
   nir_builder b = nvc_test_vs_builder("transform");
   nir_variable *a0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *a1 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC1, 1, "a1");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *tc = nvc_test_out_vec4(b.shader, VARYING_SLOT_TEX0, 1, "tc0");
   nir_variable *col =
      nvc_test_out_vec4(b.shader, VARYING_SLOT_COL0, 2, "col0");
   nir_ssa_def *v = nir_load_var(&b, a0);
   nir_ssa_def *p =
      nir_fmul(&b, nvc_test_load_uniform_vec4(&b, 0), nir_channel(&b, v, 0));
   for (unsigned i = 1; i < 4; i++)
      p = nir_ffma(&b, nvc_test_load_uniform_vec4(&b, i), nir_channel(&b, v, i),
                   p);
   nir_store_var(&b, pos, p, 0xf);
   nir_ssa_def *t = nir_load_var(&b, a1);
   nir_store_var(&b, tc, nir_ffma(&b, t, nir_imm_float(&b, 2.0f),
                                  nir_imm_float(&b, 0.5f)), 0xf);
   nir_store_var(&b, col, nir_swizzle(&b, t, (unsigned[]){ 2, 1, 0, 3 }, 4),
                 0xf);
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   /* rankine has no VP_RESULT_EN (hwdb: NV40_3D-NV44_3D only) */
   CHECK(bin.result_en == 0, "result_en 0x%x", bin.result_en);
   CHECK(bin.attrib_en == 0x3, "attrib_en 0x%x", bin.attrib_en);
   CHECK(bin.num_insns <= 6, "%u instructions for 4 MUL/MAD + MAD + MOV",
         bin.num_insns);
   struct nvisa_nv30_vp_insn *d = decode_all(&bin);
   /* rankine's numbering (nv30_vp.xml OUT, upstream nv30_vertprog.h):
    * HPOS 0, COL0 3, TC0 8 */
   CHECK(writes_out(d, bin.num_insns, NVISA_NV30_VP_OUT_HPOS, 0xf) &&
         writes_out(d, bin.num_insns, NVISA_NV30_VP_OUT_COL0, 0xf) &&
         writes_out(d, bin.num_insns, NVISA_NV30_VP_OUT_TC0, 0xf),
         "output registers");
   CHECK(!writes_out(d, bin.num_insns, NVISA_NV30_VP_OUT_BFC0, 0xf),
         "COL0 written as BFC0 (curie's COL0 number)");
   free(d);

   static const float u[4][4] = {
      { 1, 0, 0, 0 }, { 0, 2, 0, 0 }, { 0, 0, 3, 1 }, { 10, 20, 30, 1 },
   };
   struct vp_run r;
   memset(&r, 0, sizeof(r));
   float in0[4] = { 1, 2, 3, 1 }, in1[4] = { 0.25f, -1, 4, 8 };
   memcpy(r.in[0], in0, 16);
   memcpy(r.in[1], in1, 16);
   if (run(&bin, u, &r)) {
      /* M*v = 1*u0 + 2*u1 + 3*u2 + 1*u3 */
      CHECK_VEC4(r.io.out[OUT(HPOS)], 11, 24, 39, 4, 1e-6f);
      CHECK_VEC4(r.io.out[OUT(TC0)], 1.0f, -1.5f, 8.5f, 16.5f, 1e-6f);
      CHECK_VEC4(r.io.out[OUT(COL0)], 4, -1, 0.25f, 8, 0);
   }
   nvc_vp_binary_free(&bin);
}

/* The scalar unit and the other ALU ops, a = (4, 0.25, 3, 8),
 * c = (pi/6, pi/3, -0.3, 1.7):
 *  TEX0 = (1/a.x, inversesqrt(a.y), exp2(a.z), log2(a.w)) = (0.25, 2, 8, 3)
 *  TEX1 = (sqrt(a.x), sin(c.x), cos(c.y), clamp(c.w, 0, 1)) = (2, .5, .5, 1)
 *  TEX2 = (clamp(c.z, 0, 1), floor(c.z), fract(c.z), max(c.x, c.y))
 *       = (0, -1, 0.7, pi/3)
 *  TEX3 = (a.x * c.w - a.y, min(a.z, a.w), dot(a.xyz, c.xyz), a.x + a.w)
 *       = (6.55, 3, 4pi/6 + 0.25pi/3 - 0.9, 12) */
static void
test_alu(void)
{
   nir_builder b = nvc_test_vs_builder("alu");
   nir_variable *va = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *vc = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC1, 1, "c");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *t[4];
   for (unsigned i = 0; i < 4; i++)
      t[i] = nvc_test_out_vec4(b.shader, VARYING_SLOT_TEX0 + i, 1 + i, "t");
   nir_ssa_def *a = nir_load_var(&b, va), *c = nir_load_var(&b, vc);
#define A(i) nir_channel(&b, a, i)
#define C(i) nir_channel(&b, c, i)
   nir_store_var(&b, pos, a, 0xf);
   nir_store_var(&b, t[0], nir_vec4(&b, nir_frcp(&b, A(0)), nir_frsq(&b, A(1)),
                                    nir_fexp2(&b, A(2)), nir_flog2(&b, A(3))),
                 0xf);
   nir_store_var(&b, t[1], nir_vec4(&b, nir_fsqrt(&b, A(0)), nir_fsin(&b, C(0)),
                                    nir_fcos(&b, C(1)), nir_fsat(&b, C(3))),
                 0xf);
   nir_store_var(&b, t[2], nir_vec4(&b, nir_fsat(&b, C(2)), nir_ffloor(&b, C(2)),
                                    nir_ffract(&b, C(2)),
                                    nir_fmax(&b, C(0), C(1))), 0xf);
   nir_store_var(&b, t[3], nir_vec4(&b, nir_fsub(&b, nir_fmul(&b, A(0), C(3)), A(1)),
                                    nir_fmin(&b, A(2), A(3)),
                                    nir_fdot3(&b, a, c),
                                    nir_fadd(&b, A(0), A(3))), 0xf);
#undef A
#undef C
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   free(decode_all(&bin));
   struct vp_run r;
   memset(&r, 0, sizeof(r));
   const float pi = 3.14159265358979f;
   float av[4] = { 4, 0.25f, 3, 8 }, cv[4] = { pi / 6, pi / 3, -0.3f, 1.7f };
   memcpy(r.in[0], av, 16);
   memcpy(r.in[1], cv, 16);
   if (run(&bin, NULL, &r)) {
      CHECK_VEC4(r.io.out[OUT(TC0)], 0.25f, 2, 8, 3, 1e-5f);
      CHECK_VEC4(r.io.out[OUT(TC0) + 1], 2, 0.5f, 0.5f, 1, 1e-5f);
      CHECK_VEC4(r.io.out[OUT(TC0) + 2], 0, -1, 0.7f, pi / 3, 1e-5f);
      CHECK_VEC4(r.io.out[OUT(TC0) + 3], 6.55f, 3,
                 4 * pi / 6 + 0.25f * pi / 3 - 0.9f, 12, 1e-5f);
   }
   nvc_vp_binary_free(&bin);
}

/* Per-vertex lighting, the kind of program where vector and scalar ops
 * interleave (dual issue): n = normalize(N), N = (0, 3, 4) -> (0, .6, .8);
 *   col0 = u3 * max(dot(n, L), 0) + u4, L = u0 = (0, 0, 1): diffuse .8
 *        -> (.5, .25, 1, 1) * .8 + (.1, .1, .1, 0) = (.5, .3, .9, .8)
 *   col1 = u5 * pow(max(dot(n, H), 0), u2.x), H = u1 = (.6, 0, .8):
 *        .64^2 = .4096
 *   fog = -P.z * u2.y = 3 * .5 = 1.5, position P = (1, 2, -3, 1). */
static void
test_lighting(void)
{
   nir_builder b = nvc_test_vs_builder("lighting");
   nir_variable *vp = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "P");
   nir_variable *vn = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC1, 1, "N");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *c0 = nvc_test_out_vec4(b.shader, VARYING_SLOT_COL0, 1, "col0");
   nir_variable *c1 = nvc_test_out_vec4(b.shader, VARYING_SLOT_COL1, 2, "col1");
   nir_variable *fog =
      nvc_test_var(b.shader, nir_var_shader_out, glsl_float_type(),
                   VARYING_SLOT_FOGC, 3, "fog");
   nir_ssa_def *u[6];
   for (unsigned i = 0; i < 6; i++)
      u[i] = nvc_test_load_uniform_vec4(&b, i);
   nir_ssa_def *p = nir_load_var(&b, vp);
   nir_ssa_def *n = nir_channels(&b, nir_load_var(&b, vn), 0x7);
   n = nir_fmul(&b, n, nir_frsq(&b, nir_fdot3(&b, n, n)));
   nir_ssa_def *diff = nir_fmax(&b, nir_fdot3(&b, n, nir_channels(&b, u[0], 7)),
                                nir_imm_float(&b, 0));
   nir_ssa_def *spec = nir_fmax(&b, nir_fdot3(&b, n, nir_channels(&b, u[1], 7)),
                                nir_imm_float(&b, 0));
   spec = nir_fpow(&b, spec, nir_channel(&b, u[2], 0));
   nir_store_var(&b, pos, p, 0xf);
   nir_store_var(&b, c0, nir_ffma(&b, u[3], diff, u[4]), 0xf);
   nir_store_var(&b, c1, nir_fmul(&b, u[5], spec), 0xf);
   nir_store_var(&b, fog, nir_fmul(&b, nir_fneg(&b, nir_channel(&b, p, 2)),
                                   nir_channel(&b, u[2], 1)), 0x1);
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   printf("lighting: %u instructions\n", bin.num_insns);
   static const float unif[6][4] = {
      { 0, 0, 1, 0 }, { 0.6f, 0, 0.8f, 0 }, { 2, 0.5f, 0, 0 },
      { 0.5f, 0.25f, 1, 1 }, { 0.1f, 0.1f, 0.1f, 0 }, { 1, 1, 1, 1 },
   };
   struct vp_run r;
   memset(&r, 0, sizeof(r));
   float pv[4] = { 1, 2, -3, 1 }, nv[4] = { 0, 3, 4, 0 };
   memcpy(r.in[0], pv, 16);
   memcpy(r.in[1], nv, 16);
   if (run(&bin, unif, &r)) {
      CHECK_VEC4(r.io.out[OUT(HPOS)], 1, 2, -3, 1, 0);
      CHECK_VEC4(r.io.out[OUT(COL0)], 0.5f, 0.3f, 0.9f, 0.8f, 1e-5f);
      CHECK_VEC4(r.io.out[OUT(COL1)], 0.4096f, 0.4096f, 0.4096f, 0.4096f,
                 1e-5f);
      CHECK(nvc_test_near(r.io.out[OUT(FOGC)][0], 1.5f, 1e-6f), "fog %g",
            r.io.out[OUT(FOGC)][0]);
   }
   nvc_vp_binary_free(&bin);
}

/* Saturation in a shader built with another target's options (curie's
 * VS options keep fsat, which rankine cannot encode): the compiler lowers
 * it for rankine anyway.  pos = clamp(a, 0, 1), a = (-0.5, 0.25, 1.5, 1). */
static void
test_foreign_fsat(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, nvc_nir_options(NULL, PIPE_SHADER_VERTEX), "fsat");
   CHECK(!b.shader->options->lower_fsat, "curie's VS options lower fsat");
   nir_variable *va = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_store_var(&b, pos, nir_fsat(&b, nir_load_var(&b, va)), 0xf);
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   struct vp_run r;
   memset(&r, 0, sizeof(r));
   float av[4] = { -0.5f, 0.25f, 1.5f, 1 };
   memcpy(r.in[0], av, 16);
   if (run(&bin, NULL, &r))
      CHECK_VEC4(r.io.out[OUT(HPOS)], 0, 0.25f, 1, 1, 0);
   nvc_vp_binary_free(&bin);
}

/* Condition codes: pos = a < b ? u0 : u1 per component (a select: a
 * condition-code update and a conditional move, NV_vertex_program2
 * "condition code"), a = (1, 5, 3, -2), b = (2, 4, 3, 0). */
static void
test_condition_codes(void)
{
   nir_builder b = nvc_test_vs_builder("cc");
   nir_variable *va = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *vb = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC1, 1, "b");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_ssa_def *x = nvc_test_load_uniform_vec4(&b, 0),
               *y = nvc_test_load_uniform_vec4(&b, 1);
   nir_store_var(&b, pos, nir_bcsel(&b, nir_flt(&b, nir_load_var(&b, va),
                                                nir_load_var(&b, vb)), x, y),
                 0xf);
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   struct nvisa_nv30_vp_insn *d = decode_all(&bin);
   bool update = false, test = false;
   for (unsigned i = 0; i < bin.num_insns; i++) {
      update |= d[i].cc_update;
      test |= d[i].cc_test;
   }
   CHECK(update && test, "no condition code update/test");
   free(d);
   static const float u[2][4] = { { 10, 20, 30, 40 }, { -1, -2, -3, -4 } };
   struct vp_run r;
   memset(&r, 0, sizeof(r));
   float a[4] = { 1, 5, 3, -2 }, bv[4] = { 2, 4, 3, 0 };
   memcpy(r.in[0], a, 16);
   memcpy(r.in[1], bv, 16);
   if (run(&bin, u, &r))
      CHECK_VEC4(r.io.out[OUT(HPOS)], 10, -2, -3, 40, 0);
   nvc_vp_binary_free(&bin);
}

/* A uniform array indexed by a run-time value, read through the address
 * register (NV_vertex_program2 ARL, c[A0.x + n]): pos = arr[i] + u5,
 * col0 = arr[2 - i], i = int(a0.x), arr = {(1..4), (5..8), (9..12)} in
 * uniform slots 2-4 (u5 read first: the array must still land in
 * consecutive constant registers). */
static void
test_indirect_uniform(void)
{
   static const float unif[6][4] = {
      { 0 }, { 0 }, { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { 9, 10, 11, 12 },
      { 100, 200, 300, 400 },
   };
   const float (*arr)[4] = &unif[2];
   nir_builder b = nvc_test_vs_builder("indirect_uniform");
   nir_variable *a0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *col =
      nvc_test_out_vec4(b.shader, VARYING_SLOT_COL0, 1, "col0");
   nir_variable *u = nvc_test_uniform_vec4_array(b.shader, 3, 2, "arr");
   nir_ssa_def *u5 = nvc_test_load_uniform_vec4(&b, 5);
   nir_ssa_def *i = nir_f2i32(&b, nir_channel(&b, nir_load_var(&b, a0), 0));
   nir_deref_instr *dr = nir_build_deref_var(&b, u);
   nir_store_var(&b, pos, nir_fadd(&b, u5, nir_load_deref(&b,
                                   nir_build_deref_array(&b, dr, i))), 0xf);
   nir_ssa_def *j = nir_isub(&b, nir_imm_int(&b, 2), i);
   nir_store_var(&b, col, nir_load_deref(&b, nir_build_deref_array(&b, dr, j)),
                 0xf);
   b.shader->num_uniforms = 6 * 4;
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   /* two reads, each an ARL and an indexed read, no select chain: with
    * int()'s truncation (4 instructions), 2 - i and the ADD, 10 */
   CHECK(bin.num_insns <= 10, "%u instructions", bin.num_insns);
   struct nvisa_nv30_vp_insn *d = decode_all(&bin);
   unsigned arl = 0, indexed = 0;
   for (unsigned k = 0; k < bin.num_insns; k++) {
      arl += d[k].vec_op == NVISA_NV30_VP_VEC_OP_ARL;
      indexed += d[k].const_indexed;
   }
   CHECK(arl == 2 && indexed == 2, "%u ARL, %u indexed reads", arl, indexed);
   free(d);
   for (unsigned idx = 0; idx < 3; idx++) {
      struct vp_run r;
      memset(&r, 0, sizeof(r));
      float in[4] = { (float)idx + 0.25f, 0, 0, 1 };
      memcpy(r.in[0], in, 16);
      if (!run(&bin, unif, &r))
         continue;
      const float *p = arr[idx], *c = arr[2 - idx];
      CHECK_VEC4(r.io.out[OUT(HPOS)], p[0] + 100, p[1] + 200, p[2] + 300,
                 p[3] + 400, 0);
      CHECK_VEC4(r.io.out[OUT(COL0)], c[0], c[1], c[2], c[3], 0);
   }
   nvc_vp_binary_free(&bin);
}

/* What shaders do with uniform arrays: a loop over them (lights, bones)
 * and an index that is itself a uniform (GLSL `uniform int i`, a float
 * here: no integers):
 *   acc = 0; for (i = 0; i < u0.x; i++) acc += arr[i];  pos = acc
 *   col0 = arr[u0.y]
 * arr = {(1, 2, 3, 4), (10, 20, 30, 40), (100, 200, 300, 400)} in
 * uniform slots 1-3: n = 0, 1, 2, 3 -> the sums of the first n. */
static void
test_indexed_loop(void)
{
   static const float arr[3][4] = {
      { 1, 2, 3, 4 }, { 10, 20, 30, 40 }, { 100, 200, 300, 400 },
   };
   nir_builder b = nvc_test_vs_builder("indexed_loop");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *col =
      nvc_test_out_vec4(b.shader, VARYING_SLOT_COL0, 1, "col0");
   nir_variable *u = nvc_test_uniform_vec4_array(b.shader, 3, 1, "arr");
   nir_variable *acc = nir_local_variable_create(b.impl, glsl_vec4_type(),
                                                 "acc");
   nir_variable *i = nir_local_variable_create(b.impl, glsl_int_type(), "i");
   nir_ssa_def *u0 = nvc_test_load_uniform_vec4(&b, 0);
   nir_ssa_def *n = nir_f2i32(&b, nir_channel(&b, u0, 0));
   nir_deref_instr *dr = nir_build_deref_var(&b, u);
   nir_store_var(&b, acc, nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
   nir_store_var(&b, i, nir_imm_int(&b, 0), 0x1);
   nir_loop *loop = nir_push_loop(&b);
   {
      nir_ssa_def *iv = nir_load_var(&b, i);
      nir_push_if(&b, nir_ige(&b, iv, n));
      nir_jump(&b, nir_jump_break);
      nir_pop_if(&b, NULL);
      nir_store_var(&b, acc, nir_fadd(&b, nir_load_var(&b, acc),
                                      nir_load_deref(&b,
                                         nir_build_deref_array(&b, dr, iv))),
                    0xf);
      nir_store_var(&b, i, nir_iadd_imm(&b, iv, 1), 0x1);
   }
   nir_pop_loop(&b, loop);
   nir_store_var(&b, pos, nir_load_var(&b, acc), 0xf);
   nir_store_var(&b, col, nir_load_deref(&b, nir_build_deref_array(&b, dr,
                          nir_f2i32(&b, nir_channel(&b, u0, 1)))), 0xf);
   b.shader->num_uniforms = 4 * 4;
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   for (unsigned k = 0; k <= 3; k++) {
      struct vp_run r;
      memset(&r, 0, sizeof(r));
      float unif[4][4] = { { (float)k, (float)(2 - k % 3), 0, 0 } };
      memcpy(&unif[1], arr, sizeof(arr));
      if (!run(&bin, (const float (*)[4])unif, &r))
         continue;
      float want[4] = { 0, 0, 0, 0 };
      for (unsigned j = 0; j < k; j++)
         for (unsigned c = 0; c < 4; c++)
            want[c] += arr[j][c];
      const float *w = arr[2 - k % 3];
      CHECK_VEC4(r.io.out[OUT(HPOS)], want[0], want[1], want[2], want[3], 0);
      CHECK_VEC4(r.io.out[OUT(COL0)], w[0], w[1], w[2], w[3], 0);
   }
   nvc_vp_binary_free(&bin);
}

/* The index straight from a uniform (GLSL `uniform int i; arr[i]`; with
 * no integers st/mesa uploads i as a float): the ARL reads a uniform and
 * the indexed read another, one constant each, so two instructions.
 * pos = arr[i], arr in slots 1-3 = {(1..4), (5..8), (9..12)}, i in
 * slot 0. */
static void
test_uniform_index(void)
{
   static const float arr[3][4] = {
      { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { 9, 10, 11, 12 },
   };
   nir_builder b = nvc_test_vs_builder("uniform_index");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *iv =
      nvc_test_var(b.shader, nir_var_uniform, glsl_int_type(), -1, 0, "i");
   nir_variable *u = nvc_test_uniform_vec4_array(b.shader, 3, 1, "arr");
   nir_deref_instr *dr = nir_build_deref_var(&b, u);
   nir_store_var(&b, pos, nir_load_deref(&b, nir_build_deref_array(&b, dr,
                 nir_load_var(&b, iv))), 0xf);
   b.shader->num_uniforms = 4 * 4;
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   CHECK(bin.num_insns == 2, "%u instructions", bin.num_insns);
   for (unsigned k = 0; k < 3; k++) {
      struct vp_run r;
      memset(&r, 0, sizeof(r));
      float unif[4][4] = { { (float)k, 0, 0, 0 } };
      memcpy(&unif[1], arr, sizeof(arr));
      if (run(&bin, (const float (*)[4])unif, &r))
         CHECK_VEC4(r.io.out[OUT(HPOS)], arr[k][0], arr[k][1], arr[k][2],
                    arr[k][3], 0);
   }
   nvc_vp_binary_free(&bin);
}

/* A loop the compiler cannot unroll (its count is a uniform) with an if
 * in its body:
 *   acc = 0; for (i = 0; i < u0.x; i++) { if (i < 2) acc -= a; else
 *   acc += a; }  pos = acc
 * n = 0 -> 0; n = 1 -> -a; n = 3 -> -a; n = 5 -> a. */
static void
test_loop_branch(void)
{
   nir_builder b = nvc_test_vs_builder("loop");
   nir_variable *va = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *acc = nir_local_variable_create(b.impl, glsl_vec4_type(),
                                                 "acc");
   nir_variable *i = nir_local_variable_create(b.impl, glsl_float_type(), "i");
   nir_ssa_def *a = nir_load_var(&b, va);
   nir_ssa_def *n = nir_channel(&b, nvc_test_load_uniform_vec4(&b, 0), 0);
   nir_store_var(&b, acc, nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
   nir_store_var(&b, i, nir_imm_float(&b, 0), 0x1);
   nir_loop *loop = nir_push_loop(&b);
   {
      nir_push_if(&b, nir_fge(&b, nir_load_var(&b, i), n));
      nir_jump(&b, nir_jump_break);
      nir_pop_if(&b, NULL);
      nir_push_if(&b, nir_flt(&b, nir_load_var(&b, i), nir_imm_float(&b, 2)));
      nir_store_var(&b, acc, nir_fsub(&b, nir_load_var(&b, acc), a), 0xf);
      nir_push_else(&b, NULL);
      nir_store_var(&b, acc, nir_fadd(&b, nir_load_var(&b, acc), a), 0xf);
      nir_pop_if(&b, NULL);
      nir_store_var(&b, i, nir_fadd_imm(&b, nir_load_var(&b, i), 1), 0x1);
   }
   nir_pop_loop(&b, loop);
   nir_store_var(&b, pos, nir_load_var(&b, acc), 0xf);
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   struct nvisa_nv30_vp_insn *d = decode_all(&bin);
   unsigned bra = 0;
   for (unsigned i = 0; i < bin.num_insns; i++) {
      if (d[i].sca_op != NVISA_NV30_VP_SCA_OP_BRA)
         continue;
      bra++;
      CHECK(d[i].branch_target < bin.num_insns, "BRA %u to %u of %u", i,
            d[i].branch_target, bin.num_insns);
   }
   CHECK(bra >= 2, "%u branches for a loop", bra);
   free(d);
   static const struct { float n, k; } cases[] = {
      { 0, 0 }, { 1, -1 }, { 3, -1 }, { 5, 1 },
   };
   for (unsigned c = 0; c < 4; c++) {
      struct vp_run r;
      memset(&r, 0, sizeof(r));
      float av[4] = { 1, -2, 0.5f, 4 };
      memcpy(r.in[0], av, 16);
      float u[1][4] = { { cases[c].n, 0, 0, 0 } };
      if (!run(&bin, (const float (*)[4])u, &r))
         continue;
      float k = cases[c].k;
      CHECK_VEC4(r.io.out[OUT(HPOS)], k * av[0], k * av[1], k * av[2],
                 k * av[3], 0);
   }
   nvc_vp_binary_free(&bin);
}

/* Every output: colours front and back, fog, point size, texcoords (a
 * TEXn and a generic varying routed to a free TC) and user clip planes 0
 * and 5 (key.ucp_enable; planes in constants 0 and 5), a = (1, 2, 3, 4):
 *   COL0 = a, COL1 = 2a, BFC0 = a + 1, BFC1 = -a, fog = 3 a.y,
 *   psize = a.w + 0.5, TEX0 = a.wzyx, VAR0 = a * a, TEX3 = (1, 2, 3, 4),
 *   clip i = dot(a, plane i). */
static void
test_outputs(void)
{
   nir_builder b = nvc_test_vs_builder("outputs");
   nir_variable *va = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   static const struct { int slot; const char *name; } outs[] = {
      { VARYING_SLOT_POS, "pos" }, { VARYING_SLOT_COL0, "col0" },
      { VARYING_SLOT_COL1, "col1" }, { VARYING_SLOT_BFC0, "bfc0" },
      { VARYING_SLOT_BFC1, "bfc1" }, { VARYING_SLOT_TEX0, "tex0" },
      { VARYING_SLOT_VAR0, "var0" }, { VARYING_SLOT_TEX3, "tex3" },
   };
   nir_variable *o[8];
   for (unsigned i = 0; i < 8; i++)
      o[i] = nvc_test_out_vec4(b.shader, outs[i].slot, i, outs[i].name);
   nir_variable *fog =
      nvc_test_var(b.shader, nir_var_shader_out, glsl_float_type(),
                   VARYING_SLOT_FOGC, 8, "fog");
   nir_variable *ps =
      nvc_test_var(b.shader, nir_var_shader_out, glsl_float_type(),
                   VARYING_SLOT_PSIZ, 9, "psize");
   nir_ssa_def *a = nir_load_var(&b, va);
   nir_store_var(&b, o[0], a, 0xf);
   nir_store_var(&b, o[1], a, 0xf);
   nir_store_var(&b, o[2], nir_fmul_imm(&b, a, 2), 0xf);
   nir_store_var(&b, o[3], nir_fadd_imm(&b, a, 1), 0xf);
   nir_store_var(&b, o[4], nir_fneg(&b, a), 0xf);
   nir_store_var(&b, o[5], nir_swizzle(&b, a, (unsigned[]){ 3, 2, 1, 0 }, 4),
                 0xf);
   nir_store_var(&b, o[6], nir_fmul(&b, a, a), 0xf);
   nir_store_var(&b, o[7], nir_imm_vec4(&b, 1, 2, 3, 4), 0xf);
   nir_store_var(&b, fog, nir_fmul_imm(&b, nir_channel(&b, a, 1), 3), 0x1);
   nir_store_var(&b, ps, nir_fadd_imm(&b, nir_channel(&b, a, 3), 0.5f), 0x1);

   struct nvc_vp_key key = { .ucp_enable = (1u << 0) | (1u << 5),
                             .const_base = nv30.vp.first_free_const };
   memset(key.texcoord_varying, NVC_VARYING_NONE, sizeof(key.texcoord_varying));
   key.texcoord_varying[0] = VARYING_SLOT_TEX0;
   key.texcoord_varying[1] = VARYING_SLOT_VAR0;
   key.texcoord_varying[3] = VARYING_SLOT_TEX3;
   struct nvc_vp_binary bin;
   if (!compile(&b, &key, &bin))
      return;
   CHECK(bin.result_en == 0, "result_en 0x%x", bin.result_en);
   CHECK(bin.clip_planes_enable == (NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE0 |
                                    NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE5),
         "clip_planes_enable 0x%x", bin.clip_planes_enable);
   CHECK(bin.writes_fog && bin.writes_psize, "fog/psize flags");
   struct nvisa_nv30_vp_insn *d = decode_all(&bin);
   unsigned n = bin.num_insns;
   /* rankine's own registers: CLPn.x the distances (upstream
    * nvfx_vertprog.c, NV30_VP_INST_DEST_CLP(n) with mask X); fog and
    * point size .x only */
   CHECK(writes_out(d, n, NVISA_NV30_VP_OUT_CLP0, NVISA_MASK_X) &&
         writes_out(d, n, NVISA_NV30_VP_OUT_CLP5, NVISA_MASK_X),
         "clip distances not in CLP0/CLP5.x");
   CHECK(!writes_out(d, n, NVISA_NV30_VP_OUT_FOGC, 0xe) &&
         !writes_out(d, n, NVISA_NV30_VP_OUT_PSZ, 0xe),
         "FOGC/PSZ .yzw written (curie's clip distance places)");
   static const unsigned want[] = {
      NVISA_NV30_VP_OUT_HPOS, NVISA_NV30_VP_OUT_COL0, NVISA_NV30_VP_OUT_COL1,
      NVISA_NV30_VP_OUT_BFC0, NVISA_NV30_VP_OUT_BFC1, NVISA_NV30_VP_OUT_FOGC,
      NVISA_NV30_VP_OUT_PSZ, NVISA_NV30_VP_OUT_TC0, NVISA_NV30_VP_OUT_TC1,
      NVISA_NV30_VP_OUT_TC3,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(want); i++)
      CHECK(writes_out(d, n, want[i], 0xf), "output %s not written",
            nvisa_nv30_vp_out_names[want[i]]);
   free(d);

   struct vp_run r;
   memset(&r, 0, sizeof(r));
   float av[4] = { 1, 2, 3, 4 };
   float p0[4] = { 1, 0, 0, 0.5f }, p5[4] = { 0, -1, 1, 2 };
   memcpy(r.in[0], av, 16);
   memcpy(r.c[0], p0, 16);
   memcpy(r.c[5], p5, 16);
   if (run(&bin, NULL, &r)) {
      CHECK_VEC4(r.io.out[OUT(HPOS)], 1, 2, 3, 4, 0);
      CHECK_VEC4(r.io.out[OUT(COL0)], 1, 2, 3, 4, 0);
      CHECK_VEC4(r.io.out[OUT(COL1)], 2, 4, 6, 8, 0);
      CHECK_VEC4(r.io.out[OUT(BFC0)], 2, 3, 4, 5, 0);
      CHECK_VEC4(r.io.out[OUT(BFC1)], -1, -2, -3, -4, 0);
      CHECK_VEC4(r.io.out[OUT(TC0)], 4, 3, 2, 1, 0);
      CHECK_VEC4(r.io.out[OUT(TC0) + 1], 1, 4, 9, 16, 0);
      CHECK_VEC4(r.io.out[OUT(TC0) + 3], 1, 2, 3, 4, 0);
      CHECK(r.io.out[OUT(FOGC)][0] == 6, "fog %g", r.io.out[OUT(FOGC)][0]);
      CHECK(r.io.out[OUT(PSZ)][0] == 4.5f, "psize %g", r.io.out[OUT(PSZ)][0]);
      /* plane 0: 1 + 0.5 * 4 = 3; plane 5: -2 + 3 + 8 = 9 */
      CHECK(r.io.out[OUT(FOGC)][1] == 3, "clip 0: %g", r.io.out[OUT(FOGC)][1]);
      CHECK(r.io.out[OUT(PSZ)][3] == 9, "clip 5: %g", r.io.out[OUT(PSZ)][3]);
   }
   nvc_vp_binary_free(&bin);
}

/* VP and FP linked as the driver links them (README "Using it"): the FP
 * reads TEX2 and two generic varyings; its texcoord routing goes into the
 * VP's key, so the VP writes each varying at the texcoord the FP reads
 * it from, and drops the one the FP does not read:
 *   VAR0 = 2a, TEX2 = a + 1, VAR1 = -a (unread), VAR2 = a.wzyx. */
static void
test_linkage(void)
{
   static const int fs_reads[] = {
      VARYING_SLOT_VAR2, VARYING_SLOT_TEX2, VARYING_SLOT_VAR0,
   };
   nir_builder fb = nir_builder_init_simple_shader(
      MESA_SHADER_FRAGMENT, nvc_nir_options(&nv30, PIPE_SHADER_FRAGMENT),
      "linkage_fs");
   nir_ssa_def *sum = NULL;
   for (unsigned i = 0; i < ARRAY_SIZE(fs_reads); i++) {
      nir_ssa_def *v = nir_load_var(
         &fb, nvc_test_var(fb.shader, nir_var_shader_in, glsl_vec4_type(),
                           fs_reads[i], i, "in"));
      sum = sum ? nir_fadd(&fb, sum, v) : v;
   }
   nir_store_var(&fb,
                 nvc_test_out_vec4(fb.shader, FRAG_RESULT_COLOR, 0, "color"),
                 sum, 0xf);
   struct nvc_fp_binary fp;
   char *err = NULL;
   bool ok = nvc_compile_fs(&nv30, fb.shader, &fp, &err);
   CHECK(ok, "fs: %s", err ? err : "?");
   free(err);
   ralloc_free(fb.shader);
   if (!ok)
      return;

   nir_builder b = nvc_test_vs_builder("linkage_vs");
   nir_ssa_def *a = nir_load_var(
      &b, nvc_test_var(b.shader, nir_var_shader_in, glsl_vec4_type(),
                       VERT_ATTRIB_GENERIC0, 0, "a"));
   static const int vs_writes[] = {
      VARYING_SLOT_POS, VARYING_SLOT_VAR0, VARYING_SLOT_TEX2,
      VARYING_SLOT_VAR1, VARYING_SLOT_VAR2,
   };
   nir_ssa_def *vals[] = {
      a, nir_fmul_imm(&b, a, 2), nir_fadd_imm(&b, a, 1), nir_fneg(&b, a),
      nir_swizzle(&b, a, (unsigned[]){ 3, 2, 1, 0 }, 4),
   };
   for (unsigned i = 0; i < ARRAY_SIZE(vs_writes); i++)
      nir_store_var(&b, nvc_test_out_vec4(b.shader, vs_writes[i], i, "out"),
                    vals[i], 0xf);
   struct nvc_vp_key key = { .const_base = nv30.vp.first_free_const };
   memcpy(key.texcoord_varying, fp.texcoord_varying,
          sizeof(key.texcoord_varying));
   struct nvc_vp_binary bin;
   if (!compile(&b, &key, &bin)) {
      nvc_fp_binary_free(&fp);
      return;
   }
   /* the TCs the VP writes are exactly those the FP reads */
   struct nvisa_nv30_vp_insn *d = decode_all(&bin);
   unsigned tcs = NVISA_NV30_VP_OUT_TC7 - NVISA_NV30_VP_OUT_TC0 + 1;
   uint32_t written = 0;
   for (unsigned t = 0; t < tcs; t++)
      if (writes_out(d, bin.num_insns, NVISA_NV30_VP_OUT_TC0 + t, 0xf))
         written |= 1u << t;
   CHECK(written == fp.texcoords_used && written, "VP writes TCs 0x%x, FP "
         "reads 0x%x", written, fp.texcoords_used);
   free(d);
   struct vp_run r;
   memset(&r, 0, sizeof(r));
   float av[4] = { 1, 2, 3, 4 };
   memcpy(r.in[0], av, 16);
   if (run(&bin, NULL, &r)) {
      for (unsigned t = 0; t < tcs; t++) {
         const float *o = r.io.out[OUT(TC0) + t];
         switch (fp.texcoord_varying[t]) {
         case VARYING_SLOT_VAR0: CHECK_VEC4(o, 2, 4, 6, 8, 0); break;
         case VARYING_SLOT_TEX2: CHECK_VEC4(o, 2, 3, 4, 5, 0); break;
         case VARYING_SLOT_VAR2: CHECK_VEC4(o, 4, 3, 2, 1, 0); break;
         default:
            CHECK(fp.texcoord_varying[t] == NVC_VARYING_NONE,
                  "TC%u carries varying %u", t, fp.texcoord_varying[t]);
            break;
         }
      }
   }
   nvc_vp_binary_free(&bin);
   nvc_fp_binary_free(&fp);
}

/* Eight packed varyings whose 32 components are all computed before
 * the first is stored (the order GLSL's varying packing leaves, piglit
 * varying-packing-simple): in that order 16 half-written vec4 values
 * are live at once next to the arithmetic's temporaries, more than
 * rankine's 16 VP temporaries (chips.xml); the compiler must find an
 * order that fits.
 * Component c of VARk = u.x + 4k + c (GLSL: each output as assigned). */
static void
test_register_pressure(void)
{
   nir_builder b = nvc_test_vs_builder("pressure");
   nir_ssa_def *a =
      nir_load_var(&b, nvc_test_var(b.shader, nir_var_shader_in,
                                    glsl_vec4_type(), VERT_ATTRIB_GENERIC0,
                                    0, "a"));
   nir_store_var(&b, nvc_test_var(b.shader, nir_var_shader_out,
                                  glsl_vec4_type(), VARYING_SLOT_POS, 0,
                                  "pos"), a, 0xf);
   nir_ssa_def *u = nir_channel(&b, nvc_test_load_uniform_vec4(&b, 0), 0);
   nir_ssa_def *comp[32];
   for (unsigned i = 0; i < 32; i++)
      comp[i] = nir_fadd_imm(&b, u, (float)i);
   for (unsigned k = 0; k < 8; k++) {
      nir_variable *o = nvc_test_var(b.shader, nir_var_shader_out,
                                     glsl_vec4_type(),
                                     VARYING_SLOT_VAR0 + k, 1 + k, "v");
      /* two stores per output, as packing writes halves: a vec4 each
       * (the isel writes the sums into the vector's register) */
      nir_ssa_def *x = nir_ssa_undef(&b, 1, 32);
      nir_store_var(&b, o, nir_vec4(&b, comp[4 * k], comp[4 * k + 1], x, x),
                    0x3);
      nir_store_var(&b, o, nir_vec4(&b, x, x, comp[4 * k + 2],
                                    comp[4 * k + 3]), 0xc);
   }
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   CHECK(bin.num_temps <= nv30.vp.num_temps, "%u temps", bin.num_temps);
   static const float uv[1][4] = { { 0.5f, 0, 0, 0 } };
   struct vp_run r;
   memset(&r, 0, sizeof(r));
   if (run(&bin, uv, &r)) {
      for (unsigned t = 0; t < 8; t++) {
         unsigned k = bin.texcoord_varying[t] - VARYING_SLOT_VAR0;
         CHECK(k < 8, "TC%u carries varying %u", t, bin.texcoord_varying[t]);
         if (k < 8)
            CHECK_VEC4(r.io.out[OUT(TC0) + t], 0.5f + 4 * k, 1.5f + 4 * k,
                       2.5f + 4 * k, 3.5f + 4 * k, 0);
      }
   }
   nvc_vp_binary_free(&bin);
}

/* An FP that reads gl_FrontFacing from COL1 (key.facing_in_col1, see
 * nvc_fp_binary::facing_in_col1): the VP writes COL1 = 1 (front faces)
 * and BFC1 = 0 (back faces; VERTEX_TWO_SIDE_ENABLE selects BFC0/BFC1
 * there, rnndb NV_vertex_program), whatever the shader wrote to them;
 * BFC0 = COL0 so that back faces keep the primary colour, unless the
 * user's two-sided colours are on (key.two_side: BFC0 is the shader's
 * gl_BackColor). */
static void
test_facing_colours(void)
{
   for (unsigned two_side = 0; two_side < 2; two_side++) {
      nir_builder b = nvc_test_vs_builder("facing");
      nir_ssa_def *a =
         nir_load_var(&b, nvc_test_var(b.shader, nir_var_shader_in,
                                       glsl_vec4_type(), VERT_ATTRIB_GENERIC0,
                                       0, "a"));
      static const int slots[] = {
         VARYING_SLOT_POS, VARYING_SLOT_COL0, VARYING_SLOT_COL1,
         VARYING_SLOT_BFC0, VARYING_SLOT_BFC1,
      };
      nir_ssa_def *vals[] = {
         a, nir_fmul_imm(&b, a, 0.5f), nir_fmul_imm(&b, a, 0.25f),
         nir_fmul_imm(&b, a, 0.125f), nir_fmul_imm(&b, a, 0.0625f),
      };
      for (unsigned i = 0; i < ARRAY_SIZE(slots); i++)
         nir_store_var(&b, nvc_test_var(b.shader, nir_var_shader_out,
                                        glsl_vec4_type(), slots[i], i, "o"),
                       vals[i], 0xf);
      struct nvc_vp_key key = {
         .const_base = nv30.vp.first_free_const,
         .facing_in_col1 = true,
         .two_side = two_side,
      };
      memset(key.texcoord_varying, NVC_VARYING_NONE,
             sizeof(key.texcoord_varying));
      struct nvc_vp_binary bin;
      if (!compile(&b, &key, &bin))
         continue;
      struct vp_run r;
      memset(&r, 0, sizeof(r));
      float av[4] = { 1, 2, 4, 8 };
      memcpy(r.in[0], av, 16);
      if (run(&bin, NULL, &r)) {
         CHECK_VEC4(r.io.out[OUT(COL0)], 0.5f, 1, 2, 4, 0);
         CHECK_VEC4(r.io.out[OUT(COL1)], 1, 1, 1, 1, 0);
         CHECK_VEC4(r.io.out[OUT(BFC1)], 0, 0, 0, 0, 0);
         if (two_side)
            CHECK_VEC4(r.io.out[OUT(BFC0)], 0.125f, 0.25f, 0.5f, 1, 0);
         else
            CHECK_VEC4(r.io.out[OUT(BFC0)], 0.5f, 1, 2, 4, 0);
      }
      nvc_vp_binary_free(&bin);
   }
}

/* An indirect write into a temporary array of matrices (GLSL
 * mat3 m[3]; m[i] = src; m[i][col][row] = value; out = m[j] * v, piglit
 * vs-temp-array-mat3-index-col-row-wr): rankine's VP cannot index its
 * temporaries, so the array becomes select ladders whose conditions
 * must not each take one of the 16 temporaries.  u0 = (i, j, col, row),
 * u1 = (value, v.x, v.y, v.z), u2..u4 = the columns of src. */
static void
test_indirect_temp_write(void)
{
   nir_builder b = nvc_test_vs_builder("indirect-temp-write");
   nir_ssa_def *a =
      nir_load_var(&b, nvc_test_var(b.shader, nir_var_shader_in,
                                    glsl_vec4_type(), VERT_ATTRIB_GENERIC0,
                                    0, "a"));
   nir_store_var(&b, nvc_test_var(b.shader, nir_var_shader_out,
                                  glsl_vec4_type(), VARYING_SLOT_POS, 0,
                                  "pos"), a, 0xf);
   nir_ssa_def *u0 = nvc_test_load_uniform_vec4(&b, 0);
   nir_ssa_def *u1 = nvc_test_load_uniform_vec4(&b, 1);
   nir_variable *m = nir_local_variable_create(
      b.impl, glsl_array_type(glsl_matrix_type(GLSL_TYPE_FLOAT, 3, 3), 3, 0), "m");
   nir_deref_instr *md = nir_build_deref_var(&b, m);
   for (unsigned k = 0; k < 3; k++)
      for (unsigned c = 0; c < 3; c++)
         nir_store_deref(&b, nir_build_deref_array_imm(&b,
                            nir_build_deref_array_imm(&b, md, k), c),
                         nir_imm_vec3(&b, 0, 0, 0), 0x7);
   nir_ssa_def *idx[4];
   for (unsigned i = 0; i < 4; i++)
      idx[i] = nir_f2i32(&b, nir_channel(&b, u0, i));
   nir_deref_instr *mi = nir_build_deref_array(&b, md, idx[0]);
   for (unsigned c = 0; c < 3; c++)
      nir_store_deref(&b, nir_build_deref_array_imm(&b, mi, c),
                      nir_channels(&b, nvc_test_load_uniform_vec4(&b, 2 + c),
                                   0x7), 0x7);
   /* [row] of a vector: GLSL's vector insert, a select per channel */
   nir_deref_instr *mc = nir_build_deref_array(&b, mi, idx[2]);
   nir_ssa_def *colv = nir_load_deref(&b, mc), *ins[3];
   for (unsigned c = 0; c < 3; c++)
      ins[c] = nir_bcsel(&b, nir_ieq_imm(&b, idx[3], c),
                         nir_channel(&b, u1, 0), nir_channel(&b, colv, c));
   nir_store_deref(&b, mc, nir_vec(&b, ins, 3), 0x7);
   nir_deref_instr *mj = nir_build_deref_array(&b, md, idx[1]);
   nir_ssa_def *r = nir_fmul(&b, nir_load_deref(&b,
                                nir_build_deref_array_imm(&b, mj, 0)),
                             nir_channel(&b, u1, 1));
   for (unsigned c = 1; c < 3; c++)
      r = nir_ffma(&b, nir_load_deref(&b, nir_build_deref_array_imm(&b, mj, c)),
                   nir_channel(&b, u1, 1 + c), r);
   nir_store_var(&b, nvc_test_var(b.shader, nir_var_shader_out,
                                  glsl_vec4_type(), VARYING_SLOT_COL0, 1,
                                  "col0"),
                 nir_vec4(&b, nir_channel(&b, r, 0), nir_channel(&b, r, 1),
                          nir_channel(&b, r, 2), nir_imm_float(&b, 1)), 0xf);
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   CHECK(bin.num_temps <= nv30.vp.num_temps, "%u temps", bin.num_temps);
   /* src columns (1,2,3), (4,5,6), (7,8,9); value 10 at [2][0] of m[1];
    * v = (1, 10, 100): m[1] * v = (1 + 40 + 1000, 2 + 50 + 800,
    * 3 + 60 + 900); m[0] is still zero */
   static const struct { float j; float want[3]; } cases[] = {
      { 1, { 1041, 852, 963 } }, { 0, { 0, 0, 0 } },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      const float uv[5][4] = {
         { 1, cases[i].j, 2, 0 }, { 10, 1, 10, 100 },
         { 1, 2, 3, 0 }, { 4, 5, 6, 0 }, { 7, 8, 9, 0 },
      };
      struct vp_run run_state;
      memset(&run_state, 0, sizeof(run_state));
      if (run(&bin, uv, &run_state))
         CHECK_VEC4(run_state.io.out[OUT(COL0)], cases[i].want[0],
                    cases[i].want[1], cases[i].want[2], 1, 0);
   }
   nvc_vp_binary_free(&bin);
}

/* Dual issue (nvc_vp_pair) on hand-written instructions: a vector-only
 * and a scalar-only instruction merge on curie whatever temporaries they
 * write, on rankine only when they write the one DST (isa.rst "Rankine":
 * one DST, a write mask each); nothing that uses the address register
 * merges (A0 is not the temporary DST names). */
static unsigned
pair_two(const struct nvisa_nv40_vp_insn *a, const struct nvisa_nv40_vp_insn *b,
         bool one_dst)
{
   struct nvisa_nv40_vp_insn hw[2] = { *a, *b };
   struct nvc_prog p;
   nvc_prog_init(&p, &nv30, false);
   unsigned n = nvc_vp_pair(&p, hw, 2, one_dst);
   CHECK(!p.error, "%s", p.error);
   nvc_prog_fini(&p);
   return n;
}

static void
test_pairing(void)
{
   struct nvisa_nv40_vp_insn mul, rcp, arl, ldc;
   nvisa_nv40_vp_insn_init(&mul);
   mul.vec_op = NVISA_NV40_VP_VEC_OP_MUL;   /* MUL R1.xyz, v[0], c[0] */
   mul.vec_dst = 1;
   mul.vec_mask = NVISA_MASK_X | NVISA_MASK_Y | NVISA_MASK_Z;
   mul.src[0].file = NVISA_FILE_INPUT;
   mul.src[1].file = NVISA_FILE_CONST;
   nvisa_nv40_vp_insn_init(&rcp);
   rcp.sca_op = NVISA_NV40_VP_SCA_OP_RCP;   /* RCP R2.w, c[0].x */
   rcp.sca_dst = 2;
   rcp.sca_mask = NVISA_MASK_W;
   rcp.src[2].file = NVISA_FILE_CONST;
   CHECK(pair_two(&mul, &rcp, false) == 1, "curie: MUL R1 + RCP R2 not paired");
   CHECK(pair_two(&mul, &rcp, true) == 2, "rankine: MUL R1 + RCP R2 paired");
   rcp.sca_dst = 1;                         /* RCP R1.w */
   CHECK(pair_two(&mul, &rcp, true) == 1, "rankine: MUL R1.xyz + RCP R1.w "
         "not paired");
   arl = mul;                               /* ARL A0.x, v[0] */
   arl.vec_op = NVISA_NV40_VP_VEC_OP_ARL;
   arl.vec_dst = 0;
   arl.vec_mask = NVISA_MASK_X;
   rcp.sca_dst = 0;
   CHECK(pair_two(&arl, &rcp, true) == 2 && pair_two(&arl, &rcp, false) == 2,
         "ARL paired");
   ldc = mul;                               /* MUL R1.xyz, v[0], c[A0.x] */
   ldc.const_indexed = true;
   CHECK(pair_two(&ldc, &rcp, false) == 2, "indexed read paired");
}

/* ------------------------------------------------------------------ */
/* Limits: errors naming the chip, not crashes. */

static void
expect_error(nir_builder *b, const char *want)
{
   struct nvc_vp_binary bin;
   char *err = NULL;
   bool ok = nvc_compile_vs(&nv30, b->shader, NULL, &bin, &err);
   CHECK(!ok, "%s compiled", b->shader->info.name);
   CHECK(err && !strncmp(err, "NV30", 4) && strstr(err, want),
         "%s: error %s, want NV30 ... %s", b->shader->info.name,
         err ? err : "(none)", want);
   CHECK(!bin.insns && !bin.num_insns, "binary not cleared");
   if (ok)
      nvc_vp_binary_free(&bin);
   free(err);
   ralloc_free(b->shader);
}

/* n vec4 values live at once: v_i = a * a + (i + 1 .. i + 4), then a
 * product chain that needs all of them. */
static nir_builder
live_values(unsigned n)
{
   nir_builder b = nvc_test_vs_builder("pressure");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "in");
   nir_variable *out = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "out");
   nir_ssa_def *a = nir_load_var(&b, in);
   nir_ssa_def *v[64];
   for (unsigned i = 0; i < n; i++)
      v[i] = nir_fadd(&b, nir_fmul(&b, a, a),
                      nir_imm_vec4(&b, i + 1.0f, i + 2.0f, i + 3.0f, i + 4.0f));
   nir_ssa_def *r = v[n - 1];
   for (int i = n - 2; i >= 0; i--)
      r = nir_fmul(&b, r, v[i]);
   nir_store_var(&b, out, r, 0xf);
   return b;
}

/* The same with mat4[3] (piglit vs-temp-array-mat4-index-col-row-wr):
 * 12 columns live through the read-modify-write, more than the 16
 * temporaries hold next to the ladders' values, and more than the 256
 * instructions the unit holds as selects of three instructions each;
 * it fits with the selects of a value or zero as products and the
 * columns recomputed where read (nvc_select_to_mul.c, nvc_remat.c).
 * u0 = (i, j, col, row), u1.x = value, u2 = v, u3..u6 = src's columns. */
static void
test_indirect_temp_write_mat4(void)
{
   nir_builder b = nvc_test_vs_builder("indirect-temp-write-mat4");
   nir_ssa_def *a =
      nir_load_var(&b, nvc_test_var(b.shader, nir_var_shader_in,
                                    glsl_vec4_type(), VERT_ATTRIB_GENERIC0,
                                    0, "a"));
   nir_store_var(&b, nvc_test_var(b.shader, nir_var_shader_out,
                                  glsl_vec4_type(), VARYING_SLOT_POS, 0,
                                  "pos"), a, 0xf);
   nir_ssa_def *u0 = nvc_test_load_uniform_vec4(&b, 0);
   nir_ssa_def *u1 = nvc_test_load_uniform_vec4(&b, 1);
   nir_ssa_def *v = nvc_test_load_uniform_vec4(&b, 2);
   nir_variable *m = nir_local_variable_create(
      b.impl, glsl_array_type(glsl_matrix_type(GLSL_TYPE_FLOAT, 4, 4), 3, 0), "m");
   nir_deref_instr *md = nir_build_deref_var(&b, m);
   for (unsigned k = 0; k < 3; k++)
      for (unsigned c = 0; c < 4; c++)
         nir_store_deref(&b, nir_build_deref_array_imm(&b,
                            nir_build_deref_array_imm(&b, md, k), c),
                         nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
   nir_ssa_def *idx[4];
   for (unsigned i = 0; i < 4; i++)
      idx[i] = nir_f2i32(&b, nir_channel(&b, u0, i));
   nir_deref_instr *mi = nir_build_deref_array(&b, md, idx[0]);
   for (unsigned c = 0; c < 4; c++)
      nir_store_deref(&b, nir_build_deref_array_imm(&b, mi, c),
                      nvc_test_load_uniform_vec4(&b, 3 + c), 0xf);
   nir_deref_instr *mc = nir_build_deref_array(&b, mi, idx[2]);
   nir_ssa_def *colv = nir_load_deref(&b, mc), *ins[4];
   for (unsigned c = 0; c < 4; c++)
      ins[c] = nir_bcsel(&b, nir_ieq_imm(&b, idx[3], c),
                         nir_channel(&b, u1, 0), nir_channel(&b, colv, c));
   nir_store_deref(&b, mc, nir_vec(&b, ins, 4), 0xf);
   nir_deref_instr *mj = nir_build_deref_array(&b, md, idx[1]);
   nir_ssa_def *r = nir_fmul(&b, nir_load_deref(&b,
                                nir_build_deref_array_imm(&b, mj, 0)),
                             nir_channel(&b, v, 0));
   for (unsigned c = 1; c < 4; c++)
      r = nir_ffma(&b, nir_load_deref(&b, nir_build_deref_array_imm(&b, mj, c)),
                   nir_channel(&b, v, c), r);
   nir_store_var(&b, nvc_test_var(b.shader, nir_var_shader_out,
                                  glsl_vec4_type(), VARYING_SLOT_COL0, 1,
                                  "col0"), r, 0xf);
   struct nvc_vp_binary bin;
   if (!compile(&b, NULL, &bin))
      return;
   CHECK(bin.num_temps <= nv30.vp.num_temps, "%u temps", bin.num_temps);
   CHECK(bin.num_insns <= nv30.vp.max_insns, "%u instructions", bin.num_insns);
   /* src columns (1,2,3,4) (5,6,7,8) (9,10,11,12) (13,14,15,16), v =
    * (1, 10, 100, 1000), value 20: m[j] * v by hand, m[j] zero unless
    * j = i, where column col has 20 at row */
   static const struct { float i, j, col, row; float want[4]; } cases[] = {
      { 1, 1, 2, 0, { 15051, 15062, 16173, 17284 } },
      { 1, 0, 2, 0, { 0, 0, 0, 0 } },
      { 2, 2, 3, 3, { 13951, 15062, 16173, 21284 } },
      { 0, 0, 0, 1, { 13951, 15080, 16173, 17284 } },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      const float uv[7][4] = {
         { cases[i].i, cases[i].j, cases[i].col, cases[i].row },
         { 20, 0, 0, 0 }, { 1, 10, 100, 1000 },
         { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { 9, 10, 11, 12 },
         { 13, 14, 15, 16 },
      };
      struct vp_run run_state;
      memset(&run_state, 0, sizeof(run_state));
      if (run(&bin, uv, &run_state))
         CHECK_VEC4(run_state.io.out[OUT(COL0)], cases[i].want[0],
                    cases[i].want[1], cases[i].want[2], cases[i].want[3], 0);
   }
   nvc_vp_binary_free(&bin);
}

static void
test_limits(void)
{
   /* NV_vertex_program2: 16 temporaries (nv30_vp.xml NUM_TEMPS); 12 live
    * vec4s fit and run right, 20 do not */
   CHECK(nv30.vp.num_temps == 16, "%u temps", nv30.vp.num_temps);
   nir_builder b = live_values(12);
   struct nvc_vp_binary bin;
   if (compile(&b, NULL, &bin)) {
      CHECK(bin.num_temps <= 16, "%u temps", bin.num_temps);
      struct vp_run r;
      memset(&r, 0, sizeof(r));
      float in[4] = { 0, 1, 0, 0 };
      memcpy(r.in[0], in, 16);
      /* a*a = (0, 1, 0, 0): the product over i < 12 of (i+1, i+3, i+3,
       * i+4): 12!, 14!/2, 14!/2, 15!/6 */
      if (run(&bin, NULL, &r)) {
         double x = 1, y = 1, z = 1, w = 1;
         for (unsigned i = 0; i < 12; i++) {
            x *= i + 1;
            y *= i + 3;
            z *= i + 3;
            w *= i + 4;
         }
         CHECK_VEC4(r.io.out[OUT(HPOS)], (float)x, (float)y, (float)z,
                    (float)w, 1e-5f);
      }
      nvc_vp_binary_free(&bin);
   }
   b = live_values(20);
   expect_error(&b, "16 temporar");

   /* 256 instructions (chips.xml vp-slots, NV_vertex_program2's
    * MAX_PROGRAM_INSTRUCTIONS): a 300-long dependent chain does not fit */
   b = nvc_test_vs_builder("long");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "in");
   nir_variable *out = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "out");
   nir_ssa_def *a = nir_load_var(&b, in), *x = a;
   for (unsigned i = 0; i < 300; i++)
      x = nir_ffma(&b, x, a, nir_imm_float(&b, 1.0f / (i + 3)));
   nir_store_var(&b, out, x, 0xf);
   expect_error(&b, "256 instructions");
}

int
main(void)
{
   if (!nvc_test_begin(&nv30, 0x30))
      return 1;

   test_transform();
   test_alu();
   test_lighting();
   test_foreign_fsat();
   test_condition_codes();
   test_indirect_uniform();
   test_loop_branch();
   test_indexed_loop();
   test_uniform_index();
   test_outputs();
   test_linkage();
   test_register_pressure();
   test_facing_colours();
   test_indirect_temp_write();
   test_indirect_temp_write_mat4();
   test_pairing();
   test_limits();

   return nvc_test_end("nvc NV30 vertex programs: all tests passed");
}
