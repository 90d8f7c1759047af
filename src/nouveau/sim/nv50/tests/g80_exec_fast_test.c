/*
 * The Tesla interpreter's fast path (g80_exec_fast.c, g80_exec_decode.c)
 * against its reference (g80_exec.c step(), what NVSIM_REFERENCE=1 runs):
 * random instruction streams on random inputs must give the same result
 * words, the same fault (PC and message) and the same discards, and the
 * decoded instructions must follow the code when it is rewritten.
 *
 * The streams are random words with the opcode bits of a form g80.xml
 * names (every operand and modifier field random), so they cover every
 * form's operand files, half registers, immediates, c[] reads inside,
 * past and without a buffer, predicates, $c writes and registers past
 * the allocated count.  Control, texture and emit forms are left out:
 * random targets and texture slots only fault; they run through the
 * reference's own functions in both paths anyway.  Inputs are the
 * special values of f32 (NaN payloads, infinities, denormals, -0, the
 * normal range's ends) and random words.
 */
#include <fenv.h>
#include <stdlib.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include "nvsim_test.h"
#include "g80_exec.h"
#include "g80_exec_fastf32.h"
#include "g80_shader.h"
#include "nvisa_g80.h"

#define G(x) NVISA_G80_##x
#define LANES G80_SHADER_WARP_LANES
#define IN_WORDS 128
#define OUT_WORDS 128
#define CB_WORDS 0x4000
#define MAX_WORDS 512

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t
rnd32(void)
{
   /* xorshift64* */
   rng ^= rng >> 12;
   rng ^= rng << 25;
   rng ^= rng >> 27;
   return (uint32_t)((rng * 0x2545f4914f6cdd1dull) >> 32);
}

static const uint32_t specials[] = {
   0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x40490fdb,
   0x7fc00000, 0xffc00000, 0x7f800001, 0x7fffffff, 0xffffffff, 0x7f800000,
   0xff800000, 0x00000001, 0x807fffff, 0x00400000, 0x00800000, 0x80800000,
   0x00800001, 0x01000000, 0x7f7fffff, 0xff7fffff, 0x7f000000, 0x00ffffff,
   0x4b800000, 0xcb000001, 0x00000010, 0x0000ffff, 0xffff0000, 0x80000001,
   0x33800000, 0x33c00000, 0x3f800001, 0x3effffff, 0x7e800000, 0x02000000,
};

static uint32_t
rnd_value(void)
{
   switch (rnd32() % 4) {
   case 0:
      return specials[rnd32() % (sizeof(specials) / sizeof(specials[0]))];
   case 1:
      return rnd32();
   case 2: {
      /* a normal float near 1, the common range */
      return (rnd32() & 0x807fffff) | (uint32_t)(120 + rnd32() % 16) << 23;
   }
   default:
      return rnd32() % 64;
   }
}

/* Forms a random stream may use for a program type: not invalid, not
 * control, texture or emit, of this program type and chip. */
static bool
usable(unsigned op, enum g80_stage stage, uint32_t isa_flags)
{
   const struct nvisa_form *f = nvisa_g80_form(op);
   uint32_t types = G(FLAG_VP) | G(FLAG_GP) | G(FLAG_FP);
   uint32_t stage_flag = stage == G80_STAGE_VP ? G(FLAG_VP) : G(FLAG_FP);
   uint32_t chip = G(FLAG_SM11) | G(FLAG_FP64) | G(FLAG_D3D10_1);
   if (!f->words || (f->flags & G(FLAG_INVALID)) ||
       (f->flags & chip & ~isa_flags) ||
       ((f->flags & types) && !(f->flags & stage_flag)))
      return false;
   switch (op) {
   case G(OP_BRA): case G(OP_JOINAT): case G(OP_BREAKADDR):
   case G(OP_CALL): case G(OP_BREAK): case G(OP_RET): case G(OP_KIL):
   case G(OP_QUADON): case G(OP_QUADPOP): case G(OP_TRAP):
   case G(OP_TRAP_S): case G(OP_BRA_C): case G(OP_PRERET):
   case G(OP_TEX_S): case G(OP_TXF_S): case G(OP_TEX_L): case G(OP_TXF_L):
   case G(OP_TXB_L): case G(OP_TXL_L): case G(OP_TEXPREP_L):
   case G(OP_TXLQ_L): case G(OP_TXG_L): case G(OP_TXQ_L):
   case G(OP_EMIT): case G(OP_RESTART):
      return false;
   default:
      return true;
   }
}

/* Whether the words decode to op with operands the program type has. */
static bool
runs_here(const uint32_t *w, unsigned words, unsigned op,
          enum g80_stage stage)
{
   struct nvisa_g80_insn insn;
   int n = nvisa_g80_decode_ptype(w, words, stage == G80_STAGE_VP ?
                                  NVISA_G80_PTYPE_VP : NVISA_G80_PTYPE_FP,
                                  &insn);
   if (n != (int)words || insn.op != op)
      return false;
   for (unsigned i = 0; i < nvisa_g80_form(op)->nopnds; i++) {
      switch (insn.opnd[i].file) {
      case G(FILE_ATTR):
      case G(FILE_OUT):
         if (stage != G80_STAGE_VP)
            return false;
         break;
      case G(FILE_VAR):
         if (stage != G80_STAGE_FP)
            return false;
         break;
      case G(FILE_PRIM):
      case G(FILE_GLOBAL):
         return false;
      case G(FILE_LOCAL):
         if (rnd32() % 4)
            return false;
         break;
      default:
         break;
      }
   }
   return true;
}

struct stream {
   uint32_t w[MAX_WORDS];
   unsigned n;
};

/* Long forms sit on even words: a short mov $r63, $r63 first (the same
 * in both paths). */
static void
pad(struct stream *s)
{
   struct nvisa_g80_insn mov;
   nvisa_g80_insn_init(&mov, G(OP_MOV_B32_S));
   mov.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 4,
                                             .val = 63 };
   mov.opnd[1] = mov.opnd[0];
   CHECK(nvisa_g80_encode(&mov, s->w + s->n) == 1);
   s->n++;
}

static void
put(struct stream *s, const struct nvisa_g80_insn *insn)
{
   uint32_t w[NVISA_FORM_MAX_WORDS];
   int n = nvisa_g80_encode(insn, w);
   CHECK(n > 0);
   if (n == 2 && (s->n & 1))
      pad(s);
   memcpy(s->w + s->n, w, n * 4);
   s->n += n;
}

/* A program: inputs into $r0..$r15 (a[] or v[]), `count` random
 * instructions of usable forms (their other bits random), the registers
 * to $o (VP; FP results are the registers), nop exit. */
static void
random_program(struct stream *s, enum g80_stage stage, uint32_t isa_flags,
               unsigned count)
{
   static unsigned ops[G(OP__COUNT)];
   unsigned nops = 0;
   for (unsigned op = 0; op < G(OP__COUNT); op++)
      if (usable(op, stage, isa_flags))
         ops[nops++] = op;
   CHECK(nops > 0);

   s->n = 0;
   for (unsigned r = 0; r < 16; r++) {
      struct nvisa_g80_insn i;
      nvisa_g80_insn_init(&i, stage == G80_STAGE_VP ? G(OP_MOV_B32_L) :
                                                     G(OP_LINTERP_L));
      if (stage == G80_STAGE_VP) {
         i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_ATTR),
                                                 .size = 4, .val = 4 * r };
      } else {
         i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_VAR),
                                                 .size = 4, .val = 4 * r };
      }
      i.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_GPR),
                                              .size = 4, .val = r };
      put(s, &i);
   }
   /* address registers for c[$a] reads: ld $a / shl $a / add $a of
    * random words (sources from the registers just loaded) */
   static const unsigned aops[] = { G(OP_LD_A), G(OP_SHL_A), G(OP_ADD_A) };
   for (unsigned k = 0; k < 3; k++) {
      unsigned op = aops[rnd32() % 3];
      const struct nvisa_form *f = nvisa_g80_form(op);
      for (unsigned tries = 0; tries < 50; tries++) {
         uint32_t w[2] = { (rnd32() & ~f->mask[0]) | f->match[0],
                           (rnd32() & ~f->mask[1]) | f->match[1] };
         if (!runs_here(w, f->words, op, stage))
            continue;
         if (f->words == 2 && (s->n & 1))
            pad(s);
         memcpy(s->w + s->n, w, f->words * 4);
         s->n += f->words;
         break;
      }
   }
   for (unsigned k = 0; k < count && s->n + 2 < MAX_WORDS - 40; k++) {
      unsigned op;
      const struct nvisa_form *f;
      uint32_t w[2];
      /* mostly instructions that run in this program type; one in 32
       * whatever the bits say (it will mostly fault) */
      bool any = rnd32() % 32 == 0;
      for (unsigned tries = 0;; tries++) {
         op = ops[rnd32() % nops];
         f = nvisa_g80_form(op);
         w[0] = (rnd32() & ~f->mask[0]) | f->match[0];
         w[1] = (rnd32() & ~f->mask[1]) | f->match[1];
         if (any || tries > 50 || runs_here(w, f->words, op, stage))
            break;
      }
      if (f->words == 2 && (s->n & 1))
         pad(s);
      /* no exit or join modifier in the middle: the program would end */
      struct nvisa_g80_insn insn;
      int n = nvisa_g80_decode(w, f->words, &insn);
      if (n == 2 && insn.mod[G(MOD_CTRL)] && insn.op == op) {
         insn.mod[G(MOD_CTRL)] = 0;
         if (nvisa_g80_encode(&insn, w) != 2)
            continue;
      }
      memcpy(s->w + s->n, w, f->words * 4);
      s->n += f->words;
   }
   for (unsigned r = 0; r < 16 && stage == G80_STAGE_VP; r++) {
      struct nvisa_g80_insn i;
      nvisa_g80_insn_init(&i, G(OP_MOV_B32_L));
      i.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_OUT),
                                              .size = 4, .val = r };
      i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_GPR),
                                              .size = 4, .val = r };
      put(s, &i);
   }
   struct nvisa_g80_insn end;
   nvisa_g80_insn_init(&end, G(OP_NOP));
   end.mod[G(MOD_CTRL)] = 1;
   put(s, &end);
}

/* the constant buffers, the same for every run */
static uint32_t cbuf[16][CB_WORDS];
static const uint32_t *cbs[16];
static uint32_t cb_words[16];

static void
random_cbufs(void)
{
   for (unsigned b = 0; b < 16; b++) {
      /* c14[] unbound: reads of it fault; c13[] 8 words */
      cbs[b] = b == 14 ? NULL : cbuf[b];
      cb_words[b] = b == 13 ? 8 : CB_WORDS;
      for (unsigned i = 0; i < CB_WORDS; i++)
         cbuf[b][i] = rnd_value();
   }
}

struct env {
   uint32_t in[LANES * IN_WORDS];
   float interp[LANES * IN_WORDS];
   uint32_t face[LANES];
   uint32_t out[LANES * OUT_WORDS];
   struct g80_shader_program prog;
   struct g80_shader_warp warp;
   struct g80_shader_fault fault;
   int ret;
};

static void
random_inputs(struct env *e)
{
   for (unsigned i = 0; i < LANES * IN_WORDS; i++) {
      e->in[i] = rnd_value();
      uint32_t v = rnd_value();
      memcpy(&e->interp[i], &v, 4);
   }
   for (unsigned l = 0; l < LANES; l++)
      e->face[l] = rnd32() & 1 ? ~0u : 0;
}

static void
run(struct env *e, enum g80_stage stage, const struct stream *s,
    uint32_t isa_flags, unsigned gprs, unsigned lanes, uint32_t active,
    struct g80_shader_cache *cache)
{
   struct g80_shader_callbacks cb = { 0 };
   memset(e->out, 0, sizeof(e->out));
   e->prog = (struct g80_shader_program){
      .code = (const uint8_t *)s->w, .code_size = s->n * 4, .start = 0,
      .gprs = gprs, .isa_flags = isa_flags, .local_bytes = 0x40,
      .cb = cbs, .cb_words = cb_words, .num_cb = 16, .cache = cache,
   };
   e->warp = (struct g80_shader_warp){
      .lanes = lanes, .active = active, .in = e->in, .in_stride = IN_WORDS,
      .interp = e->interp, .interp_stride = IN_WORDS,
      .out = e->out, .out_stride = OUT_WORDS, .out_words = OUT_WORDS,
      .helper = active & 0x11111111u, .face = e->face,
   };
   e->ret = g80_shader_run(stage, &e->prog, &e->warp, &cb, &e->fault);
}

static unsigned compared, faulted;

static void
compare(const struct env *ref, const struct env *fast, const char *what,
        unsigned iter)
{
   compared++;
   faulted += ref->fault.faulted;
   if (getenv("G80_FAST_TEST_VERBOSE") && ref->fault.faulted)
      fprintf(stderr, "fault: %s\n", ref->fault.msg);
   bool same = ref->ret == fast->ret &&
               ref->fault.faulted == fast->fault.faulted &&
               ref->fault.pc == fast->fault.pc &&
               ref->fault.runaway == fast->fault.runaway &&
               !strcmp(ref->fault.msg, fast->fault.msg) &&
               ref->warp.discarded == fast->warp.discarded &&
               !memcmp(ref->out, fast->out, sizeof(ref->out));
   if (!same) {
      fprintf(stderr, "%s #%u: ref %d '%s' @0x%x, fast %d '%s' @0x%x\n",
              what, iter, ref->ret, ref->fault.msg, ref->fault.pc, fast->ret,
              fast->fault.msg, fast->fault.pc);
      for (unsigned i = 0; i < LANES * OUT_WORDS; i++)
         if (ref->out[i] != fast->out[i]) {
            fprintf(stderr, "   out[lane %u][%u]: ref 0x%08x fast 0x%08x\n",
                    i / OUT_WORDS, i % OUT_WORDS, ref->out[i], fast->out[i]);
            break;
         }
   }
   CHECK(same);
}

/* Random streams of each program type, chip and register count, on
 * warps of 1, 4 (a quad, as the 3D class runs the FP) and 32 lanes. */
static void
random_streams(void)
{
   static struct env ref, fast;
   static struct stream s;
   static const uint32_t chips[] = {
      0, G(FLAG_SM11), G(FLAG_SM11) | G80_SHADER_MUL_SAT | G(FLAG_FP64),
      G(FLAG_SM11) | G80_SHADER_MUL_SAT | G(FLAG_D3D10_1),
   };
   static const unsigned gprs[] = { 0, 4, 8, 16, 64, 127 };
   static const unsigned lanes[] = { 1, 4, 32, 3 };
   struct g80_shader_cache *cache[2] = { g80_shader_cache_create(),
                                         g80_shader_cache_create() };
   CHECK(cache[0] && cache[1]);
   random_cbufs();
   for (unsigned it = 0; it < 3000; it++) {
      enum g80_stage stage = it & 1 ? G80_STAGE_FP : G80_STAGE_VP;
      uint32_t flags = chips[rnd32() % 4];
      unsigned g = gprs[rnd32() % 6], nl = lanes[rnd32() % 4];
      uint32_t active = rnd32() | 1;
      random_program(&s, stage, flags, 1 + rnd32() % 24);
      random_inputs(&ref);
      /* buffers of 64 KiB, or a few words so that reads run past them */
      for (unsigned b = 0; b < 16; b++)
         cb_words[b] = b == 13 || rnd32() % 4 == 0 ? 1 + rnd32() % 64 :
                                                     CB_WORDS;
      memcpy(&fast, &ref, sizeof(ref));
      run(&ref, stage, &s, flags, g, nl, active, NULL);
      /* the same program twice on one cache: decoded, then cached */
      for (unsigned rep = 0; rep < 2; rep++) {
         run(&fast, stage, &s, flags, g, nl, active, cache[stage != 0]);
         compare(&ref, &fast, stage == G80_STAGE_VP ? "VP" : "FP", it);
      }
   }
   g80_shader_cache_destroy(cache[0]);
   g80_shader_cache_destroy(cache[1]);
   fprintf(stderr, "random streams: %u runs compared, %u faulted\n",
           compared, faulted);
   /* most streams must run to their end, or the comparison is of faults */
   CHECK(faulted < compared / 2);
}

/* The driver rewrites code in place (an upload over an old program at
 * the same address): the cache must run the new words.  Then a shorter
 * segment (a long instruction cut at the end) and another chip. */
static void
code_rewritten(void)
{
   static struct env ref, fast;
   static struct stream s;
   struct g80_shader_cache *cache = g80_shader_cache_create();
   random_cbufs();
   random_inputs(&ref);
   memcpy(&fast, &ref, sizeof(ref));
   s.n = 0;
   struct nvisa_g80_insn i;
   nvisa_g80_insn_init(&i, G(OP_ADD_F32_L));
   i.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_OUT), .size = 4 };
   i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_ATTR), .size = 4 };
   i.opnd[2] = (struct nvisa_g80_operand){ .file = G(FILE_CONST), .size = 4,
                                           .val = 8 };
   put(&s, &i);
   struct nvisa_g80_insn end;
   nvisa_g80_insn_init(&end, G(OP_NOP));
   end.mod[G(MOD_CTRL)] = 1;
   put(&s, &end);
   run(&ref, G80_STAGE_VP, &s, 0, 0, 32, ~0u, NULL);
   run(&fast, G80_STAGE_VP, &s, 0, 0, 32, ~0u, cache);
   compare(&ref, &fast, "rewrite before", 0);
   uint32_t first = ref.out[0];

   /* the same address now holds a mul with another constant */
   nvisa_g80_insn_init(&i, G(OP_MUL_F32_L));
   i.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_OUT), .size = 4 };
   i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_ATTR), .size = 4 };
   i.opnd[2] = (struct nvisa_g80_operand){ .file = G(FILE_CONST), .size = 4,
                                           .val = 12 };
   CHECK(nvisa_g80_encode(&i, s.w) == 2);
   run(&ref, G80_STAGE_VP, &s, 0, 0, 32, ~0u, NULL);
   run(&fast, G80_STAGE_VP, &s, 0, 0, 32, ~0u, cache);
   compare(&ref, &fast, "rewrite after", 0);
   CHECK(ref.out[0] != first);

   /* the segment cut after the first word: the long add is cut short
    * (invalid) in both paths, though its first word is unchanged */
   s.n = 1;
   run(&ref, G80_STAGE_VP, &s, 0, 0, 32, ~0u, NULL);
   run(&fast, G80_STAGE_VP, &s, 0, 0, 32, ~0u, cache);
   compare(&ref, &fast, "cut short", 0);
   CHECK(ref.fault.faulted);
   g80_shader_cache_destroy(cache);
}

/* An operand for the f32 comparison: the specials, random words, and
 * normals near the ends of the range and near another operand (so that
 * sums cancel, products and sums land at the normal range's ends). */
static uint32_t
f32_operand(uint32_t other)
{
   switch (rnd32() % 8) {
   case 0:
      return specials[rnd32() % (sizeof(specials) / sizeof(specials[0]))];
   case 1:
      return rnd32();
   case 2:   /* exponent 1..4 or 250..254 */
      return (rnd32() & 0x807fffff) |
             (rnd32() & 1 ? 1 + rnd32() % 4 : 250 + rnd32() % 5) << 23;
   case 3:   /* -other, a few ulps off: cancellation */
      return (other ^ 0x80000000) + (rnd32() % 8) - 4;
   case 4:   /* other's exponent +-24: rounding at the last bit */
      return (other & 0x807fffff) |
             (((other >> 23 & 0xff) + rnd32() % 49 - 24) & 0xff) << 23;
   case 5:   /* 2^-63..2^63 so that products reach the ends */
      return (rnd32() & 0x807fffff) | (64 + rnd32() % 127) << 23;
   default:
      return (rnd32() & 0x807fffff) | (120 + rnd32() % 16) << 23;
   }
}

static unsigned
f32_compare(const char *what, unsigned n)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < n; i++) {
      uint32_t a = f32_operand(rnd32()), b = f32_operand(a);
      uint32_t c = f32_operand(rnd32() & 1 ? a : b);
      enum g80_rnd rnd = (enum g80_rnd)(rnd32() % 4);
      uint32_t want[5] = {
         g80_f32_add(a, b, rnd), g80_f32_mul(a, b, rnd), g80_f32_mad(a, b, c),
         g80_f32_sat(a), g80_f32_cc(a),
      };
      uint32_t got[5] = {
         fast_add(true, a, b, rnd), fast_mul(true, a, b, rnd),
         fast_mad(true, a, b, c), fast_sat(a), fast_f32_cc(a),
      };
      for (unsigned k = 0; k < 5; k++)
         if (want[k] != got[k] && bad++ < 8)
            fprintf(stderr, "%s: op %u (%08x, %08x, %08x, rnd %u): "
                    "ref %08x fast %08x\n", what, k, a, b, c, rnd,
                    want[k], got[k]);
   }
   return bad;
}

/* The fast f32 forms against the reference functions: 2^21 random
 * operand triples, then again with the host's flush-to-zero and
 * denormals-are-zero modes set (a game may leave them so in the thread
 * that runs nvsim), and a rounding mode other than nearest, which the
 * run start sees (g80_decode_begin) and takes the exact functions for. */
static void
f32_fast_forms(void)
{
   CHECK_EQ(f32_compare("nearest", 1u << 21), 0);
#if defined(__x86_64__) || defined(__i386__)
   unsigned csr = _mm_getcsr();
   _mm_setcsr(csr | 0x8040);   /* FTZ (bit 15), DAZ (bit 6) */
   CHECK_EQ(f32_compare("ftz/daz", 1u << 18), 0);
   _mm_setcsr(csr);
#endif
   /* a program's add in the cache path with the host rounding upward */
   static struct env ref, fast;
   static struct stream s;
   struct g80_shader_cache *cache = g80_shader_cache_create();
   random_cbufs();
   s.n = 0;
   struct nvisa_g80_insn i;
   nvisa_g80_insn_init(&i, G(OP_MOV_B32_L));
   for (unsigned r = 1; r <= 2; r++) {
      i.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 4,
                                              .val = r };
      i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_ATTR), .size = 4,
                                              .val = 4 * r };
      put(&s, &i);
   }
   nvisa_g80_insn_init(&i, G(OP_ADD_F32_L));
   i.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_OUT), .size = 4 };
   i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 4,
                                           .val = 1 };
   i.opnd[2] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 4,
                                           .val = 2 };
   put(&s, &i);
   struct nvisa_g80_insn end;
   nvisa_g80_insn_init(&end, G(OP_NOP));
   end.mod[G(MOD_CTRL)] = 1;
   put(&s, &end);
   for (unsigned l = 0; l < LANES; l++) {
      ref.in[l * IN_WORDS + 1] = 0x3f800000;             /* 1 */
      ref.in[l * IN_WORDS + 2] = 0x33800000 + l;         /* 2^-24 (1 + l ulp) */
   }
   memcpy(&fast, &ref, sizeof(ref));
   int old = fegetround();
   CHECK(fesetround(FE_UPWARD) == 0);
   run(&ref, G80_STAGE_VP, &s, 0, 0, 32, ~0u, NULL);
   run(&fast, G80_STAGE_VP, &s, 0, 0, 32, ~0u, cache);
   fesetround(old);
   compare(&ref, &fast, "rounding upward", 0);
   /* 1 + 2^-24 rounds to nearest even: 1, whatever the host's mode */
   CHECK_EQ(fast.out[0], 0x3f800000);
   g80_shader_cache_destroy(cache);
}

/* c0[$a1] with $a1 = 4 * lane: lanes inside the buffer read it, the
 * first past it faults, at the end and one word short of it (the
 * bound is the read's last byte, rd in g80_exec.c). */
static void
const_indirect_per_lane(void)
{
   static struct env ref, fast;
   static struct stream s;
   struct g80_shader_cache *cache = g80_shader_cache_create();
   random_cbufs();
   s.n = 0;
   struct nvisa_g80_insn i;
   nvisa_g80_insn_init(&i, G(OP_MOV_B32_L));
   i.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 4 };
   i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_ATTR), .size = 4 };
   put(&s, &i);
   nvisa_g80_insn_init(&i, G(OP_SHL_A));
   i.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_ADDR), .size = 4,
                                           .val = 1 };
   i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 4 };
   i.opnd[2] = (struct nvisa_g80_operand){ .file = G(FILE_IMM), .size = 4,
                                           .val = 2 };
   put(&s, &i);
   nvisa_g80_insn_init(&i, G(OP_LD_C_B32));
   i.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 4,
                                           .val = 1 };
   i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_CONST), .size = 4,
                                           .areg = 1, .val = 4 };
   put(&s, &i);
   nvisa_g80_insn_init(&i, G(OP_MOV_B32_L));
   i.opnd[0] = (struct nvisa_g80_operand){ .file = G(FILE_OUT), .size = 4 };
   i.opnd[1] = (struct nvisa_g80_operand){ .file = G(FILE_GPR), .size = 4,
                                           .val = 1 };
   put(&s, &i);
   struct nvisa_g80_insn end;
   nvisa_g80_insn_init(&end, G(OP_NOP));
   end.mod[G(MOD_CTRL)] = 1;
   put(&s, &end);
   for (unsigned l = 0; l < LANES; l++)
      ref.in[l * IN_WORDS] = l;
   for (unsigned words = 16; words <= LANES + 2; words++) {
      cb_words[0] = words;
      memcpy(&fast, &ref, sizeof(ref));
      run(&ref, G80_STAGE_VP, &s, 0, 0, 32, ~0u, NULL);
      run(&fast, G80_STAGE_VP, &s, 0, 0, 32, ~0u, cache);
      compare(&ref, &fast, "c[$a] per lane", words);
      /* lane l reads byte 4 + 4 l: all 32 fit in 33 words */
      CHECK_EQ(ref.fault.faulted, words < LANES + 1);
      if (!ref.fault.faulted)
         CHECK_EQ(fast.out[5 * OUT_WORDS], cbuf[0][6]);
   }
   cb_words[0] = CB_WORDS;
   g80_shader_cache_destroy(cache);
}

static const struct nvt_case cases[] = {
   { "const_indirect_per_lane", const_indirect_per_lane },
   { "f32_fast_forms", f32_fast_forms },
   { "code_rewritten", code_rewritten },
   { "random_streams", random_streams },
   { NULL, NULL },
};

int
main(int argc, char **argv)
{
   return nvt_main(argc, argv, cases);
}
