/*
 * Copies between a blocklinear surface and pitch memory on G80_M2MF
 * (hwdb nv_m2mf.xml, the G80 variant): LAYOUT_IN/OUT choose each side's
 * layout; a blocklinear side is described by BLOCKLINEAR_DIMENSIONS
 * (block height/depth in gobs, log2), PITCH (the surface's width in
 * bytes), HEIGHT, DEPTH and the POSITION of the copied rectangle (x in
 * bytes, y in rows) and its slice Z; a pitch side by its PITCH_IN/OUT.
 * OFFSET_IN/OUT (+ _HIGH) are 40-bit VM addresses through the channel's
 * VM-wide DMA objects (nv50_context_init_hw); BUF_NOTIFY starts the copy
 * of LINE_COUNT lines of LINE_LENGTH_IN bytes (docs/tesla.md "G80_M2MF
 * and G80_2D").
 */

#include <nouveau.h>

#include "util/format/u_format.h"
#include "util/u_math.h"

#include "nv50_context.h"
#include "nv50_resource.h"
#include "fifo.xml.h"
#include "nv_m2mf.xml.h"

#define M2MF_MTHD(nv50, mthd, n) \
   nouveau_push_mthd(&(nv50)->push, NOUVEAU_SUBC_M2MF, mthd, n)
#define M2MF_1(nv50, mthd, data) \
   nouveau_push_1(&(nv50)->push, NOUVEAU_SUBC_M2MF, mthd, data)

/* The copy once both sides' layouts are set: count lines of len bytes
 * from the VM address in to out, pitch apart on the pitch side(s),
 * started by BUF_NOTIFY. */
static void
m2mf_lines(struct nv50_context *nv50, uint64_t in, uint64_t out,
           uint32_t pitch, uint32_t len, uint32_t count)
{
   M2MF_MTHD(nv50, G80_M2MF_OFFSET_IN_HIGH, 2);
   nouveau_push_data(&nv50->push, in >> 32);
   nouveau_push_data(&nv50->push, out >> 32);
   M2MF_MTHD(nv50, NV04_M2MF_OFFSET_IN, 7);
   nouveau_push_data(&nv50->push, in);
   nouveau_push_data(&nv50->push, out);
   nouveau_push_data(&nv50->push, pitch);        /* PITCH_IN */
   nouveau_push_data(&nv50->push, pitch);        /* PITCH_OUT */
   nouveau_push_data(&nv50->push, len);          /* LINE_LENGTH_IN */
   nouveau_push_data(&nv50->push, count);        /* LINE_COUNT */
   nouveau_push_data(&nv50->push, NV04_M2MF_FORMAT_INPUT_INC_1 |
                                  NV04_M2MF_FORMAT_OUTPUT_INC_1);
   M2MF_1(nv50, NV04_M2MF_BUF_NOTIFY, 0);
}

bool
nv50_m2mf_copy_box(struct nv50_context *nv50, struct nv50_resource *res,
                   unsigned level, const struct pipe_box *box,
                   struct nouveau_bo *lin, uint32_t stride,
                   uint32_t layer_stride, bool to_surface)
{
   const struct pipe_resource *t = &res->base;
   const struct nv50_level *lv = &res->level[level];
   const bool is3d = t->target == PIPE_TEXTURE_3D;
   const unsigned cpp = util_format_get_blocksize(t->format);
   const uint32_t rows = util_format_get_nblocksy(t->format,
                                                  u_minify(t->height0, level))
                         << res->ms_y;
   const uint32_t depth = is3d ? u_minify(t->depth0, level) : 1;
   const uint32_t bx = box->x / util_format_get_blockwidth(t->format) * cpp;
   const uint32_t by = box->y / util_format_get_blockheight(t->format);
   const uint32_t line = util_format_get_nblocksx(t->format, box->width) * cpp;
   const uint32_t nby = util_format_get_nblocksy(t->format, box->height);
   const uint32_t dims =
      G80_M2MF_BLOCKLINEAR_DIMENSIONS_IN_HEIGHT(lv->block_h) |
      G80_M2MF_BLOCKLINEAR_DIMENSIONS_IN_DEPTH(lv->block_d);

   for (int z = 0; z < box->depth; z++) {
      uint64_t surf = nv50_resource_address(res, level,
                                            is3d ? 0 : box->z + z);
      uint32_t sz = is3d ? box->z + z : 0;

      for (uint32_t y = 0; y < nby; y += NV50_M2MF_MAX_LINES) {
         uint32_t n = MIN2(nby - y, NV50_M2MF_MAX_LINES);
         uint64_t linear = lin->offset + (uint64_t)z * layer_stride +
                           (uint64_t)y * stride;
         uint64_t in = to_surface ? linear : surf;
         uint64_t out = to_surface ? surf : linear;

         if (!nv50_push_begin(nv50, 32))
            return false;
         nv50_push_ref(nv50, res->bo, res->domain |
                       (to_surface ? NOUVEAU_BO_WR : NOUVEAU_BO_RD));
         nv50_push_ref(nv50, lin, NOUVEAU_BO_GART |
                       (to_surface ? NOUVEAU_BO_RD : NOUVEAU_BO_WR));
         /* the surface side: IN when reading it, OUT when writing */
         M2MF_MTHD(nv50, to_surface ? G80_M2MF_LAYOUT_OUT
                                    : G80_M2MF_LAYOUT_IN, 7);
         nouveau_push_data(&nv50->push, G80_M2MF_LAYOUT_IN_BLOCKLINEAR);
         nouveau_push_data(&nv50->push, dims);
         nouveau_push_data(&nv50->push, lv->pitch);
         nouveau_push_data(&nv50->push, rows);
         nouveau_push_data(&nv50->push, depth);
         nouveau_push_data(&nv50->push, sz);
         nouveau_push_data(&nv50->push,
                           G80_M2MF_BLOCKLINEAR_POSITION_IN_X(bx) |
                           G80_M2MF_BLOCKLINEAR_POSITION_IN_Y(by + y));
         M2MF_1(nv50, to_surface ? G80_M2MF_LAYOUT_IN : G80_M2MF_LAYOUT_OUT,
                G80_M2MF_LAYOUT_IN_PITCH);
         m2mf_lines(nv50, in, out, stride, line, n);
      }
   }
   return true;
}

/* Copies size bytes between buffers in lines of M2MF (pitch both
 * sides); false when the channel is lost. */
bool
nv50_m2mf_copy_buffer(struct nv50_context *nv50, struct nv50_resource *dst,
                      uint64_t dst_offset, struct nv50_resource *src,
                      uint64_t src_offset, uint64_t size)
{
   /* lines of 64 KiB (upstream copies buffers in lines of up to 128
    * KiB, fact), at most NV50_M2MF_MAX_LINES a BUF_NOTIFY as
    * nv50_m2mf_copy_box; the rest in one shorter line */
   const uint32_t line = 1 << 16;
   const uint32_t max_lines = NV50_M2MF_MAX_LINES;

   while (size) {
      uint32_t lines = MIN2(size / line, max_lines);
      uint32_t len = lines ? line : (uint32_t)size;
      uint64_t in = src->bo->offset + src_offset;
      uint64_t out = dst->bo->offset + dst_offset;

      if (!lines)
         lines = 1;
      if (!nv50_push_begin(nv50, 24))
         return false;
      nv50_push_ref(nv50, src->bo, src->domain | NOUVEAU_BO_RD);
      nv50_push_ref(nv50, dst->bo, dst->domain | NOUVEAU_BO_WR);
      M2MF_1(nv50, G80_GRAPH_SERIALIZE, 0);
      M2MF_1(nv50, G80_M2MF_LAYOUT_IN, G80_M2MF_LAYOUT_IN_PITCH);
      M2MF_1(nv50, G80_M2MF_LAYOUT_OUT, G80_M2MF_LAYOUT_IN_PITCH);
      m2mf_lines(nv50, in, out, len, len, lines);
      NV50_3D_1(nv50, G80_GRAPH_SERIALIZE, 0);
      size -= (uint64_t)len * lines;
      src_offset += (uint64_t)len * lines;
      dst_offset += (uint64_t)len * lines;
   }
   return true;
}
