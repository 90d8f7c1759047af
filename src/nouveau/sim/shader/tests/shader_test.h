/* Check macros and source builders for the shader interpreter tests. */
#ifndef SHADER_TEST_H
#define SHADER_TEST_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nvisa_common.h"

static int test_failures;

#define CHECK(cond) do { \
   if (!(cond)) { \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      test_failures++; \
   } \
} while (0)

/* Exact float comparison (NaN equals NaN, infinities by sign). */
#define CHECK_F(a, b) do { \
   float _a = (a), _b = (b); \
   if (!((isnan(_a) && isnan(_b)) || _a == _b)) { \
      fprintf(stderr, "%s:%d: %s = %.9g, expected %.9g\n", \
              __FILE__, __LINE__, #a, _a, _b); \
      test_failures++; \
   } \
} while (0)

#define CHECK_NEAR(a, b, eps) do { \
   float _a = (a), _b = (b); \
   if (!(fabsf(_a - _b) <= (eps))) { \
      fprintf(stderr, "%s:%d: %s = %.9g, expected %.9g\n", \
              __FILE__, __LINE__, #a, _a, _b); \
      test_failures++; \
   } \
} while (0)

#define CHECK_VEC(v, x, y, z, w) do { \
   CHECK_F((v)[0], x); CHECK_F((v)[1], y); CHECK_F((v)[2], z); \
   CHECK_F((v)[3], w); \
} while (0)

#define TEST_RESULT() (test_failures ? \
   (fprintf(stderr, "%d check(s) failed\n", test_failures), 1) : 0)

static inline struct nvisa_src
src_file(unsigned file, unsigned index)
{
   struct nvisa_src s;
   memset(&s, 0, sizeof(s));
   s.file = file;
   s.index = index;
   for (unsigned c = 0; c < 4; c++)
      s.swz[c] = c;
   return s;
}

static inline struct nvisa_src
T(unsigned i)
{
   return src_file(NVISA_FILE_TEMP, i);
}

static inline struct nvisa_src
H(unsigned i)
{
   struct nvisa_src s = src_file(NVISA_FILE_TEMP, i);
   s.half = true;
   return s;
}

static inline struct nvisa_src
IN(void)
{
   return src_file(NVISA_FILE_INPUT, 0);
}

static inline struct nvisa_src
K(void)
{
   return src_file(NVISA_FILE_CONST, 0);
}

/* Swizzle from a 4-letter string, e.g. SW(K(), "xxxx"). */
static inline struct nvisa_src
SW(struct nvisa_src s, const char *m)
{
   for (unsigned c = 0; c < 4; c++)
      s.swz[c] = m[c] == 'x' ? 0 : m[c] == 'y' ? 1 : m[c] == 'z' ? 2 : 3;
   return s;
}

static inline struct nvisa_src
NEG(struct nvisa_src s)
{
   s.neg = !s.neg;
   return s;
}

static inline struct nvisa_src
ABS(struct nvisa_src s)
{
   s.abs = true;
   return s;
}

#endif
