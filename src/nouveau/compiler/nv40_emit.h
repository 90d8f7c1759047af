/* Final encoding of allocated NV40 IR with the ISA packers. */
#ifndef NV40_EMIT_H
#define NV40_EMIT_H

#include "nv40_ir.h"
#include "nv40_isel.h"

/* Fills out (insns, consts, counts).  false + p->error on failure. */
bool nv40_vp_emit(struct nv40_prog *p, const struct nv40_isel_info *info,
                  unsigned const_base, struct nv40_vp_binary *out);
bool nv40_fp_emit(struct nv40_prog *p, const struct nv40_isel_info *info,
                  struct nv40_fp_binary *out);

#endif
