/*
 * Tesla resources: buffers and textures, in the NV50 VM (a buffer's
 * address is its bo->offset, which the kernel gives at GEM_NEW).
 */
#ifndef NV50_RESOURCE_H
#define NV50_RESOURCE_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_state.h"

struct nouveau_bo;

/* Where a level of a blocklinear or pitch surface lies. */
struct nv50_level {
   uint64_t offset;      /* from the start of a layer */
   /* pitch: bytes per row; blocklinear: the width rounded up to whole
    * gobs, in bytes (the surface's size in x, g80-surface.rst) */
   uint32_t pitch;
   /* blocklinear: log2 gobs per block in y and z (RT_BLOCK_DIMENSIONS's
    * HEIGHT and DEPTH fields; width is always 1 gob here) */
   uint8_t block_h, block_d;
};

struct nv50_resource {
   struct pipe_resource base;
   struct nouveau_bo *bo;
   uint32_t domain;      /* NOUVEAU_BO_VRAM or _GART, where it went */
   bool linear;          /* pitch layout (buffers always) */
   /* multisampled: log2 of the block of stored pixels a pixel takes
    * (nv50_msaa.c); the levels, transfers and copies are in stored
    * pixels */
   uint8_t ms_x, ms_y;
   uint64_t layer_stride;
   struct nv50_level level[PIPE_MAX_TEXTURE_LEVELS];
};

static inline struct nv50_resource *
nv50_resource(struct pipe_resource *res)
{
   return (struct nv50_resource *)res;
}

/* nv50_layout.c: the blocklinear layout of envytools-docs
 * hw/memory/g80-surface.rst (gobs of 64 bytes x 4 rows x 1 on
 * G80:GF100, blocks of 2^h x 2^d gobs in y and z here). */
#define NV50_GOB_WIDTH   64   /* bytes */
#define NV50_GOB_HEIGHT  4    /* rows */
#define NV50_GOB_BYTES   (NV50_GOB_WIDTH * NV50_GOB_HEIGHT)

/* The smallest block covering `rows` rows / `depth` slices (at most 32
 * gobs, the doc's limit), as the auto-sizing binding points (textures)
 * would shrink a larger one to. */
unsigned nv50_layout_block_log2(unsigned extent, unsigned gob_extent);
/* Bytes of a blocklinear surface of width_bytes x rows x depth. */
uint64_t nv50_layout_size(uint32_t width_bytes, uint32_t rows,
                          uint32_t depth, unsigned block_h,
                          unsigned block_d);
/* Offset of the byte at (xb bytes, y, z) in such a surface. */
uint64_t nv50_layout_offset(uint32_t width_bytes, uint32_t rows,
                            unsigned block_h, unsigned block_d,
                            uint32_t xb, uint32_t y, uint32_t z);

/* nv50_resource.c */
struct pipe_resource *nv50_resource_create(struct pipe_screen *pscreen,
                                           const struct pipe_resource *templ);
void nv50_resource_destroy(struct pipe_screen *pscreen,
                           struct pipe_resource *res);
/* nv50_handle.c: winsys handles (GBM, EGL images, DRI) */
struct winsys_handle;
struct pipe_resource *nv50_resource_from_handle(struct pipe_screen *pscreen,
                                                const struct pipe_resource *templ,
                                                struct winsys_handle *whandle,
                                                unsigned usage);
bool nv50_resource_get_handle(struct pipe_screen *pscreen,
                              struct pipe_context *ctx,
                              struct pipe_resource *pres,
                              struct winsys_handle *whandle, unsigned usage);
bool nv50_resource_get_param(struct pipe_screen *pscreen,
                             struct pipe_context *ctx,
                             struct pipe_resource *pres, unsigned plane,
                             unsigned layer, unsigned level,
                             enum pipe_resource_param param, unsigned usage,
                             uint64_t *value);
/* The VM address of layer `layer` of `level`. */
uint64_t nv50_resource_address(const struct nv50_resource *res,
                               unsigned level, unsigned layer);

#endif
