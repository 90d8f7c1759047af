/*
 * Which Gallium formats are Tesla render targets and zeta buffers, and
 * their storage types.  The codes are hwdb's (g80_defs.xml
 * G80_SURFACE_FORMAT, g80_3d.xml ZETA_FORMAT, G80_STORAGE_TYPE); which
 * Gallium format each one holds (component order, depth in the high or
 * low bits) is upstream Mesa's nv50 pairing (nv50_formats.c, facts).
 *
 * Listed: UNORM, sRGB, float and integer colour formats and the
 * depth/stencil formats.  Integer targets take the FP's results as the
 * integers' bits and clears take CLEAR_COLOR's words as integers
 * (Gallium's clear colour union holds them so: nv50_clear.c pushes its
 * words as they are); nv50_gl_formats draws and clears RGBA16I.  SNORM
 * targets (EXT_texture_snorm; blending clamps to [-1, 1], GL 3.3 4.1.8)
 * are drawn, cleared and sampled by nv50_gl_gl30's snorm part.
 */

#include "util/macros.h"

#include "nv50_format.h"
#include "g80_defs.xml.h"
#include "g80_3d.xml.h"
#include "nvhwdb_chips.h"
#include "nvhwdb_names.h"

#define C(pipe, g80) \
   [PIPE_FORMAT_##pipe] = { G80_SURFACE_FORMAT_##g80, 0, \
                            G80_STORAGE_TYPE_BLOCKLINEAR }
/* 16-byte elements have their own storage type (g80-surface.rst) */
#define C128(pipe, g80) \
   [PIPE_FORMAT_##pipe] = { G80_SURFACE_FORMAT_##g80, 0, \
                            G80_STORAGE_TYPE_BLOCKLINEAR_128 }
#define Z(pipe, zeta, st) \
   [PIPE_FORMAT_##pipe] = { 0, G80_3D_ZETA_FORMAT_##zeta, \
                            G80_STORAGE_TYPE_##st }

static const struct nv50_format nv50_formats[PIPE_FORMAT_COUNT] = {
   C(B8G8R8A8_UNORM, BGRA8_UNORM),
   C(B8G8R8X8_UNORM, BGRX8_UNORM),
   C(R8G8B8A8_UNORM, RGBA8_UNORM),
   C(R8G8B8X8_UNORM, RGBX8_UNORM),
   C(B8G8R8A8_SRGB, BGRA8_SRGB),
   C(B8G8R8X8_SRGB, BGRX8_SRGB),
   C(R8G8B8A8_SRGB, RGBA8_SRGB),
   C(B5G6R5_UNORM, B5G6R5_UNORM),
   C(B5G5R5A1_UNORM, BGR5_A1_UNORM),
   C(R10G10B10A2_UNORM, RGB10_A2_UNORM),
   C(B10G10R10A2_UNORM, BGR10_A2_UNORM),
   C(R8_UNORM, R8_UNORM),
   C(R8G8_UNORM, RG8_UNORM),
   C(A8_UNORM, A8_UNORM),
   C(R16_UNORM, R16_UNORM),
   C(R16G16_UNORM, RG16_UNORM),
   C(R16G16B16A16_UNORM, RGBA16_UNORM),
   C(R16_FLOAT, R16_FLOAT),
   C(R16G16_FLOAT, RG16_FLOAT),
   C(R16G16B16A16_FLOAT, RGBA16_FLOAT),
   C(R16G16B16X16_FLOAT, RGBX16_FLOAT),
   C(R32_FLOAT, R32_FLOAT),
   C(R32G32_FLOAT, RG32_FLOAT),
   C128(R32G32B32A32_FLOAT, RGBA32_FLOAT),
   C(R11G11B10_FLOAT, R11G11B10_FLOAT),

   /* signed normalized (EXT_texture_snorm, GL 3.1) */
   C(R8_SNORM, R8_SNORM),
   C(R8G8_SNORM, RG8_SNORM),
   C(R8G8B8A8_SNORM, RGBA8_SNORM),
   C(R16_SNORM, R16_SNORM),
   C(R16G16_SNORM, RG16_SNORM),
   C(R16G16B16A16_SNORM, RGBA16_SNORM),

   /* luminance targets (colour-renderable in the compatibility profile,
    * ARB_framebuffer_object): the L written is the fragment's R (GL's
    * RGBA-to-luminance conversion, L = R) and the buffer has no alpha,
    * as a one-component target has none: the R surface formats of the
    * same size store them, byte for byte Gallium's L formats.  Without
    * them st/mesa stores LUMINANCE8_SNORM or LUMINANCE16F in an RGBA
    * format, and the framebuffer then reports an alpha (piglit
    * query-rgba-signed-components) */
   C(L8_UNORM, R8_UNORM),
   C(L8_SNORM, R8_SNORM),
   C(L16_UNORM, R16_UNORM),
   C(L16_SNORM, R16_SNORM),
   C(L16_FLOAT, R16_FLOAT),
   C(L32_FLOAT, R32_FLOAT),

   /* integer targets (EXT_texture_integer, ARB_texture_rgb10_a2ui) */
   C128(R32G32B32A32_UINT, RGBA32_UINT),
   C128(R32G32B32A32_SINT, RGBA32_SINT),
   C(R32G32_UINT, RG32_UINT),
   C(R32G32_SINT, RG32_SINT),
   C(R32_UINT, R32_UINT),
   C(R32_SINT, R32_SINT),
   C(R16G16B16A16_UINT, RGBA16_UINT),
   C(R16G16B16A16_SINT, RGBA16_SINT),
   C(R16G16_UINT, RG16_UINT),
   C(R16G16_SINT, RG16_SINT),
   C(R16_UINT, R16_UINT),
   C(R16_SINT, R16_SINT),
   C(R8G8B8A8_UINT, RGBA8_UINT),
   C(R8G8B8A8_SINT, RGBA8_SINT),
   C(R8G8_UINT, RG8_UINT),
   C(R8G8_SINT, RG8_SINT),
   C(R8_UINT, R8_UINT),
   C(R8_SINT, R8_SINT),
   C(R10G10B10A2_UINT, RGB10_A2_UINT),

   Z(Z16_UNORM, Z16_UNORM, Z16),
   Z(Z24X8_UNORM, Z24_X8_UNORM, Z24_S8),
   Z(Z24_UNORM_S8_UINT, Z24_S8_UNORM, Z24_S8),
   Z(S8_UINT_Z24_UNORM, S8_Z24_UNORM, S8_Z24),
   Z(X8Z24_UNORM, S8_Z24_UNORM, S8_Z24),
   Z(Z32_FLOAT, Z32_FLOAT, Z32_FLOAT),
   Z(Z32_FLOAT_S8X24_UINT, Z32_S8_X24_FLOAT, Z32_S8_X24_FLOAT),
};

const struct nv50_format *
nv50_format(enum pipe_format format)
{
   static const struct nv50_format none;

   return (unsigned)format < ARRAY_SIZE(nv50_formats) ? &nv50_formats[format]
                                                     : &none;
}

bool
nv50_zeta_format_valid(const struct nvhwdb_chip *chip, uint32_t zeta)
{
   /* the values ZETA_FORMAT has on the chip's 3D class (rnndb
    * g80_defs.xml G80_ZETA_FORMAT: Z16_UNORM is variants="G200-"; nvsim
    * traps the others' INVALID_VALUE) */
   const struct nvhwdb_method *m =
      nvhwdb_method_lookup(chip->class_3d, G80_3D_ZETA_FORMAT, NULL);

   if (!m)
      return false;
   for (unsigned i = 0; i < m->num_values; i++)
      if (m->values[i].value == zeta)
         return true;
   return false;
}
