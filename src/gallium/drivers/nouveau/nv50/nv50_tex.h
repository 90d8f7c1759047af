/*
 * Textures and samplers of a Tesla context (nv50_tex.c): sampler views
 * as TIC entries, sampler states as TSC entries (hwdb g80_texture.xml),
 * the context's tables of both and their bindings per program type.
 */
#ifndef NV50_TEX_H
#define NV50_TEX_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_state.h"

#include "nv50_screen.h"
#include "g80_3d.xml.h"
#include "g80_texture.xml.h"

struct nv50_context;
struct nouveau_bo;

/* BIND_TIC / BIND_TSC are per program type, in the order vertex,
 * geometry, fragment (rnndb g80_3d.xml, hwdb's comment on BIND_TSC). */
enum nv50_tex_stage {
   NV50_TEX_STAGE_VP,
   NV50_TEX_STAGE_GP,
   NV50_TEX_STAGE_FP,
   NV50_TEX_STAGES = G80_3D_BIND_TIC__LEN,
};

/* the words of a TIC or TSC entry (g80_texture.xml: 0x20 bytes each) */
#define NV50_TEX_ENTRY_WORDS (G80_TIC__SIZE / 4)

struct nv50_tex_state {
   struct pipe_sampler_view *views[NV50_TEX_STAGES][NV50_MAX_SAMPLERS];
   const struct nv50_tsc *samplers[NV50_TEX_STAGES][NV50_MAX_SAMPLERS];
   /* slots bound VALID in the hardware, by stage (bit = slot) */
   uint32_t bound_tic[NV50_TEX_STAGES], bound_tsc[NV50_TEX_STAGES];
   /* GL's TEXTURE_CUBE_MAP_SEAMLESS as the last samplers bound carry it
    * (st/mesa creates every sampler with the global enable and binds a
    * stage's anew when it changes; a stage's samplers left bound from
    * earlier draws keep theirs, so they are not asked) */
   bool seamless;
   /* the TIC table, then the TSC table (NV50_TEX_ENTRIES each) */
   struct nouveau_bo *bo;
   /* the sampler bound at a slot whose view has none (a buffer
    * texture: Gallium binds no sampler state for those): a texel fetch
    * reads its instruction's sampler slot too (nvsim traps on an unbound
    * one; upstream binds a sampler for its fetches, saying they use
    * sampler 0), and its state does not matter to a fetch */
   struct nv50_tsc *fetch_tsc;
   /* the next free entry of each table, used as a ring */
   unsigned next_tic, next_tsc;
   bool dirty;
   bool warned;
};

/* Allocates the tables and points TIC/TSC_ADDRESS at them; false when
 * there is no memory (the context is not made). */
bool nv50_tex_init(struct nv50_context *nv50);
void nv50_tex_destroy(struct nv50_context *nv50);
/* Writes and binds what changed, lists the textures in the submission;
 * false when the channel is lost. */
bool nv50_tex_validate(struct nv50_context *nv50);
/* The TIC format of a Gallium format exists (for is_format_supported) */
bool nv50_tex_format_supported(enum pipe_format format);
struct nvhwdb_chip;
/* Seamless cube map filtering: the 3D class's TEX_MISC
 * SEAMLESS_CUBE_MAP, G200_3D on (rnndb variants); G80..G98 have none. */
bool nv50_chip_has_seamless_cube_map(const struct nvhwdb_chip *chip);
/* Without it, the program filters seamlessly (nv50_program.c): the key of
 * stage's lookups of the cubes of units cube_units; its mask (0: the
 * program as compiled). */
struct nvc_g80_seamless_key;
uint32_t nv50_tex_seamless_key(const struct nv50_context *nv50,
                               unsigned stage, uint32_t cube_units,
                               struct nvc_g80_seamless_key *key);
/* Whether the format is one of the TIC's packed or block-compressed
 * formats (shared exponent, small floats, RGTC): textures the driver
 * fills through transfers, no render target needed. */
bool nv50_tex_format_packed(enum pipe_format format);
/* Whether the format is a stencil view of a depth/stencil texture
 * (X24S8_UINT and the like): sampled, never a texture's own format. */
bool nv50_tex_format_stencil(enum pipe_format format);
/* The largest anisotropy TSC MAX_ANISOTROPY names (16_TO_1) */
unsigned nv50_tsc_max_anisotropy(void);
float nv50_tsc_max_lod_bias(void);

#endif
