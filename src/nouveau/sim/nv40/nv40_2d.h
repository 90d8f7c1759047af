/*
 * The NV04-style 2D helper objects that the NV30/NV40 drivers use beside
 * the 3D class (nv40_2d.c): the pitch-linear surface pair (SURFACE_2D),
 * the swizzled surface (SURFACE_SWZ) and the scaled image from memory
 * (SIFM), which reads an image through a DMA object and draws it into one
 * of the two surfaces.  Methods from hwdb nv_2d.xml (rnndb
 * graph/nv1_ctxobj.xml, nv1_ifm.xml).
 *
 * Registration: the pre-Tesla generation tables (sim/nv10..nv40,
 * <nvXX>_gen.c) return these through nvsim_nv04_family_class_model(), and the
 * NV40/NV44 class lists hold NV10_SURFACE_2D_CLASS, NV40_SURFACE_2D_CLASS,
 * NV40_SURFACE_SWZ_CLASS and NV40_SIFM_CLASS (fifo.xml: variants NV10:G80
 * and NV40:G80).  Upstream's nv30 driver allocates all of 0x0062, 0x309e
 * and 0x3089 at screen creation (nv30_screen.c) and fails without them.
 */
#ifndef NV40_2D_H
#define NV40_2D_H

#include "nvsim_object.h"

/* Serves NV4/NV10/NV30/NV40_SURFACE_2D (same methods, nv_2d.xml). */
extern const struct nvsim_class nvsim_nv04_surface_2d_class;
/* Serves NV4/NV20/NV30/NV40_SURFACE_SWZ. */
extern const struct nvsim_class nvsim_nv04_surface_swz_class;
/* Serves NV5/NV10/NV30/NV40_SIFM (the ones with SURFACE taking either
 * surface kind and COLOR_CONVERSION). */
extern const struct nvsim_class nvsim_nv05_sifm_class;

/* The model for a 2D helper class id, NULL if not one of them. */
const struct nvsim_class *nv40_2d_class_model(uint32_t oclass);

/* The classes every NV04-family generation (celsius to curie) has beside
 * its 3D class: NV1_NULL, NV04_M2MF and the 2D helpers above; NULL for any
 * other class.  The <nvXX>_gen.c class models end with it. */
const struct nvsim_class *nvsim_nv04_family_class_model(uint32_t oclass);

#endif
