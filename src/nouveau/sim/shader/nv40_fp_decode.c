/*
 * The fragment program fast path's compact form (issue 23), made once per
 * prepared program from the reference's decoded instructions
 * (nv40_fp_exec.c fp_prepare), so that nothing of the encoding is
 * interpreted per quad: each source says where its four components are
 * (register slot and component, fp16 word and half, input component, or
 * the swizzled constant), each destination its slot, mask, scale,
 * precision, saturation, condition and CC update.  What each field means
 * is the reference's fetch() and write_result(): this file only moves
 * those decisions from the run to the prepare.
 *
 * Programs with flow control (IF, loops, CAL/RET) keep fast == NULL and
 * run on the reference: their masks per block are its business.
 */
#include <stdlib.h>
#include <string.h>

#include "nv40_fp_priv.h"
#include "nv40_shader_priv.h"

#define FP(x) NVISA_NV40_FP_##x

/* The ops nv40_fp_quad.c computes itself; the others go to the
 * reference's arithmetic one fragment at a time (FOP_ALU_REF). */
static bool
fast_alu_op(unsigned op)
{
   switch (op) {
   case FP(OP_MOV): case FP(OP_MUL): case FP(OP_ADD): case FP(OP_MAD):
   case FP(OP_DP3): case FP(OP_DP4): case FP(OP_DP2A):
   case FP(OP_MIN): case FP(OP_MAX):
   case FP(OP_SLT): case FP(OP_SGE): case FP(OP_SLE): case FP(OP_SGT):
   case FP(OP_SNE): case FP(OP_SEQ):
   case FP(OP_FRC): case FP(OP_FLR): case FP(OP_RCP): case FP(OP_RSQ):
   case FP(OP_DIV): case FP(OP_LRP):
      return true;
   default:
      return false;
   }
}

/* The ops with a commutative addition or multiplication of two values
 * that may both be NaN (nv40_fp_quad.c, "NaN"). */
static bool
commutative_arith(unsigned op)
{
   switch (op) {
   case FP(OP_MUL): case FP(OP_ADD): case FP(OP_MAD): case FP(OP_DP2A):
   case FP(OP_DP3): case FP(OP_DP4): case FP(OP_LRP):
      return true;
   default:
      return false;
   }
}

/* Source s of op as the reference's fetch() reads it. */
static void
build_src(struct nvsim_fp_fsrc *d, const struct nvsim_nv40_fp_op *op,
          unsigned s)
{
   const struct nvisa_nv40_fp_insn *insn = &op->insn;
   const struct nvisa_src *src = &insn->src[s];

   memset(d, 0, sizeof(*d));
   d->abs_and = src->abs ? 0x7fffffffu : 0xffffffffu;
   d->neg_xor = src->neg ? 0x80000000u : 0;
   d->mods = src->abs || src->neg;
   d->identity = !d->mods;
   for (unsigned c = 0; c < 4; c++) {
      d->comp[c] = src->swz[c] & 3;
      d->identity &= d->comp[c] == c;
   }

   int input = insn->input;
   if (insn->index_input) {
      /* the loop counter is 0 outside loops, and a program with a loop
       * is not on this path: only the displacement (nvfx_shader.h, SRC2
       * bits 19-29, signed 11 bits) is added */
      input += insn->addr_disp & 0x400 ? (int)insn->addr_disp - 0x800 :
                                         (int)insn->addr_disp;
   }

   if (src->file == NVISA_FILE_TEMP && !src->half) {
      d->kind = FSRC_R32;
      d->slot = src->index % NVSIM_FP_REG_SLOTS;
      return;
   }
   if (src->file == NVISA_FILE_TEMP) {
      d->kind = FSRC_H16;
      d->slot = (src->index / 2) % NVSIM_FP_REG_SLOTS;
      d->identity = false;
      for (unsigned c = 0; c < 4; c++) {
         unsigned h = src->swz[c] & 3;
         d->comp[c] = (src->index & 1) * 2 + h / 2;
         d->shift[c] = (h & 1) * 16;
      }
      return;
   }
   if (src->file == NVISA_FILE_INPUT && input >= 0 &&
       input < FP(NUM_INPUTS)) {
      d->kind = FSRC_INPUT;
      d->input = input;
      return;
   }
   /* the inline constant, or 0 (an input out of range, another file),
    * swizzled, abs and neg applied as the reference does per run */
   float v[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
   if (src->file == NVISA_FILE_CONST)
      memcpy(v, op->imm, sizeof(v));
   d->kind = FSRC_CONST;
   d->identity = false;
   d->mods = false;
   for (unsigned c = 0; c < 4; c++) {
      float x = v[src->swz[c]];
      if (src->abs)
         x = fabsf(x);
      if (src->neg)
         x = -x;
      d->k[c] = x;
   }
}

static bool
build_op(struct nvsim_fp_fop *d, const struct nvsim_nv40_fp_op *op)
{
   const struct nvisa_nv40_fp_insn *insn = &op->insn;
   const struct nvisa_op_info *info = &nvisa_nv40_fp_op_info[insn->op];

   memset(d, 0, sizeof(*d));
   d->op = insn->op;
   switch (insn->op) {
   case FP(OP_NOP):
      d->kind = FOP_NOP;
      break;
   case FP(OP_KIL):
      d->kind = FOP_KIL;
      break;
   case FP(OP_TEX): case FP(OP_TXP): case FP(OP_TXB): case FP(OP_TXL):
      d->kind = FOP_TEX;
      d->srcs = 1;
      break;
   case FP(OP_TXD):
      d->kind = FOP_TEX;
      d->srcs = 7;
      break;
   case FP(OP_DDX): case FP(OP_DDY):
      d->kind = FOP_DERIV;
      d->srcs = 1;
      break;
   default: {
      /* an op the reference's arithmetic does not know fails the run
       * there (NVSIM_SHADER_ERR_OPCODE): that program stays on the
       * reference, which says so */
      float z[4] = { 0 }, r[4];
      if (!nvsim_nv40_fp_alu(insn->op, z, z, z, r))
         return false;
      d->kind = fast_alu_op(insn->op) ? FOP_ALU : FOP_ALU_REF;
      d->nan_check = commutative_arith(insn->op);
      d->srcs = info->srcs & 7;
      break;
   }
   }
   for (unsigned s = 0; s < 3; s++)
      if (d->srcs & (1 << s))
         build_src(&d->src[s], op, s);

   d->plain = op->plain_dst;
   d->out_none = insn->out_none;
   d->out_half = insn->out_half;
   d->slot = (insn->out_half ? insn->out_reg / 2 : insn->out_reg) %
             NVSIM_FP_REG_SLOTS;
   d->hbase = (insn->out_reg & 1) * 2;
   d->mask = insn->mask & 0xf;
   d->precision = insn->precision;
   d->sat = insn->sat;
   d->scaled = insn->scale != 0;
   d->scale = nvsim_nv40_fp_scale_factor[insn->scale & 7];
   d->cond = insn->cond;
   for (unsigned c = 0; c < 4; c++)
      d->cc_swz[c] = insn->cc_swz[c] & 3;
   d->cc_update = insn->cc_update;
   d->tex_unit = insn->tex_unit;
   return true;
}

int
nvsim_nv40_fp_build_fast(struct nvsim_nv40_fp_prog *prog)
{
   nvsim_nv40_fp_free_fast(prog);
   for (unsigned i = 0; i < prog->num_ops; i++)
      if (prog->ops[i].insn.is_branch)
         return 0;

   struct nvsim_fp_fast *fast = calloc(1, sizeof(*fast));
   if (!fast)
      return -1;
   fast->ops = calloc(prog->num_ops ? prog->num_ops : 1, sizeof(*fast->ops));
   if (!fast->ops) {
      free(fast);
      return -1;
   }
   for (unsigned i = 0; i < prog->num_ops; i++) {
      struct nvsim_fp_fop *d = &fast->ops[i];
      if (!build_op(d, &prog->ops[i])) {
         free(fast->ops);
         free(fast);
         return 0;
      }
      for (unsigned s = 0; s < 3; s++)
         if ((d->srcs & (1u << s)) && d->src[s].kind == FSRC_INPUT)
            fast->inputs |= 1u << d->src[s].input;
   }
   fast->num_ops = prog->num_ops;
   prog->fast = fast;
   return 0;
}

void
nvsim_nv40_fp_free_fast(struct nvsim_nv40_fp_prog *prog)
{
   if (prog->fast)
      free(prog->fast->ops);
   free(prog->fast);
   prog->fast = NULL;
}
