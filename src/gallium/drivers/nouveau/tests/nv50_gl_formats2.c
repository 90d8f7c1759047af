/*
 * Formats past GL 3.3 on the Tesla driver (issue 11): EGL surfaceless, an
 * RGBA8 FBO of 16x16, read back with glReadPixels.  Both extensions must
 * be listed (neither was before: the program failed there).  Expected
 * values by hand:
 *
 * 1. ARB_vertex_type_10f_11f_11f_rev: a colour attribute of type
 *    UNSIGNED_INT_10F_11F_11F_REV, size 3 (x in bits 0..10, y 11..21, z
 *    22..31, unsigned floats with 5 exponent bits, bias 15, and 6, 6, 5
 *    mantissa bits: GL 4.4 2.3.4.3 / 2.3.4.4), w 1, passed to the colour
 *    by a GLSL 1.30 VP.  The word (14 << 6 | 32) | (15 << 6) << 11 | (13
 *    << 5) << 22 is (0.75, 1.0, 0.25): round(255 v) 191, 255, 64, alpha
 *    255: 0xbfff40ff.  The word 0 | (12 << 6) << 11 | (16 << 5) << 22 is
 *    (0, 0.125, 2.0): 0, 31.875 -> 32, 2.0 clamped to 1 -> 255: 0x0020ffff.
 * 2. ATI_texture_compression_3dc: COMPRESSED_LUMINANCE_ALPHA_3DC_ATI, one
 *    4x4 block of two RGTC-style halves (the spec: luminance first, then
 *    alpha, each two 8-bit endpoints and sixteen 3-bit indices from bit
 *    16): luminance l0 = 255 > l1 = 0, texel (0, 0) index 0 -> 255,
 *    (1, 0) 1 -> 0, (2, 0) 2 -> (6 * 255 + 0) / 7 = 218.57, the rest
 *    index 0 -> 255; alpha a0 = 0x80 > a1 = 0x40, every index 0 -> 0x80.
 *    Sampled as (L, L, L, A) by texelFetch: texels (0..3, 0) 0xffffff80,
 *    0x00000080, 0xdadada80 (+-1), 0xffffff80.
 */
#include <stdint.h>

#include "nouveau_gl_util.h"

#define S 16
/* ATI_texture_compression_3dc's enum (the extension's spec; glext.h has
 * none) */
#ifndef GL_COMPRESSED_LUMINANCE_ALPHA_3DC_ATI
#define GL_COMPRESSED_LUMINANCE_ALPHA_3DC_ATI 0x8837
#endif

static GLuint
program(const char *vs, const char *fs)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs));
   glBindAttribLocation(p, 0, "pos");
   glBindAttribLocation(p, 1, "col");
   glBindFragDataLocation(p, 0, "c");
   nvgl_link(p);
   glUseProgram(p);
   return p;
}

static void
vertex_type(void)
{
   GLuint p = program("#version 130\n"
                      "in vec2 pos; in vec4 col; out vec4 v;\n"
                      "void main() { gl_Position = vec4(pos, 0.0, 1.0);\n"
                      "              v = col; }\n",
                      "#version 130\n"
                      "in vec4 v; out vec4 c;\n"
                      "void main() { c = v; }\n");
   static const uint32_t words[2] = {
      (14u << 6 | 32u) | (15u << 6) << 11 | (13u << 5) << 22,
      0u | (12u << 6) << 11 | (16u << 5) << 22,
   };
   static const unsigned want[2] = { 0xbfff40ff, 0x0020ffff };
   GLuint vb;
   glGenBuffers(1, &vb);
   for (int i = 0; i < 2; i++) {
      const uint32_t w[6] = { words[i], words[i], words[i], words[i],
                              words[i], words[i] };
      glBindBuffer(GL_ARRAY_BUFFER, vb);
      glBufferData(GL_ARRAY_BUFFER, sizeof(w), w, GL_STATIC_DRAW);
      glVertexAttribPointer(1, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE,
                            4, (void *)0);
      glEnableVertexAttribArray(1);
      glClear(GL_COLOR_BUFFER_BIT);
      nvgl_columns(0, S, S);   /* rebinds GL_ARRAY_BUFFER for attribute 0 */
      check(i ? "10F_11F_11F colour (0, 0.125, 2.0)"
              : "10F_11F_11F colour (0.75, 1.0, 0.25)", 5 + i, 9, want[i]);
   }
   glDisableVertexAttribArray(1);
   glDeleteBuffers(1, &vb);
   glDeleteProgram(p);
}

static void
latc2(void)
{
   GLubyte block[16] = { 255, 0 };
   /* luminance indices: texel 1 = 1 (bits 3..5 of the indices), texel 2
    * = 2 (bits 6..8), from byte 2 */
   const uint64_t idx = 1u << 3 | 2u << 6;
   for (int i = 0; i < 6; i++)
      block[2 + i] = (GLubyte)(idx >> (8 * i));
   block[8] = 0x80;
   block[9] = 0x40;
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_LUMINANCE_ALPHA_3DC_ATI,
                          4, 4, 0, sizeof(block), block);
   GLuint p = program("#version 130\n"
                      "in vec2 pos;\n"
                      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
                      "#version 130\n"
                      "uniform sampler2D t; out vec4 c;\n"
                      "void main() {\n"
                      "   c = texelFetch(t, ivec2(int(gl_FragCoord.x) % 4, 0), 0); }\n");
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   glClear(GL_COLOR_BUFFER_BIT);
   nvgl_columns(0, S, S);
   check("3DC texel (0, 0)", 4, 3, 0xffffff80);
   check("3DC texel (1, 0)", 5, 3, 0x00000080);
   check_tol("3DC texel (2, 0)", 6, 3, 0xdadada80, 1);
   check("3DC texel (3, 0)", 7, 3, 0xffffff80);
   glDeleteProgram(p);
   glDeleteTextures(1, &t);
}

int
main(void)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;
   const bool vt = nvgl_has_ext("GL_ARB_vertex_type_10f_11f_11f_rev");
   const bool dc = nvgl_has_ext("GL_ATI_texture_compression_3dc");
   check_true("GL_ARB_vertex_type_10f_11f_11f_rev is listed", vt);
   check_true("GL_ATI_texture_compression_3dc is listed", dc);
   if (vt)
      vertex_type();
   if (dc)
      latc2();
   return nvgl_done();
}
