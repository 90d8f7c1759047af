/*
 * Depth, stencil and alpha tests: the ZSA CSO's methods (worked out at
 * create, nv50_hwstate.h) and the stencil reference values.
 *
 * Hardware facts (hwdb g80_3d.xml from rnndb graph/g80_3d.xml): the
 * comparison functions (DEPTH_TEST_FUNC, STENCIL_*_FUNC_FUNC,
 * ALPHA_TEST_FUNC) and stencil operations take GL's tokens; the front
 * stencil state is STENCIL_ENABLE, STENCIL_FRONT_OP_FAIL .. _FUNC_MASK,
 * the back one STENCIL_TWO_SIDE_ENABLE and STENCIL_BACK_* (without
 * TWO_SIDE the front state tests both faces); FUNC_MASK is GL's value
 * mask, MASK its write mask; ALPHA_TEST_REF is a float.
 */

#include "util/u_math.h"
#include "util/u_memory.h"

#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_hwstate.h"

/* PIPE_FUNC_* -> gl_comparison_op, whose codes the depth, stencil and
 * alpha functions share (hwdb nv_3ddefs.xml) */
static const uint32_t nv50_compare[] = {
   [PIPE_FUNC_NEVER] = G80_3D_DEPTH_TEST_FUNC_NEVER,
   [PIPE_FUNC_LESS] = G80_3D_DEPTH_TEST_FUNC_LESS,
   [PIPE_FUNC_EQUAL] = G80_3D_DEPTH_TEST_FUNC_EQUAL,
   [PIPE_FUNC_LEQUAL] = G80_3D_DEPTH_TEST_FUNC_LEQUAL,
   [PIPE_FUNC_GREATER] = G80_3D_DEPTH_TEST_FUNC_GREATER,
   [PIPE_FUNC_NOTEQUAL] = G80_3D_DEPTH_TEST_FUNC_NOTEQUAL,
   [PIPE_FUNC_GEQUAL] = G80_3D_DEPTH_TEST_FUNC_GEQUAL,
   [PIPE_FUNC_ALWAYS] = G80_3D_DEPTH_TEST_FUNC_ALWAYS,
};

static uint32_t
nv50_stencil_op(enum pipe_stencil_op op)
{
   switch (op) {
   case PIPE_STENCIL_OP_ZERO: return G80_3D_STENCIL_FRONT_OP_FAIL_ZERO;
   case PIPE_STENCIL_OP_REPLACE: return G80_3D_STENCIL_FRONT_OP_FAIL_REPLACE;
   case PIPE_STENCIL_OP_INCR: return G80_3D_STENCIL_FRONT_OP_FAIL_INCR;
   case PIPE_STENCIL_OP_DECR: return G80_3D_STENCIL_FRONT_OP_FAIL_DECR;
   case PIPE_STENCIL_OP_INCR_WRAP:
      return G80_3D_STENCIL_FRONT_OP_FAIL_INCR_WRAP;
   case PIPE_STENCIL_OP_DECR_WRAP:
      return G80_3D_STENCIL_FRONT_OP_FAIL_DECR_WRAP;
   case PIPE_STENCIL_OP_INVERT: return G80_3D_STENCIL_FRONT_OP_FAIL_INVERT;
   case PIPE_STENCIL_OP_KEEP:
   default:
      return G80_3D_STENCIL_FRONT_OP_FAIL_KEEP;
   }
}

/* One face's stencil methods, from its FAIL method on: the front and
 * back sets are each FAIL, ZFAIL, ZPASS, FUNC in that order (hwdb), the
 * masks elsewhere. */
static void
nv50_stencil_face(struct nv50_hwlist *l, const struct pipe_stencil_state *s,
                  uint32_t op_fail, uint32_t mask, uint32_t func_mask)
{
   const uint32_t step = G80_3D_STENCIL_FRONT_OP_ZFAIL -
                         G80_3D_STENCIL_FRONT_OP_FAIL;

   nv50_hwlist_add(l, op_fail, nv50_stencil_op(s->fail_op));
   nv50_hwlist_add(l, op_fail + step, nv50_stencil_op(s->zfail_op));
   nv50_hwlist_add(l, op_fail + 2 * step, nv50_stencil_op(s->zpass_op));
   nv50_hwlist_add(l, op_fail + 3 * step, nv50_compare[s->func & 7]);
   nv50_hwlist_add(l, mask, s->writemask);
   nv50_hwlist_add(l, func_mask, s->valuemask);
}

void *
nv50_create_zsa(struct pipe_context *p,
                const struct pipe_depth_stencil_alpha_state *s)
{
   struct nv50_zsa_cso *so = CALLOC_STRUCT(nv50_zsa_cso);
   struct nv50_hwlist *l;

   if (!so)
      return NULL;
   so->pipe = *s;
   l = &so->hw;

   /* GL: no depth writes without the depth test */
   nv50_hwlist_add(l, G80_3D_DEPTH_TEST_ENABLE, s->depth_enabled);
   nv50_hwlist_add(l, G80_3D_DEPTH_WRITE_ENABLE,
                   s->depth_enabled && s->depth_writemask);
   if (s->depth_enabled)
      nv50_hwlist_add(l, G80_3D_DEPTH_TEST_FUNC,
                      nv50_compare[s->depth_func & 7]);

   nv50_hwlist_add(l, G80_3D_STENCIL_ENABLE, s->stencil[0].enabled);
   if (s->stencil[0].enabled) {
      nv50_stencil_face(l, &s->stencil[0], G80_3D_STENCIL_FRONT_OP_FAIL,
                        G80_3D_STENCIL_FRONT_MASK,
                        G80_3D_STENCIL_FRONT_FUNC_MASK);
   }
   /* Gallium: stencil[1] is the back face's when enabled (and then
    * stencil[0] is too) */
   const bool two_side = s->stencil[0].enabled && s->stencil[1].enabled;
   nv50_hwlist_add(l, G80_3D_STENCIL_TWO_SIDE_ENABLE, two_side);
   if (two_side) {
      nv50_stencil_face(l, &s->stencil[1], G80_3D_STENCIL_BACK_OP_FAIL,
                        G80_3D_STENCIL_BACK_MASK,
                        G80_3D_STENCIL_BACK_FUNC_MASK);
   }

   nv50_hwlist_add(l, G80_3D_ALPHA_TEST_ENABLE, s->alpha_enabled);
   if (s->alpha_enabled) {
      nv50_hwlist_add(l, G80_3D_ALPHA_TEST_FUNC,
                      nv50_compare[s->alpha_func & 7]);
      nv50_hwlist_add(l, G80_3D_ALPHA_TEST_REF, fui(s->alpha_ref_value));
   }
   return so;
}

void
nv50_bind_zsa(struct pipe_context *p, void *cso)
{
   struct nv50_context *nv50 = nv50_context(p);

   nv50->zsa = cso;
   nv50->dirty |= NV50_DIRTY_ZSA;
}

void
nv50_set_stencil_ref(struct pipe_context *p, const struct pipe_stencil_ref r)
{
   struct nv50_context *nv50 = nv50_context(p);

   nv50->stencil_ref = r;
   nv50->dirty |= NV50_DIRTY_STENCIL_REF;
}

bool
nv50_zsa_validate(struct nv50_context *nv50)
{
   if ((nv50->dirty & NV50_DIRTY_ZSA) && nv50->zsa) {
      if (!nv50_hw_put_list(nv50, &nv50->zsa->hw))
         return false;
      nv50->dirty &= ~NV50_DIRTY_ZSA;
   }
   if (nv50->dirty & NV50_DIRTY_STENCIL_REF) {
      if (!nv50_push_begin(nv50, 4))
         return false;
      nv50_hw_put(nv50, G80_3D_STENCIL_FRONT_FUNC_REF,
                  nv50->stencil_ref.ref_value[0]);
      nv50_hw_put(nv50, G80_3D_STENCIL_BACK_FUNC_REF,
                  nv50->stencil_ref.ref_value[1]);
      nv50->dirty &= ~NV50_DIRTY_STENCIL_REF;
   }
   return nv50->zsa != NULL;
}
