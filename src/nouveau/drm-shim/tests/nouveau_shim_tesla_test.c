/*
 * The shim as an NV50-family kernel, seen through libdrm_nouveau 2.4.114:
 * run with LD_PRELOAD=libnouveau_drm_shim.so and NOUVEAU_CHIPSET=50 or 84.
 *
 *  - CHANNEL_ALLOC reports push buffers allowed in VRAM and GART;
 *  - a buffer's offset (GEM_NEW, GEM_INFO) is a GPU virtual address: not
 *    0, 64 KiB aligned (large pages), different per buffer, the same
 *    through GEM_INFO, and unchanged by a submission; tile_flags/tile_mode
 *    come back as libdrm's nv50 memtype/tile_mode;
 *  - a G80_M2MF copy written with those addresses (no relocations, as
 *    upstream's nv50 driver writes them) goes through libdrm's pushbuf,
 *    pitch into a block-linear buffer and back: the bytes land where
 *    envytools-docs/hw/memory/g80-surface.rst puts them and the round trip
 *    gives the source back;
 *  - on G84+ a FIFO semaphore release (puller.rst, new-style) writes its
 *    sequence at a buffer's VM address, with DMA_SEMAPHORE set by the
 *    kernel's fence after each submission when the application sets none;
 *  - a method of the Tesla 3D class (not modelled yet) kills the channel:
 *    the next submission fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xf86drm.h>
#include <nouveau_drm.h>
#include <nouveau/nouveau.h>
#include <nouveau/nvif/class.h>
#include <nouveau/nvif/cl0080.h>

#include "fifo.xml.h"
#include "g80_3d.xml.h"
#include "nv_m2mf.xml.h"

#define TEST_HANDLE_VRAM 0xbeef0201
#define TEST_HANDLE_GART 0xbeef0202
#define TEST_HANDLE_NTFY 0xbeef0301
#define TEST_HANDLE_M2MF 0xbeef5039
#define TEST_HANDLE_3D   0xbeef5097

/* G80's large page: VM mappings of buffers are aligned to it */
#define TEST_LARGE_PAGE 0x10000
/* libdrm's nv50 memtype for a block-linear 32-bit color buffer (the
 * nv50 driver's 0x70) and a tile_mode of block height 2^1 */
#define TEST_MEMTYPE 0x70
#define TEST_TILE_MODE 0x10

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

static inline uint32_t
incr(unsigned subc, uint32_t mthd, unsigned count)
{
   return NV4_DMA_CMD_TYPE_INCREASING | NV4_DMA_CMD_COUNT(count) |
          NV4_DMA_CMD_SUBC(subc) | NV4_DMA_CMD_METHOD(mthd) |
          NV4_DMA_CMD_KIND_METHODS;
}

static inline void
out(struct nouveau_pushbuf *push, uint32_t v)
{
   *push->cur++ = v;
}

static uint64_t
gem_info_offset(int fd, struct nouveau_bo *bo)
{
   struct drm_nouveau_gem_info info = { .handle = bo->handle };
   if (drmCommandWriteRead(fd, DRM_NOUVEAU_GEM_INFO, &info, sizeof(info)))
      return ~0ull;
   return info.offset;
}

int
main(void)
{
   int fd = open("/dev/dri/renderD128", O_RDWR);
   struct nouveau_drm *drm = NULL;
   struct nouveau_device *dev = NULL;
   struct nouveau_client *client = NULL;
   if (fd < 0 || nouveau_drm_new(fd, &drm) ||
       nouveau_device_new(&drm->client, NV_DEVICE,
                          &(struct nv_device_v0) { .device = ~0ULL },
                          sizeof(struct nv_device_v0), &dev) ||
       nouveau_client_new(dev, &client)) {
      fprintf(stderr, "cannot open the shim's nouveau device\n");
      return 1;
   }
   const unsigned chipset = dev->chipset;
   CHECK(chipset >= 0x50 && chipset < 0xc0, "chipset %x is no Tesla", chipset);

   struct nouveau_object *chan = NULL;
   int ret = nouveau_object_new(&dev->object, 0, NOUVEAU_FIFO_CHANNEL_CLASS,
                                &(struct nv04_fifo) {
                                   .vram = TEST_HANDLE_VRAM,
                                   .gart = TEST_HANDLE_GART,
                                }, sizeof(struct nv04_fifo), &chan);
   CHECK(!ret, "channel: %d", ret);
   if (ret)
      return 1;
   struct nv04_fifo *fifo = chan->data;
   CHECK(fifo->base.pushbuf == (NOUVEAU_GEM_DOMAIN_VRAM | NOUVEAU_GEM_DOMAIN_GART),
         "pushbuf domains 0x%x", fifo->base.pushbuf);

   struct nouveau_pushbuf *push = NULL;
   struct nouveau_object *m2mf = NULL, *ntfy = NULL, *eng3d = NULL;
   ret = nouveau_pushbuf_new(client, chan, 2, 32 * 1024, true, &push);
   CHECK(!ret, "pushbuf: %d", ret);
   ret = nouveau_object_new(chan, TEST_HANDLE_M2MF, G80_M2MF_CLASS, NULL, 0,
                            &m2mf);
   CHECK(!ret, "G80_M2MF: %d", ret);
   ret = nouveau_object_new(chan, TEST_HANDLE_NTFY, NOUVEAU_NOTIFIER_CLASS,
                            &(struct nv04_notify) { .length = 32 },
                            sizeof(struct nv04_notify), &ntfy);
   CHECK(!ret, "notifier: %d", ret);
   if (!push || !m2mf || !ntfy)
      return 1;

   /* a pitch source (GART), a block-linear destination (VRAM) and a pitch
    * buffer to copy back into */
   struct nouveau_bo *src = NULL, *bl = NULL, *back = NULL;
   union nouveau_bo_config cfg = {
      .nv50 = { .memtype = TEST_MEMTYPE, .tile_mode = TEST_TILE_MODE },
   };
   ret = nouveau_bo_new(dev, NOUVEAU_BO_GART | NOUVEAU_BO_MAP, 0, 4096, NULL,
                        &src);
   ret |= nouveau_bo_new(dev, NOUVEAU_BO_VRAM | NOUVEAU_BO_MAP, 0, 4096, &cfg,
                         &bl);
   ret |= nouveau_bo_new(dev, NOUVEAU_BO_GART | NOUVEAU_BO_MAP, 0, 4096, NULL,
                         &back);
   CHECK(!ret, "bo_new: %d", ret);
   if (ret)
      return 1;
   CHECK(src->offset && bl->offset && back->offset, "a VM address is 0");
   CHECK(src->offset % TEST_LARGE_PAGE == 0 && bl->offset % TEST_LARGE_PAGE == 0,
         "offsets 0x%llx 0x%llx not 64 KiB aligned",
         (unsigned long long)src->offset, (unsigned long long)bl->offset);
   CHECK(src->offset != bl->offset && bl->offset != back->offset,
         "two buffers at one address");
   CHECK(gem_info_offset(fd, bl) == bl->offset, "GEM_INFO offset 0x%llx",
         (unsigned long long)gem_info_offset(fd, bl));
   CHECK(bl->config.nv50.memtype == TEST_MEMTYPE &&
         bl->config.nv50.tile_mode == TEST_TILE_MODE,
         "memtype 0x%x tile_mode 0x%x", bl->config.nv50.memtype,
         bl->config.nv50.tile_mode);
   const uint64_t bl_va = bl->offset;

   nouveau_bo_map(src, NOUVEAU_BO_WR, client);
   nouveau_bo_map(bl, NOUVEAU_BO_WR, client);
   nouveau_bo_map(back, NOUVEAU_BO_WR, client);
   uint8_t *ps = src->map, *pb = bl->map, *pk = back->map;
   for (unsigned i = 0; i < 4096; i++) {
      ps[i] = (uint8_t)(i * 7 + 1);
      pb[i] = 0;
      pk[i] = 0;
   }

   /* 100 x 10 bytes, pitch 128, into a 128 x 16 block-linear surface
    * (block height 2^1) at (3, 2), then back into `back` (pitch 100) */
   struct nouveau_pushbuf_refn refs[] = {
      { src, NOUVEAU_BO_GART | NOUVEAU_BO_RD },
      { bl, NOUVEAU_BO_VRAM | NOUVEAU_BO_RDWR },
      { back, NOUVEAU_BO_GART | NOUVEAU_BO_WR },
   };
   ret = nouveau_pushbuf_space(push, 128, 0, 0);
   ret |= nouveau_pushbuf_refn(push, refs, 3);
   CHECK(!ret, "space/refn: %d", ret);
   out(push, incr(0, NV4_SUBCHAN_OBJECT, 1));
   out(push, TEST_HANDLE_M2MF);
   out(push, incr(0, NV04_M2MF_DMA_NOTIFY, 3));
   out(push, TEST_HANDLE_NTFY);
   out(push, fifo->vram);                  /* the whole VM, as nv50 uses */
   out(push, fifo->vram);
   for (int pass = 0; pass < 2; pass++) {
      const struct nouveau_bo *in = pass ? bl : src, *o = pass ? back : bl;
      out(push, incr(0, G80_M2MF_LAYOUT_IN, 6));
      out(push, pass ? G80_M2MF_LAYOUT_IN_BLOCKLINEAR : G80_M2MF_LAYOUT_IN_PITCH);
      out(push, TEST_TILE_MODE);
      out(push, 128);
      out(push, 16);
      out(push, 1);
      out(push, 0);
      out(push, incr(0, G80_M2MF_BLOCKLINEAR_POSITION_IN, 1));
      out(push, 2 << 16 | 3);
      out(push, incr(0, G80_M2MF_LAYOUT_OUT, 6));
      out(push, pass ? G80_M2MF_LAYOUT_OUT_PITCH : G80_M2MF_LAYOUT_OUT_BLOCKLINEAR);
      out(push, TEST_TILE_MODE);
      out(push, 128);
      out(push, 16);
      out(push, 1);
      out(push, 0);
      out(push, incr(0, G80_M2MF_BLOCKLINEAR_POSITION_OUT, 3));
      out(push, 2 << 16 | 3);
      out(push, (uint32_t)(in->offset >> 32));     /* OFFSET_IN_HIGH */
      out(push, (uint32_t)(o->offset >> 32));      /* OFFSET_OUT_HIGH */
      out(push, incr(0, NV04_M2MF_OFFSET_IN, 8));
      out(push, (uint32_t)in->offset);
      out(push, (uint32_t)o->offset);
      out(push, pass ? 0 : 128);                   /* PITCH_IN */
      out(push, pass ? 100 : 0);                   /* PITCH_OUT */
      out(push, 100);
      out(push, 10);
      out(push, NV04_M2MF_FORMAT_INPUT_INC_1 | NV04_M2MF_FORMAT_OUTPUT_INC_1);
      out(push, 0);
   }
   ret = nouveau_pushbuf_kick(push, chan);
   CHECK(!ret, "kick: %d", ret);
   ret = nouveau_bo_wait(back, NOUVEAU_BO_RD, client);
   CHECK(!ret, "wait: %d", ret);

   /* byte (0, 0) at (3, 2): row 2 of gob 0 -> 2 * 64 + 3; byte (70, 9) at
    * (73, 11): gob x 1 -> block 1 of the first block row... row 11 is in
    * block row 1: block 1 + 2 = 3 (0x600), gob y 0, row 3, x 9 */
   CHECK(pb[2 * 64 + 3] == ps[0], "bl[0x83] = 0x%02x", pb[2 * 64 + 3]);
   CHECK(pb[0x600 + 3 * 64 + 9] == ps[9 * 128 + 70], "bl[0x6c9] = 0x%02x",
         pb[0x600 + 3 * 64 + 9]);
   unsigned bad = 0;
   for (unsigned y = 0; y < 10; y++)
      for (unsigned x = 0; x < 100; x++)
         bad += pk[y * 100 + x] != ps[y * 128 + x];
   CHECK(bad == 0, "%u bytes differ after the round trip", bad);
   CHECK(bl->offset == bl_va && gem_info_offset(fd, bl) == bl_va,
         "the VM address changed across a submission");

   /* G84+: the kernel's fence after every submission sets DMA_SEMAPHORE
    * to the channel's VRAM object, the whole VM (Linux nv84_fence_emit32,
    * nouveau_channel_init): a release of ours without a DMA_SEMAPHORE
    * lands at back's VM address + 0x804, and still does after we pointed
    * DMA_SEMAPHORE at the notifier object in a previous submission
    * (0x804 is past that object: the kernel's fence put it back) */
   if (chipset != 0x50) {
      for (unsigned round = 0; round < 2; round++) {
         if (round) {
            ret = nouveau_pushbuf_space(push, 4, 0, 0);
            out(push, incr(0, NV1A_SUBCHAN_DMA_SEMAPHORE, 1));
            out(push, TEST_HANDLE_NTFY);
            ret |= nouveau_pushbuf_kick(push, chan);
            CHECK(!ret, "DMA_SEMAPHORE kick: %d", ret);
         }
         ret = nouveau_pushbuf_space(push, 16, 0, 0);
         ret |= nouveau_pushbuf_refn(push, &refs[2], 1);
         out(push, incr(0, G84_SUBCHAN_SEMAPHORE_ADDRESS_HIGH, 4));
         out(push, (uint32_t)((back->offset + 0x804) >> 32));
         out(push, (uint32_t)(back->offset + 0x804));
         out(push, 0xfe11ce + round);
         out(push, G84_SUBCHAN_SEMAPHORE_TRIGGER_ACTION_RELEASE);
         ret |= nouveau_pushbuf_kick(push, chan);
         CHECK(!ret, "fence semaphore kick: %d", ret);
         nouveau_bo_wait(back, NOUVEAU_BO_RD, client);
         CHECK(((uint32_t *)pk)[0x804 / 4] == 0xfe11ce + round,
               "release without our DMA_SEMAPHORE, round %u: 0x%x", round,
               ((uint32_t *)pk)[0x804 / 4]);
      }
   }

   /* G84+: FIFO semaphore release at back's VM address + 0x800 */
   if (chipset != 0x50) {
      ret = nouveau_pushbuf_space(push, 16, 0, 0);
      ret |= nouveau_pushbuf_refn(push, &refs[2], 1);
      out(push, incr(0, NV1A_SUBCHAN_DMA_SEMAPHORE, 1));
      out(push, fifo->vram);
      out(push, incr(0, G84_SUBCHAN_SEMAPHORE_ADDRESS_HIGH, 4));
      out(push, (uint32_t)((back->offset + 0x800) >> 32));
      out(push, (uint32_t)(back->offset + 0x800));
      out(push, 0x5eed);
      out(push, G84_SUBCHAN_SEMAPHORE_TRIGGER_ACTION_RELEASE);
      ret |= nouveau_pushbuf_kick(push, chan);
      CHECK(!ret, "semaphore kick: %d", ret);
      nouveau_bo_wait(back, NOUVEAU_BO_RD, client);
      CHECK(((uint32_t *)pk)[0x800 / 4] == 0x5eed, "semaphore 0x%x",
            ((uint32_t *)pk)[0x800 / 4]);
   }

   /* the 3D class exists, and a method with a value outside its enum
    * traps (INVALID_ENUM: rnndb g80_defs.xml G80_PGRAPH_DATA_ERROR; 0 is
    * no G80_ZETA_FORMAT): under NVSIM_STRICT=1 that kills the channel; by
    * default the method is dropped and the channel goes on, as on a card */
   const char *strict_env = getenv("NVSIM_STRICT");
   bool strict = strict_env && *strict_env && strcmp(strict_env, "0") != 0;
   uint32_t oclass = chipset == 0x50 ? G80_3D_CLASS : chipset < 0xa0 ?
                     G84_3D_CLASS : 0;
   if (oclass) {
      ret = nouveau_object_new(chan, TEST_HANDLE_3D, oclass, NULL, 0, &eng3d);
      CHECK(!ret, "3D object 0x%x: %d", oclass, ret);
      nouveau_pushbuf_space(push, 8, 0, 0);
      out(push, incr(1, NV4_SUBCHAN_OBJECT, 1));
      out(push, TEST_HANDLE_3D);
      out(push, incr(1, G80_3D_ZETA_FORMAT, 1));
      out(push, 0);
      nouveau_pushbuf_kick(push, chan);
      if (!strict && chipset != 0x50) {
         /* a (G84+) semaphore release after the trapped method lands */
         ((uint32_t *)pk)[0x800 / 4] = 0;
         ret = nouveau_pushbuf_space(push, 16, 0, 1);
         ret |= nouveau_pushbuf_refn(push, &refs[2], 1);
         out(push, incr(0, NV1A_SUBCHAN_DMA_SEMAPHORE, 1));
         out(push, fifo->vram);
         out(push, incr(0, G84_SUBCHAN_SEMAPHORE_ADDRESS_HIGH, 4));
         out(push, (uint32_t)((back->offset + 0x800) >> 32));
         out(push, (uint32_t)(back->offset + 0x800));
         out(push, 0x600d);
         out(push, G84_SUBCHAN_SEMAPHORE_TRIGGER_ACTION_RELEASE);
         ret |= nouveau_pushbuf_kick(push, chan);
         CHECK(!ret, "kick after the trap: %d", ret);
         nouveau_bo_wait(back, NOUVEAU_BO_RD, client);
         CHECK(((uint32_t *)pk)[0x800 / 4] == 0x600d,
               "semaphore after the trap 0x%x", ((uint32_t *)pk)[0x800 / 4]);
      }
      if (!strict) {
         struct drm_nouveau_gem_pushbuf req = { .channel = fifo->base.channel };
         CHECK(drmCommandWriteRead(fd, DRM_NOUVEAU_GEM_PUSHBUF, &req,
                                   sizeof(req)) == 0,
               "the channel died of a trap without NVSIM_STRICT");
      }
      /* NVSIM_STRICT: the trap lands on the GPU thread; a later
       * submission sees it */
      int dead = 0;
      for (int i = 0; strict && i < 1000 && !dead; i++) {
         struct drm_nouveau_gem_pushbuf req = { .channel = fifo->base.channel };
         dead = drmCommandWriteRead(fd, DRM_NOUVEAU_GEM_PUSHBUF, &req,
                                    sizeof(req)) == -ENODEV;
         if (!dead)
            usleep(1000);
      }
      CHECK(dead || !strict, "the channel survived a 3D method");
   }

   nouveau_object_del(&eng3d);
   nouveau_bo_ref(NULL, &src);
   nouveau_bo_ref(NULL, &bl);
   nouveau_bo_ref(NULL, &back);
   nouveau_object_del(&ntfy);
   nouveau_object_del(&m2mf);
   nouveau_pushbuf_del(&push);
   nouveau_object_del(&chan);
   nouveau_client_del(&client);
   nouveau_device_del(&dev);
   nouveau_drm_del(&drm);
   close(fd);
   if (failures)
      fprintf(stderr, "%d failures\n", failures);
   else
      printf("ok: Tesla abi16 on chipset %x\n", chipset);
   return failures ? 1 : 0;
}
