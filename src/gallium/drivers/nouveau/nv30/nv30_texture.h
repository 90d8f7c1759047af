#ifndef NV30_TEXTURE_H
#define NV30_TEXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_state.h"

struct nv30_sampler_state {
   struct pipe_sampler_state pipe;
   uint32_t wrap, filter, border;
   /* filter with the minification filter made MIPMAP_NEAREST, for views
    * that start above TEX_OFFSET's level (nv30_emit_textures) */
   uint32_t filter_one_level;
   uint32_t format;            /* TEX_FORMAT bits the sampler decides */
   uint32_t enable;            /* TEX_ENABLE bits it decides (ANISO) */
   bool compare;               /* depth compare (shadow sampler) */
};

struct nv30_sampler_view {
   struct pipe_sampler_view pipe;
   bool valid;                 /* a format and layout the GPU samples */
   uint32_t offset;            /* of the first level, in the buffer */
   uint32_t format, swizzle, npot_size;
   /* rankine rectangles: TEX_NPOT_SIZE of the rows of every level of the
    * view, which a mipmapped NPOT lookup reads (nv30_tex_npot.c) */
   uint32_t npot_size_levels;
   uint32_t size1;             /* TEX_SIZE1 (curie) */
   uint32_t format_nocompare;  /* format word for samplers without compare */
   uint32_t gamma;             /* TEX_WRAP bits of sRGB formats */
   uint32_t filter;            /* TEX_FILTER bits of SNORM formats */
   unsigned max_level;         /* levels after the first */
   unsigned lod_base;          /* levels between TEX_OFFSET and the view's
                                * first level (cube views, see
                                * nv30_sampler_view_create) */
};

static inline struct nv30_sampler_view *
nv30_sampler_view(struct pipe_sampler_view *view)
{
   return (struct nv30_sampler_view *)view;
}

#include "nvhwdb_chips.h"
struct nv30_context;

/* GL's MAX_TEXTURE_MAX_ANISOTROPY: the most samples TEX_ENABLE ANISO
 * takes. */
float nv30_texture_max_anisotropy(const struct nvhwdb_chip *chip);

/* Sends TEX_CACHE_CTL INVALIDATE (see nv30_texture.c for when). */
void nv30_texture_cache_invalidate(struct nv30_context *nv30);

/* Whether the chip's texture units read rankine's layouts (chip table
 * tex_formats) */
static inline bool
nv30_rankine_units(const struct nvhwdb_chip *chip)
{
   return chip->tex_formats == NVHWDB_TEX_FORMATS_NV30;
}

/* Whether the chip's units sample views of this format and target. */
bool nv30_texture_format_supported(const struct nvhwdb_chip *chip,
                                   enum pipe_format format,
                                   enum pipe_texture_target target);

/* Whether the chip's units read this format's power-of-two textures as
 * packed levels (rankine: swizzled texels, or S3TC rows) rather than
 * linear (nv30_resource.c). */
bool nv30_texture_format_packed(const struct nvhwdb_chip *chip,
                                enum pipe_format format);

struct pipe_screen;
struct nv30_resource;

/* nv30_tex_companion.c: rankine's NPOT compressed textures, sampled from
 * an uncompressed copy.  Whether res needs one; its companion (made on
 * the first call); and the companions of the bound views decoded again
 * where their textures were written since (before a draw's emission:
 * it maps buffers). */
bool nv30_companion_needed(const struct nvhwdb_chip *chip,
                           const struct nv30_resource *res);
struct nv30_resource *nv30_companion(struct pipe_screen *pscreen,
                                     struct nv30_resource *res);
void nv30_companions_prepare(struct nv30_context *nv30);

#endif
