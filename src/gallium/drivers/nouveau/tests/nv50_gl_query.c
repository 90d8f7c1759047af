/*
 * Queries and conditional rendering on the Tesla driver (issue 11):
 * EGL surfaceless, an FBO of 64x64 RGBA8 + DEPTH24_STENCIL8, rectangles
 * drawn as two triangles by a GLSL 1.20 program with a uniform colour.
 *
 * Expected values by hand: a rectangle from window (x0, y0) to (x1, y1)
 * with integer corners covers the pixels whose centres (x + 0.5, y + 0.5)
 * are inside (GL 2.1 3.5.1), (x1 - x0) * (y1 - y0) of them, and each
 * passing the depth test is one sample passed (GL 2.1 4.1.7, single
 * sampled).
 *  1. SAMPLES_PASSED over a 20x24 rectangle: 480.
 *     Passing draws are at clip z -1 (window depth 0, depth range [0, 1]).
 *  2. The same rectangle at z 0.5 (window depth 0.75) against a depth
 *     buffer cleared to 0.25 with LESS: every fragment fails, 0, and the
 *     pixels keep the clear colour; ANY_SAMPLES_PASSED of it is FALSE.
 *  3. Queries of different kinds overlapping (GL allows one occlusion
 *     query at a time): inside a TIME_ELAPSED, SAMPLES_PASSED of a 16x8
 *     (128), ANY_SAMPLES_PASSED of the failing draw (FALSE) and of a 4x4
 *     (TRUE); then SAMPLES_PASSED of 5x3 + a failing 64x64 + 2x2 (19)
 *     that ends inside a TIME_ELAPSED begun after it; times above 0.
 *  4. Times (ARB_timer_query): glQueryCounter before and after work and a
 *     glGetInteger64v(GL_TIMESTAMP) between them after glFinish: the three
 *     increase (one clock for both, ARB_timer_query); TIME_ELAPSED of the
 *     work in between is above 0 and at most the counters' difference.
 *  5. 70 queries at once (more than one slab's chunks in the driver):
 *     query i over a rectangle i % 60 + 1 pixels wide and 1 high; each
 *     result i % 60 + 1, read after all are ended; then polled without
 *     waiting (QUERY_RESULT_AVAILABLE, glFlush between polls) until
 *     available, which it must become (within 10 s here).
 *  6. Conditional rendering (NV_conditional_render, WAIT; on Tesla the
 *     GPU decides, COND_MODE): a draw and a
 *     clear under the 0-sample query of 2 leave the pixels alone, under
 *     the 480-sample query of 1 they happen; NO_WAIT under the 480 one
 *     draws (a result, once known, is used; before it is, drawing is
 *     allowed); ARB_conditional_render_inverted's WAIT_INVERTED turns
 *     both around.
 * Run on g80, gt215 and llvmpipe (tests/gl/run.sh).  By hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv50_gl_query nv50_gl_query.c -L$L -lEGL -lGL -lm -Wl,-rpath,$L
 *   scripts/nvrun --chip g80 -- /tmp/nv50_gl_query      (prints PASSED)
 */
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "nouveau_gl_util.h"

#define S 64

#ifndef GL_QUERY_WAIT_INVERTED
#define GL_QUERY_WAIT_INVERTED 0x8E17
#endif

static GLuint prog, vbo;
static GLint colour_loc;
static PFNGLBEGINCONDITIONALRENDERNVPROC begin_cond;
static PFNGLENDCONDITIONALRENDERNVPROC end_cond;
static PFNGLQUERYCOUNTERPROC query_counter;
static PFNGLGETQUERYOBJECTUI64VPROC query_u64;

static void
setup_program(void)
{
   static const char *vs =
      "#version 120\n"
      "attribute vec3 pos;\n"
      "void main() { gl_Position = vec4(pos, 1.0); }\n";
   static const char *fs =
      "#version 120\n"
      "uniform vec4 colour;\n"
      "void main() { gl_FragColor = colour; }\n";
   prog = nvgl_program(vs, fs, "pos", NULL);
   glUseProgram(prog);
   colour_loc = glGetUniformLocation(prog, "colour");
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glEnableVertexAttribArray(0);
}

/* window (x0, y0)-(x1, y1) at clip z, colour 0xRRGGBBAA */
static void
rect(int x0, int y0, int x1, int y1, float z, unsigned colour)
{
   float a = x0 * 2.0f / S - 1, b = y0 * 2.0f / S - 1;
   float c = x1 * 2.0f / S - 1, d = y1 * 2.0f / S - 1;
   const float v[] = { a, b, z,  c, b, z,  c, d, z,
                       a, b, z,  c, d, z,  a, d, z };
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 12, (void *)0);
   glUniform4f(colour_loc, (colour >> 24) / 255.0f,
               ((colour >> 16) & 0xff) / 255.0f,
               ((colour >> 8) & 0xff) / 255.0f, (colour & 0xff) / 255.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

static GLuint
result(GLuint q)
{
   GLuint r = 0xdeadbeef;
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &r);
   return r;
}

static uint64_t
result64(GLuint q)
{
   GLuint64 r = 0;
   query_u64(q, GL_QUERY_RESULT, &r);
   return r;
}

/* the depth test of 2: window depth 0.75 against 0.25 */
static void
failing_rect(int x0, int y0, int x1, int y1)
{
   rect(x0, y0, x1, y1, 0.5f, 0xff00ffff);
}

static void
clear_all(void)
{
   glClearColor(0, 0, 0, 0);
   glClearDepth(0.25);
   /* the depth mask gates depth clears too (GL 2.1 4.2.3) */
   glDepthMask(GL_TRUE);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDepthMask(GL_FALSE);   /* every draw tests against the clear depth */
}

int
main(int argc, char **argv)
{
   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));
   bool oq2 = nvgl_has_ext("GL_ARB_occlusion_query2");
   bool timer = nvgl_has_ext("GL_ARB_timer_query");
   bool cond = nvgl_has_ext("GL_NV_conditional_render");
   bool inverted = nvgl_has_ext("GL_ARB_conditional_render_inverted");
   /* the test is for a driver that has them all: missing is a failure */
   check_true("GL_ARB_occlusion_query2", oq2);
   check_true("GL_ARB_timer_query", timer);
   check_true("GL_NV_conditional_render", cond);
   check_true("GL_ARB_conditional_render_inverted", inverted);
   if (!oq2 || !timer || !cond || !inverted)
      return nvgl_done();
   begin_cond = (void *)eglGetProcAddress("glBeginConditionalRenderNV");
   end_cond = (void *)eglGetProcAddress("glEndConditionalRenderNV");
   query_counter = (void *)eglGetProcAddress("glQueryCounter");
   query_u64 = (void *)eglGetProcAddress("glGetQueryObjectui64v");

   if (!nvgl_fbo_zs(GL_RGBA8, GL_DEPTH_ATTACHMENT, GL_DEPTH24_STENCIL8, S, S))
      return 1;
   setup_program();
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   clear_all();

   GLint bits = 0;
   glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
   check_true("SAMPLES_PASSED has counter bits", bits > 0);

   /* 1: 20x24 passing: clip z -1 is window depth 0, LESS than 0.25 */
   GLuint q[8];
   glGenQueries(8, q);
   glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   rect(40, 36, 60, 60, -1.0f, 0x4080bfff);
   glEndQuery(GL_SAMPLES_PASSED);
   check_u("samples passed, 20x24 rectangle", result(q[0]), 480);
   check("rectangle drawn", 40, 36, 0x4080bfff);

   /* 2: the same rectangle failing the depth test */
   clear_all();
   glBeginQuery(GL_SAMPLES_PASSED, q[1]);
   failing_rect(40, 36, 60, 60);
   glEndQuery(GL_SAMPLES_PASSED);
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q[2]);
   failing_rect(40, 36, 60, 60);
   glEndQuery(GL_ANY_SAMPLES_PASSED);
   check_u("samples passed, depth test fails", result(q[1]), 0);
   check_u("any samples passed, depth test fails", result(q[2]), GL_FALSE);
   check("failing rectangle not drawn", 50, 47, 0);

   /* 3: queries of different kinds overlapping: TIME_ELAPSED around
    * occlusion queries one after the other (GL allows one occlusion
    * query at a time), and an occlusion query that ends while a second
    * TIME_ELAPSED it began is still running */
   clear_all();
   glBeginQuery(GL_TIME_ELAPSED, q[3]);
   glBeginQuery(GL_SAMPLES_PASSED, q[4]);
   rect(0, 0, 16, 8, -1.0f, 0xff0000ff);
   glEndQuery(GL_SAMPLES_PASSED);
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q[5]);
   failing_rect(40, 36, 60, 60);
   glEndQuery(GL_ANY_SAMPLES_PASSED);
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q[6]);
   rect(20, 20, 24, 24, -1.0f, 0x00ff00ff);
   glEndQuery(GL_ANY_SAMPLES_PASSED);
   glEndQuery(GL_TIME_ELAPSED);
   glBeginQuery(GL_SAMPLES_PASSED, q[7]);
   rect(0, 10, 5, 13, -1.0f, 0xff0000ff);
   GLuint te;
   glGenQueries(1, &te);
   glBeginQuery(GL_TIME_ELAPSED, te);
   failing_rect(0, 0, 64, 64);
   rect(10, 10, 12, 12, -1.0f, 0xff0000ff);
   glEndQuery(GL_SAMPLES_PASSED);
   rect(30, 30, 40, 40, -1.0f, 0xff0000ff);
   glEndQuery(GL_TIME_ELAPSED);
   check_u("samples passed, 16x8 under TIME_ELAPSED", result(q[4]), 128);
   check_u("any samples passed, failing draw", result(q[5]), GL_FALSE);
   check_u("any samples passed, 4x4", result(q[6]), GL_TRUE);
   check_true("time elapsed around them is above 0", result64(q[3]) > 0);
   check_u("samples passed, 5x3 + failing + 2x2 (ends inside TIME_ELAPSED)",
           result(q[7]), 19);
   check_true("time elapsed begun inside it is above 0", result64(te) > 0);
   glDeleteQueries(1, &te);

   /* 4: times */
   GLuint t[3];
   glGenQueries(3, t);
   query_counter(t[0], GL_TIMESTAMP);
   rect(0, 0, 64, 64, -1.0f, 0x102030ff);
   glFinish();
   GLint64 now = 0;
   glGetInteger64v(GL_TIMESTAMP, &now);
   glBeginQuery(GL_TIME_ELAPSED, t[2]);
   rect(0, 0, 64, 64, -1.0f, 0x203040ff);
   glEndQuery(GL_TIME_ELAPSED);
   query_counter(t[1], GL_TIMESTAMP);
   uint64_t t0 = result64(t[0]), t1 = result64(t[1]), el = result64(t[2]);
   printf("     timestamps %llu, GL_TIMESTAMP %lld, %llu; elapsed %llu\n",
          (unsigned long long)t0, (long long)now, (unsigned long long)t1,
          (unsigned long long)el);
   check_true("timestamp before work <= GL_TIMESTAMP after glFinish",
              t0 <= (uint64_t)now);
   check_true("GL_TIMESTAMP <= timestamp after more work", (uint64_t)now <= t1);
   check_true("timestamps increase", t0 < t1);
   check_true("time elapsed > 0", el > 0);
   check_true("time elapsed <= the timestamps' difference", el <= t1 - t0);

   /* 5: many queries at once, then polled */
   clear_all();
   enum { N = 70 };
   GLuint many[N];
   glGenQueries(N, many);
   for (int i = 0; i < N; i++) {
      glBeginQuery(GL_SAMPLES_PASSED, many[i]);
      rect(0, i % 32, i % 60 + 1, i % 32 + 1, -1.0f, 0xffffffff);
      glEndQuery(GL_SAMPLES_PASSED);
   }
   int wrong = 0;
   for (int i = 0; i < N; i++) {
      GLuint r = result(many[i]);
      if (r != (GLuint)(i % 60 + 1)) {
         if (!wrong)
            printf("FAIL query %d of %d: got %u want %d\n", i, N, r,
                   i % 60 + 1);
         wrong++;
      }
   }
   check_u("queries of 70 with a wrong result", wrong, 0);
   glBeginQuery(GL_SAMPLES_PASSED, many[0]);
   rect(0, 0, 7, 3, -1.0f, 0xffffffff);
   glEndQuery(GL_SAMPLES_PASSED);
   /* polled for up to 10 s (llvmpipe's threads may be slow on a busy
    * machine) */
   GLuint avail = GL_FALSE;
   struct timespec t_start, t_now;
   clock_gettime(CLOCK_MONOTONIC, &t_start);
   do {
      glGetQueryObjectuiv(many[0], GL_QUERY_RESULT_AVAILABLE, &avail);
      if (!avail) {
         glFlush();
         usleep(100);
      }
      clock_gettime(CLOCK_MONOTONIC, &t_now);
   } while (!avail && t_now.tv_sec - t_start.tv_sec < 10);
   check_u("polled query becomes available", avail, GL_TRUE);
   check_u("polled query's result, 7x3", result(many[0]), 21);
   glDeleteQueries(N, many);

   /* 6: conditional rendering; q[1] passed 0 samples, q[0] 480 */
   clear_all();
   begin_cond(q[1], GL_QUERY_WAIT_NV);
   rect(0, 0, 8, 8, -1.0f, 0xff0000ff);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   end_cond();
   check("draw under a 0-sample query (WAIT) skipped", 4, 4, 0);
   check("clear under a 0-sample query (WAIT) skipped", 40, 40, 0);
   begin_cond(q[0], GL_QUERY_WAIT_NV);
   rect(0, 0, 8, 8, -1.0f, 0xff0000ff);
   end_cond();
   check("draw under a 480-sample query (WAIT) done", 4, 4, 0xff0000ff);
   begin_cond(q[0], GL_QUERY_NO_WAIT_NV);
   rect(8, 0, 16, 8, -1.0f, 0x00ff00ff);
   end_cond();
   check("draw under a 480-sample query (NO_WAIT) done", 12, 4, 0x00ff00ff);
   begin_cond(q[0], GL_QUERY_WAIT_INVERTED);
   rect(16, 0, 24, 8, -1.0f, 0x0000ffff);
   end_cond();
   check("draw under a 480-sample query (WAIT_INVERTED) skipped", 20, 4, 0);
   begin_cond(q[1], GL_QUERY_WAIT_INVERTED);
   rect(24, 0, 32, 8, -1.0f, 0xffff00ff);
   end_cond();
   check("draw under a 0-sample query (WAIT_INVERTED) done", 28, 4,
         0xffff00ff);
   begin_cond(q[0], GL_QUERY_WAIT_NV);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   end_cond();
   check("clear under a 480-sample query (WAIT) done", 40, 40, 0x0000ffff);

   glDeleteQueries(8, q);
   glDeleteQueries(3, t);
   return nvgl_done();
}
