/*
 * The VP -> FP linkage's slots for the rasteriser: the point size and
 * the colours (issue 11).  nv50_program_validate lays out VP_RESULT_MAP
 * (the clip position, then the FP's inputs); the slots below go after
 * those, or name slots of the FP's inputs.  "VP" below is the last stage
 * before the rasteriser: the GP when one is bound (GP_RESULT_MAP, whose
 * slots the SEMANTIC_* methods name then, nv50_gp.c).
 *
 * Facts (rnndb graph/g80_3d.xml through hwdb g80_3d.xml; nvsim's Tesla
 * model, docs/tesla.md "Assembly, clipping, viewport"; upstream's
 * nv50_fp_linkage_validate read for where the hardware wants the back
 * colours):
 * - SEMANTIC_PTSZ: with PTSZ_EN a point's size is map slot PTSZ_ID, not
 *   POINT_SIZE.  GL takes the VP's gl_PointSize only under
 *   VERTEX_PROGRAM_POINT_SIZE (GL 2.1 2.15.4; fixed-function point
 *   attenuation is st/mesa's VP writing it), which is the rasterizer's
 *   point_size_per_vertex.
 * - SEMANTIC_COLOR: COLR_NR colour slots from FFC0_ID (the ones the FP
 *   reads) and as many from BFC0_ID; a back face takes the BFC0_ID slots
 *   in place of the FFC0_ID ones under VERTEX_TWO_SIDE_ENABLE (GL 2.1
 *   2.14.1 "two-sided lighting": the back colours colour back faces),
 *   SHADE_MODEL FLAT gives the COLR_NR slots the provoking vertex's
 *   value, CLMP_EN clamps them.  Slot k of the back range stands for
 *   slot k of the front range, so the back colours are laid out as the
 *   FP's colour inputs are: gl_BackColor for gl_Color's components,
 *   gl_BackSecondaryColor for gl_SecondaryColor's.
 */

#include "compiler/shader_enums.h"
#include "nir.h"
#include "nir_builder.h"
#include "util/u_prim.h"
#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_hwstate.h"

/* the VP's result word of (slot, comp), or -1 */
static int
vp_word(const struct nvc_g80_program *vp, unsigned slot, unsigned comp)
{
   for (unsigned i = 0; i < vp->num_outputs; i++) {
      const struct nvc_g80_io *io = &vp->io[vp->num_inputs + i];
      if (io->slot == slot && io->comp == comp)
         return io->word;
   }
   return -1;
}

static bool
vp_writes(const struct nvc_g80_program *vp, unsigned slot)
{
   for (unsigned c = 0; c < 4; c++)
      if (vp_word(vp, slot, c) >= 0)
         return true;
   return false;
}

static bool
is_color(unsigned slot)
{
   return slot == VARYING_SLOT_COL0 || slot == VARYING_SLOT_COL1;
}

unsigned
nv50_linkage_colors(const struct nvc_g80_program *vp,
                    const struct nvc_g80_program *fp, int input_base,
                    uint8_t zero, uint8_t *map, unsigned first,
                    unsigned room, uint32_t *noperspective,
                    uint32_t *semantic)
{
   int lo = -1, hi = -1;
   unsigned n = 0;

   *semantic = 0;
   for (unsigned i = 0; i < fp->num_inputs; i++) {
      const struct nvc_g80_io *in = &fp->io[i];
      int s = input_base + in->word;
      if (!is_color(in->slot) || s < 0)
         continue;
      lo = lo < 0 ? s : MIN2(lo, s);
      hi = MAX2(hi, s);
      n++;
   }
   if (!n)
      return 0;
   /* one range of colour slots only (the compiler puts an FP's inputs in
    * order of location, flat ones last: a colour with its own
    * interpolation qualifier may stand apart) */
   if (hi - lo + 1 != (int)n) {
      if (nouveau_debug & NOUVEAU_DEBUG_SHADERS)
         fprintf(stderr, "nouveau: FP colour inputs not in one range: "
                 "one-sided, not flat-shaded by SHADE_MODEL\n");
      return 0;
   }

   uint32_t front = G80_3D_SEMANTIC_COLOR_FFC0_ID(lo) |
                    G80_3D_SEMANTIC_COLOR_COLR_NR(n);
   /* no back colours: the back range is the front one (GL leaves back
    * colours the VP does not write undefined) */
   if (!vp_writes(vp, VARYING_SLOT_BFC0) && !vp_writes(vp, VARYING_SLOT_BFC1)) {
      *semantic = front | G80_3D_SEMANTIC_COLOR_BFC0_ID(lo);
      return 0;
   }
   if (first + n > room) {
      *semantic = front | G80_3D_SEMANTIC_COLOR_BFC0_ID(lo);
      return 0;
   }
   for (unsigned i = 0; i < fp->num_inputs; i++) {
      const struct nvc_g80_io *in = &fp->io[i];
      if (!is_color(in->slot))
         continue;
      unsigned back = in->slot == VARYING_SLOT_COL0 ? VARYING_SLOT_BFC0
                                                    : VARYING_SLOT_BFC1;
      int w = vp_word(vp, back, in->comp);
      unsigned b = first + input_base + in->word - lo;
      map[b] = w >= 0 ? w : zero;
      /* interpolated (and clipped) as the front slot it stands for */
      if (in->interp == NVC_G80_INTERP_LINEAR)
         noperspective[b / 32] |= 1u << (b % 32);
   }
   *semantic = front | G80_3D_SEMANTIC_COLOR_BFC0_ID(first);
   return n;
}

unsigned
nv50_linkage_point_size(const struct nvc_g80_program *vp, uint8_t *map,
                        unsigned first, unsigned room, uint32_t *semantic)
{
   int w = vp_word(vp, VARYING_SLOT_PSIZ, 0);

   *semantic = 0;
   if (w < 0 || first >= room)
      return 0;
   map[first] = w;
   *semantic = G80_3D_SEMANTIC_PTSZ_PTSZ_EN(1) |
               G80_3D_SEMANTIC_PTSZ_PTSZ_ID(first);
   return 1;
}

int
nv50_linkage_input_word(const struct nvc_g80_program *last, unsigned slot,
                        unsigned comp)
{
   if (slot == NV50_SPRITE_POS_SLOT)
      return vp_word(last, VARYING_SLOT_POS, comp);
   if (slot == NV50_SPRITE_SIZE_SLOT)
      return vp_word(last, VARYING_SLOT_PSIZ, 0);
   return vp_word(last, slot, comp);
}

/* The sprite constants (the layout above nv50_linkage_lower_sprites) */
static void
sprite_constants(struct nv50_context *nv50, unsigned mode, uint32_t *c)
{
   const struct pipe_rasterizer_state *r = &nv50->rast->pipe;
   const struct pipe_viewport_state *v = &nv50->viewport[0];
   /* replaced only while points are drawn (ARB_point_sprite: sprites
    * are points; a polygon in POINT mode gives points) */
   bool points = r->point_quad_rasterization &&
      (mode == PIPE_PRIM_POINTS ||
       (u_reduced_prim(mode) == PIPE_PRIM_TRIANGLES &&
        (r->fill_front == PIPE_POLYGON_MODE_POINT ||
         r->fill_back == PIPE_POLYGON_MODE_POINT)));

   memset(c, 0, NV50_SPRITE_CB_WORDS * 4);
   c[0] = fui(v->scale[0]);
   c[1] = fui(v->scale[1]);
   c[2] = fui(v->translate[0]);
   c[3] = fui(v->translate[1]);
   c[4] = fui(CLAMP(r->point_size, 1.0f, (float)G80_POINT_SIZE_MAX));
   c[5] = fui(r->point_size_per_vertex && nv50->semantic_ptsz ? 1.0f : 0.0f);
   /* t grows down the window (rows) from an upper-left origin */
   c[6] = fui(r->sprite_coord_mode == PIPE_SPRITE_COORD_UPPER_LEFT ? 1.0f
                                                                   : -1.0f);
   for (unsigned i = 0; i < NV50_SPRITE_GENERICS; i++)
      c[8 + i] = fui(points && (r->sprite_coord_enable >> i & 1) ? 1.0f : 0.0f);
}

uint8_t
nv50_linkage_qualified_colors(const struct nir_shader *nir)
{
   uint8_t mask = 0;

   if (nir->info.stage != MESA_SHADER_FRAGMENT)
      return 0;
   nir_foreach_shader_in_variable(var, nir) {
      if ((var->data.location == VARYING_SLOT_COL0 ||
           var->data.location == VARYING_SLOT_COL1) &&
          var->data.interpolation != INTERP_MODE_NONE)
         mask |= (var->data.interpolation == INTERP_MODE_FLAT ?
                  NV50_COLOR_FLAT : NV50_COLOR_SMOOTH)
                 << (var->data.location - VARYING_SLOT_COL0);
   }
   return mask;
}

void
nv50_linkage_validate(struct nv50_context *nv50, unsigned mode)
{
   const struct pipe_rasterizer_state *r = nv50->rast ? &nv50->rast->pipe
                                                      : NULL;
   /* the VP's size only under point_size_per_vertex (above) */
   bool per_vertex = r && r->point_size_per_vertex;
   /* ShadeModel governs the colours declared without a qualifier (GLSL
    * 1.30 4.3.9; Mesa's INTERP_MODE_NONE); SHADE_MODEL FLAT would flatten
    * a smooth or noperspective one too, so an FP with one is shaded
    * smooth (its unqualified colours then too: said in the README).  A
    * flat one is flat either way, and its back colour slots are flat
    * only under SHADE_MODEL FLAT (FP_INTERPOLANT_CTRL's flat inputs are
    * the front slots): so flat then. */
   uint8_t q = nv50->fp ? nv50->fp->color_qualified : 0;
   bool smooth_q = q & (NV50_COLOR_SMOOTH | NV50_COLOR_SMOOTH << 1);
   bool flat_q = q & (NV50_COLOR_FLAT | NV50_COLOR_FLAT << 1);
   bool flat = r && !smooth_q && (r->flatshade || flat_q);
   /* ARB_color_buffer_float's CLAMP_VERTEX_COLOR (GL 3.0 2.19.6: the
    * colours clamped to [0, 1] after lighting): CLMP_EN over the colour
    * slots SEMANTIC_COLOR names (PIPE_CAP_VERTEX_COLOR_CLAMPED); off,
    * they reach the FP as the VP wrote them (VERTEX_COLOR_UNCLAMPED) */
   bool clamp = r && r->clamp_vertex_color;

   if (!nv50_push_begin(nv50, 6))
      return;
   nv50_hw_put(nv50, G80_3D_SEMANTIC_COLOR,
               nv50->semantic_color | G80_3D_SEMANTIC_COLOR_CLMP_EN(clamp));
   nv50_hw_put(nv50, G80_3D_SEMANTIC_PTSZ,
               per_vertex ? nv50->semantic_ptsz : 0);
   nv50_hw_put(nv50, G80_3D_SHADE_MODEL, flat ? G80_3D_SHADE_MODEL_FLAT
                                              : G80_3D_SHADE_MODEL_SMOOTH);

   if (!r)
      return;
   uint32_t c[NV50_SPRITE_CB_WORDS];
   sprite_constants(nv50, mode, c);
   if (nv50->sprite_cb_sent && !memcmp(c, nv50->sprite_cb, sizeof(c)))
      return;
   if (!nv50_push_begin(nv50, NV50_SPRITE_CB_WORDS + 8))
      return;
   nv50_push_ref(nv50, nv50->cb_bo, NOUVEAU_BO_GART | NOUVEAU_BO_WR);
   NV50_3D_1(nv50, G80_3D_CB_ADDR, G80_3D_CB_ADDR_BUFFER(NV50_SPRITE_CB_ID) |
                                   G80_3D_CB_ADDR_ID(0));
   nouveau_push_mthd_ni(&nv50->push, NOUVEAU_SUBC_3D, G80_3D_CB_DATA(0),
                        NV50_SPRITE_CB_WORDS);
   nouveau_push_datap(&nv50->push, c, NV50_SPRITE_CB_WORDS);
   memcpy(nv50->sprite_cb, c, sizeof(c));
   nv50->sprite_cb_sent = true;
}

/*
 * Point sprite coordinates.  The hardware replaces interpolants across a
 * sprite by POINT_COORD_REPLACE_MAP and POINT_SPRITE_CTRL, but rnndb
 * gives neither the map's codes nor how a replaced value meets the FP's
 * interpolation (nvsim models both from upstream's use, an inference:
 * docs/tesla.md "Point sprites").  So the FP works them out from documented
 * inputs instead (GL 2.1 3.4.1):
 *    s = 1/2 + (x_f + 1/2 - x_w) / size,  t = 1/2 -+ (y_f + 1/2 - y_w) / size
 * with (x_f + 1/2, y_f + 1/2) gl_FragCoord's window position, (x_w, y_w)
 * the point's centre: the VP's clip position (map slots of $o0..3 copied
 * into two flat FP inputs, NV50_SPRITE_POS_SLOT) through viewport 0, and
 * size the VP's gl_PointSize (NV50_SPRITE_SIZE_SLOT) or POINT_SIZE,
 * clamped to the rasteriser's 1..G80_POINT_SIZE_MAX.  Those values and
 * which texture coordinates are replaced (the rasterizer's
 * sprite_coord_enable, while points are drawn) come from the driver's
 * constant buffer NV50_SPRITE_CB_ID at c[NV50_SPRITE_CB_INDEX]
 * (NV50_SPRITE_CB_WORDS words, nv50_linkage_validate).
 */
enum {
   NV50_SPRITE_SCALE = 0,   /* viewport scale x, y, translate x, y */
   NV50_SPRITE_SIZE = 16,   /* size, per_vertex, t sign, unused */
   NV50_SPRITE_ENABLE = 32, /* generic 0..8 replaced: 1.0 or 0.0 */
};

/* The sprite_coord_enable bit of FP input slot loc, or -1.  Without
 * PIPE_CAP_TGSI_TEXCOORD st/mesa gives gl_TexCoord[i] generic index i and
 * gl_PointCoord 8 (st_get_generic_varying_index) and the FP's variables
 * VARYING_SLOT_VAR0 + that index; the user's varyings follow from 9. */
static int
sprite_generic(unsigned loc)
{
   if (loc >= VARYING_SLOT_VAR0 && loc < VARYING_SLOT_VAR0 + NV50_SPRITE_GENERICS)
      return loc - VARYING_SLOT_VAR0;
   if (loc >= VARYING_SLOT_TEX0 && loc <= VARYING_SLOT_TEX7)
      return loc - VARYING_SLOT_TEX0;
   if (loc == VARYING_SLOT_PNTC)
      return NV50_SPRITE_GENERICS - 1;
   return -1;
}

static nir_ssa_def *
sprite_cb(nir_builder *b, unsigned offset, unsigned n)
{
   return nir_load_ubo(b, n, 32, nir_imm_int(b, NV50_SPRITE_CB_INDEX),
                       nir_imm_int(b, offset), .align_mul = 16,
                       .align_offset = offset % 16, .range_base = 0,
                       .range = NV50_SPRITE_CB_WORDS * 4);
}

static nir_variable *
sprite_input(nir_shader *nir, unsigned slot, const struct glsl_type *type,
             const char *name, unsigned *driver_location)
{
   nir_variable *v = nir_variable_create(nir, nir_var_shader_in, type, name);
   v->data.location = slot;
   v->data.interpolation = INTERP_MODE_FLAT;
   v->data.driver_location = (*driver_location)++;
   return v;
}

bool
nv50_linkage_lower_sprites(nir_shader *nir)
{
   unsigned next = 0;
   bool any = false;

   if (nir->info.stage != MESA_SHADER_FRAGMENT)
      return false;
   nir_foreach_shader_in_variable(var, nir) {
      unsigned n = glsl_count_attribute_slots(var->type, false);
      next = MAX2(next, var->data.driver_location + n);
      any |= sprite_generic(var->data.location) >= 0;
   }
   if (!any)
      return false;

   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   nir_variable *pos = sprite_input(nir, NV50_SPRITE_POS_SLOT,
                                    glsl_vec4_type(), "nv50_sprite_pos",
                                    &next);
   nir_variable *psz = sprite_input(nir, NV50_SPRITE_SIZE_SLOT,
                                    glsl_float_type(), "nv50_sprite_size",
                                    &next);
   nir_builder b;
   nir_builder_init(&b, impl);
   b.cursor = nir_before_cf_list(&impl->body);

   nir_ssa_def *fc = nir_load_frag_coord(&b);
   nir_ssa_def *p = nir_load_var(&b, pos);
   nir_ssa_def *vp = sprite_cb(&b, NV50_SPRITE_SCALE, 4);
   nir_ssa_def *sz = sprite_cb(&b, NV50_SPRITE_SIZE, 4);
   nir_ssa_def *rw = nir_frcp(&b, nir_channel(&b, p, 3));
   nir_ssa_def *wx = nir_ffma(&b, nir_fmul(&b, nir_channel(&b, p, 0), rw),
                              nir_channel(&b, vp, 0), nir_channel(&b, vp, 2));
   nir_ssa_def *wy = nir_ffma(&b, nir_fmul(&b, nir_channel(&b, p, 1), rw),
                              nir_channel(&b, vp, 1), nir_channel(&b, vp, 3));
   nir_ssa_def *size = nir_bcsel(&b, nir_fneu(&b, nir_channel(&b, sz, 1),
                                              nir_imm_float(&b, 0.0f)),
                                 nir_load_var(&b, psz), nir_channel(&b, sz, 0));
   size = nir_fmin(&b, nir_fmax(&b, size, nir_imm_float(&b, 1.0f)),
                   nir_imm_float(&b, (float)G80_POINT_SIZE_MAX));
   nir_ssa_def *rs = nir_frcp(&b, size);
   nir_ssa_def *half = nir_imm_float(&b, 0.5f);
   nir_ssa_def *s = nir_ffma(&b, nir_fsub(&b, nir_channel(&b, fc, 0), wx),
                             rs, half);
   nir_ssa_def *t = nir_ffma(&b, nir_fmul(&b, nir_fsub(&b, nir_channel(&b, fc, 1),
                                                       wy),
                                          nir_channel(&b, sz, 2)),
                             rs, half);
   nir_ssa_def *st01 = nir_vec4(&b, s, t, nir_imm_float(&b, 0.0f),
                                nir_imm_float(&b, 1.0f));
   nir_ssa_def *en[3] = { sprite_cb(&b, NV50_SPRITE_ENABLE, 4),
                          sprite_cb(&b, NV50_SPRITE_ENABLE + 16, 4),
                          sprite_cb(&b, NV50_SPRITE_ENABLE + 32, 4) };

   nir_foreach_block(block, impl) {
      nir_foreach_instr_safe(instr, block) {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *in = nir_instr_as_intrinsic(instr);
         if (in->intrinsic != nir_intrinsic_load_deref)
            continue;
         nir_variable *var = nir_intrinsic_get_var(in, 0);
         if (!var || var->data.mode != nir_var_shader_in ||
             nir_src_as_deref(in->src[0])->deref_type != nir_deref_type_var)
            continue;
         int g = sprite_generic(var->data.location);
         unsigned nc = in->dest.ssa.num_components;
         unsigned first = var->data.location_frac;
         if (g < 0 || var == pos || var == psz)
            continue;
         /* (s, t, 0, 1) in place of the components read (ARB_point_sprite:
          * "the texture coordinates ... are replaced") */
         b.cursor = nir_after_instr(instr);
         nir_ssa_def *on = nir_fneu(&b, nir_channel(&b, en[g / 4], g % 4),
                                    nir_imm_float(&b, 0.0f));
         nir_ssa_def *rep =
            nir_bcsel(&b, on, nir_channels(&b, st01, ((1u << nc) - 1) << first),
                      &in->dest.ssa);
         nir_ssa_def_rewrite_uses_after(&in->dest.ssa, rep, rep->parent_instr);
      }
   }
   nir_metadata_preserve(impl, nir_metadata_block_index |
                               nir_metadata_dominance);
   nir->info.inputs_read |= BITFIELD64_BIT(NV50_SPRITE_POS_SLOT) |
                            BITFIELD64_BIT(NV50_SPRITE_SIZE_SLOT);
   return true;
}
