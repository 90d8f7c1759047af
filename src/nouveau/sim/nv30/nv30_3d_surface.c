/*
 * Rankine's render target pitches (hwdb nv30-40_3d.xml: COLOR0_PITCH of
 * NV30_3D:NV40_3D has COLOR0 in bits 0-15 and ZETA in bits 16-31; curie
 * has ZETA_PITCH at 0x022c, which rankine names HIERZ_PITCH).
 */
#include "nv30_3d.h"
#include "nv40_3d.h"

uint32_t
nv30_3d_surface_pitch(const struct nv40_3d *ctx, uint32_t mthd)
{
   if (!ctx->rankine)
      return nv40_3d_reg(ctx, mthd);
   uint32_t c0 = nv40_3d_reg(ctx, NV30_3D_COLOR0_PITCH);
   if (mthd == NV40_3D_COLOR0_PITCH)
      return NV40_3D_FIELD(c0, NV30_3D_COLOR0_PITCH_COLOR0);
   if (mthd == NV40_3D_ZETA_PITCH)
      return NV40_3D_FIELD(c0, NV30_3D_COLOR0_PITCH_ZETA);
   return nv40_3d_reg(ctx, mthd);
}
