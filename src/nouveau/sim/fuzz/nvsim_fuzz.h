/*
 * nvsim fuzz harnesses (libFuzzer): a fixture shared by the pushbuffer
 * harness (nvsim_fuzz_push.c) and the structured method harness
 * (nvsim_fuzz_methods.c).
 *
 * Per input: a fresh NV40 device (NVSIM_FUZZ_CHIP=<hex> picks another
 * chip: then every class it has is bound on subchannels 0.. in the
 * order of its class list, with no drawing state, and the second channel
 * checks its REF_CNT instead of pixels) (so that no state carries from one input
 * to the next and every crash replays from its input alone), with a
 * channel A on which one object of every class the chip has is bound
 * (subchannels 0-7, see nvsim_fuzz.c), a valid render target, vertex and
 * fragment programs, vertex arrays and a texture, so that fuzzed methods
 * reach deep state.  The fuzz input runs on A, synchronously to
 * completion; then a second channel B draws a known triangle and its
 * pixels must come out (an illegal method traps only its channel; the
 * other channels go on), else the harness aborts.
 */
#ifndef NVSIM_FUZZ_H
#define NVSIM_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "nvsim.h"

/* Subchannel binding of the prologue on channel A. */
enum nvsim_fuzz_subc {
   NVSIM_FUZZ_SUBC_3D = 0,
   NVSIM_FUZZ_SUBC_M2MF,
   NVSIM_FUZZ_SUBC_SURF2D,       /* NV10_SURFACE_2D */
   NVSIM_FUZZ_SUBC_SURF2D_NV40,  /* NV40_SURFACE_2D */
   NVSIM_FUZZ_SUBC_SWZ,
   NVSIM_FUZZ_SUBC_SIFM,
   NVSIM_FUZZ_SUBC_NULL,
   NVSIM_FUZZ_SUBC_3D_2,         /* a second curie object */
};

/* Channel A's buffers: what relocations in the structured input name. */
enum nvsim_fuzz_buf {
   NVSIM_FUZZ_BUF_COLOR,   /* VRAM, 16x16 A8R8G8B8 render target (room
                            * for 256x256: traces' targets fit) */
   NVSIM_FUZZ_BUF_ZETA,    /* VRAM, 16x16 Z24S8 (as big) */
   NVSIM_FUZZ_BUF_VTX,     /* VRAM, vertices and indices */
   NVSIM_FUZZ_BUF_FP,      /* VRAM, fragment program at 0 */
   NVSIM_FUZZ_BUF_TEX,     /* VRAM, textures */
   NVSIM_FUZZ_BUF_GART,    /* GART, M2MF / 2D source and destination */
   NVSIM_FUZZ_BUF_COUNT,
};
/* Sizes: the render target pair, the others. */
#define NVSIM_FUZZ_RT_BYTES (256 * 256 * 4)
#define NVSIM_FUZZ_BUF_BYTES 16384

/* Handles on channel A: NVSIM_FUZZ_HANDLE(class) for the object of each
 * class, and three DMA objects of each DMA class over the texture
 * buffer. */
#define NVSIM_FUZZ_HANDLE(oclass) (0xf0000000u | (oclass))
#define NVSIM_FUZZ_HANDLE_3D_2 0xf0014097u

struct nvsim_fuzz {
   struct nvsim_device *dev;
   struct nvsim_channel *chan;
   struct nvsim_channel_info info;
   struct nvsim_bo *bufs[NVSIM_FUZZ_BUF_COUNT];
   struct nvsim_bo *push;      /* GART: the prologue, then the input */
   uint32_t *push_map;
   unsigned push_len, push_cap;   /* words */
   unsigned push_seg;             /* first word not yet submitted */
   uint64_t words_before;         /* pusher's words after the prologue */
   unsigned input_start;          /* first word after the prologue */
   bool curie;                    /* NV40: the drawing fixture */
   uint32_t objects[8];           /* generic fixture: bound on subc 0.. */
   unsigned num_objects;
};

/* Makes the device, channel A, its objects and buffers, and writes the
 * prologue into the pushbuffer (not yet submitted).  push_words: room for
 * the caller's words after it.  Aborts on failure (a harness bug). */
void nvsim_fuzz_init(struct nvsim_fuzz *fz, unsigned push_words);
/* Appends a word to A's pushbuffer (dropped past the room asked for). */
void nvsim_fuzz_out(struct nvsim_fuzz *fz, uint32_t word);
/* One method, increasing, count 1. */
void nvsim_fuzz_method(struct nvsim_fuzz *fz, unsigned subc, uint32_t mthd,
                       uint32_t data);
/* Submits the words written since the last submit as one segment and
 * waits for it.  false when the channel is dead (the trap must then carry
 * a message; the harness aborts if not). */
bool nvsim_fuzz_submit(struct nvsim_fuzz *fz);
/* Channel B draws its triangle and checks its pixels (aborts if wrong),
 * then everything is freed. */
void nvsim_fuzz_fini(struct nvsim_fuzz *fz);

/* The command words channel A's pusher read after the prologue (what
 * the input made it read: its own words, and any it jumped to), summed
 * over the process and written to $NVSIM_FUZZ_STATS at exit;
 * nvsim_fuzz_fini() counts them. */
void nvsim_fuzz_count_words(uint64_t n);

#endif
