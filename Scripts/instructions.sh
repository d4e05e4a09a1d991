#!/usr/bin/env bash
# Counts the instructions of one operation of the engine's hot paths under valgrind's callgrind
# (installed with apt-get when missing). Unlike time, instruction counts do not change with what
# else the machine is doing, so they compare two commits on a busy machine.
#   Scripts/instructions.sh [SCENARIO...]     default: every scenario
# Each scenario runs with COUNT operations and with none; the difference divided by COUNT is
# the cost of one operation without start-up.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"

if ! command -v valgrind >/dev/null; then
  apt-get update -qq && apt-get install -y -qq valgrind >/dev/null
fi

swift build -c release --product FinitaInstructionCounts >/dev/null
binary="$(swift build -c release --show-bin-path)/FinitaInstructionCounts"

scenarios=("$@")
if [ ${#scenarios[@]} -eq 0 ]; then
  scenarios=(wish fanout10 fanout100 fanout1000 noop-interceptor compiled-noop-interceptor logging-noop compiled-logging-noop logging-dropped metrics-noop tracing-noop recording compiled-recording recording-full compiled-recording-full recording-full-references churn
    news news-post chain10 lifecycle redux redux-middleware automaton-accept automaton-step
    automaton-handwritten statechart-hierarchy statechart-parallel dot-import)
fi

instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 \
    | awk '/Collected/ { print $4 }'
}

printf '| %-18s | %14s |\n' "scenario" "instructions/op"
printf '| %-18s | %14s |\n' "---" "---"
for scenario in "${scenarios[@]}"; do
  count=20000
  case "$scenario" in
    fanout1000) count=2000 ;;
    dot-import) count=3 ;;
  esac
  base=$(instructions "$scenario" 0)
  total=$(instructions "$scenario" "$count")
  printf '| %-18s | %14d |\n' "$scenario" $(( (total - base) / count ))
done
