/*
 * Gallium formats as the Tesla 3D class stores them.
 */
#ifndef NV50_FORMAT_H
#define NV50_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_format.h"

struct nv50_format {
   uint32_t rt;        /* G80_SURFACE_FORMAT (colour), 0: not a target */
   uint32_t zeta;      /* G80_3D_ZETA_FORMAT, 0: not a zeta format */
   uint32_t storage;   /* G80_STORAGE_TYPE of a blocklinear surface */
};

struct nvhwdb_chip;

/* The entry of a format; all zero when the driver cannot render it. */
const struct nv50_format *nv50_format(enum pipe_format format);

/* Whether the chip's 3D class takes zeta (a G80_3D_ZETA_FORMAT code) in
 * ZETA_FORMAT: hwdb lists each class's values (Z16_UNORM from G200_3D
 * on). */
bool nv50_zeta_format_valid(const struct nvhwdb_chip *chip, uint32_t zeta);

#endif
