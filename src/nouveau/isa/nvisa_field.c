/*
 * Table-driven access to instruction fields (struct nvisa_field from the
 * generated tables): used by the round-trip tests and raw field dumps;
 * and the swizzle, mask and range helpers every encoder shares.
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

uint32_t
nvisa_pack_swz(const uint8_t swz[4], const uint8_t pos[4])
{
   uint32_t v = 0;
   for (unsigned c = 0; c < 4; c++)
      v |= (uint32_t)(swz[c] & 3) << pos[c];
   return v;
}

void
nvisa_unpack_swz(uint32_t v, const uint8_t pos[4], uint8_t swz[4])
{
   for (unsigned c = 0; c < 4; c++)
      swz[c] = (v >> pos[c]) & 3;
}

uint32_t
nvisa_pack_mask(uint8_t mask, const uint8_t pos[4])
{
   uint32_t v = 0;
   for (unsigned c = 0; c < 4; c++)
      if (mask & (1 << c))
         v |= 1u << pos[c];
   return v;
}

uint8_t
nvisa_unpack_mask(uint32_t v, const uint8_t pos[4])
{
   uint8_t m = 0;
   for (unsigned c = 0; c < 4; c++)
      if (v & (1u << pos[c]))
         m |= 1 << c;
   return m;
}

bool
nvisa_fits(uint32_t v, unsigned width)
{
   return width >= 32 || v < (1u << width);
}
