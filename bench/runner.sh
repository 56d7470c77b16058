#!/usr/bin/env bash
# Runner throughput, side by side in one run: 10,000 scenarios x 3 no-op steps, 2 workers,
# Cucumber Messages written to a file and a summary on the console, for ferridriver,
# cucumber-rs 0.23 (which writes no messages) and cucumber-js 12 on Node.
# Usage: bench/runner.sh [SCENARIOS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")"
scenarios="${1:-10000}"
rounds="${2:-3}"
out="$PWD/out/runner"
rm -rf "$out" && mkdir -p "$out/features"

per_file=100
files=$(( (scenarios + per_file - 1) / per_file ))
for f in $(seq 1 "$files"); do
  {
    echo "Feature: generated $f"
    for s in $(seq 1 "$per_file"); do
      printf '\n  Scenario: scenario %s-%s\n    Given a basket with %s items\n    When I add "item %s"\n    Then the basket has %s items\n' "$f" "$s" "$s" "$s" "$((s + 1))"
    done
  } > "$out/features/f$(printf %04d "$f").feature"
done

cargo build --release --quiet -p bench-runner-ferridriver -p bench-runner-cucumber-rs
[ -d cucumber-js/node_modules ] || (cd cucumber-js && npm install --no-audit --no-fund --silent)

fd=target/release/bench-runner-ferridriver
crs=target/release/bench-runner-cucumber-rs
cjs="$PWD/cucumber-js/node_modules/.bin/cucumber-js"

best() { sort -n | head -1; }
run() { # name, command...
  local name=$1; shift
  local results=()
  for _ in $(seq 1 "$rounds"); do results+=("$(./measure.py -- "$@")"); done
  printf '%s\n' "${results[@]}" | sort -n | head -1 | { read -r wall rss code; printf '%-34s %8.2f s %8s MB   exit %s\n' "$name" "$wall" "$rss" "$code"; echo "$wall" > "$out/$name.wall"; }
}

echo "$scenarios scenarios x 3 steps, 2 workers, best of $rounds; $(nproc) cores"
run ferridriver "$fd" bdd "$out/features" --parallel 2 --format "message:$out/ferridriver.ndjson" --format summary
run cucumber-rs "$crs" "$out/features" 2
run cucumber-js bash -c "cd cucumber-js && '$cjs' '$out/features' --require features/step_definitions/steps.js --parallel 2 --format 'message:$out/cucumber-js.ndjson' --format summary"
fw=$(cat "$out/ferridriver.wall")
echo "cucumber-rs / ferridriver: $(echo "scale=2; $(cat "$out/cucumber-rs.wall") / $fw" | bc)x"
echo "cucumber-js / ferridriver: $(echo "scale=2; $(cat "$out/cucumber-js.wall") / $fw" | bc)x"
