/*
 * The generations nvsim has a table of operations for (nvsim_gen.h), the
 * one place outside the generation folders that names them.  A new
 * generation: a folder sim/<nvXX>/ with its <nvXX>_gen.c filling in a
 * struct nvsim_gen, a line here, its sources in meson.build, and
 * nvsim="yes" on its chips' rows in hwdb chips.xml.
 */
#include "nvsim_gen.h"

extern const struct nvsim_gen nv10_gen;
extern const struct nvsim_gen nv20_gen;
extern const struct nvsim_gen nv30_gen;
extern const struct nvsim_gen nv40_gen;
extern const struct nvsim_gen nv50_gen;

const struct nvsim_gen *const nvsim_gens[] = {
   &nv10_gen,
   &nv20_gen,
   &nv30_gen,
   &nv40_gen,
   &nv50_gen,
   NULL,
};
