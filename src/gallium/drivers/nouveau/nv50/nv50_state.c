/*
 * Pipe state of a Tesla context.  So far only the framebuffer reaches
 * the hardware (nv50_clear.c sends it); the other state objects are
 * accepted and kept nowhere, because nothing draws yet (nv50_draw.c):
 * each becomes real with the draws that use it.  Shaders are accepted
 * the same way: the Tesla compiler (src/nouveau/compiler, nvc_g80_*)
 * comes in with the draws.
 */

#include "util/u_framebuffer.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/ralloc.h"

#include "nv50_context.h"
#include "nv50_resource.h"

/* Every CSO the driver does not use yet: a token that is not NULL
 * (st/mesa and cso_context treat NULL as failure). */
static void *
nv50_cso_token(void)
{
   static int token;

   return &token;
}

static void *
nv50_create_blend(struct pipe_context *p, const struct pipe_blend_state *s)
{
   return nv50_cso_token();
}

static void *
nv50_create_zsa(struct pipe_context *p,
                const struct pipe_depth_stencil_alpha_state *s)
{
   return nv50_cso_token();
}

static void *
nv50_create_rasterizer(struct pipe_context *p,
                       const struct pipe_rasterizer_state *s)
{
   return nv50_cso_token();
}

static void *
nv50_create_sampler(struct pipe_context *p, const struct pipe_sampler_state *s)
{
   return nv50_cso_token();
}

static void *
nv50_create_vertex_elements(struct pipe_context *p, unsigned count,
                            const struct pipe_vertex_element *e)
{
   return nv50_cso_token();
}

static void *
nv50_create_shader(struct pipe_context *p, const struct pipe_shader_state *s)
{
   /* st/mesa hands over NIR it owns no more */
   if (s->type == PIPE_SHADER_IR_NIR)
      ralloc_free(s->ir.nir);
   return nv50_cso_token();
}

static void
nv50_bind_cso(struct pipe_context *p, void *cso)
{
}

static void
nv50_delete_cso(struct pipe_context *p, void *cso)
{
}

static void
nv50_bind_samplers(struct pipe_context *p, enum pipe_shader_type shader,
                   unsigned start, unsigned num, void **samplers)
{
}

static void
nv50_set_blend_color(struct pipe_context *p, const struct pipe_blend_color *c)
{
}

static void
nv50_set_stencil_ref(struct pipe_context *p, const struct pipe_stencil_ref r)
{
}

static void
nv50_set_sample_mask(struct pipe_context *p, unsigned mask)
{
}

static void
nv50_set_min_samples(struct pipe_context *p, unsigned min_samples)
{
}

static void
nv50_set_clip_state(struct pipe_context *p, const struct pipe_clip_state *c)
{
}

static void
nv50_set_polygon_stipple(struct pipe_context *p,
                         const struct pipe_poly_stipple *s)
{
}

static void
nv50_set_scissor_states(struct pipe_context *p, unsigned start, unsigned num,
                        const struct pipe_scissor_state *s)
{
}

static void
nv50_set_viewport_states(struct pipe_context *p, unsigned start, unsigned num,
                         const struct pipe_viewport_state *v)
{
}

static void
nv50_set_constant_buffer(struct pipe_context *p, enum pipe_shader_type shader,
                         uint index, bool take_ownership,
                         const struct pipe_constant_buffer *cb)
{
   if (take_ownership && cb && cb->buffer) {
      struct pipe_resource *res = cb->buffer;
      pipe_resource_reference(&res, NULL);
   }
}

static void
nv50_set_vertex_buffers(struct pipe_context *p, unsigned start, unsigned count,
                        unsigned unbind_trailing, bool take_ownership,
                        const struct pipe_vertex_buffer *vb)
{
   if (take_ownership && vb) {
      for (unsigned i = 0; i < count; i++) {
         struct pipe_vertex_buffer b = vb[i];
         pipe_vertex_buffer_unreference(&b);
      }
   }
}

static void
nv50_set_framebuffer_state(struct pipe_context *p,
                           const struct pipe_framebuffer_state *fb)
{
   struct nv50_context *nv50 = nv50_context(p);

   util_copy_framebuffer_state(&nv50->framebuffer, fb);
   nv50->dirty |= NV50_DIRTY_FRAMEBUFFER;
}

static struct pipe_surface *
nv50_create_surface(struct pipe_context *p, struct pipe_resource *res,
                    const struct pipe_surface *templ)
{
   struct pipe_surface *sf = CALLOC_STRUCT(pipe_surface);

   if (!sf)
      return NULL;
   *sf = *templ;
   pipe_reference_init(&sf->reference, 1);
   sf->texture = NULL;
   pipe_resource_reference(&sf->texture, res);
   sf->context = p;
   sf->width = u_minify(res->width0, templ->u.tex.level);
   sf->height = u_minify(res->height0, templ->u.tex.level);
   return sf;
}

static void
nv50_surface_destroy(struct pipe_context *p, struct pipe_surface *sf)
{
   pipe_resource_reference(&sf->texture, NULL);
   FREE(sf);
}

static struct pipe_sampler_view *
nv50_create_sampler_view(struct pipe_context *p, struct pipe_resource *res,
                         const struct pipe_sampler_view *templ)
{
   struct pipe_sampler_view *view = CALLOC_STRUCT(pipe_sampler_view);

   if (!view)
      return NULL;
   *view = *templ;
   pipe_reference_init(&view->reference, 1);
   view->texture = NULL;
   pipe_resource_reference(&view->texture, res);
   view->context = p;
   return view;
}

static void
nv50_sampler_view_destroy(struct pipe_context *p,
                          struct pipe_sampler_view *view)
{
   pipe_resource_reference(&view->texture, NULL);
   FREE(view);
}

static void
nv50_set_sampler_views(struct pipe_context *p, enum pipe_shader_type shader,
                       unsigned start, unsigned num,
                       unsigned unbind_trailing, bool take_ownership,
                       struct pipe_sampler_view **views)
{
   if (take_ownership && views) {
      for (unsigned i = 0; i < num; i++) {
         struct pipe_sampler_view *v = views[i];
         pipe_sampler_view_reference(&v, NULL);
      }
   }
}

static void
nv50_texture_barrier(struct pipe_context *p, unsigned flags)
{
}

static void
nv50_memory_barrier(struct pipe_context *p, unsigned flags)
{
}

static void
nv50_flush_resource(struct pipe_context *p, struct pipe_resource *res)
{
}

void
nv50_init_state_functions(struct pipe_context *pipe)
{
   pipe->create_blend_state = nv50_create_blend;
   pipe->bind_blend_state = nv50_bind_cso;
   pipe->delete_blend_state = nv50_delete_cso;
   pipe->create_depth_stencil_alpha_state = nv50_create_zsa;
   pipe->bind_depth_stencil_alpha_state = nv50_bind_cso;
   pipe->delete_depth_stencil_alpha_state = nv50_delete_cso;
   pipe->create_rasterizer_state = nv50_create_rasterizer;
   pipe->bind_rasterizer_state = nv50_bind_cso;
   pipe->delete_rasterizer_state = nv50_delete_cso;
   pipe->create_sampler_state = nv50_create_sampler;
   pipe->bind_sampler_states = nv50_bind_samplers;
   pipe->delete_sampler_state = nv50_delete_cso;
   pipe->create_vertex_elements_state = nv50_create_vertex_elements;
   pipe->bind_vertex_elements_state = nv50_bind_cso;
   pipe->delete_vertex_elements_state = nv50_delete_cso;
   pipe->create_vs_state = nv50_create_shader;
   pipe->bind_vs_state = nv50_bind_cso;
   pipe->delete_vs_state = nv50_delete_cso;
   pipe->create_fs_state = nv50_create_shader;
   pipe->bind_fs_state = nv50_bind_cso;
   pipe->delete_fs_state = nv50_delete_cso;

   pipe->set_blend_color = nv50_set_blend_color;
   pipe->set_stencil_ref = nv50_set_stencil_ref;
   pipe->set_sample_mask = nv50_set_sample_mask;
   pipe->set_min_samples = nv50_set_min_samples;
   pipe->set_clip_state = nv50_set_clip_state;
   pipe->set_polygon_stipple = nv50_set_polygon_stipple;
   pipe->set_scissor_states = nv50_set_scissor_states;
   pipe->set_viewport_states = nv50_set_viewport_states;
   pipe->set_constant_buffer = nv50_set_constant_buffer;
   pipe->set_vertex_buffers = nv50_set_vertex_buffers;
   pipe->set_framebuffer_state = nv50_set_framebuffer_state;
   pipe->create_surface = nv50_create_surface;
   pipe->surface_destroy = nv50_surface_destroy;
   pipe->create_sampler_view = nv50_create_sampler_view;
   pipe->sampler_view_destroy = nv50_sampler_view_destroy;
   pipe->set_sampler_views = nv50_set_sampler_views;
   pipe->texture_barrier = nv50_texture_barrier;
   pipe->memory_barrier = nv50_memory_barrier;
   pipe->flush_resource = nv50_flush_resource;
}
