/*
 * NIR pass: indirect uniform loads as select chains over their range.
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

/* The VP's relative constant addressing (ARL + CONST_INDEXED) needs the
 * uniforms laid out contiguously in hardware constants, which our constant
 * packer does not promise yet, while the screen reports
 * PIPE_SHADER_CAP_INDIRECT_CONST_ADDR for vertex shaders.  Until then an
 * indirect load_uniform becomes a chain of selects over the slots its
 * range covers: for each vec4 slot i, (offset == i) ? c[base + i] : ...
 * Out-of-range offsets (undefined in GLSL 1.10 section 4.1.9, and
 * "undefined" for ARB_vertex_program relative addressing) read the last
 * slot rather than anything outside the array.  Ranges are in vec4 slots
 * (nir_lower_io with nvc_type_size_vec4). */
#define NVC_MAX_INDIRECT_SLOTS 256

bool
nvc_lower_indirect_uniforms(nir_shader *s)
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
         if (intr->intrinsic != nir_intrinsic_load_uniform ||
             nir_src_is_const(intr->src[0]))
            continue;
         unsigned base = nir_intrinsic_base(intr);
         unsigned range = nir_intrinsic_range(intr);
         unsigned total = DIV_ROUND_UP(s->num_uniforms, 4);
         if (range == ~0u || range == 0)
            range = total > base ? total - base : 0;
         /* Too long a chain: left as is, instruction selection then
          * reports the indirect access as unsupported. */
         if (range == 0 || range > NVC_MAX_INDIRECT_SLOTS)
            continue;
         b.cursor = nir_before_instr(instr);
         nir_ssa_def *off = intr->src[0].ssa;
         unsigned nc = intr->dest.ssa.num_components;
         unsigned bits = intr->dest.ssa.bit_size;
         nir_ssa_def *res = NULL;
         /* Highest slot first: it is the innermost default, the value
          * read when no slot matches. */
         for (int i = range - 1; i >= 0; i--) {
            nir_ssa_def *v =
               nir_load_uniform(&b, nc, bits, nir_imm_int(&b, 0),
                                .base = base + i, .range = 1,
                                .dest_type = nir_intrinsic_dest_type(intr));
            if (!res)
               res = v;
            else
               res = nir_bcsel(&b, nir_ieq_imm(&b, off, i), v, res);
         }
         nir_ssa_def_rewrite_uses(&intr->dest.ssa, res);
         nir_instr_remove(instr);
         progress = true;
      }
   }
   nir_metadata_preserve(impl, progress ? nir_metadata_none : nir_metadata_all);
   return progress;
}
