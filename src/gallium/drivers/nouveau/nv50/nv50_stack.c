/*
 * The warps' control stack in memory, and local memory.
 *
 * Facts: a warp's control flow stack is made of 64-bit entries (isa.rst
 * "Control flow stack": joinat, a divergent branch's other side,
 * prebreak, call each hold one until popped).  The 3D class keeps it at
 * STACK_ADDRESS (in DMA_STACK), STACK_SIZE_LOG entries a warp and
 * STACK_WARPS_LOG_ALLOC bits of warp number (rnndb graph/g80_3d.xml
 * through hwdb).  rnndb says STACK_SIZE_LOG is log2(entries) + 1; upstream
 * Mesa's nv50 writes 4 there, which by that rule is 8 entries, while it
 * allocates 64 entries of 8 bytes a warp for 32 warps of every MP
 * (nv50_screen.c).  We follow rnndb's rule with the compiler's bound
 * (NVC_G80_STACK_ENTRIES, the entries a warp may use): 64 entries,
 * STACK_SIZE_LOG 7, the same 512 bytes a warp.  The MPs come from the
 * kernel's GRAPH_UNITS (hwdb g80_graph_units); warp slots per MP are 32
 * (STACK_WARPS_LOG_ALLOC 7: 5 bits, rnndb), the most any Tesla MP runs.
 * The TP and MP counts are rounded up to powers of two, so that any way
 * the hardware packs (TP, MP, warp) into the stack index stays inside.
 *
 * nvsim keeps the stack inside its interpreter (64 entries, docs/tesla.md
 * "Control flow") and does not read these methods.
 *
 * Local memory (l[], LOCAL_*): the compiler never spills to it or
 * addresses it, so LOCAL_SIZE_LOG stays DISABLED (its reset value; sent
 * here so that the state is known).
 */

#include <stdint.h>

#include <nouveau_drm.h>

#include "util/u_math.h"

#include "nouveau/nouveau_debug.h"
#include "nvc_g80.h"
#include "nv50_context.h"
#include "g80_defs.xml.h"

#define NV50_STACK_ENTRY_BYTES 8
/* STACK_WARPS_LOG_ALLOC 32_WARPS is 5 bits of warp number */
#define NV50_STACK_WARPS 32

bool
nv50_stack_init(struct nv50_context *nv50)
{
   struct nouveau_device *dev = nv50->screen->base.device;
   uint64_t units = 0;

   if (nouveau_getparam(dev, NOUVEAU_GETPARAM_GRAPH_UNITS, &units) ||
       !units) {
      NOUVEAU_ERR("no GRAPH_UNITS: the stack is sized for one MP\n");
      units = G80_GRAPH_UNITS_TP_MASK(1) | G80_GRAPH_UNITS_MP_MASK(1);
   }
   unsigned tps = util_bitcount(units & G80_GRAPH_UNITS_TP_MASK__MASK);
   unsigned mps = util_bitcount(units & G80_GRAPH_UNITS_MP_MASK__MASK);
   uint64_t size = (uint64_t)util_next_power_of_two(MAX2(tps, 1)) *
                   util_next_power_of_two(MAX2(mps, 1)) * NV50_STACK_WARPS *
                   NVC_G80_STACK_ENTRIES * NV50_STACK_ENTRY_BYTES;

   return nouveau_bo_new(dev, NOUVEAU_BO_VRAM, 1 << 16, size, NULL,
                         &nv50->stack_bo) == 0;
}

void
nv50_stack_emit(struct nv50_context *nv50)
{
   uint64_t addr = nv50->stack_bo->offset;

   nv50_bin_ref(nv50, NV50_BIN_CONTEXT, nv50->stack_bo,
                NOUVEAU_BO_VRAM | NOUVEAU_BO_RDWR);
   /* DMA_STACK is the VRAM object, as every DMA_* (nv50_context.c) */
   NV50_3D_1(nv50, G80_3D_STACK_WARPS_LOG_ALLOC,
             G80_3D_STACK_WARPS_LOG_ALLOC_32_WARPS);
   NV50_3D_1(nv50, G80_3D_STACK_WARPS_NO_CLAMP, 0);
   NV50_3D_MTHD(nv50, G80_3D_STACK_ADDRESS_HIGH, 3);
   nouveau_push_data(&nv50->push, addr >> 32);
   nouveau_push_data(&nv50->push, addr);
   /* rnndb: log2(entries) + 1 */
   STATIC_ASSERT(NVC_G80_STACK_ENTRIES > 1 &&
                 (1 << (G80_3D_STACK_SIZE_LOG_MAX - 1)) >= NVC_G80_STACK_ENTRIES);
   nouveau_push_data(&nv50->push,
                     util_logbase2(NVC_G80_STACK_ENTRIES) + 1);
   NV50_3D_1(nv50, G80_3D_LOCAL_SIZE_LOG, G80_3D_LOCAL_SIZE_LOG_DISABLED);
}
