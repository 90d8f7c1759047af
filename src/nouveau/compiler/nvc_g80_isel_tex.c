/*
 * Texture instructions for Tesla: a NIR tex / txb / txl / txd / txf / txs /
 * query_levels into g80.xml's long texture forms (tex, texbias, texlod,
 * texfetch, texsize).
 *
 * Facts (envytools docs hw/graph/tesla/cuda/texture.rst, envydis g80.c
 * ltex/dtex/texf; upstream's nv50 driver read for facts only):
 *  - a texture instruction reads its sources from consecutive registers
 *    $rN.. and writes its results to consecutive registers from the same
 *    $rN (the one DST field names both), the components of TEX_MASK
 *    packed in x, y, z, w order;
 *  - sources: "x, y, z, array index, dref [skip all that your current
 *    sampler setup doesn't use]", x, y, z, dref float, the array index an
 *    integer; texbias / texlod take the bias / LOD as one more (last)
 *    float; texfetch takes "x, y, z, index, lod, all integer"; a cube's
 *    sources are the direction x, y, z with the CUBE flag; TEX_ARGC is
 *    the source count - 1 (2 bits: at most 4 sources);
 *  - texsize takes the integer LOD as its only source and "gives you
 *    (width, height, depth, mipmap level count)" (nvsim answers the
 *    first three in GL's textureSize order, docs/tesla.md);
 *  - implicit derivatives: in an FP from the coordinates of all lanes of
 *    the quad; "all" (LIVE 0) runs the instruction for the invisible
 *    lanes too, which derivatives need; in a VP the derivatives are 0
 *    (level base: GLSL's implicit LOD 0 outside FPs);
 *  - the depth compare is the sampler's (TSC DEPTH_COMPARE) on the dref
 *    source; its result comes back in the first component;
 *  - TEX names the texture slot bound with BIND_TIC(stage) TEXTURE, SAMP
 *    the sampler slot bound with BIND_TSC(stage) SAMPLER (rnndb
 *    g80_3d.xml); NIR's texture_index and sampler_index are those slots.
 *
 * textureGather (tg4): texgather (GT215_3D on, g80.xml TXG_L; the caller
 * refuses it before), the sources of tex without an LOD; it returns the
 * four texels of the LINEAR footprint at the base level, of the
 * component the TIC's X source routes (nvsim g80_sampler.c gather_lane):
 * the instruction has no component field (upstream encodes none), so a
 * component other than 0 (GLSL 4.00's textureGather(..., comp)), a
 * depth compare and textureGatherOffsets are refused.
 *
 * Texel offsets (constant, -8..7: TEX_OFFSET's 4-bit fields) go in the
 * instruction, not on cube maps (the CUBE forms have none).
 * textureProj's projector is applied here (rcp of q, one mul per
 * coordinate and the reference).
 *
 * The registers: the backend allocates one value at a time, so the
 * instruction works in a staging block of 4 registers just above the FP
 * result registers ($r(reserved)..$r(reserved+3), ir->tex_regs): the
 * sources are moved in, the results moved out.  It costs the moves and
 * 4 registers for the whole program; a register allocator that places
 * vectors is the next step.
 */
#include <stdio.h>
#include <string.h>

#include "compiler/nir/nir.h"
#include "util/u_math.h"
#include "g80_3d.xml.h"
#include "nvc_g80_isel_tex.h"

#define G(x) NVISA_G80_##x
#define STAGING 4

/* names for the refusals (NIR 22.3 has no such table outside nir_print) */
static const char *
texop_name(nir_texop op)
{
   static const char *const names[] = {
      [nir_texop_tex] = "tex", [nir_texop_txb] = "txb",
      [nir_texop_txl] = "txl", [nir_texop_txd] = "txd",
      [nir_texop_txf] = "txf", [nir_texop_txf_ms] = "txf_ms",
      [nir_texop_txs] = "txs", [nir_texop_lod] = "lod (LOD query)",
      [nir_texop_tg4] = "tg4 (gather)",
      [nir_texop_query_levels] = "query_levels",
      [nir_texop_texture_samples] = "texture_samples",
      [nir_texop_samples_identical] = "samples_identical",
   };
   return (unsigned)op < sizeof(names) / sizeof(names[0]) && names[op] ?
          names[op] : "(other)";
}

static const char *
src_name(nir_tex_src_type t)
{
   static const char *const names[] = {
      [nir_tex_src_min_lod] = "min_lod",
      [nir_tex_src_ms_index] = "sample index",
      [nir_tex_src_texture_deref] = "texture deref",
      [nir_tex_src_sampler_deref] = "sampler deref",
      [nir_tex_src_texture_offset] = "indirect texture slot",
      [nir_tex_src_sampler_offset] = "indirect sampler slot",
      [nir_tex_src_texture_handle] = "bindless texture",
      [nir_tex_src_sampler_handle] = "bindless sampler",
   };
   return (unsigned)t < sizeof(names) / sizeof(names[0]) && names[t] ?
          names[t] : "(other)";
}

static struct nvc_g80_insn *
add(struct nvc_g80_ir *ir, unsigned op, char *msg)
{
   struct nvc_g80_insn *i = nvc_g80_ir_add(ir, op);
   if (!i)
      snprintf(msg, NVC_G80_TEX_MSG, "out of memory");
   return i;
}

/* The value of source component comp. */
static unsigned
val(const unsigned *vals, const nir_src *src, unsigned comp)
{
   return vals[src->ssa->index * 4 + comp];
}

/* $r(reg) = v: into the staging block */
static bool
stage_in(struct nvc_g80_ir *ir, unsigned reg, unsigned v, char *msg)
{
   struct nvc_g80_insn *i = add(ir, G(OP_MOV_B32_L), msg);
   if (!i)
      return false;
   i->hw.opnd[0].file = G(FILE_GPR);
   i->hw.opnd[0].val = reg;
   nvc_g80_set_value(i, 1, v);
   i->side_effect = true;
   return true;
}

/* an unsigned layer from a float array coordinate: GL 3.3 3.8.8
 * "l = clamp(RNE(r), 0, d - 1)": cvt rounding to nearest even, the
 * unsigned destination saturating negatives to 0 (the sampler clamps
 * the top, texture.rst) */
static bool
layer_from_float(struct nvc_g80_ir *ir, unsigned v, unsigned *out,
                 char *msg)
{
   struct nvc_g80_insn *i = add(ir, G(OP_CVT_F2I), msg);
   if (!i)
      return false;
   *out = nvc_g80_ir_value(ir);
   nvc_g80_set_value(i, 0, *out);
   nvc_g80_set_value(i, 1, v);
   i->hw.mod[G(MOD_SRC32)] = 1;
   i->hw.mod[G(MOD_DST32)] = 1;
   i->hw.mod[G(MOD_SSIGNED)] = 1;
   i->hw.mod[G(MOD_DSIGNED)] = 0;
   i->hw.mod[G(MOD_RND)] = G(RND_rn);
   return true;
}

/* a new value = op(a) / op(a, b); ~0 when out of memory */
static unsigned
alu2(struct nvc_g80_ir *ir, unsigned op, unsigned a, unsigned b, char *msg)
{
   struct nvc_g80_insn *i = add(ir, op, msg);
   if (!i)
      return ~0u;
   unsigned d = nvc_g80_ir_value(ir);
   nvc_g80_set_value(i, 0, d);
   nvc_g80_set_value(i, 1, a);
   if (b != ~0u)
      nvc_g80_set_value(i, 2, b);
   return d;
}

static unsigned
alu1(struct nvc_g80_ir *ir, unsigned op, unsigned a, char *msg)
{
   return alu2(ir, op, a, ~0u, msg);
}

/*
 * textureGrad (txd): Tesla has no gradient source.  For each lane L of
 * a quad (lanes top-left, top-right, bottom-left, bottom-right), every
 * lane of the quad gets L's coordinates plus L's ddx times its column
 * less L's, and L's ddy times its row less L's (0 or +-1), so the
 * quad's derivatives are L's gradients (texture.rst: implicit
 * derivatives "based on coordinates in all threads of current quad"; in
 * a VP with the deriv flag) and L itself samples at its own coordinates
 * (a right lane's pass puts its left neighbours at - ddx, a bottom
 * lane's its top neighbours at - ddy: quadop's subr); the other words
 * (layer, reference) are L's.  The lanes take L's values
 * with quadop (isa.rst / hwtest fswz: source 1 from lane LANE, the op of
 * each lane from QOP: g80.xml QUADOP_OP add, subr, mov2 = source 2), and
 * lane L keeps that pass's result (slct).  Each pass runs under quadon
 * (control.rst: "enables all threads in the current quad, even if they
 * were disabled before"), so a quad whose lanes diverged still has all
 * four coordinates; under it only the staging block is written (a
 * disabled lane's other registers may hold what it needs later).  Which
 * lane keeps a pass comes from $physid, not from another lane (a VP's
 * last quad may have lanes that do not exist).
 */
#define QOP(l0, l1, l2, l3) \
   NVC_G80_QOP(G(QUADOP_OP_##l0), G(QUADOP_OP_##l1), G(QUADOP_OP_##l2), \
               G(QUADOP_OP_##l3))

static struct nvc_g80_insn *
phys_insn(struct nvc_g80_ir *ir, unsigned op, unsigned reg, char *msg)
{
   struct nvc_g80_insn *i = add(ir, op, msg);
   if (!i)
      return NULL;
   i->hw.opnd[0].file = G(FILE_GPR);
   i->hw.opnd[0].val = reg;
   i->side_effect = true;
   return i;
}

/* $r(reg) = imm */
static bool
phys_imm(struct nvc_g80_ir *ir, unsigned reg, uint32_t v, char *msg)
{
   struct nvc_g80_insn *i = phys_insn(ir, G(OP_MOV_B32_I), reg, msg);
   if (!i)
      return false;
   i->hw.opnd[1].file = G(FILE_IMM);
   i->hw.opnd[1].val = v;
   return true;
}

/* $r(reg) = quadop(a from lane `from`, $r(reg)): a is a value, or the
 * register itself when a_reg */
static bool
phys_quadop(struct nvc_g80_ir *ir, unsigned reg, unsigned from, unsigned qop,
            unsigned a, bool a_reg, char *msg)
{
   struct nvc_g80_insn *i = phys_insn(ir, G(OP_QUADOP), reg, msg);
   if (!i)
      return false;
   if (a_reg) {
      i->hw.opnd[1].file = G(FILE_GPR);
      i->hw.opnd[1].val = reg;
   } else {
      nvc_g80_set_value(i, 1, a);
   }
   i->hw.opnd[2].file = G(FILE_GPR);
   i->hw.opnd[2].val = reg;
   i->hw.mod[G(MOD_LANE)] = from;
   i->hw.mod[G(MOD_QOP)] = qop;
   return true;
}

/* The staging words of lane `lane`'s pass (under quadon), from the
 * words of every lane src[] (the layer still a float). */
static bool
txd_lane_sources(struct nvc_g80_ir *ir, unsigned base, unsigned lane,
                 const unsigned *vals, const nir_src *ddx,
                 const nir_src *ddy, unsigned ncoord, bool array,
                 unsigned n, const unsigned *src, char *msg)
{
   /* from L's column to the other's: + ddx on the right of a left L,
    * - ddx on the left of a right L; the same for rows with ddy */
   const unsigned qx = (lane & 1) ? QOP(subr, mov2, subr, mov2)
                                  : QOP(mov2, add, mov2, add);
   const unsigned qy = (lane & 2) ? QOP(subr, subr, mov2, mov2)
                                  : QOP(mov2, mov2, add, add);
   for (unsigned w = 0; w < n; w++) {
      unsigned r = base + w;
      if (!phys_imm(ir, r, 0, msg))
         return false;
      if (w < ncoord) {
         /* the deltas from L's place (0 at L), then + c(L) */
         if (!phys_quadop(ir, r, lane, qx, val(vals, ddx, w), false, msg) ||
             !phys_quadop(ir, r, lane, qy, val(vals, ddy, w), false, msg))
            return false;
      }
      if (!phys_quadop(ir, r, lane, QOP(add, add, add, add), src[w],
                       false, msg))
         return false;
      if (array && w == ncoord) {
         /* the layer as layer_from_float converts it, in place */
         struct nvc_g80_insn *i = phys_insn(ir, G(OP_CVT_F2I), r, msg);
         if (!i)
            return false;
         i->hw.opnd[1].file = G(FILE_GPR);
         i->hw.opnd[1].val = r;
         i->hw.mod[G(MOD_SRC32)] = 1;
         i->hw.mod[G(MOD_DST32)] = 1;
         i->hw.mod[G(MOD_SSIGNED)] = 1;
         i->hw.mod[G(MOD_DSIGNED)] = 0;
         i->hw.mod[G(MOD_RND)] = G(RND_rn);
      }
   }
   return true;
}

/* a new value = imm */
static unsigned
imm32(struct nvc_g80_ir *ir, uint32_t v, char *msg)
{
   struct nvc_g80_insn *i = add(ir, G(OP_MOV_B32_I), msg);
   if (!i)
      return ~0u;
   unsigned d = nvc_g80_ir_value(ir);
   nvc_g80_set_value(i, 0, d);
   i->hw.opnd[1].file = G(FILE_IMM);
   i->hw.opnd[1].val = v;
   return d;
}

/* The lane's place in its quad as a float: $physid's thread index
 * (isa.rst: bits 0-7) & 3, no other lane read (a VP's last quad may be
 * partial) */
static unsigned
quad_lane_f(struct nvc_g80_ir *ir, char *msg)
{
   struct nvc_g80_insn *i = add(ir, G(OP_MOV_FROM_SR), msg);
   if (!i)
      return ~0u;
   unsigned id = nvc_g80_ir_value(ir);
   nvc_g80_set_value(i, 0, id);
   i->hw.opnd[1].file = G(FILE_SREG);
   i->hw.opnd[1].val = G(SREG_physid);
   unsigned three = imm32(ir, 3, msg);
   if (three == ~0u)
      return ~0u;
   unsigned q = alu2(ir, G(OP_AND_B32), id, three, msg);
   if (q == ~0u)
      return ~0u;
   i = add(ir, G(OP_CVT_I2F), msg);
   if (!i)
      return ~0u;
   unsigned f = nvc_g80_ir_value(ir);
   nvc_g80_set_value(i, 0, f);
   nvc_g80_set_value(i, 1, q);
   i->hw.mod[G(MOD_SRC32)] = 1;
   i->hw.mod[G(MOD_DST32)] = 1;
   i->hw.mod[G(MOD_RND)] = G(RND_rn);
   return f;
}

/* -(q - lane)^2: 0 (>= 0) in lane `lane` of each quad, < 0 elsewhere */
static unsigned
txd_lane_select(struct nvc_g80_ir *ir, unsigned qf, unsigned lane,
                char *msg)
{
   unsigned k = imm32(ir, fui(-(float)lane), msg);
   if (k == ~0u)
      return ~0u;
   unsigned d = alu2(ir, G(OP_ADD_F32_L), qf, k, msg);
   if (d == ~0u)
      return ~0u;
   unsigned sq = alu2(ir, G(OP_MUL_F32_L), d, d, msg);
   if (sq != ~0u)
      ir->insns[ir->num_insns - 1].hw.mod[G(MOD_NEG0)] = 1;
   return sq;
}

static unsigned
field_values(unsigned field)
{
   return 1u << nvisa_g80_fields[field].width;
}

const char *
nvc_g80_isel_tex(struct nvc_g80_ir *ir, const nir_tex_instr *tex, const unsigned *vals,
                 unsigned dst[4], char msg[NVC_G80_TEX_MSG])
{
   const nir_src *coord = NULL, *lod = NULL, *bias = NULL, *cmp = NULL;
   const nir_src *proj = NULL, *offset = NULL, *ddx = NULL, *ddy = NULL;
   bool txd = tex->op == nir_texop_txd;
   unsigned op, src[8], n = 0;
   bool cube = tex->sampler_dim == GLSL_SAMPLER_DIM_CUBE;

   msg[0] = 0;
   switch (tex->op) {
   case nir_texop_tex:
   case nir_texop_txd: op = G(OP_TEX_L); break;
   case nir_texop_txb: op = G(OP_TXB_L); break;
   case nir_texop_txl: op = G(OP_TXL_L); break;
   case nir_texop_txf: op = G(OP_TXF_L); break;
   case nir_texop_txs:
   case nir_texop_query_levels: op = G(OP_TXQ_L); break;
   case nir_texop_tg4: {
      /* NIR's default tg4_offsets are the footprint's own places,
       * (0, 1), (1, 1), (1, 0), (0, 0) (nir_tex_instr_create) */
      static const int8_t footprint[4][2] = {
         { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
      bool offsets4 = memcmp(tex->tg4_offsets, footprint,
                             sizeof(footprint)) != 0;
      if (tex->component || tex->is_shadow || offsets4) {
         snprintf(msg, NVC_G80_TEX_MSG, "a textureGather %s: texgather "
                  "has no field for it", tex->component ? "of component > 0"
                  : tex->is_shadow ? "with a depth compare"
                  : "with four offsets");
         return msg;
      }
      op = G(OP_TXG_L);
      break;
   }
   default:
      snprintf(msg, NVC_G80_TEX_MSG, "texture instruction %s is not "
               "supported yet by the Tesla backend (tex, txb, txl, txf, "
               "txs, query_levels, tg4 are)", texop_name(tex->op));
      return msg;
   }
   switch (tex->sampler_dim) {
   case GLSL_SAMPLER_DIM_1D: case GLSL_SAMPLER_DIM_2D:
   case GLSL_SAMPLER_DIM_3D: case GLSL_SAMPLER_DIM_CUBE:
   case GLSL_SAMPLER_DIM_RECT: case GLSL_SAMPLER_DIM_BUF:
      break;
   default:
      snprintf(msg, NVC_G80_TEX_MSG, "%s textures are not supported yet "
               "by the Tesla backend", tex->sampler_dim ==
               GLSL_SAMPLER_DIM_MS ? "multisampled" : "external/subpass");
      return msg;
   }
   if (cube && tex->is_array) {
      snprintf(msg, NVC_G80_TEX_MSG, "cube map arrays are not supported "
               "by the Tesla backend (texprep cube is GT215's and not "
               "modelled)");
      return msg;
   }
   for (unsigned s = 0; s < tex->num_srcs; s++) {
      switch (tex->src[s].src_type) {
      case nir_tex_src_coord: coord = &tex->src[s].src; break;
      case nir_tex_src_lod: lod = &tex->src[s].src; break;
      case nir_tex_src_bias: bias = &tex->src[s].src; break;
      case nir_tex_src_comparator: cmp = &tex->src[s].src; break;
      case nir_tex_src_projector: proj = &tex->src[s].src; break;
      case nir_tex_src_offset: offset = &tex->src[s].src; break;
      case nir_tex_src_ddx: ddx = &tex->src[s].src; break;
      case nir_tex_src_ddy: ddy = &tex->src[s].src; break;
      default:
         snprintf(msg, NVC_G80_TEX_MSG, "texture source %s (%s) is not "
                  "supported yet by the Tesla backend",
                  src_name(tex->src[s].src_type),
                  texop_name(tex->op));
         return msg;
      }
   }
   /* the slots: TEX / SAMP fields and the BIND_TIC / BIND_TSC slots */
   unsigned max_tex = field_values(G(F_TEX));
   unsigned max_samp = field_values(G(F_SAMP));
   unsigned bind_tex = (G80_3D_BIND_TIC_TEXTURE__MASK >>
                        G80_3D_BIND_TIC_TEXTURE__SHIFT) + 1;
   unsigned bind_samp = (G80_3D_BIND_TSC_SAMPLER__MASK >>
                         G80_3D_BIND_TSC_SAMPLER__SHIFT) + 1;
   if (bind_tex < max_tex)
      max_tex = bind_tex;
   if (bind_samp < max_samp)
      max_samp = bind_samp;
   if (tex->texture_index >= max_tex || tex->sampler_index >= max_samp) {
      snprintf(msg, NVC_G80_TEX_MSG, "texture %u / sampler %u: a program "
               "stage has %u texture and %u sampler slots",
               tex->texture_index, tex->sampler_index, max_tex, max_samp);
      return msg;
   }

   /* texel offsets: constants in TEX_OFFSET, 4 bits each, signed (z at
    * bits 48-51, y 52-55, x 56-59: envydis TOFFX/Y/Z); the forms with a
    * CUBE flag and texsize have none */
   uint32_t offset_field = 0;
   if (offset) {
      unsigned bits = nvisa_g80_fields[G(F_TEX_OFFSET)].width / 3;
      int lo = -(1 << (bits - 1)), hi = (1 << (bits - 1)) - 1;
      if (cube || op == G(OP_TXQ_L) || !nir_src_is_const(*offset)) {
         snprintf(msg, NVC_G80_TEX_MSG, "a %stexel offset on %s",
                  nir_src_is_const(*offset) ? "" : "non-constant ",
                  cube ? "a cube map" : texop_name(tex->op));
         return msg;
      }
      for (unsigned k = 0; k < offset->ssa->num_components && k < 3; k++) {
         int o = nir_src_comp_as_int(*offset, k);
         if (o < lo || o > hi) {
            snprintf(msg, NVC_G80_TEX_MSG, "texel offset %d outside %d..%d "
                     "(TEX_OFFSET)", o, lo, hi);
            return msg;
         }
         offset_field |= ((uint32_t)o & ((1u << bits) - 1)) <<
                         (bits * (2 - k));
      }
   }

   unsigned base = ir->reserved;
   gl_shader_stage stage = nir_cf_node_get_function(
      &tex->instr.block->cf_node)->function->shader->info.stage;
   if (op == G(OP_TXQ_L)) {
      /* the LOD (txs) or 0 (query_levels: the count is the same) */
      if (lod) {
         src[n++] = val(vals, lod, 0);
      } else {
         struct nvc_g80_insn *i = add(ir, G(OP_MOV_B32_I), msg);
         if (!i)
            return msg;
         src[n] = nvc_g80_ir_value(ir);
         nvc_g80_set_value(i, 0, src[n++]);
         i->hw.opnd[1].file = G(FILE_IMM);
         i->hw.opnd[1].val = 0;
      }
   } else {
      if (!coord) {
         snprintf(msg, NVC_G80_TEX_MSG, "a %s without coordinates",
                  texop_name(tex->op));
         return msg;
      }
      unsigned ncoord = tex->coord_components - (tex->is_array ? 1 : 0);
      /* textureProj: the coordinates and the reference divided by q
       * (GL 3.3 3.8.8 / GLSL: s/q, t/q, r/q, dref/q), as 1/q times */
      unsigned rq = ~0u;
      /* a cube map's s, t, r are a direction, which q "merely scales"
       * (GL 2.1 3.8.6: it "can be ignored"); st/mesa's fixed-function and
       * ARB programs project every unit (TXP), so a cube's direction is
       * divided by q as the others (what llvmpipe does: a negative q
       * turns it round) */
      if (proj) {
         if (op == G(OP_TXF_L) || tex->is_array) {
            snprintf(msg, NVC_G80_TEX_MSG, "a projected %s on an array "
                     "or txf", texop_name(tex->op));
            return msg;
         }
         rq = alu1(ir, G(OP_RCP_F32), val(vals, proj, 0), msg);
         if (rq == ~0u)
            return msg;
      }
      for (unsigned k = 0; k < ncoord; k++) {
         src[n] = val(vals, coord, k);
         if (proj && (src[n] = alu2(ir, G(OP_MUL_F32_L), src[n], rq,
                                    msg)) == ~0u)
            return msg;
         n++;
      }
      if (tex->is_array) {
         unsigned l = val(vals, coord, ncoord);
         /* txd converts the layer after it is taken from a lane */
         if (op != G(OP_TXF_L) && !txd && !layer_from_float(ir, l, &l, msg))
            return msg;
         src[n++] = l;
      }
      if (cmp) {
         if (op == G(OP_TXF_L)) {
            snprintf(msg, NVC_G80_TEX_MSG, "a depth compare on txf");
            return msg;
         }
         src[n] = val(vals, cmp, 0);
         if (proj && (src[n] = alu2(ir, G(OP_MUL_F32_L), src[n], rq,
                                    msg)) == ~0u)
            return msg;
         n++;
      }
      if (op == G(OP_TXB_L))
         src[n++] = val(vals, bias, 0);
      else if (op == G(OP_TXL_L) || (op == G(OP_TXF_L) && lod))
         src[n++] = val(vals, lod, 0);
      if ((op == G(OP_TXB_L) && !bias) || (op == G(OP_TXL_L) && !lod)) {
         snprintf(msg, NVC_G80_TEX_MSG, "a %s without its %s",
                  texop_name(tex->op), bias ? "LOD" : "bias");
         return msg;
      }
      /* GLSL 1.30 8.7: "in all other shaders [than fragment] the
       * implicit level of detail is 0"; the hardware's derivatives are 0
       * there (texture.rst), whose lambda is -inf, not 0, once a
       * sampler's LOD bias is added: texlod with LOD 0 where a word is
       * left, else tex (a 2D array shadow: the bias then does not count) */
      if (op == G(OP_TEX_L) && !txd && stage != MESA_SHADER_FRAGMENT &&
          n < field_values(G(F_TEX_ARGC))) {
         struct nvc_g80_insn *z = add(ir, G(OP_MOV_B32_I), msg);
         if (!z)
            return msg;
         src[n] = nvc_g80_ir_value(ir);
         nvc_g80_set_value(z, 0, src[n++]);
         z->hw.opnd[1].file = G(FILE_IMM);
         z->hw.opnd[1].val = 0;   /* 0.0f */
         op = G(OP_TXL_L);
      }
      if (n > field_values(G(F_TEX_ARGC))) {
         snprintf(msg, NVC_G80_TEX_MSG, "%s with %u source words: the "
                  "texture instructions take at most %u (TEX_ARGC)",
                  texop_name(tex->op), n, field_values(G(F_TEX_ARGC)));
         return msg;
      }
   }
   /* the components read: the mask; they come back packed */
   unsigned read = nir_ssa_def_components_read(&tex->dest.ssa);
   unsigned mask;
   if (tex->op == nir_texop_query_levels)
      mask = 0x8;   /* the level count is texsize's w */
   else
      mask = read & 0xf;
   if (!mask)
      mask = 1;
   for (unsigned c = 0; c < 4; c++)
      dst[c] = 0xffffffffu;

   /* txd: textureGrad has no instruction; the quad's derivatives are
    * made to be the gradients, one lane at a time (below) */
   unsigned ncoord = coord ? tex->coord_components -
                             (tex->is_array ? 1 : 0) : 0;
   if (txd && (!ddx || !ddy)) {
      snprintf(msg, NVC_G80_TEX_MSG, "a txd without its gradients");
      return msg;
   }
   /* txd: each lane's place in its quad */
   unsigned qf = txd ? quad_lane_f(ir, msg) : ~0u;
   if (txd && qf == ~0u)
      return msg;
   for (unsigned pass = 0; pass < (txd ? 4u : 1u); pass++) {
      if (txd) {
         struct nvc_g80_insn *qo = add(ir, G(OP_QUADON), msg);
         if (!qo)
            return msg;
         qo->side_effect = true;
         if (!txd_lane_sources(ir, base, pass, vals, ddx, ddy, ncoord,
                               tex->is_array, n, src, msg))
            return msg;
      } else {
         for (unsigned w = 0; w < n; w++)
            if (!stage_in(ir, base + w, src[w], msg))
               return msg;
      }

      struct nvc_g80_insn *t = add(ir, op, msg);
      if (!t)
         return msg;
      t->hw.opnd[0].file = G(FILE_GPR);
      t->hw.opnd[0].val = base;
      t->hw.opnd[1].file = G(FILE_GPR);
      t->hw.opnd[1].val = base;
      t->hw.mod[G(MOD_TEX)] = tex->texture_index;
      t->hw.mod[G(MOD_SAMP)] = tex->sampler_index;
      t->hw.mod[G(MOD_MASK)] = mask;
      /* "all": the quad's invisible lanes run it too (their coordinates
       * make the derivatives) */
      t->hw.mod[G(MOD_LIVE)] = 0;
      /* derivatives from the quad outside FPs too (texture.rst "deriv") */
      t->hw.mod[G(MOD_DERIV)] = txd && stage != MESA_SHADER_FRAGMENT;
      if (op != G(OP_TXQ_L)) {
         t->hw.mod[G(MOD_ARGC)] = n - 1;
         t->hw.mod[G(MOD_CUBE)] = cube && op != G(OP_TXF_L);
         t->hw.mod[G(MOD_OFFSET)] = offset_field;
      }
      t->side_effect = true;

      /* lane `pass` of each quad keeps this pass's result */
      unsigned sel = ~0u;
      if (txd) {
         struct nvc_g80_insn *qp = add(ir, G(OP_QUADPOP), msg);
         if (!qp)
            return msg;
         qp->side_effect = true;
         if (pass && (sel = txd_lane_select(ir, qf, pass, msg)) == ~0u)
            return msg;
      }
      unsigned packed = 0;
      for (unsigned c = 0; c < 4; c++) {
         unsigned hw_comp = tex->op == nir_texop_query_levels ? 3 : c;
         if (!(mask >> hw_comp & 1))
            continue;
         if (c >= tex->dest.ssa.num_components)
            break;
         unsigned v = nvc_g80_ir_value(ir);
         struct nvc_g80_insn *i;
         if (txd && pass) {
            /* slct: sel >= 0 (this lane) ? this pass : the earlier */
            i = add(ir, G(OP_SLCT_F32), msg);
            if (!i)
               return msg;
            i->hw.opnd[1].file = G(FILE_GPR);
            i->hw.opnd[1].val = base + packed++;
            nvc_g80_set_value(i, 2, dst[c]);
            nvc_g80_set_value(i, 3, sel);
         } else {
            i = add(ir, G(OP_MOV_B32_L), msg);
            if (!i)
               return msg;
            i->hw.opnd[1].file = G(FILE_GPR);
            i->hw.opnd[1].val = base + packed++;
         }
         nvc_g80_set_value(i, 0, v);
         dst[c] = v;
      }
   }
   if (ir->tex_regs < STAGING)
      ir->tex_regs = STAGING;
   return NULL;
}
