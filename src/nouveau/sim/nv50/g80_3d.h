/*
 * nvsim's Tesla 3D classes (G80_3D 0x5097, G84_3D 0x8297, G200_3D 0x8397,
 * GT215_3D 0x8597, MCP89_3D 0x8697; hwdb g80_3d.xml from rnndb
 * graph/g80_3d.xml), first layer: every method hwdb names for the class
 * is stored in a register file (g80_3d_class.c); render targets and zeta
 * (g80_3d_surface.c), clears (g80_3d_clear.c) and query reports
 * (g80_3d_query.c) act.  Draws and the other methods with an immediate
 * effect nvsim does not model yet trap as "not modelled".
 */
#ifndef G80_3D_H
#define G80_3D_H

#include "nv50_priv.h"
#include "nv50_layout.h"
#include "g80_surface_format.h"
#include "g80_3d.xml.h"

/* The method space of a subchannel: NV4_DMA_CMD_METHOD's 13 bits
 * (hwdb fifo.xml), in words. */
#define G80_3D_NUM_MTHD ((NV4_DMA_CMD_METHOD__MASK >> 2) + 1)

struct g80_3d {
   struct nvsim_object *obj;
   uint32_t regs[G80_3D_NUM_MTHD];            /* last value of every method */
   uint32_t known[G80_3D_NUM_MTHD / 32];      /* bit per method hwdb names */
};

static inline uint32_t
g80_3d_reg(const struct g80_3d *ctx, uint32_t mthd)
{
   return ctx->regs[mthd / 4];
}

/* The value of a field of a stored method: reg & MASK >> SHIFT. */
#define G80_3D_FIELD(v, F) (((v) & F##__MASK) >> F##__SHIFT)

/* A render target or the zeta buffer as the methods describe it: where
 * its pixels are, their size and layout. */
struct g80_3d_surface {
   struct nvsim_object *dma;    /* DMA_COLOR(i) / DMA_ZETA */
   uint64_t address;            /* of layer 0 */
   uint32_t format;             /* G80_SURFACE_FORMAT / G80_ZETA_FORMAT */
   unsigned cpp;                /* bytes per pixel */
   uint32_t width, height;      /* pixels */
   uint32_t layers;             /* RT_ARRAY_MODE / ZETA_ARRAY_MODE LAYERS */
   uint64_t layer_stride;       /* bytes, 2D arrays */
   bool layers_3d;              /* RT_ARRAY_MODE MODE 3D: layers are z */
   struct nv50_layout layout;
};

/* Resolves render target rt (its slot, RT_ADDRESS(rt) ...) or the zeta
 * buffer; traps (a status other than NVSIM_OK) when its state cannot be
 * used. */
enum nvsim_status g80_3d_rt_surface(struct g80_3d *ctx, unsigned rt,
                                    struct g80_3d_surface *s);
enum nvsim_status g80_3d_zeta_surface(struct g80_3d *ctx,
                                      struct g80_3d_surface *s);
/* Host pointer to `len` bytes from pixel (x, y) of `layer`, NULL (with the
 * trap detail set) when no mapped buffer backs them. */
uint8_t *g80_3d_surface_ptr(struct g80_3d *ctx,
                            const struct g80_3d_surface *s, uint32_t x,
                            uint32_t y, uint32_t layer, uint32_t len);

enum nvsim_status g80_3d_fail(struct g80_3d *ctx, enum nvsim_status st,
                              const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* CLEAR_BUFFERS (g80_3d_clear.c) and QUERY_GET (g80_3d_query.c), with
 * the method's data; the registers hold the rest of their state. */
enum nvsim_status g80_3d_clear(struct g80_3d *ctx, uint32_t data);
enum nvsim_status g80_3d_query_get(struct g80_3d *ctx, uint32_t data);

#endif
