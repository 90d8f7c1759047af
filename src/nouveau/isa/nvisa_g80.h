/*
 * Tesla (G80..GT218) shader instructions: decoded form, packer, unpacker
 * and disassembler.  Every encoding is a <form> of g80.xml (match bits,
 * operand kinds, modifier fields); this layer maps the decoded struct onto
 * them through the generated nvisa_g80_gen.h.
 *
 * An instruction is one word (short: word 0 bit 0 clear) or two (long),
 * as they sit in code memory (envytools hw/graph/tesla/cuda/isa.rst,
 * "Instruction format").  A long instruction must start on an even word.
 */
#ifndef NVISA_G80_H
#define NVISA_G80_H

#include "nvisa_common.h"
#include "nvisa_g80_gen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What an operand names. */
enum nvisa_g80_file {
   NVISA_G80_FILE_NONE = 0,  /* no operand; a destination: written nowhere */
   NVISA_G80_FILE_GPR,       /* $r */
   NVISA_G80_FILE_OUT,       /* $o (vertex/geometry outputs), o[] stores */
   NVISA_G80_FILE_IMM,       /* an immediate */
   NVISA_G80_FILE_ADDR,      /* $a1..$a7 ($a0 reads 0) */
   NVISA_G80_FILE_COND,      /* $c0..$c3 */
   NVISA_G80_FILE_SREG,      /* $sr (enum NVISA_G80_SREG_*) */
   NVISA_G80_FILE_ATTR,      /* a[]: vertex attributes (s[] in compute) */
   NVISA_G80_FILE_CONST,     /* c0[]..c15[] */
   NVISA_G80_FILE_VAR,       /* v[]: interpolated fragment inputs */
   NVISA_G80_FILE_LOCAL,     /* l[] */
   NVISA_G80_FILE_GLOBAL,    /* g0[]..g15[] */
   NVISA_G80_FILE_PRIM,      /* p[]: geometry program inputs */
   /* s[]: a compute block's shared space; `buf` is the access mode of
    * isa.rst "Shared memory access" (enum nvisa_g80_smode), val the byte
    * offset */
   NVISA_G80_FILE_SHARED,
};

/* isa.rst "Shared memory access": an s[] source operand's mode, the high
 * two bits of its source field (envydis g80.c tabss / tabls, mask 0x6000
 * short and 0xc000 long): what is read and the offset's unit. */
enum nvisa_g80_smode {
   NVISA_G80_SMODE_U8 = 0,
   NVISA_G80_SMODE_U16 = 1,
   NVISA_G80_SMODE_S16 = 2,
   NVISA_G80_SMODE_B32 = 3,
};

/* Bytes an s[] access of mode m reads (the offset's unit). */
static inline unsigned
nvisa_g80_smode_bytes(unsigned m)
{
   return m == NVISA_G80_SMODE_U8 ? 1 : m == NVISA_G80_SMODE_B32 ? 4 : 2;
}

/* Modifier ids (g80.xml enum MOD): as many as its name table. */
#define NVISA_G80_MOD__COUNT \
   (sizeof(nvisa_g80_mod_names) / sizeof(nvisa_g80_mod_names[0]))

struct nvisa_g80_operand {
   uint8_t file;     /* enum nvisa_g80_file */
   uint8_t size;     /* bytes: 1 (c[] bytes), 2 (half register), 4, 8, 16 (from the form) */
   uint8_t buf;      /* c[] or g[] space */
   uint8_t areg;     /* memory: the $a added to the offset, 0 = none */
   /* GPR: register index; a half register: 2 * index + (1 if high half).
    * OUT, ADDR, COND, SREG: index.  IMM: the value.  ATTR, CONST, VAR,
    * LOCAL, PRIM: byte offset.  GLOBAL: the $r holding the byte address. */
   uint32_t val;
};

struct nvisa_g80_insn {
   uint16_t op;      /* enum nvisa_g80_op: the form */
   /* In the form's operand order: operand 0 is the destination, or for
    * stores the memory written (st l[0x10], $r2: opnd[0] l[], opnd[1] $r2). */
   struct nvisa_g80_operand opnd[NVISA_FORM_MAX_OPNDS];
   /* Modifier values by enum nvisa_g80_mod, raw field contents; only the
    * form's modifiers are encoded.  PRED = NVISA_G80_COND_always and
    * LANES = 0xf unless changed (nvisa_g80_insn_init). */
   uint32_t mod[NVISA_G80_MOD__COUNT];
};

/* The form table row of op. */
static inline const struct nvisa_form *
nvisa_g80_form(unsigned op)
{
   return &nvisa_g80_forms[op];
}

/* Words of the instruction starting at w[0] (1 or 2). */
static inline unsigned
nvisa_g80_insn_words(const uint32_t *w)
{
   return (w[0] & 1) ? 2 : 1;
}

/* Fills insn with form op: no operands, predicate always, all lanes. */
void nvisa_g80_insn_init(struct nvisa_g80_insn *insn, unsigned op);

/* The program type, where an encoding means different things in
 * different programs (envydis .ptype): source type bit 24 of a long
 * immediate form reads p[] in geometry programs (tabis SPRIM) and a[]
 * elsewhere. */
enum nvisa_g80_ptype {
   NVISA_G80_PTYPE_ANY = 0,   /* not known: the vertex program meaning */
   NVISA_G80_PTYPE_VP,
   NVISA_G80_PTYPE_GP,
   NVISA_G80_PTYPE_FP,
   /* compute: the a[] encoding of ALU source 1 reads s[] (envydis .ptype
    * CP, isa.rst "Shared memory access") */
   NVISA_G80_PTYPE_CP,
};

/* Unpacks the instruction at in[0..avail-1].  Returns the words it used
 * (1 or 2), or -1 if it is not a known instruction or is cut short (insn
 * is still filled as far as known). */
int nvisa_g80_decode(const uint32_t *in, unsigned avail,
                     struct nvisa_g80_insn *insn);
/* The same for a program of type ptype. */
int nvisa_g80_decode_ptype(const uint32_t *in, unsigned avail,
                           enum nvisa_g80_ptype ptype,
                           struct nvisa_g80_insn *insn);

/* Packs insn into out[] (the form's word count).  Returns the words
 * written, or -1 if an operand does not suit its kind or a value does not
 * fit its field (the words are still written, values truncated). */
int nvisa_g80_encode(const struct nvisa_g80_insn *insn,
                     uint32_t out[NVISA_FORM_MAX_WORDS]);

/* One line of assembly for the instruction at in[], e.g.
 * "@$c0.ne add f32 $c1 $r0, $r1, c0[0x10] exit" (no newline), into buf
 * (snprintf semantics).  Returns the words used, or -1 as decode. */
int nvisa_g80_disasm(const uint32_t *in, unsigned avail, char *buf,
                     size_t n);
int nvisa_g80_disasm_ptype(const uint32_t *in, unsigned avail,
                           enum nvisa_g80_ptype ptype, char *buf, size_t n);

#ifdef __cplusplus
}
#endif

#endif
