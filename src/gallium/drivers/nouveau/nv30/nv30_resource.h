#ifndef NV30_RESOURCE_H
#define NV30_RESOURCE_H

#include <stdint.h>

#include "pipe/p_state.h"

/* The hardware ignores the low 6 bits of a render target's offset
 * (upstream nv30 driver, fact). */
#define NV30_RT_OFFSET_ALIGN 64

struct nouveau_bo;
struct pipe_screen;
struct pipe_context;

/* Buffers and textures.
 *  - constant buffers live in malloc memory (data): the VP takes its
 *    constants through methods and the FP has them patched into its code;
 *  - other buffers are GART buffer objects, mapped by the CPU;
 *  - textures and render targets are VRAM buffer objects, level after
 *    level, each level all its slices, each array layer / cube face the
 *    whole chain.  On curie every level has level 0's pitch (the texture
 *    units read LINEAR textures of any size).  On rankine (chip table
 *    tex_formats nv30) the units read only power-of-two textures in
 *    packed levels, texels in swizzled order, or rectangles (pitch
 *    linear, one level): see nv30_layout_packed.
 */
struct nv30_resource {
   struct pipe_resource base;
   struct nouveau_bo *bo;
   uint8_t *data;
   uint32_t domain;           /* NOUVEAU_BO_VRAM and/or _GART: where
                               * submissions may find it */
   uint32_t layer_stride;
   /* rankine: levels packed one after the other, each pitch the level's
    * own row of blocks (power-of-two textures) */
   bool packed;
   /* and their texels in swizzled order (packed, not compressed) */
   bool swizzled;
   struct {
      uint32_t offset;
      uint32_t pitch;         /* bytes per row of blocks */
      uint32_t slice_stride;  /* bytes per 3D slice */
   } level[PIPE_MAX_TEXTURE_LEVELS];
   /* bumped by every CPU write of a texture (nv30_transfer_map/unmap,
    * which uploads, copies, blits and clears go through) */
   uint32_t serial;
   /* rankine, a compressed texture not packed (NPOT): the uncompressed
    * copy its views sample, and the serial it was decoded at
    * (nv30_tex_companion.c) */
   struct pipe_resource *companion;
   uint32_t companion_serial;
};

static inline struct nv30_resource *
nv30_resource(struct pipe_resource *pres)
{
   return (struct nv30_resource *)pres;
}

/* What the texture units read of a texture: its companion if it has
 * one, else itself. */
static inline struct nv30_resource *
nv30_resource_sampled(struct pipe_resource *pres)
{
   struct nv30_resource *res = nv30_resource(pres);

   return res->companion ? nv30_resource(res->companion) : res;
}

/* A render target view: bo + offset of one level/layer. */
struct nv30_surface {
   struct pipe_surface base;
   uint32_t offset;
   uint32_t pitch;
   bool swizzled;             /* RT_FORMAT TYPE_SWIZZLED (rankine) */
   /* Rankine: a 3D texture's slices are swizzled together, so no target
    * layout covers one; a slice is drawn into this 2D copy instead
    * (offset and pitch are its), filled when bound or when the texture is
    * written while bound (nv30_surface_fill), copied back when the
    * framebuffer lets go of it or the texture is mapped
    * (nv30_surface_writeback).  A depth buffer unlike its colour buffer
    * has one too (nv30_surface_match_zeta). */
   struct pipe_resource *shadow;
   bool shadow_dirty;         /* drawn into since the last copy back */
   /* the surface's pixels start at x = shadow_x of its shadow (a depth
    * buffer's, when its colour buffer is drawn as the 16x2 target of a
    * small level: nv30_swizzled_target) */
   unsigned shadow_x;
};

/* The resource a surface's draws write: its texture's or its shadow. */
static inline struct nv30_resource *
nv30_surface_storage(struct nv30_surface *sf)
{
   return (struct nv30_resource *)(sf->shadow ? sf->shadow :
                                   sf->base.texture);
}

/* Copies a surface's shadow back into its texture, if drawn into since
 * the last time. */
void nv30_surface_writeback(struct pipe_context *pipe, struct nv30_surface *sf);

/* Copies a surface's texture into its shadow (binding it, or after the
 * texture was written otherwise). */
void nv30_surface_fill(struct pipe_context *pipe, struct nv30_surface *sf);

/* The bound surfaces of pres drawn through a shadow: written back into
 * pres (before it is read or written otherwise than by drawing), filled
 * from it (after it was written so). */
void nv30_writeback_bound(struct pipe_context *pipe,
                          struct pipe_resource *pres);
void nv30_fill_bound(struct pipe_context *pipe, struct pipe_resource *pres);

/* Gives the bound depth buffer a shadow in the colour buffer's layout
 * and, when swizzled, its size, where the two differ (rankine: one
 * RT_FORMAT type and swizzled size), or drops it. */
void nv30_surface_match_zeta(struct pipe_context *pipe);

/* The swizzled render target in which the hardware draws a swizzled
 * image of w x h pixels of format at byte offset: *rw x *rh pixels
 * (RT_FORMAT LOG2_WIDTH/HEIGHT) with the image from x = *origin_x on
 * row 0 (VIEWPORT_TX_ORIGIN).  Returns whether that is not the image
 * itself (the 16x2 target of a small level, nv30_resource.c). */
bool nv30_swizzled_target(enum pipe_format format, unsigned w, unsigned h,
                          uint32_t offset, unsigned *rw, unsigned *rh,
                          unsigned *origin_x);

/* Index of block (x, y, z) of a swizzled level of w x h x d blocks
 * (powers of two): the bits of x, y and z interleaved in that order,
 * lowest first, while each coordinate has bits left (the swizzled
 * layout of the rankine/curie texture units and render targets: upstream
 * Mesa's nv30_transfer.c swizzle3d, envytools-docs' "swizzled surface"
 * objects, facts).
 */
static inline uint32_t
nv30_swizzle_index(unsigned x, unsigned y, unsigned z, unsigned w,
                   unsigned h, unsigned d)
{
   uint32_t v = 0;
   unsigned i = 0;

   for (w >>= 1, h >>= 1, d >>= 1; w | h | d; w >>= 1, h >>= 1, d >>= 1) {
      if (w) { v |= (x & 1) << i++; x >>= 1; }
      if (h) { v |= (y & 1) << i++; y >>= 1; }
      if (d) { v |= (z & 1) << i++; z >>= 1; }
   }
   return v;
}

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
