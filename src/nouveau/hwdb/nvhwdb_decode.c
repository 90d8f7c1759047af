/*
 * Lookup and printing of methods by name over the tables gen_headers.py
 * writes into nvhwdb_names.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "nvhwdb_tables.h"

/* bounded string builder: never writes past n, always NUL-terminated */
struct nvhwdb_buf {
   char *s;
   size_t n;
   size_t len;
};

static void
buf_printf(struct nvhwdb_buf *b, const char *fmt, ...)
{
   if (b->n == 0 || b->len >= b->n - 1)
      return;
   va_list ap;
   va_start(ap, fmt);
   int r = vsnprintf(b->s + b->len, b->n - b->len, fmt, ap);
   va_end(ap);
   if (r < 0)
      return;
   b->len += (size_t)r;
   if (b->len > b->n - 1)
      b->len = b->n - 1;
}

static const struct nvhwdb_class *
find_class(uint32_t oclass)
{
   unsigned lo = 0, hi = nvhwdb_num_classes;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      if (nvhwdb_classes[mid].oclass == oclass)
         return &nvhwdb_classes[mid];
      if (nvhwdb_classes[mid].oclass < oclass)
         lo = mid + 1;
      else
         hi = mid;
   }
   return NULL;
}

static const struct nvhwdb_slot *
find_slot(const struct nvhwdb_slot *slots, unsigned num, uint32_t mthd)
{
   unsigned lo = 0, hi = num;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      if (slots[mid].mthd == mthd)
         return &slots[mid];
      if (slots[mid].mthd < mthd)
         lo = mid + 1;
      else
         hi = mid;
   }
   return NULL;
}

const char *
nvhwdb_class_name(uint32_t oclass)
{
   const struct nvhwdb_class *c = find_class(oclass);
   return c ? c->name : NULL;
}

bool
nvhwdb_class_on_chipset(uint32_t oclass, uint32_t chipset)
{
   const struct nvhwdb_class *c = find_class(oclass);
   if (!c)
      return false;
   for (unsigned i = 0; i < c->num_chipsets; i++) {
      if (c->chipsets[i] == chipset)
         return true;
   }
   return false;
}

const struct nvhwdb_method *
nvhwdb_method_lookup(uint32_t oclass, uint32_t mthd, unsigned *index)
{
   const struct nvhwdb_slot *s = NULL;

   /* the FIFO puller handles 0x00..0xfc itself, whatever is bound
    * (envytools-docs/hw/fifo/puller.rst) */
   if (mthd < 0x100) {
      s = find_slot(nvhwdb_fifo_slots, nvhwdb_num_fifo_slots, mthd);
   } else {
      const struct nvhwdb_class *c = find_class(oclass);
      if (c && mthd <= 0xffff)
         s = find_slot(c->slots, c->num_slots, mthd);
   }
   if (!s)
      return NULL;
   if (index)
      *index = s->index;
   return s->method;
}

/* writes "[i0][i1]" for a flat index */
static void
print_index(struct nvhwdb_buf *b, const struct nvhwdb_method *m,
            unsigned index)
{
   unsigned idx[NVHWDB_MAX_DIMS];
   for (int d = m->num_dims - 1; d >= 0; d--) {
      idx[d] = m->length[d] ? index % m->length[d] : 0;
      index = m->length[d] ? index / m->length[d] : 0;
   }
   for (unsigned d = 0; d < m->num_dims; d++)
      buf_printf(b, "[%u]", idx[d]);
}

static bool
name_into(struct nvhwdb_buf *b, uint32_t oclass, uint32_t mthd)
{
   unsigned index = 0;
   const struct nvhwdb_method *m = nvhwdb_method_lookup(oclass, mthd, &index);
   if (!m) {
      buf_printf(b, "0x%04x", (unsigned)mthd);
      return false;
   }
   buf_printf(b, "%s", m->name);
   print_index(b, m, index);
   return true;
}

bool
nvhwdb_method_name(uint32_t oclass, uint32_t mthd, char *buf, size_t n)
{
   struct nvhwdb_buf b = { buf, n, 0 };
   if (n)
      buf[0] = '\0';
   return name_into(&b, oclass, mthd);
}

static void
print_float(struct nvhwdb_buf *b, uint32_t bits)
{
   float f;
   char tmp[48];
   memcpy(&f, &bits, sizeof(f));
   snprintf(tmp, sizeof(tmp), "%g", (double)f);
   /* "1" would read as an integer: floats always show a point */
   if (!strpbrk(tmp, ".eni"))
      strcat(tmp, ".0");
   buf_printf(b, "%s", tmp);
}

static void
print_value(struct nvhwdb_buf *b, uint8_t type, uint32_t v, unsigned bits,
            const struct nvhwdb_value *values, unsigned num_values)
{
   switch (type) {
   case NVHWDB_ENUM:
      for (unsigned i = 0; i < num_values; i++) {
         if (values[i].value == v) {
            buf_printf(b, "%s", values[i].name);
            return;
         }
      }
      buf_printf(b, "0x%x", (unsigned)v);
      return;
   case NVHWDB_INT:
      if (bits < 32 && (v & (1u << (bits - 1))))
         buf_printf(b, "%lld", (long long)v - (1ll << bits));
      else
         buf_printf(b, "%d", (int)v);
      return;
   case NVHWDB_UINT:
      buf_printf(b, "%u", (unsigned)v);
      return;
   case NVHWDB_FLOAT:
      print_float(b, v);
      return;
   case NVHWDB_BOOL:
      buf_printf(b, "%s", v ? "TRUE" : "FALSE");
      return;
   default:
      buf_printf(b, "0x%x", (unsigned)v);
      return;
   }
}

bool
nvhwdb_method_decode(uint32_t oclass, uint32_t mthd, uint32_t data,
                     char *buf, size_t n)
{
   struct nvhwdb_buf b = { buf, n, 0 };
   unsigned index = 0;
   const struct nvhwdb_method *m;

   if (n)
      buf[0] = '\0';
   m = nvhwdb_method_lookup(oclass, mthd, &index);
   if (!m) {
      buf_printf(&b, "0x%04x = 0x%08x", (unsigned)mthd, (unsigned)data);
      return false;
   }
   buf_printf(&b, "%s", m->name);
   print_index(&b, m, index);
   buf_printf(&b, " = ");

   if (m->type != NVHWDB_BITSET) {
      print_value(&b, m->type, data, 32, m->values, m->num_values);
      return true;
   }

   /* fields in bit order; a one-bit boolean prints as its name when set
    * and not at all when clear, as in rnndb's decoder */
   uint32_t known = 0;
   bool first = true;
   buf_printf(&b, "{ ");
   for (unsigned i = 0; i < m->num_fields; i++) {
      const struct nvhwdb_field *f = &m->fields[i];
      unsigned bits = f->hi - f->lo + 1;
      uint32_t mask = bits == 32 ? ~0u : ((1u << bits) - 1) << f->lo;
      uint32_t v = (data & mask) >> f->lo;

      known |= mask;
      if (f->type == NVHWDB_BOOL && bits == 1) {
         if (!v)
            continue;
         buf_printf(&b, "%s%s", first ? "" : " | ", f->name);
      } else {
         buf_printf(&b, "%s%s = ", first ? "" : " | ", f->name);
         print_value(&b, f->type, v, bits, f->values, f->num_values);
      }
      first = false;
   }
   if (data & ~known) {
      buf_printf(&b, "%s0x%x", first ? "" : " | ", (unsigned)(data & ~known));
      first = false;
   }
   buf_printf(&b, first ? "}" : " }");
   return true;
}
