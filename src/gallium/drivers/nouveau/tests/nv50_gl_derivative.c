/*
 * Fine and coarse derivatives on the Tesla driver (issue 11:
 * ARB_derivative_control): GLSL 1.50 in the driver's GL 3.3 context, an
 * RGBA8 FBO of 64x64 read back with glReadPixels.
 *
 * The FP takes v = x y of its gl_FragCoord (x, y: pixel centres,
 * px + 0.5, py + 0.5) and writes white channels where the derivatives
 * are what ARB_derivative_control allows:
 * - r: dFdxFine(v) == y exactly ("local differencing based on the value
 *   of p for the current fragment and its immediate neighbor(s)": v
 *   (x + 1) - v (x) = v (x) - v (x - 1) = y, exact in floats here);
 * - g: dFdyFine(v) == x exactly, likewise;
 * - b: dFdxCoarse(v) is y of the fragment's row or a neighbouring one
 *   (|d - y| <= 1: "fewer unique locations", "possibly, but not
 *   necessarily, include the value for the current fragment"; with
 *   2x2 quads the coarse value is the difference along one of the
 *   quad's two rows);
 * - a: dFdyCoarse(v), likewise against x.
 * Every pixel of a rectangle over the window is white: checked at the
 * four pixels of two quads and at the corners.
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).  Before PIPE_CAP_FS_FINE_DERIVATIVE the extension
 * is not exposed and the program stops there.
 */
#include "nouveau_gl_util.h"

#define S 64
#define WHITE 0xffffffff

static const char *vs_src =
   "#version 150\n"
   "in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_src =
   "#version 150\n"
   "#extension GL_ARB_derivative_control : require\n"
   "out vec4 c;\n"
   "void main() {\n"
   "   float x = gl_FragCoord.x, y = gl_FragCoord.y, v = x * y;\n"
   "   c = vec4(dFdxFine(v) == y ? 1.0 : 0.0,\n"
   "            dFdyFine(v) == x ? 1.0 : 0.0,\n"
   "            abs(dFdxCoarse(v) - y) <= 1.0 ? 1.0 : 0.0,\n"
   "            abs(dFdyCoarse(v) - x) <= 1.0 ? 1.0 : 0.0);\n"
   "}\n";

int
main(void)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;
   if (!nvgl_has_ext("GL_ARB_derivative_control")) {
      printf("FAIL ARB_derivative_control not exposed\nFAILED\n");
      return 1;
   }
   GLuint p = nvgl_program(vs_src, fs_src, "pos", NULL);
   glBindFragDataLocation(p, 0, "c");
   nvgl_link(p);
   glUseProgram(p);
   nvgl_columns(0, S, S);
   static const int at[][2] = {
      { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 },
      { 36, 22 }, { 37, 22 }, { 36, 23 }, { 37, 23 },
      { 63, 0 }, { 0, 63 }, { 63, 63 },
   };
   for (unsigned i = 0; i < sizeof(at) / sizeof(at[0]); i++)
      check("fine exact, coarse a neighbour's", at[i][0], at[i][1], WHITE);
   return nvgl_done();
}
