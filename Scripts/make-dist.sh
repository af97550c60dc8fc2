#!/bin/sh
# `make dist`: dist/lhc-<version>-<arch>-unknown-linux-gnu.tar.gz, an lhc that needs only glibc.
#
# lhc is a release build with the Swift runtime (--static-swift-stdlib), the C libraries it uses
# (libxml2, libarchive, libdeflate, nettle, libyaml) and everything those need (ICU, acl, lzma, zstd,
# lz4, bz2, z), libstdc++ and libgcc linked statically. The trick: a folder holding only the static
# archives (.a), searched before the system's, so every -l finds the archive; `pkg-config --static`
# lists the libraries in link order. lhc-fetch is linked the same way except libcurl, which stays
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

# The static archives, in link order, each once (the last occurrence: a library after those that
# use it). glibc's own libraries stay shared.
static=$SCRATCH/static-libs
rm -rf "$static"
mkdir -p "$static"
libs=$(pkg-config --static --libs-only-l libxml-2.0 libarchive libdeflate nettle yaml-0.1)
libs="$libs -lstdc++"
ordered=""
for flag in $libs; do
  ordered=$(printf '%s\n' $ordered | grep -vx -- "$flag" || true)
  ordered="$ordered $flag"
done
link=""
for flag in $ordered; do
  lib=${flag#-l}
  case $lib in m | dl | pthread | rt | c) continue ;; esac
  archive=$(cc -print-file-name="lib$lib.a")
  if [ ! -f "$archive" ]; then
    echo "error: no static archive lib$lib.a (install its -dev package; make deps does)" >&2
    exit 1
  fi
  ln -s "$(realpath "$archive")" "$static/lib$lib.a"
  link="$link -Xlinker -l$lib"
done
flags="--static-swift-stdlib -Xlinker -L$static $link -Xswiftc -Xclang-linker -Xswiftc -static-libgcc"

echo "Building lhc $version (static: $(echo "$ordered" | tr -s ' ' | sed 's/^ //'))"
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
