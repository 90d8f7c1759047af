/*
 * Cull distances on the Tesla driver (issue 11: ARB_cull_distance): GLSL
 * 1.30 with the extension, an RGBA8 FBO of 64x64 read back with
 * glReadPixels.  Pixel x's centre is at ndc (x + 0.5) / 32 - 1; a
 * rectangle from ndc l to r covers the pixels whose centres are inside
 * (GL 3.3 3.6.1).
 *
 * The VP writes gl_ClipDistance[0] = clip.x * y + clip.y and
 * gl_CullDistance[0] = cull.x * x + cull.y, gl_CullDistance[1] =
 * cull.z * x + cull.w (x, y the vertex's ndc).  ARB_cull_distance: "If
 * the cull distance for any enabled ... all vertices of a primitive is
 * negative, the primitive is discarded"; a primitive some of whose
 * vertices have a non-negative value in every cull distance is drawn
 * whole, not clipped; cull distances need no enable.
 *
 * 1. all distances 1: the rectangle x in [-1, -0.5] (pixels 0..15) red:
 *    (2, 8) and (14, 8) red.
 * 2. gl_CullDistance[0] = x + 0.75 on x in [-1, -0.5], upper rows:
 *    -0.25 and 0.25 at its vertices, so each triangle is drawn whole in
 *    green: (2, 40) green (its distance -0.17 < 0: a clip would drop
 *    it) and (14, 40) green.
 * 3. gl_CullDistance[0] = x - 2 (negative at every vertex) on
 *    x in [-0.5, 0]: culled, (24, 8) clear; gl_CullDistance[1] = -1 on
 *    x in [0.5, 1] (pixels 48..63), [0] = 1: culled, (56, 8) clear;
 *    gl_CullDistance[1] = x - 0.75 on x in [0.5, 1] (-0.25 .. 0.25):
 *    drawn whole, (50, 40) and (62, 40) blue.
 * 4. gl_ClipDistance[0] = y with GL_CLIP_DISTANCE0 enabled, the cull
 *    distances 1: the window's rectangle x in [0, 0.5] (pixels 32..47)
 *    clipped to y >= 0 (rows 32..): (40, 8) clear, (40, 40) white.
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).  Before ARB_cull_distance (no PIPE_CAP_CULL_DISTANCE)
 * the extension is not exposed and the program stops there.
 */
#include "nouveau_gl_util.h"

#define S 64
#define RED 0xff0000ff
#define GREEN 0x00ff00ff
#define BLUE 0x0000ffff
#define WHITE 0xffffffff
#define CLEAR 0x00000000

static const char *vs_src =
   "#version 130\n"
   "#extension GL_ARB_cull_distance : require\n"
   "in vec2 pos;\n"
   "uniform vec4 cull; uniform vec2 clip;\n"
   "out float gl_ClipDistance[1];\n"
   "out float gl_CullDistance[2];\n"
   "void main() {\n"
   "   gl_Position = vec4(pos, 0.0, 1.0);\n"
   "   gl_ClipDistance[0] = clip.x * pos.y + clip.y;\n"
   "   gl_CullDistance[0] = cull.x * pos.x + cull.y;\n"
   "   gl_CullDistance[1] = cull.z * pos.x + cull.w;\n"
   "}\n";
static const char *fs_src =
   "#version 130\n"
   "uniform vec4 col;\n"
   "void main() { gl_FragColor = col; }\n";

static GLuint prog;

static void
draw(float l, float r, const float cull[4], float clip_a, float clip_b,
     unsigned rgba)
{
   glUniform4fv(glGetUniformLocation(prog, "cull"), 1, cull);
   glUniform2f(glGetUniformLocation(prog, "clip"), clip_a, clip_b);
   glUniform4f(glGetUniformLocation(prog, "col"), (rgba >> 24) / 255.0f,
               (rgba >> 16 & 0xff) / 255.0f, (rgba >> 8 & 0xff) / 255.0f,
               (rgba & 0xff) / 255.0f);
   const float v[] = { l, -1, r, -1, r, 1, l, -1, r, 1, l, 1 };
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

/* the rectangle's lower or upper half of the rows (scissored) */
static void
draw_half(float l, float r, bool upper, const float cull[4], unsigned rgba)
{
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, upper ? S / 2 : 0, S, S / 2);
   draw(l, r, cull, 0, 1, rgba);
   glDisable(GL_SCISSOR_TEST);
}

int
main(void)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;
   if (!nvgl_has_ext("GL_ARB_cull_distance")) {
      printf("FAIL ARB_cull_distance not exposed\nFAILED\n");
      return 1;
   }
   GLint n = 0;
   glGetIntegerv(GL_MAX_CULL_DISTANCES, &n);
   printf("GL_MAX_CULL_DISTANCES %d\n", n);
   prog = nvgl_program(vs_src, fs_src, "pos", NULL);
   glUseProgram(prog);

   static const float none[4] = { 0, 1, 0, 1 };
   static const float cross0[4] = { 1, 0.75f, 0, 1 };
   static const float out0[4] = { 1, -2, 0, 1 };
   static const float out1[4] = { 0, 1, 0, -1 };
   static const float cross1[4] = { 0, 1, 1, -0.75f };

   /* 1 */
   draw_half(-1, -0.5f, false, none, RED);
   check("no culling", 2, 8, RED);
   check("no culling", 14, 8, RED);
   /* 2: upper rows */
   draw_half(-1, -0.5f, true, cross0, GREEN);
   check("crossing cull distance 0: whole", 2, 40, GREEN);
   check("crossing cull distance 0: whole", 14, 40, GREEN);
   /* 3 */
   draw_half(-0.5f, 0, false, out0, GREEN);
   check("cull distance 0 negative: culled", 24, 8, CLEAR);
   draw_half(0.5f, 1, false, out1, GREEN);
   check("cull distance 1 negative: culled", 56, 8, CLEAR);
   draw_half(0.5f, 1, true, cross1, BLUE);
   check("crossing cull distance 1: whole", 50, 40, BLUE);
   check("crossing cull distance 1: whole", 62, 40, BLUE);
   /* 4 */
   glEnable(GL_CLIP_DISTANCE0);
   draw(0, 0.5f, none, 1, 0, WHITE);
   glDisable(GL_CLIP_DISTANCE0);
   check("clip distance 0 with cull distances", 40, 8, CLEAR);
   check("clip distance 0 with cull distances", 40, 40, WHITE);
   return nvgl_done();
}
