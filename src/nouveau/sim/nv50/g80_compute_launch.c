/*
 * LAUNCH of the Tesla compute classes: a grid of GRIDDIM blocks, each of
 * BLOCKDIM threads run in warps by the shader interpreter, with the
 * block's s[], the global spaces g0[]..g15[] and barriers.
 *
 * Facts and where they are from:
 * - envytools-docs tesla/cuda/isa.rst "Warps and thread types": "The
 *   threads of a block are sequentially grouped into warps.  All warps of
 *   a block execute in parallel ... and have access to so-called shared
 *   memory"; "s[] ... Length per block can be selected by user in
 *   0x40-byte increments from 0 to 0x4000 bytes"; "Up to 16 barriers ...
 *   a warp counter: ... When a warp increases a barrier, its value is
 *   increased by 1.  If a barrier would be increased to a value equal to
 *   a given warp count, it's set to 0 instead.  When a barrier is waited
 *   for by a warp, the warp is blocked until the barrier's value is equal
 *   to 0"; "g0[]-g15[] ... In linear mode, a global space is simply
 *   mapped to a range of VM memory.  When in 2d mode, low 16 bits of gX[]
 *   address are the x coordinate, and high 16 bits are the y coordinate
 *   ... mapped to a blocklinear 2d surface".
 * - rnndb g80_compute.xml (hwdb g80_compute.xml): BLOCK_ALLOC THREADS
 *   ("more than ntid.x*ntid.y*ntid.z == error, less == remaining tids not
 *   executed"), LANES32_ENABLE (32 or 16 lanes a warp), BLOCKDIM_LATCH,
 *   UNK0384 ("not setting bit 8 results in only block 0,0 getting
 *   executed"), GLOBAL LIMIT ("low 16-bit LINE_LIMIT, high 16-bit
 *   HEIGHT-1 in case of 2D surface"), USER_PARAM_COUNT.
 * - upstream's nv50 code generator and driver, as evidence of what the
 *   hardware gives a thread (hwdb G80_CP_TID, G80_CP_SHARED): $r0 the
 *   thread index, the block parameters at the start of s[], the user
 *   parameters from s[0x10]; linear LIMIT the last valid byte (it writes
 *   size - 1, and ~0 for the whole VM); the 2D mode's PITCH as the bytes
 *   from one row of blocks to the next and BLOCK_HEIGHT as the log2 gobs
 *   of a block in y (nv50_compute_validate_surfaces).
 *
 * Assumptions (no document): threads are numbered x fastest, then y,
 * then z, into warps; s[] starts zeroed for each block; a block's warps
 * run one at a time, each until it exits or waits at a barrier (GL and
 * CUDA promise no other order); GRIDID is written to s[0] as a u16; an
 * access outside s[] or a global window, or unaligned, is not documented
 * and traps the channel (nvsim's rule: never touch memory outside a
 * buffer), as does a barrier a warp waits for that can never complete
 * (the counter model above: the hardware would hang).
 */
#include <stdlib.h>
#include <string.h>

#include "g80_compute.h"
#include "nvsim_priv.h"

struct launch {
   struct g80_compute *cp;
   struct g80_3d *ctx;
   struct nvsim_object *dma_global;
   struct g80_3d_exec exec;
};

static void
cp_texture(void *data, enum g80_stage stage, const struct g80_tex_request *req,
           uint32_t out[32][4])
{
   struct launch *l = data;
   (void)stage;
   /* the FP's bindings; no quad derivatives outside the FP (ISA_FLAGS
    * NONFP_DERIV is a fake derivative of 0 or Inf: not modelled, the
    * texture unit samples level 0 as for a VP) */
   g80_3d_exec_texture(&l->exec, G80_STAGE_FP, G80_STAGE_VP, req, out);
}

static bool
cp_const_buffer(void *data, enum g80_stage stage, unsigned index,
                const uint8_t **bytes, uint32_t *size)
{
   struct launch *l = data;
   (void)stage;
   return g80_3d_program_cb(l->ctx, G80_STAGE_FP, index, bytes, size);
}

static uint8_t *
cp_global(void *data, unsigned space, uint32_t addr, unsigned bytes,
          char *why)
{
   struct launch *l = data;
   struct g80_compute *cp = l->cp;
   const size_t n = 96;
   if (space >= G80_COMPUTE_GLOBAL_MODE__LEN) {
      snprintf(why, n, "no such global space");
      return NULL;
   }
   uint64_t base =
      (uint64_t)g80_compute_reg(cp, G80_COMPUTE_GLOBAL_ADDRESS_HIGH(space))
      << 32 | g80_compute_reg(cp, G80_COMPUTE_GLOBAL_ADDRESS_LOW(space));
   uint32_t limit = g80_compute_reg(cp, G80_COMPUTE_GLOBAL_LIMIT(space));
   uint32_t mode = g80_compute_reg(cp, G80_COMPUTE_GLOBAL_MODE(space));
   uint64_t off;
   if (mode & G80_COMPUTE_GLOBAL_MODE_LINEAR__MASK) {
      /* LIMIT is the last valid byte */
      if ((uint64_t)addr + bytes - 1 > limit) {
         snprintf(why, n, "past the window's limit 0x%x", limit);
         return NULL;
      }
      off = addr;
   } else {
      uint32_t x = addr & 0xffff, y = addr >> 16;
      uint32_t line_limit = limit & 0xffff, last_row = limit >> 16;
      unsigned bh = G80_3D_FIELD(mode, G80_COMPUTE_GLOBAL_MODE_BLOCK_HEIGHT);
      unsigned bw = G80_3D_FIELD(mode, G80_COMPUTE_GLOBAL_MODE_BLOCK_WIDTH);
      uint32_t pitch = g80_compute_reg(cp, G80_COMPUTE_GLOBAL_PITCH(space));
      struct nv50_layout lay;
      if (x + bytes - 1 > line_limit || y > last_row) {
         snprintf(why, n, "outside the 2D window (line limit 0x%x, last "
                  "row %u)", line_limit, last_row);
         return NULL;
      }
      /* rnndb: BLOCK_WIDTH "only accepts 0?" */
      if (bw || !nv50_layout_blocklinear(&lay, bh << 4, 0, last_row + 1, 1)) {
         snprintf(why, n, "2D mode 0x%x not modelled", mode);
         return NULL;
      }
      /* PITCH: bytes from one row of blocks to the next (4 rows a gob) */
      lay.width_bytes = pitch / (4u << bh);
      if (!lay.width_bytes || x >= lay.width_bytes) {
         snprintf(why, n, "x 0x%x past the 2D pitch 0x%x", x, pitch);
         return NULL;
      }
      off = nv50_layout_offset(&lay, x, y, 0);
   }
   uint8_t *p = nvsim_dma_ptr(l->dma_global, base + off, bytes);
   if (!p)
      snprintf(why, n, "0x%llx is not in a mapped buffer",
               (unsigned long long)(base + off));
   return p;
}

/* A warp of the block being run. */
struct cp_warp {
   struct g80_shader_warp w;
   struct g80_shader_thread *t;
   struct g80_shader_fault fault;
   uint32_t tid[G80_SHADER_WARP_LANES];
   enum { W_RUNNING, W_WAITING, W_DONE } state;
   unsigned bar;            /* the barrier waited for */
   uint32_t gen;            /* its generation when the warp began waiting */
};

struct barrier {
   unsigned count;
   uint32_t gen;            /* bumped each time the count wraps to 0 */
};

/* A warp stopped (ret from g80_shader_start / resume): its new state. */
static enum nvsim_status
warp_stopped(struct g80_compute *cp, struct cp_warp *wp, int ret,
             const struct g80_shader_barrier *b, struct barrier *bars,
             unsigned num_bars, unsigned warps)
{
   if (ret < 0)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "compute program at "
                              "0x%x: %s%s", wp->fault.pc, wp->fault.msg,
                              wp->fault.runaway ? " (runaway)" : "");
   if (ret == 0) {
      wp->state = W_DONE;
      return NVSIM_OK;
   }
   if (b->id >= num_bars)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "bar %u past the %u "
                              "barriers BLOCK_ALLOC gives", b->id, num_bars);
   struct barrier *bar = &bars[b->id];
   if (b->inc && ++bar->count == warps) {
      bar->count = 0;
      bar->gen++;
   }
   wp->bar = b->id;
   wp->gen = bar->gen;
   /* waiting: until the count is 0 again, i.e. it wrapped since (or it
    * is 0 already, without an increase of ours) */
   wp->state = b->wait && bar->count != 0 ? W_WAITING : W_RUNNING;
   return NVSIM_OK;
}

static enum nvsim_status
run_block(struct launch *l, const struct g80_shader_program *prog,
          struct cp_warp *wps, unsigned warps, unsigned lanes_per_warp,
          unsigned threads, const uint32_t ntid[3], uint8_t *shared,
          uint32_t shared_bytes, uint32_t *locks, unsigned num_bars)
{
   struct g80_compute *cp = l->cp;
   struct g80_shader_callbacks cb = {
      .ctx = l, .texture = cp_texture, .const_buffer = cp_const_buffer,
      .global = cp_global,
   };
   struct barrier bars[G80_CP_LIMIT_BARRIERS];
   enum nvsim_status st = NVSIM_OK;
   memset(bars, 0, sizeof(bars));

   for (unsigned i = 0; i < warps; i++) {
      struct cp_warp *wp = &wps[i];
      memset(wp, 0, sizeof(*wp));
      unsigned first = i * lanes_per_warp;
      unsigned lanes = threads - first < lanes_per_warp ? threads - first :
                                                          lanes_per_warp;
      for (unsigned k = 0; k < lanes; k++) {
         unsigned t = first + k;
         wp->tid[k] = G80_CP_TID_X(t % ntid[0]) |
                      G80_CP_TID_Y(t / ntid[0] % ntid[1]) |
                      G80_CP_TID_Z(t / (ntid[0] * ntid[1]));
      }
      wp->w.lanes = lanes;
      wp->w.active = lanes >= 32 ? ~0u : (1u << lanes) - 1;
      wp->w.shared = shared;
      wp->w.shared_bytes = shared_bytes;
      wp->w.tid = wp->tid;
      wp->w.warp_index = i;
      wp->w.shared_lock = locks;
   }
   /* every warp to its exit or first barrier, then the released ones on
    * until none moves */
   for (unsigned i = 0; i < warps && !st; i++) {
      struct g80_shader_barrier b;
      int r = g80_shader_start(prog, &wps[i].w, &cb, &wps[i].fault,
                               &wps[i].t, &b);
      st = warp_stopped(cp, &wps[i], r, &b, bars, num_bars, warps);
      while (!st && wps[i].state == W_RUNNING) {
         r = g80_shader_resume(wps[i].t, &b);
         st = warp_stopped(cp, &wps[i], r, &b, bars, num_bars, warps);
      }
   }
   bool moved = true;
   while (!st && moved) {
      moved = false;
      for (unsigned i = 0; i < warps && !st; i++) {
         struct cp_warp *wp = &wps[i];
         if (wp->state != W_WAITING || bars[wp->bar].gen == wp->gen)
            continue;
         moved = true;
         wp->state = W_RUNNING;
         while (!st && wp->state == W_RUNNING) {
            struct g80_shader_barrier b;
            int r = g80_shader_resume(wp->t, &b);
            st = warp_stopped(cp, wp, r, &b, bars, num_bars, warps);
         }
      }
   }
   for (unsigned i = 0; i < warps && !st; i++)
      if (wps[i].state == W_WAITING)
         st = g80_compute_fail(cp, NVSIM_INVALID_STATE, "warp %u waits at "
                               "bar %u, which can never complete: %u of %u "
                               "warps arrived (the others exited)", i,
                               wps[i].bar, bars[wps[i].bar].count, warps);
   for (unsigned i = 0; i < warps; i++) {
      g80_shader_thread_free(wps[i].t);
      wps[i].t = NULL;
   }
   if (!st && l->exec.tex_failed)
      st = NVSIM_INVALID_STATE;   /* the texture unit set the detail */
   return st;
}

static void
put_u16(uint8_t *s, uint32_t at, uint32_t v)
{
   s[at] = v & 0xff;
   s[at + 1] = (v >> 8) & 0xff;
}

enum nvsim_status
g80_compute_launch(struct g80_compute *cp)
{
   struct launch l = { .cp = cp };
   l.ctx = g80_compute_3d(cp);
   if (!l.ctx)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "LAUNCH: the code "
                              "segment and bindings compute shares with 3D "
                              "are the 3D object's in nvsim, and no 3D "
                              "object is bound on the channel");
   l.exec.ctx = l.ctx;
   if (cp->cond_written &&
       g80_compute_reg(cp, G80_COMPUTE_COND_MODE) !=
       G80_COMPUTE_COND_MODE_ALWAYS)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "LAUNCH under a "
                              "COND_MODE other than ALWAYS is not modelled");
   if (!cp->dims_latched)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "LAUNCH: block "
                              "dimensions not latched (rnndb "
                              "BLOCKDIM_LATCH: \"set to 1 after setting up "
                              "block dimensions, otherwise error\")");
   uint32_t dim_xy = g80_compute_reg(cp, G80_COMPUTE_BLOCKDIM_XY);
   uint32_t ntid[3] = {
      G80_3D_FIELD(dim_xy, G80_COMPUTE_BLOCKDIM_XY_X),
      G80_3D_FIELD(dim_xy, G80_COMPUTE_BLOCKDIM_XY_Y),
      g80_compute_reg(cp, G80_COMPUTE_BLOCKDIM_Z),
   };
   uint32_t alloc = g80_compute_reg(cp, G80_COMPUTE_BLOCK_ALLOC);
   unsigned threads = G80_3D_FIELD(alloc, G80_COMPUTE_BLOCK_ALLOC_THREADS);
   unsigned num_bars = G80_3D_FIELD(alloc, G80_COMPUTE_BLOCK_ALLOC_BARRIERS);
   uint64_t block = (uint64_t)ntid[0] * ntid[1] * ntid[2];
   /* the thread index's fields (hwdb G80_CP_TID) */
   if (!block || ntid[1] > G80_CP_TID_Y__MASK >> G80_CP_TID_Y__SHIFT ||
       ntid[2] > G80_CP_TID_Z__MASK >> G80_CP_TID_Z__SHIFT ||
       threads > block)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "LAUNCH: block %ux%ux%u"
                              " with BLOCK_ALLOC THREADS %u (rnndb: more "
                              "than the block is an error)", ntid[0],
                              ntid[1], ntid[2], threads);
   if (num_bars > G80_CP_LIMIT_BARRIERS)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "LAUNCH: BLOCK_ALLOC "
                              "BARRIERS %u past %u", num_bars,
                              G80_CP_LIMIT_BARRIERS);
   unsigned lanes_per_warp =
      g80_compute_reg(cp, G80_COMPUTE_LANES32_ENABLE) ?
      G80_SHADER_WARP_LANES : G80_CP_LIMIT_LANES_NARROW;
   uint32_t shared_bytes = g80_compute_reg(cp, G80_COMPUTE_SHARED_SIZE);
   uint32_t pcount = G80_3D_FIELD(g80_compute_reg(cp,
                                                  G80_COMPUTE_USER_PARAM_COUNT),
                                  G80_COMPUTE_USER_PARAM_COUNT_COUNT);
   if (shared_bytes > G80_CP_LIMIT_SHARED_SIZE_MAX ||
       shared_bytes % G80_CP_LIMIT_SHARED_SIZE_ALIGN)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "LAUNCH: SHARED_SIZE "
                              "0x%x is not a multiple of 0x%x up to 0x%x",
                              shared_bytes, G80_CP_LIMIT_SHARED_SIZE_ALIGN,
                              G80_CP_LIMIT_SHARED_SIZE_MAX);
   if (pcount > G80_CP_LIMIT_USER_PARAMS ||
       G80_CP_SHARED_USER_PARAM + 4 * pcount > shared_bytes)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "LAUNCH: %u user "
                              "parameters do not fit the 0x%x bytes of s[] "
                              "(where they go is not documented for that "
                              "case)", pcount, shared_bytes);
   uint32_t grid = g80_compute_reg(cp, G80_COMPUTE_GRIDDIM);
   uint32_t nctaid[2] = { G80_3D_FIELD(grid, G80_COMPUTE_GRIDDIM_X),
                          G80_3D_FIELD(grid, G80_COMPUTE_GRIDDIM_Y) };
   /* rnndb UNK0384: without bit 8 only block (0, 0) runs */
   bool only_first = !(g80_compute_reg(cp, G80_COMPUTE_UNK0384) & 0x100);

   uint32_t dma_handle = g80_compute_reg(cp, G80_COMPUTE_DMA_GLOBAL);
   l.dma_global = dma_handle ? nvsim_lookup(cp->obj->chan, dma_handle) : NULL;
   if (!l.dma_global || !l.dma_global->is_dma)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "LAUNCH: DMA_GLOBAL "
                              "is not a DMA object");

   struct g80_shader_program prog = {
      .start = g80_compute_reg(cp, G80_COMPUTE_CP_START_ID),
      .gprs = g80_compute_reg(cp, G80_COMPUTE_CP_REG_ALLOC_TEMP),
      .isa_flags = g80_3d_isa_flags(l.ctx),
   };
   if (!g80_3d_code_segment(l.ctx, G80_STAGE_FP, &prog.code, &prog.code_size))
      return NVSIM_DMA_ERROR;
   /* l[]: LOCAL_SIZE_LOG is log2(bytes / 8) a thread (rnndb); nvsim gives
    * each warp its own zeroed space (the block's warps live at once) */
   uint32_t llog = g80_compute_reg(cp, G80_COMPUTE_LOCAL_SIZE_LOG);
   if (llog > G80_COMPUTE_LOCAL_SIZE_LOG_MAX)
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "LOCAL_SIZE_LOG 0x%x "
                              "past 0x%x (rnndb)", llog,
                              G80_COMPUTE_LOCAL_SIZE_LOG_MAX);
   prog.local_bytes = llog == G80_COMPUTE_LOCAL_SIZE_LOG_DISABLED ? 0 :
                      8u << llog;

   unsigned warps = (threads + lanes_per_warp - 1) / lanes_per_warp;
   struct cp_warp *wps = calloc(warps ? warps : 1, sizeof(*wps));
   uint8_t *shared = calloc(1, shared_bytes ? shared_bytes : 1);
   uint32_t *locks = calloc(shared_bytes / 4 + 1, sizeof(uint32_t));
   enum nvsim_status st = NVSIM_OK;
   if (!wps || !shared || !locks) {
      free(wps);
      free(shared);
      free(locks);
      return g80_compute_fail(cp, NVSIM_INVALID_STATE, "LAUNCH: out of "
                              "memory");
   }
   for (uint32_t y = 0; y < nctaid[1] && !st && threads; y++) {
      for (uint32_t x = 0; x < nctaid[0] && !st; x++) {
         if (only_first && (x || y))
            break;
         /* a block run is progress (a timed wait goes on) */
         nvsim_progress(cp->obj->chan->dev);
         memset(shared, 0, shared_bytes);
         memset(locks, 0, (shared_bytes / 4 + 1) * sizeof(uint32_t));
         put_u16(shared, G80_CP_SHARED_GRIDID,
                 g80_compute_reg(cp, G80_COMPUTE_GRIDID));
         put_u16(shared, G80_CP_SHARED_NTID_X, ntid[0]);
         put_u16(shared, G80_CP_SHARED_NTID_Y, ntid[1]);
         put_u16(shared, G80_CP_SHARED_NTID_Z, ntid[2]);
         put_u16(shared, G80_CP_SHARED_NCTAID_X, nctaid[0]);
         put_u16(shared, G80_CP_SHARED_NCTAID_Y, nctaid[1]);
         put_u16(shared, G80_CP_SHARED_CTAID_X, x);
         put_u16(shared, G80_CP_SHARED_CTAID_Y, y);
         for (unsigned i = 0; i < pcount; i++) {
            uint32_t v = g80_compute_reg(cp, G80_COMPUTE_USER_PARAM(i));
            memcpy(shared + G80_CP_SHARED_USER_PARAM + 4 * i, &v, 4);
         }
         st = run_block(&l, &prog, wps, warps, lanes_per_warp, threads, ntid,
                        shared, shared_bytes, locks, num_bars);
      }
   }
   free(wps);
   free(shared);
   free(locks);
   return st;
}
