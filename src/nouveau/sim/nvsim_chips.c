/*
 * The chips nvsim knows: identity, memory sizes of the real boards, FIFO
 * features, and the object classes each chip has AND nvsim models.
 *
 * Sources: chipset ids and class availability from rnndb nvchipsets.xml and
 * fifo/nv_object.xml (enum obj-class, `variants`); PCI device ids and
 * marketing names from the PCI ID database (pci.ids, vendor 10de); memory
 * sizes are those of the board named; GART sizes are the nouveau kernel's
 * (nvkm mmu: 128 MiB PCI DMA on NV04-NV3x, 512 MiB on NV41+ PCIe GART),
 * 1 GiB on Tesla.
 */
#include <stdio.h>
#include <string.h>

#include "nvsim_priv.h"
#include "nv40_2d.h"

#define MiB (1024ull * 1024ull)
#define NVIDIA_PCI_VENDOR 0x10de

/* Class lists: DMA objects and NULL are on every chip (fifo/nv_object.xml
 * gives them no variants); NV04_M2MF_CLASS is NV3:G80; NV40_3D_CLASS is
 * "NV40:NV44 G70:G72 G71:C51", NV44_3D_CLASS "NV44:G70 G72:G71 C51:G80";
 * the 2D helpers NV10_SURFACE_2D NV10:G80, NV40_SURFACE_2D,
 * NV40_SURFACE_SWZ and NV40_SIFM NV40:G80 (upstream's nv30 driver
 * allocates 0x0062, 0x309e and 0x3089 at screen creation). */
static const uint32_t classes_nv10_nv2x[] = {
   NV1_DMA_FROM_MEMORY_CLASS, NV1_DMA_TO_MEMORY_CLASS, NV3_DMA_IN_MEMORY_CLASS, NV1_NULL_CLASS,
   NV04_M2MF_CLASS, 0,
};
/* Rankine (fifo.xml, variant ranges in rnndb chipset order NV30 NV35 NV31
 * NV36 NV34): NV30_3D 0x0397 is NV30:NV40 (every NV3x), NV35_3D 0x0497
 * NV35:NV34 (NV35, NV31, NV36), NV34_3D 0x0697 NV34:NV40 (NV34 only); the
 * 2D helpers NV10_SURFACE_2D NV10:G80 and NV30_SURFACE_2D,
 * NV30_SURFACE_SWZ, NV30_SIFM NV30:NV40 (upstream's nv30 driver allocates
 * 0x0062, 0x039e and 0x0389 on chipsets below 0x40, nv30_screen.c). */
#define RANKINE_HELPERS \
   NV1_DMA_FROM_MEMORY_CLASS, NV1_DMA_TO_MEMORY_CLASS, NV3_DMA_IN_MEMORY_CLASS, NV1_NULL_CLASS, \
   NV04_M2MF_CLASS, NV10_SURFACE_2D_CLASS, NV30_SURFACE_2D_CLASS, NV30_SURFACE_SWZ_CLASS, \
   NV30_SIFM_CLASS
static const uint32_t classes_nv30[] = {
   RANKINE_HELPERS, NV30_3D_CLASS, 0,
};
static const uint32_t classes_nv31_nv35[] = {
   RANKINE_HELPERS, NV30_3D_CLASS, NV35_3D_CLASS, 0,
};
static const uint32_t classes_nv34[] = {
   RANKINE_HELPERS, NV30_3D_CLASS, NV34_3D_CLASS, 0,
};
static const uint32_t classes_nv40[] = {
   NV1_DMA_FROM_MEMORY_CLASS, NV1_DMA_TO_MEMORY_CLASS, NV3_DMA_IN_MEMORY_CLASS, NV1_NULL_CLASS,
   NV04_M2MF_CLASS, NV40_3D_CLASS, NV10_SURFACE_2D_CLASS, NV40_SURFACE_2D_CLASS,
   NV40_SURFACE_SWZ_CLASS, NV40_SIFM_CLASS, 0,
};
static const uint32_t classes_nv44[] = {
   NV1_DMA_FROM_MEMORY_CLASS, NV1_DMA_TO_MEMORY_CLASS, NV3_DMA_IN_MEMORY_CLASS, NV1_NULL_CLASS,
   NV04_M2MF_CLASS, NV44_3D_CLASS, NV10_SURFACE_2D_CLASS, NV40_SURFACE_2D_CLASS,
   NV40_SURFACE_SWZ_CLASS, NV40_SIFM_CLASS, 0,
};
/* Tesla (fifo.xml, rnndb variant ranges in chipset order G80 G84 G86 G92
 * G94 G96 G98 G200 MCP77 MCP79 GT215 GT216 GT218 MCP89): G80_M2MF 0x5039
 * and G80_2D 0x502d are G80:GF100; G80_3D 0x5097 is G80:G200 (G80 and
 * the G84 family), G84_3D 0x8297 G84:G200, G200_3D 0x8397 G200:GT215
 * (G200, MCP77, MCP79), GT215_3D 0x8597 GT215:MCP89, MCP89_3D 0x8697
 * MCP89:GF100.  Upstream's nv50 driver allocates the newest of them:
 * 0x5097 on 0x5x, 0x8297 on 0x8x/0x9x, 0x8397 on a0/aa/ac, 0x8697 on af,
 * 0x8597 on the other 0xaX (nv50_screen.c). */
#define TESLA_HELPERS \
   NV1_DMA_FROM_MEMORY_CLASS, NV1_DMA_TO_MEMORY_CLASS, NV3_DMA_IN_MEMORY_CLASS, NV1_NULL_CLASS, \
   G80_M2MF_CLASS, G80_2D_CLASS, G80_COMPUTE_CLASS
/* G80_COMPUTE 0x50c0 is G80:GF100, GT215_COMPUTE 0x85c0 GT215:GF100
 * (upstream's nv50 driver binds 0x85c0 on a3/a5/a8, else 0x50c0). */
static const uint32_t classes_g80[] = {
   TESLA_HELPERS, G80_3D_CLASS, 0,
};
static const uint32_t classes_g84[] = {
   TESLA_HELPERS, G80_3D_CLASS, G84_3D_CLASS, 0,
};
static const uint32_t classes_g200[] = {
   TESLA_HELPERS, G200_3D_CLASS, 0,
};
static const uint32_t classes_gt215[] = {
   TESLA_HELPERS, GT215_COMPUTE_CLASS, GT215_3D_CLASS, 0,
};
static const uint32_t classes_mcp89[] = {
   TESLA_HELPERS, GT215_COMPUTE_CLASS, MCP89_3D_CLASS, 0,
};

/* FIFO feature sets, in rnndb chipset order (see nvsim_priv.h). */
#define F_NV10  (NVSIM_CHIP_NI_METHODS | NVSIM_CHIP_REF_CNT)
#define F_NV1A  (F_NV10 | NVSIM_CHIP_CALL_RET | NVSIM_CHIP_SEMAPHORE)
#define F_NV25  (F_NV1A | NVSIM_CHIP_KERNEL_CALL)
#define F_NV40  (F_NV25 | NVSIM_CHIP_YIELD)
#define F_G80   (F_NV40 | NVSIM_CHIP_TESLA)

#define CHIP(id, nm, mk, pci, vram, gart, cls, fl) \
   { { .chipset = id, .name = nm, .marketing = mk, \
       .pci_vendor = NVIDIA_PCI_VENDOR, .pci_device = pci, \
       .vram_size = (vram) * MiB, .gart_size = (gart) * MiB, \
       .channels = ((fl) & NVSIM_CHIP_TESLA) ? NV_FIFO_CHANNELS_G80 \
                                             : NV_FIFO_CHANNELS_NV10, \
       .classes = cls }, fl }

static const struct nvsim_chip chips[] = {
   CHIP(0x10, "NV10", "GeForce 256",              0x0100, 32, 128, classes_nv10_nv2x, F_NV10),
   CHIP(0x15, "NV15", "GeForce2 GTS",             0x0150, 32, 128, classes_nv10_nv2x, F_NV10),
   CHIP(0x11, "NV11", "GeForce2 MX",              0x0110, 32, 128, classes_nv10_nv2x, F_NV1A),
   CHIP(0x17, "NV17", "GeForce4 MX 440",          0x0171, 64, 128, classes_nv10_nv2x, F_NV1A),
   CHIP(0x18, "NV18", "GeForce4 MX 440 with AGP8X", 0x0181, 64, 128, classes_nv10_nv2x, F_NV1A),
   CHIP(0x20, "NV20", "GeForce3",                 0x0200, 64, 128, classes_nv10_nv2x, F_NV1A),
   CHIP(0x25, "NV25", "GeForce4 Ti 4600",         0x0250, 128, 128, classes_nv10_nv2x, F_NV25),
   CHIP(0x28, "NV28", "GeForce4 Ti 4800",         0x0280, 128, 128, classes_nv10_nv2x, F_NV25),
   CHIP(0x30, "NV30", "GeForce FX 5800 Ultra",    0x0301, 128, 128, classes_nv30, F_NV25),
   CHIP(0x31, "NV31", "GeForce FX 5600 Ultra",    0x0311, 128, 128, classes_nv31_nv35, F_NV25),
   CHIP(0x34, "NV34", "GeForce FX 5200",          0x0322, 128, 128, classes_nv34, F_NV25),
   CHIP(0x35, "NV35", "GeForce FX 5900 Ultra",    0x0330, 256, 128, classes_nv31_nv35, F_NV25),
   CHIP(0x36, "NV36", "GeForce FX 5700 Ultra",    0x0341, 128, 128, classes_nv31_nv35, F_NV25),
   CHIP(0x40, "NV40", "GeForce 6800 Ultra",       0x0040, 256, 512, classes_nv40, F_NV40),
   CHIP(0x41, "NV41", "GeForce 6800",             0x00c1, 128, 512, classes_nv40, F_NV40),
   CHIP(0x43, "NV43", "GeForce 6600 GT",          0x0140, 128, 512, classes_nv40, F_NV40),
   CHIP(0x44, "NV44", "GeForce 6200 TurboCache(TM)", 0x0161, 64, 512, classes_nv44, F_NV40),
   CHIP(0x4a, "NV44A", "GeForce 6200",            0x0221, 128, 512, classes_nv44, F_NV40),
   CHIP(0x47, "G70", "GeForce 7800 GTX",          0x0091, 256, 512, classes_nv40, F_NV40),
   CHIP(0x46, "G72", "GeForce 7300 GS",           0x01df, 128, 512, classes_nv44, F_NV40),
   CHIP(0x49, "G71", "GeForce 7900 GTX",          0x0290, 512, 512, classes_nv40, F_NV40),
   CHIP(0x4b, "G73", "GeForce 7600 GT",           0x0391, 256, 512, classes_nv40, F_NV40),
   /* Tesla boards: VRAM of the reference boards named (NVIDIA's
    * specifications: 8800 GTX 768 MiB, 8600 GTS 256, 8500 GT 256, 8800 GT
    * 512, 9600 GT 512, 9500 GT 512, 8400 GS 256, GTX 280 1024, GT 240
    * 512, GT 220 1024, 210 512); the IGPs (MCP77/79 GeForce 8200 /
    * 9400, MCP89 320M) have no VRAM of their own: the 256 MiB is the
    * usual carve-out of system memory the BIOS gives them. */
   CHIP(0x50, "G80", "GeForce 8800 GTX",          0x0191, 768, 1024, classes_g80, F_G80),
   CHIP(0x84, "G84", "GeForce 8600 GTS",          0x0400, 256, 1024, classes_g84, F_G80),
   CHIP(0x86, "G86", "GeForce 8500 GT",           0x0421, 256, 1024, classes_g84, F_G80),
   CHIP(0x92, "G92", "GeForce 8800 GT",           0x0611, 512, 1024, classes_g84, F_G80),
   CHIP(0x94, "G94", "GeForce 9600 GT",           0x0622, 512, 1024, classes_g84, F_G80),
   CHIP(0x96, "G96", "GeForce 9500 GT",           0x0640, 512, 1024, classes_g84, F_G80),
   CHIP(0x98, "G98", "GeForce 8400 GS",           0x06e4, 256, 1024, classes_g84, F_G80),
   CHIP(0xa0, "GT200", "GeForce GTX 280",         0x05e1, 1024, 1024, classes_g200, F_G80),
   CHIP(0xaa, "MCP77", "GeForce 8200",            0x0849, 256, 1024, classes_g200, F_G80),
   CHIP(0xac, "MCP79", "GeForce 9400",            0x0861, 256, 1024, classes_g200, F_G80),
   CHIP(0xa3, "GT215", "GeForce GT 240",          0x0ca3, 512, 1024, classes_gt215, F_G80),
   CHIP(0xa5, "GT216", "GeForce GT 220",          0x0a20, 1024, 1024, classes_gt215, F_G80),
   CHIP(0xa8, "GT218", "GeForce 210",             0x0a65, 512, 1024, classes_gt215, F_G80),
   CHIP(0xaf, "MCP89", "GeForce 320M",            0x08a0, 256, 1024, classes_mcp89, F_G80),
};

const struct nvsim_chip *
nvsim_chip_lookup(uint32_t chipset)
{
   for (unsigned i = 0; i < sizeof(chips) / sizeof(chips[0]); i++) {
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
