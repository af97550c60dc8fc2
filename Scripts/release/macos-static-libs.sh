#!/usr/bin/env bash
# The C libraries lhc links (libarchive, libdeflate, nettle and libarchive's compressors) as
# universal static archives, for the release workflow's macOS build (.github/workflows/release.yml):
# Homebrew's bottles of each library for arm64 and for x86_64, their lib*.a joined with lipo into
# DIR/lib, their headers in DIR/include. libxml2, zlib, bzip2 and iconv come from the macOS SDK.
# Runs on a Mac with Homebrew only; not run in lhc's own CI (no Mac there).
set -euo pipefail
out="${1:?usage: macos-static-libs.sh DIR}"
mkdir -p "$out/lib" "$out/include"
formulae=(libarchive libdeflate nettle xz zstd lz4 libb2)
# A bottle tag per architecture, of the runner's macOS release.
release="$(sw_vers -productVersion | cut -d. -f1)"
case "$release" in
  15) name=sequoia ;;
  14) name=sonoma ;;
  *) echo "macos-static-libs.sh: no bottle tag known for macOS $release" >&2; exit 1 ;;
esac
work="$(mktemp -d)"
for formula in "${formulae[@]}"; do
  for tag in "arm64_$name" "$name"; do
    brew fetch --force --bottle-tag="$tag" "$formula" >/dev/null
    bottle="$(brew --cache --bottle-tag="$tag" "$formula")"
    mkdir -p "$work/$tag/$formula"
    tar -xzf "$bottle" -C "$work/$tag/$formula" --strip-components 2
  done
  for archive in "$work/arm64_$name/$formula"/lib/*.a; do
    lipo -create "$archive" "$work/$name/$formula/lib/$(basename "$archive")" \
      -output "$out/lib/$(basename "$archive")"
  done
  cp -R "$work/arm64_$name/$formula/include/." "$out/include/" 2>/dev/null || true
done
lipo -info "$out"/lib/*.a
