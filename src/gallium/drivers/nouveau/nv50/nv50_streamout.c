/*
 * Transform feedback on Tesla (issue 11): stream output targets, the
 * STRMOUT unit's buffers and the component map from the VP's results,
 * pause / resume, and draws of what a target holds.
 *
 * Facts (rnndb graph/g80_3d.xml through hwdb g80_3d.xml; docs/tesla.md
 * "Transform feedback", which says what nvsim models and from which
 * source; upstream's nv50 read for which methods are needed):
 * - STRMOUT_MAP byte c belongs to result map slot c (VP_RESULT_MAP):
 *   ENABLE | COMPONENT streams the slot as that component of the
 *   transform feedback vertex (hwdb g80_strmout_map_entry).  With
 *   STRMOUT_BUFFERS_CTRL INTERLEAVED, components 0..NUM_ATTRIBS(0)-1 go to
 *   buffer 0, a vertex every STRIDE bytes; with SEPARATE n buffers,
 *   buffer b holds NUM_ATTRIBS(b) components from base(b) = base(b-1) +
 *   NUM_ATTRIBS(b-1) rounded up to 4, 4 * NUM_ATTRIBS(b) bytes a vertex.
 * - G80_3D / G84_3D: STRMOUT_PARAMS_LATCH starts every buffer at its
 *   STRMOUT_ADDRESS and at most STRMOUT_PRIMITIVE_LIMIT primitives are
 *   written after it.  There is no offset the GPU keeps or reports, so
 *   the driver carries each target's offset: it latches before every
 *   draw with the address moved past what the target holds and a limit
 *   of the primitives that fit, and counts what the draw wrote on the
 *   CPU (independent primitives: GL 3.0 2.15, table 2.9).  With a GP
 *   or primitive restart the CPU knows only a bound (the program's
 *   max_vertices, not what it emitted; a restart index taken for a
 *   vertex): the driver then latches once and lets the unit go on
 *   appending while the same targets and programs hold, and before the
 *   next latch (or when the targets change) reads how many primitives
 *   were written since from the STRMOUT unit's TRANSFORM_FEEDBACK counter
 *   (QUERY_GET COUNTER, the one GL's PRIMITIVES_WRITTEN query reads,
 *   nv50_query.c) taken at the latch and again then; the second waits for
 *   the GPU.
 * - G200_3D on: STRMOUT_BUFFERS_CTRL LIMIT_MODE OFFSET, buffer b written
 *   at STRMOUT_OFFSET(b) up to STRMOUT_OFFSET_LIMIT(b); QUERY_GET
 *   STRMOUT_OFFSET (INDEX b) reports the offset reached (word 1 of the
 *   report), and writing it back into STRMOUT_OFFSET(b) resumes (rnndb:
 *   "Write result of corresponding QUERY to resume a paused transform
 *   feedback").  The report is read by the GPU itself: the method's data
 *   word is an IB entry pointing at it (dma-pusher.rst), as nv50_index.c
 *   does with indices.  DRAW_TFB_BYTES draws (BYTES - BASE) / STRIDE
 *   vertices (rnndb), its data from the same report.
 *
 * Each target keeps its own offset (the report, or the CPU count), so a
 * paused object's targets resume where they stopped whatever another
 * object wrote in between (GL 4.0 / ARB_transform_feedback2).
 */

#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_prim.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_resource.h"
#include "g80_fifo.xml.h"

struct nv50_so_target {
   struct pipe_stream_output_target pipe;
   /* G200_3D on: QUERY_GET STRMOUT_OFFSET of this target when it was
    * last unbound (GART, 16 bytes); reported: it holds the offset */
   struct nouveau_bo *report;
   bool reported;
   /* bytes written past buffer_offset as the CPU knows them (G80_3D and
    * G84_3D: the only count there is) */
   uint32_t offset;
   /* bytes a vertex took in it, for glDrawTransformFeedback */
   uint32_t stride;
};

static inline struct nv50_so_target *
nv50_so_target(struct pipe_stream_output_target *t)
{
   return (struct nv50_so_target *)t;
}

/* G200_3D on: the offset is kept and reported by the GPU */
static bool
nv50_so_offset_mode(const struct nv50_context *nv50)
{
   return nv50->chip->class_3d >= G200_3D_CLASS;
}

struct pipe_stream_output_target *
nv50_create_so_target(struct pipe_context *pipe, struct pipe_resource *res,
                      unsigned offset, unsigned size)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nv50_so_target *t = CALLOC_STRUCT(nv50_so_target);

   if (!t)
      return NULL;
   if (nv50_so_offset_mode(nv50) &&
       nouveau_bo_new(nv50->screen->base.device, NOUVEAU_BO_GART, 16,
                      G80_QUERY_REPORT_SIZE, NULL, &t->report)) {
      FREE(t);
      return NULL;
   }
   pipe_reference_init(&t->pipe.reference, 1);
   pipe_resource_reference(&t->pipe.buffer, res);
   t->pipe.context = pipe;
   t->pipe.buffer_offset = offset;
   t->pipe.buffer_size = size;
   return &t->pipe;
}

void
nv50_so_target_destroy(struct pipe_context *pipe,
                       struct pipe_stream_output_target *pt)
{
   struct nv50_so_target *t = nv50_so_target(pt);

   pipe_resource_reference(&t->pipe.buffer, NULL);
   nouveau_bo_ref(NULL, &t->report);
   FREE(t);
}

/* G200_3D on: the offset each bound target reached, into its report
 * (QUERY_GET STRMOUT_OFFSET INDEX b, word 1) */
static bool
nv50_so_save_offsets(struct nv50_context *nv50)
{
   if (!nv50->so_enabled)
      return true;
   for (unsigned b = 0; b < nv50->num_so_targets; b++) {
      struct nv50_so_target *t = nv50_so_target(nv50->so_target[b]);
      if (!t || !(nv50->so_buffers & (1u << b)))
         continue;
      if (!nv50_push_begin(nv50, 8))
         return false;
      nv50_push_ref(nv50, t->report, NOUVEAU_BO_GART | NOUVEAU_BO_WR);
      NV50_3D_MTHD(nv50, G80_3D_QUERY_ADDRESS_HIGH, 4);
      nouveau_push_data(&nv50->push, t->report->offset >> 32);
      nouveau_push_data(&nv50->push, t->report->offset);
      nouveau_push_data(&nv50->push, 0);
      nouveau_push_data(&nv50->push,
                        G80_3D_QUERY_GET_MODE_WRITE_UNK2 |
                        G80_3D_QUERY_GET_UNIT_STRMOUT |
                        G80_3D_QUERY_GET_TYPE_QUERY |
                        G200_3D_QUERY_GET_QUERY_SELECT_STRMOUT_OFFSET |
                        G200_3D_QUERY_GET_INDEX(b));
      t->reported = true;
   }
   return true;
}

/* G80_3D / G84_3D: QUERY_GET of the STRMOUT unit's TRANSFORM_FEEDBACK
 * counter (primitives written, a counter's value in word 0: nv50_query.c)
 * into report `slot` of so_counter_bo */
static bool
nv50_so_counter_get(struct nv50_context *nv50, unsigned slot)
{
   if (!nv50->so_counter_bo &&
       (nouveau_bo_new(nv50->screen->base.device, NOUVEAU_BO_GART, 16,
                       2 * G80_QUERY_REPORT_SIZE, NULL,
                       &nv50->so_counter_bo) ||
        nouveau_bo_map(nv50->so_counter_bo, 0, nv50->client))) {
      nouveau_bo_ref(NULL, &nv50->so_counter_bo);
      return false;
   }
   if (!nv50_push_begin(nv50, 8))
      return false;
   uint64_t addr = nv50->so_counter_bo->offset + slot * G80_QUERY_REPORT_SIZE;
   nv50_push_ref(nv50, nv50->so_counter_bo, NOUVEAU_BO_GART | NOUVEAU_BO_WR);
   NV50_3D_MTHD(nv50, G80_3D_QUERY_ADDRESS_HIGH, 4);
   nouveau_push_data(&nv50->push, addr >> 32);
   nouveau_push_data(&nv50->push, addr);
   nouveau_push_data(&nv50->push, 0);
   nouveau_push_data(&nv50->push,
                     G80_3D_QUERY_GET_MODE_WRITE_UNK2 |
                     G80_3D_QUERY_GET_UNIT_STRMOUT |
                     G80_3D_QUERY_GET_TYPE_COUNTER |
                     G80_3D_QUERY_GET_COUNTER_SELECT_TRANSFORM_FEEDBACK);
   return true;
}

/* G80_3D / G84_3D after inexact draws: the targets' offsets moved on by
 * what the unit wrote since the latch (report 1 less report 0) */
static void
nv50_so_resolve(struct nv50_context *nv50)
{
   if (!nv50->so_inexact)
      return;
   nv50->so_inexact = false;
   if (!nv50_so_counter_get(nv50, 1))
      return;
   nv50_kick_if_referenced(nv50, nv50->so_counter_bo);
   if (nv50->lost ||
       nouveau_bo_wait(nv50->so_counter_bo, NOUVEAU_BO_RD, nv50->client))
      return;
   const volatile uint32_t *rep = nv50->so_counter_bo->map;
   uint32_t written =
      rep[(G80_QUERY_REPORT_SIZE + G80_QUERY_REPORT_WORD0) / 4] -
      rep[G80_QUERY_REPORT_WORD0 / 4];
   for (unsigned b = 0; b < util_last_bit(nv50->so_buffers); b++) {
      struct nv50_so_target *t = nv50_so_target(nv50->so_target[b]);
      if (t)
         t->offset += written * nv50->so_draw_nv * t->stride;
   }
}

void
nv50_set_so_targets(struct pipe_context *pipe, unsigned num,
                    struct pipe_stream_output_target **targets,
                    const unsigned *offsets)
{
   struct nv50_context *nv50 = nv50_context(pipe);

   if (nv50_so_offset_mode(nv50))
      nv50_so_save_offsets(nv50);
   else
      nv50_so_resolve(nv50);
   num = MIN2(num, ARRAY_SIZE(nv50->so_target));
   for (unsigned b = 0; b < ARRAY_SIZE(nv50->so_target); b++) {
      struct pipe_stream_output_target *pt = b < num ? targets[b] : NULL;
      /* offset -1: append (resume) where the target stopped; anything
       * else starts it there (st/mesa gives 0) */
      if (pt && offsets[b] != (unsigned)-1) {
         nv50_so_target(pt)->offset = offsets[b];
         nv50_so_target(pt)->reported = false;
      }
      pipe_so_target_reference(&nv50->so_target[b], pt);
   }
   nv50->num_so_targets = num;
   nv50->dirty |= NV50_DIRTY_STRMOUT;
}

/* ------------------------------------------------------ the VP's layout */

/* gl_varying_slot of st/mesa's output register r: the r-th output the
 * shader writes, in slot order (st_translate_stream_output_info).  st
 * leaves out a gl_PointSize it adds itself (skip_pointsize_xfb), which
 * it does only without PIPE_CAP_POINT_SIZE_FIXED: the screen leaves that
 * cap at its default (1), so the NIR's outputs_written is the one st
 * counted; turning it off needs that slot skipped here. */
static int
nv50_so_varying(uint64_t outputs_written, unsigned r)
{
   u_foreach_bit64(slot, outputs_written) {
      if (r-- == 0)
         return slot;
   }
   return -1;
}

bool
nv50_so_linkage(const struct nv50_program *vp, uint8_t *map, bool *from_vp,
                unsigned *nslots, unsigned max_slots, uint8_t *so_map)
{
   const struct pipe_stream_output_info *so = &vp->so;
   const struct nvc_g80_program *p = &vp->prog;
   bool interleaved = true;
   unsigned base[PIPE_MAX_SO_BUFFERS] = {0};

   for (unsigned i = 0; i < so->num_outputs; i++)
      interleaved &= so->output[i].output_buffer == 0;
   for (unsigned b = 1; !interleaved && b < PIPE_MAX_SO_BUFFERS; b++)
      base[b] = align(base[b - 1] + so->stride[b - 1], 4);

   for (unsigned i = 0; i < so->num_outputs; i++) {
      const struct pipe_stream_output *o = &so->output[i];
      int slot = nv50_so_varying(vp->outputs_written, o->register_index);

      for (unsigned c = 0; c < o->num_components; c++) {
         unsigned comp = base[o->output_buffer] + o->dst_offset + c;
         int w = -1;
         unsigned s;

         for (unsigned k = 0; slot >= 0 && k < p->num_outputs; k++) {
            const struct nvc_g80_io *io = &p->io[p->num_inputs + k];
            if (io->slot == slot && io->comp == o->start_component + c)
               w = io->word;
         }
         /* a slot the linkage routes from this result word and that
          * streams nothing yet, else a new one (an unwritten result
          * reads 0: the slot's G80_VP_RESULT_MAP_CONST_ZERO) */
         for (s = 0; s < *nslots; s++) {
            if (w >= 0 && from_vp[s] && map[s] == w && !so_map[s])
               break;
         }
         if (s == *nslots) {
            if (s >= max_slots)
               return false;
            if (w >= 0) {
               map[s] = w;
               from_vp[s] = true;
            }
            (*nslots)++;
         }
         if (comp > G80_STRMOUT_MAP_ENTRY_COMPONENT__MASK)
            return false;
         so_map[s] = G80_STRMOUT_MAP_ENTRY_ENABLE |
                     G80_STRMOUT_MAP_ENTRY_COMPONENT(comp);
      }
   }
   return true;
}

/* ------------------------------------------------------------ draws */

/* the buffers the bound VP streams to: bit b */
static unsigned
nv50_so_vp_buffers(const struct nv50_program *vp)
{
   unsigned mask = 0;

   for (unsigned i = 0; i < vp->so.num_outputs; i++)
      mask |= 1u << vp->so.output[i].output_buffer;
   return mask;
}

/* Sends the buffers, layout and (re)start of transform feedback before
 * a draw of `prims` primitives of nv vertices (G80_3D / G84_3D: the
 * limit; prims is what the draw makes, or only a bound when !exact: with
 * a GP or with primitive restart). */
bool
nv50_so_validate(struct nv50_context *nv50, unsigned nv, unsigned prims,
                 bool exact)
{
   /* the last stage streams: the GP when one is bound (nv50_gp.c) */
   const struct nv50_program *vp = nv50->gp ? nv50->gp : nv50->vp;
   unsigned mask = nv50->num_so_targets ? nv50_so_vp_buffers(vp) : 0;
   bool offset_mode = nv50_so_offset_mode(nv50);
   bool interleaved = mask == 1 && vp->so.num_outputs;
   unsigned nbuf = util_last_bit(mask);
   uint32_t limit = ~0u;

   for (unsigned b = 0; b < nbuf; b++) {
      if (!nv50->so_target[b])
         mask = 0;   /* GL makes it an error (GL 3.0 2.15) */
   }
   nv50->so_draw_prims = 0;
   if (!mask) {
      if (!nv50_push_begin(nv50, 4))
         return false;
      nv50_hw_put(nv50, G80_3D_STRMOUT_ENABLE, 0);
      nv50->so_enabled = false;
      return true;
   }
   /* G200_3D on: nothing to do while the same targets and layout hold
    * (the GPU moves the offsets) */
   if (offset_mode && nv50->so_enabled && nv50->so_buffers == mask &&
       !(nv50->dirty & (NV50_DIRTY_STRMOUT | NV50_DIRTY_PROGRAMS)))
      return true;
   /* G80_3D / G84_3D after an inexact draw: the unit appends from the last latch
    * while the same targets, programs and primitive size hold; a new
    * latch needs the offsets the unit reached */
   if (!offset_mode && nv50->so_inexact) {
      if (nv50->so_enabled && nv50->so_buffers == mask &&
          nv50->so_draw_nv == nv &&
          !(nv50->dirty & (NV50_DIRTY_STRMOUT | NV50_DIRTY_PROGRAMS)))
         return true;
      nv50_so_resolve(nv50);
   }

   if (!nv50_push_begin(nv50, 64))
      return false;
   nv50_bin_reset(nv50, NV50_BIN_STRMOUT);
   for (unsigned b = 0; b < nbuf; b++) {
      struct nv50_so_target *t = nv50_so_target(nv50->so_target[b]);
      struct nv50_resource *res = nv50_resource(t->pipe.buffer);
      uint32_t stride = 4 * vp->so.stride[b];
      uint64_t addr = res->bo->offset + t->pipe.buffer_offset;

      t->stride = stride;
      nv50_bin_ref(nv50, NV50_BIN_STRMOUT, res->bo,
                   res->domain | NOUVEAU_BO_WR);
      if (!offset_mode) {
         uint32_t room = t->pipe.buffer_size > t->offset ?
                         t->pipe.buffer_size - t->offset : 0;
         addr += t->offset;
         if (stride)
            limit = MIN2(limit, room / (stride * nv));
      }
      NV50_3D_MTHD(nv50, G80_3D_STRMOUT_ADDRESS_HIGH(b), 3);
      nouveau_push_data(&nv50->push, addr >> 32);
      nouveau_push_data(&nv50->push, addr);
      nouveau_push_data(&nv50->push, vp->so.stride[b]);
      if (offset_mode)
         NV50_3D_1(nv50, G200_3D_STRMOUT_OFFSET_LIMIT(b),
                   t->pipe.buffer_size);
   }
   uint32_t ctrl = interleaved ?
      G80_3D_STRMOUT_BUFFERS_CTRL_INTERLEAVED |
      G80_3D_STRMOUT_BUFFERS_CTRL_STRIDE(4 * vp->so.stride[0]) :
      G80_3D_STRMOUT_BUFFERS_CTRL_SEPARATE(nbuf);
   if (offset_mode)
      ctrl |= G200_3D_STRMOUT_BUFFERS_CTRL_LIMIT_MODE_OFFSET;
   NV50_3D_1(nv50, G80_3D_STRMOUT_BUFFERS_CTRL, ctrl);

   if (offset_mode) {
      /* the offsets only when the targets were bound: a program change
       * in the middle keeps what the GPU counted */
      if (nv50->dirty & NV50_DIRTY_STRMOUT || !nv50->so_enabled) {
         for (unsigned b = 0; b < nbuf; b++) {
            struct nv50_so_target *t = nv50_so_target(nv50->so_target[b]);
            if (!t->reported) {
               NV50_3D_1(nv50, G200_3D_STRMOUT_OFFSET(b), t->offset);
               continue;
            }
            if (!nv50_push_begin_data(nv50, 4))
               return false;
            nv50_push_ref(nv50, t->report, NOUVEAU_BO_GART | NOUVEAU_BO_RD);
            NV50_3D_MTHD(nv50, G200_3D_STRMOUT_OFFSET(b), 1);
            nouveau_pushbuf_data(nv50->pushbuf, t->report,
                                 G80_QUERY_REPORT_WORD1, 4);
         }
         if (!nv50_push_begin(nv50, 8))
            return false;
         NV50_3D_1(nv50, G80_3D_STRMOUT_PARAMS_LATCH, 0);
      }
   } else {
      NV50_3D_1(nv50, G80_3D_STRMOUT_PRIMITIVE_LIMIT, limit);
      NV50_3D_1(nv50, G80_3D_STRMOUT_PARAMS_LATCH, 0);
      nv50->so_draw_prims = MIN2(prims, limit);
      nv50->so_draw_nv = nv;
      if (!exact)
         nv50->so_inexact = nv50_so_counter_get(nv50, 0);
   }
   nv50_hw_put(nv50, G80_3D_STRMOUT_ENABLE, 1);
   nv50->so_enabled = true;
   nv50->so_buffers = mask;
   nv50->dirty &= ~NV50_DIRTY_STRMOUT;
   return true;
}

/* G80_3D / G84_3D: what the draw wrote, counted on the CPU */
void
nv50_so_draw_done(struct nv50_context *nv50)
{
   if (!nv50->so_enabled || nv50_so_offset_mode(nv50) || nv50->so_inexact)
      return;
   for (unsigned b = 0; b < util_last_bit(nv50->so_buffers); b++) {
      struct nv50_so_target *t = nv50_so_target(nv50->so_target[b]);
      t->offset += nv50->so_draw_prims * nv50->so_draw_nv * t->stride;
   }
}

/* glDrawTransformFeedback: the vertices target t holds, for one draw of
 * VERTEX_BUFFER_FIRST 0 (G80_3D / G84_3D: the CPU's count) or through
 * DRAW_TFB_BYTES from its report (G200_3D on), between VERTEX_BEGIN_GL
 * and VERTEX_END_GL. */
bool
nv50_so_emit_draw_count(struct nv50_context *nv50,
                        struct pipe_stream_output_target *pt)
{
   struct nv50_so_target *t = nv50_so_target(pt);
   uint32_t stride = MAX2(t->stride, 1);

   if (!nv50_so_offset_mode(nv50)) {
      if (!nv50_push_begin(nv50, 4))
         return false;
      NV50_3D_MTHD(nv50, G80_3D_VERTEX_BUFFER_FIRST, 2);
      nouveau_push_data(&nv50->push, 0);
      nouveau_push_data(&nv50->push, t->offset / stride);
      return true;
   }
   if (stride > G200_3D_DRAW_TFB_STRIDE_MAX)
      return false;
   if (!nv50_push_begin(nv50, 8))
      return false;
   NV50_3D_1(nv50, G200_3D_DRAW_TFB_BASE, 0);
   NV50_3D_1(nv50, G200_3D_DRAW_TFB_STRIDE, stride);
   if (!t->reported) {
      NV50_3D_1(nv50, G200_3D_DRAW_TFB_BYTES, t->offset);
      return true;
   }
   if (!nv50_push_begin_data(nv50, 4))
      return false;
   nv50_push_ref(nv50, t->report, NOUVEAU_BO_GART | NOUVEAU_BO_RD);
   NV50_3D_MTHD(nv50, G200_3D_DRAW_TFB_BYTES, 1);
   nouveau_pushbuf_data(nv50->pushbuf, t->report, G80_QUERY_REPORT_WORD1, 4);
   return true;
}

/* vertices of one independent primitive the draw's type streams, and how
 * many primitives count vertices of it make (GL 3.0 table 2.9: a quad is
 * two triangles, a polygon a fan of them, as the STRMOUT unit writes
 * them: docs/tesla.md) */
void
nv50_so_prims(const struct nv50_context *nv50, enum pipe_prim_type mode,
              unsigned count, unsigned *nv, unsigned *prims)
{
   const struct nv50_program *gp = nv50->gp;

   if (!gp) {
      *nv = u_vertices_per_prim(u_reduced_prim(mode));
      *prims = u_reduced_prims_for_vertices(mode, count);
      return;
   }
   /* a GP streams its own primitives (GP_OUTPUT_PRIMITIVE_TYPE): the CPU
    * knows only their most, a strip of gp_max_vertices an input
    * primitive; PRIMITIVE_LIMIT is then right (in primitives of nv
    * vertices) but G80's count is an upper bound (README) */
   switch (gp->prog.gp_output_prim) {
   case G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_POINTS:
      *nv = 1;
      break;
   case G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_LINE_STRIP:
      *nv = 2;
      break;
   default:
      *nv = 3;
      break;
   }
   *prims = u_decomposed_prims_for_vertices(mode, count) *
            (gp->prog.gp_max_vertices >= *nv ?
             gp->prog.gp_max_vertices - *nv + 1 : 0);
}
