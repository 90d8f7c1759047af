/*
 * Textures on the Tesla driver (issue 11): EGL surfaceless, an RGBA8 FBO
 * of 16x16 covered by one quad whose fragment program samples at
 * coordinates made from gl_FragCoord (pixel (x, y) has its centre at
 * (x + 0.5, y + 0.5), GL 2.1 3.11.2), c = gl_FragCoord.xy * m.xy + m.zw.
 * Every expected value is worked out here from the GL 3.3 specification
 * (3.8.8 coordinate wrapping and texel selection, 3.8.9 LOD, 3.8.10
 * minification, 3.8.16 depth comparison, table 3.21 cube faces); the
 * program prints PASSED on g80, gt215 and llvmpipe (tests/gl/run.sh).
 *
 *  1. NEAREST 2D: a 4x4 texture at m = (1/16, 1/16): u = (x + 0.5) / 4,
 *     texel (x / 4, y / 4).
 *  2. LINEAR 2D, CLAMP_TO_EDGE: 2x2, red 0 | 255 across, green across
 *     rows: u = (x + 0.5) / 8 - 0.5, red = 255 * clamp(u, 0, 1) (the two
 *     texels' weights 1 - frac(u), frac(u); both the edge texel outside).
 *  3. Mipmaps: 16x16 with 5 levels of one colour each, NEAREST_MIPMAP_
 *     NEAREST, m = k / 16: the derivatives are k / 16 a pixel, rho = k,
 *     lambda = log2 k; lambda <= 0 magnifies (level_base), else level
 *     ceil(lambda + 0.5) - 1 clamped to q (3.8.10).  Also a bias of 2
 *     (texture2D's third argument), TEXTURE_MIN_LOD 2 at k = 1, and
 *     BASE_LEVEL 1 / MAX_LEVEL 3 (rho scales by level_base's size 8:
 *     k = 1 magnifies: level 1; k = 4: lambda 1, level 2; k = 16:
 *     lambda 3, level 3 = MAX_LEVEL).
 *  4. Wrap modes on s of a 4x1 texture, NEAREST, s = 3 (x + 0.5) / 16 - 1
 *     (u = 0.75 x - 3.625, never an integer): REPEAT, CLAMP_TO_EDGE,
 *     MIRRORED_REPEAT and CLAMP_TO_BORDER as table 3.22 says, each of the
 *     16 pixels of a row; then MIRROR_CLAMP_TO_EDGE (GL 4.4 table 8.20:
 *     clamp(mirror(i), 0, size - 1), mirror(a) = a >= 0 ? a : -(1 + a);
 *     ARB_texture_mirror_clamp_to_edge), and EXT_texture_mirror_clamp's
 *     MIRROR_CLAMP_TO_BORDER_EXT (|s| clamped to [-1/2N, 1 + 1/2N]: the
 *     mirrored texel, the border from N on) and MIRROR_CLAMP_EXT (that of
 *     CLAMP on |s|: with NEAREST the mirrored texel, the last one past
 *     the edge), which every Tesla has (TSC WRAP MIRROR_ONCE_*): the
 *     extensions are required on g80 and gt215 too.
 *  5. A cube map: +X face 2x2 of four reds, the others one colour each;
 *     directions (1, .5, .5) (+X: sc = -rz, tc = -ry: s = t = 0.25,
 *     texel (0, 0)), (1, -.5, -.5) (texel (1, 1)), and one into -X, +Y,
 *     -Z.
 *  6. A 2D array (EXT_texture_array) of 3 layers of 4x4 with 2 levels,
 *     each layer and level one colour: layer 1 level 0; layer 2 level 1
 *     (bias 3 on lambda -2); layer 1.6 (rounds to 2); layer 7 (clamped
 *     to 2); BASE_LEVEL 1 (layer 2 of level 1: magnified level_base).
 *  7. Shadow: DEPTH_COMPONENT24 2x2 of 0.25 / 0.75, COMPARE_REF_TO_
 *     TEXTURE, NEAREST: LEQUAL with r = 0.5 is 1 where the texel is 0.75
 *     (DEPTH_TEXTURE_MODE LUMINANCE: (1, 1, 1, 1)), 0 elsewhere; GREATER
 *     the other way round.
 *  8. A rectangle texture (ARB_texture_rectangle) 4x2, coordinates in
 *     texels: (x + 0.5) / 4, (y + 0.5) / 8 -> texel (x / 4, y / 8).
 *  9. With the argument "fetch" (GLSL 1.40 source, which the driver
 *     reports since nv50_gl_gl30): texelFetch of level 0 and level 1 of a 4x4 texture, and of
 *     a texture buffer (ARB_texture_buffer_object) of 8 RGBA8 texels
 *     from byte 16 on (glTexBufferRange) at x / 2.
 *  10. A vertex program that samples (texture2DLod in the VP, level 1 of
 *     the mipmap of 3) passes the texel to the FP.
 *  11. The cube map of 5 by fixed function (st/mesa projects every unit):
 *     glTexCoord4f(2, 1, 1, 2) is +X texel (0, 0), "the q coordinate can
 *     be ignored since it merely scales the vector" (GL 2.1 3.8.6).
 *  12. EXT_texture_filter_anisotropic: MAX_TEXTURE_MAX_ANISOTROPY is at
 *     least 2 (the extension's minimum) and TEXTURE_MAX_ANISOTROPY 16 is
 *     taken without an error; the mipmap of 3 drawn with a 4:1 footprint
 *     (4 texels a pixel across, 1 down) at anisotropy 1 is level 2
 *     (rho = max of the two, GL 2.1 3.8.8).  What 16 selects is
 *     implementation-dependent: printed, not checked.
 *  13. The texture object's and the unit's LOD bias (GL 1.4, summed with
 *     the shader's and clamped to MAX_TEXTURE_LOD_BIAS, which is at least
 *     2): the mipmap of 3 at k = 1 (lambda 0) with TEXTURE_LOD_BIAS 2 is
 *     level 2 (lambda 2, ceil(2.5) - 1); with the unit's bias -1 too,
 *     level 1 (lambda 1).
 *  14. ARB_texture_barrier: a 16x16 RGBA8 texture cleared to 0x40 in
 *     every channel is both the framebuffer's colour and the texture the
 *     FP samples; each draw writes its texel plus 0x40 / 255 (each texel
 *     read and written by its own fragment once, which the extension
 *     allows), glTextureBarrier between the two draws, so the second
 *     reads what the first wrote: 0x40 + 2 * 0x40 = 0xc0.
 * By hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv50_gl_tex nv50_gl_tex.c -L$L -lEGL -lGL -lm -Wl,-rpath,$L
 *   scripts/nvrun --chip g80 -- /tmp/nv50_gl_tex      (prints PASSED)
 */
#include <math.h>
#include <stdlib.h>

#include "nouveau_gl_util.h"

#define S 16

static GLuint
program(const char *vs, const char *fs)
{
   return nvgl_program(vs, fs, "pos", NULL);
}

static const char *vs_quad =
   "#version 120\n"
   "attribute vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* draws the quad over the whole FBO with p, m = coordinate scale/offset */
static void
draw(GLuint p, float mx, float my, float ox, float oy)
{
   glUseProgram(p);
   GLint l = glGetUniformLocation(p, "m");
   if (l >= 0)
      glUniform4f(l, mx, my, ox, oy);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* 0xRRGGBBAA -> bytes R, G, B, A */
static void
bytes(unsigned c, unsigned char *p)
{
   p[0] = c >> 24;
   p[1] = c >> 16;
   p[2] = c >> 8;
   p[3] = c;
}

/* an RGBA8 image of w x h texels of colour f(i, j) */
static unsigned char *
image(int w, int h, unsigned (*f)(int, int))
{
   unsigned char *p = malloc(w * h * 4);
   for (int j = 0; j < h; j++)
      for (int i = 0; i < w; i++)
         bytes(f(i, j), p + 4 * (j * w + i));
   return p;
}

static unsigned
solid_image_colour;
static unsigned
solid(int i, int j)
{
   return solid_image_colour;
}

static void
tex_solid(GLenum target, int level, int w, int h, unsigned c)
{
   solid_image_colour = c;
   unsigned char *p = image(w, h, solid);
   glTexImage2D(target, level, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
   free(p);
}

static void
filters(GLenum target, GLenum min, GLenum mag, GLenum wrap)
{
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, min);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, mag);
   glTexParameteri(target, GL_TEXTURE_WRAP_S, wrap);
   glTexParameteri(target, GL_TEXTURE_WRAP_T, wrap);
}

/* 1: texel (i, j) of the 4x4 texture */
static unsigned
grid(int i, int j)
{
   return (0x10 + 0x40 * i) << 24 | (0x10 + 0x40 * j) << 16 | 0x80ff;
}

static unsigned
ramp(int i, int j)
{
   return (i ? 0xff : 0) << 24 | (j ? 0xff : 0) << 16 | 0xff;
}

static const unsigned level_colour[] = {
   0xff0000ff, 0x00ff00ff, 0x0000ffff, 0xffffffff, 0xffff00ff,
};

static const unsigned row_colour[4] = {
   0xff0000ff, 0x00ff00ff, 0x0000ffff, 0xffffffff,
};

static unsigned
row4(int i, int j)
{
   return row_colour[i];
}

/* GL 3.3 table 3.22 on texel index i of a size-texel dimension; -1:
 * the border */
static int
wrap_index(GLenum mode, int i, int size)
{
   switch (mode) {
   case GL_REPEAT:
      return ((i % size) + size) % size;
   case GL_CLAMP_TO_EDGE:
      return i < 0 ? 0 : i >= size ? size - 1 : i;
   case GL_CLAMP_TO_BORDER:
      return i < 0 || i >= size ? -1 : i;
   default: {   /* GL_MIRRORED_REPEAT */
      int a = (((i % (2 * size)) + 2 * size) % (2 * size)) - size;
      int mirror = a >= 0 ? a : -(1 + a);
      return size - 1 - mirror;
   }
   }
}

/* the wraps of EXT_texture_mirror_clamp and GL 4.4 on texel index i
 * (NEAREST): -1 is the border */
static int
mirror_index(GLenum mode, int i, int size)
{
   int m = i >= 0 ? i : -(1 + i);
   if (m < size)
      return m;
   return mode == GL_MIRROR_CLAMP_TO_BORDER_EXT ? -1 : size - 1;
}

static unsigned
plus_x(int i, int j)
{
   static const unsigned c[2][2] = { { 0xff0000ff, 0x800000ff },
                                     { 0x400000ff, 0xc00000ff } };
   return c[j][i];
}

static const unsigned face_colour[6] = {
   0, 0x00ff00ff, 0x0000ffff, 0xffff00ff, 0xff00ffff, 0x00ffffff,
};

static unsigned
fetch_l1(int i, int j)
{
   return 0x20 << 24 | (0x40 + 0x80 * i) << 16 | (0x40 + 0x80 * j) << 8 | 0xff;
}

int
main(int argc, char **argv)
{
   const bool fetch = argc > 1 && !strcmp(argv[1], "fetch");

   int rc = nvgl_start(S, S);
   if (rc)
      return rc;

   static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   GLuint vb;
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   glEnableVertexAttribArray(0);

   GLuint p2d = program(vs_quad,
      "#version 120\n"
      "uniform sampler2D t; uniform vec4 m;\n"
      "void main() { gl_FragColor = texture2D(t, gl_FragCoord.xy * m.xy + m.zw); }\n");
   GLuint pbias = program(vs_quad,
      "#version 120\n"
      "uniform sampler2D t; uniform vec4 m;\n"
      "void main() { gl_FragColor = texture2D(t, gl_FragCoord.xy * m.xy, 2.0); }\n");

   GLuint tex[16];
   glGenTextures(16, tex);
   glActiveTexture(GL_TEXTURE0);

   /* 1: NEAREST */
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   unsigned char *img = image(4, 4, grid);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                img);
   free(img);
   filters(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST, GL_REPEAT);
   draw(p2d, 1.0f / S, 1.0f / S, 0, 0);
   {
      const int at[][2] = { {0, 0}, {5, 2}, {15, 15}, {8, 12}, {3, 4},
                            {12, 1} };
      for (unsigned i = 0; i < sizeof(at) / sizeof(at[0]); i++)
         check("2D nearest", at[i][0], at[i][1],
               grid(at[i][0] / 4, at[i][1] / 4));
   }

   /* 2: LINEAR */
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   img = image(2, 2, ramp);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                img);
   free(img);
   filters(GL_TEXTURE_2D, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
   draw(p2d, 1.0f / S, 1.0f / S, 0, 0);
   {
      const int at[][2] = { {0, 0}, {4, 7}, {7, 10}, {10, 4}, {15, 15},
                            {6, 6} };
      for (unsigned i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
         double u = (at[i][0] + 0.5) / 8 - 0.5, v = (at[i][1] + 0.5) / 8 - 0.5;
         u = u < 0 ? 0 : u > 1 ? 1 : u;
         v = v < 0 ? 0 : v > 1 ? 1 : v;
         unsigned want = (unsigned)floor(255 * u + 0.5) << 24 |
                         (unsigned)floor(255 * v + 0.5) << 16 | 0xff;
         check_tol("2D linear", at[i][0], at[i][1], want, 2);
      }
   }

   /* 3: mipmaps */
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   for (int l = 0; l < 5; l++)
      tex_solid(GL_TEXTURE_2D, l, S >> l, S >> l, level_colour[l]);
   filters(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
   {
      /* k -> level: lambda = log2 k */
      const struct { float k; int level; } lv[] = {
         { 1, 0 }, { 2, 1 }, { 4, 2 }, { 8, 3 }, { 16, 4 }, { 64, 4 },
      };
      for (unsigned i = 0; i < sizeof(lv) / sizeof(lv[0]); i++) {
         char what[64];
         snprintf(what, sizeof(what), "mipmap k=%g: level %d", lv[i].k,
                  lv[i].level);
         draw(p2d, lv[i].k / S, lv[i].k / S, 0, 0);
         check(what, 5, 9, level_colour[lv[i].level]);
      }
      draw(pbias, 1.0f / S, 1.0f / S, 0, 0);
      check("mipmap bias 2: level 2", 3, 3, level_colour[2]);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 2.0f);
      draw(p2d, 1.0f / S, 1.0f / S, 0, 0);
      check("mipmap MIN_LOD 2: level 2", 3, 3, level_colour[2]);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, -1000.0f);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 3);
      const struct { float k; int level; } bl[] = {
         { 1, 1 }, { 4, 2 }, { 16, 3 },
      };
      for (unsigned i = 0; i < sizeof(bl) / sizeof(bl[0]); i++) {
         char what[64];
         snprintf(what, sizeof(what), "BASE_LEVEL 1 k=%g: level %d", bl[i].k,
                  bl[i].level);
         draw(p2d, bl[i].k / S, bl[i].k / S, 0, 0);
         check(what, 10, 2, level_colour[bl[i].level]);
      }
   }

   /* 4: wrap modes */
   glBindTexture(GL_TEXTURE_2D, tex[3]);
   img = image(4, 1, row4);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                img);
   free(img);
   {
      static const float border[4] = { 0.25f, 0.5f, 0.75f, 1.0f };
      const unsigned border_colour = 0x4080bfff;
      const GLenum modes[] = { GL_REPEAT, GL_CLAMP_TO_EDGE,
                               GL_MIRRORED_REPEAT, GL_CLAMP_TO_BORDER };
      const char *names[] = { "REPEAT", "CLAMP_TO_EDGE", "MIRRORED_REPEAT",
                              "CLAMP_TO_BORDER" };
      glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
      for (unsigned m = 0; m < 4; m++) {
         char what[64];
         filters(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST, modes[m]);
         draw(p2d, 3.0f / S, 0, -1.0f, 0.5f);
         snprintf(what, sizeof(what), "wrap %s", names[m]);
         for (int x = 0; x < S; x++) {
            int i = (int)floor(0.75 * x - 3.625);
            int w = wrap_index(modes[m], i, 4);
            check(what, x, 0, w < 0 ? border_colour : row_colour[w]);
         }
      }
      const GLenum mmodes[] = { GL_MIRROR_CLAMP_TO_EDGE,
                                GL_MIRROR_CLAMP_TO_BORDER_EXT,
                                GL_MIRROR_CLAMP_EXT };
      const char *mnames[] = { "MIRROR_CLAMP_TO_EDGE",
                               "MIRROR_CLAMP_TO_BORDER_EXT",
                               "MIRROR_CLAMP_EXT" };
      const char *exts = (const char *)glGetString(GL_EXTENSIONS);
      if (!strstr(exts, "GL_ARB_texture_mirror_clamp_to_edge") ||
          !strstr(exts, "GL_EXT_texture_mirror_clamp")) {
         printf("FAIL: no GL_ARB_texture_mirror_clamp_to_edge / "
                "GL_EXT_texture_mirror_clamp\n");
         fails++;
      } else {
         for (unsigned m = 0; m < 3; m++) {
            char what[64];
            filters(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST, mmodes[m]);
            draw(p2d, 3.0f / S, 0, -1.0f, 0.5f);
            snprintf(what, sizeof(what), "wrap %s", mnames[m]);
            for (int x = 0; x < S; x++) {
               int i = (int)floor(0.75 * x - 3.625);
               int w = mirror_index(mmodes[m], i, 4);
               check(what, x, 0, w < 0 ? border_colour : row_colour[w]);
            }
         }
      }
   }

   /* 5: a cube map */
   {
      GLuint pcube = program(vs_quad,
         "#version 120\n"
         "uniform samplerCube t; uniform vec4 m;\n"
         "void main() { gl_FragColor = textureCube(t, m.xyz); }\n");
      glBindTexture(GL_TEXTURE_CUBE_MAP, tex[4]);
      img = image(2, 2, plus_x);
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 2, 2, 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, img);
      free(img);
      for (int f = 1; f < 6; f++)
         tex_solid(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, 2, 2, face_colour[f]);
      filters(GL_TEXTURE_CUBE_MAP, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
      const struct { float d[3]; unsigned want; const char *what; } dir[] = {
         { { 1, 0.5f, 0.5f }, 0xff0000ff, "cube +X texel (0,0)" },
         { { 1, -0.5f, -0.5f }, 0xc00000ff, "cube +X texel (1,1)" },
         { { -1, 0.2f, 0.3f }, 0x00ff00ff, "cube -X" },
         { { 0.1f, 1, 0.2f }, 0x0000ffff, "cube +Y" },
         { { 0.2f, -0.3f, -1 }, 0x00ffffff, "cube -Z" },
      };
      for (unsigned i = 0; i < sizeof(dir) / sizeof(dir[0]); i++) {
         draw(pcube, dir[i].d[0], dir[i].d[1], dir[i].d[2], 0);
         check(dir[i].what, 7, 7, dir[i].want);
      }
   }

   /* 6: a 2D array */
   if (strstr((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_texture_array")) {
      GLuint parr = program(vs_quad,
         "#version 120\n"
         "#extension GL_EXT_texture_array : require\n"
         "uniform sampler2DArray t; uniform vec4 m;\n"
         "void main() { gl_FragColor = texture2DArray(t, vec3(gl_FragCoord.xy * m.xy, m.z), m.w); }\n");
      static const unsigned layer_colour[2][3] = {
         { 0xff0000ff, 0x00ff00ff, 0x0000ffff },
         { 0x808000ff, 0x008080ff, 0x800080ff },
      };
      glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, tex[5]);
      for (int l = 0; l < 2; l++) {
         int w = 4 >> l;
         unsigned char *a = malloc(w * w * 3 * 4);
         for (int z = 0; z < 3; z++)
            for (int i = 0; i < w * w; i++)
               bytes(layer_colour[l][z], a + 4 * (z * w * w + i));
         glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, l, GL_RGBA8, w, w, 3, 0,
                      GL_RGBA, GL_UNSIGNED_BYTE, a);
         free(a);
      }
      glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MAX_LEVEL, 1);
      filters(GL_TEXTURE_2D_ARRAY_EXT, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST,
              GL_REPEAT);
      /* m.xy = 1/16: rho 1/4, lambda -2; bias 3: lambda 1, level 1 */
      const struct { float layer, bias; unsigned want; const char *what; } c[] = {
         { 1, 0, layer_colour[0][1], "array layer 1 level 0" },
         { 2, 3, layer_colour[1][2], "array layer 2 level 1" },
         { 1.6f, 0, layer_colour[0][2], "array layer 1.6 rounds to 2" },
         { 7, 0, layer_colour[0][2], "array layer 7 clamps to 2" },
         { 0, 3, layer_colour[1][0], "array layer 0 level 1" },
      };
      for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
         draw(parr, 1.0f / S, 1.0f / S, c[i].layer, c[i].bias);
         check(c[i].what, 9, 4, c[i].want);
      }
      /* BASE_LEVEL 1: rho 2/16 magnifies level_base */
      glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_BASE_LEVEL, 1);
      draw(parr, 1.0f / S, 1.0f / S, 2, 0);
      check("array BASE_LEVEL 1, layer 2", 9, 4, layer_colour[1][2]);
   } else {
      printf("FAIL GL_EXT_texture_array is not exposed\n");
      fails++;
   }

   /* 7: shadow compare */
   {
      GLuint pshadow = program(vs_quad,
         "#version 120\n"
         "uniform sampler2DShadow t; uniform vec4 m;\n"
         "void main() { gl_FragColor = shadow2D(t, vec3(gl_FragCoord.xy * m.xy, m.z)); }\n");
      static const float depth[4] = { 0.25f, 0.75f, 0.75f, 0.25f };
      glBindTexture(GL_TEXTURE_2D, tex[6]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 2, 2, 0,
                   GL_DEPTH_COMPONENT, GL_FLOAT, depth);
      filters(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE,
                      GL_COMPARE_R_TO_TEXTURE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
      draw(pshadow, 1.0f / S, 1.0f / S, 0.5f, 0);
      check("shadow LEQUAL 0.5 vs 0.25", 2, 3, 0x000000ff);
      check("shadow LEQUAL 0.5 vs 0.75", 12, 3, 0xffffffff);
      check("shadow LEQUAL 0.5 vs 0.75", 1, 14, 0xffffffff);
      check("shadow LEQUAL 0.5 vs 0.25", 13, 9, 0x000000ff);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
      draw(pshadow, 1.0f / S, 1.0f / S, 0.5f, 0);
      check("shadow GREATER 0.5 vs 0.25", 2, 3, 0xffffffff);
      check("shadow GREATER 0.5 vs 0.75", 12, 3, 0x000000ff);
   }

   /* 8: a rectangle texture */
   {
      GLuint prect = program(vs_quad,
         "#version 120\n"
         "#extension GL_ARB_texture_rectangle : require\n"
         "uniform sampler2DRect t; uniform vec4 m;\n"
         "void main() { gl_FragColor = texture2DRect(t, gl_FragCoord.xy * m.xy); }\n");
      glBindTexture(GL_TEXTURE_RECTANGLE_ARB, tex[7]);
      img = image(4, 2, grid);
      glTexImage2D(GL_TEXTURE_RECTANGLE_ARB, 0, GL_RGBA8, 4, 2, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, img);
      free(img);
      filters(GL_TEXTURE_RECTANGLE_ARB, GL_NEAREST, GL_NEAREST,
              GL_CLAMP_TO_EDGE);
      draw(prect, 0.25f, 0.125f, 0, 0);
      const int at[][2] = { {0, 0}, {5, 9}, {15, 15}, {13, 2} };
      for (unsigned i = 0; i < sizeof(at) / sizeof(at[0]); i++)
         check("rectangle", at[i][0], at[i][1],
               grid(at[i][0] / 4, at[i][1] / 8));
   }

   /* 9: texelFetch */
   if (fetch) {
      GLuint pfetch = program(
         "#version 130\n"
         "in vec2 pos;\n"
         "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
         "#version 130\n"
         "uniform sampler2D t; uniform vec4 m;\n"
         "void main() {\n"
         "   int l = int(m.x);\n"
         "   gl_FragColor = texelFetch(t, ivec2(gl_FragCoord.xy) >> (2 + l), l);\n"
         "}\n");
      glBindTexture(GL_TEXTURE_2D, tex[8]);
      img = image(4, 4, grid);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, img);
      free(img);
      img = image(2, 2, fetch_l1);
      glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, img);
      free(img);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
      filters(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
      draw(pfetch, 0, 0, 0, 0);
      check("texelFetch level 0", 6, 13, grid(1, 3));
      check("texelFetch level 0", 15, 0, grid(3, 0));
      draw(pfetch, 1, 0, 0, 0);
      check("texelFetch level 1", 6, 13, fetch_l1(0, 1));
      check("texelFetch level 1", 15, 0, fetch_l1(1, 0));

      GLuint ptbo = program(
         "#version 140\n"
         "in vec2 pos;\n"
         "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
         "#version 140\n"
         "uniform samplerBuffer t; out vec4 colour;\n"
         "void main() { colour = texelFetch(t, int(gl_FragCoord.x) / 2); }\n");
      unsigned char data[4 * 12];
      for (int i = 0; i < 12; i++)
         bytes(grid(i & 3, i >> 2), data + 4 * i);
      GLuint buf;
      glGenBuffers(1, &buf);
      glBindBuffer(GL_TEXTURE_BUFFER, buf);
      glBufferData(GL_TEXTURE_BUFFER, sizeof(data), data, GL_STATIC_DRAW);
      glBindTexture(GL_TEXTURE_BUFFER, tex[9]);
      glTexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, buf, 16, 32);
      draw(ptbo, 0, 0, 0, 0);
      /* texel i of the range is element 4 + i of the buffer */
      check("texture buffer texel 0", 0, 5, grid(0, 1));
      check("texture buffer texel 3", 7, 5, grid(3, 1));
      check("texture buffer texel 6", 13, 5, grid(2, 2));
      check("texture buffer texel 7", 15, 9, grid(3, 2));

      /* the same range fetched by the VP, whose stage never had a
       * sampler bound (Gallium binds none for buffer textures) */
      GLuint pvtbo = program(
         "#version 140\n"
         "in vec2 pos; uniform samplerBuffer t; out vec4 c;\n"
         "void main() {\n"
         "   c = texelFetch(t, 6);\n"
         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
         "}\n",
         "#version 140\n"
         "in vec4 c; out vec4 colour;\n"
         "void main() { colour = c; }\n");
      draw(pvtbo, 0, 0, 0, 0);
      check("vertex texture buffer texel 6", 3, 3, grid(2, 2));
      glBindTexture(GL_TEXTURE_BUFFER, 0);
   } else {
      printf("(texelFetch: run with the argument \"fetch\" under GLSL 1.40)\n");
   }

   /* 11: the cube map by fixed function, q = 2 */
   {
      glUseProgram(0);
      glBindTexture(GL_TEXTURE_CUBE_MAP, tex[4]);
      glEnable(GL_TEXTURE_CUBE_MAP);
      glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
      glClear(GL_COLOR_BUFFER_BIT);
      glTexCoord4f(2, 1, 1, 2);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      glDisable(GL_TEXTURE_CUBE_MAP);
      check("fixed-function cube, q = 2: +X texel (0,0)", 7, 7, 0xff0000ff);
   }

   /* 10: a vertex texture */
   {
      GLint units = 0;
      glGetIntegerv(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, &units);
      if (units < 1) {
         printf("FAIL no vertex texture units\n");
         fails++;
      } else {
         GLuint pvtx = program(
            "#version 120\n"
            "attribute vec2 pos; uniform sampler2D t; varying vec4 c;\n"
            "void main() {\n"
            "   c = texture2DLod(t, vec2(0.5), 1.0);\n"
            "   gl_Position = vec4(pos, 0.0, 1.0);\n"
            "}\n",
            "#version 120\n"
            "varying vec4 c;\n"
            "void main() { gl_FragColor = c; }\n");
         glBindTexture(GL_TEXTURE_2D, tex[2]);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 4);
         draw(pvtx, 0, 0, 0, 0);
         check("vertex texture level 1", 8, 8, level_colour[1]);
      }
   }

   /* 12: anisotropy */
   {
      GLfloat max = 0.0f;
      glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT, &max);
      printf("%s MAX_TEXTURE_MAX_ANISOTROPY %.1f\n",
             max >= 2.0f ? "ok  " : "FAIL", max);
      fails += max < 2.0f;
      glBindTexture(GL_TEXTURE_2D, tex[2]);
      filters(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, 1.0f);
      draw(p2d, 4.0f / S, 1.0f / S, 0, 0);
      check("4:1 footprint, anisotropy 1: level 2", 5, 9, level_colour[2]);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, 16.0f);
      GLenum e = glGetError();
      printf("%s TEXTURE_MAX_ANISOTROPY 16: error 0x%x\n",
             e == GL_NO_ERROR ? "ok  " : "FAIL", e);
      fails += e != GL_NO_ERROR;
      draw(p2d, 4.0f / S, 1.0f / S, 0, 0);
      unsigned char px[4];
      glReadPixels(5, 9, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      printf("info 4:1 footprint, anisotropy 16: %02x%02x%02x%02x\n",
             px[0], px[1], px[2], px[3]);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, 1.0f);
   }

   /* 13: the object's and the unit's LOD bias */
   {
      GLfloat max = 0.0f;
      glGetFloatv(GL_MAX_TEXTURE_LOD_BIAS, &max);
      printf("%s MAX_TEXTURE_LOD_BIAS %.3f\n",
             max >= 2.0f ? "ok  " : "FAIL", max);
      fails += max < 2.0f;
      glBindTexture(GL_TEXTURE_2D, tex[2]);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 4);
      filters(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 2.0f);
      draw(p2d, 1.0f / S, 1.0f / S, 0, 0);
      check("TEXTURE_LOD_BIAS 2: level 2", 5, 9, level_colour[2]);
      glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, -1.0f);
      draw(p2d, 1.0f / S, 1.0f / S, 0, 0);
      check("TEXTURE_LOD_BIAS 2, unit's -1: level 1", 5, 9, level_colour[1]);
      glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 0.0f);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 0.0f);
   }

   /* 14: texture barrier */
   if (!nvgl_has_ext("GL_ARB_texture_barrier")) {
      printf("FAIL GL_ARB_texture_barrier not exposed\n");
      fails++;
   } else {
      PFNGLTEXTUREBARRIERPROC barrier =
         (PFNGLTEXTUREBARRIERPROC)eglGetProcAddress("glTextureBarrier");
      GLuint fb;
      GLuint padd = program(vs_quad,
         "#version 120\n"
         "uniform sampler2D t;\n"
         "void main() {\n"
         "   gl_FragColor = texture2D(t, gl_FragCoord.xy / 16.0) +\n"
         "                  vec4(64.0 / 255.0);\n"
         "}\n");
      glBindTexture(GL_TEXTURE_2D, tex[15]);
      tex_solid(GL_TEXTURE_2D, 0, S, S, 0x40404040);
      filters(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
      glGenFramebuffers(1, &fb);
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_TEXTURE_2D, tex[15], 0);
      glUseProgram(padd);
      glUniform1i(glGetUniformLocation(padd, "t"), 0);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      barrier();
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      check("texture barrier: two draws of +0x40", 5, 9, 0xc0c0c0c0);
   }
   return nvgl_done();
}
