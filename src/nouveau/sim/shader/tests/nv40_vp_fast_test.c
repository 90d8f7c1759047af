/*
 * The vertex program fast path (nvsim_nv40_vp_run_fast, issue 23)
 * against the reference interpreter (nvsim_nv40_vp_run): the same program
 * on the same vertex must give the same bits in every output, the same
 * written mask, step count and return value.  Nothing here is expected
 * from the fast path itself: the reference is the judge.
 *
 * Programs are random instruction words (every field random: temps,
 * inputs, constants, indexed reads, swizzles, negate, absolute value,
 * masks, outputs, saturation, condition tests and updates) with the
 * opcodes forced to known ones, in curie's and rankine's encodings, ending
 * with LAST; some with flow control or PUSHA/POPA (the fast path hands
 * them to the reference), some starting elsewhere than the compiled
 * start.  nvsim_nv40_vp_reprepare (only changed slots decoded again) is
 * compared with a fresh prepare.  Attributes and constants are drawn from special values (NaNs
 * with payloads, signalling NaN, infinities, -0, denormals, the address
 * clamp's limits) and random floats.
 */
#include <stdlib.h>

#include "nv40_shader_exec.h"
#include "nv40_shader_priv.h"
#include "nvisa_nv30_vp.h"
#include "shader_test.h"

static uint32_t
rnd(void)
{
   return (uint32_t)rand() << 16 ^ (uint32_t)rand();
}

static const uint32_t specials[] = {
   0x00000000, 0x80000000,                 /* +0, -0 */
   0x3f800000, 0xbf800000, 0x3f000000,     /* 1, -1, 0.5 */
   0x7fc00000, 0xffc12345, 0x7f800001,     /* NaNs: quiet, payload, signalling */
   0x7fbfffff, 0xff812345,
   0x7f800000, 0xff800000,                 /* infinities */
   0x00000001, 0x807fffff, 0x00400000,     /* denormals */
   0x00800000, 0x7f7fffff,                 /* least normal, largest */
   0x44000000, 0xc4000000, 0x43ff8000,     /* 512, -512, 511 (address clamp) */
   0x40400000, 0x3fc00000, 0xbfc00000,     /* 3, 1.5, -1.5 */
   0x1f800000, 0x5f800000,                 /* 2^-64, 2^64 (RCC's clamp) */
};

static float
value(void)
{
   uint32_t u;
   switch (rand() % 4) {
   case 0:
   case 1:
      u = specials[rand() % (sizeof(specials) / sizeof(specials[0]))];
      break;
   case 2:
      return (float)(rand() % 41 - 20) / 4.0f;
   default:
      u = rnd();
      break;
   }
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

/* A known opcode of a table of n entries (not always: 1 in 50 is any). */
static unsigned
pick_op(const struct nvisa_op_info *info, unsigned n, bool flow)
{
   for (;;) {
      unsigned op = rand() % n;
      if (!info[op].name && rand() % 50)
         continue;
      if (!flow && ((info[op].flags & NVISA_OP_BRANCH) ||
                    op == NVISA_NV40_VP_SCA_OP_PUSHA ||
                    op == NVISA_NV40_VP_SCA_OP_POPA))
         continue;
      return op;
   }
}

static unsigned compared, fast_runs, differ;

static void
compare(const struct nvsim_nv40_vp_prog *prog, unsigned start,
        const float (*attr)[4], const float (*consts)[4], unsigned it)
{
   struct nvsim_nv40_vp_io a, b;

   memset(&a, 0, sizeof(a));
   a.attr = attr;
   a.consts = consts;
   /* the fast path's caller does not preset the outputs */
   memset(&b, 0xa5, sizeof(b));
   b.attr = attr;
   b.consts = consts;
   b.tex = NULL;
   b.tex_data = NULL;
   int ra = nvsim_nv40_vp_run(prog, start, &a);
   int rb = nvsim_nv40_vp_run_fast(prog, start, &b);
   compared++;
   if (prog->fast && ra == 0)
      fast_runs++;
   if (ra != rb || a.steps != b.steps ||
       (ra == 0 && (a.out_written != b.out_written ||
                    memcmp(a.out, b.out, sizeof(a.out))))) {
      if (differ++ < 10) {
         fprintf(stderr, "iteration %u: reference %d (%u steps, written "
                 "0x%x), fast %d (%u, 0x%x)\n", it, ra, a.steps,
                 a.out_written, rb, b.steps, b.out_written);
         for (unsigned o = 0; o < NVISA_NV40_VP_NUM_OUTPUTS; o++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t x, y;
               memcpy(&x, &a.out[o][c], 4);
               memcpy(&y, &b.out[o][c], 4);
               if (x != y)
                  fprintf(stderr, "  out[%u][%u]: 0x%08x vs 0x%08x\n", o, c,
                          x, y);
            }
      }
   }
}

static void
test_programs(bool rankine, unsigned iters)
{
   static uint32_t slots[32][4];
   static float attr[NVISA_NV40_VP_NUM_INPUTS][4];
   static float consts[NVISA_NV40_VP_NUM_CONSTS][4];
   struct nvsim_nv40_vp_prog prog = { 0 };
   char err[128];

   for (unsigned it = 0; it < iters; it++) {
      unsigned n = 1 + rand() % 24;
      bool flow = rand() % 8 == 0;
      for (unsigned s = 0; s < 32; s++) {
         for (unsigned w = 0; w < 4; w++)
            slots[s][w] = rnd();
         if (rankine) {
            nvisa_nv30_vp_set_op_vec(slots[s], pick_op(nvisa_nv40_vp_vec_op_info, 32, true));
            nvisa_nv30_vp_set_op_sca(slots[s], pick_op(nvisa_nv40_vp_sca_op_info, 32, flow));
            nvisa_nv30_vp_set_iaddr(slots[s], rand() % 32);
            nvisa_nv30_vp_set_last(slots[s], s == n - 1 || rand() % 64 == 0);
         } else {
            nvisa_nv40_vp_set_op_vec(slots[s], pick_op(nvisa_nv40_vp_vec_op_info, 32, true));
            nvisa_nv40_vp_set_op_sca(slots[s], pick_op(nvisa_nv40_vp_sca_op_info, 32, flow));
            nvisa_nv40_vp_set_iaddr(slots[s], rand() % 32);
            nvisa_nv40_vp_set_last(slots[s], s == n - 1 || rand() % 64 == 0);
         }
      }
      int r = rankine ?
         nvsim_nv30_vp_prepare(&prog, (const uint32_t (*)[4])slots, 32, err,
                               sizeof(err)) :
         nvsim_nv40_vp_prepare(&prog, (const uint32_t (*)[4])slots, 32, err,
                               sizeof(err));
      CHECK(r == 0);
      unsigned start = rand() % 4 ? 0u : (unsigned)(rand() % 34);
      nvsim_nv40_vp_compile_fast(&prog, start);
      for (unsigned v = 0; v < 8; v++) {
         for (unsigned i = 0; i < NVISA_NV40_VP_NUM_INPUTS; i++)
            for (unsigned c = 0; c < 4; c++)
               attr[i][c] = value();
         /* the constants change less often (they are many) */
         if (v == 0 && it % 4 == 0)
            for (unsigned i = 0; i < NVISA_NV40_VP_NUM_CONSTS; i++)
               for (unsigned c = 0; c < 4; c++)
                  consts[i][c] = value();
         compare(&prog, v < 6 ? start : (unsigned)(rand() % 34),
                 (const float (*)[4])attr, (const float (*)[4])consts, it);
      }
   }
   nvsim_nv40_vp_fini(&prog);
}

/* nvsim_nv40_vp_reprepare after some slots changed against a fresh
 * prepare of the new slots: the same decoded slots (ops, byte for byte)
 * and the same runs. */
static void
test_reprepare(bool rankine, unsigned iters)
{
   static uint32_t old[32][4], cur[32][4];
   static float attr[NVISA_NV40_VP_NUM_INPUTS][4];
   static float consts[NVISA_NV40_VP_NUM_CONSTS][4];
   struct nvsim_nv40_vp_prog a = { 0 }, b = { 0 };
   char err[128];
   unsigned bad = 0, kept = 0;

   for (unsigned i = 0; i < NVISA_NV40_VP_NUM_CONSTS; i++)
      for (unsigned c = 0; c < 4; c++)
         consts[i][c] = value();
   for (unsigned it = 0; it < iters; it++) {
      for (unsigned s = 0; s < 32; s++)
         for (unsigned w = 0; w < 4; w++)
            old[s][w] = rnd();
      CHECK((rankine ? nvsim_nv30_vp_prepare : nvsim_nv40_vp_prepare)
            (&a, (const uint32_t (*)[4])old, 32, err, sizeof(err)) == 0);
      memcpy(cur, old, sizeof(cur));
      unsigned changes = rand() % 6;
      for (unsigned k = 0; k < changes; k++) {
         unsigned s = rand() % 32;
         cur[s][rand() % 4] = rnd();
         if (rankine)
            nvisa_nv30_vp_set_last(cur[s], rand() % 2);
         else
            nvisa_nv40_vp_set_last(cur[s], rand() % 2);
      }
      unsigned differ_slots = 0;
      for (unsigned s = 0; s < 32; s++)
         differ_slots += memcmp(cur[s], old[s], sizeof(cur[s])) != 0;
      nvsim_nv40_vp_compile_fast(&a, 0);
      bool had_fast = a.fast != NULL;
      CHECK(nvsim_nv40_vp_reprepare(&a, rankine, (const uint32_t (*)[4])cur,
                                    (const uint32_t (*)[4])old, 32, err,
                                    sizeof(err)) == (int)differ_slots);
      /* the fast form goes exactly when some slot changed */
      CHECK((a.fast != NULL) == (had_fast && !differ_slots));
      /* as nv40_3d_vp_prepare: a kept form is not compiled again */
      if (!a.fast)
         nvsim_nv40_vp_compile_fast(&a, 0);
      CHECK((rankine ? nvsim_nv30_vp_prepare : nvsim_nv40_vp_prepare)
            (&b, (const uint32_t (*)[4])cur, 32, err, sizeof(err)) == 0);
      nvsim_nv40_vp_compile_fast(&b, 0);
      CHECK(a.num_slots == b.num_slots && (a.fast != NULL) == (b.fast != NULL));
      kept += had_fast && !differ_slots;
      if (memcmp(a.ops, b.ops, 32 * sizeof(*a.ops)) && bad++ < 5)
         fprintf(stderr, "reprepare %u: slots differ from a prepare\n", it);
      for (unsigned v = 0; v < 2; v++) {
         struct nvsim_nv40_vp_io x, y;
         for (unsigned i = 0; i < NVISA_NV40_VP_NUM_INPUTS; i++)
            for (unsigned c = 0; c < 4; c++)
               attr[i][c] = value();
         memset(&x, 0, sizeof(x));
         x.attr = (const float (*)[4])attr;
         x.consts = (const float (*)[4])consts;
         y = x;
         /* the first run from the compiled start on a's fast path */
         unsigned start = v ? (unsigned)(rand() % 32) : 0;
         int rx = v ? nvsim_nv40_vp_run(&a, start, &x) :
                      nvsim_nv40_vp_run_fast(&a, start, &x);
         int ry = nvsim_nv40_vp_run(&b, start, &y);
         if ((rx != ry || x.steps != y.steps ||
              memcmp(x.out, y.out, sizeof(x.out))) && bad++ < 5)
            fprintf(stderr, "reprepare %u: runs differ\n", it);
      }
   }
   CHECK(bad == 0);
   /* the kept fast form was run at all */
   CHECK(kept > 0);
   nvsim_nv40_vp_fini(&a);
   nvsim_nv40_vp_fini(&b);
}

int
main(void)
{
   srand(23);
   test_programs(false, 8000);
   test_programs(true, 4000);
   test_reprepare(false, 2000);
   test_reprepare(true, 2000);
   fprintf(stderr, "%u runs compared, %u on the fast form, %u differ\n",
           compared, fast_runs, differ);
   CHECK(differ == 0);
   /* the comparison means something only if the fast form ran */
   CHECK(fast_runs > compared / 4);
   return TEST_RESULT();
}
