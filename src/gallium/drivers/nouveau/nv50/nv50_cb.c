/*
 * Constant buffers of the VP, FP and GP: GL's default uniform block in
 * c0[] and uniform blocks in c1[]..c14[] (st/mesa binds a program's block
 * i at pipe index i + 1, the index the compiler reads as c(i + 1)[]); the
 * FP's c15[] holds the driver's sprite constants (nv50_linkage.c).
 *
 * Hardware (rnndb graph/g80_3d.xml, envytools-docs tesla/cuda/isa.rst
 * "const spaces"): each of the 16 const spaces of a program type is bound
 * by SET_PROGRAM_CB to one of 128 per-channel buffers, each defined by
 * CB_DEF_SET as a range of VM space "with length divisible by 256"
 * (hwdb G80_CB_RANGE_ALIGN); SIZE 0 is 0x10000 bytes (docs/tesla.md).
 * The const spaces are cached ("three levels of cache" that the user
 * flushes): CODE_CB_FLUSH before a draw that reads a buffer the CPU or
 * the GPU may have written since.
 *
 * Buffer ids: c0[]'s user data of stage s in buffer s (the context's
 * cb_bo, written by CB_ADDR + CB_DATA), a resource in c[i] of stage s in
 * buffer NV50_CB_RESOURCE_ID0 + s * NV50_CB_USER_SLOTS + i.  User data in
 * c1[] and up is uploaded into a buffer first (st/mesa passes uniform
 * blocks as resources; other state trackers may not).
 */

#include <inttypes.h>

#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/u_upload_mgr.h"

#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_resource.h"
#include "g80_defs.xml.h"

static_assert(NV50_CB_RESOURCE_ID0 + NV50_CB_STAGES * NV50_CB_USER_SLOTS <=
              (G80_3D_CB_DEF_SET_BUFFER__MASK >>
               G80_3D_CB_DEF_SET_BUFFER__SHIFT) + 1,
              "every stage's buffers have a CB_DEF id");

static int
nv50_cb_stage(enum pipe_shader_type shader)
{
   switch (shader) {
   case PIPE_SHADER_VERTEX:   return 0;
   case PIPE_SHADER_FRAGMENT: return 1;
   case PIPE_SHADER_GEOMETRY: return 2;
   default:                   return -1;
   }
}

void
nv50_set_constant_buffer(struct pipe_context *p, enum pipe_shader_type shader,
                         uint index, bool take_ownership,
                         const struct pipe_constant_buffer *cb)
{
   struct nv50_context *nv50 = nv50_context(p);
   int s = nv50_cb_stage(shader);
   struct pipe_resource *owned = take_ownership && cb ? cb->buffer : NULL;

   if (s < 0 || index >= NV50_CB_USER_SLOTS) {
      pipe_resource_reference(&owned, NULL);
      return;
   }
   struct pipe_constant_buffer *slot = &nv50->cb[s][index];
   pipe_resource_reference(&slot->buffer, NULL);
   memset(slot, 0, sizeof(*slot));
   if (index == 0) {
      FREE(nv50->cb_user[s]);
      nv50->cb_user[s] = NULL;
   }
   if (cb && (cb->buffer || cb->user_buffer)) {
      slot->buffer_offset = cb->buffer_offset;
      slot->buffer_size = MIN2(cb->buffer_size, NV50_CB_SIZE);
      if (cb->buffer) {
         pipe_resource_reference(&slot->buffer, cb->buffer);
      } else if (index == 0) {
         nv50->cb_user[s] = mem_dup(cb->user_buffer, slot->buffer_size);
      } else {
         /* no CB_DATA buffer of its own: a copy in the stream uploader's
          * buffer, at the range's alignment */
         unsigned offset = 0;
         u_upload_data(p->stream_uploader, 0, slot->buffer_size,
                       G80_CB_RANGE_ALIGN, cb->user_buffer, &offset,
                       &slot->buffer);
         slot->buffer_offset = offset;
         if (!slot->buffer)
            slot->buffer_size = 0;
      }
   }
   nv50->cb_dirty[s] |= 1u << index;
   nv50->dirty |= NV50_DIRTY_CONST;
   pipe_resource_reference(&owned, NULL);
}

/* CB_DEF of a resource's range: the address must keep the range's
 * alignment (PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT says so to GL), the
 * size is rounded up to it and kept inside the buffer object (whose size
 * is a multiple of pages) and the 16-bit space */
static bool
nv50_cb_def(struct nv50_context *nv50, unsigned id,
            const struct pipe_constant_buffer *cb)
{
   struct nv50_resource *res = nv50_resource(cb->buffer);
   uint64_t addr = res->bo->offset + cb->buffer_offset;
   uint64_t room = res->bo->size > cb->buffer_offset ?
                   res->bo->size - cb->buffer_offset : 0;
   uint32_t size = MIN3(align(cb->buffer_size, G80_CB_RANGE_ALIGN),
                        room, NV50_CB_SIZE);

   if (addr % G80_CB_RANGE_ALIGN || !size) {
      util_debug_message(&nv50->debug, ERROR, "constant buffer range at "
                         "0x%" PRIx64 " (%u bytes) is not %u-byte aligned "
                         "or empty: not bound", addr, cb->buffer_size,
                         G80_CB_RANGE_ALIGN);
      return false;
   }
   nv50_bin_ref(nv50, NV50_BIN_CONST, res->bo, res->domain | NOUVEAU_BO_RD);
   NV50_3D_MTHD(nv50, G80_3D_CB_DEF_ADDRESS_HIGH, 3);
   nouveau_push_data(&nv50->push, addr >> 32);
   nouveau_push_data(&nv50->push, addr);
   /* SIZE 0 is the whole 0x10000 bytes: the field's mask makes it so */
   nouveau_push_data(&nv50->push, G80_3D_CB_DEF_SET_BUFFER(id) |
                                  G80_3D_CB_DEF_SET_SIZE(size));
   return true;
}

/* c0[]'s user data into stage s's buffer of the context's cb_bo */
static bool
nv50_cb_upload_user(struct nv50_context *nv50, unsigned s)
{
   const uint32_t *data = nv50->cb_user[s];
   unsigned words = nv50->cb[s][0].buffer_size / 4;

   NV50_3D_1(nv50, G80_3D_CB_ADDR, G80_3D_CB_ADDR_BUFFER(s) |
                                   G80_3D_CB_ADDR_ID(0));
   for (unsigned i = 0; i < words;) {
      unsigned n = MIN2(words - i, NOUVEAU_PUSH_MAX_COUNT);
      if (!nv50_push_begin(nv50, n + 8))
         return false;
      nv50_push_ref(nv50, nv50->cb_bo, NOUVEAU_BO_GART | NOUVEAU_BO_WR);
      nouveau_push_mthd_ni(&nv50->push, NOUVEAU_SUBC_3D, G80_3D_CB_DATA(0), n);
      nouveau_push_datap(&nv50->push, data + i, n);
      i += n;
   }
   return true;
}

bool
nv50_cb_validate(struct nv50_context *nv50)
{
   static const uint32_t program[NV50_CB_STAGES] = {
      G80_3D_SET_PROGRAM_CB_PROGRAM_VERTEX,
      G80_3D_SET_PROGRAM_CB_PROGRAM_FRAGMENT,
      G80_3D_SET_PROGRAM_CB_PROGRAM_GEOMETRY,
   };
   bool resources = false;

   if (nv50->dirty & NV50_DIRTY_CONST) {
      /* the bin lists every bound resource, sent now or before */
      nv50_bin_reset(nv50, NV50_BIN_CONST);
      for (unsigned s = 0; s < NV50_CB_STAGES; s++) {
         for (unsigned i = 0; i < NV50_CB_USER_SLOTS; i++) {
            const struct pipe_constant_buffer *cb = &nv50->cb[s][i];
            bool dirty = nv50->cb_dirty[s] & (1u << i);
            unsigned id = s;
            bool valid = true;

            if (!nv50_push_begin(nv50, 16))
               return false;
            if (cb->buffer) {
               id = NV50_CB_RESOURCE_ID0 + s * NV50_CB_USER_SLOTS + i;
               if (!dirty) {
                  struct nv50_resource *res = nv50_resource(cb->buffer);
                  nv50_bin_ref(nv50, NV50_BIN_CONST, res->bo,
                               res->domain | NOUVEAU_BO_RD);
                  continue;
               }
               valid = nv50_cb_def(nv50, id, cb);
            } else if (!dirty) {
               continue;
            } else if (i == 0) {
               /* c0[] stays bound to the stage's user buffer, even
                * empty: a program's uniforms of a bad GL state read
                * stale words, not an unbound space */
               if (nv50->cb_user[s] && !nv50_cb_upload_user(nv50, s))
                  return false;
            } else {
               valid = false;
            }
            NV50_3D_1(nv50, G80_3D_SET_PROGRAM_CB,
                      G80_3D_SET_PROGRAM_CB_VALID(valid) | program[s] |
                      G80_3D_SET_PROGRAM_CB_INDEX(i) |
                      G80_3D_SET_PROGRAM_CB_BUFFER(id));
         }
         nv50->cb_dirty[s] = 0;
      }
      nv50->dirty &= ~NV50_DIRTY_CONST;
   }

   for (unsigned s = 0; s < NV50_CB_STAGES && !resources; s++)
      for (unsigned i = 0; i < NV50_CB_USER_SLOTS && !resources; i++)
         resources = nv50->cb[s][i].buffer != NULL;
   /* a bound resource may have been written since the last draw (CPU
    * maps, copies): the const caches must not keep the old words */
   if (resources) {
      if (!nv50_push_begin(nv50, 2))
         return false;
      NV50_3D_1(nv50, G80_3D_CODE_CB_FLUSH, 0);
   }
   return true;
}
