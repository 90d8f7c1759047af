/*
 * Sampling stencil on the Tesla driver (issue 11): ARB_stencil_texturing
 * (DEPTH_STENCIL_TEXTURE_MODE STENCIL_INDEX: GL 4.3 8.10 and 8.22, the
 * stencil index read as an unsigned integer in R, (S, 0, 0, 1)) and
 * ARB_texture_stencil8 (STENCIL_INDEX8 textures, read the same way).
 * EGL surfaceless, an RGBA8 FBO of 16x16, read back with glReadPixels;
 * the FP reads a texel by texelFetch on a usampler2D and writes it / 255,
 * so a pixel's bytes are the texel's (S, 0, 0, 1).  Both extensions must
 * be listed (neither was before the X24S8_UINT stencil views: the program
 * failed there).  Expected values by hand:
 *
 * 1. A DEPTH24_STENCIL8 texture, 4x4, uploaded as UNSIGNED_INT_24_8
 *    words (depth in bits 8..31, stencil in bits 0..7, GL 4.3 table
 *    8.8): texel (x, y) depth 0x800000 (0.5), stencil 16 y + 3 x + 7.
 *    Stencil mode: texel (1, 2) 42 -> 0x2a000001, texel (3, 3) 64 ->
 *    0x40000001.  Back in DEPTH_COMPONENT mode, a sampler2D at texel (2, 1)
 *    reads the depth 0x800000 / 0xffffff = 0.50000003 in R, stored as
 *    round(127.5...) = 0x80, within 1 ((D, 0, 0, 1): every texture here
 *    has the compatibility profile's DEPTH_TEXTURE_MODE RED, GL 4.3
 *    compatibility 8.22): 0x800000ff.
 * 2. Stencil written by the GPU: the same texture as the FBO's
 *    DEPTH_STENCIL attachment, cleared to stencil 0x5a, then the left
 *    half drawn with the stencil test ALWAYS, op REPLACE, reference 0xc3
 *    (colour writes off); sampled back in stencil mode into another FBO:
 *    the left half 0xc3000001, the right 0x5a000001.
 * 3. A STENCIL_INDEX8 texture, 4x2, uploaded as STENCIL_INDEX /
 *    UNSIGNED_BYTE bytes 200 + x + 4 y: texel (3, 1) 207 -> 0xcf000001,
 *    (0, 0) 200 -> 0xc8000001.
 */
#include <stdint.h>

#include "nouveau_gl_util.h"

#define S 16

static GLuint
program(const char *decl, const char *body)
{
   static const char *vs =
      "#version 130\n"
      "in vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   char fs[1024];
   snprintf(fs, sizeof(fs),
            "#version 130\n"
            "%s\n"
            "out vec4 c;\n"
            "void main() { %s }\n", decl, body);
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs));
   glBindAttribLocation(p, 0, "pos");
   glBindFragDataLocation(p, 0, "c");
   nvgl_link(p);
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   return p;
}

/* texel (x, y) of the texture bound to unit 0 by texelFetch on a
 * usampler2D, into the whole bound FBO */
static void
fetch_stencil(int x, int y)
{
   char body[128];
   snprintf(body, sizeof(body),
            "c = vec4(texelFetch(t, ivec2(%d, %d), 0)) / 255.0;", x, y);
   GLuint p = program("uniform usampler2D t;", body);
   glClear(GL_COLOR_BUFFER_BIT);
   nvgl_columns(0, S, S);
   glDeleteProgram(p);
}

static GLuint
texture(void)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   /* the compatibility profile's DEPTH_TEXTURE_MODE (LUMINANCE by
    * default: Mesa gives stencil (S, S, S, 1) then) as RED: (S, 0, 0, 1) */
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RED);
   return t;
}

int
main(void)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;
   GLuint fb;
   glGetIntegerv(GL_FRAMEBUFFER_BINDING, (GLint *)&fb);
   const bool st = nvgl_has_ext("GL_ARB_stencil_texturing");
   const bool s8 = nvgl_has_ext("GL_ARB_texture_stencil8");
   check_true("GL_ARB_stencil_texturing is listed", st);
   check_true("GL_ARB_texture_stencil8 is listed", s8);
   if (!st || !s8)
      return nvgl_done();

   /* 1. uploaded stencil */
   uint32_t zs[16];
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++)
         zs[4 * y + x] = 0x800000u << 8 | (16u * y + 3u * x + 7u);
   GLuint t = texture();
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0,
                GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zs);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE,
                   GL_STENCIL_INDEX);
   fetch_stencil(1, 2);
   check("D24S8 stencil of texel (1, 2)", 3, 4, 0x2a000001);
   fetch_stencil(3, 3);
   check("D24S8 stencil of texel (3, 3)", 12, 9, 0x40000001);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE,
                   GL_DEPTH_COMPONENT);
   GLuint p = program("uniform sampler2D t;",
                      "c = texelFetch(t, ivec2(2, 1), 0);");
   glClear(GL_COLOR_BUFFER_BIT);
   nvgl_columns(0, S, S);
   glDeleteProgram(p);
   check_tol("D24S8 depth of texel (2, 1) after stencil mode", 6, 6,
             0x800000ff, 1);

   /* 2. stencil the GPU wrote */
   GLuint zt = texture();
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, S, S, 0,
                GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL);
   GLuint zfb, crb;
   glGenFramebuffers(1, &zfb);
   glBindFramebuffer(GL_FRAMEBUFFER, zfb);
   glGenRenderbuffers(1, &crb);
   glBindRenderbuffer(GL_RENDERBUFFER, crb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, S, S);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, crb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                          GL_TEXTURE_2D, zt, 0);
   check_true("D24S8 texture attached: framebuffer complete",
              glCheckFramebufferStatus(GL_FRAMEBUFFER) ==
              GL_FRAMEBUFFER_COMPLETE);
   glClearStencil(0x5a);
   glClear(GL_STENCIL_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 0xc3, 0xff);
   glStencilOp(GL_REPLACE, GL_REPLACE, GL_REPLACE);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   p = program("", "c = vec4(1.0);");
   nvgl_columns(0, S / 2, S);
   glDeleteProgram(p);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDisable(GL_STENCIL_TEST);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glBindTexture(GL_TEXTURE_2D, zt);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE,
                   GL_STENCIL_INDEX);
   fetch_stencil(3, 5);
   check("stencil REPLACE 0xc3 drawn, sampled", 7, 7, 0xc3000001);
   fetch_stencil(12, 9);
   check("stencil cleared to 0x5a, sampled", 7, 7, 0x5a000001);

   /* 3. STENCIL_INDEX8 */
   GLubyte s8v[8];
   for (int i = 0; i < 8; i++)
      s8v[i] = 200 + i;
   texture();
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 4, 2, 0,
                GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s8v);
   fetch_stencil(3, 1);
   check("STENCIL_INDEX8 texel (3, 1)", 1, 14, 0xcf000001);
   fetch_stencil(0, 0);
   check("STENCIL_INDEX8 texel (0, 0)", 14, 1, 0xc8000001);
   glDeleteTextures(1, &t);
   glDeleteTextures(1, &zt);
   return nvgl_done();
}
