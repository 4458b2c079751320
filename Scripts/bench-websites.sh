#!/usr/bin/env bash
# Times `planner showtimes` reading ten cinemas' own pages (each answering after 200 ms) beside one site alone and
# the sequential sum (Scripts/bench_websites.py). Builds the release planner first (the Quick start's build).
set -euo pipefail
cd "$(dirname "$0")/.."
build=(swift build -c release --static-swift-stdlib --scratch-path .build-install)
"${build[@]}" --product planner >&2
PLANNER_BIN="$("${build[@]}" --show-bin-path)/planner" python3 Scripts/bench_websites.py
