/*
 * The Tesla pipe_context: its channel, objects and pushbuffer,
 * submissions and fences, and the 3D state no pipe state covers.
 *
 * Every context has its own channel: Tesla's FIFO has 128 (hwdb
 * NV_FIFO_CHANNELS_G80), so the NV30 driver's channel sharing
 * (nv30_channel.c) is not needed yet.  Buffers are named by their VM
 * address (bo->offset); the pushbuffer lists each buffer a submission
 * uses (nv50_push_ref), which is how the kernel knows when the CPU may
 * touch it.
 */

#include <errno.h>

#include <nouveau.h>

#include "util/u_framebuffer.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_upload_mgr.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_msaa.h"
#include "util/u_transfer.h"
#include "nv50_resource.h"
#include "fifo.xml.h"
#include "g80_2d.xml.h"
#include "g80_3d.xml.h"
#include "nv_m2mf.xml.h"

/* The channel's handle is no channel's id on purpose: when CHANNEL_ALLOC
 * fails, libdrm 2.4.114 sends CHANNEL_FREE for the handle it was given,
 * and 0 would free channel 0, another context's (as nv30_channel.c). */
#define NV50_HANDLE_CHANNEL_NONE 0xffffffffu

/* 4 pushbuffers of 512 KiB, as libdrm rotates them (as nv30) */
#define NV50_PUSHBUF_COUNT 4
#define NV50_PUSHBUF_SIZE  (512 * 1024)

static void
nv50_kick_notify(struct nouveau_pushbuf *pb)
{
   struct nv50_context *nv50 = pb->user_priv;

   /* a new submission: the fence buffer is listed again (the vertex,
    * constant, index, code and framebuffer buffers are, by libdrm, from
    * their bins: a draw in it that found them clean would otherwise
    * leave them unlisted, and a CPU write to one (glBufferData) would
    * not wait for that draw) */
   nv50->fence_referenced = false;
   if (nouveau_debug & NOUVEAU_DEBUG_FLUSH)
      fprintf(stderr, "nouveau: submit on channel %p\n",
              (void *)nv50->channel);
}

bool
nv50_push_begin(struct nv50_context *nv50, unsigned words)
{
   if (nv50->lost)
      return false;
   if (!nouveau_push_space(&nv50->push, words + 16, 0)) {
      NOUVEAU_ERR("no pushbuffer space, channel lost\n");
      nv50->lost = true;
      return false;
   }
   if (!nv50->fence_referenced) {
      struct nouveau_pushbuf_refn ref = {
         nv50->fence_bo, NOUVEAU_BO_GART | NOUVEAU_BO_WR
      };
      if (nouveau_pushbuf_refn(nv50->pushbuf, &ref, 1) == 0)
         nv50->fence_referenced = true;
      /* the reports COND_MODE reads (nv50_query.c) */
      if (nv50->cond_bo)
         nv50_push_ref(nv50, nv50->cond_bo, NOUVEAU_BO_GART | NOUVEAU_BO_RD);
   }
   return true;
}

void
nv50_push_ref(struct nv50_context *nv50, struct nouveau_bo *bo,
              uint32_t flags)
{
   struct nouveau_pushbuf_refn ref = { bo, flags };

   nouveau_pushbuf_refn(nv50->pushbuf, &ref, 1);
}

void
nv50_bin_ref(struct nv50_context *nv50, enum nv50_bin bin,
             struct nouveau_bo *bo, uint32_t flags)
{
   nouveau_push_bin_refn(&nv50->push, bin, bo, flags);
}

void
nv50_bin_reset(struct nv50_context *nv50, enum nv50_bin bin)
{
   nouveau_push_bin_clear(&nv50->push, bin);
}

void
nv50_context_kick(struct nv50_context *nv50)
{
   if (nv50->lost)
      return;
   if (nouveau_pushbuf_kick(nv50->pushbuf, nv50->channel)) {
      NOUVEAU_ERR("submission failed: the channel is lost\n");
      nv50->lost = true;
   }
}

void
nv50_kick_if_referenced(struct nv50_context *nv50, struct nouveau_bo *bo)
{
   if (nouveau_pushbuf_refd(nv50->pushbuf, bo))
      nv50_context_kick(nv50);
}

static void
nv50_context_flush(struct pipe_context *pipe, struct pipe_fence_handle **fence,
                   unsigned flags)
{
   struct nv50_context *nv50 = nv50_context(pipe);

   /* even an empty flush names the fence buffer, so that the fence
    * covers every earlier submission of this context */
   if (fence)
      nv50_push_begin(nv50, 0);
   nv50_context_kick(nv50);
   if (fence) {
      struct nouveau_fence *f = nouveau_fence_create(nv50->lost ? NULL :
                                                     nv50->fence_bo);
      pipe->screen->fence_reference(pipe->screen, fence, NULL);
      *fence = (struct pipe_fence_handle *)f;
   }
}

static enum pipe_reset_status
nv50_get_device_reset_status(struct pipe_context *pipe)
{
   return nv50_context(pipe)->lost ? PIPE_GUILTY_CONTEXT_RESET
                                   : PIPE_NO_RESET;
}

static void
nv50_set_debug_callback(struct pipe_context *pipe,
                        const struct util_debug_callback *cb)
{
   struct nv50_context *nv50 = nv50_context(pipe);

   if (cb)
      nv50->debug = *cb;
   else
      memset(&nv50->debug, 0, sizeof(nv50->debug));
}

/* Binds the objects and sets the 3D state that no pipe state covers.
 * What upstream Mesa's nv50 screen init writes is the reference for
 * which methods a new 3D object needs (facts; the values' reasons are
 * given here). */
static bool
nv50_context_init_hw(struct nv50_context *nv50)
{
   struct nouveau_push *p = &nv50->push;
   const uint32_t vram = NV50_HANDLE_VRAM;

   if (!nv50_push_begin(nv50, 256))
      return false;

   /* objects on our subchannels (method 0, fifo.xml) */
   nouveau_push_1(p, NOUVEAU_SUBC_3D, NV4_SUBCHAN_OBJECT, nv50->eng3d->handle);
   p->oclass[NOUVEAU_SUBC_3D] = nv50->chip->class_3d;
   nouveau_push_1(p, NOUVEAU_SUBC_M2MF, NV4_SUBCHAN_OBJECT, nv50->m2mf->handle);
   p->oclass[NOUVEAU_SUBC_M2MF] = nv50->chip->class_m2mf;
   nouveau_push_1(p, NOUVEAU_SUBC_2D, NV4_SUBCHAN_OBJECT, nv50->eng2d->handle);
   p->oclass[NOUVEAU_SUBC_2D] = nv50->chip->class_2d;

   /* A Tesla channel's VRAM DMA object covers the whole VM (docs/tesla.md
    * "VM"): every unit addresses buffers by VM address through it.  No
    * notifier is used yet (DMA_NOTIFY stays unset). */
   nouveau_push_mthd(p, NOUVEAU_SUBC_M2MF, NV04_M2MF_DMA_BUFFER_IN, 2);
   nouveau_push_data(p, vram);
   nouveau_push_data(p, vram);
   nouveau_push_mthd(p, NOUVEAU_SUBC_2D, G80_2D_DMA_DST, 3);
   nouveau_push_data(p, vram);
   nouveau_push_data(p, vram);
   nouveau_push_data(p, vram);

   /* draws and clears unconditional until a render condition says */
   NV50_3D_1(nv50, G80_3D_COND_MODE, G80_3D_COND_MODE_ALWAYS);
   /* DMA_ZETA .. DMA_CLIPID, the 11 consecutive slots, and the 8 colour
    * targets' */
   NV50_3D_MTHD(nv50, G80_3D_DMA_ZETA,
                (G80_3D_DMA_CLIPID - G80_3D_DMA_ZETA) / 4 + 1);
   for (uint32_t m = G80_3D_DMA_ZETA; m <= G80_3D_DMA_CLIPID; m += 4)
      nouveau_push_data(p, vram);
   NV50_3D_MTHD(nv50, G80_3D_DMA_COLOR(0), G80_3D_DMA_COLOR__LEN);
   for (unsigned i = 0; i < G80_3D_DMA_COLOR__LEN; i++)
      nouveau_push_data(p, vram);
   /* the register file layout upstream uses (REG_MODE STRIPED) */
   NV50_3D_1(nv50, G80_3D_REG_MODE, G80_3D_REG_MODE_STRIPED);
   /* single-sampled until the framebuffer says (nv50_clear.c), every
    * sample kept until the sample mask says (nv50_msaa.c); the
    * rasterizer CSO sends MULTISAMPLE_ENABLE */
   nv50_hw_put(nv50, G80_3D_MULTISAMPLE_ENABLE, 0);
   NV50_3D_1(nv50, G80_3D_MULTISAMPLE_MODE, G80_3D_MULTISAMPLE_MODE_1X1);
   for (unsigned i = 0; i < G80_3D_MSAA_MASK__LEN; i++)
      nv50_hw_put(nv50, G80_3D_MSAA_MASK(i), 0xffff);
   /* y counted from the first row in memory, no window offset */
   NV50_3D_1(nv50, G80_3D_SCREEN_Y_CONTROL, 0);
   NV50_3D_MTHD(nv50, G80_3D_WINDOW_OFFSET_X, 2);
   nouveau_push_data(p, 0);
   nouveau_push_data(p, 0);
   /* clears cover SCREEN_SCISSOR and scissor 0 when enabled (which
    * they turn off: nv50_clear.c bounds scissored clears by
    * SCREEN_SCISSOR); scissor 0 is the draws' (nv50_rasterizer.c),
    * off until a rasterizer state says */
   nv50_hw_put(nv50, G80_3D_SCISSOR_ENABLE(0), 0);
   NV50_3D_1(nv50, G80_3D_CLEAR_FLAGS, G80_3D_CLEAR_FLAGS_CLEAR_RECT_SCISSOR);
   NV50_3D_1(nv50, G80_3D_VIEWPORT_TRANSFORM_EN, 1);

   /* one code segment for VP, GP and FP (rnndb: *_ADDRESS_HIGH/LOW, the
    * programs at *_START_ID in it) */
   nv50_bin_ref(nv50, NV50_BIN_CONTEXT, nv50->code_bo,
                NOUVEAU_BO_GART | NOUVEAU_BO_RD);
   nv50_bin_ref(nv50, NV50_BIN_CONTEXT, nv50->cb_bo,
                NOUVEAU_BO_GART | NOUVEAU_BO_RDWR);
   const uint32_t code_mthd[] = { G80_3D_VP_ADDRESS_HIGH,
                                  G80_3D_GP_ADDRESS_HIGH,
                                  G80_3D_FP_ADDRESS_HIGH };
   for (unsigned i = 0; i < ARRAY_SIZE(code_mthd); i++) {
      NV50_3D_MTHD(nv50, code_mthd[i], 2);
      nouveau_push_data(p, nv50->code_bo->offset >> 32);
      nouveau_push_data(p, nv50->code_bo->offset);
   }
   /* constant buffers 0 (VP), 1 (FP) and 2 (GP) of 64 KiB for user
    * constants (CB_DEF_SET SIZE 0 is 0x10000 bytes, docs/tesla.md) */
   for (unsigned i = 0; i < NV50_CB_STAGES; i++) {
      uint64_t addr = nv50->cb_bo->offset + i * NV50_CB_SIZE;
      NV50_3D_MTHD(nv50, G80_3D_CB_DEF_ADDRESS_HIGH, 3);
      nouveau_push_data(p, addr >> 32);
      nouveau_push_data(p, addr);
      nouveau_push_data(p, G80_3D_CB_DEF_SET_BUFFER(i) |
                           G80_3D_CB_DEF_SET_SIZE(0));
   }
   /* the sprite constants after them (nv50_linkage.c), then the
    * multisampled textures' (nv50_msaa.c): the last const space
    * (NV50_SPRITE_CB_INDEX) of the FP, and of the VP and GP for the
    * latter (GL's constants take the others: nv50_cb.c) */
   uint64_t sprite = nv50->cb_bo->offset + NV50_CB_STAGES * NV50_CB_SIZE;
   NV50_3D_MTHD(nv50, G80_3D_CB_DEF_ADDRESS_HIGH, 3);
   nouveau_push_data(p, sprite >> 32);
   nouveau_push_data(p, sprite);
   nouveau_push_data(p, G80_3D_CB_DEF_SET_BUFFER(NV50_SPRITE_CB_ID) |
                        G80_3D_CB_DEF_SET_SIZE(NV50_DRIVER_CB_WORDS * 4));
   static const uint32_t cb_program[] = {
      G80_3D_SET_PROGRAM_CB_PROGRAM_FRAGMENT,
      G80_3D_SET_PROGRAM_CB_PROGRAM_VERTEX,
      G80_3D_SET_PROGRAM_CB_PROGRAM_GEOMETRY,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(cb_program); i++)
      NV50_3D_1(nv50, G80_3D_SET_PROGRAM_CB,
                G80_3D_SET_PROGRAM_CB_VALID(1) | cb_program[i] |
                G80_3D_SET_PROGRAM_CB_INDEX(NV50_SPRITE_CB_INDEX) |
                G80_3D_SET_PROGRAM_CB_BUFFER(NV50_SPRITE_CB_ID));
   nv50->sprite_cb_sent = false;
   nv50->ms_cb_sent = false;
   nv50_draw_init_hw(nv50);
   nv50_stack_emit(nv50);
   /* no geometry program */
   NV50_3D_1(nv50, G80_3D_GP_ENABLE, 0);
   NV50_3D_1(nv50, G80_3D_RASTERIZE_ENABLE, 1);
   nv50->dirty = NV50_DIRTY_ALL;
   nv50->viewport_dirty = BITFIELD_MASK(NV50_MAX_VIEWPORTS);
   memset(nv50->cb_dirty, 0xff, sizeof(nv50->cb_dirty));
   /* the TIC and TSC tables (nv50_tex.c) */
   return nv50_tex_init(nv50);
}

static void
nv50_context_destroy(struct pipe_context *pipe)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nouveau_screen *screen = &nv50->screen->base;

   if (pipe->stream_uploader)
      u_upload_destroy(pipe->stream_uploader);
   if (nv50->pushbuf) {
      nv50_context_kick(nv50);
      /* the objects go below: wait until the GPU is done with them
       * (every submission lists the fence buffer) */
      if (!nv50->lost && nv50->fence_bo)
         nouveau_bo_wait(nv50->fence_bo, NOUVEAU_BO_RDWR, nv50->client);
   }
   nv50_query_context_fini(nv50);
   util_unreference_framebuffer_state(&nv50->framebuffer);
   pipe_resource_reference(&nv50->index.res, NULL);
   for (unsigned i = 0; i < ARRAY_SIZE(nv50->so_target); i++)
      pipe_so_target_reference(&nv50->so_target[i], NULL);
   for (unsigned i = 0; i < ARRAY_SIZE(nv50->vb); i++)
      pipe_vertex_buffer_unreference(&nv50->vb[i]);
   for (unsigned i = 0; i < NV50_CB_STAGES; i++) {
      for (unsigned j = 0; j < NV50_CB_USER_SLOTS; j++)
         pipe_resource_reference(&nv50->cb[i][j].buffer, NULL);
      FREE(nv50->cb_user[i]);
   }
   nv50_tex_destroy(nv50);
   nouveau_bo_ref(NULL, &nv50->code_bo);
   nouveau_bo_ref(NULL, &nv50->so_counter_bo);
   nouveau_bo_ref(NULL, &nv50->stack_bo);
   nv50_code_fini(nv50);
   nouveau_bo_ref(NULL, &nv50->cb_bo);
   if (nv50->fence_bo) {
      nouveau_screen_remove_fence_bo(screen, nv50->fence_bo);
      nouveau_bo_ref(NULL, &nv50->fence_bo);
   }
   if (nv50->pushbuf)
      nouveau_pushbuf_bufctx(nv50->pushbuf, NULL);
   nouveau_pushbuf_del(&nv50->pushbuf);
   /* after the pushbuffer: it kept the buffer context on its list */
   nouveau_push_bins_fini(&nv50->push);
   nouveau_object_del(&nv50->eng2d);
   nouveau_object_del(&nv50->m2mf);
   nouveau_object_del(&nv50->eng3d);
   nouveau_object_del(&nv50->channel);
   nouveau_client_del(&nv50->client);
   slab_destroy_child(&nv50->transfer_pool);
   FREE(nv50);
}

/* Every entry point of the context (nv50_funcs.h lists them by file). */
const struct pipe_context nv50_context_funcs = {
   .destroy = nv50_context_destroy,
   .flush = nv50_context_flush,
   .get_device_reset_status = nv50_get_device_reset_status,
   .set_debug_callback = nv50_set_debug_callback,

   /* maps (nv50_transfer.c) */
   .buffer_map = nv50_transfer_map,
   .texture_map = nv50_transfer_map,
   .buffer_unmap = nv50_transfer_unmap,
   .texture_unmap = nv50_transfer_unmap,
   .transfer_flush_region = nv50_transfer_flush_region,
   .buffer_subdata = u_default_buffer_subdata,
   .texture_subdata = u_default_texture_subdata,

   /* state objects and parameters (nv50_state.c) */
   .create_blend_state = nv50_create_blend,
   .bind_blend_state = nv50_bind_blend,
   .delete_blend_state = nv50_delete_copy,
   .create_depth_stencil_alpha_state = nv50_create_zsa,
   .bind_depth_stencil_alpha_state = nv50_bind_zsa,
   .delete_depth_stencil_alpha_state = nv50_delete_copy,
   .create_rasterizer_state = nv50_create_rasterizer,
   .bind_rasterizer_state = nv50_bind_rasterizer,
   .delete_rasterizer_state = nv50_delete_copy,
   .set_blend_color = nv50_set_blend_color,
   .set_stencil_ref = nv50_set_stencil_ref,
   .set_sample_mask = nv50_set_sample_mask,
   .get_sample_position = nv50_get_sample_position,
   .set_min_samples = nv50_set_min_samples,
   .set_clip_state = nv50_set_clip_state,
   .set_polygon_stipple = nv50_set_polygon_stipple,
   .set_scissor_states = nv50_set_scissor_states,
   .set_viewport_states = nv50_set_viewport_states,
   .set_constant_buffer = nv50_set_constant_buffer,
   .set_framebuffer_state = nv50_set_framebuffer_state,
   .create_surface = nv50_create_surface,
   .surface_destroy = nv50_surface_destroy,
   .texture_barrier = nv50_texture_barrier,
   .memory_barrier = nv50_memory_barrier,
   .flush_resource = nv50_flush_resource,

   /* samplers and sampler views (nv50_tex.c) */
   .create_sampler_state = nv50_create_sampler,
   .bind_sampler_states = nv50_bind_samplers,
   .delete_sampler_state = nv50_delete_sampler,
   .create_sampler_view = nv50_create_sampler_view,
   .sampler_view_destroy = nv50_sampler_view_destroy,
   .set_sampler_views = nv50_set_sampler_views,

   /* vertex elements and buffers (nv50_vertex.c) */
   .create_vertex_elements_state = nv50_vertex_elements_create,
   .bind_vertex_elements_state = nv50_vertex_elements_bind,
   .delete_vertex_elements_state = nv50_vertex_elements_delete,
   .set_vertex_buffers = nv50_set_vertex_buffers,
   .create_stream_output_target = nv50_create_so_target,
   .stream_output_target_destroy = nv50_so_target_destroy,
   .set_stream_output_targets = nv50_set_so_targets,

   /* programs (nv50_program.c) */
   .create_vs_state = nv50_program_create,
   .bind_vs_state = nv50_bind_vp,
   .delete_vs_state = nv50_program_delete,
   .create_fs_state = nv50_program_create,
   .bind_fs_state = nv50_bind_fp,
   .delete_fs_state = nv50_program_delete,
   .create_gs_state = nv50_program_create,
   .bind_gs_state = nv50_bind_gp,
   .delete_gs_state = nv50_program_delete,

   /* clears (nv50_clear.c) */
   .clear = nv50_clear,
   .clear_render_target = nv50_clear_render_target,
   .clear_depth_stencil = nv50_clear_depth_stencil,
   .clear_texture = nv50_clear_texture,

   /* queries and the render condition (nv50_query.c) */
   .create_query = nv50_create_query,
   .destroy_query = nv50_destroy_query,
   .begin_query = nv50_begin_query,
   .end_query = nv50_end_query,
   .get_query_result = nv50_get_query_result,
   .set_active_query_state = nv50_set_active_query_state,
   .render_condition = nv50_render_condition,

   /* draws (nv50_draw.c), blits and copies (nv50_blit.c) */
   .draw_vbo = nv50_draw_vbo,
   .blit = nv50_blit,
   .resource_copy_region = nv50_resource_copy_region,
};

struct pipe_context *
nv50_context_create(struct pipe_screen *pscreen, void *priv, unsigned flags)
{
   struct nv50_screen *screen = nv50_screen(pscreen);
   struct nouveau_device *dev = screen->base.device;
   const struct nvhwdb_chip *chip = screen->chip;
   struct nv04_fifo fifo = {
      .vram = NV50_HANDLE_VRAM, .gart = NV50_HANDLE_GART,
   };
   struct nv50_context *nv50 = CALLOC_STRUCT(nv50_context);
   struct pipe_context *pipe;
   int ret;

   if (!nv50)
      return NULL;
   nv50->screen = screen;
   nv50->chip = chip;
   nv50->id = nv50_program_new_context_id();
   pipe = &nv50->base;
   *pipe = nv50_context_funcs;
   pipe->screen = pscreen;
   pipe->priv = priv;
   slab_create_child(&nv50->transfer_pool, &screen->base.transfer_pool);

   /* The channel (in this file's VM, the kernel's Tesla path) and the
    * chip's classes, from hwdb's chip table. */
   ret = nouveau_client_new(dev, &nv50->client);
   if (ret == 0)
      ret = nouveau_object_new(&dev->object, NV50_HANDLE_CHANNEL_NONE,
                               NOUVEAU_FIFO_CHANNEL_CLASS,
                               &fifo, sizeof(fifo), &nv50->channel);
   if (ret == 0)
      ret = nouveau_object_new(nv50->channel, NV50_HANDLE_3D, chip->class_3d,
                               NULL, 0, &nv50->eng3d);
   if (ret == 0)
      ret = nouveau_object_new(nv50->channel, NV50_HANDLE_M2MF,
                               chip->class_m2mf, NULL, 0, &nv50->m2mf);
   if (ret == 0)
      ret = nouveau_object_new(nv50->channel, NV50_HANDLE_2D, chip->class_2d,
                               NULL, 0, &nv50->eng2d);
   if (ret == 0)
      ret = nouveau_pushbuf_new(nv50->client, nv50->channel,
                                NV50_PUSHBUF_COUNT, NV50_PUSHBUF_SIZE, true,
                                &nv50->pushbuf);
   if (ret == 0)
      ret = nouveau_bo_new(dev, NOUVEAU_BO_GART | NOUVEAU_BO_MAP, 0, 4096,
                           NULL, &nv50->fence_bo);
   /* the code buffer, CPU-mapped for uploads (nv50_program.c), and the
    * user constant buffers */
   if (ret == 0)
      ret = nouveau_bo_new(dev, NOUVEAU_BO_GART | NOUVEAU_BO_MAP, 0x100,
                           NV50_CODE_SIZE, NULL, &nv50->code_bo);
   if (ret == 0)
      ret = nouveau_bo_map(nv50->code_bo, 0, nv50->client);
   if (ret == 0) {
      nv50->code_map = nv50->code_bo->map;
      ret = nouveau_bo_new(dev, NOUVEAU_BO_GART, 0x100,
                           NV50_CB_STAGES * NV50_CB_SIZE +
                           NV50_DRIVER_CB_WORDS * 4,
                           NULL, &nv50->cb_bo);
   }
   if (ret == 0 && !nv50_stack_init(nv50))
      ret = -ENOMEM;
   if (ret == 0 && !nv50_code_init(nv50))
      ret = -ENOMEM;
   /* so that an allocation that finds memory full can wait for us */
   if (ret == 0 && !nouveau_screen_add_fence_bo(&screen->base, nv50->fence_bo))
      ret = -ENOMEM;
   if (ret) {
      NOUVEAU_ERR("cannot create a context: %d\n", ret);
      nv50_context_destroy(pipe);
      return NULL;
   }
   nv50->push.pb = nv50->pushbuf;
   nv50->push.bin = -1;
   nv50->pushbuf->user_priv = nv50;
   nv50->pushbuf->kick_notify = nv50_kick_notify;
   if (!nouveau_push_bins_init(&nv50->push, nv50->client, NV50_BIN_COUNT)) {
      nv50_context_destroy(pipe);
      return NULL;
   }

   pipe->stream_uploader = u_upload_create_default(pipe);
   if (!pipe->stream_uploader || !nv50_context_init_hw(nv50) ||
       !nv50_query_context_init(nv50)) {
      nv50_context_destroy(pipe);
      return NULL;
   }
   pipe->const_uploader = pipe->stream_uploader;
   nv50_context_kick(nv50);
   return pipe;
}
