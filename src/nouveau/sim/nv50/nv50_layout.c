/*
 * Pitch and block-linear address functions (g80-surface.rst "Blocklinear
 * surfaces", whose pseudocode this follows; constants from hwdb
 * g80_fifo.xml g80_gob and g80_defs.xml block_dimensions).
 */
#include "nv50_layout.h"
#include "g80_defs.xml.h"
#include "g80_fifo.xml.h"
#include "nv_m2mf.xml.h"

bool
nv50_layout_blocklinear(struct nv50_layout *l, uint32_t dimensions,
                        uint32_t width_bytes, uint32_t height, uint32_t depth)
{
   /* the same fields as G80_M2MF BLOCKLINEAR_DIMENSIONS_IN */
   uint32_t w = (dimensions & G80_M2MF_BLOCKLINEAR_DIMENSIONS_IN_WIDTH__MASK) >>
                G80_M2MF_BLOCKLINEAR_DIMENSIONS_IN_WIDTH__SHIFT;
   uint32_t h = (dimensions & G80_M2MF_BLOCKLINEAR_DIMENSIONS_IN_HEIGHT__MASK) >>
                G80_M2MF_BLOCKLINEAR_DIMENSIONS_IN_HEIGHT__SHIFT;
   uint32_t d = (dimensions & G80_M2MF_BLOCKLINEAR_DIMENSIONS_IN_DEPTH__MASK) >>
                G80_M2MF_BLOCKLINEAR_DIMENSIONS_IN_DEPTH__SHIFT;
   *l = (struct nv50_layout) {
      .blocklinear = true,
      .width_bytes = width_bytes, .height = height, .depth = depth,
      .block_w = w, .block_h = h, .block_d = d,
   };
   return w <= G80_GOB_BLOCK_LOG2_MAX && h <= G80_GOB_BLOCK_LOG2_MAX &&
          d <= G80_GOB_BLOCK_LOG2_MAX;
}

void
nv50_layout_autosize(struct nv50_layout *l)
{
   while (l->block_w > 0 &&
          ((uint64_t)G80_GOB_WIDTH_BYTES << (l->block_w - 1)) >= l->width_bytes)
      l->block_w--;
   while (l->block_h > 0 &&
          ((uint64_t)G80_GOB_HEIGHT << (l->block_h - 1)) >= l->height)
      l->block_h--;
   while (l->block_d > 0 &&
          ((uint64_t)G80_GOB_DEPTH << (l->block_d - 1)) >= l->depth)
      l->block_d--;
}

static uint64_t
div_up(uint64_t a, uint64_t b)
{
   return (a + b - 1) / b;
}

uint64_t
nv50_layout_offset(const struct nv50_layout *l, uint32_t x, uint32_t y,
                   uint32_t z)
{
   if (!l->blocklinear)
      return ((uint64_t)z * l->height + y) * l->pitch + x;

   const uint64_t gob_bytes = G80_GOB_SIZE;
   const uint64_t gobs_x = 1u << l->block_w, gobs_y = 1u << l->block_h;
   const uint64_t block_bytes_x = G80_GOB_WIDTH_BYTES * gobs_x;
   const uint64_t block_rows = G80_GOB_HEIGHT * gobs_y;
   const uint64_t block_layers = G80_GOB_DEPTH << l->block_d;
   const uint64_t block_bytes = gob_bytes * gobs_x * gobs_y *
                                (1u << l->block_d);
   const uint64_t blocks_x = div_up(l->width_bytes, block_bytes_x);
   const uint64_t blocks_y = div_up(l->height, block_rows);

   uint64_t block = x / block_bytes_x + (y / block_rows) * blocks_x +
                    (z / block_layers) * blocks_x * blocks_y;
   uint64_t xb = x % block_bytes_x, yb = y % block_rows, zb = z % block_layers;
   uint64_t gob = xb / G80_GOB_WIDTH_BYTES + (yb / G80_GOB_HEIGHT) * gobs_x +
                  zb * gobs_x * gobs_y;
   return block * block_bytes + gob * gob_bytes +
          xb % G80_GOB_WIDTH_BYTES + (yb % G80_GOB_HEIGHT) * G80_GOB_WIDTH_BYTES;
}

uint32_t
nv50_layout_run(const struct nv50_layout *l, uint32_t x)
{
   if (!l->blocklinear)
      return UINT32_MAX;
   return G80_GOB_WIDTH_BYTES - x % G80_GOB_WIDTH_BYTES;
}

uint64_t
nv50_layout_size(const struct nv50_layout *l)
{
   if (!l->blocklinear)
      return (uint64_t)l->pitch * l->height * (l->depth ? l->depth : 1);
   const uint64_t block_bytes_x = (uint64_t)G80_GOB_WIDTH_BYTES << l->block_w;
   const uint64_t block_rows = (uint64_t)G80_GOB_HEIGHT << l->block_h;
   const uint64_t block_layers = (uint64_t)G80_GOB_DEPTH << l->block_d;
   const uint64_t block_bytes = (uint64_t)G80_GOB_SIZE << (l->block_w +
                                l->block_h + l->block_d);
   return div_up(l->width_bytes, block_bytes_x) *
          div_up(l->height, block_rows) *
          div_up(l->depth ? l->depth : 1, block_layers) * block_bytes;
}
