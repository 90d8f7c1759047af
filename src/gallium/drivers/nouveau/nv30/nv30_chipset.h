#ifndef NV30_CHIPSET_H
#define NV30_CHIPSET_H

#include <stdbool.h>
#include <stdint.h>

/* Everything that differs between the chips the nv30/ driver drives, as
 * data, so that code asks "how many" rather than "which chip".
 */
struct nv30_chipset {
   uint8_t chipset;          /* PMC_BOOT_0 chipset id */
   const char *codename;     /* rnndb nvchipsets.xml name */
   const char *marketing;    /* a board built on it */
   uint32_t class_3d;        /* 3D object class */
   bool curie;               /* NV4x-style 3D object (NV40_3D methods) */
   unsigned max_render_targets;
   unsigned vp_exec_slots;   /* vertex program instruction slots */
   unsigned vp_const_slots;  /* vertex program constant vec4s */
   unsigned fp_tex_units;    /* fragment texture image units */
   unsigned max_texture_2d_levels;
   unsigned max_texture_3d_levels;
   bool hw_index_buffer;     /* can fetch indices from a buffer */
   bool depth_bounds;        /* DEPTH_BOUNDS_TEST_* (EXT_depth_bounds_test) */
};

const struct nv30_chipset *nv30_chipset_find(uint32_t chipset);

#endif
