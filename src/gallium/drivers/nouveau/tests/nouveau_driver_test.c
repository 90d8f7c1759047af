/*
 * Unit tests of the driver's hardware-facing tables: pushbuffer command
 * words, chipset -> 3D class, pipe format -> hardware codes.  Expected
 * values are worked out by hand from the references cited beside each
 * check, not taken from the code under test.
 */

#include <stdio.h>
#include <string.h>

#include <nouveau.h>

#include "nouveau/nouveau_push.h"
#include "nvhwdb_chips.h"
#include "nv30/nv30_format.h"
#include "nv50/nv50_resource.h"

uint32_t nouveau_debug;

void
nouveau_debug_method(uint32_t oclass, unsigned subc, uint32_t mthd,
                     uint32_t data)
{
}

static int failures;

#define CHECK_EQ(what, got, want) do { \
   unsigned long long g_ = (got), w_ = (want); \
   if (g_ != w_) { \
      fprintf(stderr, "FAIL %s: got 0x%llx, want 0x%llx\n", what, g_, w_); \
      failures++; \
   } \
} while (0)

static void
test_command_words(void)
{
   uint32_t words[16];
   struct nouveau_pushbuf pb;
   struct nouveau_push p;

   memset(&pb, 0, sizeof(pb));
   memset(&p, 0, sizeof(p));
   pb.cur = words;
   pb.end = words + 16;
   p.pb = &pb;

   /* dma-pusher.rst: 000CCCCCCCCCCC00SSSMMMMMMMMMMM00, count 2 at bit 18,
    * subchannel 0, method 0xa00 (VIEWPORT_HORIZ) -> 0x00080a00 */
   nouveau_push_mthd(&p, 0, 0xa00, 2);
   CHECK_EQ("increasing header", words[0], 0x00080a00);
   /* subchannel 5, method 0x1810, 3 words, non-increasing (bit 30):
    * 0x40000000 | 3 << 18 | 5 << 13 | 0x1810 = 0x4000b810 + 0xc0000 */
   nouveau_push_mthd_ni(&p, 5, 0x1810, 3);
   CHECK_EQ("non-increasing header", words[1], 0x400cb810);
   nouveau_push_data(&p, 0xdeadbeef);
   CHECK_EQ("data word", words[2], 0xdeadbeef);
   CHECK_EQ("cursor", pb.cur - words, 3);
   /* the one-method header libdrm re-sends for the next word (the
    * second of the three, still 0x1810): 1 << 18 | 5 << 13 | 0x1810 */
   CHECK_EQ("non-increasing word header", nouveau_push_word_header(&p),
            0x0004b810);
   /* header for 0x210 (COLOR0_OFFSET), count 2, subchannel 0: the word
    * after the first is for 0x214 (ZETA_OFFSET): 1 << 18 | 0x214 */
   nouveau_push_mthd(&p, 0, 0x210, 2);
   nouveau_push_data(&p, 0);
   CHECK_EQ("increasing word header", nouveau_push_word_header(&p),
            0x00040214);
}

static void
test_chipsets(void)
{
   /* rnndb fifo/nv_object.xml: NV40_3D = 0x4097 on NV40..NV43, G70, G71,
    * G73; NV44_3D = 0x4497 on NV44, NV44A, G72, C51, MCP61, MCP67/68. */
   static const struct { uint32_t chipset, cls; } expect[] = {
      { 0x40, 0x4097 }, { 0x41, 0x4097 }, { 0x43, 0x4097 }, { 0x47, 0x4097 },
      { 0x49, 0x4097 }, { 0x4b, 0x4097 }, { 0x44, 0x4497 }, { 0x4a, 0x4497 },
      { 0x46, 0x4497 }, { 0x4e, 0x4497 }, { 0x4c, 0x4497 }, { 0x67, 0x4497 },
   };
   for (unsigned i = 0; i < sizeof(expect) / sizeof(expect[0]); i++) {
      const struct nvhwdb_chip *c = nvhwdb_chip_find(expect[i].chipset);
      char what[64];
      snprintf(what, sizeof(what), "class of chipset 0x%02x", expect[i].chipset);
      if (!c) {
         fprintf(stderr, "FAIL %s: chipset unknown\n", what);
         failures++;
         continue;
      }
      CHECK_EQ(what, c->class_3d, expect[i].cls);
   }
   /* curie has 16 fragment texture units (upstream exposes 16 samplers
    * on NV40 and writes TEX_OFFSET(0..15)) */
   CHECK_EQ("NV40 texture units", nvhwdb_chip_find(0x40)->fp_tex_units, 16);
   CHECK_EQ("NV44 texture units", nvhwdb_chip_find(0x44)->fp_tex_units, 16);
   /* the nv30/ folder drives rankine and curie, nv50/ Tesla (chips.xml
    * "driver"); celsius has none */
   if (nvhwdb_chip_find(0x50)->driver == NVHWDB_DRIVER_NV30 ||
       nvhwdb_chip_find(0x10)->driver == NVHWDB_DRIVER_NV30 ||
       nvhwdb_chip_find(0x40)->driver != NVHWDB_DRIVER_NV30) {
      fprintf(stderr, "FAIL: non-NV3x/NV4x chipset accepted by nv30/\n");
      failures++;
   }
   if (nvhwdb_chip_find(0x50)->driver != NVHWDB_DRIVER_NV50 ||
       nvhwdb_chip_find(0xa3)->driver != NVHWDB_DRIVER_NV50 ||
       nvhwdb_chip_find(0x40)->driver == NVHWDB_DRIVER_NV50 ||
       nvhwdb_chip_find(0x10)->driver != NVHWDB_DRIVER_NONE) {
      fprintf(stderr, "FAIL: nv50/ does not drive exactly the Tesla rows\n");
      failures++;
   }
}

static void
test_formats(void)
{
   /* nv_3ddefs.xml: RT_FORMAT COLOR (bits 0..4) A8R8G8B8 = 8, R5G6B5 = 3;
    * ZETA (bits 5..7) Z24S8 = 2 -> 0x40, Z16 = 1 -> 0x20; VTXFMT TYPE
    * V32_FLOAT = 2, U8_UNORM = 4. */
   CHECK_EQ("BGRA8 colour", nv30_format_info(PIPE_FORMAT_B8G8R8A8_UNORM)->rt_color, 0x8);
   CHECK_EQ("B5G6R5 colour", nv30_format_info(PIPE_FORMAT_B5G6R5_UNORM)->rt_color, 0x3);
   CHECK_EQ("Z24S8 zeta", nv30_format_info(PIPE_FORMAT_S8_UINT_Z24_UNORM)->rt_zeta, 0x40);
   CHECK_EQ("Z16 zeta", nv30_format_info(PIPE_FORMAT_Z16_UNORM)->rt_zeta, 0x20);
   CHECK_EQ("float vertex", nv30_format_info(PIPE_FORMAT_R32G32B32_FLOAT)->vtx_type, 0x2);
   /* B8G8R8A8 is both a render target and a vertex (D3DCOLOR, type 0)
    * format: neither entry may hide the other */
   CHECK_EQ("BGRA8 vertex ok", nv30_format_info(PIPE_FORMAT_B8G8R8A8_UNORM)->vtx_ok, 1);
   CHECK_EQ("BGRA8 vertex type", nv30_format_info(PIPE_FORMAT_B8G8R8A8_UNORM)->vtx_type, 0x0);
   CHECK_EQ("ubyte vertex", nv30_format_info(PIPE_FORMAT_R8G8B8A8_UNORM)->vtx_type, 0x4);
   /* nv_3ddefs.xml: A16B16G16R16_FLOAT = 0xb, A32B32G32R32_FLOAT = 0xc;
    * the GeForce 6 blends fp16 targets, not fp32 ones; no float format
    * ignores alpha, so the RGBX float formats are not targets */
   CHECK_EQ("RGBA16F colour", nv30_format_info(PIPE_FORMAT_R16G16B16A16_FLOAT)->rt_color, 0xb);
   CHECK_EQ("RGBA32F colour", nv30_format_info(PIPE_FORMAT_R32G32B32A32_FLOAT)->rt_color, 0xc);
   CHECK_EQ("RGBA16F blends", nv30_format_info(PIPE_FORMAT_R16G16B16A16_FLOAT)->rt_no_blend, 0);
   CHECK_EQ("RGBA32F no blend", nv30_format_info(PIPE_FORMAT_R32G32B32A32_FLOAT)->rt_no_blend, 1);
   CHECK_EQ("RGBX16F no RT", nv30_format_info(PIPE_FORMAT_R16G16B16X16_FLOAT)->rt_color, 0);
   CHECK_EQ("bad format", nv30_format_info((enum pipe_format)0x7fffffff)->vtx_ok, 0);
}

/* The Tesla blocklinear function (nv50_layout.c) against offsets worked
 * out by hand from envytools-docs hw/memory/g80-surface.rst: gobs of
 * 64 bytes x 4 rows (256 bytes), blocks one gob wide and 2^h x 2^d gobs,
 * blocks x-major then y then z, gobs in a block y then z, a gob's bytes
 * row by row. */
static void
test_layout(void)
{
   /* 64 RGBA8 pixels (256 bytes) x 37 rows: blocks of 16 gobs (64
    * rows, the smallest covering 37), 4096 bytes, 4 blocks a row */
   CHECK_EQ("block height for 37 rows", nv50_layout_block_log2(37, 4), 4);
   CHECK_EQ("block height for 32 rows", nv50_layout_block_log2(32, 4), 3);
   CHECK_EQ("block height for 4 rows", nv50_layout_block_log2(4, 4), 0);
   CHECK_EQ("block height capped at 32 gobs", nv50_layout_block_log2(9999, 4), 5);
   CHECK_EQ("block depth for 3 slices", nv50_layout_block_log2(3, 1), 2);
   CHECK_EQ("size 256 x 37", nv50_layout_size(256, 37, 1, 4, 0), 16384);
   CHECK_EQ("(5, 1): row 1 of gob 0", nv50_layout_offset(256, 37, 4, 0, 5, 1, 0), 69);
   CHECK_EQ("(0, 4): gob 1 of block 0", nv50_layout_offset(256, 37, 4, 0, 0, 4, 0), 256);
   CHECK_EQ("(64, 0): block 1", nv50_layout_offset(256, 37, 4, 0, 64, 0, 0), 4096);
   /* block 2 (8192) + gob 15 (3840) + row 3 (192) + byte 2 */
   CHECK_EQ("(130, 63)", nv50_layout_offset(256, 37, 4, 0, 130, 63, 0), 12226);
   /* the second row of blocks: block 4 */
   CHECK_EQ("(0, 64)", nv50_layout_offset(256, 100, 4, 0, 0, 64, 0), 16384);
   /* 64 bytes x 4 rows x 3 slices, blocks of 1 x 4 gobs (1024 bytes):
    * slice 2 is gob 2 of block 0; 9 slices: slice 5 is gob 1 of block 1 */
   CHECK_EQ("3D slice 2", nv50_layout_offset(64, 4, 0, 2, 0, 0, 2), 512);
   CHECK_EQ("3D slice 5 of 9", nv50_layout_offset(64, 4, 0, 2, 0, 0, 5), 1280);
   CHECK_EQ("3D size 64 x 4 x 9", nv50_layout_size(64, 4, 9, 0, 2), 3072);
}

int
main(void)
{
   test_command_words();
   test_chipsets();
   test_formats();
   test_layout();
   if (failures) {
      fprintf(stderr, "%d failure(s)\n", failures);
      return 1;
   }
   printf("nouveau driver tables: all passed\n");
   return 0;
}
