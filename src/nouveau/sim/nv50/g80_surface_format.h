/*
 * Tesla colour and zeta surface formats (g80_surface_format.c): sizes and
 * the packing of clear values, for the 3D class's render targets and the
 * 2D engine.
 */
#ifndef G80_SURFACE_FORMAT_H
#define G80_SURFACE_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

/* Bytes per pixel of a colour format (G80_SURFACE_FORMAT), 0 for the
 * ones nvsim cannot store (shared with G80_2D). */
unsigned g80_surface_format_cpp(uint32_t format);
/* Packs the clear colour (CLEAR_COLOR words: floats, or integers for the
 * integer formats) into px[cpp] and the bits the components in
 * `rgba_mask` (bit 0 R .. bit 3 A) own into mask[cpp].  false for a format
 * nvsim does not pack. */
bool g80_surface_format_pack(uint32_t format, const uint32_t color[4],
                             bool srgb, unsigned rgba_mask, uint8_t *px,
                             uint8_t *mask);
/* Whether nvsim converts pixels of src_format into dst_format: both are
 * colour formats it knows, and both integer or neither. */
bool g80_surface_format_can_convert(uint32_t src_format, uint32_t dst_format);
/* Whether a colour format's components are floats (not clamped to
 * [0, 1] when blended, GL 3.3 4.1.8). */
bool g80_surface_format_is_float(uint32_t format);
/* Whether a colour format's components are signed normalized (clamped to
 * [-1, 1], not [0, 1], when blended, GL 3.3 4.1.8). */
bool g80_surface_format_is_snorm(uint32_t format);
/* Whether a colour format is sRGB-encoded (its R, G, B). */
bool g80_surface_format_is_srgb(uint32_t format);
/* GL 3.3 4.1.8's linear -> sRGB encoding of a component (clamped to
 * [0, 1]) and 3.8.15's sRGB -> linear decoding. */
float g80_srgb_encode(float c);
float g80_srgb_decode(float c);
/* Whether a colour format's components are integers, and signed ones. */
bool g80_surface_format_is_integer(uint32_t format);
bool g80_surface_format_is_sint(uint32_t format);
/* Converts one pixel of colour format src_format (src: its bytes) into
 * dst_format (dst: its bytes), through R, G, B, A (g80_surface_format.c
 * says how).  false, writing nothing, when the pair is not one
 * g80_surface_format_can_convert accepts. */
bool g80_surface_format_convert(uint32_t src_format, const uint8_t *src,
                                uint32_t dst_format, uint8_t *dst);
/* The zeta formats: bytes per pixel, and depth / stencil packed with the
 * bits each owns (0 bytes when the format has no such component).  cpp 0:
 * a format nvsim does not model. */
unsigned g80_zeta_format_cpp(uint32_t format);
void g80_zeta_format_pack(uint32_t format, float depth, uint8_t stencil,
                          bool write_z, bool write_s, uint8_t *px,
                          uint8_t *mask);
/* Where a zeta format keeps its components, in bits from bit 0 of the
 * pixel (the draw ROP's staging reads and writes them): false for a
 * format nvsim does not model. */
struct g80_zeta_layout {
   unsigned cpp;
   unsigned z_off, z_bits;
   bool z_float;
   unsigned s_off, s_bits;     /* s_bits 0: no stencil */
};
bool g80_zeta_format_layout(uint32_t format, struct g80_zeta_layout *l);

#endif
