/*
 * nvdemo [--frames N] [--size WxH] [--output path.png]
 *
 * Renders the demo scene (three meshing gears, per-vertex lighting) with
 * desktop OpenGL 2.0 on EGL's surfaceless platform into a framebuffer object,
 * frames 0 .. N-1, each a function of its frame number only.  Prints the
 * renderer and the time of each frame, writes the last frame as a PNG and
 * prints its path as the last line.  Exits 1 on any EGL/GL error, 2 on bad
 * arguments.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nvdemo_egl.h"
#include "nvdemo_gl.h"
#include "nvdemo_png.h"
#include "nvdemo_scene.h"

#define MAX_SIDE 8192

struct options {
   unsigned frames, width, height;
   const char *output;
};

static void
usage(FILE *f)
{
   fprintf(f, "usage: nvdemo [--frames N] [--size WxH] [--output path.png]\n"
              "  --frames N   frames to render, 1..1000000 (default 10)\n"
              "  --size WxH   picture size, 1..%d each (default 256x256)\n"
              "  --output P   PNG of the last frame (default nvdemo.png)\n",
           MAX_SIDE);
}

static int
parse_uint(const char *text, unsigned lo, unsigned hi, unsigned *out, char **rest)
{
   char *end;

   if (text[0] < '0' || text[0] > '9')
      return -1;
   errno = 0;
   const unsigned long v = strtoul(text, &end, 10);
   if (errno || end == text || v < lo || v > hi)
      return -1;
   if (rest)
      *rest = end;
   else if (*end != '\0')
      return -1;
   *out = (unsigned)v;
   return 0;
}

static int
parse_args(int argc, char **argv, struct options *o)
{
   o->frames = 10;
   o->width = o->height = 256;
   o->output = "nvdemo.png";

   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
         usage(stdout);
         exit(0);
      }
      if (strcmp(arg, "--frames") && strcmp(arg, "--size") &&
          strcmp(arg, "--output")) {
         fprintf(stderr, "nvdemo: unknown argument '%s'\n", arg);
         usage(stderr);
         return -1;
      }
      if (i + 1 >= argc) {
         fprintf(stderr, "nvdemo: %s needs a value\n", arg);
         return -1;
      }
      const char *value = argv[++i];
      if (!strcmp(arg, "--frames")) {
         if (parse_uint(value, 1, 1000000, &o->frames, NULL)) {
            fprintf(stderr, "nvdemo: --frames wants a number from 1 to "
                    "1000000, got '%s'\n", value);
            return -1;
         }
      } else if (!strcmp(arg, "--size")) {
         char *rest;
         if (parse_uint(value, 1, MAX_SIDE, &o->width, &rest) ||
             (*rest != 'x' && *rest != 'X') ||
             parse_uint(rest + 1, 1, MAX_SIDE, &o->height, NULL)) {
            fprintf(stderr, "nvdemo: --size wants WxH with 1 <= W, H <= %d, "
                    "got '%s'\n", MAX_SIDE, value);
            return -1;
         }
      } else {
         if (!value[0]) {
            fprintf(stderr, "nvdemo: --output wants a file name\n");
            return -1;
         }
         o->output = value;
      }
   }
   return 0;
}

static double
now_ms(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
check_gl(const char *when)
{
   GLenum e = nvgl.GetError();
   if (e == GL_NO_ERROR)
      return 0;
   fprintf(stderr, "nvdemo: GL error %s (0x%04x) %s\n",
           nvdemo_gl_error_name(e), e, when);
   /* Drain the others so that they are reported too. */
   for (int i = 0; i < 8 && (e = nvgl.GetError()) != GL_NO_ERROR; i++)
      fprintf(stderr, "nvdemo: and GL error %s (0x%04x)\n",
              nvdemo_gl_error_name(e), e);
   return -1;
}

struct target {
   GLuint fbo, color, depth;
};

static int
create_target(struct target *t, unsigned width, unsigned height)
{
   GLint max_size = 0;

   nvgl.GetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
   if ((GLint)width > max_size || (GLint)height > max_size) {
      fprintf(stderr, "nvdemo: %ux%u is larger than this driver's renderbuffers "
              "(GL_MAX_RENDERBUFFER_SIZE = %d)\n", width, height, max_size);
      return -1;
   }
   nvgl.GenFramebuffers(1, &t->fbo);
   nvgl.BindFramebuffer(GL_FRAMEBUFFER, t->fbo);
   nvgl.GenRenderbuffers(1, &t->color);
   nvgl.BindRenderbuffer(GL_RENDERBUFFER, t->color);
   nvgl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
   nvgl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                GL_RENDERBUFFER, t->color);
   nvgl.GenRenderbuffers(1, &t->depth);
   nvgl.BindRenderbuffer(GL_RENDERBUFFER, t->depth);
   nvgl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
   nvgl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                GL_RENDERBUFFER, t->depth);
   if (check_gl("creating the framebuffer object"))
      return -1;
   const GLenum status = nvgl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (status != GL_FRAMEBUFFER_COMPLETE) {
      fprintf(stderr, "nvdemo: the framebuffer object (RGBA8 colour, "
              "DEPTH_COMPONENT24 depth) is incomplete: %s (0x%04x)\n",
              nvdemo_gl_fbo_status_name(status), status);
      return -1;
   }
   return 0;
}

static void
destroy_target(struct target *t)
{
   nvgl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   if (t->fbo)
      nvgl.DeleteFramebuffers(1, &t->fbo);
   if (t->color)
      nvgl.DeleteRenderbuffers(1, &t->color);
   if (t->depth)
      nvgl.DeleteRenderbuffers(1, &t->depth);
}

static int
run(const struct options *o)
{
   struct nvdemo_scene scene;
   struct target target = { 0 };
   char err[2048];
   int status = 1;
   uint8_t *pixels = NULL;

   memset(&scene, 0, sizeof(scene));
   if (nvdemo_gl_load(err, sizeof(err))) {
      fprintf(stderr, "nvdemo: %s\n", err);
      return 1;
   }
   printf("GL_RENDERER: %s\n", (const char *)nvgl.GetString(GL_RENDERER));
   printf("GL_VERSION: %s\n", (const char *)nvgl.GetString(GL_VERSION));
   printf("framebuffer objects: %s\n", nvgl.fbo_flavour);

   if (create_target(&target, o->width, o->height))
      goto out;
   if (nvdemo_scene_init(&scene, err, sizeof(err))) {
      fprintf(stderr, "nvdemo: %s\n", err);
      goto out;
   }
   if (check_gl("setting up the scene"))
      goto out;

   nvgl.Viewport(0, 0, o->width, o->height);
   nvgl.Enable(GL_DEPTH_TEST);
   nvgl.DepthFunc(GL_LESS);
   nvgl.ClearColor(0.10f, 0.12f, 0.16f, 1.0f);
   nvgl.ClearDepth(1.0);

   double total = 0.0;
   for (unsigned frame = 0; frame < o->frames; frame++) {
      const double start = now_ms();
      nvgl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      nvdemo_scene_draw(&scene, frame, (float)o->width / (float)o->height);
      /* Wait for the frame, so that its time is the time to render it. */
      nvgl.Finish();
      const double ms = now_ms() - start;
      total += ms;
      char when[64];
      snprintf(when, sizeof(when), "in frame %u", frame);
      if (check_gl(when))
         goto out;
      printf("frame %u: %.1f ms\n", frame, ms);
      fflush(stdout);
   }
   printf("%u frames in %.1f ms (%.1f ms per frame)\n", o->frames, total,
          total / o->frames);

   const size_t size = (size_t)o->width * o->height * 4;
   pixels = malloc(size);
   if (!pixels) {
      fprintf(stderr, "nvdemo: out of memory (%zu bytes for the picture)\n", size);
      goto out;
   }
   nvgl.PixelStorei(GL_PACK_ALIGNMENT, 1);
   nvgl.ReadPixels(0, 0, o->width, o->height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   if (check_gl("reading back the picture"))
      goto out;
   /* glReadPixels returns the bottom row first. */
   if (nvdemo_png_write(o->output, pixels, o->width, o->height, 1, err,
                        sizeof(err))) {
      fprintf(stderr, "nvdemo: %s\n", err);
      goto out;
   }
   printf("%s\n", o->output);
   status = 0;

out:
   free(pixels);
   nvdemo_scene_fini(&scene);
   destroy_target(&target);
   return status;
}

int
main(int argc, char **argv)
{
   struct options o;
   struct nvdemo_egl egl;
   char err[1024];

   if (parse_args(argc, argv, &o))
      return 2;
   if (nvdemo_egl_init(&egl, err, sizeof(err))) {
      fprintf(stderr, "nvdemo: %s\n", err);
      nvdemo_egl_fini(&egl);
      return 1;
   }
   const int status = run(&o);
   nvdemo_egl_fini(&egl);
   return status;
}
