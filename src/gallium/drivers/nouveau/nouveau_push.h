#ifndef NOUVEAU_PUSH_H
#define NOUVEAU_PUSH_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <nouveau.h>

#include "util/macros.h"
#include "util/u_math.h"
#include "nouveau_debug.h"
#include "fifo.xml.h"

/* Pre-NV50 FIFO command words (increasing / non-increasing methods) are
 * hwdb's NV4_DMA_CMD_* (fifo.xml, after envytools-docs/hw/fifo/
 * dma-pusher.rst).
 */

/* Subchannels we bind objects to (our choice; any of 0..7 works). */
enum nouveau_subc {
   NOUVEAU_SUBC_3D = 0,
   NOUVEAU_SUBC_M2MF = 1,
   NOUVEAU_SUBC_COUNT = 8,
};

/* A pushbuffer plus what NV_DEBUG=push needs to name each word. */
struct nouveau_push {
   struct nouveau_pushbuf *pb;
   uint32_t oclass[NOUVEAU_SUBC_COUNT];
   /* method the next data word goes to (debug only) */
   uint32_t dbg_mthd;
   unsigned dbg_subc;
   unsigned dbg_left;
   bool dbg_ni;
};

/* Makes room for dwords words and relocs relocations in the current
 * submission; may kick (submit) what was emitted before.  False when the
 * channel cannot take more (out of memory or dead channel).
 */
static inline bool
nouveau_push_space(struct nouveau_push *p, unsigned dwords, unsigned relocs)
{
   /* libdrm checks the space, and submits first when there is too little. */
   return nouveau_pushbuf_space(p->pb, dwords, relocs, 0) == 0;
}

static inline void
nouveau_push_debug_word(struct nouveau_push *p, uint32_t data)
{
   if (p->dbg_left) {
      nouveau_debug_method(p->oclass[p->dbg_subc], p->dbg_subc, p->dbg_mthd,
                           data);
      if (!p->dbg_ni)
         p->dbg_mthd += 4;
      p->dbg_left--;
   }
}

static inline void
nouveau_push_header(struct nouveau_push *p, unsigned subc, uint32_t mthd,
                    unsigned count, bool ni)
{
   uint32_t hdr = NV4_DMA_CMD_COUNT(count) | NV4_DMA_CMD_SUBC(subc) |
                  NV4_DMA_CMD_METHOD(mthd) |
                  (ni ? NV4_DMA_CMD_TYPE_NON_INCREASING :
                        NV4_DMA_CMD_TYPE_INCREASING);
   *p->pb->cur++ = hdr;
   if (unlikely(nouveau_debug & NOUVEAU_DEBUG_PUSH)) {
      p->dbg_mthd = mthd;
      p->dbg_subc = subc;
      p->dbg_left = count;
      p->dbg_ni = ni;
   }
}

/* Starts count words for consecutive methods from mthd. */
static inline void
nouveau_push_mthd(struct nouveau_push *p, unsigned subc, uint32_t mthd,
                  unsigned count)
{
   nouveau_push_header(p, subc, mthd, count, false);
}

/* Starts count words all for the same method. */
static inline void
nouveau_push_mthd_ni(struct nouveau_push *p, unsigned subc, uint32_t mthd,
                     unsigned count)
{
   nouveau_push_header(p, subc, mthd, count, true);
}

static inline void
nouveau_push_data(struct nouveau_push *p, uint32_t data)
{
   *p->pb->cur++ = data;
   if (unlikely(nouveau_debug & NOUVEAU_DEBUG_PUSH))
      nouveau_push_debug_word(p, data);
}

static inline void
nouveau_push_dataf(struct nouveau_push *p, float f)
{
   nouveau_push_data(p, fui(f));
}

static inline void
nouveau_push_datap(struct nouveau_push *p, const void *data, unsigned words)
{
   if (unlikely(nouveau_debug & NOUVEAU_DEBUG_PUSH)) {
      const uint32_t *w = data;
      for (unsigned i = 0; i < words; i++)
         nouveau_push_data(p, w[i]);
      return;
   }
   memcpy(p->pb->cur, data, words * 4);
   p->pb->cur += words;
}

/* One word holding a buffer address (plus data), patched by the kernel
 * if the buffer moves; also makes the buffer part of this submission.
 * flags: NOUVEAU_BO_LOW for the address, NOUVEAU_BO_OR to OR vor (buffer
 * in VRAM) or tor (in GART) into the word, access NOUVEAU_BO_RD/WR.
 */
static inline void
nouveau_push_reloc(struct nouveau_push *p, struct nouveau_bo *bo,
                   uint32_t data, uint32_t flags, uint32_t vor, uint32_t tor)
{
   /* libdrm relocates only buffers already on the submission's list. */
   struct nouveau_pushbuf_refn ref = {
      bo, flags & (NOUVEAU_BO_APER | NOUVEAU_BO_RDWR)
   };
   nouveau_pushbuf_refn(p->pb, &ref, 1);
   nouveau_pushbuf_reloc(p->pb, bo, data, flags, vor, tor);
   if (unlikely(nouveau_debug & NOUVEAU_DEBUG_PUSH))
      nouveau_push_debug_word(p, p->pb->cur[-1]);
}

/* One method, one word: the common case. */
static inline void
nouveau_push_1(struct nouveau_push *p, unsigned subc, uint32_t mthd,
               uint32_t data)
{
   nouveau_push_mthd(p, subc, mthd, 1);
   nouveau_push_data(p, data);
}

#endif
