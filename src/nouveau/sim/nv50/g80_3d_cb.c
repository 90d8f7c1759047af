/*
 * Constant buffers of the Tesla 3D classes (hwdb g80_3d.xml from rnndb
 * graph/g80_3d.xml; envytools-docs tesla/cuda/isa.rst "const spaces":
 * "Each of the 16 const spaces of each program type can be independently
 * bound to one of 128 global (per channel) const buffers.  In turn, each
 * of the const buffers can be independently bound to a range of VM
 * space").
 *
 * - CB_DEF_SET defines buffer BUFFER as SIZE bytes at CB_DEF_ADDRESS_HIGH/
 *   LOW, in the DMA_CODE_CB object.
 * - CB_ADDR selects buffer BUFFER and word ID in it; each CB_DATA word is
 *   written there, through the VM, and ID moves on by one word (upstream's
 *   nv50 streams uniforms as one CB_ADDR then CB_DATA(0) non-increasing,
 *   and points CB_ADDR at byte offsets as offset / 4 << 8: ID counts
 *   words).
 * - SET_PROGRAM_CB binds (VALID) or unbinds c[INDEX] of program type
 *   PROGRAM to buffer BUFFER, kept for the shader interpreter
 *   (g80_3d_program_cb).
 *
 * Assumptions (not documented): SIZE 0 is 0x10000 bytes, the whole 16-bit
 * const space (upstream defines its 64 KiB buffers, NV50_CB_AUX_SIZE and
 * the per-stage uniform buffers, with SIZE 0 and uploads into all of
 * them); a CB_DATA word at or past SIZE, into a buffer never defined, or
 * where no mapped buffer is, traps and writes nothing (the hardware's
 * behaviour is not documented: nvsim never writes outside a buffer); the
 * definition is read when CB_DATA and the shaders use it, so a buffer
 * redefined later is written / read at its new place.
 */
#include "g80_3d.h"

enum nvsim_status
g80_3d_cb_def(struct g80_3d *ctx, uint32_t data)
{
   uint64_t addr = (uint64_t)g80_3d_reg(ctx, G80_3D_CB_DEF_ADDRESS_HIGH) << 32 |
                   g80_3d_reg(ctx, G80_3D_CB_DEF_ADDRESS_LOW);
   if (addr >> G80_VM_ADDRESS_BITS)
      return g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "CB_DEF_ADDRESS 0x%llx "
                         "is past the %u-bit VM",
                         (unsigned long long)addr, G80_VM_ADDRESS_BITS);
   struct g80_3d_cb *cb = &ctx->cb[G80_3D_FIELD(data, G80_3D_CB_DEF_SET_BUFFER)];
   uint32_t size = G80_3D_FIELD(data, G80_3D_CB_DEF_SET_SIZE);
   cb->defined = true;
   cb->address = addr;
   cb->size = size ? size : G80_3D_FIELD_VALUES(G80_3D_CB_DEF_SET_SIZE);
   return NVSIM_OK;
}

enum nvsim_status
g80_3d_cb_data(struct g80_3d *ctx, uint32_t data)
{
   uint32_t a = g80_3d_reg(ctx, G80_3D_CB_ADDR);
   unsigned buffer = G80_3D_FIELD(a, G80_3D_CB_ADDR_BUFFER);
   uint32_t id = G80_3D_FIELD(a, G80_3D_CB_ADDR_ID);
   const struct g80_3d_cb *cb = &ctx->cb[buffer];
   if (!cb->defined)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "CB_DATA into constant "
                         "buffer %u, which CB_DEF_SET never defined", buffer);
   if ((uint64_t)id * 4 + 4 > cb->size)
      return g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "CB_DATA word %u is past "
                         "the end of constant buffer %u (0x%x bytes)", id,
                         buffer, cb->size);
   struct nvsim_object *dma;
   enum nvsim_status st = g80_3d_resolve_dma(ctx, G80_3D_DMA_CODE_CB,
                                             "CB_DATA", &dma);
   if (st)
      return st;
   uint64_t va = cb->address + (uint64_t)id * 4;
   uint8_t *p = nvsim_dma_ptr(dma, va, 4);
   if (!p)
      return g80_3d_fail(ctx, NVSIM_DMA_ERROR, "CB_DATA word %u of constant "
                         "buffer %u: 0x%llx is not in a mapped buffer", id,
                         buffer, (unsigned long long)va);
   nvsim_put32(p, data);
   /* the next word; ID cannot wrap: a full buffer ends at ID's range */
   ctx->regs[G80_3D_CB_ADDR / 4] = (a & ~G80_3D_CB_ADDR_ID__MASK) |
                                   G80_3D_CB_ADDR_ID(id + 1);
   return NVSIM_OK;
}

/* SET_PROGRAM_CB PROGRAM (VERTEX, GEOMETRY, FRAGMENT; the method's enum
 * check has refused the others) as a program type. */
static enum g80_stage
program_stage(uint32_t data)
{
   switch (data & G80_3D_SET_PROGRAM_CB_PROGRAM__MASK) {
   case G80_3D_SET_PROGRAM_CB_PROGRAM_GEOMETRY:
      return G80_STAGE_GP;
   case G80_3D_SET_PROGRAM_CB_PROGRAM_FRAGMENT:
      return G80_STAGE_FP;
   default:
      return G80_STAGE_VP;
   }
}

enum nvsim_status
g80_3d_set_program_cb(struct g80_3d *ctx, uint32_t data)
{
   struct g80_3d_binding *b =
      &ctx->program_cb[program_stage(data)]
                      [G80_3D_FIELD(data, G80_3D_SET_PROGRAM_CB_INDEX)];
   b->valid = data & G80_3D_SET_PROGRAM_CB_VALID;
   b->index = G80_3D_FIELD(data, G80_3D_SET_PROGRAM_CB_BUFFER);
   return NVSIM_OK;
}

bool
g80_3d_program_cb(struct g80_3d *ctx, enum g80_stage stage, unsigned index,
                  const uint8_t **data, uint32_t *size)
{
   if ((unsigned)stage >= G80_3D_NUM_STAGES || index >= G80_3D_NUM_PROGRAM_CB) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "c%u[] of program type %u: no "
                  "such slot", index, stage);
      return false;
   }
   const struct g80_3d_binding *b = &ctx->program_cb[stage][index];
   if (!b->valid) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "c%u[] of program type %u is not "
                  "bound (SET_PROGRAM_CB)", index, stage);
      return false;
   }
   const struct g80_3d_cb *cb = &ctx->cb[b->index];
   if (!cb->defined) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "c%u[] of program type %u: "
                  "constant buffer %u was never defined", index, stage,
                  b->index);
      return false;
   }
   struct nvsim_object *dma;
   if (g80_3d_resolve_dma(ctx, G80_3D_DMA_CODE_CB, "constant buffer", &dma))
      return false;
   const uint8_t *p = nvsim_dma_ptr(dma, cb->address, cb->size);
   if (!p) {
      g80_3d_fail(ctx, NVSIM_DMA_ERROR, "constant buffer %u (0x%llx, 0x%x "
                  "bytes) is not in one mapped buffer", b->index,
                  (unsigned long long)cb->address, cb->size);
      return false;
   }
   *data = p;
   *size = cb->size;
   return true;
}
