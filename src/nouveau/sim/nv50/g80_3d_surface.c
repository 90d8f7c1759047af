/*
 * Render targets and the zeta buffer of the Tesla 3D class, as their
 * methods describe them (hwdb g80_3d.xml RT_*, ZETA_*; upstream's
 * nv50_validate_fb programs the same): an address in the DMA_COLOR(i) /
 * DMA_ZETA object, a format, and a pitch or block-linear layout
 * (sim/nv50/nv50_layout.c, envytools-docs hw/memory/g80-surface.rst).
 *
 * - A colour target is pitch when RT_HORIZ's LAYOUT is PITCH; its WIDTH is
 *   then the pitch in bytes.  Otherwise WIDTH is in pixels and
 *   RT_BLOCK_DIMENSIONS gives the block.
 * - The zeta buffer is always block-linear (g80-surface.rst: pitch
 *   surfaces "cannot be used for zeta buffers"), ZETA_HORIZ/VERT in pixels.
 * - Layers: 2D arrays are LAYER_STRIDE (in words, hwdb shr 2) apart;
 *   RT_ARRAY_MODE MODE 3D makes the layer the z of a 3D block-linear
 *   surface of LAYERS slices.
 * Assumptions (not documented): a pitch target is pitch / cpp pixels
 * wide; a LAYERS of 0 is one layer (upstream writes RT_ARRAY_MODE 0 for
 * pitch targets, which render).
 */
#include <stdio.h>

#include "g80_3d.h"

enum nvsim_status
g80_3d_resolve_dma(struct g80_3d *ctx, uint32_t dma_mthd, const char *what,
                   struct nvsim_object **dma)
{
   uint32_t handle = g80_3d_reg(ctx, dma_mthd);
   *dma = handle ? nvsim_lookup(ctx->obj->chan, handle) : NULL;
   if (!*dma || !(*dma)->is_dma)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "%s: no DMA object bound (handle 0x%08x)", what,
                         handle);
   return NVSIM_OK;
}

static uint64_t
address(const struct g80_3d *ctx, uint32_t high, uint32_t low)
{
   return (uint64_t)g80_3d_reg(ctx, high) << 32 | g80_3d_reg(ctx, low);
}

enum nvsim_status
g80_3d_rt_surface(struct g80_3d *ctx, unsigned rt, struct g80_3d_surface *s)
{
   char what[24];
   snprintf(what, sizeof(what), "render target %u", rt);
   *s = (struct g80_3d_surface) { 0 };
   enum nvsim_status st = g80_3d_resolve_dma(ctx, G80_3D_DMA_COLOR(rt), what,
                                      &s->dma);
   if (st)
      return st;
   s->format = g80_3d_reg(ctx, G80_3D_RT_FORMAT(rt));
   if (!s->format)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "%s has RT_FORMAT 0 "
                         "(no surface)", what);
   s->cpp = g80_surface_format_cpp(s->format);
   if (!s->cpp)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "%s: RT_FORMAT 0x%x is "
                         "not modelled", what, s->format);
   s->address = address(ctx, G80_3D_RT_ADDRESS_HIGH(rt),
                        G80_3D_RT_ADDRESS_LOW(rt));
   uint32_t horiz = g80_3d_reg(ctx, G80_3D_RT_HORIZ(rt));
   uint32_t width = G80_3D_FIELD(horiz, G80_3D_RT_HORIZ_WIDTH);
   uint32_t array = g80_3d_reg(ctx, G80_3D_RT_ARRAY_MODE);
   s->height = g80_3d_reg(ctx, G80_3D_RT_VERT(rt));
   s->layers = G80_3D_FIELD(array, G80_3D_RT_ARRAY_MODE_LAYERS);
   if (!s->layers)
      s->layers = 1;
   s->layers_3d = (array & G80_3D_RT_ARRAY_MODE_MODE__MASK) ==
                  G80_3D_RT_ARRAY_MODE_MODE_3D;
   s->layer_stride = (uint64_t)g80_3d_reg(ctx, G80_3D_RT_LAYER_STRIDE(rt)) <<
                     G80_3D_RT_LAYER_STRIDE__SHR;
   if ((horiz & G80_3D_RT_HORIZ_LAYOUT__MASK) == G80_3D_RT_HORIZ_LAYOUT_PITCH) {
      if (s->layers_3d)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "%s: a pitch surface "
                            "cannot be 3D (RT_ARRAY_MODE MODE 3D)", what);
      s->width = width / s->cpp;
      s->layout = (struct nv50_layout) { .pitch = width, .height = s->height };
      return NVSIM_OK;
   }
   s->width = width;
   if (!nv50_layout_blocklinear(&s->layout,
                                g80_3d_reg(ctx, G80_3D_RT_BLOCK_DIMENSIONS(rt)),
                                s->width * s->cpp, s->height,
                                s->layers_3d ? s->layers : 1))
      return g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "%s: RT_BLOCK_DIMENSIONS "
                         "0x%x has a log2 above 5", what,
                         g80_3d_reg(ctx, G80_3D_RT_BLOCK_DIMENSIONS(rt)));
   return NVSIM_OK;
}

enum nvsim_status
g80_3d_zeta_surface(struct g80_3d *ctx, struct g80_3d_surface *s)
{
   *s = (struct g80_3d_surface) { 0 };
   enum nvsim_status st = g80_3d_resolve_dma(ctx, G80_3D_DMA_ZETA, "zeta", &s->dma);
   if (st)
      return st;
   s->format = g80_3d_reg(ctx, G80_3D_ZETA_FORMAT);
   s->cpp = g80_zeta_format_cpp(s->format);
   if (!s->cpp)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "ZETA_FORMAT 0x%x is not "
                         "modelled (coverage-sampled zeta)", s->format);
   s->address = address(ctx, G80_3D_ZETA_ADDRESS_HIGH, G80_3D_ZETA_ADDRESS_LOW);
   s->width = g80_3d_reg(ctx, G80_3D_ZETA_HORIZ);
   s->height = g80_3d_reg(ctx, G80_3D_ZETA_VERT);
   s->layers = G80_3D_FIELD(g80_3d_reg(ctx, G80_3D_ZETA_ARRAY_MODE),
                            G80_3D_ZETA_ARRAY_MODE_LAYERS);
   if (!s->layers)
      s->layers = 1;
   s->layer_stride = (uint64_t)g80_3d_reg(ctx, G80_3D_ZETA_LAYER_STRIDE) <<
                     G80_3D_ZETA_LAYER_STRIDE__SHR;
   if (!nv50_layout_blocklinear(&s->layout,
                                g80_3d_reg(ctx, G80_3D_ZETA_BLOCK_DIMENSIONS),
                                (uint64_t)s->width * s->cpp, s->height, 1))
      return g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "ZETA_BLOCK_DIMENSIONS "
                         "0x%x has a log2 above 5",
                         g80_3d_reg(ctx, G80_3D_ZETA_BLOCK_DIMENSIONS));
   return NVSIM_OK;
}

uint8_t *
g80_3d_surface_ptr(struct g80_3d *ctx, const struct g80_3d_surface *s,
                   uint32_t x, uint32_t y, uint32_t layer, uint32_t len)
{
   uint64_t off = s->layers_3d ?
      nv50_layout_offset(&s->layout, x * s->cpp, y, layer) :
      layer * s->layer_stride + nv50_layout_offset(&s->layout, x * s->cpp,
                                                   y, 0);
   uint64_t addr = s->address + off;
   uint8_t *p = addr >= s->address ? nvsim_dma_ptr(s->dma, addr, len) : NULL;
   if (!p)
      g80_3d_fail(ctx, NVSIM_DMA_ERROR, "pixel (%u, %u) of layer %u at "
                  "0x%llx is not in a mapped buffer of DMA object 0x%08x",
                  x, y, layer, (unsigned long long)addr, s->dma->handle);
   return p;
}
