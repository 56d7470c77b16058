#!/usr/bin/env bash
# MCP servers side by side over stdio, same Chromium, same local page: ferridriver mcp (release)
# and Microsoft's playwright-mcp. Per server: tools/list size, a trivial call's p50/p99 on a
# warm session, the login task in one call and as separate actions; for ferridriver also
# 8 sessions × CALLS calls with the server's RSS before and after.
# Usage: bench/mcp.sh [CALLS]
set -euo pipefail
cd "$(dirname "$0")"
calls="${1:-1000}"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
python3 -m http.server "$port" --bind 127.0.0.1 --directory browser/site >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
sleep 0.5

(cd .. && cargo build --release --quiet --bin ferridriver)
if [ ! -d mcp/node_modules ]; then
  (cd mcp && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent)
fi
echo "$(nproc) cores; $(chromium --version 2>/dev/null | head -1); playwright-mcp $(node -p 'require("./mcp/node_modules/@playwright/mcp/package.json").version')"
FERRIDRIVER_BIN="$PWD/../target/release/ferridriver" node mcp/bench.mjs ferridriver "$base" "$calls"
node mcp/bench.mjs playwright-mcp "$base" "$calls"
