#!/bin/bash
# bisect-draws.sh: find the draw call of a trace where a chip starts to
# disagree with llvmpipe (how OpenArena's depth bug was found).
#
#   scripts/apps/bisect-draws.sh [--chip nv40] [--ref] [--depth] TRACE FIRST LAST
#
# Replays TRACE on the chip and on llvmpipe, snapshotting after every draw
# call (glDraw*, glEnd, glClear, glBlitFramebuffer, glCallList) numbered
# FIRST..LAST (apitrace call numbers: `apitrace dump TRACE` shows them),
# and prints for each the fraction of pixels over 16/255 apart, marking the
# draws where the fraction moved.  --depth also compares the depth buffers
# (eglretrace --mrt), which shows a wrong depth long before the colours do.
# --ref runs upstream's driver (nvrun --ref, on gbm); llvmpipe always
# replays on surfaceless EGL, whatever the caller's environment.  Pictures stay in
# build/apps-bisect/ (CHIP-CALL.png, llvmpipe-CALL.png; -z for depth).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
chip=nv40
ref=
depth=
while [ $# -gt 0 ]; do
   case "$1" in
   --chip) chip=$2; shift 2 ;;
   --ref) ref=--ref; shift ;;
   --depth) depth=1; shift ;;
   -h|--help) sed -n 2,16p "$0"; exit 0 ;;
   *) break ;;
   esac
done
[ $# = 3 ] || { sed -n 2,16p "$0" >&2; exit 2; }
trace=$1 first=$2 last=$3
out=$top/build/apps-bisect
cmp=$top/build/demo/nvcompare
[ -x "$cmp" ] || make -s -C "$top" demo-bin >/dev/null
rm -rf "$out"
mkdir -p "$out"
calls=$(apitrace dump --call-nos=yes "$trace" 2>/dev/null |
        awk -v a="$first" -v b="$last" '$1 >= a && $1 <= b &&
            $2 ~ /^gl(Draw|End\(|Clear\(|BlitFramebuffer|CallList|Begin)/ && $2 !~ /^glBegin/ { print $1 }' |
        paste -sd,)
[ -n "$calls" ] || { echo "bisect-draws: no draw call in $first..$last" >&2; exit 1; }
# Each replay on the platform that works for its driver: llvmpipe's on
# surfaceless EGL whatever the caller's environment says (a shell set up
# for upstream's driver has WAFFLE_PLATFORM=gbm, where llvmpipe's replay
# fails), the chip's on what nvrun picks (gbm for --ref, docs/fidelity.md).
env -u WAFFLE_GBM_DEVICE PIGLIT_PLATFORM=surfaceless_egl \
   WAFFLE_PLATFORM=surfaceless_egl "$top/scripts/nvrun" --chip llvmpipe -- \
   eglretrace --headless ${depth:+--mrt} -S "$calls" -s "$out/llvmpipe-" "$trace" \
   >"$out/llvmpipe.log" 2>&1 || true
"$top/scripts/nvrun" $ref --chip "$chip" -- \
   eglretrace --headless ${depth:+--mrt} -S "$calls" -s "$out/$chip-" "$trace" \
   >"$out/$chip.log" 2>&1 || true
for d in llvmpipe "$chip"; do
   ls "$out/$d-"*.png >/dev/null 2>&1 ||
      echo "bisect-draws: the $d replay made no snapshot (log: $out/$d.log)" >&2
done
frac() {
   "$cmp" "$1" "$2" --tolerance 16 2>/dev/null | sed -n 's/.*(fraction \([0-9.e+-]*\).*/\1/p'; true
}
prev=
for c in ${calls//,/ }; do
   n=$(printf '%010d' "$c")
   if [ -n "$depth" ]; then
      a=$out/llvmpipe-$n-mrt0.png b=$out/$chip-$n-mrt0.png
   else
      a=$out/llvmpipe-$n.png b=$out/$chip-$n.png
   fi
   [ -f "$a" ] && [ -f "$b" ] || { echo "$c: no snapshot"; continue; }
   f=$(frac "$a" "$b")
   z=
   if [ -n "$depth" ] && [ -f "$out/llvmpipe-$n-z.png" ] && [ -f "$out/$chip-$n-z.png" ]; then
      z=" depth $(frac "$out/llvmpipe-$n-z.png" "$out/$chip-$n-z.png")"
   fi
   mark=
   [ "$f$z" != "$prev" ] && mark="  <-- changed"
   prev="$f$z"
   echo "$c colour $f$z$mark"
done
