/*
 * Compatibility header, holding no facts: nvsim's core now takes every
 * hardware fact from the hwdb generated headers (fifo.xml.h:
 * NV4_DMA_CMD_*, NV4_PULLER_*, NV_NOTIFY_INDEX_*; nv_m2mf.xml.h).
 * Only src/nouveau/tools/nvtrace_read.c still includes this file; once it
 * uses NV4_PULLER_OBJECT_MTHD_FIRST/END from fifo.xml.h directly, delete it.
 */
#ifndef NVSIM_HW_H
#define NVSIM_HW_H

#include "fifo.xml.h"
#include "nv_m2mf.xml.h"
#include "nvhwdb_names.h"

#define NVSIM_OBJECT_MTHD_FIRST    NV4_PULLER_OBJECT_MTHD_FIRST
#define NVSIM_OBJECT_MTHD_END      NV4_PULLER_OBJECT_MTHD_END

#endif
