#!/usr/bin/env bash
# `make fuzz`: every libFuzzer harness of lifeline-fuzz (Fuzz/lifeline-fuzz, one per decoder of
# outside bytes), built with libFuzzer and AddressSanitizer in .build-fuzz, for a bounded
# number of inputs each, starting from its seed corpus in Fuzz/Corpus/<harness>.
#
#   scripts/fuzz.sh [RUNS]     inputs per harness (default 200000; .ci/run passes fewer)
#   scripts/fuzz.sh seeds      rewrites Fuzz/Corpus from the code itself: the harnesses' seeds
#                              (lifeline-fuzz write-seeds) and repro files of planted bugs
#                              (lifecycle-check --repro-out)
#
# New inputs go to .build-fuzz/corpus/<harness>, never into Fuzz/Corpus; a crash is saved as
# .build-fuzz/crashes/<harness>-crash-… and replays in the normal build with
# `swift run lifeline-fuzz <harness> <file>`. Exits non-zero on the first harness that crashes.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = seeds ]; then
  swift build --product lifeline-fuzz -Xswiftc -warnings-as-errors
  swift build --product lifecycle-check -Xswiftc -warnings-as-errors
  bin=$(swift build --show-bin-path)
  rm -rf Fuzz/Corpus
  "$bin/lifeline-fuzz" write-seeds Fuzz/Corpus
  mkdir -p Fuzz/Corpus/repro
  for bug in saveOnlyAtTermination sharedSelectionSingleton writeBeforeHydration; do
    "$bin/lifecycle-check" --app example --bug "$bug" --repro-out "Fuzz/Corpus/repro/example-$bug.json" >/dev/null 2>&1 || true
  done
  "$bin/lifecycle-check" --bug noFlushOnInactive --repro-out Fuzz/Corpus/repro/campus-noFlushOnInactive.json >/dev/null 2>&1 || true
  find Fuzz/Corpus -type f | sort
  exit 0
fi

runs=${1:-200000}
scratch=.build-fuzz
start=$SECONDS
# `--sanitize=fuzzer` makes SwiftPM link libFuzzer's main (and parse the executable as a library);
# the instrumentation comes from `-sanitize=fuzzer,address` in one flag, which, passed last, is the
# one swiftc keeps: given as two `--sanitize` options, SwiftPM passes two `-sanitize=` flags in no
# fixed order and swiftc keeps only the last, so a build had either coverage or ASan, not both.
swift build --product lifeline-fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -DLIFELINE_FUZZING -Xswiftc -warnings-as-errors --scratch-path "$scratch"
fuzzer="$(swift build --show-bin-path --scratch-path "$scratch")/lifeline-fuzz"
echo "fuzz: built in $((SECONDS - start)) s"

export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp"
mkdir -p "$scratch/crashes"
for seeds in Fuzz/Corpus/*/; do
  harness=$(basename "$seeds")
  corpus="$scratch/corpus/$harness"
  log="$scratch/$harness.log"
  mkdir -p "$corpus"
  began=$SECONDS
  if ! "$fuzzer" "$harness" "$corpus" "$seeds" -runs="$runs" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$scratch/crashes/$harness-" -print_final_stats=1 >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "fuzz: $harness crashed; the input is in $scratch/crashes/ (replay: swift run lifeline-fuzz $harness FILE)" >&2
    exit 1
  fi
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  found=$(find "$corpus" -type f | wc -l)
  echo "fuzz: $harness: $executed inputs in $((SECONDS - began)) s, $(find "$seeds" -type f | wc -l) seeds, $found inputs kept in $corpus"
done
echo "fuzz: every harness passed in $((SECONDS - start)) s"
