#!/usr/bin/env bash
# Every output of planner's film and showtimes commands and routes, written to files, so that two builds' outputs
# can be compared byte for byte: run it with the build before a change and with the build after, then --compare.
#
# Usage: Scripts/output-snapshot.sh [PLANNER_BIN] OUT_DIR     the snapshot of one binary (PLANNER_BIN, the first
#                                                              argument or the environment variable; planner-server
#                                                              beside it, for serve and users)
#        Scripts/output-snapshot.sh --compare DIR1 DIR2       prints the files that differ (with the start of each
#                                                              diff) and exits 1 when any does, 0 when none
# For example:
#   Scripts/output-snapshot.sh /tmp/before/planner bench-out/snapshot-before
#   Scripts/output-snapshot.sh .build/release/planner bench-out/snapshot-after
#   Scripts/output-snapshot.sh --compare bench-out/snapshot-before bench-out/snapshot-after
#
# A snapshot: the fake TMDb and Finnkino of the server tests on loopback, and planner run as the tests run it
# (Scripts/fake-upstreams.sh: settings {"region": "FI"}, OpenStreetMap's services on a closed loopback port), on a
# fresh database, settings and XDG folders. Films 100, 101 (now playing on the fake TMDb, shown by the fake Finnkino)
# and 103 (released in 10 days) go on the watchlist; then, twice in the same order (files 1-… on the first round,
# which asks the fakes, 2-… on the second, from warm caches): now-playing, upcoming-releases, showtimes and plan
# (for DAY, tomorrow on Helsinki's clock, --after 18:00), suggest, upcoming, watchlist list and the README's nearby
# search, each as a table and with --format json; NAME.out is stdout, NAME.err stderr, and exit-status.txt each
# exit status. Then `planner serve` on a database of its own, with a user (`planner users add`) who puts the same
# films on its watchlist, is asked twice: /healthz, /v1/theaters (the README's search), /v1/films/now-playing,
# /v1/showtimes, /v1/plan with the token and without, /v1/me/suggest and /v1/me/watchlist; http-NAME.body is the
# body, http-NAME.head the status line and headers. _meta.txt says which binary, when, and DAY; --compare skips it.
#
# Masked, in every file, because they depend on the clock rather than on the build: each age of a cached answer
# ("age_s": N → "age_s": <AGE>; "under a minute old", "N min old", "N h old", "N days old" → "<AGE> old"), when a
# film was put on a list ("added_at": "…" → "added_at": "<NOW>"), and the Date and Content-Length headers (the length
# changes with an age's digits; the body says the rest). Not masked, so the two snapshots should be taken on the
# same day, a few minutes apart: dates relative to today (the fake TMDb's releases, days until them) and suggest's
# next shows, which start from the current time (a show time on Helsinki's clock passing between the two snapshots,
# 17:00, 18:30, 19:00, 20:00 or 21:45, changes them; _meta.txt has the times, and --compare says so). Whether an
# answer came from the network or the cache ("origin", "from TMDb" / "from cache") is not masked either: with the
# same order of commands it is the same, unless the build changed what is cached.
#
# Environment: PLANNER_BIN (when not the first argument), STARTUP_TIMEOUT (60, seconds to wait for the server),
#   DIFF_LINES (20, lines of each diff --compare prints; 0 prints none).
# Needs: python3 (3.9+), curl, diff.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
die() { echo "output-snapshot: error: $*" >&2; exit 1; }
usage="usage: Scripts/output-snapshot.sh [PLANNER_BIN] OUT_DIR, or Scripts/output-snapshot.sh --compare DIR1 DIR2"

# --- --compare -----------------------------------------------------------------------------------------------
if [[ "${1:-}" == --compare ]]; then
    [[ $# -eq 3 ]] || die "$usage"
    a=$2 b=$3
    for d in "$a" "$b"; do [[ -f "$d/_meta.txt" ]] || die "$d is not a snapshot (no _meta.txt)"; done
    lines=${DIFF_LINES:-20}
    [[ "$lines" =~ ^[0-9]+$ ]] || die "DIFF_LINES must be a whole number, got '$lines'"
    differing=0 total=0
    while IFS= read -r name; do
        total=$((total + 1))
        if [[ ! -f "$a/$name" ]]; then
            echo "only in $b: $name"
        elif [[ ! -f "$b/$name" ]]; then
            echo "only in $a: $name"
        elif cmp -s "$a/$name" "$b/$name"; then
            continue
        else
            echo "differs: $name"
            if [[ "$lines" -gt 0 ]]; then
                diff -u --label "$a/$name" --label "$b/$name" "$a/$name" "$b/$name" | head -n "$lines" |
                    sed 's/^/    /' || true
            fi
        fi
        differing=$((differing + 1))
    done < <({ ls -A "$a"; ls -A "$b"; } | grep -vx '_meta.txt' | sort -u)
    if [[ $differing -eq 0 ]]; then
        echo "output-snapshot: all $total files are identical ($a, $b)"
        exit 0
    fi
    echo "output-snapshot: $differing of $total files differ"
    echo "the two snapshots:"
    for d in "$a" "$b"; do while IFS= read -r line; do echo "  $d: $line"; done <"$d/_meta.txt"; done
    python3 - "$a/_meta.txt" "$b/_meta.txt" <<'PY' || true
import sys
meta = [dict(l.rstrip("\n").split("=", 1) for l in open(p) if "=" in l) for p in sys.argv[1:]]
if meta[0].get("day") != meta[1].get("day"):
    print("note: the snapshots were taken on different days: dates relative to today differ")
times = sorted(m.get(k, "") for m in meta for k in ("helsinki_start", "helsinki_end"))
shows = [t for t in ("17:00", "18:30", "19:00", "20:00", "21:45") if times[0][-5:] <= t < times[-1][-5:]]
if shows and meta[0].get("day") == meta[1].get("day"):
    print(f"note: show times passed between the snapshots ({', '.join(shows)} Helsinki): suggest's next shows differ")
PY
    exit 1
fi

# --- a snapshot ----------------------------------------------------------------------------------------------
case $# in
    1) bin=${PLANNER_BIN:-}; dest=$1; [[ -n "$bin" ]] || die "no binary: give PLANNER_BIN or two arguments ($usage)" ;;
    2) bin=$1 dest=$2 ;;
    *) die "$usage" ;;
esac
[[ -x "$bin" && -f "$bin" ]] || die "$bin is not an executable file"
planner=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
STARTUP_TIMEOUT=${STARTUP_TIMEOUT:-60}
if [[ -e "$dest" ]]; then
    [[ -d "$dest" ]] || die "$dest is not a folder"
    if [[ -f "$dest/_meta.txt" ]]; then
        find "$dest" -mindepth 1 -maxdepth 1 -type f -delete  # an earlier snapshot: taken again
    elif [[ -n "$(ls -A "$dest")" ]]; then
        die "$dest is neither empty nor an earlier snapshot (no _meta.txt): give a new folder"
    fi
fi
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
for tool in python3 curl diff; do command -v "$tool" >/dev/null || die "$tool is missing"; done

# shellcheck source=Scripts/fake-upstreams.sh
. "$root/Scripts/fake-upstreams.sh"
work=$(mktemp -d)
server_pid=""
stop_server() {
    [[ -n "$server_pid" ]] || return 0
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
}
cleanup() {
    stop_server
    fakes_stop
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

helsinki_now() { TZ=Europe/Helsinki date '+%Y-%m-%d %H:%M'; }
started_utc=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
started_helsinki=$(helsinki_now)
# Tomorrow on the cinemas' clock (Europe/Helsinki), as YYYY-MM-DD: the fake Finnkino serves any day asked, and
# tomorrow's plan is the same whatever the hour (today's loses its shows as they start).
day=$(python3 -c 'import datetime, zoneinfo
print(datetime.datetime.now(zoneinfo.ZoneInfo("Europe/Helsinki")).date() + datetime.timedelta(days=1))') ||
    die "python3 could not tell tomorrow's date in Europe/Helsinki (zoneinfo needs the tzdata package)"
near=60.1699,24.9384

fakes_start "$work/fakes"
fakes_env "$work/cli"  # from here on, every planner run is pointed at the fakes, as in the tests
: >"$dest/exit-status.txt"

mask() {  # mask FILE…: the clock's figures replaced by placeholders, in place
    sed -E -i \
        -e 's/("age_s"[[:space:]]*:[[:space:]]*)[0-9]+/\1<AGE>/g' \
        -e 's/(under a minute|[0-9]+ min|[0-9]+ h|[0-9]+ days) old/<AGE> old/g' \
        -e 's/("added_at"[[:space:]]*:[[:space:]]*)"[^"]*"/\1"<NOW>"/g' \
        "$@"
}

cli() {  # cli NAME ARGS…: planner ARGS… into NAME.out and NAME.err; its exit status into exit-status.txt
    local name=$1 status=0
    shift
    "$planner" "$@" </dev/null >"$dest/$name.out" 2>"$dest/$name.err" || status=$?
    mask "$dest/$name.out" "$dest/$name.err"
    echo "$name $status" >>"$dest/exit-status.txt"
    [[ $status -eq 0 ]] || echo "output-snapshot: warning: planner $* exited $status (see $name.err)" >&2
}

http() {  # http NAME METHOD PATH [HEADER [BODY]]: the answer into http-NAME.body and http-NAME.head
    local name=$1 method=$2 path=$3 args=()
    [[ -z "${4:-}" ]] || args+=(-H "$4")
    [[ -z "${5:-}" ]] || args+=(-H 'Content-Type: application/json' --data-binary "$5")
    curl -s -X "$method" --max-time 120 -D "$work/head" -o "$dest/http-$name.body" "${args[@]}" "$base$path" ||
        die "curl $method $path failed (exit $?)"
    tr -d '\r' <"$work/head" | grep -viE '^(date|content-length):' >"$dest/http-$name.head" || true
    mask "$dest/http-$name.body" "$dest/http-$name.head"
    local status
    status=$(head -1 "$dest/http-$name.head" | awk '{print $2}')
    [[ "$status" == 2* ]] || echo "output-snapshot: warning: $method $path answered $status (see http-$name.body)" >&2
}

# --- the command line ----------------------------------------------------------------------------------------
echo "== planner's commands, on $work/cli (showtimes and plan for $day)" >&2
# A second apart: the lists sort by the time added, in whole seconds, then by title, so adds that straddle a second
# or not would order the list differently from one snapshot to the next.
for film in 100 101 103; do
    [[ $film == 100 ]] || sleep 1.1
    cli "watchlist-add-$film" watchlist add "$film"
done
for round in 1 2; do
    for format in table json; do
        suffix="" options=()
        [[ $format == table ]] || { suffix=-json; options=(--format json); }
        cli "$round-now-playing$suffix" now-playing --region FI "${options[@]}"
        cli "$round-upcoming-releases$suffix" upcoming-releases --region FI "${options[@]}"
        cli "$round-showtimes$suffix" showtimes --near "$near" --date "$day" "${options[@]}"
        cli "$round-plan$suffix" plan --near "$near" --date "$day" --after 18:00 "${options[@]}"
        cli "$round-suggest$suffix" suggest --near "$near" --region FI "${options[@]}"
        cli "$round-upcoming$suffix" upcoming --region FI "${options[@]}"
        cli "$round-watchlist-list$suffix" watchlist list "${options[@]}"
        cli "$round-nearby$suffix" nearby --near Helsinki --radius 0.5 --keyword "movie theatre" "${options[@]}"
    done
done

# --- planner serve -------------------------------------------------------------------------------------------
echo "== planner serve, on a database of its own" >&2
server_db="$work/server.sqlite"
token=$("$planner" users add snapshot --db "$server_db" 2>"$work/users-add.err" |
    sed -n 's/^token:[[:space:]]*\(plt_[A-Za-z0-9_-]*\)[[:space:]]*$/\1/p') || true
[[ -n "$token" ]] ||
    { cat "$work/users-add.err" >&2; die "'planner users add snapshot' printed no 'token: plt_…' line"; }
auth="Authorization: Bearer $token"
"$planner" serve --host 127.0.0.1 --port 0 --db "$server_db" --rate-limit 1000000 \
    >"$work/serve.stdout" 2>"$work/serve.stderr" &
server_pid=$!
serve_wait_listening "$server_pid" "$work/serve.stdout" "$work/serve.stderr"
for film in 100 101 103; do
    [[ $film == 100 ]] || sleep 1.1
    http "watchlist-add-$film" POST /v1/me/watchlist "$auth" "{\"id\":$film}"
done
for round in 1 2; do
    http "$round-healthz" GET /healthz
    http "$round-theaters" GET '/v1/theaters?near=Helsinki&radius=0.5&keyword=movie%20theatre'
    http "$round-now-playing" GET '/v1/films/now-playing?region=FI'
    http "$round-showtimes" GET "/v1/showtimes?near=$near&date=$day"
    http "$round-plan" GET "/v1/plan?near=$near&date=$day&after=18:00" "$auth"
    http "$round-plan-without-token" GET "/v1/plan?near=$near&date=$day&after=18:00"
    http "$round-suggest" GET "/v1/me/suggest?near=$near" "$auth"
    http "$round-watchlist" GET /v1/me/watchlist "$auth"
done
stop_server

# What a snapshot must show, or the comparison would be of two equally broken runs.
for check in "2-plan.out:Leave by" "2-suggest-json.out:\"next_shows\"" "2-showtimes.out:Kinopalatsi" \
    "2-now-playing.out:Northern Lights" "2-watchlist-list.out:Harbour Nights" "http-2-plan.body:\"leave_by\"" \
    "http-2-suggest.body:\"next_shows\"" "http-2-now-playing.body:Northern Lights"; do
    grep -q -- "${check#*:}" "$dest/${check%%:*}" ||
        echo "output-snapshot: warning: ${check%%:*} holds no '${check#*:}': is the setup right?" >&2
done

{
    echo "binary=$planner"
    echo "version=$("$planner" --version 2>&1 | head -1)"
    echo "day=$day"
    echo "utc_start=$started_utc"
    echo "helsinki_start=$started_helsinki"
    echo "helsinki_end=$(helsinki_now)"
    echo "upstream_requests=$(fakes_requests "$work/fakes")"
} >"$dest/_meta.txt"
echo "output-snapshot: $(find "$dest" -type f | wc -l) files in $dest" >&2
