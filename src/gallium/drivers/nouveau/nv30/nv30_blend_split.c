/*
 * Separate RGB and alpha blend equations (EXT_blend_equation_separate, core
 * in GL 2.0) where BLEND_EQUATION holds one equation for all four channels
 * (rankine: hwdb nv30-40_3d.xml, BLEND_EQUATION's rankine variant is one
 * gl_blend_equation; curie's has RGB and ALPHA fields).
 *
 * Blending computes each channel from that channel alone: the alpha
 * result is As * Sa + Ad * Da, whose factors (GL 2.1 table 4.2, "alpha"
 * column) read only alphas and the constant colour's alpha.  So a draw
 * with unequal equations is the same as two draws over the same
 * fragments, one writing alpha with the alpha equation and one writing
 * RGB with the RGB equation, as long as both see the same fragments:
 *  - the alpha pass goes first with depth and stencil writes off and the
 *    occlusion counter paused, so it changes nothing the tests read; the
 *    RGB pass then runs with the application's state and does every
 *    write once;
 *  - within one draw a later primitive may be tested against what an
 *    earlier one wrote (depth or stencil writes on).  Then each primitive
 *    gets its two passes before the next one's: the draw is cut into
 *    independent primitives (points, lines, triangles, quads) by Mesa's
 *    index translator, keeping the provoking vertex, and GL's order of
 *    primitives is kept;
 *  - where cutting would change the picture (line stipple, whose pattern
 *    runs on along a strip; unfilled polygon modes of quad strips, whose
 *    triangles would show the diagonal; per-vertex edge flags), the two
 *    whole passes are used and counted as inexact (NV_DEBUG=fallback): a
 *    later primitive covering an earlier one of the same draw may then
 *    blend alpha twice.
 */
#include <stdlib.h>
#include <string.h>

#include "indices/u_indices.h"
#include "util/u_math.h"
#include "util/u_prim.h"

#include "nouveau/nouveau_debug.h"
#include "nv30_context.h"
#include "nv30-40_3d.xml.h"

bool
nv30_blend_split_needed(const struct nv30_context *nv30)
{
   return nv30->blend && nv30->blend->split;
}

static bool
nv30_zsa_writes(const struct nv30_context *nv30)
{
   const struct nv30_zsa_state *zsa = nv30->zsa;

   if (!zsa)
      return false;
   if (zsa->pipe.depth_enabled && zsa->pipe.depth_writemask)
      return true;
   for (unsigned i = 0; i < 2; i++) {
      if (zsa->pipe.stencil[i].enabled && zsa->pipe.stencil[i].writemask)
         return true;
   }
   return false;
}

enum nv30_split_mode
nv30_blend_split_mode(const struct nv30_context *nv30, enum pipe_prim_type mode,
                      bool edgeflags)
{
   const struct pipe_rasterizer_state *r = nv30->rast ? &nv30->rast->pipe : NULL;

   if (!nv30_zsa_writes(nv30) || mode == PIPE_PRIM_POLYGON)
      return NV30_SPLIT_WHOLE;   /* a polygon is one primitive */
   if (edgeflags)
      return NV30_SPLIT_INEXACT;
   if (r && r->line_stipple_enable &&
       (mode == PIPE_PRIM_LINE_STRIP || mode == PIPE_PRIM_LINE_LOOP))
      return NV30_SPLIT_INEXACT;
   if (r && (r->fill_front != PIPE_POLYGON_MODE_FILL ||
             r->fill_back != PIPE_POLYGON_MODE_FILL) &&
       mode == PIPE_PRIM_QUAD_STRIP)
      return NV30_SPLIT_INEXACT;
   return NV30_SPLIT_PER_PRIM;
}

/* The methods of one pass: alpha (true) or RGB (false).  The space is
 * the caller's (NV30_SPLIT_PASS_WORDS). */
void
nv30_blend_split_pass(struct nv30_context *nv30, bool alpha)
{
   const struct nv30_blend_state *b = nv30->blend;
   const struct nv30_zsa_state *zsa = nv30->zsa;
   bool counting = nv30->query_running && !nv30->queries_paused;

   /* (tracked methods, nv30_hwstate.h) */
   nv30_hw_set(nv30, NV30_3D_COLOR_MASK, alpha ? b->mask_alpha : b->mask_rgb);
   nv30_hw_set(nv30, NV30_3D_BLEND_EQUATION, alpha ? b->eq_alpha : b->eq_rgb);
   if (zsa) {
      nv30_hw_set(nv30, NV30_3D_DEPTH_WRITE_ENABLE,
                  alpha ? 0 : zsa->depth_write);
      for (unsigned i = 0; i < 2; i++)
         nv30_hw_set(nv30, NV30_3D_STENCIL_MASK(i),
                     alpha ? 0 : zsa->stencil[i].mask);
   }
   if (counting)
      NV30_3D_1(nv30, NV30_3D_QUERY_ENABLE, alpha ? 0 : 1);
}

/* Back to the bound blend state's own methods (the RGB pass left the
 * depth, stencil and query methods as the state has them). */
void
nv30_blend_split_end(struct nv30_context *nv30)
{
   nv30_hw_set(nv30, NV30_3D_COLOR_MASK, nv30->blend->color_mask);
   nv30_hw_set(nv30, NV30_3D_BLEND_EQUATION, nv30->blend->equation);
}

/* The independent primitives of a draw as 32-bit vertex numbers (before
 * the CPU bias), restart indices taken out, in *out_nr (a multiple of
 * *per_prim); NULL when the translator refuses or memory runs out. */
uint32_t *
nv30_blend_split_primitives(const struct nv30_context *nv30,
                            const struct pipe_draw_info *info,
                            const struct pipe_draw_start_count_bias *draw,
                            const uint8_t *indices,
                            enum pipe_prim_type *out_prim, unsigned *out_nr,
                            unsigned *per_prim)
{
   const struct pipe_rasterizer_state *r = &nv30->rast->pipe;
   unsigned pv = r->flatshade_first ? PV_FIRST : PV_LAST;
   /* what the translator may give: lists, and quads whole (a quad split
    * in two would show its diagonal in an unfilled mode) */
   unsigned hw_mask = BITFIELD_BIT(PIPE_PRIM_POINTS) |
                      BITFIELD_BIT(PIPE_PRIM_LINES) |
                      BITFIELD_BIT(PIPE_PRIM_TRIANGLES) |
                      BITFIELD_BIT(PIPE_PRIM_QUADS);
   unsigned size = 0, n = 0;
   enum indices_mode im;
   u_translate_func tr = NULL;
   u_generate_func gen = NULL;
   uint32_t *out;
   void *tmp;

   if (info->index_size)
      im = u_index_translator(hw_mask, info->mode, info->index_size,
                              draw->count, pv, pv,
                              info->primitive_restart ? PR_ENABLE : PR_DISABLE,
                              out_prim, &size, &n, &tr);
   else
      im = u_index_generator(hw_mask, info->mode, draw->start, draw->count,
                             pv, pv, out_prim, &size, &n, &gen);
   *per_prim = u_vertices_per_prim(*out_prim);
   if (im == U_TRANSLATE_ERROR || !*per_prim)
      return NULL;

   out = malloc((size_t)MAX2(n, draw->count) * 4 + 4);
   if (!out)
      return NULL;
   if (im == U_TRANSLATE_MEMCPY) {
      /* a list already, copied as it is: a restart index ends the
       * primitive it interrupts, which then draws nothing */
      unsigned in_prim = 0;

      n = 0;
      for (unsigned i = 0; i < draw->count; i++) {
         uint32_t idx = nv30_index(indices, info->index_size,
                                         draw->start + i);
         if (info->primitive_restart && idx == info->restart_index) {
            n -= in_prim;
            in_prim = 0;
            continue;
         }
         out[n++] = idx;
         in_prim = (in_prim + 1) % *per_prim;
      }
   } else {
      tmp = malloc((size_t)n * size + 4);
      if (!tmp) {
         free(out);
         return NULL;
      }
      if (tr)
         tr(indices, draw->start, draw->count, n, info->restart_index, tmp);
      else
         gen(draw->start, n, tmp);
      for (unsigned i = 0; i < n; i++)
         out[i] = nv30_index(tmp, size, i);
      free(tmp);
      if (info->index_size && info->primitive_restart) {
         /* the translator fills what a restart cuts short with the
          * restart index: those primitives draw nothing */
         unsigned kept = 0;
         for (unsigned p = 0; p + *per_prim <= n; p += *per_prim) {
            bool cut = false;
            for (unsigned v = 0; v < *per_prim; v++)
               cut |= out[p + v] == info->restart_index;
            if (!cut) {
               memmove(&out[kept], &out[p], *per_prim * sizeof(*out));
               kept += *per_prim;
            }
         }
         n = kept;
      }
   }
   /* a partial primitive at the end draws nothing */
   *out_nr = n - n % *per_prim;
   return out;
}
