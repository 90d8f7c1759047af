/*
 * NV3x/NV4x pipe_context: its own client and pushbuffer, its own channel
 * and 3D object unless the chip ran out of channels (nv30_channel.c);
 * submission, fences and loss of the channel.
 */

#include <errno.h>

#include <nouveau.h>

#include "util/u_inlines.h"
#include "util/u_framebuffer.h"
#include "util/u_memory.h"
#include "util/u_transfer.h"
#include "util/u_upload_mgr.h"

#include "nouveau/nouveau_debug.h"
#include "nv30_channel.h"
#include "nv30_context.h"
#include "nv30_funcs.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nv30_resource.h"


/* Pushbuffer: 4 buffers of 512 KiB, as libdrm rotates them. */
#define NV30_PUSHBUF_COUNT 4
#define NV30_PUSHBUF_SIZE  (512 * 1024)
/* On a shared channel every unit is submitted (nv30_channel.h), so far
 * less is ever pending: 2 of 128 KiB, so that the 200-odd contexts that
 * can share 31 channels do not fill GART with pushbuffers. */
#define NV30_PUSHBUF_SHARED_COUNT 2
#define NV30_PUSHBUF_SHARED_SIZE  (128 * 1024)

static void
nv30_kick_notify(struct nouveau_pushbuf *pb)
{
   struct nv30_context *nv30 = pb->user_priv;

   /* A new submission begins.  The state naming buffers is not sent
    * again: the 3D object keeps it, and libdrm names its buffers (the
    * bins' relocations) at the start of the submission.  The fence
    * buffer is referenced again; the caches are invalidated before the
    * next draw (what the CPU wrote between submissions). */
   nv30->fence_referenced = false;
   nv30->kicked = true;
   nv30->emitted = false;
   nv30->vtx_cache_stale = true;
   nv30->tex_cache_stale = true;
   nv30->refs_listed = false;
   memset(nv30->vb_listed, 0, sizeof(nv30->vb_listed));
   nv30->submission++;
   nv30->reloc_room = 0;
   if (nouveau_debug & NOUVEAU_DEBUG_FLUSH)
      fprintf(stderr, "nouveau: submit on channel %p\n", (void *)nv30->channel);
}

/* After a submission: was it refused?  libdrm submits on its own (for
 * space, for a full buffer list, before a CPU map) and does not say when
 * the kernel refused; it then sets the memory limits of the next
 * submissions to 0 (the kernel returns no sizes for a dead channel), and
 * its next submission aborts on an assertion.  So nothing more may go
 * to libdrm's pushbuffer once the channel is dead: ask the kernel, once
 * per submission (an empty GEM_PUSHBUF answers ENODEV for a killed
 * channel, which is what nouveau_check_dead_channel() sends). */
bool
nv30_check_kick(struct nv30_context *nv30)
{
   if (nv30->lost || !nv30->kicked)
      return !nv30->lost;
   nv30->kicked = false;
   if (nouveau_check_dead_channel(nouveau_drm(&nv30->screen->base.device->object),
                                  nv30->channel)) {
      NOUVEAU_ERR("submission refused: the channel is lost\n");
      nv30->lost = true;
      return false;
   }
   /* libdrm lists the bound state's buffers again after the submissions
    * it makes for space and for kicks, but not after one it makes when
    * the buffer list is full (pushbuf_refn): do it here (nothing happens
    * if it was done). */
   nouveau_pushbuf_validate(nv30->pushbuf);
   return true;
}

static bool nv30_context_init_3d(struct nv30_context *nv30);

bool
nv30_push_begin_slow(struct nv30_context *nv30, unsigned words,
                     unsigned relocs)
{
   /* room for libdrm to list the bound state's buffers again if it
    * submits first */
   unsigned relist = nouveau_push_relist_size(&nv30->push);

   if (!nv30_check_kick(nv30))
      return false;
   if (nv30->chan_reset) {
      /* another context used the channel (nv30_channel_enter) */
      nv30->chan_reset = false;
      if (!nv30_context_init_3d(nv30))
         return false;
   }
   nv30->emitted = true;
   nv30->reloc_room = 0;
   if (!nouveau_push_space(&nv30->push, words + 16 + relist,
                           MAX2(relocs, NV30_RELOC_ROOM) + 1 + relist)) {
      /* Either the request is too big (a driver bug) or the submission
       * that had to go first failed. */
      NOUVEAU_ERR("no pushbuffer space, channel lost\n");
      nv30->lost = true;
      return false;
   }
   if (!nv30_check_kick(nv30))
      return false;
   /* (a submission made for the space starts with room for all) */
   nv30->reloc_room = MAX2(relocs, NV30_RELOC_ROOM) - relocs;
   if (!nv30->fence_referenced) {
      struct nouveau_pushbuf_refn ref = {
         nv30->fence_bo, NOUVEAU_BO_GART | NOUVEAU_BO_WR
      };
      if (nouveau_pushbuf_refn(nv30->pushbuf, &ref, 1) == 0)
         nv30->fence_referenced = true;
   }
   return true;
}

void
nv30_context_kick(struct nv30_context *nv30)
{
   int ret;

   if (!nv30_check_kick(nv30))
      return;
   ret = nouveau_pushbuf_kick(nv30->pushbuf, nv30->channel);
   if (ret) {
      NOUVEAU_ERR("submission failed (%d): the channel is lost\n", ret);
      nv30->lost = true;
      return;
   }
   nv30_check_kick(nv30);
}

static void
nv30_context_flush(struct pipe_context *pipe, struct pipe_fence_handle **fence,
                   unsigned flags)
{
   struct nv30_context *nv30 = nv30_context(pipe);

   /* Make sure even an empty flush names the fence buffer, so that the
    * fence covers every earlier submission of this context. */
   if (fence)
      nv30_push_begin(nv30, 0, 0);
   nv30_context_kick(nv30);

   if (fence) {
      struct nouveau_fence *f = nouveau_fence_create(nv30->lost ? NULL :
                                                     nv30->fence_bo);
      pipe->screen->fence_reference(pipe->screen, fence, NULL);
      *fence = (struct pipe_fence_handle *)f;
   }
}

static enum pipe_reset_status
nv30_get_device_reset_status(struct pipe_context *pipe)
{
   return nv30_context(pipe)->lost ? PIPE_GUILTY_CONTEXT_RESET : PIPE_NO_RESET;
}

static void
nv30_flush_resource(struct pipe_context *pipe, struct pipe_resource *res)
{
}

static void
nv30_texture_barrier(struct pipe_context *pipe, unsigned flags)
{
}

static void
nv30_memory_barrier(struct pipe_context *pipe, unsigned flags)
{
}

/* Releases the channel and what lives in it, the objects before the
 * channel, the channel before its client; NULL members are skipped. */
static void
nv30_channel_fini(struct nv30_context *nv30)
{
   if (nv30->fence_bo)
      nouveau_screen_remove_fence_bo(&nv30->screen->base, nv30->fence_bo);
   nouveau_bo_ref(NULL, &nv30->fence_bo);
   if (nv30->pushbuf)
      nouveau_pushbuf_bufctx(nv30->pushbuf, NULL);
   nouveau_pushbuf_del(&nv30->pushbuf);
   nv30->push.pb = NULL;
   /* after the pushbuffer: it kept the buffer context on its list */
   nouveau_push_bins_fini(&nv30->push);
   /* the channel and its objects, if we were the last on it */
   nv30_channel_put(nv30);
   nouveau_client_del(&nv30->client);
}

static void
nv30_context_destroy(struct pipe_context *pipe)
{
   struct nv30_context *nv30 = nv30_context(pipe);

   if (pipe->stream_uploader)
      u_upload_destroy(pipe->stream_uploader);
   if (nv30->pushbuf) {
      nv30_channel_enter(nv30);
      nv30_context_kick(nv30);
      /* The objects go below, and the kernel forgets a freed object's
       * handle at once: a submitted command that names it (DMA_QUERY,
       * the 3D object) would trap.  Every submission lists the fence
       * buffer, so it is idle when the GPU is done with them all. */
      if (!nv30->lost && nv30->fence_bo)
         nouveau_bo_wait(nv30->fence_bo, NOUVEAU_BO_RDWR, nv30->client);
      nv30_channel_leave(nv30);
   }

   util_unreference_framebuffer_state(&nv30->framebuffer);
   for (unsigned i = 0; i < nv30->num_vtxbufs; i++)
      pipe_vertex_buffer_unreference(&nv30->vtxbuf[i]);
   for (unsigned i = 0; i < NV30_MAX_TEX_UNITS; i++)
      pipe_sampler_view_reference(&nv30->views[i], NULL);
   for (unsigned i = 0; i < PIPE_SHADER_TYPES; i++) {
      pipe_resource_reference(&nv30->constbuf[i].buffer, NULL);
      free(nv30->constdata[i]);
   }

   nv30_shader_fini(nv30);
   nv30_query_context_fini(nv30);
   nv30_channel_fini(nv30);
   slab_destroy_child(&nv30->transfer_pool);
   FREE(nv30->vp_const);
   FREE(nv30->hw_vp_const);
   FREE(nv30->hw_vp_const_known);
   FREE(nv30->vp_words);
   FREE(nv30);
}

/* Binds the 3D object and sets what no pipe state covers. */
static bool
nv30_context_init_3d(struct nv30_context *nv30)
{
   const struct nvhwdb_chip *chip = nv30->chip;
   const uint32_t vram = NV30_HANDLE_DMA_VRAM, gart = NV30_HANDLE_DMA_GART;
   const uint32_t null = NV30_HANDLE_NULL;

   if (!nv30_push_begin(nv30, 64, 0))
      return false;

   nouveau_push_1(&nv30->push, NOUVEAU_SUBC_3D, NV4_SUBCHAN_OBJECT,
                  nv30->eng3d->handle);
   nv30->push.oclass[NOUVEAU_SUBC_3D] = chip->class_3d;

   /* Which memory each unit uses (rnndb nv30-40_3d.xml, DMA_*): TEXTURE0
    * / VTXBUF0 in VRAM, TEXTURE1 / VTXBUF1 in GART (the DMA1 bit of the
    * address methods picks the second); colour and zeta in VRAM until
    * the framebuffer names the object of each surface's placement
    * (nv30_emit.c); no notifier or fence memory is used; query reports
    * go to our notifier object. */
   NV30_3D_MTHD(nv30, NV30_3D_DMA_NOTIFY, 13);
   nouveau_push_data(&nv30->push, null);  /* NOTIFY */
   nouveau_push_data(&nv30->push, vram);  /* TEXTURE0 */
   nouveau_push_data(&nv30->push, gart);  /* TEXTURE1 */
   nouveau_push_data(&nv30->push, vram);  /* COLOR1 */
   nouveau_push_data(&nv30->push, null);  /* UNK190 */
   nouveau_push_data(&nv30->push, vram);  /* COLOR0 */
   nouveau_push_data(&nv30->push, vram);  /* ZETA */
   nouveau_push_data(&nv30->push, vram);  /* VTXBUF0 */
   nouveau_push_data(&nv30->push, gart);  /* VTXBUF1 */
   nouveau_push_data(&nv30->push, null);  /* FENCE */
   nouveau_push_data(&nv30->push, nv30->query_obj ? nv30->query_handle : null);
   nouveau_push_data(&nv30->push, null);  /* UNK1AC */
   nouveau_push_data(&nv30->push, null);  /* UNK1B0 */
   /* DMA_COLOR2/3 and MIPMAP_ROUNDING: curie only (hwdb variants) */
   if (chip->generation == NVHWDB_GEN_CURIE) {
      NV30_3D_MTHD(nv30, NV40_3D_DMA_COLOR2, 2);
      nouveau_push_data(&nv30->push, vram);
      nouveau_push_data(&nv30->push, vram);
      NV30_3D_1(nv30, NV40_3D_MIPMAP_ROUNDING, NV40_3D_MIPMAP_ROUNDING_MODE_DOWN);
   }
   /* GL's initial edge flag; draws with per-vertex flags put it back */
   NV30_3D_1(nv30, NV30_3D_EDGEFLAG, NV30_3D_EDGEFLAG_ENABLE);
   return true;
}

/* Every entry point of the context (nv30_funcs.h lists them by file). */
const struct pipe_context nv30_context_funcs = {
   .destroy = nv30_context_destroy,
   .flush = nv30_context_flush,
   .get_device_reset_status = nv30_get_device_reset_status,
   .flush_resource = nv30_flush_resource,
   .texture_barrier = nv30_texture_barrier,
   .memory_barrier = nv30_memory_barrier,

   /* resources: one map for buffers and textures, both linear */
   .buffer_map = nv30_transfer_map,
   .texture_map = nv30_transfer_map,
   .buffer_unmap = nv30_transfer_unmap,
   .texture_unmap = nv30_transfer_unmap,
   .transfer_flush_region = nv30_transfer_flush_region,
   .buffer_subdata = u_default_buffer_subdata,
   .texture_subdata = u_default_texture_subdata,
   .create_surface = nv30_surface_create,
   .surface_destroy = nv30_surface_destroy,
   .resource_copy_region = nv30_resource_copy_region,
   .blit = nv30_blit,

   /* state objects */
   .create_blend_state = nv30_blend_state_create,
   .bind_blend_state = nv30_blend_state_bind,
   .delete_blend_state = nv30_cso_delete,
   .create_depth_stencil_alpha_state = nv30_zsa_state_create,
   .bind_depth_stencil_alpha_state = nv30_zsa_state_bind,
   .delete_depth_stencil_alpha_state = nv30_cso_delete,
   .create_rasterizer_state = nv30_rasterizer_state_create,
   .bind_rasterizer_state = nv30_rasterizer_state_bind,
   .delete_rasterizer_state = nv30_cso_delete,
   .create_vertex_elements_state = nv30_vertex_state_create,
   .bind_vertex_elements_state = nv30_vertex_state_bind,
   .delete_vertex_elements_state = nv30_cso_delete,
   .create_sampler_state = nv30_sampler_state_create,
   .bind_sampler_states = nv30_sampler_states_bind,
   .delete_sampler_state = nv30_cso_delete,
   .create_vs_state = nv30_vp_state_create,
   .bind_vs_state = nv30_vp_state_bind,
   .delete_vs_state = nv30_vp_state_delete,
   .create_fs_state = nv30_fp_state_create,
   .bind_fs_state = nv30_fp_state_bind,
   .delete_fs_state = nv30_fp_state_delete,

   /* parameters */
   .set_blend_color = nv30_set_blend_color,
   .set_stencil_ref = nv30_set_stencil_ref,
   .set_sample_mask = nv30_set_sample_mask,
   .set_min_samples = nv30_set_min_samples,
   .set_clip_state = nv30_set_clip_state,
   .set_polygon_stipple = nv30_set_polygon_stipple,
   .set_scissor_states = nv30_set_scissor_states,
   .set_viewport_states = nv30_set_viewport_states,
   .set_framebuffer_state = nv30_set_framebuffer_state,
   .set_constant_buffer = nv30_set_constant_buffer,
   .set_vertex_buffers = nv30_set_vertex_buffers,
   .create_sampler_view = nv30_sampler_view_create,
   .sampler_view_destroy = nv30_sampler_view_destroy,
   .set_sampler_views = nv30_set_sampler_views,

   /* drawing */
   .draw_vbo = nv30_draw_vbo,
   .clear = nv30_clear,
   .clear_render_target = nv30_clear_render_target,
   .clear_depth_stencil = nv30_clear_depth_stencil,

   /* queries */
   .create_query = nv30_create_query,
   .destroy_query = nv30_destroy_query,
   .begin_query = nv30_begin_query,
   .end_query = nv30_end_query,
   .get_query_result = nv30_get_query_result,
   .set_active_query_state = nv30_set_active_query_state,
   .render_condition = nv30_render_condition,
};

struct pipe_context *
nv30_context_create(struct pipe_screen *pscreen, void *priv, unsigned flags)
{
   struct nv30_screen *screen = nv30_screen(pscreen);
   struct nouveau_device *dev = screen->base.device;
   struct nv30_context *nv30;
   struct pipe_context *pipe;
   int ret;

   nv30 = CALLOC_STRUCT(nv30_context);
   if (!nv30)
      return NULL;
   nv30->screen = screen;
   nv30->chip = screen->chip;
   nv30->target = &screen->target;
   nv30->vp_const = CALLOC(nv30->target->vp.num_consts,
                           sizeof(*nv30->vp_const));
   nv30->hw_vp_const = CALLOC(nv30->target->vp.num_consts,
                              sizeof(*nv30->hw_vp_const));
   nv30->hw_vp_const_known = CALLOC(BITSET_WORDS(nv30->target->vp.num_consts),
                                    sizeof(BITSET_WORD));
   nv30->vp_words = MALLOC(nv30->target->vp.max_insns * 4 * sizeof(uint32_t));
   if (!nv30->vp_const || !nv30->hw_vp_const || !nv30->hw_vp_const_known ||
       !nv30->vp_words) {
      FREE(nv30->vp_const);
      FREE(nv30->hw_vp_const);
      FREE(nv30->hw_vp_const_known);
      FREE(nv30->vp_words);
      FREE(nv30);
      return NULL;
   }
   nv30_vp_drop_all(nv30);
   pipe = &nv30->base;
   *pipe = nv30_context_funcs;
   nv30_channel_wrap(pipe);
   pipe->screen = pscreen;
   pipe->priv = priv;
   slab_create_child(&nv30->transfer_pool, &screen->base.transfer_pool);

   ret = nouveau_client_new(dev, &nv30->client);
   /* our own channel, or a place on another's (nv30_channel.c) */
   if (ret == 0)
      ret = nv30_channel_get(nv30, nv30->chip->class_3d);
   if (ret == 0)
      ret = nouveau_pushbuf_new(nv30->client, nv30->channel,
                                nv30_channel_joined(nv30) ?
                                   NV30_PUSHBUF_SHARED_COUNT : NV30_PUSHBUF_COUNT,
                                nv30_channel_joined(nv30) ?
                                   NV30_PUSHBUF_SHARED_SIZE : NV30_PUSHBUF_SIZE,
                                true, &nv30->pushbuf);
   if (ret == 0)
      ret = nouveau_bo_new(dev, NOUVEAU_BO_GART | NOUVEAU_BO_MAP, 0, 4096,
                           NULL, &nv30->fence_bo);
   /* so that an allocation that finds memory full can wait for us */
   if (ret == 0 && !nouveau_screen_add_fence_bo(&screen->base, nv30->fence_bo))
      ret = -ENOMEM;
   if (ret) {
      NOUVEAU_ERR("cannot create a context: %d\n", ret);
      nv30_context_destroy(pipe);
      return NULL;
   }
   /* Queries need report memory; without it they are not offered.  (The
    * channel's notifier block has room for one context's reports: on a
    * shared channel the first context has them.) */
   if (!nv30_query_context_init(nv30) && !nv30_channel_joined(nv30))
      NOUVEAU_ERR("no occlusion query memory\n");

   nv30->push.pb = nv30->pushbuf;
   nv30->pushbuf->user_priv = nv30;
   nv30->pushbuf->kick_notify = nv30_kick_notify;
   if (!nouveau_push_bins_init(&nv30->push, nv30->client, NV30_BIN_COUNT)) {
      nv30_context_destroy(pipe);
      return NULL;
   }

   pipe->stream_uploader = u_upload_create_default(pipe);
   if (!pipe->stream_uploader) {
      nv30_context_destroy(pipe);
      return NULL;
   }
   pipe->const_uploader = pipe->stream_uploader;

   /* Sent and submitted at once: a context that joins the channel later
    * must find nothing of ours waiting (nv30_channel.c). */
   nv30_channel_enter(nv30);
   bool ok = nv30_context_init_3d(nv30);
   if (ok)
      nv30_context_kick(nv30);
   nv30_channel_leave(nv30);
   if (!ok) {
      nv30_context_destroy(pipe);
      return NULL;
   }
   nv30->sample_mask = ~0u;   /* every sample, until st/mesa says */
   nv30->dirty = NV30_DIRTY_ALL;
   /* the first draw invalidates the vertex cache: it may hold what
    * another channel fetched */
   nv30->vtx_cache_stale = true;
   return pipe;
}
