#!/bin/bash
# make test's piglit stage: the gate of every chip that has both a gate list
# and expectations in tests/piglit/ (a chip gets them once nvsim models it),
# with our driver on nvsim.  Fails on any regression or unexpected pass.
# A chip with tests/piglit/budget-CHIP.txt runs the list's first N tests
# only, N chosen by its time budget (tests/piglit/RULE.md, "Time budget");
# PIGLIT_FULL=1 runs every chip's whole list.
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
   first=()
   budget=$top/tests/piglit/budget-$chip.txt
   if [ -f "$budget" ] && [ -z "${PIGLIT_FULL:-}" ]; then
      n=$(awk '$1 == "first" { print $2 }' "$budget")
      first=(--first "$n")
      echo "=== piglit gate on $chip: the first $n tests (budget-$chip.txt)"
   else
      echo "=== piglit gate on $chip"
   fi
   if $runner gate --chip "$chip" --quiet "${first[@]}" \
         --jobs "${PIGLIT_JOBS:-2}" --timeout "${PIGLIT_TIMEOUT:-60}"; then
      passed=$((passed + 1))
   else
      failed=$((failed + 1))
   fi
done
echo "piglit gates: $passed passed, $failed failed"
[ "$failed" = 0 ]
