/*
 * NIR pass: in a vertex program, a select between a value and zero on a
 * condition that is 1.0 or 0.0 becomes a product with the condition.
 *
 * Why: rankine's and curie's vertex units have no select; ours takes a
 * condition-code update and two moves (nvc_vp_emit.c, SEL), where a
 * product is one MUL.  NV_vertex_program 2.14.1.11 names this idiom
 * ("if/then/else conditional evaluation is done by multiplying by 1.0 or
 * 0.0 and adding") and requires 0.0 * x = 0.0 and 1.0 * x = x of the
 * unit (for infinities and NaNs recommended, not required; GLSL 1.20
 * 4.1.4 requires neither).  The select ladders of an indirectly indexed
 * temporary array are mostly such selects (elements not written stay
 * what they were, `dst[index] = m` leaves the others zero), and a
 * mat4[3] written and read through variable indices needs more than the
 * 256 instructions the unit holds without this.
 *
 * Run for a program that does not fit otherwise (nvc_compile.c's
 * retries): it changes which instructions compute a value, not the
 * value.
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "util/hash_table.h"

/* Whether every component of src (as swizzled) is a constant 0.0. */
static bool
src_is_zero(const nir_alu_instr *alu, unsigned i)
{
   const nir_const_value *k = nir_src_as_const_value(alu->src[i].src);
   if (!k)
      return false;
   for (unsigned c = 0; c < alu->dest.dest.ssa.num_components; c++) {
      if (nir_const_value_as_float(k[alu->src[i].swizzle[c]], 32) != 0.0)
         return false;
   }
   return true;
}

/* Whether def holds only 1.0 or 0.0: a float comparison (after
 * nir_lower_bool_to_float), or products, maxima, minima of such. */
static bool
is_zero_one(const nir_ssa_def *def, unsigned depth)
{
   const nir_instr *instr = def->parent_instr;
   if (instr->type == nir_instr_type_load_const) {
      const nir_load_const_instr *lc = nir_instr_as_load_const(instr);
      for (unsigned c = 0; c < def->num_components; c++) {
         double v = nir_const_value_as_float(lc->value[c], 32);
         if (v != 0.0 && v != 1.0)
            return false;
      }
      return true;
   }
   if (instr->type != nir_instr_type_alu || depth == 0)
      return false;
   const nir_alu_instr *alu = nir_instr_as_alu(instr);
   switch (alu->op) {
   case nir_op_slt:
   case nir_op_sge:
   case nir_op_seq:
   case nir_op_sne:
      return true;
   case nir_op_fmul:
   case nir_op_fmax:
   case nir_op_fmin:
      return alu->src[0].src.is_ssa && alu->src[1].src.is_ssa &&
             is_zero_one(alu->src[0].src.ssa, depth - 1) &&
             is_zero_one(alu->src[1].src.ssa, depth - 1);
   default:
      return false;
   }
}

static bool
select_to_mul(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type != nir_instr_type_alu)
      return false;
   nir_alu_instr *alu = nir_instr_as_alu(instr);
   if (alu->op != nir_op_fcsel || !alu->src[0].src.is_ssa ||
       !is_zero_one(alu->src[0].src.ssa, 4))
      return false;

   /* fcsel(c, a, 0) = a * c; fcsel(c, 0, a) = a * (1 - c) */
   unsigned keep;
   if (src_is_zero(alu, 2))
      keep = 1;
   else if (src_is_zero(alu, 1))
      keep = 2;
   else
      return false;

   b->cursor = nir_before_instr(instr);
   nir_alu_instr *mul = nir_alu_instr_create(b->shader, nir_op_fmul);
   nir_alu_src_copy(&mul->src[0], &alu->src[keep], mul);
   if (keep == 1) {
      nir_alu_src_copy(&mul->src[1], &alu->src[0], mul);
   } else {
      /* 1 - c on the condition's own channels: a scalar condition stays
       * one channel (a vec1 subtraction, broadcast by the swizzle) */
      struct hash_table *not_cs = data;
      nir_ssa_def *c = alu->src[0].src.ssa;
      struct hash_entry *e = _mesa_hash_table_search(not_cs, c);
      nir_ssa_def *not_c = e ? e->data : NULL;
      /* one per condition and block (a later select of the block reuses
       * it) */
      if (!not_c || not_c->parent_instr->block != instr->block) {
         not_c = nir_fsub(b, nir_imm_floatN_t(b, 1.0, c->bit_size), c);
         _mesa_hash_table_insert(not_cs, c, not_c);
      }
      mul->src[1].src = nir_src_for_ssa(not_c);
      memcpy(mul->src[1].swizzle, alu->src[0].swizzle,
             sizeof(mul->src[1].swizzle));
   }
   mul->exact = alu->exact;
   nir_ssa_dest_init(&mul->instr, &mul->dest.dest,
                     alu->dest.dest.ssa.num_components,
                     alu->dest.dest.ssa.bit_size, NULL);
   mul->dest.write_mask = alu->dest.write_mask;
   nir_builder_instr_insert(b, &mul->instr);
   nir_ssa_def_rewrite_uses(&alu->dest.dest.ssa, &mul->dest.dest.ssa);
   nir_instr_remove(instr);
   return true;
}

bool
nvc_select_to_mul(nir_shader *s)
{
   if (s->info.stage != MESA_SHADER_VERTEX)
      return false;
   struct hash_table *not_cs = _mesa_pointer_hash_table_create(NULL);
   bool progress = nir_shader_instructions_pass(s, select_to_mul,
                                                nir_metadata_block_index |
                                                nir_metadata_dominance,
                                                not_cs);
   _mesa_hash_table_destroy(not_cs, NULL);
   return progress;
}
