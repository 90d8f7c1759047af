/*
 * glClipControl on the Tesla driver (issue 11: ARB_clip_control): an
 * RGBA8 FBO of 64x64 with a 24-bit depth buffer, read back with
 * glReadPixels (window coordinates, row 0 at the bottom).  GL 4.5 13.5
 * (ARB_clip_control): with GL_ZERO_TO_ONE the view volume is
 * 0 <= z_c <= w_c and z_w = (f - n) z_d + n, with GL_NEGATIVE_ONE_TO_ONE
 * -w_c <= z_c <= w_c and z_w = (f - n) / 2 z_d + (n + f) / 2; with
 * GL_UPPER_LEFT y_d = -y_c / w_c, and the facing's area sign is
 * reversed (14.6.1), so a polygon keeps its facing.
 *
 * Rectangles (two counter-clockwise triangles) of ndc x in [l, r] at
 * z_ndc = z, drawn in a uniform colour; pixel x's centre is at ndc
 * (x + 0.5) / 32 - 1.
 *
 * 1. depth mode: depth cleared to 0.6, GL_LESS, depth range [0, 1]; at
 *    z = 0.5 the window depth is 0.5 under GL_ZERO_TO_ONE (passes:
 *    pixels 0..15 red) and 0.75 under the default (fails: pixels 16..31
 *    clear).  At z = -0.5, x in [0, 0.5] (pixels 32..47): outside
 *    0 <= z_c under GL_ZERO_TO_ONE, clipped (clear), inside -w_c <= z_c
 *    by default: depth 0.25, green.
 * 2. depth clamp under GL_ZERO_TO_ONE: depth range [0.25, 0.75], depth
 *    cleared to 0.2, GL_DEPTH_CLAMP, z = -1: z_w = 0.5 * -1 + 0.25 =
 *    -0.25, clamped to [0.25, 0.75]: 0.25, which fails GL_LESS against
 *    0.2 (x in [0.5, 1], pixels 48..63, clear; taken for the default's
 *    range [n - (f - n), f] it would reach below 0.2 and pass).  The
 *    same at z = -1 with depth range [0.1, 0.75]: 0.1 passes (blue):
 *    drawn first, in the lower rows only.
 * 3. origin: GL_UPPER_LEFT, back faces culled, no depth test: the
 *    rectangle x in [-1, -0.5], y in [-1, 0] (the lower half of ndc)
 *    lands in the upper window rows 32..63 and is not culled: (8, 48)
 *    white, (8, 16) clear.
 * Expected values by hand above; run on g80, gt215 and llvmpipe
 * (tests/gl/run.sh).  Before PIPE_CAP_CLIP_HALFZ the extension is not
 * exposed and the program stops there.
 */
#include "nouveau_gl_util.h"

#define S 64
#define RED 0xff0000ff
#define GREEN 0x00ff00ff
#define BLUE 0x0000ffff
#define WHITE 0xffffffff
#define CLEAR 0x00000000

static const char *vs_src =
   "#version 120\n"
   "attribute vec2 pos; uniform float z;\n"
   "void main() { gl_Position = vec4(pos, z, 1.0); }\n";
static const char *fs_src =
   "#version 120\n"
   "uniform vec4 col;\n"
   "void main() { gl_FragColor = col; }\n";

static GLuint prog;
/* GL 4.5's entry point, not among libGL's exports: by name */
static PFNGLCLIPCONTROLPROC clip_control;

/* ndc x in [l, r], y in [b, t], two counter-clockwise triangles */
static void
rect(float l, float r, float b, float t, float z, unsigned rgba)
{
   glUniform1f(glGetUniformLocation(prog, "z"), z);
   glUniform4f(glGetUniformLocation(prog, "col"), (rgba >> 24) / 255.0f,
               (rgba >> 16 & 0xff) / 255.0f, (rgba >> 8 & 0xff) / 255.0f,
               (rgba & 0xff) / 255.0f);
   const float v[] = { l, b, r, b, r, t, l, b, r, t, l, t };
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

int
main(void)
{
   if (!nvgl_context())
      return 2;
   printf("GL_VERSION %s\n", glGetString(GL_VERSION));
   if (!nvgl_has_ext("GL_ARB_clip_control")) {
      printf("FAIL ARB_clip_control not exposed\nFAILED\n");
      return 1;
   }
   clip_control = (PFNGLCLIPCONTROLPROC)eglGetProcAddress("glClipControl");
   if (!nvgl_fbo_zs(GL_RGBA8, GL_DEPTH_ATTACHMENT, GL_DEPTH_COMPONENT24,
                    S, S))
      return 1;
   prog = nvgl_program(vs_src, fs_src, "pos", NULL);
   glUseProgram(prog);
   glClearColor(0, 0, 0, 0);

   /* 1. depth mode */
   glClearDepth(0.6);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   clip_control(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
   rect(-1, -0.5f, -1, 1, 0.5f, RED);
   rect(0, 0.5f, -1, 1, -0.5f, GREEN);
   clip_control(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
   rect(-0.5f, 0, -1, 1, 0.5f, RED);
   check("zero to one: z_w 0.5 passes", 8, 8, RED);
   check("-1 to 1: z_w 0.75 fails", 24, 8, CLEAR);
   check("zero to one: z < 0 clipped", 40, 8, CLEAR);
   rect(0, 0.5f, -1, 1, -0.5f, GREEN);
   check("-1 to 1: z -0.5 drawn", 40, 8, GREEN);

   /* 2. depth clamp under zero to one */
   glClearDepth(0.2);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   clip_control(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
   glEnable(GL_DEPTH_CLAMP);
   glDepthRange(0.1, 0.75);
   rect(0.5f, 1, -1, 0, -1, BLUE);
   glDepthRange(0.25, 0.75);
   rect(0.5f, 1, -1, 1, -1, RED);
   glDisable(GL_DEPTH_CLAMP);
   glDepthRange(0, 1);
   check("clamped to 0.1: passes", 56, 8, BLUE);
   check("clamped to 0.25: fails", 56, 48, CLEAR);
   clip_control(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
   glDisable(GL_DEPTH_TEST);

   /* 3. origin */
   glClear(GL_COLOR_BUFFER_BIT);
   clip_control(GL_UPPER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   rect(-1, -0.5f, -1, 0, 0, WHITE);
   glDisable(GL_CULL_FACE);
   clip_control(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
   check("upper left: ndc y -1 at the top", 8, 48, WHITE);
   check("upper left: ndc y -1 at the top", 8, 16, CLEAR);
   return nvgl_done();
}
