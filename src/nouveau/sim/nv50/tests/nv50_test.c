/*
 * Tesla: block-linear layouts (addresses computed by hand from
 * envytools-docs/hw/memory/g80-surface.rst), the VM, the IB-mode pusher
 * (dma-pusher.rst "IB mode" and the pre-GF100 command forms), the G80
 * puller semaphores (puller.rst) and G80_M2MF copies between pitch and
 * block-linear surfaces.
 */
#include <errno.h>
#include <stdlib.h>

#include "nvsim_object.h"
#include "nvsim_vm.h"
#include "nv50_tfx.h"
#include "nv50_layout.h"
#include "fifo.xml.h"
#include "g80_2d.xml.h"
#include "g80_3d.xml.h"
#include "g80_3d.h"
#include "g80_texture.h"

/* ---- layouts ---- */

static void
layout_pitch(void)
{
   struct nv50_layout l = { .blocklinear = false, .pitch = 256, .height = 10 };
   CHECK_EQ(nv50_layout_offset(&l, 0, 0, 0), 0);
   CHECK_EQ(nv50_layout_offset(&l, 17, 3, 0), 3 * 256 + 17);
   CHECK_EQ(nv50_layout_offset(&l, 5, 2, 1), 10 * 256 + 2 * 256 + 5);
   CHECK_EQ(nv50_layout_size(&l), 2560);
}

/* The example of g80-surface.rst: 13 x 17 x 3 elements of 16 bytes,
 * block 1/1/1 (2 x 2 x 2 gobs): blocks of 0x800 bytes, 128 bytes x 8 rows
 * x 2 layers; 2 x 3 x 2 blocks; 0x6000 bytes. */
static void
layout_blocklinear_doc_example(void)
{
   struct nv50_layout l;
   /* WIDTH 1 (bits 0-3), HEIGHT 1 (4-7), DEPTH 1 (8-11) */
   CHECK(nv50_layout_blocklinear(&l, 0x111, 13 * 16, 17, 3));
   CHECK_EQ(nv50_layout_size(&l), 0x6000);
   CHECK_EQ(nv50_layout_offset(&l, 0, 0, 0), 0);
   /* element 8: byte 128, the second block in x */
   CHECK_EQ(nv50_layout_offset(&l, 8 * 16, 0, 0), 0x800);
   /* element (4, 5, 1): x byte 64 -> gob x 1 (0x100); row 5 -> gob y 1
    * (0x100 * 2 gobs in x = 0x200), row 1 in the gob (+64); layer 1 ->
    * gob z 1 (0x100 * 4 = 0x400): 0x740 */
   CHECK_EQ(nv50_layout_offset(&l, 4 * 16, 5, 1), 0x740);
   /* element (12, 16, 2): block (1, 2, 1) = 1 + 2*2 + 1*6 = 11 -> 0x5800;
    * in block x byte 64 (gob 1), row 0, layer 0: 0x5900 */
   CHECK_EQ(nv50_layout_offset(&l, 12 * 16, 16, 2), 0x5900);
   /* byte 3 of element (1, 3, 0): gob 0, row 3 -> 3 * 64 + 16 + 3 */
   CHECK_EQ(nv50_layout_offset(&l, 16 + 3, 3, 0), 0xd3);
   /* contiguous bytes end at the gob's row */
   CHECK_EQ(nv50_layout_run(&l, 16 + 3), 64 - 19);
}

static void
layout_blocklinear_2d(void)
{
   /* 256 x 64 bytes, block height 2^4 = 16 gobs (64 rows), width 1 gob:
    * one block column is 64 bytes x 64 rows = 0x1000 bytes */
   struct nv50_layout l;
   CHECK(nv50_layout_blocklinear(&l, 0x40, 256, 64, 1));
   CHECK_EQ(nv50_layout_size(&l), 4 * 0x1000);
   /* (x 70, y 9): block 1 (0x1000), gob y 2 (0x200), row 1 (+64), x 6 */
   CHECK_EQ(nv50_layout_offset(&l, 70, 9, 0), 0x1000 + 0x200 + 64 + 6);
   /* a log2 above 5 is refused */
   CHECK(!nv50_layout_blocklinear(&l, 0x60, 256, 64, 1));
}

static void
layout_autosize(void)
{
   /* texture-style: a 16-byte wide, 4-row surface needs no more than one
    * gob: block 5/5/5 shrinks to 0/0/0 */
   struct nv50_layout l;
   CHECK(nv50_layout_blocklinear(&l, 0x555, 16, 4, 1));
   nv50_layout_autosize(&l);
   CHECK_EQ(l.block_w, 0);
   CHECK_EQ(l.block_h, 0);
   CHECK_EQ(l.block_d, 0);
   /* 20 rows need 8 gobs of 4 rows (2^3: 4 << 2 = 16 < 20) */
   CHECK(nv50_layout_blocklinear(&l, 0x050, 64, 20, 1));
   nv50_layout_autosize(&l);
   CHECK_EQ(l.block_h, 3);
}


/* The recorder class, as in nvsim_fifo_test.c */
#define REC_CLASS  0xbe97
#define REC_HANDLE 0xcafe0001
struct rec_entry { uint32_t mthd, data; };
static struct rec_entry rec_log[64];
static unsigned rec_len;

static void *
rec_create(struct nvsim_object *obj)
{
   return obj;
}

static enum nvsim_status
rec_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   if (rec_len < 64)
      rec_log[rec_len] = (struct rec_entry) { mthd, data };
   rec_len++;
   return NVSIM_OK;
}

static const struct nvsim_class rec_class = {
   .oclass = REC_CLASS, .name = "TEST_RECORDER",
   .create = rec_create, .method = rec_method,
};

static bool
rec_tfx(struct tfx *t, uint32_t chipset)
{
   rec_len = 0;
   if (!tfx_init(t, chipset))
      return false;
   CHECK_EQ(nvsim_device_add_class(t->dev, &rec_class), 0);
   CHECK_EQ(nvsim_object_create(t->chan, REC_HANDLE, REC_CLASS), 0);
   out(t, nvt_inc(1, 0, 1));
   out(t, REC_HANDLE);
   return true;
}

static void
check_log(const struct rec_entry *want, unsigned n)
{
   CHECK_EQ(rec_len, n);
   for (unsigned i = 0; i < n && i < rec_len; i++) {
      CHECK_EQ(rec_log[i].mthd, want[i].mthd);
      CHECK_EQ(rec_log[i].data, want[i].data);
   }
}

/* ---- VM ---- */

static void
vm_map_unmap(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   struct nvsim_bo *a = nvsim_bo_create(t.dev, 5000, NVSIM_DOMAIN_VRAM, NULL);
   struct nvsim_bo *b = nvsim_bo_create(t.dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   uint64_t va_a = 0, va_b = 0;
   CHECK_EQ(nvsim_vm_map(t.vm, a, 0x70, 4, &va_a), 0);
   CHECK_EQ(nvsim_vm_map(t.vm, b, 0, 0, &va_b), 0);
   /* 64 KiB aligned, never 0, never overlapping */
   CHECK(va_a && va_b && va_a != va_b);
   CHECK_EQ(va_a % 0x10000, 0);
   CHECK_EQ(va_b % 0x10000, 0);
   uint32_t memtype = 0, tile_mode = 0;
   CHECK(nvsim_vm_lookup(t.vm, va_a + 4999, &memtype, &tile_mode) == a);
   CHECK_EQ(memtype, 0x70);
   CHECK_EQ(tile_mode, 4);
   CHECK(nvsim_vm_lookup(t.vm, 0, NULL, NULL) == NULL);
   CHECK_EQ(nvsim_vm_unmap(t.vm, va_a), 0);
   CHECK(nvsim_vm_lookup(t.vm, va_a, NULL, NULL) == NULL);
   CHECK_EQ(nvsim_vm_unmap(t.vm, va_a), -ENOENT);
   nvsim_vm_unmap(t.vm, va_b);
   nvsim_bo_destroy(a);
   nvsim_bo_destroy(b);
   /* no VM on a pre-Tesla device */
   struct nvsim_device *nv40 = nvsim_device_create(0x40);
   CHECK(nvsim_vm_create(nv40) == NULL);
   nvsim_device_destroy(nv40);
out:
   tfx_fini(&t);
}

/* ---- IB-mode pusher ---- */

static void
ib_methods(void)
{
   struct tfx t;
   if (!rec_tfx(&t, 0x50))
      goto out;
   out(&t, nvt_inc(1, 0x200, 2));
   out(&t, 7);
   out(&t, 8);
   out(&t, nvt_ni(1, 0x300, 2));
   out(&t, 9);
   out(&t, 10);
   /* long non-increasing: 0x00030000 | subc 1 | method 0x400, count 3 */
   out(&t, 0x00030000 | 1 << 13 | 0x400);
   out(&t, 3);
   out(&t, 11);
   out(&t, 12);
   out(&t, 13);
   CHECK(tfx_submit(&t, NULL, 0) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   static const struct rec_entry want[] = {
      { 0x200, 7 }, { 0x204, 8 }, { 0x300, 9 }, { 0x300, 10 },
      { 0x400, 11 }, { 0x400, 12 }, { 0x400, 13 },
   };
   check_log(want, 7);
out:
   tfx_fini(&t);
}

/* A methods command continues into the next IB entry. */
static void
ib_command_spans_entries(void)
{
   struct tfx t;
   if (!rec_tfx(&t, 0x84))
      goto out;
   out(&t, nvt_inc(1, 0x200, 2));
   out(&t, 0x11);
   uint32_t e[4];
   ib_entry(e, t.push_va, t.len);          /* header and first data word */
   out(&t, 0x22);
   ib_entry(e + 2, t.push_va + (t.len - 1) * 4, 1);
   int64_t seq = nvsim_submit_ib(t.chan, e, 2, &t.push_bo, 1);
   CHECK(seq > 0);
   nvsim_wait_seq(t.dev, seq);
   static const struct rec_entry want[] = { { 0x200, 0x11 }, { 0x204, 0x22 } };
   check_log(want, 2);
out:
   tfx_fini(&t);
}

static void
ib_empty_traps(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   uint32_t e[2];
   ib_entry(e, t.push_va, 0);
   int64_t seq = nvsim_submit_ib(t.chan, e, 1, &t.push_bo, 1);
   nvsim_wait_seq(t.dev, seq);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "IB_EMPTY");
out:
   tfx_fini(&t);
}

static void
ib_unmapped_traps(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   uint32_t e[2];
   /* a VM address far from every mapping */
   ib_entry(e, 0x7000000000ull, 4);
   int64_t seq = nvsim_submit_ib(t.chan, e, 1, &t.push_bo, 1);
   nvsim_wait_seq(t.dev, seq);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "MEM_FAULT");
   /* the kernel skips the faulting segment (nv04_fifo_dma_pusher: GET =
    * PUT) and the channel goes on: later submissions are taken */
   CHECK(!nvsim_channel_dead(t.chan));
   seq = nvsim_submit_ib(t.chan, e, 1, &t.push_bo, 1);
   CHECK(seq > 0);
   nvsim_wait_seq(t.dev, seq);
   CHECK_EQ(nvsim_channel_traps(t.chan), 2);
out:
   tfx_fini(&t);
}

/*
 * Traps in IB mode go on as nv04_fifo_dma_pusher and nv50_gr_intr let them
 * (nvsim_trap.c, nv50_fifo_ib.c): a trapped method is dropped; a pusher
 * error inside a segment skips the rest of that segment (GET = PUT) and
 * the next IB entry runs; an error in an IB entry skips the job's other
 * entries (IB_GET = IB_PUT); the next job runs.
 */
static void
ib_traps_go_on(void)
{
   struct tfx t;
   if (!rec_tfx(&t, 0x84))
      goto out;
   /* the bind and entry A: REF_CNT 1, a jump (INVALID_CMD), REF_CNT 2 */
   out(&t, nvt_inc(0, 0x50, 1));
   out(&t, 1);
   out(&t, (uint32_t)t.push_va | 1);
   out(&t, nvt_inc(0, 0x50, 1));
   out(&t, 2);
   unsigned b = t.len;
   /* entry B: a method, one on an empty subchannel, a method, REF_CNT 3 */
   out(&t, nvt_inc(1, 0x200, 1));
   out(&t, 5);
   out(&t, nvt_inc(5, 0x200, 1));
   out(&t, 0xdead);
   out(&t, nvt_inc(1, 0x204, 1));
   out(&t, 6);
   out(&t, nvt_inc(0, 0x50, 1));
   out(&t, 3);
   unsigned d = t.len;
   /* entry C is empty (IB_EMPTY); entry D: REF_CNT 4, never read */
   out(&t, nvt_inc(0, 0x50, 1));
   out(&t, 4);
   uint32_t e[8];
   ib_entry(e, t.push_va, b);
   ib_entry(e + 2, t.push_va + b * 4, d - b);
   ib_entry(e + 4, t.push_va, 0);
   ib_entry(e + 6, t.push_va + d * 4, t.len - d);
   t.seg = t.len;
   int64_t seq = nvsim_submit_ib(t.chan, e, 4, &t.push_bo, 1);
   CHECK(seq > 0);
   nvsim_wait_seq(t.dev, seq);
   static const struct rec_entry want[] = { { 0x200, 5 }, { 0x204, 6 } };
   check_log(want, 2);
   CHECK_EQ(nvsim_channel_ref(t.chan), 3);
   CHECK_EQ(nvsim_channel_traps(t.chan), 3);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "INVALID_CMD");
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "IB_EMPTY");
   CHECK(!nvsim_channel_dead(t.chan));
   /* the next job */
   out(&t, nvt_inc(0, 0x50, 1));
   out(&t, 7);
   CHECK(tfx_submit(&t, NULL, 0) > 0);
   CHECK_EQ(nvsim_channel_ref(t.chan), 7);
out:
   tfx_fini(&t);
}

static void
ib_jump_is_invalid(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   out(&t, (uint32_t)t.push_va | 1);      /* NV1A jump form */
   tfx_submit(&t, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "INVALID_CMD");
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "jumps do not exist in IB mode");
out:
   tfx_fini(&t);
}

static void
ib_increase_once_is_gf100(void)
{
   struct tfx t;
   if (!rec_tfx(&t, 0xa3))
      goto out;
   /* 101CCCCCCCCCCCCCSSSXMMMMMMMMMMMM: GF100 format only */
   out(&t, 0xa0000000u | 2 << 16 | 1 << 13 | (0x200 >> 2));
   out(&t, 1);
   out(&t, 2);
   tfx_submit(&t, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "INVALID_CMD");
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "GF100");
   CHECK_EQ(rec_len, 0);
out:
   tfx_fini(&t);
}

static void
ib_unknown_puller_method(void)
{
   struct tfx t;
   /* SEMAPHORE_SEQUENCE (0x18) is G84+: INVALID_MTHD on G80 */
   if (!rec_tfx(&t, 0x50))
      goto out;
   out(&t, nvt_inc(1, 0x18, 1));
   out(&t, 5);
   tfx_submit(&t, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "INVALID_MTHD");
out:
   tfx_fini(&t);
}

/* ---- semaphores and REF_CNT ---- */

static void
semaphores(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x84))
      goto out;
   struct nvsim_bo *sem = nvsim_bo_create(t.dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   uint64_t sem_va;
   CHECK_EQ(nvsim_vm_map(t.vm, sem, 0, 0, &sem_va), 0);
   uint32_t *s = nvsim_bo_map(sem);
   struct nvsim_bo *bos[] = { t.push_bo, sem };

   /* DMA_SEMAPHORE = the channel's VRAM object (the whole VM): offsets
    * are VM addresses */
   out(&t, nvt_inc(0, 0x60, 1));
   out(&t, t.info.vram_ctxdma);
   /* old-style: offset must fit 16 bits, so only the G84 methods reach
    * this buffer; release 0x1234 at sem_va + 0x20 */
   out(&t, nvt_inc(0, 0x10, 4));
   out(&t, (uint32_t)(sem_va >> 32));
   out(&t, (uint32_t)sem_va + 0x20);
   out(&t, 0x1234);
   out(&t, 2);                              /* WRITE_LONG */
   out(&t, nvt_inc(0, 0x1c, 1));
   out(&t, 1);                              /* ACQUIRE_EQUAL 0x1234: met */
   out(&t, nvt_inc(0, 0x50, 1));
   out(&t, 0xabcd);                         /* REF_CNT */
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   CHECK_EQ(s[0x20 / 4], 0x1234);
   CHECK_EQ(s[0x24 / 4], 0);
   CHECK(s[0x28 / 4] || s[0x2c / 4]);       /* a timestamp */
   CHECK_EQ(nvsim_channel_ref(t.chan), 0xabcd);

   /* old-style offset past 16 bits: ADDRESS_TOO_LARGE */
   out(&t, nvt_inc(0, 0x64, 1));
   out(&t, 0x10000);
   tfx_submit(&t, bos, 2);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "ADDRESS_TOO_LARGE");
   nvsim_vm_unmap(t.vm, sem_va);
   nvsim_bo_destroy(sem);
out:
   tfx_fini(&t);
}

/* A notifier on a Tesla channel is a DMA object over the notifier block's
 * VM range: NOTIFY on the recorder writes the 16-byte structure there. */
static void
tesla_notifier(void)
{
   struct tfx t;
   if (!rec_tfx(&t, 0x50))
      goto out;
   uint32_t off = 0;
   CHECK_EQ(nvsim_notifier_create(t.chan, 0xbeef0301, 32, &off), 0);
   uint32_t *n = (uint32_t *)((uint8_t *)nvsim_bo_map(t.info.notifier_bo) + off);
   n[3] = 0xffffffff;
   out(&t, nvt_inc(1, 0x180, 1));
   out(&t, 0xbeef0301);
   out(&t, nvt_inc(1, 0x104, 1));
   out(&t, 0);
   out(&t, nvt_inc(1, 0x200, 1));
   out(&t, 1);
   CHECK(tfx_submit(&t, NULL, 0) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   CHECK_EQ(n[3], 0);                       /* status written */
out:
   tfx_fini(&t);
}

/* ---- G80_M2MF ---- */

#define M2MF_HANDLE 0xbeef5039

/* Copies a 100 x 10 byte pitch image (pitch 128) into a block-linear
 * surface of 128 bytes x 16 rows with block height 2^1 (2 gobs, 8 rows),
 * at position (x 3, y 2), then back out into a second pitch buffer. */
static void
m2mf_linear_blocklinear(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   CHECK_EQ(nvsim_object_create(t.chan, M2MF_HANDLE, G80_M2MF_CLASS), 0);
   struct nvsim_bo *lin = nvsim_bo_create(t.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   struct nvsim_bo *bl = nvsim_bo_create(t.dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   struct nvsim_bo *back = nvsim_bo_create(t.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   uint64_t va_lin, va_bl, va_back;
   CHECK_EQ(nvsim_vm_map(t.vm, lin, 0, 0, &va_lin), 0);
   CHECK_EQ(nvsim_vm_map(t.vm, bl, 0x70, 0x10, &va_bl), 0);
   CHECK_EQ(nvsim_vm_map(t.vm, back, 0, 0, &va_back), 0);
   uint8_t *pl = nvsim_bo_map(lin), *pb = nvsim_bo_map(bl),
           *pk = nvsim_bo_map(back);
   for (unsigned y = 0; y < 10; y++)
      for (unsigned x = 0; x < 100; x++)
         pl[y * 128 + x] = (uint8_t)(y * 100 + x + 1);
   struct nvsim_bo *bos[] = { t.push_bo, lin, bl, back };
   uint32_t vram = t.info.vram_ctxdma;

   out(&t, nvt_inc(2, 0, 1));
   out(&t, M2MF_HANDLE);
   out(&t, nvt_inc(2, 0x184, 2));           /* DMA_BUFFER_IN/OUT */
   out(&t, vram);
   out(&t, vram);
   /* in: pitch; out: block-linear 128 x 16 x 1, block height 1 */
   out(&t, nvt_inc(2, 0x200, 1));
   out(&t, 1);                              /* LAYOUT_IN PITCH */
   out(&t, nvt_inc(2, 0x21c, 6));
   out(&t, 0);                              /* LAYOUT_OUT BLOCKLINEAR */
   out(&t, 0x10);                           /* dims: height 2^1 gobs */
   out(&t, 128);
   out(&t, 16);
   out(&t, 1);
   out(&t, 0);
   out(&t, nvt_inc(2, 0x234, 3));           /* POSITION_OUT, OFFSET_*_HIGH */
   out(&t, 2 << 16 | 3);
   out(&t, (uint32_t)(va_lin >> 32));
   out(&t, (uint32_t)(va_bl >> 32));
   out(&t, nvt_inc(2, 0x30c, 4));           /* OFFSET_IN/OUT, PITCH_IN/OUT */
   out(&t, (uint32_t)va_lin);
   out(&t, (uint32_t)va_bl);
   out(&t, 128);
   out(&t, 0);
   out(&t, nvt_inc(2, 0x31c, 4));           /* LINE_LENGTH, COUNT, FORMAT, BUF_NOTIFY */
   out(&t, 100);
   out(&t, 10);
   out(&t, 0x101);
   out(&t, 0);
   CHECK(tfx_submit(&t, bos, 4) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   /* byte (0, 0) of the image lands at (3, 2): gob 0, row 2 -> 2*64 + 3 */
   CHECK_EQ(pb[2 * 64 + 3], 1);
   /* byte (70, 0) at (73, 2): gob x 1 -> block 1 (2 gobs of 0x100 each
    * in a block of height 2): 0x200 + 2*64 + 9 */
   CHECK_EQ(pb[0x200 + 2 * 64 + 9], 71);
   /* byte (10, 5) at (13, 7): gob y 1 in block 0 -> 0x100 + 3*64 + 13 */
   CHECK_EQ(pb[0x100 + 3 * 64 + 13], (uint8_t)(5 * 100 + 10 + 1));
   /* byte (99, 9) at (102, 11): block row 1 (rows 8..15) of 2 blocks x:
    * block 1 + 2 = 3 (0x600), gob y 0, row 3, x 38 */
   CHECK_EQ(pb[0x600 + 3 * 64 + 38], (uint8_t)(9 * 100 + 99 + 1));

   /* and back: block-linear in, pitch out (pitch 100) */
   out(&t, nvt_inc(2, 0x200, 6));
   out(&t, 0);
   out(&t, 0x10);
   out(&t, 128);
   out(&t, 16);
   out(&t, 1);
   out(&t, 0);
   out(&t, nvt_inc(2, 0x218, 1));
   out(&t, 2 << 16 | 3);
   out(&t, nvt_inc(2, 0x21c, 1));
   out(&t, 1);
   out(&t, nvt_inc(2, 0x238, 2));
   out(&t, (uint32_t)(va_bl >> 32));
   out(&t, (uint32_t)(va_back >> 32));
   out(&t, nvt_inc(2, 0x30c, 4));
   out(&t, (uint32_t)va_bl);
   out(&t, (uint32_t)va_back);
   out(&t, 0);
   out(&t, 100);
   out(&t, nvt_inc(2, 0x31c, 4));
   out(&t, 100);
   out(&t, 10);
   out(&t, 0x101);
   out(&t, 0);
   CHECK(tfx_submit(&t, bos, 4) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   unsigned bad = 0;
   for (unsigned y = 0; y < 10; y++)
      for (unsigned x = 0; x < 100; x++)
         bad += pk[y * 100 + x] != pl[y * 128 + x];
   CHECK_EQ(bad, 0);

   /* a line past the surface's height traps, naming the position */
   out(&t, nvt_inc(2, 0x218, 1));
   out(&t, 12 << 16);
   out(&t, nvt_inc(2, 0x31c, 4));
   out(&t, 4);
   out(&t, 5);
   out(&t, 0x101);
   out(&t, 0);
   tfx_submit(&t, bos, 4);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "outside the 128x16x1");

   /* 2^32 - 1 lines of 16 bytes, both pitches 0, pitch layouts: inside the
    * buffers but for ever; a runaway trap, nothing copied, and the next
    * copy (one line) lands */
   memset(pk, 0, 4096);
   out(&t, nvt_inc(2, 0x200, 1));
   out(&t, 1);                              /* LAYOUT_IN PITCH */
   out(&t, nvt_inc(2, 0x21c, 1));
   out(&t, 1);                              /* LAYOUT_OUT PITCH */
   out(&t, nvt_inc(2, 0x238, 2));
   out(&t, (uint32_t)(va_lin >> 32));
   out(&t, (uint32_t)(va_back >> 32));
   out(&t, nvt_inc(2, 0x30c, 8));
   out(&t, (uint32_t)va_lin);
   out(&t, (uint32_t)va_back);
   out(&t, 0);
   out(&t, 0);
   out(&t, 16);
   out(&t, 0xffffffff);
   out(&t, 0x101);
   out(&t, 0);
   tfx_submit(&t, bos, 4);
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "runaway");
   for (unsigned i = 0; i < 16; i++)
      CHECK_EQ(pk[i], 0);
   out(&t, nvt_inc(2, 0x320, 1));           /* LINE_COUNT */
   out(&t, 1);
   out(&t, nvt_inc(2, 0x328, 1));           /* BUF_NOTIFY */
   out(&t, 0);
   CHECK(tfx_submit(&t, bos, 4) > 0);
   for (unsigned i = 0; i < 16; i++)
      CHECK_EQ(pk[i], pl[i]);

   nvsim_vm_unmap(t.vm, va_lin);
   nvsim_vm_unmap(t.vm, va_bl);
   nvsim_vm_unmap(t.vm, va_back);
   nvsim_bo_destroy(lin);
   nvsim_bo_destroy(bl);
   nvsim_bo_destroy(back);
out:
   tfx_fini(&t);
}


/* ---- G80_2D ---- */

#define ENG2D_HANDLE 0xbeef502d
/* hwdb G80_SURFACE_FORMAT values, written out from rnndb g80_defs.xml */
#define FMT_R8_UNORM     0xf3
#define FMT_BGRA8_UNORM  0xcf
#define FMT_RGBA8_UNORM  0xd5


static void
eng2d_bind(struct tfx *t)
{
   CHECK_EQ(nvsim_object_create(t->chan, ENG2D_HANDLE, G80_2D_CLASS), 0);
   out(t, nvt_inc(3, 0, 1));
   out(t, ENG2D_HANDLE);
   out(t, nvt_inc(3, 0x184, 2));            /* DMA_DST, DMA_SRC */
   out(t, t->info.vram_ctxdma);
   out(t, t->info.vram_ctxdma);
   out(t, nvt_inc(3, 0x2ac, 1));            /* OPERATION SRCCOPY */
   out(t, 3);
}

/* pitch surface: FORMAT, LINEAR 1, then PITCH, WIDTH, HEIGHT, ADDRESS */
static void
eng2d_pitch(struct tfx *t, uint32_t base, uint32_t fmt, uint32_t pitch,
            uint32_t w, uint32_t h, uint64_t va)
{
   out(t, nvt_inc(3, base, 2));
   out(t, fmt);
   out(t, 1);
   out(t, nvt_inc(3, base + 0x14, 5));
   out(t, pitch);
   out(t, w);
   out(t, h);
   out(t, (uint32_t)(va >> 32));
   out(t, (uint32_t)va);
}

/* block-linear: FORMAT, LINEAR 0, BLOCK_DIMENSIONS, DEPTH, LAYER, then
 * WIDTH, HEIGHT, ADDRESS (as upstream's nv50_2d_texture_set) */
static void
eng2d_bl(struct tfx *t, uint32_t base, uint32_t fmt, uint32_t dims,
         uint32_t w, uint32_t h, uint64_t va)
{
   out(t, nvt_inc(3, base, 5));
   out(t, fmt);
   out(t, 0);
   out(t, dims);
   out(t, 1);
   out(t, 0);
   out(t, nvt_inc(3, base + 0x18, 4));
   out(t, w);
   out(t, h);
   out(t, (uint32_t)(va >> 32));
   out(t, (uint32_t)va);
}

/* A 1:1 blit of a 20 x 6 rectangle of 4-byte pixels (value: row << 24 |
 * column + 1) from (7, 3) of a pitch surface (pitch 256) to (2, 5) of a
 * block-linear one (32 x 16 pixels = 128 bytes wide, block height 2^1:
 * blocks of 64 bytes x 8 rows, 0x200 bytes). */
static void
eng2d_blit(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x84))
      goto out;
   struct surf2d src, dst;
   surf2d_new(&t, &src, 8192);
   surf2d_new(&t, &dst, 8192);
   uint32_t *sp = (uint32_t *)src.map;
   for (unsigned y = 0; y < 16; y++)
      for (unsigned x = 0; x < 64; x++)
         sp[y * 64 + x] = 0x01000000u * y + x + 1;
   memset(dst.map, 0, 8192);
   struct nvsim_bo *bos[] = { t.push_bo, src.bo, dst.bo };
   eng2d_bind(&t);
   eng2d_pitch(&t, 0x230, FMT_BGRA8_UNORM, 256, 64, 16, src.va);
   eng2d_bl(&t, 0x200, FMT_BGRA8_UNORM, 0x10, 32, 16, dst.va);
   out(&t, nvt_inc(3, 0x88c, 1));           /* BLIT_CONTROL: point, center */
   out(&t, 0);
   out(&t, nvt_inc(3, 0x8b0, 4));           /* DST x, y, w, h */
   out(&t, 2);
   out(&t, 5);
   out(&t, 20);
   out(&t, 6);
   out(&t, nvt_inc(3, 0x8c0, 4));           /* DU/DX = DV/DY = 1.0 */
   out(&t, 0);
   out(&t, 1);
   out(&t, 0);
   out(&t, 1);
   out(&t, nvt_inc(3, 0x8d0, 4));           /* SRC (7, 3), starts the blit */
   out(&t, 0);
   out(&t, 7);
   out(&t, 0);
   out(&t, 3);
   CHECK(tfx_submit(&t, bos, 3) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   const uint32_t *dp = (const uint32_t *)dst.map;
   /* dst (2, 5) <- src (7, 3): byte x 8, row 5 -> gob y 1 (0x100), row 1
    * in it (+64): word (0x100 + 64 + 8) / 4 */
   CHECK_EQ(dp[(0x100 + 64 + 8) / 4], 0x03000000u + 8);
   /* dst (21, 10) <- src (26, 8): byte x 84 -> block x 1 (0x200), row 10
    * -> block y 1 (2 blocks: block 3, 0x600), gob y 0, row 2, x 20 */
   CHECK_EQ(dp[(0x600 + 2 * 64 + 20) / 4], 0x08000000u + 27);
   /* dst (1, 5) is outside the blit: untouched */
   CHECK_EQ(dp[(0x100 + 64 + 4) / 4], 0);
   surf2d_free(&t, &src);
   surf2d_free(&t, &dst);
out:
   tfx_fini(&t);
}

/* OPERATION ROP with a uniform pattern (as upstream's masked
 * depth/stencil blits): ROP 0xca, PATTERN_SELECT BITMAP_8X8 with every
 * PATTERN_BITMAP bit set, PATTERN_BITMAP_COLOR[1] 0xffff0000 in
 * A8R8G8B8.  By rnndb's formula (ROP >> (D | S << 1 | P << 2) & 1 per
 * bit): 0xca has bits 1, 3, 6 and 7 set, so D where P is 0 and S where P
 * is 1: src 0xaabbccdd over dst 0x11223344 gives 0xaabb3344.
 * A bitmap of mixed bits traps and writes nothing. */
static void
eng2d_blit_rop(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   struct surf2d src, dst;
   surf2d_new(&t, &src, 4096);
   surf2d_new(&t, &dst, 4096);
   uint32_t *sp = (uint32_t *)src.map, *dp = (uint32_t *)dst.map;
   for (unsigned i = 0; i < 1024; i++) {
      sp[i] = 0xaabbccdd;
      dp[i] = 0x11223344;
   }
   struct nvsim_bo *bos[] = { t.push_bo, src.bo, dst.bo };
   eng2d_bind(&t);
   eng2d_pitch(&t, 0x230, FMT_BGRA8_UNORM, 64, 16, 16, src.va);
   eng2d_pitch(&t, 0x200, FMT_BGRA8_UNORM, 64, 16, 16, dst.va);
   out(&t, nvt_inc(3, G80_2D_ROP, 1));
   out(&t, 0xca);
   out(&t, nvt_inc(3, G80_2D_PATTERN_COLOR_FORMAT, 1));
   out(&t, G80_2D_PATTERN_COLOR_FORMAT_A8R8G8B8);
   out(&t, nvt_inc(3, G80_2D_PATTERN_BITMAP_COLOR(0), 4));
   out(&t, 0x00000000);
   out(&t, 0xffff0000);
   out(&t, 0xffffffff);
   out(&t, 0xffffffff);
   out(&t, nvt_inc(3, G80_2D_OPERATION, 1));
   out(&t, G80_2D_OPERATION_ROP);
   out(&t, nvt_inc(3, 0x88c, 1));           /* BLIT_CONTROL: point, center */
   out(&t, 0);
   out(&t, nvt_inc(3, 0x8b0, 4));           /* DST x, y, w, h */
   out(&t, 1);
   out(&t, 1);
   out(&t, 2);
   out(&t, 2);
   out(&t, nvt_inc(3, 0x8c0, 4));           /* DU/DX = DV/DY = 1.0 */
   out(&t, 0);
   out(&t, 1);
   out(&t, 0);
   out(&t, 1);
   out(&t, nvt_inc(3, 0x8d0, 4));           /* SRC (0, 0), starts the blit */
   out(&t, 0);
   out(&t, 0);
   out(&t, 0);
   out(&t, 0);
   CHECK(tfx_submit(&t, bos, 3) > 0);
   CHECK(nvsim_channel_last_trap(t.chan) == NULL);
   CHECK_EQ(dp[1 * 16 + 1], 0xaabb3344u);
   CHECK_EQ(dp[2 * 16 + 2], 0xaabb3344u);
   CHECK_EQ(dp[0], 0x11223344u);            /* outside the blit */
   CHECK_EQ(dp[1 * 16 + 3], 0x11223344u);
   /* a bitmap of 0 and 1 bits: a trap, nothing written */
   out(&t, nvt_inc(3, G80_2D_PATTERN_BITMAP(0), 1));
   out(&t, 0x0000ffff);
   out(&t, nvt_inc(3, 0x8b0, 4));
   out(&t, 5);
   out(&t, 5);
   out(&t, 1);
   out(&t, 1);
   out(&t, nvt_inc(3, 0x8d0, 4));
   out(&t, 0);
   out(&t, 0);
   out(&t, 0);
   out(&t, 0);
   tfx_submit(&t, bos, 3);
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "bitmap");
   CHECK_EQ(dp[5 * 16 + 5], 0x11223344u);
   surf2d_free(&t, &src);
   surf2d_free(&t, &dst);
out:
   tfx_fini(&t);
}

/* SIFC as upstream's nv50_sifc_linear_u8 uses it: an R8 line into a
 * 262144-byte pitch surface at x = offset & 0xff. */
static void
eng2d_sifc_u8(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   struct surf2d dst;
   surf2d_new(&t, &dst, 4096);
   memset(dst.map, 0xee, 4096);
   struct nvsim_bo *bos[] = { t.push_bo, dst.bo };
   eng2d_bind(&t);
   eng2d_pitch(&t, 0x200, FMT_R8_UNORM, 262144, 65536, 1, dst.va);
   out(&t, nvt_inc(3, 0x800, 2));           /* SIFC_BITMAP_ENABLE, FORMAT */
   out(&t, 0);
   out(&t, FMT_R8_UNORM);
   out(&t, nvt_inc(3, 0x838, 10));
   out(&t, 6);                              /* width: 6 bytes */
   out(&t, 1);
   out(&t, 0);
   out(&t, 1);                              /* DX_DU 1.0 */
   out(&t, 0);
   out(&t, 1);                              /* DY_DV 1.0 */
   out(&t, 0);
   out(&t, 0x13);                           /* DST_X 0x13 */
   out(&t, 0);
   out(&t, 0);
   out(&t, nvt_ni(3, 0x860, 2));
   out(&t, 0x44332211);
   out(&t, 0x88776655);                     /* 0x77, 0x88: padding */
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   static const uint8_t want[] = { 0xee, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66,
                                   0xee };
   for (unsigned i = 0; i < sizeof(want); i++)
      CHECK_EQ(dst.map[0x12 + i], want[i]);
   surf2d_free(&t, &dst);
out:
   tfx_fini(&t);
}

/* A solid rectangle [3, 6) x [1, 3) into a 16 x 4 pitch surface. */
static void
eng2d_rectangle(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0xa0))
      goto out;
   struct surf2d dst;
   surf2d_new(&t, &dst, 4096);
   memset(dst.map, 0, 4096);
   struct nvsim_bo *bos[] = { t.push_bo, dst.bo };
   eng2d_bind(&t);
   eng2d_pitch(&t, 0x200, FMT_RGBA8_UNORM, 64, 16, 4, dst.va);
   out(&t, nvt_inc(3, 0x580, 3));           /* SHAPE, COLOR_FORMAT, COLOR */
   out(&t, 4);
   out(&t, FMT_RGBA8_UNORM);
   out(&t, 0xff00ff00);
   out(&t, nvt_inc(3, 0x600, 4));
   out(&t, 3);
   out(&t, 1);
   out(&t, 6);
   out(&t, 3);
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   const uint32_t *p = (const uint32_t *)dst.map;
   unsigned set = 0;
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 16; x++) {
         bool in = x >= 3 && x < 6 && y >= 1 && y < 3;
         CHECK_EQ(p[y * 16 + x], in ? 0xff00ff00 : 0);
         set += in;
      }
   CHECK_EQ(set, 6);
   surf2d_free(&t, &dst);
out:
   tfx_fini(&t);
}

/* A 1 x 1 blit from (0, 0) of a 4 x 1 pitch surface of src_fmt at src to
 * (0, 0) of one of dst_fmt at dst. */
static void
eng2d_blit1(struct tfx *t, uint32_t src_fmt, uint64_t src, uint32_t dst_fmt,
            uint64_t dst)
{
   eng2d_pitch(t, 0x230, src_fmt, 64, 4, 1, src);
   eng2d_pitch(t, 0x200, dst_fmt, 64, 4, 1, dst);
   out(t, nvt_inc(3, 0x88c, 1));            /* BLIT_CONTROL: point, center */
   out(t, 0);
   out(t, nvt_inc(3, 0x8b0, 4));            /* DST x, y, w, h */
   out(t, 0);
   out(t, 0);
   out(t, 1);
   out(t, 1);
   out(t, nvt_inc(3, 0x8c0, 4));            /* DU/DX = DV/DY = 1.0 */
   out(t, 0);
   out(t, 1);
   out(t, 0);
   out(t, 1);
   out(t, nvt_inc(3, 0x8d0, 4));            /* SRC (0, 0), starts the blit */
   out(t, 0);
   out(t, 0);
   out(t, 0);
   out(t, 0);
}

/*
 * Blits between formats convert each pixel.  The engine's conversions are
 * not documented (envytools-docs 2d/intro.rst: "todo"), so the expected
 * values follow GL 3.3 2.1.6 and 4.3.1, computed by hand: UNORM c / 255
 * (the division written here); float -> UNORM round(clamp(f) * 255),
 * 0.5 -> 127.5 -> 128, 0.25 -> 63.75 -> 64, 1.5 -> 255, -1 -> 0; missing
 * components read (0, 0, 0, 1).  The source pixel is R 0xff, G 0x80, B 0,
 * A 0x33 (RGBA8: R in the low byte; BGRA8: B in the low byte).
 * - RGBA8 -> RGBA32_FLOAT: 1.0, 128 / 255, 0.0, 51 / 255
 * - BGRA8 (bytes 0x00 0x80 0xff 0x33) -> RGBA32_FLOAT: the same
 * - RGBA32_FLOAT (0.5, 0.25, 1.5, -1) -> BGRA8: bytes B 0xff, G 0x40,
 *   R 0x80, A 0x00
 * - RGBA8 -> B5G6R5 (B in bits 0-4, G 5-10, R 11-15): R 31, G 128 / 255 *
 *   63 = 31.6 -> 32, B 0: 31 << 11 | 32 << 5 = 0xfc00
 * - RGBA8 -> A8: 0x33; -> R8: 0xff
 * - RGBA8 -> RGBA16_FLOAT: 1.0 = 0x3c00; 128 / 255 = 1.0039 * 2^-1:
 *   exponent 14, mantissa 0.0039 * 1024 = 4.0 -> 0x3804; 0; 0.2 = 1.6 *
 *   2^-3: exponent 12, mantissa 0.6 * 1024 = 614.4 -> 614: 0x3266
 * - A8 0x33 -> RGBA32_FLOAT: (0, 0, 0, 51 / 255)
 * - B5G6R5 0xfc00 -> RGBA32_FLOAT: (1.0, 32 / 63, 0, 1.0)
 * - RGBA16_FLOAT (0x3c00, 0x3804, 0xc000, 0x3266) -> RGBA32_FLOAT: 1.0,
 *   2^-1 * (1 + 4 / 1024) = 0.501953125, -2.0, 2^-3 * (1 + 614 / 1024) =
 *   0.199951171875 (GL 3.3 2.1.2)
 * A blit between an integer and a normalized format traps.
 */
static void
eng2d_convert(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   struct surf2d s;
   surf2d_new(&t, &s, 4096);
   memset(s.map, 0xee, 4096);
   struct nvsim_bo *bos[] = { t.push_bo, s.bo };
   uint8_t *m = s.map;
   static const uint8_t rgba8[4] = { 0xff, 0x80, 0x00, 0x33 };
   static const uint8_t bgra8[4] = { 0x00, 0x80, 0xff, 0x33 };
   const float f4[4] = { 0.5f, 0.25f, 1.5f, -1.0f };
   memcpy(m + 0x000, rgba8, 4);
   memcpy(m + 0x040, bgra8, 4);
   memcpy(m + 0x080, f4, 16);
   m[0x0c0] = 0x33;
   m[0x100] = 0x00;
   m[0x101] = 0xfc;
   static const uint16_t half4[4] = { 0x3c00, 0x3804, 0xc000, 0x3266 };
   for (unsigned i = 0; i < 4; i++) {
      m[0x140 + 2 * i] = half4[i] & 0xff;
      m[0x141 + 2 * i] = half4[i] >> 8;
   }
   eng2d_bind(&t);
   eng2d_blit1(&t, G80_SURFACE_FORMAT_RGBA8_UNORM, s.va, G80_SURFACE_FORMAT_RGBA32_FLOAT, s.va + 0x400);
   eng2d_blit1(&t, G80_SURFACE_FORMAT_BGRA8_UNORM, s.va + 0x40, G80_SURFACE_FORMAT_RGBA32_FLOAT, s.va + 0x440);
   eng2d_blit1(&t, G80_SURFACE_FORMAT_RGBA32_FLOAT, s.va + 0x80, G80_SURFACE_FORMAT_BGRA8_UNORM, s.va + 0x480);
   eng2d_blit1(&t, G80_SURFACE_FORMAT_RGBA8_UNORM, s.va, G80_SURFACE_FORMAT_B5G6R5_UNORM, s.va + 0x4c0);
   eng2d_blit1(&t, G80_SURFACE_FORMAT_RGBA8_UNORM, s.va, G80_SURFACE_FORMAT_A8_UNORM, s.va + 0x500);
   eng2d_blit1(&t, G80_SURFACE_FORMAT_RGBA8_UNORM, s.va, G80_SURFACE_FORMAT_R8_UNORM, s.va + 0x540);
   eng2d_blit1(&t, G80_SURFACE_FORMAT_RGBA8_UNORM, s.va, G80_SURFACE_FORMAT_RGBA16_FLOAT, s.va + 0x580);
   eng2d_blit1(&t, G80_SURFACE_FORMAT_A8_UNORM, s.va + 0xc0, G80_SURFACE_FORMAT_RGBA32_FLOAT, s.va + 0x5c0);
   eng2d_blit1(&t, G80_SURFACE_FORMAT_B5G6R5_UNORM, s.va + 0x100, G80_SURFACE_FORMAT_RGBA32_FLOAT, s.va + 0x600);
   eng2d_blit1(&t, G80_SURFACE_FORMAT_RGBA16_FLOAT, s.va + 0x140, G80_SURFACE_FORMAT_RGBA32_FLOAT, s.va + 0x640);
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);

   const float want_rgba8[4] = { 1.0f, 128.0f / 255.0f, 0.0f, 51.0f / 255.0f };
   float f[4];
   memcpy(f, m + 0x400, 16);
   for (unsigned i = 0; i < 4; i++)
      CHECK_EQ(fbits(f[i]), fbits(want_rgba8[i]));
   memcpy(f, m + 0x440, 16);
   for (unsigned i = 0; i < 4; i++)
      CHECK_EQ(fbits(f[i]), fbits(want_rgba8[i]));
   static const uint8_t want_bgra8[4] = { 0xff, 0x40, 0x80, 0x00 };
   for (unsigned i = 0; i < 4; i++)
      CHECK_EQ(m[0x480 + i], want_bgra8[i]);
   CHECK_EQ(m[0x4c0] | m[0x4c1] << 8, 0xfc00);
   CHECK_EQ(m[0x4c2], 0xee);                  /* 2 bytes only */
   CHECK_EQ(m[0x500], 0x33);
   CHECK_EQ(m[0x501], 0xee);
   CHECK_EQ(m[0x540], 0xff);
   static const uint16_t want_half[4] = { 0x3c00, 0x3804, 0x0000, 0x3266 };
   for (unsigned i = 0; i < 4; i++)
      CHECK_EQ(m[0x580 + 2 * i] | m[0x581 + 2 * i] << 8, want_half[i]);
   const float want_a8[4] = { 0.0f, 0.0f, 0.0f, 51.0f / 255.0f };
   memcpy(f, m + 0x5c0, 16);
   for (unsigned i = 0; i < 4; i++)
      CHECK_EQ(fbits(f[i]), fbits(want_a8[i]));
   const float want_565[4] = { 1.0f, 32.0f / 63.0f, 0.0f, 1.0f };
   memcpy(f, m + 0x600, 16);
   for (unsigned i = 0; i < 4; i++)
      CHECK_EQ(fbits(f[i]), fbits(want_565[i]));
   const float want_f16[4] = { 1.0f, 0.501953125f, -2.0f, 0.199951171875f };
   memcpy(f, m + 0x640, 16);
   for (unsigned i = 0; i < 4; i++)
      CHECK_EQ(fbits(f[i]), fbits(want_f16[i]));

   eng2d_blit1(&t, G80_SURFACE_FORMAT_RGBA8_UNORM, s.va, G80_SURFACE_FORMAT_RGBA8_UINT, s.va + 0x800);
   tfx_submit(&t, bos, 2);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "does not model");
   CHECK_EQ(m[0x800], 0xee);
   surf2d_free(&t, &s);
out:
   tfx_fini(&t);
}

/* A destroyed notifier gives its bytes of the block back, as on earlier
 * chips (the kernel frees its nvkm_mm node, nouveau_abi16.c): the whole
 * 4 KiB block, freed, can be allocated again. */
static void
tesla_notifier_reuse(void)
{
   struct tfx t;
   if (!rec_tfx(&t, 0x84))
      goto out;
   uint32_t off = ~0u;
   CHECK_EQ(nvsim_notifier_create(t.chan, 0xbeef0301, 4096, &off), 0);
   CHECK_EQ(off, 0);
   CHECK_EQ(nvsim_notifier_create(t.chan, 0xbeef0302, 16, NULL), -ENOMEM);
   CHECK_EQ(nvsim_object_destroy(t.chan, 0xbeef0301), 0);
   CHECK_EQ(nvsim_notifier_create(t.chan, 0xbeef0303, 4096, &off), 0);
out:
   tfx_fini(&t);
}

/* ---- the 3D class: methods, clears, query reports ---- */




/* Named methods are stored; a method hwdb does not name (0x1404, rnndb's
 * UNK1404) traps ILLEGAL_MTHD, a draw traps as not modelled, and the
 * channel goes on. */
static void
tesla_3d_methods(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0xa3))
      goto out;
   t3d_bind(&t, GT215_3D_CLASS);
   m3d(&t, G80_3D_LINE_WIDTH, fbits(1.0f));
   m3d(&t, GT215_3D_IBLEND_EQUATION_RGB(0), 0x8006);   /* GL_FUNC_ADD */
   CHECK(tfx_submit(&t, NULL, 0) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   m3d(&t, 0x1400, 0xf);                        /* UNK1400_LANES: named */
   m3d(&t, 0x1404, 0x80);
   m3d(&t, G80_3D_VERTEX_BEGIN_D3D, G80_3D_VERTEX_BEGIN_D3D_PRIMITIVE_TRIANGLES);
   out(&t, nvt_inc(0, 0x50, 1));
   out(&t, 0x3d);
   tfx_submit(&t, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "ILLEGAL_MTHD");
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "0x1404");
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "VERTEX_BEGIN_D3D");
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "not modelled");
   CHECK_EQ(nvsim_channel_ref(t.chan), 0x3d);
out:
   tfx_fini(&t);
}

/* G80_3D lacks GT215's IBLEND; enum-checked methods refuse values hwdb
 * does not name for the class (ZETA_FORMAT 0x55; QUERY_SELECT
 * STRMOUT_OFFSET, G200 on); RT_FORMAT 0 (upstream's null render target)
 * is accepted. */
static void
tesla_3d_variant_and_enum_traps(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   t3d_bind(&t, G80_3D_CLASS);
   m3d(&t, G80_3D_RT_FORMAT(1), 0);
   m3d(&t, G80_3D_ZETA_FORMAT, G80_ZETA_FORMAT_Z24_S8_UNORM);
   CHECK(tfx_submit(&t, NULL, 0) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   m3d(&t, 0x1e04, 0x8006);                     /* IBLEND[0].EQUATION_RGB */
   tfx_submit(&t, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "ILLEGAL_MTHD");
   m3d(&t, G80_3D_ZETA_FORMAT, 0x55);
   tfx_submit(&t, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "INVALID_VALUE");
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "ZETA_FORMAT");
   m3d(&t, G80_3D_QUERY_GET, 0x0d005002);
   tfx_submit(&t, NULL, 0);
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "QUERY_SELECT");
out:
   tfx_fini(&t);
}

/* A pitch RGBA8_UNORM target, 16 x 8, pitch 64, cleared inside the screen
 * scissor [2, 6) x [1, 3).  GL 3.3 2.1.6 (unsigned normalized fixed point):
 * 1.0 -> 0xff, 0.6 -> 153 = 0x99, 0.0 -> 0, 0.2 -> 51 = 0x33; R in the
 * low byte (RGBA8).  A second clear of G only to 0 keeps R, B, A. */
static void
tesla_3d_clear_pitch_screen_scissor(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   struct surf2d rt;
   surf2d_new(&t, &rt, 4096);
   memset(rt.map, 0xee, 4096);
   struct nvsim_bo *bos[] = { t.push_bo, rt.bo };
   t3d_bind(&t, G80_3D_CLASS);
   out(&t, nvt_inc(3, G80_3D_RT_ADDRESS_HIGH(0), 5));
   out(&t, (uint32_t)(rt.va >> 32));
   out(&t, (uint32_t)rt.va);
   out(&t, FMT_RGBA8_UNORM);
   out(&t, 0);
   out(&t, 0);
   out(&t, nvt_inc(3, G80_3D_RT_HORIZ(0), 2));
   out(&t, G80_3D_RT_HORIZ_LAYOUT_PITCH | 64);
   out(&t, 8);
   m3d(&t, G80_3D_RT_ARRAY_MODE, 0);
   m3d(&t, G80_3D_SCREEN_SCISSOR_HORIZ, 2 | 4 << 16);
   m3d(&t, G80_3D_SCREEN_SCISSOR_VERT, 1 | 2 << 16);
   t3d_clear_color(&t, 1.0f, 0.6f, 0.0f, 0.2f);
   m3d(&t, G80_3D_CLEAR_BUFFERS, 0x3c);          /* R G B A, RT 0, layer 0 */
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   const uint32_t *p = (const uint32_t *)rt.map;
   unsigned set = 0;
   for (unsigned y = 0; y < 8; y++)
      for (unsigned x = 0; x < 16; x++) {
         bool in = x >= 2 && x < 6 && y >= 1 && y < 3;
         CHECK_EQ(p[y * 16 + x], in ? 0x330099ffu : 0xeeeeeeeeu);
         set += in;
      }
   CHECK_EQ(set, 8);
   t3d_clear_color(&t, 0.0f, 0.0f, 0.0f, 0.0f);
   m3d(&t, G80_3D_CLEAR_BUFFERS, 0x08);          /* G only */
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK_EQ(p[1 * 16 + 2], 0x330000ffu);
   CHECK_EQ(p[0], 0xeeeeeeeeu);
   surf2d_free(&t, &rt);
out:
   tfx_fini(&t);
}

/* A block-linear BGRA8 2D array, 32 x 16 pixels (128 bytes wide), block
 * height 2^1 (blocks of 64 bytes x 8 rows, 0x200 bytes; 2 x 2 blocks,
 * 0x800 bytes a layer), layers 0x1000 bytes apart (LAYER_STRIDE in words:
 * 0x400); layer 1 cleared to blue (B in the low byte: 0xff0000ff). */
static void
tesla_3d_clear_blocklinear_layers(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x84))
      goto out;
   struct surf2d rt;
   surf2d_new(&t, &rt, 0x3000);
   memset(rt.map, 0, 0x3000);
   struct nvsim_bo *bos[] = { t.push_bo, rt.bo };
   t3d_bind(&t, G84_3D_CLASS);
   out(&t, nvt_inc(3, G80_3D_RT_ADDRESS_HIGH(0), 5));
   out(&t, (uint32_t)(rt.va >> 32));
   out(&t, (uint32_t)rt.va);
   out(&t, FMT_BGRA8_UNORM);
   out(&t, 0x10);
   out(&t, 0x400);
   out(&t, nvt_inc(3, G80_3D_RT_HORIZ(0), 2));
   out(&t, 32);
   out(&t, 16);
   m3d(&t, G80_3D_RT_ARRAY_MODE, 2);
   t3d_clear_color(&t, 0.0f, 0.0f, 1.0f, 1.0f);
   m3d(&t, G80_3D_CLEAR_BUFFERS, 0x3c | 1 << 10);    /* layer 1 */
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   const uint32_t *p = (const uint32_t *)rt.map;
   /* (0, 0) of layer 1 */
   CHECK_EQ(p[0x1000 / 4], 0xff0000ffu);
   /* (21, 10): byte x 84 -> block x 1, row 10 -> block y 1: block 3
    * (0x600); gob 0, row 2 (0x80), x 20 */
   CHECK_EQ(p[(0x1000 + 0x600 + 0x80 + 20) / 4], 0xff0000ffu);
   /* (31, 15): block 3, row 7 -> gob y 1 (0x100), row 3 (0xc0), x 60 */
   CHECK_EQ(p[(0x1000 + 0x600 + 0x100 + 0xc0 + 60) / 4], 0xff0000ffu);
   /* the whole layer and nothing else */
   unsigned set = 0;
   for (unsigned i = 0; i < 0x3000 / 4; i++)
      set += p[i] != 0;
   CHECK_EQ(set, 512);
   CHECK_EQ(p[0], 0);
   CHECK_EQ(p[0x1800 / 4], 0);
   surf2d_free(&t, &rt);
out:
   tfx_fini(&t);
}

/* A Z24_S8 zeta buffer (Z in bits 0-23, S in 24-31: upstream pairs it
 * with Z24_UNORM_S8_UINT), 16 x 8, block height 1 gob (blocks of 64 bytes
 * x 4 rows).  Depth 0.25 -> 0.25 * (2^24 - 1) rounded = 0x400000 (GL 3.3
 * 2.1.6); stencil 0x5a.  Then stencil only, then depth only after a
 * refused ZETA_FORMAT (the register keeps Z24_S8). */
static void
tesla_3d_clear_zeta(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0xa0))
      goto out;
   struct surf2d zs;
   surf2d_new(&t, &zs, 4096);
   memset(zs.map, 0, 4096);
   struct nvsim_bo *bos[] = { t.push_bo, zs.bo };
   t3d_bind(&t, G200_3D_CLASS);
   out(&t, nvt_inc(3, G80_3D_ZETA_ADDRESS_HIGH, 5));
   out(&t, (uint32_t)(zs.va >> 32));
   out(&t, (uint32_t)zs.va);
   out(&t, G80_ZETA_FORMAT_Z24_S8_UNORM);
   out(&t, 0);
   out(&t, 0);
   m3d(&t, G80_3D_ZETA_ENABLE, 1);
   out(&t, nvt_inc(3, G80_3D_ZETA_HORIZ, 3));
   out(&t, 16);
   out(&t, 8);
   out(&t, 1);
   m3d(&t, G80_3D_CLEAR_DEPTH, fbits(0.25f));
   m3d(&t, G80_3D_CLEAR_STENCIL, 0x5a);
   m3d(&t, G80_3D_CLEAR_BUFFERS, 0x3);           /* Z, S */
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   const uint32_t *p = (const uint32_t *)zs.map;
   /* (3, 5): row 5 -> block 1 (0x100), row 1 (0x40), x 12 */
   CHECK_EQ(p[(0x100 + 0x40 + 12) / 4], 0x5a400000u);
   CHECK_EQ(p[0], 0x5a400000u);
   CHECK_EQ(p[0x200 / 4], 0);                    /* past the surface */
   m3d(&t, G80_3D_CLEAR_STENCIL, 0x11);
   m3d(&t, G80_3D_CLEAR_BUFFERS, 0x2);           /* S */
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK_EQ(p[0], 0x11400000u);
   m3d(&t, G80_3D_ZETA_FORMAT, 0x55);             /* refused */
   m3d(&t, G80_3D_CLEAR_DEPTH, fbits(1.0f));
   m3d(&t, G80_3D_CLEAR_BUFFERS, 0x1);           /* Z */
   tfx_submit(&t, bos, 2);
   CHECK_EQ(p[0], 0x11ffffffu);
   CHECK_EQ(p[(0x100 + 0x40 + 12) / 4], 0x11ffffffu);
   surf2d_free(&t, &zs);
out:
   tfx_fini(&t);
}

/* CLEAR_RECT SCISSOR bounds a clear by scissor 0 [MIN, MAX) when it is
 * enabled; CLEAR_RECT VIEWPORT by viewport 0 (X, W / Y, H).  An R8_UNORM
 * pitch target, 8 x 4, pitch 8; 1.0 -> 0xff. */
static void
tesla_3d_clear_scissor_rect(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   struct surf2d rt;
   surf2d_new(&t, &rt, 4096);
   memset(rt.map, 0, 4096);
   struct nvsim_bo *bos[] = { t.push_bo, rt.bo };
   t3d_bind(&t, G80_3D_CLASS);
   out(&t, nvt_inc(3, G80_3D_RT_ADDRESS_HIGH(0), 3));
   out(&t, (uint32_t)(rt.va >> 32));
   out(&t, (uint32_t)rt.va);
   out(&t, FMT_R8_UNORM);
   out(&t, nvt_inc(3, G80_3D_RT_HORIZ(0), 2));
   out(&t, G80_3D_RT_HORIZ_LAYOUT_PITCH | 8);
   out(&t, 4);
   m3d(&t, G80_3D_CLEAR_FLAGS, G80_3D_CLEAR_FLAGS_CLEAR_RECT_SCISSOR);
   m3d(&t, G80_3D_SCISSOR_ENABLE(0), 1);
   m3d(&t, G80_3D_SCISSOR_HORIZ(0), 1 | 3 << 16);
   m3d(&t, G80_3D_SCISSOR_VERT(0), 0 | 1 << 16);
   t3d_clear_color(&t, 1.0f, 0.0f, 0.0f, 0.0f);
   m3d(&t, G80_3D_CLEAR_BUFFERS, 0x3c);
   m3d(&t, G80_3D_CLEAR_FLAGS, G80_3D_CLEAR_FLAGS_CLEAR_RECT_VIEWPORT);
   m3d(&t, G80_3D_VIEWPORT_HORIZ(0), 5 | 2 << 16);
   m3d(&t, G80_3D_VIEWPORT_VERT(0), 2 | 1 << 16);
   m3d(&t, G80_3D_CLEAR_BUFFERS, 0x3c);
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 8; x++) {
         bool in = (y == 0 && (x == 1 || x == 2)) ||
                   (y == 2 && (x == 5 || x == 6));
         CHECK_EQ(rt.map[y * 8 + x], in ? 0xff : 0);
      }
   surf2d_free(&t, &rt);
out:
   tfx_fini(&t);
}

/* QUERY_GET as upstream uses it: the fence's 4-byte release (0x1000f010:
 * SHORT, CROP, QUERY ZERO) writes SEQUENCE only; the occlusion report
 * (0x0100f002, QUERY SAMPLECNT) is SEQUENCE, the sample count (0: nothing
 * was drawn) and a 64-bit time; a counter (0x00801002, VFETCH_VERTICES) is
 * the 64-bit count (0) and a time (rnndb g80_3d.xml QUERY_GET TYPE). */
static void
tesla_3d_query_reports(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x84))
      goto out;
   struct surf2d q;
   surf2d_new(&t, &q, 4096);
   memset(q.map, 0xee, 4096);
   struct nvsim_bo *bos[] = { t.push_bo, q.bo };
   t3d_bind(&t, G84_3D_CLASS);
   static const struct { uint32_t off, seq, get; } gets[] = {
      { 0x00, 0x1234, 0x1000f010 },
      { 0x10, 0x77, 0x0100f002 },
      { 0x20, 0x99, 0x00801002 },
   };
   for (unsigned i = 0; i < 3; i++) {
      out(&t, nvt_inc(3, G80_3D_QUERY_ADDRESS_HIGH, 4));
      out(&t, (uint32_t)((q.va + gets[i].off) >> 32));
      out(&t, (uint32_t)(q.va + gets[i].off));
      out(&t, gets[i].seq);
      out(&t, gets[i].get);
   }
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   const uint32_t *w = (const uint32_t *)q.map;
   CHECK_EQ(w[0], 0x1234);
   CHECK_EQ(w[1], 0xeeeeeeeeu);                 /* SHORT: one word */
   CHECK_EQ(w[4], 0x77);
   CHECK_EQ(w[5], 0);
   CHECK(w[6] != 0xeeeeeeeeu && (w[6] || w[7]));
   CHECK_EQ(w[8], 0);
   CHECK_EQ(w[9], 0);
   CHECK(w[10] != 0xeeeeeeeeu && (w[10] || w[11]));
   CHECK_EQ(w[12], 0xeeeeeeeeu);
   surf2d_free(&t, &q);
out:
   tfx_fini(&t);
}

/* ---- constant buffers (rnndb g80_3d.xml CB_DEF_*, CB_ADDR, CB_DATA,
 * SET_PROGRAM_CB) ---- */

static struct g80_3d *
t3d_ctx(struct tfx *t)
{
   struct nvsim_object *o = nvsim_lookup(t->chan, T3D_HANDLE);
   return o ? o->priv : NULL;
}

/* CB_DEF_SET buffer `b` of `size` bytes (0: 64 KiB) at va */
static void
t3d_cb_def(struct tfx *t, uint64_t va, unsigned b, uint32_t size)
{
   out(t, nvt_inc(3, G80_3D_CB_DEF_ADDRESS_HIGH, 3));
   out(t, (uint32_t)(va >> 32));
   out(t, (uint32_t)va);
   out(t, b << 16 | size);
}

/* Buffer 5 (0x100 bytes at 0x100 into a 4 KiB buffer), CB_ADDR word 2
 * then three words non-increasing: bytes 0x108..0x113; then word 0 and 1
 * by an increasing CB_DATA(0), CB_DATA(1).  Nothing else changes.  c1[]
 * of the fragment program type bound to buffer 5 shows the same bytes;
 * c1[] of the vertex type is unbound.  Buffer 6 of SIZE 0 takes a word at
 * 0xfffc (upstream's 64 KiB buffers). */
static void
tesla_3d_cb_upload(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x50))
      goto out;
   struct surf2d m;
   surf2d_new(&t, &m, 0x20000);
   memset(m.map, 0xee, 0x20000);
   struct nvsim_bo *bos[] = { t.push_bo, m.bo };
   t3d_bind(&t, G80_3D_CLASS);
   m3d(&t, G80_3D_DMA_CODE_CB, t.info.vram_ctxdma);
   t3d_cb_def(&t, m.va + 0x100, 5, 0x100);
   m3d(&t, G80_3D_CB_ADDR, 2 << 8 | 5);
   out(&t, nvt_ni(3, G80_3D_CB_DATA(0), 3));
   out(&t, 0x11111111);
   out(&t, 0x22222222);
   out(&t, 0x33333333);
   m3d(&t, G80_3D_CB_ADDR, 0 << 8 | 5);
   out(&t, nvt_inc(3, G80_3D_CB_DATA(0), 2));
   out(&t, 0xa0a0a0a0);
   out(&t, 0xb0b0b0b0);
   /* PROGRAM FRAGMENT (3), INDEX 1, BUFFER 5, VALID */
   m3d(&t, G80_3D_SET_PROGRAM_CB, 5 << 12 | 1 << 8 | 3 << 4 | 1);
   t3d_cb_def(&t, m.va + 0x10000, 6, 0);
   m3d(&t, G80_3D_CB_ADDR, 0x3fff << 8 | 6);
   m3d(&t, G80_3D_CB_DATA(0), 0x66666666);
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   const uint32_t *w = (const uint32_t *)m.map;
   static const uint32_t want[] = { 0xa0a0a0a0, 0xb0b0b0b0, 0x11111111,
                                    0x22222222, 0x33333333, 0xeeeeeeee };
   CHECK_EQ(w[0xfc / 4], 0xeeeeeeeeu);
   for (unsigned i = 0; i < 6; i++)
      CHECK_EQ(w[0x100 / 4 + i], want[i]);
   CHECK_EQ(w[(0x10000 + 0xfffc) / 4], 0x66666666u);
   CHECK_EQ(w[0x10000 / 4], 0xeeeeeeeeu);

   struct g80_3d *ctx = t3d_ctx(&t);
   CHECK(ctx);
   if (ctx) {
      const uint8_t *p = NULL;
      uint32_t size = 0;
      CHECK(g80_3d_program_cb(ctx, G80_STAGE_FP, 1, &p, &size));
      CHECK_EQ(size, 0x100);
      CHECK(p == m.map + 0x100);
      CHECK(!g80_3d_program_cb(ctx, G80_STAGE_VP, 1, &p, &size));
   }
   surf2d_free(&t, &m);
out:
   tfx_fini(&t);
}

/* A buffer of 0x10 bytes: CB_ADDR word 3, two words.  The first is the
 * buffer's last; the second would be past its end: it traps and the
 * bytes after the buffer are untouched.  CB_DATA into a buffer never
 * defined traps too. */
static void
tesla_3d_cb_bounds(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0xa3))
      goto out;
   struct surf2d m;
   surf2d_new(&t, &m, 4096);
   memset(m.map, 0xee, 4096);
   struct nvsim_bo *bos[] = { t.push_bo, m.bo };
   t3d_bind(&t, GT215_3D_CLASS);
   m3d(&t, G80_3D_DMA_CODE_CB, t.info.vram_ctxdma);
   t3d_cb_def(&t, m.va + 0x40, 9, 0x10);
   m3d(&t, G80_3D_CB_ADDR, 3 << 8 | 9);
   out(&t, nvt_ni(3, G80_3D_CB_DATA(0), 2));
   out(&t, 0x12345678);
   out(&t, 0x9abcdef0);
   tfx_submit(&t, bos, 2);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "past the end of constant "
                 "buffer 9");
   const uint32_t *w = (const uint32_t *)m.map;
   CHECK_EQ(w[(0x40 + 12) / 4], 0x12345678u);
   CHECK_EQ(w[(0x40 + 16) / 4], 0xeeeeeeeeu);
   m3d(&t, G80_3D_CB_ADDR, 0 << 8 | 10);
   m3d(&t, G80_3D_CB_DATA(0), 1);
   tfx_submit(&t, bos, 2);
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "never defined");
   for (unsigned i = 0; i < 4096 / 4; i++)
      if (i != (0x40 + 12) / 4)
         CHECK_EQ(w[i], 0xeeeeeeeeu);
   surf2d_free(&t, &m);
out:
   tfx_fini(&t);
}

/* ---- texture descriptors (hwdb g80_texture.xml from rnndb) ---- */

/* A TIC built by hand from rnndb's bit positions:
 * w0: COMPONENTS_SIZES A8B8G8R8 0x08; R/G/B/A_DATA_TYPE UNORM (2) at bits
 *     6, 9, 12, 15; X/Y/Z/W_SOURCE R, G, B, A (2, 3, 4, 5) at 18, 21, 24,
 *     27: 0x2c692488
 * w1: OFFSET_LOWER 0x00345000
 * w2: OFFSET_UPPER 0x12, SRGB_CONVERSION (bit 10), TEXTURE_TYPE TWO_D
 *     (1 << 14), LAYOUT BLOCKLINEAR, GOBS_PER_BLOCK_HEIGHT 4 (<< 22),
 *     BORDER_SOURCE COLOR (bit 30), NORMALIZED_COORDS (31): 0xc1004412
 * w4: WIDTH 300; w5: HEIGHT 0x10, DEPTH 1 (<< 16), MAP_MIP_LEVEL 8 (<< 28)
 * w6: MIP_LOD_BIAS -1.5 at radix 8 = -384, 13 bits 0x1e80, << 5: 0x3d000
 * w7 (G84-): RES_VIEW_MIN 1, MAX 7 (<< 4), HEIGHT_MSB (bit 8: height bit
 *     16), MIN_LOD_CLAMP 1.5 = 0x180 (<< 16): 0x01800171; on G80 the word
 *     is COLOR_KEY_VALUE. */
static const uint32_t hand_tic[8] = {
   0x2c692488, 0x00345000, 0xc1004412, 0, 300, 0x80010010, 0x3d000,
   0x01800171,
};

/* A TSC by hand:
 * w0: ADDRESS_U CLAMP_TO_EDGE 2, ADDRESS_V MIRROR 1 (<< 3), ADDRESS_P
 *     BORDER 3 (<< 6), DEPTH_COMPARE (bit 9), FUNC LEQUAL 3 (<< 10),
 *     MAX_ANISOTROPY 4_TO_1 2 (<< 20): 0x200eca
 * w1: MAG LINEAR 2, MIN NEAREST 1 (<< 4), MIP LINEAR 3 (<< 6), MIP_LOD_BIAS
 *     -2.25 = -576, 13 bits 0x1dc0 (<< 12): 0x1dc00d2
 * w2: MIN_LOD_CLAMP 0.5 = 0x80, MAX_LOD_CLAMP 12.0 = 0xc00 (<< 12),
 *     SRGB_BORDER_COLOR_R 0x11 (<< 24): 0x11c00080
 * w3: SRGB_BORDER_COLOR_G 0x22 (<< 12), B 0x33 (<< 20): 0x03322000
 * w4-7: border 0.25, 0.5, 0.75, 1.0 */
static const uint32_t hand_tsc[8] = {
   0x200eca, 0x1dc00d2, 0x11c00080, 0x03322000, 0x3e800000, 0x3f000000,
   0x3f400000, 0x3f800000,
};

static void
check_hand_tic(const struct g80_tic *t, bool g84)
{
   CHECK_EQ(t->components_sizes, 0x08);
   for (unsigned i = 0; i < 4; i++) {
      CHECK_EQ(t->data_type[i], 2);
      CHECK_EQ(t->source[i], 2 + i);
   }
   CHECK_EQ(t->address, 0x1200345000ull);
   CHECK(t->srgb);
   CHECK_EQ(t->texture_type, 1);
   CHECK(!t->pitch);
   CHECK_EQ(t->block_w, 0);
   CHECK_EQ(t->block_h, 4);
   CHECK_EQ(t->block_d, 0);
   CHECK(t->border_from_color);
   CHECK(t->normalized_coords);
   CHECK_EQ(t->width, 300);
   CHECK_EQ(t->height, g84 ? 0x10010 : 0x10);
   CHECK_EQ(t->depth, 1);
   CHECK_EQ(t->max_level, 8);
   CHECK_EQ(t->lod_bias, -384);
   if (g84) {
      CHECK_EQ(t->view_min_level, 1);
      CHECK_EQ(t->view_max_level, 7);
      CHECK_EQ(t->min_lod_clamp, 0x180);
   } else {
      CHECK_EQ(t->color_key, 0x01800171);
      CHECK_EQ(t->view_max_level, 0);
   }
}

static void
texture_descriptor_decode(void)
{
   struct g80_tic tic;
   const char *why = NULL;
   CHECK(g80_tic_decode(hand_tic, true, &tic, &why));
   check_hand_tic(&tic, true);
   CHECK(g80_tic_decode(hand_tic, false, &tic, &why));
   check_hand_tic(&tic, false);
   /* TEXTURE_TYPE 9: past CUBE_ARRAY (8), not a type */
   uint32_t bad[8];
   memcpy(bad, hand_tic, sizeof(bad));
   bad[2] = (bad[2] & ~0x3c000u) | 9u << 14;
   CHECK(!g80_tic_decode(bad, true, &tic, &why));
   CHECK_STR_HAS(why, "TEXTURE_TYPE");

   struct g80_tsc tsc;
   CHECK(g80_tsc_decode(hand_tsc, &tsc, &why));
   CHECK_EQ(tsc.wrap[0], 2);
   CHECK_EQ(tsc.wrap[1], 1);
   CHECK_EQ(tsc.wrap[2], 3);
   CHECK(tsc.depth_compare);
   CHECK_EQ(tsc.depth_compare_func, 3);
   CHECK(!tsc.srgb);
   CHECK_EQ(tsc.max_anisotropy, 4);   /* value 2: 4_TO_1 (rnndb) */
   CHECK_EQ(tsc.mag_filter, 2);
   CHECK_EQ(tsc.min_filter, 1);
   CHECK_EQ(tsc.mip_filter, 3);
   CHECK_EQ(tsc.lod_bias, -576);
   CHECK_EQ(tsc.min_lod, 0x80);
   CHECK_EQ(tsc.max_lod, 0xc00);
   CHECK_EQ(tsc.srgb_border[0], 0x11);
   CHECK_EQ(tsc.srgb_border[1], 0x22);
   CHECK_EQ(tsc.srgb_border[2], 0x33);
   CHECK_EQ(tsc.border[0], 0x3e800000u);
   CHECK_EQ(tsc.border[3], 0x3f800000u);
   /* MAG_FILTER 0 is not a filter */
   memcpy(bad, hand_tsc, sizeof(bad));
   bad[1] &= ~3u;
   CHECK(!g80_tsc_decode(bad, &tsc, &why));
}

/* The tables through the 3D class: TIC and TSC tables of 4 entries
 * (LIMIT 3) in one buffer, the hand-built TIC at entry 2 and TSC at entry
 * 1; BIND_TIC(FP) slot 3 -> TIC 2, BIND_TSC(FP) slot 5 -> TSC 1 (rnndb:
 * TEXTURE at bit 1, TIC at 9; SAMPLER at 4, TSC at 12).  A bind past the
 * limit traps and leaves the slot as it was, as does a TSC index above
 * the TSC field's 9 bits; unbound slots read nothing.
 * The TIC's word 7 is the G84- one (view levels, MIN_LOD_CLAMP,
 * HEIGHT_MSB) on every chip after G80 (rnndb variants "G84-", by
 * chipset), whatever its 3D class: G200 and GT215 have no G84_3D class
 * (fifo.xml), and GT215 once decoded G80's word 7 (upstream's level views
 * read level 0: depthstencil-render-miplevels). */
static void
tic_tsc_bind_on(uint32_t chipset, uint32_t oclass, bool g84)
{
   struct tfx t;
   if (!tfx_init(&t, chipset))
      goto out;
   struct surf2d m;
   surf2d_new(&t, &m, 4096);
   memset(m.map, 0, 4096);
   memcpy(m.map + 2 * 32, hand_tic, 32);
   memcpy(m.map + 0x800 + 1 * 32, hand_tsc, 32);
   struct nvsim_bo *bos[] = { t.push_bo, m.bo };
   t3d_bind(&t, oclass);
   m3d(&t, G80_3D_DMA_TIC, t.info.vram_ctxdma);
   m3d(&t, G80_3D_DMA_TSC, t.info.vram_ctxdma);
   out(&t, nvt_inc(3, G80_3D_TIC_ADDRESS_HIGH, 3));
   out(&t, (uint32_t)(m.va >> 32));
   out(&t, (uint32_t)m.va);
   out(&t, 3);
   out(&t, nvt_inc(3, G80_3D_TSC_ADDRESS_HIGH, 3));
   out(&t, (uint32_t)((m.va + 0x800) >> 32));
   out(&t, (uint32_t)(m.va + 0x800));
   out(&t, 3);
   m3d(&t, G80_3D_BIND_TIC(2), 2 << 9 | 3 << 1 | 1);
   m3d(&t, G80_3D_BIND_TSC(2), 1 << 12 | 5 << 4 | 1);
   CHECK(tfx_submit(&t, bos, 2) > 0);
   CHECK(nvsim_channel_error(t.chan) == NULL);
   m3d(&t, G80_3D_BIND_TIC(2), 4 << 9 | 3 << 1 | 1);
   tfx_submit(&t, bos, 2);
   CHECK_STR_HAS(nvsim_channel_error(t.chan), "past TIC_LIMIT");
   m3d(&t, G80_3D_BIND_TSC(0), 9 << 12 | 0 << 4 | 1);
   tfx_submit(&t, bos, 2);
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "past TSC_LIMIT");
   /* TSC entry 512 (upstream's 2048-entry table): bit 21, above the TSC
    * field, whose bits read entry 0, within the limit */
   m3d(&t, G80_3D_BIND_TSC(2), 512 << 12 | 5 << 4 | 1);
   tfx_submit(&t, bos, 2);
   CHECK_STR_HAS(nvsim_channel_last_trap(t.chan), "entry 512 is past the field");

   struct g80_3d *ctx = t3d_ctx(&t);
   CHECK(ctx);
   if (ctx) {
      struct g80_tic tic;
      struct g80_tsc tsc;
      CHECK(g80_3d_texture(ctx, G80_STAGE_FP, 3, &tic));
      check_hand_tic(&tic, g84);
      CHECK(g80_3d_sampler(ctx, G80_STAGE_FP, 5, &tsc));
      CHECK_EQ(tsc.lod_bias, -576);
      CHECK(!g80_3d_texture(ctx, G80_STAGE_VP, 3, &tic));
      CHECK(!g80_3d_sampler(ctx, G80_STAGE_VP, 0, &tsc));
   }
   surf2d_free(&t, &m);
out:
   tfx_fini(&t);
}

static void
tesla_3d_tic_tsc_bind(void)
{
   /* chipsets from hwdb chips.xml */
   tic_tsc_bind_on(0x50, G80_3D_CLASS, false);
   tic_tsc_bind_on(0x84, G84_3D_CLASS, true);
   tic_tsc_bind_on(0xa0, G200_3D_CLASS, true);
   tic_tsc_bind_on(0xa3, GT215_3D_CLASS, true);
   tic_tsc_bind_on(0xaf, MCP89_3D_CLASS, true);
}

static const struct nvt_case cases[] = {
   { "layout_pitch", layout_pitch },
   { "layout_blocklinear_doc_example", layout_blocklinear_doc_example },
   { "layout_blocklinear_2d", layout_blocklinear_2d },
   { "layout_autosize", layout_autosize },
   { "vm_map_unmap", vm_map_unmap },
   { "ib_methods", ib_methods },
   { "ib_command_spans_entries", ib_command_spans_entries },
   { "ib_empty_traps", ib_empty_traps },
   { "ib_unmapped_traps", ib_unmapped_traps },
   { "ib_traps_go_on", ib_traps_go_on },
   { "ib_jump_is_invalid", ib_jump_is_invalid },
   { "ib_increase_once_is_gf100", ib_increase_once_is_gf100 },
   { "ib_unknown_puller_method", ib_unknown_puller_method },
   { "semaphores", semaphores },
   { "tesla_notifier", tesla_notifier },
   { "m2mf_linear_blocklinear", m2mf_linear_blocklinear },
   { "eng2d_blit", eng2d_blit },
   { "eng2d_blit_rop", eng2d_blit_rop },
   { "eng2d_sifc_u8", eng2d_sifc_u8 },
   { "eng2d_rectangle", eng2d_rectangle },
   { "eng2d_convert", eng2d_convert },
   { "tesla_3d_methods", tesla_3d_methods },
   { "tesla_3d_variant_and_enum_traps", tesla_3d_variant_and_enum_traps },
   { "tesla_3d_clear_pitch_screen_scissor", tesla_3d_clear_pitch_screen_scissor },
   { "tesla_3d_clear_blocklinear_layers", tesla_3d_clear_blocklinear_layers },
   { "tesla_3d_clear_zeta", tesla_3d_clear_zeta },
   { "tesla_3d_clear_scissor_rect", tesla_3d_clear_scissor_rect },
   { "tesla_3d_query_reports", tesla_3d_query_reports },
   { "tesla_3d_cb_upload", tesla_3d_cb_upload },
   { "tesla_3d_cb_bounds", tesla_3d_cb_bounds },
   { "texture_descriptor_decode", texture_descriptor_decode },
   { "tesla_3d_tic_tsc_bind", tesla_3d_tic_tsc_bind },
   { "tesla_notifier_reuse", tesla_notifier_reuse },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
