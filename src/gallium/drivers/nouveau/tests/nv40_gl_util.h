/*
 * What the GL test programs (nv40_gl_*.c) share: the failure count, pixel
 * and value checks that print one line each, a GL context on EGL's
 * surfaceless platform, and the closing verdict.  Each program is one
 * translation unit built against the installed libEGL/libGL
 * (tests/gl/run.sh), so everything here is static.
 */
#ifndef NV40_GL_UTIL_H
#define NV40_GL_UTIL_H

#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdbool.h>
#include <stdio.h>

static int fails;

/* The pixel at (x, y) of the read framebuffer is want (0xRRGGBBAA), each
 * channel within tol. */
static inline void
check_tol(const char *what, int x, int y, unsigned want, int tol)
{
   unsigned char p[4];
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   unsigned got = p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
   bool bad = false;
   for (int c = 0; c < 4; c++) {
      int d = (int)((got >> (8 * c)) & 0xff) - (int)((want >> (8 * c)) & 0xff);
      bad |= d > tol || d < -tol;
   }
   if (bad) {
      printf("FAIL %s (%d,%d): got %08x want %08x\n", what, x, y, got, want);
      fails++;
   } else {
      printf("ok   %s (%d,%d) = %08x\n", what, x, y, got);
   }
}

static inline void
check(const char *what, int x, int y, unsigned want)
{
   check_tol(what, x, y, want, 0);
}

static inline void
check_u(const char *what, unsigned got, unsigned want)
{
   if (got != want) {
      printf("FAIL %s: got %u want %u\n", what, got, want);
      fails++;
   } else {
      printf("ok   %s = %u\n", what, got);
   }
}

/* A current GL context with no surface; returns GL_RENDERER, or NULL
 * after saying what failed. */
static inline const char *
nvgl_context(void)
{
   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
      (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   EGLDisplay dpy = gpd ? gpd(EGL_PLATFORM_SURFACELESS_MESA,
                              EGL_DEFAULT_DISPLAY, NULL)
                        : EGL_NO_DISPLAY;
   EGLint maj, min;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &maj, &min)) {
      printf("eglInitialize failed\n");
      return NULL;
   }
   eglBindAPI(EGL_OPENGL_API);
   static const EGLint cattr[] = { EGL_NONE };
   EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
                                     cattr);
   if (!ctx || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      printf("context failed\n");
      return NULL;
   }
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   printf("GL_RENDERER %s\n", renderer);
   return renderer;
}

/* No GL error may be left at the end; prints the verdict, returns the
 * exit status. */
static inline int
nvgl_done(void)
{
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      printf("FAIL GL error 0x%x at the end\n", err);
      fails++;
   }
   printf("%s\n", fails ? "FAILED" : "PASSED");
   return fails ? 1 : 0;
}

#endif
