/*
 * GL 3.2 / 3.3 features of the Tesla driver (issue 11) that the audit of
 * nv50/README.md ("GL 3.2 and 3.3") found missing: EGL surfaceless, an
 * RGBA8 FBO of 64x64, read back with glReadPixels.  Parts by argument
 * (all without one):
 *
 * dual: ARB_blend_func_extended (GL 3.3 4.1.8, table 4.2: the SRC1
 *    factors take the fragment's second colour, output index 1).  The FP
 *    writes c0 = s = (0.4, 0.2, 0.8, 0.6) at index 0 and c1 = s1 = (0.6,
 *    0.8, 0.2, 0.4) at index 1 of location 0 (glBindFragDataLocationIndexed);
 *    the target is cleared to d = (0.125, 0.125, 0.125, 0.25), stored
 *    (GL 3.3 2.1.6, round(c * 255)) as 32, 32, 32, 64.  By hand, with the
 *    stored d (c * 255 below):
 *    - left half, SRC1_COLOR, ONE_MINUS_SRC1_COLOR / SRC1_ALPHA,
 *      ONE_MINUS_SRC1_ALPHA: R 102 * 0.6 + 32 * 0.4 = 74, G 51 * 0.8 +
 *      32 * 0.2 = 47.2, B 204 * 0.2 + 32 * 0.8 = 66.4, A 153 * 0.4 + 64 *
 *      0.6 = 99.6: 0x4a2f4264;
 *    - right half, ONE, SRC1_COLOR / ONE, ONE_MINUS_SRC1_ALPHA: R 102 +
 *      32 * 0.6 = 121.2, G 51 + 32 * 0.8 = 76.6, B 204 + 32 * 0.2 = 210.4,
 *      A 153 + 64 * 0.6 = 191.4: 0x794dd2bf;
 *    within 1 (llvmpipe blends in 8-bit fixed point).  The extension is
 *    listed and MAX_DUAL_SOURCE_DRAW_BUFFERS is at least 1.
 *
 * GLSL 1.30 source: run under MESA_GL_VERSION_OVERRIDE=3.0
 * MESA_GLSL_VERSION_OVERRIDE=130 while the driver claims less
 * (tests/gl/run.sh).  Expected values by hand above; run on g80, gt215
 * and llvmpipe.  By hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv50_gl_gl33 nv50_gl_gl33.c -Ibuild/mesa-src/include \
 *       -L$L -lEGL -lGL -lm -Wl,-rpath,$L
 *   MESA_GL_VERSION_OVERRIDE=3.0 MESA_GLSL_VERSION_OVERRIDE=130 \
 *       scripts/nvrun --chip g80 -- /tmp/nv50_gl_gl33 dual
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nv40_gl_util.h"

#define S 64

static bool
has_ext(const char *name)
{
   GLint n = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      if (!strcmp((const char *)glGetStringi(GL_EXTENSIONS, i), name))
         return true;
   return false;
}

static GLuint
shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   GLint ok = 0;
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[512] = "";
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      printf("FAIL shader does not compile: %s\n", log);
      fails++;
   }
   return s;
}

static bool
link(GLuint p)
{
   GLint ok = 0;
   glBindAttribLocation(p, 0, "pos");
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

static const char *vs_pos =
   "#version 130\n"
   "in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* A quad over window columns [x0, x1) (all rows) from the bound array. */
static void
quad(GLuint vb, int x0, int x1)
{
   float l = 2.0f * x0 / S - 1.0f, r = 2.0f * x1 / S - 1.0f;
   const float v[] = { l, -1, r, -1, l, 1, r, 1 };
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static void
part_dual(GLuint vb)
{
   if (!has_ext("GL_ARB_blend_func_extended")) {
      printf("FAIL GL_ARB_blend_func_extended is not listed\n");
      fails++;
      return;
   }
   GLint n = 0;
   glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &n);
   if (n < 1) {
      printf("FAIL MAX_DUAL_SOURCE_DRAW_BUFFERS %d\n", n);
      fails++;
   }
   GLuint p = glCreateProgram();
   glAttachShader(p, shader(GL_VERTEX_SHADER, vs_pos));
   glAttachShader(p, shader(GL_FRAGMENT_SHADER,
      "#version 130\n"
      "out vec4 c0, c1;\n"
      "void main() {\n"
      "   c0 = vec4(0.4, 0.2, 0.8, 0.6);\n"
      "   c1 = vec4(0.6, 0.8, 0.2, 0.4);\n"
      "}\n"));
   glBindFragDataLocationIndexed(p, 0, 0, "c0");
   glBindFragDataLocationIndexed(p, 0, 1, "c1");
   if (!link(p))
      return;
   glUseProgram(p);
   glClearColor(0.125f, 0.125f, 0.125f, 0.25f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_BLEND);
   glBlendEquation(GL_FUNC_ADD);
   glBlendFuncSeparate(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_COLOR,
                       GL_SRC1_ALPHA, GL_ONE_MINUS_SRC1_ALPHA);
   quad(vb, 0, S / 2);
   glBlendFuncSeparate(GL_ONE, GL_SRC1_COLOR, GL_ONE, GL_ONE_MINUS_SRC1_ALPHA);
   quad(vb, S / 2, S);
   glDisable(GL_BLEND);
   static const int at[][2] = { { 0, 0 }, { 17, 40 }, { 31, 63 } };
   for (unsigned i = 0; i < 3; i++) {
      check_tol("dual SRC1_COLOR / ONE_MINUS_SRC1_ALPHA", at[i][0], at[i][1],
                0x4a2f4264, 1);
      check_tol("dual ONE / SRC1_COLOR", S - 1 - at[i][0], at[i][1],
                0x794dd2bf, 1);
   }
   glUseProgram(0);
   glDeleteProgram(p);
}

static bool
want(int argc, char **argv, const char *part)
{
   if (argc < 2)
      return true;
   for (int i = 1; i < argc; i++)
      if (!strcmp(argv[i], part))
         return true;
   return false;
}

int
main(int argc, char **argv)
{
   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));

   GLuint fb, rb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, S, S);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL framebuffer incomplete\n");
      return 1;
   }
   glViewport(0, 0, S, S);
   GLuint vb;
   glGenBuffers(1, &vb);

   if (want(argc, argv, "dual"))
      part_dual(vb);

   glDeleteBuffers(1, &vb);
   glDeleteRenderbuffers(1, &rb);
   glDeleteFramebuffers(1, &fb);
   return nvgl_done();
}
