/*
 * Vertex elements and vertex arrays.  Facts (rnndb graph/g80_3d.xml via
 * hwdb g80_3d.xml; upstream's nv50_vbo.c read for which methods a draw
 * uses): VERTEX_ARRAY_ATTRIB(i) feeds VP attribute i from array BUFFER at
 * OFFSET with FORMAT (component sizes, g80_vtxelt_format) and TYPE
 * (g80_vtxelt_type), BGRA swapping the first and third components;
 * VERTEX_ARRAY_FETCH(b) STRIDE and ENABLE, START_HIGH/LOW the array's
 * address, LIMIT_HIGH/LOW its last valid byte (as upstream writes it),
 * VERTEX_ARRAY_PER_INSTANCE(array) and the array's DIVISOR for instanced
 * elements: the element fetched is instance / DIVISOR + VB_INSTANCE_BASE
 * (GL 3.3 2.8.3 with ARB_base_instance's baseinstance; docs/tesla.md
 * "Vertex fetch").
 */

#include "util/format/u_format.h"
#include "util/bitscan.h"
#include "util/u_helpers.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_resource.h"

/* FORMAT by component size and count (g80_vtxelt_format names them) */
static uint32_t
nv50_vtx_format(unsigned size, unsigned n)
{
   static const uint32_t f32[] = {
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32,
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32,
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32_32,
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32_32_32,
   };
   static const uint32_t f16[] = {
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_16,
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_16_16,
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_16_16_16,
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_16_16_16_16,
   };
   static const uint32_t f8[] = {
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_8,
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_8_8,
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_8_8_8,
      G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_8_8_8_8,
   };
   if (n < 1 || n > 4)
      return 0;
   switch (size) {
   case 32: return f32[n - 1];
   case 16: return f16[n - 1];
   case 8:  return f8[n - 1];
   default: return 0;
   }
}

/* VERTEX_ARRAY_ATTRIB's FORMAT | TYPE | BGRA for a Gallium vertex
 * format, 0 for one it has no form for */
uint32_t
nv50_vertex_format(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   uint32_t f, type;

   /* ARB_vertex_type_10f_11f_11f_rev: three unsigned small floats, x
    * lowest (g80_vtxelt_format 11_11_10; upstream's nv50_formats.c pairs
    * the format with 11_11_10 FLOAT, a fact) */
   if (format == PIPE_FORMAT_R11G11B10_FLOAT)
      return G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_11_11_10 |
             G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT;
   if (!d || d->layout != UTIL_FORMAT_LAYOUT_PLAIN)
      return 0;
   const struct util_format_channel_description *c = &d->channel[0];
   bool packed = d->nr_channels == 4 && c->size == 10 &&
                 d->channel[1].size == 10 && d->channel[2].size == 10 &&
                 d->channel[3].size == 2;
   for (unsigned i = 1; i < d->nr_channels; i++) {
      if ((!packed && d->channel[i].size != c->size) ||
          d->channel[i].type != c->type ||
          d->channel[i].normalized != c->normalized ||
          d->channel[i].pure_integer != c->pure_integer)
         return 0;
   }
   /* 10_10_10_2: x in the low bits (g80_vtxelt_format) */
   f = packed ? G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_10_10_10_2
              : nv50_vtx_format(c->size, d->nr_channels);
   if (!f)
      return 0;
   switch (c->type) {
   case UTIL_FORMAT_TYPE_FLOAT:
      type = G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT;
      /* 32- and 16-bit floats only (docs/tesla.md "Vertex fetch") */
      if (c->size == 8)
         return 0;
      break;
   case UTIL_FORMAT_TYPE_UNSIGNED:
      type = c->pure_integer ? G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_UINT :
             c->normalized ? G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_UNORM :
                             G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_USCALED;
      break;
   case UTIL_FORMAT_TYPE_SIGNED:
      type = c->pure_integer ? G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SINT :
             c->normalized ? G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SNORM :
                             G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_SSCALED;
      break;
   default:
      return 0;
   }
   /* B8G8R8A8: memory order B, G, R, A; BGRA swaps x and z back */
   bool bgra = d->nr_channels >= 3 && d->swizzle[0] == PIPE_SWIZZLE_Z &&
               d->swizzle[2] == PIPE_SWIZZLE_X;
   if (!bgra) {
      for (unsigned i = 0; i < d->nr_channels; i++) {
         if (d->swizzle[i] != PIPE_SWIZZLE_X + i)
            return 0;
      }
   }
   return f | type | (bgra ? G80_3D_VERTEX_ARRAY_ATTRIB_BGRA : 0);
}

void *
nv50_vertex_elements_create(struct pipe_context *pipe, unsigned count,
                            const struct pipe_vertex_element *e)
{
   struct nv50_vertex_elements *ve = CALLOC_STRUCT(nv50_vertex_elements);

   if (!ve)
      return NULL;
   ve->count = MIN2(count, PIPE_MAX_ATTRIBS);
   for (unsigned i = 0; i < ve->count; i++) {
      uint32_t fmt = nv50_vertex_format(e[i].src_format);
      ve->e[i] = e[i];
      if (!fmt) {
         NOUVEAU_ERR("vertex format %s not supported\n",
                     util_format_name(e[i].src_format));
         fmt = G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32_32_32 |
               G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT;
      }
      /* array i is element i's (nv50_vertex_validate) */
      ve->attrib[i] = G80_3D_VERTEX_ARRAY_ATTRIB_BUFFER(i) |
                      G80_3D_VERTEX_ARRAY_ATTRIB_OFFSET(e[i].src_offset) |
                      fmt;
   }
   return ve;
}

void
nv50_vertex_elements_bind(struct pipe_context *pipe, void *cso)
{
   struct nv50_context *nv50 = nv50_context(pipe);

   nv50->velems = cso;
   nv50->dirty |= NV50_DIRTY_VERTEX;
}

void
nv50_vertex_elements_delete(struct pipe_context *pipe, void *cso)
{
   FREE(cso);
}

void
nv50_set_vertex_buffers(struct pipe_context *pipe, unsigned start,
                        unsigned count, unsigned unbind_trailing,
                        bool take_ownership,
                        const struct pipe_vertex_buffer *vb)
{
   struct nv50_context *nv50 = nv50_context(pipe);

   util_set_vertex_buffers_count(nv50->vb, &nv50->num_vb, vb, start, count,
                                 unbind_trailing, take_ownership);
   nv50->dirty |= NV50_DIRTY_VERTEX;
}


/* Array i feeds element i (ATTRIB(i) BUFFER i): the divisor and the
 * per-instance switch are the array's (VERTEX_ARRAY_DIVISOR(i) sits in
 * the array's FETCH/START block, PER_INSTANCE(i) is by array), so two
 * elements of one buffer with different divisors need arrays of their
 * own.  What the 3D object holds is remembered so that a draw sends only
 * what changed (comparable in bytes with upstream's stream). */
void
nv50_vertex_init_hw(struct nv50_context *nv50)
{
   NV50_3D_MTHD(nv50, G80_3D_VERTEX_ARRAY_PER_INSTANCE(0),
                G80_3D_VERTEX_ARRAY_PER_INSTANCE__LEN);
   for (unsigned i = 0; i < G80_3D_VERTEX_ARRAY_PER_INSTANCE__LEN; i++)
      nouveau_push_data(&nv50->push, 0);
   nv50->instance_arrays = 0;
   /* every array is disabled by the first validation */
   nv50->num_arrays = G80_3D_VERTEX_ARRAY_FETCH__LEN;
}

/* Sends the arrays and elements; false when an element's buffer is
 * missing or the channel is lost. */
bool
nv50_vertex_validate(struct nv50_context *nv50)
{
   const struct nv50_vertex_elements *ve = nv50->velems;
   uint32_t instance = 0;

   if (!(nv50->dirty & NV50_DIRTY_VERTEX))
      return true;
   if (!ve)
      return false;
   if (ve->count > G80_3D_VERTEX_ARRAY_FETCH__LEN) {
      NOUVEAU_ERR("%u vertex elements, the 3D class has %u arrays\n",
                  ve->count, G80_3D_VERTEX_ARRAY_FETCH__LEN);
      return false;
   }
   for (unsigned i = 0; i < ve->count; i++) {
      unsigned b = ve->e[i].vertex_buffer_index;
      if (b >= nv50->num_vb || !nv50->vb[b].buffer.resource ||
          nv50->vb[b].is_user_buffer) {
         NOUVEAU_ERR("vertex buffer %u is not bound\n", b);
         return false;
      }
   }
   if (!nv50_push_begin(nv50, 8 + ve->count * 9 +
                        2 * G80_3D_VERTEX_ARRAY_FETCH__LEN))
      return false;
   nv50_bin_reset(nv50, NV50_BIN_VERTEX);
   if (ve->count) {
      NV50_3D_MTHD(nv50, G80_3D_VERTEX_ARRAY_ATTRIB(0), ve->count);
      nouveau_push_datap(&nv50->push, ve->attrib, ve->count);
   }
   for (unsigned i = 0; i < ve->count; i++) {
      const struct pipe_vertex_buffer *vb =
         &nv50->vb[ve->e[i].vertex_buffer_index];
      struct nv50_resource *res = nv50_resource(vb->buffer.resource);
      uint64_t start = res->bo->offset + vb->buffer_offset;
      uint64_t limit = res->bo->offset + res->base.width0 - 1;
      unsigned divisor = ve->e[i].instance_divisor;

      nv50_bin_ref(nv50, NV50_BIN_VERTEX, res->bo,
                   res->domain | NOUVEAU_BO_RD);
      /* FETCH, START_HIGH, START_LOW and DIVISOR are consecutive */
      NV50_3D_MTHD(nv50, G80_3D_VERTEX_ARRAY_FETCH(i), divisor ? 4 : 3);
      nouveau_push_data(&nv50->push,
                        G80_3D_VERTEX_ARRAY_FETCH_ENABLE(1) |
                        G80_3D_VERTEX_ARRAY_FETCH_STRIDE(vb->stride));
      nouveau_push_data(&nv50->push, start >> 32);
      nouveau_push_data(&nv50->push, start);
      if (divisor) {
         nouveau_push_data(&nv50->push, divisor);
         instance |= 1u << i;
      }
      NV50_3D_MTHD(nv50, G80_3D_VERTEX_ARRAY_LIMIT_HIGH(i), 2);
      nouveau_push_data(&nv50->push, limit >> 32);
      nouveau_push_data(&nv50->push, limit);
   }
   for (unsigned i = ve->count; i < nv50->num_arrays; i++)
      NV50_3D_1(nv50, G80_3D_VERTEX_ARRAY_FETCH(i), 0);
   nv50->num_arrays = ve->count;
   for (uint32_t m = instance ^ nv50->instance_arrays; m;) {
      unsigned i = u_bit_scan(&m);
      NV50_3D_1(nv50, G80_3D_VERTEX_ARRAY_PER_INSTANCE(i),
                (instance >> i) & 1);
   }
   nv50->instance_arrays = instance;
   nv50->dirty &= ~NV50_DIRTY_VERTEX;
   return true;
}
