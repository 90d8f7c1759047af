/*
 * Unit tests of the compiler's passes, one at a time: the IR passes
 * (nvc_opt_dce.c, nvc_opt_fold_moves.c, nvc_legalize_operands.c,
 * nvc_opt_fuse_cc.c) on programs written here instruction by
 * instruction, and the NIR passes (nvc_lower_txp.c, nvc_hoist_discards.c,
 * nvc_lower_indirect_uniforms.c, nvc_peel_loops.c) on shaders built with
 * nir_builder.  What
 * each must do follows from its rule (the hardware's operand rules, what a
 * copy or a dead result is), worked out by hand for each case; whole
 * programs are tested by nvc_compiler_test.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl_types.h"
#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

#include "nvc_compiler.h"
#include "nvc_test_util.h"
#include "nvc_ir.h"
#include "nvc_nir.h"
#include "nvhwdb_chips.h"

static struct nvc_target nv40_target;

static struct nvc_src
input(unsigned reg)
{
   struct nvc_src s = nvc_src_none();
   s.file = NVC_FILE_INPUT;
   s.index = reg;
   return s;
}

/* v = op(a, b) appended; returns v */
static unsigned
alu2(struct nvc_prog *p, unsigned op, struct nvc_src a, struct nvc_src b)
{
   unsigned v = nvc_new_value(p, 4);
   struct nvc_insn *insn = nvc_emit(p, op);
   insn->dst = nvc_dst_value(p, v);
   insn->src[0] = a;
   insn->src[1] = b;
   insn->src[2] = nvc_src_none();
   return v;
}

/* A value precoloured to a result register: what isel makes of outputs,
 * which no pass may drop. */
static unsigned
result(struct nvc_prog *p)
{
   unsigned v = nvc_new_value(p, 4);
   p->values[v].flags |= NVC_VALUE_PRECOLORED;
   p->values[v].loc_file = NVC_LOC_OUTPUT;
   p->values[v].reg = 0;
   for (unsigned c = 0; c < 4; c++)
      p->values[v].chan[c] = c;
   return v;
}

static void
mov_to(struct nvc_prog *p, unsigned dst, struct nvc_src src)
{
   struct nvc_insn *insn = nvc_emit(p, NVC_OP_MOV);
   insn->dst = nvc_dst_value(p, dst);
   insn->src[0] = src;
   insn->src[1] = insn->src[2] = nvc_src_none();
}

static void
test_opt_dce(void)
{
   struct nvc_prog p;
   nvc_prog_init(&p, &nv40_target, false);
   /* t = in0 * in0 (never read); u = in0 + in0; out = u */
   alu2(&p, NVC_OP_MUL, input(0), input(0));
   unsigned u = alu2(&p, NVC_OP_ADD, input(0), input(0));
   mov_to(&p, result(&p), nvc_src_value(u));
   nvc_opt_dce(&p);
   CHECK(p.num_insns == 2, "%u instructions left, want ADD and MOV",
         p.num_insns);
   CHECK(p.num_insns == 2 && p.insns[0].op == NVC_OP_ADD &&
         p.insns[1].op == NVC_OP_MOV, "the unread MUL went, not the rest");
   nvc_prog_fini(&p);

   /* a chain whose end is unread goes whole */
   nvc_prog_init(&p, &nv40_target, false);
   unsigned a = alu2(&p, NVC_OP_MUL, input(0), input(1));
   alu2(&p, NVC_OP_ADD, nvc_src_value(a), nvc_src_value(a));
   nvc_opt_dce(&p);
   CHECK(p.num_insns == 0, "%u instructions of a dead chain left",
         p.num_insns);
   nvc_prog_fini(&p);
}

static void
test_opt_fold_moves(void)
{
   struct nvc_prog p;
   nvc_prog_init(&p, &nv40_target, false);
   /* s = in0 + in1; out = MOV s: the ADD writes the output itself */
   unsigned s = alu2(&p, NVC_OP_ADD, input(0), input(1));
   unsigned out = result(&p);
   mov_to(&p, out, nvc_src_value(s));
   nvc_opt_fold_moves(&p);
   CHECK(p.num_insns == 1, "%u instructions, want the ADD alone", p.num_insns);
   CHECK(p.insns[0].op == NVC_OP_ADD && p.insns[0].dst.index == out &&
         p.insns[0].dst.mask == 0xf, "ADD writes the output (value %u)",
         p.insns[0].dst.index);
   nvc_prog_fini(&p);

   /* a source read twice is not folded: the copy stays */
   nvc_prog_init(&p, &nv40_target, false);
   s = alu2(&p, NVC_OP_ADD, input(0), input(1));
   out = result(&p);
   mov_to(&p, out, nvc_src_value(s));
   unsigned out2 = result(&p);
   p.values[out2].reg = 1;
   mov_to(&p, out2, nvc_src_value(s));
   nvc_opt_fold_moves(&p);
   CHECK(p.num_insns == 3, "%u instructions, want ADD and two MOVs",
         p.num_insns);
   nvc_prog_fini(&p);
}

static void
test_legalize_operands(void)
{
   struct nvc_prog p;
   nvc_prog_init(&p, &nv40_target, false);
   /* in0 * in1: two input registers, one instruction field: one goes
    * through a temporary first */
   unsigned m = alu2(&p, NVC_OP_MUL, input(0), input(1));
   mov_to(&p, result(&p), nvc_src_value(m));
   nvc_legalize_operands(&p);
   CHECK(p.num_insns == 3, "%u instructions, want MOV, MUL, MOV",
         p.num_insns);
   if (p.num_insns == 3) {
      CHECK(p.insns[0].op == NVC_OP_MOV &&
            p.insns[0].src[0].file == NVC_FILE_INPUT, "a copy of an input");
      const struct nvc_insn *mul = &p.insns[1];
      unsigned inputs = (mul->src[0].file == NVC_FILE_INPUT) +
                        (mul->src[1].file == NVC_FILE_INPUT);
      CHECK(mul->op == NVC_OP_MUL && inputs == 1,
            "MUL reads %u input registers", inputs);
   }
   nvc_prog_fini(&p);

   /* the same input twice is one register: nothing to do */
   nvc_prog_init(&p, &nv40_target, false);
   m = alu2(&p, NVC_OP_MUL, input(2), input(2));
   mov_to(&p, result(&p), nvc_src_value(m));
   nvc_legalize_operands(&p);
   CHECK(p.num_insns == 2, "%u instructions for in2 * in2", p.num_insns);
   nvc_prog_fini(&p);
}

static void
test_opt_fuse_cc(void)
{
   struct nvc_prog p;
   nvc_prog_init(&p, &nv40_target, true);
   /* c = in1 < in2; out = c ? in1 : in2 -- after legalize's copies, so
    * each reads one input: the SLT updates the condition codes itself */
   unsigned a = nvc_new_value(&p, 4), b = nvc_new_value(&p, 4);
   mov_to(&p, a, input(1));
   mov_to(&p, b, input(2));
   unsigned c = alu2(&p, NVC_OP_SLT, nvc_src_value(a), nvc_src_value(b));
   unsigned out = result(&p);
   struct nvc_insn *sel = nvc_emit(&p, NVC_OP_SEL);
   sel->dst = nvc_dst_value(&p, out);
   sel->src[0] = nvc_src_value(c);
   sel->src[1] = nvc_src_value(a);
   sel->src[2] = nvc_src_value(b);
   nvc_opt_fuse_cc(&p);
   CHECK(p.insns[2].op == NVC_OP_SLT && p.insns[2].cc_update,
         "SLT updates the condition codes");
   CHECK(p.insns[3].op == NVC_OP_SEL && p.insns[3].cond_in_cc,
         "SEL reads them");
   nvc_prog_fini(&p);

   /* a condition read twice (by the SEL and a MUL) keeps its register
    * and the SEL its own update */
   nvc_prog_init(&p, &nv40_target, true);
   a = nvc_new_value(&p, 4);
   b = nvc_new_value(&p, 4);
   mov_to(&p, a, input(1));
   mov_to(&p, b, input(2));
   c = alu2(&p, NVC_OP_SLT, nvc_src_value(a), nvc_src_value(b));
   out = result(&p);
   sel = nvc_emit(&p, NVC_OP_SEL);
   sel->dst = nvc_dst_value(&p, out);
   sel->src[0] = nvc_src_value(c);
   sel->src[1] = nvc_src_value(a);
   sel->src[2] = nvc_src_value(b);
   unsigned out2 = result(&p);
   p.values[out2].reg = 1;
   struct nvc_insn *mul = nvc_emit(&p, NVC_OP_MUL);
   mul->dst = nvc_dst_value(&p, out2);
   mul->src[0] = nvc_src_value(c);
   mul->src[1] = nvc_src_value(c);
   mul->src[2] = nvc_src_none();
   nvc_opt_fuse_cc(&p);
   CHECK(!p.insns[2].cc_update && !p.insns[3].cond_in_cc,
         "a condition with two readers was fused");
   nvc_prog_fini(&p);
}

/* ------------------------------------------------------------------ */
/* NIR passes */

static unsigned
count_intrinsics(nir_shader *s, nir_intrinsic_op op)
{
   unsigned n = 0;
   nir_foreach_block(block, nir_shader_get_entrypoint(s)) {
      nir_foreach_instr(instr, block) {
         if (instr->type == nir_instr_type_intrinsic &&
             nir_instr_as_intrinsic(instr)->intrinsic == op)
            n++;
      }
   }
   return n;
}

/* texture2DProj with a bias: TXB takes the bias in .w, where TXP takes q,
 * so the pass divides the coordinates by q itself and drops the
 * projector; a plain projective lookup (TXP has it) stays. */
static void
test_lower_txp(void)
{
   for (unsigned bias = 0; bias < 2; bias++) {
      nir_builder b = nvc_test_fs_builder("txp");
      nir_ssa_def *coord = nir_imm_vec2(&b, 0.5f, 0.25f);
      nir_tex_instr *tex = nir_tex_instr_create(b.shader, 2 + bias);
      tex->op = bias ? nir_texop_txb : nir_texop_tex;
      tex->sampler_dim = GLSL_SAMPLER_DIM_2D;
      tex->dest_type = nir_type_float32;
      tex->coord_components = 2;
      tex->src[0].src_type = nir_tex_src_coord;
      tex->src[0].src = nir_src_for_ssa(coord);
      tex->src[1].src_type = nir_tex_src_projector;
      tex->src[1].src = nir_src_for_ssa(nir_imm_float(&b, 2.0f));
      if (bias) {
         tex->src[2].src_type = nir_tex_src_bias;
         tex->src[2].src = nir_src_for_ssa(nir_imm_float(&b, 1.0f));
      }
      nir_ssa_dest_init(&tex->instr, &tex->dest, 4, 32, NULL);
      nir_builder_instr_insert(&b, &tex->instr);

      bool progress = nvc_lower_txp(b.shader);
      CHECK(progress == !!bias, "bias %u: progress %d", bias, progress);
      bool has_proj = nir_tex_instr_src_index(tex, nir_tex_src_projector) >= 0;
      CHECK(has_proj == !bias, "bias %u: projector %s", bias,
            has_proj ? "kept" : "dropped");
      if (bias) {
         /* the coordinate is now (0.5, 0.25) * (1 / 2) */
         int ci = nir_tex_instr_src_index(tex, nir_tex_src_coord);
         nir_ssa_def *c = ci >= 0 ? tex->src[ci].src.ssa : NULL;
         CHECK(c && c->parent_instr->type == nir_instr_type_alu &&
               nir_instr_as_alu(c->parent_instr)->op == nir_op_fmul,
               "coordinate not multiplied by 1/q");
      }
      ralloc_free(b.shader);
   }
}

/* if (x < 0.5) discard;  ->  discard_if(x < 0.5) after the if */
static void
test_hoist_discards(void)
{
   nir_builder b = nvc_test_fs_builder("hoist");
   nir_ssa_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_push_if(&b, nir_flt(&b, x, nir_imm_float(&b, 0.5f)));
   nir_discard(&b);
   nir_pop_if(&b, NULL);

   CHECK(nvc_hoist_discards(b.shader), "no progress");
   CHECK(count_intrinsics(b.shader, nir_intrinsic_discard) == 0,
         "a discard is left");
   CHECK(count_intrinsics(b.shader, nir_intrinsic_discard_if) == 1,
         "%u discard_ifs, want 1",
         count_intrinsics(b.shader, nir_intrinsic_discard_if));
   /* the discard_if sits outside the if (in the function's last block) */
   nir_block *last = nir_impl_last_block(nir_shader_get_entrypoint(b.shader));
   bool outside = false;
   nir_foreach_instr(instr, last) {
      outside |= instr->type == nir_instr_type_intrinsic &&
                 nir_instr_as_intrinsic(instr)->intrinsic ==
                    nir_intrinsic_discard_if;
   }
   CHECK(outside, "discard_if not after the if");
   ralloc_free(b.shader);
}

/* c[i] with i from an input, over a 3-slot uniform array: a select chain,
 * no indirect load left, each slot loaded directly. */
static void
test_lower_indirect_uniforms(void)
{
   nir_builder b = nvc_test_fs_builder("indirect");
   nir_ssa_def *i = nir_f2i32(&b, nir_channel(&b, nir_load_frag_coord(&b),
                                              0));
   /* offsets and ranges in vec4 slots (nir_lower_io with the compiler's
    * type size) */
   nir_load_uniform(&b, 4, 32, i, .base = 0, .range = 3,
                    .dest_type = nir_type_float32);
   CHECK(nvc_lower_indirect_uniforms(b.shader), "no progress");
   unsigned direct = 0, indirect = 0;
   nir_foreach_block(block, nir_shader_get_entrypoint(b.shader)) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_load_uniform)
            continue;
         if (nir_src_is_const(intr->src[0]))
            direct++;
         else
            indirect++;
      }
   }
   CHECK(indirect == 0, "%u indirect loads left", indirect);
   CHECK(direct == 3, "%u direct loads, want one per slot", direct);
   ralloc_free(b.shader);
}

static bool
has_loop(nir_shader *s)
{
   nir_foreach_block(block, nir_shader_get_entrypoint(s)) {
      for (nir_cf_node *n = block->cf_node.parent; n; n = n->parent)
         if (n->type == nir_cf_node_loop)
            return true;
   }
   return false;
}

/* i = 0; loop { if (i >= 7) break; c -= 0.1; i = 10; i += 1; }: NIR
 * cannot count it (i is reset in the body), its optimisation loop leaves
 * it; peeling runs the first iteration, whose exit test then folds (11 >=
 * 7): no loop is left. */
static void
test_peel_loops(void)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, nvc_nir_options(&nv40_target, PIPE_SHADER_VERTEX),
      "peel");
   nir_variable *iv = nir_local_variable_create(b.impl, glsl_int_type(), "i");
   nir_variable *cv = nir_local_variable_create(b.impl, glsl_vec4_type(), "c");
   nir_store_var(&b, iv, nir_imm_int(&b, 0), 0x1);
   nir_store_var(&b, cv, nir_imm_vec4(&b, 1, 2, 3, 4), 0xf);
   nir_loop *loop = nir_push_loop(&b);
   {
      nir_if *nif = nir_push_if(&b, nir_ige(&b, nir_load_var(&b, iv),
                                            nir_imm_int(&b, 7)));
      nir_jump(&b, nir_jump_break);
      nir_pop_if(&b, nif);
      nir_store_var(&b, cv, nir_fadd_imm(&b, nir_load_var(&b, cv), -0.1),
                    0xf);
      nir_store_var(&b, iv, nir_imm_int(&b, 10), 0x1);
      nir_store_var(&b, iv, nir_iadd_imm(&b, nir_load_var(&b, iv), 1), 0x1);
   }
   nir_pop_loop(&b, loop);
   nir_ssa_def *c = nir_load_var(&b, cv);
   nir_store_output(&b, c, nir_imm_int(&b, 0),
                    .io_semantics.location = VARYING_SLOT_POS);

   nir_lower_vars_to_ssa(b.shader);
   nvc_nir_optimize(b.shader);
   CHECK(has_loop(b.shader), "NIR unrolled it alone: nothing left to test");
   nvc_peel_loops(b.shader);
   CHECK(!has_loop(b.shader), "a loop is left after peeling");
   ralloc_free(b.shader);
}

int
main(void)
{
   if (!nvc_test_begin(&nv40_target, 0x40))
      return 1;

   test_opt_dce();
   test_opt_fold_moves();
   test_legalize_operands();
   test_opt_fuse_cc();
   test_lower_txp();
   test_hoist_discards();
   test_lower_indirect_uniforms();
   test_peel_loops();

   return nvc_test_end("nvc passes: all tests passed");
}
