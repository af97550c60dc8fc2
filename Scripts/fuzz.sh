#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for FUZZ_SECONDS (see Fuzz/README.md).
#
#   FUZZ_SECONDS=60 FUZZ_TARGETS="FuzzCatalog FuzzReleaseZip" Scripts/fuzz.sh
#
# Working corpora live in $FUZZ_CORPUS/<target>/ (default Fuzz/corpus; seeded by
# Scripts/fuzz-seeds.py, grown by every run), crashers (and leaks) in Fuzz/crashes/<target>/, logs
# in Fuzz/.build/fuzz-logs/. Prints one line per target (executions, coverage, corpus, crashers)
# and exits 1 if any target crashed or Fuzz/crashes/<target>/ still holds a crasher (delete it
# once it is a fixture in TestData/fuzz/).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TARGETS=${FUZZ_TARGETS:-all}
SHARED_CORPUS=${SHARED_CORPUS:-../shared/corpus}
# Where the working corpora grow (one folder per target).
FUZZ_CORPUS=${FUZZ_CORPUS:-Fuzz/corpus}
# Targets run by default.
FUZZ_ALL_TARGETS="FuzzCatalog FuzzCatalogWriter FuzzFormatString FuzzPseudoText FuzzStringsFile FuzzXMLPlist FuzzStringsdict FuzzBinaryPlist FuzzReleaseZip FuzzLegacyImport FuzzCDNResponse FuzzLintFiles FuzzCatalogLanguages FuzzXLIFF FuzzSwiftSource FuzzCFamilySource FuzzXcodeProject FuzzInterfaceBuilder FuzzProjectSpec"

# Longest input per target (bytes): enough for real files, small enough for fast mutations.
max_len() {
  case $1 in
    FuzzFormatString | FuzzPseudoText) echo 1024 ;;
    FuzzReleaseZip | FuzzLegacyImport) echo 65536 ;;
    # A lexer's states are local: 4 KiB pieces of sources (seeded so) run 4 times as often.
    FuzzCFamilySource) echo 4096 ;;
    *) echo 16384 ;;
  esac
}

# Swift's own backtracer trips ASan when a Swift runtime check fails (a trap); libFuzzer prints
# the stack instead.
export SWIFT_BACKTRACE=enable=no

[ "$FUZZ_TARGETS" = all ] && FUZZ_TARGETS=$FUZZ_ALL_TARGETS
FUZZ_TARGETS=${FUZZ_TARGETS//,/ }

# libFuzzer's instrumentation and ASan for every Swift module (lhc's too); libFuzzer's `main` is
# not used (see Fuzz/Package.swift).
echo "== building Fuzz/ (-sanitize=fuzzer,address)"
start=$(date +%s)
$SWIFT build --package-path Fuzz -c debug -Xswiftc -sanitize=fuzzer,address 2>&1 |
  grep -v "Cannot export local symbol" || true
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "fuzz build failed" >&2; exit 1; }
bin=$($SWIFT build --package-path Fuzz -c debug --show-bin-path)
echo "   built in $(($(date +%s) - start)) s"

python3 Scripts/fuzz-seeds.py --corpus "$FUZZ_CORPUS" --shared "$SHARED_CORPUS" $FUZZ_TARGETS

mkdir -p Fuzz/.build/fuzz-logs
summary=()
failed=0
for target in $FUZZ_TARGETS; do
  crashes=Fuzz/crashes/$target
  log=Fuzz/.build/fuzz-logs/$target.log
  mkdir -p "$crashes"
  dict=()
  [ -f "Fuzz/dictionaries/$target.dict" ] && dict=(-dict="Fuzz/dictionaries/$target.dict")
  echo "== $target: ${FUZZ_SECONDS} s"
  status=0
  # Leak checks are off while fuzzing: libFuzzer runs LeakSanitizer after every input that
  # allocates more than it frees (threads, runtime caches), which made FuzzCatalog 5x slower.
  # The corpus is then run once more with them on, which catches a leak on any path it covers.
  options=(-max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048
    -print_final_stats=1 -artifact_prefix="$crashes/")
  "$bin/$target" "$FUZZ_CORPUS/$target" "${dict[@]}" "${options[@]}" \
    -max_total_time="$FUZZ_SECONDS" -detect_leaks=0 >"$log" 2>&1 || status=$?
  if [ "$status" -eq 0 ]; then
    "$bin/$target" "$FUZZ_CORPUS/$target" "${options[@]}" -runs=0 -detect_leaks=1 \
      >"$log.leaks" 2>&1 || status=$?
    [ "$status" -eq 0 ] || cat "$log.leaks" >>"$log"
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1 || true)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -1 || true)
  found=$(find "$crashes" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \
    -o -name 'leak-*' \) | wc -l)
  line="$target: ${runs:-?} executions, ${cov:-no coverage line}, $found crashers in $crashes"
  if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
    failed=1
    line="$line (exit $status, see $log)"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*precondition failed)' "$log" | head -5 || true
  fi
  summary+=("$line")
done

echo "== summary ($(date -u +%Y-%m-%d), ${FUZZ_SECONDS} s per target)"
printf '%s\n' "${summary[@]}"
exit $failed
