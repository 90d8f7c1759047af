/*
 * The target description: what one chip's vertex and fragment programs
 * can do, from the chip's row of the chip table (hwdb chips.xml, through
 * nvhwdb_chips.h) and the tables of its ISA (src/nouveau/isa).  The
 * compiler reads every limit from here; nothing else states them.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv30-40_3d.xml.h"
#include "nvc_compiler.h"
#include "nvhwdb_chips.h"
#include "nvisa_nv30_fp.h"
#include "nvisa_nv30_vp_gen.h"
#include "nvisa_nv40_fp.h"

/* Both FP ISAs share the decoded form (struct nvisa_nv40_fp_insn) whose
 * op field holds the ISA's OPCODE value; the encoder names opcodes and
 * inputs by their NV40 names, which nv30_fp.xml numbers the same for
 * everything rankine has.  Checked here, where the tables meet. */
#define SAME_FP_OP(x) \
   static_assert((int)NVISA_NV30_FP_OP_##x == (int)NVISA_NV40_FP_OP_##x, #x)
SAME_FP_OP(MOV); SAME_FP_OP(MUL); SAME_FP_OP(ADD); SAME_FP_OP(MAD);
SAME_FP_OP(DP3); SAME_FP_OP(DP4); SAME_FP_OP(MIN); SAME_FP_OP(MAX);
SAME_FP_OP(SLT); SAME_FP_OP(SGE); SAME_FP_OP(SEQ); SAME_FP_OP(SNE);
SAME_FP_OP(SGT); SAME_FP_OP(SLE); SAME_FP_OP(FRC); SAME_FP_OP(FLR);
SAME_FP_OP(RCP); SAME_FP_OP(RSQ); SAME_FP_OP(EX2); SAME_FP_OP(LG2);
SAME_FP_OP(SIN); SAME_FP_OP(COS); SAME_FP_OP(DDX); SAME_FP_OP(DDY);
SAME_FP_OP(TEX); SAME_FP_OP(TXP); SAME_FP_OP(TXB); SAME_FP_OP(KIL);
SAME_FP_OP(LRP); SAME_FP_OP(POW); SAME_FP_OP(NOP);
static_assert((int)NVISA_NV30_FP_PRECISION_FP32 ==
              (int)NVISA_NV40_FP_PRECISION_FP32,
              "FP32");

/* Does the target's FP ISA have opcode op?  NV40's table lists the
 * rankine-only opcodes too, flagged NVISA_OP_NV30_ONLY (nvfx_shader.h);
 * nv30_fp.xml lists only rankine's, unflagged. */
bool
nvc_target_fp_has_op(const struct nvc_target *t, unsigned op)
{
   const struct nvisa_op_info *ops = t->fp.ops;
   return ops && op < 64 && ops[op].name &&
          !(ops[op].flags & NVISA_OP_NV30_ONLY);
}

/* FP_CONTROL (hwdb nv30-40_3d.xml): rankine counts registers as
 * (used - 1) / 2 in USED_REGS_MINUS1_DIV2 and flags KIL in USES_KIL;
 * curie counts them in TEMP_COUNT and flags KIL; both have
 * DEPTH_REPLACE (result.depth replaces the interpolated depth). */
static uint32_t
fp_control_rankine(unsigned regs, bool kil, bool depth)
{
   return NV30_3D_FP_CONTROL_USED_REGS_MINUS1_DIV2((regs - 1) / 2) |
          (kil ? NV30_3D_FP_CONTROL_USES_KIL : 0) |
          (depth ? NV30_3D_FP_CONTROL_DEPTH_REPLACE : 0);
}

static uint32_t
fp_control_curie(unsigned regs, bool kil, bool depth)
{
   return NV40_3D_FP_CONTROL_TEMP_COUNT(regs) |
          (kil ? NV40_3D_FP_CONTROL_KIL : 0) |
          (depth ? NV30_3D_FP_CONTROL_DEPTH_REPLACE : 0);
}

/* User clip planes: the driver keeps plane i in VP constant i and the
 * compiled VP DP4s the position with it (upstream's nvfx_vertprog.c and
 * its vp_data heap use the same registers); the hardware clips against
 * six planes (VP_CLIP_PLANES_ENABLE, rnndb nv30-40_3d.xml), so programs
 * place their constants from the seventh up. */
#define NVC_VP_CLIP_PLANE_CONSTS 6

static bool
target_error(char **error, const struct nvhwdb_chip *chip, const char *why)
{
   if (error) {
      char buf[160];
      snprintf(buf, sizeof(buf), "nvc: %s (%s): %s",
               chip ? chip->codename : "no chip",
               chip ? nvhwdb_generation_name(chip->generation) : "-", why);
      *error = strdup(buf);
   }
   return false;
}

/* Rankine: NV_vertex_program2 vertex programs, NV_fragment_program
 * fragment programs (nv30_vp.xml, nv30_fp.xml).  The FP inputs end at
 * TC7 and NV_fragment_program has no facing input (nv30_fp.xml's INPUT
 * enum); its opcodes are read from the OP table (nvc_target_init). */
static void
target_nv30(struct nvc_target *t)
{
   t->vp.num_temps = NVISA_NV30_VP_NUM_TEMPS;
   t->vp.num_attribs = NVISA_NV30_VP_NUM_INPUTS;
   t->vp.precisions = NVC_PRECISION_FP32;
   t->vp.result_en = false;
   t->fp.num_temps = NVISA_NV30_FP_NUM_TEMPS;
   t->fp.num_half_temps = NVISA_NV30_FP_NUM_HALF_TEMPS;
   t->fp.num_inputs = NVISA_NV30_FP_NUM_INPUTS;
   t->fp.num_texcoords = NVISA_NV30_FP_INPUT_TC7 - NVISA_NV30_FP_INPUT_TC0 + 1;
   t->fp.input.pos = NVISA_NV30_FP_INPUT_POS;
   t->fp.input.col0 = NVISA_NV30_FP_INPUT_COL0;
   t->fp.input.col1 = NVISA_NV30_FP_INPUT_COL1;
   t->fp.input.fogc = NVISA_NV30_FP_INPUT_FOGC;
   t->fp.input.tc0 = NVISA_NV30_FP_INPUT_TC0;
   t->fp.input.facing = NVC_FP_INPUT_NONE;
   t->fp.facing = false;
   t->fp.ops = nvisa_nv30_fp_op_info;
   t->fp.encode = nvisa_nv30_fp_encode;
   t->fp.decode = nvisa_nv30_fp_decode;
   t->fp.disasm = nvisa_nv30_fp_disasm;
   t->fp.control = fp_control_rankine;
   /* NV_vertex_program2 BRA, CAL and RET (nv30_vp.xml SCA_OP); the FP
    * has no branch instructions at all (nv30_fp.xml) */
   t->vp.loops = t->vp.calls = true;
   t->fp.loops = t->fp.calls = false;
   /* ARL and CONST_INDEXED/ASRC (nv30_vp.xml; NV_vertex_program2's
    * address registers): uniform arrays indexed in hardware */
   t->vp.const_indexing = true;
   t->fp.precisions = NVC_PRECISION_FP32 | NVC_PRECISION_FP16 |
                      NVC_PRECISION_FX12;
}

/* Curie: NV_vertex_program3 / NV_fragment_program2 (nv40_vp.xml,
 * nv40_fp.xml). */
static void
target_nv40(struct nvc_target *t)
{
   t->vp.num_temps = NVISA_NV40_VP_NUM_TEMPS;
   t->vp.num_attribs = NVISA_NV40_VP_NUM_INPUTS;
   t->vp.precisions = NVC_PRECISION_FP32;
   t->vp.result_en = true;
   t->fp.num_temps = NVISA_NV40_FP_NUM_TEMPS;
   t->fp.num_half_temps = NVISA_NV40_FP_NUM_HALF_TEMPS;
   t->fp.num_inputs = NVISA_NV40_FP_NUM_INPUTS;
   t->fp.num_texcoords = NVISA_NV40_FP_INPUT_TC9 - NVISA_NV40_FP_INPUT_TC0 + 1;
   t->fp.input.pos = NVISA_NV40_FP_INPUT_POS;
   t->fp.input.col0 = NVISA_NV40_FP_INPUT_COL0;
   t->fp.input.col1 = NVISA_NV40_FP_INPUT_COL1;
   t->fp.input.fogc = NVISA_NV40_FP_INPUT_FOGC;
   t->fp.input.tc0 = NVISA_NV40_FP_INPUT_TC0;
   t->fp.input.facing = NVISA_NV40_FP_INPUT_FACING;
   t->fp.facing = true;
   t->fp.ops = nvisa_nv40_fp_op_info;
   t->fp.encode = nvisa_nv40_fp_encode;
   t->fp.decode = nvisa_nv40_fp_decode;
   t->fp.disasm = nvisa_nv40_fp_disasm;
   t->fp.control = fp_control_curie;
   /* BRA, CAL, RET in the VP (nv40_vp.xml SCA_OP); BRK, CAL, LOOP, REP,
    * RET in the FP (nv40_fp.xml branch ops) */
   t->vp.loops = t->vp.calls = true;
   t->fp.loops = t->fp.calls = true;
   /* ARL and CONST_INDEXED (nv40_vp.xml; NV_vertex_program3's address
    * registers) */
   t->vp.const_indexing = true;
   t->fp.max_if_depth = NVISA_NV40_FP_MAX_IF_DEPTH;
   t->fp.max_loop_depth = NVISA_NV40_FP_MAX_LOOP_DEPTH;
   t->fp.precisions = NVC_PRECISION_FP32 | NVC_PRECISION_FP16 |
                      NVC_PRECISION_FX12 | NVC_PRECISION_FX9;
}

bool
nvc_target_init(struct nvc_target *t, const struct nvhwdb_chip *chip,
                char **error)
{
   if (error)
      *error = NULL;
   memset(t, 0, sizeof(*t));
   if (!chip)
      return target_error(error, chip, "no chip given");

   switch (chip->isa) {
   case NVHWDB_ISA_NV30:
      target_nv30(t);
      break;
   case NVHWDB_ISA_NV40:
      target_nv40(t);
      break;
   default:
      return target_error(error, chip, "the compiler has no target for "
                          "this chip's shader ISA");
   }
   t->name = chip->codename;
   t->isa = chip->isa;
   /* The FP opcodes that differ between the ISAs, from their tables:
    * TXL is NV_fragment_program2's, RSQ/LRP/POW rankine's. */
   t->fp.txl = nvc_target_fp_has_op(t, NVISA_NV40_FP_OP_TXL);
   t->fp.rsq = nvc_target_fp_has_op(t, NVISA_NV40_FP_OP_RSQ);
   t->fp.lrp = nvc_target_fp_has_op(t, NVISA_NV40_FP_OP_LRP);
   t->fp.pow = nvc_target_fp_has_op(t, NVISA_NV40_FP_OP_POW);

   /* The chip row's limits and features (chips.xml cites each). */
   t->vp.max_insns = chip->vp_slots;
   t->vp.num_consts = chip->vp_consts;
   t->vp.first_free_const = NVC_VP_CLIP_PLANE_CONSTS;
   t->vp.tex_units = chip->vtx_tex_units;
   t->vp.branching = chip->vp_branching;
   t->fp.max_insns = chip->fp_slots;
   t->fp.tex_units = chip->fp_tex_units;
   t->fp.render_targets = chip->render_targets;
   t->fp.branching = chip->fp_branching;
   /* loops and calls are branches: none without them */
   t->vp.loops &= t->vp.branching;
   t->vp.calls &= t->vp.branching;
   t->fp.loops &= t->fp.branching;
   t->fp.calls &= t->fp.branching;
   if (!t->fp.branching)
      t->fp.max_if_depth = 0;
   if (!t->fp.loops)
      t->fp.max_loop_depth = 0;

   /* A row that contradicts its ISA's encoding is a table error: the
    * constant index field cannot address more than the ISA's file, the
    * texcoord routing tables hold NVC_MAX_TEXCOORDS entries. */
   unsigned isa_consts = chip->isa == NVHWDB_ISA_NV30 ?
                         NVISA_NV30_VP_NUM_CONSTS : NVISA_NV40_VP_NUM_CONSTS;
   if (t->vp.num_consts > isa_consts ||
       t->vp.num_consts <= t->vp.first_free_const ||
       t->fp.num_texcoords > NVC_MAX_TEXCOORDS ||
       !t->vp.max_insns || !t->fp.max_insns)
      return target_error(error, chip, "the chip table's program limits do "
                          "not fit its ISA");
   return true;
}
