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
 * rules of the hardware are enforced by nvc_legalize_operands.
 */
#ifndef NVC_IR_H
#define NVC_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "nvc_compiler.h"

enum nvc_op {
   NVC_OP_MOV,
   NVC_OP_MUL,
   NVC_OP_ADD,
   NVC_OP_MAD,
   NVC_OP_DP3,
   NVC_OP_DP4,
   NVC_OP_MIN,
   NVC_OP_MAX,
   NVC_OP_SLT,
   NVC_OP_SGE,
   NVC_OP_SEQ,
   NVC_OP_SNE,
   NVC_OP_SGT,
   NVC_OP_SLE,
   NVC_OP_FRC,
   NVC_OP_FLR,
   NVC_OP_RCP,
   NVC_OP_RSQ,      /* VP only */
   NVC_OP_EX2,
   NVC_OP_LG2,
   NVC_OP_SIN,
   NVC_OP_COS,
   NVC_OP_DDX,      /* FP only, writes x/y only (nvfx_shader.h) */
   NVC_OP_DDY,
   NVC_OP_TEX,      /* FP only */
   NVC_OP_TXP,
   NVC_OP_TXB,
   NVC_OP_TXL,
   NVC_OP_KIL,      /* FP: src[0] NONE = always, else kill if src[0] != 0 */
   NVC_OP_LRP,      /* FP where the ISA has it (rankine): s0*s1 + (1-s0)*s2 */
   NVC_OP_POW,      /* FP where the ISA has it (rankine): s0.x ^ s1.x */
   /* dst = src[0] != 0 ? src[1] : src[2]: a condition-code update and two
    * moves, expanded when emitted. */
   NVC_OP_SEL,
   /* VP only: dst = the uniform src[0] (its constant register range,
    * nvc_constv::index_range) at the index src[1].x: an ARL to address
    * register A0 and a read through it, expanded when emitted
    * (NV_vertex_program2 ARL and "c[A0.x + n]"). */
   NVC_OP_LDC,
   /* Structured control flow (FP only; NV_fragment_program2 IF/ELSE/
    * ENDIF, REP/ENDREP, BRK), each fragment following its own path:
    * IF takes the then part where src[0] != 0; ELSE and ENDIF close the
    * parts; LOOP..ENDLOOP repeats until every fragment did a BRK (or the
    * hardware's count runs out); BRK leaves the innermost loop.  No
    * destination; the emitter turns the markers into branch words. */
   NVC_OP_IF,
   NVC_OP_ELSE,
   NVC_OP_ENDIF,
   NVC_OP_LOOP,
   NVC_OP_ENDLOOP,
   NVC_OP_BRK,
   NVC_OP_COUNT,
};

/* How an op maps destination channels to source components. */
enum nvc_op_kind {
   NVC_KIND_COMPONENT,   /* channel c computed from swizzle[c] */
   NVC_KIND_REDUCE,      /* DP3/DP4: swizzle positional, result replicated */
   NVC_KIND_SCALAR,      /* one input component, result replicated */
   NVC_KIND_TEX,         /* swizzle positional, result rgba -> xyzw */
   NVC_KIND_NONE,        /* KIL */
};

struct nvc_op_info {
   const char *name;
   uint8_t num_srcs;
   uint8_t kind;          /* enum nvc_op_kind */
};

extern const struct nvc_op_info nvc_op_info[NVC_OP_COUNT];

enum nvc_file {
   NVC_FILE_NONE,
   NVC_FILE_VALUE,   /* index: value id */
   NVC_FILE_INPUT,   /* index: hardware input register */
   NVC_FILE_CONST,   /* index: constant vector id */
};

struct nvc_src {
   uint8_t file;
   uint16_t index;
   uint8_t swz[4];    /* logical component read, per position */
   bool neg;
   bool abs;
};

struct nvc_dst {
   uint8_t file;      /* NONE or VALUE */
   uint16_t index;
   uint8_t mask;      /* logical components written */
};

struct nvc_insn {
   uint8_t op;
   bool sat;
   /* Also writes the condition codes (of the channels it writes). */
   bool cc_update;
   /* SEL/KIL: the instruction defining src[0] already put it in the
    * condition codes (cc_update), so no separate update is needed. */
   bool cond_in_cc;
   uint8_t tex_unit;
   struct nvc_dst dst;
   struct nvc_src src[3];
};

/* Where a value lives once placed. */
enum nvc_loc_file {
   NVC_LOC_NONE,
   NVC_LOC_TEMP,     /* VP temp / FP full-precision R register */
   NVC_LOC_OUTPUT,   /* VP output register */
   NVC_LOC_HALF,     /* FP half-precision H register (colour results) */
};

#define NVC_VALUE_IDENTITY  (1 << 0)  /* channel c must hold component c */
#define NVC_VALUE_XY_ONLY   (1 << 1)  /* channels x and y only */
#define NVC_VALUE_PRECOLORED (1 << 2) /* placed by isel, not by RA */

struct nvc_value {
   uint8_t num_comps;
   uint8_t flags;
   uint8_t loc_file;  /* enum nvc_loc_file */
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
struct nvc_const_comp {
   bool is_uniform;
   uint32_t uniform_dword;  /* vec4 slot * 4 + component */
   float value;
};

struct nvc_constv {
   uint8_t num_comps;
   struct nvc_const_comp c[4];
   /* VP only: a constant register fixed by convention (the user clip
    * planes in c[0..5]), read as is; c[] are then unused. */
   bool hw_fixed;
   uint16_t hw_slot;
   /* VP only, NVC_OP_LDC's operand: the uniform slots read through the
    * address register, from this one on (0: not indexed).  The emitter
    * gives them consecutive constant registers. */
   uint16_t index_range;
};

struct nvc_prog {
   const struct nvc_target *target;
   bool is_fp;
   struct nvc_insn *insns;
   unsigned num_insns, cap_insns;
   struct nvc_value *values;
   unsigned num_values, cap_values;
   struct nvc_constv *consts;
   unsigned num_consts, cap_consts;
   /* Registers not available to the allocator (FP result registers). */
   uint64_t reserved_regs;
   unsigned max_temps;
   /* Highest temp used + 1, after allocation. */
   unsigned num_temps;
   /* The program has control flow ops (NVC_OP_IF .. NVC_OP_BRK). */
   bool has_cf;
   /* Register allocation failed for want of temporaries (the caller may
    * retry with the instructions scheduled for register pressure). */
   bool out_of_temps;
   char *error;             /* first error, malloc()ed */
   struct nvc_insn scratch;  /* written instead when out of memory */
};

void nvc_prog_init(struct nvc_prog *p, const struct nvc_target *target,
                   bool is_fp);
void nvc_prog_fini(struct nvc_prog *p);
/* Records the first error (printf-style); later ones are dropped. */
void nvc_prog_error(struct nvc_prog *p, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

unsigned nvc_new_value(struct nvc_prog *p, unsigned num_comps);
unsigned nvc_new_const(struct nvc_prog *p, const struct nvc_constv *c);
struct nvc_insn *nvc_emit(struct nvc_prog *p, unsigned op);
/* Inserts a blank instruction before position pos. */
struct nvc_insn *nvc_insert(struct nvc_prog *p, unsigned pos, unsigned op);

struct nvc_src nvc_src_value(unsigned value);
struct nvc_src nvc_src_none(void);
struct nvc_dst nvc_dst_value(struct nvc_prog *p, unsigned value);

void nvc_prog_print(const struct nvc_prog *p, FILE *f);

static inline bool
nvc_op_is_cf(unsigned op)
{
   return op >= NVC_OP_IF && op <= NVC_OP_BRK;
}

/* IR passes, one per file, in the order nvc_compile.c runs them. */
/* nvc_opt_dce.c: removes instructions whose results nobody reads. */
void nvc_opt_dce(struct nvc_prog *p);
/* nvc_opt_fold_moves.c: folds copies into the instructions computing
 * their source. */
void nvc_opt_fold_moves(struct nvc_prog *p);
/* nvc_legalize_operands.c: one input register and one constant per
 * instruction, others copied to temporaries. */
void nvc_legalize_operands(struct nvc_prog *p);
/* nvc_opt_fuse_cc.c: lets the comparison feeding a SEL/KIL update the
 * condition codes itself, saving the separate condition-code move. */
void nvc_opt_fuse_cc(struct nvc_prog *p);

/* Counts the reads of each value into values[].uses. */
void nvc_count_uses(struct nvc_prog *p);
/* Swizzle positions an instruction reads of its sources (bit each). */
uint8_t nvc_positions_read(const struct nvc_insn *insn);

/* nvc_ra.c: liveness and register allocation.  false + error if the
 * program needs more temporaries than the hardware has. */
bool nvc_ra(struct nvc_prog *p);

/* Physical swizzle helpers for the emitters. */
/* ir as op writing dst from the first nsrcs of srcs (the rest none): what
 * an emitter resolves masks and swizzles against when it encodes an IR
 * instruction as other ops (SEL's moves, an IF's condition). */
struct nvc_insn nvc_insn_as(const struct nvc_insn *ir, unsigned op,
                            const struct nvc_dst *dst,
                            const struct nvc_src *srcs, unsigned nsrcs);
uint8_t nvc_dst_phys_mask(const struct nvc_prog *p, const struct nvc_insn *insn);
/* Physical channel holding logical component comp of the source's
 * operand (identity for inputs; consts handled by the emitters). */
uint8_t nvc_src_phys_chan(const struct nvc_prog *p, const struct nvc_src *s,
                          unsigned comp);
/* Physical swizzle of source s of insn for each physical destination
 * channel, with `comp_chan` mapping the source's logical components to its
 * physical channels. */
void nvc_phys_swizzle(const struct nvc_prog *p, const struct nvc_insn *insn,
                      const struct nvc_src *s, const uint8_t comp_chan[4],
                      uint8_t out[4]);

/* The condition operand of SEL (or a conditional KIL) re-indexed by
 * physical destination channel, for the condition-code update that writes
 * those channels with no register destination. */
struct nvc_src nvc_sel_cond_src(const struct nvc_prog *p,
                                const struct nvc_insn *insn);
/* For a SEL/KIL with cond_in_cc: the condition-code swizzle selecting,
 * for each physical destination channel, the channel that holds its
 * condition. */
void nvc_cond_cc_swizzle(const struct nvc_prog *p,
                         const struct nvc_insn *insn, uint8_t out[4]);

#endif
