#!/bin/bash
# record.sh: record an apitrace trace of a real program for the corpus
# (tests/apps/README.md says how each trace was made).
#
#   scripts/apps/record.sh [options] -- PROGRAM ARGS...
#     --out FILE.trace       where the raw trace goes (required)
#     --seconds N            kill the program after N seconds (default 20)
#     --size WxH             the X screen's size (default 640x480)
#     --gl-class nv40        limit GL to what that chip class exposes
#     --keys "T:KEYS ..."    at second T, type KEYS into the focused window
#                            (xdotool key syntax, e.g. "8:Return 12:space");
#                            a KEYS item with '=' is an xdotool command with
#                            '=' for spaces: "5:click=1",
#                            "6:mousemove_relative=--=0=-40", "7:keydown=Up"
#     --cwd DIR              run the program there
#     --api gl|egl           what apitrace intercepts (default gl: GLX;
#                            egl for programs on EGL, e.g. xscreensaver 6)
#
# The program runs under Xvfb on Debian's own Mesa (llvmpipe), so the
# recording does not depend on our build.  apitrace does not record
# glGetString: a program that picks its rendering path from the extension
# string replays that path, so the recording hides everything that the
# chip class cannot do (GL version, GLSL version and extensions of
# tests/piglit/caps-CLASS.txt, which upstream's driver reports on that chip,
# or, for a target class such as nv30-gl21, what our driver reports there).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=
seconds=20
size=640x480
class=nv40
keys=
cwd=
api=gl
while [ $# -gt 0 ]; do
   case "$1" in
   --out) out=$2; shift 2 ;;
   --seconds) seconds=$2; shift 2 ;;
   --size) size=$2; shift 2 ;;
   --gl-class) class=$2; shift 2 ;;
   --keys) keys=$2; shift 2 ;;
   --cwd) cwd=$2; shift 2 ;;
   --api) api=$2; shift 2 ;;
   --) shift; break ;;
   *) echo "record: unknown option $1" >&2; exit 2 ;;
   esac
done
[ -n "$out" ] && [ $# -gt 0 ] || { sed -n 2,17p "$0" >&2; exit 2; }
out=$(realpath -m "$out")
mkdir -p "$(dirname "$out")"

display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 50); do
   xdpyinfo -display "$display" >/dev/null 2>&1 && break
   sleep 0.1
done
export DISPLAY=$display
export LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe
# No vsync: frames as fast as llvmpipe draws them.
export vblank_mode=0

caps=$top/tests/piglit/caps-$class.txt
if [ -f "$caps" ]; then
   # The chip class's GL and GLSL versions; everything llvmpipe has that
   # the class has not is switched off, except what Mesa cannot switch off
   # alone (scripts/gl_limit.py, shared with the piglit gate rule).
   eval "$(python3 "$top/scripts/gl_limit.py" "$caps" -- glxinfo -display "$display")"
fi

[ -z "$cwd" ] || cd "$cwd"
rm -f "$out"
apitrace trace --api "$api" --output "$out" "$@" >"$out.log" 2>&1 &
prog=$!
if [ -n "$keys" ]; then
   (
      t0=0
      for k in $keys; do
         t=${k%%:*}; key=${k#*:}
         sleep $((t - t0)); t0=$t
         case "$key" in
         *=*) xdotool $(echo "$key" | tr '=' ' ') 2>/dev/null || true ;;
         *) xdotool key --delay 120 $(echo "$key" | tr ',' ' ') 2>/dev/null || true ;;
         esac
      done
   ) &
fi
for _ in $(seq $((seconds * 10))); do
   kill -0 $prog 2>/dev/null || break
   sleep 0.1
done
# Children first (apitrace's wrapper waits for the program).
pkill -TERM -P $prog 2>/dev/null || true
sleep 1
pkill -KILL -P $prog 2>/dev/null || true
wait $prog 2>/dev/null || true
ls -l "$out"
apitrace info "$out" 2>/dev/null | grep -E '"FramesCount"|"ActualDataSize"' || true
