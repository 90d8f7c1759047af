/*
 * The nouveau kernel ABI (abi16) over nvsim: state shared by the ioctl
 * handlers of the drm-shim.
 *
 * Layout of the state:
 *  - one nvsim device per process (nouveau_shim.dev), made at
 *    drm_shim_driver_init() from NOUVEAU_CHIPSET;
 *  - per DRM file (a shim_fd, shared by dup()ed fds) a nouveau_shim_file
 *    holding the file's channels, as the kernel keeps abi16 channels per
 *    file;
 *  - per GEM object a nouveau_shim_bo (the core's shim_bo plus ours) that
 *    points at a reference-counted nouveau_shim_mem: the nvsim buffer and our
 *    own mapping of the memfd range that the application's mmap sees.
 *
 * Locking: a file's `lock` covers its channel list and is held for the
 * whole of a channel ioctl except GEM_PUSHBUF; BO lookups take the core's
 * shim_fd->handle_lock (always after the file lock, never before), which the
 * core also holds while GEM_CLOSE frees a BO, so a looked-up BO stays alive
 * by our reference.  GEM_PUSHBUF holds the file lock only to find the
 * channel and take a reference on it, then the channel's own submit_lock:
 * submissions on different channels go in parallel, as hardware channels
 * are independent, and those on one channel in the order they came, as the
 * kernel's per-channel ring keeps them (nvsim gives each its sequence
 * number in that order).
 */
#ifndef NOUVEAU_SHIM_H
#define NOUVEAU_SHIM_H

#include <stdbool.h>
#include <stdint.h>

#include <c11/threads.h>

#include "drm-shim/drm_shim.h"
#include "fifo.xml.h"
#include "nvhwdb_chips.h"
#include "nvsim.h"

struct nouveau_shim_device {
   struct nvsim_device *dev;        /* NULL: NOUVEAU_CHIPSET was refused */
   const struct nvsim_chip_info *info;
   uint32_t chipset;
   const struct nvhwdb_chip *hw;    /* its chip table row, NULL if none */
};
extern struct nouveau_shim_device nouveau_shim;

/* What a GEM object's bytes are: refcounted so that a submission that looked
 * the BO up keeps it valid while another thread closes the handle. */
struct nouveau_shim_mem {
   int refcount;
   struct nvsim_bo *sim;
   void *map;                       /* our mapping of the memfd range */
   uint64_t size;                   /* page-rounded, as the kernel reports */
   uint32_t domain;                 /* domains asked for at GEM_NEW */
   /* Where submissions may want it (Linux nouveau_gem_new: VRAM and GART
    * before Tesla whatever was asked, the GEM_NEW domains from NV50 on). */
   uint32_t valid_domains;
   /* The kernel pins the notifier block (its DMA objects address it): it
    * never moves. */
   bool pinned;
   uint32_t tile_mode, tile_flags;  /* stored and reported back (GEM_INFO) */
   /* Tesla: the creating file's address space and the buffer's address in
    * it (GEM_INFO offset); NULL before Tesla (nouveau_shim_tesla.c) */
   struct nvsim_vm *vm;
   uint64_t va;
   /* The memfd range, when the GEM object went while the memory is still
    * in use (nouveau_shim_bo_free): freed with the memory. */
   uint64_t kept_addr, kept_size;
};

enum nouveau_shim_bo_kind {
   NOUVEAU_SHIM_BO_GEM = 0x6e76626f,
   /* The per-file sentinel: a fake entry in shim_fd->handles whose release
    * tells us that the file was closed (see nouveau_shim_file.c). */
   NOUVEAU_SHIM_BO_FILE = 0x6e766669,
};

struct nouveau_shim_file;

struct nouveau_shim_bo {
   struct shim_bo base;             /* first: the core free()s this */
   enum nouveau_shim_bo_kind kind;
   struct nouveau_shim_mem *mem;    /* NOUVEAU_SHIM_BO_GEM */
   struct nouveau_shim_file *file;  /* NOUVEAU_SHIM_BO_FILE */
};

/* A notifier object: a range of the channel's notifier block. */
struct nouveau_shim_notifier {
   uint32_t handle;
   uint32_t offset, size;
};

struct nouveau_shim_channel {
   struct nouveau_shim_channel *next;
   int id;                          /* what CHANNEL_ALLOC returned */
   /* The file's list holds one reference, each submission in flight one:
    * CHANNEL_FREE during another thread's GEM_PUSHBUF leaves the channel
    * to that submission to destroy (nouveau_shim_channel_unref). */
   int refcount;
   mtx_t submit_lock;
   struct nvsim_channel *sim;
   /* The notifier block: a GEM object (the application maps it through
    * CHANNEL_ALLOC's notifier_handle) carved into notifier DMA objects. */
   struct nouveau_shim_mem *ntfy_mem;
   struct nouveau_shim_notifier *ntfy;  /* sorted by offset */
   unsigned num_ntfy, cap_ntfy;
   bool warned_placement;
   /* Tesla from G84 on: the kernel's fence push after each submission
    * (nouveau_shim_tesla.c), in the file's VM at fence_va */
   struct nvsim_vm *fence_vm;
   struct nvsim_bo *fence_bo;
   uint64_t fence_va;
};

struct nouveau_shim_file {
   mtx_t lock;
   struct nouveau_shim_channel *channels;
   /* Tesla: the client's GPU address space, made on first use */
   struct nvsim_vm *vm;
};

/* Errors are negative errno values; the ioctl wrappers turn them into
 * -1 + errno, which is what libdrm's drmCommand*() read. */

/* nouveau_shim_file.c */
struct nouveau_shim_file *nouveau_shim_file_get(int fd);
struct nouveau_shim_channel *
nouveau_shim_channel_find(struct nouveau_shim_file *file, int id);
void nouveau_shim_file_destroy(struct nouveau_shim_file *file);

/* nouveau_shim_bo.c */
struct nouveau_shim_mem *nouveau_shim_mem_lookup(int fd, uint32_t handle);
void nouveau_shim_mem_unref(struct nouveau_shim_mem *mem);
void nouveau_shim_bo_free(struct shim_bo *bo);
struct drm_nouveau_gem_info;
int nouveau_shim_bo_create(int fd, uint64_t size, uint32_t domain,
                           uint32_t align, struct drm_nouveau_gem_info *info,
                           struct nouveau_shim_mem **pmem);
void nouveau_shim_bo_close_handle(int fd, uint32_t handle);
int nouveau_shim_ioctl_gem_new(int fd, void *arg);
int nouveau_shim_ioctl_gem_info(int fd, void *arg);
int nouveau_shim_ioctl_gem_cpu_prep(int fd, void *arg);
int nouveau_shim_ioctl_gem_cpu_fini(int fd, void *arg);

/* nouveau_shim_param.c */
int nouveau_shim_ioctl_getparam(int fd, void *arg);
int nouveau_shim_ioctl_setparam(int fd, void *arg);

/* nouveau_shim_channel.c */
int nouveau_shim_ioctl_channel_alloc(int fd, void *arg);
int nouveau_shim_ioctl_channel_free(int fd, void *arg);
int nouveau_shim_ioctl_grobj_alloc(int fd, void *arg);
int nouveau_shim_ioctl_notifierobj_alloc(int fd, void *arg);
int nouveau_shim_ioctl_gpuobj_free(int fd, void *arg);
/* Drops a reference; the last one destroys the channel. */
void nouveau_shim_channel_unref(struct nouveau_shim_channel *chan);

/* nouveau_shim_pushbuf.c */
int nouveau_shim_ioctl_gem_pushbuf(int fd, void *arg);

/* nouveau_shim_tesla.c: the NV50-family paths (VM addresses, IB mode) */
struct drm_nouveau_gem_pushbuf_push;
bool nouveau_shim_is_tesla(void);
int nouveau_shim_tesla_map(int fd, struct nouveau_shim_mem *mem);
void nouveau_shim_tesla_unmap(struct nouveau_shim_mem *mem);
void nouveau_shim_tesla_file_fini(struct nouveau_shim_file *file);
struct nvsim_vm *nouveau_shim_tesla_vm(int fd);
int nouveau_shim_tesla_notifier(struct nouveau_shim_channel *chan,
                                uint32_t handle, uint32_t offset,
                                uint32_t size);
/* The kernel's per-submission fence methods of a new channel (G84 on:
 * DMA_SEMAPHORE = its VRAM DMA object) and their release. */
int nouveau_shim_tesla_fence_init(int fd, struct nouveau_shim_channel *chan,
                                  uint32_t vram_ctxdma);
void nouveau_shim_tesla_fence_fini(struct nouveau_shim_channel *chan);
int64_t nouveau_shim_tesla_submit(struct nouveau_shim_channel *chan,
                                  const struct drm_nouveau_gem_pushbuf_push *pushes,
                                  unsigned nr_push,
                                  struct nouveau_shim_mem **mems,
                                  struct nvsim_bo **bos, unsigned nr_buffers);

#endif
