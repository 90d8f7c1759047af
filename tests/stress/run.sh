#!/bin/bash
# Many contexts on many threads, and a trapped channel (issue 8 part 3;
# `make stress`, docs/reliability.md "Threads and contexts").
#
#   tests/stress/run.sh          the full run (make stress): 16 threads x
#                                16 contexts x 40 frames = 10240 frames
#   tests/stress/run.sh quick    make test's stage: 8 x 8 x 10 = 640 frames,
#                                the trap runs 4 x 4 x 100 (full: x 200)
#
# The program (src/gallium/drivers/nouveau/tests/nv40_gl_stress.c) is
# built against our Mesa build; llvmpipe renders every distinct frame
# once (--ref) into build/stress/ref.bin, and each run on the simulated
# NV40 compares every frame it draws with those, pixel by pixel (2/255
# for blending's rounding).  The same check on llvmpipe, threads and
# all, shows the harness itself is sound.  Then the trap runs: one robust
# context's channel gets one trap of each kind (illegal method, invalid
# value, DMA fault, runaway vertex program) while 16 others draw, traps
# going on; and an illegal method that kills it (NVSIM_STRICT=1).
# The last line is "N frames checked, N wrong" over the NV40 runs.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
mode=${1:-full}
src=$top/src/gallium/drivers/nouveau/tests/nv40_gl_stress.c
out=$top/build/stress
lib=$top/build/install/lib/x86_64-linux-gnu
inc=$top/build/mesa-src/include
# hwdb (methods, chip table) and the NV40 VP encoder: our tree's sources
# and headers, the libraries and generated headers of our Mesa build
mbuild=$top/build/mesa/src/nouveau
ours="-I$top/src/nouveau/hwdb -I$mbuild/hwdb -I$top/src/nouveau/isa -I$mbuild/isa"
ourlibs="$mbuild/isa/libnvisa.a $mbuild/hwdb/libnvhwdb.a"
bin=$out/nv40_gl_stress
ref=$out/ref.bin
mkdir -p "$out"

if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
   # shellcheck disable=SC2046
   # shellcheck disable=SC2086
   if ! gcc -O1 -g -std=gnu11 -Wall -I"$inc" $ours $(pkg-config --cflags libdrm_nouveau) \
         -o "$bin" "$src" $ourlibs -L"$lib" -lEGL -lGL \
         $(pkg-config --libs libdrm_nouveau) -ldrm -lpthread \
         -Wl,-rpath,"$lib" 2>"$bin.build.log"; then
      echo "FAIL: the stress program does not build ($bin.build.log)"
      echo "0 frames checked, 0 wrong"
      exit 1
   fi
fi
if [ ! -s "$ref" ] || [ "$bin" -nt "$ref" ]; then
   "$top/scripts/nvrun" --chip llvmpipe -- "$bin" --ref "$ref" >"$out/ref.log" 2>&1 ||
      { echo "FAIL: llvmpipe reference frames ($out/ref.log)"; exit 1; }
fi

case "$mode" in
quick) big="-t 8 -c 8 -f 10"; trapf=100 ;;
*)     big="-t 16 -c 16 -f 40"; trapf=200 ;;
esac

frames=0
wrong=0
failed=0
# chip, log name, arguments
run() {
   local chip=$1 name=$2; shift 2
   local log=$out/$name-$chip.log
   local t0=$SECONDS
   nice timeout 900 "$top/scripts/nvrun" --chip "$chip" -- "$bin" --check "$ref" "$@" \
      >"$log" 2>&1
   local rc=$?
   local line
   line=$(grep -E '^[0-9]+ frames checked, [0-9]+ wrong' "$log" | tail -1)
   # the totals are the simulated chip's; llvmpipe's run checks the harness
   if [ -n "$line" ] && [ "$chip" != llvmpipe ]; then
      frames=$((frames + $(echo "$line" | cut -d' ' -f1)))
      wrong=$((wrong + $(echo "$line" | cut -d' ' -f4)))
   fi
   if [ $rc = 0 ] && grep -q '^PASSED' "$log"; then
      echo "ok   $name on $chip ($*): ${line:-?} [$((SECONDS - t0)) s]"
   else
      failed=$((failed + 1))
      echo "FAIL $name on $chip ($*; exit $rc; $log):"
      grep -v '^nouveau: \s' "$log" | tail -8 | sed 's/^/     /'
   fi
}

# the harness on llvmpipe: threads, share groups, the protocol
run llvmpipe contexts $big
# NV40: 31 channels for the process (32, the kernel keeps one), so the
# contexts beyond 31 share them, and must draw as well
run nv40 contexts $big --channels 31
# A channel that traps once of each kind, traps going on (nvsim's
# default: a trap drops the method and the channel goes on, as Linux's
# nouveau lets PGRAPH go on after an error on NV40,
# src/nouveau/sim/nvsim_trap.c): the robust context reports no reset and
# draws every frame right, as the 16 others do, and each kind's decoded
# line is on stderr, on that context's channel, and no other trap.
run nv40 traps -t 4 -c 4 -f "$trapf" --traps
log=$out/traps-nv40.log
chan=$(sed -n 's/^robust context .* is on channel \([0-9]*\) .*/\1/p' "$log")
for kind in ILLEGAL_MTHD INVALID_VALUE DMA_ERROR 'vertex program: instruction limit'; do
   line=$(grep -m1 "^nvsim: TRAP ch${chan:-?} .*$kind" "$log")
   if [ -n "$chan" ] && [ -n "$line" ]; then
      echo "     $line"
   else
      failed=$((failed + 1))
      echo "FAIL traps: no \"$kind\" trap on the robust context's channel (${chan:-not found}) in $log"
   fi
done
ntraps=$(grep -c '^nvsim: TRAP' "$log")
if [ "$ntraps" != 4 ]; then
   failed=$((failed + 1))
   echo "FAIL traps: $ntraps trap lines, not the 4 submitted ($log)"
fi
# A channel that traps and dies: its robust context reports a guilty
# reset, the 16 others draw every frame right.  What this run checks is
# our driver's reset path, which on a real kernel follows a channel the
# kernel killed (nouveau_channel_kill, e.g. after a fault it cannot
# recover); NVSIM_STRICT=1 is that kill.
export NVSIM_STRICT=1
run nv40 trap -t 4 -c 4 -f "$trapf" --trap
unset NVSIM_STRICT
grep -h 'TRAP ch' "$out/trap-nv40.log" 2>/dev/null | head -1 | sed 's/^/     /'

echo "stress (NV40): $frames frames checked, $wrong wrong"
[ "$failed" = 0 ] && [ "$wrong" = 0 ]
