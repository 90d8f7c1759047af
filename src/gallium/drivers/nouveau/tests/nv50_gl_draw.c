/*
 * The first draws on the Tesla driver (issue 11): EGL surfaceless + an
 * RGBA8 FBO of 64x64, read back with glReadPixels.
 *
 * 1. A triangle from a vertex buffer (glDrawArrays) with a colour per
 *    vertex, a GLSL 1.20 VP and FP: window corners (0, 0), (64, 0),
 *    (0, 64) with red, green, blue.  GL 2.1 3.5.1: a pixel is covered
 *    when its centre (x + 0.5, y + 0.5) is inside, so x + y + 1 < 64
 *    (centres on the edge x + y + 1 = 64 are left alone: the tie rule is
 *    the implementation's); the colour is smooth (eq. 3.6 with w = 1):
 *    barycentrics a = (x + 0.5) / 64 for green, b = (y + 0.5) / 64 for
 *    blue, 1 - a - b for red, stored as round(c * 255) (GL 2.1 2.14.9,
 *    eq. 2.3).  At the centres next to the vertices this is the vertex's
 *    colour within 4/255.
 * 2. A quad from window (40, 36) to (60, 60) as two indexed triangles
 *    (glDrawElements, an element buffer of GL_UNSIGNED_SHORT) coloured by
 *    a uniform (0.25, 0.5, 0.75, 1): 0x40, 0x80, 0xbf, 0xff inside
 *    (centres 40.5..59.5), the clear colour outside.
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).  By hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv50_gl_draw nv50_gl_draw.c -L$L -lEGL -lGL -lm -Wl,-rpath,$L
 *   scripts/nvrun --chip g80 -- /tmp/nv50_gl_draw      (prints PASSED)
 */
#include <math.h>

#include "nouveau_gl_util.h"

#define S 64

static GLuint
program(const char *vs, const char *fs)
{
   return nvgl_program(vs, fs, "pos", "col", NULL);
}

static unsigned
unorm8(double c)
{
   return (unsigned)floor(c * 255.0 + 0.5);
}

/* the triangle's colour at pixel (x, y), 0xRRGGBBAA */
static unsigned
tri_colour(int x, int y)
{
   double a = (x + 0.5) / S, b = (y + 0.5) / S;
   return unorm8(1.0 - a - b) << 24 | unorm8(a) << 16 | unorm8(b) << 8 | 0xff;
}

int
main(int argc, char **argv)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;

   /* 1: the smooth triangle */
   GLuint smooth = program(
      "#version 120\n"
      "attribute vec2 pos; attribute vec3 col; varying vec3 c;\n"
      "void main() { c = col; gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "#version 120\n"
      "varying vec3 c;\n"
      "void main() { gl_FragColor = vec4(c, 1.0); }\n");
   static const float tri[] = {
      -1, -1,  1, 0, 0,
       1, -1,  0, 1, 0,
      -1,  1,  0, 0, 1,
   };
   GLuint vb;
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 20, (void *)0);
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 20, (void *)8);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glUseProgram(smooth);
   glDrawArrays(GL_TRIANGLES, 0, 3);

   const int in[][2] = { {0, 0}, {62, 0}, {0, 62}, {20, 10}, {10, 40},
                         {31, 31 - 1}, {1, 1} };
   for (unsigned i = 0; i < sizeof(in) / sizeof(in[0]); i++)
      check_tol("smooth triangle, covered centre", in[i][0], in[i][1],
                tri_colour(in[i][0], in[i][1]), 1);
   const int out[][2] = { {63, 1}, {33, 31}, {1, 63}, {40, 30}, {63, 63} };
   for (unsigned i = 0; i < sizeof(out) / sizeof(out[0]); i++)
      check("smooth triangle, centre outside", out[i][0], out[i][1], 0);

   /* 2: the uniform-coloured quad, indexed */
   GLuint flat = program(
      "#version 120\n"
      "attribute vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "#version 120\n"
      "uniform vec4 colour;\n"
      "void main() { gl_FragColor = colour; }\n");
   /* window x 40..60, y 36..60: ndc = w / 32 - 1 */
   static const float quad[] = {
      0.25f, 0.125f,  0.875f, 0.125f,  0.875f, 0.875f,  0.25f, 0.875f,
   };
   static const unsigned short idx[] = { 0, 1, 2, 0, 2, 3 };
   GLuint qb, ib;
   glGenBuffers(1, &qb);
   glBindBuffer(GL_ARRAY_BUFFER, qb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   glDisableVertexAttribArray(1);
   glGenBuffers(1, &ib);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   glUseProgram(flat);
   glUniform4f(glGetUniformLocation(flat, "colour"), 0.25f, 0.5f, 0.75f, 1.0f);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);

   const int qin[][2] = { {40, 36}, {59, 36}, {40, 59}, {59, 59}, {50, 47} };
   for (unsigned i = 0; i < sizeof(qin) / sizeof(qin[0]); i++)
      check_tol("uniform quad, covered centre", qin[i][0], qin[i][1],
                0x4080bfff, 1);
   const int qout[][2] = { {39, 36}, {40, 35}, {60, 59}, {59, 60} };
   for (unsigned i = 0; i < sizeof(qout) / sizeof(qout[0]); i++)
      check("uniform quad, centre outside", qout[i][0], qout[i][1], 0);
   /* the triangle is still there */
   check_tol("triangle kept", 20, 10, tri_colour(20, 10), 1);
   return nvgl_done();
}
