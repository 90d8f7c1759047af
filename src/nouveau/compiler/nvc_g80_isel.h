/*
 * NIR -> the Tesla IR (nvc_g80_isel.c) and the NIR pipeline before it
 * (nvc_g80_nir.c).
 */
#ifndef NVC_G80_ISEL_H
#define NVC_G80_ISEL_H

#include "nvc_g80.h"
#include "nvc_g80_ir.h"

struct nir_shader;

/* Lowers s in place for instruction selection; interp[driver location]
 * gets the FP inputs' INTERP_MODE_* (nir_lower_io drops them). */
void nvc_g80_nir_lower(struct nir_shader *s, uint8_t interp[NVC_G80_MAX_IO]);

/* Selects instructions for the lowered s into ir and fills the I/O part
 * of prog.  false + a malloc()ed *err for what it does not handle. */
bool nvc_g80_isel(const struct nvc_g80_target *t, struct nir_shader *s,
                  const uint8_t interp[NVC_G80_MAX_IO],
                  struct nvc_g80_ir *ir, struct nvc_g80_program *prog,
                  char **err);

#endif
