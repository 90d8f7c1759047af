/*
 * Curie's fast texture fetch (nv40_3d_texture_fast.c) against the
 * reference (nv40_3d_texture.c, NVSIM_REFERENCE=1): random unit states
 * (every modelled format, swizzled / pitch / rectangle, 1D / 2D / cube /
 * 3D, wrap modes, filters, LOD ranges, TEX_SWIZZLE, SIGNED_*, sRGB,
 * border colours), random texels, texture caches holding stale lines,
 * and random coordinates and LODs with the special values (NaN, +-Inf,
 * +-0, denormals, huge values, texel edges and centres).  Every lookup's
 * four floats and the texture cache's tags and lines afterwards must be
 * the reference's bit for bit; both start from the same cache.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nvsim_test.h"
#include "nv40_3d.h"
#include "nv40_3d_texture.h"
#include "nvsim_texture.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t
rnd(void)
{
   /* xorshift64* */
   rng_state ^= rng_state >> 12;
   rng_state ^= rng_state << 25;
   rng_state ^= rng_state >> 27;
   return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

static unsigned
rnd_below(unsigned n)
{
   return rnd() % n;
}

static float
rnd_unit(void)
{
   return rnd() / 4294967296.0f;
}

static float
u2f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* A coordinate in texel space scaled by n (normalised unless rect):
 * ordinary values, edges and centres of texels, and special values. */
static float
rnd_coord(unsigned n, bool rect)
{
   float scale = rect ? 1.0f : 1.0f / n;
   switch (rnd_below(16)) {
   case 0: return NAN;
   case 1: return u2f(0x7fc00000u | rnd_below(0x400000)) * (rnd() & 1 ? 1 : -1);
   case 2: return INFINITY;
   case 3: return -INFINITY;
   case 4: return rnd() & 1 ? 0.0f : -0.0f;
   case 5: return u2f(rnd_below(0x800000) | (rnd() & 0x80000000u)); /* denormal */
   case 6: /* huge, and -2^31 texels (INT_MIN once floored) */
      if (rnd_below(4) == 0)
         return -2147483648.0f * scale;
      return (rnd() & 1 ? 1 : -1) * u2f(0x4f000000u + rnd_below(0x20000000u));
   case 7: case 8: /* an edge */
      return ((int)rnd_below(3 * n) - (int)n) * scale;
   case 9: case 10: /* a centre */
      return (((int)rnd_below(3 * n) - (int)n) + 0.5f) * scale;
   default:
      return (rnd_unit() * 3.0f - 1.0f) * (rect ? n : 1.0f);
   }
}

static float
rnd_lambda(unsigned levels)
{
   switch (rnd_below(12)) {
   case 0: return NAN;
   case 1: return INFINITY;
   case 2: return -INFINITY;
   case 3: return rnd() & 1 ? 0.0f : -0.0f;
   case 4: return (float)rnd_below(levels + 1);
   case 5: return (float)rnd_below(levels + 1) + 0.5f;
   default: return rnd_unit() * (levels + 3) - 2.0f;
   }
}

static const struct {
   uint32_t format;
   unsigned bpp;   /* bytes per texel, per 4x4 block for S3TC */
   bool dxt;
} formats[] = {
   { NV40_3D_TEX_FORMAT_FORMAT_L8, 1, false },
   { NV40_3D_TEX_FORMAT_FORMAT_A1R5G5B5, 2, false },
   { NV40_3D_TEX_FORMAT_FORMAT_A4R4G4B4, 2, false },
   { NV40_3D_TEX_FORMAT_FORMAT_R5G6B5, 2, false },
   { NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 4, false },
   { NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 4, false },
   { NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, 4, false },
   { NV40_3D_TEX_FORMAT_FORMAT_A8L8, 2, false },
   { NV40_3D_TEX_FORMAT_FORMAT_Z16, 2, false },
   { NV40_3D_TEX_FORMAT_FORMAT_Z24, 4, false },
   { NV40_3D_TEX_FORMAT_FORMAT_A16, 2, false },
   { NV40_3D_TEX_FORMAT_FORMAT_A16L16, 4, false },
   { NV40_3D_TEX_FORMAT_FORMAT_RGBA16F, 8, false },
   { NV40_3D_TEX_FORMAT_FORMAT_RGBA32F, 16, false },
   { NV40_3D_TEX_FORMAT_FORMAT_DXT1, 8, true },
   { NV40_3D_TEX_FORMAT_FORMAT_DXT3, 16, true },
   { NV40_3D_TEX_FORMAT_FORMAT_DXT5, 16, true },
};

static const uint32_t min_filters[] = {
   NV30_3D_TEX_FILTER_MIN_NEAREST,
   NV30_3D_TEX_FILTER_MIN_LINEAR,
   NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_NEAREST,
   NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_NEAREST,
   NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_LINEAR,
   NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_LINEAR,
};

#define MEM_SIZE (1u << 20)

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

/* A random unit over mem, laid out as nv40_3d_validate_textures lays
 * one out; false when it does not fit. */
static bool
random_unit(struct nv40_3d_tex_unit *u, uint8_t *mem, unsigned *fmt_index)
{
   unsigned fi = rnd_below(sizeof(formats) / sizeof(formats[0]));
   memset(u, 0, sizeof(*u));
   *fmt_index = fi;
   u->format = formats[fi].format;
   u->bpp = formats[fi].bpp;
   unsigned kind = rnd_below(8);    /* 0 1D, 1 cube, 2 3D, else 2D */
   u->one_d = kind == 0;
   u->cube = kind == 1;
   u->three_d = kind == 2;
   bool linear = rnd_below(3) == 0 && !u->cube;
   u->swizzled = !linear && !formats[fi].dxt;
   u->rect = linear && rnd_below(2);
   unsigned w, h, d = 1;
   if (linear) {
      w = 1 + rnd_below(37);
      h = u->one_d ? 1 : 1 + rnd_below(37);
   } else {
      w = 1u << rnd_below(7);
      h = u->one_d ? 1 : u->cube ? w : 1u << rnd_below(7);
   }
   if (u->three_d)
      d = linear ? 1 + rnd_below(5) : 1u << rnd_below(3);
   unsigned maxl = 1 + ilog2(w > h ? (w > d ? w : d) : (h > d ? h : d));
   u->num_levels = linear || u->rect ? 1 : 1 + rnd_below(maxl);
   uint32_t pitch = 0;
   if (linear) {
      unsigned bw = formats[fi].dxt ? (w + 3) / 4 : w;
      pitch = bw * u->bpp + rnd_below(3) * 4;
   }
   uint64_t size = 0, offs[NV40_3D_TEX_MAX_LEVELS];
   for (unsigned l = 0; l < u->num_levels; l++) {
      struct nv40_3d_tex_level *lv = &u->level[l];
      lv->w = w >> l ? w >> l : 1;
      lv->h = h >> l ? h >> l : 1;
      lv->d = d >> l ? d >> l : 1;
      lv->log2w = ilog2(lv->w);
      lv->log2h = ilog2(lv->h);
      lv->log2d = ilog2(lv->d);
      unsigned bw = formats[fi].dxt ? (lv->w + 3) / 4 : lv->w;
      unsigned bh = formats[fi].dxt ? (lv->h + 3) / 4 : lv->h;
      lv->pitch = linear ? pitch : bw * u->bpp;
      offs[l] = size;
      lv->slice = (uint64_t)lv->pitch * bh;
      size += lv->slice * lv->d;
   }
   u->layer_size = size;
   if (u->cube) {
      u->layer_size = (u->layer_size + 127) & ~127ull;
      size = u->layer_size * 6;
   }
   /* the texture anywhere in mem, not always texel aligned, so that
    * texels across cache lines and partly covered lines are met */
   uint64_t base = rnd_below(MEM_SIZE / 4);
   if (rnd_below(2))
      base &= ~(uint64_t)(u->bpp - 1);
   if (base + size + 128 > MEM_SIZE)
      return false;
   for (unsigned l = 0; l < u->num_levels; l++)
      u->level[l].map = mem + base + offs[l];
   uint64_t domain = (uint64_t)rnd_below(2) << 48;
   if (rnd_below(4)) {
      /* the buffer backs the whole lines around it */
      uint64_t lo = base - base % NV40_3D_TEX_CACHE_LINE;
      uint64_t hi = base + size + NV40_3D_TEX_CACHE_LINE - 1;
      hi -= hi % NV40_3D_TEX_CACHE_LINE;
      u->host = mem + lo;
      u->size = hi - lo;
      u->cache_addr = domain + lo;
   } else {
      u->host = mem + base;
      u->size = size;
      u->cache_addr = domain + base;
   }
   for (unsigned c = 0; c < 3; c++)
      u->wrap[c] = rnd_below(4) ? rnd_below(8) :
                   rnd_below(2) ? NVSIM_TEX_REPEAT : NVSIM_TEX_CLAMP_TO_EDGE;
   u->min = min_filters[rnd_below(6)];
   u->mag = rnd_below(2) ? NV30_3D_TEX_FILTER_MAG_LINEAR
                         : NV30_3D_TEX_FILTER_MAG_NEAREST;
   u->aniso = 1;
   u->point_only = u->format == NV40_3D_TEX_FORMAT_FORMAT_RGBA32F;
   u->min_lod = rnd_below(4) ? 0.0f : rnd_below(u->num_levels * 256 + 256) / 256.0f;
   u->max_lod = rnd_below(4) ? 15.0f : rnd_below(u->num_levels * 256 + 256) / 256.0f;
   u->rcomp = rnd_below(8);
   u->swz = rnd_below(4) ? 0xaae4u /* S1 everywhere, X Y Z W in place */
                         : rnd() & 0xffff;
   u->signed_bits = rnd_below(3) ? 0 : rnd() & 0xf0000000u;
   u->srgb_bits = rnd_below(3) ? 0 : rnd() & NV30_3D_TEX_WRAP_GAMMA_DECREASE_FILTER__MASK;
   for (unsigned c = 0; c < 4; c++)
      u->border[c] = rnd_below(256) / 255.0f;
   u->valid = true;
   return true;
}

/* Cache lines of the texture's range (and others) filled with random
 * bytes: stale texels both paths must return. */
static void
random_cache(struct nv40_3d_tex_cache *c, const struct nv40_3d_tex_unit *u)
{
   memset(c->tag, 0, sizeof(c->tag));
   unsigned n = rnd_below(64);
   for (unsigned k = 0; k < n; k++) {
      uint64_t line = (u->cache_addr + rnd_below((unsigned)u->size + 1)) /
                      NV40_3D_TEX_CACHE_LINE;
      if (rnd_below(4) == 0)
         line += rnd_below(4096);
      unsigned i = (unsigned)(line ^ (line >> 10)) % NV40_3D_TEX_CACHE_LINES;
      c->tag[i] = line + 1;
      for (unsigned b = 0; b < NV40_3D_TEX_CACHE_LINE; b++)
         c->data[i][b] = (uint8_t)rnd();
   }
}

static void
random_bytes(uint8_t *p, size_t n)
{
   for (size_t i = 0; i < n; i++)
      p[i] = (uint8_t)rnd();
   /* some fp16 / fp32 specials and zeros among them */
   for (unsigned k = 0; k < n / 64; k++) {
      size_t at = rnd_below((unsigned)n - 4) & ~(size_t)1;
      static const uint16_t h[] = { 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x8000, 0 };
      memcpy(p + at, &h[rnd_below(6)], 2);
   }
}

static void
test_fast_vs_reference(void)
{
   uint8_t *mem = malloc(MEM_SIZE);
   struct nv40_3d_tex_cache *cref = malloc(sizeof(*cref));
   struct nv40_3d_tex_cache *cfast = malloc(sizeof(*cfast));
   unsigned states = 0, fast_states = 0, lookups = 0, bad = 0;
   unsigned fast_by_format[sizeof(formats) / sizeof(formats[0])] = { 0 };
   random_bytes(mem, MEM_SIZE);

   while (states < 4000) {
      struct nv40_3d_tex_unit ref, fast;
      unsigned fi;
      if (!random_unit(&ref, mem, &fi))
         continue;
      states++;
      random_cache(cref, &ref);
      memcpy(cfast, cref, sizeof(*cref));
      fast = ref;
      ref.reference = true;
      ref.cache = cref;
      fast.cache = cfast;
      nv40_3d_tex_fast_setup(&ref);
      nv40_3d_tex_fast_setup(&fast);
      CHECK(!ref.fast.on);
      fast_states += fast.fast.on;
      fast_by_format[fi] += fast.fast.on;
      unsigned w = ref.level[0].w, h = ref.level[0].h;
      for (unsigned k = 0; k < 48; k++) {
         float coord[4], lambda = rnd_lambda(ref.num_levels);
         if (ref.cube) {
            for (unsigned c = 0; c < 3; c++)
               coord[c] = rnd_below(8) ? rnd_unit() * 2.0f - 1.0f
                                       : rnd_coord(w, false);
         } else {
            coord[0] = rnd_coord(w, ref.rect);
            coord[1] = rnd_coord(h, ref.rect);
            coord[2] = rnd_below(2) ? rnd_unit() : rnd_coord(ref.level[0].d, false);
         }
         coord[3] = rnd_coord(1, false);
         float a[4], b[4];
         nv40_3d_tex_unit_sample(&ref, coord, lambda, a);
         nv40_3d_tex_unit_sample(&fast, coord, lambda, b);
         lookups++;
         if (memcmp(a, b, sizeof(a))) {
            if (bad++ < 10)
               fprintf(stderr, "state %u (format 0x%x, %ux%u, %s%s) "
                       "coord %a %a %a lambda %a: reference %a %a %a %a, "
                       "fast %a %a %a %a\n", states, ref.format, w, h,
                       ref.swizzled ? "swizzled" : "pitch",
                       ref.rect ? " rect" : "", coord[0], coord[1],
                       coord[2], lambda, a[0], a[1], a[2], a[3], b[0],
                       b[1], b[2], b[3]);
         }
         if (rnd_below(16) == 0) {
            /* memory changes under the cache (stale lines stay) */
            size_t at = (size_t)(ref.host - mem) + rnd_below((unsigned)ref.size);
            mem[at] = (uint8_t)rnd();
         }
         if (rnd_below(32) == 0) {
            /* TEX_CACHE_CTL INVALIDATE */
            memset(cref->tag, 0, sizeof(cref->tag));
            memset(cfast->tag, 0, sizeof(cfast->tag));
         }
      }
      if (memcmp(cref->tag, cfast->tag, sizeof(cref->tag)) ||
          memcmp(cref->data, cfast->data, sizeof(cref->data))) {
         if (bad++ < 10)
            fprintf(stderr, "state %u: the texture caches differ\n", states);
      }
   }
   CHECK_EQ(bad, 0);
   /* the fast path was taken, for every format it covers */
   CHECK(fast_states > states / 3);
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      bool covered = !formats[i].dxt &&
                     formats[i].format != NV40_3D_TEX_FORMAT_FORMAT_Z16 &&
                     formats[i].format != NV40_3D_TEX_FORMAT_FORMAT_Z24;
      CHECK(covered == (fast_by_format[i] > 0));
   }
   printf("%u states, %u on the fast path, %u lookups\n", states,
          fast_states, lookups);
   free(mem);
   free(cref);
   free(cfast);
}

/* Whole requests through nv40_3d_texture_sample (what the fragment
 * program interpreter calls): TEX, TXB, TXL over quads whose fragments
 * share their derivatives or not (the fast path reuses the LOD of equal
 * derivatives), anisotropy on and off, cubes. */
static void
test_requests(void)
{
   uint8_t *mem = malloc(MEM_SIZE);
   struct nv40_3d *cref = calloc(1, sizeof(*cref));
   struct nv40_3d *cfast = calloc(1, sizeof(*cfast));
   static const uint8_t rates[] = { 1, 2, 4, 8, 16 };
   static const unsigned ops[] = {
      NVISA_NV40_FP_OP_TEX, NVISA_NV40_FP_OP_TXB, NVISA_NV40_FP_OP_TXL,
   };
   unsigned states = 0, bad = 0;
   random_bytes(mem, MEM_SIZE);

   while (states < 1500) {
      struct nv40_3d_tex_unit *ref = &cref->tex[0], *fast = &cfast->tex[0];
      unsigned fi;
      if (!random_unit(ref, mem, &fi))
         continue;
      states++;
      ref->aniso = rates[rnd_below(5)];
      random_cache(&cref->tex_cache, ref);
      memcpy(&cfast->tex_cache, &cref->tex_cache, sizeof(cref->tex_cache));
      *fast = *ref;
      ref->reference = true;
      ref->cache = &cref->tex_cache;
      fast->cache = &cfast->tex_cache;
      nv40_3d_tex_fast_setup(ref);
      nv40_3d_tex_fast_setup(fast);
      unsigned w = ref->level[0].w, h = ref->level[0].h;
      for (unsigned k = 0; k < 16; k++) {
         struct nvsim_tex_request req;
         memset(&req, 0, sizeof(req));
         req.unit = 0;
         req.op = ops[rnd_below(3)];
         req.mask = rnd_below(16) | (rnd_below(2) ? 0xf : 0);
         bool shared = rnd_below(2);
         for (unsigned f = 0; f < 4; f++) {
            for (unsigned c = 0; c < 4; c++)
               req.coord[f][c] = c < 3 && ref->cube && rnd_below(8)
                                    ? rnd_unit() * 2.0f - 1.0f
                                    : rnd_coord(c ? h : w, ref->rect);
            for (unsigned c = 0; c < 4; c++) {
               float s = rnd_below(4) ? 8.0f / (w + h) : 1.0f;
               req.ddx[f][c] = shared && f ? req.ddx[0][c]
                               : rnd_below(8) ? (rnd_unit() - 0.5f) * s
                                              : rnd_coord(w, false);
               req.ddy[f][c] = shared && f ? req.ddy[0][c]
                               : rnd_below(8) ? (rnd_unit() - 0.5f) * s
                                              : rnd_coord(h, false);
            }
            req.lod[f] = rnd_lambda(ref->num_levels);
         }
         float a[4][4], b[4][4];
         memset(a, 0, sizeof(a));
         memset(b, 0, sizeof(b));
         nv40_3d_texture_sample(cref, &req, a);
         nv40_3d_texture_sample(cfast, &req, b);
         if (memcmp(a, b, sizeof(a)) && bad++ < 10)
            fprintf(stderr, "state %u (format 0x%x, %ux%u, aniso %u, op "
                    "0x%x): results differ\n", states, ref->format, w, h,
                    ref->aniso, req.op);
      }
      if (memcmp(cref->tex_cache.tag, cfast->tex_cache.tag,
                 sizeof(cref->tex_cache.tag)) ||
          memcmp(cref->tex_cache.data, cfast->tex_cache.data,
                 sizeof(cref->tex_cache.data))) {
         if (bad++ < 10)
            fprintf(stderr, "state %u: the texture caches differ\n", states);
      }
   }
   CHECK_EQ(bad, 0);
   free(mem);
   free(cref);
   free(cfast);
}

int
main(int argc, char **argv)
{
   static const struct nvt_case cases[] = {
      { "fast_vs_reference", test_fast_vs_reference },
      { "requests", test_requests },
      { NULL, NULL },
   };
   return nvt_main(argc, argv, cases);
}
