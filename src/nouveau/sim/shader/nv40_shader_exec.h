/*
 * nvsim: the NV40 vertex and fragment program interpreters.
 *
 * Both decode a program once (nvsim_nv40_*_prepare, through libnvisa's
 * unpackers) into an internal form, then run it per vertex / per 2x2
 * fragment quad.  Nothing here reads memory outside the arrays it is
 * given; bad programs (bad branch targets, missing END, runaway loops)
 * give an error code and a message, never a crash.
 *
 * Typical use by the 3D model (sim/nv40/):
 *
 *   vertex programs:  keep the 544-slot XFPR image (VP_UPLOAD_INST);
 *     after uploads, nvsim_nv40_vp_prepare(&vp, xfpr, 544, err, sizeof err);
 *     per vertex:  io.attr = ...; io.consts = ...;
 *                  nvsim_nv40_vp_run(&vp, start_slot, &io);
 *                  then read io.out[NVISA_NV40_VP_OUT_HPOS] ... .
 *   fragment programs: when FP_ACTIVE_PROGRAM / the buffer changes,
 *     nvsim_nv40_fp_prepare(&fp, words, nwords_available, err, sizeof err);
 *     per quad: fill q.in[frag][input][c] and q.mask, then
 *                  nvsim_nv40_fp_run_quad(&fp, &q, &env);
 *                  fragments left in q.mask survive; colour in q.color.
 */
#ifndef NV40_SHADER_EXEC_H
#define NV40_SHADER_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nvisa_nv40_fp.h"
#include "nvisa_nv40_vp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- texture lookups (both program kinds) ---- */

/* One lookup for up to 4 fragments of a quad (a vertex program uses
 * fragment 0 only).  Fragments are numbered 0 = (x, y), 1 = (x+1, y),
 * 2 = (x, y+1), 3 = (x+1, y+1). */
struct nvsim_tex_request {
   unsigned unit;        /* texture image unit (FP TEX_UNIT field) */
   unsigned op;          /* FP: enum nvisa_nv40_fp_op (TEX, TXP, TXB, TXL,
                          * TXD); VP: NVISA_NV40_VP_VEC_OP_TXL */
   bool vertex;          /* request from a vertex program */
   unsigned mask;        /* fragments to sample (bit i = fragment i) */
   float coord[4][4];    /* [frag][comp]; TXP already divided by w */
   float ddx[4][4];      /* d(coord)/dx: quad differences, TXD: source 1 */
   float ddy[4][4];      /* d(coord)/dy: quad differences, TXD: source 2 */
   float lod[4];         /* TXL: explicit lod (coord.w), TXB: bias (coord.w),
                          * 0 otherwise */
};

/* Writes result[frag][comp] for every fragment in req->mask. */
typedef void (*nvsim_tex_fn)(void *data, const struct nvsim_tex_request *req,
                             float result[4][4]);

/* ---- vertex programs ---- */

#define NVSIM_NV40_VP_SLOTS 544   /* XFPR: 0x220 slots (xf/isa.rst) */
#define NVSIM_NV40_VP_MAX_STEPS 65536  /* executed instructions per vertex */

struct nvsim_nv40_vp_op;          /* internal, decoded instruction */
struct nvsim_vp_fast;             /* internal, the fast path's form */

struct nvsim_nv40_vp_prog {
   struct nvsim_nv40_vp_op *ops;  /* one per slot */
   unsigned num_slots;
   struct nvsim_vp_fast *fast;    /* nvsim_nv40_vp_compile_fast's form */
};

struct nvsim_nv40_vp_io {
   /* in */
   const float (*attr)[4];   /* NVISA_NV40_VP_NUM_INPUTS (16) attributes */
   const float (*consts)[4]; /* NVISA_NV40_VP_NUM_CONSTS (468) constants */
   nvsim_tex_fn tex;         /* NULL: lookups return (0, 0, 0, 1) */
   void *tex_data;
   /* out: results by enum nvisa_nv40_vp_out (HPOS, COL0, COL1, BFC0, BFC1,
    * FOGC (.x fog, .yzw clip distances 0-2), PSZ (.x size, .yzw clip
    * distances 3-5), TC0-TC7).  Set to (0, 0, 0, 1) before the run. */
   float out[NVISA_NV40_VP_NUM_OUTPUTS][4];
   uint32_t out_written;     /* bit i: output i was written */
   unsigned steps;           /* instructions executed */
};

/* Decodes num_slots instructions (at most NVSIM_NV40_VP_SLOTS) of slots[].
 * Returns 0, or -1 with a message in err (allocation failure, too many
 * slots).  Unknown opcodes are not an error here: running into one is.
 * The program may be prepared again (it frees its old form). */
int nvsim_nv40_vp_prepare(struct nvsim_nv40_vp_prog *prog,
                          const uint32_t (*slots)[4], unsigned num_slots,
                          char *err, size_t errlen);

/* The same for a rankine (NV30) program: slots in NV30 encoding
 * (nvisa_nv30_vp.h), run by nvsim_nv40_vp_run (nv30_vp_decode.c). */
int nvsim_nv30_vp_prepare(struct nvsim_nv40_vp_prog *prog,
                          const uint32_t (*slots)[4], unsigned num_slots,
                          char *err, size_t errlen);

/* Runs one vertex from slot start to the instruction with the LAST bit.
 * Returns 0, or a negative value on a bad program (start/branch outside
 * the slots, unknown opcode, call stack overflow, more than
 * NVSIM_NV40_VP_MAX_STEPS instructions); io->out then holds what was
 * written so far. */
int nvsim_nv40_vp_run(const struct nvsim_nv40_vp_prog *prog, unsigned start,
                      struct nvsim_nv40_vp_io *io);

/* The program prepared again after uploads: prog was prepared (by the
 * function of the same encoding) from old[0..num_slots-1], and only the
 * slots whose words differ from old are decoded again; the result is
 * nvsim_nv40_vp_prepare's / nvsim_nv30_vp_prepare's on slots (issue 23:
 * a driver that re-uploads its programs at every switch made each draw
 * decode all 544 slots).  Returns the number of slots decoded again, or
 * -1 (err filled) when a full prepare was needed and failed; when it is
 * not 0 the fast form is dropped: compile it again. */
int nvsim_nv40_vp_reprepare(struct nvsim_nv40_vp_prog *prog, bool rankine,
                            const uint32_t (*slots)[4],
                            const uint32_t (*old)[4], unsigned num_slots,
                            char *err, size_t errlen);

/* The fast path (issue 23): the program from slot start compiled once
 * into a compact form (sources' places, swizzles and modifiers, masks
 * resolved; nv40_vp_fast.c), which nvsim_nv40_vp_run_fast runs with the
 * very bits of nvsim_nv40_vp_run in every output, written mask and step
 * count (tests/nv40_vp_fast_test.c).  Programs the form does not cover
 * (flow control, PUSHA/POPA, an invalid op or no LAST on the way) and
 * any other start run on the reference.  Call after each prepare. */
void nvsim_nv40_vp_compile_fast(struct nvsim_nv40_vp_prog *prog,
                                unsigned start);
int nvsim_nv40_vp_run_fast(const struct nvsim_nv40_vp_prog *prog,
                           unsigned start, struct nvsim_nv40_vp_io *io);

/* Describes the error code returned by nvsim_nv40_vp_run / _fp_run_quad. */
const char *nvsim_nv40_shader_strerror(int code);

void nvsim_nv40_vp_fini(struct nvsim_nv40_vp_prog *prog);

/* ---- fragment programs ---- */

#define NVSIM_NV40_FP_MAX_INSNS 4096     /* instructions in one program */
#define NVSIM_NV40_FP_MAX_STEPS (1 << 20) /* executed per quad */
#define NVSIM_NV40_FP_NUM_RT 4

struct nvsim_nv40_fp_op;          /* internal, decoded instruction */
struct nvsim_fp_fast;             /* internal, the fast path's form */

struct nvsim_nv40_fp_prog {
   struct nvsim_nv40_fp_op *ops;
   unsigned num_ops;
   struct nvsim_fp_fast *fast;    /* NULL: the fast path runs the
                                   * reference (flow control) */
   uint32_t inputs_read;     /* bit i: input i (enum nvisa_nv40_fp_input) */
   uint16_t texunits_used;   /* bit i: texture unit i */
   bool writes_depth;        /* some instruction writes R1.z */
   bool color_half;          /* colour 0 is H0 (written as H0), else R0 */
   bool uses_kil;
   bool uses_derivatives;    /* DDX/DDY or implicit-lod texture lookups */
   unsigned reg_slots;       /* R registers the program can touch (>= 5) */
};

struct nvsim_nv40_fp_quad {
   /* in: interpolated inputs [frag][input][comp], by enum
    * nvisa_nv40_fp_input (POS, COL0, COL1, FOGC, TC0-TC9, FACING).
    * POS is f[WPOS] = (x, y, z, 1/w) of the fragment centre
    * (NV_fragment_program), FACING (+1 front / -1 back, 0, 0, 1)
    * (NV_fragment_program2 "fragment.facing").  No precision is applied
    * to inputs (real hardware may deliver colours at lower precision). */
   float in[4][NVISA_NV40_FP_NUM_INPUTS][4];
   /* in: fragments covered (bit i = fragment i); out: the ones not killed */
   unsigned mask;
   /* out: colours for render targets 0-3 (H0 or R0, H4, H6, H8), depth
    * (R1.z, meaningful if prog->writes_depth) */
   float color[NVSIM_NV40_FP_NUM_RT][4][4];   /* [rt][frag][comp] */
   float depth[4];
   unsigned steps;
};

struct nvsim_nv40_fp_env {
   nvsim_tex_fn tex;         /* NULL: lookups return (0, 0, 0, 1) */
   void *tex_data;
};

/* Decodes the program in words[0..nwords-1] up to its END instruction
 * (inline constants included).  Returns 0, or -1 with a message in err
 * (no END within nwords, a branch target that is not an instruction
 * start, unknown opcode, allocation failure). */
int nvsim_nv40_fp_prepare(struct nvsim_nv40_fp_prog *prog,
                          const uint32_t *words, size_t nwords,
                          char *err, size_t errlen);

/* The same for a rankine (NV30) program (nvisa_nv30_fp.h encoding):
 * branch instructions are unknown opcodes, and a program has at most
 * NVSIM_NV30_FP_MAX_INSNS instructions (NV_fragment_program: "at least
 * 1024 instructions"; a program longer than the limit, which is 1024
 * without ARB_fragment_program, fails to load, section 3.11.3). */
#define NVSIM_NV30_FP_MAX_INSNS 1024
int nvsim_nv30_fp_prepare(struct nvsim_nv40_fp_prog *prog,
                          const uint32_t *words, size_t nwords,
                          char *err, size_t errlen);

/* Runs the program on the fragments of q->mask.  Fragments outside
 * q->mask take part only as helpers for derivatives (their inputs should
 * still be interpolated).  Returns 0 or a negative error code (see
 * nvsim_nv40_shader_strerror); killed fragments are cleared from q->mask. */
int nvsim_nv40_fp_run_quad(const struct nvsim_nv40_fp_prog *prog,
                           struct nvsim_nv40_fp_quad *q,
                           const struct nvsim_nv40_fp_env *env);

/* The fast path (issue 23): the same program, compiled once at prepare
 * into a compact form (operands, swizzles, masks, precision and
 * conditions resolved) and run on the four fragments together; it gives
 * the very bits of nvsim_nv40_fp_run_quad in every output, mask and
 * texture request (tests/nv40_fp_fast_test.c), and runs the reference
 * for the programs its form does not cover.  The quad's data stay where
 * the caller keeps them: */
struct nvsim_nv40_fp_io {
   /* in: input i of fragment f, component c, at
    * in[f * in_stride + 4 * i + c] (nvsim_nv40_fp_quad.in's meaning) */
   const float *in;
   unsigned in_stride;
   /* in: fragments covered; out: the ones not killed */
   unsigned mask;
   /* out: render target r's colour of fragment f, component c, at
    * color[f * color_stride + r * color_rt_stride + c], for r < num_rt
    * (at most NUM_RT: the targets the caller reads; the others are left
    * as they are) */
   float *color;
   unsigned color_stride, color_rt_stride, num_rt;
   float depth[4];
   unsigned steps;
};

int nvsim_nv40_fp_run_quad_fast(const struct nvsim_nv40_fp_prog *prog,
                                struct nvsim_nv40_fp_io *io,
                                const struct nvsim_nv40_fp_env *env);

void nvsim_nv40_fp_fini(struct nvsim_nv40_fp_prog *prog);

/* fp16 conversions used for H registers (round to nearest even). */
uint16_t nvsim_float_to_half(float f);
float nvsim_half_to_float(uint16_t h);

#ifdef __cplusplus
}
#endif

#endif
