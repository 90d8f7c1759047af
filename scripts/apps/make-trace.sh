#!/bin/bash
# make-trace.sh NAME: (re)make one program of the corpus from its recipe
# tests/apps/programs/NAME.conf: record it (record.sh), keep the frames the
# recipe names (apitrace trim --frames), repack with brotli, and write the
# reference frames by replaying the result on llvmpipe (twice: the two
# replays must agree exactly, or the trace is no use as a reference).
#
# Outputs: tests/apps/traces/NAME.trace, tests/apps/traces/NAME.calls (the
# glXSwapBuffers call numbers of the frames compared), tests/apps/ref/NAME-CALL.png
# and, where softpipe is outside tolerance of llvmpipe, NAME-CALL.softpipe.png.
# The raw recording stays in build/apps-record/ for another trim.
#
# Variables of a recipe (shell syntax):
#   RECORD=(program args...)   the command, as a user would start it
#   SIZE=WxH SECONDS=N CWD=dir KEYS="T:key ..."   (record.sh options)
#   KEEP="0-40,1200-1202"      frames kept (apitrace frame set); the word
#                              "uploads" in it stands for every frame that
#                              creates textures, buffers, lists or programs
#                              (found in the raw trace), e.g. "uploads,900-901"
#   COMPARE=3                  how many of the last kept frames are compared
#   COMPARE_FRAMES="9,19,29"   or: which kept frames (recording's frame
#                              numbers, each in KEEP) are compared
#   CLASS=nv40                 GL class recorded for (tests/piglit/caps-CLASS.txt;
#                              nv30-gl21: our NV30 at GL 2.1)
#   REPLAY_CLASSES=nv30-gl21   (apps_runner.py only) classes whose chips replay
#                              the trace too; the recipe argues why
#   API=gl                     apitrace's --api: gl (GLX) or egl (record.sh)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
name=${1:?usage: make-trace.sh NAME [--no-record]}
conf=$top/tests/apps/programs/$name.conf
[ -f "$conf" ] || { echo "make-trace: no recipe $conf" >&2; exit 2; }
SIZE=640x480 SECONDS=20 CWD= KEYS= COMPARE=3 COMPARE_FRAMES= CLASS=nv40 API=gl
# shellcheck source=/dev/null
. "$conf"
raw=$top/build/apps-record/$name.raw.trace
mkdir -p "$top/build/apps-record" "$top/tests/apps/traces" "$top/tests/apps/ref"
if [ "${2:-}" != --no-record ] || [ ! -f "$raw" ]; then
   "$top/scripts/apps/record.sh" --out "$raw" --seconds "$SECONDS" --size "$SIZE" \
      --gl-class "$CLASS" --api "$API" ${KEYS:+--keys "$KEYS"} ${CWD:+--cwd "$CWD"} -- "${RECORD[@]}"
fi
if [[ ",$KEEP," == *,uploads,* ]]; then
   # The frames whose calls create objects that later frames use (a trim
   # keeps only the calls of the frames it keeps): texture images, buffer
   # data, display lists, linked programs, and their deletion.  Copies
   # from the framebuffer (glCopyTex*) and glMapBuffer are left out: the
   # programs here redo those in every frame they draw.
   up=$(apitrace dump --call-nos=yes "$raw" 2>/dev/null | awk '
      /^[0-9]+ (glX|egl)SwapBuffers/ { if (n) print f + 0; f++; n = 0; next }
      /^[0-9]+ (glTexImage|glTexSubImage|glCompressedTex|glGenerateMipmap|glBufferData|glBufferSubData|glNewList|glLinkProgram|glDeleteTextures|glDeleteLists|gluBuild)/ { n++ }' |
      paste -sd,)
   # One frame a line, sorted, each once: the frame set apitrace trims by.
   KEEP=$(echo "$KEEP" | tr ',' '\n' | sed "s/^uploads\$/${up:-0}/" | tr ',' '\n' |
          awk -F- '{ for (f = $1; f <= ($2 == "" ? $1 : $2); f++) print f }' |
          sort -n -u | paste -sd,)
   echo "make-trace: $name: KEEP=$KEEP"
fi
tmp=$top/build/apps-record/$name.trim.trace
apitrace trim --frames="$KEEP" -o "$tmp" "$raw" >/dev/null
out=$top/tests/apps/traces/$name.trace
apitrace repack --brotli=9 "$tmp" "$out"
rm -f "$tmp"
swaps=$(apitrace dump --call-nos=yes "$out" 2>/dev/null |
   awk '/^[0-9]+ (glX|egl)SwapBuffers/ { print $1 }')
if [ -n "$COMPARE_FRAMES" ]; then
   # The trimmed trace's Nth swap ends the Nth frame of KEEP, in order.
   kept=$(echo "$KEEP" | tr ',' '\n' |
          awk -F- '{ for (f = $1; f <= ($2 == "" ? $1 : $2); f++) print f }')
   for f in ${COMPARE_FRAMES//,/ }; do
      i=$(echo "$kept" | grep -nx "$f" | cut -d: -f1)
      [ -n "$i" ] || { echo "make-trace: $name: frame $f is not in KEEP" >&2; exit 1; }
      echo "$swaps" | sed -n "${i}p"
   done | paste -sd, >"$top/tests/apps/traces/$name.calls"
else
   echo "$swaps" | tail -n "$COMPARE" | paste -sd, >"$top/tests/apps/traces/$name.calls"
fi
calls=$(cat "$top/tests/apps/traces/$name.calls")
[ -n "$calls" ] || { echo "make-trace: $name: no frame in the kept range" >&2; exit 1; }
d=$(mktemp -d)
for run in 1 2; do
   "$top/scripts/nvrun" --chip llvmpipe -- eglretrace --headless -S "$calls" \
      -s "$d/$run-" "$out" >"$d/log$run" 2>&1
done
# The old references go only once the new ones are known good.
for c in ${calls//,/ }; do
   f=$(printf '%010d.png' "$c")
   [ -f "$d/1-$f" ] || { echo "make-trace: $name: no llvmpipe frame at call $c (log: $d/log1)" >&2; exit 1; }
   cmp -s "$d/1-$f" "$d/2-$f" || { echo "make-trace: $name: llvmpipe is not reproducible at call $c" >&2; exit 1; }
done
# (-[0-9]: not the references of neverball-nv30 when remaking neverball)
rm -f "$top/tests/apps/ref/$name"-[0-9]*.png
for c in ${calls//,/ }; do
   cp "$d/1-$(printf '%010d.png' "$c")" "$top/tests/apps/ref/$name-$c.png"
done
rm -rf "$d"
# softpipe's frame as a second reference where it is outside tolerance of
# llvmpipe's (second-refs.sh says why).
"$top/scripts/apps/second-refs.sh" "$name"
ls -l "$out"
echo "make-trace: $name: frames at calls $calls"
