/*
 * The curie (NV40_3D 0x4097 and its NV44 sibling 0x4497) 3D class model:
 * state, vertex fetch and primitive assembly, the post-vertex-program
 * pipeline (clipping, viewport, culling), clears and the hook-up to the
 * shader interpreters and the rasterizer.
 */
#ifndef NV40_3D_H
#define NV40_3D_H

#include <stdbool.h>
#include <stdint.h>

#include "nvsim_object.h"
#include "nvsim_raster.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nv40_3d_shader.h"
#include "nv40_3d_texture.h"

/* Method space of a class: byte addresses 0 .. 0x1ffc (11-bit method
 * field of the pre-NV50 pushbuffer header, dma-pusher.rst). */
#define NV40_3D_NUM_MTHD (0x2000 / 4)

/* A vertex after the vertex program. */
struct nv40_3d_vertex {
   float out[NV40_3D_VP_OUTPUTS][4];
   /* The edge from this vertex to the next one around the polygon is a
    * boundary edge (GL 2.1 section 2.6.2): polygon modes LINE and POINT
    * draw only those (nv40_3d_vertex.c). */
   bool edge;
   /* the vertex program wrote PSZ (rankine's point size: nv40_3d_draw.c) */
   bool psz_written;
};

/* A mapped window of a DMA object (vertex fetch), so that consecutive
 * vertices need no lookup. */
struct nv40_3d_window {
   struct nvsim_object *dma;
   uint64_t start, len;
   const uint8_t *ptr;
};

/* Post-transform cache for indexed draws (direct-mapped on the index). */
#define NV40_3D_VCACHE_SIZE 64

/*
 * The post-fetch vertex cache (nv40_3d_vertex.c has what is documented
 * and what is assumed): direct-mapped lines of vertex buffer memory,
 * tagged by aperture and address, filled whole on a miss and kept until
 * VTX_CACHE_INVALIDATE.
 */
#define NV40_3D_VTX_CACHE_LINE 32
#define NV40_3D_VTX_CACHE_LINES 256

struct nv40_3d_vtx_cache {
   uint64_t tag[NV40_3D_VTX_CACHE_LINES];   /* 1 + line * 2 + GART; 0: empty */
   uint8_t data[NV40_3D_VTX_CACHE_LINES][NV40_3D_VTX_CACHE_LINE];
};

struct nv40_3d {
   struct nvsim_object *obj;
   uint32_t regs[NV40_3D_NUM_MTHD];   /* last value of every method */
   uint32_t illegal[NV40_3D_NUM_MTHD / 32];  /* bit per method: traps */
   /* bit per method: data checked against hwdb's enums when the method
    * executes (nv40_3d_class.c) */
   uint32_t enum_checked[NV40_3D_NUM_MTHD / 32];
   /* a rankine class (NV30_3D, NV35_3D, NV34_3D): its differences from
    * curie live in sim/nv30 (nv30_3d.h) */
   bool rankine;
   unsigned vp_slots, vp_consts;      /* this generation's VP memory */

   /* vertex program memory */
   uint32_t vp_insn[NV40_3D_VP_SLOTS][4];
   float vp_const[NV40_3D_VP_CONSTS][4];
   uint32_t vp_upload_slot;
   uint32_t vp_upload_word[4];
   uint32_t vp_const_slot;
   float vp_const_word[4];
   struct nv40_3d_vp_prog *vp;        /* decoded, NULL before the first */
   bool vp_stale;                     /* slots or start changed since */

   /* fragment program, decoded from memory at the first draw after
    * FP_ACTIVE_PROGRAM */
   struct nv40_3d_fp_prog *fp;
   bool fp_dirty;

   /* current (constant) value of each vertex attribute */
   float attr[NV40_3D_VP_INPUTS][4];

   /* VERTEX_DATA: words of the vertex being received */
   uint32_t vdata[NV40_3D_VP_INPUTS * 4];
   unsigned vdata_count;

   /* primitive assembly between VERTEX_BEGIN_END begin and STOP */
   uint32_t prim;                     /* 0: outside begin/end */
   unsigned prim_count;               /* vertices received */
   struct nv40_3d_vertex pv[4];       /* vertices kept for assembly */
   struct nv40_3d_vertex first;       /* loops, fans, polygons */
   /* POLYGON: the last triangle (first, pv[2], pv[1]) is drawn when the
    * next vertex or the end says whether its edge back to the first
    * vertex is the polygon's closing edge; poly_edges holds its other
    * edges (nv40_3d_draw_triangle's bits) */
   bool poly_pending;
   unsigned poly_edges;
   bool draw_ready;                   /* state validated for this begin */
   bool cond_discard;                 /* RENDER_CONDITION failed at begin */

   struct nv40_3d_vertex vcache[NV40_3D_VCACHE_SIZE];
   uint32_t vcache_tag[NV40_3D_VCACHE_SIZE];
   bool vcache_valid[NV40_3D_VCACHE_SIZE];
   struct nv40_3d_window vb_window[NV40_3D_VP_INPUTS];
   struct nv40_3d_vtx_cache vtx_cache;
   struct nvsim_object *vtx_dma[2];   /* DMA_VTXBUF0/1, per primitive */

   /* derived state, valid while draw_ready */
   struct nvsim_raster_state rs;
   bool fp_inputs_need_face;
   uint32_t fp_in_from_vp[NV40_3D_FP_INPUTS]; /* VP output per FP input */

   /* texture units, decoded per draw */
   struct nv40_3d_tex_unit tex[NV40_3D_TEX_UNITS];
   struct nv40_3d_tex_cache tex_cache;   /* nv40_3d_texture.c */

   /* error of the current method (set by helpers deep in a draw) */
   enum nvsim_status error;
};

static inline struct nv40_3d *
nv40_3d(struct nvsim_object *obj)
{
   return (struct nv40_3d *)obj->priv;
}

static inline float
nv40_3d_regf(const struct nv40_3d *ctx, uint32_t mthd)
{
   union { uint32_t u; float f; } v = { ctx->regs[mthd / 4] };
   return v.f;
}

static inline uint32_t
nv40_3d_reg(const struct nv40_3d *ctx, uint32_t mthd)
{
   return ctx->regs[mthd / 4];
}

/* Extracts a bitfield by its hwdb mask/shift names. */
#define NV40_3D_FIELD(v, name) (((v) & name##__MASK) >> name##__SHIFT)

/* Records a trap with detail; returns the status for convenience. */
enum nvsim_status nv40_3d_fail(struct nv40_3d *ctx, enum nvsim_status st,
                               const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* nv40_3d_surface.c: render targets into ctx->rs, clears */
enum nvsim_status nv40_3d_validate_surfaces(struct nv40_3d *ctx);
enum nvsim_status nv40_3d_clear(struct nv40_3d *ctx, uint32_t buffers);

/* nv40_3d_state.c: the rest of ctx->rs from the methods */
enum nvsim_status nv40_3d_validate(struct nv40_3d *ctx);

/* nv40_3d_vertex.c: vertex fetch and primitive assembly */
enum nvsim_status nv40_3d_begin_end(struct nv40_3d *ctx, uint32_t prim);
enum nvsim_status nv40_3d_render_condition(struct nv40_3d *ctx, bool *draw);
enum nvsim_status nv40_3d_vertex_batch(struct nv40_3d *ctx, uint32_t data);
enum nvsim_status nv40_3d_index_batch(struct nv40_3d *ctx, uint32_t data);
enum nvsim_status nv40_3d_element(struct nv40_3d *ctx, uint32_t index);
enum nvsim_status nv40_3d_vertex_data(struct nv40_3d *ctx, uint32_t data);
/* Writes constant attribute values (VTX_ATTR_* methods); *completed is
 * the attribute whose last component the method wrote, else -1. */
bool nv40_3d_attr_method(struct nv40_3d *ctx, uint32_t mthd, uint32_t data,
                         enum nvsim_status *st, int *completed);
/* Emits an immediate-mode vertex from the current attribute values. */
enum nvsim_status nv40_3d_attr_vertex(struct nv40_3d *ctx);
/* VTX_CACHE_INVALIDATE (and upstream's 0x1710). */
void nv40_3d_vtx_cache_invalidate(struct nv40_3d *ctx);

/* nv40_3d_draw.c: draw setup, the vertex program, primitives after it */
enum nvsim_status nv40_3d_prepare_draw(struct nv40_3d *ctx);
enum nvsim_status nv40_3d_run_vp(struct nv40_3d *ctx, const float (*in)[4],
                                 struct nv40_3d_vertex *out);
void nv40_3d_draw_point(struct nv40_3d *ctx, const struct nv40_3d_vertex *v);
void nv40_3d_draw_line(struct nv40_3d *ctx, const struct nv40_3d_vertex *v0,
                       const struct nv40_3d_vertex *v1,
                       const struct nv40_3d_vertex *flat);
void nv40_3d_draw_triangle(struct nv40_3d *ctx,
                           const struct nv40_3d_vertex *v0,
                           const struct nv40_3d_vertex *v1,
                           const struct nv40_3d_vertex *v2,
                           const struct nv40_3d_vertex *flat,
                           unsigned edges);
/* nv40_3d_draw_triangle's edges: bit i, edge from vertex i to vertex
 * (i + 1) % 3 is a boundary edge of the primitive */
#define NV40_3D_EDGES_ALL 0x7u

/* The curie 3D model: NV40_3D and NV44_3D, and rankine's NV30/NV35/NV34_3D
 * (nv30_3d.h); obj->oclass tells which (nv40_gen.c, nv30_gen.c). */
extern const struct nvsim_class nvsim_nv40_3d_class;

#endif
