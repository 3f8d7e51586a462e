#!/usr/bin/env python3
"""Fails when a public symbol in the given symbol-graph directories has no doc comment.

A symbol that implements a protocol requirement or overrides a documented one (it carries a
`sourceOrigin`) inherits that documentation and passes.
"""
import json
import pathlib
import sys

missing = []
for directory in sys.argv[1:]:
    for path in sorted(pathlib.Path(directory).glob("*.symbols.json")):
        graph = json.loads(path.read_text())
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if symbol.get("docComment") or symbol.get("sourceOrigin"):
                continue
            if "location" not in symbol:  # synthesized by the compiler (Hashable, literals, wrappers)
                continue
            name = ".".join(symbol.get("pathComponents", [])) or symbol["names"]["title"]
            location = symbol.get("location", {}).get("uri", "").replace("file://", "")
            line = symbol.get("location", {}).get("position", {}).get("line", 0) + 1
            missing.append(f"{location}:{line}: undocumented public symbol {name}")

for line in sorted(set(missing)):
    print(line)
if missing:
    print(f"{len(set(missing))} public symbols have no documentation comment.")
    sys.exit(1)
print("Every public symbol is documented.")
