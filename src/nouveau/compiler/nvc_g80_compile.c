/*
 * The Tesla backend's pipeline: clone and lower the NIR
 * (nvc_g80_nir.c), select instructions (nvc_g80_isel.c, the control
 * flow walked by nvc_g80_isel_cf.c), fold saturations (nvc_g80_opt_fold_sat.c) and memory operands
 * (nvc_g80_opt_fold_operands.c) and immediates
 * (nvc_g80_opt_fold_immediates.c), remove dead code
 * (nvc_g80_opt_dce.c), write results in place (nvc_g80_opt_fold_results.c),
 * allocate registers (nvc_g80_ra.c on nvc_g80_live.c's ranges), drop
 * the moves that became self-moves (nvc_g80_opt_self_moves.c), encode
 * (nvc_g80_emit.c).  NV_DEBUG=shaders / NOUVEAU_DEBUG=shaders print the
 * lowered NIR and the disassembly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/nir/nir.h"
#include "nvc_g80.h"
#include "nvc_g80_ir.h"
#include "nvc_g80_isel.h"

/* Upstream's nv50 driver never gives a program fewer than 4 registers
 * (nv50_program.c max_gpr); followed, the hardware's minimum not being
 * documented. */
#define MIN_GPRS 4

static bool
debug_shaders(void)
{
   const char *a = getenv("NV_DEBUG"), *b = getenv("NOUVEAU_DEBUG");
   return (a && strstr(a, "shaders")) || (b && strstr(b, "shaders"));
}

bool
nvc_g80_compile(const struct nvc_g80_target *t, const nir_shader *nir,
                struct nvc_g80_program *prog, char **err)
{
   uint8_t interp[NVC_G80_MAX_IO];
   struct nvc_g80_ir ir;
   bool ok = false;

   *err = NULL;
   memset(prog, 0, sizeof(*prog));
   prog->stage = nir->info.stage;
   nir_shader *s = nir_shader_clone(NULL, nir);
   if (!s) {
      *err = strdup("out of memory");
      return false;
   }
   nvc_g80_nir_lower(s, interp);
   if (debug_shaders())
      nir_print_shader(s, stderr);

   /* the immediate forms reach $r0..$r63 only: if that does not fit,
    * compile again without them */
   unsigned regs = 0;
   for (unsigned try_imm = 1;; try_imm--) {
      nvc_g80_ir_init(&ir);
      memset(prog, 0, sizeof(*prog));
      prog->stage = nir->info.stage;
      if (!nvc_g80_isel(t, s, interp, &ir, prog, err))
         goto out;
      nvc_g80_opt_fold_sat(&ir, t->mul_sat);
      nvc_g80_opt_fold_operands(&ir);
      nvc_g80_opt_dce(&ir);
      /* results first: the immediate forms cannot write $o */
      nvc_g80_opt_fold_results(&ir);
      if (try_imm) {
         nvc_g80_opt_fold_immediates(&ir);
         nvc_g80_opt_dce(&ir);
      }
      regs = nvc_g80_ra(&ir, t->max_gprs, t->name, err);
      if (regs || !*err)
         break;
      if (!try_imm)
         goto out;
      free(*err);
      *err = NULL;
      nvc_g80_ir_fini(&ir);
   }
   nvc_g80_opt_self_moves(&ir);
   prog->num_gprs = regs < MIN_GPRS ? MIN_GPRS : regs;
   prog->num_insns = ir.num_insns;
   if (!nvc_g80_emit(&ir, t->name, &prog->code, &prog->code_words,
                     &prog->reloc, &prog->num_relocs, err))
      goto out;
   if (debug_shaders()) {
      char *d = nvc_g80_disasm(prog);
      fprintf(stderr, "%s: %u registers\n%s", t->name, prog->num_gprs,
              d ? d : "");
      free(d);
   }
   ok = true;
out:
   nvc_g80_ir_fini(&ir);
   ralloc_free(s);
   if (!ok)
      nvc_g80_program_free(prog);
   return ok;
}

void
nvc_g80_program_free(struct nvc_g80_program *prog)
{
   free(prog->code);
   free(prog->reloc);
   prog->code = NULL;
   prog->reloc = NULL;
   prog->num_relocs = 0;
   prog->code_words = 0;
}
