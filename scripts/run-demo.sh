#!/bin/bash
# make demo: renders the demo scene on CHIP (a simulated chip such as nv40,
# or llvmpipe/softpipe on the same Mesa build) and prints, last, the path
# of the PNG it wrote.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
chip=${1:-nv40}
frames=${2:-10}
size=${3:-256x256}
out="$top/build/demo-$chip.png"
"$top/scripts/nvrun" --chip "$chip" -- "$top/build/demo/nvdemo" \
   --frames "$frames" --size "$size" --output "$out"
