/*
 * Celsius (NV10): the table of operations nvsim uses for the NV1x chips
 * (nvsim_gen.h; chips.xml generation="celsius").  An NV04-family FIFO: the
 * DMA pusher, the channel's DMA objects over VRAM and GART, notifiers in
 * the notifier block's aperture (the core's nvsim_dma_* building blocks).
 * nvsim has no model of the celsius 3D classes yet.
 */
#include "nvsim_priv.h"
#include "nvsim_gen.h"
#include "nv40_2d.h"

const struct nvsim_gen nv10_gen = {
   .generation = NVHWDB_GEN_CELSIUS,
   .name = "celsius",
   .class_model = nvsim_nv04_family_class_model,
   NVSIM_GEN_NV04_FIFO_OPS,
};
