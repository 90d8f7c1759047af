/*
 * Rankine: compressed (S3TC) textures that are not a power of two.
 * The units read DXT1/3/5 only as power-of-two images of packed levels:
 * there is no _RECT code for them (hwdb nv30-40_3d.xml nv10_tex_format;
 * nv30_texture.c's table), and every other NPOT texture is sampled as a
 * rectangle of the linear layout (nv30_tex_npot.c).  Such a texture keeps
 * its blocks where they are (glGetCompressedTexImage reads them back as
 * uploaded) and its views sample a companion: a linear B8G8R8A8 resource
 * of the same target, size, levels and layers, which the units read as
 * rectangles like any other NPOT texture, so the rest of the emulation
 * (SCALE, FILTER, MIPMAP) needs nothing more.
 *
 * The companion is decoded on the CPU (util_format) before a draw that
 * samples it, when the compressed texture was written since it last was:
 * every write to a texture goes through nv30_transfer_map/unmap (uploads,
 * and resource_copy_region, blit and clear_render_target, which are CPU
 * paths in this driver), which bumps its serial.  Counted under
 * NV_DEBUG=fallback.
 *
 * The texels are decoded as the linear format (an sRGB view's gamma
 * bits, TEX_WRAP GAMMA_DECREASE_FILTER, convert them when sampled, as
 * the unit does for DXT; util_format's sRGB DXT decoding would convert
 * them to linear first), and the view keeps the compressed format's
 * swizzle (DXT1 RGB: alpha one).
 */
#include <nouveau.h>

#include "util/format/u_format.h"
#include "util/u_atomic.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "nouveau/nouveau_debug.h"
#include "nouveau/nouveau_libdrm.h"
#include "nv30_context.h"
#include "nv30_resource.h"
#include "nv30_screen.h"
#include "nv30_texture.h"

bool
nv30_companion_needed(const struct nvhwdb_chip *chip,
                      const struct nv30_resource *res)
{
   return res->base.target != PIPE_BUFFER && !res->packed &&
          util_format_is_compressed(res->base.format) &&
          nv30_texture_format_packed(chip, res->base.format);
}

struct nv30_resource *
nv30_companion(struct pipe_screen *pscreen, struct nv30_resource *res)
{
   struct pipe_resource *companion = p_atomic_read(&res->companion);

   if (companion)
      return nv30_resource(companion);
   struct pipe_resource templ = res->base;
   templ.format = util_format_is_srgb(res->base.format) ?
                  PIPE_FORMAT_B8G8R8A8_SRGB : PIPE_FORMAT_B8G8R8A8_UNORM;
   /* linear even where a power of two (a shared or an NPOT-depth
    * texture): the layout of NPOT textures' rectangles */
   templ.bind = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_LINEAR;
   templ.flags = 0;
   companion = pscreen->resource_create(pscreen, &templ);
   if (!companion)
      return NULL;
   /* views made by contexts of one screen at once: one companion */
   if (p_atomic_cmpxchg_ptr(&res->companion, NULL, companion) != NULL)
      pipe_resource_reference(&companion, NULL);
   return nv30_resource(p_atomic_read(&res->companion));
}

/* Decodes every level and layer of res into its companion. */
static bool
nv30_companion_decode(struct nv30_context *nv30, struct nv30_resource *res)
{
   struct nv30_resource *comp = nv30_resource(res->companion);
   struct pipe_resource *pt = &res->base;
   enum pipe_format src_format = util_format_linear(pt->format);
   enum pipe_format dst_format = util_format_linear(comp->base.format);

   if (nouveau_bo_map_shared(res->bo, NOUVEAU_BO_RD, nv30->client) ||
       nouveau_bo_map_shared(comp->bo, NOUVEAU_BO_WR, nv30->client))
      return false;
   for (unsigned l = 0; l <= pt->last_level; l++) {
      unsigned w = u_minify(pt->width0, l), h = u_minify(pt->height0, l);
      unsigned n = pt->target == PIPE_TEXTURE_3D ? u_minify(pt->depth0, l) :
                   pt->array_size;

      /* a 3D level's slices or the layers / cube faces */
      for (unsigned z = 0; z < n; z++) {
         if (!util_format_translate(dst_format, (uint8_t *)comp->bo->map +
                                    nv30_resource_offset(comp, l, z),
                                    comp->level[l].pitch, 0, 0, src_format,
                                    (const uint8_t *)res->bo->map +
                                    nv30_resource_offset(res, l, z),
                                    res->level[l].pitch, 0, 0, w, h))
            return false;
      }
   }
   return true;
}

void
nv30_companions_prepare(struct nv30_context *nv30)
{
   uint32_t bound = nv30->views_companion;

   while (bound) {
      unsigned i = u_bit_scan(&bound);
      struct nv30_sampler_view *sv = nv30_sampler_view(nv30->views[i]);
      struct nv30_resource *res;

      if (!sv || !sv->valid || !sv->pipe.texture)
         continue;
      res = nv30_resource(sv->pipe.texture);
      if (!res->companion || res->companion_serial == res->serial)
         continue;
      NOUVEAU_FALLBACK("NPOT %s texture %ux%u sampled from a copy decoded "
                       "on the CPU (no rectangle code)\n",
                       util_format_short_name(res->base.format),
                       res->base.width0, res->base.height0);
      if (nv30_companion_decode(nv30, res))
         res->companion_serial = res->serial;
      else
         NOUVEAU_ERR("cannot decode an NPOT %s texture for sampling\n",
                     util_format_short_name(res->base.format));
   }
}
