/*
 * Run-time loading of the GL entry points through eglGetProcAddress.
 * EGL 1.5 (and EGL_KHR_get_all_proc_addresses before it) allows querying
 * core GL functions this way, not only extensions.
 */
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>

#include "nvdemo_gl.h"

/* Status values that only EXT_framebuffer_object has (its "New Tokens"
 * section); glcorearb.h, being core only, lacks them. */
#define FRAMEBUFFER_INCOMPLETE_DIMENSIONS_EXT 0x8CD9
#define FRAMEBUFFER_INCOMPLETE_FORMATS_EXT    0x8CDA

struct nvdemo_gl nvgl;

typedef void (*generic_proc)(void);

static int
load_one(const char *name, const char *suffix, generic_proc *out,
         char *err, unsigned err_size)
{
   char full[96];

   snprintf(full, sizeof(full), "gl%s%s", name, suffix);
   *out = (generic_proc)eglGetProcAddress(full);
   if (!*out) {
      snprintf(err, err_size, "eglGetProcAddress(\"%s\") returned NULL", full);
      return -1;
   }
   return 0;
}

int
nvdemo_gl_has_extension(const char *ext)
{
   const char *list = (const char *)nvgl.GetString(GL_EXTENSIONS);
   const size_t len = strlen(ext);

   for (const char *p = list; p && (p = strstr(p, ext)); p += len) {
      if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
         return 1;
   }
   return 0;
}

int
nvdemo_gl_load(char *err, unsigned err_size)
{
#define LOAD_CORE(type, name)                                              \
   if (load_one(#name, "", (generic_proc *)&nvgl.name, err, err_size))     \
      return -1;
   NVDEMO_GL_CORE_FUNCS(LOAD_CORE)
#undef LOAD_CORE

   /* GL_VERSION is "<major>.<minor>[.<release>] <vendor info>" for desktop
    * GL (GL 2.0 spec, section 6.1.11). */
   const char *version = (const char *)nvgl.GetString(GL_VERSION);
   if (!version || sscanf(version, "%d.%d", &nvgl.major, &nvgl.minor) != 2) {
      snprintf(err, err_size, "cannot parse GL_VERSION \"%s\"",
               version ? version : "(null)");
      return -1;
   }
   if (nvgl.major < 2) {
      snprintf(err, err_size, "OpenGL 2.0 is needed, the driver offers %s",
               version);
      return -1;
   }

   const char *suffix;
   if (nvgl.major >= 3) {
      nvgl.fbo_flavour = "core";
      suffix = "";
   } else if (nvdemo_gl_has_extension("GL_ARB_framebuffer_object")) {
      nvgl.fbo_flavour = "ARB";
      suffix = "";
   } else if (nvdemo_gl_has_extension("GL_EXT_framebuffer_object")) {
      nvgl.fbo_flavour = "EXT";
      suffix = "EXT";
   } else {
      snprintf(err, err_size, "the driver has no framebuffer objects "
               "(neither GL 3.0, GL_ARB_framebuffer_object nor "
               "GL_EXT_framebuffer_object)");
      return -1;
   }
#define LOAD_FBO(type, name)                                               \
   if (load_one(#name, suffix, (generic_proc *)&nvgl.name, err, err_size)) \
      return -1;
   NVDEMO_GL_FBO_FUNCS(LOAD_FBO)
#undef LOAD_FBO
   return 0;
}

const char *
nvdemo_gl_error_name(GLenum error)
{
   switch (error) {
   case GL_NO_ERROR: return "GL_NO_ERROR";
   case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
   case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
   case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
   case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
   case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
   case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
   case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
   default: return "unknown GL error";
   }
}

const char *
nvdemo_gl_fbo_status_name(GLenum status)
{
   switch (status) {
   case GL_FRAMEBUFFER_COMPLETE: return "GL_FRAMEBUFFER_COMPLETE";
   case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT";
   case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT";
   case GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER: return "GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER";
   case GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER: return "GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER";
   case GL_FRAMEBUFFER_UNSUPPORTED: return "GL_FRAMEBUFFER_UNSUPPORTED";
   case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE";
   case FRAMEBUFFER_INCOMPLETE_DIMENSIONS_EXT: return "GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS_EXT";
   case FRAMEBUFFER_INCOMPLETE_FORMATS_EXT: return "GL_FRAMEBUFFER_INCOMPLETE_FORMATS_EXT";
   case 0: return "0 (glCheckFramebufferStatus failed)";
   default: return "unknown framebuffer status";
   }
}
