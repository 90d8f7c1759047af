/*
 * Fixed-function per-fragment and rasterizer state on the Tesla driver
 * (issue 11): EGL surfaceless, an RGBA8 + DEPTH24_STENCIL8 FBO of 64x64,
 * read back with glReadPixels.  Every draw is a window-aligned rectangle
 * (pixel centres x + 0.5 inside, GL 2.1 3.5.1) coloured by a uniform,
 * so each expected pixel is the GL formula on the values below; colours
 * are stored as round(c * 255) (GL 2.1 2.14.9).
 *
 *  1. Blending (GL 2.1 4.1.8), on a clear of (0.2, 0.4, 0.6, 1.0)
 *     (0x33, 0x66, 0x99, 0xff):
 *     a. SRC_ALPHA, ONE_MINUS_SRC_ALPHA, src (1, 0, 0.4, 0.25):
 *        r = 0.25 + 0.2 * 0.75 = 0.4, g = 0.3, b = 0.1 + 0.45 = 0.55,
 *        a = 0.0625 + 0.75 = 0.8125 -> 0x66, 0x4c/4d, 0x8c, 0xcf
 *     b. BlendFuncSeparate(ONE, ONE, ZERO, ONE), src (0.4, 0.4, 0.2, 0.6):
 *        rgb = src + dst = (0.6, 0.8, 0.8), a = dst 1 -> 99 cc cc ff
 *     c. FUNC_REVERSE_SUBTRACT, ONE, ONE, src (0.1, 0.6, 0.2, 0.5):
 *        dst - src = (0.1, -0.2 -> 0, 0.4, 0.5) -> 1a 00 66 80
 *     d. BlendEquationSeparate(MIN, MAX), src (0.8, 0.2, 0.6, 0.2):
 *        rgb min (0.2, 0.2, 0.6), a max 1 -> 33 33 99 ff
 *     e. CONSTANT_COLOR, ONE_MINUS_CONSTANT_ALPHA, BlendColor
 *        (0.5, 1, 0, 0.5), src (0.8, 0.4, 1, 1): src * C + dst * 0.5 =
 *        (0.5, 0.6, 0.3, 1.0) -> 80 99 4c/4d ff
 *     f. LogicOp XOR (4.1.10), src 0xff 0x0f 0x00 0xf0 bits:
 *        33 ^ ff = cc, 66 ^ 0f = 69, 99, ff ^ f0 = 0f
 *     g. ColorMask(R, A only), src (1, 1, 1, 0): ff 66 99 00
 *  2. Depth (4.1.5) against a clear to 0.5: a rectangle at window depth
 *     0.25 (z = -0.5) passes LESS, LEQUAL, NOTEQUAL, ALWAYS and fails
 *     GREATER, GEQUAL, EQUAL, NEVER; DepthMask(FALSE) leaves 0.5 there
 *     (a second draw at 0.4 passes LESS).
 *  3. Stencil (4.1.4): REPLACE 1 where drawn, then EQUAL 1 colours only
 *     there; INCR twice -> 2 (EQUAL 2), DECR_WRAP of 0 -> 255 (EQUAL
 *     255), INVERT of 2 with write mask 0x0f -> 0x0d (EQUAL 13); two-sided
 *     (StencilOpSeparate): a CCW (front) rectangle writes 3, a CW (back)
 *     one 5, then EQUAL 3 and EQUAL 5 colour each.
 *  4. Alpha test (4.1.4): GREATER 0.5 rejects alpha 0.25, keeps 0.75.
 *  5. Scissor (4.1.2): a whole-window draw inside Scissor(8, 8, 16, 16)
 *     colours 8..23 only; a Clear with the scissor on clears the box
 *     only; with the scissor off a Clear clears everything (the draw's
 *     scissor must not cut it).
 *  6. Culling (3.5.1): CullFace(BACK) drops a CW rectangle and keeps a
 *     CCW one; FrontFace(CW) swaps them; FRONT_AND_BACK drops both.
 *  7. Polygon offset (3.5.5): a second draw of the same rectangle with
 *     LESS fails (equal depths), and passes with PolygonOffset(0, -4)
 *     (-4 units: 4 resolvable steps nearer) but not with (0, 4); a
 *     rectangle sloped in z (window depth 0.25 .. 0.75 across 64 pixels)
 *     drawn again with PolygonOffset(-1, 0) passes where it is in front
 *     of the clear (x < 32; m = 1/128 per pixel, far above the depth
 *     resolution).
 *  8. Polygon mode LINE (3.5.4): a rectangle with edges on pixel centres
 *     (10.5 .. 50.5) colours the edge pixels (10, 30) and (30, 10) and
 *     not the inside (40, 20) (drawn as a fan of two triangles: the
 *     diagonal x = y is an edge too).
 *  9. Depth clamp (ARB_depth_clamp): a rectangle at z = -2 is clipped by
 *     the near plane, and with DEPTH_CLAMP drawn at depth 0 (passes LESS
 *     against 0.5).
 * 10. Flat shading (2.14.7): a triangle with red, green and blue
 *     vertices (gl_FrontColor from an attribute, gl_Color in the FP)
 *     under ShadeModel(FLAT) is the provoking (last, 2.14.7 table 2.12)
 *     vertex's blue everywhere; under SMOOTH the centre mixes all three.
 * 11. Two colour targets (gl_FragData[0] and [1] the same colour), both
 *     cleared to (0.2, 0.4, 0.6, 1):
 *     a. blending on target 1 only (EXT_draw_buffers2, every Tesla:
 *        BLEND_ENABLE per target), ONE, ONE, src (0.4, 0.2, 0.2, 0):
 *        target 0 = src = 66 33 33 00, target 1 = src + dst = 99 99 cc ff
 *     b. colour mask per target: target 1 without G: src (1, 1, 1, 1)
 *        -> target 0 ffffffff, target 1 ff 66 ff ff
 *     c. functions per target (ARB_draw_buffers_blend: GT215's IBLEND;
 *        G80 has one set of functions, so the extension must be
 *        absent there): target 0 ONE, ONE, target 1 ZERO, SRC_COLOR,
 *        src (0.5, 0.5, 0.5, 0.5): target 0 = (0.7, 0.9, 1, 1) =
 *        b3 e6 ff ff, target 1 = dst * src = (0.1, 0.2, 0.3, 0.5) =
 *        1a 33 4c 80.
 * 12. Polygon stipple (3.5.6): a pattern whose even rows are bytes 0xf0
 *     (the first byte's top bit is x = 0) and odd rows 0: a stippled
 *     rectangle covers (x, y) with y even and x % 8 < 4 only.
 * 13. Wide lines (3.4.2): LineWidth(4) of a horizontal line at y = 40
 *     from x = 8 to 56 covers rows 38 .. 41 (an x-major line widened in
 *     y, centred on the line).  (Points are 1 pixel on the Tesla driver
 *     until the linkage gives SEMANTIC_PTSZ: not tested here.)
 * Run on g80, gt215 and llvmpipe (tests/gl/run.sh).  By hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv50_gl_state nv50_gl_state.c -L$L -lEGL -lGL -lm -Wl,-rpath,$L
 *   scripts/nvrun --chip g80 -- /tmp/nv50_gl_state      (prints PASSED)
 */
#include <math.h>

#include "nouveau_gl_util.h"

#define S 64

static GLint colour_loc;
static GLuint uniform_prog;

static const char *uniform_src[2] = {
   "#version 120\n"
   "attribute vec3 pos;\n"
   "void main() { gl_Position = vec4(pos, 1.0); }\n",
   "#version 120\n"
   "uniform vec4 colour;\n"
   "void main() { gl_FragColor = colour; }\n",
};

static GLuint
program(const char **src)
{
   return nvgl_program(src[0], src[1], "pos", "col", NULL);
}

/* The window rectangle x0..x1, y0..y1 at window depth z0 (left) .. z1
 * (right), counter-clockwise unless cw, in colour c. */
static void
rect_z(int x0, int y0, int x1, int y1, float z0, float z1, bool cw,
       float r, float g, float b, float a)
{
   float nx0 = x0 * 2.0f / S - 1, nx1 = x1 * 2.0f / S - 1;
   float ny0 = y0 * 2.0f / S - 1, ny1 = y1 * 2.0f / S - 1;
   /* window depth d = (z + 1) / 2 with the default depth range */
   float d0 = 2 * z0 - 1, d1 = 2 * z1 - 1;
   float ccw[] = { nx0, ny0, d0,  nx1, ny0, d1,  nx1, ny1, d1,  nx0, ny1, d0 };
   float rev[] = { nx0, ny0, d0,  nx0, ny1, d0,  nx1, ny1, d1,  nx1, ny0, d1 };

   glUniform4f(colour_loc, r, g, b, a);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, cw ? rev : ccw);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

static void
rect(int x0, int y0, int x1, int y1, float r, float g, float b, float a)
{
   rect_z(x0, y0, x1, y1, 0.5f, 0.5f, false, r, g, b, a);
}

static void
clear_all(void)
{
   glDisable(GL_SCISSOR_TEST);
   glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
   glClearDepth(0.5);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

#define BG 0x336699ffu

static void
blending(void)
{
   clear_all();
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   rect(0, 0, 8, 8, 1.0f, 0.0f, 0.4f, 0.25f);
   check_tol("blend SRC_ALPHA, ONE_MINUS_SRC_ALPHA", 4, 4, 0x664c8ccf, 1);

   glBlendFuncSeparate(GL_ONE, GL_ONE, GL_ZERO, GL_ONE);
   rect(8, 0, 16, 8, 0.4f, 0.4f, 0.2f, 0.6f);
   check_tol("blend separate ONE, ONE / ZERO, ONE", 12, 4, 0x99ccccff, 1);

   glBlendFunc(GL_ONE, GL_ONE);
   glBlendEquation(GL_FUNC_REVERSE_SUBTRACT);
   rect(16, 0, 24, 8, 0.1f, 0.6f, 0.2f, 0.5f);
   check_tol("blend REVERSE_SUBTRACT", 20, 4, 0x1a006680, 1);

   glBlendEquationSeparate(GL_MIN, GL_MAX);
   rect(24, 0, 32, 8, 0.8f, 0.2f, 0.6f, 0.2f);
   check_tol("blend equations MIN / MAX", 28, 4, 0x333399ff, 1);

   glBlendEquation(GL_FUNC_ADD);
   glBlendColor(0.5f, 1.0f, 0.0f, 0.5f);
   glBlendFunc(GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_ALPHA);
   rect(32, 0, 40, 8, 0.8f, 0.4f, 1.0f, 1.0f);
   check_tol("blend CONSTANT_COLOR, ONE_MINUS_CONSTANT_ALPHA", 36, 4,
             0x80994cff, 1);
   glDisable(GL_BLEND);

   glEnable(GL_COLOR_LOGIC_OP);
   glLogicOp(GL_XOR);
   rect(40, 0, 48, 8, 1.0f, 15 / 255.0f, 0.0f, 240 / 255.0f);
   check("logic op XOR", 44, 4, 0xcc69990f);
   glDisable(GL_COLOR_LOGIC_OP);

   glColorMask(GL_TRUE, GL_FALSE, GL_FALSE, GL_TRUE);
   rect(48, 0, 56, 8, 1.0f, 1.0f, 1.0f, 0.0f);
   check("colour mask R, A", 52, 4, 0xff669900);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   check("outside the blended rectangles", 60, 4, BG);
}

static void
depth(void)
{
   static const struct { GLenum func; const char *name; bool pass; } f[] = {
      { GL_LESS, "LESS", true }, { GL_LEQUAL, "LEQUAL", true },
      { GL_NOTEQUAL, "NOTEQUAL", true }, { GL_ALWAYS, "ALWAYS", true },
      { GL_GREATER, "GREATER", false }, { GL_GEQUAL, "GEQUAL", false },
      { GL_EQUAL, "EQUAL", false }, { GL_NEVER, "NEVER", false },
   };
   char what[64];

   clear_all();
   glEnable(GL_DEPTH_TEST);
   glDepthMask(GL_FALSE);
   for (unsigned i = 0; i < 8; i++) {
      glDepthFunc(f[i].func);
      rect_z(i * 8, 8, i * 8 + 8, 16, 0.25f, 0.25f, false, 1, 0, 0, 1);
      snprintf(what, sizeof(what), "depth %s, 0.25 against 0.5", f[i].name);
      check(what, i * 8 + 4, 12, f[i].pass ? 0xff0000ff : BG);
   }
   /* no depth written: 0.4 still passes LESS against 0.5 */
   glDepthFunc(GL_LESS);
   rect_z(0, 8, 8, 16, 0.4f, 0.4f, false, 0, 1, 0, 1);
   check("depth mask FALSE kept 0.5", 4, 12, 0x00ff00ff);
   /* written: 0.25, then 0.4 fails LESS */
   glDepthMask(GL_TRUE);
   rect_z(8, 8, 16, 16, 0.25f, 0.25f, false, 0, 0, 1, 1);
   rect_z(8, 8, 16, 16, 0.4f, 0.4f, false, 0, 1, 0, 1);
   check("depth written 0.25, 0.4 fails LESS", 12, 12, 0x0000ffff);
   glDisable(GL_DEPTH_TEST);
}

static void
stencil(void)
{
   clear_all();
   glEnable(GL_STENCIL_TEST);
   /* REPLACE 1 in x 8..16, then EQUAL 1 over x 0..24 */
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   rect(8, 16, 16, 24, 1, 0, 0, 1);
   glStencilFunc(GL_EQUAL, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   rect(0, 16, 24, 24, 0, 1, 0, 1);
   check("stencil EQUAL 1 where REPLACE wrote 1", 12, 20, 0x00ff00ff);
   check("stencil EQUAL 1 fails on 0", 4, 20, BG);
   check("stencil EQUAL 1 fails on 0 (right)", 20, 20, BG);

   /* INCR twice in x 24..32 -> 2 */
   glStencilFunc(GL_ALWAYS, 0, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
   rect(24, 16, 32, 24, 1, 0, 0, 1);
   rect(24, 16, 32, 24, 1, 0, 0, 1);
   /* DECR_WRAP of 0 in x 32..40 -> 255 */
   glStencilOp(GL_KEEP, GL_KEEP, GL_DECR_WRAP);
   rect(32, 16, 40, 24, 1, 0, 0, 1);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   glStencilFunc(GL_EQUAL, 2, 0xff);
   rect(24, 16, 40, 24, 0, 0, 1, 1);
   check("stencil INCR twice = 2", 28, 20, 0x0000ffff);
   check("stencil DECR_WRAP of 0 is not 2", 36, 20, 0xff0000ff);
   glStencilFunc(GL_EQUAL, 255, 0xff);
   rect(32, 16, 40, 24, 0, 1, 1, 1);
   check("stencil DECR_WRAP of 0 = 255", 36, 20, 0x00ffffff);

   /* INVERT of 2 with write mask 0x0f: 2 ^ 0x0f = 0x0d */
   glStencilFunc(GL_ALWAYS, 0, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_INVERT);
   glStencilMask(0x0f);
   rect(24, 16, 32, 24, 1, 0, 0, 1);
   glStencilMask(0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   glStencilFunc(GL_EQUAL, 13, 0xff);
   rect(24, 16, 32, 24, 1, 1, 0, 1);
   check("stencil INVERT under write mask 0x0f = 13", 28, 20, 0xffff00ff);

   /* two-sided: front faces write 3, back faces 5 */
   glStencilFuncSeparate(GL_FRONT, GL_ALWAYS, 3, 0xff);
   glStencilFuncSeparate(GL_BACK, GL_ALWAYS, 5, 0xff);
   glStencilOpSeparate(GL_FRONT, GL_KEEP, GL_KEEP, GL_REPLACE);
   glStencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_REPLACE);
   rect_z(40, 16, 48, 24, 0.5f, 0.5f, false, 1, 0, 0, 1);
   rect_z(48, 16, 56, 24, 0.5f, 0.5f, true, 1, 0, 0, 1);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   glStencilFunc(GL_EQUAL, 3, 0xff);
   rect(40, 16, 56, 24, 0, 1, 0, 1);
   check("two-sided stencil: front wrote 3", 44, 20, 0x00ff00ff);
   check("two-sided stencil: back did not write 3", 52, 20, 0xff0000ff);
   glStencilFunc(GL_EQUAL, 5, 0xff);
   rect(40, 16, 56, 24, 0, 0, 1, 1);
   check("two-sided stencil: back wrote 5", 52, 20, 0x0000ffff);
   glDisable(GL_STENCIL_TEST);
}

static void
alpha_test(void)
{
   clear_all();
   glEnable(GL_ALPHA_TEST);
   glAlphaFunc(GL_GREATER, 0.5f);
   rect(0, 24, 8, 32, 1, 0, 0, 0.25f);
   rect(8, 24, 16, 32, 1, 0, 0, 0.75f);
   check("alpha test GREATER 0.5 rejects 0.25", 4, 28, BG);
   check_tol("alpha test GREATER 0.5 keeps 0.75", 12, 28, 0xff0000bf, 1);
   glDisable(GL_ALPHA_TEST);
}

static void
scissor(void)
{
   clear_all();
   glEnable(GL_SCISSOR_TEST);
   glScissor(8, 8, 16, 16);
   rect(0, 0, S, S, 1, 0, 0, 1);
   check("scissored draw inside", 8, 8, 0xff0000ff);
   check("scissored draw inside (corner)", 23, 23, 0xff0000ff);
   check("scissored draw outside (left)", 7, 12, BG);
   check("scissored draw outside (above)", 12, 24, BG);
   /* a scissored clear */
   glScissor(12, 12, 4, 4);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   check("scissored clear inside", 13, 13, 0x0000ffff);
   check("scissored clear outside", 17, 17, 0xff0000ff);
   /* the scissor off: a clear covers everything, whatever the last
    * draw's scissor was */
   glDisable(GL_SCISSOR_TEST);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   check("clear after a scissored draw, scissor off", 40, 40, 0x00ff00ff);
   check("clear after a scissored draw, scissor off (origin)", 0, 0,
         0x00ff00ff);
}

static void
cull(void)
{
   clear_all();
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   rect_z(0, 32, 8, 40, 0.5f, 0.5f, false, 1, 0, 0, 1);
   rect_z(8, 32, 16, 40, 0.5f, 0.5f, true, 1, 0, 0, 1);
   check("cull BACK keeps CCW", 4, 36, 0xff0000ff);
   check("cull BACK drops CW", 12, 36, BG);
   glFrontFace(GL_CW);
   rect_z(16, 32, 24, 40, 0.5f, 0.5f, false, 0, 1, 0, 1);
   rect_z(24, 32, 32, 40, 0.5f, 0.5f, true, 0, 1, 0, 1);
   check("FrontFace CW: cull BACK drops CCW", 20, 36, BG);
   check("FrontFace CW: cull BACK keeps CW", 28, 36, 0x00ff00ff);
   glFrontFace(GL_CCW);
   glCullFace(GL_FRONT_AND_BACK);
   rect_z(32, 32, 40, 40, 0.5f, 0.5f, false, 0, 0, 1, 1);
   rect_z(40, 32, 48, 40, 0.5f, 0.5f, true, 0, 0, 1, 1);
   check("cull FRONT_AND_BACK drops CCW", 36, 36, BG);
   check("cull FRONT_AND_BACK drops CW", 44, 36, BG);
   glCullFace(GL_BACK);
   glDisable(GL_CULL_FACE);
}

static void
polygon_offset(void)
{
   clear_all();
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   /* the same rectangle twice: equal depths fail LESS */
   rect_z(0, 40, 8, 48, 0.25f, 0.25f, false, 1, 0, 0, 1);
   rect_z(0, 40, 8, 48, 0.25f, 0.25f, false, 0, 1, 0, 1);
   check("no offset: equal depth fails LESS", 4, 44, 0xff0000ff);
   glEnable(GL_POLYGON_OFFSET_FILL);
   glPolygonOffset(0, 4);
   rect_z(0, 40, 8, 48, 0.25f, 0.25f, false, 0, 1, 0, 1);
   check("offset +4 units fails LESS", 4, 44, 0xff0000ff);
   glPolygonOffset(0, -4);
   rect_z(0, 40, 8, 48, 0.25f, 0.25f, false, 0, 0, 1, 1);
   check("offset -4 units passes LESS", 4, 44, 0x0000ffff);
   glDisable(GL_POLYGON_OFFSET_FILL);

   /* sloped in z: 0.25 at x = 0 to 0.75 at x = 64 */
   rect_z(0, 48, S, 56, 0.25f, 0.75f, false, 1, 0, 0, 1);
   rect_z(0, 48, S, 56, 0.25f, 0.75f, false, 0, 1, 0, 1);
   check("sloped, no offset: equal depth fails LESS", 20, 52, 0xff0000ff);
   glEnable(GL_POLYGON_OFFSET_FILL);
   glPolygonOffset(-1, 0);
   rect_z(0, 48, S, 56, 0.25f, 0.75f, false, 0, 0, 1, 1);
   check("sloped, offset factor -1 passes LESS", 20, 52, 0x0000ffff);
   /* (window depth 0.47 at x = 28.5, still in front of the clear) */
   check("sloped, offset factor -1 passes LESS (right)", 28, 52, 0x0000ffff);
   glDisable(GL_POLYGON_OFFSET_FILL);
   glPolygonOffset(0, 0);
   glDisable(GL_DEPTH_TEST);
}

static void
polygon_mode(void)
{
   static const float q[] = {
      /* window 10.5 .. 50.5: ndc = w / 32 - 1 */
      10.5f / 32 - 1, 10.5f / 32 - 1, 0,   50.5f / 32 - 1, 10.5f / 32 - 1, 0,
      50.5f / 32 - 1, 50.5f / 32 - 1, 0,   10.5f / 32 - 1, 50.5f / 32 - 1, 0,
   };

   clear_all();
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   glUniform4f(colour_loc, 1, 1, 0, 1);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, q);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   check("polygon mode LINE: left edge", 10, 30, 0xffff00ff);
   check("polygon mode LINE: bottom edge", 30, 10, 0xffff00ff);
   /* (not on the diagonal edge x = y between the fan's triangles) */
   check("polygon mode LINE: inside untouched", 40, 20, BG);
}

static void
depth_clamp(void)
{
   clear_all();
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   /* z = -2 in clip space: before the near plane */
   rect_z(0, 56, 8, 64, -0.5f, -0.5f, false, 1, 0, 0, 1);
   check("near-clipped rectangle not drawn", 4, 60, BG);
   glEnable(GL_DEPTH_CLAMP);
   rect_z(0, 56, 8, 64, -0.5f, -0.5f, false, 1, 0, 0, 1);
   check("depth clamp: drawn at depth 0", 4, 60, 0xff0000ff);
   /* its depth is 0: a rectangle at 0.1 fails LESS there */
   glDisable(GL_DEPTH_CLAMP);
   rect_z(0, 56, 8, 64, 0.1f, 0.1f, false, 0, 1, 0, 1);
   check("depth clamp wrote 0", 4, 60, 0xff0000ff);
   glDisable(GL_DEPTH_TEST);
}

static void
flat_shading(void)
{
   static const char *src[2] = {
      "#version 120\n"
      "attribute vec3 pos; attribute vec4 col;\n"
      "void main() { gl_Position = vec4(pos, 1.0); gl_FrontColor = col; }\n",
      "#version 120\n"
      "void main() { gl_FragColor = gl_Color; }\n",
   };
   /* window (0, 0), (64, 0), (0, 64): red, green, blue */
   static const float pos[] = { -1, -1, 0,   1, -1, 0,   -1, 1, 0 };
   static const float col[] = { 1, 0, 0, 1,   0, 1, 0, 1,   0, 0, 1, 1 };
   GLuint p = program(src);

   clear_all();
   glUseProgram(p);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, pos);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, col);
   glEnableVertexAttribArray(1);
   glShadeModel(GL_FLAT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check("flat: provoking (last) vertex's colour", 1, 1, 0x0000ffff);
   check("flat: provoking (last) vertex's colour", 40, 10, 0x0000ffff);
   check("flat: provoking (last) vertex's colour", 20, 20, 0x0000ffff);
   glShadeModel(GL_SMOOTH);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   /* (20.5, 20.5): green 20.5 / 64, blue 20.5 / 64, red the rest */
   check_tol("smooth again: mixed", 20, 20, 0x5c5252ff, 1);
   glDisableVertexAttribArray(1);
   glUseProgram(uniform_prog);
}

static void
polygon_stipple(void)
{
   GLubyte pat[128];

   for (unsigned r = 0; r < 32; r++)
      memset(pat + 4 * r, r % 2 ? 0x00 : 0xf0, 4);
   clear_all();
   glPolygonStipple(pat);
   glEnable(GL_POLYGON_STIPPLE);
   rect(0, 0, 32, 32, 1, 0, 0, 1);
   glDisable(GL_POLYGON_STIPPLE);
   check("stipple: even row, x % 8 = 1", 1, 2, 0xff0000ff);
   check("stipple: even row, x % 8 = 3", 11, 10, 0xff0000ff);
   check("stipple: even row, x % 8 = 5", 5, 2, BG);
   check("stipple: odd row", 1, 3, BG);
   check("stipple: even row, x % 8 = 0 (second word)", 24, 30, 0xff0000ff);
}

static void
wide(void)
{
   /* ndc = w / 32 - 1 */
   static const float ln[] = { 8.0f / 32 - 1, 40.0f / 32 - 1, 0,
                               56.0f / 32 - 1, 40.0f / 32 - 1, 0 };

   clear_all();
   glUniform4f(colour_loc, 1, 0, 0, 1);
   glLineWidth(4);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, ln);
   glDrawArrays(GL_LINES, 0, 2);
   glLineWidth(1);
   check("line width 4: row 38", 30, 38, 0xff0000ff);
   check("line width 4: row 41", 30, 41, 0xff0000ff);
   check("line width 4: row 37", 30, 37, BG);
   check("line width 4: row 42", 30, 42, BG);
}

/* in the extension string (a compatibility context has it) */
/* pixel (x, y) of colour attachment 0 and 1 */
static void
check_mrt(const char *what, int x, int y, unsigned want0, unsigned want1,
          int tol)
{
   char w[96];

   glReadBuffer(GL_COLOR_ATTACHMENT0);
   snprintf(w, sizeof(w), "%s, target 0", what);
   check_tol(w, x, y, want0, tol);
   glReadBuffer(GL_COLOR_ATTACHMENT1);
   snprintf(w, sizeof(w), "%s, target 1", what);
   check_tol(w, x, y, want1, tol);
   glReadBuffer(GL_COLOR_ATTACHMENT0);
}

static void
two_targets(const char *renderer)
{
   static const char *src[2] = {
      "#version 120\n"
      "attribute vec3 pos;\n"
      "void main() { gl_Position = vec4(pos, 1.0); }\n",
      "#version 120\n"
      "uniform vec4 colour;\n"
      "void main() { gl_FragData[0] = colour; gl_FragData[1] = colour; }\n",
   };
   static const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   GLuint rb;

   if (!nvgl_has_ext("GL_EXT_draw_buffers2")) {
      printf("FAIL EXT_draw_buffers2 is not exposed\n");
      fails++;
      return;
   }
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, S, S);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                             GL_RENDERBUFFER, rb);
   glDrawBuffers(2, bufs);
   GLuint p = program(src);
   glUseProgram(p);
   colour_loc = glGetUniformLocation(p, "colour");
   clear_all();

   glEnableIndexedEXT(GL_BLEND, 1);
   glBlendFunc(GL_ONE, GL_ONE);
   rect(0, 0, 8, 8, 0.4f, 0.2f, 0.2f, 0.0f);
   check_mrt("blend enabled on target 1 only", 4, 4, 0x66333300, 0x9999ccff, 1);
   glDisableIndexedEXT(GL_BLEND, 1);

   glColorMaskIndexedEXT(1, GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
   rect(8, 0, 16, 8, 1, 1, 1, 1);
   check_mrt("colour mask without G on target 1", 12, 4, 0xffffffff,
             0xff66ffff, 0);
   glColorMaskIndexedEXT(1, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

   /* G80..GT200 have one set of blend functions (no IBLEND); of the
    * chips this runs on (g80, gt215, llvmpipe) the G80 */
   const bool one_set = !strncmp(renderer, "G80", 3);
   const bool per_target = nvgl_has_ext("GL_ARB_draw_buffers_blend");
   if (one_set) {
      check_u("G80: ARB_draw_buffers_blend exposed", per_target, 0);
   } else if (!per_target) {
      printf("FAIL ARB_draw_buffers_blend is not exposed\n");
      fails++;
   } else {
      glEnable(GL_BLEND);
      glBlendFunciARB(0, GL_ONE, GL_ONE);
      glBlendFunciARB(1, GL_ZERO, GL_SRC_COLOR);
      rect(16, 0, 24, 8, 0.5f, 0.5f, 0.5f, 0.5f);
      check_mrt("blend functions per target", 20, 4, 0xb3e6ffff, 0x1a334c80,
                1);
      glDisable(GL_BLEND);
      glBlendFunc(GL_ONE, GL_ZERO);
   }

   glDrawBuffers(1, bufs);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                             GL_RENDERBUFFER, 0);
   glUseProgram(uniform_prog);
   colour_loc = glGetUniformLocation(uniform_prog, "colour");
}

static const char *renderer_name;

static void
mrt(void)
{
   two_targets(renderer_name);
}

int
main(int argc, char **argv)
{
   renderer_name = nvgl_context();
   if (!renderer_name)
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));

   if (!nvgl_fbo_zs(GL_RGBA8, GL_DEPTH_STENCIL_ATTACHMENT, GL_DEPTH24_STENCIL8, S, S))
      return 1;

   uniform_prog = program(uniform_src);
   glUseProgram(uniform_prog);
   colour_loc = glGetUniformLocation(uniform_prog, "colour");
   glEnableVertexAttribArray(0);

   const char *only = argc > 1 ? argv[1] : NULL;
   static const struct { const char *name; void (*run)(void); } parts[] = {
      { "blend", blending }, { "depth", depth }, { "stencil", stencil },
      { "alpha", alpha_test }, { "scissor", scissor }, { "cull", cull },
      { "offset", polygon_offset }, { "polygonmode", polygon_mode },
      { "depthclamp", depth_clamp }, { "flat", flat_shading },
      { "mrt", mrt }, { "stipple", polygon_stipple }, { "wide", wide },
   };
   for (unsigned i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
      if (only && strcmp(only, parts[i].name))
         continue;
      printf("-- %s\n", parts[i].name);
      parts[i].run();
      GLenum err = glGetError();
      if (err != GL_NO_ERROR) {
         printf("FAIL GL error 0x%x in %s\n", err, parts[i].name);
         fails++;
      }
   }
   return nvgl_done();
}
