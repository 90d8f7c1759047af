/*
 * The puller's method dispatch, one for every pusher (the DMA pusher of
 * nvsim_pusher.c, the IB-mode pusher of a generation with a VM), and the
 * execution of a job (envytools-docs/hw/fifo/puller.rst).
 *
 * Every method the pusher reads comes here: methods below 0x100 are the
 * puller's own (SUBCHAN_OBJECT binds an object to the subchannel, REF_CNT,
 * YIELD; the semaphores differ per generation, nvsim_gen.puller_method);
 * the others go to the object bound on the subchannel, through PGRAPH's
 * common methods (nvsim_graph.c) to its class model.  A method that traps
 * is dropped and the next one runs (nvsim_trap.c).
 */
#include <string.h>

#include "nvsim_priv.h"
#include "nvsim_gen.h"

static bool
bind_object(struct nvsim_channel *chan, unsigned subc, uint32_t mthd,
            uint32_t data)
{
   struct nvsim_object *obj = nvsim_lookup(chan, data);
   if (!obj) {
      snprintf(chan->detail, sizeof(chan->detail),
               "no object with handle 0x%08x on the channel", data);
      nvsim_trap_method(chan, subc, NULL, mthd, data, "CACHE_ERROR NO_HASH");
      return false;
   }
   if (obj->is_dma) {
      snprintf(chan->detail, sizeof(chan->detail),
               "0x%08x is a DMA object, not an engine object", data);
      nvsim_trap_method(chan, subc, NULL, mthd, data, "INVALID_OBJECT");
      return false;
   }
   /* intro.rst: an object bind while NOTIFY is pending is CTXSW_NOTIFY */
   if (chan->dev->chip->gen->notify_blocks_bind &&
       chan->graph.notify_pending) {
      nvsim_trap_method(chan, subc, obj, mthd, data, "CTXSW_NOTIFY");
      return false;
   }
   chan->fifo.subc_obj[subc] = obj;
   chan->graph.last_subc = subc;
   return true;
}

bool
nvsim_fifo_method(struct nvsim_channel *chan, unsigned subc, uint32_t mthd,
                  uint32_t data)
{
   const struct nvsim_gen *gen = chan->dev->chip->gen;

   nvsim_progress(chan->dev);

   /* dma-pusher.rst: an unknown method below 0x100 is a DMA_PUSHER
    * INVALID_MTHD error. */
   if (!gen->puller_knows(chan, mthd)) {
      nvsim_trap_method(chan, subc, chan->fifo.subc_obj[subc], mthd, data,
                        "DMA_PUSHER INVALID_MTHD");
      return false;
   }
   switch (mthd) {
   case NV4_SUBCHAN_OBJECT:
      return bind_object(chan, subc, mthd, data);
   case NV10_SUBCHAN_REF_CNT:
      /* The hardware waits for the engines first; in nvsim every earlier
       * method has completed already. */
      __atomic_store_n(&chan->fifo.ref, data, __ATOMIC_RELEASE);
      return true;
   case NV40_SUBCHAN_YIELD:
      return true;       /* one channel runs at a time anyway */
   default:
      if (mthd < NV4_PULLER_ENGINE_MTHD_FIRST)
         return gen->puller_method(chan, subc, mthd, data);
      break;
   }

   struct nvsim_object *obj = chan->fifo.subc_obj[subc];
   if (!obj) {
      snprintf(chan->detail, sizeof(chan->detail),
               "no object bound to subchannel %u", subc);
      nvsim_trap_method(chan, subc, NULL, mthd, data,
                        "CACHE_ERROR EMPTY_SUBCHANNEL");
      return false;
   }
   /* puller.rst: on NV4:GF100 the puller looks the parameter of methods
    * 0x180..0x1fc up in RAMHT before the engine sees it. */
   if (mthd >= NV4_PULLER_OBJECT_MTHD_FIRST &&
       mthd < NV4_PULLER_OBJECT_MTHD_END &&
       !nvsim_lookup(chan, data)) {
      snprintf(chan->detail, sizeof(chan->detail),
               "no object with handle 0x%08x on the channel", data);
      nvsim_trap_method(chan, subc, obj, mthd, data, "CACHE_ERROR NO_HASH");
      return false;
   }
   return nvsim_graph_method(chan, subc, obj, mthd, data);
}

void
nvsim_fifo_header(struct nvsim_channel *chan, uint32_t word, uint32_t count,
                  bool ni)
{
   struct nvsim_fifo_state *f = &chan->fifo;
   f->mthd = word & NV4_DMA_CMD_METHOD__MASK;
   f->subc = (word & NV4_DMA_CMD_SUBC__MASK) >> NV4_DMA_CMD_SUBC__SHIFT;
   f->mcnt = count;
   f->ni = ni;
}

bool
nvsim_fifo_data(struct nvsim_channel *chan, uint32_t word,
                enum nvsim_domain domain, uint64_t at)
{
   struct nvsim_fifo_state *f = &chan->fifo;
   nvsim_trace_method(chan, f->subc, f->mthd, word, domain, at);
   /* a trapped method is dropped; the next one runs */
   if (!nvsim_fifo_method(chan, f->subc, f->mthd, word) &&
       nvsim_chan_dead(chan))
      return false;
   if (!f->ni)
      f->mthd = (f->mthd + 4) & NV4_DMA_CMD_METHOD__MASK;
   f->mcnt--;
   return true;
}

/* Host pointers do not outlive a job (nvsim_class.drop_mappings): every
 * object of the channel, the destroyed ones too (a subchannel may still
 * have one bound), forgets the ones it holds. */
static void
drop_mappings(struct nvsim_channel *chan)
{
   pthread_mutex_lock(&chan->lock);
   for (unsigned i = 0; i < chan->slot_cap; i++) {
      struct nvsim_object *obj = chan->slots[i].obj;
      if (obj && obj != NVSIM_SLOT_DELETED && obj->cls &&
          obj->cls->drop_mappings && obj->priv)
         obj->cls->drop_mappings(obj->priv);
   }
   for (unsigned i = 0; i < chan->num_graveyard; i++) {
      struct nvsim_object *obj = chan->graveyard[i];
      if (obj->cls && obj->cls->drop_mappings && obj->priv)
         obj->cls->drop_mappings(obj->priv);
   }
   pthread_mutex_unlock(&chan->lock);
}

void
nvsim_fifo_execute(struct nvsim_channel *chan, const struct nvsim_push *pushes,
                   unsigned num)
{
   drop_mappings(chan);
   nvsim_trace_exec(chan, pushes, num);
   for (unsigned i = 0; i < num && !nvsim_chan_dead(chan); i++) {
      /* false: a pusher error skipped the rest of the job */
      bool go_on = chan->dev->chip->gen->run_push(chan, &pushes[i]);
      if (!go_on)
         break;
   }
   nvsim_trace_exec_end(chan);
}
