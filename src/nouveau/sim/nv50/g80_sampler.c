/*
 * The Tesla texture unit (g80_sampler.h).
 *
 * Facts:
 * - TIC/TSC fields: hwdb g80_texture.xml (rnndb graph/g80_texture.xml),
 *   decoded by g80_texture.c.
 * - COMPONENTS_SIZES names the components from the most significant bits
 *   down, R lowest: upstream's nv50_formats.c gives PIPE_FORMAT_B8G8R8A8
 *   (byte 0 blue) A8B8G8R8 with sources B, G, R, A, B5G6R5_UNORM (blue in
 *   bits 0-4) B5G6R5 with sources B, G, R, X8Z24_UNORM (depth in bits
 *   8-31) Z24S8 reading G, Z24X8_UNORM X8Z24 reading R; so each format is
 *   R, G, B, A packed from bit 0 up with the sizes of its name.  Each
 *   component's DATA_TYPE says how its bits read (GL 3.3 2.1.6 for UNORM
 *   and SNORM; FLOAT 16/32-bit IEEE, 11/10-bit unsigned floats of
 *   EXT_packed_float, the shared exponent of EXT_texture_shared_exponent;
 *   SINT/UINT as integers); SOURCE routes them to X, Y, Z, W with ZERO,
 *   ONE_INT and ONE_FLOAT constants.  DXT1/DXT23/DXT45 are S3TC blocks
 *   (EXT_texture_compression_s3tc, sim/texture), DXN1/DXN2 RGTC1/RGTC2
 *   blocks (ARB_texture_compression_rgtc, sim/texture).
 * - Layout (envytools-docs memory/g80-surface.rst "Textures, mipmapping
 *   and arrays"): a texture is subtextures (array layers, cube faces) of
 *   mip levels, each level a block-linear surface of half the size
 *   (rounded down, at least 1) with the TIC's block size auto-sized
 *   (nv50_layout_autosize), starting where the previous one ends; a
 *   subtexture's size is aligned up to level 0's block.  Pitch textures
 *   are one level, no arrays (same document): nvsim samples
 *   TWO_D_NO_MIPMAP (upstream's RECT and linear 2D) and ONE_D_BUFFER
 *   pitch textures and refuses other pitch types.  DEPTH is the layer
 *   count of arrays, the cube count of cubes (upstream's nv50_tex.c
 *   divides by 6), the depth of 3D textures.
 * - Instruction sources (envytools-docs graph/tesla/cuda/texture.rst):
 *   "x, y, z, array index, dref [skip all that your current sampler
 *   setup doesn't use]", x, y, z, dref float, the array index integer
 *   (upstream converts it so); texbias/texlod add the bias or LOD last;
 *   texfetch "x, y, z, index, lod, all integer"; texsize takes the LOD
 *   and "gives you (width, height, depth, mipmap level count)".  The
 *   derivatives for implicit LOD come "based on coordinates in all
 *   threads of current quad" in an FP or with the deriv flag; otherwise
 *   they are 0 (level base, magnification).
 * - Filtering and LOD: GL 3.3 3.8.9-3.8.11 (the shared math in
 *   sim/texture): lambda = log2(rho) + TIC MIP_LOD_BIAS + TSC MIP_LOD_BIAS
 *   + the instruction's bias, clamped to TSC MIN/MAX_LOD_CLAMP (and the
 *   G84 TIC MIN_LOD_CLAMP), radix 8 fixed point (rnndb); magnification
 *   when lambda <= 0; MIP_FILTER NONE / NEAREST / LINEAR; levels from
 *   RES_VIEW_MIN_MIP_LEVEL to min(RES_VIEW_MAX_MIP_LEVEL, MAP_MIP_LEVEL)
 *   on G84 on (a view of level 0 alone included), 0 to MAP_MIP_LEVEL on
 *   G80 (upstream writes its view's levels so); rho scales by the size of
 *   the view's first level, GL's level_base (assumed: D3D10's resource
 *   views, whose first level is the view's level 0).  Wrap modes: G80_TSC_WRAP as GL's REPEAT,
 *   MIRRORED_REPEAT, CLAMP_TO_EDGE, CLAMP_TO_BORDER, CLAMP and the
 *   MIRROR_CLAMP* of EXT_texture_mirror_clamp.  Depth compare (TSC
 *   DEPTH_COMPARE, DEPTH_COMPARE_FUNC in GL's order): "r FUNC d" per
 *   texel before filtering, the reference clamped to [0, 1] for
 *   fixed-point depth (GL 3.3 3.8.16).
 *
 * Assumptions (no document says):
 * - the compare result replaces the format's depth component (the Z of
 *   its name; R for colour formats) before SOURCE routes it, as
 *   upstream's depth views read that component through every source;
 * - the border colour (BORDER_SOURCE COLOR: TSC BORDER_COLOR floats)
 *   comes back as it is, past SOURCE (upstream's nv50_state.c notes that
 *   it does not swizzle the border for the view: the hardware does not);
 * - components a format lacks read 0 (R, G, B) and 1 (A);
 * - formats with an integer component selected by SOURCE are point
 *   sampled on the nearest level (GL makes such filtering incomplete);
 * - cube faces use the TSC wrap modes on their own (no seamless
 *   filtering across faces) unless G200's TEX_MISC SEAMLESS_CUBE_MAP is
 *   set (seamless_texel: GL's seamless filtering, its corner assumed);
 *   a cube's sources are x, y, z as a direction;
 * - texsize answers GL's textureSize order: 1D arrays (w, layers), 2D
 *   arrays (w, h, layers), cubes (w, h), 3D (w, h, d), with the level
 *   count of the view (upstream passes the result through);
 * - sRGB (TIC SRGB_CONVERSION) decodes R, G, B of UNORM components and
 *   S3TC before filtering (EXT_texture_sRGB).
 * - Anisotropic filtering: TSC MAX_ANISOTROPY (rnndb g80_max_anisotropy,
 *   1_TO_1 .. 16_TO_1: at most 1, 2, 4, 6, 8, 10, 12, 16 samples) with
 *   the footprint EXT_texture_filter_anisotropic gives as its example
 *   (sim/texture/nvsim_texture_aniso.c, shared with curie): N lookups
 *   along the major axis at lambda = log2(Pmax / N), N rounded up to a
 *   rate the field has.  Assumed (the pattern is not documented): it
 *   applies to implicit-LOD lookups of 2D textures, 2D arrays and cubes
 *   with any filter, not to 1D or 3D ones nor unfiltered (integer)
 *   formats, as curie's; TIC word 6's MAX_ANISOTROPY and the ANISO_*
 *   spread and quality fields (no document says what they do; upstream
 *   leaves them 0) are not read.
 * - texgather (GT215_3D's D3D10.1 forms): gather_lane.
 * Not modelled (the request fails: the 3D class traps): texquerylod, texprep cube and CUBE_ARRAY,
 * multisampled textures, the subsampled and video formats, R1.
 */
#include <math.h>
#include <string.h>

#include "g80_sampler.h"
#include "nv50_layout.h"
#include "g80_fifo.xml.h"
#include "nvsim_raster_math.h"
#include "nvsim_texture.h"

#define FIELD(v, F) (((v) & F##__MASK) >> F##__SHIFT)
#define CS(n) (G80_TIC_0_COMPONENTS_SIZES_##n >> G80_TIC_0_COMPONENTS_SIZES__SHIFT)
#define CS200(n) (G200_TIC_0_COMPONENTS_SIZES_##n >> G80_TIC_0_COMPONENTS_SIZES__SHIFT)
#define TT(n) (G80_TIC_2_TEXTURE_TYPE_##n >> G80_TIC_2_TEXTURE_TYPE__SHIFT)
#define MIPF(n) (G80_TSC_1_MIP_FILTER_##n >> G80_TSC_1_MIP_FILTER__SHIFT)
#define LINEAR_FILTER (G80_TSC_1_MAG_FILTER_LINEAR >> G80_TSC_1_MAG_FILTER__SHIFT)

enum fmt_kind { PLAIN, SHAREDEXP, PACKED_FLOAT, DXT1, DXT3, DXT5, RGTC1, RGTC2 };

struct fmt {
   uint32_t cs;            /* COMPONENTS_SIZES */
   uint8_t bytes;          /* per texel, or per 4x4 block */
   uint8_t bits[4];        /* R, G, B, A from bit 0 up; 0: absent */
   uint8_t kind;
   int8_t depth;           /* the depth component of zeta formats */
   bool g200;              /* G200_TIC_0 names it */
};

static const struct fmt formats[] = {
   { CS(R32_G32_B32_A32), 16, { 32, 32, 32, 32 }, PLAIN, -1, false },
   { CS(R16_G16_B16_A16), 8, { 16, 16, 16, 16 }, PLAIN, -1, false },
   { CS(R32_G32), 8, { 32, 32 }, PLAIN, -1, false },
   { CS(R32_B24G8), 8, { 32, 8, 24 }, PLAIN, -1, false },
   { CS(X8B8G8R8), 4, { 8, 8, 8 }, PLAIN, -1, false },
   { CS(A8B8G8R8), 4, { 8, 8, 8, 8 }, PLAIN, -1, false },
   { CS(A2B10G10R10), 4, { 10, 10, 10, 2 }, PLAIN, -1, false },
   { CS(R16_G16), 4, { 16, 16 }, PLAIN, -1, false },
   { CS(G8R24), 4, { 24, 8 }, PLAIN, -1, false },
   { CS(G24R8), 4, { 8, 24 }, PLAIN, -1, false },
   { CS(R32), 4, { 32 }, PLAIN, -1, false },
   { CS(A4B4G4R4), 2, { 4, 4, 4, 4 }, PLAIN, -1, false },
   { CS(A5B5G5R1), 2, { 1, 5, 5, 5 }, PLAIN, -1, false },
   { CS(A1B5G5R5), 2, { 5, 5, 5, 1 }, PLAIN, -1, false },
   { CS(B5G6R5), 2, { 5, 6, 5 }, PLAIN, -1, false },
   { CS(B6G5R5), 2, { 5, 5, 6 }, PLAIN, -1, false },
   { CS(G8R8), 2, { 8, 8 }, PLAIN, -1, false },
   { CS(R16), 2, { 16 }, PLAIN, -1, false },
   { CS(R8), 1, { 8 }, PLAIN, -1, false },
   { CS(G4R4), 1, { 4, 4 }, PLAIN, -1, false },
   { CS(E5B9G9R9_SHAREDEXP), 4, { 9, 9, 9 }, SHAREDEXP, -1, false },
   { CS(BF10GF11RF11), 4, { 11, 11, 10 }, PACKED_FLOAT, -1, false },
   { CS(DXT1), 8, { 1, 1, 1, 1 }, DXT1, -1, false },
   { CS(DXT23), 16, { 1, 1, 1, 1 }, DXT3, -1, false },
   { CS(DXT45), 16, { 1, 1, 1, 1 }, DXT5, -1, false },
   /* DXN1/DXN2: RGTC1/RGTC2 blocks (upstream's nv50_formats.c gives
    * them PIPE_FORMAT_RGTC1/2 and LATC1/2, the component types UNORM or
    * SNORM) */
   { CS(DXN1), 8, { 1 }, RGTC1, -1, false },
   { CS(DXN2), 16, { 1, 1 }, RGTC2, -1, false },
   { CS(Z24S8), 4, { 8, 24 }, PLAIN, 1, false },
   { CS(X8Z24), 4, { 24, 8 }, PLAIN, 0, false },
   { CS(S8Z24), 4, { 24, 8 }, PLAIN, 0, false },
   { CS(ZF32), 4, { 32 }, PLAIN, 0, false },
   { CS(ZF32_X24S8), 8, { 32, 8 }, PLAIN, 0, false },
   { CS200(Z16), 2, { 16 }, PLAIN, 0, true },
};

static const struct fmt *
tex_fmt(const struct g80_sampler_texture *t)
{
   return &formats[t->format];
}

static bool
is_block(const struct fmt *f)
{
   return f->kind >= DXT1;
}

static bool
type_is_int(uint8_t type)
{
   return type == G80_TIC_TYPE_SINT || type == G80_TIC_TYPE_UINT;
}

static bool
type_is_unorm(uint8_t type)
{
   return type == G80_TIC_TYPE_UNORM || type == G80_TIC_TYPE_UNORM_FORCE_FP16;
}

static bool
type_is_snorm(uint8_t type)
{
   return type == G80_TIC_TYPE_SNORM || type == G80_TIC_TYPE_SNORM_FORCE_FP16;
}

/* Whether SOURCE selects an integer component: then no filtering. */
static bool
reads_integer(const struct g80_tic *tic, const struct fmt *f)
{
   for (unsigned i = 0; i < 4; i++) {
      unsigned s = tic->source[i];
      if (s >= G80_TIC_SOURCE_R && s <= G80_TIC_SOURCE_A) {
         unsigned c = s - G80_TIC_SOURCE_R;
         if (f->bits[c] && type_is_int(tic->data_type[c]))
            return true;
      }
   }
   return false;
}

/* ---- layout ---- */

static uint32_t
minify(uint32_t v, unsigned l)
{
   v >>= l;
   return v ? v : 1;
}

static void
level_layout(const struct g80_sampler_texture *t, unsigned l,
             struct nv50_layout *lay)
{
   const struct g80_sampler_level *lv = &t->level[l];
   const struct fmt *f = tex_fmt(t);
   if (t->tic.pitch) {
      *lay = (struct nv50_layout){ .pitch = t->tic.pitch_bytes,
                                   .height = lv->h, .depth = 1 };
      return;
   }
   uint32_t w = lv->w, h = lv->h;
   if (is_block(f)) {
      w = (w + 3) / 4;
      h = (h + 3) / 4;
   }
   *lay = (struct nv50_layout){
      .blocklinear = true, .width_bytes = w * f->bytes, .height = h,
      .depth = lv->d, .block_w = lv->block_w, .block_h = lv->block_h,
      .block_d = lv->block_d,
   };
}

const char *
g80_sampler_setup(struct g80_sampler_texture *t, const struct g80_tic *tic,
                  const struct g80_tsc *tsc, bool g200_on)
{
   memset(t, 0, sizeof(*t));
   t->tic = *tic;
   t->tsc = *tsc;
   unsigned i;
   for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
      if (formats[i].cs == tic->components_sizes &&
          (!formats[i].g200 || g200_on))
         break;
   if (i == sizeof(formats) / sizeof(formats[0]))
      return "COMPONENTS_SIZES is not a format nvsim samples";
   t->format = i;
   const struct fmt *f = &formats[i];
   for (unsigned c = 0; c < 4; c++) {
      if (!f->bits[c])
         continue;
      uint8_t ty = tic->data_type[c];
      if (ty < G80_TIC_TYPE_SNORM || ty > G80_TIC_TYPE_FLOAT)
         return "a component's DATA_TYPE is not one hwdb names";
      if (ty == G80_TIC_TYPE_FLOAT && f->kind == PLAIN &&
          f->bits[c] != 16 && f->bits[c] != 32)
         return "a FLOAT component of other than 16 or 32 bits";
      if (f->kind != PLAIN && type_is_int(ty))
         return "an integer type on a compressed or packed-float format";
   }
   if (tic->ms_mode)
      return "multisampled textures are not modelled";

   uint32_t w = tic->width, h = tic->height, d = tic->depth;
   if (!w)
      return "WIDTH is 0";
   /* rnndb TIC word 5 HEIGHT: "Set to 0 for height of 65536" (on G84 on
    * with HEIGHT_MSB clear: assumed, the field's doc predates the MSB);
    * the 1D types below have no height and read it as 1, so upstream's
    * buffer textures (word 5 all 0) are 1D, not an error */
   if (!h)
      h = (G80_TIC_5_HEIGHT__MASK >> G80_TIC_5_HEIGHT__SHIFT) + 1;
   t->layers = 1;
   t->dims = 2;
   unsigned levels = tic->max_level + 1;
   switch (tic->texture_type) {
   case TT(ONE_D): t->dims = 1; h = 1; d = 1; break;
   case TT(TWO_D): d = 1; break;
   case TT(THREE_D): t->dims = 3; if (!d) return "a 3D texture of DEPTH 0"; break;
   case TT(CUBEMAP): t->cube = true; t->dims = 3; t->layers = 6; d = 1; break;
   case TT(ONE_D_ARRAY): t->dims = 1; t->array = true; t->layers = d; h = 1; d = 1; break;
   case TT(TWO_D_ARRAY): t->array = true; t->layers = d; d = 1; break;
   case TT(ONE_D_BUFFER): t->dims = 1; h = 1; d = 1; levels = 1; break;
   case TT(TWO_D_NO_MIPMAP): d = 1; levels = 1; break;
   default:
      return "CUBE_ARRAY textures are not modelled";
   }
   if (!t->layers)
      return "an array of DEPTH 0 layers";
   if (tic->pitch) {
      if (tic->texture_type != TT(TWO_D_NO_MIPMAP) &&
          tic->texture_type != TT(ONE_D_BUFFER))
         return "a pitch texture other than TWO_D_NO_MIPMAP or ONE_D_BUFFER "
                "(g80-surface.rst: pitch textures have one level, no arrays)";
      if (is_block(f))
         return "a compressed pitch texture is not modelled";
      if (tic->texture_type == TT(TWO_D_NO_MIPMAP) &&
          tic->pitch_bytes < (uint64_t)w * f->bytes)
         return "PITCH is less than a row";
   }
   if (tic->texture_type == TT(ONE_D_BUFFER) && !tic->pitch)
      return "a ONE_D_BUFFER texture that is not PITCH";
   if (!tic->normalized_coords && levels > 1)
      levels = 1;   /* unnormalised coordinates address level 0 only */
   t->num_levels = levels;

   uint64_t off = 0;
   for (unsigned l = 0; l < levels; l++) {
      struct g80_sampler_level *lv = &t->level[l];
      lv->w = minify(w, l);
      lv->h = minify(h, l);
      lv->d = minify(d, l);
      lv->offset = off;
      lv->block_w = tic->block_w;
      lv->block_h = tic->block_h;
      lv->block_d = tic->block_d;
      if (!tic->pitch && (lv->block_w > G80_GOB_BLOCK_LOG2_MAX ||
                          lv->block_h > G80_GOB_BLOCK_LOG2_MAX ||
                          lv->block_d > G80_GOB_BLOCK_LOG2_MAX))
         return "GOBS_PER_BLOCK is past THIRTYTWO";
      struct nv50_layout lay;
      level_layout(t, l, &lay);
      if (lay.blocklinear) {
         nv50_layout_autosize(&lay);
         lv->block_w = lay.block_w;
         lv->block_h = lay.block_h;
         lv->block_d = lay.block_d;
      }
      uint64_t bytes;
      if (tic->texture_type == TT(ONE_D_BUFFER))
         bytes = (uint64_t)lv->w * f->bytes;
      else
         bytes = nv50_layout_size(&lay);
      off += bytes;
      if (off > (1ull << 40))
         return "the texture is larger than the VM";
   }
   t->layer_bytes = off;
   if (!tic->pitch && t->layers > 1) {
      struct nv50_layout l0;
      level_layout(t, 0, &l0);
      uint64_t block = (uint64_t)G80_GOB_SIZE <<
                       (l0.block_w + l0.block_h + l0.block_d);
      t->layer_bytes = (off + block - 1) / block * block;
   }
   t->bytes = t->layer_bytes * t->layers;
   if (t->bytes > (1ull << 40))
      return "the texture is larger than the VM";

   if (tsc->depth_compare && f->kind != PLAIN)
      return "depth compare of a compressed or packed-float format";
   return NULL;
}

/* ---- texels ---- */

static uint32_t
get_bits(const uint8_t *p, unsigned off, unsigned n)
{
   uint64_t v = 0;
   unsigned first = off / 8, last = (off + n - 1) / 8;
   for (unsigned b = first; b <= last; b++)
      v |= (uint64_t)p[b] << (8 * (b - first));
   v >>= off % 8;
   return (uint32_t)(v & ((n == 32) ? 0xffffffffull : ((1ull << n) - 1)));
}

static float
decode_comp(uint32_t v, unsigned n, uint8_t type)
{
   if (type_is_unorm(type))
      return n > 24 ? (float)((double)v / (double)((1ull << n) - 1))
                    : (float)v / (float)((1u << n) - 1);
   if (type_is_snorm(type)) {
      int32_t s = n == 32 ? (int32_t)v
                          : (int32_t)(v << (32 - n)) >> (32 - n);
      float m = n > 24 ? (float)((double)s / (double)((1ull << (n - 1)) - 1))
                       : (float)s / (float)((1u << (n - 1)) - 1);
      return m < -1.0f ? -1.0f : m;
   }
   if (type == G80_TIC_TYPE_SINT)
      return nvsim_u2f(n == 32 ? v : (uint32_t)((int32_t)(v << (32 - n)) >>
                                                (32 - n)));
   if (type == G80_TIC_TYPE_UINT)
      return nvsim_u2f(v);
   /* FLOAT */
   if (n == 16)
      return nvsim_raster_half_to_float((uint16_t)v);
   return nvsim_u2f(v);
}

struct texel_ctx {
   const struct g80_sampler_texture *t;
   unsigned level;
   unsigned layer;
   bool compare;
   float ref;
};

/* Components R, G, B, A of texel (x, y, z) of a level and layer, inside
 * the level (wrapped by the caller). */
static void
decode_texel(const struct texel_ctx *c, uint32_t x, uint32_t y, uint32_t z,
             float comp[4])
{
   const struct g80_sampler_texture *t = c->t;
   const struct g80_sampler_level *lv = &t->level[c->level];
   const struct fmt *f = tex_fmt(t);
   struct nv50_layout lay;
   level_layout(t, c->level, &lay);
   uint64_t base = (uint64_t)c->layer * t->layer_bytes + lv->offset;
   uint64_t at;
   uint32_t ex = x, ey = y;
   if (is_block(f)) {
      ex = x / 4;
      ey = y / 4;
   }
   if (t->tic.texture_type == TT(ONE_D_BUFFER))
      at = base + (uint64_t)ex * f->bytes;
   else
      at = base + nv50_layout_offset(&lay, ex * f->bytes, ey, z);
   comp[0] = comp[1] = comp[2] = 0.0f;
   comp[3] = 1.0f;
   if (at + f->bytes > t->bytes)
      return;   /* cannot happen: setup sized the texture; never read past */
   const uint8_t *p = t->mem + at;

   switch (f->kind) {
   case DXT1: case DXT3: case DXT5:
      nvsim_tex_dxt_texel(f->kind == DXT1 ? NVSIM_TEX_DXT1 :
                          f->kind == DXT3 ? NVSIM_TEX_DXT3 : NVSIM_TEX_DXT5,
                          p, x & 3, y & 3, comp);
      break;
   case RGTC1: case RGTC2: {
      /* ARB_texture_compression_rgtc: (R, 0, 0, 1) and (R, G, 0, 1); the
       * SIGNED formats by the components' SNORM type */
      bool sgn = type_is_snorm(t->tic.data_type[0]);
      comp[0] = nvsim_tex_rgtc_channel(p, sgn, x & 3, y & 3);
      if (f->kind == RGTC2)
         comp[1] = nvsim_tex_rgtc_channel(p + 8, sgn, x & 3, y & 3);
      break;
   }
   case SHAREDEXP: {
      /* EXT_texture_shared_exponent: 9-bit mantissas, exponent bias 15 */
      uint32_t e = get_bits(p, 27, 5);
      for (unsigned i = 0; i < 3; i++)
         comp[i] = ldexpf((float)get_bits(p, 9 * i, 9), (int)e - 15 - 9);
      break;
   }
   case PACKED_FLOAT:
      /* EXT_packed_float's unsigned floats */
      comp[0] = nvsim_raster_ufloat_to_float(get_bits(p, 0, 11), 6);
      comp[1] = nvsim_raster_ufloat_to_float(get_bits(p, 11, 11), 6);
      comp[2] = nvsim_raster_ufloat_to_float(get_bits(p, 22, 10), 5);
      break;
   default: {
      unsigned off = 0;
      for (unsigned i = 0; i < 4; i++) {
         unsigned n = f->bits[i];
         if (!n)
            break;
         comp[i] = decode_comp(get_bits(p, off, n), n, t->tic.data_type[i]);
         off += n;
      }
      if (!f->bits[3] && type_is_int(t->tic.data_type[0]))
         comp[3] = nvsim_u2f(1);   /* an integer format's missing A */
      break;
   }
   }
   if (t->tic.srgb) {
      for (unsigned i = 0; i < 3; i++)
         if (f->bits[i] && (is_block(f) || type_is_unorm(t->tic.data_type[i])))
            comp[i] = nvsim_tex_srgb_to_linear(comp[i]);
   }
   if (c->compare) {
      int dc = f->depth >= 0 ? f->depth : 0;
      bool pass = nvsim_tex_compare((enum nvsim_tex_compare)
                                    t->tsc.depth_compare_func, c->ref,
                                    comp[dc]);
      comp[dc] = pass ? 1.0f : 0.0f;
   }
}

static enum nvsim_tex_wrap
tesla_wrap(uint8_t w)
{
   switch (w) {
   case G80_TSC_WRAP_WRAP: return NVSIM_TEX_REPEAT;
   case G80_TSC_WRAP_MIRROR: return NVSIM_TEX_MIRRORED_REPEAT;
   case G80_TSC_WRAP_BORDER: return NVSIM_TEX_CLAMP_TO_BORDER;
   case G80_TSC_WRAP_CLAMP_OGL: return NVSIM_TEX_CLAMP;
   case G80_TSC_WRAP_MIRROR_ONCE_CLAMP_TO_EDGE:
      return NVSIM_TEX_MIRROR_CLAMP_TO_EDGE;
   case G80_TSC_WRAP_MIRROR_ONCE_BORDER: return NVSIM_TEX_MIRROR_CLAMP_TO_BORDER;
   case G80_TSC_WRAP_MIRROR_ONCE_CLAMP_OGL: return NVSIM_TEX_MIRROR_CLAMP;
   default: return NVSIM_TEX_CLAMP_TO_EDGE;
   }
}

/* SOURCE: X, Y, Z, W from the components or constants. */
static void
route(const struct g80_tic *tic, const float comp[4], float out[4])
{
   for (unsigned i = 0; i < 4; i++) {
      unsigned s = tic->source[i];
      if (s >= G80_TIC_SOURCE_R && s <= G80_TIC_SOURCE_A)
         out[i] = comp[s - G80_TIC_SOURCE_R];
      else if (s == G80_TIC_SOURCE_ONE_INT)
         out[i] = nvsim_u2f(1);
      else if (s == G80_TIC_SOURCE_ONE_FLOAT)
         out[i] = 1.0f;
      else
         out[i] = 0.0f;
   }
}

/* A cube face's texel (x, y) outside the face with seamless filtering
 * (TEX_MISC SEAMLESS_CUBE_MAP; GL 3.2 3.8.8 "Seamless Cube Map
 * Filtering": the wrap modes are ignored, the texel comes from the
 * adjacent face, nvsim_tex_cube_adjacent).  A corner texel, outside in
 * both, is taken as the average of the three texels that meet there
 * (this face's corner and its two neighbours'): assumed, as
 * ARB_seamless_cube_map's corner case (no document gives Tesla's). */
static void
seamless_texel(const struct texel_ctx *c, int x, int y, float out[4])
{
   const unsigned n = c->t->level[c->level].w;
   const int cx = x < 0 ? 0 : x >= (int)n ? (int)n - 1 : x;
   const int cy = y < 0 ? 0 : y >= (int)n ? (int)n - 1 : y;
   int fx[3], fy[3], ff[3];
   unsigned count = 1;
   ff[0] = nvsim_tex_cube_adjacent(c->layer, x, y, n, &fx[0], &fy[0]);
   if (ff[0] < 0) {
      ff[0] = (int)c->layer;
      fx[0] = cx;
      fy[0] = cy;
      ff[1] = nvsim_tex_cube_adjacent(c->layer, x, cy, n, &fx[1], &fy[1]);
      ff[2] = nvsim_tex_cube_adjacent(c->layer, cx, y, n, &fx[2], &fy[2]);
      count = 3;
   }
   float sum[4] = { 0, 0, 0, 0 };
   for (unsigned k = 0; k < count; k++) {
      struct texel_ctx a = *c;
      float comp[4], o[4];
      a.layer = (unsigned)ff[k];
      decode_texel(&a, (uint32_t)fx[k], (uint32_t)fy[k], 0, comp);
      route(&a.t->tic, comp, o);
      for (unsigned i = 0; i < 4; i++)
         sum[i] += o[i];
   }
   for (unsigned i = 0; i < 4; i++)
      out[i] = sum[i] / (float)count;
}

/* The shared filters' texel: wrap, border, decode, compare, SOURCE. */
static void
texel_cb(const void *data, int x, int y, int z, float out[4])
{
   const struct texel_ctx *c = data;
   const struct g80_sampler_texture *t = c->t;
   const struct g80_sampler_level *lv = &t->level[c->level];
   if (t->cube && t->seamless &&
       (x < 0 || y < 0 || x >= (int)lv->w || y >= (int)lv->h)) {
      seamless_texel(c, x, y, out);
      return;
   }
   int ix = nvsim_tex_wrap_index(tesla_wrap(t->tsc.wrap[0]), x, (int)lv->w);
   int iy = t->dims >= 2 ? nvsim_tex_wrap_index(tesla_wrap(t->tsc.wrap[1]), y,
                                               (int)lv->h) : 0;
   int iz = t->dims == 3 && !t->cube ?
            nvsim_tex_wrap_index(tesla_wrap(t->tsc.wrap[2]), z, (int)lv->d) : 0;
   if (ix < 0 || iy < 0 || iz < 0) {
      for (unsigned i = 0; i < 4; i++)
         out[i] = t->tic.border_from_color ? nvsim_u2f(t->tsc.border[i])
                                           : 0.0f;
      return;
   }
   float comp[4];
   decode_texel(c, (uint32_t)ix, (uint32_t)iy, (uint32_t)iz, comp);
   route(&t->tic, comp, out);
}

/* ---- requests ---- */

static float
word_f(uint32_t w)
{
   return nvsim_u2f(w);
}

/* The level range [*base, *top] the view allows: G84 on, word 7's
 * RES_VIEW_MIN/MAX_MIP_LEVEL (rnndb "min/max LOD for texture resource
 * views") always, a view of level 0 alone (both 0) included; G80 has no
 * view levels: 0 to MAP_MIP_LEVEL. */
static void
level_range(const struct g80_sampler_texture *t, unsigned *base,
            unsigned *top)
{
   unsigned last = t->num_levels - 1;
   unsigned b = 0, e = last;
   if (t->tic.has_view) {
      b = t->tic.view_min_level;
      e = t->tic.view_max_level;
   }
   if (b > last)
      b = last;
   if (e > last)
      e = last;
   if (e < b)
      e = b;
   *base = b;
   *top = e;
}

/* Coordinates of one lane as floats: s, t, r (cube: the direction). */
static void
lane_coords(const struct g80_sampler_texture *t,
            const struct g80_tex_request *req, unsigned lane, float c[3])
{
   unsigned n = t->cube ? 3 : t->dims;
   for (unsigned i = 0; i < 3; i++)
      c[i] = i < n ? word_f(req->coord[lane][i]) : 0.0f;
}

/* s, t (and r) derivatives of a lane from its quad: right minus left and
 * bottom minus top of the pairs that ran. */
static void
quad_derivs(const struct g80_sampler_texture *t,
            const struct g80_tex_request *req, unsigned lane, float ddx[3],
            float ddy[3])
{
   unsigned q = lane & ~3u;
   float c[4][3];
   for (unsigned i = 0; i < 4; i++)
      lane_coords(t, req, q + i, c[i]);
   bool on[4];
   for (unsigned i = 0; i < 4; i++)
      on[i] = req->active >> (q + i) & 1;
   for (unsigned k = 0; k < 3; k++) {
      ddx[k] = ddy[k] = 0.0f;
      if (on[0] && on[1])
         ddx[k] = c[1][k] - c[0][k];
      else if (on[2] && on[3])
         ddx[k] = c[3][k] - c[2][k];
      if (on[0] && on[2])
         ddy[k] = c[2][k] - c[0][k];
      else if (on[1] && on[3])
         ddy[k] = c[3][k] - c[1][k];
   }
}

static float
clampf(float v, float lo, float hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* Samples one lane at coordinates c (lane_coords, or moved along the
 * anisotropic footprint) and level of detail lambda (GL 3.3
 * 3.8.9-3.8.11). */
static void
sample_lane(const struct g80_sampler_texture *t,
            const struct g80_tex_request *req, unsigned lane,
            const float c[3], float lambda, float out[4])
{
   const struct fmt *f = tex_fmt(t);
   unsigned layer = 0;
   float s = c[0], tt = c[1], r = c[2];
   if (t->cube) {
      layer = nvsim_tex_cube_face(c, &s, &tt);
      r = 0.0f;
   } else if (t->array) {
      uint32_t li = req->coord[lane][t->dims];
      layer = li >= t->layers ? t->layers - 1 : li;
   }
   unsigned ncoord = (t->cube ? 3 : t->dims) + (t->array ? 1 : 0);
   struct texel_ctx tc = { t, 0, layer, t->tsc.depth_compare, 0.0f };
   if (tc.compare) {
      float ref = word_f(req->coord[lane][ncoord < 5 ? ncoord : 4]);
      bool fixed = f->depth < 0 || type_is_unorm(t->tic.data_type[f->depth]);
      tc.ref = fixed ? clampf(ref, 0.0f, 1.0f) : ref;
   }

   bool integer = reads_integer(&t->tic, f);
   bool mag = lambda <= 0.0f;
   uint32_t filt = mag ? t->tsc.mag_filter : t->tsc.min_filter;
   bool linear = filt == LINEAR_FILTER && !integer;
   unsigned base, top;
   level_range(t, &base, &top);
   unsigned l0 = base, l1 = base;
   float lf = 0.0f;
   if (!mag && !integer && t->tsc.mip_filter == MIPF(NEAREST)) {
      /* GL 3.3 (3.24): base if lambda <= 1/2, else ceil(d + 1/2) - 1 */
      float d = (float)base + lambda;
      l0 = lambda <= 0.5f ? base : (unsigned)clampf(ceilf(d + 0.5f) - 1.0f,
                                                   (float)base, (float)top);
   } else if (!mag && !integer && t->tsc.mip_filter == MIPF(LINEAR)) {
      float d = (float)base + lambda;
      if (d >= (float)top) {
         l0 = top;
      } else {
         l0 = (unsigned)floorf(d);
         l1 = l0 + 1;
         lf = d - floorf(d);
      }
   } else if (!mag && integer && t->tsc.mip_filter != MIPF(NONE)) {
      l0 = (unsigned)clampf(floorf((float)base + lambda + 0.5f), (float)base,
                            (float)top);
   }

   float o[2][4];
   for (unsigned pass = 0; pass < (lf > 0.0f ? 2u : 1u); pass++) {
      unsigned lvl = pass ? l1 : l0;
      const struct g80_sampler_level *lv = &t->level[lvl];
      tc.level = lvl;
      float u, v, w;
      if (t->tic.normalized_coords) {
         u = s * (float)lv->w;
         v = tt * (float)lv->h;
         w = r * (float)lv->d;
      } else {
         u = s;
         v = tt;
         w = r;
      }
      /* GL 3.3 (3.17): u = s * w_t + offset */
      u += (float)req->offset[0];
      v += (float)req->offset[1];
      w += (float)req->offset[2];
      struct nvsim_tex_level_desc d = {
         lv->w, lv->h, lv->d,
         { tesla_wrap(t->tsc.wrap[0]), tesla_wrap(t->tsc.wrap[1]),
           tesla_wrap(t->tsc.wrap[2]) },
         t->dims == 1, t->dims == 3 && !t->cube,
      };
      nvsim_tex_sample_level(texel_cb, &tc, &d, u, v, w, linear, o[pass]);
   }
   for (unsigned i = 0; i < 4; i++)
      out[i] = lf > 0.0f ? o[0][i] + lf * (o[1][i] - o[0][i]) : o[0][i];
}

/* One lane's lookup for the shared anisotropic filter. */
struct lane_lookup {
   const struct g80_sampler_texture *t;
   const struct g80_tex_request *req;
   unsigned lane;
};

static void
lookup_lane(const void *data, const float c[4], float lambda, float out[4])
{
   const struct lane_lookup *l = data;
   sample_lane(l->t, l->req, l->lane, c, lambda, out);
}

static void
fetch_lane(const struct g80_sampler_texture *t,
           const struct g80_tex_request *req, unsigned lane, float out[4])
{
   unsigned base, top;
   level_range(t, &base, &top);
   unsigned ncoord = t->dims + (t->array ? 1 : 0);
   if (t->cube)
      ncoord = 3;
   int32_t lod = req->argc > ncoord ? (int32_t)req->lod_or_bias[lane] : 0;
   int32_t x = (int32_t)req->coord[lane][0] + req->offset[0];
   int32_t y = t->dims >= 2 ? (int32_t)req->coord[lane][1] + req->offset[1] : 0;
   int32_t z = t->dims == 3 && !t->cube ?
               (int32_t)req->coord[lane][2] + req->offset[2] : 0;
   unsigned layer = 0;
   if (t->array) {
      uint32_t li = req->coord[lane][t->dims];
      layer = li >= t->layers ? t->layers - 1 : li;
   } else if (t->cube) {
      uint32_t li = req->coord[lane][2];
      layer = li >= 6 ? 5 : li;
   }
   /* GL 3.3 (texelFetch): results undefined out of range; nvsim reads
    * zeros and never outside the texture */
   for (unsigned i = 0; i < 4; i++)
      out[i] = 0.0f;
   if (lod < 0 || (uint32_t)lod > top - base)
      return;
   const struct g80_sampler_level *lv = &t->level[base + lod];
   if (x < 0 || y < 0 || z < 0 || (uint32_t)x >= lv->w ||
       (uint32_t)y >= lv->h || (uint32_t)z >= lv->d)
      return;
   struct texel_ctx tc = { t, base + lod, layer, false, 0.0f };
   float comp[4];
   decode_texel(&tc, (uint32_t)x, (uint32_t)y, (uint32_t)z, comp);
   route(&t->tic, comp, out);
}

/* texgather (GT215): the 2x2 texels that LINEAR filtering would blend at
 * the view's first level (GLSL 1.50+ / ARB_texture_gather: the gather
 * reads level base), each through the wrap modes, border, compare and
 * the TIC's SOURCE routing as a filtered lookup's, returning the routed
 * X component of each in ARB_texture_gather's order: (i0, j1), (i1, j1),
 * (i1, j0), (i0, j0), i0 = floor(u - 1/2), j0 = floor(v - 1/2) (GL 3.3
 * 3.8.8).  Which component: the instruction has no field for it (upstream
 * encodes none on Tesla, docs/tesla.md) and the TIC's X source is what
 * GL's texture swizzle (and so the gathered component under
 * ARB_texture_gather's MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS 4) routes;
 * the order is the extension's, which upstream's driver passes through
 * unchanged (envytools texture.rst's texgather section is a todo). */
static void
gather_lane(const struct g80_sampler_texture *t,
            const struct g80_tex_request *req, unsigned lane, float out[4])
{
   const struct fmt *f = tex_fmt(t);
   float c[3];
   lane_coords(t, req, lane, c);
   unsigned layer = 0;
   float s = c[0], tt = c[1];
   if (t->cube) {
      layer = nvsim_tex_cube_face(c, &s, &tt);
   } else if (t->array) {
      uint32_t li = req->coord[lane][t->dims];
      layer = li >= t->layers ? t->layers - 1 : li;
   }
   unsigned ncoord = (t->cube ? 3 : t->dims) + (t->array ? 1 : 0);
   unsigned base, top;
   level_range(t, &base, &top);
   struct texel_ctx tc = { t, base, layer, t->tsc.depth_compare, 0.0f };
   if (tc.compare) {
      float ref = word_f(req->coord[lane][ncoord < 5 ? ncoord : 4]);
      bool fixed = f->depth < 0 || type_is_unorm(t->tic.data_type[f->depth]);
      tc.ref = fixed ? clampf(ref, 0.0f, 1.0f) : ref;
   }
   const struct g80_sampler_level *lv = &t->level[base];
   float u = t->tic.normalized_coords ? s * (float)lv->w : s;
   float v = t->tic.normalized_coords ? tt * (float)lv->h : tt;
   u += (float)req->offset[0];
   v += (float)req->offset[1];
   int i0 = (int)floorf(u - 0.5f), j0 = (int)floorf(v - 0.5f);
   if (t->dims == 1)
      j0 = 0;
   static const int place[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
   for (unsigned k = 0; k < 4; k++) {
      float texel[4];
      int dj = t->dims == 1 ? 0 : place[k][1];
      texel_cb(&tc, i0 + place[k][0], j0 + dj, 0, texel);
      out[k] = texel[0];
   }
}

static void
query_lane(const struct g80_sampler_texture *t,
           const struct g80_tex_request *req, unsigned lane, uint32_t out[4])
{
   unsigned base, top;
   level_range(t, &base, &top);
   uint32_t lod = req->coord[lane][0];
   memset(out, 0, 4 * sizeof(uint32_t));
   out[3] = top - base + 1;
   if (lod > top - base)
      return;
   const struct g80_sampler_level *lv = &t->level[base + lod];
   out[0] = lv->w;
   if (t->tic.texture_type == TT(ONE_D_ARRAY)) {
      out[1] = t->layers;
   } else if (t->dims >= 2 || t->cube) {
      out[1] = lv->h;
      if (t->array)
         out[2] = t->layers;
      else if (t->dims == 3 && !t->cube)
         out[2] = lv->d;
   }
}

const char *
g80_sampler_run(const struct g80_sampler_texture *t, enum g80_stage stage,
                const struct g80_tex_request *req, uint32_t out[32][4])
{
   switch (req->op) {
   case G80_TEX_SAMPLE:
   case G80_TEX_SAMPLE_BIAS:
   case G80_TEX_SAMPLE_LOD:
   case G80_TEX_FETCH:
   case G80_TEX_QUERY:
   case G80_TEX_GATHER:
      break;
   case G80_TEX_QUERY_LOD:
      return "texquerylod is not modelled";
   default:
      return "texprep is not modelled";
   }
   if (req->op == G80_TEX_QUERY && req->query != 0)
      return "a texsize query other than the size";
   const float bias_fixed = 1.0f / 256.0f;   /* rnndb: radix 8 */
   for (unsigned lane = 0; lane < 32; lane++) {
      if (!(req->active >> lane & 1))
         continue;
      float v[4];
      if (req->op == G80_TEX_QUERY) {
         query_lane(t, req, lane, out[lane]);
         continue;
      }
      if (req->op == G80_TEX_FETCH) {
         fetch_lane(t, req, lane, v);
      } else if (req->op == G80_TEX_GATHER) {
         gather_lane(t, req, lane, v);
      } else {
         float lambda = -128.0f;   /* derivatives 0: log2(0) */
         float c[4] = { 0.0f, 0.0f, 0.0f, 0.0f }, axis[3];
         unsigned n = 1;           /* anisotropic lookups */
         lane_coords(t, req, lane, c);
         if (req->op == G80_TEX_SAMPLE_LOD) {
            lambda = word_f(req->lod_or_bias[lane]);
         } else if (stage == G80_STAGE_FP || req->deriv) {
            float dx[3], dy[3];
            quad_derivs(t, req, lane, dx, dy);
            /* GL 3.3 (3.19)-(3.21): rho scales by the size of level_base,
             * which is the view's first level (a resource view is a
             * texture whose level 0 is RES_VIEW_MIN_MIP_LEVEL: assumed,
             * no document says which level the unit scales by) */
            unsigned base, top;
            level_range(t, &base, &top);
            const struct g80_sampler_level *l0 = &t->level[base];
            float sw = t->tic.normalized_coords ? (float)l0->w : 1.0f;
            float sh = t->tic.normalized_coords ? (float)l0->h : 1.0f;
            float ddx[2] = { dx[0], dx[1] }, ddy[2] = { dy[0], dy[1] };
            if (t->cube)
               nvsim_tex_cube_derivs(c, dx, dy, ddx, ddy);
            if (t->dims == 1)
               ddx[1] = ddy[1] = 0.0f;
            if (t->tsc.max_anisotropy > 1 && (t->dims == 2 || t->cube) &&
                !reads_integer(&t->tic, tex_fmt(t))) {
               /* the anisotropic footprint (file header) */
               struct nvsim_tex_aniso fp;
               nvsim_tex_aniso_footprint(ddx, ddy, sw, sh,
                                         t->tsc.max_anisotropy,
                                         g80_tsc_aniso_rates,
                                         G80_TSC_ANISO_RATES, &fp);
               lambda = fp.lambda;
               n = fp.n;
               memcpy(axis, fp.major_y ? dy : dx, sizeof(axis));
            } else {
               lambda = nvsim_tex_lambda(ddx, ddy, sw, sh);
            }
            if (t->dims == 3 && !t->cube) {
               float sd = t->tic.normalized_coords ? (float)l0->d : 1.0f;
               float lz = nvsim_tex_log2(fmaxf(fabsf(dx[2] * sd),
                                               fabsf(dy[2] * sd)));
               lambda = fmaxf(lambda, lz);
            }
         }
         if (req->op == G80_TEX_SAMPLE_BIAS)
            lambda += word_f(req->lod_or_bias[lane]);
         lambda += (float)(t->tic.lod_bias + t->tsc.lod_bias) * bias_fixed;
         lambda = clampf(lambda, (float)t->tsc.min_lod * bias_fixed,
                         (float)t->tsc.max_lod * bias_fixed);
         if (t->tic.min_lod_clamp)
            lambda = fmaxf(lambda, (float)t->tic.min_lod_clamp * bias_fixed);
         if (n > 1) {
            struct lane_lookup l = { t, req, lane };
            nvsim_tex_aniso_sample(lookup_lane, &l, c, axis, n, lambda, v);
         } else {
            sample_lane(t, req, lane, c, lambda, v);
         }
      }
      for (unsigned i = 0; i < 4; i++)
         out[lane][i] = nvsim_f2u(v[i]);
   }
   return NULL;
}
