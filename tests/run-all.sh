#!/bin/bash
# make test: every test, in the order that the stack stands up.  Each stage
# prints its own results; the last line sums them up as
# "N passed, N failed".
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
# Debian's python3 (with mako) for any meson regeneration in the Mesa tree.
export PATH=/usr/bin:$PATH
passed=0
failed=0
failures=()

stage() {
   local name=$1; shift
   echo "=== $name"
   if "$@"; then
      passed=$((passed + 1))
      echo "--- $name: ok"
   else
      failed=$((failed + 1))
      failures+=("$name")
      echo "--- $name: FAILED"
   fi
}

stage "unit tests (standalone: hwdb, isa, nvsim)" make -s -C "$top" unit
if stage "Mesa build with our nouveau" make -s -C "$top" mesa; then
   stage "demo tools (gear mesh, nvcompare)" \
      sh -c "make -s -C '$top' demo-bin && '$top/build/demo/nvdemo-gear-test' && bash '$top/demo/test-compare.sh'"
   stage "Mesa-tree tests (compiler, drm-shim)" \
      meson test -C "$top/build/mesa" --suite nouveau --print-errorlogs -q
   # The sanitizer stage of every run (docs/reliability.md, "Sanitizers"):
   # nvsim, the hwdb and ISA tools, the drm-shim over Mesa's drm-shim core,
   # and their tests, under ASan+UBSan (about 2 min; the Mesa ASan build
   # and its gates are `make test-asan`).
   stage "unit and drm-shim tests under ASan+UBSan (make unit-asan)" \
      make -s -C "$top" unit-asan
   stage "driver GL tests (nv40_gl_*: ours and llvmpipe)" bash "$top/tests/gl/run.sh"
   stage "threads and contexts (64 contexts on 8 threads, a trapped channel)" \
      bash "$top/tests/stress/run.sh" quick
   stage "integration: glinfo, piglit, demo, traces" bash "$top/tests/integration/run.sh"
   stage "piglit and corpus harness self-tests" \
      sh -c "make -s -C '$top' piglit-selftest && make -s -C '$top' apps-selftest"
   stage "piglit gate lists vs expectations (every chip)" make -s -C "$top" piglit-gate-all
   # Upstream's unmodified driver is the check of nvsim (BRIEF section 5):
   # the corpus runs on it too (tests/apps/expected-ref-*.txt).
   stage "reference build (upstream's nouveau, for the fidelity checks)" \
      make -s -C "$top" reference
   stage "application corpus vs expectations (every chip, ours and upstream's)" \
      make -s -C "$top" apps-gate-all
   # The piglit tests that shim and nvsim fixes made pass with upstream's
   # driver (tests/piglit/ref-nv40.txt, 17 tests, about 30 s).
   stage "piglit ref-nv40 list vs expectations (upstream's driver on nvsim)" \
      make -s -C "$top" piglit-gate-ref
   # The same for Tesla (tests/piglit/ref-g80.txt: what docs/tesla.md
   # shows upstream's driver passing on the simulated G80 without a trap;
   # 60 tests, about 40 s).
   stage "piglit ref-g80 list vs expectations (upstream's driver on nvsim's G80)" \
      make -s -C "$top" piglit-gate-ref-g80
   # The benchmarks' short version: that every table prints (figures are
   # not judged here; docs/benchmarks.md).
   stage "benchmarks, short (make bench QUICK=1: every table prints)" \
      sh -c "make -s -C '$top' bench QUICK=1 && /usr/bin/python3 '$top/bench/bench_runner.py' --check"
else
   failed=$((failed + 13))
   failures+=("demo tools, Mesa-tree tests, unit and drm-shim tests under ASan+UBSan, driver GL tests, threads and contexts, integration, piglit self-tests, piglit gates, reference build, application corpus, piglit ref-nv40 list, piglit ref-g80 list, benchmarks (not run: no Mesa build)")
fi
# A smoke of each fuzz harness (tests/fuzz/README.md; the longer run is in
# docs/reliability.md, "Fuzzing").
stage "fuzz smoke (push, methods, shim, nv50_ib: 30 s each, ASan+UBSan)" make -s -C "$top" fuzz FUZZ_SECONDS=30

echo
for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
