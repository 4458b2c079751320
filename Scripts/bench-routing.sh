#!/usr/bin/env bash
# Road-routing speed, side by side with OSRM in one run, on the Columbus extract, car.
#
# Ours: the RoutingBenchmark executable (release) — import time (PBF → drive graph), router prepare time, and per
# pair the latency of one point-to-point route (contraction hierarchy over turns, turns charged) and of the 10 fastest of 100 destinations
# (one-to-many Dijkstra stopping once the 10 are known).
# OSRM 26.10.0: the PyPI wheel osrm-bindings==26.10.0 installed in a Python 3.12 venv (it is cp312-abi3), queried
# in-process through its Python module (`import osrm`), on data prepared by the wheel's osrm-extract with OSRM's
# own car.lua, then osrm-partition + osrm-customize (MLD) and osrm-contract (CH) on the same dataset. Route per
# pair; Table 1×100 (origin to all 100 destinations, keep the 10 smallest durations) for the 10 nearest.
# Same seeded pairs and destinations for both; each query is timed REPEATS times, best kept; medians over pairs.
# Also prints agreement on those pairs (distance ±5 %, duration ±15 %, as Scripts/compare-osrm.sh).
#
# Usage: Scripts/bench-routing.sh [PAIRS] [REPEATS]     (default 200 pairs, best of 3)
# Needs ../shared/data/osm/otp_columbus.osm.pbf, python3.12 (pyenv's 3.12.1 is found too) and PyPI access.
# Takes ~1.5–3 min on 2 cores, most of it osrm-contract. Prints a markdown table.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
pbf="$root/../shared/data/osm/otp_columbus.osm.pbf"
pairs=${1:-200}
repeats=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

[[ -f "$pbf" ]] || { echo "skipped: $pbf is absent" >&2; exit 0; }
python312=$(command -v python3.12 || true)
if [[ -z "$python312" || ! -x "$python312" ]] || ! "$python312" --version >/dev/null 2>&1; then
    python312="${PYENV_ROOT:-$HOME/.pyenv}/versions/3.12.1/bin/python3.12"
fi
"$python312" --version >/dev/null 2>&1 || { echo "needs python3.12 (osrm-bindings is cp312-abi3)" >&2; exit 2; }

echo "== venv + osrm-bindings==26.10.0 ($("$python312" --version))" >&2
"$python312" -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet 'osrm-bindings==26.10.0'
py="$work/venv/bin/python"
osrm=$("$py" -c 'import os, osrm; print(os.path.dirname(osrm.__file__))')

echo "== building RoutingBenchmark (release)" >&2
(cd "$root" && swift build -c release --product RoutingBenchmark >&2)
bench="$root/.build/release/RoutingBenchmark"

timed() {  # name command…: runs the command, appends `name,seconds` to prep.csv
    local name=$1 start end
    shift
    start=$(date +%s%N)
    "$@" >"$work/$name.log" 2>&1 || { cat "$work/$name.log" >&2; exit 1; }
    end=$(date +%s%N)
    echo "$name,$(((end - start) / 1000000))e-3" >>"$work/prep.csv"
}
mkdir -p "$work/osrm"
cp "$pbf" "$work/osrm/columbus.osm.pbf"
dataset="$work/osrm/columbus.osrm"
echo "== OSRM: osrm-extract (car.lua), osrm-partition, osrm-customize, osrm-contract" >&2
timed extract "$osrm/bin/osrm-extract" -p "$osrm/share/profiles/car.lua" "$work/osrm/columbus.osm.pbf"
# Partition before contract: osrm-partition renumbers the graph and removes an existing CH.
timed partition "$osrm/bin/osrm-partition" "$dataset"
timed customize "$osrm/bin/osrm-customize" "$dataset"
timed contract "$osrm/bin/osrm-contract" "$dataset"

echo "== ours: $pairs pairs (seed 7), 100 destinations (seed 11), best of $repeats" >&2
"$bench" pairs "$pbf" drive "$pairs" 7 >"$work/pairs.csv"
"$bench" points "$pbf" drive 100 11 >"$work/destinations.csv"
"$bench" latency "$pbf" drive "$work/pairs.csv" "$work/destinations.csv" "$repeats" >"$work/ours.csv"

echo "== OSRM in-process (CH, then MLD), same pairs" >&2
"$py" "$here/bench_routing_osrm.py" "$dataset" "$work/pairs.csv" "$work/destinations.csv" "$work/ours.csv" \
    "$work/prep.csv" "$repeats"
