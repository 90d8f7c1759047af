/*
 * The Tesla shader interpreter's run state, shared by its reference path
 * (g80_exec.c: every instruction decoded where it runs, executed lane by
 * lane) and its fast path (g80_exec_fast.c: instructions decoded once,
 * g80_exec_decode.c).  Not a public interface: g80_shader.h is.
 */
#ifndef G80_EXEC_PRIV_H
#define G80_EXEC_PRIV_H

#include "g80_exec.h"
#include "g80_shader.h"
#include "nvisa_g80.h"

#define G(x) NVISA_G80_##x
#define NREGS 128
#define NAREGS 8
#define NCREGS 4
#define G80_EXEC_STACK 64
#define WARP G80_SHADER_WARP_LANES

enum stack_type {
   ST_BRANCH,      /* a path waiting to run */
   ST_JOIN,        /* joinat */
   ST_BREAK,       /* breakaddr */
   ST_CALL,        /* call: the return address */
   ST_QUAD,        /* quadon: the mask to restore */
};

struct stack_entry {
   uint8_t type;
   uint32_t pc;     /* bytes */
   uint32_t mask;
};

struct run {
   enum g80_stage stage;
   const struct g80_shader_program *prog;
   struct g80_shader_warp *warp;
   const struct g80_shader_callbacks *cb;
   struct g80_shader_fault *fault;
   bool failed;
   /* the fast path's decoded instructions (g80_exec_decode.c), NULL on
    * the reference path */
   struct g80_shader_cache *cache;
   bool host_rn;        /* fast path: the host rounds to nearest */

   unsigned nregs;      /* $r0..$r(nregs-1) usable */
   uint16_t a[WARP][NAREGS];
   uint8_t c[WARP][NCREGS];

   /* byte address in the code segment: branch, call and joinat targets
    * are absolute there (isa.rst: the PC is an address in C[]; upstream
    * relocates its targets by where the program sits) */
   uint32_t pc;
   uint32_t next_pc;
   uint32_t active;
   uint32_t exited;     /* exited or discarded */
   uint32_t broke;      /* executed break */
   uint32_t returned;   /* executed ret */
   unsigned sp;
   uint64_t steps;

   /* c0..c15 as the program sees them, looked up once */
   const uint8_t *cbuf[16];
   uint32_t cbuf_bytes[16];
   uint16_t cbuf_known;

   uint8_t *local;      /* l[]: local_bytes per lane */
   unsigned local_bytes;

   /* compute: the bar the run stopped at (g80_shader_start) */
   struct g80_shader_barrier bar;

   /* From here on a run starts with what it needs only: the fast path
    * clears the registers its lanes can read (g80_run_init) and nothing
    * else; every other field below is written before it is read. */
   struct stack_entry stack[G80_EXEC_STACK];
   struct g80_tex_request tex_req;
   uint32_t tex_out[WARP][4];
   /* quadop: every lane's source 1 read before any lane writes (the warp
    * executes the instruction at once: a lane whose destination is the
    * source must not change what its neighbours read) */
   uint32_t quad_src[WARP];
   uint32_t r[WARP][NREGS];
};

#define M(x) (insn->mod[G(MOD_##x)])

/* isa.rst "Registers": with N registers enabled, $rN..$r127 are forced
 * to 0 (reads give 0, writes are lost).  Upstream relies on it: its
 * immediate 0 is $r63 or $r127 (nv50_ir_target_nv50.cpp). */
static inline uint32_t
reg_get(const struct run *st, unsigned lane, unsigned r)
{
   r %= NREGS;
   return r < st->nregs ? st->r[lane][r] : 0;
}

static inline void
reg_set(struct run *st, unsigned lane, unsigned r, uint32_t v)
{
   r %= NREGS;
   if (r < st->nregs)
      st->r[lane][r] = v;
}

static inline uint32_t
addr_reg(struct run *st, unsigned lane, unsigned areg)
{
   return areg && areg < NAREGS ? st->a[lane][areg] : 0;
}

/* The helpers of g80_exec.c the fast path uses: the fault, c[] lookup,
 * the reference execution of one lane, texture requests, emit, control
 * instructions and the control stack. */
void g80_run_fail(struct run *st, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
const uint8_t *g80_run_const_buffer(struct run *st, unsigned idx,
                                    uint32_t *bytes);
unsigned g80_run_exec_lane(struct run *st, const struct nvisa_g80_insn *insn,
                           unsigned lane);
void g80_run_exec_tex(struct run *st, const struct nvisa_g80_insn *insn,
                      uint32_t lanes);
bool g80_run_exec_emit(struct run *st, const struct nvisa_g80_insn *insn,
                       uint32_t taken);
bool g80_run_exec_control(struct run *st, const struct nvisa_g80_insn *insn,
                          uint32_t taken);
bool g80_run_resume(struct run *st);
bool g80_run_join(struct run *st, uint32_t pc);
bool g80_run_ctrl(struct run *st, unsigned ctrl);
bool g80_run_is_control(unsigned op);
bool g80_run_is_tex(unsigned op);
bool g80_run_form_has_mod(const struct nvisa_form *form, unsigned mod);

/* g80_exec_cp.c: compute programs' s[] and g[] instructions. */
bool g80_run_is_cp_op(unsigned op);
/* bytes an ld/st of LDST_TYPE type moves (g80_exec.c) */
unsigned g80_run_ldst_bytes(unsigned type);
unsigned g80_run_exec_cp(struct run *st, const struct nvisa_g80_insn *insn,
                         unsigned lane);
uint32_t g80_run_shared_rd(struct run *st, const struct nvisa_g80_operand *o,
                           unsigned lane);

/* ---- the fast path ---- */

/* One instruction decoded for the fast path (g80_exec_decode.c): the
 * words it was decoded from, everything step() in g80_exec.c works out
 * from them each time (fault, kind, predicate, flags), and how
 * g80_exec_fast.c executes it. */
enum g80_dec_fault {
   G80_DEC_OK,
   G80_DEC_INVALID,     /* not an instruction (or cut short) */
   G80_DEC_ODD,         /* a long instruction at an odd word */
   G80_DEC_CHIP,        /* a later chip's or another program type's form */
};

enum g80_dec_kind {
   G80_DEC_ALU,         /* per lane (g80_run_exec_lane or a fast form) */
   G80_DEC_CONTROL,
   G80_DEC_EMIT,        /* emit / restart */
   G80_DEC_TEX,
};

/* An operand the fast path reads or writes without g80_run_rd / _wr: its
 * kind and what it needs (g80_exec_fast.c). */
enum g80_src_kind {
   G80_SRC_SLOW,        /* anything else: the instruction runs lane by lane */
   G80_SRC_GPR,         /* a full $r: reg (past nregs reads 0) */
   G80_SRC_IMM,         /* val */
   G80_SRC_CONST,       /* c[buf][val], no $a: the same word for every lane */
   G80_SRC_CONST_IND,   /* c[buf][$a[reg] + val]: checked per lane */
   G80_SRC_ATTR,        /* a[val], no $a (VP/GP) */
   G80_SRC_VAR,         /* v[val], no $a (FP interpolation) */
};

enum g80_dst_kind {
   G80_DST_GPR,         /* a full $r: reg (past nregs dropped) */
   G80_DST_OUT,         /* $o[val], no $a (VP/GP) */
};

struct g80_src {
   uint8_t kind;
   uint8_t buf;
   uint8_t reg;         /* GPR: the register; CONST_IND: the $a */
   uint32_t val;
};

struct g80_decoded {
   uint32_t tag;        /* pc + 1; 0: an empty slot */
   uint32_t w[2];       /* the code words it was decoded from */
   uint8_t avail;       /* words there were to read (1 at the segment's end) */
   uint8_t n;           /* the instruction's words */
   uint8_t fault;       /* enum g80_dec_fault */
   uint8_t kind;        /* enum g80_dec_kind */
   uint8_t pred, pred_c, ctrl, cc_dst;
   bool cc_wr;
   uint8_t fast;        /* enum g80_fast_op (g80_exec_fast.c); 0: none */
   uint8_t nsrc;        /* fast forms: sources in src[] */
   uint8_t dst_kind;    /* enum g80_dst_kind */
   uint32_t dst;        /* the register or the result word */
   struct g80_src src[3];
   struct nvisa_g80_insn insn;
};

/* Direct-mapped by the instruction's word address: a program up to
 * G80_DECODE_SLOTS words long has no two instructions in one slot. */
#define G80_DECODE_SLOTS 512

struct g80_shader_cache {
   bool busy;           /* its run below is in use (a nested run callocs) */
   bool primed;
   enum g80_stage stage;
   uint32_t isa_flags;
   struct run run;
   struct g80_decoded slot[G80_DECODE_SLOTS];
};

/* A run's start on the fast path: the cache emptied when the program type
 * or ISA flags changed. */
void g80_decode_begin(struct run *st);
/* The decoded instruction at st->pc, decoded again when the code words
 * there changed; NULL after a fault (the reference's message). */
const struct g80_decoded *g80_decode_at(struct run *st);
/* Fills in the fast form of a decoded instruction (g80_exec_fast.c). */
void g80_fast_prepare(struct g80_decoded *d, enum g80_stage stage);
/* One instruction at st->pc through the cache; false: done or failed. */
bool g80_run_step_fast(struct run *st);

#endif
