/*
 * Occlusion queries.  The 3D object counts samples that pass the depth and
 * stencil tests between QUERY_ENABLE 1 and 0 (QUERY_RESET clears the
 * counter); QUERY_GET writes a report into DMA_QUERY memory at OFFSET.
 * Our DMA_QUERY is a notifier object over part of the channel's notifier
 * block, which the CPU maps, cut into 16-byte report slots.
 *
 * A slot belongs to one QUERY_GET, from the end_query that sends it
 * until the report is written and its count copied into the query: so
 * a query used again never finds its earlier report (GL: the result is
 * that of the latest begin/end), and any number of queries can exist.
 * When every slot waits for the GPU, the oldest is waited for.
 */

#include <errno.h>
#include <string.h>

#include <nouveau.h>

#include "util/os_time.h"
#include "util/u_memory.h"

#include "nouveau/nouveau_debug.h"
#include "nv30_context.h"
#include "nv30_funcs.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"

/* Report slots per context: our choice, half of the 4 KiB notifier
 * block the kernel gives a channel (abi16 NOTIFIEROBJ_ALLOC carves
 * notifier objects from it). */
#define NV30_QUERY_SLOTS 128

struct nv30_query {
   unsigned type;
   int slot;                 /* of the latest end, -1 once read (or none) */
   uint64_t result;          /* the latest end's count, once ready */
   bool ended, ready;
};

struct nv30_query_pool {
   /* the query waiting for the slot's report, NULL if none (the query
    * was used again or destroyed) */
   struct nv30_query *owner[NV30_QUERY_SLOTS];
   bool busy[NV30_QUERY_SLOTS];     /* a QUERY_GET may still write it */
   uint64_t seq[NV30_QUERY_SLOTS];  /* when its QUERY_GET was sent */
   uint64_t next_seq;
};

static volatile uint32_t *
nv30_query_report(struct nv30_context *nv30, int slot)
{
   return (volatile uint32_t *)((uint8_t *)nv30->query_bo->map +
                                nv30->query_offset +
                                slot * NV30_QUERY_REPORT__SIZE);
}

static bool
nv30_query_written(struct nv30_context *nv30, int slot)
{
   return !(nv30_query_report(nv30, slot)[NV30_QUERY_REPORT_STATUS / 4] &
            NV30_QUERY_REPORT_STATUS_PENDING__MASK);
}

/* The slot's report is written: its count goes to the query that waits
 * for it, and the slot is free. */
static void
nv30_query_retire(struct nv30_context *nv30, int slot)
{
   struct nv30_query_pool *pool = nv30->query_pool;
   struct nv30_query *q = pool->owner[slot];

   if (q) {
      q->result = nv30_query_report(nv30, slot)[NV30_QUERY_REPORT_VALUE / 4];
      q->ready = true;
      q->slot = -1;
   }
   pool->owner[slot] = NULL;
   pool->busy[slot] = false;
}

/* Waits until the slot's report is written (submitting first, since the
 * QUERY_GET may not have been); false if it never comes. */
static bool
nv30_query_wait(struct nv30_context *nv30, int slot)
{
   int64_t deadline = os_time_get_absolute_timeout(10ull * 1000 * 1000 * 1000);

   if (nv30_query_written(nv30, slot))
      return true;
   nv30_context_kick(nv30);
   while (!nv30_query_written(nv30, slot)) {
      if (nv30->lost || os_time_timeout(0, deadline, os_time_get_nano())) {
         NOUVEAU_ERR("occlusion query result never arrived\n");
         return false;
      }
      os_time_sleep(50);
   }
   return true;
}

/* A slot no QUERY_GET will write any more; -1 if the GPU never
 * writes the one waited for. */
static int
nv30_query_slot_get(struct nv30_context *nv30)
{
   struct nv30_query_pool *pool = nv30->query_pool;
   int oldest = -1;

   for (int i = 0; i < NV30_QUERY_SLOTS; i++) {
      if (!pool->busy[i])
         return i;
   }
   for (int i = 0; i < NV30_QUERY_SLOTS; i++) {
      if (nv30_query_written(nv30, i)) {
         nv30_query_retire(nv30, i);
         return i;
      }
      if (oldest < 0 || pool->seq[i] < pool->seq[oldest])
         oldest = i;
   }
   if (!nv30_query_wait(nv30, oldest))
      return -1;
   nv30_query_retire(nv30, oldest);
   return oldest;
}

struct pipe_query *
nv30_create_query(struct pipe_context *pipe, unsigned type, unsigned index)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_query *q;

   if (!nv30->query_obj)
      return NULL;
   switch (type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
      break;
   default:
      return NULL;
   }
   q = CALLOC_STRUCT(nv30_query);
   if (!q)
      return NULL;
   q->type = type;
   q->slot = -1;
   return (struct pipe_query *)q;
}

/* The query no longer waits for the report of its last end (the slot
 * is freed once the GPU has written it). */
static void
nv30_query_detach(struct nv30_context *nv30, struct nv30_query *q)
{
   if (q->slot >= 0)
      nv30->query_pool->owner[q->slot] = NULL;
   q->slot = -1;
}

void
nv30_destroy_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct nv30_query *q = (struct nv30_query *)pq;

   nv30_query_detach(nv30_context(pipe), q);
   FREE(q);
}

bool
nv30_begin_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_query *q = (struct nv30_query *)pq;

   /* a new count: whatever the last end reports no longer matters */
   nv30_query_detach(nv30, q);
   q->ended = false;
   q->ready = false;
   q->result = 0;
   if (!nv30_push_begin(nv30, 4, 0))
      return false;
   NV30_3D_1(nv30, NV30_3D_QUERY_RESET, 1);
   if (!nv30->queries_paused)
      NV30_3D_1(nv30, NV30_3D_QUERY_ENABLE, 1);
   nv30->query_running = true;
   return true;
}

bool
nv30_end_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_query_pool *pool = nv30->query_pool;
   struct nv30_query *q = (struct nv30_query *)pq;
   int slot;

   q->ended = true;
   nv30->query_running = false;
   slot = nv30_query_slot_get(nv30);
   if (slot < 0 || !nv30_push_begin(nv30, 4, 0))
      return false;
   /* the submission writes the report memory: name it */
   struct nouveau_pushbuf_refn ref = {
      nv30->query_bo, NOUVEAU_BO_GART | NOUVEAU_BO_WR
   };
   nouveau_pushbuf_refn(nv30->pushbuf, &ref, 1);
   /* pending until the GPU writes the report; no QUERY_GET before this
    * one will write the slot */
   nv30_query_report(nv30, slot)[NV30_QUERY_REPORT_STATUS / 4] =
      NV30_QUERY_REPORT_STATUS_PENDING__MASK;
   pool->owner[slot] = q;
   pool->busy[slot] = true;
   pool->seq[slot] = pool->next_seq++;
   q->slot = slot;
   NV30_3D_1(nv30, NV30_3D_QUERY_GET,
             NV30_3D_QUERY_GET_UNK24_SAMPLES_PASSED |
             NV30_3D_QUERY_GET_OFFSET(slot * NV30_QUERY_REPORT__SIZE));
   NV30_3D_1(nv30, NV30_3D_QUERY_ENABLE, 0);
   return true;
}

bool
nv30_get_query_result(struct pipe_context *pipe, struct pipe_query *pq,
                      bool wait, union pipe_query_result *result)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_query *q = (struct nv30_query *)pq;

   if (!q->ended)
      return false;
   if (!q->ready) {
      if (q->slot < 0)
         return false;   /* the end could not be sent */
      if (!nv30_query_written(nv30, q->slot)) {
         if (!wait) {
            /* the report is written when the GPU gets there */
            nv30_context_kick(nv30);
            return false;
         }
         if (!nv30_query_wait(nv30, q->slot))
            return false;
      }
      nv30_query_retire(nv30, q->slot);
   }
   if (q->type == PIPE_QUERY_OCCLUSION_COUNTER)
      result->u64 = q->result;
   else
      result->b = q->result != 0;
   return true;
}

/* st/mesa's clear/drawpixels quads and util_blitter pause the queries
 * (CSO_BIT_PAUSE_QUERIES): their fragments must not be counted
 * (ARB_occlusion_query: only rendering commands count; piglit
 * occlusion_query_meta_no_fragments).  Zeroing the counter is
 * QUERY_RESET's job, QUERY_ENABLE only gates counting (rnndb
 * nv30-40_3d.xml: separate methods; nvsim models the same), so
 * enabling it again resumes the count. */
void
nv30_set_active_query_state(struct pipe_context *pipe, bool enable)
{
   struct nv30_context *nv30 = nv30_context(pipe);

   if (nv30->queries_paused == !enable)
      return;
   nv30->queries_paused = !enable;
   if (!nv30->query_running || !nv30_push_begin(nv30, 2, 0))
      return;
   NV30_3D_1(nv30, NV30_3D_QUERY_ENABLE, enable ? 1 : 0);
}

/*
 * Conditional rendering (NV_conditional_render): no curie method for it
 * is documented (rnndb nv30-40_3d.xml), so the CPU decides before each
 * draw, clear and blit, from the query's result: rendering happens
 * unless the result is known and says otherwise ((samples != 0) ==
 * condition means skip, as st/mesa passes condition = TRUE for the
 * inverted modes).  The WAIT modes wait for the result; the NO_WAIT
 * modes render when it is not there yet, which the extension allows.
 */
void
nv30_render_condition(struct pipe_context *pipe, struct pipe_query *query,
                      bool condition, enum pipe_render_cond_flag mode)
{
   struct nv30_context *nv30 = nv30_context(pipe);

   nv30->cond_query = query;
   nv30->cond_cond = condition;
   nv30->cond_mode = mode;
}

bool
nv30_render_condition_pass(struct nv30_context *nv30)
{
   struct nv30_query *q = (struct nv30_query *)nv30->cond_query;
   union pipe_query_result result;
   bool wait = nv30->cond_mode == PIPE_RENDER_COND_WAIT ||
               nv30->cond_mode == PIPE_RENDER_COND_BY_REGION_WAIT;
   bool passed;

   if (!q)
      return true;
   if (!nv30_get_query_result(&nv30->base, nv30->cond_query, wait, &result))
      return true;
   passed = q->type == PIPE_QUERY_OCCLUSION_COUNTER ? result.u64 != 0
                                                     : result.b;
   return passed != nv30->cond_cond;
}

/* The report memory: a notifier object (DMA_QUERY) over part of the
 * channel's notifier block, mapped for the CPU.  Without it queries are
 * simply not created. */
bool
nv30_query_context_init(struct nv30_context *nv30)
{
   struct nv04_fifo *fifo = nv30->channel->data;
   struct nv04_notify notify = {
      .length = NV30_QUERY_SLOTS * NV30_QUERY_REPORT__SIZE
   };

   nv30->query_pool = CALLOC_STRUCT(nv30_query_pool);
   if (!nv30->query_pool)
      return false;
   if (nouveau_object_new(nv30->channel, NV30_HANDLE_QUERY,
                          NOUVEAU_NOTIFIER_CLASS, &notify, sizeof(notify),
                          &nv30->query_obj))
      return false;
   nv30->query_offset = ((struct nv04_notify *)nv30->query_obj->data)->offset;
   if (nouveau_bo_wrap(nv30->screen->base.device, fifo->notify,
                       &nv30->query_bo) ||
       nouveau_bo_map(nv30->query_bo, 0, nv30->client)) {
      nouveau_bo_ref(NULL, &nv30->query_bo);
      nouveau_object_del(&nv30->query_obj);
      return false;
   }
   return true;
}

void
nv30_query_context_fini(struct nv30_context *nv30)
{
   nouveau_bo_ref(NULL, &nv30->query_bo);
   nouveau_object_del(&nv30->query_obj);
   FREE(nv30->query_pool);
   nv30->query_pool = NULL;
}
