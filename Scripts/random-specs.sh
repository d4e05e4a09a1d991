#!/usr/bin/env bash
# Runs 1,000 random specs through `check`, both generators, swiftc and kotlinc: each must fail
# `check` with located errors, or compile in Swift and in Kotlin and print the same traces as
# SpecMachine (Tests/FinitaSpecTests/RandomSpecTests.swift; the normal tests run 30). Prints the
# counts: how many failed check and why, how many compiled and matched.
#
#   Scripts/random-specs.sh          1,000 specs, in .build with the light traits (Scripts/test.sh
#                                    builds it and installs kotlinc)
#   Scripts/random-specs.sh 5000     another count
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-1000}"
# The count reaches the test through the environment. SwiftPM keys its build on the whole
# environment, so `FINITA_RANDOM_SPECS=... swift test` would rebuild every target (and the next
# plain build again): run the test binary the README's command built. Build it only when it
# is missing: `swift build --build-tests` rebuilt every target after Scripts/test.sh (157 s of
# CI's 90 minutes), so after a change run Scripts/test.sh first.
flags=(--traits Combine,Logging,Metrics,Spec)
bin="$(swift build --show-bin-path "${flags[@]}")"
if [ ! -e "$bin/FinitaPackageTests.xctest" ]; then
  swift build --build-tests "${flags[@]}" 2>&1 | grep -v '^warning: ' | tail -n 1
fi
if [ -f "$bin/FinitaPackageTests.xctest" ]; then
  run=("$bin/FinitaPackageTests.xctest" --testing-library swift-testing)
else  # an Apple platform's bundle: let `swift test` run it, rebuild and all
  run=(swift test "${flags[@]}")
fi
FINITA_RANDOM_SPECS="$count" "${run[@]}" --filter RandomSpecTests 2>&1 | grep -v '^warning: ' \
  | tee .build/random-specs.txt
grep -q '^random specs: ' .build/random-specs.txt
