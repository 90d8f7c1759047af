/*
 * The demo scene.  Gear 0 turns DEGREES_PER_FRAME each frame; the two others
 * mesh with it, so they turn the other way at the ratio of the tooth counts
 * (their pitch circles roll on gear 0's without slipping).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "nvdemo_math.h"
#include "nvdemo_scene.h"

/* Not a divisor of gear 0's 18-degree tooth period: meshing gears all move
 * on by one tooth together, so a step of 18 / k degrees would repeat the
 * picture every k frames and hide a frame-number bug. */
#define DEGREES_PER_FRAME 7.0f
#define DEG(d) ((d) * (float)M_PI / 180.0f)

/* Extra distance between meshing gears, so that their teeth never touch:
 * touching solids would make the picture hinge on depth-test rounding. */
#define BACKLASH 0.05f

enum { ATTR_POSITION = 0, ATTR_NORMAL = 1, ATTR_COLOR = 2 };

/* Per-vertex lighting: two directional lights (a key light and a dimmer fill
 * light from the other side) with Lambert diffuse terms over an ambient
 * floor.  No specular term: it would need pow(), and the gears look solid
 * enough without one. */
static const char *vertex_source =
   "#version 110\n"
   "attribute vec3 a_position;\n"
   "attribute vec3 a_normal;\n"
   "attribute vec3 a_color;\n"
   "uniform mat4 u_mvp;\n"
   "uniform mat3 u_normal_matrix;\n"
   "uniform vec3 u_key_light;   /* eye space, unit length */\n"
   "uniform vec3 u_fill_light;\n"
   "varying vec3 v_color;\n"
   "void main()\n"
   "{\n"
   "   vec3 n = normalize(u_normal_matrix * a_normal);\n"
   "   float key = max(dot(n, u_key_light), 0.0);\n"
   "   float fill = max(dot(n, u_fill_light), 0.0);\n"
   "   v_color = a_color * (0.25 + 0.65 * key + 0.25 * fill);\n"
   "   gl_Position = u_mvp * vec4(a_position, 1.0);\n"
   "}\n";

static const char *fragment_source =
   "#version 110\n"
   "varying vec3 v_color;\n"
   "void main()\n"
   "{\n"
   "   gl_FragColor = vec4(clamp(v_color, 0.0, 1.0), 1.0);\n"
   "}\n";

static GLuint
compile(GLenum type, const char *source, const char *what, char *err,
        unsigned err_size)
{
   GLuint shader = nvgl.CreateShader(type);
   GLint ok = GL_FALSE;
   char log[1024] = "";

   nvgl.ShaderSource(shader, 1, &source, NULL);
   nvgl.CompileShader(shader);
   nvgl.GetShaderiv(shader, GL_COMPILE_STATUS, &ok);
   nvgl.GetShaderInfoLog(shader, sizeof(log), NULL, log);
   if (!ok) {
      snprintf(err, err_size, "the %s shader does not compile:\n%s", what, log);
      nvgl.DeleteShader(shader);
      return 0;
   }
   return shader;
}

static int
build_program(struct nvdemo_scene *scene, char *err, unsigned err_size)
{
   GLuint vs = compile(GL_VERTEX_SHADER, vertex_source, "vertex", err, err_size);
   if (!vs)
      return -1;
   GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_source, "fragment", err,
                       err_size);
   if (!fs) {
      nvgl.DeleteShader(vs);
      return -1;
   }

   GLuint prog = nvgl.CreateProgram();
   nvgl.AttachShader(prog, vs);
   nvgl.AttachShader(prog, fs);
   nvgl.BindAttribLocation(prog, ATTR_POSITION, "a_position");
   nvgl.BindAttribLocation(prog, ATTR_NORMAL, "a_normal");
   nvgl.BindAttribLocation(prog, ATTR_COLOR, "a_color");
   nvgl.LinkProgram(prog);
   nvgl.DeleteShader(vs);
   nvgl.DeleteShader(fs);

   GLint ok = GL_FALSE;
   char log[1024] = "";
   nvgl.GetProgramiv(prog, GL_LINK_STATUS, &ok);
   nvgl.GetProgramInfoLog(prog, sizeof(log), NULL, log);
   if (!ok) {
      snprintf(err, err_size, "the program does not link:\n%s", log);
      nvgl.DeleteProgram(prog);
      return -1;
   }
   scene->program = prog;
   scene->u_mvp = nvgl.GetUniformLocation(prog, "u_mvp");
   scene->u_normal_matrix = nvgl.GetUniformLocation(prog, "u_normal_matrix");
   scene->u_key_light = nvgl.GetUniformLocation(prog, "u_key_light");
   scene->u_fill_light = nvgl.GetUniformLocation(prog, "u_fill_light");
   if (scene->u_mvp < 0 || scene->u_normal_matrix < 0 ||
       scene->u_key_light < 0 || scene->u_fill_light < 0) {
      snprintf(err, err_size, "the linked program lacks a uniform "
               "(u_mvp %d, u_normal_matrix %d, u_key_light %d, u_fill_light %d)",
               scene->u_mvp, scene->u_normal_matrix, scene->u_key_light,
               scene->u_fill_light);
      return -1;
   }
   return 0;
}

/* Gear layout: all share one module (tooth size), so they can mesh.  Gear 1
 * sits to the right of gear 0, gear 2 above it, each at the sum of the pitch
 * radii plus the backlash; the phases put a tooth of gear 0 into a gap of
 * the other gear on the line joining their centres. */
static void
lay_out(struct nvdemo_scene *scene)
{
   static const struct nvdemo_gear_desc descs[NVDEMO_GEAR_COUNT] = {
      { .teeth = 20, .module = 0.2f, .hole_radius = 0.5f, .width = 1.0f,
        .color = { 0.85f, 0.12f, 0.05f } },
      { .teeth = 10, .module = 0.2f, .hole_radius = 0.3f, .width = 1.6f,
        .color = { 0.10f, 0.80f, 0.20f } },
      { .teeth = 13, .module = 0.2f, .hole_radius = 0.35f, .width = 0.6f,
        .color = { 0.20f, 0.30f, 0.95f } },
   };
   /* Direction of gear 1 and gear 2 seen from gear 0.  Gear 0 has a tooth
    * centred every 18 degrees; both directions are multiples of it. */
   static const float directions[NVDEMO_GEAR_COUNT] = { 0.0f, 0.0f, DEG(72.0f) };
   const float base_x = -1.0f, base_y = -1.2f;

   for (int i = 0; i < NVDEMO_GEAR_COUNT; i++)
      scene->gears[i].desc = descs[i];

   /* Gear 0: tooth 0 centred on direction 0 at frame 0. */
   scene->gears[0].x = base_x;
   scene->gears[0].y = base_y;
   scene->gears[0].phase = -nvdemo_gear_tooth_centre(&descs[0]);
   scene->gears[0].ratio = 1.0f;

   for (int i = 1; i < NVDEMO_GEAR_COUNT; i++) {
      const float dist = nvdemo_gear_pitch_radius(&descs[0]) +
                         nvdemo_gear_pitch_radius(&descs[i]) + BACKLASH;
      scene->gears[i].x = base_x + dist * cosf(directions[i]);
      scene->gears[i].y = base_y + dist * sinf(directions[i]);
      /* A gap of gear i faces gear 0, i.e. points the opposite way. */
      scene->gears[i].phase = directions[i] + (float)M_PI -
                              nvdemo_gear_gap_centre(&descs[i]);
      scene->gears[i].ratio = -(float)descs[0].teeth / (float)descs[i].teeth;
   }
}

int
nvdemo_scene_init(struct nvdemo_scene *scene, char *err, unsigned err_size)
{
   memset(scene, 0, sizeof(*scene));
   lay_out(scene);
   if (build_program(scene, err, err_size))
      return -1;

   for (int i = 0; i < NVDEMO_GEAR_COUNT; i++) {
      struct nvdemo_mesh mesh;
      if (nvdemo_gear_build(&scene->gears[i].desc, &mesh, err, err_size))
         return -1;
      nvgl.GenBuffers(1, &scene->gears[i].vbo);
      nvgl.GenBuffers(1, &scene->gears[i].ibo);
      nvgl.BindBuffer(GL_ARRAY_BUFFER, scene->gears[i].vbo);
      nvgl.BufferData(GL_ARRAY_BUFFER, mesh.vertex_count * sizeof(*mesh.vertices),
                      mesh.vertices, GL_STATIC_DRAW);
      nvgl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, scene->gears[i].ibo);
      nvgl.BufferData(GL_ELEMENT_ARRAY_BUFFER,
                      mesh.index_count * sizeof(*mesh.indices), mesh.indices,
                      GL_STATIC_DRAW);
      scene->gears[i].index_count = (GLsizei)mesh.index_count;
      nvdemo_mesh_free(&mesh);
   }
   return 0;
}

static void
normalize3(float v[3])
{
   const float len = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
   v[0] /= len;
   v[1] /= len;
   v[2] /= len;
}

void
nvdemo_scene_draw(const struct nvdemo_scene *scene, unsigned frame, float aspect)
{
   struct nvdemo_mat4 projection, view, tmp;
   float key[3] = { 0.4f, 0.6f, 0.7f }, fill[3] = { -0.6f, -0.3f, 0.4f };

   normalize3(key);
   normalize3(fill);

   /* The camera: 12.5 units away, the gears tilted 30 degrees about the
    * horizontal axis (their lower side walls show) and turned 20 degrees
    * about the vertical one. */
   nvdemo_mat4_perspective(&projection, DEG(40.0f), aspect, 6.0f, 30.0f);
   nvdemo_mat4_translation(&view, 0.0f, 0.0f, -12.5f);
   nvdemo_mat4_rotation(&tmp, DEG(-30.0f), 1.0f, 0.0f, 0.0f);
   nvdemo_mat4_multiply(&view, &view, &tmp);
   nvdemo_mat4_rotation(&tmp, DEG(20.0f), 0.0f, 1.0f, 0.0f);
   nvdemo_mat4_multiply(&view, &view, &tmp);

   /* Every gear is back where it started after 4680 frames: gear 0 turns
    * 7 degrees a frame (a whole turn after 360 frames), gear 1 14 degrees
    * (180 frames), gear 2 7 * 20 / 13 degrees (234 frames), and
    * lcm(360, 180, 234) = 4680.  Reducing the frame number keeps the angles
    * small, so that sin/cos stay accurate for any frame number. */
   const unsigned period = 4680u;
   const float angle = DEG(DEGREES_PER_FRAME * (float)(frame % period));

   nvgl.UseProgram(scene->program);
   nvgl.Uniform3f(scene->u_key_light, key[0], key[1], key[2]);
   nvgl.Uniform3f(scene->u_fill_light, fill[0], fill[1], fill[2]);

   for (int i = 0; i < NVDEMO_GEAR_COUNT; i++) {
      struct nvdemo_mat4 model, modelview, mvp;
      float normal_matrix[9];

      nvdemo_mat4_translation(&model, scene->gears[i].x, scene->gears[i].y, 0.0f);
      nvdemo_mat4_rotation(&tmp, scene->gears[i].phase +
                           scene->gears[i].ratio * angle, 0.0f, 0.0f, 1.0f);
      nvdemo_mat4_multiply(&model, &model, &tmp);
      nvdemo_mat4_multiply(&modelview, &view, &model);
      nvdemo_mat4_multiply(&mvp, &projection, &modelview);
      nvdemo_mat4_upper3x3(normal_matrix, &modelview);

      nvgl.UniformMatrix4fv(scene->u_mvp, 1, GL_FALSE, mvp.m);
      nvgl.UniformMatrix3fv(scene->u_normal_matrix, 1, GL_FALSE, normal_matrix);

      const GLsizei stride = sizeof(struct nvdemo_vertex);
      nvgl.BindBuffer(GL_ARRAY_BUFFER, scene->gears[i].vbo);
      nvgl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, scene->gears[i].ibo);
      nvgl.EnableVertexAttribArray(ATTR_POSITION);
      nvgl.EnableVertexAttribArray(ATTR_NORMAL);
      nvgl.EnableVertexAttribArray(ATTR_COLOR);
      nvgl.VertexAttribPointer(ATTR_POSITION, 3, GL_FLOAT, GL_FALSE, stride,
                               (const void *)offsetof(struct nvdemo_vertex, position));
      nvgl.VertexAttribPointer(ATTR_NORMAL, 3, GL_FLOAT, GL_FALSE, stride,
                               (const void *)offsetof(struct nvdemo_vertex, normal));
      nvgl.VertexAttribPointer(ATTR_COLOR, 3, GL_FLOAT, GL_FALSE, stride,
                               (const void *)offsetof(struct nvdemo_vertex, color));
      nvgl.DrawElements(GL_TRIANGLES, scene->gears[i].index_count,
                        GL_UNSIGNED_SHORT, NULL);
   }
}

void
nvdemo_scene_fini(struct nvdemo_scene *scene)
{
   for (int i = 0; i < NVDEMO_GEAR_COUNT; i++) {
      if (scene->gears[i].vbo)
         nvgl.DeleteBuffers(1, &scene->gears[i].vbo);
      if (scene->gears[i].ibo)
         nvgl.DeleteBuffers(1, &scene->gears[i].ibo);
   }
   if (scene->program)
      nvgl.DeleteProgram(scene->program);
   memset(scene, 0, sizeof(*scene));
}
