/*
 * Seamless cube map filtering (GL 3.2 3.8.8 "Seamless Cube Map
 * Filtering", ARB_seamless_cube_map) on every Tesla: G200 on by the 3D
 * class's TEX_MISC SEAMLESS_CUBE_MAP, G80..G98 in the program
 * (nvc_g80_cube_seamless.c).  Each part draws with
 * TEXTURE_CUBE_MAP_SEAMLESS off, then on.  Faces are constant per level
 * (R only, G = B = 0, A = 1), so a lookup is the faces' weights (GL 3.2
 * 3.8.9 bilinear weights, table 3.19 faces: +X's s runs towards -Z, its
 * t towards -Y; a tap past +X's s = 1 edge is -Z's, past s = 0 +Z's,
 * past t = 0 +Y's; a corner tap the average of its three faces).
 *
 * mip: a 4x4 cube with levels 2x2 and 1x1, LINEAR_MIPMAP_LINEAR;
 *    +X level 0 R 20, level 1 60; -Z 220, 160; +Y level 1 120; +Z level
 *    1 240; everything else 0.  textureLod:
 *    - d = (1, 0, -0.9), lod 0.5: +X at s = 0.95, t = 0.5; level 0 (4
 *      texels): u = 3.8 - 0.5, taps 3 and 4 (weights 0.7, 0.3), 4 is -Z:
 *      0.7 * 20 + 0.3 * 220 = 80; level 1 (2 texels): u = 1.9 - 0.5,
 *      taps 1, 2 (0.6, 0.4): 0.6 * 60 + 0.4 * 160 = 100; half of each:
 *      90.  Off (each face clamped to its edge): (20 + 60) / 2 = 40;
 *    - d = (1, 0.9, 0.9), lod 1 (level 1 alone): +X at s = t = 0.05,
 *      u = v = 0.1 - 0.5: taps -1 and 0 on both axes (weights 0.4, 0.6):
 *      (0, 0) +X 60 (0.36), (-1, 0) +Z 240 (0.24), (0, -1) +Y 120
 *      (0.24), the corner (60 + 240 + 120) / 3 = 140 (0.16): 130.4 ->
 *      130.  Off: 60.
 * base: the mip cube with TEXTURE_BASE_LEVEL 1, textureLod 0 (level_base,
 *    GL 3.2 3.8.10: lambda is relative to it) at d = (1, 0, -0.9): the
 *    2x2 level's 100; off 60 (G80's layered views hold every level, so
 *    the program adds the view's first level itself).
 * vertex: the first lookup in a vertex shader, texture() (lambda 0, the
 *    base level, GL 3.2 3.8.9: no derivatives outside an FP): level 0's
 *    80; off 20.
 * shadow: a 2x2 DEPTH_COMPONENT24 cube, +X depth 0.25, -Z 0.75, others
 *    0; COMPARE_REF_TO_TEXTURE LEQUAL (1 where ref <= D), LINEAR;
 *    texture(samplerCubeShadow, (1, 0, -0.75, 0.5)): +X at s = 0.875:
 *    u = 1.75 - 0.5, taps 1 (+X: 0.5 <= 0.25 is 0, weight 0.75) and 2
 *    (-Z: 1, weight 0.25): 0.25, each tap compared before the weights
 *    (3.8.16 leaves LINEAR's combination open; the units compare per
 *    texel, llvmpipe too) -> R 64.  Off: 0.
 * Within 2 (llvmpipe filters in 8-bit fixed point).  Run on g80 (the
 * program's filtering), gt215 (TEX_MISC) and llvmpipe.  By hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv50_gl_seamless nv50_gl_seamless.c \
 *       -Ibuild/mesa-src/include -L$L -lEGL -lGL -lm -Wl,-rpath,$L
 *   scripts/nvrun --chip g80 -- /tmp/nv50_gl_seamless
 */
#include <math.h>

#include "nouveau_gl_util.h"

#define S 32

static const char *vs_pos =
   "#version 130\n"
   "in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static GLuint
program(const char *vs, const char *fs)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs));
   glBindAttribLocation(p, 0, "pos");
   if (!nvgl_link(p))
      return 0;
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   return p;
}

static void
quad(GLuint vb)
{
   static const float v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* R of face f (GL's order) at level l of the mip part's cube */
static unsigned
mip_r(unsigned f, unsigned l)
{
   static const unsigned r[6][2] = {
      { 20, 60 }, { 0, 0 }, { 0, 120 }, { 0, 0 }, { 0, 240 }, { 220, 160 },
   };
   return l < 2 ? r[f][l] : 0;
}

static GLuint
mip_cube(void)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   for (unsigned l = 0; l < 3; l++) {
      unsigned n = 4 >> l;
      for (unsigned f = 0; f < 6; f++) {
         unsigned char px[16][4];
         for (unsigned i = 0; i < n * n; i++) {
            px[i][0] = mip_r(f, l);
            px[i][1] = px[i][2] = 0;
            px[i][3] = 255;
         }
         glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, l, GL_RGBA8, n, n,
                      0, GL_RGBA, GL_UNSIGNED_BYTE, px);
      }
   }
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER,
                   GL_LINEAR_MIPMAP_LINEAR);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   return tex;
}

static void
seamless(bool on)
{
   if (on)
      glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   else
      glDisable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
}

static void
part_mip(GLuint vb)
{
   GLuint p = program(vs_pos,
      "#version 130\n"
      "uniform samplerCube t; uniform vec3 d; uniform float lod;\n"
      "out vec4 c;\n"
      "void main() { c = textureLod(t, d, lod); }\n");
   if (!p)
      return;
   GLuint tex = mip_cube();
   static const struct {
      float d[3], lod;
      unsigned on, off;
      const char *what;
   } c[] = {
      { { 1.0f, 0.0f, -0.9f }, 0.5f, 90, 40, "edge +X/-Z lod 0.5" },
      { { 1.0f, 0.9f, 0.9f }, 1.0f, 130, 60, "corner +X/+Y/+Z lod 1" },
   };
   for (unsigned on = 0; on < 2; on++) {
      seamless(on);
      for (unsigned i = 0; i < 2; i++) {
         char name[96];
         glUniform3fv(glGetUniformLocation(p, "d"), 1, c[i].d);
         glUniform1f(glGetUniformLocation(p, "lod"), c[i].lod);
         quad(vb);
         snprintf(name, sizeof(name), "mip %s %s", c[i].what,
                  on ? "on" : "off");
         check_tol(name, S / 2, S / 2,
                   (on ? c[i].on : c[i].off) << 24 | 0xff, 2);
      }
   }
   seamless(false);
   glUseProgram(0);
   glDeleteProgram(p);
   glDeleteTextures(1, &tex);
}

static void
part_base(GLuint vb)
{
   GLuint p = program(vs_pos,
      "#version 130\n"
      "uniform samplerCube t; uniform vec3 d;\n"
      "out vec4 c;\n"
      "void main() { c = textureLod(t, d, 0.0); }\n");
   if (!p)
      return;
   GLuint tex = mip_cube();
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_BASE_LEVEL, 1);
   static const float d[3] = { 1.0f, 0.0f, -0.9f };
   glUniform3fv(glGetUniformLocation(p, "d"), 1, d);
   for (unsigned on = 0; on < 2; on++) {
      seamless(on);
      quad(vb);
      check_tol(on ? "base level 1 edge +X/-Z on" :
                     "base level 1 edge +X/-Z off",
                S / 2, S / 2, (on ? 100u : 60u) << 24 | 0xff, 2);
   }
   seamless(false);
   glUseProgram(0);
   glDeleteProgram(p);
   glDeleteTextures(1, &tex);
}

static void
part_vertex(GLuint vb)
{
   GLuint p = program(
      "#version 130\n"
      "in vec2 pos; uniform samplerCube t; uniform vec3 d;\n"
      "out vec4 col;\n"
      "void main() {\n"
      "   gl_Position = vec4(pos, 0.0, 1.0);\n"
      "   col = texture(t, d);\n"
      "}\n",
      "#version 130\n"
      "in vec4 col; out vec4 c;\n"
      "void main() { c = col; }\n");
   if (!p)
      return;
   GLuint tex = mip_cube();
   static const float d[3] = { 1.0f, 0.0f, -0.9f };
   glUniform3fv(glGetUniformLocation(p, "d"), 1, d);
   for (unsigned on = 0; on < 2; on++) {
      seamless(on);
      quad(vb);
      check_tol(on ? "vertex edge +X/-Z on" : "vertex edge +X/-Z off",
                S / 2, S / 2, (on ? 80u : 20u) << 24 | 0xff, 2);
   }
   seamless(false);
   glUseProgram(0);
   glDeleteProgram(p);
   glDeleteTextures(1, &tex);
}

static void
part_shadow(GLuint vb)
{
   GLuint p = program(vs_pos,
      "#version 130\n"
      "uniform samplerCubeShadow t; uniform vec4 d;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(texture(t, d), 0.0, 0.0, 1.0); }\n");
   if (!p)
      return;
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   for (unsigned f = 0; f < 6; f++) {
      float z[4];
      for (unsigned i = 0; i < 4; i++)
         z[i] = f == 0 ? 0.25f : f == 5 ? 0.75f : 0.0f;
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0,
                   GL_DEPTH_COMPONENT24, 2, 2, 0, GL_DEPTH_COMPONENT,
                   GL_FLOAT, z);
   }
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_COMPARE_MODE,
                   GL_COMPARE_REF_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   static const float d[4] = { 1.0f, 0.0f, -0.75f, 0.5f };
   glUniform4fv(glGetUniformLocation(p, "d"), 1, d);
   for (unsigned on = 0; on < 2; on++) {
      seamless(on);
      quad(vb);
      check_tol(on ? "shadow edge +X/-Z on" : "shadow edge +X/-Z off",
                S / 2, S / 2, (on ? 64u : 0u) << 24 | 0xff, 2);
   }
   seamless(false);
   glUseProgram(0);
   glDeleteProgram(p);
   glDeleteTextures(1, &tex);
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
   if (!nvgl_has_ext("GL_ARB_seamless_cube_map")) {
      printf("FAIL GL_ARB_seamless_cube_map is not listed\n");
      fails++;
      return nvgl_done();
   }
   if (!nvgl_fbo(GL_RGBA8, S, S))
      return nvgl_done();
   GLuint vb;
   glGenBuffers(1, &vb);

   if (want(argc, argv, "mip"))
      part_mip(vb);
   if (want(argc, argv, "base"))
      part_base(vb);
   if (want(argc, argv, "vertex"))
      part_vertex(vb);
   if (want(argc, argv, "shadow"))
      part_shadow(vb);

   glDeleteBuffers(1, &vb);
   return nvgl_done();
}
