/*
 * The fast path's decoded instructions (issue 23): each instruction of a
 * program is decoded by libnvisa once and kept, with what step() in
 * g80_exec.c works out from it at every execution (the fault it raises,
 * its kind, predicate, flags and the fast form of g80_exec_fast.c).
 *
 * Invalidation: a slot keeps the code words it was decoded from and is
 * used only while the code segment still holds them at that address; the
 * driver may rewrite code memory at any time (M2MF or a CPU mapping,
 * neither of which nvsim sees as "code"), so every execution compares
 * the words, which is exact and costs one 8-byte compare.  The decode
 * depends on nothing else but the program type and the chip's ISA flags,
 * which empty the cache when they change.
 */
#include <fenv.h>
#include <stdlib.h>
#include <string.h>

#include "g80_exec_priv.h"

static const enum nvisa_g80_ptype stage_ptype[] = {
   [G80_STAGE_VP] = NVISA_G80_PTYPE_VP,
   [G80_STAGE_GP] = NVISA_G80_PTYPE_GP,
   [G80_STAGE_FP] = NVISA_G80_PTYPE_FP,
   [G80_STAGE_CP] = NVISA_G80_PTYPE_CP,
};

static const uint32_t stage_flag[] = {
   [G80_STAGE_VP] = NVISA_G80_FLAG_VP,
   [G80_STAGE_GP] = NVISA_G80_FLAG_GP,
   [G80_STAGE_FP] = NVISA_G80_FLAG_FP,
   [G80_STAGE_CP] = 0,
};

/* What step() decides from the words, in its order. */
static void
decode(struct g80_decoded *d, uint32_t pc, enum g80_stage stage,
       uint32_t isa_flags)
{
   struct nvisa_g80_insn *insn = &d->insn;
   int n = nvisa_g80_decode_ptype(d->w, d->avail, stage_ptype[stage], insn);
   const struct nvisa_form *form = nvisa_g80_form(insn->op);
   uint32_t chip = G(FLAG_SM11) | G(FLAG_SM12) | G(FLAG_FP64) |
                   G(FLAG_D3D10_1);

   d->tag = pc + 1;
   d->fast = 0;
   d->n = n > 0 ? n : 1;
   if (n < 0 || (form->flags & G(FLAG_INVALID)))
      d->fault = G80_DEC_INVALID;
   else if (n == 2 && (pc & 4))
      d->fault = G80_DEC_ODD;
   else if ((form->flags & chip & ~isa_flags) ||
            ((form->flags & (G(FLAG_VP) | G(FLAG_GP) | G(FLAG_FP))) &&
             !(form->flags & stage_flag[stage])))
      d->fault = G80_DEC_CHIP;
   else
      d->fault = G80_DEC_OK;
   if (d->fault != G80_DEC_OK)
      return;

   d->pred = M(PRED);
   d->pred_c = M(PRED_C) % NCREGS;
   d->ctrl = M(CTRL);
   /* mov $c has CC_WR but writes its own destination */
   d->cc_wr = M(CC_WR) && g80_run_form_has_mod(form, G(MOD_CC_DST));
   d->cc_dst = M(CC_DST) % NCREGS;
   if (g80_run_is_control(insn->op))
      d->kind = G80_DEC_CONTROL;
   else if (insn->op == G(OP_EMIT) || insn->op == G(OP_RESTART))
      d->kind = G80_DEC_EMIT;
   else if (g80_run_is_tex(insn->op))
      d->kind = G80_DEC_TEX;
   else
      d->kind = G80_DEC_ALU;
   if (d->kind == G80_DEC_ALU)
      g80_fast_prepare(d, stage);
}

void
g80_decode_begin(struct run *st)
{
   struct g80_shader_cache *c = st->cache;
   const struct g80_shader_program *p = st->prog;
   if (!c->primed || c->stage != st->stage || c->isa_flags != p->isa_flags) {
      for (unsigned i = 0; i < G80_DECODE_SLOTS; i++)
         c->slot[i].tag = 0;
      c->primed = true;
      c->stage = st->stage;
      c->isa_flags = p->isa_flags;
   }
   /* the fast f32 forms compute with the host's floats in
    * round-to-nearest (g80_exec_fast.c); a thread left in another mode
    * runs the exact functions only */
   st->host_rn = fegetround() == FE_TONEAREST;
}

const struct g80_decoded *
g80_decode_at(struct run *st)
{
   const struct g80_shader_program *p = st->prog;
   struct g80_shader_cache *c = st->cache;
   uint64_t at = st->pc;
   uint32_t w[2] = { 0, 0 };

   if ((st->pc & 3) || at + 4 > p->code_size) {
      g80_run_fail(st, "%s: PC outside the code segment", "g80 shader");
      return NULL;
   }
   unsigned avail = at + 8 <= p->code_size ? 2 : 1;
   memcpy(w, p->code + at, avail * 4);

   struct g80_decoded *d = &c->slot[(st->pc >> 2) % G80_DECODE_SLOTS];
   if (d->tag != st->pc + 1 || d->avail != avail || d->w[0] != w[0] ||
       d->w[1] != w[1]) {
      d->w[0] = w[0];
      d->w[1] = w[1];
      d->avail = avail;
      decode(d, st->pc, st->stage, p->isa_flags);
   }

   const char *name = nvisa_g80_form(d->insn.op)->asm_name;
   switch (d->fault) {
   case G80_DEC_INVALID:
      g80_run_fail(st, "invalid instruction (%s)", name);
      return NULL;
   case G80_DEC_ODD:
      g80_run_fail(st, "%s: a long instruction at an odd word", name);
      return NULL;
   case G80_DEC_CHIP:
      g80_run_fail(st, "%s: not an instruction of this chip or program type",
                   name);
      return NULL;
   default:
      return d;
   }
}

struct g80_shader_cache *
g80_shader_cache_create(void)
{
   return calloc(1, sizeof(struct g80_shader_cache));
}

void
g80_shader_cache_destroy(struct g80_shader_cache *c)
{
   free(c);
}
