/*
 * Text output shared by the disassemblers (nvisa_print.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "nvisa_print.h"

const char nvisa_comp_name[4] = { 'x', 'y', 'z', 'w' };

void
nvisa_sb_printf(struct nvisa_strbuf *sb, const char *fmt, ...)
{
   va_list ap;
   size_t room = sb->len < sb->n ? sb->n - sb->len : 0;
   va_start(ap, fmt);
   int r = vsnprintf(room ? sb->buf + sb->len : NULL, room, fmt, ap);
   va_end(ap);
   if (r > 0)
      sb->len += r;
}

void
nvisa_print_mask(struct nvisa_strbuf *sb, uint8_t mask)
{
   if (mask == NVISA_MASK_XYZW)
      return;
   nvisa_sb_printf(sb, ".");
   for (unsigned c = 0; c < 4; c++)
      if (mask & (1 << c))
         nvisa_sb_printf(sb, "%c", nvisa_comp_name[c]);
}

void
nvisa_print_swz(struct nvisa_strbuf *sb, const uint8_t swz[4])
{
   if (swz[0] == 0 && swz[1] == 1 && swz[2] == 2 && swz[3] == 3)
      return;
   nvisa_sb_printf(sb, ".%c%c%c%c", nvisa_comp_name[swz[0] & 3],
                   nvisa_comp_name[swz[1] & 3], nvisa_comp_name[swz[2] & 3],
                   nvisa_comp_name[swz[3] & 3]);
}

static void
print_indexed(struct nvisa_strbuf *sb, char file, unsigned index,
              bool indexed, const struct nvisa_vp_operands *ops)
{
   if (indexed)
      nvisa_sb_printf(sb, "%c[A%u.%c+%u]", file, ops->addr_reg,
                      nvisa_comp_name[ops->addr_swz & 3], index);
   else
      nvisa_sb_printf(sb, "%c[%u]", file, index);
}

void
nvisa_print_vp_src(struct nvisa_strbuf *sb, const struct nvisa_src *src,
                   const struct nvisa_vp_operands *ops)
{
   if (src->neg)
      nvisa_sb_printf(sb, "-");
   if (src->abs)
      nvisa_sb_printf(sb, "|");
   switch (src->file) {
   case NVISA_FILE_TEMP:
      nvisa_sb_printf(sb, "R%u", src->index);
      break;
   case NVISA_FILE_INPUT:
      print_indexed(sb, 'v', ops->input, ops->input_indexed, ops);
      break;
   case NVISA_FILE_CONST:
      print_indexed(sb, 'c', ops->constant, ops->const_indexed, ops);
      break;
   default:
      nvisa_sb_printf(sb, "?%u", src->index);
      break;
   }
   if (src->abs)
      nvisa_sb_printf(sb, "|");
   nvisa_print_swz(sb, src->swz);
}
