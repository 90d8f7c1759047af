#!/bin/bash
# make test's stage for the driver's GL test programs
# (src/gallium/drivers/nouveau/tests/nv40_gl_*.c): each is built against
# our Mesa build and run on the simulated NV40 and on llvmpipe; it must
# print PASSED on both (expected pixels are worked out by hand in each
# program, and llvmpipe agreeing checks the arithmetic).  The last line is
# "N passed, N failed".
#   ASAN=1 tests/gl/run.sh   the same programs on the NV40 only, on the
#                            ASan+UBSan build (nvrun --asan): a sanitizer
#                            report in a run is a failure
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/src/gallium/drivers/nouveau/tests
out=$top/build/gltests
lib=$top/build/install/lib/x86_64-linux-gnu
chips="nv40 llvmpipe"
nvrun=("$top/scripts/nvrun")
if [ -n "${ASAN:-}" ]; then
   # llvmpipe is not in the sanitizer build (and is not ours)
   out=$top/build/gltests-asan
   lib=$top/build/asan/install/lib/x86_64-linux-gnu
   chips=nv40
   nvrun+=(--asan)
fi
inc=$top/build/mesa-src/include
mkdir -p "$out"
passed=0
failed=0

# program, compile flags, "ENV=VALUE ... -- args", then the chips (the
# default: $chips).  A chip the chip table gives no driver yet is left
# out, said so and counted as neither (nvrun refuses it).
runs=(
   "nv40_gl_smoke||--"
   "nv40_gl_defects||--"
   "nv40_gl_defects||NVSIM_VRAM_MB=2 -- gart"
   "nv40_gl_defects||NVSIM_VRAM_MB=16 -- vrampressure"
   "nv40_gl_texfeatures||-- $out"
   "nv40_gl_sprites||--"
   "nv40_gl_msaa||--"
   "nv40_gl_contexts|-DNT=1 -DINTERLEAVE|--"
   "nv40_gl_contexts|-DNT=2|--"
   "nv40_gl_overcommit||NVSIM_VRAM_MB=32 -- overcommit"
   "nv40_gl_overcommit||NVSIM_VRAM_MB=32 NVSIM_GART_MB=64 -- oom"
   "nv30_gl_textures||--|nv30 nv40 llvmpipe"
   "nv30_gl_blend||--|nv30 nv40 llvmpipe"
   "nv30_gl_branches||--|nv30 nv40 llvmpipe"
   "nv30_gl_fbo_sizes||--|nv30 nv40 llvmpipe"
   "nv30_gl_textures||-- sample|nv30 nv40 llvmpipe"
   "nv30_gl_npot||--|nv30 llvmpipe"
   # indexed draws: index buffers the hardware reads (NV30, NV40) and
   # inline indices (NV44_3D has no index buffer)
   "nv30_gl_indices||--|nv30 nv40 nv44 llvmpipe"
   # curie without the two MIN_LOD probes: its units magnify there (the
   # program's header says why; a defect of the NV40 path, not of NPOT)
   "nv30_gl_npot||-- curie|nv40 llvmpipe"
   # the Tesla driver (issue 11): clears and read-back
   "nv50_gl_clear||--|g80 gt215 llvmpipe"
   # the first draws: a smooth triangle and a uniform-coloured quad
   "nv50_gl_draw||--|g80 gt215 llvmpipe"
   # queries and conditional rendering
   "nv50_gl_query||--|g80 gt215 llvmpipe"
   # textures: TIC/TSC, filters, mipmaps, wraps, cube, array, shadow,
   # rectangle, a vertex texture
   "nv50_gl_tex||--|g80 gt215 llvmpipe"
   # texelFetch and samplerBuffer (GLSL 1.30 / 1.40 source: the driver
   # reports GL 3.1 / GLSL 1.40)
   "nv50_gl_tex||-- fetch|g80 gt215 llvmpipe"
   # textureGather (texgather, GT215 on; the G80 must not expose it)
   "nv50_gl_gather||--|g80 gt215 llvmpipe"
   # blending, depth, stencil, alpha test, scissor, culling, polygon
   # offset and mode, depth clamp
   "nv50_gl_state||--|g80 gt215 llvmpipe"
   # GLSL uniforms: slots past the first, variable indices (compiler)
   "nv50_gl_glsl||--|g80 gt215 llvmpipe"
   # vertex and index streams: index sizes from buffers and client
   # memory, base vertex, instancing, restart, code buffer reuse
   "nv50_gl_vbo||--|g80 gt215 llvmpipe"
   # clip distances: user planes through gl_ClipVertex, gl_ClipDistance
   # (GLSL 1.30 source)
   "nv50_gl_clip||--|g80 gt215 llvmpipe"
   "nv50_gl_clip||-- distance|g80 gt215 llvmpipe"
   # transform feedback: interleaved and separate captures, overflow,
   # rasterizer discard, pause / resume, glDrawTransformFeedback
   "nv50_gl_xfb||--|g80 gt215 llvmpipe"
   # a GP's primitives captured, limited by the range (GLSL 1.50)
   "nv50_gl_xfb||MESA_GL_VERSION_OVERRIDE=3.2 MESA_GLSL_VERSION_OVERRIDE=150 -- gs|g80 gt215 llvmpipe"
   # facing: two-sided gl_Color, gl_FrontFacing
   "nv50_gl_facing||--|g80 gt215 llvmpipe"
   # copies and blits: the 2D engine (1:1, scaled nearest, flipped),
   # M2MF buffer copies, linear scaled blits and mipmaps on the CPU
   "nv50_gl_blit||--|g80 gt215 llvmpipe"
   # geometry shaders: GLSL 1.50 in a GL 3.2 core context (the overrides:
   # the caps stay below GL 3.2)
   "nv50_gl_gs||MESA_GL_VERSION_OVERRIDE=3.2 MESA_GLSL_VERSION_OVERRIDE=150 --|g80 gt215 llvmpipe"
   # the VP -> FP linkage: point sizes (glPointSize, gl_PointSize),
   # sprite coordinates, two-sided colour, flat colour from the
   # provoking vertex
   "nv50_gl_points||-- size program twoside flat sprite|g80 gt215 llvmpipe"
   # draw paths: Begin/End line strips with restart, a buffer rewritten
   # between two draws, a program shared by two contexts
   "nv50_gl_draw2||--|g80 gt215 llvmpipe"
   # GL 3.0's formats: integer textures (texelFetch), R11F_G11F_B10F and
   # RGBA16I targets, RGTC1, sRGB decode (GLSL 1.30 source)
   "nv50_gl_formats||--|g80 gt215 llvmpipe"
   # gl_VertexID with a base vertex (GLSL 1.30 source) and indirect draws
   # (GL 4.0's entry points: an override to reach them)
   "nv50_gl_draw2||-- vertexid|g80 gt215 llvmpipe"
   "nv50_gl_draw2||MESA_GL_VERSION_OVERRIDE=4.0 -- indirect|g80 gt215 llvmpipe"
   # a window on EGL's gbm platform (winsys handles, nv50_handle.c); gbm
   # needs a DRM device, which only nvsim's shim gives: no llvmpipe run
   "nv50_gl_gbm|-lgbm|--|g80 gt215"
   # multisampling: 4-sample targets, edges resolved, per-sample depth,
   # the sample mask (nv50_msaa.c)
   "nv50_gl_msaa||--|g80 gt215 llvmpipe"
   # GL 3.2 / 3.3 features: dual-source blending, texture swizzle, quads'
   # provoking vertex, 15 vec4 varyings, and seamless cube maps (GLSL
   # 1.30 source)
   "nv50_gl_gl33||-- dual swizzle provoking varyings seamless|g80 gt215 llvmpipe"
   # seamless cube maps: mipmaps, corners, a vertex shader's and a shadow
   # lookup (G80: in the program, nvc_g80_cube_seamless.c)
   "nv50_gl_seamless||--|g80 gt215 llvmpipe"
   # the version each chip reports: GL 3.3 / GLSL 3.30 on every Tesla
   # (nv50_screen.c; the G80's seamless cube filtering is the program's)
   "nv50_gl_gl33||-- version 3.3|g80 gt215 llvmpipe"
   # uniform blocks in c1[]..: GLSL 1.40, ranges at an offset, buffers
   # updated between draws
   "nv50_gl_ubo||--|g80 gt215 llvmpipe"
   # GL 3.0 other than multisampling: vertex and fragment colour clamps
   # on a float target, ARB_shader_texture_lod's explicit LOD and
   # gradients, ARB programs' SLT / SGE, glBitmap, SNORM; then GLSL
   # 1.30's textureLod / textureGrad
   "nv50_gl_gl30||--|g80 gt215 llvmpipe"
   "nv50_gl_gl30||-- lod130|g80 gt215 llvmpipe"
   # multisampled textures: texelFetch on a sampler2DMS, glSampleMaski
   # (GLSL 1.30 source)
   "nv50_gl_msaa||-- texms|g80 gt215 llvmpipe"
   # viewport arrays: 16 viewports, their scissors and depth ranges
   # selected by the GS's gl_ViewportIndex; gl_Layer / gl_ViewportIndex
   # read by the FP (ARB_viewport_array, ARB_fragment_layer_viewport)
   "nv50_gl_viewport||--|g80 gt215 llvmpipe"
   # OpenGL ES 3.0 through EGL: the version, float textures filtered,
   # fixed-index primitive restart by index size, ETC2, a #version 300 es
   # program (the ES 3.0 context is refused before half-float linear
   # filtering was reported)
   "nv50_gl_es3||--|g80 gt215 llvmpipe"
   # cull distances with a clip distance (ARB_cull_distance: the
   # hardware's CLIP_DISTANCE_MODE CULL)
   "nv50_gl_cull||--|g80 gt215 llvmpipe"
   # glClipControl: GL_ZERO_TO_ONE's clipping, depth and depth clamp
   # range, GL_UPPER_LEFT (ARB_clip_control)
   "nv50_gl_clip_control||--|g80 gt215 llvmpipe"
   # dFdxFine / dFdyFine exact, the coarse forms a neighbour's
   # (ARB_derivative_control)
   "nv50_gl_derivative||--|g80 gt215 llvmpipe"
   # ARB_texture_view: views of other targets, formats, levels and
   # layers of a 2D array (TIC from the view)
   "nv50_gl_texview||--|g80 gt215 llvmpipe"
   # ARB_stencil_texturing, ARB_texture_stencil8: the stencil of depth /
   # stencil textures uploaded and drawn, read by texelFetch
   "nv50_gl_stencil||--|g80 gt215 llvmpipe"
   # ARB_clear_texture: boxes, levels, layers, integer, depth / stencil,
   # sRGB (3D clears) and RGB9_E5 (on the CPU)
   "nv50_gl_cleartex||--|g80 gt215 llvmpipe"
   # ARB_vertex_type_10f_11f_11f_rev (11_11_10 FLOAT vertex attributes)
   # and ATI_texture_compression_3dc (LATC2 on DXN2)
   "nv50_gl_formats2||--|g80 gt215 llvmpipe"
   # ARB_enhanced_layouts: varyings at components of shared locations
   "nv50_gl_layouts||--|g80 gt215 llvmpipe"
)

for r in "${runs[@]}"; do
   IFS='|' read -r prog flags rest runchips <<<"$r"
   [ -f "$src/$prog.c" ] || continue
   bin=$out/$prog${flags:+-$(echo "$flags" | tr -cd 'A-Za-z0-9')}
   if [ ! -x "$bin" ] || [ "$src/$prog.c" -nt "$bin" ] ||
      [ "$src/nouveau_gl_util.h" -nt "$bin" ]; then
      # (flags last: a library they name comes after the program that
      # needs it, which the linker's --as-needed wants)
      if ! gcc -O1 -g -std=gnu11 -I"$inc" -I"$top/build/install/include" -o "$bin" "$src/$prog.c" \
            -L"$lib" -lEGL -lGL -lpthread -lm -Wl,-rpath,"$lib" $flags 2>"$bin.build.log"; then
         echo "FAIL $prog: does not build ($bin.build.log)"
         failed=$((failed + 1))
         continue
      fi
   fi
   envs=${rest%%--*}
   args=${rest#*--}
   for chip in ${runchips:-$chips}; do
      if [ -n "${ASAN:-}" ] && [ "$chip" = llvmpipe ]; then
         continue
      fi
      if [ "$chip" != llvmpipe ] &&
         [ "$(python3 "$top/src/nouveau/hwdb/gen_chips.py" --lookup "$chip" \
              "$top/src/nouveau/hwdb/chips.xml" | cut -d' ' -f3)" = none ]; then
         echo "skip $prog $envs$args on $chip: chips.xml gives it no driver yet"
         continue
      fi
      log=$out/$(basename "$bin")-$chip-$(echo "$envs$args" | tr -cd 'A-Za-z0-9').log
      # shellcheck disable=SC2086
      env $envs timeout 300 "${nvrun[@]}" --chip "$chip" -- "$bin" $args >"$log" 2>&1
      rc=$?
      if [ -n "${ASAN:-}" ] &&
         grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$log"; then
         failed=$((failed + 1))
         echo "FAIL $prog $envs$args on $chip: sanitizer report ($log):"
         grep -E -m3 'ERROR: |runtime error:|SUMMARY:' "$log" | sed 's/^/     /'
      elif [ $rc = 0 ] && grep -q PASSED "$log"; then
         passed=$((passed + 1))
         echo "ok   $prog $envs$args on $chip"
      else
         failed=$((failed + 1))
         echo "FAIL $prog $envs$args on $chip (exit $rc; $log):"
         tail -5 "$log" | sed 's/^/     /'
      fi
   done
done
echo "driver GL tests: $passed passed, $failed failed"
[ "$failed" = 0 ]
