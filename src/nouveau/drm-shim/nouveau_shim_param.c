/*
 * GETPARAM / SETPARAM: what libdrm (nouveau_device_new: CHIPSET_ID,
 * HAS_BO_USAGE, FB_SIZE, AGP_SIZE) and the Gallium drivers (PCI_DEVICE,
 * PTIMER_TIME, GRAPH_UNITS, VRAM_USED) ask.  Parameter ids are libdrm's
 * nouveau_drm.h (and nouveau_drm_ext.h for newer ones); the answers follow
 * Linux's nouveau_abi16_ioctl_getparam().
 */
#include <errno.h>
#include <time.h>

#include "nouveau_shim.h"
/* after nouveau_shim.h: the kernel header needs <stdint.h> first */
#include "nouveau_drm.h"
#include "nouveau/nouveau_drm_ext.h"
#include "fifo.xml.h"

/* nouveau_abi16_ioctl_getparam() BUS_TYPE answers: 0 AGP, 1 PCI, 2 PCIE. */
#define NOUVEAU_SHIM_BUS_TYPE_PCIE 2

int
nouveau_shim_ioctl_getparam(int fd, void *arg)
{
   struct drm_nouveau_getparam *req = arg;
   const struct nvsim_chip_info *info = nouveau_shim.info;

   switch (req->param) {
   case NOUVEAU_GETPARAM_PCI_VENDOR:
      req->value = info->pci_vendor;
      return 0;
   case NOUVEAU_GETPARAM_PCI_DEVICE:
      req->value = info->pci_device;
      return 0;
   case NOUVEAU_GETPARAM_BUS_TYPE:
      /* The shim shows a PCI(e) device (sysfs), and nvsim has no AGP
       * aperture: GART is plain system memory. */
      req->value = NOUVEAU_SHIM_BUS_TYPE_PCIE;
      return 0;
   case NOUVEAU_GETPARAM_FB_SIZE:
      req->value = info->vram_size;
      return 0;
   case NOUVEAU_GETPARAM_AGP_SIZE:
      /* The kernel answers the GART (TTM TT) size here on every bus. */
      req->value = info->gart_size;
      return 0;
   case NOUVEAU_GETPARAM_CHIPSET_ID:
      req->value = info->chipset;
      return 0;
   case NOUVEAU_GETPARAM_VM_VRAM_BASE:
      /* Deprecated in the kernel, which answers 0. */
      req->value = 0;
      return 0;
   case NOUVEAU_GETPARAM_GRAPH_UNITS:
      /* The kernel answers 0 for a PGRAPH without units (nvkm_gr_units). */
      if (!nouveau_shim_is_tesla()) {
         req->value = 0;
         return 0;
      }
      /* nv50_screen reads the TP mask from bits 0..15 and the MPs per TP
       * from bits 24..27.  nvsim.h does not say how many units a chip has
       * (reported as missing): STUB answer of one TP with two MPs. */
      req->value = (0x3u << 24) | 0x1u;
      return 0;
   case NOUVEAU_GETPARAM_PTIMER_TIME: {
      /* PTIMER counts nanoseconds; the host clock stands in for it. */
      struct timespec ts;
      clock_gettime(CLOCK_MONOTONIC, &ts);
      req->value = (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
      return 0;
   }
   case NOUVEAU_GETPARAM_HAS_BO_USAGE:
      /* tile_flags are kept whole (libdrm masks them otherwise). */
      req->value = 1;
      return 0;
   case NOUVEAU_GETPARAM_VRAM_USED: {
      /* Linux 6.8+ answers what TTM's VRAM manager holds; the shim serves
       * it (from nvsim's aperture) so that free VRAM can be reported.
       * Debian 12's kernel (6.1) does not know it: drivers must take
       * -EINVAL too. */
      struct nvsim_mem_stats stats;
      nvsim_mem_stats(nouveau_shim.dev, &stats);
      req->value = stats.vram_used;
      return 0;
   }
   case NOUVEAU_GETPARAM_HAS_PAGEFLIP:
      /* A render node without KMS: no page flips. */
      req->value = 0;
      return 0;
   default:
      return -EINVAL;
   }
}

int
nouveau_shim_ioctl_setparam(int fd, void *arg)
{
   /* The kernel accepts no parameter here. */
   return -EINVAL;
}
