#!/usr/bin/env bash
# Checks the output of `finita tour`: every section heading listed in Scripts/tour-sections.txt
# appears, in that order, no heading is missing from the list, and the tour reached its last
# line. Exits 1 naming what is wrong.
#
#   finita tour > tour.txt;        Scripts/check-tour.sh tour.txt
#   finita tour --all > tour.txt;  Scripts/check-tour.sh --all tour.txt
#
# With --all, the sections marked "all: " in the list are expected too, and the tour must say
# that every section ran.
set -euo pipefail

usage="usage: $0 [--all] TOUR_OUTPUT"
all=false
if [ "${1:-}" = "--all" ]; then
  all=true
  shift
fi
if [ $# -ne 1 ]; then
  echo "$usage" >&2
  exit 2
fi
output=$1
if [ ! -f "$output" ]; then
  echo "check-tour: $output: no such file; give the file the tour's output was written to" >&2
  exit 2
fi
list="$(dirname "$0")/tour-sections.txt"

expected=()
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in
    '' | '#'*) continue ;;
    'all: '*) if $all; then expected+=("${line#all: }"); fi ;;
    *) expected+=("$line") ;;
  esac
done <"$list"

actual=()
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in
    '## '*) actual+=("${line#'## '}") ;;
  esac
done <"$output"

problems=()
# Each expected heading must come after the one before it.
position=0
for heading in "${expected[@]}"; do
  found=-1
  for ((index = position; index < ${#actual[@]}; index++)); do
    if [ "${actual[index]}" = "$heading" ]; then
      found=$index
      break
    fi
  done
  if [ "$found" -ge 0 ]; then
    position=$((found + 1))
    continue
  fi
  earlier=false
  for ((index = 0; index < position; index++)); do
    if [ "${actual[index]}" = "$heading" ]; then earlier=true; fi
  done
  if $earlier; then
    problems+=("out of order (printed before the section listed above it): $heading")
  else
    problems+=("missing: $heading")
  fi
done

# A heading the list does not know: a section was added without its line, or renamed.
for heading in "${actual[@]}"; do
  listed=false
  for wanted in "${expected[@]}"; do
    if [ "$wanted" = "$heading" ]; then listed=true; fi
  done
  if ! $listed; then
    problems+=("not in $list (add it there, in order): $heading")
  fi
done

# The tour ends with one line that starts "End of the tour"; anything else means it stopped.
last=$(grep -v '^[[:space:]]*$' "$output" | tail -n 1 || true)
case "$last" in
  'End of the tour: every section ran.') ;;
  'End of the tour. Left out: '*)
    if $all; then problems+=("with --all, the tour left sections out: $last"); fi
    ;;
  *) problems+=("the tour did not finish: its last line is \"$last\"") ;;
esac

if [ ${#problems[@]} -gt 0 ]; then
  echo "check-tour: $output does not show the tour's ${#expected[@]} sections:" >&2
  for problem in "${problems[@]}"; do echo "  $problem" >&2; done
  exit 1
fi
echo "check-tour: all ${#expected[@]} sections, in order, and the tour finished."
