#!/bin/bash
# test-demo.sh CHIP: renders the demo scene on CHIP (nv40, ... through our
# Mesa build and the drm-shim, or softpipe) and on llvmpipe (the same Mesa
# build), compares the two pictures with nvcompare and prints, last, a
# "PASS: ..." or "FAIL: ..." line.  Runs nvcompare's own unit test first,
# since the verdict rests on it.
#   demo/test-demo.sh nv40
#   demo/test-demo.sh --system softpipe    the system's Mesa instead of
#                                          build/install (sanity check of
#                                          the test itself)
# Environment: DEMO_TEST_FRAMES (default 5), DEMO_TEST_TIMEOUT (seconds per
# render, default 600).  Pictures, logs and the diff picture are left in
# build/demo/test-*.  Runs the gear generator's unit test too.
#
# The tolerance.  Two conforming rasterizers may legitimately differ:
#  - Inside the gears, by rounding: per-vertex lighting in fp32, the colour
#    interpolated at the hardware's precision (NV40 may interpolate the
#    colour varyings in lower precision than llvmpipe's fp32), and
#    float -> 8-bit unorm conversion (round vs truncate, dithering): a few
#    steps of 255.  We allow 16 steps (6%) per channel; a lighting bug (a
#    wrong normal transform, a missing light: the fill light alone is worth
#    up to about 60 steps) is well over that.
#  - On edges (silhouettes, creases between faces), by rasterization
#    precision: the GL spec leaves the sub-pixel precision to the
#    implementation (hardware of the NV40 era may snap vertices to a
#    coarser grid than llvmpipe's 1/256 pixel), so a pixel whose centre
#    lies very close to an edge can go either way, whole colour steps
#    apart.  At 256x256 about 6% of the pixels touch a strong edge.
#    Measured on this scene (frame 4, the last one rendered here) with
#    llvmpipe against itself with the whole picture moved along x by a
#    fraction of a pixel (a coherent shift is worse than random per-vertex
#    snapping): 1/16 pixel -> 0.18% of the
#    pixels over 16 steps, 1/8 -> 0.34%, 1/4 -> 0.68%, 1/2 -> 1.4% (the
#    classic pixel-centre bug).  We allow 0.5%: more than twice what a
#    1/16-pixel coherent error costs, less than a quarter-pixel shift.
#    (llvmpipe against softpipe: 3 pixels of 65536, 0.005%.)
#  The size is fixed at 256x256 because the edge fraction depends on it.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tolerance=16
max_bad_fraction=0.005
size=256x256
frames=${DEMO_TEST_FRAMES:-5}
limit=${DEMO_TEST_TIMEOUT:-600}

system=0
if [ "${1:-}" = --system ]; then system=1; shift; fi
chip=${1:-}
case "$chip" in
"") echo "usage: test-demo.sh [--system] CHIP   (nv40, nv30, ..., softpipe)" >&2; exit 2 ;;
llvmpipe) echo "test-demo.sh: llvmpipe is the reference; give another chip" >&2; exit 2 ;;
esac

fail() {
   echo "FAIL: demo on $chip vs llvmpipe: $*"
   exit 1
}

make -s -C "$top" demo-bin >/dev/null || fail "demo/ does not build (make demo-bin)"
if ! out=$(bash "$top/demo/test-compare.sh" 2>&1); then
   echo "$out"
   fail "nvcompare's own unit test fails"
fi
echo "  ${out##*$'\n'}"
if ! out=$("$top/build/demo/nvdemo-gear-test" 2>&1); then
   echo "$out"
   fail "the demo's gear generator test fails"
fi
echo "  ${out##*$'\n'}"

outdir="$top/build/demo"
if [ $system = 0 ] && [ ! -d "$top/build/install/lib/x86_64-linux-gnu" ]; then
   fail "no Mesa build in build/install (run 'make mesa')"
fi

# render NAME: renders on NAME into $outdir/test-NAME.png; test-NAME.log
# keeps its standard output, test-NAME.err its standard error (where the
# driver and the shim may print at exit, after the picture's path).  Checks that the demo says what it rendered with and ends with the
# picture's path.
render() {
   local name=$1 png="$outdir/test-$1.png" log="$outdir/test-$1.log"
   local errlog="$outdir/test-$1.err" status
   rm -f "$png"
   if [ $system = 1 ]; then
      env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER="$name" EGL_PLATFORM=surfaceless \
         timeout "$limit" "$outdir/nvdemo" --frames "$frames" --size "$size" \
         --output "$png" >"$log" 2>"$errlog"
   else
      timeout "$limit" "$top/scripts/nvrun" --chip "$name" -- "$outdir/nvdemo" \
         --frames "$frames" --size "$size" --output "$png" >"$log" 2>"$errlog"
   fi
   status=$?
   if [ $status = 124 ]; then
      fail "nvdemo on $name took more than $limit s (logs: ${log#$top/}, ${errlog#$top/})"
   elif [ $status != 0 ]; then
      tail -5 "$errlog" | sed 's/^/        /'
      fail "nvdemo on $name exited with $status (logs: ${log#$top/}, ${errlog#$top/})"
   fi
   [ "$(tail -1 "$log")" = "$png" ] && [ -s "$png" ] ||
      fail "nvdemo on $name did not end with the path of its picture (log: ${log#$top/})"
   renderer=$(grep -m1 '^GL_RENDERER: ' "$log" | sed 's/^GL_RENDERER: //')
   echo "  $name: GL_RENDERER = $renderer; $(grep -m1 'ms per frame' "$log")"
}

render llvmpipe
case "$renderer" in
llvmpipe*) ;;
*) fail "the reference rendered with '$renderer', not llvmpipe" ;;
esac
render "$chip"
# A chip that falls back to a software renderer would make the comparison
# meaningless: insist on the chip's own driver.
case "${renderer,,}" in
*"${chip,,}"*) ;;
*) fail "GL_RENDERER '$renderer' is not $chip's" ;;
esac

diff_png="$outdir/test-$chip-diff.png"
result=$("$outdir/nvcompare" "$outdir/test-$chip.png" "$outdir/test-llvmpipe.png" \
   --tolerance $tolerance --max-bad-fraction $max_bad_fraction --diff "$diff_png" 2>&1)
status=$?
sed 's/^/  /' <<<"$result"
summary=$(grep -E '^(max channel|pixels over|PSNR)' <<<"$result" | tr '\n' ';' | sed 's/;$//; s/;/; /g')
case $status in
0) echo "PASS: demo on $chip matches llvmpipe ($summary)" ;;
1) fail "pictures differ over tolerance ($summary); diff picture ${diff_png#$top/}" ;;
*) fail "nvcompare could not compare the pictures" ;;
esac
