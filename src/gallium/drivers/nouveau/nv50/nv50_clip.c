/*
 * Clip distances: gl_ClipDistance, and the user clip planes, which
 * st/mesa turns into clip-distance writes of the VP (the screen reports
 * no PIPE_CAP_CLIP_PLANES: Tesla has no plane registers, its clipper reads
 * distances among the VP's results).
 *
 * Hardware (rnndb g80_3d.xml, docs/tesla.md "Assembly, clipping"): the
 * clipper reads distance i from result-map slot SEMANTIC_CLIP CLIP_START
 * + i for i < CLIP_NUM, and clips by it when CLIP_DISTANCE_ENABLE bit i is
 * set (CLIP_DISTANCE_MODE 0 per distance: clip, not cull).  The distances
 * go into VP_RESULT_MAP after the FP's inputs: those slots are not
 * interpolated (FP_INTERPOLANT_CTRL COUNT stops before them).
 */
#include "compiler/shader_enums.h"
#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_hwstate.h"

/* The VP's clip distance i result word, or -1. */
static int
nv50_clip_word(const struct nvc_g80_program *vp, unsigned i)
{
   const unsigned slot = VARYING_SLOT_CLIP_DIST0 + i / 4, comp = i % 4;
   for (unsigned k = 0; k < vp->num_outputs; k++) {
      const struct nvc_g80_io *io = &vp->io[vp->num_inputs + k];
      if (io->slot == slot && io->comp == comp)
         return io->word;
   }
   return -1;
}

unsigned
nv50_clip_map(const struct nvc_g80_program *vp, uint8_t *map,
              unsigned first, unsigned room, uint32_t *semantic,
              uint32_t *written)
{
   /* CLIP_DISTANCE_ENABLE's bits 0..7: GL's 8 (PIPE_MAX_CLIP_PLANES) */
   unsigned num = 0;

   *written = 0;
   for (unsigned i = 0; i < PIPE_MAX_CLIP_PLANES; i++) {
      int w = nv50_clip_word(vp, i);
      if (w < 0)
         continue;
      *written |= 1u << i;
      num = i + 1;
   }
   if (first + num > room)
      num = room > first ? room - first : 0;
   *written &= (1u << num) - 1;
   /* a distance the VP leaves out reads 0 (not clipped by; GL leaves it
    * undefined) */
   for (unsigned i = 0; i < num; i++) {
      int w = nv50_clip_word(vp, i);
      map[first + i] = w >= 0 ? w : G80_VP_RESULT_MAP_CONST_ZERO;
   }
   *semantic = G80_3D_SEMANTIC_CLIP_CLIP_START(first) |
               G80_3D_SEMANTIC_CLIP_CLIP_NUM(num);
   return num;
}

void
nv50_clip_validate(struct nv50_context *nv50)
{
   /* the rasterizer's enables (GL's GL_CLIP_DISTANCEi) of the distances
    * the VP writes: an enabled one it does not write is undefined in
    * GL, left unclipped here */
   uint32_t en = nv50->rast ? nv50->rast->pipe.clip_plane_enable : 0;
   nv50_hw_put(nv50, G80_3D_CLIP_DISTANCE_ENABLE, en & nv50->clip_written);
}
