/* NIR lowering run by the NV40 compiler on its private clone. */
#ifndef NV40_NIR_H
#define NV40_NIR_H

#include "nv40_compiler.h"

struct nir_shader;

/* Lowers I/O, ints and booleans, flattens control flow where NIR can and
 * leaves the shader in the form nv40_isel expects. */
void nv40_nir_lower(struct nir_shader *s);

#endif
