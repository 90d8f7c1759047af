/*
 * Gallium formats as the Tesla 3D class stores them.
 */
#ifndef NV50_FORMAT_H
#define NV50_FORMAT_H

#include <stdint.h>

#include "pipe/p_format.h"

struct nv50_format {
   uint32_t rt;        /* G80_SURFACE_FORMAT (colour), 0: not a target */
   uint32_t zeta;      /* G80_3D_ZETA_FORMAT, 0: not a zeta format */
   uint32_t storage;   /* G80_STORAGE_TYPE of a blocklinear surface */
};

/* The entry of a format; all zero when the driver cannot render it. */
const struct nv50_format *nv50_format(enum pipe_format format);

#endif
