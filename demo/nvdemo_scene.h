/*
 * The demo scene: three meshing gears, lit per vertex, drawn with a GLSL 1.10
 * program into whatever framebuffer is bound.
 */
#ifndef NVDEMO_SCENE_H
#define NVDEMO_SCENE_H

#include "nvdemo_gl.h"
#include "nvdemo_gear.h"

#define NVDEMO_GEAR_COUNT 3

struct nvdemo_scene {
   GLuint program;
   GLint u_mvp, u_normal_matrix, u_key_light, u_fill_light;
   struct {
      struct nvdemo_gear_desc desc;
      float x, y;            /* centre in the scene plane */
      float phase;           /* rotation (radians) at frame 0 */
      float ratio;           /* turns per turn of gear 0, signed */
      GLuint vbo, ibo;
      GLsizei index_count;
   } gears[NVDEMO_GEAR_COUNT];
};

/* Builds the meshes and the program (a GL context must be current).
 * Returns 0, or -1 with a message (including any compile/link log) in err. */
int nvdemo_scene_init(struct nvdemo_scene *scene, char *err, unsigned err_size);
/* Draws frame number `frame` for a viewport of aspect width / height: the
 * picture depends on the frame number only. */
void nvdemo_scene_draw(const struct nvdemo_scene *scene, unsigned frame,
                       float aspect);
void nvdemo_scene_fini(struct nvdemo_scene *scene);

#endif
