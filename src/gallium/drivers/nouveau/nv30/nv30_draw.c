/*
 * draw_vbo: vertices are fetched by the hardware from the vertex buffers
 * (VTXBUF/VTXFMT); indices are read by the hardware from an index buffer
 * (IDXBUF_OFFSET/FORMAT, VB_INDEX_BATCH) where the chip has one
 * (nvhwdb_chip.hw_index_buffer), user memory and 8-bit indices copied
 * into one first, and written into the pushbuffer (VB_ELEMENT_*) where it
 * has none, where the CPU must change them (a base vertex without
 * VB_ELEMENT_BASE) or read them anyway (edge flags, split blending).
 *
 * Command facts (rnndb nv30-40_3d.xml): VERTEX_BEGIN_END takes the
 * primitive (nv10_begin_end) and STOP; VB_VERTEX_BATCH draws COUNT+1
 * vertices from OFFSET (COUNT is 8 bits, so up to 256 per word);
 * VB_INDEX_BATCH likewise COUNT+1 indices from index START (24 bits) of
 * the buffer at IDXBUF_OFFSET, IDXBUF_FORMAT's TYPE U16 or U32 and DMA1
 * (DMA_VTXBUF1 instead of DMA_VTXBUF0); VB_ELEMENT_U16 carries two 16-bit
 * indices per word, VB_ELEMENT_U32 one.
 */

#include <stdlib.h>

#include <nouveau.h>

#include "util/u_math.h"
#include "util/u_prim.h"
#include "util/u_upload_mgr.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"

#include "nouveau/nouveau_debug.h"
#include "nv30_context.h"
#include "nv30_funcs.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nv30_resource.h"

#define NV30_BATCH_MAX 256   /* vertices per VB_VERTEX/INDEX_BATCH word */
/* Indices VB_INDEX_BATCH's START field reaches (24 bits, hwdb) */
#define NV30_INDEX_START_MAX (NV30_3D_VB_INDEX_BATCH_START__MASK >> \
                              NV30_3D_VB_INDEX_BATCH_START__SHIFT)
/* Words per method header we write at a time (header COUNT max is 2047). */
#define NV30_DRAW_CHUNK 2047

static uint32_t
nv30_prim(enum pipe_prim_type prim)
{
   switch (prim) {
   case PIPE_PRIM_POINTS: return NV30_3D_VERTEX_BEGIN_END_POINTS;
   case PIPE_PRIM_LINES: return NV30_3D_VERTEX_BEGIN_END_LINES;
   case PIPE_PRIM_LINE_LOOP: return NV30_3D_VERTEX_BEGIN_END_LINE_LOOP;
   case PIPE_PRIM_LINE_STRIP: return NV30_3D_VERTEX_BEGIN_END_LINE_STRIP;
   case PIPE_PRIM_TRIANGLES: return NV30_3D_VERTEX_BEGIN_END_TRIANGLES;
   case PIPE_PRIM_TRIANGLE_STRIP: return NV30_3D_VERTEX_BEGIN_END_TRIANGLE_STRIP;
   case PIPE_PRIM_TRIANGLE_FAN: return NV30_3D_VERTEX_BEGIN_END_TRIANGLE_FAN;
   case PIPE_PRIM_QUADS: return NV30_3D_VERTEX_BEGIN_END_QUADS;
   case PIPE_PRIM_QUAD_STRIP: return NV30_3D_VERTEX_BEGIN_END_QUAD_STRIP;
   case PIPE_PRIM_POLYGON: return NV30_3D_VERTEX_BEGIN_END_POLYGON;
   default: return NV30_3D_VERTEX_BEGIN_END_STOP; /* not drawable */
   }
}

/* Reserves space for the state and `words` words of drawing. */
static bool
nv30_draw_begin(struct nv30_context *nv30, unsigned words)
{
   /* relocations: only state naming buffers has them */
   if (!nv30_push_begin(nv30, nv30_state_emit_words(nv30) + words,
                        (nv30->dirty & NV30_DIRTY_BUFFERS) ?
                        nv30_state_emit_relocs(nv30) : 0))
      return false;
   return nv30_state_emit(nv30);
}

/* Words of a draw's batches under one header (nv30_draw_run reserves
 * them with the rest of the draw), or 0 when they take more. */
static unsigned
nv30_draw_batch_words(unsigned count)
{
   unsigned words = DIV_ROUND_UP(count, NV30_BATCH_MAX);

   return words <= NV30_DRAW_CHUNK ? 1 + words : 0;
}

/* reserved: the caller reserved nv30_draw_batch_words(count) */
static void
nv30_draw_arrays(struct nv30_context *nv30, unsigned start, unsigned count,
                 bool reserved)
{
   while (count) {
      unsigned words = MIN2(DIV_ROUND_UP(count, NV30_BATCH_MAX), NV30_DRAW_CHUNK);

      if (!reserved && !nv30_push_begin(nv30, words + 1, 0))
         return;
      reserved = false;
      NV30_3D_MTHD_NI(nv30, NV30_3D_VB_VERTEX_BATCH, words);
      for (unsigned i = 0; i < words; i++) {
         unsigned n = MIN2(count, NV30_BATCH_MAX);
         nouveau_push_data(&nv30->push,
                           NV30_3D_VB_VERTEX_BATCH_OFFSET(start) |
                           NV30_3D_VB_VERTEX_BATCH_COUNT(n - 1));
         start += n;
         count -= n;
      }
   }
}

/* Where the chip has no VB_ELEMENT_BASE (rankine: hwdb gives it to curie
 * only) the base vertex is added here, to each index sent inline, and a
 * restart index is sent as NV30_RESTART_BIASED, which PRIMITIVE_RESTART_INDEX
 * then holds: a biased index may equal the application's restart index,
 * never 2^32-1 (no vertex buffer reaches that vertex). */
#define NV30_RESTART_BIASED UINT32_MAX

struct nv30_elements {
   /* where the hardware reads the indices (NULL: sent inline): index
    * `start` of size-byte indices at buf_offset in buf */
   struct nv30_resource *buf;
   uint32_t buf_offset;
   unsigned start;
   const void *indices;    /* the first index of the run (inline) */
   unsigned size;          /* bytes per index */
   int64_t bias;           /* added on the CPU (0: none) */
   bool restart;           /* primitive restart enabled */
   uint32_t restart_index;
};

static inline uint32_t
nv30_element(const struct nv30_elements *el, unsigned i)
{
   uint32_t idx = nv30_index(el->indices, el->size, i);

   if (!el->bias)
      return idx;
   if (el->restart && idx == el->restart_index)
      return NV30_RESTART_BIASED;
   return (uint32_t)((int64_t)idx + el->bias);
}

static void
nv30_draw_elements(struct nv30_context *nv30, const struct nv30_elements *el,
                   unsigned count)
{
   unsigned i = 0;

   if (el->size == 4 || el->bias) {
      /* biased indices need not fit 16 bits */
      while (i < count) {
         unsigned n = MIN2(count - i, NV30_DRAW_CHUNK);
         if (!nv30_push_begin(nv30, n + 1, 0))
            return;
         NV30_3D_MTHD_NI(nv30, NV30_3D_VB_ELEMENT_U32, n);
         if (!el->bias && el->size == 4) {
            nouveau_push_datap(&nv30->push, (const uint32_t *)el->indices + i, n);
         } else {
            for (unsigned k = 0; k < n; k++)
               nouveau_push_data(&nv30->push, nv30_element(el, i + k));
         }
         i += n;
      }
      return;
   }

   /* 8/16-bit: an odd one first through the 32-bit method, then pairs. */
   if (count & 1) {
      if (!nv30_push_begin(nv30, 2, 0))
         return;
      NV30_3D_1(nv30, NV30_3D_VB_ELEMENT_U32, nv30_element(el, 0));
      i = 1;
   }
   while (i < count) {
      unsigned pairs = MIN2((count - i) / 2, NV30_DRAW_CHUNK);
      if (!nv30_push_begin(nv30, pairs + 1, 0))
         return;
      NV30_3D_MTHD_NI(nv30, NV30_3D_VB_ELEMENT_U16, pairs);
      for (unsigned k = 0; k < pairs; k++, i += 2) {
         nouveau_push_data(&nv30->push,
            NV30_3D_VB_ELEMENT_U16_0(nv30_element(el, i)) |
            NV30_3D_VB_ELEMENT_U16_1(nv30_element(el, i + 1)));
      }
   }
}

/*
 * Per-vertex edge flags (GL 2.1 section 2.6.2) tell which edges polygon
 * modes LINE and POINT draw, in separate triangles, quads and polygons
 * only (every edge of strips and fans is a boundary).  No vertex array
 * feeds them: the hardware takes EDGEFLAG's value as each vertex arrives
 * (nvsim nv40_3d_vertex.c, and the facts it cites), so such a draw goes
 * in runs of vertices of the same flag, EDGEFLAG before each, read by
 * the CPU from the element st/mesa gives (nv30_vertprog::edgeflag).
 */
struct nv30_edgeflags {
   const uint8_t *data;       /* the flag of vertex 0 */
   unsigned stride;
   enum pipe_format format;
   uint64_t size;             /* bytes readable at data (user memory: all) */
};

static bool
nv30_edgeflags_setup(struct nv30_context *nv30,
                     const struct pipe_draw_info *info,
                     struct nv30_edgeflags *ef)
{
   const struct nv30_vertprog *vp = nv30->vertprog;
   const struct pipe_rasterizer_state *r =
      nv30->rast ? &nv30->rast->pipe : NULL;

   if (!vp || vp->edgeflag < 0 || !r || !nv30->vertex ||
       vp->edgeflag >= (int)nv30->vertex->num_elements)
      return false;
   if (r->fill_front == PIPE_POLYGON_MODE_FILL &&
       r->fill_back == PIPE_POLYGON_MODE_FILL)
      return false;
   if (info->mode != PIPE_PRIM_TRIANGLES && info->mode != PIPE_PRIM_QUADS &&
       info->mode != PIPE_PRIM_POLYGON)
      return false;

   const struct pipe_vertex_element *ve =
      &nv30->vertex->element[vp->edgeflag].pipe;
   const struct pipe_vertex_buffer *vb = &nv30->vtxbuf[ve->vertex_buffer_index];
   unsigned offset = vb->buffer_offset + ve->src_offset;

   if (vb->is_user_buffer) {
      if (!vb->buffer.user)
         return false;
      ef->data = (const uint8_t *)vb->buffer.user + offset;
      ef->size = UINT64_MAX;
   } else {
      if (!vb->buffer.resource || offset >= vb->buffer.resource->width0)
         return false;
      ef->data = nv30_buffer_map_read(&nv30->base, vb->buffer.resource,
                                      offset);
      if (!ef->data)
         return false;
      ef->size = vb->buffer.resource->width0 - offset;
   }
   ef->stride = vb->stride;
   ef->format = ve->src_format;
   return true;
}

/* The flag of vertex v; vertices outside the buffer keep GL's initial
 * TRUE, as a bad index must not make us read past it. */
static bool
nv30_edgeflag(const struct nv30_edgeflags *ef, int64_t v)
{
   union { float f[4]; uint32_t u[4]; } val = { .f = { 1.0f } };
   unsigned bs = util_format_get_blocksize(ef->format);

   if (v < 0 || (uint64_t)v * ef->stride + bs > ef->size)
      return true;
   util_format_unpack_rgba(ef->format, val.f, ef->data + v * ef->stride, 1);
   return util_format_is_pure_integer(ef->format) ? val.u[0] != 0
                                                  : val.f[0] != 0.0f;
}

/* Draws the vertices of one draw in runs of the same edge flag; leaves
 * EDGEFLAG as it found it, ENABLE. */
static void
nv30_draw_edgeflag_runs(struct nv30_context *nv30,
                        const struct pipe_draw_info *info,
                        const struct pipe_draw_start_count_bias *draw,
                        const uint8_t *indices,
                        const struct nv30_elements *el,
                        const struct nv30_edgeflags *ef)
{
   bool cur = true;
   unsigned i = 0;

   while (i < draw->count) {
      int flag = -1;
      unsigned k;

      /* a restart index has no flag: it joins any run */
      for (k = i; k < draw->count; k++) {
         int f;
         if (info->index_size) {
            uint32_t idx = nv30_index(indices, info->index_size,
                                      draw->start + k);
            if (info->primitive_restart && idx == info->restart_index)
               continue;
            f = nv30_edgeflag(ef, (int64_t)idx + draw->index_bias);
         } else {
            f = nv30_edgeflag(ef, (int64_t)draw->start + k);
         }
         if (flag < 0)
            flag = f;
         else if (f != flag)
            break;
      }
      if (flag >= 0 && flag != cur) {
         if (!nv30_push_begin(nv30, 2, 0))
            return;
         NV30_3D_1(nv30, NV30_3D_EDGEFLAG, flag ? NV30_3D_EDGEFLAG_ENABLE : 0);
         cur = flag;
      }
      if (info->index_size) {
         struct nv30_elements run = *el;
         run.indices = indices + (size_t)(draw->start + i) * info->index_size;
         nv30_draw_elements(nv30, &run, k - i);
      } else
         nv30_draw_arrays(nv30, draw->start + i - nv30->vtx_shift, k - i,
                          false);
      i = k;
   }
   if (!cur && nv30_push_begin(nv30, 2, 0))
      NV30_3D_1(nv30, NV30_3D_EDGEFLAG, NV30_3D_EDGEFLAG_ENABLE);
}

/* Vertices [*min, *max] that a draw uses. */
static void
nv30_draw_vertex_range(const struct pipe_draw_info *info,
                       const struct pipe_draw_start_count_bias *draw,
                       const uint8_t *indices, unsigned *min, unsigned *max)
{
   if (!info->index_size) {
      *min = draw->start;
      *max = draw->start + draw->count - 1;
      return;
   }
   int64_t lo = INT64_MAX, hi = -1;
   for (unsigned i = 0; i < draw->count; i++) {
      uint32_t idx = nv30_index(indices, info->index_size, draw->start + i);
      if (info->primitive_restart && idx == info->restart_index)
         continue;
      lo = MIN2(lo, (int64_t)idx + draw->index_bias);
      hi = MAX2(hi, (int64_t)idx + draw->index_bias);
   }
   if (hi < 0) {
      *min = 1;
      *max = 0;
      return;
   }
   *min = MAX2(lo, 0);
   *max = hi;
}

/* Copies the part of each user-memory vertex buffer a draw reads into
 * GPU memory; the draw then numbers its vertices from *min. */
static bool
nv30_draw_upload_user_vbufs(struct nv30_context *nv30, unsigned min,
                            unsigned max)
{
   struct nv30_vertex_state *vs = nv30->vertex;

   for (unsigned i = 0; vs && i < vs->num_elements; i++) {
      unsigned b = vs->element[i].pipe.vertex_buffer_index;
      const struct pipe_vertex_buffer *vb = &nv30->vtxbuf[b];
      unsigned end = 0;

      if (!vb->is_user_buffer || !vb->buffer.user || !vb->stride ||
          nv30->user_vb[b].res)
         continue;
      /* the furthest byte any element of this buffer reads */
      for (unsigned k = 0; k < vs->num_elements; k++) {
         if (vs->element[k].pipe.vertex_buffer_index == b)
            end = MAX2(end, vs->element[k].pipe.src_offset +
                            util_format_get_blocksize(vs->element[k].pipe.src_format));
      }
      u_upload_data(nv30->base.stream_uploader, 0,
                    (max - min) * vb->stride + end, 4,
                    (const uint8_t *)vb->buffer.user + vb->buffer_offset +
                    (size_t)min * vb->stride,
                    &nv30->user_vb[b].offset, &nv30->user_vb[b].res);
      if (!nv30->user_vb[b].res)
         return false;
   }
   u_upload_unmap(nv30->base.stream_uploader);
   nv30->vtx_shift = min;
   nv30->dirty |= NV30_DIRTY_VERTEX;
   return true;
}

static void
nv30_draw_release_user_vbufs(struct nv30_context *nv30)
{
   /* The submission keeps the buffers alive; we need not. */
   for (unsigned i = 0; i < PIPE_MAX_ATTRIBS; i++)
      pipe_resource_reference(&nv30->user_vb[i].res, NULL);
   nv30->vtx_shift = 0;
   nv30->dirty |= NV30_DIRTY_VERTEX;
}

/* Indices read by the hardware from el->buf, 256 a VB_INDEX_BATCH word. */
static void
nv30_draw_index_batches(struct nv30_context *nv30,
                        const struct nv30_elements *el, unsigned count,
                        bool reserved)
{
   unsigned start = el->start;

   while (count) {
      unsigned words = MIN2(DIV_ROUND_UP(count, NV30_BATCH_MAX),
                            NV30_DRAW_CHUNK);

      if (!reserved && !nv30_push_begin(nv30, words + 1, 0))
         return;
      reserved = false;
      NV30_3D_MTHD_NI(nv30, NV30_3D_VB_INDEX_BATCH, words);
      for (unsigned i = 0; i < words; i++) {
         unsigned n = MIN2(count, NV30_BATCH_MAX);
         nouveau_push_data(&nv30->push,
                           NV30_3D_VB_INDEX_BATCH_START(start) |
                           NV30_3D_VB_INDEX_BATCH_COUNT(n - 1));
         start += n;
         count -= n;
      }
   }
}

/* A per-draw method, sent only when the 3D object holds another value. */
static inline void
nv30_draw_set(struct nv30_context *nv30, enum nv30_hw_draw which,
              uint32_t mthd, uint32_t value)
{
   if ((nv30->hw_draw.known & BITFIELD_BIT(which)) &&
       nv30->hw_draw.value[which] == value)
      return;
   NV30_3D_1(nv30, mthd, value);
   nv30->hw_draw.value[which] = value;
   nv30->hw_draw.known |= BITFIELD_BIT(which);
}

/* IDXBUF_OFFSET and IDXBUF_FORMAT for el->buf, unless they hold it. */
static void
nv30_draw_set_index_buffer(struct nv30_context *nv30,
                           const struct nv30_elements *el)
{
   struct nv30_resource *res = el->buf;
   uint32_t format = el->size == 2 ? NV30_3D_IDXBUF_FORMAT_TYPE_U16 :
                                     NV30_3D_IDXBUF_FORMAT_TYPE_U32;

   if (nv30->hw_draw.idx_bo == res->bo &&
       nv30->hw_draw.idx_offset == el->buf_offset &&
       nv30->hw_draw.idx_format == format)
      return;
   nouveau_push_bin(&nv30->push, NV30_BIN_INDEX);
   NV30_3D_MTHD(nv30, NV30_3D_IDXBUF_OFFSET, 2);
   nouveau_push_reloc(&nv30->push, res->bo, el->buf_offset,
                      NOUVEAU_BO_LOW | NOUVEAU_BO_RD | res->domain, 0, 0);
   /* DMA1: the buffer is in GART, DMA_VTXBUF1's memory (init_3d) */
   nouveau_push_reloc(&nv30->push, res->bo, format,
                      NOUVEAU_BO_OR | NOUVEAU_BO_RD | res->domain,
                      0, NV30_3D_IDXBUF_FORMAT_DMA1);
   nv30->push.bin = -1;
   nv30->hw_draw.idx_bo = res->bo;
   nv30->hw_draw.idx_offset = el->buf_offset;
   nv30->hw_draw.idx_format = format;
}

/* One draw's vertices between BEGIN and END; hw_bias is VB_ELEMENT_BASE
 * where the chip has it.  The restart and base methods keep their value
 * between draws (they are 3D object state, rnndb), so only changes are
 * sent. */
static void
nv30_draw_run(struct nv30_context *nv30, uint32_t prim,
              const struct pipe_draw_info *info,
              const struct pipe_draw_start_count_bias *draw,
              const uint8_t *indices, const struct nv30_elements *el,
              int64_t hw_bias, bool edgeflags,
              const struct nv30_edgeflags *ef)
{
   bool idxbuf = info->index_size && el->buf && !edgeflags;
   /* the batches with the rest when they fit one header */
   unsigned batch = !edgeflags && (!info->index_size || el->buf) ?
                    nv30_draw_batch_words(draw->count) : 0;

   /* 16: the per-draw methods, BEGIN and END; relocations: IDXBUF_OFFSET
    * and _FORMAT */
   if (!nv30_push_begin(nv30, 16 + batch, idxbuf ? 2 : 0))
      return;
   if (nv30->chip->primitive_restart) {
      nv30_draw_set(nv30, NV30_HW_RESTART_ENABLE,
                    NV30_3D_PRIMITIVE_RESTART_ENABLE, el->restart);
      if (el->restart)
         nv30_draw_set(nv30, NV30_HW_RESTART_INDEX,
                       NV30_3D_PRIMITIVE_RESTART_INDEX,
                       el->bias ? NV30_RESTART_BIASED : el->restart_index);
   }
   /* read only by indexed draws (nvsim element(); upstream sends it
    * with indexed draws alone, fact) */
   if (nv30->chip->base_vertex && info->index_size)
      nv30_draw_set(nv30, NV30_HW_ELEMENT_BASE, NV40_3D_VB_ELEMENT_BASE,
                    hw_bias);
   if (idxbuf)
      nv30_draw_set_index_buffer(nv30, el);
   NV30_3D_1(nv30, NV30_3D_VERTEX_BEGIN_END, prim);
   if (edgeflags)
      nv30_draw_edgeflag_runs(nv30, info, draw, indices, el, ef);
   else if (info->index_size && el->buf)
      nv30_draw_index_batches(nv30, el, draw->count, batch != 0);
   else if (info->index_size)
      nv30_draw_elements(nv30, el, draw->count);
   else
      nv30_draw_arrays(nv30, draw->start - nv30->vtx_shift, draw->count,
                       batch != 0);
   if (batch || nv30_push_begin(nv30, 2, 0))
      NV30_3D_1(nv30, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
}

/* A draw with unequal RGB and alpha blend equations on a chip with one
 * (nv30_blend_split.c says why this is GL's result): the alpha pass then
 * the RGB pass, over the whole draw or primitive by primitive. */
static void
nv30_draw_split(struct nv30_context *nv30, uint32_t prim,
                const struct pipe_draw_info *info,
                const struct pipe_draw_start_count_bias *draw,
                const uint8_t *indices, const struct nv30_elements *el,
                int64_t hw_bias, bool edgeflags,
                const struct nv30_edgeflags *ef)
{
   enum nv30_split_mode mode = nv30_blend_split_mode(nv30, info->mode,
                                                     edgeflags);
   uint32_t *verts = NULL;
   enum pipe_prim_type list_prim;
   unsigned nr = 0, per = 0;

   if (mode == NV30_SPLIT_PER_PRIM) {
      verts = nv30_blend_split_primitives(nv30, info, draw, indices,
                                          &list_prim, &nr, &per);
      if (!verts)
         mode = NV30_SPLIT_INEXACT;
   }
   if (mode == NV30_SPLIT_INEXACT)
      NOUVEAU_FALLBACK("separate blend equations in two whole passes: a "
                       "primitive over another of the same draw may blend "
                       "alpha twice\n");

   if (mode != NV30_SPLIT_PER_PRIM) {
      for (unsigned pass = 0; pass < 2; pass++) {
         if (!nv30_push_begin(nv30, NV30_SPLIT_PASS_WORDS, 0))
            return;
         nv30_blend_split_pass(nv30, pass == 0);
         nv30_draw_run(nv30, prim, info, draw, indices, el, hw_bias,
                       edgeflags, ef);
      }
   } else {
      /* The list's vertex numbers are the draw's, not yet biased: the
       * bias goes on with them (VB_ELEMENT_BASE 0), one primitive, its
       * alpha pass then its RGB pass, at a time. */
      const struct pipe_draw_info list_info = {
         .index_size = 4,
         .mode = list_prim,
      };
      const int64_t cpu_bias = (info->index_size ? draw->index_bias : 0) -
                               (int64_t)nv30->vtx_shift;
      NOUVEAU_FALLBACK("separate blend equations in two passes a "
                       "primitive (%u primitives)\n", nr / per);
      for (unsigned p = 0; p < nr; p += per) {
         const struct pipe_draw_start_count_bias one = { .count = per };
         const struct nv30_elements list_el = {
            .indices = &verts[p],
            .size = 4,
            .bias = cpu_bias,
         };
         for (unsigned pass = 0; pass < 2; pass++) {
            if (!nv30_push_begin(nv30, NV30_SPLIT_PASS_WORDS, 0)) {
               free(verts);
               return;
            }
            nv30_blend_split_pass(nv30, pass == 0);
            nv30_draw_run(nv30, nv30_prim(list_prim), &list_info, &one,
                          NULL, &list_el, 0, false, NULL);
         }
      }
      free(verts);
   }
   if (nv30_push_begin(nv30, NV30_SPLIT_PASS_WORDS, 0))
      nv30_blend_split_end(nv30);
}

/* Whether the hardware may read this draw's indices from a buffer: the
 * chip has index buffers (hwdb chips.xml hw-index-buffer: not NV44_3D),
 * the CPU need not change them (a base vertex without VB_ELEMENT_BASE)
 * and START reaches every index. */
static bool
nv30_draw_hw_indices(const struct nv30_context *nv30,
                     const struct pipe_draw_info *info,
                     const struct pipe_draw_start_count_bias *draw,
                     int64_t bias, bool edgeflags)
{
   return info->index_size && nv30->chip->hw_index_buffer && !edgeflags &&
          (nv30->chip->base_vertex || !bias) &&
          (uint64_t)draw->start + draw->count <= NV30_INDEX_START_MAX + 1;
}

/* Where the hardware reads the draw's indices: the index buffer itself
 * (16 and 32 bits), or a copy in the stream uploader's memory of those
 * the draw reads (user memory; 8 bits, which the index buffer cannot
 * take, hwdb nv30_idxbuf_type, widened to 16).  The copy is referenced
 * by *ref until the draw is sent. */
static bool
nv30_draw_index_buffer(struct nv30_context *nv30,
                       const struct pipe_draw_info *info,
                       const struct pipe_draw_start_count_bias *draw,
                       const uint8_t *indices, struct nv30_elements *el,
                       struct pipe_resource **ref)
{
   if (!info->has_user_indices && info->index_size > 1 &&
       nv30_resource(info->index.resource)->bo) {
      el->buf = nv30_resource(info->index.resource);
      el->buf_offset = 0;
      el->start = draw->start;
      el->size = info->index_size;
      return true;
   }

   unsigned size = MAX2(info->index_size, 2);
   unsigned offset;
   void *dst = NULL;

   if (!indices)
      return false;
   u_upload_alloc(nv30->base.stream_uploader, 0, draw->count * size, 4,
                  &offset, ref, &dst);
   if (!*ref)
      return false;
   if (info->index_size == 1) {
      uint16_t *d16 = dst;
      for (unsigned i = 0; i < draw->count; i++)
         d16[i] = indices[draw->start + i];
   } else {
      memcpy(dst, indices + (size_t)draw->start * size,
             (size_t)draw->count * size);
   }
   u_upload_unmap(nv30->base.stream_uploader);
   el->buf = nv30_resource(*ref);
   el->buf_offset = offset;
   el->start = 0;
   el->size = size;
   return true;
}

void
nv30_draw_vbo(struct pipe_context *pipe, const struct pipe_draw_info *info,
              unsigned drawid_offset,
              const struct pipe_draw_indirect_info *indirect,
              const struct pipe_draw_start_count_bias *draws,
              unsigned num_draws)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   uint32_t prim = nv30_prim(info->mode);
   const uint8_t *indices = NULL;

   if (nv30->lost || indirect || prim == NV30_3D_VERTEX_BEGIN_END_STOP)
      return;
   if (info->instance_count != 1 || info->start_instance != 0) {
      /* instancing is not advertised */
      return;
   }
   if (!nv30_render_condition_pass(nv30))
      return;

   struct nv30_edgeflags ef;
   bool edgeflags = nv30_edgeflags_setup(nv30, info, &ef);

   nv30_shader_set_prim(nv30, info->mode);
   bool user_vbufs = false;
   for (unsigned i = 0; i < nv30->num_vtxbufs; i++)
      user_vbufs |= nv30->vtxbuf[i].is_user_buffer;

   /* The CPU reads the indices for the vertex range of user vertex
    * buffers, for edge flags and split blending, and to send or copy
    * them; an index buffer the hardware reads as it is needs none of
    * that (mapped below, when a draw turns out to need them). */
   if (info->index_size) {
      if (info->has_user_indices)
         indices = info->index.user;
      else if (user_vbufs || edgeflags || nv30_blend_split_needed(nv30) ||
               info->index_size == 1 || !nv30->chip->hw_index_buffer ||
               !nv30_resource(info->index.resource)->bo)
         indices = nv30_buffer_map_read(pipe, info->index.resource, 0);
      if (!indices && !nv30_resource(info->index.resource)->bo)
         return;   /* (mapping failed) */
   }

   for (unsigned d = 0; d < num_draws; d++) {
      const struct pipe_draw_start_count_bias *draw = &draws[d];
      struct pipe_resource *idx_copy = NULL;
      unsigned min = 0, max = 0;

      if (!draw->count)
         continue;
      if (user_vbufs) {
         nv30_draw_vertex_range(info, draw, indices, &min, &max);
         if (min > max)
            continue;
         if (!nv30_draw_upload_user_vbufs(nv30, min, max)) {
            nv30_draw_release_user_vbufs(nv30);
            return;
         }
      }

      /* indices and user vertices are numbered from vtx_shift */
      int64_t bias = info->index_size ?
                     (int64_t)draw->index_bias - nv30->vtx_shift : 0;
      struct nv30_elements el = {
         .indices = indices ? indices + (size_t)draw->start * info->index_size
                            : NULL,
         .size = info->index_size,
         .bias = nv30->chip->base_vertex ? 0 : bias,
         .restart = info->index_size && info->primitive_restart,
         .restart_index = info->restart_index,
      };
      if (nv30_draw_hw_indices(nv30, info, draw, bias, edgeflags)) {
         if (!nv30_draw_index_buffer(nv30, info, draw, indices, &el,
                                     &idx_copy)) {
            if (user_vbufs)
               nv30_draw_release_user_vbufs(nv30);
            return;
         }
      } else if (info->index_size && !indices) {
         /* inline after all (a base vertex without VB_ELEMENT_BASE, a
          * start past VB_INDEX_BATCH's) */
         indices = nv30_buffer_map_read(pipe, info->index.resource, 0);
         if (!indices)
            return;
         el.indices = indices + (size_t)draw->start * info->index_size;
      }
      nv30->draw_idx = el.buf;

      if (!nv30_state_prepare(nv30)) {
         NOUVEAU_FALLBACK("draw skipped: shaders not ready\n");
         nv30->draw_idx = NULL;
         pipe_resource_reference(&idx_copy, NULL);
         if (user_vbufs)
            nv30_draw_release_user_vbufs(nv30);
         return;
      }
      if (!nv30_draw_begin(nv30, 16)) {
         nv30->draw_idx = NULL;
         pipe_resource_reference(&idx_copy, NULL);
         if (user_vbufs)
            nv30_draw_release_user_vbufs(nv30);
         return;
      }

      if (nv30_blend_split_needed(nv30)) {
         nv30_draw_split(nv30, prim, info, draw, indices, &el, bias,
                         edgeflags, &ef);
      } else {
         nv30_draw_run(nv30, prim, info, draw, indices, &el, bias,
                       edgeflags, &ef);
      }
      nv30->draw_idx = NULL;
      /* the submission keeps the copy alive; we need not */
      pipe_resource_reference(&idx_copy, NULL);
      if (user_vbufs)
         nv30_draw_release_user_vbufs(nv30);
   }
}
