/*
 * Tesla instructions: struct <-> words through the form table of g80.xml,
 * and disassembly.  Bit positions come only from the generated field
 * table; this file gives each operand kind its meaning (which fields
 * select a register or a memory operand, how offsets scale: envydis g80.c
 * "Memory fields", isa.rst "Memory").
 */
#include <ctype.h>
#include <string.h>

#include "nvisa_g80.h"
#include "nvisa_print.h"

#define G(x) NVISA_G80_##x

static uint32_t
fget(const uint32_t *w, unsigned f)
{
   return nvisa_field_get(&nvisa_g80_fields[f], w);
}

/* Sets field f; false if v does not fit. */
static bool
fset(uint32_t *w, unsigned f, uint32_t v)
{
   nvisa_field_set(&nvisa_g80_fields[f], w, v);
   return nvisa_fits(v, nvisa_g80_fields[f].width);
}

void
nvisa_g80_insn_init(struct nvisa_g80_insn *insn, unsigned op)
{
   memset(insn, 0, sizeof(*insn));
   if (op >= G(OP__COUNT))
      op = G(OP_INVALID_L);
   insn->op = op;
   /* Mesa emitFlagsRd: an unpredicated instruction tests "always". */
   insn->mod[G(MOD_PRED)] = G(COND_always);
   insn->mod[G(MOD_LANES)] = 0xf;
   const struct nvisa_form *form = nvisa_g80_form(op);
   for (unsigned i = 0; i < form->nopnds; i++)
      insn->opnd[i].size = form->opnd[i].size;
}

/* The $a of memory operands: short forms have only its low bits. */
static unsigned
areg_field(const struct nvisa_form *form)
{
   return form->words == 1 ? G(F_AREG_S) : G(F_AREG);
}

/* a[], v[]: 32-bit units (samem_imm, lamem_imm, vmem_imm shift 2); c[]:
 * units of the operand size (scmem16/32, l2cmem16/32). */
static void
mem_opnd(struct nvisa_g80_operand *o, unsigned file, uint32_t units,
         unsigned scale, unsigned areg)
{
   o->file = file;
   o->val = units * scale;
   o->areg = areg;
}

/* An a[] source of an ALU instruction (S0, L0) is never indexed: the
 * $a field applies to the instruction's c[] source alone (envydis g80.c
 * samem_m / lamem_m, the SATTR / LATTR operands of VP and GP, have no
 * $a, where p[] (spmem_m, lpmem_m) and the ld's a[] (famem_m, LD_A here)
 * have one; its hack notes: "For added fun, a[] behaves differently").
 * Upstream's VP for Pos[gl_InstanceID] adds a[0x0] and c0[$a1]. */

/* Both source type bits (23, 24) set: source 1 is p[] (geometry programs:
 * envydis tabss SPRIM, tablsw LPRIM; Mesa setSrcFileBits "GP && indirect"
 * 0x01800000).  Long forms: word 1 bit 21 set, the other sources are
 * registers; clear, they are c[] without $a (tablc2w/tablc3w GP rows).
 * Outside geometry programs no encoding sets both bits. */
static bool
prim_mode(const uint32_t *w)
{
   return fget(w, G(F_SRC1_CONST)) && fget(w, G(F_SRC2_CONST));
}

/* An s[] source of an ALU instruction in a compute program (isa.rst
 * "Shared memory access"): the field's high two bits are the mode, the
 * rest the offset in the mode's unit; "shared memory operands are always
 * indirect operands": the instruction's $a applies. */
static void
shared_src(struct nvisa_g80_operand *o, uint32_t v, unsigned width,
           unsigned areg)
{
   unsigned mode = v >> (width - 2);
   uint32_t units = v & ((1u << (width - 2)) - 1);
   mem_opnd(o, G(FILE_SHARED), units, nvisa_g80_smode_bytes(mode), areg);
   o->buf = mode;
}

static void
decode_opnd(const uint32_t *w, const struct nvisa_form *form, unsigned i,
            enum nvisa_g80_ptype ptype, struct nvisa_g80_insn *insn)
{
   const struct nvisa_form_opnd *k = &form->opnd[i];
   struct nvisa_g80_operand *o = &insn->opnd[i];
   unsigned areg = areg_field(form);
   unsigned csize = k->size < 4 ? k->size : 4;

   memset(o, 0, sizeof(*o));
   o->size = k->size;
   switch (k->kind) {
   case G(OPND_NONE):
      break;
   case G(OPND_REG):
      o->file = G(FILE_GPR);
      o->val = fget(w, k->field);
      break;
   case G(OPND_REG_O): {
      uint32_t v = fget(w, k->field);
      /* tablldst: 127 with the $o bit is "discard" (Mesa's bit bucket) */
      if (fget(w, G(F_OUT)))
         o->file = v == (1u << nvisa_g80_fields[k->field].width) - 1 ?
                   G(FILE_NONE) : G(FILE_OUT);
      else
         o->file = G(FILE_GPR);
      o->val = o->file == G(FILE_NONE) ? 0 : v;
      break;
   }
   case G(OPND_SAME_DST):
      *o = insn->opnd[0];
      o->size = k->size;
      break;
   case G(OPND_S0):
      /* p[]: both type bits (short), or bit 24 of a long immediate in a
       * geometry program (tabis) */
      if (fget(w, G(F_SRC0_MEM_S)) && ptype == NVISA_G80_PTYPE_CP &&
          !prim_mode(w)) {
         shared_src(o, fget(w, G(F_SSRC0)),
                    nvisa_g80_fields[G(F_SSRC0)].width, fget(w, areg));
      } else if (fget(w, G(F_SRC0_MEM_S))) {
         bool prim = form->words == 1 ? prim_mode(w) :
                     ptype == NVISA_G80_PTYPE_GP;
         mem_opnd(o, prim ? G(FILE_PRIM) : G(FILE_ATTR),
                  fget(w, G(F_SSRC0)), 4,
                  prim ? fget(w, areg) : 0);
      } else {
         o->file = G(FILE_GPR);
         o->val = fget(w, G(F_SSRC0));
      }
      break;
   case G(OPND_S1):
      if (fget(w, G(F_SRC1_CONST)) && !prim_mode(w)) {
         mem_opnd(o, G(FILE_CONST), fget(w, G(F_S_CONST_OFF)), csize,
                  fget(w, areg));
         o->buf = fget(w, G(F_S_CBUF));
      } else {
         o->file = G(FILE_GPR);
         o->val = fget(w, G(F_SSRC1));
      }
      break;
   case G(OPND_L0):
      if (prim_mode(w))
         mem_opnd(o, G(FILE_PRIM), fget(w, G(F_SRC0)), 4, fget(w, areg));
      else if (fget(w, G(F_SRC0_MEM)) && ptype == NVISA_G80_PTYPE_CP)
         shared_src(o, fget(w, G(F_SRC0)), nvisa_g80_fields[G(F_SRC0)].width,
                    fget(w, areg));
      else if (fget(w, G(F_SRC0_MEM)))
         mem_opnd(o, G(FILE_ATTR), fget(w, G(F_SRC0)), 4, 0);
      else {
         o->file = G(FILE_GPR);
         o->val = fget(w, G(F_SRC0));
      }
      break;
   case G(OPND_L1):
   case G(OPND_L2): {
      bool l1 = k->kind == G(OPND_L1);
      unsigned reg = l1 ? G(F_SRC1) : G(F_SRC2);
      bool prim = prim_mode(w);
      if (fget(w, l1 ? G(F_SRC1_CONST) : G(F_SRC2_CONST)) &&
          !(prim && fget(w, G(F_SRC0_MEM)))) {
         /* with p[], c[] takes no $a (envydis L2CONST32NA) */
         mem_opnd(o, G(FILE_CONST), fget(w, reg), csize,
                  prim ? 0 : fget(w, areg));
         o->buf = fget(w, G(F_CBUF));
      } else {
         o->file = G(FILE_GPR);
         o->val = fget(w, reg);
      }
      break;
   }
   case G(OPND_IMM):
      o->file = G(FILE_IMM);
      o->val = fget(w, k->field);
      break;
   case G(OPND_ADDR):
      o->file = G(FILE_ADDR);
      o->val = fget(w, k->field);
      break;
   case G(OPND_COND):
      o->file = G(FILE_COND);
      o->val = fget(w, k->field);
      break;
   case G(OPND_SREG):
      o->file = G(FILE_SREG);
      o->val = fget(w, k->field);
      break;
   case G(OPND_VAR_S):
   case G(OPND_VAR):
      mem_opnd(o, G(FILE_VAR), fget(w, k->field), 4, fget(w, areg));
      break;
   case G(OPND_ATTR):
      mem_opnd(o, G(FILE_ATTR), fget(w, k->field), 4, fget(w, areg));
      break;
   case G(OPND_CONST):
      mem_opnd(o, G(FILE_CONST), fget(w, k->field), csize, fget(w, areg));
      o->buf = fget(w, G(F_CBUF));
      break;
   case G(OPND_LOCAL):
      mem_opnd(o, G(FILE_LOCAL), fget(w, k->field), 1, fget(w, areg));
      break;
   case G(OPND_GLOBAL):
   case G(OPND_GLOBAL2):
      o->file = G(FILE_GLOBAL);
      o->val = fget(w, k->field);
      o->buf = fget(w, k->kind == G(OPND_GLOBAL) ? G(F_G_IDX) : G(F_G2_IDX));
      break;
   case G(OPND_SHARED):
      /* ld/st s[]: the offset in units of the access (Mesa srcAddr16
       * "adj", emitSTORE's shifts); the mode from the form's size */
      mem_opnd(o, G(FILE_SHARED), fget(w, k->field), csize, fget(w, areg));
      o->buf = csize == 1 ? NVISA_G80_SMODE_U8 :
               csize == 2 ? NVISA_G80_SMODE_U16 : NVISA_G80_SMODE_B32;
      break;
   case G(OPND_OUTM):
      o->file = G(FILE_OUT);
      o->val = fget(w, k->field);
      o->areg = fget(w, areg);
      break;
   }
}

static bool
form_has_mod(const struct nvisa_form *form, unsigned mod)
{
   for (unsigned i = 0; i < form->nmods; i++)
      if (form->mod[i].mod == mod)
         return true;
   return false;
}

/* cvt operand sizes from its type bits (hwtest g80_fp.cc; Mesa emitCVT's
 * table): 16 or 32 bits, 32 or 64 with the G200 64-bit bit; an 8-bit
 * source is a half register, or a full one with the 32-bit bit. */
static void
cvt_sizes(struct nvisa_g80_insn *insn)
{
   const uint32_t *m = insn->mod;
   bool wide = m[G(MOD_WIDE)];
   insn->opnd[0].size = m[G(MOD_DST32)] ? (wide ? 8 : 4) : (wide ? 4 : 2);
   if (m[G(MOD_SRC8)])
      insn->opnd[1].size = m[G(MOD_SRC32)] ? 4 : 2;
   else
      insn->opnd[1].size = m[G(MOD_SRC32)] ? (wide ? 8 : 4) : (wide ? 4 : 2);
}

static int
find_form(const uint32_t *w, unsigned avail)
{
   if (!avail || nvisa_g80_insn_words(w) > avail)
      return -1;
   unsigned words = nvisa_g80_insn_words(w);
   for (unsigned op = 0; op < G(OP__COUNT); op++) {
      const struct nvisa_form *f = &nvisa_g80_forms[op];
      bool hit = f->words == words;
      for (unsigned i = 0; i < f->words && hit; i++)
         hit = (w[i] & f->mask[i]) == f->match[i];
      if (hit)
         return op;
   }
   return -1;
}

int
nvisa_g80_decode(const uint32_t *in, unsigned avail,
                 struct nvisa_g80_insn *insn)
{
   return nvisa_g80_decode_ptype(in, avail, NVISA_G80_PTYPE_ANY, insn);
}

int
nvisa_g80_decode_ptype(const uint32_t *in, unsigned avail,
                       enum nvisa_g80_ptype ptype,
                       struct nvisa_g80_insn *insn)
{
   int op = find_form(in, avail);
   /* an instruction cut short: decode what there is as the invalid form */
   if (op < 0) {
      nvisa_g80_insn_init(insn, in && avail && (in[0] & 1) ?
                          G(OP_INVALID_L) : G(OP_INVALID_S));
      return -1;
   }
   const struct nvisa_form *form = &nvisa_g80_forms[op];
   nvisa_g80_insn_init(insn, op);
   for (unsigned i = 0; i < form->nmods; i++)
      insn->mod[form->mod[i].mod] = fget(in, form->mod[i].field);
   for (unsigned i = 0; i < form->nopnds; i++)
      decode_opnd(in, form, i, ptype, insn);
   /* l[]/g[] accesses: the register operand is as wide as the type
    * (tabldsto: b64 a $rd, b128 a $rq, others one $r) */
   if (form_has_mod(form, G(MOD_TYPE))) {
      unsigned t = insn->mod[G(MOD_TYPE)];
      for (unsigned i = 0; i < form->nopnds; i++)
         if (form->opnd[i].kind == G(OPND_REG))
            insn->opnd[i].size = t == G(LDST_TYPE_b64) ? 8 :
                                 t == G(LDST_TYPE_b128) ? 16 : 4;
   }
   if (form_has_mod(form, G(MOD_DST32)))
      cvt_sizes(insn);
   if (form->flags & G(FLAG_INVALID))
      return -1;
   return form->words;
}

/* A memory offset in the units of its field. */
static bool
mem_units(const struct nvisa_g80_operand *o, unsigned scale, uint32_t *units)
{
   *units = o->val / scale;
   return o->val % scale == 0;
}

/* An ALU s[] source (shared_src): the mode in the field's high two bits. */
static bool
encode_shared_src(uint32_t *w, unsigned field, const struct nvisa_g80_operand *o)
{
   unsigned width = nvisa_g80_fields[field].width;
   uint32_t units = 0;
   bool ok = o->buf <= NVISA_G80_SMODE_B32 &&
             mem_units(o, nvisa_g80_smode_bytes(o->buf), &units) &&
             units < (1u << (width - 2));
   return fset(w, field, (uint32_t)o->buf << (width - 2) |
               (units & ((1u << (width - 2)) - 1))) && ok;
}

static bool
encode_opnd(uint32_t *w, const struct nvisa_form *form, unsigned i,
            const struct nvisa_g80_insn *insn)
{
   const struct nvisa_form_opnd *k = &form->opnd[i];
   const struct nvisa_g80_operand *o = &insn->opnd[i];
   unsigned areg = areg_field(form);
   unsigned csize = k->size < 4 ? k->size : 4;
   uint32_t units = 0;
   bool ok = true;

   switch (k->kind) {
   case G(OPND_NONE):
      return o->file == G(FILE_NONE);
   case G(OPND_REG):
      return o->file == G(FILE_GPR) && fset(w, k->field, o->val);
   case G(OPND_REG_O):
      if (o->file == G(FILE_NONE)) {
         fset(w, G(F_OUT), 1);
         return fset(w, k->field, (1u << nvisa_g80_fields[k->field].width) - 1);
      }
      fset(w, G(F_OUT), o->file == G(FILE_OUT));
      return (o->file == G(FILE_GPR) || o->file == G(FILE_OUT)) &&
             fset(w, k->field, o->val);
   case G(OPND_SAME_DST):
      /* the addend is the destination register: nothing to encode */
      return o->file == insn->opnd[0].file && o->val == insn->opnd[0].val;
   case G(OPND_S0):
      if (o->file == G(FILE_GPR)) {
         fset(w, G(F_SRC0_MEM_S), 0);
         return fset(w, G(F_SSRC0), o->val);
      }
      if (o->file == G(FILE_SHARED)) {
         fset(w, G(F_SRC0_MEM_S), 1);
         return encode_shared_src(w, G(F_SSRC0), o) &&
                fset(w, areg, o->areg);
      }
      ok = (o->file == G(FILE_ATTR) || o->file == G(FILE_PRIM)) &&
           mem_units(o, 4, &units);
      fset(w, G(F_SRC0_MEM_S), 1);
      /* a long immediate reads p[] with bit 24 alone (in geometry
       * programs, which alone have p[]) */
      if (o->file == G(FILE_PRIM) && form->words == 1)
         fset(w, G(F_SRC1_CONST), 1);
      ok &= fset(w, G(F_SSRC0), units);
      /* a[] has no $a here (above): the field is the c[] source's */
      if (o->file == G(FILE_ATTR))
         return !o->areg && ok;
      return fset(w, areg, o->areg) && ok;
   case G(OPND_S1):
      if (o->file == G(FILE_GPR)) {
         /* leave the p[] selection of source 1 alone */
         if (!prim_mode(w))
            fset(w, G(F_SRC1_CONST), 0);
         return fset(w, G(F_SSRC1), o->val);
      }
      ok = o->file == G(FILE_CONST) && mem_units(o, csize, &units);
      fset(w, G(F_SRC1_CONST), 1);
      ok &= fset(w, G(F_S_CONST_OFF), units);
      ok &= fset(w, G(F_S_CBUF), o->buf);
      return fset(w, areg, o->areg) && ok;
   case G(OPND_L0):
      if (o->file == G(FILE_GPR)) {
         fset(w, G(F_SRC0_MEM), 0);
         return fset(w, G(F_SRC0), o->val);
      }
      if (o->file == G(FILE_SHARED)) {
         fset(w, G(F_SRC0_MEM), 1);
         return encode_shared_src(w, G(F_SRC0), o) &&
                fset(w, areg, o->areg);
      }
      ok = (o->file == G(FILE_ATTR) || o->file == G(FILE_PRIM)) &&
           mem_units(o, 4, &units);
      /* p[]: both type bits, and bit 53 until a c[] source clears it */
      fset(w, G(F_SRC0_MEM), 1);
      if (o->file == G(FILE_PRIM)) {
         fset(w, G(F_SRC1_CONST), 1);
         fset(w, G(F_SRC2_CONST), 1);
      }
      ok &= fset(w, G(F_SRC0), units);
      if (o->file == G(FILE_ATTR))
         return !o->areg && ok;
      return fset(w, areg, o->areg) && ok;
   case G(OPND_L1):
   case G(OPND_L2): {
      bool l1 = k->kind == G(OPND_L1);
      unsigned reg = l1 ? G(F_SRC1) : G(F_SRC2);
      unsigned sel = l1 ? G(F_SRC1_CONST) : G(F_SRC2_CONST);
      bool prim = prim_mode(w);
      if (o->file == G(FILE_GPR)) {
         if (!prim)
            fset(w, sel, 0);
         return fset(w, reg, o->val);
      }
      ok = o->file == G(FILE_CONST) && mem_units(o, csize, &units);
      ok &= fset(w, reg, units);
      ok &= fset(w, G(F_CBUF), o->buf);
      if (prim) {
         /* c[] beside p[]: no $a, word 1 bit 21 clear */
         fset(w, G(F_SRC0_MEM), 0);
         return !o->areg && ok;
      }
      fset(w, sel, 1);
      return fset(w, areg, o->areg) && ok;
   }
   case G(OPND_IMM):
      return o->file == G(FILE_IMM) && fset(w, k->field, o->val);
   case G(OPND_ADDR):
      return o->file == G(FILE_ADDR) && fset(w, k->field, o->val);
   case G(OPND_COND):
      return o->file == G(FILE_COND) && fset(w, k->field, o->val);
   case G(OPND_SREG):
      return o->file == G(FILE_SREG) && fset(w, k->field, o->val);
   case G(OPND_VAR_S):
   case G(OPND_VAR):
   case G(OPND_ATTR):
      ok = o->file == (k->kind == G(OPND_ATTR) ? G(FILE_ATTR) : G(FILE_VAR)) &&
           mem_units(o, 4, &units);
      ok &= fset(w, k->field, units);
      return fset(w, areg, o->areg) && ok;
   case G(OPND_CONST):
      ok = o->file == G(FILE_CONST) && mem_units(o, csize, &units);
      ok &= fset(w, k->field, units);
      ok &= fset(w, G(F_CBUF), o->buf);
      return fset(w, areg, o->areg) && ok;
   case G(OPND_LOCAL):
      ok = o->file == G(FILE_LOCAL) && fset(w, k->field, o->val);
      return fset(w, areg, o->areg) && ok;
   case G(OPND_GLOBAL):
   case G(OPND_GLOBAL2):
      ok = o->file == G(FILE_GLOBAL) && fset(w, k->field, o->val);
      return fset(w, k->kind == G(OPND_GLOBAL) ? G(F_G_IDX) : G(F_G2_IDX),
                  o->buf) && ok;
   case G(OPND_SHARED):
      ok = o->file == G(FILE_SHARED) && mem_units(o, csize, &units) &&
           nvisa_g80_smode_bytes(o->buf) == csize;
      ok &= fset(w, k->field, units);
      return fset(w, areg, o->areg) && ok;
   case G(OPND_OUTM):
      ok = o->file == G(FILE_OUT) && fset(w, k->field, o->val);
      return fset(w, areg, o->areg) && ok;
   }
   return false;
}

int
nvisa_g80_encode(const struct nvisa_g80_insn *insn,
                 uint32_t out[NVISA_FORM_MAX_WORDS])
{
   memset(out, 0, NVISA_FORM_MAX_WORDS * sizeof(uint32_t));
   if (insn->op >= G(OP__COUNT))
      return -1;
   const struct nvisa_form *form = &nvisa_g80_forms[insn->op];
   bool ok = !(form->flags & G(FLAG_INVALID));

   for (unsigned i = 0; i < form->words; i++)
      out[i] = form->match[i];
   for (unsigned i = 0; i < form->nmods; i++)
      ok &= fset(out, form->mod[i].field, insn->mod[form->mod[i].mod]);
   /* operands after the modifiers: a $c destination operand (mov to $c)
    * and the CC_DST modifier name the same field */
   for (unsigned i = 0; i < form->nopnds; i++)
      ok &= encode_opnd(out, form, i, insn);
   return ok ? form->words : -1;
}

/* --- disassembly ---------------------------------------------------- */

static const char *
name_or(const char *const *names, unsigned count, unsigned v)
{
   return v < count && names[v] ? names[v] : NULL;
}

#define NAME(tab, v) name_or(tab, sizeof(tab) / sizeof(tab[0]), v)

static void
print_areg(struct nvisa_strbuf *sb, const struct nvisa_g80_operand *o)
{
   if (o->areg)
      nvisa_sb_printf(sb, "$a%u+", o->areg);
}

static void
print_opnd(struct nvisa_strbuf *sb, const struct nvisa_g80_operand *o)
{
   static const char *const size_suffix[17] = {
      [8] = "d", [16] = "q",
   };
   switch (o->file) {
   case G(FILE_NONE):
      nvisa_sb_printf(sb, "_");
      break;
   case G(FILE_GPR):
      if (o->size == 2)
         nvisa_sb_printf(sb, "$r%u%c", o->val >> 1, (o->val & 1) ? 'h' : 'l');
      else
         nvisa_sb_printf(sb, "$r%u%s", o->val,
                         o->size < 17 && size_suffix[o->size] ?
                         size_suffix[o->size] : "");
      break;
   case G(FILE_OUT):
      if (o->areg) {
         nvisa_sb_printf(sb, "o[");
         print_areg(sb, o);
         nvisa_sb_printf(sb, "0x%x]", o->val * 4);
      } else {
         nvisa_sb_printf(sb, "$o%u%s", o->size == 2 ? o->val >> 1 : o->val,
                         o->size == 2 ? ((o->val & 1) ? "h" : "l") : "");
      }
      break;
   case G(FILE_IMM):
      nvisa_sb_printf(sb, "0x%x", o->val);
      break;
   case G(FILE_ADDR):
      nvisa_sb_printf(sb, "$a%u", o->val);
      break;
   case G(FILE_COND):
      nvisa_sb_printf(sb, "$c%u", o->val);
      break;
   case G(FILE_SREG): {
      const char *n = NAME(nvisa_g80_sreg_names, o->val);
      if (n)
         nvisa_sb_printf(sb, "$%s", n);
      else
         nvisa_sb_printf(sb, "$sr%u", o->val);
      break;
   }
   case G(FILE_ATTR):
   case G(FILE_VAR):
   case G(FILE_LOCAL):
   case G(FILE_PRIM):
      nvisa_sb_printf(sb, "%c[", o->file == G(FILE_ATTR) ? 'a' :
                      o->file == G(FILE_VAR) ? 'v' :
                      o->file == G(FILE_PRIM) ? 'p' : 'l');
      print_areg(sb, o);
      nvisa_sb_printf(sb, "0x%x]", o->val);
      break;
   case G(FILE_CONST):
      nvisa_sb_printf(sb, "c%u[", o->buf);
      print_areg(sb, o);
      nvisa_sb_printf(sb, "0x%x]", o->val);
      break;
   case G(FILE_GLOBAL):
      nvisa_sb_printf(sb, "g%u[$r%u]", o->buf, o->val);
      break;
   case G(FILE_SHARED): {
      static const char *const mode[] = { "u8", "u16", "s16", "b32" };
      nvisa_sb_printf(sb, "%s s[", mode[o->buf & 3]);
      print_areg(sb, o);
      nvisa_sb_printf(sb, "0x%x]", o->val);
      break;
   }
   }
}

static void
print_mods(struct nvisa_strbuf *sb, const struct nvisa_form *form,
           const struct nvisa_g80_insn *insn)
{
   for (unsigned i = 0; i < form->nmods; i++) {
      unsigned m = form->mod[i].mod;
      uint32_t v = insn->mod[m];
      const char *n;
      switch (m) {
      case G(MOD_PRED): case G(MOD_PRED_C): case G(MOD_CC_DST):
      case G(MOD_CC_WR): case G(MOD_CTRL): case G(MOD_TARGET):
         break;   /* printed around the operands */
      case G(MOD_RND):
         /* conversions to an integer (f2i, f2f rint) name the rounding
          * always, rni included (envydis tabcvtrint) */
         if (insn->op == G(OP_CVT_F2I) ||
             (insn->op == G(OP_CVT_F2F) && insn->mod[G(MOD_RINT)]))
            nvisa_sb_printf(sb, " %s", NAME(nvisa_g80_rint_names, v));
         else if (v)
            nvisa_sb_printf(sb, " %s", NAME(nvisa_g80_rnd_names, v));
         break;
      case G(MOD_SRC32): case G(MOD_SRC8): case G(MOD_SSIGNED):
      case G(MOD_WIDE): case G(MOD_DST32): case G(MOD_DSIGNED):
      case G(MOD_DST8): case G(MOD_RINT):
         break;   /* cvt types: print_cvt_types */
      case G(MOD_CMP):
         n = NAME(nvisa_g80_cond_names, v);
         if (n)
            nvisa_sb_printf(sb, " %s", n);
         else
            nvisa_sb_printf(sb, " cmp0x%x", v);
         break;
      case G(MOD_TYPE):
         n = NAME(nvisa_g80_ldst_type_names, v);
         if (n)
            nvisa_sb_printf(sb, " %s", n);
         else
            nvisa_sb_printf(sb, " type%u", v);
         break;
      case G(MOD_LANES):
         if (v != 0xf)
            nvisa_sb_printf(sb, " lanes0x%x", v);
         break;
      case G(MOD_ADDOP): {
         static const char *const addop[4] = { NULL, "sub", "subr", "addc" };
         if (addop[v & 3])
            nvisa_sb_printf(sb, " %s", addop[v & 3]);
         break;
      }
      case G(MOD_TEX):
         nvisa_sb_printf(sb, " $t%u", v);
         break;
      case G(MOD_SAMP):
         nvisa_sb_printf(sb, " $s%u", v);
         break;
      case G(MOD_ARGC):
         nvisa_sb_printf(sb, " argc%u", v + 1);
         break;
      case G(MOD_MASK):
         nvisa_sb_printf(sb, " mask0x%x", v);
         break;
      case G(MOD_OFFSET):
         if (v)
            nvisa_sb_printf(sb, " off0x%03x", v);
         break;
      case G(MOD_LANE): {
         /* hwtest g80_fp.cc fswz: 4 and 6 read lane ^ 1, 5 and 7 lane ^ 2 */
         static const char *const lane[8] = {
            "l0", "l1", "l2", "l3", "dx", "dy", "dx", "dy" };
         nvisa_sb_printf(sb, " %s", lane[v & 7]);
         break;
      }
      case G(MOD_QOP):
         nvisa_sb_printf(sb, " qop0x%02x", v);
         break;
      default: {
         /* one-bit modifiers: sat, neg0, abs1, signed, ... */
         char lower[16];
         const char *name = nvisa_g80_mod_names[m];
         unsigned j;
         for (j = 0; name[j] && j + 1 < sizeof(lower); j++)
            lower[j] = tolower((unsigned char)name[j]);
         lower[j] = 0;
         if (v == 1)
            nvisa_sb_printf(sb, " %s", lower);
         else if (v)
            nvisa_sb_printf(sb, " %s=0x%x", lower, v);
         break;
      }
      }
   }
}

/* " s32 f32": cvt destination and source types. */
static void
print_cvt_types(struct nvisa_strbuf *sb, const struct nvisa_g80_insn *insn)
{
   const uint32_t *m = insn->mod;
   bool dfloat = insn->op == G(OP_CVT_I2F) || insn->op == G(OP_CVT_F2F);
   bool sfloat = insn->op == G(OP_CVT_F2I) || insn->op == G(OP_CVT_F2F);
   if (dfloat)
      nvisa_sb_printf(sb, " f%u", insn->opnd[0].size * 8);
   else
      nvisa_sb_printf(sb, " %c%u", m[G(MOD_DSIGNED)] ? 's' : 'u',
                      m[G(MOD_DST8)] ? 8 : insn->opnd[0].size * 8);
   if (sfloat)
      nvisa_sb_printf(sb, " f%u", insn->opnd[1].size * 8);
   else
      nvisa_sb_printf(sb, " %c%u", m[G(MOD_SSIGNED)] ? 's' : 'u',
                      m[G(MOD_SRC8)] ? 8 : insn->opnd[1].size * 8);
}

int
nvisa_g80_disasm(const uint32_t *in, unsigned avail, char *buf, size_t n)
{
   return nvisa_g80_disasm_ptype(in, avail, NVISA_G80_PTYPE_ANY, buf, n);
}

int
nvisa_g80_disasm_ptype(const uint32_t *in, unsigned avail,
                       enum nvisa_g80_ptype ptype, char *buf, size_t n)
{
   struct nvisa_strbuf sb = { buf, n, 0 };
   struct nvisa_g80_insn insn;
   int words = nvisa_g80_decode_ptype(in, avail, ptype, &insn);
   const struct nvisa_form *form = &nvisa_g80_forms[insn.op];

   if (n)
      buf[0] = 0;
   if (words < 0) {
      if (!avail)
         nvisa_sb_printf(&sb, "(no instruction)");
      else if ((in[0] & 1) && avail < 2)
         nvisa_sb_printf(&sb, "(long instruction cut short)");
      else
         nvisa_sb_printf(&sb, "%s", form->asm_name);
      return -1;
   }
   if (form_has_mod(form, G(MOD_PRED)) &&
       insn.mod[G(MOD_PRED)] != G(COND_always)) {
      const char *c = NAME(nvisa_g80_cond_names, insn.mod[G(MOD_PRED)]);
      if (c)
         nvisa_sb_printf(&sb, "@$c%u.%s ", insn.mod[G(MOD_PRED_C)], c);
      else
         nvisa_sb_printf(&sb, "@$c%u.0x%x ", insn.mod[G(MOD_PRED_C)],
                         insn.mod[G(MOD_PRED)]);
   }
   nvisa_sb_printf(&sb, "%s", form->asm_name);
   print_mods(&sb, form, &insn);
   if (form_has_mod(form, G(MOD_DST32)))
      print_cvt_types(&sb, &insn);
   bool first = true;
   for (unsigned i = 0; i < form->nopnds; i++) {
      if (form->opnd[i].kind == G(OPND_SAME_DST) ||
          form->opnd[i].kind == G(OPND_NONE))
         continue;
      nvisa_sb_printf(&sb, first ? " " : ", ");
      first = false;
      if (i == 0 && form_has_mod(form, G(MOD_CC_WR)) &&
          insn.mod[G(MOD_CC_WR)] &&
          form->opnd[0].kind != G(OPND_COND))
         nvisa_sb_printf(&sb, "$c%u ", insn.mod[G(MOD_CC_DST)]);
      print_opnd(&sb, &insn.opnd[i]);
   }
   if (form_has_mod(form, G(MOD_TARGET)))
      nvisa_sb_printf(&sb, " 0x%x", insn.mod[G(MOD_TARGET)] * 4);
   if (form_has_mod(form, G(MOD_CTRL))) {
      if (insn.mod[G(MOD_CTRL)] == 1)
         nvisa_sb_printf(&sb, " exit");
      else if (insn.mod[G(MOD_CTRL)] == 2)
         nvisa_sb_printf(&sb, " join");
   }
   return words;
}
