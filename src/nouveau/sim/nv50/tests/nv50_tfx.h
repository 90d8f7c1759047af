/*
 * The shared setup of nvsim's Tesla unit tests (nv50_test.c,
 * nv50_draw_test.c): a device with a VM, a channel and a pushbuffer,
 * IB submission, buffers mapped into the VM, and the 3D object bound on
 * subchannel 3 as upstream's nv50_screen_init_hwctx sets it up.
 */
#ifndef NV50_TFX_H
#define NV50_TFX_H

#include <string.h>

#include "nvsim_object.h"
#include "nvsim_vm.h"
#include "nvsim_test.h"
#include "g80_3d.xml.h"

/* ---- a Tesla device with a channel and a pushbuffer in its VM ---- */

struct tfx {
   struct nvsim_device *dev;
   struct nvsim_vm *vm;
   struct nvsim_channel *chan;
   struct nvsim_channel_info info;
   struct nvsim_bo *push_bo;
   uint64_t push_va;
   uint32_t *map;
   unsigned len, seg;
};

#define TFX_PUSH_WORDS 4096

static bool
tfx_init(struct tfx *t, uint32_t chipset)
{
   memset(t, 0, sizeof(*t));
   t->dev = nvsim_device_create(chipset);
   CHECK(t->dev);
   if (!t->dev)
      return false;
   t->vm = nvsim_vm_create(t->dev);
   CHECK(t->vm);
   t->info.vm = t->vm;
   t->chan = nvsim_channel_create(t->dev, &t->info);
   CHECK(t->chan);
   t->push_bo = nvsim_bo_create(t->dev, TFX_PUSH_WORDS * 4, NVSIM_DOMAIN_GART,
                                NULL);
   CHECK(t->push_bo);
   if (!t->vm || !t->chan || !t->push_bo)
      return false;
   CHECK_EQ(nvsim_vm_map(t->vm, t->push_bo, 0, 0, &t->push_va), 0);
   t->map = nvsim_bo_map(t->push_bo);
   return true;
}

static void
tfx_fini(struct tfx *t)
{
   nvsim_channel_destroy(t->chan);
   if (t->push_bo) {
      nvsim_vm_unmap(t->vm, t->push_va);
      nvsim_bo_destroy(t->push_bo);
   }
   nvsim_vm_unref(t->vm);
   nvsim_device_destroy(t->dev);
}

static void
out(struct tfx *t, uint32_t w)
{
   if (t->len < TFX_PUSH_WORDS)
      t->map[t->len++] = w;
}

/* An IB entry (dma-pusher.rst): word 0 address bits 2..31, word 1 bits
 * 32..39 and the size in words at bit 10, written out by hand. */
static void
ib_entry(uint32_t *e, uint64_t va, uint32_t words)
{
   e[0] = (uint32_t)va & ~3u;
   e[1] = (uint32_t)(va >> 32) | words << 10;
}

/* Submits the words since the last submit as one IB entry and waits. */
static int64_t
tfx_submit(struct tfx *t, struct nvsim_bo *const *bos, unsigned num_bos)
{
   uint32_t e[2];
   ib_entry(e, t->push_va + t->seg * 4, t->len - t->seg);
   t->seg = t->len;
   int64_t seq = nvsim_submit_ib(t->chan, e, 1, bos ? bos : &t->push_bo,
                                 bos ? num_bos : 1);
   if (seq > 0)
      nvsim_wait_seq(t->dev, seq);
   return seq;
}

struct surf2d {
   struct nvsim_bo *bo;
   uint64_t va;
   uint8_t *map;
};

static void
surf2d_new(struct tfx *t, struct surf2d *s, unsigned bytes)
{
   s->bo = nvsim_bo_create(t->dev, bytes, NVSIM_DOMAIN_VRAM, NULL);
   CHECK(s->bo);
   CHECK_EQ(nvsim_vm_map(t->vm, s->bo, 0, 0, &s->va), 0);
   s->map = nvsim_bo_map(s->bo);
}

static void
surf2d_free(struct tfx *t, struct surf2d *s)
{
   nvsim_vm_unmap(t->vm, s->va);
   nvsim_bo_destroy(s->bo);
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

#define T3D_HANDLE 0xbeef5097

static void
m3d(struct tfx *t, uint32_t mthd, uint32_t data)
{
   out(t, nvt_inc(3, mthd, 1));
   out(t, data);
}

/* The 3D object on subchannel 3 with the DMA objects, clear rectangle and
 * render target count upstream's nv50_screen_init_hwctx sets: every DMA
 * object the VRAM one (it covers the VM), CLEAR_RECT VIEWPORT, viewport 0
 * and the screen scissor 8192 x 8192, one render target. */
static void
t3d_bind(struct tfx *t, uint32_t oclass)
{
   CHECK_EQ(nvsim_object_create(t->chan, T3D_HANDLE, oclass), 0);
   out(t, nvt_inc(3, 0, 1));
   out(t, T3D_HANDLE);
   m3d(t, G80_3D_DMA_ZETA, t->info.vram_ctxdma);
   m3d(t, G80_3D_DMA_QUERY, t->info.vram_ctxdma);
   m3d(t, G80_3D_DMA_COLOR(0), t->info.vram_ctxdma);
   m3d(t, G80_3D_CLEAR_FLAGS, G80_3D_CLEAR_FLAGS_CLEAR_RECT_VIEWPORT);
   m3d(t, G80_3D_VIEWPORT_HORIZ(0), 8192u << 16);
   m3d(t, G80_3D_VIEWPORT_VERT(0), 8192u << 16);
   m3d(t, G80_3D_SCREEN_SCISSOR_HORIZ, 8192u << 16);
   m3d(t, G80_3D_SCREEN_SCISSOR_VERT, 8192u << 16);
   m3d(t, G80_3D_RT_CONTROL, 1);
}

static void
t3d_clear_color(struct tfx *t, float r, float g, float b, float a)
{
   out(t, nvt_inc(3, G80_3D_CLEAR_COLOR(0), 4));
   out(t, fbits(r));
   out(t, fbits(g));
   out(t, fbits(b));
   out(t, fbits(a));
}

#endif
