/*
 * Vertex and fragment programs: shader CSOs compiled at create with the
 * Tesla compiler (src/nouveau/compiler, nvc_g80.h), uploaded at first
 * use into the code buffer of each context that draws with it (space
 * from nv50_code.c, given back when a program is deleted), and their 3D
 * state.
 *
 * Facts (rnndb graph/g80_3d.xml through hwdb g80_3d.xml, and upstream's
 * nv50_shader_state.c / nv50_program.c read for which methods a program
 * needs): a program runs from *_ADDRESS_HIGH/LOW (the code segment, in
 * DMA_CODE_CB) + *_START_ID (a byte offset); branch targets are code
 * segment addresses, so the code is relocated to its offset
 * (nvc_g80_relocate).  CODE_CB_FLUSH after new code.  The VP's inputs are
 * VP_ATTR_EN, its result words VP_REG_ALLOC_RESULT; VP_RESULT_MAP routes
 * result words to map slots, slots 0..3 the clip position, then the FP's
 * inputs from FP_INTERPOLANT_CTRL OFFSET (the compiler's README, "What
 * the driver gets").  The rasteriser's slots (back colours, point size)
 * follow the FP's inputs: nv50_linkage.c.
 */

#include <stdlib.h>
#include <string.h>

#include "util/u_atomic.h"
#include "util/u_memory.h"
#include "util/ralloc.h"
#include "nir.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_hwstate.h"
#include "nv50_funcs.h"
#include "nv50_msaa.h"

void *
nv50_program_create(struct pipe_context *pipe,
                    const struct pipe_shader_state *s)
{
   struct nv50_context *nv50 = nv50_context(pipe);
   struct nv50_program *p = CALLOC_STRUCT(nv50_program);
   char *err = NULL;

   if (!p) {
      if (s->type == PIPE_SHADER_IR_NIR)
         ralloc_free(s->ir.nir);
      return NULL;
   }
   simple_mtx_init(&p->code_lock, mtx_plain);
   if (s->type != PIPE_SHADER_IR_NIR) {
      NOUVEAU_ERR("only NIR shaders are accepted\n");
   } else {
      p->color_qualified = nv50_linkage_qualified_colors(s->ir.nir);
      nv50_linkage_lower_sprites(s->ir.nir);
      nv50_ms_lower_tex(s->ir.nir);
      /* the compiler never modifies the NIR; st/mesa hands it over */
      p->so = s->stream_output;
      p->outputs_written =
         ((const nir_shader *)s->ir.nir)->info.outputs_written;
      p->cull_mask = nv50_clip_cull_mask(s->ir.nir);
      p->valid = nvc_g80_compile(&nv50->screen->target, s->ir.nir,
                                 &p->prog, &err);
      /* kept for variants that filter cubes seamlessly (no
       * TEX_MISC SEAMLESS_CUBE_MAP before G200, nv50_tex.h) */
      if (p->valid && !nv50_chip_has_seamless_cube_map(nv50->chip)) {
         p->cube_units = nvc_g80_cube_units(s->ir.nir);
         if (p->cube_units)
            p->nir = nir_shader_clone(NULL, s->ir.nir);
      }
      if (!p->valid) {
         NOUVEAU_ERR("%s\n", err ? err : "shader refused");
         util_debug_message(&nv50->debug, SHADER_INFO,
                            "nouveau nv50: %s", err ? err : "refused");
      }
      free(err);
      ralloc_free(s->ir.nir);
   }
   return p;
}

void
nv50_program_delete(struct pipe_context *pipe, void *cso)
{
   struct nv50_program *p = cso;
   struct nv50_context *nv50 = nv50_context(pipe);

   /* its code space in this context's buffer (the copies in other
    * contexts' buffers keep their space until those contexts go: their
    * free lists are theirs, maybe another thread's) */
   for (unsigned i = 0; i < p->num_code; i++) {
      if (p->code[i].context_id == nv50->id)
         nv50_code_free(nv50, p->code[i].base, p->prog.code_words * 4);
   }
   free(p->code);
   simple_mtx_destroy(&p->code_lock);

   if (p->valid)
      nvc_g80_program_free(&p->prog);
   for (unsigned i = 0; i < p->num_variants; i++)
      if (p->variants[i].p)
         nv50_program_delete(pipe, p->variants[i].p);
   free(p->variants);
   ralloc_free(p->nir);
   FREE(p);
}

/* The program p compiled with its cube lookups of stage's seamless
 * LINEAR samplers done in the program (nvc_g80_cube_seamless.c); p when
 * there are none or the variant does not compile. */
static struct nv50_program *
nv50_program_variant(struct nv50_context *nv50, struct nv50_program *p,
                     unsigned stage)
{
   struct nvc_g80_seamless_key key;

   if (!p || !p->nir ||
       !nv50_tex_seamless_key(nv50, stage, p->cube_units, &key))
      return p;
   struct nv50_program *v = NULL;
   simple_mtx_lock(&p->code_lock);
   for (unsigned i = 0; i < p->num_variants; i++) {
      if (!memcmp(&p->variants[i].key, &key, sizeof(key))) {
         v = p->variants[i].p;
         simple_mtx_unlock(&p->code_lock);
         return v ? v : p;
      }
   }
   v = CALLOC_STRUCT(nv50_program);
   if (v) {
      char *err = NULL;
      nir_shader *nir = nir_shader_clone(NULL, p->nir);
      simple_mtx_init(&v->code_lock, mtx_plain);
      v->so = p->so;
      v->outputs_written = p->outputs_written;
      v->color_qualified = p->color_qualified;
      nvc_g80_lower_cube_seamless(nir, &key);
      v->valid = nvc_g80_compile(&nv50->screen->target, nir, &v->prog, &err);
      if (!v->valid) {
         NOUVEAU_ERR("seamless cube variant: %s\n", err ? err : "refused");
         simple_mtx_destroy(&v->code_lock);
         FREE(v);
         v = NULL;
      }
      free(err);
      ralloc_free(nir);
   }
   struct nv50_program_variant *nv =
      realloc(p->variants, (p->num_variants + 1) * sizeof(*nv));
   if (nv) {
      p->variants = nv;
      nv[p->num_variants].key = key;
      nv[p->num_variants].p = v;
      p->num_variants++;
   }
   simple_mtx_unlock(&p->code_lock);
   return v ? v : p;
}

void
nv50_bind_vp(struct pipe_context *pipe, void *cso)
{
   struct nv50_context *nv50 = nv50_context(pipe);

   nv50->vp = cso;
   nv50->dirty |= NV50_DIRTY_PROGRAMS;
}

void
nv50_bind_fp(struct pipe_context *pipe, void *cso)
{
   struct nv50_context *nv50 = nv50_context(pipe);

   nv50->fp = cso;
   nv50->dirty |= NV50_DIRTY_PROGRAMS;
}


uint32_t
nv50_program_new_context_id(void)
{
   static uint32_t last_id;
   return p_atomic_inc_return(&last_id);
}

int32_t
nv50_program_base(const struct nv50_program *p,
                  const struct nv50_context *nv50)
{
   /* the lock is not the program's state: locking it changes nothing a
    * reader of the const program sees */
   simple_mtx_t *lock = (simple_mtx_t *)&p->code_lock;
   int32_t base = -1;

   simple_mtx_lock(lock);
   for (unsigned i = 0; i < p->num_code; i++) {
      if (p->code[i].context_id == nv50->id)
         base = p->code[i].base;
   }
   simple_mtx_unlock(lock);
   return base;
}

static bool
nv50_program_add_code(struct nv50_program *p, const struct nv50_context *nv50,
                      uint32_t base)
{
   bool ok = true;

   simple_mtx_lock(&p->code_lock);
   if (p->num_code == p->cap_code) {
      unsigned cap = MAX2(2, 2 * p->cap_code);
      struct nv50_program_code *c = realloc(p->code, cap * sizeof(*c));
      if (c) {
         p->code = c;
         p->cap_code = cap;
      }
      ok = c != NULL;
   }
   if (ok) {
      p->code[p->num_code].context_id = nv50->id;
      p->code[p->num_code].base = base;
      p->num_code++;
   }
   simple_mtx_unlock(&p->code_lock);
   return ok;
}

/* Puts p's code in this context's code buffer (once a context; the CPU
 * writes only where no queued command reads: nv50_code.c) and gives its
 * offset, or -1 when the buffer is full of programs in use.  The
 * compiler's code is kept for address 0: each copy is relocated on the
 * way (branch targets are code segment addresses, isa.rst). */
static int32_t
nv50_program_upload(struct nv50_context *nv50, struct nv50_program *p)
{
   uint32_t size = p->prog.code_words * 4;
   int32_t base = nv50_program_base(p, nv50);

   if (base >= 0)
      return base;
   base = nv50_code_alloc(nv50, size);
   if (base < 0) {
      NOUVEAU_ERR("the code buffer is full (%u bytes)\n", NV50_CODE_SIZE);
      return -1;
   }
   struct nvc_g80_program copy = p->prog;
   copy.code = malloc(size);
   if (!copy.code || (memcpy(copy.code, p->prog.code, size),
                      !nvc_g80_relocate(&copy, base)) ||
       !nv50_program_add_code(p, nv50, base)) {
      NOUVEAU_ERR("program cannot be placed at 0x%x\n", base);
      free(copy.code);
      nv50_code_free(nv50, base, size);
      return -1;
   }
   if (nouveau_debug & NOUVEAU_DEBUG_SHADERS)
      fprintf(stderr, "nouveau: program of %u bytes at 0x%x\n", size, base);
   memcpy((uint8_t *)nv50->code_map + base, copy.code, size);
   free(copy.code);
   nv50->code_flush = true;
   return base;
}

void
nv50_vp_result_map(struct nv50_context *nv50, const uint8_t *map,
                   unsigned n)
{
   unsigned words = DIV_ROUND_UP(n, 4);

   NV50_3D_1(nv50, G80_3D_VP_RESULT_MAP_SIZE, n);
   if (!words)
      return;
   NV50_3D_MTHD(nv50, G80_3D_VP_RESULT_MAP(0), words);
   for (unsigned i = 0; i < words; i++)
      nouveau_push_data(&nv50->push,
                        G80_3D_VP_RESULT_MAP_0(map[4 * i]) |
                        G80_3D_VP_RESULT_MAP_1(map[4 * i + 1]) |
                        G80_3D_VP_RESULT_MAP_2(map[4 * i + 2]) |
                        G80_3D_VP_RESULT_MAP_3(map[4 * i + 3]));
}

bool
nv50_program_validate(struct nv50_context *nv50)
{
   struct nv50_program *vpp = nv50->vp, *fpp = nv50->fp, *gpp = nv50->gp;

   if (!vpp || !fpp || !vpp->valid || !fpp->valid || (gpp && !gpp->valid))
      return false;
   /* seamless cube maps in the program where the class cannot (the
    * samplers decide: a variant when they change) */
   vpp = nv50_program_variant(nv50, vpp, NV50_TEX_STAGE_VP);
   gpp = nv50_program_variant(nv50, gpp, NV50_TEX_STAGE_GP);
   fpp = nv50_program_variant(nv50, fpp, NV50_TEX_STAGE_FP);
   if (vpp != nv50->validated[0] || gpp != nv50->validated[1] ||
       fpp != nv50->validated[2]) {
      nv50->dirty |= NV50_DIRTY_PROGRAMS;
      nv50->validated[0] = vpp;
      nv50->validated[1] = gpp;
      nv50->validated[2] = fpp;
   }
   int32_t vp_base = nv50_program_upload(nv50, vpp);
   int32_t fp_base = nv50_program_upload(nv50, fpp);
   if (vp_base < 0 || fp_base < 0 ||
       (gpp && nv50_program_upload(nv50, gpp) < 0))
      return false;
   if (!(nv50->dirty & NV50_DIRTY_PROGRAMS) && !nv50->code_flush)
      return true;

   const struct nvc_g80_program *vp = &vpp->prog, *fp = &fpp->prog;
   /* the stage whose results the rasteriser and the FP read: the GP
    * when one is bound (its GP_RESULT_MAP, nv50_gp.c), else the VP */
   const struct nvc_g80_program *last = gpp ? &gpp->prog : vp;
   const uint8_t zero = gpp ? G80_GP_RESULT_MAP_CONST_ZERO
                            : G80_VP_RESULT_MAP_CONST_ZERO;
   unsigned umask = (fp->fp_interp_ctrl & G80_3D_FP_INTERPOLANT_CTRL_UMASK__MASK)
                    >> G80_3D_FP_INTERPOLANT_CTRL_UMASK__SHIFT;
   unsigned npos = util_bitcount(umask);
   /* result map: 4 position slots, then the FP's inputs by v[] word */
   uint8_t map[G80_3D_VP_RESULT_MAP__LEN * 4];
   bool from_vp[ARRAY_SIZE(map)] = {false};
   uint8_t so_map[G80_3D_STRMOUT_MAP__LEN * 4] = {0};
   uint32_t noperspective[G80_3D_NOPERSPECTIVE_BITMAP__LEN] = {0};
   unsigned nslots = NV50_POS_SLOTS + fp->fp_num_inputs;

   if (nslots > ARRAY_SIZE(map)) {
      NOUVEAU_ERR("%u map slots, the map has %zu\n", nslots, ARRAY_SIZE(map));
      return false;
   }
   for (unsigned i = 0; i < NV50_POS_SLOTS; i++)
      map[i] = i;
   /* slots 0..3 carry the position when the last stage writes it to
    * $o0..3 */
   for (unsigned i = 0; i < last->num_outputs; i++) {
      const struct nvc_g80_io *io = &last->io[last->num_inputs + i];
      if (io->slot == VARYING_SLOT_POS && io->word == io->comp)
         from_vp[io->comp] = true;
   }
   /* an input the VP does not write reads 0 (hwdb
    * G80_VP_RESULT_MAP_CONST; docs/tesla.md "The stage seam") */
   for (unsigned i = NV50_POS_SLOTS; i < ARRAY_SIZE(map); i++)
      map[i] = zero;
   for (unsigned i = 0; i < fp->num_inputs; i++) {
      const struct nvc_g80_io *in = &fp->io[i];
      if (in->word < npos)
         continue;
      unsigned s = NV50_POS_SLOTS + in->word - npos;
      int w = nv50_linkage_input_word(last, in->slot, in->comp);
      if (s >= nslots)
         continue;
      if (w >= 0) {
         map[s] = w;
         from_vp[s] = true;
      }
      if (in->interp == NVC_G80_INTERP_LINEAR)
         noperspective[s / 32] |= 1u << (s % 32);
   }
   /* then the clip distances the VP writes (nv50_clip.c) */
   uint32_t semantic_clip;
   unsigned nclip = nv50_clip_map(last, map, nslots, ARRAY_SIZE(map),
                                  &semantic_clip, &nv50->clip_written);
   nv50->cull_mask = (nv50->gp ? nv50->gp : nv50->vp)->cull_mask;
   for (unsigned i = 0; i < nclip; i++)
      if (!(nv50->clip_written >> i & 1))
         map[nslots + i] = zero;
   nslots += nclip;
   /* then the GP's layer and viewport index (nv50_gp.c) */
   uint32_t layer, viewport, semantic_layer, semantic_viewport;
   nslots += nv50_gp_map_layer_viewport(last, gpp != NULL, map, nslots,
                                        ARRAY_SIZE(map), &layer, &viewport,
                                        &semantic_layer, &semantic_viewport);
   /* then the slots the rasteriser reads (nv50_linkage.c): the back
    * colours, the point size, from the last stage */
   nslots += nv50_linkage_colors(last, fp, (int)NV50_POS_SLOTS - (int)npos,
                                 zero, map, nslots, ARRAY_SIZE(map),
                                 noperspective, &nv50->semantic_color);
   nslots += nv50_linkage_point_size(last, map, nslots, ARRAY_SIZE(map),
                                     &nv50->semantic_ptsz);

   /* slots the stream outputs need, after the FP's (nv50_streamout.c):
    * the last stage's outputs (GL 3.2 2.15: the GP's when there is one;
    * STRMOUT_MAP then names GP_RESULT_MAP slots, docs/tesla.md) */
   if (!nv50_so_linkage(gpp ? gpp : vpp, map, from_vp, &nslots,
                        MIN2(ARRAY_SIZE(map), ARRAY_SIZE(so_map)), so_map)) {
      NOUVEAU_ERR("the stream outputs do not fit the result map\n");
      return false;
   }

   if (!nv50_push_begin(nv50, 80 + G80_3D_STRMOUT_MAP__LEN))
      return false;
   nv50_push_ref(nv50, nv50->code_bo, NOUVEAU_BO_GART | NOUVEAU_BO_RD);
   if (nv50->code_flush) {
      NV50_3D_1(nv50, G80_3D_CODE_CB_FLUSH, 0);
      nv50->code_flush = false;
   }
   NV50_3D_1(nv50, G80_3D_VP_START_ID, vp_base);
   /* at least 4 registers, as upstream allocates (compiler README) */
   NV50_3D_1(nv50, G80_3D_VP_REG_ALLOC_TEMP, MAX2(vp->num_gprs, 4));
   NV50_3D_1(nv50, G80_3D_VP_REG_ALLOC_RESULT, vp->vp_num_results);
   NV50_3D_MTHD(nv50, G80_3D_VP_ATTR_EN(0), 2);
   nouveau_push_data(&nv50->push, vp->vp_attr_en[0]);
   nouveau_push_data(&nv50->push, vp->vp_attr_en[1]);
   NV50_3D_1(nv50, G80_3D_VP_GP_BUILTIN_ATTR_EN,
             vp->vp_builtin_en | (gpp ? gpp->prog.vp_builtin_en : 0));

   NV50_3D_1(nv50, G80_3D_FP_START_ID, fp_base);
   NV50_3D_1(nv50, G80_3D_FP_REG_ALLOC_TEMP, MAX2(fp->num_gprs, 4));
   NV50_3D_1(nv50, G80_3D_FP_RESULT_COUNT, fp->fp_result_count);
   NV50_3D_1(nv50, G80_3D_FP_CONTROL, fp->fp_control);
   NV50_3D_1(nv50, G80_3D_FP_INTERPOLANT_CTRL,
             fp->fp_interp_ctrl |
             G80_3D_FP_INTERPOLANT_CTRL_OFFSET(NV50_POS_SLOTS));

   nv50_hw_put(nv50, G80_3D_SEMANTIC_CLIP, semantic_clip);
   nv50_hw_put(nv50, G80_3D_SEMANTIC_LAYER, semantic_layer);
   nv50_hw_put(nv50, G80_3D_SEMANTIC_VIEWPORT, semantic_viewport);
   nv50_hw_put(nv50, G80_3D_LAYER, layer);
   nv50_hw_put(nv50, G80_3D_GP_VIEWPORT_ID_ENABLE, viewport);

   NV50_3D_MTHD(nv50, G80_3D_NOPERSPECTIVE_BITMAP(0),
                G80_3D_NOPERSPECTIVE_BITMAP__LEN);
   for (unsigned i = 0; i < G80_3D_NOPERSPECTIVE_BITMAP__LEN; i++)
      nouveau_push_data(&nv50->push, noperspective[i]);

   unsigned so_words = DIV_ROUND_UP(nslots, 4);
   /* STRMOUT_MAP byte c for map slot c (hwdb g80_strmout_map_entry) */
   NV50_3D_MTHD(nv50, G80_3D_STRMOUT_MAP(0), so_words);
   for (unsigned i = 0; i < so_words; i++)
      nouveau_push_data(&nv50->push, so_map[4 * i] |
                                     so_map[4 * i + 1] << 8 |
                                     so_map[4 * i + 2] << 16 |
                                     (uint32_t)so_map[4 * i + 3] << 24);

   if (gpp) {
      if (!nv50_gp_emit(nv50, gpp, vp, map, nslots))
         return false;
      nv50->dirty &= ~NV50_DIRTY_PROGRAMS;
      return true;
   }
   nv50_hw_put(nv50, G80_3D_GP_ENABLE, 0);
   nv50_vp_result_map(nv50, map, nslots);
   nv50->dirty &= ~NV50_DIRTY_PROGRAMS;
   return true;
}
