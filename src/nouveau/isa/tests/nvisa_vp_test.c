/*
 * NV40 vertex program encoding tests: hand-assembled words (bit positions
 * from envytools xf/isa.rst, Curie column: bit n of the 128-bit word is
 * bit n%32 of word 3-n/32), instructions from upstream's nv30_transfer.c
 * (words the hardware is known to run), field and struct round trips, and
 * disassembly.
 */
#include <stdlib.h>

#include "nvisa_nv40_vp.h"
#include "nvisa_test.h"

/* MUL R1.xy, v[3], c[4].xxxx -- worked out bit by bit:
 *  OP_VEC (86-90) = 2                  -> word1 bits 22-26: 0x00800000
 *  XFCTX_ADDR (76-85) = 4              -> word1 bits 12-21: 0x00004000
 *  IBUF_ADDR (72-75) = 3               -> word1 bits 8-11:  0x00000300
 *  SRC0 (55-71) = mux 2 (input) | swz xyzw (0x1b, x in the top bits) << 8
 *               = 0x1b02: low 9 bits 0x102 -> word2 bits 23-31: 0x81000000,
 *                         high 8 bits 0x0d -> word1 bits 0-7:    0x0000000d
 *  SRC1 (38-54) = mux 3 (const), swz xxxx (0) = 3 -> word2 bits 6-22: 0xc0
 *  SRC2 (21-37) = unused, input xyzw = 0x1b02: low 11 bits 0x302 -> word3
 *               bits 21-31: 0x60400000, high 6 bits 3 -> word2 bits 0-5: 3
 *  DST_VEC (111-116) = 1               -> word0 bits 15-20: 0x00008000
 *  COND_TEST (106-108) = TR (7)        -> word0 bits 10-12: 0x00001c00
 *  CSRC_SWZ (98-105) = xyzw (0x1b)     -> word0 bits 2-9:   0x0000006c
 *  DST_WM_VEC (13-16) = x (bit 16) | y (bit 15)  -> word3:  0x00018000
 *  DST_SCA (7-12) = 0x3f (none)        -> word3:            0x00001f80
 *  OUT_ADDR (2-6) = 0x1f (none)        -> word3:            0x0000007c
 */
static void
test_hand_assembled(void)
{
   struct nvisa_nv40_vp_insn insn;
   uint32_t w[4];

   nvisa_nv40_vp_insn_init(&insn);
   insn.vec_op = NVISA_NV40_VP_VEC_OP_MUL;
   insn.vec_dst = 1;
   insn.vec_mask = NVISA_MASK_X | NVISA_MASK_Y;
   insn.src[0].file = NVISA_FILE_INPUT;
   insn.input = 3;
   insn.src[1].file = NVISA_FILE_CONST;
   insn.src[1].swz[0] = insn.src[1].swz[1] = 0;
   insn.src[1].swz[2] = insn.src[1].swz[3] = 0;
   insn.constant = 4;
   CHECK(nvisa_nv40_vp_encode(&insn, w) == 0);
   CHECK_EQ_U32(w[0], 0x00009c6c);
   CHECK_EQ_U32(w[1], 0x0080430d);
   CHECK_EQ_U32(w[2], 0x810000c3);
   CHECK_EQ_U32(w[3], 0x60419ffc);

   char buf[128];
   nvisa_nv40_vp_disasm(w, buf, sizeof(buf));
   CHECK_STR(buf, "MUL R1.xy, v[3], c[4].xxxx;");

   /* RCP o[COL0].w, -R2.y, with the last bit: scalar op 2 at bits 91-95
    * (word1 bits 27-31: 0x10000000); SRC2 = temp (mux 1) | reg 2 << 2 |
    * swz yyyy (0x55) << 8 | neg << 16 = 0x15509: low 11 bits 0x509 ->
    * word3 bits 21-31: 0xa1200000, high 6 bits 0x2a -> word2 bits 0-5;
    * DST_WM_SCA (17-20) = w, w being the low bit -> word3 bit 17: 0x20000;
    * OUT_ADDR = 1 (COL0) -> word3 bits 2-6: 0x4; OUT_IS_VEC = 0; DST_SCA
    * = 0x3f -> 0x1f80; LAST -> bit 0.  Unused sources 0 and 1 are input
    * xyzw: 0x1b02 (see above) and SRC1 = 0x1b02 << 6 = 0x6c080 in word2.
    * DST_VEC = 0x3f -> word0 bits 15-20: 0x1f8000. */
   nvisa_nv40_vp_insn_init(&insn);
   insn.sca_op = NVISA_NV40_VP_SCA_OP_RCP;
   insn.sca_mask = NVISA_MASK_W;
   insn.out = NVISA_NV40_VP_OUT_COL0;
   insn.out_is_vec = false;
   insn.src[2].file = NVISA_FILE_TEMP;
   insn.src[2].index = 2;
   insn.src[2].neg = true;
   for (unsigned c = 0; c < 4; c++)
      insn.src[2].swz[c] = 1;
   insn.last = true;
   CHECK(nvisa_nv40_vp_encode(&insn, w) == 0);
   CHECK_EQ_U32(w[0], 0x001f8000 | 0x1c00 | 0x6c);
   CHECK_EQ_U32(w[1], 0x10000000 | 0x0d);
   CHECK_EQ_U32(w[2], 0x81000000 | 0x0006c080 | 0x2a);
   CHECK_EQ_U32(w[3], 0xa1200000 | 0x00020000 | 0x1f80 | 0x4 | 0x1);
   nvisa_nv40_vp_disasm(w, buf, sizeof(buf));
   CHECK_STR(buf, "RCP o[COL0].w, -R2.yyyy; END");
}

/* "mov o[hpos], a[0];" and "mov o[tex0], a[8]; end;" as upstream's
 * nv30_transfer.c uploads them to NV40: the words run on real chips. */
static void
test_known_program(void)
{
   static const uint32_t prog[2][4] = {
      { 0x401f9c6c, 0x0040000d, 0x8106c083, 0x6041ff80 },
      { 0x401f9c6c, 0x0040080d, 0x8106c083, 0x6041ff9d },
   };
   struct nvisa_nv40_vp_insn insn;
   char buf[128];

   CHECK(nvisa_nv40_vp_decode(prog[0], &insn) == 0);
   CHECK(insn.vec_op == NVISA_NV40_VP_VEC_OP_MOV);
   CHECK(insn.sca_op == NVISA_NV40_VP_SCA_OP_NOP);
   CHECK(insn.out == NVISA_NV40_VP_OUT_HPOS);
   CHECK(insn.out_is_vec);
   CHECK(insn.vec_dst == NVISA_NV40_VP_DST_NONE);
   CHECK(insn.vec_mask == NVISA_MASK_XYZW);
   CHECK(insn.src[0].file == NVISA_FILE_INPUT);
   CHECK(insn.input == 0);
   CHECK(!insn.last);
   nvisa_nv40_vp_disasm(prog[0], buf, sizeof(buf));
   CHECK_STR(buf, "MOV o[HPOS], v[0];");

   CHECK(nvisa_nv40_vp_decode(prog[1], &insn) == 0);
   CHECK(insn.out == NVISA_NV40_VP_OUT_TC0);
   CHECK(insn.input == 8);
   CHECK(insn.last);
   nvisa_nv40_vp_disasm(prog[1], buf, sizeof(buf));
   CHECK_STR(buf, "MOV o[TC0], v[8]; END");

   /* Re-encoding the decoded form gives the same words back. */
   for (unsigned i = 0; i < 2; i++) {
      uint32_t w[4];
      nvisa_nv40_vp_decode(prog[i], &insn);
      nvisa_nv40_vp_encode(&insn, w);
      for (unsigned j = 0; j < 4; j++)
         CHECK_EQ_U32(w[j], prog[i][j]);
   }
}

/* Every field alone, at its maximum and at a pattern value, survives
 * decode + encode; and no two fields share a bit (except aliases). */
static void
test_field_round_trip(void)
{
   uint32_t covered[4] = { 0 };

   for (unsigned f = 0; f < NVISA_NV40_VP_F__COUNT; f++) {
      const struct nvisa_field *fd = &nvisa_nv40_vp_fields[f];
      if (fd->alias)
         continue;
      uint32_t max = fd->width >= 32 ? ~0u : (1u << fd->width) - 1;
      uint32_t vals[2] = { max, 0x55555555u & max };
      for (unsigned v = 0; v < 2; v++) {
         uint32_t in[4] = { 0 }, out[4];
         struct nvisa_nv40_vp_insn insn;
         nvisa_field_set(fd, in, vals[v]);
         CHECK_EQ_U32(nvisa_field_get(fd, in), vals[v]);
         nvisa_nv40_vp_decode(in, &insn);
         nvisa_nv40_vp_encode(&insn, out);
         for (unsigned j = 0; j < 4; j++)
            if (out[j] != in[j]) {
               fprintf(stderr, "field %s value 0x%x: word %u 0x%08x != 0x%08x\n",
                       fd->name, vals[v], j, out[j], in[j]);
               nvisa_test_failures++;
            }
      }
      /* Sub-fields (SRC0_MUX...) lie inside their parent: count parents. */
      if (strchr(fd->name + 3, '_') && !strncmp(fd->name, "SRC", 3) &&
          strcmp(fd->name + 4, "_ABS"))
         continue;
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
   /* isa.rst Curie: every bit but 127 (word 0 bit 31) is a field. */
   CHECK_EQ_U32(covered[0], 0x7fffffff);
   CHECK_EQ_U32(covered[1], 0xffffffff);
   CHECK_EQ_U32(covered[2], 0xffffffff);
   CHECK_EQ_U32(covered[3], 0xffffffff);
}

/* Every member of the decoded struct survives encode + decode. */
static void
test_struct_round_trip(void)
{
   srand(1);
   for (unsigned iter = 0; iter < 2000; iter++) {
      struct nvisa_nv40_vp_insn a, b;
      uint32_t w[4];
      memset(&a, 0, sizeof(a));
      a.vec_op = rand() % 0x1a;
      a.sca_op = rand() % 0x15;
      a.vec_dst = rand() % 64;
      a.sca_dst = rand() % 64;
      a.vec_mask = rand() % 16;
      a.sca_mask = rand() % 16;
      a.out = rand() % 32;
      a.out_is_vec = rand() & 1;
      a.out_indexed = rand() & 1;
      a.sat = rand() & 1;
      for (unsigned s = 0; s < 3; s++) {
         a.src[s].file = rand() % 4;
         a.src[s].index = rand() % 64;
         for (unsigned c = 0; c < 4; c++)
            a.src[s].swz[c] = rand() % 4;
         a.src[s].neg = rand() & 1;
         a.src[s].abs = rand() & 1;
      }
      a.input = rand() % 16;
      a.constant = rand() % 1024;
      a.input_indexed = rand() & 1;
      a.const_indexed = rand() & 1;
      a.addr_reg = rand() & 1;
      a.addr_swz = rand() % 4;
      a.cc_test = rand() & 1;
      a.cond = rand() % 8;
      for (unsigned c = 0; c < 4; c++)
         a.cc_swz[c] = rand() % 4;
      a.cc_update = rand() & 1;
      a.cc_update_vec = rand() & 1;
      a.cc_reg = rand() & 1;
      a.last = rand() & 1;
      bool branch = nvisa_nv40_vp_sca_op_info[a.sca_op].flags & NVISA_OP_BRANCH;
      if (branch) {
         /* The target overlays source 2's swizzle and negate bits. */
         a.branch_target = rand() % 512;
      }
      CHECK(nvisa_nv40_vp_encode(&a, w) == 0);
      nvisa_nv40_vp_decode(w, &b);
      if (branch) {
         CHECK(b.branch_target == a.branch_target);
         b.src[2] = a.src[2];
      }
      if (memcmp(&a, &b, sizeof(a))) {
         fprintf(stderr, "struct round trip %u differs (vec %u sca %u)\n",
                 iter, a.vec_op, a.sca_op);
         nvisa_test_failures++;
         break;
      }
   }

   /* A value too wide for its field is reported. */
   struct nvisa_nv40_vp_insn insn;
   uint32_t w[4];
   nvisa_nv40_vp_insn_init(&insn);
   insn.constant = 1024;
   CHECK(nvisa_nv40_vp_encode(&insn, w) == -1);
   nvisa_nv40_vp_insn_init(&insn);
   insn.vec_op = 0x1f;   /* not an opcode */
   nvisa_nv40_vp_encode(&insn, w);
   CHECK(nvisa_nv40_vp_decode(w, &insn) == -1);
}

static void
test_disasm(void)
{
   struct nvisa_nv40_vp_insn insn;
   uint32_t w[4];
   char buf[160];

   /* MAD R0.xyz, v[3], c[4].xxxx, R1 with a dual-issued RSQ R2.w, |R1|.x */
   nvisa_nv40_vp_insn_init(&insn);
   insn.vec_op = NVISA_NV40_VP_VEC_OP_MAD;
   insn.vec_dst = 0;
   insn.vec_mask = NVISA_MASK_X | NVISA_MASK_Y | NVISA_MASK_Z;
   insn.src[0].file = NVISA_FILE_INPUT;
   insn.input = 3;
   insn.src[1].file = NVISA_FILE_CONST;
   insn.constant = 4;
   memset(insn.src[1].swz, 0, 4);
   insn.src[2].file = NVISA_FILE_TEMP;
   insn.src[2].index = 1;
   insn.sca_op = NVISA_NV40_VP_SCA_OP_RSQ;
   insn.sca_dst = 2;
   insn.sca_mask = NVISA_MASK_W;
   nvisa_nv40_vp_encode(&insn, w);
   nvisa_nv40_vp_disasm(w, buf, sizeof(buf));
   CHECK_STR(buf, "MAD R0.xyz, v[3], c[4].xxxx, R1; RSQ R2.w, R1;");

   /* ADD with the condition-code update and a conditional write; relative
    * constant. */
   nvisa_nv40_vp_insn_init(&insn);
   insn.vec_op = NVISA_NV40_VP_VEC_OP_ADD;
   insn.vec_dst = 5;
   insn.vec_mask = NVISA_MASK_XYZW;
   insn.src[0].file = NVISA_FILE_CONST;
   insn.constant = 10;
   insn.const_indexed = true;
   insn.addr_reg = 1;
   insn.addr_swz = 2;
   insn.src[2].file = NVISA_FILE_TEMP;
   insn.src[2].index = 3;
   insn.src[2].abs = true;
   insn.src[2].neg = true;
   insn.cc_update = true;
   insn.cc_update_vec = true;
   insn.cc_test = true;
   insn.cond = NVISA_COND_GT;
   memset(insn.cc_swz, 0, 4);
   insn.sat = true;
   nvisa_nv40_vp_encode(&insn, w);
   nvisa_nv40_vp_disasm(w, buf, sizeof(buf));
   CHECK_STR(buf, "ADDC_SAT R5 (GT.xxxx), c[A1.z+10], -|R3|;");

   /* Branch */
   nvisa_nv40_vp_insn_init(&insn);
   insn.sca_op = NVISA_NV40_VP_SCA_OP_BRA;
   insn.branch_target = 300;
   insn.cc_test = true;
   insn.cond = NVISA_COND_LE;
   nvisa_nv40_vp_encode(&insn, w);
   nvisa_nv40_vp_disasm(w, buf, sizeof(buf));
   CHECK_STR(buf, "BRA 300 (LE);");

   /* A small buffer is never overrun and stays terminated. */
   char small[8];
   memset(small, 'x', sizeof(small));
   int len = nvisa_nv40_vp_disasm(w, small, 5);
   CHECK(len == (int)strlen("BRA 300 (LE);"));
   CHECK(small[4] == 0 && small[5] == 'x');
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
