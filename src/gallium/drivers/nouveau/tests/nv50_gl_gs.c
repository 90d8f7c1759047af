/*
 * Geometry shaders on the Tesla driver (issue 11: GL 3.2): a GL 3.2 core
 * context (MESA_GL_VERSION_OVERRIDE=3.2 MESA_GLSL_VERSION_OVERRIDE=150 on
 * our driver, whose caps stay below), GLSL 1.50 programs, an RGBA8 FBO of
 * 64x64 read back with glReadPixels.  Pixel x's centre is at ndc
 * (x + 0.5) / 32 - 1, likewise y; a rectangle from ndc l to r covers the
 * pixels whose centres are inside (GL 3.2 3.6.1).
 *
 * 1. pass-through: a GS copying each triangle (position, colour) of the
 *    rectangle x in [-1, -0.5] (pixels 0..15) in red: (8, 8) red,
 *    (20, 8) clear.
 * 2. two triangles per input: the GS emits the triangle, EndPrimitive,
 *    then the triangle moved by +1 in ndc x (32 pixels) in green: the
 *    same rectangle gives red at pixels 0..15 and green at 32..47:
 *    (8, 40) red, (24, 40) clear, (40, 40) green, (52, 40) clear.
 * 3. line strip: one point in, a line strip of 2 vertices out from
 *    (-1, y) to (1, y) at the point's y = (20 + 0.5) / 32 - 1 (the centre
 *    of row 20): row 20 white at x 5, 32, 60 (GL 3.2 3.5: the diamond
 *    exit rule), rows 19 and 21 clear.
 * 4. gl_PrimitiveIDIn: GL_TRIANGLES of two triangles covering the
 *    window, lower-left (-1,-1) (1,-1) (-1,1) and upper-right (1,-1)
 *    (1,1) (-1,1); the GS colours primitive 0 red, 1 green: (10, 10)
 *    red, (50, 50) green (GL 3.2 2.12.4: primitives counted from 0 in
 *    the draw).
 * 5. gl_Layer: a 3-layer 2D array texture attached whole (a layered
 *    framebuffer, GL 3.2 4.4.7), cleared to (0.25, 0, 0, 1) (a clear
 *    covers every layer), the two triangles of 4 sent to layer
 *    gl_PrimitiveIDIn + first (a uniform, 1) in blue: layer 0 untouched, layer 1 blue at
 *    (10, 10) and clear at (50, 50), layer 2 the reverse.
 * 6. the GP's own uniforms and textures: a GS moving the triangles by a
 *    uniform (0.5, 0, 0, 0) (pixels 16..31) and colouring them with
 *    texelFetch(texel (1, 0)) of a 2x1 texture (cyan, magenta): (24, 8)
 *    magenta, (8, 8) clear.
 * 7. gl_Layer into a 3D texture (GL 3.2 4.4.7: the layers of a 3D
 *    texture attached whole are its slices): 64x64x8 RGBA8, level 0
 *    attached whole, cleared to (0.25, 0, 0, 1) (every slice), the two
 *    triangles of 4 sent to slice gl_PrimitiveIDIn + 5 in blue: slice 5
 *    blue at (10, 10), dark red at (50, 50), slice 6 the reverse, slices
 *    0, 4 and 7 dark red at both.
 * 8. one slice of a 3D texture's level 1 (32x32x4) attached alone
 *    (glFramebufferTextureLayer, slice 2), the level cleared whole first
 *    through a layered attachment to (0.25, 0, 0, 1); the slice cleared
 *    green and the rectangle of 1 drawn in red in a 32x32 viewport
 *    (pixels 0..7): slice 2 red at (4, 4) and green at (20, 4), slices 1
 *    and 3 dark red at both (the slice's own bytes, none of its
 *    neighbours').  Seen failing before the slices were addressed in the
 *    level's blocks (nvsim: DMA_ERROR, the slice taken as a layer
 *    LAYER_STRIDE apart, past the texture).
 * 9. the stages' varyings at the limits: a VP writing n vec4 outputs
 *    v[i] = (i, 2i, 3i, 4i) / 1024 (an interface block's array) besides
 *    gl_Position, n =
 *    MAX_VERTEX_OUTPUT_COMPONENTS / 4 (at most MAX_FRAGMENT_INPUT_COMPONENTS
 *    / 4), read and summed by the FP; and the same n (at most
 *    MAX_GEOMETRY_INPUT_COMPONENTS / 4) read by a GP that sums them into
 *    one output for the FP.  The sum is n (n - 1) / 2 * (1, 2, 3, 4) /
 *    1024, stored as round(255 c) clamped to 1 (GL 3.3 2.1.6): for n =
 *    15 (ours: 64 result words less the position's) (0x1a, 0x34, 0x4e,
 *    0x69).  Seen failing (nothing drawn: the VP's 17 vec4s and the
 *    position are 72 result words, more than the compiler's limit) while
 *    the limits were the map's 68 slots counting the position's.
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).
 */
#include <math.h>

#include "nouveau_gl_util.h"

#define S 64
#define RED 0xff0000ff
#define GREEN 0x00ff00ff
#define BLUE 0x0000ffff
#define WHITE 0xffffffff
#define CLEAR 0x00000000
#define DARK_RED 0x400000ff

/* a GL 3.2 core context without a surface */
static bool
core_context(void)
{
   static const EGLint cattr[] = {
      EGL_CONTEXT_MAJOR_VERSION_KHR, 3,
      EGL_CONTEXT_MINOR_VERSION_KHR, 2,
      EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR,
      EGL_NONE,
   };
   if (!nvgl_context_attribs(cattr)) {
      printf("FAIL no GL 3.2 core context\n");
      return false;
   }
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));
   return true;
}

static const char *vs_src =
   "#version 150\n"
   "in vec2 pos; out vec4 vcol;\n"
   "uniform vec4 col;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); vcol = col; }\n";
static const char *fs_src =
   "#version 150\n"
   "in vec4 gcol; out vec4 c;\n"
   "void main() { c = gcol; }\n";

static GLuint
program(const char *gs, const float col[4])
{
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs_src));
   glAttachShader(p, nvgl_shader(GL_GEOMETRY_SHADER, gs));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs_src));
   glBindAttribLocation(p, 0, "pos");
   glBindFragDataLocation(p, 0, "c");
   nvgl_link(p);
   glUseProgram(p);
   glUniform4fv(glGetUniformLocation(p, "col"), 1, col);
   return p;
}

static void
draw(GLenum mode, const float *v, unsigned n)
{
   GLuint vb;
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, n * 8, v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   glEnableVertexAttribArray(0);
   glDrawArrays(mode, 0, n);
   glDeleteBuffers(1, &vb);
}

/* the rectangle ndc x in [-1, -0.5], y in [-1, 1] */
static const float rect_v[] = { -1, -1, -0.5, -1, -0.5, 1,
                                -1, -1, -0.5, 1, -1, 1 };
/* the window as a lower-left and an upper-right triangle */
static const float halves_v[] = { -1, -1, 1, -1, -1, 1,
                                  1, -1, 1, 1, -1, 1 };

static const char *gs_pass =
   "#version 150\n"
   "layout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
   "in vec4 vcol[]; out vec4 gcol;\n"
   "void main() {\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position; gcol = vcol[i];\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

static const char *gs_two =
   "#version 150\n"
   "layout(triangles) in; layout(triangle_strip, max_vertices = 6) out;\n"
   "in vec4 vcol[]; out vec4 gcol;\n"
   "void main() {\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position; gcol = vcol[i];\n"
   "      EmitVertex();\n"
   "   }\n"
   "   EndPrimitive();\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position + vec4(1.0, 0.0, 0.0, 0.0);\n"
   "      gcol = vec4(0.0, 1.0, 0.0, 1.0);\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

static const char *gs_line =
   "#version 150\n"
   "layout(points) in; layout(line_strip, max_vertices = 2) out;\n"
   "in vec4 vcol[]; out vec4 gcol;\n"
   "void main() {\n"
   "   float y = gl_in[0].gl_Position.y;\n"
   "   gl_Position = vec4(-1.0, y, 0.0, 1.0); gcol = vcol[0]; EmitVertex();\n"
   "   gl_Position = vec4(1.0, y, 0.0, 1.0); gcol = vcol[0]; EmitVertex();\n"
   "}\n";

static const char *gs_primid =
   "#version 150\n"
   "layout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
   "in vec4 vcol[]; out vec4 gcol;\n"
   "void main() {\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position;\n"
   "      gcol = gl_PrimitiveIDIn == 0 ? vec4(1.0, 0.0, 0.0, 1.0) :\n"
   "             gl_PrimitiveIDIn == 1 ? vec4(0.0, 1.0, 0.0, 1.0) :\n"
   "                                     vec4(1.0);\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

static const char *gs_tex =
   "#version 150\n"
   "layout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
   "in vec4 vcol[]; out vec4 gcol;\n"
   "uniform vec4 gofs; uniform sampler2D gtex;\n"
   "void main() {\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position + gofs;\n"
   "      gcol = texelFetch(gtex, ivec2(1, 0), 0);\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

static const char *gs_layer =
   "#version 150\n"
   "layout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
   "in vec4 vcol[]; out vec4 gcol;\n"
   "uniform int first;\n"
   "void main() {\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position; gcol = vcol[i];\n"
   "      gl_Layer = gl_PrimitiveIDIn + first;\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";

/* The sum of v[i] = (i, 2i, 3i, 4i) / 1024, i < n, as stored RGBA8. */
static unsigned
limits_want(int n)
{
   unsigned want = 0;
   for (int k = 1; k <= 4; k++) {
      double c = n * (n - 1) / 2.0 * k / 1024.0;
      unsigned b = c >= 1.0 ? 255 : (unsigned)floor(255.0 * c + 0.5);
      want |= b << (32 - 8 * k);
   }
   return want;
}

/* Part 9: n vec4 varyings VP -> FP, or VP -> GP (summed there) -> FP. */
static void
limits_part(bool gp)
{
   GLint vout = 0, in = 0;
   glGetIntegerv(GL_MAX_VERTEX_OUTPUT_COMPONENTS, &vout);
   glGetIntegerv(gp ? GL_MAX_GEOMETRY_INPUT_COMPONENTS
                    : GL_MAX_FRAGMENT_INPUT_COMPONENTS, &in);
   int n = (vout < in ? vout : in) / 4;
   printf("info %s: %d vec4 varyings (vertex outputs %d, %s inputs %d)\n",
          gp ? "VP -> GP" : "VP -> FP", n, vout, gp ? "GP" : "FP", in);
   char vs[512], mid[768], fs[512];
   snprintf(vs, sizeof(vs),
            "#version 150\n"
            "in vec2 pos; out blk { vec4 v[%d]; } o;\n"
            "void main() {\n"
            "   for (int i = 0; i < %d; i++)\n"
            "      o.v[i] = vec4(i, 2 * i, 3 * i, 4 * i) / 1024.0;\n"
            "   gl_Position = vec4(pos, 0.0, 1.0);\n"
            "}\n", n, n);
   snprintf(mid, sizeof(mid),
            "#version 150\n"
            "layout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
            "in blk { vec4 v[%d]; } b[]; out vec4 gsum;\n"
            "void main() {\n"
            "   for (int j = 0; j < 3; j++) {\n"
            "      vec4 s = vec4(0.0);\n"
            "      for (int i = 0; i < %d; i++)\n"
            "         s += b[j].v[i];\n"
            "      gsum = s; gl_Position = gl_in[j].gl_Position;\n"
            "      EmitVertex();\n"
            "   }\n"
            "}\n", n, n);
   if (gp)
      snprintf(fs, sizeof(fs),
               "#version 150\n"
               "in vec4 gsum; out vec4 c;\n"
               "void main() { c = gsum; }\n");
   else
      snprintf(fs, sizeof(fs),
               "#version 150\n"
               "in blk { vec4 v[%d]; } b;\n"
               "out vec4 c;\n"
               "void main() {\n"
               "   vec4 s = vec4(0.0);\n"
               "   for (int i = 0; i < %d; i++)\n"
               "      s += b.v[i];\n"
               "   c = s;\n"
               "}\n", n, n);
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs));
   if (gp)
      glAttachShader(p, nvgl_shader(GL_GEOMETRY_SHADER, mid));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs));
   glBindAttribLocation(p, 0, "pos");
   glBindFragDataLocation(p, 0, "c");
   if (!nvgl_link(p)) {
      printf("FAIL %s: %d vec4 varyings do not link\n",
             gp ? "VP -> GP" : "VP -> FP", n);
      fails++;
      return;
   }
   glUseProgram(p);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   draw(GL_TRIANGLES, halves_v, 6);
   check_tol(gp ? "varyings at the limits, VP -> GP -> FP"
                : "varyings at the limits, VP -> FP",
             S / 2, S / 2 - 8, limits_want(n), 1);
   glUseProgram(0);
   glDeleteProgram(p);
}

int
main(void)
{
   static const float red[4] = { 1, 0, 0, 1 }, white[4] = { 1, 1, 1, 1 },
                      blue[4] = { 0, 0, 1, 1 };
   if (!core_context())
      return 1;

   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   GLuint fb0 = nvgl_fbo(GL_RGBA8, S, S);
   if (!fb0)
      return 1;
   glClearColor(0, 0, 0, 0);

   /* 1. pass-through */
   glClear(GL_COLOR_BUFFER_BIT);
   program(gs_pass, red);
   draw(GL_TRIANGLES, rect_v, 6);
   check("pass-through: inside", 8, 8, RED);
   check("pass-through: right of it", 20, 8, CLEAR);

   /* 2. two triangles per input */
   glClear(GL_COLOR_BUFFER_BIT);
   program(gs_two, red);
   draw(GL_TRIANGLES, rect_v, 6);
   check("two per input: the input", 8, 40, RED);
   check("two per input: between", 24, 40, CLEAR);
   check("two per input: the copy at +32", 40, 40, GREEN);
   check("two per input: right of the copy", 52, 40, CLEAR);

   /* 3. a line strip from a point */
   glClear(GL_COLOR_BUFFER_BIT);
   program(gs_line, white);
   const float pt[2] = { 0.0f, (20 + 0.5f) / 32 - 1 };
   draw(GL_POINTS, pt, 1);
   check("line strip: row 20", 5, 20, WHITE);
   check("line strip: row 20", 32, 20, WHITE);
   check("line strip: row 20", 60, 20, WHITE);
   check("line strip: row 19", 32, 19, CLEAR);
   check("line strip: row 21", 32, 21, CLEAR);

   /* 4. gl_PrimitiveIDIn */
   glClear(GL_COLOR_BUFFER_BIT);
   program(gs_primid, white);
   draw(GL_TRIANGLES, halves_v, 6);
   check("gl_PrimitiveIDIn 0", 10, 10, RED);
   check("gl_PrimitiveIDIn 1", 50, 50, GREEN);

   /* 6. the GP's uniforms and textures */
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   static const unsigned char texels[8] = { 0, 255, 255, 255,
                                            255, 0, 255, 255 };
   GLuint gtex;
   glGenTextures(1, &gtex);
   glBindTexture(GL_TEXTURE_2D, gtex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   GLuint tp = program(gs_tex, red);
   glUniform4f(glGetUniformLocation(tp, "gofs"), 0.5, 0, 0, 0);
   glUniform1i(glGetUniformLocation(tp, "gtex"), 0);
   draw(GL_TRIANGLES, rect_v, 6);
   check("GS uniform and texture: moved, texel (1, 0)", 24, 8, 0xff00ffff);
   check("GS uniform and texture: where it was", 8, 8, CLEAR);

   /* 5. gl_Layer into a layered framebuffer */
   GLuint tex, lfb, rfb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, S, S, 3, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glGenFramebuffers(1, &lfb);
   glBindFramebuffer(GL_FRAMEBUFFER, lfb);
   glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL layered framebuffer incomplete\n");
      fails++;
   }
   glClearColor(0.25, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint lp = program(gs_layer, blue);
   glUniform1i(glGetUniformLocation(lp, "first"), 1);
   draw(GL_TRIANGLES, halves_v, 6);
   glGenFramebuffers(1, &rfb);
   glBindFramebuffer(GL_FRAMEBUFFER, rfb);
   for (int l = 0; l < 3; l++) {
      char what[64];
      glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0,
                                l);
      snprintf(what, sizeof(what), "gl_Layer: layer %d lower-left", l);
      check_tol(what, 10, 10, l == 1 ? BLUE : DARK_RED, 1);
      snprintf(what, sizeof(what), "gl_Layer: layer %d upper-right", l);
      check_tol(what, 50, 50, l == 2 ? BLUE : DARK_RED, 1);
   }

   /* 7. gl_Layer into a 3D texture's slices */
   GLuint t3d;
   glGenTextures(1, &t3d);
   glBindTexture(GL_TEXTURE_3D, t3d);
   glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, S, S, 8, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glTexImage3D(GL_TEXTURE_3D, 1, GL_RGBA8, S / 2, S / 2, 4, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   /* levels 0 and 1 only: mipmap complete, so level 1 attaches (GL 3.2
    * 4.4.4.2) */
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAX_LEVEL, 1);
   glBindFramebuffer(GL_FRAMEBUFFER, lfb);
   glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3d, 0);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL layered 3D framebuffer incomplete\n");
      fails++;
   }
   glClearColor(0.25, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint l3p = program(gs_layer, blue);
   glUniform1i(glGetUniformLocation(l3p, "first"), 5);
   draw(GL_TRIANGLES, halves_v, 6);
   glBindFramebuffer(GL_FRAMEBUFFER, rfb);
   static const int slices[] = { 0, 4, 5, 6, 7 };
   for (unsigned i = 0; i < sizeof(slices) / sizeof(slices[0]); i++) {
      const int l = slices[i];
      char what[64];
      glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3d, 0,
                                l);
      snprintf(what, sizeof(what), "3D gl_Layer: slice %d lower-left", l);
      check_tol(what, 10, 10, l == 5 ? BLUE : DARK_RED, 1);
      snprintf(what, sizeof(what), "3D gl_Layer: slice %d upper-right", l);
      check_tol(what, 50, 50, l == 6 ? BLUE : DARK_RED, 1);
   }

   /* 8. one slice of level 1 alone */
   glBindFramebuffer(GL_FRAMEBUFFER, lfb);
   glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3d, 1);
   glViewport(0, 0, S / 2, S / 2);
   glClearColor(0.25, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glBindFramebuffer(GL_FRAMEBUFFER, rfb);
   glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3d, 1, 2);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   program(gs_pass, red);
   draw(GL_TRIANGLES, rect_v, 6);
   for (int l = 1; l <= 3; l++) {
      char what[64];
      glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3d, 1,
                                l);
      snprintf(what, sizeof(what), "3D slice alone: level 1 slice %d (4, 4)",
               l);
      check_tol(what, 4, 4, l == 2 ? RED : DARK_RED, 1);
      snprintf(what, sizeof(what), "3D slice alone: level 1 slice %d (20, 4)",
               l);
      check_tol(what, 20, 4, l == 2 ? GREEN : DARK_RED, 1);
   }

   /* 9. varyings at the limits */
   glBindFramebuffer(GL_FRAMEBUFFER, fb0);
   glViewport(0, 0, S, S);
   limits_part(false);
   limits_part(true);
   return nvgl_done();
}
