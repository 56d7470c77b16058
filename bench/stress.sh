#!/usr/bin/env bash
# Flakiness under load, not speed: ROUNDS rounds, each with two busy loops eating the CPU while
# (a) ferridriver runs the 24 navigation scenarios of stress/features (fragments, pages that
# redirect themselves while loading, 302 chains, a POST answered by a 303, slow images holding
# `load`, a self-redirecting iframe, history; against stress/server.py) on 2 workers, (b)
# ferridriver runs the project's example features, and (c) @playwright/test runs the same
# 24 checks (stress/playwright/navigation.spec.ts) on 2 workers, with no retries anywhere.
# Prints the failures of each run per round, then the totals and every check that failed with
# its first error line. Exits 0 once the rounds ran (1 when the binary is missing); says so when
# ferridriver failed more often than Playwright.
# Usage: bench/stress.sh [ROUNDS]   (default 10)
# FERRIDRIVER=path/to/ferridriver uses that binary instead of building the release one;
# BUSY=N starts N busy loops instead of 2.
set -uo pipefail
cd "$(dirname "$0")"
bench=$PWD
rounds="${1:-10}"
busy_loops="${BUSY:-2}"

if [ -z "${FERRIDRIVER:-}" ]; then
  (cd .. && cargo build --release --quiet --bin ferridriver) || exit 0
  FERRIDRIVER=../target/release/ferridriver
fi
fd=$(realpath "$FERRIDRIVER")
# A wrong path would otherwise count as "0 failed of 0 runs" and read as a pass.
[ -x "$fd" ] || { echo "no ferridriver binary at $FERRIDRIVER (a path relative to bench/, or absolute)"; exit 1; }
if [ ! -d stress/playwright/node_modules ]; then
  (cd stress/playwright && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent)
fi

out="$bench/out/stress"
rm -rf "$out"
mkdir -p "$out"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
python3 stress/server.py "$port" >"$out/server.log" 2>&1 &
server=$!
busy=()
stop_busy() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${busy[@]}"; do wait "$pid" 2>/dev/null; done
  busy=()
}
trap 'stop_busy; kill $server 2>/dev/null' EXIT
trap 'exit 130' INT TERM
for _ in $(seq 50); do curl -sf -o /dev/null "$base/index.html" && break; sleep 0.1; done

# How many scenarios and tests each run has, so a run that leaves no report counts them all.
(cd stress && "$fd" bdd --dry-run --format "message:$out/dry-stress.ndjson" >/dev/null 2>&1)
(cd .. && "$fd" bdd --dry-run --format "message:$out/dry-examples.ndjson" >/dev/null 2>&1)
expected_stress=$(grep -c '^{"pickle"' "$out/dry-stress.ndjson")
expected_examples=$(grep -c '^{"pickle"' "$out/dry-examples.ndjson")
expected_playwright=$(cd stress/playwright && npx playwright test --list 2>/dev/null | sed -n 's/^Total: \([0-9]*\) test.*/\1/p')

# Runs one suite under `timeout`, counts its report, prints `F/T (S s)` and appends the
# failures to $out/failures-SUITE.txt as `ROUND<TAB>NAME<TAB>ERROR`.
measure() {
  local suite=$1 round=$2 kind=$3 report=$4 expected=$5; shift 5
  local started=$SECONDS counted failed total
  timeout -k 10 600 "$@" >"$out/round$round-$suite.log" 2>&1
  counted=$(python3 stress/count.py "$kind" "$report" "$expected")
  read -r failed total <<<"$(head -1 <<<"$counted")"
  tail -n +2 <<<"$counted" | sed "s/^/$round\t/" >>"$out/failures-$suite.txt"
  printf '%-32s' "$suite $failed/$total failed ($((SECONDS - started)) s)"
}

echo "$rounds rounds, $busy_loops busy loops each; $(nproc) cores; $(chromium --version 2>/dev/null | head -1); $fd"
for round in $(seq 1 "$rounds"); do
  for _ in $(seq 1 "$busy_loops"); do
    sh -c 'while :; do :; done' &
    busy+=($!)
  done
  line="round $round/$rounds: "
  line+=$(measure stress "$round" ferridriver "$out/round$round-stress.ndjson" "$expected_stress" \
    bash -c "cd stress && exec '$fd' bdd features --parallel 2 --world-parameters '{\"baseUrl\":\"$base\"}' --format summary --format 'message:$out/round$round-stress.ndjson'")
  line+=$(measure examples "$round" ferridriver "$out/round$round-examples.ndjson" "$expected_examples" \
    bash -c "cd .. && exec '$fd' bdd --parallel 2 --format summary --format 'message:$out/round$round-examples.ndjson'")
  line+=$(measure playwright "$round" playwright "$out/round$round-playwright.json" "$expected_playwright" \
    bash -c "cd stress/playwright && BASE_URL='$base' PLAYWRIGHT_JSON_OUTPUT_FILE='$out/round$round-playwright.json' exec npx playwright test --reporter=json")
  stop_busy
  echo "$line"
done

# Totals, recounted from each round's report (measure runs in a command substitution).
total() {
  local kind=$1 suite=$2 expected=$3 ext=$4 failed=0 runs=0 f t
  for round in $(seq 1 "$rounds"); do
    read -r f t <<<"$(python3 stress/count.py "$kind" "$out/round$round-$suite.$ext" "$expected" | head -1)"
    failed=$((failed + f)); runs=$((runs + t))
  done
  echo "$failed $runs"
}
read -r stress_failed stress_runs <<<"$(total ferridriver stress "$expected_stress" ndjson)"
read -r examples_failed examples_runs <<<"$(total ferridriver examples "$expected_examples" ndjson)"
read -r playwright_failed playwright_runs <<<"$(total playwright playwright "$expected_playwright" json)"
echo
echo "ferridriver stress: $stress_failed failed of $stress_runs scenario runs"
echo "ferridriver examples: $examples_failed failed of $examples_runs scenario runs"
echo "playwright: $playwright_failed failed of $playwright_runs test runs"
for suite in stress examples playwright; do
  [ -s "$out/failures-$suite.txt" ] || continue
  echo
  echo "failed in $suite (times, name, first error of the first time, rounds):"
  awk -F'\t' '{ key = $2; n[key]++; rounds[key] = rounds[key] (n[key] > 1 ? "," : "") $1; if (!(key in err)) { err[key] = $3; order[++k] = key } }
    END { for (i = 1; i <= k; i++) { key = order[i]; printf "  %dx %s\n       %s\n       rounds %s\n", n[key], key, err[key], rounds[key] } }' \
    "$out/failures-$suite.txt"
done
echo
if [ "$stress_failed" -gt "$playwright_failed" ]; then
  echo "!! ferridriver failed MORE often than Playwright on the same checks: $stress_failed vs $playwright_failed (logs and reports in $out)"
else
  echo "ferridriver failed no more often than Playwright on the same checks: $stress_failed vs $playwright_failed (logs and reports in $out)"
fi
exit 0
