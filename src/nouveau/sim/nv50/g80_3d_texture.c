/*
 * Texture descriptor tables and bindings of the Tesla 3D classes (hwdb
 * g80_3d.xml, g80_texture.xml from rnndb).
 *
 * - TIC_ADDRESS_HIGH/LOW and TSC_ADDRESS_HIGH/LOW place the tables of
 *   0x20-byte entries in the DMA_TIC / DMA_TSC objects; TIC_LIMIT and
 *   TSC_LIMIT are the highest valid index (upstream's nv50 writes
 *   NV50_TIC_MAX_ENTRIES - 1 for its 2048-entry tables).
 * - BIND_TIC(type) binds texture slot TEXTURE of program type VP, GP, FP
 *   ("per program type (vertex, geometry, fragment)") to TIC entry TIC, or
 *   unbinds it (VALID 0); BIND_TSC(type) sampler slot SAMPLER to TSC entry
 *   TSC.  An entry past the limit traps at the bind (INVALID_VALUE; the
 *   hardware's error is not documented, nvsim never reads past a table),
 *   and is checked again when the entry is read, as the limit may change.
 *   A BIND_TSC with bits set above TSC (bits 12-20: entries 0-511) traps
 *   too: the unit's use of them is not documented.
 * - The entries are read when sampled (g80_3d_texture / g80_3d_sampler),
 *   not at the bind: TIC_FLUSH / TSC_FLUSH only invalidate caches nvsim
 *   does not have.
 * Not modelled: LINKED_TSC (the sampler decides; upstream writes 0), the
 * BIND_TIC2/BIND_TSC2 form (its meaning is not documented beyond rnndb's
 * one-bit slot; upstream does not use it) traps in g80_3d_class.c.
 */
#include "g80_3d.h"

enum nvsim_status
g80_3d_bind_tic(struct g80_3d *ctx, unsigned stage, uint32_t data)
{
   uint32_t index = G80_3D_FIELD(data, G80_3D_BIND_TIC_TIC);
   bool valid = data & G80_3D_BIND_TIC_VALID;
   uint32_t limit = g80_3d_reg(ctx, G80_3D_TIC_LIMIT);
   if (valid && index > limit)
      return g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "BIND_TIC: TIC entry %u "
                         "is past TIC_LIMIT %u", index, limit);
   struct g80_3d_binding *b =
      &ctx->tic[stage][G80_3D_FIELD(data, G80_3D_BIND_TIC_TEXTURE)];
   b->valid = valid;
   b->index = index;
   return NVSIM_OK;
}

enum nvsim_status
g80_3d_bind_tsc(struct g80_3d *ctx, unsigned stage, uint32_t data)
{
   uint32_t index = G80_3D_FIELD(data, G80_3D_BIND_TSC_TSC);
   bool valid = data & G80_3D_BIND_TSC_VALID;
   uint32_t limit = g80_3d_reg(ctx, G80_3D_TSC_LIMIT);
   /* rnndb: TSC is bits 12-20, so a bind reaches entries 0-511 of a
    * table TSC_LIMIT may make up to 8192 long; what the unit does with
    * the bits above it is not documented (reading entry index & 511
    * samples with another sampler's state, silently) */
   const uint32_t fields = G80_3D_BIND_TSC_VALID |
                           G80_3D_BIND_TSC_SAMPLER__MASK |
                           G80_3D_BIND_TSC_TSC__MASK;
   if (data & ~fields)
      return g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "BIND_TSC 0x%08x sets "
                         "bits outside VALID, SAMPLER and TSC: TSC entry "
                         "%u is past the field's 9 bits (entries 0-511)",
                         data, data >> G80_3D_BIND_TSC_TSC__SHIFT);
   if (valid && index > limit)
      return g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "BIND_TSC: TSC entry %u "
                         "is past TSC_LIMIT %u", index, limit);
   struct g80_3d_binding *b =
      &ctx->tsc[stage][G80_3D_FIELD(data, G80_3D_BIND_TSC_SAMPLER)];
   b->valid = valid;
   b->index = index;
   return NVSIM_OK;
}

/* The 8 words of entry `index` of a table; false (trap detail set) past
 * the limit or where no mapped buffer is. */
static bool
read_entry(struct g80_3d *ctx, const char *what, uint32_t dma_mthd,
           uint32_t high, uint32_t low, uint32_t limit_mthd, uint32_t index,
           uint32_t w[G80_TEXTURE_DESC_WORDS])
{
   uint32_t limit = g80_3d_reg(ctx, limit_mthd);
   if (index > limit) {
      g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "%s entry %u is past its limit "
                  "%u", what, index, limit);
      return false;
   }
   struct nvsim_object *dma;
   if (g80_3d_resolve_dma(ctx, dma_mthd, what, &dma))
      return false;
   uint64_t va = ((uint64_t)g80_3d_reg(ctx, high) << 32 | g80_3d_reg(ctx, low)) +
                 (uint64_t)index * G80_TEXTURE_DESC_WORDS * 4;
   const uint8_t *p = nvsim_dma_ptr(dma, va, G80_TEXTURE_DESC_WORDS * 4);
   if (!p) {
      g80_3d_fail(ctx, NVSIM_DMA_ERROR, "%s entry %u at 0x%llx is not in a "
                  "mapped buffer", what, index, (unsigned long long)va);
      return false;
   }
   for (unsigned i = 0; i < G80_TEXTURE_DESC_WORDS; i++)
      w[i] = nvsim_get32(p + 4 * i);
   return true;
}

static const struct g80_3d_binding *
binding(struct g80_3d *ctx, const char *what, struct g80_3d_binding *table,
        unsigned stage, unsigned slot, unsigned slots)
{
   if (stage >= G80_3D_NUM_STAGES || slot >= slots) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "%s slot %u of program type %u: "
                  "no such slot", what, slot, stage);
      return NULL;
   }
   const struct g80_3d_binding *b = &table[stage * slots + slot];
   if (!b->valid) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "%s slot %u of program type %u "
                  "is not bound", what, slot, stage);
      return NULL;
   }
   return b;
}

/* rnndb's G84- TIC fields (chipset variants, the TIC domain's
 * prefix="chipset"): every Tesla after G80.  Such a chip has one of the 3D
 * classes from G84_3D on (hwdb fifo.xml obj-class variants: G84_3D on
 * G84:G200, G200_3D on G200:GT215, GT215_3D on GT215:MCP89, MCP89_3D on
 * MCP89); G84_3D alone is not enough, G200 and GT215 do not have it. */
static bool
chip_is_g84_on(const struct g80_3d *ctx)
{
   const uint32_t *c = nvsim_object_chip(ctx->obj)->classes;
   for (; c && *c; c++)
      if (*c == G84_3D_CLASS || *c == G200_3D_CLASS ||
          *c == GT215_3D_CLASS || *c == MCP89_3D_CLASS)
         return true;
   return false;
}

bool
g80_3d_texture(struct g80_3d *ctx, enum g80_stage stage, unsigned slot,
               struct g80_tic *tic)
{
   const struct g80_3d_binding *b =
      binding(ctx, "texture", &ctx->tic[0][0], stage, slot,
              G80_3D_NUM_TEXTURES);
   uint32_t w[G80_TEXTURE_DESC_WORDS];
   if (!b || !read_entry(ctx, "TIC", G80_3D_DMA_TIC, G80_3D_TIC_ADDRESS_HIGH,
                         G80_3D_TIC_ADDRESS_LOW, G80_3D_TIC_LIMIT, b->index, w))
      return false;
   bool g84 = chip_is_g84_on(ctx);
   const char *why;
   if (!g80_tic_decode(w, g84, tic, &why)) {
      g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "TIC entry %u: %s", b->index, why);
      return false;
   }
   return true;
}

bool
g80_3d_sampler(struct g80_3d *ctx, enum g80_stage stage, unsigned slot,
               struct g80_tsc *tsc)
{
   const struct g80_3d_binding *b =
      binding(ctx, "sampler", &ctx->tsc[0][0], stage, slot,
              G80_3D_NUM_SAMPLERS);
   uint32_t w[G80_TEXTURE_DESC_WORDS];
   if (!b || !read_entry(ctx, "TSC", G80_3D_DMA_TSC, G80_3D_TSC_ADDRESS_HIGH,
                         G80_3D_TSC_ADDRESS_LOW, G80_3D_TSC_LIMIT, b->index, w))
      return false;
   const char *why;
   if (!g80_tsc_decode(w, tsc, &why)) {
      g80_3d_fail(ctx, NVSIM_INVALID_VALUE, "TSC entry %u: %s", b->index, why);
      return false;
   }
   return true;
}
