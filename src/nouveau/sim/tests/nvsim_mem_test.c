/*
 * Buffers and apertures: placement by domain, 4 KiB alignment, the
 * fallback from VRAM to GART, reuse of freed space, and the bounds of
 * nvsim_dma_ptr().
 */
#include <errno.h>
#include <stdlib.h>

#include "nvsim_object.h"
#include "nvsim_test.h"

#define KiB 1024u

static void
test_placement(void)
{
   /* a 1 MiB VRAM, to fill it quickly */
   setenv("NVSIM_VRAM_MB", "1", 1);
   struct nvsim_device *dev = nvsim_device_create(0x40);
   unsetenv("NVSIM_VRAM_MB");
   CHECK(dev);
   if (!dev)
      return;
   CHECK_EQ(nvsim_device_info(dev)->vram_size, 1024 * KiB);
   CHECK_EQ(nvsim_device_info(dev)->gart_size, 512u * 1024 * KiB);

   const uint32_t both = NVSIM_DOMAIN_VRAM | NVSIM_DOMAIN_GART;
   struct nvsim_bo *a = nvsim_bo_create(dev, 100, both, NULL);
   struct nvsim_bo *b = nvsim_bo_create(dev, 100, both, NULL);
   CHECK(a && b);
   if (!a || !b)
      goto out;
   /* VRAM preferred; a 100-byte buffer takes one 4 KiB page */
   CHECK_EQ(nvsim_bo_domain(a), NVSIM_DOMAIN_VRAM);
   CHECK_EQ(nvsim_bo_offset(a), 0);
   CHECK_EQ(nvsim_bo_offset(b), 4 * KiB);
   CHECK_EQ(nvsim_bo_size(a), 100);

   /* 1 MiB - 8 KiB left in VRAM: 768 KiB fits, the next one goes to GART */
   struct nvsim_bo *c = nvsim_bo_create(dev, 768 * KiB, both, NULL);
   struct nvsim_bo *d = nvsim_bo_create(dev, 768 * KiB, both, NULL);
   CHECK(c && d);
   if (c) {
      CHECK_EQ(nvsim_bo_domain(c), NVSIM_DOMAIN_VRAM);
      CHECK_EQ(nvsim_bo_offset(c), 8 * KiB);
   }
   if (d) {
      CHECK_EQ(nvsim_bo_domain(d), NVSIM_DOMAIN_GART);
      CHECK_EQ(nvsim_bo_offset(d) % (4 * KiB), 0);
   }
   /* VRAM only, larger than VRAM: refused (eviction is in test_evict) */
   CHECK(nvsim_bo_create(dev, 2048 * KiB, NVSIM_DOMAIN_VRAM, NULL) == NULL);
   /* freeing c makes room at its place, without evicting a or b */
   if (c)
      nvsim_bo_destroy(c);
   struct nvsim_bo *e = nvsim_bo_create(dev, 512 * KiB, NVSIM_DOMAIN_VRAM, NULL);
   CHECK(e);
   if (e) {
      CHECK_EQ(nvsim_bo_offset(e), 8 * KiB);
      CHECK_EQ(nvsim_bo_domain(a), NVSIM_DOMAIN_VRAM);
      CHECK_EQ(nvsim_bo_domain(b), NVSIM_DOMAIN_VRAM);
      nvsim_bo_destroy(e);
   }
   /* no domain, no size, larger than any aperture */
   CHECK(nvsim_bo_create(dev, 4096, 0, NULL) == NULL);
   CHECK(nvsim_bo_create(dev, 0, both, NULL) == NULL);
   CHECK(nvsim_bo_create(dev, 1ull << 40, both, NULL) == NULL);

   /* GART holds d at [0, 768 KiB); a page goes right after it, at
    * 0xc0000, and a 64 KiB-aligned buffer then at the next 64 KiB
    * boundary after 0xc1000: 0xd0000 */
   if (d)
      CHECK_EQ(nvsim_bo_offset(d), 0);
   struct nvsim_bo *h = nvsim_bo_create(dev, 4096, NVSIM_DOMAIN_GART, NULL);
   struct nvsim_bo *g = nvsim_bo_create_aligned(dev, 4096, NVSIM_DOMAIN_GART,
                                                NULL, 64 * KiB);
   CHECK(g && h);
   if (h)
      CHECK_EQ(nvsim_bo_offset(h), 0xc0000);
   if (g)
      CHECK_EQ(nvsim_bo_offset(g), 0xd0000);
   if (g)
      nvsim_bo_destroy(g);
   if (h)
      nvsim_bo_destroy(h);
   CHECK(nvsim_bo_create_aligned(dev, 4096, both, NULL, 3 * 4096) == NULL);

   /* caller-provided backing is what the buffer maps */
   static uint8_t backing[8192];
   struct nvsim_bo *f = nvsim_bo_create(dev, sizeof(backing), NVSIM_DOMAIN_GART,
                                        backing);
   CHECK(f && nvsim_bo_map(f) == backing);
   if (f)
      nvsim_bo_destroy(f);
   if (d)
      nvsim_bo_destroy(d);
out:
   if (a)
      nvsim_bo_destroy(a);
   if (b)
      nvsim_bo_destroy(b);
   nvsim_device_destroy(dev);
}

static void
test_dma_ptr(void)
{
   struct nvt_fx fx;
   if (!nvt_fx_init(&fx, 0x40))
      return;
   struct nvsim_bo *bo = nvsim_bo_create(fx.dev, 1000, NVSIM_DOMAIN_GART, NULL);
   CHECK(bo);
   struct nvsim_object *gart = nvsim_lookup(fx.chan, fx.info.gart_ctxdma);
   CHECK(gart && gart->is_dma);
   if (!bo || !gart)
      goto out;
   uint64_t o = nvsim_bo_offset(bo);
   uint8_t *map = nvsim_bo_map(bo);
   CHECK(nvsim_dma_ptr(gart, o, 1000) == map);
   CHECK(nvsim_dma_ptr(gart, o + 999, 1) == map + 999);
   /* one byte past the buffer (inside its 4 KiB page) is not the buffer */
   CHECK(nvsim_dma_ptr(gart, o, 1001) == NULL);
   CHECK(nvsim_dma_ptr(gart, o + 1000, 1) == NULL);
   /* lengths that wrap around */
   CHECK(nvsim_dma_ptr(gart, o + 8, UINT64_MAX) == NULL);
   CHECK(nvsim_dma_ptr(gart, UINT64_MAX, 2) == NULL);
   /* a DMA object window: offsets are relative to its base */
   CHECK_EQ(nvsim_dma_create(fx.chan, 0xd1, 0x0002, NVSIM_DOMAIN_GART, o + 16,
                             64), 0);
   struct nvsim_object *win = nvsim_lookup(fx.chan, 0xd1);
   CHECK(win);
   CHECK(nvsim_dma_ptr(win, 0, 64) == map + 16);
   CHECK(nvsim_dma_ptr(win, 1, 64) == NULL);
   /* a DMA object must fit its aperture */
   CHECK_EQ(nvsim_dma_create(fx.chan, 0xd2, 0x003d, NVSIM_DOMAIN_VRAM,
                             nvsim_device_info(fx.dev)->vram_size, 1), -EINVAL);
   /* a graphics object is no DMA object */
   CHECK_EQ(nvsim_object_create(fx.chan, 0xd3, 0x0039), 0);
   CHECK(nvsim_dma_ptr(nvsim_lookup(fx.chan, 0xd3), 0, 1) == NULL);
   nvsim_bo_destroy(bo);
out:
   nvt_fx_fini(&fx);
}

/*
 * nvsim_bo_move: a buffer changes aperture and offset, keeps its bytes
 * and host mapping; its old range maps nothing afterwards; alignment is
 * kept; a full aperture refuses and leaves the buffer where it was.  (That
 * a move waits for the submissions using the buffer is in
 * nvsim_thread_test.c, which can hold the GPU busy.)
 */

static void
test_move(void)
{
   setenv("NVSIM_VRAM_MB", "1", 1);
   struct nvt_fx fx;
   bool ok = nvt_fx_init(&fx, 0x40);
   unsetenv("NVSIM_VRAM_MB");
   if (!ok)
      return;
   struct nvsim_object *vram = nvsim_lookup(fx.chan, fx.info.vram_ctxdma);
   struct nvsim_object *gart = nvsim_lookup(fx.chan, fx.info.gart_ctxdma);
   /* a page at VRAM 0, so that alignment shows */
   struct nvsim_bo *pad = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_VRAM,
                                          NULL);
   struct nvsim_bo *bo = nvsim_bo_create_aligned(fx.dev, 8192,
                                                 NVSIM_DOMAIN_GART, NULL,
                                                 64 * KiB);
   CHECK(pad && bo && vram && gart);
   if (!pad || !bo || !vram || !gart)
      goto out;
   CHECK_EQ(nvsim_bo_offset(pad), 0);
   uint8_t *map = nvsim_bo_map(bo);
   for (unsigned i = 0; i < 8192; i++)
      map[i] = (uint8_t)(i * 13 + 5);
   uint64_t old = nvsim_bo_offset(bo);

   CHECK_EQ(nvsim_bo_move(bo, NVSIM_DOMAIN_VRAM), 0);
   CHECK_EQ(nvsim_bo_domain(bo), NVSIM_DOMAIN_VRAM);
   /* 64 KiB alignment kept: the first free 64 KiB boundary after pad */
   CHECK_EQ(nvsim_bo_offset(bo), 64 * KiB);
   CHECK(nvsim_bo_map(bo) == map);
   CHECK_EQ(map[8191], (uint8_t)(8191 * 13 + 5));
   /* the GPU finds it at the new address only */
   CHECK(nvsim_dma_ptr(vram, 64 * KiB, 8192) == map);
   CHECK(nvsim_dma_ptr(gart, old, 1) == NULL);
   /* where it is already: nothing to do */
   CHECK_EQ(nvsim_bo_move(bo, NVSIM_DOMAIN_VRAM), 0);
   CHECK_EQ(nvsim_bo_offset(bo), 64 * KiB);
   CHECK_EQ(nvsim_bo_move(bo, 0), -EINVAL);

   /* VRAM (1 MiB, 12 KiB used) has no 1000 KiB gap and the two buffers
    * in it are pinned: refused, nothing moves */
   struct nvsim_bo *big = nvsim_bo_create(fx.dev, 1000 * KiB,
                                          NVSIM_DOMAIN_GART, NULL);
   CHECK(big);
   if (big) {
      uint64_t at = nvsim_bo_offset(big);
      nvsim_bo_set_pinned(pad, true);
      nvsim_bo_set_pinned(bo, true);
      CHECK_EQ(nvsim_bo_move(big, NVSIM_DOMAIN_VRAM), -ENOSPC);
      CHECK_EQ(nvsim_bo_domain(big), NVSIM_DOMAIN_GART);
      CHECK_EQ(nvsim_bo_offset(big), at);
      CHECK(nvsim_dma_ptr(gart, at, 1000 * KiB) == nvsim_bo_map(big));
      CHECK_EQ(nvsim_bo_domain(pad), NVSIM_DOMAIN_VRAM);
      CHECK_EQ(nvsim_bo_offset(bo), 64 * KiB);
      nvsim_bo_set_pinned(pad, false);
      nvsim_bo_set_pinned(bo, false);
      nvsim_bo_destroy(big);
   }
   /* back to GART: its old range there is free again, first fit */
   CHECK_EQ(nvsim_bo_move(bo, NVSIM_DOMAIN_GART), 0);
   CHECK_EQ(nvsim_bo_domain(bo), NVSIM_DOMAIN_GART);
   CHECK(nvsim_dma_ptr(vram, 64 * KiB, 1) == NULL);
   CHECK(nvsim_dma_ptr(gart, nvsim_bo_offset(bo), 8192) == map);
out:
   if (pad)
      nvsim_bo_destroy(pad);
   if (bo)
      nvsim_bo_destroy(bo);
   nvt_fx_fini(&fx);
}

/*
 * Eviction (TTM's): a VRAM allocation or a move into VRAM that finds no
 * room pushes idle VRAM buffers out to GART, least recently used first,
 * keeping their bytes and mappings; pinned and reserved buffers stay;
 * with VRAM and GART both full, creation fails.  (Waiting for busy
 * buffers is in nvsim_thread_test.c, which can hold the GPU busy.)
 */
static void
test_evict(void)
{
   setenv("NVSIM_VRAM_MB", "1", 1);
   setenv("NVSIM_GART_MB", "2", 1);
   struct nvt_fx fx;
   bool ok = nvt_fx_init(&fx, 0x40);
   unsetenv("NVSIM_VRAM_MB");
   unsetenv("NVSIM_GART_MB");
   if (!ok)
      return;
   struct nvsim_device *dev = fx.dev;
   struct nvsim_object *vram = nvsim_lookup(fx.chan, fx.info.vram_ctxdma);
   struct nvsim_object *gart = nvsim_lookup(fx.chan, fx.info.gart_ctxdma);
   struct nvsim_mem_stats st0, st;
   nvsim_mem_stats(dev, &st0);
   CHECK_EQ(st0.vram_size, 1024 * KiB);
   CHECK_EQ(st0.gart_size, 2048 * KiB);
   CHECK_EQ(st0.vram_used, 0);

   /* four 256 KiB VRAM-only buffers fill VRAM; each with its own bytes */
   struct nvsim_bo *q[4];
   uint8_t *map[4];
   for (unsigned i = 0; i < 4; i++) {
      q[i] = nvsim_bo_create(dev, 256 * KiB, NVSIM_DOMAIN_VRAM, NULL);
      CHECK(q[i]);
      if (!q[i])
         goto out;
      map[i] = nvsim_bo_map(q[i]);
      memset(map[i], 0x10 + i, 256 * KiB);
      CHECK_EQ(nvsim_bo_domain(q[i]), NVSIM_DOMAIN_VRAM);
   }
   nvsim_mem_stats(dev, &st);
   CHECK_EQ(st.vram_used, 1024 * KiB);

   /* q[0] used by a submission after the others: q[1] is the least
    * recently used now, then q[2] */
   struct nvsim_bo *used[] = { q[0] };
   int64_t seq = nvt_fx_submit(&fx, used, 1);   /* an empty segment */
   CHECK(seq > 0);
   nvsim_wait_seq(dev, seq);

   /* q[2] is reserved (listed by a submission being validated) */
   nvsim_bo_reserve(q[2]);
   struct nvsim_bo *n = nvsim_bo_create(dev, 512 * KiB, NVSIM_DOMAIN_VRAM,
                                        NULL);
   CHECK(n);
   if (n) {
      /* LRU order q[1], q[3], q[0] (q[2] reserved): q[1] and q[3] out
       * leave two 256 KiB gaps apart; q[0] out makes [0, 512 KiB) */
      CHECK_EQ(nvsim_bo_domain(n), NVSIM_DOMAIN_VRAM);
      CHECK_EQ(nvsim_bo_offset(n), 0);
      CHECK_EQ(nvsim_bo_domain(q[0]), NVSIM_DOMAIN_GART);
      CHECK_EQ(nvsim_bo_domain(q[3]), NVSIM_DOMAIN_GART);
      CHECK_EQ(nvsim_bo_domain(q[2]), NVSIM_DOMAIN_VRAM);
      CHECK_EQ(nvsim_bo_offset(q[2]), 512 * KiB);
      CHECK_EQ(nvsim_bo_domain(q[1]), NVSIM_DOMAIN_GART);
   }
   nvsim_bo_unreserve(q[2]);
   /* evicted buffers keep their bytes and host pointers, and the GPU
    * finds them at their new GART place */
   for (unsigned i = 0; i < 4; i++) {
      CHECK(nvsim_bo_map(q[i]) == map[i]);
      CHECK_EQ(map[i][0], 0x10 + i);
      CHECK_EQ(map[i][256 * KiB - 1], 0x10 + i);
      struct nvsim_object *ap = nvsim_bo_domain(q[i]) == NVSIM_DOMAIN_VRAM ?
                                vram : gart;
      CHECK(nvsim_dma_ptr(ap, nvsim_bo_offset(q[i]), 256 * KiB) == map[i]);
   }
   nvsim_mem_stats(dev, &st);
   CHECK_EQ(st.evictions, 3);
   CHECK_EQ(st.evicted_bytes, 3 * 256 * KiB);
   CHECK_EQ(st.vram_used, 768 * KiB);
   CHECK_EQ(st.gart_used, st0.gart_used + 768 * KiB);

   /* back into VRAM when a submission needs it there: q[1] moves into the
    * free 256 KiB at the end, nothing else moves */
   CHECK_EQ(nvsim_bo_move(q[1], NVSIM_DOMAIN_VRAM), 0);
   CHECK_EQ(nvsim_bo_domain(q[1]), NVSIM_DOMAIN_VRAM);
   CHECK_EQ(nvsim_bo_offset(q[1]), 768 * KiB);
   CHECK_EQ(map[1][12345], 0x11);
   /* and q[3] too: VRAM is full, the least recently used (q[2], placed
    * before n and q[1]) goes out */
   CHECK_EQ(nvsim_bo_move(q[3], NVSIM_DOMAIN_VRAM), 0);
   CHECK_EQ(nvsim_bo_domain(q[3]), NVSIM_DOMAIN_VRAM);
   CHECK_EQ(nvsim_bo_domain(q[2]), NVSIM_DOMAIN_GART);
   CHECK_EQ(nvsim_bo_domain(q[1]), NVSIM_DOMAIN_VRAM);
   if (n)
      CHECK_EQ(nvsim_bo_domain(n), NVSIM_DOMAIN_VRAM);
   CHECK_EQ(map[3][0], 0x13);
   CHECK_EQ(map[2][0], 0x12);

   /* both apertures full (1 MiB VRAM + 2 MiB GART, part of GART holding
    * the channel's notifier block): creation fails, nothing is lost */
   struct nvsim_bo *more[16];
   unsigned num_more = 0;
   while (num_more < 16) {
      more[num_more] = nvsim_bo_create(dev, 256 * KiB,
                                       NVSIM_DOMAIN_VRAM |
                                       NVSIM_DOMAIN_GART, NULL);
      if (!more[num_more])
         break;
      memset(nvsim_bo_map(more[num_more]), 0x80 + num_more, 256 * KiB);
      num_more++;
   }
   CHECK(num_more < 16);
   nvsim_mem_stats(dev, &st);
   CHECK(st.vram_size - st.vram_used < 256 * KiB);
   CHECK(st.gart_size - st.gart_used < 256 * KiB);
   for (unsigned i = 0; i < 4; i++)
      CHECK_EQ(map[i][100], 0x10 + i);
   for (unsigned i = 0; i < num_more; i++) {
      CHECK_EQ(((uint8_t *)nvsim_bo_map(more[i]))[256 * KiB - 1],
               0x80 + i);
      nvsim_bo_destroy(more[i]);
   }
   /* freed space is usable again */
   struct nvsim_bo *again = nvsim_bo_create(dev, 256 * KiB,
                                            NVSIM_DOMAIN_VRAM, NULL);
   CHECK(again);
   if (again)
      nvsim_bo_destroy(again);
   if (n)
      nvsim_bo_destroy(n);
out:
   for (unsigned i = 0; i < 4; i++) {
      if (q[i])
         nvsim_bo_destroy(q[i]);
   }
   nvt_fx_fini(&fx);
}

/*
 * A GART buffer moved into a VRAM full of idle buffers while GART is full
 * too: it leaves GART first and a VRAM buffer takes its place there; with
 * every VRAM buffer pinned nothing can go and all stays where it was.
 */
static void
test_swap(void)
{
   setenv("NVSIM_VRAM_MB", "1", 1);
   setenv("NVSIM_GART_MB", "2", 1);
   struct nvt_fx fx;
   bool ok = nvt_fx_init(&fx, 0x40);
   unsetenv("NVSIM_VRAM_MB");
   unsetenv("NVSIM_GART_MB");
   if (!ok)
      return;
   struct nvsim_device *dev = fx.dev;
   struct nvsim_bo *v[4] = { NULL }, *g[8] = { NULL };
   unsigned num_g = 0;
   for (unsigned i = 0; i < 4; i++) {
      v[i] = nvsim_bo_create(dev, 256 * KiB, NVSIM_DOMAIN_VRAM, NULL);
      CHECK(v[i]);
      if (!v[i])
         goto out;
      memset(nvsim_bo_map(v[i]), 0x40 + i, 256 * KiB);
   }
   /* GART-only buffers until GART has no 256 KiB left */
   while (num_g < 8 &&
          (g[num_g] = nvsim_bo_create(dev, 256 * KiB, NVSIM_DOMAIN_GART,
                                      NULL))) {
      memset(nvsim_bo_map(g[num_g]), 0x60 + num_g, 256 * KiB);
      num_g++;
   }
   CHECK(num_g >= 2 && num_g < 8);
   if (num_g < 2)
      goto out;
   struct nvsim_mem_stats st;
   nvsim_mem_stats(dev, &st);
   CHECK(st.vram_size - st.vram_used < 256 * KiB);
   CHECK(st.gart_size - st.gart_used < 256 * KiB);

   /* every VRAM buffer pinned: refused, nothing moved */
   uint64_t g1_at = nvsim_bo_offset(g[1]);
   uint64_t v_at[4];
   for (unsigned i = 0; i < 4; i++) {
      v_at[i] = nvsim_bo_offset(v[i]);
      nvsim_bo_set_pinned(v[i], true);
   }
   CHECK_EQ(nvsim_bo_move(g[1], NVSIM_DOMAIN_VRAM), -ENOSPC);
   CHECK_EQ(nvsim_bo_domain(g[1]), NVSIM_DOMAIN_GART);
   CHECK_EQ(nvsim_bo_offset(g[1]), g1_at);
   for (unsigned i = 0; i < 4; i++) {
      CHECK_EQ(nvsim_bo_domain(v[i]), NVSIM_DOMAIN_VRAM);
      CHECK_EQ(nvsim_bo_offset(v[i]), v_at[i]);
      nvsim_bo_set_pinned(v[i], false);
   }
   nvsim_mem_stats(dev, &st);
   CHECK_EQ(st.evictions, 0);

   /* unpinned: g[1] and the least recently used, v[0], change places */
   CHECK_EQ(nvsim_bo_move(g[1], NVSIM_DOMAIN_VRAM), 0);
   CHECK_EQ(nvsim_bo_domain(g[1]), NVSIM_DOMAIN_VRAM);
   CHECK_EQ(nvsim_bo_offset(g[1]), v_at[0]);
   CHECK_EQ(nvsim_bo_domain(v[0]), NVSIM_DOMAIN_GART);
   CHECK_EQ(nvsim_bo_offset(v[0]), g1_at);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(g[1]))[256 * KiB - 1], 0x61);
   CHECK_EQ(((uint8_t *)nvsim_bo_map(v[0]))[0], 0x40);
   struct nvsim_object *vram = nvsim_lookup(fx.chan, fx.info.vram_ctxdma);
   struct nvsim_object *gart = nvsim_lookup(fx.chan, fx.info.gart_ctxdma);
   CHECK(nvsim_dma_ptr(vram, v_at[0], 256 * KiB) == nvsim_bo_map(g[1]));
   CHECK(nvsim_dma_ptr(gart, g1_at, 256 * KiB) == nvsim_bo_map(v[0]));
   nvsim_mem_stats(dev, &st);
   CHECK_EQ(st.evictions, 1);
out:
   for (unsigned i = 0; i < 4; i++) {
      if (v[i])
         nvsim_bo_destroy(v[i]);
   }
   for (unsigned i = 0; i < num_g; i++)
      nvsim_bo_destroy(g[i]);
   nvt_fx_fini(&fx);
}

static const struct nvt_case cases[] = {
   { "placement", test_placement },
   { "dma_ptr", test_dma_ptr },
   { "move", test_move },
   { "evict", test_evict },
   { "swap", test_swap },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
