/*
 * The Tesla draw pipeline: the draw methods, the VP through the stage
 * seam (g80_3d.h), the result map, primitive assembly, clipping, the
 * viewport transform, culling and polygon modes, into the shared
 * rasteriser (g80_3d_rop.c stages the surfaces and runs the FP).
 *
 * Facts (hwdb g80_3d.xml from rnndb graph/g80_3d.xml, and the way
 * upstream's nv50 driver uses the methods, nv50_vbo.c / nv50_push.c):
 * - VERTEX_BEGIN_GL PRIMITIVE (GL's numbering), INSTANCE_NEXT (the
 *   instance after the previous one; without it instance 0), INSTANCE_CONT
 *   (G200_3D on: the same instance); VERTEX_END_GL ends the primitive;
 * - VERTEX_BUFFER_FIRST then VERTEX_BUFFER_COUNT draws elements FIRST ..
 *   FIRST + COUNT - 1 of the arrays (upstream's nv50_draw_arrays writes
 *   both in one command); the vertex id counts from 0, from FIRST with
 *   VP_GP_BUILTIN_ATTR_EN VERTEX_ID_DRAW_ARRAYS_ADD_START;
 * - VB_ELEMENT_U32 one index a word, VB_ELEMENT_U16 two (I0 first),
 *   VB_ELEMENT_U8 four (I0 first).  After VB_ELEMENT_U16/U8_SETUP with a
 *   COUNT, the first word's first OFFSET bytes are skipped and COUNT
 *   indices are taken (upstream writes (start << 31) | count and
 *   (start << 30) | count before streaming an index buffer from a word
 *   boundary, and SETUP 0 after); indices past COUNT are ignored
 *   (assumed);
 * - an index equal to PRIM_RESTART_INDEX with PRIM_RESTART_ENABLE ends
 *   the primitive and starts a new one (GL 3.3 2.8.1), before
 *   VB_ELEMENT_BASE is added; VB_ELEMENT_BASE (signed) is added to every
 *   index (upstream's index_bias), VERTEX_ID_BASE (G84_3D on) to the
 *   vertex id (upstream writes the same bias there);
 * - VERTEX_DATA streams inline vertices (g80_3d_vertex.c); their vertex
 *   id counts from VERTEX_ID_BASE, again from each write of it (assumed:
 *   a counter the method loads.  Upstream's nv50_push.c, when the VP reads
 *   the id, sends one vertex a packet and writes VERTEX_ID_BASE before
 *   each: the vertex's index, or 0, 1, 2, .. for arrays; only a count
 *   that starts again at the write numbers those right, and a count from
 *   the primitive's start gave its vertex k the id base + k, which failed
 *   piglit's vertexid-drawarrays with upstream on GT215: docs/tesla.md);
 * - the VP result map: VP_RESULT_MAP_SIZE slots, slot m from result word
 *   VP_RESULT_MAP byte m (G80_VP_RESULT_MAP_CONST_ZERO and up: constants);
 *   slots 0..3 are the clip position (upstream maps HPOS first);
 * - clipping (GL 3.3 2.20): -w <= x, y <= w; z from -w (from 0 with
 *   DEPTH_CLIP_NEGATIVE_Z, rnndb: "the permitted depth range is [0,1]")
 *   to w, except near / far with VIEW_VOLUME_CLIP_CTRL DEPTH_CLAMP_NEAR /
 *   FAR (the ROP clamps depth then); clip distances i enabled by
 *   CLIP_DISTANCE_ENABLE are slots SEMANTIC_CLIP CLIP_START + i, clipped
 *   (CLIP_DISTANCE_MODE CLIP) or culling the primitive when negative at
 *   every vertex (CULL, rnndb's doc);
 * - window = ndc * VIEWPORT_SCALE(i) + VIEWPORT_TRANSLATE(i) with
 *   VIEWPORT_TRANSFORM_EN; without it the position's x, y, z / w are
 *   window coordinates and only w > 0 clips (assumed: upstream's
 *   nv50_clear_texture-style blits draw "in screen coordinates" so);
 *   window y is the row, as Gallium's window space and the rasteriser
 *   have it;
 * - FRONT_FACE (GL's CW/CCW), CULL_FACE_ENABLE and CULL_FACE,
 *   POLYGON_MODE_FRONT/BACK, POLYGON_OFFSET_*_ENABLE,
 *   PROVOKING_VERTEX_LAST (else the first), LINE_WIDTH and POINT_SIZE
 *   (floats), SEMANTIC_PTSZ (PTSZ_EN: the size from slot PTSZ_ID).
 *
 * - primitives with adjacency: with GP_ENABLE they feed the GP
 *   (g80_3d_gp.c), without one GL 3.2 2.6.1 draws their lines and
 *   triangles and drops the adjacent vertices.
 *
 * Transform feedback: g80_3d_strmout.c, handed each run of vertices (with
 * a GP, each strip it emitted).
 * - the viewport i and the layer of each primitive: g80_3d_layer.c
 *   (viewport 0 and LAYER IDX unless the GP selects them); with the GP
 *   selecting, each run of consecutive primitives with one pair is drawn
 *   with a ROP of its own, so each layer sees its primitives in order.
 *
 * - COND_MODE (g80_cond.c) is read at VERTEX_BEGIN_GL: a primitive it
 *   does not let render is dropped until VERTEX_END_GL;
 * - DRAW_TFB_BYTES (G200_3D on, g80_3d_draw_tfb.c) draws vertices 0..
 *   of the arrays, as many as transform feedback wrote.
 *
 * Not modelled (trap): the D3D begin/end.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "g80_3d_rop.h"
#include "g80_cond.h"
#include "nvsim_raster_math.h"

/* An inline vertex: every attribute at most 4 words (g80_3d_vertex.c). */
#define INLINE_MAX_WORDS (G80_3D_NUM_ATTRIBS * 4)
/* Vertices of one primitive run kept for assembly (a draw is split at
 * this count only by a trap: primitives of more are not modelled). */
#define MAX_RUN_VERTICES (1u << 22)

struct g80_3d_draw {
   bool active;
   bool failed;                 /* a trap, or COND_MODE (g80_cond.c): the
                                 * rest is dropped until END */
   uint32_t prim;
   uint32_t instance;
   uint32_t prim_id;            /* primitives the GP ran on (g80_3d_gp.c) */
   struct g80_3d_vertex *v;
   unsigned n, cap;
   uint32_t inline_words[INLINE_MAX_WORDS];
   unsigned inline_n;
   uint32_t inline_count;       /* inline vertices since BEGIN */
   uint32_t setup_taken;        /* indices since the last *_SETUP */
   bool setup_first;            /* the next element word is the first */
};

static float
regf(const struct g80_3d *ctx, uint32_t mthd)
{
   float f;
   uint32_t u = g80_3d_reg(ctx, mthd);
   memcpy(&f, &u, 4);
   return f;
}

void
g80_3d_draw_free(struct g80_3d *ctx)
{
   if (ctx->draw)
      free(ctx->draw->v);
   free(ctx->draw);
   ctx->draw = NULL;
}

/* ---- vertices through the VP ---- */

static enum nvsim_status
run_vp(struct g80_3d *ctx, const uint32_t *in, unsigned words,
       struct g80_3d_vertex *out)
{
   uint32_t res[G80_3D_VP_OUT_WORDS];
   memset(res, 0, sizeof(res));
   struct g80_stage_batch b = {
      .stage = G80_STAGE_VP, .count = 1, .active = 1,
      .in = in, .in_stride = G80_3D_VP_IN_WORDS, .in_words = words,
      .out = res, .out_stride = G80_3D_VP_OUT_WORDS,
      .out_words = G80_3D_VP_OUT_WORDS,
   };
   if (!ctx->stages->run(ctx->stages->priv, ctx, &b))
      return NVSIM_INVALID_STATE;
   g80_3d_count(ctx, G80_3D_QUERY_GET_COUNTER_SELECT_VP_LAUNCHES, 1);
   unsigned size = g80_3d_reg(ctx, G80_3D_VP_RESULT_MAP_SIZE);
   for (unsigned m = 0; m < G80_3D_MAP_SLOTS; m++) {
      float v = 0.0f;
      if (m < size) {
         uint32_t byte = (g80_3d_reg(ctx, G80_3D_VP_RESULT_MAP(m / 4)) >>
                          (8 * (m % 4))) & 0xff;
         if (byte < G80_VP_RESULT_MAP_CONST_ZERO)
            memcpy(&v, &res[byte], 4);
         else
            v = (byte & 1) ? 1.0f : 0.0f;
      }
      out->slot[m] = v;
   }
   /* with a GP these are its inputs: the clamp applies to its output */
   if (!g80_3d_reg(ctx, G80_3D_GP_ENABLE))
      g80_3d_vertex_clamp_colors(ctx, out);
   return NVSIM_OK;
}

void
g80_3d_vertex_clamp_colors(const struct g80_3d *ctx, struct g80_3d_vertex *out)
{
   /* SEMANTIC_COLOR CLMP_EN: the front and back colour slots clamped to
    * [0, 1] (upstream sets it for clamp_vertex_color, GL 3.3 2.14 / ARB
    * color_buffer_float's vertex colour clamp) */
   uint32_t sc = g80_3d_reg(ctx, G80_3D_SEMANTIC_COLOR);
   if (sc & G80_3D_SEMANTIC_COLOR_CLMP_EN__MASK) {
      unsigned nr = G80_3D_FIELD(sc, G80_3D_SEMANTIC_COLOR_COLR_NR);
      unsigned base[2] = { G80_3D_FIELD(sc, G80_3D_SEMANTIC_COLOR_FFC0_ID),
                           G80_3D_FIELD(sc, G80_3D_SEMANTIC_COLOR_BFC0_ID) };
      for (unsigned b = 0; b < 2; b++)
         for (unsigned k = 0; k < nr && base[b] + k < G80_3D_MAP_SLOTS; k++) {
            float *v = &out->slot[base[b] + k];
            *v = *v > 0.0f ? (*v < 1.0f ? *v : 1.0f) : 0.0f;   /* NaN: 0 */
         }
   }
}

static enum nvsim_status
push_vertex(struct g80_3d *ctx, const uint32_t *in, unsigned words)
{
   struct g80_3d_draw *d = ctx->draw;
   if (d->n == d->cap) {
      if (d->cap >= MAX_RUN_VERTICES)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                            "a primitive of more than %u vertices is not "
                            "modelled", MAX_RUN_VERTICES);
      unsigned cap = d->cap ? d->cap * 2 : 64;
      struct g80_3d_vertex *v = realloc(d->v, cap * sizeof(*v));
      if (!v)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "out of memory");
      d->v = v;
      d->cap = cap;
   }
   g80_3d_count(ctx, G80_3D_QUERY_GET_COUNTER_SELECT_VFETCH_VERTICES, 1);
   enum nvsim_status st = run_vp(ctx, in, words, &d->v[d->n]);
   if (st)
      return st;
   d->n++;
   return NVSIM_OK;
}

static enum nvsim_status
flush_run(struct g80_3d *ctx)
{
   struct g80_3d_draw *d = ctx->draw;
   enum nvsim_status st = NVSIM_OK;
   unsigned start = 0;
   g80_3d_count_prims(ctx, G80_3D_QUERY_GET_COUNTER_SELECT_VFETCH_PRIMITIVES,
                      d->prim, d->n, &start, 1);
   if (d->n && g80_3d_reg(ctx, G80_3D_GP_ENABLE))
      st = g80_3d_gp_run(ctx, d->prim, d->v, d->n, &d->prim_id);
   else if (d->n)
      st = g80_3d_draw_run(ctx, d->prim, d->v, d->n);
   d->n = 0;
   return st;
}

static bool
restart(const struct g80_3d *ctx, uint32_t index)
{
   return g80_3d_reg(ctx, G80_3D_PRIM_RESTART_ENABLE) &&
          index == g80_3d_reg(ctx, G80_3D_PRIM_RESTART_INDEX);
}

static uint32_t
vertex_id_base(const struct g80_3d *ctx)
{
   return ctx->obj->oclass >= G84_3D_CLASS ?
          g80_3d_reg(ctx, G84_3D_VERTEX_ID_BASE) : 0;
}

static enum nvsim_status
element(struct g80_3d *ctx, uint32_t e)
{
   if (restart(ctx, e))
      return flush_run(ctx);
   uint32_t index = e + g80_3d_reg(ctx, G80_3D_VB_ELEMENT_BASE);
   uint32_t in[G80_3D_VP_IN_WORDS];
   unsigned words;
   enum nvsim_status st =
      g80_3d_fetch_vertex(ctx, index, ctx->draw->instance,
                          e + vertex_id_base(ctx), in, &words);
   if (st)
      return st;
   return push_vertex(ctx, in, words);
}

static enum nvsim_status
draw_arrays(struct g80_3d *ctx, uint32_t first, uint32_t count)
{
   bool add_start = g80_3d_reg(ctx, G80_3D_VP_GP_BUILTIN_ATTR_EN) &
                    G80_3D_VP_GP_BUILTIN_ATTR_EN_VERTEX_ID_DRAW_ARRAYS_ADD_START;
   bool restarts = g80_3d_reg(ctx, G80_3D_PRIM_RESTART_WITH_DRAW_ARRAYS);
   for (uint32_t i = 0; i < count; i++) {
      uint32_t index = first + i;
      enum nvsim_status st;
      if (restarts && restart(ctx, index)) {
         st = flush_run(ctx);
      } else {
         uint32_t in[G80_3D_VP_IN_WORDS];
         unsigned words;
         st = g80_3d_fetch_vertex(ctx, index, ctx->draw->instance,
                                  add_start ? index : i, in, &words);
         if (!st)
            st = push_vertex(ctx, in, words);
      }
      if (st)
         return st;
   }
   return NVSIM_OK;
}

/* The indices of an element word of `size` bytes each, after the SETUP's
 * OFFSET and COUNT. */
static enum nvsim_status
element_word(struct g80_3d *ctx, uint32_t data, unsigned size,
             uint32_t setup_mthd)
{
   struct g80_3d_draw *d = ctx->draw;
   uint32_t setup = setup_mthd ? g80_3d_reg(ctx, setup_mthd) : 0;
   /* U8_SETUP and U16_SETUP have the same fields */
   uint32_t count = G80_3D_FIELD(setup, G80_3D_VB_ELEMENT_U16_SETUP_COUNT);
   unsigned skip = 0;
   if (count && d->setup_first)
      skip = G80_3D_FIELD(setup, G80_3D_VB_ELEMENT_U16_SETUP_OFFSET) / size;
   d->setup_first = false;
   for (unsigned i = skip; i < 4 / size; i++) {
      if (count && d->setup_taken >= count)
         break;
      d->setup_taken++;
      uint32_t e = size == 4 ? data : (data >> (8 * size * i)) &
                                      ((1u << (8 * size)) - 1);
      enum nvsim_status st = element(ctx, e);
      if (st)
         return st;
   }
   return NVSIM_OK;
}

static enum nvsim_status
vertex_data(struct g80_3d *ctx, uint32_t data)
{
   struct g80_3d_draw *d = ctx->draw;
   unsigned words = g80_3d_inline_vertex_words(ctx);
   if (!words)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "VERTEX_DATA with no enabled vertex attribute");
   d->inline_words[d->inline_n++] = data;
   if (d->inline_n < words)
      return NVSIM_OK;
   d->inline_n = 0;
   uint32_t in[G80_3D_VP_IN_WORDS];
   unsigned n;
   enum nvsim_status st =
      g80_3d_inline_vertex(ctx, d->inline_words,
                           vertex_id_base(ctx) + d->inline_count++,
                           d->instance, in, &n);
   if (st)
      return st;
   return push_vertex(ctx, in, n);
}

static enum nvsim_status
begin(struct g80_3d *ctx, uint32_t data)
{
   struct g80_3d_draw *d = ctx->draw;
   uint32_t prim = G80_3D_FIELD(data, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE);
   if (d->active)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "VERTEX_BEGIN_GL inside a primitive");
   d->active = true;
   d->failed = true;            /* until every check below passes */
   d->n = 0;
   d->inline_n = 0;
   d->inline_count = 0;
   if (data & G80_3D_VERTEX_BEGIN_GL_INSTANCE_NEXT)
      d->instance++;
   else if (!(ctx->obj->oclass >= G200_3D_CLASS &&
              (data & G200_3D_VERTEX_BEGIN_GL_INSTANCE_CONT)))
      d->instance = 0;
   d->prim = prim;
   if (!(ctx->obj->oclass >= G84_3D_CLASS &&
         (data & G84_3D_VERTEX_BEGIN_GL_PRIMITIVE_ID_CONT)))
      d->prim_id = 0;
   if (prim > G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POLYGON &&
       !g80_3d_prim_adjacency(prim))
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "primitive 0x%x is not a value rnndb names", prim);
   /* COND_MODE (g80_cond.c): a primitive it does not let render is
    * dropped whole (failed stays set): nothing is fetched, run or
    * counted */
   bool render;
   enum nvsim_status st = g80_3d_cond_render(ctx, "draw", &render);
   if (st || !render)
      return st;
   if (g80_3d_reg(ctx, G80_3D_GP_ENABLE) && g80_3d_gp_begin(ctx, prim))
      return NVSIM_INVALID_STATE;
   if (!ctx->stages)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "draws are not modelled without a stage runner "
                         "(the shader interpreter)");
   d->failed = false;
   return NVSIM_OK;
}

enum nvsim_status
g80_3d_draw_method(struct g80_3d *ctx, uint32_t mthd, uint32_t data)
{
   if (!ctx->draw) {
      ctx->draw = calloc(1, sizeof(*ctx->draw));
      if (!ctx->draw)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "out of memory");
   }
   struct g80_3d_draw *d = ctx->draw;
   enum nvsim_status st = NVSIM_OK;

   if (mthd == G80_3D_VB_ELEMENT_U8_SETUP || mthd == G80_3D_VB_ELEMENT_U16_SETUP) {
      d->setup_taken = 0;
      d->setup_first = true;
      return NVSIM_OK;
   }
   if (mthd == G80_3D_VERTEX_BEGIN_GL)
      return begin(ctx, data);
   if (!d->active)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "a draw method outside VERTEX_BEGIN_GL/END_GL");
   if (mthd == G80_3D_VERTEX_END_GL) {
      if (!d->failed)
         st = flush_run(ctx);
      d->active = false;
      d->n = 0;
      return st;
   }
   /* a trapped primitive drops its remaining vertices silently: one trap
    * a draw, not one per index */
   if (d->failed)
      return NVSIM_OK;
   switch (mthd) {
   case G80_3D_VERTEX_BUFFER_COUNT:
      st = draw_arrays(ctx, g80_3d_reg(ctx, G80_3D_VERTEX_BUFFER_FIRST),
                       data);
      break;
   case G200_3D_DRAW_TFB_BYTES: {
      /* vertices 0.. of the count transform feedback wrote
       * (g80_3d_draw_tfb.c) */
      uint32_t count;
      st = g80_3d_draw_tfb_count(ctx, data, &count);
      if (!st)
         st = draw_arrays(ctx, 0, count);
      break;
   }
   case G80_3D_VB_ELEMENT_U32:
      st = element_word(ctx, data, 4, 0);
      break;
   case G80_3D_VB_ELEMENT_U16:
      st = element_word(ctx, data, 2, G80_3D_VB_ELEMENT_U16_SETUP);
      break;
   case G80_3D_VB_ELEMENT_U8:
      st = element_word(ctx, data, 1, G80_3D_VB_ELEMENT_U8_SETUP);
      break;
   case G80_3D_VERTEX_DATA:
      st = vertex_data(ctx, data);
      break;
   default:
      break;
   }
   if (st)
      d->failed = true;
   return st;
}

/* VERTEX_ID_BASE written: inline and immediate vertex ids count from it
 * again (the file's head) */
void
g80_3d_draw_id_base(struct g80_3d *ctx)
{
   if (ctx->draw)
      ctx->draw->inline_count = 0;
}

/* Attribute 0 completed by a VTX_ATTR_* method: inside a primitive it
 * provokes a vertex of every attribute's current value (NV_vertex_program
 * 2.14.1.1, g80_3d_vertex.c); outside one it does nothing more.  The
 * vertex id counts immediate vertices from VERTEX_ID_BASE, as inline ones
 * (assumed: not documented), from its last write. */
enum nvsim_status
g80_3d_draw_immediate(struct g80_3d *ctx)
{
   struct g80_3d_draw *d = ctx->draw;
   if (!d || !d->active || d->failed)
      return NVSIM_OK;
   uint32_t in[G80_3D_VP_IN_WORDS];
   unsigned n;
   enum nvsim_status st =
      g80_3d_attr_vertex(ctx, vertex_id_base(ctx) + d->inline_count++,
                         d->instance, in, &n);
   if (!st)
      st = push_vertex(ctx, in, n);
   if (st)
      d->failed = true;
   return st;
}

/* ---- clipping ---- */

#define MAX_PLANES (7 + G80_3D_FIELD_VALUES(G80_3D_SEMANTIC_CLIP_CLIP_NUM))
#define MAX_CLIP_VERTS (3 + MAX_PLANES + 1)

struct clip_vertex {
   float s[G80_3D_MAP_SLOTS];
   bool edge;                   /* the edge to the next vertex is drawn */
};

struct plane {
   float a, b, c, d;            /* inside: a x + b y + c z + d w >= 0 */
   int slot;                    /* >= 0: inside when slot value >= 0 */
};

/* CLIP_DISTANCE_MODE: distance i's field is bit 4 i (rnndb fields 0..7
 * at bits 0, 4, .., 28, enum g80_clip_distance_mode: 0 CLIP, 1 CULL;
 * upstream's nv50_program.c sets 1 << 4 i for GL's cull distances).  A
 * distance without a field (i >= 8, beyond CLIP_DISTANCE_ENABLE's bits
 * too) clips. */
static bool
distance_culls(uint32_t mode, unsigned i)
{
   const unsigned stride = G80_3D_CLIP_DISTANCE_MODE_1__SHIFT -
                           G80_3D_CLIP_DISTANCE_MODE_0__SHIFT;
   if (i >= 32 / stride)
      return false;
   return ((mode >> (i * stride)) & G80_3D_CLIP_DISTANCE_MODE_0__MASK) ==
          G80_3D_CLIP_DISTANCE_MODE_0_CULL;
}

static unsigned
clip_planes(const struct g80_3d *ctx, struct plane *p)
{
   unsigned n = 0;
   p[n++] = (struct plane){ 0, 0, 0, 1, -1 };              /* w > 0 */
   if (g80_3d_reg(ctx, G80_3D_VIEWPORT_TRANSFORM_EN)) {
      p[n++] = (struct plane){ 1, 0, 0, 1, -1 };
      p[n++] = (struct plane){ -1, 0, 0, 1, -1 };
      p[n++] = (struct plane){ 0, 1, 0, 1, -1 };
      p[n++] = (struct plane){ 0, -1, 0, 1, -1 };
      uint32_t vv = g80_3d_reg(ctx, G80_3D_VIEW_VOLUME_CLIP_CTRL);
      bool halfz = g80_3d_reg(ctx, G80_3D_DEPTH_CLIP_NEGATIVE_Z) != 0;
      if (!(vv & G80_3D_VIEW_VOLUME_CLIP_CTRL_DEPTH_CLAMP_NEAR))
         p[n++] = (struct plane){ 0, 0, 1, halfz ? 0.0f : 1.0f, -1 };
      if (!(vv & G80_3D_VIEW_VOLUME_CLIP_CTRL_DEPTH_CLAMP_FAR))
         p[n++] = (struct plane){ 0, 0, -1, 1, -1 };
   }
   uint32_t en = g80_3d_reg(ctx, G80_3D_CLIP_DISTANCE_ENABLE);
   uint32_t mode = g80_3d_reg(ctx, G80_3D_CLIP_DISTANCE_MODE);
   uint32_t sc = g80_3d_reg(ctx, G80_3D_SEMANTIC_CLIP);
   unsigned start = G80_3D_FIELD(sc, G80_3D_SEMANTIC_CLIP_CLIP_START);
   for (unsigned i = 0; i < G80_3D_FIELD_VALUES(G80_3D_SEMANTIC_CLIP_CLIP_NUM) &&
                        i < 32; i++) {
      if (!(en & (1u << i)) || distance_culls(mode, i))   /* not here */
         continue;
      if (start + i < G80_3D_MAP_SLOTS)
         p[n++] = (struct plane){ 0, 0, 0, 0, (int)(start + i) };
   }
   return n;
}

static float
dist(const struct plane *p, const float *s)
{
   if (p->slot >= 0)
      return s[p->slot];
   float d = p->a * s[0] + p->b * s[1] + p->c * s[2] + p->d * s[3];
   /* w > 0 strictly: keep the divide finite */
   return (p->a == 0 && p->b == 0 && p->c == 0) ? d - 1e-7f : d;
}

/* Clip-distance culling (CLIP_DISTANCE_MODE CULL): culled when a distance
 * is negative at every vertex. */
static bool
culled_by_distance(const struct g80_3d *ctx, const struct clip_vertex *v,
                   unsigned n)
{
   uint32_t en = g80_3d_reg(ctx, G80_3D_CLIP_DISTANCE_ENABLE);
   uint32_t mode = g80_3d_reg(ctx, G80_3D_CLIP_DISTANCE_MODE);
   unsigned start = G80_3D_FIELD(g80_3d_reg(ctx, G80_3D_SEMANTIC_CLIP),
                                 G80_3D_SEMANTIC_CLIP_CLIP_START);
   for (unsigned i = 0; i < 32 && en >> i; i++) {
      if (!(en & (1u << i)) || !distance_culls(mode, i) ||
          start + i >= G80_3D_MAP_SLOTS)
         continue;
      bool all_out = true;
      for (unsigned k = 0; k < n; k++)
         all_out &= v[k].s[start + i] < 0.0f;
      if (all_out)
         return true;
   }
   return false;
}

/* The point where the edge a-b crosses a plane (da, db: the distances).
 * GL 3.3 2.19.1 "Clipping Shader Varying Outputs": c = t c1 + (1 - t) c2
 * in clip space, except that "for vertex shader varying variables
 * specified to be interpolated without perspective correction (using the
 * noperspective qualifier), the value of t used to obtain the varying
 * value associated with P will be adjusted to produce results that vary
 * linearly in screen space": for the slots NOPERSPECTIVE_BITMAP marks,
 * the parameter is the point's place between a and b in window space,
 * t w_b / w_P (the window position is ((1 - t) w_a (x_a / w_a) + t w_b
 * (x_b / w_b)) / w_P with w_P = (1 - t) w_a + t w_b). */
static void
lerp(const struct g80_3d *ctx, struct clip_vertex *out,
     const struct clip_vertex *a, const struct clip_vertex *b, float da,
     float db)
{
   /* a fixed order, so that neighbours sharing an edge get one point */
   if (memcmp(a->s, b->s, 4 * sizeof(float)) > 0) {
      const struct clip_vertex *t = a;
      a = b;
      b = t;
      float f = da;
      da = db;
      db = f;
   }
   float t = da / (da - db);
   float w = a->s[3] + t * (b->s[3] - a->s[3]);
   /* a point at or behind the eye (the w > 0 plane's own crossing) has
    * no window position: the clip-space t stands */
   float t_win = w > 0.0f && a->s[3] > 0.0f && b->s[3] > 0.0f ?
                 t * b->s[3] / w : t;
   for (unsigned m = 0; m < G80_3D_MAP_SLOTS; m++) {
      /* slots 0..3 are the clip position itself */
      float tm = m >= 4 && g80_3d_slot_linear(ctx, m) ? t_win : t;
      out->s[m] = a->s[m] + tm * (b->s[m] - a->s[m]);
   }
}

static unsigned
clip_polygon(const struct g80_3d *ctx, struct clip_vertex *a,
             struct clip_vertex *b, unsigned n, struct clip_vertex **res)
{
   struct plane planes[MAX_PLANES];
   unsigned np = clip_planes(ctx, planes);
   struct clip_vertex *in = a, *out = b;
   for (unsigned pi = 0; pi < np && n >= 3; pi++) {
      bool all_in = true;
      for (unsigned i = 0; i < n; i++)
         all_in &= dist(&planes[pi], in[i].s) >= 0;
      if (all_in)
         continue;
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct clip_vertex *p = &in[i], *q = &in[(i + 1) % n];
         float dp = dist(&planes[pi], p->s), dq = dist(&planes[pi], q->s);
         if (dp >= 0 && m < MAX_CLIP_VERTS)
            out[m++] = *p;
         if ((dp >= 0) != (dq >= 0) && m < MAX_CLIP_VERTS) {
            lerp(ctx, &out[m], p, q, dp, dq);
            out[m++].edge = dp >= 0 ? true : p->edge;
         }
      }
      struct clip_vertex *t = in;
      in = out;
      out = t;
      n = m;
   }
   *res = in;
   return n;
}

/* ---- to the rasteriser ---- */

struct draw_ctx {
   struct g80_3d *ctx;
   struct nvsim_raster_state *rs;
   struct g80_3d_rop *rop;
   bool transform;
   float scale[3], translate[3];
   float origin[2];             /* staging (0, 0) in window pixels */
   unsigned attrs;
   struct draw_bounds *bounds;  /* the measuring pass (bound()), or NULL */
   /* Layers and viewports (g80_3d_layer.c): primitives are numbered in
    * the order the passes meet them (draw_select); when the GP selects
    * the pair (`varies`), a scan first records each primitive's pair in
    * `scan`, and each run of primitives with the same pair, first..end-1,
    * is drawn with a ROP of its own; the first trap stops the draw */
   bool varies, scanning;
   unsigned prim_index, run_first, run_end;
   struct g80_3d_target *scan;
   unsigned scan_n, scan_cap;
   enum nvsim_status st;
};

/* The next primitive, whose provoking vertex has slots `prov`: whether
 * this pass draws it (see struct draw_ctx). */
static bool
draw_select(struct draw_ctx *dc, const float *prov)
{
   unsigned i = dc->prim_index++;
   if (!dc->scanning)
      return i >= dc->run_first && i < dc->run_end;
   if (dc->st)
      return false;
   if (dc->scan_n == dc->scan_cap) {
      unsigned cap = dc->scan_cap ? 2 * dc->scan_cap : 64;
      struct g80_3d_target *t = realloc(dc->scan, cap * sizeof(*t));
      if (!t) {
         dc->st = g80_3d_fail(dc->ctx, NVSIM_INVALID_STATE, "out of memory");
         return false;
      }
      dc->scan = t;
      dc->scan_cap = cap;
   }
   dc->st = g80_3d_prim_target(dc->ctx, prov, &dc->scan[dc->scan_n]);
   if (!dc->st)
      dc->scan_n++;
   return false;
}

/* The clipper's counters (g80_3d_counter.c): a primitive is counted in
 * the measuring pass of the run that draws it (draw_select), once. */
static void
count_clip(struct draw_ctx *dc, uint32_t select)
{
   if (dc->bounds)
      g80_3d_count(dc->ctx, select, 1);
}

/* A new line stipple pattern (each line of LINES, each strip); nothing
 * to reset while scanning (no ROP yet). */
static void
stipple_reset(struct draw_ctx *dc)
{
   if (dc->rs)
      dc->rs->line_stipple_counter = 0;
}

/* A draw runs its primitives twice through the same assembly, clipping
 * and culling: the first pass measures the staging-window bounds of
 * every vertex the rasteriser would get, the ROP stages only the pixels
 * inside them (g80_3d_rop_stage), the second pass rasterises.  The
 * margins hold what the rasteriser may cover around the vertices: a
 * triangle the pixels (or, multisampled, the pixels' samples) inside its
 * vertices snapped to its sub-pixel grid (2 pixels: more than the
 * snapping moves), a line or a point at most half its width or size
 * (the rasteriser clamps them to at most 64) plus 2.  A vertex with an
 * infinite or NaN bound stages the whole clip rectangle. */
struct draw_bounds {
   bool unbounded;
   float x0, y0, x1, y1;
};

static void
bound(struct draw_ctx *dc, const struct nvsim_raster_vertex *r, float margin)
{
   struct draw_bounds *b = dc->bounds;
   float x0 = r->x - margin, x1 = r->x + margin;
   float y0 = r->y - margin, y1 = r->y + margin;
   if (!(isfinite(x0) && isfinite(x1) && isfinite(y0) && isfinite(y1))) {
      b->unbounded = true;
      return;
   }
   b->x0 = fminf(b->x0, x0);
   b->y0 = fminf(b->y0, y0);
   b->x1 = fmaxf(b->x1, x1);
   b->y1 = fmaxf(b->y1, y1);
}

/* A finite bound as an int pixel position (the ROP cuts it to the clip
 * rectangle, which lies in 0..8192). */
static int
bound_px(float f)
{
   return (int)fminf(fmaxf(f, -1.0f), 1e9f);
}

static float
wide_margin(float w)
{
   return (w >= 1.0f ? w : 1.0f) * 0.5f + 2.0f;    /* NaN: 1, as drawn */
}

static void
raster_point(struct draw_ctx *dc, const struct nvsim_raster_vertex *r,
             float size)
{
   if (dc->bounds)
      bound(dc, r, wide_margin(size));
   else
      nvsim_raster_point(dc->rs, r, size);
}

static void
raster_line(struct draw_ctx *dc, const struct nvsim_raster_vertex *r0,
            const struct nvsim_raster_vertex *r1, float width)
{
   if (dc->bounds) {
      bound(dc, r0, wide_margin(width));
      bound(dc, r1, wide_margin(width));
   } else {
      nvsim_raster_line(dc->rs, r0, r1, width, 0);
   }
}

static void
raster_triangle(struct draw_ctx *dc, const struct nvsim_raster_vertex *r0,
                const struct nvsim_raster_vertex *r1,
                const struct nvsim_raster_vertex *r2, bool front, bool offset)
{
   if (dc->bounds) {
      bound(dc, r0, 2.0f);
      bound(dc, r1, 2.0f);
      bound(dc, r2, 2.0f);
   } else {
      nvsim_raster_triangle(dc->rs, r0, r1, r2, front, 0, offset);
   }
}

static void
to_window(const struct draw_ctx *dc, const struct clip_vertex *v,
          struct nvsim_raster_vertex *r)
{
   float w = v->s[3];
   float w_inv = 1.0f / w;
   float ndc[3] = { v->s[0] * w_inv, v->s[1] * w_inv, v->s[2] * w_inv };
   if (dc->transform) {
      r->x = ndc[0] * dc->scale[0] + dc->translate[0];
      r->y = ndc[1] * dc->scale[1] + dc->translate[1];
      r->z = ndc[2] * dc->scale[2] + dc->translate[2];
   } else {
      r->x = ndc[0];
      r->y = ndc[1];
      r->z = ndc[2];
   }
   r->x -= dc->origin[0];
   r->y -= dc->origin[1];
   r->w_inv = w_inv;
   /* linear (NOPERSPECTIVE) slots: v * w, which the rasteriser's
    * perspective interpolation and the FP input's multiply by 1/w turn
    * into v linear in window space (g80_3d_rop.c shade_quad) */
   for (unsigned k = 0; k < dc->attrs; k++)
      for (unsigned c = 0; c < 4; c++) {
         unsigned m = 4 * k + c;
         float s = v->s[m];
         if (!g80_3d_slot_flat(dc->ctx, m) && g80_3d_slot_linear(dc->ctx, m))
            s *= w;
         r->attr[k][c] = s;
      }
}

static float
point_size(const struct draw_ctx *dc, const struct clip_vertex *v)
{
   uint32_t p = g80_3d_reg(dc->ctx, G80_3D_SEMANTIC_PTSZ);
   if (p & G80_3D_SEMANTIC_PTSZ_PTSZ_EN__MASK) {
      unsigned m = G80_3D_FIELD(p, G80_3D_SEMANTIC_PTSZ_PTSZ_ID);
      if (m < G80_3D_MAP_SLOTS)
         return v->s[m];
   }
   return regf(dc->ctx, G80_3D_POINT_SIZE);
}

/* Whether slot m takes the provoking vertex's value: a flat interpolant
 * (FP_INTERPOLANT_CTRL), or with SHADE_MODEL FLAT one of the colour slots
 * SEMANTIC_COLOR names (GL 3.3 compatibility 2.19.7 "Flatshading" applies
 * to the colours; upstream marks only GLSL flat inputs in COUNT_NONFLAT
 * and sends the shade model as SHADE_MODEL). */
static bool
slot_provoking(const struct g80_3d *ctx, unsigned m)
{
   if (g80_3d_slot_flat(ctx, m))
      return true;
   if (g80_3d_reg(ctx, G80_3D_SHADE_MODEL) != G80_3D_SHADE_MODEL_FLAT)
      return false;
   uint32_t sc = g80_3d_reg(ctx, G80_3D_SEMANTIC_COLOR);
   unsigned nr = G80_3D_FIELD(sc, G80_3D_SEMANTIC_COLOR_COLR_NR);
   unsigned ffc = G80_3D_FIELD(sc, G80_3D_SEMANTIC_COLOR_FFC0_ID);
   unsigned bfc = G80_3D_FIELD(sc, G80_3D_SEMANTIC_COLOR_BFC0_ID);
   return (m >= ffc && m < ffc + nr) || (m >= bfc && m < bfc + nr);
}

static void
set_flat(struct clip_vertex *v, unsigned n, const struct clip_vertex *prov,
         const struct g80_3d *ctx)
{
   for (unsigned m = 0; m < G80_3D_MAP_SLOTS; m++)
      if (slot_provoking(ctx, m))
         for (unsigned i = 0; i < n; i++)
            v[i].s[m] = prov->s[m];
}

static void
draw_point(struct draw_ctx *dc, const struct g80_3d_vertex *v)
{
   if (!draw_select(dc, v->slot))
      return;
   count_clip(dc, G80_3D_QUERY_GET_COUNTER_SELECT_RAST_PRIMITIVES_PRECLIP);
   struct clip_vertex a;
   memcpy(a.s, v->slot, sizeof(a.s));
   struct plane planes[MAX_PLANES];
   unsigned np = clip_planes(dc->ctx, planes);
   for (unsigned i = 0; i < np; i++)
      if (dist(&planes[i], a.s) < 0)
         return;
   if (culled_by_distance(dc->ctx, &a, 1))
      return;
   count_clip(dc, G80_3D_QUERY_GET_COUNTER_SELECT_RAST_PRIMITIVES_POSTCLIP);
   struct nvsim_raster_vertex r;
   to_window(dc, &a, &r);
   raster_point(dc, &r, point_size(dc, &a));
}

static void
draw_line(struct draw_ctx *dc, const struct g80_3d_vertex *v0,
          const struct g80_3d_vertex *v1, const struct g80_3d_vertex *prov)
{
   if (!draw_select(dc, prov->slot))
      return;
   count_clip(dc, G80_3D_QUERY_GET_COUNTER_SELECT_RAST_PRIMITIVES_PRECLIP);
   struct clip_vertex ab[2], p;
   memcpy(ab[0].s, v0->slot, sizeof(ab[0].s));
   memcpy(ab[1].s, v1->slot, sizeof(ab[1].s));
   memcpy(p.s, prov->slot, sizeof(p.s));
   set_flat(ab, 2, &p, dc->ctx);
   if (culled_by_distance(dc->ctx, ab, 2))
      return;
   struct plane planes[MAX_PLANES];
   unsigned np = clip_planes(dc->ctx, planes);
   for (unsigned i = 0; i < np; i++) {
      float da = dist(&planes[i], ab[0].s), db = dist(&planes[i], ab[1].s);
      if (da < 0 && db < 0)
         return;
      struct clip_vertex t;
      if (da < 0) {
         lerp(dc->ctx, &t, &ab[0], &ab[1], da, db);
         ab[0] = t;
      } else if (db < 0) {
         lerp(dc->ctx, &t, &ab[0], &ab[1], da, db);
         ab[1] = t;
      }
   }
   count_clip(dc, G80_3D_QUERY_GET_COUNTER_SELECT_RAST_PRIMITIVES_POSTCLIP);
   struct nvsim_raster_vertex r0, r1;
   to_window(dc, &ab[0], &r0);
   to_window(dc, &ab[1], &r1);
   raster_line(dc, &r0, &r1, regf(dc->ctx, G80_3D_LINE_WIDTH));
}

/* A triangle; edges bit i: the edge from vertex i to i + 1 is a polygon
 * boundary (for POLYGON_MODE LINE/POINT). */
static void
draw_triangle(struct draw_ctx *dc, const struct g80_3d_vertex *v0,
              const struct g80_3d_vertex *v1, const struct g80_3d_vertex *v2,
              const struct g80_3d_vertex *prov, unsigned edges)
{
   if (!draw_select(dc, prov->slot))
      return;
   count_clip(dc, G80_3D_QUERY_GET_COUNTER_SELECT_RAST_PRIMITIVES_PRECLIP);
   struct g80_3d *ctx = dc->ctx;
   struct clip_vertex a[MAX_CLIP_VERTS], b[MAX_CLIP_VERTS], p, *poly;
   struct nvsim_raster_vertex rv[MAX_CLIP_VERTS];
   const struct g80_3d_vertex *in[3] = { v0, v1, v2 };
   for (unsigned i = 0; i < 3; i++) {
      memcpy(a[i].s, in[i]->slot, sizeof(a[i].s));
      a[i].edge = (edges >> i) & 1;
   }
   memcpy(p.s, prov->slot, sizeof(p.s));
   set_flat(a, 3, &p, ctx);
   if (culled_by_distance(ctx, a, 3))
      return;
   unsigned n = clip_polygon(ctx, a, b, 3, &poly);
   if (n < 3)
      return;
   count_clip(dc, G80_3D_QUERY_GET_COUNTER_SELECT_RAST_PRIMITIVES_POSTCLIP);
   for (unsigned i = 0; i < n; i++)
      to_window(dc, &poly[i], &rv[i]);
   float det = nvsim_raster_polygon_det(rv, n);
   if (det == 0.0f || !isfinite(det))
      return;
   /* counter-clockwise is a negative determinant in this y-down window
    * space (nvsim_raster.h, Gallium's convention) */
   bool ccw = det < 0.0f;
   bool front = ccw == (g80_3d_reg(ctx, G80_3D_FRONT_FACE) ==
                        G80_3D_FRONT_FACE_CCW);
   if (g80_3d_reg(ctx, G80_3D_CULL_FACE_ENABLE)) {
      uint32_t cull = g80_3d_reg(ctx, G80_3D_CULL_FACE);
      if (cull == G80_3D_CULL_FACE_FRONT_AND_BACK ||
          (cull == G80_3D_CULL_FACE_FRONT && front) ||
          (cull == G80_3D_CULL_FACE_BACK && !front))
         return;
   }
   /* two-sided colour: a back face takes the COLR_NR back colour slots
    * from BFC0_ID in place of the front ones from FFC0_ID (upstream's
    * linkage for light_twoside puts them so: nv50_fp_linkage_validate) */
   if (!front && g80_3d_reg(ctx, G80_3D_VERTEX_TWO_SIDE_ENABLE)) {
      uint32_t sc = g80_3d_reg(ctx, G80_3D_SEMANTIC_COLOR);
      unsigned nr = G80_3D_FIELD(sc, G80_3D_SEMANTIC_COLOR_COLR_NR);
      unsigned ffc = G80_3D_FIELD(sc, G80_3D_SEMANTIC_COLOR_FFC0_ID);
      unsigned bfc = G80_3D_FIELD(sc, G80_3D_SEMANTIC_COLOR_BFC0_ID);
      for (unsigned i = 0; i < n; i++) {
         for (unsigned k = 0; k < nr; k++)
            if (ffc + k < G80_3D_MAP_SLOTS && bfc + k < G80_3D_MAP_SLOTS)
               poly[i].s[ffc + k] = poly[i].s[bfc + k];
         to_window(dc, &poly[i], &rv[i]);
      }
   }
   uint32_t mode = g80_3d_reg(ctx, front ? G80_3D_POLYGON_MODE_FRONT
                                         : G80_3D_POLYGON_MODE_BACK);
   /* polygon offset moves the polygon's edges and vertices in these
    * modes too (GL 2.1 section 3.5.5; POLYGON_OFFSET_LINE/POINT_ENABLE):
    * m from the plane of the first triangle (nvsim_raster_offset.c) */
   float zoff;
   if (!dc->bounds &&
       ((mode == G80_3D_POLYGON_MODE_FRONT_LINE &&
         g80_3d_reg(ctx, G80_3D_POLYGON_OFFSET_LINE_ENABLE)) ||
        (mode == G80_3D_POLYGON_MODE_FRONT_POINT &&
         g80_3d_reg(ctx, G80_3D_POLYGON_OFFSET_POINT_ENABLE))) &&
       nvsim_raster_polygon_offset(dc->rs, rv, &zoff))
      for (unsigned i = 0; i < n; i++)
         rv[i].z += zoff;
   if (mode == G80_3D_POLYGON_MODE_FRONT_LINE) {
      stipple_reset(dc);
      float w = regf(ctx, G80_3D_LINE_WIDTH);
      for (unsigned i = 0; i < n; i++)
         if (poly[i].edge)
            raster_line(dc, &rv[i], &rv[(i + 1) % n], w);
      return;
   }
   if (mode == G80_3D_POLYGON_MODE_FRONT_POINT) {
      for (unsigned i = 0; i < n; i++)
         if (poly[i].edge)
            raster_point(dc, &rv[i], point_size(dc, &poly[i]));
      return;
   }
   bool offset = g80_3d_reg(ctx, G80_3D_POLYGON_OFFSET_FILL_ENABLE) != 0;
   for (unsigned i = 1; i + 1 < n; i++)
      raster_triangle(dc, &rv[0], &rv[i], &rv[i + 1], front, offset);
}

/* A polygon of n vertices as a fan, boundary edges marked. */
static void
draw_polygon(struct draw_ctx *dc, const struct g80_3d_vertex *const *v,
             unsigned n, const struct g80_3d_vertex *prov)
{
   for (unsigned i = 1; i + 1 < n; i++) {
      unsigned edges = 0x2;                   /* v[i] -> v[i+1] */
      if (i == 1)
         edges |= 0x1;                        /* v[0] -> v[1] */
      if (i + 2 == n)
         edges |= 0x4;                        /* v[n-1] -> v[0] */
      draw_triangle(dc, v[0], v[i], v[i + 1], prov, edges);
   }
}

/* Primitives with adjacency without a GP: GL 3.2 2.6.1 draws their
 * lines and triangles, the adjacent vertices dropped; provoking vertices
 * from table 2.12 (g80_3d_prim_vertices). */
static void
draw_adjacency(struct draw_ctx *dc, uint32_t prim,
               const struct g80_3d_vertex *v, unsigned n, bool last)
{
   unsigned count = g80_3d_prim_count(prim, n);
   bool lines = g80_3d_prim_size(prim) == 4;
   stipple_reset(dc);
   for (unsigned k = 0; k < count; k++) {
      unsigned i[6];
      unsigned p = g80_3d_prim_vertices(prim, n, k, last, i);
      if (lines) {
         if (prim == G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINES_ADJACENCY)
            stipple_reset(dc);
         draw_line(dc, &v[i[1]], &v[i[2]], &v[p]);
      } else {
         draw_triangle(dc, &v[i[0]], &v[i[2]], &v[i[4]], &v[p], 0x7);
      }
   }
}

static void draw_prims(struct draw_ctx *dc, uint32_t prim,
                       const struct g80_3d_vertex *v, unsigned n);

static enum nvsim_status
draw_begin(struct g80_3d *ctx, struct draw_ctx *dc,
           const struct g80_3d_target *t)
{
   enum nvsim_status st = g80_3d_rop_begin(ctx, t, &dc->rop, &dc->rs);
   if (st)
      return st;
   int ox, oy;
   g80_3d_rop_origin(dc->rop, &ox, &oy);
   dc->origin[0] = (float)ox;
   dc->origin[1] = (float)oy;
   dc->transform = g80_3d_reg(ctx, G80_3D_VIEWPORT_TRANSFORM_EN) != 0;
   unsigned vp = t->viewport;
   dc->scale[0] = regf(ctx, G80_3D_VIEWPORT_SCALE_X(vp));
   dc->scale[1] = regf(ctx, G80_3D_VIEWPORT_SCALE_Y(vp));
   dc->scale[2] = regf(ctx, G80_3D_VIEWPORT_SCALE_Z(vp));
   dc->translate[0] = regf(ctx, G80_3D_VIEWPORT_TRANSLATE_X(vp));
   dc->translate[1] = regf(ctx, G80_3D_VIEWPORT_TRANSLATE_Y(vp));
   dc->translate[2] = regf(ctx, G80_3D_VIEWPORT_TRANSLATE_Z(vp));
   dc->attrs = (g80_3d_result_slots(ctx) + 3) / 4;
   if (dc->attrs > NVSIM_RASTER_MAX_ATTRIBS)
      dc->attrs = NVSIM_RASTER_MAX_ATTRIBS;
   return NVSIM_OK;
}

/* Every primitive of the strips once through draw_prims (one pass). */
static void
walk_strips(struct draw_ctx *dc, uint32_t prim, const struct g80_3d_vertex *v,
            unsigned n, const unsigned *starts, unsigned strips)
{
   dc->prim_index = 0;
   for (unsigned i = 0; i < strips; i++) {
      unsigned end = i + 1 < strips ? starts[i + 1] : n;
      if (starts[i] < end && end <= n)
         draw_prims(dc, prim, v + starts[i], end - starts[i]);
   }
}

/* The primitives run_first..run_end-1, all of layer and viewport t:
 * measured, staged (what they can touch) and drawn by a ROP of their
 * own (bound()). */
static enum nvsim_status
draw_target_run(struct draw_ctx *dc, const struct g80_3d_target *t,
                uint32_t prim, const struct g80_3d_vertex *v, unsigned n,
                const unsigned *starts, unsigned strips)
{
   struct g80_3d *ctx = dc->ctx;
   enum nvsim_status st = draw_begin(ctx, dc, t);
   if (st)
      return st;
   struct draw_bounds b = { false, INFINITY, INFINITY, -INFINITY, -INFINITY };
   for (int pass = 0; pass < 2; pass++) {
      dc->bounds = pass ? NULL : &b;
      walk_strips(dc, prim, v, n, starts, strips);
      if (pass)
         break;
      int x0 = 0, y0 = 0, x1 = 0, y1 = 0;   /* nothing to rasterise */
      if (b.unbounded) {
         x0 = y0 = INT_MIN;
         x1 = y1 = INT_MAX;
      } else if (b.x0 <= b.x1) {
         x0 = bound_px(floorf(b.x0));
         y0 = bound_px(floorf(b.y0));
         x1 = bound_px(ceilf(b.x1)) + 1;
         y1 = bound_px(ceilf(b.y1)) + 1;
      }
      st = g80_3d_rop_stage(ctx, dc->rop, x0, y0, x1, y1);
      if (st) {
         dc->rop = NULL;               /* freed by the stage's trap */
         dc->rs = NULL;
         return st;
      }
   }
   st = g80_3d_rop_end(ctx, dc->rop);
   dc->rop = NULL;
   dc->rs = NULL;
   return st;
}

enum nvsim_status
g80_3d_draw_run(struct g80_3d *ctx, uint32_t prim,
                const struct g80_3d_vertex *v, unsigned n)
{
   unsigned start = 0;
   return g80_3d_draw_strips(ctx, prim, v, n, &start, 1);
}

enum nvsim_status
g80_3d_draw_strips(struct g80_3d *ctx, uint32_t prim,
                   const struct g80_3d_vertex *v, unsigned n,
                   const unsigned *starts, unsigned strips)
{
   struct draw_ctx dc = { .ctx = ctx };
   /* transform feedback takes the primitives before clipping (GL 3.0
    * 2.15: after the vertex stage, before rasterisation) */
   enum nvsim_status st = NVSIM_OK;
   for (unsigned i = 0; i < strips && !st; i++) {
      unsigned end = i + 1 < strips ? starts[i + 1] : n;
      if (starts[i] < end && end <= n)
         st = g80_3d_strmout_draw(ctx, prim, v + starts[i], end - starts[i]);
   }
   if (st)
      return st;
   /* RASTERIZE_ENABLE 0: the VP ran, nothing is rasterised (upstream's
    * rasterizer_discard) */
   if (!g80_3d_reg(ctx, G80_3D_RASTERIZE_ENABLE))
      return NVSIM_OK;
   /* point sprites (g80_3d_sprite.c): what the model does not know traps */
   if ((st = g80_3d_sprite_check(ctx, prim)))
      return st;
   if (!g80_3d_prim_target_varies(ctx)) {
      /* one layer and viewport for the whole draw */
      struct g80_3d_target t;
      st = g80_3d_prim_target(ctx, NULL, &t);
      dc.run_end = UINT_MAX;
      return st ? st : draw_target_run(&dc, &t, prim, v, n, starts, strips);
   }
   /* the GP selects them: each primitive's pair, then the runs */
   dc.scanning = true;
   walk_strips(&dc, prim, v, n, starts, strips);
   dc.scanning = false;
   for (unsigned first = 0; first < dc.scan_n && !dc.st;) {
      const struct g80_3d_target *t = &dc.scan[first];
      unsigned end = first + 1;
      while (end < dc.scan_n && dc.scan[end].layer == t->layer &&
             dc.scan[end].gp_layer == t->gp_layer &&
             dc.scan[end].viewport == t->viewport)
         end++;
      dc.run_first = first;
      dc.run_end = end;
      dc.st = draw_target_run(&dc, t, prim, v, n, starts, strips);
      first = end;
   }
   free(dc.scan);
   return dc.st;
}

static void
draw_prims(struct draw_ctx *dc, uint32_t prim,
           const struct g80_3d_vertex *v, unsigned n)
{
   struct g80_3d *ctx = dc->ctx;
   bool last = g80_3d_reg(ctx, G80_3D_PROVOKING_VERTEX_LAST) != 0;

   /* GL 3.3 2.6.1 (primitive types) and table 2.12 (provoking vertex) */
   switch (prim) {
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS:
      for (unsigned i = 0; i < n; i++)
         draw_point(dc, &v[i]);
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINES:
      for (unsigned i = 0; i + 1 < n; i += 2) {
         stipple_reset(dc);
         draw_line(dc, &v[i], &v[i + 1], &v[last ? i + 1 : i]);
      }
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINE_STRIP:
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINE_LOOP:
      stipple_reset(dc);
      for (unsigned i = 0; i + 1 < n; i++)
         draw_line(dc, &v[i], &v[i + 1], &v[last ? i + 1 : i]);
      if (prim == G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINE_LOOP && n >= 2)
         draw_line(dc, &v[n - 1], &v[0], &v[last ? 0 : n - 1]);
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES:
      for (unsigned i = 0; i + 2 < n; i += 3)
         draw_triangle(dc, &v[i], &v[i + 1], &v[i + 2],
                       &v[last ? i + 2 : i], 0x7);
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP:
      for (unsigned i = 0; i + 2 < n; i++) {
         /* odd triangles keep the winding: (i + 1, i, i + 2) */
         const struct g80_3d_vertex *a = &v[i & 1 ? i + 1 : i];
         const struct g80_3d_vertex *b = &v[i & 1 ? i : i + 1];
         draw_triangle(dc, a, b, &v[i + 2], &v[last ? i + 2 : i], 0x7);
      }
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_FAN:
      for (unsigned i = 1; i + 1 < n; i++)
         draw_triangle(dc, &v[0], &v[i], &v[i + 1],
                       &v[last ? i + 1 : i], 0x7);
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_QUADS:
      for (unsigned i = 0; i + 3 < n; i += 4) {
         const struct g80_3d_vertex *q[4] = { &v[i], &v[i + 1], &v[i + 2],
                                              &v[i + 3] };
         draw_polygon(dc, q, 4, &v[last ? i + 3 : i]);
      }
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_QUAD_STRIP:
      for (unsigned i = 0; i + 3 < n; i += 2) {
         const struct g80_3d_vertex *q[4] = { &v[i], &v[i + 1], &v[i + 3],
                                              &v[i + 2] };
         draw_polygon(dc, q, 4, &v[last ? i + 3 : i]);
      }
      break;
   case G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POLYGON:
      if (n >= 3) {
         const struct g80_3d_vertex **p = malloc(n * sizeof(*p));
         if (!p) {
            g80_3d_fail(ctx, NVSIM_INVALID_STATE, "out of memory");
            break;
         }
         for (unsigned i = 0; i < n; i++)
            p[i] = &v[i];
         /* GL 3.3 table 2.12: a polygon's provoking vertex is its first */
         draw_polygon(dc, p, n, &v[0]);
         free(p);
      }
      break;
   default:
      if (g80_3d_prim_adjacency(prim))
         draw_adjacency(dc, prim, v, n, last);
      break;
   }
}
