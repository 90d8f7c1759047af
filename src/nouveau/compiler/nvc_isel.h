/* NIR -> NV40 IR instruction selection (nvc_isel.c). */
#ifndef NVC_ISEL_H
#define NVC_ISEL_H

#include "nvc_ir.h"

struct nir_shader;

/* What instruction selection learnt about the program's interface. */
struct nvc_isel_info {
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
   /* gl_FrontFacing read from COL1 (a target without a facing input;
    * see nvc_fp_binary::facing_in_col1), and COL1 read for itself */
   bool facing_in_col1, reads_col1;
   /* both: varying slot of each hardware texcoord register */
   uint8_t texcoord_varying[NVC_MAX_TEXCOORDS];
};

/* Routes the varyings in `slots` (bit = gl_varying_slot) to the first
 * `num` hardware texcoords: TEXn to TCn, the others to the free ones in
 * slot order.  Returns false if they do not fit. */
bool nvc_route_texcoords(uint64_t slots, unsigned num,
                         uint8_t out[NVC_MAX_TEXCOORDS]);

/* Translates the (lowered) shader into p.  For a VS, `key` gives the
 * texcoord routing and clip planes (may be NULL).  Errors are recorded in
 * p->error; returns false then. */
bool nvc_isel(struct nvc_prog *p, struct nir_shader *s,
              const struct nvc_vp_key *key, struct nvc_isel_info *info);

#endif
