/*
 * The Tesla target description: what one chip's shader units run and the
 * limits the backend obeys, from the chip's row of the chip table (hwdb
 * chips.xml: generation tesla, class-3d) and the ISA's tables (isa/g80.xml
 * through nvisa_g80_gen.h) and the 3D class's methods (hwdb g80_3d.xml).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chips.xml.h"
#include "fifo.xml.h"
#include "g80_3d.xml.h"
#include "g80_defs.xml.h"
#include "nvc_g80.h"
#include "nvisa_g80.h"
#include "util/u_math.h"

static bool
fail(char **err, const char *name, const char *what)
{
   if (err) {
      size_t n = strlen(name) + strlen(what) + 3;
      *err = malloc(n);
      if (*err)
         snprintf(*err, n, "%s: %s", name, what);
   }
   return false;
}

bool
nvc_g80_target_init(struct nvc_g80_target *t, const struct nvhwdb_chip *chip,
                    char **err)
{
   memset(t, 0, sizeof(*t));
   if (!chip)
      return fail(err, "?", "no such chip in the chip table");
   if (chip->isa != NVHWDB_ISA_G80)
      return fail(err, chip->codename,
                  "not a Tesla chip (the NV3x/NV4x target is nvc_compiler.h)");
   t->name = chip->codename;
   t->chip = chip;

   /* The shader units grow with the 3D class (fifo.xml; the same rule as
    * nvsim's g80_3d_stage.c, from isa.rst "Variants" and hwtest): SM11
    * forms from G84, f32 mul saturation from G200, the D3D10.1 additions
    * from GT215, doubles on the G200 itself. */
   if (chip->class_3d >= G84_3D_CLASS)
      t->isa_flags |= NVISA_G80_FLAG_SM11;
   if (chip->class_3d >= G200_3D_CLASS)
      t->mul_sat = true;
   if (chip->class_3d >= GT215_3D_CLASS)
      t->isa_flags |= NVISA_G80_FLAG_D3D10_1;
   t->tex_gather = t->isa_flags & NVISA_G80_FLAG_D3D10_1;
   if (chip->chipset == CHIPSET_G200)
      t->isa_flags |= NVISA_G80_FLAG_FP64;

   /* TEX_OFFSET: three signed fields, x, y, z (envydis TOFFX/Y/Z) */
   t->tex_offset_max = (1 << (NVISA_G80_TEX_OFFSET__WIDTH / 3 - 1)) - 1;
   t->tex_offset_min = -t->tex_offset_max - 1;
   /* isa.rst "Registers": $r0..$r127, the long forms' DST field */
   t->max_gprs = 1u << NVISA_G80_DST__WIDTH;
   /* VP_ATTR_EN: words of 4-bit (xyzw) fields (rnndb graph/g80_3d.xml);
    * the VP's result words: VP_RESULT_MAP's bytes from
    * G80_VP_RESULT_MAP_CONST_ZERO on name constants, not results (hwdb
    * g80_defs.xml, docs/tesla.md), so 0x40 words, fewer than the map's
    * 68 slots (which may name a word twice); nvsim runs a VP with that
    * many */
   t->vp_max_attribs = G80_3D_VP_ATTR_EN__LEN * (32 / 4);
   t->vp_max_results = G80_VP_RESULT_MAP_CONST_ZERO;
   /* c0[]..c15[]: the long forms' CBUF field */
   t->num_cbufs = 1u << NVISA_G80_CBUF__WIDTH;
   return true;
}
