/*
 * GL clears on the Tesla driver (issue 11, first driver step): EGL
 * surfaceless + FBOs, read back with glReadPixels.  Colour: full and
 * scissored clears of an RGBA8 target whose size is no multiple of a gob
 * or block (70x37), a texture uploaded with a pattern (the blocklinear
 * layout both ways: upload, read back, then a scissored clear that must
 * keep the rest of the pattern), an RGBA16F target (float clear values
 * beyond [0, 1] kept, GL 3.3 4.2.3 / 4.3.1 without clamping of float
 * buffers), two colour targets at once; depth 0.5 / 1.0 / 0.0 and
 * stencil 0x5a / 0xa5 in a DEPTH24_STENCIL8 buffer, scissored too.
 * Expected values by hand from the GL spec: clear colours convert to
 * UNORM8 as round(c * 255) (GL 3.3 2.1.6, eq. 2.3: 0.25 -> 64, 0.75 ->
 * 191, 0.5 -> 127.5, either neighbour), depth as round(d * (2^24 - 1))
 * read back as that over 2^24 - 1, stencil as its low 8 bits.
 * Run on the simulated G80 and GT215 and on llvmpipe (tests/gl/run.sh);
 * by hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv50_gl_clear nv50_gl_clear.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   scripts/nvrun --chip g80 -- /tmp/nv50_gl_clear      (prints PASSED)
 */
#include <math.h>

#include "nouveau_gl_util.h"

#define W 70
#define H 37

static void
check_depth(const char *what, int x, int y, double want)
{
   float got = -1.0f;
   glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &got);
   /* 24-bit depth: within one step of 1 / (2^24 - 1) */
   if (fabs(got - want) > 1.5 / 16777215.0) {
      printf("FAIL %s (%d,%d): depth %.9f want %.9f\n", what, x, y, got, want);
      fails++;
   } else {
      printf("ok   %s (%d,%d) depth = %.9f\n", what, x, y, got);
   }
}

static void
check_stencil(const char *what, int x, int y, unsigned want)
{
   unsigned char got = 0;
   glReadPixels(x, y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &got);
   check_u(what, got, want);
}

static void
check_float(const char *what, int x, int y, const float *want)
{
   float got[4];
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, got);
   if (memcmp(got, want, sizeof(got))) {
      printf("FAIL %s (%d,%d): got %g %g %g %g want %g %g %g %g\n", what, x, y,
             got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
      fails++;
   } else {
      printf("ok   %s (%d,%d) = %g %g %g %g\n", what, x, y,
             got[0], got[1], got[2], got[3]);
   }
}

static GLuint
renderbuffer(GLenum format, int w, int h)
{
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, format, w, h);
   return rb;
}

static void
check_complete(const char *what)
{
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL %s: framebuffer status 0x%x\n", what, st);
      fails++;
   }
}

int
main(int argc, char **argv)
{
   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));

   /* RGBA8 + DEPTH24_STENCIL8, 70x37 */
   GLuint fb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, renderbuffer(GL_RGBA8, W, H));
   GLuint zs = renderbuffer(GL_DEPTH24_STENCIL8, W, H);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, zs);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, zs);
   check_complete("RGBA8 + D24S8");
   glViewport(0, 0, W, H);

   glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
   glClearDepth(0.5);
   glClearStencil(0x5a);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   const int px[][2] = { {0, 0}, {W - 1, 0}, {0, H - 1}, {W - 1, H - 1},
                         {35, 18}, {64, 4}, {63, 36} };
   for (unsigned i = 0; i < sizeof(px) / sizeof(px[0]); i++) {
      check_tol("clear (0.25, 0.5, 0.75, 1)", px[i][0], px[i][1], 0x4080bfff, 1);
      check_depth("clear depth 0.5", px[i][0], px[i][1],
                  round(0.5 * 16777215.0) / 16777215.0);
      check_stencil("clear stencil 0x5a", px[i][0], px[i][1], 0x5a);
   }

   /* scissored: only (10, 5) .. (29, 16) changes */
   glEnable(GL_SCISSOR_TEST);
   glScissor(10, 5, 20, 12);
   glClearColor(1.0f, 0.0f, 0.0f, 0.0f);
   glClearDepth(1.0);
   glClearStencil(0x1a5);   /* GL masks it to the buffer's 8 bits */
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   check("scissored clear inside", 10, 5, 0xff000000);
   check("scissored clear inside", 29, 16, 0xff000000);
   check_tol("scissored clear left of it", 9, 5, 0x4080bfff, 1);
   check_tol("scissored clear above it", 29, 17, 0x4080bfff, 1);
   check_tol("scissored clear right of it", 30, 16, 0x4080bfff, 1);
   check_tol("scissored clear below it", 10, 4, 0x4080bfff, 1);
   check_depth("scissored depth 1.0", 20, 10, 1.0);
   check_depth("scissored depth, outside", 40, 10,
               round(0.5 * 16777215.0) / 16777215.0);
   check_stencil("scissored stencil 0xa5", 20, 10, 0xa5);
   check_stencil("scissored stencil, outside", 5, 10, 0x5a);

   glClearDepth(0.0);
   glClear(GL_DEPTH_BUFFER_BIT);
   check_depth("clear depth 0.0", 69, 36, 0.0);
   check_tol("depth clear leaves colour", 0, 0, 0x4080bfff, 1);
   check_stencil("depth clear leaves stencil", 20, 10, 0xa5);

   /* a texture with a pattern: every texel its own value */
   static unsigned char tex[H][W][4];
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         tex[y][x][0] = x;
         tex[y][x][1] = y;
         tex[y][x][2] = (x * 7 + y * 13) & 0xff;
         tex[y][x][3] = 0x80 | (x & 0x7f);
      }
   GLuint t, fbt;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, tex);
   glGenFramebuffers(1, &fbt);
   glBindFramebuffer(GL_FRAMEBUFFER, fbt);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D, t, 0);
   check_complete("texture");
   static unsigned char back[H][W][4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, back);
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         if (memcmp(back[y][x], tex[y][x], 4) && bad++ < 4)
            printf("     texel (%d,%d): %02x%02x%02x%02x\n", x, y,
                   back[y][x][0], back[y][x][1], back[y][x][2], back[y][x][3]);
   check_u("uploaded texels read back unchanged (wrong ones)", bad, 0);
   glEnable(GL_SCISSOR_TEST);
   glScissor(60, 30, 10, 7);
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   check("scissored clear of the texture", 60, 30, 0x00ff00ff);
   check("scissored clear of the texture", 69, 36, 0x00ff00ff);
   /* texel (59, 30): 59, 30, (413 + 390) & 0xff = 0x23, 0x80 | 59 */
   check("texel beside the scissored clear", 59, 30, 0x3b1e23bb);
   /* texel (60, 29): 60, 29, (420 + 377) & 0xff = 0x1d, 0x80 | 60 */
   check("texel below the scissored clear", 60, 29, 0x3c1d1dbc);

   /* RGBA16F: values outside [0, 1] kept (float buffers are not
    * clamped) */
   GLuint fbf;
   glGenFramebuffers(1, &fbf);
   glBindFramebuffer(GL_FRAMEBUFFER, fbf);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, renderbuffer(GL_RGBA16F, 33, 9));
   check_complete("RGBA16F");
   glClearColor(-2.0f, 0.5f, 4.25f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   const float want16[4] = { -2.0f, 0.5f, 4.25f, 1.0f };
   check_float("RGBA16F clear", 0, 0, want16);
   check_float("RGBA16F clear", 32, 8, want16);

   /* two colour targets at once */
   GLuint fb2;
   glGenFramebuffers(1, &fb2);
   glBindFramebuffer(GL_FRAMEBUFFER, fb2);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, renderbuffer(GL_RGBA8, 16, 16));
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                             GL_RENDERBUFFER, renderbuffer(GL_RGBA8, 16, 16));
   const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   glDrawBuffers(2, bufs);
   check_complete("two targets");
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glReadBuffer(GL_COLOR_ATTACHMENT0);
   check("target 0 cleared", 15, 15, 0x0000ffff);
   glReadBuffer(GL_COLOR_ATTACHMENT1);
   check("target 1 cleared", 0, 0, 0x0000ffff);

   return nvgl_done();
}
