/*
 * Polygon offset (GL 2.1 section 3.5.5): o = m * factor + r * units,
 * m = max(|dz/dx|, |dz/dy|) over the polygon's plane, bounded by
 * offset_clamp (EXT_polygon_offset_clamp).  POLYGON_OFFSET_UNITS counts
 * steps of the depth buffer (docs/fidelity.md "Polygon offset units").
 * The fill path computes m from its own setup (nvsim_raster_tri.c); the
 * LINE and POINT polygon modes of the class models take the offset of
 * the polygon here and move its vertices by it.
 */
#include <math.h>

#include "nvsim_raster.h"
#include "nvsim_raster_math.h"

double
nvsim_raster_offset_r(const struct nvsim_raster_state *st, float zmax)
{
   if (st->zeta.format == NVSIM_RASTER_FMT_Z32F_S8) {
      /* ARB_depth_buffer_float, 3.5.5 eq. 3.11: r = 2^(e - n), e the
       * largest exponent of the primitive's z values, n = 23 mantissa
       * bits of a float */
      int e = 0;
      frexpf(zmax, &e);         /* zmax = f 2^e, f in [0.5, 1) */
      return zmax > 0.0f ? ldexp(1.0, e - 1 - 23) : 0.0;
   }
   /* one step of the fixed-point buffer: upstream nvc0's D3D9 path
    * sends a plain depth difference times 2^24, or 2^16 for Z16, to
    * POLYGON_OFFSET_UNITS */
   return st->zeta.format == NVSIM_RASTER_FMT_Z16 ? 1.0 / 65535.0
                                                  : 1.0 / 16777215.0;
}

float
nvsim_raster_offset_bound(const struct nvsim_raster_state *st, float o)
{
   /* EXT_polygon_offset_clamp (GL 4.6 eq. 14.13): min(o, clamp) for
    * clamp > 0, max(o, clamp) for clamp < 0, unbounded for 0 or NaN */
   if (st->offset_clamp > 0.0f)
      return nvsim_minf(o, st->offset_clamp);
   if (st->offset_clamp < 0.0f)
      return nvsim_maxf(o, st->offset_clamp);
   return o;
}

bool
nvsim_raster_polygon_offset(const struct nvsim_raster_state *st,
                            const struct nvsim_raster_vertex *v,
                            float *o)
{
   double ax = v[1].x - v[0].x, ay = v[1].y - v[0].y;
   double bx = v[2].x - v[0].x, by = v[2].y - v[0].y;
   double az = v[1].z - v[0].z, bz = v[2].z - v[0].z;
   double a2 = ax * by - bx * ay;
   if (a2 == 0.0)
      return false;
   double dzdx = fabs((az * by - bz * ay) / a2);
   double dzdy = fabs((bz * ax - az * bx) / a2);
   float zmax = nvsim_maxf(nvsim_maxf(fabsf(v[0].z), fabsf(v[1].z)),
                           fabsf(v[2].z));
   *o = nvsim_raster_offset_bound(st, (float)((dzdx > dzdy ? dzdx : dzdy) *
                                              st->offset_factor +
                                              nvsim_raster_offset_r(st, zmax) *
                                              st->offset_units));
   return true;
}
