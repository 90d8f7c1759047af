/*
 * NV3x/NV4x pipe_screen: what the chip can do (caps, formats) and the
 * screen's lifetime.  Only caps that the driver implements are claimed;
 * everything else keeps the u_screen default (off).
 */

#include <stdio.h>

#include <nouveau.h>

#include "pipe/p_defines.h"
#include "util/format/u_format.h"
#include "util/u_debug.h"
#include "util/u_memory.h"
#include "util/u_screen.h"

#include "nvc_compiler.h"

#include "nouveau/nouveau_debug.h"
#include "nv30_context.h"
#include "nv30_format.h"
#include "nv30_funcs.h"
#include "nv30_msaa.h"
#include "nv30_resource.h"
#include "nv30_screen.h"
#include "nv30_texture.h"

static const char *
nv30_screen_get_name(struct pipe_screen *pscreen)
{
   return nv30_screen(pscreen)->base.name;
}

static const char *
nv30_screen_get_vendor(struct pipe_screen *pscreen)
{
   return "nouveau";
}

static const char *
nv30_screen_get_device_vendor(struct pipe_screen *pscreen)
{
   return "NVIDIA";
}

static int
nv30_screen_get_param(struct pipe_screen *pscreen, enum pipe_cap param)
{
   struct nv30_screen *screen = nv30_screen(pscreen);
   const struct nvhwdb_chip *chip = screen->chip;

   switch (param) {
   case PIPE_CAP_MAX_TEXTURE_2D_SIZE:
      return 1 << (chip->tex_2d_levels - 1);
   case PIPE_CAP_MAX_TEXTURE_3D_LEVELS:
      return chip->tex_3d_levels;
   case PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS:
      return chip->tex_2d_levels;
   case PIPE_CAP_MAX_RENDER_TARGETS:
      /* COLOR0..3 on curie (nv30_emit_framebuffer) */
      return chip->render_targets;
   case PIPE_CAP_GLSL_FEATURE_LEVEL:
   case PIPE_CAP_GLSL_FEATURE_LEVEL_COMPATIBILITY:
      return 120;
   case PIPE_CAP_ESSL_FEATURE_LEVEL:
      return 100;
   case PIPE_CAP_MAX_VIEWPORTS:
      return 1;
   case PIPE_CAP_VERTEX_BUFFER_OFFSET_4BYTE_ALIGNED_ONLY:
   case PIPE_CAP_VERTEX_BUFFER_STRIDE_4BYTE_ALIGNED_ONLY:
   case PIPE_CAP_VERTEX_ELEMENT_SRC_OFFSET_4BYTE_ALIGNED_ONLY:
      return 1;
   case PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT:
      return 16;
   case PIPE_CAP_MIN_MAP_BUFFER_ALIGNMENT:
      return 64;
   case PIPE_CAP_TEXTURE_TRANSFER_MODES:
      return 0;
   case PIPE_CAP_BLEND_EQUATION_SEPARATE:
      /* BLEND_EQUATION has separate RGB/ALPHA fields on curie
       * (rnndb nv30-40_3d.xml, variants NV40_3D-NV44_3D); elsewhere
       * two passes do it (nv30_blend_split.c). */
      return 1;
   case PIPE_CAP_PRIMITIVE_RESTART:
   case PIPE_CAP_PRIMITIVE_RESTART_FIXED_INDEX:
      /* done while pushing indices (nv30_draw.c) */
      return 1;
   case PIPE_CAP_TWO_SIDED_COLOR:
   case PIPE_CAP_USER_VERTEX_BUFFERS:
   case PIPE_CAP_OCCLUSION_QUERY:
      /* QUERY_RESET/ENABLE/GET (nv30_query.c) */
      return 1;
   case PIPE_CAP_CONDITIONAL_RENDER:
      /* decided on the CPU from the query result (nv30_query.c) */
      return 1;
   case PIPE_CAP_QUERY_TIMESTAMP:
   case PIPE_CAP_QUERY_TIME_ELAPSED:
      /* QUERY_GET's report holds the PTIMER time (nv30_query.c) */
      return 1;
   case PIPE_CAP_DEPTH_CLIP_DISABLE:
      /* DEPTH_CONTROL CLAMP (nv30_rasterizer_state_create) */
      return 1;
   case PIPE_CAP_DEPTH_BOUNDS_TEST:
      /* DEPTH_BOUNDS_TEST_* (nv30_emit_zsa) */
      return chip->depth_bounds;
   case PIPE_CAP_ANISOTROPIC_FILTER:
      /* TEX_ENABLE ANISO (nv30_sampler_state_create) */
      return chip->max_anisotropy > 1;
   case PIPE_CAP_TEXTURE_SWIZZLE:
      /* TEX_SWIZZLE routes any channel, 0 or 1 to each output
       * (nv30_view_swizzle) */
      return 1;
   case PIPE_CAP_TEXTURE_MIRROR_CLAMP:
   case PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE:
      /* TEX_WRAP MIRROR_CLAMP, MIRROR_CLAMP_TO_EDGE and
       * MIRROR_CLAMP_TO_BORDER on curie (hwdb nv4_tex_wrap; nv30_wrap) */
      return chip->tex_mirror_clamp;
   case PIPE_CAP_TEXTURE_BORDER_COLOR_QUIRK:
      /* TEX_BORDER_COLOR is returned as it is, not through TEX_SWIZZLE
       * (nvsim; D3D9's border colour is an ARGB value with no
       * swizzle): st/mesa applies the view swizzle to it, as for NV50 */
      return PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_NV50;
   case PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR:
      /* fp16 texels are filtered, fp32 ones are not (nv30_texture.c) */
      return chip->tex_fp16_filter;
   case PIPE_CAP_NPOT_TEXTURES:
      /* linear (pitch) textures have any size (TEX_NPOT_SIZE); on
       * rankine only rectangles do (chips.xml).  Rankine's NPOT 1D, 2D,
       * 3D and cube textures are emulated from rectangles
       * (nv30_tex_npot.c), NPOT S3TC ones (no rectangle format code)
       * from a decoded companion (nv30_tex_companion.c): with that, GL
       * 2.0's last requirement is met there too (docs/rankine.md). */
      return chip->npot_textures || nv30_rankine_units(chip);
   case PIPE_CAP_TGSI_TEXCOORD:
      return 0;
   case PIPE_CAP_FS_COORD_ORIGIN_UPPER_LEFT:
   case PIPE_CAP_FS_COORD_PIXEL_CENTER_HALF_INTEGER:
      /* The FP's position input follows COORD_CONVENTIONS, which we set
       * to ORIGIN_NORMAL and CENTER_HALF_INTEGER (nv30_emit_framebuffer):
       * y counted from the first row in memory, pixel centres at .5
       * (upstream nv30 sets ORIGIN_INVERTED for lower-left and
       * CENTER_INTEGER for integer centres, facts); st/mesa adjusts
       * shaders that ask for the other conventions. */
      return 1;
   case PIPE_CAP_CLIP_HALFZ:
      return 0;
   case PIPE_CAP_ACCELERATED:
      return 1;
   case PIPE_CAP_VIDEO_MEMORY:
      return screen->base.device->vram_size >> 20;
   case PIPE_CAP_QUERY_MEMORY_INFO:
      /* nouveau_screen_query_memory_info: GL_NVX_gpu_memory_info and
       * GL_ATI_meminfo */
      return 1;
   case PIPE_CAP_UMA:
      return 0;
   case PIPE_CAP_PCI_GROUP:
   case PIPE_CAP_PCI_BUS:
   case PIPE_CAP_PCI_DEVICE:
   case PIPE_CAP_PCI_FUNCTION:
      return 0;
   case PIPE_CAP_VENDOR_ID:
      return 0x10de;
   case PIPE_CAP_DEVICE_ID:
      return 0xffffffff;
   case PIPE_CAP_DEVICE_RESET_STATUS_QUERY:
      return 1;
   case PIPE_CAP_MAX_VARYINGS:
      /* 10 interpolated vec4s reach the NV40 fragment program
       * (COL0/1, FOGC, TEX0..7). */
      return 8;
   case PIPE_CAP_MIXED_FRAMEBUFFER_SIZES:
      /* What GL_ARB_framebuffer_object needs.  Colour and zeta have
       * their own pitch and offset; RT_HORIZ/VERT clip drawing to the
       * common area (st/mesa passes the minimum size).  Curie draws any
       * sizes as they are (chips.xml mixed-fb-sizes); rankine's colour
       * and zeta share one RT_FORMAT type and swizzled size, so a depth
       * buffer that differs from its colour buffer in either is drawn
       * through a copy (nv30_surface_match_zeta, NV_DEBUG=fallback). */
      return 1;
   case PIPE_CAP_CLEAR_SCISSORED:
      /* CLEAR_BUFFERS honours the scissor rectangle (nv30_clear.c) */
      return 1;
   case PIPE_CAP_MAX_VERTEX_ATTRIB_STRIDE:
      return 255; /* VTXFMT.STRIDE is 8 bits */
   default:
      return u_pipe_screen_get_param_defaults(pscreen, param);
   }
}

/* Float caps, by cap; those not listed are 0. */
static const float nv30_capf[] = {
   /* LINE_WIDTH is in 1/8 pixel (upstream nv30 driver, fact); points
    * follow the same granularity */
   [PIPE_CAPF_MIN_LINE_WIDTH] = 1.0f,
   [PIPE_CAPF_MIN_LINE_WIDTH_AA] = 1.0f,
   [PIPE_CAPF_MAX_LINE_WIDTH] = 10.0f,
   [PIPE_CAPF_MAX_LINE_WIDTH_AA] = 10.0f,
   [PIPE_CAPF_LINE_WIDTH_GRANULARITY] = 0.125f,
   [PIPE_CAPF_MIN_POINT_SIZE] = 1.0f,
   [PIPE_CAPF_MIN_POINT_SIZE_AA] = 1.0f,
   [PIPE_CAPF_MAX_POINT_SIZE] = 64.0f,
   [PIPE_CAPF_MAX_POINT_SIZE_AA] = 64.0f,
   [PIPE_CAPF_POINT_SIZE_GRANULARITY] = 0.125f,
   [PIPE_CAPF_MAX_TEXTURE_LOD_BIAS] = 15.0f,
};

static float
nv30_screen_get_paramf(struct pipe_screen *pscreen, enum pipe_capf param)
{
   if (param == PIPE_CAPF_MAX_TEXTURE_ANISOTROPY)
      return nv30_texture_max_anisotropy(nv30_screen(pscreen)->chip);
   return (unsigned)param < ARRAY_SIZE(nv30_capf) ? nv30_capf[param] : 0.0f;
}

static int
nv30_screen_get_shader_param(struct pipe_screen *pscreen,
                             enum pipe_shader_type shader,
                             enum pipe_shader_cap param)
{
   struct nv30_screen *screen = nv30_screen(pscreen);
   const struct nvhwdb_chip *chip = screen->chip;
   /* the program limits are the compiler's target's (nvc_compiler.h),
    * filled from the chip table: what we report is what it obeys */
   const struct nvc_target *t = &screen->target;

   if (shader != PIPE_SHADER_VERTEX && shader != PIPE_SHADER_FRAGMENT)
      return 0;

   switch (param) {
   case PIPE_SHADER_CAP_MAX_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_ALU_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_TEX_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_TEX_INDIRECTIONS:
      return shader == PIPE_SHADER_VERTEX ? t->vp.max_insns : t->fp.max_insns;
   case PIPE_SHADER_CAP_MAX_CONTROL_FLOW_DEPTH:
      return 0;
   case PIPE_SHADER_CAP_MAX_INPUTS:
      return shader == PIPE_SHADER_VERTEX ? t->vp.num_attribs : 8;
   case PIPE_SHADER_CAP_MAX_OUTPUTS:
      return shader == PIPE_SHADER_VERTEX ? 16 : 1;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE:
      /* VP: the constant slots (a few kept for the driver); FP: inline
       * constants, bounded only by program length. */
      return (shader == PIPE_SHADER_VERTEX ? t->vp.num_consts - 8 : 224) *
             4 * sizeof(float);
   case PIPE_SHADER_CAP_MAX_CONST_BUFFERS:
      return 1;
   case PIPE_SHADER_CAP_MAX_TEMPS:
      /* the chip row's temps column for both stages, as before the
       * target existed; the FP's register file (t->fp.num_temps, 48 on
       * NV40) is larger, and offering it is a change of its own */
      return chip->temps;
   case PIPE_SHADER_CAP_INDIRECT_CONST_ADDR:
      return shader == PIPE_SHADER_VERTEX;
   case PIPE_SHADER_CAP_INTEGERS:
   case PIPE_SHADER_CAP_INT64_ATOMICS:
   case PIPE_SHADER_CAP_FP16:
   case PIPE_SHADER_CAP_FP16_DERIVATIVES:
   case PIPE_SHADER_CAP_FP16_CONST_BUFFERS:
   case PIPE_SHADER_CAP_INT16:
   case PIPE_SHADER_CAP_GLSL_16BIT_CONSTS:
   case PIPE_SHADER_CAP_TGSI_SQRT_SUPPORTED:
   case PIPE_SHADER_CAP_INDIRECT_INPUT_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_OUTPUT_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_TEMP_ADDR:
   case PIPE_SHADER_CAP_SUBROUTINES:
   case PIPE_SHADER_CAP_CONT_SUPPORTED:
   case PIPE_SHADER_CAP_TGSI_ANY_INOUT_DECL_RANGE:
   case PIPE_SHADER_CAP_MAX_SHADER_BUFFERS:
   case PIPE_SHADER_CAP_MAX_SHADER_IMAGES:
   case PIPE_SHADER_CAP_MAX_HW_ATOMIC_COUNTERS:
   case PIPE_SHADER_CAP_MAX_HW_ATOMIC_COUNTER_BUFFERS:
   case PIPE_SHADER_CAP_DROUND_SUPPORTED:
   case PIPE_SHADER_CAP_DFRACEXP_DLDEXP_SUPPORTED:
   case PIPE_SHADER_CAP_LDEXP_SUPPORTED:
      return 0;
   case PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS:
   case PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS:
      /* The chip's fragment texture units (the target's, from hwdb
       * chips.xml); the vertex texture units are not wired up. */
      return shader == PIPE_SHADER_FRAGMENT ?
             MIN2(t->fp.tex_units, NV30_MAX_TEX_UNITS) : 0;
   case PIPE_SHADER_CAP_SUPPORTED_IRS:
      return 1 << PIPE_SHADER_IR_NIR;
   case PIPE_SHADER_CAP_PREFERRED_IR:
      return PIPE_SHADER_IR_NIR;
   default:
      return 0;
   }
}

static const void *
nv30_screen_get_compiler_options(struct pipe_screen *pscreen,
                                 enum pipe_shader_ir ir,
                                 enum pipe_shader_type shader)
{
   return nvc_nir_options(&nv30_screen(pscreen)->target, shader);
}

static bool
nv30_screen_is_format_supported(struct pipe_screen *pscreen,
                                enum pipe_format format,
                                enum pipe_texture_target target,
                                unsigned sample_count,
                                unsigned storage_sample_count,
                                unsigned bindings)
{
   const struct nv30_format_info *info = nv30_format_info(format);

   if (format == PIPE_FORMAT_NONE || !util_format_description(format))
      return false;
   /* Multisampled render targets and depth buffers, 2 or 4 samples
    * (nv30_msaa.h); never textures (no PIPE_CAP_TEXTURE_MULTISAMPLE), and
    * not the 64/128-bit float targets, whose clears fill on the CPU
    * (nv30_clear.c), which knows no sample layout. */
   if (MAX2(sample_count, 1) != MAX2(storage_sample_count, 1))
      return false;
   if (sample_count > 1 &&
       (!nv30_sample_count_ok(sample_count) ||
        sample_count > nv30_screen(pscreen)->max_samples ||
        (target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_RECT) ||
        (bindings & PIPE_BIND_SAMPLER_VIEW) ||
        !(bindings & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL)) ||
        util_format_get_blocksize(format) > 4))
      return false;

   if (target == PIPE_BUFFER) {
      bindings &= ~(PIPE_BIND_CONSTANT_BUFFER | PIPE_BIND_INDEX_BUFFER |
                    PIPE_BIND_STREAM_OUTPUT | PIPE_BIND_SHADER_BUFFER);
      if (bindings & PIPE_BIND_VERTEX_BUFFER) {
         if (!info->vtx_ok)
            return false;
         bindings &= ~PIPE_BIND_VERTEX_BUFFER;
      }
      return bindings == 0;
   }

   if (bindings & PIPE_BIND_RENDER_TARGET) {
      if (!info->rt_color)
         return false;
      if ((bindings & PIPE_BIND_BLENDABLE) && info->rt_no_blend)
         return false;
      bindings &= ~(PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET |
                    PIPE_BIND_SCANOUT | PIPE_BIND_SHARED);
   }
   if (bindings & PIPE_BIND_DEPTH_STENCIL) {
      if (!info->rt_zeta)
         return false;
      bindings &= ~PIPE_BIND_DEPTH_STENCIL;
   }
   if (bindings & PIPE_BIND_SAMPLER_VIEW) {
      if (!nv30_texture_format_supported(nv30_screen(pscreen)->chip, format,
                                         target))
         return false;
      bindings &= ~PIPE_BIND_SAMPLER_VIEW;
   }
   bindings &= ~(PIPE_BIND_LINEAR | PIPE_BIND_SHARED | PIPE_BIND_DISPLAY_TARGET |
                 PIPE_BIND_SCANOUT | PIPE_BIND_BLENDABLE);
   return bindings == 0;
}

static void
nv30_screen_destroy(struct pipe_screen *pscreen)
{
   struct nv30_screen *screen = nv30_screen(pscreen);

   nouveau_screen_fini(&screen->base);
   FREE(screen);
}

static int
nv30_screen_get_video_param(struct pipe_screen *pscreen,
                            enum pipe_video_profile profile,
                            enum pipe_video_entrypoint entrypoint,
                            enum pipe_video_cap param)
{
   return 0;
}

/* The screen's entry points; nouveau_screen_init adds the fence ones. */
static const struct pipe_screen nv30_screen_funcs = {
   .destroy = nv30_screen_destroy,
   .get_name = nv30_screen_get_name,
   .get_vendor = nv30_screen_get_vendor,
   .get_device_vendor = nv30_screen_get_device_vendor,
   .get_timestamp = nouveau_screen_get_timestamp,
   .get_param = nv30_screen_get_param,
   .get_paramf = nv30_screen_get_paramf,
   .get_shader_param = nv30_screen_get_shader_param,
   .get_video_param = nv30_screen_get_video_param,
   .get_compiler_options = nv30_screen_get_compiler_options,
   .is_format_supported = nv30_screen_is_format_supported,
   .context_create = nv30_context_create,
   .resource_create = nv30_resource_create,
   .resource_destroy = nv30_resource_destroy,
   .resource_from_handle = nv30_resource_from_handle,
   .resource_get_handle = nv30_resource_get_handle,
   .query_memory_info = nouveau_screen_query_memory_info,
};

struct nouveau_screen *
nv30_screen_create(struct nouveau_drm *drm, struct nouveau_device *dev,
                   const struct nvhwdb_chip *chip)
{
   struct nv30_screen *screen;

   screen = CALLOC_STRUCT(nv30_screen);
   if (!screen)
      return NULL;
   screen->chip = chip;
   char *error = NULL;
   if (!nvc_target_init(&screen->target, chip, &error)) {
      NOUVEAU_ERR("%s\n", error ? error : "no compiler target");
      free(error);
      FREE(screen);
      return NULL;
   }
   /* NV30_MAX_MSAA (upstream's name for the same switch) lowers it; 0
    * offers no multisampling */
   screen->max_samples = MIN2(debug_get_num_option("NV30_MAX_MSAA",
                                                   NV30_MAX_SAMPLES),
                              NV30_MAX_SAMPLES);
   screen->base.base = nv30_screen_funcs;
   if (!nouveau_screen_init(&screen->base, drm, dev)) {
      FREE(screen);
      return NULL;
   }

   /* Named by chip, as PMC_BOOT_0 reports it (real or simulated alike). */
   snprintf(screen->base.name, sizeof(screen->base.name), "%s (%s)",
            chip->codename, chip->marketing);
   return &screen->base;
}
