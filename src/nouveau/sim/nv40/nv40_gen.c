/*
 * Curie (NV40): the table of operations nvsim uses for the NV4x and G7x
 * chips (nvsim_gen.h; chips.xml generation="curie").  An NV04-family FIFO: the
 * DMA pusher, the channel's DMA objects over VRAM and GART, notifiers in
 * the notifier block's aperture (the core's nvsim_dma_* building blocks).
 */
#include "nvsim_priv.h"
#include "nvsim_gen.h"
#include "nv40_2d.h"
#include "nv40_3d.h"

static const struct nvsim_class *
nv40_class_model(uint32_t oclass)
{
   switch (oclass) {
   case NV40_3D_CLASS:
   case NV44_3D_CLASS:
      return &nvsim_nv40_3d_class;
   default:
      /* NULL, M2MF and the 2D helpers (sim/nv40/nv40_2d.c models the
       * NV04-family objects for every generation), else NULL */
      return nvsim_nv04_family_class_model(oclass);
   }
}

const struct nvsim_gen nv40_gen = {
   .generation = NVHWDB_GEN_CURIE,
   .name = "curie",
   .class_model = nv40_class_model,
   NVSIM_GEN_NV04_FIFO_OPS,
};
