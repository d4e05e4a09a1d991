#!/usr/bin/env bash
# Runs Finita's tests.
#
#   Scripts/test.sh         the core and the light integrations: every test target, built with the
#                           traits Combine, Logging, Metrics and Spec (swift-log, swift-metrics,
#                           swift-distributed-tracing, OpenCombine, Yams), in .build
#   Scripts/test.sh --all   every trait, in .build-all: adds the inspector and the HTTP examples
#                           (Hummingbird, swift-nio), the SQLite store (GRDB), the kinds macro
#                           (swift-syntax) and the full command line; CI runs both
#
# Other arguments go to `swift test` (for example `--filter Paginator`).
#
# Some tests run real tools, so this script installs them first when they are missing
# (Debian/Ubuntu, as root or with sudo):
# - Graphviz `dot` and `plantuml` render the diagrams;
# - `kotlinc` (Debian's `kotlin`, Kotlin 1.3) compiles the Kotlin that `finita generate kotlin`
#   writes, whose traces are compared with the Swift machines', and the Kotlin feature runtime
#   (Kotlin/), whose conformance scenarios must print the Swift engine's traces;
# - python3 with venv runs python-statemachine (PyPI), the statechart differential test's peer;
# - with --all, SQLite's headers and library (`libsqlite3-dev`) build GRDB for the SQLite store.
set -euo pipefail
cd "$(dirname "$0")/.."

all=no
if [ "${1:-}" = "--all" ]; then
  all=yes
  shift
fi

missing=()
command -v dot >/dev/null 2>&1 || missing+=(graphviz)
command -v plantuml >/dev/null 2>&1 || missing+=(plantuml)
command -v kotlinc >/dev/null 2>&1 || missing+=(kotlin)
python3 -c "import ensurepip, venv" >/dev/null 2>&1 || missing+=(python3 python3-venv)
if [ "$all" = yes ] && [ ! -f /usr/include/sqlite3.h ]; then missing+=(libsqlite3-dev); fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} for the tests that run them..."
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The statechart differential test runs python-statemachine from .build/venv (whatever the
# scratch path of the build).
if [ ! -x .build/venv/bin/python ] || ! .build/venv/bin/python -c "import statemachine" 2>/dev/null; then
  echo "Installing python-statemachine into .build/venv for the statechart differential test..."
  python3 -m venv .build/venv
  .build/venv/bin/pip install -q "python-statemachine==3.2.2"
fi

if [ "$all" = yes ]; then
  exec swift test --enable-all-traits --scratch-path .build-all "$@"
fi
exec swift test --traits Combine,Logging,Metrics,Spec "$@"
