/*
 * The Tesla compute classes (G80_COMPUTE 0x50c0, GT215_COMPUTE 0x85c0)
 * are not modelled yet.  Objects can be created, so that a driver's
 * screen creation goes on, and every method then traps the channel
 * saying so: nothing is accepted silently.
 */
#include "nv50_priv.h"

static enum nvsim_status
g80_3d_stub_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   (void)mthd;
   (void)data;
   nvsim_trap_detail(obj, "nvsim has no model of the Tesla compute class "
                     "yet: its methods are not executed (stub)");
   return NVSIM_ILLEGAL_CLASS;
}

const struct nvsim_class nvsim_g80_3d_stub_class = {
   .oclass = G80_COMPUTE_CLASS,
   .name = "TESLA_COMPUTE_STUB",
   .method = g80_3d_stub_method,
};
