/*
 * Curie texture units for fragment programs: state decode at draw time,
 * texel fetch (1D, 2D, 3D, cube, rectangle; S3TC), wrap modes,
 * nearest/linear filtering, mipmaps with LOD from the quad derivatives,
 * the TEX_SWIZZLE channel routing, signed and sRGB channels, depth
 * compare.
 *
 * Facts (rnndb graph/nv30-40_3d.xml TEX_*; upstream nv30_texture.c,
 * nv30_format.c, nv30_miptree.c):
 * - unit i: TEX_OFFSET(i) in DMA_TEXTURE0/1 (TEX_FORMAT DMA0/DMA1),
 *   TEX_FORMAT (DIMS, CUBIC, FORMAT, LINEAR = pitch layout else swizzled,
 *   RECT = unnormalized coordinates, MIPMAP_COUNT), TEX_NPOT_SIZE (W, H),
 *   TEX_SIZE1 (PITCH of linear textures), TEX_ENABLE (ENABLE), TEX_WRAP
 *   (S, T, R, RCOMP, GAMMA_DECREASE_FILTER = sRGB channels), TEX_FILTER
 *   (MIN, MAG, SIGNED_*), TEX_SWIZZLE, TEX_BORDER_COLOR (B G R A bytes);
 * - levels follow each other from the base: level l is max(1, w >> l) by
 *   max(1, h >> l) texels, rows of PITCH bytes (linear) or packed
 *   (swizzled, each level in the swizzled layout of its own size); a cube
 *   has 6 such layers, 128-byte aligned when swizzled;
 * - a texel is decoded into four channels X Y Z W, which for the RGB
 *   formats hold B G R A (nv30_format.c: BGRA8888 takes R from source 2,
 *   G 1, B 0, A 3; the TEX_SWIZZLE S1 value v selects channel 3 - v):
 *   L8 has its value in X; A8L8: L in X, A in W; A16: Y; Z16/Z24: W
 *   (sampled with depth compare; without it upstream reads depth
 *   textures as A8L8 / A16L16, whose W holds the top bits);
 *   RGBA16F/32F: R in Z, G in Y, B in X, A in W;
 * - TEX_SWIZZLE gives each output (W = alpha, Z = red, Y = green,
 *   X = blue, as the driver packs a, r, g, b at bits 0, 2, 4, 6) either
 *   ZERO, ONE or the channel S1 selects.
 *
 * The texture cache.  Documented: curie has a TEX_CACHE_CTL method
 * (rnndb nv30-40_3d.xml, name only); upstream Mesa writes it with 2 then
 * 1 before every draw (nv30_state_validate.c) and with 1 alone after
 * pointing unit 0 at new memory (nv30_transfer.c), i.e. texels are cached
 * and the cache does not see memory change under it.  Assumed: 1
 * invalidates every line (hwdb INVALIDATE); 2 has no effect we model;
 * nothing else (draws, clears, the 2D engine, the CPU, submissions)
 * invalidates; the organisation is ours - 1024 direct-mapped lines of 64
 * bytes (64 KiB) tagged by aperture and address, filled whole on a miss,
 * so that the texels of a small texture stay stale until the next
 * INVALIDATE and those of a large one partly.  One cache per 3D object:
 * the hardware's lives in PGRAPH, and whether a channel switch flushes it
 * is not documented, so a channel sees only its own invalidates.
 *
 * Anisotropic filtering (TEX_ENABLE ANISO: at most 2..16 samples; the
 * sample pattern is not documented): the footprint EXT_texture_filter_
 * anisotropic gives as its example, shared with Tesla
 * (sim/texture/nvsim_texture_aniso.c), N rounded up to a rate the field
 * has (which the extension allows).
 *
 * fp32 (RGBA32F): the units filter fp16 but not fp32 texels (NVIDIA's
 * GPU programming guide for the GeForce 6 series; not in rnndb): a
 * RGBA32F texture is point sampled, NEAREST within and between levels,
 * whatever TEX_FILTER says.
 */
#include <math.h>
#include <string.h>

#include "nv40_3d.h"
#include "nv30_3d.h"
#include "nv40_3d_texture.h"
#include "nvsim_priv.h"
#include "nvsim_raster_math.h"
#include "nvsim_texture.h"

/* ---- state ---- */

/* TEX_WRAP S/T/R (rnndb nv30-40_3d.xml) as the shared wrap modes. */
static enum nvsim_tex_wrap
curie_wrap(uint32_t mode)
{
   switch (mode) {
   case NV30_3D_TEX_WRAP_S_REPEAT: return NVSIM_TEX_REPEAT;
   case NV30_3D_TEX_WRAP_S_MIRRORED_REPEAT: return NVSIM_TEX_MIRRORED_REPEAT;
   case NV30_3D_TEX_WRAP_S_CLAMP_TO_BORDER: return NVSIM_TEX_CLAMP_TO_BORDER;
   case NV40_3D_TEX_WRAP_S_MIRROR_CLAMP_TO_BORDER:
      return NVSIM_TEX_MIRROR_CLAMP_TO_BORDER;
   case NV40_3D_TEX_WRAP_S_MIRROR_CLAMP_TO_EDGE:
      return NVSIM_TEX_MIRROR_CLAMP_TO_EDGE;
   case NV30_3D_TEX_WRAP_S_CLAMP: return NVSIM_TEX_CLAMP;
   case NV40_3D_TEX_WRAP_S_MIRROR_CLAMP: return NVSIM_TEX_MIRROR_CLAMP;
   default: return NVSIM_TEX_CLAMP_TO_EDGE;
   }
}

static unsigned
format_bpp(uint32_t f)
{
   switch (f) {
   case NV40_3D_TEX_FORMAT_FORMAT_L8:
      return 1;
   case NV40_3D_TEX_FORMAT_FORMAT_A1R5G5B5:
   case NV40_3D_TEX_FORMAT_FORMAT_A4R4G4B4:
   case NV40_3D_TEX_FORMAT_FORMAT_R5G6B5:
   case NV40_3D_TEX_FORMAT_FORMAT_A8L8:
   case NV40_3D_TEX_FORMAT_FORMAT_Z16:
   case NV40_3D_TEX_FORMAT_FORMAT_A16:
      return 2;
   case NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8:
   case NV40_3D_TEX_FORMAT_FORMAT_Z24:
   case NV40_3D_TEX_FORMAT_FORMAT_A16L16:
      return 4;
   case NV40_3D_TEX_FORMAT_FORMAT_RGBA16F:
      return 8;
   case NV40_3D_TEX_FORMAT_FORMAT_RGBA32F:
      return 16;
   /* S3TC: bytes per 4x4 block */
   case NV40_3D_TEX_FORMAT_FORMAT_DXT1:
      return 8;
   case NV40_3D_TEX_FORMAT_FORMAT_DXT3:
   case NV40_3D_TEX_FORMAT_FORMAT_DXT5:
      return 16;
   default:
      return 0;   /* not modelled */
   }
}

static bool
is_dxt(uint32_t f)
{
   return f == NV40_3D_TEX_FORMAT_FORMAT_DXT1 ||
          f == NV40_3D_TEX_FORMAT_FORMAT_DXT3 ||
          f == NV40_3D_TEX_FORMAT_FORMAT_DXT5;
}

static unsigned
ilog2(unsigned v)
{
   unsigned r = 0;
   while (v > 1) {
      v >>= 1;
      r++;
   }
   return r;
}

/* Samples per lookup of each TEX_ENABLE ANISO value (the hwdb names),
 * ascending as the shared footprint's rates. */
#define ANISO(v) (NV40_3D_TEX_ENABLE_ANISO_##v >> NV40_3D_TEX_ENABLE_ANISO__SHIFT)
static const uint8_t aniso_rates[(NV40_3D_TEX_ENABLE_ANISO__MASK >>
                                  NV40_3D_TEX_ENABLE_ANISO__SHIFT) + 1] = {
   [ANISO(NONE)] = 1, [ANISO(2X)] = 2, [ANISO(4X)] = 4, [ANISO(6X)] = 6,
   [ANISO(8X)] = 8, [ANISO(10X)] = 10, [ANISO(12X)] = 12, [ANISO(16X)] = 16,
};
#undef ANISO

/* ---- texture cache ---- */

void
nv40_3d_tex_cache_ctl(struct nv40_3d *ctx, uint32_t data)
{
   if (data == NV40_3D_TEX_CACHE_CTL_INVALIDATE)
      memset(ctx->tex_cache.tag, 0, sizeof(ctx->tex_cache.tag));
}

/* The cached copy of line `line` (address / NV40_3D_TEX_CACHE_LINE),
 * filled from host memory `src` (the line's first byte) on a miss. */
static const uint8_t *
cache_line(struct nv40_3d_tex_cache *c, uint64_t line, const uint8_t *src)
{
   unsigned i = (unsigned)(line ^ (line >> 10)) % NV40_3D_TEX_CACHE_LINES;
   if (c->tag[i] != line + 1) {
      memcpy(c->data[i], src, NV40_3D_TEX_CACHE_LINE);
      c->tag[i] = line + 1;
   }
   return c->data[i];
}

/* n bytes (within one line) of texel data at host address p, as the
 * cache has them.  A line the texture covers only in part (a TEX_OFFSET
 * or an end not on a line boundary) is read from memory uncached, since
 * its other bytes may lie outside the buffer. */
static const uint8_t *
cache_bytes(const struct nv40_3d_tex_unit *u, const uint8_t *p)
{
   uint64_t off = (uint64_t)(p - u->host);
   uint64_t addr = u->cache_addr + off;
   unsigned in = (unsigned)(addr % NV40_3D_TEX_CACHE_LINE);
   if (off < in || off - in + NV40_3D_TEX_CACHE_LINE > u->size)
      return p;
   return cache_line(u->cache, addr / NV40_3D_TEX_CACHE_LINE, p - in) + in;
}


/* n bytes of texel data at host address p, through the cache. */
const uint8_t *
nv40_3d_tex_cache_read(const struct nv40_3d_tex_unit *u, const uint8_t *p,
                       unsigned n, uint8_t tmp[16])
{
   uint64_t addr = u->cache_addr + (uint64_t)(p - u->host);
   unsigned in = (unsigned)(addr % NV40_3D_TEX_CACHE_LINE);
   if (in + n <= NV40_3D_TEX_CACHE_LINE)
      return cache_bytes(u, p);
   /* a texel across two lines */
   unsigned first = NV40_3D_TEX_CACHE_LINE - in;
   memcpy(tmp, cache_bytes(u, p), first);
   memcpy(tmp + first, cache_bytes(u, p + first), n - first);
   return tmp;
}

/* Curie's texture unit methods (hwdb, variant NV40_3D-NV44_3D). */
static enum nvsim_status
describe_curie(struct nv40_3d *ctx, unsigned i, struct nv40_3d_tex_desc *d)
{
   uint32_t fmt = nv40_3d_reg(ctx, NV30_3D_TEX_FORMAT(i));
   uint32_t npot = nv40_3d_reg(ctx, NV30_3D_TEX_NPOT_SIZE(i));
   uint32_t size1 = nv40_3d_reg(ctx, NV40_3D_TEX_SIZE1(i));
   uint32_t en = nv40_3d_reg(ctx, NV30_3D_TEX_ENABLE(i));
   uint32_t filt = nv40_3d_reg(ctx, NV30_3D_TEX_FILTER(i));

   memset(d, 0, sizeof(*d));
   d->enabled = en & NV40_3D_TEX_ENABLE_ENABLE;
   d->format = fmt & NV40_3D_TEX_FORMAT_FORMAT__MASK;
   d->hw_format = NV40_3D_FIELD(fmt, NV40_3D_TEX_FORMAT_FORMAT);
   d->w = NV40_3D_FIELD(npot, NV30_3D_TEX_NPOT_SIZE_W);
   d->h = NV40_3D_FIELD(npot, NV30_3D_TEX_NPOT_SIZE_H);
   /* depth: TEX_SIZE1 DEPTH (nv30_texture.c npot_size1) */
   d->d = NV40_3D_FIELD(size1, NV40_3D_TEX_SIZE1_DEPTH);
   d->linear = fmt & NV40_3D_TEX_FORMAT_LINEAR__MASK;
   d->rect = fmt & NV40_3D_TEX_FORMAT_RECT__MASK;
   d->levels = NV40_3D_FIELD(fmt, NV40_3D_TEX_FORMAT_MIPMAP_COUNT);
   d->pitch = NV40_3D_FIELD(size1, NV40_3D_TEX_SIZE1_PITCH);
   d->srgb_bits = nv40_3d_reg(ctx, NV30_3D_TEX_WRAP(i)) &
                  NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER__MASK;
   /* LOD bias: two's complement in 1/256, sign-extended from the top
    * bit of the field (x ^ s) - s */
   const uint32_t bias_sign = (NV40_3D_TEX_FILTER_LOD_BIAS__MASK >>
                               NV40_3D_TEX_FILTER_LOD_BIAS__SHIFT) / 2 + 1;
   int32_t bias = (int32_t)(NV40_3D_FIELD(filt, NV40_3D_TEX_FILTER_LOD_BIAS) ^
                            bias_sign) - (int32_t)bias_sign;
   d->lod_bias = bias / 256.0f;
   /* TEX_ENABLE MIN_LOD / MAX_LOD: the clamps in 1/256 of a level */
   d->min_lod = NV40_3D_FIELD(en, NV40_3D_TEX_ENABLE_MIN_LOD) / 256.0f;
   d->max_lod = NV40_3D_FIELD(en, NV40_3D_TEX_ENABLE_MAX_LOD) / 256.0f;
   d->aniso = aniso_rates[NV40_3D_FIELD(en, NV40_3D_TEX_ENABLE_ANISO)];
   return NVSIM_OK;
}

enum nvsim_status
nv40_3d_validate_textures(struct nv40_3d *ctx, uint32_t units)
{
   /* Rankine has no TEX_CACHE_CTL (hwdb: curie only) and upstream's
    * driver, right on NV3x hardware, never invalidates anything after
    * uploading texels (nv30_transfer.c writes TEX_CACHE_CTL on curie
    * only): a draw on rankine sees the texels memory holds when it
    * starts, so no line outlives a draw. */
   if (ctx->rankine)
      nv40_3d_tex_cache_ctl(ctx, NV40_3D_TEX_CACHE_CTL_INVALIDATE);
   for (unsigned i = 0; i < NV40_3D_TEX_UNITS; i++) {
      struct nv40_3d_tex_unit *u = &ctx->tex[i];
      struct nv40_3d_tex_desc desc;
      enum nvsim_status st;
      u->valid = false;
      if (!(units & (1u << i)))
         continue;
      st = ctx->rankine ? nv30_3d_tex_describe(ctx, i, &desc)
                        : describe_curie(ctx, i, &desc);
      if (st)
         return st;
      if (!desc.enabled)
         continue;

      uint32_t fmt = nv40_3d_reg(ctx, NV30_3D_TEX_FORMAT(i));
      unsigned w = desc.w, h = desc.h, d = desc.d;
      u->format = desc.format;
      u->bpp = format_bpp(u->format);
      if (!u->bpp)
         return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                             "texture unit %u: format 0x%x is not modelled",
                             i, desc.hw_format);
      if (!w || !h || w > 4096 || h > 4096)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "texture unit %u: size %ux%u", i, w, h);
      uint32_t dims = fmt & NV30_3D_TEX_FORMAT_DIMS__MASK;
      u->one_d = dims == NV30_3D_TEX_FORMAT_DIMS_1D;
      u->three_d = dims == NV30_3D_TEX_FORMAT_DIMS_3D;
      if (!u->three_d)
         d = 1;
      if (!d || d > 512)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "texture unit %u: depth %u", i, d);
      /* compressed textures are packed rows of blocks, never swizzled,
       * though upstream leaves LINEAR off for them (nv30_miptree.c) */
      u->swizzled = !desc.linear && !is_dxt(u->format);
      u->rect = desc.rect;
      /* the swizzled layout exists for power-of-two sizes only (upstream
       * swizzles nothing else: nv30_miptree.c) */
      if (u->swizzled && ((w & (w - 1)) || (h & (h - 1)) || (d & (d - 1))))
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "texture unit %u: swizzled %ux%ux%u is not a "
                             "power of two", i, w, h, d);
      u->cube = fmt & NV30_3D_TEX_FORMAT_CUBIC__MASK;
      u->num_levels = desc.levels;
      if (u->num_levels < 1)
         u->num_levels = 1;
      if (u->num_levels > NV40_3D_TEX_MAX_LEVELS)
         u->num_levels = NV40_3D_TEX_MAX_LEVELS;
      uint32_t pitch = desc.pitch;

      /* level layout, then one mapping of everything */
      uint64_t size = 0, offs[NV40_3D_TEX_MAX_LEVELS];
      for (unsigned l = 0; l < u->num_levels; l++) {
         unsigned lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
         unsigned ld = d >> l ? d >> l : 1;
         struct nv40_3d_tex_level *lv = &u->level[l];
         lv->w = lw;
         lv->h = lh;
         lv->d = ld;
         lv->log2w = ilog2(lw);
         lv->log2h = ilog2(lh);
         lv->log2d = ilog2(ld);
         /* rows of texels, or of 4x4 blocks for S3TC */
         unsigned bw = is_dxt(u->format) ? (lw + 3) / 4 : lw;
         unsigned bh = is_dxt(u->format) ? (lh + 3) / 4 : lh;
         /* without LINEAR, levels are packed (swizzled, or S3TC rows) */
         bool packed = !desc.linear;
         lv->pitch = packed ? bw * u->bpp : pitch;
         if (!packed && pitch < (uint64_t)bw * u->bpp)
            return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                                "texture unit %u: pitch %u too small", i,
                                pitch);
         offs[l] = size;
         lv->slice = (uint64_t)lv->pitch * bh;
         size += lv->slice * ld;
      }
      u->layer_size = size;
      if (u->cube) {
         /* 128-byte aligned layers unless LINEAR (nv30_miptree.c) */
         if (!desc.linear)
            u->layer_size = (u->layer_size + 127) & ~127ull;
         size = u->layer_size * 6;
      }
      uint32_t dmam = (fmt & NV30_3D_TEX_FORMAT_DMA1__MASK) ? NV30_3D_DMA_TEXTURE1
                                                            : NV30_3D_DMA_TEXTURE0;
      struct nvsim_object *dma =
         nvsim_lookup(ctx->obj->chan, nv40_3d_reg(ctx, dmam));
      uint32_t base = nv40_3d_reg(ctx, NV30_3D_TEX_OFFSET(i));
      if (!dma || !dma->is_dma)
         return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                             "texture unit %u: no DMA object bound", i);
      const uint8_t *p = nvsim_dma_ptr(dma, base, size);
      if (!p)
         return nv40_3d_fail(ctx, NVSIM_DMA_ERROR,
                             "texture unit %u: %llu bytes at 0x%x are outside "
                             "its DMA object or buffer", i,
                             (unsigned long long)size, base);
      for (unsigned l = 0; l < u->num_levels; l++)
         u->level[l].map = p + offs[l];
      /* the cache's view: the whole lines around the texture when one
       * buffer backs them, else the texture's bytes only */
      uint64_t lo = base - base % NV40_3D_TEX_CACHE_LINE;
      uint64_t hi = base + size + NV40_3D_TEX_CACHE_LINE - 1;
      hi -= hi % NV40_3D_TEX_CACHE_LINE;
      const uint8_t *lines = nvsim_dma_ptr(dma, lo, hi - lo);
      u->cache = &ctx->tex_cache;
      u->host = lines ? lines : p;
      u->size = lines ? hi - lo : size;
      /* the aperture in the top bits, the offset inside it below */
      u->cache_addr = ((uint64_t)dma->dma_domain << 48) + dma->dma_base +
                      (lines ? lo : base);

      uint32_t wrap = nv40_3d_reg(ctx, NV30_3D_TEX_WRAP(i));
      u->wrap[0] = curie_wrap(NV40_3D_FIELD(wrap, NV30_3D_TEX_WRAP_S));
      u->wrap[1] = curie_wrap(NV40_3D_FIELD(wrap, NV30_3D_TEX_WRAP_T));
      u->wrap[2] = curie_wrap(NV40_3D_FIELD(wrap, NV30_3D_TEX_WRAP_R));
      u->rcomp = NV40_3D_FIELD(wrap, NV30_3D_TEX_WRAP_RCOMP);
      u->srgb_bits = desc.srgb_bits;
      uint32_t filt = nv40_3d_reg(ctx, NV30_3D_TEX_FILTER(i));
      u->min = filt & NV30_3D_TEX_FILTER_MIN__MASK;
      u->mag = filt & NV30_3D_TEX_FILTER_MAG__MASK;
      u->signed_bits = filt;
      u->lod_bias = desc.lod_bias;
      u->min_lod = desc.min_lod;
      u->max_lod = desc.max_lod;
      u->aniso = desc.aniso;
      u->point_only = u->format == NV40_3D_TEX_FORMAT_FORMAT_RGBA32F;
      u->swz = nv40_3d_reg(ctx, NV30_3D_TEX_SWIZZLE(i));
      uint32_t bc = nv40_3d_reg(ctx, NV30_3D_TEX_BORDER_COLOR(i));
      u->border[0] = NV40_3D_FIELD(bc, NV30_3D_TEX_BORDER_COLOR_R) / 255.0f;
      u->border[1] = NV40_3D_FIELD(bc, NV30_3D_TEX_BORDER_COLOR_G) / 255.0f;
      u->border[2] = NV40_3D_FIELD(bc, NV30_3D_TEX_BORDER_COLOR_B) / 255.0f;
      u->border[3] = NV40_3D_FIELD(bc, NV30_3D_TEX_BORDER_COLOR_A) / 255.0f;
      u->valid = true;
      u->reference = ctx->obj->chan->dev->reference;
      nv40_3d_tex_fast_setup(u);
   }
   return NVSIM_OK;
}

/* ---- texel decode ---- */

/* GAMMA_DECREASE_FILTER RED/GREEN/BLUE: channels Z, Y, X, of every
 * format, S3TC included (upstream gives its DXT sRGB formats the same
 * bits, nv30_format.c). */
static void
srgb_decode(const struct nv40_3d_tex_unit *u, float ch[4])
{
   if (!u->srgb_bits)
      return;
   if (u->srgb_bits & NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_RED)
      ch[2] = nvsim_tex_srgb_to_linear(ch[2]);
   if (u->srgb_bits & NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_GREEN)
      ch[1] = nvsim_tex_srgb_to_linear(ch[1]);
   if (u->srgb_bits & NV40_3D_TEX_WRAP_GAMMA_DECREASE_FILTER_BLUE)
      ch[0] = nvsim_tex_srgb_to_linear(ch[0]);
}

/* S3TC (EXT_texture_compression_s3tc, nvsim_texture.c): texel (x, y) of
 * a 4x4 block into channels X Y Z W = B G R A. */
static void
dxt_texel(uint32_t fmt, const uint8_t *blk, unsigned x, unsigned y,
          float ch[4])
{
   float rgba[4];
   nvsim_tex_dxt_texel(fmt == NV40_3D_TEX_FORMAT_FORMAT_DXT1 ? NVSIM_TEX_DXT1 :
                       fmt == NV40_3D_TEX_FORMAT_FORMAT_DXT3 ? NVSIM_TEX_DXT3 :
                                                               NVSIM_TEX_DXT5,
                       blk, x, y, rgba);
   ch[0] = rgba[2];
   ch[1] = rgba[1];
   ch[2] = rgba[0];
   ch[3] = rgba[3];
}

/* Index of texel (x, y, z) in a swizzled 3D level: the bits of x, y and
 * z interleaved in that order while each dimension has bits left
 * (nv30_transfer.c swizzle3d_ptr). */
static size_t
swizzle3d(const struct nv40_3d_tex_level *lv, unsigned x, unsigned y,
          unsigned z)
{
   unsigned w = lv->w >> 1, h = lv->h >> 1, d = lv->d >> 1, i = 0, o;
   size_t v = 0;
   do {
      o = i;
      if (w) { v |= (size_t)(x & 1) << i++; x >>= 1; w >>= 1; }
      if (h) { v |= (size_t)(y & 1) << i++; y >>= 1; h >>= 1; }
      if (d) { v |= (size_t)(z & 1) << i++; z >>= 1; d >>= 1; }
   } while (o != i);
   return v;
}

/* ch[] = X Y Z W channels of texel (x, y, z) of a level/layer. */
static void
fetch(const struct nv40_3d_tex_unit *u, const struct nv40_3d_tex_level *lv,
      const uint8_t *map, int x, int y, int z, float ch[4])
{
   struct nv40_3d_tex_level row;
   if (u->three_d) {
      if (u->swizzled) {
         /* fold into a 1-row 2D fetch at the swizzled index */
         row = *lv;
         size_t idx = swizzle3d(lv, x, y, z);
         row.pitch = 0;
         map += idx * u->bpp;
         x = y = 0;
         lv = &row;
      } else {
         map += lv->slice * (size_t)z;
      }
   }
   uint8_t tmp[16];
   if (is_dxt(u->format)) {
      const uint8_t *blk = map + (size_t)(y / 4) * lv->pitch +
                           (size_t)(x / 4) * u->bpp;
      dxt_texel(u->format, nv40_3d_tex_cache_read(u, blk, u->bpp, tmp), x & 3, y & 3,
                ch);
      srgb_decode(u, ch);
      return;
   }
   struct nvsim_raster_surface s = { (uint8_t *)map, lv->pitch,
                                     NVSIM_RASTER_FMT_NONE,
                                     u->swizzled && !u->three_d,
                                     lv->log2w, lv->log2h };
   nv40_3d_tex_decode(u, nv40_3d_tex_cache_read(u, nvsim_raster_pixel(&s, x, y,
                                                                      u->bpp),
                                                u->bpp, tmp),
                      ch);
}

void
nv40_3d_tex_decode(const struct nv40_3d_tex_unit *u, const uint8_t *p,
                   float ch[4])
{
   uint32_t v = 0;
   uint16_t h16;

   ch[0] = ch[1] = ch[2] = 0.0f;
   ch[3] = 1.0f;
   switch (u->format) {
   case NV40_3D_TEX_FORMAT_FORMAT_L8:
      ch[0] = p[0] / 255.0f;
      if (u->signed_bits & NV30_3D_TEX_FILTER_SIGNED_BLUE)
         ch[0] = nvsim_maxf((int8_t)p[0] / 127.0f, -1.0f);
      break;
   case NV40_3D_TEX_FORMAT_FORMAT_A1R5G5B5:
      memcpy(&h16, p, 2);
      ch[0] = (h16 & 0x1f) / 31.0f;
      ch[1] = ((h16 >> 5) & 0x1f) / 31.0f;
      ch[2] = ((h16 >> 10) & 0x1f) / 31.0f;
      ch[3] = (float)(h16 >> 15);
      break;
   case NV40_3D_TEX_FORMAT_FORMAT_A4R4G4B4:
      memcpy(&h16, p, 2);
      for (unsigned c = 0; c < 4; c++)
         ch[c] = ((h16 >> (4 * c)) & 0xf) / 15.0f;
      break;
   case NV40_3D_TEX_FORMAT_FORMAT_R5G6B5:
      memcpy(&h16, p, 2);
      ch[0] = (h16 & 0x1f) / 31.0f;
      ch[1] = ((h16 >> 5) & 0x3f) / 63.0f;
      ch[2] = (h16 >> 11) / 31.0f;
      break;
   case NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8:
      memcpy(&v, p, 4);
      for (unsigned c = 0; c < 4; c++) {
         uint8_t b = (v >> (8 * c)) & 0xff;
         /* SIGNED_BLUE .. SIGNED_ALPHA are bits 28-31: channel c */
         if (u->signed_bits & ((uint32_t)NV30_3D_TEX_FILTER_SIGNED_BLUE << c))
            ch[c] = nvsim_maxf((int8_t)b / 127.0f, -1.0f);
         else
            ch[c] = b / 255.0f;
      }
      break;
   case NV40_3D_TEX_FORMAT_FORMAT_A8L8:
      /* L in X, A in W; SIGNED_BLUE / SIGNED_ALPHA make them signed, as
       * for the X and W bytes of A8R8G8B8 (upstream nv30_format.c gives
       * its A8L8 SNORM formats all four SIGNED bits) */
      memcpy(&h16, p, 2);
      ch[0] = (h16 & 0xff) / 255.0f;
      ch[3] = (h16 >> 8) / 255.0f;
      if (u->signed_bits & NV30_3D_TEX_FILTER_SIGNED_BLUE)
         ch[0] = nvsim_maxf((int8_t)(h16 & 0xff) / 127.0f, -1.0f);
      if (u->signed_bits & NV30_3D_TEX_FILTER_SIGNED_ALPHA)
         ch[3] = nvsim_maxf((int8_t)(h16 >> 8) / 127.0f, -1.0f);
      break;
   case NV40_3D_TEX_FORMAT_FORMAT_A16:
      memcpy(&h16, p, 2);
      ch[1] = h16 / 65535.0f;
      break;
   case NV40_3D_TEX_FORMAT_FORMAT_A16L16:
      memcpy(&v, p, 4);
      ch[0] = (v & 0xffff) / 65535.0f;
      ch[3] = (v >> 16) / 65535.0f;
      break;
   case NV40_3D_TEX_FORMAT_FORMAT_Z16:
      memcpy(&h16, p, 2);
      ch[3] = h16 / 65535.0f;
      break;
   case NV40_3D_TEX_FORMAT_FORMAT_Z24:
      memcpy(&v, p, 4);
      ch[3] = (v >> 8) / 16777215.0f;
      break;
   case NV40_3D_TEX_FORMAT_FORMAT_RGBA16F: {
      uint16_t hh[4];
      memcpy(hh, p, 8);
      ch[2] = nvsim_raster_half_to_float(hh[0]);
      ch[1] = nvsim_raster_half_to_float(hh[1]);
      ch[0] = nvsim_raster_half_to_float(hh[2]);
      ch[3] = nvsim_raster_half_to_float(hh[3]);
      break;
   }
   case NV40_3D_TEX_FORMAT_FORMAT_RGBA32F: {
      float f[4];
      memcpy(f, p, 16);
      ch[2] = f[0];
      ch[1] = f[1];
      ch[0] = f[2];
      ch[3] = f[3];
      break;
   }
   default:
      break;
   }
   srgb_decode(u, ch);
}

/* The channel (X..W = 0..3, 4 zero, 5 one) TEX_SWIZZLE gives output c
 * (R G B A). */
unsigned
nv40_3d_tex_swizzle_source(uint32_t swz, unsigned c)
{
   /* outputs R G B A sit in the Z Y X W slots */
   static const struct {
      uint32_t s0_mask, s0_shift, s1_mask, s1_shift;
   } slot[4] = {
      { NV30_3D_TEX_SWIZZLE_S0_Z__MASK, NV30_3D_TEX_SWIZZLE_S0_Z__SHIFT,
        NV30_3D_TEX_SWIZZLE_S1_Z__MASK, NV30_3D_TEX_SWIZZLE_S1_Z__SHIFT },
      { NV30_3D_TEX_SWIZZLE_S0_Y__MASK, NV30_3D_TEX_SWIZZLE_S0_Y__SHIFT,
        NV30_3D_TEX_SWIZZLE_S1_Y__MASK, NV30_3D_TEX_SWIZZLE_S1_Y__SHIFT },
      { NV30_3D_TEX_SWIZZLE_S0_X__MASK, NV30_3D_TEX_SWIZZLE_S0_X__SHIFT,
        NV30_3D_TEX_SWIZZLE_S1_X__MASK, NV30_3D_TEX_SWIZZLE_S1_X__SHIFT },
      { NV30_3D_TEX_SWIZZLE_S0_W__MASK, NV30_3D_TEX_SWIZZLE_S0_W__SHIFT,
        NV30_3D_TEX_SWIZZLE_S1_W__MASK, NV30_3D_TEX_SWIZZLE_S1_W__SHIFT },
   };
   uint32_t s0 = ((swz & slot[c].s0_mask) >> slot[c].s0_shift)
                 << NV30_3D_TEX_SWIZZLE_S0_X__SHIFT;
   uint32_t s1 = (swz & slot[c].s1_mask) >> slot[c].s1_shift;
   if (s0 == NV30_3D_TEX_SWIZZLE_S0_X_ZERO)
      return 4;
   if (s0 == NV30_3D_TEX_SWIZZLE_S0_X_ONE)
      return 5;
   return 3 - s1;
}

/* Output RGBA from channels through TEX_SWIZZLE. */
static void
swizzle(uint32_t swz, const float ch[4], float out[4])
{
   for (unsigned c = 0; c < 4; c++) {
      unsigned src = nv40_3d_tex_swizzle_source(swz, c);
      out[c] = src == 4 ? 0.0f : src == 5 ? 1.0f : ch[src];
   }
}

/* ---- addressing and filtering ---- */

/* Depth compare of reference r against a texel's depth d, true when
 * "r FUNC d" holds (ARB_shadow, GL 2.1 section 3.8.14); TEX_WRAP RCOMP
 * takes nv30_tex_comp (rnndb nv30-40_3d.xml): NEVER GREATER EQUAL GEQUAL
 * LESS NOTEQUAL LEQUAL ALWAYS = 0..7. */
static bool
depth_compare(uint32_t rcomp, float r, float d)
{
   enum nvsim_tex_compare f;
   switch (rcomp << NV30_3D_TEX_WRAP_RCOMP__SHIFT) {
   case NV30_3D_TEX_WRAP_RCOMP_NEVER: f = NVSIM_TEX_NEVER; break;
   case NV30_3D_TEX_WRAP_RCOMP_GREATER: f = NVSIM_TEX_GREATER; break;
   case NV30_3D_TEX_WRAP_RCOMP_EQUAL: f = NVSIM_TEX_EQUAL; break;
   case NV30_3D_TEX_WRAP_RCOMP_GEQUAL: f = NVSIM_TEX_GEQUAL; break;
   case NV30_3D_TEX_WRAP_RCOMP_LESS: f = NVSIM_TEX_LESS; break;
   case NV30_3D_TEX_WRAP_RCOMP_NOTEQUAL: f = NVSIM_TEX_NOTEQUAL; break;
   case NV30_3D_TEX_WRAP_RCOMP_LEQUAL: f = NVSIM_TEX_LEQUAL; break;
   default: f = NVSIM_TEX_ALWAYS; break;
   }
   return nvsim_tex_compare(f, r, d);
}

/* The Z16/Z24 formats are always sampled with the depth compare: NV40
 * has no plain depth formats (upstream nv30_fragtex.c samples depth
 * textures without compare as A8L8 / A16L16 instead), so RCOMP = 0 is
 * the NEVER compare, not "off". */
static bool
is_shadow_format(uint32_t format)
{
   return format == NV40_3D_TEX_FORMAT_FORMAT_Z16 ||
          format == NV40_3D_TEX_FORMAT_FORMAT_Z24;
}

/* One texel through wrap, fetch, depth compare and TEX_SWIZZLE; ref is
 * the compare reference (shadow formats only). */
static void
texel(const struct nv40_3d_tex_unit *u, unsigned lvl, const uint8_t *layer0,
      int x, int y, int z, float ref, float out[4])
{
   const struct nv40_3d_tex_level *lv = &u->level[lvl];
   int ix = nvsim_tex_wrap_index(u->wrap[0], x, (int)lv->w);
   int iy = u->one_d ? 0 : nvsim_tex_wrap_index(u->wrap[1], y, (int)lv->h);
   int iz = u->three_d ? nvsim_tex_wrap_index(u->wrap[2], z, (int)lv->d) : 0;
   if (ix < 0 || iy < 0 || iz < 0) {
      /* TEX_BORDER_COLOR comes back as it is, past the depth compare and
       * TEX_SWIZZLE (as on G80, whose border upstream's nv50 driver
       * swizzles on the CPU; and D3D9's ARGB border; docs/fidelity.md,
       * border colour swizzle family) */
      memcpy(out, u->border, sizeof(float) * 4);
      return;
   }
   float ch[4];
   fetch(u, lv, layer0 + (lv->map - u->level[0].map), ix, iy, iz, ch);
   if (is_shadow_format(u->format)) {
      /* the compare reads the raw depth, in channel W (Z16/Z24 deliver
       * their depth there: the driver's swizzle reads W for r, g, b),
       * and its 0/1 result replaces it before TEX_SWIZZLE routes the
       * channels, so that the driver's depth mode (LUMINANCE: W W W 1,
       * ALPHA: 0 0 0 W, ...) applies to the result; the filter then
       * averages results (percentage-closer) */
      ch[3] = depth_compare(u->rcomp, ref, ch[3]) ? 1.0f : 0.0f;
   }
   swizzle(u->swz, ch, out);
}

/* The shared filters' texel callback: a level and layer of a unit and
 * the compare reference. */
struct texel_ctx {
   const struct nv40_3d_tex_unit *u;
   unsigned lvl;
   const uint8_t *layer0;
   float ref;
};

static void
texel_cb(const void *data, int x, int y, int z, float out[4])
{
   const struct texel_ctx *c = data;
   texel(c->u, c->lvl, c->layer0, x, y, z, c->ref, out);
}

/* Samples level lvl at (s, t, r) in texels (nvsim_tex_sample_level). */
static void
sample_level(const struct nv40_3d_tex_unit *u, unsigned lvl,
             const uint8_t *layer0, float s, float t, float r, float ref,
             bool linear, float out[4])
{
   const struct nv40_3d_tex_level *lv = &u->level[lvl];
   struct texel_ctx c = { u, lvl, layer0, ref };
   struct nvsim_tex_level_desc d = {
      lv->w, lv->h, lv->d, { u->wrap[0], u->wrap[1], u->wrap[2] },
      u->one_d, u->three_d,
   };
   nvsim_tex_sample_level(texel_cb, &c, &d, s, t, r, linear, out);
}

static void
sample_one(const struct nv40_3d_tex_unit *u, const float *coord,
           float lambda, float out[4])
{
   if (u->fast.on) {
      nv40_3d_tex_fast_sample(u, coord, lambda, out);
      return;
   }
   const uint8_t *layer0 = u->level[0].map;
   float s = coord[0], t = coord[1];

   if (u->cube) {
      unsigned f = nvsim_tex_cube_face(coord, &s, &t);
      layer0 += u->layer_size * f;
   }

   bool mag = lambda <= 0.0f;
   uint32_t filt = mag ? u->mag : u->min;
   bool linear = filt == NV30_3D_TEX_FILTER_MAG_LINEAR ||
                 filt == NV30_3D_TEX_FILTER_MIN_LINEAR ||
                 filt == NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_NEAREST ||
                 filt == NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_LINEAR;
   bool mip_nearest = !mag &&
      (filt == NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_NEAREST ||
       filt == NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_NEAREST);
   bool mip_linear = !mag &&
      (filt == NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_LINEAR ||
       filt == NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_LINEAR);
   if (u->point_only) {
      /* fp32: nearest texel of the nearest level (file header) */
      linear = false;
      mip_nearest |= mip_linear;
      mip_linear = false;
   }
   float maxlvl = (float)(u->num_levels - 1);
   /* the level range: TEX_ENABLE MIN/MAX_LOD (upstream puts the view's
    * base level in both for filters without mipmaps) */
   float lo = nvsim_minf(u->min_lod, maxlvl);
   float hi = nvsim_minf(nvsim_maxf(u->max_lod, lo), maxlvl);
   /* filters without mipmaps read level 0 whatever MIN_LOD says
    * (upstream turns NEAREST/LINEAR into *_MIPMAP_NEAREST to honour a
    * base level: nv30_fragtex.c) */
   bool mipmapped = u->min != NV30_3D_TEX_FILTER_MIN_NEAREST &&
                    u->min != NV30_3D_TEX_FILTER_MIN_LINEAR;
   unsigned l0 = mipmapped ? (unsigned)lo : 0, l1 = l0;
   float lf = 0.0f;
   if (mip_nearest) {
      float l = nvsim_minf(nvsim_maxf(lambda, lo), hi);
      l0 = (unsigned)nvsim_round(l);
   } else if (mip_linear) {
      float l = nvsim_minf(nvsim_maxf(lambda, lo), hi);
      l0 = (unsigned)nvsim_floor(l);
      l1 = l0 + 1 <= (unsigned)maxlvl ? l0 + 1 : l0;
      lf = l - (float)l0;
   }

   /* the compare reference: r, clamped to [0, 1] as the depth formats
    * are fixed point (GL 2.1 section 3.8.14) */
   float ref = nvsim_minf(nvsim_maxf(coord[2], 0.0f), 1.0f);

   /* texel space of a level: RECT coordinates are in texels of level 0 */
   float out0[4];
   for (unsigned pass = 0; pass < (lf > 0.0f ? 2u : 1u); pass++) {
      unsigned lvl = pass ? l1 : l0;
      const struct nv40_3d_tex_level *lv = &u->level[lvl];
      float ss, tt, rr = coord[2] * (float)lv->d;
      if (u->rect) {
         ss = s / (float)(1u << lvl);
         tt = t / (float)(1u << lvl);
      } else {
         ss = s * (float)lv->w;
         tt = t * (float)lv->h;
      }
      sample_level(u, lvl, layer0, ss, tt, rr, ref, linear,
                   pass ? out : out0);
   }
   if (lf > 0.0f) {
      nvsim_tex_lerp(out0, out, lf, out);
   } else {
      memcpy(out, out0, sizeof(out0));
   }
}

void
nv40_3d_tex_unit_sample(const struct nv40_3d_tex_unit *u,
                        const float coord[4], float lambda, float out[4])
{
   sample_one(u, coord, lambda, out);
}

/* sample_one as the shared anisotropic filter's lookup */
static void
lookup_one(const void *ctx, const float c[4], float lambda, float out[4])
{
   sample_one(ctx, c, lambda, out);
}

void
nv40_3d_texture_sample(void *data, const struct nvsim_tex_request *req,
                       float result[4][4])
{
   struct nv40_3d *ctx = data;
   const struct nv40_3d_tex_unit *u =
      req->unit < NV40_3D_TEX_UNITS ? &ctx->tex[req->unit] : NULL;
   /* the fast path's memo: a fragment whose derivatives are the bits of
    * the previous one's (the quad's fragments often share them) has its
    * LOD and footprint, which are functions of those alone */
   struct {
      bool valid;
      float ddx[2], ddy[2], lambda;
      unsigned n;
      bool major_y;
   } memo = { false };

   for (unsigned f = 0; f < 4; f++) {
      if (!(req->mask & (1u << f)))
         continue;
      if (!u || !u->valid || req->vertex) {
         /* a disabled unit (or vertex texturing, not modelled) reads
          * (0, 0, 0, 1) */
         result[f][0] = result[f][1] = result[f][2] = 0.0f;
         result[f][3] = 1.0f;
         continue;
      }
      float lambda;
      unsigned n = 1;               /* anisotropic lookups */
      const float *axis = NULL;     /* their coordinate step */
      if (req->op == NVISA_NV40_FP_OP_TXL) {
         lambda = req->lod[f];
      } else {
         /* rho from the derivatives in texels (GL 2.1 section 3.8.8) */
         float sw = u->rect ? 1.0f : (float)u->level[0].w;
         float sh = u->rect ? 1.0f : (float)u->level[0].h;
         float ddx[2] = { req->ddx[f][0], req->ddx[f][1] };
         float ddy[2] = { req->ddy[f][0], req->ddy[f][1] };
         if (u->cube) {
            /* a cube map's s and t are the face coordinates
             * (sc / |ma| + 1) / 2 (GL 2.1 section 3.8.6, cube map
             * texture selection), not the direction: differentiate
             * those, on the face of the fragment's own direction */
            nvsim_tex_cube_derivs(req->coord[f], req->ddx[f], req->ddy[f],
                                  ddx, ddy);
         }
         bool aniso = u->aniso > 1 && !u->one_d && !u->three_d &&
                      !u->point_only;
         if (memo.valid && !memcmp(ddx, memo.ddx, sizeof(ddx)) &&
             !memcmp(ddy, memo.ddy, sizeof(ddy))) {
            lambda = memo.lambda;
            n = memo.n;
            if (aniso)
               axis = memo.major_y ? req->ddy[f] : req->ddx[f];
         } else if (aniso) {
            /* the anisotropic footprint (file header) */
            struct nvsim_tex_aniso fp;
            nvsim_tex_aniso_footprint(ddx, ddy, sw, sh, u->aniso,
                                      aniso_rates, sizeof(aniso_rates), &fp);
            lambda = fp.lambda;
            n = fp.n;
            axis = fp.major_y ? req->ddy[f] : req->ddx[f];
            memo.major_y = fp.major_y;
         } else {
            lambda = nvsim_tex_lambda(ddx, ddy, sw, sh);
         }
         if (u->fast.on) {
            memo.valid = true;
            memcpy(memo.ddx, ddx, sizeof(ddx));
            memcpy(memo.ddy, ddy, sizeof(ddy));
            memo.lambda = lambda;
            memo.n = n;
         }
         if (req->op == NVISA_NV40_FP_OP_TXB)
            lambda += req->lod[f];
      }
      lambda += u->lod_bias;
      if (n == 1) {
         sample_one(u, req->coord[f], lambda, result[f]);
         continue;
      }
      /* N lookups along the major axis (the shared footprint) */
      nvsim_tex_aniso_sample(lookup_one, u, req->coord[f], axis, n, lambda,
                             result[f]);
   }
}
