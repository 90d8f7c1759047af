/*
 * Checks the generated headers and the names table against numbers written
 * here by hand from the references: method offsets from
 * reference/rnndb/graph/nv30-40_3d.xml, nv_m2mf.xml and fifo/nv_object.xml,
 * GL token values from the GL specs, array addresses computed as
 * offset + index * stride.
 */
#include <stdio.h>
#include <string.h>

#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "g80_2d.xml.h"
#include "g80_3d.xml.h"
#include "g80_texture.xml.h"
#include "nv10_3d.xml.h"
#include "nv20_3d.xml.h"
#include "nv_2d.xml.h"
#include "nv_m2mf.xml.h"
#include "nvhwdb_names.h"
#include "nvhwdb_chips.h"

static int failures;

#define CHECK_EQ(a, b)                                                     \
   do {                                                                    \
      unsigned long long va_ = (unsigned long long)(a);                    \
      unsigned long long vb_ = (unsigned long long)(b);                    \
      if (va_ != vb_) {                                                    \
         printf("FAIL %s:%d: %s == 0x%llx, expected 0x%llx\n", __FILE__,   \
                __LINE__, #a, va_, vb_);                                   \
         failures++;                                                       \
      }                                                                    \
   } while (0)

#define CHECK(c)                                                           \
   do {                                                                    \
      if (!(c)) {                                                          \
         printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);               \
         failures++;                                                       \
      }                                                                    \
   } while (0)

static void
check_str(int line, const char *got, const char *want)
{
   if (strcmp(got, want)) {
      printf("FAIL %s:%d: got \"%s\", expected \"%s\"\n", __FILE__, line, got,
             want);
      failures++;
   }
}

static void
check_decode(int line, uint32_t oclass, uint32_t mthd, uint32_t data,
             bool known, const char *want)
{
   char buf[256];
   memset(buf, 'x', sizeof(buf));
   bool r = nvhwdb_method_decode(oclass, mthd, data, buf, sizeof(buf));
   if (r != known) {
      printf("FAIL %s:%d: decode returned %d\n", __FILE__, line, r);
      failures++;
   }
   check_str(line, buf, want);
}

static void
check_name(int line, uint32_t oclass, uint32_t mthd, bool known,
           const char *want)
{
   char buf[64];
   bool r = nvhwdb_method_name(oclass, mthd, buf, sizeof(buf));
   if (r != known) {
      printf("FAIL %s:%d: name returned %d\n", __FILE__, line, r);
      failures++;
   }
   check_str(line, buf, want);
}

/* a boolean field's bare name is its mask, usable where C wants a constant
 * expression, while NAME(v) stays the packer (rnndb/Mesa convention) */
static const uint32_t clear_all = NV30_3D_CLEAR_BUFFERS_DEPTH |
                                  NV30_3D_CLEAR_BUFFERS_STENCIL;

static int
bool_case(uint32_t v)
{
   switch (v) {
   case NV30_3D_RT_ENABLE_COLOR1:
      return 1;
   case NV40_3D_TEX_ENABLE_ENABLE:
      return 2;
   default:
      return 0;
   }
}

static void
test_headers(void)
{
   CHECK_EQ(clear_all, 0x3);
   CHECK_EQ(NV30_3D_CLEAR_BUFFERS_COLOR_A, 0x80);
   CHECK_EQ(NV30_3D_CLEAR_BUFFERS_COLOR_A(1), 0x80);
   CHECK_EQ(NV30_3D_CLEAR_BUFFERS_COLOR_A(0), 0);
   CHECK_EQ(NV30_3D_COLOR_MASK_G, 0xff00);          /* 8-bit boolean */
   CHECK_EQ(NV30_3D_COLOR_MASK_G(1), 0x100);
   CHECK_EQ(bool_case(2), 1);
   CHECK_EQ(bool_case(0x80000000u), 2);
   CHECK_EQ((uint32_t)NV30_3D_VTXBUF_DMA1, 0x80000000u);

   /* class ids (nv_object.xml obj-class) */
   CHECK_EQ(NV40_3D_CLASS, 0x4097);
   CHECK_EQ(NV44_3D_CLASS, 0x4497);
   CHECK_EQ(NV30_3D_CLASS, 0x0397);
   CHECK_EQ(NV34_3D_CLASS, 0x0697);
   CHECK_EQ(NV04_M2MF_CLASS, 0x0039);
   CHECK_EQ(NV10_SURFACE_2D_CLASS, 0x0062);
   CHECK_EQ(NV40_SIFM_CLASS, 0x3089);
   CHECK_EQ(NV40_SURFACE_SWZ_CLASS, 0x309e);
   CHECK_EQ(G80_3D_CLASS, 0x5097);

   /* chipset ids (rnndb nvchipsets.xml) */
   CHECK_EQ(CHIPSET_NV40, 0x40);
   CHECK_EQ(CHIPSET_NV44A, 0x4a);
   CHECK_EQ(CHIPSET_G80, 0x50);
   CHECK_EQ(CHIPSET_GT215, 0xa3);

   /* FIFO and common methods */
   CHECK_EQ(NV4_SUBCHAN_OBJECT, 0x0);
   CHECK_EQ(NV10_SUBCHAN_REF_CNT, 0x50);
   CHECK_EQ(NV1A_SUBCHAN_DMA_SEMAPHORE, 0x60);
   CHECK_EQ(NV1A_SUBCHAN_SEMAPHORE_RELEASE, 0x6c);
   CHECK_EQ(NV4_GRAPH_NOP, 0x100);
   CHECK_EQ(NV4_GRAPH_NOTIFY, 0x104);
   CHECK_EQ(NV4_GRAPH_NOTIFY_WRITE_AND_AWAKEN, 1);

   /* M2MF */
   CHECK_EQ(NV04_M2MF_OFFSET_IN, 0x30c);
   CHECK_EQ(NV04_M2MF_LINE_COUNT, 0x320);
   CHECK_EQ(NV04_M2MF_BUF_NOTIFY, 0x328);
   CHECK_EQ(NV04_M2MF_FORMAT_OUTPUT_INC__SHIFT, 8);
   CHECK_EQ(NV04_M2MF_FORMAT_OUTPUT_INC_4, 0x400);   /* pre-shifted */
   CHECK_EQ(G80_M2MF_FORMAT_INPUT_INC_16, 0x10);     /* G80 only */
   CHECK_EQ(G80_M2MF_LAYOUT_IN, 0x200);

   /* rankine + curie, shared */
   CHECK_EQ(NV30_3D_VIEWPORT_HORIZ, 0xa00);
   CHECK_EQ(NV30_3D_VIEWPORT_HORIZ_W__SHIFT, 16);
   CHECK_EQ(NV30_3D_VIEWPORT_HORIZ_W__MASK, 0xffff0000);
   CHECK_EQ(NV30_3D_VIEWPORT_HORIZ_X(0) | NV30_3D_VIEWPORT_HORIZ_W(640),
            640u << 16);
   CHECK_EQ(NV30_3D_VTXFMT(3), 0x174c);
   CHECK_EQ(NV30_3D_VTXFMT__LEN, 16);
   CHECK_EQ(NV30_3D_VTXFMT__ESIZE, 4);
   CHECK_EQ(NV30_3D_VTXFMT_TYPE_V32_FLOAT, 2);
   CHECK_EQ(NV30_3D_RT_FORMAT_COLOR__SHIFT, 0);
   CHECK_EQ(NV30_3D_RT_FORMAT_COLOR__MASK, 0x1f);
   CHECK_EQ(NV30_3D_RT_FORMAT_ZETA_Z24S8, 2 << 5);
   CHECK_EQ(NV30_3D_RT_FORMAT_TYPE_LINEAR, 1 << 8);
   CHECK_EQ(NV30_3D_DEPTH_FUNC, 0xa6c);
   CHECK_EQ(NV30_3D_DEPTH_FUNC_LESS, 0x0201);        /* GL_LESS */
   CHECK_EQ(NV30_3D_BLEND_FUNC_SRC_RGB_SRC_ALPHA, 0x0302);
   CHECK_EQ(NV30_3D_BLEND_FUNC_SRC_ALPHA_SRC_ALPHA, 0x0302u << 16);
   CHECK_EQ(NV30_3D_STENCIL_FUNC_REF(1), 0x328 + 0x20 + 0xc);
   CHECK_EQ(NV30_3D_VIEWPORT_TRANSLATE_Z, 0xa28);
   CHECK_EQ(NV30_3D_VIEWPORT_SCALE_X, 0xa30);
   CHECK_EQ(NV30_3D_VTX_ATTR_4F_W(2), 0x1c00 + 2 * 0x10 + 0xc);
   CHECK_EQ(NV30_3D_VP_UPLOAD_CONST_X(3), 0x1f30);
   CHECK_EQ(NV30_3D_TEX_FORMAT(2), 0x1a44);
   CHECK_EQ(NV30_3D_TEX_WRAP_S_CLAMP_TO_EDGE, 3);
   CHECK_EQ(NV40_3D_TEX_WRAP_S_MIRROR_CLAMP, 8);     /* curie only */
   CHECK_EQ(NV30_3D_CLEAR_BUFFERS, 0x1d94);
   CHECK_EQ(NV30_3D_CLEAR_BUFFERS_STENCIL__MASK, 0x2);
   CHECK_EQ(NV30_3D_VERTEX_BEGIN_END_TRIANGLES, 5);
   CHECK_EQ(NV30_3D_FENCE_OFFSET, 0x1d6c);

   /* the same name with different contents per generation */
   CHECK_EQ(NV30_3D_COLOR0_PITCH, 0x20c);
   CHECK_EQ(NV30_3D_COLOR0_PITCH_ZETA__SHIFT, 16);
   CHECK_EQ(NV40_3D_COLOR0_PITCH, 0x20c);
   CHECK_EQ(NV30_3D_TEX_FORMAT_FORMAT__MASK, 0xff00);
   CHECK_EQ(NV40_3D_TEX_FORMAT_FORMAT__MASK, 0x1f00);
   CHECK_EQ(NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 0x05 << 8);
   CHECK_EQ(NV30_3D_TEX_ENABLE_ENABLE__MASK, 1u << 30);
   CHECK_EQ(NV40_3D_TEX_ENABLE_ENABLE__MASK, 1u << 31);

   /* rankine-only, nested array */
   CHECK_EQ(NV30_3D_TEX_GEN_MODE(1, 2), 0x400 + 0x10 + 2 * 4);
   CHECK_EQ(NV30_3D_RC_IN_RGB(7), 0x904 + 7 * 0x20);

   /* curie-only */
   CHECK_EQ(NV40_3D_VP_ATTRIB_EN, 0x1ff0);
   CHECK_EQ(NV40_3D_VP_RESULT_EN, 0x1ff4);
   CHECK_EQ(NV40_3D_TEX_CACHE_CTL, 0x1fd8);
   CHECK_EQ(NV40_3D_VTX_CACHE_INVALIDATE, 0x1714);
   CHECK_EQ(NV40_3D_TEX_SIZE1(1), 0x1844);
   CHECK_EQ(NV40_3D_DMA_COLOR2, 0x1b4);
   CHECK_EQ(NV40_3D_MIPMAP_ROUNDING_MODE_DOWN, 1u << 20);
   CHECK_EQ(NV35_3D_DEPTH_BOUNDS_TEST_ENABLE, 0x380);

   /* NV4-style 2D helpers (nv1_ctxobj.xml, nv1_ifm.xml) */
   CHECK_EQ(NV4_SURFACE_2D_PITCH, 0x304);
   CHECK_EQ(NV4_SURFACE_2D_FORMAT_A8R8G8B8, 0xa);
   CHECK_EQ(NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_V__SHIFT, 24);
   CHECK_EQ(NV4_SURFACE_SWZ_OFFSET, 0x304);
   CHECK_EQ(NV5_SIFM_SURFACE, 0x198);
   CHECK_EQ(NV4_SIFM_COLOR_FORMAT_AY8, 9);
   CHECK_EQ(NV4_SIFM_OPERATION_SRCCOPY, 3);
   CHECK_EQ(NV4_SIFM_FORMAT_ORIGIN_CORNER, 2 << 16);
   CHECK_EQ(NV4_SIFM_FORMAT_FILTER_BILINEAR, 1 << 24);
   CHECK_EQ(NV4_SIFM_SIZE, 0x400);

   /* celsius (rnndb graph/nv10_3d.xml) */
   CHECK_EQ(NV10_3D_CLASS, 0x0056);
   CHECK_EQ(NV17_3D_CLASS, 0x0099);
   CHECK_EQ(NV10_3D_TEX_FORMAT(1), 0x220 + 4);
   CHECK_EQ(NV10_3D_TEX_FORMAT_FORMAT__SHIFT, 7);
   CHECK_EQ(NV10_3D_TEX_FORMAT_WRAP_T_CLAMP_TO_EDGE, 3u << 28);
   CHECK_EQ(NV10_3D_VTXBUF_FMT(3), 0xd04 + 3 * 8);
   CHECK_EQ(NV10_3D_LIGHT_POSITION_X(2), 0x800 + 2 * 0x80 + 0x5c);
   CHECK_EQ(NV10_3D_TEX_GEN_COEFF_B(1, 2), 0x600 + 0x40 + 2 * 0x10 + 4);
   CHECK_EQ(NV15_3D_COLOR_LOGIC_OP_OP, 0xd44);            /* NV15_3D- */
   CHECK_EQ(NV17_3D_HIERZ_OFFSET, 0xd60);                 /* NV17_3D only */
   CHECK_EQ(NV10_3D_RC_OUT_RGB_OPERATION__SHIFT, 27);
   CHECK_EQ(NV10_3D_RT_FORMAT_DEPTH_Z24S8, 0);            /* 0 on celsius */
   CHECK_EQ(NV10_VERTEX_ATTR_TEX1, 4);

   /* kelvin (rnndb graph/nv20_3d.xml) */
   CHECK_EQ(NV20_3D_CLASS, 0x0097);
   CHECK_EQ(NV25_3D_CLASS, 0x0597);
   CHECK_EQ(NV20_3D_RT_HORIZ, 0x200);                     /* shared group */
   CHECK_EQ(NV20_3D_TEX_FORMAT(2), 0x1b04 + 2 * 0x40);
   CHECK_EQ(NV20_3D_RC_OUT_RGB(7), 0x1e40 + 7 * 4);
   CHECK_EQ(NV20_3D_LIGHT_BACK_DIFFUSE_G(3), 0xc0c + 3 * 0x40 + 4);
   CHECK_EQ(NV25_3D_HIERZ_OFFSET, 0x230);                 /* NV25 only */
   CHECK_EQ(NV20_3D_TEX_SHADER_OP_TX1_DOT_PRODUCT, 0x11 << 5);
   CHECK_EQ(NV20_3D_RT_FORMAT_DEPTH_Z24S8, 2 << 4);       /* 2 from kelvin */
   CHECK_EQ(NV20_VERTEX_ATTR_TEX0, 9);

   /* tesla subset (rnndb graph/g80_3d.xml, g80_defs.xml) */
   CHECK_EQ(G80_3D_CLASS, 0x5097);
   CHECK_EQ(GT215_3D_CLASS, 0x8597);
   CHECK_EQ(G80_3D_RT_FORMAT(1), 0x208 + 0x20);
   CHECK_EQ(G80_3D_RT_FORMAT_RGBA8_UNORM, 0xd5);
   CHECK_EQ(G80_SURFACE_FORMAT_BGRA8_UNORM, 0xcf);
   CHECK_EQ(G80_ZETA_FORMAT_Z24_S8_UNORM, 0x16);
   CHECK_EQ(G80_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA, 0x4303);
   CHECK_EQ(G80_3D_VIEWPORT_SCALE_Y(2), 0xa04 + 2 * 0x20);
   CHECK_EQ(G80_3D_VERTEX_BEGIN_GL, 0x15dc);
   CHECK_EQ(G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES, 4);
   CHECK_EQ(G80_3D_VP_ATTR_EN_1_X, 0x10);                 /* bitset in field */
   CHECK_EQ(G80_3D_GP_RESULT_MAP__LEN, 32);
   CHECK_EQ(G80_3D_POLYGON_OFFSET_CLAMP, 0x187c);
   CHECK_EQ(G84_3D_VERTEX_ID_BASE, 0x1118);               /* G84_3D- */
   CHECK_EQ(GT215_3D_IBLEND_FUNC_DST_ALPHA(3), 0x1e18 + 3 * 0x20);
   CHECK_EQ(G80_3D_CLEAR_BUFFERS_RT__SHIFT, 6);
   CHECK_EQ(G80_3D_VERTEX_BEGIN_D3D_PRIMITIVE_TRIANGLES, 4);
   CHECK_EQ(GT215_3D_VERTEX_ARRAY_FETCH_ALT(20), 0x1c00 + 20 * 0x10);
   CHECK_EQ(G200_3D_VTX_ATTR_DEFINE_SIZE_16, 2 << 12);

   /* G80 2D (rnndb graph/g80_2d.xml) */
   CHECK_EQ(G80_2D_CLASS, 0x502d);
   CHECK_EQ(G80_2D_BLIT_SRC_Y_INT, 0x8dc);
   CHECK_EQ(G80_2D_BLIT_CONTROL_FILTER_BILINEAR, 1 << 4);
   CHECK_EQ(G80_2D_DRAW_POINT32_Y(3), 0x604 + 3 * 8);
   CHECK_EQ(G80_2D_DST_FORMAT_RGBA8_UNORM, 0xd5);

   /* G80 texture descriptors (rnndb graph/g80_texture.xml): 8 words */
   CHECK_EQ(G80_TIC__SIZE, 0x20);
   CHECK_EQ(G80_TIC_2, 0x08);
   CHECK_EQ(G80_TIC_2_TEXTURE_TYPE_TWO_D, 1 << 14);
   CHECK_EQ(G80_TIC_0_X_SOURCE_R, 2 << 18);
   CHECK_EQ(G80_TIC_SOURCE_R, 2);                         /* top-level enum */
   CHECK_EQ(G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, 0x08);
   CHECK_EQ(G84_TIC_0_PACK_COMPONENTS, 1u << 30);         /* G84- */
   CHECK_EQ(G80_TSC_0_ADDRESS_V_CLAMP_TO_EDGE, 2 << 3);
   CHECK_EQ(G80_TSC_1_MIP_LOD_BIAS__SHIFT, 12);

   /* DMA pusher command words (dma-pusher.rst): method 0x1808 on
    * subchannel 7, 2 words: 2 << 18 | 7 << 13 | 0x1808 */
   CHECK_EQ(NV4_DMA_CMD_METHOD(0x1808) | NV4_DMA_CMD_SUBC(7) |
            NV4_DMA_CMD_COUNT(2), 0x0008f808);
   CHECK_EQ(NV4_DMA_CMD_TYPE_NON_INCREASING, 0x40000000);
   CHECK_EQ(NV4_DMA_CMD_SPECIAL_RETURN, 0x00020000);
   CHECK_EQ(NV4_DMA_CMD_KIND_CALL, 2);
   CHECK_EQ(NV4_DMA_CMD_JUMP_TARGET__MASK, 0xfffffffc);
   CHECK_EQ(NV4_DMA_CMD_OLD_JUMP_TARGET__MASK, 0x1ffffffc);

   /* the forms of the command word (dma-pusher.rst): a methods header
    * fixes bits 29-31, 16-17 and 0-1 (000...00...00 / 010...00...00);
    * the old jump bits 29-31 and 0-1 (001J...J00) */
   CHECK_EQ(NV4_DMA_CMD_TYPE__MASK | NV4_DMA_CMD_SPECIAL__MASK |
            NV4_DMA_CMD_KIND__MASK, 0xe0030003);
   CHECK_EQ(NV4_DMA_CMD_TYPE__MASK | NV4_DMA_CMD_KIND__MASK, 0xe0000003);
   CHECK_EQ(NV4_DMA_CMD_TYPE_OLD_JUMP, 0x20000000);
   CHECK_EQ(NV4_DMA_CMD_SPECIAL_SLI_COND, 0x00010000);
   CHECK_EQ(NV4_DMA_CMD_SPECIAL_LONG_NI, 0x00030000);

   /* puller.rst: methods 0x100 and up go to the engine; 0x180-0x1fc take
    * RAMHT handles; old-style semaphore offsets fit 12 bits [NV1A:G80] */
   CHECK_EQ(NV4_PULLER_ENGINE_MTHD_FIRST, 0x100);
   CHECK_EQ(NV4_PULLER_OBJECT_MTHD_FIRST, 0x180);
   CHECK_EQ(NV4_PULLER_OBJECT_MTHD_END, 0x200);
   CHECK_EQ(NV4_PULLER_SEMAPHORE_OFFSET_LIMIT, 1 << 12);
   /* graph/intro.rst "Notifiers": the M2MF notifier is at 0x10, the
    * second 16-byte notifier */
   CHECK_EQ(NV_NOTIFY_INDEX_M2MF * NV_NOTIFY__SIZE, 0x10);
   CHECK_EQ(NV_NOTIFY_INDEX_ORDINARY, 0);

   /* curie facts from upstream Mesa's nv30 driver (not in rnndb):
    * nv30_state.c MRT_BLEND_ENABLE 0x036c, rt[i].blend_enable << i;
    * nv30_winsys.h VTXTEX_OFFSET(i) 0x0900 + i * 0x20 ..
    * VTXTEX_BCOL(i) 0x091c + i * 0x20, 0x1710, 0x1718;
    * nv30_texture.c lod_bias * 256 & 0x1fff; nv30_format.c X1R5G5B5 2 */
   CHECK_EQ(NV40_3D_MRT_BLEND_ENABLE, 0x036c);
   CHECK_EQ(NV40_3D_MRT_BLEND_ENABLE_COLOR1 | NV40_3D_MRT_BLEND_ENABLE_COLOR2 |
            NV40_3D_MRT_BLEND_ENABLE_COLOR3, 0xe);
   CHECK_EQ(NV40_3D_VTXTEX_OFFSET(0), 0x0900);
   CHECK_EQ(NV40_3D_VTXTEX_ENABLE(1), 0x090c + 0x20);
   CHECK_EQ(NV40_3D_VTXTEX_BCOL(3), 0x091c + 3 * 0x20);
   CHECK_EQ(NV40_3D_VTXTEX__LEN, 4);
   CHECK_EQ(NV30_3D_UNK1710, 0x1710);
   CHECK_EQ(NV40_3D_UNK1718, 0x1718);
   CHECK_EQ(NV40_3D_TEX_FILTER_LOD_BIAS__MASK, 0x1fff);
   CHECK_EQ(NV40_3D_TEX_FILTER_LOD_BIAS(-256), 0x1f00);   /* bias -1.0 */
   /* rankine as curie: envytools bundles.rst TEX_FILTER, not rnndb 8-11 */
   CHECK_EQ(NV30_3D_TEX_FILTER_LOD_BIAS__MASK, 0x1fff);
   CHECK_EQ(NV30_3D_RT_FORMAT_COLOR_X1R5G5B5, 2);
   /* curie's DEPTH_CONTROL: upstream writes 0x10 to clamp (nv30_state.c) */
   CHECK(0x10 & NV40_3D_DEPTH_CONTROL_CLAMP);
   CHECK(!(0x01 & NV40_3D_DEPTH_CONTROL_CLAMP));
   /* the query report (nv30_query.c): QUERY_GET (report << 24) | offset,
    * report 1 for occlusion; 16 bytes, the count in word 2, the status in
    * word 3 with its top byte cleared when written (0xff000000) */
   CHECK_EQ(NV30_3D_QUERY_GET_UNK24_SAMPLES_PASSED | 0x40, 0x01000040);
   CHECK_EQ(NV30_3D_QUERY_GET_UNK24_ZCULL3, 5u << 24);
   CHECK_EQ(NV30_QUERY_REPORT__SIZE, 16);
   CHECK_EQ(NV30_QUERY_REPORT_VALUE, 2 * 4);
   CHECK_EQ(NV30_QUERY_REPORT_STATUS, 3 * 4);
   CHECK_EQ(NV30_QUERY_REPORT_STATUS_PENDING__MASK, 0xff000000);

   /* LOD clamps in 1/256 (nv30_fragtex.c: min_lod << 19 | max_lod << 7 on
    * curie, << 18 and << 6 on rankine; up to 15 + 255/256 -> 12 bits) */
   CHECK_EQ(NV40_3D_TEX_ENABLE_MIN_LOD(4095), 4095u << 19);
   CHECK_EQ(NV40_3D_TEX_ENABLE_MAX_LOD(256), 256u << 7);
   CHECK_EQ(NV40_3D_TEX_ENABLE_MIN_LOD__MASK & NV40_3D_TEX_ENABLE_ENABLE, 0);
   CHECK_EQ(NV30_3D_TEX_ENABLE_MIN_LOD__SHIFT, 18);
   CHECK_EQ(NV30_3D_TEX_ENABLE_MAX_LOD__MASK, 0xfffu << 6);

   /* 16 texture units on curie, 8 on rankine (group nv30_tex_unit) */
   CHECK_EQ(NV40_3D_TEX_OFFSET__LEN, 16);
   CHECK_EQ(NV40_3D_TEX_OFFSET(15), 0x1a00 + 15 * 0x20);
   CHECK_EQ(NV40_3D_TEX_BORDER_COLOR(8), 0x1a1c + 8 * 0x20);
   CHECK_EQ(NV30_3D_TEX_OFFSET__LEN, 8);
   CHECK_EQ(NV40_3D_TEX_SIZE1(15), 0x1840 + 15 * 4);
   CHECK_EQ(NV40_3D_TEX_SIZE1__LEN, 16);

   /* float bit cast helper: 1.0f is 0x3f800000 (IEEE 754) */
   CHECK_EQ(nvhwdb_fui(1.0f), 0x3f800000);
}

static void
test_names(void)
{
   char buf[8];

   check_str(__LINE__, nvhwdb_class_name(0x4097), "NV40_3D");
   check_str(__LINE__, nvhwdb_class_name(0x0039), "NV04_M2MF");
   CHECK(nvhwdb_class_name(0x1234) == NULL);

   /* nv_object.xml: 0x4097 on NV40:NV44 G70:G72 G71:C51, 0x4497 on the rest */
   CHECK(nvhwdb_class_on_chipset(0x4097, 0x40));
   CHECK(nvhwdb_class_on_chipset(0x4097, 0x47));    /* G70 */
   CHECK(!nvhwdb_class_on_chipset(0x4097, 0x44));
   CHECK(nvhwdb_class_on_chipset(0x4497, 0x44));
   CHECK(nvhwdb_class_on_chipset(0x4497, 0x4e));    /* C51 */
   CHECK(!nvhwdb_class_on_chipset(0x0397, 0x40));
   CHECK(nvhwdb_class_on_chipset(0x0697, 0x34));
   CHECK(!nvhwdb_class_on_chipset(0x0497, 0x34));   /* NV35:NV34 excludes NV34 */
   CHECK(nvhwdb_class_on_chipset(0x0039, 0x40));
   CHECK(nvhwdb_class_on_chipset(0x0002, 0x50));    /* DMA: everywhere */

   check_name(__LINE__, 0x4097, 0xa00, true, "VIEWPORT_HORIZ");
   check_name(__LINE__, 0x4097, 0x174c, true, "VTXFMT[3]");
   check_name(__LINE__, 0x0397, 0x418, true, "TEX_GEN_MODE[1][2]");
   check_name(__LINE__, 0x4097, 0x354, true, "STENCIL_FUNC_REF[1]");
   check_name(__LINE__, 0x4097, 0xa24, true, "VIEWPORT_TRANSLATE_Y");
   check_name(__LINE__, 0x4097, 0x1ff0, true, "VP_ATTRIB_EN");
   check_name(__LINE__, 0x0397, 0x1ff0, false, "0x1ff0");   /* curie only */
   check_name(__LINE__, 0x4097, 0x418, false, "0x0418");    /* rankine only */
   check_name(__LINE__, 0x0039, 0x30c, true, "OFFSET_IN");
   check_name(__LINE__, 0x4097, 0x100, true, "NOP");
   check_name(__LINE__, 0x3089, 0x198, true, "SURFACE");
   check_name(__LINE__, 0x0062, 0x30c, true, "OFFSET_DESTIN");
   check_name(__LINE__, 0x309e, 0x300, true, "FORMAT");
   check_name(__LINE__, 0x0077, 0x2fc, false, "0x02fc");  /* NV5_SIFM- */
   /* below 0x100 the FIFO answers, for any class */
   check_name(__LINE__, 0x4097, 0x50, true, "REF_CNT");
   check_name(__LINE__, 0x1234, 0x6c, true, "SEMAPHORE_RELEASE");
   check_name(__LINE__, 0x1234, 0x200, false, "0x0200");
   check_name(__LINE__, 0x0056, 0x664, true, "TEX_GEN_COEFF_B[1][2]");
   check_name(__LINE__, 0x0056, 0xd44, false, "0x0d44");   /* NV15_3D- */
   check_name(__LINE__, 0x0096, 0xd44, true, "COLOR_LOGIC_OP_OP");
   check_name(__LINE__, 0x0597, 0x1e5c, true, "RC_OUT_RGB[7]");
   check_name(__LINE__, 0x0097, 0x230, false, "0x0230");   /* NV25_3D only */
   check_name(__LINE__, 0x0597, 0x230, true, "HIERZ_OFFSET");
   check_name(__LINE__, 0x0097, 0x2c4, true, "VIEWPORT_CLIP_HORIZ[1]");

   /* truncation keeps a terminated prefix */
   nvhwdb_method_name(0x4097, 0xa00, buf, sizeof(buf));
   check_str(__LINE__, buf, "VIEWPOR");

   unsigned index = 99;
   const struct nvhwdb_method *m = nvhwdb_method_lookup(0x4097, 0x1a64, &index);
   CHECK(m != NULL);
   if (m) {
      check_str(__LINE__, m->name, "TEX_FORMAT");
      CHECK_EQ(index, 3);
      CHECK_EQ(m->addr, 0x1a04);
      CHECK_EQ(m->num_dims, 1);
      CHECK_EQ(m->stride[0], 0x20);
      /* curie: 16 units (upstream nv30_screen.c: 16 fragment samplers) */
      CHECK_EQ(m->length[0], 16);
   }
   CHECK(nvhwdb_method_lookup(0x4097, 0x1a66, NULL) == NULL);  /* unaligned */
   /* unit 15 of curie: 0x1a04 + 15 * 0x20 = 0x1be4; rankine has 8 units
    * (rnndb), so 0x1b04 (unit 8) is no method of 0x0397 */
   m = nvhwdb_method_lookup(0x4097, 0x1be4, &index);
   CHECK(m != NULL);
   if (m) {
      check_str(__LINE__, m->name, "TEX_FORMAT");
      CHECK_EQ(index, 15);
   }
   m = nvhwdb_method_lookup(0x0397, 0x1a04, NULL);
   CHECK(m != NULL);
   if (m)
      CHECK_EQ(m->length[0], 8);
   CHECK(nvhwdb_method_lookup(0x0397, 0x1b04, NULL) == NULL);
   /* 0x036c is FOG_ENABLE on rankine, MRT_BLEND_ENABLE on curie
    * (rnndb nv30-40_3d.xml; upstream nv30_state.c) */
   m = nvhwdb_method_lookup(0x4097, 0x036c, NULL);
   CHECK(m != NULL);
   if (m)
      check_str(__LINE__, m->name, "MRT_BLEND_ENABLE");
   m = nvhwdb_method_lookup(0x0397, 0x036c, NULL);
   CHECK(m != NULL);
   if (m)
      check_str(__LINE__, m->name, "FOG_ENABLE");
}

static void
test_decode(void)
{
   check_decode(__LINE__, 0x4097, 0xa00, 640u << 16, true,
                "VIEWPORT_HORIZ = { X = 0 | W = 640 }");
   check_decode(__LINE__, 0x4097, 0xa6c, 0x201, true, "DEPTH_FUNC = LESS");
   check_decode(__LINE__, 0x0397, 0xa6c, 0x207, true, "DEPTH_FUNC = ALWAYS");
   /* V32_FLOAT = 2, size 3, stride 12 */
   check_decode(__LINE__, 0x4097, 0x174c, 2 | 3 << 4 | 12 << 8, true,
                "VTXFMT[3] = { TYPE = V32_FLOAT | SIZE = 3 | STRIDE = 12 }");
   check_decode(__LINE__, 0x0397, 0x1d94, 0xf1, true,
                "CLEAR_BUFFERS = { DEPTH | COLOR_R | COLOR_G | COLOR_B | "
                "COLOR_A }");
   check_decode(__LINE__, 0x4097, 0xa30, 0x3f800000, true,
                "VIEWPORT_SCALE_X = 1.0");
   check_decode(__LINE__, 0x4097, 0xa34, 0xbf000000, true,
                "VIEWPORT_SCALE_Y = -0.5");
   /* the curie layout of TEX_FORMAT: DMA0, 2D, A8R8G8B8 (5), 1 level */
   check_decode(__LINE__, 0x4097, 0x1a04, 0x1 | 2 << 4 | 5 << 8 | 1 << 16,
                true,
                "TEX_FORMAT[0] = { DMA0 | DIMS = 2D | FORMAT = A8R8G8B8 | "
                "MIPMAP_COUNT = 1 }");
   /* the rankine one: format 0x06 is A8R8G8B8 in nv10_tex_format, base
    * size 2^8 x 2^4 x 2^0; numeric fields print even when 0 */
   check_decode(__LINE__, 0x0397, 0x1a24,
                0x2 | 2 << 4 | 6 << 8 | 8 << 20 | 4 << 24, true,
                "TEX_FORMAT[1] = { DMA1 | DIMS = 2D | FORMAT = A8R8G8B8 | "
                "BASE_SIZE_U = 8 | BASE_SIZE_V = 4 | BASE_SIZE_W = 0 }");
   /* curie LOD bias, signed 13 bits in 1/256 (nv30_texture.c): 0x1f00 is
    * -256 (bias -1.0); unit 8 (0x1a14 + 8 * 0x20 = 0x1b14) exists on
    * curie; MIN 2 / MAG 2 are LINEAR (nv4_tex_*_filter) */
   check_decode(__LINE__, 0x4097, 0x1b14, 0x1f00 | 2 << 16 | 2 << 24, true,
                "TEX_FILTER[8] = { LOD_BIAS = -256 | MIN = LINEAR | "
                "MAG = LINEAR }");
   check_decode(__LINE__, 0x4097, 0x1800, 0x01000040, true,
                "QUERY_GET = { OFFSET = 0x40 | UNK24 = SAMPLES_PASSED }");
   /* blending on render targets 1..3 (nv30_state.c: 0xe) */
   check_decode(__LINE__, 0x4097, 0x036c, 0xe, true,
                "MRT_BLEND_ENABLE = { COLOR1 | COLOR2 | COLOR3 }");
   /* signed field: X = 0xffff is -1 */
   check_decode(__LINE__, 0x4097, 0x2b8, 0x0002ffff, true,
                "VIEWPORT_TX_ORIGIN = { X = -1 | Y = 2 }");
   /* a value no enum entry names, and bits no field covers */
   check_decode(__LINE__, 0x4097, 0x1808, 0x42, true,
                "VERTEX_BEGIN_END = 0x42");
   check_decode(__LINE__, 0x4097, 0x1820, 0x100, true,
                "IDXBUF_FORMAT = { TYPE = U32 | 0x100 }");
   check_decode(__LINE__, 0x4097, 0x1d94, 0, true, "CLEAR_BUFFERS = { }");
   check_decode(__LINE__, 0x4097, 0x310, 1, true, "BLEND_FUNC_ENABLE = TRUE");
   check_decode(__LINE__, 0x0039, 0x324, 0x0101, true,
                "FORMAT = { INPUT_INC = 1 | OUTPUT_INC = 1 }");
   check_decode(__LINE__, 0x4097, 0x1234, 5, false, "0x1234 = 0x00000005");
   /* celsius vertex buffer 3 (TEX0): 2 floats, 8 bytes apart */
   check_decode(__LINE__, 0x0099, 0xd1c, 2 | 2 << 4 | 8 << 8, true,
                "VTXBUF_FMT[3] = { TYPE = V32_FLOAT | FIELDS = 2 | "
                "STRIDE = 8 }");
   /* the clip-enable bits exist up to NV17 only: on kelvin bit 11 is
    * left over (nv_object.xml order, variants -NV17_3D) */
   check_decode(__LINE__, 0x0099, 0x2c0, 5 | 1 << 11 | 100 << 16, true,
                "VIEWPORT_CLIP_HORIZ[0] = { CLIP_L = 5 | CLIP_LEFT_ENABLE | "
                "CLIP_R = 100 }");
   check_decode(__LINE__, 0x0097, 0x2c0, 5 | 1 << 11 | 100 << 16, true,
                "VIEWPORT_CLIP_HORIZ[0] = { CLIP_L = 5 | CLIP_R = 100 | "
                "0x800 }");
   /* tesla vertex input 1: buffer 2, offset 12, 4 x 32-bit float */
   check_decode(__LINE__, 0x8297, 0x1ac4,
                2 | 12 << 5 | 0x01 << 19 | 0x3fu << 25, true,
                "VERTEX_ARRAY_ATTRIB[1] = { BUFFER = 2 | OFFSET = 12 | "
                "FORMAT = 32_32_32_32 | TYPE = FLOAT }");
   check_name(__LINE__, 0x5097, 0x1e18, false, "0x1e18");  /* GT215_3D- */
   check_name(__LINE__, 0x502d, 0x61c, true, "DRAW_POINT32_Y[3]");
   check_name(__LINE__, 0x8697, 0x1e38, true, "IBLEND_FUNC_DST_ALPHA[1]");
   /* swizzled A8R8G8B8 (0xa) surface of 2^9 x 2^8 */
   check_decode(__LINE__, 0x309e, 0x300, 0xa | 9 << 16 | 8 << 24, true,
                "FORMAT = { COLOR = A8R8G8B8 | BASE_SIZE_U = 9 | "
                "BASE_SIZE_V = 8 }");
   check_decode(__LINE__, 0x9999, 0x00, 0xbeef0001, true, "OBJECT = 0xbeef0001");

   /* a tiny buffer never overflows */
   char small[4] = { 'a', 'b', 'c', 'd' };
   nvhwdb_method_decode(0x4097, 0xa00, 0, small, 3);
   check_str(__LINE__, small, "VI");
   CHECK_EQ(small[3], 'd');
   nvhwdb_method_decode(0x4097, 0xa00, 0, small, 0);
   CHECK_EQ(small[0], 'V');
}

/* every method of several classes, any data, any buffer size: the output
 * always ends inside the buffer (and nothing crashes) */
static void
test_bounds(void)
{
   static const uint32_t classes[] = { 0x4097, 0x0397, 0x0056, 0x0597,
                                       0x0039, 0x3089, 0x1234 };
   static const uint32_t datas[] = { 0, 0xffffffffu, 0x80000001u };
   char buf[80];

   for (unsigned c = 0; c < sizeof(classes) / sizeof(classes[0]); c++) {
      for (uint32_t m = 0; m < 0x2000; m += 4) {
         for (unsigned d = 0; d < 3; d++) {
            size_t n = (m / 4 + d) % sizeof(buf);
            memset(buf, 'x', sizeof(buf));
            nvhwdb_method_decode(classes[c], m, datas[d], buf, n);
            if (n && memchr(buf, '\0', n) == NULL) {
               printf("FAIL: decode(0x%x, 0x%x) not terminated in %zu\n",
                      (unsigned)classes[c], (unsigned)m, n);
               failures++;
               return;
            }
            if (n < sizeof(buf) && buf[n] != 'x') {
               printf("FAIL: decode(0x%x, 0x%x) wrote past %zu\n",
                      (unsigned)classes[c], (unsigned)m, n);
               failures++;
               return;
            }
         }
      }
   }
}

/* The chip table (chips.xml) against rnndb: nvchipsets.xml ids and
 * fifo/nv_object.xml class variants (NV35_3D 0x0497 "NV35:NV34" in rnndb's
 * chipset order: NV35, NV31, NV36 but not NV34; NV40_3D "NV40:NV44 G70:G72
 * G71:C51"; NV44_3D "NV44:G70 G72:G71 C51:G80"). */
static void
test_chips(void)
{
   const struct nvhwdb_chip *c;

   c = nvhwdb_chip_find(0x40);
   CHECK(c && strcmp(c->codename, "NV40") == 0);
   if (c) {
      CHECK_EQ(c->generation, NVHWDB_GEN_CURIE);
      CHECK_EQ(c->isa, NVHWDB_ISA_NV40);
      CHECK_EQ(c->class_3d, 0x4097);
      CHECK_EQ(c->class_m2mf, 0x0039);
      CHECK_EQ(c->class_sifm, 0x3089);
      CHECK_EQ(c->fp_tex_units, 16);
      CHECK(nvhwdb_chip_has_class(c, 0x4097));
      CHECK(!nvhwdb_chip_has_class(c, 0x4497));
      CHECK(!nvhwdb_chip_has_class(c, 0x0397));   /* NV30_3D: NV30:NV40 */
   }
   /* the rnndb order, not the numeric one */
   CHECK(nvhwdb_chip_has_class(nvhwdb_chip_find(0x31), 0x0497));
   CHECK(nvhwdb_chip_has_class(nvhwdb_chip_find(0x36), 0x0497));
   CHECK(!nvhwdb_chip_has_class(nvhwdb_chip_find(0x34), 0x0497));
   CHECK(nvhwdb_chip_has_class(nvhwdb_chip_find(0x34), 0x0697));
   CHECK_EQ(nvhwdb_chip_find(0x46)->class_3d, 0x4497);      /* G72 */
   CHECK_EQ(nvhwdb_chip_find(0x49)->class_3d, 0x4097);      /* G71 */
   CHECK_EQ(nvhwdb_chip_find(0x4e)->class_3d, 0x4497);      /* C51 */
   CHECK_EQ(nvhwdb_chip_find(0x67)->class_3d, 0x4497);      /* MCP67 */
   CHECK_EQ(nvhwdb_chip_find(0xa3)->class_compute, 0x85c0); /* GT215 */
   CHECK_EQ(nvhwdb_chip_find(0x50)->class_compute, 0x50c0);
   CHECK_EQ(nvhwdb_chip_find(0x50)->generation, NVHWDB_GEN_TESLA);
   CHECK_EQ(nvhwdb_chip_find(0x35)->generation, NVHWDB_GEN_RANKINE);
   /* names in any case; nothing for unknown ids or the end marker */
   CHECK(nvhwdb_chip_find_name("g71") == nvhwdb_chip_find(0x49));
   CHECK(nvhwdb_chip_find_name("NV44A") == nvhwdb_chip_find(0x4a));
   CHECK(nvhwdb_chip_find(0xc0) == NULL);
   CHECK(nvhwdb_chip_find(0x99) == NULL);
   CHECK(nvhwdb_chip_find_name("NV99") == NULL);
   /* one row per id; every chip nvsim models has its board */
   for (unsigned i = 0; i < nvhwdb_num_chips; i++) {
      const struct nvhwdb_chip *a = &nvhwdb_chips[i];
      CHECK(nvhwdb_chip_find(a->chipset) == a);
      if (a->nvsim)
         CHECK(a->board && a->pci_device && a->vram_mib && a->gart_mib);
      /* each driver folder drives its own generations */
      if (a->driver == NVHWDB_DRIVER_NV30)
         CHECK(a->generation == NVHWDB_GEN_CURIE ||
               a->generation == NVHWDB_GEN_RANKINE);
      if (a->driver == NVHWDB_DRIVER_NV50)
         CHECK(a->generation == NVHWDB_GEN_TESLA);
      if (a->generation == NVHWDB_GEN_TESLA)
         CHECK(a->driver == NVHWDB_DRIVER_NV50);
   }
}

int
main(void)
{
   test_bounds();
   test_headers();
   test_names();
   test_decode();
   test_chips();
   if (failures) {
      printf("%d check(s) failed\n", failures);
      return 1;
   }
   printf("all nvhwdb checks passed\n");
   return 0;
}
