/*
 * NIR side of the compiler: the options st/mesa must honour and the
 * lowering pipeline we run on our private clone before instruction
 * selection (its own passes live one per file, nvc_nir.h).
 *
 * What the hardware has decides each option (facts: upstream Mesa 22.3
 * nv30/nvfx_shader.h opcode lists, our src/nouveau/isa/nv40_{vp,fp}.xml):
 *  - vec4 ALU with per-source swizzle, negate and absolute value and a
 *    saturating destination: vectorised NIR, fneg/fabs/fsat kept;
 *  - MOV MUL ADD MAD DP3 DP4 MIN MAX SLT SGE SEQ SNE SGT SLE FRC FLR in
 *    both units, so the float comparisons (slt/sge/seq/sne) stay;
 *  - RCP EX2 LG2 SIN COS in both, RSQ in the VP and the rankine FP: the
 *    transcendental ops are scalar (one result replicated), so NIR vectors
 *    of them are split; no DIV, and POW/LRP only in the rankine FP
 *    (nv30_fp.xml; nvc_target.fp.pow/lrp): lowered by NIR elsewhere;
 *  - no integers: the screen reports PIPE_SHADER_CAP_INTEGERS = 0, so we
 *    lower ints and booleans to floats (1.0 / 0.0) as nir_to_tgsi does.
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "compiler/nir/nir_schedule.h"

#define NVC_NIR_COMMON_OPTIONS                                   \
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

static const nir_shader_compiler_options nvc_vs_options = {
   NVC_NIR_COMMON_OPTIONS,
};

static const nir_shader_compiler_options nvc_fs_options = {
   NVC_NIR_COMMON_OPTIONS,
};

/* Rankine's vertex programs cannot saturate (nv30_vp.xml has no SAT
 * field; isa.rst: SAT is curie's and the combined ISA's): fsat becomes a
 * MIN and a MAX. */
static const nir_shader_compiler_options nvc_nv30_vs_options = {
   NVC_NIR_COMMON_OPTIONS,
   .lower_fsat = true,
};

/* A fragment unit with POW and LRP (rankine's NV_fragment_program):
 * fpow and flrp stay, one instruction each (nvc_isel.c).  Later
 * initialisers override the common ones. */
static const nir_shader_compiler_options nvc_fs_pow_lrp_options = {
   NVC_NIR_COMMON_OPTIONS,
   .lower_fpow = false,
   .lower_flrp32 = false,
};

const struct nir_shader_compiler_options *
nvc_nir_options(const struct nvc_target *target, enum pipe_shader_type shader)
{
   /* What NIR lowers for us (no integers, the ops above) holds for the
    * NV30 and NV40 ISAs alike, but for rankine's VP saturation and its
    * FP's POW and LRP. */
   if (shader == PIPE_SHADER_FRAGMENT)
      return target && target->fp.pow && target->fp.lrp ?
             &nvc_fs_pow_lrp_options : &nvc_fs_options;
   return target && target->isa == NVHWDB_ISA_NV30 ? &nvc_nv30_vs_options
                                                   : &nvc_vs_options;
}

/* Ops the hardware computes in its scalar path: one input component, one
 * result replicated into every written channel (NV_vertex_program RCP/RSQ/
 * EX2/LG2 "scalar operand"; NV_fragment_program2 same for SIN/COS...). */
static bool
nvc_scalar_alu_filter(const nir_instr *instr, const void *data)
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
   case nir_op_fpow:
      return true;
   default:
      break;
   }
   /* A vector op whose sources all read one channel computes one value
    * n times: a scalar (CSE merges the copies) takes a channel, not a
    * register, which the VP's 16 temporaries on rankine need (the
    * conditions of the select ladders of indirect array writes). */
   nir_alu_instr *alu = nir_instr_as_alu(instr);
   if (alu->dest.dest.ssa.num_components < 2 ||
       nir_op_infos[alu->op].output_size != 0)
      return false;
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
      if (nir_op_infos[alu->op].input_sizes[i] != 0)
         return false;
      const uint8_t *swz = alu->src[i].swizzle;
      nir_const_value *k = nir_src_as_const_value(alu->src[i].src);
      for (unsigned c = 1; c < alu->dest.dest.ssa.num_components; c++) {
         if (swz[c] == swz[0])
            continue;
         /* a constant with equal channels reads as one channel too */
         if (!k || k[swz[c]].u32 != k[swz[0]].u32)
            return false;
      }
   }
   return true;
}

static int
nvc_type_size_vec4(const struct glsl_type *type, bool bindless)
{
   return glsl_count_attribute_slots(type, false);
}

void
nvc_nir_lower(nir_shader *s, bool keep_indirect_uniforms,
              const struct nvc_fp_key *fp_key)
{
   /* Variables may still be derefs (st/mesa does not lower shader I/O
    * for us with our options); tests hand us lowered I/O.  Both work. */
   /* An early return (GLSL's return in main) becomes the ifs it
    * implies: the rest of main under "not returned" */
   NIR_PASS_V(s, nir_lower_returns);
   NIR_PASS_V(s, nir_lower_global_vars_to_local);
   NIR_PASS_V(s, nir_split_var_copies);
   NIR_PASS_V(s, nir_lower_var_copies);
   NIR_PASS_V(s, nir_lower_vars_to_ssa);
   NIR_PASS_V(s, nir_lower_indirect_derefs,
              nir_var_shader_in | nir_var_shader_out |
              nir_var_function_temp, UINT32_MAX);
   NIR_PASS_V(s, nir_lower_io,
              nir_var_shader_in | nir_var_shader_out | nir_var_uniform,
              nvc_type_size_vec4, (nir_lower_io_options)0);
   NIR_PASS_V(s, nir_lower_regs_to_ssa);
   NIR_PASS_V(s, nvc_lower_txp);
   NIR_PASS_V(s, nvc_lower_tex_npot, fp_key);

   nvc_nir_optimize(s);
   nvc_peel_loops(s);
   /* After unrolling, so that offsets that became constants stay direct. */
   if (!keep_indirect_uniforms && nvc_lower_indirect_uniforms(s))
      nvc_nir_optimize(s);

   NIR_PASS_V(s, nir_lower_alu_to_scalar, nvc_scalar_alu_filter, NULL);
   NIR_PASS_V(s, nir_lower_int_to_float);
   nvc_nir_optimize(s);
   /* Lowerings in nir_opt_algebraic (ftrunc, fsign...) can bring new
    * booleans back: convert until none is left. */
   for (unsigned i = 0; i < 8; i++) {
      bool progress = false;
      NIR_PASS(progress, s, nir_lower_bool_to_float);
      if (!progress)
         break;
      nvc_nir_optimize(s);
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
   NIR_PASS_V(s, nir_lower_alu_to_scalar, nvc_scalar_alu_filter, NULL);
   NIR_PASS_V(s, nir_lower_to_source_mods, nir_lower_float_source_mods);
   NIR_PASS_V(s, nir_copy_prop);
   NIR_PASS_V(s, nir_opt_dce);
   NIR_PASS_V(s, nir_opt_dead_cf);
}

/* Output stores keep their order where two of one block write the same
 * component of one output (nir_schedule orders stores only against
 * discards); elsewhere they are free to move, which is what lets the
 * scheduler interleave them with the arithmetic. */
static bool
nvc_schedule_intrinsic_dep(nir_intrinsic_instr *intr,
                           nir_schedule_dependency *dep, void *data)
{
   if (intr->intrinsic != nir_intrinsic_store_output &&
       intr->intrinsic != nir_intrinsic_load_output)
      return false;
   dep->klass = 0;
   dep->type = NIR_SCHEDULE_WRITE_DEPENDENCY;
   return true;
}

/* Whether some block writes an output component twice, or reads an
 * output, or stores with an indirect offset. */
static bool
nvc_output_order_matters(nir_shader *s)
{
   nir_foreach_function(func, s) {
      if (!func->impl)
         continue;
      nir_foreach_block(block, func->impl) {
         /* components written, per output slot of this block */
         uint32_t written[VARYING_SLOT_MAX] = { 0 };
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic == nir_intrinsic_load_output)
               return true;
            if (intr->intrinsic != nir_intrinsic_store_output)
               continue;
            if (!nir_src_is_const(intr->src[1]))
               return true;
            unsigned slot = nir_intrinsic_io_semantics(intr).location +
                            nir_src_as_uint(intr->src[1]);
            uint32_t mask = nir_intrinsic_write_mask(intr) <<
                            nir_intrinsic_component(intr);
            if (slot >= VARYING_SLOT_MAX || (written[slot] & mask))
               return true;
            written[slot] |= mask;
         }
      }
   }
   return false;
}

void
nvc_nir_schedule_for_pressure(nir_shader *s)
{
   const bool ordered = nvc_output_order_matters(s);
   const nir_schedule_options options = {
      /* fallback: always the instruction that frees the most values */
      .fallback = true,
      .intrinsic_cb = ordered ? nvc_schedule_intrinsic_dep : NULL,
   };
   nir_schedule(s, &options);
}
