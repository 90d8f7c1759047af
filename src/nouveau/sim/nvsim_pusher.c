/*
 * The pre-G80 DMA pusher and its puller methods (envytools-docs/hw/fifo/
 * dma-pusher.rst "The pusher pseudocode - pre-GF100" and puller.rst): the
 * NV04-family building blocks the pre-Tesla generation tables point at
 * (nvsim_gen.h).  The methods it reads go to the one puller dispatch,
 * nvsim_fifo_method (nvsim_fifo.c).
 *
 * Pushbuffer address space: the kernel's pushbuffer DMA object on
 * NV04-NV40 covers the whole aperture the channel's pushbuffer lives in
 * (all of VRAM, or all of the GART).  nvsim does the same per segment: a
 * segment is read from the aperture of its buffer, and jump / call targets
 * are offsets in that aperture (e.g. nvsim_bo_offset(bo) + 0x40 for a
 * buffer in GART).  A read outside every buffer of that aperture is a
 * MEM_FAULT.
 *
 * Each submitted segment runs from its first word until dma_get reaches
 * its end (dma_put).  On chips where the kernel enters user pushbuffers
 * with a CALL (NV25+, NVSIM_CHIP_KERNEL_CALL) the segment starts with the
 * subroutine active and a RETURN ends it early, as the RETURN that libdrm
 * writes at the end of each push (the kernel's suffix0) does on hardware;
 * a CALL inside such a segment is CALL_SUBR_ACTIVE, as on hardware.
 * Method command state (count left) carries from one segment to the next,
 * as the command stream is one stream to the hardware.
 *
 * Errors (nvsim_trap.c has the kernel's handling they follow): a method
 * that traps in the puller or in PGRAPH is dropped and the next one runs.
 * A DMA pusher error (INVALID_CMD, CALL_SUBR_ACTIVE, RET_SUBR_INACTIVE,
 * MEM_FAULT on a pushbuffer read) drops the rest of the job:
 * nvkm/engine/fifo/nv04.c nv04_fifo_dma_pusher clears DMA_STATE and sets
 * DMA_GET to DMA_PUT, which the kernel wrote once for the whole pushbuf
 * ioctl, the job.  A segment whose jumps keep it from its end would run
 * for ever on a card (no error exists for it, the kernel's fence wait
 * times out); nvsim stops it after the step limit (runaway_words) with a
 * RUNAWAY trap and drops the rest of the job as for a pusher error, so
 * that the process never hangs and later jobs run.
 */
#include <string.h>

#include "nvsim_priv.h"
#include "nvsim_gen.h"

struct pusher {
   struct nvsim_channel *chan;
   enum nvsim_domain domain;
   uint64_t get, put;
   bool subr_active;
   uint64_t subr_return;
   /* the buffer the last word came from: [win_base, win_end) */
   uint64_t win_base, win_end;
   const uint8_t *win_map;
};

static bool
fetch(struct pusher *p, uint32_t *word)
{
   if (p->get < p->win_base || p->get + 4 > p->win_end || !p->win_map) {
      struct nvsim_device *dev = p->chan->dev;
      pthread_mutex_lock(&dev->lock);
      struct nvsim_bo *bo = nvsim_aperture_find(dev, p->domain, p->get, 4);
      if (bo) {
         /* stays valid for the job: destroyed buffers live until every
          * job submitted before the destroy is done */
         p->win_base = bo->offset;
         p->win_end = bo->offset + (bo->size & ~3ull);
         p->win_map = bo->map;
      }
      pthread_mutex_unlock(&dev->lock);
      if (!bo || p->get + 4 > p->win_end)
         return false;
   }
   *word = nvsim_get32(p->win_map + (p->get - p->win_base));
   return true;
}

bool
nvsim_dma_puller_knows(const struct nvsim_channel *chan, uint32_t mthd)
{
   uint32_t f = chan->dev->chip->flags;
   switch (mthd) {
   case NV4_SUBCHAN_OBJECT:
      return true;
   case NV10_SUBCHAN_REF_CNT:
      return f & NVSIM_CHIP_REF_CNT;
   case NV1A_SUBCHAN_DMA_SEMAPHORE:
   case NV1A_SUBCHAN_SEMAPHORE_OFFSET:
   case NV1A_SUBCHAN_SEMAPHORE_ACQUIRE:
   case NV1A_SUBCHAN_SEMAPHORE_RELEASE:
      return f & NVSIM_CHIP_SEMAPHORE;
   case NV40_SUBCHAN_YIELD:
      return f & NVSIM_CHIP_YIELD;
   default:
      return mthd >= NV4_PULLER_ENGINE_MTHD_FIRST;
   }
}

static uint32_t *
semaphore_ptr(struct nvsim_channel *chan)
{
   return nvsim_dma_ptr(chan->fifo.dma_semaphore, chan->fifo.semaphore_offset,
                        4);
}

/* The semaphore methods of the NV04-family puller (puller.rst "Puller
 * builtin methods"); the others are the same on every generation
 * (nvsim_fifo.c). */
bool
nvsim_dma_puller_method(struct nvsim_channel *chan, unsigned subc,
                        uint32_t mthd, uint32_t data)
{
   struct nvsim_fifo_state *f = &chan->fifo;
   struct nvsim_object *obj;

   switch (mthd) {
   case NV1A_SUBCHAN_DMA_SEMAPHORE:
      /* puller.rst: pre-G80 hardware only accepts NV1_DMA_FROM_MEMORY_CLASS
       * objects here (a bug the kernel works around); nvsim accepts any
       * DMA object. */
      obj = nvsim_lookup(chan, data);
      if (!obj || !obj->is_dma) {
         snprintf(chan->detail, sizeof(chan->detail),
                  "0x%08x is not a DMA object", data);
         nvsim_trap_method(chan, subc, NULL, mthd, data,
                           obj ? "INVALID_OBJECT" : "CACHE_ERROR NO_HASH");
         return false;
      }
      f->dma_semaphore = obj;
      return true;

   case NV1A_SUBCHAN_SEMAPHORE_OFFSET:
      if ((data & 3) || data >= NV4_PULLER_SEMAPHORE_OFFSET_LIMIT) {
         snprintf(chan->detail, sizeof(chan->detail),
                  "offset must be a multiple of 4 below 0x%x",
                  NV4_PULLER_SEMAPHORE_OFFSET_LIMIT);
         nvsim_trap_method(chan, subc, NULL, mthd, data, "INVALID_VALUE");
         return false;
      }
      f->semaphore_offset = data;
      return true;

   case NV1A_SUBCHAN_SEMAPHORE_ACQUIRE:
   case NV1A_SUBCHAN_SEMAPHORE_RELEASE: {
      uint32_t *sem = semaphore_ptr(chan);
      if (!sem) {
         snprintf(chan->detail, sizeof(chan->detail),
                  "semaphore at offset 0x%x is outside the DMA_SEMAPHORE "
                  "object or no object is set", f->semaphore_offset);
         nvsim_trap_method(chan, subc, NULL, mthd, data, "MEM_FAULT");
         return false;
      }
      if (mthd == NV1A_SUBCHAN_SEMAPHORE_RELEASE) {
         __atomic_store_n(sem, data, __ATOMIC_RELEASE);
         return true;
      }
      uint32_t cur = __atomic_load_n(sem, __ATOMIC_ACQUIRE);
      if (cur == data)
         return true;
      /* A card would wait here for another channel's release; nvsim runs
       * one job at a time and cannot.  The trap skips the acquire, as
       * nv04_fifo_intr (nvkm/engine/fifo/nv04.c) skips a method that
       * raised PFIFO's SEMAPHORE interrupt (CACHE1_GET + 4). */
      snprintf(chan->detail, sizeof(chan->detail),
               "semaphore holds 0x%08x: nvsim does not model an acquire that "
               "has to wait yet", cur);
      nvsim_trap_method(chan, subc, NULL, mthd, data, "SEMAPHORE_ACQUIRE");
      return false;
   }

   default:
      /* nvsim_fifo_method has the others */
      return false;
   }
}

/* The fields of a command word that each form of dma-pusher.rst fixes
 * (hwdb fifo.xml, nv4_dma_cmd): a methods header has TYPE, SPECIAL and
 * KIND set (its other bits are method, subchannel and count); the old jump
 * fixes TYPE and KIND; return, long non-increasing and SLI conditional fix
 * everything but METHOD and SUBC. */
#define CMD_METHODS_FORM (NV4_DMA_CMD_TYPE__MASK | NV4_DMA_CMD_SPECIAL__MASK | \
                          NV4_DMA_CMD_KIND__MASK)
#define CMD_OLD_JUMP_FORM (NV4_DMA_CMD_TYPE__MASK | NV4_DMA_CMD_KIND__MASK)
#define CMD_SPECIAL_FORM (CMD_METHODS_FORM | NV4_DMA_CMD_COUNT__MASK)

/* A DMA pusher error: the kernel clears DMA_STATE (the method count) and
 * skips to DMA_PUT.  Returns false: the rest of the job is dropped. */
static bool
pusher_error(struct nvsim_channel *chan, enum nvsim_domain domain,
             uint64_t at, const uint32_t *word, const char *reason,
             const char *detail)
{
   nvsim_trap_pusher(chan, domain, at, word, reason, detail);
   chan->fifo.mcnt = 0;
   return false;
}

/* false: a pusher error dropped the rest of the job */
bool
nvsim_dma_pusher_run(struct nvsim_channel *chan, const struct nvsim_push *push)
{
   const struct nvsim_chip *chip = chan->dev->chip;
   struct nvsim_fifo_state *f = &chan->fifo;
   struct pusher p = {
      .chan = chan,
      .domain = push->bo->domain,
      .get = push->bo->offset + push->offset,
   };
   p.put = p.get + push->length;
   p.subr_active = chip->flags & NVSIM_CHIP_KERNEL_CALL;
   p.subr_return = p.put;
   uint64_t budget = push->length / 4 + chan->dev->runaway_words;

   while (p.get != p.put && !nvsim_chan_dead(chan)) {
      uint32_t word;
      uint64_t at = p.get;
      if (!budget--) {
         return pusher_error(chan, p.domain, at, NULL, "RUNAWAY",
                             "jumps keep the pusher from reaching the end "
                             "of the segment");
      }
      if (!fetch(&p, &word)) {
         return pusher_error(chan, p.domain, at, NULL, "MEM_FAULT",
                             "pushbuffer read outside every buffer of the "
                             "aperture");
      }
      p.get += 4;
      f->words_read++;

      if (f->mcnt) {
         /* data word of a methods command */
         if (!nvsim_fifo_data(chan, word, p.domain, at))
            return true;
         continue;
      }

      /* first word of a command: match the forms in dma-pusher.rst order */
      bool nv1a = chip->flags & NVSIM_CHIP_CALL_RET;
      if ((word & CMD_OLD_JUMP_FORM) == NV4_DMA_CMD_TYPE_OLD_JUMP) {
         p.get = word & NV4_DMA_CMD_OLD_JUMP_TARGET__MASK;
      } else if (nv1a && (word & NV4_DMA_CMD_KIND__MASK) ==
                 NV4_DMA_CMD_KIND_JUMP) {
         p.get = word & NV4_DMA_CMD_JUMP_TARGET__MASK;
      } else if (nv1a && (word & NV4_DMA_CMD_KIND__MASK) ==
                 NV4_DMA_CMD_KIND_CALL) {
         if (p.subr_active) {
            return pusher_error(chan, p.domain, at, &word, "CALL_SUBR_ACTIVE",
                                p.subr_return == p.put && chip->flags &
                                NVSIM_CHIP_KERNEL_CALL ?
                                "the kernel entered this pushbuffer with a "
                                "CALL already" : NULL);
         }
         p.subr_return = p.get;
         p.subr_active = true;
         p.get = word & NV4_DMA_CMD_JUMP_TARGET__MASK;
      } else if (nv1a && word == NV4_DMA_CMD_SPECIAL_RETURN) {
         if (!p.subr_active) {
            return pusher_error(chan, p.domain, at, &word,
                                "RET_SUBR_INACTIVE", NULL);
         }
         p.get = p.subr_return;
         p.subr_active = false;
      } else if ((word & CMD_METHODS_FORM) == NV4_DMA_CMD_TYPE_INCREASING ||
                 ((chip->flags & NVSIM_CHIP_NI_METHODS) &&
                  (word & CMD_METHODS_FORM) ==
                  NV4_DMA_CMD_TYPE_NON_INCREASING)) {
         nvsim_fifo_header(chan, word, (word & NV4_DMA_CMD_COUNT__MASK) >>
                                       NV4_DMA_CMD_COUNT__SHIFT,
                           (word & CMD_METHODS_FORM) ==
                           NV4_DMA_CMD_TYPE_NON_INCREASING);
      } else {
         /* long non-increasing (IB mode only) and SLI conditional (only
          * with sli_enable, which nvsim's kernel never sets) are invalid
          * here too */
         const char *why =
            (word & CMD_SPECIAL_FORM) == NV4_DMA_CMD_SPECIAL_LONG_NI ?
               "long non-increasing methods exist in IB mode only" :
            (word & CMD_SPECIAL_FORM) == NV4_DMA_CMD_SPECIAL_SLI_COND ?
               "SLI conditional while SLI is disabled" : NULL;
         return pusher_error(chan, p.domain, at, &word, "INVALID_CMD", why);
      }
   }
   return true;
}
