/*
 * RGTC block decoding (nvsim_texture.h): ARB_texture_compression_rgtc,
 * appendix "RGTC Compressed Texture Image Formats".  A channel is an
 * 8-byte block: red0, red1, then 48 bits of 3-bit codes, texel (x, y)'s
 * at bits 3 (4y + x) .. +2.  red0 > red1: codes 2..7 interpolate
 * ((8 - code) RED0 + (code - 1) RED1) / 7; else codes 2..5 interpolate by
 * fifths and 6, 7 give MINRED, MAXRED.  Unsigned: REDn = redn / 255,
 * MINRED 0, MAXRED 1; signed: redn two's complement, REDn = redn / 127
 * (-128 -> -1.0), MINRED -1, MAXRED 1, and the comparison is of the
 * signed values.
 */
#include "nvsim_texture.h"

static float
endpoint(int v, bool is_signed)
{
   if (!is_signed)
      return v / 255.0f;
   return v > -128 ? v / 127.0f : -1.0f;
}

float
nvsim_tex_rgtc_channel(const uint8_t *blk, bool is_signed, unsigned x,
                       unsigned y)
{
   int r0 = is_signed ? (int8_t)blk[0] : blk[0];
   int r1 = is_signed ? (int8_t)blk[1] : blk[1];
   uint64_t bits = 0;
   for (unsigned k = 0; k < 6; k++)
      bits |= (uint64_t)blk[2 + k] << (8 * k);
   unsigned code = (bits >> (3 * (4 * (y & 3) + (x & 3)))) & 7;
   float e0 = endpoint(r0, is_signed), e1 = endpoint(r1, is_signed);
   if (code == 0)
      return e0;
   if (code == 1)
      return e1;
   if (r0 > r1)
      return ((8 - code) * e0 + (code - 1) * e1) / 7.0f;
   if (code < 6)
      return ((6 - code) * e0 + (code - 1) * e1) / 5.0f;
   if (code == 6)
      return is_signed ? -1.0f : 0.0f;
   return 1.0f;
}
