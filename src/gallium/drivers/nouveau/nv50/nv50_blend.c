/*
 * Blending, colour masks and the logic op: the blend CSO's methods
 * (worked out at create, nv50_hwstate.h) and the blend colour.
 *
 * Hardware facts (hwdb g80_3d.xml from rnndb graph/g80_3d.xml):
 * BLEND_ENABLE(i) and COLOR_MASK(i) per target on every Tesla class
 * (unless BLEND_ENABLE_COMMON / COLOR_MASK_COMMON make target 0's apply
 * to all, which we never ask); one set of equations and factors,
 * BLEND_EQUATION_RGB .. BLEND_FUNC_DST_ALPHA (alpha's used with
 * BLEND_SEPARATE_ALPHA), except on GT215_3D and later, which add a set
 * per target (IBLEND(i)) used with BLEND_INDEPENDENT.  Equations take
 * GL's tokens, factors G80_BLEND_FACTOR (GL's with bit 14 set).  There
 * is no dither method on Tesla (rnndb names none): the hardware does
 * not dither, as GL allows.
 */

#include "util/u_math.h"
#include "util/u_memory.h"

#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_hwstate.h"
#include "g80_defs.xml.h"
#include "nvhwdb_names.h"

static uint32_t
nv50_blend_factor(enum pipe_blendfactor f)
{
   switch (f) {
   case PIPE_BLENDFACTOR_ONE: return G80_BLEND_FACTOR_ONE;
   case PIPE_BLENDFACTOR_SRC_COLOR: return G80_BLEND_FACTOR_SRC_COLOR;
   case PIPE_BLENDFACTOR_SRC_ALPHA: return G80_BLEND_FACTOR_SRC_ALPHA;
   case PIPE_BLENDFACTOR_DST_ALPHA: return G80_BLEND_FACTOR_DST_ALPHA;
   case PIPE_BLENDFACTOR_DST_COLOR: return G80_BLEND_FACTOR_DST_COLOR;
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE:
      return G80_BLEND_FACTOR_SRC_ALPHA_SATURATE;
   case PIPE_BLENDFACTOR_CONST_COLOR: return G80_BLEND_FACTOR_CONSTANT_COLOR;
   case PIPE_BLENDFACTOR_CONST_ALPHA: return G80_BLEND_FACTOR_CONSTANT_ALPHA;
   case PIPE_BLENDFACTOR_SRC1_COLOR: return G80_BLEND_FACTOR_SRC1_COLOR;
   case PIPE_BLENDFACTOR_SRC1_ALPHA: return G80_BLEND_FACTOR_SRC1_ALPHA;
   case PIPE_BLENDFACTOR_INV_SRC_COLOR:
      return G80_BLEND_FACTOR_ONE_MINUS_SRC_COLOR;
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA:
      return G80_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
   case PIPE_BLENDFACTOR_INV_DST_ALPHA:
      return G80_BLEND_FACTOR_ONE_MINUS_DST_ALPHA;
   case PIPE_BLENDFACTOR_INV_DST_COLOR:
      return G80_BLEND_FACTOR_ONE_MINUS_DST_COLOR;
   case PIPE_BLENDFACTOR_INV_CONST_COLOR:
      return G80_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR;
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA:
      return G80_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA;
   case PIPE_BLENDFACTOR_INV_SRC1_COLOR:
      return G80_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR;
   case PIPE_BLENDFACTOR_INV_SRC1_ALPHA:
      return G80_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
   case PIPE_BLENDFACTOR_ZERO:
   default:
      return G80_BLEND_FACTOR_ZERO;
   }
}

static uint32_t
nv50_blend_equation(enum pipe_blend_func f)
{
   switch (f) {
   case PIPE_BLEND_SUBTRACT: return G80_3D_BLEND_EQUATION_RGB_FUNC_SUBTRACT;
   case PIPE_BLEND_REVERSE_SUBTRACT:
      return G80_3D_BLEND_EQUATION_RGB_FUNC_REVERSE_SUBTRACT;
   case PIPE_BLEND_MIN: return G80_3D_BLEND_EQUATION_RGB_MIN;
   case PIPE_BLEND_MAX: return G80_3D_BLEND_EQUATION_RGB_MAX;
   case PIPE_BLEND_ADD:
   default:
      return G80_3D_BLEND_EQUATION_RGB_FUNC_ADD;
   }
}

/* PIPE_LOGICOP_* are GL's ops in GL's order (CLEAR = 0 .. SET = 15);
 * LOGIC_OP takes the GL tokens, whose order is another (gl_logic_op). */
static const uint32_t nv50_logic_ops[16] = {
   [PIPE_LOGICOP_CLEAR] = G80_3D_LOGIC_OP_CLEAR,
   [PIPE_LOGICOP_NOR] = G80_3D_LOGIC_OP_NOR,
   [PIPE_LOGICOP_AND_INVERTED] = G80_3D_LOGIC_OP_AND_INVERTED,
   [PIPE_LOGICOP_COPY_INVERTED] = G80_3D_LOGIC_OP_COPY_INVERTED,
   [PIPE_LOGICOP_AND_REVERSE] = G80_3D_LOGIC_OP_AND_REVERSE,
   [PIPE_LOGICOP_INVERT] = G80_3D_LOGIC_OP_INVERT,
   [PIPE_LOGICOP_XOR] = G80_3D_LOGIC_OP_XOR,
   [PIPE_LOGICOP_NAND] = G80_3D_LOGIC_OP_NAND,
   [PIPE_LOGICOP_AND] = G80_3D_LOGIC_OP_AND,
   [PIPE_LOGICOP_EQUIV] = G80_3D_LOGIC_OP_EQUIV,
   [PIPE_LOGICOP_NOOP] = G80_3D_LOGIC_OP_NOOP,
   [PIPE_LOGICOP_OR_INVERTED] = G80_3D_LOGIC_OP_OR_INVERTED,
   [PIPE_LOGICOP_COPY] = G80_3D_LOGIC_OP_COPY,
   [PIPE_LOGICOP_OR_REVERSE] = G80_3D_LOGIC_OP_OR_REVERSE,
   [PIPE_LOGICOP_OR] = G80_3D_LOGIC_OP_OR,
   [PIPE_LOGICOP_SET] = G80_3D_LOGIC_OP_SET,
};

bool
nv50_chip_has_iblend(const struct nvhwdb_chip *chip)
{
   /* the chip's 3D class has IBLEND (hwdb: GT215_3D and later) */
   return nvhwdb_method_lookup(chip->class_3d,
                               GT215_3D_IBLEND_SEPARATE_ALPHA(0), NULL);
}

/* The equation and factor methods of one set: the shared BLEND_* ones
 * (base 0) or IBLEND(i)'s, which are laid out alike from SEPARATE_ALPHA
 * on (hwdb).  Both sets always blend alpha separately: GL's
 * BlendFuncSeparate / BlendEquationSeparate is the general case. */
static void
nv50_blend_funcs(struct nv50_hwlist *l, const struct pipe_rt_blend_state *rt,
                 int iblend)
{
   if (iblend < 0) {
      nv50_hwlist_add(l, G80_3D_BLEND_SEPARATE_ALPHA, 1);
      nv50_hwlist_add(l, G80_3D_BLEND_EQUATION_RGB,
                      nv50_blend_equation(rt->rgb_func));
      nv50_hwlist_add(l, G80_3D_BLEND_FUNC_SRC_RGB,
                      nv50_blend_factor(rt->rgb_src_factor));
      nv50_hwlist_add(l, G80_3D_BLEND_FUNC_DST_RGB,
                      nv50_blend_factor(rt->rgb_dst_factor));
      nv50_hwlist_add(l, G80_3D_BLEND_EQUATION_ALPHA,
                      nv50_blend_equation(rt->alpha_func));
      nv50_hwlist_add(l, G80_3D_BLEND_FUNC_SRC_ALPHA,
                      nv50_blend_factor(rt->alpha_src_factor));
      nv50_hwlist_add(l, G80_3D_BLEND_FUNC_DST_ALPHA,
                      nv50_blend_factor(rt->alpha_dst_factor));
   } else {
      nv50_hwlist_add(l, GT215_3D_IBLEND_SEPARATE_ALPHA(iblend), 1);
      nv50_hwlist_add(l, GT215_3D_IBLEND_EQUATION_RGB(iblend),
                      nv50_blend_equation(rt->rgb_func));
      nv50_hwlist_add(l, GT215_3D_IBLEND_FUNC_SRC_RGB(iblend),
                      nv50_blend_factor(rt->rgb_src_factor));
      nv50_hwlist_add(l, GT215_3D_IBLEND_FUNC_DST_RGB(iblend),
                      nv50_blend_factor(rt->rgb_dst_factor));
      nv50_hwlist_add(l, GT215_3D_IBLEND_EQUATION_ALPHA(iblend),
                      nv50_blend_equation(rt->alpha_func));
      nv50_hwlist_add(l, GT215_3D_IBLEND_FUNC_SRC_ALPHA(iblend),
                      nv50_blend_factor(rt->alpha_src_factor));
      nv50_hwlist_add(l, GT215_3D_IBLEND_FUNC_DST_ALPHA(iblend),
                      nv50_blend_factor(rt->alpha_dst_factor));
   }
}

void *
nv50_create_blend(struct pipe_context *p, const struct pipe_blend_state *s)
{
   const bool iblend = nv50_chip_has_iblend(nv50_context(p)->chip);
   struct nv50_blend_cso *so = CALLOC_STRUCT(nv50_blend_cso);
   struct nv50_hwlist *l;
   const struct pipe_rt_blend_state *shared = NULL;

   if (!so)
      return NULL;
   so->pipe = *s;
   l = &so->hw;

   /* every target's own enable and mask */
   nv50_hwlist_add(l, G80_3D_BLEND_ENABLE_COMMON, 0);
   nv50_hwlist_add(l, G80_3D_COLOR_MASK_COMMON, 0);
   for (unsigned i = 0; i < G80_3D_BLEND_ENABLE__LEN; i++) {
      const struct pipe_rt_blend_state *rt =
         &s->rt[s->independent_blend_enable ? i : 0];
      const unsigned m = rt->colormask;

      nv50_hwlist_add(l, G80_3D_BLEND_ENABLE(i), rt->blend_enable);
      nv50_hwlist_add(l, G80_3D_COLOR_MASK(i),
                      G80_3D_COLOR_MASK_R(!!(m & PIPE_MASK_R)) |
                      G80_3D_COLOR_MASK_G(!!(m & PIPE_MASK_G)) |
                      G80_3D_COLOR_MASK_B(!!(m & PIPE_MASK_B)) |
                      G80_3D_COLOR_MASK_A(!!(m & PIPE_MASK_A)));
      if (rt->blend_enable && !shared)
         shared = rt;
   }

   /* The functions, when a target blends: on GT215 on, a set per
    * target; before, the one set, the first blending target's (targets
    * cannot differ there: PIPE_CAP_INDEP_BLEND_FUNC is 0). */
   if (iblend)
      nv50_hwlist_add(l, G80_3D_BLEND_INDEPENDENT,
                      s->independent_blend_enable);
   if (iblend && s->independent_blend_enable) {
      for (unsigned i = 0; i < G80_3D_BLEND_ENABLE__LEN; i++) {
         if (s->rt[i].blend_enable)
            nv50_blend_funcs(l, &s->rt[i], i);
      }
   } else if (shared) {
      nv50_blend_funcs(l, shared, -1);
   }

   nv50_hwlist_add(l, G80_3D_LOGIC_OP_ENABLE, s->logicop_enable);
   if (s->logicop_enable)
      nv50_hwlist_add(l, G80_3D_LOGIC_OP, nv50_logic_ops[s->logicop_func & 15]);

   nv50_hwlist_add(l, G80_3D_MULTISAMPLE_CTRL,
                   G80_3D_MULTISAMPLE_CTRL_ALPHA_TO_COVERAGE(s->alpha_to_coverage) |
                   G80_3D_MULTISAMPLE_CTRL_ALPHA_TO_ONE(s->alpha_to_one));
   return so;
}

void
nv50_bind_blend(struct pipe_context *p, void *cso)
{
   struct nv50_context *nv50 = nv50_context(p);

   nv50->blend = cso;
   nv50->dirty |= NV50_DIRTY_BLEND;
}

void
nv50_set_blend_color(struct pipe_context *p, const struct pipe_blend_color *c)
{
   struct nv50_context *nv50 = nv50_context(p);

   nv50->blend_color = *c;
   nv50->dirty |= NV50_DIRTY_BLEND_COLOR;
}

bool
nv50_blend_validate(struct nv50_context *nv50)
{
   if ((nv50->dirty & NV50_DIRTY_BLEND) && nv50->blend) {
      if (!nv50_hw_put_list(nv50, &nv50->blend->hw))
         return false;
      nv50->dirty &= ~NV50_DIRTY_BLEND;
   }
   if (nv50->dirty & NV50_DIRTY_BLEND_COLOR) {
      if (!nv50_push_begin(nv50, 2 * G80_3D_BLEND_COLOR__LEN))
         return false;
      for (unsigned c = 0; c < G80_3D_BLEND_COLOR__LEN; c++)
         nv50_hw_put(nv50, G80_3D_BLEND_COLOR(c),
                     fui(nv50->blend_color.color[c]));
      nv50->dirty &= ~NV50_DIRTY_BLEND_COLOR;
   }
   return nv50->blend != NULL;
}
