#!/usr/bin/env bash
# Checks what an app pulls in when it adds Finita: for each row of the README's table "What an
# app adds", a scratch package made fresh in a temporary directory depends on the row's products
# with the row's traits, resolves, and must pin exactly the packages the row lists (besides
# Finita itself). Rows marked "(built)" are also built, so the products really compile that way.
#
# The table is the only list: change a dependency and this check fails until the README says so.
#
# Usage: Scripts/check-consumers.sh   (from a clone; it uses the committed HEAD)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A bare copy of the committed tree, as an app would fetch it.
git clone -q --bare "$root" "$work/finita.git"
revision=$(git -C "$root" rev-parse HEAD)

# The table's rows: | capability | products | traits | pulls in |, between its heading and the
# next blank line. Products and traits are `code`; "pulls in" is a comma-separated list of
# package identities, or "nothing".
rows=$(awk '
  /^### What an app adds/ { inside = 1; next }
  inside && /^\|/ { print; next }
  inside && NF == 0 && seen { exit }
  inside && /^\|/ { seen = 1 }
' README.md | tail -n +3)
if [ -z "$rows" ]; then
  echo "error: README.md has no table under '### What an app adds'" >&2
  exit 1
fi

failures=0
number=0
while IFS= read -r row; do
  number=$((number + 1))
  IFS='|' read -r _ capability products traits pulls _ <<<"$row"
  capability=$(echo "$capability" | sed 's/^ *//; s/ *$//')
  build=no
  [[ "$capability" == *"(built)"* ]] && build=yes
  product_list=$(echo "$products" | grep -o '`[A-Za-z]*`' | tr -d '`')
  trait_list=$(echo "$traits" | grep -o '`[A-Za-z]*`' | tr -d '`' || true)
  expected=$(echo "$pulls" | tr ',' '\n' | sed 's/^ *//; s/ *$//' | grep -v '^nothing$' |
    grep -v '^$' | sort || true)

  consumer="$work/consumer$number"
  mkdir -p "$consumer/Sources/App"
  dependencies=""
  imports=""
  for product in $product_list; do
    dependencies+="        .product(name: \"$product\", package: \"finita\"),"$'\n'
    imports+="import $product"$'\n'
  done
  trait_array=""
  for trait in $trait_list; do trait_array+="\"$trait\", "; done
  cat >"$consumer/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "App",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    .package(url: "file://$work/finita.git", revision: "$revision", traits: [$trait_array])
  ],
  targets: [
    .executableTarget(
      name: "App",
      dependencies: [
$dependencies      ]
    )
  ]
)
EOF
  printf '%sprint("ok")\n' "$imports" >"$consumer/Sources/App/main.swift"

  echo "--- $capability: $(echo $product_list) with traits [$(echo $trait_list)]"
  if ! (cd "$consumer" && swift package resolve >"$consumer/resolve.log" 2>&1); then
    cat "$consumer/resolve.log" >&2
    echo "FAIL: $capability: the scratch package does not resolve" >&2
    failures=$((failures + 1))
    continue
  fi
  pinned=$(python3 -c '
import json, sys
pins = json.load(open(sys.argv[1])).get("pins", [])
print("\n".join(sorted(p["identity"] for p in pins if p["identity"] != "finita")))
' "$consumer/Package.resolved" 2>/dev/null || true)
  if [ "$pinned" != "$expected" ]; then
    echo "FAIL: $capability pins other packages than README.md says" >&2
    echo "  in README.md, not pinned: $(comm -23 <(echo "$expected") <(echo "$pinned") | xargs)" >&2
    echo "  pinned, not in README.md: $(comm -13 <(echo "$expected") <(echo "$pinned") | xargs)" >&2
    failures=$((failures + 1))
    continue
  fi
  echo "pins: ${pinned:-nothing}" | tr '\n' ' '
  echo
  if [ "$build" = yes ]; then
    if (cd "$consumer" && swift build >"$consumer/build.log" 2>&1 && .build/debug/App >/dev/null); then
      echo "built and ran"
    else
      tail -n 30 "$consumer/build.log" >&2
      echo "FAIL: $capability: the scratch package does not build" >&2
      failures=$((failures + 1))
    fi
  fi
done <<<"$rows"

echo
if [ "$failures" -gt 0 ]; then
  echo "$failures of $number rows failed"
  exit 1
fi
echo "$number rows: every scratch package pins what README.md says"
