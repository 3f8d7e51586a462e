# Lifeline's everyday commands. `make test` is what CI runs.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

.PHONY: setup test build bench format docs run check

# Installs the Debian packages the build and tests need, only those missing (scripts/setup.sh).
setup:
	bash scripts/setup.sh

build: setup
	swift build $(SWIFT_FLAGS)

test: setup
	swift build --build-tests $(SWIFT_FLAGS)
	swift test $(SWIFT_FLAGS)

run: setup
	swift run campus-library

check: setup
	swift run -c release lifecycle-check

bench: setup
	swift run -c release lifeline-bench $(FILTER)

docs: setup
	bash scripts/build-docs.sh

format:
	swift format --in-place --recursive --parallel Sources Tests Benchmarks Package.swift
