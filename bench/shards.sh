#!/usr/bin/env bash
# Shards balanced by duration against shards by count, on a suite with skewed durations: 38
# scenarios whose steps take a known time (6 of 2 s, 5 of 600 ms, 27 of 150 ms; the slow ones in
# one feature file, as a slow area of a suite usually is; the count split deals every N-th
# scenario to a shard, so 6 slow ones over 4 shards put two on some shards and one on others). A first run writes the message file
# the duration split reads; then the suite runs as N shards (one worker each, one after the
# other, as N CI machines would) split by count and by duration, and each shard's wall time is
# measured. Goal (issue 19): with the duration split the slowest shard is within 10 % of the mean.
# Usage: bench/shards.sh [SHARDS]   (default 4)
# FERRIDRIVER=path/to/ferridriver uses that binary instead of building the release one.
set -euo pipefail
cd "$(dirname "$0")"
shards="${1:-4}"
if [ -z "${FERRIDRIVER:-}" ]; then
  (cd .. && cargo build --release --quiet --bin ferridriver)
  FERRIDRIVER=../target/release/ferridriver
fi
fd=$(realpath "$FERRIDRIVER")
work=out/shards
rm -rf "$work"
mkdir -p "$work/steps" "$work/features"
cat >"$work/steps/work.js" <<'JS'
import { Given } from '@cucumber/cucumber'
Given('it takes {int} ms', async function (ms) { await new Promise((r) => setTimeout(r, ms)) })
JS
scenarios() { # file title count ms
  { echo "Feature: $2"; for i in $(seq 1 "$3"); do printf '\n  Scenario: %s %s\n    Given it takes %s ms\n' "$2" "$i" "$4"; done; } >"$work/features/$1"
}
scenarios a_slow.feature "slow area" 6 2000
scenarios b_middle.feature "middle" 5 600
scenarios c_quick.feature "quick" 27 150

now() { python3 -c 'import time; print(time.monotonic())'; }
(cd "$work" && "$fd" bdd features --parallel 1 --format "message:all.ndjson" --format summary:/dev/null >/dev/null)

report() { # mode times...
  python3 - "$@" <<'PY'
import sys
mode, times = sys.argv[1], [float(t) for t in sys.argv[2:]]
mean = sum(times) / len(times)
print(f"{mode:9} shards: " + " ".join(f"{t:5.2f}s" for t in times)
      + f"   mean {mean:5.2f}s  slowest {max(times):5.2f}s  slowest/mean {max(times) / mean:4.2f}")
PY
}

for mode in count duration; do
  times=()
  for i in $(seq 1 "$shards"); do
    args=(bdd features --parallel 1 --shard "$i/$shards" --format "message:shard-$mode-$i.ndjson" --format summary:/dev/null)
    [ "$mode" = duration ] && args+=(--shard-by duration:all.ndjson)
    start=$(now)
    (cd "$work" && "$fd" "${args[@]}" >/dev/null)
    end=$(now)
    times+=("$(python3 -c "print($end - $start)")")
  done
  report "$mode" "${times[@]}"
done
# The duration shards together ran the suite once.
python3 - "$work" "$shards" <<'PY'
import json, sys, pathlib
work, n = pathlib.Path(sys.argv[1]), int(sys.argv[2])
def names(path):
    return [json.loads(l)["pickle"]["name"] for l in path.read_text().splitlines() if '"pickle"' in l]
every = sorted(names(work / "all.ndjson"))
union = sorted(x for i in range(1, n + 1) for x in names(work / f"shard-duration-{i}.ndjson"))
print("duration shards together:", "the suite, each scenario once" if union == every else f"NOT the suite ({len(union)} vs {len(every)})")
PY
