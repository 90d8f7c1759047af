/*
 * EGL set-up: EGL_MESA_platform_surfaceless display, EGL_OPENGL_API,
 * a context made current without a surface (EGL_KHR_surfaceless_context).
 */
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "nvdemo_egl.h"

static const char *
egl_error_name(EGLint error)
{
   switch (error) {
   case EGL_SUCCESS: return "EGL_SUCCESS";
   case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
   case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
   case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
   case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
   case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
   case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
   case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE";
   case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
   case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
   case EGL_BAD_NATIVE_PIXMAP: return "EGL_BAD_NATIVE_PIXMAP";
   case EGL_BAD_NATIVE_WINDOW: return "EGL_BAD_NATIVE_WINDOW";
   case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
   case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
   case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST";
   default: return "unknown EGL error";
   }
}

static int
has_word(const char *list, const char *word)
{
   const size_t len = strlen(word);

   for (const char *p = list; p && (p = strstr(p, word)); p += len) {
      if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
         return 1;
   }
   return 0;
}

static int
fail(char *err, unsigned err_size, const char *what)
{
   const EGLint e = eglGetError();
   snprintf(err, err_size, "%s failed: %s (0x%04x)", what, egl_error_name(e),
            (unsigned)e);
   return -1;
}

int
nvdemo_egl_init(struct nvdemo_egl *egl, char *err, unsigned err_size)
{
   EGLint major, minor;

   egl->display = EGL_NO_DISPLAY;
   egl->context = EGL_NO_CONTEXT;

   /* Client extensions (EGL_EXT_client_extensions) name the platforms. */
   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   if (!client || !has_word(client, "EGL_MESA_platform_surfaceless")) {
      snprintf(err, err_size, "this EGL has no EGL_MESA_platform_surfaceless "
               "(client extensions: %s)", client ? client : "none");
      return -1;
   }
   egl->display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                        EGL_DEFAULT_DISPLAY, NULL);
   if (egl->display == EGL_NO_DISPLAY)
      return fail(err, err_size, "eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)");
   if (!eglInitialize(egl->display, &major, &minor)) {
      egl->display = EGL_NO_DISPLAY;
      return fail(err, err_size, "eglInitialize");
   }

   const char *apis = eglQueryString(egl->display, EGL_CLIENT_APIS);
   if (!apis || !has_word(apis, "OpenGL")) {
      snprintf(err, err_size, "this EGL display offers no desktop OpenGL "
               "(client APIs: %s)", apis ? apis : "none");
      return -1;
   }
   if (!eglBindAPI(EGL_OPENGL_API))
      return fail(err, err_size, "eglBindAPI(EGL_OPENGL_API)");

   const char *exts = eglQueryString(egl->display, EGL_EXTENSIONS);
   if (!exts || !has_word(exts, "EGL_KHR_surfaceless_context")) {
      snprintf(err, err_size, "EGL_KHR_surfaceless_context is missing: "
               "cannot render without a surface");
      return -1;
   }

   /* No config is needed to render into an FBO; without
    * EGL_KHR_no_config_context, take any OpenGL-capable config. */
   EGLConfig config = EGL_NO_CONFIG_KHR;
   if (!has_word(exts, "EGL_KHR_no_config_context")) {
      static const EGLint config_attribs[] = {
         EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
         EGL_SURFACE_TYPE, EGL_DONT_CARE,
         EGL_NONE
      };
      EGLint count = 0;
      if (!eglChooseConfig(egl->display, config_attribs, &config, 1, &count))
         return fail(err, err_size, "eglChooseConfig");
      if (count < 1) {
         snprintf(err, err_size, "no EGL config renders desktop OpenGL");
         return -1;
      }
   }

   /* OpenGL 2.0; below 3.2 a context is always a compatibility one.  The
    * version attributes need EGL 1.5 or EGL_KHR_create_context. */
   static const EGLint ctx_attribs[] = {
      EGL_CONTEXT_MAJOR_VERSION, 2,
      EGL_CONTEXT_MINOR_VERSION, 0,
      EGL_NONE
   };
   const int versioned = major > 1 || minor >= 5 ||
                         has_word(exts, "EGL_KHR_create_context");
   egl->context = eglCreateContext(egl->display, config, EGL_NO_CONTEXT,
                                   versioned ? ctx_attribs : NULL);
   if (egl->context == EGL_NO_CONTEXT)
      return fail(err, err_size, "eglCreateContext for desktop OpenGL 2.0 "
                  "(does the driver offer OpenGL 2.0?)");
   if (!eglMakeCurrent(egl->display, EGL_NO_SURFACE, EGL_NO_SURFACE,
                       egl->context))
      return fail(err, err_size, "eglMakeCurrent(no surface)");
   return 0;
}

void
nvdemo_egl_fini(struct nvdemo_egl *egl)
{
   if (egl->display == EGL_NO_DISPLAY)
      return;
   eglMakeCurrent(egl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (egl->context != EGL_NO_CONTEXT)
      eglDestroyContext(egl->display, egl->context);
   eglTerminate(egl->display);
   egl->display = EGL_NO_DISPLAY;
   egl->context = EGL_NO_CONTEXT;
}
