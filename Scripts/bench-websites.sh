#!/usr/bin/env bash
# Times `planner showtimes` reading ten cinemas' own pages (each answering after 200 ms) beside one site alone and
# the sequential sum (Scripts/bench_websites.py). Builds the release planner first (the Quick start's build).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/release-build.sh
. Scripts/release-build.sh
build=("${release_build[@]}")
"${build[@]}" --product planner >&2
PLANNER_BIN="$("${build[@]}" --show-bin-path)/planner" python3 Scripts/bench_websites.py
