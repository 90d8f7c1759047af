/*
 * The stage seam (g80_3d.h, struct g80_stage_runner) implemented by the
 * shader interpreter (g80_shader.h, g80_shader_run): every Tesla 3D
 * object draws through it.
 *
 * Facts (hwdb g80_3d.xml from rnndb): a program of type VP / FP starts at
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
 * no l[] space (LOCAL_* is not read yet: a program using l[] faults).
 * Not modelled: texture sampling (a program that samples traps: the
 * texture unit is not written yet), the GP.
 */
#include <string.h>

#include "g80_3d.h"
#include "chips.xml.h"
#include "nvisa_g80.h"

#define CODE_SEGMENT_BYTES (1u << 19)

struct exec_state {
   struct g80_3d *ctx;
   bool tex_used;
};

static void
texture(void *data, enum g80_stage stage, const struct g80_tex_request *req,
        uint32_t out[32][4])
{
   struct exec_state *s = data;
   s->tex_used = true;
   memset(out, 0, 32 * sizeof(out[0]));
}

static bool
const_buffer(void *data, enum g80_stage stage, unsigned index,
             const uint8_t **bytes, uint32_t *size)
{
   struct exec_state *s = data;
   return g80_3d_program_cb(s->ctx, stage, index, bytes, size);
}

static uint32_t
isa_flags(const struct g80_3d *ctx)
{
   uint32_t f = 0;
   uint32_t oclass = ctx->obj->oclass;
   if (oclass >= G84_3D_CLASS)
      f |= NVISA_G80_FLAG_SM11;
   if (oclass >= G200_3D_CLASS)
      f |= G80_SHADER_MUL_SAT;
   if (oclass >= GT215_3D_CLASS)
      f |= NVISA_G80_FLAG_D3D10_1;
   if (ctx->obj->chan->dev->info.chipset == CHIPSET_G200)
      f |= NVISA_G80_FLAG_FP64;
   return f;
}

static bool
exec_run(void *priv, struct g80_3d *ctx, struct g80_stage_batch *b)
{
   bool fp = b->stage == G80_STAGE_FP;
   if (b->stage != G80_STAGE_VP && !fp) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "the GP is not modelled");
      return false;
   }
   uint32_t hi = fp ? G80_3D_FP_ADDRESS_HIGH : G80_3D_VP_ADDRESS_HIGH;
   uint32_t lo = fp ? G80_3D_FP_ADDRESS_LOW : G80_3D_VP_ADDRESS_LOW;
   uint64_t base = (uint64_t)g80_3d_reg(ctx, hi) << 32 | g80_3d_reg(ctx, lo);
   struct nvsim_object *dma;
   if (g80_3d_resolve_dma(ctx, G80_3D_DMA_CODE_CB, "program code", &dma))
      return false;
   const uint8_t *code = NULL;
   uint64_t size = CODE_SEGMENT_BYTES;
   for (; size >= 8 && !code; size /= 2)
      code = nvsim_dma_ptr(dma, base, size);
   if (!code) {
      g80_3d_fail(ctx, NVSIM_DMA_ERROR, "%s code segment at 0x%llx is not "
                  "in mapped memory", fp ? "FP" : "VP",
                  (unsigned long long)base);
      return false;
   }
   size *= 2;                   /* the loop halved once past the hit */

   struct g80_shader_program prog = {
      .code = code,
      .code_size = size,
      .start = g80_3d_reg(ctx, fp ? G80_3D_FP_START_ID : G80_3D_VP_START_ID),
      .gprs = g80_3d_reg(ctx, fp ? G80_3D_FP_REG_ALLOC_TEMP
                                 : G80_3D_VP_REG_ALLOC_TEMP),
      .isa_flags = isa_flags(ctx),
   };
   struct exec_state s = { ctx, false };
   struct g80_shader_callbacks cb = {
      .ctx = &s, .texture = texture, .const_buffer = const_buffer,
   };
   float interp[32 * (4 + G80_3D_MAP_SLOTS)];
   struct g80_shader_warp w = {
      .lanes = b->count, .active = b->active,
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
   } else {
      w.in = b->in;
      w.in_stride = b->in_stride;
   }
   struct g80_shader_fault fault = { 0 };
   if (g80_shader_run(b->stage, &prog, &w, &cb, &fault)) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "%s program at 0x%x: %s%s",
                  fp ? "FP" : "VP", fault.pc, fault.msg,
                  fault.runaway ? " (runaway)" : "");
      return false;
   }
   if (s.tex_used) {
      g80_3d_fail(ctx, NVSIM_INVALID_STATE, "%s program samples a texture: "
                  "texture sampling is not modelled yet", fp ? "FP" : "VP");
      return false;
   }
   b->killed = fp ? w.discarded : 0;
   return true;
}

const struct g80_stage_runner g80_3d_exec_runner = {
   .priv = NULL,
   .run = exec_run,
};
