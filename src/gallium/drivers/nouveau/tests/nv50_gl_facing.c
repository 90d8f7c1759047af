/*
 * Facing in the FP on the Tesla driver (issue 11): EGL surfaceless + an
 * RGBA8 FBO of 64x64, read back with glReadPixels.  Rectangles whose
 * window-space winding makes them front (counter-clockwise, GL_CCW) or
 * back faces (GL 2.1 2.14.1; no culling):
 *
 * 1. Rows 0..31, GL_VERTEX_PROGRAM_TWO_SIDE on, a GLSL 1.20 VP writing
 *    gl_FrontColor = (1, 0, 0, 1) and gl_BackColor = (0, 1, 0, 1), the
 *    FP gl_FragColor = gl_Color (GL 2.1 2.15.3: the back colour on back
 *    faces): columns 0..31 front (0xff0000ff), 32..63 back (0x00ff00ff).
 * 2. Rows 32..63, an FP writing gl_FrontFacing ? (0, 0, 1, 1) :
 *    (1, 1, 1, 1): columns 0..31 front (0x0000ffff), 32..63 back
 *    (0xffffffff).
 * Without gl_FrontFacing (v[FACE]) in the compiler neither program
 * compiles; without st/mesa's two-sided colour (no
 * PIPE_CAP_TWO_SIDED_COLOR) back faces are red.  Expected values by
 * hand above; run on g80, gt215 and llvmpipe (tests/gl/run.sh).
 */
#include "nouveau_gl_util.h"

#define S 64

static GLuint
program(const char *vs, const char *fs)
{
   return nvgl_program(vs, fs, "pos", NULL);
}

/* a rectangle over window x0..x1, y0..y1, counter-clockwise (front) or
 * clockwise (back) */
static void
rect(int x0, int x1, int y0, int y1, int front)
{
   const float l = x0 * 2.0f / S - 1, r = x1 * 2.0f / S - 1;
   const float b = y0 * 2.0f / S - 1, t = y1 * 2.0f / S - 1;
   const float ccw[] = { l, b, r, b, r, t, l, b, r, t, l, t };
   const float cw[] = { l, b, r, t, r, b, l, b, l, t, r, t };
   GLuint vb;
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(ccw), front ? ccw : cw,
                GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

int
main(int argc, char **argv)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;
   glDisable(GL_CULL_FACE);

   /* 1: two-sided colour */
   glUseProgram(program(
      "#version 120\n"
      "attribute vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0);\n"
      "              gl_FrontColor = vec4(1.0, 0.0, 0.0, 1.0);\n"
      "              gl_BackColor = vec4(0.0, 1.0, 0.0, 1.0); }\n",
      "#version 120\n"
      "void main() { gl_FragColor = gl_Color; }\n"));
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   rect(0, 32, 0, 32, 1);
   rect(32, 64, 0, 32, 0);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);

   /* 2: gl_FrontFacing */
   glUseProgram(program(
      "#version 120\n"
      "attribute vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "#version 120\n"
      "void main() { gl_FragColor = gl_FrontFacing ? vec4(0.0, 0.0, 1.0, 1.0)\n"
      "                                            : vec4(1.0); }\n"));
   rect(0, 32, 32, 64, 1);
   rect(32, 64, 32, 64, 0);

   const int pts[][2] = { {0, 0}, {31, 31}, {16, 8}, {32, 0}, {63, 31},
                          {0, 32}, {31, 63}, {32, 32}, {63, 63}, {50, 40} };
   for (unsigned i = 0; i < sizeof(pts) / sizeof(pts[0]); i++) {
      const int x = pts[i][0], y = pts[i][1];
      const int front = x < 32;
      unsigned want = y < 32 ? (front ? 0xff0000ff : 0x00ff00ff)
                             : (front ? 0x0000ffff : 0xffffffff);
      check(y < 32 ? "two-sided gl_Color" : "gl_FrontFacing", x, y, want);
   }
   return nvgl_done();
}
