#ifndef NV30_CONTEXT_H
#define NV30_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "util/slab.h"

#include "nouveau/nouveau_push.h"
#include "nv30-40_3d.xml.h"
#include "nv30_screen.h"
#include "nvc_compiler.h"
#include "nv30_texture.h"
#include "nv30_hwstate.h"

struct nouveau_client;
struct nouveau_object;
struct nouveau_bo;

/* What must be re-sent to the 3D object before the next draw. */
enum nv30_dirty {
   NV30_DIRTY_FRAMEBUFFER = 1 << 0,
   NV30_DIRTY_BLEND       = 1 << 1,
   NV30_DIRTY_ZSA         = 1 << 2,
   NV30_DIRTY_RASTERIZER  = 1 << 3,
   NV30_DIRTY_VIEWPORT    = 1 << 4,
   NV30_DIRTY_SCISSOR     = 1 << 5,
   NV30_DIRTY_BLEND_COLOR = 1 << 6,
   NV30_DIRTY_STENCIL_REF = 1 << 7,
   NV30_DIRTY_STIPPLE     = 1 << 8,
   NV30_DIRTY_VERTPROG    = 1 << 9,
   NV30_DIRTY_VERTCONST   = 1 << 10,
   NV30_DIRTY_FRAGPROG    = 1 << 11,
   NV30_DIRTY_FRAGCONST   = 1 << 12,
   NV30_DIRTY_VERTEX      = 1 << 13, /* elements or buffers */
   NV30_DIRTY_CLIP        = 1 << 14,
   NV30_DIRTY_TEXTURES    = 1 << 15,
   NV30_DIRTY_SAMPLE_MASK = 1 << 16,
   NV30_DIRTY_ALL         = (1 << 17) - 1,
};

/* State that points at buffers.  Its relocations are recorded in its bin
 * (enum nv30_bin), and libdrm names the buffers again at the start of
 * every later submission, with those words relocated again should the
 * kernel have moved one (nouveau_push.c): the 3D object keeps the state
 * across submissions, so it is sent only when it changes. */
#define NV30_DIRTY_RELOCATED (NV30_DIRTY_FRAMEBUFFER | NV30_DIRTY_FRAGPROG | \
                              NV30_DIRTY_VERTEX | NV30_DIRTY_TEXTURES)
/* The state whose sending writes relocations or may name another buffer:
 * that, and the FP constants, which are patched into a new copy of the
 * program in the FP ring (FP_ACTIVE_PROGRAM, nv30_emit_fragprog). */
#define NV30_DIRTY_BUFFERS (NV30_DIRTY_RELOCATED | NV30_DIRTY_FRAGCONST)

/* The bins of nouveau_push in which each state group records the
 * relocations it sends, so that every later submission lists those
 * buffers while the state is bound (nouveau_push.c).  A group resets its
 * bin whenever it is sent again. */
enum nv30_bin {
   NV30_BIN_FRAMEBUFFER,
   NV30_BIN_FRAGPROG,
   NV30_BIN_VERTEX,
   NV30_BIN_INDEX,      /* IDXBUF_OFFSET/FORMAT (nv30_draw.c) */
   NV30_BIN_TEX0,       /* texture unit i's TEX_OFFSET/FORMAT: TEX0 + i */
   NV30_BIN_COUNT = NV30_BIN_TEX0 + NV40_3D_TEX_OFFSET__LEN,
};

/* The per-draw methods whose values the context tracks
 * (nv30_context::hw_draw). */
enum nv30_hw_draw {
   NV30_HW_RESTART_ENABLE,   /* PRIMITIVE_RESTART_ENABLE */
   NV30_HW_RESTART_INDEX,    /* PRIMITIVE_RESTART_INDEX */
   NV30_HW_ELEMENT_BASE,     /* VB_ELEMENT_BASE (curie) */
   NV30_HW_DRAW_COUNT,
};

/* Object handles are ours to choose (any value unique in the channel);
 * the DMA objects of VRAM and GART are the ones the kernel creates with
 * the channel, at the handles we ask for (libdrm struct nv04_fifo). */
#define NV30_HANDLE_DMA_VRAM 0xbeef0201
#define NV30_HANDLE_DMA_GART 0xbeef0202

/* Room for the fragment texture units of any chip we drive: curie has
 * the most (hwdb TEX_OFFSET__LEN); how many a chip has is
 * nvhwdb_chip.fp_tex_units. */
#define NV30_MAX_TEX_UNITS NV40_3D_TEX_OFFSET__LEN

struct nv30_blend_state {
   struct pipe_blend_state pipe;
   uint32_t blend_enable;
   uint32_t func_src, func_dst, equation;
   uint32_t color_mask;
   uint32_t mrt_blend_enable, mrt_color_mask;   /* buffers 1..3 (curie) */
   uint32_t logic_enable, logic_op;
   uint32_t dither;
   /* Unequal RGB and alpha equations where BLEND_EQUATION holds one
    * (nv30_blend_split.c): each pass's equation and COLOR_MASK. */
   bool split;
   uint32_t eq_rgb, eq_alpha;
   uint32_t mask_rgb, mask_alpha;
};

struct nv30_zsa_state {
   struct pipe_depth_stencil_alpha_state pipe;
   uint32_t depth_func, depth_write, depth_test;
   struct {
      uint32_t enable, mask, func, func_mask, fail, zfail, zpass;
   } stencil[2];
   uint32_t alpha_enable, alpha_func, alpha_ref;
};

struct nv30_rasterizer_state {
   struct pipe_rasterizer_state pipe;
   uint32_t shade_model;
   uint32_t polygon_mode_front, polygon_mode_back;
   uint32_t cull_face, front_face, cull_enable;
   uint32_t poly_smooth;
   uint32_t offset_point, offset_line, offset_fill;
   float offset_factor, offset_units;
   uint32_t line_width, line_smooth;
   uint32_t stipple_enable;
   uint32_t two_side;
   float point_size;
   uint32_t depth_control;
};

struct nv30_vertex_element {
   struct pipe_vertex_element pipe;
   uint32_t hw_type;          /* VTXFMT TYPE */
   unsigned components;       /* VTXFMT SIZE */
};

struct nv30_vertex_state {
   unsigned num_elements;
   struct nv30_vertex_element element[PIPE_MAX_ATTRIBS];
};

struct nv30_vertprog {
   struct nir_shader *nir;
   /* Vertex element of the per-vertex edge flag st/mesa passes through
    * the shader (nir_lower_passthrough_edgeflags), -1 if none: the VP has
    * no edge flag output, the draw sends it (nv30_draw.c). */
   int edgeflag;
   struct nvc_vp_binary bin;
   bool compiled, failed;
   struct nvc_vp_key key;      /* the binary was compiled for */
   /* Where the binary is loaded (nv30_shader.c): from instruction slot
    * insn_at, its constants from register const_at, while res_epoch is
    * the vp_epoch of the context that loaded it. */
   uint32_t res_epoch;
   unsigned insn_at, const_at;
};

struct nv30_fragprog {
   /* The source of the variants (nv30_fragprog_select): the one that
    * writes gl_FragColor to every colour buffer (broadcast, compiled
    * when first drawn with several; writes_color says it may be
    * needed) and the one that turns point sprite coordinates upside
    * down (sprite, for the generic varyings sprite_flip, with or
    * without broadcast as sprite_broadcast says). */
   struct nir_shader *nir;
   bool writes_color;
   struct nv30_fragprog *broadcast;
   struct nv30_fragprog *sprite;
   uint32_t sprite_flip;
   bool sprite_broadcast;
   struct nvc_fp_binary bin;
   bool compiled, failed;
   uint32_t *words;           /* binary with uniforms patched in */
   /* NPOT texture emulation (nv30_tex_npot.c): the key this program was
    * compiled for, and the variants of this one for other keys, each
    * chained through its own npot */
   struct nvc_fp_key key;
   struct nv30_fragprog *npot;
   /* A program whose branches the chip cannot run until the uniforms
    * that decide them are known (nvc_inline_uniforms.c): the words of
    * those uniforms, and the variants compiled for their values, newest
    * first, chained through next_inlined (num_inlined of them). */
   unsigned inline_count;
   uint32_t inline_words[NVC_MAX_INLINE_UNIFORMS];
   uint32_t inline_values[NVC_MAX_INLINE_UNIFORMS];
   struct nv30_fragprog *inlined, *next_inlined;
   unsigned num_inlined;
};

struct nv30_context {
   struct pipe_context base;
   struct nv30_screen *screen;
   const struct nvhwdb_chip *chip;   /* the screen's chip table row */
   const struct nvc_target *target;  /* the screen's compiler target */

   /* Ours alone: client, pushbuffer (see the design rule in
    * nouveau_screen.h); the channel and its objects too while the chip
    * has channels to give, else shared (nv30_channel.h). */
   struct nouveau_client *client;
   struct nv30_channel *chan;
   struct nouveau_object *channel;
   struct nouveau_object *eng3d;
   struct nouveau_object *null_obj;
   unsigned chan_depth;        /* nv30_channel_enter nesting */
   bool chan_reset;            /* objects and DMA slots to send again */
   bool emitted;               /* commands not submitted yet */
   uint32_t query_handle;      /* our notifier object's, on the channel */
   struct nouveau_pushbuf *pushbuf;
   struct nouveau_push push;
   /* Written by every flush that makes a fence (nouveau_screen.h). */
   struct nouveau_bo *fence_bo;
   bool fence_referenced;      /* in the submission being built */
   /* A submission was made since nv30_push_begin last looked. */
   bool kicked;
   /* Relocations reserved with libdrm and not yet handed out
    * (nv30_push_begin). */
   unsigned reloc_room;
   /* A submission failed: the channel is dead (nvsim traps it, like the
    * hardware's PGRAPH error); emit nothing more. */
   bool lost;
   /* copying between a bound surface and its shadow (nv30_resource.c):
    * the copy's own writes do not refill the shadow */
   bool shadow_copying;

   struct slab_child_pool transfer_pool;

   uint32_t dirty;

   struct pipe_framebuffer_state framebuffer;
   struct nv30_blend_state *blend;
   struct nv30_zsa_state *zsa;
   struct nv30_rasterizer_state *rast;
   struct nv30_vertex_state *vertex;
   struct nv30_vertprog *vertprog;
   struct nv30_fragprog *fragprog;
   struct nv30_fragprog *fp_run;   /* what the GPU runs for fragprog */
   struct pipe_viewport_state viewport;
   struct pipe_scissor_state scissor;
   struct pipe_blend_color blend_color;
   unsigned sample_mask;      /* pipe sample mask, bit i: sample i */
   struct pipe_stencil_ref stencil_ref;
   struct pipe_poly_stipple stipple;
   struct pipe_clip_state clip;
   struct pipe_constant_buffer constbuf[PIPE_SHADER_TYPES];
   void *constdata[PIPE_SHADER_TYPES];   /* copies of user constants */
   struct pipe_vertex_buffer vtxbuf[PIPE_MAX_ATTRIBS];
   unsigned num_vtxbufs;

   struct pipe_sampler_view *views[NV30_MAX_TEX_UNITS];
   struct nv30_sampler_state *samplers[NV30_MAX_TEX_UNITS];
   uint32_t hw_tex_enabled;
   /* Each unit's TEX_OFFSET and TEX_FORMAT words (before relocation) as
    * sent last (nv30_emit_textures), sent again only when they change
    * (bo NULL: not known).  The unit's bin holds a reference to bo. */
   struct {
      struct nouveau_bo *bo;
      uint32_t offset, format, domain;
   } hw_tex[NV30_MAX_TEX_UNITS];
   /* Bumped at every submission and whenever another context's commands
    * may have run (nv30_channel_enter). */
   uint32_t submission;

   /* Query reports (nv30_query.c). */
   struct nouveau_object *query_obj;
   struct nouveau_bo *query_bo;
   uint32_t query_offset;
   struct nv30_query_pool *query_pool;   /* who owns which report slot */
   /* A query counts between begin and end (query_running), except while
    * st/mesa or util_blitter draw their own quads (queries_paused). */
   bool query_running;
   bool queries_paused;
   /* render_condition: draws, clears and blits happen only if this
    * query's result (when known) is not cond_cond (nv30_query.c). */
   struct pipe_query *cond_query;
   bool cond_cond;
   enum pipe_render_cond_flag cond_mode;

   /* User-memory vertex buffers of the current draw, copied to GPU
    * memory (nv30_draw.c); the draw's vertices are renumbered from
    * vtx_shift, so every buffer's address moves by vtx_shift * stride. */
   struct {
      struct pipe_resource *res;
      unsigned offset;
   } user_vb[PIPE_MAX_ATTRIBS];
   unsigned vtx_shift;

   /* Values of stride-0 (constant) vertex elements. */
   float vtx_const[PIPE_MAX_ATTRIBS][4];
   /* VP constant values, by the bound program's hardware slot as
    * compiled (nvc_vp_const::hw_slot; target->vp.num_consts of them),
    * gathered by nv30_shader_prepare. */
   float (*vp_const)[4];
   /* What each VP constant register holds (uploaded last, the bit in
    * hw_vp_const_known set), so that a register is uploaded only when its
    * value changes: constant memory keeps its values across program
    * uploads and draws (nv30_vp_upload_const). */
   float (*hw_vp_const)[4];
   BITSET_WORD *hw_vp_const_known;
   /* Fragment programs are written into this VRAM buffer one after the
    * other, never over one the GPU may still run. */
   struct nouveau_bo *fp_ring;
   uint32_t fp_ring_used;
   uint32_t fp_offset;          /* of the current program in fp_ring */
   bool fp_loaded;              /* current program is in fp_ring */
   /* Generic varyings (bit k: VARYING_SLOT_VAR0 + k, sprite_coord_enable's
    * numbering) whose t the FP turns into 1 - t: the draw makes points
    * with lower-left sprite coordinates, which the hardware does not
    * have (nv30_shader_set_prim). */
   uint32_t sprite_flip;

   /* The vertex cache may hold bytes older than memory: no draw since
    * the last submission.  The same for the texture cache
    * (nv30_texture_cache_invalidate). */
   bool vtx_cache_stale;
   bool tex_cache_stale;

   /* The per-draw methods as the 3D object holds them (nv30_draw.c), so
    * that a draw sends only those whose value changes.  known: a value
    * is not known until sent once, nor whenever another context's commands may have
    * run (nv30_channel_enter), idx_bo NULL then.  NV30_BIN_INDEX holds
    * a reference to idx_bo, so that no other buffer takes its address
    * meanwhile (and libdrm names it in later submissions). */
   struct {
      uint32_t known;                  /* bit i: value[i] is held */
      uint32_t value[NV30_HW_DRAW_COUNT];
      struct nouveau_bo *idx_bo;
      uint32_t idx_offset, idx_format;
   } hw_draw;
   /* The index buffer the draw being sent reads (nv30_draw.c), listed
    * with the bound state's buffers before any method is written. */
   struct nv30_resource *draw_idx;
   /* The bound state's buffers are on the current submission's list
    * (nv30_state_reference), and which index buffer is. */
   bool refs_listed;
   struct nouveau_bo *refs_idx_bo;
   /* Vertex buffers listed (read, in their domain) in the current
    * submission, the last NV30_VB_LISTED of them (nv30_state_reference),
    * so that a draw after a vertex buffer change among them lists
    * nothing (the submission holds a reference to each: no other buffer
    * takes their address meanwhile). */
#define NV30_VB_LISTED 8
   struct nouveau_bo *vb_listed[NV30_VB_LISTED];
   unsigned vb_listed_next;
   /* Fragment texture units with a view bound (bit i: views[i]), and
    * those whose view samples a decoded companion (nv30_tex_companion.c:
    * made with the view, so known when it is bound). */
   uint32_t views_bound;
   uint32_t views_companion;

   /* The methods the state groups send, as the 3D object holds them
    * (nv30_hwstate.h). */
   struct nv30_hwstate hw;

   /* What the hardware currently has, to know what to disable. */
   unsigned hw_vtxfmt_count;
   /* Vertex programs stay loaded, each in instruction slots and constant
    * registers of its own, so that binding one again sends only
    * VP_START_FROM_ID (nv30_shader.c).  Both are handed out upwards from
    * vp_next_insn and vp_next_const; when a program does not fit, every
    * program is dropped (a new vp_epoch, unique in the process) and
    * they start again from the bottom.  vp_words: room for a relocated
    * program (target->vp.max_insns * 4 words). */
   uint32_t vp_epoch;
   unsigned vp_next_insn, vp_next_const;
   uint32_t *vp_words;
};

static inline struct nv30_context *
nv30_context(struct pipe_context *pipe)
{
   return (struct nv30_context *)pipe;
}

/* For the pipe entry points that only record state: marks what must be
 * sent again before the next draw and returns the context to record the
 * new state in. */
static inline struct nv30_context *
nv30_mark_dirty(struct pipe_context *pipe, uint32_t dirty)
{
   struct nv30_context *nv30 = nv30_context(pipe);

   nv30->dirty |= dirty;
   return nv30;
}

struct pipe_context *nv30_context_create(struct pipe_screen *pscreen,
                                         void *priv, unsigned flags);

/* nv30_context.c */
void nv30_context_kick(struct nv30_context *nv30);
/* Reserves room for words words and relocs relocations in one
 * submission (submitting what came before if needed).  False when the
 * channel is lost: emit nothing then. */
bool nv30_push_begin_slow(struct nv30_context *nv30, unsigned words,
                          unsigned relocs);
/* Relocations the slow path reserves at least, so that the draws after
 * it that relocate (a state group naming buffers) need not ask libdrm
 * again until they have used them. */
#define NV30_RELOC_ROOM 128
static inline bool
nv30_push_begin(struct nv30_context *nv30, unsigned words, unsigned relocs)
{
   /* The common case, several times a draw: the relocations fit what an
    * earlier call reserved in this submission (reloc_room: every caller
    * writes at most the relocations it asked for) and the words the
    * current pushbuffer with the margin the slow path asks libdrm for.
    * nouveau_pushbuf_space would then neither submit nor switch buffers,
    * so do nothing (it acts when cur + dwords >= end, or at the kernel's
    * reloc and push limits, which the reservation and a new buffer
    * cover): it is not asked. */
   if (likely(relocs <= nv30->reloc_room && !nv30->kicked && !nv30->lost &&
              !nv30->chan_reset && nv30->fence_referenced &&
              nv30->pushbuf->cur + words + 16 +
                 nouveau_push_relist_size(&nv30->push) < nv30->pushbuf->end)) {
      nv30->reloc_room -= relocs;
      nv30->emitted = true;
      return true;
   }
   return nv30_push_begin_slow(nv30, words, relocs);
}
/* After libdrm may have submitted: false (and the context lost) if the
 * kernel refused it (nv30_context.c). */
bool nv30_check_kick(struct nv30_context *nv30);

/* nv30_shader.c */
/* Compiles what is bound, gathers constants, writes the fragment
 * program to memory; false if nothing can be drawn. */
bool nv30_shader_prepare(struct nv30_context *nv30);
/* Tells the shader code what the next draw rasterizes (point sprite
 * coordinates depend on it); before nv30_state_prepare. */
void nv30_shader_set_prim(struct nv30_context *nv30, enum pipe_prim_type mode);
void nv30_shader_fini(struct nv30_context *nv30);
/* Binds the VP, loading it first if it is not (true then: its constants
 * go to registers of their own, nv30_emit_vertconst must send them). */
bool nv30_emit_vertprog(struct nv30_context *nv30);
void nv30_emit_vertconst(struct nv30_context *nv30);
/* Uploads v to VP constant slot, unless the slot holds it; the caller
 * reserved 6 words. */
void nv30_vp_upload_const(struct nv30_context *nv30, unsigned slot,
                          const float v[4]);
void nv30_emit_fragprog(struct nv30_context *nv30);
/* No vertex program is loaded any more (another context's commands may
 * have replaced them, or they are dropped to make room). */
void nv30_vp_drop_all(struct nv30_context *nv30);

/* nv30_emit.c: reads from buffers what state emission needs (before
 * space is reserved); false if the draw cannot be done. */
bool nv30_state_prepare(struct nv30_context *nv30);
/* Sends the dirty state; false if the channel is lost or
 * out of space. */
bool nv30_state_emit(struct nv30_context *nv30);
/* Worst-case pushbuffer words and relocations nv30_state_emit needs
 * for the dirty state. */
unsigned nv30_state_emit_words(struct nv30_context *nv30);
unsigned nv30_state_emit_relocs(const struct nv30_context *nv30);

/* nv30_texture.c */
void nv30_emit_textures(struct nv30_context *nv30);
/* per unit 3 (TEX_OFFSET, TEX_FORMAT) + 2 * 6 (the rest, each alone at
 * most, nv30_hw_set_group) + 2 (TEX_SIZE1); the invalidate */
#define NV30_TEXTURE_EMIT_WORDS (NV30_MAX_TEX_UNITS * 17 + 2)

/* nv30_query.c */
/* Index i of an index array of size-byte indices (1, 2 or 4). */
static inline uint32_t
nv30_index(const void *indices, unsigned size, unsigned i)
{
   switch (size) {
   case 1: return ((const uint8_t *)indices)[i];
   case 2: return ((const uint16_t *)indices)[i];
   default: return ((const uint32_t *)indices)[i];
   }
}

/* nv30_blend_split.c */
enum nv30_split_mode {
   NV30_SPLIT_WHOLE,      /* two passes over the whole draw: exact */
   NV30_SPLIT_PER_PRIM,   /* two passes per primitive: exact */
   NV30_SPLIT_INEXACT,    /* two whole passes where cutting cannot be */
};
/* words nv30_blend_split_pass or _end may write */
#define NV30_SPLIT_PASS_WORDS 16
bool nv30_blend_split_needed(const struct nv30_context *nv30);
enum nv30_split_mode nv30_blend_split_mode(const struct nv30_context *nv30,
                                           enum pipe_prim_type mode,
                                           bool edgeflags);
void nv30_blend_split_pass(struct nv30_context *nv30, bool alpha);
void nv30_blend_split_end(struct nv30_context *nv30);
uint32_t *nv30_blend_split_primitives(const struct nv30_context *nv30,
                                      const struct pipe_draw_info *info,
                                      const struct pipe_draw_start_count_bias *draw,
                                      const uint8_t *indices,
                                      enum pipe_prim_type *out_prim,
                                      unsigned *out_nr, unsigned *per_prim);

bool nv30_query_context_init(struct nv30_context *nv30);
/* False when conditional rendering says to skip this rendering. */
bool nv30_render_condition_pass(struct nv30_context *nv30);
void nv30_query_context_fini(struct nv30_context *nv30);

/* Object handles are ours to choose (unique within the channel). */
#define NV30_HANDLE_QUERY 0xbeef0351

/* Pushbuffer helpers for the 3D object. */
#define NV30_3D_MTHD(nv30, mthd, count) \
   nouveau_push_mthd(&(nv30)->push, NOUVEAU_SUBC_3D, (mthd), (count))
#define NV30_3D_MTHD_NI(nv30, mthd, count) \
   nouveau_push_mthd_ni(&(nv30)->push, NOUVEAU_SUBC_3D, (mthd), (count))
#define NV30_3D_1(nv30, mthd, data) \
   nouveau_push_1(&(nv30)->push, NOUVEAU_SUBC_3D, (mthd), (data))

#endif
