#ifndef NV30_FORMAT_H
#define NV30_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_format.h"

/* What the 3D engine can do with a pipe format.  0 = cannot. */
struct nv30_format_info {
   uint32_t rt_color;   /* RT_FORMAT COLOR field value (shifted) */
   uint32_t rt_zeta;    /* RT_FORMAT ZETA field value (shifted) */
   bool rt_no_blend;    /* a colour target the ROP cannot blend */
   uint32_t vtx_type;   /* VTXFMT TYPE value, with vtx_ok */
   bool vtx_ok;
};

/* Never NULL: formats the hardware lacks get an all-zero entry. */
const struct nv30_format_info *nv30_format_info(enum pipe_format format);

#endif
