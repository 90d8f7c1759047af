/*
 * The fuzz harnesses' word count (nvsim_fuzz.h): summed over the process,
 * written to $NVSIM_FUZZ_STATS at exit for tests/fuzz/run-fuzz.sh, which
 * prints it (libFuzzer exits through exit(), so atexit handlers run).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "nvsim_fuzz.h"

static uint64_t nvsim_fuzz_words;

static void
write_stats(void)
{
   const char *path = getenv("NVSIM_FUZZ_STATS");
   if (!path || !*path)
      return;
   FILE *f = fopen(path, "w");
   if (!f)
      return;
   fprintf(f, "words %llu\n", (unsigned long long)nvsim_fuzz_words);
   fclose(f);
}

void
nvsim_fuzz_count_words(uint64_t n)
{
   static bool registered;
   if (!registered) {
      registered = true;
      atexit(write_stats);
   }
   nvsim_fuzz_words += n;
}
