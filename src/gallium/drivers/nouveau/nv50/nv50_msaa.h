/*
 * Multisampling on Tesla (nv50_msaa.c): the modes of hwdb g80_msaa_mode
 * and their samples (G80_MS_SAMPLE).
 */
#ifndef NV50_MSAA_H
#define NV50_MSAA_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_state.h"

struct nir_shader;

/* The largest mode's samples (4X2) */
#define NV50_MS_MAX_SAMPLES 8

/* A multisample mode: pixel (x, y) is the block of 2^log2_x x 2^log2_y
 * stored pixels at (x << log2_x, y << log2_y); sample s lies at pos[s]
 * (1/16 pixel from the pixel's corner) and is stored at store[s] in the
 * block. */
struct nv50_ms {
   uint32_t mode;        /* MULTISAMPLE_MODE */
   unsigned samples, log2_x, log2_y;
   uint8_t pos[NV50_MS_MAX_SAMPLES][2];
   uint8_t store[NV50_MS_MAX_SAMPLES][2];
};

/* The mode of nr_samples samples (0 and 1: 1X1); false for counts the
 * hardware's modes do not have. */
bool nv50_ms_mode(unsigned nr_samples, struct nv50_ms *ms);
/* MULTISAMPLE_MODE of a framebuffer's sample count. */
uint32_t nv50_ms_fb_mode(const struct pipe_framebuffer_state *fb);
/* A blit with a multisampled side on the CPU: a resolve into a
 * single-sampled one, a 1:1 copy into one of the same count, or a
 * single-sampled source into every sample; false when it is none of
 * them or cannot be done. */
bool nv50_ms_blit(struct pipe_context *pipe,
                  const struct pipe_blit_info *info);
/* texelFetch of a multisampled texture (txf_ms) and its size (txs) in
 * an FP: moved onto the stored surface with the constants
 * nv50_ms_validate sends (other stages keep them: the compiler refuses). */
void nv50_ms_lower_tex(struct nir_shader *nir);
/* The FP's multisampled textures' constants, before a draw. */
struct nv50_context;
void nv50_ms_validate(struct nv50_context *nv50);
void nv50_get_sample_position(struct pipe_context *p, unsigned sample_count,
                              unsigned sample_index, float *out_value);

#endif
