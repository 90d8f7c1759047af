/*
 * Conditional rendering (hwdb g80_3d.xml COND_ADDRESS_HIGH/LOW and
 * COND_MODE; g80_2d.xml the same three with DMA_COND; the values are
 * rnndb g80_defs.xml's g80_cond_mode, which NVIDIA's class headers for
 * NV502D call SET_RENDER_ENABLE_C MODE FALSE, TRUE, CONDITIONAL,
 * RENDER_IF_EQUAL, RENDER_IF_NOT_EQUAL):
 *
 * - NEVER: nothing renders; ALWAYS: everything does (no memory read).
 * - RES_NON_ZERO: renders when the RES field of the report at
 *   COND_ADDRESS is not zero.
 * - EQUAL / NOT_EQUAL: rnndb's comment: "the following two use *two*
 *   query objects and check for equality of their COUNTER and RES fields".
 *   EQUAL renders when they are equal, NOT_EQUAL when they differ.
 *
 * The report (g80_3d_query.c): QUERY_GET TYPE QUERY "writes QUERY_ID at
 * word 0, queried value at word 1", the 16-byte form adding a time in
 * words 2-3 (hwdb g80_query_report).  So the COUNTER field is word 0 (the
 * sequence), RES word 1 (the value).  The two query objects are
 * the 16-byte reports at COND_ADDRESS and the one after it, as both of
 * upstream's drivers lay them out (nv50_query_hw.c / nvc0_query_hw.c
 * begin_query: "data[4] = sequence + 1; for comparison COND_MODE", their
 * occlusion result data[1] - data[5]), and as upstream uses the modes:
 * GL's conditional render (draw when samples passed) is NOT_EQUAL, the
 * inverted one EQUAL (nv50_query.c nv50_render_condition; RES_NON_ZERO
 * is never used).
 *
 * Assumptions (no document says): RES_NON_ZERO reads word 1 alone, as a
 * 32-bit value; EQUAL compares words 0 and 1 of both reports and not
 * the times; COND_ADDRESS must be 4-byte aligned (reports are words, as
 * QUERY_GET's address): an unaligned one traps.  The condition is read
 * when the operation starts (VERTEX_BEGIN_GL, CLEAR_BUFFERS, a 2D
 * operation): nvsim runs a channel's methods in order, so a report a
 * QUERY_GET wrote before is what it reads.
 */
#include "g80_cond.h"
#include "g80_3d.h"
#include "g80_2d.xml.h"

/* the 2D class's COND_MODE is the same enum (rnndb: type g80_cond_mode
 * on both) */
_Static_assert(G80_2D_COND_MODE_NEVER == G80_3D_COND_MODE_NEVER &&
               G80_2D_COND_MODE_ALWAYS == G80_3D_COND_MODE_ALWAYS &&
               G80_2D_COND_MODE_RES_NON_ZERO ==
               G80_3D_COND_MODE_RES_NON_ZERO &&
               G80_2D_COND_MODE_EQUAL == G80_3D_COND_MODE_EQUAL &&
               G80_2D_COND_MODE_NOT_EQUAL == G80_3D_COND_MODE_NOT_EQUAL,
               "g80_cond_mode");

enum nvsim_status
g80_cond_render(struct nvsim_object *obj, uint32_t mode,
                struct nvsim_object *dma, uint64_t addr, const char *what,
                bool *render)
{
   *render = false;
   switch (mode) {
   case G80_3D_COND_MODE_NEVER:
      return NVSIM_OK;
   case G80_3D_COND_MODE_ALWAYS:
      *render = true;
      return NVSIM_OK;
   case G80_3D_COND_MODE_RES_NON_ZERO:
   case G80_3D_COND_MODE_EQUAL:
   case G80_3D_COND_MODE_NOT_EQUAL:
      break;
   default:
      /* the method's value check keeps other values out of the register;
       * this is for a caller that did not check */
      nvsim_trap_detail(obj, "%s under COND_MODE %u: not a value rnndb "
                        "names", what, mode);
      return NVSIM_INVALID_VALUE;
   }
   if (!dma || !dma->is_dma) {
      nvsim_trap_detail(obj, "%s under COND_MODE %u: no DMA object bound "
                        "for the condition", what, mode);
      return NVSIM_INVALID_STATE;
   }
   if (addr & 3) {
      nvsim_trap_detail(obj, "%s under COND_MODE %u: COND_ADDRESS 0x%llx "
                        "is not 4-byte aligned", what, mode,
                        (unsigned long long)addr);
      return NVSIM_INVALID_VALUE;
   }
   /* RES_NON_ZERO reads one report's first two words, EQUAL/NOT_EQUAL
    * two reports */
   const uint64_t len = (mode == G80_3D_COND_MODE_RES_NON_ZERO ? 0 :
                         G80_QUERY_REPORT_SIZE) + G80_QUERY_REPORT_WORD1 +
                        sizeof(uint32_t);
   const uint8_t *p = nvsim_dma_ptr(dma, addr, len);
   if (!p) {
      nvsim_trap_detail(obj, "%s under COND_MODE %u: the reports at "
                        "COND_ADDRESS 0x%llx are outside their DMA object "
                        "or any mapped buffer", what, mode,
                        (unsigned long long)addr);
      return NVSIM_DMA_ERROR;
   }
   if (mode == G80_3D_COND_MODE_RES_NON_ZERO) {
      *render = nvsim_get32(p + G80_QUERY_REPORT_WORD1) != 0;
      return NVSIM_OK;
   }
   const uint8_t *q = p + G80_QUERY_REPORT_SIZE;
   bool equal = nvsim_get32(p + G80_QUERY_REPORT_WORD0) ==
                nvsim_get32(q + G80_QUERY_REPORT_WORD0) &&
                nvsim_get32(p + G80_QUERY_REPORT_WORD1) ==
                nvsim_get32(q + G80_QUERY_REPORT_WORD1);
   *render = mode == G80_3D_COND_MODE_EQUAL ? equal : !equal;
   return NVSIM_OK;
}

enum nvsim_status
g80_3d_cond_render(struct g80_3d *ctx, const char *what, bool *render)
{
   uint64_t addr = (uint64_t)g80_3d_reg(ctx, G80_3D_COND_ADDRESS_HIGH) << 32 |
                   g80_3d_reg(ctx, G80_3D_COND_ADDRESS_LOW);
   uint32_t mode = g80_3d_reg(ctx, G80_3D_COND_MODE);
   /* the DMA object only when the mode reads memory: ALWAYS needs none */
   uint32_t handle = g80_3d_reg(ctx, G80_3D_DMA_QUERY);
   struct nvsim_object *dma = handle ? nvsim_lookup(ctx->obj->chan, handle) :
                                       NULL;
   return g80_cond_render(ctx->obj, mode, dma, addr, what, render);
}
