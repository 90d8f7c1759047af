#!/bin/bash
# Configures (once) and builds Mesa with our nouveau, or the unmodified
# reference build, out of tree and with ccache, then installs it into a
# private prefix.
#   scripts/build-mesa.sh          build/mesa     -> build/install
#   scripts/build-mesa.sh ref      build/ref/mesa -> build/ref/install
#   scripts/build-mesa.sh asan     build/asan/mesa -> build/asan/install:
#                                  our Mesa with ASan+UBSan, only what the
#                                  NV40 gates run (docs/reliability.md)
set -euo pipefail
# Debian's python3 (which has mako), not another python on PATH.
export PATH=/usr/bin:$PATH
top=$(cd "$(dirname "$0")/.." && pwd)
kind=${1:-ours}
case "$kind" in
ref) base="$top/build/ref"; src="$base/mesa-src" ;;
# The sanitizer build compiles the same overlaid source as ours.
asan) base="$top/build/asan"; src="$top/build/mesa-src" ;;
ours) base="$top/build"; src="$base/mesa-src" ;;
*) echo "build-mesa: unknown kind '$kind' (ours, ref, asan)" >&2; exit 2 ;;
esac
bld="$base/mesa"
prefix="$base/install"

# ccache outside the repository, shared by every clone on the machine.  The
# base dir makes paths relative, so both builds (same layout under
# build/ and build/ref/) and fresh clones hit the same cache entries.
export CCACHE_DIR=${CCACHE_DIR:-/var/cache/nvsim/ccache}
export CCACHE_BASEDIR="$base"
# (build/asan/mesa and build/mesa-src: relative to build/, so that fresh
# clones share the sanitizer build's entries too.)
[ "$kind" = asan ] && CCACHE_BASEDIR="$top/build"
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
if [ "$kind" = asan ]; then
   # ASan+UBSan, and as small as the gates on NV40 allow: our nouveau only
   # (no llvmpipe, so no LLVM), GLX for libGL.so.1 (what piglit links),
   # EGL surfaceless, the drm-shim.  Mesa's shared libraries leave the
   # sanitizer runtime's symbols undefined (b_lundef=false); nvrun --asan
   # preloads it into the uninstrumented programs.
   options=(
      --prefix="$prefix" --libdir=lib/x86_64-linux-gnu
      -Dbuildtype=debugoptimized -Db_ndebug=false
      -Db_sanitize=address,undefined -Db_lundef=false
      -Dgallium-drivers=nouveau -Dvulkan-drivers=
      -Dllvm=disabled -Dtools=drm-shim
      -Dplatforms=x11 -Dgbm=disabled -Degl=enabled -Dglx=dri
      -Dgles1=disabled -Dgles2=enabled -Dopengl=true -Dshared-glapi=enabled
      -Dglvnd=false -Dosmesa=false
      -Dgallium-vdpau=disabled -Dgallium-va=disabled -Dgallium-xa=disabled
      -Dgallium-omx=disabled -Dgallium-nine=false -Dgallium-opencl=disabled
      -Dgallium-rusticl=false -Dvalgrind=disabled -Dlibunwind=disabled
      -Dlmsensors=disabled -Dbuild-tests=false -Dmicrosoft-clc=disabled
      -Dvideo-codecs= -Dzstd=disabled
      # GCC 12's -fsanitize=undefined makes -Wformat-overflow see a null
      # format string in util/log.c's checked fallback, and Mesa builds
      # with -Werror=format: a false positive, not a fault.
      -Dc_args=-Wno-format-overflow -Dcpp_args=-Wno-format-overflow
   )
fi

compiler_env=()
if [ "$kind" = asan ]; then
   # The compiler applies tests/sanitizers/mesa-ignorelist.txt (Mesa's own
   # files built without a sanitizer, each with its reason; GCC has no
   # -fsanitize-ignorelist) and calls ccache itself.
   compiler_env=(CC="$top/scripts/sanitize-cc gcc" CXX="$top/scripts/sanitize-cc g++")
   # ninja does not know that the ignore list decides how files compile:
   # when it changed since the last build, touch the Mesa files its old and
   # new entries name, so that they are compiled again
   applied="$bld/mesa-ignorelist.applied"
   ignorelist="$top/tests/sanitizers/mesa-ignorelist.txt"
   if [ -f "$applied" ] && ! cmp -s "$applied" "$ignorelist"; then
      sed -n 's/^src:\*\/\([^#[:space:]]*\).*/\1/p' "$applied" "$ignorelist" | sort -u |
         while read -r rel; do
            [ -f "$src/$rel" ] && touch "$src/$rel" && echo "build-mesa: ignore list changed: $rel compiles again"
         done
   fi
   # a tree configured before the wrapper (or in another clone) starts over
   if [ -f "$bld/build.ninja" ] && ! grep -q "$top/scripts/sanitize-cc" "$bld/build.ninja"; then
      echo "build-mesa: the asan build predates scripts/sanitize-cc: configuring it again"
      rm -f "$bld/build.ninja"
   fi
fi
if [ ! -f "$bld/build.ninja" ]; then
   echo "build-mesa: configuring $kind build in ${bld#$top/}"
   mkdir -p "$base"
   # Debian's python3 (which has mako), not another python on PATH.
   # A failed first configure leaves a tree meson cannot reuse.
   [ -d "$bld" ] && rm -rf "$bld"
   env "${compiler_env[@]}" PATH=/usr/bin:$PATH meson setup "$bld" "$src" "${options[@]}" >"$base/meson-setup.log" 2>&1 ||
      { tail -30 "$base/meson-setup.log"; echo "build-mesa: configure failed, see ${base#$top/}/meson-setup.log" >&2; exit 1; }
fi
mkdir -p "$top/build"
lock="$top/build/.mesa-ninja.lock"
# The sanitizer build is long from scratch; it must not hold up `make mesa`.
[ "$kind" = asan ] && lock="$base/.ninja.lock"
flock "$lock" ninja -C "$bld" -j "${NINJA_JOBS:-$(nproc)}" install >"$base/ninja.log" 2>&1 ||
   { grep -E 'error|FAILED' "$base/ninja.log" | head -40; echo "build-mesa: build failed, see ${base#$top/}/ninja.log" >&2; exit 1; }
# what the asan build was compiled with (the touch above compares it)
[ "$kind" = asan ] && cp "$top/tests/sanitizers/mesa-ignorelist.txt" "$bld/mesa-ignorelist.applied"
echo "build-mesa: $kind build installed in ${prefix#$top/}"
