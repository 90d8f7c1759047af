/*
 * Texture sampling by the fragment program: sampler states, sampler
 * views, and the per-unit TEX_* methods.
 *
 * Facts (rnndb graph/nv30-40_3d.xml TEX_*, our hwdb; upstream Mesa's
 * nv30_texture.c / nv30_fragtex.c / nv30_format.c):
 *  - unit i takes TEX_OFFSET, TEX_FORMAT (DMA0/DMA1 pick DMA_TEXTURE0/1,
 *    DIMS, FORMAT, LINEAR = pitch layout, RECT = unnormalised coordinates,
 *    MIPMAP_COUNT), TEX_WRAP, TEX_ENABLE, TEX_SWIZZLE, TEX_FILTER,
 *    TEX_NPOT_SIZE and TEX_BORDER_COLOR, 8 consecutive methods, plus
 *    TEX_SIZE1 (PITCH) on curie;
 *  - the A8R8G8B8 and R5G6B5 formats deliver B, G, R, A in the channels X,
 *    Y, Z, W; TEX_SWIZZLE routes each output (W alpha, Z red, Y green,
 *    X blue) from ZERO, ONE or the channel its S1 field names;
 *  - TEX_ENABLE MIPMAP_MIN_LOD / MAX_LOD hold whole levels.
 * Our textures are linear (nv30_resource.c): every level has level 0's
 * pitch, levels follow each other, as LINEAR textures are read.
 */

#include <nouveau.h>

#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "nv30_context.h"
#include "nv30_funcs.h"
#include "nv30_hw.h"
#include "nv30_resource.h"
#include "nv30_texture.h"

/* Hardware channel (TEX_SWIZZLE S1 value) holding each pipe component of
 * the RGB formats: R in Z, G in Y, B in X, A in W. */
static const uint8_t nv30_rgb_channel[4] = {
   1 /* Z */, 2 /* Y */, 3 /* X */, 0 /* W */,
};

struct nv30_texfmt {
   uint32_t format;          /* TEX_FORMAT FORMAT (curie) */
   bool has_alpha;
   /* Depth: Z24/Z16 only sample with a depth compare (RCOMP); without
    * one the hardware has no depth format, so the texels are read as
    * A16L16 / A8L8, whose W channel holds the top bits of the depth
    * (upstream nv30_fragtex.c, fact). */
   uint32_t format_nocompare;
};

static const struct nv30_texfmt *
nv30_texfmt(enum pipe_format format)
{
   static const struct nv30_texfmt argb8 = { NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, true };
   static const struct nv30_texfmt xrgb8 = { NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8, false };
   static const struct nv30_texfmt rgb565 = { NV40_3D_TEX_FORMAT_FORMAT_R5G6B5, false };
   static const struct nv30_texfmt z24 = { NV40_3D_TEX_FORMAT_FORMAT_Z24, false,
                                           NV40_3D_TEX_FORMAT_FORMAT_A16L16 };
   static const struct nv30_texfmt z16 = { NV40_3D_TEX_FORMAT_FORMAT_Z16, false,
                                           NV40_3D_TEX_FORMAT_FORMAT_A8L8 };

   switch (format) {
   case PIPE_FORMAT_B8G8R8A8_UNORM: return &argb8;
   case PIPE_FORMAT_B8G8R8X8_UNORM: return &xrgb8;
   case PIPE_FORMAT_B5G6R5_UNORM: return &rgb565;
   case PIPE_FORMAT_S8_UINT_Z24_UNORM:
   case PIPE_FORMAT_X8Z24_UNORM: return &z24;
   case PIPE_FORMAT_Z16_UNORM: return &z16;
   default: return NULL;
   }
}

bool
nv30_texture_format_supported(enum pipe_format format,
                              enum pipe_texture_target target)
{
   return nv30_texfmt(format) &&
          (target == PIPE_TEXTURE_1D || target == PIPE_TEXTURE_2D ||
           target == PIPE_TEXTURE_RECT);
}

static uint32_t
nv30_wrap(enum pipe_tex_wrap wrap)
{
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT: return NV30_3D_TEX_WRAP_S_REPEAT;
   case PIPE_TEX_WRAP_MIRROR_REPEAT: return NV30_3D_TEX_WRAP_S_MIRRORED_REPEAT;
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE: return NV30_3D_TEX_WRAP_S_CLAMP_TO_EDGE;
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER: return NV30_3D_TEX_WRAP_S_CLAMP_TO_BORDER;
   case PIPE_TEX_WRAP_CLAMP: return NV30_3D_TEX_WRAP_S_CLAMP;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
      return NV40_3D_TEX_WRAP_S_MIRROR_CLAMP_TO_EDGE;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      return NV40_3D_TEX_WRAP_S_MIRROR_CLAMP_TO_BORDER;
   case PIPE_TEX_WRAP_MIRROR_CLAMP: return NV40_3D_TEX_WRAP_S_MIRROR_CLAMP;
   default: return NV30_3D_TEX_WRAP_S_REPEAT;
   }
}

static uint32_t
nv30_compare(enum pipe_compare_func func)
{
   switch (func) {
   case PIPE_FUNC_LESS: return NV30_3D_TEX_WRAP_RCOMP_LESS;
   case PIPE_FUNC_EQUAL: return NV30_3D_TEX_WRAP_RCOMP_EQUAL;
   case PIPE_FUNC_LEQUAL: return NV30_3D_TEX_WRAP_RCOMP_LEQUAL;
   case PIPE_FUNC_GREATER: return NV30_3D_TEX_WRAP_RCOMP_GREATER;
   case PIPE_FUNC_NOTEQUAL: return NV30_3D_TEX_WRAP_RCOMP_NOTEQUAL;
   case PIPE_FUNC_GEQUAL: return NV30_3D_TEX_WRAP_RCOMP_GEQUAL;
   case PIPE_FUNC_ALWAYS: return NV30_3D_TEX_WRAP_RCOMP_ALWAYS;
   default: return NV30_3D_TEX_WRAP_RCOMP_NEVER;
   }
}

void *
nv30_sampler_state_create(struct pipe_context *pipe,
                          const struct pipe_sampler_state *cso)
{
   struct nv30_sampler_state *so = CALLOC_STRUCT(nv30_sampler_state);
   bool mag_linear = cso->mag_img_filter == PIPE_TEX_FILTER_LINEAR;
   bool min_linear = cso->min_img_filter == PIPE_TEX_FILTER_LINEAR;
   uint32_t min;

   if (!so)
      return NULL;
   so->pipe = *cso;
   so->wrap = NV30_3D_TEX_WRAP_S(nv30_wrap(cso->wrap_s)) |
              NV30_3D_TEX_WRAP_T(nv30_wrap(cso->wrap_t)) |
              NV30_3D_TEX_WRAP_R(nv30_wrap(cso->wrap_r));
   switch (cso->min_mip_filter) {
   case PIPE_TEX_MIPFILTER_NEAREST:
      min = min_linear ? NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_NEAREST :
                         NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_NEAREST;
      break;
   case PIPE_TEX_MIPFILTER_LINEAR:
      min = min_linear ? NV30_3D_TEX_FILTER_MIN_LINEAR_MIPMAP_LINEAR :
                         NV30_3D_TEX_FILTER_MIN_NEAREST_MIPMAP_LINEAR;
      break;
   default:
      min = min_linear ? NV30_3D_TEX_FILTER_MIN_LINEAR :
                         NV30_3D_TEX_FILTER_MIN_NEAREST;
      break;
   }
   so->filter = min | (mag_linear ? NV30_3D_TEX_FILTER_MAG_LINEAR :
                                    NV30_3D_TEX_FILTER_MAG_NEAREST);
   so->border = NV30_3D_TEX_BORDER_COLOR_R(float_to_ubyte(cso->border_color.f[0])) |
                NV30_3D_TEX_BORDER_COLOR_G(float_to_ubyte(cso->border_color.f[1])) |
                NV30_3D_TEX_BORDER_COLOR_B(float_to_ubyte(cso->border_color.f[2])) |
                NV30_3D_TEX_BORDER_COLOR_A(float_to_ubyte(cso->border_color.f[3]));
   if (cso->unnormalized_coords)
      so->format = NV40_3D_TEX_FORMAT_RECT(1);
   so->compare = cso->compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE;
   if (so->compare)
      so->wrap |= nv30_compare(cso->compare_func);
   return so;
}

void
nv30_sampler_states_bind(struct pipe_context *pipe,
                         enum pipe_shader_type shader, unsigned start,
                         unsigned count, void **samplers)
{
   struct nv30_context *nv30 = nv30_context(pipe);

   if (shader != PIPE_SHADER_FRAGMENT)
      return;
   for (unsigned i = 0; i < count && start + i < NV30_MAX_TEX_UNITS; i++)
      nv30->samplers[start + i] = samplers ? samplers[i] : NULL;
   nv30->dirty |= NV30_DIRTY_TEXTURES;
}

static uint32_t
nv30_swizzle(const struct nv30_texfmt *fmt, unsigned swz)
{
   /* returns (S0 value << 2) | S1 value, unshifted field values */
   if (swz == PIPE_SWIZZLE_0)
      return 0 << 2;                        /* ZERO */
   if (fmt->format_nocompare) {
      /* depth is in W; a depth format has no other component */
      if (swz == PIPE_SWIZZLE_X)
         return (2 << 2) | 0;               /* S1: W */
      return swz == PIPE_SWIZZLE_W || swz == PIPE_SWIZZLE_1 ? 1 << 2 : 0;
   }
   if (swz == PIPE_SWIZZLE_1 || (swz == PIPE_SWIZZLE_W && !fmt->has_alpha))
      return 1 << 2;                        /* ONE */
   return (2 << 2) | nv30_rgb_channel[swz & 3]; /* S1: the channel */
}

struct pipe_sampler_view *
nv30_sampler_view_create(struct pipe_context *pipe, struct pipe_resource *tex,
                         const struct pipe_sampler_view *templ)
{
   struct nv30_sampler_view *so;
   const struct nv30_texfmt *fmt = nv30_texfmt(templ->format);
   struct nv30_resource *res = nv30_resource(tex);
   unsigned first = templ->u.tex.first_level;
   unsigned last = MIN2(templ->u.tex.last_level, tex->last_level);
   uint32_t r, g, b, a;

   so = CALLOC_STRUCT(nv30_sampler_view);
   if (!so)
      return NULL;
   so->pipe = *templ;
   pipe_reference_init(&so->pipe.reference, 1);
   so->pipe.texture = NULL;
   pipe_resource_reference(&so->pipe.texture, tex);
   so->pipe.context = pipe;
   if (!fmt || tex->target == PIPE_BUFFER || !res->bo)
      return &so->pipe;    /* never sampled: is_format_supported said no */

   so->valid = true;
   so->offset = nv30_resource_offset(res, first, templ->u.tex.first_layer);
   so->format = NV30_3D_TEX_FORMAT_NO_BORDER(1) |
                (tex->target == PIPE_TEXTURE_1D ? NV30_3D_TEX_FORMAT_DIMS_1D :
                                                  NV30_3D_TEX_FORMAT_DIMS_2D) |
                NV40_3D_TEX_FORMAT_LINEAR(1) |
                NV40_3D_TEX_FORMAT_MIPMAP_COUNT(last - first + 1);
   if (tex->target == PIPE_TEXTURE_RECT)
      so->format |= NV40_3D_TEX_FORMAT_RECT(1);
   so->format_nocompare = so->format | (fmt->format_nocompare ?
                                        fmt->format_nocompare : fmt->format);
   so->format |= fmt->format;
   r = nv30_swizzle(fmt, templ->swizzle_r);
   g = nv30_swizzle(fmt, templ->swizzle_g);
   b = nv30_swizzle(fmt, templ->swizzle_b);
   a = nv30_swizzle(fmt, templ->swizzle_a);
   so->swizzle = NV30_3D_TEX_SWIZZLE_S0_Z(r >> 2) | NV30_3D_TEX_SWIZZLE_S1_Z(r & 3) |
                 NV30_3D_TEX_SWIZZLE_S0_Y(g >> 2) | NV30_3D_TEX_SWIZZLE_S1_Y(g & 3) |
                 NV30_3D_TEX_SWIZZLE_S0_X(b >> 2) | NV30_3D_TEX_SWIZZLE_S1_X(b & 3) |
                 NV30_3D_TEX_SWIZZLE_S0_W(a >> 2) | NV30_3D_TEX_SWIZZLE_S1_W(a & 3);
   so->npot_size = NV30_3D_TEX_NPOT_SIZE_W(u_minify(tex->width0, first)) |
                   NV30_3D_TEX_NPOT_SIZE_H(u_minify(tex->height0, first));
   so->size1 = NV40_3D_TEX_SIZE1_PITCH(res->level[first].pitch) |
               NV40_3D_TEX_SIZE1_DEPTH(1);
   so->max_level = last - first;
   return &so->pipe;
}

void
nv30_sampler_view_destroy(struct pipe_context *pipe,
                          struct pipe_sampler_view *view)
{
   pipe_resource_reference(&view->texture, NULL);
   FREE(view);
}

void
nv30_set_sampler_views(struct pipe_context *pipe, enum pipe_shader_type shader,
                       unsigned start, unsigned count,
                       unsigned unbind_num_trailing_slots, bool take_ownership,
                       struct pipe_sampler_view **views)
{
   struct nv30_context *nv30 = nv30_context(pipe);

   if (shader != PIPE_SHADER_FRAGMENT) {
      if (take_ownership && views) {
         for (unsigned i = 0; i < count; i++)
            pipe_sampler_view_reference(&views[i], NULL);
      }
      return;
   }
   for (unsigned i = 0; i < count + unbind_num_trailing_slots; i++) {
      unsigned unit = start + i;
      struct pipe_sampler_view *v = (views && i < count) ? views[i] : NULL;

      if (unit >= NV30_MAX_TEX_UNITS) {
         if (take_ownership && v)
            pipe_sampler_view_reference(&v, NULL);
         continue;
      }
      if (take_ownership) {
         pipe_sampler_view_reference(&nv30->views[unit], NULL);
         nv30->views[unit] = v;
      } else {
         pipe_sampler_view_reference(&nv30->views[unit], v);
      }
   }
   nv30->dirty |= NV30_DIRTY_TEXTURES;
}

unsigned
nv30_texture_emit_words(void)
{
   return NV30_MAX_TEX_UNITS * 12;
}

void
nv30_emit_textures(struct nv30_context *nv30)
{
   struct nv30_fragprog *fp = nv30->fragprog;
   struct nouveau_push *p = &nv30->push;
   uint32_t used = (fp && fp->compiled) ? fp->bin.samplers_used : 0;
   uint32_t enabled = 0;

   for (unsigned i = 0; i < NV30_MAX_TEX_UNITS; i++) {
      struct nv30_sampler_view *sv = nv30_sampler_view(nv30->views[i]);
      struct nv30_sampler_state *ss = nv30->samplers[i];
      struct nv30_resource *res;
      unsigned min_lod, max_lod;

      if (!(used & (1u << i)) || !sv || !sv->valid || !ss) {
         if (nv30->hw_tex_enabled & (1u << i))
            NV30_3D_1(nv30, NV30_3D_TEX_ENABLE(i), 0);
         continue;
      }
      res = nv30_resource(sv->pipe.texture);
      if (ss->pipe.min_mip_filter == PIPE_TEX_MIPFILTER_NONE) {
         min_lod = max_lod = 0;
      } else {
         max_lod = MIN2((unsigned)CLAMP(ss->pipe.max_lod, 0.0f, 15.0f),
                        sv->max_level);
         min_lod = MIN2((unsigned)CLAMP(ss->pipe.min_lod, 0.0f, 15.0f),
                        max_lod);
      }

      NV30_3D_MTHD(nv30, NV30_3D_TEX_OFFSET(i), 8);
      nouveau_push_reloc(p, res->bo, sv->offset,
                         NOUVEAU_BO_LOW | NOUVEAU_BO_RD | res->domain, 0, 0);
      nouveau_push_reloc(p, res->bo,
                         (ss->compare ? sv->format : sv->format_nocompare) |
                         ss->format,
                         NOUVEAU_BO_OR | NOUVEAU_BO_RD | res->domain,
                         NV30_3D_TEX_FORMAT_DMA0(1), NV30_3D_TEX_FORMAT_DMA1(1));
      nouveau_push_data(p, ss->wrap);
      nouveau_push_data(p, NV40_3D_TEX_ENABLE_ENABLE(1) |
                           NV40_3D_TEX_ENABLE_MIPMAP_MIN_LOD(min_lod) |
                           NV40_3D_TEX_ENABLE_MIPMAP_MAX_LOD(max_lod));
      nouveau_push_data(p, sv->swizzle);
      nouveau_push_data(p, ss->filter);
      nouveau_push_data(p, sv->npot_size);
      nouveau_push_data(p, ss->border);
      NV30_3D_1(nv30, NV40_3D_TEX_SIZE1(i), sv->size1);
      enabled |= 1u << i;
   }
   nv30->hw_tex_enabled = enabled;
}
