/*
 * Text output shared by the disassemblers of src/nouveau/isa: a bounded
 * string buffer (snprintf semantics: the length counts what did not fit,
 * so callers can size a retry) and the operand pieces every NV3x/NV4x
 * program prints alike (write masks, swizzles, vertex program sources).
 */
#ifndef NVISA_PRINT_H
#define NVISA_PRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nvisa_common.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nvisa_strbuf {
   char *buf;
   size_t n;      /* bytes at buf */
   size_t len;    /* bytes written, or that would have been */
};

void nvisa_sb_printf(struct nvisa_strbuf *sb, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/* "x", "y", "z", "w": component c of a mask or swizzle. */
extern const char nvisa_comp_name[4];

/* ".xz" for a partial write mask; nothing for xyzw. */
void nvisa_print_mask(struct nvisa_strbuf *sb, uint8_t mask);
/* ".yzxw" for a swizzle; nothing for the identity. */
void nvisa_print_swz(struct nvisa_strbuf *sb, const uint8_t swz[4]);

/* What a vertex program source reads besides its register field: the one
 * input and the one constant an instruction names, and the address
 * register that may index them (NV_vertex_program2 "A0.x"). */
struct nvisa_vp_operands {
   unsigned input;
   unsigned constant;
   bool input_indexed;
   bool const_indexed;
   unsigned addr_reg;
   unsigned addr_swz;
};

/* "-|R3|.xxyy", "v[2]", "c[A0.x+5]", ... */
void nvisa_print_vp_src(struct nvisa_strbuf *sb, const struct nvisa_src *src,
                        const struct nvisa_vp_operands *ops);

#ifdef __cplusplus
}
#endif

#endif
