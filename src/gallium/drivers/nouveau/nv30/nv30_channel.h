/*
 * The FIFO channel of a context: its own while the chip has channels to
 * give, shared with other contexts once it has none (docs/decisions.md,
 * "Contexts beyond the FIFO's channels").
 */
#ifndef NV30_CHANNEL_H
#define NV30_CHANNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "util/simple_mtx.h"

struct nouveau_device;
struct nouveau_object;
struct pipe_context;
struct nv30_context;

/* Object handles are ours to choose (any value unique in the channel). */
#define NV30_HANDLE_3D       0xbeef3097
/* The NULL object (class NV1_NULL) at handle 0: binding it to a DMA slot
 * says "no memory there". */
#define NV30_HANDLE_NULL     0x00000000

/* A channel and the objects on it that every context on it uses.  The
 * 3D object's state (methods sent, the VP loaded at slot 0, the texture
 * units enabled) is the channel's, so a context that finds that another
 * one submitted on the channel since it last did sends all of its own
 * again (nv30_channel_enter).  Every context emits only inside "units"
 * (one pipe entry point: a draw, a clear, a map, a flush ...) holding
 * the channel's lock; on a shared channel a unit ends with a submission,
 * so what any context submits starts from the state it sent itself. */
struct nv30_channel {
   struct nv30_channel *next;          /* every channel of the process */
   struct nouveau_device *dev;
   struct nouveau_object *channel, *eng3d, *null_obj;
   /* taken by every unit (twice a draw): a futex mutex, whose
    * uncontended lock and unlock are an atomic operation each */
   simple_mtx_t lock;
   unsigned users;
   uint32_t query_handles;             /* bit i: NV30_HANDLE_QUERY + i taken */
   /* the context whose commands the hardware state came from last */
   struct nv30_context *last;
   /* last left commands unsubmitted (only a channel of one context may:
    * another context joining it must not submit before them) */
   bool pending;
};

/* Gives the context a channel (nv30->chan, ->channel, ->eng3d,
 * ->null_obj, ->query_handle): a new one, or, when the kernel has none
 * left (-ENOSPC), a place on the least used channel of the same device
 * that no context has commands pending on.  0 or a negative errno. */
int nv30_channel_get(struct nv30_context *nv30, uint32_t class_3d);
/* Did the context get a place on another context's channel?  (Only the
 * channel's first context has query handle slot 0.) */
#define nv30_channel_joined(nv30) ((nv30)->query_handle != NV30_HANDLE_QUERY)
/* Leaves the channel; the last user deletes it and its objects. */
void nv30_channel_put(struct nv30_context *nv30);

/* A unit of emission (nestable).  enter takes the channel and, if
 * another context submitted on it since, makes the context send all its
 * state again; leave submits if the channel is shared. */
void nv30_channel_enter(struct nv30_context *nv30);
void nv30_channel_leave(struct nv30_context *nv30);

/* Makes the context's emitting entry points units. */
void nv30_channel_wrap(struct pipe_context *pipe);
/* nv30_context.c: the entry points every context starts with. */
extern const struct pipe_context nv30_context_funcs;

#endif
