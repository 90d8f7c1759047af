/*
 * Multisampling in the Tesla 3D class (g80_3d_msaa.c): what
 * MULTISAMPLE_MODE makes of the render targets and the zeta buffer, for
 * clears (g80_3d_clear.c) and draws (g80_3d_rop.c).
 */
#ifndef G80_3D_MSAA_H
#define G80_3D_MSAA_H

#include "g80_3d.h"
#include "nvsim_raster.h"

/* A multisample mode (hwdb g80_msaa_mode): pixel (x, y) is the block of
 * 2^log2_x x 2^log2_y stored pixels at (x << log2_x, y << log2_y) of
 * every bound surface, whose RT_HORIZ / ZETA_HORIZ are in stored pixels;
 * sample s at pos[s] in the pixel (1/16 pixel from its top-left corner)
 * and stored at store[s] in the block (hwdb G80_MS_SAMPLE). */
struct g80_3d_ms {
   uint32_t mode;
   unsigned samples, log2_x, log2_y;
   uint8_t pos[NVSIM_RASTER_MAX_SAMPLES][2];
   uint8_t store[NVSIM_RASTER_MAX_SAMPLES][2];
};

/* A new context's multisample state (g80_3d_create). */
void g80_3d_ms_init(struct g80_3d *ctx);

/* Decodes MULTISAMPLE_MODE; traps (a status other than NVSIM_OK) for the
 * modes not modelled (coverage sampling, GT215's D3D orders). */
enum nvsim_status g80_3d_ms_mode(struct g80_3d *ctx, struct g80_3d_ms *ms);

/* Sets the rasteriser's multisample state from the methods (samples and
 * their positions, MULTISAMPLE_ENABLE, MSAA_MASK, MULTISAMPLE_CTRL) and
 * the layout of its surfaces; ms must outlive rs's use.  Traps for
 * multisample state not modelled. */
enum nvsim_status g80_3d_ms_raster(struct g80_3d *ctx,
                                   const struct g80_3d_ms *ms,
                                   struct nvsim_raster_state *rs);

/* The stored surface layout of ms for one raster surface. */
void g80_3d_ms_surface(const struct g80_3d_ms *ms,
                       struct nvsim_raster_surface *s);

#endif
