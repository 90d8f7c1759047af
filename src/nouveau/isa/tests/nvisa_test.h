/* Minimal check macros for the ISA unit tests. */
#ifndef NVISA_TEST_H
#define NVISA_TEST_H

#include <stdio.h>
#include <string.h>

static int nvisa_test_failures;

#define CHECK(cond) do { \
   if (!(cond)) { \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      nvisa_test_failures++; \
   } \
} while (0)

#define CHECK_EQ_U32(a, b) do { \
   unsigned long _a = (a), _b = (b); \
   if (_a != _b) { \
      fprintf(stderr, "%s:%d: %s = 0x%08lx, expected 0x%08lx\n", \
              __FILE__, __LINE__, #a, _a, _b); \
      nvisa_test_failures++; \
   } \
} while (0)

#define CHECK_STR(a, b) do { \
   const char *_a = (a), *_b = (b); \
   if (strcmp(_a, _b)) { \
      fprintf(stderr, "%s:%d: got \"%s\", expected \"%s\"\n", \
              __FILE__, __LINE__, _a, _b); \
      nvisa_test_failures++; \
   } \
} while (0)

#define TEST_RESULT() (nvisa_test_failures ? \
   (fprintf(stderr, "%d check(s) failed\n", nvisa_test_failures), 1) : 0)

#endif
