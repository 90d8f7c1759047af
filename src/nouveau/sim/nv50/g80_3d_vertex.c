/*
 * Vertex fetch for the Tesla 3D class: from the vertex arrays
 * (VERTEX_ARRAY_FETCH/START/LIMIT/DIVISOR/PER_INSTANCE) or from inline
 * words (VERTEX_DATA) into the VP input words (g80_3d.h, "the seam").
 *
 * Facts (hwdb g80_3d.xml from rnndb graph/g80_3d.xml):
 * - VERTEX_ARRAY_ATTRIB(i) feeds VP input attribute i from array BUFFER
 *   at byte OFFSET of the element, FORMAT (g80_vtxelt_format: component
 *   sizes, first component first in memory), TYPE, BGRA (swaps the first
 *   and third components: rnndb "swizzle VP input");
 * - VP_ATTR_EN: 4 bits X, Y, Z, W per input attribute, 8 per word;
 * - VERTEX_ARRAY_FETCH STRIDE (bytes) and ENABLE; START_HIGH/LOW the
 *   address of element 0 and LIMIT_HIGH/LOW the address of the last valid
 *   byte (upstream nv50_vbo.c writes address + size - 1), in DMA_VTXBUF;
 * - VERTEX_ARRAY_PER_INSTANCE(i) with VERTEX_ARRAY_DIVISOR(i): the
 *   element is instance / divisor (GL 3.3 2.8.3: floor(instance / divisor)
 *   for a divisor n > 0; a divisor of 0 is assumed to mean per-instance
 *   every instance, as a per-instance array without divisor);
 * - VP_GP_BUILTIN_ATTR_EN VERTEX_ID, INSTANCE_ID append those words.
 *
 * Conversions (GL 3.3 section 2.8, table 2.9): UNORM c / (2^b - 1),
 * SNORM (2c + 1) / (2^b - 1) (the GL 3.3 rule for vertex data; the
 * hardware's is not documented), USCALED/SSCALED the integer as a float,
 * UINT/SINT the integer word, FLOAT 32- and 16-bit IEEE.  Components the
 * format lacks read (0, 0, 0, 1) (GL 3.3 2.8: "y, z, w ... 0, 0, 1"),
 * integer 1 for the integer types.
 *
 * The current attribute values (VTX_ATTR_* methods; below, "Current
 * attribute values") feed CONST attributes (VERTEX_ARRAY_ATTRIB CONST,
 * rnndb: "use latest VTX_ATTR_*") and immediate vertices.
 *
 * 11_11_10 with TYPE FLOAT: x in bits 0..10, y 11..21, z 22..31 (the
 * component sizes first component lowest, as 10_10_10_2's), each an
 * unsigned small float of EXT_packed_float (GL 3.3 2.1.3 / 2.1.4, as
 * ARB_vertex_type_10f_11f_11f_rev's UNSIGNED_INT_10F_11F_11F_REV gives
 * them; upstream's nv50_formats.c pairs PIPE_FORMAT_R11G11B10_FLOAT
 * with 11_11_10 FLOAT: a fact); w reads 1.
 *
 * Not modelled (trap): CONST attributes of inline vertices (VERTEX_DATA:
 * whether they take words is not documented; upstream's push path sends
 * none), 8-bit FLOAT components, 11_11_10 of other TYPEs than FLOAT (no
 * document says how its components read then), and TYPE values rnndb
 * does not name.
 */
#include <math.h>
#include <string.h>

#include "g80_3d.h"
#include "nvsim_raster_math.h"

struct vtx_format {
   uint32_t format;             /* VERTEX_ARRAY_ATTRIB FORMAT value */
   uint8_t comps;
   uint8_t bits[4];
};

/* g80_vtxelt_format's names are the component sizes */
static const struct vtx_format vtx_formats[] = {
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32_32_32, 4, { 32, 32, 32, 32 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32_32, 3, { 32, 32, 32 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_16_16_16_16, 4, { 16, 16, 16, 16 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32, 2, { 32, 32 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_16_16_16, 3, { 16, 16, 16 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_8_8_8_8, 4, { 8, 8, 8, 8 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_16_16, 2, { 16, 16 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32, 1, { 32 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_8_8_8, 3, { 8, 8, 8 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_8_8, 2, { 8, 8 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_16, 1, { 16 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_8, 1, { 8 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_10_10_10_2, 4, { 10, 10, 10, 2 } },
   { G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_11_11_10, 3, { 11, 11, 10 } },
};

static const struct vtx_format *
find_format(uint32_t attrib)
{
   uint32_t f = attrib & G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT__MASK;
   for (unsigned i = 0; i < sizeof(vtx_formats) / sizeof(vtx_formats[0]); i++)
      if (vtx_formats[i].format == f)
         return &vtx_formats[i];
   return NULL;
}

static unsigned
format_bytes(const struct vtx_format *f)
{
   unsigned bits = 0;
   for (unsigned c = 0; c < f->comps; c++)
      bits += f->bits[c];
   return bits / 8;
}

static uint32_t
bits_of(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Converts component c (raw bits, b wide) of TYPE type into a word. */
static bool
convert(uint32_t type, uint32_t raw, unsigned b, uint32_t *out)
{
   uint32_t mask = b == 32 ? ~0u : (1u << b) - 1;
   int32_t sv = b == 32 ? (int32_t)raw
                        : (int32_t)(raw << (32 - b)) >> (32 - b);
   raw &= mask;
   switch (type) {
   case G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT:
      if (b == 32)
         *out = raw;
      else if (b == 16)
         *out = bits_of(nvsim_raster_half_to_float((uint16_t)raw));
      else
         return false;
      return true;
   case G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_UNORM:
      *out = bits_of((float)((double)raw / (double)mask));
      return true;
   case G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SNORM:
      *out = bits_of((float)((2.0 * sv + 1.0) / (double)mask));
      return true;
   case G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_USCALED:
      *out = bits_of((float)raw);
      return true;
   case G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SSCALED:
      *out = bits_of((float)sv);
      return true;
   case G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_UINT:
      *out = raw;
      return true;
   case G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SINT:
      *out = (uint32_t)sv;
      return true;
   default:
      return false;
   }
}

static uint32_t
get_bits(const uint8_t *p, unsigned off, unsigned bits)
{
   uint64_t v = 0;
   p += off / 8;
   off %= 8;
   for (unsigned i = 0; i < (off + bits + 7) / 8; i++)
      v |= (uint64_t)p[i] << (8 * i);
   v >>= off;
   return bits == 32 ? (uint32_t)v : (uint32_t)(v & ((1ull << bits) - 1));
}

/* Decodes an attribute's bytes into its 4 words (missing ones 0, 0, 0,
 * 1) with BGRA applied. */
static enum nvsim_status
decode(struct g80_3d *ctx, unsigned a, uint32_t attrib,
       const struct vtx_format *f, const uint8_t *p, uint32_t w[4])
{
   uint32_t type = attrib & G80_3D_VERTEX_ARRAY_ATTRIB_TYPE__MASK;
   bool integer = type == G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_UINT ||
                  type == G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SINT;
   w[0] = w[1] = w[2] = 0;
   w[3] = integer ? 1 : bits_of(1.0f);
   if (f->format == G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_11_11_10) {
      if (type != G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT)
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                            "vertex attribute %u: 11_11_10 of TYPE 0x%x "
                            "is not modelled (FLOAT only)", a,
                            type >> G80_3D_VERTEX_ARRAY_ATTRIB_TYPE__SHIFT);
   }
   unsigned off = 0;
   for (unsigned c = 0; c < f->comps; c++) {
      if (f->format == G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_11_11_10)
         /* 5 exponent bits, the rest mantissa */
         w[c] = bits_of(nvsim_raster_ufloat_to_float(
            get_bits(p, off, f->bits[c]), f->bits[c] - 5));
      else if (!convert(type, get_bits(p, off, f->bits[c]), f->bits[c],
                        &w[c]))
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                            "vertex attribute %u: TYPE 0x%x of %u-bit "
                            "components is not modelled", a,
                            type >> G80_3D_VERTEX_ARRAY_ATTRIB_TYPE__SHIFT,
                            f->bits[c]);
      off += f->bits[c];
   }
   if (attrib & G80_3D_VERTEX_ARRAY_ATTRIB_BGRA) {
      uint32_t t = w[0];
      w[0] = w[2];
      w[2] = t;
   }
   return NVSIM_OK;
}

static uint32_t
attr_enables(const struct g80_3d *ctx, unsigned a)
{
   uint32_t en = g80_3d_reg(ctx, G80_3D_VP_ATTR_EN(a / 8));
   return (en >> (4 * (a % 8))) & 0xf;
}

static enum nvsim_status
check_attrib(struct g80_3d *ctx, unsigned a, uint32_t attrib,
             const struct vtx_format **f)
{
   if (attrib & G80_3D_VERTEX_ARRAY_ATTRIB_CONST)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "vertex attribute %u: CONST attributes of inline "
                         "vertices (VERTEX_DATA) are not modelled", a);
   *f = find_format(attrib);
   if (!*f)
      return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                         "vertex attribute %u: FORMAT 0x%x is not modelled",
                         a, G80_3D_FIELD(attrib,
                                         G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT));
   return NVSIM_OK;
}

/* Appends the enabled components of w and returns the new count. */
static unsigned
put_enabled(uint32_t en, const uint32_t w[4], uint32_t *in, unsigned n)
{
   for (unsigned c = 0; c < 4; c++)
      if (en & (1u << c))
         in[n++] = w[c];
   return n;
}

static unsigned
put_builtins(struct g80_3d *ctx, uint32_t vertex_id, uint32_t instance,
             uint32_t *in, unsigned n)
{
   uint32_t b = g80_3d_reg(ctx, G80_3D_VP_GP_BUILTIN_ATTR_EN);
   if (b & G80_3D_VP_GP_BUILTIN_ATTR_EN_VERTEX_ID)
      in[n++] = vertex_id;
   if (b & G80_3D_VP_GP_BUILTIN_ATTR_EN_INSTANCE_ID)
      in[n++] = instance;
   return n;
}

static uint64_t
reg64(const struct g80_3d *ctx, uint32_t high, uint32_t low)
{
   return (uint64_t)g80_3d_reg(ctx, high) << 32 | g80_3d_reg(ctx, low);
}

enum nvsim_status
g80_3d_fetch_vertex(struct g80_3d *ctx, uint32_t index, uint32_t instance,
                    uint32_t vertex_id, uint32_t *in, unsigned *words)
{
   struct nvsim_object *dma = NULL;
   unsigned n = 0;

   for (unsigned a = 0; a < G80_3D_NUM_ATTRIBS; a++) {
      uint32_t en = attr_enables(ctx, a);
      if (!en)
         continue;
      uint32_t attrib = g80_3d_reg(ctx, G80_3D_VERTEX_ARRAY_ATTRIB(a));
      if (attrib & G80_3D_VERTEX_ARRAY_ATTRIB_CONST) {
         /* rnndb: "use latest VTX_ATTR_*"; no array is read */
         n = put_enabled(en, ctx->attr[a], in, n);
         continue;
      }
      const struct vtx_format *f;
      enum nvsim_status st = check_attrib(ctx, a, attrib, &f);
      if (st)
         return st;
      unsigned b = G80_3D_FIELD(attrib, G80_3D_VERTEX_ARRAY_ATTRIB_BUFFER);
      uint32_t fetch = g80_3d_reg(ctx, G80_3D_VERTEX_ARRAY_FETCH(b));
      if (!(fetch & G80_3D_VERTEX_ARRAY_FETCH_ENABLE))
         return g80_3d_fail(ctx, NVSIM_INVALID_STATE,
                            "vertex attribute %u reads vertex array %u, "
                            "which is not enabled", a, b);
      if (!dma) {
         st = g80_3d_resolve_dma(ctx, G80_3D_DMA_VTXBUF, "vertex fetch",
                                 &dma);
         if (st)
            return st;
      }
      uint64_t element = index;
      if (g80_3d_reg(ctx, G80_3D_VERTEX_ARRAY_PER_INSTANCE(b))) {
         uint32_t div = g80_3d_reg(ctx, G80_3D_VERTEX_ARRAY_DIVISOR(b));
         element = (uint64_t)instance / (div ? div : 1) +
                   (uint32_t)g80_3d_reg(ctx, G80_3D_VB_INSTANCE_BASE);
      }
      uint64_t start = reg64(ctx, G80_3D_VERTEX_ARRAY_START_HIGH(b),
                             G80_3D_VERTEX_ARRAY_START_LOW(b));
      uint64_t limit = reg64(ctx, G80_3D_VERTEX_ARRAY_LIMIT_HIGH(b),
                             G80_3D_VERTEX_ARRAY_LIMIT_LOW(b));
      uint64_t addr = start +
         element * G80_3D_FIELD(fetch, G80_3D_VERTEX_ARRAY_FETCH_STRIDE) +
         G80_3D_FIELD(attrib, G80_3D_VERTEX_ARRAY_ATTRIB_OFFSET);
      unsigned len = format_bytes(f);
      const uint8_t *p = NULL;
      if (addr >= start && addr + len - 1 <= limit)
         p = nvsim_dma_ptr(dma, addr, len);
      if (!p)
         return g80_3d_fail(ctx, NVSIM_DMA_ERROR,
                            "vertex attribute %u, element %llu of array %u: "
                            "bytes 0x%llx..+%u are past the array's limit "
                            "0x%llx or not in mapped memory", a,
                            (unsigned long long)element, b,
                            (unsigned long long)addr, len,
                            (unsigned long long)limit);
      uint32_t w[4];
      st = decode(ctx, a, attrib, f, p, w);
      if (st)
         return st;
      n = put_enabled(en, w, in, n);
   }
   *words = put_builtins(ctx, vertex_id, instance, in, n);
   return NVSIM_OK;
}

/*
 * An inline vertex: VERTEX_DATA words hold the attributes VP_ATTR_EN
 * enables one after the other in attribute order, each in its FORMAT and
 * padded to a word; OFFSET does not apply.  From upstream's nv50_push.c
 * path: nv50_vertex_state_create translates vertices into exactly that
 * layout (output_offset accumulating each element's size rounded up to 4
 * bytes) while the VERTEX_ARRAY_ATTRIB it sends carries OFFSET 0 for every
 * element (rnndb does not describe the inline format).
 */
unsigned
g80_3d_inline_vertex_words(struct g80_3d *ctx)
{
   unsigned words = 0;
   for (unsigned a = 0; a < G80_3D_NUM_ATTRIBS; a++) {
      if (!attr_enables(ctx, a))
         continue;
      const struct vtx_format *f =
         find_format(g80_3d_reg(ctx, G80_3D_VERTEX_ARRAY_ATTRIB(a)));
      words += f ? (format_bytes(f) + 3) / 4 : 0;
   }
   return words;
}

enum nvsim_status
g80_3d_inline_vertex(struct g80_3d *ctx, const uint32_t *data,
                     uint32_t vertex_id, uint32_t instance, uint32_t *in,
                     unsigned *words)
{
   unsigned n = 0, at = 0;
   for (unsigned a = 0; a < G80_3D_NUM_ATTRIBS; a++) {
      uint32_t en = attr_enables(ctx, a);
      if (!en)
         continue;
      uint32_t attrib = g80_3d_reg(ctx, G80_3D_VERTEX_ARRAY_ATTRIB(a));
      const struct vtx_format *f;
      enum nvsim_status st = check_attrib(ctx, a, attrib, &f);
      if (st)
         return st;
      /* within the vertex by construction (g80_3d_inline_vertex_words) */
      uint32_t w[4];
      st = decode(ctx, a, attrib, f, (const uint8_t *)(data + at), w);
      if (st)
         return st;
      at += (format_bytes(f) + 3) / 4;
      n = put_enabled(en, w, in, n);
   }
   *words = put_builtins(ctx, vertex_id, instance, in, n);
   return NVSIM_OK;
}

/*
 * Current attribute values (VTX_ATTR_* methods).
 *
 * Facts: rnndb g80_3d.xml names the forms and, in its comments, their
 * conversions: 1F "direct value, without conversion" (also integer
 * attributes), 2H/4H half floats "converted to float", 2I/4I signed
 * 16-bit and 4B signed / 4UB unsigned bytes "just converted to float",
 * 2NI/4NI/4NB/4NUB "converted to float with normalisation".
 * NV_vertex_program section 2.14.1.1 gives the GL semantics these methods
 * follow: VertexAttrib1 sets x and y = z = 0, w = 1, VertexAttrib2 x, y
 * and z = 0, w = 1, VertexAttrib3 x, y, z and w = 1; "Vertex program
 * execution is provoked by updating vertex attribute zero" inside
 * Begin/End, outside it is ignored (g80_3d_draw_immediate).  A form's
 * update is complete at the method that writes its last component
 * (2F_Y, 3F_Z, 4F_W, 4H_1, 4I_1, 4NI_1; the one-word forms at once):
 * upstream's nv50_blit_3d writes VTX_ATTR_3F(1) then VTX_ATTR_2F(0) per
 * vertex and xf86-video-nouveau's nv50 EXA and Xv paths VTX_ATTR_2F(8)
 * then VTX_ATTR_2I(0), each vertex's attribute 0 last.
 * Normalisation follows the array fetch (GL 3.3 2.8, convert()).
 * Assumed: a new context's values are GL's initial current values,
 * (0, 0, 0, 1) (the kernel's context defaults are not documented).
 */
struct attr_form {
   uint32_t base;               /* the method of attribute 0's first word */
   uint32_t esize;              /* bytes between attributes */
   unsigned comps;              /* components the form sets */
   unsigned bits;               /* per component; 32 / bits a word */
   uint32_t type;               /* VERTEX_ARRAY_ATTRIB TYPE: conversion */
};

#define BITS_OF(mask) ((unsigned)__builtin_popcount(mask))

static const struct attr_form attr_forms[] = {
   { G80_3D_VTX_ATTR_1F(0), G80_3D_VTX_ATTR_1F__ESIZE, 1, 32,
     G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT },
   { G80_3D_VTX_ATTR_2H(0), G80_3D_VTX_ATTR_2H__ESIZE, 2,
     BITS_OF(G80_3D_VTX_ATTR_2H_X__MASK), G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT },
   { G80_3D_VTX_ATTR_2F_X(0), G80_3D_VTX_ATTR_2F_X__ESIZE, 2, 32,
     G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT },
   { G80_3D_VTX_ATTR_3F_X(0), G80_3D_VTX_ATTR_3F_X__ESIZE, 3, 32,
     G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT },
   { G80_3D_VTX_ATTR_4F_X(0), G80_3D_VTX_ATTR_4F_X__ESIZE, 4, 32,
     G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT },
   { G80_3D_VTX_ATTR_4H_0(0), G80_3D_VTX_ATTR_4H_0__ESIZE, 4,
     BITS_OF(G80_3D_VTX_ATTR_4H_0_X__MASK), G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT },
   { G80_3D_VTX_ATTR_2I(0), G80_3D_VTX_ATTR_2I__ESIZE, 2,
     BITS_OF(G80_3D_VTX_ATTR_2I_X__MASK), G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SSCALED },
   { G80_3D_VTX_ATTR_2NI(0), G80_3D_VTX_ATTR_2NI__ESIZE, 2,
     BITS_OF(G80_3D_VTX_ATTR_2NI_X__MASK), G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SNORM },
   { G80_3D_VTX_ATTR_4I_0(0), G80_3D_VTX_ATTR_4I_0__ESIZE, 4,
     BITS_OF(G80_3D_VTX_ATTR_4I_0_X__MASK), G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SSCALED },
   { G80_3D_VTX_ATTR_4NI_0(0), G80_3D_VTX_ATTR_4NI_0__ESIZE, 4,
     BITS_OF(G80_3D_VTX_ATTR_4NI_0_X__MASK), G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SNORM },
   { G80_3D_VTX_ATTR_4UB(0), G80_3D_VTX_ATTR_4UB__ESIZE, 4,
     BITS_OF(G80_3D_VTX_ATTR_4UB_X__MASK), G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_USCALED },
   { G80_3D_VTX_ATTR_4B(0), G80_3D_VTX_ATTR_4B__ESIZE, 4,
     BITS_OF(G80_3D_VTX_ATTR_4B_X__MASK), G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SSCALED },
   { G80_3D_VTX_ATTR_4NUB(0), G80_3D_VTX_ATTR_4NUB__ESIZE, 4,
     BITS_OF(G80_3D_VTX_ATTR_4NUB_X__MASK), G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_UNORM },
   { G80_3D_VTX_ATTR_4NB(0), G80_3D_VTX_ATTR_4NB__ESIZE, 4,
     BITS_OF(G80_3D_VTX_ATTR_4NB_X__MASK), G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SNORM },
};

void
g80_3d_attr_init(struct g80_3d *ctx)
{
   for (unsigned a = 0; a < G80_3D_NUM_ATTRIBS; a++) {
      ctx->attr[a][0] = ctx->attr[a][1] = ctx->attr[a][2] = 0;
      ctx->attr[a][3] = bits_of(1.0f);
   }
}

int
g80_3d_attr_method(struct g80_3d *ctx, uint32_t mthd, uint32_t data)
{
   for (unsigned i = 0; i < sizeof(attr_forms) / sizeof(attr_forms[0]); i++) {
      const struct attr_form *f = &attr_forms[i];
      if (mthd < f->base || mthd >= f->base + G80_3D_NUM_ATTRIBS * f->esize)
         continue;
      unsigned a = (mthd - f->base) / f->esize;
      unsigned word = (mthd - f->base) % f->esize / 4;
      unsigned per_word = 32 / f->bits;
      unsigned first = word * per_word;
      if (first >= f->comps)
         return -1;             /* not a method of the form */
      uint32_t *v = ctx->attr[a];
      for (unsigned k = 0; k < per_word; k++) {
         uint32_t raw = f->bits == 32 ? data :
                        (data >> (k * f->bits)) & ((1u << f->bits) - 1);
         /* every form's type converts every width it has */
         convert(f->type, raw, f->bits, &v[first + k]);
      }
      if (first + per_word < f->comps)
         return -1;
      for (unsigned c = f->comps; c < 4; c++)
         v[c] = c == 3 ? bits_of(1.0f) : 0;
      return (int)a;
   }
   return -1;
}

enum nvsim_status
g80_3d_attr_vertex(struct g80_3d *ctx, uint32_t vertex_id, uint32_t instance,
                   uint32_t *in, unsigned *words)
{
   unsigned n = 0;
   for (unsigned a = 0; a < G80_3D_NUM_ATTRIBS; a++)
      n = put_enabled(attr_enables(ctx, a), ctx->attr[a], in, n);
   *words = put_builtins(ctx, vertex_id, instance, in, n);
   return NVSIM_OK;
}
