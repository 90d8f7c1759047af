/*
 * Entry points of the compiler: check the target, clone + lower the NIR,
 * select, legalize, allocate, encode for the target's ISA; NV_DEBUG=shaders
 * prints the steps.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/nir/nir.h"
#include "util/ralloc.h"

#include "nvc_compiler.h"
#include "nvc_vp_emit.h"
#include "nvc_fp_emit.h"
#include "nvc_ir.h"
#include "nvc_isel.h"
#include "nvc_nir.h"
#include "nvhwdb_chips.h"
#include "nv30-40_3d.xml.h"
#include "nvisa_nv30_vp.h"
#include "nvisa_nv40_fp.h"
#include "nvisa_nv40_vp.h"

/* NV_DEBUG or NOUVEAU_DEBUG containing "shaders" (comma-separated list). */
static bool
debug_shaders(void)
{
   static const char *const vars[] = { "NV_DEBUG", "NOUVEAU_DEBUG" };
   for (unsigned i = 0; i < 2; i++) {
      const char *v = getenv(vars[i]);
      if (v && strstr(v, "shaders"))
         return true;
   }
   return false;
}

static void
set_error(char **error, struct nvc_prog *p, const char *fallback)
{
   if (!error)
      return;
   const char *msg = p->error ? p->error : fallback;
   *error = strdup(msg);
}

/* Common front half: clone, lower, select, legalize, allocate. */
static bool
compile_common(const struct nir_shader *nir, struct nvc_prog *p,
               const struct nvc_vp_key *key, const struct nvc_fp_key *fp_key,
               struct nvc_isel_info *info, unsigned schedule, bool debug)
{
   if (!nir) {
      nvc_prog_error(p, "no shader given");
      return false;
   }
   gl_shader_stage want = p->is_fp ? MESA_SHADER_FRAGMENT : MESA_SHADER_VERTEX;
   if (nir->info.stage != want) {
      nvc_prog_error(p, "expected a %s shader, got %s",
                     _mesa_shader_stage_to_string(want),
                     _mesa_shader_stage_to_string(nir->info.stage));
      return false;
   }

   nir_shader *s = nir_shader_clone(NULL, nir);
   if (!s) {
      nvc_prog_error(p, "out of memory");
      return false;
   }
   /* A VP is lowered with the target's options whatever the NIR came
    * with: rankine's cannot saturate (fsat lowered by its options), and a
    * shader built for another target must not reach the encoder with
    * it. */
   if (!p->is_fp)
      s->options = nvc_nir_options(p->target, PIPE_SHADER_VERTEX);
   nvc_nir_lower(s, !p->is_fp && p->target->vp.const_indexing, fp_key);
   /* schedule: 0 NIR's order, 1 scheduled for register pressure, 2
    * that with cheap values recomputed at each use (nvc_remat.c) */
   if (schedule)
      nvc_nir_schedule_for_pressure(s);
   if (schedule >= 2) {
      nvc_select_to_mul(s);
      nvc_remat_for_pressure(s);
   }
   if (debug) {
      fprintf(stderr, "%s: NIR for the %s program%s:\n", p->target->name,
              p->is_fp ? "fragment" : "vertex",
              schedule >= 2 ? ", scheduled for register pressure, cheap "
                              "values recomputed at their uses" :
              schedule ? ", scheduled for register pressure" : "");
      nir_print_shader(s, stderr);
   }

   bool ok = nvc_isel(p, s, key, info);
   ralloc_free(s);
   if (!ok)
      return false;

   nvc_opt_dce(p);
   nvc_opt_fold_moves(p);
   nvc_legalize_operands(p);
   nvc_opt_fuse_cc(p);
   if (p->error)
      return false;
   if (debug) {
      fprintf(stderr, "%s: IR:\n", p->target->name);
      nvc_prog_print(p, stderr);
   }
   return nvc_ra(p);
}

bool
nvc_compile_vs(const struct nvc_target *target, const struct nir_shader *nir,
               const struct nvc_vp_key *key, struct nvc_vp_binary *out,
               char **error)
{
   struct nvc_prog p;
   struct nvc_isel_info info;
   bool debug = debug_shaders();

   if (error)
      *error = NULL;
   if (!out)
      return false;
   memset(out, 0, sizeof(*out));
   if (!target) {
      if (error)
         *error = strdup("nvc: no target given");
      return false;
   }
   nvc_prog_init(&p, target, false);

   unsigned const_base = key ? key->const_base : target->vp.first_free_const;
   bool ok = compile_common(nir, &p, key, NULL, &info, 0, debug);
   /* NIR's order can keep more values live than the unit has
    * temporaries (all of a block's arithmetic before its output stores):
    * try again in an order that frees them early, then with cheap values
    * recomputed where they are used (the unit cannot spill: c[] is
    * read-only). */
   for (unsigned level = 1; !ok && p.out_of_temps && level <= 2; level++) {
      nvc_prog_fini(&p);
      nvc_prog_init(&p, target, false);
      ok = compile_common(nir, &p, key, NULL, &info, level, debug);
   }
   if (ok && const_base >= target->vp.num_consts) {
      nvc_prog_error(&p, "constant base %u out of range", const_base);
      ok = false;
   }
   if (ok && target->isa == NVHWDB_ISA_NV30)
      ok = nv30_vp_emit(&p, &info, const_base, out);
   else if (ok)
      ok = nv40_vp_emit(&p, &info, const_base, out);

   if (!ok) {
      set_error(error, &p, "nvc: vertex program compilation failed");
      if (debug)
         fprintf(stderr, "%s\n", p.error ? p.error : "nvc: failed");
      nvc_vp_binary_free(out);
      nvc_prog_fini(&p);
      return false;
   }

   out->attrib_en = info.attrib_en;
   /* VP_RESULT_EN is curie's (hwdb nv30-40_3d.xml: NV40_3D-NV44_3D);
    * rankine passes every VP output on, and interpolates the texcoords
    * TEX_UNITS_ENABLE names (see the README, "Using it"). */
   out->result_en = target->vp.result_en ? info.result_en : 0;
   /* The planes the VP writes distances for: both generations clip
    * against those VP_CLIP_PLANES_ENABLE enables (hwdb). */
   static const uint32_t plane_en[] = {
      NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE0, NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE1,
      NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE2, NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE3,
      NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE4, NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE5,
   };
   for (unsigned i = 0; key && i < ARRAY_SIZE(plane_en); i++)
      if (key->ucp_enable & (1u << i))
         out->clip_planes_enable |= plane_en[i];
   out->num_temps = p.num_temps;
   memcpy(out->texcoord_varying, info.texcoord_varying, NVC_MAX_TEXCOORDS);
   out->outputs_written = info.outputs_written;
   out->writes_psize = info.writes_psize;
   out->writes_fog = info.writes_fog;

   if (debug) {
      fprintf(stderr, "%s: vertex program, %u instructions, %u temps, "
              "attrib_en 0x%08x result_en 0x%08x\n", target->name,
              out->num_insns,
              out->num_temps, out->attrib_en, out->result_en);
      for (unsigned i = 0; i < out->num_insns; i++) {
         char buf[256];
         if (target->isa == NVHWDB_ISA_NV30)
            nvisa_nv30_vp_disasm(&out->insns[i * 4], buf, sizeof(buf));
         else
            nvisa_nv40_vp_disasm(&out->insns[i * 4], buf, sizeof(buf));
         fprintf(stderr, "%3u: %08x %08x %08x %08x  %s\n", i,
                 out->insns[i * 4], out->insns[i * 4 + 1],
                 out->insns[i * 4 + 2], out->insns[i * 4 + 3], buf);
      }
      for (unsigned i = 0; i < out->num_consts; i++) {
         const struct nvc_vp_const *k = &out->consts[i];
         if (k->uniform_slot >= 0)
            fprintf(stderr, "  c[%u] = uniform %d\n", k->hw_slot, k->uniform_slot);
         else
            fprintf(stderr, "  c[%u] = { %g, %g, %g, %g }\n", k->hw_slot,
                    k->value[0], k->value[1], k->value[2], k->value[3]);
      }
   }
   nvc_prog_fini(&p);
   return true;
}

bool
nvc_compile_fs(const struct nvc_target *target, const struct nir_shader *nir,
               struct nvc_fp_binary *out, char **error)
{
   return nvc_compile_fs_key(target, nir, NULL, out, error);
}

bool
nvc_compile_fs_key(const struct nvc_target *target,
                   const struct nir_shader *nir, const struct nvc_fp_key *key,
                   struct nvc_fp_binary *out, char **error)
{
   struct nvc_prog p;
   struct nvc_isel_info info;
   bool debug = debug_shaders();

   if (error)
      *error = NULL;
   if (!out)
      return false;
   memset(out, 0, sizeof(*out));
   if (!target) {
      if (error)
         *error = strdup("nvc: no target given");
      return false;
   }
   nvc_prog_init(&p, target, true);
   /* R0 carries the colour result (H0 is its half-precision view). */
   p.reserved_regs = 1ull << 0;

   bool ok = compile_common(nir, &p, NULL, key, &info, 0, debug);
   /* as for vertex programs */
   for (unsigned level = 1; !ok && p.out_of_temps && level <= 2; level++) {
      nvc_prog_fini(&p);
      nvc_prog_init(&p, target, true);
      p.reserved_regs = 1ull << 0;
      ok = compile_common(nir, &p, NULL, key, &info, level, debug);
   }
   if (ok)
      ok = nvc_fp_emit(&p, &info, out);
   if (!ok) {
      set_error(error, &p, "nvc: fragment program compilation failed");
      if (debug)
         fprintf(stderr, "%s\n", p.error ? p.error : "nvc: failed");
      nvc_fp_binary_free(out);
      nvc_prog_fini(&p);
      return false;
   }

   memcpy(out->texcoord_varying, info.texcoord_varying, NVC_MAX_TEXCOORDS);
   out->texcoords_used = info.texcoords_used;
   /* VP_RESULT_EN bits only where the 3D class has the register */
   out->vp_result_en = target->vp.result_en ? info.result_en : 0;
   out->inputs_read = info.inputs_read;
   out->samplers_used = info.samplers_used;
   out->color_outputs = info.color_outputs;
   out->facing_in_col1 = info.facing_in_col1;

   if (debug) {
      fprintf(stderr, "%s: fragment program, %u instructions, %u words, "
              "%u regs, fp_control 0x%08x\n", target->name, out->num_insns,
              out->num_words,
              out->num_temps, out->fp_control);
      for (unsigned w = 0; w < out->num_words;) {
         char buf[256];
         int n = target->fp.disasm(&out->insns[w], out->num_words - w, buf,
                                   sizeof(buf));
         fprintf(stderr, "%4u: %s\n", w, buf);
         if (n <= 0)
            break;
         w += n;
      }
   }
   nvc_prog_fini(&p);
   return true;
}

void
nvc_vp_binary_free(struct nvc_vp_binary *bin)
{
   if (!bin)
      return;
   free(bin->insns);
   free(bin->consts);
   free(bin->relocs);
   memset(bin, 0, sizeof(*bin));
}

void
nvc_fp_binary_free(struct nvc_fp_binary *bin)
{
   if (!bin)
      return;
   free(bin->insns);
   free(bin->patches);
   memset(bin, 0, sizeof(*bin));
}
