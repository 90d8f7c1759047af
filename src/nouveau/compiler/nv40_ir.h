/*
 * The NV40 compiler's intermediate form: a straight-line list of vec4
 * instructions on virtual values, shared by the vertex and fragment paths.
 *
 * A value is what one NIR SSA def became: 1-4 logical components that the
 * register allocator places on any channels of one hardware register (the
 * hardware's per-source swizzles and destination write masks let an
 * instruction read and write any channel, NV_vertex_program /
 * NV_fragment_program "swizzle" and "write mask").  Sources that need no
 * register (shader inputs, uniforms, immediates) are operands of their
 * own files; the one-input-register and one-constant-per-instruction
 * rules of the hardware are enforced by nv40_legalize.
 */
#ifndef NV40_IR_H
#define NV40_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "nv40_compiler.h"

enum nv40_op {
   NV40_OP_MOV,
   NV40_OP_MUL,
   NV40_OP_ADD,
   NV40_OP_MAD,
   NV40_OP_DP3,
   NV40_OP_DP4,
   NV40_OP_MIN,
   NV40_OP_MAX,
   NV40_OP_SLT,
   NV40_OP_SGE,
   NV40_OP_SEQ,
   NV40_OP_SNE,
   NV40_OP_SGT,
   NV40_OP_SLE,
   NV40_OP_FRC,
   NV40_OP_FLR,
   NV40_OP_RCP,
   NV40_OP_RSQ,      /* VP only */
   NV40_OP_EX2,
   NV40_OP_LG2,
   NV40_OP_SIN,
   NV40_OP_COS,
   NV40_OP_DDX,      /* FP only, writes x/y only (nvfx_shader.h) */
   NV40_OP_DDY,
   NV40_OP_TEX,      /* FP only */
   NV40_OP_TXP,
   NV40_OP_TXB,
   NV40_OP_TXL,
   NV40_OP_KIL,      /* FP: src[0] NONE = always, else kill if src[0] != 0 */
   /* dst = src[0] != 0 ? src[1] : src[2]: a condition-code update and two
    * moves, expanded when emitted. */
   NV40_OP_SEL,
   /* Structured control flow (FP only; NV_fragment_program2 IF/ELSE/
    * ENDIF, REP/ENDREP, BRK), each fragment following its own path:
    * IF takes the then part where src[0] != 0; ELSE and ENDIF close the
    * parts; LOOP..ENDLOOP repeats until every fragment did a BRK (or the
    * hardware's count runs out); BRK leaves the innermost loop.  No
    * destination; the emitter turns the markers into branch words. */
   NV40_OP_IF,
   NV40_OP_ELSE,
   NV40_OP_ENDIF,
   NV40_OP_LOOP,
   NV40_OP_ENDLOOP,
   NV40_OP_BRK,
   NV40_OP_COUNT,
};

/* How an op maps destination channels to source components. */
enum nv40_op_kind {
   NV40_KIND_COMPONENT,   /* channel c computed from swizzle[c] */
   NV40_KIND_REDUCE,      /* DP3/DP4: swizzle positional, result replicated */
   NV40_KIND_SCALAR,      /* one input component, result replicated */
   NV40_KIND_TEX,         /* swizzle positional, result rgba -> xyzw */
   NV40_KIND_NONE,        /* KIL */
};

struct nv40_op_info {
   const char *name;
   uint8_t num_srcs;
   uint8_t kind;          /* enum nv40_op_kind */
};

extern const struct nv40_op_info nv40_op_info[NV40_OP_COUNT];

enum nv40_file {
   NV40_FILE_NONE,
   NV40_FILE_VALUE,   /* index: value id */
   NV40_FILE_INPUT,   /* index: hardware input register */
   NV40_FILE_CONST,   /* index: constant vector id */
};

struct nv40_src {
   uint8_t file;
   uint16_t index;
   uint8_t swz[4];    /* logical component read, per position */
   bool neg;
   bool abs;
};

struct nv40_dst {
   uint8_t file;      /* NONE or VALUE */
   uint16_t index;
   uint8_t mask;      /* logical components written */
};

struct nv40_insn {
   uint8_t op;
   bool sat;
   /* Also writes the condition codes (of the channels it writes). */
   bool cc_update;
   /* SEL/KIL: the instruction defining src[0] already put it in the
    * condition codes (cc_update), so no separate update is needed. */
   bool cond_in_cc;
   uint8_t tex_unit;
   struct nv40_dst dst;
   struct nv40_src src[3];
};

/* Where a value lives once placed. */
enum nv40_loc_file {
   NV40_LOC_NONE,
   NV40_LOC_TEMP,     /* VP temp / FP full-precision R register */
   NV40_LOC_OUTPUT,   /* VP output register */
   NV40_LOC_HALF,     /* FP half-precision H register (colour results) */
};

#define NV40_VALUE_IDENTITY  (1 << 0)  /* channel c must hold component c */
#define NV40_VALUE_XY_ONLY   (1 << 1)  /* channels x and y only */
#define NV40_VALUE_PRECOLORED (1 << 2) /* placed by isel, not by RA */

struct nv40_value {
   uint8_t num_comps;
   uint8_t flags;
   uint8_t loc_file;  /* enum nv40_loc_file */
   uint8_t reg;
   uint8_t chan[4];   /* physical channel of each logical component */
   /* Liveness in half-steps: defined at 2i+1, read at 2i (or 2i+1 when
    * the reading instruction writes its destination before it has read
    * everything: SEL). */
   int start;
   int end;
   unsigned uses;
};

/* One component of a constant operand. */
struct nv40_const_comp {
   bool is_uniform;
   uint32_t uniform_dword;  /* vec4 slot * 4 + component */
   float value;
};

struct nv40_constv {
   uint8_t num_comps;
   struct nv40_const_comp c[4];
   /* VP only: a constant register fixed by convention (the user clip
    * planes in c[0..5]), read as is; c[] are then unused. */
   bool hw_fixed;
   uint16_t hw_slot;
};

struct nv40_prog {
   bool is_fp;
   struct nv40_insn *insns;
   unsigned num_insns, cap_insns;
   struct nv40_value *values;
   unsigned num_values, cap_values;
   struct nv40_constv *consts;
   unsigned num_consts, cap_consts;
   /* Registers not available to the allocator (FP result registers). */
   uint64_t reserved_regs;
   unsigned max_temps;
   /* Highest temp used + 1, after allocation. */
   unsigned num_temps;
   /* The program has control flow ops (NV40_OP_IF .. NV40_OP_BRK). */
   bool has_cf;
   char *error;             /* first error, malloc()ed */
   struct nv40_insn scratch;  /* written instead when out of memory */
};

void nv40_prog_init(struct nv40_prog *p, bool is_fp);
void nv40_prog_fini(struct nv40_prog *p);
/* Records the first error (printf-style); later ones are dropped. */
void nv40_prog_error(struct nv40_prog *p, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

unsigned nv40_new_value(struct nv40_prog *p, unsigned num_comps);
unsigned nv40_new_const(struct nv40_prog *p, const struct nv40_constv *c);
struct nv40_insn *nv40_emit(struct nv40_prog *p, unsigned op);
/* Inserts a blank instruction before position pos. */
struct nv40_insn *nv40_insert(struct nv40_prog *p, unsigned pos, unsigned op);

struct nv40_src nv40_src_value(unsigned value);
struct nv40_src nv40_src_none(void);
struct nv40_dst nv40_dst_value(struct nv40_prog *p, unsigned value);

void nv40_prog_print(const struct nv40_prog *p, FILE *f);

static inline bool
nv40_op_is_cf(unsigned op)
{
   return op >= NV40_OP_IF && op <= NV40_OP_BRK;
}

/* nv40_legalize.c: enforce operand rules, fold moves into producers. */
void nv40_legalize(struct nv40_prog *p);
void nv40_opt_fold_moves(struct nv40_prog *p);
/* Removes instructions whose results nobody reads. */
void nv40_opt_dce(struct nv40_prog *p);
/* Lets the comparison feeding a SEL/KIL update the condition codes
 * itself, saving the separate condition-code move. */
void nv40_opt_fuse_cc(struct nv40_prog *p);
/* Swizzle positions an instruction reads of its sources (bit each). */
uint8_t nv40_positions_read(const struct nv40_insn *insn);

/* nv40_ra.c: liveness and register allocation.  false + error if the
 * program needs more temporaries than the hardware has. */
bool nv40_ra(struct nv40_prog *p);

/* Physical swizzle helpers for the emitters. */
uint8_t nv40_dst_phys_mask(const struct nv40_prog *p, const struct nv40_insn *insn);
/* Physical channel holding logical component comp of the source's
 * operand (identity for inputs; consts handled by the emitters). */
uint8_t nv40_src_phys_chan(const struct nv40_prog *p, const struct nv40_src *s,
                           unsigned comp);
/* Physical swizzle of source s of insn for each physical destination
 * channel, with `comp_chan` mapping the source's logical components to its
 * physical channels. */
void nv40_phys_swizzle(const struct nv40_prog *p, const struct nv40_insn *insn,
                       const struct nv40_src *s, const uint8_t comp_chan[4],
                       uint8_t out[4]);

/* The condition operand of SEL (or a conditional KIL) re-indexed by
 * physical destination channel, for the condition-code update that writes
 * those channels with no register destination. */
struct nv40_src nv40_sel_cond_src(const struct nv40_prog *p,
                                  const struct nv40_insn *insn);
/* For a SEL/KIL with cond_in_cc: the condition-code swizzle selecting,
 * for each physical destination channel, the channel that holds its
 * condition. */
void nv40_cond_cc_swizzle(const struct nv40_prog *p,
                          const struct nv40_insn *insn, uint8_t out[4]);

#endif
