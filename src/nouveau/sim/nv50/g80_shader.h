/*
 * The seam between nvsim's Tesla 3D class (g80_3d*.c: state, vertex fetch,
 * rasterisation, texture unit, surfaces) and its shader interpreter
 * (shader/: the Tesla ISA executed a warp at a time).  The 3D class binds
 * what the methods set (code segment, start offsets, register counts,
 * constant buffers, texture descriptors) and hands the interpreter groups
 * of up to 32 threads; the interpreter runs the program and calls back
 * into the 3D class for texture sampling.
 *
 * Facts: envytools-docs/hw/graph/tesla/ (the CUDA/graphics thread model:
 * warps of 32 threads, quads of 4 for derivatives, per-stage input/output
 * spaces), rnndb graph/g80_3d.xml (VP/GP/FP_START_ID, *_REG_ALLOC_TEMP,
 * CB_DEF_*, SET_PROGRAM_CB, VP_RESULT_MAP_SIZE, FP_RESULT_COUNT,
 * FP_CONTROL).  Array sizes are not fixed here: the 3D class passes
 * strides and counts, so every limit stays in the hwdb / ISA data.
 */
#ifndef G80_SHADER_H
#define G80_SHADER_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum g80_stage {
   G80_STAGE_VP,
   G80_STAGE_GP,
   G80_STAGE_FP,
   /* compute programs (the compute class, g80_compute.c): s[], g[],
    * barriers; always on the reference path (no cache) */
   G80_STAGE_CP,
};

/* One texture request of a warp: what a tex/txb/txl/txq/texfetch
 * instruction asks the texture unit.  coord[lane][0..3] are the
 * instruction's source words as the ISA orders them (s, t, r/array, ...);
 * lod_or_bias per lane when the instruction carries one.  For
 * implicit-LOD sampling in an FP the 3D class computes derivatives from
 * the quad the lane belongs to (lanes 4q..4q+3 of a warp are one 2x2 quad:
 * top-left, top-right, bottom-left, bottom-right). */
enum g80_tex_op {
   G80_TEX_SAMPLE,      /* implicit LOD (FP) or LOD 0 (VP/GP) */
   G80_TEX_SAMPLE_BIAS,
   G80_TEX_SAMPLE_LOD,
   G80_TEX_FETCH,       /* texfetch: integer texel coordinates, lod */
   G80_TEX_QUERY,       /* txq: sizes / levels */
   /* GT215 (isa.rst "D3D10.1 additions"): texgather, texquerylod,
    * texprep cube; what they return is the texture unit's */
   G80_TEX_GATHER,
   G80_TEX_QUERY_LOD,
   G80_TEX_PREP_CUBE,
};

struct g80_tex_request {
   enum g80_tex_op op;
   unsigned tic;          /* texture image control index */
   unsigned tsc;          /* texture sampler control index */
   unsigned target;       /* the instruction's texture target field */
   bool shadow;           /* depth compare: ref is the last coordinate */
   /* the instruction's deriv flag (Mesa derivAll): derivatives from the
    * quad's coordinates even where the lanes were set up for them
    * (upstream's TXD under quadon) */
   bool deriv;
   unsigned query;        /* txq: which value */
   unsigned argc;         /* source words (ARGC + 1) */
   uint32_t active;       /* lanes that execute the instruction */
   uint32_t coord[32][5];
   uint32_t lod_or_bias[32];
   int8_t offset[3];      /* texel offsets, where the instruction has them */
};

struct g80_shader_callbacks {
   void *ctx;
   /* Fills out[lane][0..3] (32-bit words, float or integer as the format
    * returns them) for every active lane.  Faults (bad TIC/TSC index,
    * unmapped texture memory) are the 3D class's to trap. */
   void (*texture)(void *ctx, enum g80_stage stage,
                   const struct g80_tex_request *req, uint32_t out[32][4]);
   /* Optional: constant buffer c[index] of the stage as host bytes (the
    * 3D class's g80_3d_program_cb); false when unbound or unbacked.
    * Used when the program gives no `cb` array. */
   bool (*const_buffer)(void *ctx, enum g80_stage stage, unsigned index,
                        const uint8_t **data, uint32_t *size);
   /* GP: emit (restart false) or restart for the lanes in `lanes`: an
    * emit makes each lane's result words as they are now
    * (out[lane * out_stride + word]) one output vertex; restart ends the
    * lane's current strip.  NULL: emit/restart fault as not modelled. */
   void (*gp_emit)(void *ctx, uint32_t lanes, bool restart,
                   const uint32_t *out, unsigned out_stride);
   /* CP: `bytes` bytes at byte address `addr` of global space g[space]
    * (isa.rst "g0[]-g15[]") as host memory, or NULL when the access is
    * outside the space's window or mapped memory: the instruction faults
    * (the class says why through `why`, at most 96 characters). */
   uint8_t *(*global)(void *ctx, unsigned space, uint32_t addr,
                      unsigned bytes, char *why);
};

/* What the chip's shader units have beyond G80 (struct
 * g80_shader_program isa_flags): NVISA_G80_FLAG_SM11 (G84+),
 * NVISA_G80_FLAG_FP64 (G200), NVISA_G80_FLAG_D3D10_1 (GT215+) gate the
 * forms g80.xml marks so, and: */
/* f32 mul with sat saturates (hwtest g80_fp.cc: from G200 on, MCP7x
 * included; G80..G98 ignore the bit) */
#define G80_SHADER_MUL_SAT (1u << 16)

/* The program of one stage as the 3D class has it bound. */
struct g80_shader_program {
   const uint8_t *code;         /* host view of the code segment */
   uint64_t code_size;          /* bytes mapped from `code` */
   uint32_t start;              /* VP/GP/FP_START_ID: byte offset */
   unsigned gprs;               /* *_REG_ALLOC_TEMP: $r0..$r(gprs-1) usable,
                                 * the rest read 0 (isa.rst); 0: all 128 */
   uint32_t isa_flags;          /* NVISA_G80_FLAG_* and G80_SHADER_* above */
   /* l[] bytes per thread (isa.rst: 0 or a power of two from 0x10 to
    * 0x10000); the interpreter keeps it for the run, zeroed, unless
    * `local` gives it memory. */
   unsigned local_bytes;
   /* Optional: the warp's l[] in memory the caller owns (the 3D class's
    * LOCAL_ADDRESS buffer): lane l's space is local_bytes bytes at
    * local + l * local_bytes, for G80_SHADER_WARP_LANES lanes; read and
    * written in place, never past that range.  NULL: private zeroed
    * space for the run. */
   uint8_t *local;
   /* constant buffers c0..cN as SET_PROGRAM_CB binds them for the stage;
    * NULL when unbound (a read of one is a fault, as on hardware). */
   const uint32_t *const *cb;
   const uint32_t *cb_words;    /* size of each, in 32-bit words */
   unsigned num_cb;
   /* Optional: the fast path's decoded instructions, kept from run to run
    * (g80_shader_cache_create; one per program type in use, never shared
    * between threads).  NULL: the reference path, every instruction
    * decoded where it runs (NVSIM_REFERENCE=1).  Both give the same
    * results, faults and messages. */
   struct g80_shader_cache *cache;
};

struct g80_shader_cache;
struct g80_shader_cache *g80_shader_cache_create(void);
void g80_shader_cache_destroy(struct g80_shader_cache *cache);

/* A group of up to 32 threads of one stage (a warp). */
struct g80_shader_warp {
   unsigned lanes;              /* 1..32 */
   uint32_t active;             /* lanes that run (bit per lane) */
   /* VP/GP inputs: in[lane * in_stride + word], attribute words in the
    * order the input space has them.  FP: unused. */
   const uint32_t *in;
   unsigned in_stride;
   /* GP: the primitive space p[] (isa.rst: per MP, the input vertices'
    * attributes; each lane's a[] holds its vertices' byte offsets in
    * it), shared by the warp: prim[word], prim_words of them. */
   const uint32_t *prim;
   unsigned prim_words;
   /* FP inputs: the value of every interpolant word at the lane's pixel,
    * plane-interpolated in screen space (linear, before the perspective
    * divide; the program's own interpolation instructions do the rest).
    * interp[lane * interp_stride + word]. */
   const float *interp;
   unsigned interp_stride;
   /* FP: the provoking vertex's value of every word, read by flat
    * interpolation (same stride); NULL: flat reads `interp`. */
   const uint32_t *flat;
   /* Results: VP/GP result words out[lane * out_stride + word]; FP: the
    * registers the program leaves its colours (and depth) in, at exit,
    * as FP_RESULT_COUNT / FP_CONTROL say, in register order. */
   uint32_t *out;
   unsigned out_stride;
   unsigned out_words;
   /* FP: lanes that run only so that their quad has derivatives (the
    * "invisible thread mask" of isa.rst: unused or not-rendered pixels
    * of a quad); texture instructions with the live flag skip them.
    * Their results are the 3D class's to drop. */
   uint32_t helper;
   /* FP (GT215 sample shading): each lane's sample, read by $sampleid
    * (isa.rst "D3D10.1 additions"); NULL: 0 */
   const uint32_t *sample_id;
   /* FP: each lane's facing word, what v[] reads at the isa's
    * VAR_ADDR_FACE (all ones front, 0 back); NULL: that address faults
    * as outside the inputs */
   const uint32_t *face;
   /* FP: lanes that executed a discard (kil); set by the interpreter. */
   uint32_t discarded;
   /* CP: the block's s[] (shared by its warps), shared_bytes of it; each
    * lane's $r0 at the start (its thread index, hwdb G80_CP_TID); the
    * warp's index in its block ($physid bits 8-15, isa.rst) */
   uint8_t *shared;
   uint32_t shared_bytes;
   const uint32_t *tid;
   unsigned warp_index;
   /* CP (G200 on): the block's s[] locks, a word per s[] word: 0 free,
    * else 1 + the thread holding it (warp_index * 32 + lane) */
   uint32_t *shared_lock;
};

/*
 * Compute warps stop at barriers (isa.rst "Up to 16 barriers ... a warp
 * counter: a barrier can be increased or waited for"): a run that meets
 * `bar` returns with the barrier's state here, and the class resumes it
 * once the barrier allows (g80_shader_resume).
 */
struct g80_shader_barrier {
   bool hit;                    /* the run stopped at a bar */
   unsigned id;                 /* BAR */
   bool inc, wait;              /* INC: arrive; WAIT: wait for the count */
};

struct g80_shader_thread;
struct g80_shader_fault;
/* Starts a compute warp (stage G80_STAGE_CP; prog, warp, cb and fault
 * must outlive the thread) and runs it to its exit, a barrier or a
 * fault: *t is the run to resume or finish (NULL when out of memory).
 * Returns 0 (exited), 1 (stopped at the barrier *bar describes), -1
 * (fault). */
int g80_shader_start(const struct g80_shader_program *prog,
                     struct g80_shader_warp *warp,
                     const struct g80_shader_callbacks *cb,
                     struct g80_shader_fault *fault,
                     struct g80_shader_thread **t,
                     struct g80_shader_barrier *bar);
/* Runs a warp that stopped at a barrier on; the same returns. */
int g80_shader_resume(struct g80_shader_thread *t,
                      struct g80_shader_barrier *bar);
void g80_shader_thread_free(struct g80_shader_thread *t);

/* Threads in a warp (envytools-docs tesla/cuda/isa.rst: "warps of 32
 * threads"): the largest `lanes` a run takes. */
#define G80_SHADER_WARP_LANES 32

/* A geometry program's p[] (isa.rst "$vstride: attribute stride,
 * determines the spacing between subsequent attributes of a single vertex
 * in the input space ... seems to always be 0x20"): word k of the vertex
 * whose a[] pointer is b is at byte b + k * 0x20, and an instruction's
 * p[] offset counts such words (upstream's nv50 lowering: "ld $r0
 * a[($a1 + $a2 * $vstride) + k], where k *= $vstride is implicit"). */
#define G80_SHADER_GP_VSTRIDE 0x20

/* Instructions a warp may execute in one run before it is stopped as a
 * runaway (docs/reliability.md "Traps"); every executed instruction
 * counts once for the warp, whatever its active lanes. */
#define G80_SHADER_MAX_STEPS (1u << 20)

/* Why a run stopped early (the 3D class traps the channel with it). */
struct g80_shader_fault {
   bool faulted;
   uint32_t pc;                 /* the instruction's address in the code segment */
   bool runaway;                /* the instruction budget ran out */
   char msg[128];
};

/*
 * Runs the program on the warp.  Returns 0, or -1 with *fault filled in
 * (an invalid opcode, a read outside the code segment or a constant
 * buffer, a runaway program past the instruction budget the interpreter
 * enforces).  Never reads or writes outside the arrays it is given.
 */
int g80_shader_run(enum g80_stage stage, const struct g80_shader_program *prog,
                   struct g80_shader_warp *warp,
                   const struct g80_shader_callbacks *cb,
                   struct g80_shader_fault *fault);

#ifdef __cplusplus
}
#endif

#endif
