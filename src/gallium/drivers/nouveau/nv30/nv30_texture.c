/*
 * Texture sampling by the fragment program: sampler states, sampler
 * views, and the per-unit TEX_* methods.
 *
 * Facts (rnndb graph/nv30-40_3d.xml TEX_*, our hwdb; upstream Mesa's
 * nv30_texture.c / nv30_fragtex.c / nv30_format.c):
 *  - unit i takes TEX_OFFSET, TEX_FORMAT (DMA0/DMA1 pick DMA_TEXTURE0/1,
 *    DIMS, FORMAT, LINEAR = pitch layout, RECT = unnormalised coordinates,
 *    MIPMAP_COUNT), TEX_WRAP, TEX_ENABLE, TEX_SWIZZLE, TEX_FILTER,
 *    TEX_NPOT_SIZE and TEX_BORDER_COLOR, 8 consecutive methods, plus
 *    TEX_SIZE1 (PITCH) on curie;
 *  - a format delivers its texel in the channels X, Y, Z, W (see
 *    nv30_texfmts); TEX_SWIZZLE routes each output (W alpha, Z red,
 *    Y green, X blue) from ZERO, ONE or the channel its S1 field names;
 *  - TEX_ENABLE MIN_LOD / MAX_LOD clamp the LOD in 1/256 of a level
 *    (their top bits are the whole levels, MIPMAP_MIN/MAX_LOD), counted
 *    from the level at TEX_OFFSET; TEX_FILTER LOD_BIAS is signed, in
 *    1/256 (curie; upstream nv30_texture.c, fact).
 * Curie: our textures are linear (nv30_resource.c): every level has
 * level 0's pitch, levels follow each other, as LINEAR textures are read.
 * Rankine (hwdb nv30-40_3d.xml, the NV30_3D:NV40_3D variants; nvsim's
 * nv30_3d_texture.c sums them up): FORMAT is an 8-bit nv10_tex_format;
 * a *_RECT code reads a pitch-linear image (one level, unnormalised
 * coordinates, its size in TEX_NPOT_SIZE, its pitch in TEX_SWIZZLE
 * RECT_PITCH), every other code a power-of-two image of packed levels
 * (swizzled texels; S3TC rows of blocks), its log2 size in BASE_SIZE_U/
 * V/W and MIPMAP for the chain below it; TEX_ENABLE has ENABLE at bit 30
 * and 2 ANISO bits; there is no TEX_SIZE1 and no LINEAR/RECT bit.  Which
 * layout a chip's units read is the chip table's tex_formats column.
 */

#include <nouveau.h>

#include "util/format/u_format.h"
#include "util/u_atomic.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "nouveau/nouveau_debug.h"
#include "nv30_context.h"
#include "nv30_funcs.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nv30_resource.h"
#include "nv30_texture.h"

/* LOD bias and clamps: 1/256 of a level; clamps, up to 15 + 255/256 (the 4.8 fixed-point
 * TEX_ENABLE MIN_LOD / MAX_LOD fields). */
#define NV30_LOD_ONE 256

static unsigned
nv30_lod(float lod)
{
   const float max = (float)(NV40_3D_TEX_ENABLE_MAX_LOD__MASK >>
                             NV40_3D_TEX_ENABLE_MAX_LOD__SHIFT) / NV30_LOD_ONE;

   return (unsigned)(CLAMP(lod, 0.0f, max) * NV30_LOD_ONE);
}

/* Where a component of a format's texel comes from, as the two
 * TEX_SWIZZLE fields of one output say it: S0 picks ZERO, ONE or the
 * channel that S1 names (W, Z, Y, X).  Field values, unshifted. */
struct nv30_texsrc {
   uint8_t s0, s1;
};

#define NV30_S0(v) \
   (NV30_3D_TEX_SWIZZLE_S0_X_##v >> NV30_3D_TEX_SWIZZLE_S0_X__SHIFT)
#define NV30_S1(v) \
   (NV30_3D_TEX_SWIZZLE_S1_X_##v >> NV30_3D_TEX_SWIZZLE_S1_X__SHIFT)
#define ZERO { NV30_S0(ZERO), 0 }
#define ONE  { NV30_S0(ONE), 0 }
#define CH(c) { NV30_S0(S1), NV30_S1(c) }

/* A format's rankine codes (nv10_tex_format): the power-of-two (packed)
 * one and the rectangle one, and which of the two exist. */
#define NV30_RK_POT  1
#define NV30_RK_RECT 2
struct nv30_rkfmt {
   uint8_t pot, rect, has;
};

struct nv30_texfmt {
   uint32_t format;          /* TEX_FORMAT FORMAT (curie); 0: not sampled */
   /* rankine: the codes of the same texel layout (nvsim's
    * nv30_3d_texture.c pairs them so; upstream's nv30_format.c too:
    * HILO16 is rankine's A16L16, fact), and those for depth without a
    * compare (format_nocompare below) */
   struct nv30_rkfmt rk, rk_nocompare;
   /* R, G, B, A of the pipe format.  The unit decodes a texel into the
    * channels X Y Z W: A8R8G8B8, A1R5G5B5, A4R4G4B4 and R5G6B5 give B G R
    * A; L8 its byte in X; A8L8 the low byte in X and the high one in W;
    * Z24/Z16 compared depth in W (rnndb nv30-40_3d.xml TEX_SWIZZLE;
    * upstream nv30_format.c's per-format source channels, facts). */
   struct nv30_texsrc rgba[4];
   /* Depth: Z24/Z16 only sample with a depth compare (RCOMP); without
    * one the hardware has no depth format, so the texels are read as
    * A16L16 / A8L8, whose W channel holds the top bits of the depth
    * (upstream nv30_fragtex.c, fact). */
   uint32_t format_nocompare;
   /* sRGB: TEX_WRAP GAMMA_DECREASE_FILTER names the channels the unit
    * converts from sRGB to linear before filtering - the colour ones,
    * never alpha, as EXT_texture_sRGB asks (rnndb nv30-40_3d.xml
    * nv40_tex_gamma_decrease_filter; upstream nv30_format.c gives its
    * sRGB formats RED|GREEN|BLUE, which covers the X channel of L8 and
    * A8L8 too, fact). */
   uint32_t gamma;
   /* SNORM: TEX_FILTER SIGNED_* read the channels as signed bytes,
    * max(c / 127, -1) (rnndb nv30-40_3d.xml TEX_FILTER SIGNED_RED..ALPHA;
    * upstream nv30_format.c sets all four for its SNORM formats, fact) */
   uint32_t filter;
};

#define NV30_TEX_SIGNED (NV30_3D_TEX_FILTER_SIGNED_RED | \
                         NV30_3D_TEX_FILTER_SIGNED_GREEN | \
                         NV30_3D_TEX_FILTER_SIGNED_BLUE | \
                         NV30_3D_TEX_FILTER_SIGNED_ALPHA)

#define NV30_TEX_SRGB (NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_RED | \
                       NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_GREEN | \
                       NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_BLUE)

/* The rankine codes of each curie texel layout (the same names, but
 * for the float ones) */
#define RK_A8R8G8B8 RK(A8R8G8B8)
#define RK_R5G6B5 RK(R5G6B5)
#define RK_A1R5G5B5 RK(A1R5G5B5)
#define RK_A4R4G4B4 RK(A4R4G4B4)
#define RK_L8 RK(L8)
#define RK_A8L8 RK(A8L8)
#define RK_A16 RK(A16)
#define RK_DXT1 RK_POT(DXT1)
#define RK_DXT3 RK_POT(DXT3)
#define RK_DXT5 RK_POT(DXT5)
#define RK_RGBA16F RK_RECT(FLOAT_RGBA16_NV)
#define RK_RGBA32F RK_RECT(FLOAT_RGBA32_NV)
#define RK_Z24 RK(Z24), .rk_nocompare = { RK30(HILO16), RK30(HILO16_RECT), \
                                        NV30_RK_POT | NV30_RK_RECT }
#define RK_Z16 RK(Z16), .rk_nocompare = { RK30(A8L8), RK30(A8L8_RECT), \
                                        NV30_RK_POT | NV30_RK_RECT }

#define TEXFMT(hw, r, g, b, a, ...) \
   { .format = NV40_3D_TEX_FORMAT_FORMAT_##hw, .rgba = { r, g, b, a }, \
     RK_##hw, __VA_ARGS__ }
#define RK30(c) \
   (NV30_3D_TEX_FORMAT_FORMAT_##c >> NV30_3D_TEX_FORMAT_FORMAT__SHIFT)
/* both codes; a power-of-two one only (S3TC: no _RECT code); a rectangle
 * one only (float: NV_float_buffer textures are rectangles) */
#define RK(c) .rk = { RK30(c), RK30(c##_RECT), NV30_RK_POT | NV30_RK_RECT }
#define RK_POT(c) .rk = { RK30(c), 0, NV30_RK_POT }
#define RK_RECT(c) .rk = { 0, RK30(c), NV30_RK_RECT }

static const struct nv30_texfmt nv30_texfmts[PIPE_FORMAT_COUNT] = {
   [PIPE_FORMAT_B8G8R8A8_UNORM] = TEXFMT(A8R8G8B8, CH(Z), CH(Y), CH(X), CH(W)),
   [PIPE_FORMAT_B8G8R8X8_UNORM] = TEXFMT(A8R8G8B8, CH(Z), CH(Y), CH(X), ONE),
   [PIPE_FORMAT_B8G8R8A8_SRGB] = TEXFMT(A8R8G8B8, CH(Z), CH(Y), CH(X), CH(W),
                                        .gamma = NV30_TEX_SRGB),
   [PIPE_FORMAT_B8G8R8X8_SRGB] = TEXFMT(A8R8G8B8, CH(Z), CH(Y), CH(X), ONE,
                                        .gamma = NV30_TEX_SRGB),
   [PIPE_FORMAT_B5G6R5_UNORM] = TEXFMT(R5G6B5, CH(Z), CH(Y), CH(X), ONE),
   [PIPE_FORMAT_B5G5R5A1_UNORM] = TEXFMT(A1R5G5B5, CH(Z), CH(Y), CH(X), CH(W)),
   [PIPE_FORMAT_B5G5R5X1_UNORM] = TEXFMT(A1R5G5B5, CH(Z), CH(Y), CH(X), ONE),
   [PIPE_FORMAT_B4G4R4A4_UNORM] = TEXFMT(A4R4G4B4, CH(Z), CH(Y), CH(X), CH(W)),
   [PIPE_FORMAT_B4G4R4X4_UNORM] = TEXFMT(A4R4G4B4, CH(Z), CH(Y), CH(X), ONE),

   [PIPE_FORMAT_L8_UNORM] = TEXFMT(L8, CH(X), CH(X), CH(X), ONE),
   [PIPE_FORMAT_L8_SRGB] = TEXFMT(L8, CH(X), CH(X), CH(X), ONE,
                                  .gamma = NV30_TEX_SRGB),
   [PIPE_FORMAT_I8_UNORM] = TEXFMT(L8, CH(X), CH(X), CH(X), CH(X)),
   [PIPE_FORMAT_A8_UNORM] = TEXFMT(L8, ZERO, ZERO, ZERO, CH(X)),
   [PIPE_FORMAT_R8_UNORM] = TEXFMT(L8, CH(X), ZERO, ZERO, ONE),
   [PIPE_FORMAT_L8A8_UNORM] = TEXFMT(A8L8, CH(X), CH(X), CH(X), CH(W)),
   [PIPE_FORMAT_L8A8_SRGB] = TEXFMT(A8L8, CH(X), CH(X), CH(X), CH(W),
                                    .gamma = NV30_TEX_SRGB),
   [PIPE_FORMAT_R8G8_UNORM] = TEXFMT(A8L8, CH(X), CH(W), ZERO, ONE),
   /* No R8G8B8A8_UNORM (A8R8G8B8 read in byte order would do): st/mesa
    * would then pick it for textures it does not ask to render to, which
    * an FBO later cannot take (piglit cubemap-getteximage-pbo), as
    * BGRA8 can.  Signed bytes (EXT_texture_snorm; RGTC and LATC, which
    * st/mesa decodes into these): A8R8G8B8 delivers byte i in channel i
    * (X = byte 0). */
   [PIPE_FORMAT_R8G8B8A8_SNORM] = TEXFMT(A8R8G8B8, CH(X), CH(Y), CH(Z), CH(W),
                                         .filter = NV30_TEX_SIGNED),
   [PIPE_FORMAT_R8G8B8X8_SNORM] = TEXFMT(A8R8G8B8, CH(X), CH(Y), CH(Z), ONE,
                                         .filter = NV30_TEX_SIGNED),
   [PIPE_FORMAT_L8_SNORM] = TEXFMT(L8, CH(X), CH(X), CH(X), ONE,
                                   .filter = NV30_TEX_SIGNED),
   [PIPE_FORMAT_I8_SNORM] = TEXFMT(L8, CH(X), CH(X), CH(X), CH(X),
                                   .filter = NV30_TEX_SIGNED),
   [PIPE_FORMAT_A8_SNORM] = TEXFMT(L8, ZERO, ZERO, ZERO, CH(X),
                                   .filter = NV30_TEX_SIGNED),
   [PIPE_FORMAT_R8_SNORM] = TEXFMT(L8, CH(X), ZERO, ZERO, ONE,
                                   .filter = NV30_TEX_SIGNED),
   [PIPE_FORMAT_L8A8_SNORM] = TEXFMT(A8L8, CH(X), CH(X), CH(X), CH(W),
                                     .filter = NV30_TEX_SIGNED),
   [PIPE_FORMAT_R8G8_SNORM] = TEXFMT(A8L8, CH(X), CH(W), ZERO, ONE,
                                     .filter = NV30_TEX_SIGNED),

   /* 16-bit: A16 delivers its value in Y (upstream nv30_format.c reads
    * L16 / I16 / A16 / R16 from source 1, fact) */
   [PIPE_FORMAT_L16_UNORM] = TEXFMT(A16, CH(Y), CH(Y), CH(Y), ONE),
   [PIPE_FORMAT_I16_UNORM] = TEXFMT(A16, CH(Y), CH(Y), CH(Y), CH(Y)),
   [PIPE_FORMAT_A16_UNORM] = TEXFMT(A16, ZERO, ZERO, ZERO, CH(Y)),
   [PIPE_FORMAT_R16_UNORM] = TEXFMT(A16, CH(Y), ZERO, ZERO, ONE),

   /* S3TC: the unit decodes a block's texel (EXT_texture_compression_s3tc)
    * into B G R A like A8R8G8B8; DXT1 without alpha reads A as ONE, its
    * punch-through black stays opaque (upstream nv30_format.c maps the
    * DXT1/3/5 pipe formats so, fact) */
   [PIPE_FORMAT_DXT1_RGB] = TEXFMT(DXT1, CH(Z), CH(Y), CH(X), ONE),
   [PIPE_FORMAT_DXT1_RGBA] = TEXFMT(DXT1, CH(Z), CH(Y), CH(X), CH(W)),
   [PIPE_FORMAT_DXT3_RGBA] = TEXFMT(DXT3, CH(Z), CH(Y), CH(X), CH(W)),
   [PIPE_FORMAT_DXT5_RGBA] = TEXFMT(DXT5, CH(Z), CH(Y), CH(X), CH(W)),
   [PIPE_FORMAT_DXT1_SRGB] = TEXFMT(DXT1, CH(Z), CH(Y), CH(X), ONE,
                                    .gamma = NV30_TEX_SRGB),
   [PIPE_FORMAT_DXT1_SRGBA] = TEXFMT(DXT1, CH(Z), CH(Y), CH(X), CH(W),
                                     .gamma = NV30_TEX_SRGB),
   [PIPE_FORMAT_DXT3_SRGBA] = TEXFMT(DXT3, CH(Z), CH(Y), CH(X), CH(W),
                                     .gamma = NV30_TEX_SRGB),
   [PIPE_FORMAT_DXT5_SRGBA] = TEXFMT(DXT5, CH(Z), CH(Y), CH(X), CH(W),
                                     .gamma = NV30_TEX_SRGB),

   /* Float: RGBA16F / RGBA32F hold R G B A in memory order and deliver
    * them in Z Y X W (upstream nv30_format.c: "2, 1, 0, 3", fact).  The
    * unit filters fp16 texels, fp32 ones only point sampled (NVIDIA's
    * GeForce 6 programming guide; PIPE_CAP_TEXTURE_FLOAT_LINEAR is off). */
   [PIPE_FORMAT_R16G16B16A16_FLOAT] = TEXFMT(RGBA16F, CH(Z), CH(Y), CH(X), CH(W)),
   [PIPE_FORMAT_R16G16B16X16_FLOAT] = TEXFMT(RGBA16F, CH(Z), CH(Y), CH(X), ONE),
   [PIPE_FORMAT_R32G32B32A32_FLOAT] = TEXFMT(RGBA32F, CH(Z), CH(Y), CH(X), CH(W)),
   [PIPE_FORMAT_R32G32B32X32_FLOAT] = TEXFMT(RGBA32F, CH(Z), CH(Y), CH(X), ONE),

   /* depth in W; a depth format has no other component */
   [PIPE_FORMAT_S8_UINT_Z24_UNORM] = TEXFMT(Z24, CH(W), ZERO, ZERO, ONE,
      .format_nocompare = NV40_3D_TEX_FORMAT_FORMAT_A16L16),
   [PIPE_FORMAT_X8Z24_UNORM] = TEXFMT(Z24, CH(W), ZERO, ZERO, ONE,
      .format_nocompare = NV40_3D_TEX_FORMAT_FORMAT_A16L16),
   [PIPE_FORMAT_Z16_UNORM] = TEXFMT(Z16, CH(W), ZERO, ZERO, ONE,
      .format_nocompare = NV40_3D_TEX_FORMAT_FORMAT_A8L8),
};

#undef TEXFMT
#undef RK_Z16
#undef RK_Z24
#undef RK
#undef RK_POT
#undef RK_RECT
#undef CH
#undef ONE
#undef ZERO

static const struct nv30_texfmt *
nv30_texfmt(enum pipe_format format)
{
   if ((unsigned)format >= PIPE_FORMAT_COUNT || !nv30_texfmts[format].format)
      return NULL;
   return &nv30_texfmts[format];
}

bool
nv30_texture_format_supported(const struct nvhwdb_chip *chip,
                              enum pipe_format format,
                              enum pipe_texture_target target)
{
   const struct nv30_texfmt *fmt = nv30_texfmt(format);

   if (!fmt)
      return false;
   if (nv30_rankine_units(chip)) {
      /* a rectangle needs a _RECT code; every other target a
       * power-of-two one (S3TC has no _RECT code, float textures are
       * rectangles only: NV_float_buffer) */
      if (target == PIPE_TEXTURE_RECT)
         return fmt->rk.has & NV30_RK_RECT;
      if (!(fmt->rk.has & NV30_RK_POT))
         return false;
   }
   /* no array textures on this hardware */
   return target == PIPE_TEXTURE_1D || target == PIPE_TEXTURE_2D ||
          target == PIPE_TEXTURE_RECT || target == PIPE_TEXTURE_3D ||
          target == PIPE_TEXTURE_CUBE;
}

bool
nv30_texture_format_packed(const struct nvhwdb_chip *chip,
                           enum pipe_format format)
{
   const struct nv30_texfmt *fmt = nv30_texfmt(format);

   return nv30_rankine_units(chip) && fmt && (fmt->rk.has & NV30_RK_POT);
}

static uint32_t
nv30_wrap(enum pipe_tex_wrap wrap)
{
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT: return NV30_3D_TEX_WRAP_S_REPEAT;
   case PIPE_TEX_WRAP_MIRROR_REPEAT: return NV30_3D_TEX_WRAP_S_MIRRORED_REPEAT;
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE: return NV30_3D_TEX_WRAP_S_CLAMP_TO_EDGE;
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER: return NV30_3D_TEX_WRAP_S_CLAMP_TO_BORDER;
   case PIPE_TEX_WRAP_CLAMP: return NV30_3D_TEX_WRAP_S_CLAMP;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
      return NV40_3D_TEX_WRAP_S_MIRROR_CLAMP_TO_EDGE;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      return NV40_3D_TEX_WRAP_S_MIRROR_CLAMP_TO_BORDER;
   case PIPE_TEX_WRAP_MIRROR_CLAMP: return NV40_3D_TEX_WRAP_S_MIRROR_CLAMP;
   default: return NV30_3D_TEX_WRAP_S_REPEAT;
   }
}

/* TEX_ENABLE ANISO, most samples first: curie's (hwdb enum
 * nv40_tex_aniso, 2X .. 16X) and rankine's (nv30_tex_aniso, 2X .. 8X) */
struct nv30_aniso {
   unsigned rate;
   uint32_t bits;
};

static const struct nv30_aniso nv40_aniso[] = {
   { 16, NV40_3D_TEX_ENABLE_ANISO_16X },
   { 12, NV40_3D_TEX_ENABLE_ANISO_12X },
   { 10, NV40_3D_TEX_ENABLE_ANISO_10X },
   { 8, NV40_3D_TEX_ENABLE_ANISO_8X },
   { 6, NV40_3D_TEX_ENABLE_ANISO_6X },
   { 4, NV40_3D_TEX_ENABLE_ANISO_4X },
   { 2, NV40_3D_TEX_ENABLE_ANISO_2X },
   { 0, NV40_3D_TEX_ENABLE_ANISO_NONE },
};

static const struct nv30_aniso nv30_aniso[] = {
   { 8, NV30_3D_TEX_ENABLE_ANISO_8X },
   { 4, NV30_3D_TEX_ENABLE_ANISO_4X },
   { 2, NV30_3D_TEX_ENABLE_ANISO_2X },
   { 0, NV30_3D_TEX_ENABLE_ANISO_NONE },
};

/* The TEX_ENABLE layout of a generation: the ENABLE bit, the ANISO rates
 * and the 4.8 fixed-point MIN_LOD / MAX_LOD fields (hwdb variants). */
struct nv30_tex_enable {
   const struct nv30_aniso *aniso;
   uint32_t enable;
   uint32_t min_lod_shift, max_lod_shift;
};

static const struct nv30_tex_enable nv40_tex_enable = {
   nv40_aniso, NV40_3D_TEX_ENABLE_ENABLE,
   NV40_3D_TEX_ENABLE_MIN_LOD__SHIFT, NV40_3D_TEX_ENABLE_MAX_LOD__SHIFT,
};

static const struct nv30_tex_enable nv30_tex_enable = {
   nv30_aniso, NV30_3D_TEX_ENABLE_ENABLE,
   NV30_3D_TEX_ENABLE_MIN_LOD__SHIFT, NV30_3D_TEX_ENABLE_MAX_LOD__SHIFT,
};

static const struct nv30_tex_enable *
nv30_tex_enable_of(const struct nvhwdb_chip *chip)
{
   return nv30_rankine_units(chip) ? &nv30_tex_enable : &nv40_tex_enable;
}

float
nv30_texture_max_anisotropy(const struct nvhwdb_chip *chip)
{
   /* the chip's (chips.xml), as far as its TEX_ENABLE.ANISO values
    * reach */
   return MIN2(chip->max_anisotropy, nv30_tex_enable_of(chip)->aniso[0].rate);
}

/* The most samples the field allows within max_anisotropy (GL's
 * TEXTURE_MAX_ANISOTROPY, at most nv30_texture_max_anisotropy, which
 * st/mesa enforces); 1 and below turn it off (the tables end with 0). */
static uint32_t
nv30_aniso_bits(const struct nv30_aniso *aniso, unsigned max_anisotropy)
{
   unsigned i = 0;

   while (max_anisotropy < aniso[i].rate)
      i++;
   return aniso[i].bits;
}

static uint32_t
nv30_compare(enum pipe_compare_func func)
{
   switch (func) {
   case PIPE_FUNC_LESS: return NV30_3D_TEX_WRAP_RCOMP_LESS;
   case PIPE_FUNC_EQUAL: return NV30_3D_TEX_WRAP_RCOMP_EQUAL;
   case PIPE_FUNC_LEQUAL: return NV30_3D_TEX_WRAP_RCOMP_LEQUAL;
   case PIPE_FUNC_GREATER: return NV30_3D_TEX_WRAP_RCOMP_GREATER;
   case PIPE_FUNC_NOTEQUAL: return NV30_3D_TEX_WRAP_RCOMP_NOTEQUAL;
   case PIPE_FUNC_GEQUAL: return NV30_3D_TEX_WRAP_RCOMP_GEQUAL;
   case PIPE_FUNC_ALWAYS: return NV30_3D_TEX_WRAP_RCOMP_ALWAYS;
   default: return NV30_3D_TEX_WRAP_RCOMP_NEVER;
   }
}

void *
nv30_sampler_state_create(struct pipe_context *pipe,
                          const struct pipe_sampler_state *cso)
{
   const struct nvhwdb_chip *chip = nv30_context(pipe)->chip;
   struct nv30_sampler_state *so = CALLOC_STRUCT(nv30_sampler_state);
   bool mag_linear = cso->mag_img_filter == PIPE_TEX_FILTER_LINEAR;
   bool min_linear = cso->min_img_filter == PIPE_TEX_FILTER_LINEAR;
   uint32_t min;

   if (!so)
      return NULL;
   so->pipe = *cso;
   so->wrap = NV30_3D_TEX_WRAP_S(nv30_wrap(cso->wrap_s)) |
              NV30_3D_TEX_WRAP_T(nv30_wrap(cso->wrap_t)) |
              NV30_3D_TEX_WRAP_R(nv30_wrap(cso->wrap_r));
   switch (cso->min_mip_filter) {
   case PIPE_TEX_MIPFILTER_NEAREST:
      min = min_linear ? NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_NEAREST :
                         NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_NEAREST;
      break;
   case PIPE_TEX_MIPFILTER_LINEAR:
      min = min_linear ? NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_LINEAR :
                         NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_LINEAR;
      break;
   default:
      min = min_linear ? NV30_3D_TEX_FILTER_MIN_LINEAR :
                         NV30_3D_TEX_FILTER_MIN_NEAREST;
      break;
   }
   so->filter = min | (mag_linear ? NV30_3D_TEX_FILTER_MAG_LINEAR :
                                    NV30_3D_TEX_FILTER_MAG_NEAREST);
   so->border = NV30_3D_TEX_BORDER_COLOR_R(float_to_ubyte(cso->border_color.f[0])) |
                NV30_3D_TEX_BORDER_COLOR_G(float_to_ubyte(cso->border_color.f[1])) |
                NV30_3D_TEX_BORDER_COLOR_B(float_to_ubyte(cso->border_color.f[2])) |
                NV30_3D_TEX_BORDER_COLOR_A(float_to_ubyte(cso->border_color.f[3]));
   /* signed, 1/256 of a level; st/mesa keeps it within
    * PIPE_CAPF_MAX_TEXTURE_LOD_BIAS (15), which the field holds */
   so->filter |= NV40_3D_TEX_FILTER_LOD_BIAS((int)(cso->lod_bias * NV30_LOD_ONE));
   so->filter_one_level = (so->filter & ~NV30_3D_TEX_FILTER_MIN__MASK) |
                          (min_linear ? NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_NEAREST :
                                        NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_NEAREST);
   /* curie: a bit; rankine: the view's _RECT code (rectangles are the
    * only images it reads with unnormalised coordinates) */
   if (cso->unnormalized_coords && !nv30_rankine_units(chip))
      so->format = NV40_3D_TEX_FORMAT_RECT(1);
   so->enable = nv30_aniso_bits(nv30_tex_enable_of(chip)->aniso,
                                cso->max_anisotropy);
   so->compare = cso->compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE;
   if (so->compare)
      so->wrap |= nv30_compare(cso->compare_func);
   return so;
}

void
nv30_sampler_states_bind(struct pipe_context *pipe,
                         enum pipe_shader_type shader, unsigned start,
                         unsigned count, void **samplers)
{
   struct nv30_context *nv30 = nv30_context(pipe);

   if (shader != PIPE_SHADER_FRAGMENT)
      return;
   for (unsigned i = 0; i < count && start + i < nv30->chip->fp_tex_units; i++)
      nv30->samplers[start + i] = samplers ? samplers[i] : NULL;
   nv30->dirty |= NV30_DIRTY_TEXTURES;
}

/* The TEX_SWIZZLE word of a view: its swizzle applied to the format's
 * sources.  The outputs R, G, B, A are the fields Z, Y, X, W. */
static uint32_t
nv30_view_swizzle(const struct nv30_texfmt *fmt,
                  const struct pipe_sampler_view *templ)
{
   static const struct nv30_texsrc zero = { NV30_S0(ZERO), 0 };
   static const struct nv30_texsrc one = { NV30_S0(ONE), 0 };
   const unsigned char view[4] = {
      templ->swizzle_r, templ->swizzle_g, templ->swizzle_b, templ->swizzle_a,
   };
   struct nv30_texsrc src[4];

   for (unsigned c = 0; c < 4; c++) {
      if (view[c] <= PIPE_SWIZZLE_W)
         src[c] = fmt->rgba[view[c]];
      else
         src[c] = view[c] == PIPE_SWIZZLE_1 ? one : zero;
   }
   return NV30_3D_TEX_SWIZZLE_S0_Z(src[0].s0) | NV30_3D_TEX_SWIZZLE_S1_Z(src[0].s1) |
          NV30_3D_TEX_SWIZZLE_S0_Y(src[1].s0) | NV30_3D_TEX_SWIZZLE_S1_Y(src[1].s1) |
          NV30_3D_TEX_SWIZZLE_S0_X(src[2].s0) | NV30_3D_TEX_SWIZZLE_S1_X(src[2].s1) |
          NV30_3D_TEX_SWIZZLE_S0_W(src[3].s0) | NV30_3D_TEX_SWIZZLE_S1_W(src[3].s1);
}

/* TEX_FORMAT bits of each sampled target (is_format_supported refuses
 * the others); curie's RECT bit on top (nv30_view_curie). */
static const uint32_t nv30_tex_target_bits[PIPE_MAX_TEXTURE_TYPES] = {
   [PIPE_TEXTURE_1D] = NV30_3D_TEX_FORMAT_DIMS_1D,
   [PIPE_TEXTURE_2D] = NV30_3D_TEX_FORMAT_DIMS_2D,
   [PIPE_TEXTURE_RECT] = NV30_3D_TEX_FORMAT_DIMS_2D,
   [PIPE_TEXTURE_CUBE] = NV30_3D_TEX_FORMAT_DIMS_2D | NV30_3D_TEX_FORMAT_CUBIC,
   [PIPE_TEXTURE_3D] = NV30_3D_TEX_FORMAT_DIMS_3D,
};

/*
 * Curie's view of a linear texture.  A cube's faces follow each other,
 * each the chain of MIPMAP_COUNT levels from the one at TEX_OFFSET
 * (CUBIC; upstream nv30_miptree.c lays faces out so, fact): the texture
 * unit finds face n from that count, so a cube view always starts at
 * level 0 with the resource's whole chain, and a first level above 0
 * becomes TEX_ENABLE MIN_LOD, which counts from the level at TEX_OFFSET
 * (upstream nv30_texture.c base_lod, fact).  The LOD the unit computes
 * from level 0's size is GL's lambda (from the base level's size) plus
 * that first level, so the levels chosen are GL's.  Other targets start
 * at the view's first level.  3D: DIMS_3D, the depth in TEX_SIZE1,
 * slices after each other within a level.
 */
static bool
nv30_view_curie(struct nv30_sampler_view *so, const struct nv30_texfmt *fmt,
                struct nv30_resource *res,
                const struct pipe_sampler_view *templ)
{
   struct pipe_resource *tex = &res->base;
   unsigned first = templ->u.tex.first_level;
   unsigned last = MIN2(templ->u.tex.last_level, tex->last_level);
   unsigned base = tex->target == PIPE_TEXTURE_CUBE ? 0 : first;

   /* TEX_SIZE1 PITCH has 16 bits: a 4096-texel RGBA32F row (65536
    * bytes) does not fit; such a view samples as an unbound unit
    * rather than the unit reading a wrong pitch */
   if (res->level[0].pitch > NV40_3D_TEX_SIZE1_PITCH__MASK >>
                             NV40_3D_TEX_SIZE1_PITCH__SHIFT) {
      NOUVEAU_ERR("%u-byte texture rows are too long to sample\n",
                  res->level[0].pitch);
      return false;
   }
   so->offset = nv30_resource_offset(res, base, templ->u.tex.first_layer);
   so->format |= NV40_3D_TEX_FORMAT_LINEAR(1) |
                 NV40_3D_TEX_FORMAT_RECT(tex->target == PIPE_TEXTURE_RECT);
   so->format |= NV40_3D_TEX_FORMAT_MIPMAP_COUNT(
      (tex->target == PIPE_TEXTURE_CUBE ? tex->last_level : last) - base + 1);
   so->format_nocompare = so->format | (fmt->format_nocompare ?
                                        fmt->format_nocompare : fmt->format);
   so->format |= fmt->format;
   so->npot_size = NV30_3D_TEX_NPOT_SIZE_W(u_minify(tex->width0, base)) |
                   NV30_3D_TEX_NPOT_SIZE_H(u_minify(tex->height0, base));
   so->size1 = NV40_3D_TEX_SIZE1_PITCH(res->level[base].pitch) |
               NV40_3D_TEX_SIZE1_DEPTH(tex->target == PIPE_TEXTURE_3D ?
                                       u_minify(tex->depth0, base) : 1);
   so->max_level = last - first;
   so->lod_base = first - base;
   return true;
}

/*
 * Rankine's view.  A packed (power-of-two) texture is read from level 0,
 * its log2 size in BASE_SIZE_U/V/W and MIPMAP set when it has levels
 * below (the unit finds level n, and a cube's face n, from the base size:
 * the chain down to 1x1, nv30_layout_packed); the view's first level is
 * TEX_ENABLE MIN_LOD, as for curie's cubes above (upstream's
 * nv30_texture.c does the same on rankine, base_lod, fact).  Any other
 * texture is a rectangle: the _RECT code, one level, TEX_NPOT_SIZE and
 * TEX_SWIZZLE RECT_PITCH.
 */
static bool
nv30_view_rankine(struct nv30_sampler_view *so,
                  const struct nv30_texfmt *fmt, struct nv30_resource *res,
                  const struct pipe_sampler_view *templ)
{
   struct pipe_resource *tex = &res->base;
   unsigned first = templ->u.tex.first_level;
   unsigned last = MIN2(templ->u.tex.last_level, tex->last_level);
   const struct nv30_rkfmt *nocmp =
      fmt->rk_nocompare.has ? &fmt->rk_nocompare : &fmt->rk;

   if (res->packed) {
      so->offset = nv30_resource_offset(res, 0, templ->u.tex.first_layer);
      so->format |= NV30_3D_TEX_FORMAT_BASE_SIZE_U(util_logbase2(tex->width0)) |
                    NV30_3D_TEX_FORMAT_BASE_SIZE_V(util_logbase2(tex->height0)) |
                    NV30_3D_TEX_FORMAT_BASE_SIZE_W(
                       tex->target == PIPE_TEXTURE_3D ?
                       util_logbase2(tex->depth0) : 0) |
                    NV30_3D_TEX_FORMAT_MIPMAP(tex->last_level > 0);
      so->format_nocompare = so->format | NV30_3D_TEX_FORMAT_FORMAT(nocmp->pot);
      so->format |= NV30_3D_TEX_FORMAT_FORMAT(fmt->rk.pot);
      so->max_level = last - first;
      so->lod_base = first;
      return true;
   }
   if (!(fmt->rk.has & NV30_RK_RECT) ||
       (tex->target != PIPE_TEXTURE_2D && tex->target != PIPE_TEXTURE_RECT &&
        tex->target != PIPE_TEXTURE_1D && tex->target != PIPE_TEXTURE_3D &&
        tex->target != PIPE_TEXTURE_CUBE) ||
       res->level[first].pitch > NV30_3D_TEX_SWIZZLE_RECT_PITCH__MASK >>
                                 NV30_3D_TEX_SWIZZLE_RECT_PITCH__SHIFT)
      return false;
   so->offset = nv30_resource_offset(res, first, templ->u.tex.first_layer);
   /* an NPOT 1D texture is a rectangle one texel high, a 3D one its
    * slices' rows one after the other (their lookups are the shader's:
    * nv30_tex_npot.c) */
   /* and a cube's faces rows of one rectangle too: not CUBIC */
   so->format = (so->format & ~(NV30_3D_TEX_FORMAT_DIMS__MASK |
                                NV30_3D_TEX_FORMAT_CUBIC__MASK)) |
                NV30_3D_TEX_FORMAT_DIMS_2D;
   so->format_nocompare = so->format | NV30_3D_TEX_FORMAT_FORMAT(nocmp->rect);
   so->format |= NV30_3D_TEX_FORMAT_FORMAT(fmt->rk.rect);
   so->npot_size = NV30_3D_TEX_NPOT_SIZE_W(u_minify(tex->width0, first)) |
                   NV30_3D_TEX_NPOT_SIZE_H(u_minify(tex->height0, first));
   so->swizzle |= NV30_3D_TEX_SWIZZLE_RECT_PITCH(res->level[first].pitch);
   /* the linear layout keeps every level at one pitch, one after the
    * other (nv30_layout): one rectangle holds them all */
   so->npot_size_levels = NV30_3D_TEX_NPOT_SIZE_W(u_minify(tex->width0, first)) |
      NV30_3D_TEX_NPOT_SIZE_H(MIN2((res->level[last].offset +
                                    (tex->target == PIPE_TEXTURE_CUBE ?
                                     (tex->array_size - 1) *
                                     res->layer_stride : 0) +
                                    res->level[last].slice_stride *
                                    (tex->target == PIPE_TEXTURE_3D ?
                                     u_minify(tex->depth0, last) : 1) -
                                    res->level[first].offset) /
                                   res->level[first].pitch,
                                   NV30_3D_TEX_NPOT_SIZE_H__MASK >>
                                   NV30_3D_TEX_NPOT_SIZE_H__SHIFT));
   so->max_level = 0;
   so->lod_base = 0;
   return true;
}

struct pipe_sampler_view *
nv30_sampler_view_create(struct pipe_context *pipe, struct pipe_resource *tex,
                         const struct pipe_sampler_view *templ)
{
   const struct nvhwdb_chip *chip = nv30_context(pipe)->chip;
   struct nv30_sampler_view *so;
   const struct nv30_texfmt *fmt = nv30_texfmt(templ->format);
   struct nv30_resource *res = nv30_resource(tex);

   so = CALLOC_STRUCT(nv30_sampler_view);
   if (!so)
      return NULL;
   so->pipe = *templ;
   pipe_reference_init(&so->pipe.reference, 1);
   so->pipe.texture = NULL;
   pipe_resource_reference(&so->pipe.texture, tex);
   so->pipe.context = pipe;
   if (!fmt || tex->target == PIPE_BUFFER || !res->bo)
      return &so->pipe;    /* never sampled: is_format_supported said no */

   so->format = NV30_3D_TEX_FORMAT_NO_BORDER(1) |
                nv30_tex_target_bits[tex->target];
   so->gamma = fmt->gamma;
   so->filter = fmt->filter;
   so->swizzle = nv30_view_swizzle(fmt, templ);
   if (nv30_rankine_units(chip) && nv30_companion_needed(chip, res)) {
      /* no rectangle code: the companion's (nv30_tex_companion.c), the
       * view's swizzle and gamma still the compressed format's */
      struct nv30_resource *comp = nv30_companion(pipe->screen, res);
      so->valid = comp && nv30_view_rankine(so,
                                            nv30_texfmt(comp->base.format),
                                            comp, templ);
   } else if (nv30_rankine_units(chip))
      so->valid = nv30_view_rankine(so, fmt, res, templ);
   else
      so->valid = nv30_view_curie(so, fmt, res, templ);
   return &so->pipe;
}

void
nv30_sampler_view_destroy(struct pipe_context *pipe,
                          struct pipe_sampler_view *view)
{
   pipe_resource_reference(&view->texture, NULL);
   FREE(view);
}

void
nv30_set_sampler_views(struct pipe_context *pipe, enum pipe_shader_type shader,
                       unsigned start, unsigned count,
                       unsigned unbind_num_trailing_slots, bool take_ownership,
                       struct pipe_sampler_view **views)
{
   struct nv30_context *nv30 = nv30_context(pipe);

   if (shader != PIPE_SHADER_FRAGMENT) {
      if (take_ownership && views) {
         for (unsigned i = 0; i < count; i++)
            pipe_sampler_view_reference(&views[i], NULL);
      }
      return;
   }
   for (unsigned i = 0; i < count + unbind_num_trailing_slots; i++) {
      unsigned unit = start + i;
      struct pipe_sampler_view *v = (views && i < count) ? views[i] : NULL;

      if (unit >= nv30->chip->fp_tex_units) {
         if (take_ownership && v)
            pipe_sampler_view_reference(&v, NULL);
         continue;
      }
      if (take_ownership) {
         pipe_sampler_view_reference(&nv30->views[unit], NULL);
         nv30->views[unit] = v;
      } else {
         pipe_sampler_view_reference(&nv30->views[unit], v);
      }
      nv30->views_bound &= ~BITFIELD_BIT(unit);
      nv30->views_companion &= ~BITFIELD_BIT(unit);
      if (nv30->views[unit]) {
         nv30->views_bound |= BITFIELD_BIT(unit);
         if (nv30->views[unit]->texture &&
             p_atomic_read(&nv30_resource(nv30->views[unit]->texture)->companion))
            nv30->views_companion |= BITFIELD_BIT(unit);
      }
   }
   nv30->dirty |= NV30_DIRTY_TEXTURES;
}

/* The texture unit caches texels and does not see memory change under
 * it: upstream Mesa writes TEX_CACHE_CTL before every draw and after
 * pointing a unit at new memory (hwdb nv30-40_3d.xml TEX_CACHE_CTL, facts).
 * We invalidate whenever the texture state is sent (nv30_emit_textures,
 * before the draw that reads it), which is whenever what the units read
 * may have changed since the last invalidate:
 *  - new views or samplers (NV30_DIRTY_TEXTURES);
 *  - the first draw of every submission that samples (tex_cache_stale,
 *    nv30_state_emit), so that what the CPU (uploads, our CPU copies and
 *    blits) or another context wrote before it is seen: mapping a buffer
 *    that the submission being built reads submits it first (libdrm's
 *    nouveau_bo_wait), so no texel the CPU changes is cached from the
 *    current one;
 *  - the first draw after a framebuffer change (set_framebuffer_state
 *    marks NV30_DIRTY_FRAGPROG, which sends the texture state too):
 *    what was rendered into the old targets may be sampled now, and a
 *    texture cannot be sampled while it is being rendered to (GL's
 *    feedback loop).
 * Rankine has no such method. */
void
nv30_texture_cache_invalidate(struct nv30_context *nv30)
{
   nv30->tex_cache_stale = false;
   if (nv30->chip->generation == NVHWDB_GEN_CURIE)
      NV30_3D_1(nv30, NV40_3D_TEX_CACHE_CTL, NV40_3D_TEX_CACHE_CTL_INVALIDATE);
}

void
nv30_emit_textures(struct nv30_context *nv30)
{
   struct nv30_fragprog *fp = nv30->fp_run;
   struct nouveau_push *p = &nv30->push;
   uint32_t used = (fp && fp->compiled) ? fp->bin.samplers_used : 0;
   uint32_t enabled = 0;
   const struct nv30_tex_enable *en = nv30_tex_enable_of(nv30->chip);
   /* the units the program reads, and those to turn off */
   uint32_t units = (used | nv30->hw_tex_enabled) &
                    BITFIELD_MASK(nv30->chip->fp_tex_units);

   while (units) {
      unsigned i = u_bit_scan(&units);
      struct nv30_sampler_view *sv = nv30_sampler_view(nv30->views[i]);
      struct nv30_sampler_state *ss = nv30->samplers[i];
      struct nv30_resource *res;
      /* in 1/256 of a level (NV30_LOD_ONE) */
      unsigned min_lod, max_lod;
      uint32_t filter;

      if (!(used & (1u << i)) || !sv || !sv->valid || !ss) {
         if (nv30->hw_tex_enabled & (1u << i)) {
            nv30_hw_set(nv30, NV30_3D_TEX_ENABLE(i), 0);
            /* its buffer is no longer used: not listed any more, and its
             * address sent again when it is */
            nouveau_push_bin_clear(p, NV30_BIN_TEX0 + i);
            nv30->hw_tex[i].bo = NULL;
         }
         continue;
      }
      res = nv30_resource_sampled(sv->pipe.texture);
      if (ss->pipe.min_mip_filter == PIPE_TEX_MIPFILTER_NONE) {
         min_lod = max_lod = 0;
      } else {
         max_lod = MIN2(nv30_lod(ss->pipe.max_lod), sv->max_level * NV30_LOD_ONE);
         min_lod = MIN2(nv30_lod(ss->pipe.min_lod), max_lod);
      }
      /* the clamps count from TEX_OFFSET's level; the fields hold up to
       * 15 + 255/256 levels, more than the 13 a 4096 texture has */
      min_lod += sv->lod_base * NV30_LOD_ONE;
      max_lod += sv->lod_base * NV30_LOD_ONE;
      /* The unit ignores MIN_LOD / MAX_LOD under a minification filter
       * without mipmaps and reads TEX_OFFSET's level (upstream
       * nv30_fragtex.c, fact): a view starting above it samples with
       * MIPMAP_NEAREST, which both clamps pin to the view's first level. */
      filter = ss->filter;
      if (sv->lod_base && ss->pipe.min_mip_filter == PIPE_TEX_MIPFILTER_NONE)
         filter = ss->filter_one_level;
      uint32_t wrap = ss->wrap;
      const struct nvc_fp_tex_key *npot = &fp->key.tex[i];
      uint32_t npot_size = sv->npot_size;
      if (i < NVC_MAX_TEX_UNITS && npot->npot == NVC_TEX_NPOT_MIPMAP)
         npot_size = sv->npot_size_levels;
      if (i < NVC_MAX_TEX_UNITS && (npot->npot == NVC_TEX_NPOT_FILTER ||
                                    npot->npot == NVC_TEX_NPOT_MIPMAP)) {
         /* the shader wraps and filters from NEAREST taps of the
          * rectangle, whose unit clamps as nvc_tex_npot_hw_wrap says
          * (nv30_tex_npot.c) */
         wrap = (wrap & ~(NV30_3D_TEX_WRAP_S__MASK | NV30_3D_TEX_WRAP_T__MASK)) |
                NV30_3D_TEX_WRAP_S(nv30_wrap(nvc_tex_npot_hw_wrap(npot, ss->pipe.wrap_s))) |
                NV30_3D_TEX_WRAP_T(nv30_wrap(nvc_tex_npot_hw_wrap(npot, ss->pipe.wrap_t)));
         filter = (filter & ~(NV30_3D_TEX_FILTER_MIN__MASK |
                              NV30_3D_TEX_FILTER_MAG__MASK)) |
                  NV30_3D_TEX_FILTER_MIN_NEAREST | NV30_3D_TEX_FILTER_MAG_NEAREST;
      }
      /* Rankine finds a cube's face n from the levels up to the MAX_LOD
       * clamp (nv30_layout_packed): it must reach the last level.  A
       * filter without mipmaps reads TEX_OFFSET's level whatever the
       * clamps say (above), so it may; a view whose first level is
       * above 0 and a TEXTURE_MAX_LOD below the last level cannot, and
       * read faces 1-5 from the wrong place (issue 9 note). */
      if (nv30_rankine_units(nv30->chip) &&
          res->packed &&
          res->base.target == PIPE_TEXTURE_CUBE && !sv->lod_base &&
          ss->pipe.min_mip_filter == PIPE_TEX_MIPFILTER_NONE)
         max_lod = res->base.last_level * NV30_LOD_ONE;

      /* The address and format words: relocated, so compared before
       * relocation (nv30_context::hw_tex). */
      uint32_t format = (ss->compare ? sv->format : sv->format_nocompare) |
                        ss->format;
      if (nv30->hw_tex[i].bo != res->bo ||
          nv30->hw_tex[i].offset != sv->offset ||
          nv30->hw_tex[i].format != format ||
          nv30->hw_tex[i].domain != res->domain) {
         /* (listed by nv30_state_reference) */
         nouveau_push_bin(p, NV30_BIN_TEX0 + i);
         NV30_3D_MTHD(nv30, NV30_3D_TEX_OFFSET(i), 2);
         nouveau_push_reloc_listed(p, res->bo, sv->offset,
                                   NOUVEAU_BO_LOW | NOUVEAU_BO_RD |
                                   res->domain, 0, 0);
         nouveau_push_reloc_listed(p, res->bo, format,
                                   NOUVEAU_BO_OR | NOUVEAU_BO_RD | res->domain,
                                   NV30_3D_TEX_FORMAT_DMA0(1),
                                   NV30_3D_TEX_FORMAT_DMA1(1));
         p->bin = -1;
         nv30->hw_tex[i].bo = res->bo;
         nv30->hw_tex[i].offset = sv->offset;
         nv30->hw_tex[i].format = format;
         nv30->hw_tex[i].domain = res->domain;
      }
      /* the methods after them, each sent when it changes */
      const uint32_t unit[] = {
         wrap | sv->gamma,                                /* TEX_WRAP */
         en->enable | ss->enable | min_lod << en->min_lod_shift |
         max_lod << en->max_lod_shift,                    /* TEX_ENABLE */
         sv->swizzle,                                     /* TEX_SWIZZLE */
         filter | sv->filter,                             /* TEX_FILTER */
         npot_size,                                       /* TEX_NPOT_SIZE */
         ss->border,                                      /* TEX_BORDER_COLOR */
      };
      nv30_hw_set_group(nv30, NV30_3D_TEX_WRAP(i), unit, ARRAY_SIZE(unit));
      /* curie's pitch and depth; rankine has no TEX_SIZE1 (hwdb) */
      if (!nv30_rankine_units(nv30->chip))
         nv30_hw_set(nv30, NV40_3D_TEX_SIZE1(i), sv->size1);
      enabled |= 1u << i;
   }
   nv30->hw_tex_enabled = enabled;
   nv30_texture_cache_invalidate(nv30);
}
