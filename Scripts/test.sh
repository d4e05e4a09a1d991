#!/usr/bin/env bash
# Runs Finita's tests. The diagram tests render with the real Graphviz `dot` and `plantuml`, so this
# script installs them first when they are missing (Debian/Ubuntu, as root or with sudo).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v dot >/dev/null 2>&1 || missing+=(graphviz)
command -v plantuml >/dev/null 2>&1 || missing+=(plantuml)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} for the diagram tests..."
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# >>> finita generate kotlin: the Kotlin trace tests compile with the real kotlinc (Debian's
# `kotlin` package, Kotlin 1.3), so install it when missing.
if ! command -v kotlinc >/dev/null 2>&1; then
  echo "Installing kotlin for the generated-Kotlin tests..."
  kotlin_sudo=()
  [ "$(id -u)" -eq 0 ] || kotlin_sudo=(sudo)
  "${kotlin_sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${kotlin_sudo[@]}" apt-get install -y -qq kotlin >/dev/null
fi
# <<< finita generate kotlin

exec swift test "$@"
