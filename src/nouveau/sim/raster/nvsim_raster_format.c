/*
 * Render target pixel formats: conversion between memory and float RGBA,
 * and clears.  Layouts are those of the NV10+ render target formats
 * (rnndb graph/nv_3ddefs.xml, nv10_rt_color_format / nv10_rt_depth_format);
 * the clear value packing follows what the nv30 driver writes to
 * CLEAR_COLOR_VALUE / CLEAR_DEPTH_VALUE (a pixel in the target's format,
 * Z24S8 as depth << 8 | stencil).
 */
#include <math.h>
#include <string.h>

#include "nvsim_raster.h"
#include "nvsim_raster_math.h"

unsigned
nvsim_raster_format_bpp(enum nvsim_raster_format fmt)
{
   switch (fmt) {
   case NVSIM_RASTER_FMT_B8:
      return 1;
   case NVSIM_RASTER_FMT_B5G6R5:
   case NVSIM_RASTER_FMT_B5G5R5X1:
   case NVSIM_RASTER_FMT_Z16:
      return 2;
   case NVSIM_RASTER_FMT_RGBA16F:
   case NVSIM_RASTER_FMT_Z32F_S8:
      return 8;
   case NVSIM_RASTER_FMT_RGBA32F:
      return 16;
   case NVSIM_RASTER_FMT_NONE:
      return 0;
   default:
      return 4;
   }
}

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
clamp01(float v)
{
   return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;   /* NaN -> 0 */
}

static inline uint32_t
unorm(float v, unsigned bits)
{
   float max = (float)((1u << bits) - 1);
   return (uint32_t)nvsim_round(clamp01(v) * max);
}

void
nvsim_raster_read_color(const struct nvsim_raster_surface *s, int x, int y,
                        float rgba[4])
{
   const uint8_t *p = nvsim_raster_pixel(s, x, y,
                                         nvsim_raster_format_bpp(s->format));
   uint32_t v;

   switch (s->format) {
   case NVSIM_RASTER_FMT_B8G8R8A8:
   case NVSIM_RASTER_FMT_B8G8R8X8:
      v = rd32(p);
      rgba[0] = ((v >> 16) & 0xff) / 255.0f;
      rgba[1] = ((v >> 8) & 0xff) / 255.0f;
      rgba[2] = (v & 0xff) / 255.0f;
      rgba[3] = s->format == NVSIM_RASTER_FMT_B8G8R8X8 ? 1.0f :
                (v >> 24) / 255.0f;
      break;
   case NVSIM_RASTER_FMT_R8G8B8A8:
   case NVSIM_RASTER_FMT_R8G8B8X8:
      v = rd32(p);
      rgba[0] = (v & 0xff) / 255.0f;
      rgba[1] = ((v >> 8) & 0xff) / 255.0f;
      rgba[2] = ((v >> 16) & 0xff) / 255.0f;
      rgba[3] = s->format == NVSIM_RASTER_FMT_R8G8B8X8 ? 1.0f :
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

void
nvsim_raster_write_color(const struct nvsim_raster_surface *s, int x, int y,
                         const float rgba[4], unsigned mask)
{
   uint8_t *p = nvsim_raster_pixel(s, x, y, nvsim_raster_format_bpp(s->format));
   uint32_t v, m;

   switch (s->format) {
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

/* Bit mask, inside a colour pixel of `fmt`, of the channels in `mask`. */
static uint64_t
channel_bits(enum nvsim_raster_format fmt, unsigned mask)
{
   static const uint8_t bgra_shift[4] = { 16, 8, 0, 24 };   /* R G B A */
   static const uint8_t rgba_shift[4] = { 0, 8, 16, 24 };
   uint64_t m = 0;

   for (unsigned c = 0; c < 4; c++) {
      if (!(mask & (1u << c)))
         continue;
      switch (fmt) {
      case NVSIM_RASTER_FMT_B8G8R8A8:
      case NVSIM_RASTER_FMT_B8G8R8X8:
         m |= 0xffull << bgra_shift[c];
         break;
      case NVSIM_RASTER_FMT_R8G8B8A8:
      case NVSIM_RASTER_FMT_R8G8B8X8:
         m |= 0xffull << rgba_shift[c];
         break;
      case NVSIM_RASTER_FMT_B5G6R5:
         m |= c == 0 ? 0xf800 : c == 1 ? 0x07e0 : c == 2 ? 0x001f : 0;
         break;
      case NVSIM_RASTER_FMT_B5G5R5X1:
         m |= c == 0 ? 0x7c00 : c == 1 ? 0x03e0 : c == 2 ? 0x001f : 0;
         break;
      case NVSIM_RASTER_FMT_B8:
         m |= c == 2 ? 0xff : 0;
         break;
      default:
         m |= 0xffffffffull;
         break;
      }
   }
   return m;
}

void
nvsim_raster_clear(struct nvsim_raster_state *st, int x0, int y0, int x1,
                   int y1, uint32_t color_value, unsigned color_mask,
                   uint32_t zeta_value, uint32_t zeta_bits)
{
   if (x0 < st->clip_x0) x0 = st->clip_x0;
   if (y0 < st->clip_y0) y0 = st->clip_y0;
   if (x1 > st->clip_x1) x1 = st->clip_x1;
   if (y1 > st->clip_y1) y1 = st->clip_y1;
   if (x0 >= x1 || y0 >= y1)
      return;

   for (unsigned rt = 0; rt < NVSIM_RASTER_MAX_RT && color_mask; rt++) {
      const struct nvsim_raster_surface *cs = &st->color[rt];
      if (cs->format == NVSIM_RASTER_FMT_NONE)
         continue;
      unsigned bpp = nvsim_raster_format_bpp(cs->format);
      uint32_t m = (uint32_t)channel_bits(cs->format, color_mask);
      /* every sample of the pixels: the stored block of each */
      for (int y = y0 << cs->ms_y; y < y1 << cs->ms_y; y++) {
         for (int x = x0 << cs->ms_x; x < x1 << cs->ms_x; x++) {
            uint8_t *row = nvsim_raster_pixel(cs, x, y, bpp);
            switch (bpp) {
            case 1:
               row[0] = (uint8_t)merge(row[0], color_value, m);
               break;
            case 2:
               wr16(row, (uint16_t)merge(rd16(row), color_value, m));
               break;
            case 4:
               wr32(row, merge(rd32(row), color_value, m));
               break;
            default:
               /* wide float targets: the 32-bit value in every word of
                * a written channel */
               for (unsigned c = 0; c < 4 && c * 4 < bpp; c++)
                  if (color_mask & (1u << c)) {
                     if (bpp == 8)
                        wr16(row + 2 * c, (uint16_t)color_value);
                     else
                        wr32(row + 4 * c, color_value);
                  }
               break;
            }
         }
      }
   }

   const struct nvsim_raster_surface *zs = &st->zeta;
   if (zeta_bits && zs->format != NVSIM_RASTER_FMT_NONE) {
      uint32_t m = zeta_bits;
      unsigned bpp = nvsim_raster_format_bpp(zs->format);
      for (int y = y0 << zs->ms_y; y < y1 << zs->ms_y; y++) {
         for (int x = x0 << zs->ms_x; x < x1 << zs->ms_x; x++) {
            uint8_t *row = nvsim_raster_pixel(zs, x, y, bpp);
            if (bpp == 2)
               wr16(row, (uint16_t)merge(rd16(row), zeta_value, m));
            else if (bpp == 4)
               wr32(row, merge(rd32(row), zeta_value, m));
            /* Z32F_S8: not cleared here (zeta_value has no room for both
             * words); its only user, the G80 class, clears its zeta
             * buffer itself (g80_3d_clear.c) */
         }
      }
   }
}
