#!/bin/bash
# Unit test of nvcompare on synthetic pictures written by test_png.py (the
# Python standard library, independent of libpng and of nvcompare).  Every
# expected number below is computed by hand from the pictures' definitions.
# Prints one line per check and, last, "nvcompare tests: PASS" or "FAIL".
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
make -s -C "$top" demo-bin >/dev/null || { echo "nvcompare tests: FAIL (build failed)"; exit 1; }
cmp_bin="$top/build/demo/nvcompare"
png="/usr/bin/python3 $top/demo/test_png.py"
tmp=$(mktemp -d /tmp/nvcompare-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
failures=0

# check NAME EXPECTED_STATUS "regex that the output must match"... -- ARGS
check() {
   local name=$1 want=$2; shift 2
   local patterns=()
   while [ "$1" != -- ]; do patterns+=("$1"); shift; done
   shift
   local out status
   out=$("$cmp_bin" "$@" 2>&1)
   status=$?
   local ok=1
   [ "$status" = "$want" ] || ok=0
   for p in "${patterns[@]}"; do
      grep -qE -- "$p" <<<"$out" || { ok=0; echo "   missing: $p"; }
   done
   if [ $ok = 1 ]; then
      echo "  pass  $name"
   else
      failures=$((failures + 1))
      echo "  FAIL  $name (exit $status, wanted $want); output:"
      sed 's/^/        /' <<<"$out"
   fi
}

# A 4x4 RGBA picture, and the same with pixel (2,1)'s red 40 higher.
$png write "$tmp/a.png" 4x4 rgba 10,20,30,255
$png write "$tmp/a2.png" 4x4 rgba 10,20,30,255
$png write "$tmp/b.png" 4x4 rgba 10,20,30,255 2,1=50,20,30,255
# The same colour as grey / RGB / RGBA files: nvcompare reads all as RGBA.
$png write "$tmp/grey.png" 4x4 gray 77
$png write "$tmp/grey-rgb.png" 4x4 rgb 77,77,77
$png write "$tmp/grey-rgba.png" 4x4 rgba 77,77,77,255
# Different sizes.
$png write "$tmp/c.png" 4x5 rgba 10,20,30,255
$png write "$tmp/d.png" 5x4 rgba 10,20,30,255
# A 4x4 picture as the lower-left corner of a 6x5 one (x 0-3, y 1-4 from
# the top), the rest another colour; then with one corner pixel off.
$png write "$tmp/grown.png" 6x5 rgba 200,0,0,255 0,1=10,20,30,255 1,1=10,20,30,255 2,1=10,20,30,255 3,1=10,20,30,255 0,2=10,20,30,255 1,2=10,20,30,255 2,2=10,20,30,255 3,2=10,20,30,255 0,3=10,20,30,255 1,3=10,20,30,255 2,3=10,20,30,255 3,3=10,20,30,255 0,4=10,20,30,255 1,4=10,20,30,255 2,4=10,20,30,255 3,4=10,20,30,255
$png write "$tmp/grown-off.png" 6x5 rgba 10,20,30,255 4,0=200,0,0,255 5,4=200,0,0,255 0,4=50,20,30,255
# 100x100 with one pixel one step off: a fraction of 1/10000 = 0.0001.
$png write "$tmp/big1.png" 100x100 rgb 0,0,0
$png write "$tmp/big2.png" 100x100 rgb 0,0,0 99,99=0,0,1

check "identical pictures" 0 \
   "max channel difference: 0$" "mean absolute difference: 0.0000$" \
   "pixels over tolerance 0: 0 of 16 " "PSNR: inf" "^MATCH" \
   -- "$tmp/a.png" "$tmp/a2.png"
# One channel of one pixel off by 40: mean |d| = 40 / (16 pixels * 4
# channels) = 0.625; MSE = 40^2 / 64 = 25; PSNR = 10 log10(255^2 / 25)
# = 10 log10(2601) = 34.15 dB; 1 of 16 pixels bad = 0.0625.
check "one pixel off is reported" 1 \
   "max channel difference: 40$" "mean absolute difference: 0.6250$" \
   "pixels over tolerance 0: 1 of 16 \(fraction 0.062500" "PSNR: 34.15 dB" \
   "^DIFFER" \
   -- "$tmp/a.png" "$tmp/b.png"
check "difference equal to the tolerance is within it" 0 \
   "pixels over tolerance 40: 0 of 16" -- "$tmp/a.png" "$tmp/b.png" --tolerance 40
check "difference one over the tolerance is not" 1 \
   "pixels over tolerance 39: 1 of 16" -- "$tmp/a.png" "$tmp/b.png" --tolerance 39
check "bad fraction equal to the allowed one passes" 0 \
   "fraction 0.062500, allowed 0.062500" \
   -- "$tmp/a.png" "$tmp/b.png" --max-bad-fraction 0.0625
check "bad fraction over the allowed one fails" 1 \
   -- "$tmp/a.png" "$tmp/b.png" --tolerance 10 --max-bad-fraction 0.06
check "one pixel in 10000 is seen" 1 \
   "max channel difference: 1$" "1 of 10000 \(fraction 0.000100" \
   -- "$tmp/big1.png" "$tmp/big2.png"
check "one pixel in 10000 within an allowed 0.0001" 0 \
   -- "$tmp/big1.png" "$tmp/big2.png" --max-bad-fraction 0.0001
check "grey and RGB files of one colour are identical" 0 "PSNR: inf" \
   -- "$tmp/grey.png" "$tmp/grey-rgb.png"
check "RGB and RGBA files of one colour are identical" 0 "PSNR: inf" \
   -- "$tmp/grey-rgb.png" "$tmp/grey-rgba.png"

# The diff picture: the bad pixel red (128 + 40 / 2 = 148), the others a
# dim grey copy of the first picture.
check "diff picture is written" 1 "diff picture: " \
   -- "$tmp/a.png" "$tmp/b.png" --diff "$tmp/diff.png"
bad=$($png pixel "$tmp/diff.png" 2 1 2>&1)
good=$($png pixel "$tmp/diff.png" 0 0 2>&1)
if [ "$bad" = $'size 4x4\n148 0 0 255' ] && [ "$(tail -1 <<<"$good" | cut -d' ' -f1)" = "$(tail -1 <<<"$good" | cut -d' ' -f2)" ] &&
   [ "$(tail -1 <<<"$good" | cut -d' ' -f1)" != 148 ]; then
   echo "  pass  diff picture marks the bad pixel only"
else
   failures=$((failures + 1))
   echo "  FAIL  diff picture: bad pixel '$bad', good pixel '$good'"
fi

# Bad input: exit 2 and a message that says what is wrong.
printf 'hello, I am not a picture\n' >"$tmp/text.png"
head -c 40 "$tmp/a.png" >"$tmp/truncated.png"
: >"$tmp/empty.png"
check "different heights" 2 "different sizes.*4x4.*4x5" -- "$tmp/a.png" "$tmp/c.png"
check "different widths" 2 "different sizes.*4x4.*5x4" -- "$tmp/a.png" "$tmp/d.png"
check "--lower-left: the corner matches" 0 "lower-left corner: 4x4 of .*grown.png's 6x5" \
   "pixels over tolerance 0: 0 of 16 " "^MATCH" -- "$tmp/a.png" "$tmp/grown.png" --lower-left
check "--lower-left: a pixel of the corner off" 1 "pixels over tolerance 0: 1 of 16 " \
   "^DIFFER" -- "$tmp/a.png" "$tmp/grown-off.png" --lower-left
check "--lower-left: a smaller b is still an error" 2 "different sizes.*4x5.*4x4" \
   -- "$tmp/c.png" "$tmp/a.png" --lower-left
check "without --lower-left a larger b is an error" 2 "different sizes" \
   -- "$tmp/a.png" "$tmp/grown.png"
check "missing file" 2 "nope.png: No such file" -- "$tmp/a.png" "$tmp/nope.png"
check "text file" 2 "not a PNG" -- "$tmp/text.png" "$tmp/a.png"
check "empty file" 2 "not a PNG" -- "$tmp/a.png" "$tmp/empty.png"
check "truncated PNG" 2 "damaged PNG" -- "$tmp/truncated.png" "$tmp/a.png"
check "one picture only" 2 "two PNG files" -- "$tmp/a.png"
check "tolerance not a number" 2 "tolerance wants a number" -- "$tmp/a.png" "$tmp/b.png" --tolerance abc
check "tolerance out of range" 2 "tolerance wants a number" -- "$tmp/a.png" "$tmp/b.png" --tolerance 300
check "fraction out of range" 2 "max-bad-fraction wants a number" -- "$tmp/a.png" "$tmp/b.png" --max-bad-fraction 1.5
check "unknown option" 2 "unknown option" -- "$tmp/a.png" "$tmp/b.png" --frobnicate

if [ $failures = 0 ]; then
   echo "nvcompare tests: PASS"
else
   echo "nvcompare tests: FAIL ($failures checks failed)"
   exit 1
fi
