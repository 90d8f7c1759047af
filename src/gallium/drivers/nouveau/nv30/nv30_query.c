/*
 * Occlusion and time queries.  The 3D object counts samples that pass
 * the depth and stencil tests between QUERY_ENABLE 1 and 0 (QUERY_RESET
 * clears the counter); QUERY_GET writes a report into DMA_QUERY memory
 * at OFFSET: the PTIMER time (nanoseconds) as the FIFO reaches it, and
 * the counter (hwdb NV30_QUERY_REPORT, the layout of envytools'
 * notifiers, hw/graph/intro.rst).  Our DMA_QUERY is a notifier object
 * over part of the channel's notifier block, which the CPU maps, cut
 * into 16-byte report slots.  An occlusion query reads the count of its
 * end's report, a timestamp the time of its end's, a time-elapsed query
 * the difference of the times of two reports, its begin's and its
 * end's.
 *
 * A slot belongs to one QUERY_GET, from the begin or end that sends it
 * until the report is written and its value copied into the query: so
 * a query used again never finds its earlier reports (GL: the result is
 * that of the latest begin/end), and any number of queries can exist.
 * When every slot waits for the GPU, the oldest is waited for.
 */

#include <errno.h>
#include <string.h>

#include <nouveau.h>

#include "util/os_time.h"
#include "util/u_memory.h"

#include "nouveau/nouveau_debug.h"
#include "nouveau/nouveau_libdrm.h"
#include "nv30_context.h"
#include "nv30_funcs.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"

/* Report slots per context: our choice, half of the 4 KiB notifier
 * block the kernel gives a channel (abi16 NOTIFIEROBJ_ALLOC carves
 * notifier objects from it). */
#define NV30_QUERY_SLOTS 128

/* The reports a query reads: its begin's (TIME_ELAPSED only) and its
 * end's. */
enum nv30_query_report {
   NV30_QUERY_BEGIN,
   NV30_QUERY_END,
   NV30_QUERY_REPORTS
};

struct nv30_query {
   unsigned type;
   /* per report: the slot it is written to, -1 once read (or none) */
   int slot[NV30_QUERY_REPORTS];
   /* per report: its value (time or count) once copied from the slot */
   uint64_t value[NV30_QUERY_REPORTS];
   bool got[NV30_QUERY_REPORTS];
   bool ended;
};

struct nv30_query_pool {
   /* the query waiting for the slot's report, NULL if none (the query
    * was used again or destroyed), and which of its reports it is */
   struct nv30_query *owner[NV30_QUERY_SLOTS];
   enum nv30_query_report which[NV30_QUERY_SLOTS];
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

static bool
nv30_query_is_time(const struct nv30_query *q)
{
   return q->type == PIPE_QUERY_TIMESTAMP ||
          q->type == PIPE_QUERY_TIME_ELAPSED;
}

/* The slot's report is written: its time or count goes to the query
 * that waits for it, and the slot is free.  The GPU writes the status
 * word last (envytools, notifiers), so the rest is there. */
static void
nv30_query_retire(struct nv30_context *nv30, int slot)
{
   struct nv30_query_pool *pool = nv30->query_pool;
   struct nv30_query *q = pool->owner[slot];

   if (q) {
      volatile uint32_t *rep = nv30_query_report(nv30, slot);
      enum nv30_query_report i = pool->which[slot];

      if (nv30_query_is_time(q))
         q->value[i] = rep[NV30_QUERY_REPORT_TIME_LOW / 4] |
                       (uint64_t)rep[NV30_QUERY_REPORT_TIME_HIGH / 4] << 32;
      else
         q->value[i] = rep[NV30_QUERY_REPORT_VALUE / 4];
      q->got[i] = true;
      q->slot[i] = -1;
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
         NOUVEAU_ERR("query result never arrived\n");
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

/* Sends QUERY_GET for the query's report `which` into a free slot
 * (with `extra` words of push space for what follows it). */
static bool
nv30_query_get(struct nv30_context *nv30, struct nv30_query *q,
               enum nv30_query_report which, unsigned extra)
{
   struct nv30_query_pool *pool = nv30->query_pool;
   int slot = nv30_query_slot_get(nv30);

   if (slot < 0 || !nv30_push_begin(nv30, 2 + extra, 0))
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
   pool->which[slot] = which;
   pool->busy[slot] = true;
   pool->seq[slot] = pool->next_seq++;
   q->slot[which] = slot;
   /* report 1 holds the time and the samples passed, whatever the
    * query (hwdb QUERY_GET UNK24) */
   NV30_3D_1(nv30, NV30_3D_QUERY_GET,
             NV30_3D_QUERY_GET_UNK24_SAMPLES_PASSED |
             NV30_3D_QUERY_GET_OFFSET(slot * NV30_QUERY_REPORT__SIZE));
   return true;
}

struct pipe_query *
nv30_create_query(struct pipe_context *pipe, unsigned type, unsigned index)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_query *q;

   switch (type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
   case PIPE_QUERY_TIMESTAMP:
   case PIPE_QUERY_TIME_ELAPSED:
      if (!nv30->query_obj)
         return NULL;
      break;
   case PIPE_QUERY_TIMESTAMP_DISJOINT:
      /* answered without the GPU */
      break;
   default:
      return NULL;
   }
   q = CALLOC_STRUCT(nv30_query);
   if (!q)
      return NULL;
   q->type = type;
   for (unsigned i = 0; i < NV30_QUERY_REPORTS; i++)
      q->slot[i] = -1;
   return (struct pipe_query *)q;
}

/* The query no longer waits for the reports of its last begin and end
 * (their slots are freed once the GPU has written them), nor has their
 * values. */
static void
nv30_query_detach(struct nv30_context *nv30, struct nv30_query *q)
{
   for (unsigned i = 0; i < NV30_QUERY_REPORTS; i++) {
      if (q->slot[i] >= 0)
         nv30->query_pool->owner[q->slot[i]] = NULL;
      q->slot[i] = -1;
      q->got[i] = false;
      q->value[i] = 0;
   }
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

   /* a new measure: whatever the last begin and end report no longer
    * matters */
   nv30_query_detach(nv30, q);
   q->ended = false;
   switch (q->type) {
   case PIPE_QUERY_TIMESTAMP:
   case PIPE_QUERY_TIMESTAMP_DISJOINT:
      /* a timestamp is taken at the end alone */
      return true;
   case PIPE_QUERY_TIME_ELAPSED:
      /* the start time; the sample counter is left alone, an occlusion
       * query may be running */
      return nv30_query_get(nv30, q, NV30_QUERY_BEGIN, 0);
   default:
      break;
   }
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
   struct nv30_query *q = (struct nv30_query *)pq;

   q->ended = true;
   switch (q->type) {
   case PIPE_QUERY_TIMESTAMP_DISJOINT:
      return true;
   case PIPE_QUERY_TIMESTAMP:
      /* glQueryCounter: a timestamp query has no begin (st/mesa), so
       * the end is a new measure */
      nv30_query_detach(nv30, q);
      return nv30_query_get(nv30, q, NV30_QUERY_END, 0);
   case PIPE_QUERY_TIME_ELAPSED:
      return nv30_query_get(nv30, q, NV30_QUERY_END, 0);
   default:
      break;
   }
   nv30->query_running = false;
   if (!nv30_query_get(nv30, q, NV30_QUERY_END, 2))
      return false;
   NV30_3D_1(nv30, NV30_3D_QUERY_ENABLE, 0);
   return true;
}

/* The value of the query's report `which`: false if it is not there
 * (not written yet and !wait, or never sent). */
static bool
nv30_query_read(struct nv30_context *nv30, struct nv30_query *q,
                enum nv30_query_report which, bool wait)
{
   int slot = q->slot[which];

   if (q->got[which])
      return true;
   if (slot < 0)
      return false;   /* the begin or end could not be sent */
   if (!nv30_query_written(nv30, slot)) {
      if (!wait) {
         /* the report is written when the GPU gets there */
         nv30_context_kick(nv30);
         return false;
      }
      if (!nv30_query_wait(nv30, slot))
         return false;
   }
   nv30_query_retire(nv30, slot);
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
   switch (q->type) {
   case PIPE_QUERY_TIMESTAMP_DISJOINT:
      /* PTIMER counts nanoseconds (hwdb NV30_QUERY_REPORT) and nothing
       * here changes its rate */
      result->timestamp_disjoint.frequency = 1000000000ull;
      result->timestamp_disjoint.disjoint = false;
      return true;
   case PIPE_QUERY_TIME_ELAPSED:
      if (!nv30_query_read(nv30, q, NV30_QUERY_BEGIN, wait) ||
          !nv30_query_read(nv30, q, NV30_QUERY_END, wait))
         return false;
      result->u64 = q->value[NV30_QUERY_END] - q->value[NV30_QUERY_BEGIN];
      return true;
   default:
      break;
   }
   if (!nv30_query_read(nv30, q, NV30_QUERY_END, wait))
      return false;
   if (q->type == PIPE_QUERY_OCCLUSION_PREDICATE ||
       q->type == PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE)
      result->b = q->value[NV30_QUERY_END] != 0;
   else
      result->u64 = q->value[NV30_QUERY_END];
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
   if (nouveau_object_new(nv30->channel, nv30->query_handle,
                          NOUVEAU_NOTIFIER_CLASS, &notify, sizeof(notify),
                          &nv30->query_obj))
      return false;
   nv30->query_offset = ((struct nv04_notify *)nv30->query_obj->data)->offset;
   if (nouveau_bo_wrap(nv30->screen->base.device, fifo->notify,
                       &nv30->query_bo) ||
       nouveau_bo_map_shared(nv30->query_bo, 0, nv30->client)) {
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
