/* depthfunc.c: the program of docs/walkthrough-trace.md.  Draws one
 * triangle at depth 0.25 over a depth buffer cleared to 0.5, with
 * GL_DEPTH_TEST and the depth function given on the command line ("less"
 * or "greater"), into an FBO on an EGL surfaceless display, and prints the
 * centre pixel.  Not built by meson (it needs EGL and GL); see the
 * walkthrough for the one-line cc command. */
#include <stdio.h>
#include <string.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>

int main(int argc, char **argv)
{
   GLenum func = argc > 1 && !strcmp(argv[1], "greater") ? GL_GREATER : GL_LESS;
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
      (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
   EGLDisplay dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA,
                                EGL_DEFAULT_DISPLAY, NULL);
   if (!eglInitialize(dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API))
      return 1;
   EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
                                     NULL);
   if (!ctx || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
      return 1;

   GLuint fb, rb[2];
   glGenFramebuffers(1, &fb);
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 64, 64);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 64, 64);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb[0]);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, rb[1]);
   glViewport(0, 0, 64, 64);
   glClearColor(0, 0, 0, 1);
   glClearDepth(0.5);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(func);
   glColor3f(0, 1, 0);
   glBegin(GL_TRIANGLES);             /* at depth 0.25 (z = -0.5) */
   glVertex3f(-1, -1, -0.5);
   glVertex3f(3, -1, -0.5);
   glVertex3f(-1, 3, -0.5);
   glEnd();
   unsigned char px[4];
   glReadPixels(32, 32, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   printf("%s: centre pixel %u %u %u %u\n", func == GL_LESS ? "GL_LESS" :
          "GL_GREATER", px[0], px[1], px[2], px[3]);
   return 0;
}
