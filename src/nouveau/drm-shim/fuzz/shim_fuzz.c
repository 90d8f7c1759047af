/*
 * Fuzz harness over the nouveau drm-shim's ioctls (src/nouveau/drm-shim):
 * the input is a list of operations, each an op byte and the fields it
 * reads from the bytes after it (zeros once the input is used up):
 *
 *   op % 16  0 GEM_NEW          domain, size (< 16 MiB), align, tiling
 *            1 GEM_PUSHBUF      channel, buffers (handle, domains,
 *                               presumed placement), relocations, pushes,
 *                               SYNC; counts past the kernel's limits too
 *            2 CHANNEL_ALLOC    ctxdma handles (0, ~0 or any)
 *            3 CHANNEL_FREE     4 GROBJ_ALLOC (class: the chip's or any)
 *            5 NOTIFIEROBJ_ALLOC  6 GPUOBJ_FREE
 *            7 GEM_CPU_PREP     8 GEM_CPU_FINI   9 GEM_INFO
 *            10 GETPARAM        11 SETPARAM      12 GEM_CLOSE (the core's)
 *            13 words written into a BO through its mapping, as the
 *               application writes a pushbuffer
 *            14 any ioctl number with an argument of any size (the
 *               dispatcher's checks)
 *            15 the file is closed with everything on it, and reopened
 *
 * Handles, channel ids and buffer indices are picked from the ones the
 * input made (or taken raw when the byte says so), so that most
 * operations reach the handlers' real work.  Every ioctl goes through the
 * shim's dispatcher as drm-shim would call it.  The shim's device is
 * made once per process (as the shim does at load), with NVSIM_SYNC=1;
 * each input gets a new file, closed at its end.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "nouveau_shim.h"
/* after nouveau_shim.h: the kernel header needs <stdint.h> first */
#include "nouveau_drm.h"
#include "nvsim.h"
/* nvsim_fuzz_count_words: the word count run-fuzz.sh prints */
#include "nvsim_fuzz.h"
#include "shim_fuzz_core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_BOS 64
#define MAX_CHANNELS 8
#define MAX_OBJECTS 32
#define MAX_BO_SIZE (16u << 20)

struct input {
   const uint8_t *p, *end;
};

static uint8_t
rd8(struct input *in)
{
   return in->p < in->end ? *in->p++ : 0;
}

static uint16_t
rd16(struct input *in)
{
   return rd8(in) | (uint16_t)rd8(in) << 8;
}

static uint32_t
rd32(struct input *in)
{
   return rd16(in) | (uint32_t)rd16(in) << 16;
}

struct bo {
   uint32_t handle;
   uint64_t map_handle, size, offset;
   uint32_t domain;
};

struct state {
   int fd;
   struct bo bos[MAX_BOS];
   unsigned num_bos;
   int channels[MAX_CHANNELS];
   unsigned num_channels;
   uint32_t objects[MAX_OBJECTS];
   unsigned num_objects;
};

/* A byte picks one of the n things made so far (low 7 bits), or with the
 * top bit set stands for itself. */
static uint32_t
pick(uint8_t b, const uint32_t *made, unsigned n, uint32_t raw)
{
   if ((b & 0x80) || !n)
      return raw;
   return made[(b & 0x7f) % n];
}

static uint32_t
pick_handle(struct state *s, struct input *in)
{
   uint8_t b = rd8(in);
   if ((b & 0x80) || !s->num_bos)
      return b & 0x7f;
   return s->bos[(b & 0x7f) % s->num_bos].handle;
}

static int
pick_channel(struct state *s, struct input *in)
{
   uint8_t b = rd8(in);
   if ((b & 0x80) || !s->num_channels)
      return (int8_t)(b << 1) >> 1;
   return s->channels[(b & 0x7f) % s->num_channels];
}

static int
shim_ioctl(int fd, unsigned long request, void *arg)
{
   unsigned nr = _IOC_NR(request) - DRM_COMMAND_BASE;
   if (nr >= (unsigned)shim_device.driver_ioctl_count)
      return -EINVAL;
   int ret = shim_device.driver_ioctls[nr](fd, request, arg);
   return ret < 0 ? -errno : 0;
}

#define IOCTL(s, name, type, arg) \
   shim_ioctl((s)->fd, DRM_IOWR(DRM_COMMAND_BASE + DRM_NOUVEAU_##name, type), \
              (arg))

static uint64_t
pusher_words(struct state *s, int channel)
{
   struct nouveau_shim_file *file = nouveau_shim_file_get(s->fd);
   if (!file)
      return 0;
   struct nouveau_shim_channel *chan = nouveau_shim_channel_find(file, channel);
   return chan && chan->sim ? nvsim_channel_words_read(chan->sim) : 0;
}

static void
op_gem_new(struct state *s, struct input *in)
{
   struct drm_nouveau_gem_new req = { 0 };
   req.info.domain = rd8(in);
   req.info.size = rd32(in) % MAX_BO_SIZE;
   req.align = rd8(in) & 0x80 ? rd32(in) : 0;
   req.info.tile_mode = rd8(in);
   req.info.tile_flags = rd8(in);
   if (IOCTL(s, GEM_NEW, struct drm_nouveau_gem_new, &req) == 0 &&
       s->num_bos < MAX_BOS) {
      struct bo *bo = &s->bos[s->num_bos++];
      bo->handle = req.info.handle;
      bo->map_handle = req.info.map_handle;
      bo->size = req.info.size;
      bo->offset = req.info.offset;
      bo->domain = req.info.domain;
   }
}

static struct bo *
find_bo(struct state *s, uint32_t handle)
{
   for (unsigned i = 0; i < s->num_bos; i++) {
      if (s->bos[i].handle == handle)
         return &s->bos[i];
   }
   return NULL;
}

/* A count: small most of the time, past the kernel's limit when the byte
 * is 0xff. */
static unsigned
count(struct input *in, unsigned small, unsigned limit)
{
   uint8_t b = rd8(in);
   return b == 0xff ? limit + 1 + rd8(in) : b % (small + 1);
}

static void
op_pushbuf(struct state *s, struct input *in, uint64_t *words)
{
   struct drm_nouveau_gem_pushbuf req = { 0 };
   req.channel = pick_channel(s, in);
   req.nr_buffers = count(in, 8, NOUVEAU_GEM_MAX_BUFFERS);
   req.nr_relocs = count(in, 8, NOUVEAU_GEM_MAX_RELOCS);
   req.nr_push = count(in, 4, NOUVEAU_GEM_MAX_PUSH);
   if (rd8(in) & 1)
      req.vram_available = NOUVEAU_GEM_PUSHBUF_SYNC;

   /* Arrays of exactly the counts asked for, up to the kernel's limits:
    * past them the shim must refuse without reading, and ASan sees it if
    * it does not. */
   unsigned nb = req.nr_buffers <= NOUVEAU_GEM_MAX_BUFFERS ? req.nr_buffers : 1;
   unsigned nr = req.nr_relocs <= NOUVEAU_GEM_MAX_RELOCS ? req.nr_relocs : 1;
   unsigned np = req.nr_push <= NOUVEAU_GEM_MAX_PUSH ? req.nr_push : 1;
   struct drm_nouveau_gem_pushbuf_bo *b = calloc(nb ? nb : 1, sizeof(*b));
   struct drm_nouveau_gem_pushbuf_reloc *r = calloc(nr ? nr : 1, sizeof(*r));
   struct drm_nouveau_gem_pushbuf_push *p = calloc(np ? np : 1, sizeof(*p));
   if (!b || !r || !p)
      abort();
   for (unsigned i = 0; i < nb && i < 64; i++) {
      b[i].handle = pick_handle(s, in);
      uint8_t d = rd8(in);
      b[i].read_domains = d & 7;
      b[i].write_domains = (d >> 3) & 7;
      b[i].valid_domains = rd8(in) & 7;
      struct bo *known = find_bo(s, b[i].handle);
      uint8_t pr = rd8(in);
      if (known && !(pr & 0x80)) {
         /* what libdrm presumes: where GEM_NEW/INFO said it is */
         b[i].presumed.offset = known->offset;
         b[i].presumed.domain = known->domain;
         b[i].presumed.valid = pr & 1;
      } else {
         b[i].presumed.offset = rd32(in);
         b[i].presumed.domain = pr & 7;
         b[i].presumed.valid = (pr >> 3) & 1;
      }
   }
   for (unsigned i = 0; i < nr && i < 64; i++) {
      r[i].reloc_bo_index = rd8(in);
      r[i].reloc_bo_offset = rd16(in) * 4u + (rd8(in) & 0x80 ? 2 : 0);
      r[i].bo_index = rd8(in);
      r[i].flags = rd8(in);
      r[i].data = rd32(in);
      r[i].vor = rd8(in);
      r[i].tor = rd8(in);
   }
   for (unsigned i = 0; i < np && i < 64; i++) {
      p[i].bo_index = rd8(in);
      uint8_t f = rd8(in);
      p[i].offset = f & 0x80 ? rd32(in) : rd16(in) * 4u;
      p[i].length = f & 0x40 ? rd32(in) : rd16(in) * 4u;
   }
   req.buffers = (uintptr_t)b;
   req.relocs = (uintptr_t)r;
   req.push = (uintptr_t)p;

   uint64_t before = pusher_words(s, req.channel);
   if (IOCTL(s, GEM_PUSHBUF, struct drm_nouveau_gem_pushbuf, &req) == 0) {
      /* submissions execute inside the ioctl (NVSIM_SYNC=1); presumed
       * placements come back updated as libdrm reads them */
      for (unsigned i = 0; i < nb; i++) {
         struct bo *known = find_bo(s, b[i].handle);
         if (known) {
            known->offset = b[i].presumed.offset;
            known->domain = b[i].presumed.domain;
         }
      }
   }
   *words += pusher_words(s, req.channel) - before;
   free(b);
   free(r);
   free(p);
}

static void
op_channel_alloc(struct state *s, struct input *in)
{
   struct drm_nouveau_channel_alloc req = { 0 };
   for (unsigned i = 0; i < 2; i++) {
      uint8_t b = rd8(in);
      uint32_t h = b < 0xc0 ? 0 : b < 0xe0 ? 0xffffffffu : rd32(in);
      if (i)
         req.tt_ctxdma_handle = h;
      else
         req.fb_ctxdma_handle = h;
   }
   if (IOCTL(s, CHANNEL_ALLOC, struct drm_nouveau_channel_alloc, &req) == 0 &&
       s->num_channels < MAX_CHANNELS) {
      s->channels[s->num_channels++] = req.channel;
      /* the notifier block is a GEM object of the file */
      if (s->num_bos < MAX_BOS) {
         struct drm_nouveau_gem_info info = { .handle = req.notifier_handle };
         if (IOCTL(s, GEM_INFO, struct drm_nouveau_gem_info, &info) == 0) {
            struct bo *bo = &s->bos[s->num_bos++];
            bo->handle = info.handle;
            bo->map_handle = info.map_handle;
            bo->size = info.size;
            bo->offset = info.offset;
            bo->domain = info.domain;
         }
      }
   }
}

static void
op_grobj_alloc(struct state *s, struct input *in)
{
   struct drm_nouveau_grobj_alloc req = { 0 };
   req.channel = pick_channel(s, in);
   req.handle = rd8(in) & 0x80 ? rd32(in) : 0xf0000000u | rd8(in);
   uint8_t c = rd8(in);
   const uint32_t *classes = nouveau_shim.info->classes;
   unsigned n = 0;
   while (classes[n])
      n++;
   req.class = c & 0x80 ? rd16(in) : classes[c % n];
   if (IOCTL(s, GROBJ_ALLOC, struct drm_nouveau_grobj_alloc, &req) == 0 &&
       s->num_objects < MAX_OBJECTS)
      s->objects[s->num_objects++] = req.handle;
}

static void
op_notifierobj_alloc(struct state *s, struct input *in)
{
   struct drm_nouveau_notifierobj_alloc req = { 0 };
   req.channel = pick_channel(s, in);
   req.handle = rd8(in) & 0x80 ? rd32(in) : 0xe0000000u | rd8(in);
   req.size = rd16(in);
   if (IOCTL(s, NOTIFIEROBJ_ALLOC, struct drm_nouveau_notifierobj_alloc,
             &req) == 0 && s->num_objects < MAX_OBJECTS)
      s->objects[s->num_objects++] = req.handle;
}

static void
op_write(struct state *s, struct input *in)
{
   struct bo *bo = find_bo(s, pick_handle(s, in));
   uint32_t at = rd16(in) * 4u;
   unsigned n = rd8(in);
   if (!bo) {
      in->p += in->end - in->p < 4 * n ? in->end - in->p : 4 * n;
      return;
   }
   /* the application's mapping: mmap of the DRM fd at map_handle */
   uint32_t *map = shim_fuzz_map(bo->map_handle, bo->size);
   for (unsigned i = 0; i < n; i++) {
      uint32_t w = rd32(in);
      if (map && at + 4 * (uint64_t)i + 4 <= bo->size)
         map[at / 4 + i] = w;
   }
   if (map)
      munmap(map, bo->size);
}

static void
op_raw(struct state *s, struct input *in)
{
   unsigned nr = rd8(in);
   unsigned size = rd8(in);
   uint8_t *arg = calloc(1, size ? size : 1);
   for (unsigned i = 0; i < size; i++)
      arg[i] = rd8(in);
   /* size 0 passes NULL, as a caller could */
   unsigned long request = _IOC(_IOC_READ | _IOC_WRITE, DRM_IOCTL_BASE,
                                DRM_COMMAND_BASE + (nr % 0x60), size);
   shim_ioctl(s->fd, request, size ? arg : NULL);
   free(arg);
}

static void
reopen(struct state *s)
{
   shim_fuzz_close(s->fd);
   memset(s, 0, sizeof(*s));
   s->fd = shim_fuzz_open();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   static bool initialized;
   if (!initialized) {
      initialized = true;
      setenv("NVSIM_SYNC", "1", 1);
      setenv("NVSIM_RUNAWAY_WORDS", "4096", 1);
      setenv("NOUVEAU_CHIPSET", "40", 1);
      shim_fuzz_core_init();
      drm_shim_driver_init();
      if (!nouveau_shim.dev)
         abort();
   }

   struct input in = { data, data + size };
   struct state s = { 0 };
   uint64_t words = 0;
   s.fd = shim_fuzz_open();
   /* bounded: a long input of tiny ops must not run for seconds */
   for (unsigned ops = 0; in.p < in.end && ops < 4096; ops++) {
      switch (rd8(&in) % 16) {
      case 0: op_gem_new(&s, &in); break;
      case 1: op_pushbuf(&s, &in, &words); break;
      case 2: op_channel_alloc(&s, &in); break;
      case 3: {
         struct drm_nouveau_channel_free req = { pick_channel(&s, &in) };
         IOCTL(&s, CHANNEL_FREE, struct drm_nouveau_channel_free, &req);
         break;
      }
      case 4: op_grobj_alloc(&s, &in); break;
      case 5: op_notifierobj_alloc(&s, &in); break;
      case 6: {
         struct drm_nouveau_gpuobj_free req = { 0 };
         req.channel = pick_channel(&s, &in);
         req.handle = pick(rd8(&in), s.objects, s.num_objects, rd32(&in));
         IOCTL(&s, GPUOBJ_FREE, struct drm_nouveau_gpuobj_free, &req);
         break;
      }
      case 7: {
         struct drm_nouveau_gem_cpu_prep req = { 0 };
         req.handle = pick_handle(&s, &in);
         /* NOWAIT or not: with NVSIM_SYNC nothing is ever busy */
         req.flags = rd8(&in);
         IOCTL(&s, GEM_CPU_PREP, struct drm_nouveau_gem_cpu_prep, &req);
         break;
      }
      case 8: {
         struct drm_nouveau_gem_cpu_fini req = { 0 };
         req.handle = pick_handle(&s, &in);
         IOCTL(&s, GEM_CPU_FINI, struct drm_nouveau_gem_cpu_fini, &req);
         break;
      }
      case 9: {
         struct drm_nouveau_gem_info req = { 0 };
         req.handle = pick_handle(&s, &in);
         IOCTL(&s, GEM_INFO, struct drm_nouveau_gem_info, &req);
         break;
      }
      case 10:
      case 11: {
         struct drm_nouveau_getparam req = { 0 };
         uint8_t b = rd8(&in);
         req.param = b & 0x80 ? rd32(&in) : b & 0x1f;
         req.value = rd32(&in);
         if (b & 0x40)
            IOCTL(&s, SETPARAM, struct drm_nouveau_setparam, &req);
         else
            IOCTL(&s, GETPARAM, struct drm_nouveau_getparam, &req);
         break;
      }
      case 12: {
         uint32_t h = pick_handle(&s, &in);
         if (shim_fuzz_gem_close(s.fd, h) == 0) {
            struct bo *bo = find_bo(&s, h);
            if (bo)
               *bo = s.bos[--s.num_bos];
         }
         break;
      }
      case 13: op_write(&s, &in); break;
      case 14: op_raw(&s, &in); break;
      case 15: reopen(&s); break;
      }
   }
   nvsim_fuzz_count_words(words);
   shim_fuzz_close(s.fd);
   return 0;
}
