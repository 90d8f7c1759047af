/*
 * Draws, copies and blits.  A draw sends what changed of the programs
 * (nv50_program.c), vertex arrays (nv50_vertex.c), constant buffers
 * (nv50_cb.c), the viewports and the rasterizer / blend / depth state a plain
 * draw needs (nv50_blend.c, nv50_zsa.c, nv50_rasterizer.c), then per
 * instance VERTEX_BEGIN_GL, VERTEX_BUFFER_FIRST/COUNT (arrays) or the
 * index stream (nv50_index.c), VERTEX_END_GL (rnndb
 * graph/g80_3d.xml; upstream's nv50_vbo.c and nv50_state_validate.c read
 * for which methods a draw needs).  Copies and blits: nv50_blit.c.
 */

#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_prim.h"
#include "util/u_viewport.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_msaa.h"

static void
nv50_not_implemented(struct nv50_context *nv50, const char *what)
{
   if (!nv50->warned_draw) {
      NOUVEAU_ERR("%s: not implemented yet on Tesla (nothing drawn)\n", what);
      nv50->warned_draw = true;
   }
   util_debug_message(&nv50->debug, ERROR,
                      "nouveau nv50: %s not implemented yet (nothing drawn)",
                      what);
}

#include "nv50_resource.h"

static const uint32_t nv50_prim[] = {
   [PIPE_PRIM_POINTS] = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS,
   [PIPE_PRIM_LINES] = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINES,
   [PIPE_PRIM_LINE_LOOP] = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINE_LOOP,
   [PIPE_PRIM_LINE_STRIP] = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINE_STRIP,
   [PIPE_PRIM_TRIANGLES] = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES,
   [PIPE_PRIM_TRIANGLE_STRIP] = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP,
   [PIPE_PRIM_TRIANGLE_FAN] = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_FAN,
   [PIPE_PRIM_QUADS] = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_QUADS,
   [PIPE_PRIM_QUAD_STRIP] = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_QUAD_STRIP,
   [PIPE_PRIM_POLYGON] = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POLYGON,
   /* GL 3.2 2.6.1's primitives with adjacency, for a GP (nv50_gp.c) */
   [PIPE_PRIM_LINES_ADJACENCY] =
      G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINES_ADJACENCY,
   [PIPE_PRIM_LINE_STRIP_ADJACENCY] =
      G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINE_STRIP_ADJACENCY,
   [PIPE_PRIM_TRIANGLES_ADJACENCY] =
      G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES_ADJACENCY,
   [PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY] =
      G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP_ADJACENCY,
};

/* the viewports (blend, ZSA and rasterizer state: nv50_blend.c,
 * nv50_zsa.c, nv50_rasterizer.c) */
static_assert(G80_3D_DEPTH_RANGE_NEAR__LEN == NV50_MAX_VIEWPORTS &&
              G80_3D_VIEWPORT_TRANSLATE_X__LEN == NV50_MAX_VIEWPORTS &&
              G80_3D_SCISSOR_ENABLE__LEN == NV50_MAX_VIEWPORTS,
              "one scissor and depth range a viewport (rnndb)");

static bool
nv50_fragment_validate(struct nv50_context *nv50)
{
   if (!nv50_blend_validate(nv50) || !nv50_zsa_validate(nv50) ||
       !nv50_rasterizer_validate(nv50))
      return false;
   /* the depth range comes from the z terms, which mean another range
    * under GL_ZERO_TO_ONE (the rasterizer's clip_halfz) */
   if (nv50->rast->pipe.clip_halfz != nv50->viewport_halfz) {
      nv50->viewport_halfz = nv50->rast->pipe.clip_halfz;
      nv50->viewport_dirty = BITFIELD_MASK(NV50_MAX_VIEWPORTS);
      nv50->dirty |= NV50_DIRTY_FRAGMENT;
   }
   if (!(nv50->dirty & NV50_DIRTY_FRAGMENT))
      return true;

   /* viewport i: window = scale * ndc + translate; DEPTH_RANGE(i) the
    * range the z terms map clip z's -1..1 (0..1 under clip_halfz) onto,
    * low end first, which the depth clamp keeps to (rnndb: DEPTH_RANGE
    * "applies after" the viewport transform) */
   u_foreach_bit(i, nv50->viewport_dirty) {
      const struct pipe_viewport_state *v = &nv50->viewport[i];
      float zmin, zmax;

      if (!nv50_push_begin(nv50, 12))
         return false;
      util_viewport_zmin_zmax(v, nv50->viewport_halfz, &zmin, &zmax);
      NV50_3D_MTHD(nv50, G80_3D_VIEWPORT_SCALE_X(i), 3);
      for (unsigned c = 0; c < 3; c++)
         nouveau_push_dataf(&nv50->push, v->scale[c]);
      NV50_3D_MTHD(nv50, G80_3D_VIEWPORT_TRANSLATE_X(i), 3);
      for (unsigned c = 0; c < 3; c++)
         nouveau_push_dataf(&nv50->push, v->translate[c]);
      NV50_3D_MTHD(nv50, G80_3D_DEPTH_RANGE_NEAR(i), 2);
      nouveau_push_dataf(&nv50->push, zmin);
      nouveau_push_dataf(&nv50->push, zmax);
      nv50->viewport_dirty &= ~(1u << i);
   }
   nv50->dirty &= ~NV50_DIRTY_FRAGMENT;
   return true;
}

/* VB_ELEMENT_BASE (added to every index: GL's basevertex) and, from
 * G84_3D on, VERTEX_ID_BASE (gl_VertexID counts from it: GL 3.2 2.8.2,
 * the index plus basevertex); VB_INSTANCE_BASE (added to the element of
 * per-instance arrays: GL 4.2's baseinstance, not to gl_InstanceID).
 * Sent when they change. */
static void
nv50_draw_bases(struct nv50_context *nv50, int32_t bias, uint32_t instance)
{
   if (bias != nv50->index_bias) {
      NV50_3D_1(nv50, G80_3D_VB_ELEMENT_BASE, bias);
      if (nv50->chip->class_3d >= G84_3D_CLASS)
         NV50_3D_1(nv50, G84_3D_VERTEX_ID_BASE, bias);
      nv50->index_bias = bias;
   }
   if (instance != nv50->instance_base) {
      NV50_3D_1(nv50, G80_3D_VB_INSTANCE_BASE, instance);
      nv50->instance_base = instance;
   }
}

void
nv50_draw_init_hw(struct nv50_context *nv50)
{
   NV50_3D_1(nv50, G80_3D_VB_ELEMENT_BASE, 0);
   if (nv50->chip->class_3d >= G84_3D_CLASS)
      NV50_3D_1(nv50, G84_3D_VERTEX_ID_BASE, 0);
   NV50_3D_1(nv50, G80_3D_VB_INSTANCE_BASE, 0);
   NV50_3D_1(nv50, G80_3D_PRIM_RESTART_ENABLE, 0);
   NV50_3D_1(nv50, G80_3D_PRIM_RESTART_INDEX, 0);
   nv50->index_bias = 0;
   nv50->instance_base = 0;
   nv50->restart = false;
   nv50->restart_index = 0;
   nv50_vertex_init_hw(nv50);
}

/* One draw of info->instance_count instances: VERTEX_BEGIN_GL starts
 * instance 0, with INSTANCE_NEXT the one after the last (rnndb). */
static bool
nv50_draw_instances(struct nv50_context *nv50,
                    const struct pipe_draw_info *info,
                    const struct pipe_draw_start_count_bias *d,
                    struct pipe_stream_output_target *so_count)
{
   uint32_t prim = nv50_prim[info->mode];

   for (unsigned i = 0; i < info->instance_count; i++) {
      if (!nv50_push_begin(nv50, 8))
         return false;
      NV50_3D_1(nv50, G80_3D_VERTEX_BEGIN_GL,
                prim | (i ? G80_3D_VERTEX_BEGIN_GL_INSTANCE_NEXT : 0));
      if (so_count) {
         /* glDrawTransformFeedback (nv50_streamout.c) */
         if (!nv50_so_emit_draw_count(nv50, so_count))
            return false;
      } else if (info->index_size) {
         if (!nv50_index_emit(nv50, &nv50->index))
            return false;
      } else {
         NV50_3D_MTHD(nv50, G80_3D_VERTEX_BUFFER_FIRST, 2);
         nouveau_push_data(&nv50->push, d->start);
         nouveau_push_data(&nv50->push, d->count);
      }
      if (!nv50_push_begin(nv50, 4))
         return false;
      NV50_3D_1(nv50, G80_3D_VERTEX_END_GL, 0);
   }
   return true;
}

static void
nv50_draw(struct nv50_context *nv50, const struct pipe_draw_info *info,
          const struct pipe_draw_start_count_bias *draws,
          unsigned num_draws, struct pipe_stream_output_target *so_count)
{
   unsigned so_nv = 1, so_prims = 0;

   if (!nv50_push_begin(nv50, 2048))
      return;
   nv50_emit_framebuffer(nv50);
   if (!nv50_program_validate(nv50) || !nv50_vertex_validate(nv50) ||
       !nv50_fragment_validate(nv50) || !nv50_cb_validate(nv50) ||
       !nv50_tex_validate(nv50)) {
      nv50_not_implemented(nv50, "draw with this state");
      return;
   }
   nv50_clip_validate(nv50);
   /* the vertex fetch caches array bytes: after CPU writes to a buffer
    * (nv50_transfer.c) they are dropped before the next fetch (rnndb
    * g80_3d.xml VERTEX_ARRAY_FLUSH: "Flushes VBO caches"; upstream sends
    * it before a draw after writes to bound vertex buffers) */
   if (nv50->vertex_flush) {
      NV50_3D_1(nv50, G80_3D_VERTEX_ARRAY_FLUSH, 0);
      nv50->vertex_flush = false;
   }
   /* transform feedback: G80_3D's limit needs the primitives the draw
    * makes (glDrawTransformFeedback: one draw, of the target's count) */
   for (unsigned i = 0; i < num_draws; i++) {
      unsigned prims;
      nv50_so_prims(nv50, info->mode, draws[i].count, &so_nv, &prims);
      so_prims += prims * info->instance_count;
   }
   if (so_count)
      num_draws = 1;
   if (!nv50_so_validate(nv50, so_nv, so_prims,
                         !nv50->gp && !(info->index_size &&
                                        info->primitive_restart)))
      return;
   nv50_linkage_validate(nv50, info->mode);
   nv50_ms_validate(nv50);
   for (unsigned i = 0; i < num_draws; i++) {
      const struct pipe_draw_start_count_bias *d = &draws[i];

      if ((!d->count && !so_count) || !info->instance_count)
         continue;
      if (info->index_size && !nv50_index_bind(nv50, info, d, &nv50->index)) {
         nv50_not_implemented(nv50, "indexed draw of this index size");
         return;
      }
      if (!nv50_push_begin(nv50, 16))
         return;
      nv50_draw_bases(nv50, info->index_size ? d->index_bias : 0,
                      info->start_instance);
      /* restart applies to indexed draws (GL 3.1 2.8) */
      nv50_index_restart(nv50, info->index_size && info->primitive_restart,
                         info->restart_index);
      if (!nv50_draw_instances(nv50, info, d, so_count))
         return;
   }
   nv50_so_draw_done(nv50);
}

void
nv50_draw_direct(struct nv50_context *nv50, const struct pipe_draw_info *info,
                 const struct pipe_draw_start_count_bias *draws,
                 unsigned num_draws)
{
   /* G80_3D: a draw whose VP reads gl_VertexID with a base vertex has
    * its indices rebased on the CPU (nv50_vertexid.c) */
   unsigned i = 0;
   while (i < num_draws) {
      if (!nv50_vertexid_needs_rebase(nv50, info, &draws[i])) {
         i++;
         continue;
      }
      if (i)
         nv50_draw(nv50, info, draws, i, NULL);
      if (!nv50_vertexid_draw_rebased(nv50, info, &draws[i]))
         nv50_not_implemented(nv50, "gl_VertexID with a base vertex "
                                    "(indices not readable)");
      draws += i + 1;
      num_draws -= i + 1;
      i = 0;
   }
   if (num_draws)
      nv50_draw(nv50, info, draws, num_draws, NULL);
}

void
nv50_draw_vbo(struct pipe_context *pipe, const struct pipe_draw_info *info,
              unsigned drawid_offset,
              const struct pipe_draw_indirect_info *indirect,
              const struct pipe_draw_start_count_bias *draws,
              unsigned num_draws)
{
   struct nv50_context *nv50 = nv50_context(pipe);

   struct pipe_stream_output_target *so_count =
      indirect ? indirect->count_from_stream_output : NULL;

   if (info->mode >= ARRAY_SIZE(nv50_prim) ||
       (indirect && !so_count && !indirect->buffer))
      nv50_not_implemented(nv50, "draw of this kind");
   else if (!nv50_render_condition_pass(nv50, true))
      ;
   else if (indirect && indirect->buffer) {
      /* parameters from a buffer, read on the CPU (nv50_draw_indirect.c) */
      if (!nv50_draw_indirect(nv50, info, indirect))
         nv50_not_implemented(nv50, "indirect draw (buffer not readable)");
   } else if (so_count)
      nv50_draw(nv50, info, draws, num_draws, so_count);
   else
      nv50_draw_direct(nv50, info, draws, num_draws);
   /* the caller's reference is ours to drop (p_state.h) */
   if (info->index_size && !info->has_user_indices &&
       info->take_index_buffer_ownership) {
      struct pipe_resource *r = info->index.resource;
      pipe_resource_reference(&r, NULL);
   }
}

