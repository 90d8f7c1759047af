/*
 * nvsim: a functional model of NVIDIA NV10..NV50 GPUs.
 *
 * This is the public interface of the simulator library.  It has no Mesa
 * dependency; the drm-shim (src/nouveau/drm-shim) puts the nouveau kernel
 * ABI in front of it, and the unit tests in sim/tests drive it directly.
 *
 * Every function here is thread-safe: the shim calls it from any thread of
 * the application, while the simulated GPU executes submissions on a thread
 * of its own (or synchronously in the caller when NVSIM_SYNC=1).
 */
#ifndef NVSIM_H
#define NVSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct nvsim_device;
struct nvsim_channel;
struct nvsim_bo;
struct nvsim_vm;

/* Memory domains, as the kernel ABI names them (NOUVEAU_GEM_DOMAIN_*). */
enum nvsim_domain {
   NVSIM_DOMAIN_VRAM = 1 << 1,
   NVSIM_DOMAIN_GART = 1 << 2,
   /* Tesla: the channel's GPU virtual address space (nvsim_vm.h), what
    * G80 DMA objects of target VM address; not a GEM domain. */
   NVSIM_DOMAIN_VM = 1 << 8,
};

/* What a chip is: filled from hwdb's chip table (nvhwdb_chips.h) by
 * nvsim_chips.c. */
struct nvsim_chip_info {
   uint32_t chipset;          /* 0x40 for NV40, 0x50 for G80, ... */
   const char *name;          /* "NV40" */
   const char *marketing;     /* "GeForce 6800 Ultra" */
   uint16_t pci_vendor;       /* 0x10de */
   uint16_t pci_device;
   uint64_t vram_size;
   uint64_t gart_size;
   unsigned channels;         /* FIFO channels (hwdb chips.xml) */
   const uint32_t *classes;   /* object classes the chip accepts, 0-ended */
};

/*
 * Creation.  chipset is the hex chipset id (NOUVEAU_CHIPSET).  Returns NULL
 * (and prints why on stderr) for a chipset nvsim does not model.
 * Environment: NVSIM_SYNC=1 executes submissions in the submitting thread;
 * NVSIM_VRAM_MB / NVSIM_GART_MB override the memory sizes;
 * NVSIM_RUNAWAY_WORDS lowers the words a pushbuffer segment may run past
 * its end through jumps before it traps as RUNAWAY (2^24; the fuzzers use
 * less, tests/fuzz); NVSIM_STRICT and NVSIM_TRAP_ABORT: see Traps below.
 */
struct nvsim_device *nvsim_device_create(uint32_t chipset);
void nvsim_device_destroy(struct nvsim_device *dev);
const struct nvsim_chip_info *nvsim_device_info(const struct nvsim_device *dev);
/* Does the chip have this object class? */
bool nvsim_device_has_class(const struct nvsim_device *dev, uint32_t oclass);

/*
 * Buffers.  A buffer is placed in VRAM or GART (domains is a mask of the
 * allowed ones, VRAM preferred) and gets an offset inside that aperture,
 * which is what relocations and DMA objects see.  Its contents live in host
 * memory: `backing` if the caller provides it (the shim passes its memfd
 * mapping so that the application's mmap sees the same bytes), else memory
 * nvsim allocates.  When no allowed domain has room, idle VRAM buffers are
 * evicted to GART (least recently used first; busy ones are waited for) as
 * the kernel's TTM does; returns NULL when even that leaves no room.
 */
struct nvsim_bo *nvsim_bo_create(struct nvsim_device *dev, uint64_t size,
                                 uint32_t domains, void *backing);
/* The same with the offset aligned to `align` bytes (a power of two; 4 KiB
 * is the least nvsim gives; 0 means that).  NULL for a bad alignment. */
struct nvsim_bo *nvsim_bo_create_aligned(struct nvsim_device *dev,
                                         uint64_t size, uint32_t domains,
                                         void *backing, uint64_t align);
/*
 * Frees once the GPU no longer uses it (any job submitted before the call
 * may touch it).  With caller-provided backing, nvsim must not touch that
 * memory after it says so: if nvsim_bo_set_release() was called, destroy
 * returns at once and `release(data)` is called (from any thread) once the
 * GPU is done; otherwise destroy blocks until then.
 */
void nvsim_bo_destroy(struct nvsim_bo *bo);
void nvsim_bo_set_release(struct nvsim_bo *bo, void (*release)(void *data),
                          void *data);
/*
 * Moves the buffer into `domain`'s aperture (a new offset there, with the
 * buffer's alignment), keeping its bytes and host mapping: what the kernel
 * does when a submission lists a buffer only with domains it is not in.
 * Waits first until every submission that lists the buffer has executed
 * (they use the old address).  The old range is free afterwards: a GPU
 * access through it finds no buffer.  Into VRAM, other buffers are evicted
 * to GART when needed (as at creation).  0 (also when the buffer is there
 * already), -ENOSPC when the aperture has no room even so (the buffer
 * stays), -EINVAL for a bad domain or a destroyed buffer.
 */
int nvsim_bo_move(struct nvsim_bo *bo, enum nvsim_domain domain);
/* A pinned buffer never moves to make room (the kernel pins the abi16
 * notifier block, scanout buffers). */
void nvsim_bo_set_pinned(struct nvsim_bo *bo, bool pinned);
/* Reserved buffers are not evicted: the kernel reserves every buffer of
 * a submission while it validates them, so placing one cannot push out
 * another listed one.  Counted; unreserve once the submission is queued
 * (then it is busy, and eviction waits for it). */
void nvsim_bo_reserve(struct nvsim_bo *bo);
void nvsim_bo_unreserve(struct nvsim_bo *bo);

/* What the apertures hold (space taken, destroyed buffers the GPU may
 * still use included) and how much eviction has moved out of VRAM. */
struct nvsim_mem_stats {
   uint64_t vram_size, vram_used;
   uint64_t gart_size, gart_used;
   uint64_t evictions, evicted_bytes;
};
void nvsim_mem_stats(struct nvsim_device *dev, struct nvsim_mem_stats *stats);
uint64_t nvsim_bo_size(const struct nvsim_bo *bo);
uint64_t nvsim_bo_offset(const struct nvsim_bo *bo);   /* in its aperture */
enum nvsim_domain nvsim_bo_domain(const struct nvsim_bo *bo);
void *nvsim_bo_map(struct nvsim_bo *bo);
/*
 * Waits until every submission that uses the buffer has executed.
 * timeout_ns 0 polls; otherwise the wait gives up once the GPU has taken
 * no method for timeout_ns (a stopped GPU; a slow simulation is no
 * reason).  Returns 0 when idle, -EBUSY when not (poll or timeout).
 */
int nvsim_bo_wait(struct nvsim_bo *bo, int64_t timeout_ns);

/*
 * Channels.  A pre-G80 channel comes with two DMA objects that the kernel
 * creates (handles returned), covering VRAM and GART, and a notifier block
 * buffer from which notifier objects are carved.
 */
struct nvsim_channel_info {
   uint32_t id;
   uint32_t vram_ctxdma;      /* handle of the VRAM DMA object (NvDmaFB) */
   uint32_t gart_ctxdma;      /* handle of the GART DMA object (NvDmaTT) */
   struct nvsim_bo *notifier_bo;
   /* Tesla (input): the GPU virtual address space the channel runs in
    * (nvsim_vm.h); NULL gives the channel a space of its own. */
   struct nvsim_vm *vm;
};
/*
 * info is in/out: non-zero vram_ctxdma / gart_ctxdma on input are the
 * handles to use (the abi16 CHANNEL_ALLOC ioctl passes the application's
 * fb_ctxdma_handle / tt_ctxdma_handle); zero picks 0xbeef0201 / 0xbeef0202,
 * the handles Mesa's nv30 driver asks for (nv04_fifo in nv30_screen.c).
 * The notifier block is one 4 KiB GART buffer, as the kernel's abi16 makes.
 * NULL (and a message on stderr) when the device has no free channel.
 */
struct nvsim_channel *nvsim_channel_create(struct nvsim_device *dev,
                                           struct nvsim_channel_info *info);
void nvsim_channel_destroy(struct nvsim_channel *chan);

/* Graphics object of class oclass under handle.  -EINVAL: class not on
 * this chip; -EEXIST: handle taken; -ENODEV: channel dead. */
int nvsim_object_create(struct nvsim_channel *chan, uint32_t handle,
                        uint32_t oclass);
/* A notifier DMA object of `size` bytes inside the notifier block; its
 * offset in notifier_bo is returned through *offset. */
int nvsim_notifier_create(struct nvsim_channel *chan, uint32_t handle,
                          uint32_t size, uint32_t *offset);
int nvsim_object_destroy(struct nvsim_channel *chan, uint32_t handle);
/*
 * A DMA object (oclass NV1_DMA_FROM_MEMORY, NV1_DMA_TO_MEMORY or
 * NV3_DMA_IN_MEMORY) mapping [base, base+size) of a domain's aperture,
 * as the kernel would make one.  -EINVAL for a bad class/domain/range.
 */
int nvsim_dma_create(struct nvsim_channel *chan, uint32_t handle,
                     uint32_t oclass, enum nvsim_domain domain,
                     uint64_t base, uint64_t size);

/*
 * Submission: a list of pushbuffer segments, executed in order by the DMA
 * pusher as if the kernel had called into each of them.  `bos` lists every
 * buffer the submission touches so that nvsim_bo_wait() can track them.
 * Returns a sequence number (>0) or a negative errno; -ENODEV when the
 * channel is dead (trapped under NVSIM_STRICT=1).
 */
struct nvsim_push {
   struct nvsim_bo *bo;
   uint64_t offset;
   uint32_t length;           /* bytes */
};
int64_t nvsim_submit(struct nvsim_channel *chan,
                     const struct nvsim_push *pushes, unsigned num_pushes,
                     struct nvsim_bo *const *bos, unsigned num_bos);
/* Waits until the sequence number has executed. */
void nvsim_wait_seq(struct nvsim_device *dev, int64_t seq);
/* The last sequence number that has executed. */
int64_t nvsim_completed_seq(struct nvsim_device *dev);

/*
 * Traps.  A trap drops the method (or, for a DMA pusher error, the
 * commands the kernel's handler skips) and the channel goes on, as on a
 * card under Linux's nouveau (nvsim_trap.c).  Environment: NVSIM_STRICT=1
 * kills the channel at its first trap (submissions then fail with
 * -ENODEV); NVSIM_TRAP_ABORT=1 calls abort() at a trap.
 */
/* The decoded message of the channel's first trap; NULL while it has not
 * trapped.  Valid until the channel is destroyed. */
const char *nvsim_channel_error(const struct nvsim_channel *chan);
/* The message of its latest trap (NULL: none), valid until the next trap:
 * read it while the channel is idle. */
const char *nvsim_channel_last_trap(const struct nvsim_channel *chan);
/* How many traps the channel has had. */
unsigned nvsim_channel_traps(const struct nvsim_channel *chan);
/* True once a trap killed the channel (NVSIM_STRICT=1 only). */
bool nvsim_channel_dead(const struct nvsim_channel *chan);
/* The channel's reference counter (REF_CNT puller method, read by the
 * host through the channel control area). */
uint32_t nvsim_channel_ref(struct nvsim_channel *chan);
/* Command words the channel's pusher has read so far (the fuzzers'
 * measure, tests/fuzz/README.md); read it while the channel is idle. */
uint64_t nvsim_channel_words_read(const struct nvsim_channel *chan);

#ifdef __cplusplus
}
#endif

#endif
