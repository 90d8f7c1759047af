/*
 * NIR pass: discards hoisted out of the ifs that guard them, so that the
 * ifs can be flattened (run by nvc_nir_optimize on fragment shaders).
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

/* `if (c) { ...; discard; }` -> `if (c) { ... } discard_if(c)`: a killed
 * fragment's other effects do not matter (outputs are temporaries until
 * the end), and an if without the discard can then be flattened like any
 * other.  Nested ifs AND their conditions; discards in loops stay. */
bool
nvc_hoist_discards(nir_shader *s)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   bool progress = false;
   nir_builder b;
   nir_builder_init(&b, impl);

   nir_foreach_block_safe(block, impl) {
      nir_foreach_instr_safe(instr, block) {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_discard &&
             intr->intrinsic != nir_intrinsic_terminate &&
             intr->intrinsic != nir_intrinsic_demote)
            continue;
         nir_cf_node *cur = &block->cf_node;
         nir_ssa_def *conds[16];
         bool in_then[16];
         unsigned n = 0;
         while (cur->parent && cur->parent->type == nir_cf_node_if && n < 16) {
            nir_if *nif = nir_cf_node_as_if(cur->parent);
            bool then = false;
            foreach_list_typed(nir_cf_node, node, node, &nif->then_list)
               then |= node == cur;
            conds[n] = nif->condition.ssa;
            in_then[n] = then;
            n++;
            cur = &nif->cf_node;
         }
         if (!n || !cur->parent || cur->parent->type != nir_cf_node_function)
            continue;
         b.cursor = nir_after_cf_node(cur);
         nir_ssa_def *acc = NULL;
         for (unsigned i = 0; i < n; i++) {
            nir_ssa_def *c = in_then[i] ? conds[i] : nir_inot(&b, conds[i]);
            acc = acc ? nir_iand(&b, acc, c) : c;
         }
         nir_discard_if(&b, acc);
         nir_instr_remove(instr);
         progress = true;
      }
   }
   nir_metadata_preserve(impl, progress ? nir_metadata_none : nir_metadata_all);
   return progress;
}
