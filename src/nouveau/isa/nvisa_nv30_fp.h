/*
 * NV30 (rankine) fragment program instructions.  The encoding is NV40's
 * minus some fields (nv30_fp.xml: 5-bit register numbers, no branches, no
 * FX9 precision, 12 inputs, NV30-only opcodes RSQ/LIT/LRP/POW/RFL, no
 * TXL/LITEX2), so the decoded form is struct nvisa_nv40_fp_insn; fields
 * that rankine lacks must be 0 (is_branch, loop/branch members) or the
 * packer reports -1.  Memory layout, inline constants and the H/R register
 * aliasing are those of nvisa_nv40_fp.h.
 */
#ifndef NVISA_NV30_FP_H
#define NVISA_NV30_FP_H

#include "nvisa_nv30_fp_gen.h"
#include "nvisa_nv40_fp.h"

#ifdef __cplusplus
extern "C" {
#endif

int nvisa_nv30_fp_encode(const struct nvisa_nv40_fp_insn *insn,
                         uint32_t out[4]);
int nvisa_nv30_fp_decode(const uint32_t in[4],
                         struct nvisa_nv40_fp_insn *insn);
/* As nvisa_nv40_fp_disasm, with the NV30 tables. */
int nvisa_nv30_fp_disasm(const uint32_t *in, unsigned avail, char *buf,
                         size_t n);

#ifdef __cplusplus
}
#endif

#endif
