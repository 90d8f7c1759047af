/*
 * G80_2D's raster operation with a pattern (g80_2d_rop.c).
 */
#ifndef G80_2D_ROP_H
#define G80_2D_ROP_H

#include <stdbool.h>
#include <stdint.h>

/* The pattern state the methods set (PATTERN_SELECT,
 * PATTERN_COLOR_FORMAT, PATTERN_BITMAP_COLOR[2], PATTERN_BITMAP[2]). */
struct g80_2d_pattern {
   uint32_t select, color_format;
   uint32_t bitmap_color[2], bitmap[2];
};

/* The one value a pattern has at every pixel of a cpp-byte destination,
 * or why nvsim does not model it. */
const char *g80_2d_pattern_uniform(const struct g80_2d_pattern *p,
                                   unsigned cpp, uint32_t *value);
/* rnndb's ROP(DST, SRC, PATTERN) of 32 bits at once. */
uint32_t g80_2d_rop3(uint8_t rop, uint32_t d, uint32_t s, uint32_t p);

#endif
