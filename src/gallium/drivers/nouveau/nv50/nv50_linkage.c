/*
 * The VP -> FP linkage's slots for the rasteriser: the point size and
 * the colours (issue 11).  nv50_program_validate lays out VP_RESULT_MAP
 * (the clip position, then the FP's inputs); the slots below go after
 * those, or name slots of the FP's inputs.  "VP" below is the last stage
 * before the rasteriser: the GP when one is bound (GP_RESULT_MAP, whose
 * slots the SEMANTIC_* methods name then, nv50_gp.c).
 *
 * Facts (rnndb graph/g80_3d.xml through hwdb g80_3d.xml; nvsim's Tesla
 * model, docs/tesla.md "Assembly, clipping, viewport"; upstream's
 * nv50_fp_linkage_validate read for where the hardware wants the back
 * colours):
 * - SEMANTIC_PTSZ: with PTSZ_EN a point's size is map slot PTSZ_ID, not
 *   POINT_SIZE.  GL takes the VP's gl_PointSize only under
 *   VERTEX_PROGRAM_POINT_SIZE (GL 2.1 2.15.4; fixed-function point
 *   attenuation is st/mesa's VP writing it), which is the rasterizer's
 *   point_size_per_vertex.
 * - SEMANTIC_COLOR: COLR_NR colour slots from FFC0_ID (the ones the FP
 *   reads) and as many from BFC0_ID; a back face takes the BFC0_ID slots
 *   in place of the FFC0_ID ones under VERTEX_TWO_SIDE_ENABLE (GL 2.1
 *   2.14.1 "two-sided lighting": the back colours colour back faces),
 *   SHADE_MODEL FLAT gives the COLR_NR slots the provoking vertex's
 *   value, CLMP_EN clamps them.  Slot k of the back range stands for
 *   slot k of the front range, so the back colours are laid out as the
 *   FP's colour inputs are: gl_BackColor for gl_Color's components,
 *   gl_BackSecondaryColor for gl_SecondaryColor's.
 */

#include "compiler/shader_enums.h"
#include "nir.h"
#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_hwstate.h"

/* the VP's result word of (slot, comp), or -1 */
static int
vp_word(const struct nvc_g80_program *vp, unsigned slot, unsigned comp)
{
   for (unsigned i = 0; i < vp->num_outputs; i++) {
      const struct nvc_g80_io *io = &vp->io[vp->num_inputs + i];
      if (io->slot == slot && io->comp == comp)
         return io->word;
   }
   return -1;
}

static bool
vp_writes(const struct nvc_g80_program *vp, unsigned slot)
{
   for (unsigned c = 0; c < 4; c++)
      if (vp_word(vp, slot, c) >= 0)
         return true;
   return false;
}

static bool
is_color(unsigned slot)
{
   return slot == VARYING_SLOT_COL0 || slot == VARYING_SLOT_COL1;
}

unsigned
nv50_linkage_colors(const struct nvc_g80_program *vp,
                    const struct nvc_g80_program *fp, int input_base,
                    uint8_t zero, uint8_t *map, unsigned first,
                    unsigned room, uint32_t *semantic)
{
   int lo = -1, hi = -1;
   unsigned n = 0;

   *semantic = 0;
   for (unsigned i = 0; i < fp->num_inputs; i++) {
      const struct nvc_g80_io *in = &fp->io[i];
      int s = input_base + in->word;
      if (!is_color(in->slot) || s < 0)
         continue;
      lo = lo < 0 ? s : MIN2(lo, s);
      hi = MAX2(hi, s);
      n++;
   }
   if (!n)
      return 0;
   /* one range of colour slots only (the compiler puts an FP's inputs in
    * order of location, flat ones last: a colour with its own
    * interpolation qualifier may stand apart) */
   if (hi - lo + 1 != (int)n) {
      if (nouveau_debug & NOUVEAU_DEBUG_SHADERS)
         fprintf(stderr, "nouveau: FP colour inputs not in one range: "
                 "one-sided, not flat-shaded by SHADE_MODEL\n");
      return 0;
   }

   uint32_t front = G80_3D_SEMANTIC_COLOR_FFC0_ID(lo) |
                    G80_3D_SEMANTIC_COLOR_COLR_NR(n);
   /* no back colours: the back range is the front one (GL leaves back
    * colours the VP does not write undefined) */
   if (!vp_writes(vp, VARYING_SLOT_BFC0) && !vp_writes(vp, VARYING_SLOT_BFC1)) {
      *semantic = front | G80_3D_SEMANTIC_COLOR_BFC0_ID(lo);
      return 0;
   }
   if (first + n > room) {
      *semantic = front | G80_3D_SEMANTIC_COLOR_BFC0_ID(lo);
      return 0;
   }
   for (unsigned i = 0; i < fp->num_inputs; i++) {
      const struct nvc_g80_io *in = &fp->io[i];
      if (!is_color(in->slot))
         continue;
      unsigned back = in->slot == VARYING_SLOT_COL0 ? VARYING_SLOT_BFC0
                                                    : VARYING_SLOT_BFC1;
      int w = vp_word(vp, back, in->comp);
      map[first + input_base + in->word - lo] =
         w >= 0 ? w : zero;
   }
   *semantic = front | G80_3D_SEMANTIC_COLOR_BFC0_ID(first);
   return n;
}

unsigned
nv50_linkage_point_size(const struct nvc_g80_program *vp, uint8_t *map,
                        unsigned first, unsigned room, uint32_t *semantic)
{
   int w = vp_word(vp, VARYING_SLOT_PSIZ, 0);

   *semantic = 0;
   if (w < 0 || first >= room)
      return 0;
   map[first] = w;
   *semantic = G80_3D_SEMANTIC_PTSZ_PTSZ_EN(1) |
               G80_3D_SEMANTIC_PTSZ_PTSZ_ID(first);
   return 1;
}

uint8_t
nv50_linkage_qualified_colors(const struct nir_shader *nir)
{
   uint8_t mask = 0;

   if (nir->info.stage != MESA_SHADER_FRAGMENT)
      return 0;
   nir_foreach_shader_in_variable(var, nir) {
      if ((var->data.location == VARYING_SLOT_COL0 ||
           var->data.location == VARYING_SLOT_COL1) &&
          var->data.interpolation != INTERP_MODE_NONE)
         mask |= 1u << (var->data.location - VARYING_SLOT_COL0);
   }
   return mask;
}

void
nv50_linkage_validate(struct nv50_context *nv50)
{
   const struct pipe_rasterizer_state *r = nv50->rast ? &nv50->rast->pipe
                                                      : NULL;
   /* the VP's size only under point_size_per_vertex (above) */
   bool per_vertex = r && r->point_size_per_vertex;
   /* ShadeModel governs the colours declared without a qualifier (GLSL
    * 1.30 4.3.9; Mesa's INTERP_MODE_NONE); SHADE_MODEL FLAT would flatten
    * a smooth or noperspective one too, so an FP with one is shaded
    * smooth (its unqualified colours then too: said in the README) */
   bool flat = r && r->flatshade && !(nv50->fp && nv50->fp->color_qualified);

   if (!nv50_push_begin(nv50, 4))
      return;
   nv50_hw_put(nv50, G80_3D_SEMANTIC_PTSZ,
               per_vertex ? nv50->semantic_ptsz : 0);
   nv50_hw_put(nv50, G80_3D_SHADE_MODEL, flat ? G80_3D_SHADE_MODEL_FLAT
                                              : G80_3D_SHADE_MODEL_SMOOTH);
}
