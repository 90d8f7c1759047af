/*
 * The record of what the 3D object's fixed-function methods last
 * received (nv50_hwstate.h): a method is sent only when its value
 * changes.  The 3D object keeps a method's value until the next write
 * to it (rnndb g80_3d.xml: state methods, not commands), and a context
 * owns its channel and 3D object, so the record is the object's state
 * for every method that is sent only through here.
 */

#include "nv50_context.h"
#include "nv50_hwstate.h"

void
nv50_hw_put(struct nv50_context *nv50, uint32_t mthd, uint32_t data)
{
   const unsigned w = mthd / 4;

   if (mthd < NV50_HW_RECORD_END) {
      if (BITSET_TEST(nv50->hw_known, w) && nv50->hw_value[w] == data)
         return;
      BITSET_SET(nv50->hw_known, w);
      nv50->hw_value[w] = data;
   }
   NV50_3D_1(nv50, mthd, data);
}

bool
nv50_hw_put_list(struct nv50_context *nv50, const struct nv50_hwlist *l)
{
   if (!nv50_push_begin(nv50, 2 * l->count + 2))
      return false;
   for (unsigned i = 0; i < l->count; i++)
      nv50_hw_put(nv50, l->mthd[i], l->data[i]);
   return true;
}

void
nv50_hw_forget(struct nv50_context *nv50)
{
   BITSET_ZERO(nv50->hw_known);
   nv50->dirty |= NV50_DIRTY_BLEND | NV50_DIRTY_BLEND_COLOR |
                  NV50_DIRTY_ZSA | NV50_DIRTY_STENCIL_REF |
                  NV50_DIRTY_RAST | NV50_DIRTY_SCISSOR | NV50_DIRTY_STIPPLE;
}
