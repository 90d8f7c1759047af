/*
 * Control flow for the Tesla instruction selection: NIR's structured
 * ifs and loops walked in order, their blocks' instructions selected by
 * nvc_g80_isel.c, the branches laid out with the hardware's warp stack
 * (envytools hw/graph/tesla/cuda/isa.rst "Warps and thread types", "Other
 * execution state"; control.rst joinat, join, bra, breakaddr, break;
 * g80.xml's long control forms):
 *
 *   if (c) A else B          joinat J
 *                            and b32 $c0 _, c, c
 *                            @$c0.e bra E        (the lanes where c is 0)
 *                            A
 *                            bra J               (unless A ends in a jump)
 *                         E: B
 *                         J: nop join
 *
 *   A divergent bra runs one side and leaves the other waiting on the
 *   stack; the join modifier switches to the waiting side, then rejoins
 *   the lanes joinat recorded (those that did not exit or break).
 *
 *   loop { A }               breakaddr X
 *                         H: A
 *                            bra H               (unless A ends in a jump)
 *                         X:
 *
 *   break is `break`: its lanes leave until every lane of the loop has
 *   (the breakaddr entry then pops and all go on at X).  A loop with a
 *   continue keeps its body inside a second breakaddr entry, the
 *   continue region, so that a continue is a `break` out of it:
 *
 *                            mov f, 0
 *                            breakaddr X
 *                         H: breakaddr K
 *                            A                   (continue: break;
 *                                                 break: mov f, ~0; break)
 *                            break               (unless A ends in a jump)
 *                         K: and b32 $c0 _, f, f
 *                            @$c0.lg break       (the lanes that broke)
 *                            bra H
 *                         X:
 *
 *   The flag f says which lanes left the region for good.
 *
 *   `if (c) break` (or a continue) alone is `@$c0.lg break` after the
 *   test: no joinat, no stack entry.
 *
 * Each joinat, divergent bra and breakaddr holds a stack entry until it
 * pops: an if needs two, a loop one, a loop with a continue two, nested
 * constructs the sum.  A program whose deepest nesting needs more than
 * NVC_G80_STACK_ENTRIES (nvc_g80.h: the stack a warp is given) is
 * refused with the count.
 *
 * NIR's phis become copies into the phi's value at the end of each
 * predecessor block, before its jump (nvc_g80_ir.h: the first copy in
 * the list defines the value, the others redefine it); a copy whose
 * source is another phi of the same block (a swap on the back edge)
 * reads a temporary taken before any of them is written.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/nir/nir.h"
#include "nvc_g80_isel.h"

#define G(x) NVISA_G80_##x

struct loop_ctx {
   unsigned head, exit;
   bool has_continue;
   unsigned flag;          /* has_continue: the value "broke for good" */
};

struct cf {
   struct nvc_g80_isel_cf *in;
   bool failed;
   unsigned depth, max_depth;
   struct loop_ctx *loop;
   bool *defined;          /* per IR value: written once already */
};

static bool
cf_fail(struct cf *st, const char *fmt, ...)
{
   if (st->failed)
      return false;
   st->failed = true;
   if (*st->in->err)
      return false;   /* isel said why */
   char msg[240];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   size_t n = strlen(st->in->chip) + strlen(msg) + 3;
   *st->in->err = malloc(n);
   if (*st->in->err)
      snprintf(*st->in->err, n, "%s: %s", st->in->chip, msg);
   return false;
}

static struct nvc_g80_insn *
cf_add(struct cf *st, unsigned op)
{
   struct nvc_g80_insn *i = nvc_g80_ir_add(st->in->ir, op);
   if (!i)
      cf_fail(st, "out of memory");
   return i;
}

static void
cf_label(struct cf *st, unsigned label)
{
   if (!nvc_g80_ir_add_label(st->in->ir, label))
      cf_fail(st, "out of memory");
}

/* A control instruction going to label (0: none), predicated on $c0. */
static void
cf_control(struct cf *st, unsigned op, unsigned label, unsigned pred)
{
   struct nvc_g80_insn *i = cf_add(st, op);
   if (!i)
      return;
   i->target = label;
   i->side_effect = true;
   if (pred != G(COND_always)) {
      i->hw.mod[G(MOD_PRED)] = pred;
      i->hw.mod[G(MOD_PRED_C)] = 0;
   }
}

/* $c0 from a 32-bit boolean: Z when it is 0 (`and b32 $c0 _, v, v`) */
static void
cf_test(struct cf *st, unsigned v)
{
   struct nvc_g80_insn *t = cf_add(st, G(OP_AND_B32));
   if (!t)
      return;
   t->hw.opnd[0].file = G(FILE_NONE);
   nvc_g80_set_value(t, 1, v);
   nvc_g80_set_value(t, 2, v);
   t->hw.mod[G(MOD_CC_WR)] = 1;
   t->hw.mod[G(MOD_CC_DST)] = 0;
   t->side_effect = true;
}

/* dst = src (a write of dst after its first is a redefinition) */
static void
cf_copy(struct cf *st, unsigned dst, unsigned src)
{
   struct nvc_g80_insn *i = cf_add(st, G(OP_MOV_B32_L));
   if (!i)
      return;
   nvc_g80_set_value(i, 0, dst);
   nvc_g80_set_value(i, 1, src);
   i->redef = st->defined[dst];
   st->defined[dst] = true;
}

static void
cf_set_imm(struct cf *st, unsigned dst, uint32_t k)
{
   struct nvc_g80_insn *i = cf_add(st, G(OP_MOV_B32_I));
   if (!i)
      return;
   nvc_g80_set_value(i, 0, dst);
   i->hw.opnd[1].file = G(FILE_IMM);
   i->hw.opnd[1].val = k;
   i->redef = st->defined[dst];
   st->defined[dst] = true;
}

static unsigned
val(struct cf *st, nir_ssa_def *def, unsigned comp)
{
   unsigned v = st->in->vals[def->index * 4 + comp];
   if (v == NVC_G80_NO_VALUE)
      cf_fail(st, "internal error: a value read before it is defined");
   return v;
}

/* The copies into succ's phis on the edge from pred. */
static void
phi_copies(struct cf *st, nir_block *pred, nir_block *succ)
{
   unsigned tmp[64];
   unsigned ntmp = 0;

   /* sources that are phis of succ itself: read them all first */
   nir_foreach_instr(instr, succ) {
      if (instr->type != nir_instr_type_phi)
         break;
      nir_phi_src *src = nir_phi_get_src_from_block(nir_instr_as_phi(instr),
                                                    pred);
      if (!src)
         continue;
      nir_instr *p = src->src.ssa->parent_instr;
      if (p->type != nir_instr_type_phi || p->block != succ)
         continue;
      for (unsigned k = 0; k < src->src.ssa->num_components; k++) {
         if (ntmp == ARRAY_SIZE(tmp)) {
            cf_fail(st, "more than %u phi values swapped on one edge",
                    (unsigned)ARRAY_SIZE(tmp));
            return;
         }
         unsigned t = nvc_g80_ir_value(st->in->ir);
         st->defined = realloc(st->defined, st->in->ir->num_values);
         if (!st->defined) {
            cf_fail(st, "out of memory");
            return;
         }
         st->defined[t] = false;
         cf_copy(st, t, val(st, src->src.ssa, k));
         tmp[ntmp++] = t;
      }
   }
   unsigned used_tmp = 0;
   nir_foreach_instr(instr, succ) {
      if (instr->type != nir_instr_type_phi)
         break;
      nir_phi_instr *phi = nir_instr_as_phi(instr);
      nir_phi_src *src = nir_phi_get_src_from_block(phi, pred);
      if (!src)
         continue;
      nir_instr *p = src->src.ssa->parent_instr;
      bool swap = p->type == nir_instr_type_phi && p->block == succ;
      for (unsigned k = 0; k < phi->dest.ssa.num_components; k++) {
         unsigned from = swap ? tmp[used_tmp++] : val(st, src->src.ssa, k);
         cf_copy(st, val(st, &phi->dest.ssa, k), from);
      }
   }
}

static void emit_list(struct cf *st, struct exec_list *list);

static bool
ends_in_jump(struct exec_list *list)
{
   nir_cf_node *last = exec_node_data(nir_cf_node, exec_list_get_tail(list),
                                      node);
   return last->type == nir_cf_node_block &&
          nir_block_ends_in_jump(nir_cf_node_as_block(last));
}

static void
emit_jump(struct cf *st, nir_jump_instr *j)
{
   switch (j->type) {
   case nir_jump_break:
      if (!st->loop) {
         cf_fail(st, "internal error: a break outside a loop");
         return;
      }
      if (st->loop->has_continue)
         cf_set_imm(st, st->loop->flag, ~0u);
      cf_control(st, G(OP_BREAK), 0, G(COND_always));
      return;
   case nir_jump_continue:
      if (!st->loop || !st->loop->has_continue) {
         cf_fail(st, "internal error: a continue outside a loop");
         return;
      }
      /* out of the continue region: on at K */
      cf_control(st, G(OP_BREAK), 0, G(COND_always));
      return;
   default:
      cf_fail(st, "NIR jump %u (return, halt, goto) is not supported by "
              "the Tesla backend", j->type);
      return;
   }
}

static void
emit_block(struct cf *st, nir_block *b)
{
   nir_jump_instr *jump = NULL;
   nir_foreach_instr(instr, b) {
      if (st->failed)
         return;
      if (instr->type == nir_instr_type_phi)
         continue;
      if (instr->type == nir_instr_type_jump) {
         jump = nir_instr_as_jump(instr);
         continue;
      }
      if (!st->in->select(st->in->isel, instr)) {
         cf_fail(st, "instruction selection failed");
         return;
      }
   }
   for (unsigned s = 0; s < 2; s++)
      if (b->successors[s])
         phi_copies(st, b, b->successors[s]);
   if (jump)
      emit_jump(st, jump);
}

static void
push_depth(struct cf *st, unsigned entries)
{
   st->depth += entries;
   if (st->depth > st->max_depth)
      st->max_depth = st->depth;
}

/* The jump of an if whose then side is that jump alone and needs no
 * copies (no phi after the loop reads a value from it), and whose else
 * side is empty: NULL otherwise. */
static nir_jump_instr *
lone_jump(nir_if *nif)
{
   nir_block *then = nir_if_first_then_block(nif);
   nir_block *other = nir_if_first_else_block(nif);
   if (then != nir_if_last_then_block(nif) ||
       other != nir_if_last_else_block(nif) ||
       !exec_list_is_singular(&then->instr_list) ||
       !exec_list_is_empty(&other->instr_list))
      return NULL;
   nir_instr *last = nir_block_last_instr(then);
   if (last->type != nir_instr_type_jump)
      return NULL;
   nir_jump_instr *j = nir_instr_as_jump(last);
   if (j->type != nir_jump_break && j->type != nir_jump_continue)
      return NULL;
   nir_foreach_instr(instr, then->successors[0]) {
      if (instr->type != nir_instr_type_phi)
         break;
      if (nir_phi_get_src_from_block(nir_instr_as_phi(instr), then))
         return NULL;
   }
   return j;
}

static void
emit_if(struct cf *st, nir_if *nif)
{
   struct nvc_g80_ir *ir = st->in->ir;
   nir_jump_instr *jump = lone_jump(nif);

   /* if (c) break / continue: one predicated break, no stack entry of
    * its own (a break's lanes leave, the others go on) */
   if (jump && st->loop &&
       (jump->type == nir_jump_break || st->loop->has_continue)) {
      unsigned c = val(st, nif->condition.ssa, 0);
      /* the flag: c itself (0 or ~0; a lane still running has flag 0) */
      if (jump->type == nir_jump_break && st->loop->has_continue)
         cf_copy(st, st->loop->flag, c);
      cf_test(st, c);
      cf_control(st, G(OP_BREAK), 0, G(COND_lg));
      emit_list(st, &nif->else_list);
      return;
   }
   unsigned join = nvc_g80_ir_new_label(ir), other = nvc_g80_ir_new_label(ir);
   unsigned c = val(st, nif->condition.ssa, 0);

   push_depth(st, 2);   /* joinat; the waiting side of a divergent bra */
   cf_control(st, G(OP_JOINAT), join, G(COND_always));
   cf_test(st, c);
   cf_control(st, G(OP_BRA), other, G(COND_e));
   emit_list(st, &nif->then_list);
   if (!ends_in_jump(&nif->then_list))
      cf_control(st, G(OP_BRA), join, G(COND_always));
   cf_label(st, other);
   emit_list(st, &nif->else_list);
   cf_label(st, join);
   struct nvc_g80_insn *j = cf_add(st, G(OP_NOP));
   if (j) {
      j->join = true;
      j->side_effect = true;
   }
   st->depth -= 2;
}

/* A continue of this loop (not of a loop inside it). */
static bool
has_continue(struct exec_list *list)
{
   foreach_list_typed(nir_cf_node, node, node, list) {
      switch (node->type) {
      case nir_cf_node_block: {
         nir_instr *last = nir_block_last_instr(nir_cf_node_as_block(node));
         if (last && last->type == nir_instr_type_jump &&
             nir_instr_as_jump(last)->type == nir_jump_continue)
            return true;
         break;
      }
      case nir_cf_node_if: {
         nir_if *nif = nir_cf_node_as_if(node);
         if (has_continue(&nif->then_list) || has_continue(&nif->else_list))
            return true;
         break;
      }
      default:
         break;
      }
   }
   return false;
}

static void
emit_loop(struct cf *st, nir_loop *loop)
{
   struct nvc_g80_ir *ir = st->in->ir;
   struct loop_ctx ctx = {
      .exit = nvc_g80_ir_new_label(ir),
      .head = nvc_g80_ir_new_label(ir),
      .has_continue = has_continue(&loop->body),
   };
   struct loop_ctx *outer = st->loop;
   unsigned cont = 0, entries = ctx.has_continue ? 2 : 1;

   if (ctx.has_continue) {
      cont = nvc_g80_ir_new_label(ir);
      ctx.flag = nvc_g80_ir_value(ir);
      st->defined = realloc(st->defined, ir->num_values);
      if (!st->defined) {
         cf_fail(st, "out of memory");
         return;
      }
      st->defined[ctx.flag] = false;
      cf_set_imm(st, ctx.flag, 0);
   }
   push_depth(st, entries);
   cf_control(st, G(OP_BREAKADDR), ctx.exit, G(COND_always));
   cf_label(st, ctx.head);
   if (!nvc_g80_ir_add_loop(ir, ctx.head, ctx.exit))
      cf_fail(st, "out of memory");
   if (ctx.has_continue)
      cf_control(st, G(OP_BREAKADDR), cont, G(COND_always));
   st->loop = &ctx;
   emit_list(st, &loop->body);
   st->loop = outer;
   bool jumps = ends_in_jump(&loop->body);
   if (ctx.has_continue) {
      if (!jumps)
         cf_control(st, G(OP_BREAK), 0, G(COND_always));
      cf_label(st, cont);
      cf_test(st, ctx.flag);
      cf_control(st, G(OP_BREAK), 0, G(COND_lg));
      cf_control(st, G(OP_BRA), ctx.head, G(COND_always));
   } else if (!jumps) {
      cf_control(st, G(OP_BRA), ctx.head, G(COND_always));
   }
   cf_label(st, ctx.exit);
   st->depth -= entries;
}

static void
emit_list(struct cf *st, struct exec_list *list)
{
   foreach_list_typed(nir_cf_node, node, node, list) {
      if (st->failed)
         return;
      switch (node->type) {
      case nir_cf_node_block:
         emit_block(st, nir_cf_node_as_block(node));
         break;
      case nir_cf_node_if:
         emit_if(st, nir_cf_node_as_if(node));
         break;
      case nir_cf_node_loop:
         emit_loop(st, nir_cf_node_as_loop(node));
         break;
      default:
         cf_fail(st, "NIR control flow node %u is not supported",
                 node->type);
         break;
      }
   }
}

bool
nvc_g80_isel_cf(struct nvc_g80_isel_cf *in, nir_function_impl *impl)
{
   struct cf st = { .in = in };

   /* every phi's value first: its copies come before its block */
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != nir_instr_type_phi)
            break;
         nir_phi_instr *phi = nir_instr_as_phi(instr);
         if (phi->dest.ssa.bit_size != 32 && phi->dest.ssa.bit_size != 1)
            return cf_fail(&st, "%u-bit phis are not supported yet",
                           phi->dest.ssa.bit_size);
         for (unsigned k = 0; k < phi->dest.ssa.num_components; k++)
            in->vals[phi->dest.ssa.index * 4 + k] =
               nvc_g80_ir_value(in->ir);
      }
   }
   st.defined = calloc(in->ir->num_values + 1, sizeof(bool));
   if (!st.defined)
      return cf_fail(&st, "out of memory");
   emit_list(&st, &impl->body);
   free(st.defined);
   if (!st.failed && st.max_depth > NVC_G80_STACK_ENTRIES)
      return cf_fail(&st, "control flow nested %u stack entries deep, past "
                     "the %u a warp's stack holds (an if takes 2, a loop "
                     "1, a loop with a continue 2)", st.max_depth,
                     NVC_G80_STACK_ENTRIES);
   return !st.failed;
}
