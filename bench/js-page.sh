#!/usr/bin/env bash
# What a JS step that uses `this.page` costs: SCENARIOS scenarios, each opening a page and then
# running 10 JavaScript steps that read `this.page.url()`, on 2 workers, summary only:
# ferridriver (QuickJS per worker, the page from the scenario's lease) against cucumber-js 12 +
# Playwright (one browser per worker, a context and page per scenario, as such suites write it),
# both on Debian's chromium. Prints each side's best wall time and the cost per JS step.
# Usage: bench/js-page.sh [SCENARIOS] [ROUNDS]   (default 200 scenarios, best of 3)
# FERRIDRIVER=path/to/ferridriver uses that binary instead of building the release one
# (to compare two builds of ferridriver, run the script once with each).
set -euo pipefail
cd "$(dirname "$0")"
scenarios="${1:-200}"
rounds="${2:-3}"
steps=10
out="$PWD/out/js-page"
rm -rf "$out" && mkdir -p "$out/features"
chromium=$(command -v chromium || command -v chromium-browser)
per_file=50
for f in $(seq 1 $(( (scenarios + per_file - 1) / per_file ))); do
  {
    echo "Feature: page bench $f"
    for s in $(seq 1 "$per_file"); do
      printf '\n  Scenario: scenario %s-%s\n    Given the bench page is open\n' "$f" "$s"
      for _ in $(seq 1 "$steps"); do echo "    Then the bench page is still there"; done
    done
  } > "$out/features/f$(printf %03d "$f").feature"
done
if [ -z "${FERRIDRIVER:-}" ]; then
  (cd .. && cargo build --release --quiet --bin ferridriver)
  FERRIDRIVER=../target/release/ferridriver
fi
fd=$(realpath "$FERRIDRIVER")
[ -d js-page/cucumber-playwright/node_modules ] || (cd js-page/cucumber-playwright && npm install --no-audit --no-fund --silent)
cjs="$PWD/js-page/cucumber-playwright/node_modules/.bin/cucumber-js"

run() {
  local name=$1; shift
  local results=()
  for _ in $(seq 1 "$rounds"); do results+=("$(./measure.py -- "$@")"); done
  printf '%s\n' "${results[@]}" | sort -n | head -1 | { read -r wall rss code; printf '%-30s %8.2f s %8s MB   exit %s\n' "$name" "$wall" "$rss" "$code"; echo "$wall" > "$out/$name.result"; }
}
echo "$scenarios scenarios x (1 goto + $steps JS steps reading this.page.url()), 2 workers, best of $rounds; $(nproc) cores"
run ferridriver bash -c "cd js-page/ferridriver && '$fd' bdd '$out/features' --parallel 2 --format summary"
run cucumber-js+playwright bash -c "cd js-page/cucumber-playwright && CHROMIUM='$chromium' '$cjs' '$out/features' --require steps.js --parallel 2 --format summary"
for name in ferridriver cucumber-js+playwright; do
  echo "$name: $(echo "scale=3; $(cat "$out/$name.result") * 1000 / $scenarios" | bc) ms per scenario"
done
