/*
 * GL check of fragment shaders whose control flow depends on uniforms, on
 * any chip; written for rankine, whose fragment programs have no branch
 * instructions (NV_fragment_program): a loop bounded by a uniform count
 * and an early return on a uniform flag can be neither unrolled nor
 * flattened when compiled, and our driver compiles such a program for
 * the values the uniforms have at each draw (nvc_inline_uniforms.c,
 * nv30_fragprog_inlined).
 *
 * The shader adds `step` n times and returns red early when `early` is
 * set.  Expected pixels from GLSL 1.20 (sections 6.3, 6.4: the loop runs
 * n times; return leaves main with what was written): green = n * step
 * in [0, 1], as an 8-bit UNORM within 1 (GL 2.1 2.14.9 conversion).
 * The counts run past the driver's 16 kept variants and come back, so
 * that a dropped variant is compiled again, not reused stale.
 *   tests/gl/run.sh builds and runs it; by hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv30_gl_branches nv30_gl_branches.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   scripts/nvrun --chip nv30 -- /tmp/nv30_gl_branches
 */
#include "nouveau_gl_util.h"

static const char *vs_src =
   "void main() { gl_Position = gl_Vertex; }\n";
static const char *fs_src =
   "uniform int n;\n"
   "uniform bool early;\n"
   "uniform float step;\n"
   "void main() {\n"
   "   float acc = 0.0;\n"
   "   for (int i = 0; i < n; i++)\n"
   "      acc += step;\n"
   "   if (early) {\n"
   "      gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);\n"
   "      return;\n"
   "   }\n"
   "   gl_FragColor = vec4(0.0, acc, 0.0, 1.0);\n"
   "}\n";

static void
draw(GLuint prog, int n, bool early, float step)
{
   glUniform1i(glGetUniformLocation(prog, "n"), n);
   glUniform1i(glGetUniformLocation(prog, "early"), early);
   glUniform1f(glGetUniformLocation(prog, "step"), step);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glBegin(GL_QUADS);
   glVertex2f(-1, -1);
   glVertex2f(1, -1);
   glVertex2f(1, 1);
   glVertex2f(-1, 1);
   glEnd();
}

static void
expect(GLuint prog, int n, bool early, float step)
{
   char what[64];
   float g = n * step;
   unsigned want = early ? 0xff0000ffu
                         : (unsigned)(g * 255.0f + 0.5f) << 16 | 0xff;

   draw(prog, n, early, step);
   snprintf(what, sizeof(what), "n %d early %d step %g", n, early, step);
   check_tol(what, 5, 7, want, 1);
}

int
main(void)
{
   if (!nvgl_context())
      return 1;
   GLuint fb, rb;
   glGenFramebuffersEXT(1, &fb);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   glGenRenderbuffersEXT(1, &rb);
   glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb);
   glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA8, 16, 16);
   glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                GL_RENDERBUFFER_EXT, rb);
   glViewport(0, 0, 16, 16);

   GLuint prog = glCreateProgram();
   glAttachShader(prog, nvgl_shader(GL_VERTEX_SHADER, vs_src));
   glAttachShader(prog, nvgl_shader(GL_FRAGMENT_SHADER, fs_src));
   if (!nvgl_link(prog))
      return 1;
   glUseProgram(prog);

   expect(prog, 3, false, 0.125f);
   expect(prog, 6, false, 0.125f);
   expect(prog, 0, false, 0.125f);
   expect(prog, 3, true, 0.125f);
   /* step is not a branch uniform: a new value reuses the variant */
   expect(prog, 3, false, 0.25f);
   /* twenty counts, more than the variants kept, then the first again */
   for (int n = 0; n < 20; n++)
      expect(prog, n, false, 1.0f / 32.0f);
   expect(prog, 6, false, 0.125f);
   expect(prog, 2, true, 0.5f);
   return nvgl_done();
}
