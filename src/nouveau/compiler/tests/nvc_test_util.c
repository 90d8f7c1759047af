/*
 * What the compiler tests share (nvc_test_util.h).
 */
#include "nvc_test_util.h"

#include <math.h>
#include <stdlib.h>

#include "compiler/glsl_types.h"

#include "nvhwdb_chips.h"

int nvc_test_failures;
const struct nvc_target *nvc_test_target;

bool
nvc_test_near(float a, float b, float tol)
{
   return fabsf(a - b) <= tol * (1.0f + fabsf(b));
}

nir_variable *
nvc_test_var(nir_shader *s, nir_variable_mode mode, const struct glsl_type *t,
             int location, int driver_location, const char *name)
{
   nir_variable *v = nir_variable_create(s, mode, t, name);
   v->data.location = location;
   v->data.driver_location = driver_location;
   return v;
}

nir_variable *
nvc_test_in_vec4(nir_shader *s, int location, int driver_location,
                 const char *name)
{
   return nvc_test_var(s, nir_var_shader_in, glsl_vec4_type(), location,
                       driver_location, name);
}

nir_variable *
nvc_test_out_vec4(nir_shader *s, int location, int driver_location,
                  const char *name)
{
   return nvc_test_var(s, nir_var_shader_out, glsl_vec4_type(), location,
                       driver_location, name);
}

nir_variable *
nvc_test_uniform_vec4_array(nir_shader *s, unsigned len, int driver_location,
                            const char *name)
{
   return nvc_test_var(s, nir_var_uniform,
                       glsl_array_type(glsl_vec4_type(), len, 0), -1,
                       driver_location, name);
}

nir_ssa_def *
nvc_test_load_uniform_vec4(nir_builder *b, unsigned slot)
{
   char name[32];
   snprintf(name, sizeof(name), "u%u", slot);
   return nir_load_var(b, nvc_test_var(b->shader, nir_var_uniform,
                                       glsl_vec4_type(), -1, slot, name));
}

nir_builder
nvc_test_vs_builder(const char *name)
{
   return nir_builder_init_simple_shader(MESA_SHADER_VERTEX,
                                         nvc_nir_options(nvc_test_target,
                                                         PIPE_SHADER_VERTEX),
                                         "%s", name);
}

nir_builder
nvc_test_fs_builder(const char *name)
{
   return nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT,
                                         nvc_nir_options(nvc_test_target,
                                                         PIPE_SHADER_FRAGMENT),
                                         "%s", name);
}

bool
nvc_test_compile_vs(nir_shader *s, const struct nvc_vp_key *key,
                    struct nvc_vp_binary *bin, const char *what)
{
   char *err = NULL;
   bool ok = nvc_compile_vs(nvc_test_target, s, key, bin, &err);
   CHECK(ok, "%s: compile: %s", what ? what : s->info.name, err ? err : "?");
   free(err);
   ralloc_free(s);
   return ok;
}

bool
nvc_test_compile_fs(nir_shader *s, const struct nvc_fp_key *key,
                    struct nvc_fp_binary *bin, const char *what)
{
   char *err = NULL;
   bool ok = nvc_compile_fs_key(nvc_test_target, s, key, bin, &err);
   CHECK(ok, "%s: compile: %s", what ? what : s->info.name, err ? err : "?");
   free(err);
   ralloc_free(s);
   return ok;
}

bool
nvc_test_begin(struct nvc_target *target, unsigned chip_id)
{
   char *err = NULL;
   if (!nvc_target_init(target, nvhwdb_chip_find(chip_id), &err)) {
      fprintf(stderr, "no NV%02X target: %s\n", chip_id, err ? err : "?");
      free(err);
      return false;
   }
   nvc_test_target = target;
   glsl_type_singleton_init_or_ref();
   return true;
}

int
nvc_test_end(const char *passed)
{
   glsl_type_singleton_decref();
   if (nvc_test_failures) {
      fprintf(stderr, "%d check(s) failed\n", nvc_test_failures);
      return 1;
   }
   printf("%s\n", passed);
   return 0;
}
