/* Final encoding of allocated NV40 IR with the ISA packers. */
#ifndef NV40_EMIT_H
#define NV40_EMIT_H

#include "nvc_ir.h"
#include "nvc_isel.h"

/* Fills out (insns, consts, counts).  false + p->error on failure. */
bool nv40_vp_emit(struct nvc_prog *p, const struct nvc_isel_info *info,
                  unsigned const_base, struct nvc_vp_binary *out);
bool nv40_fp_emit(struct nvc_prog *p, const struct nvc_isel_info *info,
                  struct nvc_fp_binary *out);

#endif
