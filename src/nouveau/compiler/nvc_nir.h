/* NIR lowering run by the compiler on its private clone: the pipeline
 * (nvc_nir.c) and its own passes, one per file. */
#ifndef NVC_NIR_H
#define NVC_NIR_H

#include <stdbool.h>

#include "nvc_compiler.h"

struct nir_shader;

/* Lowers I/O, ints and booleans, flattens control flow where NIR can and
 * leaves the shader in the form nvc_isel expects. */
/* keep_indirect_uniforms: indirect uniform loads stay (the VP of a
 * target with vp.const_indexing), else they become select chains. */
/* fp_key: the FP's compile-time state (NULL: none). */
void nvc_nir_lower(struct nir_shader *s, bool keep_indirect_uniforms,
                   const struct nvc_fp_key *fp_key);

/* Reorders each block's instructions to keep as few values live as it
 * can (NIR's scheduler in its register-pressure mode): for programs the
 * allocator could not fit in the unit's temporaries. */
void nvc_nir_schedule_for_pressure(struct nir_shader *s);
/* Cheap values recomputed at each use (nvc_remat.c), for a program out
 * of temporaries. */
bool nvc_remat_for_pressure(struct nir_shader *s);
/* A VP's selects of a value or zero as products (nvc_select_to_mul.c). */
bool nvc_select_to_mul(struct nir_shader *s);

/* The optimisation loop run between the lowering steps
 * (nvc_nir_optimize.c). */
void nvc_nir_optimize(struct nir_shader *s);

/* FS: `if (c) { ...; discard; }` -> `if (c) { ... } discard_if(c)`
 * (nvc_hoist_discards.c). */
bool nvc_hoist_discards(struct nir_shader *s);

/* Projective lookups TXP cannot express (with a bias, an explicit lod or
 * a shadow reference) divided by q in the shader (nvc_lower_txp.c). */
bool nvc_lower_txp(struct nir_shader *s);

/* Loops NIR cannot count whose exits fold to constants, run at compile
 * time by peeling iterations (nvc_peel_loops.c). */
void nvc_peel_loops(struct nir_shader *s);

/* Indirect uniform loads as a select chain over the load's range
 * (nvc_lower_indirect_uniforms.c). */
bool nvc_lower_indirect_uniforms(struct nir_shader *s);

/* Lookups of the units fp_key marks emulated, as lookups of their
 * rectangle at texel coordinates the shader computes
 * (nvc_lower_tex_npot.c). */
bool nvc_lower_tex_npot(struct nir_shader *s, const struct nvc_fp_key *key);

#endif
