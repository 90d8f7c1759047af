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
   case NV1_NULL_CLASS:
      return &nvsim_null_class;
   case NV04_M2MF_CLASS:
      return &nvsim_nv04_m2mf_class;
   case NV40_3D_CLASS:
   case NV44_3D_CLASS:
      return &nvsim_nv40_3d_class;
   default:
      /* SURFACE_2D, SURFACE_SWZ, SIFM (sim/nv40/nv40_2d.c models the
       * NV04-family 2D helpers for every generation), else NULL */
      return nv40_2d_class_model(oclass);
   }
}

const struct nvsim_gen nv40_gen = {
   .generation = NVHWDB_GEN_CURIE,
   .name = "curie",
   .class_model = nv40_class_model,
   .channel_init = nvsim_dma_channel_init,
   .notifier_window = nvsim_dma_notifier_window,
   .run_push = nvsim_dma_pusher_run,
   .puller_knows = nvsim_dma_puller_knows,
   .puller_method = nvsim_dma_puller_method,
   .notify_blocks_bind = true,
};
