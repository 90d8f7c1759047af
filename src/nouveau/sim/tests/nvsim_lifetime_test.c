/*
 * Buffers freed between submissions: nvsim never touches their memory
 * again.  A draw that spans two submissions (VERTEX_BEGIN_END in the
 * first, more vertices in the second, as upstream's nv30_vbo.c does when
 * the pushbuffer fills mid-primitive) must find, in the second, that the
 * vertex buffer or render target it used is gone: the GPU address maps no
 * buffer, so the channel traps (class and method decoded, as every trap),
 * and nothing reads or writes the freed bytes.  Run under AddressSanitizer
 * (a standalone build with -Db_sanitize=address) this also proves the
 * "never touches": the buffers here have nvsim-allocated backing, which
 * nvsim_bo_destroy frees once the GPU is done with them.
 *
 * Method facts: rnndb graph/nv30-40_3d.xml (hwdb nv30-40_3d.xml.h);
 * VB_VERTEX_BATCH: OFFSET in bits 0-23, COUNT - 1 in bits 24-31.
 */
#include <stdlib.h>
#include <string.h>

#include "nv30-40_3d.xml.h"
#include "nvisa_nv40_fp.h"
#include "nvisa_nv40_vp.h"
#include "nvsim_test.h"

#define H3D 0xbeef3097
#define SUBC 1
#define W 16
#define H 16
#define PITCH (W * 4)
#define STRIDE 32

struct lt {
   struct nvt_fx fx;
   struct nvsim_bo *color, *vtx, *fp;
   uint32_t *cmap;
};

static void
m(struct lt *t, uint32_t mthd, uint32_t data)
{
   nvt_out(&t->fx.push, nvt_inc(SUBC, mthd, 1));
   nvt_out(&t->fx.push, data);
}

static void
mf(struct lt *t, uint32_t mthd, float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   m(t, mthd, u);
}

/* Vertex i at window position (x, y): attribute 0 position, attribute 3
 * colour (red), STRIDE bytes apart; viewport window = ndc * 8 + 8. */
static void
put_vertex(struct lt *t, unsigned i, float x, float y)
{
   float v[8] = { (x - 8) / 8, (y - 8) / 8, 0, 1, 1, 0, 0, 1 };
   memcpy((uint8_t *)nvsim_bo_map(t->vtx) + STRIDE * i, v, sizeof(v));
}

/* An A8R8G8B8 16x16 colour target, no depth, VP "MOV o[HPOS], v[0];
 * MOV o[COL0], v[3]", FP "MOV R0, f[COL0]", vertex arrays from vtx. */
static bool
setup(struct lt *t)
{
   memset(t, 0, sizeof(*t));
   if (!nvt_fx_init(&t->fx, 0x40))
      return false;
   struct nvsim_device *dev = t->fx.dev;
   CHECK_EQ(nvsim_object_create(t->fx.chan, H3D, NV40_3D_CLASS), 0);
   t->color = nvsim_bo_create(dev, W * PITCH, NVSIM_DOMAIN_VRAM, NULL);
   t->vtx = nvsim_bo_create(dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   t->fp = nvsim_bo_create(dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   CHECK(t->color && t->vtx && t->fp);
   if (!t->color || !t->vtx || !t->fp)
      return false;
   t->cmap = nvsim_bo_map(t->color);

   uint32_t vram = t->fx.info.vram_ctxdma;
   nvt_out(&t->fx.push, nvt_inc(SUBC, 0, 1));
   nvt_out(&t->fx.push, H3D);
   m(t, NV30_3D_DMA_COLOR0, vram);
   m(t, NV30_3D_DMA_VTXBUF0, vram);
   m(t, NV30_3D_DMA_TEXTURE0, vram);
   m(t, NV30_3D_RT_HORIZ, W << 16);
   m(t, NV30_3D_RT_VERT, H << 16);
   m(t, NV30_3D_RT_FORMAT, NV30_3D_RT_FORMAT_TYPE_LINEAR |
                           NV30_3D_RT_FORMAT_COLOR_A8R8G8B8 |
                           NV30_3D_RT_FORMAT_ZETA_Z24S8);
   m(t, NV40_3D_COLOR0_PITCH, PITCH);
   m(t, NV30_3D_COLOR0_OFFSET, (uint32_t)nvsim_bo_offset(t->color));
   m(t, NV30_3D_RT_ENABLE, NV30_3D_RT_ENABLE_COLOR0);
   m(t, NV30_3D_SCISSOR_HORIZ, 0x10000000);
   m(t, NV30_3D_SCISSOR_VERT, 0x10000000);
   /* the viewport rectangle, as drivers send it with every viewport */
   m(t, NV30_3D_VIEWPORT_HORIZ, W << 16);
   m(t, NV30_3D_VIEWPORT_VERT, H << 16);
   m(t, NV30_3D_VIEWPORT_CLIP_HORIZ(0), (W - 1) << 16);
   m(t, NV30_3D_VIEWPORT_CLIP_VERT(0), (H - 1) << 16);
   m(t, NV30_3D_COLOR_MASK, 0x01010101);

   struct nvisa_nv40_vp_insn vi;
   uint32_t w[4];
   m(t, NV30_3D_VP_UPLOAD_FROM_ID, 0);
   for (unsigned i = 0; i < 2; i++) {
      nvisa_nv40_vp_insn_init(&vi);
      vi.vec_op = NVISA_NV40_VP_VEC_OP_MOV;
      vi.vec_mask = NVISA_MASK_XYZW;
      vi.out = i ? NVISA_NV40_VP_OUT_COL0 : NVISA_NV40_VP_OUT_HPOS;
      vi.out_is_vec = true;
      vi.src[0].file = NVISA_FILE_INPUT;
      vi.input = i ? 3 : 0;
      vi.last = i == 1;
      CHECK_EQ(nvisa_nv40_vp_encode(&vi, w), 0);
      for (unsigned k = 0; k < 4; k++)
         m(t, NV30_3D_VP_UPLOAD_INST(k), w[k]);
   }
   m(t, NV30_3D_VP_START_FROM_ID, 0);

   struct nvisa_nv40_fp_insn fi;
   nvisa_nv40_fp_insn_init(&fi);
   fi.op = NVISA_NV40_FP_OP_MOV;
   fi.out_reg = 0;
   fi.mask = NVISA_MASK_XYZW;
   fi.src[0].file = NVISA_FILE_INPUT;
   fi.input = NVISA_NV40_FP_INPUT_COL0;
   fi.end = true;
   CHECK_EQ(nvisa_nv40_fp_encode(&fi, nvsim_bo_map(t->fp)), 0);
   m(t, NV30_3D_FP_ACTIVE_PROGRAM,
     (uint32_t)nvsim_bo_offset(t->fp) | NV30_3D_FP_ACTIVE_PROGRAM_DMA0);
   m(t, NV30_3D_FP_CONTROL, 2u << NV40_3D_FP_CONTROL_TEMP_COUNT__SHIFT);

   mf(t, NV30_3D_VIEWPORT_TRANSLATE_X, 8.0f);
   mf(t, NV30_3D_VIEWPORT_TRANSLATE_Y, 8.0f);
   mf(t, NV30_3D_VIEWPORT_TRANSLATE_Z, 0.5f);
   mf(t, NV30_3D_VIEWPORT_SCALE_X, 8.0f);
   mf(t, NV30_3D_VIEWPORT_SCALE_Y, 8.0f);
   mf(t, NV30_3D_VIEWPORT_SCALE_Z, 0.5f);
   mf(t, NV30_3D_DEPTH_RANGE_NEAR, 0.0f);
   mf(t, NV30_3D_DEPTH_RANGE_FAR, 1.0f);

   uint32_t base = (uint32_t)nvsim_bo_offset(t->vtx);
   for (unsigned a = 0; a < 16; a++)
      m(t, NV30_3D_VTXFMT(a), NV30_3D_VTXFMT_TYPE_V32_FLOAT);
   uint32_t fmt = NV30_3D_VTXFMT_TYPE_V32_FLOAT |
                  (4 << NV30_3D_VTXFMT_SIZE__SHIFT) |
                  (STRIDE << NV30_3D_VTXFMT_STRIDE__SHIFT);
   m(t, NV30_3D_VTXFMT(0), fmt);
   m(t, NV30_3D_VTXFMT(3), fmt);
   m(t, NV30_3D_VTXBUF(0), base);
   m(t, NV30_3D_VTXBUF(3), base + 16);

   /* two triangles: (0.5,0.5) (3.5,0.5) (0.5,3.5) covers the pixels
    * with x + y <= 2 (top-left rule), the second one is far from it */
   put_vertex(t, 0, 0.5f, 0.5f);
   put_vertex(t, 1, 3.5f, 0.5f);
   put_vertex(t, 2, 0.5f, 3.5f);
   put_vertex(t, 3, 10.5f, 10.5f);
   put_vertex(t, 4, 13.5f, 10.5f);
   put_vertex(t, 5, 10.5f, 13.5f);
   return true;
}

static void
teardown(struct lt *t)
{
   if (t->color)
      nvsim_bo_destroy(t->color);
   if (t->vtx)
      nvsim_bo_destroy(t->vtx);
   if (t->fp)
      nvsim_bo_destroy(t->fp);
   nvt_fx_fini(&t->fx);
}

/* Submits what was written since the last submission and waits. */
static int64_t
run(struct lt *t)
{
   struct nvsim_bo *bos[3];
   unsigned n = 0;
   if (t->color)
      bos[n++] = t->color;
   if (t->vtx)
      bos[n++] = t->vtx;
   if (t->fp)
      bos[n++] = t->fp;
   int64_t seq = nvt_fx_submit(&t->fx, bos, n);
   CHECK(seq > 0);
   if (seq > 0)
      nvsim_wait_seq(t->fx.dev, seq);
   return seq;
}

/* The first submission begins the primitive and draws triangle 0..2. */
static bool
first_half(struct lt *t)
{
   m(t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   m(t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   run(t);
   const char *err = nvsim_channel_error(t->fx.chan);
   CHECK(!err);
   if (err)
      fprintf(stderr, "%s\n", err);
   /* red (A8R8G8B8 0xffff0000) at (0,0), nothing at (15,15) */
   CHECK_EQ(t->cmap[0], 0xffff0000u);
   CHECK_EQ(t->cmap[W * H - 1], 0);
   return !err;
}

/* The vertex buffer goes between the two submissions. */
static void
test_vertex_buffer_freed(void)
{
   struct lt t;
   if (!setup(&t) || !first_half(&t)) {
      teardown(&t);
      return;
   }
   nvsim_bo_destroy(t.vtx);
   t.vtx = NULL;
   /* vertices 3..5: bytes the first draw did not read */
   m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 3);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   run(&t);
   const char *err = nvsim_channel_error(t.fx.chan);
   CHECK(err);
   CHECK_STR_HAS(err, "NV40_3D");
   CHECK_STR_HAS(err, "VB_VERTEX_BATCH");
   CHECK_STR_HAS(err, "0x02000003");
   /* nothing of the second triangle was drawn */
   CHECK_EQ(t.cmap[11 * W + 11], 0);
   teardown(&t);
}

/* The render target goes between the two submissions. */
static void
test_render_target_freed(void)
{
   struct lt t;
   if (!setup(&t) || !first_half(&t)) {
      teardown(&t);
      return;
   }
   nvsim_bo_destroy(t.color);
   t.color = NULL;
   m(&t, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 3);
   m(&t, NV30_3D_VERTEX_BEGIN_END, NV30_3D_VERTEX_BEGIN_END_STOP);
   run(&t);
   const char *err = nvsim_channel_error(t.fx.chan);
   CHECK(err);
   CHECK_STR_HAS(err, "NV40_3D");
   CHECK_STR_HAS(err, "VB_VERTEX_BATCH");
   CHECK_STR_HAS(err, "colour 0");
   teardown(&t);
}

static const struct nvt_case cases[] = {
   { "vertex_buffer_freed", test_vertex_buffer_freed },
   { "render_target_freed", test_render_target_freed },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
