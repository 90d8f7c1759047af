/*
 * Viewport arrays and the fragment program's gl_Layer / gl_ViewportIndex
 * on the Tesla driver (issue 11: ARB_viewport_array,
 * ARB_fragment_layer_viewport): a GL 3.2 core context, GLSL 1.50, an
 * RGBA8 FBO of 64x64 with a 24-bit depth buffer, read back with
 * glReadPixels.
 *
 * Viewports 0, 1, 2 and 15 are the quadrants (0, 0), (32, 0), (0, 32),
 * (32, 32), 32x32 each; a GS sends every triangle to each of the four
 * (gl_ViewportIndex), and the FP colours a fragment (gl_ViewportIndex /
 * 15, gl_Layer / 15, 1, 1): 0x0000ffff, 0x1100ffff, 0x2200ffff,
 * 0xff00ffff for viewports 0, 1, 2, 15 (17 k = 255 k / 15, exact).  The
 * rectangle drawn is ndc x in [-1, 0], y in [-1, 1]: in a 32x32 viewport
 * at (x0, y0) the pixels x0..x0+15 (their centres x0 + 0.5.. inside,
 * GL 3.2 3.6.1), so (x0 + 8, y0 + 8) is coloured and (x0 + 24, y0 + 8)
 * is not.
 *
 * 1. viewports: each quadrant holds its left half in its viewport's
 *    colour (VIEWPORT_SCALE/TRANSLATE(i) and the GP's viewport index).
 * 2. scissors: the scissor test enabled for viewport 1 alone
 *    (glEnablei), its rectangle x 32..39; viewport 2's set to one pixel
 *    but not enabled: (36, 8) in viewport 1's colour, (44, 8) clear,
 *    viewports 0 and 2 as in 1 (GL 4.1 14.9.2: each viewport's own
 *    scissor and enable).
 * 3. depth ranges: depth cleared to 0.6, GL_LESS, GL_DEPTH_CLAMP, the
 *    rectangle at ndc z = -3, depth ranges [0.5, 1], [0.7, 0.9],
 *    [0.2, 0.4], [0.9, 0.65] for viewports 0, 1, 2, 15: window z =
 *    (f - n) / 2 * -3 + (n + f) / 2 = 0, 0.5, 0, 1.15, clamped to
 *    [min(n, f), max(n, f)] (GL 4.1 13.5, depth clamping; each
 *    primitive's own viewport's range): 0.5, 0.7, 0.2, 0.9; so
 *    viewports 0 and 2 pass (coloured), 1 and 15 fail (clear).  Without
 *    viewport 1's range the unclamped 0.5 (or 0 of an unset range)
 *    would pass.
 * 4. gl_Layer in the FP: a 16x16 3-layer 2D array texture attached
 *    whole, a GS sending the rectangle ndc [-1, 1]^2 to layers 0, 1, 2
 *    without writing gl_ViewportIndex: layer k is (0, 17 k, 255, 255) at
 *    (8, 8) (ARB_fragment_layer_viewport: the layer the GS wrote;
 *    gl_ViewportIndex, not written, reads 0).
 * 5. no GS: the FP's gl_Layer and gl_ViewportIndex read 0 (GLSL 4.30
 *    7.1: "If the geometry stage makes no static assignment to
 *    gl_Layer, the input value in the fragment stage will be zero",
 *    likewise gl_ViewportIndex): (8, 8) 0x0000ffff.
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).  Before ARB_viewport_array (PIPE_CAP_MAX_VIEWPORTS
 * 1) neither extension is exposed and the program stops there.
 */
#include "nouveau_gl_util.h"

#define S 64
#define CLEAR 0x00000000

static const unsigned vps[4] = { 0, 1, 2, 15 };
static const int vp_x[4] = { 0, 32, 0, 32 }, vp_y[4] = { 0, 0, 32, 32 };

static unsigned
colour(unsigned vp, unsigned layer)
{
   return (17 * vp) << 24 | (17 * layer) << 16 | 0xffff;
}

/* a core context has no GL_EXTENSIONS string: glGetStringi's list */
static bool
has_ext(const char *name)
{
   GLint n = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      if (!strcmp((const char *)glGetStringi(GL_EXTENSIONS, i), name))
         return true;
   return false;
}

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
   "in vec2 pos; uniform float z;\n"
   "void main() { gl_Position = vec4(pos, z, 1.0); }\n";
static const char *fs_src =
   "#version 150\n"
   "#extension GL_ARB_fragment_layer_viewport : require\n"
   "out vec4 c;\n"
   "void main() {\n"
   "   c = vec4(float(gl_ViewportIndex) / 15.0, float(gl_Layer) / 15.0,\n"
   "            1.0, 1.0);\n"
   "}\n";
static const char *gs_viewports =
   "#version 150\n"
   "#extension GL_ARB_viewport_array : require\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 12) out;\n"
   "const int vps[4] = int[4](0, 1, 2, 15);\n"
   "void main() {\n"
   "   for (int k = 0; k < 4; k++) {\n"
   "      for (int i = 0; i < 3; i++) {\n"
   "         gl_Position = gl_in[i].gl_Position;\n"
   "         gl_ViewportIndex = vps[k];\n"
   "         EmitVertex();\n"
   "      }\n"
   "      EndPrimitive();\n"
   "   }\n"
   "}\n";
static const char *gs_layers =
   "#version 150\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 9) out;\n"
   "void main() {\n"
   "   for (int k = 0; k < 3; k++) {\n"
   "      for (int i = 0; i < 3; i++) {\n"
   "         gl_Position = gl_in[i].gl_Position;\n"
   "         gl_Layer = k;\n"
   "         EmitVertex();\n"
   "      }\n"
   "      EndPrimitive();\n"
   "   }\n"
   "}\n";

static GLuint
program(const char *gs)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, nvgl_shader(GL_VERTEX_SHADER, vs_src));
   if (gs)
      glAttachShader(p, nvgl_shader(GL_GEOMETRY_SHADER, gs));
   glAttachShader(p, nvgl_shader(GL_FRAGMENT_SHADER, fs_src));
   glBindAttribLocation(p, 0, "pos");
   glBindFragDataLocation(p, 0, "c");
   nvgl_link(p);
   glUseProgram(p);
   glUniform1f(glGetUniformLocation(p, "z"), 0.0f);
   return p;
}

static void
rect(float l, float r)
{
   const float v[] = { l, -1, r, -1, r, 1, l, -1, r, 1, l, 1 };
   GLuint vb;
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDeleteBuffers(1, &vb);
}

static void
set_viewports(void)
{
   for (unsigned k = 0; k < 4; k++)
      glViewportIndexedf(vps[k], vp_x[k], vp_y[k], 32, 32);
}

int
main(void)
{
   if (!core_context())
      return 2;
   if (!has_ext("GL_ARB_viewport_array") ||
       !has_ext("GL_ARB_fragment_layer_viewport")) {
      printf("FAIL ARB_viewport_array / ARB_fragment_layer_viewport not "
             "exposed\n");
      printf("FAILED\n");
      return 1;
   }
   GLint n = 0;
   glGetIntegerv(GL_MAX_VIEWPORTS, &n);
   check_u("GL_MAX_VIEWPORTS", n, 16);

   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   if (!nvgl_fbo_zs(GL_RGBA8, GL_DEPTH_ATTACHMENT, GL_DEPTH_COMPONENT24,
                    S, S))
      return 1;
   GLuint p = program(gs_viewports);
   char what[64];

   /* 1. viewports */
   set_viewports();
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   rect(-1, 0);
   for (unsigned k = 0; k < 4; k++) {
      snprintf(what, sizeof(what), "viewport %u", vps[k]);
      check(what, vp_x[k] + 8, vp_y[k] + 8, colour(vps[k], 0));
      check(what, vp_x[k] + 24, vp_y[k] + 8, CLEAR);
   }

   /* 2. scissors: viewport 1's enabled, viewport 2's set, not enabled */
   glClear(GL_COLOR_BUFFER_BIT);
   glScissorIndexed(1, 32, 0, 8, 32);
   glScissorIndexed(2, 0, 32, 1, 1);
   glEnablei(GL_SCISSOR_TEST, 1);
   rect(-1, 0);
   glDisablei(GL_SCISSOR_TEST, 1);
   check("scissor 1", 36, 8, colour(1, 0));
   check("scissor 1", 44, 8, CLEAR);
   check("scissor 0 off", 8, 8, colour(0, 0));
   check("scissor 2 off", 8, 40, colour(2, 0));

   /* 3. depth ranges under depth clamping */
   static const double range[4][2] = {
      { 0.5, 1.0 }, { 0.7, 0.9 }, { 0.2, 0.4 }, { 0.9, 0.65 },
   };
   static const bool pass[4] = { true, false, true, false };
   for (unsigned k = 0; k < 4; k++)
      glDepthRangeIndexed(vps[k], range[k][0], range[k][1]);
   glClearDepth(0.6);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glEnable(GL_DEPTH_CLAMP);
   glUniform1f(glGetUniformLocation(p, "z"), -3.0f);
   rect(-1, 0);
   glDisable(GL_DEPTH_CLAMP);
   glDisable(GL_DEPTH_TEST);
   glDepthRange(0, 1);
   for (unsigned k = 0; k < 4; k++) {
      snprintf(what, sizeof(what), "depth range %u", vps[k]);
      check(what, vp_x[k] + 8, vp_y[k] + 8,
            pass[k] ? colour(vps[k], 0) : CLEAR);
   }

   /* 4. gl_Layer from the GS into a layered attachment */
   GLuint tex, fb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 16, 16, 3, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL layered framebuffer incomplete\n");
      fails++;
   }
   glViewport(0, 0, 16, 16);
   glClear(GL_COLOR_BUFFER_BIT);
   program(gs_layers);
   rect(-1, 1);
   GLuint rfb;
   glGenFramebuffers(1, &rfb);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, rfb);
   for (unsigned k = 0; k < 3; k++) {
      glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                tex, 0, k);
      snprintf(what, sizeof(what), "gl_Layer %u", k);
      check(what, 8, 8, colour(0, k));
   }

   /* 5. no GS: both read 0 */
   nvgl_fbo(GL_RGBA8, S, S);
   glClear(GL_COLOR_BUFFER_BIT);
   program(NULL);
   rect(-1, 1);
   check("no GS", 8, 8, colour(0, 0));
   return nvgl_done();
}
