/*
 * The Tesla texture unit (g80_sampler.c): texels of a decoded TIC through
 * a decoded TSC, for the requests the shader interpreter forms
 * (g80_shader.h, struct g80_tex_request).  Pure: the caller (the 3D class,
 * g80_3d_stage.c, or a unit test) decodes the descriptors and hands over
 * the host view of the texture's memory, g80_sampler_bytes() of it from
 * the TIC's address.
 */
#ifndef G80_SAMPLER_H
#define G80_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "g80_shader.h"
#include "g80_texture.h"

/* MAP_MIP_LEVEL is 4 bits: levels 0..15 */
#define G80_SAMPLER_MAX_LEVELS 16

struct g80_sampler_level {
   uint64_t offset;              /* from the subtexture's start */
   uint32_t w, h, d;             /* texels */
   uint8_t block_w, block_h, block_d;   /* auto-sized, log2 gobs */
};

struct g80_sampler_texture {
   struct g80_tic tic;
   struct g80_tsc tsc;
   unsigned format;              /* index into the format table */
   unsigned dims;                /* coordinates: 1, 2 or 3 */
   bool array, cube;
   /* G200_3D's TEX_MISC SEAMLESS_CUBE_MAP (the 3D class's state, not the
    * descriptors': the caller sets it after g80_sampler_setup) */
   bool seamless;
   unsigned layers;              /* subtextures (a cube's faces count) */
   unsigned num_levels;
   struct g80_sampler_level level[G80_SAMPLER_MAX_LEVELS];
   uint64_t layer_bytes;
   uint64_t bytes;               /* all of it, from tic.address */
   const uint8_t *mem;           /* host view of `bytes` bytes */
};

/* Lays the texture out from its TIC (g80-surface.rst "Textures,
 * mipmapping and arrays") and checks the TSC (g200_on: the chip has
 * G200's TIC formats, Z16); NULL or why it cannot be
 * sampled (a format, type or layout not modelled or not valid). */
const char *g80_sampler_setup(struct g80_sampler_texture *t,
                              const struct g80_tic *tic,
                              const struct g80_tsc *tsc, bool g200_on);

/* Runs one request for its active lanes into out[lane][0..3]; mem must
 * be set.  NULL or why the request cannot be served. */
const char *g80_sampler_run(const struct g80_sampler_texture *t,
                            enum g80_stage stage,
                            const struct g80_tex_request *req,
                            uint32_t out[32][4]);

#endif
