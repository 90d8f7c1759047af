/*
 * The Tesla compute classes (G80_COMPUTE 0x50c0, GT215_COMPUTE 0x85c0):
 * object creation and the method decoder.  Every method hwdb
 * (g80_compute.xml) names for the class is accepted and stored; a method
 * it does not name traps ILLEGAL_MTHD.  LAUNCH runs a grid
 * (g80_compute_launch.c).
 *
 * State shared with the 3D class.  A compute program runs in the
 * fragment program's place: upstream's nv50 (nv50_program.c: "CP code
 * must be uploaded in FP code segment", "bind a compute shader clobbers
 * fragment shader state"; nv50_compute.c: constant buffers, textures and
 * samplers "are aliased") never writes CP_ADDRESS, starts its programs
 * with CP_START_ID at their offset in the FP code segment, and its
 * compute programs read c15[] (its auxiliary constant buffer), which only
 * the 3D class's SET_PROGRAM_CB binds, for the FP.  nvsim therefore keeps
 * one copy of that state, the 3D object's: CP_ADDRESS is FP_ADDRESS;
 * CB_DEF_*, CB_ADDR and CB_DATA act on the channel's 128 constant buffers
 * (isa.rst: "128 global (per channel) const buffers"); SET_PROGRAM_CB,
 * BIND_TIC and BIND_TSC bind the FP's slots; TIC/TSC_ADDRESS and _LIMIT
 * and LINKED_TSC are the 3D class's.  This is an inference from the
 * driver, which nothing documents; the methods are forwarded to the 3D
 * object bound on the channel, and without one they trap.  The DMA
 * objects used for code, constant buffers and textures are the 3D
 * object's (upstream gives both classes the channel's VRAM object, the
 * whole VM on Tesla).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g80_compute.h"
#include "nvhwdb_names.h"

enum nvsim_status
g80_compute_fail(struct g80_compute *cp, enum nvsim_status st,
                 const char *fmt, ...)
{
   char buf[200];
   va_list ap;

   va_start(ap, fmt);
   vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   nvsim_trap_detail(cp->obj, "%s", buf);
   return st;
}

struct g80_3d *
g80_compute_3d(struct g80_compute *cp)
{
   struct nvsim_channel *chan = cp->obj->chan;
   for (unsigned i = 0; i < 8; i++) {
      struct nvsim_object *o = chan->fifo.subc_obj[i];
      if (o && !o->dead && o->cls == &nvsim_g80_3d_class && o->priv)
         return o->priv;
   }
   return NULL;
}

static void *
g80_compute_create(struct nvsim_object *obj)
{
   struct g80_compute *cp = calloc(1, sizeof(*cp));
   if (!cp)
      return NULL;
   cp->obj = obj;
   return cp;
}

static void
g80_compute_destroy(void *priv)
{
   free(priv);
}

/* The 3D method a forwarded compute method is (the header), 0 if none. */
static uint32_t
shared_3d_mthd(uint32_t mthd)
{
   if (mthd >= G80_COMPUTE_CB_DATA(0) &&
       mthd < G80_COMPUTE_CB_DATA(G80_COMPUTE_CB_DATA__LEN))
      return G80_3D_CB_DATA(0) + (mthd - G80_COMPUTE_CB_DATA(0));
   switch (mthd) {
   case G80_COMPUTE_CP_ADDRESS_HIGH:     return G80_3D_FP_ADDRESS_HIGH;
   case G80_COMPUTE_CP_ADDRESS_LOW:      return G80_3D_FP_ADDRESS_LOW;
   case G80_COMPUTE_TSC_ADDRESS_HIGH:    return G80_3D_TSC_ADDRESS_HIGH;
   case G80_COMPUTE_TSC_ADDRESS_LOW:     return G80_3D_TSC_ADDRESS_LOW;
   case G80_COMPUTE_TSC_LIMIT:           return G80_3D_TSC_LIMIT;
   case G80_COMPUTE_TIC_ADDRESS_HIGH:    return G80_3D_TIC_ADDRESS_HIGH;
   case G80_COMPUTE_TIC_ADDRESS_LOW:     return G80_3D_TIC_ADDRESS_LOW;
   case G80_COMPUTE_TIC_LIMIT:           return G80_3D_TIC_LIMIT;
   case G80_COMPUTE_CB_ADDR:             return G80_3D_CB_ADDR;
   case G80_COMPUTE_CB_DEF_ADDRESS_HIGH: return G80_3D_CB_DEF_ADDRESS_HIGH;
   case G80_COMPUTE_CB_DEF_ADDRESS_LOW:  return G80_3D_CB_DEF_ADDRESS_LOW;
   case G80_COMPUTE_CB_DEF_SET:          return G80_3D_CB_DEF_SET;
   case G80_COMPUTE_LINKED_TSC:          return G80_3D_LINKED_TSC;
   case G80_COMPUTE_SET_PROGRAM_CB:      return G80_3D_SET_PROGRAM_CB;
   case G80_COMPUTE_BIND_TIC:            return G80_3D_BIND_TIC(G80_STAGE_FP);
   case G80_COMPUTE_BIND_TSC:            return G80_3D_BIND_TSC(G80_STAGE_FP);
   default:                              return 0;
   }
}

static enum nvsim_status
forward(struct g80_compute *cp, uint32_t mthd, uint32_t data)
{
   struct g80_3d *ctx = g80_compute_3d(cp);
   uint32_t m3d = shared_3d_mthd(mthd);
   if (!ctx)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "the state compute "
                              "shares with 3D (code segment, constant "
                              "buffers, textures) is the 3D object's in "
                              "nvsim, and no 3D object is bound on the "
                              "channel");
   if (mthd == G80_COMPUTE_SET_PROGRAM_CB) {
      /* rnndb: VALID is bits 0-7 ("Doesn't make much sense"); upstream
       * writes 0 or 1 there.  The FP's slot INDEX. */
      uint32_t valid = G80_3D_FIELD(data, G80_COMPUTE_SET_PROGRAM_CB_VALID);
      if (valid > 1)
         return g80_compute_fail(cp, NVSIM_INVALID_STATE, "SET_PROGRAM_CB "
                                 "VALID 0x%x: only 0 and 1 are modelled",
                                 valid);
      data = (data & (G80_COMPUTE_SET_PROGRAM_CB_INDEX__MASK |
                      G80_COMPUTE_SET_PROGRAM_CB_BUFFER__MASK)) |
             (valid ? G80_3D_SET_PROGRAM_CB_VALID__MASK : 0) |
             G80_3D_SET_PROGRAM_CB_PROGRAM_FRAGMENT;
   }
   /* BIND_TIC / BIND_TSC have the 3D class's layout (rnndb) */
   return nvsim_g80_3d_class.method(ctx->obj, m3d, data);
}

/* Values hwdb names for the enum-typed methods, checked at the method
 * (rnndb G80_PGRAPH_DATA_ERROR INVALID_ENUM) as the 3D class does. */
static enum nvsim_status
check_enum(struct g80_compute *cp, const struct nvhwdb_method *m,
           uint32_t data)
{
   if (m->type != NVHWDB_ENUM)
      return NVSIM_OK;
   for (unsigned i = 0; i < m->num_values; i++)
      if (m->values[i].value == data)
         return NVSIM_OK;
   return g80_compute_fail(cp, NVSIM_INVALID_VALUE,
                           "%s: 0x%x is not a valid value", m->name, data);
}

static enum nvsim_status
g80_compute_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   struct g80_compute *cp = obj->priv;
   if (!cp)
      return NVSIM_INVALID_STATE;
   const struct nvhwdb_method *m =
      mthd < G80_3D_NUM_MTHD * 4 && !(mthd & 3) ?
      nvhwdb_method_lookup(obj->oclass, mthd, NULL) : NULL;
   if (!m)
      return g80_compute_fail(cp, NVSIM_ILLEGAL_MTHD,
                              "hwdb names no method 0x%04x for this class "
                              "(rnndb's unknown methods are added to hwdb "
                              "when a driver needs them)", mthd);
   enum nvsim_status st = check_enum(cp, m, data);
   if (st)
      return st;

   if (shared_3d_mthd(mthd)) {
      st = forward(cp, mthd, data);
      if (st == NVSIM_OK)
         cp->regs[mthd / 4] = data;
      return st;
   }

   switch (mthd) {
   case G80_COMPUTE_LAUNCH:
      cp->regs[mthd / 4] = data;
      return g80_compute_launch(cp);
   case G80_COMPUTE_BLOCKDIM_XY:
   case G80_COMPUTE_BLOCKDIM_Z:
      cp->dims_latched = false;
      break;
   case G80_COMPUTE_BLOCKDIM_LATCH:
      cp->dims_latched = data != 0;
      break;
   case G80_COMPUTE_COND_MODE:
      cp->cond_written = true;
      break;
   case G80_COMPUTE_QUERY_GET:
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "QUERY_GET of the "
                              "compute class is not modelled");
   default:
      /* the rest is state read at LAUNCH, cache flushes (nvsim caches
       * nothing), the MP performance counters ($pm reads 0) and the
       * methods rnndb knows no effect of */
      break;
   }
   cp->regs[mthd / 4] = data;
   return NVSIM_OK;
}

const struct nvsim_class nvsim_g80_compute_class = {
   .oclass = G80_COMPUTE_CLASS,
   .name = "G80_COMPUTE",
   .create = g80_compute_create,
   .destroy = g80_compute_destroy,
   .method = g80_compute_method,
};
