/*
 * Fuzz harness: the input is pushbuffer words (little-endian) that
 * channel A's DMA pusher executes after the fixture's prologue, with
 * every class of the chip bound (nvsim_fuzz.h).  Command words, jumps,
 * calls and returns, methods of any class: whatever the words say.
 * Jump targets are GART offsets; the pushbuffer's is fixed per input.
 */
#include <string.h>

#include "nvsim_fuzz.h"

/* Longer inputs add little: libFuzzer's -max_len keeps them shorter, this
 * bounds the replay of a stray big file. */
#define MAX_WORDS 65536

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   size_t words = size / 4;
   if (words > MAX_WORDS)
      words = MAX_WORDS;

   struct nvsim_fuzz fz;
   nvsim_fuzz_init(&fz, words);
   for (size_t i = 0; i < words; i++) {
      uint32_t w;
      memcpy(&w, data + 4 * i, 4);
      nvsim_fuzz_out(&fz, w);
   }
   nvsim_fuzz_submit(&fz);
   nvsim_fuzz_fini(&fz);
   return 0;
}
