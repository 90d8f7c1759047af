/*
 * Multisampled render targets (hwdb nv30-40_3d.xml RT_FORMAT MULTISAMPLE,
 * from upstream's nv30_miptree.c): the samples of pixel (x, y) are a
 * block of stored pixels at (x << ms_x, y << ms_y), sample s at
 * (s % 2^ms_x, s / 2^ms_x) in it: 2 samples side by side (2X), 4 as a
 * 2x2 block (4X).  The surface is linear, its pitch the wide surface's;
 * RT_HORIZ/VERT, viewport and scissor stay in pixels.
 */
#ifndef NV30_MSAA_H
#define NV30_MSAA_H

#include "pipe/p_state.h"
#include "nv30-40_3d.xml.h"

/* The most samples a target has: the 4X mode. */
#define NV30_MAX_SAMPLES 4

/* Log2 of the sample block's width and height of a resource. */
static inline unsigned
nv30_ms_x(const struct pipe_resource *pt)
{
   return pt->nr_samples > 1;
}

static inline unsigned
nv30_ms_y(const struct pipe_resource *pt)
{
   return pt->nr_samples > 2;
}

/* Samples per pixel (1 for a single-sampled resource). */
static inline unsigned
nv30_samples(const struct pipe_resource *pt)
{
   return 1u << (nv30_ms_x(pt) + nv30_ms_y(pt));
}

/* RT_FORMAT's MULTISAMPLE field for a target of this resource. */
static inline uint32_t
nv30_ms_mode(const struct pipe_resource *pt)
{
   switch (nv30_samples(pt)) {
   case 4: return NV30_3D_RT_FORMAT_MULTISAMPLE_4X;
   case 2: return NV30_3D_RT_FORMAT_MULTISAMPLE_2X;
   default: return NV30_3D_RT_FORMAT_MULTISAMPLE_OFF;
   }
}

/* A sample count the hardware has: 0 or 1 (single), 2 or 4. */
static inline bool
nv30_sample_count_ok(unsigned n)
{
   return n <= 1 || n == 2 || n == NV30_MAX_SAMPLES;
}

#endif
