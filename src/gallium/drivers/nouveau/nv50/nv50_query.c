/*
 * Queries on Tesla (issue 11): QUERY_GET writes a report into memory at
 * QUERY_ADDRESS through DMA_QUERY (our VRAM object, which covers the
 * whole VM): QUERY_SEQUENCE and a value, or a counter, and the PTIMER
 * time (hwdb g80_query_report, from rnndb's QUERY_GET).
 *
 * What is measured and how:
 * - samples passed (OCCLUSION_COUNTER / PREDICATE / PREDICATE_CONSERVATIVE):
 *   the CROP's SAMPLECNT counts while SAMPLECNT_ENABLE is set; it is
 *   reset once, when the context starts, and never again: a query reads
 *   the counter at its begin and at its end and takes the difference, so
 *   any number of occlusion queries may overlap and a pause (queries
 *   paused by st/mesa's meta draws) only stops the counting.
 * - TIME_ELAPSED: the time of a report at begin and one at end;
 *   TIMESTAMP the time of one at end (st/mesa never begins one).
 * - PRIMITIVES_GENERATED / PRIMITIVES_EMITTED / SO_STATISTICS: the
 *   STRMOUT unit's counters GENERATED_PRIMITIVES and TRANSFORM_FEEDBACK
 *   (COUNTER reports: the count at word 0), at begin and end (GL reaches
 *   them through EXT_transform_feedback: nv50_streamout.c).
 * - GPU_FINISHED: only the closing report below.
 * - TIMESTAMP_DISJOINT: answered on the CPU (PTIMER counts nanoseconds).
 *
 * Every use of a query (a begin and its end, or a lone end) takes a new
 * sequence number and ends with a SHORT report of it, the last thing the
 * use sends: when that word reads the sequence, the GPU has executed the
 * use's reports, which come before it in the channel's order.  So a
 * query keeps the same reports for its whole life and can begin again
 * before the GPU wrote its last use's: the late reports carry an older
 * sequence, and its value words are written again by the new use before
 * its closing report.  For the same reason a chunk freed with a query
 * can go to a new one at once.
 *
 * The reports live in slabs, GART buffers of NV50_QUERY_SLAB_CHUNKS
 * chunks (the reports of one query each), mapped for the CPU once
 * without waiting: a result that is asked for without wait reads the
 * closing word and says "not yet" when it is not there (and submits, so
 * that it will come); one asked for with wait waits in the kernel
 * (GEM_CPU_PREP through nouveau_bo_wait) for the submissions that write
 * the slab.
 *
 * Conditional rendering (nv50_render_condition below): the GPU decides
 * for an occlusion query (COND_MODE), the CPU for the rest.
 */

#include <errno.h>
#include <string.h>

#include <nouveau.h>

#include "util/u_memory.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_funcs.h"
#include "g80_3d.xml.h"

/* Report slots of a chunk: a query reads at most two values (its
 * QUERY_GET words in nv50_query_kind), each at begin and at end, the pair
 * side by side (COND_MODE EQUAL / NOT_EQUAL compare two reports, rnndb
 * g80_cond_mode: the next step's conditional rendering), then the
 * closing SHORT report. */
#define NV50_QUERY_VALUES 2
#define NV50_QUERY_BEGIN(i) (2 * (i))
#define NV50_QUERY_END(i) (2 * (i) + 1)
#define NV50_QUERY_DONE (2 * NV50_QUERY_VALUES)
#define NV50_QUERY_CHUNK_REPORTS (NV50_QUERY_DONE + 1)
#define NV50_QUERY_CHUNK_SIZE (NV50_QUERY_CHUNK_REPORTS * G80_QUERY_REPORT_SIZE)
/* chunks per slab: one bit each of a 64-bit free mask */
#define NV50_QUERY_SLAB_CHUNKS 64

/* Every report is written in MODE WRITE_UNK2, which rnndb says every
 * UNIT and SELECT supports. */
#define NV50_QUERY_GET(unit, what) \
   (G80_3D_QUERY_GET_MODE_WRITE_UNK2 | G80_3D_QUERY_GET_UNIT_##unit | (what))

/* the closing report: the sequence alone (SHORT), QUERY ZERO from the
 * CROP, the last unit, as upstream's fences are released */
static const uint32_t nv50_query_done_get =
   NV50_QUERY_GET(CROP, G80_3D_QUERY_GET_TYPE_QUERY |
                        G80_3D_QUERY_GET_QUERY_SELECT_ZERO |
                        G80_3D_QUERY_GET_SHORT);

struct nv50_query_kind {
   unsigned type;
   unsigned values;                  /* QUERY_GET words in get[] */
   uint32_t get[NV50_QUERY_VALUES];
   bool at_begin;                    /* values at begin too (a difference) */
   bool time;                        /* the value is the report's time */
   bool samples;                     /* counts SAMPLECNT: needs it enabled */
};

static const struct nv50_query_kind nv50_query_kinds[] = {
   { PIPE_QUERY_OCCLUSION_COUNTER, 1,
     { NV50_QUERY_GET(CROP, G80_3D_QUERY_GET_TYPE_QUERY |
                            G80_3D_QUERY_GET_QUERY_SELECT_SAMPLECNT) },
     true, false, true },
   { PIPE_QUERY_OCCLUSION_PREDICATE, 1,
     { NV50_QUERY_GET(CROP, G80_3D_QUERY_GET_TYPE_QUERY |
                            G80_3D_QUERY_GET_QUERY_SELECT_SAMPLECNT) },
     true, false, true },
   { PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE, 1,
     { NV50_QUERY_GET(CROP, G80_3D_QUERY_GET_TYPE_QUERY |
                            G80_3D_QUERY_GET_QUERY_SELECT_SAMPLECNT) },
     true, false, true },
   /* times: any report but a SHORT one holds one; QUERY ZERO is
    * accepted by every unit (rnndb), the CROP's is taken when what came
    * before has been drawn */
   { PIPE_QUERY_TIME_ELAPSED, 1,
     { NV50_QUERY_GET(CROP, G80_3D_QUERY_GET_TYPE_QUERY |
                            G80_3D_QUERY_GET_QUERY_SELECT_ZERO) },
     true, true },
   { PIPE_QUERY_TIMESTAMP, 1,
     { NV50_QUERY_GET(CROP, G80_3D_QUERY_GET_TYPE_QUERY |
                            G80_3D_QUERY_GET_QUERY_SELECT_ZERO) },
     false, true },
   { PIPE_QUERY_GPU_FINISHED, 0, { 0 }, false, false },
   { PIPE_QUERY_PRIMITIVES_GENERATED, 1,
     { NV50_QUERY_GET(STRMOUT, G80_3D_QUERY_GET_TYPE_COUNTER |
                      G80_3D_QUERY_GET_COUNTER_SELECT_GENERATED_PRIMITIVES) },
     true, false },
   { PIPE_QUERY_PRIMITIVES_EMITTED, 1,
     { NV50_QUERY_GET(STRMOUT, G80_3D_QUERY_GET_TYPE_COUNTER |
                      G80_3D_QUERY_GET_COUNTER_SELECT_TRANSFORM_FEEDBACK) },
     true, false },
   /* written, then needed (generated) */
   { PIPE_QUERY_SO_STATISTICS, 2,
     { NV50_QUERY_GET(STRMOUT, G80_3D_QUERY_GET_TYPE_COUNTER |
                      G80_3D_QUERY_GET_COUNTER_SELECT_TRANSFORM_FEEDBACK),
       NV50_QUERY_GET(STRMOUT, G80_3D_QUERY_GET_TYPE_COUNTER |
                      G80_3D_QUERY_GET_COUNTER_SELECT_GENERATED_PRIMITIVES) },
     true, false },
   /* no report: the CPU answers */
   { PIPE_QUERY_TIMESTAMP_DISJOINT, 0, { 0 }, false, false },
};

struct nv50_query_slab {
   struct nouveau_bo *bo;           /* GART, mapped (no wait) */
   uint64_t free;                   /* bit i: chunk i is no query's */
   struct nv50_query_slab *next;
};

/* the context's query state (nv50_context::query) */
struct nv50_query_ctx {
   struct nv50_query_slab *slabs;
   uint32_t seq;                    /* the last sequence given */
   unsigned samplecnt_users;        /* occlusion queries begun, not ended */
   bool paused;                     /* set_active_query_state(false) */
   /* render_condition's arguments */
   struct pipe_query *cond_query;
   bool cond_condition;
   enum pipe_render_cond_flag cond_mode;
   /* the COND_MODE sent: ALWAYS unless the GPU decides */
   uint32_t cond_hw;
};

struct nv50_query {
   const struct nv50_query_kind *kind;
   struct nv50_query_slab *slab;    /* NULL: no reports (CPU answers) */
   unsigned chunk;
   uint32_t seq;                    /* the latest use's, 0 before any */
   bool active;                     /* begun, not ended */
   bool ended;                      /* the latest use's reports are sent */
};

static inline struct nv50_query *
nv50_query(struct pipe_query *pq)
{
   return (struct nv50_query *)pq;
}

static uint64_t
nv50_query_address(const struct nv50_query *q, unsigned report)
{
   return q->slab->bo->offset + q->chunk * NV50_QUERY_CHUNK_SIZE +
          report * G80_QUERY_REPORT_SIZE;
}

static volatile uint32_t *
nv50_query_map(const struct nv50_query *q, unsigned report)
{
   return (volatile uint32_t *)((uint8_t *)q->slab->bo->map +
                                q->chunk * NV50_QUERY_CHUNK_SIZE +
                                report * G80_QUERY_REPORT_SIZE);
}

/* A chunk of a slab with room, a new slab when none has; false when
 * there is no memory for one. */
static bool
nv50_query_chunk_get(struct nv50_context *nv50, struct nv50_query *q)
{
   struct nv50_query_ctx *qc = nv50->query;
   struct nv50_query_slab *slab;

   for (slab = qc->slabs; slab; slab = slab->next) {
      if (slab->free)
         break;
   }
   if (!slab) {
      slab = CALLOC_STRUCT(nv50_query_slab);
      if (!slab)
         return false;
      if (nouveau_bo_new(nv50->screen->base.device,
                         NOUVEAU_BO_GART | NOUVEAU_BO_MAP, 16,
                         NV50_QUERY_SLAB_CHUNKS * NV50_QUERY_CHUNK_SIZE,
                         NULL, &slab->bo) ||
          nouveau_bo_map(slab->bo, 0, nv50->client)) {
         nouveau_bo_ref(NULL, &slab->bo);
         FREE(slab);
         return false;
      }
      /* no closing word reads a sequence before its report is written:
       * sequences start at 1 */
      memset(slab->bo->map, 0, NV50_QUERY_SLAB_CHUNKS * NV50_QUERY_CHUNK_SIZE);
      slab->free = ~0ull;
      slab->next = qc->slabs;
      qc->slabs = slab;
   }
   q->slab = slab;
   q->chunk = ffsll(slab->free) - 1;
   slab->free &= ~(1ull << q->chunk);
   return true;
}

struct pipe_query *
nv50_create_query(struct pipe_context *pipe, unsigned type, unsigned index)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   const struct nv50_query_kind *kind = NULL;
   struct nv50_query *q;

   for (unsigned i = 0; i < ARRAY_SIZE(nv50_query_kinds); i++) {
      if (nv50_query_kinds[i].type == type)
         kind = &nv50_query_kinds[i];
   }
   /* Tesla streams out one vertex stream (no GL 4 streams) */
   if (!kind || index != 0)
      return NULL;
   q = CALLOC_STRUCT(nv50_query);
   if (!q)
      return NULL;
   q->kind = kind;
   if (type != PIPE_QUERY_TIMESTAMP_DISJOINT &&
       !nv50_query_chunk_get(nv50, q)) {
      FREE(q);
      return NULL;
   }
   return (struct pipe_query *)q;
}

/* One occlusion query less counts samples (it ended, or was destroyed
 * while active): the last one stops the counter. */
static bool
nv50_query_samplecnt_release(struct nv50_context *nv50)
{
   struct nv50_query_ctx *qc = nv50->query;

   if (--qc->samplecnt_users || qc->paused)
      return true;
   if (!nv50_push_begin(nv50, 2))
      return false;
   NV50_3D_1(nv50, G80_3D_SAMPLECNT_ENABLE, 0);
   return true;
}

static void nv50_cond_emit(struct nv50_context *nv50,
                           const struct nv50_query *q, uint32_t hw);

void
nv50_destroy_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nv50_query *q = nv50_query(pq);

   if (q->active && q->kind->samples)
      nv50_query_samplecnt_release(nv50);
   if (nv50->query->cond_query == pq) {
      /* its reports may go to another query: the GPU no longer reads
       * them */
      nv50->query->cond_query = NULL;
      if (nv50->query->cond_hw != G80_3D_COND_MODE_ALWAYS)
         nv50_cond_emit(nv50, q, G80_3D_COND_MODE_ALWAYS);
   }
   /* the GPU may still write the chunk: harmless to its next owner,
    * whose sequences are newer (see the top of the file) */
   if (q->slab)
      q->slab->free |= 1ull << q->chunk;
   FREE(q);
}

/* One QUERY_GET into q's report slot `report`, tagged with q's
 * sequence. */
static void
nv50_query_get(struct nv50_context *nv50, const struct nv50_query *q,
               unsigned report, uint32_t get)
{
   uint64_t addr = nv50_query_address(q, report);

   NV50_3D_MTHD(nv50, G80_3D_QUERY_ADDRESS_HIGH, 4);
   nouveau_push_data(&nv50->push, addr >> 32);
   nouveau_push_data(&nv50->push, addr);
   nouveau_push_data(&nv50->push, q->seq);
   nouveau_push_data(&nv50->push, get);
}

/* q's begin (or end) report of each of its values */
static void
nv50_query_reports(struct nv50_context *nv50, const struct nv50_query *q,
                   bool end)
{
   for (unsigned i = 0; i < q->kind->values; i++)
      nv50_query_get(nv50, q, end ? NV50_QUERY_END(i) : NV50_QUERY_BEGIN(i),
                     q->kind->get[i]);
}

/* Room for n reports and a few methods, the slab listed in the
 * submission that will hold them. */
static bool
nv50_query_push_begin(struct nv50_context *nv50, struct nv50_query *q,
                      unsigned reports)
{
   if (!nv50_push_begin(nv50, 5 * reports + 4))
      return false;
   nv50_push_ref(nv50, q->slab->bo, NOUVEAU_BO_GART | NOUVEAU_BO_WR);
   return true;
}

/* A new use of q: a sequence no report of q carries yet (never 0). */
static void
nv50_query_new_use(struct nv50_context *nv50, struct nv50_query *q)
{
   struct nv50_query_ctx *qc = nv50->query;

   if (++qc->seq == 0)
      qc->seq = 1;
   q->seq = qc->seq;
   q->ended = false;
}

bool
nv50_begin_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nv50_query_ctx *qc = nv50->query;
   struct nv50_query *q = nv50_query(pq);

   if (!q->slab) {
      q->active = true;
      return true;
   }
   nv50_query_new_use(nv50, q);
   if (q->kind->at_begin) {
      if (!nv50_query_push_begin(nv50, q, q->kind->values))
         return false;
      nv50_query_reports(nv50, q, false);
   }
   if (q->kind->samples && qc->samplecnt_users++ == 0 &&
       !qc->paused)
      NV50_3D_1(nv50, G80_3D_SAMPLECNT_ENABLE, 1);
   q->active = true;
   return true;
}

bool
nv50_end_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nv50_query *q = nv50_query(pq);
   bool was_active = q->active;

   q->active = false;
   if (!q->slab) {
      q->ended = true;
      return true;
   }
   /* a timestamp or GPU_FINISHED is one report, with no begin */
   if (!q->kind->at_begin)
      nv50_query_new_use(nv50, q);
   if (!nv50_query_push_begin(nv50, q, q->kind->values + 1))
      return false;
   nv50_query_reports(nv50, q, true);
   nv50_query_get(nv50, q, NV50_QUERY_DONE, nv50_query_done_get);
   if (was_active && q->kind->samples)
      nv50_query_samplecnt_release(nv50);
   q->ended = true;
   return true;
}

static bool
nv50_query_written(const struct nv50_query *q)
{
   return nv50_query_map(q, NV50_QUERY_DONE)[G80_QUERY_REPORT_WORD0 / 4] ==
          q->seq;
}

/* q's value i: the end report's, less the begin report's when it has
 * one.  The counters are 32 bits wide in a report (words 0 or 1), the
 * time 64. */
static uint64_t
nv50_query_value(const struct nv50_query *q, unsigned i)
{
   const struct nv50_query_kind *k = q->kind;
   uint64_t v[2] = { 0, 0 };

   for (unsigned r = 0; r < 2; r++) {
      volatile uint32_t *rep;

      if (r == 0 && !k->at_begin)
         continue;
      rep = nv50_query_map(q, r ? NV50_QUERY_END(i) : NV50_QUERY_BEGIN(i));
      if (k->time)
         v[r] = rep[G80_QUERY_REPORT_TIME / 4] |
                (uint64_t)rep[G80_QUERY_REPORT_TIME / 4 + 1] << 32;
      else if (k->get[i] & G80_3D_QUERY_GET_TYPE_COUNTER)
         v[r] = rep[G80_QUERY_REPORT_WORD0 / 4];
      else
         v[r] = rep[G80_QUERY_REPORT_WORD1 / 4];
   }
   if (k->time)
      return v[1] - v[0];
   return (uint32_t)(v[1] - v[0]);
}

bool
nv50_get_query_result(struct pipe_context *pipe, struct pipe_query *pq,
                      bool wait, union pipe_query_result *result)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nv50_query *q = nv50_query(pq);
   bool written;

   if (!q->slab) {
      /* TIMESTAMP_DISJOINT: PTIMER counts nanoseconds (hwdb
       * g80_query_report) and nothing here changes its rate */
      result->timestamp_disjoint.frequency = 1000000000ull;
      result->timestamp_disjoint.disjoint = false;
      return true;
   }
   if (!q->ended)
      return false;
   written = nv50_query_written(q);
   if (!written) {
      /* the reports may not even be submitted: they are now, so that
       * asking again without wait eventually finds them (GL's
       * QUERY_RESULT_AVAILABLE) */
      nv50_kick_if_referenced(nv50, q->slab->bo);
      if (wait && !nv50->lost)
         nouveau_bo_wait(q->slab->bo, NOUVEAU_BO_RD, nv50->client);
      written = nv50_query_written(q);
   }
   if (q->kind->type == PIPE_QUERY_GPU_FINISHED) {
      result->b = written;
      return true;
   }
   if (!written) {
      if (wait)
         NOUVEAU_ERR("query result never arrived\n");
      return false;
   }
   switch (q->kind->type) {
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
      result->b = nv50_query_value(q, 0) != 0;
      break;
   case PIPE_QUERY_SO_STATISTICS:
      result->so_statistics.num_primitives_written = nv50_query_value(q, 0);
      result->so_statistics.primitives_storage_needed =
         nv50_query_value(q, 1);
      break;
   case PIPE_QUERY_TIMESTAMP:
      /* the time of the report itself, not a difference */
      result->u64 = nv50_query_value(q, 0);
      break;
   default:
      result->u64 = nv50_query_value(q, 0);
      break;
   }
   return true;
}

/* st/mesa's meta draws and util_blitter pause queries
 * (CSO_BIT_PAUSE_QUERIES): their samples must not count (piglit
 * occlusion_query_meta_no_fragments).  SAMPLECNT_ENABLE gates counting
 * and COUNTER_RESET alone zeroes the count (rnndb: separate methods;
 * nvsim's ROP adds only while the enable is set), so enabling again
 * resumes it. */
void
nv50_set_active_query_state(struct pipe_context *pipe, bool enable)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nv50_query_ctx *qc = nv50->query;

   if (qc->paused == !enable)
      return;
   qc->paused = !enable;
   if (!qc->samplecnt_users || !nv50_push_begin(nv50, 2))
      return;
   NV50_3D_1(nv50, G80_3D_SAMPLECNT_ENABLE, enable);
}

/*
 * Conditional rendering.  For an occlusion query the GPU decides
 * (COND_ADDRESS, COND_MODE, hwdb g80_3d.xml): EQUAL and NOT_EQUAL compare
 * two reports, the one at COND_ADDRESS and the next (rnndb g80_cond_mode:
 * "two query objects", their COUNTER and RES fields, words 0 and 1).  The
 * query's begin and end SAMPLECNT reports are those two (NV50_QUERY_BEGIN
 * and END of value 0 are adjacent): word 0 is the use's sequence in both,
 * word 1 the count, so they are equal exactly when no sample passed.
 * Gallium's condition says whether to skip on a true or a false result
 * (st/mesa passes true for GL's inverted modes): true -> render when
 * equal, false -> render when not.  The GPU reads the reports when it
 * reaches the draw, after the query's end: so every mode is exact, the
 * NO_WAIT ones too, and the CPU never waits.
 *
 * The other queries (GPU_FINISHED, times) and a query not ended are
 * decided on the CPU before each operation the condition covers: skipped
 * when the result is known and its truth equals the condition; the WAIT
 * modes wait for the result, the NO_WAIT ones draw when it is not there
 * yet (NV_conditional_render: "the GL may choose to unconditionally
 * execute the subsequent rendering commands").  So are the operations
 * the GPU does not gate: copies and blits done on the CPU (2D blits take
 * the GPU's mode and reports, nv50_render_condition_gpu, nv50_blit.c).
 */
static void
nv50_cond_emit(struct nv50_context *nv50, const struct nv50_query *q,
               uint32_t hw)
{
   struct nv50_query_ctx *qc = nv50->query;

   if (!nv50_push_begin(nv50, 8))
      return;
   if (hw != G80_3D_COND_MODE_ALWAYS) {
      uint64_t addr = nv50_query_address(q, NV50_QUERY_BEGIN(0));

      /* every submission lists the reports its draws read
       * (nv50_push_begin lists cond_bo in each new one) */
      nv50->cond_bo = q->slab->bo;
      nv50_push_ref(nv50, q->slab->bo, NOUVEAU_BO_GART | NOUVEAU_BO_RD);
      NV50_3D_MTHD(nv50, G80_3D_COND_ADDRESS_HIGH, 3);
      nouveau_push_data(&nv50->push, addr >> 32);
      nouveau_push_data(&nv50->push, addr);
      nouveau_push_data(&nv50->push, hw);
   } else {
      nv50->cond_bo = NULL;
      NV50_3D_1(nv50, G80_3D_COND_MODE, hw);
   }
   qc->cond_hw = hw;
}

void
nv50_render_condition(struct pipe_context *pipe, struct pipe_query *query,
                      bool condition, enum pipe_render_cond_flag mode)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nv50_query_ctx *qc = nv50->query;
   struct nv50_query *q = query ? nv50_query(query) : NULL;
   uint32_t hw = G80_3D_COND_MODE_ALWAYS;

   qc->cond_query = query;
   qc->cond_condition = condition;
   qc->cond_mode = mode;
   if (q && q->kind->samples && q->ended)
      hw = condition ? G80_3D_COND_MODE_EQUAL : G80_3D_COND_MODE_NOT_EQUAL;
   if (hw != qc->cond_hw || hw != G80_3D_COND_MODE_ALWAYS)
      nv50_cond_emit(nv50, q, hw);
}

void
nv50_render_condition_suspend(struct nv50_context *nv50, bool suspend)
{
   struct nv50_query_ctx *qc = nv50->query;

   if (qc->cond_hw == G80_3D_COND_MODE_ALWAYS || !nv50_push_begin(nv50, 2))
      return;
   NV50_3D_1(nv50, G80_3D_COND_MODE,
             suspend ? G80_3D_COND_MODE_ALWAYS : qc->cond_hw);
}

uint32_t
nv50_render_condition_gpu(struct nv50_context *nv50, uint64_t *addr)
{
   struct nv50_query_ctx *qc = nv50->query;

   if (qc->cond_hw != G80_3D_COND_MODE_ALWAYS)
      *addr = nv50_query_address(nv50_query(qc->cond_query),
                                 NV50_QUERY_BEGIN(0));
   return qc->cond_hw;
}

bool
nv50_render_condition_pass(struct nv50_context *nv50, bool gpu_gated)
{
   struct nv50_query_ctx *qc = nv50->query;
   union pipe_query_result result;
   bool wait, truth;

   if (!qc->cond_query)
      return true;
   if (gpu_gated && qc->cond_hw != G80_3D_COND_MODE_ALWAYS)
      return true;
   wait = qc->cond_mode == PIPE_RENDER_COND_WAIT ||
          qc->cond_mode == PIPE_RENDER_COND_BY_REGION_WAIT;
   if (!nv50_get_query_result(&nv50->base, qc->cond_query, wait, &result))
      return true;
   switch (nv50_query(qc->cond_query)->kind->type) {
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
   case PIPE_QUERY_GPU_FINISHED:
      truth = result.b;
      break;
   default:
      truth = result.u64 != 0;
      break;
   }
   return truth != qc->cond_condition;
}

bool
nv50_query_context_init(struct nv50_context *nv50)
{
   nv50->query = CALLOC_STRUCT(nv50_query_ctx);
   if (!nv50->query || !nv50_push_begin(nv50, 4))
      return false;
   /* nv50_context_init_hw set it so */
   nv50->query->cond_hw = G80_3D_COND_MODE_ALWAYS;
   /* the sample count starts at 0 and only counts for queries */
   NV50_3D_1(nv50, G80_3D_COUNTER_RESET, G80_3D_COUNTER_RESET_SAMPLECNT);
   NV50_3D_1(nv50, G80_3D_SAMPLECNT_ENABLE, 0);
   return true;
}

/* After the context's last submission is done (nv50_context_destroy
 * waits for it): no report is written into the slabs any more. */
void
nv50_query_context_fini(struct nv50_context *nv50)
{
   struct nv50_query_ctx *qc = nv50->query;

   if (!qc)
      return;
   while (qc->slabs) {
      struct nv50_query_slab *slab = qc->slabs;

      qc->slabs = slab->next;
      nouveau_bo_ref(NULL, &slab->bo);
      FREE(slab);
   }
   FREE(qc);
   nv50->query = NULL;
}
