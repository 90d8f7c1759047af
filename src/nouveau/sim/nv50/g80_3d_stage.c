/*
 * The stage seam (g80_3d.h, struct g80_stage_runner) implemented by the
 * shader interpreter (g80_shader.h, g80_shader_run): every Tesla 3D
 * object draws through it.
 *
 * Facts (hwdb g80_3d.xml from rnndb): a program of type VP / GP / FP starts at
 * VP_START_ID / FP_START_ID, a byte offset into its code segment at
 * VP_ADDRESS_HIGH/LOW / FP_ADDRESS_HIGH/LOW in DMA_CODE_CB (upstream's
 * nv50_screen_init_hwctx points each at its part of one code buffer,
 * nv50_shader_state.c writes code_base to *_START_ID); *_REG_ALLOC_TEMP
 * the registers; constant buffers as SET_PROGRAM_CB binds them
 * (g80_3d_program_cb).  The chip's ISA extensions (g80_shader.h): SM11 on
 * the G84_3D class and later, FP64 on G200 (GT200) only, D3D10_1 on
 * GT215_3D and later, mul sat from the G200_3D class on.
 *
 * Assumptions: a code segment is the 512 KiB upstream gives each program
 * type (NV50_CODE_BO_SIZE_LOG2 19), or less where the mapped buffer ends;
 * l[] is the LOCAL_* space (g80_3d_local.c).
 * Texture requests go to the texture unit (g80_sampler.c): the TIC and
 * TSC bound to the instruction's slots (g80_3d_texture / g80_3d_sampler;
 * LINKED_TSC takes the sampler of the texture's slot, rnndb), the texels
 * through DMA_TEXTURE at the TIC's address, the whole texture checked to
 * lie in one mapped buffer before a texel is read.  A request the unit
 * cannot serve traps the draw.
 * The GP (g80_3d_gp.c) runs so too, from GP_ADDRESS_HIGH/LOW +
 * GP_START_ID with GP_REG_ALLOC_TEMP registers, its p[] and emit/restart
 * the batch's.
 */
#include <string.h>

#include "g80_3d.h"
#include "g80_sampler.h"
#include "chips.xml.h"
#include "nvisa_g80.h"

#define CODE_SEGMENT_BYTES (1u << 19)

struct exec_state {
   struct g80_3d_exec exec;
   const struct g80_stage_batch *b;
};

/* The 3D class's program types: code segment, start and registers
 * (rnndb: VP_/GP_/FP_ADDRESS_HIGH/LOW, *_START_ID, *_REG_ALLOC_TEMP). */
static const struct {
   const char *name;
   uint32_t address_high, address_low, start_id, reg_alloc_temp;
} stage_regs[] = {
   [G80_STAGE_VP] = { "VP", G80_3D_VP_ADDRESS_HIGH, G80_3D_VP_ADDRESS_LOW,
                      G80_3D_VP_START_ID, G80_3D_VP_REG_ALLOC_TEMP },
   [G80_STAGE_GP] = { "GP", G80_3D_GP_ADDRESS_HIGH, G80_3D_GP_ADDRESS_LOW,
                      G80_3D_GP_START_ID, G80_3D_GP_REG_ALLOC_TEMP },
   [G80_STAGE_FP] = { "FP", G80_3D_FP_ADDRESS_HIGH, G80_3D_FP_ADDRESS_LOW,
                      G80_3D_FP_START_ID, G80_3D_FP_REG_ALLOC_TEMP },
};

/* G200's TIC formats (hwdb g80_texture.xml variants G200-): the chips
 * with the G200_3D class or a later one. */
static bool
chip_is_g200_on(const struct g80_3d *ctx)
{
   const uint32_t *c = nvsim_object_chip(ctx->obj)->classes;
   for (; c && *c; c++)
      if (*c == G200_3D_CLASS || *c == GT215_3D_CLASS ||
          *c == MCP89_3D_CLASS)
         return true;
   return false;
}

void
g80_3d_exec_texture(struct g80_3d_exec *s, enum g80_stage stage,
                    enum g80_stage sample_stage,
                    const struct g80_tex_request *req, uint32_t out[32][4])
{
   struct g80_3d *ctx = s->ctx;
   memset(out, 0, 32 * sizeof(out[0]));
   if (s->tex_failed)
      return;
   s->tex_failed = true;
   struct g80_tic tic;
   struct g80_tsc tsc;
   unsigned samp = g80_3d_reg(ctx, G80_3D_LINKED_TSC) ? req->tic : req->tsc;
   if (!g80_3d_texture(ctx, stage, req->tic, &tic))
      return;
   /* texsize reads no sampler: an unbound one is fine */
   if (req->op == G80_TEX_QUERY)
      memset(&tsc, 0, sizeof(tsc));
   else if (!g80_3d_sampler(ctx, stage, samp, &tsc))
      return;
   struct g80_sampler_texture tex, *t = &tex;
   const char *why = g80_sampler_setup(t, &tic, &tsc, chip_is_g200_on(ctx));
   if (why) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "texture slot %u: %s", req->tic,
                  why);
      return;
   }
   /* TEX_MISC SEAMLESS_CUBE_MAP: G200_3D on (rnndb variants), for every
    * cube the class samples (a 3D state, not the TSC's: Kepler's TSC
    * CUBEMAP_INTERFACE_FILTERING is per sampler) */
   t->seamless = ctx->obj->oclass >= G200_3D_CLASS &&
                 (g80_3d_reg(ctx, G200_3D_TEX_MISC) &
                  G200_3D_TEX_MISC_SEAMLESS_CUBE_MAP);
   if (req->op != G80_TEX_QUERY) {
      struct nvsim_object *dma;
      if (g80_3d_resolve_dma(ctx, G80_3D_DMA_TEXTURE, "texture", &dma))
         return;
      t->mem = nvsim_dma_ptr(dma, tic.address, t->bytes);
      if (!t->mem) {
         g80_3d_fail(ctx, NVSIM_DMA_ERROR, "texture slot %u: 0x%llx bytes at "
                     "0x%llx are not in one mapped buffer", req->tic,
                     (unsigned long long)t->bytes,
                     (unsigned long long)tic.address);
         return;
      }
   }
   why = g80_sampler_run(t, sample_stage, req, out);
   if (why) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "texture slot %u: %s", req->tic,
                  why);
      return;
   }
   s->tex_failed = false;
}

static void
texture(void *data, enum g80_stage stage, const struct g80_tex_request *req,
        uint32_t out[32][4])
{
   struct exec_state *s = data;
   g80_3d_exec_texture(&s->exec, stage, stage, req, out);
}

static bool
const_buffer(void *data, enum g80_stage stage, unsigned index,
             const uint8_t **bytes, uint32_t *size)
{
   struct exec_state *s = data;
   return g80_3d_program_cb(s->exec.ctx, stage, index, bytes, size);
}

static void
gp_emit(void *data, uint32_t lanes, bool restart, const uint32_t *out,
        unsigned out_stride)
{
   struct exec_state *s = data;
   s->b->emit(s->b->emit_priv, lanes, restart, out, out_stride);
}

uint32_t
g80_3d_isa_flags(const struct g80_3d *ctx)
{
   uint32_t f = 0;
   uint32_t oclass = ctx->obj->oclass;
   if (oclass >= G84_3D_CLASS)
      f |= NVISA_G80_FLAG_SM11;
   if (oclass >= G200_3D_CLASS)
      f |= G80_SHADER_MUL_SAT | NVISA_G80_FLAG_SM12;
   if (oclass >= GT215_3D_CLASS)
      f |= NVISA_G80_FLAG_D3D10_1;
   if (ctx->obj->chan->dev->info.chipset == CHIPSET_G200)
      f |= NVISA_G80_FLAG_FP64;
   return f;
}

bool
g80_3d_code_segment(struct g80_3d *ctx, enum g80_stage stage,
                    const uint8_t **code_out, uint64_t *size_out)
{
   const char *name = stage_regs[stage].name;
   uint64_t base =
      (uint64_t)g80_3d_reg(ctx, stage_regs[stage].address_high) << 32 |
      g80_3d_reg(ctx, stage_regs[stage].address_low);
   struct nvsim_object *dma;
   if (g80_3d_resolve_dma(ctx, G80_3D_DMA_CODE_CB, "program code", &dma))
      return false;
   const uint8_t *code = NULL;
   uint64_t size = CODE_SEGMENT_BYTES;
   for (; size >= 8 && !code; size /= 2)
      code = nvsim_dma_ptr(dma, base, size);
   if (!code) {
      g80_3d_fail(ctx, NVSIM_DMA_ERROR, "%s code segment at 0x%llx is not "
                  "in mapped memory", name,
                  (unsigned long long)base);
      return false;
   }
   *code_out = code;
   *size_out = size * 2;        /* the loop halved once past the hit */
   return true;
}

static bool
exec_run(void *priv, struct g80_3d *ctx, struct g80_stage_batch *b)
{
   bool fp = b->stage == G80_STAGE_FP;
   nvsim_progress(ctx->obj->chan->dev);
   if (b->stage >= sizeof(stage_regs) / sizeof(stage_regs[0]) ||
       (b->stage == G80_STAGE_GP && !b->emit)) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "stage %u is not modelled",
                  b->stage);
      return false;
   }
   const char *name = stage_regs[b->stage].name;
   const uint8_t *code;
   uint64_t size;
   if (!g80_3d_code_segment(ctx, b->stage, &code, &size))
      return false;

   struct g80_shader_program prog = {
      .code = code,
      .code_size = size,
      .start = g80_3d_reg(ctx, stage_regs[b->stage].start_id),
      .gprs = g80_3d_reg(ctx, stage_regs[b->stage].reg_alloc_temp),
      .isa_flags = g80_3d_isa_flags(ctx),
   };
   if (g80_3d_local_space(ctx, &prog.local, &prog.local_bytes))
      return false;
   /* the fast path (issue 23): programs decoded once; NVSIM_REFERENCE
    * runs the reference interpreter */
   if (!ctx->obj->chan->dev->reference && b->stage < G80_3D_NUM_STAGES) {
      if (!ctx->shader_cache[b->stage])
         ctx->shader_cache[b->stage] = g80_shader_cache_create();
      prog.cache = ctx->shader_cache[b->stage];
   }
   struct exec_state s = { { ctx, false }, b };
   struct g80_shader_callbacks cb = {
      .ctx = &s, .texture = texture, .const_buffer = const_buffer,
      .gp_emit = b->stage == G80_STAGE_GP ? gp_emit : NULL,
   };
   float interp[32 * (4 + G80_3D_MAP_SLOTS)];
   uint32_t face[G80_SHADER_WARP_LANES];
   struct g80_shader_warp w = {
      .lanes = b->count, .active = b->active, .helper = b->helper,
      .out = b->out, .out_stride = b->out_stride, .out_words = b->out_words,
   };
   if (fp) {
      /* the FP rows are the interpolants as floats (g80_3d.h) */
      unsigned n = b->count * b->in_stride;
      if (n > sizeof(interp) / sizeof(interp[0])) {
         g80_3d_fail(ctx, NVSIM_INVALID_STATE, "FP batch too large");
         return false;
      }
      memcpy(interp, b->in, n * sizeof(float));
      w.interp = interp;
      w.interp_stride = b->in_stride;
      for (unsigned i = 0; i < G80_SHADER_WARP_LANES; i++)
         face[i] = b->face;
      w.face = face;
   } else {
      w.in = b->in;
      w.in_stride = b->in_stride;
      w.prim = b->prim;
      w.prim_words = b->prim_words;
   }
   struct g80_shader_fault fault = { 0 };
   if (g80_shader_run(b->stage, &prog, &w, &cb, &fault)) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "%s program at 0x%x: %s%s",
                  name, fault.pc, fault.msg,
                  fault.runaway ? " (runaway)" : "");
      return false;
   }
   if (s.exec.tex_failed)
      return false;   /* the texture unit set the trap detail */
   b->killed = fp ? w.discarded & ~b->helper : 0;
   return true;
}

const struct g80_stage_runner g80_3d_exec_runner = {
   .priv = NULL,
   .run = exec_run,
};
