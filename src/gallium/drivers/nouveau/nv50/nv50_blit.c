/*
 * Copies and blits on the GPU.
 *
 * resource_copy_region: buffers by M2MF (pitch to pitch lines,
 * nv50_m2mf_copy_buffer); textures by a G80_2D blit (g80_2d.xml: SRC_ / DST_
 * surfaces, BLIT_* rectangle with 32.32 du/dv steps) of 1:1 point
 * samples in a "raw" format of the element's size: R8 / R16 / BGRA8
 * (BGRA8 n times as wide for elements of 4n bytes: a surface is
 * addressed by bytes, g80-surface.rst, so an element of 8 or 16 bytes is
 * 2 or 4 BGRA8 pixels), a same-format point-sampled copy of those
 * formats keeping the bits (upstream's nv50 driver copies by them too,
 * fact).  Compressed formats copy their blocks as elements.  What the
 * 2D engine is not used for goes to util_resource_copy_region on the
 * CPU: depth/stencil resources (their storage types may compress; the
 * 2D engine takes colour formats only, rnndb DST_FORMAT is
 * G80_SURFACE_FORMAT), elements of 3 bytes, MSAA.
 *
 * blit: colour blits between formats the 2D engine takes (the same
 * format, or two of nv50_2d_takes's list: it converts between them),
 * all of RGBA written, nearest filtering or none needed (1:1), one layer
 * per slice, no window rectangles, single-sampled: a 2D blit, flipped
 * blits by a negative du/dv, the scissor by CLIP_*.  BLIT_CONTROL
 * FILTER_BILINEAR exists, but where the hardware puts the taps of a
 * scaled bilinear blit is not documented (upstream sends scaled blits to
 * its 3D path: "find correct src coordinate adjustments") and nvsim
 * traps on it: linear scaled blits, partial masks and formats the 2D
 * engine does not take are done on the CPU (nv50_blit_cpu: GL's
 * bilinear filter, clamp to edge), as are depth/stencil blits that are
 * not plain copies (util_try_blit_via_copy_region first: depth and
 * stencil each read and written in place by Gallium's packers); MSAA,
 * integer and compressed blits that are not copies, and a change of the
 * layer count (3D mipmaps), are refused through the debug output.
 *
 * The render condition (NV_conditional_render) covers blits that ask
 * for it.  When the GPU decides it for the 3D engine (an occlusion
 * query's reports, nv50_query.c), a 2D blit takes the same COND_MODE and
 * COND_ADDRESS (g80_2d.xml, through DMA_COND; the same g80_cond_mode
 * values): exact in every mode, no CPU wait.  Otherwise, and for what
 * the CPU copies, nv50_render_condition_pass decides on the CPU first.
 *
 * Ordering: PGRAPH runs one channel's objects in order, but a 3D draw's
 * writes can still be in the ROP when the 2D engine reads the surface;
 * SERIALIZE (fifo.xml, graph method of every object) on the 2D object
 * before a blit and on the 3D object after it waits for the other
 * engine's work, as the TIC ring (nv50_tex.c) does for its entries.
 */

#include <assert.h>
#include <math.h>

#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_surface.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_format.h"
#include "nv50_msaa.h"
#include "nv50_funcs.h"
#include "nv50_resource.h"
#include "fifo.xml.h"
#include "g80_2d.xml.h"
#include "g80_3d.xml.h"
#include "g80_defs.xml.h"

#define NV50_2D_MTHD(nv50, mthd, n) \
   nouveau_push_mthd(&(nv50)->push, NOUVEAU_SUBC_2D, mthd, n)
#define NV50_2D_1(nv50, mthd, data) \
   nouveau_push_1(&(nv50)->push, NOUVEAU_SUBC_2D, mthd, data)

/* The colour formats G80_2D takes as SRC/DST_FORMAT and converts
 * between: of G80_SURFACE_FORMAT's 0xc0..0xff, the set upstream's nv50
 * driver lets the 2D engine see (nv50_2d_format's mask, fact). */
static bool
nv50_2d_takes(uint32_t format)
{
   switch (format) {
   case G80_SURFACE_FORMAT_RGBA32_FLOAT:
   case G80_SURFACE_FORMAT_RGBX32_FLOAT:
   case G80_SURFACE_FORMAT_RGBA16_FLOAT:
   case G80_SURFACE_FORMAT_BGRA8_UNORM:
   case G80_SURFACE_FORMAT_RGBA8_UNORM:
   case G80_SURFACE_FORMAT_RGBA8_SRGB:
   case G80_SURFACE_FORMAT_BGR10_A2_UNORM:
   case G80_SURFACE_FORMAT_R32_FLOAT:
   case G80_SURFACE_FORMAT_BGRX8_UNORM:
   case G80_SURFACE_FORMAT_BGRX8_SRGB:
   case G80_SURFACE_FORMAT_B5G6R5_UNORM:
   case G80_SURFACE_FORMAT_BGR5_A1_UNORM:
   case G80_SURFACE_FORMAT_R16_UNORM:
   case G80_SURFACE_FORMAT_R8_UNORM:
   case G80_SURFACE_FORMAT_BGR5_X1_UNORM:
   case G80_SURFACE_FORMAT_RGBX8_UNORM:
   case G80_SURFACE_FORMAT_RGBX8_SRGB:
      return true;
   default:
      return false;
   }
}

/* A surface as the 2D engine sees it: its format and how many of its
 * pixels make one element of the resource. */
struct nv50_2d_view {
   uint32_t format;
   unsigned scale;
};

/* The raw format of an element of cpp bytes, false when there is none. */
static bool
nv50_2d_raw(unsigned cpp, struct nv50_2d_view *v)
{
   v->scale = 1;
   if (cpp == 1)
      v->format = G80_SURFACE_FORMAT_R8_UNORM;
   else if (cpp == 2)
      v->format = G80_SURFACE_FORMAT_R16_UNORM;
   else if (cpp && cpp % 4 == 0) {
      v->format = G80_SURFACE_FORMAT_BGRA8_UNORM;
      v->scale = cpp / 4;
   } else
      return false;
   return true;
}

/* SRC_ or DST_ FORMAT .. ADDRESS_LOW of level / layer (the slice z of a
 * 3D texture) of res. */
static void
nv50_2d_surface(struct nv50_context *nv50, bool dst, struct nv50_resource *res,
                unsigned level, unsigned layer, const struct nv50_2d_view *v)
{
   const struct pipe_resource *t = &res->base;
   const struct nv50_level *lv = &res->level[level];
   const bool is3d = t->target == PIPE_TEXTURE_3D;
   const uint32_t base = dst ? G80_2D_DST_FORMAT : G80_2D_SRC_FORMAT;
   const uint64_t addr = nv50_resource_address(res, level, is3d ? 0 : layer);
   /* multisampled: the stored surface (nv50_msaa.c) */
   const uint32_t width =
      (util_format_get_nblocksx(t->format, u_minify(t->width0, level)) *
       v->scale) << res->ms_x;
   const uint32_t height =
      util_format_get_nblocksy(t->format, u_minify(t->height0, level))
      << res->ms_y;

   nouveau_push_mthd(&nv50->push, NOUVEAU_SUBC_2D, base,
                     (G80_2D_DST_ADDRESS_LOW - G80_2D_DST_FORMAT) / 4 + 1);
   nouveau_push_data(&nv50->push, v->format);
   nouveau_push_data(&nv50->push, res->linear);
   /* BLOCK_DIMENSIONS, DEPTH, LAYER: blocklinear only */
   nouveau_push_data(&nv50->push,
                     G80_2D_DST_BLOCK_DIMENSIONS_HEIGHT(lv->block_h) |
                     G80_2D_DST_BLOCK_DIMENSIONS_DEPTH(lv->block_d));
   nouveau_push_data(&nv50->push, is3d ? u_minify(t->depth0, level) : 1);
   nouveau_push_data(&nv50->push, is3d ? layer : 0);
   /* PITCH: pitch only */
   nouveau_push_data(&nv50->push, res->linear ? lv->pitch : 0);
   nouveau_push_data(&nv50->push, width);
   nouveau_push_data(&nv50->push, height);
   nouveau_push_data(&nv50->push, addr >> 32);
   nouveau_push_data(&nv50->push, addr);
}

struct nv50_2d_blit {
   struct nv50_resource *dst, *src;
   unsigned dst_level, src_level;
   struct nv50_2d_view dv, sv;
   /* destination rectangle in 2D pixels; the source position of its
    * first pixel's corner and the steps per pixel, 32.32 */
   int32_t dx, dy;
   uint32_t w, h;
   int64_t sx, sy, du_dx, dv_dy;
   const struct pipe_scissor_state *clip;   /* NULL: none */
   /* COND_MODE and the reports it reads (nv50_render_condition_gpu) */
   uint32_t cond;
   uint64_t cond_addr;
};

/* the 2D class's COND_MODE takes the 3D class's values (rnndb: both are
 * g80_cond_mode) */
static_assert(G80_2D_COND_MODE_ALWAYS == G80_3D_COND_MODE_ALWAYS, "");
static_assert(G80_2D_COND_MODE_EQUAL == G80_3D_COND_MODE_EQUAL, "");
static_assert(G80_2D_COND_MODE_NOT_EQUAL == G80_3D_COND_MODE_NOT_EQUAL,
              "");

/* One blit per layer; false when the channel is lost. */
static bool
nv50_2d_blit(struct nv50_context *nv50, const struct nv50_2d_blit *b,
             unsigned dst_layer, unsigned src_layer, unsigned layers,
             int layer_step)
{
   for (unsigned l = 0; l < layers; l++) {
      if (!nv50_push_begin(nv50, 64))
         return false;
      nv50_push_ref(nv50, b->src->bo, b->src->domain | NOUVEAU_BO_RD);
      nv50_push_ref(nv50, b->dst->bo, b->dst->domain | NOUVEAU_BO_WR);
      /* the 3D engine's writes to either surface are done */
      NV50_2D_1(nv50, G80_GRAPH_SERIALIZE, 0);
      /* what nv50_tex.c's SIFC or an earlier blit left set */
      NV50_2D_1(nv50, G80_2D_OPERATION, G80_2D_OPERATION_SRCCOPY);
      if (b->cond != G80_2D_COND_MODE_ALWAYS) {
         /* the reports: nv50_push_begin lists nv50->cond_bo */
         NV50_2D_MTHD(nv50, G80_2D_COND_ADDRESS_HIGH, 3);
         nouveau_push_data(&nv50->push, b->cond_addr >> 32);
         nouveau_push_data(&nv50->push, b->cond_addr);
         nouveau_push_data(&nv50->push, b->cond);
      } else {
         NV50_2D_1(nv50, G80_2D_COND_MODE, G80_2D_COND_MODE_ALWAYS);
      }
      if (b->clip) {
         NV50_2D_MTHD(nv50, G80_2D_CLIP_X, 5);
         nouveau_push_data(&nv50->push, b->clip->minx);
         nouveau_push_data(&nv50->push, b->clip->miny);
         nouveau_push_data(&nv50->push, b->clip->maxx - b->clip->minx);
         nouveau_push_data(&nv50->push, b->clip->maxy - b->clip->miny);
         nouveau_push_data(&nv50->push, 1);
      } else {
         NV50_2D_1(nv50, G80_2D_CLIP_ENABLE, 0);
      }
      nv50_2d_surface(nv50, true, b->dst, b->dst_level, dst_layer + l,
                      &b->dv);
      nv50_2d_surface(nv50, false, b->src, b->src_level,
                      src_layer + l * layer_step, &b->sv);
      /* source position of pixel i: SRC_X + (i + 1/2) DU_DX (rnndb
       * ORIGIN CENTER); point samples (nearest) */
      NV50_2D_1(nv50, G80_2D_BLIT_CONTROL,
                G80_2D_BLIT_CONTROL_ORIGIN_CENTER |
                G80_2D_BLIT_CONTROL_FILTER_POINT_SAMPLE);
      /* BLIT_DST_X .. BLIT_SRC_Y_INT, whose write starts the blit */
      NV50_2D_MTHD(nv50, G80_2D_BLIT_DST_X,
                   (G80_2D_BLIT_SRC_Y_INT - G80_2D_BLIT_DST_X) / 4 + 1);
      nouveau_push_data(&nv50->push, b->dx);
      nouveau_push_data(&nv50->push, b->dy);
      nouveau_push_data(&nv50->push, b->w);
      nouveau_push_data(&nv50->push, b->h);
      nouveau_push_data(&nv50->push, (uint32_t)b->du_dx);
      nouveau_push_data(&nv50->push, (uint32_t)(b->du_dx >> 32));
      nouveau_push_data(&nv50->push, (uint32_t)b->dv_dy);
      nouveau_push_data(&nv50->push, (uint32_t)(b->dv_dy >> 32));
      nouveau_push_data(&nv50->push, (uint32_t)b->sx);
      nouveau_push_data(&nv50->push, (uint32_t)(b->sx >> 32));
      nouveau_push_data(&nv50->push, (uint32_t)b->sy);
      nouveau_push_data(&nv50->push, (uint32_t)(b->sy >> 32));
      /* the 3D engine's next reads and writes wait for the blit */
      NV50_3D_1(nv50, G80_GRAPH_SERIALIZE, 0);
   }
   return true;
}

void
nv50_resource_copy_region(struct pipe_context *pipe,
                          struct pipe_resource *dst, unsigned dst_level,
                          unsigned dstx, unsigned dsty, unsigned dstz,
                          struct pipe_resource *src, unsigned src_level,
                          const struct pipe_box *src_box)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   const enum pipe_format fmt = src->format;
   const unsigned cpp = util_format_get_blocksize(fmt);
   struct nv50_2d_blit b = { .cond = G80_2D_COND_MODE_ALWAYS };

   if (dst->target == PIPE_BUFFER && src->target == PIPE_BUFFER) {
      nv50_m2mf_copy_buffer(nv50, nv50_resource(dst), dstx,
                            nv50_resource(src), src_box->x, src_box->width);
      return;
   }
   /* multisampled (one count both sides): the stored surfaces, whose
    * blocks hold the samples in the same places (nv50_msaa.c) */
   const unsigned ms_x = nv50_resource(src)->ms_x;
   const unsigned ms_y = nv50_resource(src)->ms_y;
   if (MAX2(src->nr_samples, 1) != MAX2(dst->nr_samples, 1)) {
      util_debug_message(&nv50->debug, ERROR,
                         "nouveau nv50: resource_copy_region between %u "
                         "and %u samples refused", src->nr_samples,
                         dst->nr_samples);
      return;
   }
   if (dst->target == PIPE_BUFFER || src->target == PIPE_BUFFER ||
       util_format_is_depth_or_stencil(fmt) ||
       util_format_get_blocksize(dst->format) != cpp ||
       !nv50_2d_raw(cpp, &b.sv)) {
      struct pipe_box box = *src_box;
      NOUVEAU_FALLBACK("resource_copy_region of %s on the CPU\n",
                       util_format_short_name(fmt));
      /* transfers of a multisampled resource are in stored pixels */
      box.x <<= ms_x;
      box.width <<= ms_x;
      box.y <<= ms_y;
      box.height <<= ms_y;
      util_resource_copy_region(pipe, dst, dst_level, dstx << ms_x,
                                dsty << ms_y, dstz, src, src_level, &box);
      return;
   }
   /* layers in z, a 1D array's too (u_surface.c's boxes) */
   const struct pipe_box sbox = *src_box;
   b.dst = nv50_resource(dst);
   b.src = nv50_resource(src);
   b.dst_level = dst_level;
   b.src_level = src_level;
   b.dv = b.sv;
   /* in elements (blocks of a compressed format: each side's own, for
    * copies between compressed and plain formats of one element size),
    * then 2D pixels */
   b.dx = (util_format_get_nblocksx(dst->format, dstx) * b.sv.scale) << ms_x;
   b.dy = util_format_get_nblocksy(dst->format, dsty) << ms_y;
   b.w = (util_format_get_nblocksx(fmt, sbox.width) * b.sv.scale) << ms_x;
   b.h = util_format_get_nblocksy(fmt, sbox.height) << ms_y;
   b.sx = (int64_t)((util_format_get_nblocksx(fmt, sbox.x) * b.sv.scale)
                    << ms_x) << 32;
   b.sy = (int64_t)(util_format_get_nblocksy(fmt, sbox.y) << ms_y) << 32;
   b.du_dx = b.dv_dy = (int64_t)1 << 32;
   nv50_2d_blit(nv50, &b, dstz, sbox.z, sbox.depth, 1);
}

/* What a CPU blit reads and writes of a texel: RGBA, depth (out[0]) or
 * stencil (out[0]). */
enum nv50_cpu_part { NV50_CPU_RGBA, NV50_CPU_Z, NV50_CPU_S };

static void
nv50_cpu_texel(enum pipe_format fmt, enum nv50_cpu_part part,
               const uint8_t *p, float out[4])
{
   uint8_t s;

   switch (part) {
   case NV50_CPU_RGBA:
      util_format_unpack_rgba(fmt, out, p, 1);
      break;
   case NV50_CPU_Z:
      util_format_unpack_z_float(fmt, out, p, 1);
      break;
   case NV50_CPU_S:
      util_format_unpack_s_8uint(fmt, &s, p, 1);
      out[0] = s;
      break;
   }
}

bool
nv50_blit_scissored(const struct pipe_blit_info *info, int x, int y)
{
   return info->scissor_enable &&
          (x < info->scissor.minx || x >= info->scissor.maxx ||
           y < info->scissor.miny || y >= info->scissor.maxy);
}

void
nv50_pack_rgba_masked(enum pipe_format f, uint8_t *p, float c[4],
                      unsigned mask)
{
   if ((mask & PIPE_MASK_RGBA) != PIPE_MASK_RGBA) {
      float d[4];
      util_format_unpack_rgba(f, d, p, 1);
      for (int i = 0; i < 4; i++)
         if (!(mask & (PIPE_MASK_R << i)))
            c[i] = d[i];
   }
   util_format_pack_rgba(f, p, c, 1);
}

/* GL's bilinear filter of the image (clamp to edge) or its nearest texel
 * at (u, v), in texels from the corner. */
static void
nv50_cpu_sample(const uint8_t *map, unsigned stride, enum pipe_format fmt,
                enum nv50_cpu_part part, int x0, int y0, int w, int h,
                float u, float v, bool linear, float out[4])
{
   const unsigned cpp = util_format_get_blocksize(fmt);

   if (!linear) {
      int x = CLAMP((int)floorf(u), 0, w - 1);
      int y = CLAMP((int)floorf(v), 0, h - 1);
      nv50_cpu_texel(fmt, part, map + (y - y0) * stride + (x - x0) * cpp,
                     out);
      return;
   }
   float fu = u - 0.5f, fv = v - 0.5f;
   int i0 = (int)floorf(fu), j0 = (int)floorf(fv);
   float a = fu - i0, bb = fv - j0;
   float t[4][4];
   for (int k = 0; k < 4; k++) {
      int x = CLAMP(i0 + (k & 1), 0, w - 1);
      int y = CLAMP(j0 + (k >> 1), 0, h - 1);
      nv50_cpu_texel(fmt, part, map + (y - y0) * stride + (x - x0) * cpp,
                     t[k]);
   }
   for (int c = 0; c < 4; c++)
      out[c] = (1 - a) * (1 - bb) * t[0][c] + a * (1 - bb) * t[1][c] +
               (1 - a) * bb * t[2][c] + a * bb * t[3][c];
}

/* A blit on the CPU through maps: what the 2D engine does not do
 * (linear scaled blits, partial masks, formats it does not take, depth
 * and stencil); false when it cannot either. */
static bool
nv50_blit_cpu(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   const enum pipe_format sf = info->src.format, df = info->dst.format;
   const struct pipe_resource *sr = info->src.resource;
   const int sw = u_minify(sr->width0, info->src.level);
   const int sh = u_minify(sr->height0, info->src.level);
   const struct pipe_box *db = &info->dst.box, *sb = &info->src.box;
   const bool linear = info->filter == PIPE_TEX_FILTER_LINEAR;

   const bool zs = util_format_is_depth_or_stencil(df);

   if (zs != util_format_is_depth_or_stencil(sf) ||
       (zs && (info->mask & PIPE_MASK_Z) &&
        !(util_format_has_depth(util_format_description(sf)) &&
          util_format_has_depth(util_format_description(df)))) ||
       (zs && (info->mask & PIPE_MASK_S) &&
        !(util_format_has_stencil(util_format_description(sf)) &&
          util_format_has_stencil(util_format_description(df)))) ||
       util_format_is_compressed(sf) || util_format_is_compressed(df) ||
       util_format_is_pure_integer(sf) || util_format_is_pure_integer(df) ||
       sr->nr_samples > 1 || info->dst.resource->nr_samples > 1 ||
       sb->depth != db->depth || db->width <= 0 || db->height <= 0 ||
       info->num_window_rectangles)
      return false;

   /* the source texels the destination can read: the box, one more
    * around for the filter, in the level */
   int sx0 = MIN2(sb->x, sb->x + sb->width), sx1 = MAX2(sb->x, sb->x + sb->width);
   int sy0 = MIN2(sb->y, sb->y + sb->height), sy1 = MAX2(sb->y, sb->y + sb->height);
   sx0 = CLAMP(sx0 - 1, 0, sw - 1);
   sy0 = CLAMP(sy0 - 1, 0, sh - 1);
   sx1 = CLAMP(sx1 + 1, 1, sw);
   sy1 = CLAMP(sy1 + 1, 1, sh);

   /* the destination pixels in the level: a box may reach past it
    * (glBlitFramebuffer's scaled boxes are not clipped) */
   const int dw = u_minify(info->dst.resource->width0, info->dst.level);
   const int dh = u_minify(info->dst.resource->height0, info->dst.level);
   const int cx0 = MAX2(db->x, 0), cx1 = MIN2(db->x + db->width, dw);
   const int cy0 = MAX2(db->y, 0), cy1 = MIN2(db->y + db->height, dh);
   if (cx0 >= cx1 || cy0 >= cy1)
      return true;

   NOUVEAU_FALLBACK("blit %s (%d,%d %dx%d of %dx%d) -> %s (%d,%d %dx%d) on "
                    "the CPU\n", util_format_short_name(sf), sb->x, sb->y,
                    sb->width, sb->height, sw, sh, util_format_short_name(df),
                    db->x, db->y, db->width, db->height);
   for (int z = 0; z < db->depth; z++) {
      struct pipe_transfer *st, *dt;
      struct pipe_box sbox, dbox;
      u_box_3d(sx0, sy0, sb->z + z, sx1 - sx0, sy1 - sy0, 1, &sbox);
      u_box_3d(cx0, cy0, db->z + z, cx1 - cx0, cy1 - cy0, 1, &dbox);
      const uint8_t *smap = pipe->texture_map(pipe, info->src.resource,
                                              info->src.level, PIPE_MAP_READ,
                                              &sbox, &st);
      if (!smap)
         return true;
      uint8_t *dmap = pipe->texture_map(pipe, info->dst.resource,
                                        info->dst.level,
                                        PIPE_MAP_READ | PIPE_MAP_WRITE,
                                        &dbox, &dt);
      if (!dmap) {
         pipe->texture_unmap(pipe, st);
         return true;
      }
      const unsigned dcpp = util_format_get_blocksize(df);
      for (int py = cy0; py < cy1; py++) {
         for (int px = cx0; px < cx1; px++) {
            /* from the box's corner */
            const int x = px - db->x, y = py - db->y;
            if (nv50_blit_scissored(info, px, py))
               continue;
            float u = sb->x + (x + 0.5f) * sb->width / (float)db->width;
            float v = sb->y + (y + 0.5f) * sb->height / (float)db->height;
            float c[4];
            uint8_t *p = dmap + (py - cy0) * dt->stride + (px - cx0) * dcpp;
            if (zs) {
               /* each part in place: the packers keep the other's bits */
               if (info->mask & PIPE_MASK_Z) {
                  nv50_cpu_sample(smap, st->stride, sf, NV50_CPU_Z, sx0, sy0,
                                  sw, sh, u, v, linear, c);
                  util_format_pack_z_float(df, p, c, 1);
               }
               if (info->mask & PIPE_MASK_S) {
                  uint8_t s8;
                  /* stencil values are not filtered */
                  nv50_cpu_sample(smap, st->stride, sf, NV50_CPU_S, sx0, sy0,
                                  sw, sh, u, v, false, c);
                  s8 = (uint8_t)c[0];
                  util_format_pack_s_8uint(df, p, &s8, 1);
               }
               continue;
            }
            nv50_cpu_sample(smap, st->stride, sf, NV50_CPU_RGBA, sx0, sy0, sw,
                            sh, u, v, linear, c);
            nv50_pack_rgba_masked(df, p, c, info->mask);
         }
      }
      pipe->texture_unmap(pipe, dt);
      pipe->texture_unmap(pipe, st);
   }
   return true;
}

/* The 2D view of a blit side's format: its own when the 2D engine takes
 * it, else (the same format both sides) a raw one of its element size. */
static bool
nv50_blit_view(enum pipe_format f, bool same, struct nv50_2d_view *v)
{
   v->format = nv50_format(f)->rt;
   v->scale = 1;
   if (v->format && nv50_2d_takes(v->format))
      return true;
   return same && !util_format_is_compressed(f) &&
          nv50_2d_raw(util_format_get_blocksize(f), v) && v->scale == 1;
}

/* The blit on the 2D engine under COND_MODE cond (the reports at
 * cond_addr), false when it does not do it. */
static bool
nv50_blit_2d(struct nv50_context *nv50, const struct pipe_blit_info *info,
             uint32_t cond, uint64_t cond_addr)
{
   const struct pipe_box *db = &info->dst.box, *sb = &info->src.box;
   const bool same = info->src.format == info->dst.format;
   const bool scaled = abs(sb->width) != db->width ||
                       abs(sb->height) != db->height;
   struct nv50_2d_blit b = { .cond = cond, .cond_addr = cond_addr };

   if (util_format_is_depth_or_stencil(info->dst.format) ||
       util_format_is_depth_or_stencil(info->src.format) ||
       (info->mask & PIPE_MASK_RGBA) != PIPE_MASK_RGBA ||
       MAX2(info->src.resource->nr_samples, 1) !=
          MAX2(info->dst.resource->nr_samples, 1) ||
       (info->src.resource->nr_samples > 1 &&
        (scaled || sb->width < 0 || sb->height < 0 ||
         info->scissor_enable)) ||
       info->src.resource->target == PIPE_BUFFER ||
       info->dst.resource->target == PIPE_BUFFER ||
       info->num_window_rectangles || info->alpha_blend ||
       sb->depth != db->depth || db->width <= 0 || db->height <= 0 ||
       (scaled && info->filter != PIPE_TEX_FILTER_NEAREST))
      return false;
   /* an sRGB side converts as UNORM on the 2D engine (nothing decoded
    * or encoded): only between two of the same encoding */
   if (!same && util_format_is_srgb(info->src.format) !=
                util_format_is_srgb(info->dst.format))
      return false;
   if (!nv50_blit_view(info->src.format, same, &b.sv) ||
       !nv50_blit_view(info->dst.format, same, &b.dv))
      return false;

   b.dst = nv50_resource(info->dst.resource);
   b.src = nv50_resource(info->src.resource);
   b.dst_level = info->dst.level;
   b.src_level = info->src.level;
   /* multisampled, one count both sides, 1:1: a copy of the stored
    * blocks (nv50_msaa.c) */
   const unsigned ms_x = b.src->ms_x, ms_y = b.src->ms_y;
   b.dx = db->x * (1 << ms_x);
   b.dy = db->y * (1 << ms_y);
   b.w = db->width << ms_x;
   b.h = db->height << ms_y;
   /* a negative source width flips: pixel i samples x + (i + 1/2) du
    * with du < 0, from the box's x edge backwards (Gallium's boxes) */
   b.du_dx = ((int64_t)sb->width << 32) / db->width;
   b.dv_dy = ((int64_t)sb->height << 32) / db->height;
   b.sx = (int64_t)sb->x * (1 << ms_x) << 32;
   b.sy = (int64_t)sb->y * (1 << ms_y) << 32;
   b.clip = info->scissor_enable ? &info->scissor : NULL;
   return nv50_2d_blit(nv50, &b, db->z, sb->z, db->depth, 1);
}

void
nv50_blit(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   struct nv50_context *nv50 = nv50_context(pipe);

   uint32_t cond = G80_2D_COND_MODE_ALWAYS;
   uint64_t cond_addr = 0;

   if (info->render_condition_enable) {
      cond = nv50_render_condition_gpu(nv50, &cond_addr);
      /* the GPU decides for a 2D blit */
      if (cond != G80_2D_COND_MODE_ALWAYS &&
          nv50_blit_2d(nv50, info, cond, cond_addr))
         return;
      /* the CPU for the rest */
      if (!nv50_render_condition_pass(nv50, false))
         return;
   }
   if (nv50_blit_2d(nv50, info, G80_2D_COND_MODE_ALWAYS, 0))
      return;
   /* resolves (nv50_msaa.c) */
   if (nv50_ms_blit(pipe, info))
      return;
   if (util_try_blit_via_copy_region(pipe, info, false))
      return;
   if (nv50_blit_cpu(pipe, info))
      return;
   /* GL_DEBUG_TYPE_ERROR through KHR_debug, as nv50_draw.c refuses */
   util_debug_message(&nv50->debug, ERROR,
                      "nouveau nv50: blit %s -> %s (mask 0x%x, %u -> %u "
                      "samples) not implemented yet (nothing copied)",
                      util_format_short_name(info->src.format),
                      util_format_short_name(info->dst.format), info->mask,
                      info->src.resource->nr_samples,
                      info->dst.resource->nr_samples);
}
