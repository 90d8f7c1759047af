/*
 * A Tesla pipe_context: its own client, FIFO channel (in the process's
 * VM), 3D/2D/M2MF objects and pushbuffer, and the state bound to it.
 */
#ifndef NV50_CONTEXT_H
#define NV50_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "util/simple_mtx.h"
#include "util/slab.h"
#include "util/u_debug.h"

#include "nouveau/nouveau_push.h"
#include "nv50_hwstate.h"
#include "nv50_screen.h"
#include "nv50_tex.h"
#include "g80_3d.xml.h"

/* Object handles are ours to choose (any value unique in the channel);
 * the DMA objects of the channel are libdrm's nv04_fifo handles. */
#define NV50_HANDLE_3D     0xbeef5097
#define NV50_HANDLE_2D     0xbeef502d
#define NV50_HANDLE_M2MF   0xbeef5039
#define NV50_HANDLE_VRAM   0xbeef0201
#define NV50_HANDLE_GART   0xbeef0202

/* GL's viewports and their scissors: VIEWPORT_SCALE/TRANSLATE(i),
 * DEPTH_RANGE_NEAR/FAR(i), SCISSOR_ENABLE/HORIZ/VERT(i), 16 of each
 * (rnndb g80_3d.xml); a primitive takes viewport 0 or, with
 * GP_VIEWPORT_ID_ENABLE, the GP's gl_ViewportIndex (nv50_gp.c) */
#define NV50_MAX_VIEWPORTS G80_3D_VIEWPORT_SCALE_X__LEN

enum nv50_dirty {
   NV50_DIRTY_FRAMEBUFFER = 1 << 0,
   NV50_DIRTY_PROGRAMS = 1 << 1,
   NV50_DIRTY_VERTEX = 1 << 2,     /* vertex elements and buffers */
   NV50_DIRTY_CONST = 1 << 3,
   NV50_DIRTY_FRAGMENT = 1 << 4,   /* viewports (viewport_dirty) */
   /* nv50_blend.c, nv50_zsa.c, nv50_rasterizer.c */
   NV50_DIRTY_BLEND = 1 << 5,
   NV50_DIRTY_BLEND_COLOR = 1 << 6,
   NV50_DIRTY_ZSA = 1 << 7,
   NV50_DIRTY_STENCIL_REF = 1 << 8,
   NV50_DIRTY_RAST = 1 << 9,
   NV50_DIRTY_SCISSOR = 1 << 10,
   NV50_DIRTY_STIPPLE = 1 << 11,
   NV50_DIRTY_STRMOUT = 1 << 12,   /* stream output targets */
   NV50_DIRTY_ALL = ~0u,
};

/* Buffers the bound state uses, listed in every submission until the
 * state that named them is sent again (nv50_bin_ref): a submission in the
 * middle of a draw, or between draws, carries commands that use them. */
enum nv50_bin {
   NV50_BIN_CONTEXT,       /* code and constant buffers, the stack */
   NV50_BIN_FRAMEBUFFER,
   NV50_BIN_VERTEX,
   NV50_BIN_CONST,
   NV50_BIN_INDEX,         /* the index buffer of the current draw */
   NV50_BIN_STRMOUT,       /* transform feedback buffers */
   NV50_BIN_COUNT,
};

/* The code buffer: every program's code (one code segment for VP and
 * FP: nvsim assumes upstream's 512 KiB segment, docs/tesla.md "The stage
 * seam"); a deleted program's space is reused (nv50_code.c). */
#define NV50_CODE_SIZE (512 * 1024)
/* Constant buffers: one of 64 KiB per stage for user constants (CB_DEF
 * SIZE 0 is 0x10000 bytes, docs/tesla.md "Constant buffers"). */
#define NV50_CB_SIZE (64 * 1024)
/* Stages with user constants: VP 0, FP 1, GP 2; c0[] user data in
 * CB_DEF buffer s, resources in buffers past NV50_CB_STAGES (nv50_cb.c). */
#define NV50_CB_STAGES 3
/* c0[]..c15[] of a stage: SET_PROGRAM_CB INDEX's range (rnndb; isa.rst
 * "16 const spaces of each program type"); the last is the FP's sprite
 * constants (below), so GL's uniforms and blocks take c0[]..c14[] of
 * every stage (nv50_cb.c) */
#define NV50_CB_SLOTS \
   ((G80_3D_SET_PROGRAM_CB_INDEX__MASK >> G80_3D_SET_PROGRAM_CB_INDEX__SHIFT) + 1)
#define NV50_CB_USER_SLOTS (NV50_CB_SLOTS - 1)
/* The driver's constants for point sprite coordinates (nv50_linkage.c):
 * buffer id NV50_SPRITE_CB_ID, NV50_SPRITE_CB_WORDS words after the user
 * buffers in cb_bo, read by the FP as c[NV50_SPRITE_CB_INDEX]; the FP
 * inputs that carry the point's clip position and size. */
#define NV50_COLOR_SMOOTH 0x1   /* smooth or noperspective */
#define NV50_COLOR_FLAT 0x4
#define NV50_SPRITE_CB_ID (2 * NV50_CB_STAGES)
#define NV50_SPRITE_CB_INDEX (NV50_CB_SLOTS - 1)
#define NV50_SPRITE_CB_WORDS 20
/* CB_DEF ids of resources bound as constant buffers: past the sprite
 * constants' (nv50_cb.c) */
#define NV50_CB_RESOURCE_ID0 (NV50_SPRITE_CB_ID + 1)
/* After them in the same buffer (c[NV50_SPRITE_CB_INDEX] of every stage), the multisampled
 * textures (nv50_msaa.c): per stage (nv50_tex_stage) and sampler slot,
 * NV50_MS_CB_SLOT_WORDS words (the samples' places in the block, then
 * the block's log2 in x and y and the sample count). */
#define NV50_MS_CB_WORD NV50_SPRITE_CB_WORDS
#define NV50_MS_CB_SLOT_WORDS 12
#define NV50_MS_CB_STAGE_WORDS (NV50_MAX_SAMPLERS * NV50_MS_CB_SLOT_WORDS)
#define NV50_MS_CB_WORDS (NV50_TEX_STAGES * NV50_MS_CB_STAGE_WORDS)
#define NV50_DRIVER_CB_WORDS (NV50_MS_CB_WORD + NV50_MS_CB_WORDS)
#define NV50_SPRITE_GENERICS 9  /* gl_TexCoord[0..7], gl_PointCoord */
#define NV50_SPRITE_POS_SLOT (VARYING_SLOT_VAR0 + 30)
#define NV50_SPRITE_SIZE_SLOT (VARYING_SLOT_VAR0 + 31)

/* Where a program's code lies in one context's code buffer. */
struct nv50_program_code {
   uint32_t context_id;         /* nv50_context::id */
   uint32_t base;               /* offset in that context's code buffer */
};

struct nv50_program {
   bool valid;                  /* compiled */
   /* every context that drew with it has its own copy in its own code
    * buffer (shared contexts share CSOs, not code buffers): one record a
    * context, by id (a context's id is never reused, so a record of a
    * context that is gone matches nothing); the lock guards the records,
    * which contexts of several threads may add to */
   simple_mtx_t code_lock;
   struct nv50_program_code *code;
   unsigned num_code, cap_code;
   struct nvc_g80_program prog;
   /* transform feedback: st/mesa's outputs (register_index counts the
    * written slots of outputs_written, nv50_streamout.c) */
   struct pipe_stream_output_info so;
   uint64_t outputs_written;
   /* FP: gl_Color / gl_SecondaryColor inputs with their own
    * interpolation qualifier, which ShadeModel does not govern
    * (nv50_linkage.c): NV50_COLOR_SMOOTH / _FLAT << 0 (gl_Color), << 1
    * (gl_SecondaryColor) */
   uint8_t color_qualified;
   /* VP / GP: the distances of the clip distance results (GLSL's
    * gl_ClipDistance then gl_CullDistance, one array: st/mesa's
    * nir_lower_clip_cull_distance_arrays) that are cull distances */
   uint8_t cull_mask;
   /* seamless cube maps on chips without TEX_MISC SEAMLESS (G80..G98,
    * nv50_program.c): the NIR kept, the units it samples as cubes, and
    * the programs compiled for keys so far (under code_lock) */
   struct nir_shader *nir;
   uint32_t cube_units;
   struct nv50_program_variant *variants;
   unsigned num_variants;
};

struct nv50_program_variant {
   struct nvc_g80_seamless_key key;
   struct nv50_program *p;
};

/* Ranges of the code segment (nv50_code.c). */
struct nv50_code_range {
   uint32_t start, size;
};
struct nv50_code_list {
   struct nv50_code_range *r;
   unsigned num, cap;
};

struct nv50_vertex_elements {
   unsigned count;
   struct pipe_vertex_element e[PIPE_MAX_ATTRIBS];
   uint32_t attrib[PIPE_MAX_ATTRIBS];   /* VERTEX_ARRAY_ATTRIB words */
};

/* The index stream of the current draw: a buffer (the index buffer, or
 * client indices uploaded), the byte offset of its first index. */
struct nv50_index_source {
   struct pipe_resource *res;
   unsigned offset, size, count;
};

struct nv50_context {
   struct pipe_context base;
   struct nv50_screen *screen;
   const struct nvhwdb_chip *chip;
   uint32_t id;          /* unique in the process (nv50_program.c) */

   struct nouveau_client *client;
   struct nouveau_object *channel, *eng3d, *eng2d, *m2mf;
   struct nouveau_pushbuf *pushbuf;
   struct nouveau_push push;
   /* every submission lists it: the context's fence (nouveau_screen.h) */
   struct nouveau_bo *fence_bo;
   bool fence_referenced;
   bool lost;            /* a submission failed: nothing more is sent */

   uint32_t dirty;
   struct pipe_framebuffer_state framebuffer;

   struct nv50_program *vp, *fp;
   struct nv50_program *gp;   /* NULL: no geometry program (nv50_gp.c) */
   /* the programs last validated: the bound ones or their seamless
    * variants (nv50_program.c) */
   struct nv50_program *validated[3];
   /* SEMANTIC_PTSZ for a VP that writes gl_PointSize (nv50_linkage.c) */
   uint32_t semantic_ptsz;
   /* SEMANTIC_COLOR's slots without CLMP_EN, which the rasterizer's
    * clamp_vertex_color adds (nv50_linkage.c) */
   uint32_t semantic_color;
   /* the sprite constants last sent (nv50_linkage.c) */
   uint32_t sprite_cb[NV50_SPRITE_CB_WORDS];
   bool sprite_cb_sent;
   /* the multisampled textures' constants last sent (nv50_msaa.c) */
   uint32_t ms_cb[NV50_MS_CB_WORDS];
   bool ms_cb_sent;
   /* the warps' control stack (nv50_stack.c) */
   struct nouveau_bo *stack_bo;
   uint32_t clip_written;   /* clip distances the VP writes (nv50_clip.c) */
   uint32_t cull_mask;      /* those of them that are cull distances */
   struct nouveau_bo *code_bo;
   void *code_map;
   /* free space, and deleted programs' space the GPU may still read */
   struct nv50_code_list code_free, code_waiting;
   bool code_flush;
   /* constant buffers of VP (0), FP (1) and GP (2), c0[]..c15[]
    * (nv50_cb.c): c0[]'s user data copied into the buffer its CB_DEF
    * points at (NV50_CB_SIZE each), the others' uploaded; slots to send */
   struct nouveau_bo *cb_bo;
   struct pipe_constant_buffer cb[NV50_CB_STAGES][NV50_CB_USER_SLOTS];
   void *cb_user[NV50_CB_STAGES];
   uint16_t cb_dirty[NV50_CB_STAGES];
   struct nv50_vertex_elements *velems;
   /* the CPU wrote a buffer since the last draw: the vertex fetch may
    * hold its old bytes (VERTEX_ARRAY_FLUSH, nv50_draw.c) */
   bool vertex_flush;
   struct pipe_vertex_buffer vb[PIPE_MAX_ATTRIBS];
   unsigned num_vb;
   struct nv50_blend_cso *blend;
   struct nv50_zsa_cso *zsa;
   struct nv50_rast_cso *rast;
   struct pipe_blend_color blend_color;
   struct pipe_stencil_ref stencil_ref;
   /* sent through nv50_hw_put's record (nv50_rasterizer.c) */
   struct pipe_scissor_state scissor[NV50_MAX_VIEWPORTS];
   struct pipe_poly_stipple stipple;
   /* what the 3D object's methods below NV50_HW_RECORD_END last got
    * through nv50_hw_put (nv50_hwstate.h) */
   uint32_t hw_value[NV50_HW_RECORD_WORDS];
   BITSET_DECLARE(hw_known, NV50_HW_RECORD_WORDS);
   struct pipe_viewport_state viewport[NV50_MAX_VIEWPORTS];
   /* viewports set since they were last sent, and the rasterizer's
    * clip_halfz their depth ranges were worked out for (nv50_draw.c) */
   uint32_t viewport_dirty;
   bool viewport_halfz;
   struct nv50_tex_state tex;   /* nv50_tex.c */

   /* queries and the render condition (nv50_query.c); the reports the
    * GPU's render condition reads, listed by every submission */
   struct nv50_query_ctx *query;
   struct nouveau_bo *cond_bo;

   /* what the 3D object holds of the draw state (nv50_draw.c,
    * nv50_vertex.c, nv50_index.c): only changes are sent */
   struct nv50_index_source index;
   unsigned num_arrays;         /* VERTEX_ARRAY_FETCH enabled below */
   uint32_t instance_arrays;    /* VERTEX_ARRAY_PER_INSTANCE set */
   int32_t index_bias;          /* VB_ELEMENT_BASE, VERTEX_ID_BASE */
   uint32_t instance_base;      /* VB_INSTANCE_BASE */
   bool restart;                /* PRIM_RESTART_ENABLE */
   uint32_t restart_index;      /* PRIM_RESTART_INDEX */

   /* transform feedback (nv50_streamout.c) */
   struct pipe_stream_output_target *so_target[G80_3D_STRMOUT_ADDRESS_HIGH__LEN];
   unsigned num_so_targets;
   bool so_enabled;             /* STRMOUT_ENABLE */
   unsigned so_buffers;         /* buffers enabled: bit b */
   unsigned so_draw_prims, so_draw_nv;  /* G80_3D: the draw's count */
   /* G80_3D / G84_3D after a draw with a GP or primitive restart: the
    * targets' offsets are those of the last latch, and what was written since is the STRMOUT unit's
    * TRANSFORM_FEEDBACK counter less its value then (so_counter_bo,
    * reports 0 and 1; nv50_streamout.c) */
   bool so_inexact;
   struct nouveau_bo *so_counter_bo;

   struct util_debug_callback debug;
   bool warned_draw;

   struct slab_child_pool transfer_pool;
};

static inline struct nv50_context *
nv50_context(struct pipe_context *pipe)
{
   return (struct nv50_context *)pipe;
}

/* One method of the 3D object and its data. */
#define NV50_3D_MTHD(nv50, mthd, count) \
   nouveau_push_mthd(&(nv50)->push, NOUVEAU_SUBC_3D, mthd, count)
#define NV50_3D_1(nv50, mthd, data) \
   nouveau_push_1(&(nv50)->push, NOUVEAU_SUBC_3D, mthd, data)

/* nv50_context.c */
struct pipe_context *nv50_context_create(struct pipe_screen *pscreen,
                                         void *priv, unsigned flags);
/* Room for words and buffer references in this submission (may submit
 * what came before); false when the channel is lost. */
bool nv50_push_begin(struct nv50_context *nv50, unsigned words);
/* Lists bo in the current submission with the access flags
 * (NOUVEAU_BO_RD/WR | domain): on Tesla a buffer is addressed by its VM
 * address, no relocation, but the kernel must know what a submission
 * uses (placement, and CPU waits on it). */
void nv50_push_ref(struct nv50_context *nv50, struct nouveau_bo *bo,
                   uint32_t flags);
/* nv50_push_ref, and the same in every later submission until bin is
 * reset (its state is sent again). */
void nv50_bin_ref(struct nv50_context *nv50, enum nv50_bin bin,
                  struct nouveau_bo *bo, uint32_t flags);
void nv50_bin_reset(struct nv50_context *nv50, enum nv50_bin bin);
void nv50_context_kick(struct nv50_context *nv50);
/* Submits first if the pushbuffer names bo (a CPU map must wait for
 * the commands that use it). */
void nv50_kick_if_referenced(struct nv50_context *nv50,
                             struct nouveau_bo *bo);

/* nv50_state.c */

/* nv50_clear.c */
/* Sends the framebuffer state if it changed. */
void nv50_emit_framebuffer(struct nv50_context *nv50);

/* nv50_code.c: space in the code segment */
bool nv50_code_init(struct nv50_context *nv50);
void nv50_code_fini(struct nv50_context *nv50);
/* A range of size bytes (its offset), -1 when the segment is full of
 * programs still in use; may submit and wait for the GPU first. */
int32_t nv50_code_alloc(struct nv50_context *nv50, uint32_t size);
/* Gives back a deleted program's range (reused once the GPU is done). */
void nv50_code_free(struct nv50_context *nv50, uint32_t base, uint32_t size);

/* nv50_stack.c: the stack buffer for every warp the chip runs, and its
 * state (STACK_*, LOCAL_SIZE_LOG) */
bool nv50_stack_init(struct nv50_context *nv50);
void nv50_stack_emit(struct nv50_context *nv50);
/* nv50_clip.c */
/* Puts the VP's clip distances in map slots first.. (at most room in
 * all), gives SEMANTIC_CLIP and the mask of distances written; returns
 * the slots used. */
unsigned nv50_clip_map(const struct nvc_g80_program *vp, uint8_t *map,
                       unsigned first, unsigned room, uint32_t *semantic,
                       uint32_t *written);
/* CLIP_DISTANCE_ENABLE: the rasterizer's enables of those distances,
 * and every cull distance; CLIP_DISTANCE_MODE CULL for those. */
void nv50_clip_validate(struct nv50_context *nv50);
struct nir_shader;
/* The cull distances among a VP's or GP's clip distance results. */
uint8_t nv50_clip_cull_mask(const struct nir_shader *nir);

/* nv50_gp.c */
/* The GP's layer and viewport index results in map slots first.. (at
 * most room in all; none without a GP, gp false): LAYER, the
 * GP_VIEWPORT_ID_ENABLE value and SEMANTIC_LAYER / SEMANTIC_VIEWPORT;
 * returns the slots added. */
unsigned nv50_gp_map_layer_viewport(const struct nvc_g80_program *last,
                                    bool gp, uint8_t *map, unsigned first,
                                    unsigned room, uint32_t *layer,
                                    uint32_t *viewport,
                                    uint32_t *semantic_layer,
                                    uint32_t *semantic_viewport);
/* The bound GP's state, VP_RESULT_MAP from the VP's results to its
 * inputs, GP_RESULT_MAP = map (nslots) and GP_ENABLE. */
bool nv50_gp_emit(struct nv50_context *nv50, const struct nv50_program *gpp,
                  const struct nvc_g80_program *vp, const uint8_t *map,
                  unsigned nslots);
/* nv50_linkage.c */
/* The FP's colour inputs as SEMANTIC_COLOR's front range (input word w
 * is map slot input_base + w) and the last stage's back colours in map
 * slots first.. (at most room in all; zero: the map's 0.0 byte for a
 * back colour it does not write); returns the slots added. */
unsigned nv50_linkage_colors(const struct nvc_g80_program *vp,
                             const struct nvc_g80_program *fp,
                             int input_base, uint8_t zero, uint8_t *map,
                             unsigned first, unsigned room,
                             uint32_t *noperspective, uint32_t *semantic);
/* The last stage's gl_PointSize in map slot first, if it writes one; returns the
 * slots added and gives the SEMANTIC_PTSZ that names it. */
unsigned nv50_linkage_point_size(const struct nvc_g80_program *vp,
                                 uint8_t *map, unsigned first,
                                 unsigned room, uint32_t *semantic);
/* The FP's colour inputs declared with an interpolation qualifier. */
uint8_t nv50_linkage_qualified_colors(const struct nir_shader *nir);
/* Point sprite coordinates worked out in the FP (replaces its
 * gl_PointCoord and, as the driver's constants say, gl_TexCoord[i]
 * loads); true if it read any. */
bool nv50_linkage_lower_sprites(struct nir_shader *nir);
/* The map byte of last stage result (slot, comp) for an FP input, the
 * sprite inputs included; -1 if the stage does not write it. */
int nv50_linkage_input_word(const struct nvc_g80_program *last,
                            unsigned slot, unsigned comp);
/* SEMANTIC_PTSZ, SHADE_MODEL and the sprite constants from the programs,
 * the rasterizer and the draw's primitive (every draw; sent when they
 * change). */
void nv50_linkage_validate(struct nv50_context *nv50, unsigned mode);

/* nv50_program.c */
/* Uploads and sends the bound VP and FP and their linkage; false when
 * there is none to run (or no room). */
bool nv50_program_validate(struct nv50_context *nv50);
/* VP_RESULT_MAP_SIZE n and VP_RESULT_MAP's words for map's n entries
 * (the VP results that become the next stage's inputs 0..n-1), into
 * room the caller reserved. */
void nv50_vp_result_map(struct nv50_context *nv50, const uint8_t *map,
                        unsigned n);
/* nv50_draw.c: draws with the bound state, no render condition check */
void nv50_draw_direct(struct nv50_context *nv50,
                      const struct pipe_draw_info *info,
                      const struct pipe_draw_start_count_bias *draws,
                      unsigned num_draws);
/* nv50_vertexid.c: G80_3D's gl_VertexID with a base vertex */
bool nv50_vertexid_needs_rebase(const struct nv50_context *nv50,
                                const struct pipe_draw_info *info,
                                const struct pipe_draw_start_count_bias *d);
bool nv50_vertexid_draw_rebased(struct nv50_context *nv50,
                                const struct pipe_draw_info *info,
                                const struct pipe_draw_start_count_bias *d);
/* nv50_draw_indirect.c: the draws of an indirect buffer; false when it
 * cannot be read */
bool nv50_draw_indirect(struct nv50_context *nv50,
                        const struct pipe_draw_info *info,
                        const struct pipe_draw_indirect_info *ind);
/* a context id no other context of the process has */
uint32_t nv50_program_new_context_id(void);
/* p's offset in this context's code buffer, or -1 before its upload */
int32_t nv50_program_base(const struct nv50_program *p,
                          const struct nv50_context *nv50);
bool nv50_cb_validate(struct nv50_context *nv50);

/* nv50_vertex.c */
uint32_t nv50_vertex_format(enum pipe_format format);
/* Disables per-instance fetch of every array (a new 3D object). */
void nv50_vertex_init_hw(struct nv50_context *nv50);
bool nv50_vertex_validate(struct nv50_context *nv50);

/* nv50_index.c */
/* The index stream of draw d: the index buffer, or its client indices
 * uploaded; false for an index size the 3D class has no method for or
 * when the upload fails. */
bool nv50_index_bind(struct nv50_context *nv50,
                     const struct pipe_draw_info *info,
                     const struct pipe_draw_start_count_bias *d,
                     struct nv50_index_source *src);
/* Sends the stream to VB_ELEMENT_* by IB entries pointing at the buffer;
 * false when the channel is lost. */
bool nv50_index_emit(struct nv50_context *nv50,
                     const struct nv50_index_source *src);
/* PRIM_RESTART_ENABLE and INDEX, when they change. */
void nv50_index_restart(struct nv50_context *nv50, bool enable,
                        uint32_t index);

/* Room for words and one IB entry of data (nv50_index.c: two IB
 * pushes). */
bool nv50_push_begin_data(struct nv50_context *nv50, unsigned words);

/* nv50_streamout.c */
/* Adds the result map slots the VP's stream outputs need (map[] and
 * from_vp[]: the linkage's slots so far, *nslots of at most max_slots)
 * and their STRMOUT_MAP bytes (so_map[], zeroed by the caller); false
 * when they do not fit. */
bool nv50_so_linkage(const struct nv50_program *vp, uint8_t *map,
                     bool *from_vp, unsigned *nslots, unsigned max_slots,
                     uint8_t *so_map);
/* Vertices of the independent primitives mode streams and how many
 * count vertices make. */
void nv50_so_prims(const struct nv50_context *nv50, enum pipe_prim_type mode,
                   unsigned count, unsigned *nv, unsigned *prims);
/* Before a draw of prims primitives of nv vertices (exact: the draw
 * makes that many, not at most that many): the targets, STRMOUT_ENABLE;
 * false when the channel is lost. */
bool nv50_so_validate(struct nv50_context *nv50, unsigned nv,
                      unsigned prims, bool exact);
/* After the draw: G80_3D's CPU count of what was written. */
void nv50_so_draw_done(struct nv50_context *nv50);
/* glDrawTransformFeedback's vertex count from target t, inside
 * VERTEX_BEGIN_GL .. VERTEX_END_GL. */
bool nv50_so_emit_draw_count(struct nv50_context *nv50,
                             struct pipe_stream_output_target *t);

/* nv50_draw.c */
/* The draw state of a new 3D object (bases, restart, per-instance
 * arrays), as nv50_draw.c remembers it. */
void nv50_draw_init_hw(struct nv50_context *nv50);

/* nv50_blend.c, nv50_zsa.c, nv50_rasterizer.c: send what changed of
 * the bound state; false when there is none bound or the channel is
 * lost */
bool nv50_chip_has_iblend(const struct nvhwdb_chip *chip);
bool nv50_blend_validate(struct nv50_context *nv50);
bool nv50_zsa_validate(struct nv50_context *nv50);
bool nv50_rasterizer_validate(struct nv50_context *nv50);
/* A clear is not cut by the draws' scissor 0: turns it off until the
 * next draw (room for 2 words must have been made). */
void nv50_scissor_off(struct nv50_context *nv50);

/* Upstream's nv50 driver copies at most 2047 lines with one BUF_NOTIFY
 * (nv50_transfer.c, fact): we do the same (nv50_m2mf.c, nv50_blit.c). */
#define NV50_M2MF_MAX_LINES 2047

/* nv50_m2mf.c: copies box of the blocklinear res's level to (or, with
 * to_surface, from) the pitch buffer lin (rows at stride, slices at
 * layer_stride) on M2MF; false when the channel is lost. */
struct nv50_resource;
bool nv50_m2mf_copy_box(struct nv50_context *nv50, struct nv50_resource *res,
                        unsigned level, const struct pipe_box *box,
                        struct nouveau_bo *lin, uint32_t stride,
                        uint32_t layer_stride, bool to_surface);
/* nv50_m2mf.c: copies size bytes from src (at src_offset) to dst (at
 * dst_offset), buffers both; false when the channel is lost. */
bool nv50_m2mf_copy_buffer(struct nv50_context *nv50,
                           struct nv50_resource *dst, uint64_t dst_offset,
                           struct nv50_resource *src, uint64_t src_offset,
                           uint64_t size);

/* nv50_transfer.c */

/* nv50_query.c */
bool nv50_query_context_init(struct nv50_context *nv50);
void nv50_query_context_fini(struct nv50_context *nv50);
/* false when the render condition says an operation it covers is
 * skipped (waits for the query when its mode says); gpu_gated: the
 * operation is a 3D draw or clear, which COND_MODE gates when the GPU
 * decides (then always true) */
bool nv50_render_condition_pass(struct nv50_context *nv50, bool gpu_gated);
/* COND_MODE ALWAYS for a 3D operation the condition must not cover
 * (true), then back (false) */
void nv50_render_condition_suspend(struct nv50_context *nv50, bool suspend);
/* The COND_MODE the GPU decides by (G80_3D_COND_MODE_ALWAYS when the
 * CPU decides) and, for another mode, the address of the two reports it
 * compares: what another object's COND_MODE / COND_ADDRESS take (the 2D
 * engine's, nv50_blit.c) */
uint32_t nv50_render_condition_gpu(struct nv50_context *nv50, uint64_t *addr);

#endif
