#ifndef NV30_SCREEN_H
#define NV30_SCREEN_H

#include "nouveau/nouveau_screen.h"
#include "nv30_chipset.h"

struct nouveau_drm;
struct nouveau_device;

struct nv30_screen {
   struct nouveau_screen base;
   const struct nv30_chipset *chip;
   /* most samples per pixel of a render target we offer (nv30_msaa.h) */
   unsigned max_samples;
};

static inline struct nv30_screen *
nv30_screen(struct pipe_screen *pscreen)
{
   return (struct nv30_screen *)pscreen;
}

struct nouveau_screen *nv30_screen_create(struct nouveau_drm *drm,
                                          struct nouveau_device *dev);

#endif
