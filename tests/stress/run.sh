#!/bin/bash
# Many contexts on many threads, and a trapped channel (issue 8 part 3;
# `make stress`, docs/reliability.md "Threads and contexts").
#
#   tests/stress/run.sh          the full run (make stress): 16 threads x
#                                16 contexts x 40 frames = 10240 frames
#   tests/stress/run.sh quick    make test's stage: 8 x 8 x 10 = 640 frames
#
# The program (src/gallium/drivers/nouveau/tests/nv40_gl_stress.c) is
# built against our Mesa build; llvmpipe renders every distinct frame
# once (--ref) into build/stress/ref.bin, and each run on the simulated
# NV40 compares every frame it draws with those, pixel by pixel (2/255
# for blending's rounding).  The same check on llvmpipe, threads and
# all, shows the harness itself is sound.  Then the trap run: one robust
# context's channel gets an illegal method while 16 others draw.
# The last line is "N frames checked, N wrong" over the NV40 runs.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
mode=${1:-full}
src=$top/src/gallium/drivers/nouveau/tests/nv40_gl_stress.c
out=$top/build/stress
lib=$top/build/install/lib/x86_64-linux-gnu
inc=$top/build/mesa-src/include
bin=$out/nv40_gl_stress
ref=$out/ref.bin
mkdir -p "$out"

if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
   # shellcheck disable=SC2046
   if ! gcc -O1 -g -std=gnu11 -Wall -I"$inc" $(pkg-config --cflags libdrm_nouveau) \
         -o "$bin" "$src" -L"$lib" -lEGL -lGL \
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
quick) big="-t 8 -c 8 -f 10" ;;
*)     big="-t 16 -c 16 -f 40" ;;
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
# a channel that traps: its robust context reports a guilty reset, the
# 16 others draw every frame right.  Under NVSIM_STRICT=1: by default a
# trap drops the method and the channel goes on, as Linux's nouveau lets
# PGRAPH go on after an error on NV40 (src/nouveau/sim/nvsim_trap.c), so
# no context would be lost.  What this run checks is our driver's reset
# path, which on a real kernel follows a channel the kernel killed
# (nouveau_channel_kill, e.g. after a fault it cannot recover); STRICT is
# that kill.  The default (the trapping channel goes on, later fences
# land) is checked by nvsim_trap_test and the shim tests.
export NVSIM_STRICT=1
run nv40 trap -t 4 -c 4 -f 200 --trap
unset NVSIM_STRICT
grep -h 'TRAP ch' "$out/trap-nv40.log" 2>/dev/null | head -1 | sed 's/^/     /'

echo "stress (NV40): $frames frames checked, $wrong wrong"
[ "$failed" = 0 ] && [ "$wrong" = 0 ]
