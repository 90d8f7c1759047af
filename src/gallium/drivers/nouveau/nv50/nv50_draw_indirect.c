/*
 * Indirect draws (ARB_draw_indirect, ARB_multi_draw_indirect): Tesla's
 * 3D class has no method that reads a draw's parameters from memory
 * (rnndb graph/g80_3d.xml: VERTEX_BEGIN_GL takes the primitive, the
 * counts come from VERTEX_BUFFER_FIRST/COUNT or the index stream;
 * DRAW_TFB_BYTES of G200_3D reads only a transform feedback byte count;
 * upstream's nv50 reads the parameters on the CPU too).  So the driver
 * maps the buffer (the kernel's CPU wait covers the GPU writes queued
 * before, nv50_transfer.c) and makes each record a direct draw.
 *
 * Records (GL 4.3 10.4 / ARB_draw_indirect): DrawArraysIndirectCommand
 * {count, instanceCount, first, baseInstance}, DrawElementsIndirectCommand
 * {count, instanceCount, firstIndex, baseVertex, baseInstance}, 32-bit
 * words, `stride` bytes apart.
 */

#include <stdlib.h>
#include <string.h>

#include "util/u_inlines.h"
#include "util/u_math.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"

#define NV50_ARRAYS_WORDS 4
#define NV50_ELEMENTS_WORDS 5

bool
nv50_draw_indirect(struct nv50_context *nv50, const struct pipe_draw_info *info,
                   const struct pipe_draw_indirect_info *ind)
{
   struct pipe_context *pipe = &nv50->base;
   struct pipe_transfer *tx;
   unsigned words = info->index_size ? NV50_ELEMENTS_WORDS
                                     : NV50_ARRAYS_WORDS;
   unsigned num = ind->draw_count;

   if (ind->indirect_draw_count) {
      const uint32_t *n =
         pipe_buffer_map_range(pipe, ind->indirect_draw_count,
                               ind->indirect_draw_count_offset, 4,
                               PIPE_MAP_READ, &tx);
      if (!n)
         return false;
      num = MIN2(num, *n);
      pipe_buffer_unmap(pipe, tx);
   }
   if (!num)
      return true;

   unsigned size = (num - 1) * ind->stride + words * 4;
   const uint8_t *map = pipe_buffer_map_range(pipe, ind->buffer, ind->offset,
                                              size, PIPE_MAP_READ, &tx);
   if (!map)
      return false;
   /* the records are read before the first draw: a draw does not write
    * them, and the map must not stay open across the draws' submissions */
   uint32_t (*rec)[NV50_ELEMENTS_WORDS] = malloc(num * sizeof(*rec));
   if (!rec) {
      pipe_buffer_unmap(pipe, tx);
      return false;
   }
   for (unsigned i = 0; i < num; i++)
      memcpy(rec[i], map + i * ind->stride, words * 4);
   pipe_buffer_unmap(pipe, tx);

   for (unsigned i = 0; i < num; i++) {
      struct pipe_draw_info di = *info;
      struct pipe_draw_start_count_bias d = { .count = rec[i][0] };

      di.instance_count = rec[i][1];
      di.index_bounds_valid = false;
      di.take_index_buffer_ownership = false;
      d.start = rec[i][2];
      if (info->index_size) {
         d.index_bias = (int32_t)rec[i][3];
         di.start_instance = rec[i][4];
      } else {
         di.start_instance = rec[i][3];
      }
      nv50_draw_direct(nv50, &di, &d, 1);
   }
   free(rec);
   return true;
}
