/*
 * Rasterizer and ROP unit tests.  Every expected value is computed by hand
 * from the fill convention (pixel centres, top-left rule) and the GL 2.1
 * specification; the comments show the computation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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

#define W 16
#define H 16

static uint32_t color_buf[W * H];
static uint32_t zeta_buf[W * H];
static unsigned hits[W * H];
static float last_in[W * H][4];

/* Counts every fragment per pixel and writes opaque white. */
static bool
count_shade(void *ctx, struct nvsim_raster_frag *f)
{
   (void)ctx;
   hits[f->y * W + f->x]++;
   memcpy(last_in[f->y * W + f->x], f->in[1], sizeof(float) * 4);
   for (unsigned c = 0; c < 4; c++)
      f->color[0][c] = f->in[1][c];
   return true;
}

static void
setup(struct nvsim_raster_state *st)
{
   memset(st, 0, sizeof(*st));
   memset(color_buf, 0, sizeof(color_buf));
   memset(zeta_buf, 0, sizeof(zeta_buf));
   memset(hits, 0, sizeof(hits));
   st->color[0].map = (uint8_t *)color_buf;
   st->color[0].pitch = W * 4;
   st->color[0].format = NVSIM_RASTER_FMT_B8G8R8A8;
   st->color_mask[0] = NVSIM_RASTER_MASK_RGBA;
   st->clip_x1 = W;
   st->clip_y1 = H;
   st->pos_slot = 0;
   st->face_slot = 14;
   st->attr_mask = 1u << 1;
   st->shade = count_shade;
   st->depth_func = NVSIM_RASTER_ALWAYS;
}

static struct nvsim_raster_vertex
vtx(float x, float y, float z)
{
   struct nvsim_raster_vertex v;
   memset(&v, 0, sizeof(v));
   v.x = x;
   v.y = y;
   v.z = z;
   v.w_inv = 1.0f;
   v.attr[1][0] = v.attr[1][1] = v.attr[1][2] = v.attr[1][3] = 1.0f;
   return v;
}

static void
tri(struct nvsim_raster_state *st, struct nvsim_raster_vertex a,
    struct nvsim_raster_vertex b, struct nvsim_raster_vertex c)
{
   nvsim_raster_triangle(st, &a, &b, &c, true, 2, false);
}

/*
 * Triangle (0.5,0.5) (3.5,0.5) (0.5,3.5): its top edge y = 0.5 and left
 * edge x = 0.5 pass through pixel centres, which are inside (top-left
 * rule); the hypotenuse x + y = 4 is a right edge, centres on it are out.
 * Inside: centres (i+.5, j+.5) with i + j + 1 < 4, i.e. i + j <= 2:
 * 6 pixels.  The other half (3.5,0.5) (3.5,3.5) (0.5,3.5) owns the
 * hypotenuse but not x = 3.5 (right) nor y = 3.5 (bottom): i + j >= 3 with
 * i, j <= 2: 3 pixels.  Together: the 3x3 block, each pixel once.
 */
static void
test_top_left_shared_edge(void)
{
   struct nvsim_raster_state st;

   for (int winding = 0; winding < 2; winding++) {
      setup(&st);
      if (!winding) {
         tri(&st, vtx(0.5, 0.5, 0), vtx(3.5, 0.5, 0), vtx(0.5, 3.5, 0));
      } else {
         tri(&st, vtx(0.5, 0.5, 0), vtx(0.5, 3.5, 0), vtx(3.5, 0.5, 0));
      }
      unsigned n = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            unsigned want = (x <= 2 && y <= 2 && x + y <= 2) ? 1 : 0;
            CHECK(hits[y * W + x] == want, "winding %d first half (%d,%d): %u hits, want %u",
                  winding, x, y, hits[y * W + x], want);
            n += hits[y * W + x];
         }
      CHECK(n == 6, "first half covers %u pixels, want 6", n);

      if (!winding)
         tri(&st, vtx(3.5, 0.5, 0), vtx(3.5, 3.5, 0), vtx(0.5, 3.5, 0));
      else
         tri(&st, vtx(3.5, 0.5, 0), vtx(0.5, 3.5, 0), vtx(3.5, 3.5, 0));
      n = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            unsigned want = (x <= 2 && y <= 2) ? 1 : 0;
            CHECK(hits[y * W + x] == want, "winding %d square (%d,%d): %u hits, want %u",
                  winding, x, y, hits[y * W + x], want);
            n += hits[y * W + x];
         }
      CHECK(n == 9, "both halves cover %u pixels, want 9", n);
   }
}

/*
 * A fan of 8 triangles around the centre (8,8) of a 16x16 target with
 * vertices on the border: every pixel is covered exactly once.
 */
static void
test_fan_no_gaps(void)
{
   struct nvsim_raster_state st;
   const float ring[8][2] = {
      { 0, 0 }, { 8, 0 }, { 16, 0 }, { 16, 8 },
      { 16, 16 }, { 8, 16 }, { 0, 16 }, { 0, 8 },
   };
   setup(&st);
   for (int i = 0; i < 8; i++) {
      const float *a = ring[i], *b = ring[(i + 1) % 8];
      /* the centre is off the pixel grid so that edges cross centres at
       * odd places */
      tri(&st, vtx(7.3f, 8.6f, 0), vtx(a[0], a[1], 0), vtx(b[0], b[1], 0));
   }
   unsigned bad = 0;
   for (int i = 0; i < W * H; i++)
      bad += hits[i] != 1;
   CHECK(bad == 0, "%u pixels not hit exactly once", bad);
}

/* Quad shading: counts covered fragments per pixel, and checks the
 * helper/neighbour differences of attribute slot 2, set to the window x
 * coordinate at the vertices (affine: w = 1), so the difference across a
 * quad row is exactly 1 and down a column 0. */
static unsigned quad_bad_deriv;
static void
count_quad(void *ctx, struct nvsim_raster_quad *q)
{
   (void)ctx;
   for (unsigned i = 0; i < 4; i++)
      if (q->mask & (1u << i))
         hits[(q->y + (i >> 1)) * W + q->x + (i & 1)]++;
   if (fabsf(q->in[1][2][0] - q->in[0][2][0] - 1.0f) > 1e-4f ||
       fabsf(q->in[2][2][0] - q->in[0][2][0]) > 1e-4f)
      quad_bad_deriv++;
   for (unsigned i = 0; i < 4; i++)
      for (unsigned c = 0; c < 4; c++)
         q->color[i][0][c] = 1.0f;
}

static void
test_quads(void)
{
   struct nvsim_raster_state st;
   const float ring[8][2] = {
      { 0, 0 }, { 8, 0 }, { 16, 0 }, { 16, 8 },
      { 16, 16 }, { 8, 16 }, { 0, 16 }, { 0, 8 },
   };
   setup(&st);
   st.shade_quad = count_quad;
   st.attr_mask |= 1u << 2;
   quad_bad_deriv = 0;
   for (int i = 0; i < 8; i++) {
      const float *a = ring[i], *b = ring[(i + 1) % 8];
      /* centre on the 1/256 grid, so that attribute = x holds at the
       * snapped positions too */
      struct nvsim_raster_vertex c = vtx(7.25f, 8.625f, 0), va = vtx(a[0], a[1], 0),
                                 vb = vtx(b[0], b[1], 0);
      c.attr[2][0] = c.x;
      va.attr[2][0] = va.x;
      vb.attr[2][0] = vb.x;
      nvsim_raster_triangle(&st, &c, &va, &vb, true, 2, false);
   }
   unsigned bad = 0;
   for (int i = 0; i < W * H; i++)
      bad += hits[i] != 1;
   CHECK(bad == 0, "quads: %u pixels not hit exactly once", bad);
   CHECK(quad_bad_deriv == 0, "%u quads with wrong input differences",
         quad_bad_deriv);
   CHECK(color_buf[5 * W + 5] == 0xffffffff, "quad colour %08x",
         color_buf[5 * W + 5]);

   /* the top-left case through quads: 6 pixels */
   setup(&st);
   st.shade_quad = count_quad;
   tri(&st, vtx(0.5, 0.5, 0), vtx(3.5, 0.5, 0), vtx(0.5, 3.5, 0));
   unsigned n = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         unsigned want = (x <= 2 && y <= 2 && x + y <= 2) ? 1 : 0;
         CHECK(hits[y * W + x] == want, "quad (%d,%d): %u", x, y, hits[y * W + x]);
         n += hits[y * W + x];
      }
   CHECK(n == 6, "quads cover %u, want 6", n);
}

/* Pixels outside the clip rectangle are never written. */
static void
test_clip_rect(void)
{
   struct nvsim_raster_state st;
   setup(&st);
   st.clip_x0 = 2;
   st.clip_y0 = 3;
   st.clip_x1 = 5;
   st.clip_y1 = 7;
   tri(&st, vtx(-20, -20, 0), vtx(40, -20, 0), vtx(-20, 40, 0));
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         unsigned want = x >= 2 && x < 5 && y >= 3 && y < 7;
         CHECK(hits[y * W + x] == want, "(%d,%d) %u", x, y, hits[y * W + x]);
      }
}

/*
 * Perspective-correct interpolation.  v0 (0,0) w=1 a=0, v1 (8,0) w=4 a=1,
 * v2 (0,8) w=1 a=0.  At pixel (3,0), centre (3.5,0.5): screen-space
 * barycentrics b1 = 3.5/8, b2 = 0.5/8, b0 = 0.5.
 * a = b1*(1/4)*1 / (b0*1 + b1/4 + b2*1) = (7/64) / (43/64) = 7/43.
 * Depth is linear in screen space: z0 = 0, z1 = 1, z2 = 0 -> 3.5/8.
 */
static float depth_seen;
static bool
depth_shade(void *ctx, struct nvsim_raster_frag *f)
{
   (void)ctx;
   if (f->x == 3 && f->y == 0)
      depth_seen = f->z;
   return count_shade(ctx, f);
}

static void
test_perspective(void)
{
   struct nvsim_raster_state st;
   struct nvsim_raster_vertex a = vtx(0, 0, 0), b = vtx(8, 0, 1),
                              c = vtx(0, 8, 0);
   setup(&st);
   st.shade = depth_shade;
   a.attr[1][0] = 0.0f;
   b.attr[1][0] = 1.0f;
   c.attr[1][0] = 0.0f;
   b.w_inv = 0.25f;
   nvsim_raster_triangle(&st, &a, &b, &c, true, 2, false);
   CHECK(hits[3] == 1, "pixel (3,0) not drawn");
   CHECK(fabsf(last_in[3][0] - 7.0f / 43.0f) < 1e-5f,
         "attribute %f, want 7/43 = %f", last_in[3][0], 7.0f / 43.0f);
   CHECK(fabsf(depth_seen - 3.5f / 8.0f) < 1e-6f, "depth %f, want %f",
         depth_seen, 3.5f / 8.0f);
}

/* Depth test functions against a Z24S8 buffer cleared to depth 0x800000
 * (0.5 * 0xffffff rounded) with stencil 0x5a: word 0x8000005a. */
static void
test_depth_funcs(void)
{
   static const struct {
      enum nvsim_raster_func func;
      float z;
      bool drawn;
   } cases[] = {
      { NVSIM_RASTER_LESS, 0.25f, true },
      { NVSIM_RASTER_LESS, 0.75f, false },
      { NVSIM_RASTER_GREATER, 0.75f, true },
      { NVSIM_RASTER_GREATER, 0.25f, false },
      { NVSIM_RASTER_EQUAL, 0.5f, true },
      { NVSIM_RASTER_EQUAL, 0.25f, false },
      { NVSIM_RASTER_LEQUAL, 0.5f, true },
      { NVSIM_RASTER_GEQUAL, 0.25f, false },
      { NVSIM_RASTER_NOTEQUAL, 0.5f, false },
      { NVSIM_RASTER_NEVER, 0.25f, false },
      { NVSIM_RASTER_ALWAYS, 0.75f, true },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct nvsim_raster_state st;
      setup(&st);
      st.zeta.map = (uint8_t *)zeta_buf;
      st.zeta.pitch = W * 4;
      st.zeta.format = NVSIM_RASTER_FMT_Z24S8;
      st.depth_test = true;
      st.depth_write = true;
      st.depth_func = cases[i].func;
      /* 0.5 in 24 bits: round(0.5 * 16777215) = 8388608 = 0x800000 */
      nvsim_raster_clear(&st, 0, 0, W, H, 0, 0, 0x80000000u | 0x5a, 0xffffffffu);
      CHECK(zeta_buf[0] == 0x8000005au, "clear wrote %08x", zeta_buf[0]);
      float z = cases[i].z;
      tri(&st, vtx(0, 0, z), vtx(4, 0, z), vtx(0, 4, z));
      bool drawn = color_buf[0] != 0;
      CHECK(drawn == cases[i].drawn, "case %u: drawn %d", i, drawn);
      /* depth written only when the test passed; stencil bits kept */
      uint32_t want = cases[i].drawn ?
         ((uint32_t)lrint(z * 16777215.0) << 8) | 0x5a : 0x8000005au;
      CHECK(zeta_buf[0] == want, "case %u: zeta %08x want %08x", i,
            zeta_buf[0], want);
   }
}

/* Depth bounds (EXT_depth_bounds_test): stored depth 0.5 (0x800000 of
 * 0xffffff = 0.50000003) is inside [0.4, 0.6], outside [0.6, 1]; and,
 * since the bounds are quantized as depth values before the compare
 * (the spec's precision issue), inside [0, 0.5] too (0.5 -> 0x800000),
 * which a float compare with 0.50000003 would refuse (piglit
 * depth_bounds, test 10). */
static void
test_depth_bounds(void)
{
   static const float bounds[3][2] = { { 0.6f, 1.0f }, { 0.4f, 0.6f },
                                       { 0.0f, 0.5f } };
   for (int i = 0; i < 3; i++) {
      bool inside = i > 0;
      struct nvsim_raster_state st;
      setup(&st);
      st.zeta.map = (uint8_t *)zeta_buf;
      st.zeta.pitch = W * 4;
      st.zeta.format = NVSIM_RASTER_FMT_Z24S8;
      zeta_buf[0] = 0x80000000u;
      st.depth_bounds = true;
      st.depth_bounds_min = bounds[i][0];
      st.depth_bounds_max = bounds[i][1];
      tri(&st, vtx(0, 0, 0.9f), vtx(2, 0, 0.9f), vtx(0, 2, 0.9f));
      CHECK((color_buf[0] != 0) == inside, "bounds %d: %08x", i,
            color_buf[0]);
   }
}

/* Float depth (Z32F_S8: a float, then the stencil byte;
 * ARB_depth_buffer_float).  Every value below is exact in float.
 * - Depth test, no fixed-point grid: stored 0.25, a fragment at
 *   0.25 + 2^-25 passes GREATER and is written as is (in 24-bit fixed
 *   point both are 0x400000 and GREATER fails); the stencil byte stays.
 * - Fragment depth is clamped to [0, 1] (3.5.5): z 1.5 with ALWAYS writes
 *   1.0.
 * - Depth bounds: the applied bounds are clamped to [0, 1] and compared
 *   with the stored float: 0.3f is outside [0.3f + 1 ulp, 1] (in 24-bit
 *   fixed point both are round(0.3f (2^24 - 1)) = 5033165, inside), and
 *   inside [0.2, 0.4].
 * - Polygon offset units 1 at z 0.125: r = 2^(e - n) (eq. 3.11), 0.125 =
 *   0.5 * 2^-2 so e = -3, n = 23: r = 2^-26, written 0.125 + 2^-26 =
 *   0x3e000001 (the 24-bit r, 1 / (2^24 - 1), would add 4 ulps). */
static float zf_buf[W * H * 2];

static void
float_zeta(struct nvsim_raster_state *st, float z0)
{
   setup(st);
   memset(zf_buf, 0, sizeof(zf_buf));
   st->zeta.map = (uint8_t *)zf_buf;
   st->zeta.pitch = W * 8;
   st->zeta.format = NVSIM_RASTER_FMT_Z32F_S8;
   zf_buf[0] = z0;
   ((uint8_t *)zf_buf)[4] = 0x5a;
}

static uint32_t
zf_bits(void)
{
   uint32_t u;
   memcpy(&u, &zf_buf[0], 4);
   return u;
}

static void
test_depth_float(void)
{
   struct nvsim_raster_state st;
   float_zeta(&st, 0.25f);
   st.depth_test = st.depth_write = true;
   st.depth_func = NVSIM_RASTER_GREATER;
   float z = 0.25f + 0x1p-25f;
   tri(&st, vtx(0, 0, z), vtx(2, 0, z), vtx(0, 2, z));
   CHECK(color_buf[0] != 0, "0.25 + 2^-25 GREATER 0.25 failed");
   CHECK(zf_bits() == 0x3e800001u, "depth %08x, want 3e800001", zf_bits());
   CHECK(((uint8_t *)zf_buf)[4] == 0x5a, "stencil %02x",
         ((uint8_t *)zf_buf)[4]);

   float_zeta(&st, 0.25f);
   st.depth_test = st.depth_write = true;
   tri(&st, vtx(0, 0, 1.5f), vtx(2, 0, 1.5f), vtx(0, 2, 1.5f));
   CHECK(zf_buf[0] == 1.0f, "depth %g, want 1 (clamped)", zf_buf[0]);

   const float bounds[2][2] = { { nextafterf(0.3f, 1.0f), 1.0f },
                                { 0.2f, 0.4f } };
   for (int i = 0; i < 2; i++) {
      float_zeta(&st, 0.3f);
      st.depth_bounds = true;
      st.depth_bounds_min = bounds[i][0];
      st.depth_bounds_max = bounds[i][1];
      tri(&st, vtx(0, 0, 0.9f), vtx(2, 0, 0.9f), vtx(0, 2, 0.9f));
      CHECK((color_buf[0] != 0) == (i == 1), "bounds %d: %08x", i,
            color_buf[0]);
   }

   float_zeta(&st, 1.0f);
   st.depth_test = st.depth_write = true;
   st.offset_units = 1.0f;
   struct nvsim_raster_vertex a = vtx(0, 0, 0.125f), b = vtx(2, 0, 0.125f),
                              c = vtx(0, 2, 0.125f);
   nvsim_raster_triangle(&st, &a, &b, &c, true, 2, true);
   CHECK(zf_bits() == 0x3e000001u, "offset depth %08x, want 3e000001",
         zf_bits());
}

/* Clears: colour mask and the clip rectangle. */
static void
test_clear_mask(void)
{
   struct nvsim_raster_state st;
   setup(&st);
   for (int i = 0; i < W * H; i++)
      color_buf[i] = 0xaabbccdd;
   st.clip_x0 = 1;
   st.clip_x1 = 3;
   st.clip_y0 = 0;
   st.clip_y1 = 2;
   /* A8R8G8B8: A 31:24, R 23:16, G 15:8, B 7:0.  Mask R|A keeps G, B. */
   nvsim_raster_clear(&st, 0, 0, W, H, 0x11223344,
                      NVSIM_RASTER_MASK_R | NVSIM_RASTER_MASK_A, 0, 0);
   CHECK(color_buf[0] == 0xaabbccdd, "outside clip changed: %08x", color_buf[0]);
   CHECK(color_buf[1] == 0x1122ccdd, "masked clear gives %08x, want 1122ccdd",
         color_buf[1]);
   CHECK(color_buf[2 * W + 1] == 0xaabbccdd, "row 2 changed");

   /* R5G6B5: G is bits 10:5; clear G only */
   uint16_t *c16 = (uint16_t *)color_buf;
   setup(&st);
   st.color[0].format = NVSIM_RASTER_FMT_B5G6R5;
   st.color[0].pitch = W * 2;
   c16[0] = 0xffff;
   nvsim_raster_clear(&st, 0, 0, 1, 1, 0x0000, NVSIM_RASTER_MASK_G, 0, 0);
   CHECK(c16[0] == 0xf81f, "565 clear of G: %04x want f81f", c16[0]);

   /* X1R5G5B5 (R 14:10, G 9:5, B 4:0): (1, 0.5, 0) -> R 31, G round(15.5)
    * = 16, B 0: 0x7c00 | 0x0200 = 0x7e00; X (bit 15) kept */
   struct nvsim_raster_surface s555 = { (uint8_t *)color_buf, 32,
                                        NVSIM_RASTER_FMT_B5G5R5X1, false, 0, 0 };
   const float c[4] = { 1.0f, 0.5f, 0.0f, 1.0f };
   c16[0] = 0x8000;
   nvsim_raster_write_color(&s555, 0, 0, c, NVSIM_RASTER_MASK_RGBA);
   CHECK(c16[0] == 0xfe00, "555 write: %04x want fe00", c16[0]);
}

/*
 * Blending: src alpha 0.25 over dst.  src = (1, 0, 0, 0.25), dst red
 * 0x00, green 0xff (0 and 1).  SRC_ALPHA, ONE_MINUS_SRC_ALPHA, ADD:
 * R = 1*0.25 + 0*0.75 = 0.25 -> round(63.75) = 64 = 0x40;
 * G = 0*0.25 + 1*0.75 = 0.75 -> round(191.25) = 191 = 0xbf;
 * A = 0.25*0.25 + 1*0.75 = 0.8125 -> round(207.1875) = 207 = 0xcf.
 */
static void
test_blend(void)
{
   struct nvsim_raster_state st;
   setup(&st);
   st.blend = true;
   st.src_rgb = st.src_a = NVSIM_RASTER_BF_SRC_ALPHA;
   st.dst_rgb = st.dst_a = NVSIM_RASTER_BF_ONE_MINUS_SRC_ALPHA;
   color_buf[0] = 0xff00ff00;   /* A=1 R=0 G=1 B=0 */
   struct nvsim_raster_vertex a = vtx(0, 0, 0), b = vtx(2, 0, 0), c = vtx(0, 2, 0);
   const float col[4] = { 1, 0, 0, 0.25f };
   memcpy(a.attr[1], col, sizeof(col));
   memcpy(b.attr[1], col, sizeof(col));
   memcpy(c.attr[1], col, sizeof(col));
   nvsim_raster_triangle(&st, &a, &b, &c, true, 2, false);
   CHECK(color_buf[0] == 0xcf40bf00, "blend gives %08x, want cf40bf00",
         color_buf[0]);

   /* colour mask: only G written -> 0x0000ff00 | old */
   setup(&st);
   st.color_mask[0] = NVSIM_RASTER_MASK_G;
   color_buf[0] = 0x12345678;
   nvsim_raster_triangle(&st, &a, &b, &c, true, 2, false);
   CHECK(color_buf[0] == 0x12340078, "masked write %08x, want 12340078",
         color_buf[0]);
}

/*
 * Stencil: buffer stencil 3, ref 3, EQUAL passes -> INCR gives 4; with
 * ref 2 the test fails and op_fail REPLACE writes 2.
 */
static void
test_stencil(void)
{
   for (int pass = 0; pass < 2; pass++) {
      struct nvsim_raster_state st;
      setup(&st);
      st.zeta.map = (uint8_t *)zeta_buf;
      st.zeta.pitch = W * 4;
      st.zeta.format = NVSIM_RASTER_FMT_Z24S8;
      st.stencil[0].enable = true;
      st.stencil[0].func = NVSIM_RASTER_EQUAL;
      st.stencil[0].ref = pass ? 3 : 2;
      st.stencil[0].func_mask = 0xff;
      st.stencil[0].write_mask = 0xff;
      st.stencil[0].op_fail = NVSIM_RASTER_SOP_REPLACE;
      st.stencil[0].op_zfail = NVSIM_RASTER_SOP_ZERO;
      st.stencil[0].op_zpass = NVSIM_RASTER_SOP_INCR;
      zeta_buf[0] = 0xabcdef03;
      tri(&st, vtx(0, 0, 0), vtx(2, 0, 0), vtx(0, 2, 0));
      if (pass) {
         CHECK(zeta_buf[0] == 0xabcdef04, "stencil pass: %08x", zeta_buf[0]);
         CHECK(color_buf[0] != 0, "stencil pass: not drawn");
      } else {
         CHECK(zeta_buf[0] == 0xabcdef02, "stencil fail: %08x", zeta_buf[0]);
         CHECK(color_buf[0] == 0, "stencil fail: drawn");
      }
   }
}

/* Alpha test: ref 0x80, GREATER; alpha 0.25 rejected, 0.75 drawn. */
static void
test_alpha(void)
{
   for (int i = 0; i < 2; i++) {
      struct nvsim_raster_state st;
      setup(&st);
      st.alpha_test = true;
      st.alpha_func = NVSIM_RASTER_GREATER;
      st.alpha_ref = 0x80;
      struct nvsim_raster_vertex a = vtx(0, 0, 0), b = vtx(2, 0, 0), c = vtx(0, 2, 0);
      a.attr[1][3] = b.attr[1][3] = c.attr[1][3] = i ? 0.75f : 0.25f;
      nvsim_raster_triangle(&st, &a, &b, &c, true, 2, false);
      CHECK((color_buf[0] != 0) == (i == 1), "alpha %d drawn %08x", i, color_buf[0]);
   }
}

/*
 * Lines: from (0.5,0.5) to (4.5,0.5), x-major, width 1: centres x = 0.5
 * .. 3.5 (end excluded) on row 0 -> pixels 0..3.  Points: size 2 at
 * (5,5) covers centres in [4,6) -> pixels 4,5 in x and y.
 */
static void
test_lines_points(void)
{
   struct nvsim_raster_state st;
   setup(&st);
   struct nvsim_raster_vertex a = vtx(0.5f, 0.5f, 0), b = vtx(4.5f, 0.5f, 0);
   nvsim_raster_line(&st, &a, &b, 1.0f, 1);
   for (int x = 0; x < W; x++)
      CHECK(hits[x] == (x < 4 ? 1u : 0u), "line pixel %d: %u", x, hits[x]);
   CHECK(hits[W] == 0, "row 1 hit");

   setup(&st);
   struct nvsim_raster_vertex p = vtx(5, 5, 0);
   nvsim_raster_point(&st, &p, 2.0f);
   unsigned n = 0;
   for (int i = 0; i < W * H; i++)
      n += hits[i];
   CHECK(n == 4 && hits[4 * W + 4] && hits[5 * W + 5], "point covers %u", n);
}

/*
 * Points and lines are placed on the sub-pixel grid before coverage, as
 * triangle vertices are.  A size-1 point at x = 8 covers the centres in
 * [7.5, 8.5), the start included: column 7; y = 5 likewise row 4.  At
 * 8 + 2^-20 and 8 - 2^-20 (both far nearer to 8 than the 1/256 grid's
 * half step) it is the same point, so the same pixel, although without
 * snapping [8 + 2^-20 - 0.5, ...) would leave centre 7.5 out and take
 * 8.5.  A width-1 horizontal line at y = 2 -+ 2^-20 from x = 0.5 to 4.5
 * covers the rows with centres in [1.5, 2.5): row 1, pixels 0..3.
 */
static void
test_points_lines_on_grid(void)
{
   struct nvsim_raster_state st;
   const float e = 1.0f / (1 << 20);
   const float off[3] = { 0.0f, e, -e };

   for (unsigned i = 0; i < 3; i++) {
      setup(&st);
      struct nvsim_raster_vertex p = vtx(8.0f + off[i], 5.0f + off[i], 0);
      nvsim_raster_point(&st, &p, 1.0f);
      unsigned n = 0;
      for (int k = 0; k < W * H; k++)
         n += hits[k];
      CHECK(n == 1 && hits[4 * W + 7] == 1,
            "point at 8%+g: %u pixels, (7,4) %u", off[i], n, hits[4 * W + 7]);

      setup(&st);
      struct nvsim_raster_vertex a = vtx(0.5f, 2.0f - off[i], 0);
      struct nvsim_raster_vertex b = vtx(4.5f, 2.0f + off[i], 0);
      nvsim_raster_line(&st, &a, &b, 1.0f, 0);
      n = 0;
      for (int k = 0; k < W * H; k++)
         n += hits[k];
      CHECK(n == 4 && hits[W] && hits[W + 3],
            "line at y 2%+g: %u pixels", off[i], n);
   }
}

/*
 * Swizzled surface 8x4 (log2 3 x 2): squares of k = 2 bits, 2 squares
 * across.  Pixel (5,3): in-square x 1, y 3 -> Morton x bits 0b01 at even
 * positions (1), y bits 0b11 at odd positions (0b1010 = 10): 11; square
 * (1, 0) starts at (0 * 2 + 1) << 4 = 16: pixel index 27.  Clearing the
 * 1x1 rectangle at (5,3) writes word 27 only.
 */
static void
test_swizzled(void)
{
   struct nvsim_raster_state st;
   setup(&st);
   st.color[0].swizzled = true;
   st.color[0].log2w = 3;
   st.color[0].log2h = 2;
   nvsim_raster_clear(&st, 5, 3, 6, 4, 0xdeadbeef, NVSIM_RASTER_MASK_RGBA, 0, 0);
   for (int i = 0; i < 32; i++)
      CHECK(color_buf[i] == (i == 27 ? 0xdeadbeefu : 0), "word %d: %08x", i,
            color_buf[i]);
   CHECK(nvsim_raster_pixel_offset(&st.color[0], 1, 1, 4) == 3 * 4,
         "(1,1) at %zu", nvsim_raster_pixel_offset(&st.color[0], 1, 1, 4));
}

/*
 * Point sprite: size 4 at (8,8) covers pixels 6..9; its left/top edge is
 * 6, so pixel (9,7) (centre 9.5, 7.5) has s = 3.5/4 = 0.875,
 * t = 1.5/4 = 0.375; pixel (6,6): 0.125, 0.125.
 */
static void
test_sprite(void)
{
   struct nvsim_raster_state st;
   setup(&st);
   st.sprite_mask = 1u << 1;
   struct nvsim_raster_vertex p = vtx(8, 8, 0);
   nvsim_raster_point(&st, &p, 4.0f);
   CHECK(hits[7 * W + 9] == 1 && hits[6 * W + 6] == 1 && hits[5 * W + 6] == 0,
         "sprite coverage");
   CHECK(last_in[7 * W + 9][0] == 0.875f && last_in[7 * W + 9][1] == 0.375f,
         "sprite (9,7) = %f %f", last_in[7 * W + 9][0], last_in[7 * W + 9][1]);
   CHECK(last_in[6 * W + 6][0] == 0.125f && last_in[6 * W + 6][1] == 0.125f &&
         last_in[6 * W + 6][3] == 1.0f, "sprite (6,6)");
}

/*
 * Regression (Neverball's stars sampled their sharpest mipmap level):
 * a point sprite goes through quad shading with helpers that have their
 * own sprite coordinates, so s grows by 1/size to the right and t by
 * 1/size downwards within every quad (GL 2.1 section 3.4.1: s = 1/2 +
 * (x_f + 1/2 - x_w) / size).  Size 3 at (8,8): left/top edge 6.5,
 * pixels 6..8 (centres 6.5..8.5) covered, in quads at x, y = 6 and 8;
 * helper (9, y) has s = (9.5 - 6.5) / 3 = 1.
 */
static unsigned sprite_bad_deriv, sprite_quads;
static void
sprite_quad(void *ctx, struct nvsim_raster_quad *q)
{
   (void)ctx;
   sprite_quads++;
   for (unsigned i = 0; i < 4; i++)
      if (q->mask & (1u << i))
         hits[(q->y + (i >> 1)) * W + q->x + (i & 1)]++;
   const float d = 1.0f / 3.0f;
   float s0 = ((float)q->x + 0.5f - 6.5f) / 3.0f;
   float t0 = ((float)q->y + 0.5f - 6.5f) / 3.0f;
   if (fabsf(q->in[0][1][0] - s0) > 1e-6f || fabsf(q->in[0][1][1] - t0) > 1e-6f ||
       fabsf(q->in[1][1][0] - q->in[0][1][0] - d) > 1e-6f ||
       fabsf(q->in[2][1][1] - q->in[0][1][1] - d) > 1e-6f ||
       q->in[2][1][0] != q->in[0][1][0] || q->in[1][1][1] != q->in[0][1][1])
      sprite_bad_deriv++;
   for (unsigned i = 0; i < 4; i++)
      for (unsigned c = 0; c < 4; c++)
         q->color[i][0][c] = 1.0f;
}

static void
test_sprite_quads(void)
{
   struct nvsim_raster_state st;
   setup(&st);
   st.shade_quad = sprite_quad;
   st.sprite_mask = 1u << 1;
   sprite_bad_deriv = sprite_quads = 0;
   struct nvsim_raster_vertex p = vtx(8, 8, 0);
   nvsim_raster_point(&st, &p, 3.0f);
   unsigned n = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         unsigned want = x >= 6 && x <= 8 && y >= 6 && y <= 8;
         CHECK(hits[y * W + x] == want, "sprite quad (%d,%d): %u", x, y,
               hits[y * W + x]);
         n += hits[y * W + x];
      }
   CHECK(n == 9 && sprite_quads == 4, "sprite: %u pixels in %u quads", n,
         sprite_quads);
   CHECK(sprite_bad_deriv == 0, "%u sprite quads with wrong coordinates",
         sprite_bad_deriv);
}

/* Line stipple: pattern 0x0f0f, factor 2: bit (s / 2) % 16, so s 0-7
 * drawn, 8-15 not: pixels 0..7 of the line (0.5,0.5)-(16.5,0.5) drawn,
 * 8..15 not. */
/*
 * Antialiased lines (GL 2.1 section 3.4.2): the fragments are the pixels
 * the w x L rectangle touches, alpha multiplied by the covered share of
 * each pixel.  A width-1 line from (2, 5) to (12, 5) covers y 4.5..5.5:
 * half of rows 4 and 5 for x 2..11, nothing else; opaque white comes out
 * with alpha 0.5 (B8G8R8A8: 127 or 128).
 */
static void
test_smooth_line(void)
{
   struct nvsim_raster_state st;
   setup(&st);
   st.line_smooth = true;
   struct nvsim_raster_vertex a = vtx(2.0f, 5.0f, 0), b = vtx(12.0f, 5.0f, 0);
   nvsim_raster_line(&st, &a, &b, 1.0f, 1);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = (y == 4 || y == 5) && x >= 2 && x < 12;
         CHECK(hits[y * W + x] == (in ? 1u : 0u), "smooth line (%d,%d): %u hits",
               x, y, hits[y * W + x]);
         unsigned alpha = color_buf[y * W + x] >> 24;
         if (in)
            CHECK(alpha == 127 || alpha == 128, "smooth line (%d,%d): alpha %u",
                  x, y, alpha);
      }
   CHECK(!st.coverage_active, "coverage left active after the line");
}

static void
test_line_stipple(void)
{
   struct nvsim_raster_state st;
   setup(&st);
   st.line_stipple = true;
   st.line_stipple_pattern = 0x0f0f;
   st.line_stipple_factor = 2;
   struct nvsim_raster_vertex a = vtx(0.5f, 0.5f, 0), b = vtx(16.5f, 0.5f, 0);
   nvsim_raster_line(&st, &a, &b, 1.0f, 1);
   for (int x = 0; x < W; x++)
      CHECK(hits[x] == (x < 8 ? 1u : 0u), "stipple pixel %d: %u", x, hits[x]);
}

/* Degenerate and absurd input: nothing drawn, no crash. */
static void
test_bad_input(void)
{
   struct nvsim_raster_state st;
   setup(&st);
   tri(&st, vtx(1, 1, 0), vtx(2, 2, 0), vtx(3, 3, 0));
   tri(&st, vtx(NAN, 1, 0), vtx(2, 2, 0), vtx(3, 9, 0));
   tri(&st, vtx(1e30f, 1, 0), vtx(2, 2, 0), vtx(3, 9, 0));
   unsigned n = 0;
   for (int i = 0; i < W * H; i++)
      n += hits[i];
   CHECK(n == 0, "degenerate triangles drew %u pixels", n);
}

/*
 * A varying equal at the three vertices is that constant at every sample
 * (GL 2.1 section 3.5.1: the value is a weighted mean of the vertex values
 * with weights summing to 1; piglit's varying-packing tests compare the
 * result with ==).  Vertices off the pixel grid and with different 1/w
 * (perspective correction), both in the per-pixel and the 2x2 quad scan.
 */
static unsigned const_bad;
static float const_bad_val;
static bool
const_shade(void *ctx, struct nvsim_raster_frag *f)
{
   (void)ctx;
   for (unsigned c = 0; c < 4; c++)
      if (f->in[1][c] != 30.0f) {
         const_bad++;
         const_bad_val = f->in[1][c];
      }
   return count_shade(ctx, f);
}

static void
const_quad(void *ctx, struct nvsim_raster_quad *q)
{
   (void)ctx;
   for (unsigned i = 0; i < 4; i++) {
      if (!(q->mask & (1u << i)))
         continue;
      hits[(q->y + (i >> 1)) * W + q->x + (i & 1)]++;
      for (unsigned c = 0; c < 4; c++)
         if (q->in[i][1][c] != 30.0f) {
            const_bad++;
            const_bad_val = q->in[i][1][c];
         }
   }
}

static void
test_constant_varying(void)
{
   static const float pos[4][3][3] = {
      /* x, y, 1/w */
      { { 0.3f, 0.7f, 1.0f }, { 15.1f, 2.9f, 0.25f }, { 4.6f, 15.7f, 0.7f } },
      { { 15.9f, 15.3f, 0.1f }, { 0.2f, 9.4f, 1.0f }, { 11.3f, 0.1f, 0.33f } },
      { { 0.0f, 0.0f, 1.0f }, { 16.0f, 0.0f, 1.0f }, { 0.0f, 16.0f, 1.0f } },
      { { 1.1f, 14.9f, 0.9f }, { 14.7f, 13.3f, 0.6f }, { 7.7f, 0.3f, 0.2f } },
   };
   for (int quad = 0; quad < 2; quad++) {
      struct nvsim_raster_state st;
      setup(&st);
      if (quad)
         st.shade_quad = const_quad;
      else
         st.shade = const_shade;
      const_bad = 0;
      for (unsigned t = 0; t < 4; t++) {
         struct nvsim_raster_vertex v[3];
         for (unsigned k = 0; k < 3; k++) {
            v[k] = vtx(pos[t][k][0], pos[t][k][1], 0.5f);
            v[k].w_inv = pos[t][k][2];
            for (unsigned c = 0; c < 4; c++)
               v[k].attr[1][c] = 30.0f;
         }
         tri(&st, v[0], v[1], v[2]);
      }
      unsigned n = 0;
      for (int i = 0; i < W * H; i++)
         n += hits[i];
      CHECK(n > 100, "quad %d: only %u fragments", quad, n);
      CHECK(const_bad == 0, "quad %d: %u components not 30.0 (e.g. %.9g)",
            quad, const_bad, const_bad_val);
   }
}

/*
 * A flat polygon at z = 0.75 writes round(0.75 * (2^24 - 1)) =
 * round(12582911.25) = 12582911 = 0xbfffff into Z24 at every pixel, and
 * round(0.75 * 65535) = round(49151.25) = 49151 = 0xbfff into Z16 (GL 2.1
 * section 2.11.1, fixed-point depth conversion), so that GL_EQUAL against
 * a clear to 0.75 passes everywhere (piglit depthstencil-default_fb-clear).
 */
static void
test_flat_depth_exact(void)
{
   /* the two halves of the buffer, then an off-grid triangle over them
    * (depth func ALWAYS: the last one's depth is kept) */
   static const float pos[3][3][2] = {
      { { 16.0f, 16.0f }, { 0.0f, 16.0f }, { 16.0f, 0.0f } },
      { { 0.0f, 0.0f }, { 16.0f, 0.0f }, { 0.0f, 16.0f } },
      { { 0.3f, 0.7f }, { 15.1f, 2.9f }, { 4.6f, 15.7f } },
   };
   for (int z16 = 0; z16 < 2; z16++) {
      for (int quad = 0; quad < 2; quad++) {
         struct nvsim_raster_state st;
         setup(&st);
         if (quad)
            st.shade_quad = count_quad;
         st.attr_mask |= 1u << 2;
         st.zeta.map = (uint8_t *)zeta_buf;
         st.zeta.pitch = z16 ? W * 2 : W * 4;
         st.zeta.format = z16 ? NVSIM_RASTER_FMT_Z16 : NVSIM_RASTER_FMT_Z24S8;
         st.depth_test = true;
         st.depth_write = true;
         st.depth_func = NVSIM_RASTER_ALWAYS;
         for (unsigned t = 0; t < 3; t++) {
            float w_inv[3] = { 1.0f, 0.3f, 0.55f };
            struct nvsim_raster_vertex v[3];
            for (unsigned k = 0; k < 3; k++) {
               v[k] = vtx(pos[t][k][0], pos[t][k][1], 0.75f);
               v[k].w_inv = w_inv[k];
            }
            tri(&st, v[0], v[1], v[2]);
         }
         unsigned bad = 0, n = 0;
         uint32_t seen = 0;
         for (int i = 0; i < W * H; i++) {
            if (!hits[i])
               continue;
            n++;
            uint32_t d = z16 ? ((uint16_t *)zeta_buf)[i] : zeta_buf[i] >> 8;
            if (d != (z16 ? 0xbfffu : 0xbfffffu)) {
               bad++;
               seen = d;
            }
         }
         CHECK(n == W * H, "z16 %d quad %d: %u pixels drawn", z16, quad, n);
         CHECK(bad == 0, "z16 %d quad %d: %u pixels with depth %x", z16,
               quad, bad, seen);
      }
   }
}

int
main(void)
{
   test_top_left_shared_edge();
   test_fan_no_gaps();
   test_clip_rect();
   test_quads();
   test_perspective();
   test_depth_funcs();
   test_depth_bounds();
   test_depth_float();
   test_clear_mask();
   test_blend();
   test_stencil();
   test_alpha();
   test_lines_points();
   test_points_lines_on_grid();
   test_swizzled();
   test_sprite();
   test_sprite_quads();
   test_line_stipple();
   test_smooth_line();
   test_bad_input();
   test_constant_varying();
   test_flat_depth_exact();
   if (failures)
      printf("%d failures\n", failures);
   else
      printf("all raster tests passed\n");
   return failures ? 1 : 0;
}
