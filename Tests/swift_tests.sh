#!/usr/bin/env bash
# The Swift Testing suites, already built by scripts/test (it passes its build flags here
# so `swift test` finds that build): failures in full, passes one line per suite, and the
# runner's closing line. Exits 1 when any test failed or the run did not finish.
set -uo pipefail
cd "$(dirname "$0")/.."
log=.build/test.log
swift test --skip-build "$@" >"$log" 2>&1
status=$?
grep -E '✘|✔ Suite|Test run with|error:|Fatal' "$log"
if [ $status -ne 0 ] || ! grep -qE "Test run with [0-9]+ tests? .*passed" "$log"; then
    echo "unit tests failed (swift test exited $status); see $log" >&2
    exit 1
fi
