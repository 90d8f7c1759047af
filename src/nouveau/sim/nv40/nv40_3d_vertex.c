/*
 * Vertex fetch and primitive assembly.
 *
 * Facts (rnndb graph/nv30-40_3d.xml; upstream nv30_vbo.c, nv30_push.c):
 * - attribute i comes from VTXBUF(i) (OFFSET in DMA_VTXBUF0, or
 *   DMA_VTXBUF1 when the DMA1 bit is set) with VTXFMT(i) (TYPE, SIZE in
 *   components, STRIDE in bytes); SIZE 0 disables the array and the
 *   attribute keeps its current value (VTX_ATTR_* methods);
 * - VB_VERTEX_BATCH: first vertex in bits 0-23, count - 1 in bits 24-31;
 *   VB_INDEX_BATCH: the same over the index buffer at IDXBUF_OFFSET
 *   (IDXBUF_FORMAT: DMA1 bit, TYPE U16/U32);
 * - VB_ELEMENT_U16 carries two indices, the low half first;
 *   VB_ELEMENT_U32 one; VB_ELEMENT_BASE is added to indices (NV40);
 * - VERTEX_DATA takes the enabled attributes of a vertex, in attribute
 *   order, each rounded up to whole words;
 * - PRIMITIVE_RESTART_ENABLE/INDEX: an index equal to the restart index
 *   starts a new primitive (nv30_push.c sends it with VB_ELEMENT_U32).
 * Primitive decomposition and provoking vertices follow GL 2.1 section
 * 2.6.1 and table 2.12 (last vertex; the polygon's first), and
 * ARB_provoking_vertex for FLATSHADE_FIRST.
 *
 * The vertex cache.  Documented: curie has a VTX_CACHE_INVALIDATE method
 * (rnndb nv30-40_3d.xml, 0x1714, name only), and upstream Mesa writes 0
 * to 0x1710 (its "VTX_CACHE_INVALIDATE_1710", on rankine and curie)
 * before a draw when vertex buffer memory was written since the last one
 * (nv30_vbo.c vbo_dirty, nouveau_buffer.c): vertex data is cached after
 * the fetch from memory, and the cache does not see memory change under
 * it.  Assumed: both methods invalidate every line, whatever their data;
 * nothing else (draws, new VTXBUF/VTXFMT values, submissions, the CPU)
 * does; only array fetches (VB_VERTEX_BATCH, VB_ELEMENT_*, index batches)
 * go through it, not the index buffer, VERTEX_DATA nor VTX_ATTR_*; the
 * organisation is ours - 256 direct-mapped lines of 32 bytes (8 KiB)
 * tagged by aperture and address, filled whole on a miss, so that a small
 * vertex buffer stays stale until the next invalidate and a large one
 * partly.  A line that is not all inside the DMA object and one buffer
 * is read from memory uncached.  One cache per 3D object: whether a
 * channel switch flushes the hardware's is not documented.
 */
#include <math.h>
#include <string.h>

#include "nv40_3d.h"
#include "nvsim_raster_math.h"

/* ---- constant attributes ---- */

static void
set_attr(struct nv40_3d *ctx, unsigned a, unsigned comp, float v)
{
   ctx->attr[a][comp] = v;
}


/* VTX_ATTR_{1F,2F,3F,4F,2I,4I,4UB,3I}: the method that writes the last
 * component completes the attribute (GL's glVertexAttrib semantics: the
 * components not given become 0, 0, 1).  *completed is the attribute
 * completed by this method, -1 if none. */
bool
nv40_3d_attr_method(struct nv40_3d *ctx, uint32_t mthd, uint32_t data,
                    enum nvsim_status *st, int *completed)
{
   unsigned a, c;
   *st = NVSIM_OK;
   *completed = -1;

#define IN_ARRAY(first, n, esize) \
   (mthd >= (first) && mthd < (first) + (n) * (esize))

   if (IN_ARRAY(NV30_3D_VTX_ATTR_4F_X(0), NV30_3D_VTX_ATTR_4F__LEN, 16)) {
      a = (mthd - NV30_3D_VTX_ATTR_4F_X(0)) / 16;
      c = (mthd / 4) % 4;
      set_attr(ctx, a, c, nvsim_u2f(data));
      if (c == 3)
         *completed = a;
      return true;
   }
   if (IN_ARRAY(NV30_3D_VTX_ATTR_3F_X(0), NV30_3D_VTX_ATTR_3F__LEN, 16)) {
      a = (mthd - NV30_3D_VTX_ATTR_3F_X(0)) / 16;
      c = (mthd / 4) % 4;
      if (c < 3) {
         set_attr(ctx, a, c, nvsim_u2f(data));
         if (c == 2) {
            set_attr(ctx, a, 3, 1.0f);
            *completed = a;
         }
      }
      return true;
   }
   if (IN_ARRAY(NV30_3D_VTX_ATTR_2F_X(0), NV30_3D_VTX_ATTR_2F__LEN, 8)) {
      a = (mthd - NV30_3D_VTX_ATTR_2F_X(0)) / 8;
      c = (mthd / 4) % 2;
      set_attr(ctx, a, c, nvsim_u2f(data));
      if (c == 1) {
         set_attr(ctx, a, 2, 0.0f);
         set_attr(ctx, a, 3, 1.0f);
         *completed = a;
      }
      return true;
   }
   if (IN_ARRAY(NV30_3D_VTX_ATTR_1F(0), NV30_3D_VTX_ATTR_1F__LEN, 4)) {
      a = (mthd - NV30_3D_VTX_ATTR_1F(0)) / 4;
      set_attr(ctx, a, 0, nvsim_u2f(data));
      set_attr(ctx, a, 1, 0.0f);
      set_attr(ctx, a, 2, 0.0f);
      set_attr(ctx, a, 3, 1.0f);
      *completed = a;
      return true;
   }
   if (IN_ARRAY(NV30_3D_VTX_ATTR_4UB(0), NV30_3D_VTX_ATTR_4UB__LEN, 4)) {
      /* normalized like glVertexAttrib4Nub */
      a = (mthd - NV30_3D_VTX_ATTR_4UB(0)) / 4;
      set_attr(ctx, a, 0, NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_4UB_X) / 255.0f);
      set_attr(ctx, a, 1, NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_4UB_Y) / 255.0f);
      set_attr(ctx, a, 2, NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_4UB_Z) / 255.0f);
      set_attr(ctx, a, 3, NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_4UB_W) / 255.0f);
      *completed = a;
      return true;
   }
   if (IN_ARRAY(NV30_3D_VTX_ATTR_2I(0), NV30_3D_VTX_ATTR_2I__LEN, 4)) {
      a = (mthd - NV30_3D_VTX_ATTR_2I(0)) / 4;
      set_attr(ctx, a, 0,
               (int16_t)NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_2I_X));
      set_attr(ctx, a, 1,
               (int16_t)NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_2I_Y));
      set_attr(ctx, a, 2, 0.0f);
      set_attr(ctx, a, 3, 1.0f);
      *completed = a;
      return true;
   }
   if (IN_ARRAY(NV30_3D_VTX_ATTR_4I_XY(0), NV30_3D_VTX_ATTR_4I__LEN, 8)) {
      a = (mthd - NV30_3D_VTX_ATTR_4I_XY(0)) / 8;
      c = ((mthd / 4) % 2) * 2;
      /* ZW holds Z and W at the bits of XY's X and Y */
      set_attr(ctx, a, c,
               (int16_t)NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_4I_XY_X));
      set_attr(ctx, a, c + 1,
               (int16_t)NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_4I_XY_Y));
      if (c == 2)
         *completed = a;
      return true;
   }
   if (IN_ARRAY(NV30_3D_VTX_ATTR_3I_XY(0), NV30_3D_VTX_ATTR_3I_XY__LEN, 8)) {
      a = (mthd - NV30_3D_VTX_ATTR_3I_XY(0)) / 8;
      if ((mthd / 4) % 2 == 0) {
         set_attr(ctx, a, 0,
                  (int16_t)NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_3I_XY_X));
         set_attr(ctx, a, 1,
                  (int16_t)NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_3I_XY_Y));
      } else {
         set_attr(ctx, a, 2,
                  (int16_t)NV40_3D_FIELD(data, NV30_3D_VTX_ATTR_3I_Z_Z));
         set_attr(ctx, a, 3, 1.0f);
         *completed = a;
      }
      return true;
   }
#undef IN_ARRAY
   return false;
}

/* ---- reading attribute arrays ---- */

/* Bytes per component of a VTXFMT type; 0 for an unknown type. */
static unsigned
type_size(uint32_t type)
{
   switch (type) {
   case NV30_3D_VTXFMT_TYPE_B8G8R8A8_UNORM:
   case NV30_3D_VTXFMT_TYPE_U8_UNORM:
   case NV30_3D_VTXFMT_TYPE_U8_USCALED:
      return 1;
   case NV30_3D_VTXFMT_TYPE_V16_SNORM:
   case NV30_3D_VTXFMT_TYPE_V16_SSCALED:
   case NV30_3D_VTXFMT_TYPE_V16_FLOAT:
      return 2;
   case NV30_3D_VTXFMT_TYPE_V32_FLOAT:
      return 4;
   default:
      return 0;
   }
}

/* Converts `size` components at p (type) into out (rest 0, 0, 0, 1). */
static void
decode_attr(uint32_t type, unsigned size, const uint8_t *p, float out[4])
{
   out[0] = out[1] = out[2] = 0.0f;
   out[3] = 1.0f;
   for (unsigned c = 0; c < size && c < 4; c++) {
      switch (type) {
      case NV30_3D_VTXFMT_TYPE_V32_FLOAT:
         memcpy(&out[c], p + 4 * c, 4);
         break;
      case NV30_3D_VTXFMT_TYPE_V16_FLOAT: {
         uint16_t h;
         memcpy(&h, p + 2 * c, 2);
         out[c] = nvsim_raster_half_to_float(h);
         break;
      }
      case NV30_3D_VTXFMT_TYPE_V16_SNORM: {
         int16_t s;
         memcpy(&s, p + 2 * c, 2);
         out[c] = nvsim_maxf(s / 32767.0f, -1.0f);
         break;
      }
      case NV30_3D_VTXFMT_TYPE_V16_SSCALED: {
         int16_t s;
         memcpy(&s, p + 2 * c, 2);
         out[c] = s;
         break;
      }
      case NV30_3D_VTXFMT_TYPE_U8_UNORM:
         out[c] = p[c] / 255.0f;
         break;
      case NV30_3D_VTXFMT_TYPE_U8_USCALED:
         out[c] = p[c];
         break;
      case NV30_3D_VTXFMT_TYPE_B8G8R8A8_UNORM: {
         /* bytes B, G, R, A in memory (D3DCOLOR) */
         static const uint8_t src[4] = { 2, 1, 0, 3 };
         out[c] = p[src[c]] / 255.0f;
         break;
      }
      }
   }
}

/* Pointer to [off, off+len) of dma through the window cache. */
static const uint8_t *
window_ptr(struct nv40_3d_window *w, struct nvsim_object *dma, uint64_t off,
           uint64_t len)
{
   if (w->ptr && w->dma == dma && off >= w->start &&
       off + len <= w->start + w->len)
      return w->ptr + (off - w->start);
   /* map as much as possible (up to 1 MiB) from off */
   for (uint64_t try = 1 << 20; try >= len && try > 0; try /= 2) {
      const uint8_t *p = nvsim_dma_ptr(dma, off, try);
      if (p) {
         w->dma = dma;
         w->start = off;
         w->len = try;
         w->ptr = p;
         return p;
      }
   }
   const uint8_t *p = nvsim_dma_ptr(dma, off, len);
   if (p) {
      w->dma = dma;
      w->start = off;
      w->len = len;
      w->ptr = p;
   }
   return p;
}


/* ---- the vertex cache ---- */

void
nv40_3d_vtx_cache_invalidate(struct nv40_3d *ctx)
{
   memset(ctx->vtx_cache.tag, 0, sizeof(ctx->vtx_cache.tag));
}

/* The cached copy of the line at aperture address `line_addr` of the
 * domain, filled from host memory `src` (the line's first byte) on a
 * miss. */
static const uint8_t *
vtx_cache_line(struct nv40_3d_vtx_cache *c, enum nvsim_domain domain,
               uint64_t line_addr, const uint8_t *src)
{
   uint64_t line = line_addr / NV40_3D_VTX_CACHE_LINE;
   uint64_t tag = 1 + line * 2 + (domain == NVSIM_DOMAIN_GART);
   unsigned i = (unsigned)(line ^ (line >> 8)) % NV40_3D_VTX_CACHE_LINES;

   if (c->tag[i] != tag) {
      memcpy(c->data[i], src, NV40_3D_VTX_CACHE_LINE);
      c->tag[i] = tag;
   }
   return c->data[i];
}

/* The len bytes at off of dma as the vertex fetch sees them, through the
 * cache (in the cache's line, or copied into buf); NULL if some byte is
 * outside the DMA object or every buffer. */
static const uint8_t *
vtx_read(struct nv40_3d *ctx, struct nv40_3d_window *w,
         struct nvsim_object *dma, uint64_t off, unsigned len, uint8_t *buf)
{
   unsigned in = (unsigned)((dma->dma_base + off) % NV40_3D_VTX_CACHE_LINE);

   /* the common case: the bytes are in one line, all of it inside the
    * DMA object and one buffer */
   if (in + len <= NV40_3D_VTX_CACHE_LINE && off >= in) {
      const uint8_t *src = window_ptr(w, dma, off - in, NV40_3D_VTX_CACHE_LINE);
      if (src)
         return vtx_cache_line(&ctx->vtx_cache, dma->dma_domain,
                               dma->dma_base + off - in, src) + in;
   }
   /* the fault does not depend on the cache */
   if (!window_ptr(w, dma, off, len))
      return NULL;
   for (unsigned done = 0; done < len;) {
      uint64_t addr = dma->dma_base + off + done;
      uint64_t line_addr = addr & ~(uint64_t)(NV40_3D_VTX_CACHE_LINE - 1);
      unsigned in = (unsigned)(addr - line_addr);
      unsigned n = len - done;
      const uint8_t *src = NULL;

      if (n > NV40_3D_VTX_CACHE_LINE - in)
         n = NV40_3D_VTX_CACHE_LINE - in;
      if (line_addr >= dma->dma_base)
         src = window_ptr(w, dma, line_addr - dma->dma_base,
                          NV40_3D_VTX_CACHE_LINE);
      if (src)
         src = vtx_cache_line(&ctx->vtx_cache, dma->dma_domain, line_addr,
                              src) + in;
      else
         src = window_ptr(w, dma, off + done, n);
      if (!src)
         return NULL;
      memcpy(buf + done, src, n);
      done += n;
   }
   return buf;
}

/* Fetches the attributes of vertex `index` into in[]. */
static enum nvsim_status
fetch_vertex(struct nv40_3d *ctx, uint32_t index, float (*in)[4])
{
   for (unsigned a = 0; a < NV40_3D_VP_INPUTS; a++) {
      uint32_t fmt = nv40_3d_reg(ctx, NV30_3D_VTXFMT(a));
      unsigned size = NV40_3D_FIELD(fmt, NV30_3D_VTXFMT_SIZE);
      if (!size) {
         memcpy(in[a], ctx->attr[a], sizeof(in[a]));
         continue;
      }
      uint32_t type = NV40_3D_FIELD(fmt, NV30_3D_VTXFMT_TYPE);
      unsigned csize = type_size(type);
      if (!csize)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "VTXFMT(%u): unknown type %u", a, type);
      if (size > 4)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "VTXFMT(%u): %u components", a, size);
      uint32_t vb = nv40_3d_reg(ctx, NV30_3D_VTXBUF(a));
      uint64_t off = NV40_3D_FIELD(vb, NV30_3D_VTXBUF_OFFSET) +
                     (uint64_t)index * NV40_3D_FIELD(fmt, NV30_3D_VTXFMT_STRIDE);
      struct nvsim_object *dma = ctx->vtx_dma[(vb & NV30_3D_VTXBUF_DMA1) ? 1 : 0];
      if (!dma || !dma->is_dma)
         return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                             "vertex buffer %u: no DMA object bound", a);
      uint8_t bytes[4 * 4];   /* SIZE <= 4 components of <= 4 bytes */
      const uint8_t *p = vtx_read(ctx, &ctx->vb_window[a], dma, off,
                                  size * csize, bytes);
      if (!p)
         return nv40_3d_fail(ctx, NVSIM_DMA_ERROR,
                             "vertex %u of buffer %u (offset 0x%llx) is "
                             "outside its DMA object or buffer", index, a,
                             (unsigned long long)off);
      decode_attr(type, size, p, in[a]);
   }
   return NVSIM_OK;
}

/* ---- vertex program and assembly ---- */


/* The polygon's last triangle, whose edge back to the first vertex is
 * the closing edge when `last` says so. */
static void
polygon_flush(struct nv40_3d *ctx, bool last)
{
   if (!ctx->poly_pending)
      return;
   unsigned edges = ctx->poly_edges;
   if (last && ctx->pv[1].edge)
      edges |= 1u << 2;
   /* GL: vertex 1 of the polygon is the provoking one */
   nv40_3d_draw_triangle(ctx, &ctx->first, &ctx->pv[2], &ctx->pv[1],
                         &ctx->first, edges);
   ctx->poly_pending = false;
}

static void
restart(struct nv40_3d *ctx)
{
   if (ctx->prim == NV30_3D_VERTEX_BEGIN_END_POLYGON)
      polygon_flush(ctx, true);
   if (ctx->prim == NV30_3D_VERTEX_BEGIN_END_LINE_LOOP && ctx->prim_count >= 2) {
      bool first_conv = nv40_3d_reg(ctx, NV30_3D_FLATSHADE_FIRST);
      /* the closing segment: last to first */
      nv40_3d_draw_line(ctx, &ctx->pv[0], &ctx->first,
                        first_conv ? &ctx->pv[0] : &ctx->first);
   }
   ctx->prim_count = 0;
}

/*
 * Feeds one transformed vertex to the primitive being assembled.
 *
 * Boundary edges (GL 2.1 section 2.6.2), which polygon modes LINE and
 * POINT draw: every edge of a strip's or fan's triangles, the four of a
 * strip's quads; of separate triangles, quads and polygons those begun
 * by a vertex whose edge flag is set, never the diagonals they are cut
 * along.  The edge flag is EDGEFLAG's ENABLE as the vertex arrives
 * (rnndb nv30-40_3d.xml EDGEFLAG 0x145c; its NV10/NV20 namesakes sit
 * among the per-vertex attribute methods, nv10_3d.xml / nv20_3d.xml;
 * upstream's nvc0 driver changes EDGEFLAG between VB_ELEMENT_U32 and
 * VERTEX_BUFFER_FIRST runs inside a begin/end, nvc0_vbo_translate.c,
 * fact).  Assumed: curie latches it the same way, per vertex and
 * however the vertex came (arrays, elements, VERTEX_DATA, attributes).
 */
static void
assemble(struct nv40_3d *ctx, const struct nv40_3d_vertex *vtx)
{
   /* the render condition failed at VERTEX_BEGIN_END: nothing is drawn */
   if (ctx->cond_discard)
      return;
   unsigned n = ctx->prim_count++;
   bool first_conv = nv40_3d_reg(ctx, NV30_3D_FLATSHADE_FIRST);
   struct nv40_3d_vertex *pv = ctx->pv;
   /* a copy: cached vertices are shared, edge flags are not */
   struct nv40_3d_vertex cur = *vtx;
   const struct nv40_3d_vertex *v = &cur;
   cur.edge = nv40_3d_reg(ctx, NV30_3D_EDGEFLAG) & NV30_3D_EDGEFLAG_ENABLE;

   switch (ctx->prim) {
   case NV30_3D_VERTEX_BEGIN_END_POINTS:
      nv40_3d_draw_point(ctx, v);
      break;
   case NV30_3D_VERTEX_BEGIN_END_LINES:
      if (n % 2 == 0) {
         pv[0] = *v;
         ctx->rs.line_stipple_counter = 0;   /* each line restarts */
      }
      else
         nv40_3d_draw_line(ctx, &pv[0], v, first_conv ? &pv[0] : v);
      break;
   case NV30_3D_VERTEX_BEGIN_END_LINE_LOOP:
   case NV30_3D_VERTEX_BEGIN_END_LINE_STRIP:
      if (n == 0) {
         ctx->first = *v;
         ctx->rs.line_stipple_counter = 0;   /* a strip runs on */
      }
      else
         nv40_3d_draw_line(ctx, &pv[0], v, first_conv ? &pv[0] : v);
      pv[0] = *v;
      break;
   case NV30_3D_VERTEX_BEGIN_END_TRIANGLES:
      if (n % 3 < 2) {
         pv[n % 3] = *v;
      } else {
         nv40_3d_draw_triangle(ctx, &pv[0], &pv[1], v,
                               first_conv ? &pv[0] : v,
                               pv[0].edge | pv[1].edge << 1 | v->edge << 2);
      }
      break;
   case NV30_3D_VERTEX_BEGIN_END_TRIANGLE_STRIP:
      if (n >= 2) {
         /* triangle i: (i, i+1, i+2), odd ones (i+1, i, i+2) */
         if (n % 2 == 0)
            nv40_3d_draw_triangle(ctx, &pv[0], &pv[1], v,
                                  first_conv ? &pv[0] : v,
                                  NV40_3D_EDGES_ALL);
         else
            nv40_3d_draw_triangle(ctx, &pv[1], &pv[0], v,
                                  first_conv ? &pv[0] : v,
                                  NV40_3D_EDGES_ALL);
         pv[0] = pv[1];
         pv[1] = *v;
      } else {
         pv[n] = *v;
      }
      break;
   case NV30_3D_VERTEX_BEGIN_END_TRIANGLE_FAN:
      if (n == 0) {
         ctx->first = *v;
      } else {
         if (n >= 2)
            nv40_3d_draw_triangle(ctx, &ctx->first, &pv[1], v,
                                  first_conv ? &pv[1] : v,
                                  NV40_3D_EDGES_ALL);
         pv[1] = *v;
      }
      break;
   case NV30_3D_VERTEX_BEGIN_END_POLYGON:
      /* a fan around the first vertex: its first triangle has the
       * polygon's first edge, each has one of the sides, the last one
       * the closing edge (polygon_flush) */
      if (n == 0) {
         ctx->first = *v;
      } else {
         if (n >= 2) {
            polygon_flush(ctx, false);
            pv[2] = pv[1];
            ctx->poly_edges = (n == 2 && ctx->first.edge) | pv[2].edge << 1;
            ctx->poly_pending = true;
         }
         pv[1] = *v;
      }
      break;
   case NV30_3D_VERTEX_BEGIN_END_QUADS:
      /* quads split along v0-v2, quad strips along v1-v2: how NVIDIA's
       * hardware tessellates them (xemu's NV2A primitive rewriter,
       * prim_rewrite.c: "v0-v2 diagonal: matches hardware quad
       * tessellation", "v1-v2 diagonal: matches hardware quad strip
       * tessellation"); GL leaves the split of a non-planar quad to the
       * implementation (llvmpipe takes v1-v3 for quads) */
      if (n % 4 < 3) {
         pv[n % 4] = *v;
      } else {
         /* boundary: 0-1, 1-2 and 2-3, 3-0 */
         const struct nv40_3d_vertex *flat = first_conv ? &pv[0] : v;
         nv40_3d_draw_triangle(ctx, &pv[0], &pv[1], &pv[2], flat,
                               pv[0].edge | pv[1].edge << 1);
         nv40_3d_draw_triangle(ctx, &pv[0], &pv[2], v, flat,
                               pv[2].edge << 1 | v->edge << 2);
      }
      break;
   case NV30_3D_VERTEX_BEGIN_END_QUAD_STRIP:
      /* quad i: vertices 2i, 2i+1, 2i+3, 2i+2 in order around */
      if (n < 3) {
         pv[n] = *v;
      } else if (n % 2 == 0) {
         pv[2] = *v;
      } else {
         const struct nv40_3d_vertex *flat = first_conv ? &pv[0] : v;
         /* 2i, 2i+1, 2i+2 and 2i+2, 2i+1, 2i+3: the v1-v2 diagonal */
         /* boundary: 2i-(2i+1), (2i+2)-2i and (2i+1)-(2i+3),
          * (2i+3)-(2i+2); edge flags do not apply to strips */
         nv40_3d_draw_triangle(ctx, &pv[0], &pv[1], &pv[2], flat, 0x5);
         nv40_3d_draw_triangle(ctx, &pv[2], &pv[1], v, flat, 0x6);
         pv[0] = pv[2];
         pv[1] = *v;
      }
      break;
   default:
      break;
   }
}

/* Transforms vertex `index` (fetching from the arrays) and assembles it. */
static enum nvsim_status
do_index(struct nv40_3d *ctx, uint32_t index, bool cache)
{
   struct nv40_3d_vertex tmp;
   const struct nv40_3d_vertex *v;
   unsigned slot = index % NV40_3D_VCACHE_SIZE;
   enum nvsim_status st;

   if (cache && ctx->vcache_valid[slot] && ctx->vcache_tag[slot] == index) {
      v = &ctx->vcache[slot];
   } else {
      float in[NV40_3D_VP_INPUTS][4];
      st = fetch_vertex(ctx, index, in);
      if (st)
         return st;
      struct nv40_3d_vertex *out = cache ? &ctx->vcache[slot] : &tmp;
      st = nv40_3d_run_vp(ctx, (const float (*)[4])in, out);
      if (st)
         return st;
      if (cache) {
         ctx->vcache_valid[slot] = true;
         ctx->vcache_tag[slot] = index;
      }
      v = out;
   }
   assemble(ctx, v);
   return ctx->error;
}

static enum nvsim_status
ensure_ready(struct nv40_3d *ctx)
{
   if (!ctx->prim)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                          "vertices outside VERTEX_BEGIN_END");
   if (!ctx->draw_ready) {
      enum nvsim_status st = nv40_3d_prepare_draw(ctx);
      if (st)
         return st;
      ctx->draw_ready = true;
      memset(ctx->vcache_valid, 0, sizeof(ctx->vcache_valid));
      ctx->vtx_dma[0] = nvsim_lookup(ctx->obj->chan,
                                     nv40_3d_reg(ctx, NV30_3D_DMA_VTXBUF0));
      ctx->vtx_dma[1] = nvsim_lookup(ctx->obj->chan,
                                     nv40_3d_reg(ctx, NV30_3D_DMA_VTXBUF1));
   }
   return NVSIM_OK;
}

enum nvsim_status
nv40_3d_begin_end(struct nv40_3d *ctx, uint32_t prim)
{
   if (prim == NV30_3D_VERTEX_BEGIN_END_STOP) {
      if (ctx->prim)
         restart(ctx);
      ctx->prim = 0;
      ctx->vdata_count = 0;
      return ctx->error;
   }
   if (prim > NV30_3D_VERTEX_BEGIN_END_POLYGON)
      return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                          "VERTEX_BEGIN_END: unknown primitive %u", prim);
   if (ctx->prim)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                          "VERTEX_BEGIN_END begin inside a begin/end");
   bool draw;
   enum nvsim_status st = nv40_3d_render_condition(ctx, &draw);
   if (st)
      return st;
   ctx->cond_discard = !draw;
   ctx->prim = prim;
   ctx->prim_count = 0;
   ctx->poly_pending = false;
   ctx->vdata_count = 0;
   ctx->draw_ready = false;
   memset(ctx->vcache_valid, 0, sizeof(ctx->vcache_valid));
   memset(ctx->vb_window, 0, sizeof(ctx->vb_window));
   return NVSIM_OK;
}

enum nvsim_status
nv40_3d_vertex_batch(struct nv40_3d *ctx, uint32_t data)
{
   enum nvsim_status st = ensure_ready(ctx);
   if (st)
      return st;
   uint32_t start = NV40_3D_FIELD(data, NV30_3D_VB_VERTEX_BATCH_OFFSET);
   uint32_t count = NV40_3D_FIELD(data, NV30_3D_VB_VERTEX_BATCH_COUNT) + 1;
   for (uint32_t i = 0; i < count; i++) {
      st = do_index(ctx, start + i, false);
      if (st)
         return st;
   }
   return NVSIM_OK;
}

/* An index as the element methods and index batches give it. */
static enum nvsim_status
element(struct nv40_3d *ctx, uint32_t index)
{
   if (nv40_3d_reg(ctx, NV30_3D_PRIMITIVE_RESTART_ENABLE) &&
       index == nv40_3d_reg(ctx, NV30_3D_PRIMITIVE_RESTART_INDEX)) {
      restart(ctx);
      return NVSIM_OK;
   }
   return do_index(ctx, index + nv40_3d_reg(ctx, NV40_3D_VB_ELEMENT_BASE),
                   true);
}

enum nvsim_status
nv40_3d_element(struct nv40_3d *ctx, uint32_t index)
{
   enum nvsim_status st = ensure_ready(ctx);
   if (st)
      return st;
   return element(ctx, index);
}

enum nvsim_status
nv40_3d_index_batch(struct nv40_3d *ctx, uint32_t data)
{
   enum nvsim_status st = ensure_ready(ctx);
   if (st)
      return st;
   uint32_t start = NV40_3D_FIELD(data, NV30_3D_VB_INDEX_BATCH_START);
   uint32_t count = NV40_3D_FIELD(data, NV30_3D_VB_INDEX_BATCH_COUNT) + 1;
   uint32_t fmt = nv40_3d_reg(ctx, NV30_3D_IDXBUF_FORMAT);
   bool u16 = (fmt & NV30_3D_IDXBUF_FORMAT_TYPE__MASK) ==
              NV30_3D_IDXBUF_FORMAT_TYPE_U16;
   unsigned isize = u16 ? 2 : 4;
   uint32_t dmam = (fmt & NV30_3D_IDXBUF_FORMAT_DMA1) ? NV30_3D_DMA_VTXBUF1
                                                      : NV30_3D_DMA_VTXBUF0;
   struct nvsim_object *dma =
      nvsim_lookup(ctx->obj->chan, nv40_3d_reg(ctx, dmam));
   if (!dma || !dma->is_dma)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                          "index buffer: no DMA object bound");
   uint64_t off = nv40_3d_reg(ctx, NV30_3D_IDXBUF_OFFSET) +
                  (uint64_t)start * isize;
   const uint8_t *p = nvsim_dma_ptr(dma, off, (uint64_t)count * isize);
   if (!p)
      return nv40_3d_fail(ctx, NVSIM_DMA_ERROR,
                          "indices %u..%u (offset 0x%llx) are outside the "
                          "index buffer's DMA object or buffer", start,
                          start + count - 1, (unsigned long long)off);
   for (uint32_t i = 0; i < count; i++) {
      uint32_t idx;
      if (u16) {
         uint16_t h;
         memcpy(&h, p + 2 * i, 2);
         idx = h;
      } else {
         memcpy(&idx, p + 4 * i, 4);
      }
      st = element(ctx, idx);
      if (st)
         return st;
   }
   return NVSIM_OK;
}

enum nvsim_status
nv40_3d_vertex_data(struct nv40_3d *ctx, uint32_t data)
{
   enum nvsim_status st = ensure_ready(ctx);
   if (st)
      return st;

   /* words of a whole vertex (at most 4 words per attribute) */
   unsigned words = 0;
   for (unsigned a = 0; a < NV40_3D_VP_INPUTS; a++) {
      uint32_t fmt = nv40_3d_reg(ctx, NV30_3D_VTXFMT(a));
      unsigned size = NV40_3D_FIELD(fmt, NV30_3D_VTXFMT_SIZE);
      unsigned csize = type_size(NV40_3D_FIELD(fmt, NV30_3D_VTXFMT_TYPE));
      if (size && !csize)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "VTXFMT(%u): unknown type", a);
      if (size > 4)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "VTXFMT(%u): %u components", a, size);
      words += (size * csize + 3) / 4;
   }
   if (ctx->vdata_count >= words)
      ctx->vdata_count = 0;      /* the format changed mid-vertex */
   ctx->vdata[ctx->vdata_count++] = data;
   if (words == 0)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                          "VERTEX_DATA with no attribute enabled");
   if (ctx->vdata_count < words)
      return NVSIM_OK;

   float in[NV40_3D_VP_INPUTS][4];
   const uint8_t *p = (const uint8_t *)ctx->vdata;
   for (unsigned a = 0; a < NV40_3D_VP_INPUTS; a++) {
      uint32_t fmt = nv40_3d_reg(ctx, NV30_3D_VTXFMT(a));
      unsigned size = NV40_3D_FIELD(fmt, NV30_3D_VTXFMT_SIZE);
      uint32_t type = NV40_3D_FIELD(fmt, NV30_3D_VTXFMT_TYPE);
      if (!size) {
         memcpy(in[a], ctx->attr[a], sizeof(in[a]));
         continue;
      }
      decode_attr(type, size, p, in[a]);
      p += (size * type_size(type) + 3) / 4 * 4;
   }
   ctx->vdata_count = 0;

   struct nv40_3d_vertex v;
   st = nv40_3d_run_vp(ctx, (const float (*)[4])in, &v);
   if (st)
      return st;
   assemble(ctx, &v);
   return ctx->error;
}

/*
 * Immediate mode: inside VERTEX_BEGIN_END, completing attribute 0 (the
 * position) with a VTX_ATTR_* method emits a vertex made of the current
 * values of all attributes, as glVertex does (NV_vertex_program section
 * 2.14.1: vertex program execution "is provoked by updating vertex
 * attribute zero").
 * Upstream's nv30_transfer.c nv30_transfer_rect_blit draws its quad this
 * way on the hardware: per vertex VTX_ATTR_3F(8) then VTX_ATTR_2I(0),
 * with no VB_* method between BEGIN and STOP.
 */
enum nvsim_status
nv40_3d_attr_vertex(struct nv40_3d *ctx)
{
   enum nvsim_status st = ensure_ready(ctx);
   if (st)
      return st;
   struct nv40_3d_vertex v;
   st = nv40_3d_run_vp(ctx, (const float (*)[4])ctx->attr, &v);
   if (st)
      return st;
   assemble(ctx, &v);
   return ctx->error;
}
