/*
 * Geometry programs (issue 11: GL 3.2's geometry shaders): the GS CSO
 * is a program like the VP's and FP's (nv50_program.c compiles it, the
 * code buffer holds it); this file binds it and sends its state and the
 * VP -> GP -> FP linkage.
 *
 * Facts (rnndb graph/g80_3d.xml through hwdb g80_3d.xml; nvsim's model,
 * docs/tesla.md "The geometry program and primitives with adjacency" and
 * "Layered rendering and viewport indices"; upstream's nv50 driver read
 * for which methods a GP needs):
 * - GP_ENABLE runs the program at GP_ADDRESS_HIGH/LOW + GP_START_ID once
 *   per input primitive, with GP_REG_ALLOC_TEMP registers and
 *   GP_REG_ALLOC_RESULT result words;
 * - its inputs are the VP's results, routed by VP_RESULT_MAP into
 *   VP_RESULT_MAP_SIZE words of each vertex in p[] (the compiler numbers
 *   the GP's inputs so: nvc_g80.h gp_num_inputs);
 * - its outputs form GP_OUTPUT_PRIMITIVE_TYPE strips of at most
 *   GP_VERTEX_OUTPUT_COUNT vertices (rnndb: 1..0x400, hwdb MIN/MAX), and
 *   GP_RESULT_MAP (GP_RESULT_MAP_SIZE slots) routes them to the
 *   rasteriser's slots as VP_RESULT_MAP does without a GP, a slot of no
 *   result reading G80_GP_RESULT_MAP_CONST ZERO;
 * - VP_GP_BUILTIN_ATTR_EN PRIMITIVE_ID gives the GP the primitive id;
 * - the layer (LAYER USE_GP, SEMANTIC_LAYER LAYER_ID) and the viewport
 *   (GP_VIEWPORT_ID_ENABLE, SEMANTIC_VIEWPORT VIEWPORT_ID) come from map
 *   slots of the GP's results, integers.
 */

#include "compiler/shader_enums.h"
#include "nouveau/nouveau_debug.h"
#include "nv50_context.h"
#include "nv50_funcs.h"
#include "nv50_hwstate.h"

void
nv50_bind_gp(struct pipe_context *pipe, void *cso)
{
   struct nv50_context *nv50 = nv50_context(pipe);

   nv50->gp = cso;
   nv50->dirty |= NV50_DIRTY_PROGRAMS;
}

/* the result word of output (slot, comp) of p, or -1 */
static int
nv50_gp_output_word(const struct nvc_g80_program *p, unsigned slot,
                    unsigned comp)
{
   for (unsigned i = 0; i < p->num_outputs; i++) {
      const struct nvc_g80_io *io = &p->io[p->num_inputs + i];
      if (io->slot == slot && io->comp == comp)
         return io->word;
   }
   return -1;
}

unsigned
nv50_gp_map_layer_viewport(const struct nvc_g80_program *last, bool gp,
                           uint8_t *map, unsigned first, unsigned room,
                           uint32_t *layer, uint32_t *viewport,
                           uint32_t *semantic_layer,
                           uint32_t *semantic_viewport)
{
   unsigned n = first;
   int lw = gp ? nv50_gp_output_word(last, VARYING_SLOT_LAYER, 0) : -1;
   int vw = gp ? nv50_gp_output_word(last, VARYING_SLOT_VIEWPORT, 0) : -1;

   *layer = 0;
   *viewport = 0;
   *semantic_layer = 0;
   *semantic_viewport = 0;
   if (lw >= 0 && n < room) {
      map[n] = lw;
      *layer = G80_3D_LAYER_USE_GP;
      *semantic_layer = G80_3D_SEMANTIC_LAYER_LAYER_ID(n);
      n++;
   }
   if (vw >= 0 && n < room) {
      map[n] = vw;
      *viewport = 1;
      *semantic_viewport = G80_3D_SEMANTIC_VIEWPORT_VIEWPORT_ID(n);
      n++;
   }
   return n - first;
}

/* Sends the GP's state: its inputs from the VP's results (VP_RESULT_MAP),
 * its results into the rasteriser's slots (map, nslots of them:
 * GP_RESULT_MAP).  Inside nv50_program_validate's push. */
bool
nv50_gp_emit(struct nv50_context *nv50, const struct nv50_program *gpp,
             const struct nvc_g80_program *vp, const uint8_t *map,
             unsigned nslots)
{
   const struct nvc_g80_program *gp = &gpp->prog;
   uint8_t in_map[G80_3D_VP_RESULT_MAP__LEN * 4];
   unsigned nin = gp->gp_num_inputs;

   if (nin > ARRAY_SIZE(in_map)) {
      NOUVEAU_ERR("GP reads %u words, VP_RESULT_MAP has %zu\n", nin,
                  ARRAY_SIZE(in_map));
      return false;
   }
   if (nslots > G80_3D_GP_RESULT_MAP__LEN * 4) {
      NOUVEAU_ERR("%u map slots, GP_RESULT_MAP has %u\n", nslots,
                  G80_3D_GP_RESULT_MAP__LEN * 4);
      return false;
   }
   /* p[] word w of a vertex: the VP's result for the GP's input w (an
    * input the VP does not write reads 0: GL leaves it undefined) */
   for (unsigned i = 0; i < ARRAY_SIZE(in_map); i++)
      in_map[i] = G80_VP_RESULT_MAP_CONST_ZERO;
   for (unsigned i = 0; i < gp->num_inputs; i++) {
      const struct nvc_g80_io *in = &gp->io[i];
      int w = nv50_gp_output_word(vp, in->slot, in->comp);
      if (w >= 0 && in->word < nin)
         in_map[in->word] = w;
   }
   /* GL's max_vertices, inside the method's range (a GP that emits
    * nothing still needs the minimum) */
   unsigned count = CLAMP(gp->gp_max_vertices,
                          G80_3D_GP_VERTEX_OUTPUT_COUNT_MIN,
                          G80_3D_GP_VERTEX_OUTPUT_COUNT_MAX);
   unsigned in_words = DIV_ROUND_UP(nin, 4);
   unsigned out_words = DIV_ROUND_UP(nslots, 4);

   if (!nv50_push_begin(nv50, 24 + in_words + out_words))
      return false;
   nv50_push_ref(nv50, nv50->code_bo, NOUVEAU_BO_GART | NOUVEAU_BO_RD);
   NV50_3D_1(nv50, G80_3D_GP_START_ID, nv50_program_base(gpp, nv50));
   NV50_3D_1(nv50, G80_3D_GP_REG_ALLOC_TEMP, MAX2(gp->num_gprs, 4));
   NV50_3D_1(nv50, G80_3D_GP_REG_ALLOC_RESULT, gp->vp_num_results);
   NV50_3D_1(nv50, G80_3D_GP_OUTPUT_PRIMITIVE_TYPE, gp->gp_output_prim);
   NV50_3D_1(nv50, G80_3D_GP_VERTEX_OUTPUT_COUNT, count);

   nv50_vp_result_map(nv50, in_map, nin);
   NV50_3D_1(nv50, G80_3D_GP_RESULT_MAP_SIZE, nslots);
   NV50_3D_MTHD(nv50, G80_3D_GP_RESULT_MAP(0), out_words);
   for (unsigned i = 0; i < out_words; i++)
      nouveau_push_data(&nv50->push,
                        G80_3D_GP_RESULT_MAP_0(map[4 * i]) |
                        G80_3D_GP_RESULT_MAP_1(map[4 * i + 1]) |
                        G80_3D_GP_RESULT_MAP_2(map[4 * i + 2]) |
                        G80_3D_GP_RESULT_MAP_3(map[4 * i + 3]));
   nv50_hw_put(nv50, G80_3D_GP_ENABLE, 1);
   return true;
}
