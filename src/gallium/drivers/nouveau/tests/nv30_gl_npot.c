/*
 * GL check of non-power-of-two 1D, 2D, 3D and cube map textures
 * (ARB_texture_non_power_of_two,
 * core in GL 2.0), written for rankine, whose units read such a texture
 * only as a rectangle: the driver scales the coordinates, or wraps and
 * filters in the fragment program (nv30_tex_npot.c, the compiler's
 * nvc_lower_tex_npot.c), the level an NPOT texture's lambda chooses
 * along a diagonal against a power-of-two texture's
 * (test_lambda_diagonal), and NPOT S3TC textures at the end (sampled
 * from a decoded copy: test_s3tc).  The program fails unless the driver
 * exposes the extension (PIPE_CAP_NPOT_TEXTURES, on for rankine through
 * this emulation: docs/rankine.md).
 *
 * The texture is 3x2 RGBA8, texel (i, j) = (A[i], B[j], 0x10 + 0x20 i +
 * 0x80 j, 0xff), its border colour white.  Each probe draws an 8x8 square
 * whose four vertices share one texture coordinate (s, t), so its
 * derivatives are 0: lambda is -infinity clamped to TEXTURE_MIN_LOD
 * (magnification unless MIN_LOD says otherwise), and every pixel is the
 * filter's value at (s, t), worked out by hand from GL 2.1 sections 3.8.7
 * (wrap modes) and 3.8.8 (u = 3s, v = 2t; NEAREST texel floor(u),
 * LINEAR the 4 texels around (u - 1/2, v - 1/2) and their weights).
 * llvmpipe and NV40 (native NPOT) must agree.  Argument "curie" leaves
 * out the 4 probes where TEXTURE_MIN_LOD must turn magnification into
 * minification: GL 2.1 section 3.8.8 decides on lambda after the
 * MIN_LOD clamp, curie's units (as nvsim models them, nv40_3d_texture.c
 * sample_one) before it, and without a mipmap filter its driver pins
 * MIN_LOD to 0 (nv30_emit_textures): NV40's own behaviour, which this
 * change must not alter, noted in issue 9.
 *   tests/gl/run.sh builds and runs it; by hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv30_gl_npot nv30_gl_npot.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   scripts/nvrun --chip nv30 -- /tmp/nv30_gl_npot
 */
#include <string.h>

#include "nouveau_gl_util.h"

#define W 64
#define H 64

static const unsigned char A[3] = { 0x00, 0x40, 0xc0 };
static const unsigned char B[2] = { 0x00, 0x80 };

static int probe_n;
static GLenum target = GL_TEXTURE_2D;

/* Draws the next 8x8 square with texture coordinate (s, t) and checks
 * its centre against want (0xRRGGBBAA) within tol. */
static void
probe(const char *what, float s, float t, unsigned want, int tol)
{
   int x = (probe_n % 8) * 8, y = (probe_n / 8) * 8;
   probe_n++;
   float x0 = x * 2.0f / W - 1, x1 = (x + 8) * 2.0f / W - 1;
   float y0 = y * 2.0f / H - 1, y1 = (y + 8) * 2.0f / H - 1;
   glBegin(GL_QUADS);
   glTexCoord2f(s, t);
   glVertex2f(x0, y0);
   glVertex2f(x1, y0);
   glVertex2f(x1, y1);
   glVertex2f(x0, y1);
   glEnd();
   check_tol(what, x + 4, y + 4, want, tol);
}

/* probe() with (s, t, r) */
static void
probe3(const char *what, float s, float t, float r, unsigned want, int tol)
{
   int x = (probe_n % 8) * 8, y = (probe_n / 8) * 8;
   probe_n++;
   float x0 = x * 2.0f / W - 1, x1 = (x + 8) * 2.0f / W - 1;
   float y0 = y * 2.0f / H - 1, y1 = (y + 8) * 2.0f / H - 1;
   glBegin(GL_QUADS);
   glTexCoord3f(s, t, r);
   glVertex2f(x0, y0);
   glVertex2f(x1, y0);
   glVertex2f(x1, y1);
   glVertex2f(x0, y1);
   glEnd();
   check_tol(what, x + 4, y + 4, want, tol);
}

static void
mode(GLenum wrap_s, GLenum wrap_t, GLenum min, GLenum mag)
{
   glTexParameteri(target, GL_TEXTURE_WRAP_S, wrap_s);
   glTexParameteri(target, GL_TEXTURE_WRAP_T, wrap_t);
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, min);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, mag);
}

/*
 * S3TC (EXT_texture_compression_s3tc) NPOT textures: rankine has no
 * rectangle code for DXT, so the driver samples a decompressed copy of
 * the texture (nv30_tex_companion.c); the compressed data stays as
 * uploaded.  The blocks are made here, the expected texels decoded from
 * them as the extension's spec says (section "S3TC Compressed Texture
 * Image Formats"): colour0/colour1 5:6:5 endpoints, 2-bit codes, the
 * 4-colour mode where colour0 > colour1 (always for DXT3/DXT5), DXT5
 * alpha0/alpha1 with 3-bit codes.  Endpoints are 5:6:5 colours whose
 * components are 0 or 1, alphas multiples of 32 or 51, so nearly every
 * decoded value is a whole byte (the 3-colour mode's halves are not:
 * tolerance 1).
 */

/* 5:6:5 colours with every component 0 or 1 */
static const unsigned s3tc_palette[8] = {
   0xf800, 0x07e0, 0x001f, 0xffff, 0x0000, 0xffe0, 0xf81f, 0x07ff,
};

static unsigned s3tc_seed = 12345;

static unsigned
s3tc_rand(void)
{
   s3tc_seed = s3tc_seed * 1103515245u + 12345u;
   return s3tc_seed >> 8;
}

/* A DXT1 colour block: endpoints c0, c1 (the 3-colour mode when
 * c0 <= c1), random codes. */
static void
s3tc_colour_block(unsigned char *b, unsigned c0, unsigned c1)
{
   unsigned bits = s3tc_rand() ^ s3tc_rand() << 16;
   b[0] = c0 & 0xff;
   b[1] = c0 >> 8;
   b[2] = c1 & 0xff;
   b[3] = c1 >> 8;
   for (int i = 0; i < 4; i++)
      b[4 + i] = bits >> (8 * i);
}

/* Block n of a texture: DXT1 (8 bytes) or DXT5 (16: alpha then colour) */
static void
s3tc_make_block(unsigned char *b, bool dxt5, unsigned n)
{
   unsigned c0 = s3tc_palette[s3tc_rand() % 8];
   unsigned c1 = s3tc_palette[s3tc_rand() % 8];
   if (c0 == c1)
      c1 = c0 ^ 0xffff;
   /* DXT1: one block in three in the 3-colour mode (c0 <= c1) */
   bool three = !dxt5 && n % 3 == 2;
   if ((c0 > c1) == three) {
      unsigned t = c0;
      c0 = c1;
      c1 = t;
   }
   if (dxt5) {
      /* alternately the 8-alpha mode (224 > 0: multiples of 32) and the
       * 6-alpha one (0 <= 255: multiples of 51, and 0 and 255) */
      unsigned long long bits = (unsigned long long)s3tc_rand() << 24 ^
                                s3tc_rand();
      b[0] = n % 2 ? 0 : 224;
      b[1] = n % 2 ? 255 : 0;
      for (int i = 0; i < 6; i++)
         b[2 + i] = bits >> (8 * i);
      b += 8;
   }
   s3tc_colour_block(b, c0, c1);
}

/* Texel (x, y) of a block decoded as the spec says, 0xRRGGBBAA */
static unsigned
s3tc_decode(const unsigned char *b, bool dxt5, int x, int y)
{
   float a = 1.0f;
   if (dxt5) {
      unsigned long long bits = 0;
      for (int i = 5; i >= 0; i--)
         bits = bits << 8 | b[2 + i];
      unsigned code = (bits >> (3 * (4 * y + x))) & 7;
      float a0 = b[0] / 255.0f, a1 = b[1] / 255.0f;
      if (code == 0)
         a = a0;
      else if (code == 1)
         a = a1;
      else if (b[0] > b[1])
         a = ((8 - code) * a0 + (code - 1) * a1) / 7;
      else if (code <= 5)
         a = ((6 - code) * a0 + (code - 1) * a1) / 5;
      else
         a = code == 6 ? 0.0f : 1.0f;
      b += 8;
   }
   unsigned c0 = b[0] | b[1] << 8, c1 = b[2] | b[3] << 8;
   unsigned bits = b[4] | b[5] << 8 | b[6] << 16 | (unsigned)b[7] << 24;
   unsigned code = (bits >> (2 * (4 * y + x))) & 3;
   /* RGB 5:6:5 (UNSIGNED_SHORT_5_6_5: red in the top bits) */
   float e[2][3] = {
      { (c0 >> 11) / 31.0f, ((c0 >> 5) & 63) / 63.0f, (c0 & 31) / 31.0f },
      { (c1 >> 11) / 31.0f, ((c1 >> 5) & 63) / 63.0f, (c1 & 31) / 31.0f },
   };
   unsigned want = 0;
   for (int c = 0; c < 3; c++) {
      float v;
      if (code < 2)
         v = e[code][c];
      else if (dxt5 || c0 > c1)
         v = code == 2 ? (2 * e[0][c] + e[1][c]) / 3 :
                         (e[0][c] + 2 * e[1][c]) / 3;
      else
         v = code == 2 ? (e[0][c] + e[1][c]) / 2 : 0.0f;
      want |= (unsigned)(v * 255 + 0.5f) << (24 - 8 * c);
   }
   /* COMPRESSED_RGB_S3TC_DXT1: no alpha, opaque */
   return want | (unsigned)(a * 255 + 0.5f);
}

/* A level of a texture: its blocks (bw x bh of them) */
struct s3tc_level {
   int w, h, bw, bh;
   unsigned char blocks[64 * 16];
};

static void
s3tc_level_init(struct s3tc_level *l, bool dxt5, int w, int h)
{
   l->w = w;
   l->h = h;
   l->bw = (w + 3) / 4;
   l->bh = (h + 3) / 4;
   for (int n = 0; n < l->bw * l->bh; n++)
      s3tc_make_block(l->blocks + n * (dxt5 ? 16 : 8), dxt5, n);
}

/* Draws level k of the bound 2D texture at its own size at (x0, y0) of
 * the framebuffer, TEXTURE_MIN_LOD and MAX_LOD both k, NEAREST: pixel
 * (i, j) is texel (i, j) of the level; checks every one against the
 * spec's decoding of its blocks. */
static void
s3tc_check_level(const char *what, const struct s3tc_level *l, bool dxt5,
                 int k, int x0, int y0)
{
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, k);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, k);
   float fx0 = x0 * 2.0f / W - 1, fx1 = (x0 + l->w) * 2.0f / W - 1;
   float fy0 = y0 * 2.0f / H - 1, fy1 = (y0 + l->h) * 2.0f / H - 1;
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(fx0, fy0);
   glTexCoord2f(1, 0);
   glVertex2f(fx1, fy0);
   glTexCoord2f(1, 1);
   glVertex2f(fx1, fy1);
   glTexCoord2f(0, 1);
   glVertex2f(fx0, fy1);
   glEnd();

   unsigned char px[16 * 20 * 4];
   int bad = 0;
   glReadPixels(x0, y0, l->w, l->h, GL_RGBA, GL_UNSIGNED_BYTE, px);
   for (int j = 0; j < l->h; j++)
      for (int i = 0; i < l->w; i++) {
         const unsigned char *b = l->blocks +
            ((j / 4) * l->bw + i / 4) * (dxt5 ? 16 : 8);
         unsigned want = s3tc_decode(b, dxt5, i % 4, j % 4);
         const unsigned char *p = px + (j * l->w + i) * 4;
         unsigned got = p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
         for (int c = 0; c < 4; c++) {
            int d = (int)((got >> (8 * c)) & 0xff) -
                    (int)((want >> (8 * c)) & 0xff);
            if (d > 1 || d < -1) {
               if (bad++ < 4)
                  printf("FAIL %s, level %d texel (%d,%d): got %08x want "
                         "%08x\n", what, k, i, j, got, want);
               break;
            }
         }
      }
   if (bad) {
      printf("FAIL %s, level %d (%dx%d): %d texels wrong\n", what, k, l->w,
             l->h, bad);
      fails++;
   } else {
      printf("ok   %s, level %d (%dx%d): every texel as decoded\n", what, k,
             l->w, l->h);
   }
}

/* glGetCompressedTexImage of level k is its blocks as uploaded */
static void
s3tc_check_get(const char *what, const struct s3tc_level *l, bool dxt5, int k)
{
   unsigned size = l->bw * l->bh * (dxt5 ? 16 : 8);
   GLint got_size = 0;
   unsigned char got[sizeof(l->blocks)];
   glGetTexLevelParameteriv(GL_TEXTURE_2D, k,
                            GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &got_size);
   memset(got, 0xcd, sizeof(got));
   if ((unsigned)got_size == size)
      glGetCompressedTexImage(GL_TEXTURE_2D, k, got);
   if ((unsigned)got_size != size || memcmp(got, l->blocks, size)) {
      printf("FAIL %s, level %d: glGetCompressedTexImage (%d bytes) is not "
             "the %u bytes uploaded\n", what, k, got_size, size);
      fails++;
   } else {
      printf("ok   %s, level %d: glGetCompressedTexImage gives the %u bytes "
             "uploaded\n", what, k, size);
   }
}

/* An NPOT texture of the format, w x h with every level down to 1x1,
 * drawn level by level at (x, y) of the framebuffer and after */
static GLuint
s3tc_texture(const char *what, GLenum format, bool dxt5, int w, int h,
             struct s3tc_level *levels, int *n, int y)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   for (*n = 0;; (*n)++) {
      int lw = w >> *n > 1 ? w >> *n : 1, lh = h >> *n > 1 ? h >> *n : 1;
      struct s3tc_level *l = &levels[*n];
      s3tc_level_init(l, dxt5, lw, lh);
      glCompressedTexImage2D(GL_TEXTURE_2D, *n, format, lw, lh, 0,
                             l->bw * l->bh * (dxt5 ? 16 : 8), l->blocks);
      if (lw == 1 && lh == 1)
         break;
   }
   (*n)++;
   mode(GL_REPEAT, GL_REPEAT, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST);
   for (int k = 0, x = 0; k < *n; x += levels[k].w + 2, k++)
      s3tc_check_level(what, &levels[k], dxt5, k, x, y);
   return tex;
}

static void
test_s3tc(void)
{
   if (!strstr((const char *)glGetString(GL_EXTENSIONS),
               "GL_EXT_texture_compression_s3tc")) {
      printf("FAIL GL_EXT_texture_compression_s3tc missing\n");
      fails++;
      return;
   }
   static struct s3tc_level dxt1[4], dxt5[5];
   int n1, n5;
   target = GL_TEXTURE_2D;
   glEnable(GL_TEXTURE_2D);
   glClear(GL_COLOR_BUFFER_BIT);

   /* DXT1 12x10: 3x3 blocks (the last row half outside), 6x5, 3x2, 1x1 */
   s3tc_texture("NPOT DXT1", GL_COMPRESSED_RGB_S3TC_DXT1_EXT, false, 12, 10,
                dxt1, &n1, 0);
   /* Sub-image updates after that first draw, which the sampled copy
    * must follow: level 0's block (1, 1) and its edge block (2, 2)
    * (texels 8-11, 8-9), level 1's block (1, 1) (texels 4-5, 4) */
   s3tc_make_block(dxt1[0].blocks + (1 * 3 + 1) * 8, false, 5);
   s3tc_make_block(dxt1[0].blocks + (2 * 3 + 2) * 8, false, 0);
   s3tc_make_block(dxt1[1].blocks + (1 * 2 + 1) * 8, false, 1);
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4,
                             GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8,
                             dxt1[0].blocks + (1 * 3 + 1) * 8);
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 8, 8, 4, 2,
                             GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8,
                             dxt1[0].blocks + (2 * 3 + 2) * 8);
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 1, 4, 4, 2, 1,
                             GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8,
                             dxt1[1].blocks + (1 * 2 + 1) * 8);
   s3tc_check_level("NPOT DXT1 after sub-image updates", &dxt1[0], false, 0,
                    0, 12);
   s3tc_check_level("NPOT DXT1 after sub-image updates", &dxt1[1], false, 1,
                    14, 12);
   for (int k = 0; k < n1; k++)
      s3tc_check_get("NPOT DXT1", &dxt1[k], false, k);

   /* DXT5 20x12: 5x3 blocks, 10x6, 5x3, 2x1, 1x1 */
   s3tc_texture("NPOT DXT5", GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, true, 20, 12,
                dxt5, &n5, 24);
   for (int k = 0; k < n5; k++)
      s3tc_check_get("NPOT DXT5", &dxt5[k], true, k);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, -1000.0f);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, 1000.0f);
   glDisable(GL_TEXTURE_2D);
}

/*
 * lambda along a diagonal.  GL 2.1 section 3.8.8 makes lambda a
 * function of the texel-space derivatives (u = s * width, v = t *
 * height) only, and lets an implementation approximate rho by any f with
 * max{m_u, m_v} <= f <= m_u + m_v, max{|du/dx|, |du/dy|} <= m_u <=
 * |du/dx| + |du/dy| (m_v alike): the same derivatives choose the same
 * level whatever the texture's size.  A square drawn with du/dx = du/dy
 * = dv/dy = k, dv/dx = -k (a 45-degree rotation) has rho in [k, 4k];
 * with k = 2^1.3 lambda is in [1.3, 3.3] (1.3 for the largest
 * component, 1.8 for the exact length), so NEAREST_MIPMAP_NEAREST
 * (level ceil(lambda + 1/2) - 1) reads level 1, 2 or 3.  A 96x96
 * texture (emulated on rankine, lambda in the fragment program) and a
 * 128x128 one (the unit's own), each level one colour, drawn with the
 * same texel-space derivatives, must show the same level, one of those.
 */
static const unsigned level_colour[8] = {
   0xff0000ff, 0x00ff00ff, 0x0000ffff, 0xffff00ff,
   0xff00ffff, 0x00ffffff, 0x808080ff, 0xffffffff,
};

static GLuint
levels_texture(int size)
{
   static unsigned char texels[128 * 128 * 4];
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   for (int k = 0, n = size;; k++, n = n > 1 ? n / 2 : 1) {
      for (int i = 0; i < n * n; i++)
         for (int c = 0; c < 4; c++)
            texels[i * 4 + c] = level_colour[k] >> (24 - 8 * c);
      glTexImage2D(GL_TEXTURE_2D, k, GL_RGBA8, n, n, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, texels);
      if (n == 1)
         break;
   }
   mode(GL_REPEAT, GL_REPEAT, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST);
   return tex;
}

/* A 16x16 square at window (x0, y0) whose texel coordinates at window
 * (x, y) are (k (x + y), k (y - x)) on a size x size texture; returns
 * the colour at its centre. */
static unsigned
diagonal_square(int size, int x0, int y0)
{
   const float k = 2.46228883f;   /* 2^1.3 */
   const int xs[4] = { x0, x0 + 16, x0 + 16, x0 };
   const int ys[4] = { y0, y0, y0 + 16, y0 + 16 };
   glBegin(GL_QUADS);
   for (int i = 0; i < 4; i++) {
      glTexCoord2f(k * (xs[i] + ys[i]) / size, k * (ys[i] - xs[i]) / size);
      glVertex2f(xs[i] * 2.0f / W - 1, ys[i] * 2.0f / H - 1);
   }
   glEnd();
   unsigned char p[4];
   glReadPixels(x0 + 8, y0 + 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   return (unsigned)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

static void
test_lambda_diagonal(void)
{
   target = GL_TEXTURE_2D;
   glEnable(GL_TEXTURE_2D);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint npot = levels_texture(96);
   unsigned got_npot = diagonal_square(96, 8, 8);
   GLuint pot = levels_texture(128);
   unsigned got_pot = diagonal_square(128, 32, 8);
   int level = -1;
   for (int k = 1; k <= 3; k++)
      if (got_npot == level_colour[k])
         level = k;
   bool allowed = level >= 1;
   if (got_npot != got_pot || !allowed) {
      printf("FAIL lambda along a diagonal: 96x96 shows %08x, 128x128 "
             "%08x (want both one of levels 1-3: %08x %08x %08x)\n",
             got_npot, got_pot, level_colour[1], level_colour[2],
             level_colour[3]);
      fails++;
   } else {
      printf("ok   lambda along a diagonal: 96x96 and 128x128 both show "
             "level %d\n", level);
   }
   glDeleteTextures(1, &npot);
   glDeleteTextures(1, &pot);
   glDisable(GL_TEXTURE_2D);
}

int
main(int argc, char **argv)
{
   bool curie = argc > 1 && !strcmp(argv[1], "curie");
   if (!nvgl_context())
      return 1;
   if (!strstr((const char *)glGetString(GL_EXTENSIONS),
               "GL_ARB_texture_non_power_of_two")) {
      printf("FAIL GL_ARB_texture_non_power_of_two missing\n");
      return 1;
   }

   GLuint fb, rb;
   glGenFramebuffersEXT(1, &fb);
   glGenRenderbuffersEXT(1, &rb);
   glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb);
   glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA8, W, H);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                GL_RENDERBUFFER_EXT, rb);
   if (glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) !=
       GL_FRAMEBUFFER_COMPLETE_EXT) {
      printf("FAIL framebuffer incomplete\n");
      return 1;
   }
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);

   unsigned char texels[2][3][4];
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 3; i++) {
         texels[j][i][0] = A[i];
         texels[j][i][1] = B[j];
         texels[j][i][2] = 0x10 + 0x20 * i + 0x80 * j;
         texels[j][i][3] = 0xff;
      }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 3, 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   static const float white[4] = { 1, 1, 1, 1 };
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, white);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);

   /* NEAREST REPEAT: u = -0.3 -> i = -1 -> 2; v = 2.6 -> j = 2 -> 0 */
   mode(GL_REPEAT, GL_REPEAT, GL_NEAREST, GL_NEAREST);
   probe("nearest repeat", -0.1f, 1.3f, 0xc00050ff, 0);
   /* NEAREST MIRRORED_REPEAT: s = 1.5 mirrors to 0.5 (i = 1), t = 1.3
    * to 0.7 (v = 1.4, j = 1); REPEAT would read row 0 */
   mode(GL_MIRRORED_REPEAT, GL_MIRRORED_REPEAT, GL_NEAREST, GL_NEAREST);
   probe("nearest mirrored repeat", 1.5f, 1.3f, 0x4080b0ff, 0);
   /* LINEAR REPEAT across the s seam: u - 1/2 = -0.5, texels 2 and 0
    * half each (a clamping filter would give texel 0 alone) */
   mode(GL_REPEAT, GL_REPEAT, GL_LINEAR, GL_LINEAR);
   probe("linear repeat, s seam", 0.0f, 0.25f, 0x600030ff, 1);
   /* ... and the t seam: u = 1.5 (texel 1), rows 1 and 0 half each */
   probe("linear repeat, t seam", 0.5f, 0.0f, 0x404070ff, 1);
   /* LINEAR MIRRORED_REPEAT: s = 1.25 mirrors to 0.75, u - 1/2 = 1.75:
    * texel 1 a quarter, texel 2 three quarters */
   mode(GL_MIRRORED_REPEAT, GL_REPEAT, GL_LINEAR, GL_LINEAR);
   probe("linear mirrored repeat", 1.25f, 0.25f, 0xa00048ff, 1);
   /* CLAMP_TO_EDGE both ways (the unit's own filter on the rectangle):
    * s = 1.2 -> texel 2; (0.5, 0.5): texel 1, rows 0 and 1 half each */
   mode(GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, GL_LINEAR, GL_LINEAR);
   probe("linear clamp to edge", 1.2f, 0.25f, 0xc00050ff, 1);
   probe("linear clamp to edge, between rows", 0.5f, 0.5f, 0x404070ff, 1);
   /* CLAMP both ways (the unit's): s = 1 -> u - 1/2 = 2.5, texel 2 and
    * the white border half each */
   mode(GL_CLAMP, GL_CLAMP, GL_LINEAR, GL_LINEAR);
   probe("linear clamp, border blended", 1.0f, 0.25f, 0xe080a8ff, 1);
   /* CLAMP s with REPEAT t (the shader's): s = -0.5 clamps to 0, the
    * border and texel 0 half each */
   mode(GL_CLAMP, GL_REPEAT, GL_LINEAR, GL_LINEAR);
   probe("linear clamp s, repeat t", -0.5f, 0.25f, 0x808088ff, 1);
   /* CLAMP_TO_BORDER s with REPEAT t, NEAREST: s = 1.1 is the border */
   mode(GL_CLAMP_TO_BORDER, GL_REPEAT, GL_NEAREST, GL_NEAREST);
   probe("nearest clamp to border", 1.1f, 0.25f, 0xffffffff, 0);
   probe("nearest clamp to border, inside", 0.9f, 0.25f, 0xc00050ff, 0);
   /* min LINEAR, mag NEAREST: lambda = -inf is magnification (texel 0
    * at u = 0); with TEXTURE_MIN_LOD 0.5 it is minification (LINEAR
    * across the seam as above) */
   mode(GL_REPEAT, GL_REPEAT, GL_LINEAR, GL_NEAREST);
   probe("mag nearest", 0.0f, 0.25f, 0x000010ff, 0);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 0.5f);
   if (!curie)
      probe("min linear (min lod 0.5)", 0.0f, 0.25f, 0x600030ff, 1);
   /* the same with clamp wraps: the shader chooses too */
   mode(GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, GL_LINEAR, GL_NEAREST);
   if (!curie)
      probe("min linear, clamp to edge (min lod 0.5)", 0.5f, 0.5f, 0x404070ff,
            1);
   else
      printf("not run on curie: the 2 TEXTURE_MIN_LOD probes (see the "
             "header)\n");
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, -1000.0f);
   probe("mag nearest, clamp to edge", 0.5f, 0.5f, 0x4080b0ff, 0);

   /* Mipmapped: level 1 of the 3x2 texture is 1x1, texel L1 =
    * (0x20, 0xa0, 0x60, 0xff); lambda is TEXTURE_MIN_LOD (see above).
    * Rankine's unit reads both levels as one rectangle, the shader picks
    * and blends them (GL 2.1 section 3.8.8: *_MIPMAP_NEAREST level
    * ceil(lambda + 1/2) - 1, *_MIPMAP_LINEAR levels floor(lambda) and
    * the next blended by frac(lambda)). */
   static const unsigned char l1[4] = { 0x20, 0xa0, 0x60, 0xff };
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, l1);
   /* LINEAR_MIPMAP_LINEAR, lambda 0.75: 1/4 of level 0's seam blend
    * (0x60, 0, 0x30) and 3/4 of L1 */
   mode(GL_REPEAT, GL_REPEAT, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 0.75f);
   if (!curie)
      probe("mipmap trilinear, lambda 0.75", 0.0f, 0.25f, 0x307854ff, 1);
   /* NEAREST_MIPMAP_NEAREST: lambda 0.6 is level 1, 0.4 level 0 */
   mode(GL_REPEAT, GL_REPEAT, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 0.6f);
   if (!curie)
      probe("mipmap nearest, lambda 0.6", 0.0f, 0.25f, 0x20a060ff, 0);
   else
      printf("not run on curie: 2 more TEXTURE_MIN_LOD probes\n");
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 0.4f);
   probe("mipmap nearest, lambda 0.4", 0.0f, 0.25f, 0x000010ff, 0);
   /* lambda 5, past the last level: L1 */
   mode(GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, GL_LINEAR_MIPMAP_LINEAR,
        GL_LINEAR);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 5.0f);
   probe("mipmap, lambda past the last level", 0.9f, 0.25f, 0x20a060ff, 1);
   /* magnified at t = 1 with CLAMP_TO_EDGE: rows 1 and its clamp, never
    * level 1's row below it in the rectangle: T(1, 1) */
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, -1000.0f);
   probe("mipmap, magnified at level 0's last row", 0.5f, 1.0f, 0x4080b0ff,
         1);
   /* CLAMP_TO_BORDER, magnified: texel 2 and the white border */
   mode(GL_CLAMP_TO_BORDER, GL_REPEAT, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR);
   probe("mipmap, border", 1.0f, 0.25f, 0xe080a8ff, 1);

   /* Minified across the whole target, lambda from the derivatives:
    * s from 0 to 32/3 and t from 0 to 48 over 64 pixels, so du/dx = 0.5
    * and dv/dy = 1.5 texels a pixel, rho = 1.5 and lambda = log2(1.5) =
    * 0.585 (GL 2.1 section 3.8.8); LINEAR_MIPMAP_LINEAR blends level 0's
    * bilinear value 0.415 and L1 0.585.  Pixel (1, 1): u = 0.75, v =
    * 2.25, level 0 = (16, 32, 56); pixel (10, 5): u = 5.25, v = 8.25,
    * REPEAT: texels 1, 2 and rows 1, 0, level 0 = (160, 32, 104). */
   mode(GL_REPEAT, GL_REPEAT, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, -1000.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(-1, -1);
   glTexCoord2f(32.0f / 3, 0);
   glVertex2f(1, -1);
   glTexCoord2f(32.0f / 3, 48);
   glVertex2f(1, 1);
   glTexCoord2f(0, 48);
   glVertex2f(-1, 1);
   glEnd();
   check_tol("minified, lambda from derivatives", 1, 1, 0x196b4fff, 3);
   check_tol("minified, lambda from derivatives, wrapped", 10, 5, 0x556b63ff,
             3);
   glClear(GL_COLOR_BUFFER_BIT);

   /* 3D, 2x1x3: texel (i, 0, k) = (0x20 + 0x40 i, 0x30 k, 0, 0xff), its
    * border white; on rankine its slices are rows of one rectangle and
    * every wrap is the shader's (w = 3r) */
   unsigned char t3[3][2][4];
   for (int k = 0; k < 3; k++)
      for (int i = 0; i < 2; i++) {
         t3[k][i][0] = 0x20 + 0x40 * i;
         t3[k][i][1] = 0x30 * k;
         t3[k][i][2] = 0;
         t3[k][i][3] = 0xff;
      }
   GLuint tex3d;
   glGenTextures(1, &tex3d);
   glBindTexture(GL_TEXTURE_3D, tex3d);
   glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 1, 3, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, t3);
   glTexParameterfv(GL_TEXTURE_3D, GL_TEXTURE_BORDER_COLOR, white);
   glDisable(GL_TEXTURE_2D);
   glEnable(GL_TEXTURE_3D);
   target = GL_TEXTURE_3D;
   /* LINEAR, REPEAT r = 0: slices 2 and 0 half each; s = 0.25: texel 0 */
   mode(GL_REPEAT, GL_REPEAT, GL_LINEAR, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_REPEAT);
   probe3("3D linear repeat across slices", 0.25f, 0.5f, 0.0f, 0x203000ff, 1);
   /* NEAREST MIRRORED_REPEAT r = 1.2: w = 3.6, slice 3 mirrors to 2 */
   mode(GL_MIRRORED_REPEAT, GL_REPEAT, GL_NEAREST, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_MIRRORED_REPEAT);
   probe3("3D nearest mirrored repeat", 0.75f, 0.5f, 1.2f, 0x606000ff, 0);
   /* NEAREST CLAMP_TO_BORDER r = 1.2: the border */
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_BORDER);
   probe3("3D nearest clamp to border", 0.75f, 0.5f, 1.2f, 0xffffffff, 0);
   glDisable(GL_TEXTURE_3D);

   /* 1D: row 0 of the same texels, 3 wide (a rectangle one texel high
    * on rankine, its lookups always the shader's) */
   GLuint tex1d;
   glGenTextures(1, &tex1d);
   glBindTexture(GL_TEXTURE_1D, tex1d);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels[0]);
   glDisable(GL_TEXTURE_2D);
   glEnable(GL_TEXTURE_1D);
   target = GL_TEXTURE_1D;
   /* LINEAR REPEAT across the seam: texels 2 and 0 half each */
   mode(GL_REPEAT, GL_REPEAT, GL_LINEAR, GL_LINEAR);
   probe("1D linear repeat, seam", 0.0f, 0.7f, 0x600030ff, 1);
   /* NEAREST MIRRORED_REPEAT: s = 1.5 mirrors to 0.5, texel 1 */
   mode(GL_MIRRORED_REPEAT, GL_REPEAT, GL_NEAREST, GL_NEAREST);
   probe("1D nearest mirrored repeat", 1.5f, 0.7f, 0x400030ff, 0);
   /* CLAMP_TO_EDGE LINEAR: s = 1.2, texel 2 */
   mode(GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, GL_LINEAR, GL_LINEAR);
   probe("1D linear clamp to edge", 1.2f, 0.7f, 0xc00050ff, 1);
   glDisable(GL_TEXTURE_1D);

   /* Cube map, 3x3 faces and their 1x1 level 1: face f's texel (i, j) =
    * (0x20 + 0x40 i, 0x20 + 0x40 j, 0x10 + 0x20 f, 0xff), its level 1
    * (0xe0, 0x10 + 0x20 f, 0x40, 0xff); on rankine the faces' chains are
    * rows of one rectangle, the face and its (s, t) the shader's.  GL 2.1
    * section 3.8.6: the major axis picks the face (+X -X +Y -Y +Z -Z),
    * s = (sc / |ma| + 1) / 2, t = (tc / |ma| + 1) / 2 with sc, tc from
    * its table; then u = 3s, v = 3t as for 2D.  No direction here ties
    * two axes (the spec leaves ties open). */
   unsigned char tc0[3][3][4], tc1[4];
   GLuint texcube;
   glGenTextures(1, &texcube);
   glBindTexture(GL_TEXTURE_CUBE_MAP, texcube);
   for (int f = 0; f < 6; f++) {
      for (int j = 0; j < 3; j++)
         for (int i = 0; i < 3; i++) {
            tc0[j][i][0] = 0x20 + 0x40 * i;
            tc0[j][i][1] = 0x20 + 0x40 * j;
            tc0[j][i][2] = 0x10 + 0x20 * f;
            tc0[j][i][3] = 0xff;
         }
      tc1[0] = 0xe0;
      tc1[1] = 0x10 + 0x20 * f;
      tc1[2] = 0x40;
      tc1[3] = 0xff;
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 3, 3, 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, tc0);
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 1, GL_RGBA8, 1, 1, 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, tc1);
   }
   glEnable(GL_TEXTURE_CUBE_MAP);
   target = GL_TEXTURE_CUBE_MAP;
   /* +X, (1, -0.5, 0.5): sc = -rz, tc = -ry: s = 0.25, t = 0.75, u =
    * 0.75, v = 2.25: texel (0, 2) of face 0 */
   mode(GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, GL_NEAREST, GL_NEAREST);
   probe3("cube +X nearest", 1.0f, -0.5f, 0.5f, 0x20a010ff, 0);
   /* -Y, (0.6, -1, -0.2): sc = rx, tc = -rz: s = 0.8, t = 0.6, u = 2.4,
    * v = 1.8: texel (2, 1) of face 3 */
   probe3("cube -Y nearest", 0.6f, -1.0f, -0.2f, 0xa06070ff, 0);
   /* -Z, (0.2, 0.1, -0.8): sc = -rx, tc = -ry: s = 0.375, t = 0.4375,
    * u - 1/2 = 0.625, v - 1/2 = 0.8125: texels 0, 1 and rows 0, 1 of face
    * 5, R = 0x20 + 0x40 * 0.625 = 0x48, G = 0x20 + 0x40 * 0.8125 = 0x54 */
   mode(GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, GL_LINEAR, GL_LINEAR);
   probe3("cube -Z linear", 0.2f, 0.1f, -0.8f, 0x4854b0ff, 1);
   /* +Z, (0, -0.95, 1): s = 0.5, t = 0.975, v - 1/2 = 2.425: row 2 and
    * its CLAMP_TO_EDGE clamp (the face filtered on its own; on rankine
    * the rows below are another face's or level's): texel (1, 2) */
   probe3("cube +Z linear, last row", 0.0f, -0.95f, 1.0f, 0x60a090ff, 1);
   /* +Y, (0.1, 1, 0.2): sc = rx, tc = rz: s = 0.55, t = 0.6: texel (1, 1)
    * of face 2 at lambda 0.4 (level 0), level 1 at lambda 0.6
    * (NEAREST_MIPMAP_NEAREST: ceil(lambda + 1/2) - 1) */
   mode(GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, GL_NEAREST_MIPMAP_NEAREST,
        GL_NEAREST);
   glTexParameterf(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_LOD, 0.4f);
   probe3("cube mipmap nearest, lambda 0.4", 0.1f, 1.0f, 0.2f, 0x606050ff, 0);
   glTexParameterf(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_LOD, 0.6f);
   if (!curie)
      probe3("cube mipmap nearest, lambda 0.6", 0.1f, 1.0f, 0.2f, 0xe05040ff,
             0);
   /* -X, (-1, -0.2, 0.4): sc = rz, tc = -ry: s = 0.7, t = 0.6, u - 1/2
    * = 1.6, v - 1/2 = 1.3: level 0 (0x60 + 0x40 * 0.6, 0x60 + 0x40 *
    * 0.3, 0x30) = (134.4, 115.2, 48); LINEAR_MIPMAP_LINEAR at lambda 0.5
    * half of it and half of level 1 (0xe0, 0x30, 0x40) */
   mode(GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, GL_LINEAR_MIPMAP_LINEAR,
        GL_LINEAR);
   glTexParameterf(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_LOD, 0.5f);
   if (!curie)
      probe3("cube trilinear, lambda 0.5", -1.0f, -0.2f, 0.4f, 0xb35238ff, 2);
   else
      printf("not run on curie: 2 cube TEXTURE_MIN_LOD probes\n");
   glTexParameterf(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_LOD, -1000.0f);
   glDisable(GL_TEXTURE_CUBE_MAP);

   test_lambda_diagonal();
   test_s3tc();
   return nvgl_done();
}
