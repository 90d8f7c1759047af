/*
 * The chips nvsim models: the rows of hwdb's chip table (chips.xml,
 * nvhwdb_chips.h) whose "nvsim" column says yes, turned into what the
 * device reports (identity, board, memory sizes), the FIFO features the
 * pusher and puller read, the table of operations of the chip's
 * generation (nvsim_gen.h, selected by the generation column) and the
 * object classes the chip has AND that generation has a model of.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "nvsim_priv.h"
#include "nvhwdb_chips.h"
#include "nvsim_gen.h"

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
   uint32_t f = 0;
   for (unsigned i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
      if (hw->fifo & map[i].hw)
         f |= map[i].sim;
   }
   return f;
}

static const struct nvsim_gen *
gen_find(enum nvhwdb_generation generation)
{
   for (const struct nvsim_gen *const *g = nvsim_gens; *g; g++) {
      if ((*g)->generation == generation)
         return *g;
   }
   return NULL;
}

static void
chips_init(void)
{
   for (unsigned i = 0; i < nvhwdb_num_chips; i++) {
      const struct nvhwdb_chip *hw = &nvhwdb_chips[i];
      const struct nvsim_gen *gen = gen_find(hw->generation);
      if (!hw->nvsim || num_chips == NVSIM_MAX_CHIPS)
         continue;
      if (!gen) {
         /* chips.xml says nvsim models it: a generation without a table
          * is a build that misses its folder */
         fprintf(stderr, "nvsim: %s: nvsim has no table for its generation "
                 "(sim/generations.c)\n", hw->codename);
         continue;
      }
      struct nvsim_chip *c = &chips[num_chips++];
      unsigned n = 0;
      for (unsigned k = 0; k < hw->num_classes &&
                           n + 1 < NVSIM_CHIP_MAX_CLASSES; k++) {
         uint32_t oclass = hw->classes[k];
         if (nvsim_class_is_dma(oclass) || gen->class_model(oclass))
            c->class_list[n++] = oclass;
      }
      c->class_list[n] = 0;
      c->hw = hw;
      c->gen = gen;
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

/* The class models are the generations' (nvsim_gen.class_model); the
 * first that has one for oclass, for names. */
const struct nvsim_class *
nvsim_class_model(uint32_t oclass)
{
   for (const struct nvsim_gen *const *g = nvsim_gens; *g; g++) {
      const struct nvsim_class *cls = (*g)->class_model(oclass);
      if (cls)
         return cls;
   }
   return NULL;
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
