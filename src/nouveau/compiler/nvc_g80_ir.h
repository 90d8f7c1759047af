/*
 * The Tesla backend's IR: a straight list of machine instructions in
 * libnvisa's decoded form (struct nvisa_g80_insn: the g80.xml form and
 * its modifiers), whose $r operands name SSA values until register
 * allocation (nvc_g80_ra.c) gives each a register.  One value is one
 * 32-bit scalar; NIR has been scalarised before instruction selection.
 *
 * An instruction defines at most one value (operand 0).  A value may be
 * written by several instructions only when they are predicated halves
 * of one select (nvc_g80_isel.c), the copies into a NIR phi's value at
 * the end of each predecessor, or a loop's break flag
 * (nvc_g80_isel_cf.c): the first in the list defines it, `redef` marks
 * the others.
 *
 * Control flow stays in the one list (nvc_g80_isel_cf.c): NIR's
 * structured ifs and loops become the hardware's control instructions
 * (joinat, bra, breakaddr, break) whose `target` names a label, and
 * labels are pseudo-instructions (op NOP, `label` set, never encoded)
 * marking the position a target resolves to.  The passes that only look
 * at a value's definition and its readers need nothing more; a pass that
 * moves an effect between instructions keeps to one block
 * (nvc_g80_ir_same_block); liveness reads the loops (`loops`: the label
 * of each loop's head and of its exit).
 */
#ifndef NVC_G80_IR_H
#define NVC_G80_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "nvisa_g80.h"

/* quadop's MOD QOP from the ops of lanes 0..3 (values of enum QUADOP_OP,
 * isa/g80.xml: the op of lane n at bits 7-2n..6-2n) */
#define NVC_G80_QOP(l0, l1, l2, l3) \
   ((l0) << 6 | (l1) << 4 | (l2) << 2 | (l3))

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
   /* control flow: a label pseudo-instruction (not encoded) when
    * nonzero; the label a bra / joinat / breakaddr goes to */
   uint16_t label, target;
   /* the join modifier (g80.xml CTRL 2): rejoin after this instruction */
   bool join;
};

/* A loop of the list: its head label (the back edge's target) and exit
 * label (the breakaddr's target, right after the back edge). */
struct nvc_g80_loop {
   uint16_t head, exit;
};

struct nvc_g80_ir {
   struct nvc_g80_insn *insns;
   unsigned num_insns, cap;
   unsigned num_values;
   /* $r0..$r(reserved-1) hold results (FP) and are not allocated */
   unsigned reserved;
   unsigned num_labels;           /* labels are 1..num_labels */
   struct nvc_g80_loop *loops;
   unsigned num_loops, loops_cap;
   /* $r(reserved)..$r(reserved+tex_regs-1): the texture instructions'
    * staging block (nvc_g80_isel_tex.c), not allocated either */
   unsigned tex_regs;
};

void nvc_g80_ir_init(struct nvc_g80_ir *ir);
void nvc_g80_ir_fini(struct nvc_g80_ir *ir);
/* A new SSA value. */
unsigned nvc_g80_ir_value(struct nvc_g80_ir *ir);
/* Appends an instruction of form op (predicate always, all lanes);
 * NULL when out of memory. */
struct nvc_g80_insn *nvc_g80_ir_add(struct nvc_g80_ir *ir, unsigned op);

/* A new label number; nvc_g80_ir_add_label places it (false: out of
 * memory). */
unsigned nvc_g80_ir_new_label(struct nvc_g80_ir *ir);
bool nvc_g80_ir_add_label(struct nvc_g80_ir *ir, unsigned label);
/* Records a loop (its head and exit labels); false: out of memory. */
bool nvc_g80_ir_add_loop(struct nvc_g80_ir *ir, unsigned head,
                         unsigned exit);

/* A control instruction (long control forms: g80.xml CONTROL=1): the
 * exit and join modifiers do nothing on them (docs/tesla.md). */
bool nvc_g80_is_control(unsigned op);
/* No label or control instruction between instructions a < b: one
 * straight stretch of code that every lane running a runs through to b. */
bool nvc_g80_ir_same_block(const struct nvc_g80_ir *ir, unsigned a,
                           unsigned b);

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

/* Live ranges over the list (nvc_g80_live.c): for each value the first
 * and last instruction index it must keep its register over, a range
 * that reaches into a loop from before it stretched to the loop's back
 * edge.  false: out of memory. */
bool nvc_g80_live(const struct nvc_g80_ir *ir, unsigned *start,
                  unsigned *end);

/* Linear-scan register allocation (nvc_g80_ra.c): every value gets a $r
 * from ir->reserved up, below max_gprs.  Returns the registers used
 * (highest + 1, at least ir->reserved), or 0 with *err when they do not
 * fit. */
unsigned nvc_g80_ra(struct nvc_g80_ir *ir, unsigned max_gprs,
                    const char *chip, char **err);

/* After allocation: moves from a register to itself removed
 * (nvc_g80_opt_self_moves.c). */
void nvc_g80_opt_self_moves(struct nvc_g80_ir *ir);

/* Encodes (nvc_g80_emit.c): the exit on the last instruction (or a nop
 * exit), labels resolved to word addresses for code at 0 (the words of
 * the instructions holding one in *reloc), words through
 * nvisa_g80_encode.  false + *err if a form rejects its
 * operands. */
bool nvc_g80_emit(const struct nvc_g80_ir *ir, const char *chip,
                  uint32_t **code, unsigned *words, uint32_t **reloc,
                  unsigned *num_relocs, char **err);

#endif
