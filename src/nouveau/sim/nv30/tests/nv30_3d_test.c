/*
 * The rankine 3D classes (NV30_3D, NV35_3D, NV34_3D) through nvsim's
 * public interface: class sets per chip, the methods each class has,
 * and draws with rankine's encodings and layouts.  Expected values come
 * from rnndb (via hwdb), the GL specs and hand computation, written next
 * to each check.
 */
#include <stdlib.h>
#include <string.h>

#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nvisa_nv30_fp.h"
#include "nvisa_nv30_vp.h"
#include "nvsim_test.h"

#define H3D 0xbeef3097
#define SUBC 1
#define W 16
#define H 16
#define PITCH (W * 4)

struct fx30 {
   struct nvt_fx fx;
   struct nvsim_bo *color, *zeta, *vtx, *fp;
   uint32_t *cmap, *zmap;
   uint8_t *vmap;
   uint32_t *fpmap;
};

static void
m(struct fx30 *t, uint32_t mthd, uint32_t data)
{
   nvt_out(&t->fx.push, nvt_inc(SUBC, mthd, 1));
   nvt_out(&t->fx.push, data);
}

static void
mf(struct fx30 *t, uint32_t mthd, float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   m(t, mthd, u);
}

static bool
run(struct fx30 *t)
{
   struct nvsim_bo *bos[] = { t->color, t->zeta, t->vtx, t->fp };
   int64_t seq = nvt_fx_submit(&t->fx, bos, 4);
   if (seq > 0)
      nvsim_wait_seq(t->fx.dev, seq);
   bool ok = seq > 0 && !nvsim_channel_error(t->fx.chan);
   return ok;
}

/* chip `chipset`, a 3D object of class `oclass`, a 16x16 A8R8G8B8 +
 * Z24S8 target; rankine's COLOR0_PITCH carries both pitches. */
static bool
setup(struct fx30 *t, uint32_t chipset, uint32_t oclass)
{
   memset(t, 0, sizeof(*t));
   if (!nvt_fx_init(&t->fx, chipset))
      return false;
   CHECK_EQ(nvsim_object_create(t->fx.chan, H3D, oclass), 0);
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
   m(t, NV30_3D_COLOR0_PITCH, NV30_3D_COLOR0_PITCH_COLOR0(PITCH) |
                              NV30_3D_COLOR0_PITCH_ZETA(PITCH));
   m(t, NV30_3D_COLOR0_OFFSET, (uint32_t)nvsim_bo_offset(t->color));
   m(t, NV30_3D_ZETA_OFFSET, (uint32_t)nvsim_bo_offset(t->zeta));
   m(t, NV30_3D_RT_ENABLE, NV30_3D_RT_ENABLE_COLOR0);
   m(t, NV30_3D_SCISSOR_HORIZ, 0x10000000);
   m(t, NV30_3D_SCISSOR_VERT, 0x10000000);
   m(t, NV30_3D_VIEWPORT_HORIZ, W << 16);
   m(t, NV30_3D_VIEWPORT_VERT, H << 16);
   m(t, NV30_3D_VIEWPORT_CLIP_HORIZ(0), (W - 1) << 16);
   m(t, NV30_3D_VIEWPORT_CLIP_VERT(0), (H - 1) << 16);
   m(t, NV30_3D_COLOR_MASK, 0x01010101);
   mf(t, NV30_3D_VIEWPORT_TRANSLATE_X, 8.0f);
   mf(t, NV30_3D_VIEWPORT_TRANSLATE_Y, 8.0f);
   mf(t, NV30_3D_VIEWPORT_TRANSLATE_Z, 0.5f);
   mf(t, NV30_3D_VIEWPORT_SCALE_X, 8.0f);
   mf(t, NV30_3D_VIEWPORT_SCALE_Y, 8.0f);
   mf(t, NV30_3D_VIEWPORT_SCALE_Z, 0.5f);
   mf(t, NV30_3D_DEPTH_RANGE_NEAR, 0.0f);
   mf(t, NV30_3D_DEPTH_RANGE_FAR, 1.0f);
   return true;
}

static void
teardown(struct fx30 *t)
{
   nvsim_bo_destroy(t->color);
   nvsim_bo_destroy(t->zeta);
   nvsim_bo_destroy(t->vtx);
   nvsim_bo_destroy(t->fp);
   nvt_fx_fini(&t->fx);
}

/* ---- classes ---- */

/* fifo.xml (rnndb nv_object.xml), ranges in chipset order NV30 NV35 NV31
 * NV36 NV34: 0x0397 NV30:NV40, 0x0497 NV35:NV34, 0x0697 NV34:NV40; curie
 * on none of them; the NV30 2D helpers on all. */
static void
test_class_sets(void)
{
   static const struct {
      uint32_t chipset;
      bool nv35_3d, nv34_3d;
   } chips[] = {
      { 0x30, false, false }, { 0x31, true, false }, { 0x34, false, true },
      { 0x35, true, false }, { 0x36, true, false },
   };
   for (unsigned i = 0; i < sizeof(chips) / sizeof(chips[0]); i++) {
      struct nvt_fx fx;
      if (!nvt_fx_init(&fx, chips[i].chipset))
         return;
      CHECK_EQ(nvsim_object_create(fx.chan, 0x100, NV30_3D_CLASS), 0);
      CHECK_EQ(nvsim_object_create(fx.chan, 0x101, NV35_3D_CLASS) == 0,
               chips[i].nv35_3d);
      CHECK_EQ(nvsim_object_create(fx.chan, 0x102, NV34_3D_CLASS) == 0,
               chips[i].nv34_3d);
      CHECK(nvsim_object_create(fx.chan, 0x103, NV40_3D_CLASS) != 0);
      CHECK_EQ(nvsim_object_create(fx.chan, 0x104, NV30_SIFM_CLASS), 0);
      CHECK_EQ(nvsim_object_create(fx.chan, 0x105, NV30_SURFACE_SWZ_CLASS), 0);
      CHECK_EQ(nvsim_object_create(fx.chan, 0x106, NV10_SURFACE_2D_CLASS), 0);
      CHECK(nvsim_object_create(fx.chan, 0x107, NV40_SIFM_CLASS) != 0);
      nvt_fx_fini(&fx);
   }
}

/* A method hwdb gives curie only traps on rankine (0x1714
 * VTX_CACHE_INVALIDATE, 0x1ff4 VP_RESULT_EN, ...); a rankine-only one
 * does not (MODELVIEW_MATRIX, the one curie refuses).  (Curie's
 * DMA_COLOR2 is not among them: 0x180-0x1fc carry object handles, which
 * the core looks up before any class sees the method.) */
static void
test_methods(void)
{
   static const uint32_t curie_only[] = {
      NV40_3D_VTX_CACHE_INVALIDATE, NV40_3D_VP_RESULT_EN,
      NV40_3D_TEX_CACHE_CTL, NV40_3D_VB_ELEMENT_BASE,
   };
   for (unsigned i = 0; i < sizeof(curie_only) / sizeof(curie_only[0]); i++) {
      struct fx30 t;
      if (!setup(&t, 0x30, NV30_3D_CLASS))
         return;
      m(&t, curie_only[i], 0);
      CHECK(!run(&t));
      CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "does not have");
      teardown(&t);
   }
   struct fx30 t;
   if (!setup(&t, 0x30, NV30_3D_CLASS))
      return;
   mf(&t, NV30_3D_MODELVIEW_MATRIX(0), 1.0f);
   CHECK(run(&t));
   teardown(&t);
}

/* Depth bounds (EXT_depth_bounds_test) is NV35_3D's (hwdb variants
 * "NV35_3D NV40_RANKINE_3D NV40_3D-NV44_3D"): illegal on NV30_3D and
 * NV34_3D, accepted on NV35_3D. */
static void
test_depth_bounds_class(void)
{
   static const struct {
      uint32_t chipset, oclass;
      bool legal;
   } cases[] = {
      { 0x30, NV30_3D_CLASS, false },
      { 0x34, NV34_3D_CLASS, false },
      { 0x35, NV35_3D_CLASS, true },
   };
   for (unsigned i = 0; i < 3; i++) {
      struct fx30 t;
      if (!setup(&t, cases[i].chipset, cases[i].oclass))
         return;
      m(&t, NV35_3D_DEPTH_BOUNDS_TEST_ENABLE, 0);
      CHECK_EQ(run(&t), cases[i].legal);
      teardown(&t);
   }
}

/* ---- drawing ---- */

/* VP, rankine encoding: MOV o[HPOS], v[0]; MOV o[COL0], v[3] and (with
 * tc) MOV o[TC0], v[3]. */
static void
upload_vp(struct fx30 *t, bool tc)
{
   struct nvisa_nv30_vp_insn vi;
   uint32_t w[4];
   m(t, NV30_3D_VP_UPLOAD_FROM_ID, 0);
   for (unsigned i = 0; i < 2; i++) {
      nvisa_nv30_vp_insn_init(&vi);
      vi.vec_op = NVISA_NV30_VP_VEC_OP_MOV;
      vi.out = i == 0 ? NVISA_NV30_VP_OUT_HPOS :
               tc ? NVISA_NV30_VP_OUT_TC0 : NVISA_NV30_VP_OUT_COL0;
      vi.out_target = true;
      vi.out_vec_mask = NVISA_MASK_XYZW;
      vi.src[0].file = NVISA_FILE_INPUT;
      vi.input = i ? 3 : 0;
      vi.last = i == 1;
      CHECK_EQ(nvisa_nv30_vp_encode(&vi, w), 0);
      for (unsigned k = 0; k < 4; k++)
         m(t, NV30_3D_VP_UPLOAD_INST(k), w[k]);
   }
   m(t, NV30_3D_VP_START_FROM_ID, 0);
}

/* FP, rankine encoding: MOVR R0, f[COL0] or TEX R0, f[TC0], TEX0; END. */
static void
upload_fp(struct fx30 *t, bool tex)
{
   struct nvisa_nv40_fp_insn fi;
   nvisa_nv40_fp_insn_init(&fi);
   fi.op = tex ? NVISA_NV30_FP_OP_TEX : NVISA_NV30_FP_OP_MOV;
   fi.out_reg = 0;
   fi.mask = NVISA_MASK_XYZW;
   fi.src[0].file = NVISA_FILE_INPUT;
   fi.input = tex ? NVISA_NV30_FP_INPUT_TC0 : NVISA_NV30_FP_INPUT_COL0;
   fi.end = true;
   CHECK_EQ(nvisa_nv30_fp_encode(&fi, t->fpmap), 0);
   m(t, NV30_3D_FP_ACTIVE_PROGRAM,
     (uint32_t)nvsim_bo_offset(t->fp) | NV30_3D_FP_ACTIVE_PROGRAM_DMA0);
   m(t, NV30_3D_FP_CONTROL, 0);
}

static void
put_vertex(struct fx30 *t, unsigned i, float wx, float wy, const float a3[4])
{
   float v[8] = { (wx - 8.0f) / 8.0f, (wy - 8.0f) / 8.0f, 0.0f, 1.0f,
                  a3[0], a3[1], a3[2], a3[3] };
   memcpy(t->vmap + 32 * i, v, sizeof(v));
}

static void
vertex_arrays(struct fx30 *t)
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

/* A quad over the whole target, attribute 3 = a3 at every vertex. */
static bool
draw_quad(struct fx30 *t, const float a3[4])
{
   vertex_arrays(t);
   put_vertex(t, 0, 0, 0, a3);
   put_vertex(t, 1, 16, 0, a3);
   put_vertex(t, 2, 16, 16, a3);
   put_vertex(t, 3, 0, 16, a3);
   m(t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_QUADS);
   m(t, NV30_3D_VB_VERTEX_BATCH, (3u << 24) | 0);
   m(t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   bool ok = run(t);
   if (!ok)
      fprintf(stderr, "%s\n", nvsim_channel_error(t->fx.chan));
   return ok;
}

/* The rankine programs colour the target: red on A8R8G8B8 is 0xffff0000.
 * With the depth test on (LESS, zeta all 1.0 = 0xffffff00 in Z24S8 at
 * COLOR0_PITCH's ZETA pitch), z = 0.5 passes and is written: 0.5 *
 * (2^24 - 1) = 0x7fffff.8, stored as 0x7fffff or 0x800000 (GL 2.1
 * section 2.11.1 leaves the rounding to the implementation). */
static void
test_draw(void)
{
   static const uint32_t chips[][2] = {
      { 0x30, NV30_3D_CLASS }, { 0x34, NV34_3D_CLASS }, { 0x35, NV35_3D_CLASS },
   };
   for (unsigned c = 0; c < 3; c++) {
      struct fx30 t;
      if (!setup(&t, chips[c][0], chips[c][1]))
         return;
      for (unsigned i = 0; i < W * H; i++)
         t.zmap[i] = 0xffffff00u;
      m(&t, NV30_3D_DEPTH_TEST_ENABLE, 1);
      m(&t, NV30_3D_DEPTH_WRITE_ENABLE, 1);
      upload_vp(&t, false);
      upload_fp(&t, false);
      static const float red[4] = { 1, 0, 0, 1 };
      CHECK(draw_quad(&t, red));
      CHECK_EQ(t.cmap[0], 0xffff0000u);
      CHECK_EQ(t.cmap[W * H - 1], 0xffff0000u);
      uint32_t z = t.zmap[5 * W + 7] >> 8;
      CHECK(z == 0x7fffffu || z == 0x800000u);
      teardown(&t);
   }
}

/* Depth bounds on NV35_3D (EXT_depth_bounds_test): a fragment is
 * discarded when the depth already stored at its pixel is outside
 * [ZMIN, ZMAX].  Bounds [0.6, 1.0]: stored 1.0 (0xffffff) passes, stored
 * 0.25 (0x3fffff) does not; the depth test itself is off. */
static void
test_depth_bounds(void)
{
   for (unsigned k = 0; k < 2; k++) {
      struct fx30 t;
      if (!setup(&t, 0x35, NV35_3D_CLASS))
         return;
      for (unsigned i = 0; i < W * H; i++)
         t.zmap[i] = k ? 0x3fffff00u : 0xffffff00u;
      m(&t, NV35_3D_DEPTH_BOUNDS_TEST_ENABLE, 1);
      mf(&t, NV35_3D_DEPTH_BOUNDS_TEST_ZMIN, 0.6f);
      mf(&t, NV35_3D_DEPTH_BOUNDS_TEST_ZMAX, 1.0f);
      upload_vp(&t, false);
      upload_fp(&t, false);
      static const float red[4] = { 1, 0, 0, 1 };
      CHECK(draw_quad(&t, red));
      CHECK_EQ(t.cmap[3 * W + 3], k ? 0u : 0xffff0000u);
      teardown(&t);
   }
}

/* Point size on rankine (no VP_RESULT_EN): the program's PSZ.x when it
 * writes PSZ, else POINT_SIZE.  A point at (8, 8): PSZ = 4 (from c[0])
 * covers 4x4 = 16 pixels; without the PSZ write, POINT_SIZE 2 covers
 * 2x2 = 4 (GL 2.1 section 3.4: an aliased point of size s covers the
 * s x s square around it). */
static void
test_point_size(void)
{
   for (unsigned k = 0; k < 2; k++) {
      struct fx30 t;
      if (!setup(&t, 0x30, NV30_3D_CLASS))
         return;
      struct nvisa_nv30_vp_insn vi;
      uint32_t w[4];
      m(&t, NV30_3D_VP_UPLOAD_FROM_ID, 0);
      for (unsigned i = 0; i < 3; i++) {
         nvisa_nv30_vp_insn_init(&vi);
         vi.vec_op = NVISA_NV30_VP_VEC_OP_MOV;
         vi.out_target = true;
         vi.out_vec_mask = NVISA_MASK_XYZW;
         vi.src[0].file = NVISA_FILE_INPUT;
         if (i == 0) {
            vi.out = NVISA_NV30_VP_OUT_HPOS;
         } else if (i == 1) {
            vi.out = NVISA_NV30_VP_OUT_COL0;
            vi.input = 3;
         } else {
            vi.out = NVISA_NV30_VP_OUT_PSZ;
            vi.out_vec_mask = k ? 0 : NVISA_MASK_X;
            vi.src[0].file = NVISA_FILE_CONST;
         }
         vi.last = i == 2;
         CHECK_EQ(nvisa_nv30_vp_encode(&vi, w), 0);
         for (unsigned c = 0; c < 4; c++)
            m(&t, NV30_3D_VP_UPLOAD_INST(c), w[c]);
      }
      m(&t, NV30_3D_VP_START_FROM_ID, 0);
      m(&t, NV30_3D_VP_UPLOAD_CONST_ID, 0);
      mf(&t, NV30_3D_VP_UPLOAD_CONST_X(0), 4.0f);
      mf(&t, NV30_3D_VP_UPLOAD_CONST_Y(0), 0.0f);
      mf(&t, NV30_3D_VP_UPLOAD_CONST_Z(0), 0.0f);
      mf(&t, NV30_3D_VP_UPLOAD_CONST_W(0), 0.0f);
      mf(&t, NV30_3D_POINT_SIZE, 2.0f);
      upload_fp(&t, false);
      vertex_arrays(&t);
      static const float red[4] = { 1, 0, 0, 1 };
      put_vertex(&t, 0, 8, 8, red);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_POINTS);
      m(&t, NV30_3D_VB_VERTEX_BATCH, 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      unsigned lit = 0;
      for (unsigned i = 0; i < W * H; i++)
         lit += t.cmap[i] == 0xffff0000u;
      CHECK_EQ(lit, k ? 4u : 16u);
      teardown(&t);
   }
}

/* The identity texture swizzle (upstream's 0xaae4 for A8R8G8B8). */
static const uint32_t swz_identity =
   NV30_3D_TEX_SWIZZLE_S0_X_S1 | NV30_3D_TEX_SWIZZLE_S0_Y_S1 |
   NV30_3D_TEX_SWIZZLE_S0_Z_S1 | NV30_3D_TEX_SWIZZLE_S0_W_S1 |
   NV30_3D_TEX_SWIZZLE_S1_X_X | NV30_3D_TEX_SWIZZLE_S1_Y_Y |
   NV30_3D_TEX_SWIZZLE_S1_Z_Z | NV30_3D_TEX_SWIZZLE_S1_W_W;

static void
texture_unit(struct fx30 *t, uint32_t format, uint32_t npot, uint32_t swz)
{
   m(t, NV30_3D_TEX_OFFSET(0), (uint32_t)nvsim_bo_offset(t->fp) + 1024);
   m(t, NV30_3D_TEX_FORMAT(0), NV30_3D_TEX_FORMAT_DMA0 |
                               NV30_3D_TEX_FORMAT_NO_BORDER |
                               NV30_3D_TEX_FORMAT_DIMS_2D | format);
   m(t, NV30_3D_TEX_NPOT_SIZE(0), npot);
   m(t, NV30_3D_TEX_WRAP(0), NV30_3D_TEX_WRAP_S_CLAMP_TO_EDGE |
                             NV30_3D_TEX_WRAP_T_CLAMP_TO_EDGE);
   m(t, NV30_3D_TEX_FILTER(0), NV30_3D_TEX_FILTER_MIN_NEAREST |
                               NV30_3D_TEX_FILTER_MAG_NEAREST);
   m(t, NV30_3D_TEX_SWIZZLE(0), swz);
   m(t, NV30_3D_TEX_ENABLE(0), NV30_3D_TEX_ENABLE_ENABLE);
}

/* A swizzled 4x4 A8R8G8B8 texture, its size in BASE_SIZE (log2 2, 2):
 * texel (x, y) at the Morton index (x0 y0 x1 y1 from bit 0), so (1, 1)
 * is texel 3 where a linear layout has 5.  Texture coordinate (0.375,
 * 0.375) is texel (1.5, 1.5) -> (1, 1) with nearest filtering. */
static void
test_texture_swizzled(void)
{
   struct fx30 t;
   if (!setup(&t, 0x30, NV30_3D_CLASS))
      return;
   uint32_t *tex = t.fpmap + 256;
   for (unsigned i = 0; i < 16; i++)
      tex[i] = 0xff000000u | i;
   upload_vp(&t, true);
   upload_fp(&t, true);
   texture_unit(&t, NV30_3D_TEX_FORMAT_FORMAT_A8R8G8B8 |
                    NV30_3D_TEX_FORMAT_BASE_SIZE_U(2) |
                    NV30_3D_TEX_FORMAT_BASE_SIZE_V(2), (4 << 16) | 4,
                swz_identity);
   static const float tc[4] = { 0.375f, 0.375f, 0, 1 };
   CHECK(draw_quad(&t, tc));
   CHECK_EQ(t.cmap[0], 0xff000003u);
   teardown(&t);
}

/* Mipmaps on rankine: MIPMAP set, a swizzled 4x4 A8R8G8B8 texture whose
 * level 0 is red and level 1 (2x2, packed right after: 64 bytes in)
 * green, drawn over 2x2 pixels with coordinates 0..1: 2 texels per
 * pixel, lambda = 1, level 1 with NEAREST_MIPMAP_NEAREST when MAX_LOD
 * (4.8 fixed point at bit 6 of TEX_ENABLE, hwdb) allows 1.0; level 0
 * when MAX_LOD is 0 (GL 2.1 section 3.8.8, lambda clamped to MAX_LOD).
 * Case 2: over 16x16 pixels (lambda -2) with LOD_BIAS +2.75 (5.8 fixed
 * point, 0x2c0): lambda 0.75, level ceil(0.75 + 1/2) - 1 = 1, green
 * (rnndb's bits 8-11 would read a bias of 2: level 0, red). */
static void
test_mipmap(void)
{
   for (unsigned k = 0; k < 3; k++) {
      struct fx30 t;
      if (!setup(&t, 0x30, NV30_3D_CLASS))
         return;
      uint32_t *tex = t.fpmap + 256;
      for (unsigned i = 0; i < 16; i++)
         tex[i] = 0xffff0000u;
      for (unsigned i = 0; i < 4; i++)
         tex[16 + i] = 0xff00ff00u;
      upload_vp(&t, true);
      upload_fp(&t, true);
      texture_unit(&t, NV30_3D_TEX_FORMAT_FORMAT_A8R8G8B8 |
                       NV30_3D_TEX_FORMAT_MIPMAP |
                       NV30_3D_TEX_FORMAT_BASE_SIZE_U(2) |
                       NV30_3D_TEX_FORMAT_BASE_SIZE_V(2), (4 << 16) | 4,
                   swz_identity);
      m(&t, NV30_3D_TEX_FILTER(0), NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_NEAREST |
                                   NV30_3D_TEX_FILTER_MAG_NEAREST |
                                   (k == 2 ? 0x2c0u : 0u));
      m(&t, NV30_3D_TEX_ENABLE(0), NV30_3D_TEX_ENABLE_ENABLE |
                                   ((k == 1 ? 0u : 256u) << NV30_3D_TEX_ENABLE_MAX_LOD__SHIFT));
      float size = k == 2 ? 16.0f : 2.0f;
      vertex_arrays(&t);
      static const float tc[4][4] = { { 0, 0, 0, 1 }, { 1, 0, 0, 1 },
                                      { 1, 1, 0, 1 }, { 0, 1, 0, 1 } };
      put_vertex(&t, 0, 0, 0, tc[0]);
      put_vertex(&t, 1, size, 0, tc[1]);
      put_vertex(&t, 2, size, size, tc[2]);
      put_vertex(&t, 3, 0, size, tc[3]);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_QUADS);
      m(&t, NV30_3D_VB_VERTEX_BATCH, (3u << 24) | 0);
      m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
      CHECK(run(&t));
      uint32_t want = k == 1 ? 0xffff0000u : 0xff00ff00u;
      CHECK_EQ(t.cmap[0], want);
      CHECK_EQ(t.cmap[W + 1], want);
      teardown(&t);
   }
}

/* Rankine has no TEX_CACHE_CTL and upstream never invalidates texels
 * after an upload on NV3x: a second draw after the texels change in
 * memory shows the new ones (curie keeps them until INVALIDATE, the nv40
 * texture_cache test). */
static void
test_texture_no_stale_cache(void)
{
   struct fx30 t;
   if (!setup(&t, 0x30, NV30_3D_CLASS))
      return;
   uint32_t *tex = t.fpmap + 256;
   for (unsigned i = 0; i < 16; i++)
      tex[i] = 0xff0000ffu;
   upload_vp(&t, true);
   upload_fp(&t, true);
   texture_unit(&t, NV30_3D_TEX_FORMAT_FORMAT_A8R8G8B8 |
                    NV30_3D_TEX_FORMAT_BASE_SIZE_U(2) |
                    NV30_3D_TEX_FORMAT_BASE_SIZE_V(2), (4 << 16) | 4,
                swz_identity);
   static const float tc[4] = { 0.375f, 0.375f, 0, 1 };
   CHECK(draw_quad(&t, tc));
   CHECK_EQ(t.cmap[0], 0xff0000ffu);
   for (unsigned i = 0; i < 16; i++)
      tex[i] = 0xff00ff00u;
   CHECK(draw_quad(&t, tc));
   CHECK_EQ(t.cmap[0], 0xff00ff00u);
   teardown(&t);
}

/* Rankine has 8 texture units (hwdb's rankine TEX_* arrays): a fragment
 * program sampling unit 9 traps its channel, with the reason. */
static void
test_texture_unit_range(void)
{
   struct fx30 t;
   if (!setup(&t, 0x30, NV30_3D_CLASS))
      return;
   upload_vp(&t, true);
   struct nvisa_nv40_fp_insn fi;
   nvisa_nv40_fp_insn_init(&fi);
   fi.op = NVISA_NV30_FP_OP_TEX;
   fi.mask = NVISA_MASK_XYZW;
   fi.src[0].file = NVISA_FILE_INPUT;
   fi.input = NVISA_NV30_FP_INPUT_TC0;
   fi.tex_unit = 9;
   fi.end = true;
   CHECK_EQ(nvisa_nv30_fp_encode(&fi, t.fpmap), 0);
   m(&t, NV30_3D_FP_ACTIVE_PROGRAM,
     (uint32_t)nvsim_bo_offset(t.fp) | NV30_3D_FP_ACTIVE_PROGRAM_DMA0);
   static const float tc[4] = { 0.5f, 0.5f, 0, 1 };
   vertex_arrays(&t);
   for (unsigned i = 0; i < 4; i++)
      put_vertex(&t, i, (i == 1 || i == 2) ? 16 : 0, i >= 2 ? 16 : 0, tc);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_QUADS);
   m(&t, NV30_3D_VB_VERTEX_BATCH, (3u << 24) | 0);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   CHECK(!run(&t));
   CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "rankine has 8");
   teardown(&t);
}

/* sRGB texels on rankine (EXT_texture_sRGB, implemented on GeForce FX):
 * with TEX_WRAP GAMMA_DECREASE_FILTER on R, G and B, a texel 0x80 is
 * 128/255 in sRGB = ((0.50196 + 0.055) / 1.055)^2.4 = 0.21586 linear
 * (the extension's formula), 55.04 of 255: 0x37; alpha stays linear. */
static void
test_texture_srgb(void)
{
   struct fx30 t;
   if (!setup(&t, 0x30, NV30_3D_CLASS))
      return;
   uint32_t *tex = t.fpmap + 256;
   for (unsigned i = 0; i < 16; i++)
      tex[i] = 0x80808080u;
   upload_vp(&t, true);
   upload_fp(&t, true);
   texture_unit(&t, NV30_3D_TEX_FORMAT_FORMAT_A8R8G8B8 |
                    NV30_3D_TEX_FORMAT_BASE_SIZE_U(2) |
                    NV30_3D_TEX_FORMAT_BASE_SIZE_V(2), (4 << 16) | 4,
                swz_identity);
   m(&t, NV30_3D_TEX_WRAP(0), NV30_3D_TEX_WRAP_S_CLAMP_TO_EDGE |
                              NV30_3D_TEX_WRAP_T_CLAMP_TO_EDGE |
                              NV30_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_RED |
                              NV30_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_GREEN |
                              NV30_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_BLUE);
   static const float tc[4] = { 0.375f, 0.375f, 0, 1 };
   CHECK(draw_quad(&t, tc));
   CHECK_EQ(t.cmap[0], 0x80373737u);
   teardown(&t);
}

/* A rectangle texture (NV_texture_rectangle): A8R8G8B8_RECT, 3x2 texels
 * in rows of RECT_PITCH = 16 bytes, unnormalized coordinates: (1.5, 1.5)
 * is texel (1, 1), at byte 16 + 4. */
static void
test_texture_rect(void)
{
   struct fx30 t;
   if (!setup(&t, 0x30, NV30_3D_CLASS))
      return;
   uint32_t *tex = t.fpmap + 256;
   for (unsigned i = 0; i < 8; i++)
      tex[i] = 0xff000000u | (0x10u * i);
   upload_vp(&t, true);
   upload_fp(&t, true);
   texture_unit(&t, NV30_3D_TEX_FORMAT_FORMAT_A8R8G8B8_RECT, (3 << 16) | 2,
                swz_identity | (16u << NV30_3D_TEX_SWIZZLE_RECT_PITCH__SHIFT));
   static const float tc[4] = { 1.5f, 1.5f, 0, 1 };
   CHECK(draw_quad(&t, tc));
   CHECK_EQ(t.cmap[0], 0xff000050u);
   teardown(&t);
}

/* Rankine's one blend equation (a GL enum, hwdb BLEND_EQUATION):
 * FUNC_REVERSE_SUBTRACT with ONE, ONE gives dst - src (GL 2.1 table
 * 4.1): dst 0xff808080, src red (1, 0, 0, 1) -> (0, 0x80, 0x80, 0)
 * = 0x00008080 (negative clamped to 0). */
static void
test_blend_equation(void)
{
   struct fx30 t;
   if (!setup(&t, 0x30, NV30_3D_CLASS))
      return;
   for (unsigned i = 0; i < W * H; i++)
      t.cmap[i] = 0xff808080u;
   upload_vp(&t, false);
   upload_fp(&t, false);
   m(&t, NV30_3D_BLEND_FUNC_ENABLE, 1);
   m(&t, NV30_3D_BLEND_FUNC_SRC, NV30_3D_BLEND_FUNC_SRC_RGB_ONE |
                                 NV30_3D_BLEND_FUNC_SRC_ALPHA_ONE);
   m(&t, NV30_3D_BLEND_FUNC_DST, NV30_3D_BLEND_FUNC_DST_RGB_ONE |
                                 NV30_3D_BLEND_FUNC_DST_ALPHA_ONE);
   m(&t, NV30_3D_BLEND_EQUATION, NV30_3D_BLEND_EQUATION_FUNC_REVERSE_SUBTRACT);
   static const float red[4] = { 1, 0, 0, 1 };
   CHECK(draw_quad(&t, red));
   CHECK_EQ(t.cmap[0], 0x00008080u);
   teardown(&t);
}

/* Rankine's BLEND_EQUATION is one GL enum (hwdb, rankine variant): the
 * curie form (RGB and ALPHA halves) is not a value of it, traps at the
 * method and is dropped, so the draw uses the previous
 * FUNC_REVERSE_SUBTRACT: 0x00008080 as in test_blend_equation. */
static void
test_blend_equation_refused(void)
{
   struct fx30 t;
   if (!setup(&t, 0x34, NV34_3D_CLASS))
      return;
   for (unsigned i = 0; i < W * H; i++)
      t.cmap[i] = 0xff808080u;
   upload_vp(&t, false);
   upload_fp(&t, false);
   m(&t, NV30_3D_BLEND_FUNC_ENABLE, 1);
   m(&t, NV30_3D_BLEND_FUNC_SRC, NV30_3D_BLEND_FUNC_SRC_RGB_ONE |
                                 NV30_3D_BLEND_FUNC_SRC_ALPHA_ONE);
   m(&t, NV30_3D_BLEND_FUNC_DST, NV30_3D_BLEND_FUNC_DST_RGB_ONE |
                                 NV30_3D_BLEND_FUNC_DST_ALPHA_ONE);
   m(&t, NV30_3D_BLEND_EQUATION, NV30_3D_BLEND_EQUATION_FUNC_REVERSE_SUBTRACT);
   CHECK(run(&t));
   m(&t, NV30_3D_BLEND_EQUATION, NV40_3D_BLEND_EQUATION_RGB_FUNC_ADD |
                                 NV40_3D_BLEND_EQUATION_ALPHA_FUNC_ADD);
   run(&t);
   CHECK(!nvsim_channel_dead(t.fx.chan));
   CHECK_EQ(nvsim_channel_traps(t.fx.chan), 1);
   const char *line = nvsim_channel_last_trap(t.fx.chan);
   CHECK(line && strstr(line, "(BLEND_EQUATION)") &&
         strstr(line, "INVALID_VALUE"));
   static const float red[4] = { 1, 0, 0, 1 };
   draw_quad(&t, red);   /* false: the channel has trapped before */
   CHECK_EQ(nvsim_channel_traps(t.fx.chan), 1);
   CHECK_EQ(t.cmap[0], 0x00008080u);
   CHECK_EQ(t.cmap[W * H - 1], 0x00008080u);
   teardown(&t);
}

int
main(int argc, char **argv)
{
   static const struct nvt_case cases[] = {
      { "class_sets", test_class_sets },
      { "methods", test_methods },
      { "depth_bounds_class", test_depth_bounds_class },
      { "draw", test_draw },
      { "depth_bounds", test_depth_bounds },
      { "point_size", test_point_size },
      { "texture_swizzled", test_texture_swizzled },
      { "texture_rect", test_texture_rect },
      { "texture_srgb", test_texture_srgb },
      { "texture_unit_range", test_texture_unit_range },
      { "mipmap", test_mipmap },
      { "texture_no_stale_cache", test_texture_no_stale_cache },
      { "blend_equation", test_blend_equation },
      { "blend_equation_refused", test_blend_equation_refused },
      { NULL, NULL },
   };
   return nvt_main(argc, argv, cases);
}
