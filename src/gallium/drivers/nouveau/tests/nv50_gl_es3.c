/*
 * OpenGL ES 3.0 on the Tesla driver (issue 11): an ES 3.0 context
 * through EGL (EGL_OPENGL_ES_API, EGL_CONTEXT_MAJOR_VERSION 3, no
 * surface), an RGBA8 FBO of 64x64, read back with glReadPixels.  Fails
 * before the driver reported PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR: Mesa's
 * compute_version_es2 wants OES_texture_half_float_linear for ES 3.0, so
 * the driver gave ES 2.0 and the 3.0 context was refused ("context
 * failed").  Parts by argument (all without one):
 *
 * version: GL_VERSION names "OpenGL ES 3.", GL_MAJOR_VERSION is at
 *    least 3, GL_SHADING_LANGUAGE_VERSION names "GLSL ES 3.00" or later.
 *    The ES 3.0 minimums of the stage interface (its tables of
 *    implementation-dependent limits: MAX_VERTEX_OUTPUT_COMPONENTS 64,
 *    MAX_FRAGMENT_INPUT_COMPONENTS 60, MAX_VARYING_COMPONENTS 60) and
 *    GLSL ES 3.00's gl_MaxVertexOutputVectors (at least 16) in a program:
 *    the FP writes red 0.25 when the constant is at least 16, round(63.75)
 *    = 0x40.  Seen failing with 60 vertex output components (15 vectors:
 *    the VP's 64 result words less the position's, where GL 3.2 2.11.6,
 *    as piglit's vs-fs-max-in-out-components quotes it, counts
 *    gl_Position against the limit).
 *
 * float: linear filtering of float textures (ES 3.0 table 3.13: RGBA16F
 *    is filterable; RGBA32F with OES_texture_float_linear).  A 2x1
 *    texture, texel 0 (2.0, 0, 0.25, 1), texel 1 (0, 1, 1, 0), LINEAR,
 *    read at (0.375, 0.5): u = 0.375 * 2 - 0.5 = 0.25, weights 0.75 for
 *    texel 0 and 0.25 for texel 1 (ES 3.0 3.8.10): (1.5, 0.25, 0.4375,
 *    0.75); the FP scales red by 0.25: (0.375, 0.25, 0.4375, 0.75), stored
 *    as round(255 c) (ES 3.0 2.1.6): 95.6 -> 0x60, 63.75 -> 0x40, 111.6
 *    -> 0x70, 191.25 -> 0xbf.  A texel clamped to [0, 1] before filtering
 *    would give red 0.1875 -> 0x30.  Within 1 (llvmpipe filters with 8-bit
 *    weights).  Once as RGBA16F (GL_HALF_FLOAT data, halves by hand: 2.0
 *    0x4000, 1.0 0x3c00, 0.25 0x3400), once as RGBA32F when the extension
 *    is listed (it is on llvmpipe and on ours).
 *
 * restart: fixed-index primitive restart (ES 3.0 2.8.1: with
 *    PRIMITIVE_RESTART_FIXED_INDEX enabled, the index 2^N - 1 of an N-bit
 *    type restarts the primitive; disabled it is an index like any other).
 *    A TRIANGLE_STRIP of 4 vertices (a quad over x in [-1, -0.5]), the
 *    restart index, 4 more (a quad over x in [0.5, 1]); vertex 255 and
 *    vertex 65535 of the array are at (0, 0.9).  Restarted: both quads
 *    drawn (pixels (8, 32), (56, 32)), the middle (32, 41) empty.  Not
 *    restarted, the strip's triangle (3, R, 4) = (-0.5, 1), (0, 0.9),
 *    (0.5, -1) covers its centroid (0, 0.3), window (32, 41.6): so with
 *    UNSIGNED_BYTE and restart disabled the middle is drawn.  UNSIGNED_BYTE
 *    (255), UNSIGNED_SHORT (65535), UNSIGNED_INT (0xffffffff, which no
 *    array reaches).  Exact: one colour (0.125, 0.75, 1, 1), round(255 c)
 *    (ES 3.0 2.1.6): 31.9 -> 0x20, 191.25 -> 0xbf: 0x20bfffff.
 *
 * etc2: ES 3.0 requires ETC2 (3.8.3; st/mesa decodes it into RGBA8 when
 *    the driver has no ETC2 format, as on Tesla).  One COMPRESSED_RGB8_ETC2
 *    4x4 block in "individual" mode (diff bit 0, ES 3.0 C.1): R 0x8|0x8,
 *    G 0x4|0x4, B 0xc|0xc (4 bits extended by repetition: 136, 68, 204),
 *    table codewords 0 ({2, 8, -2, -8} for pixel indices 0..3), flip 0;
 *    pixel (x, y)'s index bits are bit x*4+y of the MSB and LSB halves:
 *    columns 0, 1 index 0 (+2): (138, 70, 206) = 0x8a46ceff, columns 2, 3
 *    index 3 (MSB and LSB halves 0xff00: -8): (128, 60, 196) = 0x803cc4ff.
 *    Block bytes 88 44 cc 00 ff 00 ff 00.  Drawn NEAREST over the window:
 *    pixel x 8 is texel column 0, x 56 column 3.  Exact.
 *
 * glsl: a "#version 300 es" program: a std140 uniform block B { vec4 a;
 *    ivec4 b; } with a = (0.375, 0.25, 0.25, 0.75), b = (2, 3, 0x3c003800,
 *    0); the VP passes b.y on as a flat int varying k.  The FP writes
 *    (unpackUnorm2x16(packUnorm2x16(a.zw)), a.x * h.x * b.x, a.y * h.y *
 *    k) with h = unpackHalf2x16(uint(b.z)) = (0.5, 1.0) (halves 0x3800 and
 *    0x3c00; GLSL ES 3.00 8.4): packUnorm rounds 0.25 * 65535 to 16384 and
 *    0.75 * 65535 to 49151, unpacked 0.250004 and 0.749996 -> 63.75 ->
 *    0x40, 191.25 -> 0xbf; 0.375 * 0.5 * 2 = 0.375 -> 0x60; 0.25 * 1 * 3
 *    = 0.75 -> 0xbf: 0x40bf60bf within 1.
 *
 * depth16: a DEPTH_COMPONENT16 depth buffer (ES 3.0 requires it as a
 *    renderbuffer format; G80_3D and G84_3D have no Z16 zeta format,
 *    rnndb's Z16_UNORM is G200's on, so st/mesa gets another when the
 *    driver says so).  An RGBA8 + DEPTH_COMPONENT16 FBO, depth cleared to
 *    1, LESS: a red quad over everything at z 0 (window depth 0.5), then
 *    green over the left half at z 0.5 (0.75: fails) and blue over the
 *    right half at z -0.5 (0.25: passes): left 0xff0000ff, right
 *    0x0000ffff; the attachment has at least 16 depth bits.  Seen failing
 *    on g80 (nvsim: ZETA_FORMAT 0x13 INVALID_VALUE, nothing drawn) while
 *    the driver offered Z16 on every Tesla; piglit's read_depth_gles3
 *    failed so.
 *
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).  By hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv50_gl_es3 nv50_gl_es3.c -Ibuild/mesa-src/include \
 *       -L$L -lEGL -lGL -lm -Wl,-rpath,$L
 *   scripts/nvrun --chip g80 -- /tmp/nv50_gl_es3 restart
 */
#include <stdint.h>
#include <stdlib.h>

#include "nouveau_gl_util.h"

#define S 64

static const char *vs_pos =
   "#version 300 es\n"
   "layout(location = 0) in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* A program of vs_pos and the FP fs, in use; 0 when it does not link. */
static GLuint
program(const char *vs, const char *fs)
{
   GLuint p = glCreateProgram();
   GLuint s[2] = { nvgl_shader(GL_VERTEX_SHADER, vs),
                   nvgl_shader(GL_FRAGMENT_SHADER, fs) };
   for (int i = 0; i < 2; i++) {
      glAttachShader(p, s[i]);
      glDeleteShader(s[i]);
   }
   if (!nvgl_link(p)) {
      glDeleteProgram(p);
      return 0;
   }
   glUseProgram(p);
   return p;
}

static void
clear(void)
{
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
}

static void
part_version(void)
{
   const char *ver = (const char *)glGetString(GL_VERSION);
   const char *sl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
   GLint major = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   printf("GL_SHADING_LANGUAGE_VERSION %s\n", sl ? sl : "(null)");
   check_true("GL_VERSION is OpenGL ES 3.x",
              ver && !strncmp(ver, "OpenGL ES 3.", 12));
   check_true("GL_MAJOR_VERSION >= 3", major >= 3);
   check_true("GLSL ES 3.00 or later",
              sl && (strstr(sl, "GLSL ES 3.00") || strstr(sl, "GLSL ES 3.1") ||
                     strstr(sl, "GLSL ES 3.2")));

   static const struct {
      GLenum pname;
      const char *name;
      GLint min;
   } limits[] = {
      { GL_MAX_VERTEX_OUTPUT_COMPONENTS, "MAX_VERTEX_OUTPUT_COMPONENTS", 64 },
      { GL_MAX_FRAGMENT_INPUT_COMPONENTS, "MAX_FRAGMENT_INPUT_COMPONENTS",
        60 },
      { GL_MAX_VARYING_COMPONENTS, "MAX_VARYING_COMPONENTS", 60 },
   };
   for (unsigned i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
      GLint v = 0;
      char what[96];
      glGetIntegerv(limits[i].pname, &v);
      snprintf(what, sizeof(what), "%s %d >= %d", limits[i].name, v,
               limits[i].min);
      check_true(what, v >= limits[i].min);
   }
}

/* gl_MaxVertexOutputVectors in a program (the part_version header) */
static void
part_version_draw(GLuint vb)
{
   static const char *fs =
      "#version 300 es\n"
      "precision highp float;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   c = vec4(gl_MaxVertexOutputVectors >= 16 ? 0.25 : 0.0, 0.0, 0.0,\n"
      "            1.0);\n"
      "}\n";
   GLuint p = program(vs_pos, fs);
   if (!p)
      return;
   clear();
   nvgl_columns(0, S, S);
   check("gl_MaxVertexOutputVectors >= 16", S / 2, S / 2, 0x400000ff);
   glUseProgram(0);
   glDeleteProgram(p);
}

/* One float texture's lookup (the part's header). */
static void
float_texture(const char *what, GLenum internal, GLenum type,
              const void *texels, GLuint vb)
{
   static const char *fs =
      "#version 300 es\n"
      "precision highp float;\n"
      "uniform highp sampler2D t;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   c = texture(t, vec2(0.375, 0.5)) * vec4(0.25, 1.0, 1.0, 1.0);\n"
      "}\n";
   GLuint p = program(vs_pos, fs);
   if (!p)
      return;
   GLuint tex;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, internal, 2, 1, 0, GL_RGBA, type, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   clear();
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   nvgl_columns(0, S, S);
   check_tol(what, S / 2, S / 2, 0x604070bf, 1);
   glDeleteTextures(1, &tex);
   glUseProgram(0);
   glDeleteProgram(p);
}

static void
part_float(GLuint vb)
{
   static const uint16_t half[8] = { 0x4000, 0, 0x3400, 0x3c00,
                                     0, 0x3c00, 0x3c00, 0 };
   static const float full[8] = { 2.0f, 0, 0.25f, 1.0f, 0, 1.0f, 1.0f, 0 };
   float_texture("RGBA16F LINEAR at 0.375", GL_RGBA16F, GL_HALF_FLOAT, half,
                 vb);
   if (nvgl_has_ext("GL_OES_texture_float_linear"))
      float_texture("RGBA32F LINEAR at 0.375", GL_RGBA32F, GL_FLOAT, full,
                    vb);
   else
      printf("     (no GL_OES_texture_float_linear: RGBA32F not checked)\n");
}

/* The strip's indices: quad 0..3, the restart index, quad 4..7. */
static void
restart_draw(GLenum type, bool enable, const char *what, bool middle)
{
   uint8_t i8[9] = { 0, 1, 2, 3, 0xff, 4, 5, 6, 7 };
   uint16_t i16[9] = { 0, 1, 2, 3, 0xffff, 4, 5, 6, 7 };
   uint32_t i32[9] = { 0, 1, 2, 3, 0xffffffffu, 4, 5, 6, 7 };
   const void *data = type == GL_UNSIGNED_BYTE ? (void *)i8 :
                      type == GL_UNSIGNED_SHORT ? (void *)i16 : (void *)i32;
   const size_t size = type == GL_UNSIGNED_BYTE ? sizeof(i8) :
                       type == GL_UNSIGNED_SHORT ? sizeof(i16) : sizeof(i32);
   GLuint ib;
   glGenBuffers(1, &ib);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, size, data, GL_STATIC_DRAW);
   if (enable)
      glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   else
      glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   clear();
   glDrawElements(GL_TRIANGLE_STRIP, 9, type, (void *)0);
   char name[96];
   snprintf(name, sizeof(name), "%s: left quad", what);
   check(name, 8, S / 2, 0x20bfffff);
   snprintf(name, sizeof(name), "%s: right quad", what);
   check(name, 56, S / 2, 0x20bfffff);
   snprintf(name, sizeof(name), "%s: middle %s", what,
            middle ? "drawn" : "empty");
   check(name, S / 2, 41, middle ? 0x20bfffff : 0);
   glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   glDeleteBuffers(1, &ib);
}

static void
part_restart(void)
{
   static const char *fs =
      "#version 300 es\n"
      "precision highp float;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(0.125, 0.75, 1.0, 1.0); }\n";
   GLuint p = program(vs_pos, fs);
   if (!p)
      return;
   /* 65536 vertices (0, 0.9), the two quads' in front */
   enum { N = 65536 };
   float *v = malloc(N * 2 * sizeof(float));
   for (int i = 0; i < N; i++) {
      v[2 * i] = 0.0f;
      v[2 * i + 1] = 0.9f;
   }
   static const float quads[16] = {
      -1, -1, -0.5f, -1, -1, 1, -0.5f, 1,
      0.5f, -1, 1, -1, 0.5f, 1, 1, 1,
   };
   memcpy(v, quads, sizeof(quads));
   GLuint vb;
   glGenBuffers(1, &vb);
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   glBufferData(GL_ARRAY_BUFFER, N * 2 * sizeof(float), v, GL_STATIC_DRAW);
   free(v);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, (void *)0);
   glEnableVertexAttribArray(0);

   restart_draw(GL_UNSIGNED_BYTE, true, "UNSIGNED_BYTE restart 0xff", false);
   restart_draw(GL_UNSIGNED_BYTE, false, "UNSIGNED_BYTE no restart", true);
   restart_draw(GL_UNSIGNED_SHORT, true, "UNSIGNED_SHORT restart 0xffff",
                false);
   restart_draw(GL_UNSIGNED_SHORT, false, "UNSIGNED_SHORT no restart", true);
   restart_draw(GL_UNSIGNED_INT, true, "UNSIGNED_INT restart 0xffffffff",
                false);

   glDeleteBuffers(1, &vb);
   glUseProgram(0);
   glDeleteProgram(p);
}

static void
part_etc2(GLuint vb)
{
   static const uint8_t block[8] = { 0x88, 0x44, 0xcc, 0x00,
                                     0xff, 0x00, 0xff, 0x00 };
   static const char *fs =
      "#version 300 es\n"
      "precision highp float;\n"
      "uniform highp sampler2D t;\n"
      "out vec4 c;\n"
      "void main() { c = texture(t, gl_FragCoord.xy / 64.0); }\n";
   GLuint p = program(vs_pos, fs);
   if (!p)
      return;
   GLuint tex;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0,
                          sizeof(block), block);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   clear();
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   nvgl_columns(0, S, S);
   check("ETC2 columns 0, 1 (+2)", 8, 8, 0x8a46ceff);
   check("ETC2 columns 0, 1 (+2)", 24, 56, 0x8a46ceff);
   check("ETC2 columns 2, 3 (-8)", 40, 8, 0x803cc4ff);
   check("ETC2 columns 2, 3 (-8)", 56, 56, 0x803cc4ff);
   glDeleteTextures(1, &tex);
   glUseProgram(0);
   glDeleteProgram(p);
}

static void
part_glsl(GLuint vb)
{
   static const char *vs =
      "#version 300 es\n"
      "layout(location = 0) in vec2 pos;\n"
      "layout(std140) uniform B { vec4 a; ivec4 b; };\n"
      "flat out int k;\n"
      "void main() {\n"
      "   k = b.y;\n"
      "   gl_Position = vec4(pos, 0.0, 1.0);\n"
      "}\n";
   static const char *fs =
      "#version 300 es\n"
      "precision highp float;\n"
      "precision highp int;\n"
      "layout(std140) uniform B { vec4 a; ivec4 b; };\n"
      "flat in int k;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "   vec2 u = unpackUnorm2x16(packUnorm2x16(a.zw));\n"
      "   vec2 h = unpackHalf2x16(uint(b.z));\n"
      "   c = vec4(u, a.x * h.x * float(b.x), a.y * h.y * float(k));\n"
      "}\n";
   GLuint p = program(vs, fs);
   if (!p)
      return;
   struct {
      float a[4];
      int32_t b[4];
   } data = { { 0.375f, 0.25f, 0.25f, 0.75f }, { 2, 3, 0x3c003800, 0 } };
   GLuint ub;
   glGenBuffers(1, &ub);
   glBindBuffer(GL_UNIFORM_BUFFER, ub);
   glBufferData(GL_UNIFORM_BUFFER, sizeof(data), &data, GL_STATIC_DRAW);
   glUniformBlockBinding(p, glGetUniformBlockIndex(p, "B"), 1);
   glBindBufferBase(GL_UNIFORM_BUFFER, 1, ub);
   clear();
   glBindBuffer(GL_ARRAY_BUFFER, vb);
   nvgl_columns(0, S, S);
   check_tol("#version 300 es: pack/unpack, block, flat int", S / 2, S / 2,
             0x40bf60bf, 1);
   glDeleteBuffers(1, &ub);
   glUseProgram(0);
   glDeleteProgram(p);
}

static void
part_depth16(void)
{
   static const char *vs =
      "#version 300 es\n"
      "layout(location = 0) in vec2 pos;\n"
      "uniform float z;\n"
      "void main() { gl_Position = vec4(pos, z, 1.0); }\n";
   static const char *fs =
      "#version 300 es\n"
      "precision highp float;\n"
      "uniform vec4 colour;\n"
      "out vec4 c;\n"
      "void main() { c = colour; }\n";
   GLuint fb = nvgl_fbo_zs(GL_RGBA8, GL_DEPTH_ATTACHMENT,
                           GL_DEPTH_COMPONENT16, S, S);
   if (!fb)
      return;
   GLint bits = 0;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                         GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE,
                                         &bits);
   char what[64];
   snprintf(what, sizeof(what), "DEPTH_COMPONENT16: %d depth bits >= 16",
            bits);
   check_true(what, bits >= 16);
   GLuint p = program(vs, fs);
   if (p) {
      const GLint z = glGetUniformLocation(p, "z");
      const GLint colour = glGetUniformLocation(p, "colour");
      glClearColor(0, 0, 0, 0);
      glClearDepthf(1.0f);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      glEnable(GL_DEPTH_TEST);
      glDepthFunc(GL_LESS);
      glUniform1f(z, 0.0f);
      glUniform4f(colour, 1, 0, 0, 1);
      nvgl_columns(0, S, S);
      glUniform1f(z, 0.5f);
      glUniform4f(colour, 0, 1, 0, 1);
      nvgl_columns(0, S / 2, S);
      glUniform1f(z, -0.5f);
      glUniform4f(colour, 0, 0, 1, 1);
      nvgl_columns(S / 2, S, S);
      glDisable(GL_DEPTH_TEST);
      check("DEPTH_COMPONENT16: 0.75 behind 0.5", S / 4, S / 2, 0xff0000ff);
      check("DEPTH_COMPONENT16: 0.25 before 0.5", 3 * S / 4, S / 2,
            0x0000ffff);
      glUseProgram(0);
      glDeleteProgram(p);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
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
   static const EGLint cattr[] = {
      EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE
   };
   if (!nvgl_context_api(EGL_OPENGL_ES_API, cattr)) {
      printf("FAILED (no OpenGL ES 3.0 context)\n");
      return 2;
   }
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));
   if (!nvgl_fbo(GL_RGBA8, S, S))
      return nvgl_done();
   GLuint vb;
   glGenBuffers(1, &vb);

   if (want(argc, argv, "version")) {
      part_version();
      part_version_draw(vb);
   }
   if (want(argc, argv, "float"))
      part_float(vb);
   if (want(argc, argv, "restart"))
      part_restart();
   if (want(argc, argv, "etc2"))
      part_etc2(vb);
   if (want(argc, argv, "glsl"))
      part_glsl(vb);
   if (want(argc, argv, "depth16"))
      part_depth16();

   glDeleteBuffers(1, &vb);
   return nvgl_done();
}
