#ifndef NV30_RESOURCE_H
#define NV30_RESOURCE_H

#include <stdint.h>

#include "pipe/p_state.h"

struct nouveau_bo;
struct pipe_screen;
struct pipe_context;

/* Buffers and textures.
 *  - constant buffers live in malloc memory (data): the VP takes its
 *    constants through methods and the FP has them patched into its code;
 *  - other buffers are GART buffer objects, mapped by the CPU;
 *  - textures and render targets are VRAM buffer objects in linear (pitch)
 *    layout: level after level, each level all its slices, each array
 *    layer / cube face the whole chain.
 */
struct nv30_resource {
   struct pipe_resource base;
   struct nouveau_bo *bo;
   uint8_t *data;
   uint32_t domain;           /* NOUVEAU_BO_VRAM and/or _GART: where
                               * submissions may find it */
   uint32_t layer_stride;
   struct {
      uint32_t offset;
      uint32_t pitch;         /* bytes per row of blocks */
      uint32_t slice_stride;  /* bytes per 3D slice */
   } level[PIPE_MAX_TEXTURE_LEVELS];
};

static inline struct nv30_resource *
nv30_resource(struct pipe_resource *pres)
{
   return (struct nv30_resource *)pres;
}

/* A render target view: bo + offset of one level/layer. */
struct nv30_surface {
   struct pipe_surface base;
   uint32_t offset;
   uint32_t pitch;
};

static inline struct nv30_surface *
nv30_surface(struct pipe_surface *psf)
{
   return (struct nv30_surface *)psf;
}

static inline uint32_t
nv30_resource_offset(const struct nv30_resource *res, unsigned level,
                     unsigned layer)
{
   if (res->base.target == PIPE_TEXTURE_3D)
      return res->level[level].offset + layer * res->level[level].slice_stride;
   return res->level[level].offset + layer * res->layer_stride;
}

/* Reads the whole of a buffer resource's bytes [offset, offset+size) for
 * the CPU (index data, constant attribute values); NULL if it cannot be
 * mapped.  Waits for the GPU to finish writing it.
 */
const void *nv30_buffer_map_read(struct pipe_context *pipe,
                                 struct pipe_resource *pres, unsigned offset);

#endif
