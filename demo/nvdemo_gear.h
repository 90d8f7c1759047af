/*
 * The gear mesh of the demo scene: a spur gear with straight-sided
 * (trapezoidal) teeth and a round hole, extruded along z.
 */
#ifndef NVDEMO_GEAR_H
#define NVDEMO_GEAR_H

#include <stdint.h>

struct nvdemo_gear_desc {
   unsigned teeth;       /* number of teeth, >= 3 */
   float module;         /* pitch radius = module * teeth / 2 */
   float hole_radius;    /* radius of the axle hole */
   float width;          /* thickness along z, centred on z = 0 */
   float color[3];       /* base colour, brightened towards the rim */
};

/* One vertex: position, normal, colour (9 floats, interleaved in a VBO). */
struct nvdemo_vertex {
   float position[3];
   float normal[3];
   float color[3];
};

struct nvdemo_mesh {
   struct nvdemo_vertex *vertices;
   unsigned vertex_count;
   uint16_t *indices;     /* GL_TRIANGLES, counter-clockwise = front */
   unsigned index_count;
};

/* Builds the mesh of a gear; returns 0, or -1 with a message in err. */
int nvdemo_gear_build(const struct nvdemo_gear_desc *desc,
                      struct nvdemo_mesh *mesh, char *err, unsigned err_size);
void nvdemo_mesh_free(struct nvdemo_mesh *mesh);

/* The angle (radians, gear frame) at which tooth 0 is centred, and the angle
 * of the middle of the gap that follows it: the scene uses them to put the
 * gears in mesh. */
float nvdemo_gear_tooth_centre(const struct nvdemo_gear_desc *desc);
float nvdemo_gear_gap_centre(const struct nvdemo_gear_desc *desc);
/* Radius of the pitch circle: two gears mesh when their centres are the sum
 * of their pitch radii apart. */
float nvdemo_gear_pitch_radius(const struct nvdemo_gear_desc *desc);

#endif
