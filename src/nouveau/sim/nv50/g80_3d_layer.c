/*
 * Layered rendering and viewport indices: which layer of the render
 * targets and which of the 16 viewports a primitive is drawn with.
 *
 * Facts (hwdb g80_3d.xml from rnndb graph/g80_3d.xml):
 * - LAYER IDX: "The layer to render into, when not selected by GP";
 *   LAYER USE_GP: the GP selects it; SEMANTIC_LAYER LAYER_ID names the
 *   result map slot that holds it;
 * - GP_VIEWPORT_ID_ENABLE: the GP selects the viewport; SEMANTIC_VIEWPORT
 *   VIEWPORT_ID names its slot; the per-viewport state is indexed by it:
 *   VIEWPORT_SCALE/TRANSLATE(i), SCISSOR_ENABLE/HORIZ/VERT(i),
 *   DEPTH_RANGE_NEAR/FAR(i), 16 of each (their __LEN);
 * - RT_ARRAY_MODE / ZETA_ARRAY_MODE LAYERS: the layers of the targets
 *   (g80_3d_surface.c: array layers LAYER_STRIDE apart, or the z slices
 *   of a 3D target).
 * - Upstream's nv50 (nv50_fp_linkage_validate, facts of its use) points
 *   SEMANTIC_LAYER and the FP's gl_Layer input at the same map slot, and
 *   the same for SEMANTIC_VIEWPORT and gl_ViewportIndex, which the FP
 *   reads as GLSL ints: the slot holds the GP's integer, not a float.
 *
 * GL 3.2 core 4.4.7 ("Layered Framebuffers"): the layer "selects an
 * image from the array of images at each attachment point"; "A layer
 * number written by a geometry shader has no effect if the framebuffer is
 * not layered"; out of range on a layered framebuffer, "the effects of
 * the fragment on the framebuffer contents are undefined".
 * ARB_viewport_array: a viewport index outside 0..MAX_VIEWPORTS-1 gives
 * undefined results.  GL 3.2 2.12.4: which vertex of a primitive gives
 * its layer is implementation-dependent.
 *
 * Assumptions (no document says):
 * - the provoking vertex (PROVOKING_VERTEX_LAST) gives a primitive's
 *   layer and viewport index;
 * - a layer at or past a target's LAYERS when LAYERS is 1 draws into its
 *   only layer: upstream programs a non-layered attachment as one layer
 *   (RT_ARRAY_MODE LAYERS 1), so GL's "no effect" holds on the hardware
 *   only if that is what it does; clamping, wrapping and ignoring the
 *   layer all agree there.  Past LAYERS of a layered target it traps (GL
 *   leaves it undefined, the hardware's choice is not documented), as
 *   does a viewport index past 15 and LAYER USE_GP or
 *   GP_VIEWPORT_ID_ENABLE without GP_ENABLE (a VP that selects them:
 *   which slot it reads is not documented).  LAYER IDX past a target's
 *   LAYERS traps whatever LAYERS is (g80_3d_rop.c had it so: upstream's
 *   blits set IDX within the target).
 */
#include <string.h>

#include "g80_3d.h"

#define NUM_VIEWPORTS G80_3D_VIEWPORT_SCALE_X__LEN

/* a slot's word as the integer the GP wrote */
static uint32_t
slot_bits(const float *slot, unsigned m)
{
   uint32_t u;
   memcpy(&u, &slot[m], 4);
   return u;
}

enum nvsim_status
g80_3d_prim_target(struct g80_3d *ctx, const float *prov,
                   struct g80_3d_target *t)
{
   uint32_t l = g80_3d_reg(ctx, G80_3D_LAYER);
   bool gp = g80_3d_reg(ctx, G80_3D_GP_ENABLE) != 0;
   t->layer = G80_3D_FIELD(l, G80_3D_LAYER_IDX);
   t->gp_layer = false;
   t->viewport = 0;
   if (l & G80_3D_LAYER_USE_GP__MASK) {
      unsigned m = G80_3D_FIELD(g80_3d_reg(ctx, G80_3D_SEMANTIC_LAYER),
                                G80_3D_SEMANTIC_LAYER_LAYER_ID);
      if (!gp)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "LAYER USE_GP without "
                            "GP_ENABLE is not modelled");
      if (m >= G80_3D_MAP_SLOTS)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "SEMANTIC_LAYER slot "
                            "%u is past the %u slots", m, G80_3D_MAP_SLOTS);
      t->layer = slot_bits(prov, m);
      t->gp_layer = true;
   }
   if (g80_3d_reg(ctx, G80_3D_GP_VIEWPORT_ID_ENABLE)) {
      unsigned m = G80_3D_FIELD(g80_3d_reg(ctx, G80_3D_SEMANTIC_VIEWPORT),
                                G80_3D_SEMANTIC_VIEWPORT_VIEWPORT_ID);
      if (!gp)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "GP_VIEWPORT_ID_ENABLE "
                            "without GP_ENABLE is not modelled");
      if (m >= G80_3D_MAP_SLOTS)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "SEMANTIC_VIEWPORT "
                            "slot %u is past the %u slots", m,
                            G80_3D_MAP_SLOTS);
      uint32_t v = slot_bits(prov, m);
      if (v >= NUM_VIEWPORTS)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "viewport index %u "
                            "from the GP is past the %u viewports: not "
                            "modelled (undefined in GL)", v, NUM_VIEWPORTS);
      t->viewport = v;
   }
   return NVSIM_OK;
}

bool
g80_3d_prim_target_varies(const struct g80_3d *ctx)
{
   return (g80_3d_reg(ctx, G80_3D_LAYER) & G80_3D_LAYER_USE_GP__MASK) ||
          g80_3d_reg(ctx, G80_3D_GP_VIEWPORT_ID_ENABLE);
}

enum nvsim_status
g80_3d_surface_layer(struct g80_3d *ctx, const struct g80_3d_surface *s,
                     const struct g80_3d_target *t, const char *what,
                     uint32_t *out)
{
   if (t->layer < s->layers)
      *out = t->layer;
   else if (t->gp_layer && s->layers == 1)
      *out = 0;                  /* not layered: no effect (GL 3.2 4.4.7) */
   else if (t->gp_layer)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "layer %u from the GP is "
                         "past %s's %u layers (not modelled: undefined in "
                         "GL)", t->layer, what, s->layers);
   else
      /* what the hardware does is not documented */
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE, "LAYER IDX %u is past "
                         "%s's %u layers (not modelled)", t->layer, what,
                         s->layers);
   return NVSIM_OK;
}
