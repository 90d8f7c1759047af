/*
 * Runs a fuzz harness's LLVMFuzzerTestOneInput over files, without
 * libFuzzer: the regression tests (every crash the fuzzers found, kept
 * minimized under tests/fuzz/regressions/<harness>/) and the seeds.
 * Arguments are files or directories (every regular file in them).  A
 * crash or sanitizer report fails the test by itself; the exit status is
 * 1 when an argument cannot be read or names no input at all.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned replayed;

static int
replay_file(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      perror(path);
      return 1;
   }
   size_t cap = 4096, len = 0;
   uint8_t *buf = malloc(cap);
   size_t got;
   while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
      len += got;
      if (len == cap) {
         cap *= 2;
         buf = realloc(buf, cap);
      }
   }
   fclose(f);
   if (!buf)
      return 1;
   /* a copy of exactly the input's size, so that ASan sees a read past
    * its end as libFuzzer would */
   uint8_t *in = malloc(len ? len : 1);
   memcpy(in, buf, len);
   free(buf);
   fprintf(stderr, "replay %s (%zu bytes)\n", path, len);
   LLVMFuzzerTestOneInput(in, len);
   free(in);
   replayed++;
   return 0;
}

static int
replay(const char *path)
{
   struct stat st;
   if (stat(path, &st) != 0) {
      perror(path);
      return 1;
   }
   if (!S_ISDIR(st.st_mode))
      return replay_file(path);
   struct dirent **names;
   int n = scandir(path, &names, NULL, alphasort);
   if (n < 0) {
      perror(path);
      return 1;
   }
   int ret = 0;
   for (int i = 0; i < n; i++) {
      if (names[i]->d_name[0] != '.') {
         char sub[4096];
         snprintf(sub, sizeof(sub), "%s/%s", path, names[i]->d_name);
         ret |= replay(sub);
      }
      free(names[i]);
   }
   free(names);
   return ret;
}

int
main(int argc, char **argv)
{
   int ret = 0;
   for (int i = 1; i < argc; i++)
      ret |= replay(argv[i]);
   fprintf(stderr, "%u inputs replayed, no crash\n", replayed);
   return ret || !replayed;
}
