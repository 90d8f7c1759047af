/*
 * Curie (NV40) vertex program encoder: the shared lowering
 * (nvc_vp_emit.c) already produces curie's instruction form; this pairs
 * it (curie's vector and scalar ops have a temporary each, nv40_vp.xml
 * VEC_DST/SCA_DST), sets LAST and packs it (nvisa_nv40_vp.h).
 */
#include <stdlib.h>

#include "nvc_vp_emit.h"

bool
nv40_vp_emit(struct nvc_prog *p, const struct nvc_isel_info *info,
             unsigned const_base, struct nvc_vp_binary *out)
{
   struct nvc_vp_code code;
   (void)info;
   if (!nvc_vp_lower_code(p, const_base, out, &code))
      return false;
   unsigned n = nvc_vp_pair(p, code.hw, code.num, false);
   bool ok = !p->error && nvc_vp_check_length(p, n);
   if (ok) {
      code.hw[n - 1].last = true;
      out->insns = malloc(n * 4 * sizeof(uint32_t));
      if (!out->insns) {
         nvc_prog_error(p, "out of memory");
         ok = false;
      }
   }
   for (unsigned i = 0; ok && i < n; i++) {
      if (nvisa_nv40_vp_encode(&code.hw[i], &out->insns[i * 4]) != 0) {
         nvc_prog_error(p, "internal error: VP field overflow");
         ok = false;
      }
   }
   if (ok)
      out->num_insns = n;
   free(code.hw);
   return ok;
}
