/*
 * GL test of point sprites (issue 7: Neverball's stars were missing).
 * A 16-pixel point at the centre of a 64x64 RGBA8 FBO, textured with a
 * 2x2 NEAREST texture whose texels are red (0,0), green (1,0), blue
 * (0,1) and white (1,1) (s, t), through GL_COORD_REPLACE.  Expected
 * values by hand from ARB_point_sprite / GL 2.1 section 3.4.1: the point
 * covers window x, y 24..39; s = 1/2 + (x_f + 1/2 - x_w) / size grows to
 * the right; with GL_POINT_SPRITE_COORD_ORIGIN UPPER_LEFT (the default)
 * t = 1/2 - (y_f + 1/2 - y_w) / size grows downwards (GL's y grows up),
 * with LOWER_LEFT t = 1/2 + (y_f + 1/2 - y_w) / size grows upwards.  So
 * pixel (28, 36) (left, top half) reads texel (0, 0) red with UPPER_LEFT
 * and (0, 1) blue with LOWER_LEFT; (36, 28) (right, bottom half) reads
 * (1, 1) white and (1, 0) green; outside the point the clear colour
 * (black) stays.
 *
 *  ff     fixed function, GL_COORD_REPLACE on texture unit 1 (a unit
 *         other than 0, which also moves the coordinate to another
 *         texture coordinate slot), both origins.
 *  glsl   a GLSL fragment shader reading gl_PointCoord, both origins
 *         (gl_PointCoord follows the origin as the replaced coordinates
 *         do, GL 2.0 section 3.3.1).
 *  quad   a GLSL program passing gl_TexCoord[1] through: a lower-left
 *         point reads as in ff; then, with GL_POINT_SPRITE still on, a
 *         quad over the target with s = t = 0.75 at every vertex keeps
 *         its coordinates (sprites replace only points' coordinates,
 *         ARB_point_sprite) and reads white everywhere (green if t were
 *         turned over as for the lower-left point).
 *
 * Not built by meson (it links the installed libEGL/libGL):
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv40_gl_sprites nv40_gl_sprites.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   scripts/nvrun --chip nv40 -- /tmp/nv40_gl_sprites [part...]  (PASSED)
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RED   0xff0000ffu
#define GREEN 0x00ff00ffu
#define BLUE  0x0000ffffu
#define WHITE 0xffffffffu
#define BLACK 0x000000ffu

#include "nouveau_gl_util.h"

static void
setup(void)
{
   static const unsigned char texels[4][4] = {
      { 255, 0, 0, 255 }, { 0, 255, 0, 255 },       /* t = 0: red, green */
      { 0, 0, 255, 255 }, { 255, 255, 255, 255 },   /* t = 1: blue, white */
   };
   GLuint fb, rb, tex;
   glGenFramebuffers(1, &fb);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 64, 64);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   glViewport(0, 0, 64, 64);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, 64, 0, 64, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();

   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glEnable(GL_TEXTURE_2D);
   glPointSize(16.0f);
}

static void
draw_point(GLenum origin)
{
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, origin);
   glEnable(GL_POINT_SPRITE);
   glBegin(GL_POINTS);
   glMultiTexCoord2f(GL_TEXTURE1, 0.75f, 0.75f);   /* replaced */
   glVertex2f(32.0f, 32.0f);
   glEnd();
}

static void
check_point(const char *what, GLenum origin)
{
   bool upper = origin == GL_UPPER_LEFT;
   check(what, 28, 36, upper ? RED : BLUE);
   check(what, 36, 36, upper ? GREEN : WHITE);
   check(what, 28, 28, upper ? BLUE : RED);
   check(what, 36, 28, upper ? WHITE : GREEN);
   check(what, 24, 24, upper ? BLUE : RED);    /* the point's corners */
   check(what, 39, 39, upper ? GREEN : WHITE);
   check(what, 23, 32, BLACK);                 /* just outside */
   check(what, 40, 32, BLACK);
}

static void
test_ff(void)
{
   glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   draw_point(GL_UPPER_LEFT);
   check_point("ff upper-left", GL_UPPER_LEFT);
   draw_point(GL_LOWER_LEFT);
   check_point("ff lower-left", GL_LOWER_LEFT);
   glDisable(GL_POINT_SPRITE);
}

static GLuint
program(const char *vs_src, const char *fs_src)
{
   GLuint vs = glCreateShader(GL_VERTEX_SHADER);
   GLuint fs = glCreateShader(GL_FRAGMENT_SHADER);
   glShaderSource(vs, 1, &vs_src, NULL);
   glShaderSource(fs, 1, &fs_src, NULL);
   glCompileShader(vs);
   glCompileShader(fs);
   GLuint prog = glCreateProgram();
   glAttachShader(prog, vs);
   glAttachShader(prog, fs);
   glLinkProgram(prog);
   GLint linked = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &linked);
   if (!linked) {
      printf("FAIL program not linked\n");
      fails++;
      return 0;
   }
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "tex"), 1);
   return prog;
}

static void
test_glsl(void)
{
   if (!program("#version 120\n"
                "void main() { gl_Position = ftransform(); }\n",
                "#version 120\n"
                "uniform sampler2D tex;\n"
                "void main() { gl_FragColor = texture2D(tex, gl_PointCoord); }\n"))
      return;
   glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
   draw_point(GL_UPPER_LEFT);
   check_point("glsl upper-left", GL_UPPER_LEFT);
   draw_point(GL_LOWER_LEFT);
   check_point("glsl lower-left", GL_LOWER_LEFT);
   glUseProgram(0);
   glDisable(GL_POINT_SPRITE);
}

/* GLSL, so that the vertex shader writes gl_TexCoord[1] also for the
 * quad (Mesa's fixed-function vertex program leaves a replaced
 * coordinate out altogether). */
static void
test_quad(void)
{
   if (!program("#version 120\n"
                "void main() { gl_Position = ftransform();\n"
                "              gl_TexCoord[1] = gl_MultiTexCoord1; }\n",
                "#version 120\n"
                "uniform sampler2D tex;\n"
                "void main() { gl_FragColor = texture2D(tex, gl_TexCoord[1].st); }\n"))
      return;
   glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   draw_point(GL_LOWER_LEFT);
   check_point("glsl gl_TexCoord[1] lower-left", GL_LOWER_LEFT);
   glBegin(GL_QUADS);
   glMultiTexCoord2f(GL_TEXTURE1, 0.75f, 0.75f);
   glVertex2f(0, 0);
   glVertex2f(64, 0);
   glVertex2f(64, 64);
   glVertex2f(0, 64);
   glEnd();
   check("quad with sprites on", 5, 5, WHITE);
   check("quad with sprites on", 28, 36, WHITE);
   check("quad with sprites on", 60, 60, WHITE);
   glUseProgram(0);
   glDisable(GL_POINT_SPRITE);
}

int
main(int argc, char **argv)
{
   static const struct {
      const char *name;
      void (*fn)(void);
   } parts[] = {
      { "ff", test_ff },
      { "glsl", test_glsl },
      { "quad", test_quad },
   };
   if (!nvgl_context())
      return 2;
   setup();

   for (unsigned i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
      bool run = argc == 1;
      for (int a = 1; a < argc; a++)
         run |= !strcmp(argv[a], parts[i].name);
      if (run)
         parts[i].fn();
   }
   return nvgl_done();
}
