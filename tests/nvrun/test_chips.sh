#!/bin/bash
# scripts/nvrun and the chip table (hwdb chips.xml): a chip without our
# driver, or one nvsim does not model, is an error that names the chip
# (exit 2) before anything runs, never a silent fall back to llvmpipe; a
# driven, modelled chip gets past the check.  Needs no Mesa build (the
# check comes first); tests/integration/run.sh runs glinfo the same way.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
nvrun="$top/scripts/nvrun"
failed=0
check() {   # name command...
   local name=$1; shift
   if "$@"; then echo "  pass  $name"; else echo "  FAIL  $name"; failed=1; fi
}
refused() {   # chip expected-message
   local out rc
   out=$("$nvrun" --chip "$1" -- true 2>&1); rc=$?
   [ $rc = 2 ] && [[ "$out" == *"$2"* ]] ||
      { echo "    nvrun --chip $1: exit $rc, '$out'"; return 1; }
}
passes_check() {   # chip: no chip error (it runs, or Mesa is not built)
   local out
   out=$("$nvrun" --chip "$1" -- true 2>&1) && return 0
   [[ "$out" == *"is not built"* || "$out" == *"shim.so missing"* ]] ||
      { echo "    nvrun --chip $1: '$out'"; return 1; }
}

# the message Mesa prints before it falls back, with the chip's name
check "nv20 (kelvin, no driver yet) refused" \
   refused nv20 "no driver for chipset 0x20 (NV20, kelvin)"
check "nv10 (celsius, no driver yet) refused" \
   refused nv10 "no driver for chipset 0x10 (NV10, celsius)"
check "NV45 (driven, not modelled by nvsim) refused" \
   refused NV45 "nvsim does not model chipset 0x45 (NV45, curie)"
check "c51 (driven, not modelled) refused" \
   refused c51 "nvsim does not model chipset 0x4e (C51, curie)"
check "unknown chip refused" refused nv99x "unknown chip 'nv99x'"
check "nv40 passes" passes_check nv40
check "G71 by codename passes" passes_check G71
check "44 by id passes" passes_check 44
check "nv30 (rankine, driven since issue 9) passes" passes_check nv30
check "NV34 by codename passes" passes_check NV34
check "g80 (tesla, driven since issue 11) passes" passes_check g80
check "0x84 (G84) passes" passes_check 0x84
check "GT215 by codename passes" passes_check GT215
exit $failed
