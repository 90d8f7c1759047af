/*
 * What the Tesla backend's tests (nvc_g80_test.c, nvc_g80_gp_test.c,
 * nvc_g80_cf_test.c, nvc_g80_tex_test.c) share beyond nvc_test_util.h:
 * the G80's target, the float a 32-bit word holds and back (the
 * interpreter's registers and memory are words), and a program's input
 * or output by slot.
 */
#ifndef NVC_G80_TEST_UTIL_H
#define NVC_G80_TEST_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compiler/glsl_types.h"
#include "nvc_g80.h"
#include "nvhwdb_chips.h"

/* The start of each test's main: GLSL's types set up and the G80's
 * target (its row of the chip table) in *t; false after saying why. */
static inline bool
nvc_g80_test_target(struct nvc_g80_target *t)
{
   char *err = NULL;
   glsl_type_singleton_init_or_ref();
   if (!nvc_g80_target_init(t, nvhwdb_chip_find(0x50), &err)) {
      fprintf(stderr, "no G80 target: %s\n", err ? err : "?");
      return false;
   }
   return true;
}

static inline float
f(uint32_t w)
{
   float x;
   memcpy(&x, &w, 4);
   return x;
}

static inline uint32_t
u(float x)
{
   uint32_t w;
   memcpy(&w, &x, 4);
   return w;
}

/* The input (or, with output, the result) of p at (slot, comp); NULL
 * when p has none there. */
static inline const struct nvc_g80_io *
find_io(const struct nvc_g80_program *p, bool output, unsigned slot,
        unsigned comp)
{
   unsigned first = output ? p->num_inputs : 0;
   unsigned n = output ? p->num_outputs : p->num_inputs;
   for (unsigned i = first; i < first + n; i++)
      if (p->io[i].slot == slot && p->io[i].comp == comp)
         return &p->io[i];
   return NULL;
}

#endif
