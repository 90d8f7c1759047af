/*
 * The rasterizer's and ROP's fast path (st->fast: the scan by spans,
 * nvsim_raster_quad_ops_fast) against the reference (st->fast false) on
 * random inputs: random triangles (tiny, thin, edge-on, degenerate,
 * huge, partly off the target), random depth/stencil/alpha/blend/logic
 * op/colour mask states, every colour and zeta format, linear and
 * swizzled targets, a program that kills, writes depth and outputs
 * special values (NaN, infinities, -0, denormals, values outside
 * [0, 1]).  Each case draws the same primitives both ways from the same
 * memory and wants every byte of every target, the quads the program
 * saw (position, mask, inputs) and the occlusion count the same.  No
 * expected picture: the reference is the specification here.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "raster/nvsim_raster.h"

static int failures;

#define CHECK(cond, ...)                                                   \
   do {                                                                    \
      if (!(cond)) {                                                       \
         failures++;                                                       \
         printf("FAIL %s:%d: ", __func__, __LINE__);                      \
         printf(__VA_ARGS__);                                              \
         printf("\n");                                                     \
      }                                                                    \
   } while (0)

/* 64x64 pixels: swizzled targets need powers of two */
#define W 64
#define H 64
#define NRT 4
#define BUF (W * H * 16)

static uint64_t rng_state;

static uint32_t
rnd(void)
{
   /* xorshift64* */
   rng_state ^= rng_state >> 12;
   rng_state ^= rng_state << 25;
   rng_state ^= rng_state >> 27;
   return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

static unsigned
rn(unsigned n)
{
   return rnd() % n;
}

static float
rf(float lo, float hi)
{
   return lo + (hi - lo) * (float)(rnd() >> 8) / 16777216.0f;
}

/* a colour component: mostly in range, sometimes a special value */
static float
special(uint32_t h)
{
   static const float sv[] = {
      0.0f, -0.0f, 1.0f, 0.5f, 1.5f, -0.25f, 1e-40f, -1e-40f, 65504.0f,
      70000.0f, 0.00195f, 0.99999f, 1.0f / 510.0f, 3.0f / 510.0f,
   };
   switch (h % 16) {
   case 0: return NAN;
   case 1: return INFINITY;
   case 2: return -INFINITY;
   case 3: return sv[(h >> 4) % (sizeof(sv) / sizeof(sv[0]))];
   default: return (float)((h >> 8) & 0xffff) / 65535.0f;
   }
}

/* What the fragment program saw, per quad, to compare both ways. */
struct trace {
   uint32_t hash;
   unsigned quads;
};

struct prog {
   bool kill, write_depth;
   uint32_t seed;
   struct trace *tr;
};

static uint32_t
mix(uint32_t h, uint32_t v)
{
   h ^= v;
   h *= 0x01000193u;
   return h ^ (h >> 15);
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static void
shade(void *ctx, struct nvsim_raster_quad *q)
{
   struct prog *p = ctx;
   uint32_t h = mix(mix(p->tr->hash, (uint32_t)q->x), (uint32_t)q->y);
   h = mix(h, q->mask);
   h = mix(h, q->front);
   for (unsigned f = 0; f < 4; f++) {
      h = mix(h, fbits(q->z[f]));
      for (unsigned s = 0; s < NVSIM_RASTER_MAX_ATTRIBS; s++)
         for (unsigned c = 0; c < 4; c++)
            if (s < 4)
               h = mix(h, fbits(q->in[f][s][c]));
   }
   p->tr->hash = h;
   p->tr->quads++;
   for (unsigned f = 0; f < 4; f++) {
      uint32_t fh = mix(mix(p->seed, (uint32_t)(q->x + (f & 1))),
                        (uint32_t)(q->y + (f >> 1)));
      for (unsigned rt = 0; rt < NVSIM_RASTER_MAX_RT; rt++)
         for (unsigned c = 0; c < 4; c++) {
            fh = mix(fh, rt * 4 + c);
            /* mostly the interpolated colour, sometimes special */
            q->color[f][rt][c] = (fh & 0x300) ? q->in[f][1][c] : special(fh);
         }
      for (unsigned c = 0; c < 4; c++)
         q->color1[f][c] = special(mix(fh, 99 + c));
      if (p->kill && (mix(fh, 7) & 3) == 0)
         q->mask &= ~(1u << f);
      q->depth[f] = (mix(fh, 11) & 7) == 0 ? special(mix(fh, 13))
                                           : q->z[f] * 0.75f;
   }
   q->depth_written = p->write_depth;
}

static const enum nvsim_raster_format color_fmts[] = {
   NVSIM_RASTER_FMT_B8G8R8A8, NVSIM_RASTER_FMT_B8G8R8X8,
   NVSIM_RASTER_FMT_B5G6R5, NVSIM_RASTER_FMT_B5G5R5X1,
   NVSIM_RASTER_FMT_R8G8B8A8, NVSIM_RASTER_FMT_R8G8B8X8,
   NVSIM_RASTER_FMT_B8, NVSIM_RASTER_FMT_RGBA16F,
   NVSIM_RASTER_FMT_RGBA32F, NVSIM_RASTER_FMT_R32F,
};
static const enum nvsim_raster_format zeta_fmts[] = {
   NVSIM_RASTER_FMT_NONE, NVSIM_RASTER_FMT_Z16, NVSIM_RASTER_FMT_Z24S8,
   NVSIM_RASTER_FMT_Z24S8, NVSIM_RASTER_FMT_Z32F_S8,
};

static uint8_t mem[2][NRT + 1][BUF];
static uint8_t init_mem[NRT + 1][BUF];

static void
random_stencil(struct nvsim_raster_stencil *s)
{
   s->enable = rn(3) == 0;
   s->func = (enum nvsim_raster_func)rn(8);
   s->ref = (uint8_t)rnd();
   s->func_mask = rn(2) ? 0xff : (uint8_t)rnd();
   s->write_mask = rn(2) ? 0xff : (uint8_t)rnd();
   s->op_fail = (enum nvsim_raster_stencil_op)rn(8);
   s->op_zfail = (enum nvsim_raster_stencil_op)rn(8);
   s->op_zpass = (enum nvsim_raster_stencil_op)rn(8);
}

static void
random_func(struct nvsim_raster_blend_func *f)
{
   f->src_rgb = (enum nvsim_raster_blend_factor)rn(19);
   f->src_a = (enum nvsim_raster_blend_factor)rn(19);
   f->dst_rgb = (enum nvsim_raster_blend_factor)rn(19);
   f->dst_a = (enum nvsim_raster_blend_factor)rn(19);
   f->eq_rgb = (enum nvsim_raster_blend_eq)rn(5);
   f->eq_a = (enum nvsim_raster_blend_eq)rn(5);
}

static void
random_state(struct nvsim_raster_state *st, struct prog *p)
{
   memset(st, 0, sizeof(*st));
   bool swz = rn(4) == 0;
   unsigned nrt = 1 + (rn(3) == 0 ? rn(NRT) : 0);
   for (unsigned rt = 0; rt < nrt; rt++) {
      struct nvsim_raster_surface *s = &st->color[rt];
      s->format = color_fmts[rn(sizeof(color_fmts) / sizeof(color_fmts[0]))];
      s->pitch = W * nvsim_raster_format_bpp(s->format);
      s->swizzled = swz;
      s->log2w = s->log2h = 6;
      st->color_mask[rt] = rn(4) ? NVSIM_RASTER_MASK_RGBA : rn(16);
   }
   st->zeta.format = zeta_fmts[rn(sizeof(zeta_fmts) / sizeof(zeta_fmts[0]))];
   st->zeta.pitch = W * 8;
   st->zeta.swizzled = swz;
   st->zeta.log2w = st->zeta.log2h = 6;
   st->samples = rn(2);   /* 0 and 1: one sample */

   st->clip_x0 = rn(4) ? 0 : (int)rn(20);
   st->clip_y0 = rn(4) ? 0 : (int)rn(20);
   st->clip_x1 = rn(4) ? W : W - (int)rn(20);
   st->clip_y1 = rn(4) ? H : H - (int)rn(20);

   st->pos_slot = 0;
   st->face_slot = 3;
   st->attr_mask = (1u << 1) | (rn(2) << 0) | (rn(2) << 2) | (rn(2) << 3);
   st->flat_mask = rn(3) == 0 ? (1u << 1) : 0;
   st->origin_inverted = rn(2);
   st->center_integer = rn(4) == 0;
   st->height = H;

   st->stipple = rn(8) == 0;
   for (unsigned i = 0; i < 32; i++)
      st->stipple_pattern[i] = rnd();

   st->offset_factor = rn(4) ? 0.0f : rf(-2, 2);
   st->offset_units = rn(4) ? 0.0f : rf(-4, 4);
   st->alpha_test = rn(4) == 0;
   st->alpha_func = (enum nvsim_raster_func)rn(8);
   st->alpha_ref = (uint8_t)rnd();
   st->depth_bounds = rn(8) == 0;
   st->depth_bounds_min = rf(-0.2f, 0.6f);
   st->depth_bounds_max = rf(0.4f, 1.2f);
   st->depth_clamp = rn(6) == 0;
   st->depth_clamp_min = rf(0, 0.5f);
   st->depth_clamp_max = rf(0.5f, 1);
   st->depth_test = rn(3) != 0;
   st->depth_write = rn(3) != 0;
   st->depth_func = (enum nvsim_raster_func)rn(8);
   random_stencil(&st->stencil[0]);
   random_stencil(&st->stencil[1]);
   st->two_sided_stencil = rn(2);

   st->blend = rn(2);
   st->blend_mrt = (uint8_t)(rnd() & 0xfe);
   struct nvsim_raster_blend_func f;
   random_func(&f);
   st->src_rgb = f.src_rgb;
   st->src_a = f.src_a;
   st->dst_rgb = f.dst_rgb;
   st->dst_a = f.dst_a;
   st->eq_rgb = f.eq_rgb;
   st->eq_a = f.eq_a;
   st->blend_per_rt = rn(4) == 0;
   for (unsigned rt = 0; rt < NVSIM_RASTER_MAX_RT; rt++)
      random_func(&st->blend_rt[rt]);
   for (unsigned c = 0; c < 4; c++)
      st->blend_color[c] = rn(8) ? rf(0, 1) : special(rnd());
   st->logic_op_enable = rn(8) == 0;
   st->logic_op = (enum nvsim_raster_logic_op)rn(16);

   p->kill = rn(4) == 0;
   p->write_depth = rn(5) == 0;
   p->seed = rnd();
   st->shade_quad = shade;
   st->shade_ctx = p;
   st->shader_may_kill = p->kill;
   st->shader_writes_depth = p->write_depth;
   st->count_samples = rn(4) != 0;
}

static float
coord(void)
{
   switch (rn(16)) {
   case 0: return rf(-3000.0f, 3000.0f);          /* far off the target */
   case 1: return rf(-200000.0f, 200000.0f);      /* huge */
   case 2: return (float)(int)rn(W + 1) + 0.5f;  /* on pixel centres */
   case 3: return (float)(int)rn(W + 1);         /* on pixel edges */
   default: return rf(-8.0f, W + 8.0f);
   }
}

static void
random_vertex(struct nvsim_raster_vertex *v)
{
   memset(v, 0, sizeof(*v));
   v->x = coord();
   v->y = coord();
   v->z = rn(8) ? rf(0, 1) : rf(-0.5f, 1.5f);
   v->w_inv = rn(4) ? 1.0f : rf(0.01f, 4.0f);
   for (unsigned s = 0; s < 4; s++)
      for (unsigned c = 0; c < 4; c++)
         v->attr[s][c] = rn(4) ? rf(0, 1) : rf(-2, 3);
}

/* a primitive's vertices: random, or thin, edge-on, degenerate */
static void
random_triangle(struct nvsim_raster_vertex *v)
{
   for (unsigned i = 0; i < 3; i++)
      random_vertex(&v[i]);
   switch (rn(8)) {
   case 0:   /* degenerate: two vertices the same */
      v[2].x = v[0].x;
      v[2].y = v[0].y;
      break;
   case 1:   /* edge-on: three on a line */
      v[2].x = (v[0].x + v[1].x) * 0.5f;
      v[2].y = (v[0].y + v[1].y) * 0.5f;
      break;
   case 2:   /* thin sliver */
      v[2].x = v[0].x + rf(-0.7f, 0.7f);
      v[2].y = v[0].y + rf(-40.0f, 40.0f);
      break;
   case 3:   /* small, inside one or two quads */
      v[1].x = v[0].x + rf(-3, 3);
      v[1].y = v[0].y + rf(-3, 3);
      v[2].x = v[0].x + rf(-3, 3);
      v[2].y = v[0].y + rf(-3, 3);
      break;
   case 4:   /* horizontal and vertical edges */
      v[1].y = v[0].y;
      v[2].x = v[0].x;
      break;
   default:
      break;
   }
}

struct result {
   struct trace tr;
   uint64_t samples_passed;
};

static void
run(int side, struct nvsim_raster_state *tmpl, struct prog *p,
    const struct nvsim_raster_vertex *v, unsigned ntri, const bool *front,
    const bool *offset, struct result *r)
{
   struct nvsim_raster_state st = *tmpl;
   struct prog pp = *p;

   memset(r, 0, sizeof(*r));
   pp.tr = &r->tr;
   st.shade_ctx = &pp;
   st.fast = side;
   for (unsigned rt = 0; rt < NRT; rt++) {
      memcpy(mem[side][rt], init_mem[rt], BUF);
      st.color[rt].map = mem[side][rt];
   }
   memcpy(mem[side][NRT], init_mem[NRT], BUF);
   st.zeta.map = mem[side][NRT];
   for (unsigned t = 0; t < ntri; t++)
      nvsim_raster_triangle(&st, &v[3 * t], &v[3 * t + 1], &v[3 * t + 2],
                            front[t], t % 3, offset[t]);
   r->samples_passed = st.samples_passed;
}

/* Clears (the fast path's linear rows, nvsim_raster_format.c) against
 * the reference's pixel loop: random rectangles, channel masks, values
 * and zeta bits on every format, linear and swizzled, one sample and
 * 2x2. */
static void
test_clear(unsigned cases)
{
   for (unsigned n = 0; n < cases; n++) {
      struct nvsim_raster_state st;
      struct prog p;
      random_state(&st, &p);
      if (rn(4) == 0 && !st.color[0].swizzled) {
         /* 2x2 samples: 32x32 pixels stored as the 64x64 */
         st.samples = 4;
         for (unsigned rt = 0; rt < NRT; rt++)
            st.color[rt].ms_x = st.color[rt].ms_y = 1;
         st.zeta.ms_x = st.zeta.ms_y = 1;
         st.clip_x1 /= 2;
         st.clip_y1 /= 2;
         st.clip_x0 /= 2;
         st.clip_y0 /= 2;
      }
      for (unsigned i = 0; i < NRT + 1; i++)
         for (unsigned j = 0; j < BUF; j++)
            init_mem[i][j] = (uint8_t)rnd();
      int x0 = (int)rn(W + 8) - 4, y0 = (int)rn(H + 8) - 4;
      int x1 = x0 + (int)rn(W), y1 = y0 + (int)rn(H);
      uint32_t cv = rnd(), zv = rnd();
      unsigned cm = rn(16);
      uint32_t zb = rn(2) ? 0xffffff00u : rnd();
      if (st.zeta.format == NVSIM_RASTER_FMT_Z16)
         zb &= 0xffff;
      for (int side = 0; side < 2; side++) {
         struct nvsim_raster_state s2 = st;
         s2.fast = side;
         for (unsigned rt = 0; rt < NRT; rt++) {
            memcpy(mem[side][rt], init_mem[rt], BUF);
            s2.color[rt].map = mem[side][rt];
         }
         memcpy(mem[side][NRT], init_mem[NRT], BUF);
         s2.zeta.map = mem[side][NRT];
         nvsim_raster_clear(&s2, x0, y0, x1, y1, cv, cm, zv, zb);
      }
      for (unsigned i = 0; i < NRT + 1; i++)
         CHECK(!memcmp(mem[0][i], mem[1][i], BUF),
               "clear %u: %s %u differs", n, i < NRT ? "colour" : "zeta", i);
   }
}

#define MAX_TRI 24

static void
test_random(unsigned cases)
{
   struct nvsim_raster_vertex v[3 * MAX_TRI];
   bool front[MAX_TRI], offset[MAX_TRI];
   unsigned quads = 0;

   for (unsigned n = 0; n < cases; n++) {
      struct nvsim_raster_state st;
      struct prog p;
      struct result a, b;

      random_state(&st, &p);
      for (unsigned i = 0; i < NRT + 1; i++)
         for (unsigned j = 0; j < BUF; j++)
            init_mem[i][j] = (uint8_t)rnd();
      unsigned ntri = 1 + rn(MAX_TRI);
      for (unsigned t = 0; t < ntri; t++) {
         random_triangle(&v[3 * t]);
         front[t] = rn(2);
         offset[t] = rn(4) == 0;
      }
      run(0, &st, &p, v, ntri, front, offset, &a);
      run(1, &st, &p, v, ntri, front, offset, &b);
      quads += a.tr.quads;
      CHECK(a.tr.quads == b.tr.quads && a.tr.hash == b.tr.hash,
            "case %u: the program saw %u quads (hash %08x) fast, %u (%08x) "
            "reference", n, b.tr.quads, b.tr.hash, a.tr.quads, a.tr.hash);
      CHECK(a.samples_passed == b.samples_passed,
            "case %u: %llu samples passed fast, %llu reference", n,
            (unsigned long long)b.samples_passed,
            (unsigned long long)a.samples_passed);
      for (unsigned i = 0; i < NRT + 1; i++) {
         if (memcmp(mem[0][i], mem[1][i], BUF)) {
            unsigned j = 0;
            while (mem[0][i][j] == mem[1][i][j])
               j++;
            CHECK(false, "case %u: %s %u differs first at byte %u (fast "
                  "%02x, reference %02x)", n, i < NRT ? "colour" : "zeta",
                  i, j, mem[1][i][j], mem[0][i][j]);
         }
      }
      if (failures > 10)
         return;
   }
   /* the cases must reach the program: a test that draws nothing would
    * pass either way */
   CHECK(quads > cases * 4, "only %u quads shaded over %u cases", quads,
         cases);
   printf("%u cases, %u quads shaded\n", cases, quads);
}

int
main(int argc, char **argv)
{
   unsigned cases = argc > 1 ? (unsigned)atoi(argv[1]) : 1500;
   rng_state = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x9e3779b97f4a7c15ull;
   test_random(cases);
   test_clear(cases / 4);
   if (failures) {
      printf("%d failures\n", failures);
      return 1;
   }
   printf("ok\n");
   return 0;
}
