/*
 * Uniforms that decide control flow, found and replaced by their values.
 *
 * A fragment program for a chip that cannot branch (rankine:
 * NV_fragment_program has no branch instructions, nv30_fp.xml) runs only
 * once NIR has flattened its ifs and unrolled its loops.  When an if's
 * condition or a loop's exit depends on a uniform (a loop bounded by a
 * uniform count, an early return on a uniform flag), neither can be done
 * at compile time; but a draw knows the uniforms' values, and a program
 * specialised for them is the same program for that draw (GLSL 1.20
 * section 4.3.5: uniforms are constant for the primitives of a draw).
 * nvc_branch_uniforms lists the uniform words such conditions read;
 * nvc_inline_uniforms replaces those reads with the values, after which
 * constant folding and the loop unroller do the rest.
 *
 * Uniforms here are load_uniform in vec4 slots (nir_lower_io's vec4 type
 * size, as st/mesa lowers them for us), a word being slot * 4 +
 * component.
 */
#include "nvc_compiler.h"

#include <stdlib.h>

#include "compiler/nir/nir_builder.h"
#include "util/bitset.h"
#include "util/u_math.h"

/* How deep a condition is followed back through ALU ops and phis: a
 * loop's exit compares its counter (a phi of its initial value and an
 * add) with the bound; an early return becomes a flag phi. */
#define NVC_BRANCH_UNIFORM_DEPTH 10

struct branch_uniforms {
   uint32_t *words;
   unsigned count, max;
};

static void
add_word(struct branch_uniforms *bu, uint32_t word)
{
   for (unsigned i = 0; i < bu->count; i++) {
      if (bu->words[i] == word)
         return;
   }
   if (bu->count < bu->max)
      bu->words[bu->count++] = word;
}

static void
chase(struct branch_uniforms *bu, const nir_ssa_def *def, unsigned comp,
      unsigned depth)
{
   nir_instr *instr = def->parent_instr;

   if (!depth)
      return;
   switch (instr->type) {
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      if (intr->intrinsic == nir_intrinsic_load_uniform &&
          nir_src_is_const(intr->src[0]) && intr->dest.ssa.bit_size == 32)
         add_word(bu, (nir_intrinsic_base(intr) +
                       nir_src_as_uint(intr->src[0])) * 4 + comp);
      return;
   }
   case nir_instr_type_phi: {
      nir_phi_instr *phi = nir_instr_as_phi(instr);
      nir_foreach_phi_src(src, phi) {
         if (src->src.is_ssa)
            chase(bu, src->src.ssa, comp, depth - 1);
      }
      return;
   }
   case nir_instr_type_alu: {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      const nir_op_info *info = &nir_op_infos[alu->op];
      for (unsigned s = 0; s < info->num_inputs; s++) {
         if (!alu->src[s].src.is_ssa)
            continue;
         if (info->input_sizes[s] == 0) {
            /* per component: this component's source */
            chase(bu, alu->src[s].src.ssa, alu->src[s].swizzle[comp],
                  depth - 1);
         } else {
            for (unsigned c = 0; c < info->input_sizes[s]; c++)
               chase(bu, alu->src[s].src.ssa, alu->src[s].swizzle[c],
                     depth - 1);
         }
      }
      return;
   }
   default:
      return;
   }
}

static void
visit_cf_list(struct branch_uniforms *bu, struct exec_list *list)
{
   foreach_list_typed(nir_cf_node, node, node, list) {
      switch (node->type) {
      case nir_cf_node_if: {
         nir_if *nif = nir_cf_node_as_if(node);
         if (nif->condition.is_ssa)
            chase(bu, nif->condition.ssa, 0, NVC_BRANCH_UNIFORM_DEPTH);
         visit_cf_list(bu, &nif->then_list);
         visit_cf_list(bu, &nif->else_list);
         break;
      }
      case nir_cf_node_loop:
         /* its exits are ifs holding a break, visited in the body */
         visit_cf_list(bu, &nir_cf_node_as_loop(node)->body);
         break;
      default:
         break;
      }
   }
}

unsigned
nvc_branch_uniforms(const nir_shader *s, uint32_t *words, unsigned max)
{
   struct branch_uniforms bu = { .words = words, .max = max };

   nir_foreach_function(func, s) {
      if (func->impl)
         visit_cf_list(&bu, &func->impl->body);
   }
   return bu.count;
}

void
nvc_inline_uniforms(nir_shader *s, unsigned count, const uint32_t *words,
                    const uint32_t *values)
{
   nir_foreach_function(func, s) {
      if (!func->impl)
         continue;
      /* Our chips have no integers: st/mesa keeps int and bool uniforms
       * as floats in the buffer (NativeIntegers off), while NIR still
       * reads them as ints until nir_lower_int_to_float (nvc_nir_lower).
       * A uniform read as an int is therefore inlined as the int its
       * float holds, which that pass turns back into the same float. */
      nir_index_ssa_defs(func->impl);
      BITSET_WORD *float_types =
         calloc(BITSET_WORDS(func->impl->ssa_alloc), sizeof(BITSET_WORD));
      BITSET_WORD *int_types =
         calloc(BITSET_WORDS(func->impl->ssa_alloc), sizeof(BITSET_WORD));
      if (!float_types || !int_types) {
         free(float_types);
         free(int_types);
         continue;
      }
      nir_gather_ssa_types(func->impl, float_types, int_types);
      nir_builder b;
      nir_builder_init(&b, func->impl);
      nir_foreach_block(block, func->impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic != nir_intrinsic_load_uniform ||
                !nir_src_is_const(intr->src[0]) ||
                intr->dest.ssa.bit_size != 32)
               continue;
            uint32_t first = (nir_intrinsic_base(intr) +
                              nir_src_as_uint(intr->src[0])) * 4;
            nir_ssa_def *comps[NIR_MAX_VEC_COMPONENTS];
            bool any = false;
            bool as_int = BITSET_TEST(int_types, intr->dest.ssa.index) &&
                          !BITSET_TEST(float_types, intr->dest.ssa.index);
            b.cursor = nir_after_instr(instr);
            for (unsigned c = 0; c < intr->dest.ssa.num_components; c++) {
               comps[c] = NULL;
               for (unsigned i = 0; i < count; i++) {
                  if (words[i] != first + c)
                     continue;
                  comps[c] = as_int ? nir_imm_int(&b, (int)uif(values[i]))
                                    : nir_imm_int(&b, (int)values[i]);
               }
               any |= comps[c] != NULL;
            }
            if (!any)
               continue;
            for (unsigned c = 0; c < intr->dest.ssa.num_components; c++) {
               if (!comps[c])
                  comps[c] = nir_channel(&b, &intr->dest.ssa, c);
            }
            nir_ssa_def *v = nir_vec(&b, comps,
                                     intr->dest.ssa.num_components);
            nir_ssa_def_rewrite_uses_after(&intr->dest.ssa, v,
                                           v->parent_instr);
         }
      }
      free(float_types);
      free(int_types);
      nir_metadata_preserve(func->impl, nir_metadata_block_index |
                                        nir_metadata_dominance);
   }
}
