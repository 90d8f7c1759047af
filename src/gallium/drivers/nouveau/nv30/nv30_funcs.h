#ifndef NV30_FUNCS_H
#define NV30_FUNCS_H

/* The Gallium entry points of the nv30/ driver, by the file that
 * implements them.  nv30_context.c and nv30_screen.c gather them into the
 * one pipe_context and pipe_screen function table each (designated
 * initializers), so that every entry point is listed in exactly one place
 * and a missing one is easy to see.
 */

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

struct winsys_handle;

/* nv30_resource.c: pipe_screen */
struct pipe_resource *nv30_resource_create(struct pipe_screen *pscreen,
                                           const struct pipe_resource *templ);
void nv30_resource_destroy(struct pipe_screen *pscreen,
                           struct pipe_resource *pres);
struct pipe_resource *
nv30_resource_from_handle(struct pipe_screen *pscreen,
                          const struct pipe_resource *templ,
                          struct winsys_handle *whandle, unsigned usage);
bool nv30_resource_get_handle(struct pipe_screen *pscreen,
                              struct pipe_context *ctx,
                              struct pipe_resource *pres,
                              struct winsys_handle *whandle, unsigned usage);

/* nv30_resource.c: pipe_context (one map/unmap for buffers and textures) */
void *nv30_transfer_map(struct pipe_context *pipe, struct pipe_resource *pres,
                        unsigned level, unsigned usage,
                        const struct pipe_box *box,
                        struct pipe_transfer **ptransfer);
void nv30_transfer_unmap(struct pipe_context *pipe,
                         struct pipe_transfer *xfer);
void nv30_transfer_flush_region(struct pipe_context *pipe,
                                struct pipe_transfer *xfer,
                                const struct pipe_box *box);
struct pipe_surface *nv30_surface_create(struct pipe_context *pipe,
                                         struct pipe_resource *pres,
                                         const struct pipe_surface *templ);
void nv30_surface_destroy(struct pipe_context *pipe, struct pipe_surface *psf);

/* nv30_state.c: state objects (every plain CSO is freed by
 * nv30_cso_delete) and parameters */
void nv30_cso_delete(struct pipe_context *pipe, void *so);
void *nv30_blend_state_create(struct pipe_context *pipe,
                              const struct pipe_blend_state *cso);
void nv30_blend_state_bind(struct pipe_context *pipe, void *so);
void *nv30_zsa_state_create(struct pipe_context *pipe,
                            const struct pipe_depth_stencil_alpha_state *cso);
void nv30_zsa_state_bind(struct pipe_context *pipe, void *so);
void *nv30_rasterizer_state_create(struct pipe_context *pipe,
                                   const struct pipe_rasterizer_state *cso);
void nv30_rasterizer_state_bind(struct pipe_context *pipe, void *so);
void *nv30_vertex_state_create(struct pipe_context *pipe, unsigned count,
                               const struct pipe_vertex_element *elements);
void nv30_vertex_state_bind(struct pipe_context *pipe, void *so);
void nv30_set_blend_color(struct pipe_context *pipe,
                          const struct pipe_blend_color *color);
void nv30_set_stencil_ref(struct pipe_context *pipe,
                          const struct pipe_stencil_ref ref);
void nv30_set_sample_mask(struct pipe_context *pipe, unsigned mask);
void nv30_set_min_samples(struct pipe_context *pipe, unsigned min_samples);
void nv30_set_clip_state(struct pipe_context *pipe,
                         const struct pipe_clip_state *clip);
void nv30_set_polygon_stipple(struct pipe_context *pipe,
                              const struct pipe_poly_stipple *stipple);
void nv30_set_scissor_states(struct pipe_context *pipe, unsigned start,
                             unsigned count,
                             const struct pipe_scissor_state *s);
void nv30_set_viewport_states(struct pipe_context *pipe, unsigned start,
                              unsigned count,
                              const struct pipe_viewport_state *vp);
void nv30_set_framebuffer_state(struct pipe_context *pipe,
                                const struct pipe_framebuffer_state *fb);
void nv30_set_constant_buffer(struct pipe_context *pipe,
                              enum pipe_shader_type shader, uint index,
                              bool take_ownership,
                              const struct pipe_constant_buffer *cb);
void nv30_set_vertex_buffers(struct pipe_context *pipe, unsigned start,
                             unsigned count, unsigned unbind_trailing,
                             bool take_ownership,
                             const struct pipe_vertex_buffer *vb);

/* nv30_shader.c */
void *nv30_vp_state_create(struct pipe_context *pipe,
                           const struct pipe_shader_state *cso);
void nv30_vp_state_bind(struct pipe_context *pipe, void *so);
void nv30_vp_state_delete(struct pipe_context *pipe, void *so);
void *nv30_fp_state_create(struct pipe_context *pipe,
                           const struct pipe_shader_state *cso);
void nv30_fp_state_bind(struct pipe_context *pipe, void *so);
void nv30_fp_state_delete(struct pipe_context *pipe, void *so);

/* nv30_texture.c (sampler states are freed by nv30_cso_delete) */
void *nv30_sampler_state_create(struct pipe_context *pipe,
                                const struct pipe_sampler_state *cso);
void nv30_sampler_states_bind(struct pipe_context *pipe,
                              enum pipe_shader_type shader, unsigned start,
                              unsigned count, void **samplers);
struct pipe_sampler_view *
nv30_sampler_view_create(struct pipe_context *pipe, struct pipe_resource *tex,
                         const struct pipe_sampler_view *templ);
void nv30_sampler_view_destroy(struct pipe_context *pipe,
                               struct pipe_sampler_view *view);
void nv30_set_sampler_views(struct pipe_context *pipe,
                            enum pipe_shader_type shader, unsigned start,
                            unsigned count, unsigned unbind_num_trailing_slots,
                            bool take_ownership,
                            struct pipe_sampler_view **views);

/* nv30_draw.c */
void nv30_draw_vbo(struct pipe_context *pipe, const struct pipe_draw_info *info,
                   unsigned drawid_offset,
                   const struct pipe_draw_indirect_info *indirect,
                   const struct pipe_draw_start_count_bias *draws,
                   unsigned num_draws);

/* nv30_clear.c */
void nv30_clear(struct pipe_context *pipe, unsigned buffers,
                const struct pipe_scissor_state *scissor,
                const union pipe_color_union *color, double depth,
                unsigned stencil);
void nv30_clear_render_target(struct pipe_context *pipe,
                              struct pipe_surface *dst,
                              const union pipe_color_union *color,
                              unsigned x, unsigned y, unsigned w, unsigned h,
                              bool render_condition_enabled);
void nv30_clear_depth_stencil(struct pipe_context *pipe,
                              struct pipe_surface *dst, unsigned flags,
                              double depth, unsigned stencil,
                              unsigned x, unsigned y, unsigned w, unsigned h,
                              bool render_condition_enabled);

/* nv30_blit.c */
void nv30_resource_copy_region(struct pipe_context *pipe,
                               struct pipe_resource *dst, unsigned dst_level,
                               unsigned dstx, unsigned dsty, unsigned dstz,
                               struct pipe_resource *src, unsigned src_level,
                               const struct pipe_box *src_box);
void nv30_blit(struct pipe_context *pipe, const struct pipe_blit_info *info);
/* CPU maps of multisampled resources resolve (nv30_blit.c) */
void *nv30_ms_transfer_map(struct pipe_context *pipe,
                           struct pipe_resource *pres, unsigned level,
                           unsigned usage, const struct pipe_box *box,
                           struct pipe_transfer **ptransfer);
void nv30_ms_transfer_unmap(struct pipe_context *pipe,
                            struct pipe_transfer *xfer);

/* nv30_tex_npot.c: NPOT textures through rankine's rectangles */
struct nvc_fp_key;
/* The FP key for the bound samplers and views of `units` (false: none
 * emulated). */
bool nv30_tex_npot_key(struct nv30_context *nv30, uint32_t units,
                       struct nvc_fp_key *key);
/* NV_DEBUG=fallback: the draw's emulated units, and the inexact ones. */
void nv30_tex_npot_count(struct nv30_context *nv30,
                         const struct nvc_fp_key *key);
/* Parameter dword (uniform_dword - NVC_FP_TEX_PARAM_DWORD0) of a patch. */
uint32_t nv30_tex_npot_param(struct nv30_context *nv30, uint32_t dword);

/* nv30_query.c */
struct pipe_query *nv30_create_query(struct pipe_context *pipe, unsigned type,
                                     unsigned index);
void nv30_destroy_query(struct pipe_context *pipe, struct pipe_query *pq);
bool nv30_begin_query(struct pipe_context *pipe, struct pipe_query *pq);
bool nv30_end_query(struct pipe_context *pipe, struct pipe_query *pq);
bool nv30_get_query_result(struct pipe_context *pipe, struct pipe_query *pq,
                           bool wait, union pipe_query_result *result);
void nv30_set_active_query_state(struct pipe_context *pipe, bool enable);
void nv30_render_condition(struct pipe_context *pipe, struct pipe_query *query,
                           bool condition, enum pipe_render_cond_flag mode);

#endif
