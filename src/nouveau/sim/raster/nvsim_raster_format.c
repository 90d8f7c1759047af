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
#include "nvsim_raster_pixel.h"

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

void
nvsim_raster_read_color(const struct nvsim_raster_surface *s, int x, int y,
                        float rgba[4])
{
   nvsim_raster_px_read(s->format,
                        nvsim_raster_pixel(s, x, y,
                                           nvsim_raster_format_bpp(s->format)),
                        rgba);
}

void
nvsim_raster_write_color(const struct nvsim_raster_surface *s, int x, int y,
                         const float rgba[4], unsigned mask)
{
   nvsim_raster_px_write(s->format,
                         nvsim_raster_pixel(s, x, y,
                                            nvsim_raster_format_bpp(s->format)),
                         rgba, mask);
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

/* The fast path's clear of the stored pixels [x0,x1) x [y0,y1) of a
 * linear surface of 1, 2 or 4 bytes a pixel: the reference's merge of
 * each pixel, a row at a time (false: not such a surface). */
static bool
clear_linear(const struct nvsim_raster_state *st,
             const struct nvsim_raster_surface *s, unsigned bpp, int x0,
             int y0, int x1, int y1, uint32_t value, uint32_t m)
{
   if (!st->fast || s->swizzled || (bpp != 1 && bpp != 2 && bpp != 4))
      return false;
   for (int y = y0; y < y1; y++) {
      uint8_t *row = s->map + (size_t)y * s->pitch + (size_t)x0 * bpp;
      size_t n = (size_t)(x1 - x0);
      if (bpp == 4) {
         for (size_t i = 0; i < n; i++)
            wr32(row + 4 * i, merge(rd32(row + 4 * i), value, m));
      } else if (bpp == 2) {
         for (size_t i = 0; i < n; i++)
            wr16(row + 2 * i, (uint16_t)merge(rd16(row + 2 * i), value, m));
      } else {
         for (size_t i = 0; i < n; i++)
            row[i] = (uint8_t)merge(row[i], value, m);
      }
   }
   return true;
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
      if (clear_linear(st, cs, bpp, x0 << cs->ms_x, y0 << cs->ms_y,
                       x1 << cs->ms_x, y1 << cs->ms_y, color_value, m))
         continue;
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
      if (bpp != 8 &&
          clear_linear(st, zs, bpp, x0 << zs->ms_x, y0 << zs->ms_y,
                       x1 << zs->ms_x, y1 << zs->ms_y, zeta_value, m))
         return;
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
