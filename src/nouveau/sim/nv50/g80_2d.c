/*
 * G80_2D (0x502d, G80:GF100): surface-to-surface blits, image from CPU
 * (SIFC) and solid rectangles into pitch or block-linear surfaces (hwdb
 * g80_2d.xml from rnndb graph/g80_2d.xml; layouts sim/nv50/nv50_layout.c).
 *
 * What upstream's nv50 driver does with it (nv50_surface.c, nv50_transfer.c)
 * is what is modelled: surfaces set up by the DST_ and SRC_ methods (FORMAT, LINEAR, for
 * block-linear BLOCK_DIMENSIONS/DEPTH/LAYER, for pitch PITCH; WIDTH,
 * HEIGHT, ADDRESS); OPERATION SRCCOPY; point-sampled
 * blits started by BLIT_SRC_Y_INT, the source position of destination
 * pixel i being SRC_X + (i + 1/2) * DU_DX (ORIGIN CENTER) or SRC_X + i *
 * DU_DX (CORNER), in 32.32 fixed point; SIFC with bitmaps off and a 1:1
 * scale, whose SIFC_DATA words carry the pixels packed little-endian, row
 * after row; RECTANGLES from DRAW_POINT32 pairs, [x0, x1) x [y0, y1).
 * A blit between pixels of one format copies their bytes; between two
 * formats it converts each pixel (g80_surface_format_convert: GL's rules,
 * as the docs leave the engine's conversions undocumented), and between
 * an integer and a non-integer format it traps as not modelled.  SIFC
 * and solid rectangles take pixels of the destination's format only.
 * Assumptions (not documented): destination pixels outside DST_WIDTH x
 * DST_HEIGHT (and outside the clip rectangle when CLIP_ENABLE) are not
 * written; source positions are clamped to the source surface.
 * Blits also take OPERATION ROP with a one-colour pattern, as upstream's
 * masked depth/stencil blits use it (g80_2d_rop.c).  COND_MODE decides
 * whether a blit or a rectangle happens (g80_cond.c, with DMA_COND and
 * COND_ADDRESS_HIGH/LOW: upstream's nv50_blit_eng2d sends the render
 * condition for blits GL makes conditional); SIFC under a mode other than
 * ALWAYS traps (its words would have to be dropped pixel by pixel, which
 * upstream never asks).  Anything else the
 * engine can do (other ROP uses, blending, other patterns, bitmaps,
 * scaling SIFC, other shapes, bilinear scaling) traps
 * as not modelled: never silently ignored.
 */
#include <stdlib.h>
#include <string.h>

#include "nv50_priv.h"
#include "nv50_layout.h"
#include "g80_surface_format.h"
#include "g80_2d_rop.h"
#include "g80_cond.h"
#include "g80_2d.xml.h"
#include "g80_defs.xml.h"

struct g80_2d_surf {
   uint32_t format;
   bool linear;
   uint32_t dims, depth, layer, pitch, width, height;
   uint64_t address;
};

struct g80_2d {
   struct nvsim_object *dma_dst, *dma_src, *dma_cond;
   uint32_t cond_address_high, cond_address_low;
   struct g80_2d_surf dst, src;
   uint32_t operation, cond_mode;
   /* OPERATION ROP (blits only, g80_2d_rop.c) */
   uint32_t rop;
   struct g80_2d_pattern pattern;
   bool clip_enable;
   uint32_t clip_x, clip_y, clip_w, clip_h;
   /* solid drawing */
   uint32_t draw_shape, draw_color_format, draw_color;
   int32_t point_x[G80_2D_DRAW_POINT32_X__LEN];
   int32_t point_y[G80_2D_DRAW_POINT32_Y__LEN];
   /* SIFC */
   bool sifc_bitmap;
   uint32_t sifc_format, sifc_width, sifc_height;
   int64_t sifc_dxdu, sifc_dydv, sifc_dst_x, sifc_dst_y;   /* 32.32 */
   uint32_t sifc_pixel;          /* pixels written of the current image */
   uint8_t sifc_part[16];        /* bytes of a pixel split across words */
   unsigned sifc_part_len;
   /* blit */
   uint32_t blit_control;
   int32_t blit_dst_x, blit_dst_y;
   uint32_t blit_dst_w, blit_dst_h;
   int64_t blit_dudx, blit_dvdy, blit_src_x, blit_src_y;     /* 32.32 */
};

static void *
g80_2d_create(struct nvsim_object *obj)
{
   struct g80_2d *e = calloc(1, sizeof(*e));
   if (!e)
      return NULL;
   e->operation = G80_2D_OPERATION_SRCCOPY_AND;
   e->cond_mode = G80_2D_COND_MODE_ALWAYS;
   e->dst.linear = e->src.linear = true;
   e->dst.depth = e->src.depth = 1;
   return e;
}

static void
g80_2d_destroy(void *priv)
{
   free(priv);
}

static int64_t
fixed(uint32_t int_part, uint32_t fract)
{
   return (int64_t)((uint64_t)int_part << 32 | fract);
}

/* Offset of pixel (x, y) in the surface's DMA object. */
static uint64_t
surf_offset(const struct g80_2d_surf *s, unsigned cpp, uint32_t x, uint32_t y)
{
   struct nv50_layout l = { .blocklinear = false, .pitch = s->pitch,
                            .height = s->height };
   if (!s->linear)
      nv50_layout_blocklinear(&l, s->dims, s->width * cpp, s->height,
                              s->depth ? s->depth : 1);
   return s->address + nv50_layout_offset(&l, x * cpp, y,
                                          s->linear ? 0 : s->layer);
}

/* The checks every drawing operation makes; cpp of the destination, 0
 * when COND_MODE drops the operation (g80_cond.c). */
static enum nvsim_status
check_draw(struct nvsim_object *obj, struct g80_2d *e, const char *what,
           unsigned *cpp)
{
   *cpp = 0;
   if (e->cond_mode != G80_2D_COND_MODE_ALWAYS && !strcmp(what, "SIFC")) {
      nvsim_trap_detail(obj, "SIFC with COND_MODE %u: only ALWAYS is "
                        "modelled", e->cond_mode);
      return NVSIM_INVALID_STATE;
   }
   bool render;
   enum nvsim_status st =
      g80_cond_render(obj, e->cond_mode, e->dma_cond,
                      (uint64_t)e->cond_address_high << 32 |
                      e->cond_address_low, what, &render);
   if (st || !render)
      return st;
   bool rop_blit = e->operation == G80_2D_OPERATION_ROP &&
                   !strcmp(what, "blit");
   if (e->operation != G80_2D_OPERATION_SRCCOPY && !rop_blit) {
      nvsim_trap_detail(obj, "%s with OPERATION %u: only SRCCOPY (and ROP "
                        "for blits) is modelled", what, e->operation);
      return NVSIM_INVALID_STATE;
   }
   if (!e->dma_dst) {
      nvsim_trap_detail(obj, "%s without DMA_DST", what);
      return NVSIM_INVALID_STATE;
   }
   *cpp = g80_surface_format_cpp(e->dst.format);
   if (!*cpp) {
      nvsim_trap_detail(obj, "%s into DST_FORMAT 0x%x: not a format nvsim "
                        "copies", what, e->dst.format);
      return NVSIM_INVALID_STATE;
   }
   if (!e->dst.linear) {
      struct nv50_layout l;
      if (!nv50_layout_blocklinear(&l, e->dst.dims, 1, 1, 1)) {
         nvsim_trap_detail(obj, "DST_BLOCK_DIMENSIONS 0x%x: a log2 above 5",
                           e->dst.dims);
         return NVSIM_INVALID_VALUE;
      }
   }
   return NVSIM_OK;
}

static bool
dst_visible(const struct g80_2d *e, int64_t x, int64_t y)
{
   if (x < 0 || y < 0 || x >= e->dst.width || y >= e->dst.height)
      return false;
   if (e->clip_enable &&
       (x < e->clip_x || y < e->clip_y || x >= (int64_t)e->clip_x + e->clip_w ||
        y >= (int64_t)e->clip_y + e->clip_h))
      return false;
   return true;
}

/* The destination pixels that can be written: [x0, x1) x [y0, y1), the
 * surface cut by the clip rectangle.  Loops run over this only, so that a
 * huge rectangle or blit mostly outside costs nothing. */
static void
visible_rect(const struct g80_2d *e, int64_t *x0, int64_t *y0, int64_t *x1,
             int64_t *y1)
{
   *x0 = 0;
   *y0 = 0;
   *x1 = e->dst.width;
   *y1 = e->dst.height;
   if (e->clip_enable) {
      if (e->clip_x > *x0)
         *x0 = e->clip_x;
      if (e->clip_y > *y0)
         *y0 = e->clip_y;
      if ((int64_t)e->clip_x + e->clip_w < *x1)
         *x1 = (int64_t)e->clip_x + e->clip_w;
      if ((int64_t)e->clip_y + e->clip_h < *y1)
         *y1 = (int64_t)e->clip_y + e->clip_h;
   }
}

static int64_t
max64(int64_t a, int64_t b)
{
   return a > b ? a : b;
}

static int64_t
min64(int64_t a, int64_t b)
{
   return a < b ? a : b;
}

static enum nvsim_status
put_pixel(struct nvsim_object *obj, struct g80_2d *e, unsigned cpp, int64_t x,
          int64_t y, const uint8_t *px)
{
   if (!dst_visible(e, x, y))
      return NVSIM_OK;
   uint64_t off = surf_offset(&e->dst, cpp, (uint32_t)x, (uint32_t)y);
   uint8_t *p = nvsim_dma_ptr(e->dma_dst, off, cpp);
   if (!p) {
      nvsim_trap_detail(obj, "destination pixel (%lld, %lld) at 0x%llx of "
                        "DMA object 0x%08x is not in a mapped buffer",
                        (long long)x, (long long)y, (unsigned long long)off,
                        e->dma_dst->handle);
      return NVSIM_DMA_ERROR;
   }
   memcpy(p, px, cpp);
   return NVSIM_OK;
}

static enum nvsim_status
blit(struct nvsim_object *obj, struct g80_2d *e)
{
   unsigned cpp;
   enum nvsim_status st = check_draw(obj, e, "blit", &cpp);
   if (st || !cpp)
      return st;
   if (!e->dma_src) {
      nvsim_trap_detail(obj, "blit without DMA_SRC");
      return NVSIM_INVALID_STATE;
   }
   const bool convert = e->src.format != e->dst.format;
   const unsigned src_cpp = g80_surface_format_cpp(e->src.format);
   if (!src_cpp ||
       (convert && !g80_surface_format_can_convert(e->src.format,
                                                   e->dst.format))) {
      nvsim_trap_detail(obj, "blit from format 0x%x to 0x%x: a conversion "
                        "nvsim does not model (integer <-> normalized or "
                        "float, or an unknown format)", e->src.format,
                        e->dst.format);
      return NVSIM_INVALID_STATE;
   }
   uint32_t pat = 0;
   const bool rop = e->operation == G80_2D_OPERATION_ROP;
   if (rop) {
      const char *why = convert ? "a ROP blit between two formats is not "
                                  "modelled"
                                : g80_2d_pattern_uniform(&e->pattern, cpp,
                                                         &pat);
      if (why) {
         nvsim_trap_detail(obj, "blit with OPERATION ROP: %s", why);
         return NVSIM_INVALID_STATE;
      }
   }
   const int64_t one = (int64_t)1 << 32;
   if ((e->blit_control & G80_2D_BLIT_CONTROL_FILTER__MASK) ==
       G80_2D_BLIT_CONTROL_FILTER_BILINEAR &&
       (e->blit_dudx != one || e->blit_dvdy != one)) {
      nvsim_trap_detail(obj, "bilinear scaled blits are not modelled");
      return NVSIM_INVALID_STATE;
   }
   if (!e->src.width || !e->src.height)
      return NVSIM_OK;
   bool center = (e->blit_control & G80_2D_BLIT_CONTROL_ORIGIN__MASK) ==
                 G80_2D_BLIT_CONTROL_ORIGIN_CENTER;
   int64_t vx0, vy0, vx1, vy1;
   visible_rect(e, &vx0, &vy0, &vx1, &vy1);
   int64_t i0 = max64(0, vx0 - e->blit_dst_x);
   int64_t i1 = min64(e->blit_dst_w, vx1 - e->blit_dst_x);
   int64_t j0 = max64(0, vy0 - e->blit_dst_y);
   int64_t j1 = min64(e->blit_dst_h, vy1 - e->blit_dst_y);
   if (i0 >= i1 || j0 >= j1)
      return NVSIM_OK;
   /* a surface of pitch 0 keeps every row in its buffer: bounded work */
   if (!nvsim_copy_steps_ok(obj, j1 - j0, i1 - i0))
      return NVSIM_INVALID_STATE;
   for (int64_t j = j0; j < j1; j++) {
      /* 32.32 fixed point wraps as the hardware's adders do */
      int64_t v = (int64_t)((uint64_t)e->blit_src_y +
                            (uint64_t)j * (uint64_t)e->blit_dvdy +
                            (uint64_t)(center ? e->blit_dvdy / 2 : 0));
      int64_t sy = v >> 32;
      sy = sy < 0 ? 0 : sy >= e->src.height ? e->src.height - 1 : sy;
      for (int64_t i = i0; i < i1; i++) {
         int64_t dx = (int64_t)e->blit_dst_x + i, dy = (int64_t)e->blit_dst_y + j;
         if (!dst_visible(e, dx, dy))
            continue;
         int64_t u = (int64_t)((uint64_t)e->blit_src_x +
                               (uint64_t)i * (uint64_t)e->blit_dudx +
                               (uint64_t)(center ? e->blit_dudx / 2 : 0));
         int64_t sx = u >> 32;
         sx = sx < 0 ? 0 : sx >= e->src.width ? e->src.width - 1 : sx;
         uint64_t off = surf_offset(&e->src, src_cpp, (uint32_t)sx,
                                    (uint32_t)sy);
         const uint8_t *s = nvsim_dma_ptr(e->dma_src, off, src_cpp);
         if (!s) {
            nvsim_trap_detail(obj, "source pixel (%lld, %lld) at 0x%llx of "
                              "DMA object 0x%08x is not in a mapped buffer",
                              (long long)sx, (long long)sy,
                              (unsigned long long)off, e->dma_src->handle);
            return NVSIM_DMA_ERROR;
         }
         uint8_t px[16];
         if (convert)
            g80_surface_format_convert(e->src.format, s, e->dst.format, px);
         else
            memcpy(px, s, cpp);
         if (rop) {
            /* DST = ROP(DST, SRC, PATTERN) on the pixel's 32 bits */
            const uint8_t *d = nvsim_dma_ptr(e->dma_dst,
               surf_offset(&e->dst, cpp, (uint32_t)dx, (uint32_t)dy), cpp);
            if (d) {
               uint32_t dv, sv;
               memcpy(&dv, d, 4);
               memcpy(&sv, px, 4);
               sv = g80_2d_rop3((uint8_t)e->rop, dv, sv, pat);
               memcpy(px, &sv, 4);
            }   /* else put_pixel traps */
         }
         if ((st = put_pixel(obj, e, cpp, dx, dy, px)))
            return st;
      }
   }
   return NVSIM_OK;
}

static enum nvsim_status
rectangle(struct nvsim_object *obj, struct g80_2d *e, int32_t x0, int32_t y0,
          int32_t x1, int32_t y1)
{
   unsigned cpp;
   enum nvsim_status st = check_draw(obj, e, "rectangle", &cpp);
   if (st || !cpp)
      return st;
   if (g80_surface_format_cpp(e->draw_color_format) != cpp || cpp > 4) {
      nvsim_trap_detail(obj, "DRAW_COLOR_FORMAT 0x%x into DST_FORMAT 0x%x: "
                        "nvsim writes the color's bytes as they are (same "
                        "size, at most 4 bytes)", e->draw_color_format,
                        e->dst.format);
      return NVSIM_INVALID_STATE;
   }
   uint8_t px[4] = { e->draw_color, e->draw_color >> 8, e->draw_color >> 16,
                     e->draw_color >> 24 };
   int64_t vx0, vy0, vx1, vy1;
   visible_rect(e, &vx0, &vy0, &vx1, &vy1);
   if (max64(x0, vx0) >= min64(x1, vx1) || max64(y0, vy0) >= min64(y1, vy1))
      return NVSIM_OK;
   /* a surface of pitch 0 keeps every row in its buffer: bounded work */
   if (!nvsim_copy_steps_ok(obj, min64(y1, vy1) - max64(y0, vy0),
                            min64(x1, vx1) - max64(x0, vx0)))
      return NVSIM_INVALID_STATE;
   for (int64_t y = max64(y0, vy0); y < min64(y1, vy1); y++) {
      for (int64_t x = max64(x0, vx0); x < min64(x1, vx1); x++) {
         if ((st = put_pixel(obj, e, cpp, x, y, px)))
            return st;
      }
   }
   return NVSIM_OK;
}

static enum nvsim_status
sifc_data(struct nvsim_object *obj, struct g80_2d *e, uint32_t data)
{
   unsigned cpp;
   enum nvsim_status st = check_draw(obj, e, "SIFC", &cpp);
   if (st)
      return st;
   const int64_t one = (int64_t)1 << 32;
   if (e->sifc_bitmap || e->sifc_dxdu != one || e->sifc_dydv != one) {
      nvsim_trap_detail(obj, "SIFC with %s: only 1:1 color images are "
                        "modelled", e->sifc_bitmap ? "a bitmap" : "scaling");
      return NVSIM_INVALID_STATE;
   }
   if (e->sifc_format != e->dst.format) {
      nvsim_trap_detail(obj, "SIFC from format 0x%x into 0x%x: nvsim copies "
                        "pixels of one format only", e->sifc_format,
                        e->dst.format);
      return NVSIM_INVALID_STATE;
   }
   uint8_t bytes[4] = { data, data >> 8, data >> 16, data >> 24 };
   for (unsigned b = 0; b < 4; b++) {
      e->sifc_part[e->sifc_part_len++] = bytes[b];
      if (e->sifc_part_len < cpp)
         continue;
      e->sifc_part_len = 0;
      if (!e->sifc_width ||
          e->sifc_pixel >= (uint64_t)e->sifc_width * e->sifc_height)
         continue;   /* padding past the image's last pixel */
      int64_t x = (e->sifc_dst_x >> 32) + e->sifc_pixel % e->sifc_width;
      int64_t y = (e->sifc_dst_y >> 32) + e->sifc_pixel / e->sifc_width;
      e->sifc_pixel++;
      if ((st = put_pixel(obj, e, cpp, x, y, e->sifc_part)))
         return st;
   }
   return NVSIM_OK;
}

static enum nvsim_status
surf_method(struct g80_2d_surf *s, uint32_t m, uint32_t data)
{
   /* DST_* and SRC_* have the same layout from their FORMAT on */
   switch (m) {
   case G80_2D_DST_FORMAT - G80_2D_DST_FORMAT:
      s->format = data;
      return NVSIM_OK;
   case G80_2D_DST_LINEAR - G80_2D_DST_FORMAT:
      s->linear = data != 0;
      return NVSIM_OK;
   case G80_2D_DST_BLOCK_DIMENSIONS - G80_2D_DST_FORMAT:
      s->dims = data;
      return NVSIM_OK;
   case G80_2D_DST_DEPTH - G80_2D_DST_FORMAT:
      s->depth = data;
      return NVSIM_OK;
   case G80_2D_DST_LAYER - G80_2D_DST_FORMAT:
      s->layer = data;
      return NVSIM_OK;
   case G80_2D_DST_PITCH - G80_2D_DST_FORMAT:
      s->pitch = data;
      return NVSIM_OK;
   case G80_2D_DST_WIDTH - G80_2D_DST_FORMAT:
      s->width = data;
      return NVSIM_OK;
   case G80_2D_DST_HEIGHT - G80_2D_DST_FORMAT:
      s->height = data;
      return NVSIM_OK;
   case G80_2D_DST_ADDRESS_HIGH - G80_2D_DST_FORMAT:
      if (data >> (G80_VM_ADDRESS_BITS - 32))
         return NVSIM_INVALID_VALUE;
      s->address = (s->address & 0xffffffffull) | (uint64_t)data << 32;
      return NVSIM_OK;
   case G80_2D_DST_ADDRESS_LOW - G80_2D_DST_FORMAT:
      s->address = (s->address & ~0xffffffffull) | data;
      return NVSIM_OK;
   default:
      return NVSIM_ILLEGAL_MTHD;
   }
}

/* DRAW_POINT32_X/Y(i): a Y completes vertex i; every second vertex ends
 * a rectangle, drawn at once. */
static enum nvsim_status
draw_point(struct nvsim_object *obj, struct g80_2d *e, uint32_t mthd,
           uint32_t data)
{
   unsigned i = (mthd - G80_2D_DRAW_POINT32_X(0)) / G80_2D_DRAW_POINT32_X__ESIZE;
   if (mthd == G80_2D_DRAW_POINT32_X(i)) {
      e->point_x[i] = (int32_t)data;
      return NVSIM_OK;
   }
   /* a Y: the vertex is complete; every second one ends a rectangle */
   if (e->draw_shape != G80_2D_DRAW_SHAPE_RECTANGLES) {
      nvsim_trap_detail(obj, "DRAW_SHAPE %u: only RECTANGLES is modelled",
                        e->draw_shape);
      return NVSIM_INVALID_STATE;
   }
   int32_t old = e->point_y[i];
   e->point_y[i] = (int32_t)data;
   if (!(i & 1))
      return NVSIM_OK;
   enum nvsim_status st = rectangle(obj, e, e->point_x[i - 1],
                                    e->point_y[i - 1], e->point_x[i],
                                    e->point_y[i]);
   /* a trapped rectangle is dropped whole: the point stays as it was */
   if (st != NVSIM_OK)
      e->point_y[i] = old;
   return st;
}

/* The SIFC (stretched image from CPU) methods: the image's setup, then
 * its pixels in SIFC_DATA.  Returns false for any other method. */
static bool
sifc_method(struct nvsim_object *obj, struct g80_2d *e, uint32_t mthd,
            uint32_t data, enum nvsim_status *st)
{
   *st = NVSIM_OK;
   switch (mthd) {
   case G80_2D_SIFC_BITMAP_ENABLE:
      e->sifc_bitmap = data != 0;
      return true;
   case G80_2D_SIFC_FORMAT:
      e->sifc_format = data;
      return true;
   case G80_2D_SIFC_WIDTH:
      e->sifc_width = data;
      return true;
   case G80_2D_SIFC_HEIGHT:
      e->sifc_height = data;
      return true;
   case G80_2D_SIFC_DX_DU_FRACT:
      e->sifc_dxdu = fixed((uint32_t)(e->sifc_dxdu >> 32), data);
      return true;
   case G80_2D_SIFC_DX_DU_INT:
      e->sifc_dxdu = fixed(data, (uint32_t)e->sifc_dxdu);
      return true;
   case G80_2D_SIFC_DY_DV_FRACT:
      e->sifc_dydv = fixed((uint32_t)(e->sifc_dydv >> 32), data);
      return true;
   case G80_2D_SIFC_DY_DV_INT:
      e->sifc_dydv = fixed(data, (uint32_t)e->sifc_dydv);
      return true;
   case G80_2D_SIFC_DST_X_FRACT:
      e->sifc_dst_x = fixed((uint32_t)(e->sifc_dst_x >> 32), data);
      return true;
   case G80_2D_SIFC_DST_X_INT:
      e->sifc_dst_x = fixed(data, (uint32_t)e->sifc_dst_x);
      return true;
   case G80_2D_SIFC_DST_Y_FRACT:
      e->sifc_dst_y = fixed((uint32_t)(e->sifc_dst_y >> 32), data);
      return true;
   case G80_2D_SIFC_DST_Y_INT:
      /* the last setup method: a new image starts */
      e->sifc_dst_y = fixed(data, (uint32_t)e->sifc_dst_y);
      e->sifc_pixel = 0;
      e->sifc_part_len = 0;
      return true;
   case G80_2D_SIFC_DATA:
      *st = sifc_data(obj, e, data);
      return true;
   default:
      return false;
   }
}

/* The BLIT_* methods: the blit's setup; SRC_Y_INT, the last, blits.
 * Returns false for any other method. */
static bool
blit_method(struct nvsim_object *obj, struct g80_2d *e, uint32_t mthd,
            uint32_t data, enum nvsim_status *st)
{
   *st = NVSIM_OK;
   switch (mthd) {
   case G80_2D_BLIT_CONTROL:
      e->blit_control = data;
      return true;
   case G80_2D_BLIT_DST_X:
      e->blit_dst_x = (int32_t)data;
      return true;
   case G80_2D_BLIT_DST_Y:
      e->blit_dst_y = (int32_t)data;
      return true;
   case G80_2D_BLIT_DST_W:
      e->blit_dst_w = data;
      return true;
   case G80_2D_BLIT_DST_H:
      e->blit_dst_h = data;
      return true;
   case G80_2D_BLIT_DU_DX_FRACT:
      e->blit_dudx = fixed((uint32_t)(e->blit_dudx >> 32), data);
      return true;
   case G80_2D_BLIT_DU_DX_INT:
      e->blit_dudx = fixed(data, (uint32_t)e->blit_dudx);
      return true;
   case G80_2D_BLIT_DV_DY_FRACT:
      e->blit_dvdy = fixed((uint32_t)(e->blit_dvdy >> 32), data);
      return true;
   case G80_2D_BLIT_DV_DY_INT:
      e->blit_dvdy = fixed(data, (uint32_t)e->blit_dvdy);
      return true;
   case G80_2D_BLIT_SRC_X_FRACT:
      e->blit_src_x = fixed((uint32_t)(e->blit_src_x >> 32), data);
      return true;
   case G80_2D_BLIT_SRC_X_INT:
      e->blit_src_x = fixed(data, (uint32_t)e->blit_src_x);
      return true;
   case G80_2D_BLIT_SRC_Y_FRACT:
      e->blit_src_y = fixed((uint32_t)(e->blit_src_y >> 32), data);
      return true;
   case G80_2D_BLIT_SRC_Y_INT: {
      /* a trapped blit is dropped whole: SRC_Y stays as it was */
      int64_t old = e->blit_src_y;
      e->blit_src_y = fixed(data, (uint32_t)e->blit_src_y);
      *st = blit(obj, e);
      if (*st != NVSIM_OK)
         e->blit_src_y = old;
      return true;
   }
   default:
      return false;
   }
}

static enum nvsim_status
g80_2d_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   struct g80_2d *e = obj->priv;
   enum nvsim_status st;

   if (mthd >= G80_2D_DST_FORMAT && mthd <= G80_2D_DST_ADDRESS_LOW)
      return surf_method(&e->dst, mthd - G80_2D_DST_FORMAT, data);
   if (mthd >= G80_2D_SRC_FORMAT && mthd <= G80_2D_SRC_ADDRESS_LOW)
      return surf_method(&e->src, mthd - G80_2D_SRC_FORMAT, data);
   if (mthd >= G80_2D_DRAW_POINT32_X(0) &&
       mthd < G80_2D_DRAW_POINT32_X(G80_2D_DRAW_POINT32_X__LEN))
      return draw_point(obj, e, mthd, data);
   if (sifc_method(obj, e, mthd, data, &st) ||
       blit_method(obj, e, mthd, data, &st))
      return st;

   switch (mthd) {
   case G80_2D_DMA_DST:
      return nvsim_bind_dma(obj, &e->dma_dst, data);
   case G80_2D_DMA_SRC:
      return nvsim_bind_dma(obj, &e->dma_src, data);
   case G80_2D_DMA_COND:
      return nvsim_bind_dma(obj, &e->dma_cond, data);
   case G80_2D_COND_ADDRESS_HIGH:
      e->cond_address_high = data;
      return NVSIM_OK;
   case G80_2D_COND_ADDRESS_LOW:
      e->cond_address_low = data;
      return NVSIM_OK;
   case G80_2D_ROP:
      e->rop = data;
      return NVSIM_OK;
   case G80_2D_PATTERN_COLOR_FORMAT:
      e->pattern.color_format = data;
      return NVSIM_OK;
   case G80_2D_PATTERN_SELECT:
      e->pattern.select = data;
      return NVSIM_OK;
   case G80_2D_PATTERN_BITMAP_COLOR(0):
   case G80_2D_PATTERN_BITMAP_COLOR(1):
      e->pattern.bitmap_color[(mthd - G80_2D_PATTERN_BITMAP_COLOR(0)) /
                              G80_2D_PATTERN_BITMAP_COLOR__ESIZE] = data;
      return NVSIM_OK;
   case G80_2D_PATTERN_BITMAP(0):
   case G80_2D_PATTERN_BITMAP(1):
      e->pattern.bitmap[(mthd - G80_2D_PATTERN_BITMAP(0)) /
                        G80_2D_PATTERN_BITMAP__ESIZE] = data;
      return NVSIM_OK;
   case G80_2D_COLOR_KEY_FORMAT:
   case G80_2D_COLOR_KEY:
   case G80_2D_BETA1:
   case G80_2D_BETA4:
   case G80_2D_PATTERN_BITMAP_FORMAT:
   case G80_2D_PATTERN_OFFSET:
   case G80_2D_SET_PIXELS_FROM_MEMORY_CORRAL_SIZE:
   case G80_2D_SET_PIXELS_FROM_MEMORY_SAFE_OVERLAP:
   case G80_2D_SIFC_BITMAP_FORMAT:
   case G80_2D_SIFC_BITMAP_LSB_FIRST:
   case G80_2D_SIFC_BITMAP_LINE_PACK_MODE:
   case G80_2D_SIFC_BITMAP_COLOR_BIT0:
   case G80_2D_SIFC_BITMAP_COLOR_BIT1:
   case G80_2D_SIFC_BITMAP_WRITE_BIT0_ENABLE:
      /* state of operations nvsim traps on when they are used (ROP,
       * blend, patterns, bitmaps); overlap is always safe in nvsim,
       * which reads each source pixel before writing its destination */
      return NVSIM_OK;
   case G80_2D_COND_MODE:
      e->cond_mode = data;
      return NVSIM_OK;
   case G80_2D_CLIP_X:
      e->clip_x = data;
      return NVSIM_OK;
   case G80_2D_CLIP_Y:
      e->clip_y = data;
      return NVSIM_OK;
   case G80_2D_CLIP_W:
      e->clip_w = data;
      return NVSIM_OK;
   case G80_2D_CLIP_H:
      e->clip_h = data;
      return NVSIM_OK;
   case G80_2D_CLIP_ENABLE:
      e->clip_enable = data != 0;
      return NVSIM_OK;
   case G80_2D_COLOR_KEY_ENABLE:
      if (data) {
         nvsim_trap_detail(obj, "color keying is not modelled");
         return NVSIM_INVALID_STATE;
      }
      return NVSIM_OK;
   case G80_2D_OPERATION:
      e->operation = data;
      return NVSIM_OK;
   case G80_2D_DRAW_SHAPE:
      e->draw_shape = data;
      return NVSIM_OK;
   case G80_2D_DRAW_COLOR_FORMAT:
      e->draw_color_format = data;
      return NVSIM_OK;
   case G80_2D_DRAW_COLOR:
      e->draw_color = data;
      return NVSIM_OK;
   default:
      return NVSIM_ILLEGAL_MTHD;
   }
}

const struct nvsim_class nvsim_g80_2d_class = {
   .oclass = G80_2D_CLASS,
   .name = "G80_2D",
   .create = g80_2d_create,
   .destroy = g80_2d_destroy,
   .method = g80_2d_method,
};
