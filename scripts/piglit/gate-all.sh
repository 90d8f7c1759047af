#!/bin/bash
# make test's piglit stage: the gate of every chip that has both a gate list
# and expectations in tests/piglit/ (a chip gets them once nvsim models it),
# with our driver on nvsim.  Fails on any regression or unexpected pass.
# The last line is "N passed, N failed" over the chips.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
runner="/usr/bin/python3 $top/scripts/piglit/piglit_runner.py"
passed=0
failed=0
for list in "$top"/tests/piglit/gate-*.txt; do
   [ -e "$list" ] || continue
   chip=$(basename "$list" .txt); chip=${chip#gate-}
   if [ ! -f "$top/tests/piglit/expected-$chip.txt" ]; then
      echo "piglit gate $chip: no expected-$chip.txt, not run"
      continue
   fi
   echo "=== piglit gate on $chip"
   if $runner gate --chip "$chip" --quiet \
         --jobs "${PIGLIT_JOBS:-2}" --timeout "${PIGLIT_TIMEOUT:-60}"; then
      passed=$((passed + 1))
   else
      failed=$((failed + 1))
   fi
done
echo "piglit gates: $passed passed, $failed failed"
[ "$failed" = 0 ]
