#!/usr/bin/env bash
# Start-up and data loading, whole process: planner's commands beside the peer, sqlite3 answering one R*Tree query in
# a fresh process, in one run (hyperfine, median of RUNS after WARMUP), and each command's peak RSS (/usr/bin/time -v,
# the largest of 5 runs). Prints a Markdown table (also written to bench-out/startup/table.md) for BENCHMARKS.md.
#
# Usage: Scripts/bench-startup.sh
# Knobs: PLANNER_BIN=path   time this binary instead of building the Quick start's release binary
#        COMPARE_BIN=path   also time this one in the same run (its rows are labelled with its file name, or
#                           with COMPARE_LABEL)
#        RUNS (default 30), WARMUP (default 5)
# The nearby rows include one Overpass and two Nominatim requests that fail at once without a network (the README's
# example run); with a network they would time the services instead. The --offline row asks neither.
# Needs hyperfine, sqlite3 and GNU time (Debian: apt-get install -y hyperfine sqlite3 time).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-30}
warmup=${WARMUP:-5}
for tool in hyperfine sqlite3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench-startup: $tool is missing (apt-get install -y hyperfine sqlite3 time)" >&2; exit 1; }
done

if [[ -z ${PLANNER_BIN:-} ]]; then
    # The Quick start's build (Scripts/quickstart.sh): release, Swift runtime linked in.
    swift build -c release --static-swift-stdlib --scratch-path .build-install --product planner >&2
    PLANNER_BIN="$(swift build -c release --static-swift-stdlib --scratch-path .build-install --show-bin-path)/planner"
fi
planner=$(cd "$(dirname "$PLANNER_BIN")" && pwd)/$(basename "$PLANNER_BIN")

out=bench-out/startup
rm -rf "$out"
mkdir -p "$out/home"
# planner's own files (database, settings) in a folder of their own, made by the warm-up runs.
export HOME="$PWD/$out/home" XDG_DATA_HOME="$PWD/$out/home/data" XDG_CONFIG_HOME="$PWD/$out/home/config"
unset PLANNER_DB PLANNER_CONFIG PLANNER_DATA_DIR

# The peer's database: the gazetteer's 34,006 places in an R*Tree, the query a box around Helsinki.
python3 - "$out/places.sqlite" <<'EOF'
import csv, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("create virtual table places using rtree(id, minLat, maxLat, minLon, maxLon)")
with open("Data/places.csv", encoding="utf-8", newline="") as f:
    db.executemany("insert into places values (?, ?, ?, ?, ?)",
                   ((int(r["geonameid"]), float(r["lat"]), float(r["lat"]), float(r["lon"]), float(r["lon"]))
                    for r in csv.DictReader(f)))
db.commit()
EOF
peer_sql="select id from places where minLat >= 59.7 and maxLat <= 60.7 and minLon >= 24.4 and maxLon <= 25.5"

labels=("sqlite3 db 'select id from places (R*Tree) where …' (the peer)"
    "the peer, each run after a 1.1 s pause (as the nearby runs below)")
commands=("sqlite3 $out/places.sqlite '$peer_sql'" "sqlite3 $out/places.sqlite '$peer_sql'")
# Nominatim's usage policy allows one request a second, and planner keeps to it across processes: with a network, a
# nearby run within 1.05 s of the last one waits for its slot (without one, requests that reach no server take no
# slot). Each nearby run is timed after a 1.1 s pause (not timed), as a person running it once would see it, and so
# that the resolver is not asked dozens of times a second (this machine's then drops one query now and then: a 5 s
# wait). A process started after a pause runs slower than one started at once (caches and the CPU's clock have
# cooled: about 15 % for both planner and the peer here), so the peer is timed both ways, and each row is set
# beside the peer timed as it was.
prepares=(true "sleep 1.1")
add_planner() {  # add_planner BINARY SUFFIX
    labels+=("planner --version$2" "planner nearby --near 60.1699,24.9384$2"
        "planner nearby --near Helsinki --radius 0.5 --keyword \"movie theatre\"$2"
        "planner nearby --offline --near Helsinki --radius 0.5 --keyword \"movie theatre\"$2")
    commands+=("$1 --version" "$1 nearby --near 60.1699,24.9384"
        "$1 nearby --near Helsinki --radius 0.5 --keyword 'movie theatre'"
        "$1 nearby --offline --near Helsinki --radius 0.5 --keyword 'movie theatre'")
    prepares+=(true "sleep 1.1" "sleep 1.1" true)
}
add_planner "$planner" ""
# COMPARE_BIN=path adds another build's rows to the same run (e.g. the binary before a change).
if [[ -n ${COMPARE_BIN:-} ]]; then
    compare="$(cd "$(dirname "$COMPARE_BIN")" && pwd)/$(basename "$COMPARE_BIN")"
    add_planner "$compare" " (${COMPARE_LABEL:-$(basename "$COMPARE_BIN")})"
fi

# The README's example must still answer as it does there (the tests hold the exact table).
"$planner" nearby --near Helsinki --radius 0.5 --keyword "movie theatre" >"$out/helsinki.txt" 2>&1 || true
grep -q "Kinopalatsi" "$out/helsinki.txt" || { echo "bench-startup: the Helsinki table is wrong:" >&2; cat "$out/helsinki.txt" >&2; exit 1; }

prepare_options=()
for p in "${prepares[@]}"; do prepare_options+=(--prepare "$p"); done
hyperfine --shell=none --warmup "$warmup" --runs "$runs" "${prepare_options[@]}" --export-json "$out/hyperfine.json" \
    --style basic "${commands[@]}" >&2

for i in "${!commands[@]}"; do
    peak=0
    for _ in 1 2 3 4 5; do
        ${prepares[$i]}
        kb=$(eval "/usr/bin/time -v ${commands[$i]}" 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ {print $2}')
        ((kb > peak)) && peak=$kb
    done
    echo "$peak" >"$out/rss.$i"
done

paused=$(for p in "${prepares[@]}"; do [[ $p == true ]] && printf 0 || printf 1; done)
python3 - "$out" "$paused" "${labels[@]}" <<'EOF' | tee "$out/table.md"
import json, os, platform, statistics, subprocess, sys
out, paused, labels = sys.argv[1], sys.argv[2], sys.argv[3:]
results = json.load(open(os.path.join(out, "hyperfine.json")))["results"]
model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
print(f"Machine: {os.cpu_count()} cores, {model}, load average {os.getloadavg()[0]:.2f} at the end; "
      f"{len(results[0]['times'])} runs each after warm-up.\n")
print("| command | median wall | min | × the peer (timed alike) | peak RSS |")
print("|---|---:|---:|---:|---:|")
peers = [statistics.median(results[0]["times"]), statistics.median(results[1]["times"])]
for i, (label, r) in enumerate(zip(labels, results)):
    median = statistics.median(r["times"])
    peer = peers[int(paused[i])]
    rss = int(open(os.path.join(out, f"rss.{i}")).read()) / 1024
    print(f"| `{label}` | {median * 1000:.1f} ms | {min(r['times']) * 1000:.1f} ms | {median / peer:.1f}× | {rss:.1f} MB |")
EOF
