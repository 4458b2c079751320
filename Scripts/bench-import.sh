#!/usr/bin/env bash
# Region-scale import: `planner areas import` beside OSRM's `osrm-extract` (car.lua) on the same synthetic extracts,
# in one run, each under /usr/bin/time -v (wall time and peak RSS).
#
# The extracts come from Scripts/synthetic_extract.py (a seeded street grid with buildings and cinemas, written as
# OPL and converted to PBF by Debian's osmium-tool) and are kept in bench-out/import/ for later runs. OSRM is the
# PyPI wheel osrm-bindings==26.10.0 (Scripts/osrm-wheel.sh). The planner is the release build of this checkout.
#
# Usage: Scripts/bench-import.sh [NODES…]      (default: 1000000 5000000; seed $SEED, default 42)
# Knob: PLANNER_BIN=path times this binary (e.g. the Quick start's, .build-install/release/planner) instead of
#       building one in .build.
# Needs osmium (apt-get install osmium-tool), pip and PyPI access. Takes ~10–15 min on 2 cores at 5 M nodes.
# Prints a markdown table.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out="$root/bench-out/import"
seed=${SEED:-42}
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(1000000 5000000)
command -v osmium >/dev/null || { echo "needs osmium (apt-get install -y osmium-tool)" >&2; exit 2; }
mkdir -p "$out"
work=$(mktemp -d "$out/run.XXXXXX")
trap 'rm -rf "$work"' EXIT

. "$here/osrm-wheel.sh"
osrm=$(fetch_osrm_wheel "$out/wheel")

if [[ -n ${PLANNER_BIN:-} ]]; then
    planner=$(cd "$(dirname "$PLANNER_BIN")" && pwd)/$(basename "$PLANNER_BIN")
else
    echo "== building planner (release)" >&2
    (cd "$root" && swift build -c release --product planner >&2)
    planner="$root/.build/release/planner"
fi

# wall seconds and peak RSS in MB from a /usr/bin/time -v log
wall() { awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.1f", s }' "$1"; }
rss() { awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$1"; }

rows=()
for nodes in "${sizes[@]}"; do
    pbf="$out/synthetic-$nodes-s$seed.osm.pbf"
    if [[ ! -f "$pbf" ]]; then
        echo "== generating $pbf" >&2
        python3 "$here/synthetic_extract.py" "$nodes" "$seed" "$work/extract.opl"
        osmium cat "$work/extract.opl" -o "$pbf" -O -f pbf
        rm "$work/extract.opl"
    fi
    counts="$(osmium fileinfo -e -g data.count.nodes "$pbf")/$(osmium fileinfo -e -g data.count.ways "$pbf")"
    megabytes=$(awk -v b="$(stat -c %s "$pbf")" 'BEGIN { printf "%.1f", b / 1048576 }')

    echo "== $nodes: planner areas import" >&2
    /usr/bin/time -v "$planner" areas import "$pbf" --name "synthetic-$nodes" --into "$work/areas" \
        >"$work/planner.log" 2>"$work/planner.time" || { cat "$work/planner.log" "$work/planner.time" >&2; exit 1; }
    cat "$work/planner.log" >&2
    drive=$(awk '/graph nodes/ { for (i = 1; i <= NF; i++) if ($i == "drive") print $(i + 1) }' "$work/planner.log" | tr -d ,)
    driveEdges=$(awk '/graph edges/ { for (i = 1; i <= NF; i++) if ($i == "drive") print $(i + 1) }' "$work/planner.log" | tr -d ,)
    walkEdges=$(awk '/graph edges/ { for (i = 1; i <= NF; i++) if ($i == "walk") print $(i + 1) }' "$work/planner.log" | tr -d ,)
    areaMB=$(awk -v b="$(stat -c %s "$work/areas/synthetic-$nodes".* | head -1)" 'BEGIN { printf "%.0f", b / 1048576 }')

    echo "== $nodes: osrm-extract (car.lua)" >&2
    mkdir -p "$work/osrm"
    cp "$pbf" "$work/osrm/extract.osm.pbf"
    /usr/bin/time -v "$osrm/bin/osrm-extract" -p "$osrm/share/profiles/car.lua" "$work/osrm/extract.osm.pbf" \
        >"$work/osrm.log" 2>"$work/osrm.time" || { tail "$work/osrm.log" "$work/osrm.time" >&2; exit 1; }
    rm -rf "$work/osrm" "$work/areas"

    rows+=("| $nodes | $counts | $megabytes MB | $(wall "$work/planner.time") s | $(rss "$work/planner.time") MB | $(wall "$work/osrm.time") s | $(rss "$work/osrm.time") MB | $drive / $driveEdges / $walkEdges | $areaMB MB |")
done

echo
echo "$(nproc) cores, $(awk '/MemTotal/ { printf "%.1f GB", $2 / 1048576 }' /proc/meminfo) RAM, $(uname -sr); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| target nodes | nodes/ways in file | PBF | planner wall | planner peak RSS | osrm-extract wall | osrm-extract peak RSS | drive nodes / drive edges / walk edges | area file |"
echo "|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
