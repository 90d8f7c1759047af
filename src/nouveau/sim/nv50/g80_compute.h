/*
 * nvsim's Tesla compute classes (G80_COMPUTE 0x50c0, GT215_COMPUTE
 * 0x85c0; hwdb g80_compute.xml from rnndb graph/g80_compute.xml):
 * the methods (g80_compute.c) and the grid launch (g80_compute_launch.c).
 */
#ifndef G80_COMPUTE_H
#define G80_COMPUTE_H

#include "g80_3d.h"
#include "g80_compute.xml.h"

struct g80_compute {
   struct nvsim_object *obj;
   uint32_t regs[G80_3D_NUM_MTHD];       /* last value of every method */
   /* BLOCKDIM_LATCH was written 1 after the last BLOCKDIM_XY/Z (rnndb:
    * "set to 1 after setting up block dimensions, otherwise error") */
   bool dims_latched;
   bool cond_written;                    /* COND_MODE was written */
};

static inline uint32_t
g80_compute_reg(const struct g80_compute *cp, uint32_t mthd)
{
   return cp->regs[mthd / 4];
}

enum nvsim_status g80_compute_fail(struct g80_compute *cp,
                                   enum nvsim_status st, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* The 3D object bound on one of the channel's subchannels (the state
 * compute shares with 3D lives there: g80_compute.c), or NULL. */
struct g80_3d *g80_compute_3d(struct g80_compute *cp);

/* LAUNCH: runs the grid (g80_compute_launch.c). */
enum nvsim_status g80_compute_launch(struct g80_compute *cp);

#endif
