/*
 * nvsim's Tesla (G80:GF100) interface: GPU virtual address spaces and
 * IB-mode submission.  Part of the public interface (nvsim.h); the drm-shim
 * uses it for chipsets from NV50 on.
 *
 * A Tesla GPU reaches memory through a VM: a 40-bit virtual address space
 * per channel (envytools-docs/hw/memory/g80-vm.rst).  The nouveau kernel
 * gives every client (DRM file) one space shared by its channels and maps
 * each buffer the client opens into it; that address is what GEM_INFO
 * reports as `offset` and what the driver writes into the command stream.
 * It does not change when the buffer moves between VRAM and GART.
 *
 * Tesla channels read commands in IB mode (dma-pusher.rst "IB mode"): the
 * host writes (address, length) entries into the channel's IB ring and
 * advances IB_PUT; the pusher reads the command words from those VM ranges.
 */
#ifndef NVSIM_VM_H
#define NVSIM_VM_H

#include "nvsim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A new, empty address space (NULL on a pre-Tesla device or no memory).
 * Reference counted: every channel created in it and every mapping holds
 * a reference, so nvsim_vm_unref() may be called at any time. */
struct nvsim_vm *nvsim_vm_create(struct nvsim_device *dev);
void nvsim_vm_ref(struct nvsim_vm *vm);
void nvsim_vm_unref(struct nvsim_vm *vm);

/*
 * Maps the whole buffer at a free virtual address (aligned to the large
 * page, 64 KiB, as the kernel maps VRAM-capable buffers) and returns it
 * through *va.  memtype and tile_mode are the storage type and block
 * height the buffer was created with (GEM_NEW tile_flags / tile_mode on
 * NV50): kept with the mapping for the layout code.  0 or -ENOMEM.
 */
int nvsim_vm_map(struct nvsim_vm *vm, struct nvsim_bo *bo, uint32_t memtype,
                 uint32_t tile_mode, uint64_t *va);
/*
 * Removes the mapping at va.  Submissions queued before the call still
 * see it (as the kernel unmaps only after the buffer's fences); later ones
 * fault.  -ENOENT when nothing is mapped there.
 */
int nvsim_vm_unmap(struct nvsim_vm *vm, uint64_t va);
/* The buffer mapped over va (and the mapping's memtype/tile_mode, each
 * pointer may be NULL); NULL when none. */
struct nvsim_bo *nvsim_vm_lookup(struct nvsim_vm *vm, uint64_t va,
                                 uint32_t *memtype, uint32_t *tile_mode);
/* The space a Tesla channel runs in. */
struct nvsim_vm *nvsim_channel_vm(struct nvsim_channel *chan);

/*
 * IB-mode submission: `num` IB entries in the hardware format (two 32-bit
 * words each, hwdb g80_fifo.xml g80_ib_entry_low/high), written into the
 * channel's IB ring, then IB_PUT advances past them.  The entries are not
 * checked here: a bad one traps the channel when the pusher reads it
 * (IB_EMPTY, MEM_FAULT), as on hardware.  `bos` as for nvsim_submit().
 * Returns the sequence number or a negative errno (-EINVAL: not a Tesla
 * channel or too many entries for the ring; -ENODEV: channel dead).
 */
int64_t nvsim_submit_ib(struct nvsim_channel *chan, const uint32_t *entries,
                        unsigned num, struct nvsim_bo *const *bos,
                        unsigned num_bos);
/* Entries the IB ring holds: the most one nvsim_submit_ib() takes. */
unsigned nvsim_ib_entries(void);

#ifdef __cplusplus
}
#endif

#endif
