/*
 * Picture difference statistics.  PSNR follows its usual definition for
 * 8-bit samples: 10 log10(MAX^2 / MSE) with MAX = 255.
 */
#include <math.h>
#include <stdlib.h>

#include "nvcompare_stats.h"

void
nvcompare_images(const uint8_t *a, const uint8_t *b, unsigned width,
                 unsigned height, unsigned tolerance, uint8_t *diff,
                 struct nvcompare_stats *stats)
{
   const uint64_t pixels = (uint64_t)width * height;
   uint64_t sum_abs = 0, sum_sq = 0, bad = 0;
   unsigned max_diff = 0;

   for (uint64_t p = 0; p < pixels; p++) {
      const uint8_t *pa = a + p * 4, *pb = b + p * 4;
      unsigned pixel_max = 0;
      for (int c = 0; c < 4; c++) {
         const unsigned d = (unsigned)abs((int)pa[c] - (int)pb[c]);
         sum_abs += d;
         sum_sq += d * d;
         if (d > pixel_max)
            pixel_max = d;
      }
      if (pixel_max > max_diff)
         max_diff = pixel_max;
      if (pixel_max > tolerance)
         bad++;
      if (diff) {
         uint8_t *pd = diff + p * 4;
         if (pixel_max > tolerance) {
            /* 128..255: even a small difference over tolerance stands out. */
            pd[0] = (uint8_t)(128 + pixel_max / 2);
            pd[1] = 0;
            pd[2] = 0;
         } else {
            const unsigned grey = (pa[0] * 77u + pa[1] * 150u + pa[2] * 29u) >> 8;
            pd[0] = pd[1] = pd[2] = (uint8_t)(grey / 3);
         }
         pd[3] = 255;
      }
   }

   stats->pixels = pixels;
   stats->bad_pixels = bad;
   stats->max_diff = max_diff;
   stats->mean_abs_diff = pixels ? (double)sum_abs / (double)(pixels * 4) : 0.0;
   stats->mse = pixels ? (double)sum_sq / (double)(pixels * 4) : 0.0;
   stats->psnr = stats->mse > 0.0 ? 10.0 * log10(255.0 * 255.0 / stats->mse)
                                  : INFINITY;
}
