/*
 * Tesla shader arithmetic: f32 with the G80 rules, integers with their
 * $c flags, cvt, f64.  Behaviour from envytools (facts only):
 * - float.rst: add/mul rn/rz, mad "with intermediate rounding", min/max
 *   return the non-NaN operand, set writes all ones or 0, slct;
 * - hwtest g80_fp.cc and nvhw/fp.c, the model the hardware is checked
 *   against: denormal inputs and results are flushed to zero (keeping the
 *   sign), every NaN result is 0x7fffffff, add and mul round the exact
 *   result once with the instruction's mode, mad truncates the product
 *   to 24 bits (toward zero) before adding when no operand is zero, and
 *   with a zero operand is mul then add; an exact zero sum is -0 only
 *   when both addends are negative; sat sends NaN to NaN (G80), anything
 *   negative to +0;
 * - hwtest g80_int.cc: the add/sub/subr/addc carry and overflow flags,
 *   16x16 and 24x24 products, the cvt type rules (i2i, i2f, f2i, f2f).
 */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "g80_exec.h"
#include "nvisa_g80.h"

/* ---- predicates: isa.rst "Predicates", the formula column ---- */

bool
g80_cond_test(unsigned cond, unsigned cc)
{
   bool z = cc & G80_CC_Z, s = cc & G80_CC_S;
   bool c = cc & G80_CC_C, o = cc & G80_CC_O;

   switch (cond) {
   case NVISA_G80_COND_never:  return false;
   case NVISA_G80_COND_l:      return (s && !z) ^ o;
   case NVISA_G80_COND_e:      return z && !s;
   case NVISA_G80_COND_le:     return s ^ (z || o);
   case NVISA_G80_COND_g:      return !z && !(s ^ o);
   case NVISA_G80_COND_lg:     return !z;
   case NVISA_G80_COND_ge:     return !(s ^ o);
   case NVISA_G80_COND_lge:    return !z || !s;
   case NVISA_G80_COND_u:      return z && s;
   case NVISA_G80_COND_lu:     return s ^ o;
   case NVISA_G80_COND_eu:     return z;
   case NVISA_G80_COND_leu:    return z || (s ^ o);
   case NVISA_G80_COND_gu:     return !s ^ (z || o);
   case NVISA_G80_COND_lgu:    return !z || s;
   case NVISA_G80_COND_geu:    return (!s || z) ^ o;
   case NVISA_G80_COND_always: return true;
   case NVISA_G80_COND_o:      return o;
   case NVISA_G80_COND_c:      return c;
   case NVISA_G80_COND_a:      return !z && c;
   case NVISA_G80_COND_s:      return s;
   case NVISA_G80_COND_ns:     return !s;
   case NVISA_G80_COND_na:     return z || !c;
   case NVISA_G80_COND_nc:     return !c;
   case NVISA_G80_COND_no:     return !o;
   default:
      /* 0x14-0x1b: no predicate isa.rst names; assumed never */
      return false;
   }
}

/* ---- f32 ---- */

#define F32_SIGN 0x80000000u
#define F32_EXP(x) ((x) >> 23 & 0xff)
#define F32_FRAC(x) ((x) & 0x7fffff)

static bool
f32_is_nan(uint32_t x)
{
   return F32_EXP(x) == 0xff && F32_FRAC(x);
}

static bool
f32_is_inf(uint32_t x)
{
   return F32_EXP(x) == 0xff && !F32_FRAC(x);
}

/* A finite operand as m * 2^e (m 0 for zero; denormals flushed). */
static void
f32_unpack(uint32_t x, bool *neg, int *e, uint64_t *m)
{
   *neg = x >> 31;
   if (!F32_EXP(x)) {
      *m = 0;
      *e = 0;
   } else {
      *m = F32_FRAC(x) | 0x800000;
      *e = (int)F32_EXP(x) - 127 - 23;
   }
}

/* Rounds (-1)^neg * m * 2^e (m != 0; a set low bit of m may stand for
 * lost lower bits) to f32 with mode rnd.  denorm: round at the denormal
 * position when the result is below the normal range (mad, nvhw
 * fp32_mad), else at full precision; either way a result that stays
 * below the normal range is flushed to a signed zero. */
static uint32_t
f32_round(bool neg, int e, uint64_t m, enum g80_rnd rnd, bool denorm)
{
   /* normalise: the top bit at 63 */
   while (!(m >> 63)) {
      m <<= 1;
      e--;
   }
   int be = e + 63 + 127;          /* biased exponent of the result */
   unsigned drop = 40;             /* bits below the 24-bit significand */
   if (denorm && be < 1) {
      drop += 1 - be;
      be = 1;
   }
   uint64_t sig, rest, half;
   if (drop >= 64) {
      sig = 0;
      rest = m;
      half = drop == 64 ? 1ull << 63 : 0;
      if (drop > 64)
         rest = 1;                 /* far below half: sticky only */
   } else {
      sig = m >> drop;
      rest = m & ((1ull << drop) - 1);
      half = 1ull << (drop - 1);
   }
   bool up = false;
   switch (rnd) {
   case G80_RND_RN:
      up = rest > half || (rest == half && half && (sig & 1));
      break;
   case G80_RND_RM:
      up = neg && rest;
      break;
   case G80_RND_RP:
      up = !neg && rest;
      break;
   case G80_RND_RZ:
      break;
   }
   sig += up;
   if (sig >> 24) {
      sig >>= 1;
      be++;
   }
   uint32_t sign = neg ? F32_SIGN : 0;
   if (be < 1 || sig < 0x800000)
      return sign;                 /* flushed (nvhw fp32_mkfin, FTZ) */
   if (be >= 0xff) {
      bool max = rnd == G80_RND_RZ || (rnd == G80_RND_RM && !neg) ||
                 (rnd == G80_RND_RP && neg);
      return sign | (max ? 0x7f7fffff : 0x7f800000);
   }
   return sign | (uint32_t)be << 23 | (uint32_t)(sig & 0x7fffff);
}

uint32_t
g80_f32_from_double(double d, enum g80_rnd rnd)
{
   if (isnan(d))
      return G80_F32_NAN;
   bool neg = signbit(d);
   if (isinf(d))
      return (neg ? F32_SIGN : 0) | 0x7f800000;
   if (d == 0)
      return neg ? F32_SIGN : 0;
   int e;
   double m = frexp(fabs(d), &e);   /* m in [0.5, 1): 53 bits exact */
   return f32_round(neg, e - 53, (uint64_t)ldexp(m, 53), rnd, false);
}

/* The exact sum of two unpacked values, rounded.  Bits of the smaller
 * operand shifted out are kept as a sticky low bit, far below the
 * rounding position, so the result is rounded once. */
static uint32_t
f32_sum(bool na, int ea, uint64_t ma, bool nb, int eb, uint64_t mb,
        enum g80_rnd rnd, bool denorm)
{
   /* both at bit 61 and below: room for the carry */
   while (!(ma >> 61)) {
      ma <<= 1;
      ea--;
   }
   while (!(mb >> 61)) {
      mb <<= 1;
      eb--;
   }
   if (ea < eb) {
      bool tn = na; na = nb; nb = tn;
      int te = ea; ea = eb; eb = te;
      uint64_t tm = ma; ma = mb; mb = tm;
   }
   unsigned d = ea - eb;
   if (d >= 63)
      mb = 1;
   else if (d)
      mb = (mb >> d) | ((mb & ((1ull << d) - 1)) != 0);
   uint64_t m;
   bool neg;
   if (na == nb) {
      m = ma + mb;
      neg = na;
   } else if (ma >= mb) {
      m = ma - mb;
      neg = na;
   } else {
      m = mb - ma;
      neg = nb;
   }
   if (!m)
      return 0;   /* exact zero of operands of different signs: +0 */
   return f32_round(neg, ea, m, rnd, denorm);
}

uint32_t
g80_f32_add(uint32_t a, uint32_t b, enum g80_rnd rnd)
{
   if (f32_is_nan(a) || f32_is_nan(b))
      return G80_F32_NAN;
   if (f32_is_inf(a)) {
      if (f32_is_inf(b) && a != b)
         return G80_F32_NAN;     /* inf - inf */
      return a;
   }
   if (f32_is_inf(b))
      return b;
   bool na, nb;
   int ea, eb;
   uint64_t ma, mb;
   f32_unpack(a, &na, &ea, &ma);
   f32_unpack(b, &nb, &eb, &mb);
   if (!ma && !mb)
      return (na && nb) ? F32_SIGN : 0;
   if (!ma)
      return f32_round(nb, eb, mb, rnd, false);
   if (!mb)
      return f32_round(na, ea, ma, rnd, false);
   return f32_sum(na, ea, ma, nb, eb, mb, rnd, false);
}

uint32_t
g80_f32_mul(uint32_t a, uint32_t b, enum g80_rnd rnd)
{
   if (f32_is_nan(a) || f32_is_nan(b))
      return G80_F32_NAN;
   bool na, nb;
   int ea, eb;
   uint64_t ma, mb;
   f32_unpack(a, &na, &ea, &ma);
   f32_unpack(b, &nb, &eb, &mb);
   bool neg = na ^ nb;
   if (f32_is_inf(a) || f32_is_inf(b)) {
      /* a flushed denormal counts as zero: inf * 0 is NaN */
      if ((!f32_is_inf(a) && !ma) || (!f32_is_inf(b) && !mb))
         return G80_F32_NAN;
      return (neg ? F32_SIGN : 0) | 0x7f800000;
   }
   if (!ma || !mb)
      return neg ? F32_SIGN : 0;
   return f32_round(neg, ea + eb, ma * mb, rnd, false);
}

uint32_t
g80_f32_mad(uint32_t a, uint32_t b, uint32_t c)
{
   if (f32_is_nan(a) || f32_is_nan(b) || f32_is_nan(c))
      return G80_F32_NAN;
   bool na, nb, nc;
   int ea, eb, ec;
   uint64_t ma, mb, mc;
   f32_unpack(a, &na, &ea, &ma);
   f32_unpack(b, &nb, &eb, &mb);
   f32_unpack(c, &nc, &ec, &mc);
   bool np = na ^ nb;
   if (f32_is_inf(a) || f32_is_inf(b)) {
      if ((!f32_is_inf(a) && !ma) || (!f32_is_inf(b) && !mb))
         return G80_F32_NAN;     /* 0 * inf */
      if (f32_is_inf(c) && nc != np)
         return G80_F32_NAN;     /* inf - inf */
      return (np ? F32_SIGN : 0) | 0x7f800000;
   }
   if (f32_is_inf(c))
      return c;
   if (!ma || !mb || !mc)
      return g80_f32_add(g80_f32_mul(a, b, G80_RND_RN), c, G80_RND_RN);
   /* the product truncated to 24 significant bits */
   uint64_t p = ma * mb;
   unsigned top = p >> 47 ? 47 : 46;
   p &= ~((1ull << (top - 23)) - 1);
   return f32_sum(np, ea + eb, p, nc, ec, mc, G80_RND_RN, true);
}

uint32_t
g80_f32_minmax(uint32_t a, uint32_t b, bool min)
{
   if (f32_is_nan(a) && f32_is_nan(b))
      return G80_F32_NAN;
   if (f32_is_nan(a))
      a = b;
   else if (f32_is_nan(b))
      b = a;
   /* denormals flushed, keeping the sign */
   if (!F32_EXP(a))
      a &= F32_SIGN;
   if (!F32_EXP(b))
      b &= F32_SIGN;
   bool sa = a >> 31, sb = b >> 31;
   bool a_larger;
   if (sa != sb)
      a_larger = !sa;              /* -0 < +0 here */
   else
      a_larger = sa ? a < b : a > b;
   return (a_larger ^ min) ? a : b;
}

enum g80_cmp
g80_f32_cmp(uint32_t a, uint32_t b)
{
   if (f32_is_nan(a) || f32_is_nan(b))
      return G80_CMP_UN;
   if (!F32_EXP(a))
      a &= F32_SIGN;
   if (!F32_EXP(b))
      b &= F32_SIGN;
   if (!(a & ~F32_SIGN) && !(b & ~F32_SIGN))
      return G80_CMP_EQ;           /* zeros of either sign */
   if (a == b)
      return G80_CMP_EQ;
   bool sa = a >> 31, sb = b >> 31;
   if (sa != sb)
      return sa ? G80_CMP_LT : G80_CMP_GT;
   return ((a < b) ^ sa) ? G80_CMP_LT : G80_CMP_GT;
}

uint32_t
g80_f32_sat(uint32_t x)
{
   /* G80 keeps NaN; hwtest's G200 "fnz" flushing needs a control bit
    * nvsim does not model */
   if (f32_is_nan(x))
      return G80_F32_NAN;
   if (x >> 31)
      return 0;
   return x >= 0x3f800000 ? 0x3f800000 : x;
}

unsigned
g80_f32_cc(uint32_t x)
{
   switch (g80_f32_cmp(x, 0)) {
   case G80_CMP_EQ: return G80_CC_Z;
   case G80_CMP_LT: return G80_CC_S;
   case G80_CMP_UN: return G80_CC_Z | G80_CC_S;
   default:         return 0;
   }
}

uint32_t
g80_f32_rint(uint32_t x, enum g80_rnd rnd)
{
   if (f32_is_nan(x))
      return G80_F32_NAN;
   if (f32_is_inf(x))
      return x;
   if (!F32_EXP(x))
      return x & F32_SIGN;
   int e = (int)F32_EXP(x) - 127;
   if (e >= 23)
      return x;                    /* already an integer */
   bool neg = x >> 31;
   uint64_t m = (uint64_t)(F32_FRAC(x) | 0x800000);
   unsigned drop = 23 - e;         /* fraction bits, up to 150 */
   uint64_t ip, rest, half;
   if (drop >= 64) {
      ip = 0;
      rest = 1;
      half = 1ull << 63;
   } else {
      ip = m >> drop;
      rest = m & ((1ull << drop) - 1);
      half = 1ull << (drop - 1);
   }
   bool up = false;
   switch (rnd) {
   case G80_RND_RN: up = rest > half || (rest == half && (ip & 1)); break;
   case G80_RND_RM: up = neg && rest; break;
   case G80_RND_RP: up = !neg && rest; break;
   case G80_RND_RZ: break;
   }
   ip += up;
   if (!ip)
      return neg ? F32_SIGN : 0;
   return f32_round(neg, 0, ip, G80_RND_RZ, false);
}

/* f16: denormals are kept both ways (nvhw fp16_to_fp32, fp32_to_fp16) */
uint32_t
g80_f16_to_f32(uint16_t h)
{
   uint32_t sign = (uint32_t)(h >> 15) << 31;
   unsigned e = h >> 10 & 0x1f, f = h & 0x3ff;
   if (e == 0x1f)
      return f ? G80_F32_NAN : sign | 0x7f800000;
   if (!e && !f)
      return sign;
   if (!e)
      return f32_round(h >> 15, -24, f, G80_RND_RZ, false);
   return sign | (e - 15 + 127) << 23 | f << 13;
}

uint16_t
g80_f32_to_f16(uint32_t x, enum g80_rnd rnd, bool rint)
{
   uint16_t sign = (x >> 31) << 15;
   bool neg = x >> 31;
   if (f32_is_nan(x))
      return G80_F16_NAN;
   if (f32_is_inf(x))
      return sign | 0x7c00;
   int e = F32_EXP(x);
   /* nvhw: biased exponents up to 0x5d give 0, "rounding be damned" */
   if (e <= 0x5d)
      return sign;
   uint64_t m = F32_FRAC(x) | 0x800000;
   int he = e - 127 + 15;
   unsigned shift = 13;
   if (he <= 0) {
      shift += 1 - he;
      he = 1;
   }
   uint64_t sig = m >> shift, rest = m & ((1ull << shift) - 1);
   uint64_t half = 1ull << (shift - 1);
   bool up = false;
   /* rint: the value was rounded to an integer already; truncate */
   if (!rint) {
      switch (rnd) {
      case G80_RND_RN: up = rest > half || (rest == half && (sig & 1)); break;
      case G80_RND_RM: up = neg && rest; break;
      case G80_RND_RP: up = !neg && rest; break;
      case G80_RND_RZ: break;
      }
   }
   sig += up;
   if (sig >> 11) {
      sig >>= 1;
      he++;
   }
   if (sig < 0x400)
      return sign | (uint16_t)sig;           /* a denormal (or zero) */
   if (he >= 0x1f) {
      bool max = rnd == G80_RND_RZ || (rnd == G80_RND_RM && !neg) ||
                 (rnd == G80_RND_RP && neg);
      return sign | (max ? 0x7bff : 0x7c00);
   }
   return sign | he << 10 | (uint16_t)(sig & 0x3ff);
}

/* ---- integers: hwtest g80_int.cc ---- */

unsigned
g80_int_cc(uint32_t v, bool b32)
{
   unsigned sbit = b32 ? 31 : 15;
   if (!b32)
      v &= 0xffff;
   return (v ? 0 : G80_CC_Z) | (v >> sbit & 1 ? G80_CC_S : 0);
}

uint32_t
g80_int_add(bool b32, unsigned op, bool sat, uint32_t s1, uint32_t s2,
            unsigned cc_in, unsigned *cc)
{
   /* sub: s1 + ~s2 + 1; subr: ~s1 + s2 + 1; addc: + C */
   bool cin = false;
   if (op == 1) {
      s2 = ~s2;
      cin = true;
   } else if (op == 2) {
      s1 = ~s1;
      cin = true;
   } else if (op == 3) {
      cin = cc_in & G80_CC_C;
   }
   unsigned sbit = b32 ? 31 : 15;
   uint32_t mask = b32 ? 0xffffffffu : 0xffff;
   s1 &= mask;
   s2 &= mask;
   uint64_t wide = (uint64_t)s1 + s2 + cin;
   uint32_t r = (uint32_t)wide & mask;
   unsigned f = 0;
   if (b32) {
      /* the model's carry: r <= both operands, not both 0 */
      if (r <= s1 && r <= s2 && (s1 || s2))
         f |= G80_CC_C;
   } else if (wide >> 16 & 1) {
      f |= G80_CC_C;
   }
   if ((s1 >> sbit) == (s2 >> sbit) && (s1 >> sbit) != (r >> sbit))
      f |= G80_CC_O;
   if (sat && (f & G80_CC_O))
      r = (s1 >> sbit & 1) ? 1u << sbit : (1u << sbit) - 1;
   f |= g80_int_cc(r, b32);
   if (cc)
      *cc = f;
   return r;
}

uint32_t
g80_int_mul16(uint32_t s1, uint32_t s2, bool signed1, bool signed2)
{
   uint32_t a = signed1 ? (uint32_t)(int32_t)(int16_t)s1 : (uint16_t)s1;
   uint32_t b = signed2 ? (uint32_t)(int32_t)(int16_t)s2 : (uint16_t)s2;
   return a * b;
}

uint32_t
g80_int_mul24(uint32_t s1, uint32_t s2, bool is_signed, bool high)
{
   /* the 48-bit product of the low 24 bits; high: its bits 16-47 */
   uint64_t p;
   if (is_signed) {
      int64_t a = (int32_t)(s1 << 8) >> 8, b = (int32_t)(s2 << 8) >> 8;
      p = (uint64_t)(a * b);
   } else {
      p = (uint64_t)(s1 & 0xffffff) * (s2 & 0xffffff);
   }
   return (uint32_t)(high ? p >> 16 : p);
}

/* ---- cvt: hwtest g80_fp.cc i2i, i2f, f2i, f2f ---- */

static uint32_t
int_result(uint32_t v, bool dst32, unsigned *cc)
{
   if (!dst32)
      v &= 0xffff;
   if (cc)
      *cc = g80_int_cc(v, dst32);
   return v;
}

/* The integer source: its bits extended, as a magnitude and a sign. */
static uint32_t
cvt_int_source(const struct g80_cvt *c, uint32_t s, bool *neg)
{
   *neg = false;
   if (c->ssigned) {
      if (c->src8)
         s = (uint32_t)(int32_t)(int8_t)s;
      if (!c->src32)
         s = (uint32_t)(int32_t)(int16_t)s;
      if (s >> 31) {
         s = -s;
         *neg = true;
      }
   } else {
      if (c->src8)
         s = (uint8_t)s;
      if (!c->src32)
         s = (uint16_t)s;
   }
   return s;
}

/* A magnitude and a sign into the destination's type, saturating. */
static uint32_t
cvt_int_dest(const struct g80_cvt *c, uint32_t v, bool neg)
{
   if (c->dsigned) {
      uint32_t limit = c->dst32 ? 0x80000000u : 0x8000;
      if (c->dst8)
         limit = 0x80;
      if (neg) {
         if (v > limit)
            v = limit;
         v = -v;
      } else if (v >= limit) {
         v = limit - 1;
      }
   } else {
      if (neg)
         v = 0;
      if (!c->dst32 && v >= 0x10000)
         v = 0xffff;
      if (c->dst8 && v >= 0x100)
         v = 0xff;
   }
   return v;
}

uint32_t
g80_cvt_i2i(const struct g80_cvt *c, uint32_t s, unsigned *cc)
{
   bool neg;
   s = cvt_int_source(c, s, &neg);
   if (c->abs)
      neg = false;
   if (c->neg)
      neg = !neg;
   return int_result(cvt_int_dest(c, s, neg), c->dst32, cc);
}

uint32_t
g80_cvt_i2f(const struct g80_cvt *c, uint32_t s, unsigned *cc)
{
   bool neg;
   s = cvt_int_source(c, s, &neg);
   if (c->abs)
      neg = false;
   if (c->neg)
      neg = !neg;
   uint32_t r = s ? f32_round(neg, 0, s, c->rnd, false) :
                    (neg ? F32_SIGN : 0);
   /* hwtest converts the magnitude and flips the sign afterwards: a -0
    * from a zero source is kept */
   if (c->sat)
      r = g80_f32_sat(r);
   if (!c->dst32) {
      r = g80_f32_to_f16(r, c->rnd, false);
      if (cc)
         *cc = g80_f32_cc(g80_f16_to_f32(r));
      return r;
   }
   if (cc)
      *cc = g80_f32_cc(r);
   return r;
}

uint32_t
g80_cvt_f2i(const struct g80_cvt *c, uint32_t s, unsigned *cc)
{
   if (!c->src32)
      s = g80_f16_to_f32(s);
   if (c->abs)
      s &= ~F32_SIGN;
   if (c->neg)
      s ^= F32_SIGN;
   bool neg = s >> 31;
   s &= ~F32_SIGN;
   uint32_t v;
   if (f32_is_nan(s)) {
      v = 0;
      neg = false;
   } else if (f32_is_inf(s) || F32_EXP(s) >= 127 + 32) {
      v = 0xffffffff;
   } else {
      /* the magnitude rounded to an integer in the direction rnd takes
       * for the value's sign */
      enum g80_rnd r = c->rnd;
      if (neg && r == G80_RND_RM)
         r = G80_RND_RP;
      else if (neg && r == G80_RND_RP)
         r = G80_RND_RM;
      uint32_t i = g80_f32_rint(s, r);
      if (!F32_EXP(i)) {
         v = 0;
      } else {
         int e = (int)F32_EXP(i) - 127 - 23;
         uint64_t m = F32_FRAC(i) | 0x800000;
         v = e >= 0 ? (uint32_t)(m << e) : (uint32_t)(m >> -e);
         if (e >= 9 && (m << e) >> 32)
            v = 0xffffffff;
      }
   }
   return int_result(cvt_int_dest(c, v, neg), c->dst32, cc);
}

uint32_t
g80_cvt_f2f(const struct g80_cvt *c, uint32_t s, unsigned *cc)
{
   if (!c->src32)
      s = g80_f16_to_f32(s);
   if (c->abs)
      s &= ~F32_SIGN;
   if (c->neg)
      s ^= F32_SIGN;
   /* hwtest: x + -0, which flushes denormals and makes NaN canonical */
   uint32_t r = g80_f32_add(s, F32_SIGN, G80_RND_RN);
   if (c->sat)
      r = g80_f32_sat(r);
   if (c->rint)
      r = g80_f32_rint(r, c->rnd);
   if (!c->dst32) {
      r = g80_f32_to_f16(r, c->rnd, c->rint);
      if (cc)
         *cc = g80_f32_cc(g80_f16_to_f32(r));
      return r;
   }
   if (cc)
      *cc = g80_f32_cc(r);
   return r;
}

static bool f64_is_nan(uint64_t x);
static double f64_from(uint64_t x);
static uint64_t f64_bits(double d);
static int host_rnd(enum g80_rnd rnd);

/* ---- 64-bit cvt (G200, hwtest g80_fp64.cc i2f/f2i/f2f): f32 and f64
 * keep their denormals here; a NaN keeps its payload, made quiet ---- */

static uint64_t
f64_round_u64(bool neg, uint64_t m, enum g80_rnd rnd)
{
   if (!m)
      return neg ? 1ull << 63 : 0;
   int e = 63;
   while (!(m >> 63)) {
      m <<= 1;
      e--;
   }
   uint64_t sig = m >> 11, rest = m & 0x7ff, half = 0x400;
   bool up = false;
   switch (rnd) {
   case G80_RND_RN: up = rest > half || (rest == half && (sig & 1)); break;
   case G80_RND_RM: up = neg && rest; break;
   case G80_RND_RP: up = !neg && rest; break;
   case G80_RND_RZ: break;
   }
   sig += up;
   if (sig >> 53) {
      sig >>= 1;
      e++;
   }
   return (uint64_t)neg << 63 | (uint64_t)(e + 1023) << 52 |
          (sig & ((1ull << 52) - 1));
}

static uint64_t
f64_from_f32_exact(uint32_t x)
{
   float f;
   memcpy(&f, &x, 4);
   return f64_bits((double)f);   /* exact; NaN made quiet */
}

uint64_t
g80_cvt_wide(unsigned kind, const struct g80_cvt *c, uint64_t s,
             unsigned *cc)
{
   bool src64 = c->src32, dst64 = c->dst32;
   uint64_t r;
   unsigned f = 0;
   if (kind == G80_CVT_I2F) {
      bool neg = false;
      if (c->ssigned) {
         if (!src64)
            s = (uint64_t)(int64_t)(int32_t)s;
         if (s >> 63) {
            s = -s;
            neg = true;
         }
      } else if (!src64) {
         s = (uint32_t)s;
      }
      if (c->abs)
         neg = false;
      bool flip = c->neg;
      /* signed sources round the magnitude for the result's sign,
       * unsigned ones as positive (the model adjusts rm only for them) */
      bool rsign = c->ssigned ? neg ^ flip : false;
      if (dst64) {
         r = f64_round_u64(rsign, s, c->rnd);
         r = (r & ~(1ull << 63)) | (uint64_t)(neg ^ flip) << 63;
         f = f64_is_nan(r) ? 3 : g80_f64_cmp(r, 0) == G80_CMP_EQ ? G80_CC_Z :
             (r >> 63) ? G80_CC_S : 0;
      } else {
         uint32_t v = s ? f32_round(rsign, 0, s, c->rnd, false) : 0;
         v = (v & ~F32_SIGN) | (uint32_t)(neg ^ flip) << 31;
         r = v;
         f = g80_f32_cc(v);
      }
   } else if (kind == G80_CVT_F2I) {
      double d;
      uint64_t bits = src64 ? s : f64_from_f32_exact((uint32_t)s);
      unsigned sbit = 63;
      if (c->abs)
         bits &= ~(1ull << sbit);
      if (c->neg)
         bits ^= 1ull << sbit;
      bool neg = bits >> 63, ovf = false;
      uint64_t v;
      if (f64_is_nan(bits)) {
         v = 1ull << (dst64 ? 63 : 31);
         ovf = true;
      } else {
         d = fabs(f64_from(bits));
         enum g80_rnd rnd = c->rnd;
         if (neg && rnd == G80_RND_RM)
            rnd = G80_RND_RP;
         else if (neg && rnd == G80_RND_RP)
            rnd = G80_RND_RM;
         int old = fegetround();
         fesetround(host_rnd(rnd));
         volatile double vd = d;
         double i = nearbyint(vd);
         fesetround(old);
         if (i >= 18446744073709551616.0) {
            v = ~0ull;
            ovf = true;
         } else {
            v = (uint64_t)i;
         }
         if (c->dsigned) {
            uint64_t limit = dst64 ? 1ull << 63 : 1ull << 31;
            if (neg) {
               if (v > limit) {
                  v = limit;
                  ovf = true;
               }
               v = -v;
            } else if (v >= limit) {
               v = limit - 1;
               ovf = true;
            }
         } else {
            if (neg && v) {
               v = 0;
               ovf = true;
            }
            if (!dst64 && v >= 1ull << 32) {
               v = 0xffffffff;
               ovf = true;
            }
         }
      }
      if (!dst64)
         v &= 0xffffffff;
      unsigned top = dst64 ? 63 : 31;
      f = (v ? 0 : G80_CC_Z) | (v >> top & 1 ? G80_CC_S : 0) |
          (ovf ? G80_CC_O : 0);
      r = v;
   } else {
      uint64_t bits = src64 ? s : f64_from_f32_exact((uint32_t)s);
      if (f64_is_nan(bits)) {
         bits |= 1ull << 51;
      } else {
         if (c->abs)
            bits &= ~(1ull << 63);
         if (c->neg)
            bits ^= 1ull << 63;
      }
      int old = fegetround();
      fesetround(host_rnd(c->rnd));
      if (c->rint && dst64 && src64 && !f64_is_nan(bits)) {
         volatile double vd = f64_from(bits);
         bits = f64_bits(nearbyint(vd));
      }
      if (dst64) {
         r = bits;
      } else {
         volatile double vd = f64_from(bits);
         volatile float vf = (float)vd;
         uint32_t u;
         memcpy(&u, (const void *)&vf, 4);
         r = u;
      }
      fesetround(old);
      if (dst64)
         f = f64_is_nan(r) ? (G80_CC_Z | G80_CC_S) :
             g80_f64_cmp(r, 0) == G80_CMP_EQ ? G80_CC_Z :
             (r >> 63) ? G80_CC_S : 0;
      else
         f = g80_f32_cc((uint32_t)r);
   }
   if (cc)
      *cc = f;
   return r;
}

/* ---- f64 (G200): IEEE double with denormals; a NaN operand is
 * returned as it is (the second first), an invalid operation gives
 * 0xfff8000000000000 (nvhw fp64_add/fp64_mul/fp64_fma) ---- */

#define F64_NAN 0xfff8000000000000ull

static bool
f64_is_nan(uint64_t x)
{
   return (x >> 52 & 0x7ff) == 0x7ff && (x & ((1ull << 52) - 1));
}

static double
f64_from(uint64_t x)
{
   double d;
   memcpy(&d, &x, 8);
   return d;
}

static uint64_t
f64_bits(double d)
{
   uint64_t x;
   memcpy(&x, &d, 8);
   return x;
}

static int
host_rnd(enum g80_rnd rnd)
{
   switch (rnd) {
   case G80_RND_RM: return FE_DOWNWARD;
   case G80_RND_RP: return FE_UPWARD;
   case G80_RND_RZ: return FE_TOWARDZERO;
   default:         return FE_TONEAREST;
   }
}

/* host arithmetic under a rounding mode; volatile keeps the compiler
 * from moving the operation across the mode change */
static uint64_t
f64_op(int op, uint64_t a, uint64_t b, uint64_t c, enum g80_rnd rnd)
{
   int old = fegetround();
   fesetround(host_rnd(rnd));
   volatile double x = f64_from(a), y = f64_from(b), z = f64_from(c);
   volatile double r;
   if (op == 0)
      r = x + y;
   else if (op == 1)
      r = x * y;
   else
      r = fma(x, y, z);
   fesetround(old);
   uint64_t bits = f64_bits(r);
   return f64_is_nan(bits) ? F64_NAN : bits;
}

uint64_t
g80_f64_add(uint64_t a, uint64_t b, enum g80_rnd rnd)
{
   if (f64_is_nan(b))
      return b;
   if (f64_is_nan(a))
      return a;
   return f64_op(0, a, b, 0, rnd);
}

uint64_t
g80_f64_mul(uint64_t a, uint64_t b, enum g80_rnd rnd)
{
   if (f64_is_nan(b))
      return b;
   if (f64_is_nan(a))
      return a;
   return f64_op(1, a, b, 0, rnd);
}

uint64_t
g80_f64_fma(uint64_t a, uint64_t b, uint64_t c, enum g80_rnd rnd)
{
   if (f64_is_nan(c))
      return c;
   if (f64_is_nan(b))
      return b;
   if (f64_is_nan(a))
      return a;
   return f64_op(2, a, b, c, rnd);
}

uint64_t
g80_f64_minmax(uint64_t a, uint64_t b, bool min)
{
   if (f64_is_nan(a) && f64_is_nan(b))
      return b;
   if (f64_is_nan(a))
      a = b;
   else if (f64_is_nan(b))
      b = a;
   bool sa = a >> 63, sb = b >> 63;
   bool a_larger;
   if (sa != sb)
      a_larger = !sa;
   else
      a_larger = sa ? a < b : a > b;
   return (a_larger ^ min) ? a : b;
}

enum g80_cmp
g80_f64_cmp(uint64_t a, uint64_t b)
{
   if (f64_is_nan(a) || f64_is_nan(b))
      return G80_CMP_UN;
   double x = f64_from(a), y = f64_from(b);
   return x < y ? G80_CMP_LT : x > y ? G80_CMP_GT : G80_CMP_EQ;
}
