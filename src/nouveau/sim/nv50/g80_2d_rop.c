/*
 * G80_2D's OPERATION ROP with a pattern (g80_2d.c's blits): facts from
 * hwdb g80_2d.xml (rnndb graph/g80_2d.xml): OPERATION ROP is "DST =
 * ROP(DST, SRC, PATTERN)", the ROP method's doc "ROP(DSTbit, SRCbit,
 * PATTERNbit) = ROP >> (DSTbit | SRCbit << 1 | PATTERNbit << 2) & 1", bit
 * by bit; PATTERN_SELECT picks a monochrome bitmap (8x8, 64x1, 1x64:
 * PATTERN_BITMAP's 64 bits) whose bits choose PATTERN_BITMAP_COLOR[0] or
 * [1], or a colour pattern.
 *
 * Modelled: bitmap patterns whose 64 bits are all 0 or all 1 (the pattern
 * is then one colour everywhere, whatever the bit order
 * PATTERN_BITMAP_FORMAT and the PATTERN_OFFSET, which no document
 * gives), with PATTERN_COLOR_FORMAT A8R8G8B8 into a 4-byte destination.
 * Assumed: the A8R8G8B8 colour's 32 bits are the destination pixel's bits
 * (upstream's nv50_surface.c, facts: its masked depth/stencil blits into
 * Z24S8 give the write mask as PATTERN_BITMAP_COLOR[1] with all bitmap
 * bits set and ROP 0xca, "DPSDxax": the source where the mask has ones).
 * Anything else returns why, and the blit traps as not modelled.
 */
#include "g80_2d_rop.h"
#include "g80_2d.xml.h"

const char *
g80_2d_pattern_uniform(const struct g80_2d_pattern *p, unsigned cpp,
                       uint32_t *value)
{
   if (p->select == G80_2D_PATTERN_SELECT_COLOR)
      return "colour patterns (PATTERN_SELECT COLOR) are not modelled";
   if (p->select > G80_2D_PATTERN_SELECT_COLOR)
      return "PATTERN_SELECT is not one hwdb names";
   bool ones = p->bitmap[0] == ~0u && p->bitmap[1] == ~0u;
   bool zeros = !p->bitmap[0] && !p->bitmap[1];
   if (!ones && !zeros)
      return "a pattern bitmap with both 0 and 1 bits is not modelled "
             "(its bit order and offset are not documented)";
   if (p->color_format != G80_2D_PATTERN_COLOR_FORMAT_A8R8G8B8 || cpp != 4)
      return "a pattern other than A8R8G8B8 into a 4-byte destination is "
             "not modelled";
   *value = p->bitmap_color[ones ? 1 : 0];
   return NULL;
}

uint32_t
g80_2d_rop3(uint8_t rop, uint32_t d, uint32_t s, uint32_t p)
{
   uint32_t r = 0;
   for (unsigned k = 0; k < 8; k++) {
      if (!(rop >> k & 1))
         continue;
      r |= (k & 1 ? d : ~d) & (k & 2 ? s : ~s) & (k & 4 ? p : ~p);
   }
   return r;
}
