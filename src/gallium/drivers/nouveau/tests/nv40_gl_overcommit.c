/*
 * VRAM overcommit (issue 8): more texture memory than the card has.
 *
 *  overcommit  textures totalling 128 MiB (four times the VRAM of the
 *            32 MiB card this runs on, NVSIM_VRAM_MB=32): RGBA8 1024x1024,
 *            RGBA8 512x512 with all its mipmap levels, L8 1024x1024 and
 *            RGBA4 1024x512, each texel of each level a value of its own
 *            (a hash of texture, level, x, y).  Then every texture is
 *            drawn, eight at a time into the eight 64x64 tiles of a
 *            256x128 FBO, with a 1:1 texel-to-pixel mapping (NEAREST, the
 *            window moving with the round), in two rounds of opposite
 *            orders, each tile read back and compared; then every texel
 *            of every level is read back (glGetTexImage) and compared.
 *            Expected: 0 texels lost, no GL error.  The free VRAM the
 *            driver reports (GL_NVX_gpu_memory_info) must go down while
 *            the textures are made, on a driver that knows it (not
 *            llvmpipe, whose memory is the host's).
 *  oom       run with NVSIM_VRAM_MB=32 NVSIM_GART_MB=64: 1024x1024 RGBA8
 *            textures (4 MiB) are made until glTexImage2D reports
 *            GL_OUT_OF_MEMORY (at most 60 of them, 240 MiB).  On the
 *            simulated card it must come, and not before VRAM + GART
 *            (GL_GPU_MEMORY_INFO_TOTAL_AVAILABLE_MEMORY_NVX) minus 16 MiB
 *            are taken (the driver's own buffers and page rounding); on
 *            llvmpipe, which allocates host memory, it may never come.
 *            Either way no other error, and every texture made before
 *            reads back intact; after two are deleted, a new one can be
 *            made and the first and last draw correctly.
 * Expected values come from the uploaded data: texel values are exact in
 * every format used (8-bit and 4-bit unorm channels read back as
 * uploaded; a 4-bit channel c drawn into RGBA8 is c * 17).
 * Not built by meson (it links the installed libEGL/libGL):
 *   L=build/install/lib/x86_64-linux-gnu
 *   gcc -O1 -o /tmp/oc nv40_gl_overcommit.c -L$L -lEGL -lGL -Wl,-rpath,$L
 *   NVSIM_VRAM_MB=32 scripts/nvrun --chip nv40 -- /tmp/oc overcommit
 *   NVSIM_VRAM_MB=32 NVSIM_GART_MB=64 scripts/nvrun --chip nv40 -- /tmp/oc oom
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nouveau_gl_util.h"

#ifndef GL_GPU_MEMORY_INFO_DEDICATED_VIDMEM_NVX
#define GL_GPU_MEMORY_INFO_DEDICATED_VIDMEM_NVX 0x9047
#define GL_GPU_MEMORY_INFO_TOTAL_AVAILABLE_MEMORY_NVX 0x9048
#define GL_GPU_MEMORY_INFO_CURRENT_AVAILABLE_VIDMEM_NVX 0x9049
#endif

#define MiB (1024u * 1024u)

enum kind { RGBA8, RGBA8_MIP, L8, RGBA4, NUM_KINDS };

static const struct {
   const char *name;
   int w, h;
   bool mip;
   GLenum internal, format, type;
   unsigned bpp;
} kinds[NUM_KINDS] = {
   [RGBA8] = { "RGBA8 1024x1024", 1024, 1024, false, GL_RGBA8, GL_RGBA,
               GL_UNSIGNED_BYTE, 4 },
   [RGBA8_MIP] = { "RGBA8 512x512 mipmapped", 512, 512, true, GL_RGBA8,
                   GL_RGBA, GL_UNSIGNED_BYTE, 4 },
   [L8] = { "L8 1024x1024", 1024, 1024, false, GL_LUMINANCE8, GL_LUMINANCE,
            GL_UNSIGNED_BYTE, 1 },
   [RGBA4] = { "RGBA4 1024x512", 1024, 512, false, GL_RGBA4, GL_RGBA,
               GL_UNSIGNED_SHORT_4_4_4_4, 2 },
};

struct tex {
   GLuint name;
   enum kind kind;
   unsigned seed;
   int levels;
};

static bool is_llvmpipe;

static uint32_t
hash(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
   uint32_t h = a * 0x9e3779b1u ^ b * 0x85ebca77u ^ c * 0xc2b2ae3du ^
                d * 0x27d4eb2fu;
   h ^= h >> 15;
   h *= 0x2c1b3c6du;
   h ^= h >> 12;
   h *= 0x297a2d39u;
   h ^= h >> 15;
   return h;
}

static int
level_count(enum kind k)
{
   if (!kinds[k].mip)
      return 1;
   int n = 1, s = kinds[k].w > kinds[k].h ? kinds[k].w : kinds[k].h;
   while (s > 1) {
      s >>= 1;
      n++;
   }
   return n;
}

static int
lw(const struct tex *t, int l)
{
   int w = kinds[t->kind].w >> l;
   return w ? w : 1;
}

static int
lh(const struct tex *t, int l)
{
   int h = kinds[t->kind].h >> l;
   return h ? h : 1;
}

/* The bytes of texel (x, y) of level l, as uploaded (and read back). */
static void
texel(const struct tex *t, int l, int x, int y, uint8_t *out)
{
   uint32_t h = hash(t->seed, l, x, y);
   switch (kinds[t->kind].bpp) {
   case 4:
      memcpy(out, &h, 4);
      break;
   case 2: {
      uint16_t v = (uint16_t)h;
      memcpy(out, &v, 2);
      break;
   }
   default:
      out[0] = (uint8_t)h;
      break;
   }
}

/* What the texel looks like drawn into an RGBA8 target: 0xRRGGBBAA. */
static unsigned
texel_rgba(const struct tex *t, int l, int x, int y)
{
   uint8_t b[4];
   texel(t, l, x, y, b);
   switch (t->kind) {
   case L8:
      return b[0] * 0x01010100u | 0xff;
   case RGBA4: {
      uint16_t v;
      memcpy(&v, b, 2);
      /* GL_UNSIGNED_SHORT_4_4_4_4: R in the top nibble */
      return ((v >> 12) & 0xf) * 17u << 24 | ((v >> 8) & 0xf) * 17u << 16 |
             ((v >> 4) & 0xf) * 17u << 8 | (v & 0xf) * 17u;
   }
   default:
      return (unsigned)b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3];
   }
}

static size_t
level_bytes(const struct tex *t, int l)
{
   return (size_t)lw(t, l) * lh(t, l) * kinds[t->kind].bpp;
}

static size_t
tex_bytes(const struct tex *t)
{
   size_t n = 0;
   for (int l = 0; l < t->levels; l++)
      n += level_bytes(t, l);
   return n;
}

/* Makes and uploads the texture; the GL error of its glTexImage2D calls
 * (the first one that is not GL_NO_ERROR). */
static GLenum
make_tex(struct tex *t, enum kind k, unsigned seed, uint8_t *buf)
{
   GLenum err = GL_NO_ERROR;

   t->kind = k;
   t->seed = seed;
   t->levels = level_count(k);
   glGenTextures(1, &t->name);
   glBindTexture(GL_TEXTURE_2D, t->name);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (int l = 0; l < t->levels; l++) {
      unsigned bpp = kinds[k].bpp;
      for (int y = 0; y < lh(t, l); y++) {
         for (int x = 0; x < lw(t, l); x++)
            texel(t, l, x, y, buf + ((size_t)y * lw(t, l) + x) * bpp);
      }
      glTexImage2D(GL_TEXTURE_2D, l, kinds[k].internal, lw(t, l), lh(t, l),
                   0, kinds[k].format, kinds[k].type, buf);
      GLenum e = glGetError();
      if (err == GL_NO_ERROR)
         err = e;
   }
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                   kinds[k].mip ? GL_NEAREST_MIPMAP_NEAREST : GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   return err;
}

/* Texels of every level that do not read back as uploaded. */
static unsigned long
readback_lost(const struct tex *t, uint8_t *buf)
{
   unsigned long lost = 0;
   unsigned bpp = kinds[t->kind].bpp;

   glBindTexture(GL_TEXTURE_2D, t->name);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (int l = 0; l < t->levels; l++) {
      memset(buf, 0xa5, level_bytes(t, l));
      glGetTexImage(GL_TEXTURE_2D, l, kinds[t->kind].format,
                    kinds[t->kind].type, buf);
      for (int y = 0; y < lh(t, l); y++) {
         for (int x = 0; x < lw(t, l); x++) {
            uint8_t want[4];
            texel(t, l, x, y, want);
            if (memcmp(buf + ((size_t)y * lw(t, l) + x) * bpp, want, bpp)) {
               if (!lost)
                  printf("     texture %u level %d: first lost texel "
                         "(%d,%d)\n", t->name, l, x, y);
               lost++;
            }
         }
      }
   }
   return lost;
}

static GLuint fbo, rb;
#define TILE 64
#define FBO_W (4 * TILE)
#define FBO_H (2 * TILE)

static void
make_fbo(void)
{
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, FBO_W, FBO_H);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL framebuffer incomplete\n");
      fails++;
   }
   glViewport(0, 0, FBO_W, FBO_H);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, FBO_W, 0, FBO_H, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
}

/* Where tile `slot` samples texture t in round r: a 64x64 window of
 * level 0 (the whole level if smaller). */
static void
window(const struct tex *t, int r, int *ox, int *oy)
{
   int w = lw(t, 0), h = lh(t, 0);
   *ox = w > TILE ? (int)(hash(t->seed, r, 1, 7) % (unsigned)(w - TILE)) : 0;
   *oy = h > TILE ? (int)(hash(t->seed, r, 2, 9) % (unsigned)(h - TILE)) : 0;
}

/* Draws up to eight textures into the tiles, then reads the FBO back;
 * returns the pixels that are not the texel they show. */
static unsigned long
draw_batch(struct tex *const *batch, int n, int r, uint32_t *pixels)
{
   unsigned long bad = 0;

   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_TEXTURE_2D);
   glColor4f(1, 1, 1, 1);
   for (int i = 0; i < n; i++) {
      const struct tex *t = batch[i];
      int ox, oy, x0 = (i % 4) * TILE, y0 = (i / 4) * TILE;
      float w = (float)lw(t, 0), h = (float)lh(t, 0);
      window(t, r, &ox, &oy);
      glBindTexture(GL_TEXTURE_2D, t->name);
      glBegin(GL_QUADS);
      glTexCoord2f(ox / w, oy / h);
      glVertex2f(x0, y0);
      glTexCoord2f((ox + TILE) / w, oy / h);
      glVertex2f(x0 + TILE, y0);
      glTexCoord2f((ox + TILE) / w, (oy + TILE) / h);
      glVertex2f(x0 + TILE, y0 + TILE);
      glTexCoord2f(ox / w, (oy + TILE) / h);
      glVertex2f(x0, y0 + TILE);
      glEnd();
   }
   glDisable(GL_TEXTURE_2D);
   glReadPixels(0, 0, FBO_W, FBO_H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   for (int i = 0; i < n; i++) {
      const struct tex *t = batch[i];
      int ox, oy, x0 = (i % 4) * TILE, y0 = (i / 4) * TILE;
      unsigned long tbad = 0;
      window(t, r, &ox, &oy);
      for (int y = 0; y < TILE; y++) {
         for (int x = 0; x < TILE; x++) {
            const uint8_t *p = (const uint8_t *)&pixels[(y0 + y) * FBO_W +
                                                        x0 + x];
            unsigned got = (unsigned)p[0] << 24 | p[1] << 16 | p[2] << 8 |
                           p[3];
            unsigned want = texel_rgba(t, 0, ox + x, oy + y);
            if (got != want) {
               if (!tbad)
                  printf("     texture %u drawn, round %d: pixel (%d,%d) "
                         "%08x, texel (%d,%d) is %08x\n", t->name, r, x, y,
                         got, ox + x, oy + y, want);
               tbad++;
            }
         }
      }
      bad += tbad;
   }
   return bad;
}

static bool has_nvx;

static GLint
nvx(GLenum pname)
{
   GLint v = -1;
   if (has_nvx)
      glGetIntegerv(pname, &v);
   return v;
}

static void
test_overcommit(void)
{
   const size_t target = 128u * MiB;
   static const enum kind order[] = { RGBA8, L8, RGBA8_MIP, RGBA4, L8 };
   struct tex *texs = calloc(256, sizeof(*texs));
   uint8_t *buf = malloc(4 * MiB);
   uint32_t *pixels = malloc(FBO_W * FBO_H * 4);
   size_t total = 0;
   unsigned n = 0, per_kind[NUM_KINDS] = { 0 };

   make_fbo();
   GLint vidmem = nvx(GL_GPU_MEMORY_INFO_DEDICATED_VIDMEM_NVX);
   GLint free0 = nvx(GL_GPU_MEMORY_INFO_CURRENT_AVAILABLE_VIDMEM_NVX);
   while (total < target && n < 256) {
      enum kind k = order[n % (sizeof(order) / sizeof(order[0]))];
      GLenum err = make_tex(&texs[n], k, 1000 + n, buf);
      if (err != GL_NO_ERROR) {
         printf("FAIL texture %u (%s): GL error 0x%x with %zu MiB made\n",
                n, kinds[k].name, err, total / MiB);
         fails++;
         break;
      }
      total += tex_bytes(&texs[n]);
      per_kind[k]++;
      n++;
   }
   glFinish();
   GLint free1 = nvx(GL_GPU_MEMORY_INFO_CURRENT_AVAILABLE_VIDMEM_NVX);
   printf("     %u textures, %zu bytes (%.1f MiB):", n, total,
          total / (double)MiB);
   for (int k = 0; k < NUM_KINDS; k++)
      printf(" %u %s;", per_kind[k], kinds[k].name);
   printf("\n     NVX: dedicated %d KiB, available %d KiB before, %d KiB "
          "after\n", vidmem, free0, free1);
   if (has_nvx && !is_llvmpipe) {
      /* 128 MiB of textures fill the 32 MiB: at most a quarter free */
      if (free1 < 0 || free1 >= free0 || free1 > vidmem / 4) {
         printf("FAIL free VRAM reported %d KiB after the textures "
                "(%d before, %d in all)\n", free1, free0, vidmem);
         fails++;
      } else {
         printf("ok   free VRAM reported went down with the textures\n");
      }
   }

   /* every texture drawn, eight at a time, in two rounds of opposite
    * orders */
   unsigned long bad_pixels = 0, drawn = 0;
   for (int r = 0; r < 2; r++) {
      struct tex *batch[8];
      int nb = 0;
      for (unsigned i = 0; i < n; i++) {
         batch[nb++] = &texs[r ? n - 1 - i : i];
         if (nb == 8 || i == n - 1) {
            bad_pixels += draw_batch(batch, nb, r, pixels);
            drawn += nb;
            nb = 0;
         }
      }
   }
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      printf("FAIL GL error 0x%x while drawing\n", err);
      fails++;
   }
   printf("     %lu draws, %lu pixels checked\n", drawn,
          drawn * TILE * TILE);
   check_u("pixels that are not their texel", bad_pixels, 0);

   unsigned long lost = 0, texels = 0;
   for (unsigned i = 0; i < n; i++) {
      lost += readback_lost(&texs[i], buf);
      for (int l = 0; l < texs[i].levels; l++)
         texels += (unsigned long)lw(&texs[i], l) * lh(&texs[i], l);
   }
   printf("     %lu texels read back\n", texels);
   check_u("lost texels", lost, 0);

   for (unsigned i = 0; i < n; i++)
      glDeleteTextures(1, &texs[i].name);
   free(texs);
   free(buf);
   free(pixels);
}

static void
test_oom(void)
{
   const unsigned cap = 60;
   struct tex *texs = calloc(cap + 1, sizeof(*texs));
   uint8_t *buf = malloc(4 * MiB);
   uint32_t *pixels = malloc(FBO_W * FBO_H * 4);
   unsigned n = 0;
   bool oom = false;

   make_fbo();
   GLint all = nvx(GL_GPU_MEMORY_INFO_TOTAL_AVAILABLE_MEMORY_NVX);
   while (n < cap) {
      GLenum err = make_tex(&texs[n], RGBA8, 5000 + n, buf);
      if (err == GL_OUT_OF_MEMORY) {
         oom = true;
         glDeleteTextures(1, &texs[n].name);
         break;
      }
      if (err != GL_NO_ERROR) {
         printf("FAIL texture %u: GL error 0x%x, not GL_OUT_OF_MEMORY\n", n,
                err);
         fails++;
         glDeleteTextures(1, &texs[n].name);
         break;
      }
      n++;
   }
   size_t made = (size_t)n * 4 * MiB;
   printf("     %u textures (%zu MiB) made, then %s; VRAM + GART %d KiB\n",
          n, made / MiB, oom ? "GL_OUT_OF_MEMORY" : "the cap", all);
   if (is_llvmpipe) {
      printf("ok   llvmpipe: %s within %u MiB of host memory\n",
             oom ? "GL_OUT_OF_MEMORY" : "no GL_OUT_OF_MEMORY", cap * 4);
   } else if (!oom) {
      printf("FAIL no GL_OUT_OF_MEMORY with %zu MiB of textures\n",
             made / MiB);
      fails++;
   } else if (all <= 0 || made + 16u * MiB < (size_t)all * 1024) {
      printf("FAIL GL_OUT_OF_MEMORY with only %zu MiB made of %d KiB\n",
             made / MiB, all);
      fails++;
   } else {
      printf("ok   GL_OUT_OF_MEMORY once VRAM + GART were full\n");
   }

   unsigned long lost = 0;
   for (unsigned i = 0; i < n; i++)
      lost += readback_lost(&texs[i], buf);
   check_u("texels lost of the textures made before", lost, 0);

   /* room again once two go; the first and the last still draw */
   if (n >= 3) {
      glDeleteTextures(1, &texs[1].name);
      glDeleteTextures(1, &texs[2].name);
      glFinish();
      GLenum err = make_tex(&texs[1], RGBA8, 7000, buf);
      check_u("GL error of a texture made after two were deleted", err,
              GL_NO_ERROR);
      texs[2] = texs[n - 1];
      struct tex *batch[3] = { &texs[0], &texs[1], &texs[2] };
      check_u("pixels that are not their texel", draw_batch(batch, 3, 0,
                                                             pixels), 0);
      glDeleteTextures(1, &texs[0].name);
      glDeleteTextures(1, &texs[1].name);
      for (unsigned i = 3; i < n; i++)
         glDeleteTextures(1, &texs[i].name);
   } else {
      for (unsigned i = 0; i < n; i++)
         glDeleteTextures(1, &texs[i].name);
   }
   free(texs);
   free(buf);
   free(pixels);
}

int
main(int argc, char **argv)
{
   const char *renderer = nvgl_context();
   if (!renderer)
      return 2;
   is_llvmpipe = strstr(renderer, "llvmpipe") != NULL;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   has_nvx = ext && strstr(ext, "GL_NVX_gpu_memory_info");
   printf("     GL_NVX_gpu_memory_info %s\n", has_nvx ? "yes" : "no");
   if (!has_nvx && !is_llvmpipe) {
      printf("FAIL the driver does not offer GL_NVX_gpu_memory_info\n");
      fails++;
   }

   bool any = false;
   for (int a = 1; a < argc; a++) {
      if (!strcmp(argv[a], "overcommit"))
         test_overcommit();
      else if (!strcmp(argv[a], "oom"))
         test_oom();
      else {
         printf("FAIL unknown part %s\n", argv[a]);
         fails++;
      }
      any = true;
   }
   if (!any)
      test_overcommit();
   return nvgl_done();
}
