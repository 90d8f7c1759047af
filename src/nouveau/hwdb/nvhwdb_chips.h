#ifndef NVHWDB_CHIPS_H
#define NVHWDB_CHIPS_H

/*
 * The chip table: one row per chipset of chips.xml (generated into
 * nvhwdb_chips_table.c by gen_chips.py).  The driver, nvsim, the drm-shim
 * and the tools read it; what differs between chips is a column here, not
 * a test of a chipset id in their code.
 */

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* envytools-docs hw/graph/intro.rst, oldest first */
enum nvhwdb_generation {
   NVHWDB_GEN_CELSIUS,   /* NV10 */
   NVHWDB_GEN_KELVIN,    /* NV20 */
   NVHWDB_GEN_RANKINE,   /* NV30 */
   NVHWDB_GEN_CURIE,     /* NV40 */
   NVHWDB_GEN_TESLA,     /* G80 */
};

/* the shader ISA of the generation */
enum nvhwdb_isa {
   NVHWDB_ISA_NONE,      /* fixed function, register combiners */
   NVHWDB_ISA_NV20,      /* kelvin vertex programs */
   NVHWDB_ISA_NV30,      /* rankine vertex and fragment programs */
   NVHWDB_ISA_NV40,      /* curie vertex and fragment programs */
   NVHWDB_ISA_G80,       /* Tesla unified shaders */
};

/* the Gallium driver folder that drives the chip */
enum nvhwdb_driver {
   NVHWDB_DRIVER_NONE,
   NVHWDB_DRIVER_NV30,   /* src/gallium/drivers/nouveau/nv30 */
   NVHWDB_DRIVER_NV50,   /* src/gallium/drivers/nouveau/nv50 */
};

/* which TEX_FORMAT encoding the 3D class uses */
enum nvhwdb_tex_formats {
   NVHWDB_TEX_FORMATS_NV10,
   NVHWDB_TEX_FORMATS_NV20,
   NVHWDB_TEX_FORMATS_NV30,   /* NV30_3D_TEX_FORMAT.FORMAT, 8 bits */
   NVHWDB_TEX_FORMATS_NV40,   /* NV40_3D_TEX_FORMAT.FORMAT, 5 bits */
   NVHWDB_TEX_FORMATS_G80,    /* TIC entries */
};

/* FIFO features (chips.xml; envytools-docs hw/fifo) */
enum nvhwdb_fifo_features {
   NVHWDB_FIFO_NI_METHODS  = 1 << 0,  /* non-increasing methods */
   NVHWDB_FIFO_CALL_RET    = 1 << 1,  /* NV1A+ jump, call and return */
   NVHWDB_FIFO_REF_CNT     = 1 << 2,  /* REF_CNT puller method */
   NVHWDB_FIFO_SEMAPHORE   = 1 << 3,  /* old-style semaphores */
   NVHWDB_FIFO_YIELD       = 1 << 4,  /* YIELD puller method */
   NVHWDB_FIFO_KERNEL_CALL = 1 << 5,  /* the kernel CALLs user pushbuffers */
};

struct nvhwdb_chip {
   uint16_t chipset;          /* PMC_BOOT_0 chipset id (NOUVEAU_CHIPSET) */
   const char *codename;      /* rnndb nvchipsets.xml name: "NV40" */
   const char *marketing;     /* family: "GeForce 6800" */
   const char *board;         /* the board nvsim presents, NULL if none */
   uint16_t pci_device;       /* that board's PCI device id */
   enum nvhwdb_generation generation;
   enum nvhwdb_isa isa;
   enum nvhwdb_driver driver;
   bool nvsim;                /* nvsim models the chip */
   uint32_t fifo;             /* enum nvhwdb_fifo_features */
   unsigned channels;         /* FIFO channels */
   unsigned vram_mib, gart_mib;
   /* the class of each engine, 0 if the chip has none */
   uint32_t class_3d, class_m2mf, class_surf2d, class_swzsurf, class_sifm,
            class_2d, class_compute;
   /* every class the chip has (fifo.xml obj-class variants) */
   const uint32_t *classes;
   unsigned num_classes;
   /* limits (0: the generation has none, none as slots, or chips.xml
    * does not describe it yet and says so) */
   unsigned render_targets;
   unsigned fp_tex_units, vtx_tex_units;
   unsigned vp_slots, vp_consts;  /* vertex program instructions, vec4s */
   unsigned fp_slots;             /* fragment program instructions */
   unsigned temps;
   unsigned tex_2d_levels, tex_3d_levels;
   unsigned max_anisotropy;
   enum nvhwdb_tex_formats tex_formats;
   /* features (chips.xml gives each its source) */
   bool npot_textures;            /* any size, mipmapped, repeating */
   bool fp_branching, vp_branching;
   bool primitive_restart;        /* PRIMITIVE_RESTART_* methods */
   bool base_vertex;              /* VB_ELEMENT_BASE */
   bool blend_equation_separate;  /* BLEND_EQUATION RGB/ALPHA fields */
   bool hw_index_buffer;          /* fetches indices from a buffer */
   bool depth_bounds;             /* DEPTH_BOUNDS_TEST_* */
   bool tex_fp16_filter;          /* fp16 texels are filtered */
   bool tex_mirror_clamp;         /* TEX_WRAP MIRROR_CLAMP* */
   bool mixed_fb_sizes;           /* colour and zeta of any sizes (own
                                   * ZETA_PITCH, RT_FORMAT type) */
};

extern const struct nvhwdb_chip nvhwdb_chips[];
extern const unsigned nvhwdb_num_chips;

/* The row of a chipset id, NULL if the table has none. */
const struct nvhwdb_chip *nvhwdb_chip_find(uint32_t chipset);
/* The row of a codename ("nv40", "G71"; any case), NULL if none. */
const struct nvhwdb_chip *nvhwdb_chip_find_name(const char *codename);
/* Does the chip have this class? */
bool nvhwdb_chip_has_class(const struct nvhwdb_chip *chip, uint32_t oclass);
/* "curie", "nv30" / "nv50" (the driver folder) or "none" */
const char *nvhwdb_generation_name(enum nvhwdb_generation gen);
const char *nvhwdb_driver_name(enum nvhwdb_driver driver);

#ifdef __cplusplus
}
#endif

#endif
