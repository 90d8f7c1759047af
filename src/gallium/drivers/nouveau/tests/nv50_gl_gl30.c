/*
 * GL 3.0's requirements on the Tesla driver other than multisampling
 * (issue 11).  EGL surfaceless, 16x16 FBOs read back with glReadPixels;
 * each section is chosen by name (no argument: all but lod130, GLSL 1.30
 * source, which ran under overrides while the driver reported GL 2.1):
 *
 * clamp (ARB_color_buffer_float): an RGBA32F target, the read colour
 *   clamp off (CLAMP_READ_COLOR FALSE), a full-window quad whose vertex
 *   colour is (2, -1, 0.5, 4).  GL 3.0 2.19.6: with CLAMP_VERTEX_COLOR
 *   TRUE the colour is clamped to [0, 1] after lighting, FALSE leaves it;
 *   4.1.x: CLAMP_FRAGMENT_COLOR TRUE clamps what the FP writes, FALSE
 *   (or FIXED_ONLY on a float target) leaves it.  The FP writes gl_Color
 *   times a uniform m:
 *     vertex off, fragment off, m 1:    (2, -1, 0.5, 4)
 *     vertex on,  fragment off, m 1:    (1, 0, 0.5, 1)
 *     vertex on,  fragment off, m 4:    (4, 0, 2, 4)   (after the clamp)
 *     vertex off, fragment on,  m 0.25: (0.5, -0.25, 0.125, 1) clamped
 *                                       = (0.5, 0, 0.125, 1)
 *   and fixed function (glColor4f, no program): vertex off, fragment
 *   off: (2, -1, 0.5, 4); the default state (vertex TRUE, fragment
 *   FIXED_ONLY): (1, 0, 0.5, 1).  Constant colours interpolate to
 *   themselves; 1/1024 of slack for the interpolator's rounding.
 *
 * lod (ARB_shader_texture_lod, GLSL 1.20): an 8x8 texture with 4 levels
 *   of distinct colours (level 0 red, 1 green, 2 blue, 3 white),
 *   NEAREST_MIPMAP_NEAREST.  Column group k = floor(x / 4) (0..3) of the
 *   window selects LOD k:
 *     rows 0..7   texture2DLod(t, uv, k)
 *     rows 8..11  texture2DGradARB(t, uv, (2^k / 8, 0), (0, 0))
 *     rows 12..15 texture2DGradARB(t, uv, (0, 0), (0, 2^k / 8))
 *   GL 3.0 3.8.8: rho is the larger of the two gradients' lengths in
 *   texels, 8 * 2^k / 8 = 2^k, lambda = k; NEAREST_MIPMAP_NEAREST takes
 *   level ceil(lambda + 0.5) - 1 = k for lambda > 0.5, level 0 for
 *   lambda <= 0.5.  So columns 0..3 red, 4..7 green, 8..11 blue, 12..15
 *   white in every row (a fragment's implicit derivatives would give
 *   lambda 0: all red).
 * lod130: the same with GLSL 1.30's textureLod / textureGrad; then
 *   textureGrad's texel: a 16x16 texture of one level, NEAREST, texel
 *   (i, j) = (16 i, 16 j, 0, 255), sampled at uv = gl_FragCoord.xy / 16
 *   with gradients of 4 texels: one level, so the gradients choose
 *   nothing and pixel (x, y) is texel (x, y) (GL 3.0 3.8.8), in every
 *   lane of a quad; with textureGradOffset's (3, -1), texel (x + 3,
 *   y - 1) (GLSL 1.30 8.7).
 *
 * arb (ARB_vertex_program / ARB_fragment_program: SLT, SGE, which reach
 *   the compiler as NIR slt / sge): the VP writes result.color =
 *   (SLT(l.x, l.y), SGE(l.x, l.y), l.z, l.w) from program.local[0] =
 *   (1, 2, 0.25, 0.75) = (1, 0, 0.25, 0.75); the left half's FP writes
 *   SGE(colour, 0.5) = (1, 0, 0, 1), the right half's SLT(colour, 0.5)
 *   = (0, 1, 1, 0).
 *
 * bitmap (glBitmap: st/mesa's bitmap FP discards by f2b of a texel): an
 *   8x1 bitmap 0xb1 (MSB first: bits 1 0 1 1 0 0 0 1) at window (2, 3)
 *   in green on black: pixels 2, 4, 5, 9 of row 3 green, 3, 6, 7, 8
 *   black (GL 2.1 3.7).
 *
 * snorm (EXT_texture_snorm, GL 3.1; the RGBA32F target and read clamp
 *   off of clamp): an RGBA8_SNORM texel (127, -127, 0, -64) samples as
 *   c / 127 = (1, -1, 0, -0.50394), an R16_SNORM texel -16384 as
 *   (-16384 / 32767, 0, 0, 1) = (-0.50002, 0, 0, 1) (GL 3.1 2.1.6's
 *   signed conversion, components a format lacks (0, 0, 1) by table
 *   3.20).  An RGBA8_SNORM target: cleared to (-1, 1, -64/127, 0),
 *   its right half drawn with (64/127, -64/127, 2, -1) under
 *   CLAMP_FRAGMENT_COLOR FALSE, which the target clamps to [-1, 1] (GL
 *   3.3 4.1.8): bytes (64, -64, 127, -127), read back as floats
 *   (0.50394, -0.50394, 1, -1); the left half keeps the clear.  (Not
 *   -2: llvmpipe stores -128 for it, which Mesa reads back as -128/127.)  Drawn
 *   again under FIXED_ONLY: an SNORM buffer is fixed-point, so the
 *   colour is clamped to [0, 1] first (ARB_color_buffer_float): (0.50394,
 *   0, 1, 0).
 *
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).
 */
#include <math.h>
#include <stdint.h>

#include "nouveau_gl_util.h"

#define S 16
#define RED   0xff0000ffu
#define GREEN 0x00ff00ffu
#define BLUE  0x0000ffffu
#define WHITE 0xffffffffu
#define BLACK 0x000000ffu

static PFNGLCLAMPCOLORARBPROC clamp_color;

/* the extension is exposed; a failure when not */
static bool
has_ext(const char *name)
{
   if (nvgl_has_ext(name))
      return true;
   printf("FAIL %s is not exposed\n", name);
   fails++;
   return false;
}

static GLuint
program(const char *vs, const char *fs)
{
   GLuint p = nvgl_program(vs, fs, "pos", NULL);
   glUseProgram(p);
   return p;
}

/* a framebuffer of one S x S renderbuffer of internal format fmt */
static void
target(GLenum fmt)
{
   if (!nvgl_fbo(fmt, S, S))
      printf("     (format 0x%x)\n", fmt);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
}

/* the quad x0..x1 (NDC) over the whole height, from attribute 0 */
static void
quad(float x0, float x1)
{
   const float v[] = { x0, -1, x1, -1, x1, 1, x0, 1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   glDisableVertexAttribArray(0);
}

static void
check_f4(const char *what, int x, int y, const float *want)
{
   float p[4];
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, p);
   bool bad = false;
   for (int c = 0; c < 4; c++)
      bad |= fabsf(p[c] - want[c]) > 1.0f / 1024;
   printf("%s %s (%d,%d) = (%g, %g, %g, %g)", bad ? "FAIL" : "ok  ", what,
          x, y, p[0], p[1], p[2], p[3]);
   if (bad)
      printf(" want (%g, %g, %g, %g)", want[0], want[1], want[2], want[3]);
   printf("\n");
   fails += bad;
}

static void
test_clamp(void)
{
   static const char vs[] =
      "#version 120\n"
      "attribute vec2 pos;\n"
      "void main() {\n"
      "   gl_FrontColor = vec4(2.0, -1.0, 0.5, 4.0);\n"
      "   gl_Position = vec4(pos, 0.0, 1.0);\n"
      "}\n";
   static const char fs[] =
      "#version 120\n"
      "uniform float m;\n"
      "void main() { gl_FragColor = gl_Color * m; }\n";
   static const struct {
      const char *what;
      GLenum vclamp, fclamp;
      float m, want[4];
   } cases[] = {
      { "clamp vertex off fragment off", GL_FALSE, GL_FALSE, 1,
        { 2, -1, 0.5f, 4 } },
      { "clamp vertex on fragment off", GL_TRUE, GL_FALSE, 1,
        { 1, 0, 0.5f, 1 } },
      { "clamp vertex on fragment off x4", GL_TRUE, GL_FALSE, 4,
        { 4, 0, 2, 4 } },
      { "clamp vertex off fragment on x0.25", GL_FALSE, GL_TRUE, 0.25f,
        { 0.5f, 0, 0.125f, 1 } },
   };

   if (!has_ext("GL_ARB_color_buffer_float"))
      return;
   clamp_color = (PFNGLCLAMPCOLORARBPROC)eglGetProcAddress("glClampColorARB");
   target(GL_RGBA32F);
   clamp_color(GL_CLAMP_READ_COLOR_ARB, GL_FALSE);
   GLuint p = program(vs, fs);
   GLint m = glGetUniformLocation(p, "m");
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      clamp_color(GL_CLAMP_VERTEX_COLOR_ARB, cases[i].vclamp);
      clamp_color(GL_CLAMP_FRAGMENT_COLOR_ARB, cases[i].fclamp);
      glUniform1f(m, cases[i].m);
      quad(-1, 1);
      check_f4(cases[i].what, 3, 5, cases[i].want);
      check_f4(cases[i].what, 12, 14, cases[i].want);
   }
   glUseProgram(0);

   /* fixed function */
   static const float unclamped[4] = { 2, -1, 0.5f, 4 };
   static const float clamped[4] = { 1, 0, 0.5f, 1 };
   for (int def = 0; def < 2; def++) {
      clamp_color(GL_CLAMP_VERTEX_COLOR_ARB, def ? GL_TRUE : GL_FALSE);
      clamp_color(GL_CLAMP_FRAGMENT_COLOR_ARB, def ? GL_FIXED_ONLY_ARB
                                                   : GL_FALSE);
      glColor4f(2, -1, 0.5f, 4);
      glBegin(GL_QUADS);
      glVertex2f(-1, -1);
      glVertex2f(1, -1);
      glVertex2f(1, 1);
      glVertex2f(-1, 1);
      glEnd();
      check_f4(def ? "clamp fixed function default state"
                   : "clamp fixed function vertex off fragment off",
               7, 9, def ? clamped : unclamped);
   }
   clamp_color(GL_CLAMP_READ_COLOR_ARB, GL_FIXED_ONLY_ARB);
}

static void
mip_texture(void)
{
   static const uint32_t colour[4] = { RED, GREEN, BLUE, WHITE };
   uint8_t texels[64 * 4];
   GLuint t;

   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (int l = 0, n = 8; l < 4; l++, n /= 2) {
      for (int i = 0; i < n * n; i++)
         for (int c = 0; c < 4; c++)
            texels[4 * i + c] = colour[l] >> (24 - 8 * c);
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, n, n, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, texels);
   }
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 3);
}

/* lod130's second part: the texel textureGrad reads in each lane */
static void
test_grad_texel(void)
{
   static const char vs[] =
      "#version 130\n"
      "in vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char fs[] =
      "#version 130\n"
      "uniform sampler2D t;\n"
      "uniform bool offset;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   vec2 uv = gl_FragCoord.xy / 16.0;\n"
      "   vec2 dx = vec2(0.25, 0.0), dy = vec2(0.0, 0.25);\n"
      "   c = offset ? textureGradOffset(t, uv, dx, dy, ivec2(3, -1))\n"
      "              : textureGrad(t, uv, dx, dy);\n"
      "}\n";
   uint8_t texels[16 * 16 * 4];
   GLuint t;

   for (int j = 0; j < 16; j++)
      for (int i = 0; i < 16; i++) {
         uint8_t *p = texels + 4 * (16 * j + i);
         p[0] = 16 * i;
         p[1] = 16 * j;
         p[2] = 0;
         p[3] = 255;
      }
   target(GL_RGBA8);
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   GLuint p = program(vs, fs);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   for (int off = 0; off < 2; off++) {
      glUniform1i(glGetUniformLocation(p, "offset"), off);
      quad(-1, 1);
      /* the four lanes of a quad, and one quad further on */
      static const int at[][2] = {
         { 4, 6 }, { 5, 6 }, { 4, 7 }, { 5, 7 }, { 9, 10 },
      };
      for (unsigned k = 0; k < sizeof(at) / sizeof(at[0]); k++) {
         int x = at[k][0], y = at[k][1];
         int i = x + (off ? 3 : 0), j = y - (off ? 1 : 0);
         char name[64];
         snprintf(name, sizeof(name), "%s texel (%d, %d)",
                  off ? "textureGradOffset" : "textureGrad", i, j);
         check(name, x, y, (uint32_t)(16 * i) << 24 |
                           (uint32_t)(16 * j) << 16 | 0xff);
      }
   }
   glDeleteTextures(1, &t);
   glUseProgram(0);
}

static void
test_lod(bool glsl130)
{
   static const char vs120[] =
      "#version 120\n"
      "attribute vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char fs120[] =
      "#version 120\n"
      "#extension GL_ARB_shader_texture_lod : require\n"
      "uniform sampler2D t;\n"
      "void main() {\n"
      "   float k = floor(gl_FragCoord.x / 4.0);\n"
      "   vec2 uv = gl_FragCoord.xy / 16.0;\n"
      "   float g = exp2(k) / 8.0;\n"
      "   if (gl_FragCoord.y < 8.0)\n"
      "      gl_FragColor = texture2DLod(t, uv, k);\n"
      "   else if (gl_FragCoord.y < 12.0)\n"
      "      gl_FragColor = texture2DGradARB(t, uv, vec2(g, 0.0), vec2(0.0));\n"
      "   else\n"
      "      gl_FragColor = texture2DGradARB(t, uv, vec2(0.0), vec2(0.0, g));\n"
      "}\n";
   static const char vs130[] =
      "#version 130\n"
      "in vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char fs130[] =
      "#version 130\n"
      "uniform sampler2D t;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   float k = floor(gl_FragCoord.x / 4.0);\n"
      "   vec2 uv = gl_FragCoord.xy / 16.0;\n"
      "   float g = exp2(k) / 8.0;\n"
      "   if (gl_FragCoord.y < 8.0)\n"
      "      c = textureLod(t, uv, k);\n"
      "   else if (gl_FragCoord.y < 12.0)\n"
      "      c = textureGrad(t, uv, vec2(g, 0.0), vec2(0.0));\n"
      "   else\n"
      "      c = textureGrad(t, uv, vec2(0.0), vec2(0.0, g));\n"
      "}\n";
   static const uint32_t want[4] = { RED, GREEN, BLUE, WHITE };
   static const int rows[] = { 0, 7, 8, 11, 12, 15 };
   const char *what = glsl130 ? "textureLod/Grad" : "texture2DLod/GradARB";

   if (!glsl130 && !has_ext("GL_ARB_shader_texture_lod"))
      return;
   target(GL_RGBA8);
   mip_texture();
   GLuint p = glsl130 ? program(vs130, fs130) : program(vs120, fs120);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   quad(-1, 1);
   for (unsigned r = 0; r < sizeof(rows) / sizeof(rows[0]); r++)
      for (int k = 0; k < 4; k++) {
         char name[64];
         snprintf(name, sizeof(name), "%s %s lod %d", what,
                  rows[r] < 8 ? "lod" : rows[r] < 12 ? "ddx" : "ddy", k);
         check(name, 4 * k + (r & 1) * 3, rows[r], want[k]);
      }
   glUseProgram(0);
   if (glsl130)
      test_grad_texel();
}

static GLuint
arb_program(GLenum kind, const char *src)
{
   GLuint p;
   glGenProgramsARB(1, &p);
   glBindProgramARB(kind, p);
   glProgramStringARB(kind, GL_PROGRAM_FORMAT_ASCII_ARB, strlen(src), src);
   if (glGetError() != GL_NO_ERROR) {
      printf("FAIL ARB program does not load: %s\n",
             (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
      fails++;
   }
   glEnable(kind);
   return p;
}

static void
test_arb(void)
{
   static const char vp[] =
      "!!ARBvp1.0\n"
      "PARAM l = program.local[0];\n"
      "TEMP t;\n"
      "SLT t.x, l.x, l.y;\n"
      "SGE t.y, l.x, l.y;\n"
      "MOV t.zw, l;\n"
      "MOV result.color, t;\n"
      "MOV result.position, vertex.position;\n"
      "END\n";
   static const char fp_sge[] =
      "!!ARBfp1.0\n"
      "SGE result.color, fragment.color, program.local[0];\n"
      "END\n";
   static const char fp_slt[] =
      "!!ARBfp1.0\n"
      "SLT result.color, fragment.color, program.local[0];\n"
      "END\n";

   if (!has_ext("GL_ARB_vertex_program") ||
       !has_ext("GL_ARB_fragment_program"))
      return;
   target(GL_RGBA8);
   arb_program(GL_VERTEX_PROGRAM_ARB, vp);
   glProgramLocalParameter4fARB(GL_VERTEX_PROGRAM_ARB, 0, 1, 2, 0.25f, 0.75f);
   for (int half = 0; half < 2; half++) {
      arb_program(GL_FRAGMENT_PROGRAM_ARB, half ? fp_slt : fp_sge);
      glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0,
                                   0.5f, 0.5f, 0.5f, 0.5f);
      glBegin(GL_QUADS);
      glVertex2f(half - 1.0f, -1);
      glVertex2f(half, -1);
      glVertex2f(half, 1);
      glVertex2f(half - 1.0f, 1);
      glEnd();
   }
   check("arb SGE", 3, 8, 0xff0000ffu);
   check("arb SLT", 12, 8, 0x00ffff00u);
   glDisable(GL_VERTEX_PROGRAM_ARB);
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
}

static void
test_bitmap(void)
{
   static const GLubyte bits[1] = { 0xb1 };
   static const int set[8] = { 1, 0, 1, 1, 0, 0, 0, 1 };

   target(GL_RGBA8);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glColor4f(0, 1, 0, 1);
   glWindowPos2i(2, 3);
   glBitmap(8, 1, 0, 0, 0, 0, bits);
   for (int i = 0; i < 8; i++) {
      char name[32];
      snprintf(name, sizeof(name), "bitmap bit %d", i);
      check(name, 2 + i, 3, set[i] ? GREEN : BLACK);
   }
   check("bitmap row above", 4, 4, BLACK);
}

static void
test_snorm(void)
{
   static const char vs[] =
      "#version 120\n"
      "attribute vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char fs_tex[] =
      "#version 120\n"
      "uniform sampler2D t;\n"
      "void main() { gl_FragColor = texture2D(t, vec2(0.5)); }\n";
   static const char fs_col[] =
      "#version 120\n"
      "uniform vec4 u;\n"
      "void main() { gl_FragColor = u; }\n";
   static const GLbyte rgba8[4] = { 127, -127, 0, -64 };
   static const GLshort r16[1] = { -16384 };
   const float want_rgba8[4] = { 1, -1, 0, -64 / 127.0f };
   const float want_r16[4] = { -16384 / 32767.0f, 0, 0, 1 };
   const float want_clear[4] = { -1, 1, -64 / 127.0f, 0 };
   const float want_draw[4] = { 64 / 127.0f, -64 / 127.0f, 1, -1 };
   const float want_fixed[4] = { 64 / 127.0f, 0, 1, 0 };
   GLuint t;

   if (!has_ext("GL_EXT_texture_snorm"))
      return;
   clamp_color = (PFNGLCLAMPCOLORARBPROC)eglGetProcAddress("glClampColorARB");
   target(GL_RGBA32F);
   clamp_color(GL_CLAMP_READ_COLOR_ARB, GL_FALSE);
   clamp_color(GL_CLAMP_FRAGMENT_COLOR_ARB, GL_FALSE);
   GLuint p = program(vs, fs_tex);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8_SNORM, 1, 1, 0, GL_RGBA, GL_BYTE,
                rgba8);
   quad(-1, 1);
   check_f4("snorm RGBA8 texel", 5, 5, want_rgba8);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_R16_SNORM, 1, 1, 0, GL_RED, GL_SHORT,
                r16);
   quad(-1, 1);
   check_f4("snorm R16 texel", 5, 5, want_r16);

   target(GL_RGBA8_SNORM);
   glClearColor(-1, 1, -64 / 127.0f, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   p = program(vs, fs_col);
   glUniform4f(glGetUniformLocation(p, "u"), 64 / 127.0f, -64 / 127.0f, 2, -1);
   quad(0, 1);
   check_f4("snorm target cleared", 3, 8, want_clear);
   check_f4("snorm target drawn", 12, 8, want_draw);
   clamp_color(GL_CLAMP_FRAGMENT_COLOR_ARB, GL_FIXED_ONLY_ARB);
   quad(0, 1);
   check_f4("snorm target drawn, fixed-point clamp", 12, 8, want_fixed);
   clamp_color(GL_CLAMP_READ_COLOR_ARB, GL_FIXED_ONLY_ARB);
   glClearColor(0, 0, 0, 1);
   glUseProgram(0);
}

int
main(int argc, char **argv)
{
   if (!nvgl_context())
      return 1;
   bool all = argc < 2;
   for (int i = 1; i < argc || all; i++) {
      const char *what = all ? NULL : argv[i];
      if (all || !strcmp(what, "clamp"))
         test_clamp();
      if (all || !strcmp(what, "lod"))
         test_lod(false);
      if (!all && !strcmp(what, "lod130"))
         test_lod(true);
      if (all || !strcmp(what, "arb"))
         test_arb();
      if (all || !strcmp(what, "bitmap"))
         test_bitmap();
      if (all || !strcmp(what, "snorm"))
         test_snorm();
      if (all)
         break;
   }
   return nvgl_done();
}
