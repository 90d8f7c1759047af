/*
 * Multisampling on Tesla: multisampled resources, MULTISAMPLE_MODE, the
 * sample mask, sample positions and resolves.
 *
 * Facts (envytools-docs hw/memory/g80-surface.rst, "Multisampled
 * surfaces"; hwdb g80_msaa_mode and G80_MS_SAMPLE, g80_defs.xml): in
 * mode 2X1, 2X2 or 4X2 a surface stores pixel (x, y) as the block of
 * 2x1, 2x2 or 4x2 surface pixels at (x, y) times the block size, the
 * layout (blocklinear, storage type) being otherwise the surface's ("a
 * multisampled render target is bound as a non-multisampled texture for
 * the resolving process"); sample s of a mode lies at (X, Y) / 16 in the
 * pixel and is stored at (STORE_X, STORE_Y) in the block.  The block's
 * size is not written down here: it is the extent of the STORE_X /
 * STORE_Y fields over the mode's samples.  RT_HORIZ / ZETA_HORIZ take
 * the stored size, clear and scissor rectangles stay in pixels
 * (docs/tesla.md "Multisampling").  Sample counts 2, 4, 8 are the modes
 * 2X1, 2X2, 4X2; the coverage-sampled modes and GT215's D3D orders are
 * left out (the doc and rnndb disagree on the latter).
 *
 * A multisampled resource (nv50_resource.c) is the stored surface:
 * its levels' sizes, its transfers' boxes (used by the resolve here
 * only: st/mesa resolves before it maps) and its 2D / M2MF copies are
 * in stored pixels, res->ms_x / ms_y the block's log2.
 *
 * Resolves (multisampled -> single-sampled blits) run on the CPU, the
 * last resort: G80_2D has nothing multisample-specific (docs/tesla.md),
 * a 2:1 scaled 2D blit would average only with BLIT_CONTROL
 * FILTER_BILINEAR, whose tap positions are not documented (nvsim traps
 * on scaled bilinear blits), and the driver has no 3D blit pass yet.
 * Blits between two multisampled resources of one sample count, 1:1,
 * are 2D copies of the stored surfaces (nv50_blit.c) when G80_2D takes
 * the formats, else (depth, stencil, conversions) copies of every
 * sample on the CPU here.
 *
 * Multisampled textures (ARB_texture_multisample) are sampled as their
 * stored surface, a TWO_D TIC of the stored size (nv50_tex.c; the doc's
 * resolving binding; the TIC's MULTI_SAMPLE_COUNT is left 0: nvsim traps
 * on it, and upstream never sets it): texelFetch(s, p, i) fetches
 * stored pixel (p.x << log2_x + STORE_X(i), p.y << log2_y + STORE_Y(i))
 * at level 0 and textureSize shifts the stored size back.  Which mode a
 * texture has is known at the draw, so an FP reads the block's log2 and
 * the places from the driver's constants (the last const space after the sprite words,
 * NV50_MS_CB_WORD: per sampler slot the places as STORE_X | STORE_Y <<
 * 16 by sample, then log2_x, log2_y), as upstream reads its own table
 * from c15[] (docs/tesla.md, t2.hex).
 */

#include <assert.h>
#include <math.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/u_box.h"
#include "util/u_framebuffer.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "nir.h"
#include "nir_builder.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_msaa.h"
#include "nv50_resource.h"
#include "nv50_tex.h"
#include "g80_3d.xml.h"
#include "g80_defs.xml.h"

static const uint32_t nv50_ms_1x1[] = { G80_MS_SAMPLE_1X1_0 };
static const uint32_t nv50_ms_2x1[] = {
   G80_MS_SAMPLE_2X1_0, G80_MS_SAMPLE_2X1_1,
};
static const uint32_t nv50_ms_2x2[] = {
   G80_MS_SAMPLE_2X2_0, G80_MS_SAMPLE_2X2_1, G80_MS_SAMPLE_2X2_2,
   G80_MS_SAMPLE_2X2_3,
};
static const uint32_t nv50_ms_4x2[] = {
   G80_MS_SAMPLE_4X2_0, G80_MS_SAMPLE_4X2_1, G80_MS_SAMPLE_4X2_2,
   G80_MS_SAMPLE_4X2_3, G80_MS_SAMPLE_4X2_4, G80_MS_SAMPLE_4X2_5,
   G80_MS_SAMPLE_4X2_6, G80_MS_SAMPLE_4X2_7,
};

static const struct {
   uint32_t mode;
   unsigned samples;
   const uint32_t *sample;
} nv50_ms_modes[] = {
   { G80_3D_MULTISAMPLE_MODE_1X1, ARRAY_SIZE(nv50_ms_1x1), nv50_ms_1x1 },
   { G80_3D_MULTISAMPLE_MODE_2X1, ARRAY_SIZE(nv50_ms_2x1), nv50_ms_2x1 },
   { G80_3D_MULTISAMPLE_MODE_2X2, ARRAY_SIZE(nv50_ms_2x2), nv50_ms_2x2 },
   { G80_3D_MULTISAMPLE_MODE_4X2, ARRAY_SIZE(nv50_ms_4x2), nv50_ms_4x2 },
};

#define NV50_MS_FIELD(v, f) (((v) & f##__MASK) >> f##__SHIFT)

/* A slot's word holding the texture's sample count (textureSamples),
 * after the places and the block's log2 */
#define NV50_MS_SLOT_SAMPLES (NV50_MS_MAX_SAMPLES + 2)
static_assert(NV50_MS_SLOT_SAMPLES < NV50_MS_CB_SLOT_WORDS,
              "the slot holds the places, log2_x, log2_y and the count");

bool
nv50_ms_mode(unsigned nr_samples, struct nv50_ms *ms)
{
   /* Gallium's 0 is single-sampled too */
   const unsigned n = MAX2(nr_samples, 1);

   for (unsigned i = 0; i < ARRAY_SIZE(nv50_ms_modes); i++) {
      if (nv50_ms_modes[i].samples != n)
         continue;
      unsigned max_x = 0, max_y = 0;
      ms->mode = nv50_ms_modes[i].mode;
      ms->samples = n;
      for (unsigned s = 0; s < n; s++) {
         const uint32_t v = nv50_ms_modes[i].sample[s];
         ms->pos[s][0] = NV50_MS_FIELD(v, G80_MS_SAMPLE_X);
         ms->pos[s][1] = NV50_MS_FIELD(v, G80_MS_SAMPLE_Y);
         ms->store[s][0] = NV50_MS_FIELD(v, G80_MS_SAMPLE_STORE_X);
         ms->store[s][1] = NV50_MS_FIELD(v, G80_MS_SAMPLE_STORE_Y);
         max_x = MAX2(max_x, ms->store[s][0]);
         max_y = MAX2(max_y, ms->store[s][1]);
      }
      /* the block is as large as its samples' places */
      ms->log2_x = util_logbase2_ceil(max_x + 1);
      ms->log2_y = util_logbase2_ceil(max_y + 1);
      return true;
   }
   return false;
}

uint32_t
nv50_ms_fb_mode(const struct pipe_framebuffer_state *fb)
{
   struct nv50_ms ms;

   if (!nv50_ms_mode(util_framebuffer_get_num_samples(fb), &ms))
      return G80_3D_MULTISAMPLE_MODE_1X1;
   return ms.mode;
}

void
nv50_get_sample_position(struct pipe_context *p, unsigned sample_count,
                         unsigned sample_index, float *out_value)
{
   struct nv50_ms ms;

   if (!nv50_ms_mode(sample_count, &ms) || sample_index >= ms.samples) {
      out_value[0] = out_value[1] = 0.5f;
      return;
   }
   /* 1/16 pixel from the pixel's corner (the doc's 0x0.X) */
   out_value[0] = ms.pos[sample_index][0] / 16.0f;
   out_value[1] = ms.pos[sample_index][1] / 16.0f;
}

void
nv50_set_sample_mask(struct pipe_context *p, unsigned mask)
{
   struct nv50_context *nv50 = nv50_context(p);

   if (!nv50_push_begin(nv50, 2 * G80_3D_MSAA_MASK__LEN))
      return;
   /* MSAA_MASK(0) bit s keeps sample s; the same mask in all four (the
    * 16-bit masks upstream writes; nvsim traps on four different ones,
    * whose meaning rnndb does not give) */
   for (unsigned i = 0; i < G80_3D_MSAA_MASK__LEN; i++)
      nv50_hw_put(nv50, G80_3D_MSAA_MASK(i), mask & 0xffff);
}

/* ---- resolves ---- */

/* Reads sample s of pixel (x, y) (in the box's pixels) of a map of the
 * stored surface. */
static const uint8_t *
nv50_ms_texel(const uint8_t *map, unsigned stride, unsigned cpp,
              const struct nv50_ms *ms, int x, int y, unsigned s)
{
   return map + (size_t)((y << ms->log2_y) + ms->store[s][1]) * stride +
          (size_t)((x << ms->log2_x) + ms->store[s][0]) * cpp;
}

/* Converts texel q of format sf into p of df: the parts mask keeps
 * (depth and stencil each in place, the packers keep the other's bits;
 * colour components not in the mask kept). */
static void
nv50_ms_convert(enum pipe_format sf, enum pipe_format df, unsigned mask,
                bool zs, const uint8_t *q, uint8_t *p)
{
   float c[4], d[4];

   if (zs) {
      if (mask & PIPE_MASK_Z) {
         util_format_unpack_z_float(sf, c, q, 1);
         util_format_pack_z_float(df, p, c, 1);
      }
      if (mask & PIPE_MASK_S) {
         uint8_t s8;
         util_format_unpack_s_8uint(sf, &s8, q, 1);
         util_format_pack_s_8uint(df, p, &s8, 1);
      }
      return;
   }
   util_format_unpack_rgba(sf, c, q, 1);
   if ((mask & PIPE_MASK_RGBA) != PIPE_MASK_RGBA) {
      util_format_unpack_rgba(df, d, p, 1);
      for (unsigned i = 0; i < 4; i++)
         if (!(mask & (PIPE_MASK_R << i)))
            c[i] = d[i];
   }
   util_format_pack_rgba(df, p, c, 1);
}

/* Maps a box of pixels of a resource: in stored pixels when it is
 * multisampled (its transfers are, nv50_resource.c). */
static uint8_t *
nv50_ms_map(struct pipe_context *pipe, struct pipe_resource *r,
            unsigned level, unsigned usage, int x, int y, int z, int w,
            int h, struct pipe_transfer **t)
{
   const struct nv50_resource *res = nv50_resource(r);
   struct pipe_box box;

   u_box_3d(x << res->ms_x, y << res->ms_y, z, w << res->ms_x,
            h << res->ms_y, 1, &box);
   return pipe->texture_map(pipe, r, level, usage, &box, t);
}

bool
nv50_ms_blit(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   struct pipe_resource *sr = info->src.resource, *dr = info->dst.resource;
   const enum pipe_format sf = info->src.format, df = info->dst.format;
   const struct pipe_box *sb = &info->src.box, *db = &info->dst.box;
   struct nv50_ms ms, dms;

   if (!nv50_ms_mode(sr->nr_samples, &ms) ||
       !nv50_ms_mode(dr->nr_samples, &dms) ||
       (ms.samples == 1 && dms.samples == 1))
      return false;
   /* multisampled both sides: one count, 1:1 (GL 3.0 4.3.2); into a
    * multisampled one from a single-sampled one (desktop GL after 3.0
    * allows it; Mesa passes it on): every sample takes the pixel */
   const bool copy = ms.samples > 1 && dms.samples > 1;
   const bool upsample = ms.samples == 1;
   const bool zs = util_format_is_depth_or_stencil(df);
   const bool integer = util_format_is_pure_integer(sf);
   if ((copy && (dms.samples != ms.samples ||
                 sb->width != db->width || sb->height != db->height)) ||
       zs != util_format_is_depth_or_stencil(sf) ||
       integer != util_format_is_pure_integer(df) ||
       util_format_is_compressed(df) || sb->depth != db->depth ||
       sb->width <= 0 || sb->height <= 0 || db->width <= 0 ||
       db->height <= 0 || info->num_window_rectangles)
      return false;
   if (zs && (((info->mask & PIPE_MASK_Z) &&
               !(util_format_has_depth(util_format_description(sf)) &&
                 util_format_has_depth(util_format_description(df)))) ||
              ((info->mask & PIPE_MASK_S) &&
               !(util_format_has_stencil(util_format_description(sf)) &&
                 util_format_has_stencil(util_format_description(df))))))
      return false;

   /* the destination pixels in its level */
   const int dw = u_minify(dr->width0, info->dst.level);
   const int dh = u_minify(dr->height0, info->dst.level);
   const int cx0 = MAX2(db->x, 0), cx1 = MIN2(db->x + db->width, dw);
   const int cy0 = MAX2(db->y, 0), cy1 = MIN2(db->y + db->height, dh);
   if (cx0 >= cx1 || cy0 >= cy1)
      return true;
   /* the source pixels, inside the resource (GL 3.0 4.3.2: a resolve
    * keeps the rectangle's size; EXT_framebuffer_multisample_blit_scaled
    * resolves then scales, nearest here) */
   const int sw = u_minify(sr->width0, info->src.level);
   const int sh = u_minify(sr->height0, info->src.level);
   const int sx0 = CLAMP(sb->x, 0, sw - 1), sy0 = CLAMP(sb->y, 0, sh - 1);
   const int sx1 = CLAMP(sb->x + sb->width, sx0 + 1, sw);
   const int sy1 = CLAMP(sb->y + sb->height, sy0 + 1, sh);
   const unsigned scpp = util_format_get_blocksize(sf);
   const unsigned dcpp = util_format_get_blocksize(df);

   NOUVEAU_FALLBACK("%s of %u samples %s -> %s (%dx%d) on the CPU\n",
                    copy ? "copy" : upsample ? "upsample" : "resolve",
                    MAX2(ms.samples, dms.samples),
                    util_format_short_name(sf), util_format_short_name(df),
                    db->width, db->height);
   for (int z = 0; z < db->depth; z++) {
      struct pipe_transfer *st, *dt;
      const uint8_t *smap = nv50_ms_map(pipe, sr, info->src.level,
                                        PIPE_MAP_READ, sx0, sy0,
                                        sb->z + z, sx1 - sx0, sy1 - sy0, &st);
      if (!smap)
         return true;
      uint8_t *dmap = nv50_ms_map(pipe, dr, info->dst.level,
                                  PIPE_MAP_READ | PIPE_MAP_WRITE, cx0, cy0,
                                  db->z + z, cx1 - cx0, cy1 - cy0, &dt);
      if (!dmap) {
         pipe->texture_unmap(pipe, st);
         return true;
      }
      for (int py = cy0; py < cy1; py++) {
         for (int px = cx0; px < cx1; px++) {
            if (nv50_blit_scissored(info, px, py))
               continue;
            int x = sb->x + (int)floorf((px - db->x + 0.5f) * sb->width /
                                        (float)db->width);
            int y = sb->y + (int)floorf((py - db->y + 0.5f) * sb->height /
                                        (float)db->height);
            x = CLAMP(x, sx0, sx1 - 1) - sx0;
            y = CLAMP(y, sy0, sy1 - 1) - sy0;

            if (copy || upsample) {
               /* every sample to its place in the same block, or the
                * pixel to every sample */
               for (unsigned s = 0; s < dms.samples; s++)
                  nv50_ms_convert(sf, df, info->mask, zs,
                                  nv50_ms_texel(smap, st->stride, scpp, &ms,
                                                x, y, copy ? s : 0),
                                  (uint8_t *)nv50_ms_texel(dmap, dt->stride,
                                                           dcpp, &dms,
                                                           px - cx0, py - cy0,
                                                           s));
               continue;
            }
            uint8_t *p = dmap + (py - cy0) * dt->stride + (px - cx0) * dcpp;
            if (zs || integer) {
               /* GL 3.0 4.3.2: a depth or stencil resolve takes one
                * sample (sample 0 here); integer samples are not
                * averaged either (GL 4.6 18.3.1 allows one; 3.0 leaves
                * it undefined) */
               nv50_ms_convert(sf, df, info->mask, zs,
                               nv50_ms_texel(smap, st->stride, scpp, &ms,
                                             x, y, 0), p);
               continue;
            }
            float c[4] = { 0 }, t[4];
            for (unsigned s = 0; s < ms.samples; s++) {
               util_format_unpack_rgba(sf, t,
                                       nv50_ms_texel(smap, st->stride, scpp,
                                                     &ms, x, y, s), 1);
               for (unsigned i = 0; i < 4; i++)
                  c[i] += t[i];
            }
            for (unsigned i = 0; i < 4; i++)
               c[i] /= ms.samples;
            nv50_pack_rgba_masked(df, p, c, info->mask);
         }
      }
      pipe->texture_unmap(pipe, dt);
      pipe->texture_unmap(pipe, st);
   }
   return true;
}

/* ---- multisampled textures ---- */

static nir_ssa_def *
nv50_ms_cb(nir_builder *b, nir_ssa_def *byte_offset)
{
   return nir_load_ubo(b, 1, 32, nir_imm_int(b, NV50_SPRITE_CB_INDEX),
                       byte_offset, .align_mul = 4, .align_offset = 0,
                       .range_base = 0, .range = NV50_DRIVER_CB_WORDS * 4);
}

static bool
nv50_ms_lower_instr(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type != nir_instr_type_tex)
      return false;
   nir_tex_instr *tex = nir_instr_as_tex(instr);
   if (tex->sampler_dim != GLSL_SAMPLER_DIM_MS ||
       (tex->op != nir_texop_txf_ms && tex->op != nir_texop_txs &&
        tex->op != nir_texop_texture_samples) ||
       nir_tex_instr_src_index(tex, nir_tex_src_texture_offset) >= 0 ||
       nir_tex_instr_src_index(tex, nir_tex_src_texture_deref) >= 0 ||
       tex->texture_index >= NV50_MAX_SAMPLERS)
      return false;

   const unsigned stage = *(const unsigned *)data;
   const unsigned slot = (NV50_MS_CB_WORD + stage * NV50_MS_CB_STAGE_WORDS +
                          tex->texture_index * NV50_MS_CB_SLOT_WORDS) * 4;
   b->cursor = nir_before_instr(instr);
   nir_ssa_def *log2_x = nv50_ms_cb(b, nir_imm_int(b, slot +
                                                   NV50_MS_MAX_SAMPLES * 4));
   nir_ssa_def *log2_y = nv50_ms_cb(b, nir_imm_int(b, slot +
                                                   NV50_MS_MAX_SAMPLES * 4 + 4));
   if (tex->op == nir_texop_texture_samples) {
      /* textureSamples: the count, the slot's last word */
      nir_ssa_def *n = nv50_ms_cb(b, nir_imm_int(b, slot + 4 *
                                                 NV50_MS_SLOT_SAMPLES));
      nir_ssa_def_rewrite_uses(&tex->dest.ssa, n);
      nir_instr_remove(instr);
      return true;
   }
   tex->sampler_dim = GLSL_SAMPLER_DIM_2D;

   if (tex->op == nir_texop_txs) {
      /* level 0's stored size, shifted back to pixels */
      if (nir_tex_instr_src_index(tex, nir_tex_src_lod) < 0)
         nir_tex_instr_add_src(tex, nir_tex_src_lod,
                               nir_src_for_ssa(nir_imm_int(b, 0)));
      b->cursor = nir_after_instr(instr);
      nir_ssa_def *size = &tex->dest.ssa;
      nir_ssa_def *c[3];
      for (unsigned i = 0; i < size->num_components; i++)
         c[i] = nir_channel(b, size, i);
      c[0] = nir_ushr(b, c[0], log2_x);
      c[1] = nir_ushr(b, c[1], log2_y);
      nir_ssa_def *v = nir_vec(b, c, size->num_components);
      nir_ssa_def_rewrite_uses_after(size, v, v->parent_instr);
      return true;
   }

   const int ci = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   const int si = nir_tex_instr_src_index(tex, nir_tex_src_ms_index);
   nir_ssa_def *coord = tex->src[ci].src.ssa;
   nir_ssa_def *sample = tex->src[si].src.ssa;
   /* the sample's place: its word in the slot (samples past the mode's
    * read 0, GL 3.2 leaves them undefined); a sample index known only at
    * run time selects among the words (the compiler has no indirect
    * constant buffer loads) */
   nir_ssa_def *place;
   if (nir_src_is_const(tex->src[si].src)) {
      place = nv50_ms_cb(b, nir_imm_int(b, slot + 4 *
                                        (nir_src_as_uint(tex->src[si].src) &
                                         (NV50_MS_MAX_SAMPLES - 1))));
   } else {
      place = nv50_ms_cb(b, nir_imm_int(b, slot));
      for (unsigned i = 1; i < NV50_MS_MAX_SAMPLES; i++)
         place = nir_bcsel(b, nir_ieq_imm(b, sample, i),
                           nv50_ms_cb(b, nir_imm_int(b, slot + 4 * i)), place);
   }
   nir_ssa_def *c[3];
   for (unsigned i = 0; i < coord->num_components; i++)
      c[i] = nir_channel(b, coord, i);
   c[0] = nir_iadd(b, nir_ishl(b, c[0], log2_x), nir_iand_imm(b, place, 0xffff));
   c[1] = nir_iadd(b, nir_ishl(b, c[1], log2_y), nir_ushr_imm(b, place, 16));
   nir_instr_rewrite_src(&tex->instr, &tex->src[ci].src,
                         nir_src_for_ssa(nir_vec(b, c, coord->num_components)));
   /* the sample index becomes level 0 */
   tex->src[si].src_type = nir_tex_src_lod;
   nir_instr_rewrite_src(&tex->instr, &tex->src[si].src,
                         nir_src_for_ssa(nir_imm_int(b, 0)));
   tex->op = nir_texop_txf;
   return true;
}

void
nv50_ms_lower_tex(nir_shader *nir)
{
   unsigned stage;

   switch (nir->info.stage) {
   case MESA_SHADER_VERTEX: stage = NV50_TEX_STAGE_VP; break;
   case MESA_SHADER_GEOMETRY: stage = NV50_TEX_STAGE_GP; break;
   case MESA_SHADER_FRAGMENT: stage = NV50_TEX_STAGE_FP; break;
   default: return;
   }
   nir_shader_instructions_pass(nir, nv50_ms_lower_instr,
                                nir_metadata_block_index |
                                nir_metadata_dominance, &stage);
}

void
nv50_ms_validate(struct nv50_context *nv50)
{
   uint32_t c[NV50_MS_CB_WORDS];

   memset(c, 0, sizeof(c));
   for (unsigned n = 0; n < NV50_MAX_SAMPLERS * NV50_TEX_STAGES; n++) {
      const unsigned st = n / NV50_MAX_SAMPLERS, i = n % NV50_MAX_SAMPLERS;
      struct pipe_sampler_view *v = nv50->tex.views[st][i];
      struct nv50_ms ms;
      if (!v || !v->texture || v->texture->nr_samples <= 1 ||
          !nv50_ms_mode(v->texture->nr_samples, &ms))
         continue;
      uint32_t *w = &c[st * NV50_MS_CB_STAGE_WORDS +
                       i * NV50_MS_CB_SLOT_WORDS];
      for (unsigned s = 0; s < ms.samples; s++)
         w[s] = ms.store[s][0] | (uint32_t)ms.store[s][1] << 16;
      w[NV50_MS_MAX_SAMPLES] = ms.log2_x;
      w[NV50_MS_MAX_SAMPLES + 1] = ms.log2_y;
      w[NV50_MS_SLOT_SAMPLES] = ms.samples;
   }
   if (nv50->ms_cb_sent && !memcmp(c, nv50->ms_cb, sizeof(c)))
      return;
   if (!nv50_push_begin(nv50, NV50_MS_CB_WORDS + 8))
      return;
   nv50_push_ref(nv50, nv50->cb_bo, NOUVEAU_BO_GART | NOUVEAU_BO_WR);
   NV50_3D_1(nv50, G80_3D_CB_ADDR, G80_3D_CB_ADDR_BUFFER(NV50_SPRITE_CB_ID) |
                                   G80_3D_CB_ADDR_ID(NV50_MS_CB_WORD));
   nouveau_push_mthd_ni(&nv50->push, NOUVEAU_SUBC_3D, G80_3D_CB_DATA(0),
                        NV50_MS_CB_WORDS);
   nouveau_push_datap(&nv50->push, c, NV50_MS_CB_WORDS);
   memcpy(nv50->ms_cb, c, sizeof(c));
   nv50->ms_cb_sent = true;
}
