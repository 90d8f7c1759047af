/*
 * What the 3D object holds: the last value sent to each method that the
 * state groups send through these helpers (nv30_emit.c, nv30_shader.c,
 * nv30_texture.c, the clear and the blend split), so that a group whose
 * state changed sends only the methods whose value changed.  Methods are
 * 3D object state that keeps its value until written (rnndb; nvsim
 * nv40_3d_class.c treats every method but the draws, uploads, queries,
 * fences and cache operations as such), so leaving out a write of the
 * value held changes nothing.
 *
 * Every write of a tracked method goes through the helpers.  Another
 * context's commands on a shared channel may change any of them: then
 * nothing is known (nv30_hw_forget_all, from nv30_channel_enter).
 */
#ifndef NV30_HWSTATE_H
#define NV30_HWSTATE_H

#include <stdint.h>

#include "util/bitset.h"
#include "fifo.xml.h"

/* Methods of a subchannel's object: the method field of a command
 * header (hwdb fifo.xml NV4_DMA_CMD_METHOD), in words. */
#define NV30_HW_MTHDS ((NV4_DMA_CMD_METHOD__MASK >> NV4_DMA_CMD_METHOD__SHR) + 1)

struct nv30_hwstate {
   uint32_t value[NV30_HW_MTHDS];
   BITSET_DECLARE(known, NV30_HW_MTHDS);
};

struct nv30_context;

/* nv30_hw_set_group's sending (some value differs from the one held). */
void nv30_hw_send_group(struct nv30_context *nv30, uint32_t mthd,
                        const uint32_t *values, unsigned count);

/* Sends count consecutive methods from mthd with values[], leaving out
 * those that hold their value; each run of changed methods goes under
 * one header.  The caller reserved count + 1 words per run at most:
 * 2 * count.  (Inline: at most draws nothing changed.) */
static inline void
nv30_hw_set_group_in(struct nv30_hwstate *hw, struct nv30_context *nv30,
                     uint32_t mthd, const uint32_t *values, unsigned count)
{
   for (unsigned i = 0, m = mthd / 4; i < count; i++, m++) {
      if (!BITSET_TEST(hw->known, m) || hw->value[m] != values[i]) {
         nv30_hw_send_group(nv30, mthd, values, count);
         return;
      }
   }
}
#define nv30_hw_set_group(nv30, mthd, values, count) \
   nv30_hw_set_group_in(&(nv30)->hw, (nv30), (mthd), (values), (count))
/* The same for one method. */
void nv30_hw_set(struct nv30_context *nv30, uint32_t mthd, uint32_t value);
/* Nothing is known of what the 3D object holds. */
void nv30_hw_forget_all(struct nv30_context *nv30);

#endif
