/*
 * The contract between nvsim's FIFO/PGRAPH core and the per-class models
 * (M2MF, 2D helpers, celsius/kelvin/rankine/curie/tesla 3D).
 *
 * The core (nvsim_pusher.c or a generation's pusher, nvsim_fifo.c,
 * nvsim_channel.c) parses the pushbuffer, binds objects to subchannels
 * and hands every method >= 0x100 of a bound graphics object to its
 * class's `method` hook.  Methods below 0x100 are FIFO/puller
 * methods and never reach a class.  A class model reads and writes memory
 * only through nvsim_dma_ptr(), which checks bounds, and keeps the host
 * pointers it gets no longer than one job (see drop_mappings).
 *
 * Methods common to all graphics objects are executed by the core
 * (nvsim_graph.c) and do NOT reach the class hook
 * (envytools-docs/hw/graph/intro.rst, rnndb fifo/nv_object.xml GRAPH):
 *   0x100 NOP         - nothing (still completes a pending NOTIFY);
 *   0x104 NOTIFY      - schedules a notifier write after the next method;
 *   0x180 DMA_NOTIFY  - binds obj->notify_dma (unless the class sets
 *                       NVSIM_CLASS_OWN_DMA_NOTIFY in flags);
 *   0x110 SERIALIZE   - nothing, on Tesla classes only (G80+).
 * Methods 0x180..0x1fc take object handles: the core looks the handle up
 * first (the puller's RAMHT lookup) and traps the channel when it does not
 * exist, so a class hook can rely on nvsim_lookup() finding the object.
 * After the hook returns NVSIM_OK, the core writes a pending NOTIFY.
 * A class that writes its own notifier (M2MF's BUF_NOTIFY) calls
 * nvsim_notify_write().
 *
 * Adding a class model: define a `const struct nvsim_class` (oclass from
 * the hwdb *_CLASS macro, name, create/destroy/method), declare it below,
 * return it for its class ids from the class_model operation of its
 * generation's table (sim/<nvXX>/<nvXX>_gen.c, nvsim_gen.h); the chips
 * of that generation whose hwdb class lists (chips.xml) hold the id then
 * have it.  One table may serve several ids (nvsim_nv40_3d_class serves
 * NV40_3D_CLASS and NV44_3D_CLASS; obj->oclass tells which).  A method
 * hook returns NVSIM_OK or the error that traps, after
 * nvsim_trap_detail() for the specifics.  A trapped method is dropped and
 * the channel goes on with the next one (nvsim_trap.c, as Linux's PGRAPH
 * interrupt handlers do), so a hook checks before it changes any state:
 * an error leaves the object as it was.  Hooks run on the GPU thread, one
 * method at a time for the whole device, so a model needs no locking of
 * its own.  Tests can add a class to one device with
 * nvsim_device_add_class().
 */
#ifndef NVSIM_OBJECT_H
#define NVSIM_OBJECT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "nvsim.h"

struct nvsim_object;

/* Result of a method: OK, or the PGRAPH error it traps with. */
enum nvsim_status {
   NVSIM_OK = 0,
   NVSIM_ILLEGAL_MTHD,        /* method not valid for the class */
   NVSIM_ILLEGAL_CLASS,       /* object class not modelled / not on chip */
   NVSIM_INVALID_VALUE,       /* value out of range for the method */
   NVSIM_INVALID_OBJECT,      /* handle is not an object of a usable class */
   NVSIM_DMA_ERROR,           /* access outside a DMA object or buffer */
   NVSIM_INVALID_STATE,       /* state combination the hardware refuses */
};

struct nvsim_class {
   uint32_t oclass;
   const char *name;                       /* "NV40_3D" */
   /* Allocates the object's state; NULL on failure. */
   void *(*create)(struct nvsim_object *obj);
   void (*destroy)(void *priv);
   /* One method (byte address, as in the pushbuffer header) and its data. */
   enum nvsim_status (*method)(struct nvsim_object *obj, uint32_t mthd,
                               uint32_t data);
   /*
    * Called by the core before each job of the object's channel executes
    * (optional).  Between two jobs the application may free or move
    * buffers, so a host pointer the model derived from a GPU address in an
    * earlier job may point at freed memory: the model drops every such
    * pointer here and resolves the address again (nvsim_dma_ptr) when it
    * next uses it, which traps the channel if no buffer backs it any more.
    * Inside one job pointers stay valid: a buffer destroyed meanwhile
    * lives until the job is done (nvsim_bo_destroy).
    */
   void (*drop_mappings)(void *priv);
   uint32_t flags;                         /* NVSIM_CLASS_* */
   /* Classes sharing this model's method space, 0-terminated (optional):
    * a trap line names a method this class does not have by the name
    * hwdb gives it in one of them, marked as such (nvsim_trap.c). */
   const uint32_t *family;
};

/* The class handles method 0x180 itself (it is not DMA_NOTIFY there). */
#define NVSIM_CLASS_OWN_DMA_NOTIFY (1u << 0)
/* Not a graphics object (NV1_NULL): no NOP/NOTIFY/DMA_NOTIFY either. */
#define NVSIM_CLASS_NOT_GRAPH      (1u << 1)

struct nvsim_object {
   struct nvsim_channel *chan;
   uint32_t handle;
   uint32_t oclass;
   const struct nvsim_class *cls;  /* NULL for DMA objects */
   void *priv;                     /* the class model's state */

   /* DMA objects (classes 0x02/0x03/0x3d): the window they map. */
   bool is_dma;
   enum nvsim_domain dma_domain;
   uint64_t dma_base;              /* offset inside the aperture */
   uint64_t dma_limit;             /* size in bytes */

   /* Notifier DMA object bound by DMA_NOTIFY (graphics objects). */
   struct nvsim_object *notify_dma;
   /* Destroyed: no longer reachable by handle, memory kept until the
    * channel goes (a bound object may still be in use by PGRAPH). */
   bool dead;
};

/* The chip of the device the object lives on. */
const struct nvsim_chip_info *nvsim_object_chip(const struct nvsim_object *obj);

/* Looks up an object by handle in the object's channel; NULL if none. */
struct nvsim_object *nvsim_lookup(struct nvsim_channel *chan, uint32_t handle);

/*
 * Host pointer to [offset, offset+len) inside the DMA object `dma`, or NULL
 * when the range is outside the object or no buffer backs all of it.  The
 * caller then returns NVSIM_DMA_ERROR.
 */
void *nvsim_dma_ptr(struct nvsim_object *dma, uint64_t offset, uint64_t len);

/*
 * A method that takes a DMA object handle (DMA_BUFFER_IN, DMA_IMAGE, ...):
 * stores it in *slot, or NULL for the NULL object (unbinds); any other
 * object is NVSIM_INVALID_OBJECT with the reason added to the trap.
 */
enum nvsim_status nvsim_bind_dma(struct nvsim_object *obj,
                                 struct nvsim_object **slot, uint32_t handle);

/* Adds detail to the trap message that the core prints when a method
 * returns an error (e.g. "vertex buffer 3 ends past its DMA object"). */
void nvsim_trap_detail(struct nvsim_object *obj, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/*
 * Writes the 16-byte notifier structure (envytools-docs/hw/graph/intro.rst,
 * "Notifiers": 64-bit PTIMER timestamp, then two zero words) at
 * index * 16 in obj's notify DMA object.  NVSIM_INVALID_STATE when no
 * notify DMA object is bound, NVSIM_DMA_ERROR when it is too small.
 */
enum nvsim_status nvsim_notify_write(struct nvsim_object *obj,
                                     unsigned index);

/*
 * Makes the device accept objects of cls->oclass on every channel, as if
 * the chip had the class (tests and experiments; up to 8 per device).
 * 0, or -ENOSPC / -EEXIST.
 */
int nvsim_device_add_class(struct nvsim_device *dev,
                           const struct nvsim_class *cls);

/* The class tables the core has; a generation's are declared in its
 * folder (sim/nv40/nv40_3d.h, sim/nv50/nv50_priv.h, ...). */
extern const struct nvsim_class nvsim_nv04_m2mf_class;
/* NV1_NULL (0x0030): binds to nothing, for "no object" handles. */
extern const struct nvsim_class nvsim_null_class;

#endif
