/*
 * The OpenGL entry points the demo uses, all loaded at run time through
 * eglGetProcAddress, so the demo links libEGL only and works with whatever
 * Mesa the loader finds (ours in build/install, or the system's).
 */
#ifndef NVDEMO_GL_H
#define NVDEMO_GL_H

/* glcorearb.h gives the PFN types of every core function, GL 1.0 included;
 * without GL_GLEXT_PROTOTYPES it declares no functions, so nothing here
 * needs libGL at link time. */
#include <GL/glcorearb.h>

#define NVDEMO_GL_CORE_FUNCS(X)                                            \
   X(PFNGLGETSTRINGPROC, GetString)                                        \
   X(PFNGLGETERRORPROC, GetError)                                          \
   X(PFNGLGETINTEGERVPROC, GetIntegerv)                                    \
   X(PFNGLENABLEPROC, Enable)                                              \
   X(PFNGLDEPTHFUNCPROC, DepthFunc)                                        \
   X(PFNGLCLEARCOLORPROC, ClearColor)                                      \
   X(PFNGLCLEARDEPTHPROC, ClearDepth)                                      \
   X(PFNGLCLEARPROC, Clear)                                                \
   X(PFNGLVIEWPORTPROC, Viewport)                                          \
   X(PFNGLFINISHPROC, Finish)                                              \
   X(PFNGLPIXELSTOREIPROC, PixelStorei)                                    \
   X(PFNGLREADPIXELSPROC, ReadPixels)                                      \
   X(PFNGLDRAWELEMENTSPROC, DrawElements)                                  \
   X(PFNGLGENBUFFERSPROC, GenBuffers)                                      \
   X(PFNGLBINDBUFFERPROC, BindBuffer)                                      \
   X(PFNGLBUFFERDATAPROC, BufferData)                                      \
   X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)                                \
   X(PFNGLCREATESHADERPROC, CreateShader)                                  \
   X(PFNGLSHADERSOURCEPROC, ShaderSource)                                  \
   X(PFNGLCOMPILESHADERPROC, CompileShader)                                \
   X(PFNGLGETSHADERIVPROC, GetShaderiv)                                    \
   X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                          \
   X(PFNGLDELETESHADERPROC, DeleteShader)                                  \
   X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                \
   X(PFNGLATTACHSHADERPROC, AttachShader)                                  \
   X(PFNGLBINDATTRIBLOCATIONPROC, BindAttribLocation)                      \
   X(PFNGLLINKPROGRAMPROC, LinkProgram)                                    \
   X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                  \
   X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                        \
   X(PFNGLUSEPROGRAMPROC, UseProgram)                                      \
   X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                \
   X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                      \
   X(PFNGLUNIFORMMATRIX4FVPROC, UniformMatrix4fv)                          \
   X(PFNGLUNIFORMMATRIX3FVPROC, UniformMatrix3fv)                          \
   X(PFNGLUNIFORM3FPROC, Uniform3f)                                        \
   X(PFNGLENABLEVERTEXATTRIBARRAYPROC, EnableVertexAttribArray)            \
   X(PFNGLVERTEXATTRIBPOINTERPROC, VertexAttribPointer)

/* Framebuffer objects: core in GL 3.0 and ARB_framebuffer_object, with the
 * same signatures and enum values as EXT_framebuffer_object, which a GL 2.x
 * driver may offer instead. */
#define NVDEMO_GL_FBO_FUNCS(X)                                             \
   X(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers)                            \
   X(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer)                            \
   X(PFNGLDELETEFRAMEBUFFERSPROC, DeleteFramebuffers)                      \
   X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, FramebufferRenderbuffer)            \
   X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, CheckFramebufferStatus)              \
   X(PFNGLGENRENDERBUFFERSPROC, GenRenderbuffers)                          \
   X(PFNGLBINDRENDERBUFFERPROC, BindRenderbuffer)                          \
   X(PFNGLDELETERENDERBUFFERSPROC, DeleteRenderbuffers)                    \
   X(PFNGLRENDERBUFFERSTORAGEPROC, RenderbufferStorage)

#define NVDEMO_GL_MEMBER(type, name) type name;

struct nvdemo_gl {
   NVDEMO_GL_CORE_FUNCS(NVDEMO_GL_MEMBER)
   NVDEMO_GL_FBO_FUNCS(NVDEMO_GL_MEMBER)
   int major, minor;          /* parsed from GL_VERSION */
   const char *fbo_flavour;   /* "core", "ARB" or "EXT" */
};

extern struct nvdemo_gl nvgl;

/* Loads the GL 1.x/2.0 entry points (a context must be current).  Returns 0,
 * or -1 with a message in err. */
int nvdemo_gl_load(char *err, unsigned err_size);

/* Name of a glGetError / glCheckFramebufferStatus value, for messages. */
const char *nvdemo_gl_error_name(GLenum error);
const char *nvdemo_gl_fbo_status_name(GLenum status);

/* Whether the space-separated GL_EXTENSIONS string names ext exactly. */
int nvdemo_gl_has_extension(const char *ext);

#endif
