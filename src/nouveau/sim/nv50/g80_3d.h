/*
 * nvsim's Tesla 3D classes (G80_3D 0x5097, G84_3D 0x8297, G200_3D 0x8397,
 * GT215_3D 0x8597, MCP89_3D 0x8697; hwdb g80_3d.xml from rnndb
 * graph/g80_3d.xml), first layer: every method hwdb names for the class
 * is stored in a register file (g80_3d_class.c); render targets and zeta
 * (g80_3d_surface.c), clears (g80_3d_clear.c) and query reports
 * (g80_3d_query.c) act.  Draws and the other methods with an immediate
 * effect nvsim does not model yet trap as "not modelled".
 */
#ifndef G80_3D_H
#define G80_3D_H

#include "nv50_priv.h"
#include "nv50_layout.h"
#include "g80_surface_format.h"
#include "g80_shader.h"
#include "g80_texture.h"
#include "g80_3d.xml.h"

/* The method space of a subchannel: NV4_DMA_CMD_METHOD's 13 bits
 * (hwdb fifo.xml), in words. */
#define G80_3D_NUM_MTHD ((NV4_DMA_CMD_METHOD__MASK >> 2) + 1)

/* The width of a method field in values: FIELD__MASK >> FIELD__SHIFT + 1,
 * so that every count below is hwdb's. */
#define G80_3D_FIELD_VALUES(F) ((F##__MASK >> F##__SHIFT) + 1)

/* Constant buffers: CB_DEF_SET BUFFER names one of 128 per channel, and
 * SET_PROGRAM_CB INDEX one of the 16 c0..c15 of a program type
 * (envytools-docs tesla/cuda/isa.rst "const spaces"). */
#define G80_3D_NUM_CB G80_3D_FIELD_VALUES(G80_3D_CB_DEF_SET_BUFFER)
#define G80_3D_NUM_PROGRAM_CB G80_3D_FIELD_VALUES(G80_3D_SET_PROGRAM_CB_INDEX)
/* The program types that bind constant buffers and textures: VP, GP, FP
 * (BIND_TIC/BIND_TSC are per type, "vertex, geometry, fragment"). */
#define G80_3D_NUM_STAGES G80_3D_BIND_TIC__LEN
/* Texture and sampler slots of a program type (BIND_TIC TEXTURE, BIND_TSC
 * SAMPLER). */
#define G80_3D_NUM_TEXTURES G80_3D_FIELD_VALUES(G80_3D_BIND_TIC_TEXTURE)
#define G80_3D_NUM_SAMPLERS G80_3D_FIELD_VALUES(G80_3D_BIND_TSC_SAMPLER)

/* A constant buffer as CB_DEF_SET defined it: a range of the VM in the
 * DMA_CODE_CB object. */
struct g80_3d_cb {
   bool defined;
   uint64_t address;
   uint32_t size;               /* bytes */
};

/* A slot of a program type: SET_PROGRAM_CB's c[INDEX], BIND_TIC's
 * TEXTURE, BIND_TSC's SAMPLER. */
struct g80_3d_binding {
   bool valid;
   uint32_t index;              /* constant buffer, TIC or TSC entry */
};

/*
 * The seam between the draw pipeline and the programmable stages.  The
 * draw pipeline hands a stage a batch of up to 32 items (vertices for the
 * VP, the fragments of one 2x2 quad for the FP), each as a row of 32-bit
 * input words, and takes a row of output words back:
 *
 * - VP inputs: the components VP_ATTR_EN enables, attribute 0 X first,
 *   packed in order (disabled components take no word), then the vertex
 *   id and the instance id when VP_GP_BUILTIN_ATTR_EN enables them, in
 *   that order (upstream nv50_program.c: "VertexID before InstanceID",
 *   slots after the attributes).  Integer attributes (UINT/SINT) are
 *   integer words, the others floats.
 * - VP outputs: the result words the program writes (VP_RESULT_MAP names
 *   them by index; the words below G80_VP_RESULT_MAP_CONST_ZERO).
 * - FP inputs: the interpolants of FP_INTERPOLANT_CTRL: first the
 *   position components UMASK enables (window x, y of the pixel centre,
 *   window z, and 1/w_clip interpolated linearly in window space), then
 *   COUNT words of the result map slots from OFFSET on.  The first
 *   COUNT_NONFLAT are "linear in window space" values: v/w_clip for a
 *   perspective slot, v for a slot NOPERSPECTIVE_BITMAP marks, so the
 *   program multiplies perspective ones by w (its pinterp); the rest
 *   are flat, the provoking vertex's value.
 * - FP outputs: FP_RESULT_COUNT words, colour i in words 4i..4i+3
 *   (upstream nv50_program.c: hw = semantic index * 4); with
 *   FP_CONTROL EXPORTS_Z the depth in the word after the colours.
 *
 * g80_3d_exec_runner (g80_3d_stage.c) implements it with the shader
 * interpreter (g80_shader.h g80_shader_run); every 3D object starts with
 * it.  A draw without a runner traps (unit tests install a pass-through
 * runner in its place).
 */
struct g80_stage_batch {
   enum g80_stage stage;
   unsigned count;              /* items, 1..32 */
   uint32_t active;             /* items that run (FP: the quad's pixels) */
   /* FP: the items of `active` that run only for their quad's
    * derivatives (isa.rst's invisible threads: not covered) */
   uint32_t helper;
   const uint32_t *in;          /* in[item * in_stride + word] */
   unsigned in_stride, in_words;
   uint32_t *out;               /* out[item * out_stride + word] */
   unsigned out_stride, out_words;
   uint32_t killed;             /* FP: items that discarded (set by run) */
   /* FP: the facing of the quad's primitive as the program reads it at
    * v[] VAR_ADDR_FACE (isa g80.xml): all ones front, 0 back */
   uint32_t face;
   /* GP (g80_3d_gp.c): the primitive space p[] the items share (in holds
    * their a[]: pointers into it), and where emit / restart go
    * (g80_shader_callbacks gp_emit) */
   const uint32_t *prim;
   unsigned prim_words;
   void (*emit)(void *priv, uint32_t items, bool restart,
                const uint32_t *out, unsigned out_stride);
   void *emit_priv;
};

struct g80_3d;
struct g80_stage_runner {
   void *priv;
   /* false: the program faulted; run has set the trap detail
    * (g80_3d_fail) and the draw is dropped from there on */
   bool (*run)(void *priv, struct g80_3d *ctx, struct g80_stage_batch *b);
};

extern const struct g80_stage_runner g80_3d_exec_runner;

/* What g80_3d_exec_runner's programs run with, for the compute class too
 * (g80_compute.c, whose programs use the FP's code segment and bindings):
 * the chip's ISA flags (g80_shader_program isa_flags); the code segment
 * of a VP/GP/FP program type as host memory (false, trap detail set, when
 * unmapped); the texture unit over the bindings of `stage`, sampling as a
 * program of `sample_stage` does (implicit derivatives in the FP only).
 * tex_failed: a request trapped (detail set), the run's results are
 * void. */
struct g80_3d_exec {
   struct g80_3d *ctx;
   bool tex_failed;
};
uint32_t g80_3d_isa_flags(const struct g80_3d *ctx);
bool g80_3d_code_segment(struct g80_3d *ctx, enum g80_stage stage,
                         const uint8_t **code, uint64_t *size);
void g80_3d_exec_texture(struct g80_3d_exec *s, enum g80_stage stage,
                         enum g80_stage sample_stage,
                         const struct g80_tex_request *req,
                         uint32_t out[32][4]);

struct g80_3d_draw;

/* Transform feedback (g80_3d_strmout.c): where each buffer is written
 * next and the STRMOUT unit's counters. */
#define G80_3D_NUM_STRMOUT G80_3D_STRMOUT_ADDRESS_HIGH__LEN
struct g80_3d_strmout {
   uint32_t offset[G80_3D_NUM_STRMOUT];  /* bytes from STRMOUT_ADDRESS */
   uint64_t latched_prims;      /* written since STRMOUT_PARAMS_LATCH */
   uint64_t generated, written; /* COUNTER GENERATED_PRIMITIVES, TRANSFORM_FEEDBACK */
   bool overflow;               /* a primitive did not fit since the latch */
};

struct g80_3d {
   struct nvsim_object *obj;
   /* the programmable stages (NULL: draws trap) and the primitive being
    * drawn between VERTEX_BEGIN_GL and VERTEX_END_GL (g80_3d_draw.c) */
   const struct g80_stage_runner *stages;
   struct g80_3d_draw *draw;
   /* samples that passed the depth and stencil tests while
    * SAMPLECNT_ENABLE, since COUNTER_RESET SAMPLECNT (QUERY_GET SAMPLECNT
    * reports it) */
   uint64_t samplecnt;
   struct g80_3d_strmout strmout;
   /* the statistics counters QUERY_GET COUNTER reports, by COUNTER_SELECT
    * (g80_3d_counter.c; TRANSFORM_FEEDBACK and GENERATED_PRIMITIVES are
    * the STRMOUT unit's, in strmout) */
   uint64_t counter[G80_3D_FIELD_VALUES(G80_3D_QUERY_GET_COUNTER_SELECT)];
   uint32_t regs[G80_3D_NUM_MTHD];            /* last value of every method */
   uint32_t known[G80_3D_NUM_MTHD / 32];      /* bit per method hwdb names */
   struct g80_3d_cb cb[G80_3D_NUM_CB];
   struct g80_3d_binding program_cb[G80_3D_NUM_STAGES][G80_3D_NUM_PROGRAM_CB];
   struct g80_3d_binding tic[G80_3D_NUM_STAGES][G80_3D_NUM_TEXTURES];
   struct g80_3d_binding tsc[G80_3D_NUM_STAGES][G80_3D_NUM_SAMPLERS];
   /* the current attribute values the VTX_ATTR_* methods set, as VP
    * input words (g80_3d_vertex.c) */
   uint32_t attr[G80_3D_VERTEX_ARRAY_ATTRIB__LEN][4];
   /* the shader interpreter's decoded programs by stage (g80_3d_stage.c,
    * created at a stage's first run; unused under NVSIM_REFERENCE) */
   struct g80_shader_cache *shader_cache[G80_3D_NUM_STAGES];
};

static inline uint32_t
g80_3d_reg(const struct g80_3d *ctx, uint32_t mthd)
{
   return ctx->regs[mthd / 4];
}

/* The value of a field of a stored method: reg & MASK >> SHIFT. */
#define G80_3D_FIELD(v, F) (((v) & F##__MASK) >> F##__SHIFT)

/* A render target or the zeta buffer as the methods describe it: where
 * its pixels are, their size and layout. */
struct g80_3d_surface {
   struct nvsim_object *dma;    /* DMA_COLOR(i) / DMA_ZETA */
   uint64_t address;            /* of layer 0 */
   uint32_t format;             /* G80_SURFACE_FORMAT / G80_ZETA_FORMAT */
   unsigned cpp;                /* bytes per pixel */
   uint32_t width, height;      /* pixels */
   uint32_t layers;             /* RT_ARRAY_MODE / ZETA_ARRAY_MODE LAYERS */
   uint64_t layer_stride;       /* bytes, 2D arrays */
   bool layers_3d;              /* RT_ARRAY_MODE MODE 3D: layers are z */
   struct nv50_layout layout;
};

/* Resolves render target rt (its slot, RT_ADDRESS(rt) ...) or the zeta
 * buffer; traps (a status other than NVSIM_OK) when its state cannot be
 * used. */
enum nvsim_status g80_3d_rt_surface(struct g80_3d *ctx, unsigned rt,
                                    struct g80_3d_surface *s);
enum nvsim_status g80_3d_zeta_surface(struct g80_3d *ctx,
                                      struct g80_3d_surface *s);
/* Host pointer to `len` bytes from pixel (x, y) of `layer`, NULL (with the
 * trap detail set) when no mapped buffer backs them. */
uint8_t *g80_3d_surface_ptr(struct g80_3d *ctx,
                            const struct g80_3d_surface *s, uint32_t x,
                            uint32_t y, uint32_t layer, uint32_t len);

enum nvsim_status g80_3d_fail(struct g80_3d *ctx, enum nvsim_status st,
                              const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* CLEAR_BUFFERS (g80_3d_clear.c) and QUERY_GET (g80_3d_query.c), with
 * the method's data; the registers hold the rest of their state. */
enum nvsim_status g80_3d_clear(struct g80_3d *ctx, uint32_t data);
enum nvsim_status g80_3d_query_get(struct g80_3d *ctx, uint32_t data);

/* g80_3d_counter.c: the statistics counters.  select is a QUERY_GET
 * COUNTER_SELECT value (G80_3D_QUERY_GET_COUNTER_SELECT_*); counted only
 * while its COUNTER_ENABLE bit is set. */
void g80_3d_counter_init(struct g80_3d *ctx);
void g80_3d_count(struct g80_3d *ctx, uint32_t select, uint64_t n);
void g80_3d_count_prims(struct g80_3d *ctx, uint32_t select, uint32_t prim,
                        unsigned n, const unsigned *starts, unsigned strips);
bool g80_3d_counter_reset(struct g80_3d *ctx, uint32_t data);
bool g80_3d_counter_value(const struct g80_3d *ctx, uint32_t select,
                          uint64_t *value);

/* The DMA object the handle in method dma_mthd names; traps (a status
 * other than NVSIM_OK) when there is none. */
enum nvsim_status g80_3d_resolve_dma(struct g80_3d *ctx, uint32_t dma_mthd,
                                     const char *what,
                                     struct nvsim_object **dma);

/* Constant buffers (g80_3d_cb.c): CB_DEF_SET, CB_DATA, SET_PROGRAM_CB. */
enum nvsim_status g80_3d_cb_def(struct g80_3d *ctx, uint32_t data);
enum nvsim_status g80_3d_cb_data(struct g80_3d *ctx, uint32_t data);
enum nvsim_status g80_3d_set_program_cb(struct g80_3d *ctx, uint32_t data);
/*
 * For the shader interpreter: the constant buffer the programs of `stage`
 * see as c[index] (SET_PROGRAM_CB), as a host pointer to its bytes and
 * their count.  false (with the trap detail set) when the slot is not
 * valid, its buffer was never defined, or no mapped buffer backs the whole
 * range: a read of it is the program's fault.  The pointer is valid until
 * the next method of the channel.
 */
bool g80_3d_program_cb(struct g80_3d *ctx, enum g80_stage stage,
                       unsigned index, const uint8_t **data, uint32_t *size);

/* Local memory (g80_3d_local.c): the warp's l[] as LOCAL_ADDRESS,
 * LOCAL_SIZE_LOG and DMA_LOCAL place it: a host pointer to 32 threads'
 * spaces of *bytes each (g80_shader_program local, local_bytes), or NULL
 * and 0 when LOCAL_SIZE_LOG disables l[]; traps when the state is invalid
 * or no mapped buffer backs the whole range. */
enum nvsim_status g80_3d_local_space(struct g80_3d *ctx, uint8_t **mem,
                                     unsigned *bytes);

/* Texture descriptors (g80_3d_texture.c): TIC/TSC tables and bindings. */
enum nvsim_status g80_3d_bind_tic(struct g80_3d *ctx, unsigned stage,
                                  uint32_t data);
enum nvsim_status g80_3d_bind_tsc(struct g80_3d *ctx, unsigned stage,
                                  uint32_t data);
/* For the texture unit: the TIC / TSC entry texture (sampler) slot `slot`
 * of program type `stage` is bound to, read from its table and decoded.
 * false (with the trap detail set) when the slot is not bound, the entry
 * is past its table's limit or not in mapped memory, or holds values hwdb
 * does not name. */
bool g80_3d_texture(struct g80_3d *ctx, enum g80_stage stage, unsigned slot,
                    struct g80_tic *tic);
bool g80_3d_sampler(struct g80_3d *ctx, enum g80_stage stage, unsigned slot,
                    struct g80_tsc *tsc);

/* ---- draws (g80_3d_vertex.c, g80_3d_draw.c, g80_3d_rop.c) ---- */

/* Vertex attributes and vertex arrays: VERTEX_ARRAY_ATTRIB(i) feeds VP
 * input attribute i (VP_ATTR_EN field i) from array BUFFER. */
#define G80_3D_NUM_ATTRIBS G80_3D_VERTEX_ARRAY_ATTRIB__LEN
#define G80_3D_NUM_ARRAYS G80_3D_VERTEX_ARRAY_FETCH__LEN
/* VP input words: 4 per attribute, vertex id, instance id. */
#define G80_3D_VP_IN_WORDS (G80_3D_NUM_ATTRIBS * 4 + 2)
/* Result map slots: VP_RESULT_MAP's bytes. */
#define G80_3D_MAP_SLOTS (G80_3D_VP_RESULT_MAP__LEN * 4)
/* Result map bytes: below G80_VP_RESULT_MAP_CONST_ZERO (VP) or
 * G80_GP_RESULT_MAP_CONST_ZERO (GP) a result word, at or above it a
 * constant, ZERO reading 0.0 and ONE 1.0 (hwdb g80_defs.xml, with the
 * evidence: rnndb only types the bytes "int"). */
#define G80_3D_VP_OUT_WORDS G80_VP_RESULT_MAP_CONST_ZERO

/* One vertex after the VP: the result map slots (slots 0..3 are the clip
 * position, upstream's map starts with HPOS). */
struct g80_3d_vertex {
   float slot[G80_3D_MAP_SLOTS];
};

/* Fetches vertex `index` of instance `instance` (after VB_ELEMENT_BASE /
 * VB_INSTANCE_BASE are applied by the caller for indexed draws) into VP
 * input words in[G80_3D_VP_IN_WORDS]; *words gets the count.  Traps (a
 * status other than NVSIM_OK) on a fetch outside an array's limit or
 * mapped memory, or a format nvsim does not model. */
enum nvsim_status g80_3d_fetch_vertex(struct g80_3d *ctx, uint32_t index,
                                      uint32_t instance, uint32_t vertex_id,
                                      uint32_t *in, unsigned *words);
/* An inline vertex (VERTEX_DATA): the bytes each attribute reads from the
 * words sent, and the vertex size in words. */
unsigned g80_3d_inline_vertex_words(struct g80_3d *ctx);
enum nvsim_status g80_3d_inline_vertex(struct g80_3d *ctx,
                                       const uint32_t *data,
                                       uint32_t vertex_id, uint32_t instance,
                                       uint32_t *in, unsigned *words);

/* The draw methods (g80_3d_draw.c): VERTEX_BEGIN_GL, VERTEX_END_GL,
 * VERTEX_BUFFER_COUNT (draws FIRST..FIRST+COUNT-1), VB_ELEMENT_U8/U16/U32,
 * VERTEX_DATA. */
enum nvsim_status g80_3d_draw_method(struct g80_3d *ctx, uint32_t mthd,
                                     uint32_t data);
void g80_3d_draw_free(struct g80_3d *ctx);
/* Current attribute values (g80_3d_vertex.c): GL's initial values; a
 * VTX_ATTR_* method's update, returning the attribute it completed (-1
 * when none: a form's first words); the VP input words of an immediate
 * vertex (every enabled attribute's current value). */
void g80_3d_attr_init(struct g80_3d *ctx);
int g80_3d_attr_method(struct g80_3d *ctx, uint32_t mthd, uint32_t data);
enum nvsim_status g80_3d_attr_vertex(struct g80_3d *ctx, uint32_t vertex_id,
                                     uint32_t instance, uint32_t *in,
                                     unsigned *words);
/* Attribute 0 completed: inside a primitive, an immediate vertex of the
 * current values; outside one, nothing (NV_vertex_program 2.14.1.1). */
enum nvsim_status g80_3d_draw_immediate(struct g80_3d *ctx);
/* VERTEX_ID_BASE written (g80_3d_draw.c) */
void g80_3d_draw_id_base(struct g80_3d *ctx);

/* SEMANTIC_COLOR CLMP_EN: the vertex's colour slots clamped to [0, 1]
 * (after the last stage's result map). */
void g80_3d_vertex_clamp_colors(const struct g80_3d *ctx,
                                struct g80_3d_vertex *v);

/* Input primitives (g80_3d_gp.c, GL 3.2 2.6.1 and 2.12.1): whether prim
 * (VERTEX_BEGIN_GL PRIMITIVE) has adjacency; the vertices of one input
 * primitive (0 for quads, quad strips and polygons); how many primitives
 * n vertices make; primitive k's vertices as a geometry program reads
 * them (adjacency ones interleaved: vertex, adjacent, vertex, ...),
 * returning its provoking vertex (PROVOKING_VERTEX_LAST: `last`). */
bool g80_3d_prim_adjacency(uint32_t prim);
unsigned g80_3d_prim_size(uint32_t prim);
unsigned g80_3d_prim_count(uint32_t prim, unsigned n);
unsigned g80_3d_prim_vertices(uint32_t prim, unsigned n, unsigned k,
                              bool last, unsigned idx[6]);

/* The result map slots the rasteriser and the FP see: GP_RESULT_MAP_SIZE
 * with GP_ENABLE, else VP_RESULT_MAP_SIZE. */
unsigned g80_3d_result_slots(const struct g80_3d *ctx);

/* Layered rendering and viewport indices (g80_3d_layer.c): the layer
 * (LAYER IDX, or with USE_GP the SEMANTIC_LAYER slot) and viewport (0, or
 * with GP_VIEWPORT_ID_ENABLE the SEMANTIC_VIEWPORT slot) of a primitive
 * whose provoking vertex has result map slots `prov` (read only when the
 * GP selects them: g80_3d_prim_target_varies); traps on what is not
 * modelled.  g80_3d_surface_layer: the layer of surface s (`what`, for
 * the trap) the primitive draws into (GL 3.2 4.4.7: a GP's layer has no
 * effect on a target that is not layered); traps past s's layers. */
struct g80_3d_target {
   uint32_t layer;
   bool gp_layer;               /* from the GP (LAYER USE_GP) */
   unsigned viewport;
};
enum nvsim_status g80_3d_prim_target(struct g80_3d *ctx, const float *prov,
                                     struct g80_3d_target *t);
bool g80_3d_prim_target_varies(const struct g80_3d *ctx);
enum nvsim_status g80_3d_surface_layer(struct g80_3d *ctx,
                                       const struct g80_3d_surface *s,
                                       const struct g80_3d_target *t,
                                       const char *what, uint32_t *out);

/* The GP (g80_3d_gp.c): at VERTEX_BEGIN_GL with GP_ENABLE, traps on what
 * is not modelled; then runs the GP on each input primitive of the VP's
 * vertices `v` and draws what it emits (g80_3d_draw_strips).  *prim_id
 * counts the primitives since VERTEX_BEGIN_GL. */
enum nvsim_status g80_3d_gp_begin(struct g80_3d *ctx, uint32_t prim);
enum nvsim_status g80_3d_gp_run(struct g80_3d *ctx, uint32_t prim,
                                const struct g80_3d_vertex *v, unsigned n,
                                uint32_t *prim_id);

/* Rasterises vertices `v` (count n) as GL primitive `prim`
 * (VERTEX_BEGIN_GL PRIMITIVE) through clipping, the viewport, the
 * rasteriser, the FP and the ROP (g80_3d_draw.c, g80_3d_rop.c). */
enum nvsim_status g80_3d_draw_run(struct g80_3d *ctx, uint32_t prim,
                                  const struct g80_3d_vertex *v, unsigned n);
/* The same for `strips` runs of one primitive, run i from starts[i] to
 * the next one's start (or n): strips cut by a GP's restart. */
enum nvsim_status g80_3d_draw_strips(struct g80_3d *ctx, uint32_t prim,
                                     const struct g80_3d_vertex *v,
                                     unsigned n, const unsigned *starts,
                                     unsigned strips);

/*
 * Transform feedback (g80_3d_strmout.c).  g80_3d_strmout_draw takes the
 * vertices v[0..n) of GL primitive `prim` (VERTEX_BEGIN_GL's numbering, or
 * the GP's output POINTS / LINE_STRIP / TRIANGLE_STRIP as GL primitives) as
 * result map slots of the last stage (VP_RESULT_MAP's, GP_RESULT_MAP's with
 * GP_ENABLE), counts their primitives and, with STRMOUT_ENABLE, writes each
 * that fits as an independent primitive.  Traps (a status other than
 * NVSIM_OK) on state it cannot follow or a write outside mapped memory.
 * g80_3d_strmout_method: STRMOUT_PARAMS_LATCH, STRMOUT_OFFSET(i) and
 * COUNTER_RESET act here.
 */
enum nvsim_status g80_3d_strmout_draw(struct g80_3d *ctx, uint32_t prim,
                                      const struct g80_3d_vertex *v,
                                      unsigned n);
void g80_3d_strmout_method(struct g80_3d *ctx, uint32_t mthd, uint32_t data);

/* DRAW_TFB_BYTES (g80_3d_draw_tfb.c): the vertices a draw of `bytes`
 * transform feedback wrote takes, from DRAW_TFB_BASE / DRAW_TFB_STRIDE;
 * traps on state it cannot follow. */
enum nvsim_status g80_3d_draw_tfb_count(struct g80_3d *ctx, uint32_t bytes,
                                        uint32_t *count);

#endif
