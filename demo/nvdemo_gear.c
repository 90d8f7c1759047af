/*
 * Gear mesh generator.  The outline of the gear is a closed polyline of four
 * points per tooth (start of the root land, foot of the rising flank, two
 * ends of the tip land); the falling flank joins the tip land to the next
 * tooth's root land.  The faces are quads between each outline point and the
 * point of the hole circle on the same ray, which are convex because both
 * pairs of points lie on two rays less than half a turn apart.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "nvdemo_gear.h"

/* Where, as a fraction of one tooth period, the outline changes: the root
 * land runs from 0 to ROOT_END, the rising flank to TIP_START, the tip land to
 * TIP_END and the falling flank back to 1.  Straight flanks do not roll on
 * each other like involute ones, so the teeth are kept slim enough that two
 * meshing gears never overlap at any angle (checked numerically for the
 * scene's 20/10/13-tooth gears: at least 0.06 units apart with the scene's
 * backlash). */
#define ROOT_END  0.50f
#define TIP_START 0.65f
#define TIP_END   0.85f

/* Addendum and dedendum in modules (standard spur-gear proportions). */
#define ADDENDUM  1.0f
#define DEDENDUM  1.25f

struct mesh_builder {
   struct nvdemo_mesh *mesh;
   unsigned max_vertices, max_indices;
   int overflow;           /* set instead of writing past the arrays */
};

static unsigned
add_vertex(struct mesh_builder *b, float x, float y, float z,
           float nx, float ny, float nz, const float color[3], float shade)
{
   if (b->mesh->vertex_count >= b->max_vertices) {
      b->overflow = 1;
      return 0;
   }
   struct nvdemo_vertex *v = &b->mesh->vertices[b->mesh->vertex_count];

   v->position[0] = x;
   v->position[1] = y;
   v->position[2] = z;
   v->normal[0] = nx;
   v->normal[1] = ny;
   v->normal[2] = nz;
   for (int i = 0; i < 3; i++)
      v->color[i] = color[i] * shade;
   return b->mesh->vertex_count++;
}

/* Two triangles of the quad a-b-c-d, given counter-clockwise. */
static void
add_quad(struct mesh_builder *b, unsigned a, unsigned bb, unsigned c, unsigned d)
{
   if (b->mesh->index_count + 6 > b->max_indices) {
      b->overflow = 1;
      return;
   }
   uint16_t *i = &b->mesh->indices[b->mesh->index_count];

   i[0] = a; i[1] = bb; i[2] = c;
   i[3] = a; i[4] = c;  i[5] = d;
   b->mesh->index_count += 6;
}

float
nvdemo_gear_pitch_radius(const struct nvdemo_gear_desc *desc)
{
   return desc->module * desc->teeth * 0.5f;
}

float
nvdemo_gear_tooth_centre(const struct nvdemo_gear_desc *desc)
{
   const float period = 2.0f * (float)M_PI / desc->teeth;
   return period * (ROOT_END + 1.0f) * 0.5f;
}

float
nvdemo_gear_gap_centre(const struct nvdemo_gear_desc *desc)
{
   const float period = 2.0f * (float)M_PI / desc->teeth;
   return period * ROOT_END * 0.5f;
}

int
nvdemo_gear_build(const struct nvdemo_gear_desc *desc, struct nvdemo_mesh *mesh,
                  char *err, unsigned err_size)
{
   const unsigned n = desc->teeth;
   const float pitch = nvdemo_gear_pitch_radius(desc);
   const float r_tip = pitch + ADDENDUM * desc->module;
   const float r_root = pitch - DEDENDUM * desc->module;
   const float z_front = desc->width * 0.5f, z_back = -desc->width * 0.5f;
   const float period = 2.0f * (float)M_PI / n;
   static const float fractions[4] = { 0.0f, ROOT_END, TIP_START, TIP_END };
   struct mesh_builder b = { mesh, 0, 0, 0 };

   *mesh = (struct nvdemo_mesh){ 0 };
   if (n < 3 || n > 200 || !(desc->module > 0.0f) || !(desc->width > 0.0f) ||
       !(desc->hole_radius > 0.0f) || !(desc->hole_radius < r_root * 0.9f)) {
      snprintf(err, err_size, "gear with %u teeth, module %g, hole %g, "
               "width %g is not a valid gear", n, desc->module,
               desc->hole_radius, desc->width);
      return -1;
   }

   const unsigned points = 4 * n;
   /* Faces: 2 vertices per outline point each; outer wall: 4 per segment;
    * hole wall: 2 per point (+1 point to close the seam). */
   b.max_vertices = 2 * 2 * points + 4 * points + 2 * (points + 1);
   b.max_indices = 2 * 6 * points + 6 * points + 6 * points;
   mesh->vertices = calloc(b.max_vertices, sizeof(*mesh->vertices));
   mesh->indices = calloc(b.max_indices, sizeof(*mesh->indices));
   if (!mesh->vertices || !mesh->indices) {
      nvdemo_mesh_free(mesh);
      snprintf(err, err_size, "out of memory building a gear");
      return -1;
   }

   float ox[4 * 200], oy[4 * 200], hx[4 * 200], hy[4 * 200], shade[4 * 200];
   for (unsigned k = 0; k < points; k++) {
      const unsigned tooth = k / 4, corner = k % 4;
      const float angle = period * (tooth + fractions[corner]);
      const float r = corner < 2 ? r_root : r_tip;
      ox[k] = r * cosf(angle);
      oy[k] = r * sinf(angle);
      hx[k] = desc->hole_radius * cosf(angle);
      hy[k] = desc->hole_radius * sinf(angle);
      /* Per-vertex colour: the rim is brighter than the hub. */
      shade[k] = 0.6f + 0.4f * (r - desc->hole_radius) / (r_tip - desc->hole_radius);
   }
   const float hole_shade = 0.6f;

   /* Front (+z) and back (-z) faces. */
   for (int side = 0; side < 2; side++) {
      const float z = side == 0 ? z_front : z_back;
      const float nz = side == 0 ? 1.0f : -1.0f;
      const unsigned base = mesh->vertex_count;
      for (unsigned k = 0; k < points; k++) {
         add_vertex(&b, hx[k], hy[k], z, 0, 0, nz, desc->color, hole_shade);
         add_vertex(&b, ox[k], oy[k], z, 0, 0, nz, desc->color, shade[k]);
      }
      for (unsigned k = 0; k < points; k++) {
         const unsigned next = (k + 1) % points;
         const unsigned h0 = base + 2 * k, o0 = h0 + 1;
         const unsigned h1 = base + 2 * next, o1 = h1 + 1;
         /* Angles grow counter-clockwise seen from +z. */
         if (side == 0)
            add_quad(&b, h0, o0, o1, h1);
         else
            add_quad(&b, h0, h1, o1, o0);
      }
   }

   /* Outer wall: one flat quad per outline segment, normal pointing out. */
   for (unsigned k = 0; k < points; k++) {
      const unsigned next = (k + 1) % points;
      const float dx = ox[next] - ox[k], dy = oy[next] - oy[k];
      const float len = sqrtf(dx * dx + dy * dy);
      const float nx = dy / len, ny = -dx / len;
      const unsigned a = add_vertex(&b, ox[k], oy[k], z_back, nx, ny, 0,
                                    desc->color, shade[k]);
      const unsigned c = add_vertex(&b, ox[next], oy[next], z_back, nx, ny, 0,
                                    desc->color, shade[next]);
      const unsigned d = add_vertex(&b, ox[next], oy[next], z_front, nx, ny, 0,
                                    desc->color, shade[next]);
      const unsigned e = add_vertex(&b, ox[k], oy[k], z_front, nx, ny, 0,
                                    desc->color, shade[k]);
      add_quad(&b, a, c, d, e);
   }

   /* Hole wall: smooth, normals pointing to the axis. */
   const unsigned base = mesh->vertex_count;
   for (unsigned k = 0; k <= points; k++) {
      const unsigned p = k % points;
      const float nx = -hx[p] / desc->hole_radius, ny = -hy[p] / desc->hole_radius;
      add_vertex(&b, hx[p], hy[p], z_back, nx, ny, 0, desc->color, hole_shade);
      add_vertex(&b, hx[p], hy[p], z_front, nx, ny, 0, desc->color, hole_shade);
   }
   for (unsigned k = 0; k < points; k++) {
      const unsigned b0 = base + 2 * k, f0 = b0 + 1, b1 = b0 + 2, f1 = b0 + 3;
      /* Seen from the axis, the wall runs clockwise. */
      add_quad(&b, b0, f0, f1, b1);
   }

   if (b.overflow || mesh->vertex_count > 65535) {
      /* Cannot happen with the counts above; checked so that a later edit
       * that breaks them fails loudly. */
      nvdemo_mesh_free(mesh);
      snprintf(err, err_size, "gear mesh overflow");
      return -1;
   }
   return 0;
}

void
nvdemo_mesh_free(struct nvdemo_mesh *mesh)
{
   free(mesh->vertices);
   free(mesh->indices);
   *mesh = (struct nvdemo_mesh){ 0 };
}
