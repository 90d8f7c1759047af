/*
 * The VP -> FP linkage on the Tesla driver (issue 11): point sizes,
 * point sprite coordinates, two-sided colour and flat colour from the
 * provoking vertex.  EGL surfaceless, an RGBA8 FBO of 64x64 cleared to
 * black (0x000000ff), read back with glReadPixels; the viewport is the
 * whole target, so window x = (ndc x + 1) * 32.  Expected values by
 * hand:
 *
 *  size     GL 2.1 3.4 "Points": a non-antialiased point of integer
 *           width w covers the w x w pixels whose centres lie in the
 *           square of side w centred on (floor(x_w) + 1/2, ...) for odd
 *           w and on (floor(x_w + 1/2), ...) for even w.  glPointSize 1
 *           at window (10.5, 10.5): pixel (10, 10) alone; 4 at (32, 12):
 *           x 30..33, y 10..13; 9 at (52.5, 12.5): x 48..56, y 8..16.
 *           Checked at the square's corners and one pixel outside each
 *           side.
 *  program  the same sizes from the VP's gl_PointSize with
 *           VERTEX_PROGRAM_POINT_SIZE on (GL 2.1 2.15.4) and glPointSize
 *           2, which it overrides, in the row at y 40; then with it off
 *           the size-9 point is glPointSize's 1 pixel (2.15.4: "the
 *           point size ... taken from the state set by PointSize").
 *  twoside  VERTEX_PROGRAM_TWO_SIDE (2.15.3): the VP writes front colour
 *           (1, 0, 0, 1) and secondary (0, 0, 0.5, 0), back colour
 *           (0, 1, 0, 1) and secondary (0, 0, 1, 0); the FP writes
 *           gl_Color + gl_SecondaryColor: a counter-clockwise (front)
 *           rectangle ff0080ff, a clockwise (back) one 00ffffff; with
 *           two-side off both are ff0080ff (2.14.1: back colours only
 *           with two-sided colouring).  Fixed function: LIGHT_MODEL
 *           TWO_SIDE with only the scene's ambient light (1, 1, 1, 1)
 *           and ambient materials front (1, 0, 0), back (0, 0, 1),
 *           diffuse alpha 1 (2.14.1 equation: c = e + a_cm * a_cs, alpha
 *           the diffuse one): front ff0000ff, back 0000ffff.
 *  flat     ShadeModel FLAT (2.14.7): a triangle with red, green, blue
 *           vertices is blue (the last vertex, table 2.12) everywhere,
 *           red with ProvokingVertex(FIRST_VERTEX_CONVENTION)
 *           (EXT_provoking_vertex); flat and two-sided together: a back
 *           triangle whose back colours are those vertices' halves is
 *           the provoking vertex's half, 00007f/80ff or 7f/800000ff.
 *  sprite   GL_POINT_SPRITE (GL 2.1 3.4.1): an 8-pixel point at (32, 32)
 *           covers x, y 28..35; the FP writes (s, t) of gl_PointCoord
 *           with s = 1/2 + (x_f + 1/2 - x_w) / w and, for the default
 *           UPPER_LEFT origin, t = 1/2 - (y_f + 1/2 - y_w) / w:
 *           (28, 35) is (1/16, 1/16) -> 10 10 00 ff, (35, 28) is
 *           (15/16, 15/16) -> ef ef 00 ff, (28, 28) (1/16, 15/16); with
 *           POINT_SPRITE_COORD_ORIGIN LOWER_LEFT t = 1/2 + (y_f + 1/2 -
 *           y_w) / w: (28, 35) is (1/16, 15/16), (35, 28) (15/16, 1/16).
 *
 * Run on g80, gt215 and llvmpipe (tests/gl/run.sh names every part;
 * without arguments the sprite part is left out).  By hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv50_gl_points nv50_gl_points.c -L$L -lEGL -lGL -lm -Wl,-rpath,$L
 *   scripts/nvrun --chip g80 -- /tmp/nv50_gl_points [part]   (PASSED)
 */
#include "nouveau_gl_util.h"

#define S 64
#define BLACK 0x000000ffu

static GLuint
program(const char *vs, const char *fs)
{
   return nvgl_program(vs, fs, "pos", "col", "size", NULL);
}

static void
clear(void)
{
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
}

static float
ndc(float w)
{
   return w * 2.0f / S - 1.0f;
}

/* A point at window (x, y) of colour (r, g, b) and VP size attribute sz. */
static void
point(float x, float y, float sz, float r, float g, float b)
{
   const float pos[3] = { ndc(x), ndc(y), 0 };
   const float col[4] = { r, g, b, 1 };

   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, pos);
   glVertexAttrib4fv(1, col);
   glVertexAttrib1f(2, sz);
   glDrawArrays(GL_POINTS, 0, 1);
}

/* Pixels x0..x1, y0..y1 are c at the corners, black one pixel outside. */
static void
square(const char *what, int x0, int y0, int x1, int y1, unsigned c)
{
   char w[96];

   snprintf(w, sizeof(w), "%s: corner", what);
   check(w, x0, y0, c);
   check(w, x1, y0, c);
   check(w, x0, y1, c);
   check(w, x1, y1, c);
   snprintf(w, sizeof(w), "%s: outside", what);
   check(w, x0 - 1, y0, BLACK);
   check(w, x1 + 1, y1, BLACK);
   check(w, x0, y0 - 1, BLACK);
   check(w, x1, y1 + 1, BLACK);
}

static const char *vs_size =
   "#version 120\n"
   "attribute vec3 pos; attribute vec4 col; attribute float size;\n"
   "void main() {\n"
   "   gl_Position = vec4(pos, 1.0); gl_FrontColor = col;\n"
   "   gl_PointSize = size;\n"
   "}\n";
static const char *vs_plain =
   "#version 120\n"
   "attribute vec3 pos; attribute vec4 col;\n"
   "void main() { gl_Position = vec4(pos, 1.0); gl_FrontColor = col; }\n";
static const char *fs_color =
   "#version 120\n"
   "void main() { gl_FragColor = gl_Color; }\n";

static void
sizes(void)
{
   GLuint p = program(vs_plain, fs_color);

   clear();
   glUseProgram(p);
   glPointSize(1);
   point(10.5f, 10.5f, 0, 1, 0, 0);
   glPointSize(4);
   point(32, 12, 0, 0, 1, 0);
   glPointSize(9);
   point(52.5f, 12.5f, 0, 0, 0, 1);
   glPointSize(1);
   square("glPointSize 1", 10, 10, 10, 10, 0xff0000ff);
   square("glPointSize 4", 30, 10, 33, 13, 0x00ff00ff);
   square("glPointSize 9", 48, 8, 56, 16, 0x0000ffff);
   glUseProgram(0);
   glDeleteProgram(p);
}

static void
program_size(void)
{
   GLuint p = program(vs_size, fs_color);

   clear();
   glUseProgram(p);
   glEnable(GL_VERTEX_PROGRAM_POINT_SIZE);
   glPointSize(2);
   point(10.5f, 40.5f, 1, 1, 0, 0);
   point(32, 40, 4, 0, 1, 0);
   point(52.5f, 40.5f, 9, 0, 0, 1);
   square("gl_PointSize 1", 10, 40, 10, 40, 0xff0000ff);
   square("gl_PointSize 4", 30, 38, 33, 41, 0x00ff00ff);
   square("gl_PointSize 9", 48, 36, 56, 44, 0x0000ffff);

   /* off: glPointSize's size, not the VP's */
   glDisable(GL_VERTEX_PROGRAM_POINT_SIZE);
   glPointSize(1);
   clear();
   point(52.5f, 40.5f, 9, 1, 1, 1);
   square("VERTEX_PROGRAM_POINT_SIZE off: glPointSize 1", 52, 40, 52, 40,
          0xffffffff);
   glUseProgram(0);
   glDeleteProgram(p);
}

/* the window rectangle x0..x1, y0..y1, counter-clockwise unless cw */
static void
rect(int x0, int y0, int x1, int y1, bool cw)
{
   float a = ndc(x0), b = ndc(x1), c = ndc(y0), d = ndc(y1);
   const float ccw[] = { a, c, 0,  b, c, 0,  b, d, 0,  a, d, 0 };
   const float rev[] = { a, c, 0,  a, d, 0,  b, d, 0,  b, c, 0 };

   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, cw ? rev : ccw);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

static void
two_side(void)
{
   GLuint p = program(
      "#version 120\n"
      "attribute vec3 pos;\n"
      "void main() {\n"
      "   gl_Position = vec4(pos, 1.0);\n"
      "   gl_FrontColor = vec4(1.0, 0.0, 0.0, 1.0);\n"
      "   gl_FrontSecondaryColor = vec4(0.0, 0.0, 0.5, 0.0);\n"
      "   gl_BackColor = vec4(0.0, 1.0, 0.0, 1.0);\n"
      "   gl_BackSecondaryColor = vec4(0.0, 0.0, 1.0, 0.0);\n"
      "}\n",
      "#version 120\n"
      "void main() { gl_FragColor = gl_Color + gl_SecondaryColor; }\n");

   clear();
   glUseProgram(p);
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   rect(0, 0, 16, 16, false);
   rect(16, 0, 32, 16, true);
   check_tol("two-sided GLSL: front", 8, 8, 0xff0080ff, 1);
   check_tol("two-sided GLSL: back", 24, 8, 0x00ffffff, 1);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
   rect(32, 0, 48, 16, false);
   rect(48, 0, 64, 16, true);
   check_tol("two-side off: front", 40, 8, 0xff0080ff, 1);
   check_tol("two-side off: back takes the front colours", 56, 8,
             0xff0080ff, 1);
   glUseProgram(0);
   glDeleteProgram(p);

   /* fixed function: the scene's ambient light on ambient materials */
   static const float one[4] = { 1, 1, 1, 1 }, zero[4] = { 0, 0, 0, 1 };
   static const float red[4] = { 1, 0, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
   glEnable(GL_LIGHTING);
   glLightModelfv(GL_LIGHT_MODEL_AMBIENT, one);
   glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_TRUE);
   glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, zero);
   glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, zero);
   glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, zero);
   glMaterialfv(GL_FRONT, GL_AMBIENT, red);
   glMaterialfv(GL_BACK, GL_AMBIENT, blue);
   /* generic attribute 0 is gl_Vertex (GL 2.1 2.7) */
   rect(0, 24, 16, 40, false);
   rect(16, 24, 32, 40, true);
   check_tol("two-sided lighting: front", 8, 32, 0xff0000ff, 1);
   check_tol("two-sided lighting: back", 24, 32, 0x0000ffff, 1);
   glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_FALSE);
   glDisable(GL_LIGHTING);
}

static void
flat(void)
{
   GLuint p = program(
      "#version 120\n"
      "attribute vec3 pos; attribute vec4 col;\n"
      "void main() {\n"
      "   gl_Position = vec4(pos, 1.0); gl_FrontColor = col;\n"
      "   gl_BackColor = vec4(col.rgb * 0.5, 1.0);\n"
      "}\n", fs_color);
   /* window (0, 0), (32, 0), (0, 32): red, green, blue; counter-clockwise */
   static const float tri[] = { -1, -1, 0,   0, -1, 0,   -1, 0, 0 };
   /* the same turned clockwise, moved right by 32 */
   static const float back[] = { 0, -1, 0,   0, 0, 0,   1, -1, 0 };
   static const float col[] = { 1, 0, 0, 1,   0, 1, 0, 1,   0, 0, 1, 1 };

   clear();
   glUseProgram(p);
   glEnableVertexAttribArray(1);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, col);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, tri);
   glShadeModel(GL_FLAT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check("flat, provoking last: blue", 1, 1, 0x0000ffff);
   check("flat, provoking last: blue", 20, 5, 0x0000ffff);
   check("flat, provoking last: blue", 5, 20, 0x0000ffff);
   glProvokingVertexEXT(GL_FIRST_VERTEX_CONVENTION_EXT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check("flat, provoking first: red", 1, 1, 0xff0000ff);
   check("flat, provoking first: red", 20, 5, 0xff0000ff);
   check("flat, provoking first: red", 5, 20, 0xff0000ff);

   /* back faces, two-sided: vertex 0 red, 1 green, 2 blue, halved */
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, back);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check_tol("flat two-sided back, provoking first: red / 2", 40, 5,
             0x800000ff, 1);
   glProvokingVertexEXT(GL_LAST_VERTEX_CONVENTION_EXT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   check_tol("flat two-sided back, provoking last: blue / 2", 40, 5,
             0x000080ff, 1);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
   glShadeModel(GL_SMOOTH);
   glDisableVertexAttribArray(1);
   glUseProgram(0);
   glDeleteProgram(p);
}

static void
sprite(void)
{
   GLuint p = program(vs_plain,
      "#version 120\n"
      "void main() { gl_FragColor = vec4(gl_PointCoord, 0.0, 1.0); }\n");

   clear();
   glUseProgram(p);
   glEnable(GL_POINT_SPRITE);
   glPointSize(8);
   point(32, 32, 0, 1, 1, 1);
   check_tol("sprite upper left (s, t) = (1/16, 1/16)", 28, 35, 0x101000ff, 1);
   check_tol("sprite lower right (15/16, 15/16)", 35, 28, 0xefef00ff, 1);
   check_tol("sprite lower left (1/16, 15/16)", 28, 28, 0x10ef00ff, 1);
   check("sprite: outside", 36, 28, BLACK);
   /* LOWER_LEFT: t = 1/2 + (y_f + 1/2 - y_w) / w, (28, 35) (1/16, 15/16) */
   glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
   point(32, 32, 0, 1, 1, 1);
   check_tol("sprite LOWER_LEFT upper left (1/16, 15/16)", 28, 35,
             0x10ef00ff, 1);
   check_tol("sprite LOWER_LEFT lower right (15/16, 1/16)", 35, 28,
             0xef1000ff, 1);
   glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
   glPointSize(1);
   glDisable(GL_POINT_SPRITE);
   glUseProgram(0);
   glDeleteProgram(p);
}

int
main(int argc, char **argv)
{
   if (!nvgl_context())
      return 2;

   if (!nvgl_fbo(GL_RGBA8, S, S))
      return 1;
   glEnableVertexAttribArray(0);

   GLfloat range[2];
   glGetFloatv(GL_ALIASED_POINT_SIZE_RANGE, range);
   printf("ALIASED_POINT_SIZE_RANGE %g %g\n", range[0], range[1]);

   /* the sprite part only when asked for (run.sh) */
   static const struct { const char *name; void (*run)(void); } parts[] = {
      { "size", sizes }, { "program", program_size },
      { "twoside", two_side }, { "flat", flat }, { "sprite", sprite },
   };
   int ran = 0;
   for (unsigned i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
      bool want = argc > 1 ? false : strcmp(parts[i].name, "sprite") != 0;
      for (int a = 1; a < argc; a++)
         want |= !strcmp(argv[a], parts[i].name);
      if (!want)
         continue;
      printf("-- %s\n", parts[i].name);
      parts[i].run();
      ran++;
      GLenum err = glGetError();
      if (err != GL_NO_ERROR) {
         printf("FAIL GL error 0x%x in %s\n", err, parts[i].name);
         fails++;
      }
   }
   if (!ran) {
      printf("FAIL no part named %s\n", argv[1]);
      fails++;
   }
   return nvgl_done();
}
