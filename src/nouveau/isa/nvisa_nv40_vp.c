/*
 * NV40 vertex program instructions: struct <-> words, and disassembly.
 * Every bit position comes from nv40_vp.xml (nvisa_nv40_vp_gen.h); this
 * file only maps the decoded struct onto the fields.
 */
#include <string.h>

#include "nvisa_nv40_vp.h"
#include "nvisa_print.h"

#define VP(x) NVISA_NV40_VP_##x

static const uint8_t src_swz_pos[4] = {
   VP(SRC_SWZ__X), VP(SRC_SWZ__Y), VP(SRC_SWZ__Z), VP(SRC_SWZ__W),
};
static const uint8_t cc_swz_pos[4] = {
   VP(CSRC_SWZ__X), VP(CSRC_SWZ__Y), VP(CSRC_SWZ__Z), VP(CSRC_SWZ__W),
};
/* Both write masks share one bit order (isa.rst: X is the high bit). */
static const uint8_t wm_pos[4] = {
   VP(DST_WM_VEC__X), VP(DST_WM_VEC__Y), VP(DST_WM_VEC__Z), VP(DST_WM_VEC__W),
};

static const uint8_t file_to_mux[] = {
   [NVISA_FILE_NONE] = VP(MUX_UNK0),
   [NVISA_FILE_TEMP] = VP(MUX_TEMP),
   [NVISA_FILE_INPUT] = VP(MUX_INPUT),
   [NVISA_FILE_CONST] = VP(MUX_CONST),
};
static const uint8_t mux_to_file[] = {
   [VP(MUX_UNK0)] = NVISA_FILE_NONE,
   [VP(MUX_TEMP)] = NVISA_FILE_TEMP,
   [VP(MUX_INPUT)] = NVISA_FILE_INPUT,
   [VP(MUX_CONST)] = NVISA_FILE_CONST,
};

void
nvisa_nv40_vp_insn_init(struct nvisa_nv40_vp_insn *insn)
{
   memset(insn, 0, sizeof(*insn));
   insn->vec_dst = VP(DST_NONE);
   insn->sca_dst = VP(DST_NONE);
   insn->out = VP(OUT_NONE);
   insn->cond = NVISA_COND_TR;
   for (unsigned c = 0; c < 4; c++) {
      insn->cc_swz[c] = c;
      for (unsigned s = 0; s < 3; s++)
         insn->src[s].swz[c] = c;
   }
   /* Unused sources read the input mux, as the blob and Mesa emit them. */
   for (unsigned s = 0; s < 3; s++)
      insn->src[s].file = NVISA_FILE_INPUT;
}

int
nvisa_nv40_vp_encode(const struct nvisa_nv40_vp_insn *insn, uint32_t out[4])
{
   typedef void (*setter)(uint32_t *, uint32_t);
   static const setter set_mux[3] = {
      nvisa_nv40_vp_set_src0_mux, nvisa_nv40_vp_set_src1_mux,
      nvisa_nv40_vp_set_src2_mux };
   static const setter set_reg[3] = {
      nvisa_nv40_vp_set_src0_reg, nvisa_nv40_vp_set_src1_reg,
      nvisa_nv40_vp_set_src2_reg };
   static const setter set_swz[3] = {
      nvisa_nv40_vp_set_src0_swz, nvisa_nv40_vp_set_src1_swz,
      nvisa_nv40_vp_set_src2_swz };
   static const setter set_neg[3] = {
      nvisa_nv40_vp_set_src0_neg, nvisa_nv40_vp_set_src1_neg,
      nvisa_nv40_vp_set_src2_neg };
   static const setter set_abs[3] = {
      nvisa_nv40_vp_set_src0_abs, nvisa_nv40_vp_set_src1_abs,
      nvisa_nv40_vp_set_src2_abs };
   int ret = 0;

   memset(out, 0, 4 * sizeof(uint32_t));

   if (!nvisa_fits(insn->vec_op, VP(OP_VEC__WIDTH)) ||
       !nvisa_fits(insn->sca_op, VP(OP_SCA__WIDTH)) ||
       !nvisa_fits(insn->vec_dst, VP(DST_VEC__WIDTH)) ||
       !nvisa_fits(insn->sca_dst, VP(DST_SCA__WIDTH)) ||
       !nvisa_fits(insn->out, VP(OUT_ADDR__WIDTH)) ||
       !nvisa_fits(insn->input, VP(IBUF_ADDR__WIDTH)) ||
       !nvisa_fits(insn->constant, VP(XFCTX_ADDR__WIDTH)) ||
       !nvisa_fits(insn->addr_reg, VP(ASRC__WIDTH)) ||
       !nvisa_fits(insn->addr_swz, VP(ASRC_SWZ__WIDTH)) ||
       !nvisa_fits(insn->cond, VP(COND_TEST__WIDTH)) ||
       !nvisa_fits(insn->cc_reg, VP(CSRCDST__WIDTH)) ||
       !nvisa_fits(insn->branch_target, VP(IADDR__WIDTH)))
      ret = -1;

   nvisa_nv40_vp_set_op_vec(out, insn->vec_op);
   nvisa_nv40_vp_set_op_sca(out, insn->sca_op);
   nvisa_nv40_vp_set_dst_vec(out, insn->vec_dst);
   nvisa_nv40_vp_set_dst_sca(out, insn->sca_dst);
   nvisa_nv40_vp_set_dst_wm_vec(out, nvisa_pack_mask(insn->vec_mask, wm_pos));
   nvisa_nv40_vp_set_dst_wm_sca(out, nvisa_pack_mask(insn->sca_mask, wm_pos));
   nvisa_nv40_vp_set_out_addr(out, insn->out);
   nvisa_nv40_vp_set_out_is_vec(out, insn->out_is_vec);
   nvisa_nv40_vp_set_out_indexed(out, insn->out_indexed);
   nvisa_nv40_vp_set_sat(out, insn->sat);

   for (unsigned s = 0; s < 3; s++) {
      const struct nvisa_src *src = &insn->src[s];
      if (src->file > NVISA_FILE_CONST || !nvisa_fits(src->index, VP(SRC0_REG__WIDTH)))
         ret = -1;
      set_mux[s](out, file_to_mux[src->file & 3]);
      set_reg[s](out, src->index);
      set_swz[s](out, nvisa_pack_swz(src->swz, src_swz_pos));
      set_neg[s](out, src->neg);
      set_abs[s](out, src->abs);
   }

   nvisa_nv40_vp_set_ibuf_addr(out, insn->input);
   nvisa_nv40_vp_set_xfctx_addr(out, insn->constant);
   nvisa_nv40_vp_set_ibuf_indexed(out, insn->input_indexed);
   nvisa_nv40_vp_set_const_indexed(out, insn->const_indexed);
   nvisa_nv40_vp_set_asrc(out, insn->addr_reg);
   nvisa_nv40_vp_set_asrc_swz(out, insn->addr_swz);

   nvisa_nv40_vp_set_cond_enable(out, insn->cc_test);
   nvisa_nv40_vp_set_cond_test(out, insn->cond);
   nvisa_nv40_vp_set_csrc_swz(out, nvisa_pack_swz(insn->cc_swz, cc_swz_pos));
   nvisa_nv40_vp_set_cdst_wm(out, insn->cc_update);
   nvisa_nv40_vp_set_cdst_is_vec(out, insn->cc_update_vec);
   nvisa_nv40_vp_set_csrcdst(out, insn->cc_reg);

   /* The branch target shares bits with source 2 (nv40_vertprog.h). */
   if (nvisa_nv40_vp_sca_op_info[insn->sca_op & 0x1f].flags & NVISA_OP_BRANCH)
      nvisa_nv40_vp_set_iaddr(out, insn->branch_target);

   nvisa_nv40_vp_set_last(out, insn->last);
   return ret;
}

int
nvisa_nv40_vp_decode(const uint32_t in[4], struct nvisa_nv40_vp_insn *insn)
{
   typedef uint32_t (*getter)(const uint32_t *);
   static const getter get_mux[3] = {
      nvisa_nv40_vp_get_src0_mux, nvisa_nv40_vp_get_src1_mux,
      nvisa_nv40_vp_get_src2_mux };
   static const getter get_reg[3] = {
      nvisa_nv40_vp_get_src0_reg, nvisa_nv40_vp_get_src1_reg,
      nvisa_nv40_vp_get_src2_reg };
   static const getter get_swz[3] = {
      nvisa_nv40_vp_get_src0_swz, nvisa_nv40_vp_get_src1_swz,
      nvisa_nv40_vp_get_src2_swz };
   static const getter get_neg[3] = {
      nvisa_nv40_vp_get_src0_neg, nvisa_nv40_vp_get_src1_neg,
      nvisa_nv40_vp_get_src2_neg };
   static const getter get_abs[3] = {
      nvisa_nv40_vp_get_src0_abs, nvisa_nv40_vp_get_src1_abs,
      nvisa_nv40_vp_get_src2_abs };

   memset(insn, 0, sizeof(*insn));
   insn->vec_op = nvisa_nv40_vp_get_op_vec(in);
   insn->sca_op = nvisa_nv40_vp_get_op_sca(in);
   insn->vec_dst = nvisa_nv40_vp_get_dst_vec(in);
   insn->sca_dst = nvisa_nv40_vp_get_dst_sca(in);
   insn->vec_mask = nvisa_unpack_mask(nvisa_nv40_vp_get_dst_wm_vec(in), wm_pos);
   insn->sca_mask = nvisa_unpack_mask(nvisa_nv40_vp_get_dst_wm_sca(in), wm_pos);
   insn->out = nvisa_nv40_vp_get_out_addr(in);
   insn->out_is_vec = nvisa_nv40_vp_get_out_is_vec(in);
   insn->out_indexed = nvisa_nv40_vp_get_out_indexed(in);
   insn->sat = nvisa_nv40_vp_get_sat(in);

   for (unsigned s = 0; s < 3; s++) {
      struct nvisa_src *src = &insn->src[s];
      src->file = mux_to_file[get_mux[s](in)];
      src->index = get_reg[s](in);
      nvisa_unpack_swz(get_swz[s](in), src_swz_pos, src->swz);
      src->neg = get_neg[s](in);
      src->abs = get_abs[s](in);
   }

   insn->input = nvisa_nv40_vp_get_ibuf_addr(in);
   insn->constant = nvisa_nv40_vp_get_xfctx_addr(in);
   insn->input_indexed = nvisa_nv40_vp_get_ibuf_indexed(in);
   insn->const_indexed = nvisa_nv40_vp_get_const_indexed(in);
   insn->addr_reg = nvisa_nv40_vp_get_asrc(in);
   insn->addr_swz = nvisa_nv40_vp_get_asrc_swz(in);

   insn->cc_test = nvisa_nv40_vp_get_cond_enable(in);
   insn->cond = nvisa_nv40_vp_get_cond_test(in);
   nvisa_unpack_swz(nvisa_nv40_vp_get_csrc_swz(in), cc_swz_pos, insn->cc_swz);
   insn->cc_update = nvisa_nv40_vp_get_cdst_wm(in);
   insn->cc_update_vec = nvisa_nv40_vp_get_cdst_is_vec(in);
   insn->cc_reg = nvisa_nv40_vp_get_csrcdst(in);

   if (nvisa_nv40_vp_sca_op_info[insn->sca_op].flags & NVISA_OP_BRANCH)
      insn->branch_target = nvisa_nv40_vp_get_iaddr(in);

   insn->last = nvisa_nv40_vp_get_last(in);

   if (!nvisa_nv40_vp_vec_op_info[insn->vec_op].name ||
       !nvisa_nv40_vp_sca_op_info[insn->sca_op].name)
      return -1;
   return 0;
}

/* ---- disassembler ---- */

static void
print_src(struct nvisa_strbuf *sb, const struct nvisa_nv40_vp_insn *insn,
          unsigned s)
{
   const struct nvisa_vp_operands ops = {
      .input = insn->input, .constant = insn->constant,
      .input_indexed = insn->input_indexed, .const_indexed = insn->const_indexed,
      .addr_reg = insn->addr_reg, .addr_swz = insn->addr_swz,
   };
   nvisa_print_vp_src(sb, &insn->src[s], &ops);
}

static void
print_cond(struct nvisa_strbuf *sb, const struct nvisa_nv40_vp_insn *insn)
{
   if (!insn->cc_test)
      return;
   nvisa_sb_printf(sb, " (%s%s", nvisa_nv40_vp_cond_names[insn->cond],
             insn->cc_reg ? "1" : "");
   nvisa_print_swz(sb, insn->cc_swz);
   nvisa_sb_printf(sb, ")");
}

/* One slot (vector or scalar) of the instruction. */
static void
print_slot(struct nvisa_strbuf *sb, const struct nvisa_nv40_vp_insn *insn, bool vec)
{
   const struct nvisa_op_info *info = vec ?
      &nvisa_nv40_vp_vec_op_info[insn->vec_op] :
      &nvisa_nv40_vp_sca_op_info[insn->sca_op];
   unsigned op = vec ? insn->vec_op : insn->sca_op;
   uint8_t dst = vec ? insn->vec_dst : insn->sca_dst;
   uint8_t mask = vec ? insn->vec_mask : insn->sca_mask;
   bool out = insn->out != VP(OUT_NONE) && insn->out_is_vec == vec;
   bool cc = insn->cc_update && insn->cc_update_vec == vec;
   bool first = true;

   if (info->name)
      nvisa_sb_printf(sb, "%s", info->name);
   else
      nvisa_sb_printf(sb, "%s_OP_0x%02x", vec ? "VEC" : "SCA", op);
   if (cc)
      nvisa_sb_printf(sb, "C%s", insn->cc_reg ? "1" : "");
   if (insn->sat)
      nvisa_sb_printf(sb, "_SAT");

   if (info->flags & NVISA_OP_BRANCH) {
      if (!vec && insn->sca_op != VP(SCA_OP_RET))
         nvisa_sb_printf(sb, " %u", insn->branch_target);
      print_cond(sb, insn);
      nvisa_sb_printf(sb, ";");
      return;
   }

   nvisa_sb_printf(sb, " ");
   if ((info->flags & NVISA_OP_ADDR) && vec) {
      nvisa_sb_printf(sb, "A%u", dst & 1);
      first = false;
   } else if (dst != VP(DST_NONE) && mask) {
      nvisa_sb_printf(sb, "R%u", dst);
      first = false;
   }
   if (out) {
      const char *name = insn->out < VP(NUM_OUTPUTS) ?
         nvisa_nv40_vp_out_names[insn->out] : NULL;
      if (!first)
         nvisa_sb_printf(sb, "+");
      if (name)
         nvisa_sb_printf(sb, "o[%s]", name);
      else
         nvisa_sb_printf(sb, "o[%u]", insn->out);
      first = false;
   }
   if (first)
      nvisa_sb_printf(sb, cc ? "CC" : "-");
   nvisa_print_mask(sb, mask);
   print_cond(sb, insn);

   for (unsigned s = 0; s < 3; s++) {
      if (info->srcs & (1 << s)) {
         nvisa_sb_printf(sb, ", ");
         print_src(sb, insn, s);
      }
   }
   nvisa_sb_printf(sb, ";");
}

int
nvisa_nv40_vp_disasm(const uint32_t in[4], char *buf, size_t n)
{
   struct nvisa_nv40_vp_insn insn;
   struct nvisa_strbuf sb = { buf, n, 0 };
   bool any = false;

   if (n)
      buf[0] = 0;
   nvisa_nv40_vp_decode(in, &insn);

   if (insn.vec_op != VP(VEC_OP_NOP) ||
       (insn.out != VP(OUT_NONE) && insn.out_is_vec)) {
      print_slot(&sb, &insn, true);
      any = true;
   }
   if (insn.sca_op != VP(SCA_OP_NOP) ||
       (insn.out != VP(OUT_NONE) && !insn.out_is_vec)) {
      if (any)
         nvisa_sb_printf(&sb, " ");
      print_slot(&sb, &insn, false);
      any = true;
   }
   if (!any)
      nvisa_sb_printf(&sb, "NOP;");
   if (insn.last)
      nvisa_sb_printf(&sb, " END");
   return (int)sb.len;
}
