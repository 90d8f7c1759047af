/*
 * Table-driven access to instruction fields (struct nvisa_field from the
 * generated tables): used by the round-trip tests and raw field dumps.
 */
#include "nvisa_common.h"

uint32_t
nvisa_field_get(const struct nvisa_field *f, const uint32_t *words)
{
   uint32_t v = 0;

   for (unsigned i = 0; i < f->npieces; i++) {
      const struct nvisa_field_piece *p = &f->piece[i];
      uint32_t m = p->width >= 32 ? ~0u : (1u << p->width) - 1;
      v |= ((words[p->word] >> p->shift) & m) << p->at;
   }
   return v;
}

void
nvisa_field_set(const struct nvisa_field *f, uint32_t *words, uint32_t v)
{
   for (unsigned i = 0; i < f->npieces; i++) {
      const struct nvisa_field_piece *p = &f->piece[i];
      uint32_t m = p->width >= 32 ? ~0u : (1u << p->width) - 1;
      words[p->word] = (words[p->word] & ~(m << p->shift)) |
                       (((v >> p->at) & m) << p->shift);
   }
}
