/*
 * The Tesla 3D classes (G80_3D 0x5097, G84_3D 0x8297, G200_3D 0x8397,
 * GT215_3D 0x8597, MCP89_3D 0x8697) are not modelled yet.  Objects can be
 * created, so that a driver's screen creation gets as far as its first 3D
 * method, and every method then traps the channel saying so: nothing is
 * accepted silently.
 */
#include "nv50_priv.h"

static enum nvsim_status
g80_3d_stub_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   nvsim_trap_detail(obj, "nvsim has no model of the Tesla 3D class yet: "
                     "its methods are not executed (stub)");
   return NVSIM_ILLEGAL_CLASS;
}

const struct nvsim_class nvsim_g80_3d_stub_class = {
   .oclass = G80_3D_CLASS,
   .name = "G80_3D (stub)",
   .method = g80_3d_stub_method,
};
