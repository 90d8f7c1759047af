#!/bin/bash
# make test-asan: the tests of our code that run on nv40, under AddressSanitizer
# and UndefinedBehaviorSanitizer (docs/reliability.md, "Sanitizers"): the
# standalone unit tests, the sanitizer build of Mesa (build/asan), its
# Mesa-tree tests, the driver GL tests, the piglit gate and the application
# corpus on the simulated NV40.  Any sanitizer report fails its stage,
# naming the test.  The last line is "N passed, N failed" over the stages.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
export PATH=/usr/bin:$PATH
passed=0
failed=0
failures=()
t_all=$(date +%s)

stage() {
   local name=$1; shift
   local t0
   t0=$(date +%s)
   echo "=== $name"
   if "$@"; then
      passed=$((passed + 1))
      echo "--- $name: ok ($(( $(date +%s) - t0 )) s)"
   else
      failed=$((failed + 1))
      failures+=("$name")
      echo "--- $name: FAILED ($(( $(date +%s) - t0 )) s)"
   fi
}

stage "unit tests under ASan+UBSan (standalone: hwdb, isa, nvsim)" \
   make -s -C "$top" unit-asan
if stage "Mesa build with ASan+UBSan (build/asan)" make -s -C "$top" mesa-asan; then
   # The shim's test programs run uninstrumented with libasan preloaded
   # ahead of the shim (src/nouveau/drm-shim/tests/meson.build says why);
   # verify_asan_link_order=0 lets any instrumented program that preloads
   # the shim start as well.
   stage "Mesa-tree tests under ASan+UBSan (compiler, drm-shim)" \
      env ASAN_OPTIONS=verify_asan_link_order=0 \
      UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$top/tests/sanitizers/ubsan.supp" \
      meson test -C "$top/build/asan/mesa" --suite nouveau --print-errorlogs -q
   stage "driver GL tests under ASan+UBSan (nv40_gl_*)" \
      env ASAN=1 bash "$top/tests/gl/run.sh"
   stage "piglit gate on nv40 under ASan+UBSan" \
      make -s -C "$top" piglit-gate CHIP=nv40 ASAN=1
   stage "application corpus on nv40 under ASan+UBSan" \
      make -s -C "$top" apps-gate CHIP=nv40 ASAN=1
else
   failed=$((failed + 4))
   failures+=("Mesa-tree tests, driver GL tests, piglit gate, application corpus (not run: no sanitizer build)")
fi

echo
echo "test-asan: $(( ($(date +%s) - t_all) / 60 )) min"
for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
