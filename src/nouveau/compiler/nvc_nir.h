/* NIR lowering run by the compiler on its private clone. */
#ifndef NVC_NIR_H
#define NVC_NIR_H

#include "nvc_compiler.h"

struct nir_shader;

/* Lowers I/O, ints and booleans, flattens control flow where NIR can and
 * leaves the shader in the form nvc_isel expects. */
void nvc_nir_lower(struct nir_shader *s);

#endif
