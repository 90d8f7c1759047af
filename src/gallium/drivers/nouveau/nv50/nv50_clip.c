/*
 * Clip and cull distances: gl_ClipDistance, gl_CullDistance
 * (ARB_cull_distance), and the user clip planes, which st/mesa turns
 * into clip-distance writes of the VP (the screen reports no
 * PIPE_CAP_CLIP_PLANES: Tesla has no plane registers, its clipper reads
 * distances among the VP's results).
 *
 * Hardware (rnndb g80_3d.xml, docs/tesla.md "Assembly, clipping"): the
 * clipper reads distance i from result-map slot SEMANTIC_CLIP CLIP_START
 * + i for i < CLIP_NUM, and uses it when CLIP_DISTANCE_ENABLE bit i is
 * set: clips by it in CLIP_DISTANCE_MODE i CLIP, or in CULL "a primitive
 * is culled if any cull distance is less than 0 for all its vertices"
 * (rnndb's doc; the field is in every Tesla class).  GL's clip and cull
 * distances share those 8 (st/mesa puts the cull distances after the
 * clip distances in one array, gl_MaxCombinedClipAndCullDistances 8).
 * The distances go into VP_RESULT_MAP after the FP's inputs: those
 * slots are not interpolated (FP_INTERPOLANT_CTRL COUNT stops before
 * them).
 */
#include "compiler/nir/nir.h"
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

uint8_t
nv50_clip_cull_mask(const struct nir_shader *nir)
{
   /* the cull distances follow the clip distances (st/mesa's
    * nir_lower_clip_cull_distance_arrays: the screen has no
    * PIPE_CAP_CULL_DISTANCE_NOCOMBINE) */
   unsigned clip = nir->info.clip_distance_array_size;
   unsigned cull = nir->info.cull_distance_array_size;

   if (clip >= PIPE_MAX_CLIP_PLANES)
      return 0;
   return BITFIELD_RANGE(clip, MIN2(cull, PIPE_MAX_CLIP_PLANES - clip));
}

void
nv50_clip_validate(struct nv50_context *nv50)
{
   /* the rasterizer's enables (GL's GL_CLIP_DISTANCEi) of the clip
    * distances the VP writes: an enabled one it does not write is
    * undefined in GL, left unclipped here; cull distances apply
    * whenever they are written (ARB_cull_distance has no enables) */
   const unsigned stride = G80_3D_CLIP_DISTANCE_MODE_1__SHIFT -
                           G80_3D_CLIP_DISTANCE_MODE_0__SHIFT;
   uint32_t en = nv50->rast ? nv50->rast->pipe.clip_plane_enable : 0;
   uint32_t cull = nv50->cull_mask & nv50->clip_written, mode = 0;

   if (!nv50_push_begin(nv50, 4))
      return;
   en = (en & ~nv50->cull_mask) | cull;
   u_foreach_bit(i, cull)
      mode |= G80_3D_CLIP_DISTANCE_MODE_0_CULL <<
              (G80_3D_CLIP_DISTANCE_MODE_0__SHIFT + i * stride);
   nv50_hw_put(nv50, G80_3D_CLIP_DISTANCE_ENABLE, en & nv50->clip_written);
   nv50_hw_put(nv50, G80_3D_CLIP_DISTANCE_MODE, mode);
}
