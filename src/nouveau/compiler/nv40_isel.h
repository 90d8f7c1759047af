/* NIR -> NV40 IR instruction selection (nv40_isel.c). */
#ifndef NV40_ISEL_H
#define NV40_ISEL_H

#include "nv40_ir.h"

struct nir_shader;

/* What instruction selection learnt about the program's interface. */
struct nv40_isel_info {
   /* VP */
   uint32_t attrib_en;
   uint32_t result_en;
   uint64_t outputs_written;
   bool writes_psize, writes_fog;
   /* FP */
   uint32_t inputs_read;
   uint16_t texcoords_used;
   uint32_t samplers_used;
   uint8_t color_outputs;
   bool writes_depth;
   bool uses_kil;
   /* both: varying slot of each hardware texcoord register */
   uint8_t texcoord_varying[NV40_NUM_TEXCOORDS];
};

/* Routes the varyings in `slots` (bit = gl_varying_slot) to hardware
 * texcoords: TEXn to TCn, the others to the free ones in slot order.
 * Returns false if they do not fit. */
bool nv40_route_texcoords(uint64_t slots, uint8_t out[NV40_NUM_TEXCOORDS]);

/* Translates the (lowered) shader into p.  For a VS, `key` gives the
 * texcoord routing and clip planes (may be NULL).  Errors are recorded in
 * p->error; returns false then. */
bool nv40_isel(struct nv40_prog *p, struct nir_shader *s,
               const struct nv40_vp_key *key, struct nv40_isel_info *info);

#endif
