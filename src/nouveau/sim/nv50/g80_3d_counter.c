/*
 * The statistics counters (hwdb g80_3d.xml, from rnndb graph/g80_3d.xml):
 * QUERY_GET TYPE COUNTER reports the counter its COUNTER_SELECT names,
 * COUNTER_ENABLE has a bit per counter (bit i counts COUNTER_SELECT i:
 * the two lists name the same counters in the same order), COUNTER_RESET
 * zeroes one (its own value per counter).  Upstream's nv50_query_hw.c
 * reads GL's pipeline statistics from them (ARB_pipeline_statistics_query,
 * Gallium's order): VFETCH_VERTICES, VFETCH_PRIMITIVES, VP_LAUNCHES,
 * GP_LAUNCHES, GP_PRIMITIVES_OUT, RAST_PRIMITIVES_PRECLIP,
 * RAST_PRIMITIVES_POSTCLIP, FP_PIXELS; PRIMITIVES_GENERATED from the STRMOUT
 * unit's GENERATED_PRIMITIVES (g80_3d_strmout.c keeps that one and
 * TRANSFORM_FEEDBACK, gated by their COUNTER_ENABLE bits too).
 *
 * What each counts is not documented beyond its name; nvsim counts GL's
 * matching statistic (GL 4.6 4.2.2 / ARB_pipeline_statistics_query), see
 * docs/tesla.md "Statistics counters":
 * - VFETCH_VERTICES: vertices fetched (each index of an indexed draw, a
 *   restart index not), VP_LAUNCHES: VP invocations, one a vertex (nvsim
 *   has no post-transform cache);
 * - VFETCH_PRIMITIVES: the primitives the vertices make (a strip of n
 *   triangles n; a quad, a polygon one);
 * - GP_LAUNCHES: GP invocations, one an input primitive; GP_PRIMITIVES_OUT:
 *   the primitives of the strips it emits;
 * - RAST_PRIMITIVES_PRECLIP / POSTCLIP: the primitives reaching the clipper
 *   (a quad or polygon as the triangles it is drawn as) and those left
 *   after clipping and clip-distance culling (a clipped triangle is one
 *   polygon), before face culling; none while RASTERIZE_ENABLE is 0 (GL
 *   lets rasterizer discard drop primitives before clipping);
 * - FP_PIXELS: fragments the FP runs for (covered pixels, not the quad's
 *   helper pixels).
 * COUNTER_ENABLE's starting value is not documented and upstream never
 * writes it, yet reads the counters: a context starts with every counter
 * enabled (assumption, as COND_MODE's in g80_3d_class.c).
 */
#include "g80_3d.h"

static const struct {
   uint32_t select, enable, reset;
} counters[] = {
#define C(n) { G80_3D_QUERY_GET_COUNTER_SELECT_##n, \
               G80_3D_COUNTER_ENABLE_##n, G80_3D_COUNTER_RESET_##n }
   C(VFETCH_VERTICES),
   C(VFETCH_PRIMITIVES),
   C(VP_LAUNCHES),
   C(GP_LAUNCHES),
   C(GP_PRIMITIVES_OUT),
   C(RAST_PRIMITIVES_PRECLIP),
   C(RAST_PRIMITIVES_POSTCLIP),
   C(FP_PIXELS),
#undef C
};
#define NUM_COUNTERS (sizeof(counters) / sizeof(counters[0]))

static unsigned
index_of(uint32_t select)
{
   return (select & G80_3D_QUERY_GET_COUNTER_SELECT__MASK) >>
          G80_3D_QUERY_GET_COUNTER_SELECT__SHIFT;
}

void
g80_3d_counter_init(struct g80_3d *ctx)
{
   uint32_t all = 0;
   for (unsigned i = 0; i < NUM_COUNTERS; i++)
      all |= counters[i].enable;
   all |= G80_3D_COUNTER_ENABLE_TRANSFORM_FEEDBACK |
          G80_3D_COUNTER_ENABLE_GENERATED_PRIMITIVES;
   ctx->regs[G80_3D_COUNTER_ENABLE / 4] = all;
}

void
g80_3d_count(struct g80_3d *ctx, uint32_t select, uint64_t n)
{
   for (unsigned i = 0; i < NUM_COUNTERS; i++)
      if (counters[i].select == select) {
         if (g80_3d_reg(ctx, G80_3D_COUNTER_ENABLE) & counters[i].enable)
            ctx->counter[index_of(select)] += n;
         return;
      }
}

/* GL 3.3 2.6.1: the primitives n vertices of prim make; quads and
 * polygons, which the GP never sees, added to g80_3d_prim_count's. */
static unsigned
prims_of(uint32_t prim, unsigned n)
{
   switch (prim) {
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_QUADS:
      return n / 4;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_QUAD_STRIP:
      return n >= 4 ? n / 2 - 1 : 0;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POLYGON:
      return n >= 3 ? 1 : 0;
   default:
      return g80_3d_prim_count(prim, n);
   }
}

void
g80_3d_count_prims(struct g80_3d *ctx, uint32_t select, uint32_t prim,
                   unsigned n, const unsigned *starts, unsigned strips)
{
   uint64_t total = 0;
   for (unsigned i = 0; i < strips; i++) {
      unsigned end = i + 1 < strips ? starts[i + 1] : n;
      if (starts[i] < end && end <= n)
         total += prims_of(prim, end - starts[i]);
   }
   g80_3d_count(ctx, select, total);
}

/* COUNTER_RESET of a counter kept here: true when data named one. */
bool
g80_3d_counter_reset(struct g80_3d *ctx, uint32_t data)
{
   for (unsigned i = 0; i < NUM_COUNTERS; i++)
      if (counters[i].reset == data) {
         ctx->counter[index_of(counters[i].select)] = 0;
         return true;
      }
   return false;
}

/* The value of a counter kept here: false for the others. */
bool
g80_3d_counter_value(const struct g80_3d *ctx, uint32_t select,
                     uint64_t *value)
{
   for (unsigned i = 0; i < NUM_COUNTERS; i++)
      if (counters[i].select == select) {
         *value = ctx->counter[index_of(select)];
         return true;
      }
   return false;
}
