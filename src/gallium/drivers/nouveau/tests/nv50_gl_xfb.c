/*
 * Transform feedback on the Tesla driver (issue 11): EXT_transform_feedback
 * (GL 3.0's) and ARB_transform_feedback2, with GLSL 1.20 programs on EGL
 * surfaceless, a 16x16 RGBA8 FBO.
 *
 * The VP: gl_Position = (x, y, 0, 1), a = (x + 1, 2y, 3, z),
 * b = (x * y, 10) of attribute pos = (x, y, z).  Vertices
 *   v0 = (1, 2, 5):     a = (2, 4, 3, 5)   b = (2, 10)
 *   v1 = (3, 4, 6):     a = (4, 8, 3, 6)   b = (12, 10)
 *   v2 = (-1, 0.5, 7):  a = (0, 1, 3, 7)   b = (-0.5, 10)
 * Captures (GL 3.0 2.15: a vertex's varyings in the order given, one
 * after the other (INTERLEAVED) or each in its own buffer (SEPARATE);
 * points and independent triangles keep the vertex order):
 *  1. INTERLEAVED {a, b}, 3 points: 18 floats, a then b of v0, v1, v2;
 *     PRIMITIVES_GENERATED 3, TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN 3.
 *  2. SEPARATE {b, gl_Position}, one triangle v0 v1 v2: buffer 0 holds
 *     b of each, buffer 1 the positions; written 1.
 *  3. A buffer with room for 2 of case 1's vertices and 2 floats more
 *     (56 bytes): 3 points write 2 (a primitive is written whole or not
 *     at all), generated 3, written 2; the last 2 floats keep their
 *     value.
 *  4. RASTERIZER_DISCARD: a triangle over the whole target (positions
 *     from the same VP: v = (-1,-1), (3,-1), (-1,3)) is captured (written
 *     1) but no pixel changes; without discard it covers pixel (8, 8).
 *  5. Pause / resume (ARB_transform_feedback2), {b} into X: v0, pause,
 *     v1 (not captured), resume, v2: X = b0, b2; then object A (X) paused
 *     after v0, object B (Y) records v1, v2, A resumed records v2:
 *     X = b0, b2 (A continues where it stopped), Y = b1, b2.
 *  6. glDrawTransformFeedback: {a} of v0, v1 recorded by object C; drawn
 *     again as points from C's buffer (pos = a.xyz) while recording {b}
 *     into W: 2 vertices, pos (2, 4, 3) and (4, 8, 3) give
 *     b = (8, 10), (32, 10); PRIMITIVES_GENERATED of that draw 2.
 *  8. A quad (v0, v1, v2, v3 = (2, 2, 0): b = (4, 10)) recorded as
 *     TRIANGLES is two triangles (GL 3.0 table 2.9; their vertex order is
 *     the implementation's), then a triangle v0 v1 v2 follows them:
 *     vertices 6..8 hold b0, b1, b2; written 3.
 * 11. Primitive restart (GL 3.1 2.8): a strip of indices 0 1 2 R 2 1 0
 *     (R = 255) is the triangles v0 v1 v2 and v2 v1 v0 (each strip's
 *     first triangle keeps its order), and a glFlush later a triangle
 *     v0 v1 v2 follows them: floats 0..17 hold b0 b1 b2 b2 b1 b0 b0 b1 b2,
 *     18 and 19 keep their value; written 3.
 *  7. The limits GL 3.0 requires at least (table 6.48): 4 separate
 *     attribs, 4 separate components, 64 interleaved components.
 * With the argument "gs" (GL 3.2 / GLSL 1.50 overrides, as nv50_gl_gs):
 *  9. A GP's primitives are what is captured (GL 3.2 2.15): a point in,
 *     a triangle strip of 4 vertices out (g = 10 x + i for vertex i):
 *     two triangles a point.  Two points (x = 1, 3) into a range of 6
 *     floats (room for 2 triangles of one float) of a 10-float buffer:
 *     written 2, generated 4, the first triangle 10, 11, 12 (a strip's
 *     first triangle keeps its order), the 4 floats past the range kept.
 * 10. A GP that emits fewer vertices than its max_vertices (4; one
 *     triangle, g = 10 x + i, a point), paused and resumed between two
 *     points x = 1 and x = 3: resuming appends where the first stopped
 *     (ARB_transform_feedback2), so floats 0..5 are 10, 11, 12, 30, 31,
 *     32 and the rest keep their value; written 2 in all.
 * Run on g80, gt215 and llvmpipe (tests/gl/run.sh).
 */
#include "nouveau_gl_util.h"

#include <math.h>
#include <string.h>

#define S 16

static PFNGLBEGINTRANSFORMFEEDBACKPROC begin_tf;
static PFNGLENDTRANSFORMFEEDBACKPROC end_tf;
static PFNGLTRANSFORMFEEDBACKVARYINGSPROC tf_varyings;
static PFNGLBINDBUFFERBASEPROC bind_base;
static PFNGLGENTRANSFORMFEEDBACKSPROC gen_tfo;
static PFNGLBINDTRANSFORMFEEDBACKPROC bind_tfo;
static PFNGLPAUSETRANSFORMFEEDBACKPROC pause_tf;
static PFNGLRESUMETRANSFORMFEEDBACKPROC resume_tf;
static PFNGLDRAWTRANSFORMFEEDBACKPROC draw_tf;

static GLuint vs, fs, vbo;

static const float verts[] = { 1, 2, 5,  3, 4, 6,  -1, 0.5f, 7 };
static const float big_tri[] = { -1, -1, 0,  3, -1, 0,  -1, 3, 0 };

static GLuint
program(int n, const char **names, GLenum mode)
{
   GLuint p = glCreateProgram();
   GLint ok = 0;
   glAttachShader(p, vs);
   glAttachShader(p, fs);
   glBindAttribLocation(p, 0, "pos");
   tf_varyings(p, n, names, mode);
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   check_true("program links", ok);
   return p;
}

/* a buffer of n floats, each -99 */
static GLuint
tf_buffer(unsigned n)
{
   float f[64];
   GLuint b;
   for (unsigned i = 0; i < n; i++)
      f[i] = -99;
   glGenBuffers(1, &b);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, n * 4, f, GL_STREAM_READ);
   return b;
}

static void
check_floats(const char *what, GLuint b, const float *want, unsigned n)
{
   float got[64];
   char line[96];
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
   glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, n * 4, got);
   for (unsigned i = 0; i < n; i++) {
      snprintf(line, sizeof(line), "%s [%u] = %g", what, i, want[i]);
      if (got[i] != want[i]) {
         printf("FAIL %s: got %g\n", line, got[i]);
         fails++;
      } else {
         printf("ok   %s\n", line);
      }
   }
}

static void
vertices(const float *v, unsigned n)
{
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, n * 12, v, GL_STREAM_DRAW);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 12, (void *)0);
   glEnableVertexAttribArray(0);
}

static GLuint
result(GLuint q)
{
   GLuint r = 0xdeadbeef;
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &r);
   return r;
}

static int gs_case(void);

/* p's capture of the three points of verts, counted by the queries q[0]
 * (primitives generated) and q[1] (written), into a buffer of n floats:
 * they are want (what), 3 primitives generated and written written
 * (what_q). */
static void
capture_points(GLuint p, const GLuint *q, const char *what,
               const char *what_q, const float *want, unsigned n,
               unsigned written)
{
   char name[96];
   GLuint b = tf_buffer(n);
   glUseProgram(p);
   vertices(verts, 3);
   bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
   glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
   begin_tf(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, 3);
   end_tf();
   glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   glEndQuery(GL_PRIMITIVES_GENERATED);
   check_floats(what, b, want, n);
   snprintf(name, sizeof(name), "%s: primitives generated", what_q);
   check_u(name, result(q[0]), 3);
   snprintf(name, sizeof(name), "%s: primitives written", what_q);
   check_u(name, result(q[1]), written);
}

int
main(int argc, char **argv)
{
   if (!nvgl_context())
      return 1;
   if (argc > 1 && !strcmp(argv[1], "gs"))
      return gs_case();

   begin_tf = (void *)eglGetProcAddress("glBeginTransformFeedbackEXT");
   end_tf = (void *)eglGetProcAddress("glEndTransformFeedbackEXT");
   tf_varyings = (void *)eglGetProcAddress("glTransformFeedbackVaryingsEXT");
   bind_base = (void *)eglGetProcAddress("glBindBufferBaseEXT");
   gen_tfo = (void *)eglGetProcAddress("glGenTransformFeedbacks");
   bind_tfo = (void *)eglGetProcAddress("glBindTransformFeedback");
   pause_tf = (void *)eglGetProcAddress("glPauseTransformFeedback");
   resume_tf = (void *)eglGetProcAddress("glResumeTransformFeedback");
   draw_tf = (void *)eglGetProcAddress("glDrawTransformFeedback");
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check_true("EXT_transform_feedback",
              ext && strstr(ext, "GL_EXT_transform_feedback "));
   check_true("ARB_transform_feedback2",
              ext && strstr(ext, "GL_ARB_transform_feedback2 "));
   if (fails || !begin_tf || !draw_tf)
      return nvgl_done();

   /* 7: limits */
   GLint lim;
   glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, &lim);
   check_true("MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS >= 4", lim >= 4);
   glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, &lim);
   check_true("MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS >= 4", lim >= 4);
   glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, &lim);
   check_true("MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS >= 64",
              lim >= 64);

   nvgl_fbo(GL_RGBA8, S, S);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);

   vs = nvgl_shader(GL_VERTEX_SHADER,
      "#version 120\n"
      "attribute vec3 pos;\n"
      "varying vec4 a;\n"
      "varying vec2 b;\n"
      "void main() {\n"
      "   gl_Position = vec4(pos.xy, 0.0, 1.0);\n"
      "   a = vec4(pos.x + 1.0, pos.y * 2.0, 3.0, pos.z);\n"
      "   b = vec2(pos.x * pos.y, 10.0);\n"
      "}\n");
   fs = nvgl_shader(GL_FRAGMENT_SHADER,
      "#version 120\n"
      "varying vec4 a;\n"
      "void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0) + 0.0 * a; }\n");
   const char *ab[] = { "a", "b" }, *bpos[] = { "b", "gl_Position" };
   const char *only_a[] = { "a" }, *only_b[] = { "b" };
   GLuint p_ab = program(2, ab, GL_INTERLEAVED_ATTRIBS);
   GLuint p_bpos = program(2, bpos, GL_SEPARATE_ATTRIBS);
   GLuint p_a = program(1, only_a, GL_INTERLEAVED_ATTRIBS);
   GLuint p_b = program(1, only_b, GL_INTERLEAVED_ATTRIBS);
   glGenBuffers(1, &vbo);

   GLuint q[4];
   glGenQueries(4, q);

   /* 1: interleaved points */
   {
      static const float want[] = { 2, 4, 3, 5, 2, 10,  4, 8, 3, 6, 12, 10,
                                    0, 1, 3, 7, -0.5f, 10 };
      capture_points(p_ab, q, "interleaved {a, b}", "interleaved", want, 18,
                     3);
   }

   /* 2: separate, one triangle */
   {
      static const float want_b[] = { 2, 10, 12, 10, -0.5f, 10 };
      static const float want_pos[] = { 1, 2, 0, 1,  3, 4, 0, 1,
                                        -1, 0.5f, 0, 1 };
      GLuint b0 = tf_buffer(6), b1 = tf_buffer(12);
      glUseProgram(p_bpos);
      vertices(verts, 3);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b0);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b1);
      glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
      begin_tf(GL_TRIANGLES);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      end_tf();
      glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
      check_floats("separate b", b0, want_b, 6);
      check_floats("separate gl_Position", b1, want_pos, 12);
      check_u("separate: primitives written", result(q[1]), 1);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 1, 0);
   }

   /* 3: overflow */
   {
      static const float want[] = { 2, 4, 3, 5, 2, 10,  4, 8, 3, 6, 12, 10,
                                    -99, -99 };
      capture_points(p_ab, q, "overflow", "overflow", want, 14, 2);
   }

   /* 4: rasterizer discard */
   {
      GLuint b = tf_buffer(18);
      glUseProgram(p_ab);
      vertices(big_tri, 3);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
      glEnable(GL_RASTERIZER_DISCARD);
      glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
      begin_tf(GL_TRIANGLES);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      end_tf();
      glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
      glDisable(GL_RASTERIZER_DISCARD);
      check_u("discard: primitives written", result(q[1]), 1);
      check("discard: nothing drawn", 8, 8, 0x0000ffff);
      static const float want[] = { 0, -2, 3, 0, 1, 10 };
      check_floats("discard: first vertex captured", b, want, 6);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      check("without discard: drawn", 8, 8, 0xff0000ff);
   }

   /* 5: pause / resume */
   {
      static const float want_x[] = { 2, 10, -0.5f, 10, -99, -99 };
      static const float want_y[] = { 12, 10, -0.5f, 10, -99, -99 };
      GLuint x = tf_buffer(6), y = tf_buffer(6);
      glUseProgram(p_b);
      vertices(verts, 3);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 0, x);
      begin_tf(GL_POINTS);
      glDrawArrays(GL_POINTS, 0, 1);
      pause_tf();
      glDrawArrays(GL_POINTS, 1, 1);
      resume_tf();
      glDrawArrays(GL_POINTS, 2, 1);
      end_tf();
      check_floats("pause: X", x, want_x, 6);

      GLuint o[2];
      x = tf_buffer(6);
      gen_tfo(2, o);
      bind_tfo(GL_TRANSFORM_FEEDBACK, o[0]);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 0, x);
      begin_tf(GL_POINTS);
      glDrawArrays(GL_POINTS, 0, 1);
      pause_tf();
      bind_tfo(GL_TRANSFORM_FEEDBACK, o[1]);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 0, y);
      begin_tf(GL_POINTS);
      glDrawArrays(GL_POINTS, 1, 2);
      end_tf();
      bind_tfo(GL_TRANSFORM_FEEDBACK, o[0]);
      resume_tf();
      glDrawArrays(GL_POINTS, 2, 1);
      end_tf();
      bind_tfo(GL_TRANSFORM_FEEDBACK, 0);
      check_floats("two objects: A's X", x, want_x, 6);
      check_floats("two objects: B's Y", y, want_y, 6);
   }

   /* 6: glDrawTransformFeedback */
   {
      static const float want_w[] = { 8, 10, 32, 10, -99, -99 };
      GLuint c_buf = tf_buffer(16), w = tf_buffer(6), o;
      gen_tfo(1, &o);
      bind_tfo(GL_TRANSFORM_FEEDBACK, o);
      glUseProgram(p_a);
      vertices(verts, 3);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 0, c_buf);
      begin_tf(GL_POINTS);
      glDrawArrays(GL_POINTS, 0, 2);
      end_tf();
      bind_tfo(GL_TRANSFORM_FEEDBACK, 0);

      glUseProgram(p_b);
      glBindBuffer(GL_ARRAY_BUFFER, c_buf);
      glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 16, (void *)0);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 0, w);
      glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
      begin_tf(GL_POINTS);
      draw_tf(GL_POINTS, o);
      end_tf();
      glEndQuery(GL_PRIMITIVES_GENERATED);
      check_u("DrawTransformFeedback: points drawn", result(q[0]), 2);
      check_floats("DrawTransformFeedback: {b} of the drawn vertices", w,
                   want_w, 6);
   }

   /* 8: a quad, then a triangle after its two */
   {
      static const float quad[] = { 1, 2, 5,  3, 4, 6,  -1, 0.5f, 7,
                                    2, 2, 0 };
      static const float want[] = { 2, 10, 12, 10, -0.5f, 10, -99, -99 };
      GLuint b = tf_buffer(20);
      float got[20];
      glUseProgram(p_b);
      vertices(quad, 4);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
      glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
      begin_tf(GL_TRIANGLES);
      glDrawArrays(GL_QUADS, 0, 4);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      end_tf();
      glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
      check_u("quad + triangle: primitives written", result(q[1]), 3);
      glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
      glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(got), got);
      for (unsigned i = 0; i < 8; i++) {
         if (got[12 + i] != want[i]) {
            printf("FAIL quad + triangle: float %u got %g want %g\n",
                   12 + i, got[12 + i], want[i]);
            fails++;
         } else {
            printf("ok   quad + triangle: float %u = %g\n", 12 + i, want[i]);
         }
      }
   }

   /* 11: a strip cut by primitive restart, a flush, then a triangle */
   {
      static const GLubyte idx[] = { 0, 1, 2, 0xff, 2, 1, 0 };
      static const float want[] = { 2, 10, 12, 10, -0.5f, 10,
                                    -0.5f, 10, 12, 10, 2, 10,
                                    2, 10, 12, 10, -0.5f, 10,
                                    -99, -99 };
      PFNGLPRIMITIVERESTARTINDEXPROC restart_index =
         (void *)eglGetProcAddress("glPrimitiveRestartIndex");
      GLuint b = tf_buffer(20), ib;
      glUseProgram(p_b);
      vertices(verts, 3);
      glGenBuffers(1, &ib);
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
      glEnable(GL_PRIMITIVE_RESTART);
      restart_index(0xff);
      bind_base(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
      glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
      begin_tf(GL_TRIANGLES);
      glDrawElements(GL_TRIANGLE_STRIP, 7, GL_UNSIGNED_BYTE, (void *)0);
      glFlush();
      glDrawArrays(GL_TRIANGLES, 0, 3);
      end_tf();
      glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
      glDisable(GL_PRIMITIVE_RESTART);
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
      check_u("restart + flush: primitives written", result(q[1]), 3);
      check_floats("restart + flush: {b} of the three triangles", b, want, 20);
   }

   return nvgl_done();
}

/* 9: a GP's primitives, limited by the range */
static int
gs_case(void)
{
   static const char *gvs =
      "#version 150\n"
      "in vec3 pos;\n"
      "void main() { gl_Position = vec4(pos.xy, 0.0, 1.0); }\n";
   static const char *ggs =
      "#version 150\n"
      "layout(points) in;\n"
      "layout(triangle_strip, max_vertices = 4) out;\n"
      "out float g;\n"
      "void main() {\n"
      "   for (int i = 0; i < 4; i++) {\n"
      "      g = gl_in[0].gl_Position.x * 10.0 + float(i);\n"
      "      gl_Position = gl_in[0].gl_Position;\n"
      "      EmitVertex();\n"
      "   }\n"
      "}\n";
   static const char *gfs =
      "#version 150\n"
      "out vec4 c;\n"
      "void main() { c = vec4(1.0); }\n";
   static const float pts[] = { 1, 2, 0,  3, 4, 0 };
   const char *names[] = { "g" };
   float got[10];
   GLuint p = glCreateProgram(), q[2], b;
   GLint ok = 0;

   GLuint fbo, rb;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, S, S);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   tf_varyings = (void *)eglGetProcAddress("glTransformFeedbackVaryings");
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, gvs));
   glAttachShader(p, nvgl_shader(GL_GEOMETRY_SHADER, ggs));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, gfs));
   glBindAttribLocation(p, 0, "pos");
   tf_varyings(p, 1, names, GL_INTERLEAVED_ATTRIBS);
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   check_true("program with a GP links", ok);
   glUseProgram(p);
   glGenBuffers(1, &vbo);
   vertices(pts, 2);
   b = tf_buffer(10);
   glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, 24);
   glGenQueries(2, q);
   glEnable(GL_RASTERIZER_DISCARD);
   glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
   glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
   glBeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_POINTS, 0, 2);
   glEndTransformFeedback();
   glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   glEndQuery(GL_PRIMITIVES_GENERATED);
   glDisable(GL_RASTERIZER_DISCARD);
   check_u("GP: primitives generated", result(q[0]), 4);
   check_u("GP: primitives written", result(q[1]), 2);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
   glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(got), got);
   static const float want[] = { 10, 11, 12 };
   for (unsigned i = 0; i < 3; i++)
      check_true(i == 0 ? "GP: first triangle 10" :
                 i == 1 ? "GP: first triangle 11" : "GP: first triangle 12",
                 got[i] == want[i]);
   for (unsigned i = 6; i < 10; i++)
      check_true("GP: past the range kept", got[i] == -99);

   /* 10: a GP's count below its bound, across pause / resume */
   static const char *tgs =
      "#version 150\n"
      "layout(points) in;\n"
      "layout(triangle_strip, max_vertices = 4) out;\n"
      "out float g;\n"
      "void main() {\n"
      "   for (int i = 0; i < 3; i++) {\n"
      "      g = gl_in[0].gl_Position.x * 10.0 + float(i);\n"
      "      gl_Position = gl_in[0].gl_Position;\n"
      "      EmitVertex();\n"
      "   }\n"
      "}\n";
   GLuint p2 = glCreateProgram();
   glAttachShader(p2, nvgl_shader(GL_VERTEX_SHADER, gvs));
   glAttachShader(p2, nvgl_shader(GL_GEOMETRY_SHADER, tgs));
   glAttachShader(p2, nvgl_shader(GL_FRAGMENT_SHADER, gfs));
   glBindAttribLocation(p2, 0, "pos");
   tf_varyings(p2, 1, names, GL_INTERLEAVED_ATTRIBS);
   glLinkProgram(p2);
   glGetProgramiv(p2, GL_LINK_STATUS, &ok);
   check_true("GP of one triangle links", ok);
   glUseProgram(p2);
   pause_tf = (void *)eglGetProcAddress("glPauseTransformFeedback");
   resume_tf = (void *)eglGetProcAddress("glResumeTransformFeedback");
   b = tf_buffer(10);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   glEnable(GL_RASTERIZER_DISCARD);
   glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
   glBeginTransformFeedback(GL_TRIANGLES);
   glDrawArrays(GL_POINTS, 0, 1);
   pause_tf();
   resume_tf();
   glDrawArrays(GL_POINTS, 1, 1);
   glEndTransformFeedback();
   glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   glDisable(GL_RASTERIZER_DISCARD);
   check_u("GP below its bound: primitives written", result(q[1]), 2);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
   glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(got), got);
   static const float want2[] = { 10, 11, 12, 30, 31, 32, -99, -99, -99, -99 };
   for (unsigned i = 0; i < 10; i++) {
      if (got[i] != want2[i]) {
         printf("FAIL GP below its bound, resumed: float %u got %g want %g\n",
                i, got[i], want2[i]);
         fails++;
      } else {
         printf("ok   GP below its bound, resumed: float %u = %g\n", i, got[i]);
      }
   }
   return nvgl_done();
}
