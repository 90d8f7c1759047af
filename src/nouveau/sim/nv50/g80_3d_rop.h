/*
 * Between the Tesla draw pipeline (g80_3d_draw.c) and its ROP
 * (g80_3d_rop.c): the shared rasteriser's state built from the methods,
 * with the render targets and zeta staged in formats the rasteriser
 * writes.
 */
#ifndef G80_3D_ROP_H
#define G80_3D_ROP_H

#include "g80_3d.h"
#include "nvsim_raster.h"

/* Raster attribute k holds result map slots 4k..4k+3; attribute 0 is the
 * position (the rasteriser puts the fragment position there). */
#define G80_3D_RASTER_POS_SLOT 0

struct g80_3d_rop;

/* Builds the raster state for a draw's primitives of one layer and
 * viewport (`target`, g80_3d_layer.c): that layer of the render targets
 * RT_CONTROL enables and of the zeta buffer (ZETA_ENABLE), the clip
 * rectangle (with the viewport's scissor), the tests (its depth range),
 * blending and masks, and the FP.  Traps (a status other than
 * NVSIM_OK) for state it cannot model. */
enum nvsim_status g80_3d_rop_begin(struct g80_3d *ctx,
                                   const struct g80_3d_target *target,
                                   struct g80_3d_rop **rop,
                                   struct nvsim_raster_state **rs);
/* Stages the targets' and zeta's pixels of the rectangle x0..x1-1,
 * y0..y1-1 (staging coordinates, cut by the clip rectangle), the only
 * pixels the draw may then touch: the rasteriser's clip rectangle becomes
 * it.  On a trap the ROP is freed. */
enum nvsim_status g80_3d_rop_stage(struct g80_3d *ctx, struct g80_3d_rop *rop,
                                   int x0, int y0, int x1, int y1);
/* Writes the staged pixels back into the surfaces and frees the ROP;
 * `failed` drops them (a trapped FP). */
enum nvsim_status g80_3d_rop_end(struct g80_3d *ctx, struct g80_3d_rop *rop);
/* The window position of staging pixel (0, 0): the draw moves its
 * window coordinates by minus this. */
void g80_3d_rop_origin(const struct g80_3d_rop *rop, int *x0, int *y0);
/* Whether the FP faulted during the draw (the ROP then stops drawing). */
bool g80_3d_rop_failed(const struct g80_3d_rop *rop);

/* The logic op (g80_3d_logic.c): combines the pixel src (the source as
 * a pixel of `format`) with the stored pixel dst in place, for the bits
 * of the components rgba_mask (bit 0 R .. bit 3 A) enables. */
void g80_3d_logic_pixel(uint32_t format, enum nvsim_raster_logic_op op,
                        unsigned rgba_mask, const uint8_t *src, uint8_t *dst);

/* Result map slot m: whether FP_INTERPOLANT_CTRL makes it a flat
 * interpolant, and whether NOPERSPECTIVE_BITMAP makes it linear. */
bool g80_3d_slot_flat(const struct g80_3d *ctx, unsigned m);
bool g80_3d_slot_linear(const struct g80_3d *ctx, unsigned m);

/* Point sprites (g80_3d_sprite.c). */
struct g80_3d_sprite {
   bool any;                            /* some slot is replaced */
   bool upper_left;                     /* POINT_SPRITE_CTRL COORD_ORIGIN */
   uint8_t code[G80_3D_MAP_SLOTS];      /* g80_point_coord_replace */
};
/* Traps on point sprite state the model does not know (map codes past
 * ONE, map words past the result map, POINT_SPRITE_CTRL bits other than
 * COORD_ORIGIN) when a draw of `prim` can rasterise point sprites. */
enum nvsim_status g80_3d_sprite_check(struct g80_3d *ctx, uint32_t prim);
/* The draw's sprite state: rs->point_sprite from POINT_SPRITE_ENABLE,
 * the map's codes and the origin into *sp. */
void g80_3d_sprite_setup(const struct g80_3d *ctx, struct g80_3d_sprite *sp,
                         struct nvsim_raster_state *rs);
/* Whether a point sprite's fragment with rasteriser coordinates st
 * (nvsim_raster_quad sprite_st) reads slot m replaced, and as what. */
bool g80_3d_sprite_value(const struct g80_3d_sprite *sp, unsigned m,
                         const float st[2], float *v);

#endif
