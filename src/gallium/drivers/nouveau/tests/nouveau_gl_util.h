/*
 * What the driver's GL test programs (nv30_gl_*.c, nv40_gl_*.c,
 * nv50_gl_*.c) share: the failure count, pixel and value checks that
 * print one line each, a GL context on EGL's surfaceless platform,
 * shaders and programs whose compile or link failure is a failure, a
 * framebuffer object to draw into, and the closing verdict.  Each
 * program is one translation unit built against the installed
 * libEGL/libGL (tests/gl/run.sh), so everything here is static.
 */
#ifndef NOUVEAU_GL_UTIL_H
#define NOUVEAU_GL_UTIL_H

#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

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

/* A condition that must hold, named by what. */
static inline void
check_true(const char *what, bool ok)
{
   printf("%s %s\n", ok ? "ok  " : "FAIL", what);
   fails += !ok;
}

/* A current context of the client API api (EGL_OPENGL_API or
 * EGL_OPENGL_ES_API) with no surface, made with the context attributes
 * cattr (up to EGL_NONE); returns GL_RENDERER, or NULL after saying what
 * failed. */
static inline const char *
nvgl_context_api(EGLenum api, const EGLint *cattr)
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
   eglBindAPI(api);
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

/* A desktop GL context made with the context attributes cattr. */
static inline const char *
nvgl_context_attribs(const EGLint *cattr)
{
   return nvgl_context_api(EGL_OPENGL_API, cattr);
}

/* The same with the default attributes (a compatibility context). */
static inline const char *
nvgl_context(void)
{
   static const EGLint cattr[] = { EGL_NONE };
   return nvgl_context_attribs(cattr);
}

/* Whether the context's GL_EXTENSIONS string names name (a whole word). */
static inline bool
nvgl_has_ext(const char *name)
{
   const char *all = (const char *)glGetString(GL_EXTENSIONS);
   size_t len = strlen(name);
   for (const char *p = all; p && (p = strstr(p, name)); p += len) {
      if ((p == all || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
         return true;
   }
   return false;
}

/* A shader of type compiled from src; one that does not compile is a
 * failure, printed with the compiler's log. */
static inline GLuint
nvgl_shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   GLint ok = 0;
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[512] = "";
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      printf("FAIL shader 0x%x does not compile: %s\n", type, log);
      fails++;
   }
   return s;
}

/* Links p; a program that does not link is a failure, printed with the
 * linker's log.  Returns whether it linked. */
static inline bool
nvgl_link(GLuint p)
{
   GLint ok = 0;
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[512] = "";
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      printf("FAIL program does not link: %s\n", log);
      fails++;
   }
   return ok;
}

/* A linked program of the vertex shader vs and the fragment shader fs;
 * the attribute names that follow (up to a NULL) are bound to locations
 * 0, 1, ... before the link. */
static inline GLuint
nvgl_program(const char *vs, const char *fs, ...)
{
   GLuint p = glCreateProgram();
   GLuint s[2] = { nvgl_shader(GL_VERTEX_SHADER, vs),
                   nvgl_shader(GL_FRAGMENT_SHADER, fs) };
   for (int i = 0; i < 2; i++) {
      /* the program keeps them; deleted with it */
      glAttachShader(p, s[i]);
      glDeleteShader(s[i]);
   }
   va_list ap;
   va_start(ap, fs);
   for (GLuint i = 0;; i++) {
      const char *name = va_arg(ap, const char *);
      if (!name)
         break;
      glBindAttribLocation(p, i, name);
   }
   va_end(ap);
   nvgl_link(p);
   return p;
}

/* A framebuffer object, bound, with a renderbuffer of colour (w x h) as
 * colour attachment 0 and, unless zs_attachment is GL_NONE, one of
 * zs_format at zs_attachment; the viewport covers it.  0 (a failure,
 * printed) when it is incomplete. */
static inline GLuint
nvgl_fbo_zs(GLenum colour, GLenum zs_attachment, GLenum zs_format,
            int w, int h)
{
   GLuint fb, rb[2];
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glGenRenderbuffers(zs_attachment != GL_NONE ? 2 : 1, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, colour, w, h);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb[0]);
   if (zs_attachment != GL_NONE) {
      glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
      glRenderbufferStorage(GL_RENDERBUFFER, zs_format, w, h);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, zs_attachment,
                                GL_RENDERBUFFER, rb[1]);
   }
   glViewport(0, 0, w, h);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL framebuffer incomplete\n");
      fails++;
      return 0;
   }
   return fb;
}

/* The same with a colour renderbuffer alone. */
static inline GLuint
nvgl_fbo(GLenum colour, int w, int h)
{
   return nvgl_fbo_zs(colour, GL_NONE, 0, w, h);
}

/* The start of most programs: nvgl_context, GL_VERSION printed, an
 * RGBA8 nvgl_fbo of w x h bound and cleared to 0.  0, or the exit status
 * when one of them failed (2: no context, 1: an incomplete
 * framebuffer). */
static inline int
nvgl_start(int w, int h)
{
   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));
   if (!nvgl_fbo(GL_RGBA8, w, h))
      return 1;
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   return 0;
}

/* Two triangles over the window columns [x0, x1) of a viewport s pixels
 * wide, every row, as vec2 attribute 0 from one buffer that each call
 * rewrites. */
static inline void
nvgl_columns(int x0, int x1, int s)
{
   const float l = x0 * 2.0f / s - 1, r = x1 * 2.0f / s - 1;
   const float v[] = { l, -1, r, -1, r, 1, l, -1, r, 1, l, 1 };
   static GLuint vb;
   if (!vb)
      glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
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
