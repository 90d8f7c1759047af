/*
 * The Tesla geometry program stage (GP_ENABLE) and the input primitives
 * it reads, adjacency ones included.
 *
 * Data flow: the VP's results, routed by VP_RESULT_MAP into
 * VP_RESULT_MAP_SIZE words (upstream's nv50_gp_linkage_validate builds
 * that map from the GP's inputs), are a vertex's words in the primitive
 * space p[]; the GP runs once per input primitive (isa.rst "Warps":
 * "executed once for each geometry primitive"), reads its vertices
 * through a[] pointers, and each emit makes one output vertex of its $o
 * words, which GP_RESULT_MAP routes into GP_RESULT_MAP_SIZE slots as
 * VP_RESULT_MAP does without a GP; those vertices are assembled as
 * GP_OUTPUT_PRIMITIVE_TYPE says (POINTS, LINE_STRIP, TRIANGLE_STRIP,
 * rnndb) into strips that restart and the end of the program cut, and go
 * to clipping, the rasteriser and the FP as a VP's vertices would.
 *
 * Facts:
 * - rnndb graph/g80_3d.xml: GP_ENABLE, GP_ADDRESS_HIGH/LOW, GP_START_ID,
 *   GP_REG_ALLOC_TEMP/RESULT, GP_RESULT_MAP_SIZE, GP_RESULT_MAP,
 *   GP_OUTPUT_PRIMITIVE_TYPE, GP_VERTEX_OUTPUT_COUNT (1..0x400),
 *   VP_GP_BUILTIN_ATTR_EN PRIMITIVE_ID, VERTEX_BEGIN_GL's adjacency
 *   primitives (LINES_ADJACENCY 0xa .. TRIANGLE_STRIP_ADJACENCY 0xd) and
 *   PRIMITIVE_ID_CONT (G84_3D on: "If set, PRIMITIVE_ID is unmodified,
 *   otherwise it's set to 0");
 * - envytools-docs tesla/cuda/isa.rst: a[] "in geometry programs,
 *   contains pointers to vertices in p[] space and per-primitive
 *   attributes", p[] "contains input vertex attributes", $vstride the
 *   spacing of a vertex's attributes in p[] (g80_shader.h
 *   G80_SHADER_GP_VSTRIDE); misc.rst: emit "emits current contents of $o
 *   registers as the next vertex in the output primitive", restart
 *   "finishes current output primitive and starts a new one";
 * - where upstream's nv50 driver reads them (facts of its use): the
 *   pointer to input vertex i is a[4 i] (its PFETCH, "shl $aX a[]"), the
 *   primitive id a[0x18] (TargetNV50::getSVAddress SV_PRIMITIVE_ID);
 *   GP_RESULT_MAP bytes it does not fill are 0x80, with 1 ORed in for a
 *   missing W (nv50_fp_linkage_validate), i.e. 0x80 reads 0.0 and 0x81
 *   1.0 past the GP's 0x80 result words;
 * - GL 3.2 core 2.6.1 (primitives with adjacency, table 2.4: the
 *   triangles of a triangle strip with adjacency), 2.12.1 (a geometry
 *   shader's input vertices: triangles with adjacency in the order
 *   vertex, adjacent, vertex, adjacent, vertex, adjacent) and table 2.12
 *   (the provoking vertex of each primitive type).
 *
 * Assumptions (no document says): one primitive per warp (lane 0; the
 * grouping is "uninteresting", isa.rst); its vertices sit in columns 0..
 * of a block at p[0], word k of vertex i at byte 4 i + k * $vstride; the
 * primitive id counts the primitives the GP ran on since VERTEX_BEGIN_GL
 * (without PRIMITIVE_ID_CONT), across restarts; the input triangles of a
 * strip or fan are ordered so that the provoking vertex GL's table 2.12
 * names comes first (last with PROVOKING_VERTEX_LAST), as llvmpipe's
 * draw module orders them; an emit past GP_VERTEX_OUTPUT_COUNT traps
 * (GL leaves it undefined; the hardware's choice is not documented).
 *
 * Not modelled (trap): a GP on quads, quad strips and polygons (GL 3.2
 * has no geometry shader input for them), more than G80_3D_MAP_SLOTS
 * result slots.  The layer and viewport the GP selects (LAYER USE_GP,
 * GP_VIEWPORT_ID_ENABLE) are read per primitive: g80_3d_layer.c.
 */
#include <stdlib.h>
#include <string.h>

#include "g80_3d.h"

#define P(x) G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_##x

/* A GP's result words: GP_REG_ALLOC_RESULT's range below the constants of
 * GP_RESULT_MAP (0x80, above). */
#define GP_OUT_WORDS G80_GP_RESULT_MAP_CONST_ZERO
/* a[]: the input vertices' pointers at 4 i, the primitive id (bytes) */
#define GP_PRIMITIVE_ID_BYTE 0x18
#define GP_IN_WORDS 8
/* p[] columns: vertices a $vstride row holds */
#define GP_COLUMNS (G80_SHADER_GP_VSTRIDE / 4)
/* output vertices kept before they are drawn */
#define GP_FLUSH_VERTICES 4096

bool
g80_3d_prim_adjacency(uint32_t prim)
{
   return prim >= P(LINES_ADJACENCY) && prim <= P(TRIANGLE_STRIP_ADJACENCY);
}

unsigned
g80_3d_prim_size(uint32_t prim)
{
   switch (prim) {
   case P(POINTS):
      return 1;
   case P(LINES):
   case P(LINE_STRIP):
   case P(LINE_LOOP):
      return 2;
   case P(TRIANGLES):
   case P(TRIANGLE_STRIP):
   case P(TRIANGLE_FAN):
      return 3;
   case P(LINES_ADJACENCY):
   case P(LINE_STRIP_ADJACENCY):
      return 4;
   case P(TRIANGLES_ADJACENCY):
   case P(TRIANGLE_STRIP_ADJACENCY):
      return 6;
   default:
      return 0;
   }
}

unsigned
g80_3d_prim_count(uint32_t prim, unsigned n)
{
   switch (prim) {
   case P(POINTS):
      return n;
   case P(LINES):
      return n / 2;
   case P(LINE_STRIP):
      return n >= 2 ? n - 1 : 0;
   case P(LINE_LOOP):
      return n >= 2 ? n : 0;
   case P(TRIANGLES):
      return n / 3;
   case P(TRIANGLE_STRIP):
   case P(TRIANGLE_FAN):
      return n >= 3 ? n - 2 : 0;
   case P(LINES_ADJACENCY):
      return n / 4;
   case P(LINE_STRIP_ADJACENCY):
      return n >= 4 ? n - 3 : 0;
   case P(TRIANGLES_ADJACENCY):
      return n / 6;
   case P(TRIANGLE_STRIP_ADJACENCY):
      /* GL 3.2 2.6.1: 2 (k + 2) vertices make k triangles, an odd last
       * vertex is ignored */
      return n >= 6 ? n / 2 - 2 : 0;
   default:
      return 0;
   }
}

unsigned
g80_3d_prim_vertices(uint32_t prim, unsigned n, unsigned k, bool last,
                     unsigned idx[6])
{
   unsigned nk = g80_3d_prim_count(prim, n);
   switch (prim) {
   case P(POINTS):
      idx[0] = k;
      return k;
   case P(LINES):
      idx[0] = 2 * k;
      idx[1] = 2 * k + 1;
      return idx[last ? 1 : 0];
   case P(LINE_STRIP):
   case P(LINE_LOOP):
      idx[0] = k;
      idx[1] = k + 1 < n ? k + 1 : 0;           /* the loop's closing line */
      return idx[last ? 1 : 0];
   case P(TRIANGLES):
      idx[0] = 3 * k;
      idx[1] = 3 * k + 1;
      idx[2] = 3 * k + 2;
      return idx[last ? 2 : 0];
   case P(TRIANGLE_STRIP):
      /* table 2.12: vertex k first, k + 2 last; odd triangles keep the
       * strip's winding with the provoking vertex in its place */
      idx[0] = k;
      idx[1] = k + 1;
      idx[2] = k + 2;
      if (k & 1) {
         if (last) {
            idx[0] = k + 1;
            idx[1] = k;
         } else {
            idx[1] = k + 2;
            idx[2] = k + 1;
         }
      }
      return last ? k + 2 : k;
   case P(TRIANGLE_FAN):
      /* table 2.12: vertex k + 1 first, k + 2 last */
      if (last) {
         idx[0] = 0;
         idx[1] = k + 1;
         idx[2] = k + 2;
      } else {
         idx[0] = k + 1;
         idx[1] = k + 2;
         idx[2] = 0;
      }
      return last ? k + 2 : k + 1;
   case P(LINES_ADJACENCY):
      for (unsigned i = 0; i < 4; i++)
         idx[i] = 4 * k + i;
      return 4 * k + (last ? 2 : 1);
   case P(LINE_STRIP_ADJACENCY):
      for (unsigned i = 0; i < 4; i++)
         idx[i] = k + i;
      return k + (last ? 2 : 1);
   case P(TRIANGLES_ADJACENCY):
      for (unsigned i = 0; i < 6; i++)
         idx[i] = 6 * k + i;
      return 6 * k + (last ? 4 : 0);
   case P(TRIANGLE_STRIP_ADJACENCY): {
      /* table 2.4 (numbered from 0 here), as vertex, adjacent, vertex,
       * adjacent, vertex, adjacent: the triangle is 2k, 2k + 2, 2k + 4,
       * its first two swapped on odd k; the adjacent vertex of the first
       * edge is 1 on the first triangle, 2k - 2 after; the one past the
       * strip's direction is 2k + 6, 2k + 5 on the last triangle */
      bool end = k + 1 == nk;
      unsigned a = k ? 2 * k - 2 : 1;
      unsigned b = end ? 2 * k + 5 : 2 * k + 6;
      if (k & 1) {
         idx[0] = 2 * k + 2; idx[1] = a; idx[2] = 2 * k;
         idx[3] = 2 * k + 3; idx[4] = 2 * k + 4; idx[5] = b;
      } else {
         idx[0] = 2 * k; idx[1] = a; idx[2] = 2 * k + 2;
         idx[3] = b; idx[4] = 2 * k + 4; idx[5] = 2 * k + 3;
      }
      return last ? 2 * k + 4 : 2 * k;
   }
   default:
      return 0;
   }
}

/* ---- the GP ---- */

unsigned
g80_3d_result_slots(const struct g80_3d *ctx)
{
   return g80_3d_reg(ctx, g80_3d_reg(ctx, G80_3D_GP_ENABLE) ?
                          G80_3D_GP_RESULT_MAP_SIZE :
                          G80_3D_VP_RESULT_MAP_SIZE);
}

struct gp_out {
   struct g80_3d *ctx;
   uint32_t prim;               /* the output's GL primitive */
   struct g80_3d_vertex *v;
   unsigned n, cap;
   unsigned *starts;            /* first vertex of each strip */
   unsigned strips, strips_cap;
   bool cut;                    /* the next vertex starts a strip */
   unsigned emitted;            /* by the current invocation */
   unsigned max;                /* GP_VERTEX_OUTPUT_COUNT */
   bool failed;
};

enum nvsim_status
g80_3d_gp_begin(struct g80_3d *ctx, uint32_t prim)
{
   if (!g80_3d_prim_size(prim))
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "a geometry program on primitive 0x%x (no GL "
                         "geometry shader input) is not modelled", prim);
   uint32_t type = g80_3d_reg(ctx, G80_3D_GP_OUTPUT_PRIMITIVE_TYPE);
   if (type != G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_POINTS &&
       type != G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_LINE_STRIP &&
       type != G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_TRIANGLE_STRIP)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "GP_OUTPUT_PRIMITIVE_TYPE 0x%x is not a value "
                         "rnndb names", type);
   uint32_t count = g80_3d_reg(ctx, G80_3D_GP_VERTEX_OUTPUT_COUNT);
   if (count < G80_3D_GP_VERTEX_OUTPUT_COUNT_MIN ||
       count > G80_3D_GP_VERTEX_OUTPUT_COUNT_MAX)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "GP_VERTEX_OUTPUT_COUNT %u is outside %u..%u",
                         count, G80_3D_GP_VERTEX_OUTPUT_COUNT_MIN,
                         G80_3D_GP_VERTEX_OUTPUT_COUNT_MAX);
   uint32_t size = g80_3d_reg(ctx, G80_3D_GP_RESULT_MAP_SIZE);
   if (size > G80_3D_MAP_SLOTS)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "GP_RESULT_MAP_SIZE %u: more than the %u slots "
                         "the rasteriser takes is not modelled", size,
                         G80_3D_MAP_SLOTS);
   uint32_t results = g80_3d_reg(ctx, G80_3D_GP_REG_ALLOC_RESULT);
   if (results > GP_OUT_WORDS)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "GP_REG_ALLOC_RESULT %u is past the %u result "
                         "words", results, GP_OUT_WORDS);
   if (g80_3d_reg(ctx, G80_3D_VP_RESULT_MAP_SIZE) > G80_3D_MAP_SLOTS)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "VP_RESULT_MAP_SIZE %u is past the %u slots",
                         g80_3d_reg(ctx, G80_3D_VP_RESULT_MAP_SIZE),
                         G80_3D_MAP_SLOTS);
   return NVSIM_OK;
}

static bool
gp_grow(struct gp_out *o)
{
   if (o->n == o->cap) {
      unsigned cap = o->cap ? 2 * o->cap : 64;
      struct g80_3d_vertex *v = realloc(o->v, cap * sizeof(*v));
      if (!v)
         return false;
      o->v = v;
      o->cap = cap;
   }
   if (o->cut && o->strips == o->strips_cap) {
      unsigned cap = o->strips_cap ? 2 * o->strips_cap : 64;
      unsigned *s = realloc(o->starts, cap * sizeof(*s));
      if (!s)
         return false;
      o->starts = s;
      o->strips_cap = cap;
   }
   return true;
}

static void
gp_emit(void *priv, uint32_t items, bool restart, const uint32_t *out,
        unsigned out_stride)
{
   struct gp_out *o = priv;
   (void)out_stride;
   if (o->failed || !(items & 1))
      return;
   if (restart) {
      o->cut = true;
      return;
   }
   if (o->emitted == o->max) {
      o->failed = true;
      g80_3d_fail(o->ctx, NVSIM_INVALID_STATE,
                  "the GP emitted more than GP_VERTEX_OUTPUT_COUNT (%u) "
                  "vertices: not modelled", o->max);
      return;
   }
   if (!gp_grow(o)) {
      o->failed = true;
      g80_3d_fail(o->ctx, NVSIM_INVALID_STATE, "out of memory");
      return;
   }
   o->emitted++;
   if (o->cut)
      o->starts[o->strips++] = o->n;
   o->cut = false;
   struct g80_3d *ctx = o->ctx;
   struct g80_3d_vertex *v = &o->v[o->n++];
   unsigned size = g80_3d_reg(ctx, G80_3D_GP_RESULT_MAP_SIZE);
   for (unsigned m = 0; m < G80_3D_MAP_SLOTS; m++) {
      float f = 0.0f;
      if (m < size) {
         uint32_t byte = (g80_3d_reg(ctx, G80_3D_GP_RESULT_MAP(m / 4)) >>
                          (8 * (m % 4))) & 0xff;
         if (byte < G80_GP_RESULT_MAP_CONST_ZERO)
            memcpy(&f, &out[byte], 4);
         else
            f = (byte & 1) ? 1.0f : 0.0f;
      }
      v->slot[m] = f;
   }
   g80_3d_vertex_clamp_colors(ctx, v);
}

static enum nvsim_status
gp_flush(struct gp_out *o)
{
   enum nvsim_status st = NVSIM_OK;
   g80_3d_count_prims(o->ctx, G80_3D_QUERY_GET_COUNTER_SELECT_GP_PRIMITIVES_OUT,
                      o->prim, o->n, o->starts, o->strips);
   if (o->n)
      st = g80_3d_draw_strips(o->ctx, o->prim, o->v, o->n, o->starts,
                              o->strips);
   o->n = 0;
   o->strips = 0;
   return st;
}

enum nvsim_status
g80_3d_gp_run(struct g80_3d *ctx, uint32_t prim,
              const struct g80_3d_vertex *v, unsigned n, uint32_t *prim_id)
{
   static const uint32_t out_prim[] = {
      [G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_POINTS] = P(POINTS),
      [G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_LINE_STRIP] = P(LINE_STRIP),
      [G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_TRIANGLE_STRIP] = P(TRIANGLE_STRIP),
   };
   /* g80_3d_gp_begin checked the type and the sizes */
   struct gp_out o = {
      .ctx = ctx,
      .prim = out_prim[g80_3d_reg(ctx, G80_3D_GP_OUTPUT_PRIMITIVE_TYPE)],
      .max = g80_3d_reg(ctx, G80_3D_GP_VERTEX_OUTPUT_COUNT),
   };
   bool last = g80_3d_reg(ctx, G80_3D_PROVOKING_VERTEX_LAST) != 0;
   unsigned words = g80_3d_reg(ctx, G80_3D_VP_RESULT_MAP_SIZE);
   unsigned size = g80_3d_prim_size(prim);
   unsigned count = g80_3d_prim_count(prim, n);
   uint32_t prim_words[G80_3D_MAP_SLOTS * GP_COLUMNS];
   uint32_t in[GP_IN_WORDS];
   uint32_t res[GP_OUT_WORDS];
   enum nvsim_status st = NVSIM_OK;

   for (unsigned k = 0; k < count && !st; k++) {
      unsigned idx[6];
      g80_3d_prim_vertices(prim, n, k, last, idx);
      memset(in, 0, sizeof(in));
      memset(prim_words, 0, sizeof(prim_words));
      for (unsigned i = 0; i < size; i++) {
         in[i] = 4 * i;                         /* column i of p[] */
         for (unsigned w = 0; w < words; w++)
            memcpy(&prim_words[w * GP_COLUMNS + i], &v[idx[i]].slot[w], 4);
      }
      if (g80_3d_reg(ctx, G80_3D_VP_GP_BUILTIN_ATTR_EN) &
          G80_3D_VP_GP_BUILTIN_ATTR_EN_PRIMITIVE_ID__MASK)
         in[GP_PRIMITIVE_ID_BYTE / 4] = *prim_id;
      (*prim_id)++;
      memset(res, 0, sizeof(res));
      o.emitted = 0;
      o.cut = true;
      struct g80_stage_batch b = {
         .stage = G80_STAGE_GP, .count = 1, .active = 1,
         .in = in, .in_stride = GP_IN_WORDS, .in_words = GP_IN_WORDS,
         .out = res, .out_stride = GP_OUT_WORDS,
         .out_words = g80_3d_reg(ctx, G80_3D_GP_REG_ALLOC_RESULT),
         .prim = prim_words, .prim_words = words * GP_COLUMNS,
         .emit = gp_emit, .emit_priv = &o,
      };
      g80_3d_count(ctx, G80_3D_QUERY_GET_COUNTER_SELECT_GP_LAUNCHES, 1);
      if (!ctx->stages->run(ctx->stages->priv, ctx, &b) || o.failed)
         st = NVSIM_INVALID_STATE;
      else if (o.n >= GP_FLUSH_VERTICES)
         st = gp_flush(&o);
   }
   if (!st)
      st = gp_flush(&o);
   free(o.v);
   free(o.starts);
   return st;
}
