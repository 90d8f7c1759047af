/*
 * nvdis: disassemble NV30/NV40 vertex or fragment programs, or Tesla
 * (G80..GT218) shader code.
 *
 *   nvdis --vp|--fp [--chip nv40|nv30] [--fields] [--hex|--bin] FILE|-
 *   nvdis --chip g80|g84|...|nvaa [--fields] [--hex|--bin] FILE|-
 *
 * --chip takes a codename or chipset id of hwdb's chip table; its shader
 * ISA picks the decoder.  Tesla programs of every type share one ISA;
 * --vp, --gp or --fp there says which type the code is, for the few
 * encodings whose meaning depends on it (p[] in geometry programs).
 *
 * --fields prints every non-zero field of each instruction (names from the
 * ISA XML) instead of assembly; it is the only output for nv30 vertex
 * programs, whose tables exist but not their disassembler yet.  For Tesla
 * code it prints the form (g80.xml <form>), the decoded operands, the
 * form's non-zero modifiers and the set bits no field of the form names.
 *
 * FILE is either hex text (32-bit words written as hex numbers, with or
 * without 0x, separated by spaces, commas or newlines; '#' and '//' start
 * comments) or raw binary (little-endian 32-bit words, as the program
 * sits in memory).  Without --hex/--bin the format is guessed: a file made
 * only of hex-text characters is read as text.
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvhwdb_chips.h"
#include "nvisa_nv30_fp.h"
#include "nvisa_nv30_vp_gen.h"
#include "nvisa_nv40_fp.h"
#include "nvisa_nv40_vp.h"
#include "nvisa_g80.h"

#define MAX_FILE_SIZE (64u << 20)

static void
usage(FILE *f)
{
   fprintf(f, "usage: nvdis --vp|--fp [--chip nv40|nv30] [--fields] "
              "[--hex|--bin] FILE|-\n"
              "       nvdis --chip g80|g84|gt215|... [--vp|--gp|--fp] [--fields] "
              "[--hex|--bin] FILE|-\n"
              "  disassembles an NV30/NV40 vertex (--vp) or fragment (--fp) "
              "program, or\n  Tesla shader code, given as hex words or raw "
              "little-endian binary\n");
}

static unsigned char *
read_all(const char *path, size_t *size)
{
   FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
   unsigned char *data = NULL;
   size_t len = 0, cap = 0;

   if (!f) {
      fprintf(stderr, "nvdis: cannot open %s: %s\n", path, strerror(errno));
      return NULL;
   }
   for (;;) {
      if (len == cap) {
         if (cap >= MAX_FILE_SIZE) {
            fprintf(stderr, "nvdis: %s: larger than %u bytes\n", path,
                    MAX_FILE_SIZE);
            free(data);
            data = NULL;
            break;
         }
         cap = cap ? cap * 2 : 4096;
         unsigned char *n = realloc(data, cap + 1);
         if (!n) {
            fprintf(stderr, "nvdis: out of memory\n");
            free(data);
            data = NULL;
            break;
         }
         data = n;
      }
      size_t r = fread(data + len, 1, cap - len, f);
      len += r;
      if (r == 0)
         break;
   }
   if (f != stdin)
      fclose(f);
   if (data) {
      data[len] = 0;
      *size = len;
   }
   return data;
}

static bool
looks_like_text(const unsigned char *d, size_t n)
{
   for (size_t i = 0; i < n; i++) {
      unsigned char c = d[i];
      if (!(isxdigit(c) || isspace(c) || c == 'x' || c == 'X' || c == ',' ||
            c == '#' || c == '/' || c == ';' || c == ':' || isprint(c)))
         return false;
   }
   return n > 0;
}

/* Parses hex text into words; returns the count, or -1 on a bad token. */
static long
parse_hex(const char *text, uint32_t **out)
{
   size_t cap = 256, n = 0;
   uint32_t *w = malloc(cap * sizeof(*w));
   const char *p = text;
   unsigned line = 1;

   if (!w)
      return -1;
   while (*p) {
      if (*p == '\n')
         line++;
      if (isspace((unsigned char)*p) || *p == ',' || *p == ';') {
         p++;
         continue;
      }
      if (*p == '#' || (p[0] == '/' && p[1] == '/')) {
         while (*p && *p != '\n')
            p++;
         continue;
      }
      /* "12:" style offsets (as nvdis prints them) are skipped. */
      const char *q = p;
      while (isxdigit((unsigned char)*q))
         q++;
      if (*q == ':' && q != p) {
         p = q + 1;
         continue;
      }
      if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
         p += 2;
      q = p;
      while (isxdigit((unsigned char)*q))
         q++;
      if (q == p || q - p > 8 ||
          (*q && !isspace((unsigned char)*q) && *q != ',' && *q != ';' &&
           *q != '#' && *q != '/')) {
         fprintf(stderr, "nvdis: line %u: not a 32-bit hex word: \"%.16s\"\n",
                 line, p);
         free(w);
         return -1;
      }
      if (n == cap) {
         cap *= 2;
         uint32_t *nw = realloc(w, cap * sizeof(*w));
         if (!nw) {
            free(w);
            return -1;
         }
         w = nw;
      }
      w[n++] = (uint32_t)strtoul(p, NULL, 16);
      p = q;
   }
   *out = w;
   return (long)n;
}

static int
dis_vp(const uint32_t *w, size_t n)
{
   char buf[512];
   if (n % 4)
      fprintf(stderr, "nvdis: warning: %zu trailing words ignored "
                      "(vertex program instructions are 4 words)\n", n % 4);
   for (size_t i = 0; i + 4 <= n; i += 4) {
      nvisa_nv40_vp_disasm(w + i, buf, sizeof(buf));
      printf("%3zu: %08x %08x %08x %08x  %s\n", i / 4, w[i], w[i + 1],
             w[i + 2], w[i + 3], buf);
   }
   return 0;
}

static int
dis_fp(bool nv30, const uint32_t *w, size_t n)
{
   char buf[512];
   size_t i = 0;
   while (i < n) {
      unsigned avail = (unsigned)(n - i < 8 ? n - i : 8);
      int used = nv30 ? nvisa_nv30_fp_disasm(w + i, avail, buf, sizeof(buf)) :
                        nvisa_nv40_fp_disasm(w + i, avail, buf, sizeof(buf));
      if (used < 0) {
         printf("%3zu: %s\n", i, buf);
         return 1;
      }
      printf("%3zu: %08x %08x %08x %08x  %s\n", i, w[i], w[i + 1], w[i + 2],
             w[i + 3], buf);
      if (used == 8)
         printf("     %08x %08x %08x %08x  (constant)\n", w[i + 4], w[i + 5],
                w[i + 6], w[i + 7]);
      i += used;
   }
   return 0;
}

/* Tesla code: short (1 word) and long (2 word) instructions in sequence,
 * each line led by its byte address (what branch targets print). */
static int
dis_g80(bool fields, enum nvisa_g80_ptype ptype, const uint32_t *w, size_t n)
{
   char buf[512];
   int ret = 0;
   size_t i = 0;
   while (i < n) {
      unsigned avail = (unsigned)(n - i < 2 ? n - i : 2);
      struct nvisa_g80_insn insn;
      int used = nvisa_g80_disasm_ptype(w + i, avail, ptype, buf, sizeof(buf));
      unsigned words = nvisa_g80_insn_words(w + i);
      if (words > avail) {
         printf("%04zx: %08x           %s\n", i * 4, w[i], buf);
         return 1;
      }
      if (words == 2)
         printf("%04zx: %08x %08x  ", i * 4, w[i], w[i + 1]);
      else
         printf("%04zx: %08x           ", i * 4, w[i]);
      if (fields) {
         /* the form, its decoded operands and its modifiers' raw values */
         static const char *const file[] = {
            "none", "r", "o", "imm", "a", "c", "sr", "a[]", "c[]", "v[]",
            "l[]", "g[]", "p[]",
         };
         nvisa_g80_decode_ptype(w + i, avail, ptype, &insn);
         const struct nvisa_form *form = nvisa_g80_form(insn.op);
         printf("%s", form->name);
         for (unsigned o = 0; o < form->nopnds; o++) {
            const struct nvisa_g80_operand *op = &insn.opnd[o];
            printf(" opnd%u=%s:0x%x", o, file[op->file], op->val);
            if (op->file == NVISA_G80_FILE_CONST ||
                op->file == NVISA_G80_FILE_GLOBAL)
               printf(",buf%u", op->buf);
            if (op->areg)
               printf(",$a%u", op->areg);
         }
         for (unsigned m = 0; m < form->nmods; m++) {
            unsigned id = form->mod[m].mod;
            if (insn.mod[id])
               printf(" %s=0x%x", nvisa_g80_mod_names[id], insn.mod[id]);
         }
         /* bits set that no field of the form names (lost by encoding
          * the decoded instruction again) */
         uint32_t re[2] = { 0, 0 };
         if (used > 0 && nvisa_g80_encode(&insn, re) == used) {
            uint32_t x0 = w[i] ^ re[0], x1 = used == 2 ? w[i + 1] ^ re[1] : 0;
            if (x0 || x1)
               printf(" unnamed=%08x,%08x", x0, x1);
         }
         printf("\n");
      } else {
         printf("%s\n", buf);
      }
      if (used < 0)
         ret = 1;
      i += words;
   }
   return ret;
}

/* Raw field dump with the generated field table of an ISA. */
static void
print_fields(const struct nvisa_field *fields, unsigned count,
             const uint32_t *w)
{
   for (unsigned f = 0; f < count; f++) {
      uint32_t v = nvisa_field_get(&fields[f], w);
      if (v)
         printf(" %s=0x%x", fields[f].name, v);
   }
   printf("\n");
}

/* FP instructions followed by an inline constant: a source of type 2
 * (nvfx_shader.h NVFX_FP_REG_TYPE_CONST), same position on NV30 and NV40. */
static bool
nv30_fp_has_const(const uint32_t *w)
{
   return nvisa_nv30_fp_get_src0_type(w) == NVISA_NV30_FP_TYPE_CONST ||
          nvisa_nv30_fp_get_src1_type(w) == NVISA_NV30_FP_TYPE_CONST ||
          nvisa_nv30_fp_get_src2_type(w) == NVISA_NV30_FP_TYPE_CONST;
}

static int
dump_fields(bool nv30, int kind, const uint32_t *w, size_t n)
{
   if (kind == 1) {
      for (size_t i = 0; i + 4 <= n; i += 4) {
         printf("%3zu: %08x %08x %08x %08x ", i / 4, w[i], w[i + 1], w[i + 2],
                w[i + 3]);
         if (nv30)
            print_fields(nvisa_nv30_vp_fields, NVISA_NV30_VP_F__COUNT, w + i);
         else
            print_fields(nvisa_nv40_vp_fields, NVISA_NV40_VP_F__COUNT, w + i);
      }
      return 0;
   }
   size_t i = 0;
   while (i + 4 <= n) {
      printf("%3zu: %08x %08x %08x %08x ", i, w[i], w[i + 1], w[i + 2],
             w[i + 3]);
      bool k;
      if (nv30) {
         print_fields(nvisa_nv30_fp_fields, NVISA_NV30_FP_F__COUNT, w + i);
         k = nv30_fp_has_const(w + i);
      } else {
         print_fields(nvisa_nv40_fp_fields, NVISA_NV40_FP_F__COUNT, w + i);
         k = nvisa_nv40_fp_insn_words(w + i) == 8;
      }
      i += 4;
      if (k) {
         if (i + 4 > n) {
            printf("     (inline constant missing)\n");
            return 1;
         }
         printf("     %08x %08x %08x %08x  (constant)\n", w[i], w[i + 1],
                w[i + 2], w[i + 3]);
         i += 4;
      }
   }
   return 0;
}

int
main(int argc, char **argv)
{
   int kind = 0;            /* 1 = vp, 2 = fp, 3 = gp (Tesla only) */
   int format = 0;          /* 0 = guess, 1 = hex, 2 = bin */
   const char *path = NULL;
   bool fields = false, nv30 = false, g80 = false;

   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--vp"))
         kind = 1;
      else if (!strcmp(argv[i], "--fp"))
         kind = 2;
      else if (!strcmp(argv[i], "--gp"))
         kind = 3;
      else if (!strcmp(argv[i], "--fields"))
         fields = true;
      else if (!strcmp(argv[i], "--hex"))
         format = 1;
      else if (!strcmp(argv[i], "--bin"))
         format = 2;
      else if (!strcmp(argv[i], "--chip")) {
         if (i + 1 >= argc) {
            usage(stderr);
            return 2;
         }
         /* a codename or hex chipset id of hwdb's chip table; its
          * shader ISA picks the decoder */
         const char *chip = argv[++i];
         char *end;
         unsigned long id = strtoul(chip, &end, 16);
         const struct nvhwdb_chip *row = nvhwdb_chip_find_name(chip);
         if (!row && *chip && !*end)
            row = nvhwdb_chip_find(id);
         if (row && row->isa == NVHWDB_ISA_NV30) {
            nv30 = true;
         } else if (row && row->isa == NVHWDB_ISA_G80) {
            g80 = true;
         } else if (!row || row->isa != NVHWDB_ISA_NV40) {
            fprintf(stderr, "nvdis: chip %s not supported (a rankine, "
                    "curie or tesla chip: nv40, nv30, 44, g80, ...)\n",
                    chip);
            return 2;
         }
      } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
         usage(stdout);
         return 0;
      } else if (argv[i][0] == '-' && argv[i][1]) {
         fprintf(stderr, "nvdis: unknown option %s\n", argv[i]);
         usage(stderr);
         return 2;
      } else if (!path) {
         path = argv[i];
      } else {
         usage(stderr);
         return 2;
      }
   }
   if ((!kind && !g80) || (kind == 3 && !g80) || !path) {
      usage(stderr);
      return 2;
   }

   size_t size;
   unsigned char *data = read_all(path, &size);
   if (!data)
      return 1;

   uint32_t *words = NULL;
   size_t nwords;
   if (format == 1 || (format == 0 && looks_like_text(data, size))) {
      long n = parse_hex((const char *)data, &words);
      if (n < 0) {
         free(data);
         return 1;
      }
      nwords = (size_t)n;
   } else {
      if (size % 4)
         fprintf(stderr, "nvdis: warning: %zu trailing bytes ignored\n",
                 size % 4);
      nwords = size / 4;
      words = malloc((nwords ? nwords : 1) * sizeof(*words));
      if (!words) {
         free(data);
         return 1;
      }
      for (size_t i = 0; i < nwords; i++)
         words[i] = (uint32_t)data[4 * i] | (uint32_t)data[4 * i + 1] << 8 |
                    (uint32_t)data[4 * i + 2] << 16 |
                    (uint32_t)data[4 * i + 3] << 24;
   }
   free(data);

   if (g80) {
      enum nvisa_g80_ptype ptype = kind == 1 ? NVISA_G80_PTYPE_VP :
                                   kind == 2 ? NVISA_G80_PTYPE_FP :
                                   kind == 3 ? NVISA_G80_PTYPE_GP :
                                   NVISA_G80_PTYPE_ANY;
      int r = dis_g80(fields, ptype, words, nwords);
      free(words);
      return r;
   }

   bool raw = fields || (nv30 && kind == 1);
   if (raw && !fields)
      fprintf(stderr, "nvdis: no nv30 vertex program disassembler yet, "
                      "printing fields\n");
   int ret;
   if (raw)
      ret = dump_fields(nv30, kind, words, nwords);
   else
      ret = kind == 1 ? dis_vp(words, nwords) : dis_fp(nv30, words, nwords);
   free(words);
   return ret;
}
