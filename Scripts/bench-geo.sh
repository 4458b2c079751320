#!/usr/bin/env bash
# Benchmarks Geo's PointIndex against its peers on the same 1,000,000 points and query centers:
#   (a) PointIndex, (b) the brute-force scan, (c) SQLite's R*Tree through GRDB, (d) scipy's cKDTree.
# Usage: Scripts/bench-geo.sh            (from the package root; results in bench-out/, table on stdout)
# Environment: POINTS (1000000), QUERIES (10000), BRUTE_QUERIES (50), BRUTE_NEAREST_QUERIES (10), SEED.
set -euo pipefail
cd "$(dirname "$0")/.."

POINTS=${POINTS:-1000000}
QUERIES=${QUERIES:-10000}
BRUTE_QUERIES=${BRUTE_QUERIES:-50}
BRUTE_NEAREST_QUERIES=${BRUTE_NEAREST_QUERIES:-10}
SEED=${SEED:-20261122}
OUT=bench-out

if ! python3 -c 'import scipy, numpy' 2>/dev/null; then
    echo "installing scipy and numpy" >&2
    pip install scipy numpy
fi

swift build -c release --product planner-bench
BENCH=.build/release/planner-bench

"$BENCH" generate --dir "$OUT" --points "$POINTS" --queries "$QUERIES" --seed "$SEED"
rm -f "$OUT/scipy-results.bin" "$OUT/scipy-timings.json"
# OpenBLAS tuning variables set on these machines break or slow numpy; unset them for the scipy run only.
env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python3 Scripts/bench_geo_peer.py "$OUT"
"$BENCH" run --dir "$OUT" --brute-queries "$BRUTE_QUERIES" --brute-nearest-queries "$BRUTE_NEAREST_QUERIES"

echo
echo "Machine: $(nproc) cores; $(lscpu | grep 'Model name' | sed 's/  */ /g');" \
    "$(free -h | awk '/^Mem:/ {print $2}') RAM; $(swift --version 2>&1 | head -1); $(date -u '+%Y-%m-%d %H:%M UTC')"

# Whole-process time of the CLI on the bundled data: with a place name (the gazetteer is read) and with a
# coordinate (it is not). Each includes process start, reading the catalog, the road graph and routing.
swift build -c release --product planner >&2
python3 - <<'PY'
import statistics, subprocess
import time
for near in ["Helsinki", "60.1699,24.9384"]:
    times = []
    for _ in range(20):
        start = time.perf_counter()
        subprocess.run([".build/release/planner", "nearby", "--near", near, "--radius", "0.5",
                        "--keyword", "movie theatre"], check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    print(f"Whole-process `planner nearby --near {near} --radius 0.5 --keyword \"movie theatre\"`: "
          f"median {statistics.median(times):.1f} ms (min {min(times):.1f}) over 20 runs")
PY
