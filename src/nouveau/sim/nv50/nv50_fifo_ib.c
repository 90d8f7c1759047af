/*
 * The G80:GF100 DMA pusher in IB mode and the puller methods of Tesla
 * (envytools-docs/hw/fifo/dma-pusher.rst "IB mode", "The commands -
 * pre-GF100 format", "The pusher pseudocode - pre-GF100"; puller.rst).
 *
 * A job's push names a range of the channel's IB ring (nvsim_submit_ib):
 * each IB entry is read through the channel's VM, then the command words
 * of its pushbuffer range [address, address + SIZE * 4) are read through
 * the VM too.  The command stream is one stream: a methods command may
 * continue into the next entry.  In IB mode jumps, calls and returns do
 * not exist (INVALID_CMD), the long non-increasing form does; the
 * increase-once form is GF100 format, INVALID_CMD here.
 *
 * Errors: a trapped method is dropped and the next one runs (nvsim_trap.c).
 * A DMA pusher error is handled as nvkm/engine/fifo/nv04.c
 * nv04_fifo_dma_pusher does on G80: METHOD_COUNT is cleared; if the
 * error is inside a segment (DMA_GET != DMA_PUT) GET moves to the end of
 * that segment and the next IB entry runs; if it is in the IB entry itself
 * (the segment was done) IB_GET moves to IB_PUT, so the job's remaining
 * entries are dropped (the shim's IB_PUT covers the job).
 */
#include <string.h>

#include "nv50_priv.h"

struct ib_pusher {
   struct nvsim_channel *chan;
   struct nvsim_vm *vm;
   uint64_t win_base, win_end;
   const uint8_t *win_map;
};

static bool
vm_read32(struct ib_pusher *p, uint64_t va, uint32_t *word)
{
   if (va < p->win_base || va + 4 > p->win_end || !p->win_map) {
      if (!nv50_vm_window(p->vm, va, &p->win_base, &p->win_end,
                          &p->win_map) || va + 4 > p->win_end)
         return false;
   }
   *word = nvsim_get32(p->win_map + (va - p->win_base));
   return true;
}

/* rnndb "G84-": every Tesla but G80 itself (chipset order in fifo.xml) */
static bool
is_g84_plus(const struct nvsim_channel *chan)
{
   return chan->dev->info.chipset != CHIPSET_G80;
}

bool
nv50_puller_knows(const struct nvsim_channel *chan, uint32_t mthd)
{
   switch (mthd) {
   case NV4_SUBCHAN_OBJECT:
   case NV10_SUBCHAN_REF_CNT:
   case NV1A_SUBCHAN_DMA_SEMAPHORE:
   case NV1A_SUBCHAN_SEMAPHORE_OFFSET:
   case NV1A_SUBCHAN_SEMAPHORE_ACQUIRE:
   case NV1A_SUBCHAN_SEMAPHORE_RELEASE:
   case NV40_SUBCHAN_YIELD:
      return true;
   case G84_SUBCHAN_SEMAPHORE_ADDRESS_HIGH:
   case G84_SUBCHAN_SEMAPHORE_ADDRESS_LOW:
   case G84_SUBCHAN_SEMAPHORE_SEQUENCE:
   case G84_SUBCHAN_SEMAPHORE_TRIGGER:
   case G84_SUBCHAN_NOTIFY_INTR:
   case G84_SUBCHAN_WRCACHE_FLUSH:
      return is_g84_plus(chan);
   default:
      return mthd >= NV4_PULLER_ENGINE_MTHD_FIRST;
   }
}

static bool
semaphore_trap(struct nvsim_channel *chan, unsigned subc, uint32_t mthd,
               uint32_t data, const char *type, const char *fmt, uint64_t v)
{
   snprintf(chan->detail, sizeof(chan->detail), fmt,
            (unsigned long long)v);
   char reason[64];
   snprintf(reason, sizeof(reason), "SEMAPHORE %s", type);
   nvsim_trap_method(chan, subc, NULL, mthd, data, reason);
   return false;
}

/* An acquire whose value is not there yet would block the channel until
 * another one releases it; nvsim runs one job at a time, so it cannot.  It
 * traps instead, and the acquire is skipped as the kernel skips a method
 * that raised PFIFO's SEMAPHORE interrupt (nvkm/engine/fifo/nv04.c
 * nv04_fifo_intr: CACHE1_GET + 4): the channel goes on unsynchronised. */
static bool
acquire_unmet(struct nvsim_channel *chan, unsigned subc, uint32_t mthd,
              uint32_t data, uint32_t cur)
{
   snprintf(chan->detail, sizeof(chan->detail),
            "semaphore holds 0x%08x: nvsim does not model an acquire that "
            "has to wait yet", cur);
   nvsim_trap_method(chan, subc, NULL, mthd, data, "SEMAPHORE_ACQUIRE");
   return false;
}

/* The semaphores of the G80:GF100 puller; SUBCHAN_OBJECT, REF_CNT and
 * YIELD are the core's (nvsim_fifo.c). */
bool
nv50_puller_method(struct nvsim_channel *chan, unsigned subc, uint32_t mthd,
                   uint32_t data)
{
   struct nvsim_fifo_state *f = &chan->fifo;
   struct nv50_channel *t = nv50_chan(chan);
   struct nvsim_object *obj;
   uint8_t *sem;

   switch (mthd) {
   case NV1A_SUBCHAN_DMA_SEMAPHORE:
      /* puller.rst: "G80 doesn't bother with verification"; the RAMHT
       * lookup still has to find the handle */
      obj = nvsim_lookup(chan, data);
      if (!obj) {
         snprintf(chan->detail, sizeof(chan->detail),
                  "no object with handle 0x%08x on the channel", data);
         nvsim_trap_method(chan, subc, NULL, mthd, data, "CACHE_ERROR NO_HASH");
         return false;
      }
      f->dma_semaphore = obj;
      return true;

   case NV1A_SUBCHAN_SEMAPHORE_OFFSET:
      if (data & 3)
         return semaphore_trap(chan, subc, mthd, data, "ADDRESS_UNALIGNED",
                               "offset 0x%llx is not a multiple of 4", data);
      if (data >= G80_PULLER_SEMAPHORE_OFFSET_LIMIT)
         return semaphore_trap(chan, subc, mthd, data, "ADDRESS_TOO_LARGE",
                               "offset 0x%llx does not fit 16 bits", data);
      f->semaphore_offset = data;
      t->semaphore_off_val = true;
      return true;

   case NV1A_SUBCHAN_SEMAPHORE_ACQUIRE:
   case NV1A_SUBCHAN_SEMAPHORE_RELEASE:
      if (!t->semaphore_off_val)
         return semaphore_trap(chan, subc, mthd, data, "INVALID_STATE",
                               "no SEMAPHORE_OFFSET was set%.0llx", 0);
      sem = nvsim_dma_ptr(f->dma_semaphore, f->semaphore_offset, 4);
      if (!sem)
         return semaphore_trap(chan, subc, mthd, data, "MEM_FAULT",
                               "offset 0x%llx is outside the DMA_SEMAPHORE "
                               "object, or none is set",
                               f->semaphore_offset);
      if (mthd == NV1A_SUBCHAN_SEMAPHORE_RELEASE) {
         __atomic_thread_fence(__ATOMIC_RELEASE);
         nvsim_put32(sem, data);
         return true;
      }
      if (nvsim_get32(sem) == data)
         return true;
      return acquire_unmet(chan, subc, mthd, data, nvsim_get32(sem));

   case G84_SUBCHAN_SEMAPHORE_ADDRESS_HIGH:
      if (data >= G80_PULLER_SEMAPHORE_ADDRESS_HIGH_LIMIT)
         return semaphore_trap(chan, subc, mthd, data, "ADDRESS_TOO_LARGE",
                               "0x%llx is more than bits 32..39", data);
      t->semaphore_address = (t->semaphore_address & 0xffffffffull) |
                             (uint64_t)data << 32;
      return true;

   case G84_SUBCHAN_SEMAPHORE_ADDRESS_LOW:
      if (data & 3)
         return semaphore_trap(chan, subc, mthd, data, "ADDRESS_UNALIGNED",
                               "address low 0x%llx is not a multiple of 4",
                               data);
      t->semaphore_address = (t->semaphore_address & ~0xffffffffull) | data;
      return true;

   case G84_SUBCHAN_SEMAPHORE_SEQUENCE:
      t->semaphore_sequence = data;
      return true;

   case G84_SUBCHAN_SEMAPHORE_TRIGGER: {
      /* pre-GF100 the address is an offset in the DMA_SEMAPHORE object */
      uint32_t action = data & G84_SUBCHAN_SEMAPHORE_TRIGGER_ACTION__MASK;
      bool release = action == G84_SUBCHAN_SEMAPHORE_TRIGGER_ACTION_RELEASE;
      if (!release &&
          action != G84_SUBCHAN_SEMAPHORE_TRIGGER_ACTION_ACQUIRE_EQUAL &&
          action != G84_SUBCHAN_SEMAPHORE_TRIGGER_ACTION_ACQUIRE_GEQUAL) {
         snprintf(chan->detail, sizeof(chan->detail),
                  "operation %u is no G84 semaphore operation (the "
                  "hardware hangs)", action);
         nvsim_trap_method(chan, subc, NULL, mthd, data,
                           "SEMAPHORE INVALID_OPERATION");
         return false;
      }
      sem = nvsim_dma_ptr(f->dma_semaphore, t->semaphore_address,
                          release ? G80_PULLER_SEMAPHORE_LONG_SIZE : 4);
      if (!sem)
         return semaphore_trap(chan, subc, mthd, data, "MEM_FAULT",
                               "address 0x%llx is outside the DMA_SEMAPHORE "
                               "object, or none is set",
                               t->semaphore_address);
      if (release) {
         /* the long semaphore: sequence, 0, 64-bit PTIMER; the sequence
          * word last so that a poller sees the timestamp with it */
         uint64_t ts = nvsim_ptimer_ns();
         nvsim_put32(sem + 4, 0);
         nvsim_put32(sem + G80_PULLER_SEMAPHORE_LONG_TIMESTAMP,
                     (uint32_t)ts);
         nvsim_put32(sem + G80_PULLER_SEMAPHORE_LONG_TIMESTAMP + 4,
                     (uint32_t)(ts >> 32));
         __atomic_thread_fence(__ATOMIC_RELEASE);
         nvsim_put32(sem + G80_PULLER_SEMAPHORE_LONG_SEQUENCE,
                     t->semaphore_sequence);
         return true;
      }
      uint32_t cur = nvsim_get32(sem);
      bool met = action == G84_SUBCHAN_SEMAPHORE_TRIGGER_ACTION_ACQUIRE_EQUAL ?
                 cur == t->semaphore_sequence :
                 (int32_t)(cur - t->semaphore_sequence) >= 0;
      return met || acquire_unmet(chan, subc, mthd, data, cur);
   }

   case G84_SUBCHAN_NOTIFY_INTR:
   case G84_SUBCHAN_WRCACHE_FLUSH:
      /* an interrupt nobody listens to; nvsim has no write cache */
      return true;

   default:
      /* nvsim_fifo_method has the others */
      return false;
   }
}

#define CMD_METHODS_FORM (NV4_DMA_CMD_TYPE__MASK | NV4_DMA_CMD_SPECIAL__MASK | \
                          NV4_DMA_CMD_KIND__MASK)
/* the long non-increasing form fixes everything but METHOD and SUBC */
#define CMD_LONG_FORM (CMD_METHODS_FORM | NV4_DMA_CMD_COUNT__MASK)
/* GF100's increase-once: 101 in bits 29..31 */
#define CMD_GF100_INCREASE_ONCE 0xa0000000u

static const char *
invalid_cmd_why(uint32_t word)
{
   if ((word & (NV4_DMA_CMD_TYPE__MASK | NV4_DMA_CMD_KIND__MASK)) ==
       NV4_DMA_CMD_TYPE_OLD_JUMP ||
       (word & NV4_DMA_CMD_KIND__MASK) == NV4_DMA_CMD_KIND_JUMP)
      return "jumps do not exist in IB mode";
   if ((word & NV4_DMA_CMD_KIND__MASK) == NV4_DMA_CMD_KIND_CALL)
      return "calls do not exist in IB mode";
   if (word == NV4_DMA_CMD_SPECIAL_RETURN)
      return "returns do not exist in IB mode";
   if ((word & NV4_DMA_CMD_TYPE__MASK) == CMD_GF100_INCREASE_ONCE)
      return "increase-once methods are GF100 format";
   if ((word & CMD_LONG_FORM) == NV4_DMA_CMD_SPECIAL_SLI_COND)
      return "SLI conditional while SLI is disabled";
   return NULL;
}

/* A pusher error inside a segment: METHOD_COUNT cleared, GET = PUT. */
static void
segment_error(struct nvsim_channel *chan, uint64_t at, const uint32_t *word,
              const char *reason, const char *detail)
{
   nvsim_trap_pusher(chan, NVSIM_DOMAIN_VM, at, word, reason, detail);
   chan->fifo.mcnt = 0;
   nv50_chan(chan)->lenp = false;
}

/* One IB entry's pushbuffer range. */
static void
run_range(struct ib_pusher *p, uint64_t get, uint64_t put)
{
   struct nvsim_channel *chan = p->chan;
   struct nvsim_fifo_state *f = &chan->fifo;
   struct nv50_channel *t = nv50_chan(chan);

   while (get != put && !nvsim_chan_dead(chan)) {
      uint32_t word;
      uint64_t at = get;
      if (!vm_read32(p, get, &word)) {
         segment_error(chan, at, NULL, "DMA_PUSHER MEM_FAULT",
                       "pushbuffer read outside every mapping of the "
                       "channel's VM");
         return;
      }
      get += 4;
      f->words_read++;

      if (t->lenp) {
         t->lenp = false;
         f->mcnt = word & G80_DMA_CMD_LONG_COUNT_COUNT__MASK;
         continue;
      }
      if (f->mcnt) {
         if (!nvsim_fifo_data(chan, word, NVSIM_DOMAIN_VM, at))
            return;
         continue;
      }

      uint32_t form = word & CMD_METHODS_FORM;
      if (form == NV4_DMA_CMD_TYPE_INCREASING ||
          form == NV4_DMA_CMD_TYPE_NON_INCREASING) {
         nvsim_fifo_header(chan, word, (word & NV4_DMA_CMD_COUNT__MASK) >>
                                       NV4_DMA_CMD_COUNT__SHIFT,
                           form == NV4_DMA_CMD_TYPE_NON_INCREASING);
      } else if ((word & CMD_LONG_FORM) == NV4_DMA_CMD_SPECIAL_LONG_NI) {
         /* the count is the next word */
         nvsim_fifo_header(chan, word, 0, true);
         t->lenp = true;
      } else {
         segment_error(chan, at, &word, "DMA_PUSHER INVALID_CMD",
                       invalid_cmd_why(word));
         return;
      }
   }
}

/* An error in an IB entry: IB_GET = IB_PUT, the job's other entries are
 * dropped. */
static bool
ib_error(struct nvsim_channel *chan, enum nvsim_domain domain, uint64_t at,
         const uint32_t *word, const char *reason, const char *detail)
{
   nvsim_trap_pusher(chan, domain, at, word, reason, detail);
   chan->fifo.mcnt = 0;
   nv50_chan(chan)->lenp = false;
   return false;
}

bool
nv50_fifo_ib_run(struct nvsim_channel *chan, const struct nvsim_push *push)
{
   struct nv50_channel *t = nv50_chan(chan);
   struct ib_pusher p = { .chan = chan, .vm = t->vm };

   if (push->bo != t->ib_bo) {
      return ib_error(chan, push->bo->domain,
                      push->bo->offset + push->offset, NULL,
                      "DMA_PUSHER INVALID_CMD",
                      "a Tesla channel reads commands in IB mode only: "
                      "submit IB entries (nvsim_submit_ib)");
   }
   for (uint64_t off = push->offset; off < push->offset + push->length &&
        !nvsim_chan_dead(chan); off += NV50_IB_ENTRY_SIZE) {
      uint64_t at = t->ib_va + off;
      uint32_t lo, hi;
      if (!vm_read32(&p, at, &lo) || !vm_read32(&p, at + 4, &hi)) {
         return ib_error(chan, NVSIM_DOMAIN_VM, at, NULL,
                         "DMA_PUSHER MEM_FAULT", "IB entry unreadable");
      }
      uint32_t size = (hi & G80_IB_ENTRY_HIGH_SIZE__MASK) >>
                      G80_IB_ENTRY_HIGH_SIZE__SHIFT;
      if (!size) {
         return ib_error(chan, NVSIM_DOMAIN_VM, at, &hi,
                         "DMA_PUSHER IB_EMPTY", "an IB entry of zero words");
      }
      uint64_t get = (lo & G80_IB_ENTRY_LOW_ADDRESS_LOW__MASK) |
                     (uint64_t)(hi & G80_IB_ENTRY_HIGH_ADDRESS_HIGH__MASK) << 32;
      run_range(&p, get, get + (uint64_t)size * 4);
   }
   return true;
}
