/*
 * Channels: one per context while the kernel has one to give; past
 * that, contexts share (docs/decisions.md, "Contexts beyond the FIFO's
 * channels").
 *
 * A pre-NV50 PFIFO has 32 channels (the kernel's nvkm nv10/nv40 FIFO:
 * 32 ids; it keeps one for itself), and every process's every GL
 * context wants one.  When CHANNEL_ALLOC fails with -ENOSPC, the new
 * context goes onto an existing channel of the same device: the one with
 * the fewest contexts that has no commands of a single owner waiting to
 * be submitted (those would run after the newcomer's submissions and
 * find its state).  Each context keeps its own client, pushbuffer and
 * fence buffer, so libdrm's per-client state (buffer references of a
 * pushbuffer) is never shared between threads; what the contexts share
 * is the hardware: the 3D object's state, its VP slots, the query
 * counter.  Hence the units of nv30_channel.h.
 */

#include <assert.h>
#include <errno.h>
#include <string.h>
#include <strings.h>

#include <nouveau.h>

#include "c11/threads.h"
#include "pipe/p_context.h"
#include "util/u_memory.h"

#include "nouveau/nouveau_debug.h"
#include "nv30_channel.h"
#include "nv30_context.h"
#include "nv30-40_3d.xml.h"
#include "fifo.xml.h"

/* Every channel of the process, of every device (each names its own). */
static struct nv30_channel *nv30_channels;
static mtx_t nv30_channels_lock = _MTX_INITIALIZER_NP;

/* See nv30_channel_get. */
#define NV30_CHANNEL_HANDLE_NONE 0xffffffffu

/* One context per query handle bit at most. */
#define NV30_CHANNEL_MAX_USERS 32

static void
nv30_channel_use(struct nv30_context *nv30, struct nv30_channel *ch,
                 unsigned slot)
{
   nv30->chan = ch;
   nv30->channel = ch->channel;
   nv30->eng3d = ch->eng3d;
   nv30->null_obj = ch->null_obj;
   nv30->query_handle = NV30_HANDLE_QUERY + slot;
   ch->query_handles |= 1u << slot;
}

static void
nv30_channel_free(struct nv30_channel *ch)
{
   nouveau_object_del(&ch->null_obj);
   nouveau_object_del(&ch->eng3d);
   nouveau_object_del(&ch->channel);
   simple_mtx_destroy(&ch->lock);
   FREE(ch);
}

/* simple_mtx has no trylock: this is the uncontended acquisition
 * simple_mtx_lock tries first (util/simple_mtx.h, "mutex3": 0 -> 1). */
static bool
nv30_channel_trylock(struct nv30_channel *ch)
{
#if UTIL_FUTEX_SUPPORTED
   return p_atomic_cmpxchg(&ch->lock.val, 0, 1) == 0;
#else
   return mtx_trylock(&ch->lock.mtx) == thrd_success;
#endif
}

/* Can nv30 go onto ch (whose lock the caller holds)? */
static bool
nv30_channel_joinable(const struct nv30_channel *ch,
                      const struct nouveau_device *dev)
{
   return ch->dev == dev && !ch->pending && ch->users < NV30_CHANNEL_MAX_USERS;
}

static int
nv30_channel_join(struct nv30_context *nv30)
{
   struct nouveau_device *dev = nv30->screen->base.device;
   struct nv30_channel *best = NULL;

   mtx_lock(&nv30_channels_lock);
   /* First without waiting for a context in the middle of a unit, then,
    * if none was free, waiting for each in turn. */
   for (int pass = 0; pass < 2 && !best; pass++) {
      for (struct nv30_channel *ch = nv30_channels; ch; ch = ch->next) {
         if (ch->dev != dev)
            continue;
         if (pass == 0) {
            if (!nv30_channel_trylock(ch))
               continue;
         } else {
            simple_mtx_lock(&ch->lock);
         }
         if (nv30_channel_joinable(ch, dev) &&
             (!best || ch->users < best->users)) {
            if (best)
               simple_mtx_unlock(&best->lock);
            best = ch;
         } else {
            simple_mtx_unlock(&ch->lock);
         }
      }
   }
   if (best) {
      best->users++;
      nv30_channel_use(nv30, best, ffs(~best->query_handles) - 1);
      simple_mtx_unlock(&best->lock);
   }
   mtx_unlock(&nv30_channels_lock);
   if (!best) {
      NOUVEAU_ERR("no FIFO channel left and none to share\n");
      return -ENOSPC;
   }
   if (nouveau_debug & NOUVEAU_DEBUG_FLUSH)
      fprintf(stderr, "nouveau: no channel left, sharing %p with %u other "
              "contexts\n", (void *)nv30->channel, nv30->chan->users - 1);
   return 0;
}

int
nv30_channel_get(struct nv30_context *nv30, uint32_t class_3d)
{
   struct nouveau_device *dev = nv30->screen->base.device;
   struct nv04_fifo fifo = {
      .vram = NV30_HANDLE_DMA_VRAM, .gart = NV30_HANDLE_DMA_GART,
   };
   struct nv30_channel *ch = CALLOC_STRUCT(nv30_channel);
   int ret;

   if (!ch)
      return -ENOMEM;
   /* The handle is no channel's id on purpose: when CHANNEL_ALLOC fails,
    * libdrm 2.4.114 (nouveau_object_init -> nouveau_object_fini ->
    * abi16_delete) sends CHANNEL_FREE for the handle it was given, and
    * 0 would free channel 0, another context's.  ~0 frees nothing. */
   ret = nouveau_object_new(&dev->object, NV30_CHANNEL_HANDLE_NONE,
                            NOUVEAU_FIFO_CHANNEL_CLASS, &fifo, sizeof(fifo),
                            &ch->channel);
   if (ret == 0)
      ret = nouveau_object_new(ch->channel, NV30_HANDLE_3D, class_3d, NULL,
                               0, &ch->eng3d);
   if (ret) {
      nouveau_object_del(&ch->eng3d);
      nouveau_object_del(&ch->channel);
      FREE(ch);
      return ret == -ENOSPC ? nv30_channel_join(nv30) : ret;
   }
   /* Without it the DMA slots we point at handle 0 would not resolve; a
    * kernel that refuses it still lets us draw, so carry on. */
   if (nouveau_object_new(ch->channel, NV30_HANDLE_NULL, NV1_NULL_CLASS,
                          NULL, 0, &ch->null_obj))
      ch->null_obj = NULL;
   ch->dev = dev;
   ch->users = 1;
   simple_mtx_init(&ch->lock, mtx_plain);
   nv30_channel_use(nv30, ch, 0);

   mtx_lock(&nv30_channels_lock);
   ch->next = nv30_channels;
   nv30_channels = ch;
   mtx_unlock(&nv30_channels_lock);
   return 0;
}

void
nv30_channel_put(struct nv30_context *nv30)
{
   struct nv30_channel *ch = nv30->chan;
   bool last;

   if (!ch)
      return;
   mtx_lock(&nv30_channels_lock);
   simple_mtx_lock(&ch->lock);
   last = --ch->users == 0;
   ch->query_handles &= ~(1u << (nv30->query_handle - NV30_HANDLE_QUERY));
   if (ch->last == nv30)
      ch->last = NULL;
   if (last) {
      for (struct nv30_channel **p = &nv30_channels; *p; p = &(*p)->next) {
         if (*p == ch) {
            *p = ch->next;
            break;
         }
      }
   }
   simple_mtx_unlock(&ch->lock);
   mtx_unlock(&nv30_channels_lock);

   nv30->chan = NULL;
   nv30->channel = nv30->eng3d = nv30->null_obj = NULL;
   if (last)
      nv30_channel_free(ch);
}

void
nv30_channel_enter(struct nv30_context *nv30)
{
   struct nv30_channel *ch = nv30->chan;

   if (!ch || nv30->chan_depth++)
      return;
   simple_mtx_lock(&ch->lock);
   if (ch->last == nv30)
      return;
   /* Someone else's commands ran on the channel since ours (or nobody's
    * did yet): the 3D object holds their state. */
   ch->last = nv30;
   nv30->dirty = NV30_DIRTY_ALL;
   nv30->chan_reset = true;           /* objects and DMA slots: init_3d */
   nv30_vp_drop_all(nv30);            /* the VP slots hold theirs */
   nv30->hw_tex_enabled = ~0u;        /* they may have enabled any unit */
   nv30->hw_vtxfmt_count = NV30_3D_VTXFMT__LEN;
   nv30->hw_draw.known = 0;           /* restart, element base */
   nv30->hw_draw.idx_bo = NULL;       /* index buffer */
   nv30->refs_listed = false;
   nv30_hw_forget_all(nv30);          /* every tracked method */
   /* and every VP constant slot */
   memset(nv30->hw_vp_const_known, 0,
          BITSET_WORDS(nv30->target->vp.num_consts) * sizeof(BITSET_WORD));
   for (unsigned i = 0; i < NV30_MAX_TEX_UNITS; i++)
      nv30->hw_tex[i].bo = NULL;      /* texture addresses */
   nv30->submission++;
   nv30->vtx_cache_stale = true;
   nv30->tex_cache_stale = true;
}

void
nv30_channel_leave(struct nv30_context *nv30)
{
   struct nv30_channel *ch = nv30->chan;

   if (!ch || --nv30->chan_depth)
      return;
   if (ch->users > 1 && nv30->emitted)
      nv30_context_kick(nv30);
   ch->pending = nv30->emitted && !nv30->lost;
   simple_mtx_unlock(&ch->lock);
}

/* --- the units: the entry points that emit or submit --- */

/* The wrappers call the entry points of nv30_context.c's table. */
#define nv30_inner nv30_context_funcs

#define UNIT(ret, name, params, args)                                      \
   static ret nv30_unit_##name params                                      \
   {                                                                       \
      struct nv30_context *nv30 = nv30_context(pipe);                      \
      nv30_channel_enter(nv30);                                            \
      ret r = nv30_inner.name args;                                        \
      nv30_channel_leave(nv30);                                            \
      return r;                                                            \
   }
#define UNIT_VOID(name, params, args)                                      \
   static void nv30_unit_##name params                                     \
   {                                                                       \
      struct nv30_context *nv30 = nv30_context(pipe);                      \
      nv30_channel_enter(nv30);                                            \
      nv30_inner.name args;                                                \
      nv30_channel_leave(nv30);                                            \
   }

UNIT_VOID(draw_vbo, (struct pipe_context *pipe,
                     const struct pipe_draw_info *info, unsigned drawid,
                     const struct pipe_draw_indirect_info *indirect,
                     const struct pipe_draw_start_count_bias *draws,
                     unsigned num_draws),
          (pipe, info, drawid, indirect, draws, num_draws))
UNIT_VOID(clear, (struct pipe_context *pipe, unsigned buffers,
                  const struct pipe_scissor_state *scissor,
                  const union pipe_color_union *color, double depth,
                  unsigned stencil),
          (pipe, buffers, scissor, color, depth, stencil))
UNIT_VOID(clear_render_target, (struct pipe_context *pipe,
                                struct pipe_surface *dst,
                                const union pipe_color_union *color,
                                unsigned x, unsigned y, unsigned w,
                                unsigned h, bool cond),
          (pipe, dst, color, x, y, w, h, cond))
UNIT_VOID(clear_depth_stencil, (struct pipe_context *pipe,
                                struct pipe_surface *dst, unsigned flags,
                                double depth, unsigned stencil, unsigned x,
                                unsigned y, unsigned w, unsigned h,
                                bool cond),
          (pipe, dst, flags, depth, stencil, x, y, w, h, cond))
UNIT_VOID(blit, (struct pipe_context *pipe, const struct pipe_blit_info *info),
          (pipe, info))
UNIT_VOID(resource_copy_region, (struct pipe_context *pipe,
                                 struct pipe_resource *dst, unsigned level,
                                 unsigned x, unsigned y, unsigned z,
                                 struct pipe_resource *src, unsigned slevel,
                                 const struct pipe_box *box),
          (pipe, dst, level, x, y, z, src, slevel, box))
UNIT_VOID(flush, (struct pipe_context *pipe, struct pipe_fence_handle **fence,
                  unsigned flags),
          (pipe, fence, flags))
UNIT(void *, buffer_map, (struct pipe_context *pipe,
                          struct pipe_resource *res, unsigned level,
                          unsigned usage, const struct pipe_box *box,
                          struct pipe_transfer **out),
     (pipe, res, level, usage, box, out))
UNIT(void *, texture_map, (struct pipe_context *pipe,
                           struct pipe_resource *res, unsigned level,
                           unsigned usage, const struct pipe_box *box,
                           struct pipe_transfer **out),
     (pipe, res, level, usage, box, out))
UNIT_VOID(buffer_unmap, (struct pipe_context *pipe,
                         struct pipe_transfer *transfer),
          (pipe, transfer))
UNIT_VOID(texture_unmap, (struct pipe_context *pipe,
                          struct pipe_transfer *transfer),
          (pipe, transfer))
UNIT_VOID(transfer_flush_region, (struct pipe_context *pipe,
                                  struct pipe_transfer *transfer,
                                  const struct pipe_box *box),
          (pipe, transfer, box))
UNIT(bool, begin_query, (struct pipe_context *pipe, struct pipe_query *q),
     (pipe, q))
UNIT(bool, end_query, (struct pipe_context *pipe, struct pipe_query *q),
     (pipe, q))
UNIT(bool, get_query_result, (struct pipe_context *pipe,
                              struct pipe_query *q, bool wait,
                              union pipe_query_result *result),
     (pipe, q, wait, result))
UNIT_VOID(destroy_query, (struct pipe_context *pipe, struct pipe_query *q),
          (pipe, q))
UNIT_VOID(render_condition, (struct pipe_context *pipe,
                             struct pipe_query *q, bool condition,
                             enum pipe_render_cond_flag mode),
          (pipe, q, condition, mode))
UNIT_VOID(set_active_query_state, (struct pipe_context *pipe, bool enable),
          (pipe, enable))

void
nv30_channel_wrap(struct pipe_context *pipe)
{
   /* (an entry point someone replaced after the table stays as it is) */
#define WRAP(name) do {                                                    \
      assert(pipe->name == nv30_inner.name);                               \
      if (pipe->name && pipe->name == nv30_inner.name)                     \
         pipe->name = nv30_unit_##name;                                    \
   } while (0)
   WRAP(draw_vbo);
   WRAP(clear);
   WRAP(clear_render_target);
   WRAP(clear_depth_stencil);
   WRAP(blit);
   WRAP(resource_copy_region);
   WRAP(flush);
   WRAP(buffer_map);
   WRAP(texture_map);
   WRAP(buffer_unmap);
   WRAP(texture_unmap);
   WRAP(transfer_flush_region);
   WRAP(begin_query);
   WRAP(end_query);
   WRAP(get_query_result);
   WRAP(destroy_query);
   WRAP(render_condition);
   WRAP(set_active_query_state);
#undef WRAP
}
