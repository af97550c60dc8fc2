#!/bin/sh
# `make dist`: dist/lhc-<version>-<arch>-unknown-linux-gnu.tar.gz, an lhc that needs only glibc.
#
# lhc is a release build with the Swift runtime (--static-swift-stdlib), the C libraries it uses
# (libxml2, libarchive, libdeflate, nettle, libyaml) and everything those need (ICU, acl, lzma, zstd,
# lz4, bz2, z), libstdc++ and libgcc linked statically. The trick: a folder holding only the static
# archives (.a), searched before the system's (.pc files of the same names point SwiftPM at it), so
# every -l finds the archive; `pkg-config --static` lists the libraries in link order. Measured on
# Debian 12, x86_64: `ldd bin/lhc` lists libc, libm, the vDSO and the loader; the binaries are
# ~95 MB each, stripped (two ICU data sets: Foundation's and libxml2's), the tarball ~75 MB. lhc-fetch is linked the same way except libcurl, which stays
# shared (Debian has no complete static closure for it): it needs the libcurl4 package.
#
# The tarball holds lhc-<version>/bin/{lhc,lhc-fetch}, share/man/man1/*.1 and the bash, zsh and fish
# completions at the paths `make install` uses. Built in its own scratch path (.build-dist), so the
# debug and `make install` builds are untouched. Scripts/test-dist.py checks the result.
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SCRATCH=${SCRATCH:-.build-dist}
version=$(cat VERSION)
arch=$(uname -m)
name=lhc-$version
tarball=dist/$name-$arch-unknown-linux-gnu.tar.gz

if [ "$(uname -s)" != Linux ]; then
  echo "make dist builds the Linux tarball; on macOS see issue 44 (artifact bundle)" >&2
  exit 1
fi

# The static archives, in pkg-config's link order (a library after those that use it; repeats kept,
# as a static link needs them), then libstdc++ (ICU's). glibc's own libraries stay shared.
mkdir -p "$SCRATCH"
static=$(realpath "$SCRATCH")/static-libs
rm -rf "$static"
mkdir -p "$static"
libs="$(pkg-config --static --libs-only-l libxml-2.0 libarchive libdeflate nettle yaml-0.1) -lstdc++"
link=""
for flag in $libs; do
  lib=${flag#-l}
  case $lib in m | dl | pthread | rt | c) continue ;; esac
  link="$link -Xlinker -l$lib"
  [ -e "$static/lib$lib.a" ] && continue
  archive=$(cc -print-file-name="lib$lib.a")
  if [ ! -f "$archive" ]; then
    echo "error: no static archive lib$lib.a (install its -dev package; make deps does)" >&2
    exit 1
  fi
  ln -s "$(realpath "$archive")" "$static/lib$lib.a"
done
# SwiftPM links each system library target with its pkg-config flags, `-L/usr/lib/<triple>` first,
# where the shared libraries are found before any folder given later. So the build reads .pc files
# of the same names whose -L is the folder of archives (and whose -I are the real ones).
pcdir=$(realpath "$SCRATCH")/pkgconfig
rm -rf "$pcdir"
mkdir -p "$pcdir"
for pc in libxml-2.0 libarchive libdeflate nettle yaml-0.1; do
  own=$(pkg-config --libs-only-l "$pc")
  cat >"$pcdir/$pc.pc" <<PC
Name: $pc
Description: $pc from its static archive (Scripts/make-dist.sh)
Version: $(pkg-config --modversion "$pc")
Libs: -L$static $own
Cflags: $(pkg-config --cflags "$pc")
PC
done
export PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
flags="--static-swift-stdlib -Xlinker -L$static $link -Xswiftc -Xclang-linker -Xswiftc -static-libgcc"

echo "Building lhc $version (static:$(echo "$link" | sed 's/ -Xlinker//g'))"
# shellcheck disable=SC2086
"$SWIFT" build -c release --scratch-path "$SCRATCH" --product lhc $flags
# shellcheck disable=SC2086
"$SWIFT" build -c release --scratch-path "$SCRATCH" --product lhc-fetch $flags -Xlinker -lcurl
bin=$("$SWIFT" build -c release --scratch-path "$SCRATCH" --show-bin-path)

stage=$SCRATCH/stage
root=$stage/$name
rm -rf "$stage"
mkdir -p "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
  "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 755 "$bin/lhc" "$bin/lhc-fetch" "$root/bin/"
strip "$root/bin/lhc" "$root/bin/lhc-fetch"
install -m 644 man/*.1 "$root/share/man/man1/"
"$root/bin/lhc" completions bash >"$root/share/bash-completion/completions/lhc"
"$root/bin/lhc" completions zsh >"$root/share/zsh/site-functions/_lhc"
"$root/bin/lhc" completions fish >"$root/share/fish/vendor_completions.d/lhc.fish"
chmod 644 "$root"/share/*/*/*

# Reproducible: sorted names, no owner, the last commit's time.
mtime=$(git log -1 --format=%ct 2>/dev/null || date +%s)
mkdir -p dist
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" -C "$stage" -cf - "$name" |
  gzip -9n >"$tarball"
echo "Wrote $tarball ($(du -k "$tarball" | cut -f1) KiB)"
