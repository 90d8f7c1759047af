/*
 * Multisampled render targets of the Tesla 3D class (g80_3d_msaa.c),
 * without Mesa: clears and draws into a 4 x 4 pixel RGBA8_UNORM target
 * of MULTISAMPLE_MODE 2X1, 2X2 or 4X2, read back sample by sample.
 *
 * Facts (envytools-docs hw/memory/g80-surface.rst, "Multisampled
 * surfaces", written out here by hand, not taken from hwdb): pixel
 * (x, y) is the block of 2x1 (2X1) or 2x2 (2X2) surface pixels at (x, y)
 * times the block; the samples, position in 1/16 pixel and [place in
 * the block]:
 *    2X1: 0 (4, 4) [0,0]   1 (12, 12) [1,0]
 *    2X2: 0 (6, 2) [0,0]   1 (14, 6) [1,0]   2 (2, 10) [0,1]
 *         3 (10, 14) [1,1]
 *    4X2: 0 (1, 7) [0,0]   1 (5, 3) [1,0]    2 (3, 13) [0,1]
 *         3 (7, 11) [1,1]  4 (9, 5) [2,0]    5 (15, 1) [3,0]
 *         6 (11, 15) [2,1] 7 (13, 9) [3,1]
 * The surface is block-linear with one-gob blocks (RT_BLOCK_DIMENSIONS
 * 0): surface pixel (sx, sy) of 4 bytes at (sy / 4) * 0x100 +
 * (sy % 4) * 0x40 + 4 sx (g80-surface.rst, a gob is 64 bytes x 4 rows).
 * Coverage (GL 3.3 3.6.1 with multisampling, 3.3.1): a sample is covered
 * when its position is inside the triangle; with MULTISAMPLE_ENABLE 0
 * every sample takes the pixel centre's coverage.
 */
#include <math.h>
#include <stdlib.h>

#include "nv50_ptfx.h"
#include "g80_defs.xml.h"
#include "g80_sampler.h"
#include "g80_texture.xml.h"

#define PW 4                    /* pixels */
#define PH 4
#define FILL 0x11111111u        /* the bytes before anything is written */
#define BLUE 0xffff0000u        /* RGBA8_UNORM (0, 0, 1, 1), R low */
#define RED 0xff0000ffu

/* the documented samples: position x, y and place in the block */
struct sample {
   unsigned x, y, bx, by;
};
static const struct sample ms2[2] = { { 4, 4, 0, 0 }, { 12, 12, 1, 0 } };
static const struct sample ms4[4] = {
   { 6, 2, 0, 0 }, { 14, 6, 1, 0 }, { 2, 10, 0, 1 }, { 10, 14, 1, 1 },
};
static const struct sample ms8[8] = {
   { 1, 7, 0, 0 }, { 5, 3, 1, 0 }, { 3, 13, 0, 1 }, { 7, 11, 1, 1 },
   { 9, 5, 2, 0 }, { 15, 1, 3, 0 }, { 11, 15, 2, 1 }, { 13, 9, 3, 1 },
};

struct mfx {
   struct tfx t;
   struct surf2d rt, vb;
   struct g80_stage_runner runner;
   struct nvsim_bo *bos[3];
   unsigned lx, ly;             /* log2 of the block */
};

static uint32_t
stored(const struct mfx *m, unsigned sx, unsigned sy)
{
   return ((const uint32_t *)m->rt.map)[((sy / 4) * 0x100 + (sy % 4) * 0x40 +
                                         4 * sx) / 4];
}

static uint32_t
sample_px(const struct mfx *m, const struct sample *s, unsigned x,
          unsigned y)
{
   return stored(m, (x << m->lx) + s->bx, (y << m->ly) + s->by);
}

static bool
mfx_init(struct mfx *m, uint32_t mode, unsigned lx, unsigned ly)
{
   memset(m, 0, sizeof(*m));
   if (!tfx_init(&m->t, 0x50))
      return false;
   struct tfx *t = &m->t;
   m->lx = lx;
   m->ly = ly;
   surf2d_new(t, &m->rt, 0x1000);
   surf2d_new(t, &m->vb, 0x1000);
   for (unsigned i = 0; i < 0x1000 / 4; i++)
      ((uint32_t *)m->rt.map)[i] = FILL;
   m->bos[0] = t->push_bo;
   m->bos[1] = m->rt.bo;
   m->bos[2] = m->vb.bo;
   m->runner.run = ptfx_copy_run;
   if (!ptfx_bind(t, G80_3D_CLASS, &m->runner))
      return false;

   /* the target as upstream's nv50_validate_fb binds one: RT_HORIZ/VERT
    * the surface's size (the pixels times the block) */
   ptfx_rt(t, m->rt.va, PW << lx, PH << ly);
   m3d(t, G80_3D_RT_ARRAY_MODE, 1);
   m3d(t, G80_3D_MULTISAMPLE_MODE, mode);
   m3d(t, G80_3D_COLOR_MASK(0), 0x1111);
   /* MSAA_MASK is left as a new context has it, every sample kept, as
    * upstream's first draws into a multisampled target leave it */
   ptfx_arrays(t, m->vb.va, 0x1000);
   /* positions are window coordinates (no viewport transform) */
   m3d(t, G80_3D_VIEWPORT_TRANSFORM_EN, 0);
   m3d(t, G80_3D_POLYGON_MODE_FRONT, G80_3D_POLYGON_MODE_FRONT_FILL);
   m3d(t, G80_3D_POLYGON_MODE_BACK, G80_3D_POLYGON_MODE_FRONT_FILL);
   return true;
}

static void
mfx_fini(struct mfx *m)
{
   if (m->rt.bo) {
      surf2d_free(&m->t, &m->rt);
      surf2d_free(&m->t, &m->vb);
   }
   tfx_fini(&m->t);
}

static int64_t
mfx_submit(struct mfx *m)
{
   return tfx_submit(&m->t, m->bos, 3);
}

/* Clears the whole target blue, then draws the red window-space
 * triangle (0, 0), (8, 0), (0, 4): inside means x + 2y < 8. */
static const float half_tri[3][2] = { { 0, 0 }, { 8, 0 }, { 0, 4 } };

static void
clear_and_draw_tri(struct mfx *m, const float (*v)[2])
{
   struct tfx *t = &m->t;
   t3d_clear_color(t, 0, 0, 1, 1);
   m3d(t, G80_3D_CLEAR_BUFFERS, 0x3c);
   float *f = (float *)m->vb.map;
   for (unsigned i = 0; i < 3; i++) {
      float r[8] = { v[i][0], v[i][1], 0, 1, 1, 0, 0, 1 };
      memcpy(f + 8 * i, r, sizeof(r));
   }
   m3d(t, G80_3D_VERTEX_BEGIN_GL, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES);
   out(t, nvt_inc(3, G80_3D_VERTEX_BUFFER_FIRST, 2));
   out(t, 0);
   out(t, 3);
   m3d(t, G80_3D_VERTEX_END_GL, 0);
   CHECK(mfx_submit(m) > 0);
   CHECK(nvsim_channel_error(m->t.chan) == NULL);
}

static void
clear_and_draw(struct mfx *m)
{
   clear_and_draw_tri(m, half_tri);
}

/* x + 2y < 8 at a point given in sixteenths: no documented sample lies
 * on the edge (X + 2Y of the tables above is never a multiple of 16, so
 * 16 (px + 2 py) + X + 2Y is never 128) */
static bool
inside16(unsigned x16, unsigned y16)
{
   return x16 + 2 * y16 < 8 * 16;
}

/* 2X2 with MULTISAMPLE_ENABLE: each sample by its own position.  By
 * hand, pixel (3, 2): sample 0 at (3.375, 2.125), 7.625 < 8 in; 1
 * (3.875, 2.375) 8.625, 2 (3.125, 2.625) 8.375, 3 (3.625, 2.875) 9.375
 * out; pixel (2, 2): 0, 1, 2 in (6.625, 7.625, 7.375), 3 out (8.375);
 * pixel (0, 0) all in, (3, 3) none.  With the positions' y mirrored,
 * (3, 2) would have none. */
static void
msaa_coverage_4x(void)
{
   struct mfx m;
   if (!mfx_init(&m, G80_3D_MULTISAMPLE_MODE_2X2, 1, 1))
      goto out;
   m3d(&m.t, G80_3D_MULTISAMPLE_ENABLE, 1);
   clear_and_draw(&m);
   CHECK_EQ(sample_px(&m, &ms4[0], 3, 2), RED);
   CHECK_EQ(sample_px(&m, &ms4[1], 3, 2), BLUE);
   CHECK_EQ(sample_px(&m, &ms4[2], 3, 2), BLUE);
   CHECK_EQ(sample_px(&m, &ms4[3], 3, 2), BLUE);
   CHECK_EQ(sample_px(&m, &ms4[0], 2, 2), RED);
   CHECK_EQ(sample_px(&m, &ms4[1], 2, 2), RED);
   CHECK_EQ(sample_px(&m, &ms4[2], 2, 2), RED);
   CHECK_EQ(sample_px(&m, &ms4[3], 2, 2), BLUE);
   unsigned red = 0;
   for (unsigned y = 0; y < PH; y++)
      for (unsigned x = 0; x < PW; x++)
         for (unsigned s = 0; s < 4; s++) {
            bool in = inside16(16 * x + ms4[s].x, 16 * y + ms4[s].y);
            CHECK_EQ(sample_px(&m, &ms4[s], x, y), in ? RED : BLUE);
            red += in;
         }
   CHECK_EQ(red, 48);             /* 16 + 16 + 12 + 4 by rows of pixels */
out:
   mfx_fini(&m);
}

/* The same triangle with MULTISAMPLE_ENABLE 0: all samples of a pixel
 * take its centre's coverage: (2, 2) at (2.5, 2.5), 7.5, all four red;
 * (3, 2) at 8.5 none. */
static void
msaa_coverage_off(void)
{
   struct mfx m;
   if (!mfx_init(&m, G80_3D_MULTISAMPLE_MODE_2X2, 1, 1))
      goto out;
   m3d(&m.t, G80_3D_MULTISAMPLE_ENABLE, 0);
   clear_and_draw(&m);
   for (unsigned y = 0; y < PH; y++)
      for (unsigned x = 0; x < PW; x++) {
         bool in = inside16(16 * x + 8, 16 * y + 8);
         for (unsigned s = 0; s < 4; s++)
            CHECK_EQ(sample_px(&m, &ms4[s], x, y), in ? RED : BLUE);
      }
   CHECK_EQ(sample_px(&m, &ms4[3], 2, 2), RED);
   CHECK_EQ(sample_px(&m, &ms4[0], 3, 2), BLUE);
out:
   mfx_fini(&m);
}

/* 2X1: pixel (3, 2): sample 0 (3.25, 2.25) 7.75 in, 1 (3.75, 2.75)
 * 9.25 out; pixel (1, 3): 0 (1.25, 3.25) 7.75 in, 1 (1.75, 3.75) 9.25
 * out.  Then MSAA_MASK 0x2 (bit s keeps sample s, GL's sample mask):
 * the clear and the triangle again leave sample 0 of pixel (0, 0) blue. */
static void
msaa_coverage_2x(void)
{
   struct mfx m;
   if (!mfx_init(&m, G80_3D_MULTISAMPLE_MODE_2X1, 1, 0))
      goto out;
   m3d(&m.t, G80_3D_MULTISAMPLE_ENABLE, 1);
   clear_and_draw(&m);
   CHECK_EQ(sample_px(&m, &ms2[0], 3, 2), RED);
   CHECK_EQ(sample_px(&m, &ms2[1], 3, 2), BLUE);
   CHECK_EQ(sample_px(&m, &ms2[0], 1, 3), RED);
   CHECK_EQ(sample_px(&m, &ms2[1], 1, 3), BLUE);
   for (unsigned y = 0; y < PH; y++)
      for (unsigned x = 0; x < PW; x++)
         for (unsigned s = 0; s < 2; s++) {
            bool in = inside16(16 * x + ms2[s].x, 16 * y + ms2[s].y);
            CHECK_EQ(sample_px(&m, &ms2[s], x, y), in ? RED : BLUE);
         }
   /* the sample mask: MSAA_MASK bit s keeps sample s */
   for (unsigned i = 0; i < 4; i++)
      m3d(&m.t, G80_3D_MSAA_MASK(i), 0x2);
   clear_and_draw(&m);
   CHECK_EQ(sample_px(&m, &ms2[0], 0, 0), BLUE);
   CHECK_EQ(sample_px(&m, &ms2[1], 0, 0), RED);
out:
   mfx_fini(&m);
}

/* 4X2, whose samples are not stored in their numbering's order: pixel
 * (3, 2) (16 (3 + 2 * 2) = 112 sixteenths, a sample is in when
 * X + 2Y < 16): sample 0 (1 + 14 = 15) and 1 (5 + 6 = 11) in, 5
 * (15 + 2 = 17) and the rest out. */
static void
msaa_coverage_8x(void)
{
   struct mfx m;
   if (!mfx_init(&m, G80_3D_MULTISAMPLE_MODE_4X2, 2, 1))
      goto out;
   m3d(&m.t, G80_3D_MULTISAMPLE_ENABLE, 1);
   clear_and_draw(&m);
   CHECK_EQ(sample_px(&m, &ms8[0], 3, 2), RED);
   CHECK_EQ(sample_px(&m, &ms8[1], 3, 2), RED);
   CHECK_EQ(sample_px(&m, &ms8[5], 3, 2), BLUE);
   CHECK_EQ(sample_px(&m, &ms8[4], 3, 2), BLUE);
   for (unsigned y = 0; y < PH; y++)
      for (unsigned x = 0; x < PW; x++)
         for (unsigned s = 0; s < 8; s++) {
            bool in = inside16(16 * x + ms8[s].x, 16 * y + ms8[s].y);
            CHECK_EQ(sample_px(&m, &ms8[s], x, y), in ? RED : BLUE);
         }
   /* a vertical edge at x = 2.5 tells the samples apart by X alone:
    * in pixel column 2, samples 0-3 (X 1, 5, 3, 7) are in and 4-7 (X 9,
    * 15, 11, 13) out, whose places in the block are not 4 to 7's of a
    * numbering-order layout */
   static const float vert[3][2] = { { -10, -10 }, { 2.5f, -10 },
                                     { 2.5f, 30 } };
   clear_and_draw_tri(&m, vert);
   for (unsigned y = 0; y < PH; y++)
      for (unsigned x = 0; x < PW; x++)
         for (unsigned s = 0; s < 8; s++) {
            bool in = 16 * x + ms8[s].x < 40;
            CHECK_EQ(sample_px(&m, &ms8[s], x, y), in ? RED : BLUE);
         }
out:
   mfx_fini(&m);
}

/* Per-sample depth: a 2X2 S8_Z24 zeta (depth in bits 8..31), surface
 * 8 x 8 as the colour one, cleared to 0.5; a triangle over the whole
 * target whose window z is x / 3 (GL 3.3 3.6.1: each sample's depth is
 * the plane's at the sample's position) under LESS: a sample passes
 * when x / 3 < 0.5, x < 1.5, so in pixel column 1 samples 0 and 2 (X 6,
 * 2) pass and write their own depth, (1 + X / 16) / 3 in 24 bits, and 1
 * and 3 (X 14, 10) keep 0.5; columns 0 pass, 2 and 3 fail. */
static void
msaa_depth(void)
{
   struct mfx m;
   struct surf2d zs;
   memset(&zs, 0, sizeof(zs));
   if (!mfx_init(&m, G80_3D_MULTISAMPLE_MODE_2X2, 1, 1))
      goto out;
   struct tfx *t = &m.t;
   surf2d_new(t, &zs, 0x1000);
   out(t, nvt_inc(3, G80_3D_ZETA_ADDRESS_HIGH, 5));
   out(t, (uint32_t)(zs.va >> 32));
   out(t, (uint32_t)zs.va);
   out(t, G80_ZETA_FORMAT_S8_Z24_UNORM);
   out(t, 0);
   out(t, 0);
   m3d(t, G80_3D_ZETA_ENABLE, 1);
   out(t, nvt_inc(3, G80_3D_ZETA_HORIZ, 3));
   out(t, 2 * PW);
   out(t, 2 * PH);
   out(t, 1);
   m3d(t, G80_3D_CLEAR_DEPTH, fbits(0.5f));
   m3d(t, G80_3D_CLEAR_BUFFERS, 0x1);
   m3d(t, G80_3D_DEPTH_TEST_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_WRITE_ENABLE, 1);
   m3d(t, G80_3D_DEPTH_TEST_FUNC, G80_3D_DEPTH_TEST_FUNC_LESS);
   m3d(t, G80_3D_MULTISAMPLE_ENABLE, 1);
   t3d_clear_color(t, 0, 0, 1, 1);
   m3d(t, G80_3D_CLEAR_BUFFERS, 0x3c);
   static const float v[3][3] = { { -10, -10, -10 / 3.0f },
                                  { 20, -10, 20 / 3.0f },
                                  { -10, 30, -10 / 3.0f } };
   float *f = (float *)m.vb.map;
   for (unsigned i = 0; i < 3; i++) {
      float r[8] = { v[i][0], v[i][1], v[i][2], 1, 1, 0, 0, 1 };
      memcpy(f + 8 * i, r, sizeof(r));
   }
   m3d(t, G80_3D_VERTEX_BEGIN_GL, G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES);
   out(t, nvt_inc(3, G80_3D_VERTEX_BUFFER_FIRST, 2));
   out(t, 0);
   out(t, 3);
   m3d(t, G80_3D_VERTEX_END_GL, 0);
   CHECK(tfx_submit(t, (struct nvsim_bo *[]){ t->push_bo, m.rt.bo, m.vb.bo,
                                              zs.bo }, 4) > 0);
   CHECK(nvsim_channel_error(t->chan) == NULL);
   const uint32_t *z = (const uint32_t *)zs.map;
   /* a sample no draw reached: the clear's 0.5 */
   uint32_t half = z[(2 * 0x40 + 4 * 6) / 4 + 0x100 / 4] >> 8;
   for (unsigned y = 0; y < PH; y++)
      for (unsigned x = 0; x < PW; x++)
         for (unsigned s = 0; s < 4; s++) {
            unsigned sx = 2 * x + ms4[s].bx, sy = 2 * y + ms4[s].by;
            uint32_t d = z[((sy / 4) * 0x100 + (sy % 4) * 0x40 + 4 * sx) / 4] >> 8;
            bool pass = 16 * x + ms4[s].x < 24;
            CHECK_EQ(sample_px(&m, &ms4[s], x, y), pass ? RED : BLUE);
            if (!pass) {
               CHECK_EQ(d, half);
               continue;
            }
            double want = (x + ms4[s].x / 16.0) / 3.0 * 16777215.0;
            CHECK(fabs((double)d - want) <= 2.0);
         }
out:
   if (zs.bo)
      surf2d_free(&m.t, &zs);
   mfx_fini(&m);
}

/* The resolve as upstream's nv50 driver makes it (nv50_surface.c
 * nv50_blit_3d, facts only): the multisampled surface read through the
 * texture unit as a plain TWO_D_NO_MIPMAP texture of the surface's size
 * (its TIC WIDTH/HEIGHT the pixels times the block, no
 * NORMALIZED_COORDS), LINEAR, at the centre of each pixel's block, texel
 * coordinates (2x + 1, 2y + 1) for 2X2: GL 3.3 3.8.8's bilinear weights
 * are 1/4 each, the mean of the pixel's four samples.  After
 * msaa_coverage_4x's draw (red R = 1, blue B = 1): pixel (2, 2) has 3 red
 * samples, R 0.75 B 0.25; (3, 2) one, R 0.25; (0, 0) four; (3, 3) none. */
static void
msaa_resolve(void)
{
   struct mfx m;
   if (!mfx_init(&m, G80_3D_MULTISAMPLE_MODE_2X2, 1, 1))
      goto out;
   m3d(&m.t, G80_3D_MULTISAMPLE_ENABLE, 1);
   clear_and_draw(&m);
   uint32_t tw[8] = { 0 }, sw[8] = { 0 };
   tw[0] = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8 |
           G80_TIC_TYPE_UNORM << G80_TIC_0_R_DATA_TYPE__SHIFT |
           G80_TIC_TYPE_UNORM << G80_TIC_0_G_DATA_TYPE__SHIFT |
           G80_TIC_TYPE_UNORM << G80_TIC_0_B_DATA_TYPE__SHIFT |
           G80_TIC_TYPE_UNORM << G80_TIC_0_A_DATA_TYPE__SHIFT |
           G80_TIC_SOURCE_R << G80_TIC_0_X_SOURCE__SHIFT |
           G80_TIC_SOURCE_G << G80_TIC_0_Y_SOURCE__SHIFT |
           G80_TIC_SOURCE_B << G80_TIC_0_Z_SOURCE__SHIFT |
           G80_TIC_SOURCE_A << G80_TIC_0_W_SOURCE__SHIFT;
   tw[2] = G80_TIC_2_TEXTURE_TYPE_TWO_D_NO_MIPMAP;   /* one-gob blocks */
   tw[4] = (2 * PW) << G80_TIC_4_WIDTH__SHIFT;
   tw[5] = (2 * PH) << G80_TIC_5_HEIGHT__SHIFT | 1 << G80_TIC_5_DEPTH__SHIFT;
   sw[0] = G80_TSC_WRAP_CLAMP_TO_EDGE << G80_TSC_0_ADDRESS_U__SHIFT |
           G80_TSC_WRAP_CLAMP_TO_EDGE << G80_TSC_0_ADDRESS_V__SHIFT |
           G80_TSC_WRAP_CLAMP_TO_EDGE << G80_TSC_0_ADDRESS_P__SHIFT;
   sw[1] = G80_TSC_1_MAG_FILTER_LINEAR | G80_TSC_1_MIN_FILTER_LINEAR |
           G80_TSC_1_MIP_FILTER_NONE;
   struct g80_tic tic;
   struct g80_tsc tsc;
   struct g80_sampler_texture tex;
   const char *why = NULL;
   CHECK(g80_tic_decode(tw, false, &tic, &why));
   CHECK(g80_tsc_decode(sw, &tsc, &why));
   why = g80_sampler_setup(&tex, &tic, &tsc, false);
   CHECK(why == NULL);
   if (why)
      goto out;
   tex.mem = m.rt.map;
   static const struct {
      unsigned x, y;
      float r, b;
   } want[] = {
      { 2, 2, 0.75f, 0.25f }, { 3, 2, 0.25f, 0.75f },
      { 0, 0, 1.0f, 0.0f }, { 3, 3, 0.0f, 1.0f },
   };
   for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
      struct g80_tex_request rq = { .op = G80_TEX_SAMPLE, .active = 1,
                                    .argc = 2 };
      rq.coord[0][0] = fbits(2.0f * want[i].x + 1.0f);
      rq.coord[0][1] = fbits(2.0f * want[i].y + 1.0f);
      uint32_t o[32][4] = { { 0 } };
      CHECK(g80_sampler_run(&tex, G80_STAGE_FP, &rq, o) == NULL);
      float r, b;
      memcpy(&r, &o[0][0], 4);
      memcpy(&b, &o[0][2], 4);
      CHECK(fabsf(r - want[i].r) <= 1e-6f);
      CHECK(fabsf(b - want[i].b) <= 1e-6f);
   }
out:
   mfx_fini(&m);
}

/* A clear of a 2X2 target through CLEAR_RECT VIEWPORT, viewport 0 at
 * pixels x 1..2, y 1..2: all four samples of those pixels, the surface
 * pixels 2..5 x 2..5, are blue; the others keep FILL. */
static void
msaa_clear(void)
{
   struct mfx m;
   if (!mfx_init(&m, G80_3D_MULTISAMPLE_MODE_2X2, 1, 1))
      goto out;
   struct tfx *t = &m.t;
   m3d(t, G80_3D_VIEWPORT_HORIZ(0), 2u << 16 | 1);
   m3d(t, G80_3D_VIEWPORT_VERT(0), 2u << 16 | 1);
   t3d_clear_color(t, 0, 0, 1, 1);
   m3d(t, G80_3D_CLEAR_BUFFERS, 0x3c);
   CHECK(mfx_submit(&m) > 0);
   CHECK(nvsim_channel_error(m.t.chan) == NULL);
   for (unsigned sy = 0; sy < 2 * PH; sy++)
      for (unsigned sx = 0; sx < 2 * PW; sx++) {
         bool in = sx >= 2 && sx < 6 && sy >= 2 && sy < 6;
         CHECK_EQ(stored(&m, sx, sy), in ? BLUE : FILL);
      }
out:
   mfx_fini(&m);
}

static const struct nvt_case cases[] = {
   { "msaa_clear", msaa_clear },
   { "msaa_coverage_4x", msaa_coverage_4x },
   { "msaa_coverage_off", msaa_coverage_off },
   { "msaa_coverage_2x", msaa_coverage_2x },
   { "msaa_coverage_8x", msaa_coverage_8x },
   { "msaa_depth", msaa_depth },
   { "msaa_resolve", msaa_resolve },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
