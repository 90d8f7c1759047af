#!/bin/bash
# second-refs.sh [NAME...]: the second reference of the corpus
# (tests/apps/ref/NAME-CALL.softpipe.png), for every program or the named
# ones.
#
# Each compared frame is replayed on softpipe too (the same Mesa build's
# other software rasterizer, with its own shader, texture and raster code).
# Where softpipe's frame is outside the corpus tolerance of llvmpipe's
# (the same nvcompare figures the runner uses), GL does not fix that frame
# to within the tolerance: two conformant implementations already differ
# by more, typically a shader that turns float rounding into texel choices
# (glmark2's refraction).  Only then is softpipe's frame kept, and the
# runner passes a frame within tolerance of either reference
# (docs/decisions.md, "Two references where the software rasterizers
# disagree").  A frame where the two agree keeps llvmpipe's alone.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
apps=$top/tests/apps
nvcompare=$top/build/demo/nvcompare
[ -x "$nvcompare" ] || { echo "second-refs: $nvcompare is missing: make demo-bin" >&2; exit 2; }
# The runner's tolerance, from its one definition.
read -r tol bad < <(cd "$top/scripts/apps" &&
   /usr/bin/python3 -c 'import apps_runner as a; print(a.TOLERANCE, a.MAX_BAD)')
if [ $# = 0 ]; then
   set -- $(ls "$apps"/traces/*.calls | xargs -n1 basename | sed 's/\.calls$//')
fi
for name in "$@"; do
   calls=$(cat "$apps/traces/$name.calls")
   d=$(mktemp -d)
   WAFFLE_PLATFORM=surfaceless_egl "$top/scripts/nvrun" --chip softpipe -- \
      eglretrace --headless -S "$calls" -s "$d/sp-" "$apps/traces/$name.trace" \
      >"$d/log" 2>&1 || true
   rm -f "$apps/ref/$name"-[0-9]*.softpipe.png
   for c in ${calls//,/ }; do
      sp=$d/sp-$(printf '%010d.png' "$c")
      if [ ! -f "$sp" ]; then
         echo "second-refs: $name@$c: softpipe made no frame (log kept: $d/log)" >&2
         exit 1
      fi
      if "$nvcompare" "$apps/ref/$name-$c.png" "$sp" --tolerance "$tol" \
            --max-bad-fraction "$bad" >"$d/cmp" 2>&1; then
         echo "$name@$c: softpipe agrees with llvmpipe"
      else
         grep -q 'over tolerance' "$d/cmp" ||
            { echo "second-refs: $name@$c: $(tail -1 "$d/cmp")" >&2; exit 1; }
         cp "$sp" "$apps/ref/$name-$c.softpipe.png"
         echo "$name@$c: softpipe differs from llvmpipe ($(grep -o 'fraction [0-9.]*' "$d/cmp")): kept as a second reference"
      fi
   done
   rm -rf "$d"
done
