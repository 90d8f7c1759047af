/*
 * nvsim's generation-independent rasterizer and ROP.
 *
 * The class models (nv40/ and later others) do vertex processing, clipping,
 * the perspective divide and the viewport transform; they hand this layer
 * triangles, lines and points in window coordinates, where x grows to the
 * right and y is the row of the render target in memory (row 0 first), the
 * convention the hardware uses (Gallium's Y_0_TOP window space, which the
 * upstream nv30 driver passes unchanged to the chip).
 *
 * Coverage: edge functions in 64-bit integers on a 1/256 pixel sub-pixel
 * grid (8 fractional bits, finer than the 1/16 grid of the hardware so that
 * no hand-computed test case depends on the snapping), samples at pixel
 * centres, D3D/GL top-left fill rule in this y-down space: a sample exactly
 * on an edge belongs to the triangle when the edge is a top edge
 * (horizontal, interior below) or a left edge.
 *
 * Per-fragment operations follow the GL order: fragment program (which may
 * kill or write depth), alpha test, stencil test, depth test, blending or
 * logic op, colour mask, write in the surface's format.
 */
#ifndef NVSIM_RASTER_H
#define NVSIM_RASTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Interpolated inputs per vertex: the fragment program input slots. */
#define NVSIM_RASTER_MAX_ATTRIBS 16
/* Colour targets: the most of any class nvsim models, Tesla's 8 (hwdb
 * chips.xml render-targets; RT_CONTROL COUNT); curie and rankine bind 4
 * and leave the others NONE. */
#define NVSIM_RASTER_MAX_RT 8
/* Samples per pixel of a multisampled target (nvsim_raster_ms.c). */
#define NVSIM_RASTER_MAX_SAMPLES 8
/* Fixed-point sub-pixel precision of the edge functions. */
#define NVSIM_RASTER_SUBPIXEL_BITS 8

/* Pixel formats of render targets (independent of any class's enums). */
enum nvsim_raster_format {
   NVSIM_RASTER_FMT_NONE = 0,
   NVSIM_RASTER_FMT_B8G8R8A8,        /* 32-bit word: B 7:0 G 15:8 R 23:16 A 31:24 */
   NVSIM_RASTER_FMT_B8G8R8X8,        /* same; alpha reads as 1 */
   NVSIM_RASTER_FMT_B5G6R5,          /* 16-bit: B 4:0 G 10:5 R 15:11 */
   NVSIM_RASTER_FMT_B5G5R5X1,        /* 16-bit: B 4:0 G 9:5 R 14:10 */
   NVSIM_RASTER_FMT_R8G8B8A8,        /* 32-bit word: R 7:0 G 15:8 B 23:16 A 31:24 */
   NVSIM_RASTER_FMT_R8G8B8X8,
   NVSIM_RASTER_FMT_B8,              /* one byte, the blue channel */
   NVSIM_RASTER_FMT_RGBA16F,         /* 4 x half float, R first */
   NVSIM_RASTER_FMT_RGBA32F,         /* 4 x float, R first */
   NVSIM_RASTER_FMT_R32F,
   /* depth/stencil */
   NVSIM_RASTER_FMT_Z16,             /* 16-bit unorm depth */
   NVSIM_RASTER_FMT_Z24S8,           /* 32-bit word: S 7:0, Z 31:8 */
   /* two 32-bit words: a float depth, then S 7:0 (ARB_depth_buffer_float's
    * FLOAT_32_UNSIGNED_INT_24_8_REV layout, table 3.11) */
   NVSIM_RASTER_FMT_Z32F_S8,
};

enum nvsim_raster_func {
   /* GL order: the value is the comparison's index in GL's enum */
   NVSIM_RASTER_NEVER = 0,
   NVSIM_RASTER_LESS,
   NVSIM_RASTER_EQUAL,
   NVSIM_RASTER_LEQUAL,
   NVSIM_RASTER_GREATER,
   NVSIM_RASTER_NOTEQUAL,
   NVSIM_RASTER_GEQUAL,
   NVSIM_RASTER_ALWAYS,
};

enum nvsim_raster_stencil_op {
   NVSIM_RASTER_SOP_KEEP = 0,
   NVSIM_RASTER_SOP_ZERO,
   NVSIM_RASTER_SOP_REPLACE,
   NVSIM_RASTER_SOP_INCR,       /* saturating */
   NVSIM_RASTER_SOP_DECR,
   NVSIM_RASTER_SOP_INVERT,
   NVSIM_RASTER_SOP_INCR_WRAP,
   NVSIM_RASTER_SOP_DECR_WRAP,
};

enum nvsim_raster_blend_factor {
   NVSIM_RASTER_BF_ZERO = 0,
   NVSIM_RASTER_BF_ONE,
   NVSIM_RASTER_BF_SRC_COLOR,
   NVSIM_RASTER_BF_ONE_MINUS_SRC_COLOR,
   NVSIM_RASTER_BF_SRC_ALPHA,
   NVSIM_RASTER_BF_ONE_MINUS_SRC_ALPHA,
   NVSIM_RASTER_BF_DST_ALPHA,
   NVSIM_RASTER_BF_ONE_MINUS_DST_ALPHA,
   NVSIM_RASTER_BF_DST_COLOR,
   NVSIM_RASTER_BF_ONE_MINUS_DST_COLOR,
   NVSIM_RASTER_BF_SRC_ALPHA_SATURATE,
   NVSIM_RASTER_BF_CONSTANT_COLOR,
   NVSIM_RASTER_BF_ONE_MINUS_CONSTANT_COLOR,
   NVSIM_RASTER_BF_CONSTANT_ALPHA,
   NVSIM_RASTER_BF_ONE_MINUS_CONSTANT_ALPHA,
   /* dual-source blending (ARB_blend_func_extended, GL 3.3 4.1.8 table
    * 4.2): the fragment's second source colour, color1 below */
   NVSIM_RASTER_BF_SRC1_COLOR,
   NVSIM_RASTER_BF_ONE_MINUS_SRC1_COLOR,
   NVSIM_RASTER_BF_SRC1_ALPHA,
   NVSIM_RASTER_BF_ONE_MINUS_SRC1_ALPHA,
};

enum nvsim_raster_blend_eq {
   NVSIM_RASTER_BEQ_ADD = 0,
   NVSIM_RASTER_BEQ_SUBTRACT,
   NVSIM_RASTER_BEQ_REVERSE_SUBTRACT,
   NVSIM_RASTER_BEQ_MIN,
   NVSIM_RASTER_BEQ_MAX,
};

/* One blend function: factors and equations for RGB and alpha. */
struct nvsim_raster_blend_func {
   enum nvsim_raster_blend_factor src_rgb, src_a, dst_rgb, dst_a;
   enum nvsim_raster_blend_eq eq_rgb, eq_a;
};

/* GL's logic ops in GL order (CLEAR = 0 ... SET = 15). */
enum nvsim_raster_logic_op {
   NVSIM_RASTER_LOP_CLEAR = 0, NVSIM_RASTER_LOP_AND,
   NVSIM_RASTER_LOP_AND_REVERSE, NVSIM_RASTER_LOP_COPY,
   NVSIM_RASTER_LOP_AND_INVERTED, NVSIM_RASTER_LOP_NOOP,
   NVSIM_RASTER_LOP_XOR, NVSIM_RASTER_LOP_OR, NVSIM_RASTER_LOP_NOR,
   NVSIM_RASTER_LOP_EQUIV, NVSIM_RASTER_LOP_INVERT,
   NVSIM_RASTER_LOP_OR_REVERSE, NVSIM_RASTER_LOP_COPY_INVERTED,
   NVSIM_RASTER_LOP_OR_INVERTED, NVSIM_RASTER_LOP_NAND,
   NVSIM_RASTER_LOP_SET,
};
/* Logic op `op` of source bits s and destination bits d (GL 3.3 table
 * 4.3). */
uint32_t nvsim_raster_logic(enum nvsim_raster_logic_op op, uint32_t s,
                            uint32_t d);

/* Colour write mask bits. */
#define NVSIM_RASTER_MASK_R 0x1
#define NVSIM_RASTER_MASK_G 0x2
#define NVSIM_RASTER_MASK_B 0x4
#define NVSIM_RASTER_MASK_A 0x8
#define NVSIM_RASTER_MASK_RGBA 0xf

/*
 * A surface: `map` points at pixel (0,0) and is valid for `pitch * height`
 * bytes, where height/width are the render target's (the class model has
 * checked this range against its DMA object).
 */
struct nvsim_raster_surface {
   uint8_t *map;
   uint32_t pitch;
   enum nvsim_raster_format format;
   /* swizzled layout (pitch unused): valid for (1 << log2w) x (1 << log2h)
    * pixels.  Squares of k = min(log2w, log2h) bits per side hold pixels in
    * Morton order (x bits at even positions, y bits at odd), the squares
    * in row-major order (the NV10-NV40 swizzled layout, as upstream's
    * nv30_transfer.c swizzle2d_ptr computes it). */
   bool swizzled;
   uint8_t log2w, log2h;
   /* multisampled (NV30/NV40 RT_FORMAT MULTISAMPLE, nvsim_raster_ms.c):
    * the samples of pixel (x, y) are the block of 2^ms_x x 2^ms_y
    * stored pixels at (x << ms_x, y << ms_y), sample s at
    * (s % 2^ms_x, s / 2^ms_x) in it; 0, 0 for one sample per pixel.
    * Pixel addresses below are of stored pixels.  sample_store, when
    * set, gives sample s's place in the block instead ([s][0] x, [s][1]
    * y: Tesla's 4x2 mode does not store its samples in that order). */
   uint8_t ms_x, ms_y;
   const uint8_t (*sample_store)[2];
   /* optional: byte y * written_pitch + x is set to 1 for each stored
    * pixel (x, y) a fragment writes (colour mask not empty), for a caller
    * that combines the result with the memory itself (Tesla's logic op) */
   uint8_t *written;
   uint32_t written_pitch;
};

/* Stored pixel of sample `sample` of pixel (x, y). */
static inline void
nvsim_raster_sample_xy(const struct nvsim_raster_surface *s, int x, int y,
                       unsigned sample, int *sx, int *sy)
{
   if (s->sample_store) {
      *sx = (x << s->ms_x) + s->sample_store[sample][0];
      *sy = (y << s->ms_y) + s->sample_store[sample][1];
      return;
   }
   *sx = (x << s->ms_x) + (int)(sample & ((1u << s->ms_x) - 1));
   *sy = (y << s->ms_y) + (int)(sample >> s->ms_x);
}

unsigned nvsim_raster_format_bpp(enum nvsim_raster_format fmt);

/* Spreads the low 16 bits of v to the even bit positions. */
static inline uint32_t
nvsim_raster_spread_bits(uint32_t v)
{
   v &= 0xffff;
   v = (v | (v << 8)) & 0x00ff00ff;
   v = (v | (v << 4)) & 0x0f0f0f0f;
   v = (v | (v << 2)) & 0x33333333;
   v = (v | (v << 1)) & 0x55555555;
   return v;
}

/* Byte offset of pixel (x, y) in a surface (x, y inside it). */
static inline size_t
nvsim_raster_pixel_offset(const struct nvsim_raster_surface *s, int x, int y,
                          unsigned bpp)
{
   if (!s->swizzled)
      return (size_t)y * s->pitch + (size_t)x * bpp;
   unsigned k = s->log2w < s->log2h ? s->log2w : s->log2h;
   uint32_t km = (1u << k) - 1;
   uint32_t nx = 1u << (s->log2w - k);
   uint32_t m = nvsim_raster_spread_bits((uint32_t)x & km) |
                (nvsim_raster_spread_bits((uint32_t)y & km) << 1);
   m += (((uint32_t)y >> k) * nx + ((uint32_t)x >> k)) << (2 * k);
   return (size_t)m * bpp;
}

static inline uint8_t *
nvsim_raster_pixel(const struct nvsim_raster_surface *s, int x, int y,
                   unsigned bpp)
{
   return s->map + nvsim_raster_pixel_offset(s, x, y, bpp);
}

struct nvsim_raster_stencil {
   bool enable;
   enum nvsim_raster_func func;
   uint8_t ref, func_mask, write_mask;
   enum nvsim_raster_stencil_op op_fail, op_zfail, op_zpass;
};

struct nvsim_raster_vertex {
   float x, y, z;      /* window coordinates; z is the depth in [0,1] */
   float w_inv;        /* 1 / clip w, for perspective-correct interpolation */
   float attr[NVSIM_RASTER_MAX_ATTRIBS][4];
};

/* One fragment as the fragment program sees it. */
struct nvsim_raster_frag {
   int x, y;                           /* pixel */
   bool front;
   float z;                            /* interpolated window depth */
   /* multisampling (st->samples > 1): the covered samples and each one's
    * depth; smask 0 means every sample, all at z (lines, points) */
   unsigned smask;
   float zs[NVSIM_RASTER_MAX_SAMPLES];
   float in[NVSIM_RASTER_MAX_ATTRIBS][4];  /* attr_mask slots valid */
   /* a point sprite's fragment (see point_sprite): its (s, t), t from
    * the point's top; sprite false elsewhere */
   bool sprite;
   float sprite_st[2];
   /* outputs, written by the shade callback */
   float color[NVSIM_RASTER_MAX_RT][4];
   /* the second source colour of dual-source blending (GL 3.3 4.1.8:
    * the SRC1 factors read it; only read, so only written, when a blend
    * function names one) */
   float color1[4];
   bool depth_written;
   float depth;
};

/* Runs the fragment program; returns false when the fragment is killed. */
typedef bool (*nvsim_raster_shade_fn)(void *ctx, struct nvsim_raster_frag *f);

/*
 * A 2x2 quad of fragments, as fragment programs run on hardware (so that
 * derivatives and implicit texture LOD are the differences across it).
 * Fragment 0 is pixel (x, y) (both even), 1 = (x+1, y), 2 = (x, y+1),
 * 3 = (x+1, y+1).  Fragments outside `mask` are helpers: their inputs are
 * interpolated (extrapolated) all the same.
 */
struct nvsim_raster_quad {
   int x, y;
   unsigned mask;     /* in: fragments to shade; out: the ones not killed */
   bool front;
   float z[4];
   /* as in nvsim_raster_frag, per fragment */
   unsigned smask[4];
   float zs[4][NVSIM_RASTER_MAX_SAMPLES];
   float in[4][NVSIM_RASTER_MAX_ATTRIBS][4];
   bool sprite;                     /* a point sprite's quad */
   float sprite_st[4][2];           /* with sprite: each fragment's (s, t) */
   float color[4][NVSIM_RASTER_MAX_RT][4];   /* [frag][rt][comp] */
   float color1[4][4];                       /* [frag][comp] */
   bool depth_written;
   float depth[4];
};
typedef void (*nvsim_raster_shade_quad_fn)(void *ctx,
                                           struct nvsim_raster_quad *q);

struct nvsim_raster_state {
   /* targets; unused colour slots have format NONE */
   struct nvsim_raster_surface color[NVSIM_RASTER_MAX_RT];
   struct nvsim_raster_surface zeta;   /* format NONE: no depth buffer */

   /* multisampling (nvsim_raster_ms.c): samples per pixel of every
    * target (1, 2, 4 or 8; their surfaces' ms_x/ms_y hold the layout);
    * multisample: coverage per sample at the sample positions (else at
    * the pixel centre, for all samples: ARB_multisample with MULTISAMPLE
    * disabled); sample_mask: bit i keeps sample i (with samples > 1);
    * alpha_to_coverage / alpha_to_one: ARB_multisample's
    * SAMPLE_ALPHA_TO_COVERAGE / SAMPLE_ALPHA_TO_ONE, with multisample */
   unsigned samples;
   /* where the samples are, [s][0] x and [s][1] y in 1/16 pixel from the
    * pixel's top-left corner; NULL: nvsim_raster_sample_positions'
    * assumed patterns (curie) */
   const uint8_t (*sample_pos)[2];
   bool multisample;
   bool alpha_to_coverage, alpha_to_one;
   uint32_t sample_mask;

   /* pixels outside [x0,x1) x [y0,y1) are never touched: the caller
    * intersects render target size, scissor and viewport clip here */
   int clip_x0, clip_y0, clip_x1, clip_y1;

   /* fragment position input (slot pos_slot, if in attr_mask):
    * x = px + c, y = (origin_inverted ? height - 1 - py : py) + c,
    * c = 0.5 or 0 (center_integer), z = depth, w = 1/w_clip */
   unsigned pos_slot;
   bool origin_inverted, center_integer;
   unsigned height;
   /* facing input slot (if in attr_mask): x = +1 front, -1 back */
   unsigned face_slot;

   uint32_t attr_mask;      /* slots to interpolate */
   /* point sprites: these slots get (s, t, 0, 1) across a point, s from
    * 0 at its left edge to 1 at its right, t from 0 at its top (the
    * upper-left origin; upstream leaves lower-left to the draw module) */
   uint32_t sprite_mask;
   /* points are point sprites even with no sprite_mask slot (ARB
    * point_sprite: squares, the antialiasing enable ignored): their
    * fragments carry their (s, t) in sprite_st (as above, t from the
    * top) for the caller's shade_quad to place (Tesla's
    * POINT_COORD_REPLACE_MAP, per component) */
   bool point_sprite;
   uint32_t flat_mask;      /* slots taken from the provoking vertex */

   /* polygon stipple (triangles only): pixel (x, y) is drawn when bit
    * 31 - x % 32 of row y % 32 is set (Gallium's pipe_poly_stipple, which
    * upstream's driver passes to the chip unchanged) */
   bool stipple;
   uint32_t stipple_pattern[32];

   /* line stipple (GL 2.1 section 3.4.2): the fragment whose counter is s
    * is drawn when bit (s / factor) % 16 of the pattern is set; the
    * counter runs along the lines and is reset by the caller where GL
    * resets it (each independent line, each strip) */
   bool line_stipple;
   /* antialiased lines (GL 2.1 section 3.4.2, "Antialiasing"): each
    * fragment's alpha is multiplied by the part of its pixel square the
    * line's w x L rectangle covers, coverage below set per fragment by
    * the line rasterizer (coverage_active false: no multiply) */
   bool line_smooth;
   /* antialiased points (GL 2.1 section 3.3, "If antialiasing is
    * enabled"): a fragment for each pixel square the circle of diameter
    * size touches, alpha multiplied by the share of the square inside
    * the circle; not for point sprites or multisample rasterization */
   bool point_smooth;
   bool coverage_active;
   float coverage;
   uint16_t line_stipple_pattern;
   unsigned line_stipple_factor;
   unsigned line_stipple_counter;

   /* polygon offset, added to triangle depth when enabled by the caller:
    * factor * m + units * r, r one step of the depth buffer (2^-24 of
    * Z24, 2^-16 of Z16; the method's unit, docs/fidelity.md "Polygon
    * offset units"); offset_clamp bounds it (EXT_polygon_offset_clamp;
    * 0: unbounded) */
   float offset_factor, offset_units, offset_clamp;

   bool alpha_test;
   enum nvsim_raster_func alpha_func;
   uint8_t alpha_ref;       /* compared with alpha as an 8-bit unorm */

   /* EXT_depth_bounds_test: after the scissor, before the alpha test,
    * the *stored* depth must be in [zmin, zmax] (no depth buffer: pass) */
   bool depth_bounds;
   float depth_bounds_min, depth_bounds_max;

   /* depth clamp (NV_depth_clamp, section 4.1.5): immediately before
    * the depth test, after depth replace and polygon offset, the
    * fragment's window z is clamped to [depth_clamp_min, depth_clamp_max]
    * (the caller gives min(n, f), max(n, f) of the depth range) */
   bool depth_clamp;
   float depth_clamp_min, depth_clamp_max;

   bool depth_test, depth_write;
   enum nvsim_raster_func depth_func;
   struct nvsim_raster_stencil stencil[2];    /* front, back */
   bool two_sided_stencil;  /* stencil[1] used for back faces */

   bool blend;              /* render target 0 */
   uint8_t blend_mrt;       /* bit i: blending on render target i (1..7) */
   enum nvsim_raster_blend_factor src_rgb, src_a, dst_rgb, dst_a;
   enum nvsim_raster_blend_eq eq_rgb, eq_a;
   /* per-target blend functions (ARB_draw_buffers_blend, GL 4.0 4.1.8
    * "BlendEquationi ... BlendFunci"): when set, target i blends with
    * blend_rt[i] instead of the set above */
   bool blend_per_rt;
   struct nvsim_raster_blend_func blend_rt[NVSIM_RASTER_MAX_RT];
   float blend_color[4];
   bool logic_op_enable;
   enum nvsim_raster_logic_op logic_op;
   uint8_t color_mask[NVSIM_RASTER_MAX_RT];

   /* the fragment program: shade_quad if set, else shade, else the
    * primary colour (slot 1) goes through */
   nvsim_raster_shade_quad_fn shade_quad;
   nvsim_raster_shade_fn shade;
   void *shade_ctx;
   bool shader_may_kill;    /* disables early depth/stencil */
   bool shader_writes_depth;

   /* the fast paths (issue 23: the scan by spans, the ROP specialised
    * per draw in nvsim_raster_rop_fast.c), which give the same bytes as
    * the reference code; set by a class model that has them tested
    * against its NVSIM_REFERENCE=1 (curie/rankine), false elsewhere */
   bool fast;

   /* statistics: fragments that passed depth and stencil, counted while
    * count_samples is set */
   bool count_samples;
   uint64_t samples_passed;
};

/* Signed doubled area in window space, (v0-v2) x (v1-v2).  Negative is
 * counter-clockwise in y-down window space (Gallium's convention). */
float nvsim_raster_det(const struct nvsim_raster_vertex *v0,
                       const struct nvsim_raster_vertex *v1,
                       const struct nvsim_raster_vertex *v2);

/* The same for a convex polygon of n window-space vertices (a clipped
 * triangle): the sum over the fan from v[0], whose sign gives the
 * polygon's facing. */
float nvsim_raster_polygon_det(const struct nvsim_raster_vertex *v,
                               unsigned n);

/* Polygon offset (nvsim_raster_offset.c): r of the depth buffer for a
 * primitive whose largest |z| is zmax; o bounded by offset_clamp; the
 * offset of the polygon whose first three window vertices are v[0..2]
 * into *o (false, nothing written, if they span no plane). */
double nvsim_raster_offset_r(const struct nvsim_raster_state *st,
                             float zmax);
float nvsim_raster_offset_bound(const struct nvsim_raster_state *st,
                                float o);
bool nvsim_raster_polygon_offset(const struct nvsim_raster_state *st,
                                 const struct nvsim_raster_vertex *v,
                                 float *o);

/* Fills a triangle.  provoking (0..2) gives flat_mask slots; `offset`
 * enables polygon offset. */
void nvsim_raster_triangle(struct nvsim_raster_state *st,
                           const struct nvsim_raster_vertex *v0,
                           const struct nvsim_raster_vertex *v1,
                           const struct nvsim_raster_vertex *v2,
                           bool front, unsigned provoking, bool offset);

/* GL non-antialiased wide line (x- or y-major, half-open: the last pixel
 * is not drawn). */
void nvsim_raster_line(struct nvsim_raster_state *st,
                       const struct nvsim_raster_vertex *v0,
                       const struct nvsim_raster_vertex *v1,
                       float width, unsigned provoking);

/* GL non-antialiased point: the size x size square centred on the vertex,
 * pixels whose centres are inside (antialiased with point_smooth). */
void nvsim_raster_point(struct nvsim_raster_state *st,
                        const struct nvsim_raster_vertex *v, float size);

/*
 * Clears [x0,x1) x [y0,y1) (further limited to the clip rectangle).
 * color_value is a pixel in the colour surfaces' own format (32 bits, low
 * bits used for 16-bit formats), written to every colour surface;
 * color_mask says which channels (NVSIM_RASTER_MASK_*).  zeta_value is a
 * pixel in the zeta format and zeta_bits the bits of it to write (depth
 * 0xffffff00 and stencil 0xff for Z24S8, 0xffff for Z16).
 */
void nvsim_raster_clear(struct nvsim_raster_state *st,
                        int x0, int y0, int x1, int y1,
                        uint32_t color_value, unsigned color_mask,
                        uint32_t zeta_value, uint32_t zeta_bits);

/* Pixel access, for tests and the class models. */
void nvsim_raster_read_color(const struct nvsim_raster_surface *s, int x,
                             int y, float rgba[4]);
void nvsim_raster_write_color(const struct nvsim_raster_surface *s, int x,
                              int y, const float rgba[4], unsigned mask);

/* Compares a with b: the test passes when `a func b` holds. */
static inline bool
nvsim_raster_compare(enum nvsim_raster_func func, uint32_t a, uint32_t b)
{
   switch (func) {
   case NVSIM_RASTER_NEVER:    return false;
   case NVSIM_RASTER_LESS:     return a < b;
   case NVSIM_RASTER_EQUAL:    return a == b;
   case NVSIM_RASTER_LEQUAL:   return a <= b;
   case NVSIM_RASTER_GREATER:  return a > b;
   case NVSIM_RASTER_NOTEQUAL: return a != b;
   case NVSIM_RASTER_GEQUAL:   return a >= b;
   default:                    return true;
   }
}

/* The same on floats (a float depth buffer, a texture's depth compare):
 * IEEE comparisons, so a NaN fails all but NOTEQUAL and ALWAYS. */
static inline bool
nvsim_raster_compare_f(enum nvsim_raster_func func, float a, float b)
{
   switch (func) {
   case NVSIM_RASTER_NEVER:    return false;
   case NVSIM_RASTER_LESS:     return a < b;
   case NVSIM_RASTER_EQUAL:    return a == b;
   case NVSIM_RASTER_LEQUAL:   return a <= b;
   case NVSIM_RASTER_GREATER:  return a > b;
   case NVSIM_RASTER_NOTEQUAL: return a != b;
   case NVSIM_RASTER_GEQUAL:   return a >= b;
   default:                    return true;
   }
}

/* Sample positions (nvsim_raster_ms.c): sample i of a pixel at
 * (x, y) + pos[i] / 16, y down. */
const uint8_t (*nvsim_raster_sample_positions(unsigned samples))[2];
/* The state's positions: sample_pos, else the above. */
const uint8_t (*nvsim_raster_state_positions(
   const struct nvsim_raster_state *st))[2];
/* The samples alpha-to-coverage keeps for alpha (ARB_multisample). */
unsigned nvsim_raster_alpha_coverage(unsigned samples, float alpha);

/* Internal: the per-fragment pipeline for one covered pixel, and for the
 * covered fragments (`covered`) of a quad. */
void nvsim_raster_fragment(struct nvsim_raster_state *st,
                           struct nvsim_raster_frag *f);
void nvsim_raster_quad_ops(struct nvsim_raster_state *st,
                           struct nvsim_raster_quad *q, unsigned covered);

/* Internal: the fast path's ROP (st->fast), planned once per primitive
 * (nvsim_raster_rop_plan: false when the fast path does not apply: more
 * than one sample per pixel, antialiasing coverage) and run on the quads
 * of its scan, whose fragments carry no sample mask; the same bytes,
 * query counts and quad masks as nvsim_raster_quad_ops. */
struct nvsim_raster_rop_plan {
   bool early;                            /* depth/stencil before the FP */
   unsigned nrt;                          /* targets written, in order */
   uint8_t rt[NVSIM_RASTER_MAX_RT];
   uint8_t bpp[NVSIM_RASTER_MAX_RT];
   bool blend[NVSIM_RASTER_MAX_RT];
   struct nvsim_raster_blend_func func[NVSIM_RASTER_MAX_RT];
   uint8_t zbpp;
};
bool nvsim_raster_rop_plan(const struct nvsim_raster_state *st,
                           struct nvsim_raster_rop_plan *plan);
void nvsim_raster_quad_ops_fast(struct nvsim_raster_state *st,
                                const struct nvsim_raster_rop_plan *plan,
                                struct nvsim_raster_quad *q,
                                unsigned covered);

#endif
