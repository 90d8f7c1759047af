/*
 * The Tesla pipe_screen: what the chip and the driver can do (caps,
 * formats) and the screen's lifetime.
 *
 * Caps are what the driver does today, not what the hardware could: the
 * driver clears and reads back render targets and zeta buffers, maps
 * buffers and textures, and draws nothing yet (nv50_draw.c).  Limits
 * come from hwdb's chip table (chips.xml, the chip's row) or from the
 * Tesla compiler's target (nvc_g80.h, itself filled from hwdb), never
 * written here.  The aim is GL 3.3 (issue 11); each cap below that is
 * still off says what it waits for.
 */

#include <stdio.h>

#include <nouveau.h>

#include "pipe/p_defines.h"
#include "util/format/u_format.h"
#include "util/u_memory.h"
#include "util/u_screen.h"

#include "nvc_g80.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_format.h"
#include "nv50_msaa.h"
#include "nv50_resource.h"
#include "nv50_screen.h"
#include "nv50_tex.h"
#include "g80_3d.xml.h"
#include "g80_defs.xml.h"

static const char *
nv50_screen_get_name(struct pipe_screen *pscreen)
{
   return nv50_screen(pscreen)->base.name;
}

static const char *
nv50_screen_get_vendor(struct pipe_screen *pscreen)
{
   return "nouveau";
}

static const char *
nv50_screen_get_device_vendor(struct pipe_screen *pscreen)
{
   return "NVIDIA";
}

static int
nv50_screen_get_param(struct pipe_screen *pscreen, enum pipe_cap param)
{
   struct nv50_screen *screen = nv50_screen(pscreen);
   const struct nvhwdb_chip *chip = screen->chip;

   switch (param) {
   /* texture sizes of the chip row (resources of these sizes are laid
    * out and mapped; sampling them waits for draws) */
   case PIPE_CAP_MAX_TEXTURE_2D_SIZE:
      return 1 << (chip->tex_2d_levels - 1);
   case PIPE_CAP_MAX_TEXTURE_3D_LEVELS:
      return chip->tex_3d_levels;
   case PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS:
      return chip->tex_2d_levels;
   case PIPE_CAP_TEXTURE_BUFFER_OBJECTS:
      /* ONE_D_BUFFER TICs (nv50_tex.c) */
      return 1;
   case PIPE_CAP_MAX_TEXEL_BUFFER_ELEMENTS_UINT:
      /* the TIC's WIDTH field counts them (g80_texture.xml) */
      return G80_TIC_4_WIDTH__MASK >> G80_TIC_4_WIDTH__SHIFT;
   case PIPE_CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT:
      /* what upstream's nv50 asks of a texture buffer's start (fact) */
      return 16;
   case PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS:
      /* the TIC's DEPTH counts an array's layers (g80_texture.xml);
       * a layer is rendered to on its own (RT_ARRAY_MODE LAYERS 1) */
      return (G80_TIC_5_DEPTH__MASK >> G80_TIC_5_DEPTH__SHIFT);
   case PIPE_CAP_MAX_RENDER_TARGETS:
      /* RT 0..7 (the chip row; nv50_clear.c sends each) */
      return chip->render_targets;
   case PIPE_CAP_MIXED_FRAMEBUFFER_SIZES:
      /* every target and zeta has its own size (RT_HORIZ/VERT(i),
       * ZETA_HORIZ/VERT; chips.xml mixed-fb-sizes) */
      return chip->mixed_fb_sizes;
   case PIPE_CAP_CLEAR_SCISSORED:
      /* SCREEN_SCISSOR bounds CLEAR_BUFFERS (nv50_clear.c) */
      return 1;
   case PIPE_CAP_BLEND_EQUATION_SEPARATE:
      /* BLEND_EQUATION_ALPHA with BLEND_SEPARATE_ALPHA (chips.xml) */
      return chip->blend_equation_separate;
   case PIPE_CAP_INDEP_BLEND_ENABLE:
      /* BLEND_ENABLE(i) and COLOR_MASK(i) on every Tesla class */
      return 1;
   case PIPE_CAP_INDEP_BLEND_FUNC:
      /* equations and factors per target: the class's IBLEND (hwdb:
       * GT215_3D on); G80..GT200 have one set (nv50_blend.c) */
      return nv50_chip_has_iblend(chip);
   case PIPE_CAP_TEXTURE_SWIZZLE:
      /* the TIC's X/Y/Z/W_SOURCE route any component or ZERO / ONE
       * (g80_texture.xml; nv50_tex.c composes the view's swizzle with the
       * format's) */
      return 1;
   case PIPE_CAP_MAX_TEXTURE_GATHER_COMPONENTS:
      /* texgather, one of GT215_3D's D3D10.1 forms (g80.xml TXG_L): four
       * texels of the component the TIC's X source routes, so any of the
       * four through the view's swizzle (nvc_g80_isel_tex.c) */
      return screen->target.tex_gather ? 4 : 0;
   case PIPE_CAP_MIN_TEXEL_OFFSET:
   case PIPE_CAP_MIN_TEXTURE_GATHER_OFFSET:
      return screen->target.tex_offset_min;
   case PIPE_CAP_MAX_TEXEL_OFFSET:
   case PIPE_CAP_MAX_TEXTURE_GATHER_OFFSET:
      return screen->target.tex_offset_max;
   case PIPE_CAP_TEXTURE_MIRROR_CLAMP:
   case PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE:
      /* TSC WRAP MIRROR_ONCE_CLAMP_TO_EDGE / _BORDER / _CLAMP_OGL
       * (g80_texture.xml; nv50_tsc_wrap): EXT_texture_mirror_clamp,
       * ATI_texture_mirror_once, ARB_texture_mirror_clamp_to_edge */
      return chip->tex_mirror_clamp;
   case PIPE_CAP_SAMPLER_VIEW_TARGET:
      /* ARB_texture_view: a view's TIC takes its own type, format, levels
       * and first layer over the resource's layout (nv50_tex.c) */
      return 1;
   case PIPE_CAP_SHADER_ARRAY_COMPONENTS:
      /* varyings at a component of a slot (ARB_enhanced_layouts'
       * component qualifier, arrays included): the compiler addresses
       * every input / output word by slot and component
       * (nir_intrinsic_component, nvc_g80_isel.c) */
      return 1;
   case PIPE_CAP_CLEAR_TEXTURE:
      /* 3D clears of a surface a layer, the CPU for the rest
       * (nv50_clear_texture) */
      return 1;
   case PIPE_CAP_ANISOTROPIC_FILTER:
      /* TSC MAX_ANISOTROPY (g80_texture.xml), up to
       * PIPE_CAPF_MAX_TEXTURE_ANISOTROPY */
      return 1;
   case PIPE_CAP_TEXTURE_BORDER_COLOR_QUIRK:
      /* the border colour (TSC BORDER_COLOR) comes back past the TIC's
       * SOURCE routing, unswizzled (upstream's nv50_state.c says so of
       * the hardware; nvsim's g80_sampler.c models it so): st/mesa
       * swizzles it by the view's swizzle itself */
      return PIPE_QUIRK_TEXTURE_BORDER_COLOR_SWIZZLE_NV50;
   case PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION:
      /* VERTEX_BEGIN_GL QUADS / QUAD_STRIP take PROVOKING_VERTEX_LAST as
       * the other primitives do (upstream's nv50 says so of the
       * hardware; nvsim's g80_3d_draw.c draws them so), so a quad's flat
       * colour follows glProvokingVertex */
      return 1;
   case PIPE_CAP_SEAMLESS_CUBE_MAP:
      /* TEX_MISC SEAMLESS_CUBE_MAP (nv50_tex.c) from G200 on; G80..G98
       * filter each face on its own, so there the program does it
       * (nvc_g80_cube_seamless.c, variants in nv50_program.c) */
      return 1;
   case PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS:
      /* the SRC1 blend factors (rnndb nv_3ddefs.xml) read the FP's
       * colour result 1 (the compiler's fp_color_index, MULTIPLE_RESULTS),
       * which with two targets would also be target 1's colour: one */
      return 1;
   case PIPE_CAP_FLATSHADE:
      /* SHADE_MODEL FLAT over the colour slots SEMANTIC_COLOR names,
       * front and back (nv50_linkage.c) */
      return 1;
   case PIPE_CAP_TWO_SIDED_COLOR:
      /* VERTEX_TWO_SIDE_ENABLE with the back colours in SEMANTIC_COLOR
       * (nv50_linkage.c, nv50_rasterizer.c): the rasteriser swaps them
       * in, so st/mesa's FP variant selecting by gl_FrontFacing (which
       * 1cbf2af used) is not needed, and flat back colours follow
       * SHADE_MODEL with the front ones */
      return 1;
   /* ARB_color_buffer_float: vertex colours leave the VP unclamped and
    * are clamped by SEMANTIC_COLOR CLMP_EN when clamp_vertex_color says
    * so (nv50_linkage.c); fragment colours by FRAG_COLOR_CLAMP_EN per
    * target under clamp_fragment_color (nv50_rasterizer.c) */
   case PIPE_CAP_VERTEX_COLOR_UNCLAMPED:
   case PIPE_CAP_VERTEX_COLOR_CLAMPED:
   case PIPE_CAP_FRAGMENT_COLOR_CLAMPED:
      return 1;
   /* ARB_shader_texture_lod: texlod and textureGrad's four quad passes
    * run in FPs (nvc_g80_isel_tex.c), derivatives by quadop
    * (nvc_g80_isel.c) */
   case PIPE_CAP_FRAGMENT_SHADER_TEXTURE_LOD:
   case PIPE_CAP_FRAGMENT_SHADER_DERIVATIVES:
      return 1;
   case PIPE_CAP_TEXTURE_BARRIER:
      /* SERIALIZE and TEX_CACHE_CTL FLUSH (nv50_texture_barrier) */
      return 1;
   case PIPE_CAP_POLYGON_OFFSET_CLAMP:
      /* POLYGON_OFFSET_CLAMP (nv50_rasterizer.c) */
      return 1;
   case PIPE_CAP_DEPTH_CLIP_DISABLE:
      /* VIEW_VOLUME_CLIP_CTRL DEPTH_CLAMP_NEAR/FAR (nv50_rasterizer.c) */
      return 1;
   case PIPE_CAP_CLIP_HALFZ:
      /* ARB_clip_control's GL_ZERO_TO_ONE: DEPTH_CLIP_NEGATIVE_Z ("the
       * permitted depth range is [0,1]", rnndb g80_3d.xml, every Tesla
       * class) from the rasterizer's clip_halfz, the depth ranges from
       * the z terms under it (nv50_draw.c); the origin is st/mesa's
       * (the viewport's y and the front face flipped) */
      return 1;
   case PIPE_CAP_FS_FINE_DERIVATIVE:
      /* ARB_derivative_control: fine by quadop's lane ^ 1 / ^ 2, coarse
       * by its lanes l0 / l1 / l2 (nvc_g80_isel.c) */
      return 1;
   case PIPE_CAP_GLSL_FEATURE_LEVEL:
   case PIPE_CAP_GLSL_FEATURE_LEVEL_COMPATIBILITY:
      /* GLSL 1.40: 1.30's integers, bit ops, switch, texelFetch /
       * textureSize, flat / noperspective inputs, gl_ClipDistance run
       * on the compiler's VP and FP (src/nouveau/compiler/README.md
       * "Piglit"); 1.40's uniform blocks in c1[].. (nv50_cb.c),
       * samplerBuffer (ONE_D_BUFFER TICs), sampler2DRect, gl_InstanceID.
       * With GL 3.1's other requirements (texture buffers, SNORM,
       * primitive restart, 16 VP texture units) Mesa reports GL 3.1.
       * GLSL 3.30 (1.50's geometry programs, interface blocks,
       * gl_PrimitiveIDIn / gl_Layer: nv50_gp.c; 3.30's bit encodings and
       * explicit locations): with every other GL 3.2 / 3.3 requirement
       * there (nv50/README.md "GL 3.2 and 3.3"), Mesa reports GL 3.3 on
       * every Tesla.  GL 3.2's seamless cube filtering is TEX_MISC's from
       * G200_3D on and the program's before (nvc_g80_cube_seamless.c,
       * variants per sampler key); the G80 gate at 3.3 is
       * tests/piglit/expected-g80.txt. */
      return 330;
   case PIPE_CAP_ESSL_FEATURE_LEVEL:
      /* GLSL ES 3.00: what GLSL 3.30 above covers (st/mesa reads this
       * only for 3.10 and up, which wants compute programs: not yet) */
      return 300;
   case PIPE_CAP_TEXTURE_FLOAT_LINEAR:
   case PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR:
      /* the TSC's LINEAR filters take float texels as any other
       * non-integer format (nv50_tex.c sets no format-dependent filter;
       * upstream's nv50 reports both on every Tesla, fact; nvsim's
       * g80_sampler.c filters all but integer texels).  Desktop GL 3.0
       * filters float textures without asking; GLES 3.0 wants
       * OES_texture_half_float_linear, which this gives (Mesa's
       * compute_version_es2 stopped at ES 2.0 without it) */
      return 1;
   case PIPE_CAP_MAX_VARYINGS:
      /* vec4s between the stages (GL_MAX_VARYING_COMPONENTS / 4): the
       * VP's result words (the compiler's target) less the position's,
       * as the stages' MAX_INPUTS / MAX_OUTPUTS below; 15, GL 3.2's
       * minimum of 60 components (gl-3.2-minmax) */
      return (screen->target.vp_max_results - NV50_POS_SLOTS) / 4;
   case PIPE_CAP_MAX_VIEWPORTS:
      /* ARB_viewport_array: VIEWPORT_*(i), DEPTH_RANGE_*(i), SCISSOR_*(i)
       * and the GP's SEMANTIC_VIEWPORT (nv50_draw.c, nv50_gp.c) */
      return NV50_MAX_VIEWPORTS;
   case PIPE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES:
      /* GP_VERTEX_OUTPUT_COUNT's range (rnndb 1..0x400, hwdb MAX) */
      return G80_3D_GP_VERTEX_OUTPUT_COUNT_MAX;
   case PIPE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS:
      /* how much one invocation's output the hardware buffers is not
       * documented; GL 3.2's minimum (table 6.43), which upstream's nv50
       * reports too */
      return 1024;
   case PIPE_CAP_TEXTURE_TRANSFER_MODES:
      /* transfers are CPU maps (nv50_transfer.c), not blits: nothing
       * draws yet */
      return 0;
   case PIPE_CAP_MIN_MAP_BUFFER_ALIGNMENT:
      return 64;
   case PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT:
      /* a const buffer's VM range (hwdb G80_CB_RANGE_ALIGN, nv50_cb.c) */
      return G80_CB_RANGE_ALIGN;
   case PIPE_CAP_NPOT_TEXTURES:
      /* the layout takes any size (nv50_resource.c) */
      return chip->npot_textures;
   case PIPE_CAP_FS_COORD_ORIGIN_UPPER_LEFT:
   case PIPE_CAP_FS_COORD_PIXEL_CENTER_HALF_INTEGER:
      return 1;
   case PIPE_CAP_ACCELERATED:
      return 1;
   case PIPE_CAP_VIDEO_MEMORY:
      return screen->base.device->vram_size >> 20;
   case PIPE_CAP_QUERY_MEMORY_INFO:
      /* nouveau_screen_query_memory_info */
      return 1;
   case PIPE_CAP_UMA:
      return 0;
   case PIPE_CAP_VENDOR_ID:
      return 0x10de;
   case PIPE_CAP_DEVICE_ID:
      /* the PCI device of the chip row's board */
      return chip->pci_device;
   case PIPE_CAP_DEVICE_RESET_STATUS_QUERY:
      /* a refused submission marks the context lost (nv50_context.c) */
      return 1;
   case PIPE_CAP_FS_FACE_IS_INTEGER_SYSVAL:
      /* gl_FrontFacing as load_front_face: the compiler reads v[FACE],
       * all ones on a front face (not an interpolant: no VP result) */
      return 1;
   case PIPE_CAP_CULL_DISTANCE:
      /* CLIP_DISTANCE_MODE CULL per distance, in every Tesla class
       * (rnndb g80_3d.xml; nv50_clip.c) */
      return 1;
   case PIPE_CAP_CLIP_PLANES:
      /* no plane registers: the clipper reads distances the VP writes
       * (SEMANTIC_CLIP, CLIP_DISTANCE_ENABLE); st/mesa writes the user
       * planes' distances into the VP (nv50_clip.c) */
      return 0;
   case PIPE_CAP_TGSI_TEXCOORD:
      return 0;
   case PIPE_CAP_OCCLUSION_QUERY:
      /* SAMPLECNT reports (nv50_query.c) */
   case PIPE_CAP_QUERY_TIMESTAMP:
   case PIPE_CAP_QUERY_TIME_ELAPSED:
      /* a report's PTIMER time (nv50_query.c) */
   case PIPE_CAP_CONDITIONAL_RENDER:
   case PIPE_CAP_CONDITIONAL_RENDER_INVERTED:
      /* decided on the CPU from the query's result (nv50_query.c) */
   case PIPE_CAP_COPY_BETWEEN_COMPRESSED_AND_PLAIN_FORMATS:
      /* resource_copy_region copies elements whatever the format
       * (nv50_blit.c: 2D blits in a raw format of the element's size) */
   case PIPE_CAP_TEXTURE_MULTISAMPLE:
   case PIPE_CAP_TEXTURE_QUERY_SAMPLES:
      /* multisampled textures as their stored surface, texelFetch and
       * textureSize moved there, textureSamples from the driver's
       * constants (nv50_msaa.c) */
   /* draws (nv50_draw.c, nv50_index.c, nv50_vertex.c): PRIM_RESTART_*
    * compares any 32-bit index, VERTEX_ARRAY_DIVISOR / PER_INSTANCE,
    * VB_INSTANCE_BASE, and the instance id word of VP_GP_BUILTIN_ATTR_EN
    * (the compiler's gl_InstanceID) */
   case PIPE_CAP_PRIMITIVE_RESTART:
   case PIPE_CAP_PRIMITIVE_RESTART_FIXED_INDEX:
   case PIPE_CAP_VERTEX_ELEMENT_INSTANCE_DIVISOR:
   case PIPE_CAP_VS_INSTANCEID:
   case PIPE_CAP_START_INSTANCE:
   /* indirect draws, their parameters read on the CPU: Tesla has no
    * method that fetches them (nv50_draw_indirect.c) */
   case PIPE_CAP_DRAW_INDIRECT:
   case PIPE_CAP_MULTI_DRAW_INDIRECT:
   case PIPE_CAP_MULTI_DRAW_INDIRECT_PARAMS:
      return 1;
   /* transform feedback (nv50_streamout.c): STRMOUT_ADDRESS's buffers;
    * a component streams from a result map slot of its own (or one the
    * FP's inputs share), so the slots after the position's bound them,
    * shared by the buffers in separate mode */
   case PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS:
      return G80_3D_STRMOUT_ADDRESS_HIGH__LEN;
   case PIPE_CAP_MAX_STREAM_OUTPUT_INTERLEAVED_COMPONENTS:
      return G80_3D_VP_RESULT_MAP__LEN * 4 - NV50_POS_SLOTS;
   case PIPE_CAP_MAX_STREAM_OUTPUT_SEPARATE_COMPONENTS:
      return (G80_3D_VP_RESULT_MAP__LEN * 4 - NV50_POS_SLOTS) /
             G80_3D_STRMOUT_ADDRESS_HIGH__LEN;
   /* G80_3D / G84_3D: the driver carries each target's offset; G200_3D
    * on: STRMOUT_OFFSET written back from its report */
   case PIPE_CAP_STREAM_OUTPUT_PAUSE_RESUME:
      return 1;
   default:
      return u_pipe_screen_get_param_defaults(pscreen, param);
   }
}

static float
nv50_screen_get_paramf(struct pipe_screen *pscreen, enum pipe_capf param)
{
   switch (param) {
   /* LINE_WIDTH is a float; the widest line the hardware draws:
    * upstream's nv50 driver reports 10 (fact; nv50_rasterizer.c clamps
    * to the range). */
   case PIPE_CAPF_MIN_LINE_WIDTH:
   case PIPE_CAPF_MIN_LINE_WIDTH_AA:
   case PIPE_CAPF_MIN_POINT_SIZE:
   case PIPE_CAPF_MIN_POINT_SIZE_AA:
      return 1.0f;
   case PIPE_CAPF_MAX_POINT_SIZE:
   case PIPE_CAPF_MAX_POINT_SIZE_AA:
      /* POINT_SIZE or the VP's gl_PointSize through SEMANTIC_PTSZ up
       * to hwdb's G80_POINT_SIZE_MAX; sprite coordinates worked out in
       * the FP (nv50_linkage.c) */
      return (float)G80_POINT_SIZE_MAX;
   case PIPE_CAPF_MAX_LINE_WIDTH:
   case PIPE_CAPF_MAX_LINE_WIDTH_AA:
      return 10.0f;
   case PIPE_CAPF_MAX_TEXTURE_ANISOTROPY:
      /* TSC MAX_ANISOTROPY (nv50_create_sampler), which nvsim samples
       * with EXT_texture_filter_anisotropic's example footprint */
      return (float)nv50_tsc_max_anisotropy();
   case PIPE_CAPF_MAX_TEXTURE_LOD_BIAS:
      /* TSC MIP_LOD_BIAS (nv50_create_sampler) */
      return nv50_tsc_max_lod_bias();
   case PIPE_CAPF_LINE_WIDTH_GRANULARITY:
   case PIPE_CAPF_POINT_SIZE_GRANULARITY:
      return 0.1f;
   default:
      return 0.0f;
   }
}

static int
nv50_screen_get_shader_param(struct pipe_screen *pscreen,
                             enum pipe_shader_type shader,
                             enum pipe_shader_cap param)
{
   /* the compiler's target: what it obeys is what we report */
   const struct nvc_g80_target *t = &nv50_screen(pscreen)->target;
   const struct nvhwdb_chip *chip = nv50_screen(pscreen)->chip;

   /* compute: a later step */
   if (shader != PIPE_SHADER_VERTEX && shader != PIPE_SHADER_GEOMETRY &&
       shader != PIPE_SHADER_FRAGMENT)
      return 0;

   switch (param) {
   case PIPE_SHADER_CAP_MAX_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_ALU_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_TEX_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_TEX_INDIRECTIONS:
      /* programs are fetched from memory: no slot limit (chips.xml);
       * GL 2.0's minimum until the driver loads programs */
      return 512;
   case PIPE_SHADER_CAP_MAX_INPUTS:
      /* VP: VP_ATTR_EN's attributes; GP (a vertex's p[] words) and FP:
       * the VP's result vec4s less the position's, which the limits do
       * not count (Mesa's linker counts the user's varyings; piglit's
       * vs-gs-max-in-out-components writes gl_Position besides them) but
       * the result words hold */
      return shader == PIPE_SHADER_VERTEX ? t->vp_max_attribs
                                          : MIN2((t->vp_max_results -
                                                  NV50_POS_SLOTS) / 4,
                                                 PIPE_MAX_SHADER_INPUTS);
   case PIPE_SHADER_CAP_MAX_OUTPUTS:
      /* VP: its result words as vec4s (16), the position's among them:
       * GLES 3.0 and GL 3.2 ask 64 vertex output components beside 60
       * varying ones (MAX_VERTEX_OUTPUT_COMPONENTS, MAX_VARYING_COMPONENTS
       * in their limit tables; GLSL ES 3.00's gl_MaxVertexOutputVectors
       * 16, piglit's built-in constants), the position's 4 the
       * difference.  Mesa's linker does not count gl_Position here, so
       * what reaches the next stage is bounded by MAX_VARYINGS and the
       * GP's / FP's MAX_INPUTS (15) instead; a VP that keeps 16 vec4s
       * besides the position (all for transform feedback) needs 68
       * words, and the compiler refuses it (nvc_g80_isel.c).
       * GP: result vec4s (the compiler's limit, which a GP keeps to as
       * well: the driver maps its results through VP_RESULT_MAP-sized
       * maps), less the position's as above */
      if (shader == PIPE_SHADER_VERTEX)
         return MIN2(t->vp_max_results / 4, PIPE_MAX_SHADER_OUTPUTS);
      return shader == PIPE_SHADER_GEOMETRY ?
                MIN2((t->vp_max_results - NV50_POS_SLOTS) / 4,
                     PIPE_MAX_SHADER_OUTPUTS) :
                chip->render_targets;
   case PIPE_SHADER_CAP_MAX_TEMPS:
      /* vec4s of the thread's $r registers */
      return t->max_gprs / 4;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE:
      /* one 64 KiB constant buffer (CB_DEF_SET SIZE 0, docs/tesla.md) */
      return 65536;
   case PIPE_SHADER_CAP_INDIRECT_CONST_ADDR:
      /* c[$a + offset] (the compiler's const_index_areg); st/mesa offers
       * uniform blocks only with it */
      return 1;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFERS:
      /* c0[] (uniforms) and uniform blocks in c1[]..: the const spaces
       * SET_PROGRAM_CB binds and the compiler addresses, less the last
       * (the FP's sprite constants, nv50_linkage.c) */
      return MIN2(NV50_CB_SLOTS, t->num_cbufs) - 1;
   case PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS:
   case PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS:
      /* BIND_TIC/BIND_TSC slots of the program type (nv50_tex.c) */
      return NV50_MAX_SAMPLERS;
   case PIPE_SHADER_CAP_INTEGERS:
      /* 32-bit integer arithmetic, compares, conversions and booleans as
       * 0 / ~0 in the compiler's VP and FP (src/nouveau/compiler/README.md,
       * "Tesla": int.rst's add/sub/shifts/min/max/set, imul from the
       * 16-bit multiplier, division lowered) */
      return 1;
   case PIPE_SHADER_CAP_SUPPORTED_IRS:
      return 1 << PIPE_SHADER_IR_NIR;
   case PIPE_SHADER_CAP_PREFERRED_IR:
      return PIPE_SHADER_IR_NIR;
   default:
      /* samplers, integers, control flow, indirect addressing ...:
       * off until programs run */
      return 0;
   }
}

static const void *
nv50_screen_get_compiler_options(struct pipe_screen *pscreen,
                                 enum pipe_shader_ir ir,
                                 enum pipe_shader_type shader)
{
   return nvc_g80_nir_options(&nv50_screen(pscreen)->target, shader);
}

static bool
nv50_screen_is_format_supported(struct pipe_screen *pscreen,
                                enum pipe_format format,
                                enum pipe_texture_target target,
                                unsigned sample_count,
                                unsigned storage_sample_count,
                                unsigned bindings)
{
   const struct nv50_format *fmt = nv50_format(format);

   if (format == PIPE_FORMAT_NONE || !util_format_description(format))
      return false;
   /* a zeta format the chip's 3D class lacks (Z16_UNORM before G200_3D,
    * hwdb) is neither a depth buffer nor a depth texture there (the TIC's
    * Z16 is G200's on too, g80_texture.xml): st/mesa picks Z24 instead */
   if (fmt->zeta &&
       !nv50_zeta_format_valid(nv50_screen(pscreen)->chip, fmt->zeta))
      return false;
   /* multisampling (nv50_msaa.c): the counts of the modes 2X1, 2X2,
    * 4X2, rendered to 2D targets and sampled as their stored surface */
   if (MAX2(sample_count, 1) != MAX2(storage_sample_count, 1))
      return false;
   if (sample_count > 1) {
      struct nv50_ms ms;
      if (!nv50_ms_mode(sample_count, &ms) ||
          (target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_2D_ARRAY) ||
          (bindings & PIPE_BIND_LINEAR))
         return false;
   }
   if (target == PIPE_BUFFER) {
      /* vertex formats VERTEX_ARRAY_ATTRIB has (nv50_vertex.c; st/mesa
       * converts the others through u_vbuf); index and constant buffers
       * are memory */
      if ((bindings & PIPE_BIND_VERTEX_BUFFER) && !nv50_vertex_format(format))
         return false;
      bindings &= ~(PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER |
                    PIPE_BIND_CONSTANT_BUFFER);
      /* texture buffers: a pitch ONE_D_BUFFER TIC of the format
       * (nv50_tex.c) */
      if ((bindings & PIPE_BIND_SAMPLER_VIEW) &&
          nv50_tex_format_supported(format))
         bindings &= ~PIPE_BIND_SAMPLER_VIEW;
      return bindings == 0;
   }
   if (bindings & PIPE_BIND_RENDER_TARGET) {
      if (!fmt->rt)
         return false;
      bindings &= ~(PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET |
                    PIPE_BIND_SCANOUT | PIPE_BIND_SHARED);
   }
   if (bindings & PIPE_BIND_DEPTH_STENCIL) {
      if (!fmt->zeta)
         return false;
      bindings &= ~PIPE_BIND_DEPTH_STENCIL;
   }
   /* sampler views: the formats the driver renders (their data can be
    * written and read back) that a TIC reads (nv50_tex.c), the TIC's
    * packed and compressed ones, which only transfers fill, and the
    * stencil views of depth/stencil textures */
   if (bindings & PIPE_BIND_SAMPLER_VIEW) {
      if ((!fmt->rt && !fmt->zeta && !nv50_tex_format_packed(format) &&
           !nv50_tex_format_stencil(format)) ||
          !nv50_tex_format_supported(format))
         return false;
      bindings &= ~PIPE_BIND_SAMPLER_VIEW;
   }
   bindings &= ~(PIPE_BIND_LINEAR | PIPE_BIND_BLENDABLE);
   return bindings == 0;
}

static void
nv50_screen_destroy(struct pipe_screen *pscreen)
{
   struct nv50_screen *screen = nv50_screen(pscreen);

   nouveau_screen_fini(&screen->base);
   FREE(screen);
}

static int
nv50_screen_get_video_param(struct pipe_screen *pscreen,
                            enum pipe_video_profile profile,
                            enum pipe_video_entrypoint entrypoint,
                            enum pipe_video_cap param)
{
   return 0;
}

/* The screen's entry points; nouveau_screen_init adds the fence ones. */
static const struct pipe_screen nv50_screen_funcs = {
   .destroy = nv50_screen_destroy,
   .get_name = nv50_screen_get_name,
   .get_vendor = nv50_screen_get_vendor,
   .get_device_vendor = nv50_screen_get_device_vendor,
   .get_timestamp = nouveau_screen_get_timestamp,
   .get_param = nv50_screen_get_param,
   .get_paramf = nv50_screen_get_paramf,
   .get_shader_param = nv50_screen_get_shader_param,
   .get_video_param = nv50_screen_get_video_param,
   .get_compiler_options = nv50_screen_get_compiler_options,
   .is_format_supported = nv50_screen_is_format_supported,
   .context_create = nv50_context_create,
   .resource_create = nv50_resource_create,
   .resource_destroy = nv50_resource_destroy,
   .resource_from_handle = nv50_resource_from_handle,
   .resource_get_handle = nv50_resource_get_handle,
   .resource_get_param = nv50_resource_get_param,
   .query_memory_info = nouveau_screen_query_memory_info,
};

struct nouveau_screen *
nv50_screen_create(struct nouveau_drm *drm, struct nouveau_device *dev,
                   const struct nvhwdb_chip *chip)
{
   struct nv50_screen *screen = CALLOC_STRUCT(nv50_screen);
   char *error = NULL;

   if (!screen)
      return NULL;
   screen->chip = chip;
   if (!nvc_g80_target_init(&screen->target, chip, &error)) {
      NOUVEAU_ERR("%s\n", error ? error : "no Tesla compiler target");
      free(error);
      FREE(screen);
      return NULL;
   }
   screen->base.base = nv50_screen_funcs;
   if (!nouveau_screen_init(&screen->base, drm, dev)) {
      FREE(screen);
      return NULL;
   }
   /* named by chip, as PMC_BOOT_0 reports it (real or simulated alike) */
   snprintf(screen->base.name, sizeof(screen->base.name), "%s (%s)",
            chip->codename, chip->marketing);
   return &screen->base;
}
