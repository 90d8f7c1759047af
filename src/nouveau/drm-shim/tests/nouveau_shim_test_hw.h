/*
 * Hardware facts the shim test uses, all from our hwdb: the M2MF class and
 * its methods (hwdb/nv_m2mf.xml), class ids, the subchannel OBJECT method
 * and the pre-NV50 pushbuffer command word (hwdb/fifo.xml "NV4_DMA_CMD",
 * envytools-docs/hw/fifo/dma-pusher.rst).
 */
#ifndef NOUVEAU_SHIM_TEST_HW_H
#define NOUVEAU_SHIM_TEST_HW_H

#include <stdint.h>

#include "fifo.xml.h"
#include "nv_m2mf.xml.h"

/* An "increasing methods" command: `count` data words for consecutive
 * methods from `mthd` on subchannel `subc`. */
static inline uint32_t
nv04_fifo_incr(unsigned subc, uint32_t mthd, unsigned count)
{
   return NV4_DMA_CMD_TYPE_INCREASING | NV4_DMA_CMD_COUNT(count) |
          NV4_DMA_CMD_SUBC(subc) | NV4_DMA_CMD_METHOD(mthd) |
          NV4_DMA_CMD_KIND_METHODS;
}

#endif
