/*
 * Helpers shared by the NV40 vertex and fragment program interpreters:
 * fp16 conversion, condition codes, error strings.
 */
#include <math.h>
#include <string.h>

#include "nv40_shader_exec.h"
#include "nv40_shader_priv.h"

/* IEEE 754 binary16, as the spec defines fp16 (NV_half_float, "s.e5.m10"),
 * round to nearest even; overflow gives infinity. */
uint16_t
nvsim_float_to_half(float f)
{
   uint32_t x;
   memcpy(&x, &f, 4);
   uint32_t sign = (x >> 16) & 0x8000;
   uint32_t exp = (x >> 23) & 0xff;
   uint32_t man = x & 0x7fffff;

   if (exp == 0xff)                       /* inf, nan */
      return sign | 0x7c00 | (man ? 0x200 | (man >> 13) : 0);
   int e = (int)exp - 127 + 15;
   if (e >= 0x1f)
      return sign | 0x7c00;
   if (e <= 0) {                          /* denormal or zero */
      if (e < -10)
         return sign;
      man |= 0x800000;
      unsigned shift = 14 - e;
      uint32_t h = man >> shift;
      uint32_t rem = man & ((1u << shift) - 1);
      uint32_t half = 1u << (shift - 1);
      if (rem > half || (rem == half && (h & 1)))
         h++;
      return sign | h;
   }
   uint32_t h = ((uint32_t)e << 10) | (man >> 13);
   uint32_t rem = man & 0x1fff;
   if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
      h++;                                /* may carry into the exponent */
   return sign | h;
}

float
nvsim_half_to_float(uint16_t h)
{
   uint32_t sign = (uint32_t)(h & 0x8000) << 16;
   uint32_t exp = (h >> 10) & 0x1f;
   uint32_t man = h & 0x3ff;
   uint32_t x;

   if (exp == 0) {
      /* zero and denormals: man * 2^-24, exact in fp32 */
      float f = (float)man * 0x1p-24f;
      return sign ? -f : f;
   }
   if (exp == 0x1f)
      x = sign | 0x7f800000 | (man << 13);
   else
      x = sign | ((exp - 15 + 127) << 23) | (man << 13);
   float f;
   memcpy(&f, &x, 4);
   return f;
}

const char *
nvsim_nv40_shader_strerror(int code)
{
   switch (code) {
   case 0: return "ok";
   case NVSIM_SHADER_ERR_PC: return "program counter outside the program";
   case NVSIM_SHADER_ERR_OPCODE: return "unknown opcode";
   case NVSIM_SHADER_ERR_STACK: return "call/loop stack overflow or underflow";
   case NVSIM_SHADER_ERR_STEPS: return "instruction limit reached (runaway loop?)";
   case NVSIM_SHADER_ERR_NOPROG: return "no program prepared";
   default: return "unknown error";
   }
}
