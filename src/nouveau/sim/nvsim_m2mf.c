/*
 * NV04-era memory-to-memory copy object (class NV04_M2MF_CLASS, 0x0039 on
 * NV4:G80).  Methods from rnndb graph/nv_m2mf.xml; behaviour from
 * envytools-docs/hw/graph/intro.rst (M2MF notifier, 16-byte notifier at
 * 0x10 of the DMA_NOTIFY object, which cannot be turned off).
 *
 * The copy runs when BUF_NOTIFY is written: LINE_COUNT lines of
 * LINE_LENGTH_IN bytes each; byte i of line l is read at
 *    OFFSET_IN  + l * PITCH_IN  + i * INPUT_INC   in DMA_BUFFER_IN
 * and written at
 *    OFFSET_OUT + l * PITCH_OUT + i * OUTPUT_INC  in DMA_BUFFER_OUT
 * (FORMAT's increments 1, 2 or 4 spread or gather bytes; pitches are
 * signed, rnndb type "int").  Every line is bounds-checked against its
 * DMA object and buffer before any byte of it moves.
 */
#include <stdlib.h>
#include <string.h>

#include "nvsim_priv.h"

struct m2mf {
   struct nvsim_object *dma_in, *dma_out;
   uint32_t offset_in, offset_out;
   int32_t pitch_in, pitch_out;
   uint32_t line_length, line_count;
   uint32_t inc_in, inc_out;
};

static void *
m2mf_create(struct nvsim_object *obj)
{
   struct m2mf *m = calloc(1, sizeof(*m));
   if (m)
      m->inc_in = m->inc_out = 1;
   return m;
}

static void
m2mf_destroy(void *priv)
{
   free(priv);
}

static bool
valid_inc(uint32_t inc)
{
   /* rnndb nv_m2mf_inc: 1, 2, 4 (8 and 16 only on G80_M2MF) */
   return inc == 1 || inc == 2 || inc == 4;
}

/* Host pointer to one line, or NULL with the trap detail set. */
static uint8_t *
line_ptr(struct nvsim_object *obj, struct nvsim_object *dma, const char *dir,
         uint32_t line, int64_t start, uint64_t span)
{
   if (start < 0) {
      nvsim_trap_detail(obj, "%s line %u starts before DMA object 0x%08x "
                        "(offset %lld)", dir, line, dma->handle,
                        (long long)start);
      return NULL;
   }
   uint8_t *p = nvsim_dma_ptr(dma, (uint64_t)start, span);
   if (!p) {
      if ((uint64_t)start > dma->dma_limit ||
          span > dma->dma_limit - (uint64_t)start)
         nvsim_trap_detail(obj, "%s line %u bytes [0x%llx, 0x%llx) go past "
                           "the end of DMA object 0x%08x (0x%llx bytes)",
                           dir, line, (unsigned long long)start,
                           (unsigned long long)start + span, dma->handle,
                           (unsigned long long)dma->dma_limit);
      else
         nvsim_trap_detail(obj, "%s line %u bytes [0x%llx, 0x%llx) of DMA "
                           "object 0x%08x (%s 0x%llx) are not inside one "
                           "buffer", dir, line, (unsigned long long)start,
                           (unsigned long long)start + span, dma->handle,
                           nvsim_domain_name(dma->dma_domain),
                           (unsigned long long)(dma->dma_base + start));
   }
   return p;
}

static enum nvsim_status
m2mf_copy(struct nvsim_object *obj, struct m2mf *m)
{
   if (!m->line_length || !m->line_count)
      return NVSIM_OK;
   if (!m->dma_in || !m->dma_out) {
      nvsim_trap_detail(obj, "DMA_BUFFER_%s not set",
                        m->dma_in ? "OUT" : "IN");
      return NVSIM_INVALID_STATE;
   }
   bool bytewise = m->inc_in != 1 || m->inc_out != 1;
   if (!nvsim_copy_steps_ok(obj, m->line_count,
                            bytewise ? m->line_length : 1))
      return NVSIM_INVALID_STATE;
   uint64_t span_in = (uint64_t)(m->line_length - 1) * m->inc_in + 1;
   uint64_t span_out = (uint64_t)(m->line_length - 1) * m->inc_out + 1;

   for (uint32_t l = 0; l < m->line_count; l++) {
      int64_t in = (int64_t)m->offset_in + (int64_t)l * m->pitch_in;
      int64_t out = (int64_t)m->offset_out + (int64_t)l * m->pitch_out;
      const uint8_t *src = line_ptr(obj, m->dma_in, "input", l, in, span_in);
      if (!src)
         return NVSIM_DMA_ERROR;
      uint8_t *dst = line_ptr(obj, m->dma_out, "output", l, out, span_out);
      if (!dst)
         return NVSIM_DMA_ERROR;
      if (!bytewise) {
         memmove(dst, src, m->line_length);
      } else {
         for (uint32_t i = 0; i < m->line_length; i++)
            dst[(uint64_t)i * m->inc_out] = src[(uint64_t)i * m->inc_in];
      }
   }
   return NVSIM_OK;
}

static enum nvsim_status
m2mf_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   struct m2mf *m = obj->priv;

   switch (mthd) {
   case NV04_M2MF_DMA_BUFFER_IN:
      return nvsim_bind_dma(obj, &m->dma_in, data);
   case NV04_M2MF_DMA_BUFFER_OUT:
      return nvsim_bind_dma(obj, &m->dma_out, data);
   case NV04_M2MF_OFFSET_IN:
      m->offset_in = data;
      return NVSIM_OK;
   case NV04_M2MF_OFFSET_OUT:
      m->offset_out = data;
      return NVSIM_OK;
   case NV04_M2MF_PITCH_IN:
      m->pitch_in = (int32_t)data;
      return NVSIM_OK;
   case NV04_M2MF_PITCH_OUT:
      m->pitch_out = (int32_t)data;
      return NVSIM_OK;
   case NV04_M2MF_LINE_LENGTH_IN:
      m->line_length = data;
      return NVSIM_OK;
   case NV04_M2MF_LINE_COUNT:
      m->line_count = data;
      return NVSIM_OK;
   case NV04_M2MF_FORMAT: {
      uint32_t in = (data & NV04_M2MF_FORMAT_INPUT_INC__MASK) >>
                    NV04_M2MF_FORMAT_INPUT_INC__SHIFT;
      uint32_t out = (data & NV04_M2MF_FORMAT_OUTPUT_INC__MASK) >>
                     NV04_M2MF_FORMAT_OUTPUT_INC__SHIFT;
      if (!valid_inc(in) || !valid_inc(out)) {
         nvsim_trap_detail(obj, "increments must be 1, 2 or 4 (in %u, out %u)",
                           in, out);
         return NVSIM_INVALID_VALUE;
      }
      m->inc_in = in;
      m->inc_out = out;
      return NVSIM_OK;
   }
   case NV04_M2MF_BUF_NOTIFY: {
      /* WRITE or WRITE_AND_AWAKEN, as for NOTIFY */
      if (data > NV4_GRAPH_NOTIFY_WRITE_AND_AWAKEN)
         return NVSIM_INVALID_VALUE;
      if (!obj->notify_dma) {
         nvsim_trap_detail(obj, "M2MF always writes its notifier: bind "
                           "DMA_NOTIFY first");
         return NVSIM_INVALID_STATE;
      }
      enum nvsim_status st = m2mf_copy(obj, m);
      if (st != NVSIM_OK)
         return st;
      return nvsim_notify_write(obj, NV_NOTIFY_INDEX_M2MF);
   }
   default:
      return NVSIM_ILLEGAL_MTHD;
   }
}

const struct nvsim_class nvsim_nv04_m2mf_class = {
   .oclass = NV04_M2MF_CLASS,
   .name = "NV04_M2MF",
   .create = m2mf_create,
   .destroy = m2mf_destroy,
   .method = m2mf_method,
};
