/*
 * Vertex and fragment programs: NIR from st/mesa, compiled by
 * src/nouveau/compiler (nvc_compiler.h) for the screen's target, loaded
 * into the 3D object.
 *
 *  - The VP is uploaded through VP_UPLOAD_FROM_ID / VP_UPLOAD_INST (4
 *    words per instruction) and started with VP_START_FROM_ID; its
 *    constants go through VP_UPLOAD_CONST_ID + 4 floats.  VP_ATTRIB_EN
 *    and VP_RESULT_EN say which attributes it reads and which results
 *    it writes (curie).
 *  - The FP is fetched by the GPU from memory at FP_ACTIVE_PROGRAM; it
 *    has no constant registers, so uniforms are patched into the program
 *    words before each upload (the compiler's patch list).
 * (Sequence: rnndb nv30-40_3d.xml and upstream Mesa's nv30 driver, facts.)
 */

#include <string.h>

#include <nouveau.h>

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "util/ralloc.h"
#include "util/u_atomic.h"
#include "util/u_memory.h"
#include "util/u_prim.h"

#include "nouveau/nouveau_debug.h"
#include "nv30_context.h"
#include "nv30_funcs.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nv30_resource.h"

/* Fragment programs are fetched from a 256-byte aligned address
 * (FP_ACTIVE_PROGRAM keeps bits 2.. on rankine only; aligning keeps both
 * generations happy). */
#define NV30_FP_ALIGN      256
#define NV30_FP_RING_SIZE  (64 * 1024)

/* The words of constant buffer 0 of a stage, for the CPU. */
static const uint32_t *
nv30_constbuf_words(struct nv30_context *nv30, enum pipe_shader_type stage,
                    unsigned *count)
{
   const struct pipe_constant_buffer *cb = &nv30->constbuf[stage];
   const void *data = NULL;

   *count = cb->buffer_size / 4;
   if (cb->user_buffer)
      data = cb->user_buffer;
   else if (cb->buffer)
      data = nv30_buffer_map_read(&nv30->base, cb->buffer, cb->buffer_offset);
   if (!data)
      *count = 0;
   return data;
}

/* ------------------------------------------------------------------ VP */

void *
nv30_vp_state_create(struct pipe_context *pipe,
                     const struct pipe_shader_state *cso)
{
   struct nv30_vertprog *vp;

   if (cso->type != PIPE_SHADER_IR_NIR)
      return NULL;
   vp = CALLOC_STRUCT(nv30_vertprog);
   if (!vp)
      return NULL;
   vp->nir = cso->ir.nir;
   vp->edgeflag = -1;
   if (vp->nir->info.vs.needs_edge_flag) {
      nir_foreach_shader_in_variable(var, vp->nir) {
         if (var->data.location == VERT_ATTRIB_EDGEFLAG)
            vp->edgeflag = var->data.driver_location;
      }
   }
   return vp;
}

void
nv30_vp_state_delete(struct pipe_context *pipe, void *so)
{
   struct nv30_vertprog *vp = so;

   /* (its slots stay taken until every program is dropped) */
   if (vp->compiled)
      nvc_vp_binary_free(&vp->bin);
   ralloc_free(vp->nir);
   FREE(vp);
}

void
nv30_vp_state_bind(struct pipe_context *pipe, void *so)
{
   struct nv30_context *nv30 =
      nv30_mark_dirty(pipe, NV30_DIRTY_VERTPROG | NV30_DIRTY_VERTCONST);

   nv30->vertprog = so;
}

/* (Re)compiles the VP when the FP's varying routing or the enabled user
 * clip planes changed. */
static bool
nv30_vertprog_prepare(struct nv30_context *nv30)
{
   struct nv30_vertprog *vp = nv30->vertprog;
   struct nv30_fragprog *fp = nv30->fp_run;
   struct nvc_vp_key key;
   char *error = NULL;

   memset(&key, 0, sizeof(key));
   memcpy(key.texcoord_varying, fp->bin.texcoord_varying,
          sizeof(key.texcoord_varying));
   key.ucp_enable = nv30->rast ? nv30->rast->pipe.clip_plane_enable & 0x3f : 0;
   key.const_base = nv30->target->vp.first_free_const;
   if (fp->bin.facing_in_col1) {
      /* the FP reads the face from COL1 (nv30_emit_two_side) */
      key.facing_in_col1 = true;
      key.two_side = nv30->rast && nv30->rast->pipe.light_twoside;
   }

   if (vp->compiled && !memcmp(&key, &vp->key, sizeof(key)))
      return true;
   if (vp->failed && !memcmp(&key, &vp->key, sizeof(key)))
      return false;

   if (vp->compiled)
      nvc_vp_binary_free(&vp->bin);
   vp->compiled = false;
   vp->key = key;
   vp->res_epoch = 0;         /* no context's: the new binary is not loaded */

   if (!nvc_compile_vs(nv30->target, vp->nir, &key, &vp->bin, &error)) {
      NOUVEAU_ERR("vertex program not compiled: %s\n",
                  error ? error : "unknown error");
      free(error);
      vp->failed = true;
      return false;
   }
   vp->failed = false;
   vp->compiled = true;
   nv30->dirty |= NV30_DIRTY_VERTPROG | NV30_DIRTY_VERTCONST;
   return true;
}

static void
nv30_vertconst_prepare(struct nv30_context *nv30)
{
   struct nv30_vertprog *vp = nv30->vertprog;
   unsigned count;
   const float *cb =
      (const float *)nv30_constbuf_words(nv30, PIPE_SHADER_VERTEX, &count);

   for (unsigned i = 0; i < vp->bin.num_consts; i++) {
      const struct nvc_vp_const *c = &vp->bin.consts[i];
      float *dst;

      if (c->hw_slot >= nv30->target->vp.num_consts)
         continue;
      dst = nv30->vp_const[c->hw_slot];
      if (c->uniform_slot < 0) {
         memcpy(dst, c->value, 4 * sizeof(float));
      } else if ((unsigned)c->uniform_slot * 4 + 4 <= count) {
         memcpy(dst, cb + c->uniform_slot * 4, 4 * sizeof(float));
      } else {
         /* outside the bound buffer: GL says undefined, we say zero */
         memset(dst, 0, 4 * sizeof(float));
      }
   }
}

void
nv30_vp_drop_all(struct nv30_context *nv30)
{
   /* epochs are unique in the process, so that no program (of any
    * context, which may have been destroyed since) still matches */
   static uint32_t last_epoch;

   nv30->vp_epoch = p_atomic_inc_return(&last_epoch);
   nv30->vp_next_insn = 0;
   nv30->vp_next_const = nv30->target->vp.first_free_const;
}

/* Constant registers the program's own constants take (the user clip
 * planes below first_free_const are every program's). */
static unsigned
nv30_vp_const_count(const struct nv30_vertprog *vp)
{
   return vp->bin.const_end > vp->bin.const_base ?
          vp->bin.const_end - vp->bin.const_base : 0;
}

/* Loads the program at free instruction slots and constant registers,
 * dropping every loaded program first if it does not fit: the
 * instructions with their branch targets and constant addresses moved
 * there (nvc_vp_relocate: IADDR and XFCTX_ADDR are absolute, nv40_vp.xml,
 * nv30_vp.xml).  Constants are uploaded by nv30_emit_vertconst. */
static void
nv30_vp_load(struct nv30_context *nv30, struct nv30_vertprog *vp)
{
   const struct nvc_target *t = nv30->target;
   struct nouveau_push *p = &nv30->push;
   unsigned consts = nv30_vp_const_count(vp);

   if (nv30->vp_next_insn + vp->bin.num_insns > t->vp.max_insns ||
       nv30->vp_next_const + consts > t->vp.num_consts)
      nv30_vp_drop_all(nv30);
   vp->res_epoch = nv30->vp_epoch;
   vp->insn_at = nv30->vp_next_insn;
   vp->const_at = nv30->vp_next_const;
   nv30->vp_next_insn += vp->bin.num_insns;
   nv30->vp_next_const += consts;

   nvc_vp_relocate(t, &vp->bin, vp->insn_at, vp->const_at, nv30->vp_words);
   NV30_3D_1(nv30, NV30_3D_VP_UPLOAD_FROM_ID, vp->insn_at);
   for (unsigned i = 0; i < vp->bin.num_insns; i++) {
      NV30_3D_MTHD(nv30, NV30_3D_VP_UPLOAD_INST(0), 4);
      nouveau_push_datap(p, &nv30->vp_words[i * 4], 4);
   }
   if (nouveau_debug & NOUVEAU_DEBUG_SHADERS)
      fprintf(stderr, "nouveau: VP uploaded, %u instructions at slot %u, "
              "constants at %u\n", vp->bin.num_insns, vp->insn_at,
              vp->const_at);
}

bool
nv30_emit_vertprog(struct nv30_context *nv30)
{
   struct nv30_vertprog *vp = nv30->vertprog;
   struct nv30_fragprog *fp = nv30->fp_run;
   bool load;

   if (!vp || !vp->compiled || !fp || !fp->compiled)
      return false;

   load = vp->res_epoch != nv30->vp_epoch;
   if (load)
      nv30_vp_load(nv30, vp);
   /* (an upload needs no new VP_START_FROM_ID: the program is read
    * from its slots, nvsim vp_upload_inst) */
   nv30_hw_set(nv30, NV30_3D_VP_START_FROM_ID, vp->insn_at);
   /* VP_ATTRIB_EN: curie only (hwdb variants NV40_3D-NV44_3D) */
   if (nv30->chip->generation == NVHWDB_GEN_CURIE) {
      const uint32_t en[] = {
         vp->bin.attrib_en, vp->bin.result_en | fp->bin.vp_result_en,
      };
      nv30_hw_set_group(nv30, NV40_3D_VP_ATTRIB_EN, en, ARRAY_SIZE(en));
   }
   return load;
}

void
nv30_vp_upload_const(struct nv30_context *nv30, unsigned slot,
                     const float v[4])
{
   struct nouveau_push *p = &nv30->push;

   /* (compared as bits: the upload stores the words as they are) */
   if (BITSET_TEST(nv30->hw_vp_const_known, slot) &&
       !memcmp(nv30->hw_vp_const[slot], v, 4 * sizeof(float)))
      return;
   NV30_3D_MTHD(nv30, NV30_3D_VP_UPLOAD_CONST_ID, 5);
   nouveau_push_data(p, slot);
   nouveau_push_datap(p, v, 4);
   memcpy(nv30->hw_vp_const[slot], v, 4 * sizeof(float));
   BITSET_SET(nv30->hw_vp_const_known, slot);
}

void
nv30_emit_vertconst(struct nv30_context *nv30)
{
   struct nv30_vertprog *vp = nv30->vertprog;

   /* (not loaded: nv30_emit_vertprog did not draw with it) */
   if (!vp || !vp->compiled || vp->res_epoch != nv30->vp_epoch)
      return;
   for (unsigned i = 0; i < vp->bin.num_consts; i++) {
      unsigned slot = vp->bin.consts[i].hw_slot;
      if (slot >= nv30->target->vp.num_consts)
         continue;
      /* where nv30_vp_load put the program's constants */
      nv30_vp_upload_const(nv30, slot - vp->bin.const_base + vp->const_at,
                           nv30->vp_const[slot]);
   }
}

/* ------------------------------------------------------------------ FP */

/* Compiles nir into a new program object; NULL only when out of memory
 * (a program that does not compile is kept, marked failed). */
static struct nv30_fragprog *
nv30_fragprog_compile_as(struct nv30_context *nv30, const struct nir_shader *nir,
                         const struct nvc_fp_key *key, bool report)
{
   struct nv30_fragprog *fp = CALLOC_STRUCT(nv30_fragprog);
   char *error = NULL;

   if (!fp)
      return NULL;
   if (key)
      fp->key = *key;
   if (!nvc_compile_fs_key(nv30->target, nir, key, &fp->bin, &error)) {
      if (report)
         NOUVEAU_ERR("fragment program not compiled: %s\n",
                     error ? error : "unknown error");
      free(error);
      fp->failed = true;
      return fp;
   }
   fp->compiled = true;
   fp->words = MALLOC(MAX2(fp->bin.num_words, 1) * 4);
   if (!fp->words) {
      nvc_fp_binary_free(&fp->bin);
      FREE(fp);
      return NULL;
   }
   return fp;
}

static struct nv30_fragprog *
nv30_fragprog_compile(struct nv30_context *nv30, const struct nir_shader *nir,
                      const struct nvc_fp_key *key)
{
   return nv30_fragprog_compile_as(nv30, nir, key, true);
}

static void
nv30_fragprog_free(struct nv30_fragprog *fp)
{
   if (!fp)
      return;
   nv30_fragprog_free(fp->inlined);
   nv30_fragprog_free(fp->next_inlined);
   nv30_fragprog_free(fp->broadcast);
   nv30_fragprog_free(fp->sprite);
   nv30_fragprog_free(fp->npot);
   if (fp->compiled)
      nvc_fp_binary_free(&fp->bin);
   ralloc_free(fp->nir);
   FREE(fp->words);
   FREE(fp);
}

void *
nv30_fp_state_create(struct pipe_context *pipe,
                     const struct pipe_shader_state *cso)
{
   struct nv30_fragprog *fp;
   nir_shader *nir;

   if (cso->type != PIPE_SHADER_IR_NIR)
      return NULL;
   nir = cso->ir.nir;
   /* Compiled now for the common case; variants come from the kept
    * shader (nv30_fragprog_select).  A program that does not compile
    * because of branches decided by uniforms is compiled per draw for
    * their values instead (nv30_fragprog_inlined). */
   struct nv30_context *nv30 = nv30_context(pipe);
   fp = nv30_fragprog_compile_as(nv30, nir, NULL, false);
   if (fp && fp->failed && !nv30->chip->fp_branching)
      fp->inline_count = nvc_branch_uniforms(nir, fp->inline_words,
                                             NVC_MAX_INLINE_UNIFORMS);
   if (fp && fp->failed && !fp->inline_count) {
      /* said again, now that it is final */
      nv30_fragprog_free(fp);
      fp = nv30_fragprog_compile(nv30, nir, NULL);
   }
   if (fp && fp->inline_count) {
      fp->nir = nir;
      fp->writes_color =
         nir->info.outputs_written & BITFIELD64_BIT(FRAG_RESULT_COLOR);
   } else if (fp && fp->compiled) {
      fp->nir = nir;
      /* gl_FragColor goes to every colour buffer */
      fp->writes_color =
         nir->info.outputs_written & BITFIELD64_BIT(FRAG_RESULT_COLOR);
   } else {
      ralloc_free(nir);
   }
   return fp;
}

/* Whether run is fp or one of its variants. */
static bool
nv30_fragprog_has(const struct nv30_fragprog *fp,
                  const struct nv30_fragprog *run)
{
   if (!fp || !run)
      return false;
   return fp == run || nv30_fragprog_has(fp->broadcast, run) ||
          nv30_fragprog_has(fp->sprite, run) || nv30_fragprog_has(fp->npot, run) ||
          nv30_fragprog_has(fp->inlined, run) ||
          nv30_fragprog_has(fp->next_inlined, run);
}

void
nv30_fp_state_delete(struct pipe_context *pipe, void *so)
{
   struct nv30_context *nv30 = nv30_context(pipe);
   struct nv30_fragprog *fp = so;

   if (nv30_fragprog_has(fp, nv30->fp_run))
      nv30->fp_run = NULL;
   nv30_fragprog_free(fp);
}

void
nv30_fp_state_bind(struct pipe_context *pipe, void *so)
{
   /* the VP's outputs follow the FP's inputs */
   struct nv30_context *nv30 =
      nv30_mark_dirty(pipe, NV30_DIRTY_FRAGPROG | NV30_DIRTY_VERTPROG);

   nv30->fragprog = so;
}

/* Patches the uniforms in and writes the program where the GPU fetches
 * it: a fresh place each time, so that draws still queued keep theirs. */
static bool
nv30_fragprog_prepare(struct nv30_context *nv30)
{
   struct nv30_fragprog *fp = nv30->fp_run;
   uint32_t size = align(fp->bin.num_words * 4, NV30_FP_ALIGN);
   unsigned count;
   const uint32_t *cb = nv30_constbuf_words(nv30, PIPE_SHADER_FRAGMENT, &count);

   memcpy(fp->words, fp->bin.insns, fp->bin.num_words * 4);
   for (unsigned i = 0; i < fp->bin.num_patches; i++) {
      const struct nvc_fp_patch *patch = &fp->bin.patches[i];
      if (patch->word >= fp->bin.num_words)
         continue;
      if (patch->uniform_dword >= NVC_FP_TEX_PARAM_DWORD0)
         fp->words[patch->word] = nv30_tex_npot_param(
            nv30, patch->uniform_dword - NVC_FP_TEX_PARAM_DWORD0);
      else
         fp->words[patch->word] = patch->uniform_dword < count ?
                                  cb[patch->uniform_dword] : 0;
   }

   if (!nv30->fp_ring || nv30->fp_ring_used + size > nv30->fp_ring->size) {
      struct nouveau_bo *bo = NULL;
      uint32_t ring = MAX2(NV30_FP_RING_SIZE, size);

      if (nouveau_bo_new(nv30->screen->base.device,
                         NOUVEAU_BO_VRAM | NOUVEAU_BO_MAP, NV30_FP_ALIGN, ring,
                         NULL, &bo) &&
          nouveau_bo_new(nv30->screen->base.device,
                         NOUVEAU_BO_GART | NOUVEAU_BO_MAP, NV30_FP_ALIGN, ring,
                         NULL, &bo))
         return false;
      /* the old ring stays alive while submissions reference it */
      nouveau_bo_ref(bo, &nv30->fp_ring);
      nouveau_bo_ref(NULL, &bo);
      nv30->fp_ring_used = 0;
   }
   /* No wait: this part of the ring has never been handed to the GPU. */
   if (nouveau_bo_map(nv30->fp_ring, 0, nv30->client))
      return false;
   memcpy((uint8_t *)nv30->fp_ring->map + nv30->fp_ring_used, fp->words,
          fp->bin.num_words * 4);
   nv30->fp_offset = nv30->fp_ring_used;
   nv30->fp_ring_used += size;
   nv30->fp_loaded = true;
   return true;
}

void
nv30_emit_fragprog(struct nv30_context *nv30)
{
   struct nv30_fragprog *fp = nv30->fp_run;
   struct nouveau_push *p = &nv30->push;

   if (!fp || !fp->compiled || !nv30->fp_loaded)
      return;
   /* DMA0 / DMA1: the program is in VRAM / GART */
   NV30_3D_MTHD(nv30, NV30_3D_FP_ACTIVE_PROGRAM, 1);
   nouveau_push_reloc(p, nv30->fp_ring, nv30->fp_offset,
                      NOUVEAU_BO_LOW | NOUVEAU_BO_OR | NOUVEAU_BO_RD |
                      (nv30->fp_ring->flags & NOUVEAU_BO_APER),
                      NV30_3D_FP_ACTIVE_PROGRAM_DMA0(1),
                      NV30_3D_FP_ACTIVE_PROGRAM_DMA1(1));
   nv30_hw_set(nv30, NV30_3D_FP_CONTROL, fp->bin.fp_control);
   if (nv30->chip->generation == NVHWDB_GEN_RANKINE) {
      /* Rankine only (hwdb variants NV30_3D:NV40_3D).  TEX_UNITS_ENABLE
       * takes the texcoord inputs the program reads: upstream's
       * nv30_fragprog.c sends its mask of them there with every program
       * (fact).  FP_REG_CONTROL's fields are not understood; hwdb names
       * the values the same function writes (fact), and so do we. */
      nv30_hw_set(nv30, NV30_3D_FP_REG_CONTROL,
                  NV30_3D_FP_REG_CONTROL_UNK0_FP |
                  NV30_3D_FP_REG_CONTROL_UNK1_FP);
      nv30_hw_set(nv30, NV30_3D_TEX_UNITS_ENABLE, fp->bin.texcoords_used);
   }
}

/* The program the GPU runs for the bound FP.  With several colour
 * buffers, gl_FragColor is written to each: the hardware would broadcast
 * result 0 with RT_ENABLE MRT clear (upstream nv30 driver, fact), but
 * the same is had by writing every result (FP results H0, H4, H6, H8),
 * which needs nothing of the hardware beyond MRT itself. */
/* A generic varying input that point sprites replace (bit k of flip:
 * VARYING_SLOT_VAR0 + k) is read as (s, 1 - t, r, q). */
static bool
nv30_flip_sprite_t_instr(nir_builder *b, nir_instr *instr, void *data)
{
   const uint32_t flip = *(const uint32_t *)data;

   if (instr->type != nir_instr_type_intrinsic)
      return false;
   nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
   if (intr->intrinsic != nir_intrinsic_load_deref)
      return false;
   nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
   nir_variable *var = nir_deref_instr_get_variable(deref);
   if (!var || var->data.mode != nir_var_shader_in)
      return false;
   int slot = var->data.location;
   if (deref->deref_type == nir_deref_type_array &&
       nir_deref_instr_parent(deref)->deref_type == nir_deref_type_var &&
       nir_src_is_const(deref->arr.index))
      slot += nir_src_as_uint(deref->arr.index);
   else if (deref->deref_type != nir_deref_type_var)
      return false;
   if (slot < VARYING_SLOT_VAR0 || slot >= VARYING_SLOT_VAR0 + 32 ||
       !(flip & BITFIELD_BIT(slot - VARYING_SLOT_VAR0)))
      return false;
   /* t is component 1 of the slot */
   if (var->data.location_frac > 1 ||
       intr->num_components <= 1 - var->data.location_frac)
      return false;
   unsigned t = 1 - var->data.location_frac;

   b->cursor = nir_after_instr(instr);
   nir_ssa_def *v = &intr->dest.ssa;
   nir_ssa_def *chan[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < v->num_components; c++)
      chan[c] = nir_channel(b, v, c);
   chan[t] = nir_fsub(b, nir_imm_floatN_t(b, 1.0, v->bit_size), chan[t]);
   nir_ssa_def *flipped = nir_vec(b, chan, v->num_components);
   nir_ssa_def_rewrite_uses_after(v, flipped, flipped->parent_instr);
   return true;
}

/* Generic varyings (VARYING_SLOT_VAR0 + k as bit k) the FP reads. */
static uint32_t
nv30_fragprog_generic_inputs(const nir_shader *nir)
{
   uint32_t mask = 0;

   nir_foreach_shader_in_variable(var, nir) {
      int slot = var->data.location;
      unsigned n = glsl_count_attribute_slots(var->type, false);
      for (unsigned i = 0; i < n; i++)
         if (slot + (int)i >= VARYING_SLOT_VAR0 &&
             slot + (int)i < VARYING_SLOT_VAR0 + 32)
            mask |= BITFIELD_BIT(slot + i - VARYING_SLOT_VAR0);
   }
   return mask;
}

void
nv30_shader_set_prim(struct nv30_context *nv30, enum pipe_prim_type mode)
{
   const struct pipe_rasterizer_state *r =
      nv30->rast ? &nv30->rast->pipe : NULL;
   uint32_t flip = 0;

   /* The hardware's sprite coordinates start at the point's top left,
    * in memory order (t grows with the row: nvsim, and upstream's nv30
    * falls back to software for PIPE_SPRITE_COORD_LOWER_LEFT, fact);
    * st/mesa asks for lower-left ones when drawing to a window system
    * buffer.  Sprites are points, also polygons drawn as points. */
   if (r && r->point_quad_rasterization &&
       r->sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT &&
       (mode == PIPE_PRIM_POINTS ||
        (u_reduced_prim(mode) == PIPE_PRIM_TRIANGLES &&
         (r->fill_front == PIPE_POLYGON_MODE_POINT ||
          r->fill_back == PIPE_POLYGON_MODE_POINT))))
      flip = r->sprite_coord_enable;
   if (flip != nv30->sprite_flip) {
      nv30->sprite_flip = flip;
      nv30->dirty |= NV30_DIRTY_FRAGPROG;
   }
}

/* How many variants of one program for its branch uniforms' values are
 * kept (the oldest is dropped past that, so a uniform changing with
 * every draw costs a compile per draw, not memory). */
#define NV30_MAX_INLINED_VARIANTS 16

/* The variant of fp (inline_count > 0) for the values its branch
 * uniforms have now: its uniforms decide ifs or loops that rankine's
 * fragment programs cannot run (no branches, nv30_fp.xml), and for one
 * draw they are constants (GLSL 1.20 section 4.3.5). */
static struct nv30_fragprog *
nv30_fragprog_inlined(struct nv30_context *nv30, struct nv30_fragprog *fp)
{
   unsigned count;
   const uint32_t *cb = nv30_constbuf_words(nv30, PIPE_SHADER_FRAGMENT, &count);
   uint32_t values[NVC_MAX_INLINE_UNIFORMS];
   struct nv30_fragprog **link = &fp->inlined, *v;

   for (unsigned i = 0; i < fp->inline_count; i++)
      values[i] = fp->inline_words[i] < count ? cb[fp->inline_words[i]] : 0;
   for (; (v = *link); link = &v->next_inlined) {
      if (!memcmp(v->inline_values, values, fp->inline_count * 4)) {
         /* most recent first */
         *link = v->next_inlined;
         v->next_inlined = fp->inlined;
         fp->inlined = v;
         return v;
      }
   }
   nir_shader *nir = nir_shader_clone(NULL, fp->nir);
   if (!nir)
      return NULL;
   NOUVEAU_FALLBACK("a fragment program with branches compiled for its "
                    "uniforms' values\n");
   nvc_inline_uniforms(nir, fp->inline_count, fp->inline_words, values);
   v = nv30_fragprog_compile(nv30, nir, NULL);
   if (!v) {
      ralloc_free(nir);
      return NULL;
   }
   memcpy(v->inline_values, values, sizeof(values));
   if (v->compiled) {
      v->nir = nir;
      v->writes_color = fp->writes_color;
   } else {
      ralloc_free(nir);
   }
   v->next_inlined = fp->inlined;
   fp->inlined = v;
   if (++fp->num_inlined > NV30_MAX_INLINED_VARIANTS) {
      /* drop the oldest (not the one being selected: it is first) */
      struct nv30_fragprog **last = &fp->inlined;
      while ((*last)->next_inlined)
         last = &(*last)->next_inlined;
      if (nv30_fragprog_has(*last, nv30->fp_run))
         nv30->fp_run = NULL;
      nv30_fragprog_free(*last);
      *last = NULL;
      fp->num_inlined--;
   }
   return v;
}

static struct nv30_fragprog *
nv30_fragprog_select_base(struct nv30_context *nv30)
{
   struct nv30_fragprog *bound = nv30->fragprog;

   if (bound && bound->inline_count)
      bound = nv30_fragprog_inlined(nv30, bound);
   if (!bound || !bound->nir)
      return bound;
   bool broadcast = bound->writes_color && nv30->framebuffer.nr_cbufs > 1;
   uint32_t flip = nv30->sprite_flip &
                   nv30_fragprog_generic_inputs(bound->nir);
   if (flip) {
      if (!bound->sprite || bound->sprite_flip != flip ||
          bound->sprite_broadcast != broadcast) {
         nir_shader *nir = nir_shader_clone(NULL, bound->nir);

         if (!nir)
            return NULL;
         if (broadcast)
            NIR_PASS_V(nir, nir_lower_fragcolor,
                       nv30->chip->render_targets);
         NIR_PASS_V(nir, nir_shader_instructions_pass,
                    nv30_flip_sprite_t_instr,
                    nir_metadata_block_index | nir_metadata_dominance,
                    &flip);
         nv30_fragprog_free(bound->sprite);
         bound->sprite = nv30_fragprog_compile(nv30, nir, NULL);
         bound->sprite_flip = flip;
         bound->sprite_broadcast = broadcast;
         /* kept for its NPOT variants */
         if (bound->sprite && bound->sprite->compiled)
            bound->sprite->nir = nir;
         else
            ralloc_free(nir);
      }
      return bound->sprite;
   }
   if (!broadcast)
      return bound;
   if (!bound->broadcast) {
      nir_shader *nir = nir_shader_clone(NULL, bound->nir);

      if (!nir)
         return NULL;
      NIR_PASS_V(nir, nir_lower_fragcolor, nv30->chip->render_targets);
      bound->broadcast = nv30_fragprog_compile(nv30, nir, NULL);
      if (bound->broadcast && bound->broadcast->compiled)
         bound->broadcast->nir = nir;
      else
         ralloc_free(nir);
   }
   return bound->broadcast;
}

/* The variant of fp for the NPOT textures bound to the units it samples
 * (nv30_tex_npot.c), compiled once per key. */
static struct nv30_fragprog *
nv30_fragprog_select(struct nv30_context *nv30)
{
   struct nv30_fragprog *fp = nv30_fragprog_select_base(nv30);
   struct nvc_fp_key key;

   if (!fp || !fp->compiled || !fp->nir ||
       !nv30_tex_npot_key(nv30, fp->bin.samplers_used, &key))
      return fp;
   for (struct nv30_fragprog *v = fp->npot; v; v = v->npot) {
      if (!memcmp(&v->key, &key, sizeof(key)))
         return v;
   }
   struct nv30_fragprog *v = nv30_fragprog_compile(nv30, fp->nir, &key);
   if (!v)
      return NULL;
   v->npot = fp->npot;
   fp->npot = v;
   return v;
}

bool
nv30_shader_prepare(struct nv30_context *nv30)
{
   struct nv30_vertprog *vp = nv30->vertprog;
   struct nv30_fragprog *fp;

   /* set_framebuffer_state and bind_fs_state mark the FP dirty; on
    * rankine the samplers and views decide the NPOT variant and its
    * parameters too */
   if (nv30->chip->generation == NVHWDB_GEN_RANKINE &&
       (nv30->dirty & NV30_DIRTY_TEXTURES))
      nv30->dirty |= NV30_DIRTY_FRAGPROG;
   /* and the uniforms a program's branches depend on, its variant */
   if (nv30->fragprog && nv30->fragprog->inline_count &&
       (nv30->dirty & NV30_DIRTY_FRAGCONST))
      nv30->dirty |= NV30_DIRTY_FRAGPROG;
   if (nv30->dirty & NV30_DIRTY_FRAGPROG)
      nv30->fp_run = nv30_fragprog_select(nv30);
   fp = nv30->fp_run;
   if (!vp || !fp || !fp->compiled)
      return false;
   /* (counts for NV_DEBUG=fallback only) */
   if (unlikely(nouveau_debug & NOUVEAU_DEBUG_FALLBACK))
      nv30_tex_npot_count(nv30, &fp->key);
   if (nv30->dirty & (NV30_DIRTY_VERTPROG | NV30_DIRTY_FRAGPROG |
                      NV30_DIRTY_RASTERIZER | NV30_DIRTY_CLIP)) {
      if (!nv30_vertprog_prepare(nv30))
         return false;
   }
   if (nv30->dirty & (NV30_DIRTY_VERTCONST | NV30_DIRTY_VERTPROG))
      nv30_vertconst_prepare(nv30);
   if (nv30->dirty & (NV30_DIRTY_FRAGPROG | NV30_DIRTY_FRAGCONST)) {
      if (!nv30_fragprog_prepare(nv30))
         return false;
   }
   return true;
}

void
nv30_shader_fini(struct nv30_context *nv30)
{
   nouveau_bo_ref(NULL, &nv30->fp_ring);
}
