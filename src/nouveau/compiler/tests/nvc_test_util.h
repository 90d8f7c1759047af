/*
 * What the compiler tests share: the target they compile for (one row of
 * the chip table), the check macros and the failure count, and the
 * nir_builder setup of a shader the way st/mesa hands it over.
 */
#ifndef NVC_TEST_UTIL_H
#define NVC_TEST_UTIL_H

#include <stdbool.h>
#include <stdio.h>

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

#include "nvc_compiler.h"

/* Checks that failed; main() returns nvc_test_end()'s code from it. */
extern int nvc_test_failures;

/* What the tests of the executable compile for (nvc_test_begin). */
extern const struct nvc_target *nvc_test_target;

#define CHECK(cond, ...)                                                 \
   do {                                                                  \
      if (!(cond)) {                                                     \
         fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                   \
         fprintf(stderr, "\n");                                          \
         nvc_test_failures++;                                            \
      }                                                                  \
   } while (0)

/* a within tol of b, relative to b's size above 1 */
bool nvc_test_near(float a, float b, float tol);

#define CHECK_VEC4(got, x, y, z, w, tol)                                   \
   CHECK(nvc_test_near((got)[0], x, tol) &&                                \
         nvc_test_near((got)[1], y, tol) &&                                \
         nvc_test_near((got)[2], z, tol) &&                                \
         nvc_test_near((got)[3], w, tol),                                  \
         "got (%g %g %g %g), want (%g %g %g %g)", (got)[0], (got)[1],      \
         (got)[2], (got)[3], (double)(x), (double)(y), (double)(z),       \
         (double)(w))

/* CHECK_VEC4 naming the case in its message */
#define CHECK_VEC4_AS(what, got, x, y, z, w, tol)                          \
   CHECK(nvc_test_near((got)[0], x, tol) &&                                \
         nvc_test_near((got)[1], y, tol) &&                                \
         nvc_test_near((got)[2], z, tol) &&                                \
         nvc_test_near((got)[3], w, tol),                                  \
         "%s: got (%g %g %g %g), want (%g %g %g %g)", what, (got)[0],      \
         (got)[1], (got)[2], (got)[3], (double)(x), (double)(y),           \
         (double)(z), (double)(w))

/* A variable of s with its location and driver_location set. */
nir_variable *nvc_test_var(nir_shader *s, nir_variable_mode mode,
                           const struct glsl_type *t, int location,
                           int driver_location, const char *name);

/* A vec4 shader input / output of s (the form of most test varyings). */
nir_variable *nvc_test_in_vec4(nir_shader *s, int location,
                               int driver_location, const char *name);
nir_variable *nvc_test_out_vec4(nir_shader *s, int location,
                                int driver_location, const char *name);

/* A uniform vec4[len] of s at uniform slot driver_location. */
nir_variable *nvc_test_uniform_vec4_array(nir_shader *s, unsigned len,
                                          int driver_location,
                                          const char *name);

/* The uniform vec4 at slot (a variable "u<slot>"), loaded. */
nir_ssa_def *nvc_test_load_uniform_vec4(nir_builder *b, unsigned slot);

/* An empty vertex / fragment shader with *nvc_test_target's NIR options. */
nir_builder nvc_test_vs_builder(const char *name);
nir_builder nvc_test_fs_builder(const char *name);

/* Compiles s (freed) for *nvc_test_target with key (NULL: none) into
 * *bin; a failed check naming what (NULL: the shader's name) and the
 * compiler's message if it does not compile. */
bool nvc_test_compile_vs(nir_shader *s, const struct nvc_vp_key *key,
                         struct nvc_vp_binary *bin, const char *what);
bool nvc_test_compile_fs(nir_shader *s, const struct nvc_fp_key *key,
                         struct nvc_fp_binary *bin, const char *what);

/* Sets *target up from chip_id's row of the chip table (nvc_test_target
 * points to it from then on) and the GLSL types; false (said on stderr)
 * when the chip has no target. */
bool nvc_test_begin(struct nvc_target *target, unsigned chip_id);

/* Releases the GLSL types, says how the tests went (passed: what passed)
 * and returns main()'s exit code. */
int nvc_test_end(const char *passed);

#endif
