#!/bin/sh
# Stand-in for lhc while the harness is developed: `fake-lhc.sh compile CATALOG... -o OUT` runs the
# Foundation baseline (exec, so run.py's os.wait4 measures the baseline process itself).
[ "$1" = compile ] && shift
exec "${FOUNDATION_BASELINE:-$(dirname "$0")/FoundationBaseline/.build/release/foundation-baseline}" "$@"
