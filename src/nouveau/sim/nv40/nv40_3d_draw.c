/*
 * From vertex program outputs to the rasterizer: clipping, perspective
 * divide, viewport, face determination, culling, polygon modes, two-sided
 * colour, flat shading, and the link between VP outputs and FP inputs.
 *
 * Facts:
 * - window = (clip.xyz / clip.w) * VIEWPORT_SCALE + VIEWPORT_TRANSLATE;
 *   upstream writes Gallium's viewport there unchanged, and DEPTH_RANGE
 *   NEAR/FAR = translate.z -/+ |scale.z| (nv30_state_validate.c), the
 *   window depth range primitives are clipped to;
 * - DEPTH_CONTROL: 0x1 with depth clipping, 0x10 without (depth clamp):
 *   nv30_state.c (depth_clip_near ? 0x1 : 0x10).  With CLAMP there is no
 *   near or far plane, only w > 0 clips, and fragments' depth is clamped
 *   to the depth range before the depth test (NV_depth_clamp, sections
 *   2.11 and 4.1.5);
 * - FRONT_FACE CCW/CW, CULL_FACE FRONT/BACK/FRONT_AND_BACK with
 *   CULL_FACE_ENABLE; counter-clockwise is a negative (v0-v2)x(v1-v2) in
 *   window space where y is the row (Gallium's convention, which the
 *   upstream driver passes straight through: nv30_state.c front_ccw);
 * - VERTEX_TWO_SIDE_ENABLE: back faces take BFC0/BFC1 as colours;
 * - SHADE_MODEL FLAT: colours come from the provoking vertex;
 * - VP outputs reach FP inputs of the same meaning: COL0/1 -> COL0/1,
 *   FOGC -> FOGC, TCi -> TCi (nvfx_fragprog.c / nvfx_vertprog.c);
 *   VP_RESULT_EN has bit (out - 1) for COL0..PSZ and bit 14 + i for TCi
 *   (bits 12, 13 for TC8, TC9) (nvfx_vertprog.c vp->or, nvfx_fragprog.c
 *   vp_or);
 * - LINE_WIDTH is the width in 1/8 pixels (nv30_state.c width * 8);
 *   POINT_SIZE is a float, replaced by the VP's PSZ.x when written.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nv40_3d.h"
#include "nvsim_priv.h"
#include "nvsim_raster_math.h"

#define OUT_HPOS NVISA_NV40_VP_OUT_HPOS
#define OUT_COL0 NVISA_NV40_VP_OUT_COL0
#define OUT_COL1 NVISA_NV40_VP_OUT_COL1
#define OUT_BFC0 NVISA_NV40_VP_OUT_BFC0
#define OUT_BFC1 NVISA_NV40_VP_OUT_BFC1
#define OUT_FOGC NVISA_NV40_VP_OUT_FOGC
#define OUT_PSZ NVISA_NV40_VP_OUT_PSZ

/* Guard band (window units): beyond it, primitives are clipped in clip
 * space; inside it the rasterizer's 64-bit edge functions are exact. */
#define GUARD_BAND 262144.0f
#define MAX_CLIP_VERTS 16

/* ---- the fragment program ---- */

static void
shade_quad(void *data, struct nvsim_raster_quad *q)
{
   struct nv40_3d *ctx = data;
   char err[160];
   bool mrt = nv40_3d_reg(ctx, NV30_3D_RT_ENABLE) & NV30_3D_RT_ENABLE_MRT;
   /* without MRT only colour 0 is read (copied to the others below) */
   if (!nv40_3d_fp_run_quad(ctx->fp, (const float (*)[NVSIM_RASTER_MAX_ATTRIBS][4])q->in,
                            &q->mask, q->color, q->depth,
                            nv40_3d_texture_sample, ctx,
                            ctx->obj->chan->dev->reference,
                            mrt ? NVSIM_RASTER_MAX_RT : 1,
                            err, sizeof(err))) {
      /* a program that faults (runaway loop, bad branch) traps once the
       * draw method returns: the rest of the draw is dropped, what was
       * drawn stays (nvsim_trap.c) */
      nv40_3d_fail(ctx, NVSIM_INVALID_STATE, "fragment program: %s", err);
      return;
   }
   /* Without RT_ENABLE's MRT bit every enabled colour buffer receives
    * colour output 0: upstream clears MRT from RT_ENABLE exactly when the
    * program's colour 0 is to be written to all buffers
    * (TGSI_PROPERTY_FS_COLOR0_WRITES_ALL_CBUFS: nvfx_fragprog.c sets MRT
    * in fp->rt_enable, nv30_state_validate.c sends rt_enable & ~that) */
   if (!mrt) {
      /* the fast path copies to the bound targets only: the ROP reads
       * no other's colour (nvsim_raster_fragment.c: finish_fragment
       * skips format NONE) */
      bool all = ctx->obj->chan->dev->reference;
      for (unsigned rt = 1; rt < NVSIM_RASTER_MAX_RT; rt++) {
         if (!all && ctx->rs.color[rt].format == NVSIM_RASTER_FMT_NONE)
            continue;
         for (unsigned f = 0; f < 4; f++)
            memcpy(q->color[f][rt], q->color[f][0], sizeof(q->color[f][0]));
      }
   }
   q->depth_written = ctx->rs.shader_writes_depth;
}

/* Reads the program at FP_ACTIVE_PROGRAM (offset | DMA0/DMA1 flag picking
 * DMA_TEXTURE0/1: nv30_fragprog.c) up to its END instruction. */
static enum nvsim_status
load_fp(struct nv40_3d *ctx)
{
   uint32_t v = nv40_3d_reg(ctx, NV30_3D_FP_ACTIVE_PROGRAM);
   uint32_t dmam = (v & NV30_3D_FP_ACTIVE_PROGRAM_DMA1) ? NV30_3D_DMA_TEXTURE1
                                                        : NV30_3D_DMA_TEXTURE0;
   uint64_t off = v & ~(uint32_t)(NV30_3D_FP_ACTIVE_PROGRAM_DMA0 |
                                  NV30_3D_FP_ACTIVE_PROGRAM_DMA1);
   struct nvsim_object *dma =
      nvsim_lookup(ctx->obj->chan, nv40_3d_reg(ctx, dmam));
   char err[160];

   nv40_3d_fp_free(ctx->fp);
   ctx->fp = NULL;
   if (!dma || !dma->is_dma)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                          "fragment program: no DMA object bound");

   uint32_t *words = malloc(NV40_3D_FP_MAX_WORDS * sizeof(uint32_t));
   if (!words)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE, "out of memory");
   unsigned n = 0;
   bool end = false;
   while (!end) {
      if (n + 8 > NV40_3D_FP_MAX_WORDS) {
         free(words);
         return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                             "fragment program at 0x%llx has no END in %u "
                             "words", (unsigned long long)off,
                             NV40_3D_FP_MAX_WORDS);
      }
      const uint32_t *p = nvsim_dma_ptr(dma, off + 4ull * n, 16);
      if (!p) {
         free(words);
         return nv40_3d_fail(ctx, NVSIM_DMA_ERROR,
                             "fragment program at 0x%llx runs past its DMA "
                             "object or buffer", (unsigned long long)off);
      }
      memcpy(words + n, p, 16);
      unsigned len = nv40_3d_fp_insn_words(words + n, ctx->rankine, &end);
      if (len > 4) {
         const uint32_t *c = nvsim_dma_ptr(dma, off + 4ull * (n + 4), 16);
         if (!c) {
            free(words);
            return nv40_3d_fail(ctx, NVSIM_DMA_ERROR,
                                "fragment program constant runs past its "
                                "DMA object or buffer");
         }
         memcpy(words + n + 4, c, 16);
      }
      n += len;
   }
   ctx->fp = nv40_3d_fp_prepare(words, n, nv40_3d_reg(ctx, NV30_3D_FP_CONTROL),
                                ctx->rankine, err, sizeof(err));
   free(words);
   if (!ctx->fp)
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE, "fragment program: %s",
                          err);
   return NVSIM_OK;
}

enum nvsim_status
nv40_3d_prepare_draw(struct nv40_3d *ctx)
{
   struct nvsim_raster_state *rs = &ctx->rs;
   enum nvsim_status st;
   char err[160];

   st = nv40_3d_validate(ctx);
   if (st)
      return st;

   if (!ctx->vp || ctx->vp_stale) {
      uint32_t start = nv40_3d_reg(ctx, NV30_3D_VP_START_FROM_ID);
      ctx->vp = nv40_3d_vp_prepare(ctx->vp,
                                   (const uint32_t (*)[4])ctx->vp_insn,
                                   ctx->vp_slots, start, ctx->rankine,
                                   ctx->obj->chan->dev->reference,
                                   err, sizeof(err));
      ctx->vp_stale = false;
      if (!ctx->vp)
         return nv40_3d_fail(ctx, NVSIM_INVALID_STATE,
                             "vertex program at slot %u: %s", start, err);
   }
   if (ctx->fp_dirty || !ctx->fp) {
      st = load_fp(ctx);
      if (st)
         return st;
      ctx->fp_dirty = false;
   }

   st = nv40_3d_validate_textures(ctx, nv40_3d_fp_texunits(ctx->fp));
   if (st)
      return st;

   rs->shade = NULL;
   rs->shade_quad = shade_quad;
   rs->shade_ctx = ctx;
   /* NVSIM_REFERENCE=1: the rasterizer's and ROP's reference code */
   rs->fast = !ctx->obj->chan->dev->reference;
   rs->shader_may_kill = nv40_3d_fp_may_kill(ctx->fp);
   /* The program's R1.z replaces the fragment's depth only when
    * FP_CONTROL says so (DEPTH_REPLACE, which upstream's nvfx_fragprog.c
    * sets for programs that write depth): otherwise R1 is a temporary
    * like any other and the interpolated depth is kept. */
   rs->shader_writes_depth =
      (nv40_3d_reg(ctx, NV30_3D_FP_CONTROL) & NV30_3D_FP_CONTROL_DEPTH_REPLACE__MASK) &&
      nv40_3d_fp_writes_depth(ctx->fp);
   rs->attr_mask = nv40_3d_fp_inputs(ctx->fp);
   /* POINT_SPRITE: ENABLE, and COORD_REPLACE_i replaces texture
    * coordinate i by the sprite coordinate (nv30_validate_point_coord) */
   uint32_t ps = nv40_3d_reg(ctx, NV30_3D_POINT_SPRITE);
   rs->sprite_mask = 0;
   if (ps & NV30_3D_POINT_SPRITE_ENABLE)
      for (unsigned i = 0; i < 8; i++)
         if (ps & (NV30_3D_POINT_SPRITE_COORD_REPLACE_0 << i))
            rs->sprite_mask |= 1u << NV40_3D_FP_INPUT_TC(i);
   rs->flat_mask = 0;
   if (nv40_3d_reg(ctx, NV30_3D_SHADE_MODEL) == NV30_3D_SHADE_MODEL_FLAT)
      rs->flat_mask = (1u << NVISA_NV40_FP_INPUT_COL0) |
                      (1u << NVISA_NV40_FP_INPUT_COL1);
   return NVSIM_OK;
}

enum nvsim_status
nv40_3d_run_vp(struct nv40_3d *ctx, const float (*in)[4],
               struct nv40_3d_vertex *out)
{
   char err[160];
   for (unsigned i = 0; i < NV40_3D_VP_OUTPUTS; i++) {
      out->out[i][0] = out->out[i][1] = out->out[i][2] = 0.0f;
      out->out[i][3] = 1.0f;
   }
   uint32_t written = 0;
   if (!nv40_3d_vp_run(ctx->vp, (const float (*)[4])ctx->vp_const,
                       ctx->vp_consts, in, out->out, &written,
                       ctx->obj->chan->dev->reference, err, sizeof(err)))
      return nv40_3d_fail(ctx, NVSIM_INVALID_STATE, "vertex program: %s",
                          err);
   out->psz_written = written & (1u << OUT_PSZ);
   /* The primary and secondary colours, front and back, are clamped to
    * [0, 1] before interpolation (NV_vertex_program2 section 2.14.1.5:
    * "The selected primary and secondary colors for each primitive are
    * clamped to the range [0,1]"), here before clipping interpolates
    * them too (GL 2.1: the clamp of 2.14.6 precedes the colour clipping
    * of 2.14.8).  Both NV40 drivers rely on it: neither reports
    * PIPE_CAP_VERTEX_COLOR_UNCLAMPED, so Mesa leaves the clamp of lit
    * colours to the hardware.  NaN becomes 0. */
   static const unsigned colours[] = { OUT_COL0, OUT_COL1, OUT_BFC0, OUT_BFC1 };
   for (unsigned i = 0; i < 4; i++)
      for (unsigned c = 0; c < 4; c++) {
         float v = out->out[colours[i]][c];
         out->out[colours[i]][c] = v > 0.0f ? nvsim_minf(v, 1.0f) : 0.0f;
      }
   return NVSIM_OK;
}

/* ---- clipping ---- */

struct clip_plane {
   float a, b, c, d;   /* inside: a x + b y + c z + d w >= 0 */
   int out, comp;      /* user plane: inside when out[out][comp] >= 0 */
};
#define MAX_PLANES 16

static unsigned
clip_planes(struct nv40_3d *ctx, struct clip_plane *p)
{
   float sx = nv40_3d_regf(ctx, NV30_3D_VIEWPORT_SCALE_X);
   float sy = nv40_3d_regf(ctx, NV30_3D_VIEWPORT_SCALE_Y);
   float sz = nv40_3d_regf(ctx, NV30_3D_VIEWPORT_SCALE_Z);
   float tx = nv40_3d_regf(ctx, NV30_3D_VIEWPORT_TRANSLATE_X);
   float ty = nv40_3d_regf(ctx, NV30_3D_VIEWPORT_TRANSLATE_Y);
   float tz = nv40_3d_regf(ctx, NV30_3D_VIEWPORT_TRANSLATE_Z);
   unsigned n = 0;

   /* w > 0 (dist() subtracts a tiny epsilon: the divide stays finite) */
   p[n++] = (struct clip_plane){ 0, 0, 0, 1, -1, 0 };
   /* window x in [-G, G]: x sx + w tx + G w >= 0, G w - x sx - w tx >= 0 */
   p[n++] = (struct clip_plane){ sx, 0, 0, tx + GUARD_BAND, -1, 0 };
   p[n++] = (struct clip_plane){ -sx, 0, 0, GUARD_BAND - tx, -1, 0 };
   p[n++] = (struct clip_plane){ 0, sy, 0, ty + GUARD_BAND, -1, 0 };
   p[n++] = (struct clip_plane){ 0, -sy, 0, GUARD_BAND - ty, -1, 0 };
   if (!(nv40_3d_reg(ctx, NV30_3D_DEPTH_CONTROL) & NV40_3D_DEPTH_CONTROL_CLAMP)) {
      /* window z in [near, far] */
      float zn = nv40_3d_regf(ctx, NV30_3D_DEPTH_RANGE_NEAR);
      float zf = nv40_3d_regf(ctx, NV30_3D_DEPTH_RANGE_FAR);
      p[n++] = (struct clip_plane){ 0, 0, sz, tz - zn, -1, 0 };
      p[n++] = (struct clip_plane){ 0, 0, -sz, zf - tz, -1, 0 };
   }
   /* user clip planes: the VP writes distances 0-2 to FOGC.yzw and 3-5 to
    * PSZ.yzw (nvfx_vertprog.c, nv40_vp.xml); VP_CLIP_PLANES_ENABLE
    * enables each (PLANE0..5) */
   static const uint32_t enable_bit[6] = {
      NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE0, NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE1,
      NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE2, NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE3,
      NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE4, NV30_3D_VP_CLIP_PLANES_ENABLE_PLANE5,
   };
   uint32_t en = nv40_3d_reg(ctx, NV30_3D_VP_CLIP_PLANES_ENABLE);
   for (unsigned u = 0; u < 6; u++)
      if (en & enable_bit[u])
         p[n++] = (struct clip_plane){ 0, 0, 0, 0, u < 3 ? OUT_FOGC : OUT_PSZ,
                                       1 + (int)(u % 3) };
   return n;
}

static inline float
plane_dist(const struct clip_plane *p, const float *v)
{
   return p->a * v[0] + p->b * v[1] + p->c * v[2] + p->d * v[3];
}

/* The w > 0 plane: distances are w - epsilon. */
#define W_EPSILON 1e-7f

static float
dist(const struct clip_plane *p, unsigned i, const struct nv40_3d_vertex *v)
{
   if (p->out >= 0)
      return v->out[p->out][p->comp];
   return i == 0 ? v->out[OUT_HPOS][3] - W_EPSILON
                 : plane_dist(p, v->out[OUT_HPOS]);
}

/* Interpolates a and b at t; a and b are put in a fixed order first so
 * that a shared edge gives the same point for both neighbours. */
static void
lerp_vertex(struct nv40_3d_vertex *out, const struct nv40_3d_vertex *a,
            const struct nv40_3d_vertex *b, float da, float db)
{
   if (memcmp(a, b, sizeof(float) * 4) > 0) {
      const struct nv40_3d_vertex *t = a;
      a = b;
      b = t;
      float td = da;
      da = db;
      db = td;
   }
   float t = da / (da - db);
   for (unsigned o = 0; o < NV40_3D_VP_OUTPUTS; o++)
      for (unsigned c = 0; c < 4; c++)
         out->out[o][c] = a->out[o][c] + t * (b->out[o][c] - a->out[o][c]);
}

/* Clips a polygon (in place into the caller's buffers); returns the
 * vertex count. */
static unsigned
clip_polygon(struct nv40_3d *ctx, struct nv40_3d_vertex *buf_a,
             struct nv40_3d_vertex *buf_b, unsigned n,
             struct nv40_3d_vertex **result)
{
   struct clip_plane planes[MAX_PLANES];
   unsigned np = clip_planes(ctx, planes);
   struct nv40_3d_vertex *in = buf_a, *out = buf_b;

   for (unsigned pi = 0; pi < np && n >= 3; pi++) {
      unsigned m = 0;
      bool all_in = true;
      for (unsigned i = 0; i < n; i++)
         if (dist(&planes[pi], pi, &in[i]) < 0)
            all_in = false;
      if (all_in)
         continue;
      for (unsigned i = 0; i < n; i++) {
         const struct nv40_3d_vertex *a = &in[i], *b = &in[(i + 1) % n];
         float da = dist(&planes[pi], pi, a);
         float db = dist(&planes[pi], pi, b);
         if (da >= 0 && m < MAX_CLIP_VERTS)
            out[m++] = *a;
         if ((da >= 0) != (db >= 0) && m < MAX_CLIP_VERTS) {
            lerp_vertex(&out[m], a, b, da, db);
            /* leaving: the new edge runs along the plane, a boundary
             * of the clipped polygon; entering: it is the rest of a-b */
            out[m++].edge = da >= 0 ? true : a->edge;
         }
      }
      struct nv40_3d_vertex *t = in;
      in = out;
      out = t;
      n = m;
   }
   *result = in;
   return n;
}

/* ---- to window space ---- */

static void
to_window(struct nv40_3d *ctx, const struct nv40_3d_vertex *v,
          struct nvsim_raster_vertex *r, bool back)
{
   const float *pos = v->out[OUT_HPOS];
   float w_inv = 1.0f / pos[3];
   r->x = pos[0] * w_inv * nv40_3d_regf(ctx, NV30_3D_VIEWPORT_SCALE_X) +
          nv40_3d_regf(ctx, NV30_3D_VIEWPORT_TRANSLATE_X);
   r->y = pos[1] * w_inv * nv40_3d_regf(ctx, NV30_3D_VIEWPORT_SCALE_Y) +
          nv40_3d_regf(ctx, NV30_3D_VIEWPORT_TRANSLATE_Y);
   /* VIEWPORT_TX_ORIGIN moves the drawing (upstream uses it to reach an
    * unaligned 1x1/2x2 surface from a 64-byte aligned base:
    * nv30_state_validate.c nv30_validate_fb) */
   uint32_t org = nv40_3d_reg(ctx, NV30_3D_VIEWPORT_TX_ORIGIN);
   r->x += (float)NV40_3D_FIELD(org, NV30_3D_VIEWPORT_TX_ORIGIN_X);
   r->y += (float)NV40_3D_FIELD(org, NV30_3D_VIEWPORT_TX_ORIGIN_Y);
   r->z = pos[2] * w_inv * nv40_3d_regf(ctx, NV30_3D_VIEWPORT_SCALE_Z) +
          nv40_3d_regf(ctx, NV30_3D_VIEWPORT_TRANSLATE_Z);
   /* with DEPTH_CONTROL CLAMP the depth is clamped per fragment, not
    * here: interpolated depth (NV_depth_clamp, section 4.1.5; the ROP's
    * depth_clamp) */
   r->w_inv = w_inv;

   bool two_side = back && nv40_3d_reg(ctx, NV30_3D_VERTEX_TWO_SIDE_ENABLE);
   memcpy(r->attr[NVISA_NV40_FP_INPUT_COL0],
          v->out[two_side ? OUT_BFC0 : OUT_COL0], sizeof(float) * 4);
   memcpy(r->attr[NVISA_NV40_FP_INPUT_COL1],
          v->out[two_side ? OUT_BFC1 : OUT_COL1], sizeof(float) * 4);
   memcpy(r->attr[NVISA_NV40_FP_INPUT_FOGC], v->out[OUT_FOGC],
          sizeof(float) * 4);
   for (unsigned i = 0; i < 10; i++)
      memcpy(r->attr[NV40_3D_FP_INPUT_TC(i)], v->out[NV40_3D_VP_OUT_TC(i)],
             sizeof(float) * 4);
}

static void
copy_flat(struct nv40_3d *ctx, struct nvsim_raster_vertex *r,
          const struct nv40_3d_vertex *flat, bool back)
{
   if (!ctx->rs.flat_mask || !flat)
      return;
   bool two_side = back && nv40_3d_reg(ctx, NV30_3D_VERTEX_TWO_SIDE_ENABLE);
   memcpy(r->attr[NVISA_NV40_FP_INPUT_COL0],
          flat->out[two_side ? OUT_BFC0 : OUT_COL0], sizeof(float) * 4);
   memcpy(r->attr[NVISA_NV40_FP_INPUT_COL1],
          flat->out[two_side ? OUT_BFC1 : OUT_COL1], sizeof(float) * 4);
}

static bool
outside_volume(struct nv40_3d *ctx, const struct nv40_3d_vertex *v)
{
   struct clip_plane planes[MAX_PLANES];
   unsigned np = clip_planes(ctx, planes);
   for (unsigned i = 0; i < np; i++)
      if (dist(&planes[i], i, v) < 0)
         return true;
   return false;
}

static float
point_size(struct nv40_3d *ctx, const struct nv40_3d_vertex *v)
{
   /* Rankine has no VP_RESULT_EN (hwdb: curie only): its point size is
    * the program's PSZ.x when the program writes PSZ, else POINT_SIZE
    * (upstream's nv3x programs write PSZ exactly when the point size
    * comes from the shader, nvfx_vertprog.c, and it sends POINT_SIZE for
    * the rest, nv30_state.c; assumed, not documented). */
   if (ctx->rankine)
      return v->psz_written ? v->out[OUT_PSZ][0]
                            : nv40_3d_regf(ctx, NV30_3D_POINT_SIZE);
   if (nv40_3d_reg(ctx, NV40_3D_VP_RESULT_EN) & (1u << (OUT_PSZ - 1)))
      return v->out[OUT_PSZ][0];
   return nv40_3d_regf(ctx, NV30_3D_POINT_SIZE);
}

static float
line_width(struct nv40_3d *ctx)
{
   return (nv40_3d_reg(ctx, NV30_3D_LINE_WIDTH) & 0xff) / 8.0f;
}

void
nv40_3d_draw_point(struct nv40_3d *ctx, const struct nv40_3d_vertex *v)
{
   struct nvsim_raster_vertex r;
   if (outside_volume(ctx, v))
      return;
   to_window(ctx, v, &r, false);
   nvsim_raster_point(&ctx->rs, &r, point_size(ctx, v));
}

void
nv40_3d_draw_line(struct nv40_3d *ctx, const struct nv40_3d_vertex *v0,
                  const struct nv40_3d_vertex *v1,
                  const struct nv40_3d_vertex *flat)
{
   struct clip_plane planes[MAX_PLANES];
   unsigned np = clip_planes(ctx, planes);
   struct nv40_3d_vertex a = *v0, b = *v1;

   for (unsigned i = 0; i < np; i++) {
      float da = dist(&planes[i], i, &a);
      float db = dist(&planes[i], i, &b);
      if (da < 0 && db < 0)
         return;
      if (da < 0)
         lerp_vertex(&a, &a, &b, da, db);
      else if (db < 0)
         lerp_vertex(&b, &a, &b, da, db);
   }
   struct nvsim_raster_vertex r0, r1;
   to_window(ctx, &a, &r0, false);
   to_window(ctx, &b, &r1, false);
   copy_flat(ctx, &r0, flat, false);
   copy_flat(ctx, &r1, flat, false);
   nvsim_raster_line(&ctx->rs, &r0, &r1, line_width(ctx), 0);
}

void
nv40_3d_draw_triangle(struct nv40_3d *ctx, const struct nv40_3d_vertex *v0,
                      const struct nv40_3d_vertex *v1,
                      const struct nv40_3d_vertex *v2,
                      const struct nv40_3d_vertex *flat, unsigned edges)
{
   struct nv40_3d_vertex buf_a[MAX_CLIP_VERTS], buf_b[MAX_CLIP_VERTS];
   struct nv40_3d_vertex *poly;
   struct nvsim_raster_vertex rv[MAX_CLIP_VERTS];
   unsigned n;

   buf_a[0] = *v0;
   buf_a[1] = *v1;
   buf_a[2] = *v2;
   for (unsigned i = 0; i < 3; i++)
      buf_a[i].edge = (edges >> i) & 1;
   n = clip_polygon(ctx, buf_a, buf_b, 3, &poly);
   if (n < 3)
      return;

   /* facing from the window-space area of the clipped polygon */
   for (unsigned i = 0; i < n; i++)
      to_window(ctx, &poly[i], &rv[i], false);
   float det = nvsim_raster_polygon_det(rv, n);
   if (det == 0.0f || !isfinite(det))
      return;
   bool ccw = det < 0.0f;
   bool front = ccw == (nv40_3d_reg(ctx, NV30_3D_FRONT_FACE) ==
                        NV30_3D_FRONT_FACE_CCW);

   if (nv40_3d_reg(ctx, NV30_3D_CULL_FACE_ENABLE)) {
      uint32_t cull = nv40_3d_reg(ctx, NV30_3D_CULL_FACE);
      if (cull == NV30_3D_CULL_FACE_FRONT_AND_BACK ||
          (cull == NV30_3D_CULL_FACE_FRONT && front) ||
          (cull == NV30_3D_CULL_FACE_BACK && !front))
         return;
   }

   if (!front && nv40_3d_reg(ctx, NV30_3D_VERTEX_TWO_SIDE_ENABLE))
      for (unsigned i = 0; i < n; i++)
         to_window(ctx, &poly[i], &rv[i], true);
   for (unsigned i = 0; i < n; i++)
      copy_flat(ctx, &rv[i], flat, !front);

   uint32_t mode = nv40_3d_reg(ctx, front ? NV30_3D_POLYGON_MODE_FRONT
                                          : NV30_3D_POLYGON_MODE_BACK);
   if ((mode == NV30_3D_POLYGON_MODE_FRONT_LINE &&
        nv40_3d_reg(ctx, NV30_3D_POLYGON_OFFSET_LINE_ENABLE)) ||
       (mode == NV30_3D_POLYGON_MODE_FRONT_POINT &&
        nv40_3d_reg(ctx, NV30_3D_POLYGON_OFFSET_POINT_ENABLE))) {
      /* polygon offset applies to the polygon's edges and vertices in
       * these modes too (GL 2.1 section 3.5.5): m from the plane of the
       * first triangle, r of the depth buffer */
      float zoff;
      if (nvsim_raster_polygon_offset(&ctx->rs, rv, &zoff))
         for (unsigned i = 0; i < n; i++)
            rv[i].z += zoff;
   }
   if (mode == NV30_3D_POLYGON_MODE_FRONT_LINE) {
      /* the boundary edges of the clipped polygon, one stipple run
       * around it (GL 2.1 section 3.5.4) */
      float w = line_width(ctx);
      ctx->rs.line_stipple_counter = 0;
      for (unsigned i = 0; i < n; i++)
         if (poly[i].edge)
            nvsim_raster_line(&ctx->rs, &rv[i], &rv[(i + 1) % n], w, 0);
      return;
   }
   if (mode == NV30_3D_POLYGON_MODE_FRONT_POINT) {
      /* the vertices that begin a boundary edge (GL 2.1 section
       * 3.5.4) */
      for (unsigned i = 0; i < n; i++)
         if (poly[i].edge)
            nvsim_raster_point(&ctx->rs, &rv[i], point_size(ctx, &poly[i]));
      return;
   }

   bool offset = nv40_3d_reg(ctx, NV30_3D_POLYGON_OFFSET_FILL_ENABLE) != 0;
   for (unsigned i = 1; i + 1 < n; i++)
      nvsim_raster_triangle(&ctx->rs, &rv[0], &rv[i], &rv[i + 1], front, 0,
                            offset);
}
