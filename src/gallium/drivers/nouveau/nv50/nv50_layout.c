/*
 * The blocklinear layout of G80:GF100 (envytools-docs
 * hw/memory/g80-surface.rst, "Blocklinear surfaces"): a surface is cut
 * into blocks, stored x first, then y, then z; a block into gobs of
 * 64 bytes x 4 rows, stored the same way; a gob's bytes row by row.
 * Blocks here are one gob wide (render targets take block widths 0 and 1
 * only, the doc says) and as high and deep as the surface needs, up to
 * 32 gobs.  The doc's "gobs_per_bigtils_x" is its typo for
 * gobs_per_block_x.
 */

#include "util/u_math.h"

#include "nv50_resource.h"

unsigned
nv50_layout_block_log2(unsigned extent, unsigned gob_extent)
{
   unsigned l = 0;

   /* the doc: block dimensions 0-5 */
   while (l < 5 && (gob_extent << l) < extent)
      l++;
   return l;
}

uint64_t
nv50_layout_size(uint32_t width_bytes, uint32_t rows, uint32_t depth,
                 unsigned block_h, unsigned block_d)
{
   uint64_t blocks_x = DIV_ROUND_UP(width_bytes, NV50_GOB_WIDTH);
   uint64_t blocks_y = DIV_ROUND_UP(rows, NV50_GOB_HEIGHT << block_h);
   uint64_t blocks_z = DIV_ROUND_UP(depth, 1u << block_d);

   return blocks_x * blocks_y * blocks_z *
          ((uint64_t)NV50_GOB_BYTES << (block_h + block_d));
}

uint64_t
nv50_layout_offset(uint32_t width_bytes, uint32_t rows, unsigned block_h,
                   unsigned block_d, uint32_t xb, uint32_t y, uint32_t z)
{
   const uint64_t block_bytes = (uint64_t)NV50_GOB_BYTES << (block_h + block_d);
   const uint32_t block_rows = NV50_GOB_HEIGHT << block_h;
   const uint64_t blocks_x = DIV_ROUND_UP(width_bytes, NV50_GOB_WIDTH);
   const uint64_t blocks_y = DIV_ROUND_UP(rows, block_rows);
   /* one gob per block in x: a block's gobs are y then z */
   uint64_t block = (xb / NV50_GOB_WIDTH) +
                    (y / block_rows) * blocks_x +
                    (uint64_t)(z >> block_d) * blocks_x * blocks_y;
   uint32_t yb = y % block_rows, zb = z & ((1u << block_d) - 1);
   uint64_t gob = (yb / NV50_GOB_HEIGHT) +
                  (uint64_t)zb * (1u << block_h);

   return block * block_bytes + gob * NV50_GOB_BYTES +
          (yb % NV50_GOB_HEIGHT) * NV50_GOB_WIDTH + xb % NV50_GOB_WIDTH;
}
