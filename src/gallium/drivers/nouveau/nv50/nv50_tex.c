/*
 * Textures on Tesla: sampler views become TIC entries, sampler states TSC
 * entries (hwdb g80_texture.xml from rnndb graph/g80_texture.xml), kept
 * in one table of each per context (TIC_ADDRESS/LIMIT,
 * TSC_ADDRESS/LIMIT, g80_3d.xml) and bound per program type by BIND_TIC
 * / BIND_TSC.  The compiler's texture instructions name texture slot i
 * and sampler slot i for GL's unit i (src/nouveau/compiler/README.md,
 * "What the driver gets"); LINKED_TSC stays 0 so that the sampler slot is
 * the instruction's own.
 *
 * Entries are written in the command stream by the 2D engine's SIFC
 * (image from CPU, 1:1, R8 pixels: the bytes as they are), as upstream's
 * nv50 driver writes its TIC/TSC entries (fact), then TIC_FLUSH /
 * TSC_FLUSH invalidate the texture unit's caches of them (g80_3d.xml:
 * "invalidate the TSC/TIC caches").  Each validation writes its entries
 * at fresh indices of a ring, so that an entry a draw still in flight
 * reads is not rewritten under it; when the ring wraps, SERIALIZE on the
 * 3D object first waits for the draws before.
 *
 * Layout facts: a TIC describes the texture from the level its address
 * points at (g80-surface.rst "Textures, mipmapping and arrays": the
 * levels follow each other, each with its block auto-sized, a layer
 * aligned to the first level's block), which is nv50_resource.c's
 * layout.  G84 and later chips bound the levels in TIC word 7
 * (RES_VIEW_MIN/MAX_MIP_LEVEL); G80 has no such word (its word 7 is the
 * colour key): there the address moves to the view's first level, which
 * only works where no layers follow (a layer's stride counts every
 * level).
 */

#include <nouveau.h>

#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_resource.h"
#include "nv50_tex.h"
#include "fifo.xml.h"
#include "g80_2d.xml.h"
#include "g80_defs.xml.h"

/* Entries per table: the TSC indices BIND_TSC can name (its TSC field),
 * for TICs too (more than 3 stages x NV50_MAX_SAMPLERS a validation). */
#define NV50_TEX_ENTRIES \
   ((G80_3D_BIND_TSC_TSC__MASK >> G80_3D_BIND_TSC_TSC__SHIFT) + 1)
#define NV50_TEX_ENTRY_BYTES (NV50_TEX_ENTRY_WORDS * 4)
#define NV50_TEX_TABLE_BYTES (NV50_TEX_ENTRIES * NV50_TEX_ENTRY_BYTES)

/* the TSC's LOD fields: fixed point with 8 fraction bits (hwdb
 * g80_texture.xml TSC words 1 and 2) */
#define NV50_TSC_LOD_ONE 256

struct nv50_tic {
   struct pipe_sampler_view base;
   uint32_t w[NV50_TEX_ENTRY_WORDS];
   /* G80, layers: the TIC holds every level of the resource (a layer's
    * stride counts them all), so the view's levels become the sampler's
    * LOD clamps: lambda is then level 0's, which is GL's (of level_base)
    * plus base, so MIN/MAX_LOD_CLAMP move up by base and stop at the
    * view's last level; -1: no clamp */
   int max_lod, lod_base;
};

struct nv50_tsc {
   uint32_t w[NV50_TEX_ENTRY_WORDS];
   /* GL's TEXTURE_CUBE_MAP_SEAMLESS: not a TSC field on Tesla but the 3D
    * class's TEX_MISC, sent at validate (one for all samplers, as GL's
    * enable is) */
   bool seamless;
   /* the same in the program on chips without TEX_MISC SEAMLESS
    * (nv50_program.c): what its lookups of a cube follow */
   struct nvc_g80_seamless_unit unit;
};

static inline struct nv50_tic *
nv50_tic(struct pipe_sampler_view *view)
{
   return (struct nv50_tic *)view;
}

/* ---- formats ---- */

/* COMPONENTS_SIZES names the components from the most significant bits
 * down, so the first component (the TIC's "R") is the lowest bits
 * (upstream's pairing of B8G8R8A8 with A8B8G8R8 read B, G, R, A, fact):
 * a Gallium format whose channels lie from bit 0 up with these sizes is
 * that entry, its channels the TIC's R, G, B, A in that order. */
static const struct {
   uint32_t sizes;
   uint8_t bits[4];
} nv50_tic_sizes[] = {
   { G80_TIC_0_COMPONENTS_SIZES_R32_G32_B32_A32, { 32, 32, 32, 32 } },
   { G80_TIC_0_COMPONENTS_SIZES_R16_G16_B16_A16, { 16, 16, 16, 16 } },
   { G80_TIC_0_COMPONENTS_SIZES_R32_G32, { 32, 32 } },
   { G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, { 8, 8, 8, 8 } },
   { G80_TIC_0_COMPONENTS_SIZES_A2B10G10R10, { 10, 10, 10, 2 } },
   { G80_TIC_0_COMPONENTS_SIZES_R16_G16, { 16, 16 } },
   { G80_TIC_0_COMPONENTS_SIZES_R32, { 32 } },
   { G80_TIC_0_COMPONENTS_SIZES_A4B4G4R4, { 4, 4, 4, 4 } },
   { G80_TIC_0_COMPONENTS_SIZES_A1B5G5R5, { 5, 5, 5, 1 } },
   { G80_TIC_0_COMPONENTS_SIZES_B5G6R5, { 5, 6, 5 } },
   { G80_TIC_0_COMPONENTS_SIZES_G8R8, { 8, 8 } },
   { G80_TIC_0_COMPONENTS_SIZES_R16, { 16 } },
   { G80_TIC_0_COMPONENTS_SIZES_R8, { 8 } },
   { G80_TIC_0_COMPONENTS_SIZES_G4R4, { 4, 4 } },
};

/* Depth formats: the component holding depth (the Z of the name, read
 * the same way), the other one's type (stencil or padding). */
static const struct {
   enum pipe_format format;
   uint32_t sizes;
   uint8_t depth;               /* 0: the TIC's R, 1: its G */
   uint8_t depth_type, other_type;
} nv50_tic_zs[] = {
   { PIPE_FORMAT_Z24X8_UNORM, G80_TIC_0_COMPONENTS_SIZES_X8Z24, 0,
     G80_TIC_TYPE_UNORM, G80_TIC_TYPE_UINT },
   { PIPE_FORMAT_Z24_UNORM_S8_UINT, G80_TIC_0_COMPONENTS_SIZES_S8Z24, 0,
     G80_TIC_TYPE_UNORM, G80_TIC_TYPE_UINT },
   { PIPE_FORMAT_X8Z24_UNORM, G80_TIC_0_COMPONENTS_SIZES_Z24S8, 1,
     G80_TIC_TYPE_UNORM, G80_TIC_TYPE_UINT },
   { PIPE_FORMAT_S8_UINT_Z24_UNORM, G80_TIC_0_COMPONENTS_SIZES_Z24S8, 1,
     G80_TIC_TYPE_UNORM, G80_TIC_TYPE_UINT },
   { PIPE_FORMAT_Z32_FLOAT, G80_TIC_0_COMPONENTS_SIZES_ZF32, 0,
     G80_TIC_TYPE_FLOAT, G80_TIC_TYPE_FLOAT },
   { PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, G80_TIC_0_COMPONENTS_SIZES_ZF32_X24S8, 0,
     G80_TIC_TYPE_FLOAT, G80_TIC_TYPE_UINT },
};

/* Formats that are not channels packed from bit 0 up: their own
 * COMPONENTS_SIZES (hwdb g80_texture.xml), one data type for every
 * component, the channels they have (R, G, B in order), routed as the
 * Gallium format's swizzle says (missing ones 0, alpha 1; LATC's
 * luminance in R, G and B, its alpha the second channel).  Which Gallium
 * format each code holds is upstream nv50's pairing (nv50_formats.c,
 * facts): R9G9B9E5 E5B9G9R9_SHAREDEXP FLOAT, RGTC1/RGTC2 and LATC1/LATC2
 * DXN1/DXN2 UNORM or SNORM. */
static const struct {
   enum pipe_format format;
   uint32_t sizes;
   uint8_t type, channels;
} nv50_tic_special[] = {
   /* EXT_packed_float's three small floats, R lowest */
   { PIPE_FORMAT_R11G11B10_FLOAT, G80_TIC_0_COMPONENTS_SIZES_BF10GF11RF11,
     G80_TIC_TYPE_FLOAT, 3 },
   /* EXT_texture_shared_exponent */
   { PIPE_FORMAT_R9G9B9E5_FLOAT, G80_TIC_0_COMPONENTS_SIZES_E5B9G9R9_SHAREDEXP,
     G80_TIC_TYPE_FLOAT, 3 },
   /* ARB_texture_compression_rgtc's 4x4 blocks */
   { PIPE_FORMAT_RGTC1_UNORM, G80_TIC_0_COMPONENTS_SIZES_DXN1,
     G80_TIC_TYPE_UNORM, 1 },
   { PIPE_FORMAT_RGTC1_SNORM, G80_TIC_0_COMPONENTS_SIZES_DXN1,
     G80_TIC_TYPE_SNORM, 1 },
   { PIPE_FORMAT_RGTC2_UNORM, G80_TIC_0_COMPONENTS_SIZES_DXN2,
     G80_TIC_TYPE_UNORM, 2 },
   { PIPE_FORMAT_RGTC2_SNORM, G80_TIC_0_COMPONENTS_SIZES_DXN2,
     G80_TIC_TYPE_SNORM, 2 },
   /* ATI_texture_compression_3dc: the same blocks, luminance and
    * alpha.  Not LATC1 yet: with it st/mesa stores GL_COMPRESSED_LUMINANCE
    * as LATC1, whose generated mipmaps come out black (piglit
    * arb_texture_compression fbo-generatemipmap-formats: the CPU's
    * scaled blits, nv50_blit.c, do not write LATC) */
   { PIPE_FORMAT_LATC2_UNORM, G80_TIC_0_COMPONENTS_SIZES_DXN2,
     G80_TIC_TYPE_UNORM, 2 },
   { PIPE_FORMAT_LATC2_SNORM, G80_TIC_0_COMPONENTS_SIZES_DXN2,
     G80_TIC_TYPE_SNORM, 2 },
};

/* The stencil of a depth/stencil texture (ARB_stencil_texturing, and
 * ARB_texture_stencil8's textures, which st/mesa keeps in
 * Z24_UNORM_S8_UINT): views in a format naming the stencil byte alone
 * as an integer, read as a colour format of the same bits whose
 * component there is UINT (hwdb g80_texture.xml; upstream's
 * nv50_formats.c pairs X24S8_UINT with G8R24 reading G, S8X24_UINT with
 * G24R8 reading R, X32_S8X24_UINT with R32_B24G8 reading G: facts).
 * Every component UINT (the other ones are never routed), GL's (s, 0,
 * 0, 1) by the sources. */
static const struct {
   enum pipe_format format;
   uint32_t sizes;
   uint8_t stencil;             /* 0: the TIC's R, 1: its G */
} nv50_tic_stencil[] = {
   { PIPE_FORMAT_X24S8_UINT, G80_TIC_0_COMPONENTS_SIZES_G8R24, 1 },
   { PIPE_FORMAT_S8X24_UINT, G80_TIC_0_COMPONENTS_SIZES_G24R8, 0 },
   { PIPE_FORMAT_X32_S8X24_UINT, G80_TIC_0_COMPONENTS_SIZES_R32_B24G8, 1 },
};

static const uint32_t nv50_tic_source_of_channel[4] = {
   G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B, G80_TIC_SOURCE_A,
};

static uint32_t
nv50_tic_channel_type(const struct util_format_channel_description *c)
{
   switch (c->type) {
   case UTIL_FORMAT_TYPE_UNSIGNED:
      return c->pure_integer ? G80_TIC_TYPE_UINT :
             c->normalized ? G80_TIC_TYPE_UNORM : 0;
   case UTIL_FORMAT_TYPE_SIGNED:
      return c->pure_integer ? G80_TIC_TYPE_SINT :
             c->normalized ? G80_TIC_TYPE_SNORM : 0;
   case UTIL_FORMAT_TYPE_FLOAT:
      return G80_TIC_TYPE_FLOAT;
   default:
      return 0;
   }
}

/* Word 0 without sources, and the source of each of the format's R, G,
 * B, A (before the view's swizzle); false when the TIC has no such
 * format. */
static bool
nv50_tic_format(enum pipe_format format, uint32_t *w0, uint32_t src[4])
{
   const struct util_format_description *d = util_format_description(format);
   uint32_t type[4] = { 0 };
   uint32_t one = G80_TIC_SOURCE_ONE_FLOAT;

   if (!d)
      return false;
   for (unsigned i = 0; i < ARRAY_SIZE(nv50_tic_zs); i++) {
      if (nv50_tic_zs[i].format != format)
         continue;
      for (unsigned c = 0; c < 4; c++)
         type[c] = c == nv50_tic_zs[i].depth ? nv50_tic_zs[i].depth_type
                                             : nv50_tic_zs[i].other_type;
      /* depth in x; st/mesa's view swizzle makes GL's depth modes */
      src[0] = nv50_tic_source_of_channel[nv50_tic_zs[i].depth];
      src[1] = src[2] = G80_TIC_SOURCE_ZERO;
      src[3] = G80_TIC_SOURCE_ONE_FLOAT;
      *w0 = nv50_tic_zs[i].sizes;
      goto types;
   }

   for (unsigned i = 0; i < ARRAY_SIZE(nv50_tic_stencil); i++) {
      if (nv50_tic_stencil[i].format != format)
         continue;
      for (unsigned c = 0; c < 4; c++)
         type[c] = G80_TIC_TYPE_UINT;
      src[0] = nv50_tic_source_of_channel[nv50_tic_stencil[i].stencil];
      src[1] = src[2] = G80_TIC_SOURCE_ZERO;
      src[3] = G80_TIC_SOURCE_ONE_INT;
      *w0 = nv50_tic_stencil[i].sizes;
      goto types;
   }

   for (unsigned i = 0; i < ARRAY_SIZE(nv50_tic_special); i++) {
      if (nv50_tic_special[i].format != format)
         continue;
      *w0 = nv50_tic_special[i].sizes;
      for (unsigned c = 0; c < 4; c++) {
         const unsigned s = d->swizzle[c];
         type[c] = nv50_tic_special[i].type;
         src[c] = s < nv50_tic_special[i].channels ?
                  nv50_tic_source_of_channel[s] :
                  s == PIPE_SWIZZLE_1 ? G80_TIC_SOURCE_ONE_FLOAT :
                                        G80_TIC_SOURCE_ZERO;
      }
      goto types;
   }

   if (d->layout != UTIL_FORMAT_LAYOUT_PLAIN || d->block.width != 1 ||
       d->block.height != 1 || d->nr_channels > 4 ||
       util_format_is_depth_or_stencil(format))
      return false;
   /* the channels from bit 0 up, their sizes, their types (padding
    * takes the type of the first real channel) */
   uint8_t bits[4] = { 0 };
   uint32_t first_type = 0;
   for (unsigned c = 0; c < d->nr_channels; c++) {
      const struct util_format_channel_description *ch = &d->channel[c];
      if (c && ch->shift <= d->channel[c - 1].shift)
         return false;
      bits[c] = ch->size;
      if (ch->type != UTIL_FORMAT_TYPE_VOID) {
         type[c] = nv50_tic_channel_type(ch);
         if (!type[c])
            return false;
         if (!first_type)
            first_type = type[c];
         if (ch->pure_integer)
            one = G80_TIC_SOURCE_ONE_INT;
      }
   }
   for (unsigned c = 0; c < 4; c++)
      if (!type[c])
         type[c] = first_type ? first_type : G80_TIC_TYPE_UNORM;
   unsigned i;
   for (i = 0; i < ARRAY_SIZE(nv50_tic_sizes); i++)
      if (!memcmp(nv50_tic_sizes[i].bits, bits, sizeof(bits)))
         break;
   if (i == ARRAY_SIZE(nv50_tic_sizes))
      return false;
   *w0 = nv50_tic_sizes[i].sizes;
   for (unsigned c = 0; c < 4; c++) {
      unsigned s = d->swizzle[c];
      src[c] = s <= PIPE_SWIZZLE_W ? nv50_tic_source_of_channel[s] :
               s == PIPE_SWIZZLE_1 ? one : G80_TIC_SOURCE_ZERO;
   }

types:
   *w0 |= G80_TIC_0_R_DATA_TYPE(type[0]) | G80_TIC_0_G_DATA_TYPE(type[1]) |
          G80_TIC_0_B_DATA_TYPE(type[2]) | G80_TIC_0_A_DATA_TYPE(type[3]);
   return true;
}

bool
nv50_tex_format_supported(enum pipe_format format)
{
   uint32_t w0, src[4];

   return nv50_tic_format(format, &w0, src);
}

bool
nv50_tex_format_stencil(enum pipe_format format)
{
   for (unsigned i = 0; i < ARRAY_SIZE(nv50_tic_stencil); i++)
      if (nv50_tic_stencil[i].format == format)
         return true;
   return false;
}

bool
nv50_tex_format_packed(enum pipe_format format)
{
   for (unsigned i = 0; i < ARRAY_SIZE(nv50_tic_special); i++)
      if (nv50_tic_special[i].format == format)
         return true;
   return false;
}

/* ---- sampler views (TIC) ---- */

static uint32_t
nv50_tic_swizzle(unsigned s, const uint32_t src[4], bool pure_int)
{
   if (s <= PIPE_SWIZZLE_W)
      return src[s];
   if (s == PIPE_SWIZZLE_1)
      return pure_int ? G80_TIC_SOURCE_ONE_INT : G80_TIC_SOURCE_ONE_FLOAT;
   return G80_TIC_SOURCE_ZERO;
}

/* The TIC words of a view; a reason when the hardware cannot show it. */
static const char *
nv50_tic_build(struct nv50_context *nv50, struct nv50_tic *v)
{
   const struct pipe_sampler_view *t = &v->base;
   struct nv50_resource *res = nv50_resource(t->texture);
   const struct pipe_resource *r = &res->base;
   /* word 7's view levels: G84 and later (g80_texture.xml variants) */
   const bool view_levels = nv50->chip->class_3d != G80_3D_CLASS;
   uint32_t *w = v->w;
   uint32_t src[4], type, width, height = 1, depth = 1;
   unsigned base = 0, levels = 0, layers = 1;
   uint64_t addr;
   bool layered = false, normalized = true, pitch = res->linear;

   memset(w, 0, sizeof(v->w));
   v->max_lod = -1;
   v->lod_base = 0;
   if (!nv50_tic_format(t->format, &w[0], src))
      return "a format the texture unit does not read";
   {
      const bool pure_int = util_format_is_pure_integer(t->format);
      w[0] |= G80_TIC_0_X_SOURCE(nv50_tic_swizzle(t->swizzle_r, src, pure_int)) |
              G80_TIC_0_Y_SOURCE(nv50_tic_swizzle(t->swizzle_g, src, pure_int)) |
              G80_TIC_0_Z_SOURCE(nv50_tic_swizzle(t->swizzle_b, src, pure_int)) |
              G80_TIC_0_W_SOURCE(nv50_tic_swizzle(t->swizzle_a, src, pure_int));
   }

   if (t->target == PIPE_BUFFER) {
      /* a pitch texture of one row, WIDTH elements */
      addr = res->bo->offset + t->u.buf.offset;
      w[1] = addr;
      w[2] = G80_TIC_2_OFFSET_UPPER(addr >> 32) |
             G80_TIC_2_TEXTURE_TYPE_ONE_D_BUFFER | G80_TIC_2_LAYOUT_PITCH;
      w[4] = G80_TIC_4_WIDTH(t->u.buf.size /
                             util_format_get_blocksize(t->format));
      w[5] = G80_TIC_5_HEIGHT(1) | G80_TIC_5_DEPTH(1);
      return NULL;
   }

   switch (t->target) {
   case PIPE_TEXTURE_1D:
      type = G80_TIC_2_TEXTURE_TYPE_ONE_D;
      break;
   case PIPE_TEXTURE_1D_ARRAY:
      type = G80_TIC_2_TEXTURE_TYPE_ONE_D_ARRAY;
      layered = true;
      break;
   case PIPE_TEXTURE_2D:
      /* pitch textures have one level and no layers (g80-surface.rst) */
      type = pitch ? G80_TIC_2_TEXTURE_TYPE_TWO_D_NO_MIPMAP
                   : G80_TIC_2_TEXTURE_TYPE_TWO_D;
      break;
   case PIPE_TEXTURE_RECT:
      type = G80_TIC_2_TEXTURE_TYPE_TWO_D_NO_MIPMAP;
      normalized = false;
      break;
   case PIPE_TEXTURE_2D_ARRAY:
      type = G80_TIC_2_TEXTURE_TYPE_TWO_D_ARRAY;
      layered = true;
      break;
   case PIPE_TEXTURE_3D:
      type = G80_TIC_2_TEXTURE_TYPE_THREE_D;
      break;
   case PIPE_TEXTURE_CUBE:
      type = G80_TIC_2_TEXTURE_TYPE_CUBEMAP;
      layered = true;
      break;
   default:
      return "cube map arrays";
   }
   if (pitch && (layered || r->last_level > 0 ||
                 t->target == PIPE_TEXTURE_3D))
      return "a pitch texture with levels or layers";
   if (layered) {
      layers = t->u.tex.last_layer - t->u.tex.first_layer + 1;
      if (t->target == PIPE_TEXTURE_CUBE)
         layers = 1;   /* DEPTH counts cubes (upstream's nv50_tex.c) */
   }

   /* which level the address points at, how many follow it */
   if (normalized && !pitch) {
      if (view_levels) {
         levels = r->last_level;
         w[7] = G84_TIC_7_RES_VIEW_MIN_MIP_LEVEL(t->u.tex.first_level) |
                G84_TIC_7_RES_VIEW_MAX_MIP_LEVEL(t->u.tex.last_level);
      } else if (!layered) {
         base = t->u.tex.first_level;
         levels = t->u.tex.last_level - base;
      } else {
         levels = r->last_level;
         v->max_lod = t->u.tex.last_level;
         v->lod_base = t->u.tex.first_level;
      }
      if (!view_levels && layered && t->u.tex.first_level > 0 &&
          !nv50->tex.warned) {
         /* where GL would magnify level_base, the clamped lambda
          * minifies it: the level is right, the filter the MIN one */
         nv50->tex.warned = true;
         util_debug_message(&nv50->debug, INFO,
                            "nouveau nv50: G80 samples an array or cube "
                            "above level 0 through the sampler's LOD "
                            "clamps (its magnification uses the MIN "
                            "filter)");
      }
   }
   /* a multisampled texture is its stored surface (texelFetch's
    * coordinates are moved there: nv50_msaa.c) */
   width = u_minify(r->width0, base) << res->ms_x;
   if (t->target != PIPE_TEXTURE_1D && t->target != PIPE_TEXTURE_1D_ARRAY)
      height = u_minify(r->height0, base) << res->ms_y;
   depth = t->target == PIPE_TEXTURE_3D ? u_minify(r->depth0, base) : layers;

   /* the view's first layer, also for a view of one layer of an array
    * or cube resource (ARB_texture_view: a 2D view of a layer, a cube of
    * six layers from any layer): cubes and arrays are laid out alike,
    * one layer after the other at the resource's layer stride
    * (nv50_resource.c), which the TIC works out from the resource's own
    * width, height and levels; a 3D texture's slices are not layers */
   addr = nv50_resource_address(res, base, t->target == PIPE_TEXTURE_3D ?
                                           0 : t->u.tex.first_layer);
   w[1] = addr;
   w[2] = G80_TIC_2_OFFSET_UPPER(addr >> 32) | type |
          (pitch ? G80_TIC_2_LAYOUT_PITCH : G80_TIC_2_LAYOUT_BLOCKLINEAR) |
          G80_TIC_2_GOBS_PER_BLOCK_WIDTH(0) |
          G80_TIC_2_GOBS_PER_BLOCK_HEIGHT(pitch ? 0 : res->level[base].block_h) |
          G80_TIC_2_GOBS_PER_BLOCK_DEPTH(pitch ? 0 : res->level[base].block_d) |
          /* GL's border colour is the sampler's */
          G80_TIC_2_BORDER_SOURCE_COLOR |
          G80_TIC_2_NORMALIZED_COORDS(normalized);
   if (util_format_is_srgb(t->format))
      w[2] |= G80_TIC_2_SRGB_CONVERSION;
   /* GL asks for the precise LOD */
   w[3] = G80_TIC_3_LOD_ISO_QUALITY_HIGH | G80_TIC_3_LOD_ANISO_QUALITY_HIGH;
   if (pitch)
      w[3] |= G80_TIC_3_PITCH(res->level[0].pitch);
   w[4] = G80_TIC_4_WIDTH(width);
   w[5] = G80_TIC_5_HEIGHT(height) | G80_TIC_5_DEPTH(depth) |
          G80_TIC_5_MAP_MIP_LEVEL(levels);
   if (view_levels && height > (G80_TIC_5_HEIGHT__MASK >> G80_TIC_5_HEIGHT__SHIFT))
      w[7] |= G84_TIC_7_HEIGHT_MSB;
   return NULL;
}

struct pipe_sampler_view *
nv50_create_sampler_view(struct pipe_context *p, struct pipe_resource *res,
                         const struct pipe_sampler_view *templ)
{
   struct nv50_context *nv50 = nv50_context(p);
   struct nv50_tic *v = CALLOC_STRUCT(nv50_tic);
   const char *why;

   if (!v)
      return NULL;
   v->base = *templ;
   pipe_reference_init(&v->base.reference, 1);
   v->base.texture = NULL;
   pipe_resource_reference(&v->base.texture, res);
   v->base.context = p;
   why = nv50_tic_build(nv50, v);
   if (why) {
      util_debug_message(&nv50->debug, ERROR,
                         "nouveau nv50: sampler view refused: %s", why);
      NOUVEAU_ERR("sampler view of %s refused: %s\n",
                  util_format_name(templ->format), why);
      pipe_resource_reference(&v->base.texture, NULL);
      FREE(v);
      return NULL;
   }
   return &v->base;
}

void
nv50_sampler_view_destroy(struct pipe_context *p,
                          struct pipe_sampler_view *view)
{
   pipe_resource_reference(&view->texture, NULL);
   FREE(view);
}

static int
nv50_tex_stage(enum pipe_shader_type shader)
{
   switch (shader) {
   case PIPE_SHADER_VERTEX:
      return NV50_TEX_STAGE_VP;
   case PIPE_SHADER_GEOMETRY:
      return NV50_TEX_STAGE_GP;
   case PIPE_SHADER_FRAGMENT:
      return NV50_TEX_STAGE_FP;
   default:
      return -1;
   }
}

void
nv50_set_sampler_views(struct pipe_context *p, enum pipe_shader_type shader,
                       unsigned start, unsigned num,
                       unsigned unbind_trailing, bool take_ownership,
                       struct pipe_sampler_view **views)
{
   struct nv50_context *nv50 = nv50_context(p);
   int s = nv50_tex_stage(shader);

   for (unsigned i = 0; i < num + unbind_trailing; i++) {
      struct pipe_sampler_view *v = views && i < num ? views[i] : NULL;
      unsigned slot = start + i;

      if (s < 0 || slot >= NV50_MAX_SAMPLERS) {
         if (take_ownership && v)
            pipe_sampler_view_reference(&v, NULL);
         continue;
      }
      if (take_ownership) {
         pipe_sampler_view_reference(&nv50->tex.views[s][slot], NULL);
         nv50->tex.views[s][slot] = v;
      } else {
         pipe_sampler_view_reference(&nv50->tex.views[s][slot], v);
      }
   }
   nv50->tex.dirty = true;
}

/* ---- samplers (TSC) ---- */

static uint32_t
nv50_tsc_wrap(unsigned wrap)
{
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT: return G80_TSC_WRAP_WRAP;
   case PIPE_TEX_WRAP_MIRROR_REPEAT: return G80_TSC_WRAP_MIRROR;
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE: return G80_TSC_WRAP_CLAMP_TO_EDGE;
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER: return G80_TSC_WRAP_BORDER;
   case PIPE_TEX_WRAP_CLAMP: return G80_TSC_WRAP_CLAMP_OGL;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
      return G80_TSC_WRAP_MIRROR_ONCE_CLAMP_TO_EDGE;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      return G80_TSC_WRAP_MIRROR_ONCE_BORDER;
   case PIPE_TEX_WRAP_MIRROR_CLAMP:
   default:
      return G80_TSC_WRAP_MIRROR_ONCE_CLAMP_OGL;
   }
}

/* PIPE_FUNC_* (NEVER..ALWAYS) -> DEPTH_COMPARE_FUNC */
static const uint32_t nv50_tsc_compare[] = {
   G80_TSC_0_DEPTH_COMPARE_FUNC_NEVER, G80_TSC_0_DEPTH_COMPARE_FUNC_LESS,
   G80_TSC_0_DEPTH_COMPARE_FUNC_EQUAL, G80_TSC_0_DEPTH_COMPARE_FUNC_LEQUAL,
   G80_TSC_0_DEPTH_COMPARE_FUNC_GREATER, G80_TSC_0_DEPTH_COMPARE_FUNC_NOTEQUAL,
   G80_TSC_0_DEPTH_COMPARE_FUNC_GEQUAL, G80_TSC_0_DEPTH_COMPARE_FUNC_ALWAYS,
};

/* the anisotropy limits MAX_ANISOTROPY names, by field value, ascending
 * (hwdb g80_max_anisotropy's number=) */
static const uint8_t nv50_tsc_aniso[] = G80_TSC_0_MAX_ANISOTROPY__NUMBERS;

unsigned
nv50_tsc_max_anisotropy(void)
{
   return nv50_tsc_aniso[ARRAY_SIZE(nv50_tsc_aniso) - 1];
}

/* The largest LOD bias the TSC's MIP_LOD_BIAS holds: the field is signed
 * fixed point with 8 fraction bits (hwdb g80_texture.xml TSC word 1), so
 * its largest positive value over NV50_TSC_LOD_ONE (15.996 for 13 bits).
 * It is GL's MAX_TEXTURE_LOD_BIAS, the bound of the summed bias (GL 1.4's
 * texture LOD bias, at least 2 by the implementation-dependent state
 * table; piglit's minmax checks it). */
float
nv50_tsc_max_lod_bias(void)
{
   const uint32_t field = G80_TSC_1_MIP_LOD_BIAS__MASK >>
                          G80_TSC_1_MIP_LOD_BIAS__SHIFT;

   return (float)(field >> 1) / NV50_TSC_LOD_ONE;
}

/* A float as a fixed-point LOD field (NV50_TSC_LOD_ONE steps), clamped
 * to what the field holds (signed or not). */
static uint32_t
nv50_tsc_lod(float v, uint32_t mask, unsigned shift, bool is_signed)
{
   const int bits = util_bitcount(mask);
   const int max = is_signed ? (1 << (bits - 1)) - 1 : (1 << bits) - 1;
   const int min = is_signed ? -(1 << (bits - 1)) : 0;
   int f = CLAMP((int)lroundf(CLAMP(v, -1e6f, 1e6f) * NV50_TSC_LOD_ONE), min,
                 max);

   return ((uint32_t)f << shift) & mask;
}

void *
nv50_create_sampler(struct pipe_context *p, const struct pipe_sampler_state *s)
{
   struct nv50_tsc *tsc = CALLOC_STRUCT(nv50_tsc);
   unsigned aniso = 0;

   if (!tsc)
      return NULL;
   while (aniso + 1 < ARRAY_SIZE(nv50_tsc_aniso) &&
          nv50_tsc_aniso[aniso] < s->max_anisotropy)
      aniso++;
   tsc->w[0] = G80_TSC_0_ADDRESS_U(nv50_tsc_wrap(s->wrap_s)) |
               G80_TSC_0_ADDRESS_V(nv50_tsc_wrap(s->wrap_t)) |
               G80_TSC_0_ADDRESS_P(nv50_tsc_wrap(s->wrap_r)) |
               G80_TSC_0_MAX_ANISOTROPY(aniso);
   if (s->compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE)
      tsc->w[0] |= G80_TSC_0_DEPTH_COMPARE |
                   nv50_tsc_compare[s->compare_func & 7];
   tsc->w[1] = (s->mag_img_filter == PIPE_TEX_FILTER_LINEAR ?
                   G80_TSC_1_MAG_FILTER_LINEAR : G80_TSC_1_MAG_FILTER_NEAREST) |
               (s->min_img_filter == PIPE_TEX_FILTER_LINEAR ?
                   G80_TSC_1_MIN_FILTER_LINEAR : G80_TSC_1_MIN_FILTER_NEAREST) |
               (s->min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR ?
                   G80_TSC_1_MIP_FILTER_LINEAR :
                s->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST ?
                   G80_TSC_1_MIP_FILTER_NEAREST : G80_TSC_1_MIP_FILTER_NONE) |
               nv50_tsc_lod(s->lod_bias, G80_TSC_1_MIP_LOD_BIAS__MASK,
                            G80_TSC_1_MIP_LOD_BIAS__SHIFT, true);
   tsc->w[2] = nv50_tsc_lod(s->min_lod, G80_TSC_2_MIN_LOD_CLAMP__MASK,
                            G80_TSC_2_MIN_LOD_CLAMP__SHIFT, false) |
               nv50_tsc_lod(MAX2(s->min_lod, s->max_lod),
                            G80_TSC_2_MAX_LOD_CLAMP__MASK,
                            G80_TSC_2_MAX_LOD_CLAMP__SHIFT, false);
   /* BORDER_COLOR R, G, B, A as floats (words 4..7) */
   for (unsigned i = 0; i < 4; i++)
      tsc->w[4 + i] = fui(s->border_color.f[i]);
   tsc->seamless = s->seamless_cube_map;
   tsc->unit.min_linear = s->min_img_filter == PIPE_TEX_FILTER_LINEAR;
   tsc->unit.mag_linear = s->mag_img_filter == PIPE_TEX_FILTER_LINEAR;
   tsc->unit.mip = s->min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR ? 2 :
                   s->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST ? 1 : 0;
   tsc->unit.compare_func = s->compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE ?
                            s->compare_func : PIPE_FUNC_ALWAYS;
   tsc->unit.lod_bias = s->lod_bias;
   tsc->unit.min_lod = s->min_lod;
   tsc->unit.max_lod = MAX2(s->min_lod, s->max_lod);
   tsc->unit.level_top = -1;
   return tsc;
}

void
nv50_delete_sampler(struct pipe_context *p, void *cso)
{
   struct nv50_context *nv50 = nv50_context(p);

   for (unsigned s = 0; s < NV50_TEX_STAGES; s++)
      for (unsigned i = 0; i < NV50_MAX_SAMPLERS; i++)
         if (nv50->tex.samplers[s][i] == cso)
            nv50->tex.samplers[s][i] = NULL;
   FREE(cso);
}

void
nv50_bind_samplers(struct pipe_context *p, enum pipe_shader_type shader,
                   unsigned start, unsigned num, void **samplers)
{
   struct nv50_context *nv50 = nv50_context(p);
   int s = nv50_tex_stage(shader);

   if (s < 0)
      return;
   for (unsigned i = 0; i < num && start + i < NV50_MAX_SAMPLERS; i++) {
      nv50->tex.samplers[s][start + i] = samplers ? samplers[i] : NULL;
      if (samplers && samplers[i])
         nv50->tex.seamless = ((const struct nv50_tsc *)samplers[i])->seamless;
   }
   nv50->tex.dirty = true;
}

/* A sampler's LOD range within what its view allows where the TIC
 * cannot say it (nv50_tic.max_lod). */
static void
nv50_tsc_clamp_lod(uint32_t *w, const struct nv50_tic *v)
{
   const uint32_t max = v->max_lod * NV50_TSC_LOD_ONE;
   uint32_t lo = (w[2] & G80_TSC_2_MIN_LOD_CLAMP__MASK) >>
                 G80_TSC_2_MIN_LOD_CLAMP__SHIFT;
   uint32_t hi = (w[2] & G80_TSC_2_MAX_LOD_CLAMP__MASK) >>
                 G80_TSC_2_MAX_LOD_CLAMP__SHIFT;

   const uint32_t base = v->lod_base * NV50_TSC_LOD_ONE;

   if (v->max_lod < 0)
      return;
   w[2] &= ~(G80_TSC_2_MIN_LOD_CLAMP__MASK | G80_TSC_2_MAX_LOD_CLAMP__MASK);
   w[2] |= G80_TSC_2_MIN_LOD_CLAMP(MIN2(lo + base, max)) |
           G80_TSC_2_MAX_LOD_CLAMP(MIN2(hi + base, max));
   /* without mipmapping GL samples level_base, the TIC's level 0 here:
    * a NEAREST mip filter held at base by both clamps instead */
   if (base && (w[1] & G80_TSC_1_MIP_FILTER__MASK) == G80_TSC_1_MIP_FILTER_NONE) {
      w[1] = (w[1] & ~G80_TSC_1_MIP_FILTER__MASK) | G80_TSC_1_MIP_FILTER_NEAREST;
      w[2] &= ~(G80_TSC_2_MIN_LOD_CLAMP__MASK | G80_TSC_2_MAX_LOD_CLAMP__MASK);
      w[2] |= G80_TSC_2_MIN_LOD_CLAMP(base) | G80_TSC_2_MAX_LOD_CLAMP(base);
   }
}

/* ---- the tables ---- */

bool
nv50_tex_init(struct nv50_context *nv50)
{
   struct nouveau_device *dev = nv50->screen->base.device;
   uint64_t tic, tsc;

   if (!nv50->tex.bo &&
       nouveau_bo_new(dev, NOUVEAU_BO_VRAM, 0x100, 2 * NV50_TEX_TABLE_BYTES,
                      NULL, &nv50->tex.bo))
      return false;
   if (!nv50->tex.fetch_tsc) {
      const struct pipe_sampler_state nearest = {
         .wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
         .wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
         .wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
         .min_img_filter = PIPE_TEX_FILTER_NEAREST,
         .mag_img_filter = PIPE_TEX_FILTER_NEAREST,
         .min_mip_filter = PIPE_TEX_MIPFILTER_NONE,
      };
      nv50->tex.fetch_tsc = nv50_create_sampler(&nv50->base, &nearest);
      if (!nv50->tex.fetch_tsc)
         return false;
   }
   tic = nv50->tex.bo->offset;
   tsc = tic + NV50_TEX_TABLE_BYTES;
   if (!nv50_push_begin(nv50, 16))
      return false;
   nv50_push_ref(nv50, nv50->tex.bo, NOUVEAU_BO_VRAM | NOUVEAU_BO_RDWR);
   NV50_3D_MTHD(nv50, G80_3D_TIC_ADDRESS_HIGH, 3);
   nouveau_push_data(&nv50->push, tic >> 32);
   nouveau_push_data(&nv50->push, tic);
   nouveau_push_data(&nv50->push, NV50_TEX_ENTRIES - 1);
   NV50_3D_MTHD(nv50, G80_3D_TSC_ADDRESS_HIGH, 3);
   nouveau_push_data(&nv50->push, tsc >> 32);
   nouveau_push_data(&nv50->push, tsc);
   nouveau_push_data(&nv50->push, NV50_TEX_ENTRIES - 1);
   /* the instruction's sampler slot, not the texture's */
   NV50_3D_1(nv50, G80_3D_LINKED_TSC, 0);
   nv50->tex.dirty = true;
   return true;
}

void
nv50_tex_destroy(struct nv50_context *nv50)
{
   for (unsigned s = 0; s < NV50_TEX_STAGES; s++)
      for (unsigned i = 0; i < NV50_MAX_SAMPLERS; i++)
         pipe_sampler_view_reference(&nv50->tex.views[s][i], NULL);
   FREE(nv50->tex.fetch_tsc);
   nv50->tex.fetch_tsc = NULL;
   nouveau_bo_ref(NULL, &nv50->tex.bo);
}

/* The 2D engine's destination: the two tables as two rows of R8 pixels
 * (row 0 the TICs, row 1 the TSCs), pitch memory. */
static void
nv50_tex_sifc_setup(struct nv50_context *nv50)
{
   struct nouveau_push *p = &nv50->push;
   uint64_t addr = nv50->tex.bo->offset;

   nouveau_push_1(p, NOUVEAU_SUBC_2D, G80_2D_OPERATION,
                  G80_2D_OPERATION_SRCCOPY);
   nouveau_push_1(p, NOUVEAU_SUBC_2D, G80_2D_CLIP_ENABLE, 0);
   nouveau_push_1(p, NOUVEAU_SUBC_2D, G80_2D_COND_MODE,
                  G80_2D_COND_MODE_ALWAYS);
   nouveau_push_mthd(p, NOUVEAU_SUBC_2D, G80_2D_DST_FORMAT, 2);
   nouveau_push_data(p, G80_SURFACE_FORMAT_R8_UNORM);
   nouveau_push_data(p, 1);                          /* DST_LINEAR */
   nouveau_push_mthd(p, NOUVEAU_SUBC_2D, G80_2D_DST_PITCH, 5);
   nouveau_push_data(p, NV50_TEX_TABLE_BYTES);       /* PITCH */
   nouveau_push_data(p, NV50_TEX_TABLE_BYTES);       /* WIDTH */
   nouveau_push_data(p, 2);                          /* HEIGHT */
   nouveau_push_data(p, addr >> 32);
   nouveau_push_data(p, addr);
   nouveau_push_1(p, NOUVEAU_SUBC_2D, G80_2D_SIFC_BITMAP_ENABLE, 0);
   nouveau_push_1(p, NOUVEAU_SUBC_2D, G80_2D_SIFC_FORMAT,
                  G80_SURFACE_FORMAT_R8_UNORM);
}

/* Writes `count` entries of a table (row 0 TIC, row 1 TSC) from index
 * `first` in one SIFC image. */
static void
nv50_tex_sifc_entries(struct nv50_context *nv50, unsigned row, unsigned first,
                      const uint32_t *words, unsigned count)
{
   struct nouveau_push *p = &nv50->push;

   nouveau_push_mthd(p, NOUVEAU_SUBC_2D, G80_2D_SIFC_WIDTH, 10);
   nouveau_push_data(p, count * NV50_TEX_ENTRY_BYTES);
   nouveau_push_data(p, 1);                          /* HEIGHT */
   nouveau_push_data(p, 0);                          /* DX_DU 1.0 */
   nouveau_push_data(p, 1);
   nouveau_push_data(p, 0);                          /* DY_DV 1.0 */
   nouveau_push_data(p, 1);
   nouveau_push_data(p, 0);                          /* DST_X */
   nouveau_push_data(p, first * NV50_TEX_ENTRY_BYTES);
   nouveau_push_data(p, 0);                          /* DST_Y */
   nouveau_push_data(p, row);
   nouveau_push_mthd_ni(p, NOUVEAU_SUBC_2D, G80_2D_SIFC_DATA,
                        count * NV50_TEX_ENTRY_WORDS);
   nouveau_push_datap(p, words, count * NV50_TEX_ENTRY_WORDS);
}

bool
nv50_chip_has_seamless_cube_map(const struct nvhwdb_chip *chip)
{
   return chip->class_3d >= G200_3D_CLASS;
}

uint32_t
nv50_tex_seamless_key(const struct nv50_context *nv50, unsigned stage,
                      uint32_t cube_units, struct nvc_g80_seamless_key *key)
{
   memset(key, 0, sizeof(*key));
   if (nv50_chip_has_seamless_cube_map(nv50->chip))
      return 0;
   u_foreach_bit(i, cube_units) {
      const struct nv50_tsc *tsc =
         i < NV50_MAX_SAMPLERS ? nv50->tex.samplers[stage][i] : NULL;
      /* NEAREST reads one texel of one face: the unit's lookup is GL's */
      if (!tsc || !tsc->seamless ||
          !(tsc->unit.min_linear || tsc->unit.mag_linear))
         continue;
      key->mask |= 1u << i;
      key->unit[i] = tsc->unit;
      key->unit[i].level_top = -1;
      /* G80 (no view levels): a layered view's TIC holds every level
       * from the resource's first (nv50_tic.max_lod, lod_base) */
      struct pipe_sampler_view *view = nv50->tex.views[stage][i];
      if (view && nv50_tic(view)->max_lod >= 0) {
         key->unit[i].level_base = nv50_tic(view)->lod_base;
         key->unit[i].level_top = nv50_tic(view)->max_lod;
      }
   }
   return key->mask;
}

/* What slot i of stage s binds: the state's sampler, or for a view with
 * none the fetch sampler (nv50_tex.h) */
static const struct nv50_tsc *
nv50_tex_sampler(const struct nv50_tex_state *tex, unsigned s, unsigned i)
{
   if (tex->samplers[s][i])
      return tex->samplers[s][i];
   return tex->views[s][i] ? tex->fetch_tsc : NULL;
}

bool
nv50_tex_validate(struct nv50_context *nv50)
{
   struct nv50_tex_state *tex = &nv50->tex;
   uint32_t tic[NV50_TEX_STAGES * NV50_MAX_SAMPLERS][NV50_TEX_ENTRY_WORDS];
   uint32_t tsc[NV50_TEX_STAGES * NV50_MAX_SAMPLERS][NV50_TEX_ENTRY_WORDS];
   unsigned ntic = 0, ntsc = 0;

   if (tex->dirty) {
      for (unsigned s = 0; s < NV50_TEX_STAGES; s++) {
         for (unsigned i = 0; i < NV50_MAX_SAMPLERS; i++) {
            if (tex->views[s][i])
               memcpy(tic[ntic++], nv50_tic(tex->views[s][i])->w,
                      sizeof(tic[0]));
            const struct nv50_tsc *smp = nv50_tex_sampler(tex, s, i);
            if (smp) {
               memcpy(tsc[ntsc], smp->w, sizeof(tsc[0]));
               if (tex->views[s][i])
                  nv50_tsc_clamp_lod(tsc[ntsc], nv50_tic(tex->views[s][i]));
               ntsc++;
            }
         }
      }
   }
   /* room for everything first: a submission in between would leave
    * the buffers listed below out of the one the draw goes in */
   if (!nv50_push_begin(nv50, 64 + (ntic + ntsc) * NV50_TEX_ENTRY_WORDS +
                              4 * NV50_TEX_STAGES * NV50_MAX_SAMPLERS))
      return false;
   /* every submission lists what its draws read */
   nv50_push_ref(nv50, tex->bo, NOUVEAU_BO_VRAM | NOUVEAU_BO_RDWR);
   for (unsigned s = 0; s < NV50_TEX_STAGES; s++) {
      for (unsigned i = 0; i < NV50_MAX_SAMPLERS; i++) {
         struct pipe_sampler_view *v = tex->views[s][i];
         if (v) {
            struct nv50_resource *res = nv50_resource(v->texture);
            nv50_push_ref(nv50, res->bo, res->domain | NOUVEAU_BO_RD);
         }
      }
   }
   if (!tex->dirty)
      return true;

   /* fresh entries; a wrapped ring waits for the draws that read the
    * old ones */
   if (tex->next_tic + ntic > NV50_TEX_ENTRIES ||
       tex->next_tsc + ntsc > NV50_TEX_ENTRIES) {
      tex->next_tic = tex->next_tsc = 0;
      NV50_3D_1(nv50, G80_GRAPH_SERIALIZE, 0);
   }
   nv50_tex_sifc_setup(nv50);
   if (ntic)
      nv50_tex_sifc_entries(nv50, 0, tex->next_tic, tic[0], ntic);
   if (ntsc)
      nv50_tex_sifc_entries(nv50, 1, tex->next_tsc, tsc[0], ntsc);
   /* all entries: the ones just written are new to the caches */
   NV50_3D_1(nv50, G80_3D_TIC_FLUSH, 0);
   NV50_3D_1(nv50, G80_3D_TSC_FLUSH, 0);
   /* GL's enable is global, so the last bound samplers' says it (the
    * caps offer no per-texture seamless filtering) */
   if (nv50_chip_has_seamless_cube_map(nv50->chip))
      NV50_3D_1(nv50, G200_3D_TEX_MISC,
                tex->seamless ? G200_3D_TEX_MISC_SEAMLESS_CUBE_MAP : 0);

   for (unsigned s = 0; s < NV50_TEX_STAGES; s++) {
      uint32_t bound_tic = 0, bound_tsc = 0;

      for (unsigned i = 0; i < NV50_MAX_SAMPLERS; i++) {
         if (tex->views[s][i]) {
            NV50_3D_1(nv50, G80_3D_BIND_TIC(s),
                      G80_3D_BIND_TIC_VALID | G80_3D_BIND_TIC_TEXTURE(i) |
                      G80_3D_BIND_TIC_TIC(tex->next_tic++));
            bound_tic |= 1u << i;
         } else if (tex->bound_tic[s] & (1u << i)) {
            NV50_3D_1(nv50, G80_3D_BIND_TIC(s), G80_3D_BIND_TIC_TEXTURE(i));
         }
         if (nv50_tex_sampler(tex, s, i)) {
            NV50_3D_1(nv50, G80_3D_BIND_TSC(s),
                      G80_3D_BIND_TSC_VALID | G80_3D_BIND_TSC_SAMPLER(i) |
                      G80_3D_BIND_TSC_TSC(tex->next_tsc++));
            bound_tsc |= 1u << i;
         } else if (tex->bound_tsc[s] & (1u << i)) {
            NV50_3D_1(nv50, G80_3D_BIND_TSC(s), G80_3D_BIND_TSC_SAMPLER(i));
         }
      }
      tex->bound_tic[s] = bound_tic;
      tex->bound_tsc[s] = bound_tsc;
   }
   tex->dirty = false;
   return true;
}
