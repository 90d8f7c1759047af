/*
 * The buffers of the bound state, for every submission.
 *
 * Our state is sent once and stays in the 3D object (across
 * submissions), so a submission made while state is bound (a full
 * pushbuffer in the middle of a draw, or one made for a CPU map) may
 * carry commands that use buffers it did not name.  The kernel must know
 * them all: it keeps a listed buffer where it is for the submission (and
 * relocates the submission's words if it had to move it), and the CPU
 * waits on exactly the submissions that list a buffer.
 *
 * libdrm's buffer contexts do this (nouveau_bufctx_mthd,
 * nouveau_pushbuf_bufctx): each recorded relocation (method header, word,
 * buffer, access) is listed again at the start of every later
 * submission, as a relocation of a placeholder header and word that the
 * kernel fills in only if the buffer moved (libdrm pushbuf.c
 * pushbuf_validate, the kernel's nouveau_gem_pushbuf_reloc_apply).  The
 * recorded entries hold no reference to their buffer, so the bins here
 * do.
 */

#include <stdlib.h>

#include "nouveau_push.h"

bool
nouveau_push_bins_init(struct nouveau_push *p, struct nouveau_client *client,
                       unsigned num_bins)
{
   p->bin = -1;
   p->bins = calloc(num_bins, sizeof(*p->bins));
   if (!p->bins)
      return false;
   if (nouveau_bufctx_new(client, num_bins, &p->bufctx)) {
      free(p->bins);
      p->bins = NULL;
      return false;
   }
   p->num_bins = num_bins;
   nouveau_pushbuf_bufctx(p->pb, p->bufctx);
   return true;
}

static void
nouveau_push_bin_reset(struct nouveau_push *p, unsigned bin)
{
   struct nouveau_push_bin *b = &p->bins[bin];

   nouveau_bufctx_reset(p->bufctx, bin);
   for (unsigned i = 0; i < b->num; i++)
      nouveau_bo_ref(NULL, &b->bo[i]);
   b->num = 0;
}

void
nouveau_push_bins_fini(struct nouveau_push *p)
{
   for (unsigned i = 0; i < p->num_bins; i++) {
      nouveau_push_bin_reset(p, i);
      free(p->bins[i].bo);
   }
   free(p->bins);
   p->bins = NULL;
   p->num_bins = 0;
   p->bin = -1;
   nouveau_bufctx_del(&p->bufctx);
}

void
nouveau_push_bin(struct nouveau_push *p, unsigned bin)
{
   if (!p->bufctx || bin >= p->num_bins) {
      p->bin = -1;
      return;
   }
   nouveau_push_bin_reset(p, bin);
   p->bin = bin;
}

void
nouveau_push_bin_clear(struct nouveau_push *p, unsigned bin)
{
   if (p->bufctx && bin < p->num_bins)
      nouveau_push_bin_reset(p, bin);
}

bool
nouveau_push_bin_refn(struct nouveau_push *p, unsigned bin,
                      struct nouveau_bo *bo, uint32_t flags)
{
   struct nouveau_pushbuf_refn ref = { bo, flags };
   struct nouveau_push_bin *b;

   /* this submission: libdrm lists a bin's buffers when it starts the
    * next one (pushbuf_validate) */
   nouveau_pushbuf_refn(p->pb, &ref, 1);
   if (!p->bufctx || bin >= p->num_bins)
      return false;
   b = &p->bins[bin];
   if (b->num == b->cap) {
      unsigned cap = MAX2(8, 2 * b->cap);
      struct nouveau_bo **bos = realloc(b->bo, cap * sizeof(*bos));
      if (!bos)
         return false;
      b->bo = bos;
      b->cap = cap;
   }
   if (!nouveau_bufctx_refn(p->bufctx, bin, bo, flags))
      return false;
   b->bo[b->num] = NULL;
   nouveau_bo_ref(bo, &b->bo[b->num++]);
   return true;
}

void
nouveau_push_record(struct nouveau_push *p, struct nouveau_bo *bo,
                    uint32_t data, uint32_t flags, uint32_t vor, uint32_t tor)
{
   struct nouveau_push_bin *b;

   if (!p->bufctx || p->bin < 0 || !p->hdr)
      return;
   b = &p->bins[p->bin];
   if (b->num == b->cap) {
      unsigned cap = MAX2(8, 2 * b->cap);
      struct nouveau_bo **bos = realloc(b->bo, cap * sizeof(*bos));
      /* Out of memory: the word is still relocated in this submission,
       * only not listed again in later ones. */
      if (!bos)
         return;
      b->bo = bos;
      b->cap = cap;
   }
   if (!nouveau_bufctx_mthd(p->bufctx, p->bin, nouveau_push_word_header(p),
                            bo, data, flags, vor, tor))
      return;
   b->bo[b->num] = NULL;
   nouveau_bo_ref(bo, &b->bo[b->num++]);
}
