/*
 * Rankine (NV30_3D 0x0397, NV35_3D 0x0497, NV34_3D 0x0697): what differs
 * from curie.  The curie model (sim/nv40) serves the rankine classes; it
 * asks here where rankine's methods or limits are not curie's.  Which
 * methods exist on which class is hwdb's (nv30-40_3d.xml variants,
 * nv40_3d_class.c traps the others).
 */
#ifndef NV30_3D_H
#define NV30_3D_H

#include <stdbool.h>
#include <stdint.h>

#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nvisa_nv30_vp.h"

struct nv40_3d;
struct nv40_3d_tex_desc;
enum nvsim_status;

/* Vertex program memory of rankine: XFPR holds 0x118 instructions
 * (envytools-docs hw/graph/xf/isa.rst, "on Rankine: a global array of
 * 0x118 112-bit words"); constants as the ISA addresses them
 * (nv30_vp.xml NUM_CONSTS; upstream's nv30_screen.c: 256). */
#define NV30_3D_VP_SLOTS 0x118
#define NV30_3D_VP_CONSTS NVISA_NV30_VP_NUM_CONSTS

/* Texture units of rankine: 8 (hwdb nv30_tex_unit array, rankine
 * variant). */
#define NV30_3D_TEX_UNITS NV30_3D_TEX_OFFSET__LEN

static inline bool
nv30_3d_class_is_rankine(uint32_t oclass)
{
   return oclass == NV30_3D_CLASS || oclass == NV35_3D_CLASS ||
          oclass == NV34_3D_CLASS;
}

/* The pitch of a render target or of the zeta buffer, by curie's method
 * (NV40_3D_COLOR0_PITCH, NV30_3D_COLOR1_PITCH, ..., NV40_3D_ZETA_PITCH):
 * on rankine, COLOR0_PITCH holds the colour pitch in its low half and the
 * zeta pitch in its high half (hwdb COLOR0_PITCH, rankine variant), and
 * 0x022c is HIERZ_PITCH. */
uint32_t nv30_3d_surface_pitch(const struct nv40_3d *ctx, uint32_t mthd);

/* Rankine's texture unit methods (nv30_3d_texture.c). */
enum nvsim_status nv30_3d_tex_describe(struct nv40_3d *ctx, unsigned unit,
                                       struct nv40_3d_tex_desc *desc);

#endif
