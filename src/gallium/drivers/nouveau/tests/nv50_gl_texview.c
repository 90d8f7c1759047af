/*
 * ARB_texture_view on the Tesla driver (issue 11): views with another
 * target, format, level range and layer range than their texture (GL 4.3
 * 8.18 "Texture Views", ARB_texture_view).  EGL surfaceless, an RGBA8 FBO
 * of 16x16, read back with glReadPixels; every draw covers the viewport,
 * NEAREST filters, one lookup a draw.  The extension must be listed (it
 * was not before PIPE_CAP_SAMPLER_VIEW_TARGET: the program failed there).
 *
 * The texture: glTexStorage3D 2D array, 4x4, 7 layers, 2 levels, RGBA8;
 * layer l of level m holds the texel colour (0x10 + 0x20 l, 0x80 + 0x30 m,
 * 0x40, 0xff) everywhere, so each lookup tells which layer and level it
 * read.  By the spec's rules (a view's level 0 is the texture's
 * MINLEVEL, its layer 0 the texture's MINLAYER; magnification reads the
 * view's level 0):
 *
 * 1. a 2D view of layer 2, levels 1..1: (0x50, 0xb0, 0x40, 0xff);
 * 2. a 2D view of layer 5, levels 0..1: (0xb0, 0x80, 0x40, 0xff);
 * 3. a 2D array view of layers 1..3, levels 1..1, read at layer 2 (the
 *    texture's layer 3): (0x70, 0xb0, 0x40, 0xff); at layer 0 (the
 *    texture's 1): (0x30, 0xb0, 0x40, 0xff);
 * 4. a cube view of layers 1..6, level 0 (table 8.19's face order +X,
 *    -X, +Y, -Y, +Z, -Z is the layer order): direction (1, 0, 0) reads
 *    +X, the texture's layer 1: (0x30, 0x80, 0x40, 0xff); (0, 0, -1) reads
 *    -Z, layer 6: (0xd0, 0x80, 0x40, 0xff); (0, 1, 0) reads +Y, layer 3:
 *    (0x70, 0x80, 0x40, 0xff);
 * 5. another format of the same class (table 8.22, VIEW_CLASS_32_BITS):
 *    an R32UI 2D view of layer 4, level 0, read by texelFetch on a
 *    usampler2D: the texel's bytes 0x90, 0x80, 0x40, 0xff as one
 *    little-endian word 0xff408090; the FP writes 1 where it equals that:
 *    0xffffffff; an RGBA8UI view of the same: (0x90, 0x80, 0x40, 0xff) as
 *    integers, written / 255: the bytes again;
 * 6. a view of a view: a 2D view (layer 1 of the array view of 3., i.e.
 *    the texture's layer 2, level 1): (0x50, 0xb0, 0x40, 0xff).
 */
#include "nouveau_gl_util.h"

#define S 16
#define W 4
#define LAYERS 7
#define LEVELS 2

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

/* a view of tex, bound to unit 0 with NEAREST filters */
static GLuint
view(GLuint tex, GLenum target, GLenum format, GLuint minlevel,
     GLuint numlevels, GLuint minlayer, GLuint numlayers)
{
   GLuint v;
   glGenTextures(1, &v);
   glTextureView(v, target, tex, format, minlevel, numlevels, minlayer,
                 numlayers);
   glBindTexture(target, v);
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return v;
}

/* one full-viewport draw of program p, then p and the view deleted */
static void
draw(GLuint p, GLuint v)
{
   glClear(GL_COLOR_BUFFER_BIT);
   nvgl_columns(0, S, S);
   glDeleteProgram(p);
   glDeleteTextures(1, &v);
}

static unsigned
colour(int layer, int level)
{
   return (0x10u + 0x20u * layer) << 24 | (0x80u + 0x30u * level) << 16 |
          0x40u << 8 | 0xffu;
}

int
main(void)
{
   int rc = nvgl_start(S, S);
   if (rc)
      return rc;
   if (!nvgl_has_ext("GL_ARB_texture_view")) {
      printf("FAIL GL_ARB_texture_view is not listed\n");
      fails++;
      return nvgl_done();
   }

   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   glTexStorage3D(GL_TEXTURE_2D_ARRAY, LEVELS, GL_RGBA8, W, W, LAYERS);
   for (int m = 0; m < LEVELS; m++) {
      const int w = W >> m;
      for (int l = 0; l < LAYERS; l++) {
         GLubyte texels[W * W * 4];
         const unsigned c = colour(l, m);
         for (int i = 0; i < w * w; i++) {
            texels[4 * i] = c >> 24;
            texels[4 * i + 1] = c >> 16;
            texels[4 * i + 2] = c >> 8;
            texels[4 * i + 3] = c;
         }
         glTexSubImage3D(GL_TEXTURE_2D_ARRAY, m, 0, 0, l, w, w, 1, GL_RGBA,
                         GL_UNSIGNED_BYTE, texels);
      }
   }

   /* 1., 2. 2D views of one layer */
   GLuint v = view(tex, GL_TEXTURE_2D, GL_RGBA8, 1, 1, 2, 1);
   draw(program("uniform sampler2D t;",
                 "c = texture(t, gl_FragCoord.xy / 16.0);"), v);
   check("2D view of layer 2, level 1", 5, 5, colour(2, 1));
   v = view(tex, GL_TEXTURE_2D, GL_RGBA8, 0, 2, 5, 1);
   draw(program("uniform sampler2D t;",
                 "c = texture(t, gl_FragCoord.xy / 16.0);"), v);
   check("2D view of layer 5, levels 0..1", 9, 3, colour(5, 0));

   /* 3. a 2D array view of layers 1..3, level 1 */
   v = view(tex, GL_TEXTURE_2D_ARRAY, GL_RGBA8, 1, 1, 1, 3);
   draw(program("uniform sampler2DArray t;",
                 "c = texture(t, vec3(gl_FragCoord.xy / 16.0, 2.0));"), v);
   check("2D array view, its layer 2", 7, 12, colour(3, 1));
   v = view(tex, GL_TEXTURE_2D_ARRAY, GL_RGBA8, 1, 1, 1, 3);
   draw(program("uniform sampler2DArray t;",
                 "c = texture(t, vec3(gl_FragCoord.xy / 16.0, 0.0));"), v);
   check("2D array view, its layer 0", 7, 12, colour(1, 1));

   /* 4. a cube view of layers 1..6 */
   static const struct {
      const char *dir, *what;
      int layer;
   } faces[] = {
      { "vec3(1.0, 0.0, 0.0)", "cube view +X", 1 },
      { "vec3(0.0, 0.0, -1.0)", "cube view -Z", 6 },
      { "vec3(0.0, 1.0, 0.0)", "cube view +Y", 3 },
   };
   for (unsigned i = 0; i < sizeof(faces) / sizeof(faces[0]); i++) {
      char body[128];
      snprintf(body, sizeof(body), "c = texture(t, %s);", faces[i].dir);
      v = view(tex, GL_TEXTURE_CUBE_MAP, GL_RGBA8, 0, 1, 1, 6);
      draw(program("uniform samplerCube t;", body), v);
      check(faces[i].what, 8, 8, colour(faces[i].layer, 0));
   }

   /* 5. other formats of the 32-bit class */
   v = view(tex, GL_TEXTURE_2D, GL_R32UI, 0, 1, 4, 1);
   draw(program("uniform usampler2D t;",
                "c = vec4(texelFetch(t, ivec2(1, 2), 0).x == 0xff408090u);"),
        v);
   check("R32UI view of layer 4", 2, 14, 0xffffffff);
   v = view(tex, GL_TEXTURE_2D, GL_RGBA8UI, 0, 1, 4, 1);
   draw(program("uniform usampler2D t;",
                "c = vec4(texelFetch(t, ivec2(3, 0), 0)) / 255.0;"), v);
   check("RGBA8UI view of layer 4", 14, 2, colour(4, 0));

   /* 6. a view of a view */
   GLuint a;
   glGenTextures(1, &a);
   glTextureView(a, GL_TEXTURE_2D_ARRAY, tex, GL_RGBA8, 1, 1, 1, 3);
   v = view(a, GL_TEXTURE_2D, GL_RGBA8, 0, 1, 1, 1);
   draw(program("uniform sampler2D t;",
                "c = texture(t, gl_FragCoord.xy / 16.0);"), v);
   check("2D view of layer 1 of an array view", 11, 11, colour(2, 1));
   glDeleteTextures(1, &a);
   glDeleteTextures(1, &tex);
   return nvgl_done();
}
