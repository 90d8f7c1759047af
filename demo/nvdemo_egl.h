/*
 * A desktop OpenGL context on EGL's surfaceless platform: no window system,
 * no surface; the demo renders into a framebuffer object.
 */
#ifndef NVDEMO_EGL_H
#define NVDEMO_EGL_H

#include <EGL/egl.h>

struct nvdemo_egl {
   EGLDisplay display;
   EGLContext context;
};

/* Creates and makes current an OpenGL (not ES) 2.0-or-later compatibility
 * context.  Returns 0, or -1 with a message in err. */
int nvdemo_egl_init(struct nvdemo_egl *egl, char *err, unsigned err_size);
void nvdemo_egl_fini(struct nvdemo_egl *egl);

#endif
