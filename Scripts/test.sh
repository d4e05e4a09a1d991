#!/usr/bin/env bash
# Runs Finita's tests. The diagram tests render with the real Graphviz `dot` and `plantuml`, so this
# script installs them first when they are missing (Debian/Ubuntu, as root or with sudo).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v dot >/dev/null 2>&1 || missing+=(graphviz)
command -v plantuml >/dev/null 2>&1 || missing+=(plantuml)
# FinitaStatechart's differential test: python3 with venv, for python-statemachine (below).
python3 -c "import ensurepip, venv" >/dev/null 2>&1 || missing+=(python3 python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} for the diagram tests..."
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# FinitaStatechart's differential test runs python-statemachine (PyPI) from .build/venv.
if [ ! -x .build/venv/bin/python ] || ! .build/venv/bin/python -c "import statemachine" 2>/dev/null; then
  echo "Installing python-statemachine into .build/venv for the statechart differential test..."
  python3 -m venv .build/venv
  .build/venv/bin/pip install -q "python-statemachine==3.2.2"
fi

exec swift test "$@"
