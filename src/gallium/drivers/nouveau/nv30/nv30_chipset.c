/*
 * The chips of the curie (NV4x) family and what differs between them.
 *
 * Which chipset carries which 3D class: rnndb fifo/nv_object.xml,
 * NV40_3D (0x4097) "NV40:NV44 G70:G72 G71:C51" and NV44_3D (0x4497)
 * "NV44:G70 G72:G71 C51:G80", ranges in nvchipsets.xml order (NV40, NV45,
 * NV41, NV42, NV43, NV44, NV44A, G70, G72, G71, G73, C51, MCP61, MCP67,
 * MCP68).  Limits (vertex program slots 512 instructions / 468 constants,
 * 4 render targets, 4096x4096 2D / 512^3 3D textures on curie) are NV40
 * facts used by upstream Mesa's nv30 driver.  The fragment texture units
 * are the instances of the TEX_* method group hwdb gives the 3D class
 * (TEX_OFFSET__LEN: 16 on curie, 8 on rankine), so that the driver's caps,
 * its emission and nvsim count the same units.  The depth bounds test
 * (DEPTH_BOUNDS_TEST_ENABLE/ZMIN/ZMAX) is in the classes NV35_3D and
 * NV40_3D-NV44_3D (rnndb nv30-40_3d.xml variants): every curie, and of
 * rankine NV35 and NV36.
 *
 * NV3x (rankine) joins by adding rows here.
 */

#include <stddef.h>

#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nv30_chipset.h"

#define CURIE(id, code, board, cls, idxbuf) \
   { .chipset = id, .codename = code, .marketing = board, .class_3d = cls, \
     .curie = true, .max_render_targets = 4, .vp_exec_slots = 512, \
     .vp_const_slots = 468, .fp_tex_units = NV40_3D_TEX_OFFSET__LEN, \
     .max_texture_2d_levels = 13, .max_texture_3d_levels = 10, \
     .hw_index_buffer = idxbuf, .depth_bounds = true }

static const struct nv30_chipset nv30_chipsets[] = {
   CURIE(0x40, "NV40", "GeForce 6800", NV40_3D_CLASS, true),
   CURIE(0x45, "NV45", "GeForce 6800", NV40_3D_CLASS, true),
   CURIE(0x41, "NV41", "GeForce 6800", NV40_3D_CLASS, true),
   CURIE(0x42, "NV42", "GeForce 6800", NV40_3D_CLASS, true),
   CURIE(0x43, "NV43", "GeForce 6600", NV40_3D_CLASS, true),
   CURIE(0x44, "NV44", "GeForce 6200", NV44_3D_CLASS, false),
   CURIE(0x4a, "NV44A", "GeForce 6200", NV44_3D_CLASS, false),
   CURIE(0x47, "G70", "GeForce 7800", NV40_3D_CLASS, true),
   CURIE(0x46, "G72", "GeForce 7300", NV44_3D_CLASS, false),
   CURIE(0x49, "G71", "GeForce 7900", NV40_3D_CLASS, true),
   CURIE(0x4b, "G73", "GeForce 7600", NV40_3D_CLASS, true),
   CURIE(0x4e, "C51", "GeForce 6100", NV44_3D_CLASS, false),
   CURIE(0x4c, "MCP61", "GeForce 6150", NV44_3D_CLASS, false),
   CURIE(0x67, "MCP67", "GeForce 7050", NV44_3D_CLASS, false),
   CURIE(0x68, "MCP68", "GeForce 7025", NV44_3D_CLASS, false),
};

const struct nv30_chipset *
nv30_chipset_find(uint32_t chipset)
{
   for (unsigned i = 0; i < sizeof(nv30_chipsets) / sizeof(nv30_chipsets[0]); i++) {
      if (nv30_chipsets[i].chipset == chipset)
         return &nv30_chipsets[i];
   }
   return NULL;
}
