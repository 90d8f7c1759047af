/*
 * gl_VertexID of indexed draws with a base vertex on G80_3D.  GL 3.2
 * 2.8.2 (and ARB_draw_elements_base_vertex) make gl_VertexID the index
 * plus basevertex.  The VP's vertex id word (VP_GP_BUILTIN_ATTR_EN
 * VERTEX_ID) counts from VERTEX_ID_BASE, a G84_3D method (rnndb
 * graph/g80_3d.xml, variants="G84_3D-": "VERTEX_ID starts counting from
 * this value"); G80_3D has no such method, and VB_ELEMENT_BASE moves the
 * fetch only, so the id there is the bare index (upstream's nv50 sends
 * VERTEX_ID_BASE on G84 on only, and nothing on the G80).  So on G80_3D,
 * when the VP reads the id and the draw has a base vertex, the driver
 * adds the base vertex to the indices on the CPU (a 32-bit copy, through
 * the context's uploader as client indices are) and draws them with no
 * base: fetch and id both see index + basevertex.
 *
 * Restart compares the index before the base vertex is added (GL 3.1
 * 2.8): a restart entry stays one, written as 0xffffffff with
 * PRIM_RESTART_INDEX 0xffffffff (an index the arrays cannot reach: no
 * other entry + basevertex gives it, GL leaves indices past 2^32 - 1
 * undefined).
 */

#include <stdlib.h>

#include "util/u_inlines.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"

/* whether draw d needs its indices rebased on the CPU */
bool
nv50_vertexid_needs_rebase(const struct nv50_context *nv50,
                           const struct pipe_draw_info *info,
                           const struct pipe_draw_start_count_bias *d)
{
   return nv50->chip->class_3d < G84_3D_CLASS && info->index_size &&
          d->index_bias && nv50->vp && nv50->vp->valid &&
          (nv50->vp->prog.vp_builtin_en &
           G80_3D_VP_GP_BUILTIN_ATTR_EN_VERTEX_ID);
}

/* draws d with index + basevertex as its indices; false when the index
 * buffer cannot be read or memory is short */
bool
nv50_vertexid_draw_rebased(struct nv50_context *nv50,
                           const struct pipe_draw_info *info,
                           const struct pipe_draw_start_count_bias *d)
{
   struct pipe_context *pipe = &nv50->base;
   struct pipe_transfer *tx = NULL;
   const unsigned size = info->index_size;
   const uint8_t *src;
   uint32_t *idx = malloc((size_t)d->count * 4);

   if (!idx)
      return false;
   if (info->has_user_indices) {
      src = (const uint8_t *)info->index.user + (size_t)d->start * size;
   } else {
      src = pipe_buffer_map_range(pipe, info->index.resource,
                                  d->start * size, d->count * size,
                                  PIPE_MAP_READ, &tx);
      if (!src) {
         free(idx);
         return false;
      }
   }
   for (unsigned i = 0; i < d->count; i++) {
      uint32_t v = size == 1 ? src[i] :
                   size == 2 ? ((const uint16_t *)src)[i] :
                               ((const uint32_t *)src)[i];
      idx[i] = info->primitive_restart && v == info->restart_index ?
               UINT32_MAX : v + (uint32_t)d->index_bias;
   }
   if (tx)
      pipe_buffer_unmap(pipe, tx);

   struct pipe_draw_info di = *info;
   struct pipe_draw_start_count_bias dd = { .start = 0, .count = d->count };
   di.index_size = 4;
   di.has_user_indices = true;
   di.index.user = idx;
   di.index_bounds_valid = false;
   di.take_index_buffer_ownership = false;
   di.restart_index = UINT32_MAX;
   nv50_draw_direct(nv50, &di, &dd, 1);
   free(idx);
   return true;
}
