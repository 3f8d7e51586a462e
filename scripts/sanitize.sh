#!/usr/bin/env bash
# `make sanitize`: the whole test suite under AddressSanitizer (with LeakSanitizer's leak check at
# exit) and under ThreadSanitizer. Each is built in its own scratch directory (.build-asan,
# .build-tsan), so neither disturbs the normal .build or the other.
#
#   scripts/sanitize.sh [address] [thread]      (both when none is named)
#   LIFELINE_LEAK_CHECK=0 scripts/sanitize.sh address   (AddressSanitizer without the leak check)
#   LIFELINE_SANITIZE_FILTER='DurableStateTests|…' scripts/sanitize.sh address   (those suites only)
#
# Leaks that are not Lifeline's are listed, one reason each, in scripts/lsan.supp, and ASan's one
# false report in scripts/asan.supp; the few tests that cannot run under a sanitizer say why in a
# `.disabled(if: Sanitizer.current == …)` trait.
set -euo pipefail
cd "$(dirname "$0")/.."

passes=("$@")
[ ${#passes[@]} -gt 0 ] || passes=(address thread)

for sanitizer in "${passes[@]}"; do
  case "$sanitizer" in
    address) scratch=.build-asan ;;
    thread) scratch=.build-tsan ;;
    *) echo "sanitize.sh: unknown sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
  esac
  start=$SECONDS
  swift build --build-tests -Xswiftc -warnings-as-errors --sanitize="$sanitizer" --scratch-path "$scratch"
  built=$SECONDS
  # One test at a time: most of the suite runs on the main actor, and slowed down by a sanitizer
  # the tests beside a long simulation starve and miss their time limits. The long searches run
  # shorter (3 seeds instead of 10, 50 bug-free Campus schedules instead of 150): under a sanitizer
  # they check memory and threads, which the first schedules already do.
  #
  # The app processes the tests start (campus-library, the probes) get LIFELINE_APP_ASAN_OPTIONS:
  # no leak check, since an app ends with exit() while its object graph is alive, as a real app
  # does; the leak check is the in-process suites', which end every graph they build.
  LIFELINE_SANITIZER="$sanitizer" LIFELINE_SEARCH_SEEDS=3 CAMPUS_SIMULATION_SCHEDULES=50 \
  ASAN_OPTIONS="detect_leaks=${LIFELINE_LEAK_CHECK:-1}:suppressions=$PWD/scripts/asan.supp" \
  LIFELINE_APP_ASAN_OPTIONS="detect_leaks=0:suppressions=$PWD/scripts/asan.supp" \
  LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp" \
    swift test --skip-build --no-parallel --sanitize="$sanitizer" --scratch-path "$scratch" \
      ${LIFELINE_SANITIZE_FILTER:+--filter "$LIFELINE_SANITIZE_FILTER"}
  echo "sanitize: $sanitizer passed: build $((built - start)) s, tests $((SECONDS - built)) s"
done
