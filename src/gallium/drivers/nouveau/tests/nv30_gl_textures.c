/*
 * GL check of textures on any chip, written for rankine (GeForce FX),
 * whose power-of-two textures are stored swizzled and whose rectangles
 * are linear (nv30_resource.c): what is uploaded to every level, cube
 * face, 3D slice and sub-box reads back the same (glGetTexImage), a clear
 * of a texture bound to a framebuffer lands on the texels the GL spec
 * says, and (with the argument "sample") sampling returns the texels GL's
 * level, face and slice selection picks.  EXT_framebuffer_object only
 * (rankine has no ARB_framebuffer_object).  Expected values are the
 * uploaded texels themselves or the clear colours; llvmpipe must agree.
 *   tests/gl/run.sh builds and runs it; by hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv30_gl_textures nv30_gl_textures.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   scripts/nvrun --chip nv30 -- /tmp/nv30_gl_textures [sample [NAME]]
 *   (NAME: one of samples[])
 */
#include <stdlib.h>
#include <string.h>

#include "nouveau_gl_util.h"

/* A texel of every (level, face, x, y, z) that differs from its
 * neighbours in each coordinate: 0xRRGGBBAA. */
static unsigned
texel(int level, int face, int x, int y, int z, int salt)
{
   unsigned r = (x * 37 + level * 50 + salt * 3) & 0xff;
   unsigned g = (y * 23 + face * 40 + z * 11) & 0xff;
   unsigned b = (level * 30 + face * 7 + z * 50 + salt * 17) & 0xff;
   unsigned a = (255 - x - y * 3 - salt) & 0xff;
   return r << 24 | g << 16 | b << 8 | a;
}

/* w x h x d texels as GL_RGBA / GL_UNSIGNED_BYTE bytes */
static unsigned char *
image(int level, int face, int x0, int y0, int z0, int w, int h, int d,
      int salt)
{
   unsigned char *p = malloc((size_t)w * h * d * 4), *q = p;
   for (int z = 0; z < d; z++)
      for (int y = 0; y < h; y++)
         for (int x = 0; x < w; x++, q += 4) {
            unsigned t = texel(level, face, x0 + x, y0 + y, z0 + z, salt);
            q[0] = t >> 24;
            q[1] = t >> 16;
            q[2] = t >> 8;
            q[3] = t;
         }
   return p;
}

/* The texels read back from (target, level) are want's; the first
 * difference is reported. */
static void
check_image(const char *what, GLenum target, int level,
            const unsigned char *want, int w, int h, int d)
{
   size_t n = (size_t)w * h * d * 4;
   unsigned char *got = malloc(n);
   memset(got, 0x5a, n);
   glGetTexImage(target, level, GL_RGBA, GL_UNSIGNED_BYTE, got);
   for (size_t i = 0; i < n; i += 4) {
      if (memcmp(got + i, want + i, 4)) {
         int t = i / 4;
         printf("FAIL %s level %d texel (%d,%d,%d): got %02x%02x%02x%02x "
                "want %02x%02x%02x%02x\n", what, level, t % w, t / w % h,
                t / w / h, got[i], got[i + 1], got[i + 2], got[i + 3],
                want[i], want[i + 1], want[i + 2], want[i + 3]);
         fails++;
         free(got);
         return;
      }
   }
   printf("ok   %s level %d: %dx%dx%d texels read back\n", what, level, w,
          h, d);
   free(got);
}

/* Writes the (x0, y0, z0) w x h x d box of want with the salt-s texels */
static void
patch(unsigned char *want, int lw, int lh, int level, int face, int x0,
      int y0, int z0, int w, int h, int d, int salt)
{
   for (int z = z0; z < z0 + d; z++)
      for (int y = y0; y < y0 + h; y++)
         for (int x = x0; x < x0 + w; x++) {
            unsigned t = texel(level, face, x, y, z, salt);
            unsigned char *q = want + (((size_t)z * lh + y) * lw + x) * 4;
            q[0] = t >> 24;
            q[1] = t >> 16;
            q[2] = t >> 8;
            q[3] = t;
         }
}

static int
minify(int s, int l)
{
   return s >> l ? s >> l : 1;
}

static void
set_nearest(GLenum target)
{
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

/* 2D 32x16, the whole chain, a sub-box of level 1 rewritten */
static GLuint
tex_2d(void)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   set_nearest(GL_TEXTURE_2D);
   for (int l = 0; l < 6; l++) {
      unsigned char *p = image(l, 0, 0, 0, 0, minify(32, l), minify(16, l), 1, 0);
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, minify(32, l), minify(16, l), 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, p);
      free(p);
   }
   unsigned char *p = image(1, 0, 3, 2, 0, 5, 3, 1, 9);
   glTexSubImage2D(GL_TEXTURE_2D, 1, 3, 2, 5, 3, GL_RGBA, GL_UNSIGNED_BYTE, p);
   free(p);
   return tex;
}

static void
test_2d(void)
{
   tex_2d();
   for (int l = 0; l < 6; l++) {
      int w = minify(32, l), h = minify(16, l);
      unsigned char *want = image(l, 0, 0, 0, 0, w, h, 1, 0);
      if (l == 1)
         patch(want, w, h, 1, 0, 3, 2, 0, 5, 3, 1, 9);
      check_image("2D 32x16", GL_TEXTURE_2D, l, want, w, h, 1);
      free(want);
   }
}

static const GLenum faces[6] = {
   GL_TEXTURE_CUBE_MAP_POSITIVE_X, GL_TEXTURE_CUBE_MAP_NEGATIVE_X,
   GL_TEXTURE_CUBE_MAP_POSITIVE_Y, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y,
   GL_TEXTURE_CUBE_MAP_POSITIVE_Z, GL_TEXTURE_CUBE_MAP_NEGATIVE_Z,
};

/* cube 16x16, levels 0..levels-1 of each face */
static GLuint
tex_cube(int levels)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   set_nearest(GL_TEXTURE_CUBE_MAP);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAX_LEVEL, levels - 1);
   for (int f = 0; f < 6; f++)
      for (int l = 0; l < levels; l++) {
         int s = minify(16, l);
         unsigned char *p = image(l, f, 0, 0, 0, s, s, 1, 0);
         glTexImage2D(faces[f], l, GL_RGBA8, s, s, 0, GL_RGBA,
                      GL_UNSIGNED_BYTE, p);
         free(p);
      }
   if (levels > 2) {
      unsigned char *p = image(2, 3, 1, 0, 0, 2, 3, 1, 5);
      glTexSubImage2D(faces[3], 2, 1, 0, 2, 3, GL_RGBA, GL_UNSIGNED_BYTE, p);
      free(p);
   }
   return tex;
}

static void
test_cube(int levels)
{
   char what[64];
   tex_cube(levels);
   for (int f = 0; f < 6; f++)
      for (int l = 0; l < levels; l++) {
         int s = minify(16, l);
         unsigned char *want = image(l, f, 0, 0, 0, s, s, 1, 0);
         if (f == 3 && l == 2)
            patch(want, s, s, 2, 3, 1, 0, 0, 2, 3, 1, 5);
         snprintf(what, sizeof(what), "cube (%d levels) face %d", levels, f);
         check_image(what, faces[f], l, want, s, s, 1);
         free(want);
      }
}

/* 3D 8x8x4, the whole chain, a box of level 0 rewritten */
static GLuint
tex_3d(void)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_3D, tex);
   set_nearest(GL_TEXTURE_3D);
   for (int l = 0; l < 4; l++) {
      int w = minify(8, l), h = minify(8, l), d = minify(4, l);
      unsigned char *p = image(l, 0, 0, 0, 0, w, h, d, 0);
      glTexImage3D(GL_TEXTURE_3D, l, GL_RGBA8, w, h, d, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, p);
      free(p);
   }
   unsigned char *p = image(0, 0, 2, 1, 1, 3, 5, 2, 7);
   glTexSubImage3D(GL_TEXTURE_3D, 0, 2, 1, 1, 3, 5, 2, GL_RGBA,
                   GL_UNSIGNED_BYTE, p);
   free(p);
   return tex;
}

static void
test_3d(void)
{
   tex_3d();
   for (int l = 0; l < 4; l++) {
      int w = minify(8, l), h = minify(8, l), d = minify(4, l);
      unsigned char *want = image(l, 0, 0, 0, 0, w, h, d, 0);
      if (l == 0)
         patch(want, w, h, 0, 0, 2, 1, 1, 3, 5, 2, 7);
      check_image("3D 8x8x4", GL_TEXTURE_3D, l, want, w, h, d);
      free(want);
   }
}

/* 1D 64, the whole chain */
static void
test_1d(void)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_1D, tex);
   for (int l = 0; l < 7; l++) {
      unsigned char *p = image(l, 0, 0, 0, 0, minify(64, l), 1, 1, 0);
      glTexImage1D(GL_TEXTURE_1D, l, GL_RGBA8, minify(64, l), 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, p);
      free(p);
   }
   for (int l = 0; l < 7; l++) {
      unsigned char *want = image(l, 0, 0, 0, 0, minify(64, l), 1, 1, 0);
      check_image("1D 64", GL_TEXTURE_1D, l, want, minify(64, l), 1, 1);
      free(want);
   }
}

/* rectangle 20x12 (linear on rankine), a sub-box rewritten */
static GLuint
tex_rect(void)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_RECTANGLE_ARB, tex);
   glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   unsigned char *p = image(0, 0, 0, 0, 0, 20, 12, 1, 0);
   glTexImage2D(GL_TEXTURE_RECTANGLE_ARB, 0, GL_RGBA8, 20, 12, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, p);
   free(p);
   p = image(0, 0, 7, 3, 0, 9, 4, 1, 3);
   glTexSubImage2D(GL_TEXTURE_RECTANGLE_ARB, 0, 7, 3, 9, 4, GL_RGBA,
                   GL_UNSIGNED_BYTE, p);
   free(p);
   return tex;
}

static void
test_rect(void)
{
   tex_rect();
   unsigned char *want = image(0, 0, 0, 0, 0, 20, 12, 1, 0);
   patch(want, 20, 12, 0, 0, 7, 3, 0, 9, 4, 1, 3);
   check_image("rectangle 20x12", GL_TEXTURE_RECTANGLE_ARB, 0, want, 20, 12, 1);
   free(want);
}

static void
fill(unsigned char *want, int w, int x0, int y0, int cw, int ch, unsigned c)
{
   for (int y = y0; y < y0 + ch; y++)
      for (int x = x0; x < x0 + cw; x++) {
         unsigned char *q = want + ((size_t)y * w + x) * 4;
         q[0] = c >> 24;
         q[1] = c >> 16;
         q[2] = c >> 8;
         q[3] = c;
      }
}

static void
clear_to(unsigned c)
{
   glClearColor((c >> 24) / 255.0f, (c >> 16 & 0xff) / 255.0f,
                (c >> 8 & 0xff) / 255.0f, (c & 0xff) / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
}

/* Clears of a 32x32 texture's levels 0 and 2 bound to a framebuffer
 * (GL 2.1 4.2.3: the whole attachment, or the scissor box of it); the
 * other levels keep their texels. */
static void
test_render_to_texture(void)
{
   GLuint tex, fb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   set_nearest(GL_TEXTURE_2D);
   for (int l = 0; l < 6; l++) {
      unsigned char *p = image(l, 0, 0, 0, 0, minify(32, l), minify(32, l), 1, 0);
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, minify(32, l), minify(32, l), 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, p);
      free(p);
   }
   glGenFramebuffersEXT(1, &fb);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   unsigned char *want[6];
   for (int l = 0; l < 6; l++)
      want[l] = image(l, 0, 0, 0, 0, minify(32, l), minify(32, l), 1, 0);
   static const struct { int level, x, y, w, h; unsigned color; } clears[] = {
      { 0, 0, 0, 32, 32, 0x204060ff },
      { 0, 5, 9, 13, 6, 0xc08010f0 },
      { 2, 1, 2, 3, 2, 0x10e0a080 },
      /* levels 4 (2x2) and 5 (1x1): on rankine level 5 does not start
       * on 64 bytes (nv30_emit.c) */
      { 4, 0, 0, 2, 2, 0x55aa33cc },
      { 5, 0, 0, 1, 1, 0x9966ff11 },
      { 3, 1, 1, 2, 3, 0x0f1e2d3c },
   };
   for (unsigned i = 0; i < sizeof(clears) / sizeof(clears[0]); i++) {
      int l = clears[i].level, s = minify(32, l);
      glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                GL_TEXTURE_2D, tex, l);
      GLenum st = glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT);
      if (st != GL_FRAMEBUFFER_COMPLETE_EXT) {
         printf("FAIL render to level %d: framebuffer status 0x%x\n", l, st);
         fails++;
         continue;
      }
      glViewport(0, 0, s, s);
      bool full = clears[i].w == s && clears[i].h == s;
      if (!full) {
         glEnable(GL_SCISSOR_TEST);
         glScissor(clears[i].x, clears[i].y, clears[i].w, clears[i].h);
      }
      clear_to(clears[i].color);
      glDisable(GL_SCISSOR_TEST);
      fill(want[l], s, clears[i].x, clears[i].y, clears[i].w, clears[i].h,
           clears[i].color);
   }
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
   for (int l = 0; l < 6; l++) {
      check_image("render to 32x32", GL_TEXTURE_2D, l, want[l],
                  minify(32, l), minify(32, l), 1);
      free(want[l]);
   }
   glDeleteFramebuffersEXT(1, &fb);
   glDeleteTextures(1, &tex);
}

/* Clears of every level of a 32-texel 1D texture bound to a framebuffer
 * (EXT_framebuffer_object's FramebufferTexture1DEXT; GL 2.1 4.2.3), each
 * a colour of its own, then every level read back: each holds its clear
 * colour.  On rankine the levels below 64 texels start off 64 bytes
 * (4x1 at 224, 2x1 at 240, 1x1 at 248 bytes), which the 16x2-target
 * trick of nv30_emit.c places wrongly. */
static void
test_render_to_1d(void)
{
   GLuint tex, fb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_1D, tex);
   set_nearest(GL_TEXTURE_1D);
   for (int l = 0; l < 6; l++) {
      unsigned char *p = image(l, 0, 0, 0, 0, minify(32, l), 1, 1, 3);
      glTexImage1D(GL_TEXTURE_1D, l, GL_RGBA8, minify(32, l), 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, p);
      free(p);
   }
   glGenFramebuffersEXT(1, &fb);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   unsigned char *want[6];
   for (int l = 0; l < 6; l++) {
      unsigned color = 0x11223344u * (unsigned)(l + 1) | 0x80;
      want[l] = image(l, 0, 0, 0, 0, minify(32, l), 1, 1, 3);
      glFramebufferTexture1DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                GL_TEXTURE_1D, tex, l);
      GLenum st = glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT);
      if (st != GL_FRAMEBUFFER_COMPLETE_EXT) {
         printf("FAIL render to 1D level %d: framebuffer status 0x%x\n", l,
                st);
         fails++;
         continue;
      }
      glViewport(0, 0, minify(32, l), 1);
      clear_to(color);
      fill(want[l], minify(32, l), 0, 0, minify(32, l), 1, color);
   }
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
   for (int l = 0; l < 6; l++) {
      check_image("render to 1D 32", GL_TEXTURE_1D, l, want[l],
                  minify(32, l), 1, 1);
      free(want[l]);
   }
   glDeleteFramebuffersEXT(1, &fb);
   glDeleteTextures(1, &tex);
}

/* A clear of slice 1 of a 3D texture bound to a framebuffer changes that
 * slice only; an implementation may refuse the attachment instead
 * (GL_FRAMEBUFFER_UNSUPPORTED, EXT_framebuffer_object 4.4.4.2).  Rankine
 * draws a slice through a 2D copy (its 3D textures are swizzled across
 * slices, nv30_resource.h), copied back when unbound or read. */
static void
test_render_to_3d(void)
{
   GLuint fb;
   tex_3d();
   glGenFramebuffersEXT(1, &fb);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   glFramebufferTexture3DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                             GL_TEXTURE_3D, 0, 0, 1);
   GLuint tex;
   glGetIntegerv(GL_TEXTURE_BINDING_3D, (GLint *)&tex);
   glFramebufferTexture3DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                             GL_TEXTURE_3D, tex, 0, 1);
   GLenum st = glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT);
   unsigned char *want = image(0, 0, 0, 0, 0, 8, 8, 4, 0);
   patch(want, 8, 8, 0, 0, 2, 1, 1, 3, 5, 2, 7);
   if (st == GL_FRAMEBUFFER_COMPLETE_EXT) {
      glViewport(0, 0, 8, 8);
      clear_to(0x11223344);
      fill(want + 8 * 8 * 4, 8, 0, 0, 8, 8, 0x11223344);
   } else {
      printf("ok   render to a 3D slice refused (status 0x%x)\n", st);
   }
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
   check_image("render to 3D slice 1", GL_TEXTURE_3D, 0, want, 8, 8, 4);
   /* slice 3, read back while still bound */
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   glFramebufferTexture3DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                             GL_TEXTURE_3D, tex, 0, 3);
   if (glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) ==
       GL_FRAMEBUFFER_COMPLETE_EXT) {
      glEnable(GL_SCISSOR_TEST);
      glScissor(1, 2, 4, 3);
      clear_to(0x99887766);
      glDisable(GL_SCISSOR_TEST);
      fill(want + 3 * 8 * 8 * 4, 8, 1, 2, 4, 3, 0x99887766);
   }
   check_image("render to 3D slice 3 (bound)", GL_TEXTURE_3D, 0, want, 8, 8,
               4);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
   free(want);
   glDeleteFramebuffersEXT(1, &fb);
}

/* The depth values read back from the bound framebuffer are 0.25 but in
 * the (2,3) 5x4 box, 0.75 */
static void
check_depth(const char *what)
{
   float d[16 * 16];
   int bad = 0;
   glReadPixels(0, 0, 16, 16, GL_DEPTH_COMPONENT, GL_FLOAT, d);
   for (int y = 0; y < 16; y++)
      for (int x = 0; x < 16; x++) {
         float w = x >= 2 && x < 7 && y >= 3 && y < 7 ? 0.75f : 0.25f;
         bad += d[y * 16 + x] < w - 0.01f || d[y * 16 + x] > w + 0.01f;
      }
   if (bad) {
      printf("FAIL %s: %d of 256 depth values wrong\n", what, bad);
      fails++;
   } else {
      printf("ok   %s: depth values read back\n", what);
   }
}

/* A depth renderbuffer with a 16x16 colour texture (on rankine st/mesa
 * makes renderbuffers rectangles, which are linear, and the texture is
 * swizzled: nv30_surface_match_zeta), cleared (GL 2.1 4.2.3), then read
 * back with that texture and with a colour renderbuffer */
static void
test_depth_with_texture(void)
{
   GLuint fb, tex, zb, rb;
   glGenFramebuffersEXT(1, &fb);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                             GL_TEXTURE_2D, tex, 0);
   glGenRenderbuffersEXT(1, &zb);
   glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, zb);
   glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_DEPTH_COMPONENT24, 16, 16);
   glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT,
                                GL_RENDERBUFFER_EXT, zb);
   glViewport(0, 0, 16, 16);
   glClearDepth(0.25);
   glClear(GL_DEPTH_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(2, 3, 5, 4);
   glClearDepth(0.75);
   glClear(GL_DEPTH_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glClearDepth(1.0);
   check_depth("depth renderbuffer with a colour texture");
   glGenRenderbuffersEXT(1, &rb);
   glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb);
   glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA8, 16, 16);
   glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                GL_RENDERBUFFER_EXT, rb);
   check_depth("the same, then with a colour renderbuffer");
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
   glDeleteFramebuffersEXT(1, &fb);
}

/* A multisampled renderbuffer's clears resolved into a 16x16 texture
 * (EXT_framebuffer_multisample: a blit averages the samples; every
 * sample of a pixel has the clear colour) */
static void
test_resolve(void)
{
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES_EXT, &max_samples);
   if (max_samples < 2) {
      printf("ok   resolve: no multisampling (MAX_SAMPLES %d)\n", max_samples);
      return;
   }
   /* not exported by libGL: looked up */
   PFNGLBLITFRAMEBUFFEREXTPROC blit =
      (void *)eglGetProcAddress("glBlitFramebufferEXT");
   PFNGLRENDERBUFFERSTORAGEMULTISAMPLEEXTPROC storage_ms =
      (void *)eglGetProcAddress("glRenderbufferStorageMultisampleEXT");
   GLuint ms_fb, ms_rb, fb, tex;
   glGenFramebuffersEXT(1, &ms_fb);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, ms_fb);
   glGenRenderbuffersEXT(1, &ms_rb);
   glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, ms_rb);
   storage_ms(GL_RENDERBUFFER_EXT, 2, GL_RGBA8, 16, 16);
   glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                GL_RENDERBUFFER_EXT, ms_rb);
   glViewport(0, 0, 16, 16);
   clear_to(0x6080a0ff);
   glEnable(GL_SCISSOR_TEST);
   glScissor(3, 5, 6, 4);
   clear_to(0xe0c01040);
   glDisable(GL_SCISSOR_TEST);

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffersEXT(1, &fb);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                             GL_TEXTURE_2D, tex, 0);
   glBindFramebufferEXT(GL_READ_FRAMEBUFFER_EXT, ms_fb);
   glBindFramebufferEXT(GL_DRAW_FRAMEBUFFER_EXT, fb);
   blit(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
   unsigned char want[16 * 16 * 4];
   fill(want, 16, 0, 0, 16, 16, 0x6080a0ff);
   fill(want, 16, 3, 5, 6, 4, 0xe0c01040);
   check_image("multisample resolve into 16x16", GL_TEXTURE_2D, 0, want, 16,
               16, 1);
}

/* ---- sampling ---------------------------------------------------------- */

/* A framebuffer of a w x h RGBA8 renderbuffer, bound */
static void
target(int w, int h)
{
   GLuint fb, rb;
   glGenFramebuffersEXT(1, &fb);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   glGenRenderbuffersEXT(1, &rb);
   glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb);
   glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA8, w, h);
   glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                GL_RENDERBUFFER_EXT, rb);
   glViewport(0, 0, w, h);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
}

static void
check_texel(const char *what, int x, int y, unsigned want)
{
   check(what, x, y, want);
}

/* A w x h quad over the target with texture coordinates s0..s1, t0..t1
 * at r (GL_REPLACE: the fragment is the texel) */
static void
quad(float s0, float t0, float s1, float t1, float r)
{
   glBegin(GL_QUADS);
   glTexCoord3f(s0, t0, r); glVertex2f(-1, -1);
   glTexCoord3f(s1, t0, r); glVertex2f(1, -1);
   glTexCoord3f(s1, t1, r); glVertex2f(1, 1);
   glTexCoord3f(s0, t1, r); glVertex2f(-1, 1);
   glEnd();
}

static void
sample_2d(void)
{
   /* 2D: the 32x16 texture drawn over 8x4 pixels: the scale factor is 4,
    * lambda 2 (GL 2.1 3.8.8), NEAREST_MIPMAP_NEAREST picks level 2 and
    * pixel (x, y)'s centre falls in its texel (x, y) */
   target(8, 4);
   tex_2d();
   glEnable(GL_TEXTURE_2D);
   quad(0, 0, 1, 1, 0);
   glDisable(GL_TEXTURE_2D);
   for (int y = 0; y < 4; y += 3)
      for (int x = 0; x < 8; x += 3)
         check_texel("2D level 2", x, y, texel(2, 0, x, y, 0, 0));
}

static void
sample_2d_base_level(void)
{
   /* the view from level 1 (BASE_LEVEL 1) */
   target(8, 4);
   tex_2d();
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   quad(0, 0, 1, 1, 0);
   glDisable(GL_TEXTURE_2D);
   /* BASE_LEVEL 1 without mipmapping samples level 1 (16x8) at 2x:
    * pixel x's centre is texel 2x + 1 (x + 0.5) * 2 = 2x + 1 */
   for (int x = 0; x < 8; x += 3)
      check_texel("2D base level 1", x, 1,
                  texel(1, 0, 2 * x + 1, 3, 0,
                        2 * x + 1 >= 3 && 2 * x + 1 < 8 ? 9 : 0));
}

/* GL 2.1 3.8.8: lambda' = lambda_base + bias, clamped to [MIN_LOD,
 * MAX_LOD]; the 32x16 texture over 8x4 pixels has lambda 2 */
static void
sample_2d_lod(float min_lod, float bias, int level)
{
   target(8, 4);
   tex_2d();
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, min_lod);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, bias);
   glEnable(GL_TEXTURE_2D);
   quad(0, 0, 1, 1, 0);
   glDisable(GL_TEXTURE_2D);
   /* level l is 32 >> l texels wide over 8 pixels: pixel x's centre is
    * texel (x + 0.5) * (32 >> l) / 8 */
   for (int y = 0; y < 4; y += 3)
      for (int x = 0; x < 8; x += 3) {
         int tx = (2 * x + 1) * (32 >> level) / 16;
         int ty = (2 * y + 1) * (16 >> level) / 8;
         bool patched = level == 1 && tx >= 3 && tx < 8 && ty >= 2 && ty < 5;
         check_texel(bias ? "2D LOD bias -1" : "2D MIN_LOD 3", x, y,
                     texel(level, 0, tx, ty, 0, patched ? 9 : 0));
      }
}

static void
sample_2d_min_lod(void)
{
   sample_2d_lod(3, 0, 3);
}

static void
sample_2d_bias(void)
{
   sample_2d_lod(0, -1, 1);
}

static void
sample_cube(void)
{
   char what[64];

   /* cube: one pixel per face, the direction at its centre (GL 2.1
    * table 3.21: +X s = -rz/|rx|, t = -ry/|rx|, ...; at the centre the
    * texel (8, 8) of level 0 on a 16x16 face) */
   static const float dirs[6][3] = {
      { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 },
      { 0, 0, -1 },
   };
   target(6, 1);
   tex_cube(5);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_CUBE_MAP);
   glBegin(GL_POINTS);
   for (int f = 0; f < 6; f++) {
      glTexCoord3fv(dirs[f]);
      glVertex2f(-1 + (2 * f + 1) / 6.0f, 0);
   }
   glEnd();
   glDisable(GL_TEXTURE_CUBE_MAP);
   for (int f = 0; f < 6; f++) {
      snprintf(what, sizeof(what), "cube face %d centre", f);
      check_texel(what, f, 0, texel(0, f, 8, 8, 0, 0));
   }
}

static void
sample_3d(void)
{

   /* 3D: level 0 (8x8 over 8x8 pixels), slice 2 (r = 2.5 / 4) */
   target(8, 8);
   tex_3d();
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_3D);
   quad(0, 0, 1, 1, 2.5f / 4);
   glDisable(GL_TEXTURE_3D);
   for (int y = 0; y < 8; y += 3)
      for (int x = 0; x < 8; x += 3) {
         bool patched = x >= 2 && x < 5 && y >= 1 && y < 6;
         check_texel("3D slice 2", x, y, texel(0, 0, x, y, 2, patched ? 7 : 0));
      }
}

static void
sample_rect(void)
{

   /* rectangle: 20x12 drawn texel for texel */
   target(20, 12);
   tex_rect();
   glEnable(GL_TEXTURE_RECTANGLE_ARB);
   quad(0, 0, 20, 12, 0);
   glDisable(GL_TEXTURE_RECTANGLE_ARB);
   for (int y = 0; y < 12; y += 5)
      for (int x = 0; x < 20; x += 4) {
         bool patched = x >= 7 && x < 16 && y >= 3 && y < 7;
         check_texel("rectangle", x, y, texel(0, 0, x, y, 0, patched ? 3 : 0));
      }
}

static void
sample_render_to_texture(void)
{

   /* render to a 16x16 texture (a clear and a smaller clear), then
    * sample it over 16x16 pixels */
   GLuint tex, fb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffersEXT(1, &fb);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                             GL_TEXTURE_2D, tex, 0);
   glViewport(0, 0, 16, 16);
   clear_to(0x3070b0ff);
   glEnable(GL_SCISSOR_TEST);
   glScissor(4, 6, 5, 3);
   clear_to(0xf02010ff);
   glDisable(GL_SCISSOR_TEST);
   target(16, 16);
   glBindTexture(GL_TEXTURE_2D, tex);
   glEnable(GL_TEXTURE_2D);
   quad(0, 0, 1, 1, 0);
   glDisable(GL_TEXTURE_2D);
   check_texel("render to texture, sampled", 0, 0, 0x3070b0ff);
   check_texel("render to texture, sampled", 15, 15, 0x3070b0ff);
   check_texel("render to texture, sampled", 4, 6, 0xf02010ff);
   check_texel("render to texture, sampled", 8, 8, 0xf02010ff);
   check_texel("render to texture, sampled", 9, 8, 0x3070b0ff);
}

/* sRGB texels are decoded before filtering (EXT_texture_sRGB 3.8.x:
 * cl = ((cs + 0.055) / 1.055)^2.4 above 0.04045), alpha is not:
 * 0x80 -> 0.2159 (55), 0x40 -> 0.0513 (13), 0xff -> 1 */
static void
sample_srgb(void)
{
   unsigned char p[4 * 4 * 4];
   GLuint tex;
   for (int i = 0; i < 16; i++) {
      p[4 * i] = 0x80;
      p[4 * i + 1] = 0x40;
      p[4 * i + 2] = 0xff;
      p[4 * i + 3] = 0x80;
   }
   target(4, 4);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8_EXT, 4, 4, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, p);
   glEnable(GL_TEXTURE_2D);
   quad(0, 0, 1, 1, 0);
   glDisable(GL_TEXTURE_2D);
   check_tol("sRGB texel decoded", 1, 2, 0x370dff80, 1);
}

/* Depth compare (ARB_shadow): LEQUAL of r = 0.5 against depths 0.25
 * (left half) and 0.75 (right half) gives 0 and 1, as luminance */
static void
sample_shadow(void)
{
   float depth[4 * 4];
   GLuint tex;
   for (int i = 0; i < 16; i++)
      depth[i] = i % 4 < 2 ? 0.25f : 0.75f;
   target(4, 4);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE_ARB,
                   GL_COMPARE_R_TO_TEXTURE_ARB);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC_ARB, GL_LEQUAL);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE_ARB, GL_LUMINANCE);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 4, 4, 0,
                GL_DEPTH_COMPONENT, GL_FLOAT, depth);
   glEnable(GL_TEXTURE_2D);
   quad(0, 0, 1, 1, 0.5f);
   glDisable(GL_TEXTURE_2D);
   check("shadow 0.5 <= 0.25", 0, 1, 0x000000ff);
   check("shadow 0.5 <= 0.75", 3, 2, 0xffffffff);
}

static const struct {
   const char *name;
   void (*run)(void);
} samples[] = {
   { "2d", sample_2d },
   { "2dbase", sample_2d_base_level },
   { "2dminlod", sample_2d_min_lod },
   { "2dbias", sample_2d_bias },
   { "cube", sample_cube },
   { "3d", sample_3d },
   { "rect", sample_rect },
   { "rtt", sample_render_to_texture },
   { "srgb", sample_srgb },
   { "shadow", sample_shadow },
};

/* every sampling check, or the one named */
static void
test_sample(const char *only)
{
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   for (unsigned i = 0; i < sizeof(samples) / sizeof(samples[0]); i++)
      if (!only || !strcmp(only, samples[i].name))
         samples[i].run();
}

int
main(int argc, char **argv)
{
   bool sample = argc > 1 && !strcmp(argv[1], "sample");
   if (!nvgl_context())
      return 1;
   if (!strstr((const char *)glGetString(GL_EXTENSIONS),
               "GL_EXT_framebuffer_object")) {
      printf("FAIL no EXT_framebuffer_object\n");
      return 1;
   }
   /* GL's MAX_TEXTURE_MAX_ANISOTROPY: rankine's TEX_ENABLE ANISO
    * reaches 8 samples (hwdb nv30_tex_aniso) */
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (!strncmp(renderer, "NV3", 3)) {
      float max_aniso = 0;
      glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT, &max_aniso);
      check_u("rankine MAX_TEXTURE_MAX_ANISOTROPY", (unsigned)max_aniso, 8);
   }
   if (sample) {
      test_sample(argc > 2 ? argv[2] : NULL);
   } else {
      test_2d();
      test_1d();
      test_cube(5);
      test_cube(1);
      test_cube(3);
      test_3d();
      test_rect();
      test_render_to_texture();
      test_render_to_1d();
      test_render_to_3d();
      test_depth_with_texture();
      test_resolve();
   }
   return nvgl_done();
}
