/*
 * ARB_texture_gather on the Tesla driver (issue 11): texgather is one of
 * GT215_3D's D3D10.1 forms (g80.xml TXG_L), so the extension is exposed
 * from GT215 on and not on the G80 (upstream's caps-g80.txt and
 * caps-gt215.txt say the same); llvmpipe has it.  EGL surfaceless, an
 * RGBA8 FBO of 16x16 covered by one quad whose fragment program writes
 * one textureGather of a 4x4 RGBA8 texture, texel (x, y) = (10 (x + 4y)
 * + 5, 200 + 10x + y, 0, 255), NEAREST (a gather ignores the filter).
 * Each expected value is worked out here from ARB_texture_gather and
 * GL 3.3 3.8.8: the four texels of the LINEAR footprint at level base,
 * (i0, j1), (i1, j1), (i1, j0), (i0, j0) in x, y, z, w, with
 * i0 = wrap(floor(u - 1/2)), j0 = wrap(floor(v - 1/2)), i1 = i0 + 1,
 * j1 = j0 + 1, of the first component after the texture swizzle:
 *
 *  1. (s, t) = (1/2, 1/4), u = 2, v = 1: i0 = 1, j0 = 0.
 *  2. (0, 0) with REPEAT: i0 = j0 = -1, wrapped to 3.
 *  3. textureGatherOffset by (1, 0) at 1.: i0 = 2.
 *  4. TEXTURE_SWIZZLE_R = GREEN at 1.: the texels' G.
 *  5. a 2D array of 2 layers (layer 1 = layer 0's R + 1) at 1., layer 1.
 *
 * The program prints PASSED on g80 (the extension absent), gt215 and
 * llvmpipe (tests/gl/run.sh).
 * By hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv50_gl_gather nv50_gl_gather.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   scripts/nvrun --chip gt215 -- /tmp/nv50_gl_gather   (prints PASSED)
 */
#include <stdlib.h>

#include "nouveau_gl_util.h"

#define S 16

static const char *vs =
   "#version 130\n"
   "in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static unsigned
texel_r(int x, int y)
{
   return 10 * (x + 4 * y) + 5;
}

static unsigned
texel_g(int x, int y)
{
   return 200 + 10 * x + y;
}

/* the texels at (i0, j1), (i1, j1), (i1, j0), (i0, j0) of a 4x4 texture
 * under REPEAT, of the component f, plus add, as 0xRRGGBBAA */
static unsigned
gathered(unsigned (*f)(int, int), int i0, int j0, unsigned add)
{
   static const int place[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
   unsigned v = 0;
   for (int k = 0; k < 4; k++) {
      int i = ((i0 + place[k][0]) % 4 + 4) % 4;
      int j = ((j0 + place[k][1]) % 4 + 4) % 4;
      v = v << 8 | (f(i, j) + add);
   }
   return v;
}

static void
draw(GLuint p, float s, float t)
{
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "tex"), 0);
   glUniform2f(glGetUniformLocation(p, "c"), s, t);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static void
texels(unsigned char *img, int layer)
{
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++) {
         unsigned char *p = img + 4 * (4 * y + x);
         p[0] = texel_r(x, y) + layer;
         p[1] = texel_g(x, y);
         p[2] = 0;
         p[3] = 255;
      }
}

int
main(void)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;

   const char *renderer = (const char *)glGetString(GL_RENDERER);
   bool has = nvgl_has_ext("GL_ARB_texture_gather");
   if (strstr(renderer, "G80")) {
      /* G80_3D runs no D3D10.1 form */
      check_true("no GL_ARB_texture_gather on the G80", !has);
      return nvgl_done();
   }
   check_true("GL_ARB_texture_gather", has);
   if (!has)
      return nvgl_done();

   static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   GLuint vb;
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   glEnableVertexAttribArray(0);

   GLuint p = nvgl_program(vs,
      "#version 130\n"
      "#extension GL_ARB_texture_gather : require\n"
      "uniform sampler2D tex; uniform vec2 c;\n"
      "void main() { gl_FragColor = textureGather(tex, c); }\n",
      "pos", NULL);
   GLuint poff = nvgl_program(vs,
      "#version 130\n"
      "#extension GL_ARB_texture_gather : require\n"
      "uniform sampler2D tex; uniform vec2 c;\n"
      "void main() { gl_FragColor = textureGatherOffset(tex, c, ivec2(1, 0)); }\n",
      "pos", NULL);
   GLuint parr = nvgl_program(vs,
      "#version 130\n"
      "#extension GL_ARB_texture_gather : require\n"
      "uniform sampler2DArray tex; uniform vec2 c;\n"
      "void main() { gl_FragColor = textureGather(tex, vec3(c, 1.0)); }\n",
      "pos", NULL);

   unsigned char img[2 * 4 * 4 * 4];
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   texels(img, 0);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, img);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);

   /* 1 */
   draw(p, 0.5f, 0.25f);
   check("gather at u 2, v 1", 8, 8, gathered(texel_r, 1, 0, 0));
   /* 2 */
   draw(p, 0.0f, 0.0f);
   check("gather at (0, 0), REPEAT", 8, 8, gathered(texel_r, -1, -1, 0));
   /* 3 */
   draw(poff, 0.5f, 0.25f);
   check("gather offset (1, 0)", 8, 8, gathered(texel_r, 2, 0, 0));
   /* 4 */
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_GREEN);
   draw(p, 0.5f, 0.25f);
   check("gather of R swizzled to GREEN", 8, 8, gathered(texel_g, 1, 0, 0));
   /* 5 */
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[1]);
   texels(img, 0);
   texels(img + 64, 1);
   glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, img);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   draw(parr, 0.5f, 0.25f);
   check("gather of 2D array layer 1", 8, 8, gathered(texel_r, 1, 0, 1));

   return nvgl_done();
}
