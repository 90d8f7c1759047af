/*
 * Two GL contexts (two channels) drawing, each into its own FBO with its
 * own colours: built with -DNT=1 -DINTERLEAVE it alternates the contexts
 * in one thread; without INTERLEAVE, NT threads make and draw one
 * context each at the same time.
 *
 * Each thread calls eglBindAPI: the bound API is per thread (EGL 1.5
 * section 3.7, "the current rendering API ... is per-thread state"), so a
 * thread that never bound OpenGL makes an OpenGL ES context, where
 * glBegin is "unsupported function called" (the failure an earlier
 * version of this harness had on every driver).  make stress runs many
 * more (nv40_gl_stress.c).
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <pthread.h>
#include <stdio.h>

static EGLDisplay dpy;
static void *worker(void *arg)
{
   long id = (long)arg; int bad = 0;
   EGLint a[] = { EGL_NONE };
   eglBindAPI(EGL_OPENGL_API);
   EGLContext c = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, a);
   if (!c || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) return (void *)1L;
   GLuint fb, rb;
   glGenFramebuffers(1, &fb); glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 32, 32);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, 32, 32);
   for (int i = 0; i < 200; i++) {
      float v = (i % 2) ? 1.0f : 0.0f;
      glClearColor(id ? v : 0, id ? 0 : v, 0, 1); glClear(GL_COLOR_BUFFER_BIT);
      glBegin(GL_TRIANGLES); glColor3f(0, 0, 1);
      glVertex2f(-1, -1); glVertex2f(0, -1); glVertex2f(-1, 0); glEnd();
      unsigned char p[4], q[4];
      glReadPixels(30, 30, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
      glReadPixels(2, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, q);
      unsigned char want = (i % 2) ? 255 : 0;
      if (p[id ? 0 : 1] != want || p[id ? 1 : 0] != 0 || q[2] != 255 || q[0] || q[1]) bad++;
   }
   printf("thread %ld: %d bad frames\n", id, bad);
   return (void *)(long)bad;
}
int main(void)
{
#ifdef INTERLEAVE
   PFNEGLGETPLATFORMDISPLAYEXTPROC g2 = (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   dpy = g2(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   EGLint a1, a2; eglInitialize(dpy, &a1, &a2); eglBindAPI(EGL_OPENGL_API);
   EGLint at[] = { EGL_NONE };
   EGLContext c0 = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, at);
   EGLContext c1 = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, at);
   int bad = 0;
   for (int i = 0; i < 100; i++) {
      for (int k = 0; k < 2; k++) {
         eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, k ? c1 : c0);
         if (i == 0) { GLuint fb, rb; glGenFramebuffers(1, &fb); glGenRenderbuffers(1, &rb); glBindRenderbuffer(GL_RENDERBUFFER, rb); glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 32, 32); glBindFramebuffer(GL_FRAMEBUFFER, fb); glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb); glViewport(0, 0, 32, 32); }
         float v = (i % 2) ? 1.0f : 0.0f;
         glClearColor(k ? v : 0, k ? 0 : v, 0, 1); glClear(GL_COLOR_BUFFER_BIT);
         glBegin(GL_TRIANGLES); glColor3f(0, 0, 1); glVertex2f(-1, -1); glVertex2f(0, -1); glVertex2f(-1, 0); glEnd();
         unsigned char p[4], q[4];
         glReadPixels(30, 30, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
         glReadPixels(2, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, q);
         unsigned char want = (i % 2) ? 255 : 0;
         if (p[k ? 0 : 1] != want || p[k ? 1 : 0] != 0 || q[2] != 255 || q[0] || q[1]) bad++;
      }
   }
   printf("interleaved: %d bad\n%s\n", bad, bad ? "FAILED" : "PASSED");
   return bad != 0;
#endif
   PFNEGLGETPLATFORMDISPLAYEXTPROC gpd = (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   dpy = gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   EGLint maj, min; eglInitialize(dpy, &maj, &min); eglBindAPI(EGL_OPENGL_API);
   pthread_t t[2]; void *r[2];
   for (long i = 0; i < NT; i++) pthread_create(&t[i], NULL, worker, (void *)i);
   for (int i = 0; i < NT; i++) pthread_join(t[i], &r[i]);
   int ok = !r[0] && (NT < 2 || !r[1]);
   printf("%s\n", ok ? "PASSED" : "FAILED");
   return !ok;
}
