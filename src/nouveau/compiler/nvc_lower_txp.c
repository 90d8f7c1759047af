/*
 * NIR pass: projective lookups TXP cannot express, divided in the shader.
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

/* NV_fragment_program TXP divides the coordinates by .w, but .w is also
 * where TXB/TXL take the bias/lod, so a projective lookup with a bias or
 * an explicit lod has no single hardware form.  Shadow lookups keep the
 * reference in .z (nvfx_fragprog.c: every shadow target reads it there)
 * and GLSL 1.10 section 8.7 divides it by q as well; isel does not emit
 * TXP with a reference.  For those forms divide in the shader:
 * coord *= 1/q, reference *= 1/q, projector dropped. */
static bool
nvc_lower_txp_instr(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type != nir_instr_type_tex)
      return false;
   nir_tex_instr *tex = nir_instr_as_tex(instr);
   int proj = nir_tex_instr_src_index(tex, nir_tex_src_projector);
   if (proj < 0)
      return false;
   int cmp = nir_tex_instr_src_index(tex, nir_tex_src_comparator);
   if (tex->op == nir_texop_tex && cmp < 0 && tex->coord_components <= 3)
      return false; /* plain TXP */

   b->cursor = nir_before_instr(instr);
   nir_ssa_def *rq = nir_frcp(b, nir_ssa_for_src(b, tex->src[proj].src, 1));
   int coord = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   if (coord >= 0) {
      nir_ssa_def *c = nir_ssa_for_src(b, tex->src[coord].src,
                                       tex->coord_components);
      nir_instr_rewrite_src(instr, &tex->src[coord].src,
                            nir_src_for_ssa(nir_fmul(b, c, rq)));
   }
   if (cmp >= 0) {
      nir_ssa_def *r = nir_ssa_for_src(b, tex->src[cmp].src, 1);
      nir_instr_rewrite_src(instr, &tex->src[cmp].src,
                            nir_src_for_ssa(nir_fmul(b, r, rq)));
   }
   nir_tex_instr_remove_src(tex, proj);
   return true;
}

bool
nvc_lower_txp(nir_shader *s)
{
   return nir_shader_instructions_pass(s, nvc_lower_txp_instr,
                                       nir_metadata_block_index |
                                       nir_metadata_dominance, NULL);
}
