/*
 * Clip distances on the Tesla driver (issue 11): EGL surfaceless + an
 * RGBA8 FBO of 64x64, read back with glReadPixels.  A full-window
 * rectangle (ndc -1..1, w = 1) in white over a black clear; pixel x's
 * centre is at ndc (x + 0.5) / 32 - 1, likewise y.
 *
 * 1. (default) A GLSL 1.20 VP writing gl_ClipVertex = the vertex (the
 *    modelview is the identity), user clip plane 0 = (1, 0, 0, 0)
 *    enabled, plane 1 = (0, 1, 0, 0) given but disabled: GL 2.1 2.12,
 *    a point is kept where dot(plane, clip vertex) >= 0, so x >= 0: the
 *    columns 32..63 white, 0..31 black, every row (plane 1 would have
 *    cut rows 0..31).
 * 2. "distance": a GLSL 1.30 VP writing gl_ClipDistance[0] = x and
 *    gl_ClipDistance[1] = y with only GL_CLIP_DISTANCE1 enabled (GL 3.0
 *    2.17): rows 32..63 white, 0..31 black, every column.
 * The distances are VP results the clipper reads (SEMANTIC_CLIP,
 * CLIP_DISTANCE_ENABLE: nv50_clip.c).  Expected values by hand above;
 * run on g80, gt215 and llvmpipe (tests/gl/run.sh; "distance" is GLSL
 * 1.30 source).
 */
#include "nouveau_gl_util.h"

#define S 64

static GLuint
program(const char *vs, const char *fs)
{
   return nvgl_program(vs, fs, "pos", NULL);
}

int
main(int argc, char **argv)
{
   const bool distance = argc > 1 && !strcmp(argv[1], "distance");
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;

   const char *fs = "#version 120\n"
                    "void main() { gl_FragColor = vec4(1.0); }\n";
   if (!distance) {
      glUseProgram(program(
         "#version 120\n"
         "attribute vec2 pos;\n"
         "void main() { gl_Position = vec4(pos, 0.0, 1.0);\n"
         "              gl_ClipVertex = gl_Position; }\n", fs));
      const GLdouble p0[4] = { 1, 0, 0, 0 }, p1[4] = { 0, 1, 0, 0 };
      glMatrixMode(GL_MODELVIEW);
      glLoadIdentity();
      glClipPlane(GL_CLIP_PLANE0, p0);
      glClipPlane(GL_CLIP_PLANE1, p1);
      glEnable(GL_CLIP_PLANE0);
   } else {
      glUseProgram(program(
         "#version 130\n"
         "in vec2 pos; out float gl_ClipDistance[2];\n"
         "void main() { gl_Position = vec4(pos, 0.0, 1.0);\n"
         "              gl_ClipDistance[0] = pos.x;\n"
         "              gl_ClipDistance[1] = pos.y; }\n",
         "#version 130\n"
         "out vec4 c; void main() { c = vec4(1.0); }\n"));
      glEnable(GL_CLIP_DISTANCE1);
   }
   nvgl_columns(0, S, S);

   const int pts[][2] = { {0, 0}, {31, 0}, {32, 0}, {63, 0}, {0, 31},
                          {0, 32}, {31, 31}, {32, 32}, {63, 63}, {40, 10},
                          {10, 40} };
   for (unsigned i = 0; i < sizeof(pts) / sizeof(pts[0]); i++) {
      const int x = pts[i][0], y = pts[i][1];
      const bool kept = distance ? y >= 32 : x >= 32;
      check(distance ? "gl_ClipDistance[1] = y, enabled alone"
                     : "gl_ClipVertex, plane 0 = (1, 0, 0, 0)",
            x, y, kept ? 0xffffffff : 0);
   }
   return nvgl_done();
}
