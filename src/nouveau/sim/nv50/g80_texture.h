/*
 * Tesla texture descriptors (hwdb g80_texture.xml from rnndb
 * graph/g80_texture.xml): the texture image control block (TIC) and the
 * texture sampler control block (TSC), 8 words each, decoded into the
 * structs the texture unit samples with.  The decoders are pure (words in,
 * struct out); the 3D class reads the words from its TIC/TSC tables
 * (g80_3d_texture.c).
 */
#ifndef G80_TEXTURE_H
#define G80_TEXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "g80_texture.xml.h"

/* Words per descriptor: the domains' size, 0x20 bytes. */
#define G80_TEXTURE_DESC_WORDS 8

struct g80_tic {
   uint32_t components_sizes;  /* G80_TIC_0_COMPONENTS_SIZES_* value */
   uint8_t data_type[4];       /* R, G, B, A: G80_TIC_TYPE_* */
   uint8_t source[4];          /* X, Y, Z, W: G80_TIC_SOURCE_* */
   bool pack_components;       /* G84 on */
   uint64_t address;           /* OFFSET_UPPER:OFFSET_LOWER, VM */
   bool srgb;
   uint32_t texture_type;      /* G80_TIC_2_TEXTURE_TYPE_* >> SHIFT */
   bool pitch;                 /* LAYOUT PITCH (else block-linear) */
   /* block-linear: GOBS_PER_BLOCK_WIDTH/HEIGHT/DEPTH, log2 of gobs */
   uint8_t block_w, block_h, block_d;
   bool border_from_color;     /* BORDER_SOURCE COLOR */
   bool normalized_coords;
   uint32_t pitch_bytes;       /* PITCH */
   uint32_t width;             /* texels (WIDTH) */
   uint32_t height;            /* HEIGHT, with HEIGHT_MSB (bit 16) on G84 */
   uint32_t depth;             /* DEPTH: bits 0-11 */
   uint32_t depth_msb;         /* G84 on: DEPTH_MSB, depth bits 12-14
                                * ("ignored when extended dimensions are
                                * not enabled", rnndb): kept, not applied */
   bool depth_texture;
   uint32_t max_level;         /* MAP_MIP_LEVEL */
   int32_t lod_bias;           /* MIP_LOD_BIAS, signed fixed point (rnndb
                                * radix 8), sign-extended */
   /* G84 on: RES_VIEW_MIN/MAX_MIP_LEVEL, MULTI_SAMPLE_COUNT (g80_msaa_mode),
    * MIN_LOD_CLAMP (unsigned fixed point, rnndb radix 8); G80: word 7 is
    * COLOR_KEY_VALUE */
   uint32_t view_min_level, view_max_level;
   bool has_view;              /* word 7 is the G84- one: the view's levels
                                * bound the level range, 0..0 included */
   uint32_t ms_mode;
   uint32_t min_lod_clamp;
   uint32_t color_key;
};

struct g80_tsc {
   uint8_t wrap[3];            /* ADDRESS_U, _V, _P: G80_TSC_WRAP_* */
   bool depth_compare;
   uint32_t depth_compare_func;   /* g80_depth_compare_func */
   bool srgb;
   uint32_t max_anisotropy;    /* MAX_ANISOTROPY as samples: 1..16 */
   uint32_t mag_filter, min_filter;   /* g80_tsc_filter */
   uint32_t mip_filter;        /* g80_tsc_mipfilter */
   int32_t lod_bias;           /* MIP_LOD_BIAS, signed fixed point (rnndb
                                * radix 8), sign-extended */
   uint32_t min_lod, max_lod;  /* MIN/MAX_LOD_CLAMP, unsigned fixed point
                                * (radix 8) */
   uint8_t srgb_border[3];     /* SRGB_BORDER_COLOR_R/G/B */
   uint32_t border[4];         /* BORDER_COLOR_R/G/B/A, float bits */
};

/* The sample counts of the 8 MAX_ANISOTROPY values (g80_texture.c),
 * ascending. */
#define G80_TSC_ANISO_RATES \
   ((G80_TSC_0_MAX_ANISOTROPY__MASK >> G80_TSC_0_MAX_ANISOTROPY__SHIFT) + 1)
extern const uint8_t g80_tsc_aniso_rates[G80_TSC_ANISO_RATES];

/* Decodes a TIC.  g84: the chip is G84 or later (rnndb's G84- variant
 * fields, word 7).  false when a field holds a value hwdb does not name
 * (COMPONENTS_SIZES, TEXTURE_TYPE, a data type or source): *why names
 * it. */
bool g80_tic_decode(const uint32_t w[G80_TEXTURE_DESC_WORDS], bool g84,
                    struct g80_tic *tic, const char **why);
/* Decodes a TSC; false for a wrap mode, filter or compare function hwdb
 * does not name. */
bool g80_tsc_decode(const uint32_t w[G80_TEXTURE_DESC_WORDS],
                    struct g80_tsc *tsc, const char **why);

#endif
