/*
 * Kernel ABI of nouveau newer than libdrm 2.4.114's nouveau_drm.h, which
 * is what this tree builds against.  Numbers are those of Linux's
 * include/uapi/drm/nouveau_drm.h.
 */
#ifndef NOUVEAU_DRM_EXT_H
#define NOUVEAU_DRM_EXT_H

/* Linux 6.8 (for NVK's memory budget): the bytes of VRAM in use, TTM's
 * ttm_resource_manager_usage() of the VRAM manager.  Older kernels
 * (Debian 12's 6.1) answer -EINVAL. */
#ifndef NOUVEAU_GETPARAM_VRAM_USED
#define NOUVEAU_GETPARAM_VRAM_USED 19
#endif

#endif
