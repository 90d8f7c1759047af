/*
 * Transform feedback: the STRMOUT unit of the Tesla 3D classes (hwdb
 * g80_3d.xml from rnndb graph/g80_3d.xml; what the methods mean where
 * rnndb only names them, from the way upstream's nv50 driver sets them:
 * nv50_program.c nv50_program_create_strmout_state, nv50_shader_state.c
 * nv50_fp_linkage_validate and nv50_stream_output_validate).
 *
 * - Which values: STRMOUT_MAP byte c (hwdb g80_strmout_map_entry) belongs
 *   to result map slot c of the last stage, the VP's (VP_RESULT_MAP_SIZE
 *   slots) or with GP_ENABLE the GP's (GP_RESULT_MAP_SIZE); ENABLE streams
 *   the slot out as component COMPONENT.  Bytes past the map's size are
 *   not read (upstream writes STRMOUT_MAP only up to its map's size, the
 *   rest keeps an older program's bytes).
 * - Where: STRMOUT_BUFFERS_CTRL INTERLEAVED puts components
 *   0..STRMOUT_NUM_ATTRIBS(0)-1 into buffer 0, a vertex every STRIDE bytes
 *   (upstream: the GL stride in bytes).  Otherwise SEPARATE buffers, buffer
 *   b holding STRMOUT_NUM_ATTRIBS(b) components from component base(b),
 *   base(0) = 0 and base(b) = base(b-1) + NUM_ATTRIBS(b-1) rounded up to 4
 *   (upstream's base[]), a vertex every 4 * NUM_ATTRIBS(b) bytes (upstream
 *   checks its stride is that).  Buffer b starts at
 *   STRMOUT_ADDRESS_HIGH/LOW(b) in the DMA_STRMOUT object; a component is
 *   a 32-bit word, the slot's bits as the program wrote them.
 * - How far: a primitive is written whole or not at all (GL 3.0 2.15:
 *   one that would pass a buffer's end records no vertex in any buffer
 *   and is not counted as written).  G80_3D and G84_3D have no buffer
 *   size: STRMOUT_PRIMITIVE_LIMIT is the number of primitives that may be
 *   written after STRMOUT_PARAMS_LATCH (upstream: the space left over the
 *   primitive's bytes, smallest over the buffers), and each latch starts
 *   the buffers again at their address (upstream moves STRMOUT_ADDRESS
 *   past what it counted as used instead).  From G200_3D, with
 *   BUFFERS_CTRL LIMIT_MODE OFFSET, buffer b is written at STRMOUT_OFFSET(b)
 *   bytes from its address and a primitive fits while it ends at or below
 *   STRMOUT_OFFSET_LIMIT(b) (upstream writes the buffer's size there);
 *   QUERY_GET STRMOUT_OFFSET reports the offset reached, which upstream
 *   writes back into STRMOUT_OFFSET(b) to resume (rnndb's doc).
 * - Counting: COUNTER GENERATED_PRIMITIVES counts every primitive the last
 *   stage sends on, COUNTER TRANSFORM_FEEDBACK those written; COUNTER_RESET
 *   zeroes either (g80_3d_query.c reports them).
 *
 * Assumptions (no document says; docs/tesla.md):
 * - GENERATED_PRIMITIVES counts with STRMOUT_ENABLE off too: upstream
 *   answers GL's PRIMITIVES_GENERATED query with it, which GL 3.0 2.15
 *   counts whether or not transform feedback is active;
 * - LIMIT_MODE PRIMITIVES on G200_3D and later uses STRMOUT_PRIMITIVE_LIMIT
 *   as G80 does, and LIMIT_MODE OFFSET ignores it (upstream never writes
 *   it there); the latch does not move G200's offsets (upstream writes
 *   STRMOUT_OFFSET before each latch);
 * - STRMOUT_NO_OVERFLOW reads 0 once a primitive did not fit, until the
 *   next STRMOUT_PARAMS_LATCH;
 * - components of a vertex no map byte names are left as they were (GL's
 *   gl_SkipComponents leaves them so); a map byte naming a component no
 *   buffer holds traps;
 * - strips, fans, loops, quads and polygons are written as independent
 *   primitives (GL 3.0 table 2.9), each with the draw's provoking vertex
 *   where GL's convention puts it and the draw's winding: the odd
 *   triangles of a strip as (i+1, i, i+2) with the last vertex provoking
 *   and (i, i+2, i+1) with the first; quads and polygons as fans around
 *   their provoking vertex (GL 3.0: "the order of tessellation within a
 *   primitive is undefined").
 */
#include <string.h>

#include "g80_3d.h"

/* Up to three vertices of one independent primitive. */
#define MAX_PRIM_VERTS 3
/* STRMOUT_MAP: a byte per result map slot, as far as a vertex holds
 * slots. */
#define MAP_SLOTS (G80_3D_STRMOUT_MAP__LEN * 4 < G80_3D_MAP_SLOTS ? \
                   G80_3D_STRMOUT_MAP__LEN * 4 : G80_3D_MAP_SLOTS)
#define NO_COMPONENT 0xff

struct so_layout {
   bool loaded;
   unsigned nbuf;
   uint64_t address[G80_3D_NUM_STRMOUT];
   uint64_t stride[G80_3D_NUM_STRMOUT];
   /* slot c: buffer buf[c], word word[c] of the vertex; buf NO_COMPONENT:
    * not streamed out */
   uint8_t buf[MAP_SLOTS];
   uint32_t word[MAP_SLOTS];
   struct nvsim_object *dma;
   bool offset_mode;
};

static unsigned
map_size(const struct g80_3d *ctx)
{
   unsigned n = g80_3d_reg(ctx, G80_3D_GP_ENABLE) ?
                g80_3d_reg(ctx, G80_3D_GP_RESULT_MAP_SIZE) :
                g80_3d_reg(ctx, G80_3D_VP_RESULT_MAP_SIZE);
   return n < MAP_SLOTS ? n : MAP_SLOTS;
}

static enum nvsim_status
load_layout(struct g80_3d *ctx, struct so_layout *l)
{
   uint32_t ctrl = g80_3d_reg(ctx, G80_3D_STRMOUT_BUFFERS_CTRL);
   uint64_t base[G80_3D_NUM_STRMOUT], count[G80_3D_NUM_STRMOUT];
   if (ctrl & G80_3D_STRMOUT_BUFFERS_CTRL_INTERLEAVED) {
      l->nbuf = 1;
      count[0] = g80_3d_reg(ctx, G80_3D_STRMOUT_NUM_ATTRIBS(0));
      base[0] = 0;
      l->stride[0] = G80_3D_FIELD(ctrl, G80_3D_STRMOUT_BUFFERS_CTRL_STRIDE);
      if (4 * count[0] > l->stride[0])
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "transform feedback: "
                            "%u components do not fit a STRIDE of %u bytes",
                            (unsigned)count[0], (unsigned)l->stride[0]);
   } else {
      l->nbuf = G80_3D_FIELD(ctrl, G80_3D_STRMOUT_BUFFERS_CTRL_SEPARATE);
      if (l->nbuf == 0 || l->nbuf > G80_3D_NUM_STRMOUT)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "transform feedback: "
                            "STRMOUT_BUFFERS_CTRL SEPARATE %u is not 1..%u",
                            l->nbuf, (unsigned)G80_3D_NUM_STRMOUT);
      for (unsigned b = 0; b < l->nbuf; b++) {
         count[b] = g80_3d_reg(ctx, G80_3D_STRMOUT_NUM_ATTRIBS(b));
         base[b] = b ? (base[b - 1] + count[b - 1] + 3) & ~(uint64_t)3 : 0;
         l->stride[b] = 4 * count[b];
      }
   }
   for (unsigned b = 0; b < l->nbuf; b++)
      l->address[b] =
         (uint64_t)g80_3d_reg(ctx, G80_3D_STRMOUT_ADDRESS_HIGH(b)) << 32 |
         g80_3d_reg(ctx, G80_3D_STRMOUT_ADDRESS_LOW(b));

   unsigned size = map_size(ctx);
   memset(l->buf, NO_COMPONENT, sizeof(l->buf));
   for (unsigned c = 0; c < size; c++) {
      uint32_t e = (g80_3d_reg(ctx, G80_3D_STRMOUT_MAP(c / 4)) >>
                    (8 * (c % 4))) & 0xff;
      if (!(e & G80_STRMOUT_MAP_ENTRY_ENABLE))
         continue;
      uint32_t comp = G80_3D_FIELD(e, G80_STRMOUT_MAP_ENTRY_COMPONENT);
      unsigned b = 0;
      while (b < l->nbuf && !(comp >= base[b] && comp < base[b] + count[b]))
         b++;
      if (b == l->nbuf)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "transform feedback: "
                            "STRMOUT_MAP slot %u names component %u, which "
                            "no buffer holds", c, comp);
      l->buf[c] = b;
      l->word[c] = comp - base[b];
   }
   l->offset_mode = ctx->obj->oclass >= G200_3D_CLASS &&
                    (ctrl & G200_3D_STRMOUT_BUFFERS_CTRL_LIMIT_MODE__MASK) ==
                    G200_3D_STRMOUT_BUFFERS_CTRL_LIMIT_MODE_OFFSET;
   enum nvsim_status st =
      g80_3d_resolve_dma(ctx, G80_3D_DMA_STRMOUT, "transform feedback",
                         &l->dma);
   if (st)
      return st;
   l->loaded = true;
   return NVSIM_OK;
}

/* One independent primitive of nv vertices: counted, and written when
 * it fits. */
static enum nvsim_status
primitive(struct g80_3d *ctx, struct so_layout *l,
          const struct g80_3d_vertex *const *v, unsigned nv)
{
   struct g80_3d_strmout *so = &ctx->strmout;
   /* each counted while its COUNTER_ENABLE bit is set (rnndb; the
    * context starts with both set, g80_3d_counter.c) */
   uint32_t counting = g80_3d_reg(ctx, G80_3D_COUNTER_ENABLE);
   if (counting & G80_3D_COUNTER_ENABLE_GENERATED_PRIMITIVES)
      so->generated++;
   if (!g80_3d_reg(ctx, G80_3D_STRMOUT_ENABLE))
      return NVSIM_OK;
   if (!l->loaded) {
      enum nvsim_status st = load_layout(ctx, l);
      if (st)
         return st;
   }
   bool fits = true;
   if (l->offset_mode) {
      for (unsigned b = 0; b < l->nbuf; b++)
         fits &= so->offset[b] + nv * l->stride[b] <=
                 g80_3d_reg(ctx, G200_3D_STRMOUT_OFFSET_LIMIT(b));
   } else {
      fits = so->latched_prims <
             g80_3d_reg(ctx, G80_3D_STRMOUT_PRIMITIVE_LIMIT);
   }
   if (!fits) {
      so->overflow = true;
      return NVSIM_OK;
   }
   /* every buffer's bytes are checked before any is written */
   uint8_t *p[G80_3D_NUM_STRMOUT];
   for (unsigned b = 0; b < l->nbuf; b++) {
      uint64_t addr = l->address[b] + so->offset[b];
      uint64_t len = nv * l->stride[b];
      p[b] = len ? nvsim_dma_ptr(l->dma, addr, len) : NULL;
      if (len && !p[b])
         return g80_3d_fail(ctx, NVSIM_DMA_ERROR, "transform feedback: "
                            "buffer %u at 0x%llx (+0x%llx bytes) is outside "
                            "DMA_STRMOUT or any mapped buffer", b,
                            (unsigned long long)addr,
                            (unsigned long long)len);
   }
   unsigned size = map_size(ctx);
   for (unsigned c = 0; c < size; c++) {
      if (l->buf[c] == NO_COMPONENT)
         continue;
      unsigned b = l->buf[c];
      for (unsigned k = 0; k < nv; k++) {
         uint32_t bits;
         memcpy(&bits, &v[k]->slot[c], 4);
         nvsim_put32(p[b] + k * l->stride[b] + 4 * l->word[c], bits);
      }
   }
   for (unsigned b = 0; b < l->nbuf; b++)
      so->offset[b] += nv * l->stride[b];
   if (counting & G80_3D_COUNTER_ENABLE_TRANSFORM_FEEDBACK)
      so->written++;
   so->latched_prims++;
   return NVSIM_OK;
}

static enum nvsim_status
prim3(struct g80_3d *ctx, struct so_layout *l, const struct g80_3d_vertex *a,
      const struct g80_3d_vertex *b, const struct g80_3d_vertex *c)
{
   const struct g80_3d_vertex *t[3] = { a, b, c };
   return primitive(ctx, l, t, 3);
}

/* A polygon of n boundary vertices p[] as a fan around its provoking
 * vertex p[pv], which each triangle puts first or last as the draw's
 * convention has it (the rotation keeps the winding). */
static enum nvsim_status
fan_around(struct g80_3d *ctx, struct so_layout *l,
           const struct g80_3d_vertex *const *p, unsigned n, unsigned pv,
           bool last)
{
   for (unsigned j = 1; j + 1 < n; j++) {
      const struct g80_3d_vertex *x = p[(pv + j) % n], *y = p[(pv + j + 1) % n];
      enum nvsim_status st = last ? prim3(ctx, l, x, y, p[pv])
                                  : prim3(ctx, l, p[pv], x, y);
      if (st)
         return st;
   }
   return NVSIM_OK;
}

enum nvsim_status
g80_3d_strmout_draw(struct g80_3d *ctx, uint32_t prim,
                    const struct g80_3d_vertex *v, unsigned n)
{
   struct so_layout l = { .loaded = false };
   bool last = g80_3d_reg(ctx, G80_3D_PROVOKING_VERTEX_LAST) != 0;
   enum nvsim_status st = NVSIM_OK;
   const struct g80_3d_vertex *t[MAX_PRIM_VERTS];

   /* GL 3.3 2.6.1 (how each type makes primitives), table 2.12 (the
    * provoking vertex) */
   switch (prim) {
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS:
      for (unsigned i = 0; i < n && !st; i++) {
         t[0] = &v[i];
         st = primitive(ctx, &l, t, 1);
      }
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINES:
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINE_STRIP:
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINE_LOOP: {
      unsigned step = prim == G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINES ? 2 : 1;
      for (unsigned i = 0; i + 1 < n && !st; i += step) {
         t[0] = &v[i];
         t[1] = &v[i + 1];
         st = primitive(ctx, &l, t, 2);
      }
      if (!st && prim == G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINE_LOOP &&
          n >= 2) {
         t[0] = &v[n - 1];
         t[1] = &v[0];
         st = primitive(ctx, &l, t, 2);
      }
      break;
   }
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES:
      for (unsigned i = 0; i + 2 < n && !st; i += 3)
         st = prim3(ctx, &l, &v[i], &v[i + 1], &v[i + 2]);
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP:
      for (unsigned i = 0; i + 2 < n && !st; i++) {
         if (!(i & 1))
            st = prim3(ctx, &l, &v[i], &v[i + 1], &v[i + 2]);
         else if (last)
            st = prim3(ctx, &l, &v[i + 1], &v[i], &v[i + 2]);
         else
            st = prim3(ctx, &l, &v[i], &v[i + 2], &v[i + 1]);
      }
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_FAN:
      /* triangle i is (0, i, i + 1); its provoking vertex is i + 1
       * (last) or i (first) */
      for (unsigned i = 1; i + 1 < n && !st; i++)
         st = last ? prim3(ctx, &l, &v[0], &v[i], &v[i + 1])
                   : prim3(ctx, &l, &v[i], &v[i + 1], &v[0]);
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_QUADS:
      for (unsigned i = 0; i + 3 < n && !st; i += 4) {
         const struct g80_3d_vertex *q[4] = { &v[i], &v[i + 1], &v[i + 2],
                                              &v[i + 3] };
         st = fan_around(ctx, &l, q, 4, last ? 3 : 0, last);
      }
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_QUAD_STRIP:
      /* quad i's boundary is (2i, 2i+1, 2i+3, 2i+2); it provokes with
       * 2i+3 (last) or 2i (first) */
      for (unsigned i = 0; i + 3 < n && !st; i += 2) {
         const struct g80_3d_vertex *q[4] = { &v[i], &v[i + 1], &v[i + 3],
                                              &v[i + 2] };
         st = fan_around(ctx, &l, q, 4, last ? 2 : 0, last);
      }
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POLYGON:
      /* a polygon provokes with its first vertex in both conventions */
      for (unsigned i = 1; i + 1 < n && !st; i++)
         st = last ? prim3(ctx, &l, &v[i], &v[i + 1], &v[0])
                   : prim3(ctx, &l, &v[0], &v[i], &v[i + 1]);
      break;
   default:
      if (g80_3d_prim_adjacency(prim)) {
         /* without a GP: the lines and triangles GL 3.2 2.6.1 makes of
          * them, adjacent vertices dropped (g80_3d_gp.c's table 2.4),
          * rotated so that the provoking vertex is first or last */
         unsigned count = g80_3d_prim_count(prim, n);
         bool lines = g80_3d_prim_size(prim) == 4;
         for (unsigned k = 0; k < count && !st; k++) {
            unsigned i[6];
            unsigned pv = g80_3d_prim_vertices(prim, n, k, last, i);
            if (lines) {
               t[0] = &v[i[1]];
               t[1] = &v[i[2]];
               st = primitive(ctx, &l, t, 2);
               continue;
            }
            unsigned tri[3] = { i[0], i[2], i[4] };
            unsigned r = tri[0] == pv ? 0 : tri[1] == pv ? 1 : 2;
            if (last)
               r = (r + 1) % 3;
            st = prim3(ctx, &l, &v[tri[r]], &v[tri[(r + 1) % 3]],
                       &v[tri[(r + 2) % 3]]);
         }
         break;
      }
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "transform feedback of "
                         "primitive 0x%x is not modelled", prim);
   }
   return st;
}

void
g80_3d_strmout_method(struct g80_3d *ctx, uint32_t mthd, uint32_t data)
{
   struct g80_3d_strmout *so = &ctx->strmout;
   if (mthd == G80_3D_STRMOUT_PARAMS_LATCH) {
      so->latched_prims = 0;
      so->overflow = false;
      if (ctx->obj->oclass < G200_3D_CLASS)
         memset(so->offset, 0, sizeof(so->offset));
   } else if (mthd == G80_3D_COUNTER_RESET) {
      if (data == G80_3D_COUNTER_RESET_TRANSFORM_FEEDBACK)
         so->written = 0;
      else if (data == G80_3D_COUNTER_RESET_GENERATED_PRIMITIVES)
         so->generated = 0;
   } else if (ctx->obj->oclass >= G200_3D_CLASS &&
              mthd >= G200_3D_STRMOUT_OFFSET(0) &&
              mthd <= G200_3D_STRMOUT_OFFSET(G200_3D_STRMOUT_OFFSET__LEN - 1)) {
      so->offset[(mthd - G200_3D_STRMOUT_OFFSET(0)) /
                 G200_3D_STRMOUT_OFFSET__ESIZE] = data;
   }
}
