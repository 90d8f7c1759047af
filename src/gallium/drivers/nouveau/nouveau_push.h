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
 * dma-pusher.rst).  Tesla's pusher takes the same two forms ("pre-GF100"
 * commands, dma-pusher.rst) in its IB-mode pushbuffers, so the NV50
 * driver emits with these helpers too.
 */

/* Subchannels we bind objects to (our choice; any of 0..7 works). */
enum nouveau_subc {
   NOUVEAU_SUBC_3D = 0,
   NOUVEAU_SUBC_M2MF = 1,
   NOUVEAU_SUBC_2D = 2,       /* G80_2D (the NV50 driver) */
   NOUVEAU_SUBC_COUNT = 8,
};

/* The buffers that one group of state (a "bin": the framebuffer, the
 * textures, ...) names, with references that keep them alive while libdrm
 * may still list them (nouveau_push_bin()). */
struct nouveau_push_bin {
   struct nouveau_bo **bo;
   unsigned num, cap;
};

/* A pushbuffer plus what NV_DEBUG=push needs to name each word, and the
 * relocations of the bound state. */
struct nouveau_push {
   struct nouveau_pushbuf *pb;
   uint32_t oclass[NOUVEAU_SUBC_COUNT];
   /* The last method header, to know which method a relocated word is
    * for. */
   const uint32_t *hdr;
   uint32_t hdr_mthd;
   unsigned hdr_subc;
   bool hdr_ni;
   /* Every relocation of the bound state is recorded in a libdrm buffer
    * context (bin by bin), bound to the pushbuffer: after each submission
    * libdrm lists those buffers in the next one, with their access, and
    * relocates their words there again (they are written again by the
    * kernel if a buffer moved).  So a submission made in the middle of a
    * draw names every buffer the rest of the draw uses. */
   struct nouveau_bufctx *bufctx;
   struct nouveau_push_bin *bins;
   unsigned num_bins;
   int bin;                   /* where relocations go; -1: not recorded */
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

/* The most data words one method header carries: its COUNT field's
 * largest value (hwdb fifo.xml nv4_dma_cmd COUNT, bits 18..28: 2047). */
#define NOUVEAU_PUSH_MAX_COUNT \
   (NV4_DMA_CMD_COUNT__MASK >> NV4_DMA_CMD_COUNT__SHIFT)

static inline void
nouveau_push_header(struct nouveau_push *p, unsigned subc, uint32_t mthd,
                    unsigned count, bool ni)
{
   uint32_t hdr = NV4_DMA_CMD_COUNT(count) | NV4_DMA_CMD_SUBC(subc) |
                  NV4_DMA_CMD_METHOD(mthd) |
                  (ni ? NV4_DMA_CMD_TYPE_NON_INCREASING :
                        NV4_DMA_CMD_TYPE_INCREASING);
   p->hdr = p->pb->cur;
   p->hdr_mthd = mthd;
   p->hdr_subc = subc;
   p->hdr_ni = ni;
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

/* A one-word method header for the data word about to be written at
 * p->pb->cur: the method of the last header, advanced by the words since
 * it unless it is non-increasing (dma-pusher.rst). */
static inline uint32_t
nouveau_push_word_header(const struct nouveau_push *p)
{
   uint32_t mthd = p->hdr_mthd;

   if (!p->hdr_ni)
      mthd += 4 * (uint32_t)(p->pb->cur - p->hdr - 1);
   return NV4_DMA_CMD_COUNT(1) | NV4_DMA_CMD_SUBC(p->hdr_subc) |
          NV4_DMA_CMD_METHOD(mthd) | NV4_DMA_CMD_TYPE_INCREASING;
}

/* nouveau_push.c: the buffer context of the bound state.  init makes
 * one of num_bins bins and binds it to p->pb (false: out of memory); fini
 * frees it, after the pushbuffer was deleted or unbound from it. */
bool nouveau_push_bins_init(struct nouveau_push *p,
                            struct nouveau_client *client, unsigned num_bins);
void nouveau_push_bins_fini(struct nouveau_push *p);
/* Forgets what bin recorded (its state is about to be sent again, or its
 * buffers are no longer used) and records the next relocations there. */
void nouveau_push_bin(struct nouveau_push *p, unsigned bin);
/* Forgets what bin recorded without recording there next. */
void nouveau_push_bin_clear(struct nouveau_push *p, unsigned bin);
/* Lists bo (flags: NOUVEAU_BO_RD/WR | domain) in this submission and,
 * without a relocation, in every later one until bin is reset (a buffer
 * the bound state uses, on a chip that addresses buffers by VM address).
 * false: not recorded (no bins, or out of memory). */
bool nouveau_push_bin_refn(struct nouveau_push *p, unsigned bin,
                           struct nouveau_bo *bo, uint32_t flags);
/* Records the relocated word about to be written at p->pb->cur. */
void nouveau_push_record(struct nouveau_push *p, struct nouveau_bo *bo,
                         uint32_t data, uint32_t flags, uint32_t vor,
                         uint32_t tor);

/* Pushbuffer words and relocations libdrm writes at the start of a
 * submission to relocate the recorded words again (two of each per
 * recorded word: the method header and the word, libdrm pushbuf.c
 * pushbuf_validate). */
static inline unsigned
nouveau_push_relist_size(const struct nouveau_push *p)
{
   return p->bufctx ? 2 * p->bufctx->relocs : 0;
}

/* One word holding a buffer address (plus data), patched by the kernel
 * if the buffer moves; also makes the buffer part of this submission
 * and, in a bin, of every later one until the bin is reset.
 * flags: NOUVEAU_BO_LOW for the address, NOUVEAU_BO_OR to OR vor (buffer
 * in VRAM) or tor (in GART) into the word (the choice is made by the
 * buffer's placement, per submission), the domains the buffer may be in
 * (NOUVEAU_BO_VRAM/GART) and the access NOUVEAU_BO_RD/WR.
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
   if (p->bin >= 0)
      nouveau_push_record(p, bo, data, flags, vor, tor);
   nouveau_pushbuf_reloc(p->pb, bo, data, flags, vor, tor);
   if (unlikely(nouveau_debug & NOUVEAU_DEBUG_PUSH))
      nouveau_push_debug_word(p, p->pb->cur[-1]);
}

/* nouveau_push_reloc for a buffer the caller has put on the current
 * submission's list itself (nouveau_pushbuf_refn, with the same access
 * and domains, and no submission since): the listing is not repeated. */
static inline void
nouveau_push_reloc_listed(struct nouveau_push *p, struct nouveau_bo *bo,
                          uint32_t data, uint32_t flags, uint32_t vor,
                          uint32_t tor)
{
   if (p->bin >= 0)
      nouveau_push_record(p, bo, data, flags, vor, tor);
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
