/*
 * libdrm_nouveau calls that need a lock libdrm does not take.
 *
 * libdrm 2.4.114 keeps some state in the nouveau_bo itself, not in the
 * client: nouveau_bo_map() maps a buffer the first time it is asked
 * (bo->map, nouveau.c) with no lock, so two threads mapping the same
 * buffer for the first time (a texture of a share group, a channel's
 * notifier block that contexts sharing the channel wrap to the same
 * nouveau_bo) would both mmap it and one mapping would be lost.  The
 * per-client state (a pushbuffer's buffer references, the kref array)
 * needs no lock here: every context has its own client and uses it from
 * one thread at a time, and the screen's client is used under
 * nouveau_screen::client_lock.
 */
#ifndef NOUVEAU_LIBDRM_H
#define NOUVEAU_LIBDRM_H

#include <stdint.h>

struct nouveau_bo;
struct nouveau_client;

/* nouveau_bo_map(), with the first mapping of the buffer made under a
 * process-wide lock. */
int nouveau_bo_map_shared(struct nouveau_bo *bo, uint32_t access,
                          struct nouveau_client *client);

#endif
