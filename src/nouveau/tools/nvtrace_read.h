/*
 * Reading nvsim traces (NVSIM_TRACE, format in docs/trace.md) for nvdump
 * and nvdiff: one event per line, checked strictly, with the state the
 * events build (buffers and their recorded contents, objects per channel)
 * kept up to date as the reader goes, and the normalised form of method
 * values that nvdiff compares.
 */
#ifndef NVTRACE_READ_H
#define NVTRACE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum nvtrace_kind {
   NVTRACE_DEVICE,
   NVTRACE_BO,
   NVTRACE_MAP,
   NVTRACE_FREE,
   NVTRACE_CHANNEL,
   NVTRACE_CHANNEL_FREE,
   NVTRACE_OBJECT,
   NVTRACE_DMA,
   NVTRACE_OBJECT_FREE,
   NVTRACE_SUBMIT,
   NVTRACE_CONTENTS,
   NVTRACE_DATA,
   NVTRACE_EXEC,
   NVTRACE_METHOD,
   NVTRACE_TRAP,
};

enum nvtrace_domain { NVTRACE_VRAM, NVTRACE_GART };

enum nvtrace_reloc_kind { NVTRACE_RELOC_NONE, NVTRACE_RELOC_LOW,
                          NVTRACE_RELOC_HIGH };

struct nvtrace_bo {
   uint32_t id;
   enum nvtrace_domain domain;
   uint64_t offset, size;
   bool freed;
   int64_t free_after;        /* jobs up to this seq may still use it */
   uint8_t *contents;         /* last recorded contents, NULL if none */
};

struct nvtrace_object {
   uint32_t ch, handle, oclass;
   bool is_dma;
   enum nvtrace_domain domain; /* DMA objects */
   uint64_t base, size;
   unsigned ordinal;          /* n-th object of this class on the channel */
   bool freed;
};

struct nvtrace_event {
   enum nvtrace_kind kind;
   unsigned line;
   uint32_t ch;
   /* METHOD */
   uint32_t subc;
   bool has_class;            /* false: nothing bound ("-") */
   uint32_t oclass, mthd, data;
   bool has_reloc;
   uint32_t reloc_bo;
   enum nvtrace_reloc_kind reloc_kind;
   uint32_t reloc_data, reloc_or;
   /* EXEC: its sequence number; METHOD: that of the exec it is in */
   int64_t seq;
   /* BO, MAP, FREE, CONTENTS, DATA */
   uint32_t bo;
   /* OBJECT, DMA, OBJECT_FREE */
   uint32_t handle;
   /* the rest of the line (TRAP message, SUBMIT pushes), in the reader */
   const char *text;
};

struct nvtrace_reader;

/* Opens a trace; NULL with the reason in err (e.g. "x.trace: No such
 * file or directory"). */
struct nvtrace_reader *nvtrace_open(const char *path, char *err, size_t n);
void nvtrace_close(struct nvtrace_reader *r);

/* The next event: 1, 0 at the end, -1 for bad input, with the message
 * ("trace.txt:12: error: 'm' needs 6 fields, found 3") in
 * nvtrace_error(). */
int nvtrace_next(struct nvtrace_reader *r, struct nvtrace_event *ev);
const char *nvtrace_error(const struct nvtrace_reader *r);

uint32_t nvtrace_chipset(const struct nvtrace_reader *r);
const struct nvtrace_bo *nvtrace_bo(const struct nvtrace_reader *r,
                                    uint32_t id);
/* The live object of that handle on channel ch, NULL if none. */
const struct nvtrace_object *nvtrace_object(const struct nvtrace_reader *r,
                                            uint32_t ch, uint32_t handle);
/* The buffer of `domain` holding [addr, addr+len) for job `seq`. */
const struct nvtrace_bo *nvtrace_bo_at(const struct nvtrace_reader *r,
                                       enum nvtrace_domain domain,
                                       uint64_t addr, uint64_t len,
                                       int64_t seq);
/* "NV40_3D", else "class 0x1234" (buf). */
const char *nvtrace_class_name(uint32_t oclass, char *buf, size_t n);

/* Whether method mthd takes an object handle (the puller looks those up
 * in RAMHT). */
bool nvtrace_method_is_handle(uint32_t mthd);

/*
 * The value of a method event as it should compare between runs: a
 * relocated word as the buffer (domain and size) and offset it points at,
 * a handle as the object it names ("NV40_3D#0", "DMA(vram all)"), anything
 * else as its hex value.  Returns true if the value was normalised.
 */
bool nvtrace_value_norm(const struct nvtrace_reader *r,
                        const struct nvtrace_event *ev, char *buf, size_t n);

/* Method filters shared by nvdump and nvdiff. */
struct nvtrace_filter {
   const char *class_pat;     /* class name pattern (fnmatch) or number */
   const char *method_pat;    /* method name pattern (fnmatch, no case) */
   int64_t seq_first, seq_last;   /* exec sequence range, inclusive */
};
void nvtrace_filter_init(struct nvtrace_filter *f);
/* Parses "N", "N-M", "N-" into the range; false on bad syntax. */
bool nvtrace_filter_range(struct nvtrace_filter *f, const char *arg);
bool nvtrace_filter_match(const struct nvtrace_filter *f,
                          const struct nvtrace_event *ev);

#endif
