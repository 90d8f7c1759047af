/*
 * Records the traces nvtrace_test.py checks, through nvsim's public API
 * and the trace hooks, as the drm-shim would:
 *
 *   nvtrace_gen roundtrip OUT    a known NV40 pushbuffer (see record())
 *   nvtrace_gen pair A B         two runs that differ in DEPTH_FUNC only,
 *                                with different buffer placement and
 *                                object handles
 *
 * Every method value is built with the hwdb packers (names and fields as
 * the database defines them); the test expects those names back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nvhwdb_names.h"
#include "nvsim.h"
#include "nvsim_trace.h"

/* A method the database does not name on curie: the test's "unknown
 * method" (checked below, so that the test notices when hwdb grows). */
#define UNKNOWN_MTHD 0x1fe8

/* NV40 transfer vertex program "MOV o[HPOS], v[0];" (upstream Mesa
 * nv30_transfer.c, the words nvdis_test.py uses too). */
static const uint32_t vp_words[4] = {
   0x401f9c6c, 0x0040000d, 0x8106c083, 0x6041ff80,
};
/* "TEXR R0, f[TC0], TEX0; MOVH H0, R0; END" (same source). */
static const uint32_t fp_words[8] = {
   0x17009e00, 0x1c9dc801, 0x0001c800, 0x3fe1c800,
   0x01401e81, 0x1c9dc800, 0x0001c800, 0x0001c800,
};

struct push {
   uint32_t *p;
   unsigned n, cap;
};

static void
emit(struct push *pb, uint32_t w)
{
   if (pb->n < pb->cap)
      pb->p[pb->n++] = w;
}

/* one increasing-methods command with one data word (dma-pusher.rst) */
static unsigned
mthd(struct push *pb, unsigned subc, uint32_t m, uint32_t data)
{
   emit(pb, NV4_DMA_CMD_TYPE_INCREASING | NV4_DMA_CMD_COUNT(1) |
            NV4_DMA_CMD_SUBC(subc) | NV4_DMA_CMD_METHOD(m));
   emit(pb, data);
   return (pb->n - 1) * 4;     /* byte offset of the data word */
}

struct run {
   uint32_t handle_3d;
   uint32_t depth_func;
   unsigned extra_bos;        /* buffers made first, to move the others */
   bool unknown;              /* end with a method hwdb does not name */
};

static int
record(const char *path, const struct run *run)
{
   setenv("NVSIM_SYNC", "1", 1);
   struct nvsim_device *dev = nvsim_device_create(0x40);
   if (!dev)
      return 1;
   if (nvsim_trace_open(dev, path, NVSIM_TRACE_DATA)) {
      nvsim_device_destroy(dev);
      return 1;
   }
   struct nvsim_bo *extra[4] = { NULL };
   for (unsigned i = 0; i < run->extra_bos && i < 4; i++)
      extra[i] = nvsim_bo_create(dev, 0x3000, NVSIM_DOMAIN_GART, NULL);

   struct nvsim_channel_info info = { 0 };
   struct nvsim_channel *chan = nvsim_channel_create(dev, &info);
   if (!chan || nvsim_object_create(chan, run->handle_3d, NV40_3D_CLASS)) {
      fprintf(stderr, "nvtrace_gen: no channel or NV40_3D object\n");
      return 1;
   }
   struct nvsim_bo *pbo = nvsim_bo_create(dev, 4096, NVSIM_DOMAIN_GART, NULL);
   struct nvsim_bo *fbo = nvsim_bo_create(dev, 4096, NVSIM_DOMAIN_GART, NULL);
   struct nvsim_bo *rt = nvsim_bo_create(dev, 0x10000, NVSIM_DOMAIN_VRAM,
                                         NULL);
   if (!pbo || !fbo || !rt)
      return 1;
   memcpy(nvsim_bo_map(fbo), fp_words, sizeof(fp_words));

   struct push pb = { nvsim_bo_map(pbo), 0, 1024 };
   mthd(&pb, 1, NV4_SUBCHAN_OBJECT, run->handle_3d);
   mthd(&pb, 1, NV30_3D_DMA_COLOR0, info.vram_ctxdma);
   mthd(&pb, 1, NV30_3D_DMA_TEXTURE1, info.gart_ctxdma);
   unsigned color_at = mthd(&pb, 1, NV30_3D_COLOR0_OFFSET,
                            (uint32_t)nvsim_bo_offset(rt) + 0x100);
   mthd(&pb, 1, NV30_3D_VIEWPORT_HORIZ,
        NV30_3D_VIEWPORT_HORIZ_X(10) | NV30_3D_VIEWPORT_HORIZ_W(640));
   mthd(&pb, 1, NV30_3D_DEPTH_FUNC, run->depth_func);
   mthd(&pb, 1, NV30_3D_VTXFMT(3),
        NV30_3D_VTXFMT_TYPE_V32_FLOAT | NV30_3D_VTXFMT_SIZE(4) |
        NV30_3D_VTXFMT_STRIDE(16));
   mthd(&pb, 1, NV30_3D_VP_UPLOAD_FROM_ID, 0);
   for (unsigned i = 0; i < 4; i++)
      mthd(&pb, 1, NV30_3D_VP_UPLOAD_INST(i), vp_words[i]);
   unsigned fp_at = mthd(&pb, 1, NV30_3D_FP_ACTIVE_PROGRAM,
                         (uint32_t)nvsim_bo_offset(fbo) |
                         NV30_3D_FP_ACTIVE_PROGRAM_DMA1);
   if (run->unknown) {
      if (nvhwdb_method_lookup(NV40_3D_CLASS, UNKNOWN_MTHD, NULL)) {
         fprintf(stderr, "nvtrace_gen: hwdb now names 0x%04x: pick another "
                 "unknown method\n", UNKNOWN_MTHD);
         return 1;
      }
      mthd(&pb, 1, UNKNOWN_MTHD, 0x12345678);
   }

   /* what the shim tells the trace for libdrm's relocations: COLOR0_OFFSET
    * is the low address of rt (+0x100), FP_ACTIVE_PROGRAM that of fbo
    * with DMA0 (VRAM) / DMA1 (GART) or'ed in (nv30 driver's PUSH_RELOC) */
   struct nvsim_bo *bos[] = { pbo, fbo, rt };
   nvsim_trace_reloc(chan, bos, 3, 0, color_at, 2, NVSIM_TRACE_RELOC_LOW,
                     0x100, 0, 0);
   nvsim_trace_reloc(chan, bos, 3, 0, fp_at, 1,
                     NVSIM_TRACE_RELOC_LOW | NVSIM_TRACE_RELOC_OR, 0,
                     NV30_3D_FP_ACTIVE_PROGRAM_DMA0,
                     NV30_3D_FP_ACTIVE_PROGRAM_DMA1);
   struct nvsim_push push = { pbo, 0, pb.n * 4 };
   int64_t seq = nvsim_submit(chan, &push, 1, bos, 3);
   if (seq < 0)
      return 1;
   nvsim_wait_seq(dev, seq);

   nvsim_bo_destroy(pbo);
   nvsim_bo_destroy(fbo);
   nvsim_bo_destroy(rt);
   for (unsigned i = 0; i < 4; i++) {
      if (extra[i])
         nvsim_bo_destroy(extra[i]);
   }
   nvsim_channel_destroy(chan);
   nvsim_device_destroy(dev);
   return 0;
}

int
main(int argc, char **argv)
{
   if (argc == 3 && !strcmp(argv[1], "roundtrip")) {
      struct run r = { 0xbeef4097, NV30_3D_DEPTH_FUNC_LESS, 0, true };
      return record(argv[2], &r);
   }
   if (argc == 4 && !strcmp(argv[1], "pair")) {
      struct run a = { 0xbeef4097, NV30_3D_DEPTH_FUNC_LESS, 0, false };
      struct run b = { 0xcafe3d00, NV30_3D_DEPTH_FUNC_GREATER, 2, false };
      return record(argv[2], &a) || record(argv[3], &b);
   }
   fprintf(stderr, "usage: nvtrace_gen roundtrip OUT | pair A B\n");
   return 2;
}
