#!/usr/bin/env bash
# Gherkin parse + pickle throughput: ferridriver vs the gherkin crate, side by side, same files.
# Usage: bench/gherkin.sh [SCENARIOS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")"
cargo run --release --quiet -p ferridriver-bench-gherkin -- "${1:-10000}" "${2:-5}"
