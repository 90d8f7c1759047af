/*
 * GL check of framebuffer objects whose colour and depth attachments
 * differ in size (GL_ARB_framebuffer_object, core in GL 3.0), written for
 * rankine: its colour and zeta share one RT_FORMAT type and, for swizzled
 * (power-of-two texture) targets, one size, so the driver draws a depth
 * buffer that differs from its colour buffer through a copy in the
 * colour's layout and size (nv30_resource.c nv30_surface_match_zeta).
 * Attachments: textures (power-of-two: swizzled on rankine), mip levels,
 * a cube face, a 3D slice, renderbuffers (rectangles: linear), smaller
 * and larger depth, NPOT sizes, a 1x1 level (the 16x2 target of
 * nv30_emit.c), a 4x1 level it cannot place, colour only and depth
 * only.
 *
 * ARB_framebuffer_object section 4.4.4 (GL 3.0 section 4.4.4,
 * "Framebuffer Completeness"): attachments of different sizes make a
 * complete framebuffer, rendering is limited to the largest area that
 * fits in all of them, from (0, 0); contents outside it are undefined
 * after rendering, so only that area (W x H, the smallest width and
 * height) is checked.  In it, with depth test LESS, depth cleared to 1:
 *   A: the left ceil(W/2) columns, window z 0.5 (NDC 0), red;
 *   B: all of it, window z 0.75 (NDC 0.5), green: passes on the right;
 *   the framebuffer is unbound and bound again (the depth must survive,
 *   GL 3.0 section 4.4.2: attached images are the texture's/
 *   renderbuffer's own), then
 *   D: all of it, window z 0.6 (NDC 0.2), blue: passes on the right.
 * Left: red, depth 0.5; right: blue, depth 0.6 (GL 2.1 section 4.1.5,
 * the depth test; section 2.11.1, z_w = (z_d + 1) / 2 with the default
 * depth range).  Without depth: blue everywhere.  Depth read back with
 * glReadPixels(GL_DEPTH_COMPONENT) within 2^-12 (24-bit depth buffers).
 * llvmpipe and NV40 (native mixed sizes) must agree.
 *   tests/gl/run.sh builds and runs it; by hand:
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -o /tmp/nv30_gl_fbo_sizes nv30_gl_fbo_sizes.c -L$L -lEGL -lGL \
 *      -Wl,-rpath,$L
 *   scripts/nvrun --chip nv30 -- /tmp/nv30_gl_fbo_sizes
 */
#include <math.h>
#include <string.h>

#include "nouveau_gl_util.h"

enum kind { NONE, RB, TEX2D, CUBE, TEX3D };

struct image {
   enum kind kind;
   int w, h, d;    /* level 0's size (d: 3D depth) */
   int level;      /* the level attached (textures) */
   int layer;      /* cube face index or 3D slice */
};

static int
minify(int s, int level)
{
   return s >> level ? s >> level : 1;
}

/* Allocates every level of a texture, so that the attached one sits where
 * it does in a full chain. */
static void
alloc_levels(GLenum target, GLenum ifmt, GLenum fmt, GLenum type,
             const struct image *im)
{
   int levels = 1;
   while (minify(im->w, levels - 1) > 1 || minify(im->h, levels - 1) > 1 ||
          (target == GL_TEXTURE_3D && minify(im->d, levels - 1) > 1))
      levels++;
   for (int l = 0; l < levels; l++) {
      int w = minify(im->w, l), h = minify(im->h, l);
      if (target == GL_TEXTURE_3D) {
         glTexImage3D(target, l, ifmt, w, h, minify(im->d, l), 0, fmt, type,
                      NULL);
      } else if (target == GL_TEXTURE_CUBE_MAP) {
         for (int f = 0; f < 6; f++)
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, l, ifmt, w, h, 0,
                         fmt, type, NULL);
      } else {
         glTexImage2D(target, l, ifmt, w, h, 0, fmt, type, NULL);
      }
   }
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

/* Makes im and attaches it to the bound framebuffer at att. */
static void
attach(const struct image *im, GLenum att, bool depth)
{
   GLenum ifmt = depth ? GL_DEPTH_COMPONENT24 : GL_RGBA8;
   GLenum fmt = depth ? GL_DEPTH_COMPONENT : GL_RGBA;
   GLenum type = depth ? GL_UNSIGNED_INT : GL_UNSIGNED_BYTE;
   GLuint name;

   switch (im->kind) {
   case NONE:
      break;
   case RB:
      glGenRenderbuffers(1, &name);
      glBindRenderbuffer(GL_RENDERBUFFER, name);
      glRenderbufferStorage(GL_RENDERBUFFER, ifmt, im->w, im->h);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, att, GL_RENDERBUFFER, name);
      break;
   case TEX2D:
      glGenTextures(1, &name);
      glBindTexture(GL_TEXTURE_2D, name);
      alloc_levels(GL_TEXTURE_2D, ifmt, fmt, type, im);
      glFramebufferTexture2D(GL_FRAMEBUFFER, att, GL_TEXTURE_2D, name,
                             im->level);
      break;
   case CUBE:
      glGenTextures(1, &name);
      glBindTexture(GL_TEXTURE_CUBE_MAP, name);
      alloc_levels(GL_TEXTURE_CUBE_MAP, ifmt, fmt, type, im);
      glFramebufferTexture2D(GL_FRAMEBUFFER, att,
                             GL_TEXTURE_CUBE_MAP_POSITIVE_X + im->layer, name,
                             im->level);
      break;
   case TEX3D:
      glGenTextures(1, &name);
      glBindTexture(GL_TEXTURE_3D, name);
      alloc_levels(GL_TEXTURE_3D, ifmt, fmt, type, im);
      glFramebufferTexture3D(GL_FRAMEBUFFER, att, GL_TEXTURE_3D, name,
                             im->level, im->layer);
      break;
   }
}

/* A quad over columns [0, cols) of the W-wide area at NDC depth z. */
static void
quad(int cols, int W, float z, float r, float g, float b)
{
   float x1 = -1 + 2.0f * cols / W;
   glColor3f(r, g, b);
   glBegin(GL_QUADS);
   glVertex3f(-1, -1, z);
   glVertex3f(x1, -1, z);
   glVertex3f(x1, 1, z);
   glVertex3f(-1, 1, z);
   glEnd();
}

static void
check_depth(const char *what, int x, int y, float want)
{
   float got = -1;
   glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &got);
   if (fabsf(got - want) > 1.0f / 4096) {
      printf("FAIL %s depth (%d,%d): got %f want %f\n", what, x, y, got,
             want);
      fails++;
   } else {
      printf("ok   %s depth (%d,%d) = %f\n", what, x, y, got);
   }
}

static void
run(const char *what, struct image c, struct image z)
{
   int cw = minify(c.w, c.level), ch = minify(c.h, c.level);
   int zw = minify(z.w, z.level), zh = minify(z.h, z.level);
   int W = c.kind == NONE ? zw : z.kind == NONE ? cw : cw < zw ? cw : zw;
   int H = c.kind == NONE ? zh : z.kind == NONE ? ch : ch < zh ? ch : zh;
   int left = (W + 1) / 2;
   GLuint fb;
   GLenum status;

   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   attach(&c, GL_COLOR_ATTACHMENT0, false);
   attach(&z, GL_DEPTH_ATTACHMENT, true);
   if (c.kind == NONE) {
      glDrawBuffer(GL_NONE);
      glReadBuffer(GL_NONE);
   }
   status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   if (status != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL %s: framebuffer status 0x%x, not complete\n", what,
             status);
      fails++;
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      return;
   }

   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   if (z.kind != NONE) {
      glEnable(GL_DEPTH_TEST);
      glDepthFunc(GL_LESS);
   }
   quad(left, W, 0.0f, 1, 0, 0);
   quad(W, W, 0.5f, 0, 1, 0);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   quad(W, W, 0.2f, 0, 0, 1);
   glDisable(GL_DEPTH_TEST);

   /* corners of each half */
   int xs[4] = { 0, left - 1, left, W - 1 };
   int ys[4] = { 0, H - 1, 0, H - 1 };
   for (int i = 0; i < 4; i++) {
      bool is_left = xs[i] < left;
      bool seen = xs[i] >= W;   /* a 1-wide area has no right half */
      for (int j = 0; j < i; j++)
         seen |= xs[j] == xs[i] && ys[j] == ys[i];
      if (seen)
         continue;
      if (c.kind != NONE)
         check(what, xs[i], ys[i],
               z.kind != NONE && is_left ? 0xff0000ff : 0x0000ffff);
      if (z.kind != NONE)
         check_depth(what, xs[i], ys[i], is_left ? 0.5f : 0.6f);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
}

#define IM(k, w, h, ...) ((struct image){ k, w, h, 1, __VA_ARGS__ })

/* One depth texture (64x64) in two framebuffers: with a 32x32 colour
 * texture (rankine: drawn through a copy) and a 64x64 one (drawn as it
 * is).  In the 32x32 area: depth cleared to 1, A over all of it at 0.5
 * red in the first; in the second, B over the left half at 0.25 (NDC
 * -0.5) green; back in the first, D over all of it at 0.4 (NDC -0.2)
 * blue.  The first's colour: left red (D fails against B's 0.25), right
 * blue; depth left 0.25, right 0.4.  A copy not filled again when the
 * first is bound again would keep 0.5 on the left, and D would pass. */
static void
run_shared(void)
{
   const char *what = "depth tex 64x64 shared by tex 32x32 and tex 64x64";
   struct image d = IM(TEX2D, 64, 64), c1 = IM(TEX2D, 32, 32),
                c2 = IM(TEX2D, 64, 64);
   GLuint fb[2], dtex;

   glGenFramebuffers(2, fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   attach(&c1, GL_COLOR_ATTACHMENT0, false);
   attach(&d, GL_DEPTH_ATTACHMENT, true);
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, (GLint *)&dtex);
   glBindFramebuffer(GL_FRAMEBUFFER, fb[1]);
   attach(&c2, GL_COLOR_ATTACHMENT0, false);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D,
                          dtex, 0);
   for (int i = 0; i < 2; i++) {
      glBindFramebuffer(GL_FRAMEBUFFER, fb[i]);
      if (glCheckFramebufferStatus(GL_FRAMEBUFFER) !=
          GL_FRAMEBUFFER_COMPLETE) {
         printf("FAIL %s: framebuffer %d not complete\n", what, i);
         fails++;
         glBindFramebuffer(GL_FRAMEBUFFER, 0);
         return;
      }
   }

   glViewport(0, 0, 32, 32);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   quad(32, 32, 0.0f, 1, 0, 0);
   glBindFramebuffer(GL_FRAMEBUFFER, fb[1]);
   quad(16, 32, -0.5f, 0, 1, 0);
   glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
   quad(32, 32, -0.2f, 0, 0, 1);
   glDisable(GL_DEPTH_TEST);
   check(what, 0, 0, 0xff0000ff);
   check(what, 15, 31, 0xff0000ff);
   check(what, 16, 0, 0x0000ffff);
   check(what, 31, 31, 0x0000ffff);
   check_depth(what, 0, 0, 0.25f);
   check_depth(what, 31, 31, 0.4f);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(2, fb);
}

/* A depth texture written with glTexSubImage2D while attached (GL 2.1
 * section 3.8.1: the image is the texture's; nothing makes it stale for
 * the framebuffer): colour texture 32x32, depth texture 64x64 (rankine:
 * drawn through a copy).  Depth cleared to 1, A over all of it at 0.5
 * red; the left half of the 32x32 area set to 0.25; D over all of it
 * at 0.4 blue.  Left: red, depth 0.25; right: blue, depth 0.4. */
static void
run_subimage(void)
{
   const char *what = "depth tex 64x64 written while attached";
   struct image c = IM(TEX2D, 32, 32), d = IM(TEX2D, 64, 64);
   static float quarter[16 * 32];
   GLuint fb, dtex;

   for (int i = 0; i < 16 * 32; i++)
      quarter[i] = 0.25f;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   attach(&c, GL_COLOR_ATTACHMENT0, false);
   attach(&d, GL_DEPTH_ATTACHMENT, true);
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, (GLint *)&dtex);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL %s: framebuffer not complete\n", what);
      fails++;
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      return;
   }
   glViewport(0, 0, 32, 32);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   quad(32, 32, 0.0f, 1, 0, 0);
   glBindTexture(GL_TEXTURE_2D, dtex);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 32, GL_DEPTH_COMPONENT,
                   GL_FLOAT, quarter);
   quad(32, 32, -0.2f, 0, 0, 1);
   glDisable(GL_DEPTH_TEST);
   check(what, 0, 0, 0xff0000ff);
   check(what, 15, 31, 0xff0000ff);
   check(what, 16, 0, 0x0000ffff);
   check(what, 31, 31, 0x0000ffff);
   check_depth(what, 0, 0, 0.25f);
   check_depth(what, 31, 31, 0.4f);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
}

int
main(int argc, char **argv)
{
   if (!nvgl_context())
      return 1;
   if (!strstr((const char *)glGetString(GL_EXTENSIONS),
               "GL_ARB_framebuffer_object")) {
      printf("FAIL GL_ARB_framebuffer_object is not exposed\n");
      fails++;
      return nvgl_done();
   }

   /* swizzled colour, linear depth */
   run("tex 64x64 + depth rb 32x32", IM(TEX2D, 64, 64), IM(RB, 32, 32));
   run("tex 32x32 + depth rb 64x48", IM(TEX2D, 32, 32), IM(RB, 64, 48));
   run("tex 64x64 + depth rb 50x30", IM(TEX2D, 64, 64), IM(RB, 50, 30));
   /* swizzled both, different sizes */
   run("tex 64x64 + depth tex 32x32", IM(TEX2D, 64, 64), IM(TEX2D, 32, 32));
   run("tex 32x32 + depth tex 128x64", IM(TEX2D, 32, 32),
       IM(TEX2D, 128, 64));
   run("tex 16x64 + depth tex 64x16", IM(TEX2D, 16, 64), IM(TEX2D, 64, 16));
   run("tex level 1 of 64x64 + depth tex 64x64", IM(TEX2D, 64, 64, 1),
       IM(TEX2D, 64, 64));
   run("tex 64x64 + depth tex level 2 of 64x64", IM(TEX2D, 64, 64),
       IM(TEX2D, 64, 64, 2));
   /* linear colour */
   run("rb 48x40 + depth rb 64x64", IM(RB, 48, 40), IM(RB, 64, 64));
   run("rb 50x30 + depth tex 64x64", IM(RB, 50, 30), IM(TEX2D, 64, 64));
   run("rb 100x20 + depth tex 16x32", IM(RB, 100, 20), IM(TEX2D, 16, 32));
   /* a cube face, a 3D slice */
   run("cube 32x32 face +Y + depth rb 16x16", IM(CUBE, 32, 32, 0, 2),
       IM(RB, 16, 16));
   run("cube 32x32 face -Z level 1 + depth tex 64x64",
       IM(CUBE, 32, 32, 1, 5), IM(TEX2D, 64, 64));
   {
      struct image c = IM(TEX3D, 32, 32, 0, 2);
      c.d = 4;
      run("3D 32x32x4 slice 2 + depth tex 16x64", c, IM(TEX2D, 16, 64));
   }
   /* a 1x1 level (not 64-byte aligned: the 16x2 target) */
   run("tex 64x64 level 6 + depth rb 4x4", IM(TEX2D, 64, 64, 6),
       IM(RB, 4, 4));
   run("tex 64x64 level 6 + depth tex 8x8", IM(TEX2D, 64, 64, 6),
       IM(TEX2D, 8, 8));
   run("tex 64x64 level 5 + depth tex level 5 of 128x128",
       IM(TEX2D, 64, 64, 5), IM(TEX2D, 128, 128, 5));
   /* a 4x1 level at 224 bytes, which the 16x2 target cannot place */
   run("tex level 3 of 32x1 + depth tex level 3 of 32x1",
       IM(TEX2D, 32, 1, 3), IM(TEX2D, 32, 1, 3));
   run("depth tex level 3 of 32x1 alone", IM(NONE, 0, 0),
       IM(TEX2D, 32, 1, 3));
   /* one attachment */
   run("tex 32x16 alone", IM(TEX2D, 32, 16), IM(NONE, 0, 0));
   run("depth tex 32x16 alone", IM(NONE, 0, 0), IM(TEX2D, 32, 16));
   run("depth rb 40x24 alone", IM(NONE, 0, 0), IM(RB, 40, 24));
   run_shared();
   run_subimage();
   return nvgl_done();
}
