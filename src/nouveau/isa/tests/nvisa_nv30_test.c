/*
 * NV30 (rankine) tables: field positions checked against the word layout
 * Mesa's nv30_vertprog.h / nvfx_shader.h give (a second source for the
 * envytools isa.rst bit numbers the XML uses), and field coverage.
 */
#include "nvisa_nv30_fp.h"
#include "nvisa_nv30_vp.h"
#include "nvisa_test.h"

static void
test_vp_positions(void)
{
   uint32_t w[4] = { 0 };

   /* VEC_OPCODE: word 1 bits 23-27 */
   nvisa_nv30_vp_set_op_vec(w, 0x1f);
   CHECK_EQ_U32(w[1], 0x1fu << 23);
   /* SCA_OPCODEL word 1 bits 28-31, SCA_OPCODEH word 0 bit 0 */
   memset(w, 0, sizeof(w));
   nvisa_nv30_vp_set_op_sca(w, 0x13);
   CHECK_EQ_U32(w[1], 0x3u << 28);
   CHECK_EQ_U32(w[0], 0x1);
   /* CONST_SRC from word 1 bit 14, INPUT_SRC word 1 bits 9-12 */
   memset(w, 0, sizeof(w));
   nvisa_nv30_vp_set_xfctx_addr(w, 0xff);
   nvisa_nv30_vp_set_ibuf_addr(w, 0xf);
   CHECK_EQ_U32(w[1], 0xffu << 14 | 0xfu << 9);
   /* SRC0: high 9 bits in word 1 bits 0-8, low 6 bits in word 2 bits
    * 26-31 (NV30_VP_SRC0_HIGH_SHIFT 6) */
   memset(w, 0, sizeof(w));
   nvisa_nv30_vp_set_src0(w, 0x7fff);
   CHECK_EQ_U32(w[1], 0x1ff);
   CHECK_EQ_U32(w[2], 0x3fu << 26);
   /* SRC1 word 2 bits 11-25; SRC2 high 11 bits word 2 bits 0-10, low 4
    * bits word 3 bits 28-31 */
   memset(w, 0, sizeof(w));
   nvisa_nv30_vp_set_src1(w, 0x7fff);
   CHECK_EQ_U32(w[2], 0x7fffu << 11);
   memset(w, 0, sizeof(w));
   nvisa_nv30_vp_set_src2(w, 0x7fff);
   CHECK_EQ_U32(w[2], 0x7ff);
   CHECK_EQ_U32(w[3], 0xfu << 28);
   /* IADDR word 2 bits 2-10 */
   memset(w, 0, sizeof(w));
   nvisa_nv30_vp_set_iaddr(w, 0x1ff);
   CHECK_EQ_U32(w[2], 0x1ffu << 2);
   /* DEST (output register) word 3 bits 2-6 inside OUT_ADDR; the output
    * flag Mesa sets is 0x800 (OUT_TARGET) */
   memset(w, 0, sizeof(w));
   nvisa_nv30_vp_set_out_addr(w, NVISA_NV30_VP_OUT_COL0);
   nvisa_nv30_vp_set_out_target(w, 1);
   CHECK_EQ_U32(w[3], 3u << 2 | 0x800);
   /* masks: VDEST 12-15, SDEST 16-19, VTEMP 20-23, STEMP 24-27, x high */
   memset(w, 0, sizeof(w));
   nvisa_nv30_vp_set_out_wm_vec(w, 1u << NVISA_NV30_VP_OUT_WM_VEC__X);
   nvisa_nv30_vp_set_dst_wm_sca(w, 1u << NVISA_NV30_VP_DST_WM_SCA__W);
   CHECK_EQ_U32(w[3], 1u << 15 | 1u << 24);
   /* word 0: DEST_TEMP_ID 16-19 (+ VEC_RESULT 20), COND_UPDATE 15,
    * COND_TEST_ENABLE 14, COND 11-13, ADDR_REG_SELECT_1 24 */
   memset(w, 0, sizeof(w));
   nvisa_nv30_vp_set_dst(w, 0x1f);
   nvisa_nv30_vp_set_cdst_wm(w, 1);
   nvisa_nv30_vp_set_cond_enable(w, 1);
   nvisa_nv30_vp_set_cond_test(w, 7);
   nvisa_nv30_vp_set_asrc(w, 1);
   CHECK_EQ_U32(w[0], 0x1fu << 16 | 1u << 15 | 1u << 14 | 7u << 11 | 1u << 24);

   /* every bit from 0 to 120 belongs to exactly one non-alias field */
   uint32_t covered[4] = { 0 };
   for (unsigned f = 0; f < NVISA_NV30_VP_F__COUNT; f++) {
      const struct nvisa_field *fd = &nvisa_nv30_vp_fields[f];
      if (fd->alias || (!strncmp(fd->name, "SRC", 3) && strchr(fd->name, '_') &&
                        !strstr(fd->name, "_ABS")))
         continue;
      uint32_t x[4] = { 0 };
      nvisa_field_set(fd, x, ~0u);
      for (unsigned j = 0; j < 4; j++) {
         CHECK(!(covered[j] & x[j]));
         covered[j] |= x[j];
      }
   }
   CHECK_EQ_U32(covered[0], 0x01ffffff);
   CHECK_EQ_U32(covered[1], 0xffffffff);
   CHECK_EQ_U32(covered[2], 0xffffffff);
   CHECK_EQ_U32(covered[3], 0xffffffff);
}

static void
test_fp_positions(void)
{
   uint32_t w[4] = { 0 };
   /* NV30: 5-bit destination and source registers (NV30_FP_OP_OUT_REG_MASK
    * 31 << 1, NV30_FP_REG_SRC_MASK 31 << 2) */
   nvisa_nv30_fp_set_out_reg(w, 0xff);
   CHECK_EQ_U32(w[0], 31u << 1);
   nvisa_nv30_fp_set_src0_reg(w, 0xff);
   CHECK_EQ_U32(w[1], 31u << 2);
   CHECK(nvisa_nv30_fp_op_info[NVISA_NV30_FP_OP_RSQ].name != NULL);
   CHECK(nvisa_nv30_fp_op_info[0x2f].name == NULL);   /* TXL: NV40 only */
}

/* The packer on the NV30 tables: same words as the NV40 hand assembly
 * for an instruction both have; NV40-only values rejected. */
static void
test_fp_packer(void)
{
   struct nvisa_nv40_fp_insn insn, back;
   uint32_t w[4];
   char buf[128];

   nvisa_nv40_fp_insn_init(&insn);
   insn.op = NVISA_NV30_FP_OP_MUL;
   insn.out_reg = 2;
   insn.mask = NVISA_MASK_X | NVISA_MASK_W;
   insn.src[0].file = NVISA_FILE_TEMP;
   insn.src[0].index = 1;
   insn.src[1].file = NVISA_FILE_INPUT;
   insn.input = NVISA_NV30_FP_INPUT_COL0;
   for (unsigned c = 0; c < 4; c++)
      insn.src[1].swz[c] = 1;
   CHECK(nvisa_nv30_fp_encode(&insn, w) == 0);
   /* see nvisa_fp_test.c for the bit-by-bit derivation */
   CHECK_EQ_U32(w[0], 0x02003204);
   CHECK_EQ_U32(w[1], 0x1c9dc804);
   CHECK_EQ_U32(w[2], 0x0000aa01);
   CHECK_EQ_U32(w[3], 0x0001c801);
   CHECK(nvisa_nv30_fp_decode(w, &back) == 0);
   CHECK(!memcmp(&insn, &back, sizeof(insn)));
   CHECK(nvisa_nv30_fp_disasm(w, 4, buf, sizeof(buf)) == 4);
   CHECK_STR(buf, "MULR R2.xw, R1, f[COL0].yyyy;");

   /* R32 and branches do not exist on NV30 */
   insn.out_reg = 32;
   CHECK(nvisa_nv30_fp_encode(&insn, w) == -1);
   insn.out_reg = 2;
   insn.is_branch = true;
   CHECK(nvisa_nv30_fp_encode(&insn, w) == -1);

   /* RSQ is an NV30 opcode (0x1b), TXL (0x2f) is not */
   nvisa_nv40_fp_insn_init(&insn);
   insn.op = NVISA_NV30_FP_OP_RSQ;
   insn.mask = NVISA_MASK_X;
   insn.src[0].file = NVISA_FILE_TEMP;
   insn.src[0].index = 3;
   insn.src[0].abs = true;
   insn.end = true;
   CHECK(nvisa_nv30_fp_encode(&insn, w) == 0);
   CHECK_EQ_U32(w[0] >> 24, 0x1b);
   nvisa_nv30_fp_disasm(w, 4, buf, sizeof(buf));
   CHECK_STR(buf, "RSQR R0.x, |R3|; END");
   nvisa_field_set(&nvisa_nv30_fp_fields[NVISA_NV30_FP_F_OPCODE], w, 0x2f);
   CHECK(nvisa_nv30_fp_decode(w, &back) == -1);

   /* nv30_transfer.c's blit program uses only fields the two layouts
    * share, so it reads the same with the NV30 tables */
   static const uint32_t prog[4] = {
      0x17009e00, 0x1c9dc801, 0x0001c800, 0x3fe1c800,
   };
   CHECK(nvisa_nv30_fp_disasm(prog, 4, buf, sizeof(buf)) == 4);
   CHECK_STR(buf, "TEXR R0, f[TC0], TEX0;");
}

/* The VP packer/unpacker: every field survives a round trip, and the
 * disassembler names rankine's shared DST and two output masks. */
static void
test_vp_packer(void)
{
   struct nvisa_nv30_vp_insn i, o;
   uint32_t w[4];
   char buf[160];

   nvisa_nv30_vp_insn_init(&i);
   i.vec_op = NVISA_NV30_VP_VEC_OP_MUL;
   i.sca_op = NVISA_NV30_VP_SCA_OP_RCP;
   i.dst = 1;
   i.vec_mask = NVISA_MASK_X | NVISA_MASK_Y;
   i.sca_mask = NVISA_MASK_W;
   i.out = NVISA_NV30_VP_OUT_TC0;
   i.out_target = true;
   i.out_sca_mask = NVISA_MASK_Z;
   i.src[1].file = NVISA_FILE_CONST;
   i.src[2].file = NVISA_FILE_CONST;
   i.src[2].neg = true;
   for (unsigned c = 0; c < 4; c++)
      i.src[2].swz[c] = 0;
   i.src[0].abs = true;
   i.input = 3;
   i.constant = 200;
   i.cc_test = true;
   i.cond = NVISA_COND_GE;
   i.last = true;
   CHECK(nvisa_nv30_vp_encode(&i, w) == 0);
   CHECK(nvisa_nv30_vp_decode(w, &o) == 0);
   CHECK(o.vec_op == i.vec_op && o.sca_op == i.sca_op && o.dst == 1);
   CHECK(o.vec_mask == i.vec_mask && o.sca_mask == i.sca_mask);
   CHECK(o.out == i.out && o.out_target && o.out_sca_mask == NVISA_MASK_Z);
   CHECK(o.out_vec_mask == 0);
   CHECK(o.src[1].file == NVISA_FILE_CONST && o.src[2].neg && o.src[0].abs);
   CHECK(o.src[2].swz[3] == 0 && o.input == 3 && o.constant == 200);
   CHECK(o.cc_test && o.cond == NVISA_COND_GE && o.last);
   nvisa_nv30_vp_disasm(w, buf, sizeof(buf));
   CHECK_STR(buf, "MUL R1.xy (GE), |v[3]|, c[200]; "
                  "RCP R1.w+o[TC0].z (GE), -c[200].xxxx; END");

   /* BRA keeps its target in IADDR (word 2 bits 2-10) */
   nvisa_nv30_vp_insn_init(&i);
   i.sca_op = NVISA_NV30_VP_SCA_OP_BRA;
   i.branch_target = 0x117;
   CHECK(nvisa_nv30_vp_encode(&i, w) == 0);
   CHECK_EQ_U32((w[2] >> 2) & 0x1ff, 0x117);
   CHECK(nvisa_nv30_vp_decode(w, &o) == 0 && o.branch_target == 0x117);
   nvisa_nv30_vp_disasm(w, buf, sizeof(buf));
   CHECK_STR(buf, "BRA 279;");

   /* opcodes rankine lacks (curie's TXL 0x19) do not decode */
   nvisa_nv30_vp_insn_init(&i);
   i.vec_op = 0x19;
   nvisa_nv30_vp_encode(&i, w);
   CHECK(nvisa_nv30_vp_decode(w, &o) < 0);
}

int
main(void)
{
   test_vp_packer();
   test_vp_positions();
   test_fp_positions();
   test_fp_packer();
   return TEST_RESULT();
}
