/*
 * Conditional rendering of the Tesla 3D and 2D classes (g80_cond.c):
 * whether COND_MODE (rnndb g80_defs.xml g80_cond_mode) lets an operation
 * render, from the query reports at COND_ADDRESS.
 */
#ifndef G80_COND_H
#define G80_COND_H

#include <stdbool.h>
#include <stdint.h>

#include "nvsim_object.h"

/*
 * *render: whether an operation (`what`, for a trap's message) of object
 * obj renders under COND_MODE `mode` with the reports at `addr` in DMA
 * object `dma` (NULL: none bound).  Returns a status other than NVSIM_OK
 * (and sets obj's trap detail) on a mode hwdb does not name or reports it
 * cannot read; *render is then false.
 */
enum nvsim_status g80_cond_render(struct nvsim_object *obj, uint32_t mode,
                                  struct nvsim_object *dma, uint64_t addr,
                                  const char *what, bool *render);

struct g80_3d;
/* The same for the 3D class's draws and clears: COND_MODE,
 * COND_ADDRESS_HIGH/LOW, the DMA_QUERY object (rnndb: "also used for
 * COND"). */
enum nvsim_status g80_3d_cond_render(struct g80_3d *ctx, const char *what,
                                     bool *render);

#endif
