/*
 * NIR side of the NV40 compiler: the options st/mesa must honour and the
 * lowering we run on our private clone before instruction selection.
 *
 * What the hardware has decides each option (facts: upstream Mesa 22.3
 * nv30/nvfx_shader.h opcode lists, our src/nouveau/isa/nv40_{vp,fp}.xml):
 *  - vec4 ALU with per-source swizzle, negate and absolute value and a
 *    saturating destination: vectorised NIR, fneg/fabs/fsat kept;
 *  - MOV MUL ADD MAD DP3 DP4 MIN MAX SLT SGE SEQ SNE SGT SLE FRC FLR in
 *    both units, so the float comparisons (slt/sge/seq/sne) stay;
 *  - RCP EX2 LG2 SIN COS in both, RSQ only in the VP: the transcendental
 *    ops are scalar (one result replicated), so NIR vectors of them are
 *    split; no DIV/POW/LRP/FLRP that we rely on: lowered by NIR;
 *  - no integers: the screen reports PIPE_SHADER_CAP_INTEGERS = 0, so we
 *    lower ints and booleans to floats (1.0 / 0.0) as nir_to_tgsi does.
 */
#include "nv40_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

#define NV40_NIR_COMMON_OPTIONS                                   \
   .lower_fdiv = true,                                            \
   .lower_flrp32 = true,                                          \
   .lower_flrp64 = true,                                          \
   .lower_fpow = true,                                            \
   .lower_fmod = true,                                            \
   .lower_fceil = true,                                           \
   .lower_ftrunc = true,                                          \
   .lower_fround_even = true,                                     \
   .lower_fsign = true,                                           \
   .lower_fdph = true,                                            \
   .lower_ldexp = true,                                           \
   .lower_vector_cmp = true,                                      \
   .lower_isign = true,                                           \
   .lower_iabs = true,                                            \
   .lower_bitops = true,                                          \
   .lower_ffma16 = true,                                          \
   .lower_ffma32 = false,                                         \
   .lower_ffma64 = true,                                          \
   .fuse_ffma32 = true,                                           \
   .lower_pack_half_2x16 = true,                                  \
   .lower_pack_unorm_2x16 = true,                                 \
   .lower_pack_snorm_2x16 = true,                                 \
   .lower_pack_unorm_4x8 = true,                                  \
   .lower_pack_snorm_4x8 = true,                                  \
   .lower_unpack_half_2x16 = true,                                \
   .lower_unpack_unorm_2x16 = true,                               \
   .lower_unpack_snorm_2x16 = true,                               \
   .lower_unpack_unorm_4x8 = true,                                \
   .lower_unpack_snorm_4x8 = true,                                \
   .lower_extract_byte = true,                                    \
   .lower_extract_word = true,                                    \
   .lower_insert_byte = true,                                     \
   .lower_insert_word = true,                                     \
   .lower_all_io_to_temps = true,                                 \
   .vertex_id_zero_based = false,                                 \
   .use_interpolated_input_intrinsics = false,                    \
   .no_integers = true,                                           \
   .force_indirect_unrolling = nir_var_all,                       \
   .force_indirect_unrolling_sampler = true,                      \
   .max_unroll_iterations = 255

static const nir_shader_compiler_options nv40_vs_options = {
   NV40_NIR_COMMON_OPTIONS,
};

static const nir_shader_compiler_options nv40_fs_options = {
   NV40_NIR_COMMON_OPTIONS,
};

const struct nir_shader_compiler_options *
nv40_nir_options(enum pipe_shader_type shader)
{
   return shader == PIPE_SHADER_FRAGMENT ? &nv40_fs_options : &nv40_vs_options;
}

/* Ops the hardware computes in its scalar path: one input component, one
 * result replicated into every written channel (NV_vertex_program RCP/RSQ/
 * EX2/LG2 "scalar operand"; NV_fragment_program2 same for SIN/COS...). */
static bool
nv40_scalar_alu_filter(const nir_instr *instr, const void *data)
{
   if (instr->type != nir_instr_type_alu)
      return false;
   switch (nir_instr_as_alu(instr)->op) {
   case nir_op_frcp:
   case nir_op_frsq:
   case nir_op_fsqrt:
   case nir_op_fexp2:
   case nir_op_flog2:
   case nir_op_fsin:
   case nir_op_fcos:
      return true;
   default:
      return false;
   }
}

static int
nv40_type_size_vec4(const struct glsl_type *type, bool bindless)
{
   return glsl_count_attribute_slots(type, false);
}

/* `if (c) { ...; discard; }` -> `if (c) { ... } discard_if(c)`: a killed
 * fragment's other effects do not matter (outputs are temporaries until
 * the end), and an if without the discard can then be flattened like any
 * other.  Nested ifs AND their conditions; discards in loops stay. */
static bool
nv40_hoist_discards(nir_shader *s)
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

static void
nv40_optimize(nir_shader *s)
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
      /* Flatten every if we can: the programs we emit are straight-line.
       * Selects cost 3 instructions, so any branch body is worth it. */
      NIR_PASS(progress, s, nir_opt_peephole_select, 200, true, true);
      NIR_PASS(progress, s, nir_opt_conditional_discard);
      if (s->info.stage == MESA_SHADER_FRAGMENT)
         NIR_PASS(progress, s, nv40_hoist_discards);
      NIR_PASS(progress, s, nir_opt_algebraic);
      NIR_PASS(progress, s, nir_opt_constant_folding);
      NIR_PASS(progress, s, nir_opt_undef);
      NIR_PASS(progress, s, nir_opt_loop_unroll);
      NIR_PASS(progress, s, nir_lower_vars_to_ssa);
   } while (progress && ++iter < 64);
}

void
nv40_nir_lower(nir_shader *s)
{
   /* Variables may still be derefs (st/mesa does not lower shader I/O
    * for us with our options); tests hand us lowered I/O.  Both work. */
   NIR_PASS_V(s, nir_lower_global_vars_to_local);
   NIR_PASS_V(s, nir_split_var_copies);
   NIR_PASS_V(s, nir_lower_var_copies);
   NIR_PASS_V(s, nir_lower_vars_to_ssa);
   NIR_PASS_V(s, nir_lower_indirect_derefs,
              nir_var_shader_in | nir_var_shader_out |
              nir_var_function_temp, UINT32_MAX);
   NIR_PASS_V(s, nir_lower_io,
              nir_var_shader_in | nir_var_shader_out | nir_var_uniform,
              nv40_type_size_vec4, (nir_lower_io_options)0);
   NIR_PASS_V(s, nir_lower_regs_to_ssa);

   nv40_optimize(s);

   NIR_PASS_V(s, nir_lower_alu_to_scalar, nv40_scalar_alu_filter, NULL);
   NIR_PASS_V(s, nir_lower_int_to_float);
   nv40_optimize(s);
   /* Lowerings in nir_opt_algebraic (ftrunc, fsign...) can bring new
    * booleans back: convert until none is left. */
   for (unsigned i = 0; i < 8; i++) {
      bool progress = false;
      NIR_PASS(progress, s, nir_lower_bool_to_float);
      if (!progress)
         break;
      nv40_optimize(s);
   }

   bool progress;
   do {
      progress = false;
      NIR_PASS(progress, s, nir_opt_algebraic_late);
      if (progress) {
         NIR_PASS_V(s, nir_copy_prop);
         NIR_PASS_V(s, nir_opt_dce);
         NIR_PASS_V(s, nir_opt_cse);
      }
   } while (progress);

   NIR_PASS_V(s, nir_lower_bool_to_float);
   /* Late algebraic may bring back vectors of scalar-only ops. */
   NIR_PASS_V(s, nir_lower_alu_to_scalar, nv40_scalar_alu_filter, NULL);
   NIR_PASS_V(s, nir_lower_to_source_mods, nir_lower_float_source_mods);
   NIR_PASS_V(s, nir_copy_prop);
   NIR_PASS_V(s, nir_opt_dce);
   NIR_PASS_V(s, nir_opt_dead_cf);
}
