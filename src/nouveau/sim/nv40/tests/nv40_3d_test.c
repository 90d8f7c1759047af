/*
 * The curie 3D class through nvsim's public interface: pushbuffers built
 * here, pixels read back from the buffers.  Expected values come from the
 * method semantics (rnndb, the nv30 driver's usage) and hand computation,
 * written next to each check.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nvisa_nv40_fp.h"
#include "nvisa_nv40_vp.h"
#include "nvsim_test.h"

#define H3D 0xbeef3097
#define SUBC 1
#define W 16
#define H 16
#define PITCH (W * 4)

struct fx3d {
   struct nvt_fx fx;
   struct nvsim_bo *color, *zeta, *vtx, *fp;
   uint32_t *cmap, *zmap;
   uint8_t *vmap;
   uint32_t *fpmap;
};

static void
m(struct fx3d *t, uint32_t mthd, uint32_t data)
{
   nvt_out(&t->fx.push, nvt_inc(SUBC, mthd, 1));
   nvt_out(&t->fx.push, data);
}

static void
mf(struct fx3d *t, uint32_t mthd, float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   m(t, mthd, u);
}

/* Submits and waits; returns false if the channel died. */
static bool
run(struct fx3d *t)
{
   struct nvsim_bo *bos[] = { t->color, t->zeta, t->vtx, t->fp };
   int64_t seq = nvt_fx_submit(&t->fx, bos, 4);
   if (seq > 0)
      nvsim_wait_seq(t->fx.dev, seq);
   return seq > 0 && !nvsim_channel_error(t->fx.chan);
}

/* A 16x16 A8R8G8B8 + Z24S8 render target in VRAM, viewport = the
 * target, scissor off (upstream's 0x10000000: x 0, w 4096). */
static bool
setup(struct fx3d *t)
{
   memset(t, 0, sizeof(*t));
   if (!nvt_fx_init(&t->fx, 0x40))
      return false;
   CHECK_EQ(nvsim_object_create(t->fx.chan, H3D, NV40_3D_CLASS), 0);
   struct nvsim_device *dev = t->fx.dev;
   t->color = nvsim_bo_create(dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   t->zeta = nvsim_bo_create(dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   t->vtx = nvsim_bo_create(dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   t->fp = nvsim_bo_create(dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   CHECK(t->color && t->zeta && t->vtx && t->fp);
   if (!t->color || !t->zeta || !t->vtx || !t->fp)
      return false;
   t->cmap = nvsim_bo_map(t->color);
   t->zmap = nvsim_bo_map(t->zeta);
   t->vmap = nvsim_bo_map(t->vtx);
   t->fpmap = nvsim_bo_map(t->fp);
   memset(t->cmap, 0, 4096);
   memset(t->zmap, 0, 4096);

   uint32_t vram = t->fx.info.vram_ctxdma;
   nvt_out(&t->fx.push, nvt_inc(SUBC, 0, 1));
   nvt_out(&t->fx.push, H3D);
   m(t, NV30_3D_DMA_COLOR0, vram);
   m(t, NV30_3D_DMA_ZETA, vram);
   m(t, NV30_3D_DMA_VTXBUF0, vram);
   m(t, NV30_3D_DMA_TEXTURE0, vram);
   m(t, NV30_3D_RT_HORIZ, W << 16);
   m(t, NV30_3D_RT_VERT, H << 16);
   m(t, NV30_3D_RT_FORMAT, NV30_3D_RT_FORMAT_TYPE_LINEAR |
                           NV30_3D_RT_FORMAT_COLOR_A8R8G8B8 |
                           NV30_3D_RT_FORMAT_ZETA_Z24S8);
   m(t, NV40_3D_COLOR0_PITCH, PITCH);
   m(t, NV30_3D_COLOR0_OFFSET, (uint32_t)nvsim_bo_offset(t->color));
   m(t, NV40_3D_ZETA_PITCH, PITCH);
   m(t, NV30_3D_ZETA_OFFSET, (uint32_t)nvsim_bo_offset(t->zeta));
   m(t, NV30_3D_RT_ENABLE, NV30_3D_RT_ENABLE_COLOR0);
   m(t, NV30_3D_SCISSOR_HORIZ, 0x10000000);
   m(t, NV30_3D_SCISSOR_VERT, 0x10000000);
   /* the viewport rectangle, as drivers send it with every viewport */
   m(t, NV30_3D_VIEWPORT_HORIZ, W << 16);
   m(t, NV30_3D_VIEWPORT_VERT, H << 16);
   m(t, NV30_3D_VIEWPORT_CLIP_HORIZ(0), (W - 1) << 16);
   m(t, NV30_3D_VIEWPORT_CLIP_VERT(0), (H - 1) << 16);
   m(t, NV30_3D_COLOR_MASK, 0x01010101);
   return true;
}

static void
teardown(struct fx3d *t)
{
   nvsim_bo_destroy(t->color);
   nvsim_bo_destroy(t->zeta);
   nvsim_bo_destroy(t->vtx);
   nvsim_bo_destroy(t->fp);
   nvt_fx_fini(&t->fx);
}

/* ---- clears ---- */

static void
test_clear(void)
{
   struct fx3d t;
   if (!setup(&t))
      return;
   /* whole target to 0x11223344 (A8R8G8B8: A=11 R=22 G=33 B=44) */
   m(&t, NV30_3D_CLEAR_COLOR_VALUE, 0x11223344);
   m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_COLOR_R |
                                NV30_3D_CLEAR_BUFFERS_COLOR_G |
                                NV30_3D_CLEAR_BUFFERS_COLOR_B |
                                NV30_3D_CLEAR_BUFFERS_COLOR_A);
   /* then G only, to 0xffffffff, in the scissor x 2..4, y 1..2 */
   m(&t, NV30_3D_SCISSOR_HORIZ, (3 << 16) | 2);
   m(&t, NV30_3D_SCISSOR_VERT, (2 << 16) | 1);
   m(&t, NV30_3D_CLEAR_COLOR_VALUE, 0xffffffff);
   m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_COLOR_G);
   /* depth 0.5 (0x800000) and stencil 0x5a, whole target */
   m(&t, NV30_3D_SCISSOR_HORIZ, 0x10000000);
   m(&t, NV30_3D_SCISSOR_VERT, 0x10000000);
   m(&t, NV30_3D_STENCIL_MASK(0), 0xff);
   m(&t, NV30_3D_CLEAR_DEPTH_VALUE, 0x8000005a);
   m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_DEPTH |
                                NV30_3D_CLEAR_BUFFERS_STENCIL);
   CHECK(run(&t));
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = x >= 2 && x <= 4 && y >= 1 && y <= 2;
         CHECK_EQ(t.cmap[y * W + x], in ? 0x1122ff44u : 0x11223344u);
         CHECK_EQ(t.zmap[y * W + x], 0x8000005au);
      }
   /* nothing written past the 16 rows of the target */
   CHECK_EQ(t.cmap[W * H], 0);
   teardown(&t);
}

/* A swizzled 16x16 target (RT_FORMAT TYPE SWIZZLED, LOG2 4 x 4): one
 * square of 4 bits per side.  Pixel (5,3): x 0b0101 -> Morton 0b00010001
 * (17), y 0b0011 -> 0b0101 << 1 (10): index 27. */
static void
test_clear_swizzled(void)
{
   struct fx3d t;
   if (!setup(&t))
      return;
   m(&t, NV30_3D_RT_FORMAT, NV30_3D_RT_FORMAT_TYPE_SWIZZLED |
                           NV30_3D_RT_FORMAT_COLOR_A8R8G8B8 |
                           NV30_3D_RT_FORMAT_ZETA_Z24S8 |
                           (4 << NV30_3D_RT_FORMAT_LOG2_WIDTH__SHIFT) |
                           (4 << NV30_3D_RT_FORMAT_LOG2_HEIGHT__SHIFT));
   m(&t, NV30_3D_SCISSOR_HORIZ, (1 << 16) | 5);
   m(&t, NV30_3D_SCISSOR_VERT, (1 << 16) | 3);
   m(&t, NV30_3D_CLEAR_COLOR_VALUE, 0xdeadbeef);
   m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_COLOR_R |
                                NV30_3D_CLEAR_BUFFERS_COLOR_G |
                                NV30_3D_CLEAR_BUFFERS_COLOR_B |
                                NV30_3D_CLEAR_BUFFERS_COLOR_A);
   CHECK(run(&t));
   for (int i = 0; i < W * H; i++)
      CHECK_EQ(t.cmap[i], i == 27 ? 0xdeadbeefu : 0);
   teardown(&t);
}

/* A surface that does not fit its buffer traps, naming it. */
static void
test_surface_overrun(void)
{
   struct fx3d t;
   if (!setup(&t))
      return;
   /* 16 rows of 64 bytes start 4096 - 512 bytes into a 4 KiB buffer
    * that is followed by nothing else: DMA object is all of VRAM, so
    * pick an offset past the end of VRAM instead */
   m(&t, NV30_3D_COLOR0_OFFSET, 0xfffff000u);
   m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_COLOR_R);
   CHECK(!run(&t));
   CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "colour 0");
   teardown(&t);
}

/*
 * A surface is addressed inside the DMA object that its DMA_COLORn /
 * DMA_ZETA method names (rnndb nv30-40_3d.xml): a target in GART is
 * drawn through the channel's GART object, and a surface that ends past
 * a smaller DMA object traps even though memory follows.
 */
static void
test_surface_dma(void)
{
   struct fx3d t;
   if (!setup(&t))
      return;
   struct nvsim_bo *gart = nvsim_bo_create(t.fx.dev, 4096, NVSIM_DOMAIN_GART,
                                           NULL);
   CHECK(gart != NULL);
   if (!gart) {
      teardown(&t);
      return;
   }
   uint32_t *gmap = nvsim_bo_map(gart);
   memset(gmap, 0, 4096);
   const uint32_t rgba = NV30_3D_CLEAR_BUFFERS_COLOR_R |
                         NV30_3D_CLEAR_BUFFERS_COLOR_G |
                         NV30_3D_CLEAR_BUFFERS_COLOR_B |
                         NV30_3D_CLEAR_BUFFERS_COLOR_A;
   m(&t, NV30_3D_DMA_COLOR0, t.fx.info.gart_ctxdma);
   m(&t, NV30_3D_COLOR0_OFFSET, (uint32_t)nvsim_bo_offset(gart));
   m(&t, NV30_3D_CLEAR_COLOR_VALUE, 0x12345678);
   m(&t, NV30_3D_CLEAR_BUFFERS, rgba);
   struct nvsim_bo *bos[] = { t.color, t.zeta, gart };
   int64_t seq = nvt_fx_submit(&t.fx, bos, 3);
   CHECK(seq > 0);
   if (seq > 0)
      nvsim_wait_seq(t.fx.dev, seq);
   CHECK(nvsim_channel_error(t.fx.chan) == NULL);
   /* all 16 rows of 16 pixels (pitch = W * 4) in the GART buffer, none
    * in the VRAM one */
   unsigned in_gart = 0, in_vram = 0;
   for (int i = 0; i < W * H; i++) {
      in_gart += gmap[i] == 0x12345678;
      in_vram += t.cmap[i] != 0;
   }
   CHECK_EQ(in_gart, W * H);
   CHECK_EQ(in_vram, 0);

   /* a DMA object over the first 512 bytes of the colour buffer: the
    * 16x16 surface needs 15 * 64 + 64 = 1024 */
   CHECK_EQ(nvsim_dma_create(t.fx.chan, 0xd0c0, NV3_DMA_IN_MEMORY_CLASS,
                             NVSIM_DOMAIN_VRAM, nvsim_bo_offset(t.color), 512),
            0);
   m(&t, NV30_3D_DMA_COLOR0, 0xd0c0);
   m(&t, NV30_3D_COLOR0_OFFSET, 0);
   m(&t, NV30_3D_CLEAR_BUFFERS, rgba);
   CHECK(!run(&t));
   CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "colour 0");
   nvsim_bo_destroy(gart);
   teardown(&t);
}

/* The same for the zeta buffer, on a depth clear. */
static void
test_zeta_dma(void)
{
   struct fx3d t;
   if (!setup(&t))
      return;
   CHECK_EQ(nvsim_dma_create(t.fx.chan, 0xd0c1, NV3_DMA_IN_MEMORY_CLASS,
                             NVSIM_DOMAIN_VRAM, nvsim_bo_offset(t.zeta), 512),
            0);
   m(&t, NV30_3D_DMA_ZETA, 0xd0c1);
   m(&t, NV30_3D_ZETA_OFFSET, 0);
   m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_DEPTH);
   CHECK(!run(&t));
   CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "zeta");
   teardown(&t);
}

/* A method of rankine's fixed-function pipe is illegal on curie. */
static void
test_illegal_method(void)
{
   struct fx3d t;
   if (!setup(&t))
      return;
   m(&t, NV30_3D_MODELVIEW_MATRIX(0), 0);
   CHECK(!run(&t));
   CHECK(nvsim_channel_error(t.fx.chan) != NULL);
   teardown(&t);
}

/* ---- drawing ---- */

/* VP: MOV o[HPOS], v[0]; MOV o[COL0], v[3] (last). */
static void
upload_vp(struct fx3d *t)
{
   struct nvisa_nv40_vp_insn insn;
   uint32_t w[4];
   m(t, NV30_3D_VP_UPLOAD_FROM_ID, 0);
   for (unsigned i = 0; i < 2; i++) {
      nvisa_nv40_vp_insn_init(&insn);
      insn.vec_op = NVISA_NV40_VP_VEC_OP_MOV;
      insn.vec_mask = NVISA_MASK_XYZW;
      insn.out = i ? NVISA_NV40_VP_OUT_COL0 : NVISA_NV40_VP_OUT_HPOS;
      insn.out_is_vec = true;
      insn.src[0].file = NVISA_FILE_INPUT;
      insn.input = i ? 3 : 0;
      insn.last = i == 1;
      CHECK_EQ(nvisa_nv40_vp_encode(&insn, w), 0);
      for (unsigned k = 0; k < 4; k++)
         m(t, NV30_3D_VP_UPLOAD_INST(k), w[k]);
   }
   m(t, NV30_3D_VP_START_FROM_ID, 0);
}

/* FP: MOVR R0, f[COL0]; END, at offset 0 of the fp buffer. */
static void
upload_fp(struct fx3d *t)
{
   struct nvisa_nv40_fp_insn insn;
   nvisa_nv40_fp_insn_init(&insn);
   insn.op = NVISA_NV40_FP_OP_MOV;
   insn.out_reg = 0;
   insn.mask = NVISA_MASK_XYZW;
   insn.src[0].file = NVISA_FILE_INPUT;
   insn.input = NVISA_NV40_FP_INPUT_COL0;
   insn.end = true;
   CHECK_EQ(nvisa_nv40_fp_encode(&insn, t->fpmap), 0);
   m(t, NV30_3D_FP_ACTIVE_PROGRAM,
     (uint32_t)nvsim_bo_offset(t->fp) | NV30_3D_FP_ACTIVE_PROGRAM_DMA0);
   m(t, NV30_3D_FP_CONTROL, 2u << NV40_3D_FP_CONTROL_TEMP_COUNT__SHIFT);
}

/* Viewport: window = ndc * 8 + 8 (x, y), depth = ndc * 0.5 + 0.5. */
static void
viewport(struct fx3d *t)
{
   mf(t, NV30_3D_VIEWPORT_TRANSLATE_X, 8.0f);
   mf(t, NV30_3D_VIEWPORT_TRANSLATE_Y, 8.0f);
   mf(t, NV30_3D_VIEWPORT_TRANSLATE_Z, 0.5f);
   mf(t, NV30_3D_VIEWPORT_SCALE_X, 8.0f);
   mf(t, NV30_3D_VIEWPORT_SCALE_Y, 8.0f);
   mf(t, NV30_3D_VIEWPORT_SCALE_Z, 0.5f);
   mf(t, NV30_3D_DEPTH_RANGE_NEAR, 0.0f);
   mf(t, NV30_3D_DEPTH_RANGE_FAR, 1.0f);
}

/* Vertex i: position (attribute 0, 4 floats) and colour (attribute 3,
 * 4 floats), 32-byte stride. */
static void
put_vertex(struct fx3d *t, unsigned i, float wx, float wy, float z,
           const float col[4])
{
   float v[8] = { (wx - 8.0f) / 8.0f, (wy - 8.0f) / 8.0f, z, 1.0f,
                  col[0], col[1], col[2], col[3] };
   memcpy(t->vmap + 32 * i, v, sizeof(v));
}

static void
vertex_arrays(struct fx3d *t)
{
   uint32_t base = (uint32_t)nvsim_bo_offset(t->vtx);
   for (unsigned a = 0; a < 16; a++)
      m(t, NV30_3D_VTXFMT(a), NV30_3D_VTXFMT_TYPE_V32_FLOAT);
   m(t, NV30_3D_VTXFMT(0), NV30_3D_VTXFMT_TYPE_V32_FLOAT |
                           (4 << NV30_3D_VTXFMT_SIZE__SHIFT) |
                           (32 << NV30_3D_VTXFMT_STRIDE__SHIFT));
   m(t, NV30_3D_VTXFMT(3), NV30_3D_VTXFMT_TYPE_V32_FLOAT |
                           (4 << NV30_3D_VTXFMT_SIZE__SHIFT) |
                           (32 << NV30_3D_VTXFMT_STRIDE__SHIFT));
   m(t, NV30_3D_VTXBUF(0), base);
   m(t, NV30_3D_VTXBUF(3), base + 16);
}

static const float red[4] = { 1, 0, 0, 1 };
static const float green[4] = { 0, 1, 0, 1 };

/*
 * The triangle (0.5,0.5) (3.5,0.5) (0.5,3.5) in window space: by the
 * top-left rule its pixels are (x, y) with x + y <= 2 (6 pixels; see the
 * raster test).  Red on A8R8G8B8 is 0xffff0000.
 */
static bool
expect_corner(struct fx3d *t, uint32_t inside, uint32_t outside)
{
   bool ok = true;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         uint32_t want = (x + y <= 2) ? inside : outside;
         if (t->cmap[y * W + x] != want) {
            fprintf(stderr, "pixel (%d,%d) = %08x, want %08x\n", x, y,
                    t->cmap[y * W + x], want);
            ok = false;
         }
      }
   return ok;
}

static bool
draw_setup(struct fx3d *t)
{
   if (!setup(t))
      return false;
   upload_vp(t);
   upload_fp(t);
   viewport(t);
   vertex_arrays(t);
   put_vertex(t, 0, 0.5f, 0.5f, 0.0f, red);
   put_vertex(t, 1, 3.5f, 0.5f, 0.0f, red);
   put_vertex(t, 2, 0.5f, 3.5f, 0.0f, red);
   return true;
}

static void
test_draw_arrays(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   /* 3 vertices from 0: count - 1 in the top byte */
   m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   bool ok = run(&t);
   CHECK(ok);
   if (!ok)
      fprintf(stderr, "%s\n", nvsim_channel_error(t.fx.chan));
   CHECK(expect_corner(&t, 0xffff0000, 0));
   teardown(&t);
}

/* The corner triangle again, in colour col, in its own submission. */
static bool
draw_corner(struct fx3d *t)
{
   m(t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   m(t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   return run(t);
}

static void
recolour_corner(struct fx3d *t, const float col[4])
{
   put_vertex(t, 0, 0.5f, 0.5f, 0.0f, col);
   put_vertex(t, 1, 3.5f, 0.5f, 0.0f, col);
   put_vertex(t, 2, 0.5f, 3.5f, 0.0f, col);
}

/*
 * The vertex cache keeps what the fetch read until VTX_CACHE_INVALIDATE
 * (or upstream's 0x1710): vertices rewritten in memory after a draw are
 * drawn as they were, in a later submission too, until then.  The three
 * vertices are 32 bytes each at the start of a page: three whole lines.
 */
static void
test_vertex_cache(void)
{
   static const float blue[4] = { 0, 0, 1, 1 };
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   CHECK(draw_corner(&t));
   CHECK(expect_corner(&t, 0xffff0000, 0));
   recolour_corner(&t, green);
   CHECK(draw_corner(&t));
   CHECK(expect_corner(&t, 0xffff0000, 0));   /* stale: still red */
   m(&t, NV40_3D_VTX_CACHE_INVALIDATE, 0);
   CHECK(draw_corner(&t));
   CHECK(expect_corner(&t, 0xff00ff00, 0));   /* green */
   recolour_corner(&t, blue);
   m(&t, NV30_3D_UNK1710, 0);
   CHECK(draw_corner(&t));
   CHECK(expect_corner(&t, 0xff0000ff, 0));   /* blue */
   /* indexed fetches go through the same cache */
   recolour_corner(&t, red);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(&t, NV30_3D_VB_ELEMENT_U16, (1u << 16) | 0);
   m(&t, NV30_3D_VB_ELEMENT_U32, 2);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   CHECK(expect_corner(&t, 0xff0000ff, 0));   /* stale: still blue */
   teardown(&t);
}

/*
 * Regression (upstream on nvsim, gl-1.0-drawbuffer-modes): with
 * glDrawBuffer(GL_NONE) and no depth buffer upstream's nv30_validate_fb
 * sends RT_ENABLE 0 and an RT_FORMAT without TYPE (nr_cbufs 0, no zsbuf).
 * No surface is touched, so the draw must not trap, and it writes
 * nothing.
 */
static void
test_draw_no_target(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   m(&t, NV30_3D_RT_ENABLE, 0);
   m(&t, NV30_3D_RT_FORMAT, NV30_3D_RT_FORMAT_COLOR_A8R8G8B8 |
                            NV30_3D_RT_FORMAT_ZETA_Z24S8);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   bool ok = run(&t);
   CHECK(ok);
   if (!ok)
      fprintf(stderr, "%s\n", nvsim_channel_error(t.fx.chan));
   /* the colour buffer keeps its zeros */
   CHECK(expect_corner(&t, 0, 0));
   teardown(&t);
}

/*
 * Regression (upstream on nvsim, gl-1.0-textured-triangle): immediate mode.
 * Between VERTEX_BEGIN_END begin and STOP, completing attribute 0 with a
 * VTX_ATTR_* method emits a vertex of the current attribute values
 * (NV_vertex_program 2.14.1: execution "is provoked by updating vertex
 * attribute zero"; upstream's nv30_transfer_rect_blit draws so).  The
 * corner triangle, colour (attribute 3) written before each position:
 * the same 6 red pixels as from arrays.
 */
static void
test_immediate_vertices(void)
{
   struct fx3d t;
   if (!setup(&t))
      return;
   upload_vp(&t);
   upload_fp(&t);
   viewport(&t);
   /* window (0.5,0.5) (3.5,0.5) (0.5,3.5) = ndc (w - 8) / 8 */
   static const float pos[3][2] = {
      { -7.5f / 8, -7.5f / 8 }, { -4.5f / 8, -7.5f / 8 }, { -7.5f / 8, -4.5f / 8 },
   };
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   for (unsigned i = 0; i < 3; i++) {
      for (unsigned c = 0; c < 4; c++)
         mf(&t, NV30_3D_VTX_ATTR_4F_X(3) + 4 * c, red[c]);
      mf(&t, NV30_3D_VTX_ATTR_4F_X(0), pos[i][0]);
      mf(&t, NV30_3D_VTX_ATTR_4F_Y(0), pos[i][1]);
      mf(&t, NV30_3D_VTX_ATTR_4F_Z(0), 0.0f);
      mf(&t, NV30_3D_VTX_ATTR_4F_W(0), 1.0f);
   }
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   bool ok = run(&t);
   CHECK(ok);
   if (!ok)
      fprintf(stderr, "%s\n", nvsim_channel_error(t.fx.chan));
   CHECK(expect_corner(&t, 0xffff0000, 0));
   teardown(&t);
}

/*
 * Regression (upstream on nvsim, fbo-drawbuffers): with two colour buffers
 * enabled and RT_ENABLE's MRT bit clear, colour output 0 goes to both
 * (upstream clears MRT exactly when gl_FragColor is to be broadcast:
 * nvfx_fragprog.c COLOR0_WRITES_ALL_CBUFS, nv30_state_validate.c).  The
 * program writes R0 only; buffer 1 (in the zeta buffer's memory) gets the
 * same red corner.  With MRT set, buffer 1 takes result H4, which the
 * program leaves 0: the corner is 0x00000000 there.
 */
static void
test_color0_broadcast(void)
{
   for (int mrt = 0; mrt < 2; mrt++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      memset(t.zmap, 0x55, 4096);
      m(&t, NV30_3D_DMA_COLOR1, t.fx.info.vram_ctxdma);
      m(&t, NV30_3D_COLOR1_OFFSET, (uint32_t)nvsim_bo_offset(t.zeta));
      m(&t, NV30_3D_COLOR1_PITCH, PITCH);
      /* buffer 1 writes all channels (MRT_COLOR_MASK BUFFER1_*) */
      m(&t, NV40_3D_MRT_COLOR_MASK, NV40_3D_MRT_COLOR_MASK_BUFFER1_A |
                                    NV40_3D_MRT_COLOR_MASK_BUFFER1_R |
                                    NV40_3D_MRT_COLOR_MASK_BUFFER1_G |
                                    NV40_3D_MRT_COLOR_MASK_BUFFER1_B);
      m(&t, NV30_3D_RT_ENABLE, NV30_3D_RT_ENABLE_COLOR0 |
                               NV30_3D_RT_ENABLE_COLOR1 |
                               (mrt ? NV30_3D_RT_ENABLE_MRT : 0));
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      bool ok = run(&t);
      CHECK(ok);
      if (!ok)
         fprintf(stderr, "%s\n", nvsim_channel_error(t.fx.chan));
      CHECK(expect_corner(&t, 0xffff0000, 0));
      /* buffer 1: the corner pixels (x + y <= 2), the rest untouched */
      CHECK_EQ(t.zmap[0], mrt ? 0x00000000u : 0xffff0000u);
      CHECK_EQ(t.zmap[W + 1], mrt ? 0x00000000u : 0xffff0000u);
      CHECK_EQ(t.zmap[3 * W + 3], 0x55555555u);
      teardown(&t);
   }
}

/* Inline indices 2, 1, 0 (U16 pair + U32): same pixels, other winding. */
static void
test_draw_elements(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(&t, NV30_3D_VB_ELEMENT_U16, (1u << 16) | 2);
   m(&t, NV30_3D_VB_ELEMENT_U32, 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   CHECK(expect_corner(&t, 0xffff0000, 0));
   teardown(&t);
}

/* Index buffer (VB_INDEX_BATCH over IDXBUF_OFFSET, U16): indices 0, 2, 1
 * at byte 256 of the vertex buffer object, plus base 0. */
static void
test_index_batch(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   uint16_t idx[3] = { 0, 2, 1 };
   memcpy(t.vmap + 256, idx, sizeof(idx));
   m(&t, NV30_3D_IDXBUF_OFFSET, (uint32_t)nvsim_bo_offset(t.vtx) + 256);
   m(&t, NV30_3D_IDXBUF_FORMAT, NV30_3D_IDXBUF_FORMAT_TYPE_U16);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(&t, NV30_3D_VB_INDEX_BATCH, (2u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   CHECK(expect_corner(&t, 0xffff0000, 0));
   teardown(&t);
}

/* Inline vertices (VERTEX_DATA): attribute 0 (4 floats) then attribute 3
 * (4 floats) per vertex, in attribute order. */
static void
test_vertex_data(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   nvt_out(&t.fx.push, nvt_ni(SUBC, NV30_3D_VERTEX_DATA, 24));
   for (unsigned i = 0; i < 3; i++)
      for (unsigned k = 0; k < 8; k++) {
         uint32_t u;
         memcpy(&u, t.vmap + 32 * i + 4 * k, 4);
         nvt_out(&t.fx.push, u);
      }
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   CHECK(expect_corner(&t, 0xffff0000, 0));
   teardown(&t);
}

/*
 * Flat shading takes the provoking vertex's colour: the last vertex by
 * default (GL 2.1 table 2.12), the first with FLATSHADE_FIRST.  Vertex 2
 * is green, the others red.
 */
static void
test_flat(void)
{
   for (int first = 0; first < 2; first++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      put_vertex(&t, 2, 0.5f, 3.5f, 0.0f, green);
      m(&t, NV30_3D_SHADE_MODEL, NV30_3D_SHADE_MODEL_FLAT);
      m(&t, NV30_3D_FLATSHADE_FIRST, first);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      CHECK(expect_corner(&t, first ? 0xffff0000 : 0xff00ff00, 0));
      teardown(&t);
   }
}

/*
 * A quad (QUADS, 4 vertices) covering window x 0..4, y 0..2: 8 pixels,
 * each once (two triangles sharing a diagonal); additive blending
 * (ONE, ONE) of 0.25 grey would show a pixel drawn twice as 0x80.
 */
static void
test_quad_blend(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   const float grey[4] = { 0.25f, 0.25f, 0.25f, 0.25f };
   put_vertex(&t, 0, 0.0f, 0.0f, 0.0f, grey);
   put_vertex(&t, 1, 4.0f, 0.0f, 0.0f, grey);
   put_vertex(&t, 2, 4.0f, 2.0f, 0.0f, grey);
   put_vertex(&t, 3, 0.0f, 2.0f, 0.0f, grey);
   m(&t, NV30_3D_BLEND_FUNC_ENABLE, 1);
   m(&t, NV30_3D_BLEND_FUNC_SRC, NV30_3D_BLEND_FUNC_SRC_RGB_ONE |
                                 NV30_3D_BLEND_FUNC_SRC_ALPHA_ONE);
   m(&t, NV30_3D_BLEND_FUNC_DST, NV30_3D_BLEND_FUNC_DST_RGB_ONE |
                                 NV30_3D_BLEND_FUNC_DST_ALPHA_ONE);
   m(&t, NV40_3D_BLEND_EQUATION, NV40_3D_BLEND_EQUATION_RGB_FUNC_ADD |
                                 NV40_3D_BLEND_EQUATION_ALPHA_FUNC_ADD);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_QUADS);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (3u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   /* 0.25 -> round(63.75) = 0x40 per channel */
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         CHECK_EQ(t.cmap[y * W + x], (x < 4 && y < 2) ? 0x40404040u : 0);
   teardown(&t);
}

/*
 * A triangle crossing w = 0: V0 (-1,-1,0,1), V1 (-1,1,0,1), V2 (2,0,0,-1).
 * Its points with w > 0, scaled to w = 1 (l0 + l1 = 1 + l2), are
 * x = -1 + l2, y = l1 - l0 with |y| <= 1 + l2 = x + 2: the NDC wedge
 * x >= -1, |y| <= x + 2, which contains the whole viewport (window
 * x = 8 ndc + 8 >= 0, |y| <= 1 <= x + 2).  So every pixel is drawn.
 * (Dividing V2 by its negative w instead would put it at window (-8,8)
 * and draw nothing.)
 */
static void
put_clip(struct fx3d *t, unsigned i, float x, float y, float z, float w,
         const float col[4])
{
   float v[8] = { x, y, z, w, col[0], col[1], col[2], col[3] };
   memcpy(t->vmap + 32 * i, v, sizeof(v));
}

static void
test_w_crossing(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   put_clip(&t, 0, -1, -1, 0, 1, red);
   put_clip(&t, 1, -1, 1, 0, 1, red);
   put_clip(&t, 2, 2, 0, 0, -1, red);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   unsigned drawn = 0;
   for (int i = 0; i < W * H; i++)
      drawn += t.cmap[i] == 0xffff0000;
   CHECK_EQ(drawn, W * H);
   teardown(&t);
}

/*
 * Near-plane clipping of a polygon that reaches behind the eye (Armagetron
 * Advanced's arena walls, which rise to z = 10000): GL 2.1 section 2.12
 * clips to -w <= z, so the wall ends where it meets the near plane, not
 * where w reaches 0.  A = (-0.5, -0.5, 0, 1) and B = (0.5, -0.5, 0, 1)
 * lie inside; C = (0, 20, -20, -20) is behind the eye.  z + w is 1 at A
 * and B and -40 at C, so both edges leave at t = 1/41, at
 * (x, 0, -20/41, 20/41): ndc y = 0, window row 8.  Rows 4-7 are drawn
 * (ndc y -0.5 to 0), rows 8 and up are not.
 */
static void
test_near_clip(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   put_clip(&t, 0, -0.5f, -0.5f, 0, 1, red);
   put_clip(&t, 1, 0.5f, -0.5f, 0, 1, red);
   put_clip(&t, 2, 0, 20, -20, -20, red);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   unsigned below = 0, above = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         if (t.cmap[y * W + x] == 0xffff0000)
         {
            if (y < 8)
               below++;
            else
               above++;
         }
   CHECK(below > 0);
   CHECK_EQ(above, 0);
   teardown(&t);
}

/*
 * Regression (Armagetron Advanced drew its arena walls above a 320x240
 * viewport in a 320x320 window): primitives end at the viewport
 * rectangle VIEWPORT_HORIZ/VERT, as GL's clip volume does, while a
 * clear is bounded by the scissor and the target only.  A triangle whose
 * window-space corners are (-8, -8), (40, -8), (-8, 40) covers the 16x16
 * target; with the viewport rectangle x 2..9, y 3..13 only those pixels
 * are drawn.  VIEWPORT_TX_ORIGIN then moves the window on the surface:
 * primitives, viewport rectangle and scissor with it (upstream's 1x1/2x2
 * level hack in nv30_validate_fb needs the scissor moved for its clears).
 */
static void
test_viewport_clip(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   put_vertex(&t, 0, -8.0f, -8.0f, 0.0f, red);
   put_vertex(&t, 1, 40.0f, -8.0f, 0.0f, red);
   put_vertex(&t, 2, -8.0f, 40.0f, 0.0f, red);
   m(&t, NV30_3D_VIEWPORT_HORIZ, (8u << 16) | 2);
   m(&t, NV30_3D_VIEWPORT_VERT, (11u << 16) | 3);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = x >= 2 && x < 10 && y >= 3 && y < 14;
         if (t.cmap[y * W + x] != (in ? 0xffff0000u : 0u)) {
            fprintf(stderr, "pixel (%d,%d) = %08x\n", x, y,
                    t.cmap[y * W + x]);
            CHECK(false);
            y = H;
            break;
         }
      }
   /* VIEWPORT_TX_ORIGIN (3, 1) moves the primitives and their viewport
    * rectangle alike: x 5..12, y 4..14 */
   memset(t.cmap, 0, W * H * 4);
   m(&t, NV30_3D_VIEWPORT_TX_ORIGIN, NV30_3D_VIEWPORT_TX_ORIGIN_X(3) |
                                     NV30_3D_VIEWPORT_TX_ORIGIN_Y(1));
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = x >= 5 && x < 13 && y >= 4 && y < 15;
         if (t.cmap[y * W + x] != (in ? 0xffff0000u : 0u)) {
            fprintf(stderr, "origin: pixel (%d,%d) = %08x\n", x, y,
                    t.cmap[y * W + x]);
            CHECK(false);
            y = H;
            break;
         }
      }
   /* A clear ignores the viewport rectangle; the scissor (window
    * coordinates) moves with the origin: the full scissor from (3, 1) to
    * the target's end, x 3..15, y 1..15; the rest keeps its pixels. */
   m(&t, NV30_3D_CLEAR_COLOR_VALUE, 0xff00ff00u);
   m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_COLOR_R |
                                NV30_3D_CLEAR_BUFFERS_COLOR_G |
                                NV30_3D_CLEAR_BUFFERS_COLOR_B |
                                NV30_3D_CLEAR_BUFFERS_COLOR_A);
   CHECK(run(&t));
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = x >= 5 && x < 13 && y >= 4 && y < 15;
         uint32_t want = x >= 3 && y >= 1 ? 0xff00ff00u :
                         in ? 0xffff0000u : 0u;
         if (t.cmap[y * W + x] != want) {
            fprintf(stderr, "origin clear: pixel (%d,%d) = %08x\n", x, y,
                    t.cmap[y * W + x]);
            CHECK(false);
            y = H;
            break;
         }
      }
   /* the same origin with a 2x2 scissor at (1, 0): pixels (4..5, 1..2) */
   memset(t.cmap, 0, W * H * 4);
   m(&t, NV30_3D_SCISSOR_HORIZ, (2u << 16) | 1);
   m(&t, NV30_3D_SCISSOR_VERT, (2u << 16) | 0);
   m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_COLOR_R |
                                NV30_3D_CLEAR_BUFFERS_COLOR_G |
                                NV30_3D_CLEAR_BUFFERS_COLOR_B |
                                NV30_3D_CLEAR_BUFFERS_COLOR_A);
   CHECK(run(&t));
   unsigned cleared = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = x >= 4 && x <= 5 && y >= 1 && y <= 2;
         cleared += t.cmap[y * W + x] == 0xff00ff00u;
         CHECK_EQ(t.cmap[y * W + x], in ? 0xff00ff00u : 0u);
      }
   CHECK_EQ(cleared, 4);
   teardown(&t);
}

/*
 * Quad strips split along the v1-v2 diagonal, as NVIDIA's hardware does
 * (xemu's NV2A primitive rewriter: "v1-v2 diagonal: matches hardware quad
 * strip tessellation").  The square (2,2) (2,14) (14,2) (14,14) as one
 * strip quad with v0 and v3 black, v1 and v2 white: the pixel at the
 * centre lies on the v1-v2 diagonal, so it is white there (it would be
 * black on the v0-v3 diagonal).
 */
static void
test_quad_strip_split(void)
{
   static const float white[4] = { 1, 1, 1, 1 }, black[4] = { 0, 0, 0, 1 };
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   put_vertex(&t, 0, 2.0f, 2.0f, 0.0f, black);
   put_vertex(&t, 1, 2.0f, 14.0f, 0.0f, white);
   put_vertex(&t, 2, 14.0f, 2.0f, 0.0f, white);
   put_vertex(&t, 3, 14.0f, 14.0f, 0.0f, black);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_QUAD_STRIP);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (3u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   uint32_t c = t.cmap[7 * W + 7];
   CHECK((c & 0xff) > 0xc0 && ((c >> 8) & 0xff) > 0xc0);
   teardown(&t);
}

/*
 * Polygon modes LINE and POINT draw the boundary edges (GL 2.1 sections
 * 2.6.2 and 3.5.4): not the diagonals quads and polygons are cut along,
 * not the edges begun by a vertex sent with EDGEFLAG clear, in
 * separate triangles, quads and polygons; every edge of a fan.  The
 * square v0 (2.5,2.5) v1 (12.5,2.5) v2 (12.5,12.5) v3 (2.5,12.5), each
 * vertex in its own VB_VERTEX_BATCH after EDGEFLAG.  Its sides, by the
 * line rule (centres on the major extent, start in, end out): v0-v1
 * row 2 x 2..11, v1-v2 column 12 y 2..11, v2-v3 row 12 x 3..12, v3-v0
 * column 2 y 3..12; probed at their middles (7,2) (12,7) (7,12) (2,7).
 * The v0-v2 diagonal passes through the centre of (7,7).  In POINT
 * mode the vertices that begin a boundary edge are drawn, each pixel
 * (2,2) (12,2) (12,12) (2,12) once.
 */
static void
test_polygon_mode_edges(void)
{
   static const struct {
      uint32_t prim, mode;
      unsigned hidden;          /* vertex sent with EDGEFLAG clear, or 4 */
      bool diagonal;
   } cases[] = {
      { NV30_3D_VERTEX_BEGIN_END_QUADS, NV30_3D_POLYGON_MODE_FRONT_LINE, 4, false },
      { NV30_3D_VERTEX_BEGIN_END_QUADS, NV30_3D_POLYGON_MODE_FRONT_LINE, 1, false },
      { NV30_3D_VERTEX_BEGIN_END_POLYGON, NV30_3D_POLYGON_MODE_FRONT_LINE, 4, false },
      { NV30_3D_VERTEX_BEGIN_END_POLYGON, NV30_3D_POLYGON_MODE_FRONT_LINE, 3, false },
      { NV30_3D_VERTEX_BEGIN_END_POLYGON, NV30_3D_POLYGON_MODE_FRONT_LINE, 0, false },
      /* a fan's edges are all boundary, edge flags or not */
      { NV30_3D_VERTEX_BEGIN_END_TRIANGLE_FAN, NV30_3D_POLYGON_MODE_FRONT_LINE, 3, true },
      { NV30_3D_VERTEX_BEGIN_END_QUADS, NV30_3D_POLYGON_MODE_FRONT_POINT, 1, false },
      { NV30_3D_VERTEX_BEGIN_END_POLYGON, NV30_3D_POLYGON_MODE_FRONT_POINT, 2, false },
   };
   static const float pos[4][2] = {
      { 2.5f, 2.5f }, { 12.5f, 2.5f }, { 12.5f, 12.5f }, { 2.5f, 12.5f },
   };
   /* side i begins at vertex i */
   static const int side[4][2] = { { 7, 2 }, { 12, 7 }, { 7, 12 }, { 2, 7 } };
   static const int corner[4][2] = { { 2, 2 }, { 12, 2 }, { 12, 12 }, { 2, 12 } };

   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      for (unsigned i = 0; i < 4; i++)
         put_vertex(&t, i, pos[i][0], pos[i][1], 0.0f, red);
      m(&t, NV30_3D_POLYGON_MODE_FRONT, cases[c].mode);
      m(&t, NV30_3D_POLYGON_MODE_BACK, cases[c].mode);
      m(&t, NV30_3D_VERTEX_BEGIN_END, cases[c].prim);
      for (unsigned i = 0; i < 4; i++) {
         m(&t, NV30_3D_EDGEFLAG,
           i == cases[c].hidden ? 0 : NV30_3D_EDGEFLAG_ENABLE);
         m(&t, NV30_3D_VB_VERTEX_BATCH, i);
      }
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      m(&t, NV30_3D_EDGEFLAG, NV30_3D_EDGEFLAG_ENABLE);
      CHECK(run(&t));
      bool fan = cases[c].prim == NV30_3D_VERTEX_BEGIN_END_TRIANGLE_FAN;
      for (unsigned i = 0; i < 4; i++) {
         bool drawn = fan || i != cases[c].hidden;
         const int *at = cases[c].mode == NV30_3D_POLYGON_MODE_FRONT_LINE ?
                         side[i] : corner[i];
         uint32_t got = t.cmap[at[1] * W + at[0]];
         if (got != (drawn ? 0xffff0000u : 0u)) {
            fprintf(stderr, "case %u: edge/vertex %u at (%d,%d) = %08x\n",
                    c, i, at[0], at[1], got);
            CHECK(false);
         }
      }
      CHECK_EQ(t.cmap[7 * W + 7], cases[c].diagonal ? 0xffff0000u : 0u);
      if (cases[c].mode == NV30_3D_POLYGON_MODE_FRONT_POINT) {
         unsigned n = 0;
         for (int k = 0; k < W * H; k++)
            n += t.cmap[k] != 0;
         CHECK_EQ(n, 3u);
      }
      teardown(&t);
   }
}

/*
 * Two-sided colour: the VP also writes BFC0 = c[0] (green).  The corner
 * triangle is a back face with FRONT_FACE CCW (see test_cull), so with
 * VERTEX_TWO_SIDE_ENABLE it takes BFC0; with FRONT_FACE CW it is a front
 * face and keeps COL0 (red).
 */
static void
test_two_side(void)
{
   for (int cw = 0; cw < 2; cw++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      struct nvisa_nv40_vp_insn insn;
      uint32_t w[4];
      /* slot 2: MOV o[BFC0], c[0] (last); clear LAST on slot 1 */
      m(&t, NV30_3D_VP_UPLOAD_FROM_ID, 1);
      nvisa_nv40_vp_insn_init(&insn);
      insn.vec_op = NVISA_NV40_VP_VEC_OP_MOV;
      insn.vec_mask = NVISA_MASK_XYZW;
      insn.out = NVISA_NV40_VP_OUT_COL0;
      insn.out_is_vec = true;
      insn.src[0].file = NVISA_FILE_INPUT;
      insn.input = 3;
      nvisa_nv40_vp_encode(&insn, w);
      for (unsigned k = 0; k < 4; k++)
         m(&t, NV30_3D_VP_UPLOAD_INST(k), w[k]);
      nvisa_nv40_vp_insn_init(&insn);
      insn.vec_op = NVISA_NV40_VP_VEC_OP_MOV;
      insn.vec_mask = NVISA_MASK_XYZW;
      insn.out = NVISA_NV40_VP_OUT_BFC0;
      insn.out_is_vec = true;
      insn.src[0].file = NVISA_FILE_CONST;
      insn.constant = 0;
      insn.last = true;
      CHECK_EQ(nvisa_nv40_vp_encode(&insn, w), 0);
      for (unsigned k = 0; k < 4; k++)
         m(&t, NV30_3D_VP_UPLOAD_INST(k), w[k]);
      m(&t, NV30_3D_VP_UPLOAD_CONST_ID, 0);
      mf(&t, NV30_3D_VP_UPLOAD_CONST_X(0), 0.0f);
      mf(&t, NV30_3D_VP_UPLOAD_CONST_X(0) + 4, 1.0f);
      mf(&t, NV30_3D_VP_UPLOAD_CONST_X(0) + 8, 0.0f);
      mf(&t, NV30_3D_VP_UPLOAD_CONST_X(0) + 12, 1.0f);
      m(&t, NV30_3D_VP_START_FROM_ID, 0);
      m(&t, NV30_3D_VERTEX_TWO_SIDE_ENABLE, 1);
      m(&t, NV30_3D_FRONT_FACE, cw ? NV30_3D_FRONT_FACE_CW : NV30_3D_FRONT_FACE_CCW);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      CHECK(expect_corner(&t, cw ? 0xffff0000 : 0xff00ff00, 0));
      teardown(&t);
   }
}

/*
 * Regression (Neverball's lit floor 1.6 times too bright): the primary
 * and secondary colours a vertex program writes are clamped to [0, 1]
 * before interpolation (NV_vertex_program2 section 2.14.1.5).  The VP
 * writes attribute 3, (2, -0.5, 0.4, 1), to COL0 (then COL1); the FP
 * computes MADR R0, f[COLn], 0.5, 0.25, so the clamp shows where the
 * colour buffer's own clamp would hide it.  Clamped (1, 0, 0.4, 1):
 * R0 = (0.75, 0.25, 0.45, 0.75), stored as round(v * 255):
 * A 191 = 0xbf, R 0xbf, G 63.75 -> 64 = 0x40, B 114.75 -> 115 = 0x73.
 * (Unclamped, red would be 1.25 -> 0xff and green 0 -> 0x00.)
 */
static void
test_vertex_color_clamp(void)
{
   static const float bright[4] = { 2.0f, -0.5f, 0.4f, 1.0f };
   for (unsigned n = 0; n < 2; n++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      recolour_corner(&t, bright);
      struct nvisa_nv40_vp_insn vi;
      uint32_t w[4];
      /* slot 1: MOV o[COLn], v[3] (last) */
      m(&t, NV30_3D_VP_UPLOAD_FROM_ID, 1);
      nvisa_nv40_vp_insn_init(&vi);
      vi.vec_op = NVISA_NV40_VP_VEC_OP_MOV;
      vi.vec_mask = NVISA_MASK_XYZW;
      vi.out = n ? NVISA_NV40_VP_OUT_COL1 : NVISA_NV40_VP_OUT_COL0;
      vi.out_is_vec = true;
      vi.src[0].file = NVISA_FILE_INPUT;
      vi.input = 3;
      vi.last = true;
      CHECK_EQ(nvisa_nv40_vp_encode(&vi, w), 0);
      for (unsigned k = 0; k < 4; k++)
         m(&t, NV30_3D_VP_UPLOAD_INST(k), w[k]);
      m(&t, NV30_3D_VP_START_FROM_ID, 0);
      m(&t, NV40_3D_VP_RESULT_EN, n ? NV40_3D_VP_RESULT_EN_COL1
                                    : NV40_3D_VP_RESULT_EN_COL0);

      /* MADR R0, f[COLn], {0.5}.xxxx, {0.25}.yyyy; END + its constant */
      struct nvisa_nv40_fp_insn fi;
      nvisa_nv40_fp_insn_init(&fi);
      fi.op = NVISA_NV40_FP_OP_MAD;
      fi.out_reg = 0;
      fi.mask = NVISA_MASK_XYZW;
      fi.src[0].file = NVISA_FILE_INPUT;
      fi.input = n ? NVISA_NV40_FP_INPUT_COL1 : NVISA_NV40_FP_INPUT_COL0;
      fi.src[1].file = NVISA_FILE_CONST;
      fi.src[2].file = NVISA_FILE_CONST;
      for (unsigned c = 0; c < 4; c++) {
         fi.src[1].swz[c] = 0;
         fi.src[2].swz[c] = 1;
      }
      fi.end = true;
      CHECK_EQ(nvisa_nv40_fp_encode(&fi, t.fpmap), 0);
      const float k[4] = { 0.5f, 0.25f, 0.0f, 0.0f };
      memcpy(t.fpmap + 4, k, sizeof(k));

      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      bool ok = run(&t);
      CHECK(ok);
      if (!ok)
         fprintf(stderr, "%s\n", nvsim_channel_error(t.fx.chan));
      CHECK(expect_corner(&t, 0xbfbf4073, 0));
      teardown(&t);
   }
}

/*
 * Texturing: a 4x2 swizzled A8R8G8B8 texture (squares of 1 bit per side,
 * two across: texel (x, y) at index (x >> 1) * 4 + Morton(x & 1, y & 1),
 * e.g. (2,0) at 4 where a linear layout has 2), nearest filtering, on a
 * quad over the whole 16x16 target with texture coordinates 0..1 taken
 * from attribute 3.  Pixel (px, py) samples at ((px + 0.5) / 16 * 4,
 * (py + 0.5) / 16 * 2): texel (px / 4, py / 8).
 */
static uint32_t
texel_value(unsigned x, unsigned y)
{
   return 0xff000000u | (x * 0x40u) << 16 | (y * 0x80u) << 8 | 0x11u;
}

/* Draws the full-target quad textured from unit 0 (texture at 1 KiB into
 * the fp buffer, nearest filtering, clamp to edge, identity swizzle). */
/* r texture coordinate of the textured quad */
static float tex_r;
/* when set, the quad's coordinates are cube directions (-1..1, -1..1, 1):
 * the +Z face, s = (x + 1) / 2, t = (1 - y) / 2 */
static bool tex_cube_dirs;
/* extra TEX_WRAP bits (RCOMP) and, when non-zero, the TEX_SWIZZLE word */
static uint32_t tex_wrap_extra, tex_swizzle;
/* the S wrap mode */
static uint32_t tex_wrap_s = NV30_3D_TEX_WRAP_S_CLAMP_TO_EDGE;

static bool
texture_draw_ex(struct fx3d *t, uint32_t format, unsigned w, unsigned h,
                unsigned levels, uint32_t filter, uint32_t enable,
                float size)
{
   struct nvisa_nv40_vp_insn vi;
   uint32_t wd[4];
   /* VP: MOV o[HPOS], v[0]; MOV o[TC0], v[3] */
   m(t, NV30_3D_VP_UPLOAD_FROM_ID, 1);
   nvisa_nv40_vp_insn_init(&vi);
   vi.vec_op = NVISA_NV40_VP_VEC_OP_MOV;
   vi.vec_mask = NVISA_MASK_XYZW;
   vi.out = NVISA_NV40_VP_OUT_TC0;
   vi.out_is_vec = true;
   vi.src[0].file = NVISA_FILE_INPUT;
   vi.input = 3;
   vi.last = true;
   nvisa_nv40_vp_encode(&vi, wd);
   for (unsigned k = 0; k < 4; k++)
      m(t, NV30_3D_VP_UPLOAD_INST(k), wd[k]);
   m(t, NV30_3D_VP_START_FROM_ID, 0);

   /* FP: TEX R0, f[TC0], TEX0; END */
   struct nvisa_nv40_fp_insn fi;
   nvisa_nv40_fp_insn_init(&fi);
   fi.op = NVISA_NV40_FP_OP_TEX;
   fi.out_reg = 0;
   fi.mask = NVISA_MASK_XYZW;
   fi.src[0].file = NVISA_FILE_INPUT;
   fi.input = NVISA_NV40_FP_INPUT_TC0;
   fi.tex_unit = 0;
   fi.end = true;
   CHECK_EQ(nvisa_nv40_fp_encode(&fi, t->fpmap), 0);
   m(t, NV30_3D_FP_ACTIVE_PROGRAM,
     (uint32_t)nvsim_bo_offset(t->fp) | NV30_3D_FP_ACTIVE_PROGRAM_DMA0);

   m(t, NV30_3D_TEX_OFFSET(0), (uint32_t)nvsim_bo_offset(t->fp) + 1024);
   m(t, NV30_3D_TEX_FORMAT(0), NV30_3D_TEX_FORMAT_DMA0 |
                               NV30_3D_TEX_FORMAT_NO_BORDER |
                               NV30_3D_TEX_FORMAT_DIMS_2D | format |
                               (levels << NV40_3D_TEX_FORMAT_MIPMAP_COUNT__SHIFT));
   m(t, NV30_3D_TEX_NPOT_SIZE(0), (w << 16) | h);
   m(t, NV30_3D_TEX_WRAP(0), tex_wrap_s |
                             NV30_3D_TEX_WRAP_T_CLAMP_TO_EDGE |
                             tex_wrap_extra);
   m(t, NV30_3D_TEX_FILTER(0), filter);
   /* identity: every output from the texel, R G B A from Z Y X W
    * (upstream's 0xaae4 for A8R8G8B8, nv30_transfer.c) */
   m(t, NV30_3D_TEX_SWIZZLE(0), NV30_3D_TEX_SWIZZLE_S0_X_S1 |
                                NV30_3D_TEX_SWIZZLE_S0_Y_S1 |
                                NV30_3D_TEX_SWIZZLE_S0_Z_S1 |
                                NV30_3D_TEX_SWIZZLE_S0_W_S1 |
                                NV30_3D_TEX_SWIZZLE_S1_X_X |
                                NV30_3D_TEX_SWIZZLE_S1_Y_Y |
                                NV30_3D_TEX_SWIZZLE_S1_Z_Z |
                                NV30_3D_TEX_SWIZZLE_S1_W_W);
   if (tex_swizzle)
      m(t, NV30_3D_TEX_SWIZZLE(0), tex_swizzle);
   m(t, NV30_3D_TEX_ENABLE(0), NV40_3D_TEX_ENABLE_ENABLE | enable);

   float tc[4][4] = { { 0, 0, tex_r, 1 }, { 1, 0, tex_r, 1 },
                      { 1, 1, tex_r, 1 }, { 0, 1, tex_r, 1 } };
   if (tex_cube_dirs) {
      for (unsigned i = 0; i < 4; i++) {
         tc[i][0] = 2.0f * tc[i][0] - 1.0f;
         tc[i][1] = 2.0f * tc[i][1] - 1.0f;
         tc[i][2] = 1.0f;
      }
   }
   put_vertex(t, 0, 0.0f, 0.0f, 0.0f, tc[0]);
   put_vertex(t, 1, size, 0.0f, 0.0f, tc[1]);
   put_vertex(t, 2, size, size, 0.0f, tc[2]);
   put_vertex(t, 3, 0.0f, size, 0.0f, tc[3]);
   m(t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_QUADS);
   m(t, NV30_3D_VB_VERTEX_BATCH, (3u << 24) | 0);
   m(t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   bool ok = run(t);
   if (!ok)
      fprintf(stderr, "%s\n", nvsim_channel_error(t->fx.chan));
   return ok;
}

static bool
texture_draw(struct fx3d *t, uint32_t format, unsigned w, unsigned h)
{
   return texture_draw_ex(t, format, w, h, 1, NV30_3D_TEX_FILTER_MIN_NEAREST |
                          NV30_3D_TEX_FILTER_MAG_NEAREST, 0, 16.0f);
}

/*
 * Mipmaps: a swizzled 4x4 A8R8G8B8 texture, level 0 red, level 1 (2x2,
 * packed right after: 64 bytes in) green.  Drawn over 16x16 pixels the
 * footprint is 4/16 texel per pixel: lambda = -2, magnification, red.
 * Drawn over 2x2 pixels it is 2 texels per pixel: lambda = 1, level 1
 * with NEAREST_MIPMAP_NEAREST and MAX_LOD 1 (1.0 in 1/256 at bit 7 of
 * TEX_ENABLE, nv30_fragtex.c): green.
 */
static void
test_mipmap(void)
{
   for (int small = 0; small < 2; small++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      uint32_t *tex = t.fpmap + 256;
      for (unsigned i = 0; i < 16; i++)
         tex[i] = 0xffff0000;
      for (unsigned i = 0; i < 4; i++)
         tex[16 + i] = 0xff00ff00;
      CHECK(texture_draw_ex(&t, NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 4, 4, 2,
                            NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_NEAREST |
                            NV30_3D_TEX_FILTER_MAG_NEAREST,
                            1u << (NV40_3D_TEX_ENABLE_MIPMAP_MAX_LOD__SHIFT),
                            small ? 2.0f : 16.0f));
      CHECK_EQ(t.cmap[0], small ? 0xff00ff00u : 0xffff0000u);
      CHECK_EQ(t.cmap[W + 1], small ? 0xff00ff00u : 0xffff0000u);
      teardown(&t);
   }
}

/*
 * Regression (upstream on nvsim, fbo-cubemap): the level of a cube map
 * comes from the derivatives of the face coordinates s = (sc / |ma| + 1)
 * / 2 (GL 2.1 section 3.8.6), not of the direction.  A 4x4 swizzled
 * cube, each face level 0 red and level 1 (2x2, 64 bytes in) green, faces
 * 128 bytes apart (80 bytes rounded up to 128, nv30_miptree.c).  The +Z
 * face drawn over 4x4 pixels with directions x, y in -1..1: s moves 1/4
 * per pixel, 1 texel of level 0: lambda 0, red.  (Differentiating the
 * direction, 2/4 per pixel, gives lambda 1: green.)
 */
static void
test_cube_lod(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   uint32_t *tex = t.fpmap + 256;
   for (unsigned f = 0; f < 6; f++) {
      for (unsigned i = 0; i < 16; i++)
         tex[f * 32 + i] = 0xffff0000;
      for (unsigned i = 0; i < 4; i++)
         tex[f * 32 + 16 + i] = 0xff00ff00;
   }
   tex_cube_dirs = true;
   CHECK(texture_draw_ex(&t, NV30_3D_TEX_FORMAT_CUBIC |
                         NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 4, 4, 2,
                         NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_NEAREST |
                         NV30_3D_TEX_FILTER_MAG_NEAREST,
                         1u << (NV40_3D_TEX_ENABLE_MIPMAP_MAX_LOD__SHIFT),
                         4.0f));
   tex_cube_dirs = false;
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++)
         CHECK_EQ(t.cmap[y * W + x], 0xffff0000u);
   teardown(&t);
}

/*
 * A swizzled 4x2x2 3D texture (TEX_SIZE1 DEPTH 2).  The swizzled index
 * interleaves x, y, z bits while each has some left (nv30_transfer.c
 * swizzle3d_ptr): x0 -> bit 0, y0 -> 1, z0 -> 2, then x1 -> 3; texel
 * (x, y, z) is at x0 + 2 y + 4 z + 8 x1 (a linear layout would put
 * (2,0,1) at 10, this one at 12).  r = 0.75 picks slice 1; pixel (px, py)
 * samples texel (px / 4, py / 8, 1).
 */
static uint32_t
texel3(unsigned x, unsigned y, unsigned z)
{
   return 0xff000000u | (x * 0x40u) << 16 | (y * 0x80u) << 8 | (z * 0xf0u);
}

static void
test_texture_3d(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   uint32_t *tex = t.fpmap + 256;
   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 2; y++)
         for (unsigned x = 0; x < 4; x++)
            tex[(x & 1) + 2 * y + 4 * z + 8 * (x >> 1)] = texel3(x, y, z);
   m(&t, NV40_3D_TEX_SIZE1(0), 2u << NV40_3D_TEX_SIZE1_DEPTH__SHIFT);
   tex_r = 0.75f;
   CHECK(texture_draw_ex(&t, NV30_3D_TEX_FORMAT_DIMS_3D |
                         NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 4, 2, 1,
                         NV30_3D_TEX_FILTER_MIN_NEAREST |
                         NV30_3D_TEX_FILTER_MAG_NEAREST, 0, 16.0f));
   tex_r = 0.0f;
   unsigned bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         bad += t.cmap[y * W + x] != texel3(x / 4, y / 8, 1);
   CHECK_EQ(bad, 0);
   teardown(&t);
}

/*
 * Regression (piglit glsl-fs-shadow2D*, tex-shadow1d): the depth compare.
 * A 1x1 Z24 texture of depth 0.5 (word round(0.5 * (2^24 - 1)) << 8 =
 * 0x800000 << 8); Z16/Z24 deliver depth in channel W (the driver's
 * swizzle reads W, nv30_format.c: "3, 3, 3"), and the compare replaces
 * it with 0 or 1 before TEX_SWIZZLE.  Outputs sit in slots R = Z, G = Y,
 * B = X, A = W; the target is A8R8G8B8 (0xAARRGGBB).
 * - LUMINANCE depth mode (R G B from W, A = ONE), LEQUAL: r = 0.25 <=
 *   0.5 passes: (1,1,1,1) = 0xffffffff; r = 0.75 fails: (0,0,0,1) =
 *   0xff000000 (GL 2.1 table 3.22: L = result, A = 1);
 * - ALPHA mode (R G B ZERO, A from W), LEQUAL, r = 0.25: (0,0,0,1);
 *   r = 0.75: (0,0,0,0);
 * - RCOMP = 0 is NEVER (nv30_tex_comp), LUMINANCE, r = 0.25: fails:
 *   0xff000000; ALWAYS, r = 0.75: 0xffffffff.
 */
static void
test_shadow(void)
{
   const uint32_t lum =
      NV30_3D_TEX_SWIZZLE_S0_Z_S1 | NV30_3D_TEX_SWIZZLE_S0_Y_S1 |
      NV30_3D_TEX_SWIZZLE_S0_X_S1 | NV30_3D_TEX_SWIZZLE_S0_W_ONE |
      NV30_3D_TEX_SWIZZLE_S1_Z_W | NV30_3D_TEX_SWIZZLE_S1_Y_W |
      NV30_3D_TEX_SWIZZLE_S1_X_W | NV30_3D_TEX_SWIZZLE_S1_W_W;
   const uint32_t alpha =
      NV30_3D_TEX_SWIZZLE_S0_Z_ZERO | NV30_3D_TEX_SWIZZLE_S0_Y_ZERO |
      NV30_3D_TEX_SWIZZLE_S0_X_ZERO | NV30_3D_TEX_SWIZZLE_S0_W_S1 |
      NV30_3D_TEX_SWIZZLE_S1_W_W;
   static const struct {
      uint32_t rcomp;
      bool alpha_mode;
      float r;
      uint32_t want;
   } cases[] = {
      { NV30_3D_TEX_WRAP_RCOMP_LEQUAL, false, 0.25f, 0xffffffffu },
      { NV30_3D_TEX_WRAP_RCOMP_LEQUAL, false, 0.75f, 0xff000000u },
      { NV30_3D_TEX_WRAP_RCOMP_LEQUAL, true, 0.25f, 0xff000000u },
      { NV30_3D_TEX_WRAP_RCOMP_LEQUAL, true, 0.75f, 0x00000000u },
      { NV30_3D_TEX_WRAP_RCOMP_NEVER, false, 0.25f, 0xff000000u },
      { NV30_3D_TEX_WRAP_RCOMP_ALWAYS, false, 0.75f, 0xffffffffu },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      t.fpmap[256] = 0x800000u << 8;
      tex_wrap_extra = cases[i].rcomp;
      tex_swizzle = cases[i].alpha_mode ? alpha : lum;
      tex_r = cases[i].r;
      CHECK(texture_draw(&t, NV40_3D_TEX_FORMAT_FORMAT_Z24, 1, 1));
      tex_wrap_extra = tex_swizzle = 0;
      tex_r = 0.0f;
      if (t.cmap[0] != cases[i].want)
         fprintf(stderr, "shadow case %u: %08x, want %08x\n", i,
                 t.cmap[0], cases[i].want);
      CHECK_EQ(t.cmap[0], cases[i].want);
      CHECK_EQ(t.cmap[W * H - 1], cases[i].want);
      teardown(&t);
   }
}

static void
test_texture(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   uint32_t *tex = t.fpmap + 256;   /* 1 KiB into the fp buffer */
   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 4; x++)
         tex[(x >> 1) * 4 + (x & 1) + 2 * (y & 1)] = texel_value(x, y);
   CHECK(texture_draw(&t, NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 4, 2));
   unsigned bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         if (t.cmap[y * W + x] != texel_value(x / 4, y / 8)) {
            if (bad++ < 4)
               fprintf(stderr, "(%d,%d) = %08x, want %08x\n", x, y,
                       t.cmap[y * W + x], texel_value(x / 4, y / 8));
         }
   CHECK_EQ(bad, 0);
   teardown(&t);
}

/*
 * S3TC DXT1: one 4x4 block, colour 0 = 0xf800 (red), colour 1 = 0x001f
 * (blue); c0 > c1 selects the four-colour mode; index bits all 0 (c0)
 * but texel (3,0) = 1 (c1): bits 6-7 of the index word.  Pixel (px,py)
 * samples texel (px / 4, py / 4): blue for px 12..15, py 0..3.
 */
static void
test_texture_dxt1(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   uint8_t *blk = (uint8_t *)(t.fpmap + 256);
   const uint8_t data[8] = { 0x00, 0xf8, 0x1f, 0x00, 1 << 6, 0, 0, 0 };
   memcpy(blk, data, 8);
   CHECK(texture_draw(&t, NV40_3D_TEX_FORMAT_FORMAT_DXT1, 4, 4));
   unsigned bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         uint32_t want = (x >= 12 && y < 4) ? 0xff0000ffu : 0xffff0000u;
         bad += t.cmap[y * W + x] != want;
      }
   CHECK_EQ(bad, 0);
   teardown(&t);
}

/*
 * The texture cache (nv40_3d_texture.c: TEX_CACHE_CTL 1 invalidates, as
 * upstream writes it; nothing else does).  A 4x2 texture all 0xff0000ff
 * is drawn; the CPU then writes 0xff00ff00 into it.  Drawn again, the
 * cached texels (32 bytes, one line) are still the old ones; after
 * TEX_CACHE_CTL INVALIDATE the new ones show.
 */
static void
test_texture_cache(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   uint32_t *tex = t.fpmap + 256;
   for (unsigned i = 0; i < 8; i++)
      tex[i] = 0xff0000ffu;
   CHECK(texture_draw(&t, NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 4, 2));
   CHECK_EQ(t.cmap[0], 0xff0000ffu);
   for (unsigned i = 0; i < 8; i++)
      tex[i] = 0xff00ff00u;
   CHECK(texture_draw(&t, NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 4, 2));
   CHECK_EQ(t.cmap[0], 0xff0000ffu);
   CHECK_EQ(t.cmap[W * H - 1], 0xff0000ffu);
   m(&t, NV40_3D_TEX_CACHE_CTL, NV40_3D_TEX_CACHE_CTL_INVALIDATE);
   CHECK(texture_draw(&t, NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 4, 2));
   CHECK_EQ(t.cmap[0], 0xff00ff00u);
   CHECK_EQ(t.cmap[W * H - 1], 0xff00ff00u);
   teardown(&t);
}

/*
 * Anisotropic filtering, the footprint of EXT_texture_filter_anisotropic
 * (nv40_3d_texture.c).  A swizzled 16x2 texture with 3 levels: level 0
 * texels white at even x, black at odd x (swizzled index bit 0 is x bit
 * 0), level 1 (8x1, 128 bytes in) green, level 2 (4x1, 160 bytes in) red;
 * NEAREST_MIPMAP_NEAREST / NEAREST, MAX_LOD 3.  Drawn over 4x4 pixels,
 * du/dx = 4 texels, dv/dy = 0.5: Px = 4, Py = 0.5, Pmax / Pmin = 8.
 * - no anisotropy: lambda = log2(4) = 2, red;
 * - 16X: N = 8, lambda' = log2(4 / 8) < 0, level 0 magnified; the 8
 *   lookups at u = 4 px + 2 + 4 (-1/2 + i / 9) hit texels 4 px + 0, 0, 1,
 *   1, 2, 2, 3, 3: half white, (0.5, 0.5, 0.5, 1) = 0xff808080;
 * - 6X: N = 6, level 0, lookups at 4 px + 2 + 4 (-1/2 + i / 7): texels
 *   +0, 1, 1, 2, 2, 3: half white again;
 * - 2X: N = 2, lambda' = log2(4 / 2) = 1, level 1: green.
 */
static void
test_texture_aniso(void)
{
   static const struct {
      uint32_t aniso;
      uint32_t want;
   } cases[] = {
      { NV40_3D_TEX_ENABLE_ANISO_NONE, 0xffff0000u },
      { NV40_3D_TEX_ENABLE_ANISO_16X, 0xff808080u },
      { NV40_3D_TEX_ENABLE_ANISO_6X, 0xff808080u },
      { NV40_3D_TEX_ENABLE_ANISO_2X, 0xff00ff00u },
   };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      uint32_t *tex = t.fpmap + 256;
      for (unsigned i = 0; i < 32; i++)
         tex[i] = (i & 1) ? 0xff000000u : 0xffffffffu;
      for (unsigned i = 0; i < 8; i++)
         tex[32 + i] = 0xff00ff00u;
      for (unsigned i = 0; i < 4; i++)
         tex[40 + i] = 0xffff0000u;
      CHECK(texture_draw_ex(&t, NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 16, 2, 3,
                            NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_NEAREST |
                            NV30_3D_TEX_FILTER_MAG_NEAREST,
                            NV40_3D_TEX_ENABLE_MAX_LOD(3 * 256) |
                            cases[c].aniso, 4.0f));
      unsigned bad = 0;
      for (int y = 0; y < 4; y++)
         for (int x = 0; x < 4; x++)
            if (t.cmap[y * W + x] != cases[c].want && bad++ < 2)
               fprintf(stderr, "aniso case %u (%d,%d): %08x, want %08x\n",
                       c, x, y, t.cmap[y * W + x], cases[c].want);
      CHECK_EQ(bad, 0);
      teardown(&t);
   }
}

/*
 * Float textures, a 2x1 texture of texels (0, 0, 0, 1) and (1, 1, 1, 1)
 * with LINEAR filtering over 16 pixels: pixel 7 samples at u = 7.5 / 16 *
 * 2 = 0.9375 texels.  RGBA16F filters: 0.4375 of texel 1 (u - 1/2),
 * round(0.4375 * 255) = 0x70 per colour; RGBA32F is point sampled
 * (nv40_3d_texture.c): texel 0, black.  Pixel 8 (u = 1.0625) is 0.5625
 * of texel 1 filtered (0x8f), texel 1 (white) point sampled.
 */
static uint16_t
half(float f)
{
   /* 0 and 1 only: sign 0, exponent 15 (bias) for 1.0 */
   return f == 1.0f ? 0x3c00 : 0x0000;
}

static void
test_texture_float(void)
{
   for (int fp32 = 0; fp32 < 2; fp32++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      uint8_t *tex = (uint8_t *)(t.fpmap + 256);
      const float texel[2][4] = { { 0, 0, 0, 1 }, { 1, 1, 1, 1 } };
      for (unsigned i = 0; i < 2; i++)
         for (unsigned c = 0; c < 4; c++) {
            if (fp32) {
               memcpy(tex + 16 * i + 4 * c, &texel[i][c], 4);
            } else {
               uint16_t h = half(texel[i][c]);
               memcpy(tex + 8 * i + 2 * c, &h, 2);
            }
         }
      CHECK(texture_draw_ex(&t, fp32 ? NV40_3D_TEX_FORMAT_FORMAT_RGBA32F :
                                       NV40_3D_TEX_FORMAT_FORMAT_RGBA16F,
                            2, 1, 1, NV30_3D_TEX_FILTER_MIN_LINEAR |
                            NV30_3D_TEX_FILTER_MAG_LINEAR, 0, 16.0f));
      CHECK_EQ(t.cmap[7], fp32 ? 0xff000000u : 0xff707070u);
      CHECK_EQ(t.cmap[8], fp32 ? 0xffffffffu : 0xff8f8f8fu);
      teardown(&t);
   }
}

/*
 * Signed A8L8 (upstream's R8G8/L8A8 SNORM formats: all four TEX_FILTER
 * SIGNED bits): a 1x1 texel, L = 0x40 in X and A = 0x7f in W.  Signed,
 * max(c / 127, -1): L = 64/127 -> round(0.50394 * 255 = 128.5) = 0x81,
 * A = 1.0 -> 0xff; unsigned, c / 255: 0x40 and 0x7f.  The identity
 * swizzle puts W in A, Z (0) in R, Y (0) in G, X in B of the A8R8G8B8
 * target.
 */
static void
test_texture_snorm(void)
{
   for (int sgn = 0; sgn < 2; sgn++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      t.fpmap[256] = 0x7f40;
      uint32_t signed_bits = NV30_3D_TEX_FILTER_SIGNED_RED |
                             NV30_3D_TEX_FILTER_SIGNED_GREEN |
                             NV30_3D_TEX_FILTER_SIGNED_BLUE |
                             NV30_3D_TEX_FILTER_SIGNED_ALPHA;
      CHECK(texture_draw_ex(&t, NV40_3D_TEX_FORMAT_FORMAT_A8L8, 1, 1, 1,
                            NV30_3D_TEX_FILTER_MIN_NEAREST |
                            NV30_3D_TEX_FILTER_MAG_NEAREST |
                            (sgn ? signed_bits : 0), 0, 16.0f));
      CHECK_EQ(t.cmap[0], sgn ? 0xff000081u : 0x7f000040u);
      teardown(&t);
   }
}

/*
 * TEX_WRAP CLAMP is GL's CLAMP: s is clamped to [0, 1] and a linear
 * filter blends the border in at the edges (GL 2.1 section 3.8.8).  A 2x1
 * red texture, border opaque blue (TEX_BORDER_COLOR B 0xff, A 0xff),
 * LINEAR over 16 pixels: pixel 0 samples u = 0.5 / 16 * 2 = 0.0625,
 * taps -1 (border) and 0 with weights 0.4375 / 0.5625: R = round(0.5625 *
 * 255) = 0x8f, B = round(0.4375 * 255) = 0x70; pixel 15 (u = 1.9375) the
 * same with taps 1 and 2; pixel 8 (u = 1.0625) is red.  CLAMP_TO_EDGE
 * never reads the border: red.
 */
static void
test_texture_clamp(void)
{
   for (int edge = 0; edge < 2; edge++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      t.fpmap[256] = t.fpmap[257] = 0xffff0000u;
      m(&t, NV30_3D_TEX_BORDER_COLOR(0), NV30_3D_TEX_BORDER_COLOR_B(0xff) |
                                         NV30_3D_TEX_BORDER_COLOR_A(0xff));
      tex_wrap_s = edge ? NV30_3D_TEX_WRAP_S_CLAMP_TO_EDGE :
                          NV30_3D_TEX_WRAP_S_CLAMP;
      CHECK(texture_draw_ex(&t, NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 2, 1, 1,
                            NV30_3D_TEX_FILTER_MIN_LINEAR |
                            NV30_3D_TEX_FILTER_MAG_LINEAR, 0, 16.0f));
      tex_wrap_s = NV30_3D_TEX_WRAP_S_CLAMP_TO_EDGE;
      CHECK_EQ(t.cmap[0], edge ? 0xffff0000u : 0xff8f0070u);
      CHECK_EQ(t.cmap[15], edge ? 0xffff0000u : 0xff8f0070u);
      CHECK_EQ(t.cmap[8], 0xffff0000u);
      teardown(&t);
   }
}

/*
 * TEX_BORDER_COLOR comes back as it is, past TEX_SWIZZLE (as on G80,
 * whose border upstream's nv50 driver swizzles on the CPU with st/mesa's
 * PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_NV50; D3D9 returns its ARGB
 * border as it is; docs/fidelity.md, border colour swizzle family).  The
 * setup of texture_clamp with red and blue swapped by the swizzle:
 * pixel 0 blends 0.5625 of the texel (red, now blue) with 0.4375 of the
 * border (blue, not swapped): all blue; pixel 8, the texel alone, blue.
 */
static void
test_texture_border_unswizzled(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   t.fpmap[256] = t.fpmap[257] = 0xffff0000u;
   m(&t, NV30_3D_TEX_BORDER_COLOR(0), NV30_3D_TEX_BORDER_COLOR_B(0xff) |
                                      NV30_3D_TEX_BORDER_COLOR_A(0xff));
   tex_wrap_s = NV30_3D_TEX_WRAP_S_CLAMP;
   tex_swizzle = NV30_3D_TEX_SWIZZLE_S0_X_S1 | NV30_3D_TEX_SWIZZLE_S0_Y_S1 |
                 NV30_3D_TEX_SWIZZLE_S0_Z_S1 | NV30_3D_TEX_SWIZZLE_S0_W_S1 |
                 NV30_3D_TEX_SWIZZLE_S1_X_Z | NV30_3D_TEX_SWIZZLE_S1_Y_Y |
                 NV30_3D_TEX_SWIZZLE_S1_Z_X | NV30_3D_TEX_SWIZZLE_S1_W_W;
   CHECK(texture_draw_ex(&t, NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 2, 1, 1,
                         NV30_3D_TEX_FILTER_MIN_LINEAR |
                         NV30_3D_TEX_FILTER_MAG_LINEAR, 0, 16.0f));
   tex_wrap_s = NV30_3D_TEX_WRAP_S_CLAMP_TO_EDGE;
   tex_swizzle = 0;
   CHECK_EQ(t.cmap[0], 0xff0000ffu);
   CHECK_EQ(t.cmap[8], 0xff0000ffu);
   teardown(&t);
}

/*
 * sRGB S3TC: TEX_WRAP GAMMA_DECREASE_FILTER decodes DXT texels too.  A
 * DXT1 block whose colours are both 0x8410 (R 16/31, G 32/63, B 16/31);
 * decoded per EXT_texture_sRGB, ((c + 0.055) / 1.055)^2.4: R and B
 * 0.22927 -> round(58.47) = 0x3a, G 0.22146 -> round(56.47) = 0x38.
 */
static void
test_texture_dxt1_srgb(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   const uint8_t data[8] = { 0x10, 0x84, 0x10, 0x84, 0, 0, 0, 0 };
   memcpy(t.fpmap + 256, data, 8);
   tex_wrap_extra = NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_RED |
                    NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_GREEN |
                    NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_BLUE;
   CHECK(texture_draw(&t, NV40_3D_TEX_FORMAT_FORMAT_DXT1, 4, 4));
   tex_wrap_extra = 0;
   CHECK_EQ(t.cmap[0], 0xff3a383au);
   teardown(&t);
}

/*
 * Occlusion query: QUERY_RESET(1), QUERY_ENABLE 1, the 6-pixel corner
 * triangle, QUERY_GET (report 1 = samples passed) at offset 16 of
 * DMA_QUERY: a 16-byte report whose word 2 is 6 and word 3 (status) 0
 * (nv30_query.c reads ntfy[2] once ntfy[3]'s top byte clears).
 */
static void
test_query(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   t.zmap[4 + 3] = 0x01000000;   /* "pending", as upstream initialises it */
   m(&t, NV30_3D_DMA_QUERY, t.fx.info.vram_ctxdma);
   m(&t, NV30_3D_QUERY_RESET, 1);
   m(&t, NV30_3D_QUERY_ENABLE, 1);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   m(&t, NV30_3D_QUERY_GET, (1u << 24) | ((uint32_t)nvsim_bo_offset(t.zeta) + 16));
   m(&t, NV30_3D_QUERY_ENABLE, 0);
   CHECK(run(&t));
   CHECK_EQ(t.zmap[4 + 2], 6);
   CHECK_EQ(t.zmap[4 + 3], 0);
   teardown(&t);
}

/*
 * RENDER_CONDITION (upstream's nv40_query_render_condition): with
 * QUERY_PASSED a draw and a clear happen only while the query report at
 * OFFSET of DMA_QUERY counts a sample.  Two hand-written reports in the
 * zeta buffer (which the draws here do not use): VALUE 0 at +16, VALUE 5
 * at +32.  Under the first nothing changes; under the second, and with
 * ALWAYS, the corner triangle is drawn and the clear clears.
 */
static void
test_render_condition(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   uint32_t base = (uint32_t)nvsim_bo_offset(t.zeta);
   t.zmap[4 + 2] = 0;   /* report at +16: no sample */
   t.zmap[8 + 2] = 5;   /* report at +32: five samples */
   m(&t, NV30_3D_DMA_QUERY, t.fx.info.vram_ctxdma);
   static const uint32_t modes[3] = {
      NV30_3D_RENDER_CONDITION_MODE_QUERY_PASSED,
      NV30_3D_RENDER_CONDITION_MODE_QUERY_PASSED,
      NV30_3D_RENDER_CONDITION_MODE_ALWAYS,
   };
   for (unsigned i = 0; i < 3; i++) {
      memset(t.cmap, 0, W * H * 4);
      m(&t, NV30_3D_RENDER_CONDITION,
        modes[i] | NV30_3D_RENDER_CONDITION_OFFSET(base + 16 + 16 * (i == 1)));
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      CHECK_EQ(t.cmap[0], i ? 0xffff0000u : 0u);
      CHECK_EQ(t.cmap[W * H - 1], 0u);
      m(&t, NV30_3D_CLEAR_COLOR_VALUE, 0xff00ff00u);
      m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_COLOR_R |
                                   NV30_3D_CLEAR_BUFFERS_COLOR_G |
                                   NV30_3D_CLEAR_BUFFERS_COLOR_B |
                                   NV30_3D_CLEAR_BUFFERS_COLOR_A);
      CHECK(run(&t));
      CHECK_EQ(t.cmap[W * H - 1], i ? 0xff00ff00u : 0u);
   }
   /* a report outside the DMA object traps the channel */
   m(&t, NV30_3D_RENDER_CONDITION, NV30_3D_RENDER_CONDITION_MODE_QUERY_PASSED |
                                   NV30_3D_RENDER_CONDITION_OFFSET(0xfffff0));
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   CHECK(!run(&t));
   teardown(&t);
}

/*
 * Lines (GL 2.1 section 3.4): LINES from window (0.5, 5.5) to (6.5, 5.5),
 * width 1 (LINE_WIDTH 8 = 1.0 in 1/8 units): the x-major segment covers
 * the pixels whose centres x + 0.5 are in [0.5, 6.5) on row 5: x 0..5.
 */
static void
test_lines(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   put_vertex(&t, 0, 0.5f, 5.5f, 0.0f, red);
   put_vertex(&t, 1, 6.5f, 5.5f, 0.0f, red);
   m(&t, NV30_3D_LINE_WIDTH, 8);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_LINES);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (1u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(run(&t));
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         CHECK_EQ(t.cmap[y * W + x], (y == 5 && x <= 5) ? 0xffff0000u : 0);
   teardown(&t);
}

/*
 * Fragment position (f[WPOS]) under COORD_CONVENTIONS, written to an
 * A32B32G32R32_FLOAT target (R first in memory).  Pixel (1,0) has its
 * centre at (1.5, 0.5); ORIGIN_INVERTED with HEIGHT 16 counts y from the
 * bottom: 16 - 0.5 = 15.5; CENTER_INTEGER drops the halves: (1, 0).  z is
 * the window depth (ndc 0 -> 0.5), w = 1 / clip w = 1.
 */
static void
test_frag_coord(void)
{
   static const struct {
      uint32_t conv;
      float x, y;
   } cases[] = {
      { 0, 1.5f, 0.5f },
      { NV30_3D_COORD_CONVENTIONS_ORIGIN_INVERTED, 1.5f, 15.5f },
      { NV30_3D_COORD_CONVENTIONS_CENTER_INTEGER, 1.0f, 0.0f },
   };
   for (unsigned i = 0; i < 3; i++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      m(&t, NV30_3D_RT_FORMAT, NV30_3D_RT_FORMAT_TYPE_LINEAR |
                              NV30_3D_RT_FORMAT_COLOR_A32B32G32R32_FLOAT |
                              NV30_3D_RT_FORMAT_ZETA_Z24S8);
      m(&t, NV40_3D_COLOR0_PITCH, W * 16);
      m(&t, NV30_3D_COORD_CONVENTIONS, cases[i].conv | H);
      struct nvisa_nv40_fp_insn fi;
      nvisa_nv40_fp_insn_init(&fi);
      fi.op = NVISA_NV40_FP_OP_MOV;
      fi.out_reg = 0;
      fi.mask = NVISA_MASK_XYZW;
      fi.src[0].file = NVISA_FILE_INPUT;
      fi.input = NVISA_NV40_FP_INPUT_POS;
      fi.end = true;
      CHECK_EQ(nvisa_nv40_fp_encode(&fi, t.fpmap), 0);
      m(&t, NV30_3D_FP_ACTIVE_PROGRAM,
        (uint32_t)nvsim_bo_offset(t.fp) | NV30_3D_FP_ACTIVE_PROGRAM_DMA0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      const float *px = (const float *)t.cmap + 4 * 1;   /* pixel (1,0) */
      if (px[0] != cases[i].x || px[1] != cases[i].y || px[2] != 0.5f ||
          px[3] != 1.0f) {
         fprintf(stderr, "case %u: (%g %g %g %g), want (%g %g 0.5 1)\n", i,
                 px[0], px[1], px[2], px[3], cases[i].x, cases[i].y);
         nvt_failures++;
      }
      teardown(&t);
   }
}

/* Back-face culling: with FRONT_FACE CCW, the triangle (0.5,0.5)
 * (3.5,0.5) (0.5,3.5) has det (v0-v2)x(v1-v2) = (0,-3)x(3,-3) = 0*-3 -
 * (-3*3) = 9 > 0: clockwise in y-down window space, a back face. */
static void
test_cull(void)
{
   for (int cull_back = 0; cull_back < 2; cull_back++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      m(&t, NV30_3D_FRONT_FACE, NV30_3D_FRONT_FACE_CCW);
      m(&t, NV30_3D_CULL_FACE, cull_back ? NV30_3D_CULL_FACE_BACK
                                         : NV30_3D_CULL_FACE_FRONT);
      m(&t, NV30_3D_CULL_FACE_ENABLE, 1);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      /* culling back faces removes it; culling front faces keeps it */
      CHECK(expect_corner(&t, cull_back ? 0 : 0xffff0000, 0));
      teardown(&t);
   }
}

/* Depth test LESS against a depth buffer cleared to 0.5: a triangle at
 * ndc z -0.5 (window 0.25) is drawn, one at ndc z 0.5 (0.75) is not. */
static void
test_depth(void)
{
   for (int near = 0; near < 2; near++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      float z = near ? -0.5f : 0.5f;
      put_vertex(&t, 0, 0.5f, 0.5f, z, green);
      put_vertex(&t, 1, 3.5f, 0.5f, z, green);
      put_vertex(&t, 2, 0.5f, 3.5f, z, green);
      m(&t, NV30_3D_CLEAR_DEPTH_VALUE, 0x80000000);
      m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_DEPTH);
      m(&t, NV30_3D_DEPTH_FUNC, NV30_3D_DEPTH_FUNC_LESS);
      m(&t, NV30_3D_DEPTH_WRITE_ENABLE, 1);
      m(&t, NV30_3D_DEPTH_TEST_ENABLE, 1);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      CHECK(expect_corner(&t, near ? 0xff00ff00 : 0, 0));
      /* depth written where drawn: round(0.25 * 0xffffff) = 0x400000 */
      CHECK_EQ(t.zmap[0], near ? 0x40000000u : 0x80000000u);
      teardown(&t);
   }
}

/*
 * Depth clamp (NV_depth_clamp, sections 2.11 and 4.1.5): with
 * DEPTH_CONTROL CLAMP (upstream's 0x10) there is no near plane, and each
 * fragment's interpolated depth is clamped to the depth range before the
 * depth test; with CLIP (0x1) the near plane clips.  The triangle
 * (0, 0) (16, 0) (0, 16) in window space has ndc z -3, 1, -3 (w 1), so
 * at pixel centre x + 0.5, ndc z = -3 + (x + 0.5) / 4: pixel (4, 1) has
 * ndc z -1.875, behind the near plane, and (12, 1) has 0.125.
 * Depth test ALWAYS with writes into a Z24S8 buffer of 1.0:
 * - CLIP, range [0, 1]: (4, 1) is not drawn (0xffffff00 stays); (12, 1)
 *   has depth 0.125 * 0.5 + 0.5 = 0.5625, round(0.5625 * 0xffffff) =
 *   0x8fffff;
 * - CLAMP, range [0, 1]: (4, 1) is drawn with depth 0; (12, 1) again
 *   0x8fffff (a clamp of the vertices' depths instead would give
 *   (12.5 / 16) = 0.78125 there);
 * - CLAMP, range [0.25, 0.75] (viewport z scale 0.25, translate 0.5):
 *   (4, 1) is clamped to 0.25, round(0.25 * 0xffffff) = 0x400000;
 *   (12, 1) has 0.125 * 0.25 + 0.5 = 0.53125, 0x87ffff.
 * Interpolation may be one unit of the 24 bits off.
 */
static bool
depth_near(uint32_t word, uint32_t z24)
{
   int64_t d = (int64_t)(word >> 8) - (int64_t)z24;
   if (d < -1 || d > 1 || (word & 0xff)) {
      fprintf(stderr, "depth word %08x, want z %06x\n", word, z24);
      return false;
   }
   return true;
}

static void
test_depth_clamp(void)
{
   static const struct {
      uint32_t control;
      float zn, zf;
      bool near_drawn;
      uint32_t z_near, z_far;   /* at (4, 1) and (12, 1) */
   } cases[] = {
      { NV30_3D_DEPTH_CONTROL_CLIP, 0.0f, 1.0f, false, 0, 0x8fffff },
      { NV40_3D_DEPTH_CONTROL_CLAMP(1), 0.0f, 1.0f, true, 0, 0x8fffff },
      { NV40_3D_DEPTH_CONTROL_CLAMP(1), 0.25f, 0.75f, true, 0x400000, 0x87ffff },
   };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      put_vertex(&t, 0, 0.0f, 0.0f, -3.0f, green);
      put_vertex(&t, 1, 16.0f, 0.0f, 1.0f, green);
      put_vertex(&t, 2, 0.0f, 16.0f, -3.0f, green);
      mf(&t, NV30_3D_VIEWPORT_TRANSLATE_Z, (cases[c].zn + cases[c].zf) / 2);
      mf(&t, NV30_3D_VIEWPORT_SCALE_Z, (cases[c].zf - cases[c].zn) / 2);
      mf(&t, NV30_3D_DEPTH_RANGE_NEAR, cases[c].zn);
      mf(&t, NV30_3D_DEPTH_RANGE_FAR, cases[c].zf);
      m(&t, NV30_3D_DEPTH_CONTROL, cases[c].control);
      for (unsigned i = 0; i < W * H; i++)
         t.zmap[i] = 0xffffff00u;
      m(&t, NV30_3D_DEPTH_FUNC, NV30_3D_DEPTH_FUNC_ALWAYS);
      m(&t, NV30_3D_DEPTH_WRITE_ENABLE, 1);
      m(&t, NV30_3D_DEPTH_TEST_ENABLE, 1);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      if (cases[c].near_drawn) {
         CHECK_EQ(t.cmap[1 * W + 4], 0xff00ff00u);
         CHECK(depth_near(t.zmap[1 * W + 4], cases[c].z_near));
      } else {
         CHECK_EQ(t.cmap[1 * W + 4], 0);
         CHECK_EQ(t.zmap[1 * W + 4], 0xffffff00u);
      }
      CHECK_EQ(t.cmap[1 * W + 12], 0xff00ff00u);
      CHECK(depth_near(t.zmap[1 * W + 12], cases[c].z_far));
      teardown(&t);
   }
}

/*
 * POLYGON_OFFSET_UNITS counts steps of the depth buffer: r = 2^-24 of a
 * Z24S8 buffer, 2^-16 of Z16 (upstream nvc0's D3D9 path, whose units are
 * a plain depth difference, sends units * 2^24, or * 2^16 for Z16, to the
 * same method; docs/fidelity.md "Polygon offset units").  A flat triangle
 * (m = 0) at window z 0.25, FACTOR 0, depth test ALWAYS: Z24 0.25 *
 * 0xffffff = 4194303.75 -> 0x400000 unoffset, UNITS 16 -> 4194319.75 ->
 * 0x400010, UNITS -16 -> 0x3ffff0; Z16 0.25 * 0xffff = 16383.75 ->
 * 0x4000, UNITS 16 -> 0x4010.  A unit of half a step (8 steps for 16) or
 * two (32) misses by far more than the one step interpolation may be off.
 */
static void
test_polygon_offset_units(void)
{
   static const struct {
      bool z16;
      float units;
      uint32_t z;
   } cases[] = {
      { false, 0.0f, 0x400000 },
      { false, 16.0f, 0x400010 },
      { false, -16.0f, 0x3ffff0 },
      { true, 0.0f, 0x4000 },
      { true, 16.0f, 0x4010 },
   };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      put_vertex(&t, 0, 0.5f, 0.5f, -0.5f, green);
      put_vertex(&t, 1, 3.5f, 0.5f, -0.5f, green);
      put_vertex(&t, 2, 0.5f, 3.5f, -0.5f, green);
      if (cases[c].z16)
         m(&t, NV30_3D_RT_FORMAT, NV30_3D_RT_FORMAT_TYPE_LINEAR |
                                  NV30_3D_RT_FORMAT_COLOR_A8R8G8B8 |
                                  NV30_3D_RT_FORMAT_ZETA_Z16);
      memset(t.zmap, 0xff, 4096);
      m(&t, NV30_3D_POLYGON_OFFSET_FILL_ENABLE, 1);
      mf(&t, NV30_3D_POLYGON_OFFSET_FACTOR, 0.0f);
      mf(&t, NV30_3D_POLYGON_OFFSET_UNITS, cases[c].units);
      m(&t, NV30_3D_DEPTH_FUNC, NV30_3D_DEPTH_FUNC_ALWAYS);
      m(&t, NV30_3D_DEPTH_WRITE_ENABLE, 1);
      m(&t, NV30_3D_DEPTH_TEST_ENABLE, 1);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      CHECK_EQ(t.cmap[1 * W + 1], 0xff00ff00u);
      uint32_t z = cases[c].z16 ?
                   ((const uint16_t *)t.zmap)[1 * (PITCH / 2) + 1] :
                   t.zmap[1 * W + 1] >> 8;
      int64_t d = (int64_t)z - cases[c].z;
      if (d < -1 || d > 1)
         fprintf(stderr, "case %u: z %x, want %x\n", c, z, cases[c].z);
      CHECK(d >= -1 && d <= 1);
      teardown(&t);
   }
}

/*
 * QUERY_GET's time (envytools hw/graph/intro.rst, notifiers: the 64-bit
 * PTIMER time of the write, in nanoseconds): nvsim reads the host's
 * monotonic clock when the FIFO reaches the method, so two reports 2 ms
 * apart (two submissions, the test sleeping between them) carry times
 * between CLOCK_MONOTONIC read before the first and after the second,
 * at least 2 ms apart.  Both status words read 0.
 */
static uint64_t
host_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void
test_query_time(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   uint32_t base = (uint32_t)nvsim_bo_offset(t.zeta);
   t.zmap[4 + 3] = t.zmap[8 + 3] = 0x01000000;
   uint64_t before = host_ns();
   m(&t, NV30_3D_DMA_QUERY, t.fx.info.vram_ctxdma);
   m(&t, NV30_3D_QUERY_GET, NV30_3D_QUERY_GET_UNK24_SAMPLES_PASSED |
                            NV30_3D_QUERY_GET_OFFSET(base + 16));
   CHECK(run(&t));
   struct timespec pause = { 0, 2000000 };
   nanosleep(&pause, NULL);
   m(&t, NV30_3D_QUERY_GET, NV30_3D_QUERY_GET_UNK24_SAMPLES_PASSED |
                            NV30_3D_QUERY_GET_OFFSET(base + 32));
   CHECK(run(&t));
   uint64_t after = host_ns();
   uint64_t t0 = t.zmap[4] | (uint64_t)t.zmap[4 + 1] << 32;
   uint64_t t1 = t.zmap[8] | (uint64_t)t.zmap[8 + 1] << 32;
   CHECK_EQ(t.zmap[4 + 3], 0);
   CHECK_EQ(t.zmap[8 + 3], 0);
   CHECK(before <= t0 && t0 < t1 && t1 <= after);
   CHECK(t1 - t0 >= 2000000);
   teardown(&t);
}

/* A vertex index past the end of the vertex buffer's memory traps. */
static void
test_vertex_overrun(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_POINTS);
   /* vertex 0x7fffff at stride 32 is 256 MiB in: past all of VRAM */
   m(&t, NV30_3D_VB_VERTEX_BATCH, 0x7fffff);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(!run(&t));
   CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "outside");
   teardown(&t);
}

/* A fence: FENCE_VALUE lands at FENCE_OFFSET of DMA_FENCE. */
static void
test_fence(void)
{
   struct fx3d t;
   if (!setup(&t))
      return;
   m(&t, NV30_3D_DMA_FENCE, t.fx.info.vram_ctxdma);
   m(&t, NV30_3D_FENCE_OFFSET, (uint32_t)nvsim_bo_offset(t.zeta) + 8);
   m(&t, NV30_3D_FENCE_VALUE, 0xcafe1234);
   CHECK(run(&t));
   CHECK_EQ(t.zmap[2], 0xcafe1234);
   teardown(&t);
}

/* ---- a refused value is dropped at its method ---- */

/* Submits and waits; true if the channel is alive (it has trapped or not:
 * traps drop the method and the channel goes on). */
static bool
run_alive(struct fx3d *t)
{
   struct nvsim_bo *bos[] = { t->color, t->zeta, t->vtx, t->fp };
   int64_t seq = nvt_fx_submit(&t->fx, bos, 4);
   if (seq > 0)
      nvsim_wait_seq(t->fx.dev, seq);
   return seq > 0 && !nvsim_channel_dead(t->fx.chan);
}

/* The method just submitted trapped, alone: one trap in all, its line
 * naming the method by hwdb's name and INVALID_VALUE. */
static void
expect_value_trap(struct fx3d *t, const char *mname)
{
   CHECK_EQ(nvsim_channel_traps(t->fx.chan), 1);
   const char *line = nvsim_channel_last_trap(t->fx.chan);
   CHECK(line != NULL);
   if (!line)
      return;
   CHECK_STR_HAS(line, mname);
   CHECK_STR_HAS(line, "INVALID_VALUE");
}

/* The corner triangle, then a fence at byte 2048 of the vertex buffer
 * (past the vertices), in one submission: no trap more, the fence lands. */
static void
draw_corner_fenced(struct fx3d *t, uint32_t fence)
{
   uint32_t *f = (uint32_t *)(t->vmap + 2048);
   *f = 0;
   m(t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   m(t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   m(t, NV30_3D_DMA_FENCE, t->fx.info.vram_ctxdma);
   m(t, NV30_3D_FENCE_OFFSET, (uint32_t)nvsim_bo_offset(t->vtx) + 2048);
   m(t, NV30_3D_FENCE_VALUE, fence);
   CHECK(run_alive(t));
   CHECK_EQ(nvsim_channel_traps(t->fx.chan), 1);
   CHECK_EQ(*f, fence);
}

/*
 * BLEND_FUNC_DST with an RGB factor hwdb's gl_blend_factor does not name
 * (0x0309, one past SRC_ALPHA_SATURATE) traps at the method and is
 * dropped: the draw blends with the previous ONE, ONE (GL 2.1 section
 * 4.1.8, table 4.2: result = src * 1 + dst * 1, clamped).  Destination
 * 0x00204060 (A 0, R 0x20, G 0x40, B 0x60), source red (1, 0, 0, 1):
 * R min(1 + 0x20/255, 1) = 0xff, G 0x40, B 0x60, A 1 -> 0xffff4060.
 */
static void
test_refused_blend_func(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   for (unsigned i = 0; i < W * H; i++)
      t.cmap[i] = 0x00204060u;
   m(&t, NV30_3D_BLEND_FUNC_ENABLE, 1);
   m(&t, NV30_3D_BLEND_FUNC_SRC, NV30_3D_BLEND_FUNC_SRC_RGB_ONE |
                                 NV30_3D_BLEND_FUNC_SRC_ALPHA_ONE);
   m(&t, NV30_3D_BLEND_FUNC_DST, NV30_3D_BLEND_FUNC_DST_RGB_ONE |
                                 NV30_3D_BLEND_FUNC_DST_ALPHA_ONE);
   CHECK(run_alive(&t));
   CHECK_EQ(nvsim_channel_traps(t.fx.chan), 0);
   m(&t, NV30_3D_BLEND_FUNC_DST,
     (NV30_3D_BLEND_FUNC_DST_RGB_SRC_ALPHA_SATURATE + 1) |
     NV30_3D_BLEND_FUNC_DST_ALPHA_ONE);
   CHECK(run_alive(&t));
   expect_value_trap(&t, "(BLEND_FUNC_DST)");
   draw_corner_fenced(&t, 0x0b1e0d01);
   CHECK(expect_corner(&t, 0xffff4060u, 0x00204060u));
   teardown(&t);
}

/*
 * BLEND_EQUATION with a bad ALPHA half traps and is dropped: the draw
 * uses the previous FUNC_REVERSE_SUBTRACT for both (GL 2.1 table 4.1:
 * dst - src), ONE, ONE.  Destination 0xff808080, source red (1, 0, 0, 1):
 * R max(0x80/255 - 1, 0) = 0, G 0x80, B 0x80, A 1 - 1 = 0 -> 0x00008080.
 */
static void
test_refused_blend_equation(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   for (unsigned i = 0; i < W * H; i++)
      t.cmap[i] = 0xff808080u;
   m(&t, NV30_3D_BLEND_FUNC_ENABLE, 1);
   m(&t, NV30_3D_BLEND_FUNC_SRC, NV30_3D_BLEND_FUNC_SRC_RGB_ONE |
                                 NV30_3D_BLEND_FUNC_SRC_ALPHA_ONE);
   m(&t, NV30_3D_BLEND_FUNC_DST, NV30_3D_BLEND_FUNC_DST_RGB_ONE |
                                 NV30_3D_BLEND_FUNC_DST_ALPHA_ONE);
   m(&t, NV40_3D_BLEND_EQUATION,
     NV40_3D_BLEND_EQUATION_RGB_FUNC_REVERSE_SUBTRACT |
     NV40_3D_BLEND_EQUATION_ALPHA_FUNC_REVERSE_SUBTRACT);
   CHECK(run_alive(&t));
   /* ALPHA 0x8009 (GL_BLEND_EQUATION_RGB, not an equation) */
   m(&t, NV40_3D_BLEND_EQUATION,
     NV40_3D_BLEND_EQUATION_RGB_FUNC_ADD |
     (NV40_3D_BLEND_EQUATION_ALPHA_MAX +
      (1u << NV40_3D_BLEND_EQUATION_ALPHA__SHIFT)));
   CHECK(run_alive(&t));
   expect_value_trap(&t, "(BLEND_EQUATION)");
   draw_corner_fenced(&t, 0x0b1e0d02);
   CHECK(expect_corner(&t, 0x00008080u, 0xff808080u));
   teardown(&t);
}

/*
 * STENCIL_OP_ZPASS with a value gl_stencil_op does not name traps and is
 * dropped: stencil test ALWAYS, reference 0x5, ZPASS REPLACE (GL 2.1
 * section 4.1.5) before, so the drawn pixels get stencil 0x05 in the low
 * byte of Z24S8 (depth test off, depth 0 kept) and the colour red; the
 * others keep 0.
 */
static void
test_refused_stencil_op(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   m(&t, NV30_3D_STENCIL_ENABLE(0), 1);
   m(&t, NV30_3D_STENCIL_FUNC_FUNC(0), NV30_3D_STENCIL_FUNC_FUNC_ALWAYS);
   m(&t, NV30_3D_STENCIL_FUNC_REF(0), 0x5);
   m(&t, NV30_3D_STENCIL_FUNC_MASK(0), 0xff);
   m(&t, NV30_3D_STENCIL_MASK(0), 0xff);
   m(&t, NV30_3D_STENCIL_OP_FAIL(0), NV30_3D_STENCIL_OP_FAIL_KEEP);
   m(&t, NV30_3D_STENCIL_OP_ZFAIL(0), NV30_3D_STENCIL_OP_ZFAIL_KEEP);
   m(&t, NV30_3D_STENCIL_OP_ZPASS(0), NV30_3D_STENCIL_OP_ZPASS_REPLACE);
   CHECK(run_alive(&t));
   m(&t, NV30_3D_STENCIL_OP_ZPASS(0), NV30_3D_STENCIL_OP_ZPASS_DECR_WRAP + 1);
   CHECK(run_alive(&t));
   expect_value_trap(&t, "(STENCIL_OP_ZPASS[0])");
   draw_corner_fenced(&t, 0x0b1e0d03);
   CHECK(expect_corner(&t, 0xffff0000u, 0));
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         CHECK_EQ(t.zmap[y * W + x], (x + y <= 2) ? 0x05u : 0u);
   teardown(&t);
}

/*
 * DEPTH_FUNC with a value past ALWAYS traps and is dropped: the previous
 * GREATER stays, so the triangle at depth 0.5 passes against the cleared
 * 0.25 (0x400000 << 8) and writes 0.5 (0x7fffff or 0x800000: GL 2.1
 * section 2.11.1 leaves the rounding open); the initial LESS would have
 * drawn nothing.
 */
static void
test_refused_depth_func(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   for (unsigned i = 0; i < W * H; i++)
      t.zmap[i] = 0x40000000u;
   m(&t, NV30_3D_DEPTH_FUNC, NV30_3D_DEPTH_FUNC_GREATER);
   m(&t, NV30_3D_DEPTH_WRITE_ENABLE, 1);
   m(&t, NV30_3D_DEPTH_TEST_ENABLE, 1);
   CHECK(run_alive(&t));
   m(&t, NV30_3D_DEPTH_FUNC, NV30_3D_DEPTH_FUNC_ALWAYS + 1);
   CHECK(run_alive(&t));
   expect_value_trap(&t, "(DEPTH_FUNC)");
   draw_corner_fenced(&t, 0x0b1e0d04);
   CHECK(expect_corner(&t, 0xffff0000u, 0));
   uint32_t z = t.zmap[0] >> 8;
   CHECK(z == 0x7fffffu || z == 0x800000u);
   CHECK_EQ(t.zmap[W - 1], 0x40000000u);
   teardown(&t);
}

/*
 * VP_START_FROM_ID past the vertex program memory (544 slots on curie,
 * envytools-docs xf/isa.rst) traps and is dropped: the program start
 * stays at slot 0.  An upload elsewhere (slot 100: a program that writes
 * green) makes the decoded program stale; the draw then runs slot 0's
 * again and the corner is red.  Before, the refused start stayed in the
 * register and that draw ran from it.
 */
static void
test_refused_vp_start(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   CHECK(run_alive(&t));
   m(&t, NV30_3D_VP_START_FROM_ID, 544);
   CHECK(run_alive(&t));
   expect_value_trap(&t, "(VP_START_FROM_ID)");
   /* slot 100: MOV o[HPOS], v[0]; MOV o[COL0], c[0] (last), c[0] green */
   struct nvisa_nv40_vp_insn insn;
   uint32_t w[4];
   m(&t, NV30_3D_VP_UPLOAD_FROM_ID, 100);
   for (unsigned i = 0; i < 2; i++) {
      nvisa_nv40_vp_insn_init(&insn);
      insn.vec_op = NVISA_NV40_VP_VEC_OP_MOV;
      insn.vec_mask = NVISA_MASK_XYZW;
      insn.out = i ? NVISA_NV40_VP_OUT_COL0 : NVISA_NV40_VP_OUT_HPOS;
      insn.out_is_vec = true;
      insn.src[0].file = i ? NVISA_FILE_CONST : NVISA_FILE_INPUT;
      insn.input = 0;
      insn.last = i == 1;
      CHECK_EQ(nvisa_nv40_vp_encode(&insn, w), 0);
      for (unsigned k = 0; k < 4; k++)
         m(&t, NV30_3D_VP_UPLOAD_INST(k), w[k]);
   }
   m(&t, NV30_3D_VP_UPLOAD_CONST_ID, 0);
   for (unsigned k = 0; k < 4; k++)
      mf(&t, NV30_3D_VP_UPLOAD_CONST_X(0) + 4 * k, green[k]);
   draw_corner_fenced(&t, 0x0b1e0d05);
   CHECK(expect_corner(&t, 0xffff0000u, 0));
   teardown(&t);
}

/*
 * CULL_FACE with a value gl_cull_face does not name traps and is dropped:
 * culling FRONT_AND_BACK stays, so the corner triangle (either winding)
 * is culled and draws nothing (GL 2.1 section 3.5.1).  Before, the bad
 * value was stored and matched none of the faces, and the triangle was
 * drawn.
 */
static void
test_refused_cull_face(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   m(&t, NV30_3D_CULL_FACE, NV30_3D_CULL_FACE_FRONT_AND_BACK);
   m(&t, NV30_3D_CULL_FACE_ENABLE, 1);
   CHECK(run_alive(&t));
   m(&t, NV30_3D_CULL_FACE, NV30_3D_CULL_FACE_BACK + 1);
   CHECK(run_alive(&t));
   expect_value_trap(&t, "(CULL_FACE)");
   draw_corner_fenced(&t, 0x0b1e0d06);
   CHECK(expect_corner(&t, 0, 0));
   teardown(&t);
}

/* A method of rankine's that curie does not have is named in the trap
 * line by rankine's name for it (hwdb), marked as rankine's. */
static void
test_illegal_method_name(void)
{
   struct fx3d t;
   if (!setup(&t))
      return;
   m(&t, NV30_3D_LIGHT, 0);
   CHECK(run_alive(&t));
   CHECK_EQ(nvsim_channel_traps(t.fx.chan), 1);
   const char *line = nvsim_channel_last_trap(t.fx.chan);
   CHECK(line != NULL);
   if (line) {
      CHECK_STR_HAS(line, "mthd 0x1000 (LIGHT");
      CHECK_STR_HAS(line, ", a NV30_3D method)");
      CHECK_STR_HAS(line, "ILLEGAL_MTHD");
   }
   teardown(&t);
}

/*
 * Robustness: random values on the methods that drive drawing, from a
 * working setup, many seeds.  Whatever happens (drawing, a trap), nvsim
 * must not crash; run under a sanitizer to also catch stray accesses.
 */
static void
test_fuzz(void)
{
   static const uint32_t mthds[] = {
      NV30_3D_RT_HORIZ, NV30_3D_RT_VERT, NV30_3D_RT_FORMAT,
      NV40_3D_COLOR0_PITCH, NV30_3D_COLOR0_OFFSET, NV30_3D_RT_ENABLE,
      NV30_3D_SCISSOR_HORIZ, NV30_3D_VIEWPORT_CLIP_HORIZ(0),
      NV30_3D_VIEWPORT_TRANSLATE_X, NV30_3D_VIEWPORT_SCALE_Y,
      NV30_3D_VIEWPORT_SCALE_Z, NV30_3D_DEPTH_TEST_ENABLE,
      NV30_3D_DEPTH_FUNC, NV30_3D_STENCIL_ENABLE(0),
      NV30_3D_BLEND_FUNC_ENABLE, NV30_3D_BLEND_FUNC_SRC,
      NV30_3D_VTXFMT(0), NV30_3D_VTXFMT(3), NV30_3D_VTXBUF(0),
      NV30_3D_VTXBUF(3), NV30_3D_IDXBUF_OFFSET, NV30_3D_IDXBUF_FORMAT,
      NV30_3D_VP_START_FROM_ID, NV30_3D_VP_UPLOAD_INST(0),
      NV30_3D_FP_ACTIVE_PROGRAM, NV30_3D_LINE_WIDTH, NV30_3D_POINT_SIZE,
      NV30_3D_POLYGON_MODE_FRONT, NV30_3D_CULL_FACE_ENABLE,
      NV30_3D_VP_CLIP_PLANES_ENABLE, NV30_3D_POINT_SPRITE,
      NV30_3D_CLEAR_BUFFERS, NV30_3D_QUERY_GET, NV30_3D_FENCE_OFFSET,
      NV30_3D_TEX_OFFSET(0), NV30_3D_TEX_FORMAT(0), NV30_3D_TEX_NPOT_SIZE(0),
      NV40_3D_TEX_SIZE1(0), NV30_3D_TEX_WRAP(0), NV30_3D_TEX_FILTER(0),
      NV30_3D_TEX_SWIZZLE(0), NV30_3D_TEX_ENABLE(0), NV30_3D_TEX_FORMAT(3),
   };
   static const uint32_t vmthds[] = {
      NV30_3D_VB_VERTEX_BATCH, NV30_3D_VB_INDEX_BATCH,
      NV30_3D_VB_ELEMENT_U16, NV30_3D_VB_ELEMENT_U32, NV30_3D_VERTEX_DATA,
   };
   const unsigned n = sizeof(mthds) / sizeof(mthds[0]);
   unsigned dead = 0;
   for (unsigned seed = 1; seed <= 40; seed++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      m(&t, NV30_3D_DMA_FENCE, t.fx.info.vram_ctxdma);
      m(&t, NV30_3D_DMA_QUERY, t.fx.info.vram_ctxdma);
      if (seed & 1) {
         /* a texturing program, over a valid small texture to start from */
         struct nvisa_nv40_fp_insn fi;
         nvisa_nv40_fp_insn_init(&fi);
         fi.op = NVISA_NV40_FP_OP_TEX;
         fi.mask = NVISA_MASK_XYZW;
         fi.src[0].file = NVISA_FILE_INPUT;
         fi.input = NVISA_NV40_FP_INPUT_COL0;
         fi.tex_unit = (seed >> 1) & 3;
         fi.end = true;
         nvisa_nv40_fp_encode(&fi, t.fpmap);
         m(&t, NV30_3D_TEX_OFFSET(0), (uint32_t)nvsim_bo_offset(t.fp) + 1024);
         m(&t, NV30_3D_TEX_FORMAT(0), NV30_3D_TEX_FORMAT_DMA0 |
                                      NV30_3D_TEX_FORMAT_DIMS_2D |
                                      NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8 |
                                      (1 << NV40_3D_TEX_FORMAT_MIPMAP_COUNT__SHIFT));
         m(&t, NV30_3D_TEX_NPOT_SIZE(0), (4 << 16) | 4);
         m(&t, NV30_3D_TEX_ENABLE(0), NV40_3D_TEX_ENABLE_ENABLE);
      }
      srand(seed);
      for (unsigned round = 0; round < 30; round++) {
         /* a few state changes, small values most of the time */
         for (unsigned i = 0; i < 2; i++) {
            uint32_t mthd = mthds[rand() % n];
            uint32_t v = (uint32_t)rand() ^ ((uint32_t)rand() << 16);
            switch (rand() % 4) {
            case 0: v &= 0xff; break;
            case 1: v &= 0xffff; break;
            case 2: v &= 0xff00ff0f; break;
            default: break;
            }
            m(&t, mthd, v);
         }
         /* a primitive with a few vertex methods */
         m(&t, NV30_3D_VERTEX_BEGIN_END, 1 + rand() % 10);
         for (unsigned i = 0; i < 4; i++)
            m(&t, vmthds[rand() % 5], (uint32_t)rand() % 8 | ((rand() % 4u) << 24));
         m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      }
      if (!run(&t))
         dead++;
      teardown(&t);
   }
   /* nothing to check but survival; most seeds trap somewhere */
   fprintf(stderr, "fuzz: %u of 40 channels trapped\n", dead);
}

/*
 * Regression (OpenArena: the world's depth came out as a colour channel):
 * a fragment program's R1.z is the fragment's depth only when FP_CONTROL
 * has DEPTH_REPLACE; otherwise R1 is a temporary and the interpolated
 * depth is written.  The program is MOVR R0, f[COL0]; MOVR R1, f[COL0]
 * (red: R1.z = 0); the triangle lies at ndc z -0.5, window depth 0.25,
 * which Z24 stores as round(0.25 * (2^24 - 1)) = 0x400000 in bits 8-31.
 */
static void
test_depth_replace(void)
{
   for (unsigned replace = 0; replace < 2; replace++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      struct nvisa_nv40_fp_insn insn;
      for (unsigned i = 0; i < 2; i++) {
         nvisa_nv40_fp_insn_init(&insn);
         insn.op = NVISA_NV40_FP_OP_MOV;
         insn.out_reg = i;
         insn.mask = NVISA_MASK_XYZW;
         insn.src[0].file = NVISA_FILE_INPUT;
         insn.input = NVISA_NV40_FP_INPUT_COL0;
         insn.end = i == 1;
         CHECK_EQ(nvisa_nv40_fp_encode(&insn, t.fpmap + 4 * i), 0);
      }
      m(&t, NV30_3D_FP_ACTIVE_PROGRAM,
        (uint32_t)nvsim_bo_offset(t.fp) | NV30_3D_FP_ACTIVE_PROGRAM_DMA0);
      m(&t, NV30_3D_FP_CONTROL,
        (2u << NV40_3D_FP_CONTROL_TEMP_COUNT__SHIFT) |
        (replace ? NV30_3D_FP_CONTROL_DEPTH_REPLACE__MASK : 0));
      for (unsigned v = 0; v < 3; v++)
         ((float *)(t.vmap + 32 * v))[2] = -0.5f;
      for (unsigned i = 0; i < W * H; i++)
         t.zmap[i] = 0xffffff00u;
      m(&t, NV30_3D_DEPTH_FUNC, NV30_3D_DEPTH_FUNC_LESS);
      m(&t, NV30_3D_DEPTH_WRITE_ENABLE, 1);
      m(&t, NV30_3D_DEPTH_TEST_ENABLE, 1);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      CHECK_EQ(t.zmap[0], replace ? 0x00000000u : 0x40000000u);
      CHECK_EQ(t.cmap[0], 0xffff0000u);
      CHECK_EQ(t.zmap[W - 1], 0xffffff00u);
      teardown(&t);
   }
}

/* ---- multisampled targets ---- */

/*
 * An 8x8 4X target (RT_FORMAT MULTISAMPLE 4X, upstream nv30_miptree.c):
 * the colour surface is 16x16 stored pixels, pitch 64, pixel (x, y)'s
 * samples at (2x..2x+1, 2y..2y+1).
 */
static void
ms_target(struct fx3d *t, uint32_t ms, uint32_t type)
{
   m(t, NV30_3D_RT_HORIZ, (W / 2) << 16);
   m(t, NV30_3D_RT_VERT, (H / 2) << 16);
   m(t, NV30_3D_RT_FORMAT, type | ms | NV30_3D_RT_FORMAT_COLOR_A8R8G8B8 |
                           NV30_3D_RT_FORMAT_ZETA_Z24S8 |
                           (3 << NV30_3D_RT_FORMAT_LOG2_WIDTH__SHIFT) |
                           (3 << NV30_3D_RT_FORMAT_LOG2_HEIGHT__SHIFT));
}

/* A clear writes every sample of its pixels: the scissor x 1..2, y 3
 * covers stored x 2..5, y 6..7 (4X) or x 2..5, y 3 (2X). */
static void
test_clear_multisample(void)
{
   for (unsigned k = 0; k < 2; k++) {
      struct fx3d t;
      if (!setup(&t))
         return;
      ms_target(&t, k ? NV30_3D_RT_FORMAT_MULTISAMPLE_2X
                      : NV30_3D_RT_FORMAT_MULTISAMPLE_4X,
                NV30_3D_RT_FORMAT_TYPE_LINEAR);
      m(&t, NV30_3D_SCISSOR_HORIZ, (2 << 16) | 1);
      m(&t, NV30_3D_SCISSOR_VERT, (1 << 16) | 3);
      m(&t, NV30_3D_CLEAR_COLOR_VALUE, 0x11223344);
      m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_COLOR_R |
                                   NV30_3D_CLEAR_BUFFERS_COLOR_G |
                                   NV30_3D_CLEAR_BUFFERS_COLOR_B |
                                   NV30_3D_CLEAR_BUFFERS_COLOR_A);
      CHECK(run(&t));
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            bool in = x >= 2 && x <= 5 && (k ? y == 3 : y >= 6 && y <= 7);
            CHECK_EQ(t.cmap[y * W + x], in ? 0x11223344u : 0);
         }
      teardown(&t);
   }
}

/*
 * The corner triangle (0.5,0.5) (3.5,0.5) (0.5,3.5) into a 4X target
 * with MULTISAMPLE_CONTROL ENABLE and mask 0xffff.  Samples inside have
 * x >= 0.5, y >= 0.5, x + y < 4.  Pixel (0,0), samples at (6,2) (14,6)
 * (2,10) (10,14) / 16 (nvsim's assumed pattern, nvsim_raster_ms.c): only
 * s3 (0.625, 0.875) is inside: stored (1,1) red, (0,0) (1,0) (0,1) not.
 * Pixel (1,1): every sample (the largest x + y is s3's, 3.5): stored
 * (2..3, 2..3) red.  With ENABLE off, coverage is the centre's: (0.5,
 * 0.5) is on the top and left edges, inside, so all four samples of
 * pixel (0,0).
 */
static void
test_draw_multisample(void)
{
   for (unsigned enable = 0; enable < 2; enable++) {
      struct fx3d t;
      if (!draw_setup(&t))
         return;
      ms_target(&t, NV30_3D_RT_FORMAT_MULTISAMPLE_4X,
                NV30_3D_RT_FORMAT_TYPE_LINEAR);
      m(&t, NV30_3D_MULTISAMPLE_CONTROL,
        NV30_3D_MULTISAMPLE_CONTROL_SAMPLE_COVERAGE(0xffff) |
        (enable ? NV30_3D_MULTISAMPLE_CONTROL_ENABLE : 0));
      CHECK(draw_corner(&t));
      uint32_t r = 0xffff0000;
      CHECK_EQ(t.cmap[0 * W + 0], enable ? 0 : r);
      CHECK_EQ(t.cmap[0 * W + 1], enable ? 0 : r);
      CHECK_EQ(t.cmap[1 * W + 0], enable ? 0 : r);
      CHECK_EQ(t.cmap[1 * W + 1], r);
      for (int y = 2; y < 4; y++)
         for (int x = 2; x < 4; x++)
            CHECK_EQ(t.cmap[y * W + x], r);
      teardown(&t);
   }
}

/* A swizzled multisampled target (upstream never makes one; its layout
 * is not known) and an unknown mode trap with the reason. */
static void
test_multisample_bad(void)
{
   struct fx3d t;
   if (!setup(&t))
      return;
   ms_target(&t, NV30_3D_RT_FORMAT_MULTISAMPLE_4X,
             NV30_3D_RT_FORMAT_TYPE_SWIZZLED);
   m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_COLOR_R);
   CHECK(!run(&t));
   CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "swizzled");
   teardown(&t);

   if (!setup(&t))
      return;
   ms_target(&t, NV30_3D_RT_FORMAT_MULTISAMPLE(5),
             NV30_3D_RT_FORMAT_TYPE_LINEAR);
   m(&t, NV30_3D_CLEAR_BUFFERS, NV30_3D_CLEAR_BUFFERS_COLOR_R);
   CHECK(!run(&t));
   CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "multisample mode 5");
   teardown(&t);
}

/*
 * A vertex program that loops for ever (BRA to itself): a card would spin
 * in it; nvsim stops it at the step limit (NVSIM_NV40_VP_MAX_STEPS), the
 * draw traps with that reason and is dropped (nothing drawn), and the
 * channel goes on: a REF_CNT after it and a draw with a good program land
 * (nvsim_trap.c).
 */
static void
test_runaway_program(void)
{
   struct fx3d t;
   if (!draw_setup(&t))
      return;
   struct nvisa_nv40_vp_insn insn;
   uint32_t w[4];
   m(&t, NV30_3D_VP_UPLOAD_FROM_ID, 8);
   nvisa_nv40_vp_insn_init(&insn);
   insn.sca_op = NVISA_NV40_VP_SCA_OP_BRA;
   insn.branch_target = 8;
   CHECK_EQ(nvisa_nv40_vp_encode(&insn, w), 0);
   for (unsigned k = 0; k < 4; k++)
      m(&t, NV30_3D_VP_UPLOAD_INST(k), w[k]);
   m(&t, NV30_3D_VP_START_FROM_ID, 8);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   nvt_out(&t.fx.push, nvt_inc(0, NV10_SUBCHAN_REF_CNT, 1));
   nvt_out(&t.fx.push, 0x600d);
   run(&t);
   CHECK(!nvsim_channel_dead(t.fx.chan));
   CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "vertex program: "
                 "instruction limit reached");
   CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x600d);
   CHECK(expect_corner(&t, 0, 0));
   /* the program of draw_setup at slot 0 draws the corner */
   m(&t, NV30_3D_VP_START_FROM_ID, 0);
   draw_corner(&t);
   CHECK(expect_corner(&t, 0xffff0000, 0));
   CHECK_EQ(nvsim_channel_traps(t.fx.chan), 1);
   teardown(&t);
}

int
main(int argc, char **argv)
{
   static const struct nvt_case cases[] = {
      { "clear", test_clear },
      { "clear_swizzled", test_clear_swizzled },
      { "clear_multisample", test_clear_multisample },
      { "draw_multisample", test_draw_multisample },
      { "multisample_bad", test_multisample_bad },
      { "surface_overrun", test_surface_overrun },
      { "surface_dma", test_surface_dma },
      { "zeta_dma", test_zeta_dma },
      { "illegal_method", test_illegal_method },
      { "runaway_program", test_runaway_program },
      { "fence", test_fence },
      { "draw_arrays", test_draw_arrays },
      { "vertex_cache", test_vertex_cache },
      { "draw_elements", test_draw_elements },
      { "draw_no_target", test_draw_no_target },
      { "immediate_vertices", test_immediate_vertices },
      { "color0_broadcast", test_color0_broadcast },
      { "cull", test_cull },
      { "w_crossing", test_w_crossing },
      { "near_clip", test_near_clip },
      { "depth_clamp", test_depth_clamp },
      { "viewport_clip", test_viewport_clip },
      { "quad_strip_split", test_quad_strip_split },
      { "polygon_mode_edges", test_polygon_mode_edges },
      { "two_side", test_two_side },
      { "vertex_color_clamp", test_vertex_color_clamp },
      { "texture", test_texture },
      { "shadow", test_shadow },
      { "query", test_query },
      { "render_condition", test_render_condition },
      { "query_time", test_query_time },
      { "frag_coord", test_frag_coord },
      { "lines", test_lines },
      { "texture_dxt1", test_texture_dxt1 },
      { "texture_cache", test_texture_cache },
      { "texture_aniso", test_texture_aniso },
      { "texture_float", test_texture_float },
      { "texture_snorm", test_texture_snorm },
      { "texture_clamp", test_texture_clamp },
      { "texture_border_unswizzled", test_texture_border_unswizzled },
      { "texture_dxt1_srgb", test_texture_dxt1_srgb },
      { "mipmap", test_mipmap },
      { "cube_lod", test_cube_lod },
      { "texture_3d", test_texture_3d },
      { "index_batch", test_index_batch },
      { "vertex_data", test_vertex_data },
      { "flat", test_flat },
      { "quad_blend", test_quad_blend },
      { "depth", test_depth },
      { "depth_replace", test_depth_replace },
      { "vertex_overrun", test_vertex_overrun },
      { "refused_blend_func", test_refused_blend_func },
      { "refused_blend_equation", test_refused_blend_equation },
      { "refused_stencil_op", test_refused_stencil_op },
      { "refused_depth_func", test_refused_depth_func },
      { "refused_vp_start", test_refused_vp_start },
      { "refused_cull_face", test_refused_cull_face },
      { "illegal_method_name", test_illegal_method_name },
      { "fuzz", test_fuzz },
      { "polygon_offset_units", test_polygon_offset_units },
      { NULL, NULL },
   };
   return nvt_main(argc, argv, cases);
}
