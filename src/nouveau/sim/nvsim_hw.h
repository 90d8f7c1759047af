/*
 * The hardware facts nvsim's core uses: the hwdb generated headers
 * (src/nouveau/hwdb: class ids, puller and graph methods, M2MF, the
 * notifier layout), plus the few facts hwdb does not describe yet (the DMA
 * pusher's command words), each with its source.
 */
#ifndef NVSIM_HW_H
#define NVSIM_HW_H

#include "fifo.xml.h"
#include "nv_m2mf.xml.h"
#include "nvhwdb_names.h"

/*
 * The pre-GF100 DMA pusher command words, envytools-docs/hw/fifo/
 * dma-pusher.rst "The commands - pre-GF100 format" (not in rnndb, which
 * describes methods, not the command stream).
 * STUB until hwdb describes the command formats.
 */
#define NVSIM_CMD_METHOD_SHIFT     2          /* MMMMMMMMMMM00: byte address */
#define NVSIM_CMD_METHOD_MASK      0x1ffc
#define NVSIM_CMD_SUBC_SHIFT       13
#define NVSIM_CMD_SUBC_MASK        0x7
#define NVSIM_CMD_COUNT_SHIFT      18
#define NVSIM_CMD_COUNT_MASK       0x7ff
#define NVSIM_CMD_INC_MASK         0xe0030003 /* increasing: (w & mask) == 0 */
#define NVSIM_CMD_INC_VALUE        0x00000000
#define NVSIM_CMD_NI_VALUE         0x40000000 /* non-increasing [NV10+] */
#define NVSIM_CMD_OLD_JUMP_MASK    0xe0000003 /* old jump [NV4+] */
#define NVSIM_CMD_OLD_JUMP_VALUE   0x20000000
#define NVSIM_CMD_OLD_JUMP_TARGET  0x1ffffffc
#define NVSIM_CMD_TYPE_MASK        0x00000003 /* jump/call [NV1A+] */
#define NVSIM_CMD_JUMP_VALUE       0x00000001
#define NVSIM_CMD_CALL_VALUE       0x00000002
#define NVSIM_CMD_TARGET_MASK      0xfffffffc
#define NVSIM_CMD_RETURN           0x00020000 /* return [NV1A+] */
#define NVSIM_CMD_LONG_NI_MASK     0xffff0003 /* long NI [IB mode only] */
#define NVSIM_CMD_LONG_NI_VALUE    0x00030000
#define NVSIM_CMD_SLI_VALUE        0x00010000 /* SLI conditional [NV40+] */

/* DMA_NOTIFY sits at 0x180 in every NV4+ graphics class that has it
 * (rnndb graph/nv_m2mf.xml, nv30-40_3d.xml, nv4_3d.xml, nv1_*.xml). */
#define NVSIM_GRAPH_DMA_NOTIFY     NV04_M2MF_DMA_NOTIFY

/* Puller: methods below this are FIFO methods (puller.rst). */
#define NVSIM_FIRST_ENGINE_MTHD    0x0100
/* Puller: 0x180..0x1fc take handles looked up in RAMHT (puller.rst, NV4:GF100). */
#define NVSIM_OBJECT_MTHD_FIRST    0x0180
#define NVSIM_OBJECT_MTHD_END      0x0200
/* Old-style semaphore offset: multiple of 4, 12 bits [NV1A:G80] (puller.rst). */
#define NVSIM_SEMAPHORE_OFFSET_LIMIT 0x1000
/* The M2MF notifier is the second one of the notify DMA object, at 0x10
 * (envytools-docs/hw/graph/intro.rst "Notifiers"). */
#define NVSIM_NOTIFIER_M2MF        1

#endif
