/*
 * GL smoke test of the NV40 driver on nvsim (or a real card): EGL
 * surfaceless + FBO; full and scissored clears, a triangle, a depth-tested
 * pair of quads, a scaled blit, indexed draws (8/16-bit
 * indices, client arrays) and primitive restart, occlusion
 * queries, texturing (2x2 nearest, 3x1 non-power-of-two; sRGB, luminance,
 * alpha and intensity texels; cube map, 3D; mipmap level choice with LOD
 * bias), two colour buffers (MRT), generated mipmaps and base levels
 * above 0.  Expected pixels are worked out by hand
 * from the geometry (pixel centres at +0.5, GL's bottom-left origin).
 * Not built by meson (it links the installed libEGL/libGL):
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv40_gl_smoke nv40_gl_smoke.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   scripts/nvrun --chip nv40 -- /tmp/nv40_gl_smoke      (prints PASSED)
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nouveau_gl_util.h"

int main(int argc, char **argv)
{
   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));

   GLuint fb, rb[2];
   glGenFramebuffers(1, &fb); glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 64, 64);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 64, 64);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   printf("fbo status %x\n", glCheckFramebufferStatus(GL_FRAMEBUFFER));
   glViewport(0, 0, 64, 64);

   /* 1: clear */
   glClearColor(1.0, 0.0, 0.0, 1.0);
   glClear(GL_COLOR_BUFFER_BIT);
   check("clear red", 10, 10, 0xff0000ff);
   /* 2: scissored clear */
   glEnable(GL_SCISSOR_TEST); glScissor(0, 0, 32, 64);
   glClearColor(0.0, 0.0, 1.0, 1.0); glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   check("scissor left blue", 5, 5, 0x0000ffff);
   check("scissor right red", 60, 5, 0xff0000ff);
   if (argc > 1 && !strcmp(argv[1], "clear")) goto out;

   /* 3: a green triangle covering the lower-left half (x + y < 64) */
   glClearColor(0, 0, 0, 1); glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glBegin(GL_TRIANGLES);
   glColor3f(0, 1, 0);
   glVertex2f(-1, -1); glVertex2f(1, -1); glVertex2f(-1, 1);
   glEnd();
   check("triangle inside", 10, 10, 0x00ff00ff);
   check("triangle outside", 60, 60, 0x000000ff);

   /* 4: depth: a far blue quad drawn after a near red quad is hidden */
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST); glDepthFunc(GL_LESS);
   glBegin(GL_QUADS);
   glColor3f(1, 0, 0);
   glVertex3f(-1, -1, -0.5); glVertex3f(0.5, -1, -0.5); glVertex3f(0.5, 0.5, -0.5); glVertex3f(-1, 0.5, -0.5);
   glColor3f(0, 0, 1);
   glVertex3f(-0.5, -0.5, 0.5); glVertex3f(1, -0.5, 0.5); glVertex3f(1, 1, 0.5); glVertex3f(-0.5, 1, 0.5);
   glEnd();
   glDisable(GL_DEPTH_TEST);
   check("depth near red", 5, 5, 0xff0000ff);
   check("depth overlap red", 32, 32, 0xff0000ff);
   check("depth far blue", 60, 60, 0x0000ffff);
   /* 5: scaled blit into a second FBO (CPU path) */
   {
      GLuint fb2, rb2;
      glGenFramebuffers(1, &fb2); glGenRenderbuffers(1, &rb2);
      glBindRenderbuffer(GL_RENDERBUFFER, rb2);
      glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 32, 32);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb2);
      glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb2);
      glBlitFramebuffer(0, 0, 64, 64, 0, 0, 32, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      glBindFramebuffer(GL_FRAMEBUFFER, fb2);
      check("blit near red", 2, 2, 0xff0000ff);
      check("blit far blue", 30, 30, 0x0000ffff);
   }
   /* 6: indexed draws: client arrays, 16-bit (odd count) and 8-bit
    * indices, and a restarted strip */
   {
      static const GLfloat v[] = { -1,-1, 0,-1, 0,0, -1,0,   0,0, 1,0, 1,1, 0,1 };
      static const GLushort i16[] = { 0, 1, 2 };        /* lower-left tri */
      static const GLubyte i8[] = { 4, 5, 6, 4, 6, 7 }; /* upper-right quad */
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glClearColor(0, 0, 0, 1); glClear(GL_COLOR_BUFFER_BIT);
      glEnableClientState(GL_VERTEX_ARRAY);
      glVertexPointer(2, GL_FLOAT, 0, v);
      glColor3f(1, 1, 0);
      glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, i16);
      glColor3f(0, 1, 1);
      glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, i8);
      check("u16 tri", 24, 8, 0xffff00ff);     /* below y = x: inside */
      check("u16 tri outside", 8, 24, 0x000000ff); /* above y = x */
      check("u8 quad", 48, 48, 0x00ffffff);
      check("untouched", 48, 16, 0x000000ff);
      /* strip 0,1,3 | restart | 4,5,7: two triangles, nothing between */
      static const GLuint strip[] = { 0, 1, 3, 0xffff, 4, 5, 7 };
      glClear(GL_COLOR_BUFFER_BIT);
      glEnableClientState(GL_PRIMITIVE_RESTART_NV); glPrimitiveRestartIndexNV(0xffff);
      glColor3f(1, 0, 1);
      glDrawElements(GL_TRIANGLE_STRIP, 7, GL_UNSIGNED_INT, strip);
      glDisableClientState(GL_PRIMITIVE_RESTART_NV);
      glDisableClientState(GL_VERTEX_ARRAY);
      check("restart first", 4, 4, 0xff00ffff);
      check("restart second", 36, 36, 0xff00ffff);
      check("restart gap", 28, 36, 0x000000ff);
      check("restart gap2", 20, 44, 0x000000ff);
      check("restart gap3", 44, 20, 0x000000ff);
      printf("GL error after indexed %x\n", glGetError());
   }
   /* 7: occlusion query: the 32x32 lower-left quad (x, y in [-1, 0])
    * covers 32 * 32 = 1024 samples; a quad behind the depth buffer none */
   {
      GLuint q; GLuint n = 12345;
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      glGenQueries(1, &q);
      glBeginQuery(GL_SAMPLES_PASSED, q);
      glBegin(GL_QUADS); glColor3f(1, 1, 1);
      glVertex2f(-1, -1); glVertex2f(0, -1); glVertex2f(0, 0); glVertex2f(-1, 0);
      glEnd();
      glEndQuery(GL_SAMPLES_PASSED);
      glGetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
      if (n != 1024) { printf("FAIL query: %u samples, want 1024\n", n); fails++; }
      else printf("ok   query 1024 samples\n");
      glEnable(GL_DEPTH_TEST); glDepthFunc(GL_LESS);
      glClearDepth(0.0); glClear(GL_DEPTH_BUFFER_BIT); glClearDepth(1.0);
      glBeginQuery(GL_SAMPLES_PASSED, q);
      glBegin(GL_QUADS);
      glVertex2f(-1, -1); glVertex2f(0, -1); glVertex2f(0, 0); glVertex2f(-1, 0);
      glEnd();
      glEndQuery(GL_SAMPLES_PASSED);
      glDisable(GL_DEPTH_TEST);
      glGetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
      if (n != 0) { printf("FAIL hidden query: %u samples, want 0\n", n); fails++; }
      else printf("ok   hidden query 0 samples\n");
      /* a clear is no rendering command: it counts no samples, even when
       * a colour mask makes st/mesa clear with a quad */
      glBeginQuery(GL_SAMPLES_PASSED, q);
      glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
      glClear(GL_COLOR_BUFFER_BIT);
      glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
      glEndQuery(GL_SAMPLES_PASSED);
      glGetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
      if (n != 0) { printf("FAIL masked clear query: %u samples, want 0\n", n); fails++; }
      else printf("ok   masked clear query 0 samples\n");
   }
   /* 8: texturing: a 2x2 texture (red, green / blue, white), nearest,
    * on a full-target quad: each quadrant shows one texel; then a 3x1
    * (non-power-of-two) texture stretched over the width. */
   {
      static const GLubyte texels[] = { 255,0,0,255,  0,255,0,255,
                                        0,0,255,255,  255,255,255,255 };
      static const GLubyte npot[] = { 255,0,0,255, 0,255,0,255, 0,0,255,255 };
      GLuint tex;
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glGenTextures(1, &tex); glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glEnable(GL_TEXTURE_2D);
      glColor3f(1, 1, 1);
      glBegin(GL_QUADS);
      glTexCoord2f(0, 0); glVertex2f(-1, -1); glTexCoord2f(1, 0); glVertex2f(1, -1);
      glTexCoord2f(1, 1); glVertex2f(1, 1); glTexCoord2f(0, 1); glVertex2f(-1, 1);
      glEnd();
      check("texel bottom-left red", 10, 10, 0xff0000ff);
      check("texel bottom-right green", 50, 10, 0x00ff00ff);
      check("texel top-left blue", 10, 50, 0x0000ffff);
      check("texel top-right white", 50, 50, 0xffffffff);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 3, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, npot);
      glBegin(GL_QUADS);
      glTexCoord2f(0, 0); glVertex2f(-1, -1); glTexCoord2f(1, 0); glVertex2f(1, -1);
      glTexCoord2f(1, 1); glVertex2f(1, 1); glTexCoord2f(0, 1); glVertex2f(-1, 1);
      glEnd();
      glDisable(GL_TEXTURE_2D);
      check("npot left red", 5, 30, 0xff0000ff);
      check("npot middle green", 32, 30, 0x00ff00ff);
      check("npot right blue", 60, 30, 0x0000ffff);
   }
   /* 9: texel formats other than RGBA8: each a 1x1 texture on a
    * full-target quad, modulated by white (GL_MODULATE), so the pixel is
    * the texel as GL 2.1's table 3.20 expands it to RGBA.  sRGB: the
    * colour channels are decoded with EXT_texture_sRGB's formula, alpha
    * is not: 0x80 -> 255 * ((128/255 + 0.055) / 1.055)^2.4 = 55.04 -> 0x37,
    * 0x40 -> 13.07 -> 0x0d, 0xff -> 0xff. */
   {
      static const struct {
         const char *what;
         GLenum internal, format;
         GLubyte texel[4];
         unsigned want;
      } fmts[] = {
         { "srgb8_alpha8", GL_SRGB8_ALPHA8, GL_RGBA, { 0x80, 0x40, 0xff, 0x80 }, 0x370dff80 },
         { "srgb8", GL_SRGB8, GL_RGB, { 0x40, 0xff, 0x80 }, 0x0dff37ff },
         { "sluminance8", GL_SLUMINANCE8, GL_LUMINANCE, { 0x80 }, 0x373737ff },
         { "luminance8", GL_LUMINANCE8, GL_LUMINANCE, { 0x60 }, 0x606060ff },
         { "alpha8", GL_ALPHA8, GL_ALPHA, { 0x60 }, 0xffffff60 },
         { "intensity8", GL_INTENSITY8, GL_LUMINANCE, { 0x60 }, 0x60606060 },
         { "luminance8_alpha8", GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA,
           { 0x30, 0xa0 }, 0x303030a0 },
      };
      GLuint tex;
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glGenTextures(1, &tex); glBindTexture(GL_TEXTURE_2D, tex);
      glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glEnable(GL_TEXTURE_2D);
      glColor4f(1, 1, 1, 1);
      for (unsigned i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
         glTexImage2D(GL_TEXTURE_2D, 0, fmts[i].internal, 1, 1, 0, fmts[i].format,
                      GL_UNSIGNED_BYTE, fmts[i].texel);
         glBegin(GL_QUADS);
         glTexCoord2f(0, 0); glVertex2f(-1, -1); glTexCoord2f(1, 0); glVertex2f(1, -1);
         glTexCoord2f(1, 1); glVertex2f(1, 1); glTexCoord2f(0, 1); glVertex2f(-1, 1);
         glEnd();
         check(fmts[i].what, 32, 32, fmts[i].want);
      }
      glDisable(GL_TEXTURE_2D);
   }
   /* 10: a cube map (one colour per face, the direction (1, 0, 0) picks
    * face +X, (0, 0, -1) face -Z: GL 2.1 table 3.21) and a 1x1x2 3D
    * texture (r = 0.25 is slice 0, r = 0.75 slice 1, nearest). */
   {
      static const GLubyte faces[6][4] = {
         { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 },
         { 255, 255, 0, 255 }, { 0, 255, 255, 255 }, { 255, 0, 255, 255 },
      };
      static const GLubyte slices[2][4] = { { 255, 0, 0, 255 }, { 0, 0, 255, 255 } };
      static const struct { GLfloat s, t, r; unsigned want; const char *what; } cube[] = {
         { 1, 0, 0, 0xff0000ff, "cube +x" }, { 0, 0, -1, 0xff00ffff, "cube -z" },
      };
      GLuint tex[2];
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glGenTextures(2, tex);
      glBindTexture(GL_TEXTURE_CUBE_MAP, tex[0]);
      for (unsigned f = 0; f < 6; f++)
         glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 1, 1, 0,
                      GL_RGBA, GL_UNSIGNED_BYTE, faces[f]);
      glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glEnable(GL_TEXTURE_CUBE_MAP);
      for (unsigned i = 0; i < 2; i++) {
         glBegin(GL_QUADS);
         glTexCoord3f(cube[i].s, cube[i].t, cube[i].r);
         glVertex2f(-1, -1); glVertex2f(1, -1); glVertex2f(1, 1); glVertex2f(-1, 1);
         glEnd();
         check(cube[i].what, 32, 32, cube[i].want);
      }
      glDisable(GL_TEXTURE_CUBE_MAP);
      glBindTexture(GL_TEXTURE_3D, tex[1]);
      glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 1, 1, 2, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, slices);
      glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glEnable(GL_TEXTURE_3D);
      for (unsigned i = 0; i < 2; i++) {
         glBegin(GL_QUADS);
         glTexCoord3f(0.5f, 0.5f, i ? 0.75f : 0.25f);
         glVertex2f(-1, -1); glVertex2f(1, -1); glVertex2f(1, 1); glVertex2f(-1, 1);
         glEnd();
         check(i ? "3d slice 1" : "3d slice 0", 32, 32, i ? 0x0000ffff : 0xff0000ff);
      }
      glDisable(GL_TEXTURE_3D);
   }
   /* 11: mipmap level choice: a 256x256 texture with all 9 levels, level
    * L one colour, NEAREST_MIPMAP_NEAREST, on the 64x64 target.  With
    * texture coordinates 0..1, 4 texels per pixel: LOD 2; a LOD bias of
    * 1: level 3; coordinates 0..64 (REPEAT), 256 texels per pixel: LOD 8,
    * the 1x1 level (GL 2.1 section 3.8.8). */
   {
      static const unsigned colors[9] = {
         0xff0000ff, 0x00ff00ff, 0x0000ffff, 0xffff00ff, 0xff00ffff,
         0x00ffffff, 0xffffffff, 0x808080ff, 0x400080ff,
      };
      static const struct { float s1, bias; unsigned level; } draws[] = {
         { 1, 0, 2 }, { 1, 1, 3 }, { 64, 0, 8 },
      };
      static GLubyte texels[256 * 256 * 4];
      GLuint tex;
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glGenTextures(1, &tex); glBindTexture(GL_TEXTURE_2D, tex);
      for (unsigned l = 0, dim = 256; l < 9; l++, dim /= 2) {
         for (unsigned i = 0; i < dim * dim; i++) {
            texels[4 * i + 0] = colors[l] >> 24;
            texels[4 * i + 1] = colors[l] >> 16;
            texels[4 * i + 2] = colors[l] >> 8;
            texels[4 * i + 3] = colors[l];
         }
         glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, dim, dim, 0, GL_RGBA,
                      GL_UNSIGNED_BYTE, texels);
      }
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glEnable(GL_TEXTURE_2D);
      glColor4f(1, 1, 1, 1);
      for (unsigned i = 0; i < 3; i++) {
         char what[32];
         glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, draws[i].bias);
         glBegin(GL_QUADS);
         glTexCoord2f(0, 0); glVertex2f(-1, -1);
         glTexCoord2f(draws[i].s1, 0); glVertex2f(1, -1);
         glTexCoord2f(draws[i].s1, draws[i].s1); glVertex2f(1, 1);
         glTexCoord2f(0, draws[i].s1); glVertex2f(-1, 1);
         glEnd();
         snprintf(what, sizeof(what), "mip level %u", draws[i].level);
         check(what, 32, 32, colors[draws[i].level]);
      }
      glDisable(GL_TEXTURE_2D);
   }
   /* 12: two colour buffers (MRT): gl_FragData[i] goes to buffer i, and
    * gl_FragColor to both (GL 2.1 section 3.11.2, "Shader Outputs"). */
   {
      static const char *vs_src =
         "void main() { gl_Position = gl_Vertex; }";
      static const char *fs_data =
         "void main() { gl_FragData[0] = vec4(1.0, 0.0, 0.0, 1.0);\n"
         "              gl_FragData[1] = vec4(0.0, 1.0, 0.0, 1.0); }";
      static const char *fs_color =
         "void main() { gl_FragColor = vec4(0.0, 0.0, 1.0, 1.0); }";
      static const GLenum bufs[] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
      const char *fs_src[] = { fs_data, fs_color };
      const unsigned want[2][2] = { { 0xff0000ff, 0x00ff00ff },
                                    { 0x0000ffff, 0x0000ffff } };
      GLint max_bufs = 0;
      GLuint mfb, mrb[2];

      glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_bufs);
      if (max_bufs < 2) {
         printf("FAIL GL_MAX_DRAW_BUFFERS %d, want 4 on NV40\n", max_bufs);
         fails++;
         goto out;
      }
      glGenFramebuffers(1, &mfb); glGenRenderbuffers(2, mrb);
      glBindFramebuffer(GL_FRAMEBUFFER, mfb);
      for (unsigned i = 0; i < 2; i++) {
         glBindRenderbuffer(GL_RENDERBUFFER, mrb[i]);
         glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 64, 64);
         glFramebufferRenderbuffer(GL_FRAMEBUFFER, bufs[i], GL_RENDERBUFFER, mrb[i]);
      }
      glDrawBuffers(2, bufs);
      for (unsigned p = 0; p < 2; p++) {
         GLuint prog = glCreateProgram();
         GLuint vs = glCreateShader(GL_VERTEX_SHADER);
         GLuint fs = glCreateShader(GL_FRAGMENT_SHADER);
         glShaderSource(vs, 1, &vs_src, NULL); glCompileShader(vs);
         glShaderSource(fs, 1, &fs_src[p], NULL); glCompileShader(fs);
         glAttachShader(prog, vs); glAttachShader(prog, fs);
         glLinkProgram(prog); glUseProgram(prog);
         glClearColor(0, 0, 0, 1); glClear(GL_COLOR_BUFFER_BIT);
         glBegin(GL_QUADS);
         glVertex2f(-1, -1); glVertex2f(1, -1); glVertex2f(1, 1); glVertex2f(-1, 1);
         glEnd();
         glUseProgram(0);
         for (unsigned b = 0; b < 2; b++) {
            char what[64];
            snprintf(what, sizeof(what), "mrt %s buffer %u",
                     p ? "gl_FragColor" : "gl_FragData", b);
            glReadBuffer(bufs[b]);
            check(what, 32, 32, want[p][b]);
         }
      }
      glReadBuffer(GL_COLOR_ATTACHMENT0);
   }
   /* 13: a base level above 0.  glGenerateMipmap's 1x1 level of the 2x2
    * texture (red, green / blue, white) is the box filter's average,
    * 127.5 in red, green and blue (either rounding), 255 in alpha.  A cube
    * map with BASE_LEVEL 1 and a filter without mipmaps samples level 1
    * (GL 2.1 section 3.8.8: level_base for NEAREST), here green on every
    * face where level 0 is red. */
   {
      static const GLubyte texels[4][4] = {
         { 255, 0, 0, 255 }, { 0, 255, 0, 255 },
         { 0, 0, 255, 255 }, { 255, 255, 255, 255 },
      };
      static const GLubyte red[4][4] = {
         { 255, 0, 0, 255 }, { 255, 0, 0, 255 },
         { 255, 0, 0, 255 }, { 255, 0, 0, 255 },
      };
      static const GLubyte green[4] = { 0, 255, 0, 255 };
      GLuint tex[2];
      unsigned char px[4];
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glGenTextures(2, tex);
      glBindTexture(GL_TEXTURE_2D, tex[0]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, texels);
      glGenerateMipmap(GL_TEXTURE_2D);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glEnable(GL_TEXTURE_2D);
      glBegin(GL_QUADS);
      glTexCoord2f(0.5f, 0.5f);
      glVertex2f(-1, -1); glVertex2f(1, -1); glVertex2f(1, 1); glVertex2f(-1, 1);
      glEnd();
      glDisable(GL_TEXTURE_2D);
      glReadPixels(32, 32, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      if (px[0] < 127 || px[0] > 128 || px[1] < 127 || px[1] > 128 ||
          px[2] < 127 || px[2] > 128 || px[3] != 255) {
         printf("FAIL generated 1x1 level: %u %u %u %u, want 127.5 x3, 255\n",
                px[0], px[1], px[2], px[3]);
         fails++;
      } else {
         printf("ok   generated 1x1 level %u %u %u %u\n", px[0], px[1], px[2], px[3]);
      }
      glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
      for (unsigned f = 0; f < 6; f++) {
         glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 2, 2, 0,
                      GL_RGBA, GL_UNSIGNED_BYTE, red);
         glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 1, GL_RGBA8, 1, 1, 0,
                      GL_RGBA, GL_UNSIGNED_BYTE, green);
      }
      glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_BASE_LEVEL, 1);
      glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glEnable(GL_TEXTURE_CUBE_MAP);
      for (unsigned i = 0; i < 2; i++) {
         glBegin(GL_QUADS);
         glTexCoord3f(i ? 0 : 1, 0, i ? -1 : 0);
         glVertex2f(-1, -1); glVertex2f(1, -1); glVertex2f(1, 1); glVertex2f(-1, 1);
         glEnd();
         check(i ? "cube base level 1 -z" : "cube base level 1 +x", 32, 32,
               0x00ff00ff);
      }
      glDisable(GL_TEXTURE_CUBE_MAP);
   }
out:
   printf("GL error %x\n", glGetError());
   printf("%s\n", fails ? "FAILED" : "PASSED");
   return fails ? 1 : 0;
}
