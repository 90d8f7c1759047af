/* Final encoding of allocated NV40 IR with the ISA packers. */
#ifndef NV40_EMIT_H
#define NV40_EMIT_H

#include "nvc_ir.h"
#include "nvc_isel.h"

/* Fills out (insns, counts).  false + p->error on failure.  (The VP
 * encoders: nvc_vp_emit.h.) */
bool nv40_fp_emit(struct nvc_prog *p, const struct nvc_isel_info *info,
                  struct nvc_fp_binary *out);

#endif
