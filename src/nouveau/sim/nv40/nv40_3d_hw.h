/*
 * The curie (NV40 3D) hardware facts this model uses, by the names of the
 * hwdb generated header nv30-40_3d.xml.h (src/nouveau/hwdb).
 * The few facts hwdb does not have yet are named at the end, each with
 * its source; nothing else in nv40/ holds a hardware value.
 */
#ifndef NV40_3D_HW_H
#define NV40_3D_HW_H

#include "nv30-40_3d.xml.h"
#include "fifo.xml.h"

/*
 * Facts hwdb does not (yet) name for curie; named here once, with their
 * source, until hwdb has them.
 */
#ifndef NV40_3D_DEPTH_CONTROL_CLAMP
/* DEPTH_CONTROL: 0x1 = clip to the depth range, 0x10 = clamp instead
 * (nv30_state.c: depth_clip_near ? 0x00000001 : 0x00000010) */
#define NV40_3D_DEPTH_CONTROL_CLAMP 0x00000010
#endif

/* RT_FORMAT COLOR 2: X1R5G5B5 (upstream names it itself, nv30_format.c) */
#ifndef NV30_3D_RT_FORMAT_COLOR_X1R5G5B5
#define NV30_3D_RT_FORMAT_COLOR_X1R5G5B5 0x00000002
#endif

/* TEX_FILTER bits 0-12: LOD bias, signed, in 1/256 (nv30_texture.c:
 * lod_bias * 256 & 0x1fff) */
#ifndef NV40_3D_TEX_FILTER_LOD_BIAS__MASK
#define NV40_3D_TEX_FILTER_LOD_BIAS__MASK 0x00001fff
#define NV40_3D_TEX_FILTER_LOD_BIAS__SHIFT 0
#endif

/* Curie methods upstream's nv30 driver sends that hwdb does not have for
 * curie yet (nv30_winsys.h "XXX: rnn" list, nv30_state.c): accepted and
 * stored.  Remove as hwdb gains them. */
#ifndef NV40_3D_MRT_BLEND_ENABLE
#define NV40_3D_MRT_BLEND_ENABLE 0x036c
#endif
#ifndef NV40_3D_VTXTEX_OFFSET
#define NV40_3D_VTXTEX_OFFSET(i) (0x0900 + 0x20 * (i))
#define NV40_3D_VTXTEX_BCOL(i) (0x091c + 0x20 * (i))
#define NV40_3D_VTXTEX__LEN 4
#endif
#ifndef NV30_3D_VTX_CACHE_INVALIDATE_1710
#define NV30_3D_VTX_CACHE_INVALIDATE_1710 0x1710
#endif
#ifndef NV30_3D_R1718
#define NV30_3D_R1718 0x1718
#endif

#endif
