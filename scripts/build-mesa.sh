#!/bin/bash
# Configures (once) and builds Mesa with our nouveau, or the unmodified
# reference build, out of tree and with ccache, then installs it into a
# private prefix.
#   scripts/build-mesa.sh          build/mesa     -> build/install
#   scripts/build-mesa.sh ref      build/ref/mesa -> build/ref/install
set -euo pipefail
# Debian's python3 (which has mako), not another python on PATH.
export PATH=/usr/bin:$PATH
top=$(cd "$(dirname "$0")/.." && pwd)
kind=${1:-ours}
if [ "$kind" = ref ]; then
   base="$top/build/ref"
else
   base="$top/build"
fi
src="$base/mesa-src"
bld="$base/mesa"
prefix="$base/install"

# ccache outside the repository, shared by every clone on the machine.  The
# base dir makes paths relative, so both builds (same layout under
# build/ and build/ref/) and fresh clones hit the same cache entries.
export CCACHE_DIR=${CCACHE_DIR:-/var/cache/nvsim/ccache}
export CCACHE_BASEDIR="$base"
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}
# With -g, ccache hashes the working directory into every entry unless told
# not to; the build folder differs between clones, the objects do not.
export CCACHE_NOHASHDIR=1
mkdir -p "$CCACHE_DIR"

options=(
   --prefix="$prefix" --libdir=lib/x86_64-linux-gnu
   -Dbuildtype=debugoptimized -Db_ndebug=false
   -Dgallium-drivers=nouveau,swrast -Dvulkan-drivers=
   -Dllvm=enabled -Dshared-llvm=enabled
   -Dtools=drm-shim
   -Dplatforms=x11,wayland -Dgbm=enabled -Degl=enabled -Dglx=dri
   -Dgles1=disabled -Dgles2=enabled -Dopengl=true -Dshared-glapi=enabled
   -Dglvnd=false -Dosmesa=false
   -Dgallium-vdpau=disabled -Dgallium-va=disabled -Dgallium-xa=disabled
   -Dgallium-omx=disabled -Dgallium-nine=false -Dgallium-opencl=disabled
   -Dgallium-rusticl=false -Dvalgrind=disabled -Dlibunwind=disabled
   -Dlmsensors=disabled -Dbuild-tests=false -Dmicrosoft-clc=disabled
   -Dvideo-codecs=
)

if [ ! -f "$bld/build.ninja" ]; then
   echo "build-mesa: configuring $kind build in ${bld#$top/}"
   # Debian's python3 (which has mako), not another python on PATH.
   # A failed first configure leaves a tree meson cannot reuse.
   [ -d "$bld" ] && rm -rf "$bld"
   PATH=/usr/bin:$PATH meson setup "$bld" "$src" "${options[@]}" >"$base/meson-setup.log" 2>&1 ||
      { tail -30 "$base/meson-setup.log"; echo "build-mesa: configure failed, see ${base#$top/}/meson-setup.log" >&2; exit 1; }
fi
mkdir -p "$top/build"
flock "$top/build/.mesa-ninja.lock" ninja -C "$bld" -j "${NINJA_JOBS:-$(nproc)}" install >"$base/ninja.log" 2>&1 ||
   { grep -E 'error|FAILED' "$base/ninja.log" | head -40; echo "build-mesa: build failed, see ${base#$top/}/ninja.log" >&2; exit 1; }
echo "build-mesa: $kind build installed in ${prefix#$top/}"
