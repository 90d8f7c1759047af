#!/bin/bash
# The corpus runner's own tests (make apps-selftest): its reference check
# (issue 23: every frame of the fast run the same bytes as
# NVSIM_REFERENCE=1's) on real frames from tests/apps/ref and on a
# stand-in replay, so they need neither a driver nor nvsim (about a
# second).  The last line is "N passed, N failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
runner="/usr/bin/python3 -B $top/scripts/apps/apps_runner.py"
work=$(mktemp -d /tmp/apps-selftest.XXXXXX)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

check() {   # description, then a command that must succeed
   local what=$1; shift
   if "$@"; then
      passed=$((passed + 1)); echo "  pass  $what"
   else
      failed=$((failed + 1)); echo "  FAIL  $what"
   fi
}

# Two real frames (llvmpipe's references), the same in both folders.
mkdir -p "$work/a" "$work/b"
for f in glxgears-1414 glxgears-1436; do
   cp "$top/tests/apps/ref/$f.png" "$work/a/$f.png"
   cp "$top/tests/apps/ref/$f.png" "$work/b/$f.png"
done
$runner same-frames "$work/a" "$work/b" >"$work/same.out" 2>&1
check "same-frames: the same files -> exit 0" [ $? = 0 ]
check "same-frames: last line is the summary" \
   [ "$(tail -1 "$work/same.out")" = "2 passed, 0 failed" ]

# One byte of one frame changed (one bit of it, in the middle of the
# picture's data): the check fails and names that frame and the byte.
flip_byte() {   # file, offset: xor the byte with 1
   /usr/bin/python3 - "$1" "$2" <<'PY'
import sys
path, at = sys.argv[1], int(sys.argv[2])
data = bytearray(open(path, 'rb').read())
data[at] ^= 1
open(path, 'wb').write(bytes(data))
PY
}
size=$(stat -c %s "$work/b/glxgears-1436.png")
flip_byte "$work/b/glxgears-1436.png" $((size / 2))
$runner same-frames "$work/a" "$work/b" >"$work/flip.out" 2>&1
check "same-frames: one byte changed -> exit 1" [ $? = 1 ]
check "same-frames: the changed frame is named, with the byte" \
   grep -q "^glxgears-1436.png differs (.*first difference at byte $((size / 2)))" \
   "$work/flip.out"
check "same-frames: the other frame is not named" \
   bash -c "! grep -q glxgears-1414 '$work/flip.out'"
check "same-frames: the summary counts it" \
   [ "$(tail -1 "$work/flip.out")" = "1 passed, 1 failed" ]

# A frame that only one run made differs.
rm "$work/b/glxgears-1436.png"
$runner same-frames "$work/a" "$work/b" >"$work/missing.out" 2>&1
check "same-frames: a frame missing from one run -> exit 1" [ $? = 1 ]
check "same-frames: the missing frame is named" \
   grep -q "^glxgears-1436.png differs (only in $work/a)" "$work/missing.out"

# The gate's wiring: reference_check replays every program a second time
# with NVSIM_REFERENCE=1 in the environment and compares the runs.  A
# stand-in replay writes one of two frames per call, the one the
# environment asks for; SELFTEST_DIFFER makes the reference run's frame of
# one call differ by one byte.
ref_check() {   # SELFTEST_DIFFER value; prints the check's output
   SELFTEST_DIFFER=$1 /usr/bin/python3 -B - "$top/scripts/apps" "$work" <<'PY'
import os, sys
sys.path.insert(0, sys.argv[1])
import apps_runner as a
work = sys.argv[2]
frame = open(os.path.join(a.APPS, 'ref', 'glxgears-1414.png'), 'rb').read()
def fake_programs(chip, only=None, gate=False):
   return [('one', None, [10, 20], {'TIMEOUT': '1'}),
           ('two', None, [30], {'TIMEOUT': '1'})]
def fake_replay(chip, name, trace, calls, timeout, dest, extra_env=None):
   ref = (extra_env or {}).get('NVSIM_REFERENCE') == '1'
   for c in calls:
      data = bytearray(frame)
      # SELFTEST_FLAKY: only the first reference replay differs (a
      # replay that is not the same bytes twice), not its rerun
      if ref and os.environ['SELFTEST_DIFFER'] == '%s@%d' % (name, c) and \
            not (os.environ.get('SELFTEST_FLAKY') and 'again' in dest):
         data[len(data) // 3] ^= 0x80
      with open(a.snapshot_name(os.path.join(dest, name + '-ours-'), c),
                'wb') as f:
         f.write(bytes(data))
   return 'ok', 0.0, ''
a.programs = fake_programs
a.replay = fake_replay
dest = os.path.join(work, 'gate-' + os.environ['SELFTEST_DIFFER'])
os.makedirs(dest)
for name, trace, calls, recipe in fake_programs('nv40'):
   fake_replay('nv40', name, trace, calls, 1, dest)
print('differing frames: %d' % a.reference_check('nv40', dest, quiet=True))
PY
}
ref_check none >"$work/ref-ok.out" 2>&1
check "reference check: the same frames -> none differs" \
   grep -qx "differing frames: 0" "$work/ref-ok.out"
check "reference check: it says how many frames it compared" \
   grep -q "3 of 3 frames the same bytes" "$work/ref-ok.out"
ref_check one@20 >"$work/ref-bad.out" 2>&1
check "reference check: one byte off in one frame -> one differs" \
   grep -qx "differing frames: 1" "$work/ref-bad.out"
check "reference check: that frame is named" \
   grep -q "^reference check: one-ours-0000000020.png differs" "$work/ref-bad.out"
SELFTEST_FLAKY=1 ref_check two@30 >"$work/ref-flaky.out" 2>&1
check "reference check: a replay that moves once, then agrees -> none differs" \
   grep -qx "differing frames: 0" "$work/ref-flaky.out"
check "reference check: the moved replay is said" \
   grep -q "^reference check: two-ours-0000000030.png differed .*not the same bytes twice" "$work/ref-flaky.out"

# The expectations files' header switches the check on in gate-all.
header_check() {
   /usr/bin/python3 -B -c "import sys; sys.path.insert(0, '$top/scripts/apps')
import apps_runner as a; print(a.gate_all_reference_check('$1'))"
}
check "gate-all: nv40's expectations ask for the reference check" \
   [ "$(header_check nv40)" = True ]
check "gate-all: a file without the line (ref-nv40) does not" \
   [ "$(header_check ref-nv40)" = False ]

echo "apps harness: $passed passed, $failed failed"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
