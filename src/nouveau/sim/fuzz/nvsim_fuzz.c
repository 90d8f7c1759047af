/*
 * The fixture of the nvsim fuzz harnesses (see nvsim_fuzz.h).  The
 * prologue's state follows the nv40 unit tests (sim/nv40/tests): a 16x16
 * A8R8G8B8 + Z24S8 target, VP "MOV o[HPOS], v[0]; MOV o[COL0], v[3]",
 * FP "MOVR R0, f[COL0]; END", float4 position and colour arrays.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fifo.xml.h"
#include "nv30-40_3d.xml.h"
#include "nv_2d.xml.h"
#include "nv_m2mf.xml.h"
#include "nvhwdb_chips.h"
#include "nvisa_nv40_fp.h"
#include "nvisa_nv40_vp.h"
#include "nvsim_fuzz.h"
/* for the pusher's word count (nvsim_fifo_state.words_read) */
#include "nvsim_priv.h"

#define W 16
#define H 16
#define PITCH (W * 4)

static void
die(const char *what)
{
   fprintf(stderr, "nvsim fuzz harness: %s\n", what);
   abort();
}

/* ---- pushbuffers ---- */

struct pb {
   uint32_t *map;
   unsigned len, cap, seg;
};

static void
pb_out(struct pb *p, uint32_t w)
{
   if (p->len < p->cap)
      p->map[p->len] = w;
   p->len++;
}

/* dma-pusher.rst: increasing methods header, count << 18 | subc << 13 |
 * method (hwdb fifo.xml nv4_dma_cmd). */
static uint32_t
inc_header(unsigned subc, uint32_t mthd, unsigned count)
{
   return NV4_DMA_CMD_TYPE_INCREASING |
          (count << NV4_DMA_CMD_COUNT__SHIFT) |
          (subc << NV4_DMA_CMD_SUBC__SHIFT) | (mthd & NV4_DMA_CMD_METHOD__MASK);
}

static void
pb_method(struct pb *p, unsigned subc, uint32_t mthd, uint32_t data)
{
   pb_out(p, inc_header(subc, mthd, 1));
   pb_out(p, data);
}

static void
pb_methodf(struct pb *p, unsigned subc, uint32_t mthd, float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   pb_method(p, subc, mthd, u);
}

/* Submits the segment written since the last submit and waits for it.
 * false: the channel is dead; its trap message must then be there and
 * name the channel (the decoded message the issue asks for). */
static bool
pb_submit(struct nvsim_device *dev, struct nvsim_channel *chan,
          uint32_t chan_id, struct nvsim_bo *bo, struct pb *p,
          struct nvsim_bo *const *bos, unsigned num_bos)
{
   if (p->len > p->cap)
      die("pushbuffer overflow");
   struct nvsim_push push = {
      .bo = bo,
      .offset = (uint64_t)p->seg * 4,
      .length = (p->len - p->seg) * 4,
   };
   p->seg = p->len;
   if (push.length) {
      int64_t seq = nvsim_submit(chan, &push, 1, bos, num_bos);
      if (seq > 0)
         nvsim_wait_seq(dev, seq);
      else if (seq != -ENODEV)
         die("nvsim_submit refused a well-formed submission");
   }
   const char *err = nvsim_channel_error(chan);
   if (err) {
      char want[32];
      snprintf(want, sizeof(want), "nvsim: TRAP ch%u ", chan_id);
      if (strncmp(err, want, strlen(want)) != 0)
         die("trap message does not start with the channel's TRAP line");
   }
   return !err;
}

/* ---- programs and vertices (as in sim/nv40/tests) ---- */

static void
upload_vp(struct pb *p, unsigned subc)
{
   struct nvisa_nv40_vp_insn insn;
   uint32_t w[4];
   pb_method(p, subc, NV30_3D_VP_UPLOAD_FROM_ID, 0);
   for (unsigned i = 0; i < 2; i++) {
      nvisa_nv40_vp_insn_init(&insn);
      insn.vec_op = NVISA_NV40_VP_VEC_OP_MOV;
      insn.vec_mask = NVISA_MASK_XYZW;
      insn.out = i ? NVISA_NV40_VP_OUT_COL0 : NVISA_NV40_VP_OUT_HPOS;
      insn.out_is_vec = true;
      insn.src[0].file = NVISA_FILE_INPUT;
      insn.input = i ? 3 : 0;
      insn.last = i == 1;
      if (nvisa_nv40_vp_encode(&insn, w) != 0)
         die("vertex program does not encode");
      for (unsigned k = 0; k < 4; k++)
         pb_method(p, subc, NV30_3D_VP_UPLOAD_INST(k), w[k]);
   }
   pb_method(p, subc, NV30_3D_VP_START_FROM_ID, 0);
}

static void
write_fp(uint32_t *map)
{
   struct nvisa_nv40_fp_insn insn;
   nvisa_nv40_fp_insn_init(&insn);
   insn.op = NVISA_NV40_FP_OP_MOV;
   insn.out_reg = 0;
   insn.mask = NVISA_MASK_XYZW;
   insn.src[0].file = NVISA_FILE_INPUT;
   insn.input = NVISA_NV40_FP_INPUT_COL0;
   insn.end = true;
   if (nvisa_nv40_fp_encode(&insn, map) != 0)
      die("fragment program does not encode");
}

/* Vertex i at window (wx, wy) of the 16x16 viewport below, colour col:
 * position (attribute 0) and colour (attribute 3), float4 each, 32-byte
 * stride. */
static void
put_vertex(uint8_t *vmap, unsigned i, float wx, float wy, const float col[4])
{
   float v[8] = { (wx - 8.0f) / 8.0f, (wy - 8.0f) / 8.0f, 0.0f, 1.0f,
                  col[0], col[1], col[2], col[3] };
   memcpy(vmap + 32 * i, v, sizeof(v));
}

/* Target, viewport (window = ndc * 8 + 8), programs, vertex arrays: the
 * state of a draw, on the 3D object bound to subc. */
static void
draw_state(struct pb *p, unsigned subc, uint32_t vram_ctxdma,
           uint64_t color, uint64_t zeta, uint64_t vtx, uint64_t fp)
{
   pb_method(p, subc, NV30_3D_DMA_COLOR0, vram_ctxdma);
   pb_method(p, subc, NV30_3D_DMA_ZETA, vram_ctxdma);
   pb_method(p, subc, NV30_3D_DMA_VTXBUF0, vram_ctxdma);
   pb_method(p, subc, NV30_3D_DMA_TEXTURE0, vram_ctxdma);
   pb_method(p, subc, NV30_3D_RT_HORIZ, W << 16);
   pb_method(p, subc, NV30_3D_RT_VERT, H << 16);
   pb_method(p, subc, NV30_3D_RT_FORMAT, NV30_3D_RT_FORMAT_TYPE_LINEAR |
                                         NV30_3D_RT_FORMAT_COLOR_A8R8G8B8 |
                                         NV30_3D_RT_FORMAT_ZETA_Z24S8);
   pb_method(p, subc, NV40_3D_COLOR0_PITCH, PITCH);
   pb_method(p, subc, NV30_3D_COLOR0_OFFSET, (uint32_t)color);
   pb_method(p, subc, NV40_3D_ZETA_PITCH, PITCH);
   pb_method(p, subc, NV30_3D_ZETA_OFFSET, (uint32_t)zeta);
   pb_method(p, subc, NV30_3D_RT_ENABLE, NV30_3D_RT_ENABLE_COLOR0);
   /* scissor x 0 w 4096, as upstream's 0x10000000 */
   pb_method(p, subc, NV30_3D_SCISSOR_HORIZ, 0x10000000);
   pb_method(p, subc, NV30_3D_SCISSOR_VERT, 0x10000000);
   pb_method(p, subc, NV30_3D_VIEWPORT_HORIZ, W << 16);
   pb_method(p, subc, NV30_3D_VIEWPORT_VERT, H << 16);
   pb_method(p, subc, NV30_3D_VIEWPORT_CLIP_HORIZ(0), (W - 1) << 16);
   pb_method(p, subc, NV30_3D_VIEWPORT_CLIP_VERT(0), (H - 1) << 16);
   pb_method(p, subc, NV30_3D_COLOR_MASK, 0x01010101);
   pb_methodf(p, subc, NV30_3D_VIEWPORT_TRANSLATE_X, 8.0f);
   pb_methodf(p, subc, NV30_3D_VIEWPORT_TRANSLATE_Y, 8.0f);
   pb_methodf(p, subc, NV30_3D_VIEWPORT_TRANSLATE_Z, 0.5f);
   pb_methodf(p, subc, NV30_3D_VIEWPORT_SCALE_X, 8.0f);
   pb_methodf(p, subc, NV30_3D_VIEWPORT_SCALE_Y, 8.0f);
   pb_methodf(p, subc, NV30_3D_VIEWPORT_SCALE_Z, 0.5f);
   pb_methodf(p, subc, NV30_3D_DEPTH_RANGE_NEAR, 0.0f);
   pb_methodf(p, subc, NV30_3D_DEPTH_RANGE_FAR, 1.0f);
   upload_vp(p, subc);
   pb_method(p, subc, NV30_3D_FP_ACTIVE_PROGRAM,
             (uint32_t)fp | NV30_3D_FP_ACTIVE_PROGRAM_DMA0);
   pb_method(p, subc, NV30_3D_FP_CONTROL,
             2u << NV40_3D_FP_CONTROL_TEMP_COUNT__SHIFT);
   for (unsigned a = 0; a < 16; a++)
      pb_method(p, subc, NV30_3D_VTXFMT(a), NV30_3D_VTXFMT_TYPE_V32_FLOAT);
   const uint32_t f4 = NV30_3D_VTXFMT_TYPE_V32_FLOAT |
                       (4 << NV30_3D_VTXFMT_SIZE__SHIFT) |
                       (32 << NV30_3D_VTXFMT_STRIDE__SHIFT);
   pb_method(p, subc, NV30_3D_VTXFMT(0), f4);
   pb_method(p, subc, NV30_3D_VTXFMT(3), f4);
   pb_method(p, subc, NV30_3D_VTXBUF(0), (uint32_t)vtx);
   pb_method(p, subc, NV30_3D_VTXBUF(3), (uint32_t)vtx + 16);
}

/* The corner triangle (0.5,0.5) (3.5,0.5) (0.5,3.5): by the top-left rule
 * its pixels are those with x + y <= 2 (sim/nv40/tests, test_draw_arrays). */
static void
corner_triangle(uint8_t *vmap, const float col[4])
{
   put_vertex(vmap, 0, 0.5f, 0.5f, col);
   put_vertex(vmap, 1, 3.5f, 0.5f, col);
   put_vertex(vmap, 2, 0.5f, 3.5f, col);
}

static void
draw_triangle(struct pb *p, unsigned subc)
{
   pb_method(p, subc, NV30_3D_VERTEX_BEGIN_END,
             NV30_3D_VERTEX_BEGIN_END_TRIANGLES);
   /* 3 vertices from 0: count - 1 in the top byte */
   pb_method(p, subc, NV30_3D_VB_VERTEX_BATCH, (2u << 24) | 0);
   pb_method(p, subc, NV30_3D_VERTEX_BEGIN_END,
             NV30_3D_VERTEX_BEGIN_END_STOP);
}

static struct nvsim_bo *
new_bo_sized(struct nvsim_device *dev, uint32_t domain, uint64_t size)
{
   struct nvsim_bo *bo = nvsim_bo_create(dev, size, domain, NULL);
   if (!bo)
      die("no buffer");
   memset(nvsim_bo_map(bo), 0, size);
   return bo;
}

static struct nvsim_bo *
new_bo(struct nvsim_device *dev, uint32_t domain)
{
   return new_bo_sized(dev, domain, NVSIM_FUZZ_BUF_BYTES);
}

/* ---- channel A ---- */

static void
alloc_push(struct nvsim_fuzz *fz, unsigned words)
{
   uint64_t bytes = ((uint64_t)words * 4 + 4095) & ~4095ull;
   fz->push = nvsim_bo_create(fz->dev, bytes, NVSIM_DOMAIN_GART, NULL);
   if (!fz->push)
      die("no pushbuffer");
   fz->push_map = nvsim_bo_map(fz->push);
   memset(fz->push_map, 0, bytes);
   fz->push_cap = bytes / 4;
}

/* Any chip: the chip's objects on subchannels 0.. in class-list order. */
static void
generic_prologue(struct nvsim_fuzz *fz, unsigned push_words)
{
   alloc_push(fz, 64 + push_words);
   struct pb p = { fz->push_map, 0, fz->push_cap, 0 };
   for (unsigned i = 0; i < fz->num_objects; i++)
      pb_method(&p, i, NV4_SUBCHAN_OBJECT, fz->objects[i]);
   if (!pb_submit(fz->dev, fz->chan, fz->info.id, fz->push, &p, fz->bufs,
                  NVSIM_FUZZ_BUF_COUNT))
      die(nvsim_channel_error(fz->chan));
   fz->push_len = fz->push_seg = fz->input_start = p.len;
   fz->words_before = fz->chan->fifo.words_read;
}

void
nvsim_fuzz_init(struct nvsim_fuzz *fz, unsigned push_words)
{
   static const float red[4] = { 1, 0, 0, 1 };

   memset(fz, 0, sizeof(*fz));
   /* every submission executes inside nvsim_submit: no GPU thread, the
    * input's effects are over when the harness returns */
   setenv("NVSIM_SYNC", "1", 1);
   /* a jump loop traps as RUNAWAY after this many words, not 2^24 */
   setenv("NVSIM_RUNAWAY_WORDS", "4096", 1);
   /* NVSIM_FUZZ_CHIP (hex, default 40): the NV40 fixture draws; on other
    * chips every class is bound and fuzzed without a drawing prologue */
   const char *chip = getenv("NVSIM_FUZZ_CHIP");
   uint32_t chipset = chip && *chip ? strtoul(chip, NULL, 16) : CHIPSET_NV40;
   fz->dev = nvsim_device_create(chipset);
   if (!fz->dev)
      die("NVSIM_FUZZ_CHIP names no chip nvsim models");
   fz->curie = chipset == CHIPSET_NV40;
   /* Tesla channels take IB entries in VM address spaces (nvsim_vm.h):
    * a fixture of their own, not written yet */
   if (nvhwdb_chip_find(chipset)->generation == NVHWDB_GEN_TESLA)
      die("NVSIM_FUZZ_CHIP: Tesla chips are not in the fixture yet");
   fz->chan = nvsim_channel_create(fz->dev, &fz->info);
   if (!fz->chan)
      die("no channel");

   for (unsigned i = 0; i < NVSIM_FUZZ_BUF_COUNT; i++)
      fz->bufs[i] = new_bo_sized(fz->dev, i == NVSIM_FUZZ_BUF_GART ?
                                 NVSIM_DOMAIN_GART : NVSIM_DOMAIN_VRAM,
                                 i <= NVSIM_FUZZ_BUF_ZETA ?
                                 NVSIM_FUZZ_RT_BYTES : NVSIM_FUZZ_BUF_BYTES);
   write_fp(nvsim_bo_map(fz->bufs[NVSIM_FUZZ_BUF_FP]));
   corner_triangle(nvsim_bo_map(fz->bufs[NVSIM_FUZZ_BUF_VTX]), red);
   /* a texture: bytes counting up */
   uint8_t *tex = nvsim_bo_map(fz->bufs[NVSIM_FUZZ_BUF_TEX]);
   for (unsigned i = 0; i < NVSIM_FUZZ_BUF_BYTES; i++)
      tex[i] = (uint8_t)(i * 7);

   /* One object of every class the chip has (DMA objects over the
    * texture buffer; NVSIM_FUZZ_HANDLE(class)), and a second curie. */
   const struct nvsim_chip_info *ci = nvsim_device_info(fz->dev);
   for (const uint32_t *c = ci->classes; *c; c++) {
      int ret;
      if (*c == NV1_DMA_FROM_MEMORY_CLASS || *c == NV1_DMA_TO_MEMORY_CLASS ||
          *c == NV3_DMA_IN_MEMORY_CLASS)
         ret = nvsim_dma_create(fz->chan, NVSIM_FUZZ_HANDLE(*c), *c,
                                NVSIM_DOMAIN_VRAM,
                                nvsim_bo_offset(fz->bufs[NVSIM_FUZZ_BUF_TEX]),
                                NVSIM_FUZZ_BUF_BYTES);
      else
         ret = nvsim_object_create(fz->chan, NVSIM_FUZZ_HANDLE(*c), *c);
      /* The NV40 fixture needs all; elsewhere a class the chip lists
       * but nvsim does not model yet (G80_2D) is refused and skipped. */
      if (ret && (fz->curie || ret != -EINVAL))
         die("object of a class the chip lists refused");
      if (!ret && !nvsim_class_is_dma(*c) && fz->num_objects < 8)
         fz->objects[fz->num_objects++] = NVSIM_FUZZ_HANDLE(*c);
   }
   if (!fz->curie) {
      generic_prologue(fz, push_words);
      return;
   }
   if (nvsim_object_create(fz->chan, NVSIM_FUZZ_HANDLE_3D_2, NV40_3D_CLASS))
      die("second 3D object refused");
   uint32_t ntfy_off;
   if (nvsim_notifier_create(fz->chan, NVSIM_FUZZ_HANDLE(0xd0), 64, &ntfy_off))
      die("notifier refused");

   /* the pushbuffer: prologue, then room for the input */
   unsigned prologue_words = 1024;
   alloc_push(fz, prologue_words + push_words);

   struct pb p = { fz->push_map, 0, fz->push_cap, 0 };
   static const struct { unsigned subc; uint32_t handle; } binds[] = {
      { NVSIM_FUZZ_SUBC_3D, NVSIM_FUZZ_HANDLE(NV40_3D_CLASS) },
      { NVSIM_FUZZ_SUBC_M2MF, NVSIM_FUZZ_HANDLE(NV04_M2MF_CLASS) },
      { NVSIM_FUZZ_SUBC_SURF2D, NVSIM_FUZZ_HANDLE(NV10_SURFACE_2D_CLASS) },
      { NVSIM_FUZZ_SUBC_SURF2D_NV40, NVSIM_FUZZ_HANDLE(NV40_SURFACE_2D_CLASS) },
      { NVSIM_FUZZ_SUBC_SWZ, NVSIM_FUZZ_HANDLE(NV40_SURFACE_SWZ_CLASS) },
      { NVSIM_FUZZ_SUBC_SIFM, NVSIM_FUZZ_HANDLE(NV40_SIFM_CLASS) },
      { NVSIM_FUZZ_SUBC_NULL, NVSIM_FUZZ_HANDLE(NV1_NULL_CLASS) },
      { NVSIM_FUZZ_SUBC_3D_2, NVSIM_FUZZ_HANDLE_3D_2 },
   };
   for (unsigned i = 0; i < sizeof(binds) / sizeof(binds[0]); i++)
      pb_method(&p, binds[i].subc, NV4_SUBCHAN_OBJECT, binds[i].handle);

   uint32_t vram = fz->info.vram_ctxdma, gart = fz->info.gart_ctxdma;
   uint64_t off[NVSIM_FUZZ_BUF_COUNT];
   for (unsigned i = 0; i < NVSIM_FUZZ_BUF_COUNT; i++)
      off[i] = nvsim_bo_offset(fz->bufs[i]);
   for (unsigned s = NVSIM_FUZZ_SUBC_3D; s <= NVSIM_FUZZ_SUBC_3D_2;
        s += NVSIM_FUZZ_SUBC_3D_2) {
      draw_state(&p, s, vram, off[NVSIM_FUZZ_BUF_COLOR],
                 off[NVSIM_FUZZ_BUF_ZETA], off[NVSIM_FUZZ_BUF_VTX],
                 off[NVSIM_FUZZ_BUF_FP]);
      pb_method(&p, s, NV30_3D_DMA_NOTIFY, NVSIM_FUZZ_HANDLE(0xd0));
      /* the second DMA objects of each kind: GART, as drivers set them */
      pb_method(&p, s, NV30_3D_DMA_TEXTURE1, gart);
      pb_method(&p, s, NV30_3D_DMA_VTXBUF1, gart);
      pb_method(&p, s, NV30_3D_DMA_COLOR1, vram);
      pb_method(&p, s, NV40_3D_DMA_COLOR2, vram);
      pb_method(&p, s, NV30_3D_DMA_FENCE, vram);
      pb_method(&p, s, NV30_3D_DMA_QUERY, vram);
      /* texture unit 0: 4x4 A8R8G8B8 at the texture buffer */
      pb_method(&p, s, NV30_3D_TEX_OFFSET(0), (uint32_t)off[NVSIM_FUZZ_BUF_TEX]);
      pb_method(&p, s, NV30_3D_TEX_FORMAT(0),
                NV30_3D_TEX_FORMAT_DMA0 | NV30_3D_TEX_FORMAT_DIMS_2D |
                NV40_3D_TEX_FORMAT_FORMAT_A8R8G8B8 |
                (1 << NV40_3D_TEX_FORMAT_MIPMAP_COUNT__SHIFT));
      pb_method(&p, s, NV30_3D_TEX_NPOT_SIZE(0), (4 << 16) | 4);
      pb_method(&p, s, NV30_3D_TEX_ENABLE(0), NV40_3D_TEX_ENABLE_ENABLE);
   }
   /* M2MF: GART buffer to GART buffer */
   pb_method(&p, NVSIM_FUZZ_SUBC_M2MF, NV04_M2MF_DMA_NOTIFY,
             NVSIM_FUZZ_HANDLE(0xd0));
   pb_method(&p, NVSIM_FUZZ_SUBC_M2MF, NV04_M2MF_DMA_BUFFER_IN, gart);
   pb_method(&p, NVSIM_FUZZ_SUBC_M2MF, NV04_M2MF_DMA_BUFFER_OUT, gart);
   /* 2D surfaces over the GART buffer, SIFM drawing into SURFACE_2D */
   for (unsigned s = NVSIM_FUZZ_SUBC_SURF2D; s <= NVSIM_FUZZ_SUBC_SURF2D_NV40;
        s++) {
      pb_method(&p, s, NV4_SURFACE_2D_DMA_IMAGE_SOURCE, gart);
      pb_method(&p, s, NV4_SURFACE_2D_DMA_IMAGE_DESTIN, gart);
      pb_method(&p, s, NV4_SURFACE_2D_FORMAT, NV4_SURFACE_2D_FORMAT_A8R8G8B8);
      pb_method(&p, s, NV4_SURFACE_2D_PITCH, (PITCH << 16) | PITCH);
      pb_method(&p, s, NV4_SURFACE_2D_OFFSET_SOURCE,
                (uint32_t)off[NVSIM_FUZZ_BUF_GART]);
      pb_method(&p, s, NV4_SURFACE_2D_OFFSET_DESTIN,
                (uint32_t)off[NVSIM_FUZZ_BUF_GART] + 8192);
   }
   pb_method(&p, NVSIM_FUZZ_SUBC_SWZ, NV4_SURFACE_SWZ_DMA_IMAGE, gart);
   pb_method(&p, NVSIM_FUZZ_SUBC_SWZ, NV4_SURFACE_SWZ_OFFSET,
             (uint32_t)off[NVSIM_FUZZ_BUF_GART] + 8192);
   pb_method(&p, NVSIM_FUZZ_SUBC_SIFM, NV4_SIFM_DMA_IMAGE, vram);
   pb_method(&p, NVSIM_FUZZ_SUBC_SIFM, NV4_SIFM_SURFACE,
             NVSIM_FUZZ_HANDLE(NV10_SURFACE_2D_CLASS));
   pb_method(&p, NVSIM_FUZZ_SUBC_SIFM, NV4_SIFM_COLOR_FORMAT,
             NV4_SIFM_COLOR_FORMAT_A8R8G8B8);
   pb_method(&p, NVSIM_FUZZ_SUBC_SIFM, NV4_SIFM_OPERATION,
             NV4_SIFM_OPERATION_SRCCOPY);
   if (p.len > prologue_words)
      die("prologue longer than its room");
   /* the prologue is its own segment: the input starts a new one */
   if (!pb_submit(fz->dev, fz->chan, fz->info.id, fz->push, &p, fz->bufs,
                  NVSIM_FUZZ_BUF_COUNT))
      die(nvsim_channel_error(fz->chan));
   fz->push_len = p.len;
   fz->push_seg = p.len;
   fz->words_before = fz->chan->fifo.words_read;
   fz->input_start = p.len;
}

void
nvsim_fuzz_out(struct nvsim_fuzz *fz, uint32_t word)
{
   if (fz->push_len < fz->push_cap)
      fz->push_map[fz->push_len++] = word;
}

void
nvsim_fuzz_method(struct nvsim_fuzz *fz, unsigned subc, uint32_t mthd,
                  uint32_t data)
{
   nvsim_fuzz_out(fz, inc_header(subc & 7, mthd, 1));
   nvsim_fuzz_out(fz, data);
}

bool
nvsim_fuzz_submit(struct nvsim_fuzz *fz)
{
   /* pb view of the words since the last submit */
   struct pb p = { fz->push_map, fz->push_len, fz->push_cap, fz->push_seg };
   bool ok = pb_submit(fz->dev, fz->chan, fz->info.id, fz->push, &p, fz->bufs,
                       NVSIM_FUZZ_BUF_COUNT);
   fz->push_seg = fz->push_len;
   return ok;
}

/* ---- channel B, then teardown ---- */

/* Any chip: channel B's REF_CNT (a puller method: the FIFO of another
 * channel still runs) reads back what it wrote. */
static void
other_channel_runs(struct nvsim_device *dev)
{
   struct nvsim_channel_info info = { 0 };
   struct nvsim_channel *chan = nvsim_channel_create(dev, &info);
   if (!chan)
      die("second channel refused");
   struct nvsim_bo *push = new_bo(dev, NVSIM_DOMAIN_GART);
   struct pb p = { nvsim_bo_map(push), 0, NVSIM_FUZZ_BUF_BYTES / 4, 0 };
   pb_method(&p, 0, NV10_SUBCHAN_REF_CNT, 0x600dcafe);
   if (!pb_submit(dev, chan, info.id, push, &p, NULL, 0)) {
      fprintf(stderr, "%s\n", nvsim_channel_error(chan));
      die("the second channel trapped after the fuzzed one");
   }
   if (nvsim_channel_ref(chan) != 0x600dcafe)
      die("the second channel's REF_CNT did not land");
   nvsim_bo_destroy(push);
   nvsim_channel_destroy(chan);
}

static void
other_channel_draws(struct nvsim_device *dev)
{
   static const float green[4] = { 0, 1, 0, 1 };
   const uint32_t h3d = 0xb0004097;
   struct nvsim_channel_info info = { 0 };
   struct nvsim_channel *chan = nvsim_channel_create(dev, &info);
   if (!chan)
      die("second channel refused");
   if (nvsim_object_create(chan, h3d, NV40_3D_CLASS))
      die("3D object refused on the second channel");
   /* made after channel A is done: nothing A did can reach them */
   struct nvsim_bo *color = new_bo(dev, NVSIM_DOMAIN_VRAM);
   struct nvsim_bo *zeta = new_bo(dev, NVSIM_DOMAIN_VRAM);
   struct nvsim_bo *vtx = new_bo(dev, NVSIM_DOMAIN_VRAM);
   struct nvsim_bo *fp = new_bo(dev, NVSIM_DOMAIN_VRAM);
   struct nvsim_bo *push = new_bo(dev, NVSIM_DOMAIN_GART);
   write_fp(nvsim_bo_map(fp));
   corner_triangle(nvsim_bo_map(vtx), green);

   struct pb p = { nvsim_bo_map(push), 0, NVSIM_FUZZ_BUF_BYTES / 4, 0 };
   pb_method(&p, 1, NV4_SUBCHAN_OBJECT, h3d);
   draw_state(&p, 1, info.vram_ctxdma, nvsim_bo_offset(color),
              nvsim_bo_offset(zeta), nvsim_bo_offset(vtx),
              nvsim_bo_offset(fp));
   draw_triangle(&p, 1);
   struct nvsim_bo *bos[] = { color, zeta, vtx, fp };
   if (!pb_submit(dev, chan, info.id, push, &p, bos, 4)) {
      fprintf(stderr, "%s\n", nvsim_channel_error(chan));
      die("the second channel trapped after the fuzzed one");
   }
   /* green on A8R8G8B8 is 0xff00ff00; nothing else drawn */
   const uint32_t *px = nvsim_bo_map(color);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         uint32_t want = x + y <= 2 ? 0xff00ff00u : 0;
         if (px[y * W + x] != want) {
            fprintf(stderr, "second channel: pixel (%d,%d) = %08x, want "
                    "%08x\n", x, y, px[y * W + x], want);
            die("the second channel's triangle is wrong");
         }
      }
   nvsim_bo_destroy(color);
   nvsim_bo_destroy(zeta);
   nvsim_bo_destroy(vtx);
   nvsim_bo_destroy(fp);
   nvsim_bo_destroy(push);
   nvsim_channel_destroy(chan);
}

/* NVSIM_FUZZ_DUMP_PUSH=file: the words written after the prologue, as
 * a `push` input (trace-to-seeds.py makes push seeds from the methods
 * seeds this way, relocations resolved). */
static void
dump_push(const struct nvsim_fuzz *fz)
{
   const char *path = getenv("NVSIM_FUZZ_DUMP_PUSH");
   if (!path || !*path)
      return;
   FILE *f = fopen(path, "wb");
   if (!f)
      die("cannot write NVSIM_FUZZ_DUMP_PUSH");
   fwrite(fz->push_map + fz->input_start, 4, fz->push_len - fz->input_start,
          f);
   fclose(f);
}

void
nvsim_fuzz_fini(struct nvsim_fuzz *fz)
{
   dump_push(fz);
   nvsim_fuzz_count_words(fz->chan->fifo.words_read - fz->words_before);
   if (fz->curie)
      other_channel_draws(fz->dev);
   else
      other_channel_runs(fz->dev);
   for (unsigned i = 0; i < NVSIM_FUZZ_BUF_COUNT; i++)
      nvsim_bo_destroy(fz->bufs[i]);
   nvsim_bo_destroy(fz->push);
   nvsim_channel_destroy(fz->chan);
   nvsim_device_destroy(fz->dev);
}
