/*
 * The Tesla backend's IR: a straight list of machine instructions in
 * libnvisa's decoded form (struct nvisa_g80_insn: the g80.xml form and
 * its modifiers), whose $r operands name SSA values until register
 * allocation (nvc_g80_ra.c) gives each a register.  One value is one
 * 32-bit scalar; NIR has been scalarised before instruction selection.
 *
 * An instruction defines at most one value (operand 0).  A value may be
 * written by several instructions only when they are predicated halves
 * of one select (nvc_g80_isel.c: the first defines it, `redef` marks the
 * others).
 */
#ifndef NVC_G80_IR_H
#define NVC_G80_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "nvisa_g80.h"

struct nvc_g80_insn {
   struct nvisa_g80_insn hw;
   /* bit i: hw.opnd[i] is FILE_GPR naming SSA value opnd[i].val */
   uint8_t virt;
   /* bit i: operand i is a half register (the form's operand size 2)
    * reading the value's high 16 bits; clear: its low 16 bits */
   uint8_t hi;
   /* operand 0 writes a value an earlier instruction defined */
   bool redef;
   /* has an effect besides its destination (writes $c, $o, reserved
    * registers): dead-code elimination keeps it */
   bool side_effect;
};

struct nvc_g80_ir {
   struct nvc_g80_insn *insns;
   unsigned num_insns, cap;
   unsigned num_values;
   /* $r0..$r(reserved-1) hold results (FP) and are not allocated */
   unsigned reserved;
};

void nvc_g80_ir_init(struct nvc_g80_ir *ir);
void nvc_g80_ir_fini(struct nvc_g80_ir *ir);
/* A new SSA value. */
unsigned nvc_g80_ir_value(struct nvc_g80_ir *ir);
/* Appends an instruction of form op (predicate always, all lanes);
 * NULL when out of memory. */
struct nvc_g80_insn *nvc_g80_ir_add(struct nvc_g80_ir *ir, unsigned op);

/* Operand helpers */
static inline void
nvc_g80_set_value(struct nvc_g80_insn *i, unsigned n, unsigned value)
{
   i->hw.opnd[n].file = NVISA_G80_FILE_GPR;
   i->hw.opnd[n].val = value;
   i->virt |= 1u << n;
}

/* Operand n reads the low (hi false) or high half of value. */
static inline void
nvc_g80_set_half(struct nvc_g80_insn *i, unsigned n, unsigned value, bool hi)
{
   nvc_g80_set_value(i, n, value);
   if (hi)
      i->hi |= 1u << n;
}

static inline bool
nvc_g80_is_value(const struct nvc_g80_insn *i, unsigned n)
{
   return (i->virt >> n) & 1;
}

/* Runs after instruction selection: instructions whose value nobody
 * reads removed (nvc_g80_opt_dce.c). */
void nvc_g80_opt_dce(struct nvc_g80_ir *ir);

/* A saturation (cvt f2f sat) of the only use of an f32 add or mad (and
 * mul where mul_sat: G200 on) folded into it (nvc_g80_opt_fold_sat.c). */
void nvc_g80_opt_fold_sat(struct nvc_g80_ir *ir, bool mul_sat);

/* c[] and a[] loads read through the operands of their readers where
 * the form allows (nvc_g80_opt_fold_operands.c). */
void nvc_g80_opt_fold_operands(struct nvc_g80_ir *ir);

/* Immediates read through the long-immediate forms
 * (nvc_g80_opt_fold_immediates.c). */
void nvc_g80_opt_fold_immediates(struct nvc_g80_ir *ir);

/* Results written by the instruction computing them instead of copied
 * into $o or the FP result registers (nvc_g80_opt_fold_results.c). */
void nvc_g80_opt_fold_results(struct nvc_g80_ir *ir);

/* Linear-scan register allocation (nvc_g80_ra.c): every value gets a $r
 * from ir->reserved up, below max_gprs.  Returns the registers used
 * (highest + 1, at least ir->reserved), or 0 with *err when they do not
 * fit. */
unsigned nvc_g80_ra(struct nvc_g80_ir *ir, unsigned max_gprs,
                    const char *chip, char **err);

/* Encodes (nvc_g80_emit.c): the exit on the last instruction, words
 * through nvisa_g80_encode.  false + *err if a form rejects its
 * operands. */
bool nvc_g80_emit(const struct nvc_g80_ir *ir, const char *chip,
                  uint32_t **code, unsigned *words, char **err);

#endif
