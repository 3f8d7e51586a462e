# Lifeline's everyday commands. `make test` is what CI runs.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

.PHONY: test build bench format docs run check sanitize fuzz

build:
	swift build $(SWIFT_FLAGS)

test:
	swift build --build-tests $(SWIFT_FLAGS)
	swift test $(SWIFT_FLAGS)

run:
	swift run campus-library

check:
	swift run -c release lifecycle-check

bench:
	swift run -c release lifeline-bench $(FILTER)

docs:
	bash scripts/build-docs.sh

format:
	swift format --in-place --recursive --parallel Sources Tests Benchmarks Fuzz Package.swift

# The test suite under AddressSanitizer (with the leak check) and ThreadSanitizer, each in its
# own build directory: scripts/sanitize.sh.
sanitize:
	bash scripts/sanitize.sh

# Every libFuzzer harness (Fuzz/), FUZZ_RUNS inputs each: scripts/fuzz.sh.
FUZZ_RUNS ?= 200000
fuzz:
	bash scripts/fuzz.sh $(FUZZ_RUNS)
