/*
 * libnouveau_drm_shim.so: with LD_PRELOAD, /dev/dri/renderD128 becomes a
 * nouveau device whose GPU is nvsim.
 *
 * This file sets the device up (chip from NOUVEAU_CHIPSET, what drmGetVersion
 * and libdrm's sysfs probing see) and routes the nouveau ioctls to their
 * handlers.  The ioctl numbers and argument structures are the kernel's
 * (libdrm's nouveau_drm.h); the behaviour follows what libdrm 2.4.114's
 * libdrm_nouveau expects of them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "nouveau_shim.h"
/* after nouveau_shim.h: the kernel header needs <stdint.h> first */
#include "nouveau_drm.h"

/* Take /dev/dri/renderD128 even on a machine that has one. */
bool drm_shim_driver_prefers_first_render_node = true;

struct nouveau_shim_device nouveau_shim;

/* Every handler returns 0 or a negative errno.  A real ioctl returns -1 and
 * sets errno, and libdrm's drmCommandWrite*() return -errno after a failed
 * drmIoctl(), so the wrappers below translate. */
typedef int (*nouveau_shim_handler)(int fd, void *arg);

struct nouveau_shim_ioctl_desc {
   nouveau_shim_handler handler;
   size_t arg_size;
   const char *name;
};

/* NOUVEAU_SHIM_DEBUG=1: one line per nouveau ioctl with its result. */
static bool nouveau_shim_debug;

static int
nouveau_shim_ioctl_nvif(int fd, void *arg)
{
   /* libdrm only uses NVIF when the driver version is >= 1.0.0x301
    * (nouveau_drm_new); we report 1.0.0, so a caller that tries it anyway
    * gets what a kernel without NVIF would answer. */
   return -ENOSYS;
}

static const struct nouveau_shim_ioctl_desc nouveau_shim_ioctls[] = {
#define NVSHIM_IOCTL(nr, fn, type) \
   [DRM_NOUVEAU_##nr] = { nouveau_shim_ioctl_##fn, sizeof(type), #nr }
   NVSHIM_IOCTL(GETPARAM, getparam, struct drm_nouveau_getparam),
   NVSHIM_IOCTL(SETPARAM, setparam, struct drm_nouveau_setparam),
   NVSHIM_IOCTL(CHANNEL_ALLOC, channel_alloc, struct drm_nouveau_channel_alloc),
   NVSHIM_IOCTL(CHANNEL_FREE, channel_free, struct drm_nouveau_channel_free),
   NVSHIM_IOCTL(GROBJ_ALLOC, grobj_alloc, struct drm_nouveau_grobj_alloc),
   NVSHIM_IOCTL(NOTIFIEROBJ_ALLOC, notifierobj_alloc,
                struct drm_nouveau_notifierobj_alloc),
   NVSHIM_IOCTL(GPUOBJ_FREE, gpuobj_free, struct drm_nouveau_gpuobj_free),
   [DRM_NOUVEAU_NVIF] = { nouveau_shim_ioctl_nvif, 0, "NVIF" },
   NVSHIM_IOCTL(GEM_NEW, gem_new, struct drm_nouveau_gem_new),
   NVSHIM_IOCTL(GEM_PUSHBUF, gem_pushbuf, struct drm_nouveau_gem_pushbuf),
   NVSHIM_IOCTL(GEM_CPU_PREP, gem_cpu_prep, struct drm_nouveau_gem_cpu_prep),
   NVSHIM_IOCTL(GEM_CPU_FINI, gem_cpu_fini, struct drm_nouveau_gem_cpu_fini),
   NVSHIM_IOCTL(GEM_INFO, gem_info, struct drm_nouveau_gem_info),
#undef NVSHIM_IOCTL
};

#define NVSHIM_NUM_IOCTLS \
   (sizeof(nouveau_shim_ioctls) / sizeof(nouveau_shim_ioctls[0]))

static int
nouveau_shim_dispatch(int fd, unsigned long request, void *arg)
{
   unsigned nr = _IOC_NR(request) - DRM_COMMAND_BASE;
   int ret;

   if (nr >= NVSHIM_NUM_IOCTLS || !nouveau_shim_ioctls[nr].handler) {
      ret = -EINVAL;
   } else if (!nouveau_shim.dev) {
      /* NOUVEAU_CHIPSET was refused at init; the message said why. */
      ret = -ENODEV;
   } else if (nouveau_shim_ioctls[nr].arg_size &&
              (!arg || _IOC_SIZE(request) < nouveau_shim_ioctls[nr].arg_size)) {
      ret = -EINVAL;
   } else {
      ret = nouveau_shim_ioctls[nr].handler(fd, arg);
   }

   if (nouveau_shim_debug) {
      fprintf(stderr, "nouveau drm-shim: fd %d %s: %s\n", fd,
              nr < NVSHIM_NUM_IOCTLS && nouveau_shim_ioctls[nr].name ?
                 nouveau_shim_ioctls[nr].name : "(unknown ioctl)",
              ret < 0 ? strerror(-ret) : "ok");
   }
   if (ret < 0) {
      errno = -ret;
      return -1;
   }
   return 0;
}

/* The core calls driver_ioctls[nr] with the full request; one dispatcher for
 * all keeps the errno translation and argument checks in one place. */
static ioctl_fn_t nouveau_shim_driver_ioctls[NVSHIM_NUM_IOCTLS];

/* What libdrm's drmGetDevice2() reads for a PCI device: the device directory
 * is /sys/dev/char/226:<minor>/device (the core makes realpath() return it
 * unchanged), with separate vendor/device/... files and PCI_SLOT_NAME in its
 * uevent (xf86drm.c: parse_separate_sysfs_files, drmParsePciBusInfo). */
static void
nouveau_shim_sysfs_init(const struct nvsim_chip_info *info)
{
   char buf[256];

   snprintf(buf, sizeof(buf),
            "DRIVER=nouveau\n"
            /* PCI class 0x030000: VGA-compatible display controller */
            "PCI_CLASS=30000\n"
            "PCI_ID=%04X:%04X\n"
            "PCI_SUBSYS_ID=%04X:%04X\n"
            "PCI_SLOT_NAME=0000:01:00.0\n",
            info->pci_vendor, info->pci_device,
            info->pci_vendor, info->pci_device);
   drm_shim_override_file(buf, "/sys/dev/char/%d:%d/device/uevent",
                          DRM_MAJOR, render_node_minor);

   /* nvsim models no stepping differences: revision 0. */
   drm_shim_override_file("0x00\n", "/sys/dev/char/%d:%d/device/revision",
                          DRM_MAJOR, render_node_minor);

   snprintf(buf, sizeof(buf), "0x%04x\n", info->pci_vendor);
   drm_shim_override_file(buf, "/sys/dev/char/%d:%d/device/vendor",
                          DRM_MAJOR, render_node_minor);
   drm_shim_override_file(buf, "/sys/dev/char/%d:%d/device/subsystem_vendor",
                          DRM_MAJOR, render_node_minor);

   snprintf(buf, sizeof(buf), "0x%04x\n", info->pci_device);
   drm_shim_override_file(buf, "/sys/dev/char/%d:%d/device/device",
                          DRM_MAJOR, render_node_minor);
   drm_shim_override_file(buf, "/sys/dev/char/%d:%d/device/subsystem_device",
                          DRM_MAJOR, render_node_minor);
}

void
drm_shim_driver_init(void)
{
   const char *env = getenv("NOUVEAU_CHIPSET");
   const char *debug = getenv("NOUVEAU_SHIM_DEBUG");
   unsigned long chipset = CHIPSET_NV40;   /* NV40 unless told */

   nouveau_shim_debug = debug && *debug && strcmp(debug, "0") != 0;

   shim_device.bus_type = DRM_BUS_PCI;
   shim_device.driver_name = "nouveau";
   /* 1.0.0: libdrm_nouveau takes the abi16 path below 1.0.0x301
    * (nouveau.c: nouveau_drm_new). */
   shim_device.version_major = 1;
   shim_device.version_minor = 0;
   shim_device.version_patchlevel = 0;
   shim_device.driver_bo_free = nouveau_shim_bo_free;

   for (unsigned i = 0; i < NVSHIM_NUM_IOCTLS; i++)
      nouveau_shim_driver_ioctls[i] = nouveau_shim_dispatch;
   shim_device.driver_ioctls = nouveau_shim_driver_ioctls;
   shim_device.driver_ioctl_count = NVSHIM_NUM_IOCTLS;

   if (env && *env) {
      char *end;
      errno = 0;
      chipset = strtoul(env, &end, 16);
      if (errno || *end || chipset > 0xffff) {
         fprintf(stderr, "nouveau drm-shim: NOUVEAU_CHIPSET=\"%s\" is not a "
                 "hex chipset id (e.g. 40 for NV40); the nouveau device "
                 "will fail to open\n", env);
         return;
      }
   }

   nouveau_shim.chipset = chipset;
   nouveau_shim.hw = nvhwdb_chip_find(chipset);
   nouveau_shim.dev = nvsim_device_create(chipset);
   if (!nouveau_shim.dev) {
      /* nvsim said why (a chip it does not model, or none at all) */
      fprintf(stderr, "nouveau drm-shim: no simulated device for "
              "NOUVEAU_CHIPSET=%lx (%s); the nouveau device will fail to "
              "open\n", chipset,
              nouveau_shim.hw ? nouveau_shim.hw->codename : "unknown chip");
      return;
   }
   nouveau_shim.info = nvsim_device_info(nouveau_shim.dev);
   nouveau_shim_sysfs_init(nouveau_shim.info);
}
