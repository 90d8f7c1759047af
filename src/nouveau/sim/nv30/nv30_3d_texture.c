/*
 * Rankine's texture units: TEX_FORMAT, TEX_ENABLE, TEX_SWIZZLE and
 * TEX_FILTER in rankine's layout (hwdb nv30-40_3d.xml group
 * nv30_tex_unit, variants NV30_3D:NV40_3D), decoded into the description
 * the shared texture code (nv40_3d_texture.c) samples from.
 *
 * Facts:
 * - FORMAT is an 8-bit nv10_tex_format (hwdb nv_3ddefs.xml); a *_RECT
 *   format is a pitch-linear image addressed with unnormalized
 *   coordinates (NV_texture_rectangle), its size in NPOT_SIZE and its
 *   pitch in TEX_SWIZZLE RECT_PITCH; every other format is swizzled,
 *   power-of-two, its size 1 << BASE_SIZE_U/V/W.  Upstream's
 *   nv30_texture.c writes them so: log2 sizes in BASE_SIZE, the pitch
 *   in RECT_PITCH, fmt->nv30_rect for unnormalized samplers
 *   (nv30_fragtex.c);
 * - S3TC images are rows of 4x4 blocks with either kind of format code
 *   (DXTn has no _RECT code: upstream's nv30_format.c uses DXTn for
 *   both);
 * - the float formats (NV_float_buffer) are rectangle-only: "floating-
 *   point textures ... only with the TEXTURE_RECTANGLE_NV target"
 *   (NV_float_buffer, overview): linear, unnormalized;
 * - MIPMAP set: the full chain down to 1x1 (GL's, from the base size),
 *   of which the unit reads the levels up to the MAX_LOD clamp; clear:
 *   one level;
 * - ENABLE is bit 30, ANISO 2 bits (1/2/4/8 samples), MIN_LOD/MAX_LOD
 *   4.8 fixed point at bits 18/6, LOD_BIAS signed 5.8 fixed point at bits
 *   0-12 (hwdb, which says why not rnndb's bits 8-11);
 * - sRGB: TEX_WRAP GAMMA_DECREASE_FILTER as on curie (hwdb says why).
 */
#include <string.h>

#include "nv30_3d.h"
#include "nv40_3d.h"

#define F30(x) NV30_3D_TEX_FORMAT_FORMAT_##x
#define F40(x) NV40_3D_TEX_FORMAT_FORMAT_##x

/* rankine format -> curie's code of the same texel layout, and whether
 * it is a rectangle (linear, unnormalized) format */
static const struct {
   uint32_t nv30, nv40;
   bool rect;
} formats[] = {
   { F30(L8), F40(L8), false },
   { F30(L8_RECT), F40(L8), true },
   { F30(A1R5G5B5), F40(A1R5G5B5), false },
   { F30(A1R5G5B5_RECT), F40(A1R5G5B5), true },
   { F30(A4R4G4B4), F40(A4R4G4B4), false },
   { F30(A4R4G4B4_RECT), F40(A4R4G4B4), true },
   { F30(R5G6B5), F40(R5G6B5), false },
   { F30(R5G6B5_RECT), F40(R5G6B5), true },
   { F30(A8R8G8B8), F40(A8R8G8B8), false },
   { F30(A8R8G8B8_RECT), F40(A8R8G8B8), true },
   { F30(DXT1), F40(DXT1), false },
   { F30(DXT3), F40(DXT3), false },
   { F30(DXT5), F40(DXT5), false },
   { F30(A8L8), F40(A8L8), false },
   { F30(A8L8_RECT), F40(A8L8), true },
   { F30(Z24), F40(Z24), false },
   { F30(Z24_RECT), F40(Z24), true },
   { F30(Z16), F40(Z16), false },
   { F30(Z16_RECT), F40(Z16), true },
   { F30(A16), F40(A16), false },
   { F30(A16_RECT), F40(A16), true },
   /* HILO16: two 16-bit channels, curie's A16L16 (upstream's
    * nv30_format.c names A16L16 so on rankine) */
   { F30(HILO16), F40(A16L16), false },
   { F30(HILO16_RECT), F40(A16L16), true },
   { F30(HILO8), F40(HILO8), false },
   { F30(HILO8_RECT), F40(HILO8), true },
   { F30(FLOAT_RGBA16_NV), F40(RGBA16F), true },
   { F30(FLOAT_RGBA32_NV), F40(RGBA32F), true },
};

/* samples per lookup of TEX_ENABLE ANISO (nv30_tex_aniso) */
static const uint8_t aniso_rates[] = { 1, 2, 4, 8 };

enum nvsim_status
nv30_3d_tex_describe(struct nv40_3d *ctx, unsigned i,
                     struct nv40_3d_tex_desc *d)
{
   memset(d, 0, sizeof(*d));
   if (i >= NV30_3D_TEX_UNITS)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                          "the fragment program samples texture unit %u; "
                          "rankine has %u", i, NV30_3D_TEX_UNITS);

   uint32_t fmt = nv40_3d_reg(ctx, NV30_3D_TEX_FORMAT(i));
   uint32_t en = nv40_3d_reg(ctx, NV30_3D_TEX_ENABLE(i));
   uint32_t filt = nv40_3d_reg(ctx, NV30_3D_TEX_FILTER(i));
   uint32_t f = fmt & NV30_3D_TEX_FORMAT_FORMAT__MASK;

   d->enabled = en & NV30_3D_TEX_ENABLE_ENABLE;
   d->hw_format = NV40_3D_FIELD(fmt, NV30_3D_TEX_FORMAT_FORMAT);
   for (unsigned k = 0; k < sizeof(formats) / sizeof(formats[0]); k++) {
      if (formats[k].nv30 == f) {
         d->format = formats[k].nv40;
         d->rect = formats[k].rect;
      }
   }
   if (!d->enabled)
      return NVSIM_OK;

   if (d->rect) {
      uint32_t npot = nv40_3d_reg(ctx, NV30_3D_TEX_NPOT_SIZE(i));
      d->w = NV40_3D_FIELD(npot, NV30_3D_TEX_NPOT_SIZE_W);
      d->h = NV40_3D_FIELD(npot, NV30_3D_TEX_NPOT_SIZE_H);
      d->d = 1;
      d->linear = true;
      d->levels = 1;
      d->pitch = NV40_3D_FIELD(nv40_3d_reg(ctx, NV30_3D_TEX_SWIZZLE(i)),
                               NV30_3D_TEX_SWIZZLE_RECT_PITCH);
   } else {
      unsigned lu = NV40_3D_FIELD(fmt, NV30_3D_TEX_FORMAT_BASE_SIZE_U);
      unsigned lv = NV40_3D_FIELD(fmt, NV30_3D_TEX_FORMAT_BASE_SIZE_V);
      unsigned lw = NV40_3D_FIELD(fmt, NV30_3D_TEX_FORMAT_BASE_SIZE_W);
      unsigned lmax = lu > lv ? lu : lv;
      lmax = lmax > lw ? lmax : lw;
      d->w = 1u << lu;
      d->h = 1u << lv;
      d->d = 1u << lw;
      d->levels = (fmt & NV30_3D_TEX_FORMAT_MIPMAP__MASK) ? lmax + 1 : 1;
      /* levels past the MAX_LOD clamp are never fetched: they need not
       * exist (upstream allocates levels up to GL's MAX_LEVEL only and
       * clamps MAX_LOD to it, nv30_fragtex.c) */
      /* (a clamp between two levels blends them: its ceiling) */
      unsigned max_level =
         (NV40_3D_FIELD(en, NV30_3D_TEX_ENABLE_MAX_LOD) + 255) / 256;
      if (d->levels > max_level + 1)
         d->levels = max_level + 1;
   }

   /* LOD_BIAS: two's complement 5.8 fixed point (hwdb), sign-extended
    * from the top bit of the field, (x ^ s) - s */
   const uint32_t bias_sign = (NV30_3D_TEX_FILTER_LOD_BIAS__MASK >>
                               NV30_3D_TEX_FILTER_LOD_BIAS__SHIFT) / 2 + 1;
   int32_t bias = (int32_t)(NV40_3D_FIELD(filt, NV30_3D_TEX_FILTER_LOD_BIAS) ^
                            bias_sign) - (int32_t)bias_sign;
   d->lod_bias = bias / 256.0f;
   d->min_lod = NV40_3D_FIELD(en, NV30_3D_TEX_ENABLE_MIN_LOD) / 256.0f;
   d->max_lod = NV40_3D_FIELD(en, NV30_3D_TEX_ENABLE_MAX_LOD) / 256.0f;
   d->aniso = aniso_rates[NV40_3D_FIELD(en, NV30_3D_TEX_ENABLE_ANISO)];
   d->srgb_bits = nv40_3d_reg(ctx, NV30_3D_TEX_WRAP(i)) &
                  NV30_3D_TEX_WRAP_GAMMA_DECREASE_FILTER__MASK;
   return NVSIM_OK;
}
