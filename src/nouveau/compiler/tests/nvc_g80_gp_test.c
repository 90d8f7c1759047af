/*
 * Geometry programs of the Tesla backend (nvc_g80.h): nir_builder
 * geometry shaders compiled for the G80, run by nvsim's Tesla shader
 * interpreter (sim/nv50/g80_exec*.c) on one primitive whose vertices are
 * laid out in p[] the way the 3D class does (a[4 i] the byte offset of
 * column i, word k of a vertex $vstride bytes after word k - 1:
 * g80_shader.h G80_SHADER_GP_VSTRIDE; the primitive id at a[0x18]), the
 * emitted vertices and restarts collected through the gp_emit callback
 * and checked against values worked out by hand below each shader.
 */
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

#define MAX_EMITS 16
#define OUT_WORDS 32
/* a[] words a GP reads: six vertex pointers and the primitive id */
#define IN_WORDS 8
#define COLUMNS (G80_SHADER_GP_VSTRIDE / 4)

struct emits {
   unsigned n;
   uint32_t v[MAX_EMITS][OUT_WORDS];
   bool restart_before[MAX_EMITS + 1];   /* a restart before vertex i */
};

static void
gp_emit(void *ctx, uint32_t lanes, bool restart, const uint32_t *out,
        unsigned out_stride)
{
   struct emits *e = ctx;
   (void)lanes;   /* one lane */
   (void)out_stride;
   if (restart) {
      e->restart_before[e->n] = true;
      return;
   }
   if (e->n < MAX_EMITS)
      memcpy(e->v[e->n], out, sizeof(e->v[0]));
   e->n++;
}

/* Runs p on one primitive of nv vertices: in_val(vertex, slot, comp) for
 * every input the program reads, primitive id prim_id, c0[] the 4 words
 * c0 (none when NULL). */
static bool
run_gp_cb(const struct nvc_g80_program *p, unsigned nv,
          float (*in_val)(unsigned v, unsigned slot, unsigned comp),
          uint32_t prim_id, const uint32_t *c0, struct emits *e)
{
   uint32_t prim[64 * COLUMNS] = { 0 };
   uint32_t in[IN_WORDS] = { 0 };
   uint32_t out[OUT_WORDS] = { 0 };
   for (unsigned v = 0; v < nv; v++) {
      in[v] = v * 4;    /* column v: its byte offset */
      for (unsigned i = 0; i < p->num_inputs; i++) {
         const struct nvc_g80_io *io = &p->io[i];
         prim[io->word * COLUMNS + v] = u(in_val(v, io->slot, io->comp));
      }
   }
   in[0x18 / 4] = prim_id;
   struct g80_shader_program prog = {
      .code = (const uint8_t *)p->code,
      .code_size = p->code_words * 4,
      .gprs = p->num_gprs,
      .isa_flags = target.isa_flags,
   };
   const uint32_t *const cbs[1] = { c0 };
   const uint32_t cb_words[1] = { 4 };
   if (c0) {
      prog.cb = cbs;
      prog.cb_words = cb_words;
      prog.num_cb = 1;
   }
   struct g80_shader_warp w = {
      .lanes = 1, .active = 1,
      .in = in, .in_stride = IN_WORDS,
      .prim = prim, .prim_words = 64 * COLUMNS,
      .out = out, .out_stride = OUT_WORDS,
      .out_words = p->vp_num_results,
   };
   memset(e, 0, sizeof(*e));
   struct g80_shader_callbacks cb = { .ctx = e, .gp_emit = gp_emit };
   struct g80_shader_fault fault;
   int r = g80_shader_run(G80_STAGE_GP, &prog, &w, &cb, &fault);
   CHECK(r == 0, "the interpreter faulted at 0x%x: %s", fault.pc, fault.msg);
   return r == 0;
}

static bool
run_gp(const struct nvc_g80_program *p, unsigned nv,
       float (*in_val)(unsigned v, unsigned slot, unsigned comp),
       uint32_t prim_id, struct emits *e)
{
   return run_gp_cb(p, nv, in_val, prim_id, NULL, e);
}

/* vertex v: position (v, 2v, 0.5, 1), VAR0 (v + 0.25, 3, -v, 8) */
static float
tri_in(unsigned v, unsigned slot, unsigned comp)
{
   if (slot == VARYING_SLOT_POS) {
      const float pos[4] = { v, 2.0f * v, 0.5f, 1.0f };
      return pos[comp];
   }
   const float var[4] = { v + 0.25f, 3.0f, -(float)v, 8.0f };
   return var[comp];
}

static float
out_f(const struct nvc_g80_program *p, const uint32_t *v, unsigned slot,
      unsigned comp)
{
   const struct nvc_g80_io *io = find_io(p, true, slot, comp);
   return io ? f(v[io->word]) : -12345.0f;
}

/* A GP of in_prim (nv_in vertices) in and out_prim (at most nv_out
 * vertices) out, one invocation, with per-vertex inputs in_pos (POS)
 * and in_v0 (VAR0) and the outputs pos and v0. */
static nir_builder
gp_begin(const char *name, enum shader_prim in_prim, unsigned nv_in,
         enum shader_prim out_prim, unsigned nv_out, nir_variable **in_pos,
         nir_variable **in_v0, nir_variable **pos, nir_variable **v0)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_GEOMETRY, nvc_g80_nir_options(&target, MESA_SHADER_GEOMETRY),
      "%s", name);
   nir_shader *s = b.shader;
   s->info.gs.input_primitive = in_prim;
   s->info.gs.output_primitive = out_prim;
   s->info.gs.vertices_in = nv_in;
   s->info.gs.vertices_out = nv_out;
   s->info.gs.invocations = 1;
   const struct glsl_type *arr = glsl_array_type(glsl_vec4_type(), nv_in, 0);
   *in_pos = nvc_test_var(s, nir_var_shader_in, arr, VARYING_SLOT_POS, 0,
                          "in_pos");
   *in_v0 = nvc_test_var(s, nir_var_shader_in, arr, VARYING_SLOT_VAR0, 1,
                         "in_v0");
   *pos = nvc_test_out_vec4(s, VARYING_SLOT_POS, 0, "pos");
   *v0 = nvc_test_out_vec4(s, VARYING_SLOT_VAR0, 1, "v0");
   return b;
}

/*
 * triangles in, triangle strip out, max_vertices 6:
 *   for i in 0..2: gl_Position = gl_in[i].gl_Position;
 *                  v0 = gl_in[i].v0 * 2;  EmitVertex();
 *   EndPrimitive();
 *   for i in 0..2: gl_Position = gl_in[i].gl_Position + (10, 0, 0, 0);
 *                  v0 = vec4(float(gl_PrimitiveIDIn), 0, 0, 1);
 *                  gl_Layer = gl_PrimitiveIDIn + 1;  EmitVertex();
 * With primitive id 5: vertices 0..2 at (i, 2i, 0.5, 1) with
 * v0 = (2i + 0.5, 6, -2i, 16), a restart, vertices 3..5 at
 * (i + 10, 2i, 0.5, 1) with v0 = (5, 0, 0, 1) and layer 6.
 */
static void
test_gp_two_triangles(void)
{
   nir_variable *in_pos, *in_v0, *pos, *v0;
   nir_builder b = gp_begin("gp_two_triangles", SHADER_PRIM_TRIANGLES, 3, SHADER_PRIM_TRIANGLE_STRIP, 6, &in_pos, &in_v0, &pos,
                            &v0);
   nir_shader *s = b.shader;
   nir_variable *layer = nvc_test_var(s, nir_var_shader_out,
                                      glsl_int_type(), VARYING_SLOT_LAYER,
                                      2, "layer");
   nir_ssa_def *pid = nir_load_primitive_id(&b);
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < 3; i++) {
         nir_ssa_def *p = nir_load_deref(&b,
            nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in_pos), i));
         nir_ssa_def *v = nir_load_deref(&b,
            nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in_v0), i));
         if (pass == 0) {
            nir_store_var(&b, pos, p, 0xf);
            nir_store_var(&b, v0, nir_fmul_imm(&b, v, 2.0), 0xf);
         } else {
            nir_store_var(&b, pos, nir_fadd(&b, p, nir_imm_vec4(&b, 10, 0, 0, 0)),
                          0xf);
            nir_store_var(&b, v0, nir_vec4(&b, nir_i2f32(&b, pid),
                                           nir_imm_float(&b, 0),
                                           nir_imm_float(&b, 0),
                                           nir_imm_float(&b, 1)), 0xf);
            nir_store_var(&b, layer, nir_iadd_imm(&b, pid, 1), 0x1);
         }
         nir_emit_vertex(&b, 0);
      }
      if (pass == 0)
         nir_end_primitive(&b, 0);
   }

   struct nvc_g80_program p;
   char *err = NULL;
   bool ok = nvc_g80_compile(&target, s, &p, &err);
   CHECK(ok, "gp_two_triangles: %s", err ? err : "?");
   free(err);
   ralloc_free(s);
   if (!ok)
      return;
   CHECK(p.gp_output_prim == G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_TRIANGLE_STRIP,
         "output primitive 0x%x", p.gp_output_prim);
   CHECK(p.gp_max_vertices == 6 && p.gp_vertices_in == 3,
         "max vertices %u, vertices in %u", p.gp_max_vertices,
         p.gp_vertices_in);
   CHECK(p.gp_num_inputs == 8, "p[] words %u, want 8 (two vec4 inputs)",
         p.gp_num_inputs);
   CHECK(p.vp_builtin_en == G80_3D_VP_GP_BUILTIN_ATTR_EN_PRIMITIVE_ID,
         "builtins 0x%x: want PRIMITIVE_ID", p.vp_builtin_en);
   CHECK(find_io(&p, true, VARYING_SLOT_LAYER, 0) &&
         find_io(&p, true, VARYING_SLOT_POS, 3)->word == 3,
         "the layer is an output, the position $o0..3");

   struct emits e;
   if (!run_gp(&p, 3, tri_in, 5, &e)) {
      nvc_g80_program_free(&p);
      return;
   }
   CHECK(e.n == 6, "%u vertices emitted, want 6", e.n);
   for (unsigned i = 0; i < 6 && i < e.n; i++) {
      unsigned k = i % 3;
      float got[4], want_v[4];
      for (unsigned c = 0; c < 4; c++)
         got[c] = out_f(&p, e.v[i], VARYING_SLOT_POS, c);
      CHECK_VEC4_AS(i < 3 ? "first triangle's position" :
                            "second triangle's position",
                    got, k + (i < 3 ? 0 : 10), 2.0 * k, 0.5, 1.0, 0);
      for (unsigned c = 0; c < 4; c++)
         got[c] = out_f(&p, e.v[i], VARYING_SLOT_VAR0, c);
      if (i < 3) {
         want_v[0] = 2 * k + 0.5f; want_v[1] = 6; want_v[2] = -2.0f * k;
         want_v[3] = 16;
      } else {
         want_v[0] = 5; want_v[1] = 0; want_v[2] = 0; want_v[3] = 1;
      }
      CHECK_VEC4_AS("v0", got, want_v[0], want_v[1], want_v[2], want_v[3], 0);
      if (i >= 3) {
         const struct nvc_g80_io *l = find_io(&p, true, VARYING_SLOT_LAYER, 0);
         CHECK(l && e.v[i][l->word] == 6, "vertex %u: layer %u, want 6", i,
               l ? e.v[i][l->word] : 0);
      }
   }
   for (unsigned i = 0; i <= 6; i++)
      CHECK(e.restart_before[i] == (i == 3), "restart before vertex %u: %d",
            i, e.restart_before[i]);
   nvc_g80_program_free(&p);
}

/*
 * lines in, line strip out, max_vertices 3, a loop over the vertices
 * (unrolled by NIR): each input vertex emitted with its VAR0.w + the
 * position's y, then vertex 1 again: a strip of 3 vertices, no restart.
 * vertex v: y = 2v, VAR0.w = 8: values 8, 10, 10.  The last vertex's
 * VAR0.y is vertex 1's VAR0.x * 4 = 1.25 * 4 = 5, computed before the
 * first emit.
 */
static void
test_gp_line_strip(void)
{
   nir_variable *in_pos, *in_v0, *pos, *v0;
   nir_builder b = gp_begin("gp_line_strip", SHADER_PRIM_LINES, 2, SHADER_PRIM_LINE_STRIP, 3, &in_pos, &in_v0, &pos,
                            &v0);
   nir_shader *s = b.shader;
   const unsigned order[3] = { 0, 1, 1 };
   /* computed before the first emit, written after the second: the
    * result write must not move across the emits, which clear $o */
   nir_ssa_def *early = nir_fmul_imm(&b, nir_channel(&b, nir_load_deref(&b,
      nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in_v0), 1)), 0),
      4.0);
   for (unsigned i = 0; i < 3; i++) {
      nir_ssa_def *p = nir_load_deref(&b,
         nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in_pos),
                                   order[i]));
      nir_ssa_def *v = nir_load_deref(&b,
         nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in_v0),
                                   order[i]));
      nir_store_var(&b, pos, p, 0xf);
      nir_ssa_def *zero = nir_imm_float(&b, 0);
      nir_store_var(&b, v0, nir_vec4(&b, nir_fadd(&b, nir_channel(&b, v, 3),
                                                  nir_channel(&b, p, 1)),
                                     i == 2 ? early : zero, zero, zero),
                    i == 2 ? 0x3 : 0x1);
      nir_emit_vertex(&b, 0);
   }
   struct nvc_g80_program p;
   char *err = NULL;
   bool ok = nvc_g80_compile(&target, s, &p, &err);
   CHECK(ok, "gp_line_strip: %s", err ? err : "?");
   free(err);
   ralloc_free(s);
   if (!ok)
      return;
   CHECK(p.gp_output_prim == G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_LINE_STRIP,
         "output primitive 0x%x", p.gp_output_prim);
   CHECK(p.vp_builtin_en == 0, "no builtins: 0x%x", p.vp_builtin_en);
   struct emits e;
   if (run_gp(&p, 2, tri_in, 0, &e)) {
      const float want[3] = { 8, 10, 10 };
      CHECK(e.n == 3, "%u vertices, want 3", e.n);
      for (unsigned i = 0; i < 3 && i < e.n; i++) {
         CHECK(out_f(&p, e.v[i], VARYING_SLOT_VAR0, 0) == want[i],
               "vertex %u: v0.x %g, want %g", i,
               out_f(&p, e.v[i], VARYING_SLOT_VAR0, 0), want[i]);
         CHECK(out_f(&p, e.v[i], VARYING_SLOT_POS, 1) == 2.0f * order[i],
               "vertex %u: y %g", i, out_f(&p, e.v[i], VARYING_SLOT_POS, 1));
      }
      if (e.n >= 3)
         CHECK(out_f(&p, e.v[2], VARYING_SLOT_VAR0, 1) == 5.0f,
               "vertex 2: v0.y %g, want 5 (written after two emits)",
               out_f(&p, e.v[2], VARYING_SLOT_VAR0, 1));
      for (unsigned i = 0; i <= 3; i++)
         CHECK(!e.restart_before[i], "no restart (vertex %u)", i);
   }
   nvc_g80_program_free(&p);
}

#define MANY_SLOTS 12

/* vertex v, VAR0 + s, component c: v * 100 + 4 s + c */
static float
many_in(unsigned v, unsigned slot, unsigned comp)
{
   return v * 100.0f + 4.0f * (slot - VARYING_SLOT_VAR0) + comp;
}

/*
 * Every input read at the top, as GLSL's packed varyings are unpacked at
 * the top of main (piglit's varying-struct-basic-vs-gs): triangles in,
 * 12 vec4 inputs (VAR0..VAR11) of each of the 3 vertices loaded first,
 * then summed in load order into v0.x of one emitted point.  The 144
 * values are more than the 128 registers a thread has if they all live
 * at once; moved down to their reader (nir_opt_move) a handful do.  By
 * hand: the sum over v of 48 * 100 v (14400) and, for each vertex, of
 * 0..47 (1128, three times): 17784, exact in f32.  Seen failing (the
 * program refused: more than the 128 registers) without the move.
 */
static void
test_gp_inputs_at_top(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_GEOMETRY, nvc_g80_nir_options(&target, MESA_SHADER_GEOMETRY),
      "gp_inputs_at_top");
   nir_shader *s = b.shader;
   s->info.gs.input_primitive = SHADER_PRIM_TRIANGLES;
   s->info.gs.output_primitive = SHADER_PRIM_POINTS;
   s->info.gs.vertices_in = 3;
   s->info.gs.vertices_out = 1;
   s->info.gs.invocations = 1;
   const struct glsl_type *arr = glsl_array_type(glsl_vec4_type(), 3, 0);
   nir_variable *in[MANY_SLOTS];
   for (unsigned i = 0; i < MANY_SLOTS; i++) {
      char name[16];
      snprintf(name, sizeof(name), "in%u", i);
      in[i] = nvc_test_var(s, nir_var_shader_in, arr, VARYING_SLOT_VAR0 + i,
                           i, name);
   }
   nir_variable *pos = nvc_test_out_vec4(s, VARYING_SLOT_POS, 0, "pos");
   nir_variable *v0 = nvc_test_out_vec4(s, VARYING_SLOT_VAR0, 1, "v0");
   nir_ssa_def *val[3 * MANY_SLOTS];
   for (unsigned v = 0; v < 3; v++)
      for (unsigned i = 0; i < MANY_SLOTS; i++)
         val[v * MANY_SLOTS + i] = nir_load_deref(&b,
            nir_build_deref_array_imm(&b, nir_build_deref_var(&b, in[i]), v));
   nir_ssa_def *sum = nir_imm_float(&b, 0);
   for (unsigned k = 0; k < 3 * MANY_SLOTS; k++)
      for (unsigned c = 0; c < 4; c++)
         sum = nir_fadd(&b, sum, nir_channel(&b, val[k], c));
   nir_store_var(&b, pos, nir_imm_vec4(&b, 0, 0, 0, 1), 0xf);
   nir_store_var(&b, v0, nir_vec4(&b, sum, nir_imm_float(&b, 0),
                                  nir_imm_float(&b, 0), nir_imm_float(&b, 1)),
                 0xf);
   nir_emit_vertex(&b, 0);

   struct nvc_g80_program p;
   char *err = NULL;
   bool ok = nvc_g80_compile(&target, s, &p, &err);
   CHECK(ok, "gp_inputs_at_top: %s", err ? err : "?");
   free(err);
   ralloc_free(s);
   if (!ok)
      return;
   CHECK(p.gp_num_inputs == 4 * MANY_SLOTS, "p[] words %u, want %u",
         p.gp_num_inputs, 4 * MANY_SLOTS);
   struct emits e;
   if (run_gp(&p, 3, many_in, 0, &e)) {
      CHECK(e.n == 1, "%u vertices, want 1", e.n);
      if (e.n >= 1)
         CHECK(out_f(&p, e.v[0], VARYING_SLOT_VAR0, 0) == 17784.0f,
               "v0.x %g, want 17784", out_f(&p, e.v[0], VARYING_SLOT_VAR0, 0));
   }
   nvc_g80_program_free(&p);
}

/*
 * Emits past max_vertices (GLSL 1.50 8.10: undefined; the hardware's
 * answer past GP_VERTEX_OUTPUT_COUNT is not documented and nvsim traps):
 * points in, points out, max_vertices 2, three emits of x = 1, 2, 3 in
 * straight-line code, then the same three in a loop of a uniform count
 * (the count not known at compile time; c0[0].x = 3).  The program emits
 * the first two of each: x = 1, 2.  Seen failing (three emitted) before
 * the emits were counted.
 */
static void
test_gp_max_vertices(void)
{
   for (unsigned looped = 0; looped < 2; looped++) {
      nir_builder b = nir_builder_init_simple_shader(
         MESA_SHADER_GEOMETRY,
         nvc_g80_nir_options(&target, MESA_SHADER_GEOMETRY),
         "gp_max_vertices");
      nir_shader *s = b.shader;
      s->info.gs.input_primitive = SHADER_PRIM_POINTS;
      s->info.gs.output_primitive = SHADER_PRIM_POINTS;
      s->info.gs.vertices_in = 1;
      s->info.gs.vertices_out = 2;
      s->info.gs.invocations = 1;
      nir_variable *pos = nvc_test_out_vec4(s, VARYING_SLOT_POS, 0, "pos");
      if (!looped) {
         for (unsigned i = 1; i <= 3; i++) {
            nir_store_var(&b, pos, nir_imm_vec4(&b, i, 0, 0, 1), 0xf);
            nir_emit_vertex(&b, 0);
         }
      } else {
         nir_ssa_def *n = nir_f2i32(&b, nir_channel(&b,
            nvc_test_load_uniform_vec4(&b, 0), 0));
         nir_variable *i = nir_local_variable_create(b.impl, glsl_int_type(),
                                                     "i");
         nir_store_var(&b, i, nir_imm_int(&b, 1), 0x1);
         nir_push_loop(&b);
         {
            nir_ssa_def *iv = nir_load_var(&b, i);
            nir_push_if(&b, nir_ilt(&b, n, iv));
            nir_jump(&b, nir_jump_break);
            nir_pop_if(&b, NULL);
            nir_store_var(&b, pos, nir_vec4(&b, nir_i2f32(&b, iv),
                                            nir_imm_float(&b, 0),
                                            nir_imm_float(&b, 0),
                                            nir_imm_float(&b, 1)), 0xf);
            nir_emit_vertex(&b, 0);
            nir_store_var(&b, i, nir_iadd_imm(&b, iv, 1), 0x1);
         }
         nir_pop_loop(&b, NULL);
      }

      struct nvc_g80_program p;
      char *err = NULL;
      bool ok = nvc_g80_compile(&target, s, &p, &err);
      CHECK(ok, "gp_max_vertices (%s): %s", looped ? "loop" : "straight",
            err ? err : "?");
      free(err);
      ralloc_free(s);
      if (!ok)
         continue;
      struct emits e;
      uint32_t c0[4] = { u(3.0f), 0, 0, 0 };
      if (run_gp_cb(&p, 1, tri_in, 0, c0, &e)) {
         CHECK(e.n == 2, "%s: %u vertices emitted, max_vertices 2",
               looped ? "loop" : "straight", e.n);
         for (unsigned k = 0; k < 2 && k < e.n; k++)
            CHECK(out_f(&p, e.v[k], VARYING_SLOT_POS, 0) == k + 1.0f,
                  "%s: vertex %u x %g, want %u", looped ? "loop" : "straight",
                  k, out_f(&p, e.v[k], VARYING_SLOT_POS, 0), k + 1);
      }
      nvc_g80_program_free(&p);
   }
}

int
main(void)
{
   if (!nvc_g80_test_target(&target))
      return 1;
   test_gp_two_triangles();
   test_gp_line_strip();
   test_gp_inputs_at_top();
   test_gp_max_vertices();
   return nvc_test_end("nvc_g80 GP: inputs by vertex, emit/restart, "
                       "primitive id, layer, inputs read at the top, max_vertices ok");
}
