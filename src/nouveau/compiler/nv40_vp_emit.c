/*
 * Curie (NV40) vertex program encoder: the shared lowering
 * (nvc_vp_emit.c) already produces curie's instruction form, and
 * nvc_vp_assemble pairs it (curie's vector and scalar ops have a
 * temporary each, nv40_vp.xml VEC_DST/SCA_DST) and sets LAST; this packs
 * it (nvisa_nv40_vp.h).
 */
#include "nvc_vp_emit.h"

static bool
encode(struct nvc_prog *p, const struct nvisa_nv40_vp_insn *hw,
       uint32_t words[4])
{
   if (nvisa_nv40_vp_encode(hw, words) != 0) {
      nvc_prog_error(p, "internal error: VP field overflow");
      return false;
   }
   return true;
}

bool
nv40_vp_emit(struct nvc_prog *p, const struct nvc_isel_info *info,
             unsigned const_base, struct nvc_vp_binary *out)
{
   (void)info;
   return nvc_vp_assemble(p, const_base, false, encode, out);
}
