/*
 * Traps: the PGRAPH / PFIFO error that kills a channel.  One line on
 * stderr naming channel, subchannel, class, method and data (decoded
 * through hwdb's name tables), kept as the channel's error string.
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

static const char *
method_name(uint32_t oclass, uint32_t mthd, char *buf, size_t n)
{
   if (nvhwdb_method_name(oclass, mthd, buf, n))
      return buf;
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

/* Sets the channel dead with `msg` (heap string, taken) and prints it. */
static void
kill_channel(struct nvsim_channel *chan, char *msg)
{
   nvsim_trace_trap(chan, msg);
   fprintf(stderr, "%s\n", msg ? msg : "nvsim: TRAP (no memory for the message)");
   struct nvsim_device *dev = chan->dev;
   pthread_mutex_lock(&dev->lock);
   if (!chan->dead) {
      chan->error = msg;
      __atomic_store_n(&chan->dead, true, __ATOMIC_RELEASE);
      msg = NULL;
   }
   pthread_mutex_unlock(&dev->lock);
   free(msg);
   chan->detail[0] = 0;
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
   method_name(name_class, mthd, mname, sizeof(mname));
   data_decode(name_class, mthd, data, dec, sizeof(dec));

   const char *detail = chan->detail[0] ? chan->detail : NULL;
   char *msg = format_msg("nvsim: TRAP ch%u subc%d class %s mthd 0x%04x (%s) "
                          "data 0x%08x%s: %s%s%s%s", chan->id, subc, cls,
                          mthd, mname, data, dec, reason,
                          detail ? " [" : "", detail ? detail : "",
                          detail ? "]" : "");
   kill_channel(chan, msg);
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
   kill_channel(chan, msg);
}
