#!/bin/bash
# make fuzz FUZZ_SECONDS=N: builds the fuzz harnesses (clang, libFuzzer,
# AddressSanitizer and UndefinedBehaviorSanitizer) and runs each for N
# seconds from its seeds, one after the other.  Prints per harness the
# executions, the command words fuzzed and the crashes; fails on any
# crash, sanitizer report, timeout or out-of-memory, and on a harness that
# executed no input or counted no command word (a harness that tests
# nothing is a failure, not a pass).  tests/fuzz/README.md.
#
#   tests/fuzz/run-fuzz.sh SECONDS [HARNESS...]
#      (default: push methods shim nv50_ib)
#   HARNESS@CHIP runs push or methods on another pre-Tesla chip, nv50_ib on
#   another Tesla (hex, e.g. methods@34, nv50_ib@a3)
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$top/build/fuzz
seconds=${1:-60}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(push methods shim nv50_ib)

# One build directory for the standalone project under clang with the
# sanitizers; -fsanitize=fuzzer-no-link gives nvsim libFuzzer's coverage
# instrumentation (the harness executables link libFuzzer itself).
san_args="-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
if [ ! -f "$build/build.ninja" ]; then
   CC=clang meson setup "$build" "$top" -Db_sanitize=address,undefined \
      -Db_lundef=false -Dbuildtype=debugoptimized \
      "-Dc_args=$san_args" >"$top/build/fuzz-setup.log" 2>&1 ||
      { tail -20 "$top/build/fuzz-setup.log"; exit 1; }
fi

# push@34: the push harness on NV34 (NVSIM_FUZZ_CHIP, nvsim_fuzz.h)
targets=()
for h in "${harnesses[@]}"; do
   case ${h%@*} in
      push|methods|nv50_ib) targets+=("src/nouveau/sim/fuzz/nvsim_fuzz_${h%@*}") ;;
      shim) ;;
      *) echo "run-fuzz: unknown harness $h" >&2; exit 1 ;;
   esac
done
if [ ${#targets[@]} -gt 0 ]; then
   nice ninja -C "$build" -j2 "${targets[@]}" >"$top/build/fuzz-ninja.log" 2>&1 ||
      { grep -E 'error|FAILED' "$top/build/fuzz-ninja.log" | head -30; exit 1; }
fi
for h in "${harnesses[@]}"; do
   if [ "$h" = shim ]; then
      bash "$top/tests/fuzz/build-shim-fuzz.sh" "$build" || exit 1
   fi
done

failed=0
for h in "${harnesses[@]}"; do
   base=${h%@*}
   chip=
   [ "$base" = "$h" ] || chip=${h#*@}
   case $base in
      shim) bin=$build/shim_fuzz ;;
      *) bin=$build/src/nouveau/sim/fuzz/nvsim_fuzz_$base ;;
   esac
   corpus=$build/corpus/$h
   artifacts=$build/artifacts/$h
   log=$build/$h.log
   stats=$build/$h.stats
   mkdir -p "$corpus" "$artifacts"
   rm -f "$stats" "$artifacts"/*
   # -close_fd_mask=2: the targets' stderr (a trap message per trapping
   # input) goes to /dev/null; libFuzzer and the sanitizers keep
   # reporting on a copy of it.  -timeout: one input running that long is
   # a failure (nvsim must not hang).
   NVSIM_FUZZ_CHIP=$chip NVSIM_FUZZ_STATS=$stats nice "$bin" -max_total_time="$seconds" \
      -timeout=30 -rss_limit_mb=2048 -max_len=16384 -close_fd_mask=2 \
      -print_final_stats=1 -artifact_prefix="$artifacts/" \
      "$corpus" "$top/tests/fuzz/seeds/$base" >"$log" 2>&1
   status=$?
   runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
   words=$(awk '/^words/ {print $2}' "$stats" 2>/dev/null)
   # libFuzzer keeps an input that ran over 10 s of wall time as
   # slow-unit-*: on a loaded machine (2 cores shared) that is the load,
   # not the input, so it is printed and kept but fails nothing; an input
   # that runs 30 s is a timeout (crash-/timeout-), which fails
   crashes=$(find "$artifacts" -type f ! -name 'slow-unit-*' | wc -l)
   slow=$(find "$artifacts" -type f -name 'slow-unit-*' | wc -l)
   reports=$(grep -cE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:' "$log")
   printf 'fuzz %-8s %6ss: %s executions, %s command words, %s crashes, %s sanitizer reports (exit %s)%s\n' \
      "$h" "$seconds" "${runs:-?}" "${words:-?}" "$crashes" "$reports" "$status" \
      "$([ "$slow" = 0 ] || echo ", $slow slow inputs (over 10 s wall, kept in $artifacts)")"
   if [ "$status" != 0 ] || [ "$crashes" != 0 ] || [ "$reports" != 0 ]; then
      failed=1
      grep -E -A12 'ERROR:|runtime error:|==[0-9]+==' "$log" | head -40
      echo "fuzz $h: FAILED; inputs in $artifacts, log $log"
   elif [ "${runs:-0}" = 0 ] || [ "${words:-0}" = 0 ]; then
      # libFuzzer prints its final stats and the harness writes its word
      # count at exit: without them the harness ran nothing we can count
      failed=1
      echo "fuzz $h: FAILED: no executions or no command words counted; log $log"
   fi
done
exit $failed
