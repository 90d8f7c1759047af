/*
 * nvdump: decode an nvsim trace (NVSIM_TRACE, docs/trace.md) with the
 * hardware database: every method by name, its fields and enum values,
 * array elements with their index, handles as the objects they name,
 * relocated words as the buffer they point into, and NV40 vertex and
 * fragment programs disassembled where they are uploaded or activated.
 *
 *   nvdump [options] TRACE
 *     -c, --class PAT     only methods of classes matching PAT (glob on
 *                         the name, e.g. 'NV40_3D', or a number 0x4097)
 *     -m, --method PAT    only methods whose name matches PAT (glob, any
 *                         case: 'VIEWPORT*', '*BLEND*', 'VTXFMT[3]')
 *     -s, --submit RANGE  only executions with sequence numbers in RANGE
 *                         (N, N-M or N-)
 *     -u, --unknown       list the methods the database does not name,
 *                         with counts, instead of the dump
 *     -n, --no-shaders    do not disassemble programs
 *
 * Exit status: 0, or 1 for bad input (the message names the line).
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "nvhwdb_chips.h"
#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nvhwdb_names.h"
#include "nvisa_nv40_fp.h"
#include "nvisa_nv40_vp.h"
#include "nvtrace_read.h"

/* A fragment program longer than this is not a program (the simulator's
 * limit is far below). */
#define NVDUMP_FP_MAX_WORDS 65536

/* per (channel, subchannel): the handle bound there */
struct binding {
   uint32_t ch, subc, handle;
};

/* per curie object: what decoding its programs needs */
struct obj_state {
   uint32_t ch, handle;
   uint32_t vp_slot;
   uint32_t vp_words[NV30_3D_VP_UPLOAD_INST__LEN];
   unsigned vp_have;
   uint32_t dma_tex[2];
};

struct unknown {
   bool has_class;
   uint32_t oclass, mthd;
   unsigned count, first_line;
};

struct dump {
   struct nvtrace_reader *r;
   struct nvtrace_filter filter;
   bool unknown_only, shaders;
   struct binding *binds;
   unsigned num_binds, cap_binds;
   struct obj_state *objs;
   unsigned num_objs, cap_objs;
   struct unknown *unknowns;
   unsigned num_unknowns, cap_unknowns;
};

static bool
grow(void **p, unsigned *cap, unsigned num, size_t elem)
{
   if (num < *cap)
      return true;
   unsigned c = *cap ? *cap * 2 : 32;
   void *n = realloc(*p, c * elem);
   if (!n)
      return false;
   *p = n;
   *cap = c;
   return true;
}

static uint32_t *
bound_handle(struct dump *d, uint32_t ch, uint32_t subc, bool create)
{
   for (unsigned i = 0; i < d->num_binds; i++) {
      if (d->binds[i].ch == ch && d->binds[i].subc == subc)
         return &d->binds[i].handle;
   }
   if (!create || !grow((void **)&d->binds, &d->cap_binds, d->num_binds,
                        sizeof(*d->binds)))
      return NULL;
   d->binds[d->num_binds] = (struct binding) { ch, subc, 0 };
   return &d->binds[d->num_binds++].handle;
}

static struct obj_state *
obj_state(struct dump *d, uint32_t ch, uint32_t handle)
{
   for (unsigned i = 0; i < d->num_objs; i++) {
      if (d->objs[i].ch == ch && d->objs[i].handle == handle)
         return &d->objs[i];
   }
   if (!grow((void **)&d->objs, &d->cap_objs, d->num_objs, sizeof(*d->objs)))
      return NULL;
   struct obj_state *o = &d->objs[d->num_objs++];
   memset(o, 0, sizeof(*o));
   o->ch = ch;
   o->handle = handle;
   return o;
}

/* Programs of this object are ones nvisa_nv40_* decode: it is the 3D
 * class of a chip whose shaders are the curie ISA (hwdb chips.xml). */
static bool
is_curie(const struct dump *d, uint32_t oclass)
{
   const struct nvhwdb_chip *chip = nvhwdb_chip_find(nvtrace_chipset(d->r));
   return chip && chip->isa == NVHWDB_ISA_NV40 && oclass == chip->class_3d;
}

static uint32_t
le32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
          (uint32_t)p[3] << 24;
}

/* The fragment program FP_ACTIVE_PROGRAM points at: offset | DMA0/DMA1,
 * the flag picking the DMA object of DMA_TEXTURE0/1 (hwdb
 * nv30-40_3d.xml). */
static void
dump_fp(struct dump *d, const struct nvtrace_event *ev, struct obj_state *st)
{
   const uint32_t flags = NV30_3D_FP_ACTIVE_PROGRAM_DMA0 |
                          NV30_3D_FP_ACTIVE_PROGRAM_DMA1;
   uint32_t off = ev->data & ~flags;
   const struct nvtrace_bo *bo = NULL;
   uint64_t rel = 0;

   uint32_t handle = st ? st->dma_tex[(ev->data &
                                       NV30_3D_FP_ACTIVE_PROGRAM_DMA1) ? 1 : 0]
                        : 0;
   const struct nvtrace_object *dma = nvtrace_object(d->r, ev->ch, handle);
   if (dma && dma->is_dma && off < dma->size) {
      uint64_t addr = dma->base + off;
      bo = nvtrace_bo_at(d->r, dma->domain, addr, 16, ev->seq);
      if (bo)
         rel = addr - bo->offset;
   }
   if (!bo && ev->has_reloc && ev->reloc_kind == NVTRACE_RELOC_LOW) {
      /* no DMA object known: the relocation names the buffer */
      bo = nvtrace_bo(d->r, ev->reloc_bo);
      rel = ev->reloc_data & ~flags;
   }
   if (!bo) {
      printf("        (fragment program: no buffer at 0x%x)\n", off);
      return;
   }
   if (!bo->contents) {
      printf("        (fragment program in buffer %u+0x%" PRIx64 ": contents "
             "not recorded, trace with NVSIM_TRACE_DATA=1)\n", bo->id, rel);
      return;
   }
   if (rel >= bo->size) {
      printf("        (fragment program: offset 0x%" PRIx64 " is past buffer "
             "%u)\n", rel, bo->id);
      return;
   }
   unsigned avail = (unsigned)((bo->size - rel) / 4);
   if (avail > NVDUMP_FP_MAX_WORDS)
      avail = NVDUMP_FP_MAX_WORDS;
   uint32_t *words = malloc((avail ? avail : 1) * sizeof(uint32_t));
   if (!words)
      return;
   for (unsigned i = 0; i < avail; i++)
      words[i] = le32(bo->contents + rel + 4ull * i);

   printf("        fragment program, buffer %u+0x%" PRIx64 ":\n", bo->id, rel);
   unsigned pos = 0;
   bool end = false;
   while (!end && pos + 4 <= avail) {
      char text[256];
      struct nvisa_nv40_fp_insn insn;
      nvisa_nv40_fp_decode(words + pos, &insn);
      int used = nvisa_nv40_fp_disasm(words + pos, avail - pos, text,
                                      sizeof(text));
      printf("        fp %4u: %s\n", pos / 4, text);
      if (used <= 0)
         break;
      end = insn.end;
      pos += (unsigned)used;
   }
   if (!end)
      printf("        (no END before the end of the buffer)\n");
   free(words);
}

static void
shader_method(struct dump *d, const struct nvtrace_event *ev, bool show)
{
   uint32_t *h = bound_handle(d, ev->ch, ev->subc, false);
   if (!h || !ev->has_class || !is_curie(d, ev->oclass))
      return;
   struct obj_state *st = obj_state(d, ev->ch, *h);
   if (!st)
      return;

   if (ev->mthd == NV30_3D_DMA_TEXTURE0 || ev->mthd == NV30_3D_DMA_TEXTURE1) {
      st->dma_tex[ev->mthd == NV30_3D_DMA_TEXTURE1] = ev->data;
   } else if (ev->mthd == NV30_3D_VP_UPLOAD_FROM_ID) {
      st->vp_slot = ev->data;
      st->vp_have = 0;
   } else if (ev->mthd >= NV30_3D_VP_UPLOAD_INST(0) &&
              ev->mthd < NV30_3D_VP_UPLOAD_INST(NV30_3D_VP_UPLOAD_INST__LEN)) {
      unsigned w = (ev->mthd - NV30_3D_VP_UPLOAD_INST(0)) /
                   NV30_3D_VP_UPLOAD_INST__ESIZE;
      st->vp_words[w] = ev->data;
      st->vp_have |= 1u << w;
      if (w == NV30_3D_VP_UPLOAD_INST__LEN - 1) {
         if (show && d->shaders) {
            char text[256];
            if (st->vp_have == (1u << NV30_3D_VP_UPLOAD_INST__LEN) - 1) {
               nvisa_nv40_vp_disasm(st->vp_words, text, sizeof(text));
               printf("        vp %4u: %s\n", st->vp_slot, text);
            } else {
               printf("        vp %4u: (incomplete instruction)\n",
                      st->vp_slot);
            }
         }
         st->vp_slot++;
         st->vp_have = 0;
      }
   } else if (ev->mthd == NV30_3D_FP_ACTIVE_PROGRAM && show && d->shaders) {
      dump_fp(d, ev, st);
   }
}

static void
note_unknown(struct dump *d, const struct nvtrace_event *ev)
{
   for (unsigned i = 0; i < d->num_unknowns; i++) {
      struct unknown *u = &d->unknowns[i];
      if (u->has_class == ev->has_class && u->oclass == ev->oclass &&
          u->mthd == ev->mthd) {
         u->count++;
         return;
      }
   }
   if (!grow((void **)&d->unknowns, &d->cap_unknowns, d->num_unknowns,
             sizeof(*d->unknowns)))
      return;
   d->unknowns[d->num_unknowns++] = (struct unknown) {
      ev->has_class, ev->oclass, ev->mthd, 1, ev->line,
   };
}

static void
print_method(struct dump *d, const struct nvtrace_event *ev, bool known)
{
   char cname[32], text[512], norm[128];
   const char *cls = ev->has_class ?
      nvtrace_class_name(ev->oclass, cname, sizeof(cname)) : "(unbound)";
   nvhwdb_method_decode(ev->has_class ? ev->oclass : 0, ev->mthd, ev->data,
                        text, sizeof(text));
   printf("%6" PRId64 " %u.%u %-10s %s", ev->seq, ev->ch, ev->subc, cls,
          text);
   if (nvtrace_value_norm(d->r, ev, norm, sizeof(norm)))
      printf("  -> %s", norm);
   if (ev->has_reloc) {
      const struct nvtrace_bo *b = nvtrace_bo(d->r, ev->reloc_bo);
      if (b && ev->reloc_kind == NVTRACE_RELOC_LOW)
         printf("  [buffer %u+0x%x]", b->id, ev->reloc_data);
      else if (b)
         printf("  [buffer %u]", b->id);
   }
   if (!known)
      printf("  ** %s **", !ev->has_class ? "no object bound" :
                           !nvhwdb_class_name(ev->oclass) ? "unknown class" :
                           "unknown method");
   putchar('\n');
}

static void
print_event(struct dump *d, const struct nvtrace_event *ev)
{
   const struct nvtrace_bo *b;
   char cname[32];
   switch (ev->kind) {
   case NVTRACE_DEVICE:
      printf("device: chipset 0x%02x", nvtrace_chipset(d->r));
      if (nvhwdb_chip_find(nvtrace_chipset(d->r)))
         printf(" (%s)", nvhwdb_chip_find(nvtrace_chipset(d->r))->codename);
      printf("\n");
      break;
   case NVTRACE_BO:
      b = nvtrace_bo(d->r, ev->bo);
      printf("buffer %u: %s 0x%" PRIx64 ", 0x%" PRIx64 " bytes\n", b->id,
             b->domain == NVTRACE_VRAM ? "vram" : "gart", b->offset, b->size);
      break;
   case NVTRACE_MAP:
      printf("buffer %u mapped\n", ev->bo);
      break;
   case NVTRACE_FREE:
      printf("buffer %u freed\n", ev->bo);
      break;
   case NVTRACE_CHANNEL:
      printf("channel %u (notifier block: buffer %u)\n", ev->ch, ev->bo);
      break;
   case NVTRACE_CHANNEL_FREE:
      printf("channel %u freed\n", ev->ch);
      break;
   case NVTRACE_OBJECT:
   case NVTRACE_DMA: {
      const struct nvtrace_object *o = nvtrace_object(d->r, ev->ch,
                                                      ev->handle);
      printf("object 0x%08x on channel %u: %s", ev->handle, ev->ch,
             nvtrace_class_name(ev->oclass, cname, sizeof(cname)));
      if (o && o->is_dma)
         printf(", %s 0x%" PRIx64 ", 0x%" PRIx64 " bytes",
                o->domain == NVTRACE_VRAM ? "vram" : "gart", o->base,
                o->size);
      putchar('\n');
      break;
   }
   case NVTRACE_OBJECT_FREE:
      printf("object 0x%08x on channel %u freed\n", ev->handle, ev->ch);
      break;
   case NVTRACE_SUBMIT:
      printf("submission on channel %u\n", ev->ch);
      break;
   case NVTRACE_EXEC:
      printf("--- execution %" PRId64 " on channel %u\n", ev->seq, ev->ch);
      break;
   case NVTRACE_TRAP:
      printf("!!! channel %u trapped: %s\n", ev->ch, ev->text);
      break;
   default:
      break;
   }
}

static int
unknown_cmp(const void *a, const void *b)
{
   const struct unknown *x = a, *y = b;
   if (x->oclass != y->oclass)
      return x->oclass < y->oclass ? -1 : 1;
   return x->mthd < y->mthd ? -1 : x->mthd > y->mthd;
}

static void
usage(FILE *f)
{
   fprintf(f,
      "usage: nvdump [options] TRACE\n"
      "  -c, --class PAT     only methods of classes matching PAT (glob or "
      "number)\n"
      "  -m, --method PAT    only methods whose name matches PAT (glob)\n"
      "  -s, --submit RANGE  only executions N, N-M or N-\n"
      "  -u, --unknown       list the methods the database does not name\n"
      "  -n, --no-shaders    do not disassemble programs\n");
}

int
main(int argc, char **argv)
{
   static const struct option opts[] = {
      { "class", required_argument, NULL, 'c' },
      { "method", required_argument, NULL, 'm' },
      { "submit", required_argument, NULL, 's' },
      { "unknown", no_argument, NULL, 'u' },
      { "no-shaders", no_argument, NULL, 'n' },
      { "help", no_argument, NULL, 'h' },
      { NULL, 0, NULL, 0 },
   };
   struct dump d = { .shaders = true };
   nvtrace_filter_init(&d.filter);
   int c;
   while ((c = getopt_long(argc, argv, "c:m:s:unh", opts, NULL)) != -1) {
      switch (c) {
      case 'c': d.filter.class_pat = optarg; break;
      case 'm': d.filter.method_pat = optarg; break;
      case 's':
         if (!nvtrace_filter_range(&d.filter, optarg)) {
            fprintf(stderr, "nvdump: bad range '%s' (want N, N-M or N-)\n",
                    optarg);
            return 2;
         }
         break;
      case 'u': d.unknown_only = true; break;
      case 'n': d.shaders = false; break;
      case 'h': usage(stdout); return 0;
      default: usage(stderr); return 2;
      }
   }
   if (optind != argc - 1) {
      usage(stderr);
      return 2;
   }

   char err[512];
   d.r = nvtrace_open(argv[optind], err, sizeof(err));
   if (!d.r) {
      fprintf(stderr, "nvdump: %s\n", err);
      return 1;
   }

   struct nvtrace_event ev;
   int ret;
   while ((ret = nvtrace_next(d.r, &ev)) > 0) {
      bool show = !d.unknown_only && nvtrace_filter_match(&d.filter, &ev);
      if (ev.kind != NVTRACE_METHOD) {
         if (show)
            print_event(&d, &ev);
         continue;
      }
      /* FIFO methods (below 0x100) resolve for any class */
      bool known = nvhwdb_method_lookup(ev.has_class ? ev.oclass : 0,
                                        ev.mthd, NULL) != NULL;
      if (!known && nvtrace_filter_match(&d.filter, &ev))
         note_unknown(&d, &ev);
      if (show)
         print_method(&d, &ev, known);
      shader_method(&d, &ev, show);
      if (ev.mthd == NV4_SUBCHAN_OBJECT) {
         uint32_t *h = bound_handle(&d, ev.ch, ev.subc, true);
         if (h)
            *h = ev.data;
      }
   }
   if (ret < 0) {
      fflush(stdout);
      fprintf(stderr, "nvdump: %s\n", nvtrace_error(d.r));
   } else if (d.unknown_only) {
      qsort(d.unknowns, d.num_unknowns, sizeof(*d.unknowns), unknown_cmp);
      printf("%u method%s the database does not name:\n", d.num_unknowns,
             d.num_unknowns == 1 ? "" : "s");
      for (unsigned i = 0; i < d.num_unknowns; i++) {
         const struct unknown *u = &d.unknowns[i];
         char cname[32];
         printf("  %-10s 0x%04x  %u time%s, first at line %u\n",
                u->has_class ? nvtrace_class_name(u->oclass, cname,
                                                  sizeof(cname))
                             : "(unbound)",
                u->mthd, u->count, u->count == 1 ? "" : "s", u->first_line);
      }
   }
   nvtrace_close(d.r);
   free(d.binds);
   free(d.objs);
   free(d.unknowns);
   return ret < 0 ? 1 : 0;
}
