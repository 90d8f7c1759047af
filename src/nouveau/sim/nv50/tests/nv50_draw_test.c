/*
 * Tesla draws without Mesa: vertex fetch, the stage seam, primitive
 * assembly, clipping, the viewport, the rasteriser and the ROP, with a
 * pass-through stage standing in for the shader interpreter (the VP
 * copies its inputs to its results, the FP its interpolants to colour 0,
 * doing the perspective multiply a compiled FP does).
 *
 * The target is a 16 x 8 RGBA8_UNORM pitch surface (R in the low byte),
 * viewport 0 maps NDC [-1, 1] onto it (scale 8, 4, 0.5; translate 8, 4,
 * 0.5), so NDC x = -1 + (2 * wx) / 16.  Expected pixels come from GL 3.3:
 * 3.6.1 (a pixel is covered when its centre is inside the triangle),
 * 3.6.1 / 3.5 (attributes interpolated perspective-correctly), 4.1.6
 * (depth test), 4.1.8 (blending), 2.1.6 / 2.8 (conversions), 2.20
 * (clipping); values on a triangle's edge are not asserted (GL leaves the
 * rule to the implementation).
 */
#include <math.h>
#include <stdlib.h>

#include "nv50_ptfx.h"
#include "g80_defs.xml.h"
#include "nvisa_g80.h"

#define W 16
#define H 8
#define BG 0xee000000u

/* ---- the pass-through stage ---- */

struct pt_stage {
   unsigned vp_calls, fp_calls;
   uint32_t linear;             /* FP interpolants to read linearly */
   bool kill_right;             /* FP: discard pixels right of x = 8 */
   /* VP: the last input word of each vertex, in order (the vertex id
    * when VP_GP_BUILTIN_ATTR_EN has VERTEX_ID alone) */
   bool record_ids;
   uint32_t ids[8];
   unsigned nids;
};

static float
wf(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static bool
pt_run(void *priv, struct g80_3d *ctx, struct g80_stage_batch *b)
{
   struct pt_stage *p = priv;
   /* geometry programs run in the interpreter (the GP cases below) */
   if (b->stage == G80_STAGE_GP)
      return g80_3d_exec_runner.run(NULL, ctx, b);
   if (b->stage == G80_STAGE_VP) {
      p->vp_calls++;
      for (unsigned i = 0; i < b->count; i++) {
         for (unsigned w = 0; w < b->in_words && w < b->out_words; w++)
            b->out[i * b->out_stride + w] = b->in[i * b->in_stride + w];
         if (p->record_ids && p->nids < sizeof(p->ids) / sizeof(p->ids[0]))
            p->ids[p->nids++] = b->in[i * b->in_stride + b->in_words - 1];
      }
      return true;
   }
   /* FP inputs: position x, y, z, 1/w (UMASK XYZW), then the
    * interpolants; perspective ones times w = 1 / (1/w) */
   p->fp_calls++;
   b->killed = 0;
   for (unsigned i = 0; i < b->count; i++) {
      const uint32_t *in = &b->in[i * b->in_stride];
      float w = 1.0f / wf(in[3]);
      for (unsigned c = 0; c < b->out_words && 4 + c < b->in_words; c++) {
         float v = wf(in[4 + c]);
         if (!(p->linear & (1u << c)))
            v *= w;
         memcpy(&b->out[i * b->out_stride + c], &v, 4);
      }
      if (p->kill_right && wf(in[0]) > 8.0f)
         b->killed |= 1u << i;
   }
   return true;
}

/* ---- the fixture ---- */

struct dfx {
   struct tfx t;
   struct surf2d rt, vb, zs;
   struct pt_stage pt;
   struct g80_stage_runner runner;
   struct nvsim_bo *bos[4];
};

static uint32_t
px(const struct dfx *d, unsigned x, unsigned y)
{
   return ((const uint32_t *)d->rt.map)[y * W + x];
}

/* Vertex arrays: array 0 holds vertices of 8 floats (position xyzw,
 * colour rgba), attributes 0 and 1; the result map passes the 8 VP
 * results through (slots 0..3 position, 4..7 colour); the FP reads the
 * colour (interpolants from slot 4). */
static bool
dfx_init(struct dfx *d, uint32_t chipset, uint32_t oclass)
{
   memset(d, 0, sizeof(*d));
   if (!tfx_init(&d->t, chipset))
      return false;
   struct tfx *t = &d->t;
   surf2d_new(t, &d->rt, W * H * 4);
   surf2d_new(t, &d->vb, 4096);
   surf2d_new(t, &d->zs, 4096);
   for (unsigned i = 0; i < W * H; i++)
      ((uint32_t *)d->rt.map)[i] = BG;
   d->bos[0] = t->push_bo;
   d->bos[1] = d->rt.bo;
   d->bos[2] = d->vb.bo;
   d->bos[3] = d->zs.bo;
   d->runner.priv = &d->pt;
   d->runner.run = pt_run;
   if (!ptfx_bind(t, oclass, &d->runner))
      return false;

   ptfx_rt(t, d->rt.va, G80_3D_RT_HORIZ_LAYOUT_PITCH | W * 4, H);
   m3d(t, G80_3D_RT_ARRAY_MODE, 0);
   m3d(t, G80_3D_COLOR_MASK(0), 0x1111);
   ptfx_arrays(t, d->vb.va, 4096);

   m3d(t, G80_3D_VIEWPORT_TRANSFORM_EN, 1);
   m3d(t, G80_3D_VIEWPORT_SCALE_X(0), fbits(W / 2.0f));
   m3d(t, G80_3D_VIEWPORT_SCALE_Y(0), fbits(H / 2.0f));
   m3d(t, G80_3D_VIEWPORT_SCALE_Z(0), fbits(0.5f));
   m3d(t, G80_3D_VIEWPORT_TRANSLATE_X(0), fbits(W / 2.0f));
   m3d(t, G80_3D_VIEWPORT_TRANSLATE_Y(0), fbits(H / 2.0f));
   m3d(t, G80_3D_VIEWPORT_TRANSLATE_Z(0), fbits(0.5f));
   m3d(t, G80_3D_FRONT_FACE, G80_3D_FRONT_FACE_CCW);
   m3d(t, G80_3D_POLYGON_MODE_FRONT, G80_3D_POLYGON_MODE_FRONT_FILL);
   m3d(t, G80_3D_POLYGON_MODE_BACK, G80_3D_POLYGON_MODE_FRONT_FILL);
   m3d(t, G80_3D_LINE_WIDTH, fbits(1.0f));
   m3d(t, G80_3D_POINT_SIZE, fbits(1.0f));
   return true;
}

static void
dfx_fini(struct dfx *d)
{
   if (d->rt.bo) {
      surf2d_free(&d->t, &d->rt);
      surf2d_free(&d->t, &d->vb);
      surf2d_free(&d->t, &d->zs);
   }
   tfx_fini(&d->t);
}

static int64_t
dfx_submit(struct dfx *d)
{
   return tfx_submit(&d->t, d->bos, 4);
}

/* Vertex i of the buffer: NDC position (x, y, z, w) and colour. */
static void
vtx(struct dfx *d, unsigned i, float x, float y, float z, float w,
    float r, float g, float b, float a)
{
   float *f = (float *)d->vb.map + i * 8;
   f[0] = x; f[1] = y; f[2] = z; f[3] = w;
   f[4] = r; f[5] = g; f[6] = b; f[7] = a;
}

static void
draw_arrays(struct dfx *d, uint32_t prim, uint32_t first, uint32_t count)
{
   m3d(&d->t, G80_3D_VERTEX_BEGIN_GL, prim);
   out(&d->t, nvt_inc(3, G80_3D_VERTEX_BUFFER_FIRST, 2));
   out(&d->t, first);
   out(&d->t, count);
   m3d(&d->t, G80_3D_VERTEX_END_GL, 0);
}

/* Window x of NDC x: 8 (x + 1); y: 4 (y + 1). */
static float
ndc_x(float wx)
{
   return wx / 8.0f - 1.0f;
}

static float
ndc_y(float wy)
{
   return wy / 4.0f - 1.0f;
}

/* Pixel (x, y) is inside the window-space triangle with corners (0, 0),
 * (16, 0), (0, 8) when its centre satisfies (x+.5)/16 + (y+.5)/8 < 1. */
static int
side_of_half(unsigned x, unsigned y)
{
   float v = (x + 0.5f) / 16.0f + (y + 0.5f) / 8.0f;
   return v < 1.0f ? 1 : v > 1.0f ? -1 : 0;
}

/* GL 3.3 3.6.1: the pixels whose centres are inside; constant red. */
static void
draw_triangle_coverage(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, 0, 1, 1, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   unsigned in = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         int s = side_of_half(x, y);
         if (s > 0) {
            CHECK_EQ(px(&d, x, y), 0xff0000ffu);
            in++;
         } else if (s < 0) {
            CHECK_EQ(px(&d, x, y), BG);
         }
      }
   CHECK_EQ(in, 64);               /* 15 + 13 + 11 + 9 + 7 + 5 + 3 + 1 */
   CHECK_EQ(d.pt.vp_calls, 3);
out:
   dfx_fini(&d);
}

/* A quad (TRIANGLE_STRIP of 4) across the target, red 1 at the left edge
 * and 0 at the right; with w = 1 everywhere red is linear in window x:
 * 1 - (x + 0.5) / 16.  Then the right vertices get w = 2 (positions
 * times 2, so the same window positions): perspective-correct
 * interpolation (GL 3.3 eq. 3.8) gives t = (s / 2) / ((1 - s) + s / 2)
 * at window fraction s, red 1 - t.  UNORM by round to nearest (2.1.6):
 * within 1 of round(255 v). */
static void
draw_interpolation(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   for (unsigned pass = 0; pass < 2; pass++) {
      float w1 = pass ? 2.0f : 1.0f;
      vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
      vtx(&d, 1, -1, 1, 0, 1, 1, 0, 0, 1);
      vtx(&d, 2, w1, -w1, 0, w1, 0, 0, 0, 1);
      vtx(&d, 3, w1, w1, 0, w1, 0, 0, 0, 1);
      draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
      CHECK(dfx_submit(&d) > 0);
      CHECK(nvsim_channel_error(d.t.chan) == NULL);
      for (unsigned y = 0; y < H; y += 3)
         for (unsigned x = 0; x < W; x++) {
            float s = (x + 0.5f) / W;
            float t = pass ? (s / 2) / ((1 - s) + s / 2) : s;
            int want = (int)lrintf(255.0f * (1.0f - t));
            int got = (int)(px(&d, x, y) & 0xff);
            CHECK(abs(got - want) <= 1);
            CHECK_EQ(px(&d, x, y) >> 8, 0xff0000u);
         }
   }
out:
   dfx_fini(&d);
}

/* S8_Z24 zeta (depth in bits 8..31), 16 x 8 block-linear of one gob
 * column: pixel (x, y) at (y / 4) * 0x100 + (y % 4) * 0x40 + 4 x
 * (g80-surface.rst).  Cleared to depth 0.5; a red triangle at NDC z -0.5
 * (window 0.25) passes LESS and writes 0.25; a green one at z 0.5 (0.75)
 * fails; with GREATER it passes but DEPTH_WRITE_ENABLE 0 leaves 0.25. */
static uint32_t
zpx(const struct dfx *d, unsigned x, unsigned y)
{
   return ((const uint32_t *)d->zs.map)[((y / 4) * 0x100 + (y % 4) * 0x40 +
                                         4 * x) / 4];
}

static void
draw_depth(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x84, G84_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   out(t, nvt_inc(3, G80_3D_ZETA_ADDRESS_HIGH, 5));
   out(t, (uint32_t)(d.zs.va >> 32));
   out(t, (uint32_t)d.zs.va);
   out(t, G80_ZETA_FORMAT_S8_Z24_UNORM);
   out(t, 0);
   out(t, 0);
   m3d(t, G80_3D_ZETA_ENABLE, 1);
   out(t, nvt_inc(3, G80_3D_ZETA_HORIZ, 3));
   out(t, W);
   out(t, H);
   out(t, 1);
   m3d(t, G80_3D_CLEAR_DEPTH, fbits(0.5f));
   m3d(t, G80_3D_CLEAR_BUFFERS, 0x1);
   m3d(t, G80_3D_DEPTH_TEST_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_WRITE_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_TEST_FUNC, G80_3D_DEPTH_TEST_FUNC_LESS);
   m3d(t, G80_3D_COUNTER_RESET, G80_3D_COUNTER_RESET_SAMPLECNT);
   m3d(t, G80_3D_SAMPLECNT_ENABLE, 1);
   vtx(&d, 0, -1, -1, -0.5f, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, -0.5f, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, -0.5f, 1, 1, 0, 0, 1);
   vtx(&d, 3, -1, -1, 0.5f, 1, 0, 1, 0, 1);
   vtx(&d, 4, 1, -1, 0.5f, 1, 0, 1, 0, 1);
   vtx(&d, 5, -1, 1, 0.5f, 1, 0, 1, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 3, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   /* 0.25 as 24-bit UNORM: round(0.25 * 0xffffff) = 0x400000 */
   uint32_t z25 = 0x400000u << 8, z50 = 0x800000u << 8;
   CHECK_EQ(px(&d, 1, 1), 0xff0000ffu);
   CHECK_EQ(zpx(&d, 1, 1), z25);
   CHECK_EQ(zpx(&d, 15, 7), z50);           /* outside: the clear's */
   CHECK_EQ(px(&d, 15, 7), BG);
   /* the occlusion count (GL 3.3 2.14 SAMPLES_PASSED: samples that pass
    * the depth test): the red triangle's 64 pixels, none of the green;
    * the report as upstream's nv50_hw_query asks it (QUERY_GET
    * 0x0100f002: SAMPLECNT, word 1) */
   m3d(t, G80_3D_QUERY_ADDRESS_HIGH, (uint32_t)((d.vb.va + 2048) >> 32));
   m3d(t, G80_3D_QUERY_ADDRESS_LOW, (uint32_t)(d.vb.va + 2048));
   m3d(t, G80_3D_QUERY_SEQUENCE, 7);
   m3d(t, G80_3D_QUERY_GET, 0x0100f002);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(((uint32_t *)d.vb.map)[512], 7);
   CHECK_EQ(((uint32_t *)d.vb.map)[513], 64);
   m3d(t, G80_3D_COUNTER_RESET, G80_3D_COUNTER_RESET_SAMPLECNT);
   m3d(t, G80_3D_DEPTH_TEST_FUNC, G80_3D_DEPTH_TEST_FUNC_GREATER);
   m3d(t, G80_3D_DEPTH_WRITE_ENABLE, 0);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 3, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 1), 0xff00ff00u);
   CHECK_EQ(zpx(&d, 1, 1), z25);
out:
   dfx_fini(&d);
}

/* Float depth, zeta Z32_S8_X24_FLOAT (0x19: a float, then the stencil
 * byte and 24 unused bits; 8 bytes a pixel, so a gob row holds 8 pixels
 * and the 16-pixel rows take 2 gobs: pixel (x, y) at
 * ((y / 4) * 2 + x / 8) * 0x100 + (y % 4) * 0x40 + 8 (x % 8),
 * g80-surface.rst).  ARB_depth_buffer_float: no conversion to fixed
 * point, depth compared as floats.  Cleared to depth 0.25, stencil 0x5a.
 * A red triangle at window z 0.25 + 2^-25 (NDC -0.5 + 2^-24, exact in
 * float) passes GREATER and writes 0x3e800001 (with 24-bit fixed point
 * both depths are round(0.25 (2^24 - 1)) = 0x400000, and GREATER fails);
 * then a green one at 0.25 passes LESS and writes 0x3e800000.  The
 * stencil byte keeps its clear value. */
static uint8_t *
zpx64(const struct dfx *d, unsigned x, unsigned y)
{
   return (uint8_t *)d->zs.map + ((y / 4) * 2 + x / 8) * 0x100 +
          (y % 4) * 0x40 + 8 * (x % 8);
}

static void
draw_depth_float(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   out(t, nvt_inc(3, G80_3D_ZETA_ADDRESS_HIGH, 5));
   out(t, (uint32_t)(d.zs.va >> 32));
   out(t, (uint32_t)d.zs.va);
   out(t, G80_ZETA_FORMAT_Z32_S8_X24_FLOAT);
   out(t, 0);
   out(t, 0);
   m3d(t, G80_3D_ZETA_ENABLE, 1);
   out(t, nvt_inc(3, G80_3D_ZETA_HORIZ, 3));
   out(t, W);
   out(t, H);
   out(t, 1);
   m3d(t, G80_3D_CLEAR_DEPTH, fbits(0.25f));
   m3d(t, G80_3D_CLEAR_STENCIL, 0x5a);
   m3d(t, G80_3D_CLEAR_BUFFERS, 0x3);
   m3d(t, G80_3D_DEPTH_TEST_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_WRITE_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_TEST_FUNC, G80_3D_DEPTH_TEST_FUNC_GREATER);
   float zn = -0.5f + 0x1p-24f;
   vtx(&d, 0, -1, -1, zn, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, zn, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, zn, 1, 1, 0, 0, 1);
   vtx(&d, 3, -1, -1, -0.5f, 1, 0, 1, 0, 1);
   vtx(&d, 4, 1, -1, -0.5f, 1, 0, 1, 0, 1);
   vtx(&d, 5, -1, 1, -0.5f, 1, 0, 1, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   uint32_t z;
   CHECK_EQ(px(&d, 1, 1), 0xff0000ffu);
   memcpy(&z, zpx64(&d, 1, 1), 4);
   CHECK_EQ(z, 0x3e800001u);
   CHECK_EQ(zpx64(&d, 1, 1)[4], 0x5a);
   memcpy(&z, zpx64(&d, 15, 7), 4);
   CHECK_EQ(z, 0x3e800000u);                /* outside: the clear's */
   CHECK_EQ(zpx64(&d, 15, 7)[4], 0x5a);
   m3d(t, G80_3D_DEPTH_TEST_FUNC, G80_3D_DEPTH_TEST_FUNC_LESS);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 3, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   CHECK_EQ(px(&d, 1, 1), 0xff00ff00u);
   memcpy(&z, zpx64(&d, 1, 1), 4);
   CHECK_EQ(z, 0x3e800000u);
   CHECK_EQ(zpx64(&d, 1, 1)[4], 0x5a);
out:
   dfx_fini(&d);
}

/* An RGBA8_SNORM target (upstream's GL_RGBA8_SNORM FBO,
 * arb_color_buffer_float-readpixels): GL 3.3 4.1.8 clamps the source
 * colour to [-1, 1] for a signed normalized buffer, and 2.1.6 converts
 * with round(127 f): (-0.25, 1, -2, 0.25) -> -32, 127, -127, 32 = 0xe0,
 * 0x7f, 0x81, 0x20 (a [0, 1] clamp would give 0, 127, 0, 32). */
static void
draw_snorm_target(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   m3d(&d.t, G80_3D_RT_FORMAT(0), G80_SURFACE_FORMAT_RGBA8_SNORM);
   vtx(&d, 0, -1, -1, 0, 1, -0.25f, 1, -2, 0.25f);
   vtx(&d, 1, 1, -1, 0, 1, -0.25f, 1, -2, 0.25f);
   vtx(&d, 2, -1, 1, 0, 1, -0.25f, 1, -2, 0.25f);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   CHECK_EQ(px(&d, 1, 1), 0x20817fe0u);
out:
   dfx_fini(&d);
}

/* An R32_UINT target (upstream's clearbuffer-mixed-format draws into
 * RGBA32_UINT/SINT): the FP's word is written as it is, without the
 * [0, 1] clamp of fixed-point targets and without blending (GL 3.3
 * 4.1.8: "Blending applies only if the color buffer has a fixed-point
 * or floating-point format"; here ZERO, ZERO would give 0).  The
 * interpolants are flat (COUNT_NONFLAT 0: the provoking vertex's word),
 * red 3000000000 (0xb2d05e00: the bits of a negative float, which the
 * [0, 1] clamp would make 0). */
static void
draw_integer_target(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   m3d(t, G80_3D_RT_FORMAT(0), G80_SURFACE_FORMAT_R32_UINT);
   m3d(t, G80_3D_FP_INTERPOLANT_CTRL,
       G80_3D_FP_INTERPOLANT_CTRL_UMASK(0xf) |
       G80_3D_FP_INTERPOLANT_CTRL_COUNT(4) |
       G80_3D_FP_INTERPOLANT_CTRL_OFFSET(4) |
       G80_3D_FP_INTERPOLANT_CTRL_COUNT_NONFLAT(0));
   m3d(t, G80_3D_BLEND_ENABLE(0), 1);
   m3d(t, G80_3D_BLEND_EQUATION_RGB, G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
   m3d(t, G80_3D_BLEND_FUNC_SRC_RGB, G80_BLEND_FACTOR_ZERO);
   m3d(t, G80_3D_BLEND_FUNC_DST_RGB, G80_BLEND_FACTOR_ZERO);
   float r = wf(3000000000u);
   vtx(&d, 0, -1, -1, 0, 1, r, 0, 0, 1);
   vtx(&d, 1, 1, -1, 0, 1, r, 0, 0, 1);
   vtx(&d, 2, -1, 1, 0, 1, r, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   CHECK_EQ(px(&d, 1, 1), 3000000000u);
   CHECK_EQ(px(&d, 15, 7), BG);
out:
   dfx_fini(&d);
}

/* GL 3.3 4.1.8: SRC_ALPHA, ONE_MINUS_SRC_ALPHA of (1, 0, 0, 0.5) over
 * the clear colour (0, 0, 1, 1): (0.5, 0, 0.5, 0.75); COLOR_MASK without
 * G and A keeps those of the destination (4.2.2). */
static void
draw_blend_mask(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   t3d_clear_color(t, 0.0f, 0.0f, 1.0f, 1.0f);
   m3d(t, G80_3D_CLEAR_BUFFERS, 0x3c);
   m3d(t, G80_3D_BLEND_ENABLE(0), 1);
   m3d(t, G80_3D_BLEND_EQUATION_RGB, G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
   m3d(t, G80_3D_BLEND_FUNC_SRC_RGB, G80_BLEND_FACTOR_SRC_ALPHA);
   m3d(t, G80_3D_BLEND_FUNC_DST_RGB, G80_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA);
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 0.5f);
   vtx(&d, 1, 3, -1, 0, 1, 1, 0, 0, 0.5f);
   vtx(&d, 2, -1, 3, 0, 1, 1, 0, 0, 0.5f);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   uint32_t p = px(&d, 7, 5);
   CHECK(abs((int)(p & 0xff) - 128) <= 1);
   CHECK_EQ((p >> 8) & 0xff, 0);
   CHECK(abs((int)((p >> 16) & 0xff) - 128) <= 1);
   CHECK(abs((int)(p >> 24) - 191) <= 1);
   /* mask: R and B only, no blending: (1, -, 0, -) over the above */
   m3d(t, G80_3D_BLEND_ENABLE(0), 0);
   m3d(t, G80_3D_COLOR_MASK(0), 0x0101);
   vtx(&d, 0, -1, -1, 0, 1, 1, 1, 0, 0);
   vtx(&d, 1, 3, -1, 0, 1, 1, 1, 0, 0);
   vtx(&d, 2, -1, 3, 0, 1, 1, 1, 0, 0);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 7, 5), (p & 0xff00ff00u) | 0xffu);
out:
   dfx_fini(&d);
}

/* Indexed draws.  Vertices 0..3 are the full-window quad's corners in
 * red; vertex 4 is a far corner.  VB_ELEMENT_U16 with SETUP OFFSET 2
 * (skip the first index of the word, as upstream starts an odd index
 * buffer), VB_ELEMENT_BASE 1 (GL's basevertex: index + 1), and a
 * primitive restart between two strips (GL 3.3 2.8.1). */
static void
draw_indexed(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   /* vertex k + 1 holds corner k: (-1,-1) (1,-1) (-1,1) (1,1) */
   vtx(&d, 0, 9, 9, 9, 1, 0, 0, 1, 1);      /* never used: blue */
   vtx(&d, 1, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, 1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 3, -1, 1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 4, 1, 1, 0, 1, 0, 1, 0, 1);
   m3d(t, G80_3D_VB_ELEMENT_BASE, 1);
   m3d(t, G80_3D_VERTEX_BEGIN_GL, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES);
   m3d(t, G80_3D_VB_ELEMENT_U16_SETUP, (1u << 31) | 3);   /* start 1, 3 */
   out(t, nvt_ni(3, G80_3D_VB_ELEMENT_U16, 2));
   out(t, 0xffffu << 16 | 0x7777);  /* 0x7777 skipped, then 0xffff */
   out(t, 0x0001u << 16 | 0x0002);
   m3d(t, G80_3D_VB_ELEMENT_U16_SETUP, 0);
   m3d(t, G80_3D_VERTEX_END_GL, 0);
   CHECK(dfx_submit(&d) > 0);
   /* the indices taken are 0xffff, 0x0002, 0x0001 (3 of them): 0xffff + 1
    * is past the array's limit, so the fetch traps and nothing draws */
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "limit");
   CHECK_EQ(px(&d, 1, 1), BG);

   /* now a valid one: indices 0 1 2 (corners 0 1 2 with base 1) after the
    * skipped 0x7777; then restart, then 3 2 1 as a strip */
   m3d(t, G80_3D_PRIM_RESTART_ENABLE, 1);
   m3d(t, G80_3D_PRIM_RESTART_INDEX, 0xbeef);
   m3d(t, G80_3D_VERTEX_BEGIN_GL,
       G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP);
   m3d(t, G80_3D_VB_ELEMENT_U16_SETUP, (1u << 31) | 7);
   out(t, nvt_ni(3, G80_3D_VB_ELEMENT_U16, 4));
   out(t, 0x0000u << 16 | 0x7777);
   out(t, 0x0002u << 16 | 0x0001);
   out(t, 0x0003u << 16 | 0xbeef);
   out(t, 0x0001u << 16 | 0x0002);
   m3d(t, G80_3D_VB_ELEMENT_U16_SETUP, 0);
   m3d(t, G80_3D_VERTEX_END_GL, 0);
   CHECK(dfx_submit(&d) > 0);
   /* the first strip (corners 0 1 2) is red: the lower-left half; the
    * second (3 2 1) is the upper-right half with vertex 4's green at
    * corner 3 */
   CHECK_EQ(px(&d, 1, 1), 0xff0000ffu);
   CHECK(px(&d, 14, 6) != BG);
   CHECK(((px(&d, 14, 6) >> 8) & 0xff) > 0x80);      /* near green */
   CHECK_EQ(px(&d, 14, 6) & 0xff0000u, 0);         /* no blue: vertex 0 */
out:
   dfx_fini(&d);
}

/* VB_ELEMENT_U8 with SETUP OFFSET 3 and COUNT 3: the indices are byte 3
 * of the first word and bytes 0, 1 of the second. */
static void
draw_indexed_u8(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, 0, 1, 1, 0, 0, 1);
   m3d(t, G80_3D_VERTEX_BEGIN_GL, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES);
   m3d(t, G80_3D_VB_ELEMENT_U8_SETUP, (3u << 30) | 3);
   out(t, nvt_ni(3, G80_3D_VB_ELEMENT_U8, 2));
   out(t, 0x00999999u);                 /* bytes 0-2 skipped, index 0 */
   out(t, 0x99990201u);                 /* 1, 2; the rest past COUNT */
   m3d(t, G80_3D_VB_ELEMENT_U8_SETUP, 0);
   m3d(t, G80_3D_VERTEX_END_GL, 0);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   CHECK_EQ(px(&d, 1, 1), 0xff0000ffu);
   CHECK_EQ(px(&d, 14, 6), BG);
   CHECK_EQ(d.pt.vp_calls, 3);
out:
   dfx_fini(&d);
}

/* Inline vertices (VERTEX_DATA): the enabled attributes one after the
 * other, each padded to a word, OFFSET not applied (upstream's
 * nv50_push.c layout, whose VERTEX_ARRAY_ATTRIB carry OFFSET 0): with
 * attribute 1 (colour) as 32_32_32 at OFFSET 0 a vertex is 4 + 3 words;
 * a fan of the full window in green (the colour's missing alpha reads
 * 1). */
static void
draw_inline(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   static const float v[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
   m3d(t, G80_3D_VERTEX_ARRAY_ATTRIB(1),
       G80_3D_VERTEX_ARRAY_ATTRIB_BUFFER(1) |
       G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32_32 |
       G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT);
   m3d(t, G80_3D_VERTEX_BEGIN_GL, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_FAN);
   out(t, nvt_ni(3, G80_3D_VERTEX_DATA, 28));
   for (unsigned i = 0; i < 4; i++) {
      out(t, fbits(v[i][0]));
      out(t, fbits(v[i][1]));
      out(t, fbits(0));
      out(t, fbits(1));
      out(t, fbits(0));
      out(t, fbits(1));
      out(t, fbits(0));
   }
   m3d(t, G80_3D_VERTEX_END_GL, 0);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         CHECK_EQ(px(&d, x, y), 0xff00ff00u);
   CHECK_EQ(d.pt.vp_calls, 4);
out:
   dfx_fini(&d);
}

/* Inline vertices' ids (G84_3D on): they count from VERTEX_ID_BASE, and
 * again from each write of it inside the primitive (assumed, as a counter
 * the method loads: upstream's nv50_push.c writes the base before every
 * inline vertex whose id the VP reads, 0, 1, 2, .. for arrays or each
 * vertex's index, and numbers them right only so).  Base 10, two points,
 * base 5, two points: ids 10, 11, 5, 6. */
static void
draw_inline_vertex_id(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x84, G84_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   d.pt.record_ids = true;
   m3d(t, G80_3D_VP_GP_BUILTIN_ATTR_EN,
       G80_3D_VP_GP_BUILTIN_ATTR_EN_VERTEX_ID);
   m3d(t, G84_3D_VERTEX_ID_BASE, 10);
   m3d(t, G80_3D_VERTEX_BEGIN_GL, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS);
   for (unsigned i = 0; i < 4; i++) {
      if (i == 2)
         m3d(t, G84_3D_VERTEX_ID_BASE, 5);
      out(t, nvt_ni(3, G80_3D_VERTEX_DATA, 8));
      for (unsigned w = 0; w < 8; w++)
         out(t, fbits(w == 3 || w >= 4 ? 1.0f : 0.0f));
   }
   m3d(t, G80_3D_VERTEX_END_GL, 0);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   static const uint32_t want[] = { 10, 11, 5, 6 };
   CHECK_EQ(d.pt.nids, 4);
   for (unsigned i = 0; i < 4 && i < d.pt.nids; i++)
      CHECK_EQ(d.pt.ids[i], want[i]);
out:
   dfx_fini(&d);
}

/* Instancing: attribute 1 (colour) from array 1, per instance with
 * divisor 2; VB_INSTANCE_BASE 1.  Instances 0..2 of the same triangle:
 * instance i reads colour element i / 2 + 1; the last drawn (instance 2)
 * reads element 2 (blue).  INSTANCE_NEXT counts the instances. */
static void
draw_instanced(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   vtx(&d, 0, -1, -1, 0, 1, 0, 0, 0, 0);
   vtx(&d, 1, 1, -1, 0, 1, 0, 0, 0, 0);
   vtx(&d, 2, -1, 1, 0, 1, 0, 0, 0, 0);
   float *c = (float *)d.vb.map + 256;       /* array 1 at byte 1024 */
   static const float cols[3][4] = { { 1, 1, 1, 1 }, { 1, 0, 0, 1 },
                                     { 0, 0, 1, 1 } };
   memcpy(c, cols, sizeof(cols));
   m3d(t, G80_3D_VERTEX_ARRAY_ATTRIB(1),
       G80_3D_VERTEX_ARRAY_ATTRIB_BUFFER(1) |
       G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32_32_32 |
       G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT);
   m3d(t, G80_3D_VERTEX_ARRAY_FETCH(1), G80_3D_VERTEX_ARRAY_FETCH_ENABLE | 16);
   m3d(t, G80_3D_VERTEX_ARRAY_START_HIGH(1), (uint32_t)((d.vb.va + 1024) >> 32));
   m3d(t, G80_3D_VERTEX_ARRAY_START_LOW(1), (uint32_t)(d.vb.va + 1024));
   m3d(t, G80_3D_VERTEX_ARRAY_LIMIT_HIGH(1), (uint32_t)((d.vb.va + 1071) >> 32));
   m3d(t, G80_3D_VERTEX_ARRAY_LIMIT_LOW(1), (uint32_t)(d.vb.va + 1071));
   m3d(t, G80_3D_VERTEX_ARRAY_PER_INSTANCE(1), 1);
   m3d(t, G80_3D_VERTEX_ARRAY_DIVISOR(1), 2);
   m3d(t, G80_3D_VB_INSTANCE_BASE, 1);
   uint32_t prim = G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES;
   for (unsigned i = 0; i < 2; i++) {
      draw_arrays(&d, prim, 0, 3);
      prim |= G80_3D_VERTEX_BEGIN_GL_INSTANCE_NEXT;
   }
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   CHECK_EQ(px(&d, 1, 1), 0xff0000ffu);     /* instance 1: element 1 */
   draw_arrays(&d, prim, 0, 3);             /* instance 2: element 2 */
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 1), 0xffff0000u);
   /* instance 3 + base 1 -> element 2 still; instance 4 -> element 3:
    * past array 1's limit (48 bytes): traps, writes nothing */
   draw_arrays(&d, prim, 0, 3);
   draw_arrays(&d, prim, 0, 3);
   dfx_submit(&d);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "limit");
out:
   dfx_fini(&d);
}

/* Vertex fetch of 11_11_10 FLOAT (ARB_vertex_type_10f_11f_11f_rev's
 * UNSIGNED_INT_10F_11F_11F_REV, GL 3.3 2.1.3 / 2.1.4): attribute 1
 * (colour) from array 1, one word a vertex: x in bits 0..10, y 11..21,
 * z 22..31, unsigned floats of 5 exponent bits (bias 15) and 6, 6, 5
 * mantissa bits.  x 0.75 = 1.5 * 2^-1: exponent 14, mantissa 32 / 64;
 * y 1.0: exponent 15, mantissa 0; z 0.25 = 2^-2: exponent 13, mantissa
 * 0; w reads 1.  Into the UNORM8 target, round(255 v): 191, 255, 64,
 * 255 (px: A, B, G, R from the top byte) = 0xff40ffbf.  The same format
 * with TYPE UNORM traps (no document says how it reads). */
static void
draw_vtx_11_11_10(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   vtx(&d, 0, -1, -1, 0, 1, 0, 0, 0, 0);
   vtx(&d, 1, 1, -1, 0, 1, 0, 0, 0, 0);
   vtx(&d, 2, -1, 1, 0, 1, 0, 0, 0, 0);
   uint32_t *c = (uint32_t *)d.vb.map + 256;       /* array 1 at byte 1024 */
   for (unsigned i = 0; i < 3; i++)
      c[i] = (14u << 6 | 32u) | (15u << 6) << 11 | (13u << 5) << 22;
   m3d(t, G80_3D_VERTEX_ARRAY_ATTRIB(1),
       G80_3D_VERTEX_ARRAY_ATTRIB_BUFFER(1) |
       G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_11_11_10 |
       G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT);
   m3d(t, G80_3D_VERTEX_ARRAY_FETCH(1), G80_3D_VERTEX_ARRAY_FETCH_ENABLE | 4);
   m3d(t, G80_3D_VERTEX_ARRAY_START_HIGH(1), (uint32_t)((d.vb.va + 1024) >> 32));
   m3d(t, G80_3D_VERTEX_ARRAY_START_LOW(1), (uint32_t)(d.vb.va + 1024));
   m3d(t, G80_3D_VERTEX_ARRAY_LIMIT_HIGH(1), (uint32_t)((d.vb.va + 1035) >> 32));
   m3d(t, G80_3D_VERTEX_ARRAY_LIMIT_LOW(1), (uint32_t)(d.vb.va + 1035));
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   CHECK_EQ(px(&d, 1, 1), 0xff40ffbfu);
   m3d(t, G80_3D_VERTEX_ARRAY_ATTRIB(1),
       G80_3D_VERTEX_ARRAY_ATTRIB_BUFFER(1) |
       G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_11_11_10 |
       G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_UNORM);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   dfx_submit(&d);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "11_11_10");
out:
   dfx_fini(&d);
}

/* Culling and facing.  NDC (-1,-1) (1,-1) (-1,1) is, in this window
 * space where y is the row (Gallium's, which upstream passes through),
 * (0,0) (16,0) (0,8): clockwise on the screen, so with FRONT_FACE CCW a
 * back face (llvmpipe's rule: det of (v0-v2, v1-v2) < 0 is CCW, here
 * +128).  CULL_FACE BACK culls it and draws the reversed (green) one;
 * FRONT_AND_BACK culls both. */
static void
draw_cull(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 3, -1, -1, 0, 1, 0, 1, 0, 1);    /* the same, reversed, green */
   vtx(&d, 4, -1, 1, 0, 1, 0, 1, 0, 1);
   vtx(&d, 5, 1, -1, 0, 1, 0, 1, 0, 1);
   m3d(t, G80_3D_CULL_FACE_ENABLE, 1);
   m3d(t, G80_3D_CULL_FACE, G80_3D_CULL_FACE_BACK);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 1), BG);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 3, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 1), 0xff00ff00u);
   m3d(t, G80_3D_FRONT_FACE, G80_3D_FRONT_FACE_CW);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 1), 0xff0000ffu);       /* now the front face */
   for (unsigned i = 0; i < W * H; i++)
      ((uint32_t *)d.rt.map)[i] = BG;
   m3d(t, G80_3D_CULL_FACE, G80_3D_CULL_FACE_FRONT_AND_BACK);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 6);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 1), BG);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
out:
   dfx_fini(&d);
}

/* Clipping (GL 3.3 2.20): with viewport 0 on the left half of the target
 * (scale x 4, translate x 4), a triangle reaching far outside the volume
 * (x to 9 w) covers only what its clipped part covers: window x 4 (NDC 0)
 * to 8 (NDC 1), not the rest of the target; a triangle
 * wholly behind the eye (w < 0 at all vertices) draws nothing; the near
 * plane clips z < -w. */
static void
draw_clip(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   m3d(&d.t, G80_3D_VIEWPORT_SCALE_X(0), fbits(4.0f));
   m3d(&d.t, G80_3D_VIEWPORT_TRANSLATE_X(0), fbits(4.0f));
   vtx(&d, 0, 0, -5, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, 9, -5, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, 0, 5, 0, 1, 1, 0, 0, 1);
   vtx(&d, 3, -1, -1, 0, -1, 0, 1, 0, 1);
   vtx(&d, 4, 1, -1, 0, -1, 0, 1, 0, 1);
   vtx(&d, 5, -1, 1, 0, -1, 0, 1, 0, 1);
   vtx(&d, 6, -1, -1, -2, 1, 0, 0, 1, 1);   /* z < -w: clipped away */
   vtx(&d, 7, 1, -1, -2, 1, 0, 0, 1, 1);
   vtx(&d, 8, -1, 1, -2, 1, 0, 0, 1, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 9);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         CHECK_EQ(px(&d, x, y), x >= 4 && x < 8 ? 0xff0000ffu : BG);
out:
   dfx_fini(&d);
}

/* LAYER IDX picks the layer a draw writes (rnndb LAYER; upstream's
 * nv50_blit_3d draws layer by layer so): a pitch 2D array of 2 layers,
 * LAYER_STRIDE W * H * 4 bytes (in words, hwdb shr 2).  A red triangle
 * with LAYER IDX 1 covers pixel (1, 1) of layer 1 and leaves layer 0 as
 * it was; IDX 2, past the 2 layers, traps and writes nothing. */
static void
draw_layer_idx(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   struct surf2d rt2;
   surf2d_new(t, &rt2, 2 * W * H * 4);
   uint32_t *px2 = (uint32_t *)rt2.map;
   for (unsigned i = 0; i < 2 * W * H; i++)
      px2[i] = BG;
   struct nvsim_bo *bos[] = { t->push_bo, rt2.bo, d.vb.bo };
   out(t, nvt_inc(3, G80_3D_RT_ADDRESS_HIGH(0), 2));
   out(t, (uint32_t)(rt2.va >> 32));
   out(t, (uint32_t)rt2.va);
   m3d(t, G80_3D_RT_LAYER_STRIDE(0), (W * H * 4) >> 2);
   m3d(t, G80_3D_RT_ARRAY_MODE, 2);
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, 0, 1, 1, 0, 0, 1);
   m3d(t, G80_3D_LAYER, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(tfx_submit(t, bos, 3) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK_EQ(px2[W * H + 1 * W + 1], 0xff0000ffu);
   CHECK_EQ(px2[1 * W + 1], BG);
   px2[W * H + 1 * W + 1] = BG;
   m3d(t, G80_3D_LAYER, 2);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   tfx_submit(t, bos, 3);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "LAYER IDX 2");
   CHECK_EQ(px2[W * H + 1 * W + 1], BG);
   CHECK_EQ(px2[1 * W + 1], BG);
   surf2d_free(t, &rt2);
out:
   dfx_fini(&d);
}

/* Point sprites (g80_3d_sprite.c; ARB_point_sprite, "The following
 * formula": s = 1/2 + (x_f + 1/2 - x_w) / size, t from y likewise; r, q
 * replaced by 0, 1).  POINT_COORD_REPLACE_MAP nibble m of word 0 is
 * result map slot m; the FP writes slots 4..7 as colour 0 (UNORM8 by
 * round to nearest, GL 3.3 2.1.6).
 *
 * Case 1, origin UPPER_LEFT (t from the top, window y down), slots 4..7
 * S T ZERO ONE, vertex colour 0.2 everywhere (all replaced):
 * - size 4 at window (8, 4): pixels x, y 6..9, s = (x + 0.5 - 6) / 4 =
 *   0.125 0.375 0.625 0.875 -> 32 96 159 223, t the same from row 6;
 * - size 2 at (12.25, 4): x 11, 12 (centres 11.5, 12.5 in [11.25,
 *   13.25)), s = 0.125, 0.625 -> 32, 159; rows 3, 4, t = 0.25, 0.75 ->
 *   64, 191.
 * Case 2, origin LOWER_LEFT, slot 4 T, 5 S, 6 ONE, 7 NONE (alpha 0.6 of
 * the vertex, 153), the point at w 2 (clip position times 2: the FP's
 * perspective multiply by w must give s, t as they are): the size-4
 * point's red t = 1/2 + (y_f + 1/2 - y_w) / size in GL's y-up window,
 * 1 - (y + 0.5 - 2) / 4 here: 223 159 96 32 for rows 2..5.
 * Case 3: slot 4 S in NOPERSPECTIVE_BITMAP (the program reads it
 * linearly), w 2: red s as in case 1.
 * Case 4: POINT_SPRITE_ENABLE 0: the map is not used, the size-4 point
 * has the vertex's colour (0.2 -> 51, alpha 153).
 * Case 5: traps, nothing drawn: code 5, a slot past the result map's
 * 68 (word 9, slot 72), POINT_SPRITE_CTRL bit 0; a filled triangle
 * under the same state is no point and is drawn. */
static uint32_t
rgba8(float r, float g, float b, float a)
{
   return (uint32_t)lrintf(255.0f * r) | (uint32_t)lrintf(255.0f * g) << 8 |
          (uint32_t)lrintf(255.0f * b) << 16 |
          (uint32_t)lrintf(255.0f * a) << 24;
}

static void
rt_clear(struct dfx *d)
{
   for (unsigned i = 0; i < W * H; i++)
      ((uint32_t *)d->rt.map)[i] = BG;
}

static void
draw_point_sprite(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   const float v = 0.2f;
   m3d(t, G80_3D_POINT_SPRITE_ENABLE, 1);

   /* case 1 */
   vtx(&d, 0, ndc_x(8), ndc_y(4), 0, 1, v, v, v, v);
   vtx(&d, 1, ndc_x(12.25f), ndc_y(4), 0, 1, v, v, v, v);
   m3d(t, G80_3D_POINT_SPRITE_CTRL,
       G80_3D_POINT_SPRITE_CTRL_COORD_ORIGIN_UPPER_LEFT);
   m3d(t, G80_3D_POINT_COORD_REPLACE_MAP(0),
       G80_POINT_COORD_REPLACE_MAP_4_S | G80_POINT_COORD_REPLACE_MAP_5_T |
       G80_POINT_COORD_REPLACE_MAP_6_ZERO | G80_POINT_COORD_REPLACE_MAP_7_ONE);
   m3d(t, G80_3D_POINT_SIZE, fbits(4.0f));
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 1);
   m3d(t, G80_3D_POINT_SIZE, fbits(2.0f));
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 1, 1);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint32_t want = BG;
         if (x >= 6 && x < 10 && y >= 2 && y < 6)
            want = rgba8((x + 0.5f - 6) / 4, (y + 0.5f - 2) / 4, 0, 1);
         else if (x >= 11 && x < 13 && y >= 3 && y < 5)
            want = rgba8((x + 0.5f - 11.25f) / 2, (y + 0.5f - 3) / 2, 0, 1);
         CHECK_EQ(px(&d, x, y), want);
      }
   CHECK_EQ(px(&d, 6, 2), 0xff002020u);     /* s, t 0.125 by hand */
   CHECK_EQ(px(&d, 9, 5), 0xff00dfdfu);     /* 0.875, blue ZERO */
   CHECK_EQ(px(&d, 12, 3), 0xff00409fu);    /* s 0.625, t 0.25 */

   /* case 2 */
   rt_clear(&d);
   vtx(&d, 0, 2 * ndc_x(8), 2 * ndc_y(4), 0, 2, v, v, v, 0.6f);
   m3d(t, G80_3D_POINT_SPRITE_CTRL,
       G80_3D_POINT_SPRITE_CTRL_COORD_ORIGIN_LOWER_LEFT);
   m3d(t, G80_3D_POINT_COORD_REPLACE_MAP(0),
       G80_POINT_COORD_REPLACE_MAP_4_T | G80_POINT_COORD_REPLACE_MAP_5_S |
       G80_POINT_COORD_REPLACE_MAP_6_ONE | G80_POINT_COORD_REPLACE_MAP_7_NONE);
   m3d(t, G80_3D_POINT_SIZE, fbits(4.0f));
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 1);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   for (unsigned y = 2; y < 6; y++)
      for (unsigned x = 6; x < 10; x++)
         CHECK_EQ(px(&d, x, y), rgba8(1 - (y + 0.5f - 2) / 4,
                                      (x + 0.5f - 6) / 4, 1, 0.6f));
   CHECK_EQ(px(&d, 6, 2), 0x99ff20dfu);     /* t 0.875 (bottom origin) */
   CHECK_EQ(px(&d, 5, 2), BG);

   /* case 3 */
   rt_clear(&d);
   m3d(t, G80_3D_POINT_COORD_REPLACE_MAP(0), G80_POINT_COORD_REPLACE_MAP_4_S);
   m3d(t, G80_3D_NOPERSPECTIVE_BITMAP(0), 1u << 4);
   d.pt.linear = 1u << 0;
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 1);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   for (unsigned x = 6; x < 10; x++)
      CHECK_EQ(px(&d, x, 3) & 0xff,
               (uint32_t)lrintf(255.0f * (x + 0.5f - 6) / 4));
   m3d(t, G80_3D_NOPERSPECTIVE_BITMAP(0), 0);
   d.pt.linear = 0;

   /* case 4 */
   rt_clear(&d);
   m3d(t, G80_3D_POINT_SPRITE_ENABLE, 0);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 1);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   CHECK_EQ(px(&d, 6, 2), rgba8(v, v, v, 0.6f));
   CHECK_EQ(px(&d, 9, 5), rgba8(v, v, v, 0.6f));
   m3d(t, G80_3D_POINT_SPRITE_ENABLE, 1);

   /* case 5 */
   rt_clear(&d);
   m3d(t, G80_3D_POINT_COORD_REPLACE_MAP(0), G80_POINT_COORD_REPLACE_MAP_4(5));
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 1);
   dfx_submit(&d);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "code 5");
   CHECK_EQ(px(&d, 6, 2), BG);
   m3d(t, G80_3D_POINT_COORD_REPLACE_MAP(0), 0);
   m3d(t, G80_3D_POINT_COORD_REPLACE_MAP(9), G80_POINT_COORD_REPLACE_MAP_0_S);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 1);
   dfx_submit(&d);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "slot 72 is past");
   CHECK_EQ(px(&d, 6, 2), BG);
   m3d(t, G80_3D_POINT_COORD_REPLACE_MAP(9), 0);
   m3d(t, G80_3D_POINT_SPRITE_CTRL, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 1);
   dfx_submit(&d);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "POINT_SPRITE_CTRL 0x1");
   CHECK_EQ(px(&d, 6, 2), BG);
   vtx(&d, 1, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, 1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 3, -1, 1, 0, 1, 1, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 1, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 1), 0xff0000ffu);
out:
   dfx_fini(&d);
}

/* POLYGON_OFFSET_CLAMP (EXT_polygon_offset_clamp, GL 4.6 eq. 14.13: o =
 * min(o, clamp) for clamp > 0, max(o, clamp) for clamp < 0, unbounded
 * for 0).  A flat triangle at window z 0.25 (m = 0) into S8_Z24 with
 * UNITS 4194303.75 = 0.25 / r (r = 1 / (2^24 - 1), GL 3.3 3.6.4): z 0.5
 * (0x800000) unclamped, 0.375 (0x600000) under clamp 0.125; UNITS
 * negated under clamp -0.125: 0.125 (0x200000).  DEPTH_TEST ALWAYS. */
static void
draw_polygon_offset_clamp(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   out(t, nvt_inc(3, G80_3D_ZETA_ADDRESS_HIGH, 5));
   out(t, (uint32_t)(d.zs.va >> 32));
   out(t, (uint32_t)d.zs.va);
   out(t, G80_ZETA_FORMAT_S8_Z24_UNORM);
   out(t, 0);
   out(t, 0);
   m3d(t, G80_3D_ZETA_ENABLE, 1);
   out(t, nvt_inc(3, G80_3D_ZETA_HORIZ, 3));
   out(t, W);
   out(t, H);
   out(t, 1);
   m3d(t, G80_3D_DEPTH_TEST_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_WRITE_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_TEST_FUNC, G80_3D_DEPTH_TEST_FUNC_ALWAYS);
   m3d(t, G80_3D_POLYGON_OFFSET_FILL_ENABLE, 1);
   m3d(t, G80_3D_POLYGON_OFFSET_FACTOR, fbits(0.0f));
   vtx(&d, 0, -1, -1, -0.5f, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, -0.5f, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, -0.5f, 1, 1, 0, 0, 1);
   static const struct { float units, clamp; uint32_t z; } c[] = {
      { 4194303.75f, 0.0f, 0x800000u },
      { 4194303.75f, 0.125f, 0x600000u },
      { -4194303.75f, -0.125f, 0x200000u },
   };
   for (unsigned i = 0; i < 3; i++) {
      m3d(t, G80_3D_CLEAR_DEPTH, fbits(1.0f));
      m3d(t, G80_3D_CLEAR_BUFFERS, 0x1);
      m3d(t, G80_3D_POLYGON_OFFSET_UNITS, fbits(c[i].units));
      m3d(t, G80_3D_POLYGON_OFFSET_CLAMP, fbits(c[i].clamp));
      draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
      CHECK(dfx_submit(&d) > 0);
      CHECK(nvsim_channel_error(d.t.chan) == NULL);
      int z = (int)(zpx(&d, 1, 1) >> 8);
      if (abs(z - (int)c[i].z) > 1)
         fprintf(stderr, "case %u: z 0x%x, want 0x%x\n", i, z, c[i].z);
      CHECK(abs(z - (int)c[i].z) <= 1);
   }
out:
   dfx_fini(&d);
}

/* POLYGON_OFFSET_UNITS counts steps of the depth buffer, r = 2^-24 of
 * S8_Z24 (upstream nvc0's D3D9 path, whose units are a plain depth
 * difference, sends units * 2^24 to the same method; docs/fidelity.md
 * "Polygon offset units").  A flat triangle (m = 0) at window z 0.25,
 * FACTOR 0, CLAMP 0, DEPTH_TEST ALWAYS: 0.25 * (2^24 - 1) = 4194303.75
 * -> 0x400000 unoffset, UNITS 16 -> 0x400010, UNITS -16 -> 0x3ffff0.  A
 * unit of half a step (8) or two (32) misses by more than the one step
 * interpolation may be off. */
static void
draw_polygon_offset_units(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   out(t, nvt_inc(3, G80_3D_ZETA_ADDRESS_HIGH, 5));
   out(t, (uint32_t)(d.zs.va >> 32));
   out(t, (uint32_t)d.zs.va);
   out(t, G80_ZETA_FORMAT_S8_Z24_UNORM);
   out(t, 0);
   out(t, 0);
   m3d(t, G80_3D_ZETA_ENABLE, 1);
   out(t, nvt_inc(3, G80_3D_ZETA_HORIZ, 3));
   out(t, W);
   out(t, H);
   out(t, 1);
   m3d(t, G80_3D_DEPTH_TEST_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_WRITE_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_TEST_FUNC, G80_3D_DEPTH_TEST_FUNC_ALWAYS);
   m3d(t, G80_3D_POLYGON_OFFSET_FILL_ENABLE, 1);
   m3d(t, G80_3D_POLYGON_OFFSET_FACTOR, fbits(0.0f));
   m3d(t, G80_3D_POLYGON_OFFSET_CLAMP, fbits(0.0f));
   vtx(&d, 0, -1, -1, -0.5f, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, -0.5f, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, -0.5f, 1, 1, 0, 0, 1);
   static const struct { float units; uint32_t z; } c[] = {
      { 0.0f, 0x400000u },
      { 16.0f, 0x400010u },
      { -16.0f, 0x3ffff0u },
   };
   for (unsigned i = 0; i < 3; i++) {
      m3d(t, G80_3D_CLEAR_DEPTH, fbits(1.0f));
      m3d(t, G80_3D_CLEAR_BUFFERS, 0x1);
      m3d(t, G80_3D_POLYGON_OFFSET_UNITS, fbits(c[i].units));
      draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
      CHECK(dfx_submit(&d) > 0);
      CHECK(nvsim_channel_error(d.t.chan) == NULL);
      int z = (int)(zpx(&d, 1, 1) >> 8);
      if (abs(z - (int)c[i].z) > 1)
         fprintf(stderr, "case %u: z 0x%x, want 0x%x\n", i, z, c[i].z);
      CHECK(abs(z - (int)c[i].z) <= 1);
   }
out:
   dfx_fini(&d);
}

/* POLYGON_MODE LINE and POINT take the polygon offset too when
 * POLYGON_OFFSET_LINE/POINT_ENABLE are set (GL 2.1 section 3.5.5: "if
 * POLYGON_OFFSET_LINE is enabled, the offset is added to the depth of
 * the edges"): the flat triangle of draw_polygon_offset_units (window
 * z 0.25) with UNITS 16, drawn as lines and as points, writes 0x400010
 * at every pixel it touches with the mode's enable, 0x400000 with only
 * the FILL enable (which these modes ignore). */
static void
draw_polygon_offset_modes(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   out(t, nvt_inc(3, G80_3D_ZETA_ADDRESS_HIGH, 5));
   out(t, (uint32_t)(d.zs.va >> 32));
   out(t, (uint32_t)d.zs.va);
   out(t, G80_ZETA_FORMAT_S8_Z24_UNORM);
   out(t, 0);
   out(t, 0);
   m3d(t, G80_3D_ZETA_ENABLE, 1);
   out(t, nvt_inc(3, G80_3D_ZETA_HORIZ, 3));
   out(t, W);
   out(t, H);
   out(t, 1);
   m3d(t, G80_3D_DEPTH_TEST_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_WRITE_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_TEST_FUNC, G80_3D_DEPTH_TEST_FUNC_ALWAYS);
   m3d(t, G80_3D_POLYGON_OFFSET_FACTOR, fbits(0.0f));
   m3d(t, G80_3D_POLYGON_OFFSET_UNITS, fbits(16.0f));
   m3d(t, G80_3D_POLYGON_OFFSET_CLAMP, fbits(0.0f));
   vtx(&d, 0, -0.75f, -0.5f, -0.5f, 1, 1, 0, 0, 1);
   vtx(&d, 1, 0.75f, -0.5f, -0.5f, 1, 1, 0, 0, 1);
   vtx(&d, 2, -0.75f, 0.5f, -0.5f, 1, 1, 0, 0, 1);
   static const struct {
      uint32_t mode, enable;
      uint32_t z;
   } c[] = {
      { G80_3D_POLYGON_MODE_FRONT_LINE, G80_3D_POLYGON_OFFSET_LINE_ENABLE,
        0x400010u },
      { G80_3D_POLYGON_MODE_FRONT_LINE, G80_3D_POLYGON_OFFSET_FILL_ENABLE,
        0x400000u },
      { G80_3D_POLYGON_MODE_FRONT_POINT, G80_3D_POLYGON_OFFSET_POINT_ENABLE,
        0x400010u },
      { G80_3D_POLYGON_MODE_FRONT_POINT, G80_3D_POLYGON_OFFSET_FILL_ENABLE,
        0x400000u },
   };
   for (unsigned i = 0; i < 4; i++) {
      m3d(t, G80_3D_POLYGON_MODE_FRONT, c[i].mode);
      m3d(t, G80_3D_POLYGON_MODE_BACK, c[i].mode);
      m3d(t, G80_3D_POLYGON_OFFSET_POINT_ENABLE, 0);
      m3d(t, G80_3D_POLYGON_OFFSET_LINE_ENABLE, 0);
      m3d(t, G80_3D_POLYGON_OFFSET_FILL_ENABLE, 0);
      m3d(t, c[i].enable, 1);
      m3d(t, G80_3D_CLEAR_DEPTH, fbits(1.0f));
      m3d(t, G80_3D_CLEAR_BUFFERS, 0x1);
      draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
      CHECK(dfx_submit(&d) > 0);
      CHECK(nvsim_channel_error(d.t.chan) == NULL);
      unsigned drawn = 0, bad = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            int z = (int)(zpx(&d, x, y) >> 8);
            if (z == 0xffffff)
               continue;
            drawn++;
            if (abs(z - (int)c[i].z) > 1) {
               fprintf(stderr, "case %u: (%u, %u) z 0x%x, want 0x%x\n", i,
                       x, y, z, c[i].z);
               bad++;
            }
         }
      CHECK(drawn >= 3);
      CHECK(bad == 0);
   }
out:
   dfx_fini(&d);
}

/* An sRGB target (RGBA8_SRGB) under FRAMEBUFFER_SRGB, which a new context
 * has on (upstream never writes it).  GL 3.3 4.1.8: the destination's R,
 * G, B are linearized before blending, the result encoded again.  Every
 * pixel is 128 (0.50196 sRGB, linear ((0.50196 + 0.055) / 1.055)^2.4 =
 * 0.21586); a draw of (0.25, 0.5, 0, 0.5) blended ONE + ONE gives red
 * 0.46586, encoded 1.055 * 0.46586^(1/2.4) - 0.055 = 0.71237: 182; green
 * 0.71586 -> 0.86519: 221; blue 0.21586 -> 128 as it was; alpha (not
 * encoded) 128 + 128 -> 255 (clamped).  With FRAMEBUFFER_SRGB 0 the
 * target is plain UNORM: red 128 + 64 = 192, green 128 + 128 = 255. */
static void
draw_srgb_target(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   m3d(t, G80_3D_RT_FORMAT(0), G80_SURFACE_FORMAT_RGBA8_SRGB);
   m3d(t, G80_3D_BLEND_ENABLE(0), 1);
   m3d(t, G80_3D_BLEND_EQUATION_RGB, G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
   m3d(t, G80_3D_BLEND_FUNC_SRC_RGB, G80_BLEND_FACTOR_ONE);
   m3d(t, G80_3D_BLEND_FUNC_DST_RGB, G80_BLEND_FACTOR_ONE);
   m3d(t, G80_3D_BLEND_EQUATION_ALPHA, G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
   m3d(t, G80_3D_BLEND_FUNC_SRC_ALPHA, G80_BLEND_FACTOR_ONE);
   m3d(t, G80_3D_BLEND_FUNC_DST_ALPHA, G80_BLEND_FACTOR_ONE);
   vtx(&d, 0, -1, -1, 0, 1, 0.25f, 0.5f, 0, 0.5f);
   vtx(&d, 1, 3, -1, 0, 1, 0.25f, 0.5f, 0, 0.5f);
   vtx(&d, 2, -1, 3, 0, 1, 0.25f, 0.5f, 0, 0.5f);
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < W * H; i++)
         ((uint32_t *)d.rt.map)[i] = 0x80808080u;
      if (pass)
         m3d(t, G80_3D_FRAMEBUFFER_SRGB, 0);
      draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
      CHECK(dfx_submit(&d) > 0);
      CHECK(nvsim_channel_error(d.t.chan) == NULL);
      uint32_t p = px(&d, 7, 5);
      CHECK(abs((int)(p & 0xff) - (pass ? 192 : 182)) <= 1);
      CHECK(abs((int)((p >> 8) & 0xff) - (pass ? 255 : 221)) <= 1);
      CHECK_EQ((p >> 16) & 0xff, 128);
      CHECK_EQ(p >> 24, 255);
   }
out:
   dfx_fini(&d);
}

/* Clipping a noperspective interpolant (GL 3.3 2.19.1: its t "will be
 * adjusted to produce results that vary linearly in screen space").  A
 * quad whose left vertices are at NDC x -1 (w 1, red 1) and right ones at
 * clip (6, +-2, 0, 2), NDC x 3 (w 2, red 0), clipped at x = w (NDC 1).
 * With slots 4..7 in NOPERSPECTIVE_BITMAP red is linear in window space
 * along the whole edge: 1 - (ndc + 1) / 4, at pixel x (window x + 0.5 =
 * 8 (ndc + 1)) 1 - (x + 0.5) / 32, 0.5 at the clip edge (a clip-space t,
 * 1/3 there, would give 2/3).  Without the bitmap the perspective value
 * of the unclipped edge: window fraction f = (x + 0.5) / 32, t = (f / 2)
 * / ((1 - f) + f / 2) (GL 3.3 eq. 3.8), red 1 - t.  UNORM within 1. */
static void
draw_clip_noperspective(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, -1, 1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, 6, -2, 0, 2, 0, 0, 0, 1);
   vtx(&d, 3, 6, 2, 0, 2, 0, 0, 0, 1);
   for (unsigned pass = 0; pass < 2; pass++) {
      bool linear = pass == 0;
      m3d(&d.t, G80_3D_NOPERSPECTIVE_BITMAP(0), linear ? 0xf0 : 0);
      d.pt.linear = linear ? 0xf : 0;
      draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
      CHECK(dfx_submit(&d) > 0);
      CHECK(nvsim_channel_error(d.t.chan) == NULL);
      for (unsigned y = 0; y < H; y += 3)
         for (unsigned x = 0; x < W; x++) {
            float f = (x + 0.5f) / 32.0f;
            float t = linear ? f : (f / 2) / ((1 - f) + f / 2);
            int want = (int)lrintf(255.0f * (1.0f - t));
            int got = (int)(px(&d, x, y) & 0xff);
            if (abs(got - want) > 1)
               fprintf(stderr, "pass %u (%u, %u): red %d, want %d\n", pass,
                       x, y, got, want);
            CHECK(abs(got - want) <= 1);
         }
   }
out:
   dfx_fini(&d);
}

/* Points and lines (GL 3.3 3.4, 3.5): a size-1 point covers the pixel
 * its window position is in; a 1-wide horizontal line from window
 * (2.5, 5.5) to (10.5, 5.5) covers x 2..9 of row 5 (the diamond-exit
 * rule: the last pixel's diamond holds the end point and is not
 * drawn). */
static void
draw_points_lines(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   vtx(&d, 0, ndc_x(3.5f), ndc_y(1.5f), 0, 1, 0, 0, 1, 1);
   vtx(&d, 1, ndc_x(2.5f), ndc_y(5.5f), 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, ndc_x(10.5f), ndc_y(5.5f), 0, 1, 1, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINES, 1, 2);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   unsigned n = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint32_t want = BG;
         if (x == 3 && y == 1)
            want = 0xffff0000u;
         else if (y == 5 && x >= 2 && x < 10)
            want = 0xff0000ffu;
         CHECK_EQ(px(&d, x, y), want);
         n += want != BG;
      }
   CHECK_EQ(n, 9);
out:
   dfx_fini(&d);
}

/* Antialiased points and lines (LINE_SMOOTH_ENABLE, POINT_SMOOTH_ENABLE;
 * GL 2.1 section 3.3 and 3.4.2 "Antialiasing": a fragment for each pixel
 * square the circle of diameter size, or the w x L rectangle centred on
 * the segment, touches; its coverage, the area covered, multiplies alpha;
 * no blending here, so alpha is what the target keeps).  A 1-wide line
 * from window (2, 5) to (10, 5) lies on the border of rows 4 and 5: both
 * rows half covered at x 2..9, alpha 127.5.  A size-1 point at the pixel
 * corner (3, 1) is a disc of area pi / 4 split among pixels (2..3, 0..1):
 * pi / 16 of each, alpha 50.1.  Tolerance 4/255: the area is counted on
 * a 4 x 4 grid (assumed; the hardware's weighing is not documented).
 * Without the enables the line covers one row and the point one pixel,
 * alpha 255. */
static void
draw_smooth_points_lines(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   m3d(&d.t, G80_3D_LINE_SMOOTH_ENABLE, 1);
   m3d(&d.t, G80_3D_POINT_SMOOTH_ENABLE, 1);
   vtx(&d, 0, ndc_x(3.0f), ndc_y(1.0f), 0, 1, 0, 0, 1, 1);
   vtx(&d, 1, ndc_x(2.0f), ndc_y(5.0f), 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, ndc_x(10.0f), ndc_y(5.0f), 0, 1, 1, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINES, 1, 2);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   const float pi = 3.14159265f;
   unsigned n = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint32_t v = px(&d, x, y), rgb = 0;
         float alpha = -1.0f;
         if (x >= 2 && x <= 3 && y <= 1) {
            rgb = 0xff0000u;
            alpha = 255.0f * pi / 16.0f;
         } else if (x >= 2 && x < 10 && (y == 4 || y == 5)) {
            rgb = 0x0000ffu;
            alpha = 255.0f * 0.5f;
         }
         if (alpha < 0.0f) {
            CHECK_EQ(v, BG);
            continue;
         }
         n++;
         CHECK_EQ(v & 0xffffffu, rgb);
         if (fabsf((float)(v >> 24) - alpha) > 4.0f)
            fprintf(stderr, "(%u, %u): alpha %u, want %.1f\n", x, y,
                    v >> 24, alpha);
         CHECK(fabsf((float)(v >> 24) - alpha) <= 4.0f);
      }
   CHECK_EQ(n, 20);
out:
   dfx_fini(&d);
}

/* Without a stage runner a draw traps once and the channel goes on. */
static void
draw_without_stages_traps(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct nvsim_object *obj = nvsim_lookup(d.t.chan, T3D_HANDLE);
   ((struct g80_3d *)obj->priv)->stages = NULL;
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, 0, 1, 1, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   out(&d.t, nvt_inc(0, 0x50, 1));
   out(&d.t, 0x77);
   dfx_submit(&d);
   CHECK_STR_HAS(nvsim_channel_last_trap(d.t.chan), "stage runner");
   CHECK_EQ(nvsim_channel_ref(d.t.chan), 0x77);
   CHECK_EQ(px(&d, 1, 1), BG);
out:
   dfx_fini(&d);
}

/* ---- transform feedback (g80_3d_strmout.c) ---- */

#define SO_SENTINEL 0x5a5a5a5au

/* The transform feedback buffer is the zs surface (unused here), filled
 * with a sentinel; reports go to vb + 2048 (word 512 on). */
static void
so_setup(struct dfx *d, uint32_t ctrl)
{
   struct tfx *t = &d->t;
   for (unsigned i = 0; i < 1024; i++)
      ((uint32_t *)d->zs.map)[i] = SO_SENTINEL;
   m3d(t, G80_3D_DMA_STRMOUT, t->info.vram_ctxdma);
   m3d(t, G80_3D_STRMOUT_BUFFERS_CTRL, ctrl);
   m3d(t, G80_3D_QUERY_SEQUENCE, 9);
}

static uint32_t
so_word(const struct dfx *d, unsigned byte)
{
   return ((const uint32_t *)d->zs.map)[byte / 4];
}

/* QUERY_GET into report slot `slot` (16 bytes each from vb + 2048);
 * returns its word 0 and 1 after the submit. */
static void
so_query(struct dfx *d, unsigned slot, uint32_t get, uint32_t *w0,
         uint32_t *w1)
{
   struct tfx *t = &d->t;
   uint64_t va = d->vb.va + 2048 + 16 * slot;
   m3d(t, G80_3D_QUERY_ADDRESS_HIGH, (uint32_t)(va >> 32));
   m3d(t, G80_3D_QUERY_ADDRESS_LOW, (uint32_t)va);
   m3d(t, G80_3D_QUERY_GET, get);
   CHECK(dfx_submit(d) > 0);
   *w0 = ((uint32_t *)d->vb.map)[512 + 4 * slot];
   *w1 = ((uint32_t *)d->vb.map)[513 + 4 * slot];
}

/* The counters as upstream's nv50_hw_query asks them (TYPE COUNTER, UNIT
 * STRMOUT): GENERATED_PRIMITIVES and TRANSFORM_FEEDBACK. */
#define SO_GET_GENERATED                                                  \
   (G80_3D_QUERY_GET_TYPE_COUNTER |                                       \
    G80_3D_QUERY_GET_COUNTER_SELECT_GENERATED_PRIMITIVES |                \
    G80_3D_QUERY_GET_UNIT_STRMOUT | G80_3D_QUERY_GET_MODE_WRITE_UNK2)
#define SO_GET_WRITTEN                                                    \
   (G80_3D_QUERY_GET_TYPE_COUNTER |                                       \
    G80_3D_QUERY_GET_COUNTER_SELECT_TRANSFORM_FEEDBACK |                  \
    G80_3D_QUERY_GET_UNIT_STRMOUT | G80_3D_QUERY_GET_MODE_WRITE_UNK2)

static void
check_counts(struct dfx *d, uint32_t generated, uint32_t written)
{
   uint32_t w0, w1;
   so_query(d, 0, SO_GET_GENERATED, &w0, &w1);
   CHECK_EQ(w0, generated);
   CHECK_EQ(w1, 0);
   so_query(d, 1, SO_GET_WRITTEN, &w0, &w1);
   CHECK_EQ(w0, written);
   CHECK_EQ(w1, 0);
}

/* Points into one interleaved buffer (G80_3D): STRMOUT_MAP streams slot 4
 * (red) as component 0 and slot 0 (x) as component 1; STRIDE 12 bytes, so
 * each vertex's third word is no component and keeps the sentinel; the
 * buffer starts 16 bytes into the surface.  With RASTERIZE_ENABLE 0 (GL's
 * RASTERIZER_DISCARD) nothing is drawn.  GL 3.0 2.15: PRIMITIVES_GENERATED
 * counts the 4 points, TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN the 4
 * written; 2 more points with transform feedback off add to the first
 * only (it counts "regardless of whether transform feedback is active"). */
static void
draw_strmout_points(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   for (unsigned i = 0; i < 6; i++)
      vtx(&d, i, 0.25f * i, 0, 0, 1, 10.0f + i, 0, 0, 1);
   so_setup(&d, G80_3D_STRMOUT_BUFFERS_CTRL_INTERLEAVED |
                G80_3D_STRMOUT_BUFFERS_CTRL_STRIDE(12));
   m3d(t, G80_3D_STRMOUT_ADDRESS_HIGH(0), (uint32_t)((d.zs.va + 16) >> 32));
   m3d(t, G80_3D_STRMOUT_ADDRESS_LOW(0), (uint32_t)(d.zs.va + 16));
   m3d(t, G80_3D_STRMOUT_NUM_ATTRIBS(0), 2);
   m3d(t, G80_3D_STRMOUT_MAP(0), G80_STRMOUT_MAP_ENTRY_ENABLE |
                                 G80_STRMOUT_MAP_ENTRY_COMPONENT(1));
   m3d(t, G80_3D_STRMOUT_MAP(1), G80_STRMOUT_MAP_ENTRY_ENABLE |
                                 G80_STRMOUT_MAP_ENTRY_COMPONENT(0));
   m3d(t, G80_3D_STRMOUT_PRIMITIVE_LIMIT, 100);
   m3d(t, G80_3D_STRMOUT_PARAMS_LATCH, 1);
   m3d(t, G80_3D_STRMOUT_ENABLE, 1);
   m3d(t, G80_3D_RASTERIZE_ENABLE, 0);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 4);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK_EQ(so_word(&d, 12), SO_SENTINEL);
   for (unsigned i = 0; i < 4; i++) {
      CHECK_EQ(so_word(&d, 16 + 12 * i), fbits(10.0f + i));
      CHECK_EQ(so_word(&d, 20 + 12 * i), fbits(0.25f * i));
      CHECK_EQ(so_word(&d, 24 + 12 * i), SO_SENTINEL);
   }
   CHECK_EQ(so_word(&d, 64), SO_SENTINEL);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         CHECK_EQ(px(&d, x, y), BG);
   check_counts(&d, 4, 4);
   m3d(t, G80_3D_STRMOUT_ENABLE, 0);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 4, 2);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(so_word(&d, 64), SO_SENTINEL);
   check_counts(&d, 6, 4);
   /* COUNTER_RESET zeroes each counter */
   m3d(t, G80_3D_COUNTER_RESET, G80_3D_COUNTER_RESET_GENERATED_PRIMITIVES);
   check_counts(&d, 0, 4);
   m3d(t, G80_3D_COUNTER_RESET, G80_3D_COUNTER_RESET_TRANSFORM_FEEDBACK);
   check_counts(&d, 0, 0);
out:
   dfx_fini(&d);
}

/* A triangle strip of 5 vertices is written as its 3 triangles (GL 3.0
 * table 2.9, 2.15: "Individual ... triangles of a strip ... extracted and
 * recorded separately"), each keeping the draw's winding and its
 * provoking vertex where the convention puts it (GL 3.3 table 2.12:
 * triangle i provokes with vertex i + 2, or i with the first-vertex
 * convention), which fixes the order: the odd triangle (1, 2, 3), drawn
 * with the winding of (2, 1, 3), is written (2, 1, 3) with the last
 * vertex provoking and (1, 3, 2) with the first.  The component is red,
 * the vertex number.  STRMOUT_PRIMITIVE_LIMIT 2 (G80_3D has no buffer
 * size: the limit is in primitives) lets the first 2 of the 3 be written
 * whole and not the third (GL 3.0 2.15: a primitive that does not fit
 * records no vertex and is not counted as written); the latch starts
 * the buffer again. */
static void
draw_strmout_strip(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   for (unsigned i = 0; i < 5; i++)
      vtx(&d, i, -1.0f + 0.5f * (i / 2), i & 1 ? 1.0f : -1.0f, 0, 1,
          (float)i, 0, 0, 1);
   so_setup(&d, G80_3D_STRMOUT_BUFFERS_CTRL_INTERLEAVED |
                G80_3D_STRMOUT_BUFFERS_CTRL_STRIDE(4));
   m3d(t, G80_3D_STRMOUT_ADDRESS_HIGH(0), (uint32_t)(d.zs.va >> 32));
   m3d(t, G80_3D_STRMOUT_ADDRESS_LOW(0), (uint32_t)d.zs.va);
   m3d(t, G80_3D_STRMOUT_NUM_ATTRIBS(0), 1);
   m3d(t, G80_3D_STRMOUT_MAP(1), G80_STRMOUT_MAP_ENTRY_ENABLE |
                                 G80_STRMOUT_MAP_ENTRY_COMPONENT(0));
   m3d(t, G80_3D_STRMOUT_PRIMITIVE_LIMIT, 2);
   m3d(t, G80_3D_STRMOUT_PARAMS_LATCH, 1);
   m3d(t, G80_3D_STRMOUT_ENABLE, 1);
   m3d(t, G80_3D_PROVOKING_VERTEX_LAST, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 5);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   static const float last[6] = { 0, 1, 2, 2, 1, 3 };
   for (unsigned i = 0; i < 6; i++)
      CHECK_EQ(so_word(&d, 4 * i), fbits(last[i]));
   CHECK_EQ(so_word(&d, 24), SO_SENTINEL);
   /* the strip is still drawn: pixel (1, 4) is in triangle (0, 1, 2) */
   CHECK(px(&d, 1, 4) != BG);
   check_counts(&d, 3, 2);

   m3d(t, G80_3D_PROVOKING_VERTEX_LAST, 0);
   m3d(t, G80_3D_STRMOUT_PRIMITIVE_LIMIT, 3);
   m3d(t, G80_3D_STRMOUT_PARAMS_LATCH, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 5);
   CHECK(dfx_submit(&d) > 0);
   static const float first[9] = { 0, 1, 2, 1, 3, 2, 2, 3, 4 };
   for (unsigned i = 0; i < 9; i++)
      CHECK_EQ(so_word(&d, 4 * i), fbits(first[i]));
   CHECK_EQ(so_word(&d, 36), SO_SENTINEL);
   check_counts(&d, 6, 5);
out:
   dfx_fini(&d);
}

/* G200_3D's buffer limits in bytes (STRMOUT_BUFFERS_CTRL LIMIT_MODE
 * OFFSET) with two separate buffers: buffer 0 takes component 0 (red),
 * buffer 1 components 4 and 5 (its components start at 1 rounded up to
 * 4: x and y), 4 and 8 bytes a vertex.  Buffer 1 starts at
 * STRMOUT_OFFSET(1) = 8 and ends at STRMOUT_OFFSET_LIMIT(1) = 56: two
 * triangles (24 bytes each) fit, the third of the draw does not and is
 * written to neither buffer (GL 3.0 2.15), though buffer 0 has room.
 * QUERY_GET STRMOUT_OFFSET reports where each buffer stopped: 24 and 56
 * bytes. */
static void
draw_strmout_separate_limit(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0xa0, G200_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   for (unsigned i = 0; i < 9; i++)
      vtx(&d, i, 0.125f * i, -0.125f * i, 0, 1, 20.0f + i, 0, 0, 1);
   so_setup(&d, G80_3D_STRMOUT_BUFFERS_CTRL_SEPARATE(2) |
                G200_3D_STRMOUT_BUFFERS_CTRL_LIMIT_MODE_OFFSET);
   for (unsigned b = 0; b < 2; b++) {
      uint64_t va = d.zs.va + 1024 * b;
      m3d(t, G80_3D_STRMOUT_ADDRESS_HIGH(b), (uint32_t)(va >> 32));
      m3d(t, G80_3D_STRMOUT_ADDRESS_LOW(b), (uint32_t)va);
      m3d(t, G80_3D_STRMOUT_NUM_ATTRIBS(b), b ? 2 : 1);
      m3d(t, G200_3D_STRMOUT_OFFSET_LIMIT(b), b ? 56 : 1024);
      m3d(t, G200_3D_STRMOUT_OFFSET(b), b ? 8 : 0);
   }
   /* slot 0 (x) -> component 4, slot 1 (y) -> 5, slot 4 (red) -> 0 */
   m3d(t, G80_3D_STRMOUT_MAP(0),
       (G80_STRMOUT_MAP_ENTRY_ENABLE | G80_STRMOUT_MAP_ENTRY_COMPONENT(4)) |
       (G80_STRMOUT_MAP_ENTRY_ENABLE | G80_STRMOUT_MAP_ENTRY_COMPONENT(5)) << 8);
   m3d(t, G80_3D_STRMOUT_MAP(1), G80_STRMOUT_MAP_ENTRY_ENABLE |
                                 G80_STRMOUT_MAP_ENTRY_COMPONENT(0));
   m3d(t, G80_3D_STRMOUT_PARAMS_LATCH, 1);
   m3d(t, G80_3D_STRMOUT_ENABLE, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 9);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   for (unsigned i = 0; i < 6; i++) {
      CHECK_EQ(so_word(&d, 4 * i), fbits(20.0f + i));
      CHECK_EQ(so_word(&d, 1024 + 8 + 8 * i), fbits(0.125f * i));
      CHECK_EQ(so_word(&d, 1024 + 12 + 8 * i), fbits(-0.125f * i));
   }
   CHECK_EQ(so_word(&d, 24), SO_SENTINEL);
   CHECK_EQ(so_word(&d, 1024 + 4), SO_SENTINEL);
   CHECK_EQ(so_word(&d, 1024 + 56), SO_SENTINEL);
   check_counts(&d, 3, 2);
   for (unsigned b = 0; b < 2; b++) {
      uint32_t w0, w1;
      so_query(&d, 2 + b, G80_3D_QUERY_GET_TYPE_QUERY |
                          G200_3D_QUERY_GET_QUERY_SELECT_STRMOUT_OFFSET |
                          G80_3D_QUERY_GET_UNIT_STRMOUT |
                          G80_3D_QUERY_GET_MODE_WRITE_UNK2 |
                          G200_3D_QUERY_GET_INDEX(b), &w0, &w1);
      CHECK_EQ(w0, 9);
      CHECK_EQ(w1, b ? 56 : 24);
   }
out:
   dfx_fini(&d);
}

/* The corner triangle of draw_triangle_coverage, expected as there: 64
 * pixels, 3 VP runs. */
static void
check_corner(struct dfx *d, uint32_t colour)
{
   unsigned in = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         int s = side_of_half(x, y);
         if (s > 0) {
            CHECK_EQ(px(d, x, y), colour);
            in++;
         } else if (s < 0) {
            CHECK_EQ(px(d, x, y), BG);
         }
      }
   CHECK_EQ(in, 64);
   CHECK_EQ(d->pt.vp_calls, 3);
}

/* Immediate vertices (upstream's nv50_blit_3d draws so): inside
 * VERTEX_BEGIN_GL/END_GL, completing attribute 0 provokes a vertex of
 * the current values of every attribute (NV_vertex_program 2.14.1.1);
 * VertexAttrib2 sets z = 0, w = 1; outside a primitive attribute 0 only
 * changes the current value.  After an empty primitive, attribute 0 is
 * set to (0.25, 0.25, 5, -1) outside one (no vertex; a z or w left from
 * it would clip everything), the colour once with VTX_ATTR_4UB
 * (1, 0, 0, 1) "directly converted to float" (rnndb: not normalised, so
 * red 1.0, not 1/255) and kept by all three vertices; each position is
 * VTX_ATTR_2F X then Y (X alone provokes nothing).  Expected: the
 * corner triangle in red. */
static void
draw_immediate(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   m3d(&d.t, G80_3D_VERTEX_BEGIN_GL, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES);
   m3d(&d.t, G80_3D_VERTEX_END_GL, 0);
   out(&d.t, nvt_inc(3, G80_3D_VTX_ATTR_4F_X(0), 4));
   out(&d.t, fbits(0.25f));
   out(&d.t, fbits(0.25f));
   out(&d.t, fbits(5.0f));
   out(&d.t, fbits(-1.0f));
   m3d(&d.t, G80_3D_VTX_ATTR_4UB(1), 0x01000001);
   m3d(&d.t, G80_3D_VERTEX_BEGIN_GL, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES);
   static const float pos[3][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 } };
   for (unsigned i = 0; i < 3; i++) {
      out(&d.t, nvt_inc(3, G80_3D_VTX_ATTR_2F_X(0), 2));
      out(&d.t, fbits(pos[i][0]));
      out(&d.t, fbits(pos[i][1]));
   }
   m3d(&d.t, G80_3D_VERTEX_END_GL, 0);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   check_corner(&d, 0xff0000ffu);
out:
   dfx_fini(&d);
}

/* A CONST attribute (VERTEX_ARRAY_ATTRIB CONST, rnndb "use latest
 * VTX_ATTR_*") reads the current value, not the array: the colour
 * attribute set by VTX_ATTR_4H to the half floats (0, 1, 0.5, 1)
 * (0x0000, 0x3c00, 0x3800, 0x3c00) while the array holds red.  Expected:
 * RGBA8 (0, 255, 128, 255) (0.5 * 255 = 127.5 rounds to 128, GL 3.3
 * 2.1.6), the corner triangle. */
static void
draw_const_attrib(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, 0, 1, 1, 0, 0, 1);
   m3d(&d.t, G80_3D_VERTEX_ARRAY_ATTRIB(1),
       G80_3D_VERTEX_ARRAY_ATTRIB_OFFSET(16) |
       G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32_32_32 |
       G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT |
       G80_3D_VERTEX_ARRAY_ATTRIB_CONST);
   out(&d.t, nvt_inc(3, G80_3D_VTX_ATTR_4H_0(1), 2));
   out(&d.t, 0x3c000000);
   out(&d.t, 0x3c003800);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   check_corner(&d, 0xff80ff00u);
out:
   dfx_fini(&d);
}

/* The scissor (GL 3.3 4.1.2): scissor 0 enabled at x 5..11, y 2..6
 * (MIN, MAX exclusive: upstream writes maxx << 16 | minx); the w = 1
 * gradient of draw_interpolation inside it, nothing outside. */
static void
draw_scissor(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   m3d(&d.t, G80_3D_SCISSOR_ENABLE(0), 1);
   m3d(&d.t, G80_3D_SCISSOR_HORIZ(0), 11u << 16 | 5);
   m3d(&d.t, G80_3D_SCISSOR_VERT(0), 6u << 16 | 2);
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, -1, 1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, 1, -1, 0, 1, 0, 0, 0, 1);
   vtx(&d, 3, 1, 1, 0, 1, 0, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         if (x < 5 || x >= 11 || y < 2 || y >= 6) {
            CHECK_EQ(px(&d, x, y), BG);
            continue;
         }
         int want = (int)lrintf(255.0f * (1.0f - (x + 0.5f) / W));
         CHECK(abs((int)(px(&d, x, y) & 0xff) - want) <= 1);
      }
out:
   dfx_fini(&d);
}

/* Two-sided colour and the vertex colour clamp (SEMANTIC_COLOR): slots
 * 4..7 the front colour (2, 0.5, -1, 1), 8..11 the back one (0, 0, 0, 1:
 * map bytes 0x40 and 0x41); CLMP_EN clamps to (1, 0.5, 0, 1) (GL 3.3
 * 2.14 "clamped to [0, 1]", then 2.1.6: 0.5 -> 128); the back face
 * (the clockwise triangle of draw_cull) takes the back colour with
 * VERTEX_TWO_SIDE_ENABLE.  RASTERIZE_ENABLE 0 draws nothing. */
static void
draw_two_side_clamp(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   m3d(t, G80_3D_VP_RESULT_MAP_SIZE, 12);
   m3d(t, G80_3D_VP_RESULT_MAP(2), 0x41404040);
   m3d(t, G80_3D_SEMANTIC_COLOR, 4 | 8 << 8 | 4 << 16 | 1u << 24);
   vtx(&d, 0, -1, -1, 0, 1, 2, 0.5f, -1, 1);
   vtx(&d, 1, 1, -1, 0, 1, 2, 0.5f, -1, 1);
   vtx(&d, 2, -1, 1, 0, 1, 2, 0.5f, -1, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK_EQ(px(&d, 1, 1), 0xff0080ffu);
   /* the clamp precedes interpolation: red 3, 3, -1 at window (0, 0),
    * (16, 0), (0, 8) becomes 1, 1, 0; at pixel (1, 6) (centre (1.5,
    * 6.5): weights 0.09375, 0.09375, 0.8125) red is 0.1875 -> 48, where
    * the unclamped values would give -0.25 -> 0 */
   vtx(&d, 3, -1, -1, 0, 1, 3, 0, 0, 1);
   vtx(&d, 4, 1, -1, 0, 1, 3, 0, 0, 1);
   vtx(&d, 5, -1, 1, 0, 1, -1, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 3, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(abs((int)(px(&d, 1, 6) & 0xff) - 48) <= 1);
   m3d(t, G80_3D_VERTEX_TWO_SIDE_ENABLE, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 1), 0xff000000u);
   m3d(t, G80_3D_VERTEX_TWO_SIDE_ENABLE, 0);
   m3d(t, G80_3D_RASTERIZE_ENABLE, 0);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 1), 0xff000000u);
   /* SHADE_MODEL FLAT: the colour slots from the provoking vertex (the
    * last with PROVOKING_VERTEX_LAST, else the first; GL 3.3 compat.
    * 2.19.7): the last vertex is blue, the others red */
   m3d(t, G80_3D_RASTERIZE_ENABLE, 1);
   m3d(t, G80_3D_SHADE_MODEL, G80_3D_SHADE_MODEL_FLAT);
   m3d(t, G80_3D_PROVOKING_VERTEX_LAST, 1);
   vtx(&d, 3, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 4, 1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 5, -1, 1, 0, 1, 0, 0, 1, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 3, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 1), 0xffff0000u);
   m3d(t, G80_3D_PROVOKING_VERTEX_LAST, 0);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 3, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK_EQ(px(&d, 1, 6), 0xff0000ffu);
   CHECK_EQ(d.pt.vp_calls, 18);
out:
   dfx_fini(&d);
}

/* ---- through the shader interpreter ---- */

#define G(x) NVISA_G80_##x

struct code {
   uint32_t w[256];
   unsigned n;
   bool bad;
};

static void
emit(struct code *c, struct nvisa_g80_insn insn)
{
   uint32_t w[NVISA_FORM_MAX_WORDS];
   int n = nvisa_g80_encode(&insn, w);
   if (n < 0 || c->n + n > 256) {
      c->bad = true;
      return;
   }
   memcpy(c->w + c->n, w, n * 4);
   c->n += n;
}

static struct nvisa_g80_operand
opnd(unsigned file, unsigned val)
{
   return (struct nvisa_g80_operand){ .file = file, .size = 4, .val = val };
}

static struct nvisa_g80_insn
op2(unsigned op, struct nvisa_g80_operand d, struct nvisa_g80_operand a)
{
   struct nvisa_g80_insn i;
   nvisa_g80_insn_init(&i, op);
   i.opnd[0] = d;
   i.opnd[1] = a;
   return i;
}

static void
emit_exit(struct code *c)
{
   struct nvisa_g80_insn i;
   nvisa_g80_insn_init(&i, G(OP_NOP));
   i.mod[G(MOD_CTRL)] = 1;              /* exit (isa.rst) */
   emit(c, i);
}

/* The interpolation test's perspective pass, with the default runner (the
 * interpreter) and real programs encoded through libnvisa: the VP moves
 * a[0..28] to $o0..$o7, the FP computes w = rcp(linterp v[12]) (1/w is
 * the position's fourth interpolant) and pinterp v[16..28] * w into
 * $r0..$r3, colour 0.  The expected red is GL's perspective-correct
 * value, as in draw_interpolation. */
static void
draw_interpreter(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   struct nvsim_object *obj = nvsim_lookup(t->chan, T3D_HANDLE);
   ((struct g80_3d *)obj->priv)->stages = &g80_3d_exec_runner;
   struct code vp = { 0 }, fp = { 0 };
   for (unsigned i = 0; i < 8; i++) {
      emit(&vp, op2(G(OP_MOV_B32_L), opnd(G(FILE_GPR), i),
                    opnd(G(FILE_ATTR), 4 * i)));
      emit(&vp, op2(G(OP_MOV_B32_L), opnd(G(FILE_OUT), i),
                    opnd(G(FILE_GPR), i)));
   }
   emit_exit(&vp);
   emit(&fp, op2(G(OP_LINTERP_L), opnd(G(FILE_GPR), 4), opnd(G(FILE_VAR), 12)));
   emit(&fp, op2(G(OP_RCP_F32), opnd(G(FILE_GPR), 4), opnd(G(FILE_GPR), 4)));
   for (unsigned c = 0; c < 4; c++) {
      struct nvisa_g80_insn pi = op2(G(OP_PINTERP_L), opnd(G(FILE_GPR), c),
                                     opnd(G(FILE_VAR), 16 + 4 * c));
      pi.opnd[2] = opnd(G(FILE_GPR), 4);
      emit(&fp, pi);
   }
   emit_exit(&fp);
   CHECK(!vp.bad && !fp.bad);
   struct surf2d code;
   surf2d_new(t, &code, 0x2000);
   memcpy(code.map, vp.w, vp.n * 4);
   memcpy(code.map + 0x1000, fp.w, fp.n * 4);
   struct nvsim_bo *bos[] = { t->push_bo, d.rt.bo, d.vb.bo, code.bo };
   m3d(t, G80_3D_DMA_CODE_CB, t->info.vram_ctxdma);
   m3d(t, G80_3D_VP_ADDRESS_HIGH, (uint32_t)(code.va >> 32));
   m3d(t, G80_3D_VP_ADDRESS_LOW, (uint32_t)code.va);
   m3d(t, G80_3D_FP_ADDRESS_HIGH, (uint32_t)((code.va + 0x1000) >> 32));
   m3d(t, G80_3D_FP_ADDRESS_LOW, (uint32_t)(code.va + 0x1000));
   m3d(t, G80_3D_VP_START_ID, 0);
   m3d(t, G80_3D_FP_START_ID, 0);
   m3d(t, G80_3D_VP_REG_ALLOC_TEMP, 8);
   m3d(t, G80_3D_FP_REG_ALLOC_TEMP, 8);
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, -1, 1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, 2, -2, 0, 2, 0, 0, 0, 1);
   vtx(&d, 3, 2, 2, 0, 2, 0, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
   CHECK(tfx_submit(t, bos, 4) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   for (unsigned y = 0; y < H; y += 3)
      for (unsigned x = 0; x < W; x++) {
         float s = (x + 0.5f) / W;
         float tt = (s / 2) / ((1 - s) + s / 2);
         int want = (int)lrintf(255.0f * (1.0f - tt));
         int got = (int)(px(&d, x, y) & 0xff);
         CHECK(abs(got - want) <= 1);
         CHECK_EQ(px(&d, x, y) >> 8, 0xff0000u);
      }
   surf2d_free(t, &code);
out:
   dfx_fini(&d);
}

/* The FP's facing input (isa g80.xml VAR_ADDR FACE, upstream's v[0x3fc]
 * for gl_FrontFacing: all ones for a front face, 0 for a back one): the
 * FP reads it flat, ANDs it with 1.0's bits and writes red = that, alpha
 * 1.  Two triangles with FRONT_FACE CCW and no culling: draw_cull's
 * triangle, clockwise in this window space (y the row) and so a back face
 * (red 0 at pixel (1, 1)), and the upper-right half, (16,0) (0,8) (16,8),
 * counter-clockwise, a front face (red 255 at (14, 6)) (GL 3.3 3.6.1
 * facing; gl_FrontFacing). */
static void
draw_fp_face(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   struct nvsim_object *obj = nvsim_lookup(t->chan, T3D_HANDLE);
   ((struct g80_3d *)obj->priv)->stages = &g80_3d_exec_runner;
   struct code vp = { 0 }, fp = { 0 };
   for (unsigned i = 0; i < 8; i++) {
      emit(&vp, op2(G(OP_MOV_B32_L), opnd(G(FILE_GPR), i),
                    opnd(G(FILE_ATTR), 4 * i)));
      emit(&vp, op2(G(OP_MOV_B32_L), opnd(G(FILE_OUT), i),
                    opnd(G(FILE_GPR), i)));
   }
   emit_exit(&vp);
   emit(&fp, op2(G(OP_INTERP_FLAT_L), opnd(G(FILE_GPR), 0),
                 opnd(G(FILE_VAR), G(VAR_ADDR_FACE))));
   struct nvisa_g80_insn and1 = op2(G(OP_AND_B32_I), opnd(G(FILE_GPR), 0),
                                    opnd(G(FILE_GPR), 0));
   and1.opnd[2] = opnd(G(FILE_IMM), fbits(1.0f));
   emit(&fp, and1);
   emit(&fp, op2(G(OP_MOV_B32_I), opnd(G(FILE_GPR), 1),
                 opnd(G(FILE_IMM), 0)));
   emit(&fp, op2(G(OP_MOV_B32_I), opnd(G(FILE_GPR), 2),
                 opnd(G(FILE_IMM), 0)));
   emit(&fp, op2(G(OP_MOV_B32_I), opnd(G(FILE_GPR), 3),
                 opnd(G(FILE_IMM), fbits(1.0f))));
   emit_exit(&fp);
   CHECK(!vp.bad && !fp.bad);
   struct surf2d code;
   surf2d_new(t, &code, 0x2000);
   memcpy(code.map, vp.w, vp.n * 4);
   memcpy(code.map + 0x1000, fp.w, fp.n * 4);
   struct nvsim_bo *bos[] = { t->push_bo, d.rt.bo, d.vb.bo, code.bo };
   m3d(t, G80_3D_DMA_CODE_CB, t->info.vram_ctxdma);
   m3d(t, G80_3D_VP_ADDRESS_HIGH, (uint32_t)(code.va >> 32));
   m3d(t, G80_3D_VP_ADDRESS_LOW, (uint32_t)code.va);
   m3d(t, G80_3D_FP_ADDRESS_HIGH, (uint32_t)((code.va + 0x1000) >> 32));
   m3d(t, G80_3D_FP_ADDRESS_LOW, (uint32_t)(code.va + 0x1000));
   m3d(t, G80_3D_VP_START_ID, 0);
   m3d(t, G80_3D_FP_START_ID, 0);
   m3d(t, G80_3D_VP_REG_ALLOC_TEMP, 8);
   m3d(t, G80_3D_FP_REG_ALLOC_TEMP, 8);
   vtx(&d, 0, -1, -1, 0, 1, 0, 0, 0, 1);
   vtx(&d, 1, 1, -1, 0, 1, 0, 0, 0, 1);
   vtx(&d, 2, -1, 1, 0, 1, 0, 0, 0, 1);
   vtx(&d, 3, 1, -1, 0, 1, 0, 0, 0, 1);
   vtx(&d, 4, -1, 1, 0, 1, 0, 0, 0, 1);
   vtx(&d, 5, 1, 1, 0, 1, 0, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 6);
   CHECK(tfx_submit(t, bos, 4) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK_EQ(px(&d, 1, 1), 0xff000000u);
   CHECK_EQ(px(&d, 14, 6), 0xff0000ffu);
   surf2d_free(t, &code);
out:
   dfx_fini(&d);
}

/* l[] of one stage's program: st b128 from $r(reg) to l[0x10], the
 * registers overwritten with $r(junk), ld b128 back (a variable-indexed
 * GLSL array spills so). */
static void
emit_local_round_trip(struct code *c, unsigned reg, unsigned junk)
{
   struct nvisa_g80_operand lmem = { .file = G(FILE_LOCAL), .size = 4,
                                     .val = 0x10 };
   struct nvisa_g80_operand quad = opnd(G(FILE_GPR), reg);
   quad.size = 16;
   struct nvisa_g80_insn st;
   nvisa_g80_insn_init(&st, G(OP_ST_L));
   st.opnd[0] = lmem;
   st.opnd[1] = quad;
   st.mod[G(MOD_TYPE)] = G(LDST_TYPE_b128);
   emit(c, st);
   for (unsigned i = 0; i < 4; i++)
      emit(c, op2(G(OP_MOV_B32_L), opnd(G(FILE_GPR), reg + i),
                  opnd(G(FILE_GPR), junk)));
   struct nvisa_g80_insn ld;
   nvisa_g80_insn_init(&ld, G(OP_LD_L));
   ld.opnd[0] = quad;
   ld.opnd[1] = lmem;
   ld.mod[G(MOD_TYPE)] = G(LDST_TYPE_b128);
   emit(c, ld);
}

/* Local memory (g80_3d_local.c): the programs of draw_interpreter with
 * the colour passed through l[0x10..0x1f] in the VP and in the FP, with
 * LOCAL_SIZE_LOG 2 (rnndb: log2(bytes / 8): 0x20 bytes a thread) at
 * LOCAL_ADDRESS in DMA_LOCAL.  The pixels are draw_interpreter's (GL's
 * perspective-correct red); l[] is in that buffer (isa.rst: "directly
 * mapped to VM space"): bytes of the warp's 32 x 0x20 there (the
 * buffer's last 0x400) change and no byte before them does.  With the
 * range one thread's space further, past the buffer, the draw traps and
 * draws nothing; with LOCAL_SIZE_LOG 0 the
 * programs have no l[] and fault. */
static void
draw_local_memory(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   struct nvsim_object *obj = nvsim_lookup(t->chan, T3D_HANDLE);
   ((struct g80_3d *)obj->priv)->stages = &g80_3d_exec_runner;
   struct code vp = { 0 }, fp = { 0 };
   for (unsigned i = 0; i < 8; i++)
      emit(&vp, op2(G(OP_MOV_B32_L), opnd(G(FILE_GPR), i),
                    opnd(G(FILE_ATTR), 4 * i)));
   emit_local_round_trip(&vp, 4, 0);
   for (unsigned i = 0; i < 8; i++)
      emit(&vp, op2(G(OP_MOV_B32_L), opnd(G(FILE_OUT), i),
                    opnd(G(FILE_GPR), i)));
   emit_exit(&vp);
   emit(&fp, op2(G(OP_LINTERP_L), opnd(G(FILE_GPR), 4), opnd(G(FILE_VAR), 12)));
   emit(&fp, op2(G(OP_RCP_F32), opnd(G(FILE_GPR), 4), opnd(G(FILE_GPR), 4)));
   for (unsigned c = 0; c < 4; c++) {
      struct nvisa_g80_insn pi = op2(G(OP_PINTERP_L), opnd(G(FILE_GPR), c),
                                     opnd(G(FILE_VAR), 16 + 4 * c));
      pi.opnd[2] = opnd(G(FILE_GPR), 4);
      emit(&fp, pi);
   }
   emit_local_round_trip(&fp, 0, 4);
   emit_exit(&fp);
   CHECK(!vp.bad && !fp.bad);
   struct surf2d code, local;
   surf2d_new(t, &code, 0x2000);
   surf2d_new(t, &local, 0x1000);
   memcpy(code.map, vp.w, vp.n * 4);
   memcpy(code.map + 0x1000, fp.w, fp.n * 4);
   memset(local.map, 0xa5, 0x1000);
   /* the warp's range ends where the buffer does */
   const unsigned warp_bytes = 32 * 0x20, base = 0x1000 - warp_bytes;
   struct nvsim_bo *bos[] = { t->push_bo, d.rt.bo, d.vb.bo, code.bo,
                              local.bo };
   m3d(t, G80_3D_DMA_CODE_CB, t->info.vram_ctxdma);
   m3d(t, G80_3D_DMA_LOCAL, t->info.vram_ctxdma);
   m3d(t, G80_3D_LOCAL_ADDRESS_HIGH, (uint32_t)((local.va + base) >> 32));
   m3d(t, G80_3D_LOCAL_ADDRESS_LOW, (uint32_t)(local.va + base));
   m3d(t, G80_3D_LOCAL_SIZE_LOG, 2);
   m3d(t, G80_3D_VP_ADDRESS_HIGH, (uint32_t)(code.va >> 32));
   m3d(t, G80_3D_VP_ADDRESS_LOW, (uint32_t)code.va);
   m3d(t, G80_3D_FP_ADDRESS_HIGH, (uint32_t)((code.va + 0x1000) >> 32));
   m3d(t, G80_3D_FP_ADDRESS_LOW, (uint32_t)(code.va + 0x1000));
   m3d(t, G80_3D_VP_START_ID, 0);
   m3d(t, G80_3D_FP_START_ID, 0);
   m3d(t, G80_3D_VP_REG_ALLOC_TEMP, 8);
   m3d(t, G80_3D_FP_REG_ALLOC_TEMP, 8);
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, -1, 1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, 2, -2, 0, 2, 0, 0, 0, 1);
   vtx(&d, 3, 2, 2, 0, 2, 0, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
   CHECK(tfx_submit(t, bos, 5) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   for (unsigned y = 0; y < H; y += 3)
      for (unsigned x = 0; x < W; x++) {
         float s = (x + 0.5f) / W;
         float tt = (s / 2) / ((1 - s) + s / 2);
         int want = (int)lrintf(255.0f * (1.0f - tt));
         int got = (int)(px(&d, x, y) & 0xff);
         CHECK(abs(got - want) <= 1);
         CHECK_EQ(px(&d, x, y) >> 8, 0xff0000u);
      }
   unsigned changed_in = 0, changed_out = 0;
   for (unsigned i = 0; i < 0x1000; i++) {
      if (local.map[i] == 0xa5)
         continue;
      if (i >= base && i < base + warp_bytes)
         changed_in++;
      else
         changed_out++;
   }
   CHECK(changed_in > 0);
   CHECK_EQ(changed_out, 0);

   /* the warp's range one thread's space past the buffer's end: a trap,
    * nothing drawn */
   for (unsigned i = 0; i < W * H; i++)
      ((uint32_t *)d.rt.map)[i] = BG;
   m3d(t, G80_3D_LOCAL_ADDRESS_LOW, (uint32_t)(local.va + base + 0x20));
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
   CHECK(tfx_submit(t, bos, 5) > 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "local memory");
   CHECK_EQ(px(&d, 1, 1), BG);

   /* LOCAL_SIZE_LOG 0: no l[], the programs fault */
   m3d(t, G80_3D_LOCAL_ADDRESS_LOW, (uint32_t)(local.va + base));
   m3d(t, G80_3D_LOCAL_SIZE_LOG, 0);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
   CHECK(tfx_submit(t, bos, 5) > 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "l[0x10]");
   CHECK_EQ(px(&d, 1, 1), BG);
   surf2d_free(t, &local);
   surf2d_free(t, &code);
out:
   dfx_fini(&d);
}

/* Eight render targets (RT_CONTROL COUNT 8, the class's 8 DMA_COLOR /
 * RT_* slots, hwdb): a full-window quad of colour (0.5, 0, 0, 0.5)
 * through the pass-through FP (FP_CONTROL without MULTIPLE_RESULTS: its
 * colour 0 goes to every target).  Target i is slot MAPi = 7 - i; slot s
 * writes R only when s & 1, A only when s & 2 (COLOR_MASK(s), not
 * COMMON), and slot 3 (target 4) blends ONE, ONE, ADD (BLEND_ENABLE(3)).
 * By hand (GL 3.3 2.1.6: 0.5 -> 128, 0x80; 4.1.8: ONE, ONE adds the
 * destination, A 0.5 + 0xee / 255 clamps to 1, R 0.5 + 0): slot s holds
 * R 0x80 if s & 1 else 0 and A 0x80 if s & 2 else BG's 0xee, but slot
 * 3's A is 0xff. */
static void
draw_eight_targets(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   struct surf2d rts;
   surf2d_new(t, &rts, 8 * W * H * 4);
   uint32_t *px8 = (uint32_t *)rts.map;
   for (unsigned i = 0; i < 8 * W * H; i++)
      px8[i] = BG;
   for (unsigned s = 0; s < 8; s++) {
      uint64_t va = rts.va + (uint64_t)s * W * H * 4;
      m3d(t, G80_3D_DMA_COLOR(s), t->info.vram_ctxdma);
      out(t, nvt_inc(3, G80_3D_RT_ADDRESS_HIGH(s), 5));
      out(t, (uint32_t)(va >> 32));
      out(t, (uint32_t)va);
      out(t, G80_SURFACE_FORMAT_RGBA8_UNORM);
      out(t, 0);
      out(t, 0);
      out(t, nvt_inc(3, G80_3D_RT_HORIZ(s), 2));
      out(t, G80_3D_RT_HORIZ_LAYOUT_PITCH | W * 4);
      out(t, H);
      m3d(t, G80_3D_COLOR_MASK(s), (s & 1 ? G80_3D_COLOR_MASK_R__MASK : 0) |
                                   (s & 2 ? G80_3D_COLOR_MASK_A__MASK : 0));
   }
   m3d(t, G80_3D_RT_CONTROL, G80_3D_RT_CONTROL_COUNT(8) |
       G80_3D_RT_CONTROL_MAP0(7) | G80_3D_RT_CONTROL_MAP1(6) |
       G80_3D_RT_CONTROL_MAP2(5) | G80_3D_RT_CONTROL_MAP3(4) |
       G80_3D_RT_CONTROL_MAP4(3) | G80_3D_RT_CONTROL_MAP5(2) |
       G80_3D_RT_CONTROL_MAP6(1) | G80_3D_RT_CONTROL_MAP7(0));
   m3d(t, G80_3D_BLEND_ENABLE(3), 1);
   m3d(t, G80_3D_BLEND_SEPARATE_ALPHA, 0);
   m3d(t, G80_3D_BLEND_EQUATION_RGB, G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
   m3d(t, G80_3D_BLEND_FUNC_SRC_RGB, G80_BLEND_FACTOR_ONE);
   m3d(t, G80_3D_BLEND_FUNC_DST_RGB, G80_BLEND_FACTOR_ONE);
   vtx(&d, 0, -1, -1, 0, 1, 0.5f, 0, 0, 0.5f);
   vtx(&d, 1, 1, -1, 0, 1, 0.5f, 0, 0, 0.5f);
   vtx(&d, 2, -1, 1, 0, 1, 0.5f, 0, 0, 0.5f);
   vtx(&d, 3, 1, 1, 0, 1, 0.5f, 0, 0, 0.5f);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
   struct nvsim_bo *bos[] = { t->push_bo, d.rt.bo, d.vb.bo, rts.bo };
   CHECK(tfx_submit(t, bos, 4) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   for (unsigned s = 0; s < 8; s++) {
      uint32_t r = s & 1 ? 0x80 : 0x00;
      uint32_t a = s == 3 ? 0xff : s & 2 ? 0x80 : 0xee;
      uint32_t want = a << 24 | r;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            CHECK_EQ(px8[(s * H + y) * W + x], want);
   }
   surf2d_free(t, &rts);
out:
   dfx_fini(&d);
}

/* ---- the geometry program (g80_3d_gp.c) ---- */

static struct nvisa_g80_operand
reg(unsigned r)
{
   return opnd(G(FILE_GPR), r);
}

/* $r(r)..$r(r + 7) = input vertex i's 8 words (position, colour): $a1 =
 * a[4 i], its pointer, then p[$a1 + 4 k] (word k, G80_SHADER_GP_VSTRIDE
 * apart in p[]). */
static void
gp_load_vertex(struct code *c, unsigned i, unsigned r)
{
   struct nvisa_g80_insn a = op2(G(OP_SHL_A), opnd(G(FILE_ADDR), 1),
                                 opnd(G(FILE_ATTR), 4 * i));
   a.opnd[2] = opnd(G(FILE_IMM), 0);
   emit(c, a);
   for (unsigned k = 0; k < 8; k++) {
      struct nvisa_g80_operand p = opnd(G(FILE_PRIM), 4 * k);
      p.areg = 1;
      emit(c, op2(G(OP_MOV_B32_L), reg(r + k), p));
   }
}

/* $o0..$o7 = $r(r)..$r(r + 7), then emit */
static void
gp_emit_vertex(struct code *c, unsigned r)
{
   for (unsigned k = 0; k < 8; k++)
      emit(c, op2(G(OP_MOV_B32_L), opnd(G(FILE_OUT), k), reg(r + k)));
   struct nvisa_g80_insn e;
   nvisa_g80_insn_init(&e, G(OP_EMIT));
   emit(c, e);
}

static void
gp_restart(struct code *c)
{
   struct nvisa_g80_insn e;
   nvisa_g80_insn_init(&e, G(OP_RESTART));
   emit(c, e);
}

/* $r(d) = $r(a) + f */
static void
gp_addf(struct code *c, unsigned d, unsigned a, float f)
{
   struct nvisa_g80_insn i = op2(G(OP_ADD_F32_I), reg(d), reg(a));
   i.opnd[2] = opnd(G(FILE_IMM), fbits(f));
   emit(c, i);
}

static void
gp_movf(struct code *c, unsigned d, float f)
{
   emit(c, op2(G(OP_MOV_B32_I), reg(d), opnd(G(FILE_IMM), fbits(f))));
}

/* $r(d) = (float)a[0x18], the primitive id (unsigned 32-bit) */
static void
gp_primitive_id(struct code *c, unsigned d)
{
   struct nvisa_g80_insn cvt = op2(G(OP_CVT_I2F), reg(d),
                                   opnd(G(FILE_ATTR), 0x18));
   cvt.mod[G(MOD_SRC32)] = 1;
   cvt.mod[G(MOD_DST32)] = 1;
   emit(c, cvt);
}

/* Binds the GP `gp` (code in `code`, mapped) with the interpreter: 8
 * result words mapped to slots 0..7 (position, colour) as the VP's. */
static void
gp_bind(struct dfx *d, struct surf2d *code, struct code *gp, uint32_t type,
        uint32_t max_vertices)
{
   struct tfx *t = &d->t;
   emit_exit(gp);
   CHECK(!gp->bad);
   surf2d_new(t, code, 0x1000);
   memcpy(code->map, gp->w, gp->n * 4);
   m3d(t, G80_3D_DMA_CODE_CB, t->info.vram_ctxdma);
   m3d(t, G80_3D_GP_ADDRESS_HIGH, (uint32_t)(code->va >> 32));
   m3d(t, G80_3D_GP_ADDRESS_LOW, (uint32_t)code->va);
   m3d(t, G80_3D_GP_START_ID, 0);
   m3d(t, G80_3D_GP_REG_ALLOC_TEMP, 32);
   m3d(t, G80_3D_GP_REG_ALLOC_RESULT, 8);
   m3d(t, G80_3D_GP_RESULT_MAP_SIZE, 8);
   m3d(t, G80_3D_GP_RESULT_MAP(0), 0x03020100);
   m3d(t, G80_3D_GP_RESULT_MAP(1), 0x07060504);
   m3d(t, G80_3D_GP_OUTPUT_PRIMITIVE_TYPE, type);
   m3d(t, G80_3D_GP_VERTEX_OUTPUT_COUNT, max_vertices);
   m3d(t, G80_3D_GP_ENABLE, 1);
}

static int64_t
gp_submit(struct dfx *d, struct surf2d *code)
{
   struct nvsim_bo *bos[] = { d->t.push_bo, d->rt.bo, d->vb.bo, code->bo };
   return tfx_submit(&d->t, bos, 4);
}

/* Whether pixel (x, y)'s centre is inside the window-space triangle with
 * corners (ox, 0), (ox + 8, 0), (ox, 8) (GL 3.3 3.6.1; no centre lies on
 * its edges). */
static bool
in_corner(unsigned x, unsigned y, unsigned ox)
{
   return x >= ox && (x - ox + 0.5f) + (y + 0.5f) < 8.0f;
}

/* One input triangle drawn twice by the GP: its three vertices emitted,
 * a restart, then emitted again 8 pixels to the right with green added
 * (GL 3.2 2.12.2: restart ends the output strip, so there are two
 * triangles and nothing between them).  Then the same GP with
 * GP_VERTEX_OUTPUT_COUNT 5: its sixth emit traps. */
static void
draw_gp_restart(void)
{
   struct dfx d;
   struct surf2d code;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   struct code gp = { 0 };
   for (unsigned i = 0; i < 3; i++)
      gp_load_vertex(&gp, i, 8 * i);
   for (unsigned i = 0; i < 3; i++)
      gp_emit_vertex(&gp, 8 * i);
   gp_restart(&gp);
   for (unsigned i = 0; i < 3; i++) {
      gp_addf(&gp, 8 * i, 8 * i, 1.0f);           /* NDC x + 1: 8 pixels */
      gp_addf(&gp, 8 * i + 5, 8 * i + 5, 1.0f);   /* green */
      gp_emit_vertex(&gp, 8 * i);
   }
   gp_bind(&d, &code, &gp, G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_TRIANGLE_STRIP, 6);
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);          /* window (0, 0) */
   vtx(&d, 1, 0, -1, 0, 1, 1, 0, 0, 1);           /* (8, 0) */
   vtx(&d, 2, -1, 1, 0, 1, 1, 0, 0, 1);           /* (0, 8) */
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(gp_submit(&d, &code) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint32_t want = in_corner(x, y, 0) ? 0xff0000ffu :
                         in_corner(x, y, 8) ? 0xff00ffffu : BG;
         CHECK_EQ(px(&d, x, y), want);
      }

   /* the sixth vertex is past GP_VERTEX_OUTPUT_COUNT: a trap, and the
    * draw is dropped */
   for (unsigned i = 0; i < W * H; i++)
      ((uint32_t *)d.rt.map)[i] = BG;
   m3d(t, G80_3D_GP_VERTEX_OUTPUT_COUNT, 5);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(gp_submit(&d, &code) > 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "GP_VERTEX_OUTPUT_COUNT");
   CHECK_EQ(px(&d, 1, 1), BG);
   surf2d_free(t, &code);
out:
   dfx_fini(&d);
}

/* Two input points, each expanded by the GP into a 4 x 4 pixel square: a
 * triangle strip of its corners (x -+ 2 pixels, y -+ 2 pixels; GL 3.2
 * 2.6.1: triangles (0, 1, 2) and (2, 1, 3) cover it), each invocation's
 * output a strip of its own (nothing is drawn between the squares).  The
 * colour's green is the primitive id (a[0x18], VP_GP_BUILTIN_ATTR_EN
 * PRIMITIVE_ID, GL 3.2 gl_PrimitiveIDIn: 0 for the first point, 1 for the
 * second). */
static void
draw_gp_point_sprite(void)
{
   struct dfx d;
   struct surf2d code;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   struct code gp = { 0 };
   gp_load_vertex(&gp, 0, 0);
   gp_primitive_id(&gp, 5);                        /* green */
   for (unsigned c = 0; c < 4; c++) {
      float dx = (c & 1) ? 0.25f : -0.25f;         /* 2 pixels */
      float dy = (c & 2) ? 0.5f : -0.5f;
      gp_addf(&gp, 8, 0, dx);
      gp_addf(&gp, 9, 1, dy);
      for (unsigned k = 2; k < 8; k++)
         emit(&gp, op2(G(OP_MOV_B32_L), reg(8 + k), reg(k)));
      gp_emit_vertex(&gp, 8);
   }
   gp_bind(&d, &code, &gp, G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_TRIANGLE_STRIP, 4);
   m3d(t, G80_3D_VP_GP_BUILTIN_ATTR_EN,
       G80_3D_VP_GP_BUILTIN_ATTR_EN_PRIMITIVE_ID__MASK);
   vtx(&d, 0, ndc_x(4), ndc_y(4), 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, ndc_x(12), ndc_y(4), 0, 1, 1, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS, 0, 2);
   CHECK(gp_submit(&d, &code) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         bool rows = y >= 2 && y < 6;
         uint32_t want = rows && x >= 2 && x < 6 ? 0xff0000ffu :
                         rows && x >= 10 && x < 14 ? 0xff00ffffu : BG;
         CHECK_EQ(px(&d, x, y), want);
      }
   surf2d_free(t, &code);
out:
   dfx_fini(&d);
}

/* The order a GP reads a triangle strip with adjacency in (GL 3.2 2.6.1
 * table 2.4, 2.12.1: vertex, adjacent, vertex, adjacent, vertex,
 * adjacent): 8 vertices make 2 triangles; the GP emits input i as a point
 * at pixel (2 i + 1, 4 primitive id + 1) with its colour, vertex v's red
 * being v / 7 (GP_RESULT_MAP puts it in red and green).  Table 2.4 numbered from 0: the first triangle (0, 2, 4),
 * adjacent 1, 6, 3; the last of two (odd: the first two swapped) (4, 2,
 * 6), adjacent 0, 5, 7. */
static void
draw_gp_adjacency(void)
{
   struct dfx d;
   struct surf2d code;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   struct code gp = { 0 };
   gp_primitive_id(&gp, 24);
   gp_addf(&gp, 24, 24, -0.625f);  /* NDC y of window y 4 id + 1.5 */
   for (unsigned i = 0; i < 6; i++) {
      gp_load_vertex(&gp, i, 0);
      gp_movf(&gp, 0, ndc_x(2 * i + 1.5f));
      emit(&gp, op2(G(OP_MOV_B32_L), reg(1), reg(24)));
      gp_emit_vertex(&gp, 0);
   }
   gp_bind(&d, &code, &gp, G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_POINTS, 6);
   /* slots 4..7: red from $o4 twice, then the constants 0.0 and 1.0
    * (G80_GP_RESULT_MAP_CONST_ZERO) */
   m3d(t, G80_3D_GP_RESULT_MAP(1), 0x81800404);
   m3d(t, G80_3D_VP_GP_BUILTIN_ATTR_EN,
       G80_3D_VP_GP_BUILTIN_ATTR_EN_PRIMITIVE_ID__MASK);
   for (unsigned v = 0; v < 8; v++)
      vtx(&d, v, 0, 0, 0, 1, v / 7.0f, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP_ADJACENCY,
               0, 8);
   CHECK(gp_submit(&d, &code) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   static const unsigned order[2][6] = {
      { 0, 1, 2, 6, 4, 3 },
      { 4, 0, 2, 5, 6, 7 },
   };
   for (unsigned k = 0; k < 2; k++)
      for (unsigned i = 0; i < 6; i++) {
         unsigned v = order[k][i];
         uint32_t red = (uint32_t)lrintf(255.0f * v / 7.0f);
         CHECK_EQ(px(&d, 2 * i + 1, 4 * k + 1),
                  0xff000000u | red << 8 | red);
      }
   surf2d_free(t, &code);
out:
   dfx_fini(&d);
}

/* Primitives with adjacency without a GP (GL 3.2 2.6.1): their lines and
 * triangles are drawn, the adjacent vertices dropped.  A triangle strip
 * with adjacency of 8 vertices: triangles (0, 2, 4) and (4, 2, 6) at
 * window (0, 0), (0, 8), (8, 0) and (8, 8) fill the left 8 x 8 square;
 * the adjacent vertices lie to the right, where nothing may be drawn.
 * Then lines with adjacency: 4 vertices, the line from 1 to 2 along row
 * 2. */
static void
draw_adjacency_no_gp(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   static const float pos[8][2] = {
      { 0, 0 }, { 16, 8 }, { 0, 8 }, { 16, 0 },
      { 8, 0 }, { 12, 8 }, { 8, 8 }, { 12, 0 },
   };
   for (unsigned v = 0; v < 8; v++)
      vtx(&d, v, ndc_x(pos[v][0]), ndc_y(pos[v][1]), 0, 1, 1, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP_ADJACENCY,
               0, 8);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         CHECK_EQ(px(&d, x, y), x < 8 ? 0xff0000ffu : BG);

   for (unsigned i = 0; i < W * H; i++)
      ((uint32_t *)d.rt.map)[i] = BG;
   vtx(&d, 0, ndc_x(1.5f), ndc_y(7.5f), 0, 1, 0, 1, 0, 1);
   vtx(&d, 1, ndc_x(9), ndc_y(2.5f), 0, 1, 0, 1, 0, 1);
   vtx(&d, 2, ndc_x(13), ndc_y(2.5f), 0, 1, 0, 1, 0, 1);
   vtx(&d, 3, ndc_x(1.5f), ndc_y(0.5f), 0, 1, 0, 1, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_LINES_ADJACENCY, 0, 4);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   /* GL 3.3 3.5.1 diamond exit: the x-major line from 9 to 13 on row 2
    * lights pixels 9..12 */
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         CHECK_EQ(px(&d, x, y),
                  y == 2 && x >= 9 && x < 13 ? 0xff00ff00u : BG);
out:
   dfx_fini(&d);
}

/* The logic op (LOGIC_OP_ENABLE, LOGIC_OP XOR; GL 3.3 4.1.10): the
 * corner triangle of draw_triangle_coverage in colour (1, 0, 0, 1)
 * into target 0 (RGBA8, BG 0xee000000, COLOR_MASK R, G, B) and target 1
 * (RGBA32_FLOAT, every component 0.25), with blending ONE, ONE on both.
 * By hand: the source packs as 0xff0000ff (GL 2.1.6); XOR with BG gives
 * 0x110000ff, A masked keeps 0xee: 0xee0000ff; blending is off ("as if
 * blending were disabled") and the op has no effect on the float target:
 * it holds the source (1, 0, 0, 1), not 1.25.  Pixels outside stay.
 * The same triangle again restores target 0 (x ^ s ^ s = x), though the
 * source's unmasked R, G, B equal what the pixel holds then: a pixel is
 * combined because it was written, not because it changed. */
static void
draw_logic_op(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   struct surf2d f32;
   surf2d_new(t, &f32, W * H * 16);
   float *fp = (float *)f32.map;
   for (unsigned i = 0; i < W * H * 4; i++)
      fp[i] = 0.25f;
   m3d(t, G80_3D_DMA_COLOR(1), t->info.vram_ctxdma);
   out(t, nvt_inc(3, G80_3D_RT_ADDRESS_HIGH(1), 5));
   out(t, (uint32_t)(f32.va >> 32));
   out(t, (uint32_t)f32.va);
   out(t, G80_SURFACE_FORMAT_RGBA32_FLOAT);
   out(t, 0);
   out(t, 0);
   out(t, nvt_inc(3, G80_3D_RT_HORIZ(1), 2));
   out(t, G80_3D_RT_HORIZ_LAYOUT_PITCH | W * 16);
   out(t, H);
   m3d(t, G80_3D_RT_CONTROL, G80_3D_RT_CONTROL_COUNT(2) |
       G80_3D_RT_CONTROL_MAP0(0) | G80_3D_RT_CONTROL_MAP1(1));
   m3d(t, G80_3D_COLOR_MASK(0), G80_3D_COLOR_MASK_R__MASK |
       G80_3D_COLOR_MASK_G__MASK | G80_3D_COLOR_MASK_B__MASK);
   m3d(t, G80_3D_COLOR_MASK(1), 0x1111);
   for (unsigned s = 0; s < 2; s++)
      m3d(t, G80_3D_BLEND_ENABLE(s), 1);
   m3d(t, G80_3D_BLEND_EQUATION_RGB, G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
   m3d(t, G80_3D_BLEND_FUNC_SRC_RGB, G80_BLEND_FACTOR_ONE);
   m3d(t, G80_3D_BLEND_FUNC_DST_RGB, G80_BLEND_FACTOR_ONE);
   m3d(t, G80_3D_LOGIC_OP_ENABLE, 1);
   m3d(t, G80_3D_LOGIC_OP, G80_3D_LOGIC_OP_XOR);
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, 1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, 0, 1, 1, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   struct nvsim_bo *bos[] = { t->push_bo, d.rt.bo, d.vb.bo, f32.bo };
   CHECK(tfx_submit(t, bos, 4) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   unsigned in = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         int s = side_of_half(x, y);
         const float *f = &fp[(y * W + x) * 4];
         if (s > 0) {
            CHECK_EQ(px(&d, x, y), 0xee0000ffu);
            CHECK(f[0] == 1.0f && f[1] == 0.0f && f[2] == 0.0f &&
                  f[3] == 1.0f);
            in++;
         } else if (s < 0) {
            CHECK_EQ(px(&d, x, y), BG);
            CHECK(f[0] == 0.25f && f[3] == 0.25f);
         }
      }
   CHECK_EQ(in, 64);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(tfx_submit(t, bos, 4) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         CHECK_EQ(px(&d, x, y), BG);
   surf2d_free(t, &f32);
out:
   dfx_fini(&d);
}

/* FRAG_COLOR_CLAMP_EN (ARB_color_buffer_float's CLAMP_FRAGMENT_COLOR;
 * GL 3.3 3.9.2 clamps to [0, 1]): the corner triangle in colour (2, -1,
 * 0.5, 1) into an RGBA32_FLOAT target: stored as it is with the field of
 * target 0 clear, (1, 0, 0.5, 1) with it set. */
static void
draw_frag_color_clamp(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   struct surf2d f32;
   surf2d_new(t, &f32, W * H * 16);
   const float *fp = (const float *)f32.map;
   out(t, nvt_inc(3, G80_3D_RT_ADDRESS_HIGH(0), 5));
   out(t, (uint32_t)(f32.va >> 32));
   out(t, (uint32_t)f32.va);
   out(t, G80_SURFACE_FORMAT_RGBA32_FLOAT);
   out(t, 0);
   out(t, 0);
   out(t, nvt_inc(3, G80_3D_RT_HORIZ(0), 2));
   out(t, G80_3D_RT_HORIZ_LAYOUT_PITCH | W * 16);
   out(t, H);
   vtx(&d, 0, -1, -1, 0, 1, 2, -1, 0.5f, 1);
   vtx(&d, 1, 1, -1, 0, 1, 2, -1, 0.5f, 1);
   vtx(&d, 2, -1, 1, 0, 1, 2, -1, 0.5f, 1);
   struct nvsim_bo *bos[] = { t->push_bo, d.rt.bo, d.vb.bo, f32.bo };
   for (unsigned on = 0; on < 2; on++) {
      m3d(t, G80_3D_FRAG_COLOR_CLAMP_EN, on ? G80_3D_FRAG_COLOR_CLAMP_EN_0 : 0);
      draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
      CHECK(tfx_submit(t, bos, 4) > 0);
      CHECK(nvsim_channel_last_trap(t->chan) == NULL);
      const float *f = &fp[(1 * W + 1) * 4];
      CHECK(f[0] == (on ? 1.0f : 2.0f) && f[1] == (on ? 0.0f : -1.0f) &&
            f[2] == 0.5f && f[3] == 1.0f);
   }
   surf2d_free(t, &f32);
out:
   dfx_fini(&d);
}

/* Per-target blend functions (GT215_3D's IBLEND(i) with BLEND_INDEPENDENT,
 * rnndb g80_3d.xml; ARB_draw_buffers_blend / GL 4.0 4.1.8: BlendFunci and
 * BlendEquationi set draw buffer i's function).  A full-window quad of
 * colour s = (0.4, 0.2, 0.8, 0.6) to two RGBA8 targets holding
 * d = 0x40202020 (R, G, B 32/255, A 64/255), both blended; the shared
 * BLEND_* say ZERO, ZERO.  By hand (GL 3.3 2.1.6: value * 255 rounded):
 * - target 0, IBLEND(0) ONE, ONE, ADD for RGB: s + d = R 102 + 32 = 134,
 *   G 51 + 32 = 83, B 204 + 32 = 236; ZERO, ONE, ADD for alpha, without
 *   IBLEND_SEPARATE_ALPHA(0) written (a new context's is assumed set, as
 *   upstream needs: docs/tesla.md): A 64: 0x40ec5386;
 * - target 1, IBLEND(1) SRC_ALPHA, ONE_MINUS_SRC_ALPHA, ADD for RGB and
 *   (SEPARATE_ALPHA) MAX for alpha: R 0.4 * 0.6 * 255 + 32 * 0.4 = 61.2 +
 *   12.8 = 74, G 30.6 + 12.8 = 43.4 -> 43, B 122.4 + 12.8 = 135.2 -> 135,
 *   A max(153, 64) = 153: 0x99872b4a.
 * G80_3D has no IBLEND (rnndb variants GT215_3D-): there the same draw
 * with BLEND_INDEPENDENT set blends both targets with the shared BLEND_*,
 * here ONE, ONE (alpha too, BLEND_SEPARATE_ALPHA 0: A 153 + 64 = 217):
 * 0xd9ec5386 in both. */
/* Target 1 (slot 1) in rt1, a pitch RGBA8 surface like target 0; two
 * targets; both filled with 0x40202020. */
static void
two_targets(struct dfx *d, struct surf2d *rt1)
{
   struct tfx *t = &d->t;
   surf2d_new(t, rt1, W * H * 4);
   uint32_t *p0 = (uint32_t *)d->rt.map, *p1 = (uint32_t *)rt1->map;
   for (unsigned i = 0; i < W * H; i++)
      p0[i] = p1[i] = 0x40202020;
   m3d(t, G80_3D_DMA_COLOR(1), t->info.vram_ctxdma);
   out(t, nvt_inc(3, G80_3D_RT_ADDRESS_HIGH(1), 5));
   out(t, (uint32_t)(rt1->va >> 32));
   out(t, (uint32_t)rt1->va);
   out(t, G80_SURFACE_FORMAT_RGBA8_UNORM);
   out(t, 0);
   out(t, 0);
   out(t, nvt_inc(3, G80_3D_RT_HORIZ(1), 2));
   out(t, G80_3D_RT_HORIZ_LAYOUT_PITCH | W * 4);
   out(t, H);
   m3d(t, G80_3D_COLOR_MASK(1), 0x1111);
   m3d(t, G80_3D_RT_CONTROL, G80_3D_RT_CONTROL_COUNT(2) |
       G80_3D_RT_CONTROL_MAP0(0) | G80_3D_RT_CONTROL_MAP1(1));
}

static void
draw_independent_blend_class(uint32_t chipset, uint32_t oclass)
{
   struct dfx d;
   if (!dfx_init(&d, chipset, oclass))
      goto out;
   struct tfx *t = &d.t;
   const bool iblend = oclass >= GT215_3D_CLASS;
   struct surf2d rt1;
   two_targets(&d, &rt1);
   uint32_t *p0 = (uint32_t *)d.rt.map, *p1 = (uint32_t *)rt1.map;
   m3d(t, G80_3D_BLEND_ENABLE(0), 1);
   m3d(t, G80_3D_BLEND_ENABLE(1), 1);
   m3d(t, G80_3D_BLEND_INDEPENDENT, 1);
   m3d(t, G80_3D_BLEND_SEPARATE_ALPHA, 0);
   m3d(t, G80_3D_BLEND_EQUATION_RGB, G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
   uint32_t shared = iblend ? G80_BLEND_FACTOR_ZERO : G80_BLEND_FACTOR_ONE;
   m3d(t, G80_3D_BLEND_FUNC_SRC_RGB, shared);
   m3d(t, G80_3D_BLEND_FUNC_DST_RGB, shared);
   if (iblend) {
      m3d(t, GT215_3D_IBLEND_EQUATION_RGB(0),
          G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
      m3d(t, GT215_3D_IBLEND_FUNC_SRC_RGB(0), G80_BLEND_FACTOR_ONE);
      m3d(t, GT215_3D_IBLEND_FUNC_DST_RGB(0), G80_BLEND_FACTOR_ONE);
      m3d(t, GT215_3D_IBLEND_EQUATION_ALPHA(0),
          G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
      m3d(t, GT215_3D_IBLEND_FUNC_SRC_ALPHA(0), G80_BLEND_FACTOR_ZERO);
      m3d(t, GT215_3D_IBLEND_FUNC_DST_ALPHA(0), G80_BLEND_FACTOR_ONE);
      m3d(t, GT215_3D_IBLEND_SEPARATE_ALPHA(1), 1);
      m3d(t, GT215_3D_IBLEND_EQUATION_RGB(1),
          G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
      m3d(t, GT215_3D_IBLEND_FUNC_SRC_RGB(1), G80_BLEND_FACTOR_SRC_ALPHA);
      m3d(t, GT215_3D_IBLEND_FUNC_DST_RGB(1),
          G80_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA);
      m3d(t, GT215_3D_IBLEND_EQUATION_ALPHA(1), G80_3D_BLEND_EQUATION_RGB_MAX);
      m3d(t, GT215_3D_IBLEND_FUNC_SRC_ALPHA(1), G80_BLEND_FACTOR_ZERO);
      m3d(t, GT215_3D_IBLEND_FUNC_DST_ALPHA(1), G80_BLEND_FACTOR_ZERO);
   }
   for (unsigned i = 0; i < 4; i++)
      vtx(&d, i, i & 1 ? 1 : -1, i & 2 ? 1 : -1, 0, 1, 0.4f, 0.2f, 0.8f, 0.6f);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
   struct nvsim_bo *bos[] = { t->push_bo, d.rt.bo, d.vb.bo, rt1.bo };
   CHECK(tfx_submit(t, bos, 4) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   const uint32_t want0 = iblend ? 0x40ec5386u : 0xd9ec5386u;
   const uint32_t want1 = iblend ? 0x99872b4au : 0xd9ec5386u;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         CHECK_EQ(p0[y * W + x], want0);
         CHECK_EQ(p1[y * W + x], want1);
      }
   surf2d_free(t, &rt1);
out:
   dfx_fini(&d);
}

static void
draw_independent_blend(void)
{
   draw_independent_blend_class(0xa3, GT215_3D_CLASS);
   draw_independent_blend_class(0x50, G80_3D_CLASS);
}

/* BLEND_ENABLE_COMMON (rnndb; as COLOR_MASK_COMMON: every target takes
 * slot 0's): two targets holding 0x40202020, BLEND_ENABLE(0) set and
 * BLEND_ENABLE(1) clear, ONE, ONE, ADD, colour s = (0.4, 0.2, 0.8, 0.6).
 * GL 3.3 4.1.8, by hand: a blended target holds s + d = 0xd9ec5386 (as
 * in draw_independent_blend), an unblended one s = R 102, G 51, B 204,
 * A 153: 0x99cc3366.  With COMMON both are blended; without it only
 * target 0. */
static void
draw_blend_enable_common(void)
{
   for (unsigned common = 0; common < 2; common++) {
      struct dfx d;
      if (!dfx_init(&d, 0x50, G80_3D_CLASS))
         goto out;
      struct tfx *t = &d.t;
      struct surf2d rt1;
      two_targets(&d, &rt1);
      uint32_t *p0 = (uint32_t *)d.rt.map, *p1 = (uint32_t *)rt1.map;
      m3d(t, G80_3D_BLEND_ENABLE_COMMON, common);
      m3d(t, G80_3D_BLEND_ENABLE(0), 1);
      m3d(t, G80_3D_BLEND_ENABLE(1), 0);
      m3d(t, G80_3D_BLEND_SEPARATE_ALPHA, 0);
      m3d(t, G80_3D_BLEND_EQUATION_RGB, G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
      m3d(t, G80_3D_BLEND_FUNC_SRC_RGB, G80_BLEND_FACTOR_ONE);
      m3d(t, G80_3D_BLEND_FUNC_DST_RGB, G80_BLEND_FACTOR_ONE);
      for (unsigned i = 0; i < 4; i++)
         vtx(&d, i, i & 1 ? 1 : -1, i & 2 ? 1 : -1, 0, 1,
             0.4f, 0.2f, 0.8f, 0.6f);
      draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
      struct nvsim_bo *bos[] = { t->push_bo, d.rt.bo, d.vb.bo, rt1.bo };
      CHECK(tfx_submit(t, bos, 4) > 0);
      CHECK(nvsim_channel_last_trap(t->chan) == NULL);
      const uint32_t want1 = common ? 0xd9ec5386u : 0x99cc3366u;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            CHECK_EQ(p0[y * W + x], 0xd9ec5386u);
            CHECK_EQ(p1[y * W + x], want1);
         }
      surf2d_free(t, &rt1);
   out:
      dfx_fini(&d);
   }
}

/* Dual-source blending (ARB_blend_func_extended; rnndb's SRC1_* factors;
 * the second source is the FP's colour result 1 with FP_CONTROL
 * MULTIPLE_RESULTS, as upstream's nv50 lays a dual-source program out:
 * g80_3d_rop.c).  The FP results are its 8 interpolants: colour 0 s =
 * (0.4, 0.2, 0.8, 0.6) from the vertices, colour 1 s1 = the same words
 * in reverse (VP_RESULT_MAP(2) = words 7, 6, 5, 4): (0.6, 0.8, 0.2, 0.4).
 * One RGBA8 target holding d = 0x40202020 (R, G, B 32/255, A 64/255),
 * SRC1_COLOR, ONE_MINUS_SRC1_COLOR for RGB and SRC1_ALPHA,
 * ONE_MINUS_SRC1_ALPHA for alpha, ADD.  By hand (GL 3.3 4.1.8, table 4.2:
 * the factors are s1's; 2.1.6: value * 255 rounded):
 * R 0.4 * 0.6 * 255 + 32 * 0.4 = 61.2 + 12.8 = 74 (0x4a),
 * G 0.2 * 0.8 * 255 + 32 * 0.2 = 40.8 + 6.4 = 47.2 -> 47 (0x2f),
 * B 0.8 * 0.2 * 255 + 32 * 0.8 = 40.8 + 25.6 = 66.4 -> 66 (0x42),
 * A 0.6 * 0.4 * 255 + 64 * 0.6 = 61.2 + 38.4 = 99.6 -> 100 (0x64).
 * On G80_3D through the shared BLEND_*, on GT215_3D through IBLEND(0)
 * with BLEND_INDEPENDENT.  Without MULTIPLE_RESULTS the source is not
 * documented: a trap, the target unchanged. */
static void
draw_dual_source_class(uint32_t chipset, uint32_t oclass)
{
   struct dfx d;
   if (!dfx_init(&d, chipset, oclass))
      goto out;
   struct tfx *t = &d.t;
   uint32_t *p0 = (uint32_t *)d.rt.map;
   for (unsigned i = 0; i < W * H; i++)
      p0[i] = 0x40202020;
   m3d(t, G80_3D_VP_RESULT_MAP_SIZE, 12);
   m3d(t, G80_3D_VP_RESULT_MAP(2), 0x04050607);
   m3d(t, G80_3D_FP_INTERPOLANT_CTRL,
       G80_3D_FP_INTERPOLANT_CTRL_UMASK(0xf) |
       G80_3D_FP_INTERPOLANT_CTRL_COUNT(8) |
       G80_3D_FP_INTERPOLANT_CTRL_OFFSET(4) |
       G80_3D_FP_INTERPOLANT_CTRL_COUNT_NONFLAT(8));
   m3d(t, G80_3D_FP_RESULT_COUNT, 8);
   m3d(t, G80_3D_BLEND_ENABLE(0), 1);
   const uint32_t f[4] = {
      G80_BLEND_FACTOR_SRC1_COLOR, G80_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR,
      G80_BLEND_FACTOR_SRC1_ALPHA, G80_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA,
   };
   if (oclass >= GT215_3D_CLASS) {
      m3d(t, G80_3D_BLEND_INDEPENDENT, 1);
      m3d(t, GT215_3D_IBLEND_SEPARATE_ALPHA(0), 1);
      m3d(t, GT215_3D_IBLEND_EQUATION_RGB(0),
          G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
      m3d(t, GT215_3D_IBLEND_EQUATION_ALPHA(0),
          G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
      m3d(t, GT215_3D_IBLEND_FUNC_SRC_RGB(0), f[0]);
      m3d(t, GT215_3D_IBLEND_FUNC_DST_RGB(0), f[1]);
      m3d(t, GT215_3D_IBLEND_FUNC_SRC_ALPHA(0), f[2]);
      m3d(t, GT215_3D_IBLEND_FUNC_DST_ALPHA(0), f[3]);
   } else {
      m3d(t, G80_3D_BLEND_SEPARATE_ALPHA, 1);
      m3d(t, G80_3D_BLEND_EQUATION_RGB, G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
      m3d(t, G80_3D_BLEND_EQUATION_ALPHA, G80_3D_BLEND_EQUATION_RGB_FUNC_ADD);
      m3d(t, G80_3D_BLEND_FUNC_SRC_RGB, f[0]);
      m3d(t, G80_3D_BLEND_FUNC_DST_RGB, f[1]);
      m3d(t, G80_3D_BLEND_FUNC_SRC_ALPHA, f[2]);
      m3d(t, G80_3D_BLEND_FUNC_DST_ALPHA, f[3]);
   }
   for (unsigned i = 0; i < 4; i++)
      vtx(&d, i, i & 1 ? 1 : -1, i & 2 ? 1 : -1, 0, 1, 0.4f, 0.2f, 0.8f, 0.6f);
   /* without MULTIPLE_RESULTS: a trap, nothing drawn */
   m3d(t, G80_3D_FP_CONTROL, 0);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
   dfx_submit(&d);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "MULTIPLE_RESULTS");
   CHECK_EQ(p0[3 * W + 5], 0x40202020u);
   m3d(t, G80_3D_FP_CONTROL, G80_3D_FP_CONTROL_MULTIPLE_RESULTS);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 4);
   CHECK(dfx_submit(&d) > 0);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         CHECK_EQ(p0[y * W + x], 0x64422f4au);
out:
   dfx_fini(&d);
}

static void
draw_dual_source(void)
{
   draw_dual_source_class(0x50, G80_3D_CLASS);
   draw_dual_source_class(0xa3, GT215_3D_CLASS);
}

/* ---- layers and viewports the GP selects (g80_3d_layer.c) ---- */

/* The GP's 9th result word $o8 = $r(sel), an integer (gl_Layer and
 * gl_ViewportIndex are GLSL ints), then the vertex of $r(r).. emitted. */
static void
gp_emit_selected(struct code *c, unsigned r, unsigned sel)
{
   emit(c, op2(G(OP_MOV_B32_L), opnd(G(FILE_OUT), 8), reg(sel)));
   gp_emit_vertex(c, r);
}

/* $r(d) = the integer v */
static void
gp_movi(struct code *c, unsigned d, uint32_t v)
{
   emit(c, op2(G(OP_MOV_B32_I), reg(d), opnd(G(FILE_IMM), v)));
}

/* A GP that emits its input triangle twice, cut by a restart: first with
 * $o8 = a and its colour, then with $o8 = b and green added; its result
 * map puts $o8 in slot 8 (what SEMANTIC_LAYER / SEMANTIC_VIEWPORT name). */
static void
gp_bind_twice(struct dfx *d, struct surf2d *code, uint32_t a, uint32_t b)
{
   struct code gp = { 0 };
   for (unsigned i = 0; i < 3; i++)
      gp_load_vertex(&gp, i, 8 * i);
   gp_movi(&gp, 24, a);
   for (unsigned i = 0; i < 3; i++)
      gp_emit_selected(&gp, 8 * i, 24);
   gp_restart(&gp);
   gp_movi(&gp, 24, b);
   for (unsigned i = 0; i < 3; i++) {
      gp_addf(&gp, 8 * i + 5, 8 * i + 5, 1.0f);   /* green */
      gp_emit_selected(&gp, 8 * i, 24);
   }
   gp_bind(d, code, &gp, G80_3D_GP_OUTPUT_PRIMITIVE_TYPE_TRIANGLE_STRIP, 6);
   m3d(&d->t, G80_3D_GP_REG_ALLOC_RESULT, 9);
   m3d(&d->t, G80_3D_GP_RESULT_MAP_SIZE, 9);
   m3d(&d->t, G80_3D_GP_RESULT_MAP(2), 0x08);
}

#define LAYERS 3

static uint32_t
layer_px(const struct surf2d *arr, unsigned layer, unsigned x, unsigned y)
{
   return ((const uint32_t *)arr->map)[(layer * H + y) * W + x];
}

/* Render target 0 as a pitch 2D array of `layers` layers of W x H,
 * W * H * 4 bytes apart (RT_LAYER_STRIDE in words), every pixel BG. */
static void
bind_array(struct dfx *d, struct surf2d *arr, unsigned layers)
{
   struct tfx *t = &d->t;
   for (unsigned i = 0; i < LAYERS * W * H; i++)
      ((uint32_t *)arr->map)[i] = BG;
   out(t, nvt_inc(3, G80_3D_RT_ADDRESS_HIGH(0), 5));
   out(t, (uint32_t)(arr->va >> 32));
   out(t, (uint32_t)arr->va);
   out(t, G80_SURFACE_FORMAT_RGBA8_UNORM);
   out(t, 0);
   out(t, W * H * 4 >> G80_3D_RT_LAYER_STRIDE__SHR);
   m3d(t, G80_3D_RT_ARRAY_MODE, G80_3D_RT_ARRAY_MODE_LAYERS(layers));
}

static int64_t
array_submit(struct dfx *d, struct surf2d *code, struct surf2d *arr)
{
   struct nvsim_bo *bos[] = { d->t.push_bo, arr->bo, d->vb.bo, code->bo };
   return tfx_submit(&d->t, bos, 4);
}

/* Layered rendering (GL 3.2 4.4.7): the GP puts the window-space triangle
 * (0, 0), (8, 0), (0, 8) into layer 2 of a 3-layer array in red, then
 * into layer 0 in yellow (red + green); layer 1 keeps its pixels, and
 * each layer holds exactly its triangle (3.6.1 coverage, in_corner).
 * Then: with LAYERS 1 (a target that is not layered: "A layer number
 * written by a geometry shader has no effect") both triangles land in
 * layer 0, the yellow one last; without USE_GP, LAYER IDX 1 is the layer
 * ("The layer to render into, when not selected by GP", rnndb); a layer
 * past the 3 of a layered target traps (GL: undefined) and draws
 * nothing. */
static void
draw_gp_layer(void)
{
   struct dfx d;
   struct surf2d code, arr;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   surf2d_new(t, &arr, LAYERS * W * H * 4);
   gp_bind_twice(&d, &code, 2, 0);
   m3d(t, G80_3D_SEMANTIC_LAYER, 8);
   m3d(t, G80_3D_LAYER, G80_3D_LAYER_USE_GP__MASK);
   bind_array(&d, &arr, LAYERS);
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);          /* window (0, 0) */
   vtx(&d, 1, 0, -1, 0, 1, 1, 0, 0, 1);           /* (8, 0) */
   vtx(&d, 2, -1, 1, 0, 1, 1, 0, 0, 1);           /* (0, 8) */
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(array_submit(&d, &code, &arr) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         bool in = in_corner(x, y, 0);
         CHECK_EQ(layer_px(&arr, 0, x, y), in ? 0xff00ffffu : BG);
         CHECK_EQ(layer_px(&arr, 1, x, y), BG);
         CHECK_EQ(layer_px(&arr, 2, x, y), in ? 0xff0000ffu : BG);
      }

   /* not layered: layer 2 has no effect, both go to layer 0 in order */
   bind_array(&d, &arr, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(array_submit(&d, &code, &arr) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   CHECK_EQ(layer_px(&arr, 0, 1, 1), 0xff00ffffu);
   CHECK_EQ(layer_px(&arr, 1, 1, 1), BG);
   CHECK_EQ(layer_px(&arr, 2, 1, 1), BG);

   /* LAYER IDX without the GP */
   bind_array(&d, &arr, LAYERS);
   m3d(t, G80_3D_GP_ENABLE, 0);
   m3d(t, G80_3D_LAYER, G80_3D_LAYER_IDX(1));
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(array_submit(&d, &code, &arr) > 0);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   CHECK_EQ(layer_px(&arr, 0, 1, 1), BG);
   CHECK_EQ(layer_px(&arr, 1, 1, 1), 0xff0000ffu);
   CHECK_EQ(layer_px(&arr, 2, 1, 1), BG);

   /* layer 3 of 3: a trap, nothing drawn */
   surf2d_free(t, &code);
   gp_bind_twice(&d, &code, 3, 3);
   m3d(t, G80_3D_LAYER, G80_3D_LAYER_USE_GP__MASK);
   bind_array(&d, &arr, LAYERS);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(array_submit(&d, &code, &arr) > 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "layer 3");
   for (unsigned l = 0; l < LAYERS; l++)
      CHECK_EQ(layer_px(&arr, l, 1, 1), BG);
   surf2d_free(t, &code);
   surf2d_free(t, &arr);
out:
   dfx_fini(&d);
}

/* Viewport indices (ARB_viewport_array, GL 4.1 13.6.1: "the viewport
 * transformation ... selected by the viewport index"; the scissor test
 * 4.1.2 uses the scissor rectangle of the viewport index): the GP emits
 * the triangle (NDC (-1, -1), (0, -1), (-1, 1)) with viewport 0 in red,
 * then with viewport 1 in yellow.  Viewport 0 is the fixture's (the
 * whole target): window (0, 0), (8, 0), (0, 8).  Viewport 1 maps NDC
 * onto x 8..16 at half the width (scale 4, 4; translate 12, 4): window
 * (8, 0), (12, 0), (8, 8), a pixel covered when
 * (x + 0.5 - 8) / 4 + (y + 0.5) / 8 < 1, and its scissor keeps x >= 10
 * (scissor 0, also enabled, is the whole target).  Then a viewport
 * index of 16, past the 16 viewports, traps (GL: undefined). */
static void
draw_gp_viewport(void)
{
   struct dfx d;
   struct surf2d code;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   struct tfx *t = &d.t;
   gp_bind_twice(&d, &code, 0, 1);
   m3d(t, G80_3D_SEMANTIC_VIEWPORT, 8);
   m3d(t, G80_3D_GP_VIEWPORT_ID_ENABLE, 1);
   m3d(t, G80_3D_VIEWPORT_SCALE_X(1), fbits(4.0f));
   m3d(t, G80_3D_VIEWPORT_SCALE_Y(1), fbits(4.0f));
   m3d(t, G80_3D_VIEWPORT_SCALE_Z(1), fbits(0.5f));
   m3d(t, G80_3D_VIEWPORT_TRANSLATE_X(1), fbits(12.0f));
   m3d(t, G80_3D_VIEWPORT_TRANSLATE_Y(1), fbits(4.0f));
   m3d(t, G80_3D_VIEWPORT_TRANSLATE_Z(1), fbits(0.5f));
   m3d(t, G80_3D_SCISSOR_ENABLE(0), 1);
   m3d(t, G80_3D_SCISSOR_HORIZ(0), (uint32_t)W << 16);
   m3d(t, G80_3D_SCISSOR_VERT(0), (uint32_t)H << 16);
   m3d(t, G80_3D_SCISSOR_ENABLE(1), 1);
   m3d(t, G80_3D_SCISSOR_HORIZ(1), (uint32_t)W << 16 | 10);
   m3d(t, G80_3D_SCISSOR_VERT(1), (uint32_t)H << 16);
   vtx(&d, 0, -1, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, 0, -1, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, -1, 1, 0, 1, 1, 0, 0, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(gp_submit(&d, &code) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   CHECK(nvsim_channel_last_trap(t->chan) == NULL);
   unsigned yellow = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         bool vp1 = x >= 10 &&
                    (x + 0.5f - 8.0f) / 4.0f + (y + 0.5f) / 8.0f < 1.0f;
         uint32_t want = in_corner(x, y, 0) ? 0xff0000ffu :
                         vp1 ? 0xff00ffffu : BG;
         yellow += vp1;
         CHECK_EQ(px(&d, x, y), want);
      }
   CHECK_EQ(yellow, 4);          /* (10, 0), (11, 0), (10, 1), (10, 2) */

   for (unsigned i = 0; i < W * H; i++)
      ((uint32_t *)d.rt.map)[i] = BG;
   surf2d_free(t, &code);
   gp_bind_twice(&d, &code, 16, 16);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(gp_submit(&d, &code) > 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(t->chan), "viewport index 16");
   CHECK_EQ(px(&d, 1, 1), BG);
   surf2d_free(t, &code);
out:
   dfx_fini(&d);
}

/* ---- the statistics counters (g80_3d_counter.c) ---- */

static uint32_t
counter_get(struct dfx *d, unsigned slot, uint32_t select, uint32_t unit)
{
   uint32_t w0, w1;
   so_query(d, slot, G80_3D_QUERY_GET_TYPE_COUNTER | select | unit |
                     G80_3D_QUERY_GET_MODE_WRITE_UNK2, &w0, &w1);
   CHECK_EQ(w1, 0);            /* rnndb: "zero at word 1" */
   return w0;
}

#define Q(n, u) G80_3D_QUERY_GET_COUNTER_SELECT_##n, G80_3D_QUERY_GET_UNIT_##u

/* draw_clip's three triangles counted by hand (ARB_pipeline_statistics_
 * query's statistics, the events docs/tesla.md chooses): 9 vertices
 * fetched and run by the VP, 3 triangles submitted, 3 reaching the
 * clipper, 1 left after it (the other two lie wholly outside: w < 0,
 * z < -w), no GP; the FP runs for the 4 x 8 pixels the clipped triangle
 * covers.  COUNTER_RESET VFETCH_VERTICES zeroes that one only.  A second
 * draw (a strip of 5 vertices: 3 triangles) with COUNTER_ENABLE set for
 * VFETCH_VERTICES, VFETCH_PRIMITIVES and RAST_PRIMITIVES_PRECLIP only
 * adds to those three; the others, the STRMOUT unit's
 * GENERATED_PRIMITIVES among them, keep the first draw's counts. */
static void
draw_counters(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   m3d(&d.t, G80_3D_DMA_QUERY, d.t.info.vram_ctxdma);
   m3d(&d.t, G80_3D_VIEWPORT_SCALE_X(0), fbits(4.0f));
   m3d(&d.t, G80_3D_VIEWPORT_TRANSLATE_X(0), fbits(4.0f));
   vtx(&d, 0, 0, -5, 0, 1, 1, 0, 0, 1);
   vtx(&d, 1, 9, -5, 0, 1, 1, 0, 0, 1);
   vtx(&d, 2, 0, 5, 0, 1, 1, 0, 0, 1);
   vtx(&d, 3, -1, -1, 0, -1, 0, 1, 0, 1);
   vtx(&d, 4, 1, -1, 0, -1, 0, 1, 0, 1);
   vtx(&d, 5, -1, 1, 0, -1, 0, 1, 0, 1);
   vtx(&d, 6, -1, -1, -2, 1, 0, 0, 1, 1);
   vtx(&d, 7, 1, -1, -2, 1, 0, 0, 1, 1);
   vtx(&d, 8, -1, 1, -2, 1, 0, 0, 1, 1);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 9);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   CHECK_EQ(px(&d, 5, 3), 0xff0000ffu);
   CHECK_EQ(counter_get(&d, 0, Q(VFETCH_VERTICES, VFETCH)), 9);
   CHECK_EQ(counter_get(&d, 1, Q(VFETCH_PRIMITIVES, VFETCH)), 3);
   CHECK_EQ(counter_get(&d, 2, Q(VP_LAUNCHES, VP)), 9);
   CHECK_EQ(counter_get(&d, 3, Q(GP_LAUNCHES, GP)), 0);
   CHECK_EQ(counter_get(&d, 4, Q(GP_PRIMITIVES_OUT, GP)), 0);
   CHECK_EQ(counter_get(&d, 5, Q(RAST_PRIMITIVES_PRECLIP, RAST)), 3);
   CHECK_EQ(counter_get(&d, 6, Q(RAST_PRIMITIVES_POSTCLIP, RAST)), 1);
   CHECK_EQ(counter_get(&d, 7, Q(FP_PIXELS, PROP)), 32);

   m3d(&d.t, G80_3D_COUNTER_RESET, G80_3D_COUNTER_RESET_VFETCH_VERTICES);
   CHECK_EQ(counter_get(&d, 0, Q(VFETCH_VERTICES, VFETCH)), 0);
   CHECK_EQ(counter_get(&d, 1, Q(VFETCH_PRIMITIVES, VFETCH)), 3);

   m3d(&d.t, G80_3D_COUNTER_ENABLE,
       G80_3D_COUNTER_ENABLE_VFETCH_VERTICES |
       G80_3D_COUNTER_ENABLE_VFETCH_PRIMITIVES |
       G80_3D_COUNTER_ENABLE_RAST_PRIMITIVES_PRECLIP);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLE_STRIP, 0, 5);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   /* a strip of 5 vertices is 3 triangles */
   CHECK_EQ(counter_get(&d, 0, Q(VFETCH_VERTICES, VFETCH)), 5);
   CHECK_EQ(counter_get(&d, 1, Q(VFETCH_PRIMITIVES, VFETCH)), 6);
   CHECK_EQ(counter_get(&d, 2, Q(VP_LAUNCHES, VP)), 9);
   CHECK_EQ(counter_get(&d, 5, Q(RAST_PRIMITIVES_PRECLIP, RAST)), 6);
   CHECK_EQ(counter_get(&d, 6, Q(RAST_PRIMITIVES_POSTCLIP, RAST)), 1);
   CHECK_EQ(counter_get(&d, 7, Q(FP_PIXELS, PROP)), 32);
   /* the STRMOUT unit's GENERATED_PRIMITIVES likewise: the first draw's
    * 3 triangles only */
   CHECK_EQ(counter_get(&d, 8, Q(GENERATED_PRIMITIVES, STRMOUT)), 3);

   /* 0x14 is no COUNTER_RESET value rnndb names: a trap, nothing reset */
   m3d(&d.t, G80_3D_COUNTER_RESET, 0x14);
   CHECK(dfx_submit(&d) > 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(d.t.chan), "COUNTER_RESET");
   CHECK_EQ(counter_get(&d, 1, Q(VFETCH_PRIMITIVES, VFETCH)), 6);
out:
   dfx_fini(&d);
}

/* CLIP_DISTANCE_MODE: distance i's field at bit 4 i (rnndb, 0 CLIP,
 * 1 CULL; "in CULL mode, triangles are unmodified if they intersect a
 * plane").  Distances from slot 4 (SEMANTIC_CLIP CLIP_START 4): distance
 * 1 is slot 5, the green the vertices carry, here the vertex's x.  With
 * distance 1 enabled and mode 1 << 4 (CULL), a screen-covering triangle
 * crossing the plane is drawn whole; with mode 0 (CLIP) only x >= 0, the
 * right 8 columns; a triangle negative at every vertex is culled. */
static void
draw_clip_distance_mode(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   vtx(&d, 0, -1, -1, 0, 1, 1, -1, 0, 1);
   vtx(&d, 1, 3, -1, 0, 1, 1, 3, 0, 1);
   vtx(&d, 2, -1, 3, 0, 1, 1, -1, 0, 1);
   vtx(&d, 3, -1, -1, 0, 1, 0, -1, 1, 1);
   vtx(&d, 4, 3, -1, 0, 1, 0, -0.5f, 1, 1);
   vtx(&d, 5, -1, 3, 0, 1, 0, -2, 1, 1);
   m3d(&d.t, G80_3D_SEMANTIC_CLIP, G80_3D_SEMANTIC_CLIP_CLIP_START(4) |
                                   G80_3D_SEMANTIC_CLIP_CLIP_NUM(2));
   m3d(&d.t, G80_3D_CLIP_DISTANCE_ENABLE, 0x2);
   m3d(&d.t, G80_3D_CLIP_DISTANCE_MODE, G80_3D_CLIP_DISTANCE_MODE_1_CULL);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   for (unsigned x = 0; x < W; x++)
      CHECK((px(&d, x, 4) & 0xff) == 0xff);    /* red: drawn */

   for (unsigned i = 0; i < W * H; i++)
      ((uint32_t *)d.rt.map)[i] = BG;
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 3, 3);
   m3d(&d.t, G80_3D_CLIP_DISTANCE_MODE, G80_3D_CLIP_DISTANCE_MODE_1_CLIP);
   draw_arrays(&d, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 0, 3);
   CHECK(dfx_submit(&d) > 0);
   CHECK(nvsim_channel_error(d.t.chan) == NULL);
   for (unsigned x = 0; x < W; x++)
      CHECK_EQ(px(&d, x, 4) == BG, x < W / 2);
out:
   dfx_fini(&d);
}

/* QUERY_GET MODE SYNC (rnndb: a comparison of the sequence with memory,
 * SYNC_COND, "only by QUERY/ZERO"; what it waits for is not documented)
 * traps naming itself and writes nothing. */
static void
query_sync_traps(void)
{
   struct dfx d;
   if (!dfx_init(&d, 0x50, G80_3D_CLASS))
      goto out;
   m3d(&d.t, G80_3D_DMA_QUERY, d.t.info.vram_ctxdma);
   ((uint32_t *)d.vb.map)[512] = 0x5a5a5a5a;
   uint32_t w0, w1;
   so_query(&d, 0, G80_3D_QUERY_GET_MODE_SYNC | G80_3D_QUERY_GET_TYPE_QUERY |
                   G80_3D_QUERY_GET_QUERY_SELECT_ZERO |
                   G80_3D_QUERY_GET_UNIT_CROP, &w0, &w1);
   CHECK_STR_HAS(nvsim_channel_last_trap(d.t.chan), "MODE SYNC");
   CHECK_EQ(w0, 0x5a5a5a5a);
out:
   dfx_fini(&d);
}

static const struct nvt_case cases[] = {
   { "draw_triangle_coverage", draw_triangle_coverage },
   { "draw_interpolation", draw_interpolation },
   { "draw_depth", draw_depth },
   { "draw_blend_mask", draw_blend_mask },
   { "draw_indexed", draw_indexed },
   { "draw_indexed_u8", draw_indexed_u8 },
   { "draw_inline", draw_inline },
   { "draw_inline_vertex_id", draw_inline_vertex_id },
   { "draw_instanced", draw_instanced },
   { "draw_vtx_11_11_10", draw_vtx_11_11_10 },
   { "draw_cull", draw_cull },
   { "draw_clip", draw_clip },
   { "draw_clip_noperspective", draw_clip_noperspective },
   { "draw_srgb_target", draw_srgb_target },
   { "draw_polygon_offset_clamp", draw_polygon_offset_clamp },
   { "draw_polygon_offset_units", draw_polygon_offset_units },
   { "draw_polygon_offset_modes", draw_polygon_offset_modes },
   { "draw_point_sprite", draw_point_sprite },
   { "draw_layer_idx", draw_layer_idx },
   { "draw_points_lines", draw_points_lines },
   { "draw_smooth_points_lines", draw_smooth_points_lines },
   { "draw_without_stages_traps", draw_without_stages_traps },
   { "draw_fp_face", draw_fp_face },
   { "draw_strmout_points", draw_strmout_points },
   { "draw_strmout_strip", draw_strmout_strip },
   { "draw_strmout_separate_limit", draw_strmout_separate_limit },
   { "draw_immediate", draw_immediate },
   { "draw_depth_float", draw_depth_float },
   { "draw_snorm_target", draw_snorm_target },
   { "draw_integer_target", draw_integer_target },
   { "draw_const_attrib", draw_const_attrib },
   { "draw_scissor", draw_scissor },
   { "draw_two_side_clamp", draw_two_side_clamp },
   { "draw_interpreter", draw_interpreter },
   { "draw_local_memory", draw_local_memory },
   { "draw_eight_targets", draw_eight_targets },
   { "draw_gp_restart", draw_gp_restart },
   { "draw_gp_point_sprite", draw_gp_point_sprite },
   { "draw_gp_adjacency", draw_gp_adjacency },
   { "draw_adjacency_no_gp", draw_adjacency_no_gp },
   { "draw_logic_op", draw_logic_op },
   { "draw_frag_color_clamp", draw_frag_color_clamp },
   { "draw_independent_blend", draw_independent_blend },
   { "draw_dual_source", draw_dual_source },
   { "draw_blend_enable_common", draw_blend_enable_common },
   { "draw_gp_layer", draw_gp_layer },
   { "draw_gp_viewport", draw_gp_viewport },
   { "draw_counters", draw_counters },
   { "draw_clip_distance_mode", draw_clip_distance_mode },
   { "query_sync_traps", query_sync_traps },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
