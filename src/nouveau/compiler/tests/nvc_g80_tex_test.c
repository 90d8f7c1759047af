/*
 * Texture instructions of the Tesla backend (nvc_g80_isel_tex.c):
 * nir_builder shaders compiled for the G80's row, run by nvsim's Tesla
 * shader interpreter with its texture unit (sim/nv50/g80_sampler.c,
 * libnvsim), on textures laid out by hand (g80-surface.rst: pitch rows;
 * block-linear levels one gob, 64 bytes x 4 rows, each) with TIC/TSC
 * words from hwdb's names.  Every expected value is worked out here from
 * the GL 3.3 specification (3.8.8 NEAREST/LINEAR, 3.8.9-3.8.11 lambda
 * and level selection, 3.8.16 depth compare, texelFetch and
 * textureSize in GLSL 1.30 8.7), never taken from the unit's output.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "g80_sampler.h"
#include "g80_shader.h"
#include "g80_texture.xml.h"
#include "nvc_g80.h"
#include "nvc_g80_test_util.h"
#include "nvc_test_util.h"

static struct nvc_g80_target target;

/* ---- textures ---- */

struct tic_desc {
   uint32_t cs, type, src[4], tex_type;
   bool pitch;
   uint32_t pitch_bytes, w, h, d, last_level;
   bool unnormalized;       /* rectangle: coordinates in texels */
};

struct tsc_desc {
   uint32_t wrap;
   bool linear;
   uint32_t mip;            /* G80_TSC_1_MIP_FILTER_*, 0: NONE */
   bool compare;
   uint32_t func;
   int lod_bias;            /* TSC MIP_LOD_BIAS, radix 8 (rnndb) */
};

#define UNITS 8

/* the texture unit the interpreter calls: TIC slot -> texture */
struct unit {
   struct g80_sampler_texture tex[UNITS];
   bool bound[UNITS];
   unsigned calls, last_tic, last_tsc;
   const char *why;
};

static struct unit unit;

/* the sampler slot tex() names; -1: the texture's (GL's combined unit) */
static int sampler_slot = -1;

static bool
bind(unsigned slot, const struct tic_desc *d, const struct tsc_desc *s,
     const uint8_t *mem, uint64_t mem_bytes)
{
   uint32_t tw[8] = { 0 }, sw[8] = { 0 };
   tw[0] = d->cs |
           d->type << G80_TIC_0_R_DATA_TYPE__SHIFT |
           d->type << G80_TIC_0_G_DATA_TYPE__SHIFT |
           d->type << G80_TIC_0_B_DATA_TYPE__SHIFT |
           d->type << G80_TIC_0_A_DATA_TYPE__SHIFT |
           d->src[0] << G80_TIC_0_X_SOURCE__SHIFT |
           d->src[1] << G80_TIC_0_Y_SOURCE__SHIFT |
           d->src[2] << G80_TIC_0_Z_SOURCE__SHIFT |
           d->src[3] << G80_TIC_0_W_SOURCE__SHIFT;
   tw[2] = d->tex_type |
           (d->unnormalized ? 0 : G80_TIC_2_NORMALIZED_COORDS) |
           G80_TIC_2_BORDER_SOURCE_COLOR |
           (d->pitch ? G80_TIC_2_LAYOUT_PITCH : 0);
   tw[3] = d->pitch_bytes << G80_TIC_3_PITCH__SHIFT;
   tw[4] = d->w << G80_TIC_4_WIDTH__SHIFT;
   tw[5] = d->h << G80_TIC_5_HEIGHT__SHIFT | d->d << G80_TIC_5_DEPTH__SHIFT |
           d->last_level << G80_TIC_5_MAP_MIP_LEVEL__SHIFT;
   tw[7] = d->last_level << G84_TIC_7_RES_VIEW_MAX_MIP_LEVEL__SHIFT;
   sw[0] = s->wrap << G80_TSC_0_ADDRESS_U__SHIFT |
           s->wrap << G80_TSC_0_ADDRESS_V__SHIFT |
           s->wrap << G80_TSC_0_ADDRESS_P__SHIFT;
   if (s->compare)
      sw[0] |= G80_TSC_0_DEPTH_COMPARE | s->func;
   sw[1] = (s->linear ? G80_TSC_1_MAG_FILTER_LINEAR |
                        G80_TSC_1_MIN_FILTER_LINEAR
                      : G80_TSC_1_MAG_FILTER_NEAREST |
                        G80_TSC_1_MIN_FILTER_NEAREST) |
           (s->mip ? s->mip : G80_TSC_1_MIP_FILTER_NONE) |
           G80_TSC_1_MIP_LOD_BIAS(s->lod_bias);
   /* MAX_LOD_CLAMP 15 in radix 8 (rnndb) */
   sw[2] = (15u * 256) << G80_TSC_2_MAX_LOD_CLAMP__SHIFT;
   struct g80_tic tic;
   struct g80_tsc tsc;
   const char *why = NULL;
   if (!g80_tic_decode(tw, true, &tic, &why) ||
       !g80_tsc_decode(sw, &tsc, &why) ||
       (why = g80_sampler_setup(&unit.tex[slot], &tic, &tsc, true))) {
      CHECK(0, "texture slot %u: %s", slot, why ? why : "?");
      return false;
   }
   CHECK(unit.tex[slot].bytes <= mem_bytes, "slot %u: %llu bytes laid out "
         "by hand, the unit wants %llu", slot,
         (unsigned long long)mem_bytes,
         (unsigned long long)unit.tex[slot].bytes);
   unit.tex[slot].mem = mem;
   unit.bound[slot] = true;
   return unit.tex[slot].bytes <= mem_bytes;
}

static void
texture_cb(void *ctx, enum g80_stage stage, const struct g80_tex_request *rq,
           uint32_t out[32][4])
{
   struct unit *un = ctx;
   un->calls++;
   un->last_tic = rq->tic;
   un->last_tsc = rq->tsc;
   if (rq->tic >= UNITS || !un->bound[rq->tic]) {
      un->why = "an unbound texture slot";
      return;
   }
   const char *why = g80_sampler_run(&un->tex[rq->tic], stage, rq, out);
   if (why)
      un->why = why;
}

/* ---- shaders ---- */

static nir_builder
builder(gl_shader_stage stage, const char *name)
{
   return nir_builder_init_simple_shader(
      stage, nvc_g80_nir_options(&target, stage), "%s", name);
}

/* A NIR texture instruction on slot `slot` (texture and sampler: GL's
 * combined unit); extra is the LOD / bias source, cmp the reference. */
static nir_ssa_def *
tex(nir_builder *b, nir_texop op, enum glsl_sampler_dim dim, bool array,
    unsigned slot, nir_ssa_def *coord, nir_tex_src_type extra_type,
    nir_ssa_def *extra, nir_ssa_def *cmp, nir_alu_type type)
{
   unsigned n = (coord ? 1 : 0) + (extra ? 1 : 0) + (cmp ? 1 : 0);
   nir_tex_instr *t = nir_tex_instr_create(b->shader, n);
   t->op = op;
   t->sampler_dim = dim;
   t->is_array = array;
   t->is_shadow = cmp != NULL;
   t->is_new_style_shadow = cmp != NULL;
   t->dest_type = type;
   t->texture_index = slot;
   t->sampler_index = sampler_slot >= 0 ? (unsigned)sampler_slot : slot;
   t->coord_components = coord ? coord->num_components : 0;
   unsigned s = 0;
   if (coord) {
      t->src[s].src_type = nir_tex_src_coord;
      t->src[s++].src = nir_src_for_ssa(coord);
   }
   if (extra) {
      t->src[s].src_type = extra_type;
      t->src[s++].src = nir_src_for_ssa(extra);
   }
   if (cmp) {
      t->src[s].src_type = nir_tex_src_comparator;
      t->src[s++].src = nir_src_for_ssa(cmp);
   }
   nir_ssa_dest_init(&t->instr, &t->dest, nir_tex_instr_dest_size(t), 32,
                     NULL);
   nir_builder_instr_insert(b, &t->instr);
   return &t->dest.ssa;
}

static bool
compile(nir_shader *s, struct nvc_g80_program *p)
{
   char *err = NULL;
   bool ok = nvc_g80_compile(&target, s, p, &err);
   CHECK(ok, "%s: %s", s->info.name, err ? err : "?");
   free(err);
   ralloc_free(s);
   return ok;
}

/* A VP whose position is the vec4 v (padded with 0) computed from
 * attribute 0 (the shader's `a`). */
static void
vp_out(nir_builder *b, nir_ssa_def *v)
{
   nir_variable *pos = nvc_test_out_vec4(b->shader, VARYING_SLOT_POS, 0, "pos");
   nir_ssa_def *c[4];
   for (unsigned k = 0; k < 4; k++)
      c[k] = k < v->num_components ? nir_channel(b, v, k)
                                   : nir_imm_float(b, 0);
   nir_store_var(b, pos, nir_vec(b, c, 4), 0xf);
}

/* Runs a VP over `lanes` lanes of attribute 0 = attr[lane][0..3]; the
 * position words to out[lane][0..3]. */
static bool
run_vp(const struct nvc_g80_program *p, unsigned lanes,
       const float attr[][4], uint32_t out[][4])
{
   uint32_t in[32 * 4] = { 0 };
   for (unsigned l = 0; l < lanes; l++)
      for (unsigned i = 0; i < p->num_inputs; i++)
         in[l * 4 + p->io[i].word] = u(attr[l][p->io[i].comp]);
   uint32_t res[32 * 16] = { 0 };
   CHECK(p->vp_num_results <= 16, "%u results", p->vp_num_results);
   struct g80_shader_program prog = {
      .code = (const uint8_t *)p->code, .code_size = p->code_words * 4,
      .gprs = p->num_gprs, .isa_flags = target.isa_flags,
   };
   struct g80_shader_warp w = {
      .lanes = lanes, .active = (1u << lanes) - 1,
      .in = in, .in_stride = 4, .out = res, .out_stride = 16,
      .out_words = p->vp_num_results,
   };
   struct g80_shader_callbacks cb = { .ctx = &unit, .texture = texture_cb };
   struct g80_shader_fault fault;
   unit.why = NULL;
   int r = g80_shader_run(G80_STAGE_VP, &prog, &w, &cb, &fault);
   CHECK(r == 0, "the interpreter faulted at 0x%x: %s", fault.pc, fault.msg);
   CHECK(!unit.why, "the texture unit: %s", unit.why);
   for (unsigned l = 0; l < lanes; l++)
      memcpy(out[l], &res[l * 16], 16);
   return r == 0 && !unit.why;
}

/* Runs an FP over one quad (lanes top-left, top-right, bottom-left,
 * bottom-right) whose noperspective input 0 is v[lane][0..3]; colour 0
 * to out[lane][0..3]. */
static bool
run_fp_helper(const struct nvc_g80_program *p, const float v[4][4],
              uint32_t out[4][4], uint32_t helper)
{
   float interp[4][8] = { { 0 } };
   for (unsigned l = 0; l < 4; l++)
      for (unsigned i = 0; i < p->num_inputs; i++)
         interp[l][p->io[i].word] = v[l][p->io[i].comp];
   struct g80_shader_program prog = {
      .code = (const uint8_t *)p->code, .code_size = p->code_words * 4,
      .gprs = p->num_gprs, .isa_flags = target.isa_flags,
   };
   struct g80_shader_warp w = {
      .lanes = 4, .active = 0xf, .helper = helper,
      .interp = &interp[0][0], .interp_stride = 8,
      .out = &out[0][0], .out_stride = 4, .out_words = p->fp_result_count,
   };
   struct g80_shader_callbacks cb = { .ctx = &unit, .texture = texture_cb };
   struct g80_shader_fault fault;
   unit.why = NULL;
   int r = g80_shader_run(G80_STAGE_FP, &prog, &w, &cb, &fault);
   CHECK(r == 0, "the interpreter faulted at 0x%x: %s", fault.pc, fault.msg);
   CHECK(!unit.why, "the texture unit: %s", unit.why);
   return r == 0 && !unit.why;
}

static bool
run_fp(const struct nvc_g80_program *p, const float v[4][4],
       uint32_t out[4][4])
{
   return run_fp_helper(p, v, out, 0);
}

/* An FP: colour 0 = fn(v) for the noperspective input v. */
static nir_builder
fp_begin(const char *name, nir_ssa_def **v)
{
   nir_builder b = builder(MESA_SHADER_FRAGMENT, name);
   nir_variable *vin = nvc_test_in_vec4(b.shader, VARYING_SLOT_VAR0, 0, "v");
   vin->data.interpolation = INTERP_MODE_NOPERSPECTIVE;
   *v = nir_load_var(&b, vin);
   return b;
}

static void
fp_end(nir_builder *b, nir_ssa_def *c)
{
   nir_variable *col = nvc_test_var(b->shader, nir_var_shader_out,
                                    glsl_vec4_type(), FRAG_RESULT_COLOR, 0,
                                    "c");
   nir_ssa_def *v[4];
   for (unsigned k = 0; k < 4; k++)
      v[k] = k < c->num_components ? nir_channel(b, c, k)
                                   : nir_imm_float(b, 0);
   nir_store_var(b, col, nir_vec(b, v, 4), 0xf);
}

/* ---- the textures ---- */

/* slot 1: 4 x 4 RGBA8 pitch texture (rows 32 bytes apart; TWO_D_NO_MIPMAP
 * with LAYOUT_PITCH), texel (x, y) bytes (16x + y, 100 + x, 200 + y,
 * 255 - x), sources R, G, B, A: X = byte 0 (GL 3.3 2.1.6: c / 255). */
static uint8_t rgba_mem[32 * 4];

static void
bind_rgba(const struct tsc_desc *s)
{
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         uint8_t *t = rgba_mem + 32 * y + 4 * x;
         t[0] = 16 * x + y;
         t[1] = 100 + x;
         t[2] = 200 + y;
         t[3] = 255 - x;
      }
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D_NO_MIPMAP, .pitch = true,
      .pitch_bytes = 32, .w = 4, .h = 4, .d = 1,
   };
   bind(1, &d, s, rgba_mem, sizeof(rgba_mem));
}

static void
check_texel(const char *what, const uint32_t o[4], unsigned x, unsigned y)
{
   float c[4] = { f(o[0]), f(o[1]), f(o[2]), f(o[3]) };
   CHECK_VEC4_AS(what, c, (16 * x + y) / 255.0f, (100 + x) / 255.0f,
                 (200 + y) / 255.0f, (255 - x) / 255.0f, 1e-6f);
}

/* slot 2: an 8 x 8 RGBA8 block-linear texture, levels 0..3 (8, 4, 2, 1
 * texels): level 0 is 32 bytes x 8 rows, two gobs tall (512 bytes),
 * levels 1..3 one gob (256) each: offsets 0, 512, 768, 1024
 * (g80-surface.rst: each level after the previous).  Level l's texels
 * have R = 40 (l + 1).  REPEAT, NEAREST, MIP_FILTER NEAREST. */
static uint8_t mip_mem[1280];

static void
bind_mip(void)
{
   static const unsigned off[5] = { 0, 512, 768, 1024, 1280 };
   for (unsigned l = 0; l < 4; l++)
      for (unsigned b = off[l]; b < off[l + 1]; b += 4)
         mip_mem[b] = 40 * (l + 1);
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 8, .h = 8, .d = 1,
      .last_level = 3,
   };
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_WRAP,
                         .mip = G80_TSC_1_MIP_FILTER_NEAREST };
   bind(2, &d, &s, mip_mem, sizeof(mip_mem));
}

/* ---- tests ---- */

/*
 * NEAREST 2D in an FP: the quad's texel centres ((x + 0.5) / 4,
 * (y + 0.5) / 4) for x = 1, 2 and y = 2, 3: one texel a pixel, lambda =
 * log2(1) = 0, magnification, NEAREST: each lane its texel (x, y), all
 * four components.
 */
static void
test_nearest_2d(void)
{
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   bind_rgba(&s);
   nir_ssa_def *v;
   nir_builder b = fp_begin("fp_tex_nearest", &v);
   /* texture slot 1, sampler slot 6: TEX and SAMP name them */
   sampler_slot = 6;
   fp_end(&b, tex(&b, nir_texop_tex, GLSL_SAMPLER_DIM_2D, false, 1,
                  nir_channels(&b, v, 0x3), 0, NULL, NULL, nir_type_float32));
   sampler_slot = -1;
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   float in[4][4];
   for (unsigned l = 0; l < 4; l++) {
      in[l][0] = (1 + (l & 1) + 0.5f) / 4;
      in[l][1] = (2 + (l >> 1) + 0.5f) / 4;
      in[l][2] = in[l][3] = 0;
   }
   uint32_t out[4][4];
   unit.calls = 0;
   if (run_fp(&p, in, out)) {
      for (unsigned l = 0; l < 4; l++)
         check_texel("NEAREST 2D", out[l], 1 + (l & 1), 2 + (l >> 1));
      CHECK(unit.last_tic == 1 && unit.last_tsc == 6,
            "TEX %u SAMP %u, want texture slot 1, sampler slot 6",
            unit.last_tic, unit.last_tsc);
   }
   nvc_g80_program_free(&p);
}

/*
 * LINEAR between two texels in a VP (derivatives 0: magnification): a 2 x
 * 1 R8 block-linear texture of 0 and 255 (bytes 0 and 1 of its gob), s =
 * 3/8: u = 0.75, i0 = floor(u - 1/2) = 0, alpha = 0.25, so 0.25 * 1 =
 * 0.25 (GL 3.3 3.8.8); G, B from ZERO, A ONE_FLOAT.  Only x and w are
 * read: the mask packs them (w in the second register).
 */
static void
test_linear_vp(void)
{
   static uint8_t mem[256] = { 0, 255 };
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_ZERO, G80_TIC_SOURCE_ZERO,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 2, .h = 1, .d = 1,
   };
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE, .linear = true };
   bind(3, &d, &s, mem, sizeof(mem));
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_tex_linear");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *t = tex(&b, nir_texop_tex, GLSL_SAMPLER_DIM_2D, false, 3,
                        nir_channels(&b, nir_load_var(&b, in), 0x3), 0,
                        NULL, NULL, nir_type_float32);
   vp_out(&b, nir_vec2(&b, nir_channel(&b, t, 0), nir_channel(&b, t, 3)));
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float a[2][4] = { { 0.375f, 0.5f }, { 0.5f, 0.5f } };
   uint32_t out[2][4];
   if (run_vp(&p, 2, a, out)) {
      CHECK(f(out[0][0]) == 0.25f && f(out[0][1]) == 1.0f,
            "LINEAR at s = 3/8: (%g, %g), want (0.25, 1)", f(out[0][0]),
            f(out[0][1]));
      /* the middle: half way */
      CHECK(f(out[1][0]) == 0.5f, "LINEAR at s = 1/2: %g, want 0.5",
            f(out[1][0]));
   }
   nvc_g80_program_free(&p);
}

/*
 * texelFetch in a VP: ivec2(3, 1) at LOD 0 of the pitch texture is texel
 * (3, 1); ivec2(1, 1) at LOD 2 of the mip texture is level 2 (R = 120).
 * The attribute's floats are converted to integers in the shader.
 */
static void
test_texel_fetch(void)
{
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   bind_rgba(&s);
   bind_mip();
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_texel_fetch");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *a = nir_f2i32(&b, nir_load_var(&b, in));
   nir_ssa_def *t1 = tex(&b, nir_texop_txf, GLSL_SAMPLER_DIM_2D, false, 1,
                         nir_channels(&b, a, 0x3), nir_tex_src_lod,
                         nir_channel(&b, a, 2), NULL, nir_type_float32);
   nir_ssa_def *t2 = tex(&b, nir_texop_txf, GLSL_SAMPLER_DIM_2D, false, 2,
                         nir_imm_ivec2(&b, 1, 1), nir_tex_src_lod,
                         nir_channel(&b, a, 3), NULL, nir_type_float32);
   vp_out(&b, nir_vec4(&b, nir_channel(&b, t1, 0), nir_channel(&b, t1, 1),
                       nir_channel(&b, t1, 3), nir_channel(&b, t2, 0)));
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float a1[2][4] = { { 3, 1, 0, 2 }, { 1, 1, 0, 2 } };
   uint32_t out[2][4];
   if (run_vp(&p, 2, a1, out)) {
      float c[4] = { f(out[0][0]), f(out[0][1]), f(out[0][2]), f(out[0][3]) };
      CHECK_VEC4_AS("texelFetch (3, 1) lod 0; (1, 1) lod 2", c, 49 / 255.0f,
                    103 / 255.0f, 252 / 255.0f, 120 / 255.0f, 1e-6f);
      CHECK(f(out[1][0]) == 17 / 255.0f, "texelFetch (1, 1): %g, want "
            "17/255", f(out[1][0]));
   }
   nvc_g80_program_free(&p);
}

/*
 * textureSize and textureQueryLevels in a VP: the 8 x 8 texture of 4
 * levels at LOD 1 is 4 x 4 (GL: max(1, floor(w / 2^lod))), LOD 3 1 x 1;
 * 4 levels.  An 8 x 4 2D array of 5 layers: (8, 4, 5).
 */
static void
test_texture_size(void)
{
   bind_mip();
   static uint8_t amem[5 * 512];
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_ZERO, G80_TIC_SOURCE_ZERO,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D_ARRAY, .w = 8, .h = 4, .d = 5,
   };
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   bind(4, &d, &s, amem, sizeof(amem));

   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_texture_size");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *lod = nir_f2i32(&b, nir_channel(&b, nir_load_var(&b, in), 0));
   nir_ssa_def *sz = tex(&b, nir_texop_txs, GLSL_SAMPLER_DIM_2D, false, 2,
                         NULL, nir_tex_src_lod, lod, NULL, nir_type_int32);
   nir_ssa_def *lv = tex(&b, nir_texop_query_levels, GLSL_SAMPLER_DIM_2D,
                         false, 2, NULL, 0, NULL, NULL, nir_type_int32);
   nir_ssa_def *asz = tex(&b, nir_texop_txs, GLSL_SAMPLER_DIM_2D, true, 4,
                          NULL, nir_tex_src_lod, nir_imm_int(&b, 0), NULL,
                          nir_type_int32);
   /* (w * 100 + h, levels, array w * 100 + h * 10 + layers) as floats */
   nir_ssa_def *r0 = nir_iadd(&b, nir_imul_imm(&b, nir_channel(&b, sz, 0), 100),
                              nir_channel(&b, sz, 1));
   nir_ssa_def *r2 = nir_iadd(&b, nir_iadd(&b,
      nir_imul_imm(&b, nir_channel(&b, asz, 0), 100),
      nir_imul_imm(&b, nir_channel(&b, asz, 1), 10)), nir_channel(&b, asz, 2));
   vp_out(&b, nir_i2f32(&b, nir_vec3(&b, r0, lv, r2)));
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float a[2][4] = { { 1 }, { 3 } };
   uint32_t out[2][4];
   if (run_vp(&p, 2, a, out)) {
      CHECK(f(out[0][0]) == 404 && f(out[1][0]) == 101,
            "textureSize LOD 1: %g, LOD 3: %g, want 404 (4 x 4), 101",
            f(out[0][0]), f(out[1][0]));
      CHECK(f(out[0][1]) == 4, "textureQueryLevels %g, want 4",
            f(out[0][1]));
      CHECK(f(out[0][2]) == 845, "2D array size %g, want 845 (8, 4, 5)",
            f(out[0][2]));
   }
   nvc_g80_program_free(&p);
}

/*
 * Shadow compare in a VP: a 2 x 1 Z24S8 texture (depth in bits 8-31,
 * sources G) of depths 0.25 (0x400000) and 0.75 (0xc00000), NEAREST,
 * LEQUAL: at s = 1/4 (texel 0) ref 0.5 <= 0.25 fails: 0; at s = 3/4
 * (texel 1) 0.5 <= 0.75 passes: 1; ref 0.8 at s = 3/4 fails (GL 3.3
 * 3.8.16).  The reference is the third attribute component.
 */
static void
test_shadow(void)
{
   static uint8_t mem[256];
   uint32_t z0 = 0x400000u << 8, z1 = 0xc00000u << 8;
   memcpy(mem, &z0, 4);
   memcpy(mem + 4, &z1, 4);
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_Z24S8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_G, G80_TIC_SOURCE_G, G80_TIC_SOURCE_G,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 2, .h = 1, .d = 1,
   };
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE, .compare = true,
                         .func = G80_TSC_0_DEPTH_COMPARE_FUNC_LEQUAL };
   bind(5, &d, &s, mem, sizeof(mem));
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_tex_shadow");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *a = nir_load_var(&b, in);
   vp_out(&b, tex(&b, nir_texop_tex, GLSL_SAMPLER_DIM_2D, false, 5,
                  nir_channels(&b, a, 0x3), 0, NULL, nir_channel(&b, a, 2),
                  nir_type_float32));
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float at[3][4] = { { 0.25f, 0.5f, 0.5f }, { 0.75f, 0.5f, 0.5f },
                            { 0.75f, 0.5f, 0.8f } };
   uint32_t out[3][4];
   if (run_vp(&p, 3, at, out))
      CHECK(f(out[0][0]) == 0 && f(out[1][0]) == 1 && f(out[2][0]) == 0,
            "shadow LEQUAL: %g %g %g, want 0 1 0", f(out[0][0]),
            f(out[1][0]), f(out[2][0]));
   nvc_g80_program_free(&p);
}

/*
 * Explicit LOD (textureLod) in an FP on the mip texture: level l has R =
 * 40 (l + 1); LOD 1 -> level 1 (80), LOD 0 -> level 0 (40), LOD 1.6 ->
 * ceil(1.6 + 0.5) - 1 = 2 (120), LOD 9 -> the last level (160) (GL 3.3
 * (3.24) MIP NEAREST).  The LOD differs per lane and the quad's
 * derivatives (s, t 1 apart: lambda 3) do not count.
 */
static void
test_explicit_lod(void)
{
   bind_mip();
   nir_ssa_def *v;
   nir_builder b = fp_begin("fp_tex_lod", &v);
   fp_end(&b, tex(&b, nir_texop_txl, GLSL_SAMPLER_DIM_2D, false, 2,
                  nir_channels(&b, v, 0x3), nir_tex_src_lod,
                  nir_channel(&b, v, 2), NULL, nir_type_float32));
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float lods[4] = { 1, 0, 1.6f, 9 };
   const float want[4] = { 80, 40, 120, 160 };
   float in[4][4];
   for (unsigned l = 0; l < 4; l++) {
      in[l][0] = 0.3f + (l & 1);
      in[l][1] = 0.3f + (l >> 1);
      in[l][2] = lods[l];
      in[l][3] = 0;
   }
   uint32_t out[4][4];
   if (run_fp(&p, in, out))
      for (unsigned l = 0; l < 4; l++)
         CHECK(f(out[l][0]) == want[l] / 255.0f, "textureLod %g: %g, want "
               "%g/255", lods[l], f(out[l][0]) * 255.0f, want[l]);
   nvc_g80_program_free(&p);
}

/*
 * Implicit derivatives in an FP: the quad's s and t step by `step`
 * between neighbours, so rho = step * 8 texels of level 0 and lambda =
 * log2(8 step) (GL 3.3 3.8.11): 1/8 -> 0 (level 0, R 40), 2/8 -> 1
 * (80), 4/8 -> 2 (120) in every lane of the quad; with texture(s, bias
 * 1), 1/8 -> lambda 1 (80).
 */
static void
test_implicit_lod(void)
{
   bind_mip();
   for (unsigned with_bias = 0; with_bias < 2; with_bias++) {
      nir_ssa_def *v;
      nir_builder b = fp_begin(with_bias ? "fp_txb" : "fp_tex_quad", &v);
      nir_ssa_def *st = nir_channels(&b, v, 0x3);
      fp_end(&b, with_bias ?
             tex(&b, nir_texop_txb, GLSL_SAMPLER_DIM_2D, false, 2, st,
                 nir_tex_src_bias, nir_imm_float(&b, 1.0f), NULL,
                 nir_type_float32) :
             tex(&b, nir_texop_tex, GLSL_SAMPLER_DIM_2D, false, 2, st, 0,
                 NULL, NULL, nir_type_float32));
      struct nvc_g80_program p;
      if (!compile(b.shader, &p))
         return;
      for (unsigned k = 0; k < (with_bias ? 1u : 3u); k++) {
         float step = (1u << k) / 8.0f;
         float in[4][4];
         for (unsigned l = 0; l < 4; l++) {
            in[l][0] = 0.05f + step * (l & 1);
            in[l][1] = 0.05f + step * (l >> 1);
            in[l][2] = in[l][3] = 0;
         }
         uint32_t out[4][4];
         float want = 40.0f * (k + 1 + with_bias);
         if (run_fp(&p, in, out))
            for (unsigned l = 0; l < 4; l++)
               CHECK(f(out[l][0]) == want / 255.0f, "%s, step %g, lane %u: "
                     "%g, want %g/255", with_bias ? "bias 1" : "implicit",
                     step, l, f(out[l][0]) * 255.0f, want);
         /* only lane 0 covered, the others helpers outside the primitive:
          * they run the tex too ("all"), so lane 0's LOD is the same */
         if (run_fp_helper(&p, in, out, 0xe))
            CHECK(f(out[0][0]) == want / 255.0f, "%s, step %g, helpers: "
                  "%g, want %g/255", with_bias ? "bias 1" : "implicit",
                  step, f(out[0][0]) * 255.0f, want);
      }
      nvc_g80_program_free(&p);
   }
}

/*
 * A 2D array in a VP: 2 x 1 R8, 3 layers, each one gob (256 bytes:
 * g80-surface.rst, a layer's size aligned to level 0's block of one
 * gob), layer L's texels 10 (L + 1).  The layer is clamp(RNE(r), 0, 2)
 * (GL 3.3 3.8.8): r = 1.4 -> 1 (20), 0.6 -> 1 (20), -0.7 -> 0 (10),
 * 2.5 -> 2 (30, even), 7 -> 2 (30).
 */
static void
test_array(void)
{
   static uint8_t mem[3 * 256];
   for (unsigned l = 0; l < 3; l++)
      mem[256 * l] = mem[256 * l + 1] = 10 * (l + 1);
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_ZERO, G80_TIC_SOURCE_ZERO,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D_ARRAY, .w = 2, .h = 1, .d = 3,
   };
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   if (!bind(3, &d, &s, mem, sizeof(mem)))
      return;
   CHECK(unit.tex[3].layer_bytes == 256, "layer %llu bytes, want 256",
         (unsigned long long)unit.tex[3].layer_bytes);
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_tex_array");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   vp_out(&b, tex(&b, nir_texop_tex, GLSL_SAMPLER_DIM_2D, true, 3,
                  nir_channels(&b, nir_load_var(&b, in), 0x7), 0, NULL, NULL,
                  nir_type_float32));
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float r[5] = { 1.4f, 0.6f, -0.7f, 2.5f, 7 };
   const float want[5] = { 20, 20, 10, 30, 30 };
   float a[5][4];
   for (unsigned l = 0; l < 5; l++) {
      a[l][0] = 0.25f;
      a[l][1] = 0.5f;
      a[l][2] = r[l];
      a[l][3] = 0;
   }
   uint32_t out[5][4];
   if (run_vp(&p, 5, a, out))
      for (unsigned l = 0; l < 5; l++)
         CHECK(f(out[l][0]) == want[l] / 255.0f, "layer %g: %g, want "
               "%g/255", r[l], f(out[l][0]) * 255.0f, want[l]);
   nvc_g80_program_free(&p);

   /* the same layers through textureGrad (zero gradients), which takes
    * each lane's layer through quadop before converting it */
   b = builder(MESA_SHADER_VERTEX, "vp_txd_array");
   in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *zero2 = nir_imm_vec2(&b, 0, 0);
   nir_tex_instr *t = nir_tex_instr_create(b.shader, 3);
   t->op = nir_texop_txd;
   t->sampler_dim = GLSL_SAMPLER_DIM_2D;
   t->is_array = true;
   t->dest_type = nir_type_float32;
   t->texture_index = t->sampler_index = 3;
   t->coord_components = 3;
   t->src[0].src_type = nir_tex_src_coord;
   t->src[0].src = nir_src_for_ssa(nir_channels(&b, nir_load_var(&b, in),
                                                0x7));
   t->src[1].src_type = nir_tex_src_ddx;
   t->src[1].src = nir_src_for_ssa(zero2);
   t->src[2].src_type = nir_tex_src_ddy;
   t->src[2].src = nir_src_for_ssa(zero2);
   nir_ssa_dest_init(&t->instr, &t->dest, 4, 32, NULL);
   nir_builder_instr_insert(&b, &t->instr);
   vp_out(&b, &t->dest.ssa);
   if (!compile(b.shader, &p))
      return;
   if (run_vp(&p, 5, a, out))
      for (unsigned l = 0; l < 5; l++)
         CHECK(f(out[l][0]) == want[l] / 255.0f, "textureGrad layer %g: %g, "
               "want %g/255", r[l], f(out[l][0]) * 255.0f, want[l]);
   nvc_g80_program_free(&p);
}

/* A VP: pos.x = tex(slot, the first ncomp components of attribute 0),
 * x; run on `lanes` lanes, lane l's x checked against want[l] / 255. */
static void
vp_sample(const char *what, enum glsl_sampler_dim dim, bool array,
          unsigned slot, unsigned ncomp, bool proj, unsigned lanes,
          const float a[][4], const float *want)
{
   nir_builder b = builder(MESA_SHADER_VERTEX, what);
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *av = nir_load_var(&b, in);
   nir_ssa_def *t = tex(&b, nir_texop_tex, dim, array, slot,
                        nir_channels(&b, av, (1u << ncomp) - 1),
                        proj ? nir_tex_src_projector : 0,
                        proj ? nir_channel(&b, av, 3) : NULL, NULL,
                        nir_type_float32);
   vp_out(&b, nir_channel(&b, t, 0));
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   if (dim == GLSL_SAMPLER_DIM_CUBE) {
      /* the CUBE flag (envydis: "texauto cube"); nvsim's unit takes the
       * cube from the TIC, so only the encoding shows it */
      char *dis = nvc_g80_disasm(&p);
      CHECK(dis && strstr(dis, " cube "), "%s: no cube flag:\n%s", what,
            dis ? dis : "");
      free(dis);
   }
   uint32_t out[8][4];
   if (run_vp(&p, lanes, a, out))
      for (unsigned l = 0; l < lanes; l++)
         CHECK(f(out[l][0]) == want[l] / 255.0f, "%s, lane %u: %g, want "
               "%g/255", what, l, f(out[l][0]) * 255.0f, want[l]);
   nvc_g80_program_free(&p);
}

/*
 * The other targets, NEAREST, R8 block-linear, one gob (256 bytes) per
 * layer / slice / face (g80-surface.rst; each a single gob's rows):
 *  - 1D, 4 texels 10, 20, 30, 40: s = 0.6 -> u = 2.4, texel 2 (30);
 *    s = 0.1 -> texel 0 (10);
 *  - 1D array, 2 texels x 3 layers, layer L 50 + L: (0.75, 2.2) ->
 *    layer 2 (52);
 *  - 3D, 2 x 1 x 2, slice z texels 60 + 10 z + x: (0.75, 0.5, 0.75) ->
 *    (1, 0, 1) = 71; (0.25, 0.5, 0.25) -> 60;
 *  - cube, 1 x 1 faces +X, -X, +Y, -Y, +Z, -Z (GL's order) of 100 + f:
 *    the major axis picks the face (GL 3.3 table 3.21): (-1, 0.1, 0.2)
 *    -X (101), (0.1, 0.2, 1) +Z (104), (0.3, -2, 0.5) -Y (103);
 *  - rectangle (the RGBA pitch texture, unnormalised): (2.5, 1.5) is
 *    texel (2, 1), R = 16 * 2 + 1 = 33;
 *  - textureProj 2D on the 1D texture's data as 4 x 1: (1.2, 0.5, _, 2)
 *    -> s = 0.6: texel 2 (30).
 */
static void
test_targets(void)
{
   static uint8_t mem1d[256] = { 10, 20, 30, 40 };
   static uint8_t mem1da[3 * 256], mem3d[2 * 256], memcube[6 * 256];
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_ZERO, G80_TIC_SOURCE_ZERO,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_ONE_D, .w = 4, .h = 1, .d = 1,
   };
   bind(3, &d, &s, mem1d, sizeof(mem1d));
   const float a1[2][4] = { { 0.6f }, { 0.1f } };
   vp_sample("vp_tex_1d", GLSL_SAMPLER_DIM_1D, false, 3, 1, false, 2, a1,
             (const float[]){ 30, 10 });
   d.tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D;
   bind(3, &d, &s, mem1d, sizeof(mem1d));
   const float ap[1][4] = { { 1.2f, 0.5f, 0, 2 } };
   vp_sample("vp_tex_proj", GLSL_SAMPLER_DIM_2D, false, 3, 2, true, 1, ap,
             (const float[]){ 30 });

   for (unsigned l = 0; l < 3; l++)
      mem1da[256 * l] = mem1da[256 * l + 1] = 50 + l;
   d.tex_type = G80_TIC_2_TEXTURE_TYPE_ONE_D_ARRAY;
   d.w = 2;
   d.d = 3;
   bind(4, &d, &s, mem1da, sizeof(mem1da));
   const float aa[1][4] = { { 0.75f, 2.2f } };
   vp_sample("vp_tex_1d_array", GLSL_SAMPLER_DIM_1D, true, 4, 2, false, 1,
             aa, (const float[]){ 52 });

   for (unsigned z = 0; z < 2; z++)
      for (unsigned x = 0; x < 2; x++)
         mem3d[256 * z + x] = 60 + 10 * z + x;
   d.tex_type = G80_TIC_2_TEXTURE_TYPE_THREE_D;
   d.w = 2;
   d.d = 2;
   bind(5, &d, &s, mem3d, sizeof(mem3d));
   const float a3[2][4] = { { 0.75f, 0.5f, 0.75f }, { 0.25f, 0.5f, 0.25f } };
   vp_sample("vp_tex_3d", GLSL_SAMPLER_DIM_3D, false, 5, 3, false, 2, a3,
             (const float[]){ 71, 60 });

   for (unsigned f = 0; f < 6; f++)
      memcube[256 * f] = 100 + f;
   d.tex_type = G80_TIC_2_TEXTURE_TYPE_CUBEMAP;
   d.w = 1;
   d.d = 1;   /* one cube */
   bind(6, &d, &s, memcube, sizeof(memcube));
   const float ac[3][4] = { { -1, 0.1f, 0.2f }, { 0.1f, 0.2f, 1 },
                            { 0.3f, -2, 0.5f } };
   vp_sample("vp_tex_cube", GLSL_SAMPLER_DIM_CUBE, false, 6, 3, false, 3,
             ac, (const float[]){ 101, 104, 103 });

   struct tsc_desc sr = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   bind_rgba(&sr);
   struct tic_desc rect = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D_NO_MIPMAP, .pitch = true,
      .pitch_bytes = 32, .w = 4, .h = 4, .d = 1, .unnormalized = true,
   };
   bind(1, &rect, &sr, rgba_mem, sizeof(rgba_mem));
   const float ar[1][4] = { { 2.5f, 1.5f } };
   vp_sample("vp_tex_rect", GLSL_SAMPLER_DIM_RECT, false, 1, 2, false, 1,
             ar, (const float[]){ 33 });
}

/*
 * Texel offsets (GL 3.3 3.8.8: u = s * w + offset, then NEAREST): on the
 * pitch texture, an FP quad at the centres of texels (1, 2), (2, 2),
 * (1, 3), (2, 3) with offset (1, -2) reads (2, 0), (3, 0), (2, 1),
 * (3, 1); texelFetchOffset (0, 3) + (3, -2) in a VP is texel (3, 1).
 */
static void
test_offsets(void)
{
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   bind_rgba(&s);
   nir_ssa_def *v;
   nir_builder b = fp_begin("fp_tex_offset", &v);
   fp_end(&b, tex(&b, nir_texop_tex, GLSL_SAMPLER_DIM_2D, false, 1,
                  nir_channels(&b, v, 0x3), nir_tex_src_offset,
                  nir_imm_ivec2(&b, 1, -2), NULL, nir_type_float32));
   struct nvc_g80_program p;
   if (compile(b.shader, &p)) {
      float in[4][4];
      for (unsigned l = 0; l < 4; l++) {
         in[l][0] = (1 + (l & 1) + 0.5f) / 4;
         in[l][1] = (2 + (l >> 1) + 0.5f) / 4;
         in[l][2] = in[l][3] = 0;
      }
      uint32_t out[4][4];
      if (run_fp(&p, in, out))
         for (unsigned l = 0; l < 4; l++)
            check_texel("textureOffset (1, -2)", out[l], 2 + (l & 1),
                        l >> 1);
      nvc_g80_program_free(&p);
   }

   b = builder(MESA_SHADER_VERTEX, "vp_txf_offset");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *a = nir_f2i32(&b, nir_load_var(&b, in));
   nir_tex_instr *t = nir_tex_instr_create(b.shader, 3);
   t->op = nir_texop_txf;
   t->sampler_dim = GLSL_SAMPLER_DIM_2D;
   t->dest_type = nir_type_float32;
   t->texture_index = t->sampler_index = 1;
   t->coord_components = 2;
   t->src[0].src_type = nir_tex_src_coord;
   t->src[0].src = nir_src_for_ssa(nir_channels(&b, a, 0x3));
   t->src[1].src_type = nir_tex_src_lod;
   t->src[1].src = nir_src_for_ssa(nir_channel(&b, a, 2));
   t->src[2].src_type = nir_tex_src_offset;
   t->src[2].src = nir_src_for_ssa(nir_imm_ivec2(&b, 3, -2));
   nir_ssa_dest_init(&t->instr, &t->dest, 4, 32, NULL);
   nir_builder_instr_insert(&b, &t->instr);
   vp_out(&b, &t->dest.ssa);
   if (!compile(b.shader, &p))
      return;
   const float a1[1][4] = { { 0, 3, 0 } };
   uint32_t o[1][4];
   if (run_vp(&p, 1, a1, o))
      check_texel("texelFetchOffset (0, 3) + (3, -2)", o[0], 3, 1);
   nvc_g80_program_free(&p);
}

/*
 * texelFetch in a loop whose trip count differs per lane (the backend's
 * control flow): sum of texel i of the 1D texture (10, 20, 30, 40) for
 * i < n: n = 0, 2, 4, 3 -> 0, 30, 100, 60 (/ 255 each).
 */
static void
test_loop(void)
{
   static uint8_t mem[256] = { 10, 20, 30, 40 };
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_ZERO, G80_TIC_SOURCE_ZERO,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_ONE_D, .w = 4, .h = 1, .d = 1,
   };
   struct tsc_desc ts = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   bind(3, &d, &ts, mem, sizeof(mem));
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_txf_loop");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *n = nir_f2i32(&b, nir_channel(&b, nir_load_var(&b, in), 0));
   nir_variable *iv = nir_local_variable_create(b.impl, glsl_int_type(), "i");
   nir_variable *sv = nir_local_variable_create(b.impl, glsl_float_type(), "s");
   nir_store_var(&b, iv, nir_imm_int(&b, 0), 1);
   nir_store_var(&b, sv, nir_imm_float(&b, 0), 1);
   nir_push_loop(&b);
   {
      nir_ssa_def *i = nir_load_var(&b, iv);
      nir_push_if(&b, nir_ige(&b, i, n));
      nir_jump(&b, nir_jump_break);
      nir_pop_if(&b, NULL);
      nir_ssa_def *t = tex(&b, nir_texop_txf, GLSL_SAMPLER_DIM_1D, false, 3,
                           i, nir_tex_src_lod, nir_imm_int(&b, 0), NULL,
                           nir_type_float32);
      nir_store_var(&b, sv, nir_fadd(&b, nir_load_var(&b, sv),
                                     nir_channel(&b, t, 0)), 1);
      nir_store_var(&b, iv, nir_iadd_imm(&b, i, 1), 1);
   }
   nir_pop_loop(&b, NULL);
   vp_out(&b, nir_load_var(&b, sv));
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float a[4][4] = { { 0 }, { 2 }, { 4 }, { 3 } };
   const float want[4] = { 0, 30, 100, 60 };
   uint32_t out[4][4];
   if (run_vp(&p, 4, a, out))
      for (unsigned l = 0; l < 4; l++)
         CHECK(fabsf(f(out[l][0]) - want[l] / 255.0f) < 1e-6f,
               "loop of %g texelFetches: %g, want %g/255", a[l][0],
               f(out[l][0]) * 255.0f, want[l]);
   nvc_g80_program_free(&p);
}

/*
 * Shadow compares with 4 source words: a cube (x, y, z, dref) of Z24S8
 * faces of depth 0.25 (even faces) and 0.75 (odd), LEQUAL ref 0.5: +X
 * (face 0: 0.5 <= 0.25 fails, 0), -X (face 1: passes, 1); a 2D array
 * (s, t, layer, dref), 2 x 1 per layer, layer L of depth 0.25 + 0.5 L:
 * layer 1 passes (1), layer 0 fails (0).  A 2D array shadow with a bias
 * is 5 words: refused.
 */
static void
test_shadow_4(void)
{
   static uint8_t cube[6 * 256], arr[2 * 256];
   for (unsigned f = 0; f < 6; f++) {
      uint32_t z = (f & 1 ? 0xc00000u : 0x400000u) << 8;
      memcpy(cube + 256 * f, &z, 4);
   }
   for (unsigned l = 0; l < 2; l++) {
      uint32_t z = (l ? 0xc00000u : 0x400000u) << 8;
      memcpy(arr + 256 * l, &z, 4);
      memcpy(arr + 256 * l + 4, &z, 4);
   }
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_Z24S8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_G, G80_TIC_SOURCE_G, G80_TIC_SOURCE_G,
               G80_TIC_SOURCE_ONE_FLOAT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_CUBEMAP, .w = 1, .h = 1, .d = 1,
   };
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE, .compare = true,
                         .func = G80_TSC_0_DEPTH_COMPARE_FUNC_LEQUAL };
   bind(6, &d, &s, cube, sizeof(cube));
   d.tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D_ARRAY;
   d.w = 2;
   d.d = 2;
   bind(7, &d, &s, arr, sizeof(arr));
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_shadow_4");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *a = nir_load_var(&b, in);
   nir_ssa_def *ref = nir_imm_float(&b, 0.5f);
   nir_ssa_def *tc = tex(&b, nir_texop_tex, GLSL_SAMPLER_DIM_CUBE, false, 6,
                         nir_channels(&b, a, 0x7), 0, NULL, ref,
                         nir_type_float32);
   nir_ssa_def *ta = tex(&b, nir_texop_tex, GLSL_SAMPLER_DIM_2D, true, 7,
                         nir_vec3(&b, nir_imm_float(&b, 0.25f),
                                  nir_imm_float(&b, 0.5f),
                                  nir_channel(&b, a, 3)),
                         0, NULL, ref, nir_type_float32);
   vp_out(&b, nir_vec2(&b, nir_channel(&b, tc, 0), nir_channel(&b, ta, 0)));
   struct nvc_g80_program p;
   if (compile(b.shader, &p)) {
      const float at[2][4] = { { 1, 0.1f, 0.2f, 0 }, { -1, 0.1f, 0.2f, 1 } };
      uint32_t out[2][4];
      if (run_vp(&p, 2, at, out))
         CHECK(f(out[0][0]) == 0 && f(out[1][0]) == 1 &&
               f(out[0][1]) == 0 && f(out[1][1]) == 1,
               "cube shadow %g %g (want 0 1), array shadow %g %g (want 0 1)",
               f(out[0][0]), f(out[1][0]), f(out[0][1]), f(out[1][1]));
      nvc_g80_program_free(&p);
   }

   nir_ssa_def *v;
   b = fp_begin("fp_shadow_array_bias", &v);
   nir_tex_instr *t = nir_tex_instr_create(b.shader, 3);
   t->op = nir_texop_txb;
   t->sampler_dim = GLSL_SAMPLER_DIM_2D;
   t->is_array = t->is_shadow = t->is_new_style_shadow = true;
   t->dest_type = nir_type_float32;
   t->texture_index = t->sampler_index = 7;
   t->coord_components = 3;
   t->src[0].src_type = nir_tex_src_coord;
   t->src[0].src = nir_src_for_ssa(nir_channels(&b, v, 0x7));
   t->src[1].src_type = nir_tex_src_comparator;
   t->src[1].src = nir_src_for_ssa(nir_channel(&b, v, 3));
   t->src[2].src_type = nir_tex_src_bias;
   t->src[2].src = nir_src_for_ssa(nir_imm_float(&b, 1));
   nir_ssa_dest_init(&t->instr, &t->dest, 1, 32, NULL);
   nir_builder_instr_insert(&b, &t->instr);
   fp_end(&b, &t->dest.ssa);
   char *err = NULL;
   bool ok = nvc_g80_compile(&target, b.shader, &p, &err);
   CHECK(!ok && err && strstr(err, target.name) && strstr(err, "at most 4"),
         "a 5-word shadow array bias: %s", err ? err : "compiled");
   if (ok)
      nvc_g80_program_free(&p);
   free(err);
   ralloc_free(b.shader);
}

/*
 * texelFetch on a buffer texture of R32 UINT (ONE_D_BUFFER, pitch, 3
 * texels 7, 0xdeadbeef, 42): integers come back as they are (GL 3.3
 * 3.8.1: no conversion for integer formats), texel 1 and 2 in two lanes,
 * the x word bit for bit; y from ZERO, w from ONE_INT (1).
 */
static void
test_buffer_int(void)
{
   static uint32_t mem[64] = { 7, 0xdeadbeef, 42 };
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_R32, .type = G80_TIC_TYPE_UINT,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_ZERO, G80_TIC_SOURCE_ZERO,
               G80_TIC_SOURCE_ONE_INT },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_ONE_D_BUFFER, .pitch = true,
      .pitch_bytes = 256, .w = 3, .h = 1, .d = 1,
   };
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_CLAMP_TO_EDGE };
   if (!bind(4, &d, &s, (const uint8_t *)mem, sizeof(mem)))
      return;
   nir_builder b = builder(MESA_SHADER_VERTEX, "vp_txf_buffer");
   nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0, 0, "a");
   nir_ssa_def *x = nir_f2i32(&b, nir_channel(&b, nir_load_var(&b, in), 0));
   nir_ssa_def *t = tex(&b, nir_texop_txf, GLSL_SAMPLER_DIM_BUF, false, 4,
                        x, 0, NULL, NULL, nir_type_uint32);
   vp_out(&b, nir_vec2(&b, nir_channel(&b, t, 0), nir_channel(&b, t, 3)));
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   const float a[2][4] = { { 1 }, { 2 } };
   uint32_t out[2][4];
   if (run_vp(&p, 2, a, out))
      CHECK(out[0][0] == 0xdeadbeef && out[1][0] == 42 && out[0][1] == 1,
            "buffer texelFetch 0x%x, %u, w %u; want 0xdeadbeef, 42, 1",
            out[0][0], out[1][0], out[0][1]);
   nvc_g80_program_free(&p);
}

/*
 * texture() in a VP: GLSL 1.30 8.7 makes the implicit LOD 0 outside
 * fragment shaders, and the sampler's LOD bias still counts (GL 3.3
 * (3.18)): with TSC MIP_LOD_BIAS 1 (256 in radix 8) on the mip texture,
 * lambda = 0 + 1: level 1 (R 80), not level 0 as derivatives of 0 would
 * give.
 */
static void
test_vp_implicit_lod(void)
{
   bind_mip();
   struct tsc_desc s = { .wrap = G80_TSC_WRAP_WRAP,
                         .mip = G80_TSC_1_MIP_FILTER_NEAREST,
                         .lod_bias = 256 };
   struct tic_desc d = {
      .cs = G80_TIC_0_COMPONENTS_SIZES_A8B8G8R8, .type = G80_TIC_TYPE_UNORM,
      .src = { G80_TIC_SOURCE_R, G80_TIC_SOURCE_G, G80_TIC_SOURCE_B,
               G80_TIC_SOURCE_A },
      .tex_type = G80_TIC_2_TEXTURE_TYPE_TWO_D, .w = 8, .h = 8, .d = 1,
      .last_level = 3,
   };
   bind(2, &d, &s, mip_mem, sizeof(mip_mem));
   const float a[1][4] = { { 0.3f, 0.3f } };
   vp_sample("vp_tex_implicit_lod", GLSL_SAMPLER_DIM_2D, false, 2, 2, false,
             1, a, (const float[]){ 80 });
}

/*
 * textureGrad (txd) on the mip texture, MIP NEAREST, the gradients
 * differing per lane: lane l has ddx = (g, 0), ddy = (0, g), g = 2^l / 8,
 * so rho = 8 g = 2^l and lambda = l: level l, R = 40 (l + 1) (GL 3.3
 * 3.8.11, (3.24)), whatever the quad's own coordinates (1/8 apart: lambda
 * 0).  In an FP quad and in a VP (the deriv flag); and in an FP with
 * ddy = (-g, 0) instead (rho = max(|ddx|, |ddy|) = g again), which only
 * holds if ddx went to the right lanes and ddy to the bottom ones.
 */
static void
test_grad(void)
{
   bind_mip();
   for (unsigned mode = 0; mode < 3; mode++) {
      bool vp = mode == 1, opposite = mode == 2;
      nir_builder b;
      nir_ssa_def *v;
      if (vp) {
         b = builder(MESA_SHADER_VERTEX, "vp_txd");
         nir_variable *in = nvc_test_in_vec4(b.shader, VERT_ATTRIB_GENERIC0,
                                             0, "a");
         v = nir_load_var(&b, in);
      } else {
         b = fp_begin(opposite ? "fp_txd_opposite" : "fp_txd", &v);
      }
      nir_ssa_def *g = nir_channel(&b, v, 2), *z = nir_imm_float(&b, 0);
      nir_tex_instr *t = nir_tex_instr_create(b.shader, 3);
      t->op = nir_texop_txd;
      t->sampler_dim = GLSL_SAMPLER_DIM_2D;
      t->dest_type = nir_type_float32;
      t->texture_index = t->sampler_index = 2;
      t->coord_components = 2;
      t->src[0].src_type = nir_tex_src_coord;
      t->src[0].src = nir_src_for_ssa(nir_channels(&b, v, 0x3));
      t->src[1].src_type = nir_tex_src_ddx;
      t->src[1].src = nir_src_for_ssa(nir_vec2(&b, g, z));
      t->src[2].src_type = nir_tex_src_ddy;
      t->src[2].src = nir_src_for_ssa(opposite ? nir_vec2(&b, nir_fneg(&b, g), z)
                                               : nir_vec2(&b, z, g));
      nir_ssa_dest_init(&t->instr, &t->dest, 4, 32, NULL);
      nir_builder_instr_insert(&b, &t->instr);
      if (vp)
         vp_out(&b, &t->dest.ssa);
      else
         fp_end(&b, &t->dest.ssa);
      struct nvc_g80_program p;
      if (!compile(b.shader, &p))
         continue;
      float in[4][4];
      for (unsigned l = 0; l < 4; l++) {
         in[l][0] = 0.05f + (l & 1) / 8.0f;
         in[l][1] = 0.05f + (l >> 1) / 8.0f;
         in[l][2] = (1u << l) / 8.0f;
         in[l][3] = 0;
      }
      uint32_t out[4][4];
      if (vp ? run_vp(&p, 4, in, out) : run_fp(&p, in, out))
         for (unsigned l = 0; l < 4; l++)
            CHECK(f(out[l][0]) == 40.0f * (l + 1) / 255.0f, "%s lane %u: "
                  "%g, want %u/255", vp ? "VP textureGrad" : opposite ?
                  "FP textureGrad, ddy = -ddx" : "FP textureGrad", l, f(out[l][0]) * 255.0f, 40 * (l + 1));
      nvc_g80_program_free(&p);
   }
}

/*
 * textureGrad inside a branch only lanes 0 and 3 of the quad take (GL
 * defines explicit gradients in non-uniform control flow): lane 0 has g
 * = 1/8 (level 0, R 40), lane 3 g = 1 (level 3, R 160), lanes 1 and 2
 * take the else side (0).  The quad's other lanes must still supply
 * coordinates for the derivatives (quadon).
 */
static void
test_grad_divergent(void)
{
   bind_mip();
   nir_ssa_def *v;
   nir_builder b = fp_begin("fp_txd_divergent", &v);
   nir_ssa_def *g = nir_channel(&b, v, 2), *z = nir_imm_float(&b, 0);
   nir_push_if(&b, nir_flt(&b, nir_imm_float(&b, 0.5f), nir_channel(&b, v, 3)));
   nir_tex_instr *t = nir_tex_instr_create(b.shader, 3);
   t->op = nir_texop_txd;
   t->sampler_dim = GLSL_SAMPLER_DIM_2D;
   t->dest_type = nir_type_float32;
   t->texture_index = t->sampler_index = 2;
   t->coord_components = 2;
   t->src[0].src_type = nir_tex_src_coord;
   t->src[0].src = nir_src_for_ssa(nir_channels(&b, v, 0x3));
   t->src[1].src_type = nir_tex_src_ddx;
   t->src[1].src = nir_src_for_ssa(nir_vec2(&b, g, z));
   t->src[2].src_type = nir_tex_src_ddy;
   t->src[2].src = nir_src_for_ssa(nir_vec2(&b, z, g));
   nir_ssa_dest_init(&t->instr, &t->dest, 4, 32, NULL);
   nir_builder_instr_insert(&b, &t->instr);
   nir_push_else(&b, NULL);
   nir_ssa_def *zero4 = nir_imm_vec4(&b, 0, 0, 0, 0);
   nir_pop_if(&b, NULL);
   fp_end(&b, nir_if_phi(&b, &t->dest.ssa, zero4));
   struct nvc_g80_program p;
   if (!compile(b.shader, &p))
      return;
   char *dis = nvc_g80_disasm(&p);
   CHECK(dis && strstr(dis, "bra") && strstr(dis, "quadon"),
         "no branch or no quadon:\n%s", dis ? dis : "");
   free(dis);
   static const float gl[4] = { 1 / 8.0f, 1 / 8.0f, 1 / 8.0f, 1 };
   static const float want[4] = { 40, 0, 0, 160 };
   float in[4][4];
   for (unsigned l = 0; l < 4; l++) {
      in[l][0] = 0.05f + (l & 1) / 8.0f;
      in[l][1] = 0.05f + (l >> 1) / 8.0f;
      in[l][2] = gl[l];
      in[l][3] = l == 0 || l == 3 ? 1 : 0;
   }
   uint32_t out[4][4];
   if (run_fp(&p, in, out))
      for (unsigned l = 0; l < 4; l++)
         CHECK(f(out[l][0]) == want[l] / 255.0f, "textureGrad in a branch, "
               "lane %u: %g, want %g/255", l, f(out[l][0]) * 255.0f,
               want[l]);
   nvc_g80_program_free(&p);
}

/* What is not done is refused with the chip and the reason named. */
static void
test_refused(void)
{
   static const struct {
      nir_texop op;
      nir_tex_src_type extra;
      const char *what;
   } cases[] = {
      { nir_texop_tg4, 0, "gather" },
      { nir_texop_tex, nir_tex_src_offset, "outside -8..7" },
      { nir_texop_lod, 0, "LOD query" },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      nir_ssa_def *v;
      nir_builder b = fp_begin("fp_tex_refused", &v);
      nir_ssa_def *st = nir_channels(&b, v, 0x3);
      fp_end(&b, tex(&b, cases[i].op, GLSL_SAMPLER_DIM_2D, false, 1, st,
                     cases[i].extra, cases[i].extra ?
                     nir_imm_ivec2(&b, 9, 0) : NULL, NULL,
                     nir_type_float32));
      struct nvc_g80_program p;
      char *err = NULL;
      bool ok = nvc_g80_compile(&target, b.shader, &p, &err);
      CHECK(!ok && err && strstr(err, target.name) &&
            strstr(err, cases[i].what), "%s: %s", cases[i].what,
            err ? err : "compiled");
      if (ok)
         nvc_g80_program_free(&p);
      free(err);
      ralloc_free(b.shader);
   }
}

int
main(void)
{
   if (!nvc_g80_test_target(&target))
      return 1;
   test_nearest_2d();
   test_linear_vp();
   test_texel_fetch();
   test_texture_size();
   test_array();
   test_targets();
   test_offsets();
   test_shadow_4();
   test_loop();
   test_buffer_int();
   test_vp_implicit_lod();
   test_grad();
   test_grad_divergent();
   test_shadow();
   test_explicit_lod();
   test_implicit_lod();
   test_refused();
   return nvc_test_end("nvc_g80 textures: NEAREST, LINEAR, texelFetch, "
                       "textureSize, shadow, explicit and implicit LOD, "
                       "arrays, 1D, 3D, cube, rectangle, textureProj, "
                       "offsets, 4-word shadows, a loop, integer buffer, "
                       "textureGrad, "
                       "refusals ok");
}
