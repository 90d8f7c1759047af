/*
 * The Tesla (G80..GT218, MCP77/79/89) pipe_screen.
 */
#ifndef NV50_SCREEN_H
#define NV50_SCREEN_H

#include "nouveau/nouveau_screen.h"
#include "nvc_g80.h"
#include "nvhwdb_chips.h"
#include "g80_3d.xml.h"

/* A program's sampler slots: one per value of BIND_TSC's SAMPLER field
 * (hwdb g80_3d.xml; 16, as upstream's TEX_LIMITS SAMPLERS_LOG2 4). */
#define NV50_MAX_SAMPLERS \
   ((G80_3D_BIND_TSC_SAMPLER__MASK >> G80_3D_BIND_TSC_SAMPLER__SHIFT) + 1)

/* VP_RESULT_MAP slots 0..3: the clip position, $o0..3 (compiler README);
 * the linkage (nv50_program.c) puts everything else after them */
#define NV50_POS_SLOTS 4

struct nouveau_drm;
struct nouveau_device;

struct nv50_screen {
   struct nouveau_screen base;
   /* the chip's row of hwdb's chip table (chips.xml): classes, limits */
   const struct nvhwdb_chip *chip;
   /* the Tesla compiler's target for the chip: its program limits are
    * the shader caps */
   struct nvc_g80_target target;
};

static inline struct nv50_screen *
nv50_screen(struct pipe_screen *pscreen)
{
   return (struct nv50_screen *)pscreen;
}

struct nouveau_screen *
nv50_screen_create(struct nouveau_drm *drm, struct nouveau_device *dev,
                   const struct nvhwdb_chip *chip);

#endif
