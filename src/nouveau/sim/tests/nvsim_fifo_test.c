/*
 * The DMA pusher and puller: every command form of
 * envytools-docs/hw/fifo/dma-pusher.rst, checked through a test-only class
 * that records the methods it receives, and the traps.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "nvsim_object.h"
#include "nvsim_test.h"

/* Not a real class: an id no NVIDIA chip uses, for the recorder. */
#define REC_CLASS  0xbe97
#define REC_HANDLE 0xcafe0001
/* recorder methods: 0x1000 always fails, data 0xbad0bad0 is refused */
#define REC_ILLEGAL_MTHD 0x1000
#define REC_BAD_DATA     0xbad0bad0

struct rec_entry { uint32_t mthd, data; };
static struct rec_entry rec_log[256];
static unsigned rec_len;

static void *
rec_create(struct nvsim_object *obj)
{
   return obj;    /* any non-NULL state */
}

static enum nvsim_status
rec_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   if (mthd == REC_ILLEGAL_MTHD)
      return NVSIM_ILLEGAL_MTHD;
   if (data == REC_BAD_DATA) {
      nvsim_trap_detail(obj, "recorder refuses 0x%08x", data);
      return NVSIM_INVALID_VALUE;
   }
   if (rec_len < 256)
      rec_log[rec_len] = (struct rec_entry) { mthd, data };
   rec_len++;
   return NVSIM_OK;
}

static const struct nvsim_class rec_class = {
   .oclass = REC_CLASS,
   .name = "TEST_RECORDER",
   .create = rec_create,
   .method = rec_method,
};

static bool
rec_fx(struct nvt_fx *fx, uint32_t chipset)
{
   rec_len = 0;
   if (!nvt_fx_init(fx, chipset))
      return false;
   CHECK_EQ(nvsim_device_add_class(fx->dev, &rec_class), 0);
   CHECK_EQ(nvsim_object_create(fx->chan, REC_HANDLE, REC_CLASS), 0);
   /* bind it on subchannel 1: increasing method 0 (OBJECT), count 1 */
   nvt_out(&fx->push, 0x00042000);
   nvt_out(&fx->push, REC_HANDLE);
   return true;
}

static void
run(struct nvt_fx *fx)
{
   int64_t seq = nvt_fx_submit(fx, NULL, 0);
   CHECK(seq > 0);
   if (seq > 0)
      nvsim_wait_seq(fx->dev, seq);
}

static void
expect_log(const struct rec_entry *want, unsigned n)
{
   CHECK_EQ(rec_len, n);
   for (unsigned i = 0; i < n && i < rec_len; i++) {
      CHECK_EQ(rec_log[i].mthd, want[i].mthd);
      CHECK_EQ(rec_log[i].data, want[i].data);
   }
}

static void
test_increasing(void)
{
   struct nvt_fx fx;
   if (!rec_fx(&fx, 0x40))
      return;
   /* 000CCCCCCCCCCC00SSSMMMMMMMMMMM00: count 3, subc 1, method 0x200 */
   nvt_out(&fx.push, (3 << 18) | (1 << 13) | 0x200);
   nvt_out(&fx.push, 0xa);
   nvt_out(&fx.push, 0xb);
   nvt_out(&fx.push, 0xc);
   run(&fx);
   static const struct rec_entry want[] = {
      { 0x200, 0xa }, { 0x204, 0xb }, { 0x208, 0xc },
   };
   expect_log(want, 3);
   CHECK(nvsim_channel_error(fx.chan) == NULL);
   nvt_fx_fini(&fx);
}

static void
test_nonincreasing(void)
{
   struct nvt_fx fx;
   if (!rec_fx(&fx, 0x40))
      return;
   /* 010CCCCCCCCCCC00SSSMMMMMMMMMMM00 */
   nvt_out(&fx.push, 0x40000000 | (3 << 18) | (1 << 13) | 0x300);
   nvt_out(&fx.push, 1);
   nvt_out(&fx.push, 2);
   nvt_out(&fx.push, 3);
   /* count 0 is a valid command with no data */
   nvt_out(&fx.push, (0 << 18) | (1 << 13) | 0x400);
   nvt_out(&fx.push, nvt_inc(1, 0x500, 1));
   nvt_out(&fx.push, 4);
   run(&fx);
   static const struct rec_entry want[] = {
      { 0x300, 1 }, { 0x300, 2 }, { 0x300, 3 }, { 0x500, 4 },
   };
   expect_log(want, 4);
   nvt_fx_fini(&fx);
}

/* A method command whose data continues in the next segment. */
static void
test_split_command(void)
{
   struct nvt_fx fx;
   if (!rec_fx(&fx, 0x40))
      return;
   nvt_out(&fx.push, nvt_inc(1, 0x200, 2));
   nvt_out(&fx.push, 7);
   run(&fx);
   nvt_out(&fx.push, 8);
   run(&fx);
   static const struct rec_entry want[] = { { 0x200, 7 }, { 0x204, 8 } };
   expect_log(want, 2);
   nvt_fx_fini(&fx);
}

static void
test_jump(void)
{
   struct nvt_fx fx;
   if (!rec_fx(&fx, 0x40))
      return;
   /* words 0,1: bind.  word 2: NV1A jump (low bits 01) to word 8 */
   nvt_out(&fx.push, nvt_fx_addr(&fx, 8) | 1);
   for (unsigned i = 3; i < 8; i++)
      nvt_out(&fx.push, 0xffffffff);     /* never read: INVALID_CMD if it were */
   nvt_out(&fx.push, nvt_inc(1, 0x200, 1));   /* word 8 */
   nvt_out(&fx.push, 0x11);
   /* word 10: old NV4 jump (001 in the top bits) to word 13 */
   nvt_out(&fx.push, 0x20000000 | nvt_fx_addr(&fx, 13));
   nvt_out(&fx.push, 0xffffffff);
   nvt_out(&fx.push, 0xffffffff);
   nvt_out(&fx.push, nvt_inc(1, 0x204, 1));   /* word 13 */
   nvt_out(&fx.push, 0x22);
   run(&fx);
   static const struct rec_entry want[] = { { 0x200, 0x11 }, { 0x204, 0x22 } };
   expect_log(want, 2);
   CHECK(nvsim_channel_error(fx.chan) == NULL);
   nvt_fx_fini(&fx);
}

/* NV20 (NV1A+, entered by jump): the user pushbuffer may call/return. */
static void
test_call_return(void)
{
   struct nvt_fx fx;
   if (!rec_fx(&fx, 0x20))
      return;
   /* word 2: call word 10 (low bits 10) */
   nvt_out(&fx.push, nvt_fx_addr(&fx, 10) | 2);
   nvt_out(&fx.push, nvt_inc(1, 0x204, 1));   /* word 3: after the return */
   nvt_out(&fx.push, 0x22);
   nvt_out(&fx.push, nvt_fx_addr(&fx, 14) | 1);  /* word 5: jump past sub */
   for (unsigned i = 6; i < 10; i++)
      nvt_out(&fx.push, 0xffffffff);
   nvt_out(&fx.push, nvt_inc(1, 0x200, 1));   /* word 10: subroutine */
   nvt_out(&fx.push, 0x11);
   nvt_out(&fx.push, 0x00020000);              /* word 12: return */
   nvt_out(&fx.push, 0xffffffff);
   nvt_out(&fx.push, nvt_inc(1, 0x208, 1));   /* word 14 */
   nvt_out(&fx.push, 0x33);
   run(&fx);
   static const struct rec_entry want[] = {
      { 0x200, 0x11 }, { 0x204, 0x22 }, { 0x208, 0x33 },
   };
   expect_log(want, 3);
   CHECK(nvsim_channel_error(fx.chan) == NULL);
   nvt_fx_fini(&fx);
}

/* NV40: the kernel CALLs the pushbuffer, so RETURN ends it and a CALL in
 * it is CALL_SUBR_ACTIVE. */
static void
test_kernel_call(void)
{
   struct nvt_fx fx;
   if (!rec_fx(&fx, 0x40))
      return;
   nvt_out(&fx.push, nvt_inc(1, 0x200, 1));
   nvt_out(&fx.push, 0x11);
   nvt_out(&fx.push, 0x00020000);     /* return to the kernel's ring */
   nvt_out(&fx.push, 0xffffffff);     /* not reached */
   run(&fx);
   static const struct rec_entry want[] = { { 0x200, 0x11 } };
   expect_log(want, 1);
   CHECK(nvsim_channel_error(fx.chan) == NULL);

   nvt_out(&fx.push, nvt_fx_addr(&fx, 0) | 2);
   run(&fx);
   CHECK_STR_HAS(nvsim_channel_error(fx.chan), "CALL_SUBR_ACTIVE");
   nvt_fx_fini(&fx);
}

/* NV20 has no kernel call: a RETURN without CALL traps. */
static void
test_return_inactive(void)
{
   struct nvt_fx fx;
   if (!rec_fx(&fx, 0x20))
      return;
   nvt_out(&fx.push, 0x00020000);
   run(&fx);
   CHECK_STR_HAS(nvsim_channel_error(fx.chan), "RET_SUBR_INACTIVE");
   nvt_fx_fini(&fx);
}

static void
test_bad_command(void)
{
   struct nvt_fx fx;
   /* 0000000000000011SSS...: long non-increasing, IB mode only */
   if (!rec_fx(&fx, 0x40))
      return;
   nvt_out(&fx.push, 0x00030000 | (1 << 13) | 0x200);
   nvt_out(&fx.push, 1);
   CHECK(nvt_fx_submit(&fx, NULL, 0) > 0);
   nvsim_wait_seq(fx.dev, 1 << 30);
   const char *err = nvsim_channel_error(fx.chan);
   CHECK_STR_HAS(err, "INVALID_CMD");
   CHECK_STR_HAS(err, "word 0x00032200");
   CHECK_EQ(rec_len, 0);
   nvt_fx_fini(&fx);

   /* NV10 is before NV1A: the new jump form (low bits 01) is invalid */
   if (!rec_fx(&fx, 0x10))
      return;
   nvt_out(&fx.push, nvt_fx_addr(&fx, 0) | 1);
   run(&fx);
   CHECK_STR_HAS(nvsim_channel_error(fx.chan), "INVALID_CMD");
   nvt_fx_fini(&fx);
}

static void
test_illegal_method_and_other_channel(void)
{
   struct nvt_fx a, b;
   if (!rec_fx(&a, 0x40))
      return;
   if (!nvt_fx_init_chan(&b, a.dev)) {
      nvt_fx_fini(&a);
      return;
   }
   CHECK_EQ(nvsim_object_create(b.chan, REC_HANDLE, REC_CLASS), 0);

   nvt_out(&a.push, nvt_inc(1, REC_ILLEGAL_MTHD, 1));
   nvt_out(&a.push, 5);
   run(&a);
   char want[64];
   snprintf(want, sizeof(want), "TRAP ch%u subc1 class 0xbe97", a.info.id);
   const char *err = nvsim_channel_error(a.chan);
   CHECK_STR_HAS(err, want);
   CHECK_STR_HAS(err, "TEST_RECORDER");
   CHECK_STR_HAS(err, "mthd 0x1000");
   CHECK_STR_HAS(err, "data 0x00000005");
   CHECK_STR_HAS(err, "ILLEGAL_MTHD");
   /* the method is dropped and the channel goes on, as under Linux's
    * nouveau (nvsim_trap.c; NVSIM_STRICT=1 kills it: nvsim_trap_test) */
   CHECK(!nvsim_channel_dead(a.chan));
   unsigned before_a = rec_len;
   nvt_out(&a.push, nvt_inc(1, 0x200, 1));
   nvt_out(&a.push, 1);
   run(&a);
   CHECK_EQ(rec_len, before_a + 1);
   CHECK_EQ(nvsim_object_create(a.chan, 0x1234, REC_CLASS), 0);

   /* the other channel goes on */
   unsigned before = rec_len;
   nvt_out(&b.push, nvt_inc(1, 0, 1));
   nvt_out(&b.push, REC_HANDLE);
   nvt_out(&b.push, nvt_inc(1, 0x200, 1));
   nvt_out(&b.push, 0x77);
   run(&b);
   CHECK(nvsim_channel_error(b.chan) == NULL);
   CHECK_EQ(rec_len, before + 1);
   CHECK_EQ(rec_log[before].data, 0x77);

   /* a method that fails on its data: the class's detail is in the line */
   nvt_out(&b.push, nvt_inc(1, 0x204, 1));
   nvt_out(&b.push, REC_BAD_DATA);
   run(&b);
   CHECK_STR_HAS(nvsim_channel_error(b.chan), "INVALID_VALUE [recorder refuses 0xbad0bad0]");
   CHECK_EQ(nvsim_channel_traps(b.chan), 1);

   nvt_fx_fini_chan(&b);
   nvt_fx_fini(&a);
}

static void
test_unbound_and_unknown(void)
{
   struct nvt_fx fx;
   if (!rec_fx(&fx, 0x40))
      return;
   /* method on subchannel 3, nothing bound there */
   nvt_out(&fx.push, nvt_inc(3, 0x200, 1));
   nvt_out(&fx.push, 1);
   run(&fx);
   CHECK_STR_HAS(nvsim_channel_error(fx.chan), "EMPTY_SUBCHANNEL");
   nvt_fx_fini(&fx);

   /* binding a handle that does not exist */
   if (!rec_fx(&fx, 0x40))
      return;
   nvt_out(&fx.push, nvt_inc(2, 0, 1));
   nvt_out(&fx.push, 0x0badbeef);
   run(&fx);
   CHECK_STR_HAS(nvsim_channel_error(fx.chan), "NO_HASH");
   nvt_fx_fini(&fx);

   /* a puller method NV40 does not have (0x04) */
   if (!rec_fx(&fx, 0x40))
      return;
   nvt_out(&fx.push, nvt_inc(1, 0x04, 1));
   nvt_out(&fx.push, 1);
   run(&fx);
   CHECK_STR_HAS(nvsim_channel_error(fx.chan), "INVALID_MTHD");
   nvt_fx_fini(&fx);

   /* a jump outside every buffer */
   if (!rec_fx(&fx, 0x40))
      return;
   nvt_out(&fx.push, 0x0ffffff0 | 1);
   run(&fx);
   CHECK_STR_HAS(nvsim_channel_error(fx.chan), "MEM_FAULT");
   nvt_fx_fini(&fx);

   /* a jump to itself never reaches the end of the segment */
   if (!rec_fx(&fx, 0x40))
      return;
   nvt_out(&fx.push, nvt_fx_addr(&fx, 2) | 1);
   run(&fx);
   CHECK_STR_HAS(nvsim_channel_error(fx.chan), "RUNAWAY");
   nvt_fx_fini(&fx);
}

static void
test_ref_cnt_and_semaphore(void)
{
   struct nvt_fx fx;
   if (!rec_fx(&fx, 0x40))
      return;
   uint32_t ntfy_off = 0;
   CHECK_EQ(nvsim_notifier_create(fx.chan, 0xd0000001, 64, &ntfy_off), 0);
   nvt_out(&fx.push, nvt_inc(0, 0x50, 1));      /* REF_CNT */
   nvt_out(&fx.push, 0x1234);
   nvt_out(&fx.push, nvt_inc(0, 0x60, 3));      /* DMA_SEMAPHORE, OFFSET, ACQUIRE */
   nvt_out(&fx.push, 0xd0000001);
   nvt_out(&fx.push, 0x10);
   nvt_out(&fx.push, 0);                         /* the block starts zeroed */
   nvt_out(&fx.push, nvt_inc(0, 0x6c, 1));      /* RELEASE */
   nvt_out(&fx.push, 0xcafe);
   run(&fx);
   CHECK(nvsim_channel_error(fx.chan) == NULL);
   CHECK_EQ(nvsim_channel_ref(fx.chan), 0x1234);
   uint32_t *blk = nvsim_bo_map(fx.info.notifier_bo);
   CHECK_EQ(blk[(ntfy_off + 0x10) / 4], 0xcafe);
   nvt_fx_fini(&fx);
}

/* NOTIFY on the recorder: notifier 0 written after the next method. */
static void
test_notify(void)
{
   struct nvt_fx fx;
   if (!rec_fx(&fx, 0x40))
      return;
   uint32_t off = 0;
   CHECK_EQ(nvsim_notifier_create(fx.chan, 0xd0000002, 32, &off), 0);
   uint32_t *n = (uint32_t *)((uint8_t *)nvsim_bo_map(fx.info.notifier_bo) + off);
   n[3] = 0xffffffff;              /* STATUS: PGRAPH clears it */
   nvt_out(&fx.push, nvt_inc(1, 0x180, 1));      /* DMA_NOTIFY */
   nvt_out(&fx.push, 0xd0000002);
   nvt_out(&fx.push, nvt_inc(1, 0x104, 1));      /* NOTIFY WRITE */
   nvt_out(&fx.push, 0);
   nvt_out(&fx.push, nvt_inc(1, 0x100, 1));      /* NOP */
   nvt_out(&fx.push, 0);
   run(&fx);
   CHECK(nvsim_channel_error(fx.chan) == NULL);
   CHECK_EQ(n[3], 0);
   CHECK(n[0] || n[1]);            /* a timestamp */
   CHECK_EQ(rec_len, 0);           /* the class saw none of these */

   /* two NOTIFYs in a row */
   nvt_out(&fx.push, nvt_inc(1, 0x104, 1));
   nvt_out(&fx.push, 0);
   nvt_out(&fx.push, nvt_inc(1, 0x104, 1));
   nvt_out(&fx.push, 0);
   run(&fx);
   CHECK_STR_HAS(nvsim_channel_error(fx.chan), "DOUBLE_NOTIFY");
   nvt_fx_fini(&fx);
}

static void
test_objects(void)
{
   struct nvt_fx fx;
   if (!nvt_fx_init(&fx, 0x40))
      return;
   CHECK_EQ(fx.info.vram_ctxdma, 0xbeef0201);
   CHECK_EQ(fx.info.gart_ctxdma, 0xbeef0202);
   CHECK(fx.info.notifier_bo != NULL);
   /* NV04_M2MF (0x0039) is on NV40 */
   CHECK_EQ(nvsim_object_create(fx.chan, 0x100, 0x0039), 0);
   CHECK_EQ(nvsim_object_create(fx.chan, 0x100, 0x0039), -EEXIST);
   /* NV4_SIFM (0x0077, NV4:G80 in rnndb nv_object.xml) is real on NV40
    * but not modelled (NV40_SIFM 0x3089 is: sim/nv40/nv40_2d.c) */
   CHECK_EQ(nvsim_object_create(fx.chan, 0x101, 0x0077), -EINVAL);
   CHECK_EQ(nvsim_object_create(fx.chan, 0x104, 0x3089), 0);
   /* NV44's 3D class (0x4497) is not on NV40 */
   CHECK_EQ(nvsim_object_create(fx.chan, 0x102, 0x4497), -EINVAL);
   /* DMA objects come from the kernel calls */
   CHECK_EQ(nvsim_object_create(fx.chan, 0x103, 0x003d), -EINVAL);
   CHECK_EQ(nvsim_object_destroy(fx.chan, 0x100), 0);
   CHECK_EQ(nvsim_object_destroy(fx.chan, 0x100), -ENOENT);
   CHECK_EQ(nvsim_object_create(fx.chan, 0x100, 0x0039), 0);

   /* notifiers are carved from the 4 KiB block in order */
   uint32_t o1 = 99, o2 = 99, o3 = 99;
   CHECK_EQ(nvsim_notifier_create(fx.chan, 0x200, 32, &o1), 0);
   CHECK_EQ(nvsim_notifier_create(fx.chan, 0x201, 32, &o2), 0);
   CHECK_EQ(o1, 0);
   CHECK_EQ(o2, 32);
   CHECK_EQ(nvsim_notifier_create(fx.chan, 0x202, 4096 - 64, &o3), 0);
   CHECK_EQ(o3, 64);
   CHECK_EQ(nvsim_notifier_create(fx.chan, 0x203, 16, &o3), -ENOMEM);
   CHECK_EQ(nvsim_object_destroy(fx.chan, 0x201), 0);
   CHECK_EQ(nvsim_notifier_create(fx.chan, 0x203, 16, &o3), 0);
   CHECK_EQ(o3, 32);

   /* many handles: the table grows */
   for (uint32_t h = 0; h < 1000; h++)
      CHECK_EQ(nvsim_object_create(fx.chan, 0x10000 + h, 0x0030), 0);
   for (uint32_t h = 0; h < 1000; h += 2)
      CHECK_EQ(nvsim_object_destroy(fx.chan, 0x10000 + h), 0);
   for (uint32_t h = 1; h < 1000; h += 2)
      CHECK_EQ(nvsim_object_create(fx.chan, 0x10000 + h, 0x0030), -EEXIST);
   nvt_fx_fini(&fx);
}

static void
test_chips(void)
{
   struct nvsim_device *dev = nvsim_device_create(0x40);
   CHECK(dev);
   if (dev) {
      const struct nvsim_chip_info *i = nvsim_device_info(dev);
      CHECK_EQ(i->chipset, 0x40);
      CHECK(strcmp(i->name, "NV40") == 0);
      CHECK(strcmp(i->marketing, "GeForce 6800 Ultra") == 0);
      CHECK_EQ(i->pci_vendor, 0x10de);
      CHECK_EQ(i->pci_device, 0x0040);
      CHECK_EQ(i->vram_size, 256ull << 20);
      CHECK(nvsim_device_has_class(dev, 0x4097));
      CHECK(!nvsim_device_has_class(dev, 0x4497));
      CHECK(nvsim_device_has_class(dev, 0x0039));
      nvsim_device_destroy(dev);
   }
   dev = nvsim_device_create(0x44);
   CHECK(dev);
   if (dev) {
      CHECK(nvsim_device_has_class(dev, 0x4497));
      CHECK(!nvsim_device_has_class(dev, 0x4097));
      nvsim_device_destroy(dev);
   }
   /* every chipset of the brief exists */
   static const uint32_t ids[] = { 0x10, 0x11, 0x15, 0x17, 0x20, 0x25, 0x30,
                                   0x34, 0x35, 0x40, 0x43, 0x44, 0x50, 0x84,
                                   0x92, 0xa0, 0xa3 };
   for (unsigned k = 0; k < sizeof(ids) / sizeof(ids[0]); k++) {
      dev = nvsim_device_create(ids[k]);
      CHECK(dev);
      if (dev) {
         CHECK_EQ(nvsim_device_info(dev)->chipset, ids[k]);
         nvsim_device_destroy(dev);
      }
   }
   CHECK(nvsim_device_create(0x99) == NULL);
   /* chips the table knows but nvsim does not model (hwdb chips.xml,
    * column nvsim): refused, as an unknown id is */
   CHECK(nvsim_device_create(0x45) == NULL);   /* NV45 */
   CHECK(nvsim_device_create(0x4e) == NULL);   /* C51 */
   /* the classes an NV35 has (rnndb: NV30_3D NV30:NV40, NV35_3D NV35:NV34
    * in chipset order) and nvsim models; no curie class */
   dev = nvsim_device_create(0x35);
   CHECK(dev);
   if (dev) {
      CHECK(nvsim_device_has_class(dev, 0x0397));
      CHECK(nvsim_device_has_class(dev, 0x0497));
      CHECK(!nvsim_device_has_class(dev, 0x0697));
      CHECK(!nvsim_device_has_class(dev, 0x4097));
      CHECK(nvsim_device_has_class(dev, 0x0389));   /* NV30_SIFM */
      nvsim_device_destroy(dev);
   }
}

static uint32_t
xorshift(uint32_t *state)
{
   uint32_t x = *state;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   return *state = x;
}

/* Random command streams: whatever they do, nvsim must not crash, hang or
 * touch memory outside a buffer (run under -Db_sanitize=address to see
 * the latter).  The words are biased towards the command forms, the
 * recorder (subc 1) and M2MF (subc 2) so that they get somewhere. */
static void
test_fuzz(void)
{
   uint32_t seed = 0x12345678;
   unsigned trapped = 0;
   for (unsigned round = 0; round < 200; round++) {
      struct nvt_fx fx;
      if (!rec_fx(&fx, round & 1 ? 0x40 : 0x20))
         return;
      uint32_t off;
      CHECK_EQ(nvsim_object_create(fx.chan, 0x3901, 0x0039), 0);
      CHECK_EQ(nvsim_notifier_create(fx.chan, 0x0301, 32, &off), 0);
      struct nvsim_bo *bo = nvsim_bo_create(fx.dev, 8192, NVSIM_DOMAIN_GART, NULL);
      nvt_out(&fx.push, nvt_inc(2, 0, 1));
      nvt_out(&fx.push, 0x3901);
      nvt_out(&fx.push, nvt_inc(2, 0x180, 3));
      nvt_out(&fx.push, 0x0301);
      nvt_out(&fx.push, fx.info.gart_ctxdma);
      nvt_out(&fx.push, fx.info.gart_ctxdma);
      for (unsigned i = 0; i < 200; i++) {
         uint32_t r = xorshift(&seed);
         uint32_t w;
         switch (r % 8) {
         case 0:
            w = xorshift(&seed);                               /* anything */
            break;
         case 1:   /* M2MF methods with data near the buffer */
            w = nvt_inc(2, 0x30c + 4 * (r >> 8) % 8, 1);
            nvt_out(&fx.push, w);
            w = (uint32_t)nvsim_bo_offset(bo) + (xorshift(&seed) % 9000);
            if ((r >> 8) % 8 == 5)
               w = xorshift(&seed) % 64;    /* LINE_COUNT: keep it short */
            break;
         case 2:
            w = nvt_fx_addr(&fx, xorshift(&seed) % 300) | (r >> 30); /* flow */
            break;
         case 3:
            w = 0x00020000;                                    /* return */
            break;
         default:  /* a method command of random shape */
            w = nvt_inc((r >> 3) & 7, (xorshift(&seed) % 0x800) * 4,
                        (r >> 8) % 4);
            if (r & 0x10000)
               w |= 0x40000000;
            break;
         }
         nvt_out(&fx.push, w);
      }
      int64_t seq = nvt_fx_submit(&fx, &bo, 1);
      CHECK(seq > 0);
      nvsim_wait_seq(fx.dev, seq);
      trapped += nvsim_channel_error(fx.chan) != NULL;
      nvsim_bo_destroy(bo);
      nvt_fx_fini(&fx);
   }
   /* random streams nearly always hit something illegal */
   CHECK(trapped > 100);
}

static const struct nvt_case cases[] = {
   { "increasing", test_increasing },
   { "nonincreasing", test_nonincreasing },
   { "split_command", test_split_command },
   { "jump", test_jump },
   { "call_return", test_call_return },
   { "kernel_call", test_kernel_call },
   { "return_inactive", test_return_inactive },
   { "bad_command", test_bad_command },
   { "illegal_method", test_illegal_method_and_other_channel },
   { "unbound_and_unknown", test_unbound_and_unknown },
   { "ref_cnt_semaphore", test_ref_cnt_and_semaphore },
   { "notify", test_notify },
   { "objects", test_objects },
   { "chips", test_chips },
   { "fuzz", test_fuzz },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
