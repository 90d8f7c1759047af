/*
 * The shim seen through libdrm_nouveau, the way a driver uses it: run with
 * LD_PRELOAD=libnouveau_drm_shim.so and NOUVEAU_CHIPSET=40.
 *
 *  - the render node is a PCI nouveau device (drmGetVersion, drmGetDevice2)
 *    of the chipset asked for, on the abi16 path;
 *  - an M2MF copy through a pushbuffer with relocations copies exactly the
 *    bytes asked for, and relocations whose presumed placement was wrong
 *    are fixed in the pushbuffer and reported back;
 *  - an illegal method is dropped and its channel goes on (a copy after
 *    it lands), as on a card under Linux's nouveau; under NVSIM_STRICT=1
 *    (the nouveau-drm-shim-strict run) it kills its channel (later
 *    submissions fail with -ENODEV) while a second channel still copies;
 *  - channels and handles of one fd are not visible through another;
 *  - two threads with a channel each copy at the same time.
 *
 * Expected values come from the copy's definition (envytools-docs
 * hw/graph/m2mf.rst: LINE_COUNT lines of LINE_LENGTH_IN bytes, PITCH apart)
 * and from the kernel ABI (nouveau_drm.h), never from the shim's output.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>
#include <nouveau_drm.h>
#include <nouveau/nouveau.h>
#include <nouveau/nvif/class.h>
#include <nouveau/nvif/cl0080.h>

#include "fifo.xml.h"
#include "nv_m2mf.xml.h"

/* An "increasing methods" command word (hwdb fifo.xml NV4_DMA_CMD,
 * dma-pusher.rst): `count` data words for consecutive methods from `mthd`
 * on subchannel `subc`. */
static inline uint32_t
nv04_fifo_incr(unsigned subc, uint32_t mthd, unsigned count)
{
   return NV4_DMA_CMD_TYPE_INCREASING | NV4_DMA_CMD_COUNT(count) |
          NV4_DMA_CMD_SUBC(subc) | NV4_DMA_CMD_METHOD(mthd) |
          NV4_DMA_CMD_KIND_METHODS;
}

/* NVIDIA's PCI vendor id (PCI-SIG registry). */
#define TEST_PCI_VENDOR_NVIDIA 0x10de

/* Handles we choose for our objects (any unused 32-bit values). */
#define TEST_HANDLE_VRAM 0xbeef0201
#define TEST_HANDLE_GART 0xbeef0202
#define TEST_HANDLE_NTFY 0xbeef0301
#define TEST_HANDLE_M2MF 0xbeef3901

/* The first Tesla chipset (G80 = NV50, hwdb/fifo.xml "chipset"). */
#define TEST_FIRST_TESLA 0x50

#define TEST_LINE 256
#define TEST_LINES 4
#define TEST_BO_SIZE 4096

static int failures;

#define CHECK(cond, ...)                                             \
   do {                                                              \
      if (!(cond)) {                                                 \
         failures++;                                                 \
         fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                               \
         fprintf(stderr, "\n");                                      \
      }                                                              \
   } while (0)

struct test_dev {
   int fd;
   struct nouveau_drm *drm;
   struct nouveau_device *dev;
   struct nouveau_client *client;
};

struct test_chan {
   struct nouveau_object *chan;
   struct nouveau_pushbuf *push;
   struct nouveau_object *m2mf;
   struct nouveau_object *ntfy;
};

static bool
test_dev_open(struct test_dev *t)
{
   memset(t, 0, sizeof(*t));
   t->fd = open("/dev/dri/renderD128", O_RDWR);
   if (t->fd < 0) {
      fprintf(stderr, "cannot open /dev/dri/renderD128 (is the shim "
              "preloaded?)\n");
      return false;
   }
   int ret = nouveau_drm_new(t->fd, &t->drm);
   if (ret) {
      fprintf(stderr, "nouveau_drm_new: %d\n", ret);
      return false;
   }
   ret = nouveau_device_new(&t->drm->client, NV_DEVICE,
                            &(struct nv_device_v0) { .device = ~0ULL },
                            sizeof(struct nv_device_v0), &t->dev);
   if (ret) {
      fprintf(stderr, "nouveau_device_new: %d\n", ret);
      return false;
   }
   ret = nouveau_client_new(t->dev, &t->client);
   if (ret) {
      fprintf(stderr, "nouveau_client_new: %d\n", ret);
      return false;
   }
   return true;
}

static void
test_dev_close(struct test_dev *t)
{
   nouveau_client_del(&t->client);
   nouveau_device_del(&t->dev);
   nouveau_drm_del(&t->drm);
   close(t->fd);
}

static bool
test_chan_open(struct test_dev *t, struct test_chan *c)
{
   memset(c, 0, sizeof(*c));
   int ret = nouveau_object_new(&t->dev->object, 0,
                                NOUVEAU_FIFO_CHANNEL_CLASS,
                                &(struct nv04_fifo) {
                                   .vram = TEST_HANDLE_VRAM,
                                   .gart = TEST_HANDLE_GART,
                                }, sizeof(struct nv04_fifo), &c->chan);
   if (ret) {
      fprintf(stderr, "channel: %d\n", ret);
      return false;
   }
   ret = nouveau_pushbuf_new(t->client, c->chan, 2, 32 * 1024, true,
                             &c->push);
   if (ret) {
      fprintf(stderr, "pushbuf: %d\n", ret);
      return false;
   }
   ret = nouveau_object_new(c->chan, TEST_HANDLE_M2MF, NV04_M2MF_CLASS,
                            NULL, 0, &c->m2mf);
   if (ret) {
      fprintf(stderr, "m2mf object: %d\n", ret);
      return false;
   }
   ret = nouveau_object_new(c->chan, TEST_HANDLE_NTFY,
                            NOUVEAU_NOTIFIER_CLASS,
                            &(struct nv04_notify) { .length = 32 },
                            sizeof(struct nv04_notify), &c->ntfy);
   if (ret) {
      fprintf(stderr, "notifier: %d\n", ret);
      return false;
   }
   return true;
}

static void
test_chan_close(struct test_chan *c)
{
   nouveau_object_del(&c->ntfy);
   nouveau_object_del(&c->m2mf);
   nouveau_pushbuf_del(&c->push);
   nouveau_object_del(&c->chan);
}

static inline void
out(struct nouveau_pushbuf *push, uint32_t v)
{
   *push->cur++ = v;
}

/* Where the relocated words of one copy landed in the pushbuffer. */
struct copy_words {
   uint32_t *dma_in, *dma_out, *offset_in, *offset_out;
};

/* Queues an M2MF copy of TEST_LINES lines of TEST_LINE bytes from src to
 * dst (pitch TEST_LINE on both sides) and kicks it. */
static int
m2mf_copy(struct test_chan *c, struct nouveau_bo *src, uint32_t src_dom,
          struct nouveau_bo *dst, uint32_t dst_dom, struct copy_words *w)
{
   struct nouveau_pushbuf *push = c->push;
   struct nv04_fifo *fifo = c->chan->data;
   struct nouveau_pushbuf_refn refs[] = {
      { src, src_dom | NOUVEAU_BO_RD },
      { dst, dst_dom | NOUVEAU_BO_WR },
   };

   int ret = nouveau_pushbuf_space(push, 32, 4, 0);
   if (ret)
      return ret;
   ret = nouveau_pushbuf_refn(push, refs, 2);
   if (ret)
      return ret;

   out(push, nv04_fifo_incr(0, NV4_SUBCHAN_OBJECT, 1));
   out(push, TEST_HANDLE_M2MF);
   out(push, nv04_fifo_incr(0, NV04_M2MF_DMA_NOTIFY, 3));
   out(push, TEST_HANDLE_NTFY);
   /* The DMA object that covers each buffer: vor if it is in VRAM, tor if
    * in GART, chosen by the (kernel-checked) placement. */
   w->dma_in = push->cur;
   nouveau_pushbuf_reloc(push, src, 0, NOUVEAU_BO_OR, fifo->vram,
                         fifo->gart);
   w->dma_out = push->cur;
   nouveau_pushbuf_reloc(push, dst, 0, NOUVEAU_BO_OR, fifo->vram,
                         fifo->gart);
   out(push, nv04_fifo_incr(0, NV04_M2MF_OFFSET_IN, 8));
   w->offset_in = push->cur;
   nouveau_pushbuf_reloc(push, src, 0, NOUVEAU_BO_LOW, 0, 0);
   w->offset_out = push->cur;
   nouveau_pushbuf_reloc(push, dst, 0, NOUVEAU_BO_LOW, 0, 0);
   out(push, TEST_LINE);        /* PITCH_IN */
   out(push, TEST_LINE);        /* PITCH_OUT */
   out(push, TEST_LINE);        /* LINE_LENGTH_IN */
   out(push, TEST_LINES);       /* LINE_COUNT */
   out(push, NV04_M2MF_FORMAT_INPUT_INC_1 | NV04_M2MF_FORMAT_OUTPUT_INC_1);
   out(push, 0);                /* BUF_NOTIFY: go */

   return nouveau_pushbuf_kick(push, c->chan);
}

static uint8_t
pattern(unsigned i, unsigned seed)
{
   return (uint8_t)(i * 7 + seed * 13 + 1);
}

static int
new_bo(struct test_dev *t, uint32_t domain, unsigned seed,
       struct nouveau_bo **bo)
{
   int ret = nouveau_bo_new(t->dev, domain | NOUVEAU_BO_MAP, 0, TEST_BO_SIZE,
                            NULL, bo);
   if (ret)
      return ret;
   ret = nouveau_bo_map(*bo, NOUVEAU_BO_WR, t->client);
   if (ret)
      return ret;
   uint8_t *p = (*bo)->map;
   for (unsigned i = 0; i < TEST_BO_SIZE; i++)
      p[i] = seed ? pattern(i, seed) : 0;
   return 0;
}

/* The destination holds the source's first TEST_LINES * TEST_LINE bytes
 * and nothing past them changed. */
static unsigned
count_bad_bytes(const struct nouveau_bo *dst, unsigned src_seed,
                unsigned dst_seed)
{
   const uint8_t *p = dst->map;
   unsigned bad = 0;
   for (unsigned i = 0; i < TEST_BO_SIZE; i++) {
      uint8_t want = i < TEST_LINES * TEST_LINE ? pattern(i, src_seed)
                     : dst_seed ? pattern(i, dst_seed) : 0;
      bad += p[i] != want;
   }
   return bad;
}

static void
test_device(struct test_dev *t)
{
   drmVersionPtr ver = drmGetVersion(t->fd);
   CHECK(ver && !strcmp(ver->name, "nouveau"), "driver name %s",
         ver ? ver->name : "(none)");
   /* 1.0.x selects libdrm's abi16 path, which the shim implements. */
   CHECK(ver && ver->version_major == 1 && ver->version_minor == 0,
         "version %d.%d", ver ? ver->version_major : -1,
         ver ? ver->version_minor : -1);
   drmFreeVersion(ver);
   CHECK(!t->drm->nvif, "libdrm chose NVIF");

   const char *env = getenv("NOUVEAU_CHIPSET");
   unsigned chipset = env ? strtoul(env, NULL, 16) : 0x40;
   CHECK(t->dev->chipset == chipset, "chipset %x, want %x",
         t->dev->chipset, chipset);
   CHECK(t->dev->vram_size > 0 && t->dev->gart_size > 0,
         "vram %llu gart %llu", (unsigned long long)t->dev->vram_size,
         (unsigned long long)t->dev->gart_size);

   uint64_t v = 0;
   CHECK(nouveau_getparam(t->dev, NOUVEAU_GETPARAM_PCI_VENDOR, &v) == 0 &&
         v == TEST_PCI_VENDOR_NVIDIA, "PCI vendor %llx",
         (unsigned long long)v);
   uint64_t pci_device = 0;
   CHECK(nouveau_getparam(t->dev, NOUVEAU_GETPARAM_PCI_DEVICE,
                          &pci_device) == 0 && pci_device != 0,
         "PCI device");
   uint64_t t0 = 0, t1 = 0;
   CHECK(nouveau_getparam(t->dev, NOUVEAU_GETPARAM_PTIMER_TIME, &t0) == 0,
         "PTIMER_TIME");
   usleep(1000);
   CHECK(nouveau_getparam(t->dev, NOUVEAU_GETPARAM_PTIMER_TIME, &t1) == 0 &&
         t1 - t0 >= 1000000, "PTIMER advanced %llu ns over 1 ms",
         (unsigned long long)(t1 - t0));
   /* An id the ABI does not define, and SETPARAM, which takes none. */
   CHECK(nouveau_getparam(t->dev, 0x7fff, &v) == -EINVAL, "unknown param");
   CHECK(nouveau_setparam(t->dev, NOUVEAU_GETPARAM_FB_SIZE, 1) == -EINVAL,
         "setparam");

   /* What the Mesa loader sees: a PCI device of NVIDIA with the same id. */
   drmDevicePtr info = NULL;
   int ret = drmGetDevice2(t->fd, 0, &info);
   CHECK(ret == 0 && info && info->bustype == DRM_BUS_PCI &&
         info->deviceinfo.pci->vendor_id == TEST_PCI_VENDOR_NVIDIA &&
         info->deviceinfo.pci->device_id == pci_device,
         "drmGetDevice2 ret %d", ret);
   if (info)
      drmFreeDevice(&info);
}

static void
test_copy_and_relocs(struct test_dev *t, struct test_chan *c)
{
   struct nouveau_bo *src, *dst;
   struct nv04_fifo *fifo = c->chan->data;
   struct copy_words w;

   CHECK(new_bo(t, NOUVEAU_BO_GART, 1, &src) == 0, "src bo");
   CHECK(new_bo(t, NOUVEAU_BO_VRAM, 0, &dst) == 0, "dst bo");
   if (failures)
      return;

   /* The kernel's answers about where the buffers are. */
   struct drm_nouveau_gem_info src_info = { .handle = src->handle };
   struct drm_nouveau_gem_info dst_info = { .handle = dst->handle };
   CHECK(drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_INFO, &src_info,
                             sizeof(src_info)) == 0 &&
         src_info.domain == NOUVEAU_GEM_DOMAIN_GART, "src in GART");
   CHECK(drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_INFO, &dst_info,
                             sizeof(dst_info)) == 0 &&
         dst_info.domain == NOUVEAU_GEM_DOMAIN_VRAM, "dst in VRAM");
   CHECK(src_info.size == TEST_BO_SIZE, "src size %llu",
         (unsigned long long)src_info.size);

   /* Make libdrm's presumed placements wrong: dst at another offset, src
    * in the other domain.  The shim must patch the relocated words and
    * report the true placement back (presumed.valid = 0). */
   dst->offset = dst_info.offset + TEST_BO_SIZE * 16;
   src->flags = (src->flags & ~NOUVEAU_BO_APER) | NOUVEAU_BO_VRAM;

   int ret = m2mf_copy(c, src, NOUVEAU_BO_GART, dst, NOUVEAU_BO_VRAM, &w);
   CHECK(ret == 0, "kick %d", ret);
   CHECK(nouveau_bo_wait(dst, NOUVEAU_BO_RD, t->client) == 0, "wait");

   unsigned bad = count_bad_bytes(dst, 1, 0);
   CHECK(bad == 0, "%u wrong bytes in the copy", bad);
   CHECK(*w.offset_out == (uint32_t)dst_info.offset,
         "OFFSET_OUT 0x%x, want 0x%x", *w.offset_out,
         (uint32_t)dst_info.offset);
   CHECK(*w.offset_in == (uint32_t)src_info.offset,
         "OFFSET_IN 0x%x, want 0x%x", *w.offset_in,
         (uint32_t)src_info.offset);
   CHECK(*w.dma_in == fifo->gart, "DMA_BUFFER_IN 0x%x, want 0x%x",
         *w.dma_in, fifo->gart);
   CHECK(*w.dma_out == fifo->vram, "DMA_BUFFER_OUT 0x%x, want 0x%x",
         *w.dma_out, fifo->vram);
   CHECK(dst->offset == dst_info.offset, "dst offset not reported back");
   CHECK((src->flags & NOUVEAU_BO_APER) == NOUVEAU_BO_GART,
         "src domain not reported back");

   /* CPU_PREP on an idle buffer, NOWAIT included, succeeds; on an unknown
    * handle it is -ENOENT. */
   struct drm_nouveau_gem_cpu_prep prep = {
      .handle = dst->handle, .flags = NOUVEAU_GEM_CPU_PREP_NOWAIT,
   };
   CHECK(drmCommandWrite(t->fd, DRM_NOUVEAU_GEM_CPU_PREP, &prep,
                         sizeof(prep)) == 0, "CPU_PREP idle");
   prep.handle = 0x7fff0000;
   CHECK(drmCommandWrite(t->fd, DRM_NOUVEAU_GEM_CPU_PREP, &prep,
                         sizeof(prep)) == -ENOENT, "CPU_PREP bad handle");

   nouveau_bo_ref(NULL, &src);
   nouveau_bo_ref(NULL, &dst);
}

/* A buffer listed only with domains it is not in moves there before the
 * relocations are applied (Linux nouveau_gem.c validate_list), keeping its
 * contents and its CPU mapping: a GART source listed for VRAM is copied
 * from its new VRAM place, and the relocated words name VRAM.  What
 * upstream's nv30 read-backs (nv30_transfer.c) rely on. */
static void
test_migration(struct test_dev *t, struct test_chan *c)
{
   struct nouveau_bo *src, *dst;
   struct nv04_fifo *fifo = c->chan->data;
   struct copy_words w;

   if (t->dev->chipset >= TEST_FIRST_TESLA)
      return;   /* there the creation domains bind (test_bad_input) */
   CHECK(new_bo(t, NOUVEAU_BO_GART, 7, &src) == 0, "src bo");
   CHECK(new_bo(t, NOUVEAU_BO_GART, 0, &dst) == 0, "dst bo");
   if (failures)
      return;
   uint8_t *cpu = src->map;
   struct drm_nouveau_gem_info before = { .handle = src->handle };
   CHECK(drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_INFO, &before,
                             sizeof(before)) == 0 &&
         before.domain == NOUVEAU_GEM_DOMAIN_GART, "src starts in GART");

   int ret = m2mf_copy(c, src, NOUVEAU_BO_VRAM, dst, NOUVEAU_BO_GART, &w);
   CHECK(ret == 0, "kick %d", ret);
   CHECK(nouveau_bo_wait(dst, NOUVEAU_BO_RD, t->client) == 0, "wait");

   struct drm_nouveau_gem_info after = { .handle = src->handle };
   CHECK(drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_INFO, &after,
                             sizeof(after)) == 0 &&
         after.domain == NOUVEAU_GEM_DOMAIN_VRAM, "src now in VRAM (%u)",
         after.domain);
   unsigned bad = count_bad_bytes(dst, 7, 0);
   CHECK(bad == 0, "%u wrong bytes copied from the moved buffer", bad);
   CHECK(*w.dma_in == fifo->vram, "DMA_BUFFER_IN 0x%x, want VRAM's 0x%x",
         *w.dma_in, fifo->vram);
   CHECK(*w.offset_in == (uint32_t)after.offset,
         "OFFSET_IN 0x%x, want 0x%x", *w.offset_in, (uint32_t)after.offset);
   CHECK(src->offset == after.offset &&
         (src->flags & NOUVEAU_BO_APER) == NOUVEAU_BO_VRAM,
         "new placement not reported back to libdrm");
   /* the same mapping, the same bytes */
   unsigned changed = 0;
   for (unsigned i = 0; i < TEST_BO_SIZE; i++)
      changed += cpu[i] != pattern(i, 7);
   CHECK(src->map == cpu && changed == 0, "%u bytes changed in the "
         "mapping", changed);
   nouveau_bo_ref(NULL, &src);
   nouveau_bo_ref(NULL, &dst);
}

static uint32_t
gem_domain(struct test_dev *t, struct nouveau_bo *bo)
{
   struct drm_nouveau_gem_info info = { .handle = bo->handle };
   if (drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_INFO, &info, sizeof(info)))
      return 0;
   return info.domain;
}

/*
 * Eviction (nvsim_mem.c), as TTM does it: five VRAM-only buffers of a
 * quarter of VRAM each all get made, the least recently used going out
 * to GART with its bytes and mapping; GETPARAM VRAM_USED (Linux 6.8)
 * counts them; a copy that lists the evicted one with VRAM only brings
 * it back (and pushes another out).  Only the first and last pages and
 * the copied lines are touched, so the memfd stays small.
 */
#ifndef NOUVEAU_GETPARAM_VRAM_USED
#define NOUVEAU_GETPARAM_VRAM_USED 19
#endif
static void
test_eviction(struct test_dev *t, struct test_chan *c)
{
   const uint64_t chunk = t->dev->vram_size / 4;
   struct nouveau_bo *big[5] = { NULL }, *dst = NULL;
   uint64_t used = 0;

   if (t->dev->chipset >= TEST_FIRST_TESLA)
      return;   /* there the creation domains bind */
   for (unsigned i = 0; i < 5; i++) {
      int ret = nouveau_bo_new(t->dev, NOUVEAU_BO_VRAM | NOUVEAU_BO_MAP, 0,
                               chunk, NULL, &big[i]);
      CHECK(ret == 0, "VRAM buffer %u of a quarter of VRAM: %d", i, ret);
      if (ret || nouveau_bo_map(big[i], NOUVEAU_BO_WR, t->client))
         goto out;
      uint8_t *p = big[i]->map;
      for (unsigned b = 0; b < TEST_BO_SIZE; b++)
         p[b] = pattern(b, 20 + i);
      p[chunk - 1] = (uint8_t)(0xe0 + i);
      if (i == 3) {
         CHECK(nouveau_getparam(t->dev, NOUVEAU_GETPARAM_VRAM_USED,
                                &used) == 0, "GETPARAM VRAM_USED");
         CHECK(used >= 3 * chunk && used <= t->dev->vram_size,
               "VRAM_USED %llu with four quarters made",
               (unsigned long long)used);
      }
   }
   CHECK(gem_domain(t, big[0]) == NOUVEAU_GEM_DOMAIN_GART,
         "the least recently used went to GART (%u)", gem_domain(t, big[0]));
   CHECK(gem_domain(t, big[4]) == NOUVEAU_GEM_DOMAIN_VRAM, "the new one "
         "is in VRAM");
   for (unsigned i = 0; i < 5; i++) {
      const uint8_t *p = big[i]->map;
      unsigned bad = 0;
      for (unsigned b = 0; b < TEST_BO_SIZE; b++)
         bad += p[b] != pattern(b, 20 + i);
      bad += p[chunk - 1] != (uint8_t)(0xe0 + i);
      CHECK(bad == 0, "buffer %u: %u bytes changed", i, bad);
   }

   /* the evicted one, listed VRAM-only, comes back */
   struct copy_words w;
   CHECK(new_bo(t, NOUVEAU_BO_GART, 0, &dst) == 0, "dst bo");
   if (!dst)
      goto out;
   int ret = m2mf_copy(c, big[0], NOUVEAU_BO_VRAM, dst, NOUVEAU_BO_GART, &w);
   CHECK(ret == 0, "kick %d", ret);
   CHECK(nouveau_bo_wait(dst, NOUVEAU_BO_RD, t->client) == 0, "wait");
   CHECK(gem_domain(t, big[0]) == NOUVEAU_GEM_DOMAIN_VRAM,
         "evicted buffer back in VRAM (%u)", gem_domain(t, big[0]));
   unsigned bad = count_bad_bytes(dst, 20, 0);
   CHECK(bad == 0, "%u wrong bytes copied from the buffer brought back",
         bad);
   unsigned out_now = 0;
   for (unsigned i = 1; i < 5; i++)
      out_now += gem_domain(t, big[i]) == NOUVEAU_GEM_DOMAIN_GART;
   CHECK(out_now >= 1, "another buffer made room for it");
out:
   nouveau_bo_ref(NULL, &dst);
   for (unsigned i = 0; i < 5; i++)
      nouveau_bo_ref(NULL, &big[i]);
}

/* Two fds are two files: one's channel and handles mean nothing in the
 * other. */
static void
test_files(struct test_dev *t, struct test_chan *c)
{
   struct test_dev t2;
   if (!test_dev_open(&t2)) {
      CHECK(false, "second fd");
      return;
   }
   struct nv04_fifo *fifo = c->chan->data;
   struct drm_nouveau_gem_pushbuf req = { .channel = fifo->base.channel };
   CHECK(drmCommandWriteRead(t2.fd, DRM_NOUVEAU_GEM_PUSHBUF, &req,
                             sizeof(req)) == -ENOENT,
         "other file's channel");

   struct nouveau_bo *bo;
   CHECK(new_bo(t, NOUVEAU_BO_GART, 3, &bo) == 0, "bo");
   struct drm_nouveau_gem_info info = { .handle = bo->handle };
   /* t2 has made no buffer, so no handle of t's can be valid there. */
   CHECK(drmCommandWriteRead(t2.fd, DRM_NOUVEAU_GEM_INFO, &info,
                             sizeof(info)) == -ENOENT,
         "other file's handle");
   nouveau_bo_ref(NULL, &bo);
   test_dev_close(&t2);
}

/* A channel lives as long as its file: dup()ed fds share it, and closing
 * the last one frees it.  Far more open/alloc/close rounds than any chip
 * (or nvsim) has channels would run out if closing leaked them. */
static void
test_file_lifetime(void)
{
   for (int round = 0; round < 300; round++) {
      int fd = open("/dev/dri/renderD128", O_RDWR);
      if (fd < 0) {
         CHECK(false, "open in round %d", round);
         return;
      }
      struct drm_nouveau_channel_alloc alloc = {
         .fb_ctxdma_handle = TEST_HANDLE_VRAM,
         .tt_ctxdma_handle = TEST_HANDLE_GART,
      };
      int ret = drmCommandWriteRead(fd, DRM_NOUVEAU_CHANNEL_ALLOC, &alloc,
                                    sizeof(alloc));
      if (ret) {
         CHECK(ret == 0, "channel in round %d: %d", round, ret);
         close(fd);
         return;
      }
      if (round == 0) {
         /* The notifier block is a GEM object of the file. */
         struct drm_nouveau_gem_info info = {
            .handle = alloc.notifier_handle,
         };
         CHECK(drmCommandWriteRead(fd, DRM_NOUVEAU_GEM_INFO, &info,
                                   sizeof(info)) == 0 && info.size > 0,
               "notifier block handle");

         int dup_fd = dup(fd);
         close(fd);
         struct drm_nouveau_gem_pushbuf req = { .channel = alloc.channel };
         CHECK(drmCommandWriteRead(dup_fd, DRM_NOUVEAU_GEM_PUSHBUF, &req,
                                   sizeof(req)) == 0,
               "channel through a dup after closing the original");
         fd = dup_fd;
      }
      close(fd);
   }
}

/* The kernel gives out the chip's channels but one (its own: NV40 has 32,
 * nvkm nv10_fifo_chid_nr), then CHANNEL_ALLOC fails with -ENOSPC; a freed
 * channel can be allocated again.  `already` channels exist. */
static void
test_channel_limit(unsigned already)
{
   int fd = open("/dev/dri/renderD128", O_RDWR);
   int ids[64], n = 0, ret = 0;

   if (fd < 0) {
      CHECK(false, "open");
      return;
   }
   while (n < 64) {
      struct drm_nouveau_channel_alloc alloc = {
         .fb_ctxdma_handle = TEST_HANDLE_VRAM,
         .tt_ctxdma_handle = TEST_HANDLE_GART,
      };
      ret = drmCommandWriteRead(fd, DRM_NOUVEAU_CHANNEL_ALLOC, &alloc,
                                sizeof(alloc));
      if (ret)
         break;
      ids[n++] = alloc.channel;
   }
   CHECK(n + already == 31, "%u channels before CHANNEL_ALLOC failed, want 31",
         n + already);
   CHECK(ret == -ENOSPC, "CHANNEL_ALLOC past the last channel: %d, want %d",
         ret, -ENOSPC);
   if (n) {
      struct drm_nouveau_channel_free fr = { .channel = ids[n - 1] };
      CHECK(drmCommandWrite(fd, DRM_NOUVEAU_CHANNEL_FREE, &fr,
                            sizeof(fr)) == 0, "CHANNEL_FREE");
      struct drm_nouveau_channel_alloc alloc = {
         .fb_ctxdma_handle = TEST_HANDLE_VRAM,
         .tt_ctxdma_handle = TEST_HANDLE_GART,
      };
      ret = drmCommandWriteRead(fd, DRM_NOUVEAU_CHANNEL_ALLOC, &alloc,
                                sizeof(alloc));
      CHECK(ret == 0, "CHANNEL_ALLOC after a CHANNEL_FREE: %d", ret);
   }
   /* closing the file frees its channels */
   close(fd);
}

/* An illegal method on channel `bad`: dropped, the channel goes on and
 * copies (nvsim_trap.c: the kernel's PGRAPH handler acknowledges the error
 * and lets PGRAPH resume). */
static void
test_trap_goes_on(struct test_dev *t, struct test_chan *bad)
{
   struct nouveau_pushbuf *push = bad->push;

   CHECK(nouveau_pushbuf_space(push, 8, 0, 0) == 0, "space");
   out(push, nv04_fifo_incr(0, NV4_SUBCHAN_OBJECT, 1));
   out(push, TEST_HANDLE_M2MF);
   /* hwdb/nv_m2mf.xml has no method after BUF_NOTIFY */
   out(push, nv04_fifo_incr(0, NV04_M2MF_BUF_NOTIFY + 4, 1));
   out(push, 0);
   CHECK(nouveau_pushbuf_kick(push, bad->chan) == 0, "kick");

   struct nouveau_bo *src, *dst;
   CHECK(new_bo(t, NOUVEAU_BO_VRAM, 5, &src) == 0, "src");
   CHECK(new_bo(t, NOUVEAU_BO_GART, 6, &dst) == 0, "dst");
   struct copy_words w;
   int ret = m2mf_copy(bad, src, NOUVEAU_BO_VRAM, dst, NOUVEAU_BO_GART, &w);
   CHECK(ret == 0, "copy after the trap: %d", ret);
   CHECK(nouveau_bo_wait(dst, NOUVEAU_BO_RD, t->client) == 0, "wait");
   unsigned bad_bytes = count_bad_bytes(dst, 5, 6);
   CHECK(bad_bytes == 0, "%u wrong bytes after the trap", bad_bytes);
   CHECK(!nouveau_check_dead_channel(t->drm, bad->chan),
         "the channel died of a trap without NVSIM_STRICT");
   nouveau_bo_ref(NULL, &src);
   nouveau_bo_ref(NULL, &dst);
}

/* NVSIM_STRICT=1: an illegal method kills channel `bad`; `good` still
 * works. */
static void
test_trap(struct test_dev *t, struct test_chan *bad, struct test_chan *good)
{
   struct nouveau_pushbuf *push = bad->push;

   CHECK(nouveau_pushbuf_space(push, 8, 0, 0) == 0, "space");
   out(push, nv04_fifo_incr(0, NV4_SUBCHAN_OBJECT, 1));
   out(push, TEST_HANDLE_M2MF);
   /* hwdb/nv_m2mf.xml has no method after BUF_NOTIFY: the next one is
    * PGRAPH's ILLEGAL_MTHD. */
   out(push, nv04_fifo_incr(0, NV04_M2MF_BUF_NOTIFY + 4, 1));
   out(push, 0);
   /* The GPU may run this after the ioctl returns: a kick error is fine
    * now, and certain once the channel has executed it. */
   nouveau_pushbuf_kick(push, bad->chan);

   bool dead = false;
   for (int i = 0; i < 5000 && !dead; i++) {
      dead = nouveau_check_dead_channel(t->drm, bad->chan);
      if (!dead)
         usleep(1000);
   }
   CHECK(dead, "channel survived an illegal method");

   /* A further submission is refused.  (libdrm's kick on an immediate
    * pushbuf does not pass the ioctl's error on, so ask directly.) */
   struct nouveau_bo *cmd;
   CHECK(new_bo(t, NOUVEAU_BO_GART, 0, &cmd) == 0, "cmd bo");
   uint32_t *words = cmd->map;
   words[0] = nv04_fifo_incr(0, NV4_SUBCHAN_OBJECT, 1);
   words[1] = TEST_HANDLE_M2MF;
   struct nv04_fifo *fifo = bad->chan->data;
   struct drm_nouveau_gem_pushbuf_bo buf = {
      .handle = cmd->handle,
      .read_domains = NOUVEAU_GEM_DOMAIN_GART,
      .valid_domains = NOUVEAU_GEM_DOMAIN_GART,
   };
   struct drm_nouveau_gem_pushbuf_push psh = { .bo_index = 0, .length = 8 };
   struct drm_nouveau_gem_pushbuf req = {
      .channel = fifo->base.channel,
      .nr_buffers = 1, .buffers = (uintptr_t)&buf,
      .nr_push = 1, .push = (uintptr_t)&psh,
   };
   int ret = drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_PUSHBUF, &req,
                                 sizeof(req));
   CHECK(ret == -ENODEV, "submission on a dead channel: %d", ret);

   /* The same submission on the good channel goes through. */
   struct nv04_fifo *good_fifo = good->chan->data;
   req.channel = good_fifo->base.channel;
   ret = drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_PUSHBUF, &req,
                             sizeof(req));
   CHECK(ret == 0, "submission on the good channel: %d", ret);
   nouveau_bo_ref(NULL, &cmd);

   struct nouveau_bo *src, *dst;
   CHECK(new_bo(t, NOUVEAU_BO_VRAM, 5, &src) == 0, "src");
   CHECK(new_bo(t, NOUVEAU_BO_GART, 6, &dst) == 0, "dst");
   struct copy_words w;
   ret = m2mf_copy(good, src, NOUVEAU_BO_VRAM, dst, NOUVEAU_BO_GART, &w);
   CHECK(ret == 0, "kick on the good channel: %d", ret);
   CHECK(nouveau_bo_wait(dst, NOUVEAU_BO_RD, t->client) == 0, "wait");
   unsigned bad_bytes = count_bad_bytes(dst, 5, 6);
   CHECK(bad_bytes == 0, "%u wrong bytes on the good channel", bad_bytes);
   nouveau_bo_ref(NULL, &src);
   nouveau_bo_ref(NULL, &dst);
}

static int
raw_pushbuf(int fd, uint32_t channel, struct drm_nouveau_gem_pushbuf_bo *bufs,
            unsigned nr_bufs, struct drm_nouveau_gem_pushbuf_push *pushes,
            unsigned nr_push, struct drm_nouveau_gem_pushbuf_reloc *relocs,
            unsigned nr_relocs)
{
   struct drm_nouveau_gem_pushbuf req = {
      .channel = channel,
      .nr_buffers = nr_bufs, .buffers = (uintptr_t)bufs,
      .nr_push = nr_push, .push = (uintptr_t)pushes,
      .nr_relocs = nr_relocs, .relocs = (uintptr_t)relocs,
   };
   return drmCommandWriteRead(fd, DRM_NOUVEAU_GEM_PUSHBUF, &req, sizeof(req));
}

/* Bad requests get the kernel's errors, and nothing runs. */
static void
test_bad_input(struct test_dev *t, struct test_chan *c)
{
   struct nv04_fifo *fifo = c->chan->data;
   uint32_t ch = fifo->base.channel;
   struct nouveau_bo *bo;
   int ret;

   CHECK(new_bo(t, NOUVEAU_BO_GART, 0, &bo) == 0, "bo");
   uint32_t *words = bo->map;
   words[0] = nv04_fifo_incr(0, NV4_SUBCHAN_OBJECT, 1);
   words[1] = TEST_HANDLE_M2MF;

   struct drm_nouveau_gem_pushbuf_bo buf = {
      .handle = bo->handle,
      .read_domains = NOUVEAU_GEM_DOMAIN_GART,
      .valid_domains = NOUVEAU_GEM_DOMAIN_GART,
      .presumed = { .valid = 1, .domain = NOUVEAU_GEM_DOMAIN_GART,
                    .offset = bo->offset },
   };
   struct drm_nouveau_gem_pushbuf_bo two[2] = { buf, buf };
   struct drm_nouveau_gem_pushbuf_push psh = { .bo_index = 0, .length = 8 };

   ret = raw_pushbuf(t->fd, ch, &buf, 1, &psh, 1, NULL, 0);
   CHECK(ret == 0, "good request: %d", ret);

   ret = raw_pushbuf(t->fd, ch + 1000, &buf, 1, &psh, 1, NULL, 0);
   CHECK(ret == -ENOENT, "unknown channel: %d", ret);
   ret = raw_pushbuf(t->fd, ch, two, 2, &psh, 1, NULL, 0);
   CHECK(ret == -EINVAL, "buffer listed twice: %d", ret);
   ret = raw_pushbuf(t->fd, ch, &buf, 1, &psh, NOUVEAU_GEM_MAX_PUSH + 1,
                     NULL, 0);
   CHECK(ret == -EINVAL, "too many pushes: %d", ret);

   struct drm_nouveau_gem_pushbuf_push bad_psh = psh;
   bad_psh.bo_index = 1;
   ret = raw_pushbuf(t->fd, ch, &buf, 1, &bad_psh, 1, NULL, 0);
   CHECK(ret == -EINVAL, "push of an unlisted buffer: %d", ret);
   bad_psh = psh;
   bad_psh.offset = TEST_BO_SIZE - 4;
   ret = raw_pushbuf(t->fd, ch, &buf, 1, &bad_psh, 1, NULL, 0);
   CHECK(ret == -EINVAL, "push past the buffer's end: %d", ret);

   struct drm_nouveau_gem_pushbuf_bo bad_buf = buf;
   bad_buf.handle = 0x7fff0000;
   ret = raw_pushbuf(t->fd, ch, &bad_buf, 1, &psh, 1, NULL, 0);
   CHECK(ret == -ENOENT, "unknown handle: %d", ret);
   /* Created GART-only, listed for VRAM only: before Tesla the kernel
    * makes every buffer valid in both (nouveau_gem_new), so it moves
    * there; from NV50 on the creation domains bind and it is refused.
    * A read-only buffer with no read domain has no domain at all. */
   bad_buf = buf;
   bad_buf.read_domains = 0;
   ret = raw_pushbuf(t->fd, ch, &bad_buf, 1, &psh, 1, NULL, 0);
   CHECK(ret == -EINVAL, "no domain: %d", ret);
   struct nouveau_bo *vbo;
   CHECK(new_bo(t, NOUVEAU_BO_GART, 0, &vbo) == 0, "bo for VRAM");
   struct drm_nouveau_gem_pushbuf_bo two_bufs[2] = { buf, {
      .handle = vbo->handle,
      .read_domains = NOUVEAU_GEM_DOMAIN_VRAM,
      .valid_domains = NOUVEAU_GEM_DOMAIN_VRAM,
   } };
   ret = raw_pushbuf(t->fd, ch, two_bufs, 2, &psh, 1, NULL, 0);
   struct drm_nouveau_gem_info vinfo = { .handle = vbo->handle };
   drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_INFO, &vinfo, sizeof(vinfo));
   if (t->dev->chipset < TEST_FIRST_TESLA) {
      CHECK(ret == 0, "GART buffer listed for VRAM: %d", ret);
      CHECK(vinfo.domain == NOUVEAU_GEM_DOMAIN_VRAM, "not moved: domain %u",
            vinfo.domain);
      CHECK(two_bufs[1].presumed.valid == 0 &&
            two_bufs[1].presumed.domain == NOUVEAU_GEM_DOMAIN_VRAM &&
            two_bufs[1].presumed.offset == vinfo.offset,
            "new placement not reported back");
   } else {
      CHECK(ret == -EINVAL, "GART-only buffer listed for VRAM: %d", ret);
      CHECK(vinfo.domain == NOUVEAU_GEM_DOMAIN_GART, "moved: domain %u",
            vinfo.domain);
   }
   /* a refused list moves nothing (the kernel checks every buffer before
    * validating any): the VRAM one stays where it is */
   struct drm_nouveau_gem_pushbuf_bo refused[2] = { two_bufs[1], bad_buf };
   refused[0].valid_domains = refused[0].read_domains =
      NOUVEAU_GEM_DOMAIN_GART;
   ret = raw_pushbuf(t->fd, ch, refused, 2, &psh, 1, NULL, 0);
   CHECK(ret == -EINVAL, "list with a bad buffer: %d", ret);
   struct drm_nouveau_gem_info vinfo2 = { .handle = vbo->handle };
   drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_INFO, &vinfo2, sizeof(vinfo2));
   CHECK(vinfo2.domain == vinfo.domain && vinfo2.offset == vinfo.offset,
         "a refused submission moved a buffer");
   nouveau_bo_ref(NULL, &vbo);

   /* A relocation is only applied for a stale target: make it stale, then
    * aim it past the container's end. */
   bad_buf = buf;
   bad_buf.presumed.offset = bo->offset + TEST_BO_SIZE;
   struct drm_nouveau_gem_pushbuf_reloc rel = {
      .reloc_bo_index = 0, .reloc_bo_offset = TEST_BO_SIZE, .bo_index = 0,
      .flags = NOUVEAU_GEM_RELOC_LOW,
   };
   ret = raw_pushbuf(t->fd, ch, &bad_buf, 1, &psh, 1, &rel, 1);
   CHECK(ret == -EINVAL, "relocation outside its container: %d", ret);
   rel.reloc_bo_offset = 0;
   rel.bo_index = 5;
   bad_buf.presumed.offset = bo->offset + TEST_BO_SIZE;
   ret = raw_pushbuf(t->fd, ch, &bad_buf, 1, &psh, 1, &rel, 1);
   CHECK(ret == -EINVAL, "relocation to an unlisted buffer: %d", ret);

   /* Object and buffer creation. */
   struct drm_nouveau_grobj_alloc gr = {
      .channel = ch, .handle = 0xbeef5097, .class = G80_3D_CLASS,
   };
   ret = drmCommandWrite(t->fd, DRM_NOUVEAU_GROBJ_ALLOC, &gr, sizeof(gr));
   if (t->dev->chipset < TEST_FIRST_TESLA)
      CHECK(ret == -EINVAL, "G80 3D class before G80: %d", ret);
   gr.channel = ch + 1000;
   gr.class = NV04_M2MF_CLASS;
   ret = drmCommandWrite(t->fd, DRM_NOUVEAU_GROBJ_ALLOC, &gr, sizeof(gr));
   CHECK(ret == -ENOENT, "object on an unknown channel: %d", ret);
   struct drm_nouveau_channel_free cf = { .channel = ch + 1000 };
   ret = drmCommandWrite(t->fd, DRM_NOUVEAU_CHANNEL_FREE, &cf, sizeof(cf));
   CHECK(ret == -ENOENT, "free of an unknown channel: %d", ret);

   struct drm_nouveau_gem_new gn = {
      .info = { .size = 0, .domain = NOUVEAU_GEM_DOMAIN_GART },
   };
   ret = drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_NEW, &gn, sizeof(gn));
   CHECK(ret == -EINVAL, "empty buffer: %d", ret);
   gn.info.size = TEST_BO_SIZE;
   gn.info.domain = NOUVEAU_GEM_DOMAIN_CPU;
   ret = drmCommandWriteRead(t->fd, DRM_NOUVEAU_GEM_NEW, &gn, sizeof(gn));
   CHECK(ret == -EINVAL, "buffer with no GPU domain: %d", ret);

   /* The channel still works after all that. */
   CHECK(!nouveau_check_dead_channel(t->drm, c->chan), "channel died");
   nouveau_bo_ref(NULL, &bo);
}

/* Every new buffer reads as zeros, as the kernel's do (TTM allocates the
 * pages of user buffers zeroed), even where an earlier buffer's bytes
 * were: the notifier block of a second channel must not show the fence
 * value the first one left (upstream's nouveau_fence.c would take it for
 * an acknowledged fence and wait forever for the real one). */
#define TEST_ZERO_BOS 8

static unsigned
count_nonzero(const void *map, size_t size)
{
   const uint8_t *p = map;
   unsigned n = 0;
   for (size_t i = 0; i < size; i++)
      n += p[i] != 0;
   return n;
}

static void
test_new_buffers_zeroed(struct test_dev *t)
{
   for (unsigned round = 0; round < 2; round++) {
      struct nouveau_bo *bo[TEST_ZERO_BOS] = { NULL };
      for (unsigned i = 0; i < TEST_ZERO_BOS; i++) {
         if (nouveau_bo_new(t->dev, NOUVEAU_BO_GART | NOUVEAU_BO_MAP, 0,
                            TEST_BO_SIZE, NULL, &bo[i]) ||
             nouveau_bo_map(bo[i], NOUVEAU_BO_RDWR, t->client)) {
            CHECK(false, "bo %u of round %u", i, round);
            break;
         }
         unsigned nonzero = count_nonzero(bo[i]->map, TEST_BO_SIZE);
         CHECK(nonzero == 0, "round %u: %u non-zero bytes in new buffer %u",
               round, nonzero, i);
         memset(bo[i]->map, 0xa5, TEST_BO_SIZE);
      }
      for (unsigned i = 0; i < TEST_ZERO_BOS; i++)
         nouveau_bo_ref(NULL, &bo[i]);
   }

   for (unsigned round = 0; round < 3; round++) {
      struct test_chan c;
      if (!test_chan_open(t, &c)) {
         CHECK(false, "channel %u", round);
         return;
      }
      /* the block as upstream's nv30_screen_create maps it */
      struct nv04_fifo *fifo = c.chan->data;
      struct nouveau_bo *block = NULL;
      CHECK(nouveau_bo_wrap(t->dev, fifo->notify, &block) == 0 &&
            nouveau_bo_map(block, NOUVEAU_BO_RDWR, t->client) == 0,
            "notifier block of channel %u", round);
      if (block && block->map) {
         unsigned nonzero = count_nonzero(block->map, block->size);
         CHECK(nonzero == 0, "round %u: %u non-zero bytes in a new "
               "notifier block", round, nonzero);
         /* what a fence leaves behind (nv30_screen_fence_emit: the
          * sequence at offset 0 of the fence notifier) */
         *(uint32_t *)block->map = 1;
      }
      test_chan_close(&c);
      nouveau_bo_ref(NULL, &block);
   }
}

/* The notifier block lives as long as its channel, not as long as its
 * GEM handle (the kernel's abi16 channel holds its own reference):
 * upstream's nv30_screen_destroy closes the block's handle before it
 * frees the channel.  A buffer made after the handle is closed must not
 * get the block's memory: the channel's notifier writes (M2MF BUF_NOTIFY
 * into notifier 0 at offset 0 of the block) must not show up in it. */
static void
test_notifier_outlives_handle(struct test_dev *t)
{
   struct test_chan c;
   if (!test_chan_open(t, &c)) {
      CHECK(false, "channel");
      return;
   }
   struct nv04_fifo *fifo = c.chan->data;
   struct nouveau_bo *block = NULL;
   CHECK(nouveau_bo_wrap(t->dev, fifo->notify, &block) == 0, "wrap block");
   nouveau_bo_ref(NULL, &block);    /* GEM_CLOSE of the block's handle */

   struct nouveau_bo *fresh[TEST_ZERO_BOS] = { NULL }, *src, *dst;
   for (unsigned i = 0; i < TEST_ZERO_BOS; i++) {
      CHECK(new_bo(t, NOUVEAU_BO_GART, 9, &fresh[i]) == 0, "fresh bo %u", i);
   }
   CHECK(new_bo(t, NOUVEAU_BO_GART, 1, &src) == 0, "src");
   CHECK(new_bo(t, NOUVEAU_BO_GART, 0, &dst) == 0, "dst");
   struct copy_words w;
   CHECK(m2mf_copy(&c, src, NOUVEAU_BO_GART, dst, NOUVEAU_BO_GART, &w) == 0,
         "copy");
   CHECK(nouveau_bo_wait(dst, NOUVEAU_BO_RD, t->client) == 0, "wait");
   CHECK(count_bad_bytes(dst, 1, 0) == 0, "copy went wrong");
   for (unsigned i = 0; i < TEST_ZERO_BOS; i++) {
      unsigned bad = 0;
      for (unsigned j = 0; fresh[i] && j < TEST_BO_SIZE; j++)
         bad += ((uint8_t *)fresh[i]->map)[j] != pattern(j, 9);
      CHECK(bad == 0, "buffer %u made after the block's handle closed: %u "
            "bytes written by the channel's notifier", i, bad);
      nouveau_bo_ref(NULL, &fresh[i]);
   }
   nouveau_bo_ref(NULL, &src);
   nouveau_bo_ref(NULL, &dst);
   test_chan_close(&c);
}

struct thread_arg {
   struct test_dev *t;
   unsigned seed;
   int failures;
};

static void *
copy_thread(void *data)
{
   struct thread_arg *a = data;
   struct test_chan c;
   struct nouveau_client *client;

   if (nouveau_client_new(a->t->dev, &client)) {
      a->failures++;
      return NULL;
   }
   struct test_dev t = *a->t;
   t.client = client;
   if (!test_chan_open(&t, &c)) {
      a->failures++;
      return NULL;
   }
   for (unsigned round = 0; round < 8; round++) {
      struct nouveau_bo *src, *dst;
      struct copy_words w;
      unsigned seed = a->seed * 16 + round;
      if (new_bo(&t, NOUVEAU_BO_GART, seed, &src) ||
          new_bo(&t, NOUVEAU_BO_VRAM, 0, &dst) ||
          m2mf_copy(&c, src, NOUVEAU_BO_GART, dst, NOUVEAU_BO_VRAM, &w) ||
          nouveau_bo_wait(dst, NOUVEAU_BO_RD, client) ||
          count_bad_bytes(dst, seed, 0))
         a->failures++;
      nouveau_bo_ref(NULL, &src);
      nouveau_bo_ref(NULL, &dst);
   }
   test_chan_close(&c);
   nouveau_client_del(&client);
   return NULL;
}

static void
test_threads(struct test_dev *t)
{
   struct thread_arg args[2] = { { t, 1, 0 }, { t, 2, 0 } };
   pthread_t th[2];
   for (int i = 0; i < 2; i++)
      pthread_create(&th[i], NULL, copy_thread, &args[i]);
   for (int i = 0; i < 2; i++) {
      pthread_join(th[i], NULL);
      CHECK(args[i].failures == 0, "thread %d: %d failures", i,
            args[i].failures);
   }
}

int
main(void)
{
   struct test_dev t;
   struct test_chan c1, c2;

   if (!test_dev_open(&t))
      return 1;
   test_device(&t);
   if (!test_chan_open(&t, &c1) || !test_chan_open(&t, &c2))
      return 1;

   test_copy_and_relocs(&t, &c1);
   test_migration(&t, &c1);
   test_eviction(&t, &c1);
   test_files(&t, &c1);
   test_bad_input(&t, &c1);
   test_file_lifetime();
   test_new_buffers_zeroed(&t);
   test_notifier_outlives_handle(&t);
   test_threads(&t);
   test_channel_limit(2);
   const char *strict = getenv("NVSIM_STRICT");
   if (strict && *strict && strcmp(strict, "0") != 0)
      test_trap(&t, &c1, &c2);
   else
      test_trap_goes_on(&t, &c1);

   test_chan_close(&c1);
   test_chan_close(&c2);
   test_dev_close(&t);

   if (failures) {
      fprintf(stderr, "%d failure(s)\n", failures);
      return 1;
   }
   printf("nouveau drm-shim: all checks passed\n");
   return 0;
}
