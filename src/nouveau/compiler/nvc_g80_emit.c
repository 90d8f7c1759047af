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
 *
 * Control flow (nvc_g80_isel_cf.c): labels are not encoded, a target is
 * the word address of the instruction after its label (g80.xml TARGET:
 * byte address / 4, for code at address 0: the word indices are
 * returned as relocations, nvc_g80_relocate adds the upload address);
 * the join modifier is CTRL 2.  The exit goes on a last instruction
 * that can carry it: not a control instruction (the modifiers do
 * nothing there, docs/tesla.md), not one that already joins, not the
 * position a label marks (branches to the end need an instruction
 * there); otherwise a `nop exit` follows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/shader_enums.h"
#include "nvc_g80.h"
#include "nvc_g80_ir.h"

#define G(x) NVISA_G80_##x

/* g80.xml MOD CTRL (field CTRL, word 1 bits 0-1): 1 is exit, 2 join */
#define CTRL_EXIT 1
#define CTRL_JOIN 2

static bool
form_has_mod(unsigned op, unsigned mod)
{
   const struct nvisa_form *f = nvisa_g80_form(op);
   for (unsigned i = 0; i < f->nmods; i++)
      if (f->mod[i].mod == mod)
         return true;
   return false;
}

static bool
emit_fail(char **err, const char *chip, const char *what, unsigned i)
{
   *err = malloc(160);
   if (*err)
      snprintf(*err, 160, "%s: internal error: %s (instruction %u)", chip,
               what, i);
   return false;
}

bool
nvc_g80_emit(const struct nvc_g80_ir *ir, const char *chip, uint32_t **code,
             unsigned *words, uint32_t **reloc, unsigned *num_relocs,
             char **err)
{
   unsigned n = ir->num_insns;
   /* the word address of each label: the next encoded instruction */
   uint32_t *at = calloc(ir->num_labels + 1, sizeof(uint32_t));
   unsigned real = 0, last = n, nrel = 0;
   if (!at) {
      *err = strdup("out of memory");
      return false;
   }
   for (unsigned i = 0; i < n; i++) {
      const struct nvc_g80_insn *in = &ir->insns[i];
      if (in->label) {
         at[in->label] = real * 2;
         last = n;   /* a label after the last instruction */
         continue;
      }
      real++;
      last = i;
      if (in->target)
         nrel++;
   }
   const struct nvc_g80_insn *l = last < n ? &ir->insns[last] : NULL;
   /* nor a GP's emit or restart: what exit does there is not
    * documented */
   bool need_nop = !l || !form_has_mod(l->hw.op, G(MOD_CTRL)) || l->join ||
                   nvc_g80_is_control(l->hw.op) ||
                   l->hw.op == G(OP_EMIT) || l->hw.op == G(OP_RESTART);
   unsigned total = real + (need_nop ? 1 : 0);
   uint32_t *w = calloc(total * NVISA_FORM_MAX_WORDS, sizeof(uint32_t));
   uint32_t *rel = malloc((nrel ? nrel : 1) * sizeof(uint32_t));
   unsigned pos = 0;

   if (!w || !rel) {
      free(at);
      free(w);
      free(rel);
      *err = strdup("out of memory");
      return false;
   }
   nrel = 0;
   for (unsigned i = 0; i <= n; i++) {
      struct nvisa_g80_insn hw;
      if (i < n) {
         const struct nvc_g80_insn *in = &ir->insns[i];
         if (in->label)
            continue;
         hw = in->hw;
         if (in->join)
            hw.mod[G(MOD_CTRL)] = CTRL_JOIN;
         if (in->target) {
            hw.mod[G(MOD_TARGET)] = at[in->target];
            rel[nrel++] = pos;
         }
         if (!need_nop && i == last)
            hw.mod[G(MOD_CTRL)] = CTRL_EXIT;
      } else {
         if (!need_nop)
            break;
         nvisa_g80_insn_init(&hw, G(OP_NOP));
         hw.mod[G(MOD_CTRL)] = CTRL_EXIT;
      }
      int k = nvisa_g80_encode(&hw, &w[pos]);
      if (k != 2) {
         free(at);
         free(w);
         free(rel);
         return emit_fail(err, chip, k < 0 ? "an instruction rejects its "
                          "operands" : "a short instruction", i);
      }
      pos += k;
   }
   free(at);
   *code = w;
   *words = pos;
   *reloc = rel;
   *num_relocs = nrel;
   return true;
}

bool
nvc_g80_relocate(struct nvc_g80_program *prog, uint32_t base)
{
   for (unsigned r = 0; r < prog->num_relocs; r++) {
      uint32_t *w = &prog->code[prog->reloc[r]];
      struct nvisa_g80_insn hw;
      if (nvisa_g80_decode(w, 2, &hw) != 2)
         return false;
      hw.mod[G(MOD_TARGET)] += base / 4;
      if (nvisa_g80_encode(&hw, w) != 2)
         return false;
   }
   return true;
}

char *
nvc_g80_disasm(const struct nvc_g80_program *prog)
{
   size_t cap = 64 + prog->code_words * 48, len = 0;
   char *s = malloc(cap);
   enum nvisa_g80_ptype pt =
      prog->stage == MESA_SHADER_FRAGMENT ? NVISA_G80_PTYPE_FP :
      prog->stage == MESA_SHADER_GEOMETRY ? NVISA_G80_PTYPE_GP :
                                            NVISA_G80_PTYPE_VP;
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
