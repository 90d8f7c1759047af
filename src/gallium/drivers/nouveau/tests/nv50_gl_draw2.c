/*
 * Draw paths of the Tesla driver (issue 11) that earlier tests missed.
 * EGL surfaceless, an RGBA8 FBO of 64x64 read back with glReadPixels;
 * each section is chosen by name (no argument: all but those that need
 * GL overrides):
 *
 * strip: glBegin(GL_LINE_STRIP) through st/mesa's vbo module, width 5,
 *   horizontal at y = 32 from x = 0 to 64 through vertices 8 apart, with
 *   glPrimitiveRestartNV after every second vertex (NV_primitive_restart:
 *   a restart inside Begin/End ends the strip and starts another): the
 *   segments 0-8, 16-24, 32-40, 48-56 are drawn, 8-16 ... are not.  A
 *   line of width 5 covers the pixels whose centre is within 2.5 of it
 *   in y (GL 2.1 3.4.2, x-major: a column of 5 fragments), so rows
 *   31..33 are green at x = 4, 20, 36, 52 and black at 12, 28, 44, and
 *   rows 28 and 36 (3.5 from the line) are black.
 *   A second strip of 3 vertices coloured per vertex at y = 12 (red,
 *   red, blue; smooth): x = 8 lies on the first segment, all red.
 *
 * subdata: one vertex buffer drawn, rewritten with glBufferSubData and
 *   drawn again in the same frame (no flush, no read-back between):
 *   the first draw must see the first contents, the second the new ones
 *   (GL 2.1 2.9: a draw uses the buffer's data as of the call).  A quad
 *   over the left half is red from the first contents; the rewrite moves
 *   it to the right half and makes it blue: left red, right blue.
 *
 * shared: a second context sharing the first's objects (EGL share
 *   context, GL 2.1 appendix D) draws with the program the first linked
 *   and drew with: the same uniform colour on both FBOs.
 *
 * vertexid (GLSL 1.30): gl_VertexID of an indexed draw with a base
 *   vertex is the index plus the base vertex (GL 3.2 2.8.2 and
 *   ARB_draw_elements_base_vertex); the VP places a point for vertex id
 *   v at pixel (v, 8) (the point's centre is at v + 0.5: the pixel
 *   centre).  Indices 0, 1, 2 with base vertex 5 and 40 -> pixels 5, 6,
 *   7 and 40, 41, 42 of row 8 are green, 0..2 stay black.
 *
 * indirect (GL 4.0 / ARB_draw_indirect): glDrawArraysIndirect with
 *   {count 4, instances 1, first 4, baseinstance 0} draws vertices 4..7
 *   of the buffer (the right quad), glDrawElementsIndirect with {count 6,
 *   instances 1, first index 0, basevertex 4} the same quad from
 *   indices 0..3 (by hand: left quad vertices 0..3, right 4..7).
 *
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).
 */
#include <stdint.h>

#include "nouveau_gl_util.h"

#define S 64
#define RED   0xff0000ff
#define GREEN 0x00ff00ff
#define BLUE  0x0000ffff

static GLuint
program(const char *vs, const char *fs)
{
   return nvgl_program(vs, fs, "pos", NULL);
}

/* a 64x64 RGBA8 FBO, bound and cleared to 0 */
static GLuint
fbo(void)
{
   GLuint fb = nvgl_fbo(GL_RGBA8, S, S);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   return fb;
}

/* window coordinates: (0, 0) .. (S, S) */
static void
ortho(void)
{
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, S, 0, S, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
}

static void
test_strip(void)
{
   fbo();
   ortho();
   glLineWidth(5);
   glColor4f(0, 1, 0, 1);
   glBegin(GL_LINE_STRIP);
   for (int i = 0; i <= 8; i++) {
      glVertex2f(8 * i, 32);
      if (i % 2 == 1)
         glPrimitiveRestartNV();
   }
   glEnd();
   glLineWidth(1);
   glBegin(GL_LINE_STRIP);
   glColor4f(1, 0, 0, 1);
   glVertex2f(0, 12.5);
   glVertex2f(20, 12.5);
   glColor4f(0, 0, 1, 1);
   glVertex2f(40, 12.5);
   glEnd();
   for (int i = 0; i < 7; i++)
      check("strip restart", 8 * i + 4, 32, i % 2 ? 0 : GREEN);
   check("strip row 31", 4, 31, GREEN);
   check("strip row 33", 4, 33, GREEN);
   check("strip row 28", 4, 28, 0);
   check("strip row 36", 4, 36, 0);
   check("strip colours", 8, 12, RED);
   check("strip colours", 14, 12, RED);
   check("strip end", 45, 12, 0);
}

static void
test_subdata(void)
{
   static const char vs[] =
      "#version 120\n"
      "attribute vec2 pos; attribute vec4 col; varying vec4 c;\n"
      "void main() { c = col; gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char fs[] =
      "#version 120\n"
      "varying vec4 c;\n"
      "void main() { gl_FragColor = c; }\n";
   /* a quad: x from a to b (ndc), all of y; colour */
   float v[4][6];
   GLuint prog, vb;

   fbo();
   prog = program(vs, fs);
   glBindAttribLocation(prog, 1, "col");
   glLinkProgram(prog);
   glUseProgram(prog);
   for (int pass = 0; pass < 2; pass++) {
      float a = pass ? 0 : -1, b = pass ? 1 : 0;
      const float xy[4][2] = { {a, -1}, {b, -1}, {b, 1}, {a, 1} };
      for (int k = 0; k < 4; k++) {
         v[k][0] = xy[k][0];
         v[k][1] = xy[k][1];
         v[k][2] = pass ? 0 : 1;
         v[k][3] = 0;
         v[k][4] = pass ? 1 : 0;
         v[k][5] = 1;
      }
      if (!pass) {
         glGenBuffers(1, &vb);
         glBindBuffer(GL_ARRAY_BUFFER, vb);
         glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
         glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
         glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
         glEnableVertexAttribArray(0);
         glEnableVertexAttribArray(1);
      } else {
         glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(v), v);
      }
      glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   }
   check("subdata first draw", 10, 32, RED);
   check("subdata second draw", 50, 32, BLUE);
   glDisableVertexAttribArray(0);
   glDisableVertexAttribArray(1);
   glUseProgram(0);
}

static void
test_shared(void)
{
   static const char vs[] =
      "#version 120\n"
      "attribute vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char fs[] =
      "#version 120\n"
      "uniform vec4 u;\n"
      "void main() { gl_FragColor = u; }\n";
   static const float quad[4][2] = { {-1, -1}, {1, -1}, {1, 1}, {-1, 1} };
   EGLDisplay dpy = eglGetCurrentDisplay();
   EGLContext first = eglGetCurrentContext();
   static const EGLint cattr[] = { EGL_NONE };

   GLuint prog = program(vs, fs);
   glUseProgram(prog);
   glUniform4f(glGetUniformLocation(prog, "u"), 0, 1, 0, 1);
   fbo();
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   check("shared, first context", 32, 32, GREEN);
   glFinish();

   EGLContext second = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, first,
                                        cattr);
   if (!second || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE,
                                  second)) {
      printf("FAIL no second context sharing the first's objects\n");
      fails++;
      return;
   }
   /* FBOs are not shared (GL 3.0 appendix D): one of its own */
   fbo();
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   check("shared, second context", 32, 32, GREEN);
   /* and a new colour drawn by the first again */
   glFinish();
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, first);
   glUniform4f(glGetUniformLocation(prog, "u"), 0, 0, 1, 1);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   check("shared, first context again", 32, 32, BLUE);
   eglDestroyContext(dpy, second);
   glDisableVertexAttribArray(0);
   glUseProgram(0);
}

static void
test_vertexid(void)
{
   static const char vs[] =
      "#version 130\n"
      "in vec2 pos;\n"
      "void main() {\n"
      "   gl_Position = vec4((float(gl_VertexID) + 0.5) / 32.0 - 1.0,\n"
      "                      8.5 / 32.0 - 1.0, 0.0, 1.0 + pos.x * 0.0);\n"
      "}\n";
   static const char fs[] =
      "#version 130\n"
      "out vec4 c;\n"
      "void main() { c = vec4(0.0, 1.0, 0.0, 1.0); }\n";
   static const float dummy[64][2];
   static const GLushort idx[3] = { 0, 1, 2 };

   fbo();
   GLuint prog = program(vs, fs);
   glUseProgram(prog);
   GLuint vb, eb;
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(dummy), dummy, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glEnableVertexAttribArray(0);
   glGenBuffers(1, &eb);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   glDrawElementsBaseVertex(GL_POINTS, 3, GL_UNSIGNED_SHORT, 0, 5);
   glDrawElementsBaseVertex(GL_POINTS, 3, GL_UNSIGNED_SHORT, 0, 40);
   for (int x = 0; x < 3; x++)
      check("vertexid without base", x, 8, 0);
   for (int x = 5; x < 8; x++)
      check("vertexid base 5", x, 8, GREEN);
   for (int x = 40; x < 43; x++)
      check("vertexid base 40", x, 8, GREEN);
   check("vertexid past", 43, 8, 0);
   glDisableVertexAttribArray(0);
   glUseProgram(0);
}

static void
test_indirect(void)
{
   static const char vs[] =
      "#version 120\n"
      "attribute vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char fs[] =
      "#version 120\n"
      "uniform vec4 u;\n"
      "void main() { gl_FragColor = u; }\n";
   /* left quad (x -1..0) vertices 0..3, right quad (0..1) 4..7 */
   static const float v[8][2] = {
      {-1, -1}, {0, -1}, {0, 1}, {-1, 1},
      {0, -1}, {1, -1}, {1, 1}, {0, 1},
   };
   static const GLushort idx[6] = { 0, 1, 2, 0, 2, 3 };
   /* DrawArraysIndirectCommand then DrawElementsIndirectCommand (GL 4.0
    * 2.8.3): count, instances, first, baseinstance /
    * count, instances, firstIndex, baseVertex, baseinstance */
   static const GLuint cmd[9] = { 4, 1, 4, 0, 6, 1, 0, 4, 0 };
   GLuint vao, vb, eb, ib;

   fbo();
   GLuint prog = program(vs, fs);
   glUseProgram(prog);
   GLint u = glGetUniformLocation(prog, "u");
   /* GL 3.1 core keeps indirect draws to buffer objects; a VAO for it */
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glEnableVertexAttribArray(0);
   glGenBuffers(1, &eb);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   glGenBuffers(1, &ib);
   glBindBuffer(GL_DRAW_INDIRECT_BUFFER, ib);
   glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof(cmd), cmd, GL_STATIC_DRAW);

   glUniform4f(u, 1, 0, 0, 1);
   glDrawArraysIndirect(GL_TRIANGLE_FAN, (void *)0);
   check("DrawArraysIndirect right", 48, 32, RED);
   check("DrawArraysIndirect not left", 16, 32, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glUniform4f(u, 0, 0, 1, 1);
   glDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT,
                          (void *)(4 * sizeof(GLuint)));
   check("DrawElementsIndirect right", 48, 32, BLUE);
   check("DrawElementsIndirect not left", 16, 32, 0);
   glBindVertexArray(0);
   glUseProgram(0);
}

int
main(int argc, char **argv)
{
   const char *what = argc > 1 ? argv[1] : "all";
   bool all = !strcmp(what, "all");

   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));
   if (all || !strcmp(what, "strip"))
      test_strip();
   if (all || !strcmp(what, "subdata"))
      test_subdata();
   if (all || !strcmp(what, "shared"))
      test_shared();
   if (!strcmp(what, "vertexid"))
      test_vertexid();
   if (!strcmp(what, "indirect"))
      test_indirect();
   return nvgl_done();
}
