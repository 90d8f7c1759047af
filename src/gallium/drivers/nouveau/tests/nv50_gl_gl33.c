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
 * swizzle: EXT_texture_swizzle (GL 3.3 3.8.14 "Texture Swizzle": the
 *    components of the filtered texel, the border colour's included, are
 *    routed by TEXTURE_SWIZZLE_R/G/B/A, ZERO and ONE as constants).  A
 *    2x2 RGBA8 texture of texels (0x10, 0x20, 0x30, 0x40), NEAREST,
 *    CLAMP_TO_BORDER with border (0.25, 0.5, 0.75, 1), read at (0.25,
 *    0.25) (a texel) and at (-0.5, -0.5) (the border) by an FP that
 *    writes the lookup:
 *    - swizzle (BLUE, ZERO, ONE, RED): texel 0x3000ff10, border
 *      (0.75, 0, 1, 0.25) = 0xbf00ff40;
 *    - TEXTURE_SWIZZLE_A alone set to GREEN, the others as they start
 *      (RED, GREEN, BLUE, ALPHA): texel 0x10203020, border 0x4080bf80;
 *    - the identity again: texel 0x10203040, border 0x4080bfff.
 *    Exact (GL 3.3 2.1.6: round(c * 255); 0.75 -> 191.25 -> 0xbf).
 *
 * seamless: ARB_seamless_cube_map (GL 3.2 3.8.8 "Seamless Cube Map
 *    Filtering"): G200 on by TEX_MISC, G80..G98 in the program
 *    (nvc_g80_cube_seamless.c; more in nv50_gl_seamless.c).  A cube of
 *    2 x 2 RGBA8 faces, R only (row y of the image is t's texel y): +X
 *    16, +Y 64 + 8x + 5y, +Z 128 + 8x + 4y, -Z 200 + 10x + 24y, the
 *    others 0; LINEAR, CLAMP_TO_EDGE; an FP writes texture(cube, d).  By
 *    hand (GL table 3.21 faces, 3.8.8 bilinear weights):
 *    - d = (1, 0, -0.75): +X at s = 0.875, t = 0.5: texels i 1, 2
 *      (weights 0.75, 0.25), j 0, 1 (0.5 each); i = 2 is -Z's column 0
 *      (rows alike): 0.75 * 16 + 0.25 * (200 + 224) / 2 = 65; without
 *      seamless filtering clamped to the edge: 16;
 *    - d = (1, 0.75, 0.75): +X at s = t = 0.125: i, j -1, 0 (weights
 *      0.25, 0.75); (0, -1) is +Y's (1, 1) = 77, (-1, 0) +Z's (1, 0) =
 *      136, (-1, -1) the corner, taken as the average of the three texels
 *      there, (16 + 77 + 136) / 3: 0.0625 * 76.33 + 0.1875 * 77 + 0.1875 *
 *      136 + 0.5625 * 16 = 53.7 -> 54; without: 16.
 *    Within 1 (llvmpipe filters in 8-bit fixed point).
 *
 * provoking: EXT_provoking_vertex for quads (GL 3.2 table 2.12 with
 *    QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION: when true a quad's and a
 *    quad strip quad's provoking vertex follows glProvokingVertex, the
 *    first or last of the quad; when false it is the last either way).
 *    Flat shaded (glShadeModel FLAT, fixed function) GL_QUADS in the left
 *    half and a GL_QUAD_STRIP of one quad in the right, vertices red,
 *    green, blue, white in the order sent (the strip's last vertex of the
 *    quad, 2i + 2, is its 4th sent): FIRST gives red when the query says
 *    quads follow, else white; LAST gives white.
 *
 * varyings: GL_MAX_VARYING_COMPONENTS is at least 60 (GL 3.2's minimum,
 *    piglit's gl-3.2-minmax) and a VP -> FP link of 15 vec4 varyings
 *    (60 components) draws: the VP writes v[i] = (i, 2i, 3i, 4i) / 256
 *    for i < 15, the FP adds them up: (105, 210, 315, 420) / 256 (sums
 *    of i, 2i, ...), stored as round(255 c) (GL 3.3 2.1.6; c above 1
 *    clamped): 104.6 -> 0x69, 209.2 -> 0xd1, 0xff, 0xff.  Seen failing
 *    (GL_MAX_VARYING_COMPONENTS 32; the link and the draw went through
 *    all the same) while the driver left the cap at Gallium's default.
 *
 * version M.N (tests/gl/run.sh gives the version the chip must reach:
 *    3.3 on the GT215, 3.1 on the G80, whose class has no TEX_MISC
 *    seamless cube filtering, which GL 3.2 requires): GL_MAJOR_VERSION /
 *    GL_MINOR_VERSION at least M.N and GL_SHADING_LANGUAGE_VERSION at
 *    least the GLSL that GL version names (1.40 with 3.1, 1.50 with 3.2,
 *    3.30 with 3.3); for 3.3, a "#version 330" program using GLSL
 *    3.30's layout(location) outputs and floatBitsToUint draws
 *    floatBitsToUint(0.5) = 0x3f000000 >> 24 = 63 into red: 63 / 255 ->
 *    0x3f.  Seen failing on the GT215 (3.1, GLSL 1.40) while the GLSL
 *    cap was 140 on every Tesla.
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
#include <math.h>

#include "nouveau_gl_util.h"

#define S 64

/* Links p with its attribute "pos" at location 0. */
static bool
link(GLuint p)
{
   glBindAttribLocation(p, 0, "pos");
   return nvgl_link(p);
}

static const char *vs_pos =
   "#version 130\n"
   "in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* A failure unless the extension is listed. */
static bool
listed(const char *ext)
{
   if (nvgl_has_ext(ext))
      return true;
   printf("FAIL %s is not listed\n", ext);
   fails++;
   return false;
}

/* A texture part's program: vs_pos and the FP fs, linked and in use,
 * its sampler t on unit 0; 0 when it does not link. */
static GLuint
tex_program(const char *fs)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs_pos));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs));
   if (!link(p))
      return 0;
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   return p;
}

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
   if (!listed("GL_ARB_blend_func_extended"))
      return;
   GLint n = 0;
   glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &n);
   if (n < 1) {
      printf("FAIL MAX_DUAL_SOURCE_DRAW_BUFFERS %d\n", n);
      fails++;
   }
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs_pos));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER,
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

/* The colour of a full-window quad whose FP writes the lookup of the
 * bound 2D texture at (u, v), read at the centre. */
static void
swizzle_case(GLuint p, GLuint vb, const char *what, const GLint swz[4],
             unsigned texel, unsigned border)
{
   char name[96];
   glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz);
   glUniform2f(glGetUniformLocation(p, "uv"), 0.25f, 0.25f);
   quad(vb, 0, S);
   snprintf(name, sizeof(name), "swizzle %s texel", what);
   check(name, S / 2, S / 2, texel);
   glUniform2f(glGetUniformLocation(p, "uv"), -0.5f, -0.5f);
   quad(vb, 0, S);
   snprintf(name, sizeof(name), "swizzle %s border", what);
   check(name, S / 2, S / 2, border);
}

static void
part_swizzle(GLuint vb)
{
   if (!listed("GL_EXT_texture_swizzle"))
      return;
   GLuint p = tex_program(
      "#version 130\n"
      "uniform sampler2D t; uniform vec2 uv;\n"
      "out vec4 c;\n"
      "void main() { c = texture(t, uv); }\n");
   if (!p)
      return;
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   static const unsigned char texels[4][4] = {
      { 0x10, 0x20, 0x30, 0x40 }, { 0x10, 0x20, 0x30, 0x40 },
      { 0x10, 0x20, 0x30, 0x40 }, { 0x10, 0x20, 0x30, 0x40 },
   };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   static const float border[4] = { 0.25f, 0.5f, 0.75f, 1.0f };
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);

   static const GLint bzor[4] = { GL_BLUE, GL_ZERO, GL_ONE, GL_RED };
   static const GLint ident[4] = { GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA };
   swizzle_case(p, vb, "(B, 0, 1, R)", bzor, 0x3000ff10, 0xbf00ff40);
   glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, ident);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_GREEN);
   glUniform2f(glGetUniformLocation(p, "uv"), 0.25f, 0.25f);
   quad(vb, 0, S);
   check("swizzle A = G texel", S / 2, S / 2, 0x10203020);
   glUniform2f(glGetUniformLocation(p, "uv"), -0.5f, -0.5f);
   quad(vb, 0, S);
   check("swizzle A = G border", S / 2, S / 2, 0x4080bf80);
   swizzle_case(p, vb, "identity", ident, 0x10203040, 0x4080bfff);
   glUseProgram(0);
   glDeleteProgram(p);
   glDeleteTextures(1, &tex);
}

static void
part_seamless(GLuint vb)
{
   if (!listed("GL_ARB_seamless_cube_map"))
      return;
   GLuint p = tex_program(
      "#version 130\n"
      "uniform samplerCube t; uniform vec3 d;\n"
      "out vec4 c;\n"
      "void main() { c = texture(t, d); }\n");
   if (!p)
      return;
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   for (unsigned f = 0; f < 6; f++) {
      unsigned char px[2][2][4];
      memset(px, 0, sizeof(px));
      for (unsigned y = 0; y < 2; y++)
         for (unsigned x = 0; x < 2; x++) {
            unsigned r = f == 0 ? 16 : f == 2 ? 64 + 8 * x + 5 * y :
                         f == 4 ? 128 + 8 * x + 4 * y :
                         f == 5 ? 200 + 10 * x + 24 * y : 0;
            px[y][x][0] = r;
            px[y][x][3] = 255;
         }
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 2, 2, 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, px);
   }
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   static const struct { float d[3]; unsigned r; const char *what; } c[] = {
      { { 1.0f, 0.0f, -0.75f }, 65, "edge +X/-Z" },
      { { 1.0f, 0.75f, 0.75f }, 54, "corner +X/+Y/+Z" },
   };
   for (unsigned on = 0; on < 2; on++) {
      if (on)
         glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
      else
         glDisable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
      for (unsigned i = 0; i < 2; i++) {
         char name[96];
         glUniform3fv(glGetUniformLocation(p, "d"), 1, c[i].d);
         quad(vb, 0, S);
         snprintf(name, sizeof(name), "seamless %s %s", c[i].what,
                  on ? "on" : "off");
         check_tol(name, S / 2, S / 2, (on ? c[i].r : 16) << 24 | 0xff, 1);
      }
   }
   glDisable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   glUseProgram(0);
   glDeleteProgram(p);
   glDeleteTextures(1, &tex);
}

static void
part_provoking(void)
{
   GLboolean follow = GL_FALSE;
   glGetBooleanv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &follow);
   printf("QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION %d\n", follow);
   static const float col[4][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 },
                                    { 1, 1, 1 } };
   static const float quad[4][2] = { { -1, -1 }, { 0, -1 }, { 0, 1 },
                                     { -1, 1 } };
   static const float strip[4][2] = { { 0, -1 }, { 1, -1 }, { 0, 1 },
                                      { 1, 1 } };
   glUseProgram(0);
   glShadeModel(GL_FLAT);
   for (unsigned last = 0; last < 2; last++) {
      glProvokingVertex(last ? GL_LAST_VERTEX_CONVENTION
                             : GL_FIRST_VERTEX_CONVENTION);
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      glBegin(GL_QUADS);
      for (unsigned i = 0; i < 4; i++) {
         glColor3fv(col[i]);
         glVertex2fv(quad[i]);
      }
      glEnd();
      glBegin(GL_QUAD_STRIP);
      for (unsigned i = 0; i < 4; i++) {
         glColor3fv(col[i]);
         glVertex2fv(strip[i]);
      }
      glEnd();
      unsigned want = !last && follow ? 0xff0000ff : 0xffffffff;
      check(last ? "provoking LAST quads" : "provoking FIRST quads",
            S / 4, S / 2, want);
      check(last ? "provoking LAST quad strip" : "provoking FIRST quad strip",
            3 * S / 4, S / 2, want);
   }
   glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
   glShadeModel(GL_SMOOTH);
}

static void
part_varyings(GLuint vb)
{
   GLint n = 0;
   glGetIntegerv(GL_MAX_VARYING_COMPONENTS, &n);
   printf("%s MAX_VARYING_COMPONENTS %d\n", n >= 60 ? "ok  " : "FAIL", n);
   fails += n < 60;
   static const char *vs =
      "#version 130\n"
      "in vec2 pos; out vec4 v[15];\n"
      "void main() {\n"
      "   for (int i = 0; i < 15; i++)\n"
      "      v[i] = vec4(i, 2 * i, 3 * i, 4 * i) / 256.0;\n"
      "   gl_Position = vec4(pos, 0.0, 1.0);\n"
      "}\n";
   static const char *fs =
      "#version 130\n"
      "in vec4 v[15]; out vec4 c;\n"
      "void main() {\n"
      "   vec4 s = vec4(0.0);\n"
      "   for (int i = 0; i < 15; i++)\n"
      "      s += v[i];\n"
      "   c = s;\n"
      "}\n";
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs));
   if (!link(p)) {
      printf("FAIL 15 vec4 varyings do not link\n");
      fails++;
      return;
   }
   glUseProgram(p);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   quad(vb, 0, S);
   check_tol("15 vec4 varyings summed", S / 2, S / 2, 0x69d1ffff, 1);
   glUseProgram(0);
   glDeleteProgram(p);
}

static void
part_version(const char *arg)
{
   int want_major = 0, want_minor = 0, major = 0, minor = 0, glsl = 0;
   if (!arg || sscanf(arg, "%d.%d", &want_major, &want_minor) != 2) {
      printf("FAIL version: want an argument M.N\n");
      fails++;
      return;
   }
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   const char *sl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
   int slmaj = 0, slmin = 0;
   if (sl && sscanf(sl, "%d.%d", &slmaj, &slmin) == 2)
      glsl = slmaj * 100 + slmin;
   /* GLSL of GL 3.1 is 1.40, of 3.2 1.50, of 3.3 3.30 */
   const int want_gl = want_major * 10 + want_minor;
   const int want_glsl = want_gl >= 33 ? 330 : want_gl == 32 ? 150 :
                         want_gl == 31 ? 140 : 130;
   const bool ok = major * 10 + minor >= want_gl && glsl >= want_glsl;
   printf("%s GL %d.%d, GLSL %d (want at least %d.%d, %d)\n",
          ok ? "ok  " : "FAIL", major, minor, glsl, want_major, want_minor,
          want_glsl);
   fails += !ok;
   if (!ok || want_gl < 33)
      return;
   static const char *vs =
      "#version 330\n"
      "layout(location = 0) in vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char *fs =
      "#version 330\n"
      "layout(location = 0) out vec4 c;\n"
      "uniform float h;\n"
      "void main() {\n"
      "   c = vec4(float(floatBitsToUint(h) >> 24) / 255.0, 0.0, 0.0, 1.0);\n"
      "}\n";
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs));
   if (!nvgl_link(p)) {
      printf("FAIL a #version 330 program does not link\n");
      fails++;
      return;
   }
   glUseProgram(p);
   glUniform1f(glGetUniformLocation(p, "h"), 0.5f);
   GLuint vb;
   glGenBuffers(1, &vb);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   quad(vb, 0, S);
   check("#version 330: floatBitsToUint(0.5) >> 24 = 63", S / 2, S / 2,
         0x3f0000ff);
   glUseProgram(0);
   glDeleteProgram(p);
   glDeleteBuffers(1, &vb);
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

   if (!nvgl_fbo(GL_RGBA8, S, S))
      return nvgl_done();
   GLuint vb;
   glGenBuffers(1, &vb);

   if (want(argc, argv, "dual"))
      part_dual(vb);
   if (want(argc, argv, "swizzle"))
      part_swizzle(vb);
   if (want(argc, argv, "seamless"))
      part_seamless(vb);
   if (want(argc, argv, "provoking"))
      part_provoking();
   if (want(argc, argv, "varyings"))
      part_varyings(vb);
   /* "version M.N" only when asked: what the chip must reach is the
    * caller's (tests/gl/run.sh) */
   for (int i = 1; i + 1 < argc; i++)
      if (!strcmp(argv[i], "version"))
         part_version(argv[i + 1]);

   glDeleteBuffers(1, &vb);
   return nvgl_done();
}
