/*
 * Adapter from the curie model to the NV40 shader interpreters of
 * sim/shader (nv40_shader_exec.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv40_3d_shader.h"
#include "nv40_shader_exec.h"
#include "nvisa_nv30_fp.h"

struct nv40_3d_vp_prog {
   struct nvsim_nv40_vp_prog prog;
   unsigned start;
   bool rankine;
   unsigned num_slots;
   uint32_t words[NVSIM_NV40_VP_SLOTS][4];   /* the slots prog was made of */
};

struct nv40_3d_fp_prog {
   struct nvsim_nv40_fp_prog prog;
};

struct nv40_3d_vp_prog *
nv40_3d_vp_prepare(struct nv40_3d_vp_prog *old, const uint32_t (*insn)[4],
                   unsigned num_slots, unsigned start, bool rankine,
                   bool reference, char *err, size_t errlen)
{
   if (num_slots > NVSIM_NV40_VP_SLOTS)
      num_slots = NVSIM_NV40_VP_SLOTS;
   if (start >= num_slots) {
      snprintf(err, errlen, "start slot %u is past the last slot", start);
      nv40_3d_vp_free(old);
      return NULL;
   }
   if (old && !reference && old->rankine == rankine &&
       old->num_slots == num_slots) {
      /* only the slots uploaded with other words are decoded again */
      int changed = nvsim_nv40_vp_reprepare(&old->prog, rankine, insn,
                                            (const uint32_t (*)[4])old->words,
                                            num_slots, err, errlen);
      if (changed < 0) {
         nv40_3d_vp_free(old);
         return NULL;
      }
      if (changed)
         memcpy(old->words, insn, num_slots * sizeof(old->words[0]));
      /* the same words from the same start: the same fast form */
      if (changed || old->start != start || !old->prog.fast)
         nvsim_nv40_vp_compile_fast(&old->prog, start);
      old->start = start;
      return old;
   }
   nv40_3d_vp_free(old);

   struct nv40_3d_vp_prog *p = calloc(1, sizeof(*p));
   if (!p) {
      snprintf(err, errlen, "out of memory");
      return NULL;
   }
   int r = rankine ? nvsim_nv30_vp_prepare(&p->prog, insn, num_slots, err, errlen)
                   : nvsim_nv40_vp_prepare(&p->prog, insn, num_slots, err, errlen);
   if (r != 0) {
      free(p);
      return NULL;
   }
   p->start = start;
   p->rankine = rankine;
   p->num_slots = num_slots;
   memcpy(p->words, insn, num_slots * sizeof(p->words[0]));
   nvsim_nv40_vp_compile_fast(&p->prog, start);
   return p;
}

void
nv40_3d_vp_free(struct nv40_3d_vp_prog *prog)
{
   if (!prog)
      return;
   nvsim_nv40_vp_fini(&prog->prog);
   free(prog);
}

bool
nv40_3d_vp_run(struct nv40_3d_vp_prog *prog, const float (*consts)[4],
               unsigned num_consts, const float (*in)[4], float (*out)[4],
               uint32_t *written, bool reference, char *err, size_t errlen)
{
   struct nvsim_nv40_vp_io io;
   unsigned n = NVISA_NV40_VP_NUM_OUTPUTS < NV40_3D_VP_OUTPUTS ?
                NVISA_NV40_VP_NUM_OUTPUTS : NV40_3D_VP_OUTPUTS;
   int r;

   (void)num_consts;
   if (!reference) {
      /* the run sets every output first: nothing to copy in */
      io.attr = in;
      io.consts = consts;
      io.tex = NULL;
      io.tex_data = NULL;
      r = nvsim_nv40_vp_run_fast(&prog->prog, prog->start, &io);
   } else {
      memset(&io, 0, sizeof(io));
      io.attr = in;
      io.consts = consts;
      memcpy(io.out, out, sizeof(float) * 4 * n);
      r = nvsim_nv40_vp_run(&prog->prog, prog->start, &io);
   }
   if (r < 0) {
      snprintf(err, errlen, "%s", nvsim_nv40_shader_strerror(r));
      return false;
   }
   memcpy(out, io.out, sizeof(float) * 4 * n);
   *written = io.out_written;
   return true;
}

struct nv40_3d_fp_prog *
nv40_3d_fp_prepare(const uint32_t *words, unsigned num_words,
                   uint32_t fp_control, bool rankine, char *err,
                   size_t errlen)
{
   struct nv40_3d_fp_prog *p = calloc(1, sizeof(*p));
   (void)fp_control;
   if (!p) {
      snprintf(err, errlen, "out of memory");
      return NULL;
   }
   int r = rankine ? nvsim_nv30_fp_prepare(&p->prog, words, num_words, err, errlen)
                   : nvsim_nv40_fp_prepare(&p->prog, words, num_words, err, errlen);
   if (r != 0) {
      free(p);
      return NULL;
   }
   return p;
}

unsigned
nv40_3d_fp_insn_words(const uint32_t *words, bool rankine, bool *end)
{
   struct nvisa_nv40_fp_insn insn;
   if (rankine)
      nvisa_nv30_fp_decode(words, &insn);
   else
      nvisa_nv40_fp_decode(words, &insn);
   *end = insn.end;
   return nvisa_nv40_fp_has_const(&insn) ? 8 : 4;
}

void
nv40_3d_fp_free(struct nv40_3d_fp_prog *prog)
{
   if (!prog)
      return;
   nvsim_nv40_fp_fini(&prog->prog);
   free(prog);
}

bool
nv40_3d_fp_run_quad(struct nv40_3d_fp_prog *prog,
                    const float (*in)[NVSIM_RASTER_MAX_ATTRIBS][4],
                    unsigned *mask, float (*color)[NVSIM_RASTER_MAX_RT][4],
                    float *depth, nvsim_tex_fn tex, void *tex_data,
                    bool reference, unsigned num_rt, char *err,
                    size_t errlen)
{
   struct nvsim_nv40_fp_quad q;
   const struct nvsim_nv40_fp_env env = { tex, tex_data };

   if (!reference) {
      /* the fast path reads and writes the rasterizer's quad in place */
      struct nvsim_nv40_fp_io io = {
         .in = &in[0][0][0], .in_stride = NVSIM_RASTER_MAX_ATTRIBS * 4,
         .mask = *mask, .color = &color[0][0][0],
         .color_stride = NVSIM_RASTER_MAX_RT * 4, .color_rt_stride = 4,
         .num_rt = num_rt,
      };
      int r = nvsim_nv40_fp_run_quad_fast(&prog->prog, &io, &env);
      if (r < 0) {
         snprintf(err, errlen, "%s", nvsim_nv40_shader_strerror(r));
         *mask = 0;
         return false;
      }
      *mask = io.mask;
      memcpy(depth, io.depth, sizeof(io.depth));
      return true;
   }

   for (unsigned f = 0; f < 4; f++)
      memcpy(q.in[f], in[f], sizeof(q.in[f]));
   q.mask = *mask;
   int r = nvsim_nv40_fp_run_quad(&prog->prog, &q, &env);
   if (r < 0) {
      snprintf(err, errlen, "%s", nvsim_nv40_shader_strerror(r));
      *mask = 0;
      return false;
   }
   *mask = q.mask;
   for (unsigned f = 0; f < 4; f++) {
      for (unsigned rt = 0; rt < NVSIM_NV40_FP_NUM_RT && rt < NVSIM_RASTER_MAX_RT; rt++)
         memcpy(color[f][rt], q.color[rt][f], sizeof(float) * 4);
      depth[f] = q.depth[f];
   }
   return true;
}

bool
nv40_3d_fp_may_kill(const struct nv40_3d_fp_prog *prog)
{
   return prog->prog.uses_kil;
}

bool
nv40_3d_fp_writes_depth(const struct nv40_3d_fp_prog *prog)
{
   return prog->prog.writes_depth;
}

uint32_t
nv40_3d_fp_inputs(const struct nv40_3d_fp_prog *prog)
{
   return prog->prog.inputs_read;
}

uint32_t
nv40_3d_fp_texunits(const struct nv40_3d_fp_prog *prog)
{
   return prog->prog.texunits_used;
}
