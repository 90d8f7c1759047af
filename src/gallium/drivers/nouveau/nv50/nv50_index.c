/*
 * Indices of indexed draws, read from memory by the FIFO, and primitive
 * restart.
 *
 * Facts:
 * - Tesla's IB-mode pusher assembles one command stream from every IB
 *   entry, and an IB entry may point at any memory the channel's VM maps
 *   (envytools-docs hw/fifo/dma-pusher.rst "IB mode": an entry is an
 *   address and a SIZE in words, up to G80_IB_ENTRY_HIGH_SIZE).  The "long
 *   non-increasing methods" command (IB mode only, hwdb
 *   NV4_DMA_CMD_SPECIAL_LONG_NI, its count the low 24 bits of the next
 *   word) followed by an entry that points at the index buffer hands the
 *   buffer's words to VB_ELEMENT_U32/U16/U8 without the CPU reading them
 *   (libdrm's nouveau_pushbuf_data ends the pushbuffer's entry and adds
 *   the buffer's; upstream's nv50 sends its index buffers so).
 * - VB_ELEMENT_U16 takes two indices a word, VB_ELEMENT_U8 four, first
 *   index in the low bits (rnndb I0..I3).  Their *_SETUP gives the COUNT
 *   of indices to take and the OFFSET in bytes of the first one in the
 *   first word (rnndb bits 30..31), so that a stream may start in the
 *   middle of a word; every stream here is sent after its own SETUP.
 * - PRIM_RESTART_ENABLE / PRIM_RESTART_INDEX: an index equal to the
 *   restart index (compared before VB_ELEMENT_BASE is added) ends the
 *   primitive and starts another (GL 3.1 2.8; nvsim g80_3d_draw.c).
 *
 * Client indices are uploaded to a buffer first (the context's stream
 * uploader), so every indexed draw takes the same path and no index
 * passes through the pushbuffer.
 */

#include "util/u_inlines.h"
#include "util/u_upload_mgr.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_resource.h"
#include "g80_fifo.xml.h"

/* Words an IB entry holds (dma-pusher.rst: SIZE, 21 bits). */
#define NV50_IB_MAX_WORDS \
   (G80_IB_ENTRY_HIGH_SIZE__MASK >> G80_IB_ENTRY_HIGH_SIZE__SHIFT)

struct nv50_index_method {
   uint32_t mthd, setup;
};

/* by index size 1, 2, 4 */
static const struct nv50_index_method nv50_index_mthd[] = {
   [1] = { G80_3D_VB_ELEMENT_U8, G80_3D_VB_ELEMENT_U8_SETUP },
   [2] = { G80_3D_VB_ELEMENT_U16, G80_3D_VB_ELEMENT_U16_SETUP },
   [4] = { G80_3D_VB_ELEMENT_U32, 0 },
};

bool
nv50_index_bind(struct nv50_context *nv50, const struct pipe_draw_info *info,
                const struct pipe_draw_start_count_bias *d,
                struct nv50_index_source *src)
{
   unsigned size = info->index_size;
   struct pipe_resource *res = NULL;
   unsigned offset;

   if (size != 1 && size != 2 && size != 4)
      return false;
   if (info->has_user_indices) {
      u_upload_data(nv50->base.stream_uploader, 0, d->count * size, 4,
                    (const uint8_t *)info->index.user + d->start * size,
                    &offset, &res);
      if (!res)
         return false;
   } else {
      pipe_resource_reference(&res, info->index.resource);
      offset = d->start * size;
   }
   pipe_resource_reference(&src->res, NULL);
   src->res = res;
   src->offset = offset;
   src->size = size;
   src->count = d->count;
   return true;
}

/* Room for words and one IB entry of data (two pushes: libdrm's
 * nouveau_pushbuf_data ends the pushbuffer's segment before the data's);
 * lists the channel's fence (nv50_push_begin). */
bool
nv50_push_begin_data(struct nv50_context *nv50, unsigned words)
{
   if (nv50->lost)
      return false;
   /* a submission made here starts the next one with the bins listed */
   if (nouveau_pushbuf_space(nv50->pushbuf, words + 16, 0, 2)) {
      NOUVEAU_ERR("no pushbuffer space, channel lost\n");
      nv50->lost = true;
      return false;
   }
   return nv50_push_begin(nv50, words);
}

bool
nv50_index_emit(struct nv50_context *nv50,
                const struct nv50_index_source *src)
{
   struct nv50_resource *res = nv50_resource(src->res);
   const struct nv50_index_method *m = &nv50_index_mthd[src->size];
   unsigned size = src->size;
   /* whole words of the buffer, the first index OFFSET bytes in */
   uint64_t byte = src->offset;
   unsigned count = src->count;
   const unsigned per_entry = (NV50_IB_MAX_WORDS - 1) * 4 / size;

   while (count) {
      unsigned n = MIN2(count, per_entry);
      unsigned skip = byte & 3;
      unsigned words = DIV_ROUND_UP(skip + n * size, 4);

      if (!nv50_push_begin_data(nv50, 8))
         return false;
      /* listed in this submission and, should one be made before the
       * draw ends, in the next (the bin) */
      nv50_bin_ref(nv50, NV50_BIN_INDEX, res->bo,
                   res->domain | NOUVEAU_BO_RD);
      if (m->setup)
         NV50_3D_1(nv50, m->setup,
                   G80_3D_VB_ELEMENT_U16_SETUP_OFFSET(skip) |
                   G80_3D_VB_ELEMENT_U16_SETUP_COUNT(n));
      *nv50->pushbuf->cur++ = NV4_DMA_CMD_SPECIAL_LONG_NI |
                              NV4_DMA_CMD_SUBC(NOUVEAU_SUBC_3D) |
                              NV4_DMA_CMD_METHOD(m->mthd);
      *nv50->pushbuf->cur++ = G80_DMA_CMD_LONG_COUNT_COUNT(words);
      nouveau_pushbuf_data(nv50->pushbuf, res->bo, byte & ~3ull, words * 4);
      byte += n * size;
      count -= n;
   }
   return true;
}

void
nv50_index_restart(struct nv50_context *nv50, bool enable, uint32_t index)
{
   if (enable != nv50->restart) {
      NV50_3D_1(nv50, G80_3D_PRIM_RESTART_ENABLE, enable);
      nv50->restart = enable;
   }
   if (enable && index != nv50->restart_index) {
      NV50_3D_1(nv50, G80_3D_PRIM_RESTART_INDEX, index);
      nv50->restart_index = index;
   }
}
