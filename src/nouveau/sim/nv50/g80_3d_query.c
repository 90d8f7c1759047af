/*
 * QUERY_GET (hwdb g80_3d.xml; rnndb graph/g80_3d.xml documents the
 * words): writes a report at QUERY_ADDRESS_HIGH/LOW in the DMA_QUERY
 * object.
 * - TYPE QUERY "writes QUERY_ID [QUERY_SEQUENCE] at word 0, queried value
 *   at word 1"; STRMOUT_DROPPED_PRIMITIVES has the two reversed.
 * - TYPE COUNTER "writes queried counter at word 0, zero at word 1".
 * - SHORT "writes only the first word": the 4-byte release upstream's
 *   fences use (nv50_screen_fence_emit); otherwise words 2-3 are the 64-bit
 *   PTIMER time, the 16-byte report (upstream's nv50_query_hw.c reads
 *   "u32 sequence, u32 count, u64 time" and "u64 count, u64 time").
 *
 * The values: SAMPLECNT (the ROP's count); the STRMOUT unit's
 * (g80_3d_strmout.c): COUNTER TRANSFORM_FEEDBACK and GENERATED_PRIMITIVES,
 * STRMOUT_NO_OVERFLOW, STRMOUT_DROPPED_PRIMITIVES (rnndb: GENERATED_PRIMITIVES
 * - TRANSFORM_FEEDBACK) and STRMOUT_OFFSET of buffer INDEX (the offset
 * reached); the other counters (every COUNTER_SELECT value hwdb names) in
 * g80_3d_counter.c.  Reports nvsim cannot know report 0 and say so here:
 * the ZCULL statistics (zcull is not modelled) and RT_UNK14 (meaning
 * unknown).  INTR raises an interrupt nothing here listens to.
 *
 * MODE SYNC traps as not modelled: rnndb documents it as "supported only
 * by QUERY/ZERO", with SYNC_COND NEQUAL / GREATER ("SYNC if QUERY_COUNTER
 * > memory"): a comparison of QUERY_SEQUENCE with the word at
 * QUERY_ADDRESS, i.e. a wait on memory (a semaphore acquire), not a
 * report; which outcome waits, and whether anything is written after,
 * is not documented, and no driver nvsim runs (upstream's nv50 writes
 * MODE WRITE_UNK0 / WRITE_UNK2 only) sends it.  docs/tesla.md
 * "Statistics counters".
 */
#include "g80_3d.h"

static uint64_t
query_value(const struct g80_3d *ctx, uint32_t data)
{
   const struct g80_3d_strmout *so = &ctx->strmout;
   uint32_t sel = data & G80_3D_QUERY_GET_QUERY_SELECT__MASK;
   if ((data & G80_3D_QUERY_GET_TYPE__MASK) == G80_3D_QUERY_GET_TYPE_COUNTER) {
      uint32_t csel = data & G80_3D_QUERY_GET_COUNTER_SELECT__MASK;
      uint64_t v;
      if (g80_3d_counter_value(ctx, csel, &v))
         return v;
      return csel == G80_3D_QUERY_GET_COUNTER_SELECT_TRANSFORM_FEEDBACK ?
             so->written : so->generated;
   }
   switch (sel) {
   case G80_3D_QUERY_GET_QUERY_SELECT_SAMPLECNT:
      return ctx->samplecnt;
   case G80_3D_QUERY_GET_QUERY_SELECT_STRMOUT_NO_OVERFLOW:
      return !so->overflow;
   case G200_3D_QUERY_GET_QUERY_SELECT_STRMOUT_DROPPED_PRIMITIVES:
      return so->generated - so->written;
   case G200_3D_QUERY_GET_QUERY_SELECT_STRMOUT_OFFSET: {
      unsigned i = G80_3D_FIELD(data, G200_3D_QUERY_GET_INDEX);
      return i < G80_3D_NUM_STRMOUT ? so->offset[i] : 0;
   }
   default:
      return 0;
   }
}

enum nvsim_status
g80_3d_query_get(struct g80_3d *ctx, uint32_t data)
{
   if ((data & G80_3D_QUERY_GET_MODE__MASK) == G80_3D_QUERY_GET_MODE_SYNC)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "QUERY_GET MODE SYNC "
                         "(a wait on QUERY_SEQUENCE against memory, SYNC_COND "
                         "%s; its outcome is not documented) is not modelled",
                         data & G80_3D_QUERY_GET_SYNC_COND__MASK ? "GREATER" :
                                                                   "NEQUAL");
   uint32_t handle = g80_3d_reg(ctx, G80_3D_DMA_QUERY);
   struct nvsim_object *dma = handle ? nvsim_lookup(ctx->obj->chan, handle) :
                                       NULL;
   if (!dma || !dma->is_dma)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "QUERY_GET: no DMA "
                         "object bound to DMA_QUERY (handle 0x%08x)", handle);
   uint64_t addr = (uint64_t)g80_3d_reg(ctx, G80_3D_QUERY_ADDRESS_HIGH) << 32 |
                   g80_3d_reg(ctx, G80_3D_QUERY_ADDRESS_LOW);
   bool is_short = data & G80_3D_QUERY_GET_SHORT__MASK;
   const unsigned size = is_short ? 4 : G80_PULLER_SEMAPHORE_LONG_SIZE;
   /* reports are words: an unaligned address is taken as invalid
    * (assumption) */
   if (addr & 3)
      return g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "QUERY_ADDRESS 0x%llx is "
                         "not 4-byte aligned", (unsigned long long)addr);
   uint8_t *p = nvsim_dma_ptr(dma, addr, size);
   if (!p)
      return g80_3d_fail(ctx, NVSIM_DMA_ERROR, "report at 0x%llx is outside "
                         "its DMA object or any mapped buffer",
                         (unsigned long long)addr);

   uint32_t seq = g80_3d_reg(ctx, G80_3D_QUERY_SEQUENCE);
   uint64_t value = query_value(ctx, data);
   uint32_t w0, w1;
   if ((data & G80_3D_QUERY_GET_TYPE__MASK) == G80_3D_QUERY_GET_TYPE_COUNTER) {
      w0 = (uint32_t)value;
      w1 = 0;
   } else if ((data & G80_3D_QUERY_GET_QUERY_SELECT__MASK) ==
              G200_3D_QUERY_GET_QUERY_SELECT_STRMOUT_DROPPED_PRIMITIVES) {
      w0 = (uint32_t)value;
      w1 = seq;
   } else {
      w0 = seq;
      w1 = (uint32_t)value;
   }
   if (!is_short) {
      /* the same 16-byte shape as the puller's long semaphore release
       * (hwdb g80_fifo.xml G80_PULLER_SEMAPHORE_LONG_*): word 0 is written
       * last, so that a poller that sees it sees the rest */
      uint64_t ts = nvsim_ptimer_ns();
      nvsim_put32(p + 4, w1);
      nvsim_put32(p + G80_PULLER_SEMAPHORE_LONG_TIMESTAMP, (uint32_t)ts);
      nvsim_put32(p + G80_PULLER_SEMAPHORE_LONG_TIMESTAMP + 4,
                  (uint32_t)(ts >> 32));
      __atomic_thread_fence(__ATOMIC_RELEASE);
   }
   nvsim_put32(p, w0);
   return NVSIM_OK;
}
