/*
 * STUB, built only while sim/nv40 lists no sources (see meson.build): the
 * curie class table without a model, so that NV40_3D / NV44_3D objects are
 * refused as "not modelled" instead of the build failing.  The real table
 * is nvsim_nv40_3d_class in sim/nv40/.
 */
#include "nvsim_priv.h"

const struct nvsim_class nvsim_nv40_3d_class = {
   .oclass = NV40_3D_CLASS,
   .name = "NV40_3D",
};
