/*
 * GL check of the NV40 driver's texture features (issue 7): texture unit
 * count, anisotropic filtering, texture cache invalidation after
 * render-to-texture, uploads, blits and copies, S3TC, fp16/fp32
 * filtering, texture swizzle.  EGL surfaceless + FBO; expected pixels are worked out by hand
 * from the specs (written next to each check) and hold on any correct
 * implementation except where a line says "NV40:" (a hardware limit).
 * With an argument DIR it also writes DIR/aniso-N.ppm, a mipmapped
 * checkerboard floor seen at a grazing angle with TEXTURE_MAX_ANISOTROPY
 * N = 1 and 16, to compare with another driver (llvmpipe) by eye or with
 * a script; EXT_texture_filter_anisotropic leaves the footprint to the
 * implementation, so those pictures are compared within a tolerance.
 * Not built by meson (it links the installed libEGL/libGL):
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv40_gl_texfeatures nv40_gl_texfeatures.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   scripts/nvrun --chip nv40 -- /tmp/nv40_gl_texfeatures [DIR]   (prints PASSED)
 *   scripts/nvrun --chip llvmpipe -- /tmp/nv40_gl_texfeatures [DIR]
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIZE 64

#include "nouveau_gl_util.h"

static bool is_nv40;

static void
check_error(const char *what)
{
   GLenum e = glGetError();
   if (e) {
      printf("FAIL %s: GL error 0x%x\n", what, e);
      fails++;
   } else {
      printf("ok   %s: no GL error\n", what);
   }
}

/* A quad over the whole target, texture coordinates 0..1. */
static void
full_quad(void)
{
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0); glVertex2f(-1, -1);
   glTexCoord2f(1, 0); glVertex2f(1, -1);
   glTexCoord2f(1, 1); glVertex2f(1, 1);
   glTexCoord2f(0, 1); glVertex2f(-1, 1);
   glEnd();
}

static GLuint
texture_rgba8(int w, int h, const unsigned *texels, GLenum filter)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA,
                GL_UNSIGNED_INT_8_8_8_8, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   return t;
}

/* 1. Texture units: GL 2.1 asks for 2 image units at least; NV40 has 16
 * (hwdb TEX_OFFSET__LEN).  Unit 15 samples like unit 0. */
static void
test_units(void)
{
   GLint units = 0;
   glGetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS, &units);
   printf("%s MAX_TEXTURE_IMAGE_UNITS %d\n", units >= 16 ? "ok  " : "FAIL", units);
   fails += units < 16;
   if (units < 16)
      return;
   static const char *fs =
      "uniform sampler2D s;\n"
      "void main() { gl_FragColor = texture2D(s, gl_TexCoord[0].xy); }\n";
   GLuint sh = glCreateShader(GL_FRAGMENT_SHADER);
   glShaderSource(sh, 1, &fs, NULL);
   glCompileShader(sh);
   GLuint prog = glCreateProgram();
   glAttachShader(prog, sh);
   glLinkProgram(prog);
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "s"), 15);
   static const unsigned magenta = 0xff00ffff;
   glActiveTexture(GL_TEXTURE15);
   GLuint t = texture_rgba8(1, 1, &magenta, GL_NEAREST);
   glClear(GL_COLOR_BUFFER_BIT);
   full_quad();
   check_tol("texture unit 15", 10, 10, 0xff00ffff, 0);
   glUseProgram(0);
   glDeleteProgram(prog);
   glDeleteShader(sh);
   glDeleteTextures(1, &t);
   glActiveTexture(GL_TEXTURE0);
}

/* 2. The texture cache: a texture bound on unit 0 all along, rendered to
 * through an FBO in between (render-to-texture), then uploaded to with
 * glTexSubImage2D between two draws, blitted to, copied to: every draw
 * must see the texels as they are (GL 2.1 section 3.8; a stale cache
 * would show the old ones). */
static void
test_texture_cache(GLuint fb)
{
   static const unsigned red = 0xff0000ff, blue = 0x0000ffff;
   glEnable(GL_TEXTURE_2D);
   GLuint t = texture_rgba8(1, 1, &red, GL_NEAREST);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glClear(GL_COLOR_BUFFER_BIT);
   full_quad();
   check_tol("texture red", 10, 10, 0xff0000ff, 0);

   /* draw green into the texture, texturing off */
   GLuint tfb;
   glGenFramebuffers(1, &tfb);
   glBindFramebuffer(GL_FRAMEBUFFER, tfb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   glViewport(0, 0, 1, 1);
   glDisable(GL_TEXTURE_2D);
   glColor3f(0, 1, 0);
   full_quad();
   /* back to the window target: clear it (the framebuffer change is
    * consumed by a clear), then draw with the texture still bound */
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glViewport(0, 0, SIZE, SIZE);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_TEXTURE_2D);
   full_quad();
   check_tol("texture after render-to-texture", 10, 10, 0x00ff00ff, 0);

   /* an upload between two draws in one submission */
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA,
                   GL_UNSIGNED_INT_8_8_8_8, &blue);
   full_quad();
   check_tol("texture after glTexSubImage2D", 10, 10, 0x0000ffff, 0);

   /* a blit into the texture: clear the window target yellow, blit a
    * pixel of it into the texture's FBO, draw with the texture */
   glDisable(GL_TEXTURE_2D);
   glClearColor(1, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glClearColor(0, 0, 0, 1);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, tfb);
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glEnable(GL_TEXTURE_2D);
   full_quad();
   check_tol("texture after glBlitFramebuffer", 10, 10, 0xffff00ff, 0);

   /* glCopyTexSubImage2D from a magenta window target */
   glDisable(GL_TEXTURE_2D);
   glClearColor(1, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glClearColor(0, 0, 0, 1);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_TEXTURE_2D);
   full_quad();
   check_tol("texture after glCopyTexSubImage2D", 10, 10, 0xff00ffff, 0);
   glDisable(GL_TEXTURE_2D);
   glDeleteFramebuffers(1, &tfb);
   glDeleteTextures(1, &t);
}

/* 3. S3TC: one DXT1 block, colour 0 = 0xf800 (red), colour 1 = 0x001f
 * (blue), c0 > c1: four colours; index 2 everywhere = (2 c0 + c1) / 3 =
 * (170, 0, 85) (EXT_texture_compression_s3tc, RGB8 from 5-bit values:
 * 2/3 * 255 = 170, 1/3 * 255 = 85), texel (3,3) index 1 (blue). */
static void
test_s3tc(void)
{
   if (!strstr((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_texture_compression_s3tc")) {
      printf("FAIL no GL_EXT_texture_compression_s3tc\n");
      fails++;
      return;
   }
   /* 2 bits per texel, texel (3,3) is the top two bits */
   const unsigned char blk[8] = { 0x00, 0xf8, 0x1f, 0x00, 0xaa, 0xaa, 0xaa, 0x6a };
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
                          4, 4, 0, 8, blk);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   glClear(GL_COLOR_BUFFER_BIT);
   full_quad();
   /* texel (x, y) covers pixels 16x .. 16x + 15; decoders may round the
    * thirds either way (the spec allows it): tolerance 2 */
   check_tol("dxt1 index 2", 8, 8, 0xaa0055ff, 2);
   check_tol("dxt1 index 1", 56, 56, 0x0000ffff, 0);
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &t);
   check_error("s3tc");
}

/* 4. Float textures: 2x1 texels (0,0,0,1) and (1,1,1,1), LINEAR, over 64
 * pixels: pixel 28 samples at u = 28.5 / 64 * 2 = 0.890625 texels, 0.390625
 * of texel 1 = 100/255 (GL 2.1 section 3.8.8).  RGBA16F filters so.
 * NV40: RGBA32F is point sampled (texel 0, black); others filter. */
static void
test_float(void)
{
   static const float texels[2][4] = { { 0, 0, 0, 1 }, { 1, 1, 1, 1 } };
   for (int fp32 = 0; fp32 < 2; fp32++) {
      GLuint t;
      glGenTextures(1, &t);
      glBindTexture(GL_TEXTURE_2D, t);
      glTexImage2D(GL_TEXTURE_2D, 0, fp32 ? GL_RGBA32F_ARB : GL_RGBA16F_ARB,
                   2, 1, 0, GL_RGBA, GL_FLOAT, texels);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glEnable(GL_TEXTURE_2D);
      full_quad();
      glDisable(GL_TEXTURE_2D);
      if (fp32 && is_nv40)
         check_tol("rgba32f point sampled (NV40)", 28, 5, 0x000000ff, 1);
      else
         check_tol(fp32 ? "rgba32f linear" : "rgba16f linear", 28, 5, 0x646464ff, 1);
      glDeleteTextures(1, &t);
   }
   check_error("float textures");

   /* a 4096-texel RGBA32F row is 65536 bytes, more than NV40's 16-bit
    * texture pitch: whatever it samples, the context must survive it */
   static float wide[4096 * 4];
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F_ARB, 4096, 1, 0, GL_RGBA,
                GL_FLOAT, wide);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   full_quad();
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &t);
   glColor3f(0, 0, 1);
   full_quad();
   check_tol("draw after a 4096-wide RGBA32F texture", 10, 10, 0x0000ffff, 0);
   check_error("4096-wide RGBA32F texture");
}

/* 5. Texture swizzle (ARB_texture_swizzle): texel (R, G, B, A) = (1, 0.5,
 * 0, 1) read as (B, R, ONE, G) = (0, 1, 1, 0.5). */
static void
test_swizzle(void)
{
   static const unsigned texel = 0xff8000ff;
   GLuint t = texture_rgba8(1, 1, &texel, GL_NEAREST);
   const GLint swz[4] = { GL_BLUE, GL_RED, GL_ONE, GL_GREEN };
   glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz);
   glEnable(GL_TEXTURE_2D);
   full_quad();
   glDisable(GL_TEXTURE_2D);
   check_tol("swizzle BGR1", 10, 10, 0x00ffff80, 1);
   glDeleteTextures(1, &t);
   check_error("swizzle");
}

/* 5b. Mirror clamp (ARB_texture_mirror_clamp_to_edge): a 2x1 texture,
 * red then green, s from -1 to 1 across 64 pixels, NEAREST: pixel x
 * samples |s| = |(x + 0.5) / 32 - 1|: pixel 10 |-0.672| -> texel 1,
 * pixel 28 |-0.109| -> texel 0, pixel 60 0.891 -> texel 1. */
static void
test_mirror_clamp(void)
{
   static const unsigned texels[2] = { 0xff0000ff, 0x00ff00ff };
   GLuint t = texture_rgba8(2, 1, texels, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
   check_error("MIRROR_CLAMP_TO_EDGE");
   glEnable(GL_TEXTURE_2D);
   glBegin(GL_QUADS);
   glTexCoord2f(-1, 0); glVertex2f(-1, -1);
   glTexCoord2f(1, 0); glVertex2f(1, -1);
   glTexCoord2f(1, 1); glVertex2f(1, 1);
   glTexCoord2f(-1, 1); glVertex2f(-1, 1);
   glEnd();
   glDisable(GL_TEXTURE_2D);
   check_tol("mirror clamp s = -0.67", 10, 5, 0x00ff00ff, 0);
   check_tol("mirror clamp s = -0.11", 28, 5, 0xff0000ff, 0);
   check_tol("mirror clamp s = 0.89", 60, 5, 0x00ff00ff, 0);
   glDeleteTextures(1, &t);
}

/* 6. Anisotropic filtering: GL_TEXTURE_MAX_ANISOTROPY_EXT is accepted
 * (Neverball's GL_INVALID_ENUM) and MAX_TEXTURE_MAX_ANISOTROPY is 16 on
 * NV40 (TEX_ENABLE ANISO 16X).  Pictures for the comparison. */
static void
write_ppm(const char *dir, const char *name)
{
   char path[512];
   static unsigned char px[SIZE * SIZE * 3];
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   glReadPixels(0, 0, SIZE, SIZE, GL_RGB, GL_UNSIGNED_BYTE, px);
   FILE *f = fopen(path, "wb");
   if (!f) {
      printf("FAIL cannot write %s\n", path);
      fails++;
      return;
   }
   fprintf(f, "P6\n%d %d\n255\n", SIZE, SIZE);
   for (int y = SIZE - 1; y >= 0; y--)
      fwrite(px + y * SIZE * 3, 3, SIZE, f);
   fclose(f);
}

static void
test_aniso(const char *dir)
{
   GLfloat max = 0.0f;
   glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT, &max);
   check_error("MAX_TEXTURE_MAX_ANISOTROPY query");
   printf("%s MAX_TEXTURE_MAX_ANISOTROPY %.1f\n", max >= 16.0f ? "ok  " : "FAIL", max);
   fails += max < 16.0f;

   /* a 64x64 checkerboard of 4x4 squares, mipmapped */
   static unsigned tex[64 * 64];
   for (int y = 0; y < 64; y++)
      for (int x = 0; x < 64; x++)
         tex[y * 64 + x] = ((x / 4 + y / 4) & 1) ? 0xffffffff : 0x000000ff;
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA,
                GL_UNSIGNED_INT_8_8_8_8, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   glEnable(GL_TEXTURE_2D);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glFrustum(-1, 1, -1, 1, 1, 100);
   glMatrixMode(GL_MODELVIEW);
   static const float levels[] = { 1.0f, 16.0f };
   for (unsigned i = 0; i < 2; i++) {
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, levels[i]);
      check_error("TEXTURE_MAX_ANISOTROPY");
      glClear(GL_COLOR_BUFFER_BIT);
      /* a floor from z = -1 to -16 under the eye (y = -1), one
       * repeat across (a texel a pixel at the front), 16 deep */
      glBegin(GL_QUADS);
      glTexCoord2f(0, 0); glVertex3f(-1, -1, -1);
      glTexCoord2f(1, 0); glVertex3f(1, -1, -1);
      glTexCoord2f(1, 16); glVertex3f(16, -1, -16);
      glTexCoord2f(0, 16); glVertex3f(-16, -1, -16);
      glEnd();
      if (dir) {
         char name[32];
         snprintf(name, sizeof(name), "aniso-%d.ppm", (int)levels[i]);
         write_ppm(dir, name);
      }
   }
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glDisable(GL_TEXTURE_2D);
   glDeleteTextures(1, &t);
}

int
main(int argc, char **argv)
{
   const char *renderer = nvgl_context();
   if (!renderer)
      return 2;
   is_nv40 = strstr(renderer, "NV4") || strstr(renderer, "G7");

   GLuint fb, rb;
   glGenFramebuffers(1, &fb);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, SIZE, SIZE);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, SIZE, SIZE);
   glClearColor(0, 0, 0, 1);

   test_units();
   test_texture_cache(fb);
   test_s3tc();
   test_float();
   test_swizzle();
   test_mirror_clamp();
   test_aniso(argc > 1 ? argv[1] : NULL);

   printf("%s\n", fails ? "FAILED" : "PASSED");
   return fails ? 1 : 0;
}
