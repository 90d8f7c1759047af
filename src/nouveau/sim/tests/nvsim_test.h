/*
 * A tiny test harness for nvsim's unit tests: named cases, CHECK macros
 * that report file:line and go on, and helpers to capture stderr (trap
 * messages) and to build pushbuffers.
 */
#ifndef NVSIM_TEST_H
#define NVSIM_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern int nvt_failures;

#define CHECK(cond) do { \
   if (!(cond)) { \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      nvt_failures++; \
   } } while (0)

#define CHECK_EQ(a, b) do { \
   unsigned long long _a = (unsigned long long)(a), _b = (unsigned long long)(b); \
   if (_a != _b) { \
      fprintf(stderr, "%s:%d: CHECK_EQ failed: %s = 0x%llx, %s = 0x%llx\n", \
              __FILE__, __LINE__, #a, _a, #b, _b); \
      nvt_failures++; \
   } } while (0)

#define CHECK_STR_HAS(hay, needle) do { \
   const char *_h = (hay); \
   if (!_h || !strstr(_h, (needle))) { \
      fprintf(stderr, "%s:%d: '%s' not in: %s\n", __FILE__, __LINE__, \
              (needle), _h ? _h : "(null)"); \
      nvt_failures++; \
   } } while (0)

struct nvt_case {
   const char *name;
   void (*fn)(void);
};

/* Runs the cases named on the command line (all without arguments). */
int nvt_main(int argc, char **argv, const struct nvt_case *cases);

/* Pushbuffer words, written into a mapped buffer. */
struct nvt_push {
   uint32_t *map;
   unsigned len;       /* words written */
   unsigned cap;       /* words */
};

static inline void
nvt_out(struct nvt_push *p, uint32_t w)
{
   if (p->len < p->cap)
      p->map[p->len] = w;
   p->len++;
}

/* Command words, per envytools-docs/hw/fifo/dma-pusher.rst, written out by
 * hand from the table there (tests state the expected encoding themselves). */
static inline uint32_t
nvt_inc(unsigned subc, uint32_t mthd, unsigned count)
{
   return (count << 18) | (subc << 13) | mthd;
}

static inline uint32_t
nvt_ni(unsigned subc, uint32_t mthd, unsigned count)
{
   return 0x40000000u | (count << 18) | (subc << 13) | mthd;
}

#endif

/* ---- a device, a channel and a pushbuffer ---- */
#include "nvsim.h"

#define NVT_PUSH_BYTES (64 * 1024)

struct nvt_fx {
   struct nvsim_device *dev;
   struct nvsim_channel *chan;
   struct nvsim_channel_info info;
   struct nvsim_bo *push_bo;
   struct nvt_push push;
   unsigned push_seg;   /* first word of the next segment */
};

/* false (and a failed CHECK) when the fixture cannot be made */
bool nvt_fx_init(struct nvt_fx *fx, uint32_t chipset);
/* a second channel on the same device */
bool nvt_fx_init_chan(struct nvt_fx *fx, struct nvsim_device *dev);
void nvt_fx_fini(struct nvt_fx *fx);
void nvt_fx_fini_chan(struct nvt_fx *fx);
/* Submits the words written since the last submit as one segment, then
 * starts a new pushbuffer segment after them.  Returns the sequence
 * number or the negative errno of nvsim_submit. */
int64_t nvt_fx_submit(struct nvt_fx *fx, struct nvsim_bo *const *bos,
                      unsigned num_bos);
/* GART address of word `index` of the pushbuffer (for jumps/calls). */
uint32_t nvt_fx_addr(const struct nvt_fx *fx, unsigned index);
