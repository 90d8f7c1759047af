/*
 * GLSL uniforms on the Tesla driver (issue 11, the compiler's
 * nvc_g80_*): EGL surfaceless + an RGBA8 FBO of 64x64, read back with
 * glReadPixels.  GLSL 1.20 programs, uniforms from glUniform*:
 *
 * 1. Left half (window x 0..31), FP reads: uniform vec4 a, b[3], c and
 *    int idx = 1:  gl_FragColor = vec4(a.y, b[idx].z, c.w, b[0].x)
 *    with a = (0, 0.25, 0, 0), b = ((0.5, 0, 0, 0), (0, 0, 0.75, 0),
 *    (0, 0, 1, 0)), c = (0, 0, 0, 1): (0.25, 0.75, 1, 0.5), stored as
 *    round(c * 255) (GL 2.1 2.14.9, eq. 2.3): 0x40bfff80.
 *    Every uniform after the first sits in a vec4 slot of its own (st/mesa
 *    without packed uniforms), so a compiler reading every uniform from
 *    slot 0 gives (0, 0, 0, 0); b[idx] with a non-constant idx is a
 *    compare ladder on idx's integer value (GLSL IR's
 *    lower_variable_index_to_cond_assign), which reads b[2] (blue 1.0
 *    instead of 0.75) when the integer uniform is stored as a float.
 * 2. Right half (x 32..63), the same in the VP: uniform vec4 v[4],
 *    int vidx = 3, v[3] = (0.5, 1, 0.25, 1), v[0..2] = 0; the colour
 *    varying is v[vidx] (flat over the quad: every vertex the same):
 *    0x80ff40ff.
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).
 */
#include "nouveau_gl_util.h"

#define S 64

static GLuint
program(const char *vs, const char *fs)
{
   return nvgl_program(vs, fs, "pos", NULL);
}

int
main(int argc, char **argv)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;

   /* 1: the FP's uniforms */
   GLuint fp = program(
      "#version 120\n"
      "attribute vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "#version 120\n"
      "uniform vec4 a; uniform vec4 b[3]; uniform vec4 c; uniform int idx;\n"
      "void main() { gl_FragColor = vec4(a.y, b[idx].z, c.w, b[0].x); }\n");
   glUseProgram(fp);
   static const float bv[12] = { 0.5f, 0, 0, 0,  0, 0, 0.75f, 0,  0, 0, 1, 0 };
   glUniform4f(glGetUniformLocation(fp, "a"), 0, 0.25f, 0, 0);
   glUniform4fv(glGetUniformLocation(fp, "b"), 3, bv);
   glUniform4f(glGetUniformLocation(fp, "c"), 0, 0, 0, 1);
   glUniform1i(glGetUniformLocation(fp, "idx"), 1);
   nvgl_columns(0, 32, S);

   /* 2: the VP's */
   GLuint vp = program(
      "#version 120\n"
      "attribute vec2 pos; uniform vec4 v[4]; uniform int vidx;\n"
      "varying vec4 col;\n"
      "void main() { col = v[vidx]; gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "#version 120\n"
      "varying vec4 col;\n"
      "void main() { gl_FragColor = col; }\n");
   glUseProgram(vp);
   static const float vv[16] = { 0, 0, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,
                                 0.5f, 1, 0.25f, 1 };
   glUniform4fv(glGetUniformLocation(vp, "v"), 4, vv);
   glUniform1i(glGetUniformLocation(vp, "vidx"), 3);
   nvgl_columns(32, 64, S);

   const int l[][2] = { {0, 0}, {31, 63}, {16, 30} };
   for (unsigned i = 0; i < sizeof(l) / sizeof(l[0]); i++)
      check_tol("FP uniforms a.y, b[idx].z, c.w, b[0].x", l[i][0], l[i][1],
                0x40bfff80, 1);
   const int r[][2] = { {32, 0}, {63, 63}, {48, 20} };
   for (unsigned i = 0; i < sizeof(r) / sizeof(r[0]); i++)
      check_tol("VP uniform v[vidx]", r[i][0], r[i][1], 0x80ff40ff, 1);
   return nvgl_done();
}
