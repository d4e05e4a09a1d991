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
FINITA_RANDOM_SPECS="$count" swift test --traits Combine,Logging,Metrics,Spec \
  --filter RandomSpecTests 2>&1 | grep -v '^warning: ' | tee .build/random-specs.txt
grep -q '^random specs: ' .build/random-specs.txt
