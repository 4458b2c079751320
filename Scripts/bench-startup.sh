#!/usr/bin/env bash
# Start-up and data loading, whole process: planner's commands beside the peer, sqlite3 answering one R*Tree query in
# a fresh process, in one run (hyperfine, median of RUNS after WARMUP), and each command's peak RSS (/usr/bin/time -v,
# the largest of 5 runs). Prints Markdown tables (also written to bench-out/startup/table.md) for BENCHMARKS.md.
#
# Two sections, each one hyperfine run with the peer in it:
#   start-up  `planner --version` and the README's nearby searches (below).
#   cached    the film and showtimes commands with warm caches (#30): `planner now-playing --region FI`,
#             `planner showtimes --near 60.1699,24.9384 --date DAY`, `planner plan … --date DAY --after 18:00`,
#             `planner suggest --near 60.1699,24.9384 --region FI` and `planner watchlist list`, run as the server
#             tests run planner (Scripts/fake-upstreams.sh): TMDb and Finnkino are the tests' fakes on loopback,
#             settings {"region": "FI"}, OpenStreetMap's services on a closed loopback port, films 100 and 101 (now
#             playing on the fake TMDb, shown by the fake Finnkino) on the watchlist; DAY is tomorrow on Helsinki's
#             clock. Each command runs once before the timing (it must succeed and print what it should), which
#             fills the caches; the fakes log each request they answer, and the table says how many came during
#             the timing (none is the point). Goals (#30): now-playing and watchlist list ≤ 5× the peer; plan,
#             suggest and showtimes ≤ 6×.
#
# Usage: Scripts/bench-startup.sh
# Knobs: PLANNER_BIN=path   time this binary instead of building the Quick start's release binary
#        COMPARE_BIN=path   also time this one in the same runs (its rows are labelled with its file name, or
#                           with COMPARE_LABEL; in the cached section it has a database of its own)
#                           The start-up section runs both in one home: a build older than the other's
#                           database migrations fails there (docs/benchmarks-history.md, "#29: before and after,
#                           measured again", compared such builds by hand)
#        RUNS (default 30), WARMUP (default 5), SECTIONS (default "start-up cached": which sections to run)
# The nearby rows include one Overpass and two Nominatim requests that fail at once without a network (the README's
# example run); with a network they would time the services instead. The --offline row asks neither.
# Needs hyperfine, sqlite3 and GNU time (Debian: apt-get install -y hyperfine sqlite3 time); python3 (3.9+) and curl
# for the cached section.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-30}
warmup=${WARMUP:-5}
sections=${SECTIONS:-start-up cached}
die() { echo "bench-startup: $*" >&2; exit 1; }
for tool in hyperfine sqlite3 /usr/bin/time; do
    command -v "$tool" >/dev/null || die "$tool is missing (apt-get install -y hyperfine sqlite3 time)"
done
for section in $sections; do
    [[ $section == start-up || $section == cached ]] || die "SECTIONS: unknown section '$section' (start-up cached)"
done
want() { [[ " $sections " == *" $1 "* ]]; }

# shellcheck source=Scripts/fake-upstreams.sh
. Scripts/fake-upstreams.sh
trap fakes_stop EXIT

if [[ -z ${PLANNER_BIN:-} ]]; then
    # The Quick start's build (Scripts/quickstart.sh): release, Swift runtime linked in.
    # shellcheck source=Scripts/release-build.sh
    . Scripts/release-build.sh
    "${release_build[@]}" --product planner >&2
    PLANNER_BIN="$("${release_build[@]}" --show-bin-path)/planner"
fi
planner=$(cd "$(dirname "$PLANNER_BIN")" && pwd)/$(basename "$PLANNER_BIN")
compare=""
if [[ -n ${COMPARE_BIN:-} ]]; then
    compare="$(cd "$(dirname "$COMPARE_BIN")" && pwd)/$(basename "$COMPARE_BIN")"
    compare_suffix=" (${COMPARE_LABEL:-$(basename "$COMPARE_BIN")})"
fi

out=bench-out/startup
rm -rf "$out"
mkdir -p "$out/home"
: >"$out/table.md"
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
peer_label="sqlite3 db 'select id from places (R*Tree) where …' (the peer)"
peer_command="sqlite3 $out/places.sqlite '$peer_sql'"

# measure NAME: one hyperfine run of commands[@] (prepares[@] before each run, when not `true`), then each command's
# peak RSS, then the table (rows whose paused flag is 1 set beside the second row, the peer timed after a pause; the
# others beside the first; goals[@], where not empty, is the largest multiple of the peer that meets the goal).
measure() {
    local name=$1 i p kb peak paused=""
    local prepare_options=()
    for p in "${prepares[@]}"; do prepare_options+=(--prepare "$p"); done
    hyperfine --shell=none --warmup "$warmup" --runs "$runs" "${prepare_options[@]}" \
        --export-json "$out/hyperfine-$name.json" --style basic "${commands[@]}" >&2
    for i in "${!commands[@]}"; do
        peak=0
        for _ in 1 2 3 4 5; do
            ${prepares[$i]}
            kb=$(eval "/usr/bin/time -v ${commands[$i]}" 2>&1 >/dev/null |
                awk -F': ' '/Maximum resident set size/ {print $2}')
            ((kb > peak)) && peak=$kb
        done
        echo "$peak" >"$out/rss-$name.$i"
    done
    for p in "${prepares[@]}"; do [[ $p == true ]] && paused+=0 || paused+=1; done
    local rows=()
    for i in "${!labels[@]}"; do rows+=("${labels[$i]}"$'\t'"${goals[$i]}"); done
    python3 - "$out" "$name" "$paused" "${rows[@]}" <<'EOF' | tee -a "$out/table.md"
import json, os, statistics, sys
out, name, paused, rows = sys.argv[1], sys.argv[2], sys.argv[3], [r.split("\t") for r in sys.argv[4:]]
results = json.load(open(os.path.join(out, f"hyperfine-{name}.json")))["results"]
model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
print(f"{name}: {os.cpu_count()} cores, {model}, load average {os.getloadavg()[0]:.2f} at the end; "
      f"{len(results[0]['times'])} runs each after warm-up.\n")
with_goals = any(goal for _, goal in rows)
print("| command | median wall | min | × the peer (timed alike) | peak RSS |" + (" goal |" if with_goals else ""))
print("|---|---:|---:|---:|---:|" + ("---|" if with_goals else ""))
peers = [statistics.median(r["times"]) for r in results[:2]]
for i, ((label, goal), r) in enumerate(zip(rows, results)):
    median = statistics.median(r["times"])
    multiple = median / peers[int(paused[i])]
    rss = int(open(os.path.join(out, f"rss-{name}.{i}")).read()) / 1024
    line = f"| `{label}` | {median * 1000:.1f} ms | {min(r['times']) * 1000:.1f} ms | {multiple:.1f}× | {rss:.1f} MB |"
    if with_goals:
        line += f" ≤ {goal}×: {'met' if multiple <= float(goal) else 'not met'} |" if goal else " |"
    print(line)
print()
EOF
}

# --- start-up: --version and the README's searches ---------------------------------------------------------------
if want start-up; then
    labels=("$peer_label" "the peer, each run after a 1.1 s pause (as the nearby runs below)")
    commands=("$peer_command" "$peer_command")
    goals=("" "")
    # Nominatim's usage policy allows one request a second, and planner keeps to it across processes: with a
    # network, a nearby run within 1.05 s of the last one waits for its slot (without one, requests that reach no
    # server take no slot). Each nearby run is timed after a 1.1 s pause (not timed), as a person running it once
    # would see it, and so that the resolver is not asked dozens of times a second (this machine's then drops one
    # query now and then: a 5 s wait). A process started after a pause runs slower than one started at once (caches
    # and the CPU's clock have cooled: about 15 % for both planner and the peer here), so the peer is timed both
    # ways, and each row is set beside the peer timed as it was.
    prepares=(true "sleep 1.1")
    add_planner() {  # add_planner BINARY SUFFIX
        labels+=("planner --version$2" "planner nearby --near 60.1699,24.9384$2"
            "planner nearby --near Helsinki --radius 0.5 --keyword \"movie theatre\"$2"
            "planner nearby --offline --near Helsinki --radius 0.5 --keyword \"movie theatre\"$2")
        commands+=("$1 --version" "$1 nearby --near 60.1699,24.9384"
            "$1 nearby --near Helsinki --radius 0.5 --keyword 'movie theatre'"
            "$1 nearby --offline --near Helsinki --radius 0.5 --keyword 'movie theatre'")
        prepares+=(true "sleep 1.1" "sleep 1.1" true)
        goals+=("" "" "" "")
    }
    add_planner "$planner" ""
    # COMPARE_BIN=path adds another build's rows to the same run (e.g. the binary before a change).
    [[ -z $compare ]] || add_planner "$compare" "$compare_suffix"

    # The README's example must still answer as it does there (the tests hold the exact table).
    "$planner" nearby --near Helsinki --radius 0.5 --keyword "movie theatre" >"$out/helsinki.txt" 2>&1 || true
    grep -q "Kinopalatsi" "$out/helsinki.txt" ||
        { echo "bench-startup: the Helsinki table is wrong:" >&2; cat "$out/helsinki.txt" >&2; exit 1; }

    measure start-up
fi

# --- cached: the film and showtimes commands with warm caches, against the fake TMDb and Finnkino --------------
if want cached; then
    command -v curl >/dev/null || die "curl is missing (apt-get install -y curl)"
    # Tomorrow on the cinemas' clock (Europe/Helsinki), as YYYY-MM-DD: the fake Finnkino serves any day asked, and
    # tomorrow's plan is the same whatever the hour (today's loses its shows as they start).
    day=$(python3 -c 'import datetime, zoneinfo
print(datetime.datetime.now(zoneinfo.ZoneInfo("Europe/Helsinki")).date() + datetime.timedelta(days=1))') ||
        die "python3 could not tell tomorrow's date in Europe/Helsinki (zoneinfo needs the tzdata package)"
    cached="$PWD/$out/cached"
    fakes_start "$cached/fakes"
    fakes_env "$cached"  # from here on, every planner run is pointed at the fakes, as in the tests
    near=60.1699,24.9384
    labels=("$peer_label")
    commands=("$peer_command")
    prepares=(true)
    goals=("")
    add_cached() {  # add_cached BINARY SUFFIX DATABASE: the watchlist made, each command run once (and checked)
        local bin=$1 db=$3 i film
        for film in 100 101; do
            "$bin" watchlist add "$film" --db "$db" >"$cached/add.out" 2>&1 ||
                { cat "$cached/add.out" >&2; die "planner watchlist add $film failed"; }
        done
        local names=("planner now-playing --region FI" "planner showtimes --near $near --date $day"
            "planner plan --near $near --date $day --after 18:00" "planner suggest --near $near --region FI"
            "planner watchlist list")
        local args=("now-playing --region FI" "showtimes --near $near --date $day"
            "plan --near $near --date $day --after 18:00" "suggest --near $near --region FI" "watchlist list")
        local wants=("Northern Lights" "Kinopalatsi" "Leave by" "Next shows" "Harbour Nights")
        for i in "${!names[@]}"; do
            # shellcheck disable=SC2086  # the arguments hold no spaces
            "$bin" ${args[$i]} --db "$db" >"$cached/first.out" 2>&1 ||
                { cat "$cached/first.out" >&2; die "${names[$i]} failed"; }
            grep -q -- "${wants[$i]}" "$cached/first.out" ||
                { cat "$cached/first.out" >&2; die "${names[$i]} printed no '${wants[$i]}'"; }
            labels+=("${names[$i]}$2")
            commands+=("$bin ${args[$i]} --db $db")
            prepares+=(true)
        done
        goals+=(5 6 6 6 5)
    }
    add_cached "$planner" "" "$cached/planner.sqlite"
    [[ -z $compare ]] || add_cached "$compare" "$compare_suffix" "$cached/compare.sqlite"
    before=$(fakes_requests "$cached/fakes")

    measure cached

    during=$(($(fakes_requests "$cached/fakes") - before))
    cat "$cached/fakes/tmdb.requests" "$cached/fakes/finnkino.requests" >"$out/upstream-requests.txt"
    {
        echo "cached: DAY = $day; requests that reached the fake TMDb or Finnkino during the timing: $during$(
            [[ $during -eq 0 ]] && echo " (every answer from warm caches)." ||
                echo ": some runs were not answered from warm caches (bench-out/startup/upstream-requests.txt).")"
        echo
    } | tee -a "$out/table.md"
fi
