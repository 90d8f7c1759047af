/*
 * NIR -> Tesla (G80..GT218, MCP7x/89) vertex and fragment programs: the
 * public API of the scalar backend beside the NV3x/NV4x one
 * (nvc_compiler.h).  See README.md, "Tesla".
 *
 * The target comes from the chip's row of the chip table (hwdb chips.xml:
 * generation tesla, its 3D class) and the ISA's tables (isa/g80.xml: the
 * register field widths, the forms and which chips have them); the
 * program is encoded through libnvisa's Tesla encoder (nvisa_g80_encode).
 * The NIR passed in is never modified.
 *
 * What a program needs from the 3D class (rnndb graph/g80_3d.xml, hwdb
 * g80_3d.xml) is returned in struct nvc_g80_program: the register count
 * (*_REG_ALLOC_TEMP), the VP's attribute enables (VP_ATTR_EN) and result
 * words ($o, VP_REG_ALLOC_RESULT), the FP's interpolant words
 * (FP_INTERPOLANT_CTRL), its result words (FP_RESULT_COUNT) and
 * FP_CONTROL, and for each input and output what it is, so that the
 * driver can build VP_RESULT_MAP from a VP's outputs and an FP's inputs.
 */
#ifndef NVC_G80_H
#define NVC_G80_H

#include <stdbool.h>
#include <stdint.h>

#include "nvhwdb_chips.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nir_shader;
struct nir_shader_compiler_options;

/* ------------------------------------------------------------ target */

/* What the compiler may use on one Tesla chip.  Nothing in the backend
 * repeats these numbers. */
struct nvc_g80_target {
   const char *name;          /* the chip's codename, for messages */
   const struct nvhwdb_chip *chip;
   /* forms of g80.xml the chip's shader units run (NVISA_G80_FLAG_SM11
    * from G84_3D on, FP64 on G200, D3D10_1 from GT215_3D on; fifo.xml's
    * 3D classes, the chip row's class-3d) */
   uint32_t isa_flags;
   /* G200_3D on: f32 mul honours SAT (hwtest g80_fp.cc; nvsim
    * G80_SHADER_MUL_SAT); earlier chips ignore the bit */
   bool mul_sat;
   /* $r registers a thread may use: the ISA's long destination field
    * (g80.xml DST, isa.rst "Registers": 128) */
   unsigned max_gprs;
   /* VP inputs: VP_ATTR_EN's fields (hwdb g80_3d.xml: 2 words of 8) */
   unsigned vp_max_attribs;
   /* VP result words: those VP_RESULT_MAP's bytes name below its
    * constants (hwdb G80_VP_RESULT_MAP_CONST_ZERO: 64) */
   unsigned vp_max_results;
   /* constant buffers a program addresses: g80.xml CBUF (c0[]..c15[]) */
   unsigned num_cbufs;
   /* texel offsets a texture instruction takes: TEX_OFFSET's signed
    * fields, one a coordinate (g80.xml; nvc_g80_isel_tex.c) */
   int tex_offset_min, tex_offset_max;
   /* texgather (g80.xml TXG_L, a D3D10_1 form: GT215_3D on) */
   bool tex_gather;
};

/* Fills *t from the chip's row.  false + a malloc()ed message (starting
 * with the chip's codename when there is one) if it is not a Tesla. */
bool nvc_g80_target_init(struct nvc_g80_target *t,
                         const struct nvhwdb_chip *chip, char **err);

/* NIR options for a stage (MESA_SHADER_VERTEX / FRAGMENT): scalar, the
 * ops Tesla has no instruction for lowered by NIR. */
const struct nir_shader_compiler_options *
nvc_g80_nir_options(const struct nvc_g80_target *t, unsigned stage);

/* ----------------------------------------------------------- program */

/* How an FP input is interpolated (and how the driver must set the map
 * slot up: NOPERSPECTIVE_BITMAP for LINEAR, after COUNT_NONFLAT for
 * FLAT). */
enum nvc_g80_interp {
   NVC_G80_INTERP_PERSPECTIVE,  /* pinterp v[], w */
   NVC_G80_INTERP_LINEAR,       /* linterp v[] (noperspective) */
   NVC_G80_INTERP_FLAT,         /* interp flat v[] */
};

/* One component of an input or output. */
struct nvc_g80_io {
   uint8_t slot;      /* VP input: attribute (nir base, VP_ATTR_EN field);
                       * VP output / FP input: gl_varying_slot;
                       * FP output: gl_frag_result */
   uint8_t comp;      /* 0..3 */
   uint8_t word;      /* VP input: a[] word; VP output: $o index; FP
                       * input: v[] word; FP output: $r at exit */
   uint8_t interp;    /* FP inputs: enum nvc_g80_interp */
};

#define NVC_G80_MAX_IO 128

/* Control-stack entries a warp is given (joinat, a divergent bra's
 * waiting side, breakaddr each hold one until they pop; isa.rst "Other
 * execution state": 64-bit entries).  The hardware keeps the stack in
 * memory (rnndb g80_3d.xml STACK_ADDRESS, STACK_SIZE_LOG: up to 2^12
 * entries); how many a warp gets is the driver's allocation.  64 is the
 * contract here: upstream's nv50 driver gives each warp 64 entries of 8
 * bytes (nv50_screen.c, STACK_WARPS_ALLOC * 64 * 8) and nvsim's
 * interpreter holds 64 (docs/tesla.md "Control flow").  Programs nesting
 * deeper are refused. */
#define NVC_G80_STACK_ENTRIES 64

struct nvc_g80_program {
   unsigned stage;             /* MESA_SHADER_VERTEX / GEOMETRY / FRAGMENT */
   uint32_t *code;             /* malloc()ed; upload at *_START_ID */
   unsigned code_words;
   /* branch, joinat and breakaddr targets are code addresses (isa.rst:
    * the PC is an address in the code segment, not relative to the
    * program): the code is encoded for address 0, and
    * nvc_g80_relocate() moves it to where it is uploaded.  reloc[i] is
    * the word index of such an instruction (malloc()ed). */
   uint32_t *reloc;
   unsigned num_relocs;
   unsigned num_insns;
   /* *_REG_ALLOC_TEMP */
   unsigned num_gprs;

   /* VP: VP_ATTR_EN (4 bits xyzw per attribute, 8 per word); a[] holds
    * the enabled components packed in that order */
   uint32_t vp_attr_en[2];
   /* VP: VP_GP_BUILTIN_ATTR_EN (VERTEX_ID with
    * VERTEX_ID_DRAW_ARRAYS_ADD_START, INSTANCE_ID): gl_VertexID and
    * gl_InstanceID are the a[] words after the attributes, in that order */
   uint32_t vp_builtin_en;
   /* VP: $o words written (VP_REG_ALLOC_RESULT); $o0..3 is the position
    * when written (map slots 0..3 are the clip position) */
   unsigned vp_num_results;

   /* FP: FP_INTERPOLANT_CTRL without OFFSET (the driver ORs in the map
    * slot of the first input): UMASK (the position components v[]
    * starts with: x, y, z, 1/w), COUNT (map slots read), COUNT_NONFLAT
    * (the perspective and linear ones, first) */
   uint32_t fp_interp_ctrl;
   unsigned fp_num_inputs;     /* COUNT */
   /* FP: FP_RESULT_COUNT (colour i in $r4i..$r4i+3, depth after the
    * colours) and FP_CONTROL (MULTIPLE_RESULTS, EXPORTS_Z) */
   unsigned fp_result_count;
   uint32_t fp_control;

   /* GP (the results are $o words as a VP's: vp_num_results is
    * GP_REG_ALLOC_RESULT, vp_builtin_en the VP_GP_BUILTIN_ATTR_EN bits
    * the GP needs: PRIMITIVE_ID).  Inputs (io[] slot = gl_varying_slot,
    * comp, word = p[] word) are the words VP_RESULT_MAP must route the
    * VP's results into: gp_num_inputs is VP_RESULT_MAP_SIZE.
    * gp_output_prim is GP_OUTPUT_PRIMITIVE_TYPE, gp_max_vertices GL's
    * max_vertices (GP_VERTEX_OUTPUT_COUNT: the driver keeps it inside
    * the method's range), gp_vertices_in the input primitive's vertex
    * count. */
   unsigned gp_num_inputs;
   uint32_t gp_output_prim;
   unsigned gp_max_vertices;
   unsigned gp_vertices_in;

   /* inputs then outputs, num_inputs + num_outputs entries */
   unsigned num_inputs, num_outputs;
   struct nvc_g80_io io[NVC_G80_MAX_IO];
};

/* Compiles a vertex or fragment shader (the stage from nir).  false + a
 * malloc()ed message starting with the chip's codename for what the
 * backend does not do (textures, other stages, ...) or what does not
 * fit the chip. */
bool nvc_g80_compile(const struct nvc_g80_target *t,
                     const struct nir_shader *nir,
                     struct nvc_g80_program *prog, char **err);

void nvc_g80_program_free(struct nvc_g80_program *prog);

/* Seamless cube map filtering in the program (nvc_g80_cube_seamless.c),
 * for chips whose 3D class has no TEX_MISC SEAMLESS_CUBE_MAP: the
 * sampler state a lowered unit's lookups follow (the driver's). */
struct nvc_g80_seamless_unit {
   uint8_t min_linear, mag_linear;
   uint8_t mip;             /* 0 none, 1 nearest, 2 linear */
   uint8_t compare_func;    /* PIPE_FUNC_*, shadow lookups */
   /* G80's layered views hold every level of the resource: the view's
    * first and last (absolute) levels; level_top < 0: the view's own */
   uint8_t level_base;
   int8_t level_top;
   float lod_bias, min_lod, max_lod;
};
#define NVC_G80_SEAMLESS_UNITS 32
struct nvc_g80_seamless_key {
   uint32_t mask;           /* sampler units to lower */
   struct nvc_g80_seamless_unit unit[NVC_G80_SEAMLESS_UNITS];
};
struct nir_shader;
/* Rewrites the cube lookups of key's units; true if any. */
bool nvc_g80_lower_cube_seamless(struct nir_shader *nir,
                                 const struct nvc_g80_seamless_key *key);
/* The sampler units nir samples as (non-array) cubes. */
uint32_t nvc_g80_cube_units(const struct nir_shader *nir);

/* Adds base (bytes, a multiple of 8, the program's offset in the code
 * segment) to every code address in prog->code: upload the result at
 * *_START_ID = base.  Once per compiled program.  false if a target no
 * longer fits the field (22 bits of words, g80.xml TARGET). */
bool nvc_g80_relocate(struct nvc_g80_program *prog, uint32_t base);

/* The disassembly of prog (one instruction a line, through libnvisa's
 * disassembler) into a malloc()ed string. */
char *nvc_g80_disasm(const struct nvc_g80_program *prog);

#ifdef __cplusplus
}
#endif

#endif
