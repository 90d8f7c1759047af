/*
 * Vertex elements and vertex arrays.  Facts (rnndb graph/g80_3d.xml via
 * hwdb g80_3d.xml; upstream's nv50_vbo.c read for which methods a draw
 * uses): VERTEX_ARRAY_ATTRIB(i) feeds VP attribute i from array BUFFER at
 * OFFSET with FORMAT (component sizes, g80_vtxelt_format) and TYPE
 * (g80_vtxelt_type), BGRA swapping the first and third components;
 * VERTEX_ARRAY_FETCH(b) STRIDE and ENABLE, START_HIGH/LOW the array's
 * address, LIMIT_HIGH/LOW its last valid byte (as upstream writes it),
 * VERTEX_ARRAY_PER_INSTANCE / DIVISOR for instanced elements.
 */

#include "util/format/u_format.h"
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

   if (!d || d->layout != UTIL_FORMAT_LAYOUT_PLAIN)
      return 0;
   const struct util_format_channel_description *c = &d->channel[0];
   for (unsigned i = 1; i < d->nr_channels; i++) {
      if (d->channel[i].size != c->size || d->channel[i].type != c->type)
         return 0;
   }
   f = nv50_vtx_format(c->size, d->nr_channels);
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
      ve->attrib[i] = G80_3D_VERTEX_ARRAY_ATTRIB_BUFFER(e[i].vertex_buffer_index) |
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


/* Sends the arrays and elements; false when an element's buffer is
 * missing or the channel is lost. */
bool
nv50_vertex_validate(struct nv50_context *nv50)
{
   const struct nv50_vertex_elements *ve = nv50->velems;

   if (!(nv50->dirty & NV50_DIRTY_VERTEX))
      return true;
   if (!ve)
      return false;
   if (!nv50_push_begin(nv50, 8 + ve->count * 3 + nv50->num_vb * 12))
      return false;
   for (unsigned i = 0; i < ve->count; i++) {
      NV50_3D_1(nv50, G80_3D_VERTEX_ARRAY_ATTRIB(i), ve->attrib[i]);
      NV50_3D_1(nv50, G80_3D_VERTEX_ARRAY_PER_INSTANCE(i),
                ve->e[i].instance_divisor != 0);
   }
   for (unsigned b = 0; b < G80_3D_VERTEX_ARRAY_FETCH__LEN; b++) {
      const struct pipe_vertex_buffer *vb = &nv50->vb[b];
      bool used = false;

      for (unsigned i = 0; i < ve->count; i++)
         used |= ve->e[i].vertex_buffer_index == b;
      if (!used || b >= nv50->num_vb || !vb->buffer.resource ||
          vb->is_user_buffer) {
         if (used) {
            NOUVEAU_ERR("vertex buffer %u is not bound\n", b);
            return false;
         }
         NV50_3D_1(nv50, G80_3D_VERTEX_ARRAY_FETCH(b), 0);
         continue;
      }
      struct nv50_resource *res = nv50_resource(vb->buffer.resource);
      uint64_t start = res->bo->offset + vb->buffer_offset;
      uint64_t limit = res->bo->offset + res->base.width0 - 1;

      nv50_push_ref(nv50, res->bo, res->domain | NOUVEAU_BO_RD);
      NV50_3D_1(nv50, G80_3D_VERTEX_ARRAY_FETCH(b),
                G80_3D_VERTEX_ARRAY_FETCH_ENABLE(1) |
                G80_3D_VERTEX_ARRAY_FETCH_STRIDE(vb->stride));
      NV50_3D_MTHD(nv50, G80_3D_VERTEX_ARRAY_START_HIGH(b), 2);
      nouveau_push_data(&nv50->push, start >> 32);
      nouveau_push_data(&nv50->push, start);
      NV50_3D_MTHD(nv50, G80_3D_VERTEX_ARRAY_LIMIT_HIGH(b), 2);
      nouveau_push_data(&nv50->push, limit >> 32);
      nouveau_push_data(&nv50->push, limit);
      for (unsigned i = 0; i < ve->count; i++) {
         if (ve->e[i].vertex_buffer_index == b && ve->e[i].instance_divisor) {
            NV50_3D_1(nv50, G80_3D_VERTEX_ARRAY_DIVISOR(b),
                      ve->e[i].instance_divisor);
            break;
         }
      }
   }
   nv50->dirty &= ~NV50_DIRTY_VERTEX;
   return true;
}
