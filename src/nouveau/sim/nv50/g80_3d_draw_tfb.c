/*
 * DRAW_TFB_BYTES (G200_3D on; hwdb g80_3d.xml from rnndb graph/g80_3d.xml):
 * a draw method inside VERTEX_BEGIN_GL / VERTEX_END_GL that "Draws VB
 * vertices 0..(DRAW_TFB_BYTES-DRAW_TFB_BASE)/DRAW_TFB_STRIDE - 1" (rnndb's
 * doc), GL_ARB_transform_feedback2's glDrawTransformFeedback: the data is
 * the byte offset transform feedback reached in a buffer (upstream's
 * nv50_draw_stream_output sends the buffer's QUERY_GET STRMOUT_OFFSET
 * result there, DRAW_TFB_BASE 0 and DRAW_TFB_STRIDE the bytes a vertex
 * took), and the vertices are fetched from the vertex arrays as
 * VERTEX_BUFFER_FIRST 0 / VERTEX_BUFFER_COUNT would (g80_3d_draw.c).
 *
 * DRAW_TFB_STRIDE is MIN..MAX (rnndb: min 1, max 0xfff): outside it the
 * draw traps.  Assumptions (not documented): the division truncates (a
 * partly written vertex is not drawn); DRAW_TFB_BYTES below DRAW_TFB_BASE
 * traps rather than wrapping around to some 4 billion vertices.
 */
#include "g80_3d.h"

enum nvsim_status
g80_3d_draw_tfb_count(struct g80_3d *ctx, uint32_t bytes, uint32_t *count)
{
   uint32_t base = g80_3d_reg(ctx, G200_3D_DRAW_TFB_BASE);
   uint32_t stride = g80_3d_reg(ctx, G200_3D_DRAW_TFB_STRIDE);
   *count = 0;
   if (stride < G200_3D_DRAW_TFB_STRIDE_MIN ||
       stride > G200_3D_DRAW_TFB_STRIDE_MAX)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "DRAW_TFB_BYTES with "
                         "DRAW_TFB_STRIDE %u: rnndb allows %u..%u", stride,
                         G200_3D_DRAW_TFB_STRIDE_MIN,
                         G200_3D_DRAW_TFB_STRIDE_MAX);
   if (bytes < base)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "DRAW_TFB_BYTES %u below "
                         "DRAW_TFB_BASE %u", bytes, base);
   *count = (bytes - base) / stride;
   return NVSIM_OK;
}
