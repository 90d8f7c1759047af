/*
 * The generation seam of nvsim: what differs between GPU generations, as
 * one table of operations per generation.  The core (nvsim_*.c: memory,
 * channels, FIFO, objects, GPU thread, traces) names no generation; it
 * calls these.  Each generation folder fills in its table (sim/nv10,
 * sim/nv20, sim/nv30, sim/nv40, sim/nv50: <folder>_gen.c), generations.c
 * lists them, and a chip row of hwdb chips.xml selects one by its
 * generation column (nvsim_chips.c).
 *
 * The pre-G80 DMA pusher, its puller methods and the channel's DMA
 * objects over VRAM and GART are the same on every NV04-family
 * generation (envytools-docs/hw/fifo/dma-pusher.rst, puller.rst; the
 * chip's FIFO features come from the chip row): the core has them as
 * building blocks (nvsim_dma_*) for those tables to point at.
 */
#ifndef NVSIM_GEN_H
#define NVSIM_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "nvsim.h"
#include "nvhwdb_chips.h"

struct nvsim_channel;
struct nvsim_class;

struct nvsim_gen {
   /* the chips.xml generation column value that selects the table */
   enum nvhwdb_generation generation;
   const char *name;

   /* The class model of the generation's engines for oclass, NULL when
    * nvsim has none (one model may serve several ids). */
   const struct nvsim_class *(*class_model)(uint32_t oclass);

   /* Channels: the channel's DMA objects (handles from the abi16
    * channel) and whatever the generation adds to a channel (a VM, an IB
    * ring), 0 or -errno; fini undoes it (optional). */
   int (*channel_init)(struct nvsim_channel *chan,
                       struct nvsim_channel_info *info, uint32_t vram_handle,
                       uint32_t gart_handle);
   void (*channel_fini)(struct nvsim_channel *chan);
   /* Where the notifier at `offset` in the channel's notifier block is,
    * for the notifier's DMA object: its domain and address there. */
   void (*notifier_window)(const struct nvsim_channel *chan, uint32_t offset,
                           enum nvsim_domain *domain, uint64_t *base);
   /* The size of NVSIM_DOMAIN_VM, 0 when the generation has no VM; and a
    * host pointer to [va, va + len) in the channel's VM, NULL unless
    * mapped (only called when vm_size is not 0). */
   uint64_t vm_size;
   void *(*vm_ptr)(struct nvsim_channel *chan, uint64_t va, uint64_t len);

   /* The pusher: runs one submitted push of a job (a pushbuffer segment,
    * or a range of IB entries).  false: a pusher error dropped the rest
    * of the job. */
   bool (*run_push)(struct nvsim_channel *chan, const struct nvsim_push *push);

   /* The puller (nvsim_fifo_method dispatches every method): whether a
    * method below 0x100 exists on the chip (else DMA_PUSHER INVALID_MTHD),
    * and the generation's own ones among them (semaphores), those other
    * than SUBCHAN_OBJECT, REF_CNT and YIELD.  false: it trapped. */
   bool (*puller_knows)(const struct nvsim_channel *chan, uint32_t mthd);
   bool (*puller_method)(struct nvsim_channel *chan, unsigned subc,
                         uint32_t mthd, uint32_t data);
   /* A SUBCHAN_OBJECT bind while a NOTIFY is pending is CTXSW_NOTIFY
    * (envytools-docs/hw/graph/intro.rst, pre-G80 PGRAPH). */
   bool notify_blocks_bind;
   /* A graph method every object of the generation takes and nvsim has
    * nothing to do for (G80_GRAPH_SERIALIZE), 0 if none. */
   uint32_t serialize_mthd;
};

/* Every generation nvsim has a table for, NULL-ended (generations.c). */
extern const struct nvsim_gen *const nvsim_gens[];

/* --- the NV04-family building blocks (core) --- */

/* The kernel's channel DMA objects over all of VRAM and GART. */
int nvsim_dma_channel_init(struct nvsim_channel *chan,
                           struct nvsim_channel_info *info,
                           uint32_t vram_handle, uint32_t gart_handle);
/* Notifiers in the notifier block's aperture. */
void nvsim_dma_notifier_window(const struct nvsim_channel *chan,
                               uint32_t offset, enum nvsim_domain *domain,
                               uint64_t *base);
/* The DMA pusher (nvsim_pusher.c) and its puller methods. */
bool nvsim_dma_pusher_run(struct nvsim_channel *chan,
                          const struct nvsim_push *push);
bool nvsim_dma_puller_knows(const struct nvsim_channel *chan, uint32_t mthd);
bool nvsim_dma_puller_method(struct nvsim_channel *chan, unsigned subc,
                             uint32_t mthd, uint32_t data);

/* The operations of an NV04-family FIFO, for a generation table's
 * initializer: the DMA pusher, the channel's DMA objects over VRAM and
 * GART, notifiers in the notifier block's aperture, and a bind that waits
 * for a pending NOTIFY. */
#define NVSIM_GEN_NV04_FIFO_OPS                          \
   .channel_init = nvsim_dma_channel_init,               \
   .notifier_window = nvsim_dma_notifier_window,         \
   .run_push = nvsim_dma_pusher_run,                     \
   .puller_knows = nvsim_dma_puller_knows,               \
   .puller_method = nvsim_dma_puller_method,             \
   .notify_blocks_bind = true

#endif
