/*
 * Curie texture units (nv40_3d_texture.c): the state decoded per draw and
 * the sampler the fragment program interpreter calls.
 */
#ifndef NV40_3D_TEXTURE_H
#define NV40_3D_TEXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "nv30-40_3d.xml.h"
#include "nv40_shader_exec.h"

/* Curie has 16 fragment texture units (hwdb nv30-40_3d.xml, group
 * nv30_tex_unit: upstream's nv30_screen.c exposes 16 samplers). */
#define NV40_3D_TEX_UNITS NV40_3D_TEX_OFFSET__LEN
#define NV40_3D_TEX_MAX_LEVELS 13

struct nv40_3d;
enum nvsim_status;

/*
 * The texture cache (nv40_3d_texture.c has what is documented and what is
 * assumed): direct-mapped lines of texture memory, tagged by aperture and
 * address, filled on a miss and kept until TEX_CACHE_CTL INVALIDATE.
 */
#define NV40_3D_TEX_CACHE_LINE 64
#define NV40_3D_TEX_CACHE_LINES 1024

struct nv40_3d_tex_cache {
   uint64_t tag[NV40_3D_TEX_CACHE_LINES];   /* line address + 1; 0: empty */
   uint8_t data[NV40_3D_TEX_CACHE_LINES][NV40_3D_TEX_CACHE_LINE];
};

struct nv40_3d_tex_level {
   const uint8_t *map;      /* layer 0 of the level */
   unsigned w, h, d;
   uint32_t pitch;
   uint64_t slice;          /* bytes per z slice (linear layout) */
   uint8_t log2w, log2h, log2d;
};

/* A unit's fast fetch (nv40_3d_texture_fast.c), set up once per draw
 * from its state: for formats of packed unsigned-normalised or signed
 * channels, each output R G B A is a table lookup of a bit field of the
 * texel (TEX_SWIZZLE, SIGNED_*, GAMMA_DECREASE_FILTER folded into which
 * field and which table); other formats decode as the reference does and
 * route through sel. */
enum nv40_3d_tex_decode {
   NV40_3D_TEX_DECODE_FIELDS8,     /* the fields of a 1, 2, 4-byte texel */
   NV40_3D_TEX_DECODE_FIELDS16,
   NV40_3D_TEX_DECODE_FIELDS32,
   NV40_3D_TEX_DECODE_REFERENCE,   /* nv40_3d_tex_decode, then sel */
};

struct nv40_3d_tex_fast {
   bool on;                 /* levels sampled by the fast path */
   enum nv40_3d_tex_decode decode;
   const float *tab[4];     /* per output: the field's values */
   uint8_t shift[4];
   uint32_t mask[4];
   uint8_t sel[4];          /* per output: channel X..W, 4 zero, 5 one */
   bool pow2;               /* every level's w and h are powers of two */
   /* the level selection of the reference's sample_one, per filter:
    * LINEAR for magnification and minification, the minification's
    * mipmap mode (0 none, 1 nearest, 2 linear; fp32's point sampling
    * folded in), the level range and the base level */
   bool linear_mag, linear_min;
   uint8_t mip;
   float lo, hi;
   unsigned max_level, base_level;
   /* the texture cache: cache address = host address + delta; texels in
    * [full_lo, full_hi) lie in lines the texture covers whole */
   uint64_t delta;
   const uint8_t *full_lo, *full_hi;
};

struct nv40_3d_tex_unit {
   bool valid;
   bool reference;          /* NVSIM_REFERENCE: no fast path */
   struct nv40_3d_tex_fast fast;
   /* where the texels are: the host copy of the texture's first byte and
    * the cache tag address of that byte (aperture, offset) */
   struct nv40_3d_tex_cache *cache;
   const uint8_t *host;
   uint64_t size;           /* bytes from host, all levels and faces */
   uint64_t cache_addr;
   uint32_t format;         /* FORMAT field value (NV40_3D_TEX_FORMAT_FORMAT_*) */
   unsigned bpp;
   bool swizzled, rect, cube, one_d, three_d;
   unsigned num_levels;
   struct nv40_3d_tex_level level[NV40_3D_TEX_MAX_LEVELS];
   uint64_t layer_size;
   uint32_t wrap[3];
   uint32_t min, mag;
   unsigned aniso;          /* most samples per lookup (TEX_ENABLE ANISO) */
   bool point_only;         /* format the unit cannot filter (fp32) */
   float lod_bias, min_lod, max_lod;
   uint32_t rcomp;
   uint32_t swz;
   uint32_t signed_bits, srgb_bits;
   float border[4];         /* RGBA */
};

/* What one texture unit's methods say, in the generation's own layout
 * (curie: nv40_3d_texture.c, rankine: sim/nv30/nv30_3d_texture.c), for
 * the shared decode of nv40_3d_validate_textures. */
struct nv40_3d_tex_desc {
   bool enabled;
   uint32_t format;         /* as curie's FORMAT (NV40_3D_TEX_FORMAT_FORMAT_*);
                             * 0 for one not modelled */
   uint32_t hw_format;      /* the FORMAT field as written, for errors */
   unsigned w, h, d, levels;
   bool linear;             /* pitch-linear rows (else swizzled / S3TC) */
   bool rect;               /* unnormalized coordinates */
   uint32_t pitch;          /* bytes per row when linear */
   uint32_t srgb_bits;
   float lod_bias, min_lod, max_lod;
   unsigned aniso;          /* most samples per lookup */
};

/* Decodes the enabled units among `units` (bit per unit); traps on a
 * texture outside its buffer or of a kind not modelled. */
enum nvsim_status nv40_3d_validate_textures(struct nv40_3d *ctx,
                                            uint32_t units);

/* TEX_CACHE_CTL. */
void nv40_3d_tex_cache_ctl(struct nv40_3d *ctx, uint32_t data);

/* One lookup of a valid unit at coordinates coord and level of detail
 * lambda (lod bias included): what nv40_3d_texture_sample does per
 * fragment, for the fast-vs-reference tests. */
void nv40_3d_tex_unit_sample(const struct nv40_3d_tex_unit *u,
                             const float coord[4], float lambda,
                             float out[4]);

/* nv40_3d_texture_fast.c: sets up u->fast from the unit's decoded state
 * (u->reference, format, swizzle, ... and the cache fields). */
void nv40_3d_tex_fast_setup(struct nv40_3d_tex_unit *u);

/* One lookup as the reference's sample_one makes it, on a unit whose
 * fast.on is set. */
void nv40_3d_tex_fast_sample(const struct nv40_3d_tex_unit *u,
                             const float coord[4], float lambda,
                             float out[4]);

/* The reference's pieces the fast path shares (nv40_3d_texture.c):
 * channels X Y Z W of the texel at p (sRGB decoded); the channel
 * TEX_SWIZZLE routes to output c (R G B A): 0..3 = X..W, 4 zero, 5 one;
 * n bytes of texel data at p through the texture cache. */
void nv40_3d_tex_decode(const struct nv40_3d_tex_unit *u, const uint8_t *p,
                        float ch[4]);
unsigned nv40_3d_tex_swizzle_source(uint32_t swz, unsigned c);
const uint8_t *nv40_3d_tex_cache_read(const struct nv40_3d_tex_unit *u,
                                      const uint8_t *p, unsigned n,
                                      uint8_t tmp[16]);

/* nvsim_tex_fn for the fragment program interpreter; data is the
 * struct nv40_3d. */
void nv40_3d_texture_sample(void *data, const struct nvsim_tex_request *req,
                            float result[4][4]);

#endif
