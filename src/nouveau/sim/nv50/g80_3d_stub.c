/*
 * The Tesla 3D classes (G80_3D 0x5097, G84_3D 0x8297, G200_3D 0x8397,
 * GT215_3D 0x8597, MCP89_3D 0x8697) and compute classes (G80_COMPUTE
 * 0x50c0, GT215_COMPUTE 0x85c0) are not modelled yet.  Objects can be
 * created, so that a driver's screen creation gets as far as its first 3D
 * method, and every method then traps the channel saying so: nothing is
 * accepted silently.
 */
#include "nv50_priv.h"

static enum nvsim_status
g80_3d_stub_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   nvsim_trap_detail(obj, "nvsim has no model of the Tesla %s class yet: "
                     "its methods are not executed (stub)",
                     obj->oclass == G80_COMPUTE_CLASS ||
                     obj->oclass == GT215_COMPUTE_CLASS ? "compute" : "3D");
   return NVSIM_ILLEGAL_CLASS;
}

const struct nvsim_class nvsim_g80_3d_stub_class = {
   .oclass = G80_3D_CLASS,
   .name = "TESLA_3D_COMPUTE_STUB",
   .method = g80_3d_stub_method,
};
