/*
 * Fuzz harness for Tesla's IB-mode FIFO and its G80 classes: the input is
 * pushbuffer words (little-endian) that channel A runs on a G84 (or
 * NVSIM_FUZZ_CHIP=<hex>, any Tesla), with G80_M2MF, G80_2D, the 3D class
 * (a trapping stub), the compute class and NV1_NULL bound on subchannels
 * 0..4 and three buffers mapped in the channel's VM at known addresses
 * (NV50_FUZZ_BUF_VA(i)), so that methods with addresses reach memory.
 *
 * The first input word picks how the rest becomes IB entries: its low 3
 * bits + 1 pieces of equal length, and, with bit 3, one extra entry made
 * of the next two words as they are (any address, any size: faults,
 * IB_EMPTY).  Afterwards channel B, on the same device and VM, copies a
 * known line with M2MF; its bytes must come out (a trap stops only its
 * channel), else the harness aborts.
 *
 * Counts, like the other harnesses, the command words channel A's pusher
 * read past the prologue (nvsim_fuzz_count_words, for make fuzz).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fifo.xml.h"
#include "g80_fifo.xml.h"
#include "nv_m2mf.xml.h"
#include "nvhwdb_chips.h"
#include "nvsim.h"
#include "nvsim_fuzz.h"
/* for the pusher's word count (nvsim_fifo_state.words_read) */
#include "nvsim_priv.h"
#include "nvsim_vm.h"

#define MAX_WORDS 65536
#define NV50_FUZZ_BUFS 3
#define NV50_FUZZ_BUF_BYTES 65536

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
die(const char *what)
{
   fprintf(stderr, "nv50 fuzz harness: %s\n", what);
   abort();
}

static uint32_t
inc_header(unsigned subc, uint32_t mthd, unsigned count)
{
   return NV4_DMA_CMD_TYPE_INCREASING | (count << NV4_DMA_CMD_COUNT__SHIFT) |
          (subc << NV4_DMA_CMD_SUBC__SHIFT) | (mthd & NV4_DMA_CMD_METHOD__MASK);
}

static void
ib_entry(uint32_t *e, uint64_t va, uint32_t words)
{
   e[0] = (uint32_t)va & G80_IB_ENTRY_LOW_ADDRESS_LOW__MASK;
   e[1] = G80_IB_ENTRY_HIGH_ADDRESS_HIGH(va >> 32) |
          G80_IB_ENTRY_HIGH_SIZE(words);
}

struct mapped {
   struct nvsim_bo *bo;
   uint64_t va;
};

static struct mapped
map_new(struct nvsim_device *dev, struct nvsim_vm *vm, uint64_t bytes,
        uint32_t domain)
{
   struct mapped m = { nvsim_bo_create(dev, bytes, domain, NULL), 0 };
   if (!m.bo || nvsim_vm_map(vm, m.bo, 0, 0, &m.va))
      die("cannot make a buffer");
   return m;
}

static void
map_free(struct nvsim_vm *vm, struct mapped *m)
{
   nvsim_vm_unmap(vm, m->va);
   nvsim_bo_destroy(m->bo);
}

static const uint32_t subc_classes[] = {
   G80_M2MF_CLASS, G80_2D_CLASS, 0 /* 3D */, 0 /* compute */, NV1_NULL_CLASS,
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   const char *env = getenv("NVSIM_FUZZ_CHIP");
   /* (make fuzz sets it empty for the default) */
   uint32_t chipset = env && *env ? strtoul(env, NULL, 16) : CHIPSET_G84;
   size_t words = size / 4;
   if (words > MAX_WORDS)
      words = MAX_WORDS;

   struct nvsim_device *dev = nvsim_device_create(chipset);
   struct nvsim_vm *vm = dev ? nvsim_vm_create(dev) : NULL;
   if (!vm)
      die("not a Tesla chipset");
   struct nvsim_channel_info ia = { .vm = vm }, ib = { .vm = vm };
   struct nvsim_channel *a = nvsim_channel_create(dev, &ia);
   struct nvsim_channel *b = nvsim_channel_create(dev, &ib);
   if (!a || !b)
      die("cannot make the channels");

   struct mapped bufs[NV50_FUZZ_BUFS];
   for (unsigned i = 0; i < NV50_FUZZ_BUFS; i++)
      bufs[i] = map_new(dev, vm, NV50_FUZZ_BUF_BYTES,
                        i == 2 ? NVSIM_DOMAIN_GART : NVSIM_DOMAIN_VRAM);
   struct mapped push = map_new(dev, vm, (words + 64) * 4, NVSIM_DOMAIN_GART);
   uint32_t *pm = nvsim_bo_map(push.bo);

   /* prologue: bind one object of each class on subchannels 0..4 */
   uint32_t classes[5];
   memcpy(classes, subc_classes, sizeof(classes));
   /* the chip's 3D and compute classes (hwdb chips.xml) */
   classes[2] = nvhwdb_chip_find(chipset)->class_3d;
   classes[3] = nvhwdb_chip_find(chipset)->class_compute;
   unsigned n = 0;
   for (unsigned s = 0; s < 5; s++) {
      uint32_t handle = 0xf0000000u | classes[s];
      if (nvsim_object_create(a, handle, classes[s]))
         die("cannot make an object");
      pm[n++] = inc_header(s, NV4_SUBCHAN_OBJECT, 1);
      pm[n++] = handle;
   }
   uint32_t e[2 * 10];
   unsigned ne = 0;
   ib_entry(e, push.va, n);
   ne++;

   /* the input */
   uint32_t ctl = 0;
   size_t first = 0;
   if (words) {
      memcpy(&ctl, data, 4);
      first = 1;
   }
   uint32_t raw[2] = { 0, 0 };
   bool with_raw = (ctl & 8) && words >= 3;
   if (with_raw) {
      memcpy(raw, data + 4, 8);
      first = 3;
   }
   unsigned start = n;
   for (size_t i = first; i < words; i++)
      memcpy(&pm[n++], data + 4 * i, 4);
   unsigned len = n - start, pieces = (ctl & 7) + 1;
   for (unsigned p = 0; p < pieces && len; p++) {
      unsigned from = start + len * p / pieces, to = start + len * (p + 1) / pieces;
      if (to > from)
         ib_entry(e + 2 * ne++, push.va + 4ull * from, to - from);
   }
   if (with_raw) {
      e[2 * ne] = raw[0];
      e[2 * ne + 1] = raw[1];
      ne++;
   }
   struct nvsim_bo *all[NV50_FUZZ_BUFS + 1] = { push.bo };
   for (unsigned i = 0; i < NV50_FUZZ_BUFS; i++)
      all[i + 1] = bufs[i].bo;
   int64_t seq = nvsim_submit_ib(a, e, ne, all, NV50_FUZZ_BUFS + 1);
   if (seq > 0)
      nvsim_wait_seq(dev, seq);
   /* the prologue's n words came first in the same submission */
   uint64_t read = a->fifo.words_read;
   nvsim_fuzz_count_words(read > n ? read - n : 0);

   /* channel B still works: an M2MF line from buffer 0 to buffer 2 */
   uint8_t *src = nvsim_bo_map(bufs[0].bo), *dst = nvsim_bo_map(bufs[2].bo);
   for (unsigned i = 0; i < 64; i++) {
      src[i] = (uint8_t)(i * 5 + 3);
      dst[0x8000 + i] = 0;
   }
   if (nvsim_object_create(b, 0xbeef5039, G80_M2MF_CLASS))
      die("channel B: no M2MF");
   uint32_t *bp = pm + n + 1;   /* room: words + 64 */
   unsigned bn = 0, bstart = n + 1;
   bp[bn++] = inc_header(0, NV4_SUBCHAN_OBJECT, 1);
   bp[bn++] = 0xbeef5039;
   bp[bn++] = inc_header(0, NV04_M2MF_DMA_BUFFER_IN, 2);
   bp[bn++] = ib.vram_ctxdma;
   bp[bn++] = ib.vram_ctxdma;
   bp[bn++] = inc_header(0, G80_M2MF_LAYOUT_IN, 1);
   bp[bn++] = G80_M2MF_LAYOUT_IN_PITCH;
   bp[bn++] = inc_header(0, G80_M2MF_LAYOUT_OUT, 1);
   bp[bn++] = G80_M2MF_LAYOUT_OUT_PITCH;
   bp[bn++] = inc_header(0, G80_M2MF_OFFSET_IN_HIGH, 2);
   bp[bn++] = (uint32_t)(bufs[0].va >> 32);
   bp[bn++] = (uint32_t)((bufs[2].va + 0x8000) >> 32);
   bp[bn++] = inc_header(0, NV04_M2MF_OFFSET_IN, 8);
   bp[bn++] = (uint32_t)bufs[0].va;
   bp[bn++] = (uint32_t)(bufs[2].va + 0x8000);
   bp[bn++] = 64;
   bp[bn++] = 64;
   bp[bn++] = 64;
   bp[bn++] = 1;
   bp[bn++] = 0x101;
   bp[bn++] = 0;
   uint32_t be[2];
   ib_entry(be, push.va + 4ull * bstart, bn);
   /* the input may have rewritten buffer 0 through A before B's copy:
    * B's source is written above, after A finished */
   seq = nvsim_submit_ib(b, be, 1, all, NV50_FUZZ_BUFS + 1);
   if (seq <= 0)
      die("channel B refused a submission");
   nvsim_wait_seq(dev, seq);
   if (nvsim_channel_error(b))
      die(nvsim_channel_error(b));
   for (unsigned i = 0; i < 64; i++) {
      if (dst[0x8000 + i] != (uint8_t)(i * 5 + 3))
         die("channel B's copy did not arrive");
   }

   nvsim_channel_destroy(a);
   nvsim_channel_destroy(b);
   map_free(vm, &push);
   for (unsigned i = 0; i < NV50_FUZZ_BUFS; i++)
      map_free(vm, &bufs[i]);
   nvsim_vm_unref(vm);
   nvsim_device_destroy(dev);
   return 0;
}
