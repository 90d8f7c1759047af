/*
 * Surface layouts of Tesla (envytools-docs/hw/memory/g80-surface.rst):
 * pitch surfaces and block-linear ones, as one address function that
 * every engine model (M2MF, 2D, and later render targets and textures)
 * uses.
 *
 * A block-linear surface is stored in gobs of 64 bytes x 4 rows x 1 (G80:
 * GF100, hwdb g80_gob) grouped into blocks of 2^bw x 2^bh x 2^bd gobs;
 * blocks are laid out x first, then y, then z, and so are the gobs in a
 * block and the bytes in a gob (x, then y).  x is in bytes everywhere here
 * (element x times the element size).  Addresses are what the VM shows:
 * the storage-type-dependent low-level swizzle below the VM is invisible
 * to software and not modelled.
 */
#ifndef NV50_LAYOUT_H
#define NV50_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

struct nv50_layout {
   bool blocklinear;
   /* pitch: bytes from one row to the next */
   uint32_t pitch;
   /* block-linear: the surface's width in bytes, height and depth in
    * rows/layers, and log2 of the gobs per block in x, y, z (0..5) */
   uint32_t width_bytes, height, depth;
   uint8_t block_w, block_h, block_d;
};

/* Fills a block-linear layout from a block_dimensions word (hwdb
 * g80_defs.xml block_dimensions: WIDTH bits 0-3, HEIGHT 4-7, DEPTH 8-11,
 * each a log2 count of gobs).  false when a log2 is above 5. */
bool nv50_layout_blocklinear(struct nv50_layout *l, uint32_t dimensions,
                             uint32_t width_bytes, uint32_t height,
                             uint32_t depth);

/* Auto-sizing binding points (texture units, g80-surface.rst) shrink the
 * block to the smallest that covers the surface in each dimension. */
void nv50_layout_autosize(struct nv50_layout *l);

/* Byte offset of (x bytes, y, z) from the surface's start. */
uint64_t nv50_layout_offset(const struct nv50_layout *l, uint32_t x,
                            uint32_t y, uint32_t z);

/* Bytes from x on that are contiguous in memory on row y, layer z
 * (block-linear: to the end of the gob's row; pitch: unbounded). */
uint32_t nv50_layout_run(const struct nv50_layout *l, uint32_t x);

/* Size of the whole surface in bytes (block-linear: whole blocks in every
 * dimension; pitch: pitch * height * depth). */
uint64_t nv50_layout_size(const struct nv50_layout *l);

#endif
