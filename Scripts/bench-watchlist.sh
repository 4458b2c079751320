#!/bin/sh
# Times the Watchlist store on 10,000 films: JSON import (one transaction), list with each sort and the
# upcoming/region filter, adding one film (one transaction each, WAL file store), stats, and JSON export.
#
# Usage: Scripts/bench-watchlist.sh [debug|release]     (release by default; its own scratch path)
#
# The figures are printed as lines starting with "bench-watchlist". Copy them into BENCHMARKS.md with the
# machine (CPU, cores, load) and this command. The test asserts nothing about speed; it only checks counts.
# Still to measure from the CLI once it exists: `planner watchlist list` / `add` / `stats` end to end
# (process start, opening the pool and checking migrations, output formatting) on the same 10k store.
#
# Figures from 2026-11-22, release, AMD EPYC 2 vCPUs shared with three other builds (load average ~4):
#   import JSON 10k films (one transaction)   1773 ms
#   list 10k, sort added/release/title/rating  111 / 120 / 116 / 120 ms
#   list upcoming, region FI                   143 ms
#   add one film (its own transaction)         0.60 ms
#   stats                                      2.4 ms
#   export JSON 10k films                      274 ms
set -eu
cd "$(dirname "$0")/.."
configuration="${1:-release}"
WATCHLIST_BENCH=1 swift test -c "$configuration" --scratch-path ".build-$configuration-bench" \
    --filter WatchlistBenchmarks 2>&1 | grep -E "^bench-watchlist|✘|error:" || true
