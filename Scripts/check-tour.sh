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

contains() {
  local wanted=$1
  shift
  local item
  for item in "$@"; do
    if [ "$item" = "$wanted" ]; then return 0; fi
  done
  return 1
}

problems=()
present=()
for heading in "${expected[@]}"; do
  if contains "$heading" "${actual[@]}"; then
    present+=("$heading")
  else
    problems+=("missing: $heading")
  fi
done

# The listed headings the tour printed, in its order, must be the list's order.
printed=()
for heading in "${actual[@]}"; do
  if contains "$heading" "${present[@]}" && ! contains "$heading" "${printed[@]}"; then
    printed+=("$heading")
  fi
done
for ((index = 0; index < ${#present[@]}; index++)); do
  if [ "${present[index]}" != "${printed[index]}" ]; then
    problems+=("out of order: section $((index + 1)) of the list is \"${present[index]}\", but the tour printed \"${printed[index]}\" there")
    break
  fi
done

# A heading the list does not know: a section was added without its line, or renamed.
for heading in "${actual[@]}"; do
  if ! contains "$heading" "${expected[@]}"; then
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
  echo "check-tour: $output is not a whole tour of the ${#expected[@]} sections of $list:" >&2
  for problem in "${problems[@]}"; do echo "  $problem" >&2; done
  exit 1
fi
echo "check-tour: all ${#expected[@]} sections, in order, and the tour finished."
