/*
 * Multisampling on the Tesla driver (issue 11; GL 3.0 wants MAX_SAMPLES
 * >= 4): 16x16 RGBA8 renderbuffers of 4 samples, drawn in window
 * coordinates (a pixel is 1x1, x = 0..16 across the viewport), resolved
 * by glBlitFramebuffer into a single-sampled FBO and read back.
 *
 * The 4 samples: G80's 2X2 (envytools-docs g80-surface.rst, hwdb
 * G80_MS_SAMPLE_2X2_*) lie at (6,2) (14,6) (2,10) (10,14) / 16 from the
 * pixel's corner, samples 0..3; llvmpipe's 4 (lp_rast.h's standard
 * pattern) are the same points in the same order.  The x values are
 * {2, 6, 10, 14} / 16 and so are the y values, whichever way y runs in
 * the pixel, so an axis-aligned edge at a quarter leaves a count of
 * samples that needs no orientation:
 *
 *  fbo    white rectangles from x = 0 to 10.25, 10.5, 10.75, 11 on black:
 *         column 10 keeps the samples with x < 4, 8, 12, 16 (/16):
 *         1, 2, 3, 4 of 4 -> 255 * k / 4 = 63.75, 127.5, 191.25, 255
 *         (+-1: GL leaves the resolve's rounding open); column 9 is 255,
 *         column 11 0.  A corner: x < 10.75 and y < 9.25 leaves in pixel
 *         (10, 9) the samples with x < 12 and y < 4 from the bottom:
 *         (6,2) only, or from the top (10,2) only (y mirrored): 1 of 4.
 *  depth  a 4-sample DEPTH24_STENCIL8 buffer too: red at depth 0.25 to
 *         x = 10.5, then green at 0.75 over everything under LESS:
 *         column 10 keeps red in samples 0 and 2 (x 6, 2), green in 1
 *         and 3: (127.5, 127.5, 0, 255); column 9 red, 11 green.
 *  mask   GL_SAMPLE_COVERAGE 0.5 (st/mesa's sample mask: the lowest
 *         round(0.5 * 4) = 2 bits, samples 0 and 1 -> MSAA_MASK 0x3): a
 *         full pixel keeps 2 of 4 (127.5); the rectangle to x = 10.5
 *         keeps in column 10 sample 0 only (x 6: sample 1 is at x 14):
 *         63.75.  Inverted (samples 2, 3): column 10 keeps sample 2
 *         (x 2): 63.75, column 9 2 of 4.
 *  copy   the fbo part's edges blitted 1:1 into a second 4-sample FBO
 *         (GL 3.0 4.3.2: same sample count, same rectangle), that one
 *         resolved: the same 1, 2, 3 of 4; and on ours a G80_2D copy of
 *         the stored surfaces.  That resolved image blitted back into
 *         the second one (cleared red) fills every sample (desktop GL
 *         lets a single-sampled source be blitted into a multisampled
 *         framebuffer): resolved again, the same values, no red.
 *  counts 2 and 8 samples where GL_MAX_SAMPLES has them (not llvmpipe:
 *         4 is its most; the part says so and checks nothing there):
 *         G80's 2X1 at x = 4, 12 (/16) and 4X2 at x = 1, 5, 3, 7, 9, 15,
 *         11, 13 (G80_MS_SAMPLE_2X1_*, _4X2_*): the edge x = 10.5 keeps
 *         1 of 2 and 4 of 8 (127.5), x = 10.25 0 of 2 and 2 of 8 (x 1
 *         and 3: 63.75); GL_SAMPLES must be the count asked (GL allows
 *         the next a driver has: llvmpipe makes 2 into 4, so the part
 *         runs only where GL_MAX_SAMPLES is 8; ours has both).
 *
 *  texms  (GL 3.0 / GLSL 1.30 overrides, ARB_texture_multisample) a
 *         4-sample RGBA8 texture (glTexImage2DMultisample) drawn white to
 *         x = 10.5 under glSampleMaski(0, 0x3) (GL_SAMPLE_MASK: samples
 *         0 and 1 only), then read per sample by texelFetch on a
 *         sampler2DMS into a single-sampled target, sample i into
 *         component i: column 9 (255, 255, 0, 0), column 10 (sample 0 at
 *         x 6 covered, 1 at x 14 not, 2 and 3 masked) (255, 0, 0, 0),
 *         column 11 0; textureSize 16 x 16, GL_TEXTURE_SAMPLES 4; a
 *         sample index from a uniform (0, then 1): column 10 white, then
 *         black (column 9 white); GL_SAMPLE_POSITION of each sample
 *         (get_sample_position) is the table's, x * 100 + y in 1/16;
 *         textureSamples 4.
 *
 * Fails before nv50_msaa.c: no sample count but 1 (GL_MAX_SAMPLES 0,
 * the framebuffers incomplete).
 * Built and run by tests/gl/run.sh (g80, gt215, llvmpipe):
 *   scripts/nvrun --chip g80 -- build/gltests/nv50_gl_msaa [part...]
 */
#include <stdlib.h>
#include <string.h>

#include "nouveau_gl_util.h"

#define S 16
#define NS 4

static GLuint prog;
static GLint col_loc, z_loc;

static void
program(void)
{
   prog = nvgl_program("#version 120\n"
                       "attribute vec2 pos;\n"
                       "uniform float z;\n"
                       "void main() { gl_Position = vec4(pos / 8.0 - 1.0, z, 1.0); }\n",
                       "#version 120\n"
                       "uniform vec4 col;\n"
                       "void main() { gl_FragColor = col; }\n",
                       "pos", NULL);
   glUseProgram(prog);
   col_loc = glGetUniformLocation(prog, "col");
   z_loc = glGetUniformLocation(prog, "z");
}

/* a rectangle in window coordinates (pos / 8 - 1 is exact for these) */
static void
rect(float x0, float y0, float x1, float y1, float z, unsigned rgba)
{
   const float v[] = { x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1 };
   static GLuint vb;
   if (!vb)
      glGenBuffers(1, &vb);
   GLint cur = 0;
   /* the colour and depth of the plain program (texms draws with its
    * own) */
   glGetIntegerv(GL_CURRENT_PROGRAM, &cur);
   if ((GLuint)cur == prog) {
      glUniform4f(col_loc, (rgba >> 24) / 255.0f,
                  ((rgba >> 16) & 0xff) / 255.0f,
                  ((rgba >> 8) & 0xff) / 255.0f, (rgba & 0xff) / 255.0f);
      glUniform1f(z_loc, z);
   }
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

static GLsizei ns = NS;

static GLuint
renderbuffer(GLenum fmt, GLsizei samples)
{
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, fmt, S, S);
   return rb;
}

/* a multisampled FBO (colour, and depth/stencil when asked) and the
 * single-sampled one it resolves into; the multisampled one is bound */
static bool
fbos(bool depth, GLuint *ms, GLuint *ss)
{
   GLint samples = 0;

   glGenFramebuffers(1, ss);
   glBindFramebuffer(GL_FRAMEBUFFER, *ss);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, renderbuffer(GL_RGBA8, 0));
   glGenFramebuffers(1, ms);
   glBindFramebuffer(GL_FRAMEBUFFER, *ms);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, renderbuffer(GL_RGBA8, ns));
   if (depth)
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                GL_RENDERBUFFER,
                                renderbuffer(GL_DEPTH24_STENCIL8, ns));
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL multisampled framebuffer incomplete\n");
      fails++;
      return false;
   }
   glGetIntegerv(GL_SAMPLES, &samples);
   check_u("GL_SAMPLES of the FBO", samples, ns);
   glViewport(0, 0, S, S);
   glClearColor(0, 0, 0, 0);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | (depth ? GL_DEPTH_BUFFER_BIT : 0));
   return samples == ns;
}

static void
resolve(GLuint ms, GLuint ss)
{
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss);
   glBlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebuffer(GL_FRAMEBUFFER, ss);
}

/* k of 4 samples white on black */
static unsigned
grey(int k)
{
   unsigned v = (255 * k + 2) / 4;
   return v << 24 | v << 16 | v << 8 | v;
}

static void
test_fbo(void)
{
   GLuint ms, ss;
   static const char *what[4] = {
      "edge x=10.25: 1 of 4", "edge x=10.5: 2 of 4", "edge x=10.75: 3 of 4",
      "edge x=11: 4 of 4",
   };

   if (!fbos(false, &ms, &ss))
      return;
   for (int k = 1; k <= 4; k++)
      rect(0, 2 * (k - 1), 10 + k / 4.0f, 2 * k, 0, 0xffffffff);
   rect(0, 8, 10.75f, 9.25f, 0, 0xffffffff);
   resolve(ms, ss);
   for (int k = 1; k <= 4; k++) {
      check_tol(what[k - 1], 10, 2 * (k - 1), grey(k), 1);
      check_tol(what[k - 1], 10, 2 * k - 1, grey(k), 1);
      check("inside", 9, 2 * (k - 1), 0xffffffff);
      check("outside", 11, 2 * (k - 1), 0);
   }
   check_tol("corner x<10.75 y<9.25: 1 of 4", 10, 9, grey(1), 1);
   check_tol("corner's row below: 3 of 4", 10, 8, grey(3), 1);
   check_tol("edge y=9.25: 1 of 4", 9, 9, grey(1), 1);
   check("above the corner", 9, 10, 0);
}

static void
test_copy(void)
{
   GLuint ms, ss, ms2, ss2;

   if (!fbos(false, &ms, &ss))
      return;
   for (int k = 1; k <= 3; k++)
      rect(0, 2 * (k - 1), 10 + k / 4.0f, 2 * k, 0, 0xffffffff);
   if (!fbos(false, &ms2, &ss2))
      return;
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ms2);
   glBlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   resolve(ms2, ss2);
   for (int k = 1; k <= 3; k++) {
      check_tol("copied edge", 10, 2 * k - 1, grey(k), 1);
      check("copied inside", 9, 2 * k - 1, 0xffffffff);
      check("copied outside", 11, 2 * k - 1, 0);
   }
   /* upsampling: that resolved image into every sample of the second
    * FBO, cleared red first, resolved again into the first one's */
   glBindFramebuffer(GL_FRAMEBUFFER, ms2);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glClearColor(0, 0, 0, 0);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ss2);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ms2);
   glBlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   resolve(ms2, ss);
   for (int k = 1; k <= 3; k++) {
      check_tol("upsampled edge", 10, 2 * k - 1, grey(k), 1);
      check("upsampled outside", 11, 2 * k - 1, 0);
   }
}

static void
test_depth(void)
{
   GLuint ms, ss;

   if (!fbos(true, &ms, &ss))
      return;
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   /* z -0.5 -> depth 0.25, z 0.5 -> 0.75 */
   rect(0, 0, 10.5f, S, -0.5f, 0xff0000ff);
   rect(0, 0, S, S, 0.5f, 0x00ff00ff);
   glDisable(GL_DEPTH_TEST);
   resolve(ms, ss);
   check("near red", 9, 3, 0xff0000ff);
   check_tol("red in samples 0, 2, green in 1, 3", 10, 3, 0x808000ff, 1);
   check("far green", 11, 3, 0x00ff00ff);
}

static void
test_mask(void)
{
   GLuint ms, ss;

   if (!fbos(false, &ms, &ss))
      return;
   glEnable(GL_SAMPLE_COVERAGE);
   glSampleCoverage(0.5f, GL_FALSE);
   rect(0, 0, S, 2, 0, 0xffffffff);
   rect(0, 2, 10.5f, 4, 0, 0xffffffff);
   glSampleCoverage(0.5f, GL_TRUE);
   rect(0, 4, 10.5f, 6, 0, 0xffffffff);
   glDisable(GL_SAMPLE_COVERAGE);
   resolve(ms, ss);
   check_tol("coverage 0.5: samples 0, 1", 5, 0, grey(2), 1);
   check_tol("coverage 0.5, edge x=10.5: sample 0", 10, 2, grey(1), 1);
   check_tol("coverage 0.5 inverted: samples 2, 3", 9, 4, grey(2), 1);
   check_tol("inverted, edge x=10.5: sample 2", 10, 4, grey(1), 1);
   check("outside", 11, 4, 0);
}

static GLuint
texms_program(const char *fs)
{
   GLuint p = nvgl_program("#version 130\n"
                           "in vec2 pos;\n"
                           "void main() { gl_Position = vec4(pos / 8.0 - 1.0, 0.0, 1.0); }\n",
                           fs, "pos", NULL);
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   return p;
}

static void
test_texms(void)
{
   GLuint tex, ms, ss;
   GLint samples = 0;

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
   glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, NS, GL_RGBA8, S, S,
                           GL_TRUE);
   glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES,
                            &samples);
   check_u("GL_TEXTURE_SAMPLES", samples, NS);
   glGenFramebuffers(1, &ms);
   glBindFramebuffer(GL_FRAMEBUFFER, ms);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D_MULTISAMPLE, tex, 0);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL multisampled texture framebuffer incomplete\n");
      fails++;
      return;
   }
   /* GL_SAMPLE_POSITION (get_sample_position): the 2X2 places of
    * G80_MS_SAMPLE_2X2_0..3 in 1/16 pixel, llvmpipe's the same */
   static const int pos[NS][2] = { { 6, 2 }, { 14, 6 }, { 2, 10 }, { 10, 14 } };
   for (int i = 0; i < NS; i++) {
      GLfloat v[2] = { -1, -1 };
      char what[48];
      glGetMultisamplefv(GL_SAMPLE_POSITION, i, v);
      snprintf(what, sizeof(what), "sample %d position x, y (1/16)", i);
      check_u(what, (unsigned)(v[0] * 16) * 100 + (unsigned)(v[1] * 16),
              pos[i][0] * 100 + pos[i][1]);
   }
   glViewport(0, 0, S, S);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(prog);
   glEnable(GL_SAMPLE_MASK);
   glSampleMaski(0, 0x3);
   rect(0, 0, 10.5f, S, 0, 0xffffffff);
   glDisable(GL_SAMPLE_MASK);

   glGenFramebuffers(1, &ss);
   glBindFramebuffer(GL_FRAMEBUFFER, ss);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, renderbuffer(GL_RGBA8, 0));
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint p = texms_program(
      "#version 130\n"
      "#extension GL_ARB_texture_multisample : require\n"
      "uniform sampler2DMS t;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_FragCoord.xy);\n"
      "   c = vec4(texelFetch(t, p, 0).r, texelFetch(t, p, 1).r,\n"
      "            texelFetch(t, p, 2).r, texelFetch(t, p, 3).r);\n"
      "}\n");
   rect(0, 0, S, 4, 0, 0);
   glDeleteProgram(p);
   p = texms_program(
      "#version 130\n"
      "#extension GL_ARB_texture_multisample : require\n"
      "uniform sampler2DMS t;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   ivec2 s = textureSize(t);\n"
      "   c = vec4(s.x == 16 ? 1.0 : 0.0, s.y == 16 ? 1.0 : 0.0,\n"
      "            float(s.x) / 255.0, float(s.y) / 255.0);\n"
      "}\n");
   rect(0, 4, S, 6, 0, 0);
   glDeleteProgram(p);
   /* a sample index only known when drawn (a uniform) */
   p = texms_program(
      "#version 130\n"
      "#extension GL_ARB_texture_multisample : require\n"
      "uniform sampler2DMS t;\n"
      "uniform int si;\n"
      "out vec4 c;\n"
      "void main() { c = texelFetch(t, ivec2(gl_FragCoord.xy), si); }\n");
   glUniform1i(glGetUniformLocation(p, "si"), 0);
   rect(0, 6, S, 8, 0, 0);
   glUniform1i(glGetUniformLocation(p, "si"), 1);
   rect(0, 8, S, 10, 0, 0);
   glDeleteProgram(p);
   /* textureSamples (ARB_shader_texture_image_samples) */
   p = texms_program(
      "#version 130\n"
      "#extension GL_ARB_texture_multisample : require\n"
      "#extension GL_ARB_shader_texture_image_samples : require\n"
      "uniform sampler2DMS t;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   int n = textureSamples(t);\n"
      "   c = vec4(n == 4 ? 1.0 : 0.0, float(n) / 255.0, 0.0, 1.0);\n"
      "}\n");
   rect(0, 10, S, 12, 0, 0);
   glDeleteProgram(p);
   glUseProgram(prog);
   check("samples 0, 1 covered", 9, 1, 0xffff0000);
   check("sample 0 covered (x 6 < 8), 1 not (x 14)", 10, 1, 0xff000000);
   check("none", 11, 1, 0);
   check("textureSize 16 x 16", 3, 5, 0xffff1010);
   check("uniform sample 0 at column 10", 10, 7, 0xffffffff);
   check("uniform sample 1 at column 10", 10, 9, 0);
   check("uniform sample 1 at column 9", 9, 9, 0xffffffff);
   check("textureSamples 4", 3, 11, 0xff0400ff);
}

static void
test_counts(void)
{
   static const struct {
      int samples, k_half, k_quarter;
   } c[] = { { 2, 1, 0 }, { 8, 4, 2 } };
   GLint max = 0;

   glGetIntegerv(GL_MAX_SAMPLES, &max);
   for (unsigned i = 0; i < 2; i++) {
      GLuint ms, ss;
      char what[64];
      if (max < 8) {
         printf("skip %d samples: GL_MAX_SAMPLES %d\n", c[i].samples, max);
         continue;
      }
      ns = c[i].samples;
      if (!fbos(false, &ms, &ss))
         break;
      rect(0, 0, 10.5f, 2, 0, 0xffffffff);
      rect(0, 2, 10.25f, 4, 0, 0xffffffff);
      resolve(ms, ss);
      unsigned v = (255 * c[i].k_half * 8 / ns + 4) / 8;
      snprintf(what, sizeof(what), "%d samples, edge x=10.5: %d", ns,
               c[i].k_half);
      check_tol(what, 10, 0, v << 24 | v << 16 | v << 8 | v, 1);
      v = (255 * c[i].k_quarter * 8 / ns + 4) / 8;
      snprintf(what, sizeof(what), "%d samples, edge x=10.25: %d", ns,
               c[i].k_quarter);
      check_tol(what, 10, 2, v << 24 | v << 16 | v << 8 | v, 1);
      check("inside", 9, 2, 0xffffffff);
   }
   ns = NS;
}

int
main(int argc, char **argv)
{
   static const struct {
      const char *name;
      void (*run)(void);
   } parts[] = {
      { "fbo", test_fbo },
      { "copy", test_copy },
      { "depth", test_depth },
      { "mask", test_mask },
      { "counts", test_counts },
      { "texms", test_texms },
   };
   GLint max = 0;

   if (!nvgl_context())
      return 1;
   glGetIntegerv(GL_MAX_SAMPLES, &max);
   if (max < NS) {
      printf("FAIL GL_MAX_SAMPLES %d, GL 3.0 wants 4\n", max);
      fails++;
      return nvgl_done();
   }
   printf("ok   GL_MAX_SAMPLES %d\n", max);
   program();
   for (unsigned i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
      /* texms needs GLSL 1.30 (its run.sh line has the overrides) */
      bool run = argc < 2 && strcmp(parts[i].name, "texms");
      for (int a = 1; a < argc; a++)
         run |= !strcmp(argv[a], parts[i].name);
      if (run) {
         printf("-- %s\n", parts[i].name);
         parts[i].run();
      }
   }
   return nvgl_done();
}
