#!/usr/bin/env bash
# Times a cold `planner sync` of 20 pages (10 of now playing, 10 of upcoming) against a loopback TMDb stand-in
# that adds 50 ms of latency to every request. Usage: Scripts/bench-sync.sh [runs]   (default 5 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
swift build -c release --product planner >/dev/null
planner=.build/release/planner
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 Scripts/fake_tmdb.py --port "$port" --latency-ms 50 --pages 10 >/dev/null &
server=$!
trap 'kill $server 2>/dev/null' EXIT
sleep 1
work=$(mktemp -d)
times=()
for run in $(seq "$runs"); do
    rm -f "$work"/db*
    start=$(date +%s.%N)
    TMDB_BASE_URL="http://127.0.0.1:$port/3" TMDB_READ_ACCESS_TOKEN=bench PLANNER_DB="$work/db.sqlite" \
        PLANNER_CONFIG="$work/config.json" "$planner" sync --region FI >/dev/null
    end=$(date +%s.%N)
    times+=("$(python3 -c "print(f'{$end - $start:.3f}')")")
done
python3 - "${times[@]}" <<'PY'
import statistics, sys
times = sorted(float(t) for t in sys.argv[1:])
median = statistics.median(times)
print(f"cold sync of 20 pages at 50 ms latency: median {median * 1000:.0f} ms over {len(times)} runs "
      f"(min {times[0] * 1000:.0f}, max {times[-1] * 1000:.0f}); {20 / median:.1f} requests/s; "
      f"20 requests one after another would take at least 1000 ms")
PY
