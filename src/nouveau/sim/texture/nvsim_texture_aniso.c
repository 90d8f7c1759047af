/*
 * Anisotropic filtering (nvsim_texture.h), the footprint
 * EXT_texture_filter_anisotropic gives as its example implementation:
 * Px, Py the lengths of the texel-space derivatives along window x and y,
 *    N = min(ceil(Pmax / Pmin), maxAniso),
 *    lambda' = log2(Pmax / N),
 * and the texture value the mean of N lookups at lambda' spaced evenly
 * along the major axis, at -1/2 + i / (N + 1) of its derivative
 * (i = 1..N).  The extension lets an implementation take more samples
 * than N: a unit whose anisotropy field has only some rates (curie
 * TEX_ENABLE ANISO, Tesla TSC MAX_ANISOTROPY: 1, 2, 4, 6, 8, 10, 12, 16)
 * rounds N up to the next one it has for the lookups, keeping the spec's
 * lambda'.  Shared by every generation's texture unit; the sample
 * pattern of the hardware is not documented.
 */
#include <math.h>

#include "nvsim_raster_math.h"
#include "nvsim_texture.h"

void
nvsim_tex_aniso_footprint(const float ddx[2], const float ddy[2], float sw,
                          float sh, unsigned max, const uint8_t *rates,
                          unsigned num_rates, struct nvsim_tex_aniso *fp)
{
   float px = sqrtf(ddx[0] * sw * ddx[0] * sw + ddx[1] * sh * ddx[1] * sh);
   float py = sqrtf(ddy[0] * sw * ddy[0] * sw + ddy[1] * sh * ddy[1] * sh);
   float pmax = nvsim_maxf(px, py), pmin = nvsim_minf(px, py);
   /* Pmin 0 (a degenerate footprint): as anisotropic as allowed */
   float ratio = pmin > 0.0f ? pmax / pmin : (float)max;
   unsigned n = 1;
   while (n < max && (float)n < ratio)
      n++;
   fp->lambda = nvsim_tex_log2(pmax / (float)n);
   fp->major_y = !(px > py);
   /* the lookups: N rounded up to a rate the field has, at most max */
   fp->n = max;
   for (unsigned i = 0; i < num_rates; i++) {
      if (rates[i] >= n) {
         fp->n = rates[i] < max ? rates[i] : max;
         break;
      }
   }
}

void
nvsim_tex_aniso_sample(nvsim_tex_lookup_fn lookup, const void *ctx,
                       const float coord[4], const float axis[3], unsigned n,
                       float lambda, float out[4])
{
   float sum[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
   for (unsigned i = 1; i <= n; i++) {
      float k = -0.5f + (float)i / (float)(n + 1), c[4], one[4];
      for (unsigned j = 0; j < 4; j++)
         c[j] = coord[j] + (j < 3 ? k * axis[j] : 0.0f);
      lookup(ctx, c, lambda, one);
      for (unsigned j = 0; j < 4; j++)
         sum[j] += one[j];
   }
   for (unsigned j = 0; j < 4; j++)
      out[j] = sum[j] / (float)n;
}
