/*
 * Pipe format -> hardware format codes.
 *
 * Render target colour and depth codes: rnndb graph/nv_3ddefs.xml enums
 * nv10_rt_color_format (R5G6B5, X8R8G8B8, A8R8G8B8 are in ARGB memory
 * order, i.e. the little-endian B8G8R8A8 pipe formats) and
 * nv10_rt_depth_format (Z16, Z24S8 with stencil in the low byte, i.e.
 * S8_UINT_Z24_UNORM).  Vertex fetch types: nv10_vtxbuf_type; fetched
 * components per element are VTXFMT.SIZE (1..4).
 */

#include "util/format/u_format.h"

#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nv30_format.h"

/* Field designators only: a format may be both a render target and a
 * vertex format (B8G8R8A8), and each line must keep the other's fields. */
#define RT(fmt, code) \
   [PIPE_FORMAT_##fmt].rt_color = NV30_3D_RT_FORMAT_COLOR_##code
#define ZS(fmt, code) \
   [PIPE_FORMAT_##fmt].rt_zeta = NV30_3D_RT_FORMAT_ZETA_##code
#define VTX(fmt, type) \
   [PIPE_FORMAT_##fmt].vtx_type = NV30_3D_VTXFMT_TYPE_##type, \
   [PIPE_FORMAT_##fmt].vtx_ok = true

static const struct nv30_format_info nv30_formats[PIPE_FORMAT_COUNT] = {
   RT(B8G8R8A8_UNORM, A8R8G8B8),
   RT(B8G8R8X8_UNORM, X8R8G8B8),
   RT(B5G6R5_UNORM, R5G6B5),
   /* float targets, R first in memory (rnndb nv_3ddefs.xml
    * A16B16G16R16_FLOAT / A32B32G32R32_FLOAT; upstream nv30_format.c maps
    * the RGBA16F / RGBA32F pipe formats to them, fact).  NV40 blends fp16
    * targets but not fp32 ones (NVIDIA's GeForce 6 programming guide).
    * No float format ignores its alpha as X8R8G8B8 does, so there are no
    * RGBX float targets: st/mesa stores GL's RGB16F/32F in RGBA, where
    * DST_ALPHA blending reads the stored alpha (st/mesa would override
    * it with PIPE_CAP_RGB_OVERRIDE_DST_ALPHA_BLEND, which asks for
    * independent blend functions; piglit fbo-blending-formats fails
    * GL_RGB16F/32F for that). */
   RT(R16G16B16A16_FLOAT, A16B16G16R16_FLOAT),
   RT(R32G32B32A32_FLOAT, A32B32G32R32_FLOAT),
   [PIPE_FORMAT_R32G32B32A32_FLOAT].rt_no_blend = true,

   ZS(S8_UINT_Z24_UNORM, Z24S8),
   ZS(X8Z24_UNORM, Z24S8),
   ZS(Z16_UNORM, Z16),

   VTX(R32_FLOAT, V32_FLOAT),
   VTX(R32G32_FLOAT, V32_FLOAT),
   VTX(R32G32B32_FLOAT, V32_FLOAT),
   VTX(R32G32B32A32_FLOAT, V32_FLOAT),
   VTX(R16_FLOAT, V16_FLOAT),
   VTX(R16G16_FLOAT, V16_FLOAT),
   VTX(R16G16B16_FLOAT, V16_FLOAT),
   VTX(R16G16B16A16_FLOAT, V16_FLOAT),
   VTX(R16_SNORM, V16_SNORM),
   VTX(R16G16_SNORM, V16_SNORM),
   VTX(R16G16B16_SNORM, V16_SNORM),
   VTX(R16G16B16A16_SNORM, V16_SNORM),
   VTX(R16_SSCALED, V16_SSCALED),
   VTX(R16G16_SSCALED, V16_SSCALED),
   VTX(R16G16B16_SSCALED, V16_SSCALED),
   VTX(R16G16B16A16_SSCALED, V16_SSCALED),
   VTX(R8_UNORM, U8_UNORM),
   VTX(R8G8_UNORM, U8_UNORM),
   VTX(R8G8B8_UNORM, U8_UNORM),
   VTX(R8G8B8A8_UNORM, U8_UNORM),
   VTX(R8_USCALED, U8_USCALED),
   VTX(R8G8_USCALED, U8_USCALED),
   VTX(R8G8B8_USCALED, U8_USCALED),
   VTX(R8G8B8A8_USCALED, U8_USCALED),
   /* D3DCOLOR order, the hardware swaps R and B when fetching it */
   VTX(B8G8R8A8_UNORM, B8G8R8A8_UNORM),
};

const struct nv30_format_info *
nv30_format_info(enum pipe_format format)
{
   static const struct nv30_format_info none;
   if ((unsigned)format >= PIPE_FORMAT_COUNT)
      return &none;
   return &nv30_formats[format];
}
