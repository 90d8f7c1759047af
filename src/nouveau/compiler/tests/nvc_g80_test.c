/*
 * The Tesla backend (nvc_g80.h): nir_builder shaders compiled for a
 * Tesla row of the chip table, run by nvsim's Tesla shader interpreter
 * (sim/nv50/g80_exec*.c, compiled in), results checked against values
 * worked out by hand below each shader; the code disassembled by
 * libnvisa where the instruction choice is the point; what the backend
 * does not do yet refused with the chip named.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "g80_3d.xml.h"
#include "g80_shader.h"
#include "nvc_g80.h"
#include "nvc_g80_test_util.h"
#include "nvc_test_util.h"
#include "nvisa_g80.h"

static struct nvc_g80_target target;

static nir_builder
builder(gl_shader_stage stage, const char *name)
{
   return nir_builder_init_simple_shader(
      stage, nvc_g80_nir_options(&target, stage), "%s", name);
}

static bool
compile(nir_shader *s, struct nvc_g80_program *p)
{
   char *err = NULL;
   bool ok = nvc_g80_compile(&target, s, p, &err);
   CHECK(ok, "%s: %s", s->info.name, err ? err : "?");
   free(err);
   ralloc_free(s);
   return ok;
}

static nir_ssa_def *
ubo_vec4(nir_builder *b, unsigned buf, unsigned byte)
{
   return nir_load_ubo(b, 4, 32, nir_imm_int(b, buf), nir_imm_int(b, byte),
                       .align_mul = 16, .range = ~0);
}

static bool
run_kil(const struct nvc_g80_program *p, unsigned lanes, const uint32_t *in,
        unsigned in_stride, const float *interp, const uint32_t *flat,
        unsigned interp_stride, uint32_t *out, unsigned out_stride,
        const uint32_t *cb0, unsigned cb0_words, uint32_t *discarded);

/* Runs p on one warp of `lanes`; false (a failed check) on a fault. */
static bool
run(const struct nvc_g80_program *p, unsigned lanes, const uint32_t *in,
    unsigned in_stride, const float *interp, const uint32_t *flat,
    unsigned interp_stride, uint32_t *out, unsigned out_stride,
    const uint32_t *cb0, unsigned cb0_words)
{
   return run_kil(p, lanes, in, in_stride, interp, flat, interp_stride, out,
                  out_stride, cb0, cb0_words, NULL);
}

/* Which lanes discarded (kil) in the last run_kil. */
static bool
run_kil(const struct nvc_g80_program *p, unsigned lanes, const uint32_t *in,
        unsigned in_stride, const float *interp, const uint32_t *flat,
        unsigned interp_stride, uint32_t *out, unsigned out_stride,
        const uint32_t *cb0, unsigned cb0_words, uint32_t *discarded)
{
   const uint32_t *cbs[1] = { cb0 };
   unsigned cbw[1] = { cb0_words };
   struct g80_shader_program prog = {
      .code = (const uint8_t *)p->code,
      .code_size = p->code_words * 4,
      .start = 0,
      .gprs = p->num_gprs,
      /* nvsim's G80_SHADER_MUL_SAT: the chip honours mul's SAT */
      .isa_flags = target.isa_flags | (target.mul_sat ? G80_SHADER_MUL_SAT : 0),
      .cb = cbs, .cb_words = cbw, .num_cb = 1,
   };
   bool fp = p->stage == MESA_SHADER_FRAGMENT;
   struct g80_shader_warp w = {
      .lanes = lanes, .active = (1u << lanes) - 1,
      .in = in, .in_stride = in_stride,
      .interp = interp, .flat = flat, .interp_stride = interp_stride,
      .out = out, .out_stride = out_stride,
      .out_words = fp ? p->fp_result_count : p->vp_num_results,
   };
   struct g80_shader_callbacks cb = { 0 };
   struct g80_shader_fault fault;
   int r = g80_shader_run(fp ? G80_STAGE_FP : G80_STAGE_VP, &prog, &w, &cb,
                          &fault);
   CHECK(r == 0, "the interpreter faulted at 0x%x: %s", fault.pc, fault.msg);
   if (discarded)
      *discarded = w.discarded;
   return r == 0;
}

static bool
disasm_has_quiet(const struct nvc_g80_program *p, const char *what)
{
   char *d = nvc_g80_disasm(p);
   bool has = d && strstr(d, what);
   free(d);
   return has;
}

static bool
disasm_has(const struct nvc_g80_program *p, const char *what)
{
   char *d = nvc_g80_disasm(p);
   bool has = d && strstr(d, what);
   if (!has)
      fprintf(stderr, "disassembly without \"%s\":\n%s", what, d ? d : "");
   free(d);
   return has;
}

/*
 * VP: attribute 0 = (1, 2, 3, 4), c0[] = (0.5, 0.25, 2, 1), (3, ...).
 *   pos = (dot(a, c0[0]) + 1, sat(a.x - 1.5), -a.z, rsq(a.w))
 *       = (0.5 + 0.5 + 6 + 4 + 1, sat(-0.5), -3, 1/2) = (12, 0, -3, 0.5)
 *   var0 = (a.y * c0[1].x + c0[1].x, max(a.x, a.y) + c0[1].x,
 *           float(int(a.z) + 5), a.x < a.y ? 1 : 0) = (9, 5, 8, 1)
 * The c[] and a[] loads are read through the operands (at most one a[]
 * and one c[] an instruction: the dot product's mads read both).
 */
static void
test_vp(void)
{
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_dot");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "pos");
   nir_variable *v0 = nvc_test_out_vec4(b.shader, VARYING_SLOT_VAR0, 1, "v0");
   nir_ssa_def *a = nir_load_var(&b, in);
   /* c0[0] as UBO 0, c0[1] as the uniform slot 1 (load_uniform) */
   nir_ssa_def *c0 = ubo_vec4(&b, 0, 0);
   nir_ssa_def *c1 = nir_load_uniform(&b, 4, 32, nir_imm_int(&b, 0),
                                      .base = 1, .range = 1);
   nir_ssa_def *ax = nir_channel(&b, a, 0), *ay = nir_channel(&b, a, 1);
   nir_store_var(&b, pos, nir_vec4(&b,
      nir_fadd_imm(&b, nir_fdot4(&b, a, c0), 1.0),
      nir_fsat(&b, nir_fadd_imm(&b, ax, -1.5)),
      nir_fneg(&b, nir_channel(&b, a, 2)),
      nir_frsq(&b, nir_channel(&b, a, 3))), 0xf);
   nir_store_var(&b, v0, nir_vec4(&b,
      nir_ffma(&b, ay, nir_channel(&b, c1, 0), nir_channel(&b, c1, 0)),
      nir_fadd(&b, nir_fmax(&b, ax, ay), nir_channel(&b, c1, 0)),
      nir_i2f32(&b, nir_iadd_imm(&b, nir_f2i32(&b, nir_channel(&b, a, 2)), 5)),
      nir_b2f32(&b, nir_flt(&b, ax, ay))), 0xf);

   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   CHECK(p.vp_attr_en[0] == 0xf && p.vp_attr_en[1] == 0,
         "VP_ATTR_EN 0x%x 0x%x, want attribute 0 xyzw", p.vp_attr_en[0],
         p.vp_attr_en[1]);
   CHECK(p.num_gprs >= 4 && p.num_gprs <= target.max_gprs, "%u registers",
         p.num_gprs);
   /* the dot product reads a[] and c[] as operands
    * (nvc_g80_opt_fold_operands) */
   CHECK(disasm_has(&p, "a[0x0], c0[0x0]"), "no folded operands");
   /* results computed straight into $o (nvc_g80_opt_fold_results) */
   CHECK(!disasm_has_quiet(&p, "mov b32 $o"), "a result copied into $o");
   /* the saturation went into the add (nvc_g80_opt_fold_sat) */
   CHECK(disasm_has(&p, "add f32 sat") || disasm_has(&p, "add sat f32"),
         "the add does not saturate itself");

   const float attr[4] = { 1, 2, 3, 4 };
   uint32_t cb0[8] = { u(0.5), u(0.25), u(2), u(1), u(3), 0, 0, 0 };
   uint32_t inw[16] = { 0 }, out[64] = { 0 };
   for (unsigned i = 0; i < p.num_inputs; i++)
      inw[p.io[i].word] = u(attr[p.io[i].comp]);
   if (!run(&p, 1, inw, 16, NULL, NULL, 0, out, 64, cb0, 8))
      goto done;
   float got[4];
   for (unsigned k = 0; k < 4; k++) {
      const struct nvc_g80_io *o = find_io(&p, true, VARYING_SLOT_POS, k);
      CHECK(o && o->word == k, "position.%c not in $o%u", "xyzw"[k], k);
      got[k] = f(out[k]);
   }
   CHECK_VEC4_AS("position", got, 12, 0, -3, 0.5, 1e-6);
   for (unsigned k = 0; k < 4; k++) {
      const struct nvc_g80_io *o = find_io(&p, true, VARYING_SLOT_VAR0, k);
      CHECK(o && o->word < p.vp_num_results, "var0.%c has no $o", "xyzw"[k]);
      got[k] = o ? f(out[o->word]) : NAN;
   }
   CHECK_VEC4_AS("var0", got, 9, 5, 8, 1, 1e-6);
done:
   nvc_g80_program_free(&p);
}

/*
 * FP: a perspective varying v = (0.5, 4, 1.5, 8) at a pixel whose w is 2
 * (the interpolator gives v/w and 1/w: the FP multiplies back by
 * w = rcp(1/w)), a flat one whose x is 3 in lane 0 and 0.1 in lane 1.
 *   colour = (v.x * v.y + v.z, 1 / v.w, 2^v.x, v.x < flat.x ? 0.25 : 0.75)
 *          = (3.5, 0.125, 1.41421356, 0.25 | 0.75)
 *   colour 1 = (sin(pi/6) = 0.5, cos(pi/3) = 0.5, -v.y + 8 = 4, gl_FragCoord.w
 *              = 1/w = 0.5)
 */
static void
test_fp(void)
{
   nir_builder b = builder(MESA_SHADER_FRAGMENT, "fp_mad_rcp_ex2");
   nir_variable *vin = nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR0, 0, "v");
   nir_variable *fin = nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR1, 1, "fl");
   fin->data.interpolation = INTERP_MODE_FLAT;
   nir_variable *pin = nvc_test_in_vec4(b.shader, VARYING_SLOT_POS, 2, "fc");
   nir_variable *c0 = nvc_test_var(b.shader, nir_var_shader_out,
                                   glsl_vec4_type(), FRAG_RESULT_DATA0, 0, "c0");
   nir_variable *c1 = nvc_test_var(b.shader, nir_var_shader_out,
                                   glsl_vec4_type(), FRAG_RESULT_DATA1, 1, "c1");
   nir_ssa_def *v = nir_load_var(&b, vin), *fl = nir_load_var(&b, fin);
   nir_ssa_def *vx = nir_channel(&b, v, 0);
   nir_store_var(&b, c0, nir_vec4(&b,
      nir_ffma(&b, vx, nir_channel(&b, v, 1), nir_channel(&b, v, 2)),
      nir_frcp(&b, nir_channel(&b, v, 3)),
      nir_fexp2(&b, vx),
      nir_bcsel(&b, nir_flt(&b, vx, nir_channel(&b, fl, 0)),
                nir_imm_float(&b, 0.25), nir_imm_float(&b, 0.75))), 0xf);
   nir_store_var(&b, c1, nir_vec4(&b,
      nir_fsin(&b, nir_imm_float(&b, M_PI / 6)),
      nir_fcos(&b, nir_fmul_imm(&b, nir_channel(&b, fl, 1), M_PI / 3)),
      nir_fadd_imm(&b, nir_fneg(&b, nir_channel(&b, v, 1)), 8.0),
      nir_channel(&b, nir_load_var(&b, pin), 3)), 0xf);

   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   CHECK(p.fp_result_count == 8, "FP_RESULT_COUNT %u, want 8",
         p.fp_result_count);
   CHECK(p.fp_control == G80_3D_FP_CONTROL_MULTIPLE_RESULTS,
         "FP_CONTROL 0x%x, want MULTIPLE_RESULTS",
         p.fp_control);
   /* -v.y + 8 is one add with NEG0: the fneg's cvt is dead
    * (nvc_g80_opt_dce) */
   char *dis = nvc_g80_disasm(&p);
   CHECK(dis && !strstr(dis, "cvt neg0"), "a dead fneg is left:\n%s",
         dis ? dis : "");
   free(dis);
   /* pi/3 read as an immediate (nvc_g80_opt_fold_immediates) */
   CHECK(disasm_has(&p, ", 0x3f860a92"), "no immediate operand");
   CHECK(disasm_has(&p, "pinterp") && disasm_has(&p, "preex2") &&
         disasm_has(&p, "presin") && disasm_has(&p, "interp flat"),
         "instruction choice");

   /* v[]: the UMASK position components first, then the inputs */
   unsigned umask = (p.fp_interp_ctrl & G80_3D_FP_INTERPOLANT_CTRL_UMASK__MASK)
                    >> G80_3D_FP_INTERPOLANT_CTRL_UMASK__SHIFT, n = 0;
   const float w = 2.0f, vv[4] = { 0.5, 4, 1.5, 8 };
   const float flat_x[2] = { 3.0f, 0.1f };
   float interp[2][32];
   for (unsigned l = 0; l < 2; l++) {
      n = 0;
      for (unsigned k = 0; k < 4; k++)
         if (umask >> k & 1)
            interp[l][n++] = k == 3 ? 1.0f / w : 100.0f + k;
      CHECK(umask & 8, "no 1/w in v[] for the perspective input");
      for (unsigned i = 0; i < p.num_inputs; i++) {
         const struct nvc_g80_io *io = &p.io[i];
         float val = io->slot == VARYING_SLOT_VAR0 ? vv[io->comp] :
                     io->comp == 0 ? flat_x[l] : 1.0f;
         CHECK(io->interp == (io->slot == VARYING_SLOT_VAR0 ?
                              NVC_G80_INTERP_PERSPECTIVE : NVC_G80_INTERP_FLAT),
               "input slot %u interpolation %u", io->slot, io->interp);
         interp[l][io->word] = io->interp == NVC_G80_INTERP_FLAT ? val : val / w;
      }
   }
   uint32_t out[2][16] = { { 0 } };
   if (!run(&p, 2, NULL, 0, &interp[0][0], NULL, 32, &out[0][0], 16, NULL, 0))
      goto done;
   for (unsigned l = 0; l < 2; l++) {
      float c[4], d[4];
      for (unsigned k = 0; k < 4; k++) {
         c[k] = f(out[l][k]);
         d[k] = f(out[l][4 + k]);
      }
      CHECK_VEC4_AS(l ? "colour 0, lane 1" : "colour 0, lane 0", c, 3.5,
                    0.125, 1.41421356f, l ? 0.75 : 0.25, 1e-5);
      CHECK_VEC4_AS("colour 1", d, 0.5, 0.5, 4, 0.5, 1e-5);
   }
done:
   nvc_g80_program_free(&p);
}

/*
 * An FP input array (GLSL's varying vec4 arr[3], one variable of 3 slots
 * from VAR2, flat): nir_lower_io reads element e as location VAR2 with
 * offset e, which is the slot the driver routes the VP's output from
 * (io[].slot).  The VP writes 10 * e + comp into element e (what the
 * driver routes to the input's word, by its slot):
 * colour = (arr[2].x, arr[1].y, arr[0].z, arr[2].w) = (20, 11, 2, 23).
 * Every element named VAR2 would give (0, 1, 2, 3).
 */
static void
test_fp_input_array(void)
{
   nir_builder b = builder(MESA_SHADER_FRAGMENT, "fp_input_array");
   nir_variable *arr = nvc_test_var(b.shader, nir_var_shader_in,
                                    glsl_array_type(glsl_vec4_type(), 3, 0),
                                    VARYING_SLOT_VAR2, 0, "arr");
   arr->data.interpolation = INTERP_MODE_FLAT;
   nir_variable *o = nvc_test_out_vec4(b.shader, FRAG_RESULT_DATA0, 0, "c");
   nir_ssa_def *e[3];
   for (unsigned i = 0; i < 3; i++)
      e[i] = nir_load_deref(&b, nir_build_deref_array_imm(
                                   &b, nir_build_deref_var(&b, arr), i));
   nir_store_var(&b, o, nir_vec4(&b, nir_channel(&b, e[2], 0),
                                 nir_channel(&b, e[1], 1),
                                 nir_channel(&b, e[0], 2),
                                 nir_channel(&b, e[2], 3)), 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   float interp[32] = { 0 };
   for (unsigned i = 0; i < p.num_inputs; i++) {
      const struct nvc_g80_io *io = &p.io[i];
      if (io->word < 32)
         interp[io->word] = 10.0f * (io->slot - VARYING_SLOT_VAR2) + io->comp;
   }
   uint32_t out[4] = { 0 };
   if (run(&p, 1, NULL, 0, interp, NULL, 32, out, 4, NULL, 0)) {
      float c[4];
      for (unsigned k = 0; k < 4; k++)
         c[k] = f(out[k]);
      CHECK_VEC4_AS("arr[2].x, arr[1].y, arr[0].z, arr[2].w by slot", c,
                    20, 11, 2, 23, 0);
   }
   nvc_g80_program_free(&p);
}

/*
 * gl_FrontFacing (load_front_face): v[FACE] reads all ones on a front
 * face, 0 on a back face (g80.xml VAR_ADDR, nvsim's warp face words).
 * colour = front ? (1, 0, 0.25, 1) : (0, 1, 0.75, 1), lane 0 front,
 * lane 1 back.  Seen failing: the intrinsic refused by the backend.
 */
static void
test_fp_front_face(void)
{
   nir_builder b = builder(MESA_SHADER_FRAGMENT, "fp_front_face");
   nir_variable *o = nvc_test_out_vec4(b.shader, FRAG_RESULT_DATA0, 0, "c");
   nir_ssa_def *ff = nir_load_front_face(&b, 1);
   nir_store_var(&b, o, nir_bcsel(&b, ff, nir_imm_vec4(&b, 1, 0, 0.25, 1),
                                  nir_imm_vec4(&b, 0, 1, 0.75, 1)), 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const uint32_t *cbs[1] = { NULL };
   unsigned cbw[1] = { 0 };
   struct g80_shader_program prog = {
      .code = (const uint8_t *)p.code, .code_size = p.code_words * 4,
      .gprs = p.num_gprs, .isa_flags = target.isa_flags,
      .cb = cbs, .cb_words = cbw, .num_cb = 1,
   };
   const uint32_t face[2] = { 0xffffffff, 0 };
   float interp[2][32] = { { 0 } };
   uint32_t out[2][4] = { { 0 } };
   struct g80_shader_warp w = {
      .lanes = 2, .active = 3, .interp = &interp[0][0], .interp_stride = 32,
      .face = face, .out = &out[0][0], .out_stride = 4,
      .out_words = p.fp_result_count,
   };
   struct g80_shader_callbacks cb = { 0 };
   struct g80_shader_fault fault;
   int r = g80_shader_run(G80_STAGE_FP, &prog, &w, &cb, &fault);
   CHECK(r == 0, "the interpreter faulted at 0x%x: %s", fault.pc, fault.msg);
   if (r == 0) {
      for (unsigned l = 0; l < 2; l++) {
         float c[4];
         for (unsigned k = 0; k < 4; k++)
            c[k] = f(out[l][k]);
         if (l == 0)
            CHECK_VEC4_AS("front face", c, 1, 0, 0.25, 1, 0);
         else
            CHECK_VEC4_AS("back face", c, 0, 1, 0.75, 1, 0);
      }
   }
   nvc_g80_program_free(&p);
}

/*
 * Registers: 40 values v_j = a.x * j + a.y, all computed before any is
 * stored, each read twice: out_j = v_j - 0.5 * v_(39-j).  With a = (1,
 * 0.5): j + 0.5 - 0.5 * (39 - j + 0.5) = 1.5 j - 19.25.  40+ registers.
 */
static void
test_many_live(void)
{
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_many_live");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *a = nir_load_var(&b, in), *v[40], *r[40];
   for (unsigned i = 0; i < 40; i++)
      v[i] = nir_ffma(&b, nir_channel(&b, a, 0), nir_imm_float(&b, i),
                      nir_channel(&b, a, 1));
   for (unsigned i = 0; i < 40; i++)
      r[i] = nir_ffma(&b, v[39 - i], nir_imm_float(&b, -0.5), v[i]);
   for (unsigned i = 0; i < 10; i++) {
      nir_variable *o = nvc_test_out_vec4(b.shader, VARYING_SLOT_VAR0 + i,
                                          i, "o");
      nir_store_var(&b, o, nir_vec4(&b, r[4 * i], r[4 * i + 1], r[4 * i + 2],
                                    r[4 * i + 3]), 0xf);
   }
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   CHECK(p.num_gprs >= 40, "%u registers for 40 live values", p.num_gprs);
   uint32_t inw[4] = { 0 }, out[64] = { 0 };
   for (unsigned i = 0; i < p.num_inputs; i++)
      inw[p.io[i].word] = u(p.io[i].comp == 0 ? 1.0f : 0.5f);
   if (run(&p, 1, inw, 4, NULL, NULL, 0, out, 64, NULL, 0)) {
      for (unsigned i = 0; i < 10; i++) {
         float got[4];
         for (unsigned k = 0; k < 4; k++) {
            const struct nvc_g80_io *o =
               find_io(&p, true, VARYING_SLOT_VAR0 + i, k);
            got[k] = o ? f(out[o->word]) : NAN;
         }
         unsigned j = 4 * i;
         CHECK_VEC4_AS("v_j - v_(39-j) / 2", got, 1.5 * j - 19.25,
                       1.5 * (j + 1) - 19.25, 1.5 * (j + 2) - 19.25,
                       1.5 * (j + 3) - 19.25, 0);
      }
   }
   nvc_g80_program_free(&p);
}

/* Reads output (slot, comp) of a VP run's $o words. */
static uint32_t
out_word(const struct nvc_g80_program *p, const uint32_t *out, unsigned slot,
         unsigned comp)
{
   const struct nvc_g80_io *o = find_io(p, true, slot, comp);
   CHECK(o, "output slot %u.%c has no $o", slot, "xyzw"[comp]);
   return o ? out[o->word] : 0xdeadbeef;
}

/*
 * 70 values v_i = a.x * i + a.y all live, then s = sum of (v_i + 1): the
 * adds would read v_i through the immediate form, whose 6-bit source
 * field reaches $r0..$r63 only, so the compile falls back to registers
 * for the 1.0 (more than 64 registers).  The v_i are summed again, last
 * first, into t after s, so that all 70 live through s's adds (constants
 * and inputs are moved down to their readers, nvc_g80_nir.c, so they
 * keep no registers live).  a = (1, 0.5):
 * s = sum(i + 1.5, i < 70) = 2415 + 105 = 2520, t = 2415 + 35 = 2450.
 */
static void
test_immediate_fallback(void)
{
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_imm_fallback");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *o = nvc_test_out_vec4(b.shader, VARYING_SLOT_VAR0, 0, "o");
   nir_ssa_def *a = nir_load_var(&b, in), *v[70], *sum;
   for (unsigned i = 0; i < 70; i++)
      v[i] = nir_ffma(&b, nir_channel(&b, a, 0), nir_imm_float(&b, i),
                      nir_channel(&b, a, 1));
   sum = nir_fadd_imm(&b, v[0], 1.0);
   for (unsigned i = 1; i < 70; i++)
      sum = nir_fadd(&b, sum, nir_fadd_imm(&b, v[i], 1.0));
   nir_ssa_def *again = v[69];
   for (int i = 68; i >= 0; i--)
      again = nir_fadd(&b, again, v[i]);
   nir_store_var(&b, o, nir_vec4(&b, sum, again, sum, sum), 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   CHECK(p.num_gprs > 64, "%u registers for 70 live values", p.num_gprs);
   uint32_t inw[4] = { 0 }, out[8] = { 0 };
   for (unsigned i = 0; i < p.num_inputs; i++)
      inw[p.io[i].word] = u(p.io[i].comp == 0 ? 1.0f : 0.5f);
   if (run(&p, 1, inw, 4, NULL, NULL, 0, out, 8, NULL, 0))
   {
      CHECK(f(out_word(&p, out, VARYING_SLOT_VAR0, 0)) == 2520.0f,
            "sum %g, want 2520", f(out_word(&p, out, VARYING_SLOT_VAR0, 0)));
      CHECK(f(out_word(&p, out, VARYING_SLOT_VAR0, 1)) == 2450.0f,
            "sum again %g, want 2450",
            f(out_word(&p, out, VARYING_SLOT_VAR0, 1)));
   }
   nvc_g80_program_free(&p);
}

/*
 * st/mesa's uniforms (load_ubo_vec4, nir_lower_uniforms_to_ubo without
 * packed uniforms): the word is (base + offset source) * 4 + component.
 * c0[] word w holds 100 + w; u = load_ubo_vec4(0, 1).yz with base 2
 * (slot 3: words 13, 14), v = load_ubo_vec4(0, 0).x with base 1 (word 4):
 * var0 = (113, 114, 104, 104 + 113 = 217).  Reading base 0 alone (the
 * slot of the offset source) would give (105, 106, 100, 205).
 */
static void
test_vp_ubo_vec4(void)
{
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_ubo_vec4");
   nir_variable *o = nvc_test_out_vec4(b.shader, VARYING_SLOT_VAR0, 0, "o");
   nir_ssa_def *uv = nir_load_ubo_vec4(&b, 2, 32, nir_imm_int(&b, 0),
                                       nir_imm_int(&b, 1), .base = 2,
                                       .component = 1);
   nir_ssa_def *v = nir_load_ubo_vec4(&b, 1, 32, nir_imm_int(&b, 0),
                                      nir_imm_int(&b, 0), .base = 1);
   nir_store_var(&b, o, nir_vec4(&b, nir_channel(&b, uv, 0),
                                 nir_channel(&b, uv, 1), v,
                                 nir_fadd(&b, v, nir_channel(&b, uv, 0))),
                 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   uint32_t cb[16], out[8] = { 0 }, inw[1] = { 0 };
   for (unsigned w = 0; w < 16; w++)
      cb[w] = u(100.0f + w);
   if (run(&p, 1, inw, 1, NULL, NULL, 0, out, 8, cb, 16)) {
      float got[4];
      for (unsigned k = 0; k < 4; k++)
         got[k] = f(out_word(&p, out, VARYING_SLOT_VAR0, k));
      CHECK_VEC4_AS("load_ubo_vec4 base + offset", got, 113, 114, 104, 217,
                    0);
   }
   nvc_g80_program_free(&p);
}

/*
 * Variable offsets into c0[] (uniform arrays and blocks indexed by a
 * value: c[$a + offset] after `shl $a, $r, shift`).  c0[] word w holds
 * 100 + w; idx = int(a.x), 2 in lane 0 and 0 in lane 1:
 *   load_ubo_vec4(0, idx, base 1).xy: slot 1 + idx, words 4 (1 + idx)..
 *   load_ubo(0, idx * 4 + 4).x: byte 4 idx + 4, word idx + 1
 *   w: b2f(i2b(idx)) (a GLSL bool read from a block is an int: any
 *   non-zero is true)
 *   var0 = (112, 113, 103, 1) in lane 0, (104, 105, 101, 0) in lane 1.
 * A constant offset alone (idx read as 0) gives lane 1's values in both.
 */
static void
test_vp_ubo_indirect(void)
{
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_ubo_indirect");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *o = nvc_test_out_vec4(b.shader, VARYING_SLOT_VAR0, 0, "o");
   nir_ssa_def *idx = nir_f2i32(&b, nir_channel(&b, nir_load_var(&b, in), 0));
   nir_ssa_def *v = nir_load_ubo_vec4(&b, 2, 32, nir_imm_int(&b, 0), idx,
                                      .base = 1);
   nir_ssa_def *w = nir_load_ubo(&b, 1, 32, nir_imm_int(&b, 0),
                                 nir_iadd_imm(&b, nir_ishl_imm(&b, idx, 2), 4),
                                 .align_mul = 4, .range = ~0);
   nir_store_var(&b, o, nir_vec4(&b, nir_channel(&b, v, 0),
                                 nir_channel(&b, v, 1), w,
                                 nir_b2f32(&b, nir_i2b32(&b, idx))), 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   CHECK(disasm_has(&p, "shl $a1"), "no address register written");
   uint32_t cb[16], out[16] = { 0 }, inw[32] = { 0 };
   for (unsigned k = 0; k < 16; k++)
      cb[k] = u(100.0f + k);
   for (unsigned i = 0; i < p.num_inputs; i++)
      if (p.io[i].comp == 0)
         inw[p.io[i].word] = u(2.0f);   /* lane 1: 0.0 */
   if (run(&p, 2, inw, 16, NULL, NULL, 0, out, 8, cb, 16)) {
      static const float want[2][4] = { { 112, 113, 103, 1 },
                                        { 104, 105, 101, 0 } };
      for (unsigned l = 0; l < 2; l++) {
         float got[4];
         for (unsigned k = 0; k < 4; k++) {
            const struct nvc_g80_io *io = find_io(&p, true, VARYING_SLOT_VAR0,
                                                  k);
            got[k] = io ? f(out[l * 8 + io->word]) : NAN;
         }
         CHECK_VEC4_AS("c0[$a + offset]", got, want[l][0], want[l][1],
                       want[l][2], want[l][3], 0);
      }
   }
   nvc_g80_program_free(&p);
}

/*
 * gl_VertexID and gl_InstanceID: the a[] words after the attributes
 * (VP_GP_BUILTIN_ATTR_EN, nvsim's g80_3d_vertex.c appends them in that
 * order).  Vertex 7 of instance 2 with attribute x = 0.5:
 * var0 = (float(7), float(2), 7 * 2 = 14 as an int, 0.5).
 */
static void
test_vp_builtins(void)
{
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_builtins");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *o = nvc_test_out_vec4(b.shader, VARYING_SLOT_VAR0, 0, "o");
   nir_ssa_def *vid = nir_load_vertex_id(&b), *iid = nir_load_instance_id(&b);
   nir_store_var(&b, o, nir_vec4(&b, nir_i2f32(&b, vid), nir_u2f32(&b, iid),
                                 nir_imul(&b, vid, iid),
                                 nir_channel(&b, nir_load_var(&b, in), 0)),
                 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   CHECK(p.vp_builtin_en == (G80_3D_VP_GP_BUILTIN_ATTR_EN_VERTEX_ID |
                             G80_3D_VP_GP_BUILTIN_ATTR_EN_INSTANCE_ID |
         G80_3D_VP_GP_BUILTIN_ATTR_EN_VERTEX_ID_DRAW_ARRAYS_ADD_START),
         "VP_GP_BUILTIN_ATTR_EN 0x%x", p.vp_builtin_en);
   /* a[]: attribute 0's x, then the vertex id, then the instance id */
   CHECK(p.vp_attr_en[0] == 1 && p.num_inputs == 1, "one attribute word");
   uint32_t inw[3] = { u(0.5f), 7, 2 }, out[8] = { 0 };
   if (run(&p, 1, inw, 3, NULL, NULL, 0, out, 8, NULL, 0)) {
      CHECK(out_word(&p, out, VARYING_SLOT_VAR0, 0) == u(7) &&
            out_word(&p, out, VARYING_SLOT_VAR0, 1) == u(2) &&
            out_word(&p, out, VARYING_SLOT_VAR0, 2) == 14 &&
            out_word(&p, out, VARYING_SLOT_VAR0, 3) == u(0.5f),
            "builtins: 0x%x 0x%x 0x%x 0x%x",
            out_word(&p, out, VARYING_SLOT_VAR0, 0),
            out_word(&p, out, VARYING_SLOT_VAR0, 1),
            out_word(&p, out, VARYING_SLOT_VAR0, 2),
            out_word(&p, out, VARYING_SLOT_VAR0, 3));
   }
   nvc_g80_program_free(&p);
}

/*
 * VP integer and rounding ops on attribute 0 = (-2.5, 7.25, 3, -1) and
 * the integer attribute 1 = (0xf0f0, 5, -8, 3), values by hand (GLSL /
 * NIR semantics):
 *   var0 = floor, ceil, trunc, roundEven of -2.5 = (-3, -2, -2, -2)
 *   var1 = (min(7.25, 3) = 3, max(|-2.5|, -1) = 2.5, int(-2.5) = -2 as
 *           bits, float(-8) = -8)
 *   var2 = (0xf0f0 & 0xff = 0xf0, | 0xf = 0xf0ff, ^ 0xffff = 0x0f0f,
 *           ~0xf0f0 = 0xffff0f0f)
 *   var3 = (5 << 3 = 40, -8 >> 1 = -4, -8 >>> 28 = 0xf, min(5, -8) = -8)
 *   var4 = (umax(5, 0xfffffff8) = 0xfffffff8, 5 <u 0xfffffff8 = 1,
 *           5 < -8 = 0, -3)
 *   var5 = (5 - 3 = 2, 5 << (b.w = 3, a variable count) = 40,
 *           float(5u) = 5, 5 == 5 = 1)
 *   var6 = products' low 32 bits, with attribute 2 = (0x12345678,
 *          0x09abcdef, 0x10001, 0xffff): (0xf0f0 * 5 = 0x4b4b0,
 *          -8 * 3 = -24, 0x12345678 * 0x09abcdef = 0x..e242d208,
 *          0x10001 * 0xffff = 0xffffffff)
 *   var7 = quotients and remainders (truncating, the remainder with the
 *          dividend's sign: GLSL / and NIR irem): (0xf0f0 / 5 = 0x3030,
 *          0xf0f0 % 3 = 0, -8 / 3 = -2, -8 irem 3 = -2)
 *   var8 = (0x12345678 / 0xffff = 0x1234, 0x12345678 % 0x10001 = 0x4444,
 *          0xffff / 0x10001 = 0, 0x10001 / 0x10001 = 1)
 */
static void
test_vp_int(void)
{
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_int_round");
   nir_variable *in0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *in1 = nvc_test_var(b.shader, nir_var_shader_in,
                                    glsl_ivec4_type(), VERT_ATTRIB_GENERIC1,
                                    1, "i");
   nir_variable *in2 = nvc_test_var(b.shader, nir_var_shader_in,
                                    glsl_ivec4_type(), VERT_ATTRIB_GENERIC2,
                                    2, "j");
   nir_variable *o[9];
   for (unsigned k = 0; k < 9; k++)
      o[k] = nvc_test_out_vec4(b.shader, VARYING_SLOT_VAR0 + k, k, "o");
   nir_ssa_def *a = nir_load_var(&b, in0), *i = nir_load_var(&b, in1);
   nir_ssa_def *ax = nir_channel(&b, a, 0);
   nir_ssa_def *ix = nir_channel(&b, i, 0), *iy = nir_channel(&b, i, 1);
   nir_ssa_def *iz = nir_channel(&b, i, 2), *iw = nir_channel(&b, i, 3);
   nir_store_var(&b, o[0], nir_vec4(&b, nir_ffloor(&b, ax), nir_fceil(&b, ax),
                                    nir_ftrunc(&b, ax),
                                    nir_fround_even(&b, ax)), 0xf);
   nir_store_var(&b, o[1], nir_vec4(&b,
      nir_fmin(&b, nir_channel(&b, a, 1), nir_channel(&b, a, 2)),
      nir_fmax(&b, nir_fabs(&b, ax), nir_channel(&b, a, 3)),
      nir_f2i32(&b, ax), nir_i2f32(&b, iz)), 0xf);
   nir_store_var(&b, o[2], nir_vec4(&b, nir_iand_imm(&b, ix, 0xff),
                                    nir_ior_imm(&b, ix, 0xf),
                                    nir_ixor(&b, ix, nir_imm_int(&b, 0xffff)),
                                    nir_inot(&b, ix)), 0xf);
   nir_store_var(&b, o[3], nir_vec4(&b, nir_ishl_imm(&b, iy, 3),
                                    nir_ishr_imm(&b, iz, 1),
                                    nir_ushr_imm(&b, iz, 28),
                                    nir_imin(&b, iy, iz)), 0xf);
   nir_store_var(&b, o[4], nir_vec4(&b, nir_umax(&b, iy, iz),
                                    nir_b2i32(&b, nir_ult(&b, iy, iz)),
                                    nir_b2i32(&b, nir_ilt(&b, iy, iz)),
                                    nir_ineg(&b, iw)), 0xf);
   nir_store_var(&b, o[5], nir_vec4(&b, nir_isub(&b, iy, iw),
                                    nir_ishl(&b, iy, iw),
                                    nir_u2f32(&b, iy),
                                    nir_b2i32(&b, nir_ieq(&b, iy, iy))), 0xf);
   nir_ssa_def *j = nir_load_var(&b, in2);
   nir_store_var(&b, o[6], nir_vec4(&b, nir_imul(&b, ix, iy),
                                    nir_imul(&b, iz, iw),
                                    nir_imul(&b, nir_channel(&b, j, 0),
                                             nir_channel(&b, j, 1)),
                                    nir_imul(&b, nir_channel(&b, j, 2),
                                             nir_channel(&b, j, 3))), 0xf);
   nir_store_var(&b, o[7], nir_vec4(&b, nir_udiv(&b, ix, iy),
                                    nir_umod(&b, ix, iw),
                                    nir_idiv(&b, iz, iw),
                                    nir_irem(&b, iz, iw)), 0xf);
   nir_ssa_def *jx = nir_channel(&b, j, 0), *jz = nir_channel(&b, j, 2);
   nir_ssa_def *jw = nir_channel(&b, j, 3);
   nir_store_var(&b, o[8], nir_vec4(&b, nir_udiv(&b, jx, jw),
                                    nir_umod(&b, jx, jz),
                                    nir_udiv(&b, jw, jz),
                                    nir_udiv(&b, jz, jz)), 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const uint32_t attr[3][4] = {
      { u(-2.5), u(7.25), u(3), u(-1) },
      { 0xf0f0, 5, (uint32_t)-8, 3 },
      { 0x12345678, 0x09abcdef, 0x10001, 0xffff },
   };
   uint32_t inw[12] = { 0 }, out[64] = { 0 };
   for (unsigned n = 0; n < p.num_inputs; n++)
      inw[p.io[n].word] = attr[p.io[n].slot][p.io[n].comp];
   if (run(&p, 1, inw, 12, NULL, NULL, 0, out, 64, NULL, 0)) {
      const uint32_t want[9][4] = {
         { u(-3), u(-2), u(-2), u(-2) },
         { u(3), u(2.5), (uint32_t)-2, u(-8) },
         { 0xf0, 0xf0ff, 0x0f0f, 0xffff0f0f },
         { 40, (uint32_t)-4, 0xf, (uint32_t)-8 },
         { 0xfffffff8, 1, 0, (uint32_t)-3 },
         { 2, 40, u(5), 1 },
         { 0x4b4b0, (uint32_t)-24, 0xe242d208, 0xffffffff },
         { 0x3030, 0, (uint32_t)-2, (uint32_t)-2 },
         { 0x1234, 0x4444, 0, 1 },
      };
      for (unsigned v = 0; v < 9; v++)
         for (unsigned k = 0; k < 4; k++) {
            uint32_t got = out_word(&p, out, VARYING_SLOT_VAR0 + v, k);
            CHECK(got == want[v][k], "var%u.%c = 0x%08x, want 0x%08x", v,
                  "xyzw"[k], got, want[v][k]);
         }
   }
   nvc_g80_program_free(&p);
}

/*
 * fneg and fabs whose result no float instruction takes as modifiers
 * (the VP's results are plain words, as floatBitsToInt would read them):
 * a = (-2.5, 7.25, 0, -0): -|a.x| = -2.5, |-a.y| = 7.25, -|a.z| = -0.0
 * (0x80000000, GLSL 4.60 8.3 and ARB_shader_bit_encoding's piglit
 * tests), -(-a.w) = -0.0.  -|x| was stored as |x| before (the negation
 * outside the fabs dropped).
 */
static void
test_vp_neg_abs(void)
{
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_neg_abs");
   nir_variable *in0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *o = nvc_test_out_vec4(b.shader, VARYING_SLOT_VAR0, 0, "o");
   nir_ssa_def *a = nir_load_var(&b, in0);
   nir_store_var(&b, o, nir_vec4(&b,
      nir_fneg(&b, nir_fabs(&b, nir_channel(&b, a, 0))),
      nir_fabs(&b, nir_fneg(&b, nir_channel(&b, a, 1))),
      nir_fneg(&b, nir_fabs(&b, nir_channel(&b, a, 2))),
      nir_fneg(&b, nir_fneg(&b, nir_channel(&b, a, 3)))), 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const uint32_t attr[4] = { u(-2.5), u(7.25), u(0.0f), u(-0.0f) };
   uint32_t inw[4] = { 0 }, out[64] = { 0 };
   for (unsigned n = 0; n < p.num_inputs; n++)
      inw[p.io[n].word] = attr[p.io[n].comp];
   if (run(&p, 1, inw, 4, NULL, NULL, 0, out, 64, NULL, 0)) {
      const uint32_t want[4] = { u(-2.5), u(7.25), 0x80000000, 0x80000000 };
      for (unsigned k = 0; k < 4; k++) {
         uint32_t got = out_word(&p, out, VARYING_SLOT_VAR0, k);
         CHECK(got == want[k], "o.%c = 0x%08x, want 0x%08x", "xyzw"[k], got,
               want[k]);
      }
   }
   nvc_g80_program_free(&p);
}

/*
 * ARB programs' set-on-compare (prog_to_nir's slt / sge / seq / sne,
 * 1.0 or 0.0: ARB_vertex_program 2.14.5.x) and f2b (nir_lower_bitmap's
 * discard condition: a != 0.0, true on NaN, nir_opcodes.py).  VP,
 * attribute a = (1, 2, NaN, -0.0):
 *   var0 = (slt(a.x, a.y), sge(a.x, a.y), seq(a.x, a.x), sne(a.x, a.y))
 *        = (1, 0, 1, 1)
 *   var1 = (sge(a.y, a.x), slt(a.y, a.x), seq(a.x, a.y), sne(a.y, a.y))
 *        = (1, 0, 0, 0)
 *   var2 = b2f(f2b(a.x), f2b(a.w), f2b(a.z), f2b(-a.y)) = (1, 0, 1, 1)
 * Both were refused before ("slt", "f2b32" not supported).
 */
static void
test_vp_scmp_f2b(void)
{
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_scmp_f2b");
   nir_variable *in0 = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *o[3];
   for (unsigned k = 0; k < 3; k++)
      o[k] = nvc_test_out_vec4(b.shader, VARYING_SLOT_VAR0 + k, k, "o");
   nir_ssa_def *a = nir_load_var(&b, in0);
   nir_ssa_def *x = nir_channel(&b, a, 0), *y = nir_channel(&b, a, 1);
   nir_ssa_def *z = nir_channel(&b, a, 2), *w = nir_channel(&b, a, 3);
   nir_store_var(&b, o[0], nir_vec4(&b, nir_slt(&b, x, y), nir_sge(&b, x, y),
                                    nir_seq(&b, x, x), nir_sne(&b, x, y)),
                 0xf);
   nir_store_var(&b, o[1], nir_vec4(&b, nir_sge(&b, y, x), nir_slt(&b, y, x),
                                    nir_seq(&b, x, y), nir_sne(&b, y, y)),
                 0xf);
   nir_store_var(&b, o[2], nir_vec4(&b, nir_b2f32(&b, nir_f2b(&b, x)),
                                    nir_b2f32(&b, nir_f2b(&b, w)),
                                    nir_b2f32(&b, nir_f2b(&b, z)),
                                    nir_b2f32(&b, nir_f2b(&b, nir_fneg(&b, y)))),
                 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const uint32_t attr[4] = { u(1), u(2), 0x7fc00000, 0x80000000 };
   uint32_t inw[4] = { 0 }, out[64] = { 0 };
   for (unsigned n = 0; n < p.num_inputs; n++)
      inw[p.io[n].word] = attr[p.io[n].comp];
   if (run(&p, 1, inw, 4, NULL, NULL, 0, out, 64, NULL, 0)) {
      const float want[3][4] = {
         { 1, 0, 1, 1 }, { 1, 0, 0, 0 }, { 1, 0, 1, 1 },
      };
      for (unsigned v = 0; v < 3; v++)
         for (unsigned k = 0; k < 4; k++) {
            uint32_t got = out_word(&p, out, VARYING_SLOT_VAR0 + v, k);
            CHECK(got == u(want[v][k]), "var%u.%c = 0x%08x, want %g", v,
                  "xyzw"[k], got, want[v][k]);
         }
   }
   nvc_g80_program_free(&p);
}

/*
 * FP with a noperspective input n = (3, 0.75, ...) (the interpolator
 * gives n itself: NOPERSPECTIVE_BITMAP), gl_FragCoord.xy = (10.5, 20.5),
 * writing depth = n.x / 4 = 0.75 after one colour (n.y, x, y, 1):
 * FP_RESULT_COUNT 5, EXPORTS_Z, depth in $r4; no 1/w needed.
 */
static void
test_fp_depth(void)
{
   nir_builder b = builder(MESA_SHADER_FRAGMENT, "fp_depth_noperspective");
   nir_variable *nin = nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR0, 0, "n");
   nin->data.interpolation = INTERP_MODE_NOPERSPECTIVE;
   nir_variable *col = nvc_test_var(b.shader, nir_var_shader_out,
                                    glsl_vec4_type(), FRAG_RESULT_COLOR, 0, "c");
   nir_variable *dep = nvc_test_var(b.shader, nir_var_shader_out,
                                    glsl_float_type(), FRAG_RESULT_DEPTH, 1, "z");
   /* gl_FragCoord as the system value (test_fp reads it as an input) */
   nir_ssa_def *n = nir_load_var(&b, nin), *fc = nir_load_frag_coord(&b);
   nir_store_var(&b, col, nir_vec4(&b, nir_channel(&b, n, 1),
                                   nir_channel(&b, fc, 0),
                                   nir_channel(&b, fc, 1),
                                   nir_imm_float(&b, 1)), 0xf);
   nir_store_var(&b, dep, nir_fmul_imm(&b, nir_channel(&b, n, 0), 0.25), 1);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   unsigned umask = (p.fp_interp_ctrl & G80_3D_FP_INTERPOLANT_CTRL_UMASK__MASK)
                    >> G80_3D_FP_INTERPOLANT_CTRL_UMASK__SHIFT;
   CHECK(umask == 3, "UMASK 0x%x, want x and y only", umask);
   CHECK(p.fp_result_count == 5 &&
         p.fp_control == G80_3D_FP_CONTROL_EXPORTS_Z,
         "FP_RESULT_COUNT %u FP_CONTROL 0x%x", p.fp_result_count,
         p.fp_control);
   CHECK(disasm_has(&p, "linterp") && !disasm_has_quiet(&p, "pinterp"),
         "noperspective inputs by linterp");
   float interp[16] = { 10.5f, 20.5f };
   for (unsigned i = 0; i < p.num_inputs; i++) {
      CHECK(p.io[i].interp == NVC_G80_INTERP_LINEAR, "interp %u",
            p.io[i].interp);
      interp[p.io[i].word] = p.io[i].comp == 0 ? 3.0f : 0.75f;
   }
   uint32_t out[8] = { 0 };
   if (run(&p, 1, NULL, 0, interp, NULL, 16, out, 8, NULL, 0)) {
      float c[4] = { f(out[0]), f(out[1]), f(out[2]), f(out[3]) };
      CHECK_VEC4_AS("colour", c, 0.75, 10.5, 20.5, 1, 0);
      CHECK(f(out[4]) == 0.75f, "depth %g, want 0.75", f(out[4]));
   }
   nvc_g80_program_free(&p);
}

/*
 * FP discard: if (v.x < 0.5) discard; colour = v.  NIR makes the if a
 * discard_if; lane 0 (v.x = 0.25) is discarded, lane 1 (0.75) writes
 * (0.75, 1, 1, 1).  FP_CONTROL USES_KIL.  An unconditional discard kills
 * both.
 */
static void
test_fp_discard(void)
{
   for (unsigned always = 0; always < 2; always++) {
      nir_builder b = builder(MESA_SHADER_FRAGMENT, "fp_discard");
      nir_variable *vin = nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR0, 0, "v");
      vin->data.interpolation = INTERP_MODE_NOPERSPECTIVE;
      nir_variable *col = nvc_test_var(b.shader, nir_var_shader_out,
                                       glsl_vec4_type(), FRAG_RESULT_COLOR, 0,
                                       "c");
      nir_ssa_def *v = nir_load_var(&b, vin);
      if (always) {
         nir_discard(&b);
      } else {
         nir_push_if(&b, nir_flt(&b, nir_channel(&b, v, 0),
                                 nir_imm_float(&b, 0.5)));
         nir_discard(&b);
         nir_pop_if(&b, NULL);
      }
      nir_store_var(&b, col, v, 0xf);
      struct nvc_g80_program p;
      if (!compile(b.shader, &p))
         return;
      CHECK(p.fp_control & G80_3D_FP_CONTROL_USES_KIL, "no USES_KIL");
      float interp[2][8];
      for (unsigned l = 0; l < 2; l++)
         for (unsigned i = 0; i < p.num_inputs; i++)
            interp[l][p.io[i].word] = p.io[i].comp ? 1.0f : (l ? 0.75f : 0.25f);
      uint32_t out[2][4] = { { 0 } }, killed = 0;
      if (run_kil(&p, 2, NULL, 0, &interp[0][0], NULL, 8, &out[0][0], 4, NULL,
                  0, &killed)) {
         CHECK(killed == (always ? 3u : 1u), "discarded lanes 0x%x", killed);
         float c[4] = { f(out[1][0]), f(out[1][1]), f(out[1][2]),
                        f(out[1][3]) };
         if (!always)
            CHECK_VEC4_AS("kept lane", c, 0.75, 1, 1, 1, 0);
      }
      nvc_g80_program_free(&p);
   }
}

/*
 * sat(a.x * a.y) with a = (3, 0.5): sat(1.5) = 1 on every chip; on G200
 * the mul saturates itself (hwtest g80_fp.cc: G200 honours mul's SAT,
 * G80..G98 ignore it, nvsim's G80_SHADER_MUL_SAT), on G80 a cvt does.
 */
static void
test_mul_sat(unsigned chip, bool folded)
{
   struct nvc_g80_target saved = target;
   char *err = NULL;
   if (!nvc_g80_target_init(&target, nvhwdb_chip_find(chip), &err)) {
      CHECK(false, "chip 0x%x: %s", chip, err ? err : "?");
      free(err);
      target = saved;
      return;
   }
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_mul_sat");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_variable *pos = nvc_test_out_vec4(b.shader, VARYING_SLOT_POS, 0, "p");
   nir_ssa_def *a = nir_load_var(&b, in);
   nir_ssa_def *m = nir_fsat(&b, nir_fmul(&b, nir_channel(&b, a, 0),
                                          nir_channel(&b, a, 1)));
   nir_store_var(&b, pos, nir_vec4(&b, m, m, m, m), 0xf);
   struct nvc_g80_program p;
   if (compile(b.shader, &p)) {
      CHECK(disasm_has_quiet(&p, "mul f32 sat") == folded,
            "%s: mul sat %sfolded", target.name, folded ? "not " : "");
      uint32_t inw[4] = { 0 }, out[8] = { 0 };
      for (unsigned i = 0; i < p.num_inputs; i++)
         inw[p.io[i].word] = u(p.io[i].comp ? 0.5f : 3.0f);
      if (run(&p, 1, inw, 4, NULL, NULL, 0, out, 8, NULL, 0))
         CHECK(f(out[0]) == 1.0f, "%s: sat(1.5) = %g", target.name,
               f(out[0]));
      nvc_g80_program_free(&p);
   }
   target = saved;
}

/*
 * Derivatives over one quad (lanes top-left, top-right, bottom-left,
 * bottom-right; g80_shader.h): a noperspective v.x = (1, 3, 10, 12) gives
 * dFdx = 3 - 1 = 12 - 10 = 2 and dFdy = 10 - 1 = 12 - 3 = 9 in every
 * lane (the quad's bottom row minus its top row).
 */
static void
test_fp_derivatives(void)
{
   nir_builder b = builder(MESA_SHADER_FRAGMENT, "fp_derivatives");
   nir_variable *vin = nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR0, 0, "v");
   vin->data.interpolation = INTERP_MODE_NOPERSPECTIVE;
   nir_variable *col = nvc_test_var(b.shader, nir_var_shader_out,
                                    glsl_vec4_type(), FRAG_RESULT_COLOR, 0, "c");
   nir_ssa_def *x = nir_channel(&b, nir_load_var(&b, vin), 0);
   nir_store_var(&b, col, nir_vec4(&b, nir_fddx(&b, x), nir_fddy(&b, x),
                                   nir_imm_float(&b, 0),
                                   nir_imm_float(&b, 1)), 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float vx[4] = { 1, 3, 10, 12 };
   float interp[4][4];
   for (unsigned l = 0; l < 4; l++)
      for (unsigned i = 0; i < p.num_inputs; i++)
         interp[l][p.io[i].word] = vx[l];
   uint32_t out[4][4] = { { 0 } };
   if (run(&p, 4, NULL, 0, &interp[0][0], NULL, 4, &out[0][0], 4, NULL, 0)) {
      for (unsigned l = 0; l < 4; l++) {
         float c[4] = { f(out[l][0]), f(out[l][1]), f(out[l][2]),
                        f(out[l][3]) };
         CHECK_VEC4_AS("dFdx, dFdy", c, 2, 9, 0, 1, 0);
      }
   }
   nvc_g80_program_free(&p);
}

/*
 * Fine and coarse derivatives (ARB_derivative_control) over one quad: a
 * noperspective v.x = (1, 3, 10, 15) in lanes top-left, top-right,
 * bottom-left, bottom-right.  Fine (lane ^ 1, lane ^ 2): dFdxFine
 * 3 - 1 = 2 in the top row, 15 - 10 = 5 in the bottom one; dFdyFine
 * 10 - 1 = 9 in the left column, 15 - 3 = 12 in the right one.  Coarse
 * (one value a quad, the top row's and the left column's): dFdxCoarse 2,
 * dFdyCoarse 9 in every lane.  Before the coarse forms had their own
 * quadops they were the fine ones: lanes 2, 3 gave dFdxCoarse 5.
 */
static void
test_fp_derivatives_control(void)
{
   nir_builder b = builder(MESA_SHADER_FRAGMENT, "fp_derivatives_control");
   nir_variable *vin = nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR0, 0, "v");
   vin->data.interpolation = INTERP_MODE_NOPERSPECTIVE;
   nir_variable *col = nvc_test_var(b.shader, nir_var_shader_out,
                                    glsl_vec4_type(), FRAG_RESULT_COLOR, 0, "c");
   nir_ssa_def *x = nir_channel(&b, nir_load_var(&b, vin), 0);
   nir_store_var(&b, col, nir_vec4(&b, nir_fddx_fine(&b, x),
                                   nir_fddy_fine(&b, x),
                                   nir_fddx_coarse(&b, x),
                                   nir_fddy_coarse(&b, x)), 0xf);
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float vx[4] = { 1, 3, 10, 15 };
   const float want[4][4] = {
      { 2, 9, 2, 9 }, { 2, 12, 2, 9 }, { 5, 9, 2, 9 }, { 5, 12, 2, 9 },
   };
   float interp[4][4];
   for (unsigned l = 0; l < 4; l++)
      for (unsigned i = 0; i < p.num_inputs; i++)
         interp[l][p.io[i].word] = vx[l];
   uint32_t out[4][4] = { { 0 } };
   if (run(&p, 4, NULL, 0, &interp[0][0], NULL, 4, &out[0][0], 4, NULL, 0)) {
      for (unsigned l = 0; l < 4; l++) {
         float c[4] = { f(out[l][0]), f(out[l][1]), f(out[l][2]),
                        f(out[l][3]) };
         CHECK_VEC4_AS("fine dx, dy, coarse dx, dy", c, want[l][0],
                       want[l][1], want[l][2], want[l][3], 0);
      }
   }
   nvc_g80_program_free(&p);
}

/* What the first step does not do is refused with the chip named. */
/* Control flow is nouveau_compiler_g80_cf's (nvc_g80_cf_test.c). */
static void
test_refused(void)
{
   char *err = NULL;
   struct nvc_g80_target nv40;
   CHECK(!nvc_g80_target_init(&nv40, nvhwdb_chip_find(0x40), &err) && err &&
         strstr(err, "NV40"), "NV40 as a Tesla target: %s", err ? err : "");
   free(err);
}

static void
test_target(void)
{
   struct nvc_g80_target gt215;
   char *err = NULL;
   CHECK(target.max_gprs == 128, "G80 registers %u (isa.rst: 128)",
         target.max_gprs);
   CHECK(target.vp_max_attribs == 16, "VP attributes %u (VP_ATTR_EN: 16)",
         target.vp_max_attribs);
   CHECK(target.vp_max_results == 64, "VP result words %u (the map's "
         "constants from 0x40 on)", target.vp_max_results);
   CHECK(target.isa_flags == 0, "G80 has no SM11/D3D10.1 forms");
   CHECK(nvc_g80_target_init(&gt215, nvhwdb_chip_find(0xa3), &err) &&
         (gt215.isa_flags & NVISA_G80_FLAG_D3D10_1) &&
         (gt215.isa_flags & NVISA_G80_FLAG_SM11) && gt215.mul_sat,
         "GT215: %s", err ? err : "flags");
   free(err);
}

int
main(void)
{
   if (!nvc_g80_test_target(&target))
      return 1;
   test_target();
   test_vp();
   test_fp();
   test_fp_input_array();
   test_fp_front_face();
   test_many_live();
   test_immediate_fallback();
   test_vp_int();
   test_vp_scmp_f2b();
   test_vp_neg_abs();
   test_vp_builtins();
   test_vp_ubo_vec4();
   test_vp_ubo_indirect();
   test_fp_depth();
   test_fp_discard();
   test_fp_derivatives();
   test_fp_derivatives_control();
   test_mul_sat(0x50, false);   /* G80 */
   test_mul_sat(0xa0, true);    /* G200 */
   test_refused();
   return nvc_test_end("nvc_g80: VP, FP, integers, depth, registers, "
                       "refusals ok");
}
