/*
 * nvsim trace recording: NVSIM_TRACE=<file> makes every device write what
 * happens to it (device, channels, objects, buffers, submissions and the
 * methods the pusher decodes, with relocations resolved) as the
 * line-oriented text format of docs/trace.md, which src/nouveau/tools
 * (nvdump, nvdiff) read.
 *
 * Environment (read by nvsim_device_create):
 *   NVSIM_TRACE=<file>   trace into <file>; "%p" in it becomes the process
 *                        id (a program that starts others); a second device
 *                        of the same process writes <file>.1, and so on.
 *   NVSIM_TRACE_DATA=1   also record the contents of the buffers that a
 *                        submission lists (shader programs, vertex data,
 *                        textures), each time they changed since the last
 *                        record.
 *
 * The hooks are called from the nvsim core (and, for relocations, from the
 * drm-shim).  When no device traces, each costs one load and a branch.
 */
#ifndef NVSIM_TRACE_H
#define NVSIM_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "nvsim.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nvsim_object;

/* What to record besides the commands. */
#define NVSIM_TRACE_DATA (1u << 0)

/* Starts recording device dev into path (overwritten).  0, or -errno with
 * a message on stderr.  nvsim_device_create calls it for NVSIM_TRACE. */
int nvsim_trace_open(struct nvsim_device *dev, const char *path,
                     unsigned flags);
/* Stops recording (flushes and closes the file); nothing if not tracing. */
void nvsim_trace_close(struct nvsim_device *dev);

/* Number of devices recording: the hooks below return at once when 0. */
extern int nvsim_trace_count;

static inline bool
nvsim_trace_enabled(void)
{
   return __atomic_load_n(&nvsim_trace_count, __ATOMIC_RELAXED) != 0;
}

/* Relocation flags as the hook takes them: the same bits as the kernel
 * ABI's NOUVEAU_GEM_RELOC_* (libdrm's nouveau_drm.h), so that the shim
 * passes them through. */
#define NVSIM_TRACE_RELOC_LOW  (1u << 0)  /* word = offset + data (low 32) */
#define NVSIM_TRACE_RELOC_HIGH (1u << 1)  /* word = (offset + data) >> 32 */
#define NVSIM_TRACE_RELOC_OR   (1u << 2)  /* | vor (VRAM) or tor (GART) */

/*
 * A relocation of the submission about to be made on chan: the word at
 * byte `offset` of bos[container] holds an address of bos[target].  The
 * shim calls it for every relocation, applied or not (libdrm's presumed
 * offsets are usually right); bad indices are ignored.  The relocations
 * belong to the next nvsim_submit() on chan.
 */
void nvsim_trace_reloc_(struct nvsim_channel *chan,
                        struct nvsim_bo *const *bos, unsigned num_bos,
                        uint32_t container, uint32_t offset, uint32_t target,
                        uint32_t flags, uint32_t data, uint32_t vor,
                        uint32_t tor);

/* Hooks of the nvsim core (the functions behind them end in '_'). */
void nvsim_trace_device_create(struct nvsim_device *dev);
void nvsim_trace_device_destroy_(struct nvsim_device *dev);
void nvsim_trace_bo_create_(struct nvsim_bo *bo);
void nvsim_trace_bo_map_(struct nvsim_bo *bo);
void nvsim_trace_bo_destroy_(struct nvsim_bo *bo);
void nvsim_trace_bo_move_(struct nvsim_bo *bo, enum nvsim_domain old_domain,
                          uint64_t old_offset);
void nvsim_trace_channel_create_(struct nvsim_channel *chan);
void nvsim_trace_channel_destroy_(struct nvsim_channel *chan);
void nvsim_trace_object_create_(struct nvsim_channel *chan, uint32_t handle,
                                uint32_t oclass, int ret);
void nvsim_trace_dma_create_(struct nvsim_channel *chan, uint32_t handle,
                             uint32_t oclass, enum nvsim_domain domain,
                             uint64_t base, uint64_t size, int ret);
void nvsim_trace_object_destroy_(struct nvsim_channel *chan, uint32_t handle,
                                 int ret);
void nvsim_trace_submit_(struct nvsim_channel *chan,
                         const struct nvsim_push *pushes, unsigned num_pushes,
                         struct nvsim_bo *const *bos, unsigned num_bos);
void nvsim_trace_exec_(struct nvsim_channel *chan,
                       const struct nvsim_push *pushes, unsigned num_pushes);
void nvsim_trace_exec_end_(struct nvsim_channel *chan);
void nvsim_trace_method_(struct nvsim_channel *chan, unsigned subc,
                         uint32_t mthd, uint32_t data,
                         enum nvsim_domain domain, uint64_t addr);
void nvsim_trace_trap_(struct nvsim_channel *chan, const char *msg);

#define NVSIM_TRACE_HOOK(call) \
   do { if (nvsim_trace_enabled()) call; } while (0)

#define nvsim_trace_reloc(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_reloc_(__VA_ARGS__))
#define nvsim_trace_device_destroy(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_device_destroy_(__VA_ARGS__))
#define nvsim_trace_bo_create(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_bo_create_(__VA_ARGS__))
#define nvsim_trace_bo_map(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_bo_map_(__VA_ARGS__))
#define nvsim_trace_bo_destroy(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_bo_destroy_(__VA_ARGS__))
#define nvsim_trace_bo_move(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_bo_move_(__VA_ARGS__))
#define nvsim_trace_channel_create(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_channel_create_(__VA_ARGS__))
#define nvsim_trace_channel_destroy(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_channel_destroy_(__VA_ARGS__))
#define nvsim_trace_object_create(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_object_create_(__VA_ARGS__))
#define nvsim_trace_dma_create(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_dma_create_(__VA_ARGS__))
#define nvsim_trace_object_destroy(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_object_destroy_(__VA_ARGS__))
#define nvsim_trace_submit(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_submit_(__VA_ARGS__))
#define nvsim_trace_exec(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_exec_(__VA_ARGS__))
#define nvsim_trace_exec_end(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_exec_end_(__VA_ARGS__))
#define nvsim_trace_method(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_method_(__VA_ARGS__))
#define nvsim_trace_trap(...) \
   NVSIM_TRACE_HOOK(nvsim_trace_trap_(__VA_ARGS__))

#ifdef __cplusplus
}
#endif

#endif
