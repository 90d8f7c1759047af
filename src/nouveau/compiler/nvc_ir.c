/*
 * NV40 compiler IR: containers, the op table and swizzle resolution.
 */
#include "nvc_ir.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const struct nvc_op_info nvc_op_info[NVC_OP_COUNT] = {
   [NVC_OP_MOV] = { "MOV", 1, NVC_KIND_COMPONENT },
   [NVC_OP_MUL] = { "MUL", 2, NVC_KIND_COMPONENT },
   [NVC_OP_ADD] = { "ADD", 2, NVC_KIND_COMPONENT },
   [NVC_OP_MAD] = { "MAD", 3, NVC_KIND_COMPONENT },
   [NVC_OP_DP3] = { "DP3", 2, NVC_KIND_REDUCE },
   [NVC_OP_DP4] = { "DP4", 2, NVC_KIND_REDUCE },
   [NVC_OP_MIN] = { "MIN", 2, NVC_KIND_COMPONENT },
   [NVC_OP_MAX] = { "MAX", 2, NVC_KIND_COMPONENT },
   [NVC_OP_SLT] = { "SLT", 2, NVC_KIND_COMPONENT },
   [NVC_OP_SGE] = { "SGE", 2, NVC_KIND_COMPONENT },
   [NVC_OP_SEQ] = { "SEQ", 2, NVC_KIND_COMPONENT },
   [NVC_OP_SNE] = { "SNE", 2, NVC_KIND_COMPONENT },
   [NVC_OP_SGT] = { "SGT", 2, NVC_KIND_COMPONENT },
   [NVC_OP_SLE] = { "SLE", 2, NVC_KIND_COMPONENT },
   [NVC_OP_FRC] = { "FRC", 1, NVC_KIND_COMPONENT },
   [NVC_OP_FLR] = { "FLR", 1, NVC_KIND_COMPONENT },
   [NVC_OP_RCP] = { "RCP", 1, NVC_KIND_SCALAR },
   [NVC_OP_RSQ] = { "RSQ", 1, NVC_KIND_SCALAR },
   [NVC_OP_EX2] = { "EX2", 1, NVC_KIND_SCALAR },
   [NVC_OP_LG2] = { "LG2", 1, NVC_KIND_SCALAR },
   [NVC_OP_SIN] = { "SIN", 1, NVC_KIND_SCALAR },
   [NVC_OP_COS] = { "COS", 1, NVC_KIND_SCALAR },
   [NVC_OP_DDX] = { "DDX", 1, NVC_KIND_COMPONENT },
   [NVC_OP_DDY] = { "DDY", 1, NVC_KIND_COMPONENT },
   [NVC_OP_TEX] = { "TEX", 1, NVC_KIND_TEX },
   [NVC_OP_TXP] = { "TXP", 1, NVC_KIND_TEX },
   [NVC_OP_TXB] = { "TXB", 1, NVC_KIND_TEX },
   [NVC_OP_TXL] = { "TXL", 1, NVC_KIND_TEX },
   [NVC_OP_KIL] = { "KIL", 1, NVC_KIND_NONE },
   [NVC_OP_LRP] = { "LRP", 3, NVC_KIND_COMPONENT },
   [NVC_OP_POW] = { "POW", 2, NVC_KIND_SCALAR },
   [NVC_OP_SEL] = { "SEL", 3, NVC_KIND_COMPONENT },
   [NVC_OP_LDC] = { "LDC", 2, NVC_KIND_COMPONENT },
   [NVC_OP_IF] = { "IF", 1, NVC_KIND_NONE },
   [NVC_OP_ELSE] = { "ELSE", 0, NVC_KIND_NONE },
   [NVC_OP_ENDIF] = { "ENDIF", 0, NVC_KIND_NONE },
   [NVC_OP_LOOP] = { "LOOP", 0, NVC_KIND_NONE },
   [NVC_OP_ENDLOOP] = { "ENDLOOP", 0, NVC_KIND_NONE },
   [NVC_OP_BRK] = { "BRK", 0, NVC_KIND_NONE },
};

void
nvc_prog_init(struct nvc_prog *p, const struct nvc_target *target, bool is_fp)
{
   memset(p, 0, sizeof(*p));
   p->target = target;
   p->is_fp = is_fp;
   p->max_temps = is_fp ? target->fp.num_temps : target->vp.num_temps;
}

void
nvc_prog_fini(struct nvc_prog *p)
{
   free(p->insns);
   free(p->values);
   free(p->consts);
   free(p->error);
   memset(p, 0, sizeof(*p));
}

void
nvc_prog_error(struct nvc_prog *p, const char *fmt, ...)
{
   char *msg = NULL;
   if (p->error)
      return;
   va_list ap;
   va_start(ap, fmt);
   if (vasprintf(&msg, fmt, ap) < 0)
      msg = NULL;
   va_end(ap);
   /* Named for the chip compiled for: the limits are that chip's. */
   if (!msg || asprintf(&p->error, "%s: %s",
                        p->target ? p->target->name : "nvc", msg) < 0)
      p->error = NULL;
   free(msg);
   if (!p->error)
      p->error = strdup("nvc: error (out of memory formatting it)");
}

/* Grows *arr to hold n+1 elements of size sz; false (and an error) if the
 * allocation fails. */
static bool
grow(struct nvc_prog *p, void **arr, unsigned *cap, unsigned n, size_t sz)
{
   if (n < *cap)
      return true;
   unsigned ncap = *cap ? *cap * 2 : 32;
   void *na = realloc(*arr, ncap * sz);
   if (!na) {
      nvc_prog_error(p, "out of memory");
      return false;
   }
   *arr = na;
   *cap = ncap;
   return true;
}

unsigned
nvc_new_value(struct nvc_prog *p, unsigned num_comps)
{
   if (!grow(p, (void **)&p->values, &p->cap_values, p->num_values,
             sizeof(*p->values)))
      return 0;
   struct nvc_value *v = &p->values[p->num_values];
   memset(v, 0, sizeof(*v));
   v->num_comps = num_comps ? num_comps : 1;
   v->start = -1;
   v->end = -1;
   return p->num_values++;
}

unsigned
nvc_new_const(struct nvc_prog *p, const struct nvc_constv *c)
{
   if (!grow(p, (void **)&p->consts, &p->cap_consts, p->num_consts,
             sizeof(*p->consts)))
      return 0;
   p->consts[p->num_consts] = *c;
   return p->num_consts++;
}

struct nvc_insn *
nvc_insert(struct nvc_prog *p, unsigned pos, unsigned op)
{
   if (!grow(p, (void **)&p->insns, &p->cap_insns, p->num_insns,
             sizeof(*p->insns))) {
      /* Keep callers simple: they write into a scratch instruction and
       * the recorded error fails the compile. */
      memset(&p->scratch, 0, sizeof(p->scratch));
      return &p->scratch;
   }
   if (pos > p->num_insns)
      pos = p->num_insns;
   memmove(&p->insns[pos + 1], &p->insns[pos],
           (p->num_insns - pos) * sizeof(*p->insns));
   p->num_insns++;
   struct nvc_insn *insn = &p->insns[pos];
   memset(insn, 0, sizeof(*insn));
   insn->op = op;
   for (unsigned i = 0; i < 3; i++)
      insn->src[i] = nvc_src_none();
   return insn;
}

struct nvc_insn *
nvc_emit(struct nvc_prog *p, unsigned op)
{
   return nvc_insert(p, p->num_insns, op);
}

struct nvc_src
nvc_src_value(unsigned value)
{
   struct nvc_src s = { .file = NVC_FILE_VALUE, .index = value,
                         .swz = { 0, 1, 2, 3 } };
   return s;
}

struct nvc_src
nvc_src_none(void)
{
   struct nvc_src s = { .file = NVC_FILE_NONE, .swz = { 0, 1, 2, 3 } };
   return s;
}

struct nvc_dst
nvc_dst_value(struct nvc_prog *p, unsigned value)
{
   struct nvc_dst d = { .file = NVC_FILE_VALUE, .index = value,
                         .mask = (1u << p->values[value].num_comps) - 1 };
   return d;
}

struct nvc_insn
nvc_insn_as(const struct nvc_insn *ir, unsigned op, const struct nvc_dst *dst,
            const struct nvc_src *srcs, unsigned nsrcs)
{
   struct nvc_insn insn = *ir;
   insn.op = op;
   insn.dst = *dst;
   for (unsigned i = 0; i < 3; i++)
      insn.src[i] = i < nsrcs ? srcs[i] : nvc_src_none();
   return insn;
}

uint8_t
nvc_dst_phys_mask(const struct nvc_prog *p, const struct nvc_insn *insn)
{
   if (insn->dst.file != NVC_FILE_VALUE)
      return insn->dst.mask;
   const struct nvc_value *v = &p->values[insn->dst.index];
   uint8_t m = 0;
   for (unsigned c = 0; c < v->num_comps; c++)
      if (insn->dst.mask & (1u << c))
         m |= 1u << v->chan[c];
   return m;
}

uint8_t
nvc_src_phys_chan(const struct nvc_prog *p, const struct nvc_src *s,
                  unsigned comp)
{
   if (s->file == NVC_FILE_VALUE)
      return p->values[s->index].chan[comp & 3];
   return comp & 3;
}

void
nvc_phys_swizzle(const struct nvc_prog *p, const struct nvc_insn *insn,
                 const struct nvc_src *s, const uint8_t comp_chan[4],
                 uint8_t out[4])
{
   const struct nvc_op_info *info = &nvc_op_info[insn->op];

   switch (info->kind) {
   case NVC_KIND_REDUCE:
   case NVC_KIND_TEX:
      for (unsigned i = 0; i < 4; i++)
         out[i] = comp_chan[s->swz[i] & 3];
      return;
   case NVC_KIND_SCALAR:
      for (unsigned i = 0; i < 4; i++)
         out[i] = comp_chan[s->swz[0] & 3];
      return;
   default:
      break;
   }

   /* Per-component: physical channel chan[c] is computed from logical
    * component c, which reads source component swz[c]. */
   uint8_t dchan[4] = { 0, 1, 2, 3 };
   unsigned ncomp = 4;
   if (insn->dst.file == NVC_FILE_VALUE) {
      const struct nvc_value *v = &p->values[insn->dst.index];
      memcpy(dchan, v->chan, 4);
      ncomp = v->num_comps;
   }
   bool set[4] = { false };
   int first = -1;
   for (unsigned c = 0; c < ncomp; c++) {
      if (!(insn->dst.mask & (1u << c)))
         continue;
      out[dchan[c]] = comp_chan[s->swz[c] & 3];
      set[dchan[c]] = true;
      if (first < 0)
         first = dchan[c];
   }
   for (unsigned i = 0; i < 4; i++)
      if (!set[i])
         out[i] = first >= 0 ? out[first] : comp_chan[i];
}

struct nvc_src
nvc_sel_cond_src(const struct nvc_prog *p, const struct nvc_insn *insn)
{
   struct nvc_src cs = insn->src[0];
   if (insn->dst.file != NVC_FILE_VALUE)
      return cs;
   const struct nvc_value *v = &p->values[insn->dst.index];
   for (unsigned ch = 0; ch < 4; ch++)
      cs.swz[ch] = insn->src[0].swz[0];
   for (unsigned c = 0; c < v->num_comps; c++)
      if (insn->dst.mask & (1u << c))
         cs.swz[v->chan[c]] = insn->src[0].swz[c];
   return cs;
}

void
nvc_cond_cc_swizzle(const struct nvc_prog *p, const struct nvc_insn *insn,
                    uint8_t out[4])
{
   const struct nvc_src *cond = &insn->src[0];
   uint8_t first = nvc_src_phys_chan(p, cond, cond->swz[0]);
   for (unsigned ch = 0; ch < 4; ch++)
      out[ch] = first;
   if (insn->op != NVC_OP_SEL || insn->dst.file != NVC_FILE_VALUE)
      return;
   const struct nvc_value *v = &p->values[insn->dst.index];
   for (unsigned c = 0; c < v->num_comps; c++)
      if (insn->dst.mask & (1u << c))
         out[v->chan[c]] = nvc_src_phys_chan(p, cond, cond->swz[c]);
}

static void
print_src(const struct nvc_prog *p, const struct nvc_src *s, FILE *f)
{
   static const char xyzw[] = "xyzw";
   if (s->file == NVC_FILE_NONE) {
      fprintf(f, "_");
      return;
   }
   fprintf(f, "%s%s", s->neg ? "-" : "", s->abs ? "|" : "");
   switch (s->file) {
   case NVC_FILE_VALUE: fprintf(f, "%%%u", s->index); break;
   case NVC_FILE_INPUT: fprintf(f, "in%u", s->index); break;
   case NVC_FILE_CONST: {
      const struct nvc_constv *c = &p->consts[s->index];
      if (c->hw_fixed) {
         fprintf(f, "c[%u]", c->hw_slot);
         break;
      }
      fprintf(f, "{");
      for (unsigned i = 0; i < c->num_comps; i++) {
         if (c->c[i].is_uniform)
            fprintf(f, "%su%u.%c", i ? " " : "", c->c[i].uniform_dword / 4,
                    xyzw[c->c[i].uniform_dword % 4]);
         else
            fprintf(f, "%s%g", i ? " " : "", c->c[i].value);
      }
      fprintf(f, "}");
      break;
   }
   }
   fprintf(f, "%s.%c%c%c%c", s->abs ? "|" : "", xyzw[s->swz[0] & 3],
           xyzw[s->swz[1] & 3], xyzw[s->swz[2] & 3], xyzw[s->swz[3] & 3]);
}

void
nvc_prog_print(const struct nvc_prog *p, FILE *f)
{
   static const char xyzw[] = "xyzw";
   for (unsigned i = 0; i < p->num_insns; i++) {
      const struct nvc_insn *insn = &p->insns[i];
      const struct nvc_op_info *info = &nvc_op_info[insn->op];
      fprintf(f, "%3u: %s%s%s ", i, info->name, insn->sat ? "_SAT" : "",
              insn->cc_update ? "C" : insn->cond_in_cc ? "(cc)" : "");
      if (insn->dst.file == NVC_FILE_VALUE) {
         fprintf(f, "%%%u.", insn->dst.index);
         for (unsigned c = 0; c < 4; c++)
            if (insn->dst.mask & (1u << c))
               fprintf(f, "%c", xyzw[c]);
      } else {
         fprintf(f, "_");
      }
      for (unsigned s = 0; s < info->num_srcs; s++) {
         fprintf(f, ", ");
         print_src(p, &insn->src[s], f);
      }
      if (info->kind == NVC_KIND_TEX)
         fprintf(f, ", unit %u", insn->tex_unit);
      fprintf(f, "\n");
   }
}

/* Sets values[].uses: how many sources read each value. */
void
nvc_count_uses(struct nvc_prog *p)
{
   for (unsigned v = 0; v < p->num_values; v++)
      p->values[v].uses = 0;
   for (unsigned i = 0; i < p->num_insns; i++) {
      struct nvc_insn *insn = &p->insns[i];
      for (unsigned s = 0; s < 3; s++)
         if (insn->src[s].file == NVC_FILE_VALUE)
            p->values[insn->src[s].index].uses++;
   }
}

/* Swizzle positions an instruction reads of its sources. */
uint8_t
nvc_positions_read(const struct nvc_insn *insn)
{
   const struct nvc_op_info *info = &nvc_op_info[insn->op];
   switch (info->kind) {
   case NVC_KIND_REDUCE:
      return insn->op == NVC_OP_DP3 ? 0x7 : 0xf;
   case NVC_KIND_SCALAR:
   case NVC_KIND_NONE:
      return 0x1;
   case NVC_KIND_TEX:
      return 0xf;
   default:
      return insn->dst.mask ? insn->dst.mask : 0x1;
   }
}
