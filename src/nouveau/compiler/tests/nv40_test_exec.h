/*
 * A small reference executor for the compiler tests: runs NV40 VP/FP
 * words, decoded with the ISA unpackers, with the semantics of
 * NV_vertex_program2/3 and NV_fragment_program2 (the operations the
 * compiler emits).  Test-only; nvsim's interpreters are the real thing
 * (when src/nouveau/sim/shader has them, the tests should run there too).
 */
#ifndef NV40_TEST_EXEC_H
#define NV40_TEST_EXEC_H

#include <stdbool.h>
#include <stdint.h>

struct nv40_test_vp_state {
   float in[16][4];
   float c[468][4];
   float out[17][4];   /* VP output registers (HPOS, COL0, ..., TC9) */
};

/* Returns false on a malformed program (runs past the end, unknown op). */
bool nv40_test_vp_run(const uint32_t *insns, unsigned num_insns,
                      struct nv40_test_vp_state *st, char *err, unsigned errlen);

struct nv40_test_fp_state {
   float in[15][4];     /* FP input registers */
   float r[64][4];      /* R registers; H2n/H2n+1 are stored here as Rn */
   bool killed;
   /* Texture lookups return (s, t, r, unit) of the (projected) coords,
    * r = 0 unless tex_3d[unit] (2D textures ignore it), plus bias/lod
    * added to .w for TXB/TXL, so tests can see what was looked up. */
   bool tex_3d[16];
};

bool nv40_test_fp_run(const uint32_t *words, unsigned num_words,
                      struct nv40_test_fp_state *st, char *err, unsigned errlen);

#endif
