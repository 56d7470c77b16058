#!/usr/bin/env bash
# What recording traces costs: the browser suite (bench/browser: 50 scenarios on a local site,
# 2 workers) with traces off and on (every scenario's trace written), side by side with
# playwright-bdd + @playwright/test doing the same (`--trace off|on`), and the size of the
# traces each wrote. Both on Debian's Chromium; best of ROUNDS.
# Usage: bench/trace.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")"
rounds="${1:-3}"
source ./serve-site.sh
(cd .. && cargo build --release --quiet --bin ferridriver)
if [ ! -d browser/playwright/node_modules ]; then
  (cd browser/playwright && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent)
fi
(cd browser/playwright && npx bddgen >/dev/null)
fd=$(realpath ../target/release/ferridriver)
out="$PWD/out/trace"
rm -rf "$out" && mkdir -p "$out"
run() {
  local name=$1; shift
  local results=()
  for _ in $(seq 1 "$rounds"); do results+=("$(./measure.py -- "$@")"); done
  printf '%s\n' "${results[@]}" | sort -n | head -1 | { read -r wall rss code; printf '%-28s %8.2f s %8s MB   exit %s\n' "$name" "$wall" "$rss" "$code"; echo "$wall" > "$out/$name.wall"; }
}
size() { du -sk "$1" 2>/dev/null | cut -f1; }
count() { find "$1" -name '*.zip' 2>/dev/null | wc -l; }
params="{\"baseUrl\":\"$base\"}"
echo "50 scenarios, 2 workers, best of $rounds; $(nproc) cores; $(chromium --version 2>/dev/null | head -1)"
run ferridriver-off "$fd" bdd browser/features --parallel 2 --world-parameters "$params" --format summary
run ferridriver-on "$fd" bdd browser/features --parallel 2 --world-parameters "$params" --format summary \
  --trace on --output "$out/ferridriver-traces"
run playwright-bdd-off bash -c "cd browser/playwright && BASE_URL='$base' npx playwright test --trace off --output '$out/pw-off'"
run playwright-bdd-on bash -c "cd browser/playwright && BASE_URL='$base' npx playwright test --trace on --output '$out/pw-traces'"
ratio() { echo "scale=2; $(cat "$out/$1.wall") / $(cat "$out/$2.wall")" | bc; }
echo "ferridriver on / off:     $(ratio ferridriver-on ferridriver-off)x"
echo "playwright-bdd on / off:  $(ratio playwright-bdd-on playwright-bdd-off)x"
echo "playwright-bdd on / ferridriver on: $(ratio playwright-bdd-on ferridriver-on)x"
echo "traces: ferridriver $(count "$out/ferridriver-traces") zips, $(size "$out/ferridriver-traces") KB;" \
  "playwright-bdd $(count "$out/pw-traces") zips, $(size "$out/pw-traces") KB"
