#!/usr/bin/env bash
# Builds GLib 2.74.6 (Debian bookworm's version, with Debian's patches)
# with ThreadSanitizer into BUILD/glib-tsan/, for the `tsan` test setup
# (tests/meson.build; docs/reliability.md, "ThreadSanitizer").
#
# Why: Debian's libglib is not instrumented, and GMutex/GCond lock with
# futexes inside it, which TSan cannot see; every handover through a
# GMutex, GAsyncQueue, GThreadPool or GMainContext would be reported as a
# race. With this GLib first on LD_LIBRARY_PATH, TSan sees them.
#
# Needs the source: either deb-src in apt's sources (bookworm's
# `apt-get source glib2.0`, no root needed for --download-only) or the
# upstream tarball glib-2.74.6.tar.xz put in BUILD/glib-tsan-src/ by hand
# (https://download.gnome.org/sources/glib/2.74/). Build dependencies:
# meson, ninja, gcc, libffi-dev, libpcre2-dev, zlib1g-dev (all already
# needed by the project or installed with libglib2.0-dev), dpkg-dev for
# dpkg-source.
#
# Idempotent: a second run with the library already installed does
# nothing. Takes a few minutes on 2 cores (about 350 files to compile).
#
#   tests/tsan/build-glib.sh [BUILD]     (BUILD defaults to build-tsan)
set -euo pipefail
cd "$(dirname "$0")/../.."

version=2.74.6
build=$(realpath -m "${1:-build-tsan}")
src_dir=$build/glib-tsan-src
obj_dir=$build/glib-tsan-obj
prefix=$build/glib-tsan
stamp=$prefix/.built-$version

if [ -f "$stamp" ]; then
  echo "GLib $version with TSan already in $prefix"
  exit 0
fi

mkdir -p "$src_dir"
tree=$src_dir/glib-$version
if [ ! -f "$tree/meson.build" ]; then
  cd "$src_dir"
  if [ -f "glib-$version.tar.xz" ]; then
    tar xf "glib-$version.tar.xz"
  else
    if ! ls glib2.0_"$version"*.dsc >/dev/null 2>&1; then
      apt-get source --download-only glib2.0 \
        || { echo "build-glib.sh: no GLib source: configure deb-src or put glib-$version.tar.xz in $src_dir" >&2; exit 1; }
    fi
    dsc=$(ls glib2.0_"$version"*.dsc | head -n 1)
    rm -rf "$tree"
    # applies Debian's patches too (the fixes bookworm ships)
    dpkg-source -x "$dsc" "$tree" >/dev/null
  fi
  cd - >/dev/null
fi
[ -f "$tree/meson.build" ] || { echo "build-glib.sh: $tree has no meson.build" >&2; exit 1; }

if [ ! -f "$obj_dir/build.ninja" ]; then
  rm -rf "$obj_dir"
  meson setup "$obj_dir" "$tree" --prefix="$prefix" --libdir=lib \
    --buildtype=debugoptimized -Db_sanitize=thread -Db_lundef=false \
    -Dtests=false -Dinstalled_tests=false -Dman=false -Dgtk_doc=false \
    -Dselinux=disabled -Dxattr=false -Dlibmount=disabled -Dnls=disabled \
    -Ddtrace=false -Dsystemtap=false -Dsysprof=disabled \
    --wrap-mode=nofallback >/dev/null
fi
# only the five libraries the programs load (not GLib's tools, modules or
# headers: the project compiles against Debian's headers, which are the
# same version, and only runs with these)
libs=(glib/libglib-2.0 gobject/libgobject-2.0 gio/libgio-2.0
      gmodule/libgmodule-2.0 gthread/libgthread-2.0)
targets=()
for l in "${libs[@]}"; do targets+=("$l.so.0.7400.6"); done
ninja -C "$obj_dir" -j "${PW_JOBS:-2}" "${targets[@]}"
mkdir -p "$prefix/lib"
for l in "${libs[@]}"; do
  cp -P "$obj_dir/$l".so.0 "$obj_dir/$l".so.0.7400.6 "$prefix/lib/"
done
touch "$stamp"
echo "GLib $version with TSan installed in $prefix"
