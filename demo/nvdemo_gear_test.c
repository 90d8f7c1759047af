/*
 * Unit test of the gear mesh generator.  A gear is a solid, so its mesh
 * must be closed and consistently oriented (every edge met once in each
 * direction), enclose a positive volume between that of the root-circle
 * disc and that of the tip-circle disc (minus the hole), and have vertex
 * normals that agree with the faces' winding.  Prints "gear tests: PASS"
 * or the failures; exits 0 or 1.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvdemo_gear.h"

static int failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      if (!(cond)) {                                                       \
         failures++;                                                       \
         printf("  FAIL  " __VA_ARGS__);                                   \
         printf("\n");                                                     \
      }                                                                    \
   } while (0)

static int
same_point(const float *a, const float *b)
{
   return fabsf(a[0] - b[0]) < 1e-5f && fabsf(a[1] - b[1]) < 1e-5f &&
          fabsf(a[2] - b[2]) < 1e-5f;
}

/* Number of directed edges q->p (by position) in the mesh. */
static unsigned
count_edge(const struct nvdemo_mesh *m, const float *from, const float *to)
{
   unsigned n = 0;
   for (unsigned t = 0; t < m->index_count; t += 3) {
      for (int e = 0; e < 3; e++) {
         const float *a = m->vertices[m->indices[t + e]].position;
         const float *b = m->vertices[m->indices[t + (e + 1) % 3]].position;
         if (same_point(a, from) && same_point(b, to))
            n++;
      }
   }
   return n;
}

static void
test_gear(const struct nvdemo_gear_desc *d)
{
   struct nvdemo_mesh m;
   char err[256];

   if (nvdemo_gear_build(d, &m, err, sizeof(err))) {
      CHECK(0, "gear with %u teeth: %s", d->teeth, err);
      return;
   }
   CHECK(m.index_count % 3 == 0, "%u teeth: index count %u", d->teeth,
         m.index_count);

   unsigned open_edges = 0, bad_normals = 0;
   double volume = 0.0;
   for (unsigned t = 0; t + 2 < m.index_count; t += 3) {
      const struct nvdemo_vertex *v[3];
      for (int i = 0; i < 3; i++) {
         CHECK(m.indices[t + i] < m.vertex_count, "index out of range");
         if (m.indices[t + i] >= m.vertex_count)
            goto out;
         v[i] = &m.vertices[m.indices[t + i]];
      }
      /* Each edge a->b needs exactly one partner b->a. */
      for (int e = 0; e < 3; e++) {
         if (count_edge(&m, v[(e + 1) % 3]->position, v[e]->position) != 1)
            open_edges++;
      }
      /* Face normal from the winding (counter-clockwise = front). */
      float e1[3], e2[3], n[3];
      for (int i = 0; i < 3; i++) {
         e1[i] = v[1]->position[i] - v[0]->position[i];
         e2[i] = v[2]->position[i] - v[0]->position[i];
      }
      n[0] = e1[1] * e2[2] - e1[2] * e2[1];
      n[1] = e1[2] * e2[0] - e1[0] * e2[2];
      n[2] = e1[0] * e2[1] - e1[1] * e2[0];
      for (int i = 0; i < 3; i++) {
         const float *vn = v[i]->normal;
         if (n[0] * vn[0] + n[1] * vn[1] + n[2] * vn[2] <= 0.0f)
            bad_normals++;
      }
      /* Divergence theorem: the volume is the sum of the signed volumes of
       * the tetrahedra (origin, triangle). */
      const float *a = v[0]->position, *b = v[1]->position, *c = v[2]->position;
      volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) -
                 a[1] * (b[0] * c[2] - b[2] * c[0]) +
                 a[2] * (b[0] * c[1] - b[1] * c[0])) / 6.0;
   }
   CHECK(open_edges == 0, "%u teeth: %u edges without exactly one opposite "
         "partner (mesh not closed or not consistently wound)", d->teeth,
         open_edges);
   CHECK(bad_normals == 0, "%u teeth: %u vertex normals against the winding",
         d->teeth, bad_normals);

   /* The tooth profile lies between the root circle (r - 1.25 module) and
    * the tip circle (r + module), r = module * teeth / 2. */
   const double r = d->module * d->teeth / 2.0;
   const double r_root = r - 1.25 * d->module, r_tip = r + d->module;
   const double hole = M_PI * d->hole_radius * d->hole_radius;
   const double lo = (M_PI * r_root * r_root - hole) * d->width;
   const double hi = (M_PI * r_tip * r_tip - hole) * d->width;
   CHECK(volume > lo && volume < hi, "%u teeth: volume %g not within "
         "(%g, %g)", d->teeth, volume, lo, hi);
out:
   nvdemo_mesh_free(&m);
}

int
main(void)
{
   static const struct nvdemo_gear_desc gears[] = {
      { 20, 0.2f, 0.5f, 1.0f, { 1, 0, 0 } },
      { 10, 0.2f, 0.3f, 1.6f, { 0, 1, 0 } },
      { 13, 0.2f, 0.35f, 0.6f, { 0, 0, 1 } },
      { 3, 1.0f, 0.1f, 0.5f, { 1, 1, 1 } },
   };
   for (unsigned i = 0; i < sizeof(gears) / sizeof(gears[0]); i++)
      test_gear(&gears[i]);

   /* Impossible gears are refused with a message, not built. */
   static const struct nvdemo_gear_desc bad[] = {
      { 2, 0.2f, 0.1f, 1.0f, { 1, 1, 1 } },     /* too few teeth */
      { 20, 0.2f, 5.0f, 1.0f, { 1, 1, 1 } },    /* hole larger than the gear */
      { 20, 0.2f, 0.5f, 0.0f, { 1, 1, 1 } },    /* no thickness */
      { 201, 0.2f, 0.5f, 1.0f, { 1, 1, 1 } },   /* over the limit */
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      struct nvdemo_mesh m;
      char err[256] = "";
      CHECK(nvdemo_gear_build(&bad[i], &m, err, sizeof(err)) == -1 &&
            err[0] != '\0' && m.vertices == NULL,
            "bad gear %u was not refused", i);
   }

   printf("gear tests: %s\n", failures ? "FAIL" : "PASS");
   return failures ? 1 : 0;
}
