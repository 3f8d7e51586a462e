#!/usr/bin/env bash
# Builds the documentation site with the toolchain's own docc: symbol graphs from the build, a
# check that every public symbol is documented, then `docc convert` per module (warnings are
# errors) and `docc merge` into one static site in docs-site/.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(Lifecycle LifelineHistory DurableState Composition LifecycleSimulator LifecycleSimulatorTesting LifecycleCheck SimulatorExample ProcessHost AppleHost CampusLibrary CampusSimulation)
graphs=.build/symbol-graphs
archives=.build/doc-archives
rm -rf "$graphs" "$archives" .build/Lifeline.doccarchive docs-site
mkdir -p "$graphs" "$archives"

# The command also tries the test-only modules SwiftPM synthesizes (LifelinePackageTests…), fails
# on them and exits non-zero even though every library's graph was written: keep its output in a
# log and judge it by the graphs we need. The flags are `make test`'s, so CI reuses that build.
log=.build/dump-symbol-graph.log
mkdir -p .build
find .build -maxdepth 3 -type d -name symbolgraph -prune -exec rm -rf {} +   # no stale graphs
swift package -Xswiftc -warnings-as-errors dump-symbol-graph --minimum-access-level public >"$log" 2>&1 || true
source_dir=$(find .build -maxdepth 3 -type d -name symbolgraph | head -n 1)

for module in "${modules[@]}"; do
  if [ -z "$source_dir" ] || [ ! -f "$source_dir/$module.symbols.json" ]; then
    cat "$log" >&2
    echo "error: no symbol graph for $module (see the log above)" >&2
    exit 1
  fi
  mkdir -p "$graphs/$module"
  cp "$source_dir/$module.symbols.json" "$graphs/$module/"
  cp "$source_dir/$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
done

python3 scripts/check-documented.py "${modules[@]/#/$graphs/}"

for module in "${modules[@]}"; do
  # A module without a catalog yet still gets its symbol reference (docc needs no catalog for it).
  catalog=()
  if [ -d "Sources/$module/$module.docc" ]; then catalog=("Sources/$module/$module.docc"); fi
  docc convert "${catalog[@]}" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --output-path "$archives/$module.doccarchive" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "dev.lifeline.$module" \
    --warnings-as-errors
done

archive_paths=()
for module in "${modules[@]}"; do archive_paths+=("$archives/$module.doccarchive"); done
docc merge "${archive_paths[@]}" --output-path .build/Lifeline.doccarchive --synthesized-landing-page-name Lifeline
docc process-archive transform-for-static-hosting .build/Lifeline.doccarchive --output-path docs-site
echo "Documentation site written to docs-site/ (serve it with: python3 -m http.server -d docs-site, then open /documentation/)"
