/*
 * NV30 vertex program instructions: struct <-> words.  Every bit position
 * comes from nv30_vp.xml (nvisa_nv30_vp_gen.h); this file only maps the
 * decoded struct onto the fields.
 */
#include <string.h>

#include "nvisa_nv30_vp.h"
#include "nvisa_print.h"

#define VP(x) NVISA_NV30_VP_##x

static const uint8_t src_swz_pos[4] = {
   VP(SRC_SWZ__X), VP(SRC_SWZ__Y), VP(SRC_SWZ__Z), VP(SRC_SWZ__W),
};
static const uint8_t cc_swz_pos[4] = {
   VP(CSRC_SWZ__X), VP(CSRC_SWZ__Y), VP(CSRC_SWZ__Z), VP(CSRC_SWZ__W),
};
/* All four write masks share one bit order (isa.rst: X is the high bit). */
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
nvisa_nv30_vp_insn_init(struct nvisa_nv30_vp_insn *insn)
{
   memset(insn, 0, sizeof(*insn));
   /* no temporary: the all-ones DST upstream writes for output-only
    * instructions */
   insn->dst = (1u << VP(DST__WIDTH)) - 1;
   insn->cond = NVISA_COND_TR;
   for (unsigned c = 0; c < 4; c++) {
      insn->cc_swz[c] = c;
      for (unsigned s = 0; s < 3; s++)
         insn->src[s].swz[c] = c;
   }
   for (unsigned s = 0; s < 3; s++)
      insn->src[s].file = NVISA_FILE_INPUT;
}

typedef void (*setter)(uint32_t *, uint32_t);
typedef uint32_t (*getter)(const uint32_t *);

static const setter set_mux[3] = {
   nvisa_nv30_vp_set_src0_mux, nvisa_nv30_vp_set_src1_mux,
   nvisa_nv30_vp_set_src2_mux };
static const setter set_reg[3] = {
   nvisa_nv30_vp_set_src0_reg, nvisa_nv30_vp_set_src1_reg,
   nvisa_nv30_vp_set_src2_reg };
static const setter set_swz[3] = {
   nvisa_nv30_vp_set_src0_swz, nvisa_nv30_vp_set_src1_swz,
   nvisa_nv30_vp_set_src2_swz };
static const setter set_neg[3] = {
   nvisa_nv30_vp_set_src0_neg, nvisa_nv30_vp_set_src1_neg,
   nvisa_nv30_vp_set_src2_neg };
static const setter set_abs[3] = {
   nvisa_nv30_vp_set_src0_abs, nvisa_nv30_vp_set_src1_abs,
   nvisa_nv30_vp_set_src2_abs };
static const getter get_mux[3] = {
   nvisa_nv30_vp_get_src0_mux, nvisa_nv30_vp_get_src1_mux,
   nvisa_nv30_vp_get_src2_mux };
static const getter get_reg[3] = {
   nvisa_nv30_vp_get_src0_reg, nvisa_nv30_vp_get_src1_reg,
   nvisa_nv30_vp_get_src2_reg };
static const getter get_swz[3] = {
   nvisa_nv30_vp_get_src0_swz, nvisa_nv30_vp_get_src1_swz,
   nvisa_nv30_vp_get_src2_swz };
static const getter get_neg[3] = {
   nvisa_nv30_vp_get_src0_neg, nvisa_nv30_vp_get_src1_neg,
   nvisa_nv30_vp_get_src2_neg };
static const getter get_abs[3] = {
   nvisa_nv30_vp_get_src0_abs, nvisa_nv30_vp_get_src1_abs,
   nvisa_nv30_vp_get_src2_abs };

static bool
is_branch(unsigned sca_op)
{
   return nvisa_nv30_vp_sca_op_info[sca_op & 0x1f].flags & NVISA_OP_BRANCH;
}

int
nvisa_nv30_vp_encode(const struct nvisa_nv30_vp_insn *insn, uint32_t out[4])
{
   int ret = 0;

   memset(out, 0, 4 * sizeof(uint32_t));
   if (!nvisa_fits(insn->vec_op, VP(OP_VEC__WIDTH)) ||
       !nvisa_fits(insn->sca_op, VP(OP_SCA__WIDTH)) ||
       !nvisa_fits(insn->dst, VP(DST__WIDTH)) ||
       !nvisa_fits(insn->out, VP(OUT_ADDR__WIDTH)) ||
       !nvisa_fits(insn->input, VP(IBUF_ADDR__WIDTH)) ||
       !nvisa_fits(insn->constant, VP(XFCTX_ADDR__WIDTH)) ||
       !nvisa_fits(insn->addr_reg, VP(ASRC__WIDTH)) ||
       !nvisa_fits(insn->addr_swz, VP(ASRC_SWZ__WIDTH)) ||
       !nvisa_fits(insn->cond, VP(COND_TEST__WIDTH)) ||
       !nvisa_fits(insn->branch_target, VP(IADDR__WIDTH)))
      ret = -1;

   nvisa_nv30_vp_set_op_vec(out, insn->vec_op);
   nvisa_nv30_vp_set_op_sca(out, insn->sca_op);
   nvisa_nv30_vp_set_dst(out, insn->dst);
   nvisa_nv30_vp_set_dst_wm_vec(out, nvisa_pack_mask(insn->vec_mask, wm_pos));
   nvisa_nv30_vp_set_dst_wm_sca(out, nvisa_pack_mask(insn->sca_mask, wm_pos));
   nvisa_nv30_vp_set_out_addr(out, insn->out);
   nvisa_nv30_vp_set_out_target(out, insn->out_target);
   nvisa_nv30_vp_set_out_wm_vec(out, nvisa_pack_mask(insn->out_vec_mask, wm_pos));
   nvisa_nv30_vp_set_out_wm_sca(out, nvisa_pack_mask(insn->out_sca_mask, wm_pos));

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
   nvisa_nv30_vp_set_ibuf_addr(out, insn->input);
   nvisa_nv30_vp_set_xfctx_addr(out, insn->constant);
   nvisa_nv30_vp_set_const_indexed(out, insn->const_indexed);
   nvisa_nv30_vp_set_asrc(out, insn->addr_reg);
   nvisa_nv30_vp_set_asrc_swz(out, insn->addr_swz);

   nvisa_nv30_vp_set_cond_enable(out, insn->cc_test);
   nvisa_nv30_vp_set_cond_test(out, insn->cond);
   nvisa_nv30_vp_set_csrc_swz(out, nvisa_pack_swz(insn->cc_swz, cc_swz_pos));
   nvisa_nv30_vp_set_cdst_wm(out, insn->cc_update);

   /* the branch target shares bits with source 2 (nv30_vertprog.h IADDR) */
   if (is_branch(insn->sca_op))
      nvisa_nv30_vp_set_iaddr(out, insn->branch_target);
   nvisa_nv30_vp_set_last(out, insn->last);
   return ret;
}

int
nvisa_nv30_vp_decode(const uint32_t in[4], struct nvisa_nv30_vp_insn *insn)
{
   memset(insn, 0, sizeof(*insn));
   insn->vec_op = nvisa_nv30_vp_get_op_vec(in);
   insn->sca_op = nvisa_nv30_vp_get_op_sca(in);
   insn->dst = nvisa_nv30_vp_get_dst(in);
   insn->vec_mask = nvisa_unpack_mask(nvisa_nv30_vp_get_dst_wm_vec(in), wm_pos);
   insn->sca_mask = nvisa_unpack_mask(nvisa_nv30_vp_get_dst_wm_sca(in), wm_pos);
   insn->out = nvisa_nv30_vp_get_out_addr(in);
   insn->out_target = nvisa_nv30_vp_get_out_target(in);
   insn->out_vec_mask = nvisa_unpack_mask(nvisa_nv30_vp_get_out_wm_vec(in), wm_pos);
   insn->out_sca_mask = nvisa_unpack_mask(nvisa_nv30_vp_get_out_wm_sca(in), wm_pos);

   for (unsigned s = 0; s < 3; s++) {
      struct nvisa_src *src = &insn->src[s];
      src->file = mux_to_file[get_mux[s](in)];
      src->index = get_reg[s](in);
      nvisa_unpack_swz(get_swz[s](in), src_swz_pos, src->swz);
      src->neg = get_neg[s](in);
      src->abs = get_abs[s](in);
   }
   insn->input = nvisa_nv30_vp_get_ibuf_addr(in);
   insn->constant = nvisa_nv30_vp_get_xfctx_addr(in);
   insn->const_indexed = nvisa_nv30_vp_get_const_indexed(in);
   insn->addr_reg = nvisa_nv30_vp_get_asrc(in);
   insn->addr_swz = nvisa_nv30_vp_get_asrc_swz(in);

   insn->cc_test = nvisa_nv30_vp_get_cond_enable(in);
   insn->cond = nvisa_nv30_vp_get_cond_test(in);
   nvisa_unpack_swz(nvisa_nv30_vp_get_csrc_swz(in), cc_swz_pos, insn->cc_swz);
   insn->cc_update = nvisa_nv30_vp_get_cdst_wm(in);

   if (is_branch(insn->sca_op))
      insn->branch_target = nvisa_nv30_vp_get_iaddr(in);
   insn->last = nvisa_nv30_vp_get_last(in);

   if (!nvisa_nv30_vp_vec_op_info[insn->vec_op].name ||
       !nvisa_nv30_vp_sca_op_info[insn->sca_op].name)
      return -1;
   return 0;
}

/* ---- disassembler ---- */

static void
print_src(struct nvisa_strbuf *sb, const struct nvisa_nv30_vp_insn *insn,
          unsigned s)
{
   const struct nvisa_vp_operands ops = {
      .input = insn->input, .constant = insn->constant,
      .input_indexed = false, .const_indexed = insn->const_indexed,
      .addr_reg = insn->addr_reg, .addr_swz = insn->addr_swz,
   };
   nvisa_print_vp_src(sb, &insn->src[s], &ops);
}

/* One slot; the temp and output masks of the slot are printed as
 * "R1.xy+o[TC0].w" when both are written. */
static void
print_slot(struct nvisa_strbuf *sb, const struct nvisa_nv30_vp_insn *insn, bool vec)
{
   const struct nvisa_op_info *info = vec ?
      &nvisa_nv30_vp_vec_op_info[insn->vec_op] :
      &nvisa_nv30_vp_sca_op_info[insn->sca_op];
   unsigned op = vec ? insn->vec_op : insn->sca_op;
   uint8_t mask = vec ? insn->vec_mask : insn->sca_mask;
   uint8_t omask = vec ? insn->out_vec_mask : insn->out_sca_mask;
   bool first = true;

   if (info->name)
      nvisa_sb_printf(sb, "%s", info->name);
   else
      nvisa_sb_printf(sb, "%s_OP_0x%02x", vec ? "VEC" : "SCA", op);
   /* the one condition register is updated by the vector slot (or the
    * scalar one when the vector op is NOP: nv30_vp_decode.c) */
   bool cc = insn->cc_update &&
             (vec || insn->vec_op == NVISA_NV30_VP_VEC_OP_NOP);
   if (cc)
      nvisa_sb_printf(sb, "C");

   if (info->flags & NVISA_OP_BRANCH) {
      if (!vec && insn->sca_op != NVISA_NV30_VP_SCA_OP_RET)
         nvisa_sb_printf(sb, " %u", insn->branch_target);
   } else {
      nvisa_sb_printf(sb, " ");
      if ((info->flags & NVISA_OP_ADDR) && vec) {
         nvisa_sb_printf(sb, "A%u", insn->dst & 1);
         nvisa_print_mask(sb, mask);
         first = false;
      } else if (insn->dst < NVISA_NV30_VP_NUM_TEMPS && mask) {
         nvisa_sb_printf(sb, "R%u", insn->dst);
         nvisa_print_mask(sb, mask);
         first = false;
      }
      if (omask) {
         const char *name = insn->out < sizeof(nvisa_nv30_vp_out_names) /
                                        sizeof(nvisa_nv30_vp_out_names[0]) ?
                            nvisa_nv30_vp_out_names[insn->out] : NULL;
         if (!first)
            nvisa_sb_printf(sb, "+");
         if (!insn->out_target)
            nvisa_sb_printf(sb, "ctx[%u]", insn->out);
         else if (name)
            nvisa_sb_printf(sb, "o[%s]", name);
         else
            nvisa_sb_printf(sb, "o[%u]", insn->out);
         nvisa_print_mask(sb, omask);
         first = false;
      }
      if (first)
         nvisa_sb_printf(sb, cc ? "CC" : "-");
   }
   if (insn->cc_test) {
      nvisa_sb_printf(sb, " (%s", nvisa_nv30_vp_cond_names[insn->cond & 7]);
      nvisa_print_swz(sb, insn->cc_swz);
      nvisa_sb_printf(sb, ")");
   }
   for (unsigned s = 0; s < 3; s++) {
      if (info->srcs & (1 << s)) {
         nvisa_sb_printf(sb, ", ");
         print_src(sb, insn, s);
      }
   }
   nvisa_sb_printf(sb, ";");
}

int
nvisa_nv30_vp_disasm(const uint32_t in[4], char *buf, size_t n)
{
   struct nvisa_nv30_vp_insn insn;
   struct nvisa_strbuf sb = { buf, n, 0 };
   bool any = false;

   if (n)
      buf[0] = 0;
   nvisa_nv30_vp_decode(in, &insn);
   if (insn.vec_op != NVISA_NV30_VP_VEC_OP_NOP || insn.out_vec_mask) {
      print_slot(&sb, &insn, true);
      any = true;
   }
   if (insn.sca_op != NVISA_NV30_VP_SCA_OP_NOP || insn.out_sca_mask) {
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
