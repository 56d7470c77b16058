#!/usr/bin/env bash
# Browser suite, side by side in one run: 50 scenarios (20 logins, 5 guarded pages that send a
# guest to the login page while they load, 25 todo lists) on a local
# site, 2 workers, Debian's Chromium for both ferridriver and playwright-bdd + @playwright/test;
# the CPU seconds the machine spent on each; Chromium's own cost per fresh context with no
# framework at all; then context+page creation cost and median action latency of each layer.
# Usage: bench/browser.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")"
rounds="${1:-3}"
source ./serve-site.sh

cargo build --release --quiet -p bench-browser-actions
(cd .. && cargo build --release --quiet --bin ferridriver)
if [ ! -d browser/playwright/node_modules ]; then
  (cd browser/playwright && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent)
fi
(cd browser/playwright && npx bddgen >/dev/null)

fd=../target/release/ferridriver
best() { sort -n | head -1; }
run() {
  local name=$1; shift
  local results=()
  for _ in $(seq 1 "$rounds"); do results+=("$(./measure.py --cpu -- "$@")"); done
  printf '%s\n' "${results[@]}" | sort -n | head -1 | { read -r wall rss code cpu; printf '%-34s %8.2f s %8s MB %6s CPU-s   exit %s\n' "$name" "$wall" "$rss" "$cpu" "$code"; echo "$wall" > "out/$name.wall"; }
}
mkdir -p out
echo "50 scenarios, 2 workers, best of $rounds; $(nproc) cores; $(chromium --version 2>/dev/null | head -1)"
run ferridriver "$fd" bdd browser/features --parallel 2 --world-parameters "{\"baseUrl\":\"$base\"}" --format summary
run ferridriver-reset "$fd" bdd browser/features --parallel 2 --isolation reset --world-parameters "{\"baseUrl\":\"$base\"}" --format summary
run playwright-bdd bash -c "cd browser/playwright && BASE_URL='$base' npx playwright test"
echo "playwright-bdd / ferridriver (--isolation context): $(echo "scale=2; $(cat out/playwright-bdd.wall) / $(cat out/ferridriver.wall)" | bc)x"
echo "playwright-bdd / ferridriver (--isolation reset):   $(echo "scale=2; $(cat out/playwright-bdd.wall) / $(cat out/ferridriver-reset.wall)" | bc)x"
echo
echo "The same 50 scenarios over raw CDP, no framework (the floor), timed as whole processes like"
echo "the runs above (start to exit, best of $rounds), and each mode against it:"
for mode in context reset; do
  run "floor-$mode" node --experimental-websocket browser/floor/suite.mjs "$base" browser/features "$mode"
done
for mode in context reset; do
  floor=$(cat "out/floor-$mode.wall")
  ours=$([ "$mode" = context ] && cat out/ferridriver.wall || cat out/ferridriver-reset.wall)
  printf '  %-8s floor %6.2f s   ferridriver %6.2f s   ratio %sx\n' "$mode" "$floor" "$ours" "$(echo "scale=2; $ours / $floor" | bc)"
done
echo
echo "Chromium alone (raw CDP, no framework), per fresh context + page + navigation + disposal:"
node --experimental-websocket browser/floor/context-cycle.mjs "$base/login.html" 20 2>/dev/null | sed 's/^/  /'
echo
echo "browser layer, medians in ms (ferridriver | Playwright):"
paste <(target/release/bench-browser-actions "$base" 100) <(cd browser/playwright && node actions.mjs "$base" 100) \
  | awk '{ printf "  %-18s %10s | %s\n", $1, $2, $4 }'
