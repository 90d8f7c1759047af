#!/bin/bash
# Builds the drm-shim fuzz harness (src/nouveau/drm-shim/fuzz/shim_fuzz.c)
# into BUILD/shim_fuzz: the shim's sources with clang, libFuzzer, ASan and
# UBSan, over build/fuzz's nvsim (same sanitizers) and the drm-shim core
# stand-in (shim_fuzz_core.c); Mesa's util library and headers come from
# our Mesa build (make mesa), as the shim's own build takes them.  Why a
# stand-in and not the core: shim_fuzz_core.c.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build/fuzz}
mesa_src=$top/build/mesa-src
mesa=$top/build/mesa
for f in "$mesa_src/src/drm-shim/drm_shim.h" "$mesa/src/util/libmesa_util.a" \
         "$mesa/src/c11/impl/libmesa_util_c11.a"; do
   [ -f "$f" ] || { echo "build-shim-fuzz: $f missing: run make mesa first" >&2; exit 1; }
done
nice ninja -C "$build" -j2 src/nouveau/sim/libnvsim.a >>"$top/build/fuzz-ninja.log" 2>&1 ||
   { grep -E 'error|FAILED' "$top/build/fuzz-ninja.log" | head -30; exit 1; }
shim=$top/src/nouveau/drm-shim
fz=$shim/fuzz
# nvsim's fuzz support: the word count (nvsim_fuzz.h)
simfz=$top/src/nouveau/sim/fuzz
flags=(-g -O1 -std=gnu11 -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -fno-omit-frame-pointer
       -Wno-unused-parameter -D_GNU_SOURCE -DHAVE_PTHREAD -DHAVE_STRUCT_TIMESPEC
       -DHAVE_TIMESPEC_GET -DUSE_GCC_ATOMIC_BUILTINS -DHAVE_ENDIAN_H
       -I"$shim" -I"$top/src/nouveau/sim" -I"$fz" -I"$simfz"
       -I"$build/src/nouveau/hwdb" -I"$top/src/nouveau/hwdb"
       -I"$build/src/nouveau/isa" -I"$top/src/nouveau/isa"
       -I"$mesa_src/include" -I"$mesa_src/src" -I"$mesa/src"
       $(pkg-config --cflags libdrm))
srcs=("$fz/shim_fuzz.c" "$fz/shim_fuzz_core.c" "$simfz/nvsim_fuzz_stats.c"
      "$shim"/nouveau_shim*.c)
libs=("$build/src/nouveau/sim/libnvsim.a" "$build/src/nouveau/hwdb/libnvhwdb.a"
      "$build/src/nouveau/isa/libnvisa.a" "$mesa/src/util/libmesa_util.a"
      "$mesa/src/c11/impl/libmesa_util_c11.a")
# rebuild when a source or library is newer than the binary
out=$build/shim_fuzz
if [ -f "$out" ] && [ -z "$(find "${srcs[@]}" "${libs[@]}" "$shim"/*.h "$fz"/*.h "$simfz"/*.h -newer "$out" 2>/dev/null)" ]; then
   exit 0
fi
nice clang "${flags[@]}" "${srcs[@]}" "${libs[@]}" -lm -lpthread -ldl -lz -lzstd \
   -o "$out" 2>"$build/shim_fuzz.build.log" ||
   { head -40 "$build/shim_fuzz.build.log"; exit 1; }
