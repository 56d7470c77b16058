#!/usr/bin/env bash
# Watch mode: the time from saving a feature file to the re-run's first finished step, with
# the browsers warm (`ferridriver bdd --watch`, release build, the browser suite's 50 scenarios
# on a local site, 2 workers). Beside it, what the same edit costs without a watcher: running
# the one changed scenario from a cold start, with ferridriver and with playwright-bdd
# (bddgen + playwright test), which has no watch mode for feature files.
# Usage: bench/watch.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")"
rounds="${1:-10}"
source ./serve-site.sh

(cd .. && cargo build --release --quiet --bin ferridriver)
if [ ! -d browser/playwright/node_modules ]; then
  (cd browser/playwright && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent)
fi
fd="$PWD/../target/release/ferridriver"
suite="$PWD/out/watch"
rm -rf "$suite" && mkdir -p "$suite" && cp -r browser/features "$suite/"
params="{\"baseUrl\":\"$base\"}"
echo "$(nproc) cores; $(chromium --version 2>/dev/null | head -1); $rounds saves of one example row"

echo "ferridriver bdd --watch (warm):"
./watch/latency.py "$fd" "$suite" features/login.feature user3 "$rounds" -- --parallel 2 --world-parameters "$params" | sed 's/^/  /'

echo "the same scenario from a cold start, best of 3 (wall, until the run ends):"
cold() {
  local name=$1; shift
  local best=""
  for _ in 1 2 3; do
    wall=$(./measure.py -- "$@" | cut -d' ' -f1)
    if [ -z "$best" ] || [ "$(echo "$wall < $best" | bc)" = 1 ]; then best=$wall; fi
  done
  printf '  %-16s %6.0f ms\n' "$name" "$(echo "$best * 1000" | bc)"
}
cold ferridriver "$fd" bdd "$suite/features/login.feature" --name 'as user3$' --world-parameters "$params" --format summary
cold playwright-bdd bash -c "cd browser/playwright && npx bddgen >/dev/null && BASE_URL='$base' npx playwright test -g 'user3\$' --workers 1"
