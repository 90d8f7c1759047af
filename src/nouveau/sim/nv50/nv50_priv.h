/*
 * nvsim's Tesla (G80:GF100) core: the VM (nv50_vm.c), the channel state
 * Tesla adds (nv50_channel.c) and the IB-mode pusher (nv50_fifo_ib.c).
 * The core calls in here through the Tesla table of operations
 * (nv50_gen.c, nvsim_gen.h).
 */
#ifndef NV50_PRIV_H
#define NV50_PRIV_H

#include "nvsim_priv.h"
#include "nvsim_vm.h"
#include "nvsim_gen.h"
#include "g80_fifo.xml.h"

/* The IB ring of a channel: 2^NV50_IB_ORDER entries (dma-pusher.rst:
 * ib_order, a power of two; the kernel's NV50 channels have room for a
 * few hundred entries, and one GEM_PUSHBUF brings at most
 * NOUVEAU_GEM_MAX_PUSH = 512). */
#define NV50_IB_ORDER 10
#define NV50_IB_ENTRIES (1u << NV50_IB_ORDER)
#define NV50_IB_ENTRY_SIZE 8

struct nv50_channel {
   struct nvsim_vm *vm;
   pthread_mutex_t lock;          /* ring writes + submit, in order */
   struct nvsim_bo *ib_bo;        /* the IB ring, mapped at ib_va */
   uint64_t ib_va;
   unsigned ib_put;
   uint64_t ntfy_va;              /* the notifier block's address */

   /* puller state of G80:GF100 (puller.rst "Puller state") */
   bool semaphore_off_val;
   uint64_t semaphore_address;    /* new-style, G84+ */
   uint32_t semaphore_sequence;
   /* pusher: the next word is the count of a long non-increasing command */
   bool lenp;
};

/* The Tesla state of a channel (nvsim_channel.gen_state), NULL before
 * nv50_channel_init. */
static inline struct nv50_channel *
nv50_chan(const struct nvsim_channel *chan)
{
   return chan->gen_state;
}

extern const struct nvsim_gen nv50_gen;

/* The class models (nv50_gen.class_model): G80_M2MF, G80_2D, the Tesla
 * 3D classes (g80_3d*.c) and the compute classes (g80_compute*.c). */
extern const struct nvsim_class nvsim_g80_m2mf_class;
extern const struct nvsim_class nvsim_g80_2d_class;
extern const struct nvsim_class nvsim_g80_3d_class;
extern const struct nvsim_class nvsim_g80_compute_class;

/* Host pointer to [va, va+len) when one mapping visible to the job that
 * is executing covers it, else NULL.  Takes the VM's and dev->lock. */
void *nv50_vm_ptr(struct nvsim_vm *vm, uint64_t va, uint64_t len);
/* The mapping around va as a window [*base, *end) with its host memory
 * (the pusher's fetch cache); false when nothing visible is mapped. */
bool nv50_vm_window(struct nvsim_vm *vm, uint64_t va, uint64_t *base,
                    uint64_t *end, const uint8_t **map);
void nv50_vm_ref(struct nvsim_vm *vm);
uint64_t nv50_vm_size(void);

/* Tesla part of nvsim_channel_create/destroy: the VM, the notifier block
 * and IB ring mapped into it, the VRAM/GART DMA objects over the VM. */
int nv50_channel_init(struct nvsim_channel *chan,
                      struct nvsim_channel_info *info, uint32_t vram_handle,
                      uint32_t gart_handle);
void nv50_channel_fini(struct nvsim_channel *chan);

/* Runs one job's push on a Tesla channel: the IB entries it covers.
 * false: a pusher error in an IB entry dropped the rest of the job. */
bool nv50_fifo_ib_run(struct nvsim_channel *chan,
                      const struct nvsim_push *push);
/* The puller methods below 0x100 of G80:GF100 (nvsim_gen.puller_*). */
bool nv50_puller_knows(const struct nvsim_channel *chan, uint32_t mthd);
bool nv50_puller_method(struct nvsim_channel *chan, unsigned subc,
                        uint32_t mthd, uint32_t data);
uint64_t nv50_channel_notifier_va(const struct nvsim_channel *chan);

#endif
