/*
 * The fragment program fast path (nvsim_nv40_fp_run_quad_fast, issue 23)
 * against the reference interpreter (nvsim_nv40_fp_run_quad): the same
 * program on the same quad must give the same bits in every colour
 * output, depth, the surviving mask, the step count, and the same
 * texture requests in the same order.  Nothing here is expected from the
 * fast path itself: the reference is the judge.
 *
 * Programs are random instruction words (every field random: registers
 * R and H, swizzles, negate, absolute value, precisions fp32 / fp16 /
 * fx12 / fx9, scales, saturation, conditions, condition-code writes,
 * inputs, indexed inputs, inline constants) with the opcode forced to a
 * known one, on curie's and rankine's encodings; inputs and constants
 * are drawn from special values (NaN with payloads, signalling NaN,
 * infinities, -0, fp32 and fp16 denormals, fp16 overflow and rounding
 * boundaries) and random floats.  Programs with flow control must also
 * agree (the fast path hands them to the reference).
 *
 * The fp16 helpers of nv40_fp16.h are compared with the reference
 * conversions on every half and on the fp32 values around every rounding
 * and range boundary, their vector forms with the scalar ones (all 2^32
 * fp32 values were compared once when they were written: identical).
 */
#include <stdlib.h>

#include "nv40_fp16.h"
#include "nv40_shader_exec.h"
#include "nvisa_nv30_fp.h"
#include "shader_test.h"

static uint32_t
rnd(void)
{
   return (uint32_t)rand() << 16 ^ (uint32_t)rand();
}

static float
bits(uint32_t u)
{
   return nvsim_u2f(u);
}

/* ---- fp16 ---- */

static unsigned fp16_bad;

/* The vector forms on x and three neighbours, against the scalar ones. */
static void
check_fp16v_at(uint32_t x)
{
   fp16_i4 v = { (int32_t)x, (int32_t)(x + 1), (int32_t)(x + 7),
                 (int32_t)(x ^ 0x80000000u) };
   fp16_i4 a = fp16v_from_fp32_bits(v), b = fp16v_round_fp32_bits(v);
   fp16_i4 h = fp16v_to_fp32_bits(v & 0xffff);
   for (unsigned i = 0; i < 4; i++) {
      if ((uint32_t)a[i] != fp16_from_fp32_bits(v[i]) ||
          (uint32_t)b[i] != fp16_round_fp32_bits(v[i]) ||
          (uint32_t)h[i] != fp16_to_fp32_bits(v[i] & 0xffff)) {
         if (fp16_bad++ < 10)
            fprintf(stderr, "fp16 vector form of 0x%08x differs\n", v[i]);
      }
   }
}

static void
check_fp16_at(uint32_t x)
{
   check_fp16v_at(x);
   uint16_t h = nvsim_float_to_half(bits(x));
   uint32_t q = nvsim_f2u(nvsim_half_to_float(h));
   if (fp16_from_fp32_bits(x) != h || fp16_round_fp32_bits(x) != q) {
      if (fp16_bad++ < 10)
         fprintf(stderr, "fp16 of 0x%08x: 0x%04x / 0x%08x, reference "
                 "0x%04x / 0x%08x\n", x, fp16_from_fp32_bits(x),
                 fp16_round_fp32_bits(x), h, q);
   }
}

static void
test_fp16(void)
{
   /* every half, and its float's neighbours */
   for (uint32_t h = 0; h < 0x10000; h++) {
      uint32_t x = nvsim_f2u(nvsim_half_to_float(h));
      CHECK(fp16_to_fp32_bits(h) == x);
      for (int d = -2; d <= 2; d++)
         check_fp16_at(x + d);
   }
   /* every exponent and sign, with the bits below fp16's precision at
    * the rounding points (ties, either side of them) */
   static const uint32_t low[] = { 0, 1, 0xfff, 0x1000, 0x1001, 0x1fff,
                                   0x800, 0x17ff };
   static const uint32_t high[] = { 0, 0x2000, 0x7fe000, 0x400000,
                                    0x3fe000, 0x7fc000 };
   for (uint32_t e = 0; e < 256; e++)
      for (unsigned i = 0; i < sizeof(low) / sizeof(low[0]); i++)
         for (unsigned j = 0; j < sizeof(high) / sizeof(high[0]); j++)
            for (uint32_t s = 0; s < 2; s++)
               check_fp16_at(s << 31 | e << 23 | high[j] | low[i]);
   /* a sweep over all fp32 values */
   for (uint64_t x = 0; x < (1ull << 32); x += 4099)
      check_fp16_at((uint32_t)x);
   for (unsigned i = 0; i < 100000; i++)
      check_fp16_at(rnd());
   CHECK(fp16_bad == 0);
}

/* ---- programs ---- */

static const uint32_t specials[] = {
   0x00000000, 0x80000000,                 /* +0, -0 */
   0x3f800000, 0xbf800000, 0x3f000000,     /* 1, -1, 0.5 */
   0x7fc00000, 0xffc12345, 0x7f800001,     /* NaNs: quiet, payload, signalling */
   0x7fbfffff,
   0x7f800000, 0xff800000,                 /* infinities */
   0x00000001, 0x807fffff, 0x00400000,     /* fp32 denormals */
   0x38800000, 0x387fffff, 0x33800000,     /* 2^-14 (fp16's least normal), below, 2^-24 */
   0x33000000, 0x33000001, 0xb3400000,     /* 2^-25, just above, -1.5*2^-24 */
   0x477fe000, 0x477ff000, 0x477fefff,     /* 65504, 65520 (overflows), just below */
   0x47800000, 0xc7800000, 0x7149f2ca,     /* 65536, -65536, 1e30 */
   0x3f801000, 0x3f803000, 0x3f800fff,     /* ties to even in fp16, and below one */
   0x3eaaaaab, 0x40400000, 0x3ff80000,     /* 1/3, 3, 1.9375 (fx12's range) */
   0x3fffffff, 0xc0000000, 0xbf7fffff,     /* near fx12's and fx9's ends */
};

static float
rnd_value(void)
{
   switch (rand() % 4) {
   case 0:
   case 1:
      return bits(specials[rand() % (sizeof(specials) / sizeof(specials[0]))]);
   case 2:
      return (float)(rand() % 2001 - 1000) / 64.0f;
   default:
      return bits(rnd());
   }
}

/* The texture unit: a recording of every request, and a result that
 * depends on all of it, so that a request that differs shows. */
struct tex_log {
   struct nvsim_tex_request req[64];
   unsigned n;
};

static void
tex_fn(void *data, const struct nvsim_tex_request *req, float result[4][4])
{
   struct tex_log *log = data;
   if (log->n < 64)
      log->req[log->n] = *req;
   log->n++;
   for (unsigned f = 0; f < 4; f++) {
      if (!(req->mask & (1u << f)))
         continue;
      for (unsigned c = 0; c < 4; c++)
         result[f][c] = req->coord[f][(c + 1) & 3] * 0.5f +
                        req->ddx[f][c] - req->ddy[f][c] + req->lod[f] +
                        (float)(req->unit + req->op);
   }
}

static unsigned compared, fallback, differed;

/* Runs prog on the quad through both paths and compares everything. */
static void
compare_quad(const struct nvsim_nv40_fp_prog *prog,
             const struct nvsim_nv40_fp_quad *in, bool with_tex)
{
   struct nvsim_nv40_fp_quad q = *in;
   struct tex_log log_ref = { .n = 0 }, log_fast = { .n = 0 };
   struct nvsim_nv40_fp_env env_ref = { with_tex ? tex_fn : NULL, &log_ref };
   struct nvsim_nv40_fp_env env_fast = { with_tex ? tex_fn : NULL, &log_fast };
   /* the fast path's data as the rasterizer keeps them: 16 inputs and 8
    * colour targets per fragment, poisoned */
   float fin[4][16][4], fcol[4][8][4];

   memset(fcol, 0xa5, sizeof(fcol));
   for (unsigned f = 0; f < 4; f++)
      for (unsigned i = 0; i < 16; i++)
         for (unsigned c = 0; c < 4; c++)
            fin[f][i][c] = i < NVISA_NV40_FP_NUM_INPUTS ? in->in[f][i][c]
                                                        : bits(0x7fc0dead);
   struct nvsim_nv40_fp_io io = {
      .in = &fin[0][0][0], .in_stride = 16 * 4, .mask = in->mask,
      .color = &fcol[0][0][0], .color_stride = 8 * 4, .color_rt_stride = 4,
      /* the caller may read fewer targets (nv40_3d: 1 without MRT) */
      .num_rt = rand() % 2 ? NVSIM_NV40_FP_NUM_RT : 1 + rand() % 4,
   };

   int r_ref = nvsim_nv40_fp_run_quad(prog, &q, &env_ref);
   int r_fast = nvsim_nv40_fp_run_quad_fast(prog, &io, &env_fast);

   bool same = r_ref == r_fast && q.mask == io.mask && q.steps == io.steps &&
               log_ref.n == log_fast.n &&
               memcmp(log_ref.req, log_fast.req,
                      (log_ref.n < 64 ? log_ref.n : 64) *
                      sizeof(log_ref.req[0])) == 0 &&
               (r_ref < 0 || memcmp(q.depth, io.depth, sizeof(q.depth)) == 0);
   /* a run that faults has no outputs (the draw traps: nv40_3d_draw.c);
    * the fast path leaves them alone then */
   for (unsigned f = 0; f < 4; f++)
      for (unsigned rt = 0; rt < io.num_rt; rt++)
         same &= r_ref < 0 ? nvsim_f2u(fcol[f][rt][0]) == 0xa5a5a5a5u :
                 memcmp(q.color[rt][f], fcol[f][rt],
                        sizeof(q.color[rt][f])) == 0;
   /* the targets past those the caller reads are left alone */
   for (unsigned f = 0; f < 4; f++)
      for (unsigned rt = io.num_rt; rt < 8; rt++)
         for (unsigned c = 0; c < 4; c++)
            same &= nvsim_f2u(fcol[f][rt][c]) == 0xa5a5a5a5u;
   compared++;
   if (!prog->fast)
      fallback++;
   if (!same && differed++ < 5) {
      fprintf(stderr, "fast path differs: ret %d/%d mask %x/%x steps %u/%u "
              "tex %u/%u; program:\n", r_ref, r_fast, q.mask, io.mask,
              q.steps, io.steps, log_ref.n, log_fast.n);
      for (unsigned f = 0; f < 4; f++)
         fprintf(stderr, "  frag %u colour 0 ref %08x %08x %08x %08x fast "
                 "%08x %08x %08x %08x\n", f,
                 nvsim_f2u(q.color[0][f][0]),
                 nvsim_f2u(q.color[0][f][1]),
                 nvsim_f2u(q.color[0][f][2]),
                 nvsim_f2u(q.color[0][f][3]),
                 nvsim_f2u(fcol[f][0][0]), nvsim_f2u(fcol[f][0][1]),
                 nvsim_f2u(fcol[f][0][2]), nvsim_f2u(fcol[f][0][3]));
   }
}

static void
random_quad(struct nvsim_nv40_fp_quad *q)
{
   memset(q, 0, sizeof(*q));
   for (unsigned f = 0; f < 4; f++)
      for (unsigned i = 0; i < NVISA_NV40_FP_NUM_INPUTS; i++)
         for (unsigned c = 0; c < 4; c++)
            q->in[f][i][c] = rnd_value();
   q->mask = rand() % 4 ? 0xf : rand() % 16;
}

typedef int (*decode_fn)(const uint32_t in[4], struct nvisa_nv40_fp_insn *);

/* Random words with a known opcode; each instruction's inline constant
 * (if it reads one) follows it.  Returns the number of words. */
static unsigned
random_program(uint32_t *words, unsigned max_insns, bool rankine,
               bool branches)
{
   const struct nvisa_op_info *info = rankine ? nvisa_nv30_fp_op_info
                                              : nvisa_nv40_fp_op_info;
   decode_fn decode = rankine ? nvisa_nv30_fp_decode : nvisa_nv40_fp_decode;
   unsigned n = 1 + rand() % max_insns, w = 0;

   for (unsigned i = 0; i < n; i++) {
      uint32_t *in = words + w;
      for (unsigned k = 0; k < 4; k++)
         in[k] = rnd();
      unsigned op;
      do
         op = rand() % 64;
      while (!info[op].name);
      if (rankine) {
         nvisa_nv30_fp_set_opcode(in, op);
         nvisa_nv30_fp_set_end(in, i == n - 1);
         /* mostly fp32/fp16 R/H registers in range, some of each */
         if (rand() % 2)
            nvisa_nv30_fp_set_out_reg(in, rand() % 8);
      } else {
         bool bra = branches && rand() % 4 == 0;
         nvisa_nv40_fp_set_is_branch(in, bra);
         if (bra) {
            nvisa_nv40_fp_set_opcode(in, rand() % 6);
            nvisa_nv40_fp_set_bra_target(in, 4 * (rand() % (n + 1)));
            nvisa_nv40_fp_set_bra_end(in, 4 * (rand() % (n + 1)));
            nvisa_nv40_fp_set_loop_count(in, rand() % 4);
         } else {
            nvisa_nv40_fp_set_opcode(in, op);
         }
         nvisa_nv40_fp_set_end(in, i == n - 1);
         if (rand() % 2)
            nvisa_nv40_fp_set_out_reg(in, rand() % 8);
      }
      struct nvisa_nv40_fp_insn insn;
      w += 4;
      if (decode(in, &insn) == 0 && !insn.is_branch &&
          nvisa_nv40_fp_has_const(&insn)) {
         for (unsigned k = 0; k < 4; k++) {
            float v = rnd_value();
            memcpy(&words[w + k], &v, 4);
         }
         w += 4;
      }
   }
   return w;
}

static void
test_random_programs(bool rankine, bool branches, unsigned iters)
{
   static uint32_t words[16 * 8];
   struct nvsim_nv40_fp_prog prog = { 0 };
   struct nvsim_nv40_fp_quad q;
   char err[160];
   unsigned prepared = 0, fast = 0;

   for (unsigned it = 0; it < iters; it++) {
      unsigned n = random_program(words, 12, rankine, branches);
      int r = rankine ? nvsim_nv30_fp_prepare(&prog, words, n, err, sizeof(err))
                      : nvsim_nv40_fp_prepare(&prog, words, n, err, sizeof(err));
      if (r)
         continue;
      prepared++;
      fast += prog.fast != NULL;
      for (unsigned k = 0; k < 3; k++) {
         random_quad(&q);
         compare_quad(&prog, &q, rand() % 4 != 0);
      }
   }
   nvsim_nv40_fp_fini(&prog);
   printf("%s%s: %u of %u programs prepared, %u on the fast path\n",
          rankine ? "rankine" : "curie", branches ? " with branches" : "",
          prepared, iters, fast);
   CHECK(prepared > iters / 4);
   /* without branches every program is the fast path's */
   if (!branches)
      CHECK(fast == prepared);
   else
      CHECK(fast < prepared);
}

int
main(void)
{
   srand(2312);
   test_fp16();
   test_random_programs(false, false, 20000);
   test_random_programs(true, false, 20000);
   test_random_programs(false, true, 5000);
   printf("%u quads compared (%u through the reference), %u differed\n",
          compared, fallback, differed);
   CHECK(differed == 0);
   return TEST_RESULT();
}
