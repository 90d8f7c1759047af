/*
 * Tesla code upstream Mesa 22.3.6's nv50 code generator emits (the .hex
 * files of g80_upstream/: its own nouveau_compiler run on the TGSI in
 * each file's comments; "# ptype: gp" decodes as a geometry program): every instruction decodes to a known form and
 * encodes back to the same words, and the forms the TGSI's operations
 * must produce ("# expect:", from the emitter paths the operations take)
 * all occur.
 *
 *   nvisa_g80_upstream_test FILE.hex...
 */
#include <stdlib.h>

#include "nvisa_g80.h"
#include "nvisa_test.h"

#define MAX_WORDS 4096

static unsigned
find_op(const char *name)
{
   for (unsigned op = 0; op < NVISA_G80_OP__COUNT; op++)
      if (!strcmp(nvisa_g80_form(op)->name, name))
         return op;
   return NVISA_G80_OP__COUNT;
}

static void
check_file(const char *path)
{
   FILE *f = fopen(path, "r");
   static uint32_t w[MAX_WORDS];
   static bool seen[NVISA_G80_OP__COUNT];
   char line[1024], expect[1024] = "";
   enum nvisa_g80_ptype ptype = NVISA_G80_PTYPE_ANY;
   unsigned n = 0;

   if (!f) {
      fprintf(stderr, "%s: cannot open\n", path);
      nvisa_test_failures++;
      return;
   }
   while (fgets(line, sizeof(line), f)) {
      if (line[0] == '#') {
         if (!strncmp(line, "# expect:", 9))
            snprintf(expect, sizeof(expect), "%s", line + 9);
         if (!strncmp(line, "# ptype: gp", 11))
            ptype = NVISA_G80_PTYPE_GP;
         continue;
      }
      for (char *tok = strtok(line, " \t\n"); tok; tok = strtok(NULL, " \t\n")) {
         if (n == MAX_WORDS) {
            fprintf(stderr, "%s: too many words\n", path);
            nvisa_test_failures++;
            break;
         }
         w[n++] = (uint32_t)strtoul(tok, NULL, 16);
      }
   }
   fclose(f);
   CHECK(n > 0);

   memset(seen, 0, sizeof(seen));
   for (unsigned i = 0; i < n;) {
      struct nvisa_g80_insn insn;
      uint32_t out[2];
      int words = nvisa_g80_decode_ptype(w + i, n - i, ptype, &insn);
      if (words < 0) {
         fprintf(stderr, "%s: word %u (%08x) does not decode\n", path, i, w[i]);
         nvisa_test_failures++;
         break;
      }
      seen[insn.op] = true;
      if (nvisa_g80_encode(&insn, out) != words ||
          out[0] != w[i] || (words == 2 && out[1] != w[i + 1])) {
         fprintf(stderr, "%s: word %u: %s %08x %08x re-encodes as %08x %08x\n",
                 path, i, nvisa_g80_form(insn.op)->name, w[i],
                 words == 2 ? w[i + 1] : 0, out[0], words == 2 ? out[1] : 0);
         nvisa_test_failures++;
      }
      i += words;
   }

   CHECK(expect[0]);
   for (char *tok = strtok(expect, " \t\n"); tok; tok = strtok(NULL, " \t\n")) {
      unsigned op = find_op(tok);
      if (op == NVISA_G80_OP__COUNT || !seen[op]) {
         fprintf(stderr, "%s: no %s in the program\n", path, tok);
         nvisa_test_failures++;
      }
   }
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s FILE.hex...\n", argv[0]);
      return 2;
   }
   for (int i = 1; i < argc; i++)
      check_file(argv[i]);
   return TEST_RESULT();
}
