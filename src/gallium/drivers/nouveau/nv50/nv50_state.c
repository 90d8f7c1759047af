/*
 * Pipe state of a Tesla context: the framebuffer (sent by nv50_clear.c),
 * the viewports (sent by nv50_draw.c when a draw needs them), surfaces;
 * constant buffers are nv50_cb.c's.  Shaders are
 * nv50_program.c's, vertex elements and buffers nv50_vertex.c's,
 * samplers and sampler views nv50_tex.c's, blend / ZSA / rasterizer
 * state nv50_blend.c's, nv50_zsa.c's and nv50_rasterizer.c's; the other
 * state is accepted and not used yet.
 */

#include "util/u_framebuffer.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/ralloc.h"

#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_resource.h"

/* The blend, ZSA and rasterizer CSOs (nv50_blend.c, nv50_zsa.c,
 * nv50_rasterizer.c) are one allocation each. */
void
nv50_delete_copy(struct pipe_context *p, void *cso)
{
   FREE(cso);
}

static void
nv50_bind_cso(struct pipe_context *p, void *cso)
{
}

void
nv50_set_min_samples(struct pipe_context *p, unsigned min_samples)
{
}

void
nv50_set_clip_state(struct pipe_context *p, const struct pipe_clip_state *c)
{
}

void
nv50_set_viewport_states(struct pipe_context *p, unsigned start, unsigned num,
                         const struct pipe_viewport_state *v)
{
   struct nv50_context *nv50 = nv50_context(p);

   /* any of the 16 (PIPE_CAP_MAX_VIEWPORTS, ARB_viewport_array) */
   for (unsigned i = 0; i < num && start + i < NV50_MAX_VIEWPORTS; i++) {
      nv50->viewport[start + i] = v[i];
      nv50->viewport_dirty |= 1u << (start + i);
   }
   nv50->dirty |= NV50_DIRTY_FRAGMENT;
}

void
nv50_set_framebuffer_state(struct pipe_context *p,
                           const struct pipe_framebuffer_state *fb)
{
   struct nv50_context *nv50 = nv50_context(p);

   util_copy_framebuffer_state(&nv50->framebuffer, fb);
   nv50->dirty |= NV50_DIRTY_FRAMEBUFFER;
}

struct pipe_surface *
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

void
nv50_surface_destroy(struct pipe_context *p, struct pipe_surface *sf)
{
   pipe_resource_reference(&sf->texture, NULL);
   FREE(sf);
}

/* ARB/NV_texture_barrier: texels that earlier draws rendered are read by
 * later ones only once those draws are done (SERIALIZE, fifo.xml) and the
 * texture caches hold no older copy of them (TEX_CACHE_CTL FLUSH, rnndb
 * "2 is used for flushing texture caches") */
void
nv50_texture_barrier(struct pipe_context *p, unsigned flags)
{
   struct nv50_context *nv50 = nv50_context(p);

   NV50_3D_1(nv50, G80_GRAPH_SERIALIZE, 0);
   NV50_3D_1(nv50, G80_3D_TEX_CACHE_CTL, G80_3D_TEX_CACHE_CTL_UNK1_FLUSH);
}

void
nv50_memory_barrier(struct pipe_context *p, unsigned flags)
{
}

void
nv50_flush_resource(struct pipe_context *p, struct pipe_resource *res)
{
}

