/*
 * GL test of multisampled render targets (issue 7): 32x32 RGBA8 FBOs
 * with 4 and 2 samples (and a multisampled depth/stencil buffer), drawn
 * with fixed function in window coordinates (glOrtho 0..32), resolved
 * with glBlitFramebuffer into a single-sampled FBO and read back.  The
 * number of samples is what GL_SAMPLES reports for the FBO (llvmpipe
 * has 4 only, so its "2" is 4).
 *
 * What EXT_framebuffer_multisample / ARB_multisample guarantee, asserted
 * exactly: a fully covered pixel resolves to the colour drawn, an
 * uncovered one keeps the clear colour, a pixel an edge crosses lies
 * strictly between; SAMPLE_COVERAGE with INVERT covers exactly the
 * samples the plain mask leaves; alpha-to-coverage gives all samples
 * for alpha 1 and none for 0; alpha-to-one makes blending see alpha 1;
 * glReadPixels on a multisampled FBO is GL_INVALID_OPERATION.
 *
 * Values worked out from sample positions (within 1 of 255 * covered
 * samples / samples): both llvmpipe and nvsim use the standard patterns
 * (4 samples at (6,2) (14,6) (2,10) (10,14) / 16, 2 at (4,4) (12,12) /
 * 16; nvsim's choice, since the hardware's is not documented:
 * docs/fidelity.md).  A vertical edge at x = 10.5 through the centres of
 * column 10 leaves 2 of 4 (1 of 2) samples: 128; one at x = 20.25 keeps
 * the samples with x below 4/16: 1 of 4 (64) or 1 of 2 (128).
 *
 *  fbo      edges into 4x and 2x FBOs, resolved
 *  mask     SAMPLE_COVERAGE 0.5, and inverted
 *  a2c      SAMPLE_ALPHA_TO_COVERAGE, SAMPLE_ALPHA_TO_ONE
 *  depth    per-sample depth: a near rectangle to x = 10.5, then a far
 *           full quad: column 10 is part near, part far colour
 *  winsys   a multisampled EGL pbuffer: glReadPixels resolves
 *
 * Built and run by tests/gl/run.sh (nv40 and llvmpipe):
 *   scripts/nvrun --chip nv40 -- build/gltests/nv40_gl_msaa [part...]
 */
#include <stdlib.h>
#include <string.h>

#include "nouveau_gl_util.h"

#define W 32
#define H 32
#define BLACK 0x000000ffu
#define WHITE 0xffffffffu

static GLuint ms_fb, ms_rb, ms_zrb, ss_fb, ss_rb;
static int samples;

/* An FBO of `req` samples (colour RGBA8, depth24/stencil8) and the
 * single-sampled one it resolves into; samples gets what GL made. */
static bool
make_fbos(int req)
{
   glGenFramebuffers(1, &ms_fb);
   glGenRenderbuffers(1, &ms_rb);
   glGenRenderbuffers(1, &ms_zrb);
   glBindRenderbuffer(GL_RENDERBUFFER, ms_rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, req, GL_RGBA8, W, H);
   glBindRenderbuffer(GL_RENDERBUFFER, ms_zrb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, req, GL_DEPTH24_STENCIL8,
                                    W, H);
   glBindFramebuffer(GL_FRAMEBUFFER, ms_fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, ms_rb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, ms_zrb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, ms_zrb);
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   /* the bound framebuffer's samples (ARB_multisample's GL_SAMPLES;
    * Mesa answers GL_RENDERBUFFER_SAMPLES only with ARB_framebuffer_object,
    * which upstream's NV40 driver lacks) */
   glGetIntegerv(GL_SAMPLES, &samples);
   printf("%d samples asked, %d made, status 0x%x\n", req, samples, st);
   if (st != GL_FRAMEBUFFER_COMPLETE || samples < req) {
      printf("FAIL multisampled FBO of %d samples\n", req);
      fails++;
      return false;
   }

   glGenFramebuffers(1, &ss_fb);
   glGenRenderbuffers(1, &ss_rb);
   glBindRenderbuffer(GL_RENDERBUFFER, ss_rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   glBindFramebuffer(GL_FRAMEBUFFER, ss_fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, ss_rb);

   glBindFramebuffer(GL_FRAMEBUFFER, ms_fb);
   glViewport(0, 0, W, H);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, W, 0, H, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glClearColor(0, 0, 0, 1);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   return true;
}

static void
free_fbos(void)
{
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &ms_fb);
   glDeleteFramebuffers(1, &ss_fb);
   glDeleteRenderbuffers(1, &ms_rb);
   glDeleteRenderbuffers(1, &ms_zrb);
   glDeleteRenderbuffers(1, &ss_rb);
}

/* Resolves the multisampled FBO and leaves the result bound for reading
 * (the multisampled one stays the draw framebuffer). */
static void
resolve(void)
{
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms_fb);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss_fb);
   glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ss_fb);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ms_fb);
}

static void
rect(float x0, float y0, float x1, float y1, float z)
{
   glBegin(GL_QUADS);
   glVertex3f(x0, y0, z);
   glVertex3f(x1, y0, z);
   glVertex3f(x1, y1, z);
   glVertex3f(x0, y1, z);
   glEnd();
}

static unsigned
read_pixel(int x, int y)
{
   unsigned char p[4];
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   return (unsigned)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

/* Channel c (0 red .. 3 alpha) of the pixel is strictly between 0 and
 * 255 and within 1 of want. */
static void
check_between(const char *what, int x, int y, unsigned c, int want)
{
   int v = (read_pixel(x, y) >> (24 - 8 * c)) & 0xff;
   if (v <= 0 || v >= 255 || abs(v - want) > 1) {
      printf("FAIL %s (%d,%d) channel %u: %d, want %d (strictly between 0 "
             "and 255)\n", what, x, y, c, v, want);
      fails++;
   } else {
      printf("ok   %s (%d,%d) channel %u = %d\n", what, x, y, c, v);
   }
}

/* 255 * n / samples, the resolve of n covered samples. */
static int
share(int n)
{
   return (255 * n + samples / 2) / samples;
}

static void
part_fbo(void)
{
   static const int reqs[2] = { 4, 2 };
   for (int k = 0; k < 2; k++) {
      if (!make_fbos(reqs[k]))
         continue;
      glColor4f(1, 1, 1, 1);
      rect(-1, 0, 10.5f, 16, 0);      /* vertical edge through centres */
      rect(-1, 16, 20.3f, 32, 0);     /* edge 0.3 into column 20 */
      resolve();
      check("fbo covered", 9, 4, WHITE);
      check("fbo covered", 0, 4, WHITE);
      check("fbo untouched", 11, 4, BLACK);
      check("fbo untouched", 21, 20, BLACK);
      check_between("fbo edge x=10.5", 10, 4, 0, share(samples / 2));
      check_between("fbo edge x=20.3", 20, 20, 0, share(1));
      check("fbo covered", 19, 20, WHITE);
      /* GL: reading a multisampled framebuffer is an error */
      glBindFramebuffer(GL_READ_FRAMEBUFFER, ms_fb);
      unsigned char p[4];
      glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
      check_u("glReadPixels on a multisampled FBO is INVALID_OPERATION",
              glGetError(), GL_INVALID_OPERATION);
      free_fbos();
   }
}

static void
part_mask(void)
{
   if (!make_fbos(4))
      return;
   glEnable(GL_MULTISAMPLE);
   glEnable(GL_SAMPLE_COVERAGE);
   /* half the samples red, the other half green: every sample once */
   glSampleCoverage(0.5f, GL_FALSE);
   glColor4f(1, 0, 0, 1);
   rect(0, 0, 16, 32, 0);
   glSampleCoverage(0.5f, GL_TRUE);
   glColor4f(0, 1, 0, 1);
   rect(0, 0, 16, 32, 0);
   /* the plain mask alone on the right half */
   glSampleCoverage(0.5f, GL_FALSE);
   glColor4f(1, 1, 1, 1);
   rect(16, 0, 32, 32, 0);
   glDisable(GL_SAMPLE_COVERAGE);
   resolve();
   check_between("mask red half", 8, 8, 0, share(samples / 2));
   check_between("mask green half", 8, 8, 1, share(samples / 2));
   unsigned p = read_pixel(8, 8);
   int r = p >> 24, g = (p >> 16) & 0xff;
   check_u("mask: red + green is every sample (within 1)",
           abs(r + g - 255) <= 1, 1);
   check_u("mask: no blue", (p >> 8) & 0xff, 0);
   check_between("mask 0.5 alone", 24, 8, 0, share(samples / 2));
   free_fbos();
}

static void
part_a2c(void)
{
   if (!make_fbos(4))
      return;
   glEnable(GL_MULTISAMPLE);
   glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
   glColor4f(1, 1, 1, 1);
   rect(0, 0, 8, 32, 0);
   glColor4f(1, 1, 1, 0);
   rect(8, 0, 16, 32, 0);
   glColor4f(1, 1, 1, 0.5f);
   rect(16, 0, 24, 32, 0);
   glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
   /* alpha-to-one: blending sees alpha 1, so the colour replaces */
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glEnable(GL_SAMPLE_ALPHA_TO_ONE);
   glColor4f(1, 0, 0, 0.25f);
   rect(24, 0, 32, 16, 0);
   glDisable(GL_SAMPLE_ALPHA_TO_ONE);
   glColor4f(1, 0, 0, 0.25f);
   rect(24, 16, 32, 32, 0);
   glDisable(GL_BLEND);
   resolve();
   check("a2c alpha 1: every sample", 4, 4, WHITE);
   check("a2c alpha 0: no sample", 12, 4, BLACK);
   unsigned p = read_pixel(20, 4);
   int v = p >> 24;
   if (v <= 0 || v >= 255) {
      printf("FAIL a2c alpha 0.5 (20,4): red %d, want strictly between\n", v);
      fails++;
   } else {
      printf("ok   a2c alpha 0.5 (20,4) red %d\n", v);
   }
   check("alpha-to-one: alpha 0.25 blends as 1", 28, 4, 0xff0000ffu);
   /* without: 0.25 red over black; alpha 0.25 * 0.25 + 0.75 * 1 =
    * 0.8125 (207) */
   check_tol("alpha 0.25 blends", 28, 20, 0x400000cfu, 1);
   free_fbos();
}

static void
part_depth(void)
{
   if (!make_fbos(4))
      return;
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glColor4f(1, 0, 0, 1);
   /* glOrtho(..., -1, 1): window z = (1 - z) / 2 */
   rect(-1, 0, 10.5f, 32, 0.5f);    /* near (window z 0.25) */
   glColor4f(0, 0, 1, 1);
   rect(-1, 0, 32, 32, -0.5f);      /* far (0.75) */
   glDisable(GL_DEPTH_TEST);
   resolve();
   check("depth near", 9, 4, 0xff0000ffu);
   check("depth far", 11, 4, 0x0000ffffu);
   check_between("depth edge red", 10, 4, 0, share(samples / 2));
   check_between("depth edge blue", 10, 4, 2, share(samples / 2));
   unsigned p = read_pixel(10, 4);
   check_u("depth edge: red + blue is every sample (within 1)",
           abs((int)(p >> 24) + (int)((p >> 8) & 0xff) - 255) <= 1, 1);
   free_fbos();
}

/* A multisampled pbuffer: the default framebuffer resolves for
 * glReadPixels. */
static void
part_winsys(void)
{
   EGLDisplay dpy = eglGetCurrentDisplay();
   EGLContext old = eglGetCurrentContext();
   static const EGLint cfg_attr[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
      EGL_SAMPLE_BUFFERS, 1, EGL_SAMPLES, 4, EGL_NONE
   };
   static const EGLint pb_attr[] = { EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE };
   EGLConfig cfg;
   EGLint n = 0, got = 0;

   if (!eglChooseConfig(dpy, cfg_attr, &cfg, 1, &n) || n < 1) {
      printf("FAIL no multisampled pbuffer config\n");
      fails++;
      return;
   }
   eglGetConfigAttrib(dpy, cfg, EGL_SAMPLES, &got);
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pb_attr);
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   if (surf == EGL_NO_SURFACE || ctx == EGL_NO_CONTEXT ||
       !eglMakeCurrent(dpy, surf, surf, ctx)) {
      printf("FAIL multisampled pbuffer context (0x%x)\n", eglGetError());
      fails++;
      return;
   }
   GLint sb = 0;
   glGetIntegerv(GL_SAMPLES, &sb);
   samples = sb;
   printf("pbuffer config of %d samples, GL_SAMPLES %d\n", got, sb);
   check_u("pbuffer has 4 or more samples", sb >= 4, 1);
   glViewport(0, 0, W, H);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, W, 0, H, -1, 1);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glColor4f(1, 1, 1, 1);
   rect(-1, 0, 10.5f, 32, 0);
   check("winsys covered", 9, 4, WHITE);
   check("winsys untouched", 11, 4, BLACK);
   /* the edge pixel: GL 2.1 section 3.2.1 leaves how samples combine to
    * the implementation (llvmpipe reads sample 0): some grey */
   unsigned e = read_pixel(10, 4);
   check_u("winsys edge is a grey", (e >> 24) == ((e >> 16) & 0xff) &&
           (e >> 24) == ((e >> 8) & 0xff), 1);
   /* glBlitFramebuffer from it resolves (GL 3.0 section 4.3.3) */
   GLuint fb, rb;
   glGenFramebuffers(1, &fb);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
   check("winsys blit covered", 9, 4, WHITE);
   check("winsys blit untouched", 11, 4, BLACK);
   if (sb > 1)
      check_between("winsys blit edge", 10, 4, 0, share(samples / 2));
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   check_u("winsys GL error", glGetError(), GL_NO_ERROR);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, old);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surf);
}

int
main(int argc, char **argv)
{
   static const struct {
      const char *name;
      void (*fn)(void);
   } parts[] = {
      { "fbo", part_fbo }, { "mask", part_mask }, { "a2c", part_a2c },
      { "depth", part_depth }, { "winsys", part_winsys },
   };

   if (!nvgl_context())
      return 1;
   GLint max = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max);
   check_u("GL_MAX_SAMPLES >= 4", max >= 4, 1);
   for (unsigned i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
      bool run = argc < 2;
      for (int a = 1; a < argc; a++)
         run |= !strcmp(argv[a], parts[i].name);
      if (run) {
         printf("--- %s\n", parts[i].name);
         parts[i].fn();
      }
   }
   return nvgl_done();
}
