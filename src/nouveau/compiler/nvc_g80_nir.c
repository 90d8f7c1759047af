/*
 * NIR for the Tesla backend: the options (scalar, what Tesla has no
 * instruction for lowered by NIR) and the lowering pipeline run on a
 * private clone before instruction selection: variables to SSA, I/O to
 * intrinsics (vec4 slots), everything scalar (ALU, constants, I/O),
 * booleans as 32-bit 0 / ~0 (what `set` writes, isa.rst), the
 * optimisation loop.
 */
#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "nvc_g80.h"
#include "nvc_g80_isel.h"

static const nir_shader_compiler_options g80_options = {
   /* no divide, subtract, pow, lrp, fract, sign, mod instructions: NIR
    * builds them from rcp, add with a negated source, lg2/ex2, mad,
    * cvt's integer roundings (isa.rst, float.rst, trans.rst) */
   .lower_fdiv = true,
   .lower_fpow = true,
   .lower_flrp32 = true,
   .lower_ffract = true,
   .lower_fsign = true,
   .lower_fmod = true,
   /* sqrt as 1/rsqrt: the SFU has rcp and rsqrt, no sqrt (trans.rst) */
   .lower_fsqrt = true,
   /* bit-field ops, bit counts and byte/word extracts from shifts and
    * masks (int.rst has shl/shr, and/or/xor, no bit-field unit); imul is
    * built from 16-bit multiplies by isel; there is no divide: see
    * nir_lower_idiv below */
   .lower_bitfield_extract_to_shifts = true,
   .lower_bitfield_insert_to_shifts = true,
   .lower_bitfield_reverse = true,
   .lower_bit_count = true,
   .lower_ifind_msb = true,
   .lower_find_lsb = true,
   .lower_uadd_carry = true,
   .lower_usub_borrow = true,
   .lower_mul_high = true,
   .lower_hadd = true,
   .lower_uadd_sat = true,
   .lower_iabs = true,
   .lower_isign = true,
   .lower_extract_byte = true,
   .lower_extract_word = true,
   .lower_insert_byte = true,
   .lower_insert_word = true,
   /* ARB programs' SLT / SGE / SEQ / SNE (prog_to_nir's slt ... ) as
    * b2f of a comparison: Tesla's set writes 0 / ~0, not 0.0 / 1.0
    * (isa.rst), and b2f32 is its and with 1.0 */
   .lower_scmp = true,
   /* uniforms in UBO 0, which the driver binds as c0[] */
   .lower_uniforms_to_ubo = true,
   .max_unroll_iterations = 32,
};

const struct nir_shader_compiler_options *
nvc_g80_nir_options(const struct nvc_g80_target *t, unsigned stage)
{
   (void)t;
   (void)stage;
   return &g80_options;
}

static int
type_size_vec4(const struct glsl_type *type, bool bindless)
{
   return glsl_count_attribute_slots(type, false);
}

static void
optimize(nir_shader *s)
{
   bool progress;
   do {
      progress = false;
      NIR_PASS(progress, s, nir_copy_prop);
      NIR_PASS(progress, s, nir_opt_remove_phis);
      NIR_PASS(progress, s, nir_opt_dce);
      NIR_PASS(progress, s, nir_opt_dead_cf);
      NIR_PASS(progress, s, nir_opt_cse);
      NIR_PASS(progress, s, nir_opt_peephole_select, 64, true, true);
      /* if (c) discard; -> discard_if(c): no branch needed */
      NIR_PASS(progress, s, nir_opt_conditional_discard);
      NIR_PASS(progress, s, nir_opt_algebraic);
      NIR_PASS(progress, s, nir_opt_constant_folding);
      NIR_PASS(progress, s, nir_opt_undef);
      NIR_PASS(progress, s, nir_opt_loop_unroll);
   } while (progress);
}

void
nvc_g80_nir_lower(nir_shader *s, uint8_t interp[NVC_G80_MAX_IO])
{
   NIR_PASS_V(s, nir_lower_returns);
   NIR_PASS_V(s, nir_inline_functions);
   /* a GP's emits past max_vertices dropped (GLSL 1.50 8.10: emitting
    * more is undefined; what the hardware does past
    * GP_VERTEX_OUTPUT_COUNT is not documented, nvsim traps on it): each
    * emit under a count of those before it; NIR folds the count away
    * where it is known */
   if (s->info.stage == MESA_SHADER_GEOMETRY)
      NIR_PASS_V(s, nir_lower_gs_intrinsics, 0);
   NIR_PASS_V(s, nir_lower_global_vars_to_local);
   NIR_PASS_V(s, nir_split_var_copies);
   NIR_PASS_V(s, nir_lower_var_copies);
   NIR_PASS_V(s, nir_lower_vars_to_ssa);

   /* FP inputs: the interpolation of each driver location, which
    * nir_lower_io's load_input does not carry */
   for (unsigned i = 0; i < NVC_G80_MAX_IO; i++)
      interp[i] = INTERP_MODE_NONE;
   nir_foreach_shader_in_variable(var, s) {
      unsigned n = glsl_count_attribute_slots(var->type, false);
      for (unsigned k = 0; k < n; k++)
         if (var->data.driver_location + k < NVC_G80_MAX_IO)
            interp[var->data.driver_location + k] = var->data.interpolation;
   }

   NIR_PASS_V(s, nir_lower_io,
              nir_var_shader_in | nir_var_shader_out | nir_var_uniform,
              type_size_vec4, (nir_lower_io_options)0);
   NIR_PASS_V(s, nir_lower_regs_to_ssa);
   optimize(s);
   NIR_PASS_V(s, nir_lower_alu_to_scalar, NULL, NULL);
   NIR_PASS_V(s, nir_lower_load_const_to_scalar);
   NIR_PASS_V(s, nir_lower_io_to_scalar, nir_var_shader_in |
              nir_var_shader_out);
   /* integer division from the float reciprocal and multiplies (Tesla
    * has no divider, int.rst); umul_high then from 32-bit products
    * (lower_mul_high, nir_lower_alu) */
   NIR_PASS_V(s, nir_lower_idiv, &(nir_lower_idiv_options){ 0 });
   NIR_PASS_V(s, nir_lower_alu);
   NIR_PASS_V(s, nir_lower_alu_to_scalar, NULL, NULL);
   NIR_PASS_V(s, nir_lower_bool_to_int32);
   optimize(s);
   /* the late rules hold lowerings the options ask for (iabs) */
   NIR_PASS_V(s, nir_opt_algebraic_late);
   NIR_PASS_V(s, nir_opt_constant_folding);
   NIR_PASS_V(s, nir_lower_bool_to_int32);
   NIR_PASS_V(s, nir_lower_alu_to_scalar, NULL, NULL);
   NIR_PASS_V(s, nir_copy_prop);
   NIR_PASS_V(s, nir_opt_dce);
   NIR_PASS_V(s, nir_opt_dce);
   /* inputs, uniform loads and constants moved down to their first
    * reader (into the branch that reads them, then within the block): a
    * value lives in a register from its definition on and the allocator
    * does not spill (nvc_g80_ra.c), while GLSL's packed varyings are
    * unpacked at the top of main (a GP reading 39 words of 3 vertices
    * held 117 values at once, past the 128 registers with the rest) */
   const nir_move_options move = nir_move_load_input | nir_move_load_ubo |
                                 nir_move_const_undef;
   NIR_PASS_V(s, nir_opt_sink, move);
   NIR_PASS_V(s, nir_opt_move, move);
}
