/*
 * The 3D object's methods as last sent (nv30_hwstate.h says why a write
 * of the value held may be left out).
 */

#include <string.h>

#include "nv30_context.h"
#include "nv30_hwstate.h"

static inline bool
nv30_hw_holds(const struct nv30_hwstate *hw, unsigned i, uint32_t value)
{
   return BITSET_TEST(hw->known, i) && hw->value[i] == value;
}

void
nv30_hw_send_group(struct nv30_context *nv30, uint32_t mthd,
                   const uint32_t *values, unsigned count)
{
   struct nv30_hwstate *hw = &nv30->hw;
   unsigned first = mthd / 4;
   unsigned i = 0;

   assert(first + count <= NV30_HW_MTHDS);
   while (i < count) {
      unsigned n;

      if (nv30_hw_holds(hw, first + i, values[i])) {
         i++;
         continue;
      }
      /* a run of changed methods */
      for (n = 1; i + n < count &&
                  !nv30_hw_holds(hw, first + i + n, values[i + n]); n++)
         ;
      NV30_3D_MTHD(nv30, mthd + 4 * i, n);
      nouveau_push_datap(&nv30->push, &values[i], n);
      memcpy(&hw->value[first + i], &values[i], n * sizeof(uint32_t));
      BITSET_SET_RANGE(hw->known, first + i, first + i + n - 1);
      i += n;
   }
}

void
nv30_hw_set(struct nv30_context *nv30, uint32_t mthd, uint32_t value)
{
   struct nv30_hwstate *hw = &nv30->hw;
   unsigned i = mthd / 4;

   if (nv30_hw_holds(hw, i, value))
      return;
   NV30_3D_1(nv30, mthd, value);
   hw->value[i] = value;
   BITSET_SET(hw->known, i);
}

void
nv30_hw_forget_all(struct nv30_context *nv30)
{
   BITSET_ZERO(nv30->hw.known);
}
