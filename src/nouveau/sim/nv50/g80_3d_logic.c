/*
 * The Tesla ROP's logic op (LOGIC_OP_ENABLE, LOGIC_OP: hwdb g80_3d.xml
 * from rnndb, gl_logic_op: GL's tokens), applied when the draw's staged
 * pixels are written back (g80_3d_rop.c).
 *
 * GL 3.3 4.1.10: the op combines the fragment's colour with the value
 * stored in the buffer, bit by bit as table 4.3 gives (both as the buffer
 * stores them: GL 3.3 2.1.6's conversion of the source); a colour mask
 * then keeps the stored bits of the components it disables (4.2.2);
 * "Logical operation has no effect on a floating-point destination color
 * buffer.  However, if logical operation is enabled, blending is still
 * disabled."  rnndb and envytools say nothing about floating-point
 * targets: assumed as GL says (g80_3d_rop.c writes them unblended).
 */
#include <string.h>

#include "g80_3d_rop.h"

void
g80_3d_logic_pixel(uint32_t format, enum nvsim_raster_logic_op op,
                   unsigned rgba_mask, const uint8_t *src, uint8_t *dst)
{
   unsigned cpp = g80_surface_format_cpp(format);
   uint8_t scratch[16], own[16];
   static const uint32_t zero[4];
   if (!cpp || cpp > sizeof(own) ||
       !g80_surface_format_pack(format, zero, false, rgba_mask, scratch, own))
      return;
   for (unsigned k = 0; k < cpp; k += 4) {
      unsigned n = cpp - k < 4 ? cpp - k : 4;
      uint32_t s = 0, d = 0, m = 0;
      memcpy(&s, src + k, n);
      memcpy(&d, dst + k, n);
      memcpy(&m, own + k, n);
      uint32_t r = nvsim_raster_logic(op, s, d);
      r = (r & m) | (d & ~m);
      memcpy(dst + k, &r, n);
   }
}
