/*
 * Texture instructions for Tesla (nvc_g80_isel_tex.c), called by
 * instruction selection (nvc_g80_isel.c) for each NIR tex instruction.
 */
#ifndef NVC_G80_ISEL_TEX_H
#define NVC_G80_ISEL_TEX_H

#include "compiler/nir/nir.h"
#include "nvc_g80_ir.h"

#define NVC_G80_TEX_MSG 200

/* Appends tex's instructions to ir; vals[def index * 4 + comp] are the
 * values of the NIR defs so far, dst[comp] gets the result values (all
 * ones for components nobody reads).  NULL, or msg saying what is not
 * supported. */
const char *nvc_g80_isel_tex(struct nvc_g80_ir *ir, const nir_tex_instr *tex,
                             const unsigned *vals, unsigned dst[4],
                             char msg[NVC_G80_TEX_MSG]);

#endif
