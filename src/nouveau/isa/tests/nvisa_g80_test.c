/*
 * Tesla instruction tests: words assembled by hand, each from the
 * envydis g80.c table row named beside it and the place upstream Mesa
 * 22.3.6's nv50_ir_emit_nv50.cpp sets the same bits (envytools'
 * documentation gives no instruction words to check against); round
 * trips encode(decode(w)) == w; the disassembly text; encoding from a
 * struct built field by field; and every form's round trip over random
 * field contents.
 */
#include <stdlib.h>

#include "nvisa_g80.h"
#include "nvisa_test.h"

struct known {
   uint32_t w[2];
   unsigned op;       /* enum nvisa_g80_op */
   const char *text;  /* disassembly */
   const char *why;   /* where the bits come from */
};

static const struct known known[] = {
   /* w0: 0xb... op b, bit 0 long, dst 0, src0 $r1 << 9; w1: src "3"
    * ($r2) at word 1 bits 14-20, predicate always (0xf << 7 = 0x780,
    * Mesa emitFlagsRd) */
   { { 0xb0000201, 0x00008780 }, NVISA_G80_OP_ADD_F32_L,
     "add f32 $r0, $r1, $r2",
     "tabl 0x00000000b0000000/0xc0000000f0000000 add f32 LLDST lsw lc3w; Mesa emitFADD long (emitForm_ADD)" },
   /* short: dst 3 << 2, src $r4 << 9, bit 23 source 2 is c[], offset
    * 8 / 4 = 2 at bits 16-20 */
   { { 0xc082080c, 0 }, NVISA_G80_OP_MUL_F32_S,
     "mul f32 $r3, $r4, c0[0x8]",
     "tabs 0xc0000000/0xf0000002 mul f32, tabscw 0x00800000/0x03800000 SCONST32" },
   /* immediate: bits 15 (b32), dst $r5 (7-bit LDST); 0x3f800000: low 6
    * bits (0) at 16-21, the rest >> 6 at word 1 bits 2-27; word 1 bits
    * 0-1 = 3 */
   { { 0x10008015, 0x03f80003 }, NVISA_G80_OP_MOV_B32_I,
     "mov b32 $r5, 0x3f800000",
     "tabi 0x10008000/0xf0008000 mov b32 LDST IMM; Mesa emitMOV immediate" },
   /* tex: $t1 << 9, $s2 << 17, 2 coordinates: (2 - 1) << 22, mask xy
    * in bits 25-26 and zw in word 1 bits 14-15 */
   { { 0xf6440201, 0x0000c780 }, NVISA_G80_OP_TEX_L,
     "tex $t1 $s2 mask0xf argc2 $r0q, $r0q",
     "tabl 0x00000000f0000000/0xf0000000f9000000 texauto LTDST TEX SAMP LTSRC; ltdst_mask; Mesa emitTEX" },
   /* control: bits 0-1 = 3, op 1, target 0x40 bytes = word 0x10 at
    * bits 11-26 */
   { { 0x10008003, 0x00000780 }, NVISA_G80_OP_BRA,
     "bra 0x40",
     "tabc 0x10000000/0xf0000000 bra BTARG (ctargoff); Mesa emitFlow" },
   /* predicate 0x05 "lg" (not equal) at word 1 bits 7-11, $c1 at 12-13 */
   { { 0x10008003, 0x00001280 }, NVISA_G80_OP_BRA,
     "@$c1.lg bra 0x40",
     "tabp 0x0000028000000000 lg COND; isa.rst Predicates" },
   /* set s32 l: op 3 secondary 3 (0x60000000), b32 and signed (bits
    * 58, 59), condition 1 at word 1 bits 14-16 */
   { { 0x30020201, 0x6c004780 }, NVISA_G80_OP_SET_B32,
     "set b32 l signed $r0, $r1, $r2",
     "tabl 0x6400000030000000/0xe4000000f0000000 set seti lm2us32; Mesa emitSET" },
   /* nop with word 1 bits 0-1 = 1: exit; Mesa leaves the predicate 0 */
   { { 0xf0000001, 0xe0000001 }, NVISA_G80_OP_NOP,
     "@$c0.never nop exit",
     "tabroot 0x0000000100000001/0x0000000300000003 exit; tabl nop; Mesa emitNOP + emitInstruction" },
   { { 0xf0000001, 0xe0000002 }, NVISA_G80_OP_NOP,
     "@$c0.never nop join",
     "tabroot 0x0000000200000001 join" },
   /* short interp: v[0x10] = 4 << 16, dst $r2 << 2 */
   { { 0x80040008, 0 }, NVISA_G80_OP_LINTERP_S,
     "linterp $r2, v[0x10]",
     "tabs 0x80000000/0xf3000102 interp SDST SVAR; Mesa emitINTERP" },
   /* + bit 25 (perspective: source $r3 << 9) */
   { { 0x82040608, 0 }, NVISA_G80_OP_PINTERP_S,
     "pinterp $r2, v[0x10], $r3",
     "tabs 0x82000000/0xf3000102 interp SDST SVAR SSRC" },
   /* + bit 8: flat */
   { { 0x80040108, 0 }, NVISA_G80_OP_INTERP_FLAT_S,
     "interp flat $r2, v[0x10]",
     "tabs 0x80000100/0xf3000102 interp flat" },
   /* long interp, centroid: mode 1 at word 1 bits 16-18 */
   { { 0x80040009, 0x00010780 }, NVISA_G80_OP_LINTERP_CENT_L,
     "linterp cent $r2, v[0x10]",
     "tabl 0x0001000080000000/0x00070000f0000000 interp cent LVAR" },
   /* st o[0x14]: 0x14 / 4 = 5 << 9; word 1 0x80c00000, value $r3 at
    * word 1 bits 14-20 */
   { { 0x00000a01, 0x80c0c780 }, NVISA_G80_OP_ST_O,
     "st b32 $o5, $r3",
     "tabl 0x80c0000000000000/0xe0c00000f0000000 st b32 FOUT32 LSRC3; Mesa emitSTORE" },
   /* dfdx: lane 4 (dx) << 16, qop 0x99: low 2 bits << 20, the rest at
    * word 1 bits 22-27; sources $r1 at 9 and word 1 14 */
   { { 0xc0140201, 0x89804780 }, NVISA_G80_OP_QUADOP,
     "quadop f32 dx qop0x99 $r0, $r1, $r1",
     "tabl 0x80000000c0000000 quadop qop0-3 qs1; Mesa emitQUADOP (OP_DFDX)" },
   /* floor: cvt f32 f32 0xc4004000 + ROUND_MI 0x08020000 */
   { { 0xa0000201, 0xcc024780 }, NVISA_G80_OP_CVT_F2F,
     "cvt rmi f32 f32 $r0, $r1",
     "tabl 0xcc004000a0000000/0xcc404000f0000000 cvt cvtrint f32 f32; Mesa emitCVT, roundMode_CVT" },
   /* rsqrt: secondary 2, abs at word 1 bit 20 */
   { { 0x90000405, 0x40100780 }, NVISA_G80_OP_RSQ_F32,
     "rsqrt f32 abs0 $r1, $r2",
     "tabl 0x4000000090000000/0xe0000000f0000000 rsqrt lfm1; Mesa emitSFnOp" },
   /* ld c1[0x20]: 0x20 / 4 = 8 << 9, c1 at word 1 bits 22-25, b32
    * 0x04000000, type b32 0xc000 */
   { { 0x10001011, 0x2440c780 }, NVISA_G80_OP_LD_C_B32,
     "ld b32 $r4, c1[0x20]",
     "tabl 0x2000000010000000 ld csldreg fcon, tabfcon 0x0000c00000000000 b32; Mesa emitLOAD const" },
   /* G200 double add: op e secondary 3, sources 1 and 3 */
   { { 0xe0000401, 0x60010780 }, NVISA_G80_OP_ADD_F64,
     "add f64 $r0d, $r2d, $r4d",
     "tabl 0x60000000e0000000/0xe0000000f0000000 add af64r f64; Mesa emitDADD" },
   /* short f32 mad: the addend is the destination */
   { { 0xe0020200, 0 }, NVISA_G80_OP_MAD_F32_S,
     "mad f32 $r0, $r1, $r2",
     "tabs 0xe0000000/0xf0000002 add f32 SDST (mul ssw scw) SDST; Mesa emitFMAD short" },
   /* integer add to $o3: c0[0x4] as source 3 (bit 24, offset 1 at word
    * 1 bit 14), $o: word 1 bit 3 */
   { { 0x2100020d, 0x04004788 }, NVISA_G80_OP_ADD_B32_L,
     "add b32 $o3, $r1, c0[0x4]",
     "tabl 0x0400000020000000/0xe4000000e0000000 addop b32 LLDST lsw lc3w; tablldst OUT32; Mesa emitUADD" },
   /* joinat 0x100: word 0x40 << 11; no predicate (IGNPRED) */
   { { 0xa0020003, 0x00000000 }, NVISA_G80_OP_JOINAT,
     "joinat 0x100",
     "tabc 0xa0000000/0xf0000000 joinat BTARG" },
   /* a long mov of a[0x8] (source 1 type at word 1 bit 21) into $r0 */
   { { 0x10000401, 0x04200780 | (0xf << 14) }, NVISA_G80_OP_MOV_B32_L,
     "mov b32 $r0, a[0x8]",
     "tabl 0x0400000010000000 mov b32 LLDST lsw; tablsw 0x0020000000000000 realls LATTR; Mesa emitLOAD shader input" },
   /* not b32 $r1, $r2: logop 3 (mov2) with source 2 inverted (bit 49);
    * Mesa writes the source into slots 1 and 2 (emitForm_MAD, then
    * setSrc(i, 0, 1)) */
   { { 0xd0020405, 0x0402c780 }, NVISA_G80_OP_MOV2_B32,
     "mov2 b32 not1 $r1, $r2, $r2",
     "tabl 0x04000000d0000000 logop b32 s32not s33not; Mesa emitNOT" },
   /* mul f32 with $c write: $c2 (word 1 bits 4-5) enabled (bit 6) */
   { { 0xc0020201, 0x000007e0 }, NVISA_G80_OP_MUL_F32_L,
     "mul f32 $c2 $r0, $r1, $r2",
     "tabl 0x00000000c0000000 mul MCDST; isa.rst $c destination field" },
   /* ld l[0x100] u32: type b32 (6) at word 1 bits 21-23 */
   { { 0xd0020009, 0x40c00780 }, NVISA_G80_OP_LD_L,
     "ld b32 $r2, l[0x100]",
     "tabl 0x40000000d0000000 ld ldstm ldsto local; Mesa emitLOAD local, emitLoadStoreSizeLG" },
   /* sad u32: op 5, b32 word 1 bit 26, sources in slots 1, 2, 3 */
   { { 0x50030405, 0x04010780 }, NVISA_G80_OP_SAD_B32_L,
     "sad b32 $r1, $r2, $r3, $r4",
     "tabl 0x0400000050000000/0xe4000000f0000000 sad lm2us32 lsw lc2w lc3w; Mesa emitISAD long" },
   /* shl b16 by 3: count at bits 16-22 with word 1 bit 20 (shcnt) */
   { { 0x30030809, 0xc0100780 }, NVISA_G80_OP_SHL_B16_IMM,
     "shl b16 $r1l, $r2l, 0x3",
     "tabl 0xc000000030000000 shl b16 LLHDST lsh hshcnt; Mesa emitShift" },
   /* u8 in the high half of $r1 to f32: source type 2 (word 1 bit 15) */
   { { 0xa0000601, 0x44008780 }, NVISA_G80_OP_CVT_I2F,
     "cvt f32 u8 $r0, $r1h",
     "tabcvtiisrc 0x0000800000000000 u8 lsh; Mesa emitCVT F32 <- U8" },
   /* bar.sync 0: control op 8 with bits 25 (arrive) and 26 (wait), all
    * threads (word 1 bit 14) */
   { { 0x86000003, 0x00004000 }, NVISA_G80_OP_BAR_ALL,
     "bar all inc wait",
     "tabc 0x0000400080000000/0x00004000f0000000 bar barinc barwait BAR all; Mesa emitBAR" },
   /* GT215 bra c1[0x8]: byte offset 8 at bits 9-24, c1 at word 1 bits 22-25 */
   { { 0xc0001003, 0x00400000 }, NVISA_G80_OP_BRA_C,
     "bra c1[0x8]",
     "tabc 0xc0000000/0xf0000000 bra lim FCONST8" },
   /* short control (bits 0-1 = 2): trap */
   { { 0x90000002, 0 }, NVISA_G80_OP_TRAP_S,
     "trap",
     "tabs 0x90000002/0xf0000002 trap" },
};

static void
test_known(void)
{
   for (unsigned i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
      const struct known *k = &known[i];
      struct nvisa_g80_insn insn;
      unsigned words = (k->w[0] & 1) ? 2 : 1;
      char buf[256];
      uint32_t out[2];

      int r = nvisa_g80_decode(k->w, words, &insn);
      if (r != (int)words || insn.op != k->op) {
         fprintf(stderr, "known %u (%s): decoded as %s (%d)\n", i, k->why,
                 nvisa_g80_form(insn.op)->name, r);
         nvisa_test_failures++;
         continue;
      }
      CHECK(nvisa_g80_encode(&insn, out) == (int)words);
      CHECK_EQ_U32(out[0], k->w[0]);
      if (words == 2)
         CHECK_EQ_U32(out[1], k->w[1]);
      CHECK(nvisa_g80_disasm(k->w, words, buf, sizeof(buf)) == (int)words);
      CHECK_STR(buf, k->text);
   }
}

/* Built from the struct, the way a compiler would. */
static void
test_encode_struct(void)
{
   struct nvisa_g80_insn insn;
   uint32_t w[2];

   /* mad f32 $r7, -$r1, c2[0x30], $r3 with sat, exit: word 0: op e, long,
    * dst 7 << 2, src0 1 << 9, src1 const (bit 23) 0x30 / 4 = 12 << 16;
    * word 1: exit 1, always 0x780, src2 $r3 << 14, c2 << 22, neg of the
    * product bit 26, sat bit 29 (Mesa emitFMAD long) */
   nvisa_g80_insn_init(&insn, NVISA_G80_OP_MAD_F32_L);
   insn.opnd[0].file = NVISA_G80_FILE_GPR;
   insn.opnd[0].val = 7;
   insn.opnd[1].file = NVISA_G80_FILE_GPR;
   insn.opnd[1].val = 1;
   insn.opnd[2].file = NVISA_G80_FILE_CONST;
   insn.opnd[2].buf = 2;
   insn.opnd[2].val = 0x30;
   insn.opnd[3].file = NVISA_G80_FILE_GPR;
   insn.opnd[3].val = 3;
   insn.mod[NVISA_G80_MOD_NEG0] = 1;
   insn.mod[NVISA_G80_MOD_SAT] = 1;
   insn.mod[NVISA_G80_MOD_CTRL] = 1;
   CHECK(nvisa_g80_encode(&insn, w) == 2);
   CHECK_EQ_U32(w[0], 0xe08c021d);
   CHECK_EQ_U32(w[1], 0x2480c781);

   /* a source register past the 7-bit field, a misaligned c[] offset and
    * a file the kind cannot hold are refused */
   insn.opnd[1].val = 128;
   CHECK(nvisa_g80_encode(&insn, w) == -1);
   insn.opnd[1].val = 1;
   insn.opnd[2].val = 0x31;
   CHECK(nvisa_g80_encode(&insn, w) == -1);
   insn.opnd[2].val = 0x30;
   insn.opnd[1].file = NVISA_G80_FILE_IMM;
   CHECK(nvisa_g80_encode(&insn, w) == -1);

   /* discard: no destination is $r127 with the $o bit (tablldst DISCARD,
    * Mesa setDst "bit bucket") */
   nvisa_g80_insn_init(&insn, NVISA_G80_OP_SET_F32);
   insn.opnd[0].file = NVISA_G80_FILE_NONE;
   insn.opnd[1].file = NVISA_G80_FILE_GPR;
   insn.opnd[2].file = NVISA_G80_FILE_GPR;
   insn.opnd[2].val = 1;
   insn.mod[NVISA_G80_MOD_CMP] = NVISA_G80_COND_ge;
   insn.mod[NVISA_G80_MOD_CC_WR] = 1;
   CHECK(nvisa_g80_encode(&insn, w) == 2);
   CHECK_EQ_U32(w[0], 0xb00101fd);
   CHECK_EQ_U32(w[1], 0x600187c8);
   char buf[128];
   nvisa_g80_disasm(w, 2, buf, sizeof(buf));
   CHECK_STR(buf, "set f32 ge $c0 _, $r0, $r1");
}

/* The program type decides what source type bit 24 of a long immediate
 * reads: p[] in geometry programs (envydis tabis SPRIM, .ptype GP), a[]
 * elsewhere.  The word is add f32 with $a1 (bits 26-27), source offset 4
 * (0x10 / 4 at bits 9-14) and 1.0 (Mesa's g1 program in g80_upstream). */
static void
test_ptype(void)
{
   const uint32_t w[2] = { 0xb5000805, 0x03f80003 };
   struct nvisa_g80_insn insn;
   uint32_t out[2];
   char buf[128];

   CHECK(nvisa_g80_disasm_ptype(w, 2, NVISA_G80_PTYPE_GP, buf, sizeof(buf)) == 2);
   CHECK_STR(buf, "add f32 $r1, p[$a1+0x10], 0x3f800000");
   CHECK(nvisa_g80_decode_ptype(w, 2, NVISA_G80_PTYPE_GP, &insn) == 2);
   CHECK(insn.opnd[1].file == NVISA_G80_FILE_PRIM);
   CHECK(nvisa_g80_encode(&insn, out) == 2);
   CHECK_EQ_U32(out[0], w[0]);
   CHECK_EQ_U32(out[1], w[1]);
   /* outside geometry programs the source is a[], which an ALU
    * instruction never indexes (envydis g80.c samem_m/lamem_m have no
    * $a; p[]'s spmem_m/lpmem_m have one) */
   CHECK(nvisa_g80_disasm(w, 2, buf, sizeof(buf)) == 2);
   CHECK_STR(buf, "add f32 $r1, a[0x10], 0x3f800000");
   CHECK(nvisa_g80_decode(w, 2, &insn) == 2);
   CHECK(insn.opnd[1].file == NVISA_G80_FILE_ATTR && insn.opnd[1].areg == 0);
   /* and an indexed a[] source cannot be encoded */
   insn.opnd[1].areg = 1;
   CHECK(nvisa_g80_encode(&insn, out) < 0);
}

/* Unknown encodings and cut-short input. */
static void
test_invalid(void)
{
   struct nvisa_g80_insn insn;
   char buf[64];
   /* long secondary opcode f.5 has no instruction in tabl */
   uint32_t w[2] = { 0xf0000001, 0xa0000000 };

   CHECK(nvisa_g80_decode(w, 2, &insn) == -1);
   CHECK(insn.op == NVISA_G80_OP_INVALID_L);
   CHECK(nvisa_g80_decode(w, 1, &insn) == -1);
   CHECK(nvisa_g80_disasm(w, 1, buf, sizeof(buf)) == -1);
   CHECK_STR(buf, "(long instruction cut short)");
   CHECK(nvisa_g80_disasm(w, 0, buf, sizeof(buf)) == -1);
   /* a long immediate with opcode 9 (tabi has none) */
   w[0] = 0x90000001;
   w[1] = 0x00000003;
   CHECK(nvisa_g80_decode(w, 2, &insn) == -1);
   CHECK(insn.op == NVISA_G80_OP_INVALID_I);
}

/* Every form: random field contents under its match bits decode to the
 * form, and encode(decode(w)) keeps every bit the form defines: a second
 * round trip gives the same words, and the first loses only bits no field
 * of the form names. */
static void
test_forms_round_trip(void)
{
   srand(1);
   for (unsigned op = 0; op < NVISA_G80_OP__COUNT; op++) {
      const struct nvisa_form *f = nvisa_g80_form(op);
      if (f->flags & NVISA_G80_FLAG_INVALID)
         continue;
      unsigned hits = 0;
      for (unsigned iter = 0; iter < 64; iter++) {
         uint32_t w[2] = { 0, 0 }, a[2], b[2];
         struct nvisa_g80_insn insn, insn2;
         for (unsigned i = 0; i < f->words; i++)
            w[i] = ((uint32_t)rand() << 16 ^ (uint32_t)rand()) & ~f->mask[i];
         for (unsigned i = 0; i < f->words; i++)
            w[i] |= f->match[i];
         int r = nvisa_g80_decode(w, f->words, &insn);
         /* an earlier form may claim some of these words (forms are
          * tried in order): only words that are this form count */
         if (insn.op != op)
            continue;
         hits++;
         CHECK(r == f->words);
         int e = nvisa_g80_encode(&insn, a);
         if (e != f->words) {
            fprintf(stderr, "%s: %08x %08x does not re-encode\n", f->name,
                    w[0], w[1]);
            nvisa_test_failures++;
            continue;
         }
         /* p[] sources (both type bits 23 and 24) make word 1 bit 21 say
          * whether the other sources are registers; with none it is
          * written 1 as Mesa does (covered by g80_upstream/g1.hex) */
         bool prim = (w[0] & a[0] & 0x01800000) == 0x01800000;
         for (unsigned i = 0; i < f->words; i++)
            CHECK((a[i] & ~w[i] & ~(prim && i == 1 ? 0x00200000u : 0)) == 0);
         CHECK(nvisa_g80_decode(a, f->words, &insn2) == f->words);
         CHECK(insn2.op == op);
         CHECK(nvisa_g80_encode(&insn2, b) == f->words);
         for (unsigned i = 0; i < f->words; i++)
            if (a[i] != b[i]) {
               fprintf(stderr, "%s: %08x %08x -> %08x %08x -> %08x %08x\n",
                       f->name, w[0], w[1], a[0], a[1], b[0], b[1]);
               nvisa_test_failures++;
               break;
            }
      }
      /* a form no random fill reaches is shadowed by earlier forms (a
       * form may share some words with an earlier one: MAD_U24_7_L's
       * secondary opcode 0 is MAD_HI_SAT_S24_L) */
      if (!hits) {
         fprintf(stderr, "%s: no random words decode to it\n", f->name);
         nvisa_test_failures++;
      }
   }
}

/* Instruction templates envytools' hwtest runs on G80..GT215 hardware
 * (hwtest/g80_fp.cc, g80_int.cc, g80_sfu.cc, g80_fp64.cc: each test ORs
 * random bits under a mask into a fixed word pair): every such word must
 * decode to a form of the operation the hwtest test is named for (the
 * mnemonics allowed, '|'-separated), encode, and decode again to the same
 * form and words.  Bits no form names (the $a field beside register
 * operands, word 1 bit 28, ...) may be dropped by the first encoding. */
struct hwtest_tpl {
   const char *test;
   uint32_t w0, r0, w1, r1;
   const char *asm_names;
};

static const struct hwtest_tpl hwtest_tpls[] = {
   { "g80_fp.cc test_fadd", 0xb000081d, 0x0e7d0000, 0x000187c0, 0x3fc03004, "add f32" },
   { "g80_fp.cc test_fcmp", 0xb005081d, 0x0e000000, 0x600007c0, 0x1fdff004, "set f32" },
   { "g80_fp.cc test_fminmax", 0xb005081d, 0x0e000000, 0x800007c0, 0x3fdff004, "min f32|max f32" },
   { "g80_fp.cc test_fmul", 0xc005081d, 0x0e000000, 0x000007c0, 0x1fdf7004, "mul f32" },
   { "g80_fp.cc test_fslct", 0xc005081d, 0x0e000000, 0x400187c0, 0x3fc03004, "slct" },
   { "g80_fp.cc test_fswz", 0xc000081d, 0x0eff0000, 0x800187c0, 0x1fc03004, "quadop" },
   { "g80_fp.cc test_fmad", 0xe005081d, 0x0e000000, 0x000187c0, 0x3fc00004, "mad f32" },
   { "g80_fp.cc test_fadd_s", 0xb0050818, 0x0e408100, 0x10000000, 0x00000000, "add f32" },
   { "g80_fp.cc test_fmul_s", 0xc0050818, 0x0e408100, 0x10000000, 0x00000000, "mul f32" },
   { "g80_fp.cc test_fmad_s", 0xe0050818, 0x0e408100, 0x10000000, 0x00000000, "mad f32" },
   { "g80_fp.cc test_fadd_i", 0xb0050819, 0x0e7f8100, 0x00000003, 0x1ffffffc, "add f32" },
   { "g80_fp.cc test_fmul_i", 0xc0050819, 0x0e7f8100, 0x00000003, 0x1ffffffc, "mul f32" },
   { "g80_fp.cc test_fmad_i", 0xe0050819, 0x0e7f8100, 0x00000003, 0x1ffffffc, "mad f32" },
   { "g80_fp.cc test_i2i", 0xa0000001, 0x0fff0000, 0x000007c0, 0x3fdff004, "cvt" },
   { "g80_fp.cc test_i2f", 0xa0000001, 0x0fff0000, 0x400007c0, 0x3fdff004, "cvt" },
   { "g80_fp.cc test_f2i", 0xa0000001, 0x0fff0000, 0x800007c0, 0x3fdff004, "cvt" },
   { "g80_fp.cc test_f2f", 0xa0000001, 0x0fff0000, 0xc00007c0, 0x3fdff004, "cvt" },
   { "g80_int.cc test_iadd", 0x20000001, 0x1e7f0000, 0x000007d0, 0x1fc00004, "add b" },
   { "g80_int.cc test_icmp", 0x30000001, 0x0e000000, 0x600007d0, 0x1fdfc004, "set b" },
   { "g80_int.cc test_iminmax", 0x30000001, 0x0e000000, 0x800007d0, 0x3fdfc004, "min b|max b" },
   { "g80_int.cc test_shift", 0x30000001, 0x0e7f0000, 0xc00007d0, 0x3fdfc004, "shl|shr" },
   { "g80_int.cc test_imul", 0x4000001d, 0x0e000000, 0x000007d0, 0x1fdfc004, "mul 16|mul 24" },
   { "g80_int.cc test_isad", 0x5000001d, 0x0e000000, 0x000187d0, 0x1fc00004, "sad" },
   { "g80_int.cc test_imad", 0x6000001d, 0x1e000000, 0x000187d0, 0xffc00004, "mad u|mad s|mad high" },
   { "g80_int.cc test_logop", 0xd0000001, 0x0e000000, 0x000007d0, 0x1fdfc004, "and|or|xor|mov2" },
   { "g80_int.cc test_iadd_s", 0x20000000, 0x1e408100, 0x10000000, 0x00000000, "add b" },
   { "g80_int.cc test_imul_s", 0x40000018, 0x0e408100, 0x10000000, 0x00000000, "mul 16|mul 24" },
   { "g80_int.cc test_isad_s", 0x50000018, 0x0e408100, 0x10000000, 0x00000000, "sad" },
   { "g80_int.cc test_imad_s", 0x60000018, 0x1e408100, 0x10000000, 0x00000000, "mad u|mad s|mad high" },
   { "g80_int.cc test_iadd_i", 0x20000001, 0x1e7f8100, 0x00000003, 0x1ffffffc, "add b" },
   { "g80_int.cc test_imul_i", 0x40000019, 0x0e7f8100, 0x00000003, 0x1ffffffc, "mul 16|mul 24" },
   { "g80_int.cc test_imad_i", 0x60000019, 0x1e7f8100, 0x00000003, 0x1ffffffc, "mad u|mad s|mad high" },
   { "g80_int.cc test_logop_i", 0xd0000001, 0x0e7f8100, 0x00000003, 0x1ffffffc, "and|or|xor|mov2" },
   { "g80_sfu.cc test_sfu_rcp_one", 0x90000209, 0x00000000, 0x00000780, 0x00000000, "rcp" },
   { "g80_sfu.cc test_sfu_rcp_rnd", 0x90000209, 0x0fff0000, 0x00000780, 0x1fdff074, "rcp" },
   { "g80_sfu.cc test_sfu_rcp_short_rnd", 0x90000208, 0x0eff8100, 0x10000000, 0x00000000, "rcp" },
   { "g80_sfu.cc test_sfu_rsqrt_one", 0x90000209, 0x00000000, 0x40000780, 0x00000000, "rsqrt" },
   { "g80_sfu.cc test_sfu_rsqrt_rnd", 0x90000209, 0x0fff0000, 0x40000780, 0x1fdff074, "rsqrt" },
   { "g80_sfu.cc test_sfu_sin_one", 0x90000209, 0x00000000, 0x80000780, 0x00000000, "sin" },
   { "g80_sfu.cc test_sfu_cos_one", 0x90000209, 0x00000000, 0xa0000780, 0x00000000, "cos" },
   { "g80_sfu.cc test_sfu_sincos_rnd", 0x90000209, 0x0fff0000, 0x80000780, 0x3fdff074, "sin|cos" },
   { "g80_sfu.cc test_sfu_ex2_one", 0x90000209, 0x00000000, 0xc0000780, 0x00000000, "ex2" },
   { "g80_sfu.cc test_sfu_ex2_rnd", 0x90000209, 0x0fff0000, 0xc0000780, 0x1fdff074, "ex2" },
   { "g80_sfu.cc test_sfu_lg2_one", 0x90000209, 0x00000000, 0x60000780, 0x00000000, "lg2" },
   { "g80_sfu.cc test_sfu_lg2_rnd", 0x90000209, 0x0fff0000, 0x60000780, 0x1fdff074, "lg2" },
   { "g80_sfu.cc test_sfu_preex2_one", 0xb0000209, 0x00000000, 0xc0004780, 0x00000000, "preex2" },
   { "g80_sfu.cc test_sfu_presin_one", 0xb0000209, 0x00000000, 0xc0000780, 0x00000000, "presin" },
   { "g80_sfu.cc test_sfu_pre_rnd", 0xb0000209, 0x0fff0000, 0xc0000780, 0x1fdff074, "presin|preex2" },
   { "g80_fp64.cc test_dfma", 0xe0060829, 0x0e000000, 0x400207c0, 0x1fc03004, "fma f64" },
   { "g80_fp64.cc test_dadd", 0xe0000829, 0x0e7f0000, 0x600207c0, 0x1fc03004, "add f64" },
   { "g80_fp64.cc test_dmul", 0xe0060829, 0x0e000000, 0x800007c0, 0x1fdff004, "mul f64" },
   { "g80_fp64.cc test_dmin", 0xe0060829, 0x0e000000, 0xa00007c0, 0x1fdff004, "min f64" },
   { "g80_fp64.cc test_dmax", 0xe0060829, 0x0e000000, 0xc00007c0, 0x1fdff004, "max f64" },
   { "g80_fp64.cc test_dcmp", 0xe0060829, 0x0e000000, 0xe00007c0, 0x1fdff004, "set f64" },
   { "g80_fp64.cc test_i2f64", 0xa0000829, 0x0fff0000, 0x404007c0, 0x3fdff004, "cvt" },
   { "g80_fp64.cc test_f2i64", 0xa0000829, 0x0fff0000, 0x804007c0, 0x3fdff004, "cvt" },
   { "g80_fp64.cc test_f2f64", 0xa0000829, 0x0fff0000, 0xc04007c0, 0x3fdff004, "cvt" },
};

static bool
asm_allowed(const char *asm_name, const char *allowed)
{
   const char *p = allowed;
   while (*p) {
      size_t n = strcspn(p, "|");
      if (!strncmp(asm_name, p, n))
         return true;
      p += n + (p[n] == '|');
   }
   return false;
}

static void
test_hwtest_templates(void)
{
   srand(4);
   for (unsigned t = 0; t < sizeof(hwtest_tpls) / sizeof(hwtest_tpls[0]); t++) {
      const struct hwtest_tpl *h = &hwtest_tpls[t];
      for (unsigned iter = 0; iter < 256; iter++) {
         uint32_t w[2] = {
            h->w0 | (((uint32_t)rand() << 16 ^ (uint32_t)rand()) & h->r0),
            h->w1 | (((uint32_t)rand() << 16 ^ (uint32_t)rand()) & h->r1),
         };
         struct nvisa_g80_insn insn, insn2;
         uint32_t a[2], b[2];
         int r = nvisa_g80_decode(w, 2, &insn);
         const char *asm_name = nvisa_g80_form(insn.op)->asm_name;
         if (r < 0 || !asm_allowed(asm_name, h->asm_names)) {
            fprintf(stderr, "%s: %08x %08x decodes as %s (%d)\n", h->test,
                    w[0], w[1], nvisa_g80_form(insn.op)->name, r);
            nvisa_test_failures++;
            break;
         }
         CHECK(nvisa_g80_encode(&insn, a) == r);
         CHECK(nvisa_g80_decode(a, 2, &insn2) == r && insn2.op == insn.op);
         CHECK(nvisa_g80_encode(&insn2, b) == r);
         CHECK(a[0] == b[0] && (r == 1 || a[1] == b[1]));
      }
   }
}

/* Any words: decoding and disassembly never read past the words given
 * or the buffer, whatever the buffer size (the ASan build checks). */
static void
test_any_words(void)
{
   srand(2);
   for (unsigned iter = 0; iter < 20000; iter++) {
      uint32_t w[2] = { (uint32_t)rand() << 16 ^ (uint32_t)rand(),
                        (uint32_t)rand() << 16 ^ (uint32_t)rand() };
      struct nvisa_g80_insn insn;
      char buf[256], small[6];
      int r = nvisa_g80_decode(w, 2, &insn);
      int d = nvisa_g80_disasm(w, 2, buf, sizeof(buf));
      CHECK(r == d);
      CHECK(insn.op < NVISA_G80_OP__COUNT);
      CHECK(strlen(buf) < sizeof(buf) - 1);
      nvisa_g80_disasm(w, 2, small, sizeof(small));
      CHECK(strlen(small) < sizeof(small));
      CHECK(!strncmp(small, buf, sizeof(small) - 1));
      nvisa_g80_disasm(w, 2, NULL, 0);
      if (r > 0) {
         uint32_t out[2];
         CHECK(nvisa_g80_encode(&insn, out) == r);
      }
   }
}

int
main(void)
{
   test_known();
   test_encode_struct();
   test_invalid();
   test_ptype();
   test_forms_round_trip();
   test_any_words();
   test_hwtest_templates();
   return TEST_RESULT();
}
