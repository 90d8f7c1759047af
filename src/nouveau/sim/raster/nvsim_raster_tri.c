/*
 * Triangle setup and scan: integer edge functions on a 1/256 sub-pixel
 * grid, top-left fill rule, perspective-correct interpolation.
 */
#include <math.h>
#include <string.h>

#include "nvsim_raster.h"
#include "nvsim_raster_math.h"

#define SUB (1 << NVSIM_RASTER_SUBPIXEL_BITS)
#define HALF (SUB / 2)
/* Window coordinates beyond this are refused (the class model clips to a
 * guard band well inside it); keeps the edge products inside 64 bits. */
#define MAX_COORD (1 << 20)

float
nvsim_raster_det(const struct nvsim_raster_vertex *v0,
                 const struct nvsim_raster_vertex *v1,
                 const struct nvsim_raster_vertex *v2)
{
   float ex = v0->x - v2->x, ey = v0->y - v2->y;
   float fx = v1->x - v2->x, fy = v1->y - v2->y;
   return ex * fy - ey * fx;
}

float
nvsim_raster_polygon_det(const struct nvsim_raster_vertex *v, unsigned n)
{
   float det = 0.0f;
   for (unsigned i = 1; i + 1 < n; i++)
      det += nvsim_raster_det(&v[0], &v[i], &v[i + 1]);
   return det;
}

static inline int64_t
floor_div(int64_t a, int64_t b)
{
   int64_t q = a / b;
   if ((a % b) != 0 && ((a < 0) != (b < 0)))
      q--;
   return q;
}

static bool
snap(float v, int64_t *out)
{
   if (!(v > -MAX_COORD && v < MAX_COORD))
      return false;
   *out = nvsim_round((double)v * SUB);
   return true;
}

/* v on the sub-pixel grid.  Points and lines snap their window
 * position there as triangles do their vertices (the hardware works on
 * its 1/16 pixel grid, nvsim_raster.h): coverage must not depend on
 * float rounding below the grid, or a point computed at x = 20 + 1e-6
 * and one at 95 - 1e-6 (the same position, 75 pixels apart) would
 * cover different pixel columns. */
static inline float
snapped(float v)
{
   return (float)((double)nvsim_round((double)v * SUB) / SUB);
}

static inline bool
stipple_pass(const struct nvsim_raster_state *st, int x, int y)
{
   return !st->stipple ||
          (st->stipple_pattern[y & 31] & (0x80000000u >> (x & 31)));
}

/* Fragment position and facing inputs, which are not interpolated. */
static inline void
fixed_inputs(const struct nvsim_raster_state *st, float (*in)[4], int x,
             int y, float z, float w_inv, bool front)
{
   float c = st->center_integer ? 0.0f : 0.5f;
   if (st->attr_mask & (1u << st->pos_slot)) {
      float *p = in[st->pos_slot];
      p[0] = (float)x + c;
      p[1] = (float)(st->origin_inverted ? (int)st->height - 1 - y : y) + c;
      p[2] = z;
      p[3] = w_inv;
   }
   if (st->attr_mask & (1u << st->face_slot)) {
      float *p = in[st->face_slot];
      p[0] = front ? 1.0f : -1.0f;
      p[1] = p[2] = 0.0f;
      p[3] = 1.0f;
   }
}

static inline void
fill_fixed_inputs(const struct nvsim_raster_state *st,
                  struct nvsim_raster_frag *f, float w_inv)
{
   fixed_inputs(st, f->in, f->x, f->y, f->z, w_inv, f->front);
}

/* Runs one fragment through the pipeline, as a quad whose helpers are
 * copies of it when the program runs on quads. */
static void
single_fragment(struct nvsim_raster_state *st, struct nvsim_raster_frag *f)
{
   if (!st->shade_quad) {
      nvsim_raster_fragment(st, f);
      return;
   }
   struct nvsim_raster_quad q;
   unsigned i = (unsigned)(f->x & 1) + 2u * (unsigned)(f->y & 1);
   q.x = f->x - (f->x & 1);
   q.y = f->y - (f->y & 1);
   q.front = f->front;
   q.sprite = f->sprite;
   for (unsigned k = 0; k < 4; k++) {
      memcpy(q.sprite_st[k], f->sprite_st, sizeof(q.sprite_st[k]));
      q.z[k] = f->z;
      q.smask[k] = f->smask;
      memcpy(q.zs[k], f->zs, sizeof(q.zs[k]));
      memcpy(q.in[k], f->in, sizeof(q.in[k]));
   }
   nvsim_raster_quad_ops(st, &q, 1u << i);
}

/* The slots interpolated from the vertices (not position, facing). */
static unsigned
active_slots(const struct nvsim_raster_state *st, uint8_t *smooth,
             unsigned *nsmooth, uint8_t *flat, unsigned *nflat)
{
   uint32_t m = st->attr_mask & ~(1u << st->pos_slot) & ~(1u << st->face_slot);
   *nsmooth = *nflat = 0;
   while (m) {
      unsigned i = __builtin_ctz(m);
      m &= m - 1;
      if (st->flat_mask & (1u << i))
         flat[(*nflat)++] = (uint8_t)i;
      else
         smooth[(*nsmooth)++] = (uint8_t)i;
   }
   return *nsmooth + *nflat;
}

/* Interpolate from vertex 0 with the weights of vertices 1 and 2:
 * a0 + p1*(a1-a0) + p2*(a2-a0). Unlike p0*a0 + p1*a1 + p2*a2, whose
 * float weights need not sum to exactly 1, this reproduces a value that
 * is equal at the three vertices exactly (GL 2.1 section 3.5.1: a linear
 * function of the vertex values; piglit's varying-packing tests compare
 * constants with ==). */
static inline float
interp3(double p1, double p2, float a0, float a1, float a2)
{
   return (float)((double)a0 + p1 * ((double)a1 - a0) +
                  p2 * ((double)a2 - a0));
}

/* Weights of a sample from its edge functions (edge k is opposite vertex
 * k; the three sum to area exactly): the window depth, the interpolated
 * 1/w and the perspective-corrected weights p1, p2 of vertices 1 and 2.
 * Depth is linear in window space (GL 2.1 section 3.5.1) so it uses the
 * plain weights, in double and in the exact form above, so that a flat
 * polygon keeps all 24 bits of its Z24 value until the rounding in the
 * fragment stage. */
static inline void
sample_weights(const int64_t *ef, double inv_area, const float *w,
               const float *z, float zoff, float *zout, float *ww_out,
               double *p1, double *p2)
{
   double b0 = ef[0] * inv_area, b1 = ef[1] * inv_area;
   double b2 = ef[2] * inv_area;
   *zout = (float)((double)z[0] + b1 * ((double)z[1] - z[0]) +
                   b2 * ((double)z[2] - z[0]) + zoff);
   double ww = b0 * w[0] + b1 * w[1] + b2 * w[2];
   double pw = ww != 0.0 ? 1.0 / ww : 0.0;
   *p1 = b1 * w[1] * pw;
   *p2 = b2 * w[2] * pw;
   *ww_out = (float)ww;
}

/* Multisample rasterization is on: a multisampled target with
 * MULTISAMPLE_CONTROL ENABLE (else coverage is the pixel centre's, for
 * every sample: ARB_multisample with MULTISAMPLE disabled). */
static inline bool
ms_active(const struct nvsim_raster_state *st)
{
   return st->samples > 1 && st->multisample;
}

/* Coverage of a pixel whose centre has edge values e: the samples inside
 * the triangle (nvsim_raster_ms.c has their positions) with the window
 * depth at each, or, without multisample rasterization, 1 when the
 * centre is inside (smask 0: every sample, at the centre's depth). */
static unsigned
sample_coverage(const struct nvsim_raster_state *st, const int64_t *e,
                const int64_t *dx, const int64_t *dy, const int64_t *thresh,
                double inv_area, const float *z, float zoff, unsigned *smask,
                float *zs);

static inline __attribute__((always_inline)) unsigned
pixel_coverage(const struct nvsim_raster_state *st, const int64_t *e,
               const int64_t *dx, const int64_t *dy, const int64_t *thresh,
               double inv_area, const float *z, float zoff, unsigned *smask,
               float *zs)
{
   *smask = 0;
   if (!ms_active(st))
      return e[0] >= thresh[0] && e[1] >= thresh[1] && e[2] >= thresh[2];
   return sample_coverage(st, e, dx, dy, thresh, inv_area, z, zoff, smask, zs);
}

/* pixel_coverage's multisampled part, out of line */
static unsigned
sample_coverage(const struct nvsim_raster_state *st, const int64_t *e,
                const int64_t *dx, const int64_t *dy, const int64_t *thresh,
                double inv_area, const float *z, float zoff, unsigned *smask,
                float *zs)
{
   const uint8_t (*pos)[2] = nvsim_raster_state_positions(st);
   for (unsigned s = 0; s < st->samples; s++) {
      /* offset from the centre on the sub-pixel grid (positions are in
       * 1/16 pixel) */
      int64_t ox = ((int64_t)pos[s][0] - 8) * (SUB / 16);
      int64_t oy = ((int64_t)pos[s][1] - 8) * (SUB / 16);
      int64_t ef[3];
      bool in = true;
      for (unsigned k = 0; k < 3; k++) {
         ef[k] = e[k] + dx[k] * oy - dy[k] * ox;
         in = in && ef[k] >= thresh[k];
      }
      if (!in)
         continue;
      *smask |= 1u << s;
      double b1 = ef[1] * inv_area, b2 = ef[2] * inv_area;
      zs[s] = (float)((double)z[0] + b1 * ((double)z[1] - z[0]) +
                      b2 * ((double)z[2] - z[0]) + zoff);
   }
   return *smask != 0;
}

/* The pixels x in [px0, px1) of one row inside all three edges, as
 * [*lo, *hi]: e holds the edge values at the row's pixel qx0, which
 * fall by dy[k] * SUB a pixel to the right.  Exact integer bounds of
 * the coverage test pixel_coverage makes (without multisample
 * rasterization), so that the fast scan visits every quad the reference
 * would cover and no other; false: none. */
static bool
row_span(const int64_t *e, const int64_t *dy, const int64_t *thresh,
         int qx0, int px0, int px1, int *lo, int *hi)
{
   int64_t a = px0, b = (int64_t)px1 - 1;

   for (unsigned k = 0; k < 3; k++) {
      /* e[k] - d * (x - qx0) >= thresh[k] */
      int64_t c = e[k] - thresh[k], d = dy[k] * SUB;
      if (d == 0) {
         if (c < 0)
            return false;
      } else if (d > 0) {
         int64_t m = qx0 + floor_div(c, d);
         if (m < b)
            b = m;
      } else {
         int64_t m = qx0 - floor_div(c, -d);
         if (m > a)
            a = m;
      }
   }
   if (a > b)
      return false;
   *lo = (int)a;
   *hi = (int)b;
   return true;
}

/* The fast scan's coverage of the quad at (qx, qy), e its edge values
 * at fragment 0, dxs/dys the edges' steps: pixel_coverage and the box
 * and stipple tests of the reference's loop (one sample at the centre),
 * the same mask; smask 0 as pixel_coverage leaves it, ef the fragments'
 * edge values as the reference's loop computes them. */
static inline unsigned
quad_coverage_span(const struct nvsim_raster_state *st, const int64_t *e,
                   const int64_t *dxs, const int64_t *dys,
                   const int64_t *thresh, int qx, int qy, int px0, int px1,
                   unsigned row_mask, unsigned *smask, int64_t (*ef)[3])
{
   unsigned covered = 0;

   for (unsigned i = 0; i < 4; i++) {
      int ox = i & 1, oy = i >> 1;
      for (unsigned k = 0; k < 3; k++)
         ef[i][k] = e[k] + dxs[k] * oy - dys[k] * ox;
      smask[i] = 0;
      covered |= (unsigned)(ef[i][0] >= thresh[0] && ef[i][1] >= thresh[1] &&
                            ef[i][2] >= thresh[2]) << i;
   }
   /* the box's columns */
   if (qx < px0)
      covered &= 0xa;
   if (qx + 1 >= px1)
      covered &= 0x5;
   covered &= row_mask;
   if (st->stipple)
      for (unsigned m = covered; m; m &= m - 1) {
         unsigned i = __builtin_ctz(m);
         if (!stipple_pass(st, qx + (int)(i & 1), qy + (int)(i >> 1)))
            covered &= ~(1u << i);
      }
   return covered;
}

/* The scan in 2x2 quads aligned on even pixels: every fragment of a quad
 * that touches the triangle is interpolated, the covered ones are
 * written.  The reference tests every quad of the bounding box; the
 * fast path (st->fast, one sample per pixel centre) only the quads of
 * each quad row between its rows' spans (row_span), the same quads that
 * have a covered fragment, so the same quads reach quad_ops. */
static void
scan_quads(struct nvsim_raster_state *st,
           const struct nvsim_raster_vertex *const *v,
           const struct nvsim_raster_vertex *pv, const int64_t *X,
           const int64_t *Y, const int64_t *dx, const int64_t *dy,
           const int64_t *thresh, int64_t area, const float *z, float zoff,
           bool front, int px0, int py0, int px1, int py1,
           const uint8_t *smooth, unsigned nsmooth, const uint8_t *flat,
           unsigned nflat)
{
   struct nvsim_raster_rop_plan plan;
   bool fast_rop = nvsim_raster_rop_plan(st, &plan);
   /* zeroed, as the reference's fragment: slots no attribute feeds */
   struct nvsim_raster_quad q = { 0 };
   int qx0 = px0 - (px0 & 1), qy0 = py0 - (py0 & 1);
   double inv_area = 1.0 / (double)area;
   float w[3] = { v[0]->w_inv, v[1]->w_inv, v[2]->w_inv };
   int64_t e_row[3];
   int64_t sx = (int64_t)qx0 * SUB + HALF, sy = (int64_t)qy0 * SUB + HALF;

   for (unsigned k = 0; k < 3; k++) {
      unsigned a = (k + 1) % 3;
      e_row[k] = dx[k] * (sy - Y[a]) - dy[k] * (sx - X[a]);
   }
   q.front = front;
   q.sprite = false;
   for (unsigned i = 0; i < 4; i++)
      for (unsigned j = 0; j < nflat; j++)
         memcpy(q.in[i][flat[j]], pv->attr[flat[j]], sizeof(q.in[i][0]));

   bool spans = st->fast && !ms_active(st);
   int64_t dxs[3], dys[3];
   for (unsigned k = 0; k < 3; k++) {
      dxs[k] = dx[k] * SUB;
      dys[k] = dy[k] * SUB;
   }
   for (int qy = qy0; qy < py1; qy += 2) {
      int64_t e[3] = { e_row[0], e_row[1], e_row[2] };
      int qx_first = qx0, qx_end = px1;
      /* the quad's fragments on rows inside [py0, py1) */
      unsigned row_mask = (qy >= py0 ? 0x3u : 0) | (qy + 1 < py1 ? 0xcu : 0);
      if (spans) {
         int lo = px1, hi = px0 - 1;
         for (int oy = 0; oy < 2; oy++) {
            int l, h;
            int64_t er[3];
            if (qy + oy < py0 || qy + oy >= py1)
               continue;
            for (unsigned k = 0; k < 3; k++)
               er[k] = e_row[k] + dx[k] * oy * SUB;
            if (!row_span(er, dy, thresh, qx0, px0, px1, &l, &h))
               continue;
            lo = l < lo ? l : lo;
            hi = h > hi ? h : hi;
         }
         if (lo > hi)
            goto next_row;
         qx_first = lo - (lo & 1);
         qx_end = hi + 1;
         for (unsigned k = 0; k < 3; k++)
            e[k] -= dy[k] * SUB * (qx_first - qx0);
      }
      for (int qx = qx_first; qx < qx_end; qx += 2) {
         int64_t ef[4][3];
         unsigned covered = 0;
         if (spans) {
            covered = quad_coverage_span(st, e, dxs, dys, thresh, qx, qy, px0,
                                         px1, row_mask, q.smask, ef);
            goto shade;
         }
         for (unsigned i = 0; i < 4; i++) {
            int ox = i & 1, oy = i >> 1;
            int x = qx + ox, y = qy + oy;
            bool in = x >= px0 && x < px1 && y >= py0 && y < py1;
            for (unsigned k = 0; k < 3; k++)
               ef[i][k] = e[k] + (dx[k] * oy - dy[k] * ox) * SUB;
            in = in && pixel_coverage(st, ef[i], dx, dy, thresh, inv_area,
                                      z, zoff, &q.smask[i], q.zs[i]);
            if (in && stipple_pass(st, x, y))
               covered |= 1u << i;
         }
      shade:
         if (covered) {
            q.x = qx;
            q.y = qy;
            for (unsigned i = 0; i < 4; i++) {
               float ww;
               double p1, p2;
               sample_weights(ef[i], inv_area, w, z, zoff, &q.z[i], &ww,
                              &p1, &p2);
               for (unsigned j = 0; j < nsmooth; j++) {
                  unsigned s = smooth[j];
                  const float *a0 = v[0]->attr[s], *a1 = v[1]->attr[s],
                              *a2 = v[2]->attr[s];
                  for (unsigned c = 0; c < 4; c++)
                     q.in[i][s][c] = interp3(p1, p2, a0[c], a1[c], a2[c]);
               }
               fixed_inputs(st, q.in[i], qx + (int)(i & 1), qy + (int)(i >> 1),
                            q.z[i], ww, front);
            }
            if (fast_rop)
               nvsim_raster_quad_ops_fast(st, &plan, &q, covered);
            else
               nvsim_raster_quad_ops(st, &q, covered);
         }
         for (unsigned k = 0; k < 3; k++)
            e[k] -= 2 * dy[k] * SUB;
      }
   next_row:
      for (unsigned k = 0; k < 3; k++)
         e_row[k] += 2 * dx[k] * SUB;
   }
}

void
nvsim_raster_triangle(struct nvsim_raster_state *st,
                      const struct nvsim_raster_vertex *v0,
                      const struct nvsim_raster_vertex *v1,
                      const struct nvsim_raster_vertex *v2,
                      bool front, unsigned provoking, bool offset)
{
   const struct nvsim_raster_vertex *v[3] = { v0, v1, v2 };
   const struct nvsim_raster_vertex *pv = v[provoking < 3 ? provoking : 2];
   int64_t X[3], Y[3];

   for (unsigned i = 0; i < 3; i++)
      if (!snap(v[i]->x, &X[i]) || !snap(v[i]->y, &Y[i]))
         return;

   int64_t area = (X[1] - X[0]) * (Y[2] - Y[0]) - (X[2] - X[0]) * (Y[1] - Y[0]);
   if (area == 0)
      return;
   if (area < 0) {
      /* make the winding positive so that inside means E >= 0 */
      const struct nvsim_raster_vertex *tv = v[1];
      v[1] = v[2];
      v[2] = tv;
      int64_t t = X[1]; X[1] = X[2]; X[2] = t;
      t = Y[1]; Y[1] = Y[2]; Y[2] = t;
      area = -area;
   }

   /* bounding box of the sample points (pixel centres) inside */
   int64_t minx = X[0], maxx = X[0], miny = Y[0], maxy = Y[0];
   for (unsigned i = 1; i < 3; i++) {
      if (X[i] < minx) minx = X[i];
      if (X[i] > maxx) maxx = X[i];
      if (Y[i] < miny) miny = Y[i];
      if (Y[i] > maxy) maxy = Y[i];
   }
   int64_t px0 = floor_div(minx - HALF + SUB - 1, SUB);
   int64_t px1 = floor_div(maxx - HALF, SUB) + 1;
   int64_t py0 = floor_div(miny - HALF + SUB - 1, SUB);
   int64_t py1 = floor_div(maxy - HALF, SUB) + 1;
   if (ms_active(st)) {
      /* samples are anywhere in the pixel: every pixel the box touches */
      px0 = floor_div(minx, SUB);
      px1 = floor_div(maxx, SUB) + 1;
      py0 = floor_div(miny, SUB);
      py1 = floor_div(maxy, SUB) + 1;
   }
   if (px0 < st->clip_x0) px0 = st->clip_x0;
   if (py0 < st->clip_y0) py0 = st->clip_y0;
   if (px1 > st->clip_x1) px1 = st->clip_x1;
   if (py1 > st->clip_y1) py1 = st->clip_y1;
   if (px0 >= px1 || py0 >= py1)
      return;

   /* edge k is opposite vertex k: a = v[k+1], b = v[k+2] */
   int64_t dx[3], dy[3], e_row[3], thresh[3];
   int64_t sx = px0 * SUB + HALF, sy = py0 * SUB + HALF;
   for (unsigned k = 0; k < 3; k++) {
      unsigned a = (k + 1) % 3, b = (k + 2) % 3;
      dx[k] = X[b] - X[a];
      dy[k] = Y[b] - Y[a];
      e_row[k] = dx[k] * (sy - Y[a]) - dy[k] * (sx - X[a]);
      /* top edge (horizontal, going right) or left edge (going up in
       * y-down space): samples on it are inside */
      bool top_left = dy[k] < 0 || (dy[k] == 0 && dx[k] > 0);
      thresh[k] = top_left ? 0 : 1;
   }

   /* depth plane and polygon offset */
   float z[3] = { v[0]->z, v[1]->z, v[2]->z };
   float zoff = 0.0f;
   if (offset) {
      /* GL 2.1 section 3.5.5: m = max(|dz/dx|, |dz/dy|) from the setup's
       * snapped area; r and the clamp: nvsim_raster_offset.c */
      double fa = (double)area / ((double)SUB * SUB);
      double ax = (v[1]->x - v[0]->x), ay = (v[1]->y - v[0]->y);
      double bx = (v[2]->x - v[0]->x), by = (v[2]->y - v[0]->y);
      double az = z[1] - z[0], bz = z[2] - z[0];
      double dzdx = (az * by - bz * ay) / fa;
      double dzdy = (bz * ax - az * bx) / fa;
      double m = fabs(dzdx) > fabs(dzdy) ? fabs(dzdx) : fabs(dzdy);
      float zmax = nvsim_maxf(nvsim_maxf(fabsf(z[0]), fabsf(z[1])),
                              fabsf(z[2]));
      double r = nvsim_raster_offset_r(st, zmax);
      zoff = nvsim_raster_offset_bound(st, (float)(m * st->offset_factor +
                                                   r * st->offset_units));
   }

   uint8_t smooth[NVSIM_RASTER_MAX_ATTRIBS], flat[NVSIM_RASTER_MAX_ATTRIBS];
   unsigned nsmooth, nflat;
   active_slots(st, smooth, &nsmooth, flat, &nflat);

   /* zeroed: the inputs of slots no attribute feeds read 0 (else stack
    * bytes, different from run to run) */
   struct nvsim_raster_frag f = { 0 };
   f.front = front;
   f.sprite = false;
   for (unsigned i = 0; i < nflat; i++)
      memcpy(f.in[flat[i]], pv->attr[flat[i]], sizeof(f.in[0]));

   double inv_area = 1.0 / (double)area;
   float w[3] = { v[0]->w_inv, v[1]->w_inv, v[2]->w_inv };

   if (st->shade_quad) {
      scan_quads(st, v, pv, X, Y, dx, dy, thresh, area, z, zoff, front,
                 (int)px0, (int)py0, (int)px1, (int)py1, smooth, nsmooth,
                 flat, nflat);
      return;
   }

   for (int64_t py = py0; py < py1; py++) {
      int64_t e0 = e_row[0], e1 = e_row[1], e2 = e_row[2];
      for (int64_t px = px0; px < px1; px++) {
         const int64_t ef[3] = { e0, e1, e2 };
         if (pixel_coverage(st, ef, dx, dy, thresh, inv_area, z, zoff,
                            &f.smask, f.zs) &&
             stipple_pass(st, (int)px, (int)py)) {
            float ww;
            double p1, p2;
            f.x = (int)px;
            f.y = (int)py;
            sample_weights(ef, inv_area, w, z, zoff, &f.z, &ww, &p1, &p2);
            for (unsigned i = 0; i < nsmooth; i++) {
               unsigned s = smooth[i];
               const float *a0 = v[0]->attr[s], *a1 = v[1]->attr[s],
                           *a2 = v[2]->attr[s];
               for (unsigned c = 0; c < 4; c++)
                  f.in[s][c] = interp3(p1, p2, a0[c], a1[c], a2[c]);
            }
            fill_fixed_inputs(st, &f, ww);
            nvsim_raster_fragment(st, &f);
         }
         e0 -= dy[0] * SUB;
         e1 -= dy[1] * SUB;
         e2 -= dy[2] * SUB;
      }
      e_row[0] += dx[0] * SUB;
      e_row[1] += dx[1] * SUB;
      e_row[2] += dx[2] * SUB;
   }
}

/* One fragment of a line or point with inputs interpolated at t between
 * a and b (perspective-correct); flat slots from pv. */
static void lerp_frag(struct nvsim_raster_state *st, int px, int py,
                      const struct nvsim_raster_vertex *a,
                      const struct nvsim_raster_vertex *b, float t,
                      const struct nvsim_raster_vertex *pv,
                      const float *sprite, struct nvsim_raster_frag *out);

static void
emit_lerp(struct nvsim_raster_state *st, int px, int py,
          const struct nvsim_raster_vertex *a,
          const struct nvsim_raster_vertex *b, float t,
          const struct nvsim_raster_vertex *pv, const float *sprite)
{
   struct nvsim_raster_frag f;

   if (px < st->clip_x0 || px >= st->clip_x1 ||
       py < st->clip_y0 || py >= st->clip_y1)
      return;
   lerp_frag(st, px, py, a, b, t, pv, sprite, &f);
   single_fragment(st, &f);
}

/* As emit_lerp, for the samples `smask` of the pixel only (multisampled
 * lines and points), all at the fragment's depth. */
static void
emit_lerp_samples(struct nvsim_raster_state *st, int px, int py,
                  const struct nvsim_raster_vertex *a,
                  const struct nvsim_raster_vertex *b, float t,
                  const struct nvsim_raster_vertex *pv, const float *sprite,
                  unsigned smask)
{
   struct nvsim_raster_frag f;

   if (px < st->clip_x0 || px >= st->clip_x1 ||
       py < st->clip_y0 || py >= st->clip_y1)
      return;
   lerp_frag(st, px, py, a, b, t, pv, sprite, &f);
   f.smask = smask;
   for (unsigned s = 0; s < NVSIM_RASTER_MAX_SAMPLES; s++)
      f.zs[s] = f.z;
   single_fragment(st, &f);
}

/* The inputs of pixel (px, py) at t between a and b (lines, points); a
 * point sprite's coordinates for the pixel when sprite is given. */
static void
lerp_frag(struct nvsim_raster_state *st, int px, int py,
          const struct nvsim_raster_vertex *a,
          const struct nvsim_raster_vertex *b, float t,
          const struct nvsim_raster_vertex *pv, const float *sprite,
          struct nvsim_raster_frag *out)
{
   struct nvsim_raster_frag f;
   uint8_t smooth[NVSIM_RASTER_MAX_ATTRIBS], flat[NVSIM_RASTER_MAX_ATTRIBS];
   unsigned nsmooth, nflat;

   active_slots(st, smooth, &nsmooth, flat, &nflat);
   f.x = px;
   f.y = py;
   f.front = true;
   f.z = a->z + t * (b->z - a->z);
   /* every sample of the pixel (callers with a coverage set it) */
   f.smask = 0;
   float wa = (1.0f - t) * a->w_inv, wb = t * b->w_inv;
   float ww = wa + wb;
   float pw = ww != 0.0f ? 1.0f / ww : 0.0f;
   /* a + pb*(b-a): exact when both ends agree (see interp3) */
   double pb = (double)wb * pw;
   for (unsigned i = 0; i < nsmooth; i++) {
      unsigned s = smooth[i];
      for (unsigned c = 0; c < 4; c++)
         f.in[s][c] = (float)(a->attr[s][c] +
                              pb * ((double)b->attr[s][c] - a->attr[s][c]));
   }
   for (unsigned i = 0; i < nflat; i++)
      memcpy(f.in[flat[i]], pv->attr[flat[i]], sizeof(f.in[0]));
   f.sprite = sprite != NULL;
   f.sprite_st[0] = f.sprite_st[1] = 0.0f;
   if (sprite) {
      /* sprite = { left, top, size } of the point */
      float ss = ((float)px + 0.5f - sprite[0]) / sprite[2];
      float tt = ((float)py + 0.5f - sprite[1]) / sprite[2];
      f.sprite_st[0] = ss;
      f.sprite_st[1] = tt;
      uint32_t m = st->sprite_mask;
      while (m) {
         unsigned i = __builtin_ctz(m);
         m &= m - 1;
         f.in[i][0] = ss;
         f.in[i][1] = tt;
         f.in[i][2] = 0.0f;
         f.in[i][3] = 1.0f;
      }
   }
   fill_fixed_inputs(st, &f, ww);
   *out = f;
}

/* Sub-samples per pixel side for the coverage of antialiased lines. */
#define AA_GRID 4

/*
 * An antialiased line (GL 2.1 section 3.4.2): the rectangle of width w
 * and length L centred on the segment; every pixel whose square it
 * touches gets one fragment, with the inputs at the projection of the
 * pixel centre on the segment and its coverage (the covered share of its
 * square, on an AA_GRID x AA_GRID grid) multiplying alpha.  How the
 * hardware weighs coverage is not documented; GL asks for the covered
 * area.  Stipple applies by the position along the segment.
 */
static void
smooth_line(struct nvsim_raster_state *st, const struct nvsim_raster_vertex *v0,
            const struct nvsim_raster_vertex *v1, float width,
            const struct nvsim_raster_vertex *pv)
{
   double x0 = v0->x, y0 = v0->y, dx = v1->x - x0, dy = v1->y - y0;
   double len = sqrt(dx * dx + dy * dy);
   if (!(len > 0.0))
      return;
   double ux = dx / len, uy = dy / len, hw = width * 0.5;
   double ex = fabs(uy) * hw, ey = fabs(ux) * hw;
   int px0 = (int)floor(fmin(x0, x0 + dx) - ex), px1 = (int)ceil(fmax(x0, x0 + dx) + ex);
   int py0 = (int)floor(fmin(y0, y0 + dy) - ey), py1 = (int)ceil(fmax(y0, y0 + dy) + ey);
   if (px0 < st->clip_x0) px0 = st->clip_x0;
   if (py0 < st->clip_y0) py0 = st->clip_y0;
   if (px1 > st->clip_x1) px1 = st->clip_x1;
   if (py1 > st->clip_y1) py1 = st->clip_y1;

   st->coverage_active = true;
   for (int py = py0; py < py1; py++)
      for (int px = px0; px < px1; px++) {
         unsigned in = 0;
         for (int j = 0; j < AA_GRID; j++)
            for (int i = 0; i < AA_GRID; i++) {
               double sx = px + (i + 0.5) / AA_GRID - x0;
               double sy = py + (j + 0.5) / AA_GRID - y0;
               double along = sx * ux + sy * uy;
               double across = -sx * uy + sy * ux;
               in += along >= 0.0 && along < len && fabs(across) < hw;
            }
         if (!in)
            continue;
         double cx = px + 0.5 - x0, cy = py + 0.5 - y0;
         double t = (cx * ux + cy * uy) / len;
         t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
         if (st->line_stipple) {
            unsigned f = st->line_stipple_factor ? st->line_stipple_factor : 1;
            /* the counter runs on from the strip's earlier segments */
            unsigned bit = (st->line_stipple_counter + (unsigned)(t * len)) /
                           f % 16;
            if (!(st->line_stipple_pattern & (1u << bit)))
               continue;
         }
         st->coverage = (float)in / (AA_GRID * AA_GRID);
         emit_lerp(st, px, py, v0, v1, (float)t, pv, NULL);
      }
   st->coverage_active = false;
   if (st->line_stipple)
      st->line_stipple_counter += (unsigned)len;
}

/*
 * A line with multisample rasterization (GL 2.1 section 3.4.4): the
 * rectangle of width w and length L centred on the segment covers the
 * samples inside it (a sample on its edge counts from the start and the
 * left side, half-open like the other rules here); inputs at the
 * projection of the pixel centre.  Antialiasing (LINE_SMOOTH) is then
 * the samples' business, as the section says.
 */
static void
ms_line(struct nvsim_raster_state *st, const struct nvsim_raster_vertex *v0,
        const struct nvsim_raster_vertex *v1, float width,
        const struct nvsim_raster_vertex *pv)
{
   const uint8_t (*pos)[2] = nvsim_raster_state_positions(st);
   double x0 = snapped(v0->x), y0 = snapped(v0->y);
   double dx = snapped(v1->x) - x0, dy = snapped(v1->y) - y0;
   double len = sqrt(dx * dx + dy * dy);
   if (!(len > 0.0))
      return;
   double ux = dx / len, uy = dy / len, hw = width * 0.5;
   double ex = fabs(uy) * hw, ey = fabs(ux) * hw;
   int px0 = (int)floor(fmin(x0, x0 + dx) - ex), px1 = (int)ceil(fmax(x0, x0 + dx) + ex);
   int py0 = (int)floor(fmin(y0, y0 + dy) - ey), py1 = (int)ceil(fmax(y0, y0 + dy) + ey);
   if (px0 < st->clip_x0) px0 = st->clip_x0;
   if (py0 < st->clip_y0) py0 = st->clip_y0;
   if (px1 > st->clip_x1) px1 = st->clip_x1;
   if (py1 > st->clip_y1) py1 = st->clip_y1;

   for (int py = py0; py < py1; py++)
      for (int px = px0; px < px1; px++) {
         unsigned m = 0;
         for (unsigned s = 0; s < st->samples; s++) {
            double sx = px + pos[s][0] / 16.0 - x0;
            double sy = py + pos[s][1] / 16.0 - y0;
            double along = sx * ux + sy * uy;
            double across = -sx * uy + sy * ux;
            if (along >= 0.0 && along < len && across >= -hw && across < hw)
               m |= 1u << s;
         }
         if (!m)
            continue;
         double cx = px + 0.5 - x0, cy = py + 0.5 - y0;
         double t = (cx * ux + cy * uy) / len;
         t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
         if (st->line_stipple) {
            unsigned f = st->line_stipple_factor ? st->line_stipple_factor : 1;
            unsigned bit = (st->line_stipple_counter + (unsigned)(t * len)) /
                           f % 16;
            if (!(st->line_stipple_pattern & (1u << bit)))
               continue;
         }
         emit_lerp_samples(st, px, py, v0, v1, (float)t, pv, NULL, m);
      }
   if (st->line_stipple)
      st->line_stipple_counter += (unsigned)len;
}

/*
 * An antialiased point (GL 2.1 section 3.3: "If antialiasing is enabled,
 * then point rasterization produces a fragment for each fragment square
 * that intersects the region lying within the circle having diameter
 * equal to the current point width"; "the coverage value for each
 * fragment is the window coordinate area of the intersection").  The
 * area is counted on the AA_GRID x AA_GRID grid of smooth_line; the
 * inputs are the vertex's.  How the hardware weighs coverage is not
 * documented (as for lines).
 */
static void
smooth_point(struct nvsim_raster_state *st, const struct nvsim_raster_vertex *v,
             float cx, float cy, float size)
{
   double r = size * 0.5;
   int px0 = (int)floor(cx - r), px1 = (int)ceil(cx + r);
   int py0 = (int)floor(cy - r), py1 = (int)ceil(cy + r);
   if (px0 < st->clip_x0) px0 = st->clip_x0;
   if (py0 < st->clip_y0) py0 = st->clip_y0;
   if (px1 > st->clip_x1) px1 = st->clip_x1;
   if (py1 > st->clip_y1) py1 = st->clip_y1;

   st->coverage_active = true;
   for (int py = py0; py < py1; py++)
      for (int px = px0; px < px1; px++) {
         unsigned in = 0;
         for (int j = 0; j < AA_GRID; j++)
            for (int i = 0; i < AA_GRID; i++) {
               double sx = px + (i + 0.5) / AA_GRID - cx;
               double sy = py + (j + 0.5) / AA_GRID - cy;
               in += sx * sx + sy * sy < r * r;
            }
         if (!in)
            continue;
         st->coverage = (float)in / (AA_GRID * AA_GRID);
         emit_lerp(st, px, py, v, v, 0.0f, v, NULL);
      }
   st->coverage_active = false;
}

/* Samples of pixel (px, py) inside a multisampled point centred on
 * (cx, cy) (GL 2.1 section 3.3.3: a circle of diameter size; a square
 * for point sprites, section 3.3.1). */
static unsigned
point_samples(const struct nvsim_raster_state *st, int px, int py, float cx,
              float cy, float size)
{
   const uint8_t (*pos)[2] = nvsim_raster_state_positions(st);
   float r = size * 0.5f;
   unsigned m = 0;

   for (unsigned s = 0; s < st->samples; s++) {
      float dx = px + pos[s][0] / 16.0f - cx, dy = py + pos[s][1] / 16.0f - cy;
      bool in = st->sprite_mask || st->point_sprite
                   ? dx >= -r && dx < r && dy >= -r && dy < r
                                : dx * dx + dy * dy < r * r;
      if (in)
         m |= 1u << s;
   }
   return m;
}

void
nvsim_raster_line(struct nvsim_raster_state *st,
                  const struct nvsim_raster_vertex *v0,
                  const struct nvsim_raster_vertex *v1, float width,
                  unsigned provoking)
{
   const struct nvsim_raster_vertex *pv = provoking ? v1 : v0;

   if (!(fabsf(v0->x) < MAX_COORD && fabsf(v0->y) < MAX_COORD &&
         fabsf(v1->x) < MAX_COORD && fabsf(v1->y) < MAX_COORD))
      return;
   float x0 = snapped(v0->x), y0 = snapped(v0->y);
   float x1 = snapped(v1->x), y1 = snapped(v1->y);
   float dx = x1 - x0, dy = y1 - y0;
   bool xmajor = fabsf(dx) >= fabsf(dy);
   float major0 = xmajor ? x0 : y0, major1 = xmajor ? x1 : y1;
   float minor0 = xmajor ? y0 : x0, minor1 = xmajor ? y1 : x1;
   float len = major1 - major0;
   if (len == 0.0f)
      return;
   if (!(width >= 1.0f))
      width = 1.0f;
   if (width > 64.0f)
      width = 64.0f;
   if (ms_active(st)) {
      ms_line(st, v0, v1, width, pv);
      return;
   }
   if (st->line_smooth) {
      smooth_line(st, v0, v1, width, pv);
      return;
   }

   /* GL 2.1 section 3.4.1: fragments whose centres lie on the segment's
    * major extent, the start included and the end excluded */
   int first, last;
   if (len > 0) {
      first = (int)nvsim_ceil(major0 - 0.5f);
      last = (int)nvsim_ceil(major1 - 0.5f) - 1;
   } else {
      first = (int)nvsim_floor(major1 - 0.5f) + 1;
      last = (int)nvsim_floor(major0 - 0.5f);
   }
   for (int k = 0; k <= last - first; k++) {
      /* walk from the start vertex towards the end (the stipple counter
       * counts from the start) */
      int m = len > 0 ? first + k : last - k;
      if (st->line_stipple) {
         unsigned f = st->line_stipple_factor ? st->line_stipple_factor : 1;
         unsigned bit = (st->line_stipple_counter++ / f) % 16;
         if (!(st->line_stipple_pattern & (1u << bit)))
            continue;
      }
      float t = ((float)m + 0.5f - major0) / len;
      float minor = minor0 + t * (minor1 - minor0);
      /* rows (columns) whose centre is in [minor - w/2, minor + w/2) */
      int n0 = (int)nvsim_ceil(minor - width * 0.5f - 0.5f);
      int n1 = (int)nvsim_ceil(minor + width * 0.5f - 0.5f);
      for (int n = n0; n < n1; n++) {
         if (xmajor)
            emit_lerp(st, m, n, v0, v1, t, pv, NULL);
         else
            emit_lerp(st, n, m, v0, v1, t, pv, NULL);
      }
   }
}

void
nvsim_raster_point(struct nvsim_raster_state *st,
                   const struct nvsim_raster_vertex *v, float size)
{
   if (!(fabsf(v->x) < MAX_COORD && fabsf(v->y) < MAX_COORD))
      return;
   if (!(size >= 1.0f))
      size = 1.0f;
   if (size > 64.0f)
      size = 64.0f;
   float cx = snapped(v->x), cy = snapped(v->y);
   int x0 = (int)nvsim_ceil(cx - size * 0.5f - 0.5f);
   int x1 = (int)nvsim_ceil(cx + size * 0.5f - 0.5f);
   int y0 = (int)nvsim_ceil(cy - size * 0.5f - 0.5f);
   int y1 = (int)nvsim_ceil(cy + size * 0.5f - 0.5f);
   const float sprite[3] = { cx - size * 0.5f, cy - size * 0.5f, size };
   const float *sp = st->sprite_mask || st->point_sprite ? sprite : NULL;
   bool ms = ms_active(st);
   if (st->point_smooth && !ms && !sp) {
      smooth_point(st, v, cx, cy, size);
      return;
   }
   if (ms) {
      /* every pixel the point's square touches; samples decide */
      x0 = (int)nvsim_floor(cx - size * 0.5f);
      x1 = (int)nvsim_floor(cx + size * 0.5f) + 1;
      y0 = (int)nvsim_floor(cy - size * 0.5f);
      y1 = (int)nvsim_floor(cy + size * 0.5f) + 1;
   }
   if (!st->shade_quad) {
      for (int y = y0; y < y1; y++)
         for (int x = x0; x < x1; x++) {
            unsigned m = ms ? point_samples(st, x, y, cx, cy, size) : 0;
            if (!ms)
               emit_lerp(st, x, y, v, v, 0.0f, v, sp);
            else if (m)
               emit_lerp_samples(st, x, y, v, v, 0.0f, v, sp, m);
         }
      return;
   }
   /* In 2x2 quads like triangles, the helpers with their own sprite
    * coordinates, so that derivatives (texture LOD) see them change by
    * 1/size per pixel (GL 2.1 section 3.4.1: s and t vary across the
    * point; a sprite's texture is minified like any other). */
   int qx0 = (int)nvsim_floor(x0 / 2.0) * 2, qy0 = (int)nvsim_floor(y0 / 2.0) * 2;
   for (int qy = qy0; qy < y1; qy += 2)
      for (int qx = qx0; qx < x1; qx += 2) {
         struct nvsim_raster_quad q;
         unsigned mask = 0;
         q.x = qx;
         q.y = qy;
         q.front = true;
         q.sprite = sp != NULL;
         for (unsigned k = 0; k < 4; k++) {
            int x = qx + (int)(k & 1), y = qy + (int)(k >> 1);
            struct nvsim_raster_frag f;
            q.smask[k] = ms ? point_samples(st, x, y, cx, cy, size) : 0;
            if (x >= x0 && x < x1 && y >= y0 && y < y1 &&
                x >= st->clip_x0 && x < st->clip_x1 &&
                y >= st->clip_y0 && y < st->clip_y1 && (!ms || q.smask[k]))
               mask |= 1u << k;
            lerp_frag(st, x, y, v, v, 0.0f, v, sp, &f);
            q.z[k] = f.z;
            for (unsigned s = 0; s < NVSIM_RASTER_MAX_SAMPLES; s++)
               q.zs[k][s] = f.z;
            memcpy(q.in[k], f.in, sizeof(q.in[k]));
            memcpy(q.sprite_st[k], f.sprite_st, sizeof(q.sprite_st[k]));
         }
         if (mask)
            nvsim_raster_quad_ops(st, &q, mask);
      }
}
