/*
 * The Tesla 3D classes: object creation and the method decoder.  Every
 * method hwdb (g80_3d.xml) names for the object's class variant is
 * accepted and stored in ctx->regs; a method it does not name traps
 * (ILLEGAL_MTHD: rnndb's UNKxxxx methods are left out of hwdb until a
 * driver writes them, and a method of a later variant, GT215_3D's IBLEND
 * on G80_3D, is not the class's).  The methods with an immediate effect
 * act: CLEAR_BUFFERS, QUERY_GET, the constant buffer methods (CB_DEF_SET,
 * CB_DATA, SET_PROGRAM_CB), the texture bindings (BIND_TIC, BIND_TSC) and
 * the GL draw methods (g80_3d_draw.c); the ones whose effect nvsim does
 * not model yet (the D3D draw methods, CLIPID_FILL,
 * BIND_TIC2/BIND_TSC2) trap as not modelled rather than doing nothing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g80_3d.h"
#include "g80_3d_msaa.h"
#include "nvhwdb_names.h"

enum nvsim_status
g80_3d_fail(struct g80_3d *ctx, enum nvsim_status st, const char *fmt, ...)
{
   char buf[200];
   va_list ap;

   va_start(ap, fmt);
   vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   nvsim_trap_detail(ctx->obj, "%s", buf);
   return st;
}

/*
 * The state methods whose data is checked against hwdb's enums when the
 * method executes (rnndb g80_defs.xml G80_PGRAPH_DATA_ERROR INVALID_ENUM:
 * "invalid value for an enum bitfield/register", raised on the method):
 * the ones nvsim models so far.  A value hwdb does not name traps and is
 * dropped, so the register keeps its last valid value.  RT_FORMAT is
 * checked too, except for 0: upstream's nv50_fb_set_null_rt writes 0 for
 * an unused render target, which the hardware it was written on accepts;
 * nvsim stores it and a clear of that target traps.
 */
static const uint32_t enum_checked_mthds[] = {
   G80_3D_ZETA_FORMAT,
   G80_3D_RT_ARRAY_MODE,
   G80_3D_CLEAR_FLAGS,
   G80_3D_COND_MODE,
   G80_3D_MULTISAMPLE_MODE,
   G80_3D_QUERY_GET,
   G80_3D_SET_PROGRAM_CB,
   G80_3D_COUNTER_RESET,
};

static bool
hwdb_names_value(const struct nvhwdb_value *values, unsigned n, uint32_t v)
{
   for (unsigned i = 0; i < n; i++)
      if (values[i].value == v)
         return true;
   return false;
}

/* QUERY_GET's bits 24..27 are QUERY_SELECT or COUNTER_SELECT as its TYPE
 * says (rnndb: "if TYPE is QUERY" / "if TYPE is COUNTER"): only the one
 * TYPE picks is checked. */
static bool
field_applies(uint32_t mthd, const struct nvhwdb_field *f, uint32_t data)
{
   if (mthd != G80_3D_QUERY_GET || f->lo != G80_3D_QUERY_GET_QUERY_SELECT__SHIFT)
      return true;
   bool counter = (data & G80_3D_QUERY_GET_TYPE__MASK) ==
                  G80_3D_QUERY_GET_TYPE_COUNTER;
   return counter == (strcmp(f->name, "COUNTER_SELECT") == 0);
}

static enum nvsim_status
check_enum_value(struct g80_3d *ctx, uint32_t mthd, uint32_t data)
{
   const struct nvhwdb_method *m =
      nvhwdb_method_lookup(ctx->obj->oclass, mthd, NULL);
   if (!m)
      return NVSIM_OK;
   if (m->type == NVHWDB_ENUM) {
      if (!hwdb_names_value(m->values, m->num_values, data))
         return g80_3d_fail(ctx, NVSIM_INVALID_VALUE,
                            "%s: 0x%x is not a valid value", m->name, data);
      return NVSIM_OK;
   }
   for (unsigned i = 0; i < m->num_fields; i++) {
      const struct nvhwdb_field *f = &m->fields[i];
      if (f->type != NVHWDB_ENUM || !field_applies(mthd, f, data))
         continue;
      unsigned width = f->hi - f->lo + 1;
      uint32_t v = (data >> f->lo) & (width >= 32 ? ~0u : (1u << width) - 1);
      if (!hwdb_names_value(f->values, f->num_values, v))
         return g80_3d_fail(ctx, NVSIM_INVALID_VALUE,
                            "%s %s: 0x%x is not a valid value", m->name,
                            f->name, v);
   }
   return NVSIM_OK;
}

/* mthd is element i of the method array at base: true, and *i set */
static bool
array_index(uint32_t mthd, uint32_t base, unsigned len, unsigned esize,
            unsigned *i)
{
   if (mthd < base || (mthd - base) % esize || (mthd - base) / esize >= len)
      return false;
   *i = (mthd - base) / esize;
   return true;
}

static bool
in_array(uint32_t mthd, uint32_t base, unsigned len, unsigned esize)
{
   unsigned i;
   return array_index(mthd, base, len, esize, &i);
}

static bool
is_rt_format(uint32_t mthd)
{
   return mthd >= G80_3D_RT_FORMAT(0) &&
          mthd <= G80_3D_RT_FORMAT(G80_3D_RT_FORMAT__LEN - 1) &&
          (mthd - G80_3D_RT_FORMAT(0)) % G80_3D_RT_FORMAT__ESIZE == 0;
}

static bool
is_enum_checked(uint32_t mthd)
{
   if (is_rt_format(mthd))
      return true;
   for (unsigned i = 0; i < sizeof(enum_checked_mthds) / sizeof(enum_checked_mthds[0]); i++)
      if (enum_checked_mthds[i] == mthd)
         return true;
   return false;
}

/*
 * Methods whose effect is more than their stored value and which nvsim
 * does not model yet: each traps saying so (INVALID_STATE), so that what
 * they would have done is never silently missing.  Their names come from
 * hwdb: the D3D draw methods, CLIPID_FILL (writes the clip id surface), the second
 * texture binding form BIND_TIC2/BIND_TSC2 (undocumented beyond rnndb's
 * one-bit slot; upstream does not use it); the counter snapshots of
 * QUERY_GET are in g80_3d_query.c.
 */
static const char *
not_modelled(uint32_t mthd)
{
   switch (mthd) {
   case G80_3D_VERTEX_BEGIN_D3D:
   case G80_3D_VERTEX_END_D3D:
      return "the D3D primitive numbering is not modelled (upstream draws "
             "with VERTEX_BEGIN_GL)";
   case G80_3D_CLIPID_FILL:
      return "CLIPID_FILL (the clip id surface) is not modelled yet";
   default:
      break;
   }
   if (in_array(mthd, G80_3D_BIND_TIC2(0), G80_3D_BIND_TIC2__LEN,
                G80_3D_BIND_TIC2__ESIZE) ||
       in_array(mthd, G80_3D_BIND_TSC2(0), G80_3D_BIND_TSC2__LEN,
                G80_3D_BIND_TSC2__ESIZE))
      return "the BIND_TIC2/BIND_TSC2 binding form is not modelled (its "
             "meaning is not documented)";
   /* G200_3D on (a class without them traps before, ILLEGAL_MTHD) */
   if (mthd >= G200_3D_VTX_ATTR_DATA(0) &&
       mthd <= G200_3D_VTX_ATTR_DATA(G200_3D_VTX_ATTR_DATA__LEN - 1))
      return "immediate vertex data (VTX_ATTR_DATA) is not modelled yet";
   return NULL;
}

/* A DMA object method (DMA_NOTIFY .. DMA_COLOR(7)): the handle must name
 * a DMA object or the NULL object (nvsim_bind_dma); the handle is what is
 * stored, resolved again when used. */
static bool
is_dma_mthd(uint32_t mthd)
{
   return (mthd >= G80_3D_DMA_NOTIFY && mthd <= G80_3D_DMA_CLIPID) ||
          (mthd >= G80_3D_DMA_COLOR(0) &&
           mthd <= G80_3D_DMA_COLOR(G80_3D_DMA_COLOR__LEN - 1));
}

static void *
g80_3d_create(struct nvsim_object *obj)
{
   struct g80_3d *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      return NULL;
   ctx->obj = obj;
   ctx->stages = &g80_3d_exec_runner;
   /* the methods hwdb names for this class, looked up once (the decoder
    * runs per word); below 0x100 are the FIFO's, never reaching here */
   for (uint32_t m = 0x100 / 4; m < G80_3D_NUM_MTHD; m++)
      if (nvhwdb_method_lookup(obj->oclass, m * 4, NULL))
         ctx->known[m / 32] |= 1u << (m % 32);
   /* COND_MODE's 0 is NEVER: a context the kernel's context program set
    * up draws (its defaults are not documented; upstream's driver writes
    * ALWAYS at once) */
   ctx->regs[G80_3D_COND_MODE / 4] = G80_3D_COND_MODE_ALWAYS;
   /* RASTERIZE_ENABLE likewise: a context rasterises (upstream's
    * nv50_screen_init_hwctx writes 1 at once) */
   ctx->regs[G80_3D_RASTERIZE_ENABLE / 4] = 1;
   /* FRAMEBUFFER_SRGB likewise 1: sRGB render targets are encoded.  No
    * document gives its default; upstream's nv50 (and nvc0) never write
    * it, and select GL_FRAMEBUFFER_SRGB by the render target's format
    * alone (Gallium's convention: an sRGB surface format only while it
    * is enabled), which works only if the context starts with it on */
   ctx->regs[G80_3D_FRAMEBUFFER_SRGB / 4] = 1;
   /* IBLEND_SEPARATE_ALPHA(i) likewise 1 (GT215_3D on): the alpha
    * registers of IBLEND(i) apply.  No document gives its default or
    * whether the hardware reads it; upstream's nv50 (and nvc0) write
    * IBLEND(i)'s alpha equation and factors but never the bit, which
    * gives GL's separate per-target functions only if it starts set */
   if (obj->oclass >= GT215_3D_CLASS)
      for (unsigned i = 0; i < GT215_3D_IBLEND__LEN; i++)
         ctx->regs[GT215_3D_IBLEND_SEPARATE_ALPHA(i) / 4] = 1;
   g80_3d_ms_init(ctx);
   g80_3d_attr_init(ctx);
   g80_3d_counter_init(ctx);
   return ctx;
}

static void
g80_3d_destroy(void *priv)
{
   struct g80_3d *ctx = priv;
   if (ctx) {
      g80_3d_draw_free(ctx);
      for (unsigned i = 0; i < G80_3D_NUM_STAGES; i++)
         g80_shader_cache_destroy(ctx->shader_cache[i]);
   }
   free(ctx);
}

static enum nvsim_status
method_body(struct g80_3d *ctx, uint32_t mthd, uint32_t data)
{
   if (is_dma_mthd(mthd)) {
      struct nvsim_object *slot = NULL;
      return nvsim_bind_dma(ctx->obj, &slot, data);
   }
   unsigned i;
   if (ctx->obj->oclass >= G200_3D_CLASS &&
       in_array(mthd, G200_3D_STRMOUT_OFFSET(0), G200_3D_STRMOUT_OFFSET__LEN,
                G200_3D_STRMOUT_OFFSET__ESIZE)) {
      g80_3d_strmout_method(ctx, mthd, data);
      return NVSIM_OK;
   }
   if (array_index(mthd, G80_3D_BIND_TIC(0), G80_3D_BIND_TIC__LEN,
                   G80_3D_BIND_TIC__ESIZE, &i))
      return g80_3d_bind_tic(ctx, i, data);
   if (array_index(mthd, G80_3D_BIND_TSC(0), G80_3D_BIND_TSC__LEN,
                   G80_3D_BIND_TSC__ESIZE, &i))
      return g80_3d_bind_tsc(ctx, i, data);
   /* CB_DATA(0..15) are one port: the array lets an increasing command
    * stream words too */
   if (in_array(mthd, G80_3D_CB_DATA(0), G80_3D_CB_DATA__LEN,
                G80_3D_CB_DATA__ESIZE))
      return g80_3d_cb_data(ctx, data);
   if (mthd >= G80_3D_VTX_ATTR_1F(0) &&
       mthd <= G80_3D_VTX_ATTR_4NB(G80_3D_VTX_ATTR_4NB__LEN - 1))
      return g80_3d_attr_method(ctx, mthd, data) == 0 ?
             g80_3d_draw_immediate(ctx) : NVSIM_OK;
   switch (mthd) {
   case G80_3D_COUNTER_RESET:
      /* the STRMOUT counters in g80_3d_strmout.c, the statistics
       * counters in g80_3d_counter.c; ZCULL_STATS and STRMOUT_VERTICES
       * are not kept (their reports are 0) */
      if (data == G80_3D_COUNTER_RESET_SAMPLECNT)
         ctx->samplecnt = 0;
      else if (!g80_3d_counter_reset(ctx, data))
         g80_3d_strmout_method(ctx, mthd, data);
      return NVSIM_OK;
   case G80_3D_STRMOUT_PARAMS_LATCH:
      g80_3d_strmout_method(ctx, mthd, data);
      return NVSIM_OK;
   case G80_3D_CLEAR_BUFFERS:
      return g80_3d_clear(ctx, data);
   case G80_3D_QUERY_GET:
      return g80_3d_query_get(ctx, data);
   case G80_3D_CB_DEF_SET:
      return g80_3d_cb_def(ctx, data);
   case G80_3D_SET_PROGRAM_CB:
      return g80_3d_set_program_cb(ctx, data);
   case G84_3D_VERTEX_ID_BASE:   /* G84_3D on: hwdb's class check above */
      g80_3d_draw_id_base(ctx);
      return NVSIM_OK;
   case G80_3D_VERTEX_BEGIN_GL:
   case G80_3D_VERTEX_END_GL:
   case G80_3D_VERTEX_BUFFER_COUNT:
   case G80_3D_VB_ELEMENT_U8_SETUP:
   case G80_3D_VB_ELEMENT_U16_SETUP:
   case G80_3D_VB_ELEMENT_U8:
   case G80_3D_VB_ELEMENT_U16:
   case G80_3D_VB_ELEMENT_U32:
   case G80_3D_VERTEX_DATA:
   case G200_3D_DRAW_TFB_BYTES:  /* G200_3D on: hwdb's class check above */
      return g80_3d_draw_method(ctx, mthd, data);
   default:
      /* state: stored; the cache flushes (CODE_CB_FLUSH, TIC/TSC_FLUSH,
       * VERTEX_ARRAY_FLUSH, WRCACHE_FLUSH, ZCULL_*) have nothing to do in
       * nvsim, which caches nothing */
      return NVSIM_OK;
   }
}

/*
 * A trapped method is dropped and changes no state (docs/reliability.md,
 * "Traps"): values are checked before they are stored, and a method whose
 * action traps gets its register's previous value back.
 */
static enum nvsim_status
g80_3d_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   struct g80_3d *ctx = obj->priv;

   if (!ctx)
      return NVSIM_INVALID_STATE;
   if (mthd >= G80_3D_NUM_MTHD * 4 || (mthd & 3) ||
       !(ctx->known[mthd / 128] & (1u << ((mthd / 4) % 32))))
      return g80_3d_fail(ctx, NVSIM_ILLEGAL_MTHD,
                         "hwdb names no method 0x%04x for this class "
                         "(rnndb's unknown methods are added to hwdb when "
                         "a driver needs them)", mthd);
   const char *why = not_modelled(mthd);
   if (why)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "%s", why);
   if (is_enum_checked(mthd) && !(is_rt_format(mthd) && data == 0)) {
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

const struct nvsim_class nvsim_g80_3d_class = {
   .oclass = G80_3D_CLASS,
   .name = "G80_3D",
   .create = g80_3d_create,
   .destroy = g80_3d_destroy,
   .method = g80_3d_method,
};
