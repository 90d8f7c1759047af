/*
 * The NIR optimisation loop the lowering runs between its steps: copy
 * propagation, dead code, CSE, ifs flattened, discards hoisted, algebraic
 * rules and constant folding, loops unrolled, until nothing changes.
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

void
nvc_nir_optimize(nir_shader *s)
{
   bool progress;
   unsigned iter = 0;

   do {
      progress = false;
      NIR_PASS(progress, s, nir_copy_prop);
      NIR_PASS(progress, s, nir_opt_remove_phis);
      NIR_PASS(progress, s, nir_opt_dce);
      NIR_PASS(progress, s, nir_opt_dead_cf);
      NIR_PASS(progress, s, nir_opt_cse);
      /* Flatten every if we can: the programs we emit are straight-line,
       * so an if left standing is an error anyway.  No size limit (the
       * binary-search ladders st/mesa makes of FS indirect uniform reads
       * have ~200 instructions per half); the instruction limits still
       * apply to the result. */
      NIR_PASS(progress, s, nir_opt_peephole_select, UINT_MAX, true, true);
      NIR_PASS(progress, s, nir_opt_conditional_discard);
      if (s->info.stage == MESA_SHADER_FRAGMENT)
         NIR_PASS(progress, s, nvc_hoist_discards);
      NIR_PASS(progress, s, nir_opt_algebraic);
      NIR_PASS(progress, s, nir_opt_constant_folding);
      NIR_PASS(progress, s, nir_opt_undef);
      NIR_PASS(progress, s, nir_opt_loop_unroll);
      NIR_PASS(progress, s, nir_lower_vars_to_ssa);
   } while (progress && ++iter < 64);
}
