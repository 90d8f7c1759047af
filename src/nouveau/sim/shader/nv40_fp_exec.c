/*
 * NV40 fragment program interpreter, one 2x2 quad at a time.
 *
 * Semantics: NV_fragment_program / NV_fragment_program2 (gl-specs/NV)
 * pseudo-code for each op.  Encoding facts (inline constants, branch
 * offsets in words, colour in H0/R0, depth in R1.z, DDX/DDY computing x
 * and y only, registers starting at 0) come from Mesa's nvfx_shader.h and
 * nvfx_fragprog.c, through nv40_fp.xml.
 *
 * Registers are kept as raw 32-bit words so that R and H registers alias
 * as the hardware's shared register file does: Hn is half n%2 of
 * R(n/2), i.e. H2n covers the words of Rn.x and Rn.y, H2n+1 those of Rn.z
 * and Rn.w, each word holding two fp16 components, the lower-numbered one
 * in the low 16 bits (our assumption: the order inside a word is not
 * documented).
 *
 * The four fragments run in lock step with an execution mask, so that
 * DDX/DDY and implicit texture derivatives can difference neighbours;
 * IF/ELSE/ENDIF, REP/LOOP/BRK and CAL/RET narrow the mask per fragment.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv40_shader_exec.h"
#include "nv40_fp_priv.h"
#include "nv40_shader_priv.h"
#include "nvisa_nv30_fp.h"

#define FP(x) NVISA_NV40_FP_##x

#define FP_REG_SLOTS NVSIM_FP_REG_SLOTS
#define FP_STACK_DEPTH 32
#define MAX2(a, b) ((a) > (b) ? (a) : (b))

enum fp_frame_kind { FRAME_IF, FRAME_LOOP, FRAME_CALL };

struct fp_frame {
   enum fp_frame_kind kind;
   unsigned saved;           /* execution mask when the frame was entered */
   unsigned cond;            /* IF: fragments taking the then part */
   bool else_phase;
   unsigned else_idx, end_idx, start_idx, ret_idx;
   int count;
   int counter, incr;
   unsigned broken;          /* LOOP: fragments that executed BRK */
};

struct fp_state {
   uint32_t reg[4][FP_REG_SLOTS][4];
   uint8_t cc[4][4];
   int loop_counter;
};

typedef int (*fp_decode_fn)(const uint32_t in[4],
                            struct nvisa_nv40_fp_insn *insn);

/* Decodes instructions up to the one marked END, with their inline
 * constants, and records which op starts at each word (word_to_op) for
 * resolving branch targets.  Returns the number of words used, or -1. */
static long
fp_decode_ops(struct nvsim_nv40_fp_prog *prog, const uint32_t *words,
              size_t nwords, fp_decode_fn decode, unsigned max_insns,
              unsigned *word_to_op, char *err, size_t errlen)
{
   size_t w = 0;
   unsigned n = 0;
   bool ended = false;

   while (!ended) {
      if (n >= max_insns) {
         snprintf(err, errlen, "fragment program: no END instruction in "
                  "%u instructions", max_insns);
         return -1;
      }
      if (w + 4 > nwords || n >= NVSIM_NV40_FP_MAX_INSNS) {
         snprintf(err, errlen, "fragment program: no END instruction in "
                  "%zu words", nwords);
         return -1;
      }
      struct nvsim_nv40_fp_op *op = &prog->ops[n];
      if (decode(words + w, &op->insn)) {
         snprintf(err, errlen, "fragment program: unknown %sopcode 0x%02x "
                  "at word %zu", op->insn.is_branch ? "branch " : "",
                  op->insn.op, w);
         return -1;
      }
      word_to_op[w] = n;
      w += 4;
      if (nvisa_nv40_fp_has_const(&op->insn)) {
         if (w + 4 > nwords) {
            snprintf(err, errlen, "fragment program: inline constant of the "
                     "instruction at word %zu is missing", w - 4);
            return -1;
         }
         memcpy(op->imm, words + w, sizeof(op->imm));
         w += 4;
      }
      ended = op->insn.end;
      n++;
   }
   /* Branches to just after the program end it (Mesa appends a NOP+END
    * there, which a program may or may not include). */
   word_to_op[w] = n;
   prog->num_ops = n;
   return (long)w;
}

/* A branch names its else part or subroutine (target) and its block's end
 * in words; both must be instructions of the program, the end a later
 * one, and an IF's else part inside its block. */
static int
fp_resolve_branch(struct nvsim_nv40_fp_op *op, unsigned i,
                  const unsigned *word_to_op, size_t w, char *err,
                  size_t errlen)
{
   const struct nvisa_nv40_fp_insn *insn = &op->insn;
   bool need_target = insn->op == FP(BRA_IF) || insn->op == FP(BRA_CAL);
   bool need_end = insn->op == FP(BRA_IF) || insn->op == FP(BRA_LOOP) ||
                   insn->op == FP(BRA_REP);

   if (need_target) {
      if (insn->bra_target > w || word_to_op[insn->bra_target] == UINT_MAX) {
         snprintf(err, errlen, "fragment program: branch at op %u to "
                  "word %u, not an instruction", i, insn->bra_target);
         return -1;
      }
      op->target = word_to_op[insn->bra_target];
   }
   if (need_end) {
      if (insn->bra_end > w || word_to_op[insn->bra_end] == UINT_MAX ||
          word_to_op[insn->bra_end] <= i) {
         snprintf(err, errlen, "fragment program: block end of op %u "
                  "at word %u, not a later instruction", i,
                  insn->bra_end);
         return -1;
      }
      op->end = word_to_op[insn->bra_end];
   }
   if (insn->op == FP(BRA_IF) &&
       (op->target <= i || op->target > op->end)) {
      snprintf(err, errlen, "fragment program: IF at op %u has its "
               "else part outside the block", i);
      return -1;
   }
   return 0;
}

/* Operands the interpreter may copy without modifiers: a full-precision
 * temp or an input read with the identity swizzle, a result written with
 * no scale, precision, saturation, condition or CC update. */
static void
fp_mark_plain_operands(struct nvsim_nv40_fp_op *op)
{
   const struct nvisa_nv40_fp_insn *insn = &op->insn;

   for (unsigned s = 0; s < 3; s++) {
      const struct nvisa_src *src = &insn->src[s];
      if (src->file == NVISA_FILE_TEMP && !src->half && !src->neg &&
          !src->abs && src->swz[0] == 0 && src->swz[1] == 1 &&
          src->swz[2] == 2 && src->swz[3] == 3)
         op->plain_src |= 1 << s;
      if (src->file == NVISA_FILE_INPUT && !insn->index_input &&
          insn->input < FP(NUM_INPUTS) && !src->neg && !src->abs &&
          src->swz[0] == 0 && src->swz[1] == 1 && src->swz[2] == 2 &&
          src->swz[3] == 3)
         op->plain_input |= 1 << s;
   }
   op->plain_dst = !insn->out_none && !insn->out_half && !insn->scale &&
                   insn->precision == FP(PRECISION_FP32) && !insn->sat &&
                   insn->cond == NVISA_COND_TR && !insn->cc_update;
}

/* What the program uses, for the rasterizer and for clearing registers:
 * inputs read, registers reached, texture units, derivatives, KIL, and
 * whether colour is in H0 and depth is written. */
static void
fp_note_uses(struct nvsim_nv40_fp_prog *prog,
             const struct nvisa_nv40_fp_insn *insn)
{
   const struct nvisa_op_info *info = &nvisa_nv40_fp_op_info[insn->op];

   for (unsigned s = 0; s < 3; s++) {
      const struct nvisa_src *src = &insn->src[s];
      if (!(info->srcs & (1 << s)))
         continue;
      if (src->file == NVISA_FILE_INPUT)
         prog->inputs_read |= 1u << (insn->input & 15);
      if (src->file == NVISA_FILE_TEMP)
         prog->reg_slots = MAX2(prog->reg_slots,
                                (src->half ? src->index / 2u : src->index) + 1u);
   }
   if (!insn->out_none)
      prog->reg_slots = MAX2(prog->reg_slots,
                             (insn->out_half ? insn->out_reg / 2u :
                                               insn->out_reg) + 1u);
   if (info->flags & NVISA_OP_TEX) {
      prog->texunits_used |= 1u << insn->tex_unit;
      if (insn->op != FP(OP_TXL) && insn->op != FP(OP_TXD))
         prog->uses_derivatives = true;
   }
   if (insn->op == FP(OP_DDX) || insn->op == FP(OP_DDY))
      prog->uses_derivatives = true;
   if (insn->op == FP(OP_KIL))
      prog->uses_kil = true;
   if (!insn->out_none && insn->op != FP(OP_KIL) && insn->op != FP(OP_NOP)) {
      if (insn->out_half && insn->out_reg == 0)
         prog->color_half = true;
      /* depth: R1.z, or H3.x which shares its storage */
      if ((!insn->out_half && insn->out_reg == 1 && (insn->mask & NVISA_MASK_Z)) ||
          (insn->out_half && insn->out_reg == 3 && (insn->mask & NVISA_MASK_X)))
         prog->writes_depth = true;
   }
}

static int
fp_prepare(struct nvsim_nv40_fp_prog *prog, const uint32_t *words,
           size_t nwords, fp_decode_fn decode, unsigned max_insns,
           char *err, size_t errlen)
{
   unsigned *word_to_op = NULL;
   long w;

   nvsim_nv40_fp_fini(prog);
   if (nwords > (size_t)NVSIM_NV40_FP_MAX_INSNS * 8)
      nwords = (size_t)NVSIM_NV40_FP_MAX_INSNS * 8;

   prog->ops = calloc(NVSIM_NV40_FP_MAX_INSNS < nwords / 4 + 1 ?
                      NVSIM_NV40_FP_MAX_INSNS : nwords / 4 + 1,
                      sizeof(*prog->ops));
   word_to_op = malloc((nwords + 1) * sizeof(*word_to_op));
   if (!prog->ops || !word_to_op) {
      snprintf(err, errlen, "fragment program: out of memory");
      goto fail;
   }
   for (size_t i = 0; i <= nwords; i++)
      word_to_op[i] = UINT_MAX;

   w = fp_decode_ops(prog, words, nwords, decode, max_insns, word_to_op, err,
                     errlen);
   if (w < 0)
      goto fail;
   /* Outputs live in R0-R4 (H0, R1, H4, H6, H8): always cleared/read. */
   prog->reg_slots = 5;

   for (unsigned i = 0; i < prog->num_ops; i++) {
      struct nvsim_nv40_fp_op *op = &prog->ops[i];
      op->target = op->end = prog->num_ops;
      if (op->insn.is_branch) {
         if (fp_resolve_branch(op, i, word_to_op, (size_t)w, err, errlen))
            goto fail;
         continue;
      }
      fp_note_uses(prog, &op->insn);
      fp_mark_plain_operands(op);
   }
   free(word_to_op);
   /* the fast path's form of the same program (nv40_fp_decode.c) */
   if (nvsim_nv40_fp_build_fast(prog)) {
      snprintf(err, errlen, "fragment program: out of memory");
      nvsim_nv40_fp_fini(prog);
      return -1;
   }
   return 0;

fail:
   free(word_to_op);
   nvsim_nv40_fp_fini(prog);
   return -1;
}

int
nvsim_nv40_fp_prepare(struct nvsim_nv40_fp_prog *prog, const uint32_t *words,
                      size_t nwords, char *err, size_t errlen)
{
   return fp_prepare(prog, words, nwords, nvisa_nv40_fp_decode,
                     NVSIM_NV40_FP_MAX_INSNS, err, errlen);
}

/* Rankine: NV30 encoding, whose tables have no branch instruction (the
 * decoder rejects them: NV_fragment_program has no flow control), and
 * at most NVSIM_NV30_FP_MAX_INSNS instructions.  Precisions fp32, fp16
 * and fx12 are quantize()'s (NV_fragment_program 3.11.4.1). */
int
nvsim_nv30_fp_prepare(struct nvsim_nv40_fp_prog *prog, const uint32_t *words,
                      size_t nwords, char *err, size_t errlen)
{
   if (fp_prepare(prog, words, nwords, nvisa_nv30_fp_decode,
                  NVSIM_NV30_FP_MAX_INSNS, err, errlen) != 0)
      return -1;
   /* rankine's inputs end at TC7 (nv30_fp.xml INPUT: no TC8/TC9, no
    * FACING, which NV_fragment_program2 adds) */
   uint32_t bad = prog->inputs_read & ~((1u << NVISA_NV30_FP_NUM_INPUTS) - 1);
   if (bad) {
      snprintf(err, errlen, "fragment program: input %u does not exist on "
               "rankine", (unsigned)__builtin_ctz(bad));
      nvsim_nv40_fp_fini(prog);
      return -1;
   }
   return 0;
}

void
nvsim_nv40_fp_fini(struct nvsim_nv40_fp_prog *prog)
{
   nvsim_nv40_fp_free_fast(prog);
   free(prog->ops);
   memset(prog, 0, sizeof(*prog));
}

/* ---- register file ---- */

static float
bits_to_float(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static uint32_t
float_to_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static void
read_reg(const struct fp_state *st, unsigned f, unsigned index, bool half,
         float v[4])
{
   if (!half) {
      const uint32_t *r = st->reg[f][index % FP_REG_SLOTS];
      for (unsigned c = 0; c < 4; c++)
         v[c] = bits_to_float(r[c]);
   } else {
      const uint32_t *r = st->reg[f][(index / 2) % FP_REG_SLOTS];
      unsigned base = (index & 1) * 2;
      for (unsigned c = 0; c < 4; c++) {
         uint32_t word = r[base + c / 2];
         v[c] = nvsim_half_to_float((c & 1) ? word >> 16 : word & 0xffff);
      }
   }
}

static void
write_reg(struct fp_state *st, unsigned f, unsigned index, bool half,
          unsigned mask, const float v[4])
{
   if (!half) {
      uint32_t *r = st->reg[f][index % FP_REG_SLOTS];
      for (unsigned c = 0; c < 4; c++)
         if (mask & (1 << c))
            r[c] = float_to_bits(v[c]);
   } else {
      uint32_t *r = st->reg[f][(index / 2) % FP_REG_SLOTS];
      unsigned base = (index & 1) * 2;
      for (unsigned c = 0; c < 4; c++) {
         if (!(mask & (1 << c)))
            continue;
         uint32_t h = nvsim_float_to_half(v[c]);
         uint32_t *word = &r[base + c / 2];
         if (c & 1)
            *word = (*word & 0x0000ffffu) | (h << 16);
         else
            *word = (*word & 0xffff0000u) | h;
      }
   }
}

static void
fetch(const struct fp_state *st, const struct nvsim_nv40_fp_op *op,
      const struct nvsim_nv40_fp_quad *q, unsigned f, unsigned s, float r[4])
{
   const struct nvisa_nv40_fp_insn *insn = &op->insn;
   const struct nvisa_src *src = &insn->src[s];
   float v[4] = { 0.0f, 0.0f, 0.0f, 0.0f };

   /* Fast paths: a full-precision temp or a plain input read as is. */
   if (op->plain_src & (1 << s)) {
      memcpy(r, st->reg[f][src->index % FP_REG_SLOTS], 4 * sizeof(float));
      return;
   }
   if (op->plain_input & (1 << s)) {
      memcpy(r, q->in[f][insn->input], 4 * sizeof(float));
      return;
   }

   switch (src->file) {
   case NVISA_FILE_TEMP:
      read_reg(st, f, src->index, src->half, v);
      break;
   case NVISA_FILE_INPUT: {
      int idx = insn->input;
      if (insn->index_input) {
         /* Relative input: loop counter plus the signed 11-bit
          * displacement (nvfx_shader.h, SRC2 bits 19-29). */
         int disp = insn->addr_disp & 0x400 ? (int)insn->addr_disp - 0x800 :
                                              (int)insn->addr_disp;
         idx += st->loop_counter + disp;
      }
      if (idx >= 0 && idx < FP(NUM_INPUTS))
         memcpy(v, q->in[f][idx], sizeof(v));
      break;
   }
   case NVISA_FILE_CONST:
      memcpy(v, op->imm, sizeof(v));
      break;
   default:
      break;
   }
   for (unsigned c = 0; c < 4; c++)
      r[c] = v[src->swz[c]];
   if (src->abs)
      for (unsigned c = 0; c < 4; c++)
         r[c] = fabsf(r[c]);
   if (src->neg)
      for (unsigned c = 0; c < 4; c++)
         r[c] = -r[c];
}

/* ---- precision ---- */

float
nvsim_nv40_fp_quantize(float v, uint8_t precision)
{
   switch (precision) {
   case FP(PRECISION_FP16):
      return nvsim_half_to_float(nvsim_float_to_half(v));
   case FP(PRECISION_FX12):
      /* s1.10 fixed point: [-2, 2) in steps of 1/1024 (nvfx_shader.h);
       * NaN becomes 0. */
      if (!(v >= -2.0f)) return isnan(v) ? 0.0f : -2.0f;
      if (v > 2047.0f / 1024.0f) return 2047.0f / 1024.0f;
      return rintf(v * 1024.0f) / 1024.0f;
   case FP(PRECISION_FX9):
      /* s0.8 fixed point: [-1, 1) in steps of 1/256 (nvfx_shader.h). */
      if (!(v >= -1.0f)) return isnan(v) ? 0.0f : -1.0f;
      if (v > 255.0f / 256.0f) return 255.0f / 256.0f;
      return rintf(v * 256.0f) / 256.0f;
   default:
      return v;
   }
}

const float nvsim_nv40_fp_scale_factor[8] = {
   [FP(SCALE_1X)] = 1.0f, [FP(SCALE_2X)] = 2.0f, [FP(SCALE_4X)] = 4.0f,
   [FP(SCALE_8X)] = 8.0f, [4] = 1.0f, [FP(SCALE_INV_2X)] = 0.5f,
   [FP(SCALE_INV_4X)] = 0.25f, [FP(SCALE_INV_8X)] = 0.125f,
};

/* ---- pack/unpack (NV_fragment_program PK2H, PK2US, PK4B, PK4UB) ---- */

static float
pack2h(const float s[4])
{
   return bits_to_float(nvsim_float_to_half(s[0]) |
                        (uint32_t)nvsim_float_to_half(s[1]) << 16);
}

static void
unpack2h(float x, float r[4])
{
   uint32_t u = float_to_bits(x);
   r[0] = r[2] = nvsim_half_to_float(u & 0xffff);
   r[1] = r[3] = nvsim_half_to_float(u >> 16);
}

static uint32_t
pack_unorm(float v, float scale)
{
   v = nvsim_sat(v);
   return (uint32_t)rintf(v * scale);
}

static uint32_t
pack_snorm8(float v)
{
   /* PK4B: clamp to [-128/127, 1] and map to a signed byte */
   if (!(v >= -128.0f / 127.0f)) v = isnan(v) ? 0.0f : -128.0f / 127.0f;
   if (v > 1.0f) v = 1.0f;
   return (uint32_t)(int32_t)rintf(v * 127.0f) & 0xff;
}

static void
exec_pack(unsigned op, const float s[4], float r[4])
{
   uint32_t u;
   switch (op) {
   case FP(OP_PK2H):
      r[0] = r[1] = r[2] = r[3] = pack2h(s);
      return;
   case FP(OP_UP2H):
      unpack2h(s[0], r);
      return;
   case FP(OP_PK2US):
      u = pack_unorm(s[0], 65535.0f) | pack_unorm(s[1], 65535.0f) << 16;
      r[0] = r[1] = r[2] = r[3] = bits_to_float(u);
      return;
   case FP(OP_UP2US):
      u = float_to_bits(s[0]);
      r[0] = r[2] = (u & 0xffff) / 65535.0f;
      r[1] = r[3] = (u >> 16) / 65535.0f;
      return;
   case FP(OP_PK4UB):
      u = 0;
      for (unsigned c = 0; c < 4; c++)
         u |= pack_unorm(s[c], 255.0f) << (8 * c);
      r[0] = r[1] = r[2] = r[3] = bits_to_float(u);
      return;
   case FP(OP_UP4UB):
      u = float_to_bits(s[0]);
      for (unsigned c = 0; c < 4; c++)
         r[c] = ((u >> (8 * c)) & 0xff) / 255.0f;
      return;
   case FP(OP_PK4B):
      u = 0;
      for (unsigned c = 0; c < 4; c++)
         u |= pack_snorm8(s[c]) << (8 * c);
      r[0] = r[1] = r[2] = r[3] = bits_to_float(u);
      return;
   case FP(OP_UP4B):
      u = float_to_bits(s[0]);
      for (unsigned c = 0; c < 4; c++)
         r[c] = (float)(int8_t)((u >> (8 * c)) & 0xff) / 127.0f;
      return;
   }
}

/* ---- arithmetic ---- */

/* Computes the result of an ALU op for one fragment; false: no result. */
bool
nvsim_nv40_fp_alu(unsigned op, const float s0[4], const float s1[4],
                  const float s2[4], float r[4])
{
   float v;

   switch (op) {
   case FP(OP_MOV):
      memcpy(r, s0, 4 * sizeof(float));
      return true;
   case FP(OP_MUL):
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] * s1[c];
      return true;
   case FP(OP_ADD):
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] + s1[c];
      return true;
   case FP(OP_MAD):
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] * s1[c] + s2[c];
      return true;
   case FP(OP_DP3):
      v = s0[0] * s1[0] + s0[1] * s1[1] + s0[2] * s1[2];
      break;
   case FP(OP_DP4):
      v = s0[0] * s1[0] + s0[1] * s1[1] + s0[2] * s1[2] + s0[3] * s1[3];
      break;
   case FP(OP_DP2A):
      /* NV_fragment_program2 DP2A: op0.xy . op1.xy + op2.x */
      v = s0[0] * s1[0] + s0[1] * s1[1] + s2[0];
      break;
   case FP(OP_DST):
      r[0] = 1.0f;
      r[1] = s0[1] * s1[1];
      r[2] = s0[2];
      r[3] = s1[3];
      return true;
   case FP(OP_MIN):
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] < s1[c] ? s0[c] : s1[c];
      return true;
   case FP(OP_MAX):
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] > s1[c] ? s0[c] : s1[c];
      return true;
   /* NV_fragment_program: set-on ops give 0 with a NaN operand, except
    * SNE which gives 1; C comparisons behave exactly so. */
#define SET_ON(name, expr) \
   case FP(OP_##name): \
      for (unsigned c = 0; c < 4; c++) { \
         float a = s0[c], b = s1[c]; \
         r[c] = (expr) ? 1.0f : 0.0f; \
      } \
      return true;
   SET_ON(SLT, a < b)
   SET_ON(SGE, a >= b)
   SET_ON(SLE, a <= b)
   SET_ON(SGT, a > b)
   SET_ON(SNE, a != b)
   SET_ON(SEQ, a == b)
#undef SET_ON
   case FP(OP_STR):
      v = 1.0f;
      break;
   case FP(OP_SFL):
      v = 0.0f;
      break;
   case FP(OP_FRC):
      for (unsigned c = 0; c < 4; c++) {
         float f = s0[c] - floorf(s0[c]);
         r[c] = f == 0.0f ? 0.0f : f;
      }
      return true;
   case FP(OP_FLR):
      for (unsigned c = 0; c < 4; c++) r[c] = floorf(s0[c]);
      return true;
   case FP(OP_RCP):
      v = 1.0f / s0[0];
      break;
   case FP(OP_RSQ):
      v = 1.0f / sqrtf(fabsf(s0[0]));
      break;
   case FP(OP_EX2):
      v = exp2f(s0[0]);
      break;
   case FP(OP_LG2):
      v = log2f(s0[0]);
      break;
   case FP(OP_COS):
      v = cosf(s0[0]);
      break;
   case FP(OP_SIN):
      v = sinf(s0[0]);
      break;
   case FP(OP_POW):
      v = exp2f(s1[0] * log2f(s0[0]));
      break;
   case FP(OP_DIV):
      /* NV_fragment_program2 DIV: op0 / op1.x, per component */
      for (unsigned c = 0; c < 4; c++) r[c] = s0[c] / s1[0];
      return true;
   case FP(OP_LRP):
      for (unsigned c = 0; c < 4; c++)
         r[c] = s0[c] * s1[c] + (1.0f - s0[c]) * s2[c];
      return true;
   case FP(OP_LIT): {
      float dx = s0[0] > 0.0f ? s0[0] : 0.0f;
      float dy = s0[1] > 0.0f ? s0[1] : 0.0f;
      float w = s0[3];
      const float lim = 128.0f - 1.0f / 256.0f;
      if (w < -lim) w = -lim;
      if (w > lim) w = lim;
      r[0] = 1.0f;
      r[1] = dx;
      r[2] = dx > 0.0f ? exp2f(w * log2f(dy)) : 0.0f;
      r[3] = 1.0f;
      return true;
   }
   case FP(OP_LITEX2):
      /* The second half of LIT, as Mesa's NV40 LIT sequence uses it
       * (nvfx_fragprog.c: LITEX2 dst, tmp.yyww with tmp.y the clamped
       * diffuse term and tmp.w = exponent * log2(specular)). */
      r[0] = 1.0f;
      r[1] = s0[0];
      r[2] = s0[0] > 0.0f ? exp2f(s0[3]) : 0.0f;
      r[3] = 1.0f;
      return true;
   case FP(OP_RFL): {
      /* NV_fragment_program RFL: reflect op1 about the normal op0 */
      float nn = s0[0] * s0[0] + s0[1] * s0[1] + s0[2] * s0[2];
      float nv = s0[0] * s1[0] + s0[1] * s1[1] + s0[2] * s1[2];
      for (unsigned c = 0; c < 3; c++)
         r[c] = 2.0f * nv / nn * s0[c] - s1[c];
      r[3] = s1[3];
      return true;
   }
   case FP(OP_PK2H): case FP(OP_UP2H): case FP(OP_PK2US): case FP(OP_UP2US):
   case FP(OP_PK4UB): case FP(OP_UP4UB): case FP(OP_PK4B): case FP(OP_UP4B):
      exec_pack(op, s0, r);
      return true;
   default:
      return false;
   }
   r[0] = r[1] = r[2] = r[3] = v;
   return true;
}

static unsigned
cc_pass_mask(const struct fp_state *st, unsigned f,
             const struct nvisa_nv40_fp_insn *insn)
{
   if (insn->cond == NVISA_COND_TR)
      return 0xf;
   unsigned m = 0;
   for (unsigned c = 0; c < 4; c++)
      if (nvsim_cc_test(insn->cond, st->cc[f][insn->cc_swz[c]]))
         m |= 1 << c;
   return m;
}

/* Fragments (of mask) for which the condition passes on any component. */
static unsigned
cond_any(const struct fp_state *st, const struct nvisa_nv40_fp_insn *insn,
         unsigned mask)
{
   unsigned out = 0;
   for (unsigned f = 0; f < 4; f++)
      if ((mask & (1 << f)) && cc_pass_mask(st, f, insn))
         out |= 1 << f;
   return out;
}

static void
write_result(struct fp_state *st, unsigned f,
             const struct nvsim_nv40_fp_op *op, const float res[4])
{
   const struct nvisa_nv40_fp_insn *insn = &op->insn;
   float v[4];

   if (op->plain_dst) {
      uint32_t *r = st->reg[f][insn->out_reg % FP_REG_SLOTS];
      for (unsigned c = 0; c < 4; c++)
         if (insn->mask & (1 << c))
            memcpy(&r[c], &res[c], sizeof(float));
      return;
   }

   float k = nvsim_nv40_fp_scale_factor[insn->scale & 7];
   unsigned mask = insn->mask & cc_pass_mask(st, f, insn);

   for (unsigned c = 0; c < 4; c++) {
      /* No arithmetic at 1x, so that packed values (PK4UB & co.) whose
       * bits read as a NaN keep their bits. */
      float x = insn->scale ? res[c] * k : res[c];
      x = nvsim_nv40_fp_quantize(x, insn->precision);
      v[c] = insn->sat ? nvsim_sat(x) : x;
   }
   if (!insn->out_none)
      write_reg(st, f, insn->out_reg, insn->out_half, mask, v);
   if (insn->cc_update) {
      /* The condition code follows the value as written: fp16 if the
       * destination is an H register. */
      float w[4];
      if (insn->out_half && !insn->out_none)
         for (unsigned c = 0; c < 4; c++)
            w[c] = nvsim_half_to_float(nvsim_float_to_half(v[c]));
      else
         memcpy(w, v, sizeof(w));
      for (unsigned c = 0; c < 4; c++)
         if (mask & (1 << c))
            st->cc[f][c] = nvsim_cc_code(w[c]);
   }
}

static void
exec_tex(struct fp_state *st, const struct nvsim_nv40_fp_op *op,
         const struct nvsim_nv40_fp_quad *q, const struct nvsim_nv40_fp_env *env,
         unsigned active)
{
   const struct nvisa_nv40_fp_insn *insn = &op->insn;
   struct nvsim_tex_request req;
   float res[4][4];

   memset(&req, 0, sizeof(req));
   req.unit = insn->tex_unit;
   req.op = insn->op;
   req.mask = active;
   for (unsigned f = 0; f < 4; f++) {
      fetch(st, op, q, f, 0, req.coord[f]);
      if (insn->op == FP(OP_TXP)) {
         float w = req.coord[f][3];
         for (unsigned c = 0; c < 3; c++)
            req.coord[f][c] /= w;
      }
      if (insn->op == FP(OP_TXB) || insn->op == FP(OP_TXL))
         req.lod[f] = req.coord[f][3];
      if (insn->op == FP(OP_TXD)) {
         fetch(st, op, q, f, 1, req.ddx[f]);
         fetch(st, op, q, f, 2, req.ddy[f]);
      }
   }
   if (insn->op != FP(OP_TXD)) {
      for (unsigned f = 0; f < 4; f++) {
         unsigned row = f & 2, col = f & 1;
         for (unsigned c = 0; c < 4; c++) {
            req.ddx[f][c] = req.coord[row | 1][c] - req.coord[row][c];
            req.ddy[f][c] = req.coord[2 | col][c] - req.coord[col][c];
         }
      }
   }
   if (env && env->tex) {
      env->tex(env->tex_data, &req, res);
   } else {
      for (unsigned f = 0; f < 4; f++) {
         res[f][0] = res[f][1] = res[f][2] = 0.0f;
         res[f][3] = 1.0f;
      }
   }
   for (unsigned f = 0; f < 4; f++)
      if (active & (1 << f))
         write_result(st, f, op, res[f]);
}

static unsigned
loop_broken(const struct fp_frame *stack, unsigned below)
{
   while (below--) {
      if (stack[below].kind == FRAME_LOOP)
         return stack[below].broken;
      if (stack[below].kind == FRAME_CALL)
         return 0;
   }
   return 0;
}

/* The quad's control state: which fragments execute, which were killed,
 * and the stack of blocks (IF, loops, calls) that narrowed the mask. */
struct fp_run {
   struct fp_state st;
   struct fp_frame stack[FP_STACK_DEPTH];
   unsigned sp;
   unsigned active;          /* fragments executing the current op */
   unsigned killed;          /* fragments discarded by KIL */
};

static void
fp_run_init(struct fp_run *run, const struct nvsim_nv40_fp_prog *prog)
{
   struct fp_state *st = &run->st;

   run->sp = 0;
   run->active = 0xf;        /* helpers run too, for derivatives */
   run->killed = 0;
   /* Registers start at 0 (nvfx_shader.h: "temp/result regs appear to be
    * initialised to (0.0, 0.0, 0.0, 0.0)"); only the ones the program can
    * reach are cleared. */
   for (unsigned f = 0; f < 4; f++)
      memset(st->reg[f], 0, prog->reg_slots * sizeof(st->reg[f][0]));
   /* NV_fragment_program 3.11.1.4: the condition code starts as EQ. */
   memset(st->cc, NVISA_COND_EQ, sizeof(st->cc));
   st->loop_counter = 0;
}

/* At a loop's end: run the body again while iterations remain and some
 * fragment has not broken out; otherwise leave the loop, and the loop
 * counter is the enclosing loop's again. */
static void
fp_loop_end(struct fp_run *run, unsigned *pc)
{
   struct fp_frame *top = &run->stack[run->sp - 1];

   top->count--;
   top->counter += top->incr;
   run->st.loop_counter = top->counter;
   run->active = top->saved & ~top->broken & ~run->killed;
   if (top->count > 0 && run->active) {
      *pc = top->start_idx;
      return;
   }
   run->active = top->saved & ~run->killed;
   run->sp--;
   run->st.loop_counter = 0;
   for (unsigned i = run->sp; i--;)
      if (run->stack[i].kind == FRAME_LOOP) {
         run->st.loop_counter = run->stack[i].counter;
         break;
      }
}

/* When pc reaches a boundary of the innermost block (an IF's else part or
 * end, a loop's end), switches the mask to what the next part runs with
 * and returns true; *pc is then where execution resumes. */
static bool
fp_block_boundary(struct fp_run *run, unsigned *pc)
{
   if (!run->sp)
      return false;

   struct fp_frame *top = &run->stack[run->sp - 1];
   if (top->kind == FRAME_IF && !top->else_phase && *pc == top->else_idx) {
      top->else_phase = true;
      run->active = top->saved & ~top->cond &
                    ~loop_broken(run->stack, run->sp - 1) & ~run->killed;
      if (!run->active)
         *pc = top->end_idx;
      return true;
   }
   if (top->kind == FRAME_IF && top->else_phase && *pc == top->end_idx) {
      run->active = top->saved & ~loop_broken(run->stack, run->sp - 1) &
                    ~run->killed;
      run->sp--;
      return true;
   }
   if (top->kind == FRAME_LOOP && *pc == top->end_idx) {
      fp_loop_end(run, pc);
      return true;
   }
   return false;
}

/* A flow-control op, for the whole quad: fragments take different paths
 * by narrowing the mask, not by jumping.  Sets *next to the op to run
 * next; returns 0 or NVSIM_SHADER_ERR_STACK. */
static int
fp_exec_branch(struct fp_run *run, const struct nvsim_nv40_fp_prog *prog,
               unsigned pc, unsigned *next)
{
   const struct nvsim_nv40_fp_op *op = &prog->ops[pc];
   const struct nvisa_nv40_fp_insn *insn = &op->insn;
   struct fp_frame *stack = run->stack;

   switch (insn->op) {
   case FP(BRA_IF): {
      if (run->sp == FP_STACK_DEPTH)
         return NVSIM_SHADER_ERR_STACK;
      unsigned cond = cond_any(&run->st, insn, run->active);
      stack[run->sp++] = (struct fp_frame) {
         .kind = FRAME_IF, .saved = run->active, .cond = cond,
         .else_idx = op->target, .end_idx = op->end,
      };
      run->active &= cond;
      if (!run->active)
         *next = op->target;
      break;
   }
   case FP(BRA_REP):
   case FP(BRA_LOOP): {
      if (run->sp == FP_STACK_DEPTH)
         return NVSIM_SHADER_ERR_STACK;
      bool rep = insn->op == FP(BRA_REP);
      if (insn->loop_count == 0 || !run->active) {
         *next = op->end;
         break;
      }
      stack[run->sp++] = (struct fp_frame) {
         .kind = FRAME_LOOP, .saved = run->active, .start_idx = pc + 1,
         .end_idx = op->end, .count = insn->loop_count,
         .counter = rep ? 0 : insn->loop_init,
         .incr = rep ? 0 : insn->loop_incr,
      };
      run->st.loop_counter = stack[run->sp - 1].counter;
      break;
   }
   case FP(BRA_BRK): {
      unsigned i = run->sp;
      while (i && stack[i - 1].kind == FRAME_IF)
         i--;
      if (!i || stack[i - 1].kind != FRAME_LOOP)
         return NVSIM_SHADER_ERR_STACK;
      unsigned brk = cond_any(&run->st, insn, run->active);
      stack[i - 1].broken |= brk;
      run->active &= ~brk;
      break;
   }
   case FP(BRA_CAL): {
      unsigned take = cond_any(&run->st, insn, run->active);
      if (!take)
         break;
      if (run->sp == FP_STACK_DEPTH)
         return NVSIM_SHADER_ERR_STACK;
      stack[run->sp++] = (struct fp_frame) {
         .kind = FRAME_CALL, .saved = run->active, .ret_idx = pc + 1,
      };
      run->active = take;
      *next = op->target;
      break;
   }
   case FP(BRA_RET): {
      while (run->sp && stack[run->sp - 1].kind != FRAME_CALL)
         run->sp--;
      if (!run->sp) {
         *next = prog->num_ops;   /* return from main: the end */
         break;
      }
      run->sp--;
      run->active = stack[run->sp].saved & ~run->killed;
      *next = stack[run->sp].ret_idx;
      break;
   }
   }
   return 0;
}

/* DDX/DDY difference horizontal or vertical neighbours of the quad, so all
 * four fragments' sources are fetched first. */
static void
exec_derivative(struct fp_state *st, const struct nvsim_nv40_fp_op *op,
                const struct nvsim_nv40_fp_quad *q, unsigned active)
{
   const struct nvisa_nv40_fp_insn *insn = &op->insn;
   float s[4][4];

   for (unsigned f = 0; f < 4; f++)
      fetch(st, op, q, f, 0, s[f]);
   for (unsigned f = 0; f < 4; f++) {
      if (!(active & (1 << f)))
         continue;
      unsigned a, b;
      if (insn->op == FP(OP_DDX)) {
         a = f & 2;
         b = a | 1;
      } else {
         a = f & 1;
         b = a | 2;
      }
      /* The hardware computes x and y only (nvfx_shader.h, "can only
       * write XY"); z and w read as 0 here so that code relying on
       * them shows up wrong, as it would on the chip. */
      float r[4] = { s[b][0] - s[a][0], s[b][1] - s[a][1], 0.0f, 0.0f };
      write_result(st, f, op, r);
   }
}

/* An arithmetic op, fragment by fragment.  Returns false for an opcode
 * the interpreter does not know. */
static bool
exec_alu_quad(struct fp_state *st, const struct nvsim_nv40_fp_op *op,
              const struct nvsim_nv40_fp_quad *q, unsigned active)
{
   const struct nvisa_nv40_fp_insn *insn = &op->insn;
   const struct nvisa_op_info *info = &nvisa_nv40_fp_op_info[insn->op];

   for (unsigned f = 0; f < 4; f++) {
      if (!(active & (1 << f)))
         continue;
      float s0[4] = { 0 }, s1[4] = { 0 }, s2[4] = { 0 }, r[4];
      if (info->srcs & 1) fetch(st, op, q, f, 0, s0);
      if (info->srcs & 2) fetch(st, op, q, f, 1, s1);
      if (info->srcs & 4) fetch(st, op, q, f, 2, s2);
      if (!nvsim_nv40_fp_alu(insn->op, s0, s1, s2, r))
         return false;
      write_result(st, f, op, r);
   }
   return true;
}

/* A non-branch op for the active fragments.  Returns 0 or
 * NVSIM_SHADER_ERR_OPCODE. */
static int
fp_exec_op(struct fp_run *run, const struct nvsim_nv40_fp_op *op,
           const struct nvsim_nv40_fp_quad *q,
           const struct nvsim_nv40_fp_env *env)
{
   const struct nvisa_nv40_fp_insn *insn = &op->insn;

   switch (insn->op) {
   case FP(OP_NOP):
      break;
   case FP(OP_KIL): {
      unsigned k = cond_any(&run->st, insn, run->active);
      run->killed |= k;
      run->active &= ~k;
      break;
   }
   case FP(OP_TEX): case FP(OP_TXP): case FP(OP_TXB): case FP(OP_TXL):
   case FP(OP_TXD):
      exec_tex(&run->st, op, q, env, run->active);
      break;
   case FP(OP_DDX):
   case FP(OP_DDY):
      exec_derivative(&run->st, op, q, run->active);
      break;
   default:
      if (!exec_alu_quad(&run->st, op, q, run->active))
         return NVSIM_SHADER_ERR_OPCODE;
      break;
   }
   return 0;
}

/* The quad's results: colour in H0 or R0, depth in R1.z. */
static void
fp_read_outputs(const struct fp_state *st,
                const struct nvsim_nv40_fp_prog *prog,
                struct nvsim_nv40_fp_quad *q)
{
   for (unsigned f = 0; f < 4; f++) {
      float v[4];
      read_reg(st, f, 0, prog->color_half, v);
      memcpy(q->color[0][f], v, sizeof(v));
      /* render targets 1-3: H4, H6, H8 (nvfx_fragprog.c output mapping) */
      for (unsigned rt = 1; rt < NVSIM_NV40_FP_NUM_RT; rt++) {
         read_reg(st, f, 2 * (rt + 1), true, v);
         memcpy(q->color[rt][f], v, sizeof(v));
      }
      read_reg(st, f, 1, false, v);
      q->depth[f] = v[2];
   }
}

int
nvsim_nv40_fp_run_quad(const struct nvsim_nv40_fp_prog *prog,
                       struct nvsim_nv40_fp_quad *q,
                       const struct nvsim_nv40_fp_env *env)
{
   struct fp_run run;
   unsigned pc = 0;
   int ret = 0;

   q->steps = 0;
   if (!prog->ops || prog->reg_slots > FP_REG_SLOTS) {
      q->mask = 0;
      return NVSIM_SHADER_ERR_NOPROG;
   }
   fp_run_init(&run, prog);

   while (pc <= prog->num_ops) {
      if (fp_block_boundary(&run, &pc))
         continue;
      if (pc == prog->num_ops)
         break;
      if (++q->steps > NVSIM_NV40_FP_MAX_STEPS) {
         ret = NVSIM_SHADER_ERR_STEPS;
         break;
      }

      const struct nvsim_nv40_fp_op *op = &prog->ops[pc];
      unsigned next = pc + 1;

      if (op->insn.is_branch)
         ret = fp_exec_branch(&run, prog, pc, &next);
      else if (run.active)
         ret = fp_exec_op(&run, op, q, env);
      if (ret)
         break;
      pc = next;
   }

   fp_read_outputs(&run.st, prog, q);
   q->mask &= ~run.killed;
   if (ret)
      q->mask = 0;
   return ret;
}
