/*
 * NIR side of the NV40 compiler: the options st/mesa must honour and the
 * lowering we run on our private clone before instruction selection.
 *
 * What the hardware has decides each option (facts: upstream Mesa 22.3
 * nv30/nvfx_shader.h opcode lists, our src/nouveau/isa/nv40_{vp,fp}.xml):
 *  - vec4 ALU with per-source swizzle, negate and absolute value and a
 *    saturating destination: vectorised NIR, fneg/fabs/fsat kept;
 *  - MOV MUL ADD MAD DP3 DP4 MIN MAX SLT SGE SEQ SNE SGT SLE FRC FLR in
 *    both units, so the float comparisons (slt/sge/seq/sne) stay;
 *  - RCP EX2 LG2 SIN COS in both, RSQ only in the VP: the transcendental
 *    ops are scalar (one result replicated), so NIR vectors of them are
 *    split; no DIV/POW/LRP/FLRP that we rely on: lowered by NIR;
 *  - no integers: the screen reports PIPE_SHADER_CAP_INTEGERS = 0, so we
 *    lower ints and booleans to floats (1.0 / 0.0) as nir_to_tgsi does.
 */
#include "nvc_nir.h"

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"

#define NVC_NIR_COMMON_OPTIONS                                   \
   .lower_fdiv = true,                                            \
   .lower_flrp32 = true,                                          \
   .lower_flrp64 = true,                                          \
   .lower_fpow = true,                                            \
   .lower_fmod = true,                                            \
   .lower_fceil = true,                                           \
   .lower_ftrunc = true,                                          \
   .lower_fround_even = true,                                     \
   .lower_fsign = true,                                           \
   .lower_fdph = true,                                            \
   .lower_ldexp = true,                                           \
   .lower_vector_cmp = true,                                      \
   .lower_isign = true,                                           \
   .lower_iabs = true,                                            \
   .lower_bitops = true,                                          \
   .lower_ffma16 = true,                                          \
   .lower_ffma32 = false,                                         \
   .lower_ffma64 = true,                                          \
   .fuse_ffma32 = true,                                           \
   .lower_pack_half_2x16 = true,                                  \
   .lower_pack_unorm_2x16 = true,                                 \
   .lower_pack_snorm_2x16 = true,                                 \
   .lower_pack_unorm_4x8 = true,                                  \
   .lower_pack_snorm_4x8 = true,                                  \
   .lower_unpack_half_2x16 = true,                                \
   .lower_unpack_unorm_2x16 = true,                               \
   .lower_unpack_snorm_2x16 = true,                               \
   .lower_unpack_unorm_4x8 = true,                                \
   .lower_unpack_snorm_4x8 = true,                                \
   .lower_extract_byte = true,                                    \
   .lower_extract_word = true,                                    \
   .lower_insert_byte = true,                                     \
   .lower_insert_word = true,                                     \
   .lower_all_io_to_temps = true,                                 \
   .vertex_id_zero_based = false,                                 \
   .use_interpolated_input_intrinsics = false,                    \
   .no_integers = true,                                           \
   .force_indirect_unrolling = nir_var_all,                       \
   .force_indirect_unrolling_sampler = true,                      \
   .max_unroll_iterations = 255

static const nir_shader_compiler_options nvc_vs_options = {
   NVC_NIR_COMMON_OPTIONS,
};

static const nir_shader_compiler_options nvc_fs_options = {
   NVC_NIR_COMMON_OPTIONS,
};

const struct nir_shader_compiler_options *
nvc_nir_options(const struct nvc_target *target, enum pipe_shader_type shader)
{
   /* The same on every target so far: what NIR lowers for us (no
    * integers, the ops below) holds for the NV30 and NV40 ISAs alike. */
   (void)target;
   return shader == PIPE_SHADER_FRAGMENT ? &nvc_fs_options : &nvc_vs_options;
}

/* Ops the hardware computes in its scalar path: one input component, one
 * result replicated into every written channel (NV_vertex_program RCP/RSQ/
 * EX2/LG2 "scalar operand"; NV_fragment_program2 same for SIN/COS...). */
static bool
nvc_scalar_alu_filter(const nir_instr *instr, const void *data)
{
   if (instr->type != nir_instr_type_alu)
      return false;
   switch (nir_instr_as_alu(instr)->op) {
   case nir_op_frcp:
   case nir_op_frsq:
   case nir_op_fsqrt:
   case nir_op_fexp2:
   case nir_op_flog2:
   case nir_op_fsin:
   case nir_op_fcos:
      return true;
   default:
      return false;
   }
}

static int
nvc_type_size_vec4(const struct glsl_type *type, bool bindless)
{
   return glsl_count_attribute_slots(type, false);
}

/* `if (c) { ...; discard; }` -> `if (c) { ... } discard_if(c)`: a killed
 * fragment's other effects do not matter (outputs are temporaries until
 * the end), and an if without the discard can then be flattened like any
 * other.  Nested ifs AND their conditions; discards in loops stay. */
static bool
nvc_hoist_discards(nir_shader *s)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   bool progress = false;
   nir_builder b;
   nir_builder_init(&b, impl);

   nir_foreach_block_safe(block, impl) {
      nir_foreach_instr_safe(instr, block) {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_discard &&
             intr->intrinsic != nir_intrinsic_terminate &&
             intr->intrinsic != nir_intrinsic_demote)
            continue;
         nir_cf_node *cur = &block->cf_node;
         nir_ssa_def *conds[16];
         bool in_then[16];
         unsigned n = 0;
         while (cur->parent && cur->parent->type == nir_cf_node_if && n < 16) {
            nir_if *nif = nir_cf_node_as_if(cur->parent);
            bool then = false;
            foreach_list_typed(nir_cf_node, node, node, &nif->then_list)
               then |= node == cur;
            conds[n] = nif->condition.ssa;
            in_then[n] = then;
            n++;
            cur = &nif->cf_node;
         }
         if (!n || !cur->parent || cur->parent->type != nir_cf_node_function)
            continue;
         b.cursor = nir_after_cf_node(cur);
         nir_ssa_def *acc = NULL;
         for (unsigned i = 0; i < n; i++) {
            nir_ssa_def *c = in_then[i] ? conds[i] : nir_inot(&b, conds[i]);
            acc = acc ? nir_iand(&b, acc, c) : c;
         }
         nir_discard_if(&b, acc);
         nir_instr_remove(instr);
         progress = true;
      }
   }
   nir_metadata_preserve(impl, progress ? nir_metadata_none : nir_metadata_all);
   return progress;
}

/* The VP's relative constant addressing (ARL + CONST_INDEXED) needs the
 * uniforms laid out contiguously in hardware constants, which our constant
 * packer does not promise yet, while the screen reports
 * PIPE_SHADER_CAP_INDIRECT_CONST_ADDR for vertex shaders.  Until then an
 * indirect load_uniform becomes a chain of selects over the slots its
 * range covers: for each vec4 slot i, (offset == i) ? c[base + i] : ...
 * Out-of-range offsets (undefined in GLSL 1.10 section 4.1.9, and
 * "undefined" for ARB_vertex_program relative addressing) read the last
 * slot rather than anything outside the array.  Ranges are in vec4 slots
 * (nir_lower_io with nvc_type_size_vec4). */
#define NVC_MAX_INDIRECT_SLOTS 256

static bool
nvc_lower_indirect_uniforms(nir_shader *s)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   bool progress = false;
   nir_builder b;
   nir_builder_init(&b, impl);

   nir_foreach_block_safe(block, impl) {
      nir_foreach_instr_safe(instr, block) {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != nir_intrinsic_load_uniform ||
             nir_src_is_const(intr->src[0]))
            continue;
         unsigned base = nir_intrinsic_base(intr);
         unsigned range = nir_intrinsic_range(intr);
         unsigned total = DIV_ROUND_UP(s->num_uniforms, 4);
         if (range == ~0u || range == 0)
            range = total > base ? total - base : 0;
         /* Too long a chain: left as is, instruction selection then
          * reports the indirect access as unsupported. */
         if (range == 0 || range > NVC_MAX_INDIRECT_SLOTS)
            continue;
         b.cursor = nir_before_instr(instr);
         nir_ssa_def *off = intr->src[0].ssa;
         unsigned nc = intr->dest.ssa.num_components;
         unsigned bits = intr->dest.ssa.bit_size;
         nir_ssa_def *res = NULL;
         /* Highest slot first: it is the innermost default, the value
          * read when no slot matches. */
         for (int i = range - 1; i >= 0; i--) {
            nir_ssa_def *v =
               nir_load_uniform(&b, nc, bits, nir_imm_int(&b, 0),
                                .base = base + i, .range = 1,
                                .dest_type = nir_intrinsic_dest_type(intr));
            if (!res)
               res = v;
            else
               res = nir_bcsel(&b, nir_ieq_imm(&b, off, i), v, res);
         }
         nir_ssa_def_rewrite_uses(&intr->dest.ssa, res);
         nir_instr_remove(instr);
         progress = true;
      }
   }
   nir_metadata_preserve(impl, progress ? nir_metadata_none : nir_metadata_all);
   return progress;
}

static void
nvc_optimize(nir_shader *s)
{
   bool progress;
   unsigned iter = 0;

   do {
      progress = false;
      NIR_PASS(progress, s, nir_copy_prop);
      NIR_PASS(progress, s, nir_opt_remove_phis);
      NIR_PASS(progress, s, nir_opt_dce);
      NIR_PASS(progress, s, nir_opt_dead_cf);
      NIR_PASS(progress, s, nir_opt_cse);
      /* Flatten every if we can: the programs we emit are straight-line,
       * so an if left standing is an error anyway.  No size limit (the
       * binary-search ladders st/mesa makes of FS indirect uniform reads
       * have ~200 instructions per half); the instruction limits still
       * apply to the result. */
      NIR_PASS(progress, s, nir_opt_peephole_select, UINT_MAX, true, true);
      NIR_PASS(progress, s, nir_opt_conditional_discard);
      if (s->info.stage == MESA_SHADER_FRAGMENT)
         NIR_PASS(progress, s, nvc_hoist_discards);
      NIR_PASS(progress, s, nir_opt_algebraic);
      NIR_PASS(progress, s, nir_opt_constant_folding);
      NIR_PASS(progress, s, nir_opt_undef);
      NIR_PASS(progress, s, nir_opt_loop_unroll);
      NIR_PASS(progress, s, nir_lower_vars_to_ssa);
   } while (progress && ++iter < 64);
}

/* Loops NIR cannot unroll because it cannot count their iterations
 * (induction variables it does not recognise: `i = 10` inside the body,
 * `continue` in a do-while, ...) while every value deciding the exits is
 * still known at compile time.  We have no branches yet, so we peel one
 * iteration in front of the loop and let constant folding decide its
 * exits; repeated, this runs such a loop at compile time.  In registers
 * (out of SSA), with a flag `done`:
 *
 *    done = true; loop { body' }; if (!done) loop { body }
 *
 * where body' is a copy of the body whose `continue`s (and falling off its
 * end) clear `done` and break, while its `break`s just break.  Loops whose
 * exits depend on run-time values stay loops and are reported as before. */
static nir_loop *
nvc_first_loop(struct exec_list *list)
{
   foreach_list_typed(nir_cf_node, node, node, list) {
      if (node->type == nir_cf_node_loop)
         return nir_cf_node_as_loop(node);
      if (node->type == nir_cf_node_if) {
         nir_if *nif = nir_cf_node_as_if(node);
         nir_loop *l = nvc_first_loop(&nif->then_list);
         if (!l)
            l = nvc_first_loop(&nif->else_list);
         if (l)
            return l;
      }
   }
   return NULL;
}

static nir_loop *
nvc_enclosing_loop(nir_block *block)
{
   for (nir_cf_node *n = block->cf_node.parent; n; n = n->parent)
      if (n->type == nir_cf_node_loop)
         return nir_cf_node_as_loop(n);
   return NULL;
}

static unsigned
nvc_count_instrs(nir_function_impl *impl)
{
   unsigned n = 0;
   nir_foreach_block(block, impl)
      nir_foreach_instr(instr, block)
         n++;
   return n;
}

static bool
nvc_peel_loop(nir_shader *s)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(s);
   nir_loop *loop = nvc_first_loop(&impl->body);
   if (!loop)
      return false;
   /* Only break and continue can leave the body (returns were lowered by
    * st/mesa; anything else we do not rewrite). */
   nir_foreach_block_in_cf_node(block, &loop->cf_node) {
      nir_instr *last = nir_block_last_instr(block);
      if (last && last->type == nir_instr_type_jump) {
         nir_jump_type t = nir_instr_as_jump(last)->type;
         if (t != nir_jump_break && t != nir_jump_continue)
            return false;
      }
   }

   nir_convert_from_ssa(s, false);

   nir_builder b;
   nir_builder_init(&b, impl);
   nir_register *done = nir_local_reg_create(impl);
   done->num_components = 1;
   done->bit_size = 1;

   b.cursor = nir_before_cf_node(&loop->cf_node);
   nir_store_reg(&b, done, nir_imm_true(&b), 0x1);
   nir_loop *peel = nir_push_loop(&b);
   nir_pop_loop(&b, peel);

   nir_cf_list body;
   nir_cf_list_extract(&body, &loop->body);
   nir_cf_list_clone_and_reinsert(&body, &peel->cf_node,
                                  nir_after_cf_list(&peel->body), NULL);
   nir_cf_reinsert(&body, nir_after_cf_list(&loop->body));

   /* The copy's continues: the iteration ended normally. */
   nir_jump_instr *conts[64];
   unsigned nconts = 0;
   nir_foreach_block_in_cf_node(block, &peel->cf_node) {
      nir_instr *last = nir_block_last_instr(block);
      if (last && last->type == nir_instr_type_jump &&
          nir_instr_as_jump(last)->type == nir_jump_continue &&
          nvc_enclosing_loop(block) == peel) {
         if (nconts == ARRAY_SIZE(conts))
            break;
         conts[nconts++] = nir_instr_as_jump(last);
      }
   }
   for (unsigned i = 0; i < nconts; i++) {
      b.cursor = nir_before_instr(&conts[i]->instr);
      nir_store_reg(&b, done, nir_imm_false(&b), 0x1);
      nir_instr_remove(&conts[i]->instr);
      nir_jump(&b, nir_jump_break);
   }
   nir_block *end = nir_cf_node_as_block(
      exec_node_data(nir_cf_node, exec_list_get_tail(&peel->body), node));
   if (!nir_block_ends_in_jump(end)) {
      b.cursor = nir_after_block(end);
      nir_store_reg(&b, done, nir_imm_false(&b), 0x1);
      nir_jump(&b, nir_jump_break);
   }

   /* The rest of the loop runs only if the peeled iteration did not
    * leave it. */
   nir_cf_list rest;
   nir_cf_extract(&rest, nir_before_cf_node(&loop->cf_node),
                  nir_after_cf_node(&loop->cf_node));
   b.cursor = nir_after_cf_node(&peel->cf_node);
   nir_if *nif = nir_push_if(&b, nir_inot(&b, nir_load_reg(&b, done)));
   nir_cf_reinsert(&rest, nir_after_cf_list(&nif->then_list));
   nir_pop_if(&b, nif);

   nir_metadata_preserve(impl, nir_metadata_none);
   NIR_PASS_V(s, nir_lower_regs_to_ssa);
   return true;
}

/* Bounds on peeling: iterations, and NIR instructions (far beyond the
 * hardware's 512 FP / 544 VP instructions, nvc_compiler.h). */
#define NVC_MAX_PEELS 64
#define NVC_MAX_PEEL_INSTRS 8000

/* How many ifs enclose the first loop (-1: no loop left). */
static int
nvc_first_loop_depth(nir_shader *s)
{
   nir_loop *loop = nvc_first_loop(&nir_shader_get_entrypoint(s)->body);
   if (!loop)
      return -1;
   int depth = 0;
   for (nir_cf_node *n = loop->cf_node.parent; n; n = n->parent)
      depth += n->type == nir_cf_node_if;
   return depth;
}

static void
nvc_peel_loops(nir_shader *s)
{
   for (unsigned i = 0; i < NVC_MAX_PEELS; i++) {
      int depth = nvc_first_loop_depth(s);
      if (depth < 0 ||
          nvc_count_instrs(nir_shader_get_entrypoint(s)) > NVC_MAX_PEEL_INSTRS)
         return;
      nir_shader *saved = nir_shader_clone(ralloc_parent(s), s);
      if (!nvc_peel_loop(s)) {
         ralloc_free(saved);
         return;
      }
      nvc_optimize(s);
      /* The peeled iteration's exits did not fold: the rest of the loop
       * now sits under a run-time `if (!done)`, and peeling further only
       * grows the code.  Undo this peel and stop. */
      if (nvc_first_loop_depth(s) > depth) {
         nir_shader_replace(s, saved);
         return;
      }
      ralloc_free(saved);
   }
}

/* NV_fragment_program TXP divides the coordinates by .w, but .w is also
 * where TXB/TXL take the bias/lod, so a projective lookup with a bias or
 * an explicit lod has no single hardware form.  Shadow lookups keep the
 * reference in .z (nvfx_fragprog.c: every shadow target reads it there)
 * and GLSL 1.10 section 8.7 divides it by q as well; isel does not emit
 * TXP with a reference.  For those forms divide in the shader:
 * coord *= 1/q, reference *= 1/q, projector dropped. */
static bool
nvc_lower_txp_instr(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type != nir_instr_type_tex)
      return false;
   nir_tex_instr *tex = nir_instr_as_tex(instr);
   int proj = nir_tex_instr_src_index(tex, nir_tex_src_projector);
   if (proj < 0)
      return false;
   int cmp = nir_tex_instr_src_index(tex, nir_tex_src_comparator);
   if (tex->op == nir_texop_tex && cmp < 0 && tex->coord_components <= 3)
      return false; /* plain TXP */

   b->cursor = nir_before_instr(instr);
   nir_ssa_def *rq = nir_frcp(b, nir_ssa_for_src(b, tex->src[proj].src, 1));
   int coord = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   if (coord >= 0) {
      nir_ssa_def *c = nir_ssa_for_src(b, tex->src[coord].src,
                                       tex->coord_components);
      nir_instr_rewrite_src(instr, &tex->src[coord].src,
                            nir_src_for_ssa(nir_fmul(b, c, rq)));
   }
   if (cmp >= 0) {
      nir_ssa_def *r = nir_ssa_for_src(b, tex->src[cmp].src, 1);
      nir_instr_rewrite_src(instr, &tex->src[cmp].src,
                            nir_src_for_ssa(nir_fmul(b, r, rq)));
   }
   nir_tex_instr_remove_src(tex, proj);
   return true;
}

static bool
nvc_lower_txp(nir_shader *s)
{
   return nir_shader_instructions_pass(s, nvc_lower_txp_instr,
                                       nir_metadata_block_index |
                                       nir_metadata_dominance, NULL);
}

void
nvc_nir_lower(nir_shader *s)
{
   /* Variables may still be derefs (st/mesa does not lower shader I/O
    * for us with our options); tests hand us lowered I/O.  Both work. */
   NIR_PASS_V(s, nir_lower_global_vars_to_local);
   NIR_PASS_V(s, nir_split_var_copies);
   NIR_PASS_V(s, nir_lower_var_copies);
   NIR_PASS_V(s, nir_lower_vars_to_ssa);
   NIR_PASS_V(s, nir_lower_indirect_derefs,
              nir_var_shader_in | nir_var_shader_out |
              nir_var_function_temp, UINT32_MAX);
   NIR_PASS_V(s, nir_lower_io,
              nir_var_shader_in | nir_var_shader_out | nir_var_uniform,
              nvc_type_size_vec4, (nir_lower_io_options)0);
   NIR_PASS_V(s, nir_lower_regs_to_ssa);
   NIR_PASS_V(s, nvc_lower_txp);

   nvc_optimize(s);
   nvc_peel_loops(s);
   /* After unrolling, so that offsets that became constants stay direct. */
   if (nvc_lower_indirect_uniforms(s))
      nvc_optimize(s);

   NIR_PASS_V(s, nir_lower_alu_to_scalar, nvc_scalar_alu_filter, NULL);
   NIR_PASS_V(s, nir_lower_int_to_float);
   nvc_optimize(s);
   /* Lowerings in nir_opt_algebraic (ftrunc, fsign...) can bring new
    * booleans back: convert until none is left. */
   for (unsigned i = 0; i < 8; i++) {
      bool progress = false;
      NIR_PASS(progress, s, nir_lower_bool_to_float);
      if (!progress)
         break;
      nvc_optimize(s);
   }

   bool progress;
   do {
      progress = false;
      NIR_PASS(progress, s, nir_opt_algebraic_late);
      if (progress) {
         NIR_PASS_V(s, nir_copy_prop);
         NIR_PASS_V(s, nir_opt_dce);
         NIR_PASS_V(s, nir_opt_cse);
      }
   } while (progress);

   NIR_PASS_V(s, nir_lower_bool_to_float);
   /* Late algebraic may bring back vectors of scalar-only ops. */
   NIR_PASS_V(s, nir_lower_alu_to_scalar, nvc_scalar_alu_filter, NULL);
   NIR_PASS_V(s, nir_lower_to_source_mods, nir_lower_float_source_mods);
   NIR_PASS_V(s, nir_copy_prop);
   NIR_PASS_V(s, nir_opt_dce);
   NIR_PASS_V(s, nir_opt_dead_cf);
}
