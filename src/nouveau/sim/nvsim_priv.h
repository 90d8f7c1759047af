/*
 * nvsim internals shared by the core files (device, memory, channels, FIFO,
 * GPU thread).  Class models use nvsim_object.h only.
 *
 * Locking (see docs in nvsim_thread.c):
 *  - dev->lock guards the job queue, sequence numbers, the channel list and
 *    the buffer bookkeeping (apertures, zombie list, per-bo last_seq);
 *    dev->done_cond is signalled when a job completes, dev->work_cond when
 *    one is queued.
 *  - dev->exec_lock is held while a job executes, so that at most one job
 *    runs at a time, in sequence order (the GPU thread, or the submitting
 *    thread under NVSIM_SYNC=1).
 *  - chan->lock guards the channel's handle table.
 * Memory that a running job may touch is never freed: destroyed buffers
 * stay in their aperture (as zombies) until every job submitted before the
 * destroy has completed.
 */
#ifndef NVSIM_PRIV_H
#define NVSIM_PRIV_H

#include <pthread.h>
#include <stdio.h>

#include "nvsim.h"
#include "nvsim_object.h"
#include "fifo.xml.h"
#include "nv_m2mf.xml.h"
#include "nvhwdb_names.h"
#include "nvsim_trace.h"

/* Chip features that change how the FIFO reads commands (facts from
 * envytools-docs/hw/fifo/dma-pusher.rst and puller.rst; "NV1A+" there is in
 * rnndb chipset order, where NV11/NV17/NV18/NV1F come after NV1A). */
enum nvsim_chip_flags {
   NVSIM_CHIP_NI_METHODS  = 1 << 0,  /* non-increasing methods [NV10+] */
   NVSIM_CHIP_CALL_RET    = 1 << 1,  /* NV1A+ jump, call and return */
   NVSIM_CHIP_REF_CNT     = 1 << 2,  /* REF_CNT puller method [NV10+] */
   NVSIM_CHIP_SEMAPHORE   = 1 << 3,  /* old-style semaphores [NV1A+] */
   NVSIM_CHIP_YIELD       = 1 << 4,  /* YIELD puller method [NV40+] */
   /* The nouveau kernel enters a user pushbuffer with a CALL on chipset
    * >= 0x25 (drm/nouveau nouveau_gem.c, GEM_PUSHBUF; it returns suffix0 =
    * 0x00020000, a RETURN, for libdrm to end each push with); older chips
    * are entered with a jump. */
   NVSIM_CHIP_KERNEL_CALL = 1 << 6,
};

/* A chip nvsim models: a row of hwdb's chip table (nvhwdb_chips.h) with
 * its generation's table of operations (nvsim_gen.h) and the classes it
 * has that the generation has a model of (nvsim_chips.c). */
#define NVSIM_MAX_CHIPS 64
#define NVSIM_CHIP_MAX_CLASSES 32
struct nvhwdb_chip;
struct nvsim_gen;
struct nvsim_chip {
   struct nvsim_chip_info info;
   uint32_t flags;
   const struct nvhwdb_chip *hw;
   const struct nvsim_gen *gen;
   uint32_t class_list[NVSIM_CHIP_MAX_CLASSES];  /* info.classes, 0-ended */
};

const struct nvsim_chip *nvsim_chip_lookup(uint32_t chipset);
/* The class model for oclass in any generation, NULL if nvsim has none
 * (for names; a device uses its chip's, nvsim_device_class). */
const struct nvsim_class *nvsim_class_model(uint32_t oclass);
bool nvsim_class_is_dma(uint32_t oclass);
/* Name of a class: hwdb's, else the model's (cls may be NULL). */
const char *nvsim_class_name(uint32_t oclass, const struct nvsim_class *cls,
                             char *buf, size_t n);

/* --- memory --- */

struct nvsim_aperture_entry {
   uint64_t offset;
   uint64_t size;          /* reserved size (4 KiB multiple) */
   struct nvsim_bo *bo;
};

struct nvsim_aperture {
   enum nvsim_domain domain;
   uint64_t size;
   struct nvsim_aperture_entry *entries;   /* sorted by offset */
   unsigned num, cap;
   uint64_t used;          /* sum of the entries' sizes (zombies too) */
   /* buffers evicted out of this aperture to make room (nvsim_mem.c) */
   uint64_t evictions, evicted_bytes;
};

struct nvsim_bo {
   struct nvsim_device *dev;
   uint64_t size;
   uint64_t offset;
   enum nvsim_domain domain;
   uint64_t align;         /* of the offset, kept when the buffer moves */
   uint8_t *map;
   bool own_backing;
   /* last job that lists this buffer */
   int64_t last_seq;
   /* least recently used first when VRAM must make room: the later of
    * last_seq and placed_seq (dev->last_seq when it got its place), then
    * serial (creation order) */
   int64_t placed_seq;
   uint64_t serial;
   bool pinned;            /* never moves (nvsim_bo_set_pinned) */
   unsigned reserved;      /* listed by a submission being validated */
   /* destroyed: freed when completed_seq >= free_after */
   bool zombie;
   int64_t free_after;
   struct nvsim_bo *next_zombie;
   void (*release)(void *data);
   void *release_data;
};

/* Aperture lookups; call with dev->lock held. */
struct nvsim_bo *nvsim_aperture_find(struct nvsim_device *dev,
                                     enum nvsim_domain domain,
                                     uint64_t addr, uint64_t len);
/* Frees the destroyed buffers no job after `done` can touch; drops and
 * retakes dev->lock around release callbacks. */
void nvsim_reap_zombies_locked(struct nvsim_device *dev, int64_t done);
void nvsim_mem_fini(struct nvsim_device *dev);

/*
 * Host pointer to [addr, addr+len) in an aperture, NULL unless one buffer
 * backs all of it.  Takes dev->lock.
 */
void *nvsim_aperture_ptr(struct nvsim_device *dev, enum nvsim_domain domain,
                         uint64_t addr, uint64_t len);

/* --- device --- */

struct nvsim_job {
   struct nvsim_job *next;
   struct nvsim_channel *chan;
   int64_t seq;
   unsigned num_pushes;
   struct nvsim_push *pushes;
};

/* Room for the chip with the most channels; each chip has its own count
 * (nvsim_chip_info.channels). */
#define NVSIM_MAX_CHANNELS NV_FIFO_CHANNELS_G80
/* Words a segment may read beyond its own length (jumps, calls) before
 * nvsim calls it a runaway loop: hardware would spin forever.  The
 * default, and the most NVSIM_RUNAWAY_WORDS may ask for. */
#define NVSIM_RUNAWAY_WORDS (1u << 24)
#define NVSIM_MAX_EXTRA_CLASSES 8

struct nvsim_object;
/* A copy-engine method (M2MF, a 2D blit or fill) whose copy would take
 * more steps (lines, pixels, or bytes where it moves them one at a time)
 * than sixteen times the pusher's runaway budget: a GPU would grind through it until the kernel's fence wait gave
 * up and called the GPU locked up, so nvsim traps it as a runaway before
 * moving anything (INVALID_STATE, the detail says why).  True when the
 * copy may run. */
bool nvsim_copy_steps_ok(struct nvsim_object *obj, uint64_t lines,
                         uint64_t steps_per_line);

struct nvsim_device {
   const struct nvsim_chip *chip;
   struct nvsim_chip_info info;     /* chip info with the sizes in force */
   bool sync;
   /* words a segment may read beyond its own length before the pusher
    * calls it a runaway loop (nvsim_pusher.c; NVSIM_RUNAWAY_WORDS) */
   uint64_t runaway_words;
   /* NVSIM_STRICT: a trap kills the channel; NVSIM_TRAP_ABORT: abort() */
   bool strict;
   bool trap_abort;
   /* NVSIM_REFERENCE: run the straightforward reference paths (the
    * interpreters and fetches as first written), never a fast path.  Every
    * fast path (issue 23) must give the same bytes in every buffer and
    * query result as the reference; make test compares the two. */
   bool reference;

   pthread_mutex_t lock;
   pthread_cond_t work_cond;
   pthread_cond_t done_cond;
   pthread_mutex_t exec_lock;

   struct nvsim_aperture vram, gart;
   struct nvsim_bo *zombies;

   struct nvsim_job *queue_head, *queue_tail;
   int64_t last_seq;       /* last assigned */
   int64_t completed_seq;  /* all jobs <= this have executed */
   /* methods the puller has taken (nvsim_fifo_method) and batches of
    * work the engines have run within one method (nvsim_progress),
    * atomic: the progress a timed nvsim_bo_wait() looks for
    * (nvsim_mem.c) */
   uint64_t methods_taken;
   bool thread_started, stop;
   pthread_t thread;

   struct nvsim_channel *channels[NVSIM_MAX_CHANNELS];

   /* classes added with nvsim_device_add_class (tests, experiments) */
   const struct nvsim_class *extra_classes[NVSIM_MAX_EXTRA_CLASSES];
   unsigned num_extra_classes;
};

const struct nvsim_class *nvsim_device_class(const struct nvsim_device *dev,
                                             uint32_t oclass);

/* --- channels and objects --- */

struct nvsim_handle_slot {
   uint32_t handle;
   struct nvsim_object *obj;   /* NULL: empty; NVSIM_SLOT_DELETED: gone */
};
#define NVSIM_SLOT_DELETED ((struct nvsim_object *)(uintptr_t)1)

/* NOTIFY state of PGRAPH (envytools-docs/hw/graph/intro.rst, "NOTIFY
 * method"): a NOTIFY schedules a notifier write after the next method. */
struct nvsim_graph_state {
   bool notify_pending;
   uint32_t notify_type;
   struct nvsim_object *notify_obj;
   int last_subc;
};

/* DMA pusher and puller state (envytools-docs/hw/fifo/dma-pusher.rst
 * "Pusher state", puller.rst "Puller state"). */
struct nvsim_fifo_state {
   /* current methods command */
   uint32_t mthd;          /* byte address */
   uint32_t subc;
   uint32_t mcnt;
   bool ni;
   uint32_t ref;
   struct nvsim_object *subc_obj[8];
   struct nvsim_object *dma_semaphore;
   uint32_t semaphore_offset;
   /* command words the pusher has read on the channel (the fuzzers'
    * measure, tests/fuzz) */
   uint64_t words_read;
};

struct nvsim_notifier_range {
   uint32_t offset, size;
   uint32_t handle;
};

struct nvsim_channel {
   struct nvsim_device *dev;
   uint32_t id;
   pthread_mutex_t lock;
   struct nvsim_handle_slot *slots;
   unsigned slot_cap, slot_used;   /* used counts live + deleted */
   struct nvsim_object **graveyard;
   unsigned num_graveyard, cap_graveyard;

   struct nvsim_bo *notifier_bo;
   struct nvsim_notifier_range *ntfy;
   unsigned num_ntfy, cap_ntfy;

   int64_t last_seq;              /* last job queued on the channel */
   struct nvsim_fifo_state fifo;
   struct nvsim_graph_state graph;
   /* what the chip's generation adds to a channel (a VM, an IB ring, its
    * puller state: nvsim_gen.channel_init), NULL if nothing */
   void *gen_state;

   /* set once by the GPU thread when the channel traps under
    * NVSIM_STRICT; without it a trap drops the method and goes on */
   bool dead;
   /* the first and the last trap's message (dev->lock), traps so far */
   char *error;
   char *last_trap;
   uint32_t num_traps;
   /* detail added by a class model for the trap being raised */
   char detail[256];
};

/* Set once by the executing thread, read anywhere. */
static inline bool
nvsim_chan_dead(const struct nvsim_channel *chan)
{
   return __atomic_load_n(&chan->dead, __ATOMIC_ACQUIRE);
}

struct nvsim_object *nvsim_lookup_locked(struct nvsim_channel *chan,
                                         uint32_t handle);

/* The GPU made progress: a method taken, or a batch of one method's work
 * (a warp of a draw) run.  A timed wait counts only time without any
 * (nvsim_mem.c), as the kernel's 30 s bound is on a GPU that stopped,
 * and one draw of long shaders can take longer than that on nvsim.  One
 * job executes at a time (dev->exec_lock), so a plain atomic store of the
 * next value will do. */
static inline void
nvsim_progress(struct nvsim_device *dev)
{
   __atomic_store_n(&dev->methods_taken,
                    __atomic_load_n(&dev->methods_taken, __ATOMIC_RELAXED) + 1,
                    __ATOMIC_RELAXED);
}

/* --- FIFO and traps --- */

/* The GPU thread (not started under NVSIM_SYNC). */
void nvsim_thread_start(struct nvsim_device *dev);
void nvsim_thread_stop(struct nvsim_device *dev);

/* A method >= 0x100 for the object bound on subc: the common graph
 * methods, else the class hook (nvsim_graph.c).  false: the method
 * trapped and is dropped. */
bool nvsim_graph_method(struct nvsim_channel *chan, unsigned subc,
                        struct nvsim_object *obj, uint32_t mthd,
                        uint32_t data);

/* The puller: one method read by the pusher, whichever kind
 * (nvsim_fifo.c).  false: the method trapped and is dropped. */
bool nvsim_fifo_method(struct nvsim_channel *chan, unsigned subc,
                       uint32_t mthd, uint32_t data);

/* The pusher's methods state (dma-pusher.rst "Pusher state"), the same
 * for every pusher kind (nvsim_fifo.c): a methods command's header sets
 * method, subchannel, count and whether the method increases; each data
 * word then goes to the puller (nvsim_fifo_method), a trap drops it.
 * nvsim_fifo_data returns false when the channel is dead (NVSIM_STRICT):
 * the pusher stops. */
void nvsim_fifo_header(struct nvsim_channel *chan, uint32_t word,
                       uint32_t count, bool ni);
bool nvsim_fifo_data(struct nvsim_channel *chan, uint32_t word,
                     enum nvsim_domain domain, uint64_t at);

/* Executes a job's pushbuffer segments on its channel (GPU thread). */
void nvsim_fifo_execute(struct nvsim_channel *chan,
                        const struct nvsim_push *pushes, unsigned num);

/* Trap lines of one channel printed on stderr (the trace has all). */
#define NVSIM_TRAP_PRINT_LIMIT 32

/*
 * A trap: formats the message (method and data decoded through hwdb),
 * prints it on stderr and in the trace; marks the channel dead under
 * NVSIM_STRICT only (else the caller drops the method, or for pusher
 * errors the rest of the commands the kernel skips, nvsim_trap.c).
 * obj may be NULL
 * (pusher errors, unbound subchannel); mthd < 0 for pusher errors that are
 * not about a method.
 */
void nvsim_trap_method(struct nvsim_channel *chan, int subc,
                       const struct nvsim_object *obj, uint32_t mthd,
                       uint32_t data, const char *reason);
/* word: the command word, or NULL when none was read */
void nvsim_trap_pusher(struct nvsim_channel *chan, enum nvsim_domain domain,
                       uint64_t addr, const uint32_t *word, const char *reason,
                       const char *detail);
const char *nvsim_status_name(enum nvsim_status st);

/* A 32-bit word of GPU memory: little-endian, as the pre-GF100 FIFO and
 * PGRAPH read and write it without the big-endian switch. */
static inline uint32_t
nvsim_get32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
          (uint32_t)p[3] << 24;
}

static inline void
nvsim_put32(uint8_t *p, uint32_t v)
{
   p[0] = v;
   p[1] = v >> 8;
   p[2] = v >> 16;
   p[3] = v >> 24;
}

/* Nanoseconds of a monotonic clock: what nvsim writes as PTIMER time. */
uint64_t nvsim_ptimer_ns(void);

const char *nvsim_domain_name(enum nvsim_domain d);

#endif
