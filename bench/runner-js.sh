#!/usr/bin/env bash
# JS step throughput, side by side: 10,000 scenarios x 3 no-op JavaScript steps with Cucumber
# expressions, 2 workers, summary on the console: ferridriver (QuickJS per worker) against
# cucumber-js 12 on Node. Then the time to the first step with 50 step files (cold, and warm
# from the on-disk bundle cache), and the memory one more worker VM costs.
# Usage: bench/runner-js.sh [SCENARIOS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")"
scenarios="${1:-10000}"
rounds="${2:-3}"
out="$PWD/out/runner-js"
rm -rf "$out" && mkdir -p "$out/features"
per_file=100
for f in $(seq 1 $(( (scenarios + per_file - 1) / per_file ))); do
  {
    echo "Feature: generated $f"
    for s in $(seq 1 "$per_file"); do
      printf '\n  Scenario: scenario %s-%s\n    Given a JS basket with %s items\n    When I add "item %s" in JS\n    Then the JS basket has %s items\n' "$f" "$s" "$s" "$s" "$((s + 1))"
    done
  } > "$out/features/f$(printf %04d "$f").feature"
done
cargo build --release --quiet -p bench-runner-ferridriver
[ -d cucumber-js/node_modules ] || (cd cucumber-js && npm install --no-audit --no-fund --silent)
fd="$PWD/target/release/bench-runner-ferridriver"
cjs="$PWD/cucumber-js/node_modules/.bin/cucumber-js"

run() {
  local name=$1; shift
  local results=()
  for _ in $(seq 1 "$rounds"); do results+=("$(./measure.py -- "$@")"); done
  printf '%s\n' "${results[@]}" | sort -n | head -1 | { read -r wall rss code; printf '%-34s %8.2f s %8s MB   exit %s\n' "$name" "$wall" "$rss" "$code"; echo "$wall $rss" > "$out/$name.result"; }
}
echo "$scenarios scenarios x 3 JS steps, 2 workers, best of $rounds; $(nproc) cores; node $(node --version)"
run ferridriver-js bash -c "cd js-steps && '$fd' bdd '$out/features' --parallel 2 --format summary"
run cucumber-js bash -c "cd cucumber-js && '$cjs' '$out/features' --require js-bench-steps.js --parallel 2 --format summary"
echo "cucumber-js / ferridriver: $(echo "scale=2; $(cut -d' ' -f1 "$out/cucumber-js.result") / $(cut -d' ' -f1 "$out/ferridriver-js.result")" | bc)x"

# One more worker: the extra memory is one QuickJS VM with the bundle loaded (plus a runtime).
one=$(cd js-steps && ../measure.py -- "$fd" bdd "$out/features/f0001.feature" --parallel 1 --format summary | cut -d' ' -f2)
two=$(cd js-steps && ../measure.py -- "$fd" bdd "$out/features/f0001.feature" --parallel 2 --format summary | cut -d' ' -f2)
echo "peak RSS with 1 worker: ${one} MB, with 2 workers: ${two} MB"

# Time to the first step with 50 step files (each with its own steps).
many="$out/many" && mkdir -p "$many/steps" "$many/features"
for i in $(seq 1 50); do
  printf "import { Given } from '@cucumber/cucumber'\nGiven('step number %s', function () {})\n" "$i" > "$many/steps/s$i.ts"
done
printf 'Feature: one\n  Scenario: s\n    Given step number 50\n' > "$many/features/one.feature"
# Cold: no .ferridriver/cache yet, so rolldown bundles. Warm: the second start reads the bundle
# from <root>/.ferridriver/cache/ and only compiles it to bytecode (bytecode is never persisted).
rm -rf "$many/.ferridriver"
cold=$(cd "$many" && ../../../measure.py -- "$fd" bdd features --format summary | cut -d' ' -f1)
warm=$(cd "$many" && ../../../measure.py -- "$fd" bdd features --format summary | cut -d' ' -f1)
echo "50 TypeScript step files, cold start (bundle + compile + one step): ${cold} s"
echo "50 TypeScript step files, warm start (disk cache + compile + one step): ${warm} s"
