#!/usr/bin/env bash
# Runs Finita's benchmarks (the Benchmarks/ package, release build) and prints one table: each
# measure, its median, its ratio to the baseline measured in the same run, mallocs per operation,
# and the budget from ARCHITECTURE.md.
#   Scripts/benchmarks.sh            full run (a few minutes)
#   Scripts/benchmarks.sh --smoke    every benchmark once: checks the harness, measures nothing
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"

if [ "${1:-}" = "--smoke" ]; then
  export FINITA_BENCHMARK_SMOKE=1
fi

raw=$(mktemp)
log=$(mktemp)
trap 'rm -f "$raw" "$log"' EXIT
# Only FinitaBenchmarks: the plugin would otherwise also run every other executable target of the
# package (FinitaInstructionCounts, which needs arguments, exits with its usage and fails the run).
if ! swift package benchmark --target FinitaBenchmarks --no-progress --format markdown \
  --path stdout 2> "$log" > "$raw"; then
  echo "The benchmark run failed. Its last output:" >&2
  tail -n 40 "$raw" >&2
  tail -n 40 "$log" >&2
  exit 1
fi

python3 - "$raw" <<'PY'
import re, sys

sections, name = {}, None
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("### "):
        name = line[4:].strip()
        sections[name] = {}
    elif name and line.startswith("|") and not line.startswith("| Metric") and "---" not in line:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        label, values = cells[0], cells[1:]
        if len(values) >= 3:
            sections[name][label] = values

if not sections:
    sys.exit("No benchmark results were produced.")

UNITS = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}

def median(name, metric):
    """The p50 of a metric, in nanoseconds for times, as a number otherwise."""
    for label, values in sections.get(name, {}).items():
        if label.startswith(metric):
            value = float(values[2].replace(",", ""))
            unit = re.search(r"\((ns|μs|us|ms|s)\)", label)
            scale = re.search(r"\((K|M|G)\)", label)
            if unit:
                value *= UNITS[unit.group(1)]
            if scale:
                value *= {"K": 1e3, "M": 1e6, "G": 1e9}[scale.group(1)]
            return value
    return None

def time_text(ns):
    if ns is None:
        return "-"
    return f"{ns:.0f} ns" if ns < 10_000 else f"{ns / 1000:.1f} µs"

locked = "baseline: NSLock + switch reducer + 1 observer"
combine = "baseline: OpenCombine subject pipeline"
sync = "1. sync wish -> effect -> state -> 1 observer"
budgets = {
    sync: "≤ 2x locked, 0 mallocs",
    "4. async run effect round trip": "≤ 3 µs",
    "7. automaton: CD player, per event (11M events)": "≤ 5 ns, 0 mallocs",
    "8. memory: bytes per idle feature": "≤ 2 KB",
    "8. memory: growth from 1,000 to 1,000,000 wishes": "no growth",
    "5. observer churn: add 100,000 state observers, then cancel them one by one": "≤ 100 ms",
    "DOT import: 600 KB Mealy model": "≤ 9 ms",
    "DOT import: peak memory per file byte, 5 MB model": "< 50",
}
baseline_of = {
    sync: locked,
    "2. sync wish with NewsPublisher and PostProcessor": locked,
    "redux: dispatch, no middleware, 1 subscriber": sync,
    "redux: dispatch through 1 middleware, 1 subscriber": sync,
    "2. sync wish with NewsPublisher, 1 news observer": sync,
    "6. chain of 10 features through News": sync,
    "4. async run effect round trip": "baseline: Task + lock + continuation round trip",
}

rows = [("measure", "median", "ratio", "to", "mallocs/op", "budget")]
for name in sorted(sections, key=lambda n: (not n.startswith("baseline"), n)):
    t = median(name, "Time (wall clock)")
    mallocs = median(name, "Malloc (total)")
    custom = [(label, values[2]) for label, values in sections[name].items()
              if not label.startswith(("Time", "Malloc", "Throughput"))]
    shown = time_text(t) if t is not None else ", ".join(f"{v} {l}" for l, v in custom)
    base = baseline_of.get(name) or (combine if name == sync else None)
    ratio, against = "-", "-"
    if base and t is not None and median(base, "Time (wall clock)"):
        ratio = f"{t / median(base, 'Time (wall clock)'):.1f}x"
        against = base.split(":")[0] if base.startswith("baseline") else "feature"
        if base == locked:
            against = "locked"
        elif base.startswith("baseline: Task"):
            against = "bare task"
    rows.append((name, shown, ratio, against,
                 "-" if mallocs is None else f"{mallocs:g}", budgets.get(name, "")))
    if name == sync:
        combine_ns = median(combine, "Time (wall clock)")
        if combine_ns and t:
            rows.append(("   same, against the OpenCombine pipeline", time_text(t),
                         f"{t / combine_ns:.2f}x", "combine", "", ""))

widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
for index, row in enumerate(rows):
    print("| " + " | ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)) + " |")
    if index == 0:
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
PY
