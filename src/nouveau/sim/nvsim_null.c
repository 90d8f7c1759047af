/*
 * NV1_NULL_CLASS (class 0x0030): the "no object" object.  Drivers create it to
 * have a handle that unbinds DMA slots (DMA_NOTIFY = null handle).  It is
 * not a graphics object (it sits before NV1_BETA in rnndb's obj-class
 * order, outside the GRAPH stripe's NV1_BETA:G84_CIPHER range), so it has
 * no methods at all.
 */
#include "nvsim_priv.h"

static enum nvsim_status
null_method(struct nvsim_object *obj, uint32_t mthd, uint32_t data)
{
   nvsim_trap_detail(obj, "the NULL object has no methods");
   return NVSIM_ILLEGAL_MTHD;
}

const struct nvsim_class nvsim_null_class = {
   .oclass = NV1_NULL_CLASS,
   .name = "NV1_NULL",
   .method = null_method,
   .flags = NVSIM_CLASS_NOT_GRAPH,
};
