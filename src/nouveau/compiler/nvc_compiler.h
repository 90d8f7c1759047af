/*
 * NIR -> NV3x/NV4x vertex and fragment program compiler: public API.
 *
 * The pipe driver (src/gallium/drivers/nouveau/nv30/) builds a target
 * description from its chip's row of the chip table (nvc_target_init),
 * then hands us the NIR that st/mesa produced (after its own lowering,
 * with the options returned by nvc_nir_options()); we clone it, lower it
 * further, select instructions, allocate registers and pack the result
 * with the ISA packers of src/nouveau/isa.  The NIR passed in is never
 * modified.  Every limit the compiler obeys is read from the target.
 *
 * Debugging: NV_DEBUG=shaders (or NOUVEAU_DEBUG=shaders) prints the NIR
 * that reaches instruction selection and the disassembly of the result on
 * stderr.
 *
 * Hardware facts used by this interface (cite: upstream Mesa 22.3
 * src/gallium/drivers/nouveau/nv30/nvfx_vertprog.c, nvfx_fragprog.c,
 * nv30_screen.c, nv40_vertprog.h; rnndb graph/nv30-40_3d.xml):
 *  - a VP instruction is 4 words; the program ends at the instruction
 *    with the LAST bit (set by us on the final instruction);
 *  - VP constants live in one vec4 file shared by all programs
 *    (nvc_target.vp.num_consts); entries 0..5 hold the user clip planes
 *    (DP4'ed into the clip distance outputs), so programs place theirs
 *    from 6 up (nvc_target.vp.first_free_const);
 *  - an FP instruction is 4 words, optionally followed by 4 words of
 *    inline constant (the FP has no constant registers, so uniforms are
 *    patched into the program words by the driver before upload);
 *  - NV40 FP input registers: 0 position, 1 col0, 2 col1, 3 fog, 4+n
 *    texcoord n (n < 10), 14 facing; VP outputs: 0 position, 1 col0,
 *    2 col1, 3 bfc0, 4 bfc1, 5 fog, 6 point size, 7+n texcoord n.
 */
#ifndef NVC_COMPILER_H
#define NVC_COMPILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe/p_defines.h"

#include "nvhwdb_chips.h"
#include "nvisa_nv40_fp_gen.h"
#include "nvisa_nv40_vp_gen.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nir_shader;
struct nir_shader_compiler_options;
struct nvisa_nv40_fp_insn;
struct nvisa_op_info;

/* Texcoord routing tables are this long: the most texcoords any target
 * has (NV40's FP inputs TC0..TC9); nvc_target.fp.num_texcoords says how
 * many of the entries a target uses. */
#define NVC_MAX_TEXCOORDS \
   (NVISA_NV40_FP_INPUT_TC9 - NVISA_NV40_FP_INPUT_TC0 + 1)

/* ------------------------------------------------------------ target */

/* Arithmetic precisions an ISA computes in (bit each). */
enum nvc_precision {
   NVC_PRECISION_FP32 = 1 << 0,
   NVC_PRECISION_FP16 = 1 << 1,
   NVC_PRECISION_FX12 = 1 << 2,   /* NV_fragment_program fixed point */
   NVC_PRECISION_FX9  = 1 << 3,   /* NV40 FP only (nv40_fp.xml) */
};

/* "No such input register" in nvc_target.fp.input. */
#define NVC_FP_INPUT_NONE 0xff

/* What the compiler may use on one chip: the ISA and its limits.  Built
 * by nvc_target_init from the chip's row of the chip table (hwdb
 * chips.xml: the ISA, program slots, constants, texture units,
 * branching) and the ISA's tables (src/nouveau/isa: register files,
 * inputs, precisions).  Nothing in the compiler repeats these numbers. */
struct nvc_target {
   const char *name;          /* the chip's codename, for messages */
   enum nvhwdb_isa isa;       /* NV30 or NV40 */
   struct {
      unsigned max_insns;     /* instruction slots (chips.xml vp-slots) */
      unsigned num_consts;    /* vec4 constant registers (vp-consts) */
      unsigned first_free_const; /* below it: the user clip planes */
      unsigned num_temps;     /* temporaries (ISA NUM_TEMPS) */
      unsigned num_attribs;   /* attribute registers (ISA NUM_INPUTS) */
      unsigned tex_units;     /* vertex texture units (vtx-tex-units) */
      bool result_en;         /* the 3D class has VP_RESULT_EN (curie's
                                 only: nv30-40_3d.xml) */
      bool branching;         /* BRA: ifs (vp-branching) */
      bool loops;             /* BRA back: loops (with branching) */
      bool calls;             /* CAL/RET (ISA, with branching) */
      bool const_indexing;    /* uniform arrays read through ARL and an
                                 indexed constant (else select chains) */
      unsigned precisions;    /* enum nvc_precision */
   } vp;
   struct {
      unsigned max_insns;     /* instructions (chips.xml fp-slots) */
      unsigned num_temps;     /* full-precision R registers (ISA) */
      unsigned num_half_temps; /* half-precision H registers (ISA) */
      unsigned num_inputs;    /* input registers (ISA NUM_INPUTS) */
      unsigned num_texcoords; /* texcoord inputs, <= NVC_MAX_TEXCOORDS */
      unsigned tex_units;     /* texture units (fp-tex-units) */
      unsigned render_targets; /* colour outputs (render-targets) */
      bool branching;         /* IF/ELSE/ENDIF (fp-branching) */
      bool loops;             /* REP/LOOP/BRK (ISA, with branching) */
      bool calls;             /* CAL/RET (ISA, with branching) */
      unsigned max_if_depth;  /* ifs nested (ISA; 0 without branching) */
      unsigned max_loop_depth; /* loops nested (ISA; 0 without loops) */
      bool facing;            /* a FACING input register (ISA) */
      bool txl;               /* TXL, explicit-lod lookups (ISA) */
      bool rsq;               /* RSQ (ISA: NV30 has it, NV40 not) */
      bool lrp;               /* LRP (ISA: NV30 has it, NV40 not) */
      bool pow;               /* POW (ISA: NV30 has it, NV40 not) */
      unsigned precisions;    /* enum nvc_precision */
      /* Input register numbers (the ISA's INPUT enum): texcoord n is
       * tc0 + n; facing is NVC_FP_INPUT_NONE without the facing input. */
      struct {
         uint8_t pos, col0, col1, fogc, tc0, facing;
      } input;
      /* The ISA's opcode table (64 entries by OPCODE value, name NULL
       * where the ISA has no such opcode) and its packer, unpacker and
       * disassembler of the decoded form both FP ISAs share
       * (nvisa_nv40_fp.h, nvisa_nv30_fp.h). */
      const struct nvisa_op_info *ops;
      int (*encode)(const struct nvisa_nv40_fp_insn *insn, uint32_t out[4]);
      int (*decode)(const uint32_t in[4], struct nvisa_nv40_fp_insn *insn);
      int (*disasm)(const uint32_t *in, unsigned avail, char *buf, size_t n);
      /* The FP_CONTROL word for a program using `regs` full-precision
       * registers, KIL, and writing result.depth (its fields differ per
       * 3D class: hwdb nv30-40_3d.xml). */
      uint32_t (*control)(unsigned regs, bool kil, bool depth);
   } fp;
};

/* Fills *t for chip.  Returns false (and, if error is not NULL, a
 * malloc()ed message the caller frees) when the chip has no ISA the
 * compiler knows. */
bool nvc_target_init(struct nvc_target *t, const struct nvhwdb_chip *chip,
                     char **error);

/* Does the target's fragment program ISA have this opcode (an OPCODE
 * value of nv30_fp.xml / nv40_fp.xml)? */
bool nvc_target_fp_has_op(const struct nvc_target *t, unsigned opcode);

/* "No varying" marker in the texcoord routing tables below. */
#define NVC_VARYING_NONE        0xff

/* Returned by nvc_nir_options(): what the screen's
 * get_compiler_options(PIPE_SHADER_IR_NIR, shader) should return. */
const struct nir_shader_compiler_options *
nvc_nir_options(const struct nvc_target *target, enum pipe_shader_type shader);

/* ------------------------------------------------------------------ VP */

/* One constant register the program needs: either a copy of uniform
 * vec4 slot `uniform_slot` of constant buffer 0 (re-upload it whenever
 * the buffer changes), or the immediate `value` (uniform_slot < 0). */
struct nvc_vp_const {
   uint16_t hw_slot;       /* index in the VP constant file (target
                              vp.num_consts entries) */
   int16_t uniform_slot;   /* vec4 slot in constant buffer 0, or -1 */
   float value[4];         /* immediate value when uniform_slot < 0 */
};

/* Compile-time state the VP depends on.  Pass NULL for the defaults. */
struct nvc_vp_key {
   /* Which varying (gl_varying_slot, VARYING_SLOT_*) goes out through
    * hardware texcoord output n, or NVC_VARYING_NONE.  Copy it from the
    * bound nvc_fp_binary::texcoord_varying so that VP and FP agree; VS
    * outputs that the table does not name are dropped.  With a NULL key
    * the VP routes its own outputs with the same rule the FP compiler
    * uses (TEXn -> TCn, other varyings to the free TCs in increasing
    * slot order), which matches an FP reading exactly what the VP
    * writes. */
   uint8_t texcoord_varying[NVC_MAX_TEXCOORDS];
   /* User clip planes enabled (bit i: plane i, i < 6): the VP gets a DP4
    * of the position with constant register i for each. */
   uint8_t ucp_enable;
   /* First constant register the program may use (default
    * nvc_target.vp.first_free_const).  Constants are placed densely from
    * here; see nvc_vp_binary::consts. */
   uint16_t const_base;
   /* The FP takes gl_FrontFacing from COL1 (nvc_fp_binary::
    * facing_in_col1): write COL1 = 1 and BFC1 = 0, and, unless
    * `two_side` (the user's own two-sided colours), BFC0 = COL0 so that
    * the selection leaves the primary colour as it was. */
   bool facing_in_col1;
   bool two_side;
};

/* A field of one instruction that depends on where the program is
 * loaded (nvc_vp_relocate). */
enum nvc_vp_reloc_kind {
   NVC_VP_RELOC_IADDR,     /* BRA/CAL target: a slot of the program */
   NVC_VP_RELOC_CONST,     /* XFCTX_ADDR: one of the program's constants */
};

struct nvc_vp_reloc {
   uint16_t insn;          /* instruction index */
   uint8_t kind;           /* enum nvc_vp_reloc_kind */
};

struct nvc_vp_binary {
   uint32_t *insns;            /* num_insns * 4 words, ready for upload at
                                  slot 0 (else see relocs) */
   unsigned num_insns;
   uint32_t attrib_en;         /* NV40_3D VP_ATTRIB_EN: bit i = attribute
                                  register i is read (i = the NIR input
                                  driver_location = vertex element index) */
   uint32_t result_en;         /* NV40_3D VP_RESULT_EN bits for what the
                                  VP writes (OR in fp->vp_result_en);
                                  0 on rankine, which has no such method */
   uint32_t clip_planes_enable; /* NV30_3D VP_CLIP_PLANES_ENABLE for the
                                  planes whose distances the VP writes
                                  (key.ucp_enable), on both generations */
   struct nvc_vp_const *consts;
   unsigned num_consts;        /* entries in consts[] */
   unsigned const_end;         /* one past the highest hw_slot used */
   unsigned const_base;        /* key.const_base: the first hw_slot the
                                  constants were placed from */
   /* Branch targets are absolute slots and constant addresses absolute
    * registers (nv40_vp.xml/nv30_vp.xml IADDR, XFCTX_ADDR): the fields to
    * change for loading the program elsewhere (nvc_vp_relocate). */
   struct nvc_vp_reloc *relocs;
   unsigned num_relocs;
   unsigned num_temps;         /* temporaries after register allocation */
   /* Linkage: varying slot carried by hardware texcoord output n. */
   uint8_t texcoord_varying[NVC_MAX_TEXCOORDS];
   uint64_t outputs_written;   /* NIR outputs_written (VARYING_BIT_*) */
   bool writes_psize;
   bool writes_fog;
};

/* Returns true on success.  On failure returns false and, if error is not
 * NULL, sets *error to a malloc()ed message the caller frees; `out` is
 * then zeroed.  Never aborts on bad input. */
bool nvc_compile_vs(const struct nvc_target *target,
                    const struct nir_shader *nir,
                     const struct nvc_vp_key *key,
                     struct nvc_vp_binary *out, char **error);
void nvc_vp_binary_free(struct nvc_vp_binary *bin);

/* Writes bin's instructions (num_insns * 4 words) into words as they must
 * be for loading them from instruction slot insn_base with the program's
 * constant registers [bin->const_base, bin->const_end) moved to start at
 * const_base: branch targets move by insn_base, the program's constant
 * addresses by const_base - bin->const_base (constant registers below
 * bin->const_base, the user clip planes, stay).  The caller keeps both
 * ranges inside the target's (vp.max_insns, vp.num_consts). */
void nvc_vp_relocate(const struct nvc_target *target,
                     const struct nvc_vp_binary *bin, unsigned insn_base,
                     unsigned const_base, uint32_t *words);

/* ------------------------------------------------------------------ FP */

/* Inline constant word insns[word] must hold dword `uniform_dword` of
 * constant buffer 0 (= vec4 slot uniform_dword / 4, component % 4). */
struct nvc_fp_patch {
   uint32_t word;
   uint32_t uniform_dword;
};

struct nvc_fp_binary {
   uint32_t *insns;            /* num_words words: instructions + inline
                                  constants, in program order; upload to
                                  the FP buffer as is (little-endian CPU) */
   unsigned num_words;
   unsigned num_insns;         /* instructions (excluding inline consts) */
   unsigned num_temps;         /* full-precision registers used (>= 2) */
   bool uses_kil;
   bool writes_depth;          /* result.depth is written to R1.z */
   uint32_t fp_control;        /* FP_CONTROL, for the target's 3D class
                                  (nv30-40_3d.xml): rankine
                                  USED_REGS_MINUS1_DIV2 | USES_KIL |
                                  DEPTH_REPLACE, curie TEMP_COUNT | KIL |
                                  DEPTH_REPLACE */
   struct nvc_fp_patch *patches; /* uniforms to copy into the words */
   unsigned num_patches;
   /* Linkage: varying slot read through hardware texcoord input n, or
    * NVC_VARYING_NONE.  Give it to nvc_compile_vs in the key. */
   uint8_t texcoord_varying[NVC_MAX_TEXCOORDS];
   uint16_t texcoords_used;    /* bit n: TCn read */
   uint32_t vp_result_en;      /* VP_RESULT_EN bits for those TCs (0
                                  without the register: rankine) */
   uint32_t inputs_read;       /* bit i: FP input register i is read */
   uint32_t samplers_used;     /* bit i: texture unit i is sampled */
   /* Colour outputs written (bit n: render target n, n <
    * target fp.render_targets). */
   uint8_t color_outputs;
   /* gl_FrontFacing on a target without a facing input (rankine,
    * nv30_fp.xml INPUT has none): read as COL1.x > 0.5.  Compile the VP
    * with key.facing_in_col1 and enable VERTEX_TWO_SIDE_ENABLE, so that
    * front faces get COL1 = 1 and back faces BFC1 = 0 (two-sided colour
    * selection, rnndb NV_vertex_program BFC0/BFC1).  Such an FP reads no
    * secondary colour (refused otherwise). */
   bool facing_in_col1;
};

bool nvc_compile_fs(const struct nvc_target *target,
                    const struct nir_shader *nir,
                     struct nvc_fp_binary *out, char **error);

/* ----------------------------------------- FP: NPOT texture emulation */

/* Texture units a fragment program key describes (rankine has 16,
 * curie 16: hwdb chips.xml fp-tex-units). */
#define NVC_MAX_TEX_UNITS 16

/* How a unit's lookups are compiled (nvc_lower_tex_npot.c says why):
 *  - NONE: as the hardware samples the bound image;
 *  - SCALE: the image is a rectangle (linear, unnormalized texel
 *    coordinates, NV_texture_rectangle) and GL's normalized coordinates
 *    are scaled by the level's size; the unit's own filter and clamp
 *    wrap modes do the rest (every wrap of the key is a clamp mode, no
 *    mipmaps);
 *  - FILTER: the shader applies the wrap modes and filters: NEAREST
 *    taps of the rectangle (hardware NEAREST) at texel centres it
 *    computes, blended by GL 2.1 section 3.8.8's weights where LINEAR;
 *  - MIPMAP: as FILTER over a rectangle holding every level of the view
 *    (an atlas: level k's rows from row NVC_FP_TEX_PARAM_LEVEL(k).z on,
 *    a 3D level's slices one after the other), the level(s) chosen from
 *    lambda as GL 2.1 section 3.8.8 says, every wrap and the border
 *    colour the shader's.  3D textures and cube maps are always MIPMAP
 *    (a cube's face chosen in the shader, its rows LEVEL(k).w further on
 *    per face, the key's wraps CLAMP_TO_EDGE). */
enum nvc_tex_npot {
   NVC_TEX_NPOT_NONE = 0,
   NVC_TEX_NPOT_SCALE,
   NVC_TEX_NPOT_FILTER,
   NVC_TEX_NPOT_MIPMAP,
};

/* Levels a MIPMAP key reads at most (a 4096 texture's chain). */
#define NVC_TEX_NPOT_MAX_LEVELS 13

struct nvc_fp_tex_key {
   uint8_t npot;            /* enum nvc_tex_npot */
   uint8_t wrap_s, wrap_t;  /* PIPE_TEX_WRAP_* (FILTER) */
   uint8_t min_linear;      /* minification filter LINEAR (FILTER) */
   uint8_t mag_linear;      /* magnification filter LINEAR (FILTER) */
   uint8_t mip_linear;      /* MIPMAP: *_MIPMAP_LINEAR, else _NEAREST */
   uint8_t levels;          /* MIPMAP: levels of the view */
   uint8_t wrap_r;          /* MIPMAP, 3D: PIPE_TEX_WRAP_* of r */
   uint8_t no_mip;          /* MIPMAP: the sampler has no mipmap filter
                               (a 3D texture's slices, one level) */
};

/* Compile-time state the FP depends on; all zero: none (nvc_compile_fs). */
struct nvc_fp_key {
   struct nvc_fp_tex_key tex[NVC_MAX_TEX_UNITS];
};

/* Uniforms the driver provides for emulated units: vec4 slot
 * NVC_FP_TEX_PARAM_SLOT(unit, param) of a space past constant buffer 0's
 * 4096 slots.  A patch whose uniform_dword is NVC_FP_TEX_PARAM_DWORD0 or
 * more takes dword (uniform_dword - NVC_FP_TEX_PARAM_DWORD0) % 4 of
 * param ((uniform_dword - NVC_FP_TEX_PARAM_DWORD0) / 4) % NVC_FP_TEX_PARAMS
 * of unit (uniform_dword - NVC_FP_TEX_PARAM_DWORD0) / 4 / NVC_FP_TEX_PARAMS:
 *  - NVC_FP_TEX_PARAM_SIZE: (width, height, 1/width, 1/height) of the
 *    view's first level (height 1 for a 1D texture);
 *  - NVC_FP_TEX_PARAM_LOD: (sampler lod_bias, min_lod, max_lod, 0)
 *    (FILTER units whose min and mag filters differ: GL's lambda
 *    decides which applies; MIPMAP);
 *  - NVC_FP_TEX_PARAM_BORDER: the sampler's border colour (MIPMAP);
 *  - NVC_FP_TEX_PARAM_LEVEL(k): (width, height, first row in the
 *    rectangle, depth) of the view's level first + k (MIPMAP; depth 1
 *    but for 3D; for a cube the face stride in rows, from one face's
 *    level to the next face's). */
enum nvc_fp_tex_param {
   NVC_FP_TEX_PARAM_SIZE = 0,
   NVC_FP_TEX_PARAM_LOD,
   NVC_FP_TEX_PARAM_BORDER,
   NVC_FP_TEX_PARAM_LEVEL0,
   NVC_FP_TEX_PARAMS = NVC_FP_TEX_PARAM_LEVEL0 + NVC_TEX_NPOT_MAX_LEVELS
};
#define NVC_FP_TEX_PARAM_LEVEL(k) (NVC_FP_TEX_PARAM_LEVEL0 + (k))
#define NVC_FP_TEX_PARAM_SLOT0 4096
#define NVC_FP_TEX_PARAM_SLOT(unit, param) \
   (NVC_FP_TEX_PARAM_SLOT0 + (unit) * NVC_FP_TEX_PARAMS + (param))
#define NVC_FP_TEX_PARAM_DWORD0 (NVC_FP_TEX_PARAM_SLOT0 * 4)

/* nvc_compile_fs for the state in key (NULL: none). */
bool nvc_compile_fs_key(const struct nvc_target *target,
                        const struct nir_shader *nir,
                        const struct nvc_fp_key *key,
                        struct nvc_fp_binary *out, char **error);

/* The sampler state a unit compiled with k must be given in place of the
 * application's: its wrap mode for the application's `wrap`
 * (PIPE_TEX_WRAP_*), and its filter (LINEAR or not) for the
 * application's; an emulated unit samples one level (no mipmap filter),
 * a MIPMAP unit NEAREST with CLAMP_TO_EDGE. */
unsigned nvc_tex_npot_hw_wrap(const struct nvc_fp_tex_key *k, unsigned wrap);
bool nvc_tex_npot_hw_linear(const struct nvc_fp_tex_key *k, bool linear);
void nvc_fp_binary_free(struct nvc_fp_binary *bin);

/* Uniforms that decide control flow (nvc_inline_uniforms.c): the words
 * (vec4 slot * 4 + component) of the uniforms that ifs' conditions and
 * loops' exits in s depend on, at most max; how many there are.  With
 * their values inlined, a program whose branches a chip cannot run may
 * flatten (NVC_MAX_INLINE_UNIFORMS words are what drivers key on). */
#define NVC_MAX_INLINE_UNIFORMS 4
unsigned nvc_branch_uniforms(const struct nir_shader *s, uint32_t *words,
                             unsigned max);
/* Replaces the reads of those words in s by the 32-bit values. */
void nvc_inline_uniforms(struct nir_shader *s, unsigned count,
                         const uint32_t *words, const uint32_t *values);

#ifdef __cplusplus
}
#endif

#endif /* NVC_COMPILER_H */
