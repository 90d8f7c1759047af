/*
 * NIR pass: loops NIR cannot count, run at compile time by peeling
 * iterations while their exits fold to constants.
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "util/ralloc.h"

/* Loops NIR cannot unroll because it cannot count their iterations
 * (induction variables it does not recognise: `i = 10` inside the body,
 * `continue` in a do-while, ...) while every value deciding the exits is
 * still known at compile time.  We have no branches yet, so we peel one
 * iteration in front of the loop and let constant folding decide its
 * exits; repeated, this runs such a loop at compile time.  In registers
 * (out of SSA), with a flag `done`:
 *
 *    done = true; loop { body' }; if (!done) loop { body }
 *
 * where body' is a copy of the body whose `continue`s (and falling off its
 * end) clear `done` and break, while its `break`s just break.  Loops whose
 * exits depend on run-time values stay loops and are reported as before. */
static nir_loop *
nvc_first_loop(struct exec_list *list)
{
   foreach_list_typed(nir_cf_node, node, node, list) {
      if (node->type == nir_cf_node_loop)
         return nir_cf_node_as_loop(node);
      if (node->type == nir_cf_node_if) {
         nir_if *nif = nir_cf_node_as_if(node);
         nir_loop *l = nvc_first_loop(&nif->then_list);
         if (!l)
            l = nvc_first_loop(&nif->else_list);
         if (l)
            return l;
      }
   }
   return NULL;
}

static nir_loop *
nvc_enclosing_loop(nir_block *block)
{
   for (nir_cf_node *n = block->cf_node.parent; n; n = n->parent)
      if (n->type == nir_cf_node_loop)
         return nir_cf_node_as_loop(n);
   return NULL;
}

static unsigned
nvc_count_instrs(nir_function_impl *impl)
{
   unsigned n = 0;
   nir_foreach_block(block, impl)
      nir_foreach_instr(instr, block)
         n++;
   return n;
}

static bool
nvc_peel_loop(nir_shader *s)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   nir_loop *loop = nvc_first_loop(&impl->body);
   if (!loop)
      return false;
   /* Only break and continue can leave the body (returns were lowered by
    * st/mesa; anything else we do not rewrite). */
   nir_foreach_block_in_cf_node(block, &loop->cf_node) {
      nir_instr *last = nir_block_last_instr(block);
      if (last && last->type == nir_instr_type_jump) {
         nir_jump_type t = nir_instr_as_jump(last)->type;
         if (t != nir_jump_break && t != nir_jump_continue)
            return false;
      }
   }

   nir_convert_from_ssa(s, false);

   nir_builder b;
   nir_builder_init(&b, impl);
   nir_register *done = nir_local_reg_create(impl);
   done->num_components = 1;
   done->bit_size = 1;

   b.cursor = nir_before_cf_node(&loop->cf_node);
   nir_store_reg(&b, done, nir_imm_true(&b), 0x1);
   nir_loop *peel = nir_push_loop(&b);
   nir_pop_loop(&b, peel);

   nir_cf_list body;
   nir_cf_list_extract(&body, &loop->body);
   nir_cf_list_clone_and_reinsert(&body, &peel->cf_node,
                                  nir_after_cf_list(&peel->body), NULL);
   nir_cf_reinsert(&body, nir_after_cf_list(&loop->body));

   /* The copy's continues: the iteration ended normally. */
   nir_jump_instr *conts[64];
   unsigned nconts = 0;
   nir_foreach_block_in_cf_node(block, &peel->cf_node) {
      nir_instr *last = nir_block_last_instr(block);
      if (last && last->type == nir_instr_type_jump &&
          nir_instr_as_jump(last)->type == nir_jump_continue &&
          nvc_enclosing_loop(block) == peel) {
         if (nconts == ARRAY_SIZE(conts))
            break;
         conts[nconts++] = nir_instr_as_jump(last);
      }
   }
   for (unsigned i = 0; i < nconts; i++) {
      b.cursor = nir_before_instr(&conts[i]->instr);
      nir_store_reg(&b, done, nir_imm_false(&b), 0x1);
      nir_instr_remove(&conts[i]->instr);
      nir_jump(&b, nir_jump_break);
   }
   nir_block *end = nir_cf_node_as_block(
      exec_node_data(nir_cf_node, exec_list_get_tail(&peel->body), node));
   if (!nir_block_ends_in_jump(end)) {
      b.cursor = nir_after_block(end);
      nir_store_reg(&b, done, nir_imm_false(&b), 0x1);
      nir_jump(&b, nir_jump_break);
   }

   /* The rest of the loop runs only if the peeled iteration did not
    * leave it. */
   nir_cf_list rest;
   nir_cf_extract(&rest, nir_before_cf_node(&loop->cf_node),
                  nir_after_cf_node(&loop->cf_node));
   b.cursor = nir_after_cf_node(&peel->cf_node);
   nir_if *nif = nir_push_if(&b, nir_inot(&b, nir_load_reg(&b, done)));
   nir_cf_reinsert(&rest, nir_after_cf_list(&nif->then_list));
   nir_pop_if(&b, nif);

   nir_metadata_preserve(impl, nir_metadata_none);
   NIR_PASS_V(s, nir_lower_regs_to_ssa);
   return true;
}

/* Bounds on peeling: iterations, and NIR instructions (far beyond any
 * target's instruction slots, nvc_target). */
#define NVC_MAX_PEELS 64
#define NVC_MAX_PEEL_INSTRS 8000

/* How many ifs enclose the first loop (-1: no loop left). */
static int
nvc_first_loop_depth(nir_shader *s)
{
   nir_loop *loop = nvc_first_loop(&nir_shader_get_entrypoint(s)->body);
   if (!loop)
      return -1;
   int depth = 0;
   for (nir_cf_node *n = loop->cf_node.parent; n; n = n->parent)
      depth += n->type == nir_cf_node_if;
   return depth;
}

void
nvc_peel_loops(nir_shader *s)
{
   for (unsigned i = 0; i < NVC_MAX_PEELS; i++) {
      int depth = nvc_first_loop_depth(s);
      if (depth < 0 ||
          nvc_count_instrs(nir_shader_get_entrypoint(s)) > NVC_MAX_PEEL_INSTRS)
         return;
      nir_shader *saved = nir_shader_clone(ralloc_parent(s), s);
      if (!nvc_peel_loop(s)) {
         ralloc_free(saved);
         return;
      }
      nvc_nir_optimize(s);
      /* The peeled iteration's exits did not fold: the rest of the loop
       * now sits under a run-time `if (!done)`, and peeling further only
       * grows the code.  Undo this peel and stop. */
      if (nvc_first_loop_depth(s) > depth) {
         nir_shader_replace(s, saved);
         return;
      }
      ralloc_free(saved);
   }
}
