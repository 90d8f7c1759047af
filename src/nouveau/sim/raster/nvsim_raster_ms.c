/*
 * Multisampling: where the samples of a pixel are, and which of them
 * alpha-to-coverage keeps.
 *
 * The storage of the samples is documented (nvsim_raster.h,
 * nvsim_raster_surface ms_x/ms_y: upstream's nv30_miptree.c lays a
 * 2-sample target out 2x wide and a 4-sample one 2x2, and resolves it
 * with a BILINEAR blit scaled down by that much).  Where in the pixel the
 * hardware puts each sample is not: neither envytools nor upstream's
 * driver say.  nvsim uses the Direct3D standard patterns (rotated grid
 * for 4 samples), in 1/16 pixel from the pixel's top-left corner, y
 * down, numbered so that sample i lies in the part of the pixel that its
 * stored block position covers:
 *    2 samples: (4, 4) (12, 12)                    stored 2x1: 0 1
 *    4 samples: (6, 2) (14, 6) (2, 10) (10, 14)    stored 2x2: 0 1 / 2 3
 * docs/fidelity.md lists this as an assumption.
 *
 * Alpha-to-coverage (ARB_multisample, "Multisample Fragment Operations":
 * a mask whose number of 1s is proportional to alpha, all for 1, none
 * for 0; the hardware's dither is not documented): the lowest
 * round(alpha * samples) samples.
 */
#include <math.h>

#include "nvsim_raster.h"

static const uint8_t pos1[1][2] = { { 8, 8 } };
static const uint8_t pos2[2][2] = { { 4, 4 }, { 12, 12 } };
static const uint8_t pos4[4][2] = { { 6, 2 }, { 14, 6 }, { 2, 10 },
                                    { 10, 14 } };

const uint8_t (*nvsim_raster_sample_positions(unsigned samples))[2]
{
   switch (samples) {
   case 2: return pos2;
   case 4: return pos4;
   default: return pos1;
   }
}

const uint8_t (*nvsim_raster_state_positions(
   const struct nvsim_raster_state *st))[2]
{
   return st->sample_pos ? st->sample_pos
                         : nvsim_raster_sample_positions(st->samples);
}

unsigned
nvsim_raster_alpha_coverage(unsigned samples, float alpha)
{
   if (!(alpha > 0.0f))
      return 0;
   if (alpha >= 1.0f)
      return (1u << samples) - 1;
   unsigned n = (unsigned)floorf(alpha * (float)samples + 0.5f);
   return (1u << n) - 1;
}
