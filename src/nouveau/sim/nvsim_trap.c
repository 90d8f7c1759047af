/*
 * Traps: PGRAPH / PFIFO errors.  One line naming channel, subchannel,
 * class, method and data (decoded through hwdb's name tables), on stderr
 * and in the trace.
 *
 * What happens next is what Linux's nouveau makes of the interrupt, as on
 * a card: the error is printed, acknowledged and the channel goes on.
 *  - PGRAPH errors (ILLEGAL_MTHD, INVALID_VALUE, INVALID_OBJECT, DMA
 *    protection faults, ...): nvkm/engine/gr/nv40.c nv40_gr_intr (and
 *    nv04.c / nv10.c / nv20.c, nv50.c nv50_gr_intr for Tesla) prints
 *    "class mthd data", acks NV03_PGRAPH_INTR and writes 1 to
 *    NV04_PGRAPH_FIFO: PGRAPH resumes with the next method, the trapped
 *    one is dropped.
 *  - puller CACHE_ERRORs (no object for a handle, empty subchannel) and
 *    SEMAPHORE: nvkm/engine/fifo/nv04.c nv04_fifo_cache_error /
 *    nv04_fifo_intr print the method and step CACHE1_GET past it (get + 4):
 *    that one method is dropped.
 *  - DMA_PUSHER errors (INVALID_CMD, CALL_SUBR_ACTIVE, MEM_FAULT, ...):
 *    nv04_fifo_dma_pusher clears DMA_STATE (the method count) and moves
 *    DMA_GET to DMA_PUT, so everything queued so far is dropped; on G80 it
 *    moves GET to the end of the current IB entry's segment, or IB_GET to
 *    IB_PUT when the segment was done (the FIFO code does the skipping).
 * The class models check before they change state (nvsim_object.h), so a
 * dropped method leaves no trace but what it did not draw.
 *
 * NVSIM_STRICT=1 kills the channel at its first trap instead (the
 * behaviour nvsim had before: the shim then answers -ENODEV, which is how
 * a driver learns of a lost context); NVSIM_TRAP_ABORT=1 calls abort() at
 * every trap so that a debugger stops there.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "nvsim_priv.h"

const char *
nvsim_status_name(enum nvsim_status st)
{
   switch (st) {
   case NVSIM_OK:             return "OK";
   case NVSIM_ILLEGAL_MTHD:   return "ILLEGAL_MTHD";
   case NVSIM_ILLEGAL_CLASS:  return "ILLEGAL_CLASS";
   case NVSIM_INVALID_VALUE:  return "INVALID_VALUE";
   case NVSIM_INVALID_OBJECT: return "INVALID_OBJECT";
   case NVSIM_DMA_ERROR:      return "DMA_ERROR";
   case NVSIM_INVALID_STATE:  return "INVALID_STATE";
   }
   return "UNKNOWN_ERROR";
}

void
nvsim_trap_detail(struct nvsim_object *obj, const char *fmt, ...)
{
   if (!obj || !obj->chan)
      return;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(obj->chan->detail, sizeof(obj->chan->detail), fmt, ap);
   va_end(ap);
}

bool
nvsim_copy_steps_ok(struct nvsim_object *obj, uint64_t lines,
                    uint64_t steps_per_line)
{
   if (!obj || !obj->chan)
      return true;
   /* sixteen steps a pusher word: 2^28 by default, above the largest
    * legitimate copy (an 8192 x 8192 2D blit is 2^26 pixels); 65536
    * under the fuzzers' NVSIM_RUNAWAY_WORDS=4096 */
   uint64_t budget = obj->chan->dev->runaway_words * 16;
   /* lines * steps_per_line > budget, without overflowing */
   if (!steps_per_line || lines <= budget / steps_per_line)
      return true;
   nvsim_trap_detail(obj, "a copy of %llu lines x %llu steps is past the "
                     "runaway limit of %llu steps (NVSIM_RUNAWAY_WORDS); "
                     "nothing copied", (unsigned long long)lines,
                     (unsigned long long)steps_per_line,
                     (unsigned long long)budget);
   return false;
}

static const char *
method_name(uint32_t oclass, const struct nvsim_class *cls, uint32_t mthd,
            char *buf, size_t n)
{
   if (nvhwdb_method_name(oclass, mthd, buf, n))
      return buf;
   /* a method of another class of the family (rankine's LIGHT on curie):
    * its name there, saying whose it is */
   for (const uint32_t *c = cls ? cls->family : NULL; c && *c; c++) {
      char other[80];
      const char *cname = nvhwdb_class_name(*c);
      if (*c != oclass && cname &&
          nvhwdb_method_name(*c, mthd, other, sizeof(other))) {
         snprintf(buf, n, "%s, a %s method", other, cname);
         return buf;
      }
   }
   snprintf(buf, n, "UNK%04X", mthd);
   return buf;
}

static void
data_decode(uint32_t oclass, uint32_t mthd, uint32_t data, char *buf, size_t n)
{
   buf[0] = 0;
   char dec[192];
   if (!nvhwdb_method_decode(oclass, mthd, data, dec, sizeof(dec)))
      return;
   /* "NAME = value": the name is printed already, keep the value part,
    * unless it only repeats the number */
   const char *v = strstr(dec, " = ");
   v = v ? v + 3 : dec;
   char *end;
   unsigned long long num = strtoull(v, &end, 0);
   if (!*end && num == data)
      return;
   snprintf(buf, n, " (%s)", v);
}

/* Reports the trap `msg` (heap string, taken): trace, stderr, the
 * channel's first and last trap; kills the channel under NVSIM_STRICT. */
static void
raise_trap(struct nvsim_channel *chan, char *msg)
{
   struct nvsim_device *dev = chan->dev;
   const char *line = msg ? msg : "nvsim: TRAP (no memory for the message)";

   nvsim_trace_trap(chan, line);
   /* A program that traps every frame would bury everything else on
    * stderr: the first NVSIM_TRAP_PRINT_LIMIT of a channel are printed,
    * the trace has them all. */
   uint32_t n = chan->num_traps + 1;
   if (n <= NVSIM_TRAP_PRINT_LIMIT || dev->strict)
      fprintf(stderr, "%s\n", line);
   if (n == NVSIM_TRAP_PRINT_LIMIT + 1 && !dev->strict)
      fprintf(stderr, "nvsim: ch%u: more traps; not printed (NVSIM_TRACE "
              "records every one)\n", chan->id);

   pthread_mutex_lock(&dev->lock);
   __atomic_store_n(&chan->num_traps, n, __ATOMIC_RELEASE);
   if (!chan->error && msg)
      chan->error = strdup(msg);      /* NULL: nvsim_channel_error's default */
   if (!chan->dead) {
      free(chan->last_trap);
      chan->last_trap = msg;
      msg = NULL;
      if (dev->strict)
         __atomic_store_n(&chan->dead, true, __ATOMIC_RELEASE);
   }
   pthread_mutex_unlock(&dev->lock);
   free(msg);
   chan->detail[0] = 0;

   if (dev->trap_abort) {
      fprintf(stderr, "nvsim: NVSIM_TRAP_ABORT is set: abort()\n");
      abort();
   }
}

static char *
format_msg(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   int len = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   if (len < 0)
      return NULL;
   char *s = malloc(len + 1);
   if (!s)
      return NULL;
   va_start(ap, fmt);
   vsnprintf(s, len + 1, fmt, ap);
   va_end(ap);
   return s;
}

void
nvsim_trap_method(struct nvsim_channel *chan, int subc,
                  const struct nvsim_object *obj, uint32_t mthd,
                  uint32_t data, const char *reason)
{
   char cls[64] = "none", mname[96], dec[208], cname[64];
   uint32_t oclass = obj ? obj->oclass : 0;

   if (obj)
      snprintf(cls, sizeof(cls), "0x%04x (%s)", oclass,
               nvsim_class_name(oclass, obj->cls, cname, sizeof(cname)));
   /* Methods below 0x100 are the FIFO's; hwdb names them whatever the
    * bound class (class 0 = no class). */
   uint32_t name_class = mthd < NV4_PULLER_ENGINE_MTHD_FIRST ? 0 : oclass;
   method_name(name_class, name_class && obj ? obj->cls : NULL, mthd, mname,
               sizeof(mname));
   data_decode(name_class, mthd, data, dec, sizeof(dec));

   const char *detail = chan->detail[0] ? chan->detail : NULL;
   char *msg = format_msg("nvsim: TRAP ch%u subc%d class %s mthd 0x%04x (%s) "
                          "data 0x%08x%s: %s%s%s%s", chan->id, subc, cls,
                          mthd, mname, data, dec, reason,
                          detail ? " [" : "", detail ? detail : "",
                          detail ? "]" : "");
   raise_trap(chan, msg);
}

void
nvsim_trap_pusher(struct nvsim_channel *chan, enum nvsim_domain domain,
                  uint64_t addr, const uint32_t *word, const char *reason,
                  const char *detail)
{
   char w[32] = "";
   if (word)
      snprintf(w, sizeof(w), " word 0x%08x", *word);
   char *msg = format_msg("nvsim: TRAP ch%u DMA_PUSHER at %s 0x%08llx%s: "
                          "%s%s%s%s", chan->id,
                          nvsim_domain_name(domain), (unsigned long long)addr,
                          w, reason, detail ? " [" : "",
                          detail ? detail : "", detail ? "]" : "");
   raise_trap(chan, msg);
}
