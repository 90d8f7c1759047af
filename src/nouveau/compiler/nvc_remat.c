/*
 * NIR pass: values that cost one instruction from operands needing no
 * temporary are recomputed at each use instead of kept live.
 *
 * Why: rankine's vertex unit has 16 temporaries and no memory a program
 * can write (NV_vertex_program2: temporaries R0-R15; program parameters
 * c[] are read-only, so nothing can be spilled).  A temporary array
 * indexed by a variable (GLSL 1.10 5.7) becomes, through
 * nir_lower_indirect_derefs, select ladders whose every element is live
 * from its first definition to its last read: an indirect write into a
 * mat4[3] keeps its 12 columns live across the read-modify-write of the
 * element.  Most of those columns are selects between uniforms and
 * constants (`dst[index] = src_matrix`), which the unit can recompute at
 * each read from its parameters: one instruction whose operands are
 * program parameters, constants and conditions live anyway.  Recomputing
 * them next to each use makes their live ranges one instruction long.
 * Run after nir_schedule, which would move the copies away again: it
 * counts parameters as values taking registers.
 *
 * Only for the retry of a program out of temporaries (nvc_compile.c): it
 * trades instructions for registers.
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "util/hash_table.h"

/* Operands the unit reads without a temporary of their own: constants
 * and uniforms at a constant offset (program parameters). */
static bool
is_parameter(const nir_instr *instr)
{
   if (instr->type == nir_instr_type_load_const)
      return true;
   if (instr->type != nir_instr_type_intrinsic)
      return false;
   const nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
   return intr->intrinsic == nir_intrinsic_load_uniform &&
          nir_src_is_const(intr->src[0]);
}

/* A value worth recomputing: a vector ALU op (a whole temporary each)
 * whose sources are parameters or scalars (conditions, which share a
 * temporary four to one and are live anyway); not a vector gather,
 * whose sources are the vectors it rebuilds.  Parameters themselves
 * need no copy, and a scalar copied would take as many instructions as
 * it saves registers. */
static bool
is_remat(const nir_instr *instr)
{
   if (instr->type != nir_instr_type_alu)
      return false;
   const nir_alu_instr *alu = nir_instr_as_alu(instr);
   if (nir_op_is_vec(alu->op) || alu->dest.dest.ssa.num_components < 2)
      return false;
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
      const nir_src *src = &alu->src[i].src;
      if (!src->is_ssa || (!is_parameter(src->ssa->parent_instr) &&
                           src->ssa->num_components != 1))
         return false;
   }
   return true;
}

/* A copy of instr right before each of its uses in its own block (phis
 * and other blocks keep reading the original, which goes when nothing
 * reads it any more). */
static bool
remat_instr(nir_shader *s, nir_instr *instr, nir_ssa_def *def)
{
   bool progress = false;
   nir_foreach_use_safe(use, def) {
      nir_instr *user = use->parent_instr;
      if (user->block != instr->block || user->type == nir_instr_type_phi)
         continue;
      /* a fresh map: the copy reads the original's sources */
      struct hash_table *map = _mesa_pointer_hash_table_create(NULL);
      nir_instr *copy = nir_instr_clone_deep(s, instr, map);
      _mesa_hash_table_destroy(map, NULL);
      nir_instr_insert_before(user, copy);
      nir_instr_rewrite_src(user, use, nir_src_for_ssa(nir_instr_ssa_def(copy)));
      progress = true;
   }
   if (progress && nir_ssa_def_is_unused(def))
      nir_instr_remove(instr);
   return progress;
}

bool
nvc_remat_for_pressure(nir_shader *s)
{
   bool progress = false;
   nir_foreach_function(func, s) {
      if (!func->impl)
         continue;
      nir_foreach_block(block, func->impl) {
         nir_foreach_instr_reverse_safe(instr, block) {
            if (!is_remat(instr))
               continue;
            nir_ssa_def *def = nir_instr_ssa_def(instr);
            if (def)
               progress |= remat_instr(s, instr, def);
         }
      }
      nir_metadata_preserve(func->impl, nir_metadata_block_index |
                                        nir_metadata_dominance);
   }
   return progress;
}
