/*
 * PGRAPH's methods common to every graphics object, and the hand-off of
 * the others to the class model (see the contract in nvsim_object.h).
 *
 * Facts: envytools-docs/hw/graph/intro.rst ("NOTIFY method", "DMA_NOTIFY
 * method", "NOP method") and rnndb fifo/nv_object.xml (GRAPH stripe:
 * NOP, NOTIFY [NV4:GF100], SERIALIZE [G80-], nvsim_gen.serialize_mthd).
 */
#include "nvsim_priv.h"
#include "nvsim_gen.h"

static bool
trap(struct nvsim_channel *chan, unsigned subc, struct nvsim_object *obj,
     uint32_t mthd, uint32_t data, const char *reason)
{
   nvsim_trap_method(chan, subc, obj, mthd, data, reason);
   return false;
}

static bool
dma_notify(struct nvsim_channel *chan, unsigned subc, struct nvsim_object *obj,
           uint32_t mthd, uint32_t data)
{
   /* the puller already checked that the handle exists */
   struct nvsim_object *target = nvsim_lookup(chan, data);
   if (target && target->cls == &nvsim_null_class) {
      obj->notify_dma = NULL;          /* NV1_NULL_CLASS unbinds */
      return true;
   }
   if (!target || !target->is_dma) {
      snprintf(chan->detail, sizeof(chan->detail),
               "0x%08x is not a DMA object", data);
      return trap(chan, subc, obj, mthd, data, "INVALID_OBJECT");
   }
   obj->notify_dma = target;
   return true;
}

/* Returns false when the method trapped (it is dropped). */
bool
nvsim_graph_method(struct nvsim_channel *chan, unsigned subc,
                   struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   struct nvsim_graph_state *g = &chan->graph;
   const struct nvsim_class *cls = obj->cls;
   enum nvsim_status st;

   if (cls->flags & NVSIM_CLASS_NOT_GRAPH) {
      chan->detail[0] = 0;
      st = cls->method(obj, mthd, data);
      if (st != NVSIM_OK)
         return trap(chan, subc, obj, mthd, data, nvsim_status_name(st));
      return true;
   }

   /* A pending NOTIFY must be completed on the same subchannel. */
   if (g->notify_pending && (int)subc != g->last_subc) {
      snprintf(chan->detail, sizeof(chan->detail),
               "NOTIFY pending on subchannel %d", g->last_subc);
      return trap(chan, subc, obj, mthd, data, "CTXSW_NOTIFY");
   }
   g->last_subc = subc;

   if (mthd == NV4_GRAPH_NOTIFY) {
      if (!obj->notify_dma) {
         snprintf(chan->detail, sizeof(chan->detail),
                  "no DMA_NOTIFY object bound");
         return trap(chan, subc, obj, mthd, data, "INVALID_NOTIFY");
      }
      /* NV4+: only WRITE (0) and WRITE_AND_AWAKEN (1) */
      if (data > NV4_GRAPH_NOTIFY_WRITE_AND_AWAKEN)
         return trap(chan, subc, obj, mthd, data, "INVALID_VALUE");
      if (g->notify_pending)
         return trap(chan, subc, obj, mthd, data, "DOUBLE_NOTIFY");
      g->notify_pending = true;
      g->notify_type = data;
      g->notify_obj = obj;
      return true;
   }
   /* DMA_NOTIFY sits at 0x180 in every NV4+ graphics class that has it
    * (rnndb graph/nv_m2mf.xml, nv30-40_3d.xml, nv10_3d.xml, nv1_*.xml):
    * hwdb names it per class, M2MF's stands for all. */
   if (mthd == NV04_M2MF_DMA_NOTIFY &&
       !(cls->flags & NVSIM_CLASS_OWN_DMA_NOTIFY)) {
      if (g->notify_pending) {
         snprintf(chan->detail, sizeof(chan->detail),
                  "DMA_NOTIFY right after NOTIFY");
         return trap(chan, subc, obj, mthd, data, "DOUBLE_NOTIFY");
      }
      return dma_notify(chan, subc, obj, mthd, data);
   }

   if (mthd == NV4_GRAPH_NOP) {
      st = NVSIM_OK;
   } else if (chan->dev->chip->gen->serialize_mthd &&
              mthd == chan->dev->chip->gen->serialize_mthd) {
      st = NVSIM_OK;     /* nvsim executes in order: nothing to wait for */
   } else {
      chan->detail[0] = 0;
      st = cls->method(obj, mthd, data);
   }
   if (st != NVSIM_OK)
      return trap(chan, subc, obj, mthd, data, nvsim_status_name(st));

   if (g->notify_pending) {
      /* the write NOTIFY asked for, after this method (type 1 writes
       * notifier 0 too, then raises an interrupt nobody models) */
      g->notify_pending = false;
      chan->detail[0] = 0;
      st = nvsim_notify_write(g->notify_obj, NV_NOTIFY_INDEX_ORDINARY);
      if (st != NVSIM_OK)
         return trap(chan, subc, obj, mthd, data, nvsim_status_name(st));
   }
   return true;
}
