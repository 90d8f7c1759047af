/*
 * NIR -> the Tesla IR (nvc_g80_isel.c) and the NIR pipeline before it
 * (nvc_g80_nir.c).
 */
#ifndef NVC_G80_ISEL_H
#define NVC_G80_ISEL_H

#include "nvc_g80.h"
#include "nvc_g80_ir.h"

#include "compiler/nir/nir.h"

/* Lowers s in place for instruction selection; interp[driver location]
 * gets the FP inputs' INTERP_MODE_* (nir_lower_io drops them). */
void nvc_g80_nir_lower(struct nir_shader *s, uint8_t interp[NVC_G80_MAX_IO]);

/* Selects instructions for the lowered s into ir and fills the I/O part
 * of prog.  false + a malloc()ed *err for what it does not handle. */
bool nvc_g80_isel(const struct nvc_g80_target *t, struct nir_shader *s,
                  const uint8_t interp[NVC_G80_MAX_IO],
                  struct nvc_g80_ir *ir, struct nvc_g80_program *prog,
                  char **err);

/* The IR value of a NIR def component not selected yet. */
#define NVC_G80_NO_VALUE 0xffffffffu

/* What the control-flow walk (nvc_g80_isel_cf.c) shares with the
 * instruction selection: the IR, the values of NIR's defs
 * (vals[def index * 4 + component]), and `select` for each instruction
 * of a block but phis and jumps (false: it failed and said why in
 * *err). */
struct nvc_g80_isel_cf {
   struct nvc_g80_ir *ir;
   unsigned *vals;
   const char *chip;
   char **err;
   bool (*select)(void *isel, nir_instr *instr);
   void *isel;
};

/* Selects the program's control flow and blocks in order (phis become
 * copies, ifs and loops the hardware's branches); false + *err. */
bool nvc_g80_isel_cf(struct nvc_g80_isel_cf *cf,
                     nir_function_impl *impl);

#endif
