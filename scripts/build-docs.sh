#!/usr/bin/env bash
# Builds the documentation site with the toolchain's own docc: symbol graphs from the build, a
# check that every public symbol is documented, then `docc convert` per module (warnings are
# errors) and `docc merge` into one static site in docs-site/.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(Lifecycle DurableState Composition LifecycleSimulator ProcessHost AppleHost)
graphs=.build/symbol-graphs
archives=.build/doc-archives
rm -rf "$graphs" "$archives" docs-site
mkdir -p "$graphs" "$archives"

swift package dump-symbol-graph --minimum-access-level public >/dev/null
source_dir=$(find .build -maxdepth 3 -type d -name symbolgraph | head -n 1)

for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  cp "$source_dir/$module.symbols.json" "$graphs/$module/"
  cp "$source_dir/$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
done

python3 scripts/check-documented.py "${modules[@]/#/$graphs/}"

for module in "${modules[@]}"; do
  docc convert "Sources/$module/$module.docc" \
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
