/*
 * Control flow in the Tesla backend (nvc_g80_isel_cf.c, nvc_g80_live.c,
 * nvc_g80_ra.c, nvc_g80_emit.c): nir_builder shaders with ifs and loops
 * NIR cannot flatten (they store outputs, discard, or run a number of
 * trips that differs per lane), compiled for the G80 and run by nvsim's
 * Tesla interpreter (sim/nv50/g80_exec*.c, its warp stack) on lanes that
 * take different paths.  Every expected value is worked out by hand
 * above each test.
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

#define LANES 4

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

/* Runs p on `lanes` lanes with the code at byte `base` of the code
 * segment (relocated there first when base is not 0); false on a fault.
 * VP: attribute 0 of lane l is attr[l]; FP: the linear input of lane l
 * is attr[l].  out[l][word]. */
static bool
run(struct nvc_g80_program *p, unsigned lanes, const float attr[][4],
    uint32_t out[][64], uint32_t base, uint32_t *discarded)
{
   uint32_t in[32][16] = { { 0 } };
   float interp[32][16] = { { 0 } };
   bool fp = p->stage == MESA_SHADER_FRAGMENT;
   for (unsigned l = 0; l < lanes; l++)
      for (unsigned i = 0; i < p->num_inputs; i++) {
         in[l][p->io[i].word] = u(attr[l][p->io[i].comp]);
         interp[l][p->io[i].word] = attr[l][p->io[i].comp];
      }
   uint8_t *seg = calloc(1, base + p->code_words * 4);
   if (!seg)
      return false;
   if (base)
      CHECK(nvc_g80_relocate(p, base), "relocation to 0x%x", base);
   memcpy(seg + base, p->code, p->code_words * 4);
   struct g80_shader_program prog = {
      .code = seg, .code_size = base + p->code_words * 4, .start = base,
      .gprs = p->num_gprs, .isa_flags = target.isa_flags,
   };
   struct g80_shader_warp w = {
      .lanes = lanes, .active = lanes >= 32 ? ~0u : (1u << lanes) - 1,
      .in = &in[0][0], .in_stride = 16,
      .interp = &interp[0][0], .interp_stride = 16,
      .out = &out[0][0], .out_stride = 64,
      .out_words = fp ? p->fp_result_count : p->vp_num_results,
   };
   struct g80_shader_callbacks cb = { 0 };
   struct g80_shader_fault fault;
   int r = g80_shader_run(fp ? G80_STAGE_FP : G80_STAGE_VP, &prog, &w, &cb,
                          &fault);
   CHECK(r == 0, "the interpreter faulted at 0x%x: %s", fault.pc, fault.msg);
   if (discarded)
      *discarded = w.discarded;
   free(seg);
   return r == 0;
}

/* The $o word of VP output slot.comp, -1 when there is none. */
static int
out_word(const struct nvc_g80_program *p, unsigned slot, unsigned comp)
{
   for (unsigned i = p->num_inputs; i < p->num_inputs + p->num_outputs; i++)
      if (p->io[i].slot == slot && p->io[i].comp == comp)
         return p->io[i].word;
   return -1;
}

/* var0 of each lane (VP) */
static void
check_var0(const struct nvc_g80_program *p, uint32_t out[][64],
           unsigned comp, const float *want, const char *what)
{
   int w = out_word(p, VARYING_SLOT_VAR0, comp);
   CHECK(w >= 0, "%s: var0.%c has no $o", what, "xyzw"[comp]);
   if (w < 0)
      return;
   for (unsigned l = 0; l < LANES; l++)
      CHECK(f(out[l][w]) == want[l], "%s: lane %u var0.%c = %g, want %g",
            what, l, "xyzw"[comp], f(out[l][w]), want[l]);
}

/* A VP reading attribute 0 (a) and writing the position (a) and var0. */
struct vp {
   nir_builder b;
   nir_variable *v0;
   nir_ssa_def *a;
};

static struct vp
vp_begin(const char *name)
{
   struct vp v;
   v.b = builder(MESA_SHADER_VERTEX, name);
   nir_variable *in = nvc_test_in_vec4(v.b.shader, VERT_ATTRIB_GENERIC0, 0,
                                       "a");
   nir_variable *pos = nvc_test_out_vec4(v.b.shader, VARYING_SLOT_POS, 0,
                                         "pos");
   v.v0 = nvc_test_out_vec4(v.b.shader, VARYING_SLOT_VAR0, 1, "v0");
   v.a = nir_load_var(&v.b, in);
   nir_store_var(&v.b, pos, v.a, 0xf);
   return v;
}

static void
store_comp(struct vp *v, unsigned comp, nir_ssa_def *x)
{
   nir_ssa_def *vec[4] = { x, x, x, x };
   nir_store_var(&v->b, v->v0, nir_vec(&v->b, vec, 4), 1u << comp);
}

/*
 * if (a.x < 2) { r = a.x * 3; var0.y = 1 } else { r = a.x + 10;
 * var0.y = 2 }; var0.x = r.  The stores keep NIR from flattening the if;
 * r is a phi.  a.x = 0, 1, 5, 7 per lane: the first two lanes take the
 * then side, the others the else side:
 *   var0.x = 0, 3, 15, 17;  var0.y = 1, 1, 2, 2.
 */
static void
test_if_else(void)
{
   struct vp v = vp_begin("cf_if_else");
   nir_builder *b = &v.b;
   nir_ssa_def *x = nir_channel(b, v.a, 0);
   nir_push_if(b, nir_flt(b, x, nir_imm_float(b, 2)));
   nir_ssa_def *t = nir_fmul_imm(b, x, 3);
   store_comp(&v, 1, nir_imm_float(b, 1));
   nir_push_else(b, NULL);
   nir_ssa_def *e = nir_fadd_imm(b, x, 10);
   store_comp(&v, 1, nir_imm_float(b, 2));
   nir_pop_if(b, NULL);
   store_comp(&v, 0, nir_if_phi(b, t, e));

   struct nvc_g80_program p;
   if (!compile(b->shader, &p))
      return;
   const float attr[LANES][4] = { { 0 }, { 1 }, { 5 }, { 7 } };
   uint32_t out[LANES][64] = { { 0 } };
   if (run(&p, LANES, attr, out, 0, NULL)) {
      check_var0(&p, out, 0, (const float[]){ 0, 3, 15, 17 }, "if/else r");
      check_var0(&p, out, 1, (const float[]){ 1, 1, 2, 2 }, "if/else y");
   }
   char *d = nvc_g80_disasm(&p);
   CHECK(d && strstr(d, "joinat") && strstr(d, "join"),
         "no joinat/join:\n%s", d ? d : "");
   free(d);
   nvc_g80_program_free(&p);
}

/*
 * Nested: if (a.x < 4) { if (a.x < 1) r = 100 else r = 200 } else
 * { if (a.x < 6) r = 300 else r = 400 }, each innermost side storing
 * var0.y = its number (1..4); var0.x = r (phis of phis).  a.x = 0, 2, 5,
 * 7: each lane takes a path of its own:
 *   var0.x = 100, 200, 300, 400;  var0.y = 1, 2, 3, 4.
 */
static nir_ssa_def *
inner_if(struct vp *v, nir_ssa_def *x, float limit, float r0, float r1,
         float y0, float y1)
{
   nir_builder *b = &v->b;
   nir_push_if(b, nir_flt(b, x, nir_imm_float(b, limit)));
   nir_ssa_def *t = nir_fadd_imm(b, nir_fmul_imm(b, x, 0), r0);
   store_comp(v, 1, nir_imm_float(b, y0));
   nir_push_else(b, NULL);
   nir_ssa_def *e = nir_fadd_imm(b, nir_fmul_imm(b, x, 0), r1);
   store_comp(v, 1, nir_imm_float(b, y1));
   nir_pop_if(b, NULL);
   return nir_if_phi(b, t, e);
}

static void
test_nested_if(void)
{
   struct vp v = vp_begin("cf_nested_if");
   nir_builder *b = &v.b;
   nir_ssa_def *x = nir_channel(b, v.a, 0);
   nir_push_if(b, nir_flt(b, x, nir_imm_float(b, 4)));
   nir_ssa_def *t = inner_if(&v, x, 1, 100, 200, 1, 2);
   nir_push_else(b, NULL);
   nir_ssa_def *e = inner_if(&v, x, 6, 300, 400, 3, 4);
   nir_pop_if(b, NULL);
   store_comp(&v, 0, nir_if_phi(b, t, e));

   struct nvc_g80_program p;
   if (!compile(b->shader, &p))
      return;
   const float attr[LANES][4] = { { 0 }, { 2 }, { 5 }, { 7 } };
   uint32_t out[LANES][64] = { { 0 } };
   if (run(&p, LANES, attr, out, 0, NULL)) {
      check_var0(&p, out, 0, (const float[]){ 100, 200, 300, 400 },
                 "nested r");
      check_var0(&p, out, 1, (const float[]){ 1, 2, 3, 4 }, "nested y");
   }
   nvc_g80_program_free(&p);
}

/*
 * A loop of a.x trips per lane (0, 1, 3, 5), left by a break:
 *   i = 0; s = 0; fa = 0; fb = 1;
 *   loop { if (i >= n) break; s += i + 1; (fa, fb) = (fb, fa + fb);
 *          i += 1; }
 *   var0 = (s, i, fa, _)
 * and k = a.y * 3 computed before the loop, var0.w = i stored on every
 * trip and var0.w = k after the loop (k's multiply must not write $o
 * itself before the loop: the trips' stores would overwrite it).
 * a = (n, 1), (1, 2), (3, 3), (5, 4) per lane:
 * s = n(n+1)/2 = 0, 1, 6, 15; i = n; fa = Fibonacci(n) = 0, 1, 2, 5;
 * var0.w = 3, 6, 9, 12
 * (fa's next value is fb's phi: the back edge's copies swap, read
 * before written).  Run with the code at 0x40 of the code segment:
 * the branch targets are relocated (isa.rst: targets are addresses in
 * the code segment).
 */
static void
test_loop_break(void)
{
   struct vp v = vp_begin("cf_loop_break");
   nir_builder *b = &v.b;
   nir_ssa_def *n = nir_f2i32(b, nir_channel(b, v.a, 0));
   nir_variable *iv = nir_local_variable_create(b->impl, glsl_int_type(), "i");
   nir_variable *sv = nir_local_variable_create(b->impl, glsl_float_type(), "s");
   nir_variable *av = nir_local_variable_create(b->impl, glsl_float_type(), "fa");
   nir_variable *bv = nir_local_variable_create(b->impl, glsl_float_type(), "fb");
   nir_store_var(b, iv, nir_imm_int(b, 0), 1);
   nir_store_var(b, sv, nir_imm_float(b, 0), 1);
   nir_store_var(b, av, nir_imm_float(b, 0), 1);
   nir_store_var(b, bv, nir_imm_float(b, 1), 1);
   nir_ssa_def *k = nir_fmul_imm(b, nir_channel(b, v.a, 1), 3);
   nir_push_loop(b);
   {
      nir_ssa_def *i = nir_load_var(b, iv);
      nir_push_if(b, nir_ige(b, i, n));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      store_comp(&v, 3, nir_i2f32(b, i));
      nir_ssa_def *fa = nir_load_var(b, av), *fb = nir_load_var(b, bv);
      nir_store_var(b, sv, nir_fadd(b, nir_load_var(b, sv),
                                    nir_i2f32(b, nir_iadd_imm(b, i, 1))), 1);
      nir_store_var(b, av, fb, 1);
      nir_store_var(b, bv, nir_fadd(b, fa, fb), 1);
      nir_store_var(b, iv, nir_iadd_imm(b, i, 1), 1);
   }
   nir_pop_loop(b, NULL);
   store_comp(&v, 0, nir_load_var(b, sv));
   store_comp(&v, 1, nir_i2f32(b, nir_load_var(b, iv)));
   store_comp(&v, 2, nir_load_var(b, av));
   store_comp(&v, 3, k);

   struct nvc_g80_program p;
   if (!compile(b->shader, &p))
      return;
   CHECK(p.num_relocs > 0, "no branch relocations");
   const float attr[LANES][4] = { { 0, 1 }, { 1, 2 }, { 3, 3 }, { 5, 4 } };
   uint32_t out[LANES][64] = { { 0 } };
   if (run(&p, LANES, attr, out, 0x40, NULL)) {
      check_var0(&p, out, 0, (const float[]){ 0, 1, 6, 15 }, "loop s");
      check_var0(&p, out, 1, (const float[]){ 0, 1, 3, 5 }, "loop i");
      check_var0(&p, out, 2, (const float[]){ 0, 1, 2, 5 }, "loop fib");
      check_var0(&p, out, 3, (const float[]){ 3, 6, 9, 12 }, "loop k");
   }
   char *d = nvc_g80_disasm(&p);
   CHECK(d && strstr(d, "breakaddr") && strstr(d, "break"),
         "no breakaddr/break:\n%s", d ? d : "");
   /* the phis' copies that got one register are gone
    * (nvc_g80_opt_self_moves) */
   for (const char *m = d; m && (m = strstr(m, "mov b32 $r"));) {
      unsigned a, c;
      m += 10;
      if (sscanf(m, "%u, $r%u", &a, &c) == 2)
         CHECK(a != c, "a self-move $r%u:\n%s", a, d);
   }
   /* `if (i >= n) break` is one predicated break (no joinat) */
   CHECK(d && strstr(d, "@$c0.lg break") && !strstr(d, "joinat"),
         "the if around the break not a predicated break:\n%s", d ? d : "");
   free(d);
   nvc_g80_program_free(&p);
}

/*
 * continue, and a value live across the back edge:
 *   k = a.y * 2 + 0.5   (before the loop; read on every trip)
 *   i = 0; s = 0;
 *   loop { if (i >= n) { var0.w = 7; break; } i += 1;
 *          if (i == 2) continue; s += k; t = s * 3 + i; var0.z = t }
 *   var0 = (s, i, _, _) with n = a.x
 * a = (0, 1), (1, 2), (3, 3), (5, 4) per lane: k = 2.5, 4.5, 6.5, 8.5;
 * the trips add k for i = 1..n but 2: n = 0 -> 0; 1 -> 4.5;
 * 3 -> 2 * 6.5 = 13; 5 -> 4 * 8.5 = 34; i = n.
 * var0.z (the last trip that did not continue): lane 1: 4.5 * 3 + 1 =
 * 14.5; lane 2: 13 * 3 + 3 = 42; lane 3: 34 * 3 + 5 = 107; lane 0 never
 * writes it (0).  var0.w = 7 in every lane (the break's if has a
 * store: a branch whose break sets the loop's flag; the continue's if is
 * a predicated break).
 */
static void
test_loop_continue(void)
{
   struct vp v = vp_begin("cf_loop_continue");
   nir_builder *b = &v.b;
   nir_ssa_def *n = nir_f2i32(b, nir_channel(b, v.a, 0));
   nir_ssa_def *k = nir_fadd_imm(b, nir_fmul_imm(b, nir_channel(b, v.a, 1),
                                                 2), 0.5);
   nir_variable *iv = nir_local_variable_create(b->impl, glsl_int_type(), "i");
   nir_variable *sv = nir_local_variable_create(b->impl, glsl_float_type(), "s");
   nir_store_var(b, iv, nir_imm_int(b, 0), 1);
   nir_store_var(b, sv, nir_imm_float(b, 0), 1);
   store_comp(&v, 2, nir_imm_float(b, 0));
   nir_push_loop(b);
   {
      nir_ssa_def *i = nir_load_var(b, iv);
      nir_push_if(b, nir_ige(b, i, n));
      store_comp(&v, 3, nir_imm_float(b, 7));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_ssa_def *i1 = nir_iadd_imm(b, i, 1);
      nir_store_var(b, iv, i1, 1);
      nir_push_if(b, nir_ieq_imm(b, i1, 2));
      nir_jump(b, nir_jump_continue);
      nir_pop_if(b, NULL);
      nir_ssa_def *s = nir_fadd(b, nir_load_var(b, sv), k);
      nir_store_var(b, sv, s, 1);
      store_comp(&v, 2, nir_fadd(b, nir_fmul_imm(b, s, 3), nir_i2f32(b, i1)));
   }
   nir_pop_loop(b, NULL);
   store_comp(&v, 0, nir_load_var(b, sv));
   store_comp(&v, 1, nir_i2f32(b, nir_load_var(b, iv)));

   struct nvc_g80_program p;
   if (!compile(b->shader, &p))
      return;
   const float attr[LANES][4] = { { 0, 1 }, { 1, 2 }, { 3, 3 }, { 5, 4 } };
   uint32_t out[LANES][64] = { { 0 } };
   if (run(&p, LANES, attr, out, 0, NULL)) {
      check_var0(&p, out, 0, (const float[]){ 0, 4.5, 13, 34 }, "continue s");
      check_var0(&p, out, 1, (const float[]){ 0, 1, 3, 5 }, "continue i");
      check_var0(&p, out, 2, (const float[]){ 0, 14.5, 42, 107 },
                 "continue last t");
      check_var0(&p, out, 3, (const float[]){ 7, 7, 7, 7 }, "continue w");
   }
   nvc_g80_program_free(&p);
}

/*
 * A divergent if on every trip of a long loop:
 *   s = 0; for (i = 0; ; i++) { if (i >= n) { var0.w = i; break; }
 *   if (((i + p) & 1) == 0)
 *   { s += i; var0.y = i } else { s += 1; var0.z = i } }  var0.x = s
 * n = a.x = 40 in every lane, p = a.y = 0, 1, 0, 1: on each trip half
 * the lanes take each side.  p = 0: the even i add i (0 + 2 + .. + 38 =
 * 380), the odd ones 1 (20): s = 400, last then-side i 38, else-side
 * 39; p = 1: the odd i (1 + 3 + .. + 39 = 400) and 20 ones: s = 420,
 * then 39, else 38.  Each trip's joinat and divergent bra must pop at
 * the join (40 trips unjoined would hold 80 entries, past the 64 a
 * warp's stack holds).  The break's if stores var0.w = i: 40 (a
 * branch ending in a break, not a predicated break).
 */
static void
test_loop_divergent_if(void)
{
   struct vp v = vp_begin("cf_loop_if");
   nir_builder *b = &v.b;
   nir_ssa_def *n = nir_f2i32(b, nir_channel(b, v.a, 0));
   nir_ssa_def *par = nir_f2i32(b, nir_channel(b, v.a, 1));
   nir_variable *iv = nir_local_variable_create(b->impl, glsl_int_type(), "i");
   nir_variable *sv = nir_local_variable_create(b->impl, glsl_float_type(), "s");
   nir_store_var(b, iv, nir_imm_int(b, 0), 1);
   nir_store_var(b, sv, nir_imm_float(b, 0), 1);
   nir_push_loop(b);
   {
      nir_ssa_def *i = nir_load_var(b, iv);
      nir_push_if(b, nir_ige(b, i, n));
      store_comp(&v, 3, nir_i2f32(b, i));
      nir_jump(b, nir_jump_break);
      nir_pop_if(b, NULL);
      nir_ssa_def *fi = nir_i2f32(b, i);
      nir_push_if(b, nir_ieq_imm(b, nir_iand_imm(b, nir_iadd(b, i, par), 1),
                                 0));
      nir_ssa_def *t = nir_fadd(b, nir_load_var(b, sv), fi);
      store_comp(&v, 1, fi);
      nir_push_else(b, NULL);
      nir_ssa_def *e = nir_fadd_imm(b, nir_load_var(b, sv), 1);
      store_comp(&v, 2, fi);
      nir_pop_if(b, NULL);
      nir_store_var(b, sv, nir_if_phi(b, t, e), 1);
      nir_store_var(b, iv, nir_iadd_imm(b, i, 1), 1);
   }
   nir_pop_loop(b, NULL);
   store_comp(&v, 0, nir_load_var(b, sv));

   struct nvc_g80_program p;
   if (!compile(b->shader, &p))
      return;
   const float attr[LANES][4] = { { 40, 0 }, { 40, 1 }, { 40, 0 }, { 40, 1 } };
   uint32_t out[LANES][64] = { { 0 } };
   if (run(&p, LANES, attr, out, 0, NULL)) {
      check_var0(&p, out, 0, (const float[]){ 400, 420, 400, 420 },
                 "loop if s");
      check_var0(&p, out, 1, (const float[]){ 38, 39, 38, 39 }, "loop if y");
      check_var0(&p, out, 2, (const float[]){ 39, 38, 39, 38 }, "loop if z");
      check_var0(&p, out, 3, (const float[]){ 40, 40, 40, 40 }, "loop if w");
   }
   nvc_g80_program_free(&p);
}

/*
 * FP: discard in a branch with more in it (so NIR keeps the if):
 *   if (v.x < 0.5) { colour = (0, 0, 0, 0); discard } else
 *   { colour = v * 2 }
 * v.x = 0.25, 0.75, 0.125, 0.875 per lane (y = 1, z = w = 0): lanes 0
 * and 2 are discarded; lane 1 writes (1.5, 2, 0, 0), lane 3 (1.75, 2, 0,
 * 0).
 */
static void
test_discard_in_branch(void)
{
   nir_builder b = builder(MESA_SHADER_FRAGMENT, "cf_discard");
   nir_variable *vin = nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR0, 0, "v");
   vin->data.interpolation = INTERP_MODE_NOPERSPECTIVE;
   nir_variable *col = nvc_test_var(b.shader, nir_var_shader_out,
                                    glsl_vec4_type(), FRAG_RESULT_COLOR, 0,
                                    "c");
   nir_ssa_def *v = nir_load_var(&b, vin);
   nir_push_if(&b, nir_flt(&b, nir_channel(&b, v, 0), nir_imm_float(&b, 0.5)));
   nir_store_var(&b, col, nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
   nir_discard(&b);
   nir_push_else(&b, NULL);
   nir_store_var(&b, col, nir_fmul_imm(&b, v, 2), 0xf);
   nir_pop_if(&b, NULL);

   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   CHECK(p.fp_control & G80_3D_FP_CONTROL_USES_KIL, "no USES_KIL");
   const float attr[LANES][4] = { { 0.25, 1 }, { 0.75, 1 }, { 0.125, 1 },
                                  { 0.875, 1 } };
   uint32_t out[LANES][64] = { { 0 } }, killed = 0;
   if (run(&p, LANES, attr, out, 0, &killed)) {
      CHECK(killed == 0x5, "discarded lanes 0x%x, want 0x5", killed);
      for (unsigned l = 1; l < LANES; l += 2) {
         float c[4] = { f(out[l][0]), f(out[l][1]), f(out[l][2]),
                        f(out[l][3]) };
         CHECK_VEC4_AS("kept lane", c, 2 * attr[l][0], 2, 0, 0, 0);
      }
   }
   char *d = nvc_g80_disasm(&p);
   CHECK(d && strstr(d, "joinat"), "the discard's if flattened:\n%s",
         d ? d : "");
   free(d);
   nvc_g80_program_free(&p);
}

/*
 * FP: discard inside a loop, the lanes' trips differing:
 *   s = 0; for (i = 0; ; i++) { if (i >= n) break;
 *     if (i == k) { colour = (9, 9, 9, 9); discard } s += 1 }
 *   colour = (s, 0, 0, 1)
 * (n, k) = v.xy = (3, 5), (4, 2), (2, 0), (5, 9): lanes 1 and 2 reach
 * their k first and are discarded (0x6); lane 0 writes (3, 0, 0, 1),
 * lane 3 (5, 0, 0, 1).
 */
static void
test_discard_in_loop(void)
{
   nir_builder b = builder(MESA_SHADER_FRAGMENT, "cf_discard_loop");
   nir_variable *vin = nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR0, 0, "v");
   vin->data.interpolation = INTERP_MODE_NOPERSPECTIVE;
   nir_variable *col = nvc_test_var(b.shader, nir_var_shader_out,
                                    glsl_vec4_type(), FRAG_RESULT_COLOR, 0,
                                    "c");
   nir_ssa_def *v = nir_load_var(&b, vin);
   nir_ssa_def *n = nir_f2i32(&b, nir_channel(&b, v, 0));
   nir_ssa_def *k = nir_f2i32(&b, nir_channel(&b, v, 1));
   nir_variable *iv = nir_local_variable_create(b.impl, glsl_int_type(), "i");
   nir_variable *sv = nir_local_variable_create(b.impl, glsl_float_type(), "s");
   nir_store_var(&b, iv, nir_imm_int(&b, 0), 1);
   nir_store_var(&b, sv, nir_imm_float(&b, 0), 1);
   nir_push_loop(&b);
   {
      nir_ssa_def *i = nir_load_var(&b, iv);
      nir_push_if(&b, nir_ige(&b, i, n));
      nir_jump(&b, nir_jump_break);
      nir_pop_if(&b, NULL);
      nir_push_if(&b, nir_ieq(&b, i, k));
      nir_store_var(&b, col, nir_imm_vec4(&b, 9, 9, 9, 9), 0xf);
      nir_discard(&b);
      nir_pop_if(&b, NULL);
      nir_store_var(&b, sv, nir_fadd_imm(&b, nir_load_var(&b, sv), 1), 1);
      nir_store_var(&b, iv, nir_iadd_imm(&b, i, 1), 1);
   }
   nir_pop_loop(&b, NULL);
   nir_ssa_def *sum = nir_load_var(&b, sv);
   nir_store_var(&b, col, nir_vec4(&b, sum, nir_imm_float(&b, 0),
                                   nir_imm_float(&b, 0), nir_imm_float(&b, 1)),
                 0xf);

   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float attr[LANES][4] = { { 3, 5 }, { 4, 2 }, { 2, 0 }, { 5, 9 } };
   uint32_t out[LANES][64] = { { 0 } }, killed = 0;
   if (run(&p, LANES, attr, out, 0, &killed)) {
      CHECK(killed == 0x6, "discarded lanes 0x%x, want 0x6", killed);
      for (unsigned l = 0; l < LANES; l += 3) {
         float c[4] = { f(out[l][0]), f(out[l][1]), f(out[l][2]),
                        f(out[l][3]) };
         CHECK_VEC4_AS("kept lane", c, attr[l][0], 0, 0, 1, 0);
      }
   }
   nvc_g80_program_free(&p);
}

/*
 * Nesting against the stack: `depth` ifs one inside the other, the if
 * at depth d taken where a.x > d, each then side storing var0.x = d
 * first (var0.x = -1 before them all).  32 lanes with a.x = lane: lane
 * l leaves at depth l, so every level diverges and holds 2 stack entries
 * (joinat and the waiting side): 32 levels fill the 64 entries
 * (NVC_G80_STACK_ENTRIES) and run, var0.x = l - 1 in lane l; 33 levels
 * are refused with the count named.
 */
static void
test_stack_depth(unsigned depth)
{
   struct vp v = vp_begin("cf_stack");
   nir_builder *b = &v.b;
   nir_ssa_def *x = nir_channel(b, v.a, 0);
   store_comp(&v, 0, nir_imm_float(b, -1));
   for (unsigned d = 0; d < depth; d++) {
      nir_push_if(b, nir_flt(b, nir_imm_float(b, d), x));
      store_comp(&v, 0, nir_imm_float(b, d));
   }
   for (unsigned d = 0; d < depth; d++)
      nir_pop_if(b, NULL);

   struct nvc_g80_program p;
   char *err = NULL;
   bool ok = nvc_g80_compile(&target, b->shader, &p, &err);
   ralloc_free(b->shader);
   if (depth * 2 > NVC_G80_STACK_ENTRIES) {
      CHECK(!ok && err && strstr(err, target.name) && strstr(err, "66 stack"),
            "%u nested ifs: %s", depth, err ? err : "compiled");
      free(err);
      if (ok)
         nvc_g80_program_free(&p);
      return;
   }
   CHECK(ok, "%u nested ifs: %s", depth, err ? err : "?");
   free(err);
   if (!ok)
      return;
   float attr[32][4] = { { 0 } };
   uint32_t out[32][64] = { { 0 } };
   for (unsigned l = 0; l < 32; l++)
      attr[l][0] = l;
   int w = out_word(&p, VARYING_SLOT_VAR0, 0);
   if (w >= 0 && run(&p, 32, (const float (*)[4])attr, out, 0, NULL)) {
      for (unsigned l = 0; l < 32; l++)
         CHECK(f(out[l][w]) == (float)MIN2(l, depth) - 1, "depth %u lane %u: %g", depth,
               l, f(out[l][w]));
   }
   nvc_g80_program_free(&p);
}

int
main(void)
{
   if (!nvc_g80_test_target(&target))
      return 1;
   test_if_else();
   test_nested_if();
   test_loop_break();
   test_loop_continue();
   test_loop_divergent_if();
   test_discard_in_branch();
   test_discard_in_loop();
   test_stack_depth(32);
   test_stack_depth(33);
   return nvc_test_end("nvc_g80 control flow: if/else, nesting, loops, "
                       "continue, discard, the stack ok");
}
