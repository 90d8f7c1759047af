#ifndef NV30_HW_H
#define NV30_HW_H

/* The hardware facts this driver uses, all from the generated headers of
 * our database (src/nouveau/hwdb): 3D methods (nv30-40_3d.xml, after
 * rnndb graph/nv30-40_3d.xml), class ids and the methods every
 * subchannel takes (fifo.xml, after rnndb fifo/nv_object.xml).
 */
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"

/* Method 0 of any subchannel binds an object to it (rnndb nv_object.xml,
 * SUBCHAN OBJECT; NV4 is the first chipset of our database). */
#define NV30_SUBC_OBJECT NV4_SUBCHAN_OBJECT

/* Not in the hwdb yet (to be added there; written once here meanwhile):
 * the QUERY_GET report type in its UNK24 field, 1 = samples passed, and
 * the 16-byte report it writes: word 2 the count, word 3 a status whose
 * top byte the GPU clears (upstream Mesa nv30_query.c, facts; nvsim's
 * nv40_3d_class.c models the same). */
#define NV30_QUERY_TYPE_SAMPLES_PASSED 1
#define NV30_QUERY_REPORT_SIZE         16
#define NV30_QUERY_REPORT_VALUE_WORD   2
#define NV30_QUERY_REPORT_STATUS_WORD  3
#define NV30_QUERY_REPORT_STATUS_BUSY  0xff000000

#endif
