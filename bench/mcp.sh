#!/usr/bin/env bash
# MCP servers side by side over stdio, same Chromium, same local page: ferridriver mcp (release)
# and Microsoft's playwright-mcp. Per server: tools/list size, a trivial call's p50/p99 on a
# warm session, the login task in one call and as separate actions; for ferridriver also
# 8 sessions × CALLS calls with the server's RSS before and after.
# Usage: bench/mcp.sh [CALLS]
set -euo pipefail
cd "$(dirname "$0")"
calls="${1:-1000}"
source ./serve-site.sh

(cd .. && cargo build --release --quiet --bin ferridriver)
if [ ! -d mcp/node_modules ]; then
  (cd mcp && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent)
fi
echo "$(nproc) cores; $(chromium --version 2>/dev/null | head -1); playwright-mcp $(node -p 'require("./mcp/node_modules/@playwright/mcp/package.json").version')"
FERRIDRIVER_BIN="$PWD/../target/release/ferridriver" node mcp/bench.mjs ferridriver "$base" "$calls"
node mcp/bench.mjs playwright-mcp "$base" "$calls"
