/*
 * How far two RGBA8 pictures of the same size differ.
 */
#ifndef NVCOMPARE_STATS_H
#define NVCOMPARE_STATS_H

#include <stdint.h>

struct nvcompare_stats {
   uint64_t pixels;        /* width * height */
   uint64_t bad_pixels;    /* pixels whose largest channel difference > tolerance */
   unsigned max_diff;      /* largest |a - b| over every channel of every pixel */
   double mean_abs_diff;   /* mean of |a - b| over every channel (R, G, B, A) */
   double mse;             /* mean of (a - b)^2 over every channel */
   double psnr;            /* 10 log10(255^2 / mse) in dB; INFINITY if mse = 0 */
};

/* Compares a and b (width * height * 4 bytes each).  If diff is not NULL it
 * receives a picture of the differences: pixels within tolerance as a dim
 * grey copy of a, the others in red, brighter for larger differences. */
void nvcompare_images(const uint8_t *a, const uint8_t *b, unsigned width,
                      unsigned height, unsigned tolerance, uint8_t *diff,
                      struct nvcompare_stats *stats);

#endif
