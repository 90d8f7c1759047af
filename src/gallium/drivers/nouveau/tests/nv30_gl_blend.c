/*
 * GL check of separate RGB and alpha blend equations
 * (EXT_blend_equation_separate, core in GL 2.0), written for rankine,
 * whose BLEND_EQUATION holds one equation (nv30_blend_split.c draws such
 * a draw in two passes, and primitive by primitive where depth or
 * stencil writes make later primitives depend on earlier ones).  Blending
 * is ONE, ONE with RGB FUNC_ADD and alpha FUNC_REVERSE_SUBTRACT over a
 * clear of 0x80 everywhere, so each channel's result is worked out by
 * hand from GL 2.1 section 4.1.8:
 *   RGB = 0x80 + source, alpha = 0x80 - source alpha.
 * llvmpipe must agree.
 *   tests/gl/run.sh builds and runs it; by hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv30_gl_blend nv30_gl_blend.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   scripts/nvrun --chip nv30 -- /tmp/nv30_gl_blend
 */
#include "nouveau_gl_util.h"

#define W 64
#define H 64

/* x, y in pixels, z in NDC: the corners of an axis-aligned rectangle as
 * two triangles, counter-clockwise (front-facing) */
static void
rect_tris(float *v, int x0, int y0, int x1, int y1, float z)
{
   const float X0 = x0 * 2.0f / W - 1, X1 = x1 * 2.0f / W - 1;
   const float Y0 = y0 * 2.0f / H - 1, Y1 = y1 * 2.0f / H - 1;
   const float c[6][3] = {
      { X0, Y0, z }, { X1, Y0, z }, { X1, Y1, z },
      { X0, Y0, z }, { X1, Y1, z }, { X0, Y1, z },
   };
   for (int i = 0; i < 6; i++)
      for (int k = 0; k < 3; k++)
         v[i * 3 + k] = c[i][k];
}

static void
draw(GLenum mode, const float *v, int n, const unsigned char *rgba)
{
   glColor4ub(rgba[0], rgba[1], rgba[2], rgba[3]);
   glVertexPointer(3, GL_FLOAT, 0, v);
   glDrawArrays(mode, 0, n);
}

int
main(void)
{
   if (!nvgl_context())
      return 1;

   GLuint fb, rb[2];
   glGenFramebuffersEXT(1, &fb);
   glGenRenderbuffersEXT(2, rb);
   glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb[0]);
   glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA8, W, H);
   glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb[1]);
   glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_DEPTH_COMPONENT24, W, H);
   glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fb);
   glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                GL_RENDERBUFFER_EXT, rb[0]);
   glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT,
                                GL_RENDERBUFFER_EXT, rb[1]);
   if (glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) !=
       GL_FRAMEBUFFER_COMPLETE_EXT) {
      printf("FAIL framebuffer incomplete\n");
      return 1;
   }
   glViewport(0, 0, W, H);
   glClearColor(128 / 255.0f, 128 / 255.0f, 128 / 255.0f, 128 / 255.0f);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnableClientState(GL_VERTEX_ARRAY);

   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_ONE);
   glBlendEquationSeparate(GL_FUNC_ADD, GL_FUNC_REVERSE_SUBTRACT);

   /* 1. no depth or stencil writes: lower left quarter */
   static const unsigned char c1[4] = { 64, 64, 64, 32 };
   float v[4 * 18];
   rect_tris(v, 0, 0, 32, 32, 0.0f);
   draw(GL_TRIANGLES, v, 6, c1);
   check_tol("no writes: RGB added, alpha reverse-subtracted", 16, 16,
             0xc0c0c060, 1);

   /* 2. depth test and writes, one draw of two overlapping rectangles, the
    * far one second: where it is behind the near one it fails the depth
    * test, and neither its RGB nor its alpha may land there */
   static const unsigned char c2[4] = { 32, 32, 32, 16 };
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glDepthMask(GL_TRUE);
   rect_tris(v, 32, 0, 64, 64, -0.5f);        /* near: the whole right half */
   rect_tris(v + 18, 32, 32, 64, 64, 0.5f);   /* far: its upper half */
   GLuint q;
   glGenQueries(1, &q);
   glBeginQuery(GL_SAMPLES_PASSED, q);
   draw(GL_TRIANGLES, v, 12, c2);
   glEndQuery(GL_SAMPLES_PASSED);
   check_tol("depth writes: near rectangle", 48, 16, 0xa0a0a070, 1);
   check_tol("depth writes: far rectangle hidden, alpha too", 48, 48,
             0xa0a0a070, 1);
   GLuint samples = 0;
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &samples);
   check_u("samples passed (counted once)", samples, 32 * 64);

   /* 3. a triangle strip with depth writes and back faces culled: both of
    * its triangles face the viewer (the second one's winding is reversed
    * by the strip rule, GL 2.1 section 2.6.1) */
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   const float s[4 * 3] = {
      -1, 0, 0,   0, 0, 0,   -1, 1, 0,   0, 1, 0,
   };
   draw(GL_TRIANGLE_STRIP, s, 4, c1);
   check_tol("strip: first triangle", 4, 40, 0xc0c0c060, 1);
   check_tol("strip: second triangle", 28, 60, 0xc0c0c060, 1);
   glDisable(GL_CULL_FACE);

   /* 4. only alpha written: one equation, the alpha one */
   glDisable(GL_DEPTH_TEST);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
   rect_tris(v, 0, 0, 16, 16, 0.0f);
   draw(GL_TRIANGLES, v, 6, c1);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   check_tol("alpha only: alpha reverse-subtracted again, RGB kept", 8, 8,
             0xc0c0c040, 1);
   check_tol("alpha only: beside it unchanged", 24, 24, 0xc0c0c060, 1);

   return nvgl_done();
}
