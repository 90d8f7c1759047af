/*
 * What the Tesla draw tests (nv50_draw_test.c, nv50_cond_test.c,
 * nv50_msaa_test.c) share on top of nv50_tfx.h: the 3D object with a
 * stage runner standing in for the shader interpreter, the plainest
 * pass-through run, render target 0, and the vertex layout they draw
 * from (vertices of 8 floats: position xyzw, colour rgba).
 */
#ifndef NV50_PTFX_H
#define NV50_PTFX_H

#include "nv50_tfx.h"
#include "g80_3d.h"

/* The VP copies its inputs to its results; the FP's inputs are the
 * position x, y, z, 1/w (UMASK XYZW) and then the colour over w, which
 * it multiplies back by w (what a compiled FP does) into colour 0. */
static inline bool
ptfx_copy_run(void *priv, struct g80_3d *ctx, struct g80_stage_batch *b)
{
   (void)priv;
   (void)ctx;
   b->killed = 0;
   for (unsigned i = 0; i < b->count; i++) {
      const uint32_t *in = &b->in[i * b->in_stride];
      uint32_t *o = &b->out[i * b->out_stride];
      if (b->stage == G80_STAGE_VP) {
         for (unsigned w = 0; w < b->in_words && w < b->out_words; w++)
            o[w] = in[w];
         continue;
      }
      float iw, v;
      memcpy(&iw, &in[3], 4);
      for (unsigned c = 0; c < 4 && c < b->out_words; c++) {
         memcpy(&v, &in[4 + c], 4);
         v /= iw;
         memcpy(&o[c], &v, 4);
      }
   }
   return true;
}

/* The 3D object of class oclass bound, with runner as its stages;
 * false (a failed check) when the object is not there. */
static inline bool
ptfx_bind(struct tfx *t, uint32_t oclass, struct g80_stage_runner *runner)
{
   t3d_bind(t, oclass);
   struct nvsim_object *obj = nvsim_lookup(t->chan, T3D_HANDLE);
   CHECK(obj && obj->priv);
   if (!obj || !obj->priv)
      return false;
   ((struct g80_3d *)obj->priv)->stages = runner;
   return true;
}

/* Render target 0 at va: RGBA8_UNORM, RT_BLOCK_DIMENSIONS 0 (one gob
 * when blocklinear), RT_HORIZ / RT_VERT as given. */
static inline void
ptfx_rt(struct tfx *t, uint64_t va, uint32_t horiz, uint32_t vert)
{
   out(t, nvt_inc(3, G80_3D_RT_ADDRESS_HIGH(0), 5));
   out(t, (uint32_t)(va >> 32));
   out(t, (uint32_t)va);
   out(t, G80_SURFACE_FORMAT_RGBA8_UNORM);
   out(t, 0);
   out(t, 0);
   out(t, nvt_inc(3, G80_3D_RT_HORIZ(0), 2));
   out(t, horiz);
   out(t, vert);
}

/* Vertex array 0 over [va, va + bytes): vertices of 8 floats, attribute
 * 0 the position, 1 the colour (XYZW each); the VP's 8 results passed
 * through the result map (slots 0..3 position, 4..7 colour); the FP
 * reads the colour as 4 interpolants from slot 4 and writes 4 results. */
static inline void
ptfx_arrays(struct tfx *t, uint64_t va, uint64_t bytes)
{
   m3d(t, G80_3D_DMA_VTXBUF, t->info.vram_ctxdma);
   m3d(t, G80_3D_VP_ATTR_EN(0), 0xff);
   m3d(t, G80_3D_VERTEX_ARRAY_ATTRIB(0),
       G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32_32_32 |
       G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT);
   m3d(t, G80_3D_VERTEX_ARRAY_ATTRIB(1),
       G80_3D_VERTEX_ARRAY_ATTRIB_OFFSET(16) |
       G80_3D_VERTEX_ARRAY_ATTRIB_FORMAT_32_32_32_32 |
       G80_3D_VERTEX_ARRAY_ATTRIB_TYPE_FLOAT);
   m3d(t, G80_3D_VERTEX_ARRAY_FETCH(0),
       G80_3D_VERTEX_ARRAY_FETCH_ENABLE | 32);
   m3d(t, G80_3D_VERTEX_ARRAY_START_HIGH(0), (uint32_t)(va >> 32));
   m3d(t, G80_3D_VERTEX_ARRAY_START_LOW(0), (uint32_t)va);
   m3d(t, G80_3D_VERTEX_ARRAY_LIMIT_HIGH(0),
       (uint32_t)((va + bytes - 1) >> 32));
   m3d(t, G80_3D_VERTEX_ARRAY_LIMIT_LOW(0), (uint32_t)(va + bytes - 1));
   m3d(t, G80_3D_VP_RESULT_MAP_SIZE, 8);
   m3d(t, G80_3D_VP_RESULT_MAP(0), 0x03020100);
   m3d(t, G80_3D_VP_RESULT_MAP(1), 0x07060504);
   m3d(t, G80_3D_FP_INTERPOLANT_CTRL,
       G80_3D_FP_INTERPOLANT_CTRL_UMASK(0xf) |
       G80_3D_FP_INTERPOLANT_CTRL_COUNT(4) |
       G80_3D_FP_INTERPOLANT_CTRL_OFFSET(4) |
       G80_3D_FP_INTERPOLANT_CTRL_COUNT_NONFLAT(4));
   m3d(t, G80_3D_FP_RESULT_COUNT, 4);
}

#endif
