#!/usr/bin/env bash
# Browser tests of the Finita Inspector in real headless Chromium, driven by Selenium.
#
# Starts `finita inspect --demo`, opens the page with and without its token, waits for the
# demo's features, selects a step and reads its diff, drags the time-travel slider and checks
# in the demo's output that the feature moved, sends wishes (a bad one and a good one), exports
# and imports the session, exports the parking meter's recording and imports it, and skips the
# meter's payment and counts it again. Then starts
# `finita inspect --demo --load` and checks that rows show within 2 s of opening the page, that
# clicks answer within 500 ms under load, and that
# the inspector's memory stays bounded.
# Screenshots go to .build/inspector-screenshots (override with INSPECTOR_SCREENSHOTS); with
# --update-docs they are also copied into the DocC catalog.
#
# Installs what it needs: chromium, chromium-driver and graphviz with apt-get (when missing),
# and Selenium from PyPI in a virtual environment under .build.
set -euo pipefail
cd "$(dirname "$0")/.."

update_docs=0
if [[ "${1:-}" == "--update-docs" ]]; then update_docs=1; fi

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
command -v dot >/dev/null || need+=(graphviz)
command -v python3 >/dev/null || need+=(python3)
python3 -c 'import venv, ensurepip' 2>/dev/null || need+=(python3-venv)
if ((${#need[@]})); then
  sudo_cmd=""
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq "${need[@]}"
fi

venv=.build/inspector-venv
# A virtual environment left without pip (an interrupted or failed creation) is made again.
if [[ ! -x "$venv/bin/pip" ]]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q "selenium>=4.20"

# The inspector is behind the Tools trait; .build-all is where `Scripts/test.sh --all` builds it
# (INSPECTOR_SCRATCH_PATH names another scratch path with every trait).
scratch="${INSPECTOR_SCRATCH_PATH:-.build-all}"
swift build --product finita --enable-all-traits --scratch-path "$scratch"
screenshots="${INSPECTOR_SCREENSHOTS:-.build/inspector-screenshots}"
mkdir -p "$screenshots"
log="$screenshots/demo-output.log"

"$scratch/debug/finita" inspect --demo --port 0 >"$log" 2>&1 &
inspector=$!
trap 'kill "$inspector" 2>/dev/null || true; wait "$inspector" 2>/dev/null || true' EXIT

"$venv/bin/python" Scripts/inspector_browser_test.py --log "$log" --screenshots "$screenshots" \
  --inspector-pid "$inspector"
kill "$inspector" 2>/dev/null || true
wait "$inspector" 2>/dev/null || true

# The same page under the issue's load: 10 more features at 10,000 stages per second each.
"$scratch/debug/finita" inspect --demo --load --port 0 >"$screenshots/demo-load-output.log" 2>&1 &
inspector=$!
"$venv/bin/python" Scripts/inspector_browser_test.py --log "$screenshots/demo-load-output.log" \
  --screenshots "$screenshots" --load-pid "$inspector"

if ((update_docs)); then
  resources=Sources/FinitaInspector/FinitaInspector.docc/Resources
  mkdir -p "$resources"
  for name in inspector-features inspector-diff inspector-travel inspector-wish inspector-offline \
    inspector-recording inspector-held inspector-jump inspector-diagram inspector-live-960 \
    inspector-live-390 inspector-wish-form \
    inspector-state-tree inspector-state-tree-390 inspector-diagram-960 inspector-musicPlayer \
    inspector-paginator inspector-paginator-390 inspector-skip; do
    cp "$screenshots/$name.png" "$resources/$name.png"
  done
  echo "Copied the screenshots into $resources"
fi
echo "Browser tests passed; screenshots in $screenshots"
