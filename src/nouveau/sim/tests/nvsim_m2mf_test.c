/*
 * NV04_M2MF (class 0x0039): copies, byte increments, signed pitches, the
 * M2MF notifier, and the traps for copies outside a buffer.
 * Method addresses from rnndb graph/nv_m2mf.xml: DMA_NOTIFY 0x180,
 * DMA_BUFFER_IN 0x184, DMA_BUFFER_OUT 0x188, OFFSET_IN 0x30c ... BUF_NOTIFY
 * 0x328 (8 consecutive methods).
 */
#include <errno.h>
#include <stdlib.h>

#include "nvsim_object.h"
#include "nvsim_test.h"

#define M2MF_CLASS   0x0039
#define M2MF_HANDLE  0xbeef3901
#define NTFY_HANDLE  0xbeef0301

struct m2mf_fx {
   struct nvt_fx fx;
   struct nvsim_bo *src, *dst;
   uint8_t *s, *d;
   uint32_t ntfy_off;
};

static bool
m2mf_init(struct m2mf_fx *m, uint32_t chipset)
{
   memset(m, 0, sizeof(*m));
   if (!nvt_fx_init(&m->fx, chipset))
      return false;
   m->src = nvsim_bo_create(m->fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   m->dst = nvsim_bo_create(m->fx.dev, 4096, NVSIM_DOMAIN_VRAM, NULL);
   CHECK(m->src && m->dst);
   if (!m->src || !m->dst)
      return false;
   CHECK_EQ(nvsim_bo_domain(m->src), NVSIM_DOMAIN_GART);
   CHECK_EQ(nvsim_bo_domain(m->dst), NVSIM_DOMAIN_VRAM);
   m->s = nvsim_bo_map(m->src);
   m->d = nvsim_bo_map(m->dst);
   for (unsigned i = 0; i < 4096; i++)
      m->s[i] = (uint8_t)(i * 7 + 3);
   CHECK_EQ(nvsim_object_create(m->fx.chan, M2MF_HANDLE, M2MF_CLASS), 0);
   CHECK_EQ(nvsim_notifier_create(m->fx.chan, NTFY_HANDLE, 32, &m->ntfy_off), 0);
   struct nvt_push *p = &m->fx.push;
   nvt_out(p, nvt_inc(2, 0, 1));
   nvt_out(p, M2MF_HANDLE);
   nvt_out(p, nvt_inc(2, 0x180, 3));
   nvt_out(p, NTFY_HANDLE);
   nvt_out(p, m->fx.info.gart_ctxdma);   /* in: GART */
   nvt_out(p, m->fx.info.vram_ctxdma);   /* out: VRAM */
   return true;
}

static void
m2mf_fini(struct m2mf_fx *m)
{
   if (m->src)
      nvsim_bo_destroy(m->src);
   if (m->dst)
      nvsim_bo_destroy(m->dst);
   nvt_fx_fini(&m->fx);
}

static void
m2mf_copy(struct m2mf_fx *m, uint32_t in, uint32_t out, int32_t pitch_in,
          int32_t pitch_out, uint32_t len, uint32_t count, uint32_t format)
{
   struct nvt_push *p = &m->fx.push;
   nvt_out(p, nvt_inc(2, 0x30c, 8));
   nvt_out(p, (uint32_t)nvsim_bo_offset(m->src) + in);
   nvt_out(p, (uint32_t)nvsim_bo_offset(m->dst) + out);
   nvt_out(p, (uint32_t)pitch_in);
   nvt_out(p, (uint32_t)pitch_out);
   nvt_out(p, len);
   nvt_out(p, count);
   nvt_out(p, format);
   nvt_out(p, 0);          /* BUF_NOTIFY: WRITE */
   struct nvsim_bo *bos[] = { m->src, m->dst };
   int64_t seq = nvt_fx_submit(&m->fx, bos, 2);
   CHECK(seq > 0);
   CHECK_EQ(nvsim_bo_wait(m->dst, -1), 0);
}

static uint32_t *
notifier(struct m2mf_fx *m)
{
   return (uint32_t *)((uint8_t *)nvsim_bo_map(m->fx.info.notifier_bo) +
                       m->ntfy_off);
}

static void
test_copy(void)
{
   struct m2mf_fx m;
   if (!m2mf_init(&m, 0x40))
      goto out;
   uint32_t *n = notifier(&m);
   n[4 + 3] = 0xffffffff;     /* M2MF notifier (0x10) STATUS */
   /* 3 lines of 20 bytes: in at 16 + 64*l, out at 8 + 32*l */
   m2mf_copy(&m, 16, 8, 64, 32, 20, 3, 0x0101);
   CHECK(nvsim_channel_error(m.fx.chan) == NULL);
   for (unsigned o = 0; o < 4096; o++) {
      uint8_t want = 0;
      unsigned rel = o >= 8 ? o - 8 : 9999;
      if (rel < 3 * 32 && rel % 32 < 20)
         want = m.s[16 + (rel / 32) * 64 + rel % 32];
      if (m.d[o] != want) {
         CHECK_EQ(m.d[o], want);
         break;
      }
   }
   CHECK_EQ(n[4 + 3], 0);
   CHECK(n[4] || n[5]);
out:
   m2mf_fini(&m);
}

static void
test_format(void)
{
   struct m2mf_fx m;
   if (!m2mf_init(&m, 0x40))
      goto out;
   memset(m.d, 0xee, 64);
   /* FORMAT INPUT_INC 1 (bits 0-7), OUTPUT_INC 2 (bits 8-15): spread */
   m2mf_copy(&m, 0, 0, 0, 0, 4, 1, 0x0201);
   uint8_t s0 = m.s[0], s1 = m.s[1], s2 = m.s[2], s3 = m.s[3];
   const uint8_t want[8] = { s0, 0xee, s1, 0xee, s2, 0xee, s3, 0xee };
   for (unsigned i = 0; i < 8; i++)
      CHECK_EQ(m.d[i], want[i]);
   /* INPUT_INC 4, OUTPUT_INC 1: gather every 4th byte */
   m2mf_copy(&m, 0, 32, 0, 0, 4, 1, 0x0104);
   CHECK_EQ(m.d[32], m.s[0]);
   CHECK_EQ(m.d[33], m.s[4]);
   CHECK_EQ(m.d[34], m.s[8]);
   CHECK_EQ(m.d[35], m.s[12]);
   CHECK_EQ(m.d[36], 0xee);
   CHECK(nvsim_channel_error(m.fx.chan) == NULL);
   /* an increment of 3 is not one of 1, 2, 4 */
   m2mf_copy(&m, 0, 0, 0, 0, 4, 1, 0x0103);
   CHECK_STR_HAS(nvsim_channel_error(m.fx.chan), "INVALID_VALUE");
   /* method named and data decoded through hwdb (rnndb nv_m2mf.xml) */
   CHECK_STR_HAS(nvsim_channel_error(m.fx.chan), "mthd 0x0324 (FORMAT)");
   CHECK_STR_HAS(nvsim_channel_error(m.fx.chan), "INPUT_INC = ");
out:
   m2mf_fini(&m);
}

static void
test_negative_pitch(void)
{
   struct m2mf_fx m;
   if (!m2mf_init(&m, 0x40))
      goto out;
   /* read lines 2, 1, 0 (pitch -100) into consecutive output lines */
   m2mf_copy(&m, 200, 0, -100, 10, 10, 3, 0x0101);
   CHECK(nvsim_channel_error(m.fx.chan) == NULL);
   for (unsigned l = 0; l < 3; l++)
      for (unsigned i = 0; i < 10; i++)
         CHECK_EQ(m.d[l * 10 + i], m.s[200 - l * 100 + i]);
out:
   m2mf_fini(&m);
}

static void
test_past_end(void)
{
   struct m2mf_fx m;
   if (!m2mf_init(&m, 0x40))
      goto out;
   /* 2 lines of 2048 bytes from offset 64, pitch 2048: line 1 ends at
    * 64 + 2048 + 2048 = 4160 > 4096, past the source buffer */
   m2mf_copy(&m, 64, 0, 2048, 2048, 2048, 2, 0x0101);
   const char *err = nvsim_channel_error(m.fx.chan);
   CHECK_STR_HAS(err, "class 0x0039");
   CHECK_STR_HAS(err, "mthd 0x0328 (BUF_NOTIFY)");
   CHECK_STR_HAS(err, "DMA_ERROR");
   CHECK_STR_HAS(err, "input line 1");
   m2mf_fini(&m);

   /* a DMA object of 256 bytes: the copy goes past its end */
   if (!m2mf_init(&m, 0x40))
      goto out;
   CHECK_EQ(nvsim_dma_create(m.fx.chan, 0xd0d0, 0x003d, NVSIM_DOMAIN_GART,
                             nvsim_bo_offset(m.src), 256), 0);
   struct nvt_push *p = &m.fx.push;
   nvt_out(p, nvt_inc(2, 0x184, 1));
   nvt_out(p, 0xd0d0);
   nvt_out(p, nvt_inc(2, 0x30c, 8));
   nvt_out(p, 200);                       /* offset inside the small object */
   nvt_out(p, (uint32_t)nvsim_bo_offset(m.dst));
   nvt_out(p, 0);
   nvt_out(p, 0);
   nvt_out(p, 100);                       /* 200 + 100 > 256 */
   nvt_out(p, 1);
   nvt_out(p, 0x0101);
   nvt_out(p, 0);
   int64_t seq = nvt_fx_submit(&m.fx, NULL, 0);
   CHECK(seq > 0);
   nvsim_wait_seq(m.fx.dev, seq);
   CHECK_STR_HAS(nvsim_channel_error(m.fx.chan), "past the end of DMA object 0x0000d0d0");
   for (unsigned i = 0; i < 128; i++)
      CHECK_EQ(m.d[i], 0);
out:
   m2mf_fini(&m);
}

static void
test_needs_notifier(void)
{
   struct nvt_fx fx;
   if (!nvt_fx_init(&fx, 0x40))
      return;
   struct nvsim_bo *bo = nvsim_bo_create(fx.dev, 4096, NVSIM_DOMAIN_GART, NULL);
   CHECK_EQ(nvsim_object_create(fx.chan, M2MF_HANDLE, M2MF_CLASS), 0);
   struct nvt_push *p = &fx.push;
   nvt_out(p, nvt_inc(0, 0, 1));
   nvt_out(p, M2MF_HANDLE);
   nvt_out(p, nvt_inc(0, 0x184, 2));
   nvt_out(p, fx.info.gart_ctxdma);
   nvt_out(p, fx.info.gart_ctxdma);
   nvt_out(p, nvt_inc(0, 0x30c, 8));
   nvt_out(p, (uint32_t)nvsim_bo_offset(bo));
   nvt_out(p, (uint32_t)nvsim_bo_offset(bo) + 8);
   nvt_out(p, 0);
   nvt_out(p, 0);
   nvt_out(p, 4);
   nvt_out(p, 1);
   nvt_out(p, 0x0101);
   nvt_out(p, 0);
   int64_t seq = nvt_fx_submit(&fx, &bo, 1);
   CHECK(seq > 0);
   nvsim_wait_seq(fx.dev, seq);
   CHECK_STR_HAS(nvsim_channel_error(fx.chan), "INVALID_STATE");
   nvsim_bo_destroy(bo);
   nvt_fx_fini(&fx);
}

/* A copy of 2^32 - 1 lines with both pitches 0 stays inside its buffers
 * but would rewrite the same 16 bytes for ever: nvsim traps it as a
 * runaway (a card grinds until the kernel calls it a lockup), copies
 * nothing, and the channel goes on with the next copy. */
static void
test_runaway(void)
{
   struct m2mf_fx m;
   if (!m2mf_init(&m, 0x40))
      goto out;
   m2mf_copy(&m, 0, 0, 0, 0, 16, 0xffffffff, 0x0101);
   const char *err = nvsim_channel_error(m.fx.chan);
   CHECK_STR_HAS(err, "mthd 0x0328 (BUF_NOTIFY)");
   CHECK_STR_HAS(err, "INVALID_STATE");
   CHECK_STR_HAS(err, "runaway");
   for (unsigned i = 0; i < 16; i++)
      CHECK_EQ(m.d[i], 0);
   /* the next copy lands: 1 line of 16 bytes from 32 to 64 */
   m2mf_copy(&m, 32, 64, 0, 0, 16, 1, 0x0101);
   for (unsigned i = 0; i < 16; i++)
      CHECK_EQ(m.d[64 + i], m.s[32 + i]);
   CHECK(!nvsim_channel_dead(m.fx.chan));
out:
   m2mf_fini(&m);
}

/* An M2MF method the class does not have: the trap names the class. */
static void
test_illegal(void)
{
   struct m2mf_fx m;
   if (!m2mf_init(&m, 0x40))
      goto out;
   nvt_out(&m.fx.push, nvt_inc(2, 0x1234, 1));
   nvt_out(&m.fx.push, 5);
   int64_t seq = nvt_fx_submit(&m.fx, NULL, 0);
   nvsim_wait_seq(m.fx.dev, seq);
   char want[80];
   snprintf(want, sizeof(want), "TRAP ch%u subc2 class 0x0039 (NV04_M2MF) "
            "mthd 0x1234", m.fx.info.id);
   CHECK_STR_HAS(nvsim_channel_error(m.fx.chan), want);
   CHECK_STR_HAS(nvsim_channel_error(m.fx.chan), "data 0x00000005: ILLEGAL_MTHD");
out:
   m2mf_fini(&m);
}

static const struct nvt_case cases[] = {
   { "copy", test_copy },
   { "format", test_format },
   { "negative_pitch", test_negative_pitch },
   { "past_end", test_past_end },
   { "needs_notifier", test_needs_notifier },
   { "illegal", test_illegal },
   { "runaway", test_runaway },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
