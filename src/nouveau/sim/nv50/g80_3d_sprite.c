/*
 * Point sprite coordinate replacement on Tesla (issue 10; docs/tesla.md
 * "Point sprites", which says where each fact comes from).
 *
 * - POINT_SPRITE_ENABLE: points are rasterised as point sprites
 *   (ARB_point_sprite: a square of side the point size, the point
 *   antialiasing enable ignored).  Upstream's nv50 writes it from
 *   Gallium's point_quad_rasterization, which st/mesa sets for
 *   GL_POINT_SPRITE; that it selects the square is an inference.
 * - POINT_COORD_REPLACE_MAP: 4 bits a result map slot (hwdb
 *   g80_point_coord_replace_map); a point sprite's fragment reads a slot
 *   with code S, T, ZERO or ONE as that component of (s, t, 0, 1)
 *   (ARB_point_sprite: "s, t, 0, 1"), whatever the vertex's value and
 *   whatever the slot's interpolation: upstream changes neither the FP
 *   nor its interpolation modes when it turns sprites on, so on the
 *   chips it was written for the program's pinterp / linterp / flat read
 *   must give (s, t, 0, 1) (inference).  Other codes trap.
 * - POINT_SPRITE_CTRL COORD_ORIGIN (rnndb): UPPER_LEFT t grows from the
 *   point's top (window y down, as SCREEN_Y_CONTROL 0 leaves it, which
 *   upstream writes), LOWER_LEFT from its bottom; upstream writes
 *   UPPER_LEFT for Gallium's PIPE_SPRITE_COORD_UPPER_LEFT, which
 *   st/mesa gives for GL's origin in the framebuffer's orientation.
 *   The other bits have no known meaning: set, they trap.
 *
 * s = 1/2 + (x_f + 1/2 - x_w) / size, t likewise from y (ARB_point_sprite,
 * "The following formula"); the shared rasteriser computes them per
 * fragment (nvsim_raster_point, its point_sprite state) with the t of
 * the upper-left origin; the ROP (g80_3d_rop.c shade_quad) places them.
 */
#include "g80_3d_rop.h"

/* Codes per map word. */
#define CODE_BITS G80_POINT_COORD_REPLACE_MAP_1__SHIFT
#define CODES_PER_WORD (32 / CODE_BITS)

static unsigned
map_code(const struct g80_3d *ctx, unsigned m)
{
   uint32_t w = g80_3d_reg(ctx,
                           G80_3D_POINT_COORD_REPLACE_MAP(m / CODES_PER_WORD));
   return (w >> (m % CODES_PER_WORD * CODE_BITS)) &
          G80_POINT_COORD_REPLACE_MAP_0__MASK;
}

/* Whether the draw can rasterise points: POINTS, or polygons with a
 * POLYGON_MODE POINT face (ARB_point_sprite: "its vertices will be
 * rendered as point sprites"). */
static bool
draws_points(const struct g80_3d *ctx, uint32_t prim)
{
   return prim == G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POINTS ||
          (prim >= G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_TRIANGLES &&
           prim <= G80_3D_VERTEX_BEGIN_GL_PRIMITIVE_POLYGON &&
           (g80_3d_reg(ctx, G80_3D_POLYGON_MODE_FRONT) ==
               G80_3D_POLYGON_MODE_FRONT_POINT ||
            g80_3d_reg(ctx, G80_3D_POLYGON_MODE_BACK) ==
               G80_3D_POLYGON_MODE_FRONT_POINT));
}

enum nvsim_status
g80_3d_sprite_check(struct g80_3d *ctx, uint32_t prim)
{
   if (!g80_3d_reg(ctx, G80_3D_POINT_SPRITE_ENABLE) || !draws_points(ctx, prim))
      return NVSIM_OK;
   uint32_t ctrl = g80_3d_reg(ctx, G80_3D_POINT_SPRITE_CTRL);
   if (ctrl & ~G80_3D_POINT_SPRITE_CTRL_COORD_ORIGIN__MASK)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "POINT_SPRITE_CTRL 0x%x: "
                         "bits other than COORD_ORIGIN are not modelled",
                         ctrl);
   unsigned codes = G80_3D_POINT_COORD_REPLACE_MAP__LEN * CODES_PER_WORD;
   for (unsigned m = 0; m < codes; m++) {
      unsigned code = map_code(ctx, m);
      if (code > G80_POINT_COORD_REPLACE_ONE)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                            "point sprite coordinate replacement code %u "
                            "(POINT_COORD_REPLACE_MAP slot %u) is not "
                            "modelled", code, m);
      if (code && m >= G80_3D_MAP_SLOTS)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                            "POINT_COORD_REPLACE_MAP slot %u is past the %u "
                            "of the result map", m, G80_3D_MAP_SLOTS);
   }
   return NVSIM_OK;
}

void
g80_3d_sprite_setup(const struct g80_3d *ctx, struct g80_3d_sprite *sp,
                    struct nvsim_raster_state *rs)
{
   sp->any = false;
   rs->point_sprite = g80_3d_reg(ctx, G80_3D_POINT_SPRITE_ENABLE) != 0;
   if (!rs->point_sprite)
      return;
   sp->upper_left = (g80_3d_reg(ctx, G80_3D_POINT_SPRITE_CTRL) &
                     G80_3D_POINT_SPRITE_CTRL_COORD_ORIGIN__MASK) ==
                    G80_3D_POINT_SPRITE_CTRL_COORD_ORIGIN_UPPER_LEFT;
   for (unsigned m = 0; m < G80_3D_MAP_SLOTS; m++) {
      sp->code[m] = (uint8_t)map_code(ctx, m);
      sp->any |= sp->code[m] != G80_POINT_COORD_REPLACE_NONE;
   }
}

bool
g80_3d_sprite_value(const struct g80_3d_sprite *sp, unsigned m,
                    const float st[2], float *v)
{
   if (m >= G80_3D_MAP_SLOTS)
      return false;
   switch (sp->code[m]) {
   case G80_POINT_COORD_REPLACE_S:
      *v = st[0];
      return true;
   case G80_POINT_COORD_REPLACE_T:
      /* the rasteriser's t grows downwards from the point's top */
      *v = sp->upper_left ? st[1] : 1.0f - st[1];
      return true;
   case G80_POINT_COORD_REPLACE_ZERO:
      *v = 0.0f;
      return true;
   case G80_POINT_COORD_REPLACE_ONE:
      *v = 1.0f;
      return true;
   default:                     /* NONE (others trapped at the draw) */
      return false;
   }
}
