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

#endif
