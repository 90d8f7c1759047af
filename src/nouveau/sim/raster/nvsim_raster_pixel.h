/*
 * One pixel of a colour target in memory <-> float RGBA, per format:
 * the conversions of nvsim_raster_read_color / nvsim_raster_write_color
 * (nvsim_raster_format.c), inline so that the ROP's fast path
 * (nvsim_raster_fragment.c) runs them with the format a constant and
 * the pixel's address computed once.  Internal to the raster layer.
 */
#ifndef NVSIM_RASTER_PIXEL_H
#define NVSIM_RASTER_PIXEL_H

#include <string.h>

#include "nvsim_raster.h"
#include "nvsim_raster_math.h"

static inline uint32_t
rd32(const uint8_t *p)
{
   uint32_t v;
   memcpy(&v, p, 4);
   return v;
}

static inline void
wr32(uint8_t *p, uint32_t v)
{
   memcpy(p, &v, 4);
}

static inline uint16_t
rd16(const uint8_t *p)
{
   uint16_t v;
   memcpy(&v, p, 2);
   return v;
}

static inline void
wr16(uint8_t *p, uint16_t v)
{
   memcpy(p, &v, 2);
}

static inline float
nvsim_raster_clamp01(float v)
{
   return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;   /* NaN -> 0 */
}

static inline uint32_t
unorm(float v, unsigned bits)
{
   float max = (float)((1u << bits) - 1);
   return (uint32_t)nvsim_round(nvsim_raster_clamp01(v) * max);
}

static inline __attribute__((always_inline)) void
nvsim_raster_px_read(enum nvsim_raster_format format, const uint8_t *p,
                     float rgba[4])
{
   uint32_t v;

   switch (format) {
   case NVSIM_RASTER_FMT_B8G8R8A8:
   case NVSIM_RASTER_FMT_B8G8R8X8:
      v = rd32(p);
      rgba[0] = ((v >> 16) & 0xff) / 255.0f;
      rgba[1] = ((v >> 8) & 0xff) / 255.0f;
      rgba[2] = (v & 0xff) / 255.0f;
      rgba[3] = format == NVSIM_RASTER_FMT_B8G8R8X8 ? 1.0f :
                (v >> 24) / 255.0f;
      break;
   case NVSIM_RASTER_FMT_R8G8B8A8:
   case NVSIM_RASTER_FMT_R8G8B8X8:
      v = rd32(p);
      rgba[0] = (v & 0xff) / 255.0f;
      rgba[1] = ((v >> 8) & 0xff) / 255.0f;
      rgba[2] = ((v >> 16) & 0xff) / 255.0f;
      rgba[3] = format == NVSIM_RASTER_FMT_R8G8B8X8 ? 1.0f :
                (v >> 24) / 255.0f;
      break;
   case NVSIM_RASTER_FMT_B5G6R5:
      v = rd16(p);
      rgba[0] = (v >> 11) / 31.0f;
      rgba[1] = ((v >> 5) & 0x3f) / 63.0f;
      rgba[2] = (v & 0x1f) / 31.0f;
      rgba[3] = 1.0f;
      break;
   case NVSIM_RASTER_FMT_B5G5R5X1:
      v = rd16(p);
      rgba[0] = ((v >> 10) & 0x1f) / 31.0f;
      rgba[1] = ((v >> 5) & 0x1f) / 31.0f;
      rgba[2] = (v & 0x1f) / 31.0f;
      rgba[3] = 1.0f;
      break;
   case NVSIM_RASTER_FMT_B8:
      rgba[0] = rgba[1] = 0.0f;
      rgba[2] = p[0] / 255.0f;
      rgba[3] = 1.0f;
      break;
   case NVSIM_RASTER_FMT_RGBA16F:
      for (unsigned c = 0; c < 4; c++)
         rgba[c] = nvsim_raster_half_to_float(rd16(p + 2 * c));
      break;
   case NVSIM_RASTER_FMT_RGBA32F:
      memcpy(rgba, p, 16);
      break;
   case NVSIM_RASTER_FMT_R32F:
      memcpy(rgba, p, 4);
      rgba[1] = rgba[2] = 0.0f;
      rgba[3] = 1.0f;
      break;
   default:
      rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0.0f;
      break;
   }
}

/* Replaces the bits of `mask` in *old by those of v. */
static inline uint32_t
merge(uint32_t old, uint32_t v, uint32_t mask)
{
   return (old & ~mask) | (v & mask);
}

static inline __attribute__((always_inline)) void
nvsim_raster_px_write(enum nvsim_raster_format format, uint8_t *p,
                      const float rgba[4], unsigned mask)
{
   uint32_t v, m;

   switch (format) {
   case NVSIM_RASTER_FMT_B8G8R8A8:
   case NVSIM_RASTER_FMT_B8G8R8X8:
      v = unorm(rgba[2], 8) | unorm(rgba[1], 8) << 8 |
          unorm(rgba[0], 8) << 16 | unorm(rgba[3], 8) << 24;
      m = (mask & NVSIM_RASTER_MASK_B ? 0xffu : 0) |
          (mask & NVSIM_RASTER_MASK_G ? 0xff00u : 0) |
          (mask & NVSIM_RASTER_MASK_R ? 0xff0000u : 0) |
          (mask & NVSIM_RASTER_MASK_A ? 0xff000000u : 0);
      wr32(p, merge(rd32(p), v, m));
      break;
   case NVSIM_RASTER_FMT_R8G8B8A8:
   case NVSIM_RASTER_FMT_R8G8B8X8:
      v = unorm(rgba[0], 8) | unorm(rgba[1], 8) << 8 |
          unorm(rgba[2], 8) << 16 | unorm(rgba[3], 8) << 24;
      m = (mask & NVSIM_RASTER_MASK_R ? 0xffu : 0) |
          (mask & NVSIM_RASTER_MASK_G ? 0xff00u : 0) |
          (mask & NVSIM_RASTER_MASK_B ? 0xff0000u : 0) |
          (mask & NVSIM_RASTER_MASK_A ? 0xff000000u : 0);
      wr32(p, merge(rd32(p), v, m));
      break;
   case NVSIM_RASTER_FMT_B5G6R5:
      v = unorm(rgba[2], 5) | unorm(rgba[1], 6) << 5 | unorm(rgba[0], 5) << 11;
      m = (mask & NVSIM_RASTER_MASK_B ? 0x001fu : 0) |
          (mask & NVSIM_RASTER_MASK_G ? 0x07e0u : 0) |
          (mask & NVSIM_RASTER_MASK_R ? 0xf800u : 0);
      wr16(p, (uint16_t)merge(rd16(p), v, m));
      break;
   case NVSIM_RASTER_FMT_B5G5R5X1:
      v = unorm(rgba[2], 5) | unorm(rgba[1], 5) << 5 | unorm(rgba[0], 5) << 10;
      m = (mask & NVSIM_RASTER_MASK_B ? 0x001fu : 0) |
          (mask & NVSIM_RASTER_MASK_G ? 0x03e0u : 0) |
          (mask & NVSIM_RASTER_MASK_R ? 0x7c00u : 0);
      wr16(p, (uint16_t)merge(rd16(p), v, m));
      break;
   case NVSIM_RASTER_FMT_B8:
      if (mask & NVSIM_RASTER_MASK_B)
         p[0] = (uint8_t)unorm(rgba[2], 8);
      break;
   case NVSIM_RASTER_FMT_RGBA16F:
      for (unsigned c = 0; c < 4; c++)
         if (mask & (1u << c))
            wr16(p + 2 * c, nvsim_raster_float_to_half(rgba[c]));
      break;
   case NVSIM_RASTER_FMT_RGBA32F:
      for (unsigned c = 0; c < 4; c++)
         if (mask & (1u << c))
            memcpy(p + 4 * c, &rgba[c], 4);
      break;
   case NVSIM_RASTER_FMT_R32F:
      if (mask & NVSIM_RASTER_MASK_R)
         memcpy(p, &rgba[0], 4);
      break;
   default:
      break;
   }
}

#endif
