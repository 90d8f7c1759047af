/*
 * The Tesla encoder: the allocated IR packed into code words through
 * libnvisa (nvisa_g80_encode: every bit position is g80.xml's), and the
 * disassembly of a program through libnvisa's disassembler.
 *
 * A program ends at an instruction with "exit" in its CTRL field (word 1
 * bits 0-1 of a long instruction, g80.xml CTRL: 1 exit, 2 join; envydis
 * tabroot and Mesa's nv50 emitter agree).  The immediate forms use those
 * bits to say they are immediate, so a program whose last instruction is
 * one ends with a `nop exit`.  Every instruction selected is long (two
 * words), so each starts on an even word as isa.rst requires.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/shader_enums.h"
#include "nvc_g80.h"
#include "nvc_g80_ir.h"

#define G(x) NVISA_G80_##x

/* g80.xml MOD CTRL (field CTRL, word 1 bits 0-1): 1 is exit */
#define CTRL_EXIT 1

static bool
form_has_mod(unsigned op, unsigned mod)
{
   const struct nvisa_form *f = nvisa_g80_form(op);
   for (unsigned i = 0; i < f->nmods; i++)
      if (f->mod[i].mod == mod)
         return true;
   return false;
}

bool
nvc_g80_emit(const struct nvc_g80_ir *ir, const char *chip, uint32_t **code,
             unsigned *words, char **err)
{
   unsigned n = ir->num_insns;
   bool need_nop = !n || !form_has_mod(ir->insns[n - 1].hw.op, G(MOD_CTRL));
   unsigned total = n + (need_nop ? 1 : 0);
   uint32_t *w = calloc(total * NVISA_FORM_MAX_WORDS, sizeof(uint32_t));
   unsigned at = 0;

   if (!w) {
      *err = strdup("out of memory");
      return false;
   }
   for (unsigned i = 0; i < total; i++) {
      struct nvisa_g80_insn hw;
      if (i < n) {
         hw = ir->insns[i].hw;
      } else {
         nvisa_g80_insn_init(&hw, G(OP_NOP));
      }
      if (i == total - 1)
         hw.mod[G(MOD_CTRL)] = CTRL_EXIT;
      int k = nvisa_g80_encode(&hw, &w[at]);
      if (k < 0) {
         *err = malloc(160);
         if (*err)
            snprintf(*err, 160, "%s: internal error: %s rejects its "
                     "operands (instruction %u)", chip,
                     nvisa_g80_form(hw.op)->name, i);
         free(w);
         return false;
      }
      at += k;
   }
   *code = w;
   *words = at;
   return true;
}

char *
nvc_g80_disasm(const struct nvc_g80_program *prog)
{
   size_t cap = 64 + prog->code_words * 48, len = 0;
   char *s = malloc(cap);
   enum nvisa_g80_ptype pt = prog->stage == MESA_SHADER_FRAGMENT ? NVISA_G80_PTYPE_FP : NVISA_G80_PTYPE_VP;
   if (!s)
      return NULL;
   s[0] = 0;
   for (unsigned at = 0; at < prog->code_words;) {
      char line[160];
      int k = nvisa_g80_disasm_ptype(&prog->code[at], prog->code_words - at,
                                     pt, line, sizeof(line));
      if (k < 0) {
         snprintf(line, sizeof(line), "(undecodable 0x%08x)", prog->code[at]);
         k = 1;
      }
      int m = snprintf(s + len, cap - len, "%04x: %s\n", at * 4, line);
      if (m < 0 || (size_t)m >= cap - len) {
         cap = cap * 2 + 256;
         char *t = realloc(s, cap);
         if (!t)
            break;
         s = t;
         continue;   /* print the line again */
      }
      len += m;
      at += k;
   }
   return s;
}
