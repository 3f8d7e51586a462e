# Lifeline's everyday commands. `make test` is what CI runs.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

.PHONY: setup test build bench format docs run check sanitize fuzz

# Installs the Debian packages the build and tests need, only those missing (scripts/setup.sh).
setup:
	bash scripts/setup.sh

build: setup
	swift build $(SWIFT_FLAGS)

test: setup
	swift build --build-tests $(SWIFT_FLAGS)
	swift test $(SWIFT_FLAGS)
	# The template app, a package of its own that uses Lifeline as a user's app does.
	swift test --package-path Examples/NotesAndLists $(SWIFT_FLAGS)

run: setup
	swift run campus-library

check: setup
	swift run -c release lifecycle-check

bench: setup
	swift run -c release lifeline-bench $(FILTER)

docs: setup
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
