/*
 * Multisampling in the rasterizer and ROP.  What the GL multisample
 * specifications guarantee (ARB_multisample, EXT_framebuffer_multisample;
 * GL 2.1 sections 3.2.1, 3.5.3, 4.1.3): a sample is written when it is
 * inside the primitive, every sample of a fully covered pixel and none of
 * an uncovered one; the fragment's colour goes to each covered sample;
 * the depth test runs per sample with the depth at the sample; the sample
 * mask is ANDed with the coverage; alpha-to-coverage keeps a share of the
 * samples proportional to alpha (all for 1, none for 0); alpha-to-one
 * writes alpha 1; with MULTISAMPLE disabled, coverage is the pixel
 * centre's, for all samples.  Where a case depends on where the samples
 * are, the expected values come from the positions nvsim documents
 * (nvsim_raster_ms.c, the Direct3D standard patterns), computed by hand
 * in the comments: the hardware's positions are not documented.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "raster/nvsim_raster.h"

static int failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      if (!(cond)) {                                                       \
         failures++;                                                       \
         printf("FAIL %s:%d: ", __func__, __LINE__);                      \
         printf(__VA_ARGS__);                                              \
         printf("\n");                                                     \
      }                                                                    \
   } while (0)

/* 8x8 pixels, up to 2x2 samples each: 16x16 stored pixels */
#define W 8
#define H 8
#define SW (2 * W)
#define SH (2 * H)

static uint32_t color_buf[SW * SH];
static uint32_t zeta_buf[SW * SH];

static void
setup(struct nvsim_raster_state *st, unsigned samples)
{
   memset(st, 0, sizeof(*st));
   memset(color_buf, 0, sizeof(color_buf));
   memset(zeta_buf, 0, sizeof(zeta_buf));
   st->color[0].map = (uint8_t *)color_buf;
   st->color[0].pitch = SW * 4;
   st->color[0].format = NVSIM_RASTER_FMT_B8G8R8A8;
   st->color[0].ms_x = samples > 1;
   st->color[0].ms_y = samples > 2;
   st->color_mask[0] = NVSIM_RASTER_MASK_RGBA;
   st->samples = samples;
   st->multisample = true;
   st->sample_mask = 0xffff;
   st->clip_x1 = W;
   st->clip_y1 = H;
   st->pos_slot = 0;
   st->face_slot = 14;
   st->attr_mask = 1u << 1;
   st->depth_func = NVSIM_RASTER_ALWAYS;
}

static void
add_zeta(struct nvsim_raster_state *st)
{
   st->zeta = st->color[0];
   st->zeta.map = (uint8_t *)zeta_buf;
   st->zeta.format = NVSIM_RASTER_FMT_Z24S8;
}

static struct nvsim_raster_vertex
vtx(float x, float y, float z, uint32_t argb)
{
   struct nvsim_raster_vertex v;
   memset(&v, 0, sizeof(v));
   v.x = x;
   v.y = y;
   v.z = z;
   v.w_inv = 1.0f;
   v.attr[1][0] = ((argb >> 16) & 0xff) / 255.0f;
   v.attr[1][1] = ((argb >> 8) & 0xff) / 255.0f;
   v.attr[1][2] = (argb & 0xff) / 255.0f;
   v.attr[1][3] = (argb >> 24) / 255.0f;
   return v;
}

/* A rectangle [x0,x1) x [y0,y1) of one colour (two triangles). */
static void
rect(struct nvsim_raster_state *st, float x0, float y0, float x1, float y1,
     float z, uint32_t argb)
{
   struct nvsim_raster_vertex a = vtx(x0, y0, z, argb), b = vtx(x1, y0, z, argb);
   struct nvsim_raster_vertex c = vtx(x1, y1, z, argb), d = vtx(x0, y1, z, argb);
   nvsim_raster_triangle(st, &a, &b, &c, true, 2, false);
   nvsim_raster_triangle(st, &a, &c, &d, true, 2, false);
}

static uint32_t
sample(const struct nvsim_raster_state *st, int x, int y, unsigned s)
{
   int sx, sy;
   nvsim_raster_sample_xy(&st->color[0], x, y, s, &sx, &sy);
   return color_buf[sy * SW + sx];
}

/* Bit s set when sample s of pixel (x, y) is not 0. */
static unsigned
written(const struct nvsim_raster_state *st, int x, int y)
{
   unsigned m = 0;
   for (unsigned s = 0; s < st->samples; s++)
      if (sample(st, x, y, s))
         m |= 1u << s;
   return m;
}

/*
 * The layout: sample s of pixel (x, y) is stored at (2x + s % 2, y) with
 * 2 samples, (2x + s % 2, 2y + s / 2) with 4 (upstream nv30_miptree.c).
 */
static void
test_layout(void)
{
   struct nvsim_raster_state st;
   int sx, sy;

   setup(&st, 4);
   nvsim_raster_sample_xy(&st.color[0], 3, 5, 3, &sx, &sy);
   CHECK(sx == 7 && sy == 11, "4x pixel (3,5) sample 3 at (%d,%d), want (7,11)",
         sx, sy);
   setup(&st, 2);
   nvsim_raster_sample_xy(&st.color[0], 3, 5, 1, &sx, &sy);
   CHECK(sx == 7 && sy == 5, "2x pixel (3,5) sample 1 at (%d,%d), want (7,5)",
         sx, sy);
}

/*
 * A rectangle from x = 0 to x = 2.5, y 0..8.  Pixels 0 and 1 are fully
 * covered: every sample.  Pixel 2 (x 2..3): the samples left of x = 2.5,
 * i.e. with an x position below 8/16: 4x (6,2) s0 and (2,10) s2 (s1 at
 * 14/16, s3 at 10/16 are out): mask 0x5; 2x (4,4) s0 only: 0x1.
 * Pixels 3.. are untouched.  Sample values: the rectangle's colour.
 */
static void
test_vertical_edge(void)
{
   struct nvsim_raster_state st;
   const unsigned samples[2] = { 4, 2 };
   const unsigned edge_mask[2] = { 0x5, 0x1 };

   for (unsigned k = 0; k < 2; k++) {
      setup(&st, samples[k]);
      rect(&st, 0, 0, 2.5f, 8, 0, 0xff00ff00);
      unsigned all = (1u << samples[k]) - 1;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            unsigned want = x < 2 ? all : x == 2 ? edge_mask[k] : 0;
            unsigned got = written(&st, x, y);
            CHECK(got == want, "%ux pixel (%d,%d): samples 0x%x, want 0x%x",
                  samples[k], x, y, got, want);
         }
      CHECK(sample(&st, 0, 0, 0) == 0xff00ff00, "colour 0x%08x",
            sample(&st, 0, 0, 0));
   }
}

/*
 * A horizontal edge at y = 1.5, rectangle above it: pixel row 1 keeps
 * the samples with a y position below 8/16: 4x s0 (y 2) and s1 (y 6):
 * 0x3; 2x s0 (y 4): 0x1.
 */
static void
test_horizontal_edge(void)
{
   struct nvsim_raster_state st;

   setup(&st, 4);
   rect(&st, 0, 0, 8, 1.5f, 0, 0xffffffff);
   CHECK(written(&st, 4, 0) == 0xf, "row 0: 0x%x", written(&st, 4, 0));
   CHECK(written(&st, 4, 1) == 0x3, "row 1: 0x%x, want 0x3", written(&st, 4, 1));
   CHECK(written(&st, 4, 2) == 0, "row 2: 0x%x", written(&st, 4, 2));
   setup(&st, 2);
   rect(&st, 0, 0, 8, 1.5f, 0, 0xffffffff);
   CHECK(written(&st, 4, 1) == 0x1, "2x row 1: 0x%x, want 0x1",
         written(&st, 4, 1));
}

/*
 * A diagonal edge: triangle (0,0) (4,0) (0,4), inside x + y < 4.  In
 * pixel (1,2) (x + y from 3 to 5): 4x sample positions (1 + a/16,
 * 2 + b/16) are inside when a + b < 16: s0 (6,2) 8 yes, s1 (14,6) 20 no,
 * s2 (2,10) 12 yes, s3 (10,14) 24 no: 0x5.  Pixel (0,0): all; (3,3): none
 * (x + y >= 6).
 */
static void
test_diagonal_edge(void)
{
   struct nvsim_raster_state st;
   struct nvsim_raster_vertex a = vtx(0, 0, 0, ~0u), b = vtx(4, 0, 0, ~0u);
   struct nvsim_raster_vertex c = vtx(0, 4, 0, ~0u);

   setup(&st, 4);
   nvsim_raster_triangle(&st, &a, &b, &c, true, 2, false);
   CHECK(written(&st, 1, 2) == 0x5, "pixel (1,2): 0x%x, want 0x5",
         written(&st, 1, 2));
   CHECK(written(&st, 0, 0) == 0xf, "pixel (0,0): 0x%x", written(&st, 0, 0));
   CHECK(written(&st, 3, 3) == 0, "pixel (3,3): 0x%x", written(&st, 3, 3));
}

/*
 * A pixel whose centre is outside but some samples inside still gets a
 * fragment: rectangle x 0..2.3 covers 4x samples of pixel 2 at 2/16 and
 * 6/16 (< 0.3 * 16 = 4.8: only s2 at 2/16): 0x4.
 */
static void
test_centre_outside(void)
{
   struct nvsim_raster_state st;

   setup(&st, 4);
   rect(&st, 0, 0, 2.3f, 8, 0, ~0u);
   CHECK(written(&st, 2, 3) == 0x4, "pixel (2,3): 0x%x, want 0x4",
         written(&st, 2, 3));
}

/*
 * MULTISAMPLE disabled (ARB_multisample: coverage at the pixel centre,
 * all samples): a rectangle to x = 2.5 has pixel 2's centre on its right
 * edge: out (top-left rule), no sample, though two samples are inside.
 * To x = 2.6: the centre is in, all four samples.
 */
static void
test_multisample_off(void)
{
   struct nvsim_raster_state st;

   setup(&st, 4);
   st.multisample = false;
   rect(&st, 0, 0, 2.5f, 8, 0, ~0u);
   CHECK(written(&st, 2, 0) == 0, "x to 2.5: 0x%x, want 0", written(&st, 2, 0));
   rect(&st, 0, 0, 2.6f, 8, 0, ~0u);
   CHECK(written(&st, 2, 0) == 0xf, "x to 2.6: 0x%x, want 0xf",
         written(&st, 2, 0));
}

/* The sample mask keeps only its samples of a covered pixel. */
static void
test_sample_mask(void)
{
   struct nvsim_raster_state st;

   setup(&st, 4);
   st.sample_mask = 0x9;
   rect(&st, 0, 0, 8, 8, 0, ~0u);
   CHECK(written(&st, 5, 5) == 0x9, "mask 0x9: 0x%x", written(&st, 5, 5));
   /* also with multisample rasterization off (a sample mask applies to
    * a multisampled target either way) */
   setup(&st, 2);
   st.multisample = false;
   st.sample_mask = 0x2;
   rect(&st, 0, 0, 8, 8, 0, ~0u);
   CHECK(written(&st, 5, 5) == 0x2, "2x mask 0x2: 0x%x", written(&st, 5, 5));
}

/* Alpha-to-coverage: alpha 1 all samples, 0 none, 0.5 half of them;
 * alpha-to-one writes alpha 1. */
static void
test_alpha_to_coverage(void)
{
   struct nvsim_raster_state st;
   const struct { uint32_t argb; unsigned n; } cases[] = {
      { 0xffffffff, 4 }, { 0x00ffffff, 0 }, { 0x80ffffff, 2 },
   };

   for (unsigned i = 0; i < 3; i++) {
      setup(&st, 4);
      st.alpha_to_coverage = true;
      rect(&st, 0, 0, 8, 8, 0, cases[i].argb);
      unsigned n = __builtin_popcount(written(&st, 3, 3));
      CHECK(n == cases[i].n, "alpha 0x%02x: %u samples, want %u",
            cases[i].argb >> 24, n, cases[i].n);
   }
   setup(&st, 4);
   st.alpha_to_coverage = true;
   st.alpha_to_one = true;
   rect(&st, 0, 0, 8, 8, 0, 0x80ff0000);
   unsigned m = written(&st, 3, 3);
   CHECK(__builtin_popcount(m) == 2, "alpha-to-one: 0x%x", m);
   if (m)
      CHECK(sample(&st, 3, 3, __builtin_ctz(m)) == 0xffff0000,
            "alpha-to-one writes 0x%08x, want 0xffff0000",
            sample(&st, 3, 3, __builtin_ctz(m)));
   /* alpha-to-one replaces each alpha value (GL 3.3 4.1.3), the second
    * source colour's of dual-source blending too: with no program that
    * colour is 0, so SRC1_ALPHA, ZERO blends to the colour itself only
    * if its alpha became 1 (0 before: 0x00000000) */
   setup(&st, 4);
   st.alpha_to_one = true;
   st.blend = true;
   st.src_rgb = st.src_a = NVSIM_RASTER_BF_SRC1_ALPHA;
   st.dst_rgb = st.dst_a = NVSIM_RASTER_BF_ZERO;
   rect(&st, 0, 0, 8, 8, 0, 0x80ff0000);
   CHECK(sample(&st, 3, 3, 0) == 0xffff0000,
         "alpha-to-one, SRC1_ALPHA: 0x%08x, want 0xffff0000",
         sample(&st, 3, 3, 0));
   /* without multisample rasterization neither applies */
   setup(&st, 4);
   st.multisample = false;
   st.alpha_to_coverage = true;
   rect(&st, 0, 0, 8, 8, 0, 0x00ffffff);
   CHECK(written(&st, 3, 3) == 0xf, "a2c with multisample off: 0x%x",
         written(&st, 3, 3));
}

/*
 * Depth per sample, at the sample: the plane z = x / 9, drawn with LESS
 * over a depth buffer cleared to 0.5, crosses 0.5 at x = 4.5, the centre
 * of pixel 4: 4x samples at x = 4 + 6/16 (z 0.486, passes), 4 + 14/16
 * (0.542, fails),
 * 4 + 2/16 (0.458, passes), 4 + 10/16 (0.514, fails): 0x5.  At the centre
 * z would be exactly 0.5 and fail LESS for every sample.
 */
static void
test_depth_per_sample(void)
{
   struct nvsim_raster_state st;

   setup(&st, 4);
   add_zeta(&st);
   nvsim_raster_clear(&st, 0, 0, W, H, 0, 0, 0x7fffff00u, 0xffffff00u);
   st.depth_test = true;
   st.depth_write = true;
   st.depth_func = NVSIM_RASTER_LESS;
   struct nvsim_raster_vertex a = vtx(0, 0, 0, ~0u), b = vtx(9, 0, 1, ~0u);
   struct nvsim_raster_vertex c = vtx(0, 9, 0, ~0u);
   nvsim_raster_triangle(&st, &a, &b, &c, true, 2, false);
   CHECK(written(&st, 4, 0) == 0x5, "pixel (4,0): 0x%x, want 0x5",
         written(&st, 4, 0));
   CHECK(written(&st, 1, 0) == 0xf, "pixel (1,0): 0x%x", written(&st, 1, 0));
   CHECK(written(&st, 6, 0) == 0, "pixel (6,0): 0x%x", written(&st, 6, 0));
}

/* Clears write every sample of the pixels; occlusion counts samples. */
static void
test_clear_and_count(void)
{
   struct nvsim_raster_state st;

   setup(&st, 4);
   nvsim_raster_clear(&st, 1, 1, 3, 2, 0xff123456u, NVSIM_RASTER_MASK_RGBA,
                      0, 0);
   CHECK(written(&st, 1, 1) == 0xf && written(&st, 2, 1) == 0xf,
         "cleared pixels: 0x%x 0x%x", written(&st, 1, 1), written(&st, 2, 1));
   CHECK(written(&st, 0, 1) == 0 && written(&st, 3, 1) == 0 &&
         written(&st, 1, 0) == 0 && written(&st, 1, 2) == 0,
         "clear spilled outside its pixels");
   CHECK(sample(&st, 2, 1, 3) == 0xff123456u, "clear value 0x%08x",
         sample(&st, 2, 1, 3));

   setup(&st, 4);
   st.count_samples = true;
   rect(&st, 0, 0, 2.5f, 1, 0, ~0u);
   /* pixels 0, 1 of row 0: 8 samples, pixel 2: 2 */
   CHECK(st.samples_passed == 10, "%llu samples passed, want 10",
         (unsigned long long)st.samples_passed);
}

/*
 * Points with multisample rasterization (GL 2.1 section 3.3.3): a circle
 * of diameter size.  Size 2 at (4, 4): pixel (4,4)'s samples lie at
 * squared distances 0.156 (s0: 0.375, 0.125), 0.906 (s1), 0.406 (s2),
 * 1.156 (s3) from the centre: s0-s2 inside the radius 1: 0x7; pixel
 * (3,3): s0 at (-0.625, -0.875) 1.156 out, s1 0.406, s2 0.906, s3 0.156
 * in: 0xe; pixel (5,4): nearest s2 at (1.125, 0.625): out.  A point
 * sprite is the square: all of pixel (4,4), none of (5,4).
 */
static void
test_points(void)
{
   struct nvsim_raster_state st;
   struct nvsim_raster_vertex v = vtx(4, 4, 0, ~0u);

   setup(&st, 4);
   nvsim_raster_point(&st, &v, 2.0f);
   CHECK(written(&st, 4, 4) == 0x7, "point (4,4): 0x%x, want 0x7",
         written(&st, 4, 4));
   CHECK(written(&st, 3, 3) == 0xe, "point (3,3): 0x%x, want 0xe",
         written(&st, 3, 3));
   CHECK(written(&st, 5, 4) == 0, "point (5,4): 0x%x", written(&st, 5, 4));
   setup(&st, 4);
   st.sprite_mask = 1u << 2;
   nvsim_raster_point(&st, &v, 2.0f);
   CHECK(written(&st, 4, 4) == 0xf, "sprite (4,4): 0x%x, want 0xf",
         written(&st, 4, 4));
   CHECK(written(&st, 5, 4) == 0, "sprite (5,4): 0x%x", written(&st, 5, 4));
}

/*
 * Lines (GL 2.1 section 3.4.4): the w x L rectangle.  (0, 4) to (8, 4),
 * width 1: y in [3.5, 4.5).  Row 3 keeps the samples 0.5 or more down
 * the pixel, s2 (10/16) and s3 (14/16): 0xc; row 4 those above 0.5, s0
 * and s1: 0x3; pixel 7 (x 7..8) is still inside along the line.
 */
static void
test_lines(void)
{
   struct nvsim_raster_state st;
   struct nvsim_raster_vertex a = vtx(0, 4, 0, ~0u), b = vtx(8, 4, 0, ~0u);

   setup(&st, 4);
   st.clip_x1 = W;
   nvsim_raster_line(&st, &a, &b, 1.0f, 0);
   CHECK(written(&st, 2, 3) == 0xc, "line row 3: 0x%x, want 0xc",
         written(&st, 2, 3));
   CHECK(written(&st, 2, 4) == 0x3, "line row 4: 0x%x, want 0x3",
         written(&st, 2, 4));
   CHECK(written(&st, 7, 4) == 0x3, "line end pixel 7: 0x%x, want 0x3",
         written(&st, 7, 4));
   CHECK(written(&st, 2, 5) == 0 && written(&st, 2, 2) == 0,
         "line spills: 0x%x 0x%x", written(&st, 2, 5), written(&st, 2, 2));
}

int
main(void)
{
   test_layout();
   test_vertical_edge();
   test_horizontal_edge();
   test_diagonal_edge();
   test_centre_outside();
   test_multisample_off();
   test_sample_mask();
   test_alpha_to_coverage();
   test_depth_per_sample();
   test_clear_and_count();
   test_points();
   test_lines();
   if (failures)
      printf("%d failures\n", failures);
   else
      printf("all multisample raster tests passed\n");
   return failures ? 1 : 0;
}
