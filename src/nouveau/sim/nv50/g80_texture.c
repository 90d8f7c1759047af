/*
 * TIC and TSC decoding (g80_texture.h): every field hwdb g80_texture.xml
 * names, by its generated masks.  The values a sampler could not use are
 * refused here (texture types past CUBE_ARRAY, the source value hwdb does
 * not name, filters 0 and 3); COMPONENTS_SIZES is kept as it is: which of
 * its formats nvsim samples is the texture unit's to say.
 */
#include <stddef.h>

#include "g80_texture.h"

#define FIELD(v, F) (((v) & F##__MASK) >> F##__SHIFT)

/* A fixed-point field of `bits` bits as a signed integer. */
static int32_t
sign_extend(uint32_t v, unsigned bits)
{
   uint32_t sign = 1u << (bits - 1);
   return (int32_t)((v ^ sign) - sign);
}

#define FIELD_BITS(F) (__builtin_popcount(F##__MASK))

/* Samples of each TSC MAX_ANISOTROPY value, ascending (hwdb
 * g80_max_anisotropy's number=, from rnndb's names 1_TO_1 .. 16_TO_1). */
const uint8_t g80_tsc_aniso_rates[G80_TSC_ANISO_RATES] =
   G80_TSC_0_MAX_ANISOTROPY__NUMBERS;

static bool
source_named(uint32_t s)
{
   switch (s) {
   case G80_TIC_SOURCE_ZERO:
   case G80_TIC_SOURCE_R:
   case G80_TIC_SOURCE_G:
   case G80_TIC_SOURCE_B:
   case G80_TIC_SOURCE_A:
   case G80_TIC_SOURCE_ONE_INT:
   case G80_TIC_SOURCE_ONE_FLOAT:
      return true;
   default:
      return false;
   }
}

bool
g80_tic_decode(const uint32_t w[G80_TEXTURE_DESC_WORDS], bool g84,
               struct g80_tic *t, const char **why)
{
   *t = (struct g80_tic){ 0 };
   t->components_sizes = FIELD(w[0], G80_TIC_0_COMPONENTS_SIZES);
   t->data_type[0] = FIELD(w[0], G80_TIC_0_R_DATA_TYPE);
   t->data_type[1] = FIELD(w[0], G80_TIC_0_G_DATA_TYPE);
   t->data_type[2] = FIELD(w[0], G80_TIC_0_B_DATA_TYPE);
   t->data_type[3] = FIELD(w[0], G80_TIC_0_A_DATA_TYPE);
   t->source[0] = FIELD(w[0], G80_TIC_0_X_SOURCE);
   t->source[1] = FIELD(w[0], G80_TIC_0_Y_SOURCE);
   t->source[2] = FIELD(w[0], G80_TIC_0_Z_SOURCE);
   t->source[3] = FIELD(w[0], G80_TIC_0_W_SOURCE);
   t->pack_components = g84 && (w[0] & G84_TIC_0_PACK_COMPONENTS__MASK);
   t->address = (uint64_t)FIELD(w[2], G80_TIC_2_OFFSET_UPPER) << 32 |
                FIELD(w[1], G80_TIC_1_OFFSET_LOWER);
   t->srgb = w[2] & G80_TIC_2_SRGB_CONVERSION__MASK;
   t->texture_type = FIELD(w[2], G80_TIC_2_TEXTURE_TYPE);
   t->pitch = (w[2] & G80_TIC_2_LAYOUT__MASK) == G80_TIC_2_LAYOUT_PITCH;
   t->block_w = FIELD(w[2], G80_TIC_2_GOBS_PER_BLOCK_WIDTH);
   t->block_h = FIELD(w[2], G80_TIC_2_GOBS_PER_BLOCK_HEIGHT);
   t->block_d = FIELD(w[2], G80_TIC_2_GOBS_PER_BLOCK_DEPTH);
   t->border_from_color = (w[2] & G80_TIC_2_BORDER_SOURCE__MASK) ==
                          G80_TIC_2_BORDER_SOURCE_COLOR;
   t->normalized_coords = w[2] & G80_TIC_2_NORMALIZED_COORDS__MASK;
   t->pitch_bytes = FIELD(w[3], G80_TIC_3_PITCH);
   t->width = FIELD(w[4], G80_TIC_4_WIDTH);
   t->depth_texture = w[4] & G80_TIC_4_DEPTH_TEXTURE__MASK;
   t->height = FIELD(w[5], G80_TIC_5_HEIGHT);
   t->depth = FIELD(w[5], G80_TIC_5_DEPTH);
   t->max_level = FIELD(w[5], G80_TIC_5_MAP_MIP_LEVEL);
   t->lod_bias = sign_extend(FIELD(w[6], G80_TIC_6_MIP_LOD_BIAS),
                             FIELD_BITS(G80_TIC_6_MIP_LOD_BIAS));
   if (g84) {
      /* rnndb: HEIGHT_MSB is "bit 16 of the texture's height, bits 0-15
       * are in Dword5" */
      if (w[7] & G84_TIC_7_HEIGHT_MSB__MASK)
         t->height |= (G80_TIC_5_HEIGHT__MASK >> G80_TIC_5_HEIGHT__SHIFT) + 1;
      t->view_min_level = FIELD(w[7], G84_TIC_7_RES_VIEW_MIN_MIP_LEVEL);
      t->view_max_level = FIELD(w[7], G84_TIC_7_RES_VIEW_MAX_MIP_LEVEL);
      t->has_view = true;
      t->ms_mode = FIELD(w[7], G84_TIC_7_MULTI_SAMPLE_COUNT);
      t->min_lod_clamp = FIELD(w[7], G84_TIC_7_MIN_LOD_CLAMP);
      t->depth_msb = FIELD(w[7], G84_TIC_7_DEPTH_MSB);
   } else {
      t->color_key = FIELD(w[7], G80_TIC_7_COLOR_KEY_VALUE);
   }

   if (t->texture_type > (G80_TIC_2_TEXTURE_TYPE_CUBE_ARRAY >>
                          G80_TIC_2_TEXTURE_TYPE__SHIFT)) {
      *why = "TEXTURE_TYPE is not one hwdb names";
      return false;
   }
   for (unsigned i = 0; i < 4; i++) {
      if (!source_named(t->source[i])) {
         *why = "a component SOURCE is not one hwdb names";
         return false;
      }
   }
   return true;
}

bool
g80_tsc_decode(const uint32_t w[G80_TEXTURE_DESC_WORDS], struct g80_tsc *s,
               const char **why)
{
   *s = (struct g80_tsc){ 0 };
   s->wrap[0] = FIELD(w[0], G80_TSC_0_ADDRESS_U);
   s->wrap[1] = FIELD(w[0], G80_TSC_0_ADDRESS_V);
   s->wrap[2] = FIELD(w[0], G80_TSC_0_ADDRESS_P);
   s->depth_compare = w[0] & G80_TSC_0_DEPTH_COMPARE__MASK;
   s->depth_compare_func = FIELD(w[0], G80_TSC_0_DEPTH_COMPARE_FUNC);
   s->srgb = w[0] & G80_TSC_0_SRGB_CONVERSION__MASK;
   s->max_anisotropy =
      g80_tsc_aniso_rates[FIELD(w[0], G80_TSC_0_MAX_ANISOTROPY)];
   s->mag_filter = FIELD(w[1], G80_TSC_1_MAG_FILTER);
   s->min_filter = FIELD(w[1], G80_TSC_1_MIN_FILTER);
   s->mip_filter = FIELD(w[1], G80_TSC_1_MIP_FILTER);
   s->lod_bias = sign_extend(FIELD(w[1], G80_TSC_1_MIP_LOD_BIAS),
                             FIELD_BITS(G80_TSC_1_MIP_LOD_BIAS));
   s->min_lod = FIELD(w[2], G80_TSC_2_MIN_LOD_CLAMP);
   s->max_lod = FIELD(w[2], G80_TSC_2_MAX_LOD_CLAMP);
   s->srgb_border[0] = FIELD(w[2], G80_TSC_2_SRGB_BORDER_COLOR_R);
   s->srgb_border[1] = FIELD(w[3], G80_TSC_3_SRGB_BORDER_COLOR_G);
   s->srgb_border[2] = FIELD(w[3], G80_TSC_3_SRGB_BORDER_COLOR_B);
   s->border[0] = w[4];
   s->border[1] = w[5];
   s->border[2] = w[6];
   s->border[3] = w[7];

   const uint32_t filters[2] = { s->mag_filter, s->min_filter };
   for (unsigned i = 0; i < 2; i++) {
      if (filters[i] != (G80_TSC_1_MAG_FILTER_NEAREST >> G80_TSC_1_MAG_FILTER__SHIFT) &&
          filters[i] != (G80_TSC_1_MAG_FILTER_LINEAR >> G80_TSC_1_MAG_FILTER__SHIFT)) {
         *why = "MAG_FILTER or MIN_FILTER is not one hwdb names";
         return false;
      }
   }
   if (s->mip_filter == 0) {
      *why = "MIP_FILTER 0 is not one hwdb names";
      return false;
   }
   return true;
}
