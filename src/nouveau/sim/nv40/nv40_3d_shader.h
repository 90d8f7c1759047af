/*
 * What the curie model needs from the NV40 shader interpreters
 * (src/nouveau/sim/shader).  nv40_3d_shader.c adapts these calls to the
 * interpreters' own interface, so that only that file changes when theirs
 * does.
 */
#ifndef NV40_3D_SHADER_H
#define NV40_3D_SHADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nvisa_nv40_fp.h"
#include "nvisa_nv40_vp.h"
#include "nvsim_raster.h"
#include "nv40_shader_exec.h"

/* Vertex program memory of curie: 544 instruction slots (envytools
 * hw/graph/xf; upstream's driver uses slots 0-511) and 468 vec4 constants
 * (nv30_screen.c: vp_data_heap 6..468). */
#define NV40_3D_VP_SLOTS 544
#define NV40_3D_VP_CONSTS 468
#define NV40_3D_VP_INPUTS 16
/* Outputs HPOS..TC7 of the ISA, plus TC8 and TC9 after TC7 (curie routes
 * ten texture coordinates: nvfx_fragprog.c num_texcoords = 10 on nv4x). */
#define NV40_3D_VP_OUT_TC(i) (NVISA_NV40_VP_OUT_TC0 + (i))
#define NV40_3D_VP_OUTPUTS (NV40_3D_VP_OUT_TC(9) + 1)
#define NV40_3D_FP_INPUT_TC(i) (NVISA_NV40_FP_INPUT_TC0 + (i))
#define NV40_3D_FP_INPUTS (NVISA_NV40_FP_INPUT_FACING + 1)
/* Longest fragment program accepted, in words. */
#define NV40_3D_FP_MAX_WORDS (4096 * 8)

struct nv40_3d_vp_prog;
struct nv40_3d_fp_prog;

/* Decodes the program that starts at slot `start`, in rankine's (NV30)
 * encoding if `rankine`, else curie's.  NULL with err filled when it
 * cannot run (bad opcode, runs off the end, no interpreter).  `old`, the
 * previous program or NULL, is taken over (freed or reused: unless
 * `reference`, only its slots whose words changed are decoded again). */
struct nv40_3d_vp_prog *
nv40_3d_vp_prepare(struct nv40_3d_vp_prog *old, const uint32_t (*insn)[4],
                   unsigned num_slots, unsigned start, bool rankine,
                   bool reference, char *err, size_t errlen);
void nv40_3d_vp_free(struct nv40_3d_vp_prog *prog);
/* Runs it for one vertex; out[] is preset by the caller to (0,0,0,1);
 * *written gets bit i for every output i the run wrote.  false (err
 * filled) on a runtime fault.  `reference` (NVSIM_REFERENCE) runs the
 * reference interpreter, else the fast path (the same bits). */
bool nv40_3d_vp_run(struct nv40_3d_vp_prog *prog,
                    const float (*consts)[4], unsigned num_consts,
                    const float (*in)[4], float (*out)[4],
                    uint32_t *written, bool reference, char *err,
                    size_t errlen);

/* Decodes a fragment program of `num_words` words (already read from
 * memory, ending with its END instruction), rankine's encoding if
 * `rankine`. */
struct nv40_3d_fp_prog *
nv40_3d_fp_prepare(const uint32_t *words, unsigned num_words,
                   uint32_t fp_control, bool rankine, char *err,
                   size_t errlen);
/* Words of the instruction at `words` (4, or 8 with its inline
 * constant) and whether it is the last; words[0..3] must be readable. */
unsigned nv40_3d_fp_insn_words(const uint32_t *words, bool rankine,
                               bool *end);
void nv40_3d_fp_free(struct nv40_3d_fp_prog *prog);
/* Runs it for a 2x2 quad (fragment 0 = (x,y), 1 = (x+1,y), 2 = (x,y+1),
 * 3 = (x+1,y+1)): in[frag][input][comp]; *mask in: fragments to shade,
 * out: the ones not killed.  color[frag][rt][comp], depth[frag].  false
 * (err filled) on a runtime fault of the program.  reference: the
 * reference interpreter (NVSIM_REFERENCE=1), else the fast path, which
 * gives the same bits in the first num_rt colour targets (those the
 * caller reads) and leaves the others as they are. */
bool nv40_3d_fp_run_quad(struct nv40_3d_fp_prog *prog,
                         const float (*in)[NVSIM_RASTER_MAX_ATTRIBS][4],
                         unsigned *mask,
                         float (*color)[NVSIM_RASTER_MAX_RT][4],
                         float *depth, nvsim_tex_fn tex, void *tex_data,
                         bool reference, unsigned num_rt, char *err,
                         size_t errlen);
/* Mask of the texture units the program samples. */
uint32_t nv40_3d_fp_texunits(const struct nv40_3d_fp_prog *prog);
/* Does the program contain KIL / write depth? */
bool nv40_3d_fp_may_kill(const struct nv40_3d_fp_prog *prog);
bool nv40_3d_fp_writes_depth(const struct nv40_3d_fp_prog *prog);
/* Mask of the inputs (1 << NVISA_NV40_FP_INPUT_*) the program reads. */
uint32_t nv40_3d_fp_inputs(const struct nv40_3d_fp_prog *prog);

#endif
