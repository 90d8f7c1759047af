/*
 * nvbench-draw: the draw-overhead program of `make bench` (issue 13,
 * group 1).  Many small draws into a 64x64 FBO, each one after one kind
 * of state change (or none), so that the driver's CPU cost per draw can be
 * counted with callgrind for two drivers on the same chip.
 *
 *    nvbench-draw --workload texture --draws 200 --frames 3
 *
 * Workloads: none, texture, shader, blend, vbo, uniform.  Each draw is one
 * triangle of 3 vertices at the same place; the state alternates between two values so that
 * every draw sees a change.  Frame 0 warms up (shader compiles, first
 * validation, buffer creation); under callgrind (--collect-atstart=no) the
 * draws of the later frames and their glFlush are the only code counted,
 * in this thread only (the GPU thread of nvsim is never counted).
 *
 * --time finishes each frame and prints "frame N: MS ms" (group 4, nvsim
 * speed against draws per frame; never with callgrind, whose counted draws
 * must not include waits).
 *
 * Prints one line: "workload=... draws=N frames=F pixel=RRGGBBAA", the
 * pixel read back at the end so that a run that drew nothing shows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <EGL/egl.h>
#include <GL/gl.h>
#include <valgrind/callgrind.h>

#include "nvdemo_egl.h"

#define BENCH_SIZE 64

/* GL 2.0 and EXT_framebuffer_object entry points, loaded at run time:
 * upstream's NV40 driver has EXT_framebuffer_object only. */
#define BENCH_FUNCS(X)                                                     \
   X(GLuint, CreateShader, (GLenum))                                       \
   X(void, ShaderSource, (GLuint, GLsizei, const char *const *, const GLint *)) \
   X(void, CompileShader, (GLuint))                                        \
   X(GLuint, CreateProgram, (void))                                        \
   X(void, AttachShader, (GLuint, GLuint))                                 \
   X(void, BindAttribLocation, (GLuint, GLuint, const char *))             \
   X(void, LinkProgram, (GLuint))                                          \
   X(void, GetProgramiv, (GLuint, GLenum, GLint *))                        \
   X(void, UseProgram, (GLuint))                                           \
   X(GLint, GetUniformLocation, (GLuint, const char *))                    \
   X(void, Uniform4f, (GLint, GLfloat, GLfloat, GLfloat, GLfloat))         \
   X(void, Uniform1i, (GLint, GLint))                                      \
   X(void, GenBuffers, (GLsizei, GLuint *))                                \
   X(void, BindBuffer, (GLenum, GLuint))                                   \
   X(void, BufferData, (GLenum, long, const void *, GLenum))               \
   X(void, VertexAttribPointer, (GLuint, GLint, GLenum, GLboolean, GLsizei, const void *)) \
   X(void, EnableVertexAttribArray, (GLuint))                              \
   X(void, GenFramebuffersEXT, (GLsizei, GLuint *))                        \
   X(void, BindFramebufferEXT, (GLenum, GLuint))                           \
   X(void, FramebufferTexture2DEXT, (GLenum, GLenum, GLenum, GLuint, GLint)) \
   X(GLenum, CheckFramebufferStatusEXT, (GLenum))                          \
   X(void, GenTextures, (GLsizei, GLuint *))                               \
   X(void, BindTexture, (GLenum, GLuint))                                  \
   X(void, TexImage2D, (GLenum, GLint, GLint, GLsizei, GLsizei, GLint, GLenum, GLenum, const void *)) \
   X(void, TexParameteri, (GLenum, GLenum, GLint))                         \
   X(void, Viewport, (GLint, GLint, GLsizei, GLsizei))                     \
   X(void, ClearColor, (GLfloat, GLfloat, GLfloat, GLfloat))               \
   X(void, Clear, (GLbitfield))                                            \
   X(void, Enable, (GLenum))                                               \
   X(void, BlendFunc, (GLenum, GLenum))                                    \
   X(void, DrawArrays, (GLenum, GLint, GLsizei))                           \
   X(void, Flush, (void))                                                  \
   X(void, Finish, (void))                                                 \
   X(void, ReadPixels, (GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, void *)) \
   X(GLenum, GetError, (void))

/* bgl: not to clash with <GL/gl.h>'s own declarations */
#define BENCH_DECLARE(ret, name, args) static ret (*bgl##name) args;
BENCH_FUNCS(BENCH_DECLARE)
#undef BENCH_DECLARE

static const char *bench_vs =
   "attribute vec2 pos;\n"
   "varying vec2 uv;\n"
   "uniform vec4 offset;\n"
   "void main() {\n"
   "   uv = pos * 0.5 + 0.5;\n"
   "   gl_Position = vec4(pos * 0.25 + offset.xy, 0.0, 1.0);\n"
   "}\n";

/* Two fragment shaders, so that the shader workload switches programs. */
static const char *bench_fs[2] = {
   "varying vec2 uv;\n"
   "uniform sampler2D tex;\n"
   "uniform vec4 tint;\n"
   "void main() { gl_FragColor = texture2D(tex, uv) * tint; }\n",
   "varying vec2 uv;\n"
   "uniform sampler2D tex;\n"
   "uniform vec4 tint;\n"
   "void main() { gl_FragColor = texture2D(tex, uv).bgra * tint + 0.125; }\n",
};

enum bench_workload {
   BENCH_NONE, BENCH_TEXTURE, BENCH_SHADER, BENCH_BLEND, BENCH_VBO,
   BENCH_UNIFORM, BENCH_WORKLOADS
};

static const char *bench_workload_names[BENCH_WORKLOADS] = {
   "none", "texture", "shader", "blend", "vbo", "uniform",
};

struct bench {
   GLuint prog[2];
   GLint tint[2], offset[2];
   GLuint tex[2];
   GLuint vbo[2];
};

static int
bench_load(void)
{
#define BENCH_LOAD(ret, name, args)                                        \
   bgl##name = (ret (*) args)eglGetProcAddress("gl" #name);                 \
   if (!bgl##name) {                                                        \
      fprintf(stderr, "nvbench-draw: no gl" #name "\n");                  \
      return -1;                                                           \
   }
   BENCH_FUNCS(BENCH_LOAD)
#undef BENCH_LOAD
   return 0;
}

static GLuint
bench_program(const char *fs_src)
{
   GLuint vs = bglCreateShader(GL_VERTEX_SHADER);
   GLuint fs = bglCreateShader(GL_FRAGMENT_SHADER);
   GLuint prog = bglCreateProgram();
   GLint ok = 0;

   bglShaderSource(vs, 1, &bench_vs, NULL);
   bglCompileShader(vs);
   bglShaderSource(fs, 1, &fs_src, NULL);
   bglCompileShader(fs);
   bglAttachShader(prog, vs);
   bglAttachShader(prog, fs);
   bglBindAttribLocation(prog, 0, "pos");
   bglLinkProgram(prog);
   bglGetProgramiv(prog, GL_LINK_STATUS, &ok);
   return ok ? prog : 0;
}

static int
bench_setup(struct bench *b)
{
   static const GLfloat tri[2][6] = {
      { -1, -1, 1, -1, 0, 1 },
      { -1, 1, 1, 1, 0, -1 },
   };
   GLuint fbo, target;

   for (unsigned i = 0; i < 2; i++) {
      b->prog[i] = bench_program(bench_fs[i]);
      if (!b->prog[i]) {
         fprintf(stderr, "nvbench-draw: the shaders do not link\n");
         return -1;
      }
      b->tint[i] = bglGetUniformLocation(b->prog[i], "tint");
      b->offset[i] = bglGetUniformLocation(b->prog[i], "offset");
      bglUseProgram(b->prog[i]);
      bglUniform1i(bglGetUniformLocation(b->prog[i], "tex"), 0);
      bglUniform4f(b->tint[i], 1, 1, 1, 1);
      bglUniform4f(b->offset[i], 0, 0, 0, 0);
   }

   /* Two 16x16 textures of different colours. */
   bglGenTextures(2, b->tex);
   for (unsigned i = 0; i < 2; i++) {
      GLubyte texels[16 * 16 * 4];
      for (unsigned t = 0; t < 16 * 16; t++) {
         texels[4 * t + 0] = i ? 0x40 : 0xc0;
         texels[4 * t + 1] = (t & 1) ? 0xff : 0x20;
         texels[4 * t + 2] = i ? 0xe0 : 0x10;
         texels[4 * t + 3] = 0xff;
      }
      bglBindTexture(GL_TEXTURE_2D, b->tex[i]);
      bglTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, texels);
      bglTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      bglTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }

   bglGenBuffers(2, b->vbo);
   for (unsigned i = 0; i < 2; i++) {
      bglBindBuffer(GL_ARRAY_BUFFER, b->vbo[i]);
      bglBufferData(GL_ARRAY_BUFFER, sizeof(tri[i]), tri[i], GL_STATIC_DRAW);
   }

   bglGenTextures(1, &target);
   bglBindTexture(GL_TEXTURE_2D, target);
   bglTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, BENCH_SIZE, BENCH_SIZE, 0,
                GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   bglTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   bglGenFramebuffersEXT(1, &fbo);
   bglBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fbo);
   bglFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                             GL_TEXTURE_2D, target, 0);
   if (bglCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT) !=
       GL_FRAMEBUFFER_COMPLETE_EXT) {
      fprintf(stderr, "nvbench-draw: the FBO is incomplete\n");
      return -1;
   }
   bglViewport(0, 0, BENCH_SIZE, BENCH_SIZE);

   bglUseProgram(b->prog[0]);
   bglBindTexture(GL_TEXTURE_2D, b->tex[0]);
   bglBindBuffer(GL_ARRAY_BUFFER, b->vbo[0]);
   bglVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   bglEnableVertexAttribArray(0);
   bglEnable(GL_BLEND);
   bglBlendFunc(GL_ONE, GL_ZERO);
   return 0;
}

/* One draw after the workload's state change (i alternates 0, 1). */
static void
bench_draw(struct bench *b, enum bench_workload w, unsigned d)
{
   const unsigned i = d & 1;
   switch (w) {
   case BENCH_NONE:
      break;
   case BENCH_TEXTURE:
      bglBindTexture(GL_TEXTURE_2D, b->tex[i]);
      break;
   case BENCH_SHADER:
      bglUseProgram(b->prog[i]);
      break;
   case BENCH_BLEND:
      bglBlendFunc(i ? GL_SRC_ALPHA : GL_ONE, i ? GL_ONE_MINUS_SRC_ALPHA : GL_ZERO);
      break;
   case BENCH_VBO:
      bglBindBuffer(GL_ARRAY_BUFFER, b->vbo[i]);
      bglVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
      break;
   case BENCH_UNIFORM:
      bglUniform4f(b->tint[0], 1.0f, i ? 0.5f : 1.0f, 1.0f, 1.0f);
      break;
   default:
      break;
   }
   bglDrawArrays(GL_TRIANGLES, 0, 3);
}

int
main(int argc, char **argv)
{
   enum bench_workload w = BENCH_WORKLOADS;
   unsigned draws = 200, frames = 3;
   int timed = 0;
   struct nvdemo_egl egl;
   struct bench b;
   char err[256];

   for (int a = 1; a < argc; a++) {
      if (!strcmp(argv[a], "--workload") && a + 1 < argc) {
         const char *name = argv[++a];
         for (unsigned i = 0; i < BENCH_WORKLOADS; i++) {
            if (!strcmp(name, bench_workload_names[i]))
               w = i;
         }
      } else if (!strcmp(argv[a], "--draws") && a + 1 < argc) {
         draws = strtoul(argv[++a], NULL, 0);
      } else if (!strcmp(argv[a], "--time")) {
         timed = 1;
      } else if (!strcmp(argv[a], "--frames") && a + 1 < argc) {
         frames = strtoul(argv[++a], NULL, 0);
      } else {
         w = BENCH_WORKLOADS;
         break;
      }
   }
   if (w == BENCH_WORKLOADS || !draws || frames < 2) {
      fprintf(stderr, "usage: nvbench-draw --workload "
              "none|texture|shader|blend|vbo|uniform [--draws N] "
              "[--frames F >= 2] [--time]\n");
      return 2;
   }

   if (nvdemo_egl_init(&egl, err, sizeof(err))) {
      fprintf(stderr, "nvbench-draw: %s\n", err);
      return 1;
   }
   if (bench_load() || bench_setup(&b))
      return 1;

   for (unsigned f = 0; f < frames; f++) {
      struct timespec t0, t1;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      bglClearColor(0.1f, 0.2f, 0.3f, 1.0f);
      bglClear(GL_COLOR_BUFFER_BIT);
      /* Frame 0 warms up; the draws of the others are counted. */
      if (f == 1)
         CALLGRIND_TOGGLE_COLLECT;
      for (unsigned d = 0; d < draws; d++)
         bench_draw(&b, w, d);
      bglFlush();
      if (f == frames - 1)
         CALLGRIND_TOGGLE_COLLECT;
      if (timed) {
         bglFinish();
         clock_gettime(CLOCK_MONOTONIC, &t1);
         printf("frame %u: %.3f ms\n", f, (t1.tv_sec - t0.tv_sec) * 1e3 +
                (t1.tv_nsec - t0.tv_nsec) / 1e6);
      }
   }
   bglFinish();

   GLubyte px[4] = { 0 };
   bglReadPixels(BENCH_SIZE / 2, BENCH_SIZE / 2, 1, 1, GL_RGBA,
                GL_UNSIGNED_BYTE, px);
   GLenum e = bglGetError();
   printf("workload=%s draws=%u frames=%u pixel=%02x%02x%02x%02x\n",
          bench_workload_names[w], draws, frames - 1, px[0], px[1], px[2],
          px[3]);
   nvdemo_egl_fini(&egl);
   if (e != GL_NO_ERROR) {
      fprintf(stderr, "nvbench-draw: GL error 0x%04x\n", e);
      return 1;
   }
   return 0;
}
