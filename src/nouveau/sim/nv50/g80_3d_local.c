/*
 * Local memory (l[]) of the 3D class's programs: where a warp's per-thread
 * l[] spaces are in the VM.
 *
 * Facts: LOCAL_ADDRESS_HIGH/LOW, LOCAL_SIZE_LOG and DMA_LOCAL (hwdb
 * g80_3d.xml from rnndb graph/g80_3d.xml; LOCAL_SIZE_LOG is "log2(size_in_
 * bytes/8). 1-0xd, or 0 to disable local").  envytools-docs
 * tesla/cuda/isa.rst: l[] is "per-thread ... directly mapped to VM space
 * (although with heavy address mangling)", its per-thread length "any
 * power of two size between 0x10 and 0x10000 bytes, or 0"; warps are 32
 * threads.  Upstream's nv50 (nv50_screen.c, facts) gives LOCAL_SIZE_LOG
 * as log2(per-thread bytes / 8) and sizes the buffer for every thread the
 * chip can hold at once: per-thread bytes x TPs x MPs a TP x 32 warps x 32
 * threads; DMA_LOCAL is the VRAM object it writes into DMA_ZETA's 11 words.
 *
 * Assumptions, because no document gives the mangling: nvsim runs one
 * warp at a time, so it gives every warp the first warp slot of the
 * buffer, its lanes one after the other: lane l's byte b is at
 * LOCAL_ADDRESS + l x size + b.  A program cannot see the layout except
 * through what the buffer holds between draws, which GL leaves undefined
 * (an uninitialised array).  l[] is read and written in the buffer itself,
 * so it keeps its bytes from one warp to the next, as memory does.  The
 * warp's whole range (32 x size bytes) must lie in one mapped buffer of
 * DMA_LOCAL, else the draw traps before the program runs; a LOCAL_SIZE_LOG
 * past rnndb's 0xd traps too.  With LOCAL_SIZE_LOG 0 a program has no
 * l[] and one that uses it faults (the interpreter's bounds check).
 */
#include "g80_3d.h"

enum nvsim_status
g80_3d_local_space(struct g80_3d *ctx, uint8_t **mem, unsigned *bytes)
{
   uint32_t log = g80_3d_reg(ctx, G80_3D_LOCAL_SIZE_LOG);
   *mem = NULL;
   *bytes = 0;
   if (log == G80_3D_LOCAL_SIZE_LOG_DISABLED)
      return NVSIM_OK;
   if (log > G80_3D_LOCAL_SIZE_LOG_MAX)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "LOCAL_SIZE_LOG 0x%x is "
                         "past 0x%x (rnndb)", log, G80_3D_LOCAL_SIZE_LOG_MAX);
   /* rnndb: the value is log2(bytes / 8) */
   unsigned size = 8u << log;
   struct nvsim_object *dma;
   enum nvsim_status st = g80_3d_resolve_dma(ctx, G80_3D_DMA_LOCAL,
                                             "local memory", &dma);
   if (st)
      return st;
   uint64_t address = (uint64_t)g80_3d_reg(ctx, G80_3D_LOCAL_ADDRESS_HIGH)
                      << 32 | g80_3d_reg(ctx, G80_3D_LOCAL_ADDRESS_LOW);
   uint64_t len = (uint64_t)size * G80_SHADER_WARP_LANES;
   *mem = nvsim_dma_ptr(dma, address, len);
   if (!*mem)
      return g80_3d_fail(ctx, NVSIM_DMA_ERROR, "local memory: a warp's 0x%llx "
                         "bytes (0x%x a thread) at 0x%llx are not in one "
                         "mapped buffer", (unsigned long long)len, size,
                         (unsigned long long)address);
   *bytes = size;
   return NVSIM_OK;
}
