/* Fragment program encoding of allocated IR, for the NV30 and NV40 FP
 * ISAs alike: the target (nvc_target.fp) supplies the packer, the
 * opcodes it has, its input numbering and its FP_CONTROL format. */
#ifndef NVC_FP_EMIT_H
#define NVC_FP_EMIT_H

#include "nvc_ir.h"
#include "nvc_isel.h"

/* Fills out (words, patches, counts, fp_control).  false + p->error on
 * failure. */
bool nvc_fp_emit(struct nvc_prog *p, const struct nvc_isel_info *info,
                 struct nvc_fp_binary *out);

#endif
