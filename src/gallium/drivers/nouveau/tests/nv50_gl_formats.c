/*
 * GL 3.0's texture and render formats on the Tesla driver (issue 11):
 * EGL surfaceless, GLSL 1.30 source (the driver reports GL 3.1 / GLSL
 * 1.40 since nv50_gl_gl30; overrides before).  Every draw is a full-viewport
 * rectangle; a fragment's gl_FragCoord.xy is its pixel centre (x + 0.5,
 * y + 0.5).  Expected values by hand:
 *
 * 1. RGBA8UI texture, 2x1, texels (10, 20, 30, 40) and (200, 255, 0, 1),
 *    read by texelFetch on a usampler2D into an RGBA8 target as u / 255:
 *    UNORM8 stores round(u / 255 * 255) = u (GL 3.0 2.19.8), so the
 *    pixels are the texels' bytes.
 * 2. RGBA32I texture, 1x1 (-5, 100000, 7, -2147483647), texelFetch on an
 *    isampler2D; each component compared with its value, 1.0 where
 *    equal: 0xffffffff.
 * 3. An R11F_G11F_B10F target cleared to 0 and drawn with (0.5, 2.0,
 *    1.25, 1): each is exact in the small floats (EXT_packed_float: 6 or
 *    5 mantissa bits, 1.25 = 1.01b), read back as floats.
 * 4. An RGBA16I target cleared by glClearBufferiv to (-1, 2, -3, 4), its
 *    left half drawn with ivec4(-3, 1000, -32768, 32767) (int outputs
 *    write the integer, GL 3.0 4.2.1, within 16-bit range), read back
 *    with GL_RGBA_INTEGER / GL_INT: left and right pixels.
 * 5. RGTC1 (COMPRESSED_RED_RGTC1), one 4x4 block: red0 = 255 > red1 = 0,
 *    indices: texel (0,0) 0 -> 255, (1,0) 1 -> 0, (2,0) 2 -> (6 * 255 +
 *    0) / 7 = 218.57 (ARB_texture_compression_rgtc), the rest 0; red in
 *    an RGBA8 target: 255, 0, 218.57 (+-1), 255.
 * 6. sRGB decode: an SRGB8_ALPHA8 texel (188, 128, 64, 128) sampled into
 *    a linear RGBA8 target: GL 3.0 3.9.16's decode
 *    ((c / 255 + 0.055) / 1.055)^2.4 * 255 = 128.24, 55.04, 13.07; alpha
 *    linear 128 (+-1).
 * 7. Luminance targets (colour-renderable in the compatibility profile,
 *    ARB_framebuffer_object): LUMINANCE8_SNORM and LUMINANCE16F drawn
 *    with (0.5, 0.25, 0.75, 0.125) store L = R = 0.5 (GL's RGBA-to-
 *    luminance conversion; SNORM8 0.5 is 63.5 / 127: 0.5 +- 1/127),
 *    read back as (L, 0, 0, 1): a luminance buffer has no G, B or A (the
 *    conversion back to RGBA).  GL_RGBA_SIGNED_COMPONENTS_EXT
 *    (EXT_packed_float) is TRUE for the signed components the buffer has:
 *    (1, 1, 1, 0), L signed and no alpha.
 */
#include <math.h>
#include <stdint.h>

#include "nouveau_gl_util.h"

#define S 16

static GLuint
program(const char *fs)
{
   static const char *vs =
      "#version 130\n"
      "in vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs));
   glBindAttribLocation(p, 0, "pos");
   glBindFragDataLocation(p, 0, "c");
   nvgl_link(p);
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   return p;
}

/* a framebuffer of one S x S renderbuffer of internal format fmt */
static bool
target(GLenum fmt, const char *what)
{
   if (nvgl_fbo(fmt, S, S))
      return true;
   printf("     (the %s target)\n", what);
   return false;
}

static void
texture(GLenum ifmt, int w, int h, GLenum fmt, GLenum type, const void *data)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, ifmt, w, h, 0, fmt, type, data);
}

static void
check_f(const char *what, float got, float want)
{
   if (got != want) {
      printf("FAIL %s: got %g want %g\n", what, got, want);
      fails++;
   } else {
      printf("ok   %s = %g\n", what, got);
   }
}

static void
check_i(const char *what, int x, const int want[4])
{
   int got[4] = { 0 };
   glReadPixels(x, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, got);
   if (memcmp(got, want, sizeof(got))) {
      printf("FAIL %s (%d,0): got %d %d %d %d want %d %d %d %d\n", what, x,
             got[0], got[1], got[2], got[3],
             want[0], want[1], want[2], want[3]);
      fails++;
   } else {
      printf("ok   %s (%d,0) = %d %d %d %d\n", what, x,
             got[0], got[1], got[2], got[3]);
   }
}

int
main(void)
{
   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));

   /* 1. RGBA8UI */
   if (target(GL_RGBA8, "RGBA8")) {
      const GLubyte t8[] = { 10, 20, 30, 40, 200, 255, 0, 1 };
      texture(GL_RGBA8UI, 2, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, t8);
      program("#version 130\n"
              "uniform usampler2D t; out vec4 c;\n"
              "void main() {\n"
              "   uvec4 u = texelFetch(t, ivec2(int(gl_FragCoord.x) & 1, 0), 0);\n"
              "   c = vec4(u) / 255.0; }\n");
      nvgl_columns(0, S, S);
      check("RGBA8UI texelFetch texel 0", 0, 0, 0x0a141e28);
      check("RGBA8UI texelFetch texel 1", 1, 0, 0xc8ff0001);
      check("RGBA8UI texelFetch texel 0", 6, 3, 0x0a141e28);

      /* 2. RGBA32I */
      const GLint t32[] = { -5, 100000, 7, -2147483647 };
      texture(GL_RGBA32I, 1, 1, GL_RGBA_INTEGER, GL_INT, t32);
      program("#version 130\n"
              "uniform isampler2D t; out vec4 c;\n"
              "void main() {\n"
              "   ivec4 v = texelFetch(t, ivec2(0), 0);\n"
              "   c = vec4(equal(v, ivec4(-5, 100000, 7, -2147483647))); }\n");
      nvgl_columns(0, S, S);
      check("RGBA32I texelFetch, each component equal", 3, 3, 0xffffffff);

      /* 5. RGTC1 */
      GLubyte block[8] = { 255, 0 };
      /* 3-bit indices from bit 16 of the block, texel y * 4 + x:
       * texel 1 = 1 (bits 3..5), texel 2 = 2 (bits 6..8) */
      const uint64_t idx = 1u << 3 | 2u << 6;
      for (int i = 0; i < 6; i++)
         block[2 + i] = idx >> (8 * i);
      GLuint rt;
      glGenTextures(1, &rt);
      glBindTexture(GL_TEXTURE_2D, rt);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
      glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4,
                             0, sizeof(block), block);
      program("#version 130\n"
              "uniform sampler2D t; out vec4 c;\n"
              "void main() {\n"
              "   c = vec4(texelFetch(t, ivec2(gl_FragCoord.xy) & 3, 0).r,"
              " 0.0, 0.0, 1.0); }\n");
      nvgl_columns(0, S, S);
      check("RGTC1 index 0 (red0)", 0, 0, 0xff0000ff);
      check("RGTC1 index 1 (red1)", 1, 0, 0x000000ff);
      check_tol("RGTC1 index 2 (6 red0 + red1) / 7", 2, 0, 0xdb0000ff, 1);
      check("RGTC1 index 0 (red0)", 3, 1, 0xff0000ff);

      /* 6. sRGB decode */
      const GLubyte srgb[] = { 188, 128, 64, 128 };
      texture(GL_SRGB8_ALPHA8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, srgb);
      program("#version 130\n"
              "uniform sampler2D t; out vec4 c;\n"
              "void main() { c = texture(t, vec2(0.5)); }\n");
      nvgl_columns(0, S, S);
      check_tol("SRGB8_ALPHA8 texel decoded", 5, 5, 0x80370d80, 1);
   }

   /* 3. R11F_G11F_B10F target */
   if (target(GL_R11F_G11F_B10F, "R11F_G11F_B10F")) {
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      program("#version 130\n"
              "out vec4 c;\n"
              "void main() { c = vec4(0.5, 2.0, 1.25, 1.0); }\n");
      nvgl_columns(0, S / 2, S);
      float f[3] = { -1, -1, -1 };
      glReadPixels(1, 1, 1, 1, GL_RGB, GL_FLOAT, f);
      check_f("R11F_G11F_B10F drawn R", f[0], 0.5f);
      check_f("R11F_G11F_B10F drawn G", f[1], 2.0f);
      check_f("R11F_G11F_B10F drawn B", f[2], 1.25f);
      glReadPixels(S - 1, 1, 1, 1, GL_RGB, GL_FLOAT, f);
      check_f("R11F_G11F_B10F cleared R", f[0], 0.0f);
      check_f("R11F_G11F_B10F cleared B", f[2], 0.0f);
   }

   /* 4. RGBA16I target */
   if (target(GL_RGBA16I, "RGBA16I")) {
      const GLint clear[4] = { -1, 2, -3, 4 };
      glClearBufferiv(GL_COLOR, 0, clear);
      program("#version 130\n"
              "out ivec4 c;\n"
              "void main() { c = ivec4(-3, 1000, -32768, 32767); }\n");
      nvgl_columns(0, S / 2, S);
      const int drawn[4] = { -3, 1000, -32768, 32767 };
      check_i("RGBA16I drawn", 2, drawn);
      check_i("RGBA16I cleared", S - 2, clear);
   }

   /* 7. luminance targets */
   const struct { GLenum fmt; const char *name; float tol; } lum[] = {
      { GL_LUMINANCE8_SNORM, "LUMINANCE8_SNORM", 1.0f / 127 },
      { GL_LUMINANCE16F_ARB, "LUMINANCE16F", 0.0f },
   };
   for (unsigned i = 0; i < sizeof(lum) / sizeof(lum[0]); i++) {
      char what[80];
      if (!target(lum[i].fmt, lum[i].name))
         continue;
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      program("#version 130\n"
              "out vec4 c;\n"
              "void main() { c = vec4(0.5, 0.25, 0.75, 0.125); }\n");
      nvgl_columns(0, S, S);
      float f[4] = { -9, -9, -9, -9 };
      glReadPixels(3, 3, 1, 1, GL_RGBA, GL_FLOAT, f);
      snprintf(what, sizeof(what), "%s L = R = 0.5 (got %g), G B 0, A 1",
               lum[i].name, f[0]);
      check_true(what, fabsf(f[0] - 0.5f) <= lum[i].tol && f[1] == 0.0f &&
                       f[2] == 0.0f && f[3] == 1.0f);
      GLboolean sc[4] = { 9, 9, 9, 9 };
      glGetBooleanv(GL_RGBA_SIGNED_COMPONENTS_EXT, sc);
      snprintf(what, sizeof(what), "%s RGBA_SIGNED_COMPONENTS %d %d %d %d "
               "(want 1 1 1 0)", lum[i].name, sc[0], sc[1], sc[2], sc[3]);
      check_true(what, sc[0] && sc[1] && sc[2] && !sc[3]);
   }
   return nvgl_done();
}
