/*
 * The chips nvsim models: the rows of hwdb's chip table (chips.xml,
 * nvhwdb_chips.h) whose "nvsim" column says yes, turned into what the
 * device reports (identity, board, memory sizes), the FIFO features the
 * pusher and puller read, and the object classes the chip has AND nvsim
 * has a model of.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "nvsim_priv.h"
#include "nvhwdb_chips.h"
#include "nv40_2d.h"

#define MiB (1024ull * 1024ull)
#define NVIDIA_PCI_VENDOR 0x10de

static struct nvsim_chip chips[NVSIM_MAX_CHIPS];
static unsigned num_chips;
static pthread_once_t chips_once = PTHREAD_ONCE_INIT;

static uint32_t
fifo_flags(const struct nvhwdb_chip *hw)
{
   static const struct { uint32_t hw, sim; } map[] = {
      { NVHWDB_FIFO_NI_METHODS, NVSIM_CHIP_NI_METHODS },
      { NVHWDB_FIFO_CALL_RET, NVSIM_CHIP_CALL_RET },
      { NVHWDB_FIFO_REF_CNT, NVSIM_CHIP_REF_CNT },
      { NVHWDB_FIFO_SEMAPHORE, NVSIM_CHIP_SEMAPHORE },
      { NVHWDB_FIFO_YIELD, NVSIM_CHIP_YIELD },
      { NVHWDB_FIFO_KERNEL_CALL, NVSIM_CHIP_KERNEL_CALL },
   };
   uint32_t f = hw->generation >= NVHWDB_GEN_TESLA ? NVSIM_CHIP_TESLA : 0;
   for (unsigned i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
      if (hw->fifo & map[i].hw)
         f |= map[i].sim;
   }
   return f;
}

static void
chips_init(void)
{
   for (unsigned i = 0; i < nvhwdb_num_chips; i++) {
      const struct nvhwdb_chip *hw = &nvhwdb_chips[i];
      if (!hw->nvsim || num_chips == NVSIM_MAX_CHIPS)
         continue;
      struct nvsim_chip *c = &chips[num_chips++];
      unsigned n = 0;
      for (unsigned k = 0; k < hw->num_classes &&
                           n + 1 < NVSIM_CHIP_MAX_CLASSES; k++) {
         uint32_t oclass = hw->classes[k];
         if (nvsim_class_is_dma(oclass) || nvsim_class_model(oclass))
            c->class_list[n++] = oclass;
      }
      c->class_list[n] = 0;
      c->hw = hw;
      c->flags = fifo_flags(hw);
      c->info = (struct nvsim_chip_info) {
         .chipset = hw->chipset,
         .name = hw->codename,
         .marketing = hw->board,
         .pci_vendor = NVIDIA_PCI_VENDOR,
         .pci_device = hw->pci_device,
         .vram_size = hw->vram_mib * MiB,
         .gart_size = hw->gart_mib * MiB,
         .channels = hw->channels,
         .classes = c->class_list,
      };
   }
}

const struct nvsim_chip *
nvsim_chip_lookup(uint32_t chipset)
{
   pthread_once(&chips_once, chips_init);
   for (unsigned i = 0; i < num_chips; i++) {
      if (chips[i].info.chipset == chipset)
         return &chips[i];
   }
   return NULL;
}

bool
nvsim_class_is_dma(uint32_t oclass)
{
   return oclass == NV1_DMA_FROM_MEMORY_CLASS || oclass == NV1_DMA_TO_MEMORY_CLASS ||
          oclass == NV3_DMA_IN_MEMORY_CLASS;
}

/* The class models nvsim has.  One model may serve several class ids (the
 * curie model serves the rankine and curie 3D classes; it reads obj->oclass). */
const struct nvsim_class *
nvsim_class_model(uint32_t oclass)
{
   switch (oclass) {
   case NV1_NULL_CLASS:
      return &nvsim_null_class;
   case NV04_M2MF_CLASS:
      return &nvsim_nv04_m2mf_class;
   case NV30_3D_CLASS:
   case NV35_3D_CLASS:
   case NV34_3D_CLASS:
      /* rankine: the curie model with the NV3x differences (sim/nv30/) */
   case NV40_3D_CLASS:
   case NV44_3D_CLASS:
      return &nvsim_nv40_3d_class;
   /* Tesla (sim/nv50) */
   case G80_M2MF_CLASS:
      return &nvsim_g80_m2mf_class;
   case G80_2D_CLASS:
      return &nvsim_g80_2d_class;
   case G80_3D_CLASS:
   case G84_3D_CLASS:
   case G200_3D_CLASS:
   case GT215_3D_CLASS:
   case MCP89_3D_CLASS:
   case G80_COMPUTE_CLASS:
   case GT215_COMPUTE_CLASS:
      return &nvsim_g80_3d_stub_class;
   default:
      /* SURFACE_2D, SURFACE_SWZ, SIFM (sim/nv40/nv40_2d.c), else NULL */
      return nv40_2d_class_model(oclass);
   }
}

const char *
nvsim_class_name(uint32_t oclass, const struct nvsim_class *cls, char *buf,
                 size_t n)
{
   const char *name = nvhwdb_class_name(oclass);
   if (name) {
      snprintf(buf, n, "%s", name);
      return buf;
   }
   if (!cls)
      cls = nvsim_class_model(oclass);
   if (cls && cls->name)
      snprintf(buf, n, "%s", cls->name);
   else if (nvsim_class_is_dma(oclass))
      snprintf(buf, n, "DMA");
   else
      snprintf(buf, n, "UNK%04X", oclass);
   return buf;
}
