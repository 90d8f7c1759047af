/*
 * Register bits the compiler reports to the driver, from our hardware
 * database (src/nouveau/hwdb/nv30-40_3d.xml: VP_RESULT_EN, FP_CONTROL),
 * in the indexed forms the compiler needs.  The bit layout itself lives
 * only in the XML (facts: upstream nvfx_vertprog.c / nvfx_fragprog.c,
 * rnndb graph/nv30-40_3d.xml).
 */
#ifndef NV40_HW_H
#define NV40_HW_H

#include "nv30-40_3d.xml.h"

#define NV40_VP_RESULT_EN_COL0      NV40_3D_VP_RESULT_EN_COL0
#define NV40_VP_RESULT_EN_COL1      NV40_3D_VP_RESULT_EN_COL1
#define NV40_VP_RESULT_EN_BFC0      NV40_3D_VP_RESULT_EN_BFC0
#define NV40_VP_RESULT_EN_BFC1      NV40_3D_VP_RESULT_EN_BFC1
#define NV40_VP_RESULT_EN_FOGC      NV40_3D_VP_RESULT_EN_FOGC
#define NV40_VP_RESULT_EN_PSZ       NV40_3D_VP_RESULT_EN_PSZ
/* CLP0..CLP5 are consecutive bits; TC0..TC7 too, and TC8, TC9. */
#define NV40_VP_RESULT_EN_CLP(i)    ((uint32_t)NV40_3D_VP_RESULT_EN_CLP0 << (i))
#define NV40_VP_RESULT_EN_TC(n)                                          \
   ((n) < 8 ? (uint32_t)NV40_3D_VP_RESULT_EN_TC0 << (n)                  \
            : (uint32_t)NV40_3D_VP_RESULT_EN_TC8 << ((n) - 8))

#define NV40_FP_CONTROL_DEPTH_REPLACE NV30_3D_FP_CONTROL_DEPTH_REPLACE
#define NV40_FP_CONTROL_KIL           NV40_3D_FP_CONTROL_KIL
#define NV40_FP_CONTROL_TEMP_COUNT__SHIFT NV40_3D_FP_CONTROL_TEMP_COUNT__SHIFT

#endif
