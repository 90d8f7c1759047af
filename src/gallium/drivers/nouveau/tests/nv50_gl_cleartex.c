/*
 * ARB_clear_texture on the Tesla driver (issue 11): glClearTexImage and
 * glClearTexSubImage (GL 4.4 8.21), read back by glGetTexImage.  The
 * extension must be listed (it was not before PIPE_CAP_CLEAR_TEXTURE: the
 * program failed there).  The spec: the value is one texel given in the
 * format / type pair, converted to the texture's internal format as
 * TexSubImage would convert it (no sRGB conversion: the bytes given are
 * stored); a NULL value clears to zero; texels outside the box keep
 * theirs.  By hand:
 *
 * 1. RGBA8 8x8, every texel (0x11, 0x22, 0x33, 0x44); the box x 2..4,
 *    y 3..4 cleared to (0xa0, 0xb0, 0xc0, 0xd0): texels (2, 3) and (4, 4)
 *    are the new value, (1, 3), (5, 4), (2, 2), (2, 5) the old one.
 * 2. RGBA8 with levels 4x4 and 2x2 (both 0x11223344 texels): level 1
 *    cleared whole with NULL: its texels (0, 0, 0, 0); level 0's
 *    unchanged.
 * 3. RGBA32UI 2x2 cleared to (7, 100000, 0xffffffff, 3) as RGBA_INTEGER /
 *    UNSIGNED_INT: the words back as they were given.
 * 4. A 2D array 4x4x3 RGBA8 (0x11223344 texels), layer 1 of the box z
 *    1..1 cleared to (1, 2, 3, 4): layer 1's texels (1, 2, 3, 4), layers 0
 *    and 2 unchanged.
 * 5. DEPTH24_STENCIL8 4x4, cleared to the UNSIGNED_INT_24_8 word
 *    0x123456 << 8 | 0x9a: read back as DEPTH_STENCIL / UNSIGNED_INT_24_8
 *    the same word.
 * 6. RGB9_E5 (not a render target) 2x2 cleared to (1.0, 0.5, 0.25) as RGB
 *    / FLOAT: each exact in 9 mantissa bits with a shared exponent
 *    (EXT_texture_shared_exponent), read back as floats 1.0, 0.5, 0.25.
 * 7. SRGB8_ALPHA8 2x2 cleared to bytes (0x40, 0x80, 0xc0, 0xff): read back
 *    the same bytes.
 */
#include <stdint.h>

#include "nouveau_gl_util.h"

static GLuint
tex2d(GLenum target, GLenum ifmt, int levels, int w, int h, int d)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(target, t);
   if (target == GL_TEXTURE_2D_ARRAY)
      glTexStorage3D(target, levels, ifmt, w, h, d);
   else
      glTexStorage2D(target, levels, ifmt, w, h);
   return t;
}

/* fills every level of an RGBA8 texture with 0x11223344 texels */
static void
fill(GLenum target, int levels, int w, int h, int d)
{
   static GLubyte texels[8 * 8 * 4 * 4];
   for (unsigned i = 0; i < sizeof(texels) / 4; i++) {
      texels[4 * i] = 0x11;
      texels[4 * i + 1] = 0x22;
      texels[4 * i + 2] = 0x33;
      texels[4 * i + 3] = 0x44;
   }
   for (int m = 0; m < levels; m++) {
      if (target == GL_TEXTURE_2D_ARRAY)
         glTexSubImage3D(target, m, 0, 0, 0, w >> m, h >> m, d, GL_RGBA,
                         GL_UNSIGNED_BYTE, texels);
      else
         glTexSubImage2D(target, m, 0, 0, w >> m, h >> m, GL_RGBA,
                         GL_UNSIGNED_BYTE, texels);
   }
}

static void
texel(const char *what, const uint32_t *img, int w, int x, int y, int z,
      int h, uint32_t want)
{
   char name[128];
   const GLubyte *b = (const GLubyte *)&img[(z * h + y) * w + x];
   uint32_t got = (uint32_t)b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3];
   snprintf(name, sizeof(name), "%s texel (%d, %d, %d) 0x%08x", what, x, y,
            z, want);
   check_true(name, got == want);
   if (got != want)
      printf("     got 0x%08x\n", got);
}

int
main(void)
{
   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));
   if (!nvgl_has_ext("GL_ARB_clear_texture")) {
      printf("FAIL GL_ARB_clear_texture is not listed\n");
      fails++;
      return nvgl_done();
   }
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   static uint32_t img[8 * 8 * 3];
   const uint32_t old = 0x11223344, new = 0xa0b0c0d0;

   /* 1. a box of level 0 */
   GLuint t = tex2d(GL_TEXTURE_2D, GL_RGBA8, 1, 8, 8, 1);
   fill(GL_TEXTURE_2D, 1, 8, 8, 1);
   const GLubyte v1[4] = { 0xa0, 0xb0, 0xc0, 0xd0 };
   glClearTexSubImage(t, 0, 2, 3, 0, 3, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, v1);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   texel("box", img, 8, 2, 3, 0, 8, new);
   texel("box", img, 8, 4, 4, 0, 8, new);
   texel("left of the box", img, 8, 1, 3, 0, 8, old);
   texel("right of the box", img, 8, 5, 4, 0, 8, old);
   texel("below the box", img, 8, 2, 2, 0, 8, old);
   texel("above the box", img, 8, 2, 5, 0, 8, old);
   glDeleteTextures(1, &t);

   /* 2. level 1 whole, to zero */
   t = tex2d(GL_TEXTURE_2D, GL_RGBA8, 2, 4, 4, 1);
   fill(GL_TEXTURE_2D, 2, 4, 4, 1);
   glClearTexImage(t, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, img);
   texel("level 1 cleared", img, 2, 1, 1, 0, 2, 0);
   texel("level 1 cleared", img, 2, 0, 0, 0, 2, 0);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   texel("level 0 kept", img, 4, 3, 3, 0, 4, old);
   glDeleteTextures(1, &t);

   /* 3. integers */
   t = tex2d(GL_TEXTURE_2D, GL_RGBA32UI, 1, 2, 2, 1);
   const GLuint v3[4] = { 7, 100000, 0xffffffffu, 3 };
   glClearTexImage(t, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, v3);
   GLuint u[16];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, u);
   check_true("RGBA32UI texel (1, 1) (7, 100000, 0xffffffff, 3)",
              !memcmp(&u[12], v3, sizeof(v3)));
   check_true("RGBA32UI texel (0, 0) (7, 100000, 0xffffffff, 3)",
              !memcmp(&u[0], v3, sizeof(v3)));
   glDeleteTextures(1, &t);

   /* 4. one layer of an array */
   t = tex2d(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 1, 4, 4, 3);
   fill(GL_TEXTURE_2D_ARRAY, 1, 4, 4, 3);
   const GLubyte v4[4] = { 1, 2, 3, 4 };
   glClearTexSubImage(t, 0, 0, 0, 1, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, v4);
   glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   texel("array layer 1", img, 4, 2, 1, 1, 4, 0x01020304);
   texel("array layer 0 kept", img, 4, 2, 1, 0, 4, old);
   texel("array layer 2 kept", img, 4, 3, 3, 2, 4, old);
   glDeleteTextures(1, &t);

   /* 5. depth / stencil */
   t = tex2d(GL_TEXTURE_2D, GL_DEPTH24_STENCIL8, 1, 4, 4, 1);
   const GLuint v5 = 0x123456u << 8 | 0x9a;
   glClearTexImage(t, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &v5);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, u);
   check_u("DEPTH24_STENCIL8 texel (3, 2) 0x1234569a", u[11], v5);
   check_u("DEPTH24_STENCIL8 texel (0, 0) 0x1234569a", u[0], v5);
   glDeleteTextures(1, &t);

   /* 6. a format the 3D engine does not render */
   t = tex2d(GL_TEXTURE_2D, GL_RGB9_E5, 1, 2, 2, 1);
   const GLfloat v6[3] = { 1.0f, 0.5f, 0.25f };
   glClearTexImage(t, 0, GL_RGB, GL_FLOAT, v6);
   GLfloat f[12];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, f);
   check_true("RGB9_E5 texel (1, 1) (1.0, 0.5, 0.25)",
              f[9] == 1.0f && f[10] == 0.5f && f[11] == 0.25f);
   if (f[9] != 1.0f || f[10] != 0.5f || f[11] != 0.25f)
      printf("     got %g %g %g\n", f[9], f[10], f[11]);
   glDeleteTextures(1, &t);

   /* 7. sRGB: the bytes as given */
   t = tex2d(GL_TEXTURE_2D, GL_SRGB8_ALPHA8, 1, 2, 2, 1);
   const GLubyte v7[4] = { 0x40, 0x80, 0xc0, 0xff };
   glClearTexImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, v7);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   texel("SRGB8_ALPHA8", img, 2, 1, 0, 0, 2, 0x4080c0ff);
   glDeleteTextures(1, &t);
   return nvgl_done();
}
