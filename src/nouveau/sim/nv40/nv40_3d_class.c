/*
 * The curie 3D class: object creation and the method decoder.  Every method
 * is stored in ctx->regs; the ones with an immediate effect (uploads,
 * draws, clears, fences, queries) act here.  Draw state is derived from
 * the stored values when a primitive begins (nv40_3d_validate).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv40_3d.h"
#include "nv30_3d.h"
#include "nvsim_priv.h"
#include "nvhwdb_names.h"

enum nvsim_status
nv40_3d_fail(struct nv40_3d *ctx, enum nvsim_status st, const char *fmt, ...)
{
   char buf[200];
   va_list ap;

   va_start(ap, fmt);
   vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   if (ctx->error == NVSIM_OK) {
      ctx->error = st;
      nvsim_trap_detail(ctx->obj, "%s", buf);
   }
   return st;
}

/* The 3D classes that share the method space of hwdb nv30-40_3d.xml
 * (0-terminated: nvsim_class.family, for trap lines). */
static const uint32_t nv30_40_3d_classes[] = {
   NV30_3D_CLASS, NV35_3D_CLASS, NV34_3D_CLASS, NV40_3D_CLASS, NV44_3D_CLASS,
   0,
};

/* A method hwdb gives another class of the family but not this one traps
 * as illegal: on curie the rankine-only methods (fixed-function transform
 * and lighting, register combiners, ...), on rankine the curie-only ones
 * (MRT, VP_ATTRIB_EN, ...) and on NV30_3D/NV34_3D the NV35 depth bounds.
 * Methods hwdb knows for none are stored and ignored.  What curie reuses
 * of rankine's space (0x036c MRT_BLEND_ENABLE, the VTXTEX units at 0x0900)
 * hwdb names per class. */
static bool
other_class_only(uint32_t oclass, uint32_t mthd)
{
   if (nvhwdb_method_lookup(oclass, mthd, NULL))
      return false;
   for (const uint32_t *c = nv30_40_3d_classes; *c; c++)
      if (nvhwdb_method_lookup(*c, mthd, NULL))
         return true;
   return false;
}

/*
 * The state methods whose data PGRAPH checks when the method executes,
 * against the values hwdb names (nv_3ddefs.xml gl_comparison_op,
 * gl_stencil_op, gl_blend_factor, gl_blend_equation, gl_logic_op): a
 * value hwdb does not name traps at the method (INVALID_VALUE), which is
 * dropped, so the register keeps its last valid value and later draws use
 * it.  What the hardware checks is known only in outline: rnndb
 * graph/nv4_pgraph.xml DEBUG_3 DATA_CHECK_ENABLE "enables raising
 * DATA_ERROR on usual invalid params" (the kernel's nv04-nv40 PGRAPH
 * init sets it), DATA_ERROR reports the class, method and data of the
 * method that carried the value (nv40_gr_intr; envytools-docs
 * hw/graph/intro.rst throws INVALID_VALUE from the NOTIFY method itself),
 * and rnndb g80_defs.xml G80_PGRAPH_DATA_ERROR INVALID_ENUM is "invalid
 * value for an enum bitfield/register", raised "immediately on the
 * method" unless the check needs other state.  Which curie methods
 * check their enum is not documented; these are the ones whose every
 * valid value the GL names (the drivers write GL's enums: upstream's
 * nouveau_gldefs.h nvgl_* helpers, whose defaults are valid values too),
 * so a value outside the set cannot be a mode we do not know of.  Other
 * state depends on further methods and is still judged at the draw:
 * VTXFMT's TYPE matters only with a SIZE (upstream writes disabled
 * attributes with SIZE 0), render target and texture formats with their
 * sizes, pitches and buffers.
 */
static const uint32_t enum_checked_mthds[] = {
   NV30_3D_ALPHA_FUNC_FUNC,
   NV30_3D_BLEND_FUNC_SRC,
   NV30_3D_BLEND_FUNC_DST,
   NV40_3D_BLEND_EQUATION,   /* 0x0320 on rankine too: hwdb per class */
   NV30_3D_STENCIL_FUNC_FUNC(0),
   NV30_3D_STENCIL_FUNC_FUNC(1),
   NV30_3D_STENCIL_OP_FAIL(0),
   NV30_3D_STENCIL_OP_ZFAIL(0),
   NV30_3D_STENCIL_OP_ZPASS(0),
   NV30_3D_STENCIL_OP_FAIL(1),
   NV30_3D_STENCIL_OP_ZFAIL(1),
   NV30_3D_STENCIL_OP_ZPASS(1),
   NV30_3D_COLOR_LOGIC_OP_OP,
   NV30_3D_DEPTH_FUNC,
   NV30_3D_SHADE_MODEL,
   NV30_3D_POLYGON_MODE_FRONT,
   NV30_3D_POLYGON_MODE_BACK,
   NV30_3D_CULL_FACE,
   NV30_3D_FRONT_FACE,
};

static bool
hwdb_names_value(const struct nvhwdb_value *values, unsigned n, uint32_t v)
{
   for (unsigned i = 0; i < n; i++)
      if (values[i].value == v)
         return true;
   return false;
}

/* Checks data against the enums hwdb gives method mthd of this class (the
 * whole word, or each enum field of a bitset), before it is stored. */
static enum nvsim_status
check_enum_value(struct nv40_3d *ctx, uint32_t mthd, uint32_t data)
{
   const struct nvhwdb_method *m =
      nvhwdb_method_lookup(ctx->obj->oclass, mthd, NULL);
   if (!m)
      return NVSIM_OK;
   if (m->type == NVHWDB_ENUM) {
      if (!hwdb_names_value(m->values, m->num_values, data))
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "%s: 0x%x is not a valid value", m->name, data);
      return NVSIM_OK;
   }
   for (unsigned i = 0; i < m->num_fields; i++) {
      const struct nvhwdb_field *f = &m->fields[i];
      if (f->type != NVHWDB_ENUM)
         continue;
      unsigned width = f->hi - f->lo + 1;
      uint32_t v = (data >> f->lo) & (width >= 32 ? ~0u : (1u << width) - 1);
      if (!hwdb_names_value(f->values, f->num_values, v))
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "%s %s: 0x%x is not a valid value", m->name,
                             f->name, v);
   }
   return NVSIM_OK;
}

/*
 * Initial values of the methods whose 0 is not a valid value.  The
 * hardware's context defaults are not documented (the kernel's context
 * program sets them); GL's initial state is used, so that a method never
 * written behaves like the GL default.  Upstream's driver writes them all.
 */
static void
set_defaults(struct nv40_3d *ctx)
{
   static const struct {
      uint32_t mthd, data;
   } defaults[] = {
      { NV30_3D_ALPHA_FUNC_FUNC, NV30_3D_ALPHA_FUNC_FUNC_ALWAYS },
      { NV30_3D_DEPTH_FUNC, NV30_3D_DEPTH_FUNC_LESS },
      { NV30_3D_STENCIL_FUNC_FUNC(0), NV30_3D_STENCIL_FUNC_FUNC_ALWAYS },
      { NV30_3D_STENCIL_FUNC_FUNC(1), NV30_3D_STENCIL_FUNC_FUNC_ALWAYS },
      { NV30_3D_STENCIL_MASK(0), 0xff },
      { NV30_3D_STENCIL_MASK(1), 0xff },
      { NV30_3D_STENCIL_FUNC_MASK(0), 0xff },
      { NV30_3D_STENCIL_FUNC_MASK(1), 0xff },
      { NV30_3D_STENCIL_OP_FAIL(0), NV30_3D_STENCIL_OP_FAIL_KEEP },
      { NV30_3D_STENCIL_OP_ZFAIL(0), NV30_3D_STENCIL_OP_ZFAIL_KEEP },
      { NV30_3D_STENCIL_OP_ZPASS(0), NV30_3D_STENCIL_OP_ZPASS_KEEP },
      { NV30_3D_STENCIL_OP_FAIL(1), NV30_3D_STENCIL_OP_FAIL_KEEP },
      { NV30_3D_STENCIL_OP_ZFAIL(1), NV30_3D_STENCIL_OP_ZFAIL_KEEP },
      { NV30_3D_STENCIL_OP_ZPASS(1), NV30_3D_STENCIL_OP_ZPASS_KEEP },
      { NV30_3D_BLEND_FUNC_SRC, NV30_3D_BLEND_FUNC_SRC_RGB_ONE |
                                NV30_3D_BLEND_FUNC_SRC_ALPHA_ONE },
      { NV30_3D_BLEND_FUNC_DST, NV30_3D_BLEND_FUNC_DST_RGB_ZERO |
                                NV30_3D_BLEND_FUNC_DST_ALPHA_ZERO },
      { NV40_3D_BLEND_EQUATION, NV40_3D_BLEND_EQUATION_RGB_FUNC_ADD |
                                NV40_3D_BLEND_EQUATION_ALPHA_FUNC_ADD },
      { NV30_3D_COLOR_LOGIC_OP_OP, NV30_3D_COLOR_LOGIC_OP_OP_COPY },
      { NV30_3D_COLOR_MASK, NV30_3D_COLOR_MASK_B__MASK |
                            NV30_3D_COLOR_MASK_G__MASK |
                            NV30_3D_COLOR_MASK_R__MASK |
                            NV30_3D_COLOR_MASK_A__MASK },
      { NV30_3D_SHADE_MODEL, NV30_3D_SHADE_MODEL_SMOOTH },
      { NV30_3D_POLYGON_MODE_FRONT, NV30_3D_POLYGON_MODE_FRONT_FILL },
      { NV30_3D_POLYGON_MODE_BACK, NV30_3D_POLYGON_MODE_BACK_FILL },
      /* GL's initial edge flag is TRUE; upstream's driver never writes
       * EDGEFLAG and draws polygons in LINE mode with their outlines */
      { NV30_3D_EDGEFLAG, NV30_3D_EDGEFLAG_ENABLE },
      { NV30_3D_CULL_FACE, NV30_3D_CULL_FACE_BACK },
      { NV30_3D_FRONT_FACE, NV30_3D_FRONT_FACE_CCW },
      /* width 1.0 in 1/8 units (nv30_state.c) */
      { NV30_3D_LINE_WIDTH, 8 },
      /* scissor "off" as upstream writes it: x 0, width 4096 */
      { NV30_3D_SCISSOR_HORIZ, NV30_3D_SCISSOR_HORIZ_W(4096) },
      { NV30_3D_SCISSOR_VERT, NV30_3D_SCISSOR_VERT_H(4096) },
      { NV30_3D_VIEWPORT_CLIP_HORIZ(0), NV30_3D_VIEWPORT_CLIP_HORIZ_R__MASK },
      { NV30_3D_VIEWPORT_CLIP_VERT(0), NV30_3D_VIEWPORT_CLIP_VERT_D__MASK },
   };
   for (unsigned i = 0; i < sizeof(defaults) / sizeof(defaults[0]); i++)
      ctx->regs[defaults[i].mthd / 4] = defaults[i].data;
   /* rankine's one equation for colour and alpha */
   if (ctx->rankine)
      ctx->regs[NV30_3D_BLEND_EQUATION / 4] = NV30_3D_BLEND_EQUATION_FUNC_ADD;
   union { float f; uint32_t u; } one = { 1.0f };
   ctx->regs[NV30_3D_POINT_SIZE / 4] = one.u;
   ctx->regs[NV30_3D_DEPTH_RANGE_FAR / 4] = one.u;
}

static void *
nv40_3d_create(struct nvsim_object *obj)
{
   struct nv40_3d *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      return NULL;
   ctx->obj = obj;
   /* GL's initial current attribute values: (0,0,0,1) */
   for (unsigned i = 0; i < NV40_3D_VP_INPUTS; i++)
      ctx->attr[i][3] = 1.0f;
   ctx->fp_dirty = true;
   ctx->rankine = nv30_3d_class_is_rankine(obj->oclass);
   set_defaults(ctx);
   ctx->vp_slots = ctx->rankine ? NV30_3D_VP_SLOTS : NV40_3D_VP_SLOTS;
   ctx->vp_consts = ctx->rankine ? NV30_3D_VP_CONSTS : NV40_3D_VP_CONSTS;
   /* the methods that trap, looked up once (the decoder runs per word) */
   for (uint32_t m = 0; m < NV40_3D_NUM_MTHD; m++)
      if (other_class_only(obj->oclass, m * 4))
         ctx->illegal[m / 32] |= 1u << (m % 32);
   for (unsigned i = 0; i < sizeof(enum_checked_mthds) / sizeof(enum_checked_mthds[0]); i++) {
      uint32_t m = enum_checked_mthds[i] / 4;
      ctx->enum_checked[m / 32] |= 1u << (m % 32);
   }
   return ctx;
}

static void
nv40_3d_destroy(void *priv)
{
   struct nv40_3d *ctx = priv;
   if (!ctx)
      return;
   nv40_3d_vp_free(ctx->vp);
   nv40_3d_fp_free(ctx->fp);
   free(ctx);
}

/* The core calls this before each job (nvsim_class.drop_mappings): the
 * host pointers derived from GPU addresses go, and are resolved again at
 * the next vertex (ensure_ready -> nv40_3d_prepare_draw: render targets,
 * textures; the vertex windows).  A primitive that spans two submissions
 * then finds a buffer freed in between gone, and traps. */
static void
nv40_3d_drop_mappings(void *priv)
{
   struct nv40_3d *ctx = priv;
   ctx->draw_ready = false;
   memset(ctx->vb_window, 0, sizeof(ctx->vb_window));
}

/* Is an object handle usable as a DMA object for method data? 0 and NULL
 * objects unbind. */
static enum nvsim_status
check_dma_handle(struct nv40_3d *ctx, uint32_t handle)
{
   if (!handle)
      return NVSIM_OK;
   struct nvsim_object *o = nvsim_lookup(ctx->obj->chan, handle);
   if (!o)
      return nv40_3d_fail(ctx, NVSIM_INVALID_OBJECT,
                          "no object with handle 0x%08x", handle);
   return NVSIM_OK;
}

/* Writes `value` (32 bits) at `offset` of the DMA object bound to
 * dma_mthd. */
static enum nvsim_status
write_dma32(struct nv40_3d *ctx, uint32_t dma_mthd, uint64_t offset,
            const uint32_t *words, unsigned n)
{
   struct nvsim_object *dma =
      nvsim_lookup(ctx->obj->chan, nv40_3d_reg(ctx, dma_mthd));
   if (!dma || !dma->is_dma)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                          "no DMA object bound for the report");
   void *p = nvsim_dma_ptr(dma, offset, 4ull * n);
   if (!p)
      return nv40_3d_fail(ctx, NVSIM_DMA_ERROR,
                          "report at 0x%llx is outside its DMA object",
                          (unsigned long long)offset);
   memcpy(p, words, 4u * n);
   return NVSIM_OK;
}

/* Whether RENDER_CONDITION lets the next primitive or clear through: mode
 * ALWAYS (and 0, the state before a driver sets it, which our driver
 * never does) draws; QUERY_PASSED draws when the report at OFFSET of
 * DMA_QUERY counted a sample (its VALUE word; hwdb RENDER_CONDITION). */
enum nvsim_status
nv40_3d_render_condition(struct nv40_3d *ctx, bool *draw)
{
   uint32_t rc = nv40_3d_reg(ctx, NV30_3D_RENDER_CONDITION);
   uint32_t mode = rc & NV30_3D_RENDER_CONDITION_MODE__MASK;

   *draw = true;
   if (mode == 0 || mode == NV30_3D_RENDER_CONDITION_MODE_ALWAYS)
      return NVSIM_OK;
   if (mode != NV30_3D_RENDER_CONDITION_MODE_QUERY_PASSED)
      return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                          "RENDER_CONDITION mode %u is not modelled",
                          NV40_3D_FIELD(rc, NV30_3D_RENDER_CONDITION_MODE));
   struct nvsim_object *dma =
      nvsim_lookup(ctx->obj->chan, nv40_3d_reg(ctx, NV30_3D_DMA_QUERY));
   if (!dma || !dma->is_dma)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                          "RENDER_CONDITION: no DMA object bound for the "
                          "report");
   uint64_t offset = NV40_3D_FIELD(rc, NV30_3D_RENDER_CONDITION_OFFSET) +
                     NV30_QUERY_REPORT_VALUE;
   const uint8_t *p = nvsim_dma_ptr(dma, offset, 4);
   if (!p)
      return nv40_3d_fail(ctx, NVSIM_DMA_ERROR,
                          "RENDER_CONDITION: report at 0x%llx is outside "
                          "its DMA object or buffer", (unsigned long long)offset);
   uint32_t value;
   memcpy(&value, p, 4);
   *draw = value != 0;
   return NVSIM_OK;
}

static void
vp_stale(struct nv40_3d *ctx)
{
   /* decoded again at the next draw (nv40_3d_prepare_draw) */
   ctx->vp_stale = true;
}

static enum nvsim_status method_body(struct nv40_3d *ctx, uint32_t mthd,
                                      uint32_t data);

/*
 * A trapped method is dropped and changes no state: Linux's nv40_gr_intr
 * acknowledges the error and PGRAPH resumes with the next method, the
 * trapped one's write not taking effect (docs/reliability.md, "Traps").
 * Values the method itself judges are checked before they are stored;
 * where the check comes later in the method (a VP slot, a DMA handle, a
 * draw that faults), the register gets its previous value back.
 */
static enum nvsim_status
nv40_3d_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   struct nv40_3d *ctx = nv40_3d(obj);

   if (!ctx)
      return NVSIM_INVALID_STATE;
   ctx->error = NVSIM_OK;
   if (mthd >= NV40_3D_NUM_MTHD * 4 || (mthd & 3))
      return NVSIM_ILLEGAL_MTHD;
   if (ctx->illegal[mthd / 128] & (1u << ((mthd / 4) % 32)))
      return nv40_3d_fail(ctx, NVSIM_ILLEGAL_MTHD,
                          ctx->rankine ?
                          "a method this rankine (NV3x) class does not have" :
                          "a rankine (NV30) method that curie does not have");
   if (ctx->enum_checked[mthd / 128] & (1u << ((mthd / 4) % 32))) {
      enum nvsim_status st = check_enum_value(ctx, mthd, data);
      if (st)
         return st;
   }

   uint32_t old = ctx->regs[mthd / 4];
   ctx->regs[mthd / 4] = data;
   enum nvsim_status st = method_body(ctx, mthd, data);
   if (st != NVSIM_OK)
      ctx->regs[mthd / 4] = old;
   return st;
}

/* The vertex methods (batches, elements, inline vertex data, begin/end)
 * keep the state validated for the primitive.  Returns false for any
 * other method. */
static bool
vertex_method(struct nv40_3d *ctx, uint32_t mthd, uint32_t data,
              enum nvsim_status *st)
{
   switch (mthd) {
   case NV30_3D_VB_VERTEX_BATCH:
      *st = nv40_3d_vertex_batch(ctx, data);
      return true;
   case NV30_3D_VB_INDEX_BATCH:
      *st = nv40_3d_index_batch(ctx, data);
      return true;
   case NV30_3D_VB_ELEMENT_U16:
      /* two 16-bit indices, the low half first (nv30_vbo.c) */
      *st = nv40_3d_element(ctx, NV40_3D_FIELD(data, NV30_3D_VB_ELEMENT_U16_0));
      if (*st == NVSIM_OK)
         *st = nv40_3d_element(ctx, NV40_3D_FIELD(data, NV30_3D_VB_ELEMENT_U16_1));
      return true;
   case NV30_3D_VB_ELEMENT_U32:
      *st = nv40_3d_element(ctx, data);
      return true;
   case NV30_3D_VERTEX_DATA:
      *st = nv40_3d_vertex_data(ctx, data);
      return true;
   case NV30_3D_VERTEX_BEGIN_END:
      *st = nv40_3d_begin_end(ctx, data);
      return true;
   default:
      return false;
   }
}

/* Word w of VP_UPLOAD_INST. */
static enum nvsim_status
vp_upload_inst(struct nv40_3d *ctx, unsigned w, uint32_t data)
{
   ctx->vp_upload_word[w] = data;
   /* the fourth word stores the instruction and moves to the next
    * slot: upstream sends VP_UPLOAD_FROM_ID once, then 4 words per
    * instruction (nv30_vertprog.c) */
   if (w == NV30_3D_VP_UPLOAD_INST__LEN - 1) {
      if (ctx->vp_upload_slot >= ctx->vp_slots)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "vertex program upload past slot %u",
                             ctx->vp_slots - 1);
      memcpy(ctx->vp_insn[ctx->vp_upload_slot], ctx->vp_upload_word,
             sizeof(ctx->vp_upload_word));
      ctx->vp_upload_slot++;
      vp_stale(ctx);
   }
   return NVSIM_OK;
}

/* Component c of VP_UPLOAD_CONST. */
static enum nvsim_status
vp_upload_const(struct nv40_3d *ctx, unsigned c, uint32_t data)
{
   memcpy(&ctx->vp_const_word[c], &data, 4);
   /* a complete vec4 goes to the current slot, which advances */
   if (c == 3) {
      if (ctx->vp_const_slot >= ctx->vp_consts)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "vertex program constant %u does not exist",
                             ctx->vp_const_slot);
      memcpy(ctx->vp_const[ctx->vp_const_slot], ctx->vp_const_word,
             sizeof(ctx->vp_const_word));
      ctx->vp_const_slot++;
   }
   return NVSIM_OK;
}

/* QUERY_GET writes a report (hwdb NV30_QUERY_REPORT): 64-bit timestamp,
 * the counter the top byte selects, and a status word whose PENDING byte
 * reads 0 once written (nv30_query.c waits for it to clear).
 * The time is PTIMER's, in nanoseconds, as the FIFO reaches this
 * method (hwdb NV30_QUERY_REPORT; envytools hw/graph/intro.rst,
 * notifiers, "current PTIMER time as of the write"): the host's
 * monotonic clock, which the drm-shim's GETPARAM PTIMER_TIME reads
 * too, so that reports and the driver's get_timestamp share one
 * time base.  The fields are written in order (ibid.), the status
 * last: a reader that sees it cleared sees the whole report. */
static enum nvsim_status
query_get(struct nv40_3d *ctx, uint32_t data)
{
   uint32_t type = data & NV30_3D_QUERY_GET_UNK24__MASK;
   uint64_t offset = NV40_3D_FIELD(data, NV30_3D_QUERY_GET_OFFSET);
   uint64_t ts = nvsim_ptimer_ns();
   uint32_t rep[NV30_QUERY_REPORT__SIZE / 4] = { 0 };
   enum nvsim_status st;

   rep[NV30_QUERY_REPORT_TIME_LOW / 4] = (uint32_t)ts;
   rep[NV30_QUERY_REPORT_TIME_HIGH / 4] = (uint32_t)(ts >> 32);
   if (type == NV30_3D_QUERY_GET_UNK24_SAMPLES_PASSED)
      rep[NV30_QUERY_REPORT_VALUE / 4] = (uint32_t)ctx->rs.samples_passed;
   st = write_dma32(ctx, NV30_3D_DMA_QUERY, offset, rep,
                    NV30_QUERY_REPORT_STATUS / 4);
   if (st)
      return st;
   __atomic_thread_fence(__ATOMIC_RELEASE);
   return write_dma32(ctx, NV30_3D_DMA_QUERY,
                      offset + NV30_QUERY_REPORT_STATUS,
                      &rep[NV30_QUERY_REPORT_STATUS / 4], 1);
}

static enum nvsim_status
method_body(struct nv40_3d *ctx, uint32_t mthd, uint32_t data)
{
   enum nvsim_status st = NVSIM_OK;

   if (vertex_method(ctx, mthd, data, &st))
      return st;
   ctx->draw_ready = false;

   int completed;
   if (nv40_3d_attr_method(ctx, mthd, data, &st, &completed)) {
      /* attribute 0 completed inside begin/end: an immediate vertex */
      if (st == NVSIM_OK && completed == 0 && ctx->prim)
         st = nv40_3d_attr_vertex(ctx);
      return st;
   }

   if (mthd >= NV30_3D_VP_UPLOAD_INST(0) &&
       mthd < NV30_3D_VP_UPLOAD_INST(NV30_3D_VP_UPLOAD_INST__LEN))
      return vp_upload_inst(ctx, (mthd - NV30_3D_VP_UPLOAD_INST(0)) / 4,
                            data);
   if (mthd >= NV30_3D_VP_UPLOAD_CONST_X(0) &&
       mthd < NV30_3D_VP_UPLOAD_CONST_X(NV30_3D_VP_UPLOAD_CONST__LEN))
      return vp_upload_const(ctx,
                             ((mthd - NV30_3D_VP_UPLOAD_CONST_X(0)) / 4) % 4,
                             data);

   switch (mthd) {
   case NV30_3D_DMA_NOTIFY:
   case NV30_3D_DMA_TEXTURE0:
   case NV30_3D_DMA_TEXTURE1:
   case NV30_3D_DMA_COLOR0:
   case NV30_3D_DMA_COLOR1:
   case NV40_3D_DMA_COLOR2:
   case NV40_3D_DMA_COLOR3:
   case NV30_3D_DMA_ZETA:
   case NV30_3D_DMA_VTXBUF0:
   case NV30_3D_DMA_VTXBUF1:
   case NV30_3D_DMA_FENCE:
   case NV30_3D_DMA_QUERY:
      if (mthd == NV30_3D_DMA_TEXTURE0 || mthd == NV30_3D_DMA_TEXTURE1)
         ctx->fp_dirty = true;
      return check_dma_handle(ctx, data);

   case NV30_3D_VP_UPLOAD_FROM_ID:
      if (data >= ctx->vp_slots)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "vertex program slot %u does not exist", data);
      ctx->vp_upload_slot = data;
      return NVSIM_OK;
   case NV30_3D_VP_START_FROM_ID:
      if (data >= ctx->vp_slots)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "vertex program slot %u does not exist", data);
      vp_stale(ctx);
      return NVSIM_OK;
   case NV30_3D_VP_UPLOAD_CONST_ID:
      if (data >= ctx->vp_consts)
         return nv40_3d_fail(ctx, NVSIM_INVALID_VALUE,
                             "vertex program constant %u does not exist",
                             data);
      ctx->vp_const_slot = data;
      return NVSIM_OK;

   case NV30_3D_FP_ACTIVE_PROGRAM:
   case NV30_3D_FP_CONTROL:
      ctx->fp_dirty = true;
      return NVSIM_OK;

   case NV30_3D_CLEAR_BUFFERS: {
      /* clears obey the render condition too (GL 3.0 section 2.15,
       * NV_conditional_render: glClear is among the commands it covers) */
      bool draw;
      st = nv40_3d_render_condition(ctx, &draw);
      if (st || !draw)
         return st;
      return nv40_3d_clear(ctx, data);
   }

   case NV40_3D_VTX_CACHE_INVALIDATE:
   case NV30_3D_UNK1710:
      /* both invalidate the vertex cache (nv40_3d_vertex.c) */
      nv40_3d_vtx_cache_invalidate(ctx);
      return NVSIM_OK;

   case NV40_3D_TEX_CACHE_CTL:
      nv40_3d_tex_cache_ctl(ctx, data);
      return NVSIM_OK;

   case NV30_3D_FENCE_VALUE:
      /* the value lands at FENCE_OFFSET in DMA_FENCE (nv30_screen.c
       * fence_emit/fence_update) */
      return write_dma32(ctx, NV30_3D_DMA_FENCE,
                         nv40_3d_reg(ctx, NV30_3D_FENCE_OFFSET), &data, 1);

   case NV30_3D_QUERY_RESET:
      ctx->rs.samples_passed = 0;
      return NVSIM_OK;
   case NV30_3D_QUERY_ENABLE:
      /* samples are counted while the query is enabled */
      ctx->rs.count_samples = data != 0;
      return NVSIM_OK;
   case NV30_3D_QUERY_GET:
      return query_get(ctx, data);
   default:
      /* everything else is state, read at the next draw */
      return NVSIM_OK;
   }
}

const struct nvsim_class nvsim_nv40_3d_class = {
   .oclass = NV40_3D_CLASS,
   .name = "NV40_3D",
   .create = nv40_3d_create,
   .destroy = nv40_3d_destroy,
   .method = nv40_3d_method,
   .drop_mappings = nv40_3d_drop_mappings,
   .family = nv30_40_3d_classes,
};
