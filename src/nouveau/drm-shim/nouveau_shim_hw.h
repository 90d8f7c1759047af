/*
 * The hardware facts the shim itself needs come from our hwdb
 * (src/nouveau/hwdb/fifo.xml -> fifo.xml.h): the class of the DMA objects
 * the "kernel" makes for notifiers, NV3_DMA_IN_MEMORY_CLASS.
 */
#ifndef NOUVEAU_SHIM_HW_H
#define NOUVEAU_SHIM_HW_H

#include "fifo.xml.h"

#endif
