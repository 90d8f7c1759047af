/*
 * Types shared by the generated ISA tables (gen_isa.py) and the
 * instruction-level packers/unpackers/disassemblers of src/nouveau/isa.
 */
#ifndef NVISA_COMMON_H
#define NVISA_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One contiguous run of bits of a field inside one instruction word. */
struct nvisa_field_piece {
   uint8_t word;    /* index of the 32-bit word */
   uint8_t shift;   /* lowest bit inside that word */
   uint8_t width;
   uint8_t at;      /* bit of the field value where this piece starts */
};

/* A field of an instruction, as listed in the ISA XML. */
struct nvisa_field {
   const char *name;
   uint8_t width;
   uint8_t npieces;
   bool alias;      /* overlaps other fields (branch targets, loop counts) */
   /* in the order of the field's bits; a field made of several bit
    * ranges (g80.xml "26-27,34") or crossing words has several */
   struct nvisa_field_piece piece[4];
};

uint32_t nvisa_field_get(const struct nvisa_field *f, const uint32_t *words);
void nvisa_field_set(const struct nvisa_field *f, uint32_t *words, uint32_t v);

/* The pieces every encoder shares.  A swizzle is four 2-bit component
 * selects and a write mask four bits, each at the position its table
 * names (the positions come from the ISA's XML); bit c of a mask and
 * element c of a swizzle are component c (x, y, z, w). */
uint32_t nvisa_pack_swz(const uint8_t swz[4], const uint8_t pos[4]);
void nvisa_unpack_swz(uint32_t v, const uint8_t pos[4], uint8_t swz[4]);
uint32_t nvisa_pack_mask(uint8_t mask, const uint8_t pos[4]);
uint8_t nvisa_unpack_mask(uint32_t v, const uint8_t pos[4]);
/* Does v fit in a field of width bits? */
bool nvisa_fits(uint32_t v, unsigned width);

/* nvisa_op_info.flags */
#define NVISA_OP_TEX       (1 << 0)  /* texture lookup: uses the tex unit */
#define NVISA_OP_BRANCH    (1 << 1)  /* changes the program counter */
#define NVISA_OP_ADDR      (1 << 2)  /* writes/reads address registers */
#define NVISA_OP_NV30_ONLY (1 << 3)  /* NV3x only (nvfx_shader.h) */

/* One opcode of an opcode table; name == NULL: no such opcode. */
struct nvisa_op_info {
   const char *name;
   uint8_t srcs;    /* bit i set: the op reads source i */
   uint8_t flags;   /* NVISA_OP_* */
};

/* One encoding of an ISA whose operations have several (g80.xml
 * <form>): an instruction is that form if (w[i] & mask[i]) == match[i] for
 * its words, the forms being tried in table order.  Operand kinds and
 * modifier ids are the ISA's OPND and MOD enums; field ids index its
 * field table. */
#define NVISA_FORM_MAX_WORDS 2
#define NVISA_FORM_MAX_OPNDS 4   /* dst, src0, src1, src2 */
#define NVISA_FORM_MAX_MODS 16

struct nvisa_form_opnd {
   uint8_t kind;     /* the ISA's OPND enum */
   uint8_t field;    /* the field the kind reads, if it takes one */
   uint8_t size;     /* bytes: 1, 2 (half register), 4, 8, 16 */
};

struct nvisa_form_mod {
   uint8_t mod;      /* the ISA's MOD enum */
   uint8_t field;    /* the field holding its value */
};

struct nvisa_form {
   const char *name;       /* XML name: "ADD_F32" */
   const char *asm_name;   /* mnemonic and type: "add f32" */
   uint8_t words;
   uint8_t nopnds, nmods;
   uint32_t flags;         /* the ISA's FLAG_* bits */
   uint32_t match[NVISA_FORM_MAX_WORDS], mask[NVISA_FORM_MAX_WORDS];
   struct nvisa_form_opnd opnd[NVISA_FORM_MAX_OPNDS];
   struct nvisa_form_mod mod[NVISA_FORM_MAX_MODS];
};

/* Semantic component masks of the decoded structs: bit 0 = x ... bit 3 = w,
 * whatever order the hardware field uses. */
#define NVISA_MASK_X 0x1
#define NVISA_MASK_Y 0x2
#define NVISA_MASK_Z 0x4
#define NVISA_MASK_W 0x8
#define NVISA_MASK_XYZW 0xf

/* Condition tests, shared by VP and FP: bit 0 passes on LT, bit 1 on EQ,
 * bit 2 on GT (nvfx_shader.h NVFX_COND_*).  An unordered (NaN) code
 * passes only NE and TR (NV_vertex_program2, "ccMaskRule"). */
enum nvisa_cond {
   NVISA_COND_FL = 0,
   NVISA_COND_LT = 1,
   NVISA_COND_EQ = 2,
   NVISA_COND_LE = 3,
   NVISA_COND_GT = 4,
   NVISA_COND_NE = 5,
   NVISA_COND_GE = 6,
   NVISA_COND_TR = 7,
};

/* Register file of a decoded source. */
enum nvisa_file {
   NVISA_FILE_NONE = 0,   /* VP mux 0 (unknown use) */
   NVISA_FILE_TEMP,
   NVISA_FILE_INPUT,      /* the instruction's one input (insn.input) */
   NVISA_FILE_CONST,      /* VP: insn.constant; FP: the inline constant */
};

/* A decoded source operand. */
struct nvisa_src {
   uint8_t file;     /* enum nvisa_file */
   uint8_t index;    /* register field: temp index (FP: H index if half) */
   uint8_t swz[4];   /* component read for x, y, z, w: 0 = x ... 3 = w */
   bool neg;
   bool abs;
   bool half;        /* FP only: the temp is read as an fp16 H register */
};

#ifdef __cplusplus
}
#endif

#endif
