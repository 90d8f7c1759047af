/*
 * Non-power-of-two textures on rankine, whose units read them only as
 * rectangles (linear, one level, unnormalized coordinates, clamp wraps:
 * NV_texture_rectangle; hwdb nv30-40_3d.xml; nvsim's nv30_3d_texture.c).
 * Our resources keep such a texture linear (nv30_resource.c) and its view
 * is the rectangle of its first level (nv30_texture.c, nv30_view_rankine;
 * a 1D texture's one texel high);
 * a normalized lookup of it is compiled by nvc_lower_tex_npot.c for the
 * key made here from the bound samplers and views:
 *  - SCALE where both wraps are clamp modes and the min and mag filters
 *    are the same: the unit filters and clamps as the sampler says;
 *  - FILTER otherwise (an axis repeats or mirrors, or GL's lambda must
 *    choose the filter): the shader wraps and filters from NEAREST taps, the unit gets the sampler state
 *    nvc_tex_npot_hw_wrap/linear say (nv30_emit_textures).
 * The program variants are cached per key (nv30_shader.c); the sizes and
 * lod clamps are patched into them as parameters (NVC_FP_TEX_PARAM_*).
 *
 *  - MIPMAP where the sampler has a mipmap filter and the view levels
 *    below its first: the rectangle covers every level of the view
 *    (TEX_NPOT_SIZE of their rows: the linear layout keeps them at one
 *    pitch, one after the other), the shader picks and filters the
 *    levels from lambda, each level's size and first row a parameter;
 *    a 3D texture always (its slices are rows of the rectangle).
 *
 * What is not emulated, drawn inexactly and counted under
 * NV_DEBUG=fallback: the mirror-clamp wraps (not GL 2.1's; rankine has
 none).
 *
 *  - Cube maps are MIPMAP too: the six faces' chains are layers of the
 *    linear layout, whose layer stride is whole rows (nv30_layout), so
 *    the rectangle from face 0's first level on holds them all; the
 *    shader selects the face and adds LEVEL(k).w (the face stride in
 *    rows) times its number to the level's first row.
 */
#include <string.h>

#include "util/u_math.h"

#include "nouveau/nouveau_debug.h"
#include "nv30_context.h"
#include "nv30_funcs.h"
#include "nv30_resource.h"
#include "nv30_texture.h"

static bool
nv30_wrap_is_clamp(unsigned wrap)
{
   return wrap == PIPE_TEX_WRAP_CLAMP || wrap == PIPE_TEX_WRAP_CLAMP_TO_EDGE ||
          wrap == PIPE_TEX_WRAP_CLAMP_TO_BORDER;
}

static bool
nv30_wrap_is_repeat(unsigned wrap)
{
   return wrap == PIPE_TEX_WRAP_REPEAT || wrap == PIPE_TEX_WRAP_MIRROR_REPEAT;
}

/* The view of unit i if it is a rectangle standing for a normalized
 * 2D texture (NULL otherwise). */
static struct nv30_sampler_view *
nv30_npot_view(struct nv30_context *nv30, unsigned i)
{
   struct nv30_sampler_view *sv = nv30_sampler_view(nv30->views[i]);
   struct nv30_sampler_state *ss = nv30->samplers[i];

   if (!sv || !sv->valid || !ss || ss->pipe.unnormalized_coords)
      return NULL;
   struct nv30_resource *res = nv30_resource(sv->pipe.texture);
   if (res->packed || (res->base.target != PIPE_TEXTURE_2D &&
                       res->base.target != PIPE_TEXTURE_1D &&
                       res->base.target != PIPE_TEXTURE_3D &&
                       res->base.target != PIPE_TEXTURE_CUBE))
      return NULL;
   return sv;
}

/* Levels of a view (from its first). */
static unsigned
nv30_npot_levels(const struct nv30_sampler_view *sv)
{
   return MIN2(sv->pipe.u.tex.last_level, sv->pipe.texture->last_level) -
          sv->pipe.u.tex.first_level + 1;
}

bool
nv30_tex_npot_key(struct nv30_context *nv30, uint32_t units,
                  struct nvc_fp_key *key)
{
   bool any = false;

   memset(key, 0, sizeof(*key));
   if (nv30->chip->generation != NVHWDB_GEN_RANKINE)
      return false;
   u_foreach_bit(i, units) {
      if (i >= NVC_MAX_TEX_UNITS || i >= nv30->chip->fp_tex_units)
         break;
      struct nv30_sampler_view *sv = nv30_npot_view(nv30, i);
      if (!sv)
         continue;
      const struct pipe_sampler_state *ss = &nv30->samplers[i]->pipe;
      struct nvc_fp_tex_key *k = &key->tex[i];
      /* a 1D texture's t is not looked at: the shader reads its one row,
       * always (the unit's t wrap, which a rectangle cannot repeat, is
       * then nvc_tex_npot_hw_wrap's) */
      bool one_d = sv->pipe.texture->target == PIPE_TEXTURE_1D;
      unsigned wrap_t = one_d ? PIPE_TEX_WRAP_CLAMP_TO_EDGE : ss->wrap_t;

      /* SCALE leaves the min/mag choice to the unit, whose lod clamps
       * a rectangle pins to its one level (nv30_emit_textures): where
       * the filters differ GL's lambda, clamped to the sampler's
       * min_lod/max_lod, chooses in the shader */
      unsigned levels = nv30_npot_levels(sv);
      bool mip = ss->min_mip_filter != PIPE_TEX_MIPFILTER_NONE;
      /* a 3D texture's slices are rows of the rectangle: always an atlas */
      bool three_d = sv->pipe.texture->target == PIPE_TEXTURE_3D;
      /* so are a cube's faces, each filtered on its own as CLAMP_TO_EDGE
       * (GL 2.1 section 3.8.6 picks the face, then samples its 2D image;
       * the wraps matter only at s, t = 0 or 1, where a non-seamless
       * cube clamps as llvmpipe does) */
      bool cube = sv->pipe.texture->target == PIPE_TEXTURE_CUBE;
      if ((mip && levels > 1) || three_d || cube) {
         k->npot = NVC_TEX_NPOT_MIPMAP;
         k->mip_linear = ss->min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR;
         k->levels = mip ? MIN2(levels, NVC_TEX_NPOT_MAX_LEVELS) : 1;
         k->no_mip = !mip;
         k->wrap_r = three_d ? ss->wrap_r : PIPE_TEX_WRAP_CLAMP_TO_EDGE;
         k->wrap_s = cube ? PIPE_TEX_WRAP_CLAMP_TO_EDGE : ss->wrap_s;
         k->wrap_t = cube ? PIPE_TEX_WRAP_CLAMP_TO_EDGE : wrap_t;
         k->min_linear = ss->min_img_filter == PIPE_TEX_FILTER_LINEAR;
         k->mag_linear = ss->mag_img_filter == PIPE_TEX_FILTER_LINEAR;
      } else if (!one_d && nv30_wrap_is_clamp(ss->wrap_s) &&
                 nv30_wrap_is_clamp(wrap_t) &&
                 ss->min_img_filter == ss->mag_img_filter) {
         k->npot = NVC_TEX_NPOT_SCALE;
      } else {
         k->npot = NVC_TEX_NPOT_FILTER;
         k->wrap_s = ss->wrap_s;
         k->wrap_t = wrap_t;
         k->min_linear = ss->min_img_filter == PIPE_TEX_FILTER_LINEAR;
         k->mag_linear = ss->mag_img_filter == PIPE_TEX_FILTER_LINEAR;
      }
      any = true;
   }
   return any;
}

void
nv30_tex_npot_count(struct nv30_context *nv30, const struct nvc_fp_key *key)
{
   uint32_t mode[NVC_TEX_NPOT_MIPMAP + 1] = { 0 }, inexact = 0;

   for (unsigned i = 0; i < NVC_MAX_TEX_UNITS; i++) {
      const struct nvc_fp_tex_key *k = &key->tex[i];
      if (k->npot == NVC_TEX_NPOT_NONE)
         continue;
      mode[k->npot] |= 1u << i;
      const struct pipe_sampler_state *ss = &nv30->samplers[i]->pipe;
      /* a cube's wraps are the key's CLAMP_TO_EDGE */
      if (nv30->views[i] && nv30->views[i]->texture->target == PIPE_TEXTURE_CUBE)
         continue;
      if ((!nv30_wrap_is_clamp(ss->wrap_s) &&
           !nv30_wrap_is_repeat(ss->wrap_s)) ||
          (k->npot != NVC_TEX_NPOT_SCALE && !nv30_wrap_is_clamp(k->wrap_t) &&
           !nv30_wrap_is_repeat(k->wrap_t)) ||
          (k->npot == NVC_TEX_NPOT_MIPMAP && !nv30_wrap_is_clamp(k->wrap_r) &&
           !nv30_wrap_is_repeat(k->wrap_r)))
         inexact |= 1u << i;
   }
   if (mode[NVC_TEX_NPOT_SCALE] | mode[NVC_TEX_NPOT_FILTER] |
       mode[NVC_TEX_NPOT_MIPMAP])
      NOUVEAU_FALLBACK("NPOT textures through rectangles: units 0x%x "
                       "scaled, 0x%x wrapped and filtered in the shader, "
                       "0x%x mipmapped in the shader\n",
                       mode[NVC_TEX_NPOT_SCALE], mode[NVC_TEX_NPOT_FILTER],
                       mode[NVC_TEX_NPOT_MIPMAP]);
   if (inexact)
      NOUVEAU_FALLBACK("NPOT textures inexact on units 0x%x: mirror-clamp "
                       "wraps not emulated\n", inexact);
}

uint32_t
nv30_tex_npot_param(struct nv30_context *nv30, uint32_t dword)
{
   unsigned unit = dword / 4 / NVC_FP_TEX_PARAMS;
   unsigned param = dword / 4 % NVC_FP_TEX_PARAMS;
   unsigned comp = dword % 4;
   float v[4] = { 0, 0, 0, 0 };

   if (unit < nv30->chip->fp_tex_units && nv30_npot_view(nv30, unit)) {
      const struct pipe_sampler_view *view = nv30->views[unit];
      const struct pipe_sampler_state *ss = &nv30->samplers[unit]->pipe;
      unsigned first = view->u.tex.first_level;

      if (param == NVC_FP_TEX_PARAM_SIZE) {
         v[0] = u_minify(view->texture->width0, first);
         v[1] = u_minify(view->texture->height0, first);
         v[2] = 1.0f / v[0];
         v[3] = 1.0f / v[1];
      } else if (param == NVC_FP_TEX_PARAM_LOD) {
         v[0] = ss->lod_bias;
         v[1] = ss->min_lod;
         v[2] = ss->max_lod;
      } else if (param == NVC_FP_TEX_PARAM_BORDER) {
         memcpy(v, ss->border_color.f, sizeof(v));
      } else if (param - NVC_FP_TEX_PARAM_LEVEL0 <
                 nv30_npot_levels(nv30_sampler_view(nv30->views[unit]))) {
         /* level first + k: its size and first row in the rectangle of
          * the view's levels (nv30_resource.c: one pitch, offsets
          * multiples of it) */
         const struct nv30_resource *res =
            nv30_resource_sampled(view->texture);
         unsigned l = first + param - NVC_FP_TEX_PARAM_LEVEL0;
         v[0] = u_minify(view->texture->width0, l);
         v[1] = u_minify(view->texture->height0, l);
         v[2] = (res->level[l].offset - res->level[first].offset) /
                res->level[first].pitch;
         /* a cube: rows from a face's level to the next face's (the
          * layer stride, whole rows: nv30_layout) */
         v[3] = view->texture->target == PIPE_TEXTURE_3D ?
                u_minify(view->texture->depth0, l) :
                view->texture->target == PIPE_TEXTURE_CUBE ?
                res->layer_stride / res->level[first].pitch : 1;
      }
   }
   return fui(v[comp]);
}
