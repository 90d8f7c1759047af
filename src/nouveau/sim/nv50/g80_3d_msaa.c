/*
 * Multisampling in the Tesla 3D class: MULTISAMPLE_MODE (hwdb
 * g80_msaa_mode, rnndb g80_defs.xml) and what it makes of the targets.
 *
 * Facts (envytools-docs hw/memory/g80-surface.rst, "Multisampled
 * surfaces"): a multisampled surface stores every sample of a pixel; mode
 * 1X1, 2X1, 2X2 and 4X2 store pixel (x, y) as the block of that many
 * surface pixels (1x1, 2x1, 2x2, 4x2) at (x, y) times the block size, the
 * layout being otherwise the surface's ("a multisampled render target is
 * bound as a non-multisampled texture for the resolving process"); each
 * sample's position in the pixel and place in the block are the doc's
 * table, hwdb G80_MS_SAMPLE.  Upstream's nv50 driver agrees: its
 * surfaces are the pixel size shifted by the block (nv50_miptree.c
 * ms_x/ms_y, RT_HORIZ/ZETA_HORIZ of that width), its clear and scissor
 * rectangles are in pixels, and its get_sample_position is the same
 * table.
 *
 * Assumptions (not documented; docs/tesla.md "Multisampling"): the
 * sample positions' y grows with the surface's rows (the storage table
 * puts samples of the lower half of the pixel in the block's second
 * row, which agrees); MSAA_MASK(0) bit s keeps sample s (upstream writes
 * its 16-bit sample mask into all four; four different masks trap), and
 * a new context's MSAA_MASK keeps every sample (0xffff: the kernel's
 * context defaults are not documented, and upstream's first draws into
 * a multisampled target come before it ever writes MSAA_MASK, which it
 * does only when the sample mask changes);
 * with MULTISAMPLE_ENABLE 0, coverage is the pixel centre's for every
 * sample (ARB_multisample with MULTISAMPLE disabled); alpha-to-coverage
 * keeps the lowest round(alpha * samples) samples (the shared
 * rasteriser's rule; the hardware's dither is not documented).
 * Not modelled (trap): the coverage-sampled modes, GT215's 4X2_D3D and
 * 2X1_D3D (rnndb and the doc disagree on their order), per-sample
 * shading (GT215 SAMPLE_SHADING ENABLE) and the FP's sample mask output
 * (FP_MULTISAMPLE EXPORT_SAMPLE_MASK).
 */
#include "g80_3d_msaa.h"
#include "g80_defs.xml.h"

struct mode_desc {
   uint32_t mode;
   unsigned log2_x, log2_y;
   unsigned samples;
   uint32_t sample[NVSIM_RASTER_MAX_SAMPLES];
};

static const struct mode_desc modes[] = {
   { G80_3D_MULTISAMPLE_MODE_1X1, 0, 0, 1, { G80_MS_SAMPLE_1X1_0 } },
   { G80_3D_MULTISAMPLE_MODE_2X1, 1, 0, 2,
     { G80_MS_SAMPLE_2X1_0, G80_MS_SAMPLE_2X1_1 } },
   { G80_3D_MULTISAMPLE_MODE_2X2, 1, 1, 4,
     { G80_MS_SAMPLE_2X2_0, G80_MS_SAMPLE_2X2_1, G80_MS_SAMPLE_2X2_2,
       G80_MS_SAMPLE_2X2_3 } },
   { G80_3D_MULTISAMPLE_MODE_4X2, 2, 1, 8,
     { G80_MS_SAMPLE_4X2_0, G80_MS_SAMPLE_4X2_1, G80_MS_SAMPLE_4X2_2,
       G80_MS_SAMPLE_4X2_3, G80_MS_SAMPLE_4X2_4, G80_MS_SAMPLE_4X2_5,
       G80_MS_SAMPLE_4X2_6, G80_MS_SAMPLE_4X2_7 } },
};

void
g80_3d_ms_init(struct g80_3d *ctx)
{
   for (unsigned i = 0; i < G80_3D_MSAA_MASK__LEN; i++)
      ctx->regs[G80_3D_MSAA_MASK(i) / 4] = 0xffff;
}

enum nvsim_status
g80_3d_ms_mode(struct g80_3d *ctx, struct g80_3d_ms *ms)
{
   uint32_t mode = g80_3d_reg(ctx, G80_3D_MULTISAMPLE_MODE);
   for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
      const struct mode_desc *d = &modes[i];
      if (d->mode != mode)
         continue;
      *ms = (struct g80_3d_ms) {
         .mode = mode, .samples = d->samples,
         .log2_x = d->log2_x, .log2_y = d->log2_y,
      };
      for (unsigned s = 0; s < d->samples; s++) {
         uint32_t v = d->sample[s];
         ms->pos[s][0] = G80_3D_FIELD(v, G80_MS_SAMPLE_X);
         ms->pos[s][1] = G80_3D_FIELD(v, G80_MS_SAMPLE_Y);
         ms->store[s][0] = G80_3D_FIELD(v, G80_MS_SAMPLE_STORE_X);
         ms->store[s][1] = G80_3D_FIELD(v, G80_MS_SAMPLE_STORE_Y);
      }
      return NVSIM_OK;
   }
   return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "MULTISAMPLE_MODE 0x%x is "
                      "not modelled (coverage sampling or GT215's D3D "
                      "sample orders)", mode);
}

void
g80_3d_ms_surface(const struct g80_3d_ms *ms, struct nvsim_raster_surface *s)
{
   s->ms_x = (uint8_t)ms->log2_x;
   s->ms_y = (uint8_t)ms->log2_y;
   s->sample_store = ms->samples > 1 ? ms->store : NULL;
}

enum nvsim_status
g80_3d_ms_raster(struct g80_3d *ctx, const struct g80_3d_ms *ms,
                 struct nvsim_raster_state *rs)
{
   rs->samples = ms->samples;
   rs->sample_pos = ms->pos;
   rs->sample_mask = ~0u;
   if (ms->samples <= 1)
      return NVSIM_OK;
   if (ctx->obj->oclass >= GT215_3D_CLASS) {
      if (g80_3d_reg(ctx, GT215_3D_SAMPLE_SHADING) &
          GT215_3D_SAMPLE_SHADING_ENABLE)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "per-sample shading "
                            "(SAMPLE_SHADING ENABLE) is not modelled");
      if (g80_3d_reg(ctx, GT215_3D_FP_MULTISAMPLE))
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "FP_MULTISAMPLE 0x%x "
                            "(sample mask export, per-sample FP) is not "
                            "modelled", g80_3d_reg(ctx, GT215_3D_FP_MULTISAMPLE));
   }
   uint32_t mask = g80_3d_reg(ctx, G80_3D_MSAA_MASK(0));
   for (unsigned i = 1; i < G80_3D_MSAA_MASK__LEN; i++)
      if (g80_3d_reg(ctx, G80_3D_MSAA_MASK(i)) != mask)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "MSAA_MASK(%u) 0x%x "
                            "differs from MSAA_MASK(0) 0x%x: not modelled",
                            i, g80_3d_reg(ctx, G80_3D_MSAA_MASK(i)), mask);
   rs->sample_mask = mask;
   rs->multisample = g80_3d_reg(ctx, G80_3D_MULTISAMPLE_ENABLE) != 0;
   uint32_t ctl = g80_3d_reg(ctx, G80_3D_MULTISAMPLE_CTRL);
   rs->alpha_to_coverage = (ctl & G80_3D_MULTISAMPLE_CTRL_ALPHA_TO_COVERAGE) != 0;
   rs->alpha_to_one = (ctl & G80_3D_MULTISAMPLE_CTRL_ALPHA_TO_ONE) != 0;
   return NVSIM_OK;
}
