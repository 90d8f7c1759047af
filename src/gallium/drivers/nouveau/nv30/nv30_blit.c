/*
 * Copies and blits, on the CPU for now (correct first): through transfer
 * maps and util_format's pack/unpack.  Each use is a visible fallback
 * (NV_DEBUG=fallback).  Multisampled resources (nv30_msaa.h) are copied
 * sample by sample and resolved by averaging their samples, which is
 * what upstream's 2D-engine resolve computes (a BILINEAR SIFM blit scaled
 * down by the sample block: nv30_miptree.c nv30_resource_resolve).
 */

#include <nouveau.h>

#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/u_surface.h"

#include "nouveau/nouveau_debug.h"
#include "nouveau/nouveau_libdrm.h"
#include "nv30_context.h"
#include "nv30_funcs.h"
#include "nv30_msaa.h"
#include "nv30_resource.h"

static void nv30_blit_multisample(struct pipe_context *pipe,
                                  const struct pipe_blit_info *info);

void
nv30_resource_copy_region(struct pipe_context *pipe,
                          struct pipe_resource *dst, unsigned dst_level,
                          unsigned dstx, unsigned dsty, unsigned dstz,
                          struct pipe_resource *src, unsigned src_level,
                          const struct pipe_box *src_box)
{
   if (src->nr_samples > 1 || dst->nr_samples > 1) {
      /* util_resource_copy_region maps pixels, not sample blocks */
      struct pipe_blit_info info = { 0 };

      info.src.resource = src;
      info.src.level = src_level;
      info.src.box = *src_box;
      info.src.format = src->format;
      info.dst.resource = dst;
      info.dst.level = dst_level;
      u_box_3d(dstx, dsty, dstz, src_box->width, src_box->height,
               src_box->depth, &info.dst.box);
      info.dst.format = dst->format;
      info.mask = util_format_get_mask(src->format);
      info.filter = PIPE_TEX_FILTER_NEAREST;
      nv30_blit_multisample(pipe, &info);
      return;
   }
   NOUVEAU_FALLBACK("resource_copy_region on the CPU\n");
   util_resource_copy_region(pipe, dst, dst_level, dstx, dsty, dstz,
                             src, src_level, src_box);
}

/* Source texel for destination pixel d (nearest sample of the scaled
 * box), clamped into the source box. */
static inline int
nv30_blit_src_coord(int d, int dst0, int dst_size, int src0, int src_size)
{
   int s;

   if (dst_size == src_size)
      return src0 + (d - dst0);
   /* centre of the destination pixel mapped into the source box */
   s = src0 + (int)floorf(((d - dst0) + 0.5f) * src_size / dst_size);
   if (src_size > 0)
      return CLAMP(s, src0, src0 + src_size - 1);
   return CLAMP(s, src0 + src_size, src0 - 1);
}

/* The two source texels and the weight of the second that a LINEAR blit
 * blends for destination pixel d along one axis: the pixel's centre
 * mapped into the source box, minus half a texel, between the texel
 * centres around it (GL 2.1 section 3.8.8's linear filter; the samples
 * are clamped into the source box, as CLAMP_TO_EDGE would).  A box of the
 * same size lands on texel centres: weight 0, a plain copy. */
struct nv30_blit_tap {
   int i0, i1;
   float w;
};

static struct nv30_blit_tap
nv30_blit_linear_tap(int d, int dst0, int dst_size, int src0, int src_size)
{
   struct nv30_blit_tap t;
   int lo = MIN2(src0, src0 + src_size), hi = MAX2(src0, src0 + src_size) - 1;
   float c = src0 + ((d - dst0) + 0.5f) * src_size / dst_size - 0.5f;
   float f = floorf(c);

   t.i0 = CLAMP((int)f, lo, hi);
   t.i1 = CLAMP((int)f + 1, lo, hi);
   t.w = c - f;
   return t;
}

/* A CPU blit once both sides are mapped: the source texels as read (the
 * source format, or RGBA32F texels decoded from a compressed source) and
 * the part of the destination box inside its level. */
struct nv30_cpu_blit {
   const struct pipe_blit_info *info;
   struct pipe_box src_box;      /* the mapped source: inside its level */
   struct pipe_box dc;           /* the mapped destination: inside its level */
   const uint8_t *smap;
   uint8_t *dmap;
   const struct pipe_transfer *dt;
   enum pipe_format sfmt;
   unsigned sstride, slayer, sbpp, dbpp;
   bool color, depth, stencil;
};

/* Whether the blit's scissor, when enabled, drops destination row y or
 * column x. */
static inline bool
nv30_blit_scissor_drops_y(const struct pipe_blit_info *info, int y)
{
   return info->scissor_enable &&
          (y < (int)info->scissor.miny || y >= (int)info->scissor.maxy);
}

static inline bool
nv30_blit_scissor_drops_x(const struct pipe_blit_info *info, int x)
{
   return info->scissor_enable &&
          (x < (int)info->scissor.minx || x >= (int)info->scissor.maxx);
}

/* The part of box (positive sizes) inside the level; false when none is. */
static bool
nv30_blit_clip_to_level(const struct pipe_resource *res, unsigned level,
                        const struct pipe_box *box, struct pipe_box *out)
{
   int lw = u_minify(res->width0, level);
   int lh = u_minify(res->height0, level);
   int ld = res->target == PIPE_TEXTURE_3D ?
            u_minify(res->depth0, level) : res->array_size;
   int x0 = MAX2(box->x, 0), y0 = MAX2(box->y, 0), z0 = MAX2(box->z, 0);
   int x1 = MIN2(box->x + box->width, lw);
   int y1 = MIN2(box->y + box->height, lh);
   int z1 = MIN2(box->z + box->depth, ld);

   if (x0 >= x1 || y0 >= y1 || z0 >= z1)
      return false;
   u_box_3d(x0, y0, z0, x1 - x0, y1 - y0, z1 - z0, out);
   return true;
}

/* What the CPU path handles: uncompressed pixels (or a compressed source
 * decoded to colour), and colour only between colour formats. */
static bool
nv30_blit_cpu_supported(const struct pipe_blit_info *info,
                        const struct util_format_description *sd,
                        const struct util_format_description *dd,
                        bool compressed, bool color)
{
   return sd->block.width &&
          ((sd->block.width == 1 && sd->block.height == 1) || compressed) &&
          dd->block.width == 1 && dd->block.height == 1 &&
          !(color && (util_format_is_depth_or_stencil(info->src.format) ||
                      util_format_is_depth_or_stencil(info->dst.format)));
}

/* Decodes the mapped compressed source box into RGBA32F texels, which the
 * blit then reads instead.  Returns the buffer to free, NULL when out of
 * memory. */
static float *
nv30_blit_decode_compressed(struct nv30_cpu_blit *b,
                            const struct pipe_transfer *st)
{
   const struct pipe_box *box = &b->src_box;
   float *unpacked;

   b->sfmt = PIPE_FORMAT_R32G32B32A32_FLOAT;
   b->sstride = box->width * 4 * sizeof(float);
   b->slayer = b->sstride * box->height;
   unpacked = MALLOC((size_t)b->slayer * box->depth);
   if (!unpacked)
      return NULL;
   for (int z = 0; z < box->depth; z++)
      util_format_unpack_rgba_rect(b->info->src.format,
                                   (uint8_t *)unpacked + z * b->slayer,
                                   b->sstride, b->smap + z * st->layer_stride,
                                   st->stride, box->width, box->height);
   b->smap = (uint8_t *)unpacked;
   return unpacked;
}

/* One destination pixel of a LINEAR blit: the weighted sum of the 2x2x2
 * texels around its centre (weight 0 along an axis of one slice). */
static void
nv30_blit_linear_pixel(const struct nv30_cpu_blit *b,
                       struct nv30_blit_tap tx, struct nv30_blit_tap ty,
                       struct nv30_blit_tap tz, uint8_t *dp)
{
   const struct pipe_box *box = &b->src_box;
   float acc[4] = { 0 }, zacc = 0.0f;

   for (unsigned k = 0; k < 8; k++) {
      /* clamped to the part of the box inside the level */
      int sx = CLAMP(k & 1 ? tx.i1 : tx.i0, box->x,
                     box->x + box->width - 1) - box->x;
      int sy = CLAMP(k & 2 ? ty.i1 : ty.i0, box->y,
                     box->y + box->height - 1) - box->y;
      int sz = CLAMP(k & 4 ? tz.i1 : tz.i0, box->z,
                     box->z + box->depth - 1) - box->z;
      float wgt = (k & 1 ? tx.w : 1.0f - tx.w) *
                  (k & 2 ? ty.w : 1.0f - ty.w) *
                  (k & 4 ? tz.w : 1.0f - tz.w);
      const uint8_t *sp = b->smap + sz * b->slayer + sy * b->sstride +
                          sx * b->sbpp;

      if (wgt == 0.0f)
         continue;
      if (b->color) {
         float rgba[4];
         util_format_unpack_rgba(b->sfmt, rgba, sp, 1);
         for (unsigned c = 0; c < 4; c++)
            acc[c] += wgt * rgba[c];
      }
      if (b->depth) {
         float zv;
         util_format_unpack_z_float(b->info->src.format, &zv, sp, 1);
         zacc += wgt * zv;
      }
   }
   if (b->color)
      util_format_pack_rgba(b->info->dst.format, dp, acc, 1);
   if (b->depth)
      util_format_pack_z_float(b->info->dst.format, dp, &zacc, 1);
}

/* A scaled LINEAR blit (util_gen_mipmap's box filter, glBlitFramebuffer
 * with GL_LINEAR) blends 2x2 texels, 2x2x2 between 3D slices; colour and
 * depth only: stencil is never filtered. */
static void
nv30_blit_linear(const struct nv30_cpu_blit *b)
{
   const struct pipe_blit_info *info = b->info;
   const struct pipe_box *sb = &info->src.box, *db = &info->dst.box;
   const struct pipe_box *dc = &b->dc;

   for (int z = 0; z < db->depth; z++) {
      struct nv30_blit_tap tz = nv30_blit_linear_tap(db->z + z, db->z,
                                                     db->depth, sb->z,
                                                     sb->depth);
      for (int y = 0; y < db->height; y++) {
         struct nv30_blit_tap ty = nv30_blit_linear_tap(db->y + y, db->y,
                                                        db->height, sb->y,
                                                        sb->height);
         int rz = db->z + z - dc->z, ry = db->y + y - dc->y;
         uint8_t *drow;

         if (rz < 0 || rz >= dc->depth || ry < 0 || ry >= dc->height)
            continue;
         drow = b->dmap + (size_t)rz * b->dt->layer_stride +
                (size_t)ry * b->dt->stride;
         if (nv30_blit_scissor_drops_y(info, db->y + y))
            continue;
         for (int x = 0; x < db->width; x++) {
            int dx = db->x + x;
            struct nv30_blit_tap tx = nv30_blit_linear_tap(dx, db->x,
                                                           db->width, sb->x,
                                                           sb->width);

            if (dx < dc->x || dx >= dc->x + dc->width ||
                nv30_blit_scissor_drops_x(info, dx))
               continue;
            nv30_blit_linear_pixel(b, tx, ty, tz,
                                   drow + (size_t)(dx - dc->x) * b->dbpp);
         }
      }
   }
}

/* One destination pixel from one source texel: colour, depth and stencil
 * as the blit's mask asks. */
static void
nv30_blit_copy_texel(const struct nv30_cpu_blit *b, const uint8_t *sp,
                     uint8_t *dp)
{
   const struct pipe_blit_info *info = b->info;

   if (b->color) {
      float rgba[4];
      util_format_unpack_rgba(b->sfmt, rgba, sp, 1);
      util_format_pack_rgba(info->dst.format, dp, rgba, 1);
   }
   if (b->depth) {
      float z;
      util_format_unpack_z_float(info->src.format, &z, sp, 1);
      util_format_pack_z_float(info->dst.format, dp, &z, 1);
   }
   if (b->stencil) {
      uint8_t s;
      util_format_unpack_s_8uint(info->src.format, &s, sp, 1);
      util_format_pack_s_8uint(info->dst.format, dp, &s, 1);
   }
}

/* Each destination pixel takes the nearest source texel of the scaled
 * box (nv30_blit_src_coord); a source outside the level leaves it alone. */
static void
nv30_blit_nearest(const struct nv30_cpu_blit *b)
{
   const struct pipe_blit_info *info = b->info;
   const struct pipe_box *sb = &info->src.box, *db = &info->dst.box;
   const struct pipe_box *box = &b->src_box, *dc = &b->dc;

   for (int z = 0; z < db->depth; z++) {
      int sz = nv30_blit_src_coord(db->z + z, db->z, db->depth, sb->z,
                                   sb->depth) - box->z;
      if (sz < 0 || sz >= box->depth)
         continue;
      for (int y = 0; y < db->height; y++) {
         int sy = nv30_blit_src_coord(db->y + y, db->y, db->height, sb->y,
                                      sb->height) - box->y;
         int rz = db->z + z - dc->z, ry = db->y + y - dc->y;
         const uint8_t *srow;
         uint8_t *drow;

         if (sy < 0 || sy >= box->height || rz < 0 || rz >= dc->depth ||
             ry < 0 || ry >= dc->height)
            continue;
         srow = b->smap + (size_t)sz * b->slayer + (size_t)sy * b->sstride;
         drow = b->dmap + (size_t)rz * b->dt->layer_stride +
                (size_t)ry * b->dt->stride;
         if (nv30_blit_scissor_drops_y(info, db->y + y))
            continue;

         for (int x = 0; x < db->width; x++) {
            int dx = db->x + x;
            int sx = nv30_blit_src_coord(dx, db->x, db->width, sb->x,
                                         sb->width) - box->x;

            if (sx < 0 || sx >= box->width || dx < dc->x ||
                dx >= dc->x + dc->width ||
                nv30_blit_scissor_drops_x(info, dx))
               continue;
            nv30_blit_copy_texel(b, srow + (size_t)sx * b->sbpp,
                                 drow + (size_t)(dx - dc->x) * b->dbpp);
         }
      }
   }
}

void
nv30_blit(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   const struct pipe_box *sb = &info->src.box, *db = &info->dst.box;
   const struct util_format_description *sd =
      util_format_description(info->src.format);
   const struct util_format_description *dd =
      util_format_description(info->dst.format);
   struct pipe_transfer *st = NULL, *dt = NULL;
   struct nv30_cpu_blit b = { .info = info, .sfmt = info->src.format };
   struct pipe_box *src_box = &b.src_box;
   float *unpacked = NULL;
   bool compressed = util_format_is_compressed(info->src.format) &&
                     !util_format_is_depth_or_stencil(info->dst.format);

   b.color = info->mask & PIPE_MASK_RGBA;
   b.depth = (info->mask & PIPE_MASK_Z) && util_format_has_depth(dd) &&
             util_format_has_depth(sd);
   b.stencil = (info->mask & PIPE_MASK_S) && util_format_has_stencil(dd) &&
               util_format_has_stencil(sd);

   if (info->render_condition_enable &&
       !nv30_render_condition_pass(nv30_context(pipe)))
      return;

   if (db->width <= 0 || db->height <= 0 || db->depth <= 0)
      return;
   if (info->src.resource->nr_samples > 1 ||
       info->dst.resource->nr_samples > 1) {
      nv30_blit_multisample(pipe, info);
      return;
   }
   if (util_try_blit_via_copy_region(pipe, info, false))
      return;
   NOUVEAU_FALLBACK("blit on the CPU (%s -> %s)\n", sd->short_name,
                    dd->short_name);

   if (!nv30_blit_cpu_supported(info, sd, dd, compressed, b.color)) {
      NOUVEAU_ERR("blit %s -> %s not supported\n", sd->short_name,
                  dd->short_name);
      return;
   }

   /* Map the whole source box (it may be flipped: negative sizes).
    * Nothing outside the source level is read; destination pixels whose
    * source lies outside it are left alone (GL 3.0 section 4.3.3 leaves
    * them undefined).  st/mesa passes glBlitFramebuffer rectangles
    * unclipped (piglit clip-and-scissor-blit). */
   u_box_3d(MIN2(sb->x, sb->x + sb->width), MIN2(sb->y, sb->y + sb->height),
            MIN2(sb->z, sb->z + sb->depth), abs(sb->width), abs(sb->height),
            abs(sb->depth), src_box);
   if (!nv30_blit_clip_to_level(info->src.resource, info->src.level,
                                src_box, src_box))
      return;
   if (compressed) {
      /* whole blocks (st/mesa decodes S3TC textures with such blits:
       * glGetTexImage into an uncompressed format) */
      unsigned bw = sd->block.width, bh = sd->block.height;
      unsigned x1 = align(src_box->x + src_box->width, bw);
      unsigned y1 = align(src_box->y + src_box->height, bh);
      src_box->x -= src_box->x % bw;
      src_box->y -= src_box->y % bh;
      src_box->width = x1 - src_box->x;
      src_box->height = y1 - src_box->y;
   }
   b.smap = pipe->texture_map(pipe, info->src.resource, info->src.level,
                              PIPE_MAP_READ, src_box, &st);
   /* the destination box inside the level (dc) is mapped; pixels of db
    * outside it are not written */
   if (!nv30_blit_clip_to_level(info->dst.resource, info->dst.level, db,
                                &b.dc))
      goto out;
   b.dmap = pipe->texture_map(pipe, info->dst.resource, info->dst.level,
                              PIPE_MAP_READ | PIPE_MAP_WRITE, &b.dc, &dt);
   if (!b.smap || !b.dmap)
      goto out;
   b.dt = dt;
   b.sstride = st->stride;
   b.slayer = st->layer_stride;
   if (compressed) {
      unpacked = nv30_blit_decode_compressed(&b, st);
      if (!unpacked)
         goto out;
   }
   b.sbpp = util_format_get_blocksize(b.sfmt);
   b.dbpp = util_format_get_blocksize(info->dst.format);

   if (info->filter == PIPE_TEX_FILTER_LINEAR && (b.color || b.depth) &&
       (abs(sb->width) != db->width || abs(sb->height) != db->height ||
        abs(sb->depth) != db->depth)) {
      nv30_blit_linear(&b);
      if (!b.stencil)
         goto out;
      /* stencil (nearest) below, with neither colour nor depth again */
      b.color = b.depth = false;
   }
   nv30_blit_nearest(&b);
out:
   FREE(unpacked);
   if (st)
      pipe->texture_unmap(pipe, st);
   if (dt)
      pipe->texture_unmap(pipe, dt);
}

/* One level/layer of a resource as stored (a multisampled one's sample
 * blocks, nv30_msaa.h), mapped for the CPU after the GPU is done with
 * it; transfers of multisampled resources resolve instead. */
struct nv30_stored {
   uint8_t *map;
   uint32_t stride;
   /* a swizzled (rankine, single-sampled) level: its size and the 3D
    * slice, map at the level (nv30_swizzle_index) */
   bool swizzled;
   unsigned w, h, d, z;
};

static bool
nv30_blit_map_stored(struct pipe_context *pipe, struct pipe_resource *pres,
                     unsigned level, unsigned layer, uint32_t access,
                     struct nv30_stored *out)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_resource *res = nv30_resource(pres);

   bool is_3d = pres->target == PIPE_TEXTURE_3D;

   if (!res->bo || nouveau_bo_map_shared(res->bo, access, nv30->client))
      return false;
   out->swizzled = res->swizzled;
   out->w = u_minify(pres->width0, level);
   out->h = u_minify(pres->height0, level);
   out->d = is_3d ? u_minify(pres->depth0, level) : 1;
   out->z = is_3d ? layer : 0;
   /* a swizzled 3D level's slices are swizzled with its rows */
   out->map = (uint8_t *)res->bo->map +
              nv30_resource_offset(res, level,
                                   res->swizzled && is_3d ? 0 : layer);
   out->stride = res->level[level].pitch;
   return true;
}

/* Stored pixel of sample s of pixel (x, y). */
static inline uint8_t *
nv30_blit_sample_ptr(const struct nv30_stored *m,
                     const struct pipe_resource *res, unsigned bpp, int x,
                     int y, unsigned s)
{
   unsigned mx = nv30_ms_x(res);
   int sx = (x << mx) + (int)(s & ((1u << mx) - 1));
   int sy = (y << nv30_ms_y(res)) + (int)(s >> mx);

   if (m->swizzled)
      return m->map + (size_t)bpp * nv30_swizzle_index(sx, sy, m->z, m->w,
                                                       m->h, m->d);
   return m->map + (size_t)sy * m->stride + (size_t)sx * bpp;
}

/*
 * Blits with a multisampled source or destination (GL 3.0 section 4.3.3,
 * EXT_framebuffer_multisample): the same sample count copies sample for
 * sample; a multisampled source into a single-sampled destination is
 * resolved, colour as the average of the samples, integer colour, depth
 * and stencil from sample 0 (an implementation's choice in GL); a
 * single-sampled source fills every sample.  GL allows no scaling here;
 * flips map pixel to pixel (nearest).
 */
static void
nv30_blit_multisample(struct pipe_context *pipe,
                      const struct pipe_blit_info *info)
{
   struct pipe_resource *src = info->src.resource, *dst = info->dst.resource;
   const struct pipe_box *sb = &info->src.box, *db = &info->dst.box;
   enum pipe_format sf = info->src.format, df = info->dst.format;
   const struct util_format_description *sd = util_format_description(sf);
   const struct util_format_description *dd = util_format_description(df);
   unsigned sn = nv30_samples(src), dn = nv30_samples(dst);
   unsigned sbpp = util_format_get_blocksize(sf);
   unsigned dbpp = util_format_get_blocksize(df);
   bool zs = util_format_is_depth_or_stencil(sf) ||
             util_format_is_depth_or_stencil(df);
   bool color = (info->mask & PIPE_MASK_RGBA) && !zs;
   bool depth = (info->mask & PIPE_MASK_Z) && util_format_has_depth(dd) &&
                util_format_has_depth(sd);
   bool stencil = (info->mask & PIPE_MASK_S) && util_format_has_stencil(dd) &&
                  util_format_has_stencil(sd);
   bool average = color && sn > 1 && dn == 1 &&
                  !util_format_is_pure_integer(sf);
   /* bit-exact copies: same format, every channel it has */
   bool whole = sf == df &&
                (color ? (info->mask & PIPE_MASK_RGBA) == PIPE_MASK_RGBA :
                 depth == util_format_has_depth(sd) &&
                 stencil == util_format_has_stencil(sd));

   NOUVEAU_FALLBACK("multisample blit on the CPU (%u -> %u samples)\n", sn,
                    dn);
   if (sd->block.width != 1 || sd->block.height != 1 ||
       dd->block.width != 1 || dd->block.height != 1 ||
       (!color && !depth && !stencil))
      return;

   /* the buffers are mapped as they are stored: what a bound surface drew
    * into its shadow first, and the shadow given what is written after */
   nv30_writeback_bound(pipe, src);
   nv30_writeback_bound(pipe, dst);
   for (int z = 0; z < db->depth; z++) {
      int sz = nv30_blit_src_coord(db->z + z, db->z, db->depth, sb->z,
                                   sb->depth);
      struct nv30_stored sm, dm;
      int sw = u_minify(src->width0, info->src.level);
      int sh = u_minify(src->height0, info->src.level);
      int dw = u_minify(dst->width0, info->dst.level);
      int dh = u_minify(dst->height0, info->dst.level);

      if (!nv30_blit_map_stored(pipe, src, info->src.level, sz,
                                NOUVEAU_BO_RD, &sm) ||
          !nv30_blit_map_stored(pipe, dst, info->dst.level, db->z + z,
                                NOUVEAU_BO_RDWR, &dm)) {
         NOUVEAU_ERR("multisample blit: cannot map the resources\n");
         return;
      }
      for (int y = 0; y < db->height; y++) {
         int dy = db->y + y;
         int sy = nv30_blit_src_coord(dy, db->y, db->height, sb->y, sb->height);

         if (info->scissor_enable &&
             (dy < (int)info->scissor.miny || dy >= (int)info->scissor.maxy))
            continue;
         for (int x = 0; x < db->width; x++) {
            int dx = db->x + x;
            int sx = nv30_blit_src_coord(dx, db->x, db->width, sb->x,
                                         sb->width);
            float rgba[4] = { 0 }, zv = 0.0f;
            uint8_t sv = 0;

            if (info->scissor_enable &&
                (dx < (int)info->scissor.minx || dx >= (int)info->scissor.maxx))
               continue;
            if (sx < 0 || sy < 0 || sx >= sw || sy >= sh ||
                dx < 0 || dy < 0 || dx >= dw || dy >= dh)
               continue;
            /* the resolved value, when samples do not pair up */
            if (sn != dn) {
               unsigned n = average ? sn : 1;
               for (unsigned s = 0; s < n; s++) {
                  const uint8_t *sp = nv30_blit_sample_ptr(&sm, src, sbpp,
                                                           sx, sy, s);
                  float c[4];
                  if (color) {
                     util_format_unpack_rgba(sf, c, sp, 1);
                     for (unsigned k = 0; k < 4; k++)
                        rgba[k] += c[k] / n;
                  }
                  if (depth && s == 0)
                     util_format_unpack_z_float(sf, &zv, sp, 1);
                  if (stencil && s == 0)
                     util_format_unpack_s_8uint(sf, &sv, sp, 1);
               }
            }
            for (unsigned s = 0; s < dn; s++) {
               uint8_t *dp = nv30_blit_sample_ptr(&dm, dst, dbpp, dx, dy, s);
               if (sn == dn) {
                  const uint8_t *sp = nv30_blit_sample_ptr(&sm, src, sbpp,
                                                           sx, sy, s);
                  if (whole) {
                     memcpy(dp, sp, dbpp);
                     continue;
                  }
                  if (color)
                     util_format_unpack_rgba(sf, rgba, sp, 1);
                  if (depth)
                     util_format_unpack_z_float(sf, &zv, sp, 1);
                  if (stencil)
                     util_format_unpack_s_8uint(sf, &sv, sp, 1);
               }
               if (color)
                  util_format_pack_rgba(df, dp, rgba, 1);
               if (depth)
                  util_format_pack_z_float(df, dp, &zv, 1);
               if (stencil)
                  util_format_pack_s_8uint(df, dp, &sv, 1);
            }
         }
      }
   }
   nv30_fill_bound(pipe, dst);
}

/*
 * CPU access to a multisampled resource (st/mesa maps the multisampled
 * back buffer of a window-system framebuffer for glReadPixels, and GL
 * reads resolved colours, GL 2.1 section 4.3.2): the box is resolved
 * into a single-sampled staging resource, which is mapped; written
 * pixels go back to every sample at unmap.
 */
struct nv30_ms_transfer {
   struct pipe_transfer base;
   struct pipe_resource *tmp;
   struct pipe_transfer *tmp_xfer;
};

static void
nv30_ms_blit_info(struct pipe_blit_info *info, struct pipe_resource *src,
                  unsigned src_level, const struct pipe_box *src_box,
                  struct pipe_resource *dst, unsigned dst_level,
                  const struct pipe_box *dst_box)
{
   memset(info, 0, sizeof(*info));
   info->src.resource = src;
   info->src.level = src_level;
   info->src.box = *src_box;
   info->src.format = src->format;
   info->dst.resource = dst;
   info->dst.level = dst_level;
   info->dst.box = *dst_box;
   info->dst.format = dst->format;
   info->mask = util_format_get_mask(src->format);
   info->filter = PIPE_TEX_FILTER_NEAREST;
}

void *
nv30_ms_transfer_map(struct pipe_context *pipe, struct pipe_resource *pres,
                     unsigned level, unsigned usage, const struct pipe_box *box,
                     struct pipe_transfer **ptransfer)
{
   struct nv30_ms_transfer *xfer = CALLOC_STRUCT(nv30_ms_transfer);
   struct pipe_resource templ = *pres;
   struct pipe_blit_info info;
   struct pipe_box tbox;
   void *map;

   if (!xfer)
      return NULL;
   templ.target = PIPE_TEXTURE_2D;
   templ.width0 = box->width;
   templ.height0 = box->height;
   templ.depth0 = 1;
   templ.array_size = 1;
   templ.last_level = 0;
   templ.nr_samples = templ.nr_storage_samples = 0;
   templ.bind = 0;
   xfer->tmp = pipe->screen->resource_create(pipe->screen, &templ);
   if (!xfer->tmp) {
      FREE(xfer);
      return NULL;
   }
   u_box_2d(0, 0, box->width, box->height, &tbox);
   if (!(usage & PIPE_MAP_DISCARD_RANGE)) {
      nv30_ms_blit_info(&info, pres, level, box, xfer->tmp, 0, &tbox);
      nv30_blit_multisample(pipe, &info);
   }
   map = pipe->texture_map(pipe, xfer->tmp, 0, usage & ~PIPE_MAP_UNSYNCHRONIZED,
                           &tbox, &xfer->tmp_xfer);
   if (!map) {
      pipe_resource_reference(&xfer->tmp, NULL);
      FREE(xfer);
      return NULL;
   }
   pipe_resource_reference(&xfer->base.resource, pres);
   xfer->base.level = level;
   xfer->base.usage = usage;
   xfer->base.box = *box;
   xfer->base.stride = xfer->tmp_xfer->stride;
   xfer->base.layer_stride = xfer->tmp_xfer->layer_stride;
   *ptransfer = &xfer->base;
   return map;
}

void
nv30_ms_transfer_unmap(struct pipe_context *pipe, struct pipe_transfer *pxfer)
{
   struct nv30_ms_transfer *xfer = (struct nv30_ms_transfer *)pxfer;
   struct pipe_blit_info info;
   struct pipe_box tbox;

   pipe->texture_unmap(pipe, xfer->tmp_xfer);
   if (pxfer->usage & PIPE_MAP_WRITE) {
      u_box_2d(0, 0, pxfer->box.width, pxfer->box.height, &tbox);
      nv30_ms_blit_info(&info, xfer->tmp, 0, &tbox, pxfer->resource,
                        pxfer->level, &pxfer->box);
      nv30_blit_multisample(pipe, &info);
   }
   pipe_resource_reference(&xfer->tmp, NULL);
   pipe_resource_reference(&pxfer->resource, NULL);
   FREE(xfer);
}
