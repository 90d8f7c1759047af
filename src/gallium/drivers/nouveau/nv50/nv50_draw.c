/*
 * Draws, copies and blits.  Draws are not implemented yet: they need the
 * Tesla compiler's programs (src/nouveau/compiler, nvc_g80_*), vertex
 * fetch and the rest of the 3D state; until then a draw draws nothing and
 * says so, once on stderr and each time through the GL debug output
 * (KHR_debug, GL_DEBUG_TYPE_ERROR), never aborting.
 * resource_copy_region and the blits that are copies run on the CPU
 * through maps (util_resource_copy_region); other blits are refused the
 * same way as draws.
 */

#include "util/u_surface.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"

static void
nv50_not_implemented(struct nv50_context *nv50, const char *what)
{
   if (!nv50->warned_draw) {
      NOUVEAU_ERR("%s: not implemented yet on Tesla (nothing drawn)\n", what);
      nv50->warned_draw = true;
   }
   util_debug_message(&nv50->debug, ERROR,
                      "nouveau nv50: %s not implemented yet (nothing drawn)",
                      what);
}

static void
nv50_draw_vbo(struct pipe_context *pipe, const struct pipe_draw_info *info,
              unsigned drawid_offset,
              const struct pipe_draw_indirect_info *indirect,
              const struct pipe_draw_start_count_bias *draws,
              unsigned num_draws)
{
   nv50_not_implemented(nv50_context(pipe), "draw");
}

static void
nv50_blit(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   if (util_try_blit_via_copy_region(pipe, info, false))
      return;
   nv50_not_implemented(nv50_context(pipe), "blit (other than a copy)");
}

static void
nv50_resource_copy_region(struct pipe_context *pipe,
                          struct pipe_resource *dst, unsigned dst_level,
                          unsigned dstx, unsigned dsty, unsigned dstz,
                          struct pipe_resource *src, unsigned src_level,
                          const struct pipe_box *src_box)
{
   NOUVEAU_FALLBACK("resource_copy_region on the CPU\n");
   util_resource_copy_region(pipe, dst, dst_level, dstx, dsty, dstz, src,
                             src_level, src_box);
}

void
nv50_init_draw_functions(struct pipe_context *pipe)
{
   pipe->draw_vbo = nv50_draw_vbo;
   pipe->blit = nv50_blit;
   pipe->resource_copy_region = nv50_resource_copy_region;
}
