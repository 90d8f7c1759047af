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

struct nv40_3d_tex_unit {
   bool valid;
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

/* nvsim_tex_fn for the fragment program interpreter; data is the
 * struct nv40_3d. */
void nv40_3d_texture_sample(void *data, const struct nvsim_tex_request *req,
                            float result[4][4]);

#endif
