#ifndef NV30_SCREEN_H
#define NV30_SCREEN_H

#include "nouveau/nouveau_screen.h"
#include "nvc_compiler.h"
#include "nvhwdb_chips.h"

struct nouveau_drm;
struct nouveau_device;

struct nv30_screen {
   struct nouveau_screen base;
   /* the chip's row of hwdb's chip table (chips.xml): what differs
    * between the chips this driver drives is read from it */
   const struct nvhwdb_chip *chip;
   /* what the shader compiler may use on it, built from that row */
   struct nvc_target target;
   /* most samples per pixel of a render target we offer (nv30_msaa.h) */
   unsigned max_samples;
};

static inline struct nv30_screen *
nv30_screen(struct pipe_screen *pscreen)
{
   return (struct nv30_screen *)pscreen;
}

/* chip: dev's row of the chip table, looked up once by nouveau_screen.c */
struct nouveau_screen *nv30_screen_create(struct nouveau_drm *drm,
                                          struct nouveau_device *dev,
                                          const struct nvhwdb_chip *chip);

#endif
