/*
 * NV04-style 2D helper objects: SURFACE_2D, SURFACE_SWZ and SIFM (see
 * nv40_2d.h).  Methods and fields from hwdb nv_2d.xml (rnndb
 * graph/nv1_ctxobj.xml and nv1_ifm.xml); the surface formats from the
 * nv4_surface2d_format enum there.
 *
 * SIFM ("scaled image from memory") draws when POINT is written, the last
 * method of its source description (rnndb nv1_ifm.xml lists SIZE, FORMAT,
 * OFFSET, POINT as the image block; upstream's nv30_transfer.c writes them
 * last, in that order, after the destination and scale).  For every
 * destination pixel (x, y) in OUT_POINT/OUT_SIZE, clipped to
 * CLIP_POINT/CLIP_SIZE and to a swizzled destination's extent, the source
 * is sampled at
 *    u = POINT.U / 16 + (x - OUT.x + 0.5) * DU_DX / 2^20
 *    v = POINT.V / 16 + (y - OUT.y + 0.5) * DV_DY / 2^20
 * (POINT 12.4 and DU_DX/DV_DY 12.20 fixed point, rnndb nv1_ifm.xml
 * comments), which maps destination pixel centres onto source pixel
 * centres, so a 1:1 copy moves pixel (POINT + i) to (OUT + i).
 * POINT_SAMPLE takes texel floor(u, v); BILINEAR weights the four texels
 * around (u - 0.5, v - 0.5).  Coordinates are clamped to SIZE.  The exact
 * rounding of the hardware's fixed-point filter is not documented; this
 * model is exact for the unscaled copies drivers use (nv30_transfer.c).
 *
 * Only OPERATION SRCCOPY is modelled (the only one upstream's nv30 driver
 * uses); the others need the PATTERN/ROP/BETA context objects and trap as
 * not modelled.  When source and destination have the same bytes per
 * pixel the pixel is copied bit for bit; between 16- and 32-bit colour
 * formats it goes through 8-bit channels, truncating (COLOR_CONVERSION
 * TRUNCATE; DITHER is treated as TRUNCATE, dithering patterns are not
 * documented).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nv_2d.xml.h"
#include "fifo.xml.h"
#include "nvsim_raster.h"
#include "nv40_2d.h"

#define FIELD(v, name) (((v) & name##__MASK) >> name##__SHIFT)

/* --- shared helpers --- */

/* Bytes per pixel of a nv4_surface2d_format value, 0 if not one. */
static unsigned
surface_bpp(uint32_t fmt)
{
   switch (fmt) {
   case NV4_SURFACE_2D_FORMAT_Y8:
      return 1;
   case NV4_SURFACE_2D_FORMAT_X1R5G5B5_Z1R5G5B5:
   case NV4_SURFACE_2D_FORMAT_X1R5G5B5_X1R5G5B5:
   case NV4_SURFACE_2D_FORMAT_R5G6B5:
   case NV4_SURFACE_2D_FORMAT_Y16:
      return 2;
   case NV4_SURFACE_2D_FORMAT_X8R8G8B8_Z8R8G8B8:
   case NV4_SURFACE_2D_FORMAT_X8R8G8B8_X8R8G8B8:
   case NV4_SURFACE_2D_FORMAT_X1A7R8G8B8_Z1A7R8G8B8:
   case NV4_SURFACE_2D_FORMAT_X1A7R8G8B8_X1A7R8G8B8:
   case NV4_SURFACE_2D_FORMAT_A8R8G8B8:
   case NV4_SURFACE_2D_FORMAT_Y32:
      return 4;
   default:
      return 0;
   }
}

static bool
surface_is_y(uint32_t fmt)
{
   return fmt == NV4_SURFACE_2D_FORMAT_Y8 || fmt == NV4_SURFACE_2D_FORMAT_Y16 ||
          fmt == NV4_SURFACE_2D_FORMAT_Y32;
}

/* --- SURFACE_2D --- */

struct surf2d {
   struct nvsim_object *dma_src, *dma_dst;
   uint32_t format;
   uint32_t pitch_src, pitch_dst;
   uint32_t offset_src, offset_dst;
};

static void *
surf2d_create(struct nvsim_object *obj)
{
   return calloc(1, sizeof(struct surf2d));
}

static void
priv_destroy(void *priv)
{
   free(priv);
}

static enum nvsim_status
surf2d_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   struct surf2d *s = obj->priv;

   switch (mthd) {
   case NV4_SURFACE_2D_DMA_IMAGE_SOURCE:
      return nvsim_bind_dma(obj, &s->dma_src, data);
   case NV4_SURFACE_2D_DMA_IMAGE_DESTIN:
      return nvsim_bind_dma(obj, &s->dma_dst, data);
   case NV4_SURFACE_2D_FORMAT:
      if (!surface_bpp(data)) {
         nvsim_trap_detail(obj, "0x%x is not a surface format", data);
         return NVSIM_INVALID_VALUE;
      }
      s->format = data;
      return NVSIM_OK;
   case NV4_SURFACE_2D_PITCH:
      s->pitch_src = FIELD(data, NV4_SURFACE_2D_PITCH_SOURCE);
      s->pitch_dst = FIELD(data, NV4_SURFACE_2D_PITCH_DESTIN);
      return NVSIM_OK;
   case NV4_SURFACE_2D_OFFSET_SOURCE:
      s->offset_src = data;
      return NVSIM_OK;
   case NV4_SURFACE_2D_OFFSET_DESTIN:
      s->offset_dst = data;
      return NVSIM_OK;
   default:
      return NVSIM_ILLEGAL_MTHD;
   }
}

const struct nvsim_class nvsim_nv04_surface_2d_class = {
   .oclass = NV10_SURFACE_2D_CLASS,
   .name = "NV04_SURFACE_2D",
   .create = surf2d_create,
   .destroy = priv_destroy,
   .method = surf2d_method,
};

/* --- SURFACE_SWZ --- */

struct swzsurf {
   struct nvsim_object *dma;
   uint32_t format;
   uint8_t log2u, log2v;
   uint32_t offset;
};

static void *
swzsurf_create(struct nvsim_object *obj)
{
   return calloc(1, sizeof(struct swzsurf));
}

static enum nvsim_status
swzsurf_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   struct swzsurf *s = obj->priv;

   switch (mthd) {
   case NV4_SURFACE_SWZ_DMA_IMAGE:
      return nvsim_bind_dma(obj, &s->dma, data);
   case NV4_SURFACE_SWZ_FORMAT: {
      uint32_t color = FIELD(data, NV4_SURFACE_SWZ_FORMAT_COLOR);
      uint32_t u = FIELD(data, NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_U);
      uint32_t v = FIELD(data, NV4_SURFACE_SWZ_FORMAT_BASE_SIZE_V);
      if (!surface_bpp(color)) {
         nvsim_trap_detail(obj, "0x%x is not a surface format", color);
         return NVSIM_INVALID_VALUE;
      }
      /* log2 sizes: a 16-bit coordinate space (xy16 points) */
      if (u > 16 || v > 16) {
         nvsim_trap_detail(obj, "swizzled size 2^%u x 2^%u is too large",
                           u, v);
         return NVSIM_INVALID_VALUE;
      }
      s->format = color;
      s->log2u = u;
      s->log2v = v;
      return NVSIM_OK;
   }
   case NV4_SURFACE_SWZ_OFFSET:
      s->offset = data;
      return NVSIM_OK;
   default:
      return NVSIM_ILLEGAL_MTHD;
   }
}

const struct nvsim_class nvsim_nv04_surface_swz_class = {
   .oclass = NV40_SURFACE_SWZ_CLASS,
   .name = "NV04_SURFACE_SWZ",
   .create = swzsurf_create,
   .destroy = priv_destroy,
   .method = swzsurf_method,
};

/* --- SIFM --- */

struct sifm {
   struct nvsim_object *dma_image;
   struct nvsim_object *surface;       /* a SURFACE_2D or SURFACE_SWZ */
   uint32_t color_format, operation;
   int32_t clip_x, clip_y, clip_w, clip_h;
   int32_t out_x, out_y, out_w, out_h;
   int32_t du_dx, dv_dy;
   uint32_t src_w, src_h, src_pitch;
   uint32_t origin, filter;
   uint32_t offset;
   uint32_t src_point;
};

static void *
sifm_create(struct nvsim_object *obj)
{
   return calloc(1, sizeof(struct sifm));
}

/* Bytes per pixel of a SIFM COLOR_FORMAT, 0 for the ones not modelled
 * (the packed YUV formats and the UNK ones). */
static unsigned
sifm_bpp(uint32_t fmt)
{
   switch (fmt) {
   case NV4_SIFM_COLOR_FORMAT_A1R5G5B5:
   case NV4_SIFM_COLOR_FORMAT_X1R5G5B5:
   case NV4_SIFM_COLOR_FORMAT_R5G6B5:
      return 2;
   case NV4_SIFM_COLOR_FORMAT_A8R8G8B8:
   case NV4_SIFM_COLOR_FORMAT_X8R8G8B8:
      return 4;
   case NV4_SIFM_COLOR_FORMAT_Y8:
   case NV4_SIFM_COLOR_FORMAT_AY8:
      return 1;
   default:
      return 0;
   }
}

static bool
sifm_is_y(uint32_t fmt)
{
   return fmt == NV4_SIFM_COLOR_FORMAT_Y8 || fmt == NV4_SIFM_COLOR_FORMAT_AY8;
}

static uint32_t
expand(uint32_t v, unsigned bits)
{
   /* n-bit channel to 8 bits by replicating its high bits */
   v <<= 8 - bits;
   return v | (v >> bits);
}

/* A source pixel as 8-bit channels, packed 0xAARRGGBB. */
static uint32_t
sifm_unpack(uint32_t fmt, uint32_t raw)
{
   switch (fmt) {
   case NV4_SIFM_COLOR_FORMAT_A1R5G5B5:
   case NV4_SIFM_COLOR_FORMAT_X1R5G5B5: {
      uint32_t a = fmt == NV4_SIFM_COLOR_FORMAT_X1R5G5B5 || (raw & 0x8000) ?
                   0xff : 0;
      return a << 24 | expand((raw >> 10) & 0x1f, 5) << 16 |
             expand((raw >> 5) & 0x1f, 5) << 8 | expand(raw & 0x1f, 5);
   }
   case NV4_SIFM_COLOR_FORMAT_R5G6B5:
      return 0xffu << 24 | expand((raw >> 11) & 0x1f, 5) << 16 |
             expand((raw >> 5) & 0x3f, 6) << 8 | expand(raw & 0x1f, 5);
   case NV4_SIFM_COLOR_FORMAT_X8R8G8B8:
      return 0xff000000u | (raw & 0xffffff);
   default:
      return raw;
   }
}

/* 8-bit channels (0xAARRGGBB) to a destination surface pixel. */
static uint32_t
surface_pack(uint32_t fmt, uint32_t argb)
{
   uint32_t r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;
   switch (fmt) {
   case NV4_SURFACE_2D_FORMAT_R5G6B5:
      return (r >> 3) << 11 | (g >> 2) << 5 | (b >> 3);
   case NV4_SURFACE_2D_FORMAT_X1R5G5B5_Z1R5G5B5:
      return (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3);
   case NV4_SURFACE_2D_FORMAT_X1R5G5B5_X1R5G5B5:
      return (argb >> 31) << 15 | (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3);
   case NV4_SURFACE_2D_FORMAT_X8R8G8B8_Z8R8G8B8:
      return argb & 0xffffff;
   case NV4_SURFACE_2D_FORMAT_X1A7R8G8B8_Z1A7R8G8B8:
      return argb & 0x7fffffff;
   default:
      return argb;
   }
}

static uint32_t
load(const uint8_t *p, unsigned bpp)
{
   switch (bpp) {
   case 1: return p[0];
   case 2: return p[0] | (uint32_t)p[1] << 8;
   default: return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                   (uint32_t)p[3] << 24;
   }
}

static void
store(uint8_t *p, unsigned bpp, uint32_t v)
{
   for (unsigned i = 0; i < bpp; i++)
      p[i] = v >> (8 * i);
}

/* The destination of a draw, resolved from the bound surface object. */
struct sifm_dst {
   uint8_t *map;                 /* byte 0 of row y_base */
   int32_t y_base;               /* first row mapped (pitch layout) */
   struct nvsim_raster_surface layout;
   uint32_t format;
   unsigned bpp;
   int32_t max_w, max_h;         /* extent (swizzled), else INT32_MAX */
};

static enum nvsim_status
sifm_resolve_dst(struct nvsim_object *obj, struct sifm *f,
                 int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                 struct sifm_dst *d)
{
   memset(d, 0, sizeof(*d));
   if (!f->surface) {
      nvsim_trap_detail(obj, "no SURFACE bound");
      return NVSIM_INVALID_STATE;
   }
   if (f->surface->cls == &nvsim_nv04_surface_swz_class) {
      struct swzsurf *s = f->surface->priv;
      if (!s->dma || !s->format) {
         nvsim_trap_detail(obj, "swizzled surface 0x%08x has no %s",
                           f->surface->handle, s->dma ? "FORMAT" : "DMA_IMAGE");
         return NVSIM_INVALID_STATE;
      }
      d->format = s->format;
      d->bpp = surface_bpp(s->format);
      d->layout.swizzled = true;
      d->layout.log2w = s->log2u;
      d->layout.log2h = s->log2v;
      d->max_w = 1 << s->log2u;
      d->max_h = 1 << s->log2v;
      /* the whole swizzled square must be inside the DMA object */
      uint64_t size = ((uint64_t)d->bpp << s->log2u) << s->log2v;
      d->map = nvsim_dma_ptr(s->dma, s->offset, size);
      if (!d->map) {
         nvsim_trap_detail(obj, "swizzled surface %ux%u at 0x%x is outside "
                           "DMA object 0x%08x", 1u << s->log2u,
                           1u << s->log2v, s->offset, s->dma->handle);
         return NVSIM_DMA_ERROR;
      }
      return NVSIM_OK;
   }
   struct surf2d *s = f->surface->priv;
   if (!s->dma_dst || !s->format) {
      nvsim_trap_detail(obj, "2D surface 0x%08x has no %s",
                        f->surface->handle,
                        s->dma_dst ? "FORMAT" : "DMA_IMAGE_DESTIN");
      return NVSIM_INVALID_STATE;
   }
   d->format = s->format;
   d->bpp = surface_bpp(s->format);
   d->layout.pitch = s->pitch_dst;
   d->max_w = d->max_h = INT32_MAX;
   if (x1 <= x0 || y1 <= y0)
      return NVSIM_OK;
   /* rows y0 .. y1-1, bytes x0*bpp .. x1*bpp of each */
   uint64_t first = (uint64_t)s->offset_dst + (uint64_t)y0 * s->pitch_dst;
   uint64_t span = (uint64_t)(y1 - 1 - y0) * s->pitch_dst +
                   (uint64_t)x1 * d->bpp;
   uint8_t *p = nvsim_dma_ptr(s->dma_dst, first, span);
   if (!p) {
      nvsim_trap_detail(obj, "destination rows %d..%d (pitch %u) at 0x%x "
                        "are outside DMA object 0x%08x", y0, y1 - 1,
                        s->pitch_dst, s->offset_dst, s->dma_dst->handle);
      return NVSIM_DMA_ERROR;
   }
   d->map = p;
   d->y_base = y0;
   return NVSIM_OK;
}

static int32_t
clampi(int32_t v, int32_t lo, int32_t hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

static uint32_t
lerp_argb(uint32_t a, uint32_t b, float t)
{
   uint32_t r = 0;
   for (unsigned s = 0; s < 32; s += 8) {
      float ca = (a >> s) & 0xff, cb = (b >> s) & 0xff;
      r |= (uint32_t)lrintf(ca + (cb - ca) * t) << s;
   }
   return r;
}

/* The texel indices [*lo, *hi] that destination pixels a0 .. a1-1 sample
 * along one axis: the coordinate is linear in the pixel, so the ends of
 * the span bound it; BILINEAR also reads the next texel (the same
 * formulas as sifm_draw's loop, clamped to the image). */
static void
sifm_texel_range(double c0, double dc, int32_t a0, int32_t a1, int32_t out,
                 bool bilinear, int32_t max, int32_t *lo, int32_t *hi)
{
   int32_t t[2];
   for (unsigned i = 0; i < 2; i++) {
      double c = c0 + ((i ? a1 - 1 : a0) - out + 0.5) * dc;
      t[i] = (int32_t)floor(bilinear ? c - 0.5 : c);
   }
   int32_t l = t[0] < t[1] ? t[0] : t[1];
   int32_t h = (t[0] < t[1] ? t[1] : t[0]) + (bilinear ? 1 : 0);
   *lo = clampi(l, 0, max);
   *hi = clampi(h, 0, max);
}

static enum nvsim_status
sifm_draw(struct nvsim_object *obj, struct sifm *f)
{
   if (f->operation != NV4_SIFM_OPERATION_SRCCOPY) {
      nvsim_trap_detail(obj, "OPERATION %u is not modelled (SRCCOPY only)",
                        f->operation);
      return NVSIM_INVALID_STATE;
   }
   unsigned sbpp = sifm_bpp(f->color_format);
   if (!sbpp) {
      nvsim_trap_detail(obj, "COLOR_FORMAT 0x%x is not modelled",
                        f->color_format);
      return NVSIM_INVALID_STATE;
   }
   if (!f->dma_image) {
      nvsim_trap_detail(obj, "no DMA_IMAGE bound");
      return NVSIM_INVALID_STATE;
   }

   /* destination rectangle: OUT clipped by CLIP */
   int32_t x0 = f->out_x > f->clip_x ? f->out_x : f->clip_x;
   int32_t y0 = f->out_y > f->clip_y ? f->out_y : f->clip_y;
   int32_t x1 = f->out_x + f->out_w, y1 = f->out_y + f->out_h;
   if (x1 > f->clip_x + f->clip_w)
      x1 = f->clip_x + f->clip_w;
   if (y1 > f->clip_y + f->clip_h)
      y1 = f->clip_y + f->clip_h;
   if (x0 < 0)
      x0 = 0;
   if (y0 < 0)
      y0 = 0;

   struct sifm_dst d;
   enum nvsim_status st = sifm_resolve_dst(obj, f, 0, 0, 0, 0, &d);
   if (st != NVSIM_OK)
      return st;
   if (x1 > d.max_w)
      x1 = d.max_w;
   if (y1 > d.max_h)
      y1 = d.max_h;
   if (x1 <= x0 || y1 <= y0 || !f->src_w || !f->src_h)
      return NVSIM_OK;
   if (!d.layout.swizzled) {
      st = sifm_resolve_dst(obj, f, x0, y0, x1, y1, &d);
      if (st != NVSIM_OK)
         return st;
   }

   bool same_kind = sifm_is_y(f->color_format) == surface_is_y(d.format);
   bool raw = sbpp == d.bpp && same_kind;
   if (!raw && (!same_kind || sifm_is_y(f->color_format))) {
      nvsim_trap_detail(obj, "conversion from COLOR_FORMAT 0x%x to surface "
                        "format 0x%x is not modelled", f->color_format,
                        d.format);
      return NVSIM_INVALID_STATE;
   }

   /* BILINEAR filters colour sources through 8-bit channels (lossless
    * for the formats modelled); Y sources are point sampled */
   bool bilinear = f->filter == NV4_SIFM_FORMAT_FILTER_BILINEAR &&
                   !sifm_is_y(f->color_format);
   /* POINT: signed 12.4 in each half (rnndb type int) */
   double u0 = (double)(int16_t)(f->src_point & 0xffff) / 16.0;
   double v0 = (double)(int16_t)(f->src_point >> 16) / 16.0;
   double du = f->du_dx / 1048576.0, dv = f->dv_dy / 1048576.0;
   int32_t maxu = f->src_w - 1, maxv = f->src_h - 1;

   /* The texels the draw samples must be inside DMA_IMAGE, not the whole
    * SIZE: upstream's nv30_transfer_rect_sifm sends SIZE rounded up to
    * even (align(src->h, 2)) over staging buffers of exactly h rows
    * (nv30_miptree.c: layer_stride = stride * nblocksy), which works on
    * the hardware, so it fetches only what it filters. */
   int32_t ulo, uhi, vlo, vhi;
   sifm_texel_range(u0, du, x0, x1, f->out_x, bilinear, maxu, &ulo, &uhi);
   sifm_texel_range(v0, dv, y0, y1, f->out_y, bilinear, maxv, &vlo, &vhi);
   uint64_t first = (uint64_t)f->offset + (uint64_t)vlo * f->src_pitch +
                    (uint64_t)ulo * sbpp;
   uint64_t src_span = (uint64_t)(vhi - vlo) * f->src_pitch +
                       (uint64_t)(uhi - ulo + 1) * sbpp;
   const uint8_t *src = nvsim_dma_ptr(f->dma_image, first, src_span);
   if (!src) {
      nvsim_trap_detail(obj, "source texels (%d..%d, %d..%d) of image "
                        "%ux%u (pitch %u) at 0x%x are outside DMA object "
                        "0x%08x", ulo, uhi, vlo, vhi, f->src_w, f->src_h,
                        f->src_pitch, f->offset, f->dma_image->handle);
      return NVSIM_DMA_ERROR;
   }
   /* texel (su, sv) is at src + (sv - vlo) * pitch + (su - ulo) * sbpp */

   for (int32_t y = y0; y < y1; y++) {
      double v = v0 + (y - f->out_y + 0.5) * dv;
      for (int32_t x = x0; x < x1; x++) {
         double u = u0 + (x - f->out_x + 0.5) * du;
         uint32_t px;
         if (!bilinear) {
            int32_t su = clampi((int32_t)floor(u), 0, maxu);
            int32_t sv = clampi((int32_t)floor(v), 0, maxv);
            px = load(src + (size_t)(sv - vlo) * f->src_pitch +
                      (size_t)(su - ulo) * sbpp, sbpp);
            if (!raw)
               px = surface_pack(d.format, sifm_unpack(f->color_format, px));
         } else {
            double fu = u - 0.5, fv = v - 0.5;
            int32_t iu = (int32_t)floor(fu), iv = (int32_t)floor(fv);
            float tu = (float)(fu - iu), tv = (float)(fv - iv);
            uint32_t t[4];
            for (unsigned i = 0; i < 4; i++) {
               int32_t su = clampi(iu + (int32_t)(i & 1), 0, maxu);
               int32_t sv = clampi(iv + (int32_t)(i >> 1), 0, maxv);
               t[i] = sifm_unpack(f->color_format,
                                  load(src + (size_t)(sv - vlo) *
                                       f->src_pitch +
                                       (size_t)(su - ulo) * sbpp, sbpp));
            }
            px = surface_pack(d.format,
                              lerp_argb(lerp_argb(t[0], t[1], tu),
                                        lerp_argb(t[2], t[3], tu), tv));
         }
         store(d.map + nvsim_raster_pixel_offset(&d.layout, x,
                                                 y - d.y_base, d.bpp),
               d.bpp, px);
      }
   }
   return NVSIM_OK;
}

static void
split16(uint32_t data, int32_t *lo, int32_t *hi, bool is_signed)
{
   if (is_signed) {
      *lo = (int16_t)(data & 0xffff);
      *hi = (int16_t)(data >> 16);
   } else {
      *lo = data & 0xffff;
      *hi = data >> 16;
   }
}

static enum nvsim_status
sifm_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   struct sifm *f = obj->priv;

   switch (mthd) {
   case NV10_SIFM_WAIT_FOR_IDLE:
      return NVSIM_OK;     /* nvsim executes in order */
   case NV4_SIFM_DMA_IMAGE:
      return nvsim_bind_dma(obj, &f->dma_image, data);
   case NV4_SIFM_PATTERN:
   case NV4_SIFM_ROP:
   case NV4_SIFM_BETA:
   case NV4_SIFM_BETA4:
      /* context objects only SRCCOPY ignores; the core checked the
       * handle exists */
      return NVSIM_OK;
   case NV5_SIFM_SURFACE: {
      struct nvsim_object *s = nvsim_lookup(obj->chan, data);
      if (s && s->cls == &nvsim_null_class) {
         f->surface = NULL;
         return NVSIM_OK;
      }
      /* rnndb nv1_ifm.xml: "Accepts NV4_SURFACE_2D and up,
       * NV4_SURFACE_SWZ and up" */
      if (!s || (s->cls != &nvsim_nv04_surface_2d_class &&
                 s->cls != &nvsim_nv04_surface_swz_class)) {
         nvsim_trap_detail(obj, "0x%08x is not a SURFACE_2D or SURFACE_SWZ "
                           "object", data);
         return NVSIM_INVALID_OBJECT;
      }
      f->surface = s;
      return NVSIM_OK;
   }
   case NV5_SIFM_COLOR_CONVERSION:
      if (data > NV5_SIFM_COLOR_CONVERSION_SUBTR_TRUNCATE)
         return NVSIM_INVALID_VALUE;
      return NVSIM_OK;
   case NV4_SIFM_COLOR_FORMAT:
      if (data < NV4_SIFM_COLOR_FORMAT_A1R5G5B5 ||
          data > NV4_SIFM_COLOR_FORMAT_UNK19)
         return NVSIM_INVALID_VALUE;
      f->color_format = data;
      return NVSIM_OK;
   case NV4_SIFM_OPERATION:
      if (data > NV4_SIFM_OPERATION_BLEND_PREMULT)
         return NVSIM_INVALID_VALUE;
      f->operation = data;
      return NVSIM_OK;
   case NV4_SIFM_CLIP_POINT:
      split16(data, &f->clip_x, &f->clip_y, true);
      return NVSIM_OK;
   case NV4_SIFM_CLIP_SIZE:
      split16(data, &f->clip_w, &f->clip_h, false);
      return NVSIM_OK;
   case NV4_SIFM_OUT_POINT:
      split16(data, &f->out_x, &f->out_y, true);
      return NVSIM_OK;
   case NV4_SIFM_OUT_SIZE:
      split16(data, &f->out_w, &f->out_h, false);
      return NVSIM_OK;
   case NV4_SIFM_DU_DX:
      f->du_dx = (int32_t)data;
      return NVSIM_OK;
   case NV4_SIFM_DV_DY:
      f->dv_dy = (int32_t)data;
      return NVSIM_OK;
   case NV4_SIFM_SIZE:
      f->src_w = FIELD(data, NV4_SIFM_SIZE_W);
      f->src_h = FIELD(data, NV4_SIFM_SIZE_H);
      return NVSIM_OK;
   case NV4_SIFM_FORMAT: {
      /* checked before stored: a trapped method changes no state */
      uint32_t filter = data & NV4_SIFM_FORMAT_FILTER__MASK;
      if (filter != NV4_SIFM_FORMAT_FILTER_POINT_SAMPLE &&
          filter != NV4_SIFM_FORMAT_FILTER_BILINEAR) {
         nvsim_trap_detail(obj, "filter 0x%x is not POINT_SAMPLE or BILINEAR",
                           filter >> NV4_SIFM_FORMAT_FILTER__SHIFT);
         return NVSIM_INVALID_VALUE;
      }
      f->src_pitch = FIELD(data, NV4_SIFM_FORMAT_PITCH);
      f->origin = data & NV4_SIFM_FORMAT_ORIGIN__MASK;
      f->filter = filter;
      return NVSIM_OK;
   }
   case NV4_SIFM_OFFSET:
      f->offset = data;
      return NVSIM_OK;
   case NV4_SIFM_POINT: {
      /* a trapped draw is dropped whole: the point stays as it was */
      uint32_t old = f->src_point;
      f->src_point = data;
      enum nvsim_status st = sifm_draw(obj, f);
      if (st != NVSIM_OK)
         f->src_point = old;
      return st;
   }
   default:
      return NVSIM_ILLEGAL_MTHD;
   }
}

const struct nvsim_class nvsim_nv05_sifm_class = {
   .oclass = NV40_SIFM_CLASS,
   .name = "NV05_SIFM",
   .create = sifm_create,
   .destroy = priv_destroy,
   .method = sifm_method,
};

const struct nvsim_class *
nv40_2d_class_model(uint32_t oclass)
{
   switch (oclass) {
   case NV4_SURFACE_2D_CLASS:
   case NV10_SURFACE_2D_CLASS:
   case NV30_SURFACE_2D_CLASS:
   case NV40_SURFACE_2D_CLASS:
      return &nvsim_nv04_surface_2d_class;
   case NV4_SURFACE_SWZ_CLASS:
   case NV20_SURFACE_SWZ_CLASS:
   case NV30_SURFACE_SWZ_CLASS:
   case NV40_SURFACE_SWZ_CLASS:
      return &nvsim_nv04_surface_swz_class;
   case NV5_SIFM_CLASS:
   case NV10_SIFM_CLASS:
   case NV30_SIFM_CLASS:
   case NV40_SIFM_CLASS:
      return &nvsim_nv05_sifm_class;
   default:
      return NULL;
   }
}

const struct nvsim_class *
nvsim_nv04_family_class_model(uint32_t oclass)
{
   switch (oclass) {
   case NV1_NULL_CLASS:
      return &nvsim_null_class;
   case NV04_M2MF_CLASS:
      return &nvsim_nv04_m2mf_class;
   default:
      return nv40_2d_class_model(oclass);
   }
}
