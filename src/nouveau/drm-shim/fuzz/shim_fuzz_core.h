/*
 * The drm-shim core stand-in of the shim fuzz harness (shim_fuzz_core.c):
 * drm_shim.h's functions, plus what the harness does in the core's place
 * (open and close a file, GEM_CLOSE, mmap a BO).
 */
#ifndef SHIM_FUZZ_CORE_H
#define SHIM_FUZZ_CORE_H

#include <stdint.h>

/* Include after drm-shim/drm_shim.h (nouveau_shim.h includes it), which
 * has no include guard. */

void shim_fuzz_core_init(void);
int shim_fuzz_open(void);
void shim_fuzz_close(int fd);
int shim_fuzz_gem_close(int fd, uint32_t handle);
/* The application's mapping of a BO (GEM_NEW's map_handle), NULL if none. */
void *shim_fuzz_map(uint64_t map_handle, uint64_t size);

#endif
