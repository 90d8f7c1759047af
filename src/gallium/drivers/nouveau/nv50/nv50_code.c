/*
 * Space in the context's code segment (VP_ADDRESS / FP_ADDRESS point at
 * it; a program runs from its *_START_ID, a byte offset, rnndb
 * graph/g80_3d.xml).  Programs take ranges at first use and give them
 * back when deleted.
 *
 * A deleted program's range may still be read by commands the GPU has
 * not run yet, so it is not reused at once: it waits on a list until the
 * segment has no room, and then, after every submission of the context
 * is done (the fence buffer every submission lists), the waiting ranges
 * are free.  New code over old needs CODE_CB_FLUSH before the next draw
 * (the code cache may hold the old instructions): nv50_program.c sends it
 * after any upload.
 */

#include <stdlib.h>

#include "util/u_math.h"

#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"

/* Ranges start at multiples of 8: START_ID and the relocation base are
 * (an instruction is 4 or 8 bytes, nvc_g80_relocate). */
#define NV50_CODE_ALIGN 8

static bool
nv50_code_list_add(struct nv50_code_list *l, uint32_t start, uint32_t size)
{
   if (l->num == l->cap) {
      unsigned cap = MAX2(16, 2 * l->cap);
      struct nv50_code_range *r = realloc(l->r, cap * sizeof(*r));
      if (!r)
         return false;
      l->r = r;
      l->cap = cap;
   }
   l->r[l->num].start = start;
   l->r[l->num].size = size;
   l->num++;
   return true;
}

static int
nv50_code_range_cmp(const void *a, const void *b)
{
   const struct nv50_code_range *x = a, *y = b;
   return x->start < y->start ? -1 : x->start > y->start;
}

/* The waiting ranges join the free ones, neighbours merged. */
static void
nv50_code_release(struct nv50_context *nv50)
{
   struct nv50_code_list *f = &nv50->code_free, *w = &nv50->code_waiting;
   unsigned n = 0;

   for (unsigned i = 0; i < w->num; i++) {
      if (!nv50_code_list_add(f, w->r[i].start, w->r[i].size))
         break;
   }
   w->num = 0;
   qsort(f->r, f->num, sizeof(*f->r), nv50_code_range_cmp);
   for (unsigned i = 0; i < f->num; i++) {
      if (n && f->r[n - 1].start + f->r[n - 1].size == f->r[i].start)
         f->r[n - 1].size += f->r[i].size;
      else
         f->r[n++] = f->r[i];
   }
   f->num = n;
}

static int32_t
nv50_code_take(struct nv50_code_list *f, uint32_t size)
{
   for (unsigned i = 0; i < f->num; i++) {
      struct nv50_code_range *r = &f->r[i];
      if (r->size >= size) {
         uint32_t start = r->start;
         r->start += size;
         r->size -= size;
         if (!r->size)
            f->r[i] = f->r[--f->num];
         return start;
      }
   }
   return -1;
}

bool
nv50_code_init(struct nv50_context *nv50)
{
   return nv50_code_list_add(&nv50->code_free, 0, NV50_CODE_SIZE);
}

void
nv50_code_fini(struct nv50_context *nv50)
{
   free(nv50->code_free.r);
   free(nv50->code_waiting.r);
}

int32_t
nv50_code_alloc(struct nv50_context *nv50, uint32_t size)
{
   int32_t base;

   size = align(size, NV50_CODE_ALIGN);
   base = nv50_code_take(&nv50->code_free, size);
   if (base >= 0 || !nv50->code_waiting.num)
      return base;
   /* no room: wait until no queued command can read the deleted
    * programs' code, then reuse their space */
   nv50_context_kick(nv50);
   if (nv50->lost ||
       nouveau_bo_wait(nv50->fence_bo, NOUVEAU_BO_RDWR, nv50->client))
      return -1;
   nv50_code_release(nv50);
   return nv50_code_take(&nv50->code_free, size);
}

void
nv50_code_free(struct nv50_context *nv50, uint32_t base, uint32_t size)
{
   /* lost on out of memory: the space is not reused */
   nv50_code_list_add(&nv50->code_waiting, base,
                      align(size, NV50_CODE_ALIGN));
}
