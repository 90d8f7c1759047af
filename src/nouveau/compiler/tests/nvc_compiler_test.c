/*
 * Tests of the NIR -> NV3x/NV4x compiler: small shaders built with
 * nir_builder the way st/mesa hands them over (variables for I/O and
 * uniforms), run through nvc_compile_vs/fs for the NV40's target (its row
 * of the chip table), executed (nv40_test_exec) on inputs whose results
 * are computed here by hand, plus the failure paths (too many temporaries
 * / instructions, loops) that must give an error, not a crash, and the
 * target description: its facts, and that the compiler obeys it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl_types.h"
#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

#include "nvc_compiler.h"
#include "nvc_test_util.h"
#include "nvhwdb_chips.h"
#include "nv40_test_exec.h"
#include "nvisa_nv40_vp.h"
#ifdef NV40_TEST_WITH_NVSIM
#include "nv40_shader_exec.h"
#endif

/* What every test compiles for: the NV40's row of the chip table. */
static struct nvc_target nv40_target;

/* ------------------------------------------------------------------ */
/* Execution: the test executor, and nvsim's interpreter when built with
 * it (NV40_TEST_WITH_NVSIM), which must agree with it on everything the
 * program wrote (the executor's results are the ones checked against
 * hand-computed values). */

#ifdef NV40_TEST_WITH_NVSIM
/* Runs bin loaded from slot insn_base with its constants from register
 * const_base (nvc_vp_relocate), st's constants moved with them, on
 * nvsim's interpreter; io gets the results. */
static bool
run_vp_nvsim_at(const struct nvc_vp_binary *bin, unsigned insn_base,
                unsigned const_base, const struct nv40_test_vp_state *st,
                struct nvsim_nv40_vp_io *io, char *msg, unsigned len)
{
   unsigned slots = insn_base + bin->num_insns;
   uint32_t (*insns)[4] = calloc(slots, sizeof(*insns));
   static float c[NVISA_NV40_VP_NUM_CONSTS][4];
   struct nvsim_nv40_vp_prog prog = { 0 };

   if (!insns)
      return false;
   nvc_vp_relocate(&nv40_target, bin, insn_base, const_base, insns[insn_base]);
   memset(c, 0, sizeof(c));
   for (unsigned r = 0; r < NVISA_NV40_VP_NUM_CONSTS; r++) {
      unsigned to = r < bin->const_base ? r : r - bin->const_base + const_base;
      if (to < NVISA_NV40_VP_NUM_CONSTS)
         memcpy(c[to], st->c[r], sizeof(c[to]));
   }
   memset(io, 0, sizeof(*io));
   if (nvsim_nv40_vp_prepare(&prog, (const uint32_t (*)[4])insns, slots,
                             msg, len) != 0) {
      free(insns);
      return false;
   }
   io->attr = (const float (*)[4])st->in;
   io->consts = (const float (*)[4])c;
   int r = nvsim_nv40_vp_run(&prog, insn_base, io);
   nvsim_nv40_vp_fini(&prog);
   free(insns);
   if (r != 0) {
      snprintf(msg, len, "nvsim VP at slot %u: %s", insn_base,
               nvsim_nv40_shader_strerror(r));
      return false;
   }
   return true;
}
#endif

static bool
run_vp(const struct nvc_vp_binary *bin, struct nv40_test_vp_state *st,
       char *msg, unsigned len)
{
   /* Outputs not written read (0, 0, 0, 1), as nvsim starts them. */
   for (unsigned o = 0; o < 17; o++) {
      st->out[o][0] = st->out[o][1] = st->out[o][2] = 0.0f;
      st->out[o][3] = 1.0f;
   }
   if (!nv40_test_vp_run(bin->insns, bin->num_insns, st, msg, len))
      return false;
#ifdef NV40_TEST_WITH_NVSIM
   struct nvsim_nv40_vp_io io, moved;
   if (!run_vp_nvsim_at(bin, 0, bin->const_base, st, &io, msg, len))
      return false;
   for (unsigned o = 0; o < NVISA_NV40_VP_NUM_OUTPUTS; o++) {
      if (!(io.out_written & (1u << o)))
         continue;
      for (unsigned c = 0; c < 4; c++) {
         if (st->out[o][c] != io.out[o][c] &&
             fabsf(st->out[o][c] - io.out[o][c]) > 1e-5f * (1 + fabsf(st->out[o][c]))) {
            snprintf(msg, len, "nvsim VP output %u.%u = %g, test executor %g",
                     o, c, io.out[o][c], st->out[o][c]);
            return false;
         }
      }
   }
   /* Loaded elsewhere (the driver keeps several programs resident, each
    * at its own slots and constant registers): the last slots and
    * constant registers the target has, then slot 1 and one register up;
    * every output bit for bit as at slot 0. */
   unsigned used = bin->const_end > bin->const_base ?
                   bin->const_end - bin->const_base : 0;
   const unsigned at[2][2] = {
      { nv40_target.vp.max_insns - bin->num_insns,
        nv40_target.vp.num_consts - used },
      { 1, bin->const_base + 1 },
   };
   for (unsigned k = 0; k < 2; k++) {
      if (!run_vp_nvsim_at(bin, at[k][0], at[k][1], st, &moved, msg, len))
         return false;
      if (moved.out_written != io.out_written ||
          memcmp(moved.out, io.out, sizeof(io.out))) {
         snprintf(msg, len, "the program at slot %u, constants from %u, "
                  "gives other results than at slot 0", at[k][0], at[k][1]);
         return false;
      }
   }
#endif
   return true;
}

#ifdef NV40_TEST_WITH_NVSIM
/* Same fake texture as nv40_test_exec.c: (s, t, r if 3D, unit + lod). */
static void
nvsim_fake_tex(void *data, const struct nvsim_tex_request *req,
               float result[4][4])
{
   const struct nv40_test_fp_state *st = data;
   for (unsigned f = 0; f < 4; f++) {
      if (!(req->mask & (1u << f)))
         continue;
      result[f][0] = req->coord[f][0];
      result[f][1] = req->coord[f][1];
      result[f][2] = st->tex_3d[req->unit & 15] ? req->coord[f][2] : 0.0f;
      result[f][3] = (float)req->unit + req->lod[f];
   }
}
#endif

static bool
run_fp(const struct nvc_fp_binary *bin, struct nv40_test_fp_state *st,
       char *msg, unsigned len)
{
   if (!nv40_test_fp_run(bin->insns, bin->num_words, st, msg, len))
      return false;
#ifdef NV40_TEST_WITH_NVSIM
   struct nvsim_nv40_fp_prog prog = { 0 };
   if (nvsim_nv40_fp_prepare(&prog, bin->insns, bin->num_words, msg, len) != 0)
      return false;
   struct nvsim_nv40_fp_quad q;
   memset(&q, 0, sizeof(q));
   for (unsigned f = 0; f < 4; f++)
      memcpy(q.in[f], st->in, sizeof(st->in));
   q.mask = 1;
   struct nvsim_nv40_fp_env env = { .tex = nvsim_fake_tex, .tex_data = st };
   int r = nvsim_nv40_fp_run_quad(&prog, &q, &env);
   nvsim_nv40_fp_fini(&prog);
   if (r != 0) {
      snprintf(msg, len, "nvsim FP: %s", nvsim_nv40_shader_strerror(r));
      return false;
   }
   bool killed = !(q.mask & 1);
   if (killed != st->killed) {
      snprintf(msg, len, "nvsim FP killed=%d, test executor %d", killed,
               st->killed);
      return false;
   }
   if (killed)
      return true;
   /* colour results: R0, R2, R3, R4 (H0/H4/H6/H8, fp16 in nvsim) */
   static const unsigned reg[4] = { 0, 2, 3, 4 };
   for (unsigned rt = 0; rt < 4; rt++) {
      if (!(bin->color_outputs & (1u << rt)))
         continue;
      for (unsigned c = 0; c < 4; c++) {
         float want = st->r[reg[rt]][c], got = q.color[rt][0][c];
         if (fabsf(want - got) > 1e-3f * (1 + fabsf(want))) {
            snprintf(msg, len, "nvsim FP colour %u.%u = %g, test executor %g",
                     rt, c, got, want);
            return false;
         }
      }
   }
   if (bin->writes_depth && fabsf(q.depth[0] - st->r[1][2]) > 1e-6f) {
      snprintf(msg, len, "nvsim FP depth %g, test executor %g", q.depth[0],
               st->r[1][2]);
      return false;
   }
#endif
   return true;
}

static const float *
vp_output(struct nv40_test_vp_state *st, unsigned hw_out)
{
   return st->out[hw_out];
}

/* Uploads the constants the binary asks for, from `uniforms` (vec4 slots). */
static void
vp_load_consts(const struct nvc_vp_binary *bin, const float (*uniforms)[4],
               struct nv40_test_vp_state *st)
{
   for (unsigned i = 0; i < bin->num_consts; i++) {
      const struct nvc_vp_const *k = &bin->consts[i];
      if (k->uniform_slot >= 0)
         memcpy(st->c[k->hw_slot], uniforms[k->uniform_slot], 16);
      else
         memcpy(st->c[k->hw_slot], k->value, 16);
   }
}

static void
fp_patch(struct nvc_fp_binary *bin, const float *uniform_dwords,
         unsigned num_dwords)
{
   for (unsigned i = 0; i < bin->num_patches; i++) {
      CHECK(bin->patches[i].word < bin->num_words &&
            bin->patches[i].uniform_dword < num_dwords,
            "patch %u: word %u, dword %u", i, bin->patches[i].word,
            bin->patches[i].uniform_dword);
      if (bin->patches[i].word < bin->num_words &&
          bin->patches[i].uniform_dword < num_dwords)
         memcpy(&bin->insns[bin->patches[i].word],
                &uniform_dwords[bin->patches[i].uniform_dword], 4);
   }
}

/* ------------------------------------------------------------------ */

/* gl_Position = M * v (column vectors u0..u3), texcoord0 = a1 * 2 + 0.5,
 * front colour = a1.zyxw (swizzled attribute straight to an output). */
static void
test_vs_transform(void)
{
   nir_builder b = nvc_test_vs_builder("transform");
   nir_variable *a0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *a1 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC1, 1, "a1");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *tc = nvc_test_out_vec4(b.shader, VARYING_SLOT_TEX0, 1, "tc0");
   nir_variable *col =
      nvc_test_out_vec4(b.shader, VARYING_SLOT_COL0, 2, "col0");
   nir_ssa_def *v = nir_load_var(&b, a0);
   nir_ssa_def *m[4];
   for (unsigned i = 0; i < 4; i++)
      m[i] = nvc_test_load_uniform_vec4(&b, i);
   nir_ssa_def *p = nir_fmul(&b, m[0], nir_channel(&b, v, 0));
   for (unsigned i = 1; i < 4; i++)
      p = nir_ffma(&b, m[i], nir_channel(&b, v, i), p);
   nir_store_var(&b, pos, p, 0xf);
   nir_ssa_def *t = nir_load_var(&b, a1);
   nir_store_var(&b, tc, nir_ffma(&b, t, nir_imm_float(&b, 2.0f),
                                  nir_imm_float(&b, 0.5f)), 0xf);
   nir_store_var(&b, col, nir_swizzle(&b, t, (unsigned[]){ 2, 1, 0, 3 }, 4), 0xf);

   struct nvc_vp_binary bin;
   bool ok = nvc_test_compile_vs(b.shader, NULL, &bin, NULL);
   if (!ok)
      return;

   CHECK(bin.attrib_en == 0x3, "attrib_en 0x%x", bin.attrib_en);
   /* COL0 (bit 0) and TC0 (bit 14), upstream nvfx_vertprog.c emit_dst /
    * nvfx_fragprog.c vp_or. */
   CHECK(bin.result_en == ((1u << 0) | (1u << 14)), "result_en 0x%x", bin.result_en);
   CHECK(bin.texcoord_varying[0] == VARYING_SLOT_TEX0, "tc0 routing");
   CHECK(bin.num_insns <= 6, "%u instructions for 4 MUL/MAD + MAD + MOV",
         bin.num_insns);

   float uniforms[4][4] = {
      { 1, 0, 0, 0 }, { 0, 2, 0, 0 }, { 0, 0, 3, 1 }, { 10, 20, 30, 1 },
   };
   struct nv40_test_vp_state st;
   memset(&st, 0, sizeof(st));
   float in0[4] = { 1, 2, 3, 1 }, in1[4] = { 0.25f, -1, 4, 8 };
   memcpy(st.in[0], in0, 16);
   memcpy(st.in[1], in1, 16);
   vp_load_consts(&bin, (const float (*)[4])uniforms, &st);
   char msg[128];
   ok = run_vp(&bin, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   /* M*v = 1*u0 + 2*u1 + 3*u2 + 1*u3 = (1+10, 4+20, 9+30, 3+1) */
   CHECK_VEC4(vp_output(&st, 0), 11, 24, 39, 4, 1e-6f);
   /* tc = in1 * 2 + 0.5 */
   CHECK_VEC4(vp_output(&st, 7), 1.0f, -1.5f, 8.5f, 16.5f, 1e-6f);
   /* col0 = in1.zyxw */
   CHECK_VEC4(vp_output(&st, 1), 4, -1, 0.25f, 8, 0);
   nvc_vp_binary_free(&bin);
}

/* Scalar-unit ops and a select:
 *  out TEX0 = (1/a.x, inversesqrt(a.y), exp2(a.z), log2(a.w))
 *  out TEX1 = (sqrt(a.y), a.x < a.z ? 5 : 7, fract(a.z), floor(a.z)) */
static void
test_vs_math(void)
{
   nir_builder b = nvc_test_vs_builder("math");
   nir_variable *a0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *t0 = nvc_test_out_vec4(b.shader, VARYING_SLOT_TEX0, 1, "t0");
   nir_variable *t1 = nvc_test_out_vec4(b.shader, VARYING_SLOT_TEX1, 2, "t1");
   nir_ssa_def *a = nir_load_var(&b, a0);
   nir_store_var(&b, pos, a, 0xf);
   nir_ssa_def *x = nir_channel(&b, a, 0), *y = nir_channel(&b, a, 1),
               *z = nir_channel(&b, a, 2), *w = nir_channel(&b, a, 3);
   nir_store_var(&b, t0, nir_vec4(&b, nir_frcp(&b, x), nir_frsq(&b, y),
                                  nir_fexp2(&b, z), nir_flog2(&b, w)), 0xf);
   nir_ssa_def *sel = nir_bcsel(&b, nir_flt(&b, x, z), nir_imm_float(&b, 5),
                                nir_imm_float(&b, 7));
   nir_store_var(&b, t1, nir_vec4(&b, nir_fsqrt(&b, y), sel, nir_ffract(&b, z),
                                  nir_ffloor(&b, z)), 0xf);

   struct nvc_vp_binary bin;
   bool ok = nvc_test_compile_vs(b.shader, NULL, &bin, NULL);
   if (!ok)
      return;

   static const float cases[2][4] = { { 4, 16, 2.5f, 8 }, { 3, 0.25f, -1.25f, 0.5f } };
   for (unsigned k = 0; k < 2; k++) {
      struct nv40_test_vp_state st;
      memset(&st, 0, sizeof(st));
      memcpy(st.in[0], cases[k], 16);
      vp_load_consts(&bin, NULL, &st);
      char msg[128];
      ok = run_vp(&bin, &st, msg, sizeof(msg));
      CHECK(ok, "run: %s", msg);
      const float *c = cases[k];
      if (k == 0) {
         /* 1/4, 1/sqrt(16), 2^2.5, log2(8) */
         CHECK_VEC4(vp_output(&st, 7), 0.25f, 0.25f, 5.656854f, 3, 1e-5f);
         /* sqrt(16), 4 < 2.5 false -> 7, fract(2.5), floor(2.5) */
         CHECK_VEC4(vp_output(&st, 8), 4, 7, 0.5f, 2, 1e-5f);
      } else {
         CHECK_VEC4(vp_output(&st, 7), 1.0f / 3, 2, 0.4204482f, -1, 1e-5f);
         /* 3 < -1.25 false -> 7; fract(-1.25) = 0.75; floor = -2 */
         CHECK_VEC4(vp_output(&st, 8), 0.5f, 7, 0.75f, -2, 1e-5f);
      }
      (void)c;
   }
   /* and the true branch of the select */
   struct nv40_test_vp_state st;
   memset(&st, 0, sizeof(st));
   float in[4] = { 1, 4, 2, 1 };
   memcpy(st.in[0], in, 16);
   vp_load_consts(&bin, NULL, &st);
   char msg[128];
   ok = run_vp(&bin, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   CHECK(st.out[8][1] == 5, "select: got %g want 5", st.out[8][1]);
   nvc_vp_binary_free(&bin);
}

/* FP: colour = texture2D(unit 1, tc0.xy) * col0 + u2; checks the uniform
 * patch list, sampler and texcoord bookkeeping. */
static void
test_fs_texture(void)
{
   nir_builder b = nvc_test_fs_builder("texture");
   nir_variable *tc = nvc_test_in_vec4(b.shader, VARYING_SLOT_TEX0, 0, "tc0");
   nir_variable *col = nvc_test_in_vec4(b.shader, VARYING_SLOT_COL0, 1, "col0");
   nir_variable *out =
      nvc_test_out_vec4(b.shader, FRAG_RESULT_COLOR, 0, "color");
   nir_ssa_def *coord = nir_channels(&b, nir_load_var(&b, tc), 0x3);
   nir_tex_instr *tex = nir_tex_instr_create(b.shader, 1);
   tex->op = nir_texop_tex;
   tex->sampler_dim = GLSL_SAMPLER_DIM_2D;
   tex->dest_type = nir_type_float32;
   tex->coord_components = 2;
   tex->texture_index = 1;
   tex->sampler_index = 1;
   tex->src[0].src_type = nir_tex_src_coord;
   tex->src[0].src = nir_src_for_ssa(coord);
   nir_ssa_dest_init(&tex->instr, &tex->dest, 4, 32, NULL);
   nir_builder_instr_insert(&b, &tex->instr);
   nir_ssa_def *r = nir_ffma(&b, &tex->dest.ssa, nir_load_var(&b, col),
                             nvc_test_load_uniform_vec4(&b, 2));
   nir_store_var(&b, out, r, 0xf);

   struct nvc_fp_binary bin;
   bool ok = nvc_test_compile_fs(b.shader, NULL, &bin, NULL);
   if (!ok)
      return;

   CHECK(bin.samplers_used == 0x2, "samplers 0x%x", bin.samplers_used);
   CHECK(bin.texcoords_used == 0x1, "texcoords 0x%x", bin.texcoords_used);
   CHECK(bin.vp_result_en == (1u << 14), "vp_result_en 0x%x", bin.vp_result_en);
   CHECK(bin.color_outputs == 1, "colour outputs 0x%x", bin.color_outputs);
   CHECK(bin.num_patches == 4, "%u patches (one per uniform component)",
         bin.num_patches);
   CHECK(bin.num_insns == 2, "%u instructions (TEX + MAD)", bin.num_insns);
   CHECK(!bin.uses_kil, "uses_kil");
   CHECK((bin.fp_control >> 24) >= 2, "fp_control 0x%x", bin.fp_control);

   float udw[16] = { 0 };
   udw[8] = 0.5f; udw[9] = 0.25f; udw[10] = 0.125f; udw[11] = 1;
   fp_patch(&bin, udw, 16);
   struct nv40_test_fp_state st;
   memset(&st, 0, sizeof(st));
   float t[4] = { 0.5f, 0.75f, 9, 9 }, c[4] = { 2, 4, 8, 0.5f };
   memcpy(st.in[4], t, 16);   /* TC0 */
   memcpy(st.in[1], c, 16);   /* COL0 */
   char msg[128];
   ok = run_fp(&bin, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   /* fake texel (s, t, 0, unit) = (0.5, 0.75, 0, 1) * col + u2 */
   CHECK_VEC4(st.r[0], 0.5f * 2 + 0.5f, 0.75f * 4 + 0.25f, 0 * 8 + 0.125f,
              1 * 0.5f + 1, 1e-6f);
   CHECK(!st.killed, "killed");
   nvc_fp_binary_free(&bin);
}

/* FP: if (col0.x < 0.5) discard; colour = vec4(sqrt(c.y), inversesqrt(c.z),
 * dot(c.xy, c.zw), c.w >= 1 ? 0.25 : 0.75) saturated */
static void
test_fs_discard_math(void)
{
   nir_builder b = nvc_test_fs_builder("discard");
   nir_variable *col = nvc_test_in_vec4(b.shader, VARYING_SLOT_COL0, 0, "col0");
   nir_variable *out =
      nvc_test_out_vec4(b.shader, FRAG_RESULT_COLOR, 0, "color");
   nir_ssa_def *c = nir_load_var(&b, col);
   nir_discard_if(&b, nir_flt(&b, nir_channel(&b, c, 0), nir_imm_float(&b, 0.5f)));
   nir_ssa_def *dot = nir_fdot2(&b, nir_channels(&b, c, 0x3),
                                nir_channels(&b, c, 0xc));
   nir_ssa_def *sel = nir_bcsel(&b, nir_fge(&b, nir_channel(&b, c, 3),
                                            nir_imm_float(&b, 1)),
                                nir_imm_float(&b, 0.25f), nir_imm_float(&b, 0.75f));
   nir_ssa_def *r = nir_vec4(&b, nir_fsqrt(&b, nir_channel(&b, c, 1)),
                             nir_frsq(&b, nir_channel(&b, c, 2)), dot, sel);
   nir_store_var(&b, out, nir_fsat(&b, r), 0xf);

   struct nvc_fp_binary bin;
   bool ok = nvc_test_compile_fs(b.shader, NULL, &bin, NULL);
   if (!ok)
      return;
   CHECK(bin.uses_kil, "uses_kil");
   CHECK(bin.fp_control & (1u << 7), "FP_CONTROL.KIL (rnndb bit 7): 0x%x",
         bin.fp_control);

   char msg[128];
   struct nv40_test_fp_state st;
   /* kept: c = (0.75, 0.25, 4, 2) -> (0.5, 0.5, 0.75*4 + 0.25*2 = 3.5 -> 1, 0.25) */
   memset(&st, 0, sizeof(st));
   float c1[4] = { 0.75f, 0.25f, 4, 2 };
   memcpy(st.in[1], c1, 16);
   ok = run_fp(&bin, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   CHECK(!st.killed, "killed with col.x = 0.75");
   CHECK_VEC4(st.r[0], 0.5f, 0.5f, 1, 0.25f, 1e-5f);
   /* c = (0.6, 0.04, 0.25, 0.5) -> (0.2, 2 -> 1, 0.6*0.25 + 0.04*0.5 = 0.17,
    * 0.75) */
   memset(&st, 0, sizeof(st));
   float c3[4] = { 0.6f, 0.04f, 0.25f, 0.5f };
   memcpy(st.in[1], c3, 16);
   ok = run_fp(&bin, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   CHECK(!st.killed, "killed with col.x = 0.6");
   CHECK_VEC4(st.r[0], 0.2f, 1, 0.17f, 0.75f, 1e-5f);
   /* killed: col.x = 0.25 */
   memset(&st, 0, sizeof(st));
   float c2[4] = { 0.25f, 1, 1, 1 };
   memcpy(st.in[1], c2, 16);
   ok = run_fp(&bin, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   CHECK(st.killed, "not killed with col.x = 0.25");
   nvc_fp_binary_free(&bin);
}

/* if (c.x < 0.5) { acc = c * 2; if (c.y > 0.5) discard; } colour = acc:
 * a discard nested in ifs with other work around it. */
static void
test_fs_nested_discard(void)
{
   nir_builder b = nvc_test_fs_builder("nested-discard");
   nir_variable *col = nvc_test_in_vec4(b.shader, VARYING_SLOT_COL0, 0, "col0");
   nir_variable *out =
      nvc_test_out_vec4(b.shader, FRAG_RESULT_COLOR, 0, "color");
   nir_variable *acc = nir_local_variable_create(b.impl, glsl_vec4_type(), "acc");
   nir_ssa_def *c = nir_load_var(&b, col);
   nir_store_var(&b, acc, c, 0xf);
   nir_push_if(&b, nir_flt(&b, nir_channel(&b, c, 0), nir_imm_float(&b, 0.5f)));
   {
      nir_store_var(&b, acc, nir_fmul_imm(&b, c, 2), 0xf);
      nir_push_if(&b, nir_flt(&b, nir_imm_float(&b, 0.5f), nir_channel(&b, c, 1)));
      nir_discard(&b);
      nir_pop_if(&b, NULL);
   }
   nir_pop_if(&b, NULL);
   nir_store_var(&b, out, nir_load_var(&b, acc), 0xf);

   struct nvc_fp_binary bin;
   bool ok = nvc_test_compile_fs(b.shader, NULL, &bin, NULL);
   if (!ok)
      return;
   static const struct {
      float c[4];
      bool killed;
      float out[4];
   } cases[] = {
      { { 0.25f, 0.75f, 0, 1 }, true, { 0 } },                 /* both true */
      { { 0.25f, 0.25f, 0, 1 }, false, { 0.5f, 0.5f, 0, 2 } }, /* outer only */
      { { 0.75f, 0.75f, 0, 1 }, false, { 0.75f, 0.75f, 0, 1 } }, /* inner only */
   };
   for (unsigned k = 0; k < 3; k++) {
      struct nv40_test_fp_state st;
      memset(&st, 0, sizeof(st));
      memcpy(st.in[1], cases[k].c, 16);
      char msg[128];
      ok = run_fp(&bin, &st, msg, sizeof(msg));
      CHECK(ok, "run: %s", msg);
      CHECK(st.killed == cases[k].killed, "case %u: killed %d", k, st.killed);
      if (!cases[k].killed)
         CHECK_VEC4(st.r[0], cases[k].out[0], cases[k].out[1], cases[k].out[2],
                    cases[k].out[3], 0);
   }
   nvc_fp_binary_free(&bin);
}

/* A loop whose trip count is a uniform cannot be unrolled: it stays a
 * loop (REP, with a BRK in an IF):
 *   acc = 0; for (i = 0; !(i >= u0.x); i++) acc += col0;
 * With col0 = (0.25, 0.5, 0, 1) the colour is col0 times the number of
 * iterations: u0.x = 0 -> none; 1 -> 1; 3 -> 3; 2.5 -> 3 (i = 0, 1, 2 are
 * below it); 200 -> (50, 100, 0, 200).  Then such a loop in an if that
 * cannot be flattened, with a phi after it:
 *   if (0.5 < col0.x) { acc = col0; loop { acc *= 2 } u0.x times }
 *   else acc = -col0;
 * col0 = (0.75, 0.5, 0, 1): u0.x = 0 -> col0; 2 -> (3, 2, 0, 4);
 * col0 = (0.25, 0.5, 0, 1), u0.x = 2 -> (-0.25, -0.5, 0, -1).  Last, a
 * discard in the loop: acc = 0; u0.x times { if (acc.x >= 0.5) discard;
 * acc += col0 }: col0.x = 0.25, u0.x = 2 -> acc.x 0, 0.25 pass: (0.5, 1,
 * 0, 2); u0.x = 3 -> the third sees 0.5: killed. */
static void
build_counted_loop(nir_builder *b, nir_variable *acc, nir_ssa_def *n,
                   nir_ssa_def *c, bool add, bool kill)
{
   nir_variable *i = nir_local_variable_create(b->impl, glsl_float_type(), "i");
   nir_store_var(b, i, nir_imm_float(b, 0), 0x1);
   nir_loop *loop = nir_push_loop(b);
   {
      nir_push_if(b, nir_fge(b, nir_load_var(b, i), n));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      if (kill) {
         nir_push_if(b, nir_fge(b, nir_channel(b, nir_load_var(b, acc), 0),
                                nir_imm_float(b, 0.5f)));
         nir_discard(b);
         nir_pop_if(b, NULL);
      }
      nir_ssa_def *a = nir_load_var(b, acc);
      nir_store_var(b, acc, add ? nir_fadd(b, a, c) : nir_fmul_imm(b, a, 2),
                    0xf);
      nir_store_var(b, i, nir_fadd_imm(b, nir_load_var(b, i), 1), 0x1);
   }
   nir_pop_loop(b, loop);
}

static void
test_fs_loops(void)
{
   static const struct {
      unsigned variant;
      float col[4], n, out[4];
      bool killed;
   } cases[] = {
      { 0, { 0.25f, 0.5f, 0, 1 }, 0, { 0, 0, 0, 0 } },
      { 0, { 0.25f, 0.5f, 0, 1 }, 1, { 0.25f, 0.5f, 0, 1 } },
      { 0, { 0.25f, 0.5f, 0, 1 }, 3, { 0.75f, 1.5f, 0, 3 } },
      { 0, { 0.25f, 0.5f, 0, 1 }, 2.5f, { 0.75f, 1.5f, 0, 3 } },
      { 0, { 0.25f, 0.5f, 0, 1 }, 200, { 50, 100, 0, 200 } },
      { 1, { 0.75f, 0.5f, 0, 1 }, 0, { 0.75f, 0.5f, 0, 1 } },
      { 1, { 0.75f, 0.5f, 0, 1 }, 2, { 3, 2, 0, 4 } },
      { 1, { 0.25f, 0.5f, 0, 1 }, 2, { -0.25f, -0.5f, 0, -1 } },
      { 2, { 0.25f, 0.5f, 0, 1 }, 2, { 0.5f, 1, 0, 2 } },
      { 2, { 0.25f, 0.5f, 0, 1 }, 3, { 0 }, true },
   };
   for (unsigned variant = 0; variant < 3; variant++) {
      nir_builder b = nvc_test_fs_builder(variant ? "loop-in-if" : "loop");
      nir_variable *col =
         nvc_test_in_vec4(b.shader, VARYING_SLOT_COL0, 0, "col0");
      nir_variable *out =
         nvc_test_out_vec4(b.shader, FRAG_RESULT_COLOR, 0, "color");
      nir_variable *acc = nir_local_variable_create(b.impl, glsl_vec4_type(),
                                                    "acc");
      nir_ssa_def *c = nir_load_var(&b, col);
      nir_ssa_def *n = nir_channel(&b, nvc_test_load_uniform_vec4(&b, 0), 0);
      if (variant != 1) {
         nir_store_var(&b, acc, nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
         build_counted_loop(&b, acc, n, c, true, variant == 2);
      } else {
         nir_push_if(&b, nir_flt(&b, nir_imm_float(&b, 0.5f),
                                 nir_channel(&b, c, 0)));
         nir_store_var(&b, acc, c, 0xf);
         build_counted_loop(&b, acc, n, c, false, false);
         nir_push_else(&b, NULL);
         nir_store_var(&b, acc, nir_fneg(&b, c), 0xf);
         nir_pop_if(&b, NULL);
      }
      nir_store_var(&b, out, nir_load_var(&b, acc), 0xf);

      struct nvc_fp_binary bin;
      char *err = NULL;
      bool ok = nvc_compile_fs(&nv40_target, b.shader, &bin, &err);
      CHECK(ok, "variant %u compile: %s", variant, err ? err : "?");
      free(err);
      ralloc_free(b.shader);
      if (!ok)
         continue;
      for (unsigned k = 0; k < ARRAY_SIZE(cases); k++) {
         if (cases[k].variant != variant)
            continue;
         struct nvc_fp_binary run = bin;
         run.insns = malloc(bin.num_words * sizeof(uint32_t));
         memcpy(run.insns, bin.insns, bin.num_words * sizeof(uint32_t));
         float udw[4] = { cases[k].n, 0, 0, 0 };
         fp_patch(&run, udw, 4);
         struct nv40_test_fp_state st;
         memset(&st, 0, sizeof(st));
         memcpy(st.in[1], cases[k].col, 16);
         char msg[128];
         ok = run_fp(&run, &st, msg, sizeof(msg));
         CHECK(ok, "case %u run: %s", k, msg);
         CHECK(st.killed == cases[k].killed, "case %u: killed %d", k,
               st.killed);
         if (ok && !cases[k].killed)
            CHECK_VEC4(st.r[0], cases[k].out[0], cases[k].out[1],
                       cases[k].out[2], cases[k].out[3], 0);
         free(run.insns);
      }
      nvc_fp_binary_free(&bin);
   }
}

/* The same loop in an if, in a vertex program (BRA to slots):
 *   if (0.5 < a.x) { acc = a; u0.x times acc *= 2 } else acc = -a;
 *   position = acc
 * a = (0.75, 0.5, 0, 1): u0.x = 0 -> a; 3 -> (6, 4, 0, 8);
 * a = (0.25, 0.5, 0, 1), u0.x = 3 -> (-0.25, -0.5, 0, -1). */
static void
test_vs_loops(void)
{
   static const struct {
      float a[4], n, out[4];
   } cases[] = {
      { { 0.75f, 0.5f, 0, 1 }, 0, { 0.75f, 0.5f, 0, 1 } },
      { { 0.75f, 0.5f, 0, 1 }, 3, { 6, 4, 0, 8 } },
      { { 0.25f, 0.5f, 0, 1 }, 3, { -0.25f, -0.5f, 0, -1 } },
   };
   nir_builder b = nvc_test_vs_builder("vs-loop-in-if");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *out = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *acc = nir_local_variable_create(b.impl, glsl_vec4_type(),
                                                 "acc");
   nir_ssa_def *a = nir_load_var(&b, in);
   nir_ssa_def *n = nir_channel(&b, nvc_test_load_uniform_vec4(&b, 0), 0);
   nir_push_if(&b, nir_flt(&b, nir_imm_float(&b, 0.5f), nir_channel(&b, a, 0)));
   nir_store_var(&b, acc, a, 0xf);
   build_counted_loop(&b, acc, n, a, false, false);
   nir_push_else(&b, NULL);
   nir_store_var(&b, acc, nir_fneg(&b, a), 0xf);
   nir_pop_if(&b, NULL);
   nir_store_var(&b, out, nir_load_var(&b, acc), 0xf);

   struct nvc_vp_binary bin;
   bool ok = nvc_test_compile_vs(b.shader, NULL, &bin, NULL);
   if (!ok)
      return;
   for (unsigned k = 0; k < ARRAY_SIZE(cases); k++) {
      struct nv40_test_vp_state st;
      memset(&st, 0, sizeof(st));
      memcpy(st.in[0], cases[k].a, 16);
      float uniforms[1][4] = { { cases[k].n, 0, 0, 0 } };
      vp_load_consts(&bin, (const float (*)[4])uniforms, &st);
      char msg[128];
      ok = run_vp(&bin, &st, msg, sizeof(msg));
      CHECK(ok, "case %u run: %s", k, msg);
      if (ok)
         CHECK_VEC4(vp_output(&st, NVISA_NV40_VP_OUT_HPOS), cases[k].out[0],
                    cases[k].out[1], cases[k].out[2], cases[k].out[3], 0);
   }
   nvc_vp_binary_free(&bin);
}

/* Integer GLSL arithmetic arrives as int ops; the compiler turns it into
 * floats (no integers on NV40): out = vec4(i - j, i * j, i / j, i < j). */
static void
test_vs_integers(void)
{
   nir_builder b = nvc_test_vs_builder("ints");
   nir_variable *a0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_ssa_def *a = nir_load_var(&b, a0);
   nir_ssa_def *i = nir_f2i32(&b, nir_channel(&b, a, 0));
   nir_ssa_def *j = nir_f2i32(&b, nir_channel(&b, a, 1));
   nir_ssa_def *r = nir_vec4(&b, nir_i2f32(&b, nir_isub(&b, i, j)),
                             nir_i2f32(&b, nir_imul(&b, i, j)),
                             nir_i2f32(&b, nir_idiv(&b, i, j)),
                             nir_b2f32(&b, nir_ilt(&b, i, j)));
   nir_store_var(&b, pos, r, 0xf);
   struct nvc_vp_binary vp;
   bool ok = nvc_test_compile_vs(b.shader, NULL, &vp, NULL);
   if (!ok)
      return;
   struct nv40_test_vp_state st;
   memset(&st, 0, sizeof(st));
   /* i = int(7.9) = 7, j = int(-2.5) = -2 */
   float in[4] = { 7.9f, -2.5f, 0, 0 };
   memcpy(st.in[0], in, 16);
   vp_load_consts(&vp, NULL, &st);
   char msg[128];
   ok = run_vp(&vp, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   /* 7 - -2 = 9, 7 * -2 = -14, 7 / -2 = -3 (truncated), 7 < -2 false */
   CHECK_VEC4(st.out[0], 9, -14, -3, 0, 1e-6f);
   nvc_vp_binary_free(&vp);
}

/* A uniform array indexed by a value known only at run time (GLSL
 * `uniform vec4 arr[3]; ... arr[i]`, what piglit's vs-uniform-array-*-rd
 * and ARB_vertex_program ARL tests do): the screen reports
 * PIPE_SHADER_CAP_INDIRECT_CONST_ADDR for vertex shaders, so st/mesa hands
 * the indirect load over as is.  pos = arr[i], col0 = arr[2 - i] with
 * i = int(a0.x), arr = {(1,2,3,4), (5,6,7,8), (9,10,11,12)}. */
static void
test_vs_indirect_uniform(void)
{
   static const float arr[3][4] = {
      { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { 9, 10, 11, 12 },
   };
   nir_builder b = nvc_test_vs_builder("indirect_uniform");
   nir_variable *a0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *col =
      nvc_test_out_vec4(b.shader, VARYING_SLOT_COL0, 1, "col0");
   nir_variable *u = nvc_test_uniform_vec4_array(b.shader, 3, 0, "arr");
   nir_ssa_def *i = nir_f2i32(&b, nir_channel(&b, nir_load_var(&b, a0), 0));
   nir_deref_instr *d = nir_build_deref_var(&b, u);
   nir_store_var(&b, pos, nir_load_deref(&b, nir_build_deref_array(&b, d, i)),
                 0xf);
   nir_ssa_def *j = nir_isub(&b, nir_imm_int(&b, 2), i);
   nir_store_var(&b, col, nir_load_deref(&b, nir_build_deref_array(&b, d, j)),
                 0xf);

   struct nvc_vp_binary vp;
   bool ok = nvc_test_compile_vs(b.shader, NULL, &vp, NULL);
   if (!ok)
      return;
   /* read through the address register (target vp.const_indexing): an
    * ARL and an indexed read each, no select chain */
   unsigned arl = 0, indexed = 0;
   for (unsigned k = 0; k < vp.num_insns; k++) {
      struct nvisa_nv40_vp_insn in;
      nvisa_nv40_vp_decode(&vp.insns[k * 4], &in);
      arl += in.vec_op == NVISA_NV40_VP_VEC_OP_ARL;
      indexed += in.const_indexed;
   }
   CHECK(arl == 2 && indexed == 2, "%u ARL, %u indexed reads", arl, indexed);
   for (unsigned idx = 0; idx < 3; idx++) {
      struct nv40_test_vp_state st;
      memset(&st, 0, sizeof(st));
      /* idx + 0.25: int() truncates to idx */
      float in[4] = { (float)idx + 0.25f, 0, 0, 1 };
      memcpy(st.in[0], in, 16);
      vp_load_consts(&vp, arr, &st);
      char msg[128];
      ok = run_vp(&vp, &st, msg, sizeof(msg));
      CHECK(ok, "run i=%u: %s", idx, msg);
      const float *p = arr[idx], *c = arr[2 - idx];
      CHECK_VEC4(vp_output(&st, 0), p[0], p[1], p[2], p[3], 0);
      CHECK_VEC4(vp_output(&st, 1), c[0], c[1], c[2], c[3], 0);
   }
   nvc_vp_binary_free(&vp);
}

/* A loop NIR cannot count (GLSL: for (i = 0; i < 7; i++) { c -= 0.1;
 * i = 10; }, piglit glsl-fs-unroll-side-effect): i is 0 then 11, so the
 * body runs exactly once.  pos = a0 - 0.1 after the loop. */
static void
test_vs_loop_peel(void)
{
   nir_builder b = nvc_test_vs_builder("loop_peel");
   nir_variable *a0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *iv = nir_local_variable_create(b.impl, glsl_int_type(), "i");
   nir_variable *cv = nir_local_variable_create(b.impl, glsl_vec4_type(), "c");
   nir_store_var(&b, iv, nir_imm_int(&b, 0), 0x1);
   nir_store_var(&b, cv, nir_load_var(&b, a0), 0xf);
   nir_loop *loop = nir_push_loop(&b);
   {
      nir_if *nif = nir_push_if(&b, nir_ige(&b, nir_load_var(&b, iv),
                                            nir_imm_int(&b, 7)));
      nir_jump(&b, nir_jump_break);
      nir_pop_if(&b, nif);
      nir_store_var(&b, cv, nir_fadd_imm(&b, nir_load_var(&b, cv), -0.1), 0xf);
      nir_store_var(&b, iv, nir_imm_int(&b, 10), 0x1);
      nir_store_var(&b, iv, nir_iadd_imm(&b, nir_load_var(&b, iv), 1), 0x1);
   }
   nir_pop_loop(&b, loop);
   nir_store_var(&b, pos, nir_load_var(&b, cv), 0xf);

   struct nvc_vp_binary vp;
   bool ok = nvc_test_compile_vs(b.shader, NULL, &vp, NULL);
   if (!ok)
      return;
   struct nv40_test_vp_state st;
   memset(&st, 0, sizeof(st));
   float in[4] = { 1, 2, 3, 4 };
   memcpy(st.in[0], in, 16);
   vp_load_consts(&vp, NULL, &st);
   char msg[128];
   ok = run_vp(&vp, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   /* one iteration: (1, 2, 3, 4) - 0.1 */
   CHECK_VEC4(vp_output(&st, 0), 0.9f, 1.9f, 2.9f, 3.9f, 1e-6f);
   nvc_vp_binary_free(&vp);
}

/* An if whose branch is longer than NIR's default flattening budget
 * (st/mesa's binary-search ladder for an FS uniform array indexed at run
 * time has ~200 instructions per half, piglit glsl-fs-uniform-array-7):
 * c = a.y; if (a.x < 0.5) 210 times c = c * a.z + a.w; pos = c.xxxx. */
static void
test_vs_long_if(void)
{
   nir_builder b = nvc_test_vs_builder("long_if");
   nir_variable *a0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *cv = nir_local_variable_create(b.impl, glsl_float_type(), "c");
   nir_ssa_def *a = nir_load_var(&b, a0);
   nir_store_var(&b, cv, nir_channel(&b, a, 1), 0x1);
   nir_if *nif = nir_push_if(&b, nir_flt(&b, nir_channel(&b, a, 0),
                                         nir_imm_float(&b, 0.5f)));
   {
      nir_ssa_def *c = nir_load_var(&b, cv);
      for (unsigned i = 0; i < 210; i++)
         c = nir_ffma(&b, c, nir_channel(&b, a, 2), nir_channel(&b, a, 3));
      nir_store_var(&b, cv, c, 0x1);
   }
   nir_pop_if(&b, nif);
   nir_store_var(&b, pos, nir_swizzle(&b, nir_load_var(&b, cv),
                                      (unsigned[]){ 0, 0, 0, 0 }, 4), 0xf);

   struct nvc_vp_binary vp;
   bool ok = nvc_test_compile_vs(b.shader, NULL, &vp, NULL);
   if (!ok)
      return;
   /* taken: 1 + 210 * 0.5 = 106; not taken: a.y = 3 */
   static const float in[2][4] = { { 0.25f, 1, 1, 0.5f }, { 0.75f, 3, 1, 0.5f } };
   static const float want[2] = { 106, 3 };
   for (unsigned t = 0; t < 2; t++) {
      struct nv40_test_vp_state st;
      memset(&st, 0, sizeof(st));
      memcpy(st.in[0], in[t], 16);
      vp_load_consts(&vp, NULL, &st);
      char msg[128];
      ok = run_vp(&vp, &st, msg, sizeof(msg));
      CHECK(ok, "run %u: %s", t, msg);
      CHECK_VEC4(vp_output(&st, 0), want[t], want[t], want[t], want[t], 1e-6f);
   }
   nvc_vp_binary_free(&vp);
}

/* Dual issue: normalize(a1.xyz) needs DP3, RSQ, MUL in a chain; the
 * independent gl_Position = a0 * 2 can share the RSQ's slot. */
static void
test_vs_dual_issue(void)
{
   nir_builder b = nvc_test_vs_builder("dual");
   nir_variable *a0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *a1 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC1, 1, "a1");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *tc = nvc_test_var(b.shader, nir_var_shader_out,
                                   glsl_vector_type(GLSL_TYPE_FLOAT, 3),
                                   VARYING_SLOT_TEX0, 1, "n");
   nir_ssa_def *n = nir_channels(&b, nir_load_var(&b, a1), 0x7);
   nir_store_var(&b, tc, nir_fmul(&b, n, nir_frsq(&b, nir_fdot3(&b, n, n))), 0x7);
   nir_store_var(&b, pos, nir_fmul_imm(&b, nir_load_var(&b, a0), 2), 0xf);
   struct nvc_vp_binary vp;
   bool ok = nvc_test_compile_vs(b.shader, NULL, &vp, NULL);
   if (!ok)
      return;
   CHECK(vp.num_insns <= 3, "%u instructions: RSQ not paired", vp.num_insns);
   struct nv40_test_vp_state st;
   memset(&st, 0, sizeof(st));
   float v0[4] = { 1, -2, 3, 1 }, v1[4] = { 3, 0, 4, 9 };
   memcpy(st.in[0], v0, 16);
   memcpy(st.in[1], v1, 16);
   vp_load_consts(&vp, NULL, &st);
   char msg[128];
   ok = run_vp(&vp, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   CHECK_VEC4(st.out[0], 2, -4, 6, 2, 0);
   /* (3, 0, 4) / 5 */
   CHECK(nvc_test_near(st.out[7][0], 0.6f, 1e-6f) &&
            nvc_test_near(st.out[7][1], 0, 1e-6f) &&
            nvc_test_near(st.out[7][2], 0.8f, 1e-6f),
         "normalize: (%g %g %g)", st.out[7][0], st.out[7][1], st.out[7][2]);
   nvc_vp_binary_free(&vp);
}

/* VP/FP linkage: the FP reads TEX3 and two generic varyings; the VP writes
 * those and one more that nobody reads. */
static void
test_linkage(void)
{
   nir_builder fb = nvc_test_fs_builder("link-fs");
   nir_variable *i_t3 = nvc_test_in_vec4(fb.shader, VARYING_SLOT_TEX3, 0, "t3");
   nir_variable *i_v0 = nvc_test_in_vec4(fb.shader, VARYING_SLOT_VAR0, 1, "v0");
   nir_variable *i_v5 =
      nvc_test_in_vec4(fb.shader, VARYING_SLOT_VAR0 + 5, 2, "v5");
   nir_variable *o =
      nvc_test_out_vec4(fb.shader, FRAG_RESULT_COLOR, 0, "color");
   nir_ssa_def *sum = nir_fadd(&fb, nir_load_var(&fb, i_t3),
                               nir_fadd(&fb, nir_load_var(&fb, i_v0),
                                        nir_load_var(&fb, i_v5)));
   nir_store_var(&fb, o, sum, 0xf);

   struct nvc_fp_binary fp;
   char *err = NULL;
   bool ok = nvc_compile_fs(&nv40_target, fb.shader, &fp, &err);
   CHECK(ok, "fs compile: %s", err ? err : "?");
   free(err);
   ralloc_free(fb.shader);
   if (!ok)
      return;
   /* TEX3 keeps TC3; the generics take the first free ones: TC0, TC1. */
   CHECK(fp.texcoord_varying[3] == VARYING_SLOT_TEX3, "TEX3 -> TC3");
   CHECK(fp.texcoord_varying[0] == VARYING_SLOT_VAR0, "VAR0 -> TC0");
   CHECK(fp.texcoord_varying[1] == VARYING_SLOT_VAR0 + 5, "VAR5 -> TC1");
   CHECK(fp.texcoords_used == 0xb, "texcoords 0x%x", fp.texcoords_used);
   /* three different inputs: one per instruction, so two copies first */
   struct nv40_test_fp_state st;
   memset(&st, 0, sizeof(st));
   for (unsigned i = 0; i < 4; i++) {
      st.in[4 + 3][i] = 1 + i;      /* TC3 */
      st.in[4 + 0][i] = 10 * (i + 1); /* TC0 = VAR0 */
      st.in[4 + 1][i] = 100;        /* TC1 = VAR5 */
   }
   char msg[128];
   ok = run_fp(&fp, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   CHECK_VEC4(st.r[0], 111, 122, 133, 144, 0);

   nir_builder vb = nvc_test_vs_builder("link-vs");
   nir_variable *a0 =
      nvc_test_in_vec4(vb.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *pos = nvc_test_out_vec4(vb.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *o_t3 =
      nvc_test_out_vec4(vb.shader, VARYING_SLOT_TEX3, 1, "t3");
   nir_variable *o_v0 =
      nvc_test_out_vec4(vb.shader, VARYING_SLOT_VAR0, 2, "v0");
   nir_variable *o_v2 =
      nvc_test_out_vec4(vb.shader, VARYING_SLOT_VAR0 + 2, 3, "v2");
   nir_variable *o_v5 =
      nvc_test_out_vec4(vb.shader, VARYING_SLOT_VAR0 + 5, 4, "v5");
   nir_ssa_def *a = nir_load_var(&vb, a0);
   nir_store_var(&vb, pos, a, 0xf);
   nir_store_var(&vb, o_t3, nir_fmul_imm(&vb, a, 3), 0xf);
   nir_store_var(&vb, o_v0, nir_fmul_imm(&vb, a, 4), 0xf);
   nir_store_var(&vb, o_v2, nir_fmul_imm(&vb, a, 5), 0xf);
   nir_store_var(&vb, o_v5, nir_fmul_imm(&vb, a, 6), 0xf);

   struct nvc_vp_key key = {
      .const_base = nv40_target.vp.first_free_const };
   memcpy(key.texcoord_varying, fp.texcoord_varying, sizeof(key.texcoord_varying));
   struct nvc_vp_binary vp;
   ok = nvc_compile_vs(&nv40_target, vb.shader, &key, &vp, &err);
   CHECK(ok, "vs compile: %s", err ? err : "?");
   free(err);
   ralloc_free(vb.shader);
   if (ok) {
      CHECK(vp.result_en == fp.vp_result_en, "vp 0x%x fp 0x%x", vp.result_en,
            fp.vp_result_en);
      for (unsigned i = 0; i < vp.num_consts; i++)
         CHECK(vp.consts[i].hw_slot >= nv40_target.vp.first_free_const,
               "const in UCP slots");
      struct nv40_test_vp_state vst;
      memset(&vst, 0, sizeof(vst));
      float in[4] = { 1, 2, 3, 4 };
      memcpy(vst.in[0], in, 16);
      vp_load_consts(&vp, NULL, &vst);
      ok = run_vp(&vp, &vst, msg, sizeof(msg));
      CHECK(ok, "run: %s", msg);
      CHECK_VEC4(vst.out[7 + 3], 3, 6, 9, 12, 0);    /* TC3 = TEX3 */
      CHECK_VEC4(vst.out[7 + 0], 4, 8, 12, 16, 0);   /* TC0 = VAR0 */
      CHECK_VEC4(vst.out[7 + 1], 6, 12, 18, 24, 0);  /* TC1 = VAR5 */
      CHECK_VEC4(vst.out[7 + 2], 0, 0, 0, 1, 0);     /* VAR2 dropped: TC2 unwritten */
      nvc_vp_binary_free(&vp);
   }
   nvc_fp_binary_free(&fp);
}

static nir_ssa_def *
build_tex(nir_builder *b, nir_texop op, unsigned unit, unsigned ncoord,
          nir_ssa_def *coord, nir_tex_src_type extra_type, nir_ssa_def *extra,
          nir_ssa_def *comparator)
{
   unsigned nsrc = 1 + (extra != NULL) + (comparator != NULL);
   nir_tex_instr *tex = nir_tex_instr_create(b->shader, nsrc);
   tex->op = op;
   tex->sampler_dim = ncoord == 3 ? GLSL_SAMPLER_DIM_3D : GLSL_SAMPLER_DIM_2D;
   tex->dest_type = nir_type_float32;
   tex->coord_components = ncoord;
   tex->is_shadow = comparator != NULL;
   tex->texture_index = unit;
   tex->sampler_index = unit;
   unsigned i = 0;
   tex->src[i].src_type = nir_tex_src_coord;
   tex->src[i++].src = nir_src_for_ssa(coord);
   if (extra) {
      tex->src[i].src_type = extra_type;
      tex->src[i++].src = nir_src_for_ssa(extra);
   }
   if (comparator) {
      tex->src[i].src_type = nir_tex_src_comparator;
      tex->src[i++].src = nir_src_for_ssa(comparator);
   }
   nir_ssa_dest_init(&tex->instr, &tex->dest, 4, 32, NULL);
   nir_builder_instr_insert(b, &tex->instr);
   return &tex->dest.ssa;
}

/* More FP forms: projective, biased and 3D lookups, a uniform matrix
 * indexed through a deref (as GLSL arrays/matrices arrive), dot products,
 * gl_FragCoord and gl_FrontFacing.  Outputs to 4 render targets. */
static void
test_fs_forms(void)
{
   nir_builder b = nvc_test_fs_builder("forms");
   nir_variable *tc = nvc_test_in_vec4(b.shader, VARYING_SLOT_TEX0, 0, "tc0");
   nir_variable *v1 =
      nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR0 + 1, 1, "v1");
   nir_variable *fc =
      nvc_test_in_vec4(b.shader, VARYING_SLOT_POS, 2, "fragcoord");
   nir_variable *m =
      nvc_test_var(b.shader, nir_var_uniform,
                   glsl_matrix_type(GLSL_TYPE_FLOAT, 4, 4), -1, 4, "m");
   nir_variable *o[4];
   for (unsigned i = 0; i < 4; i++)
      o[i] = nvc_test_out_vec4(b.shader, FRAG_RESULT_DATA0 + i, i, "out");
   nir_ssa_def *t = nir_load_var(&b, tc);
   nir_ssa_def *w = nir_load_var(&b, v1);
   /* rt0 = texture2DProj(u0, tc) + texture2D(u1, tc.xy, bias w.x) */
   nir_ssa_def *a = build_tex(&b, nir_texop_tex, 0, 2, nir_channels(&b, t, 0x3),
                              nir_tex_src_projector, nir_channel(&b, t, 3), NULL);
   nir_ssa_def *bb = build_tex(&b, nir_texop_txb, 1, 2, nir_channels(&b, t, 0x3),
                               nir_tex_src_bias, nir_channel(&b, w, 0), NULL);
   nir_store_var(&b, o[0], nir_fadd(&b, a, bb), 0xf);
   /* rt1 = m * w (column 2 read through a deref), dot3/dot4 in .zw */
   nir_deref_instr *md = nir_build_deref_var(&b, m);
   nir_ssa_def *col[4];
   for (unsigned i = 0; i < 4; i++)
      col[i] = nir_load_deref(&b, nir_build_deref_array_imm(&b, md, i));
   nir_ssa_def *mv = nir_fmul(&b, col[0], nir_channel(&b, w, 0));
   for (unsigned i = 1; i < 4; i++)
      mv = nir_ffma(&b, col[i], nir_channel(&b, w, i), mv);
   nir_store_var(&b, o[1], nir_vec4(&b, nir_channel(&b, mv, 0),
                                    nir_channel(&b, mv, 1),
                                    nir_fdot3(&b, t, w), nir_fdot4(&b, t, w)), 0xf);
   /* rt2 = 3D lookup with explicit lod, unit 3 */
   nir_ssa_def *c3 = build_tex(&b, nir_texop_txl, 3, 3, nir_channels(&b, w, 0x7),
                               nir_tex_src_lod, nir_imm_float(&b, 2), NULL);
   nir_store_var(&b, o[2], c3, 0xf);
   /* rt3 = (fragcoord.xy, front facing, min(t.x, w.y)) */
   nir_ssa_def *f = nir_load_var(&b, fc);
   nir_ssa_def *ff = nir_b2f32(&b, nir_load_front_face(&b, 1));
   nir_store_var(&b, o[3], nir_vec4(&b, nir_channel(&b, f, 0), nir_channel(&b, f, 1),
                                    ff, nir_fmin(&b, nir_channel(&b, t, 0),
                                                 nir_channel(&b, w, 1))), 0xf);

   struct nvc_fp_binary bin;
   bool ok = nvc_test_compile_fs(b.shader, NULL, &bin, NULL);
   if (!ok)
      return;
   CHECK(bin.color_outputs == 0xf, "colour outputs 0x%x", bin.color_outputs);
   CHECK(bin.samplers_used == 0xb, "samplers 0x%x", bin.samplers_used);
   CHECK(bin.texcoord_varying[0] == VARYING_SLOT_TEX0 &&
         bin.texcoord_varying[1] == VARYING_SLOT_VAR0 + 1, "routing");
   /* R0 and R2-R4 hold results: at least 5 registers */
   CHECK(bin.num_temps >= 5, "%u registers", bin.num_temps);

   float udw[32];
   for (unsigned i = 0; i < 32; i++)
      udw[i] = (float)(i + 1);   /* uniform dword i = i + 1 */
   fp_patch(&bin, udw, 32);
   struct nv40_test_fp_state st;
   memset(&st, 0, sizeof(st));
   st.tex_3d[3] = true;
   float tv[4] = { 2, 4, 6, 2 }, wv[4] = { 0.5f, 1, 1.5f, 2 }, pv[4] = { 10.5f, 20.5f, 0.25f, 1 };
   memcpy(st.in[4], tv, 16);   /* TC0 */
   memcpy(st.in[5], wv, 16);   /* TC1 = VAR1 */
   memcpy(st.in[0], pv, 16);   /* POS */
   st.in[14][0] = 1.0f;        /* FACING: front */
   char msg[128];
   ok = run_fp(&bin, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   /* TXP: (2/2, 4/2, 0, 0); TXB: (2, 4, 0, 1 + 0.5) */
   CHECK_VEC4(st.r[0], 1 + 2, 2 + 4, 0, 0 + 1.5f, 1e-6f);
   /* m columns: slots 4..7 = dwords 16..31 -> col i = (17+4i, 18+4i, ...);
    * m*w .x = 17*0.5 + 21*1 + 25*1.5 + 29*2 = 125, .y = 18*.5+22+26*1.5+30*2 = 130;
    * dot3 = 1 + 4 + 9 = 14; dot4 = 14 + 4 = 18 */
   CHECK_VEC4(st.r[2], 125, 130, 14, 18, 1e-6f);
   /* TXL 3D: (0.5, 1, 1.5, 3 + 2) */
   CHECK_VEC4(st.r[3], 0.5f, 1, 1.5f, 5, 1e-6f);
   CHECK_VEC4(st.r[4], 10.5f, 20.5f, 1, 1, 1e-6f);
   /* back facing */
   memset(&st.r, 0, sizeof(st.r));
   st.in[14][0] = -1.0f;
   ok = run_fp(&bin, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   CHECK(st.r[4][2] == 0, "front facing on a back face: %g", st.r[4][2]);
   nvc_fp_binary_free(&bin);
}

/* gl_FrontFacing as st/mesa gives it: a bool input (VARYING_SLOT_FACE),
 * which after nir_lower_bool_to_float must be 1.0 on front faces and 0.0
 * on back ones (GLSL: true on front faces), whatever the sign convention
 * of curie's FACING input (positive for front faces, TGSI FACE). */
static void
test_fs_facing_bool(void)
{
   nir_builder b = nvc_test_fs_builder("facing-bool");
   nir_variable *v = nvc_test_var(b.shader, nir_var_shader_in,
                                  glsl_bool_type(), VARYING_SLOT_FACE, 0,
                                  "gl_FrontFacing");
   nir_ssa_def *ff = nir_load_var(&b, v);
   nir_store_var(&b, nvc_test_out_vec4(b.shader, FRAG_RESULT_COLOR, 0, "o"),
                 nir_bcsel(&b, nir_inot(&b, ff),
                           nir_imm_vec4(&b, 0, 0, 1, 0),
                           nir_imm_vec4(&b, 0, 1, 0, 0)), 0xf);
   struct nvc_fp_binary bin;
   if (!nvc_test_compile_fs(b.shader, NULL, &bin, NULL))
      return;
   static const struct { float facing; float g, bl; } face[] = {
      { 1.0f, 1, 0 }, { -1.0f, 0, 1 },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(face); i++) {
      struct nv40_test_fp_state st;
      memset(&st, 0, sizeof(st));
      st.in[14][0] = face[i].facing;   /* FACING */
      char msg[128];
      bool ok = run_fp(&bin, &st, msg, sizeof(msg));
      CHECK(ok, "run: %s", msg);
      CHECK_VEC4(st.r[0], 0, face[i].g, face[i].bl, 0, 0);
   }
   nvc_fp_binary_free(&bin);
}

/* Projective lookups the hardware TXP cannot express (its .w is also
 * TXB's bias; shadow references divided by q too, GLSL 1.10 section 8.7)
 * are divided in the shader; shadow references are read from .z for
 * every target, 1D included (nvfx_fragprog.c).  The fake texture returns
 * (s, t, r as seen by the unit when "3D", unit + bias/lod). */
static void
test_fs_proj_shadow(void)
{
   nir_builder b = nvc_test_fs_builder("proj-shadow");
   nir_variable *tc = nvc_test_in_vec4(b.shader, VARYING_SLOT_TEX0, 0, "tc0");
   nir_variable *v1 =
      nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR0 + 1, 1, "v1");
   nir_variable *o[3];
   for (unsigned i = 0; i < 3; i++)
      o[i] = nvc_test_out_vec4(b.shader, FRAG_RESULT_DATA0 + i, i, "out");
   nir_ssa_def *t = nir_load_var(&b, tc);
   nir_ssa_def *w = nir_load_var(&b, v1);
   /* rt0 = texture2DProj(u1, tc, bias w.x): projector and bias */
   nir_ssa_def *q = nir_channel(&b, t, 3);   /* defined before its use */
   nir_ssa_def *a = build_tex(&b, nir_texop_txb, 1, 2, nir_channels(&b, t, 0x3),
                              nir_tex_src_bias, nir_channel(&b, w, 0), NULL);
   nir_tex_instr_add_src(nir_instr_as_tex(a->parent_instr),
                         nir_tex_src_projector, nir_src_for_ssa(q));
   nir_store_var(&b, o[0], a, 0xf);
   /* rt1 = shadow1DProj(u2, tc): 1D coordinate, reference tc.z */
   nir_ssa_def *c = build_tex(&b, nir_texop_tex, 2, 1, nir_channel(&b, t, 0),
                              nir_tex_src_projector, nir_channel(&b, t, 3),
                              nir_channel(&b, t, 2));
   nir_instr_as_tex(c->parent_instr)->sampler_dim = GLSL_SAMPLER_DIM_1D;
   /* the unit ignores t of a 1D lookup: leave it out of the result */
   nir_store_var(&b, o[1], nir_vec4(&b, nir_channel(&b, c, 0), nir_imm_float(&b, 0),
                                    nir_channel(&b, c, 2), nir_channel(&b, c, 3)), 0xf);
   /* rt2 = shadow2D(u3, vec3(w.yz, tc.z), w.x): reference and bias */
   nir_ssa_def *d = build_tex(&b, nir_texop_txb, 3, 2, nir_channels(&b, w, 0x6),
                              nir_tex_src_bias, nir_channel(&b, w, 0),
                              nir_channel(&b, t, 2));
   nir_store_var(&b, o[2], d, 0xf);

   struct nvc_fp_binary bin;
   bool ok = nvc_test_compile_fs(b.shader, NULL, &bin, NULL);
   if (!ok)
      return;
   struct nv40_test_fp_state st;
   memset(&st, 0, sizeof(st));
   st.tex_3d[2] = st.tex_3d[3] = true;   /* show the reference (.z) */
   float tv[4] = { 2, 4, 6, 2 }, wv[4] = { 0.5f, 1, 1.5f, 2 };
   memcpy(st.in[4], tv, 16);   /* TC0 */
   memcpy(st.in[5], wv, 16);   /* TC1 = VAR1 */
   char msg[128];
   ok = run_fp(&bin, &st, msg, sizeof(msg));
   CHECK(ok, "run: %s", msg);
   /* (2/2, 4/2) biased by 0.5 on unit 1: (1, 2, 0, 1.5) */
   CHECK_VEC4(st.r[0], 1, 2, 0, 1.5f, 1e-6f);
   /* s = 2/2, reference 6/2 in .z, unit 2, no bias: (1, 0, 3, 2) */
   CHECK_VEC4(st.r[2], 1, 0, 3, 2, 1e-6f);
   /* (1, 1.5), reference 6, bias 0.5 on unit 3: (1, 1.5, 6, 3.5) */
   CHECK_VEC4(st.r[3], 1, 1.5f, 6, 3.5f, 1e-6f);
   nvc_fp_binary_free(&bin);
}

/* gl_FragDepth goes to R1.z with FP_CONTROL's depth bits; VS point size
 * and fog go to PSZ.x / FOGC.x. */
static void
test_depth_psize_fog(void)
{
   nir_builder b = nvc_test_fs_builder("depth");
   nir_variable *col = nvc_test_in_vec4(b.shader, VARYING_SLOT_COL0, 0, "col0");
   nir_variable *oc =
      nvc_test_out_vec4(b.shader, FRAG_RESULT_COLOR, 0, "color");
   nir_variable *od =
      nvc_test_var(b.shader, nir_var_shader_out, glsl_float_type(),
                   FRAG_RESULT_DEPTH, 1, "depth");
   nir_ssa_def *c = nir_load_var(&b, col);
   nir_store_var(&b, oc, c, 0xf);
   nir_store_var(&b, od, nir_fmul_imm(&b, nir_channel(&b, c, 2), 0.5f), 0x1);
   struct nvc_fp_binary fp;
   char *err = NULL;
   bool ok = nvc_compile_fs(&nv40_target, b.shader, &fp, &err);
   CHECK(ok, "fs compile: %s", err ? err : "?");
   free(err);
   ralloc_free(b.shader);
   if (ok) {
      CHECK(fp.writes_depth, "writes_depth");
      /* FP_CONTROL bits 1-3 when depth is written (nvfx_fragprog.c) */
      CHECK((fp.fp_control & 0xe) == 0xe, "fp_control 0x%x", fp.fp_control);
      struct nv40_test_fp_state st;
      memset(&st, 0, sizeof(st));
      float cv[4] = { 0.1f, 0.2f, 0.8f, 1 };
      memcpy(st.in[1], cv, 16);
      char msg[128];
      ok = run_fp(&fp, &st, msg, sizeof(msg));
      CHECK(ok, "run: %s", msg);
      CHECK(st.r[1][2] == 0.4f, "depth %g, want 0.4", st.r[1][2]);
      CHECK_VEC4(st.r[0], 0.1f, 0.2f, 0.8f, 1, 0);
      nvc_fp_binary_free(&fp);
   }

   b = nvc_test_vs_builder("psize");
   nir_variable *a0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *ps =
      nvc_test_var(b.shader, nir_var_shader_out, glsl_float_type(),
                   VARYING_SLOT_PSIZ, 1, "psize");
   nir_variable *fog =
      nvc_test_var(b.shader, nir_var_shader_out, glsl_float_type(),
                   VARYING_SLOT_FOGC, 2, "fog");
   nir_ssa_def *a = nir_load_var(&b, a0);
   nir_store_var(&b, pos, a, 0xf);
   nir_store_var(&b, ps, nir_fadd_imm(&b, nir_channel(&b, a, 3), 3), 0x1);
   nir_store_var(&b, fog, nir_fneg(&b, nir_channel(&b, a, 2)), 0x1);
   struct nvc_vp_binary vp;
   ok = nvc_compile_vs(&nv40_target, b.shader, NULL, &vp, &err);
   CHECK(ok, "vs compile: %s", err ? err : "?");
   free(err);
   ralloc_free(b.shader);
   if (ok) {
      CHECK(vp.writes_psize && vp.writes_fog, "psize/fog flags");
      /* FOGC bit 4, PSZ bit 5 */
      CHECK(vp.result_en == 0x30, "result_en 0x%x", vp.result_en);
      struct nv40_test_vp_state st;
      memset(&st, 0, sizeof(st));
      float in[4] = { 1, 2, 3, 4 };
      memcpy(st.in[0], in, 16);
      vp_load_consts(&vp, NULL, &st);
      char msg[128];
      ok = run_vp(&vp, &st, msg, sizeof(msg));
      CHECK(ok, "run: %s", msg);
      CHECK(st.out[6][0] == 7, "point size %g, want 7", st.out[6][0]);
      CHECK(st.out[5][0] == -3, "fog %g, want -3", st.out[5][0]);
      nvc_vp_binary_free(&vp);
   }
}

/* User clip planes: distances against gl_ClipVertex when written, else
 * the position; planes live in constant registers 0..5. */
static void
test_vs_clip_planes(void)
{
   for (unsigned use_cv = 0; use_cv < 2; use_cv++) {
      nir_builder b = nvc_test_vs_builder("clip");
      nir_variable *a0 =
         nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
      nir_variable *a1 =
         nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC1, 1, "a1");
      nir_variable *pos =
         nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
      nir_store_var(&b, pos, nir_load_var(&b, a0), 0xf);
      if (use_cv) {
         nir_variable *cv =
            nvc_test_out_vec4(b.shader, VARYING_SLOT_CLIP_VERTEX, 1, "cv");
         nir_store_var(&b, cv, nir_load_var(&b, a1), 0xf);
      }
      struct nvc_vp_key key = { .ucp_enable = 0x9,
            .const_base = nv40_target.vp.first_free_const };
      memset(key.texcoord_varying, NVC_VARYING_NONE, sizeof(key.texcoord_varying));
      struct nvc_vp_binary bin;
      bool ok = nvc_test_compile_vs(b.shader, &key, &bin, NULL);
      if (!ok)
         continue;
      /* CLP0 = bit 6, CLP3 = bit 9 (nvfx_vertprog.c vp->or) */
      CHECK(bin.result_en == ((1u << 6) | (1u << 9)), "result_en 0x%x",
            bin.result_en);
      struct nv40_test_vp_state st;
      memset(&st, 0, sizeof(st));
      float v0[4] = { 1, 2, 3, 1 }, v1[4] = { -1, 0.5f, 2, 1 };
      float p0[4] = { 1, 0, 0, 0.5f }, p3[4] = { 0, 1, 1, -1 };
      memcpy(st.in[0], v0, 16);
      memcpy(st.in[1], v1, 16);
      memcpy(st.c[0], p0, 16);
      memcpy(st.c[3], p3, 16);
      vp_load_consts(&bin, NULL, &st);
      char msg[128];
      ok = run_vp(&bin, &st, msg, sizeof(msg));
      CHECK(ok, "run: %s", msg);
      const float *v = use_cv ? v1 : v0;
      float d0 = v[0] * p0[0] + v[1] * p0[1] + v[2] * p0[2] + v[3] * p0[3];
      float d3 = v[0] * p3[0] + v[1] * p3[1] + v[2] * p3[2] + v[3] * p3[3];
      /* plane 0 -> FOGC.y (output 5), plane 3 -> PSZ.y (output 6) */
      CHECK(st.out[5][1] == d0, "clip 0: %g, want %g", st.out[5][1], d0);
      CHECK(st.out[6][1] == d3, "clip 3: %g, want %g", st.out[6][1], d3);
      CHECK_VEC4(st.out[0], 1, 2, 3, 1, 0);
      nvc_vp_binary_free(&bin);
   }
}

/* ------------------------------------------------------------------ */
/* Limits: errors, not crashes. */

/* n values all live at once, each a full vec4: v_i = a0 + i, then a
 * product chain that needs every one of them. */
static nir_shader *
many_live_values(gl_shader_stage stage, unsigned n)
{
   nir_builder b = stage == MESA_SHADER_VERTEX
                      ? nvc_test_vs_builder("pressure")
                      : nvc_test_fs_builder("pressure");
   nir_variable *in = nvc_test_var(
      b.shader, nir_var_shader_in, glsl_vec4_type(),
      stage == MESA_SHADER_VERTEX ? VERT_ATTRIB_GENERIC0 : VARYING_SLOT_COL0, 0,
      "in");
   nir_variable *out = nvc_test_var(
      b.shader, nir_var_shader_out, glsl_vec4_type(),
      stage == MESA_SHADER_VERTEX ? VARYING_SLOT_POS : FRAG_RESULT_COLOR, 0,
      "out");
   nir_ssa_def *a = nir_load_var(&b, in);
   nir_ssa_def **v = calloc(n, sizeof(*v));
   for (unsigned i = 0; i < n; i++)
      v[i] = nir_fadd(&b, nir_fmul(&b, a, a),
                      nir_imm_vec4(&b, i + 1.0f, i + 2.0f, i + 3.0f, i + 4.0f));
   nir_ssa_def *r = v[n - 1];
   for (int i = n - 2; i >= 0; i--)
      r = nir_fmul(&b, r, v[i]);
   nir_store_var(&b, out, r, 0xf);
   free(v);
   return b.shader;
}

static void
test_limits(void)
{
   char *err = NULL;
   struct nvc_vp_binary vp;
   struct nvc_fp_binary fp;

   /* 20 live vec4s fit in 32 VP temps... */
   nir_shader *s = many_live_values(MESA_SHADER_VERTEX, 20);
   bool ok = nvc_compile_vs(&nv40_target, s, NULL, &vp, &err);
   CHECK(ok, "20 live values: %s", err ? err : "?");
   free(err);
   err = NULL;
   if (ok) {
      CHECK(vp.num_temps <= 32, "%u temps", vp.num_temps);
      nvc_vp_binary_free(&vp);
   }
   ralloc_free(s);

   /* ...40 do not. */
   s = many_live_values(MESA_SHADER_VERTEX, 40);
   ok = nvc_compile_vs(&nv40_target, s, NULL, &vp, &err);
   CHECK(!ok, "40 live vec4 values compiled into 32 temps");
   CHECK(err && strstr(err, "temporar"), "error: %s", err ? err : "(none)");
   CHECK(vp.insns == NULL && vp.num_insns == 0, "binary not cleared");
   free(err);
   err = NULL;
   ralloc_free(s);

   /* FP: 48 registers minus R0 (colour) */
   s = many_live_values(MESA_SHADER_FRAGMENT, 60);
   ok = nvc_compile_fs(&nv40_target, s, &fp, &err);
   CHECK(!ok, "60 live vec4 values compiled into 48 FP registers");
   CHECK(err && strstr(err, "temporar"), "error: %s", err ? err : "(none)");
   free(err);
   err = NULL;
   ralloc_free(s);

   /* VP: a 600-long dependent chain does not fit 512 instruction slots. */
   nir_builder b = nvc_test_vs_builder("long");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "in");
   nir_variable *out = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "out");
   nir_ssa_def *a = nir_load_var(&b, in), *x = a;
   for (unsigned i = 0; i < 600; i++)
      x = nir_ffma(&b, x, a, nir_imm_float(&b, 1.0f / (i + 3)));
   nir_store_var(&b, out, x, 0xf);
   ok = nvc_compile_vs(&nv40_target, b.shader, NULL, &vp, &err);
   CHECK(!ok, "600-instruction VP accepted");
   CHECK(err && strstr(err, "instructions"), "error: %s", err ? err : "(none)");
   free(err);
   err = NULL;
   ralloc_free(b.shader);

   /* A loop NIR cannot unroll (trip count from an input), in a fragment
    * program (REP/BRK) and in a vertex program (BRA): acc += 0.125 until
    * acc.x >= col.x; with col.x = 0.5 four times: (0.5, 0.5, 0.5, 0.5). */
   for (unsigned fs = 0; fs < 2; fs++) {
      b = fs ? nvc_test_fs_builder("loop") : nvc_test_vs_builder("vs-loop");
      nir_variable *col = nvc_test_in_vec4(
         b.shader, fs ? VARYING_SLOT_COL0 : VERT_ATTRIB_GENERIC0, 0, "col");
      nir_variable *o = nvc_test_out_vec4(
         b.shader, fs ? FRAG_RESULT_COLOR : VARYING_SLOT_POS, 0, "color");
      nir_variable *acc = nir_local_variable_create(b.impl, glsl_vec4_type(),
                                                    "acc");
      nir_store_var(&b, acc, nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
      nir_ssa_def *c = nir_load_var(&b, col);
      nir_push_loop(&b);
      {
         nir_ssa_def *v = nir_fadd_imm(&b, nir_load_var(&b, acc), 0.125f);
         nir_store_var(&b, acc, v, 0xf);
         nir_push_if(&b, nir_fge(&b, nir_channel(&b, v, 0),
                                 nir_channel(&b, c, 0)));
         nir_jump(&b, nir_jump_break);
         nir_pop_if(&b, NULL);
      }
      nir_pop_loop(&b, NULL);
      nir_store_var(&b, o, nir_load_var(&b, acc), 0xf);
      if (fs) {
         ok = nvc_compile_fs(&nv40_target, b.shader, &fp, &err);
         CHECK(ok, "data-dependent FP loop: %s", err ? err : "?");
         if (ok) {
            struct nv40_test_fp_state st;
            memset(&st, 0, sizeof(st));
            st.in[1][0] = 0.5f;
            char msg[128];
            bool ran = run_fp(&fp, &st, msg, sizeof(msg));
            CHECK(ran, "run: %s", msg);
            if (ran)
               CHECK_VEC4(st.r[0], 0.5f, 0.5f, 0.5f, 0.5f, 0);
            nvc_fp_binary_free(&fp);
         }
      } else {
         ok = nvc_compile_vs(&nv40_target, b.shader, NULL, &vp, &err);
         CHECK(ok, "data-dependent VP loop: %s", err ? err : "?");
         if (ok) {
            struct nv40_test_vp_state st;
            memset(&st, 0, sizeof(st));
            st.in[0][0] = 0.5f;
            vp_load_consts(&vp, NULL, &st);
            char msg[128];
            bool ran = run_vp(&vp, &st, msg, sizeof(msg));
            CHECK(ran, "run: %s", msg);
            if (ran)
               CHECK_VEC4(vp_output(&st, NVISA_NV40_VP_OUT_HPOS), 0.5f, 0.5f,
                          0.5f, 0.5f, 0);
            nvc_vp_binary_free(&vp);
         }
      }
      free(err);
      err = NULL;
      ralloc_free(b.shader);
   }

   /* Loops nested five deep: the fragment unit takes four
    * (NV_fragment_program2 MAX_PROGRAM_LOOP_DEPTH_NV); four compile. */
   for (unsigned depth = 4; depth <= 5; depth++) {
      b = nvc_test_fs_builder("deep-loops");
      nir_variable *o =
         nvc_test_out_vec4(b.shader, FRAG_RESULT_COLOR, 0, "color");
      nir_variable *acc = nir_local_variable_create(b.impl, glsl_vec4_type(),
                                                    "acc");
      nir_ssa_def *n = nir_channel(&b, nvc_test_load_uniform_vec4(&b, 0), 0);
      nir_store_var(&b, acc, nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
      nir_loop *loops[5];
      for (unsigned l = 0; l < depth; l++) {
         loops[l] = nir_push_loop(&b);
         nir_push_if(&b, nir_fge(&b, nir_channel(&b, nir_load_var(&b, acc), l % 4), n));
         nir_jump(&b, nir_jump_break);
         nir_pop_if(&b, NULL);
         nir_store_var(&b, acc, nir_fadd_imm(&b, nir_load_var(&b, acc), 0.125f),
                       0xf);
      }
      for (unsigned l = depth; l--;)
         nir_pop_loop(&b, loops[l]);
      nir_store_var(&b, o, nir_load_var(&b, acc), 0xf);
      ok = nvc_compile_fs(&nv40_target, b.shader, &fp, &err);
      if (depth == 4) {
         CHECK(ok, "4 nested loops: %s", err ? err : "?");
         if (ok)
            nvc_fp_binary_free(&fp);
      } else {
         CHECK(!ok, "5 nested loops accepted");
         CHECK(err && strstr(err, "loops nested deeper"), "error: %s",
               err ? err : "(none)");
      }
      free(err);
      err = NULL;
      ralloc_free(b.shader);
   }

   /* Constructs not supported yet: messages, no crash. */
   b = nvc_test_vs_builder("vs-tex");
   nir_variable *va = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a0");
   nir_variable *vo = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_ssa_def *vt = build_tex(&b, nir_texop_txl, 0, 2,
                               nir_channels(&b, nir_load_var(&b, va), 0x3),
                               nir_tex_src_lod, nir_imm_float(&b, 0), NULL);
   nir_store_var(&b, vo, vt, 0xf);
   ok = nvc_compile_vs(&nv40_target, b.shader, NULL, &vp, &err);
   CHECK(!ok && err && strstr(err, "texture"), "VS texture: %s", err ? err : "(none)");
   free(err);
   err = NULL;
   ralloc_free(b.shader);

   b = nvc_test_fs_builder("fs-stencil");
   nir_variable *so =
      nvc_test_var(b.shader, nir_var_shader_out, glsl_float_type(),
                   FRAG_RESULT_STENCIL, 0, "stencil");
   nir_store_var(&b, so, nir_imm_float(&b, 1), 0x1);
   ok = nvc_compile_fs(&nv40_target, b.shader, &fp, &err);
   CHECK(!ok && err && strstr(err, "output"), "FS stencil: %s", err ? err : "(none)");
   free(err);
   err = NULL;
   ralloc_free(b.shader);

   /* a VS handed to the FS compiler */
   b = nvc_test_vs_builder("stage");
   ok = nvc_compile_fs(&nv40_target, b.shader, &fp, &err);
   CHECK(!ok && err && strstr(err, "fragment"), "stage: %s", err ? err : "(none)");
   free(err);
   err = NULL;
   ralloc_free(b.shader);

   /* Wrong stage and NULL: errors too. */
   err = NULL;
   CHECK(!nvc_compile_fs(&nv40_target, NULL, &fp, &err) && err, "NULL shader");
   free(err);
}

/* ------------------------------------------------------------------ */
/* The target description. */

/* acc += 0.125 until acc.x >= in.x: a loop NIR cannot unroll (its trip
 * count comes from an input), so it needs branches. */
static nir_shader *
data_loop_shader(bool fs)
{
   nir_builder b =
      fs ? nvc_test_fs_builder("loop") : nvc_test_vs_builder("vs-loop");
   nir_variable *in = nvc_test_in_vec4(
      b.shader, fs ? VARYING_SLOT_COL0 : VERT_ATTRIB_GENERIC0, 0, "in");
   nir_variable *o = nvc_test_out_vec4(
      b.shader, fs ? FRAG_RESULT_COLOR : VARYING_SLOT_POS, 0, "o");
   nir_variable *acc = nir_local_variable_create(b.impl, glsl_vec4_type(),
                                                 "acc");
   nir_store_var(&b, acc, nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
   nir_ssa_def *c = nir_load_var(&b, in);
   nir_push_loop(&b);
   {
      nir_ssa_def *v = nir_fadd_imm(&b, nir_load_var(&b, acc), 0.125f);
      nir_store_var(&b, acc, v, 0xf);
      nir_push_if(&b, nir_fge(&b, nir_channel(&b, v, 0),
                              nir_channel(&b, c, 0)));
      nir_jump(&b, nir_jump_break);
      nir_pop_if(&b, NULL);
   }
   nir_pop_loop(&b, NULL);
   nir_store_var(&b, o, nir_load_var(&b, acc), 0xf);
   return b.shader;
}

/* gl_FragColor = texture2D(unit, in.xy) */
static nir_shader *
simple_fs(int unit)
{
   nir_builder b = nvc_test_fs_builder("simple");
   nir_variable *in = nvc_test_in_vec4(b.shader, VARYING_SLOT_TEX0, 0, "tc");
   nir_variable *o = nvc_test_out_vec4(b.shader, FRAG_RESULT_COLOR, 0, "o");
   nir_ssa_def *r = build_tex(&b, nir_texop_tex, unit, 2,
                              nir_channels(&b, nir_load_var(&b, in), 0x3),
                              0, NULL, NULL);
   nir_store_var(&b, o, r, 0xf);
   return b.shader;
}

/* Expects compilation for t to fail with an error naming `want`. */
static void
check_refused(const struct nvc_target *t, nir_shader *s, const char *want,
              const char *what)
{
   char *err = NULL;
   bool ok;
   if (s->info.stage == MESA_SHADER_FRAGMENT) {
      struct nvc_fp_binary fp;
      ok = nvc_compile_fs(t, s, &fp, &err);
      if (ok)
         nvc_fp_binary_free(&fp);
   } else {
      struct nvc_vp_binary vp;
      ok = nvc_compile_vs(t, s, NULL, &vp, &err);
      if (ok)
         nvc_vp_binary_free(&vp);
   }
   CHECK(!ok && err && strstr(err, want), "%s: %s", what,
         err ? err : "(compiled)");
   free(err);
   ralloc_free(s);
}

static void
test_target(void)
{
   struct nvc_target t;
   char *err = NULL;

   /* The facts, from the specs: NV_vertex_program3 on curie (512
    * instruction slots as upstream's driver gives programs, 468
    * constants, 32 temporaries), NV_fragment_program2 (branches, ten
    * texcoords, 16 texture units, 4 colour outputs); NV30's
    * NV_fragment_program: 1024 instructions, no branching, eight
    * texcoords, no facing input, no TXL; NV_vertex_program2: 256
    * instructions and constants, branches. */
   CHECK(nv40_target.name && !strcmp(nv40_target.name, "NV40"), "name");
   CHECK(nv40_target.vp.max_insns == 512, "%u", nv40_target.vp.max_insns);
   CHECK(nv40_target.vp.num_consts == 468, "%u", nv40_target.vp.num_consts);
   CHECK(nv40_target.vp.first_free_const == 6, "%u",
         nv40_target.vp.first_free_const);
   CHECK(nv40_target.vp.num_temps == 32, "%u", nv40_target.vp.num_temps);
   CHECK(nv40_target.vp.branching && nv40_target.fp.branching &&
         nv40_target.vp.loops && nv40_target.fp.loops &&
         nv40_target.vp.calls && nv40_target.fp.calls, "branching");
   CHECK(nv40_target.fp.max_insns == 4096, "%u", nv40_target.fp.max_insns);
   CHECK(nv40_target.fp.num_texcoords == 10, "%u",
         nv40_target.fp.num_texcoords);
   CHECK(nv40_target.fp.tex_units == 16, "%u", nv40_target.fp.tex_units);
   CHECK(nv40_target.fp.render_targets == 4, "%u",
         nv40_target.fp.render_targets);
   CHECK(nv40_target.fp.max_if_depth == 48 &&
         nv40_target.fp.max_loop_depth == 4, "NV40 FP nesting %u/%u",
         nv40_target.fp.max_if_depth, nv40_target.fp.max_loop_depth);
   CHECK(nv40_target.fp.facing && nv40_target.fp.txl &&
         !nv40_target.fp.rsq && !nv40_target.fp.lrp && !nv40_target.fp.pow,
         "NV40 FP inputs/ops");
   CHECK(nv40_target.fp.precisions & NVC_PRECISION_FX12, "NV40 FX12");

   struct nvc_target nv30;
   CHECK(nvc_target_init(&nv30, nvhwdb_chip_find(0x30), &err),
         "NV30 target: %s", err ? err : "?");
   free(err);
   err = NULL;
   CHECK(nv30.fp.max_insns == 1024, "%u", nv30.fp.max_insns);
   CHECK(!nv30.fp.max_if_depth && !nv30.fp.max_loop_depth, "NV30 nesting");
   CHECK(!nv30.fp.branching && !nv30.fp.loops && !nv30.fp.calls &&
         nv30.vp.branching && nv30.vp.loops && nv30.vp.calls,
         "NV30 branching");
   CHECK(nv30.fp.num_texcoords == 8, "%u", nv30.fp.num_texcoords);
   CHECK(!nv30.fp.facing && !nv30.fp.txl && nv30.fp.rsq && nv30.fp.lrp &&
         nv30.fp.pow && nv30.fp.input.facing == NVC_FP_INPUT_NONE,
         "NV30 FP inputs/ops");
   CHECK(nv30.fp.render_targets == 1, "NV30 render targets %u",
         nv30.fp.render_targets);
   CHECK(nv30.vp.max_insns == 256 && nv30.vp.num_consts == 256,
         "NV30 VP %u/%u", nv30.vp.max_insns, nv30.vp.num_consts);
   CHECK(!(nv30.fp.precisions & NVC_PRECISION_FX9) &&
         (nv30.fp.precisions & NVC_PRECISION_FX12), "NV30 precisions");

   /* No ISA the compiler knows (celsius: register combiners): refused,
    * with the chip named. */
   CHECK(!nvc_target_init(&t, nvhwdb_chip_find(0x10), &err) && err &&
         strstr(err, "NV10"), "NV10: %s", err ? err : "(accepted)");
   free(err);
   err = NULL;
   CHECK(!nvc_target_init(&t, NULL, &err) && err, "no chip");
   free(err);
   err = NULL;

   /* The compiler obeys the target, not numbers of its own: the NV40
    * target with smaller limits refuses what the real one takes. */
   t = nv40_target;
   t.vp.num_temps = 4;
   check_refused(&t, many_live_values(MESA_SHADER_VERTEX, 6), "temporar",
                 "6 live values in 4 temps");
   t = nv40_target;
   t.fp.num_temps = 4;
   check_refused(&t, many_live_values(MESA_SHADER_FRAGMENT, 6), "temporar",
                 "6 live values in 4 FP registers");
   t = nv40_target;
   t.vp.max_insns = 4;
   check_refused(&t, many_live_values(MESA_SHADER_VERTEX, 6), "instructions",
                 "VP longer than 4 slots");
   t = nv40_target;
   t.fp.max_insns = 4;
   check_refused(&t, many_live_values(MESA_SHADER_FRAGMENT, 6),
                 "instructions", "FP longer than 4 instructions");
   t = nv40_target;
   t.fp.tex_units = 2;
   check_refused(&t, simple_fs(2), "texture unit", "unit 2 of 2");
   t = nv40_target;
   t.fp.branching = false;
   check_refused(&t, data_loop_shader(true), "cannot branch",
                 "FP loop without branching");
   t = nv40_target;
   t.fp.max_loop_depth = 0;
   check_refused(&t, data_loop_shader(true), "nested deeper",
                 "FP loop with a nesting limit of 0");
   t = nv40_target;
   t.fp.loops = false;
   check_refused(&t, data_loop_shader(true), "cannot branch",
                 "FP loop without loops");
   t = nv40_target;
   t.vp.branching = false;
   check_refused(&t, data_loop_shader(false), "cannot branch",
                 "VP loop without branching");

   /* NV30: what NV_fragment_program lacks is refused by name.  (NV30
    * programs have their encoders: tests/nv30_vp_test.c,
    * tests/nvc_nv30_fp_test.c.) */
   check_refused(&nv30, data_loop_shader(true), "cannot branch",
                 "NV30 FP loop");
   /* gl_FrontFacing on NV30 comes through COL1 (nvc_nv30_fp_test.c
    * test_facing) */
   CHECK(nv30.vp.tex_units == 0 && nv40_target.vp.tex_units == 4,
         "vertex texture units %u/%u", nv30.vp.tex_units,
         nv40_target.vp.tex_units);
}

int
main(void)
{
   if (!nvc_test_begin(&nv40_target, 0x40))
      return 1;

   test_vs_transform();
   test_vs_math();
   test_fs_texture();
   test_fs_discard_math();
   test_linkage();
   test_vs_integers();
   test_vs_indirect_uniform();
   test_vs_loop_peel();
   test_vs_long_if();
   test_vs_dual_issue();
   test_fs_nested_discard();
   test_fs_loops();
   test_vs_loops();
   test_fs_forms();
   test_fs_facing_bool();
   test_fs_proj_shadow();
   test_vs_clip_planes();
   test_depth_psize_fog();
   test_limits();
   test_target();

   return nvc_test_end("nvc compiler (NV40 target): all tests passed");
}
