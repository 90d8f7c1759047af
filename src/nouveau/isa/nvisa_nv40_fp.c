/*
 * NV40 fragment program instructions: struct <-> words, and disassembly.
 * Every bit position comes from nv40_fp.xml (nvisa_nv40_fp_gen.h); this
 * file only maps the decoded struct onto the fields.
 */
#include <string.h>

#include "nvisa_nv30_fp.h"
#include "nvisa_nv40_fp.h"
#include "nvisa_print.h"

#define FP(x) NVISA_NV40_FP_##x

static const uint8_t src_swz_pos[4] = {
   FP(SRC_SWZ__X), FP(SRC_SWZ__Y), FP(SRC_SWZ__Z), FP(SRC_SWZ__W),
};
static const uint8_t cc_swz_pos[4] = {
   FP(CC_SWZ__X), FP(CC_SWZ__Y), FP(CC_SWZ__Z), FP(CC_SWZ__W),
};
static const uint8_t mask_pos[4] = {
   FP(OUT_MASK__X), FP(OUT_MASK__Y), FP(OUT_MASK__Z), FP(OUT_MASK__W),
};

/* Hardware source type <-> decoded file.  Type 3 is not known to be used
 * (nvfx_shader.h); it decodes as NVISA_FILE_NONE. */
static uint8_t
file_to_type(uint8_t file)
{
   switch (file) {
   case NVISA_FILE_TEMP: return FP(TYPE_TEMP);
   case NVISA_FILE_INPUT: return FP(TYPE_INPUT);
   case NVISA_FILE_CONST: return FP(TYPE_CONST);
   default: return 3;
   }
}

static uint8_t
type_to_file(uint32_t type)
{
   switch (type) {
   case FP(TYPE_TEMP): return NVISA_FILE_TEMP;
   case FP(TYPE_INPUT): return NVISA_FILE_INPUT;
   case FP(TYPE_CONST): return NVISA_FILE_CONST;
   default: return NVISA_FILE_NONE;
   }
}

void
nvisa_nv40_fp_insn_init(struct nvisa_nv40_fp_insn *insn)
{
   memset(insn, 0, sizeof(*insn));
   insn->cond = NVISA_COND_TR;
   for (unsigned c = 0; c < 4; c++) {
      insn->cc_swz[c] = c;
      for (unsigned s = 0; s < 3; s++)
         insn->src[s].swz[c] = c;
   }
   /* Unused sources read the input, as Mesa emits them (nvfx_fragprog.c). */
   for (unsigned s = 0; s < 3; s++)
      insn->src[s].file = NVISA_FILE_INPUT;
}

/* The NV30 and NV40 fragment program encodings share one layout, NV30
 * lacking some fields (nv30_fp.xml); both are described by a table of field
 * indices into their generated field tables, -1 for "no such field". */
struct fp_layout {
   const struct nvisa_field *fields;
   int end, opcode, is_branch, out_none, out_reg, out_half, out_mask, sat;
   int precision, cc_write, cond, cc_swz, input, tex_unit, scale;
   int addr_disp, index_input, no_persp;
   int bra_target, bra_end, loop_count, loop_init, loop_incr;
   int src_type[3], src_reg[3], src_half[3], src_swz[3], src_neg[3];
   int src_abs[3];
   const struct nvisa_op_info *ops;      /* 64 entries */
   const char *const *input_names;
   unsigned num_inputs;
   unsigned num_bra;                      /* branch opcodes (0: none) */
   const char *const *bra_names;
   const char *const *cond_names;
   const char *const *scale_names;
};

#define L40(x) NVISA_NV40_FP_F_##x
#define L40_SRC(f) { L40(SRC0_##f), L40(SRC1_##f), L40(SRC2_##f) }
static const struct fp_layout nv40_layout = {
   .fields = nvisa_nv40_fp_fields,
   .end = L40(END), .opcode = L40(OPCODE), .is_branch = L40(IS_BRANCH),
   .out_none = L40(OUT_NONE), .out_reg = L40(OUT_REG),
   .out_half = L40(OUT_HALF), .out_mask = L40(OUT_MASK), .sat = L40(SAT),
   .precision = L40(PRECISION), .cc_write = L40(CC_WRITE), .cond = L40(COND),
   .cc_swz = L40(CC_SWZ), .input = L40(INPUT), .tex_unit = L40(TEX_UNIT),
   .scale = L40(SCALE), .addr_disp = L40(ADDR_DISP),
   .index_input = L40(INDEX_INPUT), .no_persp = L40(NO_PERSP),
   .bra_target = L40(BRA_TARGET), .bra_end = L40(BRA_END),
   .loop_count = L40(LOOP_COUNT), .loop_init = L40(LOOP_INIT),
   .loop_incr = L40(LOOP_INCR),
   .src_type = L40_SRC(TYPE), .src_reg = L40_SRC(REG),
   .src_half = L40_SRC(HALF), .src_swz = L40_SRC(SWZ),
   .src_neg = L40_SRC(NEG), .src_abs = { L40(SRC0_ABS), L40(SRC1_ABS),
                                         L40(SRC2_ABS) },
   .ops = nvisa_nv40_fp_op_info,
   .input_names = nvisa_nv40_fp_input_names,
   .num_inputs = NVISA_NV40_FP_NUM_INPUTS,
   .num_bra = FP(BRA_RET) + 1,
   .bra_names = nvisa_nv40_fp_bra_names,
   .cond_names = nvisa_nv40_fp_cond_names,
   .scale_names = nvisa_nv40_fp_scale_names,
};

#define L30(x) NVISA_NV30_FP_F_##x
#define L30_SRC(f) { L30(SRC0_##f), L30(SRC1_##f), L30(SRC2_##f) }
static const struct fp_layout nv30_layout = {
   .fields = nvisa_nv30_fp_fields,
   .end = L30(END), .opcode = L30(OPCODE), .is_branch = -1,
   .out_none = L30(OUT_NONE), .out_reg = L30(OUT_REG),
   .out_half = L30(OUT_HALF), .out_mask = L30(OUT_MASK), .sat = L30(SAT),
   .precision = L30(PRECISION), .cc_write = L30(CC_WRITE), .cond = L30(COND),
   .cc_swz = L30(CC_SWZ), .input = L30(INPUT), .tex_unit = L30(TEX_UNIT),
   .scale = L30(SCALE), .addr_disp = L30(ADDR_DISP),
   .index_input = L30(INDEX_INPUT), .no_persp = L30(NO_PERSP),
   .bra_target = -1, .bra_end = -1, .loop_count = -1, .loop_init = -1,
   .loop_incr = -1,
   .src_type = L30_SRC(TYPE), .src_reg = L30_SRC(REG),
   .src_half = L30_SRC(HALF), .src_swz = L30_SRC(SWZ),
   .src_neg = L30_SRC(NEG), .src_abs = { L30(SRC0_ABS), L30(SRC1_ABS),
                                         L30(SRC2_ABS) },
   .ops = nvisa_nv30_fp_op_info,
   .input_names = nvisa_nv30_fp_input_names,
   .num_inputs = NVISA_NV30_FP_NUM_INPUTS,
   .num_bra = 0,
   .bra_names = NULL,
   .cond_names = nvisa_nv30_fp_cond_names,
   .scale_names = nvisa_nv30_fp_scale_names,
};

static uint32_t
get(const struct fp_layout *l, int f, const uint32_t *w)
{
   return f < 0 ? 0 : nvisa_field_get(&l->fields[f], w);
}

/* Sets a field; false if the value does not fit (or the field does not
 * exist and the value is not 0). */
static bool
set(const struct fp_layout *l, int f, uint32_t *w, uint32_t v)
{
   if (f < 0)
      return v == 0;
   nvisa_field_set(&l->fields[f], w, v);
   return nvisa_fits(v, l->fields[f].width);
}

static int
fp_encode(const struct fp_layout *l, const struct nvisa_nv40_fp_insn *insn,
          uint32_t out[4])
{
   bool ok = true;

   memset(out, 0, 4 * sizeof(uint32_t));

   ok &= set(l, l->end, out, insn->end);
   ok &= set(l, l->opcode, out, insn->op);
   ok &= set(l, l->is_branch, out, insn->is_branch);
   ok &= set(l, l->out_none, out, insn->out_none);
   ok &= set(l, l->out_reg, out, insn->out_reg);
   ok &= set(l, l->out_half, out, insn->out_half);
   ok &= set(l, l->out_mask, out, nvisa_pack_mask(insn->mask, mask_pos));
   ok &= set(l, l->sat, out, insn->sat);
   ok &= set(l, l->precision, out, insn->precision);
   ok &= set(l, l->cc_write, out, insn->cc_update);
   ok &= set(l, l->cond, out, insn->cond);
   ok &= set(l, l->cc_swz, out, nvisa_pack_swz(insn->cc_swz, cc_swz_pos));
   ok &= set(l, l->input, out, insn->input);
   ok &= set(l, l->tex_unit, out, insn->tex_unit);

   /* Source 0 is always there; branches reuse words 2 and 3 for their
    * targets and counts (nvfx_shader.h, "SRC1 IF/CAL/REP/LOOP"). */
   unsigned nsrc = insn->is_branch ? 1 : 3;
   for (unsigned s = 0; s < 3; s++) {
      const struct nvisa_src *src = &insn->src[s];
      if (s < nsrc) {
         if (src->file > NVISA_FILE_CONST)
            ok = false;
         ok &= set(l, l->src_type[s], out, file_to_type(src->file));
         ok &= set(l, l->src_reg[s], out, src->index);
         ok &= set(l, l->src_half[s], out, src->half);
         ok &= set(l, l->src_swz[s], out, nvisa_pack_swz(src->swz, src_swz_pos));
         ok &= set(l, l->src_neg[s], out, src->neg);
      }
      ok &= set(l, l->src_abs[s], out, src->abs);
   }

   if (insn->is_branch) {
      switch (insn->op) {
      case FP(BRA_LOOP):
      case FP(BRA_REP):
         ok &= set(l, l->loop_count, out, insn->loop_count);
         ok &= set(l, l->loop_init, out, insn->loop_init);
         ok &= set(l, l->loop_incr, out, insn->loop_incr);
         break;
      default:
         ok &= set(l, l->bra_target, out, insn->bra_target);
         break;
      }
      ok &= set(l, l->bra_end, out, insn->bra_end);
      ok &= set(l, l->is_branch, out, 1);
   } else {
      ok &= set(l, l->scale, out, insn->scale);
      ok &= set(l, l->addr_disp, out, insn->addr_disp);
      ok &= set(l, l->index_input, out, insn->index_input);
      ok &= set(l, l->no_persp, out, insn->no_persp);
   }
   return ok ? 0 : -1;
}

static int
fp_decode(const struct fp_layout *l, const uint32_t in[4],
          struct nvisa_nv40_fp_insn *insn)
{
   memset(insn, 0, sizeof(*insn));

   insn->end = get(l, l->end, in);
   insn->op = get(l, l->opcode, in);
   insn->is_branch = get(l, l->is_branch, in);
   insn->out_none = get(l, l->out_none, in);
   insn->out_reg = get(l, l->out_reg, in);
   insn->out_half = get(l, l->out_half, in);
   insn->mask = nvisa_unpack_mask(get(l, l->out_mask, in), mask_pos);
   insn->sat = get(l, l->sat, in);
   insn->precision = get(l, l->precision, in);
   insn->cc_update = get(l, l->cc_write, in);
   insn->cond = get(l, l->cond, in);
   nvisa_unpack_swz(get(l, l->cc_swz, in), cc_swz_pos, insn->cc_swz);
   insn->input = get(l, l->input, in);
   insn->tex_unit = get(l, l->tex_unit, in);

   unsigned nsrc = insn->is_branch ? 1 : 3;
   for (unsigned s = 0; s < 3; s++) {
      struct nvisa_src *src = &insn->src[s];
      if (s < nsrc) {
         src->file = type_to_file(get(l, l->src_type[s], in));
         src->index = get(l, l->src_reg[s], in);
         src->half = get(l, l->src_half[s], in);
         nvisa_unpack_swz(get(l, l->src_swz[s], in), src_swz_pos, src->swz);
         src->neg = get(l, l->src_neg[s], in);
      } else {
         src->file = NVISA_FILE_NONE;
         for (unsigned c = 0; c < 4; c++)
            src->swz[c] = c;
      }
      src->abs = get(l, l->src_abs[s], in);
   }

   if (insn->is_branch) {
      switch (insn->op) {
      case FP(BRA_LOOP):
      case FP(BRA_REP):
         insn->loop_count = get(l, l->loop_count, in);
         insn->loop_init = get(l, l->loop_init, in);
         insn->loop_incr = get(l, l->loop_incr, in);
         break;
      default:
         insn->bra_target = get(l, l->bra_target, in);
         break;
      }
      insn->bra_end = get(l, l->bra_end, in);
      return insn->op < l->num_bra ? 0 : -1;
   }

   insn->scale = get(l, l->scale, in);
   insn->addr_disp = get(l, l->addr_disp, in);
   insn->index_input = get(l, l->index_input, in);
   insn->no_persp = get(l, l->no_persp, in);
   return l->ops[insn->op & 63].name ? 0 : -1;
}

int
nvisa_nv40_fp_encode(const struct nvisa_nv40_fp_insn *insn, uint32_t out[4])
{
   return fp_encode(&nv40_layout, insn, out);
}

int
nvisa_nv40_fp_decode(const uint32_t in[4], struct nvisa_nv40_fp_insn *insn)
{
   return fp_decode(&nv40_layout, in, insn);
}

int
nvisa_nv30_fp_encode(const struct nvisa_nv40_fp_insn *insn, uint32_t out[4])
{
   return fp_encode(&nv30_layout, insn, out);
}

int
nvisa_nv30_fp_decode(const uint32_t in[4], struct nvisa_nv40_fp_insn *insn)
{
   return fp_decode(&nv30_layout, in, insn);
}

bool
nvisa_nv40_fp_has_const(const struct nvisa_nv40_fp_insn *insn)
{
   unsigned nsrc = insn->is_branch ? 1 : 3;
   for (unsigned s = 0; s < nsrc; s++)
      if (insn->src[s].file == NVISA_FILE_CONST)
         return true;
   return false;
}

unsigned
nvisa_nv40_fp_insn_words(const uint32_t in[4])
{
   struct nvisa_nv40_fp_insn insn;
   nvisa_nv40_fp_decode(in, &insn);
   return nvisa_nv40_fp_has_const(&insn) ? 8 : 4;
}

/* ---- disassembler ---- */

static void
print_cond(struct nvisa_strbuf *sb, const struct fp_layout *l,
           const struct nvisa_nv40_fp_insn *insn,
           bool always)
{
   if (insn->cond == NVISA_COND_TR && !always)
      return;
   nvisa_sb_printf(sb, " (%s", l->cond_names[insn->cond & 7]);
   nvisa_print_swz(sb, insn->cc_swz);
   nvisa_sb_printf(sb, ")");
}

static void
print_src(struct nvisa_strbuf *sb, const struct fp_layout *l,
          const struct nvisa_nv40_fp_insn *insn,
          unsigned s, const uint32_t *imm)
{
   const struct nvisa_src *src = &insn->src[s];

   if (src->neg)
      nvisa_sb_printf(sb, "-");
   if (src->abs)
      nvisa_sb_printf(sb, "|");
   switch (src->file) {
   case NVISA_FILE_TEMP:
      nvisa_sb_printf(sb, "%c%u", src->half ? 'H' : 'R', src->index);
      break;
   case NVISA_FILE_INPUT: {
      const char *name = insn->input < l->num_inputs ?
         l->input_names[insn->input] : NULL;
      if (name)
         nvisa_sb_printf(sb, "f[%s", name);
      else
         nvisa_sb_printf(sb, "f[%u", insn->input);
      if (insn->index_input)
         nvisa_sb_printf(sb, "+aL+%u", insn->addr_disp);
      nvisa_sb_printf(sb, "]");
      break;
   }
   case NVISA_FILE_CONST:
      if (imm) {
         float f[4];
         memcpy(f, imm, sizeof(f));
         nvisa_sb_printf(sb, "{%g, %g, %g, %g}", f[0], f[1], f[2], f[3]);
      } else {
         nvisa_sb_printf(sb, "{?}");
      }
      break;
   default:
      nvisa_sb_printf(sb, "?%u", src->index);
      break;
   }
   if (src->abs)
      nvisa_sb_printf(sb, "|");
   nvisa_print_swz(sb, src->swz);
}

static const char precision_suffix[4] = { 'R', 'H', 'X', 'B' };

static int
fp_disasm(const struct fp_layout *l, const uint32_t *in, unsigned avail,
          char *buf, size_t n)
{
   struct nvisa_nv40_fp_insn insn;
   struct nvisa_strbuf sb = { buf, n, 0 };

   if (n)
      buf[0] = 0;
   if (avail < 4) {
      nvisa_sb_printf(&sb, "(truncated instruction: %u words)", avail);
      return -1;
   }
   fp_decode(l, in, &insn);
   bool has_const = nvisa_nv40_fp_has_const(&insn);
   if (has_const && avail < 8) {
      nvisa_sb_printf(&sb, "(instruction without its inline constant)");
      return -1;
   }

   if (insn.is_branch) {
      const char *name = insn.op < l->num_bra ? l->bra_names[insn.op] : NULL;
      if (name)
         nvisa_sb_printf(&sb, "%s", name);
      else
         nvisa_sb_printf(&sb, "BRA_OP_0x%02x", insn.op);
      switch (insn.op) {
      case FP(BRA_IF):
         print_cond(&sb, l, &insn, true);
         nvisa_sb_printf(&sb, " else @%u endif @%u", insn.bra_target, insn.bra_end);
         break;
      case FP(BRA_CAL):
         nvisa_sb_printf(&sb, " @%u", insn.bra_target);
         print_cond(&sb, l, &insn, false);
         break;
      case FP(BRA_REP):
         nvisa_sb_printf(&sb, " %u end @%u", insn.loop_count, insn.bra_end);
         break;
      case FP(BRA_LOOP):
         nvisa_sb_printf(&sb, " {%u, %u, %u} end @%u", insn.loop_count,
                   insn.loop_init, insn.loop_incr, insn.bra_end);
         break;
      default:
         print_cond(&sb, l, &insn, false);
         break;
      }
      nvisa_sb_printf(&sb, ";");
   } else {
      const struct nvisa_op_info *info = &l->ops[insn.op & 63];
      if (info->name)
         nvisa_sb_printf(&sb, "%s", info->name);
      else
         nvisa_sb_printf(&sb, "OP_0x%02x", insn.op);
      if (insn.op != FP(OP_NOP) && insn.op != FP(OP_KIL))
         nvisa_sb_printf(&sb, "%c", precision_suffix[insn.precision & 3]);
      if (insn.cc_update)
         nvisa_sb_printf(&sb, "C");
      if (insn.sat)
         nvisa_sb_printf(&sb, "_SAT");
      if (insn.scale)
         nvisa_sb_printf(&sb, "_%s", l->scale_names[insn.scale & 7] ?
                   l->scale_names[insn.scale & 7] : "SCALE?");

      if (insn.op == FP(OP_KIL)) {
         print_cond(&sb, l, &insn, false);
      } else if (insn.op != FP(OP_NOP)) {
         nvisa_sb_printf(&sb, " ");
         if (insn.out_none)
            nvisa_sb_printf(&sb, "%s", insn.cc_update ? "CC" : "-");
         else
            nvisa_sb_printf(&sb, "%c%u", insn.out_half ? 'H' : 'R', insn.out_reg);
         nvisa_print_mask(&sb, insn.mask);
         print_cond(&sb, l, &insn, false);
         for (unsigned s = 0; s < 3; s++) {
            if (info->srcs & (1 << s)) {
               nvisa_sb_printf(&sb, ", ");
               print_src(&sb, l, &insn, s, has_const ? in + 4 : NULL);
            }
         }
         if (info->flags & NVISA_OP_TEX)
            nvisa_sb_printf(&sb, ", TEX%u", insn.tex_unit);
      }
      nvisa_sb_printf(&sb, ";");
   }
   if (insn.end)
      nvisa_sb_printf(&sb, " END");
   return has_const ? 8 : 4;
}

int
nvisa_nv40_fp_disasm(const uint32_t *in, unsigned avail, char *buf, size_t n)
{
   return fp_disasm(&nv40_layout, in, avail, buf, n);
}

int
nvisa_nv30_fp_disasm(const uint32_t *in, unsigned avail, char *buf, size_t n)
{
   return fp_disasm(&nv30_layout, in, avail, buf, n);
}
