/*
 * G80_M2MF (0x5039, G80:GF100): the NV04 memory-to-memory copy with 40-bit
 * addresses and a layout per side (hwdb nv_m2mf.xml, from rnndb
 * graph/nv_m2mf.xml).
 *
 * The copy runs when BUF_NOTIFY is written: LINE_COUNT lines of
 * LINE_LENGTH_IN bytes.  A PITCH side reads/writes line l at
 *    OFFSET + l * PITCH
 * a BLOCKLINEAR side at the surface starting at OFFSET (BLOCKLINEAR_PITCH
 * bytes wide, HEIGHT rows, DEPTH layers, blocks of BLOCKLINEAR_DIMENSIONS)
 * from byte x = POSITION.X, row y = POSITION.Y + l, layer POSITION_Z
 * (sim/nv50/nv50_layout.c).  Upstream's nv50 driver programs exactly that:
 * PITCH_IN/OUT with the linear side's offset advanced per line batch,
 * TILING_POSITION (y << 16 | x * cpp) for the block-linear side.
 * FORMAT's increments (1..16) spread or gather bytes as on NV04.
 * Assumptions (no document describes G80 M2MF's notifier): BUF_NOTIFY only
 * starts the copy; a notifier is written when a NOTIFY precedes it (the
 * core's common NOTIFY); both layouts start as PITCH.
 */
#include <stdlib.h>
#include <string.h>

#include "nv50_priv.h"
#include "nv50_layout.h"
#include "g80_fifo.xml.h"
#include "nv_m2mf.xml.h"

struct g80_m2mf_side {
   struct nvsim_object *dma;
   uint64_t offset;               /* 40-bit: OFFSET | OFFSET_HIGH << 32 */
   int32_t pitch;
   bool blocklinear;
   uint32_t dimensions, bl_pitch, bl_height, bl_depth, z, x, y;
   uint32_t inc;
};

struct g80_m2mf {
   struct g80_m2mf_side in, out;
   uint32_t line_length, line_count;
};

static void *
g80_m2mf_create(struct nvsim_object *obj)
{
   struct g80_m2mf *m = calloc(1, sizeof(*m));
   if (m)
      m->in.inc = m->out.inc = 1;
   return m;
}

static void
g80_m2mf_destroy(void *priv)
{
   free(priv);
}

static bool
valid_inc(uint32_t inc)
{
   /* hwdb nv_m2mf_inc: 1, 2, 4, and 8, 16 on G80_M2MF */
   return inc == 1 || inc == 2 || inc == 4 || inc == 8 || inc == 16;
}

/* Offset in the side's DMA object of byte b of line l; false with the trap
 * detail set when the byte is outside the block-linear surface. */
static bool
side_offset(struct nvsim_object *obj, const struct g80_m2mf_side *s,
            const struct nv50_layout *lay, const char *dir, uint32_t l,
            uint64_t b, uint64_t *off)
{
   if (!s->blocklinear) {
      int64_t o = (int64_t)s->offset + (int64_t)l * s->pitch + (int64_t)b;
      if (o < 0) {
         nvsim_trap_detail(obj, "%s line %u starts before its DMA object",
                           dir, l);
         return false;
      }
      *off = (uint64_t)o;
      return true;
   }
   uint64_t x = s->x + b, y = (uint64_t)s->y + l;
   if (x >= s->bl_pitch || y >= s->bl_height || s->z >= s->bl_depth) {
      nvsim_trap_detail(obj, "%s line %u byte %llu: (x %llu, y %llu, z %u) "
                        "is outside the %ux%ux%u block-linear surface", dir,
                        l, (unsigned long long)b, (unsigned long long)x,
                        (unsigned long long)y, s->z, s->bl_pitch,
                        s->bl_height, s->bl_depth);
      return false;
   }
   *off = s->offset + nv50_layout_offset(lay, (uint32_t)x, (uint32_t)y, s->z);
   return true;
}

static uint8_t *
side_ptr(struct nvsim_object *obj, const struct g80_m2mf_side *s,
         const char *dir, uint32_t l, uint64_t off, uint64_t len)
{
   uint8_t *p = nvsim_dma_ptr(s->dma, off, len);
   if (!p)
      nvsim_trap_detail(obj, "%s line %u bytes [0x%llx, 0x%llx) of DMA "
                        "object 0x%08x are outside it or not inside one "
                        "mapped buffer", dir, l, (unsigned long long)off,
                        (unsigned long long)(off + len), s->dma->handle);
   return p;
}

static bool
side_layout(struct nvsim_object *obj, const struct g80_m2mf_side *s,
            const char *dir, struct nv50_layout *lay)
{
   if (!s->blocklinear)
      return true;
   if (!nv50_layout_blocklinear(lay, s->dimensions, s->bl_pitch,
                                s->bl_height, s->bl_depth)) {
      nvsim_trap_detail(obj, "%s block dimensions 0x%x: a log2 above 5",
                        dir, s->dimensions);
      return false;
   }
   return true;
}

static enum nvsim_status
g80_m2mf_copy(struct nvsim_object *obj, struct g80_m2mf *m)
{
   if (!m->line_length || !m->line_count)
      return NVSIM_OK;
   if (!m->in.dma || !m->out.dma) {
      nvsim_trap_detail(obj, "DMA_BUFFER_%s not set", m->in.dma ? "OUT" : "IN");
      return NVSIM_INVALID_STATE;
   }
   struct nv50_layout lin = { 0 }, lout = { 0 };
   if (!side_layout(obj, &m->in, "input", &lin) ||
       !side_layout(obj, &m->out, "output", &lout))
      return NVSIM_INVALID_VALUE;

   /* steps of the loop below: a byte each when either side increments by
    * more than one, else a run of contiguous bytes (a gob row, 64 B, at
    * the shortest in a block-linear surface) */
   bool bytewise = m->in.inc != 1 || m->out.inc != 1;
   bool blocklinear = m->in.blocklinear || m->out.blocklinear;
   uint64_t per_line = bytewise ? m->line_length :
                       blocklinear ? m->line_length / G80_GOB_WIDTH_BYTES + 2 : 1;
   if (!nvsim_copy_steps_ok(obj, m->line_count, per_line))
      return NVSIM_INVALID_STATE;

   for (uint32_t l = 0; l < m->line_count; l++) {
      uint64_t i = 0;
      while (i < m->line_length) {
         uint64_t bin = i * m->in.inc, bout = i * m->out.inc;
         uint64_t oin, oout;
         if (!side_offset(obj, &m->in, &lin, "input", l, bin, &oin) ||
             !side_offset(obj, &m->out, &lout, "output", l, bout, &oout))
            return NVSIM_DMA_ERROR;
         /* bytes that are contiguous on both sides */
         uint64_t n = 1;
         if (m->in.inc == 1 && m->out.inc == 1) {
            n = m->line_length - i;
            if (m->in.blocklinear && n > nv50_layout_run(&lin, m->in.x + i))
               n = nv50_layout_run(&lin, m->in.x + i);
            if (m->out.blocklinear && n > nv50_layout_run(&lout, m->out.x + i))
               n = nv50_layout_run(&lout, m->out.x + i);
         }
         const uint8_t *src = side_ptr(obj, &m->in, "input", l, oin, n);
         if (!src)
            return NVSIM_DMA_ERROR;
         uint8_t *dst = side_ptr(obj, &m->out, "output", l, oout, n);
         if (!dst)
            return NVSIM_DMA_ERROR;
         memmove(dst, src, n);
         i += n;
      }
   }
   return NVSIM_OK;
}

static enum nvsim_status
g80_m2mf_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   struct g80_m2mf *m = obj->priv;

   switch (mthd) {
   case NV04_M2MF_DMA_BUFFER_IN:
      return nvsim_bind_dma(obj, &m->in.dma, data);
   case NV04_M2MF_DMA_BUFFER_OUT:
      return nvsim_bind_dma(obj, &m->out.dma, data);
   case G80_M2MF_LAYOUT_IN:
   case G80_M2MF_LAYOUT_OUT: {
      struct g80_m2mf_side *s = mthd == G80_M2MF_LAYOUT_IN ? &m->in : &m->out;
      if (data != G80_M2MF_LAYOUT_IN_PITCH &&
          data != G80_M2MF_LAYOUT_IN_BLOCKLINEAR)
         return NVSIM_INVALID_VALUE;
      s->blocklinear = data == G80_M2MF_LAYOUT_IN_BLOCKLINEAR;
      return NVSIM_OK;
   }
   case G80_M2MF_BLOCKLINEAR_DIMENSIONS_IN:
      m->in.dimensions = data;
      return NVSIM_OK;
   case G80_M2MF_BLOCKLINEAR_DIMENSIONS_OUT:
      m->out.dimensions = data;
      return NVSIM_OK;
   case G80_M2MF_BLOCKLINEAR_PITCH_IN:
      m->in.bl_pitch = data;
      return NVSIM_OK;
   case G80_M2MF_BLOCKLINEAR_PITCH_OUT:
      m->out.bl_pitch = data;
      return NVSIM_OK;
   case G80_M2MF_BLOCKLINEAR_HEIGHT_IN:
      m->in.bl_height = data;
      return NVSIM_OK;
   case G80_M2MF_BLOCKLINEAR_HEIGHT_OUT:
      m->out.bl_height = data;
      return NVSIM_OK;
   case G80_M2MF_BLOCKLINEAR_DEPTH_IN:
      m->in.bl_depth = data;
      return NVSIM_OK;
   case G80_M2MF_BLOCKLINEAR_DEPTH_OUT:
      m->out.bl_depth = data;
      return NVSIM_OK;
   case G80_M2MF_BLOCKLINEAR_POSITION_IN_Z:
      m->in.z = data;
      return NVSIM_OK;
   case G80_M2MF_BLOCKLINEAR_POSITION_OUT_Z:
      m->out.z = data;
      return NVSIM_OK;
   case G80_M2MF_BLOCKLINEAR_POSITION_IN:
   case G80_M2MF_BLOCKLINEAR_POSITION_OUT: {
      struct g80_m2mf_side *s =
         mthd == G80_M2MF_BLOCKLINEAR_POSITION_IN ? &m->in : &m->out;
      s->x = (data & G80_M2MF_BLOCKLINEAR_POSITION_IN_X__MASK) >>
             G80_M2MF_BLOCKLINEAR_POSITION_IN_X__SHIFT;
      s->y = (data & G80_M2MF_BLOCKLINEAR_POSITION_IN_Y__MASK) >>
             G80_M2MF_BLOCKLINEAR_POSITION_IN_Y__SHIFT;
      return NVSIM_OK;
   }
   case G80_M2MF_OFFSET_IN_HIGH:
   case G80_M2MF_OFFSET_OUT_HIGH: {
      struct g80_m2mf_side *s = mthd == G80_M2MF_OFFSET_IN_HIGH ? &m->in : &m->out;
      /* bits 32..39 of a 40-bit VM address */
      if (data >> (G80_VM_ADDRESS_BITS - 32)) {
         nvsim_trap_detail(obj, "0x%x is more than address bits 32..39", data);
         return NVSIM_INVALID_VALUE;
      }
      s->offset = (s->offset & 0xffffffffull) | (uint64_t)data << 32;
      return NVSIM_OK;
   }
   case NV04_M2MF_OFFSET_IN:
      m->in.offset = (m->in.offset & ~0xffffffffull) | data;
      return NVSIM_OK;
   case NV04_M2MF_OFFSET_OUT:
      m->out.offset = (m->out.offset & ~0xffffffffull) | data;
      return NVSIM_OK;
   case NV04_M2MF_PITCH_IN:
      m->in.pitch = (int32_t)data;
      return NVSIM_OK;
   case NV04_M2MF_PITCH_OUT:
      m->out.pitch = (int32_t)data;
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
         nvsim_trap_detail(obj, "increments must be 1, 2, 4, 8 or 16 (in %u, "
                           "out %u)", in, out);
         return NVSIM_INVALID_VALUE;
      }
      m->in.inc = in;
      m->out.inc = out;
      return NVSIM_OK;
   }
   case NV04_M2MF_BUF_NOTIFY:
      return g80_m2mf_copy(obj, m);
   default:
      return NVSIM_ILLEGAL_MTHD;
   }
}

const struct nvsim_class nvsim_g80_m2mf_class = {
   .oclass = G80_M2MF_CLASS,
   .name = "G80_M2MF",
   .create = g80_m2mf_create,
   .destroy = g80_m2mf_destroy,
   .method = g80_m2mf_method,
};
