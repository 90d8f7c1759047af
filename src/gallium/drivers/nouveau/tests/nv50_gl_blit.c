/*
 * Copies and blits on the Tesla driver (issue 11, nv50_blit.c): EGL
 * surfaceless + FBOs, read back with glReadPixels / glGetBufferSubData.
 *
 * The source is a 4x4 RGBA8 texture T whose texel (i, j) is
 * R = 16 + 32 i, G = 16 + 32 j, B = 0x80, A = 0xff.  Expected pixels by
 * hand (GL 3.3 4.3.2 BlitFramebuffer, 3.8.10 / 3.8.11 filters):
 * - glCopyTexSubImage2D of T's (1, 0) 3x2 into an 8x8 texture at (2, 3):
 *   texel (2 + k, 3 + l) = T(1 + k, l), the rest untouched (0);
 * - glBlitFramebuffer 1:1 T -> (5, 6) of a 16x16 renderbuffer: pixel
 *   (5 + i, 6 + j) = T(i, j);
 * - 2x NEAREST 4x4 -> 8x8: pixel (x, y) samples u = (x + 1/2) / 2, the
 *   texel x / 2: R = 16 + 32 (x >> 1);
 * - 2x LINEAR 4x4 -> 8x8: u = (x + 1/2) / 2 - 1/2 between texels
 *   floor(u) and floor(u) + 1 (clamped to the edge) with weight frac(u):
 *   R(x) = 16, 24, 40, 56, 72, 88, 104, 112 for x = 0..7 (x = 1: 3/4 16
 *   + 1/4 48 = 24; x = 2: 1/4 16 + 3/4 48 = 40), G the same in y;
 * - flipped in x and y (dst box (4, 4) -> (0, 0)): pixel (x, y) =
 *   T(3 - x, 3 - y);
 * - a renderbuffer -> texture blit, read through the texture's FBO;
 * - glCopyBufferSubData of 131172 bytes (more than two M2MF lines of 64
 *   KiB) from offset 12 to offset 40: the bytes copied, the rest 0;
 * - glGenerateMipmap of an 8x8 texture with R = 32 i, G = 32 j: level 1
 *   (k, l) = the mean of its 2x2: R = 64 k + 16; level 2: R = 128 m + 48;
 *   level 3: 112 (every mean exact);
 * - glCopyImageSubData (ARB_copy_image) of T's (1, 1) 2x2 into an 8x8
 *   texture at (5, 4): texel (5 + k, 4 + l) = T(1 + k, 1 + l);
 * - depth and stencil blits 2x NEAREST between DEPTH24_STENCIL8
 *   renderbuffers (4x4 cleared to depth 0.25 / stencil 0x5a, 8x8 to 1.0 /
 *   0x11): depth alone gives 0.25 and keeps stencil 0x11, then stencil
 *   alone gives 0x5a and keeps depth 0.25 (24-bit depth: within 1 step);
 * - a blit under glBeginConditionalRender of a query that counted no
 *   sample is not done, one that counted samples is (NV_conditional_render),
 *   WAIT_INVERTED the other way round (ARB_conditional_render_inverted);
 *   under NO_WAIT right after the query, GL may do the blit before the
 *   result is known, but on our driver the 2D engine's COND_MODE reads the
 *   reports itself: exact, so the 0-sample one must not be done there
 *   (llvmpipe: either, said in the output).
 * Run on the simulated G80 and GT215 and on llvmpipe (tests/gl/run.sh).
 */
#include <stdlib.h>

#include "nouveau_gl_util.h"

#ifndef GL_QUERY_WAIT_INVERTED
#define GL_QUERY_WAIT_INVERTED 0x8E17
#endif

static unsigned
t_rgba(int i, int j)
{
   return (unsigned)(16 + 32 * i) << 24 | (unsigned)(16 + 32 * j) << 16 |
          0x80ff;
}

static GLuint
texture(int w, int h, const unsigned char *data)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, data);
   return t;
}

static GLuint
fbo_tex(GLuint tex, int level)
{
   GLuint fb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          tex, level);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL texture %u level %d: framebuffer incomplete\n", tex, level);
      fails++;
   }
   return fb;
}

/* A cleared (0, 0, 0, 0) RGBA8 renderbuffer of w x h in its FBO. */
static GLuint
fbo_rb(int w, int h)
{
   GLuint fb, rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   return fb;
}

static void
blit(GLuint from, GLuint to, int sx0, int sy0, int sx1, int sy1, int dx0,
     int dy0, int dx1, int dy1, GLenum filter)
{
   glBindFramebuffer(GL_READ_FRAMEBUFFER, from);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, to);
   glBlitFramebuffer(sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1,
                     GL_COLOR_BUFFER_BIT, filter);
   glBindFramebuffer(GL_FRAMEBUFFER, to);
}

int
main(int argc, char **argv)
{
   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));

   unsigned char tdata[4 * 4 * 4];
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++) {
         unsigned char *p = tdata + (j * 4 + i) * 4;
         p[0] = 16 + 32 * i;
         p[1] = 16 + 32 * j;
         p[2] = 0x80;
         p[3] = 0xff;
      }
   GLuint t = texture(4, 4, tdata);
   GLuint tfb = fbo_tex(t, 0);

   /* glCopyTexSubImage2D from T's FBO into an 8x8 texture */
   static unsigned char zero[16 * 16 * 4];
   GLuint u = texture(8, 8, zero);
   glBindFramebuffer(GL_FRAMEBUFFER, tfb);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 3, 1, 0, 3, 2);
   fbo_tex(u, 0);
   for (int l = 0; l < 2; l++)
      for (int k = 0; k < 3; k++)
         check("CopyTexSubImage", 2 + k, 3 + l, t_rgba(1 + k, l));
   check("CopyTexSubImage: left of the box", 1, 3, 0);
   check("CopyTexSubImage: right of the box", 5, 4, 0);
   check("CopyTexSubImage: above the box", 3, 5, 0);

   /* 1:1 into a renderbuffer */
   GLuint c = fbo_rb(16, 16);
   blit(tfb, c, 0, 0, 4, 4, 5, 6, 9, 10, GL_NEAREST);
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
         check("blit 1:1", 5 + i, 6 + j, t_rgba(i, j));
   check("blit 1:1: outside", 4, 6, 0);
   check("blit 1:1: outside", 9, 9, 0);

   /* 2x nearest */
   GLuint d = fbo_rb(8, 8);
   blit(tfb, d, 0, 0, 4, 4, 0, 0, 8, 8, GL_NEAREST);
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
         check("blit 2x NEAREST", x, y, t_rgba(x >> 1, y >> 1));

   /* 2x linear */
   static const unsigned lin[8] = { 16, 24, 40, 56, 72, 88, 104, 112 };
   GLuint e = fbo_rb(8, 8);
   blit(tfb, e, 0, 0, 4, 4, 0, 0, 8, 8, GL_LINEAR);
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
         check_tol("blit 2x LINEAR", x, y,
                   lin[x] << 24 | lin[y] << 16 | 0x80ff, 1);

   /* flipped in x and y */
   GLuint f = fbo_rb(4, 4);
   blit(tfb, f, 0, 0, 4, 4, 4, 4, 0, 0, GL_NEAREST);
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++)
         check("blit flipped", x, y, t_rgba(3 - x, 3 - y));

   /* renderbuffer -> texture: C's (5, 6) 4x4 into an 8x8 texture at
    * (1, 2) */
   GLuint v = texture(8, 8, zero);
   GLuint vfb = fbo_tex(v, 0);
   blit(c, vfb, 5, 6, 9, 10, 1, 2, 5, 6, GL_NEAREST);
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
         check("blit renderbuffer -> texture", 1 + i, 2 + j, t_rgba(i, j));
   check("blit renderbuffer -> texture: outside", 0, 2, 0);

   /* glCopyBufferSubData */
   {
      enum { SIZE = 2 * 65536 + 100, SRC_OFF = 12, DST_OFF = 40,
             BUF = SIZE + 64 };
      unsigned char *src = malloc(BUF), *got = malloc(BUF);
      unsigned char *zeros = calloc(1, BUF);
      for (int i = 0; i < BUF; i++)
         src[i] = (unsigned char)(i * 7 + (i >> 8) * 13 + 1);
      GLuint b[2];
      glGenBuffers(2, b);
      glBindBuffer(GL_COPY_READ_BUFFER, b[0]);
      glBufferData(GL_COPY_READ_BUFFER, BUF, src, GL_STATIC_DRAW);
      glBindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
      glBufferData(GL_COPY_WRITE_BUFFER, BUF, zeros, GL_STATIC_DRAW);
      glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, SRC_OFF,
                          DST_OFF, SIZE);
      glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, BUF, got);
      int bad = -1;
      for (int i = 0; i < BUF && bad < 0; i++) {
         unsigned want = i >= DST_OFF && i < DST_OFF + SIZE ?
                            src[i - DST_OFF + SRC_OFF] : 0;
         if (got[i] != want)
            bad = i;
      }
      check_u("CopyBufferSubData: first wrong byte (+1, 0: none)", bad + 1, 0);
      free(src);
      free(got);
      free(zeros);
   }

   /* glGenerateMipmap of an 8x8 texture */
   {
      unsigned char m[8 * 8 * 4];
      for (int j = 0; j < 8; j++)
         for (int i = 0; i < 8; i++) {
            unsigned char *p = m + (j * 8 + i) * 4;
            p[0] = 32 * i;
            p[1] = 32 * j;
            p[2] = 0x40;
            p[3] = 0xff;
         }
      GLuint mt = texture(8, 8, m);
      glGenerateMipmap(GL_TEXTURE_2D);
      fbo_tex(mt, 0);
      check("GenerateMipmap: level 0 kept", 7, 5, 224u << 24 | 160u << 16 | 0x40ff);
      fbo_tex(mt, 1);
      for (int l = 0; l < 4; l++)
         for (int k = 0; k < 4; k++)
            check("GenerateMipmap: level 1", k, l,
                  (unsigned)(64 * k + 16) << 24 | (unsigned)(64 * l + 16) << 16 |
                  0x40ff);
      fbo_tex(mt, 2);
      for (int n = 0; n < 2; n++)
         for (int k = 0; k < 2; k++)
            check("GenerateMipmap: level 2", k, n,
                  (unsigned)(128 * k + 48) << 24 |
                  (unsigned)(128 * n + 48) << 16 | 0x40ff);
      fbo_tex(mt, 3);
      check("GenerateMipmap: level 3", 0, 0, 112u << 24 | 112u << 16 | 0x40ff);
   }

   /* glCopyImageSubData */
   if (strstr((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_copy_image")) {
      GLuint w = texture(8, 8, zero);
      glCopyImageSubData(t, GL_TEXTURE_2D, 0, 1, 1, 0, w, GL_TEXTURE_2D, 0,
                         5, 4, 0, 2, 2, 1);
      fbo_tex(w, 0);
      for (int l = 0; l < 2; l++)
         for (int k = 0; k < 2; k++)
            check("CopyImageSubData", 5 + k, 4 + l, t_rgba(1 + k, 1 + l));
      check("CopyImageSubData: outside", 4, 4, 0);
   } else {
      printf("FAIL GL_ARB_copy_image missing\n");
      fails++;
   }

   /* depth, then stencil, 2x nearest */
   {
      GLuint zfb[2], zrb[2];
      const int size[2] = { 4, 8 };
      const float depth[2] = { 0.25f, 1.0f };
      const int stencil[2] = { 0x5a, 0x11 };
      glGenFramebuffers(2, zfb);
      glGenRenderbuffers(2, zrb);
      for (int i = 0; i < 2; i++) {
         glBindRenderbuffer(GL_RENDERBUFFER, zrb[i]);
         glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, size[i],
                               size[i]);
         glBindFramebuffer(GL_FRAMEBUFFER, zfb[i]);
         glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                   GL_RENDERBUFFER, zrb[i]);
         glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                                   GL_RENDERBUFFER, zrb[i]);
         glClearDepth(depth[i]);
         glClearStencil(stencil[i]);
         glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
      }
      for (int pass = 0; pass < 2; pass++) {
         glBindFramebuffer(GL_READ_FRAMEBUFFER, zfb[0]);
         glBindFramebuffer(GL_DRAW_FRAMEBUFFER, zfb[1]);
         glBlitFramebuffer(0, 0, 4, 4, 0, 0, 8, 8,
                           pass ? GL_STENCIL_BUFFER_BIT : GL_DEPTH_BUFFER_BIT,
                           GL_NEAREST);
         glBindFramebuffer(GL_FRAMEBUFFER, zfb[1]);
         const int pts[3][2] = { { 0, 0 }, { 7, 3 }, { 5, 7 } };
         for (int i = 0; i < 3; i++) {
            float z = -1;
            unsigned char st = 0;
            glReadPixels(pts[i][0], pts[i][1], 1, 1, GL_DEPTH_COMPONENT,
                         GL_FLOAT, &z);
            glReadPixels(pts[i][0], pts[i][1], 1, 1, GL_STENCIL_INDEX,
                         GL_UNSIGNED_BYTE, &st);
            check_u(pass ? "depth blit then stencil blit: depth x 2^24"
                         : "depth blit 2x: depth x 2^24",
                    (unsigned)(z * 16777216.0f + 0.5f) >> 1, 0x200000);
            check_u(pass ? "stencil blit 2x: stencil"
                         : "depth blit 2x: stencil kept", st,
                    pass ? 0x5a : 0x11);
         }
      }
   }

   /* conditional blits: a query of no draw counts 0 samples, one of a
    * full-viewport rectangle 16 */
   {
      GLuint q[2];
      GLuint g = fbo_rb(4, 4);
      glViewport(0, 0, 4, 4);
      glGenQueries(2, q);
      glBeginQuery(GL_SAMPLES_PASSED, q[0]);
      glEndQuery(GL_SAMPLES_PASSED);
      glBeginQuery(GL_SAMPLES_PASSED, q[1]);
      glColor4f(0, 0, 0, 0);
      glRectf(-1, -1, 1, 1);
      glEndQuery(GL_SAMPLES_PASSED);
      glBeginConditionalRender(q[0], GL_QUERY_WAIT);
      blit(tfb, g, 0, 0, 4, 4, 0, 0, 4, 4, GL_NEAREST);
      glEndConditionalRender();
      check("blit under a 0-sample condition: not done", 2, 1, 0);
      glBeginConditionalRender(q[1], GL_QUERY_WAIT);
      blit(tfb, g, 0, 0, 4, 4, 0, 0, 4, 4, GL_NEAREST);
      glEndConditionalRender();
      check("blit under a 16-sample condition: done", 2, 1, t_rgba(2, 1));

      /* WAIT_INVERTED: done under the 0-sample query, not the 16 one */
      const bool inverted =
         strstr((const char *)glGetString(GL_EXTENSIONS),
                "GL_ARB_conditional_render_inverted") != NULL;
      GLuint h = fbo_rb(4, 4);
      glBeginConditionalRender(q[1], inverted ? GL_QUERY_WAIT_INVERTED
                                              : GL_QUERY_WAIT);
      blit(tfb, h, 0, 0, 4, 4, 0, 0, 4, 4, GL_NEAREST);
      glEndConditionalRender();
      check(inverted ? "blit under a 16-sample condition (WAIT_INVERTED): "
                       "not done"
                     : "blit under a 16-sample condition: done",
            1, 2, inverted ? 0 : t_rgba(1, 2));
      if (inverted) {
         glBeginConditionalRender(q[0], GL_QUERY_WAIT_INVERTED);
         blit(tfb, h, 0, 0, 4, 4, 0, 0, 4, 4, GL_NEAREST);
         glEndConditionalRender();
         check("blit under a 0-sample condition (WAIT_INVERTED): done", 1, 2,
               t_rgba(1, 2));
      } else {
         printf("FAIL GL_ARB_conditional_render_inverted missing\n");
         fails++;
      }

      /* NO_WAIT on a fresh query of no samples */
      GLuint k = fbo_rb(4, 4), q2;
      glGenQueries(1, &q2);
      glBeginQuery(GL_SAMPLES_PASSED, q2);
      glEndQuery(GL_SAMPLES_PASSED);
      glBeginConditionalRender(q2, GL_QUERY_NO_WAIT);
      blit(tfb, k, 0, 0, 4, 4, 0, 0, 4, 4, GL_NEAREST);
      glEndConditionalRender();
      if (strstr((const char *)glGetString(GL_RENDERER), "llvmpipe")) {
         unsigned char p[4];
         glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
         printf("note blit under a fresh 0-sample query (NO_WAIT) on "
                "llvmpipe: %s (GL allows either)\n",
                p[3] ? "done" : "not done");
      } else {
         check("blit under a fresh 0-sample query (NO_WAIT): not done", 3, 3,
               0);
      }
   }

   return nvgl_done();
}
