/*
 * GL tests of driver defects that games hit (issue 7): each part renders
 * into a 64x64 RGBA8 + Z24S8 FBO and checks what a user would read back.
 * Expected values are worked out by hand from the geometry (pixel centres
 * at +0.5, GL's bottom-left origin).
 *
 *  midflush  one glDrawElements so long (150000 32-bit indices pushed
 *            inline, more words than a 512 KiB pushbuffer holds) that the
 *            driver submits in the middle of it; the part after the
 *            submission draws a green quad from a VBO.  The VBO is then
 *            rewritten (blue) at once: the quad must still be green, since
 *            GL executes commands in the order it receives them (GL 2.1
 *            section 2.1, "OpenGL Fundamentals");
 *            the same with a white texture on the quad, rewritten black.
 *  gart      the same drawing into a 1024x1024 target; run with
 *            NVSIM_VRAM_MB=2 so that it cannot fit in VRAM and lives in GART.
 *  vrampressure  four 3.5 MiB textures drawn in one go; run with
 *            NVSIM_VRAM_MB=16, where they fit in VRAM but not in one
 *            submission.
 *  query     an occlusion query used twice (2048, then 256 samples) must
 *            give the second count; 40 queries alive at once each give
 *            their own count.
 *  timer     ARB_timer_query: a GL_TIME_ELAPSED query inside an occlusion
 *            query leaves its count alone (2048 + 256 samples); its time
 *            is more than 0 and no more than the CPU's time around it
 *            (glFinish); glQueryCounter timestamps t0 < t1 lie between
 *            GL_TIMESTAMP read before the first and after glFinish; a
 *            reused GL_TIME_ELAPSED query gives its latest time (a 20 ms
 *            sleep between its begin and end, the second time); 200
 *            timestamps alive at once (more than the report slots) rise.
 *  condrender  NV_conditional_render: a draw under a query that counted
 *            no sample is skipped, one under a query of 64 samples done.
 *  vbo       a VBO drawn, rewritten with glBufferSubData, drawn again: the
 *            second draw shows the new data; three glBegin/glEnd triangles
 *            of different colours, each read back, show their own colour
 *            (the vertex cache is invalidated when memory may have
 *            changed).
 *  edgeflags glPolygonMode LINE/POINT with per-vertex edge flags (GL 2.1
 *            sections 2.6.2, 3.5.4), under glOrtho(0, 64, 0, 64) so that
 *            vertices are window positions.  The quad (8.5,8.5)
 *            (40.5,8.5) (40.5,40.5) (8.5,40.5), flags T F T T from a VBO:
 *            its sides are the rows 8 and 40 and the columns 8 and 40, the
 *            one begun by vertex 1 (column 40) hidden, and its diagonal
 *            (through (24,24)) never drawn; probed at the middles
 *            (24,8) (40,24) (24,40) (8,24).  The same in POINT mode: the
 *            vertex pixels (8,8) (24..) except vertex 1's (40,8).  The
 *            triangle (8.5,8.5) (40.5,8.5) (8.5,40.5) by glDrawElements
 *            from user memory, flags T F T: its hypotenuse (through
 *            (24,24)) hidden, the others drawn.  Then the quad without
 *            the flag array: all four sides.
 * Not built by meson (it links the installed libEGL/libGL):
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv40_gl_defects nv40_gl_defects.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   scripts/nvrun --chip nv40 -- /tmp/nv40_gl_defects [part...]  (PASSED)
 *   NVSIM_VRAM_MB=2 scripts/nvrun --chip nv40 -- /tmp/nv40_gl_defects gart
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nouveau_gl_util.h"

static GLuint
make_fbo(int w, int h)
{
   GLuint fb, rb[2];
   glGenFramebuffers(1, &fb);
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, w, h);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb[0]);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, rb[1]);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL fbo %dx%d incomplete\n", w, h);
      fails++;
   }
   glViewport(0, 0, w, h);
   return fb;
}

/* A VBO of 4 vertices: position (x, y) then RGBA colour bytes, 12 bytes
 * each; the quad x, y in [-1, 0] (the lower-left quarter). */
struct vtx { float x, y; unsigned char c[4]; };

static GLuint
make_quad_vbo(const unsigned char c[4])
{
   struct vtx v[4] = {
      { -1, -1, { 0 } }, { 0, -1, { 0 } }, { 0, 0, { 0 } }, { -1, 0, { 0 } },
   };
   GLuint vbo;
   for (int i = 0; i < 4; i++)
      memcpy(v[i].c, c, 4);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);
   glVertexPointer(2, GL_FLOAT, sizeof(struct vtx), (void *)0);
   glColorPointer(4, GL_UNSIGNED_BYTE, sizeof(struct vtx), (void *)8);
   return vbo;
}

/* Rewrites the colours of vertices 0..3 with c, one vertex at a time
 * (sub-ranges, so that the driver cannot replace the storage). */
static void
recolour(GLuint vbo, const unsigned char c[4])
{
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   for (int i = 0; i < 4; i++)
      glBufferSubData(GL_ARRAY_BUFFER, i * sizeof(struct vtx) + 8, 4, c);
}

static const unsigned char green[4] = { 0, 255, 0, 255 };
static const unsigned char blue[4] = { 0, 0, 255, 255 };

/* Degenerate triangles (index 0 three times) then the quad's two
 * triangles; w x h target, quad = lower-left quarter. */
static void
long_draw(int w, int h, const char *what, bool textured)
{
   const unsigned n = 150000 * 3;
   GLuint *idx = malloc((n + 6) * sizeof(*idx));
   static const GLuint quad[6] = { 0, 1, 2, 0, 2, 3 };
   unsigned char white[4 * 4 * 4], black[4 * 4 * 4];
   GLuint tex = 0;
   char name[64];

   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   GLuint vbo = make_quad_vbo(green);
   if (textured) {
      /* white texels modulate the green vertices: green */
      memset(white, 255, sizeof(white));
      memset(black, 0, sizeof(black));
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, white);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glEnable(GL_TEXTURE_2D);
   }
   memset(idx, 0, n * sizeof(*idx));
   memcpy(idx + n, quad, sizeof(quad));
   glDrawElements(GL_TRIANGLES, n + 6, GL_UNSIGNED_INT, idx);
   /* the write comes after the draw: the draw must not see it */
   if (textured) {
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA,
                      GL_UNSIGNED_BYTE, black);
      glDisable(GL_TEXTURE_2D);
   } else {
      recolour(vbo, blue);
   }
   snprintf(name, sizeof(name), "%s quad drawn before the write", what);
   check(name, w / 4, h / 4, 0x00ff00ff);
   snprintf(name, sizeof(name), "%s outside the quad", what);
   check(name, 3 * w / 4, 3 * h / 4, 0x000000ff);
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_COLOR_ARRAY);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glDeleteBuffers(1, &vbo);
   if (tex)
      glDeleteTextures(1, &tex);
   free(idx);
}

static void
test_midflush(void)
{
   make_fbo(64, 64);
   long_draw(64, 64, "midflush", false);
   long_draw(64, 64, "midflush textured", true);
}

static void
test_gart(void)
{
   /* 4 MiB of colour and 4 MiB of depth: more than NVSIM_VRAM_MB=2 */
   make_fbo(1024, 1024);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   check("gart clear red", 700, 700, 0xff0000ff);
   /* the lower-left half triangle, depth tested against the cleared 1.0 */
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glBegin(GL_TRIANGLES);
   glColor3f(0, 1, 0);
   glVertex2f(-1, -1); glVertex2f(1, -1); glVertex2f(-1, 1);
   glEnd();
   glDisable(GL_DEPTH_TEST);
   check("gart triangle inside", 100, 100, 0x00ff00ff);
   check("gart triangle outside", 900, 900, 0xff0000ff);
   long_draw(1024, 1024, "gart", false);
}

/* A w x h pixel rectangle at the lower-left corner of a 64x64 target. */
static void
rect(int w, int h)
{
   float x1 = -1 + w / 32.0f, y1 = -1 + h / 32.0f;
   glBegin(GL_QUADS);
   glVertex2f(-1, -1); glVertex2f(x1, -1); glVertex2f(x1, y1); glVertex2f(-1, y1);
   glEnd();
}

static void
test_query(void)
{
   GLuint q, qs[40], n;

   make_fbo(64, 64);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glColor3f(1, 1, 1);
   glGenQueries(1, &q);
   /* first use: 32x64 = 2048 samples; second: 16x16 = 256, after work
    * that passes no sample (full-target quads behind the cleared depth
    * 0) so that the GPU takes a while between the two reports */
   glBeginQuery(GL_SAMPLES_PASSED, q);
   rect(32, 64);
   glEndQuery(GL_SAMPLES_PASSED);
   glBeginQuery(GL_SAMPLES_PASSED, q);
   glEnable(GL_DEPTH_TEST);
   glClearDepth(0.0);
   glClear(GL_DEPTH_BUFFER_BIT);
   for (int i = 0; i < 100; i++)
      rect(64, 64);
   glDisable(GL_DEPTH_TEST);
   glClearDepth(1.0);
   rect(16, 16);
   glEndQuery(GL_SAMPLES_PASSED);
   n = 12345;
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
   check_u("reused query: its latest count", n, 256);
   /* and once more, read at once: 8x8 = 64 */
   glBeginQuery(GL_SAMPLES_PASSED, q);
   rect(8, 8);
   glEndQuery(GL_SAMPLES_PASSED);
   n = 12345;
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
   check_u("query used a third time", n, 64);

   /* 40 queries alive: query i covers an (i+1) x 1 rectangle */
   glGenQueries(40, qs);
   for (int i = 0; i < 40; i++) {
      glBeginQuery(GL_SAMPLES_PASSED, qs[i]);
      rect(i + 1, 1);
      glEndQuery(GL_SAMPLES_PASSED);
   }
   check_u("GL error after 40 queries", glGetError(), GL_NO_ERROR);
   unsigned bad = 0;
   for (int i = 0; i < 40; i++) {
      n = 12345;
      glGetQueryObjectuiv(qs[i], GL_QUERY_RESULT, &n);
      if (n != (unsigned)i + 1) {
         printf("     query %d: %u samples, want %d\n", i, n, i + 1);
         bad++;
      }
   }
   check_u("queries of 40 with a wrong count", bad, 0);
   glDeleteQueries(40, qs);
   glDeleteQueries(1, &q);
}

static uint64_t
cpu_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void
test_timer(void)
{
   GLuint occ, te, ts[200], n;
   GLuint64 elapsed, t0, t1, t;
   GLint64 before, after;
   /* GL 3.3 entry points: libGL exports only GL 1.x statically */
   PFNGLQUERYCOUNTERPROC query_counter =
      (void *)eglGetProcAddress("glQueryCounter");
   PFNGLGETQUERYOBJECTUI64VPROC get_u64 =
      (void *)eglGetProcAddress("glGetQueryObjectui64v");

   if (!strstr((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_timer_query") ||
       !query_counter || !get_u64) {
      printf("FAIL no ARB_timer_query\n");
      fails++;
      return;
   }
   make_fbo(64, 64);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glColor3f(1, 1, 1);
   glGenQueries(1, &occ);
   glGenQueries(1, &te);
   glFinish();
   uint64_t c0 = cpu_ns();
   glBeginQuery(GL_SAMPLES_PASSED, occ);
   rect(32, 64);
   glBeginQuery(GL_TIME_ELAPSED, te);
   rect(16, 16);
   glEndQuery(GL_TIME_ELAPSED);
   glEndQuery(GL_SAMPLES_PASSED);
   glFinish();
   uint64_t c1 = cpu_ns();
   n = 12345;
   glGetQueryObjectuiv(occ, GL_QUERY_RESULT, &n);
   check_u("samples around a time query", n, 2048 + 256);
   elapsed = 0;
   get_u64(te, GL_QUERY_RESULT, &elapsed);
   printf("     elapsed %llu ns, CPU %llu ns\n", (unsigned long long)elapsed,
          (unsigned long long)(c1 - c0));
   check_true("time elapsed in (0, CPU time]", elapsed > 0 && elapsed <= c1 - c0);

   /* reused: 20 ms between begin and end, the commands sent at once */
   glBeginQuery(GL_TIME_ELAPSED, te);
   glFlush();
   struct timespec pause = { 0, 20000000 };
   nanosleep(&pause, NULL);
   rect(8, 8);
   glEndQuery(GL_TIME_ELAPSED);
   elapsed = 0;
   get_u64(te, GL_QUERY_RESULT, &elapsed);
   printf("     elapsed %llu ns\n", (unsigned long long)elapsed);
   check_true("reused time query: its latest time (>= 20 ms)",
              elapsed >= 20000000);

   GLuint q[2];
   glGenQueries(2, q);
   glGetInteger64v(GL_TIMESTAMP, &before);
   query_counter(q[0], GL_TIMESTAMP);
   rect(64, 64);
   query_counter(q[1], GL_TIMESTAMP);
   glFinish();
   glGetInteger64v(GL_TIMESTAMP, &after);
   get_u64(q[0], GL_QUERY_RESULT, &t0);
   get_u64(q[1], GL_QUERY_RESULT, &t1);
   check_true("GL_TIMESTAMP <= t0 < t1 <= GL_TIMESTAMP after glFinish",
              (GLuint64)before <= t0 && t0 < t1 && t1 <= (GLuint64)after);
   glDeleteQueries(2, q);

   glGenQueries(200, ts);
   for (int i = 0; i < 200; i++) {
      query_counter(ts[i], GL_TIMESTAMP);
      rect(1, 1);
   }
   check_u("GL error after 200 timestamps", glGetError(), GL_NO_ERROR);
   unsigned bad = 0;
   GLuint64 last = 0;
   for (int i = 0; i < 200; i++) {
      t = 0;
      get_u64(ts[i], GL_QUERY_RESULT, &t);
      if (t <= last)
         bad++;
      last = t;
   }
   check_u("timestamps of 200 not after the one before", bad, 0);
   glDeleteQueries(200, ts);
   glDeleteQueries(1, &te);
   glDeleteQueries(1, &occ);
}

/* Four 1024x896 RGBA8 textures (3.5 MiB each) of four colours, each on
 * one quadrant, drawn with no read-back between: with NVSIM_VRAM_MB=16
 * the four fit in VRAM but not in the 80% of it that libdrm lets one
 * submission name, so the driver must submit between two draws. */
static void
test_vrampressure(void)
{
   static const unsigned char cols[4][4] = {
      { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 },
      { 255, 255, 0, 255 },
   };
   static const unsigned want[4] = { 0xff0000ff, 0x00ff00ff, 0x0000ffff,
                                     0xffff00ff };
   const int w = 1024, h = 896;
   unsigned char *texels = malloc(w * h * 4);
   GLuint tex[4];

   make_fbo(64, 64);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glGenTextures(4, tex);
   for (int t = 0; t < 4; t++) {
      for (int i = 0; i < w * h; i++)
         memcpy(texels + 4 * i, cols[t], 4);
      glBindTexture(GL_TEXTURE_2D, tex[t]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, texels);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }
   glFinish();
   glEnable(GL_TEXTURE_2D);
   glColor3f(1, 1, 1);
   for (int t = 0; t < 4; t++) {
      float x0 = (t & 1) ? 0 : -1, y0 = (t & 2) ? 0 : -1;
      glBindTexture(GL_TEXTURE_2D, tex[t]);
      glBegin(GL_QUADS);
      glTexCoord2f(0, 0); glVertex2f(x0, y0);
      glTexCoord2f(1, 0); glVertex2f(x0 + 1, y0);
      glTexCoord2f(1, 1); glVertex2f(x0 + 1, y0 + 1);
      glTexCoord2f(0, 1); glVertex2f(x0, y0 + 1);
      glEnd();
   }
   glDisable(GL_TEXTURE_2D);
   for (int t = 0; t < 4; t++) {
      char name[64];
      snprintf(name, sizeof(name), "texture %d of 4 under VRAM pressure", t);
      check(name, (t & 1) ? 48 : 16, (t & 2) ? 48 : 16, want[t]);
   }
   glDeleteTextures(4, tex);
   free(texels);
}

/* NV_conditional_render: a quad drawn under a query that counted
 * nothing is skipped; under one that counted samples, drawn. */
static void
test_condrender(void)
{
   GLuint q[2], n;

   make_fbo(64, 64);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glGenQueries(2, q);
   /* q[0]: a quad behind the cleared depth 0 passes nothing;
    * q[1]: an 8x8 rectangle, 64 samples */
   glEnable(GL_DEPTH_TEST);
   glClearDepth(0.0);
   glClear(GL_DEPTH_BUFFER_BIT);
   glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   rect(64, 64);
   glEndQuery(GL_SAMPLES_PASSED);
   glDisable(GL_DEPTH_TEST);
   glClearDepth(1.0);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   glBeginQuery(GL_SAMPLES_PASSED, q[1]);
   rect(8, 8);
   glEndQuery(GL_SAMPLES_PASSED);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

   glColor3f(1, 0, 0);
   glBeginConditionalRenderNV(q[0], GL_QUERY_WAIT_NV);
   rect(64, 64);
   glEndConditionalRenderNV();
   check("draw under a query of 0 samples: skipped", 32, 32, 0x000000ff);
   glColor3f(0, 1, 0);
   glBeginConditionalRenderNV(q[1], GL_QUERY_WAIT_NV);
   rect(32, 32);
   glEndConditionalRenderNV();
   check("draw under a query of 64 samples: drawn", 16, 16, 0x00ff00ff);
   check("outside that draw", 48, 48, 0x000000ff);
   glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &n);
   check_u("its query", n, 64);
   glDeleteQueries(2, q);
}

static void
test_vbo(void)
{
   make_fbo(64, 64);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint vbo = make_quad_vbo(green);
   glDrawArrays(GL_QUADS, 0, 4);
   check("vbo first draw", 16, 16, 0x00ff00ff);
   recolour(vbo, blue);
   glDrawArrays(GL_QUADS, 0, 4);
   check("vbo draw after glBufferSubData", 16, 16, 0x0000ffff);
   recolour(vbo, green);
   glDrawArrays(GL_QUADS, 0, 4);
   check("vbo draw after a second glBufferSubData", 16, 16, 0x00ff00ff);
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_COLOR_ARRAY);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glDeleteBuffers(1, &vbo);

   /* glBegin/glEnd: st/mesa appends the vertices to a buffer it keeps
    * mapped (persistently), next to those the GPU read for the previous
    * triangle; each triangle is read back before the next is drawn */
   static const float col[3][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
   static const unsigned want[3] = { 0xff0000ff, 0x00ff00ff, 0x0000ffff };
   for (int i = 0; i < 3; i++) {
      char name[64];
      glColor3fv(col[i]);
      glBegin(GL_TRIANGLES);
      glVertex2f(-1, -1); glVertex2f(1, -1); glVertex2f(-1, 1);
      glEnd();
      snprintf(name, sizeof(name), "glBegin/glEnd triangle %d", i);
      check(name, 16, 16, want[i]);
   }
}

static void
test_edgeflags(void)
{
   static const float quad[4][2] = {
      { 8.5f, 8.5f }, { 40.5f, 8.5f }, { 40.5f, 40.5f }, { 8.5f, 40.5f },
   };
   static const GLboolean qflags[4] = { GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE };
   static const GLboolean tflags[3] = { GL_TRUE, GL_FALSE, GL_TRUE };
   static const GLubyte tidx[3] = { 0, 1, 3 };
   const unsigned green = 0x00ff00ff, black = 0x000000ff;
   GLuint vbo;

   make_fbo(64, 64);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, 64, 0, 64, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glColor3f(0, 1, 0);
   glClearColor(0, 0, 0, 1);

   /* positions then flags, in one VBO */
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad) + sizeof(qflags), NULL,
                GL_STATIC_DRAW);
   glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(quad), quad);
   glBufferSubData(GL_ARRAY_BUFFER, sizeof(quad), sizeof(qflags), qflags);
   glVertexPointer(2, GL_FLOAT, 0, (void *)0);
   glEdgeFlagPointer(0, (void *)sizeof(quad));
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_EDGE_FLAG_ARRAY);

   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_QUADS, 0, 4);
   check("edgeflags quad bottom", 24, 8, green);
   check("edgeflags quad right (hidden)", 40, 24, black);
   check("edgeflags quad top", 24, 40, green);
   check("edgeflags quad left", 8, 24, green);
   check("edgeflags quad diagonal", 24, 24, black);

   glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_QUADS, 0, 4);
   check("edgeflags point 0", 8, 8, green);
   check("edgeflags point 1 (hidden)", 40, 8, black);
   check("edgeflags point 2", 40, 40, green);
   check("edgeflags point 3", 8, 40, green);

   /* user memory, indexed: vertices 0, 1, 3 of the quad */
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   GLboolean uflags[4] = { tflags[0], tflags[1], GL_TRUE, tflags[2] };
   glVertexPointer(2, GL_FLOAT, 0, quad);
   glEdgeFlagPointer(0, uflags);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, tidx);
   check("edgeflags triangle bottom", 24, 8, green);
   check("edgeflags triangle hypotenuse (hidden)", 24, 24, black);
   check("edgeflags triangle left", 8, 24, green);

   /* no flag array: every side */
   glDisableClientState(GL_EDGE_FLAG_ARRAY);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_QUADS, 0, 4);
   check("quad bottom after", 24, 8, green);
   check("quad right after", 40, 24, green);
   check("quad diagonal after", 24, 24, black);

   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   glDisableClientState(GL_VERTEX_ARRAY);
   glDeleteBuffers(1, &vbo);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
}

int
main(int argc, char **argv)
{
   static const struct {
      const char *name;
      void (*fn)(void);
      bool by_default;
   } parts[] = {
      { "midflush", test_midflush, true },
      { "gart", test_gart, false },
      { "vrampressure", test_vrampressure, false },
      { "query", test_query, true },
      { "vbo", test_vbo, true },
      { "condrender", test_condrender, true },
      { "timer", test_timer, true },
      { "edgeflags", test_edgeflags, true },
   };
   if (!nvgl_context())
      return 2;

   for (unsigned i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
      bool run = argc == 1 ? parts[i].by_default : false;
      for (int a = 1; a < argc; a++)
         run |= !strcmp(argv[a], parts[i].name);
      if (run)
         parts[i].fn();
   }
   return nvgl_done();
}
