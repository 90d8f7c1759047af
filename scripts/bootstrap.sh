#!/bin/bash
# Bootstrap: everything a fresh Debian 12 machine needs before the Mesa
# build, done idempotently (a second run does nothing but checks).
#
#   scripts/bootstrap.sh packages   Debian packages for build and tests
#   scripts/bootstrap.sh source     Debian's mesa source, verified, unpacked
#                                   into build/mesa-src with our three
#                                   folders symlinked over upstream's
#   scripts/bootstrap.sh ref-source the same source, unmodified, for the
#                                   reference build (build/ref/mesa-src)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cache=/var/cache/nvsim
mesa_version=22.3.6
mesa_debian_version=22.3.6-1+deb12u2

# Build and test dependencies (BRIEF section 3).  Kept in one list so that
# the check below and the install agree.
packages=(
   meson ninja-build python3-mako bison flex pkg-config ccache dpkg-dev
   libdrm-dev llvm-dev libelf-dev zlib1g-dev libexpat1-dev libzstd-dev
   libudev-dev libx11-dev libxcb1-dev libxext-dev libxfixes-dev libxrandr-dev
   libxxf86vm-dev libxshmfence-dev libx11-xcb-dev libxcb-glx0-dev
   libxcb-shm0-dev libxcb-dri2-0-dev libxcb-dri3-dev libxcb-present-dev
   libxcb-sync-dev libxcb-randr0-dev libxcb-xfixes0-dev libxdamage-dev
   libwayland-dev wayland-protocols libwayland-egl-backend-dev glslang-tools
   libpng-dev piglit waffle-utils mesa-utils apitrace
   clang libclang-rt-14-dev   # make fuzz: libFuzzer and the sanitizers
   valgrind linux-perf   # make bench: callgrind (group 1); perf for its profile
)

as_root() {
   if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

ensure_deb_src() {
   # apt-get source needs a deb-src entry for the same archive as the
   # machine's deb entries.
   if grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ ||
      grep -qs '^deb-src' /etc/apt/sources.list; then
      return 1
   fi
   if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
         as_root tee /etc/apt/sources.list.d/nvsim-deb-src.sources >/dev/null
   else
      grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
         as_root tee /etc/apt/sources.list.d/nvsim-deb-src.list >/dev/null
   fi
   return 0
}

do_packages() {
   local missing=()
   for p in "${packages[@]}"; do
      # (no pipe into grep -q: with pipefail its early exit can fail the
      # writer with SIGPIPE)
      [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" == *"ok installed"* ]] ||
         missing+=("$p")
   done
   local updated=0
   if ensure_deb_src; then
      as_root apt-get update -qq
      updated=1
   fi
   if [ ${#missing[@]} -gt 0 ]; then
      echo "bootstrap: installing ${missing[*]}"
      [ $updated = 1 ] || as_root apt-get update -qq
      as_root env DEBIAN_FRONTEND=noninteractive \
         apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
   fi
}

fetch_source() {
   as_root mkdir -p "$cache/mesa"
   local dsc="$cache/mesa/mesa_${mesa_debian_version}.dsc"
   if [ ! -f "$dsc" ] || [ ! -f "$cache/mesa/mesa_${mesa_version}.orig.tar.gz" ]; then
      if ensure_deb_src; then as_root apt-get update -qq; fi
      echo "bootstrap: fetching Debian's mesa $mesa_debian_version source"
      (cd "$cache/mesa" && as_root apt-get source --download-only -qq \
         "mesa=$mesa_debian_version" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
   fi
   [ -f "$dsc" ] || { echo "bootstrap: could not fetch mesa $mesa_debian_version" >&2; exit 1; }
}

# Unpacks the verified source into $1 (dpkg-source checks the .dsc
# checksums of every file and applies Debian's patches).
unpack_source() {
   local dest=$1
   local tmp="$dest.tmp"
   rm -rf "$tmp"
   mkdir -p "$(dirname "$dest")"
   # (The .dsc's signature cannot be checked without debian-keyring; the
   # checksums of the .dsc, which apt fetched over the signed archive
   # index, are.)
   dpkg-source -x "$cache/mesa/mesa_${mesa_debian_version}.dsc" "$tmp" >/dev/null 2>&1 ||
      { echo "bootstrap: dpkg-source failed to unpack mesa" >&2; exit 1; }
   # dpkg-source leaves copies of the tarballs beside the target.
   rm -f "$(dirname "$dest")"/mesa_${mesa_version}.orig.tar.* "$(dirname "$dest")"/mesa_${mesa_debian_version}.*
   [ "$(cat "$tmp/VERSION")" = "$mesa_version" ] ||
      { echo "bootstrap: unexpected Mesa version $(cat "$tmp/VERSION")" >&2; exit 1; }
   rm -rf "$dest"
   mv "$tmp" "$dest"
}

do_source() {
   local src="$top/build/mesa-src"
   local stamp="$src/.nvsim-overlay"
   if [ ! -f "$stamp" ]; then
      fetch_source
      echo "bootstrap: unpacking mesa into build/mesa-src"
      unpack_source "$src"
      # Our folders replace upstream's, as symlinks: meson follows them and
      # an edit in our tree rebuilds without another sync step.
      for d in src/nouveau src/gallium/drivers/nouveau src/gallium/winsys/nouveau; do
         rm -rf "${src:?}/$d"
         ln -s "$top/$d" "$src/$d"
      done
      touch "$stamp"
   fi
}

do_ref_source() {
   local src="$top/build/ref/mesa-src"
   if [ ! -f "$src/VERSION" ]; then
      fetch_source
      echo "bootstrap: unpacking unmodified mesa into build/ref/mesa-src"
      unpack_source "$src"
   fi
}

for step in "${@:-packages}"; do
   case "$step" in
   packages) do_packages ;;
   source) do_source ;;
   ref-source) do_ref_source ;;
   *) echo "bootstrap: unknown step $step" >&2; exit 2 ;;
   esac
done
