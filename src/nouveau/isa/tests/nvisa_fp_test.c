/*
 * NV40 fragment program encoding tests: hand-assembled words (bit
 * positions from Mesa's nvfx_shader.h field comments), the program
 * upstream's nv30_transfer.c runs on NV40, round trips, disassembly.
 */
#include <stdlib.h>

#include "nvisa_nv40_fp.h"
#include "nvisa_test.h"

/* MULR R2.xw, R1, f[COL0].yyyy -- by hand:
 * word 0: opcode MUL (2) << 24 = 0x02000000; out reg 2 << 1 = 0x4;
 *         mask x (bit 9) | w (bit 12) = 0x1200; input COL0 (1) << 13 =
 *         0x2000                                       -> 0x02003204
 * word 1: src0 = type temp (0) | reg 1 << 2 | swz xyzw (x bits 9-10 = 0,
 *         y 11-12 = 1, z 13-14 = 2, w 15-16 = 3: 0x1c800) = 0x1c804;
 *         cond TR (7) << 18 = 0x1c0000; cc swz xyzw (bits 21-28, x low):
 *         0x1c800000                                   -> 0x1c9dc804
 * word 2: src1 = type input (1) | swz yyyy (1 at 9, 11, 13, 15 = 0xaa00)
 *                                                      -> 0x0000aa01
 * word 3: src2 unused = input xyzw                     -> 0x0001c801 */
static void
test_hand_assembled(void)
{
   struct nvisa_nv40_fp_insn insn;
   uint32_t w[4];
   char buf[160];

   nvisa_nv40_fp_insn_init(&insn);
   insn.op = NVISA_NV40_FP_OP_MUL;
   insn.out_reg = 2;
   insn.mask = NVISA_MASK_X | NVISA_MASK_W;
   insn.src[0].file = NVISA_FILE_TEMP;
   insn.src[0].index = 1;
   insn.src[1].file = NVISA_FILE_INPUT;
   insn.input = NVISA_NV40_FP_INPUT_COL0;
   for (unsigned c = 0; c < 4; c++)
      insn.src[1].swz[c] = 1;
   CHECK(nvisa_nv40_fp_encode(&insn, w) == 0);
   CHECK_EQ_U32(w[0], 0x02003204);
   CHECK_EQ_U32(w[1], 0x1c9dc804);
   CHECK_EQ_U32(w[2], 0x0000aa01);
   CHECK_EQ_U32(w[3], 0x0001c801);
   CHECK(nvisa_nv40_fp_disasm(w, 4, buf, sizeof(buf)) == 4);
   CHECK_STR(buf, "MULR R2.xw, R1, f[COL0].yyyy;");

   /* TEXH_SAT H4, f[TC3], TEX5 with END: opcode TEX 0x17 << 24; sat bit
    * 31; precision fp16 (1) << 22 = 0x400000; out reg 4 << 1 = 8; half
    * bit 7 = 0x80; mask xyzw 0x1e00; input TC3 (7) << 13 = 0xe000; unit 5
    * << 17 = 0xa0000; end bit 0.  Source 0 input xyzw: 0x1c801. */
   nvisa_nv40_fp_insn_init(&insn);
   insn.op = NVISA_NV40_FP_OP_TEX;
   insn.sat = true;
   insn.precision = NVISA_NV40_FP_PRECISION_FP16;
   insn.out_reg = 4;
   insn.out_half = true;
   insn.mask = NVISA_MASK_XYZW;
   insn.input = NVISA_NV40_FP_INPUT_TC3;
   insn.tex_unit = 5;
   insn.end = true;
   CHECK(nvisa_nv40_fp_encode(&insn, w) == 0);
   CHECK_EQ_U32(w[0], 0x80000000 | 0x17000000 | 0x400000 | 0xa0000 |
                      0xe000 | 0x1e00 | 0x80 | 0x8 | 0x1);
   CHECK_EQ_U32(w[1], 0x1c9dc801);
   CHECK(nvisa_nv40_fp_disasm(w, 4, buf, sizeof(buf)) == 4);
   CHECK_STR(buf, "TEXH_SAT H4, f[TC3], TEX5; END");
}

/* nv30_transfer.c: "texr r0, i[tex0], texture[0]; end;" for NV40 (the
 * second instruction being the blob's MOVH H0, R0 + END). */
static void
test_known_program(void)
{
   static const uint32_t prog[8] = {
      0x17009e00, 0x1c9dc801, 0x0001c800, 0x3fe1c800,
      0x01401e81, 0x1c9dc800, 0x0001c800, 0x0001c800,
   };
   struct nvisa_nv40_fp_insn insn;
   char buf[160];

   CHECK(nvisa_nv40_fp_decode(prog, &insn) == 0);
   CHECK(insn.op == NVISA_NV40_FP_OP_TEX);
   CHECK(!insn.out_half && insn.out_reg == 0 && insn.mask == NVISA_MASK_XYZW);
   CHECK(insn.input == NVISA_NV40_FP_INPUT_TC0);
   CHECK(insn.tex_unit == 0);
   CHECK(insn.src[0].file == NVISA_FILE_INPUT);
   CHECK(!insn.end);
   CHECK(nvisa_nv40_fp_insn_words(prog) == 4);
   CHECK(nvisa_nv40_fp_disasm(prog, 8, buf, sizeof(buf)) == 4);
   CHECK_STR(buf, "TEXR R0, f[TC0], TEX0;");

   CHECK(nvisa_nv40_fp_decode(prog + 4, &insn) == 0);
   CHECK(insn.op == NVISA_NV40_FP_OP_MOV);
   CHECK(insn.out_half && insn.out_reg == 0);
   CHECK(insn.precision == NVISA_NV40_FP_PRECISION_FP16);
   CHECK(insn.src[0].file == NVISA_FILE_TEMP && insn.src[0].index == 0);
   CHECK(insn.end);
   CHECK(nvisa_nv40_fp_disasm(prog + 4, 4, buf, sizeof(buf)) == 4);
   CHECK_STR(buf, "MOVH H0, R0; END");
}

static void
test_field_round_trip(void)
{
   uint32_t covered[4] = { 0 };

   for (unsigned f = 0; f < NVISA_NV40_FP_F__COUNT; f++) {
      const struct nvisa_field *fd = &nvisa_nv40_fp_fields[f];
      if (fd->alias)
         continue;
      uint32_t max = fd->width >= 32 ? ~0u : (1u << fd->width) - 1;
      uint32_t vals[2] = { max, 0x55555555u & max };
      for (unsigned v = 0; v < 2; v++) {
         uint32_t in[4] = { 0 }, out[4];
         struct nvisa_nv40_fp_insn insn;
         nvisa_field_set(fd, in, vals[v]);
         CHECK_EQ_U32(nvisa_field_get(fd, in), vals[v]);
         nvisa_nv40_fp_decode(in, &insn);
         nvisa_nv40_fp_encode(&insn, out);
         for (unsigned j = 0; j < 4; j++)
            if (out[j] != in[j]) {
               fprintf(stderr, "field %s value 0x%x: word %u 0x%08x != 0x%08x\n",
                       fd->name, vals[v], j, out[j], in[j]);
               nvisa_test_failures++;
            }
      }
      if (!strncmp(fd->name, "SRC", 3) && strchr(fd->name, '_') &&
          !strstr(fd->name, "_ABS"))
         continue;   /* sub-field of SRCn */
      uint32_t w[4] = { 0 };
      nvisa_field_set(fd, w, max);
      for (unsigned j = 0; j < 4; j++) {
         if (covered[j] & w[j]) {
            fprintf(stderr, "field %s overlaps another\n", fd->name);
            nvisa_test_failures++;
         }
         covered[j] |= w[j];
      }
   }
   /* Bits no known field covers: word 0 bit 21 (texture "expand",
    * uncertain), word 2 bits 18-27 and word 3 bit 18 (nvfx_shader.h lists
    * abs/precision guesses there that the emitter does not use). */
   CHECK_EQ_U32(covered[0], 0xffdfffff);
   CHECK_EQ_U32(covered[1], 0xffffffff);
   CHECK_EQ_U32(covered[2], 0xf003ffff);
   CHECK_EQ_U32(covered[3], 0xfffbffff);
}

static void
test_struct_round_trip(void)
{
   srand(2);
   for (unsigned iter = 0; iter < 2000; iter++) {
      struct nvisa_nv40_fp_insn a, b;
      uint32_t w[4];
      memset(&a, 0, sizeof(a));
      a.is_branch = (iter % 4) == 0;
      a.op = a.is_branch ? rand() % 6 : rand() % 64;
      a.end = rand() & 1;
      a.out_none = rand() & 1;
      a.out_reg = rand() % 64;
      a.out_half = rand() & 1;
      a.mask = rand() % 16;
      a.sat = rand() & 1;
      a.precision = rand() % 4;
      a.cc_update = rand() & 1;
      a.cond = rand() % 8;
      for (unsigned c = 0; c < 4; c++)
         a.cc_swz[c] = rand() % 4;
      a.input = rand() % 16;
      a.tex_unit = rand() % 16;
      for (unsigned s = 0; s < 3; s++) {
         a.src[s].abs = rand() & 1;
         if (a.is_branch && s > 0) {
            a.src[s].file = NVISA_FILE_NONE;
            for (unsigned c = 0; c < 4; c++)
               a.src[s].swz[c] = c;
            continue;
         }
         a.src[s].file = rand() % 4;
         a.src[s].index = rand() % 64;
         a.src[s].half = rand() & 1;
         for (unsigned c = 0; c < 4; c++)
            a.src[s].swz[c] = rand() % 4;
         a.src[s].neg = rand() & 1;
      }
      if (a.is_branch) {
         if (a.op == NVISA_NV40_FP_BRA_LOOP || a.op == NVISA_NV40_FP_BRA_REP) {
            a.loop_count = rand() % 256;
            a.loop_init = rand() % 256;
            a.loop_incr = rand() % 256;
         } else {
            a.bra_target = (uint32_t)rand() & 0x7fffffff;
         }
         a.bra_end = (uint32_t)rand() & 0x7fffffff;
      } else {
         a.scale = rand() % 8;
         a.addr_disp = rand() % 2048;
         a.index_input = rand() & 1;
         a.no_persp = rand() & 1;
      }
      CHECK(nvisa_nv40_fp_encode(&a, w) == 0);
      nvisa_nv40_fp_decode(w, &b);
      if (memcmp(&a, &b, sizeof(a))) {
         fprintf(stderr, "struct round trip %u differs (op %u branch %d)\n",
                 iter, a.op, a.is_branch);
         nvisa_test_failures++;
         break;
      }
   }
}

static void
test_disasm(void)
{
   struct nvisa_nv40_fp_insn insn;
   uint32_t w[8];
   char buf[160];

   /* ADDR_SAT R0.xyz, f[COL0], {0.5, 1, 2, -3}.x with its constant */
   nvisa_nv40_fp_insn_init(&insn);
   insn.op = NVISA_NV40_FP_OP_ADD;
   insn.sat = true;
   insn.mask = NVISA_MASK_X | NVISA_MASK_Y | NVISA_MASK_Z;
   insn.input = NVISA_NV40_FP_INPUT_COL0;
   insn.src[1].file = NVISA_FILE_CONST;
   memset(insn.src[1].swz, 0, 4);
   nvisa_nv40_fp_encode(&insn, w);
   const float k[4] = { 0.5f, 1.0f, 2.0f, -3.0f };
   memcpy(w + 4, k, sizeof(k));
   CHECK(nvisa_nv40_fp_insn_words(w) == 8);
   CHECK(nvisa_nv40_fp_disasm(w, 8, buf, sizeof(buf)) == 8);
   CHECK_STR(buf, "ADDR_SAT R0.xyz, f[COL0], {0.5, 1, 2, -3}.xxxx;");
   /* without room for the constant: an error, not an overread */
   CHECK(nvisa_nv40_fp_disasm(w, 6, buf, sizeof(buf)) == -1);
   CHECK(nvisa_nv40_fp_disasm(w, 3, buf, sizeof(buf)) == -1);

   /* MOVRC - (cc only), then KIL (LT.xxxx) */
   nvisa_nv40_fp_insn_init(&insn);
   insn.op = NVISA_NV40_FP_OP_MOV;
   insn.out_none = true;
   insn.cc_update = true;
   insn.mask = NVISA_MASK_X;
   insn.src[0].file = NVISA_FILE_TEMP;
   insn.src[0].index = 3;
   insn.src[0].half = true;
   insn.src[0].neg = true;
   nvisa_nv40_fp_encode(&insn, w);
   nvisa_nv40_fp_disasm(w, 4, buf, sizeof(buf));
   CHECK_STR(buf, "MOVRC CC.x, -H3;");

   nvisa_nv40_fp_insn_init(&insn);
   insn.op = NVISA_NV40_FP_OP_KIL;
   insn.cond = NVISA_COND_LT;
   memset(insn.cc_swz, 0, 4);
   nvisa_nv40_fp_encode(&insn, w);
   nvisa_nv40_fp_disasm(w, 4, buf, sizeof(buf));
   CHECK_STR(buf, "KIL (LT.xxxx);");

   /* IF (NE.xxxx) with else at word 16, endif at word 24 */
   nvisa_nv40_fp_insn_init(&insn);
   insn.is_branch = true;
   insn.op = NVISA_NV40_FP_BRA_IF;
   insn.cond = NVISA_COND_NE;
   memset(insn.cc_swz, 0, 4);
   insn.bra_target = 16;
   insn.bra_end = 24;
   nvisa_nv40_fp_encode(&insn, w);
   /* IS_BRANCH is word 2 bit 31; the else offset the low bits of word 2,
    * the endif offset word 3 (nvfx_shader.h). */
   CHECK_EQ_U32(w[2], 0x80000000 | 16);
   CHECK_EQ_U32(w[3], 24);
   CHECK_EQ_U32(w[0] >> 24, NVISA_NV40_FP_BRA_IF);
   nvisa_nv40_fp_disasm(w, 4, buf, sizeof(buf));
   CHECK_STR(buf, "IF (NE.xxxx) else @16 endif @24;");

   nvisa_nv40_fp_insn_init(&insn);
   insn.is_branch = true;
   insn.op = NVISA_NV40_FP_BRA_REP;
   insn.loop_count = insn.loop_init = insn.loop_incr = 255;
   insn.bra_end = 40;
   nvisa_nv40_fp_encode(&insn, w);
   /* counts at word 2 bits 2-9, 10-17, 19-26 */
   CHECK_EQ_U32(w[2], 0x80000000 | 255 << 2 | 255 << 10 | 255 << 19);
   nvisa_nv40_fp_disasm(w, 4, buf, sizeof(buf));
   CHECK_STR(buf, "REP 255 end @40;");
}

int
main(void)
{
   test_hand_assembled();
   test_known_program();
   test_field_round_trip();
   test_struct_round_trip();
   test_disasm();
   return TEST_RESULT();
}
