/*
 * The 2D helper objects (SURFACE_2D, SURFACE_SWZ, SIFM) through nvsim's
 * public interface.  Expected pixels are computed by hand from the method
 * semantics (rnndb nv1_ifm.xml: OUT/CLIP rectangles, 12.20 steps, 12.4
 * source point) and the NV10-NV40 swizzled layout (x and y bits
 * interleaved, x first, upstream nv30_transfer.c swizzle2d_ptr), written
 * beside each check.
 */
#include <stdlib.h>
#include <string.h>

#include "fifo.xml.h"
#include "nv_2d.xml.h"
#include "nv40_2d.h"
#include "nvsim_test.h"

#define H_SF2D 0xbeef6201
#define H_SSWZ 0xbeef5201
#define H_SIFM 0xbeef7701
#define SUBC_SF2D 3
#define SUBC_SSWZ 4
#define SUBC_SIFM 5

struct fx2d {
   struct nvt_fx fx;
   struct nvsim_bo *src, *dst;
   uint8_t *smap, *dmap;
};

static void
m(struct fx2d *t, unsigned subc, uint32_t mthd, uint32_t data)
{
   nvt_out(&t->fx.push, nvt_inc(subc, mthd, 1));
   nvt_out(&t->fx.push, data);
}

static bool
run(struct fx2d *t)
{
   struct nvsim_bo *bos[] = { t->src, t->dst };
   int64_t seq = nvt_fx_submit(&t->fx, bos, 2);
   if (seq > 0)
      nvsim_wait_seq(t->fx.dev, seq);
   return seq > 0 && !nvsim_channel_error(t->fx.chan);
}

static bool
setup(struct fx2d *t)
{
   memset(t, 0, sizeof(*t));
   if (!nvt_fx_init(&t->fx, 0x40))
      return false;
   /* registered here: the chip tables of the core may not list them yet */
   nvsim_device_add_class(t->fx.dev, &nvsim_nv04_surface_2d_class);
   nvsim_device_add_class(t->fx.dev, &nvsim_nv04_surface_swz_class);
   nvsim_device_add_class(t->fx.dev, &nvsim_nv05_sifm_class);
   CHECK_EQ(nvsim_object_create(t->fx.chan, H_SF2D, NV10_SURFACE_2D_CLASS), 0);
   CHECK_EQ(nvsim_object_create(t->fx.chan, H_SSWZ, NV40_SURFACE_SWZ_CLASS), 0);
   CHECK_EQ(nvsim_object_create(t->fx.chan, H_SIFM, NV40_SIFM_CLASS), 0);
   t->src = nvsim_bo_create(t->fx.dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   t->dst = nvsim_bo_create(t->fx.dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   CHECK(t->src && t->dst);
   if (!t->src || !t->dst)
      return false;
   t->smap = nvsim_bo_map(t->src);
   t->dmap = nvsim_bo_map(t->dst);
   memset(t->smap, 0, 4096);
   memset(t->dmap, 0, 4096);
   nvt_out(&t->fx.push, nvt_inc(SUBC_SF2D, 0, 1));
   nvt_out(&t->fx.push, H_SF2D);
   nvt_out(&t->fx.push, nvt_inc(SUBC_SSWZ, 0, 1));
   nvt_out(&t->fx.push, H_SSWZ);
   nvt_out(&t->fx.push, nvt_inc(SUBC_SIFM, 0, 1));
   nvt_out(&t->fx.push, H_SIFM);
   return true;
}

static void
teardown(struct fx2d *t)
{
   nvsim_bo_destroy(t->src);
   nvsim_bo_destroy(t->dst);
   nvt_fx_fini(&t->fx);
}

static uint32_t
rd32(const uint8_t *p)
{
   uint32_t v;
   memcpy(&v, p, 4);
   return v;
}

static uint16_t
rd16(const uint8_t *p)
{
   uint16_t v;
   memcpy(&v, p, 2);
   return v;
}

/* The source block of a SIFM draw, 1:1, point sampled, centre origin. */
static void
sifm_draw(struct fx2d *t, uint32_t color_format, uint32_t out_point,
          uint32_t out_size, uint32_t clip_point, uint32_t clip_size,
          uint32_t size, uint32_t pitch, uint32_t point)
{
   uint32_t vram = t->fx.info.vram_ctxdma;
   m(t, SUBC_SIFM, NV4_SIFM_DMA_IMAGE, vram);
   m(t, SUBC_SIFM, NV4_SIFM_COLOR_FORMAT, color_format);
   m(t, SUBC_SIFM, NV4_SIFM_OPERATION, NV4_SIFM_OPERATION_SRCCOPY);
   m(t, SUBC_SIFM, NV4_SIFM_CLIP_POINT, clip_point);
   m(t, SUBC_SIFM, NV4_SIFM_CLIP_SIZE, clip_size);
   m(t, SUBC_SIFM, NV4_SIFM_OUT_POINT, out_point);
   m(t, SUBC_SIFM, NV4_SIFM_OUT_SIZE, out_size);
   m(t, SUBC_SIFM, NV4_SIFM_DU_DX, 1u << 20);   /* 1.0 in 12.20 */
   m(t, SUBC_SIFM, NV4_SIFM_DV_DY, 1u << 20);
   m(t, SUBC_SIFM, NV4_SIFM_SIZE, size);
   m(t, SUBC_SIFM, NV4_SIFM_FORMAT, pitch | NV4_SIFM_FORMAT_ORIGIN_CENTER |
                                    NV4_SIFM_FORMAT_FILTER_POINT_SAMPLE);
   m(t, SUBC_SIFM, NV4_SIFM_OFFSET, (uint32_t)nvsim_bo_offset(t->src));
   m(t, SUBC_SIFM, NV4_SIFM_POINT, point);
}

/* A 4x4 A8R8G8B8 image into a 4x4 swizzled surface: texel (x, y) lands at
 * index (x&1) | (y&1)<<1 | (x&2)<<1 | (y&2)<<2 (bits interleaved, x
 * first). */
static void
test_sifm_swizzle(void)
{
   struct fx2d t;
   if (!setup(&t))
      return;
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         uint32_t v = 0xff000000u | (y << 8) | x;
         memcpy(t.smap + y * 16 + x * 4, &v, 4);
      }
   uint32_t vram = t.fx.info.vram_ctxdma;
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_DMA_IMAGE, vram);
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_FORMAT,
     NV4_SURFACE_SWZ_FORMAT_COLOR_A8R8G8B8 |
     NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_U(2) |
     NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_V(2));
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_OFFSET, (uint32_t)nvsim_bo_offset(t.dst));
   m(&t, SUBC_SIFM, NV5_SIFM_SURFACE, H_SSWZ);
   /* out (0,0) 4x4, clip the same, source 4x4 pitch 16 from (0,0) */
   sifm_draw(&t, NV4_SIFM_COLOR_FORMAT_A8R8G8B8, 0, 4 << 16 | 4, 0,
             4 << 16 | 4, 4 << 16 | 4, 16, 0);
   bool ok = run(&t);
   CHECK(ok);
   if (!ok)
      fprintf(stderr, "%s\n", nvsim_channel_error(t.fx.chan));
   /* hand-computed indices */
   CHECK_EQ(rd32(t.dmap + 0 * 4), 0xff000000u);          /* (0,0) */
   CHECK_EQ(rd32(t.dmap + 1 * 4), 0xff000001u);          /* (1,0) */
   CHECK_EQ(rd32(t.dmap + 2 * 4), 0xff000100u);          /* (0,1) */
   CHECK_EQ(rd32(t.dmap + 3 * 4), 0xff000101u);          /* (1,1) */
   CHECK_EQ(rd32(t.dmap + 4 * 4), 0xff000002u);          /* (2,0) */
   CHECK_EQ(rd32(t.dmap + 6 * 4), 0xff000102u);          /* (2,1) */
   CHECK_EQ(rd32(t.dmap + 8 * 4), 0xff000200u);          /* (0,2) */
   CHECK_EQ(rd32(t.dmap + 9 * 4), 0xff000201u);          /* (1,2) */
   CHECK_EQ(rd32(t.dmap + 15 * 4), 0xff000303u);         /* (3,3) */
   /* nothing past the 64-byte surface */
   CHECK_EQ(rd32(t.dmap + 64), 0u);
   teardown(&t);
}

/* A FORMAT with a filter that is neither POINT_SAMPLE nor BILINEAR traps
 * and is dropped whole: its pitch (8) does not replace the previous 16,
 * so a second draw from the same point writes the swizzled image as the
 * first did (texel (1,1) at index 3, (3,3) at 15; with pitch 8 they
 * would come from other bytes), and the channel goes on. */
static void
test_sifm_format_refused(void)
{
   struct fx2d t;
   if (!setup(&t))
      return;
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         uint32_t v = 0xff000000u | (y << 8) | x;
         memcpy(t.smap + y * 16 + x * 4, &v, 4);
      }
   uint32_t vram = t.fx.info.vram_ctxdma;
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_DMA_IMAGE, vram);
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_FORMAT,
     NV4_SURFACE_SWZ_FORMAT_COLOR_A8R8G8B8 |
     NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_U(2) |
     NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_V(2));
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_OFFSET, (uint32_t)nvsim_bo_offset(t.dst));
   m(&t, SUBC_SIFM, NV5_SIFM_SURFACE, H_SSWZ);
   sifm_draw(&t, NV4_SIFM_COLOR_FORMAT_A8R8G8B8, 0, 4 << 16 | 4, 0,
             4 << 16 | 4, 4 << 16 | 4, 16, 0);
   CHECK(run(&t));
   memset(t.dmap, 0, 64);
   m(&t, SUBC_SIFM, NV4_SIFM_FORMAT, 8 | NV4_SIFM_FORMAT_ORIGIN_CENTER |
     (NV4_SIFM_FORMAT_FILTER_BILINEAR + (1u << NV4_SIFM_FORMAT_FILTER__SHIFT)));
   m(&t, SUBC_SIFM, NV4_SIFM_POINT, 0);
   run(&t);
   CHECK(!nvsim_channel_dead(t.fx.chan));
   CHECK_EQ(nvsim_channel_traps(t.fx.chan), 1);
   const char *line = nvsim_channel_last_trap(t.fx.chan);
   CHECK(line && strstr(line, "(FORMAT)") && strstr(line, "INVALID_VALUE"));
   CHECK_EQ(rd32(t.dmap + 3 * 4), 0xff000101u);          /* (1,1) */
   CHECK_EQ(rd32(t.dmap + 8 * 4), 0xff000200u);          /* (0,2) */
   CHECK_EQ(rd32(t.dmap + 15 * 4), 0xff000303u);         /* (3,3) */
   teardown(&t);
}

/* R5G6B5 into a pitch-linear SURFACE_2D: out (1,1) 2x2 clipped to x < 2,
 * source point (1,0) in 12.4: writes destination (1,1) <- source (1,0)
 * and (1,2) <- source (1,1), nothing else. */
static void
test_sifm_linear_clip(void)
{
   struct fx2d t;
   if (!setup(&t))
      return;
   /* 4x4 16-bit source, pitch 8: pixel (x, y) = 0x100 * y + x + 0x11 */
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         uint16_t v = 0x100 * y + x + 0x11;
         memcpy(t.smap + y * 8 + x * 2, &v, 2);
      }
   uint32_t vram = t.fx.info.vram_ctxdma;
   m(&t, SUBC_SF2D, NV4_SURFACE_2D_DMA_IMAGE_SOURCE, vram);
   m(&t, SUBC_SF2D, NV4_SURFACE_2D_DMA_IMAGE_DESTIN, vram);
   m(&t, SUBC_SF2D, NV4_SURFACE_2D_FORMAT, NV4_SURFACE_2D_FORMAT_R5G6B5);
   /* destination pitch 64 bytes */
   m(&t, SUBC_SF2D, NV4_SURFACE_2D_PITCH, NV4_SURFACE_2D_PITCH_SOURCE(64) |
                                          NV4_SURFACE_2D_PITCH_DESTIN(64));
   m(&t, SUBC_SF2D, NV4_SURFACE_2D_OFFSET_SOURCE,
     (uint32_t)nvsim_bo_offset(t.dst));
   m(&t, SUBC_SF2D, NV4_SURFACE_2D_OFFSET_DESTIN,
     (uint32_t)nvsim_bo_offset(t.dst));
   m(&t, SUBC_SIFM, NV5_SIFM_SURFACE, H_SF2D);
   sifm_draw(&t, NV4_SIFM_COLOR_FORMAT_R5G6B5, 1 << 16 | 1, 2 << 16 | 2,
             0, 16 << 16 | 2, 4 << 16 | 4, 8, 1 << 4);
   bool ok = run(&t);
   CHECK(ok);
   if (!ok)
      fprintf(stderr, "%s\n", nvsim_channel_error(t.fx.chan));
   CHECK_EQ(rd16(t.dmap + 1 * 64 + 1 * 2), 0x0012);    /* src (1,0) */
   CHECK_EQ(rd16(t.dmap + 2 * 64 + 1 * 2), 0x0112);    /* src (1,1) */
   /* clipped: x = 2 not written; row 0 and row 3 untouched */
   CHECK_EQ(rd16(t.dmap + 1 * 64 + 2 * 2), 0);
   CHECK_EQ(rd16(t.dmap + 2 * 64 + 2 * 2), 0);
   CHECK_EQ(rd16(t.dmap + 0 * 64 + 1 * 2), 0);
   CHECK_EQ(rd16(t.dmap + 3 * 64 + 1 * 2), 0);
   teardown(&t);
}

/* A source image that ends past its buffer traps the channel with a
 * message naming SIFM, and writes nothing. */
static void
test_sifm_source_overrun(void)
{
   struct fx2d t;
   if (!setup(&t))
      return;
   uint32_t vram = t.fx.info.vram_ctxdma;
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_DMA_IMAGE, vram);
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_FORMAT,
     NV4_SURFACE_SWZ_FORMAT_COLOR_A8R8G8B8 |
     NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_U(2) |
     NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_V(2));
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_OFFSET, (uint32_t)nvsim_bo_offset(t.dst));
   m(&t, SUBC_SIFM, NV5_SIFM_SURFACE, H_SSWZ);
   /* 4 rows of pitch 2048 from a 4096-byte buffer: row 2 is outside */
   sifm_draw(&t, NV4_SIFM_COLOR_FORMAT_A8R8G8B8, 0, 4 << 16 | 4, 0,
             4 << 16 | 4, 4 << 16 | 4, 2048, 0);
   (void)run(&t);
   const char *err = nvsim_channel_error(t.fx.chan);
   CHECK(err != NULL);
   if (err)
      CHECK_STR_HAS(err, "SIFM");
   CHECK_EQ(rd32(t.dmap), 0u);
   teardown(&t);
}

/* Only the texels a draw samples must be in the buffer, not all of SIZE:
 * upstream's nv30_transfer_rect_sifm sends SIZE with the height rounded up
 * to even over a staging buffer of exactly the rows it has (odd heights
 * upload fine on the hardware).  A 4x4 SIZE, pitch 2048, in a 4096-byte
 * buffer holds rows 0 and 1 only; a draw of 4x2 pixels reads just those. */
static void
test_sifm_sampled_rows_only(void)
{
   struct fx2d t;
   if (!setup(&t))
      return;
   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 4; x++) {
         uint32_t v = 0xff000000u | (y << 8) | x;
         memcpy(t.smap + y * 2048 + x * 4, &v, 4);
      }
   uint32_t vram = t.fx.info.vram_ctxdma;
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_DMA_IMAGE, vram);
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_FORMAT,
     NV4_SURFACE_SWZ_FORMAT_COLOR_A8R8G8B8 |
     NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_U(2) |
     NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_V(2));
   m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_OFFSET, (uint32_t)nvsim_bo_offset(t.dst));
   m(&t, SUBC_SIFM, NV5_SIFM_SURFACE, H_SSWZ);
   sifm_draw(&t, NV4_SIFM_COLOR_FORMAT_A8R8G8B8, 0, 2 << 16 | 4, 0,
             2 << 16 | 4, 4 << 16 | 4, 2048, 0);
   CHECK(run(&t));
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         unsigned i = (x & 1) | (y & 1) << 1 | (x & 2) << 1 | (y & 2) << 2;
         uint32_t want = y < 2 ? 0xff000000u | (y << 8) | x : 0;
         CHECK_EQ(rd32(t.dmap + 4 * i), want);
      }
   teardown(&t);
}

/* SURFACE must name a surface object (rnndb: "Accepts NV4_SURFACE_2D and
 * up, NV4_SURFACE_SWZ and up"): the SIFM object itself is refused. */
static void
test_sifm_bad_surface(void)
{
   struct fx2d t;
   if (!setup(&t))
      return;
   m(&t, SUBC_SIFM, NV5_SIFM_SURFACE, H_SIFM);
   (void)run(&t);
   const char *err = nvsim_channel_error(t.fx.chan);
   CHECK(err != NULL);
   if (err)
      CHECK_STR_HAS(err, "INVALID_OBJECT");
   teardown(&t);
}

/* Random methods with random data on the three objects, then a draw:
 * whatever the input, nvsim traps or draws inside the buffers, never
 * crashes (run it under a sanitizer to check the "inside").  The values
 * are biased towards small numbers and the VRAM DMA handle so that
 * draws do happen. */
static uint32_t
fuzz_next(uint32_t *state)
{
   /* xorshift32 */
   uint32_t x = *state;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   return *state = x;
}

static void
test_fuzz(void)
{
   unsigned trapped = 0;
   for (uint32_t seed = 1; seed <= 60; seed++) {
      struct fx2d t;
      if (!setup(&t))
         return;
      uint32_t st = seed * 2654435761u;
      static const unsigned subcs[3] = { SUBC_SF2D, SUBC_SSWZ, SUBC_SIFM };
      /* mostly the methods each class has, sometimes any */
      static const uint32_t mthds[3][16] = {
         { NV4_SURFACE_2D_DMA_IMAGE_SOURCE, NV4_SURFACE_2D_DMA_IMAGE_DESTIN,
           NV4_SURFACE_2D_FORMAT, NV4_SURFACE_2D_PITCH,
           NV4_SURFACE_2D_OFFSET_SOURCE, NV4_SURFACE_2D_OFFSET_DESTIN },
         { NV4_SURFACE_SWZ_DMA_IMAGE, NV4_SURFACE_SWZ_FORMAT,
           NV4_SURFACE_SWZ_OFFSET },
         { NV4_SIFM_DMA_IMAGE, NV5_SIFM_SURFACE, NV4_SIFM_COLOR_FORMAT,
           NV4_SIFM_OPERATION, NV4_SIFM_CLIP_POINT, NV4_SIFM_CLIP_SIZE,
           NV4_SIFM_OUT_POINT, NV4_SIFM_OUT_SIZE, NV4_SIFM_DU_DX,
           NV4_SIFM_DV_DY, NV4_SIFM_SIZE, NV4_SIFM_FORMAT, NV4_SIFM_OFFSET,
           NV4_SIFM_POINT },
      };
      static const unsigned nmthds[3] = { 6, 3, 14 };
      /* a valid baseline: a 4x4 swizzled destination, a 4x4 source */
      m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_DMA_IMAGE, t.fx.info.vram_ctxdma);
      m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_FORMAT,
        NV4_SURFACE_SWZ_FORMAT_COLOR_A8R8G8B8 |
        NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_U(2) |
        NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_V(2));
      m(&t, SUBC_SSWZ, NV4_SURFACE_SWZ_OFFSET,
        (uint32_t)nvsim_bo_offset(t.dst));
      m(&t, SUBC_SF2D, NV4_SURFACE_2D_DMA_IMAGE_DESTIN, t.fx.info.vram_ctxdma);
      m(&t, SUBC_SF2D, NV4_SURFACE_2D_FORMAT, NV4_SURFACE_2D_FORMAT_A8R8G8B8);
      m(&t, SUBC_SIFM, NV5_SIFM_SURFACE, (seed & 1) ? H_SSWZ : H_SF2D);
      m(&t, SUBC_SIFM, NV4_SIFM_DMA_IMAGE, t.fx.info.vram_ctxdma);
      m(&t, SUBC_SIFM, NV4_SIFM_COLOR_FORMAT, NV4_SIFM_COLOR_FORMAT_A8R8G8B8);
      m(&t, SUBC_SIFM, NV4_SIFM_OPERATION, NV4_SIFM_OPERATION_SRCCOPY);
      m(&t, SUBC_SIFM, NV4_SIFM_CLIP_SIZE, 4 << 16 | 4);
      m(&t, SUBC_SIFM, NV4_SIFM_OUT_SIZE, 4 << 16 | 4);
      m(&t, SUBC_SIFM, NV4_SIFM_DU_DX, 1u << 20);
      m(&t, SUBC_SIFM, NV4_SIFM_DV_DY, 1u << 20);
      m(&t, SUBC_SIFM, NV4_SIFM_SIZE, 4 << 16 | 4);
      m(&t, SUBC_SIFM, NV4_SIFM_FORMAT, 16);
      for (unsigned i = 0; i < 6; i++) {
         unsigned k = fuzz_next(&st) % 3;
         unsigned subc = subcs[k];
         uint32_t mthd = fuzz_next(&st) % 16 ?
                         mthds[k][fuzz_next(&st) % nmthds[k]] :
                         0x100 + 4 * (fuzz_next(&st) % 0xc8);
         uint32_t r = fuzz_next(&st), data;
         switch (r % 4) {
         case 0: data = t.fx.info.vram_ctxdma; break;
         case 1: data = fuzz_next(&st) % 64; break;
         case 2: data = (fuzz_next(&st) % 64) << 16 | (fuzz_next(&st) % 64); break;
         default: data = fuzz_next(&st); break;
         }
         /* object methods must name objects or the puller traps at once */
         if (mthd >= 0x180 && mthd < 0x200 && r % 4 > 1)
            data = subc == SUBC_SIFM && mthd == NV5_SIFM_SURFACE ?
                   (r & 1 ? H_SSWZ : H_SF2D) : t.fx.info.vram_ctxdma;
         m(&t, subc, mthd, data);
      }
      m(&t, SUBC_SIFM, NV4_SIFM_POINT, 0);
      if (!run(&t))
         trapped++;
      teardown(&t);
   }
   fprintf(stderr, "fuzz: %u of 60 channels trapped\n", trapped);
}

int
main(int argc, char **argv)
{
   static const struct nvt_case cases[] = {
      { "sifm_swizzle", test_sifm_swizzle },
      { "sifm_format_refused", test_sifm_format_refused },
      { "sifm_linear_clip", test_sifm_linear_clip },
      { "sifm_source_overrun", test_sifm_source_overrun },
      { "sifm_sampled_rows_only", test_sifm_sampled_rows_only },
      { "sifm_bad_surface", test_sifm_bad_surface },
      { "fuzz", test_fuzz },
      { NULL, NULL },
   };
   return nvt_main(argc, argv, cases);
}
