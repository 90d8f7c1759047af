/*
 * Traps as a card under Linux's nouveau handles them (nvsim_trap.c): each
 * kind of trap writes its decoded line (stderr and trace), the trapped
 * method is dropped (the state it would have changed is unchanged), and the
 * channel goes on: methods after it, a REF_CNT (the fence of nouveau's
 * NV10+ kernel: nv10_fence.c writes REF_CNT) and the M2MF notifier land.
 * On every FIFO generation before Tesla (NV10, NV20, NV30, NV40; Tesla's IB
 * pusher is in sim/nv50/tests).  NVSIM_STRICT=1 still kills the channel,
 * NVSIM_TRAP_ABORT=1 aborts.
 *
 * Methods from rnndb fifo/nv_object.xml (REF_CNT 0x50, SEMAPHORE 0x60..0x6c,
 * OBJECT 0) and graph/nv_m2mf.xml (DMA_NOTIFY 0x180, DMA_BUFFER_IN/OUT
 * 0x184/0x188, OFFSET_IN 0x30c ... FORMAT 0x324, BUF_NOTIFY 0x328); command
 * words from envytools-docs hw/fifo/dma-pusher.rst; M2MF's notifier is
 * notifier 1 (16 bytes in, STATUS word 3 cleared when written, m2mf.rst).
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nvsim_test.h"

#define M2MF_CLASS   0x0039
#define M2MF_HANDLE  0xbeef3901
#define NTFY_HANDLE  0xbeef0301
#define SUBC_M2MF    2
#define MTHD_REF_CNT 0x50
#define MTHD_FORMAT  0x324

static const uint32_t chips[] = { 0x10, 0x20, 0x34, 0x40 };
#define NUM_CHIPS (sizeof(chips) / sizeof(chips[0]))

struct tfx {
   struct nvt_fx fx;
   struct nvsim_bo *src, *dst;
   uint8_t *s, *d;
   uint32_t *ntfy;        /* the M2MF notifier (16 bytes) */
};

static bool
tfx_init(struct tfx *t, uint32_t chipset)
{
   memset(t, 0, sizeof(*t));
   if (!nvt_fx_init(&t->fx, chipset))
      return false;
   t->src = nvsim_bo_create(t->fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   t->dst = nvsim_bo_create(t->fx.dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   CHECK(t->src && t->dst);
   if (!t->src || !t->dst)
      return false;
   t->s = nvsim_bo_map(t->src);
   t->d = nvsim_bo_map(t->dst);
   for (unsigned i = 0; i < 4096; i++)
      t->s[i] = (uint8_t)(i * 7 + 3);
   memset(t->d, 0xee, 4096);
   uint32_t off = 0;
   CHECK_EQ(nvsim_object_create(t->fx.chan, M2MF_HANDLE, M2MF_CLASS), 0);
   CHECK_EQ(nvsim_notifier_create(t->fx.chan, NTFY_HANDLE, 32, &off), 0);
   /* notifier 1 of the object: 16 bytes in */
   t->ntfy = (uint32_t *)((uint8_t *)nvsim_bo_map(t->fx.info.notifier_bo) +
                          off + 16);
   struct nvt_push *p = &t->fx.push;
   nvt_out(p, nvt_inc(SUBC_M2MF, 0, 1));
   nvt_out(p, M2MF_HANDLE);
   nvt_out(p, nvt_inc(SUBC_M2MF, 0x180, 3));
   nvt_out(p, NTFY_HANDLE);
   nvt_out(p, t->fx.info.gart_ctxdma);   /* in: GART */
   nvt_out(p, t->fx.info.vram_ctxdma);   /* out: VRAM */
   return true;
}

static void
tfx_fini(struct tfx *t)
{
   if (t->src)
      nvsim_bo_destroy(t->src);
   if (t->dst)
      nvsim_bo_destroy(t->dst);
   nvt_fx_fini(&t->fx);
}

static void
mthd(struct tfx *t, unsigned subc, uint32_t m, uint32_t data)
{
   nvt_out(&t->fx.push, nvt_inc(subc, m, 1));
   nvt_out(&t->fx.push, data);
}

/* OFFSET_IN .. LINE_COUNT: one line of `len` bytes, src `in` -> dst `out`
 * (out is an offset in VRAM's DMA object, which covers all of VRAM) */
static void
copy_setup(struct tfx *t, uint32_t in, uint32_t out_vram, uint32_t len)
{
   struct nvt_push *p = &t->fx.push;
   nvt_out(p, nvt_inc(SUBC_M2MF, 0x30c, 6));
   nvt_out(p, (uint32_t)nvsim_bo_offset(t->src) + in);
   nvt_out(p, out_vram);
   nvt_out(p, 0);
   nvt_out(p, 0);
   nvt_out(p, len);
   nvt_out(p, 1);
}

/* a copy of `len` bytes with FORMAT 1:1 and BUF_NOTIFY WRITE */
static void
copy(struct tfx *t, uint32_t in, uint32_t out, uint32_t len)
{
   copy_setup(t, in, (uint32_t)nvsim_bo_offset(t->dst) + out, len);
   mthd(t, SUBC_M2MF, MTHD_FORMAT, 0x0101);
   mthd(t, SUBC_M2MF, 0x328, 0);
}

static void
submit(struct tfx *t)
{
   struct nvsim_bo *bos[] = { t->src, t->dst };
   int64_t seq = nvt_fx_submit(&t->fx, bos, 2);
   CHECK(seq > 0);
   if (seq > 0)
      nvsim_wait_seq(t->fx.dev, seq);
}

/* ---- stderr capture ---- */

static int saved_stderr = -1;
static FILE *capture_file;

static void
capture_begin(void)
{
   fflush(stderr);
   capture_file = tmpfile();
   CHECK(capture_file != NULL);
   if (!capture_file)
      return;
   saved_stderr = dup(2);
   dup2(fileno(capture_file), 2);
}

/* The captured text (static buffer), also echoed to the real stderr. */
static const char *
capture_end(void)
{
   static char buf[16384];
   buf[0] = 0;
   if (!capture_file)
      return buf;
   fflush(stderr);
   dup2(saved_stderr, 2);
   close(saved_stderr);
   rewind(capture_file);
   size_t n = fread(buf, 1, sizeof(buf) - 1, capture_file);
   buf[n] = 0;
   fclose(capture_file);
   capture_file = NULL;
   fputs(buf, stderr);
   return buf;
}

static unsigned
count_lines_with(const char *text, const char *needle)
{
   unsigned n = 0;
   for (const char *s = text; (s = strstr(s, needle)); s++)
      n++;
   return n;
}

/* The trap just raised: its line on stderr and as the channel's last trap,
 * the channel alive, `traps` traps in all. */
static void
expect_trap(struct tfx *t, const char *err, unsigned traps,
            const char *const *needles)
{
   const char *line = nvsim_channel_last_trap(t->fx.chan);
   char head[32];
   snprintf(head, sizeof(head), "nvsim: TRAP ch%u ", t->fx.info.id);
   CHECK(line && strncmp(line, head, strlen(head)) == 0);
   for (const char *const *n = needles; *n; n++)
      CHECK_STR_HAS(line, *n);
   /* the same line on stderr */
   if (line)
      CHECK_STR_HAS(err, line);
   CHECK_EQ(nvsim_channel_traps(t->fx.chan), traps);
   CHECK(!nvsim_channel_dead(t->fx.chan));
}

/* ---- the trap kinds ---- */

/* A method the class does not have: PGRAPH ILLEGAL_MTHD, dropped; the
 * methods after it in the same submission run. */
static void
test_illegal_method(void)
{
   for (unsigned c = 0; c < NUM_CHIPS; c++) {
      struct tfx t;
      if (!tfx_init(&t, chips[c]))
         goto out;
      t.ntfy[3] = 0xffffffff;
      /* rnndb nv_m2mf.xml: nothing after BUF_NOTIFY (0x328) */
      mthd(&t, SUBC_M2MF, 0x32c, 0x5a5a5a5a);
      mthd(&t, 0, MTHD_REF_CNT, 0x1111);
      copy(&t, 16, 0, 4);
      capture_begin();
      submit(&t);
      const char *err = capture_end();
      char sub[16];
      snprintf(sub, sizeof(sub), "subc%d", SUBC_M2MF);
      const char *want[] = { sub, "class 0x0039", "mthd 0x032c",
                             "data 0x5a5a5a5a", "ILLEGAL_MTHD", NULL };
      expect_trap(&t, err, 1, want);
      CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x1111);
      for (unsigned i = 0; i < 4; i++)
         CHECK_EQ(t.d[i], t.s[16 + i]);
      CHECK_EQ(t.ntfy[3], 0);        /* the notifier of the copy landed */
out:
      tfx_fini(&t);
   }
}

/* A value the method refuses: PGRAPH INVALID_VALUE, dropped: FORMAT keeps
 * its earlier value, which the copy then uses. */
static void
test_invalid_value(void)
{
   for (unsigned c = 0; c < NUM_CHIPS; c++) {
      struct tfx t;
      if (!tfx_init(&t, chips[c]))
         goto out;
      copy_setup(&t, 0, (uint32_t)nvsim_bo_offset(t.dst), 4);
      /* INPUT_INC 1, OUTPUT_INC 2 (m2mf.rst: 1, 2 or 4), then 3: invalid */
      mthd(&t, SUBC_M2MF, MTHD_FORMAT, 0x0201);
      mthd(&t, SUBC_M2MF, MTHD_FORMAT, 0x0303);
      mthd(&t, SUBC_M2MF, 0x328, 0);
      mthd(&t, 0, MTHD_REF_CNT, 0x2222);
      capture_begin();
      submit(&t);
      const char *err = capture_end();
      /* the method by its hwdb name, the data decoded */
      const char *want[] = { "mthd 0x0324 (FORMAT)", "data 0x00000303",
                             "INPUT_INC = ", "INVALID_VALUE",
                             "increments must be", NULL };
      expect_trap(&t, err, 1, want);
      /* spread by 2 as FORMAT 0x0201 says */
      const uint8_t d[8] = { t.s[0], 0xee, t.s[1], 0xee, t.s[2], 0xee,
                             t.s[3], 0xee };
      for (unsigned i = 0; i < 8; i++)
         CHECK_EQ(t.d[i], d[i]);
      CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x2222);
out:
      tfx_fini(&t);
   }
}

/* Handles that name no object or the wrong kind of object: the puller's
 * CACHE_ERROR (NO_HASH) and PGRAPH's INVALID_OBJECT, each dropped: the
 * subchannel keeps its object, the DMA slot its DMA object. */
static void
test_illegal_object(void)
{
   for (unsigned c = 0; c < NUM_CHIPS; c++) {
      struct tfx t;
      if (!tfx_init(&t, chips[c]))
         goto out;
      /* bind a handle nobody made on the M2MF's subchannel */
      mthd(&t, SUBC_M2MF, 0, 0x0badbeef);
      /* bind a DMA object as an engine object on subchannel 3 */
      mthd(&t, 3, 0, t.fx.info.vram_ctxdma);
      /* DMA_BUFFER_OUT = the M2MF object itself, not a DMA object */
      mthd(&t, SUBC_M2MF, 0x188, M2MF_HANDLE);
      /* a method on subchannel 3, where nothing got bound */
      mthd(&t, 3, 0x100, 0);
      copy(&t, 40, 8, 4);
      mthd(&t, 0, MTHD_REF_CNT, 0x3333);
      capture_begin();
      submit(&t);
      const char *err = capture_end();
      CHECK_EQ(nvsim_channel_traps(t.fx.chan), 4);
      CHECK_EQ(count_lines_with(err, "nvsim: TRAP"), 4);
      CHECK_STR_HAS(err, "data 0x0badbeef: CACHE_ERROR NO_HASH");
      CHECK_STR_HAS(err, "INVALID_OBJECT [0xbeef0201 is a DMA object");
      CHECK_STR_HAS(err, "mthd 0x0188 (DMA_BUFFER_OUT) data 0xbeef3901: "
                         "INVALID_OBJECT");
      CHECK_STR_HAS(err, "CACHE_ERROR EMPTY_SUBCHANNEL");
      const char *want[] = { "subc3", "mthd 0x0100", NULL };
      expect_trap(&t, err, 4, want);
      /* M2MF still on its subchannel, still writing to VRAM */
      for (unsigned i = 0; i < 4; i++)
         CHECK_EQ(t.d[8 + i], t.s[40 + i]);
      CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x3333);
out:
      tfx_fini(&t);
   }
}

/* An M2MF copy outside its DMA object (the DMA protection fault of
 * PGRAPH): nothing is written, no notifier; the next copy lands. */
static void
test_dma_fault(void)
{
   for (unsigned c = 0; c < NUM_CHIPS; c++) {
      struct tfx t;
      if (!tfx_init(&t, chips[c]))
         goto out;
      t.ntfy[3] = 0xffffffff;
      uint32_t vram = (uint32_t)nvsim_device_info(t.fx.dev)->vram_size;
      /* 8 bytes from 4 before the end of VRAM's DMA object */
      copy_setup(&t, 0, vram - 4, 8);
      mthd(&t, SUBC_M2MF, MTHD_FORMAT, 0x0101);
      mthd(&t, SUBC_M2MF, 0x328, 0);
      capture_begin();
      submit(&t);
      const char *err = capture_end();
      const char *want[] = { "mthd 0x0328 (BUF_NOTIFY)", "DMA_ERROR", NULL };
      expect_trap(&t, err, 1, want);
      CHECK_EQ(t.ntfy[3], 0xffffffff);
      /* the channel goes on in the next submission */
      copy(&t, 100, 20, 4);
      mthd(&t, 0, MTHD_REF_CNT, 0x4444);
      submit(&t);
      for (unsigned i = 0; i < 4; i++)
         CHECK_EQ(t.d[20 + i], t.s[100 + i]);
      CHECK_EQ(t.ntfy[3], 0);
      CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x4444);
      CHECK_EQ(nvsim_channel_traps(t.fx.chan), 1);
out:
      tfx_fini(&t);
   }
}

/* Submits the words since the last submit as two pushes of one job, split
 * at word `split`. */
static void
submit_two(struct tfx *t, unsigned split)
{
   struct nvsim_push push[2] = {
      { t->fx.push_bo, (uint64_t)t->fx.push_seg * 4,
        (split - t->fx.push_seg) * 4 },
      { t->fx.push_bo, (uint64_t)split * 4, (t->fx.push.len - split) * 4 },
   };
   t->fx.push_seg = t->fx.push.len;
   struct nvsim_bo *bos[] = { t->src, t->dst };
   int64_t seq = nvsim_submit(t->fx.chan, push, 2, bos, 2);
   CHECK(seq > 0);
   if (seq > 0)
      nvsim_wait_seq(t->fx.dev, seq);
}

/*
 * Pusher errors: a pushbuffer read outside every buffer (DMA_PUSHER
 * MEM_FAULT, after a jump there) and a command word of no valid form
 * (INVALID_CMD).  nv04_fifo_dma_pusher sets DMA_GET to DMA_PUT: the rest of
 * the job is dropped, the next job runs.
 */
static void
test_pusher_fault(void)
{
   for (unsigned c = 0; c < NUM_CHIPS; c++) {
      struct tfx t;
      if (!tfx_init(&t, chips[c]))
         goto out;
      mthd(&t, 0, MTHD_REF_CNT, 0x5555);
      /* old NV4 jump (dma-pusher.rst: 001 in bits 29..31) far outside */
      nvt_out(&t.fx.push, 0x20000000 | 0x1ffffff0);
      unsigned split = t.fx.push.len;
      mthd(&t, 0, MTHD_REF_CNT, 0x6666);   /* second push: dropped */
      capture_begin();
      submit_two(&t, split);
      const char *err = capture_end();
      const char *want[] = { "DMA_PUSHER", "MEM_FAULT", NULL };
      expect_trap(&t, err, 1, want);
      CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x5555);

      /* long non-increasing methods exist in IB mode only: INVALID_CMD,
       * and the REF_CNT after it in the same push is dropped */
      nvt_out(&t.fx.push, 0x00030000 | (SUBC_M2MF << 13) | 0x200);
      nvt_out(&t.fx.push, 1);
      mthd(&t, 0, MTHD_REF_CNT, 0x7777);
      capture_begin();
      submit(&t);
      err = capture_end();
      const char *want2[] = { "INVALID_CMD", "word 0x00034200", NULL };
      expect_trap(&t, err, 2, want2);
      CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x5555);

      /* the next job runs, with its method state reset (a methods
       * command whose data was cut off does not swallow this one) */
      copy(&t, 0, 0, 4);
      mthd(&t, 0, MTHD_REF_CNT, 0x8888);
      submit(&t);
      CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x8888);
      for (unsigned i = 0; i < 4; i++)
         CHECK_EQ(t.d[i], t.s[i]);
      CHECK_EQ(nvsim_channel_traps(t.fx.chan), 2);
out:
      tfx_fini(&t);
   }
}

/* A jump to itself: a card would run it for ever; nvsim stops it at the
 * step limit (NVSIM_RUNAWAY_WORDS) with a RUNAWAY trap, drops the rest of
 * the job, and the next job runs. */
static void
test_runaway(void)
{
   setenv("NVSIM_RUNAWAY_WORDS", "4096", 1);
   for (unsigned c = 0; c < NUM_CHIPS; c++) {
      struct tfx t;
      if (!tfx_init(&t, chips[c]))
         goto out;
      mthd(&t, 0, MTHD_REF_CNT, 0x1234);
      nvt_out(&t.fx.push, 0x20000000 | nvt_fx_addr(&t.fx, t.fx.push.len));
      mthd(&t, 0, MTHD_REF_CNT, 0xdead);    /* never reached */
      capture_begin();
      submit(&t);
      const char *err = capture_end();
      const char *want[] = { "RUNAWAY", "jumps keep the pusher", NULL };
      expect_trap(&t, err, 1, want);
      CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x1234);
      copy(&t, 8, 8, 4);
      mthd(&t, 0, MTHD_REF_CNT, 0x4321);
      submit(&t);
      CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x4321);
      for (unsigned i = 0; i < 4; i++)
         CHECK_EQ(t.d[8 + i], t.s[8 + i]);
out:
      tfx_fini(&t);
   }
   unsetenv("NVSIM_RUNAWAY_WORDS");
}

/* NV1A+: an acquire of a value the semaphore does not hold would wait on a
 * card; nvsim cannot wait (one channel runs at a time) and reports it, and
 * as the kernel's SEMAPHORE interrupt handler does (nv04_fifo_intr: GET +
 * 4), the acquire is skipped. */
static void
test_semaphore_acquire(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x40))
      goto out;
   uint32_t off = 0;
   CHECK_EQ(nvsim_notifier_create(t.fx.chan, 0xd0000001, 16, &off), 0);
   nvt_out(&t.fx.push, nvt_inc(0, 0x60, 3));   /* DMA, OFFSET, ACQUIRE */
   nvt_out(&t.fx.push, 0xd0000001);
   nvt_out(&t.fx.push, 0);
   nvt_out(&t.fx.push, 7);                     /* the block holds 0 */
   mthd(&t, 0, 0x6c, 9);                        /* RELEASE 9 */
   mthd(&t, 0, MTHD_REF_CNT, 0x99);
   capture_begin();
   submit(&t);
   const char *err = capture_end();
   const char *want[] = { "SEMAPHORE_ACQUIRE", "data 0x00000007", NULL };
   expect_trap(&t, err, 1, want);
   uint32_t *blk = nvsim_bo_map(t.fx.info.notifier_bo);
   CHECK_EQ(blk[off / 4], 9);
   CHECK_EQ(nvsim_channel_ref(t.fx.chan), 0x99);
out:
   tfx_fini(&t);
}

/* The trace has the trap too (NVSIM_TRACE, docs/trace.md: "trap CH msg"). */
static void
test_trace(void)
{
   char tmpl[] = "/tmp/nvsim-trap-test-XXXXXX";
   int fd = mkstemp(tmpl);
   CHECK(fd >= 0);
   if (fd < 0)
      return;
   close(fd);
   setenv("NVSIM_TRACE", tmpl, 1);
   struct tfx t;
   bool ok = tfx_init(&t, 0x40);
   unsetenv("NVSIM_TRACE");
   char path[sizeof(tmpl) + 16] = "";
   if (ok) {
      mthd(&t, SUBC_M2MF, MTHD_FORMAT, 0x0303);
      submit(&t);
      /* the N-th traced device of a process writes PATH.N */
      for (unsigned n = 0; n < 64; n++) {
         if (n)
            snprintf(path, sizeof(path), "%s.%u", tmpl, n);
         else
            snprintf(path, sizeof(path), "%s", tmpl);
         struct stat st;
         if (stat(path, &st) == 0 && st.st_size > 0)
            break;
         path[0] = 0;
      }
   }
   const char *line = ok ? nvsim_channel_last_trap(t.fx.chan) : NULL;
   char want[512] = "";
   if (line)
      snprintf(want, sizeof(want), "trap %u %s", t.fx.info.id, line);
   tfx_fini(&t);     /* closes the trace */
   CHECK(path[0] && line);
   if (path[0] && line) {
      FILE *f = fopen(path, "r");
      CHECK(f != NULL);
      char buf[1 << 16];
      size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
      buf[n] = 0;
      if (f)
         fclose(f);
      CHECK_STR_HAS(buf, want);
      unlink(path);
   }
   unlink(tmpl);
}

/* A channel that traps every time: stderr gets the first
 * NVSIM_TRAP_PRINT_LIMIT (32) lines and a note, the count goes on. */
static void
test_print_limit(void)
{
   struct tfx t;
   if (!tfx_init(&t, 0x40))
      goto out;
   for (unsigned i = 0; i < 40; i++)
      mthd(&t, SUBC_M2MF, 0x32c, i);
   mthd(&t, 0, MTHD_REF_CNT, 40);
   capture_begin();
   submit(&t);
   const char *err = capture_end();
   CHECK_EQ(count_lines_with(err, "nvsim: TRAP"), 32);
   CHECK_EQ(count_lines_with(err, "more traps; not printed"), 1);
   CHECK_EQ(nvsim_channel_traps(t.fx.chan), 40);
   CHECK_STR_HAS(nvsim_channel_last_trap(t.fx.chan), "data 0x00000027");
   CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "data 0x00000000");
   CHECK_EQ(nvsim_channel_ref(t.fx.chan), 40);
out:
   tfx_fini(&t);
}

/* NVSIM_STRICT=1: the first trap kills the channel (what nvsim did before):
 * the rest of the job is not run, later submissions fail with -ENODEV; a
 * second channel goes on. */
static void
test_strict(void)
{
   setenv("NVSIM_STRICT", "1", 1);
   struct tfx t;
   bool ok = tfx_init(&t, 0x40);
   unsetenv("NVSIM_STRICT");
   if (!ok)
      goto out;
   mthd(&t, 0, MTHD_REF_CNT, 1);
   mthd(&t, SUBC_M2MF, 0x32c, 0);
   mthd(&t, 0, MTHD_REF_CNT, 2);
   submit(&t);
   CHECK(nvsim_channel_dead(t.fx.chan));
   CHECK_STR_HAS(nvsim_channel_error(t.fx.chan), "ILLEGAL_MTHD");
   CHECK_EQ(nvsim_channel_ref(t.fx.chan), 1);
   mthd(&t, 0, MTHD_REF_CNT, 3);
   CHECK_EQ(nvt_fx_submit(&t.fx, NULL, 0), -ENODEV);
   CHECK_EQ(nvsim_object_create(t.fx.chan, 0x1234, M2MF_CLASS), -ENODEV);
   CHECK_EQ(nvsim_channel_ref(t.fx.chan), 1);

   struct nvt_fx b;
   if (nvt_fx_init_chan(&b, t.fx.dev)) {
      nvt_out(&b.push, nvt_inc(0, MTHD_REF_CNT, 1));
      nvt_out(&b.push, 0xb);
      int64_t seq = nvt_fx_submit(&b, NULL, 0);
      CHECK(seq > 0);
      if (seq > 0)
         nvsim_wait_seq(b.dev, seq);
      CHECK_EQ(nvsim_channel_ref(b.chan), 0xb);
      CHECK(!nvsim_channel_dead(b.chan));
      nvt_fx_fini_chan(&b);
   }
out:
   tfx_fini(&t);
}

/* NVSIM_TRAP_ABORT=1: abort() at the trap (in a child process). */
static void
test_trap_abort(void)
{
   fflush(stderr);
   pid_t pid = fork();
   CHECK(pid >= 0);
   if (pid == 0) {
      struct rlimit no_core = { 0, 0 };
      setrlimit(RLIMIT_CORE, &no_core);
      setenv("NVSIM_TRAP_ABORT", "1", 1);
      setenv("NVSIM_SYNC", "1", 1);
      struct tfx t;
      if (!tfx_init(&t, 0x40))
         _exit(2);
      mthd(&t, SUBC_M2MF, 0x32c, 0);
      submit(&t);
      _exit(0);        /* not reached */
   }
   if (pid < 0)
      return;
   int status = 0;
   CHECK_EQ(waitpid(pid, &status, 0), pid);
   CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
}

static const struct nvt_case cases[] = {
   { "illegal_method", test_illegal_method },
   { "invalid_value", test_invalid_value },
   { "illegal_object", test_illegal_object },
   { "dma_fault", test_dma_fault },
   { "pusher_fault", test_pusher_fault },
   { "runaway", test_runaway },
   { "semaphore_acquire", test_semaphore_acquire },
   { "trace", test_trace },
   { "print_limit", test_print_limit },
   { "strict", test_strict },
   { "trap_abort", test_trap_abort },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   /* the cases set these themselves where they need them */
   unsetenv("NVSIM_STRICT");
   unsetenv("NVSIM_TRAP_ABORT");
   return nvt_main(argc, argv, cases);
}
