/*
 * The target description: what one chip's vertex and fragment programs
 * can do, from the chip's row of the chip table (hwdb chips.xml, through
 * nvhwdb_chips.h) and the tables of its ISA (src/nouveau/isa).  The
 * compiler reads every limit from here; nothing else states them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvc_compiler.h"
#include "nvhwdb_chips.h"
#include "nvisa_nv30_fp_gen.h"
#include "nvisa_nv30_vp_gen.h"

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
 * fragment programs (nv30_vp.xml, nv30_fp.xml).  The FP inputs are those
 * of NV40 up to TC7; NV_fragment_program has no facing input and no TXL
 * but has RSQ (nv30_fp.xml's INPUT and OP enums). */
static void
target_nv30(struct nvc_target *t)
{
   t->vp.num_temps = NVISA_NV30_VP_NUM_TEMPS;
   t->vp.num_attribs = NVISA_NV30_VP_NUM_INPUTS;
   t->vp.precisions = NVC_PRECISION_FP32;
   t->fp.num_temps = NVISA_NV30_FP_NUM_TEMPS;
   t->fp.num_half_temps = NVISA_NV30_FP_NUM_HALF_TEMPS;
   t->fp.num_inputs = NVISA_NV30_FP_NUM_INPUTS;
   t->fp.num_texcoords = NVISA_NV30_FP_INPUT_TC7 - NVISA_NV30_FP_INPUT_TC0 + 1;
   t->fp.facing = false;
   t->fp.txl = false;
   t->fp.rsq = true;
   /* NV_vertex_program2 BRA, CAL and RET (nv30_vp.xml SCA_OP); the FP
    * has no branch instructions at all (nv30_fp.xml) */
   t->vp.loops = t->vp.calls = true;
   t->fp.loops = t->fp.calls = false;
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
   t->fp.num_temps = NVISA_NV40_FP_NUM_TEMPS;
   t->fp.num_half_temps = NVISA_NV40_FP_NUM_HALF_TEMPS;
   t->fp.num_inputs = NVISA_NV40_FP_NUM_INPUTS;
   t->fp.num_texcoords = NVISA_NV40_FP_INPUT_TC9 - NVISA_NV40_FP_INPUT_TC0 + 1;
   t->fp.facing = true;
   t->fp.txl = true;
   t->fp.rsq = false;
   /* BRA, CAL, RET in the VP (nv40_vp.xml SCA_OP); BRK, CAL, LOOP, REP,
    * RET in the FP (nv40_fp.xml branch ops) */
   t->vp.loops = t->vp.calls = true;
   t->fp.loops = t->fp.calls = true;
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
