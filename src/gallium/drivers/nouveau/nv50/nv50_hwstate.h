/*
 * Fixed-function 3D state as (method, data) pairs.
 *
 * A blend, ZSA or rasterizer CSO works out its methods once, at create,
 * into a struct nv50_hwlist; binding it only marks it dirty, and the
 * draw's validation sends the list through the context's record of what
 * each 3D method last received (nv50_context.hw_*): a method whose value
 * is already there is not sent again, so swapping two CSOs that differ
 * in one field costs one method.  Code that sends one of these methods
 * outside the record (the clears' SCISSOR_ENABLE) goes through
 * nv50_hw_put too, and marks the owning state dirty so that the next
 * draw puts the CSO's value back.
 */
#ifndef NV50_HWSTATE_H
#define NV50_HWSTATE_H

#include <assert.h>
#include <stdint.h>

#include "pipe/p_state.h"
#include "util/bitset.h"

struct nv50_context;

/* The record covers the 3D class's methods below this address (every
 * fixed-function method this file's users send is below it: IBLEND(7)
 * ends at 0x1f00, hwdb g80_3d.xml); higher ones are always sent. */
#define NV50_HW_RECORD_END 0x2000
#define NV50_HW_RECORD_WORDS (NV50_HW_RECORD_END / 4)

/* Room for the longest CSO: the blend state's 8 enables and masks and 8
 * GT215 function sets of 7 (nv50_blend.c). */
#define NV50_HWLIST_MAX 96

struct nv50_hwlist {
   unsigned count;
   uint16_t mthd[NV50_HWLIST_MAX];
   uint32_t data[NV50_HWLIST_MAX];
};

static inline void
nv50_hwlist_add(struct nv50_hwlist *l, uint32_t mthd, uint32_t data)
{
   assert(l->count < NV50_HWLIST_MAX && mthd < NV50_HW_RECORD_END);
   l->mthd[l->count] = mthd;
   l->data[l->count] = data;
   l->count++;
}

/* The CSOs: the pipe state (what the rest of the driver reads) and the
 * methods worked out from it. */
struct nv50_blend_cso {
   struct pipe_blend_state pipe;
   struct nv50_hwlist hw;
};

struct nv50_zsa_cso {
   struct pipe_depth_stencil_alpha_state pipe;
   struct nv50_hwlist hw;
};

struct nv50_rast_cso {
   struct pipe_rasterizer_state pipe;
   struct nv50_hwlist hw;
};

/* nv50_hwstate.c */
/* Sends data to 3D method mthd unless the record says it holds it
 * already (room for 2 words must have been made: nv50_push_begin). */
void nv50_hw_put(struct nv50_context *nv50, uint32_t mthd, uint32_t data);
/* Sends what differs of list l; false when the channel is lost. */
bool nv50_hw_put_list(struct nv50_context *nv50, const struct nv50_hwlist *l);
/* For code that sends fixed-function methods directly (a 3D blit, say):
 * forgets every recorded value and marks the blend, ZSA, rasterizer,
 * scissor and stipple state dirty, so that the next draw sends them all
 * again. */
void nv50_hw_forget(struct nv50_context *nv50);

#endif
