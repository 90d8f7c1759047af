/*
 * Conditional rendering (g80_cond.c) and DRAW_TFB_BYTES
 * (g80_3d_draw_tfb.c) of the Tesla 3D class, without Mesa: draws and
 * clears into a 4 x 2 RGBA8_UNORM pitch target through a pass-through
 * stage, positions in window coordinates (VIEWPORT_TRANSFORM_EN 0).
 *
 * Facts: rnndb g80_defs.xml g80_cond_mode NEVER, ALWAYS, RES_NON_ZERO,
 * EQUAL, NOT_EQUAL, "the following two use *two* query objects and check
 * for equality of their COUNTER and RES fields"; a report is "QUERY_ID at
 * word 0, queried value at word 1" (QUERY_GET TYPE QUERY), 16 bytes with
 * the time; the two reports are 16 bytes apart (upstream's nv50_query_hw.c
 * "data[4] ... for comparison COND_MODE").  rnndb DRAW_TFB_BYTES: "Draws
 * VB vertices 0..(DRAW_TFB_BYTES-DRAW_TFB_BASE)/DRAW_TFB_STRIDE - 1".
 * GL 3.3 2.18 (conditional rendering): with the samples-passed query
 * non-zero the commands render, else they are discarded; the inverted
 * modes the other way round.
 */
#include <stdlib.h>

#include "nv50_ptfx.h"
#include "g80_defs.xml.h"
#include "g80_2d.xml.h"

#define W 4
#define H 2
#define BG 0xee000000u
#define RED 0xff0000ffu
#define BLUE 0xffff0000u
#define REPORTS 2048            /* the reports' offset in the vb buffer */

struct cfx {
   struct tfx t;
   struct surf2d rt, vb;
   struct g80_stage_runner runner;
   struct nvsim_bo *bos[3];
};

static uint32_t
px(const struct cfx *c, unsigned x, unsigned y)
{
   return ((const uint32_t *)c->rt.map)[y * W + x];
}

static void
fill_bg(struct cfx *c)
{
   for (unsigned i = 0; i < W * H; i++)
      ((uint32_t *)c->rt.map)[i] = BG;
}

/* Vertex i of array 0: window position (x, y, 0, 1), colour red. */
static void
vtx(struct cfx *c, unsigned i, float x, float y)
{
   float r[8] = { x, y, 0, 1, 1, 0, 0, 1 };
   memcpy((float *)c->vb.map + 8 * i, r, sizeof(r));
}

static bool
cfx_init(struct cfx *c, uint32_t chipset, uint32_t oclass)
{
   memset(c, 0, sizeof(*c));
   if (!tfx_init(&c->t, chipset))
      return false;
   struct tfx *t = &c->t;
   surf2d_new(t, &c->rt, 0x1000);
   surf2d_new(t, &c->vb, 0x1000);
   fill_bg(c);
   c->bos[0] = t->push_bo;
   c->bos[1] = c->rt.bo;
   c->bos[2] = c->vb.bo;
   c->runner.run = ptfx_copy_run;
   if (!ptfx_bind(t, oclass, &c->runner))
      return false;

   ptfx_rt(t, c->rt.va, G80_3D_RT_HORIZ_LAYOUT_PITCH | W * 4, H);
   m3d(t, G80_3D_RT_ARRAY_MODE, 0);
   m3d(t, G80_3D_COLOR_MASK(0), 0x1111);
   ptfx_arrays(t, c->vb.va, REPORTS);
   m3d(t, G80_3D_VIEWPORT_TRANSFORM_EN, 0);
   m3d(t, G80_3D_POLYGON_MODE_FRONT, G80_3D_POLYGON_MODE_FRONT_FILL);
   m3d(t, G80_3D_POLYGON_MODE_BACK, G80_3D_POLYGON_MODE_FRONT_FILL);
   m3d(t, G80_3D_POINT_SIZE, fbits(1.0f));
   /* a triangle over the whole target: vertices 0..2; points at the
    * centres of row 0: vertices 3..6 */
   vtx(c, 0, 0, 0);
   vtx(c, 1, 16, 0);
   vtx(c, 2, 0, 16);
   for (unsigned i = 0; i < W; i++)
      vtx(c, 3 + i, i + 0.5f, 0.5f);
   return true;
}

static void
cfx_fini(struct cfx *c)
{
   if (c->rt.bo) {
      surf2d_free(&c->t, &c->rt);
      surf2d_free(&c->t, &c->vb);
   }
   tfx_fini(&c->t);
}

static int64_t
cfx_submit(struct cfx *c)
{
   return tfx_submit(&c->t, c->bos, 3);
}

/* Report i (16 bytes each from REPORTS): words 0..3. */
static void
report(struct cfx *c, unsigned i, uint32_t seq, uint32_t res, uint32_t time)
{
   uint32_t *r = (uint32_t *)(c->vb.map + REPORTS + 16 * i);
   r[0] = seq;
   r[1] = res;
   r[2] = time;
   r[3] = 0;
}

static void
cond(struct cfx *c, uint32_t mode, uint64_t offset)
{
   uint64_t a = c->vb.va + offset;
   out(&c->t, nvt_inc(3, G80_3D_COND_ADDRESS_HIGH, 3));
   out(&c->t, (uint32_t)(a >> 32));
   out(&c->t, (uint32_t)a);
   out(&c->t, mode);
}

static void
m2d(struct tfx *t, uint32_t mthd, uint32_t data)
{
   out(t, nvt_inc(4, mthd, 1));
   out(t, data);
}

static void
draw_triangle(struct cfx *c)
{
   m3d(&c->t, G80_3D_VERTEX_BEGIN_GL,
       G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES);
   out(&c->t, nvt_inc(3, G80_3D_VERTEX_BUFFER_FIRST, 2));
   out(&c->t, 0);
   out(&c->t, 3);
   m3d(&c->t, G80_3D_VERTEX_END_GL, 0);
}

/* every pixel is `want` */
static bool
all_px(const struct cfx *c, uint32_t want)
{
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         if (px(c, x, y) != want)
            return false;
   return true;
}

/* One draw under `mode` with report 0 {seq0, res0} and report 1
 * {seq1, res1}: drawn (every pixel red) or not (every pixel BG). */
static void
check_draw(struct cfx *c, uint32_t mode, uint32_t seq0, uint32_t res0,
           uint32_t seq1, uint32_t res1, bool drawn)
{
   fill_bg(c);
   /* the times differ: they are not part of the comparison */
   report(c, 0, seq0, res0, 111);
   report(c, 1, seq1, res1, 222);
   cond(c, mode, REPORTS);
   draw_triangle(c);
   CHECK(cfx_submit(c) > 0);
   CHECK(nvsim_channel_error(c->t.chan) == NULL);
   CHECK(all_px(c, drawn ? RED : BG));
}

/* Each mode on draws, by rnndb's definitions. */
static void
cond_draw_modes(void)
{
   struct cfx c;
   if (!cfx_init(&c, 0x50, G80_3D_CLASS))
      goto out;
   check_draw(&c, G80_3D_COND_MODE_ALWAYS, 1, 0, 2, 5, true);
   check_draw(&c, G80_3D_COND_MODE_NEVER, 1, 1, 1, 1, false);
   /* RES_NON_ZERO: report 0's value, not its sequence */
   check_draw(&c, G80_3D_COND_MODE_RES_NON_ZERO, 7, 0, 7, 3, false);
   check_draw(&c, G80_3D_COND_MODE_RES_NON_ZERO, 0, 3, 0, 0, true);
   /* EQUAL / NOT_EQUAL: sequence and value of both reports */
   check_draw(&c, G80_3D_COND_MODE_EQUAL, 7, 3, 7, 3, true);
   check_draw(&c, G80_3D_COND_MODE_EQUAL, 7, 3, 7, 4, false);
   check_draw(&c, G80_3D_COND_MODE_EQUAL, 7, 3, 8, 3, false);
   check_draw(&c, G80_3D_COND_MODE_NOT_EQUAL, 7, 3, 7, 3, false);
   check_draw(&c, G80_3D_COND_MODE_NOT_EQUAL, 7, 3, 7, 4, true);
   check_draw(&c, G80_3D_COND_MODE_NOT_EQUAL, 7, 3, 8, 3, true);
out:
   cfx_fini(&c);
}

static void
check_clear(struct cfx *c, uint32_t mode, uint32_t res1, bool cleared)
{
   fill_bg(c);
   report(c, 0, 9, 4, 0);
   report(c, 1, 9, res1, 0);
   cond(c, mode, REPORTS);
   t3d_clear_color(&c->t, 0, 0, 1, 1);
   m3d(&c->t, G80_3D_CLEAR_BUFFERS, 0x3c);
   CHECK(cfx_submit(c) > 0);
   CHECK(nvsim_channel_error(c->t.chan) == NULL);
   CHECK(all_px(c, cleared ? BLUE : BG));
}

/* CLEAR_BUFFERS is gated as draws are (upstream brackets the clears GL
 * does not make conditional with COND_MODE ALWAYS). */
static void
cond_clear_modes(void)
{
   struct cfx c;
   if (!cfx_init(&c, 0x50, G80_3D_CLASS))
      goto out;
   check_clear(&c, G80_3D_COND_MODE_NEVER, 4, false);
   check_clear(&c, G80_3D_COND_MODE_ALWAYS, 4, true);
   check_clear(&c, G80_3D_COND_MODE_RES_NON_ZERO, 0, true);
   check_clear(&c, G80_3D_COND_MODE_EQUAL, 4, true);
   check_clear(&c, G80_3D_COND_MODE_EQUAL, 5, false);
   check_clear(&c, G80_3D_COND_MODE_NOT_EQUAL, 4, false);
   check_clear(&c, G80_3D_COND_MODE_NOT_EQUAL, 5, true);
out:
   cfx_fini(&c);
}

/* GL's conditional render as upstream's driver sends it: an occlusion
 * query (COUNTER_RESET SAMPLECNT, SAMPLECNT_ENABLE, QUERY_GET 0x0100f002
 * into report 0 with QUERY_SEQUENCE 1) next to report 1 holding {1, 0}
 * (the count at the query's start), then COND_MODE NOT_EQUAL: the draw
 * renders when the query's draw passed samples (GL 3.3 2.18), and EQUAL
 * (GL_QUERY_WAIT_INVERTED) when it passed none. */
static void
query_then_draw(struct cfx *c, bool samples, uint32_t mode, bool drawn)
{
   struct tfx *t = &c->t;
   report(c, 1, 1, 0, 0);
   /* the query's draw is not conditional (the last case's mode off) */
   m3d(t, G80_3D_COND_MODE, G80_3D_COND_MODE_ALWAYS);
   m3d(t, G80_3D_COUNTER_RESET, G80_3D_COUNTER_RESET_SAMPLECNT);
   m3d(t, G80_3D_SAMPLECNT_ENABLE, 1);
   /* the query's draw: the whole triangle, or one of no area, which
    * covers no sample (GL 3.3 3.6.1) */
   if (!samples) {
      vtx(c, 1, 0, 0);
      vtx(c, 2, 0, 0);
   }
   draw_triangle(c);
   m3d(t, G80_3D_SAMPLECNT_ENABLE, 0);
   out(t, nvt_inc(3, G80_3D_QUERY_ADDRESS_HIGH, 4));
   out(t, (uint32_t)((c->vb.va + REPORTS) >> 32));
   out(t, (uint32_t)(c->vb.va + REPORTS));
   out(t, 1);
   out(t, 0x0100f002);
   CHECK(cfx_submit(c) > 0);
   CHECK(nvsim_channel_error(c->t.chan) == NULL);
   vtx(c, 0, 0, 0);
   vtx(c, 1, 16, 0);
   vtx(c, 2, 0, 16);
   fill_bg(c);
   cond(c, mode, REPORTS);
   draw_triangle(c);
   CHECK(cfx_submit(c) > 0);
   CHECK(nvsim_channel_error(c->t.chan) == NULL);
   CHECK(all_px(c, drawn ? RED : BG));
}

static void
cond_occlusion_query(void)
{
   struct cfx c;
   if (!cfx_init(&c, 0x50, G80_3D_CLASS))
      goto out;
   query_then_draw(&c, true, G80_3D_COND_MODE_NOT_EQUAL, true);
   query_then_draw(&c, false, G80_3D_COND_MODE_NOT_EQUAL, false);
   query_then_draw(&c, true, G80_3D_COND_MODE_EQUAL, false);
   query_then_draw(&c, false, G80_3D_COND_MODE_EQUAL, true);
out:
   cfx_fini(&c);
}

/* Reports nvsim cannot read trap, naming the condition, and the draw is
 * dropped: an unaligned COND_ADDRESS, one past the mapped memory. */
static void
cond_bad_address(void)
{
   struct cfx c;
   if (!cfx_init(&c, 0x50, G80_3D_CLASS))
      goto out;
   cond(&c, G80_3D_COND_MODE_EQUAL, REPORTS + 2);
   draw_triangle(&c);
   cfx_submit(&c);
   CHECK_STR_HAS(nvsim_channel_last_trap(c.t.chan), "COND_ADDRESS");
   CHECK(all_px(&c, BG));
out:
   cfx_fini(&c);

   if (!cfx_init(&c, 0x50, G80_3D_CLASS))
      goto out2;
   /* the second report would be past the buffer's end */
   cond(&c, G80_3D_COND_MODE_NOT_EQUAL, 0x1000 - 16);
   t3d_clear_color(&c.t, 0, 0, 1, 1);
   m3d(&c.t, G80_3D_CLEAR_BUFFERS, 0x3c);
   cfx_submit(&c);
   CHECK_STR_HAS(nvsim_channel_last_trap(c.t.chan), "COND_ADDRESS");
   CHECK(all_px(&c, BG));
out2:
   cfx_fini(&c);
}

/* ---- G80_2D: the same modes with DMA_COND ---- */

#define T2D_HANDLE 0xbeef502d

/* A solid RECTANGLES [0, 4) x [0, 2) into the target through G80_2D
 * (its own COND_MODE / COND_ADDRESS, DMA_COND: rnndb g80_2d.xml) under
 * `mode` with reports 0 {5, 1} and 1 {5, res1}: the target is green or
 * keeps BG. */
static void
check_rect(struct cfx *c, uint32_t mode, uint32_t res1, bool drawn)
{
   struct tfx *t = &c->t;
   fill_bg(c);
   report(c, 0, 5, 1, 0);
   report(c, 1, 5, res1, 0);
   uint64_t a = c->vb.va + REPORTS;
   out(t, nvt_inc(4, G80_2D_COND_ADDRESS_HIGH, 3));
   out(t, (uint32_t)(a >> 32));
   out(t, (uint32_t)a);
   out(t, mode);
   out(t, nvt_inc(4, G80_2D_DRAW_POINT32_X(0), 4));
   out(t, 0);
   out(t, 0);
   out(t, W);
   out(t, H);
   CHECK(cfx_submit(c) > 0);
   CHECK(nvsim_channel_error(c->t.chan) == NULL);
   CHECK(all_px(c, drawn ? 0xff00ff00u : BG));
}

static void
cond_2d_rect(void)
{
   struct cfx c;
   if (!cfx_init(&c, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &c.t;
   CHECK_EQ(nvsim_object_create(t->chan, T2D_HANDLE, G80_2D_CLASS), 0);
   out(t, nvt_inc(4, 0, 1));
   out(t, T2D_HANDLE);
   m2d(t, G80_2D_DMA_DST, t->info.vram_ctxdma);
   m2d(t, G80_2D_DMA_COND, t->info.vram_ctxdma);
   m2d(t, G80_2D_OPERATION, G80_2D_OPERATION_SRCCOPY);
   m2d(t, G80_2D_DST_FORMAT, G80_SURFACE_FORMAT_RGBA8_UNORM);
   m2d(t, G80_2D_DST_LINEAR, 1);
   out(t, nvt_inc(4, G80_2D_DST_PITCH, 5));
   out(t, W * 4);
   out(t, W);
   out(t, H);
   out(t, (uint32_t)(c.rt.va >> 32));
   out(t, (uint32_t)c.rt.va);
   m2d(t, G80_2D_DRAW_SHAPE, G80_2D_DRAW_SHAPE_RECTANGLES);
   m2d(t, G80_2D_DRAW_COLOR_FORMAT, G80_SURFACE_FORMAT_RGBA8_UNORM);
   m2d(t, G80_2D_DRAW_COLOR, 0xff00ff00u);
   check_rect(&c, G80_2D_COND_MODE_ALWAYS, 1, true);
   check_rect(&c, G80_2D_COND_MODE_NEVER, 1, false);
   check_rect(&c, G80_2D_COND_MODE_RES_NON_ZERO, 0, true);
   check_rect(&c, G80_2D_COND_MODE_EQUAL, 1, true);
   check_rect(&c, G80_2D_COND_MODE_EQUAL, 2, false);
   check_rect(&c, G80_2D_COND_MODE_NOT_EQUAL, 1, false);
   check_rect(&c, G80_2D_COND_MODE_NOT_EQUAL, 2, true);
out:
   cfx_fini(&c);
}

/* ---- DRAW_TFB_BYTES (G200_3D on) ---- */

static void
draw_tfb(struct cfx *c, uint32_t base, uint32_t stride, uint32_t bytes)
{
   struct tfx *t = &c->t;
   m3d(t, G80_3D_VERTEX_BEGIN_GL, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS);
   m3d(t, G200_3D_DRAW_TFB_BASE, base);
   m3d(t, G200_3D_DRAW_TFB_STRIDE, stride);
   m3d(t, G200_3D_DRAW_TFB_BYTES, bytes);
   m3d(t, G80_3D_VERTEX_END_GL, 0);
}

/* Row 0's pixels: red where a point was drawn (bit x of `mask`). */
static void
check_row(const struct cfx *c, unsigned mask)
{
   for (unsigned x = 0; x < W; x++)
      CHECK_EQ(px(c, x, 0), (mask & (1u << x)) ? RED : BG);
   for (unsigned x = 0; x < W; x++)
      CHECK_EQ(px(c, x, 1), BG);
}

/* The array holds the 4 points from array element 3 on (START moved
 * there, as a transform feedback buffer bound as a vertex array): 32
 * bytes a vertex.  (BYTES - BASE) / STRIDE vertices from element 0:
 * 3 * 32 + 16 bytes are 3 points (the partial fourth is not drawn);
 * BASE 32 with 96 bytes, 2 points from element 0 (BASE shortens the
 * count, it does not move the start: rnndb "vertices 0..").  STRIDE 64
 * with 128 bytes: 2 vertices, elements 0 and 1 at the array's own
 * stride (STRIDE only counts). */
static void
draw_tfb_bytes(void)
{
   struct cfx c;
   if (!cfx_init(&c, 0xa0, G200_3D_CLASS))
      goto out;
   struct tfx *t = &c.t;
   uint64_t a = c.vb.va + 3 * 32;
   m3d(t, G80_3D_VERTEX_ARRAY_START_HIGH(0), (uint32_t)(a >> 32));
   m3d(t, G80_3D_VERTEX_ARRAY_START_LOW(0), (uint32_t)a);

   static const struct {
      uint32_t base, stride, bytes;
      unsigned drawn;           /* check_row's mask */
   } draws[] = {
      { 0, 32, 3 * 32 + 16, 0x7 },
      { 32, 32, 96, 0x3 },
      { 0, 64, 128, 0x3 },
      { 0, 32, 0, 0 },          /* nothing written: no vertex */
   };
   for (unsigned i = 0; i < sizeof(draws) / sizeof(draws[0]); i++) {
      fill_bg(&c);
      draw_tfb(&c, draws[i].base, draws[i].stride, draws[i].bytes);
      CHECK(cfx_submit(&c) > 0);
      CHECK(nvsim_channel_error(c.t.chan) == NULL);
      check_row(&c, draws[i].drawn);
   }
out:
   cfx_fini(&c);
}

/* A DRAW_TFB_STRIDE outside rnndb's 1..0xfff traps and draws nothing;
 * G80_3D has no DRAW_TFB_BYTES (ILLEGAL_MTHD). */
static void
draw_tfb_bad(void)
{
   struct cfx c;
   if (!cfx_init(&c, 0xa0, G200_3D_CLASS))
      goto out;
   draw_tfb(&c, 0, 0, 64);
   cfx_submit(&c);
   CHECK_STR_HAS(nvsim_channel_last_trap(c.t.chan), "DRAW_TFB_STRIDE");
   check_row(&c, 0);
out:
   cfx_fini(&c);

   if (!cfx_init(&c, 0x50, G80_3D_CLASS))
      goto out2;
   m3d(&c.t, G80_3D_VERTEX_BEGIN_GL, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS);
   m3d(&c.t, G200_3D_DRAW_TFB_BYTES, 64);
   cfx_submit(&c);
   CHECK_STR_HAS(nvsim_channel_error(c.t.chan), "ILLEGAL_MTHD");
out2:
   cfx_fini(&c);
}

static const struct nvt_case cases[] = {
   { "cond_draw_modes", cond_draw_modes },
   { "cond_clear_modes", cond_clear_modes },
   { "cond_occlusion_query", cond_occlusion_query },
   { "cond_bad_address", cond_bad_address },
   { "cond_2d_rect", cond_2d_rect },
   { "draw_tfb_bytes", draw_tfb_bytes },
   { "draw_tfb_bad", draw_tfb_bad },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
