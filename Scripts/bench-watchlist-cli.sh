#!/usr/bin/env bash
# Times `planner watchlist list`, `planner watchlist add` and `planner stats` end to end (process start,
# opening the database, the query, the output) on a store of 10,000 films, with the release build.
# Usage: Scripts/bench-watchlist-cli.sh [runs]   (default 10 runs of each)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
swift build -c release --product planner >/dev/null
planner=$PWD/.build/release/planner
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PLANNER_DB="$work/bench.sqlite" PLANNER_CONFIG="$work/config.json"
python3 - "$work/store.json" <<'PY'
import json, sys, random
random.seed(20261122)
films, watchlist = [], []
for i in range(1, 10_001):
    year = 1950 + i % 77
    diary = {"rating": random.choice([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5])} if i % 3 == 0 else {}
    films.append({"diary": diary, "film": {"id": i, "needsDetails": False, "originalTitle": f"Film {i}",
                  "overview": "A film.", "posterPath": None, "releaseDate": f"{year}-0{1 + i % 9}-1{i % 10}",
                  "title": f"Film {i}", "year": year}, "releases": [{"date": f"{year}-0{1 + i % 9}-1{i % 10}", "region": "FI"}]})
    watchlist.append({"addedAt": "2026-11-22T00:00:00Z", "filmID": i, "priority": 0})
json.dump({"favorites": [], "films": films, "formatVersion": 1, "watchlist": watchlist}, open(sys.argv[1], "w"))
PY
start=$(date +%s.%N); "$planner" watchlist import "$work/store.json" >/dev/null; end=$(date +%s.%N)
echo "import of 10,000 films (one transaction): $(python3 -c "print(f'{($end - $start) * 1000:.0f}')") ms"
time_it() {
    local label=$1; shift
    local samples=()
    for i in $(seq "$runs"); do
        local s e
        s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N)
        samples+=("$(python3 -c "print(($e - $s) * 1000)")")
    done
    python3 -c "import statistics,sys; v=sorted(map(float, sys.argv[2:])); print(f'{sys.argv[1]}: median {statistics.median(v):.1f} ms (min {v[0]:.1f}, max {v[-1]:.1f}) over {len(v)} runs')" "$label" "${samples[@]}"
}
time_it "planner watchlist list (10,000 films, table)" "$planner" watchlist list
time_it "planner watchlist list --sort rating --format json" "$planner" watchlist list --sort rating --format json
n=20000
add() { n=$((n + 1)); "$planner" watchlist add "$n" --title "Added $n"; }
time_it "planner watchlist add ID --title (one transaction)" add
time_it "planner stats" "$planner" stats
time_it "planner --version (process start, for reference)" "$planner" --version
