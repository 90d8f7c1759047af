/*
 * Occlusion queries.  The 3D object counts samples that pass the depth and
 * stencil tests between QUERY_ENABLE 1 and 0 (QUERY_RESET clears the
 * counter); QUERY_GET writes a report into DMA_QUERY memory at OFFSET.
 * Our DMA_QUERY is a notifier object over part of the channel's notifier
 * block, which the CPU maps; each query owns one 16-byte report slot.
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

#define NV30_QUERY_SLOTS 32

struct nv30_query {
   unsigned type;
   int slot;                 /* report slot, -1 while none */
   bool ended;
};

static volatile uint32_t *
nv30_query_report(struct nv30_context *nv30, struct nv30_query *q)
{
   return (volatile uint32_t *)((uint8_t *)nv30->query_bo->map +
                                nv30->query_offset +
                                q->slot * NV30_QUERY_REPORT__SIZE);
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
   for (int i = 0; i < NV30_QUERY_SLOTS; i++) {
      if (!(nv30->query_slots & (1u << i))) {
         nv30->query_slots |= 1u << i;
         q->slot = i;
         break;
      }
   }
   if (q->slot < 0) {
      FREE(q);
      return NULL;
   }
   return (struct pipe_query *)q;
}

void
nv30_destroy_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_query *q = (struct nv30_query *)pq;

   nv30->query_slots &= ~(1u << q->slot);
   FREE(q);
}

bool
nv30_begin_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_query *q = (struct nv30_query *)pq;

   q->ended = false;
   /* pending until the GPU writes the report */
   nv30_query_report(nv30, q)[NV30_QUERY_REPORT_STATUS / 4] =
      NV30_QUERY_REPORT_STATUS_PENDING__MASK;
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
   if (!nv30_push_begin(nv30, 4, 0))
      return false;
   NV30_3D_1(nv30, NV30_3D_QUERY_GET,
             NV30_3D_QUERY_GET_UNK24_SAMPLES_PASSED |
             NV30_3D_QUERY_GET_OFFSET(q->slot * NV30_QUERY_REPORT__SIZE));
   NV30_3D_1(nv30, NV30_3D_QUERY_ENABLE, 0);
   nv30->query_running = false;
   return true;
}

bool
nv30_get_query_result(struct pipe_context *pipe, struct pipe_query *pq,
                      bool wait, union pipe_query_result *result)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_query *q = (struct nv30_query *)pq;
   volatile uint32_t *report = nv30_query_report(nv30, q);
   int64_t deadline = os_time_get_absolute_timeout(10ull * 1000 * 1000 * 1000);

   if (!q->ended)
      return false;
   if (report[NV30_QUERY_REPORT_STATUS / 4] &
       NV30_QUERY_REPORT_STATUS_PENDING__MASK) {
      /* the report is written when the GPU gets there: submit first */
      nv30_context_kick(nv30);
      if (!wait)
         return false;
      while (report[NV30_QUERY_REPORT_STATUS / 4] &
             NV30_QUERY_REPORT_STATUS_PENDING__MASK) {
         if (nv30->lost || os_time_timeout(0, deadline, os_time_get_nano())) {
            NOUVEAU_ERR("occlusion query result never arrived\n");
            return false;
         }
         os_time_sleep(50);
      }
   }
   if (q->type == PIPE_QUERY_OCCLUSION_COUNTER)
      result->u64 = report[NV30_QUERY_REPORT_VALUE / 4];
   else
      result->b = report[NV30_QUERY_REPORT_VALUE / 4] != 0;
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

void
nv30_render_condition(struct pipe_context *pipe, struct pipe_query *query,
                      bool condition, enum pipe_render_cond_flag mode)
{
   /* PIPE_CAP_CONDITIONAL_RENDER is not advertised. */
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
}
