/*
 * The GPU thread: waits, deferred frees, NVSIM_SYNC, and several
 * application threads submitting on their own channels at once; how many
 * channels a chip has.
 *
 * A test-only "gate" class holds the GPU thread inside a method until the
 * test opens the gate, so "the GPU is still busy" is a certainty, not a
 * race.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "nvsim_object.h"
#include "nvsim_priv.h"
#include "nvsim_test.h"

/* Not real classes: ids no NVIDIA chip uses. */
#define GATE_CLASS  0xbe98
#define GATE_HANDLE 0xcafe0002
#define GATE_MTHD   0x200
#define SLOW_MTHD   0x204        /* takes `data` ms of the GPU thread */
#define WORK_MTHD   0x208        /* `data` batches of 10 ms, one method */
#define M2MF_CLASS  0x0039        /* rnndb nv_object.xml NV3_M2MF */
#define M2MF_HANDLE 0xbeef3901
#define NTFY_HANDLE 0xbeef0301

static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static bool gate_open;
static bool gate_entered;

static void
gate_set(bool open)
{
   pthread_mutex_lock(&gate_lock);
   gate_open = open;
   if (!open)
      gate_entered = false;
   pthread_cond_broadcast(&gate_cond);
   pthread_mutex_unlock(&gate_lock);
}

static void
gate_wait_entered(void)
{
   pthread_mutex_lock(&gate_lock);
   while (!gate_entered)
      pthread_cond_wait(&gate_cond, &gate_lock);
   pthread_mutex_unlock(&gate_lock);
}

static void *
gate_create(struct nvsim_object *obj)
{
   return obj;
}

static enum nvsim_status
gate_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   if (mthd == SLOW_MTHD) {
      struct timespec ms = { 0, (long)data * 1000 * 1000 };
      nanosleep(&ms, NULL);
      return NVSIM_OK;
   }
   if (mthd == WORK_MTHD) {
      /* as an engine does between the warps of a long draw */
      for (uint32_t i = 0; i < data; i++) {
         struct timespec ms = { 0, 10 * 1000 * 1000 };
         nanosleep(&ms, NULL);
         nvsim_progress(obj->chan->dev);
      }
      return NVSIM_OK;
   }
   if (mthd != GATE_MTHD)
      return NVSIM_ILLEGAL_MTHD;
   pthread_mutex_lock(&gate_lock);
   gate_entered = true;
   pthread_cond_broadcast(&gate_cond);
   /* 10 s at most, so that a broken test fails instead of hanging */
   struct timespec ts;
   clock_gettime(CLOCK_REALTIME, &ts);
   ts.tv_sec += 10;
   while (!gate_open) {
      if (pthread_cond_timedwait(&gate_cond, &gate_lock, &ts) == ETIMEDOUT)
         break;
   }
   pthread_mutex_unlock(&gate_lock);
   return NVSIM_OK;
}

static const struct nvsim_class gate_class = {
   .oclass = GATE_CLASS,
   .name = "TEST_GATE",
   .create = gate_create,
   .method = gate_method,
};

/* Binds M2MF on subchannel 3 with the notifier, GART in, GART or VRAM
 * out. */
static void
setup_m2mf_out(struct nvt_fx *fx, bool out_vram)
{
   uint32_t off;
   CHECK_EQ(nvsim_object_create(fx->chan, M2MF_HANDLE, M2MF_CLASS), 0);
   CHECK_EQ(nvsim_notifier_create(fx->chan, NTFY_HANDLE, 32, &off), 0);
   nvt_out(&fx->push, nvt_inc(3, 0, 1));
   nvt_out(&fx->push, M2MF_HANDLE);
   nvt_out(&fx->push, nvt_inc(3, 0x180, 3));
   nvt_out(&fx->push, NTFY_HANDLE);
   nvt_out(&fx->push, fx->info.gart_ctxdma);
   nvt_out(&fx->push, out_vram ? fx->info.vram_ctxdma : fx->info.gart_ctxdma);
}

static void
setup_m2mf(struct nvt_fx *fx)
{
   setup_m2mf_out(fx, false);
}

static void
push_copy(struct nvt_fx *fx, struct nvsim_bo *src, uint32_t soff,
          struct nvsim_bo *dst, uint32_t doff, uint32_t len)
{
   nvt_out(&fx->push, nvt_inc(3, 0x30c, 8));
   nvt_out(&fx->push, (uint32_t)nvsim_bo_offset(src) + soff);
   nvt_out(&fx->push, (uint32_t)nvsim_bo_offset(dst) + doff);
   nvt_out(&fx->push, len);
   nvt_out(&fx->push, len);
   nvt_out(&fx->push, len);
   nvt_out(&fx->push, 1);
   nvt_out(&fx->push, 0x0101);
   nvt_out(&fx->push, 0);
}

static void
test_bo_wait(void)
{
   unsetenv("NVSIM_SYNC");
   struct nvt_fx fx;
   if (!nvt_fx_init(&fx, 0x40))
      return;
   CHECK_EQ(nvsim_device_add_class(fx.dev, &gate_class), 0);
   CHECK_EQ(nvsim_object_create(fx.chan, GATE_HANDLE, GATE_CLASS), 0);
   struct nvsim_bo *src = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   struct nvsim_bo *dst = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   CHECK(src && dst);
   if (!src || !dst)
      goto out;
   memset(nvsim_bo_map(src), 0x5a, 4096);

   gate_set(false);
   setup_m2mf(&fx);
   nvt_out(&fx.push, nvt_inc(1, 0, 1));
   nvt_out(&fx.push, GATE_HANDLE);
   nvt_out(&fx.push, nvt_inc(1, GATE_MTHD, 1));
   nvt_out(&fx.push, 0);
   push_copy(&fx, src, 0, dst, 0, 256);
   struct nvsim_bo *bos[] = { src, dst };
   int64_t seq = nvt_fx_submit(&fx, bos, 2);
   CHECK(seq > 0);

   gate_wait_entered();
   CHECK_EQ(nvsim_bo_wait(dst, 0), -EBUSY);
   CHECK_EQ(nvsim_bo_wait(dst, 1000000), -EBUSY);     /* 1 ms */
   CHECK(nvsim_completed_seq(fx.dev) < seq);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[0], 0);
   gate_set(true);
   CHECK_EQ(nvsim_bo_wait(dst, -1), 0);
   CHECK(nvsim_completed_seq(fx.dev) >= seq);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[0], 0x5a);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[255], 0x5a);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[256], 0);
   CHECK(nvsim_channel_error(fx.chan) == NULL);
   /* an idle buffer polls idle */
   struct nvsim_bo *idle = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   CHECK_EQ(nvsim_bo_wait(idle, 0), 0);
   nvsim_bo_destroy(idle);
out:
   if (src)
      nvsim_bo_destroy(src);
   if (dst)
      nvsim_bo_destroy(dst);
   nvt_fx_fini(&fx);
}

/*
 * A timed wait gives up on a GPU that takes no method for the timeout (the
 * gate above: -EBUSY after 1 ms), not on one that is slow but working: a
 * job of 30 methods of 10 ms each, then a copy, is waited for with a
 * 150 ms timeout and found done, the copy made.  (The kernel's CPU_PREP
 * bound is there for hung GPUs; a simulated frame may take minutes.)
 */
static void
test_bo_wait_slow(void)
{
   unsetenv("NVSIM_SYNC");
   struct nvt_fx fx;
   if (!nvt_fx_init(&fx, 0x40))
      return;
   CHECK_EQ(nvsim_device_add_class(fx.dev, &gate_class), 0);
   CHECK_EQ(nvsim_object_create(fx.chan, GATE_HANDLE, GATE_CLASS), 0);
   struct nvsim_bo *src = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   struct nvsim_bo *dst = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   CHECK(src && dst);
   if (!src || !dst)
      goto out;
   memset(nvsim_bo_map(src), 0x77, 4096);

   setup_m2mf(&fx);
   nvt_out(&fx.push, nvt_inc(1, 0, 1));
   nvt_out(&fx.push, GATE_HANDLE);
   nvt_out(&fx.push, nvt_ni(1, SLOW_MTHD, 30));
   for (unsigned i = 0; i < 30; i++)
      nvt_out(&fx.push, 10);
   push_copy(&fx, src, 0, dst, 0, 256);
   struct nvsim_bo *bos[] = { src, dst };
   int64_t seq = nvt_fx_submit(&fx, bos, 2);
   CHECK(seq > 0);

   CHECK_EQ(nvsim_bo_wait(dst, 150 * 1000 * 1000), 0);
   CHECK(nvsim_completed_seq(fx.dev) >= seq);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[0], 0x77);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[255], 0x77);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[256], 0);
   CHECK(nvsim_channel_error(fx.chan) == NULL);
out:
   if (src)
      nvsim_bo_destroy(src);
   if (dst)
      nvsim_bo_destroy(dst);
   nvt_fx_fini(&fx);
}

/*
 * Nor on one that works long inside one method (a draw of long shaders,
 * piglit's ext_transform_feedback-order: over 30 s for one draw on a
 * loaded host) while it makes progress: one method of 30 batches of 10 ms
 * each, then a copy, waited for with a 150 ms timeout, is found done.
 */
static void
test_bo_wait_long_method(void)
{
   unsetenv("NVSIM_SYNC");
   struct nvt_fx fx;
   if (!nvt_fx_init(&fx, 0x40))
      return;
   CHECK_EQ(nvsim_device_add_class(fx.dev, &gate_class), 0);
   CHECK_EQ(nvsim_object_create(fx.chan, GATE_HANDLE, GATE_CLASS), 0);
   struct nvsim_bo *src = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   struct nvsim_bo *dst = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   CHECK(src && dst);
   if (!src || !dst)
      goto out;
   memset(nvsim_bo_map(src), 0x66, 4096);

   setup_m2mf(&fx);
   nvt_out(&fx.push, nvt_inc(1, 0, 1));
   nvt_out(&fx.push, GATE_HANDLE);
   nvt_out(&fx.push, nvt_inc(1, WORK_MTHD, 1));
   nvt_out(&fx.push, 30);
   push_copy(&fx, src, 0, dst, 0, 256);
   struct nvsim_bo *bos[] = { src, dst };
   int64_t seq = nvt_fx_submit(&fx, bos, 2);
   CHECK(seq > 0);

   CHECK_EQ(nvsim_bo_wait(dst, 150 * 1000 * 1000), 0);
   CHECK(nvsim_completed_seq(fx.dev) >= seq);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[0], 0x66);
   CHECK(nvsim_channel_error(fx.chan) == NULL);
out:
   if (src)
      nvsim_bo_destroy(src);
   if (dst)
      nvsim_bo_destroy(dst);
   nvt_fx_fini(&fx);
}

static void *
open_gate_later(void *arg)
{
   (void)arg;
   /* long enough for a move that does not wait to have happened */
   struct timespec ts = { 0, 50 * 1000 * 1000 };
   nanosleep(&ts, NULL);
   gate_set(true);
   return NULL;
}

/*
 * nvsim_bo_move waits for the submissions that list the buffer: a copy
 * from its GART address, held behind the gate, still finds it there; the
 * move returns only after the copy, and the buffer is in VRAM then.
 * (Without the wait, the copy would read a GART range that no buffer
 * backs any more and trap the channel.)
 */
static void
test_move_waits(void)
{
   unsetenv("NVSIM_SYNC");
   struct nvt_fx fx;
   if (!nvt_fx_init(&fx, 0x40))
      return;
   CHECK_EQ(nvsim_device_add_class(fx.dev, &gate_class), 0);
   CHECK_EQ(nvsim_object_create(fx.chan, GATE_HANDLE, GATE_CLASS), 0);
   struct nvsim_bo *src = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   struct nvsim_bo *dst = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   CHECK(src && dst);
   if (!src || !dst)
      goto out;
   memset(nvsim_bo_map(src), 0x3c, 4096);

   gate_set(false);
   setup_m2mf(&fx);
   nvt_out(&fx.push, nvt_inc(1, 0, 1));
   nvt_out(&fx.push, GATE_HANDLE);
   nvt_out(&fx.push, nvt_inc(1, GATE_MTHD, 1));
   nvt_out(&fx.push, 0);
   push_copy(&fx, src, 0, dst, 0, 256);
   struct nvsim_bo *bos[] = { src, dst };
   int64_t seq = nvt_fx_submit(&fx, bos, 2);
   CHECK(seq > 0);
   gate_wait_entered();

   pthread_t th;
   CHECK_EQ(pthread_create(&th, NULL, open_gate_later, NULL), 0);
   CHECK_EQ(nvsim_bo_move(src, NVSIM_DOMAIN_VRAM), 0);
   CHECK(nvsim_completed_seq(fx.dev) >= seq);
   CHECK_EQ(nvsim_bo_domain(src), NVSIM_DOMAIN_VRAM);
   pthread_join(th, NULL);
   CHECK(nvsim_channel_error(fx.chan) == NULL);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[0], 0x3c);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[255], 0x3c);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(dst))[256], 0);
out:
   if (src)
      nvsim_bo_destroy(src);
   if (dst)
      nvsim_bo_destroy(dst);
   nvt_fx_fini(&fx);
}

static bool released;

static void
on_release(void *data)
{
   __atomic_store_n(&released, true, __ATOMIC_SEQ_CST);
   free(data);
}

/* Buffers destroyed while the GPU still uses them live until it is done. */
static void
test_deferred_free(void)
{
   unsetenv("NVSIM_SYNC");
   struct nvt_fx fx;
   if (!nvt_fx_init(&fx, 0x40))
      return;
   CHECK_EQ(nvsim_device_add_class(fx.dev, &gate_class), 0);
   CHECK_EQ(nvsim_object_create(fx.chan, GATE_HANDLE, GATE_CLASS), 0);
   void *mem = calloc(1, 8192);
   struct nvsim_bo *dst = nvsim_bo_create(fx.dev, 8192, NVSIM_DOMAIN_GART, mem);
   struct nvsim_bo *src = nvsim_bo_create(fx.dev, 8192, NVSIM_DOMAIN_GART, NULL);
   CHECK(dst && src);
   if (!dst || !src) {
      free(mem);
      nvt_fx_fini(&fx);
      return;
   }
   released = false;
   nvsim_bo_set_release(dst, on_release, mem);

   gate_set(false);
   setup_m2mf(&fx);
   nvt_out(&fx.push, nvt_inc(1, 0, 1));
   nvt_out(&fx.push, GATE_HANDLE);
   nvt_out(&fx.push, nvt_inc(1, GATE_MTHD, 1));
   nvt_out(&fx.push, 0);
   push_copy(&fx, src, 0, dst, 0, 8192);
   struct nvsim_bo *bos[] = { src, dst };
   int64_t seq = nvt_fx_submit(&fx, bos, 2);
   CHECK(seq > 0);
   gate_wait_entered();
   /* both go while the job that copies between them is held */
   nvsim_bo_destroy(src);
   nvsim_bo_destroy(dst);
   CHECK(!__atomic_load_n(&released, __ATOMIC_SEQ_CST));
   gate_set(true);
   nvsim_wait_seq(fx.dev, seq);
   CHECK(__atomic_load_n(&released, __ATOMIC_SEQ_CST));
   CHECK(nvsim_channel_error(fx.chan) == NULL);
   nvt_fx_fini(&fx);
}

static void
test_sync(void)
{
   setenv("NVSIM_SYNC", "1", 1);
   struct nvt_fx fx;
   bool ok = nvt_fx_init(&fx, 0x40);
   unsetenv("NVSIM_SYNC");
   if (!ok)
      return;
   struct nvsim_bo *bo = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   uint8_t *m = nvsim_bo_map(bo);
   memset(m, 0x33, 64);
   setup_m2mf(&fx);
   push_copy(&fx, bo, 0, bo, 1024, 64);
   int64_t seq = nvt_fx_submit(&fx, &bo, 1);
   /* executed before nvsim_submit returned */
   CHECK_EQ(nvsim_completed_seq(fx.dev), seq);
   CHECK_EQ(m[1024], 0x33);
   CHECK_EQ(m[1024 + 63], 0x33);
   CHECK_EQ(m[1024 + 64], 0);
   nvsim_bo_destroy(bo);
   nvt_fx_fini(&fx);
}

#define THREADS 2
#define ROUNDS 200

struct worker {
   struct nvsim_device *dev;
   unsigned index;
   bool ok;
   struct nvsim_bo *dst;
};

static void *
worker_main(void *arg)
{
   struct worker *w = arg;
   struct nvt_fx fx;
   w->ok = false;
   if (!nvt_fx_init_chan(&fx, w->dev))
      return NULL;
   struct nvsim_bo *src = nvsim_bo_create(w->dev, ROUNDS * 16, NVSIM_DOMAIN_GART, NULL);
   w->dst = nvsim_bo_create(w->dev, ROUNDS * 16, NVSIM_DOMAIN_VRAM, NULL);
   if (!src || !w->dst)
      return NULL;
   uint8_t *s = nvsim_bo_map(src);
   for (unsigned i = 0; i < ROUNDS * 16; i++)
      s[i] = (uint8_t)(w->index * 100 + i / 16);
   setup_m2mf_out(&fx, true);
   /* one submission per round, each copying 16 bytes */
   int64_t last = 0;
   bool monotonic = true;
   for (unsigned r = 0; r < ROUNDS; r++) {
      if (fx.push.len + 16 > fx.push.cap)
         break;
      push_copy(&fx, src, r * 16, w->dst, r * 16, 16);
      struct nvsim_bo *bos[] = { src, w->dst };
      int64_t seq = nvt_fx_submit(&fx, bos, 2);
      monotonic &= seq > last;
      last = seq;
   }
   nvsim_wait_seq(w->dev, last);
   w->ok = monotonic && !nvsim_channel_error(fx.chan);
   nvsim_bo_destroy(src);
   nvt_fx_fini_chan(&fx);
   return NULL;
}

static void
test_two_threads(void)
{
   unsetenv("NVSIM_SYNC");
   struct nvsim_device *dev = nvsim_device_create(0x40);
   CHECK(dev);
   if (!dev)
      return;
   struct worker w[THREADS];
   pthread_t t[THREADS];
   for (unsigned i = 0; i < THREADS; i++) {
      w[i] = (struct worker) { .dev = dev, .index = i };
      CHECK_EQ(pthread_create(&t[i], NULL, worker_main, &w[i]), 0);
   }
   for (unsigned i = 0; i < THREADS; i++)
      pthread_join(t[i], NULL);
   for (unsigned i = 0; i < THREADS; i++) {
      CHECK(w[i].ok);
      if (!w[i].dst)
         continue;
      const uint8_t *d = nvsim_bo_map(w[i].dst);
      for (unsigned k = 0; k < ROUNDS * 16; k++) {
         if (d[k] != (uint8_t)(i * 100 + k / 16)) {
            CHECK_EQ(d[k], (uint8_t)(i * 100 + k / 16));
            break;
         }
      }
      nvsim_bo_destroy(w[i].dst);
   }
   nvsim_device_destroy(dev);
}

/*
 * Eviction waits for busy buffers, as TTM waits for their fences: VRAM
 * (1 MiB) is all one buffer that a copy held behind the gate writes; a
 * new VRAM buffer evicts it only after the copy, which therefore lands
 * at the old VRAM address and is found in GART afterwards.
 */
static void
test_evict_waits(void)
{
   unsetenv("NVSIM_SYNC");
   setenv("NVSIM_VRAM_MB", "1", 1);
   struct nvt_fx fx;
   bool ok = nvt_fx_init(&fx, 0x40);
   unsetenv("NVSIM_VRAM_MB");
   if (!ok)
      return;
   CHECK_EQ(nvsim_device_add_class(fx.dev, &gate_class), 0);
   CHECK_EQ(nvsim_object_create(fx.chan, GATE_HANDLE, GATE_CLASS), 0);
   struct nvsim_bo *src = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   struct nvsim_bo *full = nvsim_bo_create(fx.dev, 1024 * 1024,
                                           NVSIM_DOMAIN_VRAM, NULL);
   struct nvsim_bo *n = NULL;
   CHECK(src && full);
   if (!src || !full)
      goto out;
   CHECK_EQ(nvsim_bo_domain(full), NVSIM_DOMAIN_VRAM);
   memset(nvsim_bo_map(src), 0x5a, 4096);

   gate_set(false);
   setup_m2mf_out(&fx, true);
   nvt_out(&fx.push, nvt_inc(1, 0, 1));
   nvt_out(&fx.push, GATE_HANDLE);
   nvt_out(&fx.push, nvt_inc(1, GATE_MTHD, 1));
   nvt_out(&fx.push, 0);
   push_copy(&fx, src, 0, full, 0, 256);
   struct nvsim_bo *bos[] = { src, full };
   int64_t seq = nvt_fx_submit(&fx, bos, 2);
   CHECK(seq > 0);
   gate_wait_entered();

   pthread_t th;
   CHECK_EQ(pthread_create(&th, NULL, open_gate_later, NULL), 0);
   n = nvsim_bo_create(fx.dev, 512 * 1024, NVSIM_DOMAIN_VRAM, NULL);
   CHECK(n);
   CHECK(nvsim_completed_seq(fx.dev) >= seq);
   pthread_join(th, NULL);
   CHECK(nvsim_channel_error(fx.chan) == NULL);
   CHECK_EQ(nvsim_bo_domain(full), NVSIM_DOMAIN_GART);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(full))[0], 0x5a);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(full))[255], 0x5a);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(full))[256], 0);
out:
   if (n)
      nvsim_bo_destroy(n);
   if (src)
      nvsim_bo_destroy(src);
   if (full)
      nvsim_bo_destroy(full);
   nvt_fx_fini(&fx);
}

/* A chip has the kernel's count of channels and no more (nvkm
 * engine/fifo/nv10.c nv10_fifo_chid_nr: 32 for the NV10, NV17 and NV40
 * FIFOs; nv50.c nv50_fifo_chid_nr: 128 from G80); a freed one can be
 * made again. */
static void
test_channel_limit(void)
{
   struct nvsim_device *dev = nvsim_device_create(0x40);
   struct nvsim_device *g80 = nvsim_device_create(0x50);
   struct nvsim_channel *chans[40] = { NULL };
   unsigned n = 0;

   CHECK(dev && g80);
   if (!dev || !g80)
      goto out;
   CHECK_EQ(nvsim_device_info(dev)->channels, 32);
   CHECK_EQ(nvsim_device_info(g80)->channels, 128);
   for (n = 0; n < 40; n++) {
      struct nvsim_channel_info info = { 0 };
      chans[n] = nvsim_channel_create(dev, &info);
      if (!chans[n])
         break;
   }
   CHECK_EQ(n, 32);
   nvsim_channel_destroy(chans[7]);
   struct nvsim_channel_info info = { 0 };
   chans[7] = nvsim_channel_create(dev, &info);
   CHECK(chans[7]);
   CHECK_EQ(info.id, 7);
out:
   for (unsigned i = 0; i < 40; i++)
      nvsim_channel_destroy(chans[i]);
   if (g80)
      nvsim_device_destroy(g80);
   if (dev)
      nvsim_device_destroy(dev);
}

static const struct nvt_case cases[] = {
   { "channel_limit", test_channel_limit },
   { "bo_wait", test_bo_wait },
   { "bo_wait_slow", test_bo_wait_slow },
   { "bo_wait_long_method", test_bo_wait_long_method },
   { "move_waits", test_move_waits },
   { "evict_waits", test_evict_waits },
   { "deferred_free", test_deferred_free },
   { "sync", test_sync },
   { "two_threads", test_two_threads },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
