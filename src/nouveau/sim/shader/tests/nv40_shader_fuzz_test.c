/*
 * Robustness: random instruction words (and random words with the
 * opcode/branch fields forced to valid values, so that execution gets
 * deep) must never crash the interpreters or make them read or write
 * outside their arrays.  Run under valgrind or -fsanitize=address for the
 * memory part; here we check that every run returns and that errors come
 * back as negative codes with a message.
 */
#include <stdlib.h>

#include "nv40_shader_exec.h"
#include "shader_test.h"

static uint32_t
rnd(void)
{
   return (uint32_t)rand() << 16 ^ (uint32_t)rand();
}

static void
fuzz_vp(unsigned iters)
{
   static uint32_t slots[64][4];
   static float attr[16][4], consts[NVISA_NV40_VP_NUM_CONSTS][4];
   struct nvsim_nv40_vp_prog prog = { 0 };
   struct nvsim_nv40_vp_io io;
   char err[128];

   for (unsigned i = 0; i < 16; i++)
      for (unsigned c = 0; c < 4; c++)
         attr[i][c] = (float)(rand() % 200 - 100) / 7.0f;
   for (unsigned i = 0; i < NVISA_NV40_VP_NUM_CONSTS; i++)
      for (unsigned c = 0; c < 4; c++)
         consts[i][c] = (float)(rand() % 200 - 100) / 3.0f;

   for (unsigned it = 0; it < iters; it++) {
      for (unsigned s = 0; s < 64; s++) {
         for (unsigned w = 0; w < 4; w++)
            slots[s][w] = rnd();
         if (it & 1) {
            /* valid opcodes, branch targets inside the program, few
             * "last" bits */
            nvisa_nv40_vp_set_op_vec(slots[s], rand() % 0x1a);
            unsigned sop = rand() % 0x15;
            if (!nvisa_nv40_vp_sca_op_info[sop].name)
               sop = 0;
            nvisa_nv40_vp_set_op_sca(slots[s], sop);
            if (nvisa_nv40_vp_sca_op_info[sop].flags & NVISA_OP_BRANCH)
               nvisa_nv40_vp_set_iaddr(slots[s], rand() % 64);
            nvisa_nv40_vp_set_last(slots[s], rand() % 16 == 0);
         }
      }
      CHECK(nvsim_nv40_vp_prepare(&prog, (const uint32_t (*)[4])slots, 64,
                                  err, sizeof(err)) == 0);
      memset(&io, 0, sizeof(io));
      io.attr = (const float (*)[4])attr;
      io.consts = (const float (*)[4])consts;
      int r = nvsim_nv40_vp_run(&prog, rand() % 70, &io);
      CHECK(r <= 0);
      if (r < 0)
         CHECK(strlen(nvsim_nv40_shader_strerror(r)) > 0);
   }
   nvsim_nv40_vp_fini(&prog);
}

static void
fuzz_fp(unsigned iters)
{
   static uint32_t words[256];
   struct nvsim_nv40_fp_prog prog = { 0 };
   struct nvsim_nv40_fp_quad q;
   char err[160];
   unsigned prepared = 0;

   for (unsigned it = 0; it < iters; it++) {
      unsigned n = 4 * (1 + rand() % 60);
      for (unsigned w = 0; w < n; w++)
         words[w] = rnd();
      if (it & 1) {
         /* Mostly valid: known opcodes, sane branch offsets, one END. */
         for (unsigned w = 0; w + 4 <= n; w += 4) {
            uint32_t *in = words + w;
            nvisa_nv40_fp_set_end(in, 0);
            if (rand() % 5 == 0) {
               nvisa_nv40_fp_set_is_branch(in, 1);
               nvisa_nv40_fp_set_opcode(in, rand() % 6);
               nvisa_nv40_fp_set_bra_target(in, 4 * (rand() % (n / 4 + 1)));
               nvisa_nv40_fp_set_bra_end(in, 4 * (rand() % (n / 4 + 1)));
            } else {
               unsigned op;
               do
                  op = rand() % 64;
               while (!nvisa_nv40_fp_op_info[op].name);
               nvisa_nv40_fp_set_is_branch(in, 0);
               nvisa_nv40_fp_set_opcode(in, op);
               /* no inline constants, so that offsets stay aligned */
               for (unsigned s = 0; s < 3; s++) {
                  static void (*const set_type[3])(uint32_t *, uint32_t) = {
                     nvisa_nv40_fp_set_src0_type, nvisa_nv40_fp_set_src1_type,
                     nvisa_nv40_fp_set_src2_type };
                  set_type[s](in, rand() % 2);
               }
            }
         }
         nvisa_nv40_fp_set_end(words + n - 4, 1);
      }
      if (nvsim_nv40_fp_prepare(&prog, words, n, err, sizeof(err))) {
         CHECK(err[0] != 0);
         continue;
      }
      prepared++;
      for (unsigned f = 0; f < 4; f++)
         for (unsigned i = 0; i < NVISA_NV40_FP_NUM_INPUTS; i++)
            for (unsigned c = 0; c < 4; c++)
               q.in[f][i][c] = (float)(rand() % 100 - 50) / 9.0f;
      q.mask = rand() % 16;
      int r = nvsim_nv40_fp_run_quad(&prog, &q, NULL);
      CHECK(r <= 0);
      CHECK(q.mask < 16);
   }
   nvsim_nv40_fp_fini(&prog);
   /* the mostly-valid half must get through prepare now and then */
   CHECK(prepared > 0);
}

int
main(void)
{
   srand(12345);
   fuzz_vp(3000);
   fuzz_fp(3000);
   return TEST_RESULT();
}
