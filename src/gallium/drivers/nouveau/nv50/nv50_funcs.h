/*
 * The context's entry points, by the file that holds them: nv50_context.c
 * puts them in one table (nv50_context_funcs), as nv30_funcs.h does for
 * rankine and curie.
 */
#ifndef NV50_FUNCS_H
#define NV50_FUNCS_H

#include "pipe/p_context.h"
#include "pipe/p_state.h"

/* nv50_blend.c */
void nv50_bind_blend(struct pipe_context *p, void *cso);
void *nv50_create_blend(struct pipe_context *p,
                        const struct pipe_blend_state *s);
void nv50_set_blend_color(struct pipe_context *p,
                          const struct pipe_blend_color *c);

/* nv50_clear.c */
void nv50_clear(struct pipe_context *pipe, unsigned buffers,
                const struct pipe_scissor_state *scissor,
                const union pipe_color_union *color, double depth,
                unsigned stencil);
void nv50_clear_depth_stencil(struct pipe_context *pipe,
                              struct pipe_surface *dst, unsigned flags,
                              double depth, unsigned stencil, unsigned x,
                              unsigned y, unsigned w, unsigned h,
                              bool render_condition_enabled);
void nv50_clear_texture(struct pipe_context *pipe, struct pipe_resource *res,
                        unsigned level, const struct pipe_box *box,
                        const void *data);
void nv50_clear_render_target(struct pipe_context *pipe,
                              struct pipe_surface *dst,
                              const union pipe_color_union *color, unsigned x,
                              unsigned y, unsigned w, unsigned h,
                              bool render_condition_enabled);

/* nv50_blit.c */
void nv50_blit(struct pipe_context *pipe, const struct pipe_blit_info *info);
void nv50_resource_copy_region(struct pipe_context *pipe,
                               struct pipe_resource *dst, unsigned dst_level,
                               unsigned dstx, unsigned dsty, unsigned dstz,
                               struct pipe_resource *src, unsigned src_level,
                               const struct pipe_box *src_box);
/* For the blits done on the CPU (here and nv50_msaa.c): whether the
 * blit's scissor leaves destination pixel (x, y) out; and the colour c
 * packed into the texel p of format f, the channels outside mask
 * keeping their old values. */
bool nv50_blit_scissored(const struct pipe_blit_info *info, int x, int y);
void nv50_pack_rgba_masked(enum pipe_format f, uint8_t *p, float c[4],
                           unsigned mask);

/* nv50_draw.c */
void nv50_draw_vbo(struct pipe_context *pipe,
                   const struct pipe_draw_info *info, unsigned drawid_offset,
                   const struct pipe_draw_indirect_info *indirect,
                   const struct pipe_draw_start_count_bias *draws,
                   unsigned num_draws);

/* nv50_program.c */
void nv50_bind_fp(struct pipe_context *pipe, void *cso);
void nv50_bind_vp(struct pipe_context *pipe, void *cso);
/* nv50_gp.c */
void nv50_bind_gp(struct pipe_context *pipe, void *cso);
void *nv50_program_create(struct pipe_context *pipe,
                          const struct pipe_shader_state *s);
void nv50_program_delete(struct pipe_context *pipe, void *cso);

/* nv50_query.c */
bool nv50_begin_query(struct pipe_context *pipe, struct pipe_query *pq);
struct pipe_query *nv50_create_query(struct pipe_context *pipe, unsigned type,
                                     unsigned index);
void nv50_destroy_query(struct pipe_context *pipe, struct pipe_query *pq);
bool nv50_end_query(struct pipe_context *pipe, struct pipe_query *pq);
bool nv50_get_query_result(struct pipe_context *pipe, struct pipe_query *pq,
                           bool wait, union pipe_query_result *result);
void nv50_render_condition(struct pipe_context *pipe, struct pipe_query *query,
                           bool condition, enum pipe_render_cond_flag mode);
void nv50_set_active_query_state(struct pipe_context *pipe, bool enable);

/* nv50_rasterizer.c */
void nv50_bind_rasterizer(struct pipe_context *p, void *cso);
void *nv50_create_rasterizer(struct pipe_context *p,
                             const struct pipe_rasterizer_state *s);
void nv50_set_polygon_stipple(struct pipe_context *p,
                              const struct pipe_poly_stipple *s);
void nv50_set_scissor_states(struct pipe_context *p, unsigned start,
                             unsigned num,
                             const struct pipe_scissor_state *s);

/* nv50_state.c */
struct pipe_surface * nv50_create_surface(struct pipe_context *p,
                                          struct pipe_resource *res,
                                          const struct pipe_surface *templ);
void nv50_delete_copy(struct pipe_context *p, void *cso);
void nv50_flush_resource(struct pipe_context *p, struct pipe_resource *res);
void nv50_memory_barrier(struct pipe_context *p, unsigned flags);
void nv50_set_clip_state(struct pipe_context *p,
                         const struct pipe_clip_state *c);
void nv50_set_constant_buffer(struct pipe_context *p,
                              enum pipe_shader_type shader, uint index,
                              bool take_ownership,
                              const struct pipe_constant_buffer *cb);
void nv50_set_framebuffer_state(struct pipe_context *p,
                                const struct pipe_framebuffer_state *fb);
void nv50_set_min_samples(struct pipe_context *p, unsigned min_samples);
void nv50_set_sample_mask(struct pipe_context *p, unsigned mask);
void nv50_set_viewport_states(struct pipe_context *p, unsigned start,
                              unsigned num,
                              const struct pipe_viewport_state *v);
void nv50_surface_destroy(struct pipe_context *p, struct pipe_surface *sf);
void nv50_texture_barrier(struct pipe_context *p, unsigned flags);

/* nv50_streamout.c */
struct pipe_stream_output_target *
nv50_create_so_target(struct pipe_context *pipe, struct pipe_resource *res,
                      unsigned offset, unsigned size);
void nv50_set_so_targets(struct pipe_context *pipe, unsigned num,
                         struct pipe_stream_output_target **targets,
                         const unsigned *offsets);
void nv50_so_target_destroy(struct pipe_context *pipe,
                            struct pipe_stream_output_target *t);

/* nv50_tex.c */
void nv50_bind_samplers(struct pipe_context *p, enum pipe_shader_type shader,
                        unsigned start, unsigned num, void **samplers);
void *nv50_create_sampler(struct pipe_context *p,
                          const struct pipe_sampler_state *s);
struct pipe_sampler_view *nv50_create_sampler_view(struct pipe_context *p,
                                                   struct pipe_resource *res,
                                                   const struct pipe_sampler_view *templ);
void nv50_delete_sampler(struct pipe_context *p, void *cso);
void nv50_sampler_view_destroy(struct pipe_context *p,
                               struct pipe_sampler_view *view);
void nv50_set_sampler_views(struct pipe_context *p,
                            enum pipe_shader_type shader, unsigned start,
                            unsigned num, unsigned unbind_trailing,
                            bool take_ownership,
                            struct pipe_sampler_view **views);

/* nv50_transfer.c */
void nv50_transfer_flush_region(struct pipe_context *pipe,
                                struct pipe_transfer *ptx,
                                const struct pipe_box *box);
void *nv50_transfer_map(struct pipe_context *pipe, struct pipe_resource *pres,
                        unsigned level, unsigned usage,
                        const struct pipe_box *box,
                        struct pipe_transfer **ptransfer);
void nv50_transfer_unmap(struct pipe_context *pipe,
                         struct pipe_transfer *ptx);

/* nv50_vertex.c */
void nv50_set_vertex_buffers(struct pipe_context *pipe, unsigned start,
                             unsigned count, unsigned unbind_trailing,
                             bool take_ownership,
                             const struct pipe_vertex_buffer *vb);
void nv50_vertex_elements_bind(struct pipe_context *pipe, void *cso);
void *nv50_vertex_elements_create(struct pipe_context *pipe, unsigned count,
                                  const struct pipe_vertex_element *e);
void nv50_vertex_elements_delete(struct pipe_context *pipe, void *cso);

/* nv50_zsa.c */
void nv50_bind_zsa(struct pipe_context *p, void *cso);
void *nv50_create_zsa(struct pipe_context *p,
                      const struct pipe_depth_stencil_alpha_state *s);
void nv50_set_stencil_ref(struct pipe_context *p,
                          const struct pipe_stencil_ref r);

extern const struct pipe_context nv50_context_funcs;

#endif
