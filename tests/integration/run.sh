#!/bin/bash
# Integration tests on the Mesa build: the real stack (GL -> st/mesa -> our
# driver -> libdrm_nouveau -> drm-shim -> nvsim) on a simulated NV40.
#  1. glinfo shows our renderer on the simulated NV40;
#  2. the piglit tests of tests/integration/piglit-smoke.txt pass;
#  3. the demo on the simulated NV40 matches llvmpipe (demo/test-demo.sh).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
piglit_bin=/usr/lib/x86_64-linux-gnu/piglit/bin
chip=${CHIP:-nv40}
passed=0
failed=0

result() {   # name verdict detail
   if [ "$2" = pass ]; then
      passed=$((passed + 1)); echo "  pass  $1"
   else
      failed=$((failed + 1)); echo "  FAIL  $1: $3"
   fi
}

# 1. The renderer string names the simulated chip.
out=$(timeout 120 "$top/scripts/nvrun" --chip "$chip" -- "$piglit_bin/glinfo" 2>&1)
renderer=$(echo "$out" | grep -m1 '^GL_RENDERER' | sed 's/^GL_RENDERER *= *//')
version=$(echo "$out" | grep -m1 '^GL_VERSION' | sed 's/^GL_VERSION *= *//')
echo "  $chip: GL_RENDERER = $renderer; GL_VERSION = $version"
case "$renderer" in
*"${chip^^}"*) result "glinfo renderer on $chip" pass ;;
*) result "glinfo renderer on $chip" fail "expected ${chip^^} in GL_RENDERER, got '$renderer'"
   echo "$out" | tail -5 ;;
esac

# 2. piglit rendering tests.
while read -r test args; do
   case "$test" in ""|\#*) continue ;; esac
   log="$top/build/piglit-smoke-$chip-$test.log"
   timeout 300 "$top/scripts/nvrun" --chip "$chip" -- "$piglit_bin/$test" $args -auto >"$log" 2>&1
   rc=$?
   verdict=$(grep -o '"result": *"[a-z]*"' "$log" | tail -1 | sed 's/.*"\([a-z]*\)"$/\1/')
   [ -n "$verdict" ] || verdict="crash (exit $rc)"
   [ $rc = 124 ] && verdict=timeout
   if [ "$verdict" = pass ]; then
      result "piglit $test $args" pass
   else
      result "piglit $test $args" fail "$verdict, log in ${log#$top/}"
      tail -5 "$log" | sed 's/^/        /'
   fi
done <"$top/tests/integration/piglit-smoke.txt"

# 3. The demo against llvmpipe.
if bash "$top/demo/test-demo.sh" "$chip"; then
   result "demo on $chip matches llvmpipe" pass
else
   result "demo on $chip matches llvmpipe" fail "see above"
fi

echo "integration: $passed passed, $failed failed"
[ "$failed" = 0 ]
